/* SPDX-License-Identifier: MIT */
/*
 * sched/class.h - one interface, four generations of the Linux scheduler.
 *
 * Modelled on the kernel's struct sched_class (include/linux/sched.h of
 * 2.6.23, kernel/sched/sched.h since 3.3): a table of hooks per
 * scheduling policy, one const instance per class.  The core
 * (sched/sched.c: schedule(), scheduler_tick(), try_to_wake_up(), ...)
 * calls through the table of the task or runqueue at hand and never asks
 * which class it holds.  The classes:
 *
 *   goodness  Linux 2.4 / 2.5.0: one global run list under one lock, the
 *             O(n) goodness() walk, counters recalculated over every task
 *             (sched/goodness.c)
 *   o1        Linux 2.5.33, the default: the priority arrays of
 *             sched/sched.c, unchanged
 *   cfs       Linux 6.1's Completely Fair Scheduler (sched/fair.c)
 *   eevdf     Linux 6.12's Earliest Eligible Virtual Deadline First
 *             (sched/fair.c)
 *
 * and three that are not selectable on their own:
 *
 *   deadline  SCHED_DEADLINE of Linux 6.12: EDF, the CBS, admission
 *             control, global EDF (sched/deadline.c)
 *   rt        SCHED_FIFO and SCHED_RR with 2.5.33's semantics, on a
 *             priority array per CPU (sched/rt.c)
 *   idle      the end of every chain: it has no task to queue and picks
 *             the CPU's idle task (sched/idle.c)
 *
 * A machine runs one selectable class, chosen at sched_init_class(), in
 * a chain of classes asked highest first, as the kernel's
 * for_each_class() asks them: deadline, rt, the selected class, idle.  A
 * class above the selected one is left out of the chain when the
 * selected class takes one of its policies itself: o1 schedules
 * real-time tasks itself, as 2.5.33 did, so its chain is deadline, o1,
 * idle.  Every task gets the
 * class of its policy from that chain (its highest class that takes the
 * policy) and keeps it in task_struct.sched_class.  Class state lives
 * beside the 2.5.33 fields, as in the kernel: struct sched_entity in
 * task_struct and struct cfs_rq in struct runqueue for cfs and eevdf,
 * counter and nice in task_struct and struct goodness_rq in struct
 * runqueue for goodness.  What a class can do beyond its hooks (task
 * groups, custom slices, its HZ) is a field of it: nothing asks which
 * class runs.
 *
 * Who calls what, and the locks held (docs/sched.md has the whole
 * table): every hook runs with the lock of @rq held (two runqueue locks
 * for the balancing hooks), never with tasklist_lock unless said.  A
 * hook may drop and retake @rq's lock only where its description says
 * so; the core then re-reads rq->curr.  The idle task has no class: the
 * core never passes it to a hook.
 */
#ifndef KSTRUCT_SCHED_CLASS_H
#define KSTRUCT_SCHED_CLASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <kstruct/compat/export.h>
#include <kstruct/sched/sched.h>

KSTRUCT_EXPORT_BEGIN

/* enqueue_task() flags (the kernel's names) */
#define ENQUEUE_WAKEUP 0x01 /* try_to_wake_up() */
#define ENQUEUE_RESTORE 0x02 /* back after set_user_nice(), ... */
#define ENQUEUE_MOVE 0x04 /* ... into another group */
#define ENQUEUE_MIGRATED 0x40 /* moved here from another CPU */
#define ENQUEUE_INITIAL 0x80 /* first activation of a new task */

/* dequeue_task() flags */
#define DEQUEUE_SLEEP 0x01 /* schedule(): it no longer runs */
#define DEQUEUE_SAVE 0x02 /* requeued at once (nice, policy) */
#define DEQUEUE_MOVE 0x04 /* ... in another task group */

/* check_preempt_curr() flags (the kernel's wake flags) */
#define WF_SYNC 0x01 /* the waker is about to sleep */
#define WF_FORK 0x02 /* a new task's first wake-up */
#define WF_MIGRATED 0x04 /* moved here by balancing */
#define WF_TTWU 0x10 /* select_task_rq(): a wake-up */

/* pick_next_task(): the runqueue lock was dropped, ask the chain again */
#define RETRY_TASK ((struct task_struct *)-1)

