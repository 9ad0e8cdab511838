// SPDX-License-Identifier: MIT
/*
 * tools/cmd_sim.c - "kstruct sim": run a workload on the simulated machine
 * and print what the scheduler (--sched: goodness, o1, cfs or eevdf) did
 * with it.
 *
 * Not a port of a kernel file.  See docs/sim.md for the options, the
 * workload format and the report's definitions.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compat/jiffies.h"
#include "compat/ktime.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tools/cli.h"
#include "tools/cmd_sim.h"
#include "tools/kstruct.h"
#include "tools/outfile.h"
#include "tools/sim_html.h"

#define WHO "kstruct sim"
#define SIM_MIN_HZ 10
#define SIM_MAX_HZ 100000
#define SIM_MAX_FORKS 100000000ull
/* the longest --duration, in microseconds: SIM_MAX_TICKS at SIM_MIN_HZ */
#define SIM_MAX_USEC (SIM_MAX_TICKS / SIM_MIN_HZ * 1000000ull)

static void sim_usage(FILE *out)
{
	char names[128];

	fprintf(out,
		"usage: kstruct sim [OPTIONS] [WORKLOAD | -]\n"
		"       kstruct sim --compare [OPTIONS] [WORKLOAD | -]\n"
		"\n"
		"Runs a workload (a built-in one, or an rt-app JSON file; - reads it\n"
		"from the standard input) on a simulated machine driven by one\n"
		"generation of the Linux scheduler (the 2.5.33 O(1) scheduler by\n"
		"default), and reports per-task and per-CPU figures.  Same options,\n"
		"same seed: same result.  WORKLOAD is a file, or the name of a\n"
		"built-in when no such file exists.\n"
		"\n"
		"  -w, --workload NAME  a built-in workload (default: %s)\n"
		"      --sched NAME     the scheduler: %s (default o1)\n"
		"  -l, --list           list the built-in workloads\n"
		"      --show NAME      print a built-in workload as JSON\n"
		"  -c, --cpus N         CPUs (1..%d, default 4)\n"
		"  -s, --seed S         seed of the random run/sleep times (default 1)\n"
		"  -d, --duration SEC   simulated seconds, up to 6 decimals (default:\n"
		"                       the workload's, else 2); SEC x HZ at most %llu ticks\n"
		"      --hz N           ticks per second (%d..%d); default: the HZ of the\n"
		"                       kernel the class models: goodness 100, o1 1000,\n"
		"                       cfs and eevdf 250\n"
		"  -t, --threaded       one pthread per CPU, in lockstep (not repeatable)\n"
		"      --json           the report as JSON\n"
		"      --csv            the report as CSV\n"
		"      --trace FILE     write an ftrace text trace (opens in Perfetto)\n"
		"      --chrome FILE    write a Chrome trace-event JSON trace\n"
		"      --html FILE      write the run's explorer: one self-contained web page\n"
		"                       (Gantt chart, task states, runqueues per tick, report;\n"
		"                       with --compare, every class on one time axis)\n"
		"      --max-tasks N    refuse forks beyond N tasks (1..%llu,\n"
		"                       default 4000000)\n"
		"      --compare        run the workload under every scheduler class, in\n"
		"                       generation order, and print them side by side;\n"
		"                       --trace/--chrome FILE then write FILE's stem\n"
		"                       + .CLASS + its extension (t.txt: t.o1.txt, ...)\n"
		"      --check          check every invariant after every tick (slow)\n"
		"      --cost           time the calls into the scheduler: ns per event\n"
		"                       and per pick (real time: varies run to run)\n"
		"  -h, --help           this text\n"
		"\n"
		"Numbers are decimal.  A trace is written beside FILE and renamed onto it\n"
		"when the run succeeds: a failed or interrupted run leaves FILE as it was.\n",
		SIM_DEFAULT_WORKLOAD, sched_class_names(names, sizeof(names)),
		SIM_MAX_CPUS, SIM_MAX_TICKS, SIM_MIN_HZ, SIM_MAX_HZ,
		SIM_MAX_FORKS);
}

