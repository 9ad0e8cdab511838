/* SPDX-License-Identifier: MIT */
/*
 * tools/tracestat.h - per-task figures from an ftrace text trace: a real
 * kernel's (the reference rig's guest, scripts/kernel-rig.sh) or kstruct
 * sim's --trace, read the same way over the same window.
 *
 * Not a port of a kernel file.  It reads the lines of the sched_switch,
 * sched_wakeup, sched_waking, sched_wakeup_new and sched_migrate_task
 * tracepoints as ftrace's "trace" file prints them (the formats of
 * include/trace/events/sched.h: "COMM-PID [CPU] FLAGS SECONDS: EVENT:
 * FIELDS", the flags column optional), and ignores every other line but
 * two that make the trace unusable: ftrace's "[LOST N EVENTS]" and a
 * header whose entries-written exceeds its entries-in-buffer (the ring
 * buffer overwrote events).
 *
 * The tasks it reports are named by the caller (struct tracestat_name):
 * a task of a workload is found by its comm, exactly ("hog-0", as kstruct
 * names instances) or, failing that, as the n-th task by pid of those
 * whose comm is the workload task's name cut to 15 characters (rt-app
 * 1.0 gives every instance the task's own name).
 *
 * The window starts at the first switch to a reported task (as the comm
 * was then) plus a warm-up, and lasts a given time, or to the trace's
 * last event.  Over it, per task:
 *   run      time on a CPU
 *   wait     time runnable and not running: from a wake-up, or from a
 *            switch-out in state R (preempted), to the next switch-in
 *   switches switch-ins
 *   migr     sched_migrate_task events (wake-up placements included)
 *   latency  from a wake-up (sched_waking or sched_wakeup, whichever
 *            comes first) to the switch-in that follows, for wake-ups in
 *            the window; a new task's first run (sched_wakeup_new) is
 *            not a wake-up
 *   activation  from a wake-up (or sched_wakeup_new) to the switch-out in
 *            a sleeping state (any but R): its CPU time, counted whole,
 *            for the activations that end in the window
 *   loops    for a task whose loop waits on a timer (the caller gives
 *            the CPU time one loop asks for), the loops those activations
 *            held: a loop that ends after its timer's expiry does not
 *            sleep, so one activation may hold several, and the trace
 *            has no event between them; each activation is counted as
 *            the whole number of loops nearest its CPU time over the
 *            loop's (at least one)
 *   sleep    from a switch-out in a sleeping state to the wake-up that
 *            ends it: its length, counted whole, for the wake-ups in the
 *            window
 * Intervals that cross the window's edges count for their part inside.
 *
 * And per CPU, the machine's own threads (a real kernel's kworkers,
 * ksoftirqd, rcu_preempt, migration, the guest's init): every time on the
 * CPU of a task that is neither reported nor the idle task (pid 0), from
 * its switch-in to the switch-out that ends it in the window, counted
 * whole.
 */
#ifndef KSTRUCT_TOOLS_TRACESTAT_H
#define KSTRUCT_TOOLS_TRACESTAT_H

#include <stddef.h>
#include <stdio.h>

/* the kernel's TASK_COMM_LEN - 1: what a comm keeps of a longer name */
#define TRACESTAT_COMM_MAX 15

/**
 * struct tracestat_name - a task to report
 * @label: how the report calls it ("hog-0", "periodic")
 * @name: the workload task's name ("hog")
 * @instance: which instance of @name this is, from 0
 * @loop_ns: for a task whose loop runs then waits on a timer, the CPU
 *	time one loop asks for (the workload's runs); 0 for any other
 */
struct tracestat_name {
	const char *label;
	const char *name;
	unsigned int instance;
	long long loop_ns;
};

/**
 * struct tracestat_figures - one task's figures over the window
 * @found: whether the trace has the task
 * @pid: its pid in the trace
 * @run_ns: time on a CPU
 * @wait_ns: time runnable, not running
 * @switches: switch-ins
 * @migrations: sched_migrate_task events
 * @wakeups: wake-ups measured (the latency samples)
 * @lat_p50_ns: median wake-up latency (nearest rank); 0 without samples
 * @lat_p99_ns: 99th percentile (nearest rank)
 * @lat_max_ns: the largest
 * @activations: activations that ended in the window
 * @activation_ns: their CPU time, summed
 * @loops: the loops they held (0 unless the name has a @loop_ns)
 * @sleeps: sleeps that ended in the window
 * @sleep_ns: their lengths, summed
 */
struct tracestat_figures {
	int found;
	int pid;
	long long run_ns;
	long long wait_ns;
	unsigned long switches;
	unsigned long migrations;
	unsigned long wakeups;
	long long lat_p50_ns;
	long long lat_p99_ns;
	long long lat_max_ns;
	unsigned long activations;
	long long activation_ns;
	unsigned long loops;
	unsigned long sleeps;
	long long sleep_ns;
};

/* the CPUs a trace's [CPU] column may name: 0 .. this - 1 */
#define TRACESTAT_MAX_CPUS 1024

/**
 * struct tracestat_others - the tasks not reported (but the idle task)
 *	on one CPU over the window
 * @switches: their times on the CPU that ended in the window
 * @run_ns: those times, summed
 */
struct tracestat_others {
	unsigned long switches;
	long long run_ns;
};

/**
 * struct tracestat_window - the window asked for
 * @warmup_ns: from the first switch to a reported task to the start
 * @length_ns: its length; 0: to the trace's last event
 */
struct tracestat_window {
	long long warmup_ns;
	long long length_ns;
};

/**
 * struct tracestat_result - what tracestat_read() found
 * @start_ns: the window's start, trace time
 * @end_ns: its end
 * @first_ns: the first switch to a reported task
 * @events: the events read (the five tracepoints)
 * @tasks: per name given, in that order
 * @nr_cpus: the highest CPU with a sched_switch, plus one
 * @others: per CPU (@nr_cpus), the tasks not reported
 */
struct tracestat_result {
	long long start_ns;
	long long end_ns;
	long long first_ns;
	unsigned long events;
	struct tracestat_figures *tasks;
	unsigned int nr_cpus;
	struct tracestat_others *others;
};

/**
 * tracestat_read() - read a trace and work out the figures
 * @f: the trace, ftrace text
 * @names: the tasks to report
 * @nr_names: how many (at least 1)
 * @window: the window
 * @out: the result; @out->tasks is allocated with @nr_names entries
 * @err: a message on failure ("line 12: ..."), or NULL
 * @errlen: its size
 *
 * A task not in the trace is not an error (@found is 0); a trace where
 * none is switched to, that lost events, that ends before the window
 * does, or whose known events are malformed, is.
 *
 * Context: allocates with kmalloc; tracestat_free() frees @out.
 * Return: 0; -EINVAL (a bad trace: @err says why), -ENOMEM, or the errno
 * of a read error.
 */
int tracestat_read(FILE *f, const struct tracestat_name *names,
		   unsigned int nr_names, const struct tracestat_window *window,
		   struct tracestat_result *out, char *err, size_t errlen);

/**
 * tracestat_free() - free what tracestat_read() allocated
 * @res: the result (its memory, not the structure)
 */
void tracestat_free(struct tracestat_result *res);

#endif /* KSTRUCT_TOOLS_TRACESTAT_H */