/**
 * struct sched_counter - a per-CPU counter a class keeps
 * @name: its name in reports ("array_switches")
 * @label: a short column title for the text report ("arrsw")
 * @offset: where the unsigned long lives in the runqueue, whose layout is
 *	the library's own (sched/rq.h): read it with sched_counter_value()
 */
struct sched_counter {
	const char *name;
	const char *label;
	size_t offset;
};

struct sched_snapshot;
struct sched_snapshot_queue;

/* most counters a class (with the rest of its chain) reports */
#define SCHED_MAX_COUNTERS 6

/**
 * struct sched_class - the hooks of one scheduling class
 * @name: "goodness", "o1", "cfs", "eevdf" (or "rt", "idle")
 * @policies: bit n set when the class schedules policy n (SCHED_OTHER,
 *	SCHED_FIFO, ...); the chain gives a policy to its highest class
 *	that takes it
 * @policies_as_other: of @policies, those the class runs as SCHED_OTHER
 *	(o1 and goodness: SCHED_BATCH and SCHED_IDLE); the simulator warns
 * @hz: the HZ of the kernel the class models (sched_class_hz()); 0 for a
 *	class that is not selectable
 * @task_groups: the class runs task groups (sched_move_task()) and
 *	queues its tasks as struct sched_entity
 * @custom_slice: the class honours a custom slice
 *	(sched_set_custom_slice()); the others keep it unused
 * @series: the fields of its snapshot's task objects that explorers
 *	chart over time ("vruntime", ...), ending with NULL; NULL for none
 * @series_queue: the field of its snapshot's queue object charted beside
 *	them ("min_vruntime"), or NULL
 * @init: build the class's machine-wide state for @nr_cpus CPUs (after
 *	the runqueues, before any task); may be NULL
 * @exit: undo @init at sched_teardown(); may be NULL
 * @rq_init: initialise the class's part of @rq (sched_init_class());
 *	may be NULL
 * @enqueue_task: @p becomes runnable on @rq (activate_task(): wake-up,
 *	first start, migration, requeue after a change); ENQUEUE_* @flags.
 *	The core has already counted it in rq->nr_running.
 * @dequeue_task: @p stops being runnable on @rq (deactivate_task());
 *	DEQUEUE_* @flags.  @p may be the running task: it stays rq->curr
 *	until schedule() switches away (or a migration thread has already
 *	made the idle task current, see sched/sched.c move_task_away()).
 * @yield_task: the running task of @rq yields (sys_sched_yield())
 * @check_preempt_curr: @p has just been queued on @rq: set need_resched
 *	where it should run (on @rq's current task, or on another CPU for a
 *	class with one queue for all CPUs); WF_* @flags
 * @pick_next_task: choose what @rq runs next among this class's tasks,
 *	@prev being the task running until now (maybe of another class, or
 *	the idle task); NULL when the class has nothing.  Choosing may
 *	change the class's queues (o1 switches its arrays) and may drop and
 *	retake @rq's lock (goodness takes over a task from another CPU, or
 *	recalculates): then it returns RETRY_TASK and the core asks the
 *	chain again from the top
 * @put_prev_task: @prev, of this class, stops running on @rq: @next
 *	(another task, chosen by @pick_next_task) replaces it, or @next is
 *	@prev itself when setscheduler() requeues the running task; may be
 *	NULL
 * @set_curr_task: @next, of this class, starts running on @rq (also
 *	when setscheduler() requeues the running task); may be NULL
 * @task_tick: a timer tick while @curr, of this class, runs on @rq:
 *	account it, set need_resched, balance on the class's cadence (may
 *	drop and retake @rq's lock)
 * @task_fork: set up the class's state of a new task @p: a fork of
 *	@parent (whose runqueue lock is held), or a fresh task when @parent
 *	is NULL (no lock held; @p is not yet visible to anyone).  Return: 0,
 *	1 when the parent must be ticked at once (2.5.33's one-tick parent),
 *	or -EINVAL to refuse the fork (nothing changed)
 * @sched_exit: @p, of this class, is reaped by @parent: give back what
 *	the class lends a child (the locks of both runqueues held); may be
 *	NULL
 * @set_nice: @p's nice becomes @nice (set_user_nice()); the class updates
 *	static_prio, its own state and need_resched
 * @prio_changed: after setscheduler() requeued @p (with @oldprio its
 *	prio before): reschedule if needed; may be NULL (2.5.33 did not)
 * @setattr: @p (dequeued, not running) enters or stays in this class
 *	with @attr (sched_setattr()): check the class's parameters and take
 *	them (admission control).  Return: 0, or -EINVAL / -EBUSY with
 *	nothing changed.  May be NULL: the class has no parameters
 * @switched_from: @p (dequeued, not running) leaves this class for
 *	another (setscheduler(), sched_setattr()): give back what it holds
 *	(a deadline task's bandwidth).  May be NULL
 * @timer_tick: a timer tick on @rq's CPU, whatever runs there: fire the
 *	class's timers that are due (the kernel's hrtimers, run at the tick
 *	here) and balance on them.  May drop and retake @rq's lock.  May be
 *	NULL
 * @migrate_task_rq: @p, of this class, is about to change its CPU to
 *	@new_cpu (set_task_cpu(); the old CPU's runqueue lock held); may be
 *	NULL
 * @select_task_rq: the CPU @p should run on: a waking task
 *	(try_to_wake_up(), WF_TTWU, with WF_SYNC when the waker is about to
 *	sleep) or a new one (select_task_rq() for the caller of
 *	wake_up_forked_process(), WF_FORK); @cpu is the CPU waking or
 *	forking it.  Context: @p's runqueue lock held for a wake-up, none
 *	for a new task; other CPUs are read without their locks.  Return:
 *	an online CPU @p may run on.  May be NULL: a woken task stays on its
 *	CPU, a new one starts where its caller says
 * @load_balance: pull tasks of this class to @this_rq from a busier CPU;
 *	@idle nonzero when @this_rq has nothing to run.  Context: @this_rq
 *	locked; may drop and retake that lock.  Return: tasks pulled.  May
 *	be NULL
 * @task_queued: is @p runnable in this class (queued, or running)?  The
 *	kernel's p->on_rq.  Context: @p's runqueue lock, or the machine at
 *	rest between ticks
 * @rq_check: verify the class's invariants on @rq, for sched_check()
 *	(every runqueue lock held), and store in *@nr_queued the number of
 *	this class's tasks @rq counts in nr_running.  Reports its first
 *	violation with check_fail() (compat/check.h), which names
 *	sched_check()'s caller.  Return: true when sound (*@nr_queued is
 *	then set).  NULL for a class that queues nothing (idle)
 * @snapshot: copy @rq's queue of this class into @q, a queue of the
 *	snapshot @snap (its @sched_class and @kind, and the part of struct
 *	sched_snapshot_queue of that kind), allocating with
 *	sched_snapshot_alloc(), which sched_snapshot_free() frees.  Context:
 *	@rq locked.  Return: 0; 1 when the class has nothing to show on this
 *	machine (no queue is shown, @q is left unset); or -ENOMEM.  May be
 *	NULL (idle)
 * @counters: the per-CPU counters reports print, ending with a NULL name
 * @hrtimers: the kernel the class models has high-resolution timers
 *	(Linux 6.x: cfs, eevdf): a machine running it wakes sleepers and ends
 *	runs at their nanosecond, and its wake-ups preempt then; false
 *	(goodness, o1: 2.4 and 2.5.33 had jiffy timers) when a sleep ends at
 *	a tick.  Read by the simulator (sim/sim.c); the tick stays the only
 *	point of tick preemption either way (no HRTICK)
 *
 * The idle class defines @name and @pick_next_task only: it is never a
 * task's class.
 */
