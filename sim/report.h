/* SPDX-License-Identifier: MIT */
/*
 * sim/report.h - what the simulator measured, and the reports made of it.
 *
 * Not a port of a kernel file.  The simulator fills one struct
 * sim_task_stats per task and one struct sim_cpu_stats per CPU while it
 * runs; this file turns them into the human report, JSON and CSV.  All
 * times are counted in ticks of the virtual clock and printed in
 * milliseconds.  Definitions (docs/sim.md repeats them):
 *
 *   runtime     ticks the task was the running task of a CPU
 *   wait        ticks it was runnable (on a runqueue) but not running
 *   switches    times it was switched in
 *   bonus       mean of static_prio - prio at its switch-ins: the
 *               interactivity bonus (+5) or penalty (-5) of sleep_avg
 *   migrations  times its CPU changed (balancing, affinity, wake-up)
 *   latency     per wake-up, ticks from the wake-up to its next switch-in;
 *               p50/p99 are nearest-rank percentiles of that list
 *   response    ticks from its creation to its first switch-in
 *   turnaround  ticks from its creation to its exit (tasks that exit)
 *   utilisation busy ticks / all ticks of a CPU
 *   counters    per CPU, the ones the scheduling class keeps (sched/class.h,
 *               struct sched_counter): under o1, "array_switches" (times
 *               schedule() swapped a runqueue's active and expired arrays)
 *               and "pulled" (tasks load_balance moved onto the CPU)
 *
 * Per task group (the tasks made from one workload description, started
 * at time 0 or forked, exited or not):
 *
 *   share       the group's runtime / all the CPU time of the run
 *               (ticks x CPUs)
 *   fairness    Jain's index (sum x)^2 / (n * sum x^2) over the members'
 *               CPU rates x = runtime / ticks alive (creation to exit or
 *               to the end); for members alive the whole run that is
 *               Jain's index of their runtimes
 *
 * Per taskgroup (a cgroup the workload names with rt-app's "taskgroup",
 * or a parent of one):
 *
 *   runtime     ticks its tasks ran while in it, its child groups'
 *               included: under cfs and eevdf, which schedule groups, the
 *               run time the scheduler charged to the group's entities
 *               (sched_group_runtime()); under o1 and goodness, which run
 *               every task in the root group, the simulator's count of
 *               the same (where the workload puts each task)
 *   share       that runtime / all the CPU time of the run (ticks x CPUs)
 *   tasks       the tasks that started in the group itself (not in a
 *               child group): created in it, or forked by a task in it
 *   fairness    Jain's index of those tasks' CPU rates, as for a task
 *               group above
 *
 * And the cost of the scheduler itself, when the run measured it: the
 * real time spent in the simulator's calls into the scheduler (struct
 * sim_cost).
 */
#ifndef KSTRUCT_SIM_REPORT_H
#define KSTRUCT_SIM_REPORT_H

#include <limits.h>
#include <stdio.h>

#include <kstruct/compat/export.h>
#include <kstruct/sched/class.h>
#include <kstruct/sim/workload.h>

KSTRUCT_EXPORT_BEGIN

/* sim_task_stats.response of a task that has not run yet */
#define SIM_NEVER_RAN UINT_MAX

/**
 * struct sim_task_stats - one task's counters
 * @comm: its name
 * @pid: its pid; 0 while it is not created (its start delay is not over)
 * @desc: index of its description in the workload (its group)
 * @policy: its policy, a SCHED_* value
 * @priority: nice or rt_priority, as in the workload
 * @forked: 1 when created by a fork event rather than at time 0
 * @exited: 1 when it exited before the end
 * @taskgroup: the taskgroup it is in (an index of the workload's
 *	taskgroups, 0 for the root), as the workload has it whether the
 *	class runs groups or not: its description's, else its parent's at
 *	the fork, then each phase's; at the end of a run, the one it ended in
 * @switches: times switched in
 * @migrations: times its CPU changed
 * @wakeups: wake-ups
 * @nr_latency: how many latencies are recorded
 * @latency_cap: room in @latency
 * @response: ticks from creation to the first switch-in; SIM_NEVER_RAN
 *	until then (a response beyond 2^32 - 2 ticks is held at that)
 * @turnaround: ticks from creation to exit, once @exited (held likewise)
 * @created: the tick it was created at
 * @runtime: ticks running
 * @wait: ticks runnable but not running
 * @bonus_sum: sum over switch-ins of static_prio - prio (the sleep_avg
 *	bonus, -5..5, of a normal task when it was picked)
 * @latency: wake-up latencies in ticks (@nr_latency of @latency_cap),
 *	sorted once sim_report_finish() has run
 *
 * Kept small (96 bytes): the simulator holds one per task, a million
 * tasks included.  Percentiles are not stored: sim_task_latency() reads
 * them off the sorted list.  @created, @response and @turnaround (16
 * bytes) are what response and turnaround times cannot be had without.
 */
