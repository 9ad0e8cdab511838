/* SPDX-License-Identifier: MIT */
/*
 * tools/sim_html.h - "kstruct sim --html FILE": one self-contained HTML
 * page per simulator run, the explorer of that run.
 *
 * Not a port of a kernel file.  A struct sim_html is an observer of one
 * or more runs (struct sim_observer, sim/sim.h: one run, or one per
 * class with --compare); it records every task's runs on every CPU,
 * every task's state over time and, on a bounded set of ticks, every
 * runqueue as its class describes it (sched_snapshot()).  Once the runs
 * are over, sim_html_write() writes the page: inline CSS, JavaScript and
 * SVG, nothing loaded from anywhere.  docs/sim.md describes the page.
 *
 * The page holds, per run:
 *   - a Gantt chart, a row per CPU, with one <rect class="run"> for each
 *     switch to a task other than the idle task: the interval from that
 *     switch to the CPU's next switch (or the end of the run), its
 *     <title> giving the task, pid, prio, length, why it ended (a line
 *     starting with enum sim_html_why's word, then the class's reason,
 *     struct sched_reason, or the event it slept on, from the observer's
 *     @why) and why it was picked (a line "picked: RULE (a = .., b = ..)");
 *   - a row per task: running, runnable, sleeping;
 *   - the class's quantities over time (sleep_avg, counter, vruntime,
 *     deadline, V, nr_running, ...: struct html_series), read from the
 *     snapshots at every tick and kept as their changes, and every
 *     wake-up with the tick its task next ran, as JSON;
 *   - every migration, a mark on its task's row with the reason its
 *     mover gave (struct sched_reason, kind enum sched_migrate_kind);
 *   - the runqueues as their changes (the recording rule below), as JSON
 *     the page's script rebuilds and draws by their "kind";
 * and, once, the JSON report that --json prints for the same options
 * (sim_report_json(), or sim_compare_json()'s document for several runs),
 * with every '<' written as \u003c so that no "</script>" can end it
 * early.
 *
 * The recording rule: each CPU's runqueue (sched_snapshot()) is a stream
 * of frames, each the changes since the frame before, at the end of
 * every tick that changed it and right after every pick (the observer's
 * queue_at_pick), with a whole key frame now and then and at the last
 * tick.  When a run's frames would outgrow its budget (limits.
 * snapshot_bytes divided by the number of runs) by the end of the run,
 * at the rate they have grown, the ends of ticks are recorded every 2nd
 * tick from then on (then every 4th, ...), and the picks only while
 * within the budget.  The page says which ticks it holds; its slider
 * steps through them.  tools/sim_html.c (struct html_stream) gives the
 * format; docs/sim.md the why.
 */
#ifndef KSTRUCT_TOOLS_SIM_HTML_H
#define KSTRUCT_TOOLS_SIM_HTML_H

#include <stddef.h>
#include <stdio.h>

struct sim_html;
struct sim_options;
struct sim_report;
struct sim_workload;

/* the limits of one page (sim_html_new() with NULL limits) */
#define SIM_HTML_MAX_RUNS 30000 /* rect.run over the page */
#define SIM_HTML_MAX_TASKS 1000 /* tasks per run */
#define SIM_HTML_SNAPSHOT_BYTES (12u << 20) /* runqueue JSON per page */

/**
 * struct sim_html_limits - how large a page may grow
 * @max_runs: rect.run over the whole page; a run that goes beyond stops
 *	with -EFBIG
 * @max_tasks: tasks per run; beyond it, -EFBIG
 * @snapshot_bytes: runqueue frames over the whole page (shared equally by
 *	the runs), the budget of the recording rule
 */
struct sim_html_limits {
	unsigned long max_runs;
	unsigned long max_tasks;
	size_t snapshot_bytes;
};

/**
 * enum sim_html_why - why a task's run on a CPU ended
 * @SIM_HTML_PREEMPTED: switched out still runnable (its slice ran out, a
 *	task it must yield to woke, ...): prev_state R, none of the below
 * @SIM_HTML_YIELDED: switched out still runnable in the tick it called
 *	sched_yield() on that CPU
 * @SIM_HTML_MIGRATED: switched out still runnable to the idle task, and
 *	the task's next event, in that tick, is its move off that CPU (a
 *	migration thread serving set_cpus_allowed())
 * @SIM_HTML_SLEPT: switched out asleep (prev_state S or D)
 * @SIM_HTML_EXITED: switched out dead (prev_state Z or X)
 * @SIM_HTML_STOPPED: switched out stopped (prev_state T)
 * @SIM_HTML_RUN_ENDED: still running when the run ended
 */
enum sim_html_why {
	SIM_HTML_PREEMPTED,
	SIM_HTML_YIELDED,
	SIM_HTML_MIGRATED,
	SIM_HTML_SLEPT,
	SIM_HTML_EXITED,
	SIM_HTML_STOPPED,
	SIM_HTML_RUN_ENDED,
};

/**
 * sim_html_new() - start a page
 * @limits: its limits, or NULL for SIM_HTML_MAX_RUNS, SIM_HTML_MAX_TASKS
 *	and SIM_HTML_SNAPSHOT_BYTES
 * @nr_runs: the runs it will hold (1, or one per class with --compare),
 *	1..SIM_HTML_MAX_PAGE_RUNS
 * @out: the page
 *
 * Return: 0, -EINVAL (bad @nr_runs or a zero limit) or -ENOMEM.
 */
int sim_html_new(const struct sim_html_limits *limits, unsigned int nr_runs,
		 struct sim_html **out);

/* runs one page can hold side by side */
#define SIM_HTML_MAX_PAGE_RUNS 8

/**
 * sim_html_begin_run() - record the next run
 * @h: the page
 * @label: the run's name on the page (its class: "o1"); copied
 * @opt: the run's options: @opt->observer is set to the page's
 *
 * Context: before sim_create() with @opt; the previous run, if any, is
 * ended (sim_html_end_run()).
 * Return: 0, -EINVAL (more runs than sim_html_new() was told, or a run
 * still open), -ENOMEM.
 */
int sim_html_begin_run(struct sim_html *h, const char *label,
		       struct sim_options *opt);

/**
 * sim_html_end_run() - the run is over: close it and keep its report
 * @h: the page
 * @r: the run's report (sim_report(), before sim_destroy())
 * @wl: its workload
 *
 * Return: 0, the error that stopped the recording (-EFBIG past a limit,
 * -ENOMEM), -EINVAL when no run is open, or an error of
 * sim_report_json() (one run) or sim_compare_json() (several).
 */
int sim_html_end_run(struct sim_html *h, const struct sim_report *r,
		     const struct sim_workload *wl);

/**
 * sim_html_why() - what went wrong, for a message
 * @h: the page
 *
 * Return: a sentence saying which limit a run went past and what to do
 * ("the page would hold more than 30000 task runs (at tick 1234 of
 * o1): shorten the run with --duration"), or NULL when none was.
 */
const char *sim_html_why(const struct sim_html *h);

/**
 * sim_html_write() - write the page
 * @h: the page, every run ended
 * @out: where it goes
 *
 * The same runs give the same page, byte for byte.
 *
 * Return: 0, -EINVAL (a run still open, or none), -ENOMEM, or -EIO when
 * writing failed.
 */
int sim_html_write(struct sim_html *h, FILE *out);

/**
 * sim_html_free() - free a page (or NULL)
 * @h: the page
 */
void sim_html_free(struct sim_html *h);

#endif /* KSTRUCT_TOOLS_SIM_HTML_H */