/* on a terminal, once the run has taken more than half a second */
static void show_progress(unsigned long long done, unsigned long long total,
			  void *arg)
{
	const uint64_t *start = arg;

	if (ktime_get_ns() - *start < NSEC_PER_SEC / 2)
		return;
	fprintf(stderr, "\rsim: %3llu%% (%llu/%llu ticks)", done * 100 / total,
		done, total);
	if (done == total)
		fputc('\n', stderr);
}

/* the exit status of a command whose whole output went to stdout */
static int stdout_status(void)
{
	return outfile_check_stdout(WHO) ? 1 : 0;
}

static int list_builtins(void)
{
	const struct sim_builtin *b;

	for (b = sim_builtins; b->name; b++)
		printf("%-12s %s%s\n", b->name, b->summary,
		       strcmp(b->name, SIM_DEFAULT_WORKLOAD) ? "" :
							       " (default)");
	return stdout_status();
}

static int show_builtin(const char *name)
{
	const struct sim_builtin *b;

	for (b = sim_builtins; b->name; b++) {
		if (!strcmp(b->name, name)) {
			fputs(b->json, stdout);
			return stdout_status();
		}
	}
	cli_error("kstruct sim: %s: no such built-in workload (--list)", name);
	return 1;
}

enum {
	OPT_HZ = 256,
	OPT_JSON,
	OPT_CSV,
	OPT_TRACE,
	OPT_CHROME,
	OPT_SHOW,
	OPT_MAX_TASKS,
	OPT_CHECK,
	OPT_SCHED,
	OPT_COST,
	OPT_COMPARE,
	OPT_HTML
};

static const struct option sim_long_options[] = {
	{ "workload", required_argument, NULL, 'w' },
	{ "list", no_argument, NULL, 'l' },
	{ "show", required_argument, NULL, OPT_SHOW },
	{ "cpus", required_argument, NULL, 'c' },
	{ "seed", required_argument, NULL, 's' },
	{ "duration", required_argument, NULL, 'd' },
	{ "hz", required_argument, NULL, OPT_HZ },
	{ "threaded", no_argument, NULL, 't' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "csv", no_argument, NULL, OPT_CSV },
	{ "trace", required_argument, NULL, OPT_TRACE },
	{ "chrome", required_argument, NULL, OPT_CHROME },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "max-tasks", required_argument, NULL, OPT_MAX_TASKS },
	{ "check", no_argument, NULL, OPT_CHECK },
	{ "sched", required_argument, NULL, OPT_SCHED },
	{ "cost", no_argument, NULL, OPT_COST },
	{ "compare", no_argument, NULL, OPT_COMPARE },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/**
 * struct sim_cmd - what the command line asked for
 * @opt: the simulator's options
 * @builtin: --workload, or NULL
 * @file: the workload file, or NULL
 * @trace_path: --trace, or NULL
 * @chrome_path: --chrome, or NULL
 * @html_path: --html, or NULL
 * @json: --json
 * @csv: --csv
 * @timing_given: --duration or --hz was given
 * @trace: the --trace file being written
 * @chrome: the --chrome file being written
 * @html: the --html file being written
 * @page: the --html page being recorded, or NULL
 */
struct sim_cmd {
	struct sim_options opt;
	const char *builtin;
	const char *file;
	const char *trace_path;
	const char *chrome_path;
	const char *html_path;
	int json, csv;
	int compare;
	int timing_given;
	struct outfile trace, chrome, html;
	struct sim_html *page;
};

/*
 * Two outputs named alike would overwrite each other (with --compare,
 * their per-class names too): refuse, naming both options.  Return: true
 * when they are the same file.
 */
static bool same_output(const char *a, const char *b, const char *opt_a,
			const char *opt_b)
{
	if (!a || !b || strcmp(a, b))
		return false;
	cli_error("kstruct sim: %s and %s both name %s", opt_a, opt_b, a);
	return true;
}

