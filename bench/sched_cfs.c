// SPDX-License-Identifier: MIT
/*
 * bench/sched_cfs.c - the scheduler design that replaced the O(1) one, as
 * a benchmark baseline: a red-black tree of runnable entities ordered by
 * virtual runtime, with the leftmost entity cached (Linux 2.6.23,
 * kernel/sched_fair.c: __enqueue_entity, __dequeue_entity,
 * __pick_next_entity).  Written for kstruct from that description, on
 * list/rbtree.h, the kernel's rbtree API: rb_add_cached() and
 * rb_erase_cached() on a struct rb_root_cached, as the modern
 * kernel/sched/fair.c enqueues and dequeues.
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
 * Entities compare by virtual runtime, then by id, so no two are equal and
 * every order the benchmark checks is strict (the kernel lets equal
 * vruntimes queue in arrival order).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/sched_bench.h"
#include "compat/compiler.h"
#include "compat/slab.h"
#include "list/rbtree.h"

struct sched_entity {
	struct rb_node run_node;
	uint64_t vruntime;
	unsigned long id;
	unsigned long weight;
};

static const struct sched_entity *__node_2_se(const struct rb_node *node)
{
	return rb_entry(node, const struct sched_entity, run_node);
}

static bool entity_before(const struct sched_entity *a,
			  const struct sched_entity *b)
{
	if (a->vruntime != b->vruntime)
		return a->vruntime < b->vruntime;
	return a->id < b->id;
}

/* for rb_add_cached(), the kernel's less() signature */
static bool __entity_less(struct rb_node *a, const struct rb_node *b)
{
	return entity_before(__node_2_se(a), __node_2_se(b));
}

/* for rb_check_cached() */
static bool entity_less(const struct rb_node *a, const struct rb_node *b)
{
	return entity_before(__node_2_se(a), __node_2_se(b));
}

struct cfs_bench {
	struct rb_root_cached tasks_timeline;
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
	rb_add_cached(&se->run_node, &c->tasks_timeline, __entity_less);
}

static void dequeue_entity(struct cfs_bench *c, struct sched_entity *se)
{
	rb_erase_cached(&se->run_node, &c->tasks_timeline);
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
	c->tasks_timeline = RB_ROOT_CACHED;
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
		struct sched_entity *se =
			rb_entry(rb_first_cached(&c->tasks_timeline),
				 struct sched_entity, run_node);

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
		struct rb_node *node = &se->run_node, *parent;
		unsigned long pc;

		if (++c->floor_next == c->n)
			c->floor_next = 0;
		pc = READ_ONCE(node->__rb_parent_color);
		WRITE_ONCE(node->__rb_parent_color, pc);
		parent = rb_parent(node);
		if (!parent)	/* the root: the tree head points at it */
			continue;
		if (READ_ONCE(parent->rb_left) == node)
			WRITE_ONCE(parent->rb_left, node);
		else
			WRITE_ONCE(parent->rb_right, node);
	}
}

int cfs_bench_check(const struct cfs_bench *c)
{
	const struct rb_node *node, *prev = NULL;
	unsigned long count = 0;

	if (!rb_check_cached(&c->tasks_timeline, entity_less))
		return -1;
	for (node = rb_first(&c->tasks_timeline.rb_root); node;
	     node = rb_next(node)) {
		if (prev && !entity_less(prev, node))
			return -1;
		prev = node;
		count++;
	}
	return count == c->n ? 0 : -1;
}