struct sched_class {
	const char *name;
	unsigned long policies;
	unsigned long policies_as_other;
	unsigned int hz;
	bool task_groups;
	bool custom_slice;
	const char *const *series;
	const char *series_queue;

	int (*init)(int nr_cpus);
	void (*exit)(void);
	void (*rq_init)(struct runqueue *rq);

	void (*enqueue_task)(struct runqueue *rq, struct task_struct *p,
			     int flags);
	void (*dequeue_task)(struct runqueue *rq, struct task_struct *p,
			     int flags);
	void (*yield_task)(struct runqueue *rq);
	void (*check_preempt_curr)(struct runqueue *rq, struct task_struct *p,
				   int flags);
	struct task_struct *(*pick_next_task)(struct runqueue *rq,
					      struct task_struct *prev);
	void (*put_prev_task)(struct runqueue *rq, struct task_struct *prev,
			      struct task_struct *next);
	void (*set_curr_task)(struct runqueue *rq, struct task_struct *next);
	void (*task_tick)(struct runqueue *rq, struct task_struct *curr);
	int (*task_fork)(struct task_struct *p, struct task_struct *parent);
	void (*sched_exit)(struct task_struct *p, struct task_struct *parent);
	void (*set_nice)(struct runqueue *rq, struct task_struct *p, long nice);
	void (*prio_changed)(struct runqueue *rq, struct task_struct *p,
			     int oldprio);
	int (*setattr)(struct runqueue *rq, struct task_struct *p,
		       const struct sched_attr *attr);
	void (*switched_from)(struct runqueue *rq, struct task_struct *p);
	void (*timer_tick)(struct runqueue *rq);
	void (*migrate_task_rq)(struct task_struct *p, int new_cpu);
	int (*select_task_rq)(struct task_struct *p, int cpu, int wake_flags);
	int (*load_balance)(struct runqueue *this_rq, int idle);

