// SPDX-License-Identifier: MIT
/*
 * tools/exercise_sim.c - the exercises of docs/sim.md and
 * docs/generations.md.
 *
 * Mirrors no kernel function.  Each exercise is a "kstruct sim" command
 * line on a workload: on the page, a built-in or a workload file; for a
 * seed, a workload drawn from it, which the question prints.  It runs the
 * simulation through sim/ and answers from the report's figures (with
 * --compare, one run per class, and the rows of the side-by-side table as
 * the explanation).  The page's command is the string between "exercise
 * NAME setup {" and "}", which is what the page shows
 * (tests/tools/test_exercise.c holds them equal, and the workload the
 * page prints equal to the built-in or the file).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/class.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tools/exercise.h"
#include "tools/kstruct.h"

/*
 * The options of "kstruct sim [--compare] [--cpus N] [-d SEC] [--seed S]
 * -w NAME | FILE", the only ones the exercises use.  Return: 0 or
 * -EINVAL.
 */
static int parse_command(const char *command, char *workload, size_t size,
			 struct sim_options *opt, bool *compare)
{
	char copy[128], *arg, *save = NULL, *value;

	if (strlen(command) >= sizeof(copy))
		return -EINVAL;
	strcpy(copy, command);
	arg = strtok_r(copy, " ", &save);
	value = strtok_r(NULL, " ", &save);
	if (!arg || !value || strcmp(arg, "kstruct") || strcmp(value, "sim"))
		return -EINVAL;
	memset(opt, 0, sizeof(*opt));
	opt->seed = 1;
	workload[0] = '\0';
	*compare = false;
	while ((arg = strtok_r(NULL, " ", &save))) {
		if (!strcmp(arg, "--compare")) {
			*compare = true;
			continue;
		}
		if (arg[0] != '-') { /* a file */
			snprintf(workload, size, "%s", arg);
			continue;
		}
		value = strtok_r(NULL, " ", &save);
		if (!value)
			return -EINVAL;
		if (!strcmp(arg, "-w"))
			snprintf(workload, size, "%s", value);
		else if (!strcmp(arg, "--cpus"))
			opt->nr_cpus = (unsigned int)atoi(value);
		else if (!strcmp(arg, "-d"))
			opt->duration_usec = 1000000ull * (unsigned)atoi(value);
		else if (!strcmp(arg, "--seed"))
			opt->seed = strtoull(value, NULL, 10);
		else if (!strcmp(arg, "--hz"))
			opt->hz = (unsigned int)atoi(value);
		else
			return -EINVAL;
	}
	return workload[0] ? 0 : -EINVAL;
}

/*
 * The workload of @command (a built-in or a file), or @json when it is
 * not NULL; the command's options into @opt.  Return: 0 or -errno.
 */
static int load(const char *command, const char *json, struct sim_options *opt,
		bool *compare, struct sim_workload **wl)
{
	char name[64];
	int err;

	err = parse_command(command, name, sizeof(name), opt, compare);
	if (err)
		return err;
	if (!opt->nr_cpus)
		opt->nr_cpus = 4;
	if (json)
		return sim_workload_parse(json, "exercise", opt->nr_cpus, wl,
					  NULL, 0);
	if (*compare)
		return sim_workload_load(name, opt->nr_cpus, wl, NULL, 0);
	return sim_workload_builtin(name, opt->nr_cpus, wl, NULL, 0);
}

/*
 * Run @wl under @class (NULL: the default); @fn reads the report.
 * Return: 0, or -errno (the run's, or @fn's).
 */
static int run(const struct sim_workload *wl, const struct sim_options *opt,
	       const struct sched_class *class,
	       int (*fn)(struct exercise *ex, const struct sim_report *r,
			 const struct sim_workload *wl, void *data),
	       struct exercise *ex, void *data)
{
	const struct sim_report *r = NULL;
	struct sim_options o = *opt;
	struct sim *s;
	int err;

	if (class)
		o.sched_class = class;
	err = sim_create(wl, &o, &s);
	if (err)
		return err;
	err = sim_run(s);
	if (!err)
		r = sim_report(s);
	if (!err && !r)
		err = -ENOMEM;
	if (!err)
		err = fn(ex, r, wl, data);
	sim_destroy(s);
	return err;
}

/* load @command's workload (or @json), run it, @fn reads the report */
static int
load_and_run(struct exercise *ex, const char *command, const char *json,
	     int (*fn)(struct exercise *ex, const struct sim_report *r,
		       const struct sim_workload *wl, void *data))
{
	struct sim_workload *wl;
	struct sim_options opt;
	bool compare;
	int err = load(command, json, &opt, &compare, &wl);

	if (err)
		return err;
	err = run(wl, &opt, NULL, fn, ex, NULL);
	sim_workload_free(wl);
	return err;
}

