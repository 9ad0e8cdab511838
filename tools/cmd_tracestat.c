// SPDX-License-Identifier: MIT
/*
 * tools/cmd_tracestat.c - "kstruct tracestat": a workload's tasks in real
 * kernels' ftrace traces and in kstruct sim's, over one window, side by
 * side (the reference rig's analyser: scripts/kernel-rig.sh,
 * docs/validation.md).
 *
 * Not a port of a kernel file.  tools/tracestat.c reads each trace; this
 * file names the tasks after the workload (as kstruct sim and rt-app name
 * their threads), sums the runs up (mean, min and max over the real
 * traces), prints the table, checks shares (--check-share) and writes the
 * workload with the measured demand (--demand).
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compat/slab.h"
#include "sim/workload.h"
#include "tools/cli.h"
#include "tools/cmd_tracestat.h"
#include "tools/kstruct.h"
#include "tools/outfile.h"
#include "tools/tracestat.h"

#define WHO "kstruct tracestat"
/* --warmup and --window: up to a day, in microseconds */
#define MAX_USEC (86400ull * 1000000)
#define MAX_TRACES 64

static void usage(FILE *out)
{
	fprintf(out,
		"usage: kstruct tracestat -w WORKLOAD [OPTIONS] [TRACE...]\n"
		"\n"
		"Reads ftrace text traces of WORKLOAD's tasks (sched_switch, sched_wakeup\n"
		"or sched_waking, sched_wakeup_new, sched_migrate_task): TRACE... from\n"
		"real kernels, --kstruct FILE from 'kstruct sim --trace', all over the\n"
		"same window, and prints per task the real traces' mean and min-max\n"
		"range beside kstruct's figure: CPU share, time waiting, switch-ins per\n"
		"second, migrations, wake-up latency p50/p99/max, CPU time per\n"
		"activation (from a wake-up to the next sleep) and, for a task whose\n"
		"loop waits on a timer, per loop (an activation holds the whole number\n"
		"of loops nearest its CPU time over the workload's run: a loop that\n"
		"ends after its timer's expiry runs on without sleeping), the mean\n"
		"sleep (from a sleep to the wake-up that ends it).\n"
		"\n"
		"  -w, --workload FILE  the rt-app JSON workload: its tasks are reported,\n"
		"                       instance N of a task T as T-N (rt-app names every\n"
		"                       instance T: the N-th by pid is T-N)\n"
		"      --kstruct FILE   kstruct sim's trace of the same workload\n"
		"      --warmup SEC     the window starts SEC after the trace's first\n"
		"                       switch to a task of the workload (default 1)\n"
		"      --window SEC     and lasts SEC (default: to the trace's end)\n"
		"      --markdown       the table in Markdown\n"
		"      --check-share P  fail (exit 3) unless each task's kstruct CPU share\n"
		"                       is within max(P, the real min-max spread) points\n"
		"                       of the real mean\n"
		"      --demand FILE    write WORKLOAD with each sleeping task's run\n"
		"                       events scaled so that an activation (a loop, on a\n"
		"                       timer) uses the CPU time the real traces\n"
		"                       measured (rt-app's calibrated loop is not\n"
		"                       exact), and its sleep set to the mean sleep\n"
		"                       they measured (a busy emulator's timers fire\n"
		"                       late), and with one task per CPU for the\n"
		"                       machine's own threads there (\"kthreads-N\",\n"
		"                       pinned to CPU N: every task switched in that\n"
		"                       is neither the workload's nor the idle task),\n"
		"                       running their mean CPU time per switch-in as\n"
		"                       often a second as they were switched in;\n"
		"                       needs plain JSON\n"
		"  -h, --help           this text\n"
		"\n"
		"Exit status: 0; 1 for a bad trace or workload, or an output that\n"
		"cannot be written; 2 for a usage error; 3 when --check-share fails.\n");
}

/**
 * struct tracestat_cmd - the command's state
 * @workload: --workload's path
 * @kstruct: --kstruct's path, or NULL
 * @demand: --demand's path, or NULL
 * @markdown: --markdown
 * @check_centi: --check-share in hundredths of a point, or -1
 * @window: the window
 * @traces: the real traces' paths
 * @nr_traces: how many
 * @wl: the workload
 * @names: its tasks, an instance each
 * @labels: the labels @names point to
 * @nr_names: how many
 * @real: per real trace, its figures
 * @sim: kstruct's figures (tasks NULL without --kstruct)
 */