	bool (*task_queued)(const struct task_struct *p);
	bool (*rq_check)(struct runqueue *rq, unsigned long *nr_queued);
	int (*snapshot)(struct runqueue *rq, struct sched_snapshot *snap,
			struct sched_snapshot_queue *q);
	const struct sched_counter *counters;
	bool hrtimers;
};

/* the classes (one const instance each) */
extern const struct sched_class goodness_sched_class;
extern const struct sched_class o1_sched_class;
extern const struct sched_class cfs_sched_class;
extern const struct sched_class eevdf_sched_class;
extern const struct sched_class dl_sched_class;
extern const struct sched_class rt_sched_class;
extern const struct sched_class idle_sched_class;

/*
 * The selectable classes in generation order (goodness, o1, cfs, eevdf),
 * ending with NULL:
 *
 *	for (i = 0; sched_classes[i]; i++)
 *		puts(sched_classes[i]->name);
 */
extern const struct sched_class *const sched_classes[];

/**
 * sched_class_find() - a selectable class by name
 * @name: "goodness", "o1", "cfs" or "eevdf"
 *
 * Return: the class, or NULL for any other name (NULL included).
 */
const struct sched_class *sched_class_find(const char *name);

/**
 * sched_class_named() - any class of a chain by name
 * @name: a selectable class's name, or "deadline", "rt", "idle"
 *
 * Return: the class, or NULL for any other name (NULL included).
 */
const struct sched_class *sched_class_named(const char *name);

/**
 * sched_class_hz() - the HZ of the kernel a class models
 * @sclass: a selectable class; NULL means o1
 *
 * What the simulator runs a class at unless told otherwise: goodness 100
 * (Linux 2.4 on x86), o1 1000 (2.5.33 on x86), cfs and eevdf 250
 * (CONFIG_HZ of Debian's 6.1 and 6.12 kernels).
 *
 * Return: ticks per second.
 */
unsigned int sched_class_hz(const struct sched_class *sclass);

/**
 * sched_class_names() - the selectable names for a message
 * @buf: where they go, separated by ", " ("goodness, o1, cfs, eevdf"):
 *	as many whole names as fit
 * @len: size of @buf
 *
 * Return: @buf.
 */
char *sched_class_names(char *buf, size_t len);

/**
 * struct sched_policy - one scheduling policy's names: the one table the
 *	workload parser, the simulator's report and the snapshots read
 * @policy: its SCHED_* value
 * @name: its name in <sched.h> ("SCHED_OTHER")
 * @alias: its other name, or NULL ("SCHED_NORMAL", the kernel's)
 * @label: its short name in reports ("NORMAL")
 */
struct sched_policy {
	int policy;
	const char *name;
	const char *alias;
	const char *label;
};

/* the policies, SCHED_OTHER first, ending with a NULL @name */
extern const struct sched_policy sched_policies[];

/**
 * sched_policy_find() - a policy by its name or alias
 * @name: "SCHED_OTHER", "SCHED_NORMAL", "SCHED_FIFO", ...
 *
 * Return: its entry, or NULL for any other name (NULL included).
 */
const struct sched_policy *sched_policy_find(const char *name);

/**
 * sched_policy_get() - a policy's entry by its value
 * @policy: a SCHED_* value
 *
 * Return: its entry, or NULL for a value no policy has.
 */
const struct sched_policy *sched_policy_get(int policy);

/**
 * sched_policy_names() - every name and alias for a message
 * @buf: where they go, as "SCHED_OTHER, SCHED_NORMAL, ... or
 *	SCHED_DEADLINE" (as many whole names as fit)
 * @len: size of @buf
 *
 * Return: @buf.
 */
