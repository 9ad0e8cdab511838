// SPDX-License-Identifier: MIT
/*
 * tools/exercise_sim.c - the exercises of docs/sim.md.
 *
 * Mirrors no kernel function.  Each exercise is a "kstruct sim" command
 * line on a built-in workload; it runs that command's simulation through
 * sim/ and prints the figures of the report the page asks about.  The
 * command is the string between "exercise NAME setup {" and "}", which is
 * what the page shows (tests/tools/test_exercise.c holds them equal, and
 * the workload the page prints equal to the built-in).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tools/kstruct.h"

/*
 * The options of "kstruct sim -w NAME [--cpus N] [-d SEC] [--seed S]",
 * the only ones the exercises use.  Return: 0 or -EINVAL.
 */
static int parse_command(const char *command, char *workload, size_t size,
			 struct sim_options *opt)
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
	while ((arg = strtok_r(NULL, " ", &save))) {
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
	char name[32];
	struct sim *s;
	unsigned long i;
	int err;

	err = parse_command(command, name, sizeof(name), &opt);
	if (err)
		return err;
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

KSTRUCT_EXERCISE("sim-rt", 25,
		 "docs/sim.md: which task a 2-CPU machine "
		 "never runs",
		 exercise_sim_rt)
KSTRUCT_EXERCISE("sim-nice", 26, "docs/sim.md: how nice shares one CPU",
		 exercise_sim_nice)