/* Return: -1 to go on, else the exit status */
static int parse_args(int argc, char **argv, struct sim_cmd *cmd)
{
	unsigned long long v;
	char names[128];
	int c;

	optind = 0; /* GNU: full reset, the tool may parse twice */
	opterr = 1;
	while ((c = getopt_long(argc, argv, "w:lc:s:d:th", sim_long_options,
				NULL)) != -1) {
		switch (c) {
		case 'w':
			cmd->builtin = optarg;
			break;
		case 'l':
			return list_builtins();
		case OPT_SHOW:
			return show_builtin(optarg);
		case 'c':
			if (cli_number(WHO, "--cpus", optarg, 1, SIM_MAX_CPUS,
				       &v))
				return 2;
			cmd->opt.nr_cpus = v;
			break;
		case 's':
			if (cli_number(WHO, "--seed", optarg, 0, ~0ull, &v))
				return 2;
			cmd->opt.seed = v;
			break;
		case 'd':
			if (cli_fixed(WHO, "--duration", optarg, 6, "seconds",
				      1, SIM_MAX_USEC, &v))
				return 2;
			cmd->opt.duration_usec = v;
			cmd->timing_given = 1;
			break;
		case OPT_HZ:
			if (cli_number(WHO, "--hz", optarg, SIM_MIN_HZ,
				       SIM_MAX_HZ, &v))
				return 2;
			cmd->opt.hz = v;
			cmd->timing_given = 1;
			break;
		case 't':
			cmd->opt.threaded = 1;
			break;
		case OPT_JSON:
			cmd->json = 1;
			break;
		case OPT_CSV:
			cmd->csv = 1;
			break;
		case OPT_TRACE:
			cmd->trace_path = optarg;
			break;
		case OPT_CHROME:
			cmd->chrome_path = optarg;
			break;
		case OPT_HTML:
			if (!strcmp(optarg, "-")) {
				cli_error(
					"%s: --html: give a file name (stdout carries the report)",
					WHO);
				return 2;
			}
			cmd->html_path = optarg;
			break;
		case OPT_MAX_TASKS:
			/* 0 would be the library's "default": refuse it */
			if (cli_number(WHO, "--max-tasks", optarg, 1,
				       SIM_MAX_FORKS, &v))
				return 2;
			cmd->opt.max_tasks = v;
			break;
		case OPT_CHECK:
			cmd->opt.check_every_tick = 1;
			break;
		case OPT_SCHED:
			cmd->opt.sched_class = sched_class_find(optarg);
			if (!cmd->opt.sched_class) {
				cli_error(
					"kstruct sim: --sched: unknown scheduler \"%s\" (%s)",
					optarg,
					sched_class_names(names,
							  sizeof(names)));
				return 2;
			}
			break;
		case OPT_COST:
			cmd->opt.measure_cost = 1;
			break;
		case OPT_COMPARE:
			cmd->compare = 1;
			break;
		case 'h':
			sim_usage(stdout);
			return stdout_status();
		default:
			sim_usage(stderr);
			return 2;
		}
	}
	if (optind < argc)
		cmd->file = argv[optind++];
	if (optind < argc) {
		cli_error("kstruct sim: one workload file at most");
		return 2;
	}
	if (cmd->file && cmd->builtin) {
		cli_error(
			"kstruct sim: give a workload file or --workload, not both");
		return 2;
	}
	if (cmd->compare && cmd->opt.sched_class) {
		cli_error(
			"kstruct sim: --compare runs every scheduler: not with --sched");
		return 2;
	}
	if (cmd->json && cmd->csv) {
		cli_error("kstruct sim: --json or --csv, not both");
		return 2;
	}
	if (same_output(cmd->trace_path, cmd->chrome_path, "--trace",
			"--chrome") ||
	    same_output(cmd->trace_path, cmd->html_path, "--trace", "--html") ||
	    same_output(cmd->chrome_path, cmd->html_path, "--chrome", "--html"))
		return 2;
	return -1;
}

/* the run must fit in SIM_MAX_TICKS; Return: -1 to go on, else the status */
static int check_length(const struct sim_cmd *cmd,
			const struct sim_workload *wl)
{
	unsigned long long ticks = sim_total_ticks(wl, &cmd->opt);

	if (ticks <= SIM_MAX_TICKS)
		return -1;
	cli_error("%s: a run of %s at %u HZ is %llu ticks; at most %llu "
		  "(shorten --duration or lower --hz)",
		  WHO,
		  cmd->opt.duration_usec ? "--duration" :
					   "the workload's duration",
		  cmd->opt.hz ? cmd->opt.hz :
				sched_class_hz(cmd->opt.sched_class),
		  ticks, SIM_MAX_TICKS);
	return cmd->timing_given ? 2 : 1;
}

