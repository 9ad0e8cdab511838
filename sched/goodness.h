/* SPDX-License-Identifier: MIT */
/*
 * sched/goodness.h - the arithmetic of the 2.4 scheduler (Linux 2.5.0's
 * kernel/sched.c and include/linux/sched.h), for the goodness class of
 * sched/goodness.c and its tests.
 *
 * HZ is a run-time variable here (compat/jiffies.h), so TICK_SCALE()
 * chooses its bracket when it runs; in 2.4 the preprocessor did.
 */
#ifndef KSTRUCT_SCHED_GOODNESS_H
#define KSTRUCT_SCHED_GOODNESS_H

#include "compat/jiffies.h"

struct task_struct;

/* a slice of about 50 ms: scales 20 - nice by HZ's bracket */
#define TICK_SCALE(x)           \
	(HZ < 200  ? (x) >> 2 : \
	 HZ < 400  ? (x) >> 1 : \
	 HZ < 800  ? (x) :      \
	 HZ < 1600 ? (x) << 1 : \
		     (x) << 2)

/* ticks of a slice at @nice: nice 0 gets 6 at HZ=100, 41 at HZ=1000 */
#define NICE_TO_TICKS(nice) (TICK_SCALE(20 - (nice)) + 1)

/* goodness() bonus for the CPU the task last ran on (i386's value) */
#define PROC_CHANGE_PENALTY 15

/* the most a parent's counter grows when it reaps a child (2.5.0) */
#define MAX_COUNTER (20 * HZ / 100)

/**
 * goodness() - how much @p wants to run on @this_cpu (2.4's goodness())
 * @p: a task of the goodness class
 * @this_cpu: the CPU choosing
 *
 * -1 for a task that yielded; 0 when its counter is used up; else
 * counter + PROC_CHANGE_PENALTY (when @p last ran on @this_cpu) + 1 (the
 * mm bonus: with no address spaces here every task gets it, as 2.4 gave
 * it to a task without an mm) + 20 - nice.  Real-time tasks do not come
 * here: the rt class runs them (2.4 answered 1000 + rt_priority).
 *
 * Context: runqueue_lock (sched/goodness.c) held.
 * Return: the goodness.
 */
int goodness(const struct task_struct *p, int this_cpu);

#endif /* KSTRUCT_SCHED_GOODNESS_H */
