/* SPDX-License-Identifier: MIT */
/*
 * sim/sim.h - the machine the scheduler runs on: virtual jiffies, CPUs,
 * timer ticks, sleeping tasks and their wake-ups.
 *
 * Not a port of a kernel file; it plays the part of the hardware and the
 * processes around kernel/sched.c, as LinSched's harness did for later
 * kernels.  Under a class with hrtimers (cfs, eevdf), the events that
 * fall between two ticks come first, in the order of their ns: sleepers
 * wake (wake_up_process()) and runs end at their time, and every CPU then
 * settles as in step 3.  Each tick of the virtual clock:
 *
 *   1. every CPU's current task runs for the tick (its run time is
 *      counted), then jiffies++ and scheduler_tick() on every CPU;
 *   2. sleepers whose time has come are woken (wake_up_process()), and
 *      tasks whose start delay is over are created and woken;
 *   3. on every CPU, a current task whose run event is over (its CPU
 *      time used, or a runtime's time passed, maybe while it waited)
 *      goes on with its program (sleeps, forks, yields or exits), and
 *      schedule() runs wherever need_resched is set.
 *
 * Single-threaded, this is exactly repeatable: the same workload, seed,
 * CPUs and HZ give the same trace, byte for byte.  Threaded, one pthread
 * per CPU runs steps 1 and 3 in parallel, with a barrier between steps
 * (the events between ticks run on the calling thread meanwhile),
 * so load_balance(), double_rq_lock() and the runqueue locks meet real
 * contention; runs are then no longer repeatable, only correct.
 *
 * The scheduler is a single machine per process (sched_init()), so one
 * simulation exists at a time.
 */
#ifndef KSTRUCT_SIM_SIM_H
#define KSTRUCT_SIM_SIM_H

#include <stdbool.h>
#include <stdio.h>

#include <kstruct/compat/check.h>
#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

struct sim;
struct sim_workload;
struct sim_report;
struct sched_class;
struct sim_trace_task;
struct sched_reason;
struct sched_snapshot;

/**
 * struct sim_why - why a switch happened, for an observer's @why
 * @out: why the task switched out still runnable is leaving, as its
 *	class noted it (struct sched_reason; kind SCHED_WHY_NONE when none)
 * @pick: why the class picked the task switched in
 * @event: when the task switched out sleeps or blocks: the workload's
 *	event that made it ("sleep", "timer", "lock", "wait", "barrier",
 *	"sem_wait"), else NULL
 * @resource: that event's timer or resource name, or NULL
 * @usec: a "sleep" event's length in microseconds (0 otherwise)
 * @queue: when the observer asked for it (@queue_at_pick), the CPU's
 *	runqueue as the pick left it, before anything else changed it
 *	(sched_snapshot_locked(): the values the pick compared, the task
 *	switched in as "curr"), valid during the call only; else NULL
 */
struct sim_why {
	const struct sched_reason *out;
	const struct sched_reason *pick;
	const char *event;
	const char *resource;
	unsigned long long usec;
	const struct sched_snapshot *queue;
};

/**
 * struct sim_observer - callbacks that watch a run (each may be NULL)
 * @switch_to: at @tick, @cpu switched from @prev, which left in
 *	@prev_state (as sim_trace_switch() has it: 'R', 'S', 'Z', ...), to
 *	@next; the idle task is pid 0
 * @wakeup: at @tick, @p became runnable on @cpu; @first for the first
 *	activation of a new task (its start, or a fork)
 * @migrate: at @tick, @p moved from @src_cpu's runqueue to @dst_cpu's,
 *	for the reason @why the mover gave (struct sched_reason, kind enum
 *	sched_migrate_kind: the balancer and its rule; never NULL)
 * @why: called just before @switch_to, with the reasons of that switch
 * @yield: at @tick, @p, the current task of @cpu, calls sched_yield()
 *	(a switch may follow, or not when nothing else can run)
 * @tick: the machine is at rest after tick @tick of @total (0: after
 *	the start, before the first tick); the observer may read it, e.g.
 *	with sched_snapshot().  Return: 0 to go on, or a negative errno
 *	that stops the run (sim_step() and sim_run() return it)
 * @data: passed back to every callback
 * @queue_at_pick: give @why the runqueue at the pick (sim_why @queue), a
 *	snapshot per switch (taken before the trace lock, under the CPU's
 *	runqueue lock)
 *
 * The event callbacks run inside the scheduler's hooks, with runqueue
 * locks held (they must not call into the scheduler), one at a time and
 * in the order of the ftrace text (--trace), also in threaded runs.
 * @tick runs on the thread that called sim_run(), with no lock held.
 * The events' times are in the run's clock units, as its report's
 * (sim_report.clock_hz): ticks under o1 and goodness, microseconds under
 * cfs and eevdf (hrtimers); @tick's @tick and @total are ticks.
 */
