/* SPDX-License-Identifier: MIT */
/*
 * bench/sched_class.h - the per-class loops of the scheduler benchmark
 * (bench/sched_class.c): one CPU's runqueue of N runnable tasks under a
 * scheduling class (sched/class.h), and loops that call that class's own
 * enqueue_task, dequeue_task and pick_next_task hooks, which
 * bench/sched.c times for every class side by side.
 */
#ifndef KSTRUCT_BENCH_SCHED_CLASS_H
#define KSTRUCT_BENCH_SCHED_CLASS_H

#include <stdint.h>

#include "sched/class.h"
#include "sched/sched.h"

/**
 * struct class_bench - a one-CPU machine of @n tasks under @class
 * @class: the class the machine runs
 * @rq: its runqueue
 * @n: tasks, all runnable and queued, none running (the CPU idles: a
 *	pick chooses among all of them, as schedule() does once the
 *	previous task is back in the queue)
 * @ops: the loops' operations per call (at most @n for enqueue/dequeue)
 * @tasks: the tasks, in the order they were made
 * @order: a random permutation of 0..@n-1: the order the enqueue and
 *	dequeue loops visit tasks in
 * @next: where in @order the next dequeue starts
 * @start: where the tasks the last loop dequeued start in @order
 * @out: how many tasks are out of the queue (dequeued, not enqueued yet)
 * @picked: what the pick loop chose (every call must choose the same)
 * @wrong: results the loops found wrong: a task still queued after its
 *	dequeue or not queued after its enqueue, a pick that changed
 */
struct class_bench {
	const struct sched_class *class;
	struct runqueue *rq;
	unsigned long n, ops;
	struct task_struct **tasks;
	unsigned long *order;
	unsigned long next, start, out;
	struct task_struct *picked;
	unsigned long wrong;
};

/**
 * class_bench_create() - build a machine of one CPU and @n tasks
 * @class: a selectable class (sched_classes[])
 * @n: tasks (>= 1), SCHED_OTHER, with nice values drawn from @seed
 * @seed: seeds the nice values and the visiting order
 *
 * Context: no scheduler machine may exist (it makes one, with
 * sched_init_class()).
 * Return: the bench, or NULL (out of memory, or a machine exists).
 */
struct class_bench *class_bench_create(const struct sched_class *class,
				       unsigned long n, uint64_t seed);

/** class_bench_destroy() - tear the machine down and free @c (or NULL) */
void class_bench_destroy(struct class_bench *c);

/*
 * The loops, each a bench_spec body taking the struct class_bench:
 * dequeue @ops tasks (the next in @order); enqueue again the tasks the
 * last dequeue took out; pick (pick_next_task() of the class, @ops
 * times).  class_bench_dequeue() and class_bench_enqueue() alternate:
 * each is the other's untimed setup or teardown.
 */
void class_bench_dequeue(void *arg);
void class_bench_enqueue(void *arg);
void class_bench_pick(void *arg);

/**
 * class_bench_check() - every loop did what it says
 * @c: the bench
 *
 * sched_check() (the class's own invariants: its lists, tree or arrays),
 * every task queued again, no wrong result counted, and the task the
 * pick loop chose the right one by brute force over all tasks: o1 the
 * best priority in the active array, goodness the highest goodness(),
 * cfs the least vruntime, eevdf the earliest deadline among the
 * eligible.  Reports the first thing wrong through the check handler
 * (compat/check.h), with the caller's file:line.  A NULL @c is reported
 * as such.
 *
 * Return: true when all of that holds.
 */
bool class_bench_check(struct class_bench *c);
#define class_bench_check(c) CHECK_CALLER(class_bench_check, (c))

#endif /* KSTRUCT_BENCH_SCHED_CLASS_H */