/* the question: the command, and the workload (the built-in or @json) */
static void ask(struct exercise *ex, const char *command, const char *json,
		const char *what)
{
	const struct sim_builtin *b;
	const char *w = strstr(command, "-w ");

	fprintf(ex->question, "\t%s\n\nThe workload%s:\n\n", command,
		json ? " (save it as the file the command names)" : "");
	if (json) {
		fprintf(ex->question, "%s", json);
	} else {
		for (b = sim_builtins; w && b->name; b++)
			if (!strncmp(b->name, w + 3, strlen(b->name)))
				fprintf(ex->question, "%s", b->json);
	}
	fprintf(ex->question, "\n%s", what);
}

/* each task's run time and migrations; the tasks that never ran answer */
static int never_ran(struct exercise *ex, const struct sim_report *r,
		     const struct sim_workload *wl, void *data)
{
	char comm[SIM_NAME_LEN];
	unsigned long i;
	int none = 1;

	(void)data;
	for (i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_stats *ts = sim_report_task(r, i);

		sim_task_comm(wl, ts, comm);
		fprintf(ex->why, "%-8s run %6.1f ms, %u migration%s\n", comm,
			sim_report_ms(r, ts->runtime), ts->migrations,
			ts->migrations == 1 ? "" : "s");
		if (!ts->runtime) {
			exercise_answer(ex, "%s%s", none ? "" : " ", comm);
			none = 0;
		}
	}
	if (none)
		exercise_answer(ex, "none");
	/* the likely slip: the last task, or none at all */
	exercise_wrong(ex, "%s",
		       none ? sim_task_comm(wl,
					    sim_report_task(r, r->nr_tasks - 1),
					    comm) :
			      "none");
	return 0;
}

static int exercise_sim_rt(struct exercise *ex)
{
	/* exercise sim-rt setup { */
	static const char command[] = "kstruct sim -w rt --cpus 2 -d 1";
	/* } */
	unsigned int cpus = (unsigned int)exercise_pick(ex, 2, 1, 3);
	int period = (int)exercise_pick(ex, 10, 5, 20) * 1000;
	int fifo_run = (int)exercise_pick(ex, 2, 1, 4) * 1000;
	int rr = (int)exercise_pick(ex, 2, 1, 3);
	int hogs = (int)exercise_pick(ex, 4, 1, 5);
	char json[512], cmd[80];
	int err;

	snprintf(
		json, sizeof(json),
		"{ \"global\": { \"duration\": 1 },\n"
		"  \"tasks\": {\n"
		"    \"fifo\": { \"policy\": \"SCHED_FIFO\", \"priority\": 50,\n"
		"              \"timer\": { \"ref\": \"t\", \"period\": %d }, "
		"\"run\": %d },\n"
		"    \"rr\": { \"instance\": %d, \"policy\": \"SCHED_RR\", "
		"\"priority\": 10,\n"
		"            \"cpus\": [0], \"run\": 1000000 },\n"
		"    \"hog\": { \"instance\": %d, \"run\": 1000000 }\n"
		"  } }\n",
		period, fifo_run, rr, hogs);
	snprintf(cmd, sizeof(cmd), "kstruct sim --cpus %u -d 1 rt.json", cpus);
	ask(ex, ex->page ? command : cmd, ex->page ? NULL : json,
	    "Every task is created on CPU 0.  Which tasks run for 0 ms in "
	    "that second?\n");
	err = load_and_run(ex, ex->page ? command : cmd, ex->page ? NULL : json,
			   never_ran);
	ex->form = "NAME NAME ... (the instances' names, as hog-0), or none";
	ex->pattern = "^(none|[a-z][a-z0-9_-]*( [a-z][a-z0-9_-]*)*)$";
	ex->hint = "which CPU does each task start on, which may leave it, "
		   "and who is\n  above it there?";
	return err;
}

