// SPDX-License-Identifier: MIT
/*
 * bench/sched_cfs.c - the scheduler design that replaced the O(1) one, as
 * a benchmark baseline: a red-black tree of runnable entities ordered by
 * virtual runtime, with the leftmost entity cached (Linux 2.6.23,
 * kernel/sched_fair.c: __enqueue_entity, __dequeue_entity,
 * __pick_next_entity).  Written for kstruct from that description, on
 * libbsd's <bsd/sys/tree.h> RB_* macros.
 *
 * Deliberate simplifications: no groups, no min_vruntime, no sleeper
 * credit; weights follow 1024 / 1.25^nice (the kernel's table rounds the
 * same curve); a pick charges the entity one tick (1 ms) of virtual time;
 * entities are spaced as far apart as task_structs (the @stride of
 * cfs_bench_create()), so cache behaviour compares like with like.
 *
 * Added for the benchmark only (no kernel counterpart): a "hot" loop that
 * re-queues a small fixed working set of entities, and a memory floor
 * that visits the entities in the same order as the enqueue/dequeue loop
 * but only touches each entity and its tree parent.
 *
 * This file must not include list/list.h: <bsd/sys/tree.h> pulls in the
 * BSD queue macros, whose LIST_HEAD means something else.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

/* RB_GENERATE_STATIC marks its functions __unused, which libbsd's
 * cdefs.h leaves undefined (Debian #522773) */
#ifndef __unused
#define __unused __attribute__((__unused__))
#endif
#include <bsd/sys/tree.h>

#include "bench/bench.h"
#include "bench/sched_bench.h"
#include "compat/compiler.h"
#include "compat/slab.h"

struct sched_entity {
	RB_ENTRY(sched_entity) run_node;
	uint64_t vruntime;
	unsigned long id;
	unsigned long weight;
};

static int entity_cmp(struct sched_entity *a, struct sched_entity *b)
{
	if (a->vruntime != b->vruntime)
		return a->vruntime < b->vruntime ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

RB_HEAD(cfs_tree, sched_entity);
RB_GENERATE_STATIC(cfs_tree, sched_entity, run_node, entity_cmp)

struct cfs_bench {
	struct cfs_tree tasks_timeline;
	struct sched_entity *rb_leftmost;
	char *mem;			/* n entities, @stride bytes apart */
	unsigned long stride;
	unsigned long *order;
	unsigned long n, next;
	unsigned long floor_next;	/* the cursor of cfs_bench_floor() */
	unsigned long hot_next;		/* and of the hot loop */
};

static struct sched_entity *entity(const struct cfs_bench *c,
				   unsigned long i)
{
	return (struct sched_entity *)(c->mem + i * c->stride);
}

#define TICK_NS		1000000ull
#define NICE_0_LOAD	1024ul

static void enqueue_entity(struct cfs_bench *c, struct sched_entity *se)
{
	RB_INSERT(cfs_tree, &c->tasks_timeline, se);
	if (!c->rb_leftmost || entity_cmp(se, c->rb_leftmost) < 0)
		c->rb_leftmost = se;
}

static void dequeue_entity(struct cfs_bench *c, struct sched_entity *se)
{
	if (c->rb_leftmost == se)
		c->rb_leftmost = RB_NEXT(cfs_tree, &c->tasks_timeline, se);
	RB_REMOVE(cfs_tree, &c->tasks_timeline, se);
}

struct cfs_bench *cfs_bench_create(unsigned long n, const int *nice,
				   const unsigned long *order, uint64_t seed,
				   unsigned long stride)
{
	struct cfs_bench *c;
	uint64_t r = seed | 1;
	unsigned long i;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return NULL;
	if (stride < sizeof(struct sched_entity))
		stride = sizeof(struct sched_entity);
	stride = (stride + 15) & ~15ul;
	c->stride = stride;
	c->mem = kcalloc(n, stride, GFP_KERNEL);
	c->order = kcalloc(n, sizeof(*c->order), GFP_KERNEL);
	if (!c->mem || !c->order) {
		cfs_bench_destroy(c);
		return NULL;
	}
	RB_INIT(&c->tasks_timeline);
	c->n = n;
	for (i = 0; i < n; i++) {
		struct sched_entity *se = entity(c, i);

		se->id = i;
		se->weight = (unsigned long)(NICE_0_LOAD /
					     pow(1.25, nice[i]) + 0.5);
		se->vruntime = bench_rand(&r) % (TICK_NS * 100);
		enqueue_entity(c, se);
	}
	memcpy(c->order, order, n * sizeof(*c->order));
	return c;
}

void cfs_bench_destroy(struct cfs_bench *c)
{
	if (!c)
		return;
	kfree(c->mem);
	kfree(c->order);
	kfree(c);
}

void cfs_bench_pick_next(struct cfs_bench *c, unsigned long ops)
{
	while (ops--) {
		struct sched_entity *se = c->rb_leftmost;

		dequeue_entity(c, se);
		se->vruntime += TICK_NS * NICE_0_LOAD / se->weight;
		enqueue_entity(c, se);
	}
}

void cfs_bench_enqueue_dequeue(struct cfs_bench *c, unsigned long ops)
{
	while (ops--) {
		struct sched_entity *se = entity(c, c->order[c->next]);

		if (++c->next == c->n)
			c->next = 0;
		dequeue_entity(c, se);
		enqueue_entity(c, se);
	}
}

void cfs_bench_enqueue_dequeue_hot(struct cfs_bench *c, unsigned long ops,
				   unsigned long nr_hot)
{
	if (nr_hot > c->n)
		nr_hot = c->n;
	if (!nr_hot)
		return;
	while (ops--) {
		struct sched_entity *se = entity(c, c->order[c->hot_next]);

		if (++c->hot_next >= nr_hot)
			c->hot_next = 0;
		dequeue_entity(c, se);
		enqueue_entity(c, se);
	}
}

/*
 * Unlinking a node from any binary tree must at least write the node and
 * the parent's pointer to it: write both back with their own values, so
 * that the same two cache lines are read and dirtied and nothing changes.
 */
void cfs_bench_floor(struct cfs_bench *c, unsigned long ops)
{
	while (ops--) {
		struct sched_entity *se = entity(c, c->order[c->floor_next]);
		struct sched_entity *parent;

		if (++c->floor_next == c->n)
			c->floor_next = 0;
		parent = READ_ONCE(RB_PARENT(se, run_node));
		WRITE_ONCE(RB_PARENT(se, run_node), parent);
		if (!parent)	/* the root: the tree head points at it */
			continue;
		if (READ_ONCE(RB_LEFT(parent, run_node)) == se)
			WRITE_ONCE(RB_LEFT(parent, run_node), se);
		else
			WRITE_ONCE(RB_RIGHT(parent, run_node), se);
	}
}

int cfs_bench_check(const struct cfs_bench *c)
{
	struct sched_entity *se, *prev = NULL;
	unsigned long count = 0;

	RB_FOREACH(se, cfs_tree, (struct cfs_tree *)&c->tasks_timeline) {
		if (prev && entity_cmp(prev, se) >= 0)
			return -1;
		prev = se;
		count++;
	}
	if (count != c->n)
		return -1;
	if (c->rb_leftmost != RB_MIN(cfs_tree,
				     (struct cfs_tree *)&c->tasks_timeline))
		return -1;
	return 0;
}
