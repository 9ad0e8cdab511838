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

#endif /* KSTRUCT_TESTS_SIM_LOAD_H */