static int open_outputs(struct sim_cmd *cmd)
{
	if (cmd->trace_path) {
		if (outfile_open(&cmd->trace, WHO, cmd->trace_path))
			return -1;
		cmd->opt.trace = cmd->trace.f;
	}
	if (cmd->chrome_path) {
		if (outfile_open(&cmd->chrome, WHO, cmd->chrome_path))
			return -1;
		cmd->opt.chrome = cmd->chrome.f;
	}
	return 0;
}

/* ---------------------------------------------------------- --html */

/* the page failed with @err: a failed allocation is "out of memory" */
static void html_failed(const struct sim_cmd *cmd, int err)
{
	cli_error("%s: %s: %s", WHO, cmd->html_path, cli_strerror(err));
}

/*
 * --html: the page's file, opened before anything runs (so that nothing
 * runs when it cannot be written), and a page for @nr runs.
 * Return: 0, or -1 once said why.
 */
static int html_open(struct sim_cmd *cmd, unsigned int nr)
{
	int ret;

	if (!cmd->html_path)
		return 0;
	if (outfile_open(&cmd->html, WHO, cmd->html_path))
		return -1;
	ret = sim_html_new(NULL, nr, &cmd->page);
	if (ret) {
		html_failed(cmd, ret);
		return -1;
	}
	return 0;
}

/* a run is over and @r is its report: the page keeps them */
static int html_run_end(struct sim_cmd *cmd, const struct sim_report *r,
			const struct sim_workload *wl)
{
	int ret = cmd->page ? sim_html_end_run(cmd->page, r, wl) : 0;

	if (ret)
		html_failed(cmd, ret);
	return ret;
}

/* a run failed: say so if it was the page that stopped it (a limit) */
static bool html_stopped(const struct sim_cmd *cmd)
{
	if (!cmd->page || !sim_html_why(cmd->page))
		return false;
	cli_error("%s: %s: %s", WHO, cmd->html_path, sim_html_why(cmd->page));
	return true;
}

/*
 * Every run is in: write the page into its file, which is renamed onto
 * its name with the traces.  A write error is the file's to report.
 */
static int html_write(struct sim_cmd *cmd)
{
	int ret = cmd->page ? sim_html_write(cmd->page, cmd->html.f) : 0;

	if (ret && ret != -EIO) {
		html_failed(cmd, ret);
		return -1;
	}
	return 0;
}

static void html_release(struct sim_cmd *cmd)
{
	outfile_abort(&cmd->html);
	sim_html_free(cmd->page);
	cmd->page = NULL;
}

/* after the report: finish the traces and the page, then rename them */
static int commit_outputs(struct sim_cmd *cmd)
{
	if (html_write(cmd) || outfile_close(&cmd->trace) ||
	    outfile_close(&cmd->chrome) || outfile_close(&cmd->html))
		return -1;
	if (outfile_commit(&cmd->trace) || outfile_commit(&cmd->chrome) ||
	    outfile_commit(&cmd->html))
		return -1;
	return 0;
}

/* ------------------------------------------------------- --compare */

int cmd_sim_class_path(char *buf, size_t len, const char *path, const char *cls)
{
	const char *base = strrchr(path, '/');
	const char *dot;
	int n;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	if (!dot || dot == base)
		dot = base + strlen(base);
	n = snprintf(buf, len, "%.*s.%s%s", (int)(dot - path), path, cls, dot);
	return n >= 0 && (size_t)n < len ? 0 : -ENAMETOOLONG;
}

/* open @cls's file of @path, named into @name (PATH_MAX bytes) */
static int open_class_output(const char *path, const char *cls, char *name,
			     struct outfile *of, FILE **f)
{
	*f = NULL;
	if (!path)
		return 0;
	if (cmd_sim_class_path(name, PATH_MAX, path, cls)) {
		cli_error("%s: %s: %s", WHO, path, strerror(ENAMETOOLONG));
		return -ENAMETOOLONG;
	}
	if (outfile_open(of, WHO, name))
		return -EIO;
	*f = of->f;
	return 0;
}