struct sim_task_stats {
	char comm[SIM_NAME_LEN];
	int pid;
	unsigned int desc;
	unsigned char policy;
	signed char priority;
	unsigned char forked : 1;
	unsigned char exited : 1;
	unsigned char taskgroup; /* < SIM_MAX_TASKGROUPS, 256 */
	unsigned int switches;
	unsigned int migrations;
	unsigned int wakeups;
	unsigned int nr_latency;
	unsigned int latency_cap;
	unsigned int response;
	unsigned int turnaround;
	unsigned long long created;
	unsigned long long runtime;
	unsigned long long wait;
	long long bonus_sum;
	unsigned int *latency;
};

/**
 * struct sim_cpu_stats - one CPU's counters
 * @busy: ticks a task (not idle) was running
 * @switches: context switches (next != prev)
 * @counters: the class's counters, in the order of sim_report.counters
 */
struct sim_cpu_stats {
	unsigned long long busy;
	unsigned long switches;
	unsigned long counters[SCHED_MAX_COUNTERS];
};

/* the calls into the scheduler that struct sim_cost times */
enum sim_cost_kind {
	SIM_COST_SCHEDULE, /* schedule() */
	SIM_COST_TICK, /* scheduler_tick() */
	SIM_COST_WAKEUP, /* wake_up_process(), wake_up_forked_process() */
	SIM_COST_YIELD, /* sys_sched_yield() */
	SIM_NR_COST
};

/**
 * struct sim_cost - the real time a run spent inside the scheduler
 * @measured: 1 when the run measured it (sim_options.measure_cost)
 * @clock_ns: what one timed call adds by reading the clock twice (the
 *	median of back-to-back ktime_get_ns() pairs, taken when the
 *	simulation was created); sim_cost_ns() takes it off every call
 * @calls: calls of each kind (enum sim_cost_kind)
 * @ns: nanoseconds of real time inside them, as read (clock included)
 *
 * A scheduling event is one of these calls.  Forks, exits, reaping and
 * affinity changes are not timed; neither is the simulator's own work
 * (its hooks run inside the timed calls, but only when tracing do they
 * do more than bump counters).
 */
struct sim_cost {
	int measured;
	unsigned int clock_ns;
	unsigned long long calls[SIM_NR_COST];
	unsigned long long ns[SIM_NR_COST];
};

/**
 * struct sim_taskgroup - one taskgroup (cgroup) of a run
 * @path: its path, as the workload's table has it ("/a/b")
 * @runtime: ticks its tasks ran in it or in its child groups: the
 *	scheduler's count under cfs and eevdf, the simulator's (the group
 *	the workload has each task in) under the classes that ignore groups
 * @tasks: the tasks that ended in the group itself (at their exit, or at
 *	the end of the run), not in a child group
 * @jain_tasks: of them, those alive for a tick or more
 * @jain: Jain's index of their CPU rates, as struct sim_group's
 */
struct sim_taskgroup {
	const char *path;
	unsigned long long runtime;
	unsigned long tasks;
	unsigned long jain_tasks;
	double jain;
};

/**
 * struct sim_report - a finished run
 * @workload: the workload's name
 * @seed: the seed
 * @hz: ticks per second
 * @nr_cpus: CPUs
 * @threaded: 1 when the run used one thread per CPU
 * @ticks: ticks simulated
 * @events: simulator events (switches, wake-ups, migrations, ticks)
 * @forks: tasks created by fork events
 * @forks_refused: forks not done because the task limit was reached
 * @exits: tasks that exited
 * @nr_tasks: entries in @tasks
 * @tasks: every task's counters
 * @sched_class: the name of the scheduling class that ran
 * @nr_counters: entries of @counters
 * @counters: what each CPU's sim_cpu_stats.counters holds
 * @cost: the scheduler's cost
 * @nr_taskgroups: entries in @taskgroups (0 when the workload names none)
 * @taskgroups: the workload's taskgroups but the root, in its table's
 *	order (each after its parent)
 * @cpus: per CPU counters
 */
