/* SPDX-License-Identifier: MIT */
/*
 * tests/sim/load.h - the workload of a simulator test: a built-in's name,
 * a file ("....json") or JSON text ("{...}").  Shared by the tests of
 * sim/ and of the tool's pages of runs (tests/tools/test_sim_html.c).
 */
#ifndef KSTRUCT_TESTS_SIM_LOAD_H
#define KSTRUCT_TESTS_SIM_LOAD_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"

/*
 * Return: 0, or the error of the parser (its message printed, unless it
 * is -ENOMEM: fault injection makes many).
 */
static inline int load(const char *name_or_json, unsigned int cpus,
		       struct sim_workload **wl)
{
	char err[512];
	int ret;

	if (name_or_json[0] == '{')
		ret = sim_workload_parse(name_or_json, "test", cpus, wl, err,
					 sizeof(err));
	else if (strstr(name_or_json, ".json"))
		ret = sim_workload_load(name_or_json, cpus, wl, err,
					sizeof(err));
	else
		ret = sim_workload_builtin(name_or_json, cpus, wl, err,
					   sizeof(err));
	if (ret && ret != -ENOMEM)
		fprintf(stderr, "\n%s\n", err);
	return ret;
}

/*
 * Load @workload for @opt's CPUs (0: 4), then create, run and report the
 * simulation: *@wl, *@s and *@r as far as it got (the caller frees *@s
 * and *@wl).  Return: 0, or the first error.
 */
static inline int load_and_run(const char *workload,
			       const struct sim_options *opt,
			       struct sim_workload **wl, struct sim **s,
			       const struct sim_report **r)
{
	int ret = load(workload, opt->nr_cpus ? opt->nr_cpus : 4, wl);

	if (!ret)
		ret = sim_create(*wl, opt, s);
	if (!ret)
		ret = sim_run(*s);
	if (!ret) {
		*r = sim_report(*s);
		if (!*r)
			ret = -ENOMEM;
	}
	return ret;
}

/* the task of @r (a run of @wl) named @comm, or NULL */
static inline const struct sim_task_stats *
task_named(const struct sim_workload *wl, const struct sim_report *r,
	   const char *comm)
{
	char name[SIM_NAME_LEN];
	unsigned long i;

	for (i = 0; i < r->nr_tasks; i++)
		if (!strcmp(sim_task_comm(wl, sim_report_task(r, i), name),
			    comm))
			return sim_report_task(r, i);
	return NULL;
}

#endif /* KSTRUCT_TESTS_SIM_LOAD_H */