struct sim_observer {
	void (*switch_to)(unsigned long long tick, unsigned int cpu,
			  const struct sim_trace_task *prev, char prev_state,
			  const struct sim_trace_task *next, void *data);
	void (*wakeup)(unsigned long long tick, unsigned int cpu,
		       const struct sim_trace_task *p, int first, void *data);
	void (*migrate)(unsigned long long tick, const struct sim_trace_task *p,
			unsigned int src_cpu, unsigned int dst_cpu,
			const struct sched_reason *why, void *data);
	void (*yield)(unsigned long long tick, unsigned int cpu,
		      const struct sim_trace_task *p, void *data);
	void (*why)(unsigned long long tick, unsigned int cpu,
		    const struct sim_why *why, void *data);
	int (*tick)(unsigned long long tick, unsigned long long total,
		    void *data);
	void *data;
	bool queue_at_pick;
};

/* sim_options.max_tasks when it is 0 */
#define SIM_DEFAULT_MAX_TASKS 4000000ul

/**
 * struct sim_options - how to run a workload
 * @nr_cpus: CPUs (1..SIM_MAX_CPUS); 0 means 4
 * @hz: ticks per second; 0 means the HZ of the kernel @sched_class models
 *	(sched_class_hz(): goodness 100, o1 1000, cfs and eevdf 250)
 * @seed: seeds the random run and sleep times
 * @duration_usec: simulated time; 0 means the workload's, or 2 s
 * @threaded: one pthread per CPU
 * @trace: ftrace text goes here, or NULL
 * @trace_path: the name of @trace's file, for messages (may be NULL)
 * @chrome: Chrome trace-event JSON goes here, or NULL
 * @chrome_path: the name of @chrome's file, for messages (may be NULL)
 * @max_tasks: tasks ever created, forks beyond it are refused; 0 means
 *	SIM_DEFAULT_MAX_TASKS
 * @check_every_tick: run sim_check() after every tick; a failure stops
 *	the run with -EUCLEAN, once sim_check() has reported the violation
 *	through the check handler (compat/check.h)
 * @measure_cost: time the calls into the scheduler (struct sim_cost in
 *	the report); it does not change what the run does
 * @progress: called every ~1% of the run with ticks done and total, or
 *	NULL
 * @progress_arg: passed to @progress
 * @sched_class: the scheduling class the machine runs (sched/class.h:
 *	sched_class_find(), sched_classes[]); NULL means o1
 * @observer: callbacks told of every switch, wake-up, migration and
 *	yield and of the end of every tick, or NULL; it must outlive the
 *	simulation
 * @sockets: the machine's topology for cfs and eevdf, which build their
 *	sched domains (SMT, MC, PKG) from it: sockets ...
 * @cores: ... times cores per socket ...
 * @threads: ... times SMT threads per core, @nr_cpus in all; all three
 *	0: one MC domain of @nr_cpus CPUs (o1 and goodness have no domains)
 */
struct sim_options {
	unsigned int nr_cpus;
	unsigned int hz;
	unsigned long long seed;
	unsigned long long duration_usec;
	int threaded;
	FILE *trace;
	const char *trace_path;
	FILE *chrome;
	const char *chrome_path;
	unsigned long max_tasks;
	int check_every_tick;
	int measure_cost;
	void (*progress)(unsigned long long done, unsigned long long total,
			 void *arg);
	void *progress_arg;
	const struct sched_class *sched_class;
	const struct sim_observer *observer;
	unsigned int sockets, cores, threads;
};