/* each task's share of the CPU time, in whole percent */
static int shares(struct exercise *ex, const struct sim_report *r,
		  const struct sim_workload *wl, void *data)
{
	unsigned long long total = 0;
	unsigned long i, equal = 0;
	char comm[SIM_NAME_LEN];

	(void)data;
	for (i = 0; i < r->nr_tasks; i++)
		total += sim_report_task(r, i)->runtime;
	for (i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_stats *ts = sim_report_task(r, i);
		double pct = total ? 100.0 * ts->runtime / total : 0;

		sim_task_comm(wl, ts, comm);
		fprintf(ex->why, "%-8s run %6.1f ms, %u migration%s\n", comm,
			sim_report_ms(r, ts->runtime), ts->migrations,
			ts->migrations == 1 ? "" : "s");
		exercise_answer(ex, "%s%s: %.0f", i ? ", " : "", comm, pct);
		/* the likely slip: an equal share each */
		exercise_wrong(ex, "%s%s: %.0f", i ? ", " : "", comm,
			       100.0 / r->nr_tasks);
		/* as printed, whole percent */
		if (labs((long)(pct + 0.5) -
			 (long)(100.0 / r->nr_tasks + 0.5)) <= ex->tolerance)
			equal++;
	}
	if (equal == r->nr_tasks) /* that is not wrong, then */
		ex->wrong[0] = '\0';
	return 0;
}

static int exercise_sim_nice(struct exercise *ex)
{
	/* exercise sim-nice setup { */
	static const char command[] = "kstruct sim -w nice --cpus 1 -d 3";
	/* } */
	int n = (int)exercise_pick(ex, 4, 2, 4), nice[4], i, j, len = 0;
	char json[512], cmd[80];
	int err;

	for (i = 0; i < n; i++) { /* distinct nice levels, ascending */
		nice[i] = (int)exercise_pick(ex, 0, -10, 19);
		for (j = 0; j < i; j++)
			if (nice[j] == nice[i]) {
				nice[i] = nice[i] < 19 ? nice[i] + 1 : -10;
				j = -1;
			}
	}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && nice[j - 1] > nice[j]; j--) {
			int t = nice[j];

			nice[j] = nice[j - 1];
			nice[j - 1] = t;
		}
	len += snprintf(json + len, sizeof(json) - (size_t)len,
			"{ \"global\": { \"duration\": 3 },\n  \"tasks\": {\n");
	for (i = 0; i < n; i++)
		len += snprintf(json + len, sizeof(json) - (size_t)len,
				"    \"nice%d\": { \"priority\": %d, \"cpus\": "
				"[0], \"run\": 1000000 }%s\n",
				nice[i], nice[i], i + 1 < n ? "," : "");
	snprintf(json + len, sizeof(json) - (size_t)len, "  } }\n");
	snprintf(cmd, sizeof(cmd), "kstruct sim --cpus 1 -d 3 nice.json");
	ask(ex, ex->page ? command : cmd, ex->page ? NULL : json,
	    "CPU hogs on one CPU for 3 s, under the default class (o1).  "
	    "What share of\nthe CPU time does each get, in whole percent "
	    "(give or take 2)?\n");
	ex->tolerance = 2;
	err = load_and_run(ex, ex->page ? command : cmd, ex->page ? NULL : json,
			   shares);
	ex->form = "NAME: PERCENT, NAME: PERCENT, ... in the workload's order";
	ex->pattern = "^[a-z][a-z0-9_-]*:[0-9]+(,[a-z][a-z0-9_-]*:[0-9]+)*$";
	ex->hint = "o1 gives each task a timeslice by its static priority, "
		   "and every task\n  runs its slice once per epoch";
	return err;
}

/*
 * Run "kstruct sim --compare ..." (@command, on @json when not NULL)
 * under each class (sched_classes[]), hand each report to @fn with the
 * class's index and @data, and print the table's
 * heading row and the rows under @section, as the command prints them,
 * as the explanation.
 */
static int run_compare(struct exercise *ex, const char *command,
		       const char *json, const char *section,
		       int (*fn)(struct exercise *ex,
				 const struct sim_report *r,
				 const struct sim_workload *wl,
				 unsigned int class, void *data),
		       void *data)
{
	struct sim_compare cmp = { 0 };
	struct sim_workload *wl;
	struct sim_options opt;
	char *text = NULL, *line, *end;
	bool compare, in = false;
	size_t len = 0;
	unsigned int i;
	FILE *mem;
	int err;

	err = load(command, json, &opt, &compare, &wl);
	if (err)
		return err;
	mem = open_memstream(&text, &len);
	if (!mem) {
		err = -ENOMEM;
		goto out_wl;
	}
	for (i = 0; !err && sched_classes[i]; i++) {
		const struct sim_report *r = NULL;
		struct sim_options o = opt;
		struct sim *s;

		o.sched_class = sched_classes[i];
		err = sim_create(wl, &o, &s);
		if (err)
			break;
		err = sim_run(s);
		if (!err)
			r = sim_report(s);
		if (!err && !r)
			err = -ENOMEM;
		if (!err)
			err = sim_compare_add(&cmp, r, wl);
		if (!err)
			err = fn(ex, r, wl, i, data);
		if (!err && !sched_classes[i + 1])
			err = sim_compare_text(mem, &cmp, wl, r);
		sim_destroy(s);
	}
	if (fclose(mem) && !err)
		err = -EIO;
	/*
	 * the heading (the class names, the only row indented by more than
	 * two spaces), then @section's title and its rows, indented by two
	 */
	for (line = text; !err && line && *line; line = end + 1) {
		end = strchrnul(line, '\n');
		if (!strncmp(line, section, strlen(section)))
			in = true;
		else if (in && strncmp(line, "  ", 2))
			in = false;
		if (in || !strncmp(line, "          ", 10))
			fprintf(ex->why, "%.*s\n", (int)(end - line), line);
		if (!*end)
			break;
	}
	free(text);
	sim_compare_release(&cmp);
out_wl:
	sim_workload_free(wl);
	return err;
}