struct tracestat_cmd {
	const char *workload;
	const char *kstruct;
	const char *demand;
	int markdown;
	long long check_centi;
	struct tracestat_window window;
	char **traces;
	unsigned int nr_traces;
	struct sim_workload *wl;
	struct tracestat_name *names;
	char (*labels)[64];
	unsigned int nr_names;
	struct tracestat_result real[MAX_TRACES];
	struct tracestat_result sim;
};

/* ------------------------------------------------------------ figures */

/*
 * struct tracestat_metric - a row of the table
 * @what: its name
 * @decimals: how it is printed
 * @get: the figure of @f over a window of @window_ns, false when @f has
 *	none (no wake-up, no activation)
 */
struct tracestat_metric {
	const char *what;
	int decimals;
	int (*get)(const struct tracestat_figures *f, long long window_ns,
		   double *v);
};

static int get_share(const struct tracestat_figures *f, long long w, double *v)
{
	*v = 100.0 * (double)f->run_ns / (double)w;
	return 1;
}

static int get_wait(const struct tracestat_figures *f, long long w, double *v)
{
	*v = 100.0 * (double)f->wait_ns / (double)w;
	return 1;
}

static int get_switches(const struct tracestat_figures *f, long long w,
			double *v)
{
	*v = (double)f->switches * 1e9 / (double)w;
	return 1;
}

static int get_migrations(const struct tracestat_figures *f, long long w,
			  double *v)
{
	(void)w;
	*v = (double)f->migrations;
	return 1;
}

static int get_p50(const struct tracestat_figures *f, long long w, double *v)
{
	(void)w;
	*v = (double)f->lat_p50_ns / 1e6;
	return f->wakeups > 0;
}

static int get_p99(const struct tracestat_figures *f, long long w, double *v)
{
	(void)w;
	*v = (double)f->lat_p99_ns / 1e6;
	return f->wakeups > 0;
}

static int get_max(const struct tracestat_figures *f, long long w, double *v)
{
	(void)w;
	*v = (double)f->lat_max_ns / 1e6;
	return f->wakeups > 0;
}

static int get_activation(const struct tracestat_figures *f, long long w,
			  double *v)
{
	(void)w;
	if (!f->activations)
		return 0;
	*v = (double)f->activation_ns / (double)f->activations / 1e6;
	return 1;
}

static int get_loop(const struct tracestat_figures *f, long long w, double *v)
{
	(void)w;
	if (!f->loops)
		return 0;
	*v = (double)f->activation_ns / (double)f->loops / 1e6;
	return 1;
}

static int get_sleep(const struct tracestat_figures *f, long long w, double *v)
{
	(void)w;
	if (!f->sleeps)
		return 0;
	*v = (double)f->sleep_ns / (double)f->sleeps / 1e6;
	return 1;
}

static const struct tracestat_metric metrics[] = {
	{ "CPU share (%)", 1, get_share },
	{ "waiting (% of time)", 1, get_wait },
	{ "switch-ins per s", 1, get_switches },
	{ "migrations", 0, get_migrations },
	{ "wake-up p50 (ms)", 3, get_p50 },
	{ "wake-up p99 (ms)", 3, get_p99 },
	{ "wake-up max (ms)", 3, get_max },
	{ "CPU per activation (ms)", 3, get_activation },
	{ "CPU per loop (ms)", 3, get_loop },
	{ "sleep (ms, mean)", 3, get_sleep },
};

/* the share metric, which --check-share checks */
#define METRIC_SHARE 0
#define METRIC_ACTIVATION 7
#define METRIC_LOOP 8
#define METRIC_SLEEP 9

/*
 * struct tracestat_summary - one figure of one task over the real traces
 * @n: the traces that have it
 * @mean: their mean
 * @min: the smallest
 * @max: the largest
 * @has_sim: whether kstruct's trace has it
 * @sim: kstruct's
 */
struct tracestat_summary {
	unsigned int n;
	double mean, min, max;
	int has_sim;
	double sim;
};