/**
 * struct sim_dl_stats - one SCHED_DEADLINE task's figures at the end
 * @task: its index in sim_report.tasks
 * @comm: its name
 * @runtime_ns: its reservation: runtime per period
 * @deadline_ns: relative deadline
 * @period_ns: period
 * @misses: deadlines that passed while it still had runtime and wanted
 *	the CPU
 * @throttles: times its runtime ran out (throttled until its next period)
 * @runtime_left_ns: runtime left in its last instance (negative: overrun
 *	by the last tick)
 *
 * Read off the task's entity at the end of the run: a task that exited
 * before (its entity freed) shows 0 misses, throttles and runtime left.
 */
struct sim_dl_stats {
	unsigned long task;
	char comm[SIM_NAME_LEN];
	unsigned long long runtime_ns;
	unsigned long long deadline_ns;
	unsigned long long period_ns;
	unsigned long misses;
	unsigned long throttles;
	long long runtime_left_ns;
};

struct sim_report {
	const char *workload;
	unsigned long long seed;
	unsigned int hz;
	unsigned int nr_cpus;
	int threaded;
	unsigned long long ticks;
	unsigned long long events;
	unsigned long forks;
	unsigned long forks_refused;
	unsigned long exits;
	unsigned long nr_tasks;
	struct sim_task_stats **tasks;
	const char *sched_class;
	unsigned int nr_counters;
	const struct sched_counter *counters[SCHED_MAX_COUNTERS];
	struct sim_cost cost;
	unsigned int nr_taskgroups;
	const struct sim_taskgroup *taskgroups;
	struct sim_cpu_stats cpus[SIM_MAX_CPUS];
	unsigned long nr_dl;
	const struct sim_dl_stats *dl;
};

/**
 * sim_latency_add() - record one wake-up latency
 * @ts: the task's counters
 * @ticks: the latency
 *
 * Return: 0, or -ENOMEM (nothing changed then).
 */
int sim_latency_add(struct sim_task_stats *ts, unsigned int ticks);

/** sim_task_stats_release() - free what sim_latency_add() allocated */
void sim_task_stats_release(struct sim_task_stats *ts);

/**
 * sim_percentile() - nearest-rank percentile of a sorted list
 * @sorted: ascending values
 * @n: how many (0 gives 0)
 * @pct: 1..100
 *
 * Return: @sorted[ceil(@pct * @n / 100) - 1].
 */
unsigned int sim_percentile(const unsigned int *sorted, unsigned long n,
			    unsigned int pct);

/**
 * sim_task_latency() - a percentile of one task's wake-up latencies
 * @ts: the task (after sim_report_finish())
 * @pct: 1..100 (100 is the maximum)
 *
 * Return: the latency in ticks, 0 when it never woke up.
 */
static inline unsigned int sim_task_latency(const struct sim_task_stats *ts,
					    unsigned int pct)
{
	return sim_percentile(ts->latency, ts->nr_latency, pct);
}

/**
 * sim_jain_index() - Jain's fairness index of @n values
 * @x: the values (>= 0)
 * @n: how many
 *
 * Return: (sum x)^2 / (n * sum x^2), in [1/n, 1]; 1 when @n is 0 or every
 * value is 0 (nobody was treated worse than another).
 */
double sim_jain_index(const double *x, unsigned long n);

/**
 * struct sim_latency - wake-up latencies of several tasks, merged
 * @n: how many wake-ups were followed by a switch-in
 * @p50: nearest-rank median, in ticks
 * @p99: nearest-rank 99th percentile
 * @max: the largest
 */
struct sim_latency {
	unsigned long long n;
	unsigned int p50, p99, max;
};