/* every class's traces and the page, once all runs and the report are out */
static int commit_class_outputs(struct sim_cmd *cmd, struct outfile *files,
				unsigned int n)
{
	unsigned int k;

	if (outfile_check_stdout(WHO) || html_write(cmd))
		return -EIO;
	for (k = 0; k < n; k++)
		if (outfile_close(&files[k]))
			return -EIO;
	if (outfile_close(&cmd->html))
		return -EIO;
	for (k = 0; k < n; k++)
		if (outfile_commit(&files[k]))
			return -EIO;
	return outfile_commit(&cmd->html) ? -EIO : 0;
}

/* what the machine's class does not model of the workload */
static void print_warnings(const struct sim *s)
{
	const char *w;
	unsigned int i;

	for (i = 0; (w = sim_warning(s, i)); i++)
		cli_error("%s: warning: %s", WHO, w);
}

/*
 * A step of a run failed with @err: say which, of which class (@cls, NULL
 * for a single run).  The steps are "creating the machine", "running",
 * "reporting" (computing the report: only memory can fail) and "writing
 * the report"; an allocation that fails is "out of memory" in any step.
 */
static void step_failed(const char *cls, const char *step, int err,
			const char *detail)
{
	cli_error("%s: %s%s%s: %s%s", WHO, cls ? cls : "", cls ? ": " : "",
		  step, cli_strerror(err), detail ? detail : "");
}

/*
 * pthread_create() refused one of @what, one thread per CPU: EAGAIN, out
 * of threads (RLIMIT_NPROC, threads-max) or of memory for their stacks
 */
static void threads_failed(const struct sim_cmd *cmd, const char *cls,
			   const char *what, const char *without)
{
	cli_error(
		"%s: %s%scannot start %s, one per CPU (%u): the process is out of threads or of memory for their stacks (raise ulimit -u or ulimit -v, or give fewer --cpus%s)",
		WHO, cls ? cls : "", cls ? ": " : "", what, cmd->opt.nr_cpus,
		without);
}

/*
 * sim_create() failed with @err: name the limit when a limit stopped it.
 * Return: the exit status.
 */
static int create_failed(const struct sim_cmd *cmd, const char *cls,
			 const struct sim_workload *wl, int err)
{
	unsigned long long start, max = cmd->opt.max_tasks;

	if (err == -EAGAIN) {
		/* sched_init() starts the migration threads */
		threads_failed(cmd, cls, "the scheduler's migration threads",
			       "");
		return 1;
	}
	if (err != -EFBIG) {
		step_failed(cls, "creating the machine", err, NULL);
		return 1;
	}
	start = sim_workload_nr_initial(wl);
	cli_error(
		"%s: %s%sthe workload starts %llu tasks; --max-tasks is %llu (raise it with --max-tasks)",
		WHO, cls ? cls : "", cls ? ": " : "", start,
		max ? max : SIM_DEFAULT_MAX_TASKS);
	return 1;
}

/* sim_run() of @s failed with @err: say why */
static void run_failed(const struct sim_cmd *cmd, const char *cls,
		       const struct sim *s, int err)
{
	char detail[96];

	if (sim_output_failed(s)) {
		cli_error("%s: %s: %s (the run stopped after %llu ticks)", WHO,
			  sim_output_failed(s), strerror(-err), sim_ticks(s));
		return;
	}
	if (html_stopped(cmd))
		return;
	if (err == -EAGAIN && cmd->opt.threaded) {
		threads_failed(cmd, cls, "the simulator's CPU threads",
			       ", or run without --threaded");
		return;
	}
	if (sim_error(s)) {
		/* admission control refused a SCHED_DEADLINE task */
		cli_error("%s: %s%s%s (the run stopped after %llu ticks)", WHO,
			  cls ? cls : "", cls ? ": " : "", sim_error(s),
			  sim_ticks(s));
		return;
	}
	snprintf(detail, sizeof(detail), " (the run stopped after %llu ticks)",
		 sim_ticks(s));
	step_failed(cls, "running", err, detail);
}

