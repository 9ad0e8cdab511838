// SPDX-License-Identifier: MIT
/*
 * tools/exercise_sim.c - the exercises of docs/sim.md and
 * docs/generations.md.
 *
 * Mirrors no kernel function.  Each exercise is a "kstruct sim" command
 * line on a built-in workload or a workload file; it runs that command's
 * simulation through sim/ and prints the figures of the report the page
 * asks about (with --compare, the rows of the side-by-side table).  The
 * command is the string between "exercise NAME setup {" and "}", which is
 * what the page shows (tests/tools/test_exercise.c holds them equal, and
 * the workload the page prints equal to the built-in or the file).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/class.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
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

/* run @command; print each task's run time, and its migrations */
static int run_command(FILE *out, const char *command)
{
	const struct sim_report *r;
	struct sim_workload *wl;
	struct sim_options opt;
	char name[64];
	struct sim *s;
	unsigned long i;
	bool compare;
	int err;

	err = parse_command(command, name, sizeof(name), &opt, &compare);
	if (err || compare)
		return -EINVAL;
	err = sim_workload_builtin(name, opt.nr_cpus ? opt.nr_cpus : 4, &wl,
				   NULL, 0);
	if (err)
		return err;
	err = sim_create(wl, &opt, &s);
	if (err)
		goto out_wl;
	err = sim_run(s);
	r = err ? NULL : sim_report(s);
	if (!err && !r)
		err = -ENOMEM;
	for (i = 0; r && i < r->nr_tasks; i++)
		fprintf(out, "%-8s run %6.1f ms, %u migration%s\n",
			r->tasks[i]->comm,
			r->tasks[i]->runtime * 1000.0 / r->hz,
			r->tasks[i]->migrations,
			r->tasks[i]->migrations == 1 ? "" : "s");
	sim_destroy(s);
out_wl:
	sim_workload_free(wl);
	return err;
}

static int exercise_sim_rt(FILE *out)
{
	/* exercise sim-rt setup { */
	static const char command[] = "kstruct sim -w rt --cpus 2 -d 1";
	/* } */

	return run_command(out, command);
}

static int exercise_sim_nice(FILE *out)
{
	/* exercise sim-nice setup { */
	static const char command[] = "kstruct sim -w nice --cpus 1 -d 3";
	/* } */

	return run_command(out, command);
}

/*
 * Run "kstruct sim --compare ... FILE" (@command) and print the table's
 * heading row and the rows under @section, as the command prints them.
 */
static int run_compare(FILE *out, const char *command, const char *section)
{
	struct sim_compare cmp = { 0 };
	struct sim_workload *wl;
	struct sim_options opt;
	char path[64], *text = NULL, *line, *end;
	bool compare, in = false;
	size_t len = 0;
	unsigned int i;
	FILE *mem;
	int err;

	err = parse_command(command, path, sizeof(path), &opt, &compare);
	if (err || !compare || !opt.nr_cpus)
		return -EINVAL;
	err = sim_workload_load(path, opt.nr_cpus, &wl, NULL, 0);
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
			fprintf(out, "%.*s\n", (int)(end - line), line);
		if (!*end)
			break;
	}
	free(text);
	sim_compare_release(&cmp);
out_wl:
	sim_workload_free(wl);
	return err;
}

static int exercise_generations_nice(FILE *out)
{
	/* exercise generations-nice setup { */
	static const char command[] =
		"kstruct sim --compare --cpus 1 --hz 1000 docs/examples/two-hogs.json";
	/* } */

	return run_compare(out, command, "CPU share");
}

static int exercise_generations_wakeup(FILE *out)
{
	/* exercise generations-wakeup setup { */
	static const char command[] =
		"kstruct sim --compare --cpus 1 --hz 1000 docs/examples/typist.json";
	/* } */

	return run_compare(out, command, "wake-up latency");
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