static void summarise(const struct tracestat_cmd *cmd, unsigned int task,
		      const struct tracestat_metric *m,
		      struct tracestat_summary *s)
{
	unsigned int t;
	double v, sum = 0;

	memset(s, 0, sizeof(*s));
	for (t = 0; t < cmd->nr_traces; t++) {
		const struct tracestat_result *r = &cmd->real[t];

		if (!r->tasks[task].found ||
		    !m->get(&r->tasks[task], r->end_ns - r->start_ns, &v))
			continue;
		if (!s->n || v < s->min)
			s->min = v;
		if (!s->n || v > s->max)
			s->max = v;
		sum += v;
		s->n++;
	}
	if (s->n)
		s->mean = sum / s->n;
	if (cmd->sim.tasks && cmd->sim.tasks[task].found)
		s->has_sim = m->get(&cmd->sim.tasks[task],
				    cmd->sim.end_ns - cmd->sim.start_ns,
				    &s->sim);
}

/* ------------------------------------------------------------ reading */

/*
 * The run time in us that one loop of task @d asks for, when its loop is
 * runs and one wait on a timer (nothing else that blocks); 0 for any
 * other task.  Such a task's activations are counted in loops
 * (tracestat.h): a loop that ends after its timer's expiry runs on into
 * the next without sleeping.
 */
static unsigned long long timer_loop_us(const struct sim_task_desc *d)
{
	unsigned long long run = 0;
	unsigned int k, timers = 0;

	if (d->nr_phases != 1)
		return 0;
	for (k = 0; k < d->phases[0].nr_events; k++) {
		const struct sim_event_desc *ev = &d->phases[0].events[k];

		switch (ev->kind) {
		case SIM_EVENT_RUN:
			run += ev->usec;
			break;
		case SIM_EVENT_TIMER:
			timers++;
			break;
		case SIM_EVENT_NOP:
		case SIM_EVENT_AFFINITY:
		case SIM_EVENT_TASKGROUP:
			break;
		default:
			return 0;
		}
	}
	return timers == 1 ? run : 0;
}

static int load_names(struct tracestat_cmd *cmd)
{
	char err[512];
	unsigned int i, n = 0;
	unsigned long k;
	int ret;

	ret = sim_workload_load(cmd->workload, SIM_MAX_CPUS, &cmd->wl, err,
				sizeof(err));
	if (ret) {
		fprintf(stderr, "%s: %s\n", WHO, err[0] ? err : strerror(-ret));
		return ret;
	}
	for (i = 0; i < cmd->wl->nr_tasks; i++) {
		if (cmd->wl->tasks[i].instances > 1024) {
			fprintf(stderr,
				"%s: %s: task %s has more than 1024 instances\n",
				WHO, cmd->workload, cmd->wl->tasks[i].name);
			return -EINVAL;
		}
		n += (unsigned int)cmd->wl->tasks[i].instances;
	}
	if (!n || n > 4096) {
		fprintf(stderr,
			"%s: %s: %u task instances start (1..4096 reported)\n",
			WHO, cmd->workload, n);
		return -EINVAL;
	}
	cmd->names = kcalloc(n, sizeof(*cmd->names), GFP_KERNEL);
	cmd->labels = kcalloc(n, sizeof(*cmd->labels), GFP_KERNEL);
	if (!cmd->names || !cmd->labels) {
		fprintf(stderr, "%s: %s\n", WHO, strerror(ENOMEM));
		return -ENOMEM;
	}
	for (i = 0; i < cmd->wl->nr_tasks; i++) {
		const struct sim_task_desc *d = &cmd->wl->tasks[i];

		for (k = 0; k < d->instances; k++) {
			/* as kstruct sim names them (sim/sim.c) */
			if (d->instances == 1)
				snprintf(cmd->labels[cmd->nr_names], 64, "%s",
					 d->name);
			else
				snprintf(cmd->labels[cmd->nr_names], 64,
					 "%.40s-%lu", d->name, k);
			cmd->names[cmd->nr_names].label =
				cmd->labels[cmd->nr_names];
			cmd->names[cmd->nr_names].name = d->name;
			cmd->names[cmd->nr_names].instance = (unsigned int)k;
			cmd->names[cmd->nr_names].loop_ns =
				(long long)timer_loop_us(d) * 1000;
			cmd->nr_names++;
		}
	}
	return 0;
}

