/* SPDX-License-Identifier: MIT */
/*
 * sim/trace.h - the simulator's traces: ftrace text and Chrome JSON.
 *
 * Not a port of a kernel file.  The text format is what the kernel's
 * ftrace prints for the sched_switch, sched_waking, sched_wakeup_new,
 * sched_migrate_task, sched_process_fork and sched_process_exit
 * tracepoints with the nop tracer (Documentation/trace/ftrace.rst; the
 * fields are those of include/trace/events/sched.h), so that Perfetto
 * (ui.perfetto.dev) and other systrace readers open it:
 *
 *   # tracer: nop
 *        hog-3     [001] d..2 0.004000: sched_switch: prev_comm=hog ...
 *
 * docs/sim.md gives every line's layout.  Differences from a real ftrace
 * buffer: no "entries-in-buffer" line (the trace is streamed and its
 * length is not known in advance); the idle task is written as
 * "swapper/N" pid 0 everywhere, also in the leading task column where
 * ftrace prints "<idle>"; every line has the flags "d..2"; timestamps are
 * tick times, so events of one tick share one; a wake-up's line is
 * written on the CPU the task is queued on, with that CPU's current task
 * in the leading column.
 *
 * The Chrome trace-event JSON has two processes: "CPUs" (pid 0), a thread
 * per CPU (tid = CPU number) with a slice per run of a task, and "Tasks"
 * (pid 1), a thread per task (tid = its pid) with a slice per run, named
 * after the CPU, and instant events for its wake-ups, migrations, forks
 * and exit.  Each event is written with jansson as it happens, so a trace
 * of a million tasks never needs the whole document in memory.
 *
 * Every write is checked: the first one that fails makes this and every
 * later call return its error, and @failed names the file.
 */
#ifndef KSTRUCT_SIM_TRACE_H
#define KSTRUCT_SIM_TRACE_H

#include <stdio.h>

#include "sim/workload.h"

/* the Chrome trace's processes */
#define SIM_TRACE_CPUS_PID 0
#define SIM_TRACE_TASKS_PID 1

/**
 * struct sim_trace_task - what a trace line says about a task
 * @comm: its name, without spaces (at most SIM_NAME_LEN - 1 characters)
 * @pid: its pid; 0 for the idle task
 * @prio: its priority (0..139; the idle task's is 140, MAX_PRIO)
 */
struct sim_trace_task {
	const char *comm;
	int pid;
	int prio;
};

/**
 * struct sim_trace - an open trace (either file may be NULL)
 * @text: ftrace text output
 * @text_path: its name, for messages
 * @chrome: Chrome trace-event JSON output
 * @chrome_path: its name, for messages
 * @hz: ticks per second of the virtual clock
 * @nr_cpus: CPUs of the machine
 * @err: 0, or the error of the first write that failed (-ENOSPC, ...)
 * @failed: the path of the file that write failed on, or NULL
 * @chrome_events: events written to @chrome so far, metadata included
 * @named: bitmap of the pids whose Chrome thread has been named
 * @named_bits: bits in @named
 * @slice: per CPU, the task running since @slice.start (for Chrome)
 */
struct sim_trace {
	FILE *text;
	const char *text_path;
	FILE *chrome;
	const char *chrome_path;
	unsigned int hz;
	unsigned int nr_cpus;
	int err;
	const char *failed;
	unsigned long chrome_events;
	unsigned long *named;
	unsigned long named_bits;
	struct {
		unsigned long long start;
		char comm[SIM_NAME_LEN];
		int pid;
		int prio;
	} slice[SIM_MAX_CPUS];
};

/**
 * sim_trace_begin() - write the headers
 * @tr: the trace to set up
 * @text: where ftrace text goes, or NULL
 * @text_path: its name for messages (NULL: "the trace")
 * @chrome: where Chrome JSON goes, or NULL
 * @chrome_path: its name for messages (NULL: "the Chrome trace")
 * @hz: ticks per second (timestamps are tick / @hz seconds)
 * @nr_cpus: CPUs (1..SIM_MAX_CPUS); each starts idle
 *
 * Context: allocates (jansson's objects with malloc, the bitmap of named
 * tasks with kmalloc); sim_trace_end() frees it all.
 * Return: 0, -EINVAL for a bad @hz or @nr_cpus (nothing written), or the
 * error of a write (@tr->failed names the file), -ENOMEM.
 */