/*
 * A report writer failed with @err: out of memory is the report's, any
 * other error the stream's, where the held output (@held) knows why.
 */
static void write_failed(const char *cls, int err,
			 const struct outfile_held *held)
{
	const char *tmp = getenv("TMPDIR");

	if (outfile_held_error(held))
		err = outfile_held_error(held);
	if (err != -ENOMEM && outfile_held_error(held)) {
		/* a large report waits in a temporary file */
		cli_error(
			"%s: %s%swriting the report into %s until it is complete: %s",
			WHO, cls ? cls : "", cls ? ": " : "",
			tmp && *tmp ? tmp : "/tmp", strerror(-err));
		return;
	}
	step_failed(cls, err == -ENOMEM ? "reporting" : "writing the report",
		    err, NULL);
}

/*
 * One run of @wl per class, each on a machine of its own with the same
 * options and seed.  The JSON and CSV are written a run at a time, the
 * text table once every run is in, all of it into a held stream that
 * reaches stdout only when every run and its report went through:
 * stdout holds the whole comparison or nothing.  The traces of every
 * class are renamed onto their names together, after it.
 * Return: the exit status.
 */
static int compare(struct sim_cmd *cmd, const struct sim_workload *wl)
{
	struct sim_compare cmp = { 0 };
	struct outfile_held held = { 0 };
	struct outfile *files;
	char(*names)[PATH_MAX];
	unsigned int i, nr;
	int ret = 0, status = 1;

	for (nr = 0; sched_classes[nr]; nr++)
		;
	files = kcalloc(2 * nr, sizeof(*files), GFP_KERNEL);
	names = kcalloc(2 * nr, sizeof(*names), GFP_KERNEL);
	if (!files || !names) {
		cli_error("%s: out of memory", WHO);
		goto out;
	}
	if (html_open(cmd, nr))
		goto out;
	if (outfile_hold(&held)) {
		cli_error("%s: out of memory", WHO);
		goto out;
	}
	for (i = 0; !ret && i < nr; i++) {
		struct sim_options opt = cmd->opt;
		const char *name = sched_classes[i]->name;
		char *trace = names[2 * i], *chrome = names[2 * i + 1];
		const struct sim_report *r;
		struct sim *s = NULL;

		opt.sched_class = sched_classes[i];
		opt.measure_cost = 1;
		opt.trace_path = cmd->trace_path ? trace : NULL;
		opt.chrome_path = cmd->chrome_path ? chrome : NULL;
		if (open_class_output(cmd->trace_path, name, trace,
				      &files[2 * i], &opt.trace) ||
		    open_class_output(cmd->chrome_path, name, chrome,
				      &files[2 * i + 1], &opt.chrome)) {
			ret = -EIO;
			goto next;
		}
		if (cmd->page) {
			ret = sim_html_begin_run(cmd->page, name, &opt);
			if (ret) {
				step_failed(name, "creating the machine", ret,
					    NULL);
				goto next;
			}
		}
		ret = sim_create(wl, &opt, &s);
		if (ret) {
			create_failed(cmd, name, wl, ret);
			goto next;
		}
		print_warnings(s);
		ret = sim_run(s);
		if (ret) {
			run_failed(cmd, name, s, ret);
			goto next;
		}
		r = sim_report(s);
		if (!r) {
			ret = -ENOMEM;
			step_failed(name, "reporting", ret, NULL);
			goto next;
		}
		ret = html_run_end(cmd, r, wl);
		if (ret)
			goto next;
		if (cmd->json)
			ret = sim_compare_json(held.f, r, wl, i == 0,
					       i == nr - 1);
		else if (cmd->csv)
			ret = sim_compare_csv(held.f, r, wl, i == 0,
					      i == nr - 1);
		else
			ret = sim_compare_add(&cmp, r, wl);
		if (!ret && !cmd->json && !cmd->csv && i == nr - 1)
			ret = sim_compare_text(held.f, &cmp, wl, r);
		if (ret)
			write_failed(name, ret, &held);
next:
		sim_destroy(s);
	}
	if (!ret)
		ret = outfile_put_held(WHO, &held);
	if (!ret && !commit_class_outputs(cmd, files, 2 * nr))
		status = 0;
	sim_compare_release(&cmp);
out:
	outfile_held_release(&held);
	for (i = 0; files && i < 2 * nr; i++)
		outfile_abort(&files[i]);
	kfree(names);
	kfree(files);
	return status;
}