/**
 * sim_report_latency() - percentiles of every wake-up of a set of tasks
 * @r: the run (after sim_report_finish())
 * @desc: the group whose tasks count, or -1 for every task
 * @out: the result
 *
 * Exact nearest-rank percentiles of the merged lists: from the one
 * task's list when one task has latencies, from a histogram of the values
 * (a counter per tick up to the largest) when they are many for their
 * range, from a sorted copy when they are few and far apart, or, when
 * the largest is a million ticks or more, from a binary search over the
 * values counted in each sorted list; nothing the size of all the
 * wake-ups of a million tasks is allocated.  A scan of every task: for
 * every group at once, sim_report_groups() costs one.
 *
 * Return: 0, or -ENOMEM (@out is then not to be used).
 */
int sim_report_latency(const struct sim_report *r, long desc,
		       struct sim_latency *out);

/**
 * struct sim_group - one task group: the tasks of one workload description
 * @desc: the description index
 * @tasks: members created during the run
 * @exited: members that exited
 * @runtime: their runtime, in ticks, summed
 * @share: @runtime / (ticks x CPUs)
 * @jain: Jain's index of the members' CPU rates (runtime / ticks alive)
 * @jain_tasks: members counted in @jain (those alive for a tick or more)
 * @latency: the members' wake-up latencies
 * @response_mean: mean response in ticks, over members that ran
 * @response_max: the largest response of a member that ran
 * @ran: members that ran
 * @turnaround_mean: mean turnaround in ticks, over members that exited
 */
struct sim_group {
	unsigned int desc;
	unsigned long tasks;
	unsigned long exited;
	unsigned long long runtime;
	double share;
	double jain;
	unsigned long jain_tasks;
	struct sim_latency latency;
	double response_mean;
	unsigned int response_max;
	unsigned long ran;
	double turnaround_mean;
};

/**
 * sim_report_groups() - the task groups of a run
 * @r: the run (after sim_report_finish())
 * @nr_desc: descriptions in the workload
 * @out: room for @nr_desc groups
 *
 * The tasks are put together by description once, so the whole costs the
 * tasks plus the descriptions (a million descriptions of one task each
 * take well under a second), not their product.
 *
 * Return: groups written, in description order (a description none of
 * whose tasks was created has none), or -ENOMEM.
 */
int sim_report_groups(const struct sim_report *r, unsigned int nr_desc,
		      struct sim_group *out);

/**
 * struct sim_totals - figures of the whole run
 * @switches: context switches, summed over the CPUs
 * @migrations: task migrations, summed over the tasks
 * @wakeups: wake-ups, summed over the tasks
 * @latency: every wake-up latency
 */
struct sim_totals {
	unsigned long long switches;
	unsigned long long migrations;
	unsigned long long wakeups;
	struct sim_latency latency;
};

/**
 * sim_report_totals() - the run's totals
 * @r: the run (after sim_report_finish())
 * @out: the result
 *
 * Return: 0, or -ENOMEM (as sim_report_latency()).
 */
int sim_report_totals(const struct sim_report *r, struct sim_totals *out);

/**
 * sim_cost_ns() - real time per call, net of the clock's own cost
 * @c: the measurements
 * @kind: a kind of call, or SIM_NR_COST for all of them (per event)
 *
 * Return: nanoseconds per call (0 when nothing was measured).
 */
double sim_cost_ns(const struct sim_cost *c, unsigned int kind);

/**
 * sim_report_finish() - sort every task's latencies
 * @r: the run
 */
void sim_report_finish(struct sim_report *r);

/**
 * sim_report_text() - the human report
 * @out: where it goes
 * @r: the run (after sim_report_finish())
 * @wl: its workload (for group names)
 *
 * Per-task lines are printed for up to 64 tasks; larger runs get the
 * per-group summary only (--json and --csv always list every task).
 *
 * Return: 0, -ENOMEM, or -EIO when writing failed.
 */
int sim_report_text(FILE *out, const struct sim_report *r,
		    const struct sim_workload *wl);

/**
 * sim_report_json() - the report as one JSON object (written with
 * jansson, task by task); as sim_report_text()
 */
int sim_report_json(FILE *out, const struct sim_report *r,
		    const struct sim_workload *wl);

/**
 * sim_report_csv() - the report as CSV (RFC 4180 quoting): "run",
 * "group", "task", "cpu" and "latency" tables, each with a header row
 * and a blank line after it; as sim_report_text()
 */
int sim_report_csv(FILE *out, const struct sim_report *r,
		   const struct sim_workload *wl);

/* ------------------------------------------- kstruct sim --compare */

