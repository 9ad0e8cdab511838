/* SPDX-License-Identifier: MIT */
/*
 * sim/internal.h - what sim.c and report.c share, and what the tests read
 * of a run beyond its report; nobody else uses it.
 *
 * Not a port of a kernel file.
 */
#ifndef KSTRUCT_SIM_INTERNAL_H
#define KSTRUCT_SIM_INTERNAL_H

#include "sim/report.h"

struct sim;

/**
 * sim_report_taskgroup_tasks() - each taskgroup's tasks and their fairness
 * @r: the run, its tasks and taskgroups set
 * @tgs: @r's taskgroups (r->nr_taskgroups of them, the workload's
 *	taskgroups but the root), whose @tasks, @jain_tasks and @jain are
 *	written
 *
 * Return: 0, or -ENOMEM (@tgs unchanged then).
 */
int sim_report_taskgroup_tasks(const struct sim_report *r,
			       struct sim_taskgroup *tgs);

/**
 * sim_task_latency_bytes() - the bytes @ts's latencies hold outside its
 *	record (0 while they fit in it)
 * @ts: the task
 */
unsigned long sim_task_latency_bytes(const struct sim_task_stats *ts);

/**
 * sim_tick_balances() - the balances the ticks raised, by when they ran
 * @s: a run
 * @before: set to those that ran before the other CPUs' switches at their
 *	tick
 * @after: set to those that ran after them (the race: docs/sim.md, "The
 *	clock")
 *
 * Both 0 under a class that raises none (o1, goodness).
 */
void sim_tick_balances(const struct sim *s, unsigned long long *before,
		       unsigned long long *after);

#endif /* KSTRUCT_SIM_INTERNAL_H */
