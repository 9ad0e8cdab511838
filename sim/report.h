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
 *   utilisation busy ticks / all ticks of a CPU
 *   counters    per CPU, the ones the scheduling class keeps (sched/class.h,
 *               struct sched_counter): under o1, "array_switches" (times
 *               schedule() swapped a runqueue's active and expired arrays)
 *               and "pulled" (tasks load_balance moved onto the CPU)
 *   fairness    Jain's index (sum x)^2 / (n * sum x^2) of the runtimes of
 *               "equal" tasks: instances of one description, same policy
 *               and priority, alive from the start to the end of the run
 */
#ifndef KSTRUCT_SIM_REPORT_H
#define KSTRUCT_SIM_REPORT_H

#include <stdio.h>

#include "sched/class.h"
#include "sim/workload.h"

/**
 * struct sim_task_stats - one task's counters
 * @comm: its name
 * @pid: its pid
 * @desc: index of its description in the workload (fairness groups)
 * @policy: its policy (an enum sim_policy)
 * @priority: nice or rt_priority, as in the workload
 * @forked: 1 when created by a fork event rather than at time 0
 * @exited: 1 when it exited before the end
 * @switches: times switched in
 * @migrations: times its CPU changed
 * @wakeups: wake-ups
 * @nr_latency: how many latencies are recorded
 * @latency_cap: room in @latency
 * @p50: median latency (set by sim_report_finish())
 * @p99: 99th percentile latency (ditto)
 * @runtime: ticks running
 * @wait: ticks runnable but not running
 * @bonus_sum: sum over switch-ins of static_prio - prio (the sleep_avg
 *	bonus, -5..5, of a normal task when it was picked)
 * @latency: wake-up latencies in ticks (@nr_latency of @latency_cap)
 *
 * Kept small (88 bytes): the simulator holds one per task, a million
 * tasks included.
 */
struct sim_task_stats {
	char comm[SIM_NAME_LEN];
	int pid;
	unsigned int desc;
	unsigned char policy;
	signed char priority;
	unsigned char forked;
	unsigned char exited;
	unsigned int switches;
	unsigned int migrations;
	unsigned int wakeups;
	unsigned int nr_latency;
	unsigned int latency_cap;
	unsigned int p50;
	unsigned int p99;
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
 * @cpus: per CPU counters
 */
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
	struct sim_cpu_stats cpus[SIM_MAX_CPUS];
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
 * sim_jain_index() - Jain's fairness index of @n values
 * @x: the values (>= 0)
 * @n: how many
 *
 * Return: (sum x)^2 / (n * sum x^2), in [1/n, 1]; 1 when @n is 0 or every
 * value is 0 (nobody was treated worse than another).
 */
double sim_jain_index(const double *x, unsigned long n);

/**
 * struct sim_fairness - Jain's index over one group of equal tasks
 * @desc: the description index
 * @n: tasks in the group
 * @index: Jain's index of their runtimes
 * @mean_runtime: their mean runtime in ticks
 */
struct sim_fairness {
	unsigned int desc;
	unsigned long n;
	double index;
	double mean_runtime;
};

/**
 * sim_report_fairness() - the fairness groups of a run
 * @r: the run
 * @nr_desc: descriptions in the workload
 * @out: room for @nr_desc groups
 *
 * Return: groups written (those with at least two equal tasks), or
 * -ENOMEM.
 */
int sim_report_fairness(const struct sim_report *r, unsigned int nr_desc,
			struct sim_fairness *out);

/**
 * sim_report_finish() - sort latencies and set every task's p50/p99
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
 * per-description summary only (--json and --csv always list every task).
 *
 * Return: 0, -ENOMEM, or -EIO when writing failed.
 */
int sim_report_text(FILE *out, const struct sim_report *r,
		    const struct sim_workload *wl);

/** sim_report_json() - the report as one JSON object; as sim_report_text() */
int sim_report_json(FILE *out, const struct sim_report *r,
		    const struct sim_workload *wl);

/**
 * sim_report_csv() - the report as CSV: a "task" table then a "cpu" table,
 * each with a header row; as sim_report_text()
 */
int sim_report_csv(FILE *out, const struct sim_report *r,
		   const struct sim_workload *wl);

#endif /* KSTRUCT_SIM_REPORT_H */