/* the longest run sim_create() accepts: duration x HZ, in ticks */
#define SIM_MAX_TICKS 1000000000ull

/**
 * sim_total_ticks() - how many ticks a run of @wl with @opt lasts
 * @wl: the workload (its duration counts when @opt gives none)
 * @opt: the options, defaults not yet filled in
 *
 * Return: the duration (the option's, else the workload's, else 2 s) times
 * HZ, rounded to the nearest tick and at least 1; ULLONG_MAX when that
 * overflows.
 */
unsigned long long sim_total_ticks(const struct sim_workload *wl,
				   const struct sim_options *opt);

/**
 * sim_create() - build the machine and the workload's initial tasks
 * @wl: the workload (parsed for at least @opt->nr_cpus CPUs); it must
 *	outlive the simulation
 * @opt: the options
 * @out: the simulation
 *
 * Sets HZ and jiffies, calls sched_init_class() with @opt->sched_class,
 * installs the trace hooks, and
 * queues the initial tasks to start at their delay (at tick 0 they are
 * created on the lowest CPU they may use, as if a shell there had started
 * them, so the balancer has work to do).
 *
 * Context: no other simulation or scheduler machine may exist.
 * Return: 0, -EINVAL (bad options, a class that is not selectable, or a
 * task's cpus or affinity event names no CPU of the machine), -ERANGE (the
 * run would last more than SIM_MAX_TICKS ticks), -EBUSY (a machine
 * exists), -EFBIG (the initial tasks exceed @opt->max_tasks), -ENOMEM, or
 * the error of writing a trace's header; nothing is left
 * allocated on failure.
 */
int sim_create(const struct sim_workload *wl, const struct sim_options *opt,
	       struct sim **out);

/**
 * sim_step() - simulate one tick (single-threaded simulations only)
 * @s: the simulation
 *
 * Return: 1 when a tick ran, 0 when the duration is over, -EINVAL for a
 * threaded simulation, -EUCLEAN when @opt->check_every_tick is set and
 * sim_check() failed (its report went through the check handler),
 * -ENOMEM, the error of a trace write that failed during the tick
 * (sim_output_failed() names the file), or the error the observer's
 * @tick returned.  An error stops the run for good: the tick it came from
 * is left half done, and every later sim_step() or sim_run() returns the
 * same error.  sim_report() and sim_destroy() still work.
 */
int sim_step(struct sim *s);

/**
 * sim_run() - simulate until the duration is over
 * @s: the simulation
 *
 * Return: 0, or the first error of sim_step() (the threaded mode runs its
 * own loop and returns the same values), -EAGAIN when the threaded mode
 * cannot start its threads, or the error of the trace write that failed
 * (-ENOSPC, -EIO, ...: sim_output_failed() names the file).
 */
int sim_run(struct sim *s);

/**
 * sim_output_failed() - the trace file whose write stopped the run
 * @s: the simulation
 *
 * Return: its name (@opt->trace_path or @opt->chrome_path, or a
 * description when those were NULL), or NULL when no write failed.
 */
const char *sim_output_failed(const struct sim *s);

/**
 * sim_check() - the invariants of the machine and of the simulation
 * @s: the simulation, between ticks
 *
 * sched_check() and process_tree_check() (which run each class's own
 * checker), then: the simulator's own sleeper lists pass list_check();
 * every task the simulator believes runnable is queued (task_queued())
 * and every sleeper is not; the sum of
 * nr_running over the runqueues equals the number of runnable tasks; a
 * CPU's current task is its idle task or a runnable one.  After an
 * error stopped the run (sim_step()), the machine alone is checked: the
 * scheduler's and the process tree's invariants hold between any two
 * scheduler calls, the simulator's books only between ticks.  Reports the
 * first violation through the check handler with the caller's file:line
 * (compat/check.h); never aborts.  A NULL @s is reported as such.
 *
 * Context: takes the runqueue locks and tasklist_lock, as sched_check()
 * and process_tree_check() do.
 * Return: true when every invariant holds.
 */