char *sched_policy_names(char *buf, size_t len);

/**
 * sched_init_class() - build a machine of @nr_cpus CPUs run by @sclass
 * @nr_cpus: CPUs online, 1..NR_CPUS
 * @sclass: a selectable class (sched_classes[]); NULL means o1
 *
 * As sched_init(), which is sched_init_class(@nr_cpus, &o1_sched_class).
 *
 * Context: no machine may exist.
 * Return: 0, -EINVAL (bad @nr_cpus, or @sclass is not selectable),
 * -EBUSY, -ENOMEM or -EAGAIN with nothing left allocated.
 */
int sched_init_class(int nr_cpus, const struct sched_class *sclass);

/**
 * sched_current_class() - the selectable class the machine runs
 *
 * Return: the class given to sched_init_class(), NULL when no machine
 * exists.
 */
const struct sched_class *sched_current_class(void);

/**
 * task_queued() - is @p runnable (queued, or running) on its runqueue?
 * @p: a task (not an idle task)
 *
 * The class's @task_queued; what the kernel calls p->on_rq.
 *
 * Context: @p's runqueue lock held, or the machine at rest.
 * Return: true when queued.
 */
bool task_queued(const struct task_struct *p);

/**
 * select_task_rq() - where a task of the machine should start or go
 * @p: a task
 * @cpu: the CPU starting or waking it, where it goes by default
 * @wake_flags: WF_FORK for a new task (before wake_up_forked_process()),
 *	WF_TTWU for a wake-up, with WF_SYNC
 *
 * Its class's @select_task_rq (cfs and eevdf: Linux 6.x's placement over
 * the machine's sched domains); @cpu for a class without one.
 *
 * Context: for WF_FORK, @p not yet started (no lock held).
 * Return: the CPU.
 */
int select_task_rq(struct task_struct *p, int cpu, int wake_flags);

/**
 * sched_counter_value() - one of a CPU's class counters
 * @cpu: an online CPU
 * @counter: an entry of a class's @counters
 *
 * Return: its value on @cpu's runqueue (read without the lock: for
 * reports between ticks).
 */
unsigned long sched_counter_value(int cpu, const struct sched_counter *counter);

/**
 * sched_counters() - the counters reports show for a machine
 * @sclass: a selectable class
 * @out: room for SCHED_MAX_COUNTERS pointers
 *
 * The class's own counters, then those of the other classes of its
 * chain, highest first.
 *
 * Return: how many were written.
 */
unsigned int sched_counters(const struct sched_class *sclass,
			    const struct sched_counter **out);

/* ------------------------------------------------------------ snapshots */

/**
 * struct sched_snapshot_task - a task as a snapshot shows it
 * @pid: its pid
 * @comm: its name
 * @policy: SCHED_OTHER, SCHED_FIFO, ...
 * @prio: its dynamic priority
 * @nice: its nice level
 */
struct sched_snapshot_task {
	int pid;
	char comm[TASK_COMM_LEN];
	int policy;
	int prio;
	int nice;
};

/**
 * struct sched_snapshot_prio_task - a task of a priority array (o1, rt)
 * @task: the task
 * @time_slice: ticks left of its slice
 * @sleep_avg: its interactivity estimate, in ticks
 * @first_time_slice: 1 until its first slice after fork ends
 */
struct sched_snapshot_prio_task {
	struct sched_snapshot_task task;
	unsigned int time_slice;
	unsigned long sleep_avg;
	unsigned int first_time_slice;
};

/**
 * struct sched_snapshot_prio_queue - one non-empty queue of an array
 * @prio: its priority (the bitmap bit)
 * @tasks: its tasks, in queue order (the next to run first)
 * @nr_tasks: how many
 */
struct sched_snapshot_prio_queue {
	int prio;
	struct sched_snapshot_prio_task *tasks;
	unsigned int nr_tasks;
};

/**
 * struct sched_snapshot_array - a struct prio_array
 * @name: "active" or "expired"
 * @nr_active: tasks queued in it
 * @bitmap: its bitmap, word by word (bit MAX_PRIO always set)
 * @queues: its non-empty queues, by priority, best first
 * @nr_queues: how many
 */
struct sched_snapshot_array {
	const char *name;
	int nr_active;
	unsigned long bitmap[BITMAP_SIZE];
	struct sched_snapshot_prio_queue *queues;
	unsigned int nr_queues;
};