static int read_trace(struct tracestat_cmd *cmd, const char *path,
		      struct tracestat_result *res)
{
	char err[512];
	FILE *f = fopen(path, "r");
	int ret;

	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", WHO, path, strerror(errno));
		return -errno;
	}
	ret = tracestat_read(f, cmd->names, cmd->nr_names, &cmd->window, res,
			     err, sizeof(err));
	fclose(f);
	if (ret)
		fprintf(stderr, "%s: %s: %s\n", WHO, path,
			ret == -EINVAL && err[0] ? err : strerror(-ret));
	return ret;
}

/* ------------------------------------------------------------ output */

static void print_value(char *buf, size_t len, int has, double v, int dec)
{
	if (has)
		snprintf(buf, len, "%.*f", dec, v);
	else
		snprintf(buf, len, "-");
}

static void print_header(const struct tracestat_cmd *cmd)
{
	const struct tracestat_result *any = cmd->nr_traces ? &cmd->real[0] :
							      &cmd->sim;
	double len = (double)(any->end_ns - any->start_ns) / 1e9;

	if (cmd->markdown)
		printf("%u real trace%s%s; the window is %.3f s long, from %.3f s after the first switch to a task\n",
		       cmd->nr_traces, cmd->nr_traces == 1 ? "" : "s",
		       cmd->kstruct ? " and kstruct's" : "", len,
		       (double)cmd->window.warmup_ns / 1e9);
	else
		printf("workload %s: %u real trace%s%s%s; window %.3f s long, from %.3f s after the first switch to a task\n",
		       cmd->workload, cmd->nr_traces,
		       cmd->nr_traces == 1 ? "" : "s",
		       cmd->kstruct ? ", kstruct: " : "",
		       cmd->kstruct ? cmd->kstruct : "", len,
		       (double)cmd->window.warmup_ns / 1e9);
	if (cmd->markdown)
		printf("\n| task | figure | real mean | real min–max | kstruct |\n"
		       "|---|---|--:|--:|--:|\n");
	else
		printf("%-16s %-24s %10s %17s %10s\n", "task", "figure",
		       "real mean", "real min-max", "kstruct");
}

static void print_table(const struct tracestat_cmd *cmd)
{
	struct tracestat_summary s;
	unsigned int i, m;

	print_header(cmd);
	for (i = 0; i < cmd->nr_names; i++) {
		int first = 1;

		for (m = 0; m < sizeof(metrics) / sizeof(metrics[0]); m++) {
			char mean[32], lo[32], hi[32], range[72], sim[32];
			int dec = metrics[m].decimals;

			summarise(cmd, i, &metrics[m], &s);
			if (!s.n && !s.has_sim)
				continue;
			print_value(mean, sizeof(mean), s.n, s.mean, dec);
			print_value(lo, sizeof(lo), s.n, s.min, dec);
			print_value(hi, sizeof(hi), s.n, s.max, dec);
			print_value(sim, sizeof(sim), s.has_sim, s.sim, dec);
			if (s.n)
				snprintf(range, sizeof(range), "%s%s%s", lo,
					 cmd->markdown ? "–" : "-", hi);
			else
				snprintf(range, sizeof(range), "-");
			if (cmd->markdown)
				printf("| %s | %s | %s | %s | %s |\n",
				       first ? cmd->labels[i] : "",
				       metrics[m].what, mean, range, sim);
			else
				printf("%-16s %-24s %10s %17s %10s\n",
				       first ? cmd->labels[i] : "",
				       metrics[m].what, mean, range, sim);
			first = 0;
		}
	}
}