/* the groups of a run, by description; -errno */
static int groups(const struct sim_report *r, const struct sim_workload *wl,
		  struct sim_group *g, unsigned int max)
{
	struct sim_group all[8];
	int n, i;

	if (wl->nr_tasks > ARRAY_SIZE(all) || wl->nr_tasks > max)
		return -E2BIG;
	n = sim_report_groups(r, wl->nr_tasks, all);
	if (n < 0)
		return n;
	for (i = 0; i < n; i++)
		g[all[i].desc] = all[i];
	return 0;
}

/* "CLASS: SHARE" of the first hog, in % */
static int first_share(struct exercise *ex, const struct sim_report *r,
		       const struct sim_workload *wl, unsigned int class,
		       void *data)
{
	struct sim_group g[8];
	int err = groups(r, wl, g, ARRAY_SIZE(g));

	(void)data;
	if (err)
		return err;
	exercise_answer(ex, "%s%s: %.1f", class ? ", " : "",
			sched_classes[class]->name, 100 * g[0].share);
	/* the likely slip: a half each */
	exercise_wrong(ex, "%s%s: 50", class ? ", " : "",
		       sched_classes[class]->name);
	return 0;
}

static int exercise_generations_nice(struct exercise *ex)
{
	/* exercise generations-nice setup { */
	static const char command[] =
		"kstruct sim --compare --cpus 1 --hz 1000 docs/examples/two-hogs.json";
	/* } */
	int nice = (int)exercise_pick(ex, 5, 1, 12);
	char json[256], cmd[80];
	int err;

	snprintf(json, sizeof(json),
		 "{\n  \"global\": { \"duration\": 4 },\n  \"tasks\": {\n"
		 "    \"nice0\": { \"priority\": 0, \"run\": 1000000 },\n"
		 "    \"nice%d\": { \"priority\": %d, \"run\": 1000000 }\n"
		 "  }\n}\n",
		 nice, nice);
	snprintf(cmd, sizeof(cmd),
		 "kstruct sim --compare --cpus 1 two-hogs.json");
	ask(ex, ex->page ? command : cmd, ex->page ? NULL : json,
	    "Two tasks that never sleep.  What share of the CPU (in %, give "
	    "or take 2)\ndoes nice0 get under each class?\n");
	if (ex->page) /* the page shows the file */
		fprintf(ex->question, "(the workload is the file the command "
				      "names)\n");
	err = run_compare(ex, ex->page ? command : cmd, ex->page ? NULL : json,
			  "CPU share", first_share, NULL);
	ex->tolerance = 2;
	ex->form = "CLASS: PERCENT, ... for each class in generation order "
		   "(goodness: 57, o1: ...)";
	ex->pattern = "^[a-z0-9]+:[0-9]+(\\.[0-9]+)?"
		      "(,[a-z0-9]+:[0-9]+(\\.[0-9]+)?)*$";
	ex->hint = "goodness and o1 share by the ratio of the slices of the "
		   "two nice levels,\n  cfs and eevdf by the ratio of their "
		   "weights (1.25x a level)";
	return err;
}

/**
 * struct wait_rank - the classes under which the typist's longest wait
 *	was longest, and shortest
 * @max: the longest of those waits, in µs
 * @min: the shortest
 * @longest: the classes (bit i: sched_classes[i]) whose wait was @max
 * @shortest: those whose wait was @min
 */
struct wait_rank {
	unsigned long long max, min;
	unsigned int longest, shortest;
};