/**
 * struct sched_snapshot_prio_arrays - a queue of kind
 *	SCHED_SNAPSHOT_PRIO_ARRAYS: o1's two arrays, or the rt class's one
 * @expired_timestamp: the runqueue's (o1's starvation clock)
 * @arrays: active, then (o1) expired
 * @nr_arrays: 2 for o1, 1 for rt
 */
struct sched_snapshot_prio_arrays {
	unsigned long expired_timestamp;
	struct sched_snapshot_array arrays[2];
	unsigned int nr_arrays;
};

struct sched_snapshot_fair_rq;

/**
 * struct sched_snapshot_entity - an entity of cfs or eevdf: a task, or
 *	a task group on this CPU
 * @task: the task (when @group is NULL)
 * @group: a task group's entity: the group's name
 * @shares: a group's: the group's shares (@weight is this CPU's part)
 * @queue: a group's: the group's queue on this CPU
 * @vruntime: its virtual runtime, ns
 * @weight: its weight
 * @sum_exec_runtime: ns it has run
 * @deadline: eevdf: its virtual deadline
 * @min_deadline: eevdf: the earliest deadline of its subtree
 * @eligible: eevdf: its lag is not negative
 * @lag: eevdf: V - @vruntime
 * @slice: eevdf: its request size, ns
 * @red: in the tree: its colour
 * @left: in the tree: its left subtree, or NULL
 * @right: in the tree: its right subtree, or NULL
 */
struct sched_snapshot_entity {
	struct sched_snapshot_task task;
	const char *group;
	unsigned long shares;
	struct sched_snapshot_fair_rq *queue;
	uint64_t vruntime;
	unsigned long weight;
	uint64_t sum_exec_runtime;
	uint64_t deadline;
	uint64_t min_deadline;
	bool eligible;
	int64_t lag;
	uint64_t slice;
	bool red;
	struct sched_snapshot_entity *left, *right;
};

/**
 * struct sched_snapshot_fair_rq - a queue of fair entities (a queue of
 *	kind SCHED_SNAPSHOT_RBTREE is the runqueue's own; a group entity's
 *	@queue is its group's)
 * @eevdf: eevdf's fields are set (its entities' too)
 * @min_vruntime: the queue's floor of vruntime
 * @load: the sum of its entities' weights
 * @nr_running: its entities, the running one included
 * @curr: the running entity (not in the tree), or NULL
 * @root: the tree of waiting entities, or NULL when empty
 * @avg_vruntime: eevdf: V, the weighted average vruntime
 * @avg_load: eevdf: the sum of the weights in the tree
 */
struct sched_snapshot_fair_rq {
	bool eevdf;
	uint64_t min_vruntime;
	unsigned long load;
	unsigned long nr_running;
	struct sched_snapshot_entity *curr;
	struct sched_snapshot_entity *root;
	uint64_t avg_vruntime;
	unsigned long avg_load;
};

/**
 * struct sched_snapshot_goodness_task - a task of goodness's run list
 * @task: the task
 * @counter: ticks left of its slice in this epoch
 * @goodness: its goodness seen from the snapshot's CPU
 * @cpu: the CPU whose runqueue owns it
 * @yielded: it yielded and has not been switched out since
 * @chosen_by: the CPU whose choice it is, or -1
 */
struct sched_snapshot_goodness_task {
	struct sched_snapshot_task task;
	long counter;
	int goodness;
	int cpu;
	bool yielded;
	int chosen_by;
};

/**
 * struct sched_snapshot_list - a queue of kind SCHED_SNAPSHOT_LIST:
 *	goodness's one run list
 * @tasks: the run list in order
 * @nr_tasks: its length
 */
struct sched_snapshot_list {
	struct sched_snapshot_goodness_task *tasks;
	unsigned int nr_tasks;
};

/**
 * struct sched_snapshot_dl_task - a task of the deadline class
 * @task: the task
 * @deadline: the absolute deadline of its instance, ns
 * @runtime: runtime left in this instance, ns (negative after an overrun)
 * @dl_runtime: its runtime per period, ns
 * @dl_deadline: its relative deadline, ns
 * @dl_period: its period, ns
 * @throttled: its runtime ran out: off the tree until replenished
 * @misses: instances whose deadline it missed
 * @throttles: times its runtime ran out
 */
