// SPDX-License-Identifier: MIT
/*
 * sched/idle.c - the class at the end of every chain.
 *
 * Mirrors the pick of Linux 6.12's kernel/sched/idle.c
 * (pick_task_idle()): when no class above has a task, the CPU runs its
 * idle task.  Nothing else of that file: the idle task has no class of
 * its own here (task_struct.sched_class is NULL, as init_idle() leaves
 * it), so the class queues nothing, ticks nothing and is never a task's
 * class; it only ends the chain, so that for_each_class() asks every
 * class and the walk needs no special case for an empty CPU.
 */

#include "sched/class.h"
#include "sched/internal.h"

static struct task_struct *pick_next_task_idle(struct runqueue *rq,
					       struct task_struct *prev)
{
	(void)prev;
	return rq->idle;
}

const struct sched_class idle_sched_class = {
	.name = "idle",
	.pick_next_task = pick_next_task_idle,
};