/* Return: how many tasks fail the share check */
static int check_shares(const struct tracestat_cmd *cmd)
{
	const struct tracestat_metric *m = &metrics[METRIC_SHARE];
	double floor = (double)cmd->check_centi / 100.0;
	struct tracestat_summary s;
	unsigned int i;
	int failed = 0;

	if (cmd->markdown)
		printf("\n");
	for (i = 0; i < cmd->nr_names; i++) {
		double tol;
		int ok;

		summarise(cmd, i, m, &s);
		tol = s.max - s.min > floor ? s.max - s.min : floor;
		ok = s.n && s.has_sim && fabs(s.sim - s.mean) <= tol + 1e-9;
		if (!s.n || !s.has_sim)
			printf("check %s CPU share: missing from %s: FAILED\n",
			       cmd->labels[i],
			       !s.n ? "the real traces" : "kstruct's trace");
		else
			printf("check %s CPU share: kstruct %.1f, real %.1f (%.1f-%.1f), tolerance %.1f: %s\n",
			       cmd->labels[i], s.sim, s.mean, s.min, s.max, tol,
			       ok ? "ok" : "FAILED");
		if (cmd->markdown)
			printf("\n");
		failed += !ok;
	}
	return failed;
}

/* ------------------------------------------------------------ demand */

/* the mean of metric @m of task @desc's instances over the real traces */
static int measured_demand(const struct tracestat_cmd *cmd, unsigned int desc,
			   unsigned int m, double *ms)
{
	unsigned int i, first = 0, n = 0;
	struct tracestat_summary s;
	double sum = 0;

	for (i = 0; i < desc; i++)
		first += (unsigned int)cmd->wl->tasks[i].instances;
	for (i = first; i < first + cmd->wl->tasks[desc].instances; i++) {
		summarise(cmd, i, &metrics[m], &s);
		if (!s.n)
			continue;
		sum += s.mean;
		n++;
	}
	if (!n)
		return 0;
	*ms = sum / n;
	return 1;
}

static int is_run_key(const char *key)
{
	return !strncmp(key, "run", 3) && strncmp(key, "runtime", 7);
}

static int is_block_key(const char *key)
{
	return !strncmp(key, "sleep", 5) || !strncmp(key, "timer", 5);
}

/*
 * Scale the run events of one task object whose loop is runs and one
 * blocking event, so that they add up to @ms; a blocking "sleep" becomes
 * @sleep_ms when that was measured (>= 0): a timer keeps its period.
 * @act_ms > 0: @ms is per loop of a timer task, whose activations held
 * @act_ms.  Say what was done.
 */
static void scale_task(const char *name, json_t *task, double ms, double act_ms,
		       double sleep_ms)
{
	long long nominal = 0;
	unsigned int blocks = 0;
	const char *key;
	json_t *v;
	double k;

	json_object_foreach(task, key, v)
	{
		if (is_run_key(key) && json_is_integer(v))
			nominal += json_integer_value(v);
		else if (is_block_key(key))
			blocks++;
		else if (!strcmp(key, "phases"))
			blocks = 99;
	}
	if (blocks != 1 || nominal <= 0) {
		printf("demand: %s: left as it is (it does not run then block once a loop)\n",
		       name);
		return;
	}
	k = ms * 1000.0 / (double)nominal;
	json_object_foreach(task, key, v)
	{
		if (is_run_key(key) && json_is_integer(v)) {
			long long us =
				llround((double)json_integer_value(v) * k);

			json_integer_set(v, us > 0 ? us : 1);
		}
	}
	if (act_ms > 0)
		printf("demand: %s: run %lld us a loop -> %.0f us (measured %.3f ms per loop; %.3f ms per activation: when its timer had expired, it ran on)\n",
		       name, nominal, ms * 1000.0, ms, act_ms);
	else
		printf("demand: %s: run %lld us a loop -> %.0f us (measured %.3f ms per activation)\n",
		       name, nominal, ms * 1000.0, ms);
	v = json_object_get(task, "sleep");
	if (sleep_ms < 0 || !json_is_integer(v))
		return;
	printf("demand: %s: sleep %lld us -> %.0f us (measured %.3f ms per sleep)\n",
	       name, json_integer_value(v), sleep_ms * 1000.0, sleep_ms);
	json_integer_set(v, llround(sleep_ms * 1000.0) > 0 ?
				    llround(sleep_ms * 1000.0) :
				    1);
}

/*
 * The machine's own threads on CPU @cpu over the real traces: their
 * switch-ins a second (a trace without any counts as none) and their
 * mean CPU time per switch-in in us (over the traces that have some);
 * false when no trace has any.
 */
