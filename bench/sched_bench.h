/* SPDX-License-Identifier: MIT */
/*
 * bench/sched_bench.h - the CFS-style baseline of the scheduler
 * benchmarks, behind functions, so that bench/sched_cfs.c (which includes
 * <bsd/sys/tree.h>) and bench/sched.c (which includes list/list.h) never
 * meet: the BSD headers have their own LIST_HEAD.
 */
#ifndef KSTRUCT_BENCH_SCHED_BENCH_H
#define KSTRUCT_BENCH_SCHED_BENCH_H

#include <stdint.h>

struct cfs_bench;

/**
 * cfs_bench_create() - a CFS-style runqueue of @n runnable entities
 * @n: entities (>= 1)
 * @seed: seeds their nice values and the order of the re-queue loop
 * @stride: bytes per entity in memory (at least the entity's own size),
 *	so that the baseline touches as much memory as a task_struct-based
 *	runqueue does
 *
 * A red-black tree ordered by virtual runtime with a cached leftmost
 * entity, as in Linux 2.6.23's kernel/sched_fair.c.
 *
 * Return: the runqueue, or NULL when out of memory.
 */
struct cfs_bench *cfs_bench_create(unsigned long n, uint64_t seed,
				   unsigned long stride);

/** cfs_bench_destroy() - free what cfs_bench_create() made (or NULL) */
void cfs_bench_destroy(struct cfs_bench *c);

/**
 * cfs_bench_pick_next() - @ops times: take the leftmost entity, charge it
 * one tick of virtual runtime (scaled by its weight) and put it back
 * @c: the runqueue
 * @ops: how many picks
 */
void cfs_bench_pick_next(struct cfs_bench *c, unsigned long ops);

/**
 * cfs_bench_enqueue_dequeue() - @ops times: dequeue an entity (in a fixed
 * random order) and enqueue it again
 * @c: the runqueue
 * @ops: how many pairs
 */
void cfs_bench_enqueue_dequeue(struct cfs_bench *c, unsigned long ops);

/**
 * cfs_bench_check() - the tree holds every entity, in order, and the
 * cached leftmost is the minimum
 * @c: the runqueue
 *
 * Return: 0, or -1 when something is wrong.
 */
int cfs_bench_check(const struct cfs_bench *c);

#endif /* KSTRUCT_BENCH_SCHED_BENCH_H */