struct sched_snapshot_dl_task {
	struct sched_snapshot_task task;
	uint64_t deadline;
	int64_t runtime;
	uint64_t dl_runtime;
	uint64_t dl_deadline;
	uint64_t dl_period;
	bool throttled;
	unsigned long misses;
	unsigned long throttles;
};

/**
 * struct sched_snapshot_edf - a queue of kind SCHED_SNAPSHOT_EDF: the
 *	deadline class's
 * @running_bw: the bandwidth of the CPU's active DL tasks (fixed point)
 * @this_bw: the bandwidth of every DL task attached to the CPU
 * @tasks: the tree's tasks by deadline, then the throttled ones
 * @nr_tasks: how many
 */
struct sched_snapshot_edf {
	uint64_t running_bw;
	uint64_t this_bw;
	struct sched_snapshot_dl_task *tasks;
	unsigned int nr_tasks;
};

/* what a struct sched_snapshot_queue holds */
enum sched_snapshot_kind {
	SCHED_SNAPSHOT_PRIO_ARRAYS,
	SCHED_SNAPSHOT_RBTREE,
	SCHED_SNAPSHOT_LIST,
	SCHED_SNAPSHOT_EDF,
};

/**
 * struct sched_snapshot_queue - one class's queue of a runqueue
 * @sched_class: the class (&rt_sched_class, &o1_sched_class, ...)
 * @kind: which member of the union is set
 * @prio_arrays: SCHED_SNAPSHOT_PRIO_ARRAYS (o1, rt)
 * @rbtree: SCHED_SNAPSHOT_RBTREE (cfs, eevdf): the runqueue's own queue
 * @list: SCHED_SNAPSHOT_LIST (goodness)
 * @edf: SCHED_SNAPSHOT_EDF (deadline)
 */
struct sched_snapshot_queue {
	const struct sched_class *sched_class;
	enum sched_snapshot_kind kind;
	union {
		struct sched_snapshot_prio_arrays prio_arrays;
		struct sched_snapshot_fair_rq rbtree;
		struct sched_snapshot_list list;
		struct sched_snapshot_edf edf;
	};
};

struct sched_snapshot_mem;

/**
 * struct sched_snapshot - one runqueue as it stood at one moment
 * @cpu: its CPU
 * @sched_class: the machine's selectable class
 * @nr_running: its runnable tasks
 * @nr_switches: its schedule() calls that picked another task
 * @idle: the CPU runs its idle task (@curr is then unset)
 * @curr: the task it runs
 * @queues: one per class of the machine's chain that shows a queue,
 *	highest first
 * @nr_queues: how many
 * @mem: the snapshot's memory (sched_snapshot_free() frees it)
 *
 * A copy: it stays valid whatever the machine does, until
 * sched_snapshot_free().
 */
struct sched_snapshot {
	int cpu;
	const struct sched_class *sched_class;
	unsigned long nr_running;
	unsigned long nr_switches;
	bool idle;
	struct sched_snapshot_task curr;
	struct sched_snapshot_queue *queues;
	unsigned int nr_queues;
	struct sched_snapshot_mem *mem;
};

/**
 * sched_snapshot() - copy one runqueue, for pictures and explorers
 * @cpu: an online CPU
 * @snapp: out, the snapshot (docs/sched.md shows one)
 *
 * Context: takes @cpu's runqueue lock (the caller holds none).
 * Return: 0, -EINVAL when no machine exists or @cpu is not online, or
 * -ENOMEM (nothing allocated).
 */
int sched_snapshot(int cpu, struct sched_snapshot **snapp);

/**
 * sched_snapshot_locked() - sched_snapshot() from inside the scheduler
 * @cpu: an online CPU
 * @snapp: out, the snapshot
 *
 * The same snapshot, for a caller that already holds @cpu's runqueue
 * lock (a trace hook, such as the simulator's switch hook, which takes it
 * at the moment of a pick).  Under goodness the class's hook takes
 * goodness's global lock inside, as its other hooks do.
 *
 * Context: @cpu's runqueue lock held, no lock of the class's own.
 * Return: as sched_snapshot().
 */
int sched_snapshot_locked(int cpu, struct sched_snapshot **snapp);

/**
 * sched_snapshot_free() - free a snapshot
 * @snap: what sched_snapshot() gave, or NULL
 */
void sched_snapshot_free(struct sched_snapshot *snap);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_SCHED_CLASS_H */
