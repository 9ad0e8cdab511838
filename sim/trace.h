/* SPDX-License-Identifier: MIT */
/*
 * sim/trace.h - the simulator's traces: ftrace text and Chrome JSON.
 *
 * Not a port of a kernel file.  The text format is what the kernel's
 * ftrace prints for the sched_switch, sched_waking and sched_migrate_task
 * tracepoints with the nop tracer (Documentation/trace/ftrace.rst), so
 * that Perfetto (ui.perfetto.dev) and other systrace readers open it as
 * per-CPU tracks:
 *
 *   # tracer: nop
 *        hog-3     [001] d..2 0.004000: sched_switch: prev_comm=hog ...
 *
 * Differences from a real ftrace buffer: no "entries-in-buffer" line (the
 * trace is streamed and its length is not known in advance); the idle
 * task is written as "swapper/N" pid 0 everywhere, also in the leading
 * task column where ftrace prints "<idle>"; every line has the flags
 * "d..2"; timestamps are tick times, so events of one tick share one.
 * The Chrome trace-event JSON shows one track per CPU with a slice per
 * run of a task, and instant events for wake-ups and migrations.
 */
#ifndef KSTRUCT_SIM_TRACE_H
#define KSTRUCT_SIM_TRACE_H

#include <stdio.h>

#include "sim/workload.h"

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
 * @chrome: Chrome trace-event JSON output
 * @hz: ticks per second of the virtual clock
 * @nr_cpus: CPUs of the machine
 * @chrome_events: events written to @chrome so far, metadata included
 * @slice: per CPU, the task running since @slice.start (for Chrome)
 */
struct sim_trace {
	FILE *text;
	FILE *chrome;
	unsigned int hz;
	unsigned int nr_cpus;
	unsigned long chrome_events;
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
 * @chrome: where Chrome JSON goes, or NULL
 * @hz: ticks per second (timestamps are tick / @hz seconds)
 * @nr_cpus: CPUs (1..SIM_MAX_CPUS); each starts idle
 *
 * Return: 0, or -EINVAL for a bad @hz or @nr_cpus.
 */
int sim_trace_begin(struct sim_trace *tr, FILE *text, FILE *chrome,
		    unsigned int hz, unsigned int nr_cpus);

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
 */
void sim_trace_switch(struct sim_trace *tr, unsigned long long tick,
		      unsigned int cpu, const struct sim_trace_task *prev,
		      char prev_state, const struct sim_trace_task *next);

/**
 * sim_trace_waking() - @p is being woken, to run on @target_cpu
 * @tr: the trace
 * @tick: virtual time
 * @cpu: the CPU the wake-up happens on
 * @curr: the task running on @cpu (shown in the leading column)
 * @p: the task woken
 * @target_cpu: where it will be queued
 */
void sim_trace_waking(struct sim_trace *tr, unsigned long long tick,
		      unsigned int cpu, const struct sim_trace_task *curr,
		      const struct sim_trace_task *p, unsigned int target_cpu);

/**
 * sim_trace_migrate() - @p moved from @orig_cpu's runqueue to @dest_cpu's
 * @tr: the trace
 * @tick: virtual time
 * @cpu: the CPU doing the move (the puller, for load_balance)
 * @curr: the task running on @cpu
 * @p: the task moved
 * @orig_cpu: its old CPU
 * @dest_cpu: its new CPU
 */
void sim_trace_migrate(struct sim_trace *tr, unsigned long long tick,
		       unsigned int cpu, const struct sim_trace_task *curr,
		       const struct sim_trace_task *p, unsigned int orig_cpu,
		       unsigned int dest_cpu);

/**
 * sim_trace_end() - close the open slices, end the JSON, flush
 * @tr: the trace
 * @tick: the time the run ended
 *
 * Return: 0, or -EIO when a write failed.
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