/* a workload file, or a built-in's name when no file has that name */
static int load_workload(struct sim_cmd *cmd, struct sim_workload **wl,
			 char *err, size_t errlen)
{
	const char *name = cmd->builtin;
	const struct sim_builtin *b;

	if (cmd->file) {
		name = NULL;
		if (access(cmd->file, F_OK) && errno == ENOENT)
			for (b = sim_builtins; b->name && !name; b++)
				if (!strcmp(b->name, cmd->file))
					name = b->name;
		if (!name)
			return sim_workload_load(cmd->file, cmd->opt.nr_cpus,
						 wl, err, errlen);
	}
	return sim_workload_builtin(name ? name : SIM_DEFAULT_WORKLOAD,
				    cmd->opt.nr_cpus, wl, err, errlen);
}

int cmd_sim(int argc, char **argv)
{
	struct sim_cmd cmd = { .opt = { .nr_cpus = 4, .seed = 1 } };
	const struct sim_report *r;
	struct sim_workload *wl = NULL;
	struct outfile_held held = { 0 };
	struct sim *s = NULL;
	uint64_t start = ktime_get_ns();
	char err[512];
	unsigned int i;
	int ret, status = 1;

	ret = parse_args(argc, argv, &cmd);
	if (ret >= 0)
		return ret;
	ret = load_workload(&cmd, &wl, err, sizeof(err));
	if (ret) {
		cli_error("%s: %s", WHO, err);
		return 1;
	}
	for (i = 0; i < wl->nr_warnings; i++)
		cli_error("%s: warning: %s", WHO, wl->warnings[i]);
	ret = check_length(&cmd, wl);
	if (ret >= 0) {
		status = ret;
		goto out;
	}
	cmd.opt.trace_path = cmd.trace_path;
	cmd.opt.chrome_path = cmd.chrome_path;
	if (cmd.compare) {
		status = compare(&cmd, wl);
		goto out;
	}
	if (open_outputs(&cmd) || html_open(&cmd, 1))
		goto out;
	if (cmd.page) {
		ret = sim_html_begin_run(
			cmd.page,
			cmd.opt.sched_class ? cmd.opt.sched_class->name : "o1",
			&cmd.opt);
		if (ret) {
			step_failed(NULL, "creating the machine", ret, NULL);
			goto out;
		}
	}
	if (isatty(STDERR_FILENO)) {
		cmd.opt.progress = show_progress;
		cmd.opt.progress_arg = &start;
	}
	ret = sim_create(wl, &cmd.opt, &s);
	if (ret) {
		create_failed(&cmd, NULL, wl, ret);
		goto out;
	}
	print_warnings(s);
	ret = sim_run(s);
	if (ret) {
		run_failed(&cmd, NULL, s, ret);
		goto out;
	}
	r = sim_report(s);
	if (!r) {
		step_failed(NULL, "reporting", -ENOMEM, NULL);
		goto out;
	}
	if (html_run_end(&cmd, r, wl))
		goto out;
	/* the report reaches stdout whole, or not at all */
	ret = outfile_hold(&held);
	if (!ret && cmd.json)
		ret = sim_report_json(held.f, r, wl);
	else if (!ret && cmd.csv)
		ret = sim_report_csv(held.f, r, wl);
	else if (!ret)
		ret = sim_report_text(held.f, r, wl);
	if (ret) {
		write_failed(NULL, ret, &held);
		goto out;
	}
	ret = outfile_put_held(WHO, &held);
	/* the traces are kept only when the report reached stdout too */
	if (ret || commit_outputs(&cmd))
		goto out;
	status = 0;
out:
	outfile_held_release(&held);
	sim_destroy(s);
	outfile_abort(&cmd.trace);
	outfile_abort(&cmd.chrome);
	html_release(&cmd);
	sim_workload_free(wl);
	return status;
}

KSTRUCT_COMMAND("sim",
		"the scheduler simulator (rt-app workloads, ftrace traces)",
		cmd_sim)