int sim_trace_begin(struct sim_trace *tr, FILE *text, const char *text_path,
		    FILE *chrome, const char *chrome_path, unsigned int hz,
		    unsigned int nr_cpus);

/**
 * sim_trace_switch() - @cpu switched from @prev to @next at @tick
 * @tr: the trace
 * @tick: virtual time in ticks
 * @cpu: the CPU
 * @prev: the task leaving the CPU
 * @prev_state: 'R' (preempted, still runnable), 'S' (sleeping), 'D'
 *	(uninterruptible), 'T' (stopped), 'Z' (exited, a zombie) or 'X'
 *	(exited and released)
 * @next: the task taking the CPU
 *
 * Return: 0, or the first write error of @tr (then nothing is written).
 */
int sim_trace_switch(struct sim_trace *tr, unsigned long long tick,
		     unsigned int cpu, const struct sim_trace_task *prev,
		     char prev_state, const struct sim_trace_task *next);

/**
 * sim_trace_waking() - @p is being woken, to run on @target_cpu
 * @tr: the trace
 * @tick: virtual time
 * @cpu: the CPU the line is written on
 * @curr: the task running on @cpu (shown in the leading column)
 * @p: the task woken
 * @target_cpu: where it will be queued
 *
 * Return: as sim_trace_switch().
 */
int sim_trace_waking(struct sim_trace *tr, unsigned long long tick,
		     unsigned int cpu, const struct sim_trace_task *curr,
		     const struct sim_trace_task *p, unsigned int target_cpu);

/**
 * sim_trace_wakeup_new() - a new task @p is woken for the first time
 * @tr: the trace
 * @tick: virtual time
 * @cpu: the CPU the line is written on
 * @curr: the task running on @cpu
 * @p: the new task
 * @target_cpu: where it is queued
 *
 * Return: as sim_trace_switch().
 */
int sim_trace_wakeup_new(struct sim_trace *tr, unsigned long long tick,
			 unsigned int cpu, const struct sim_trace_task *curr,
			 const struct sim_trace_task *p,
			 unsigned int target_cpu);

/**
 * sim_trace_migrate() - @p moved from @orig_cpu's runqueue to @dest_cpu's
 * @tr: the trace
 * @tick: virtual time
 * @cpu: the CPU doing the move (the puller, for load_balance)
 * @curr: the task running on @cpu
 * @p: the task moved
 * @orig_cpu: its old CPU
 * @dest_cpu: its new CPU
 *
 * Return: as sim_trace_switch().
 */
int sim_trace_migrate(struct sim_trace *tr, unsigned long long tick,
		      unsigned int cpu, const struct sim_trace_task *curr,
		      const struct sim_trace_task *p, unsigned int orig_cpu,
		      unsigned int dest_cpu);

/**
 * sim_trace_fork() - @parent, running on @cpu, forked @child
 * @tr: the trace
 * @tick: virtual time
 * @cpu: the parent's CPU
 * @parent: the forking task
 * @child: the new task
 *
 * Return: as sim_trace_switch().
 */
int sim_trace_fork(struct sim_trace *tr, unsigned long long tick,
		   unsigned int cpu, const struct sim_trace_task *parent,
		   const struct sim_trace_task *child);

/**
 * sim_trace_exit() - @p, running on @cpu, exits
 * @tr: the trace
 * @tick: virtual time
 * @cpu: its CPU
 * @p: the task
 *
 * Return: as sim_trace_switch().
 */
int sim_trace_exit(struct sim_trace *tr, unsigned long long tick,
		   unsigned int cpu, const struct sim_trace_task *p);

/**
 * sim_trace_end() - close the open slices, end the JSON, flush, free
 * @tr: the trace
 * @tick: the time the run ended
 *
 * Return: 0, or the first write error (@tr->failed names the file).
 */
int sim_trace_end(struct sim_trace *tr, unsigned long long tick);

/**
 * sim_trace_timestamp() - format @tick as seconds with 6 decimals
 * @buf: at least 32 bytes
 * @tick: the time in ticks
 * @hz: ticks per second
 */
void sim_trace_timestamp(char *buf, unsigned long long tick, unsigned int hz);

#endif /* KSTRUCT_SIM_TRACE_H */