bool sim_check(struct sim *s);
#define sim_check(s) CHECK_CALLER(sim_check, (s))

/**
 * sim_warning() - what the machine's class does not model of the workload
 * @s: the simulation
 * @i: 0, 1, ...
 *
 * The workload's own warnings (sim_workload.warnings) do not depend on the
 * class; these do: its task groups (run by cfs and eevdf only), its
 * SCHED_BATCH and SCHED_IDLE tasks (cfs and eevdf give them their
 * meaning, the others run them as SCHED_OTHER), a fair task's dl-runtime
 * (eevdf's custom slice).  One line per kind (SCHED_BATCH and SCHED_IDLE
 * each one of their own), as "workload: key: what".
 *
 * Return: the @i-th line, NULL past the last; valid until sim_destroy().
 */
const char *sim_warning(const struct sim *s, unsigned int i);

/**
 * sim_error() - why a run failed, when the simulator can say more than
 *	the error number
 * @s: the simulation
 *
 * Today: a SCHED_DEADLINE task that admission control refused ("task X:
 * SCHED_DEADLINE admission control refused 40.0% (sum would be 120.0%
 * of 95.0%): -EBUSY"), when sim_run() returned -EBUSY.
 *
 * Return: the message, or NULL; valid until sim_destroy().
 */
const char *sim_error(const struct sim *s);

/**
 * sim_ticks() - ticks simulated so far
 * @s: the simulation
 *
 * Return: the count.
 */
unsigned long long sim_ticks(const struct sim *s);

/**
 * sim_events() - simulator events so far
 * @s: the simulation
 *
 * What struct sim_report counts as events: a tick of each CPU, and each
 * switch, wake-up and migration; cheap enough to read between steps.
 *
 * Return: the count.
 */
unsigned long long sim_events(const struct sim *s);

/**
 * sim_report() - the measurements so far
 * @s: the simulation
 *
 * Brings the wait times up to date and computes the latency percentiles.
 * The report belongs to @s and stays valid until sim_destroy().
 *
 * Return: the report, or NULL when out of memory.
 */
const struct sim_report *sim_report(struct sim *s);

/**
 * sim_destroy() - stop the machine and free everything (or NULL)
 * @s: the simulation
 */
void sim_destroy(struct sim *s);

/**
 * sim_memory_bytes() - bytes the simulation's own structures use
 * @s: the simulation
 *
 * Return: the simulator's allocations (tasks, tables), not counting the
 * scheduler's task_structs.
 */
unsigned long long sim_memory_bytes(const struct sim *s);

/**
 * struct sim_memory - where the bytes of a simulation's tasks go
 * @nr_tasks: the simulator's tasks (one record each, exited or not)
 * @task_struct_size: sizeof(struct task_struct)
 * @task_struct_slab_bytes: the task_struct cache's slabs
 *	(task_struct_slab_bytes())
 * @record_size: the simulator's per-task record (its counters, struct
 *	sim_task_stats, included)
 * @stats_size: sizeof(struct sim_task_stats), of @record_size
 * @record_slab_bytes: the slabs that hold the records
 * @latency_bytes: the latency lists beyond the records (kmalloc()'s
 *	header and malloc()'s overhead not counted)
 * @other_bytes: the rest of the simulator's own allocations: the
 *	simulation, its table of record blocks, timers, resources, task
 *	groups
 */
struct sim_memory {
	unsigned long nr_tasks;
	size_t task_struct_size;
	size_t task_struct_slab_bytes;
	size_t record_size;
	size_t stats_size;
	size_t record_slab_bytes;
	unsigned long long latency_bytes;
	unsigned long long other_bytes;
};

/**
 * sim_memory() - the account of where @s's memory goes, now
 * @s: the simulation
 * @m: filled
 *
 * Context: the machine at rest (between steps).
 */
void sim_memory(const struct sim *s, struct sim_memory *m);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_SIM_SIM_H */