static int measured_others(const struct tracestat_cmd *cmd, unsigned int cpu,
			   double *rate, double *run_us)
{
	double rates = 0, runs = 0;
	unsigned int t, n = 0;

	for (t = 0; t < cmd->nr_traces; t++) {
		const struct tracestat_result *r = &cmd->real[t];
		const struct tracestat_others *o;

		if (cpu >= r->nr_cpus || !r->others[cpu].switches)
			continue;
		o = &r->others[cpu];
		rates += (double)o->switches * 1e9 /
			 (double)(r->end_ns - r->start_ns);
		runs += (double)o->run_ns / 1000.0 / (double)o->switches;
		n++;
	}
	if (!n)
		return 0;
	*rate = rates / cmd->nr_traces;
	*run_us = runs / n;
	return 1;
}

/*
 * Add to @tasks one task per CPU that stands for the machine's own
 * threads there: pinned to it, running the mean CPU time they took per
 * switch-in and sleeping so that it is switched in as often a second.
 */
static int add_others(const struct tracestat_cmd *cmd, json_t *tasks)
{
	unsigned int cpu, nr = 0, t;
	double rate, run_us;
	long long run, sleep;
	char name[32];
	json_t *task;

	for (t = 0; t < cmd->nr_traces; t++)
		if (cmd->real[t].nr_cpus > nr)
			nr = cmd->real[t].nr_cpus;
	for (cpu = 0; cpu < nr; cpu++) {
		if (!measured_others(cmd, cpu, &rate, &run_us))
			continue;
		snprintf(name, sizeof(name), "kthreads-%u", cpu);
		if (json_object_get(tasks, name)) {
			fprintf(stderr,
				"%s: --demand: the workload has a task %s already\n",
				WHO, name);
			return -EINVAL;
		}
		run = llround(run_us) > 0 ? llround(run_us) : 1;
		sleep = llround(1e6 / rate) - run;
		if (sleep < 1)
			sleep = 1;
		task = json_pack("{s:I, s:I, s:[i]}", "run", (json_int_t)run,
				 "sleep", (json_int_t)sleep, "cpus", (int)cpu);
		if (!task || json_object_set_new(tasks, name, task)) {
			fprintf(stderr, "%s: %s\n", WHO, strerror(ENOMEM));
			return -ENOMEM;
		}
		printf("demand: %s: %.2f a second, %.0f us each (the kernel's own threads on CPU %u): run %lld us, sleep %lld us\n",
		       name, rate, run_us, cpu, run, sleep);
	}
	return 0;
}

static int write_demand(const struct tracestat_cmd *cmd)
{
	json_t *root, *tasks, *task;
	struct outfile of = { 0 };
	json_error_t jerr;
	unsigned int i;
	double ms, act_ms, sleep_ms;
	int ret;

	root = json_load_file(cmd->workload, 0, &jerr);
	if (!root) {
		fprintf(stderr,
			"%s: --demand: %s:%d:%d: %s (plain JSON only)\n", WHO,
			cmd->workload, jerr.line, jerr.column, jerr.text);
		return -EINVAL;
	}
	tasks = json_object_get(root, "tasks");
	for (i = 0; i < cmd->wl->nr_tasks; i++) {
		const char *name = cmd->wl->tasks[i].name;

		task = json_object_get(tasks, name);
		if (!json_is_object(task) ||
		    !measured_demand(cmd, i, METRIC_ACTIVATION, &act_ms))
			continue;
		/* a timer task's activations may hold several loops */
		if (measured_demand(cmd, i, METRIC_LOOP, &ms)) {
			scale_task(name, task, ms, act_ms, -1);
			continue;
		}
		if (!measured_demand(cmd, i, METRIC_SLEEP, &sleep_ms))
			sleep_ms = -1;
		scale_task(name, task, act_ms, 0, sleep_ms);
	}
	ret = add_others(cmd, tasks);
	if (!ret)
		ret = outfile_open(&of, WHO, cmd->demand);
	if (!ret) {
		if (json_dumpf(root, of.f, JSON_INDENT(1)) ||
		    fputc('\n', of.f) == EOF)
			of.err = of.err ? of.err : -EIO;
		ret = outfile_commit(&of);
	}
	json_decref(root);
	return ret;
}

