/* SPDX-License-Identifier: MIT */
/*
 * bench/sched_bench.h - the CFS-style baseline of the scheduler
 * benchmarks (bench/sched_cfs.c, on list/rbtree.h), behind functions that
 * bench/sched.c times beside the O(1) and 2.4 runqueues.
 */
#ifndef KSTRUCT_BENCH_SCHED_BENCH_H
#define KSTRUCT_BENCH_SCHED_BENCH_H

#include <stdint.h>

struct cfs_bench;

/**
 * cfs_bench_create() - a CFS-style runqueue of @n runnable entities
 * @n: entities (>= 1)
 * @nice: entity i's nice value (-20..19), @n of them
 * @order: a permutation of 0..@n-1: the order of the re-queue loops
 *	(copied)
 * @seed: seeds the entities' starting virtual runtimes
 * @stride: bytes per entity in memory (at least the entity's own size),
 *	so that the baseline touches as much memory as a task_struct-based
 *	runqueue does
 *
 * A red-black tree ordered by virtual runtime with a cached leftmost
 * entity, as in Linux 2.6.23's kernel/sched_fair.c.  Given the task set
 * of the other runqueues, it is timed on the same tasks in the same order.
 *
 * Return: the runqueue, or NULL when out of memory.
 */
struct cfs_bench *cfs_bench_create(unsigned long n, const int *nice,
				   const unsigned long *order, uint64_t seed,
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
 * cfs_bench_enqueue_dequeue_hot() - @ops times: dequeue and enqueue again
 * one of a small fixed working set of entities, in turn
 * @c: the runqueue
 * @ops: how many pairs
 * @nr_hot: the working set: the first @nr_hot entities of the fixed random
 *	order (all of them when the runqueue holds fewer)
 *
 * The tree still holds every entity, so this times the algorithm on a
 * tree of n entities without the cache misses of visiting all of them.
 */
void cfs_bench_enqueue_dequeue_hot(struct cfs_bench *c, unsigned long ops,
				   unsigned long nr_hot);

/**
 * cfs_bench_floor() - @ops times: visit the next entity in the order of
 * cfs_bench_enqueue_dequeue() (with a cursor of its own), read and write
 * back one link of the entity and one of its tree parent
 * @c: the runqueue
 * @ops: how many visits
 *
 * The memory floor of an enqueue/dequeue pair: the two cache lines that
 * unlinking the entity must touch, and nothing else.  The tree does not
 * change.
 */
void cfs_bench_floor(struct cfs_bench *c, unsigned long ops);

/**
 * cfs_bench_check() - the tree holds every entity, in order, and the
 * cached leftmost is the minimum
 * @c: the runqueue
 *
 * Return: 0, or -1 when something is wrong.
 */
int cfs_bench_check(const struct cfs_bench *c);

#endif /* KSTRUCT_BENCH_SCHED_BENCH_H */
