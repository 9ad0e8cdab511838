/* SPDX-License-Identifier: MIT */
/*
 * bench/sched_instr.h - the parts "kstruct bench sched-instr" (bench/sched.c)
 * sums callgrind's instructions into, and the map from the source file
 * (and function) an instruction was compiled from to its part.
 */
#ifndef KSTRUCT_BENCH_SCHED_INSTR_H
#define KSTRUCT_BENCH_SCHED_INSTR_H

enum instr_part {
	INSTR_PELT, /* sched/pelt.*, the signals' updates of sched/fair_smp.c */
	INSTR_PLACEMENT, /* the rest of fair_smp.c, sched/fair_balance.c */
	INSTR_TREE, /* list/rbtree* */
	INSTR_SCHED, /* everything else: sched/, compat/, list/list.h, libc */
	INSTR_SIM, /* sim/ */
	NR_INSTR_PARTS
};

/**
 * sched_instr_part_of() - the part of an instruction of @fn, compiled from
 * @file (a path as callgrind names it: absolute, relative, or with "./")
 * @file: the source file
 * @fn: the function
 * @data: unused (a callgrind_part_fn)
 *
 * Return: an enum instr_part.
 */
unsigned int sched_instr_part_of(const char *file, const char *fn, void *data);

#endif /* KSTRUCT_BENCH_SCHED_INSTR_H */
