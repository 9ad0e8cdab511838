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

/* the installed trace hooks (all NULL by default; see sched_set_hooks) */
extern struct sched_hooks sched_hooks;

/**
 * sched_param_valid() - is @policy with @rt_priority a valid setting
 * @policy: SCHED_OTHER, SCHED_FIFO or SCHED_RR
 * @rt_priority: 0 for SCHED_OTHER, 1..MAX_USER_RT_PRIO - 1 otherwise
 *
 * Return: true when both are in range and agree with each other.
 */
static inline bool sched_param_valid(int policy, int rt_priority)
{
	if (policy != SCHED_OTHER && policy != SCHED_FIFO &&
	    policy != SCHED_RR)
		return false;
	if (rt_priority < 0 || rt_priority > MAX_USER_RT_PRIO - 1)
		return false;
	return (policy == SCHED_OTHER) == (rt_priority == 0);
}

/**
 * sched_param_prio() - the prio a valid @policy and @rt_priority give
 * @policy: the scheduling policy
 * @rt_priority: its real-time priority (0 for SCHED_OTHER)
 * @static_prio: the task's static prio (its nice level)
 *
 * Return: @static_prio for SCHED_OTHER, else MAX_USER_RT_PRIO - 1 -
 * @rt_priority.
 */
static inline int sched_param_prio(int policy, int rt_priority,
				   int static_prio)
{
	if (policy == SCHED_OTHER)
		return static_prio;
	return MAX_USER_RT_PRIO - 1 - rt_priority;
}

/**
 * set_task_cpu() - move @p's ownership to @cpu, counting a migration
 * @p: the task
 * @cpu: its new CPU
 *
 * Context: the runqueue lock(s) @p moves between are held.
 */
void set_task_cpu(struct task_struct *p, int cpu);

/**
 * double_task_rq_lock() - lock the runqueues of two tasks
 * @p: a task
 * @q: another task (may share @p's runqueue)
 * @rqp: out, @p's runqueue
 * @rqq: out, @q's runqueue
 *
 * Locks in address order and retries until neither task moved meanwhile.
 *
 * Context: the caller holds no runqueue lock; unlock with
 * double_rq_unlock(*@rqp, *@rqq).
 */
void double_task_rq_lock(struct task_struct *p, struct task_struct *q,
			 struct runqueue **rqp, struct runqueue **rqq);

/**
 * sched_fork_tick() - the tick do_fork() gives a parent left with one tick
 * @p: the parent
 *
 * Ticks @p's slice and sleep_avg like scheduler_tick() (balancing on the
 * same cadence) when @p is still its CPU's current task, but counts no
 * user or system tick: 2.5.33 called scheduler_tick(0, 0).
 *
 * Context: takes @p's runqueue lock; the caller holds none.
 */
void sched_fork_tick(struct task_struct *p);

/**
 * alloc_task() - a zeroed task with every list initialised
 * @comm: its name (spaces become underscores)
 *
 * Return: the task (TASK_UNINTERRUPTIBLE, nice 0, not linked), or NULL.
 */
struct task_struct *alloc_task(const char *comm);

/**
 * free_task() - run the release hook and free @p
 * @p: a task on no list and no runqueue
 */
void free_task(struct task_struct *p);

/**
 * tree_init() - idle tasks of @nr_cpus CPUs and init (pid 1)
 * @nr_cpus: CPUs online
 *
 * Context: runqueues initialised; called by sched_init().
 * Return: 0, or -ENOMEM with nothing allocated.
 */
int tree_init(int nr_cpus);

/**
 * tree_teardown() - free every task, idle tasks included
 * @nr_cpus: CPUs online
 *
 * Context: migration threads stopped; called by sched_teardown().
 */
void tree_teardown(int nr_cpus);

#endif /* KSTRUCT_SCHED_INTERNAL_H */