/**
 * struct sim_compare_task - what the side-by-side table shows of a task
 * @comm: its name (tasks are matched across runs by name)
 * @response: as in struct sim_task_stats
 * @turnaround: ditto
 * @exited: ditto
 */
struct sim_compare_task {
	char comm[SIM_NAME_LEN];
	unsigned int response;
	unsigned int turnaround;
	unsigned char exited;
};

/**
 * struct sim_compare_run - what --compare keeps of one run
 * @sched_class: the class's name
 * @hz: ticks per second
 * @totals: the run's totals
 * @cost: the scheduler's cost
 * @groups: one per workload description, indexed by it (a group none of
 *	whose tasks was created has @tasks 0)
 * @nr_tasks: tasks in the run
 * @tasks: per task, in the run's order; NULL when @nr_tasks is above
 *	SIM_COMPARE_MAX_TASKS
 * @cpu_ticks: all the CPU time of the run, ticks x CPUs
 * @nr_taskgroups: entries in @taskgroups (the workload's taskgroups but
 *	the root; 0 when it names none)
 * @taskgroups: a copy of the run's (their paths are the workload's)
 */
struct sim_compare_run {
	const char *sched_class;
	unsigned int hz;
	struct sim_totals totals;
	struct sim_cost cost;
	struct sim_group *groups;
	unsigned long nr_tasks;
	struct sim_compare_task *tasks;
	unsigned long long cpu_ticks;
	unsigned int nr_taskgroups;
	struct sim_taskgroup *taskgroups;
	unsigned long nr_dl;
	struct sim_dl_stats *dl;
};

/* the text shows tasks one by one up to this many tasks in every run */
#define SIM_COMPARE_MAX_TASKS 64
#define SIM_COMPARE_MAX_RUNS 8

/**
 * struct sim_compare - the runs of one workload under several classes
 * @nr_runs: runs added
 * @runs: the runs, in the order they were added
 */
struct sim_compare {
	unsigned int nr_runs;
	struct sim_compare_run runs[SIM_COMPARE_MAX_RUNS];
};

/**
 * sim_compare_add() - keep what the table needs of a finished run
 * @c: the comparison
 * @r: the run (after sim_report_finish()); nothing of it is kept by
 *	reference but r->sched_class, which must outlive @c
 * @wl: its workload
 *
 * Return: 0, -ENOSPC when @c holds SIM_COMPARE_MAX_RUNS runs already, or
 * -ENOMEM (nothing added then).
 */
int sim_compare_add(struct sim_compare *c, const struct sim_report *r,
		    const struct sim_workload *wl);

/** sim_compare_release() - free what sim_compare_add() allocated */
void sim_compare_release(struct sim_compare *c);

/**
 * sim_compare_text() - the runs side by side, one column each
 * @out: where it goes
 * @c: the runs (of one workload, seed and machine)
 * @wl: the workload
 * @head: the first run's report, for the heading (workload, machine)
 *
 * Rows: per group, CPU share, Jain's index, wake-up latency
 * p50/p99/max, mean response and turnaround; the whole run's latency,
 * context switches, migrations and the scheduler's cost; then each
 * task's response and turnaround when every run has at most
 * SIM_COMPARE_MAX_TASKS tasks.
 *
 * Return: 0 or -EIO.
 */
int sim_compare_text(FILE *out, const struct sim_compare *c,
		     const struct sim_workload *wl,
		     const struct sim_report *head);

/**
 * sim_compare_json() - one run's part of the --compare JSON document
 * @out: where it goes
 * @r: the run
 * @wl: its workload
 * @first: the first run: the document's opening (the workload and
 *	machine, then "classes":[) is written before it
 * @last: the last run: the document is closed after it
 *
 * The document is {"workload", "nr_cpus", "hz", "seed", "ticks",
 * "classes": [one object per run, as sim_report_json() writes]}.
 *
 * Return: as sim_report_json().
 */
int sim_compare_json(FILE *out, const struct sim_report *r,
		     const struct sim_workload *wl, int first, int last);

/**
 * sim_compare_csv() - one run's part of the --compare CSV document: its
 * tables as sim_report_csv() writes them, a blank line between runs;
 * the second field of every row names the class.  As sim_compare_json().
 */
int sim_compare_csv(FILE *out, const struct sim_report *r,
		    const struct sim_workload *wl, int first, int last);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_SIM_REPORT_H */