/* ------------------------------------------------------------ command */

static int parse_options(struct tracestat_cmd *cmd, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "workload", required_argument, NULL, 'w' },
		{ "kstruct", required_argument, NULL, 'k' },
		{ "warmup", required_argument, NULL, 'u' },
		{ "window", required_argument, NULL, 'W' },
		{ "markdown", no_argument, NULL, 'm' },
		{ "check-share", required_argument, NULL, 'c' },
		{ "demand", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long long v;
	int c;

	cmd->check_centi = -1;
	cmd->window.warmup_ns = 1000000000;
	optind = 0;
	while ((c = getopt_long(argc, argv, "w:h", opts, NULL)) != -1) {
		switch (c) {
		case 'w':
			cmd->workload = optarg;
			break;
		case 'k':
			cmd->kstruct = optarg;
			break;
		case 'u':
			if (cli_fixed(WHO, "--warmup", optarg, 6, "seconds", 0,
				      MAX_USEC, &v))
				return 2;
			cmd->window.warmup_ns = (long long)v * 1000;
			break;
		case 'W':
			if (cli_fixed(WHO, "--window", optarg, 6, "seconds", 1,
				      MAX_USEC, &v))
				return 2;
			cmd->window.length_ns = (long long)v * 1000;
			break;
		case 'm':
			cmd->markdown = 1;
			break;
		case 'c':
			if (cli_fixed(WHO, "--check-share", optarg, 2, "points",
				      0, 10000, &v))
				return 2;
			cmd->check_centi = (long long)v;
			break;
		case 'd':
			cmd->demand = optarg;
			break;
		case 'h':
			usage(stdout);
			return -1;
		default:
			fprintf(stderr, "%s: try --help\n", WHO);
			return 2;
		}
	}
	if (!cmd->workload) {
		fprintf(stderr, "%s: -w WORKLOAD is needed (try --help)\n",
			WHO);
		return 2;
	}
	cmd->traces = argv + optind;
	if (argc - optind > MAX_TRACES) {
		fprintf(stderr, "%s: at most %d traces\n", WHO, MAX_TRACES);
		return 2;
	}
	cmd->nr_traces = (unsigned int)(argc - optind);
	if (!cmd->nr_traces && !cmd->kstruct) {
		fprintf(stderr, "%s: no trace to read (try --help)\n", WHO);
		return 2;
	}
	if (cmd->check_centi >= 0 && (!cmd->kstruct || !cmd->nr_traces)) {
		fprintf(stderr,
			"%s: --check-share needs real traces and --kstruct\n",
			WHO);
		return 2;
	}
	if (cmd->demand && !cmd->nr_traces) {
		fprintf(stderr, "%s: --demand needs real traces\n", WHO);
		return 2;
	}
	return 0;
}

static void cmd_free(struct tracestat_cmd *cmd)
{
	unsigned int t;

	for (t = 0; t < cmd->nr_traces; t++)
		tracestat_free(&cmd->real[t]);
	tracestat_free(&cmd->sim);
	kfree(cmd->names);
	kfree(cmd->labels);
	sim_workload_free(cmd->wl);
}

int cmd_tracestat(int argc, char **argv)
{
	struct tracestat_cmd cmd = { 0 };
	unsigned int t;
	int ret, status = 1;

	ret = parse_options(&cmd, argc, argv);
	if (ret)
		return ret < 0 ? (outfile_check_stdout(WHO) ? 1 : 0) : ret;
	if (load_names(&cmd))
		goto out;
	for (t = 0; t < cmd.nr_traces; t++)
		if (read_trace(&cmd, cmd.traces[t], &cmd.real[t]))
			goto out;
	if (cmd.kstruct && read_trace(&cmd, cmd.kstruct, &cmd.sim))
		goto out;
	print_table(&cmd);
	status = 0;
	if (cmd.check_centi >= 0 && check_shares(&cmd))
		status = 3;
	if (cmd.demand && write_demand(&cmd))
		status = 1;
	if (outfile_check_stdout(WHO))
		status = 1;
out:
	cmd_free(&cmd);
	return status;
}

KSTRUCT_COMMAND("tracestat",
		"real kernels' traces beside kstruct sim's (the reference rig)",
		cmd_tracestat)