/* the typist (the last description) waits: keep the extremes */
static int typist_wait(struct exercise *ex, const struct sim_report *r,
		       const struct sim_workload *wl, unsigned int bit,
		       void *data)
{
	struct wait_rank *rank = data;
	struct sim_group g[8];
	unsigned long long w;
	int err = groups(r, wl, g, ARRAY_SIZE(g));

	(void)ex;
	if (err)
		return err;
	/* in µs: the classes' clocks count ticks or µs */
	w = (unsigned long long)(sim_report_ms(
					 r, g[wl->nr_tasks - 1].latency.max) *
					 1000 +
				 0.5);
	if (!bit || w > rank->max) {
		rank->max = w;
		rank->longest = 0;
	}
	if (!bit || w < rank->min) {
		rank->min = w;
		rank->shortest = 0;
	}
	if (w == rank->max)
		rank->longest |= 1U << bit;
	if (w == rank->min)
		rank->shortest |= 1U << bit;
	return 0;
}

/* " NAME NAME" of the classes of @bits */
static void answer_classes(struct exercise *ex, unsigned int bits)
{
	unsigned int i;
	const char *sep = " ";

	for (i = 0; sched_classes[i]; i++)
		if (bits & (1U << i)) {
			exercise_answer(ex, "%s%s", sep,
					sched_classes[i]->name);
			sep = " ";
		}
}

static int exercise_generations_wakeup(struct exercise *ex)
{
	/* exercise generations-wakeup setup { */
	static const char command[] =
		"kstruct sim --compare --cpus 1 --hz 1000 docs/examples/typist.json";
	/* } */
	int hogs = (int)exercise_pick(ex, 2, 1, 3);
	int nice = (int)exercise_pick(ex, 0, -5, 5);
	int busy = (int)exercise_pick(ex, 1000, 1, 4) * 500;
	int sleep = (int)exercise_pick(ex, 9000, 2, 8) * 2500;
	struct wait_rank rank = { 0 };
	char json[320], cmd[80];
	int err;

	snprintf(json, sizeof(json),
		 "{\n  \"global\": { \"duration\": 1 },\n  \"tasks\": {\n"
		 "    \"hog\": { \"instance\": %d, \"priority\": %d, "
		 "\"run\": 1000000 },\n"
		 "    \"typist\": { \"run\": %d, \"sleep\": %d }\n"
		 "  }\n}\n",
		 hogs, nice, busy, sleep);
	snprintf(cmd, sizeof(cmd),
		 "kstruct sim --compare --cpus 1 typist.json");
	ask(ex, ex->page ? command : cmd, ex->page ? NULL : json,
	    "The typist runs briefly and sleeps, beside CPU hogs.  Under "
	    "which class is\nits longest wait for the CPU after a wake-up "
	    "the longest, and under which\nthe shortest (name every class "
	    "that ties)?\n");
	if (ex->page)
		fprintf(ex->question, "(the workload is the file the command "
				      "names)\n");
	err = run_compare(ex, ex->page ? command : cmd, ex->page ? NULL : json,
			  "wake-up latency", typist_wait, &rank);
	if (!err) {
		exercise_answer(ex, "longest:");
		answer_classes(ex, rank.longest);
		exercise_answer(ex, "; shortest:");
		answer_classes(ex, rank.shortest);
		/* the likely slip: the two swapped */
		exercise_wrong(
			ex, "longest: %s; shortest: %s",
			sched_classes[__builtin_ctz(rank.shortest)]->name,
			sched_classes[__builtin_ctz(rank.longest)]->name);
	}
	ex->form = "longest: CLASS ...; shortest: CLASS ...";
	ex->pattern = "^longest:[a-z0-9]+( [a-z0-9]+)*;"
		      "shortest:[a-z0-9]+( [a-z0-9]+)*$";
	ex->hint = "who decides when a woken task runs: a recalculation, "
		   "sleep_avg's bonus,\n  a vruntime left behind, or a "
		   "deadline one slice away?";
	return err;
}

KSTRUCT_EXERCISE("sim-rt", 25,
		 "docs/sim.md: which task a 2-CPU machine "
		 "never runs",
		 exercise_sim_rt)
KSTRUCT_EXERCISE("sim-nice", 26, "docs/sim.md: how nice shares one CPU",
		 exercise_sim_nice)
KSTRUCT_EXERCISE("generations-nice", 27,
		 "docs/generations.md: two hogs at nice 0 and 5 on one CPU, "
		 "under each class",
		 exercise_generations_nice)
KSTRUCT_EXERCISE("generations-wakeup", 28,
		 "docs/generations.md: how long a woken typist waits, "
		 "under each class",
		 exercise_generations_wakeup)
