/* SPDX-License-Identifier: MIT */
/*
 * sched/internal.h - what sched.c and exit.c share and nobody else uses.
 *
 * No 2.5.33 counterpart: in the kernel both files reached these through
 * include/linux/sched.h or kept them static.
 */
#ifndef KSTRUCT_SCHED_INTERNAL_H
#define KSTRUCT_SCHED_INTERNAL_H

#include "sched/sched.h"

/* the installed trace hooks (all NULL by default) */
extern struct sched_hooks sched_hooks;

/* set_task_cpu() - move @p's ownership to @cpu; counts a migration */
void set_task_cpu(struct task_struct *p, int cpu);

/*
 * double_task_rq_lock() - lock the runqueues of @p and @q (in address
 * order), stable against migration; returns them through @rqp/@rqq.
 */
void double_task_rq_lock(struct task_struct *p, struct task_struct *q,
			 struct runqueue **rqp, struct runqueue **rqq);

/* exit.c: task allocation and the idle/init tasks of a new machine */
struct task_struct *alloc_task(const char *comm);
void free_task(struct task_struct *p);
int tree_init(int nr_cpus);
void tree_teardown(int nr_cpus);

#endif /* KSTRUCT_SCHED_INTERNAL_H */
