/* SPDX-License-Identifier: MIT */
/*
 * sim/internal.h - what sim.c and report.c share and nobody else uses.
 *
 * Not a port of a kernel file.
 */
#ifndef KSTRUCT_SIM_INTERNAL_H
#define KSTRUCT_SIM_INTERNAL_H

#include "sim/report.h"

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

#endif /* KSTRUCT_SIM_INTERNAL_H */
