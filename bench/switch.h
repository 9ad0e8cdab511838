/* SPDX-License-Identifier: MIT */
/*
 * bench/switch.h - the loops of the "switch" benchmark (bench/switch.c):
 * the host kernel's context switch, two threads of this process pinned to
 * one CPU handing a token back and forth through a pipe or a futex, and
 * kstruct's own path for one switch (a wake-up, then the running task
 * sleeps and schedule() picks the woken one) on a one-CPU machine under a
 * scheduling class.  The project's own; it mirrors no kernel file.
 */
#ifndef KSTRUCT_BENCH_SWITCH_H
#define KSTRUCT_BENCH_SWITCH_H

#include <pthread.h>
#include <sched.h>
#include <stdbool.h>

#include "compat/check.h"
#include "sched/class.h"
#include "sched/sched.h"

/**
 * struct switch_partner - the thread that answers one kind of ping
 * @pair: the pair it belongs to
 * @thread: the thread
 * @rounds: pings it answered
 * @switches: its context switches as the kernel counted them
 *	(getrusage(RUSAGE_THREAD): voluntary and involuntary), when it ended
 * @cpu_seen: the CPU it ran on at its first and at its last ping (-1
 *	before either)
 * @err: 0, or the errno of a failed call or -EIO for a wrong token
 */
struct switch_partner {
	struct switch_pair *pair;
	pthread_t thread;
	unsigned long rounds;
	long switches;
	int cpu_seen[2];
	int err;
};

/**
 * struct switch_pair - two threads on one CPU: this one and a partner per
 *	kind of ping
 * @cpu: the CPU every thread of the pair is pinned to
 * @to: the pipe the pings go down (to[1] written here, to[0] read there)
 * @back: the pipe the answers come back on
 * @same: a pipe this thread writes and reads itself (no switch)
 * @word: the futex word: 0 idle, 1 a ping, 2 stop
 * @spare: a futex word nobody waits on (no switch)
 * @pipe: the pipe's partner
 * @futex: the futex's partner
 * @pipe_rounds: pipe pings this thread sent and got answered
 * @futex_rounds: futex pings likewise
 * @wrong: answers that were not what was sent, and failed calls
 * @switches: this thread's context switches when the pair was made
 *	(getrusage(RUSAGE_THREAD))
 * @cpu_seen: the CPU this thread ran on when the pair was made (-1 not
 *	known)
 * @old_mask: this thread's affinity before it was pinned, put back by
 *	switch_pair_destroy()
 */
struct switch_pair {
	int cpu;
	int to[2], back[2], same[2];
	int word, spare;
	struct switch_partner pipe, futex;
	unsigned long pipe_rounds, futex_rounds, wrong;
	long switches;
	int cpu_seen;
	cpu_set_t old_mask;
};

/**
 * switch_pick_cpu() - the CPU a pair should be pinned to
 *
 * The highest-numbered CPU this thread may run on, on a machine of at
 * least two online CPUs.
 *
 * Return: the CPU; -ENODEV on a machine of one CPU; -errno when the
 * affinity cannot be read.
 */
int switch_pick_cpu(void);

/**
 * switch_pair_create() - pin this thread to @cpu and start its partners
 *	there
 * @cpu: the CPU
 * @out: receives the pair
 *
 * Context: one pair at a time per thread; this thread stays pinned until
 * switch_pair_destroy().
 * Return: 0; -EINVAL or -EPERM when the thread cannot be pinned (nothing
 * changed); -ENOMEM, -EMFILE, -EAGAIN when a pipe, the memory or a thread
 * cannot be had (nothing left behind).
 */
int switch_pair_create(int cpu, struct switch_pair **out);

/**
 * switch_pair_destroy() - stop the partners, close the pipes, unpin this
 *	thread, free @sp (NULL: nothing)
 * @sp: the pair
 *
 * Return: 0; the first partner's error; -EIO when a partner answered a
 * number of pings other than the ones sent.  @sp's figures are read
 * before (switch_pair_check()).
 */
int switch_pair_destroy(struct switch_pair *sp);

/* @sp's pipe ping, @rounds times: write a token, read the answer */
void switch_pipe_pingpong(struct switch_pair *sp, unsigned long rounds);

/* @sp's futex ping, @rounds times: raise the word, wake, wait for 0 */
void switch_futex_pingpong(struct switch_pair *sp, unsigned long rounds);

/* the pipe's two calls with no switch: write to and read from @sp->same */
void switch_pipe_alone(struct switch_pair *sp, unsigned long rounds);

/* the futex's two calls with no switch: a wake nobody waits for, a wait
 * on a word that does not hold the value (EAGAIN) */
void switch_futex_alone(struct switch_pair *sp, unsigned long rounds);

/**
 * switch_pair_check() - did the pair do what the loops say
 * @sp: the pair, its partners still running
 *
 * No wrong answer or failed call on either side; each partner answered
 * as many pings as were sent; every thread seen on @sp->cpu; and the
 * threads switched out as one CPU makes them (getrusage(RUSAGE_THREAD)):
 * this one at least once a ping (its partner ran meanwhile), each partner
 * at least once between two of its pings (read at its last one).
 * Reports through the check handler.
 *
 * Return: true when all of that holds.
 */
bool switch_pair_check(struct switch_pair *sp);
#define switch_pair_check(sp) CHECK_CALLER(switch_pair_check, (sp))

/**
 * struct kswitch - kstruct's switch: a one-CPU machine of two tasks, one
 *	running, the other asleep
 * @class: the class the machine runs
 * @task: the two tasks
 * @step_ns: the machine's clock advance per switch
 * @ns: the clock past the last tick
 * @switches: switches made
 * @wrong: a schedule() that did not pick the task just woken
 */
struct kswitch {
	const struct sched_class *class;
	struct task_struct *task[2];
	unsigned long step_ns;
	unsigned long ns;
	unsigned long switches, wrong;
};

/**
 * kswitch_create() - build the machine
 * @ks: filled
 * @class: a selectable class (sched_classes[])
 * @step_ns: ns its clock advances a switch (a tick at every TICK_NSEC)
 *
 * Context: no scheduler machine may exist (this makes one).
 * Return: 0, or a negative errno (nothing left behind).
 */
int kswitch_create(struct kswitch *ks, const struct sched_class *class,
		   unsigned long step_ns);

/**
 * kswitch_run() - @n switches: wake the sleeping task, put the running
 *	one to sleep, schedule()
 * @ks: the machine
 * @n: switches
 */
void kswitch_run(struct kswitch *ks, unsigned long n);

/**
 * kswitch_check() - the machine after the loops: sched_check(), one task
 *	running, the other asleep off the queue, no wrong pick
 * @ks: the machine
 *
 * Reports through the check handler.  Return: true when sound.
 */
bool kswitch_check(const struct kswitch *ks);
#define kswitch_check(ks) CHECK_CALLER(kswitch_check, (ks))

/* kswitch_destroy() - tear the machine down */
void kswitch_destroy(struct kswitch *ks);

#endif /* KSTRUCT_BENCH_SWITCH_H */
