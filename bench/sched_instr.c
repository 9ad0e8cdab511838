// SPDX-License-Identifier: MIT
/*
 * bench/sched_instr.c - sched-instr's map from the source file an
 * instruction was compiled from (and its function) to the part of the
 * scheduler it counts for (bench/sched_instr.h).  Apart from the subject
 * (bench/sched.c) so that tests/bench tests it without the simulator.
 */
#include <stdbool.h>
#include <string.h>

#include "bench/sched_instr.h"

/* @file is @dir's (a path that starts with it, or has it after a '/') */
static bool path_in(const char *file, const char *dir)
{
	size_t n = strlen(dir);
	const char *p;

	if (!strncmp(file, dir, n))
		return true;
	for (p = strstr(file, dir); p; p = strstr(p + 1, dir))
		if (p > file && p[-1] == '/')
			return true;
	return false;
}

unsigned int sched_instr_part_of(const char *file, const char *fn, void *data)
{
	(void)data;
	if (path_in(file, "sim/"))
		return INSTR_SIM;
	if (path_in(file, "list/rbtree"))
		return INSTR_TREE;
	if (path_in(file, "sched/pelt."))
		return INSTR_PELT;
	if (path_in(file, "sched/fair_smp.c"))
		return strstr(fn, "pelt") || !strcmp(fn, "update_rq_avg") ||
				       !strcmp(fn, "update_task_avg") ?
			       INSTR_PELT :
			       INSTR_PLACEMENT;
	if (path_in(file, "sched/fair_balance.c"))
		return INSTR_PLACEMENT;
	return INSTR_SCHED;
}
