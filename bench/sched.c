// SPDX-License-Identifier: MIT
/*
 * bench/sched.c - the scheduler benchmarks ("kstruct bench sched").
 *
 * Mirrors no kernel file.  It measures the O(1) scheduler of sched/ and
 * the simulator of sim/:
 *
 * - one runqueue with N = 10 .. 100,000 runnable tasks: enqueue/dequeue
 *   pairs and pick-next (find the first set bit, take the head of that
 *   queue, requeue it at the tail), on struct prio_array with the port's
 *   enqueue_task()/dequeue_task()/sched_find_first_bit(); beside it, on
 *   the same task set (same nice values, same seed), the design it
 *   replaced, 2.4's single run list scanned by a goodness() loop with its
 *   counter recalculation, and the design that replaced it, CFS's
 *   red-black tree ordered by virtual runtime with a cached leftmost
 *   (bench/sched_cfs.c, on list/rbtree.h, the kernel's rbtree API);
 *   ratios in the same run, and the crossover points read off them;
 * - to separate the algorithm from the memory it walks, each enqueue/
 *   dequeue loop over all N tasks is timed beside (a) the same operation
 *   on a "hot" working set of 8 tasks while the runqueue still holds all
 *   N, whose lines stay in cache: the algorithm's cost, which the spec's
 *   flatness target is about; and (b) a memory floor: the same visits to
 *   the same task_structs that only read and write back the links the
 *   operation must touch (the task's and its queue neighbours'; for CFS
 *   the entity's and its tree parent's), plus, for O(1), that floor with
 *   as many extra stores to cached lines as the real pair makes (x86
 *   commits stores in order, so stores queued behind a miss wait for it);
 *   ratios to each floor at every N, and what the pair costs above it;
 * - schedule() itself (after sys_sched_yield()) on a real machine of one
 *   CPU with N tasks: the whole path, locks included;
 * - load_balance() versus the number of CPUs (its find_busiest_queue()
 *   looks at every CPU): busy balancing of a balanced machine, and idle
 *   CPUs each pulling one task off a loaded CPU 0 (given back, untimed,
 *   after each call);
 * - the simulator: events per second and memory versus the number of
 *   tasks, up to a million (100,000 in quick mode), against the target
 *   of a million tasks in 512 MB.
 *
 * After each measurement the structure is checked, so a benchmark never
 * times a loop that broke what it works on.
 */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/sched_bench.h"
#include "compat/bitops.h"
#include "compat/ktime.h"
#include "compat/slab.h"
#include "list/list.h"
#include "sched/sched.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tools/kstruct.h"

#define SEED	0x5eed2002ull

static const unsigned long full_sizes[] = {
	10, 30, 100, 300, 1000, 3000, 10000, 30000, 100000
};
static const unsigned long quick_sizes[] = { 10, 100, 1000, 10000, 100000 };
#define MAX_SIZES	ARRAY_SIZE(full_sizes)

/* the task set: one nice value and one dynamic priority per task */
struct task_set {
	unsigned long n;
	int *nice;
	int *prio;
	unsigned long *order;	/* a random permutation */
};

/*
 * Tasks are laid out in memory by priority, as a long-running system's
 * slab would tend to give the tasks of one queue no particular order
 * either way: the pick-next loop then walks its queue through memory in
 * order and measures the algorithm rather than cache misses on 30 MB of
 * task_structs.  The enqueue/dequeue loop takes tasks in a random order
 * (or in memory order, a second series), so it does pay for the misses,
 * on every structure alike; its floors and hot set tell the misses and
 * the algorithm apart.
 */
static int cmp_prio(const void *a, const void *b)
{
	const int *x = a, *y = b;

	return (x[1] > y[1]) - (x[1] < y[1]);
}

static int task_set_make(struct task_set *ts, unsigned long n)
{
	uint64_t r = SEED ^ n;
	unsigned long i, j, t;
	int *pairs;

	ts->n = n;
	ts->nice = kcalloc(n, sizeof(*ts->nice), GFP_KERNEL);
	ts->prio = kcalloc(n, sizeof(*ts->prio), GFP_KERNEL);
	ts->order = kcalloc(n, sizeof(*ts->order), GFP_KERNEL);
	if (!ts->nice || !ts->prio || !ts->order)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		int bonus = (int)(bench_rand(&r) % 11) - 5;

		ts->nice[i] = (int)(bench_rand(&r) % 40) - 20;
		ts->prio[i] = NICE_TO_PRIO(ts->nice[i]) - bonus;
		if (ts->prio[i] < MAX_RT_PRIO)
			ts->prio[i] = MAX_RT_PRIO;
		if (ts->prio[i] > MAX_PRIO - 1)
			ts->prio[i] = MAX_PRIO - 1;
		ts->order[i] = i;
	}
	pairs = kcalloc(n, 2 * sizeof(*pairs), GFP_KERNEL);
	if (!pairs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		pairs[2 * i] = ts->nice[i];
		pairs[2 * i + 1] = ts->prio[i];
	}
	qsort(pairs, n, 2 * sizeof(*pairs), cmp_prio);
	for (i = 0; i < n; i++) {
		ts->nice[i] = pairs[2 * i];
		ts->prio[i] = pairs[2 * i + 1];
	}
	kfree(pairs);
	for (i = n - 1; i > 0; i--) {
		j = bench_rand(&r) % (i + 1);
		t = ts->order[i];
		ts->order[i] = ts->order[j];
		ts->order[j] = t;
	}
	return 0;
}

static void task_set_free(struct task_set *ts)
{
	kfree(ts->nice);
	kfree(ts->prio);
	kfree(ts->order);
}

/* --------------------------------------------- what every case shares */

/* the working set of the "hot" cases: the first tasks of the random order */
#define NR_HOT	8
/* the hot cases at every N are timed beside the same cases at this N */
#define REF_N	10

/*
 * The memory floor of one enqueue/dequeue visit on a list_head queue:
 * the accesses list_del() makes (read the entry's two links, write the
 * entry and each neighbour's link to it) without relinking anything.
 * Every store writes back the value already there, through WRITE_ONCE()
 * so that the compiler keeps it: the same cache lines are read and
 * dirtied, and the queue does not change.
 */
static inline void touch_links(struct list_head *entry)
{
	struct list_head *next = READ_ONCE(entry->next);
	struct list_head *prev = READ_ONCE(entry->prev);

	WRITE_ONCE(entry->next, next);
	WRITE_ONCE(next->prev, entry);
	WRITE_ONCE(prev->next, entry);
}

/*
 * A second, stricter floor for the O(1) pair: the floor's visits plus
 * as many stores to lines already in cache as the pair makes beyond the
 * floor's.  Counted in gcc -O2's x86-64 code: the pair stores 13 times
 * (the loop cursor, two return addresses, nr_active twice, the bitmap
 * word, both links of the queue head (the task was first in its queue),
 * the next task's and the old tail's links, the task's links twice and
 * its array pointer), the floor 4 times (the cursor and touch_links()'s
 * three).  The hypothesis this series tests: x86 makes stores visible in
 * program order, so every store queued behind one that misses waits for
 * it, and fewer visits overlap their misses; the more stores per visit,
 * the more a miss costs.  Another compiler may count one or two
 * differently; the point is the order of magnitude.
 */
#define FLOOR_EXTRA_STORES	9

/* ------------------------------------------------ O(1): struct prio_array */

/*
 * One runqueue and its own tasks.  Each visiting order gets its own
 * context, so that one case never disturbs the queue order another one
 * relies on: the enqueue/dequeue loop (@next), the floor (@floor_next)
 * and the hot loop (@hot_next) each keep a cursor.
 */
struct o1_ctx {
	struct prio_array array;
	struct task_struct *tasks;
	const struct task_set *ts;
	unsigned long next, floor_next, hot_next, nr_hot, ops;
	int in_memory_order;	/* visit tasks 0, 1, 2, ... */
	unsigned long sink[FLOOR_EXTRA_STORES];	/* o1_floor_stores() */
};

/* the task of visit @k: in the random order, or in memory order */
static inline struct task_struct *o1_task(const struct o1_ctx *c,
					  unsigned long k)
{
	return &c->tasks[c->in_memory_order ? k : c->ts->order[k]];
}

/*
 * The tasks are enqueued in visiting order, so the queues start in the
 * state the enqueue/dequeue loop keeps them in: each queue holds its
 * tasks in the order they will be visited, the next one at the front.
 */
static int o1_make(struct o1_ctx *c, const struct task_set *ts,
		   int in_memory_order)
{
	unsigned long i;

	memset(&c->array, 0, sizeof(c->array));
	for (i = 0; i < MAX_PRIO; i++)
		INIT_LIST_HEAD(&c->array.queue[i]);
	__set_bit(MAX_PRIO, c->array.bitmap);
	c->tasks = kcalloc(ts->n, sizeof(*c->tasks), GFP_KERNEL);
	if (!c->tasks)
		return -ENOMEM;
	c->ts = ts;
	c->in_memory_order = in_memory_order;
	c->next = 0;
	c->floor_next = 0;
	c->hot_next = 0;
	c->nr_hot = ts->n < NR_HOT ? ts->n : NR_HOT;
	for (i = 0; i < ts->n; i++) {
		struct task_struct *p = o1_task(c, i);
		unsigned long idx = p - c->tasks;

		INIT_LIST_HEAD(&p->run_list);
		p->static_prio = NICE_TO_PRIO(ts->nice[idx]);
		p->prio = ts->prio[idx];
		enqueue_task(p, &c->array);
	}
	return 0;
}

/* the array holds every task, and its bitmap matches its queues */
static int o1_check(const struct o1_ctx *c)
{
	unsigned long count = 0;
	int i;

	if (!test_bit(MAX_PRIO, c->array.bitmap))
		return -1;
	for (i = 0; i < MAX_PRIO; i++) {
		unsigned long len;

		if (!list_check(&c->array.queue[i]))
			return -1;
		len = list_count_nodes(&c->array.queue[i]);
		if (!len != !test_bit(i, c->array.bitmap))
			return -1;
		count += len;
	}
	return count == c->ts->n && (unsigned long)c->array.nr_active ==
	       c->ts->n ? 0 : -1;
}

static void o1_pick_next(void *arg)
{
	struct o1_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		int idx = sched_find_first_bit(c->array.bitmap);
		struct task_struct *p = list_entry(c->array.queue[idx].next,
						   struct task_struct, run_list);

		dequeue_task(p, &c->array);
		enqueue_task(p, &c->array);
	}
}

static void o1_enqueue_dequeue(void *arg)
{
	struct o1_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		struct task_struct *p = o1_task(c, c->next);

		if (++c->next == c->ts->n)
			c->next = 0;
		dequeue_task(p, &c->array);
		enqueue_task(p, &c->array);
	}
}

/* the same visits as o1_enqueue_dequeue(), touching only what it must */
static void o1_floor(void *arg)
{
	struct o1_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		struct task_struct *p = o1_task(c, c->floor_next);

		if (++c->floor_next == c->ts->n)
			c->floor_next = 0;
		touch_links(&p->run_list);
	}
}

/* o1_floor(), plus FLOOR_EXTRA_STORES stores to a line in cache */
static void o1_floor_stores(void *arg)
{
	struct o1_ctx *c = arg;
	unsigned long k, i;

	for (k = 0; k < c->ops; k++) {
		struct task_struct *p = o1_task(c, c->floor_next);

		if (++c->floor_next == c->ts->n)
			c->floor_next = 0;
		touch_links(&p->run_list);
		for (i = 0; i < FLOOR_EXTRA_STORES; i++)
			WRITE_ONCE(c->sink[i], k);
	}
}

/* the first nr_hot tasks of the random order, in turn, among all n */
static void o1_enqueue_dequeue_hot(void *arg)
{
	struct o1_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		struct task_struct *p = &c->tasks[c->ts->order[c->hot_next]];

		if (++c->hot_next == c->nr_hot)
			c->hot_next = 0;
		dequeue_task(p, &c->array);
		enqueue_task(p, &c->array);
	}
}

/* ------------------------------------------ 2.4: one list, goodness() */

/*
 * 2.4's schedule() looked at p->counter and p->nice; here they live in a
 * task_struct's time_slice and static_prio, so that the list walks the
 * same amount of memory as the O(1) runqueue does.
 */
struct g24_ctx {
	struct list_head runqueue_head;
	struct task_struct *tasks;
	const struct task_set *ts;
	unsigned long next, floor_next, hot_next, nr_hot, ops, recalcs;
};

/* 2.4 at HZ=100: a nice-0 task gets 6 ticks, nice -20 11, nice 19 1 */
#define NICE_TO_TICKS(nice)	((20 - (nice)) / 4 + 1)

static long goodness(const struct task_struct *p)
{
	if (!p->time_slice)
		return 0;
	return (long)p->time_slice + 20 - TASK_NICE(p);
}

/*
 * Added at the head in visiting order, the list starts as the
 * enqueue/dequeue loop keeps it: the next task to visit at the tail.
 * Added in memory order instead, the goodness() loop walks memory in
 * order, as the pick-next case wants.
 */
static int g24_make(struct g24_ctx *c, const struct task_set *ts,
		    int in_visit_order)
{
	unsigned long i;

	INIT_LIST_HEAD(&c->runqueue_head);
	c->tasks = kcalloc(ts->n, sizeof(*c->tasks), GFP_KERNEL);
	if (!c->tasks)
		return -ENOMEM;
	c->ts = ts;
	c->next = 0;
	c->floor_next = 0;
	c->hot_next = 0;
	c->nr_hot = ts->n < NR_HOT ? ts->n : NR_HOT;
	c->recalcs = 0;
	for (i = 0; i < ts->n; i++) {
		unsigned long idx = in_visit_order ? ts->order[i] : i;
		struct task_struct *p = &c->tasks[idx];

		p->static_prio = NICE_TO_PRIO(ts->nice[idx]);
		p->time_slice = NICE_TO_TICKS(ts->nice[idx]);
		list_add(&p->run_list, &c->runqueue_head);
	}
	return 0;
}

static int g24_check(const struct g24_ctx *c)
{
	if (!list_check(&c->runqueue_head))
		return -1;
	return list_count_nodes(&c->runqueue_head) == c->ts->n ? 0 : -1;
}

/* 2.4's schedule(): the best goodness wins; all zero: recalculate */
static void g24_pick_next(void *arg)
{
	struct g24_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		struct task_struct *p, *next;
		long c_best;

repeat_schedule:
		next = NULL;
		c_best = -1000;
		list_for_each_entry(p, &c->runqueue_head, run_list) {
			long weight = goodness(p);

			if (weight > c_best) {
				c_best = weight;
				next = p;
			}
		}
		if (!c_best) {
			list_for_each_entry(p, &c->runqueue_head, run_list)
				p->time_slice = (p->time_slice >> 1) +
						NICE_TO_TICKS(TASK_NICE(p));
			c->recalcs++;
			goto repeat_schedule;
		}
		next->time_slice--;	/* it runs for a tick */
	}
}

static void g24_enqueue_dequeue(void *arg)
{
	struct g24_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		struct task_struct *p = &c->tasks[c->ts->order[c->next]];

		if (++c->next == c->ts->n)
			c->next = 0;
		list_del(&p->run_list);
		list_add(&p->run_list, &c->runqueue_head);
	}
}

static void g24_floor(void *arg)
{
	struct g24_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		struct task_struct *p = &c->tasks[c->ts->order[c->floor_next]];

		if (++c->floor_next == c->ts->n)
			c->floor_next = 0;
		touch_links(&p->run_list);
	}
}

static void g24_enqueue_dequeue_hot(void *arg)
{
	struct g24_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		struct task_struct *p = &c->tasks[c->ts->order[c->hot_next]];

		if (++c->hot_next == c->nr_hot)
			c->hot_next = 0;
		list_del(&p->run_list);
		list_add(&p->run_list, &c->runqueue_head);
	}
}

/* ------------------------------------------------------- CFS wrappers */

struct cfs_ctx {
	struct cfs_bench *rq;
	unsigned long ops;
};

static void cfs_pick_next(void *arg)
{
	struct cfs_ctx *c = arg;

	cfs_bench_pick_next(c->rq, c->ops);
}

static void cfs_enqueue_dequeue(void *arg)
{
	struct cfs_ctx *c = arg;

	cfs_bench_enqueue_dequeue(c->rq, c->ops);
}

static void cfs_floor(void *arg)
{
	struct cfs_ctx *c = arg;

	cfs_bench_floor(c->rq, c->ops);
}

static void cfs_enqueue_dequeue_hot(void *arg)
{
	struct cfs_ctx *c = arg;

	cfs_bench_enqueue_dequeue_hot(c->rq, c->ops, NR_HOT);
}

/* ---------------------------------- every runqueue of one size, built */

/*
 * The same task set (nice values, priorities, random order) under each
 * structure; each visiting order on a runqueue of its own.  The *_hot
 * runqueues, built in memory order, serve pick-next first (which wants
 * its queues to walk memory in order), then the hot working set (which
 * does not mind).  About 7 x 300 bytes per task.
 */
struct rq_set {
	struct task_set ts;
	struct o1_ctx *o1, *o1_mem, *o1_hot;
	struct g24_ctx g24, g24_hot;
	struct cfs_ctx cfs, cfs_hot;
};

static void rq_set_free(struct rq_set *r)
{
	cfs_bench_destroy(r->cfs.rq);
	cfs_bench_destroy(r->cfs_hot.rq);
	kfree(r->g24.tasks);
	kfree(r->g24_hot.tasks);
	if (r->o1)
		kfree(r->o1->tasks);
	if (r->o1_mem)
		kfree(r->o1_mem->tasks);
	if (r->o1_hot)
		kfree(r->o1_hot->tasks);
	kfree(r->o1);
	kfree(r->o1_mem);
	kfree(r->o1_hot);
	task_set_free(&r->ts);
	memset(r, 0, sizeof(*r));
}

static int rq_set_make(struct rq_set *r, unsigned long n)
{
	memset(r, 0, sizeof(*r));
	r->o1 = kzalloc(sizeof(*r->o1), GFP_KERNEL);
	r->o1_mem = kzalloc(sizeof(*r->o1_mem), GFP_KERNEL);
	r->o1_hot = kzalloc(sizeof(*r->o1_hot), GFP_KERNEL);
	if (!r->o1 || !r->o1_mem || !r->o1_hot || task_set_make(&r->ts, n) ||
	    o1_make(r->o1, &r->ts, 0) || o1_make(r->o1_mem, &r->ts, 1) ||
	    o1_make(r->o1_hot, &r->ts, 1) || g24_make(&r->g24, &r->ts, 1) ||
	    g24_make(&r->g24_hot, &r->ts, 0))
		goto err_free;
	r->cfs.rq = cfs_bench_create(n, r->ts.nice, r->ts.order, SEED ^ n,
				     sizeof(struct task_struct));
	r->cfs_hot.rq = cfs_bench_create(n, r->ts.nice, r->ts.order, SEED ^ n,
					 sizeof(struct task_struct));
	if (!r->cfs.rq || !r->cfs_hot.rq)
		goto err_free;
	return 0;

err_free:
	rq_set_free(r);
	return -ENOMEM;
}

static int rq_set_check(const struct rq_set *r)
{
	if (o1_check(r->o1) || o1_check(r->o1_mem) || o1_check(r->o1_hot) ||
	    g24_check(&r->g24) || g24_check(&r->g24_hot) ||
	    cfs_bench_check(r->cfs.rq) || cfs_bench_check(r->cfs_hot.rq))
		return -EIO;
	return 0;
}

/* ------------------------------------------------ the runqueue groups */

enum {
	S_O1, S_G24, S_CFS,			/* pick-next has these */
	S_O1_ORDERED,
	S_O1_FLOOR, S_O1_ORDERED_FLOOR, S_G24_FLOOR, S_CFS_FLOOR,
	S_O1_FLOOR_STORES, S_O1_ORDERED_FLOOR_STORES,
	S_O1_HOT, S_G24_HOT, S_CFS_HOT,
	S_O1_HOT_REF, S_G24_HOT_REF, S_CFS_HOT_REF,	/* at N=REF_N */
	NR_SERIES
};

static const char *const series_name[NR_SERIES] = {
	[S_O1] = "O(1) prio_array",
	[S_G24] = "2.4 goodness list",
	[S_CFS] = "CFS rbtree",
	[S_O1_ORDERED] = "O(1), tasks in memory order",
	[S_O1_FLOOR] = "floor: O(1) visits",
	[S_O1_ORDERED_FLOOR] = "floor: O(1) visits, memory order",
	[S_G24_FLOOR] = "floor: 2.4 visits",
	[S_CFS_FLOOR] = "floor: CFS visits",
	[S_O1_FLOOR_STORES] = "floor + 9 stores: O(1) visits",
	[S_O1_ORDERED_FLOOR_STORES] =
		"floor + 9 stores: O(1) visits, memory order",
	[S_O1_HOT] = "O(1) prio_array",
	[S_G24_HOT] = "2.4 goodness list",
	[S_CFS_HOT] = "CFS rbtree",
	[S_O1_HOT_REF] = "O(1), N=10 alongside",
	[S_G24_HOT_REF] = "2.4 goodness, N=10 alongside",
	[S_CFS_HOT_REF] = "CFS rbtree, N=10 alongside",
};

#define G_PICK		"runqueue pick-next"
#define G_ENQ		"runqueue enqueue+dequeue"
#define G_HOT		"runqueue enqueue+dequeue, 8 hot tasks"

/* each enqueue/dequeue series, the floor it is read against, and labels */
static const struct {
	int series, floor;
	const char *ratio, *above;
} floor_pairs[] = {
	{ S_O1, S_O1_FLOOR, "O(1) / its floor", "O(1) above its floor, ns" },
	{ S_O1_ORDERED, S_O1_ORDERED_FLOOR, "O(1) memory order / its floor",
	  "O(1) memory order above its floor, ns" },
	{ S_G24, S_G24_FLOOR, "2.4 goodness / its floor",
	  "2.4 goodness above its floor, ns" },
	{ S_CFS, S_CFS_FLOOR, "CFS rbtree / its floor",
	  "CFS rbtree above its floor, ns" },
	{ S_O1, S_O1_FLOOR_STORES, "O(1) / floor + 9 stores",
	  "O(1) above floor + 9 stores, ns" },
	{ S_O1_ORDERED, S_O1_ORDERED_FLOOR_STORES,
	  "O(1) memory order / floor + 9 stores",
	  "O(1) memory order above floor + 9 stores, ns" },
};

/* report where @b_name's cost first exceeds @a_name's, from the medians */
static void crossover(struct bench *b, const char *group, const char *a_name,
		      const char *b_name, const unsigned long *sizes,
		      unsigned int nr, const struct bench_stat *const *a,
		      const struct bench_stat *const *other)
{
	unsigned int i;

	for (i = 0; i < nr; i++) {
		if (other[i]->median_ns > a[i]->median_ns) {
			if (i == 0)
				bench_note(b, "%s: %s costs more than %s from the smallest N=%lu (no crossover in range)",
					   group, b_name, a_name, sizes[0]);
			else
				bench_note(b, "%s: crossover between N=%lu and N=%lu: from there %s costs more than %s",
					   group, sizes[i - 1], sizes[i], b_name,
					   a_name);
			return;
		}
	}
	bench_note(b, "%s: %s costs less than %s up to N=%lu (no crossover in range)",
		   group, b_name, a_name, sizes[nr - 1]);
}

/* where measure_pick_next() puts O(1) pick-next at N=REF_N */
#define PICK_REF	(S_CFS + 1)

/* pick-next of the three designs at one size, and O(1)'s on @ref */
static int measure_pick_next(struct bench *b, struct rq_set *r,
			     struct rq_set *ref,
			     const struct bench_stat **row)
{
	unsigned long n = r->ts.n;
	struct bench_spec spec[] = {
		[S_O1] = { .fn = o1_pick_next, .arg = r->o1_hot,
			   .ops = r->o1_hot->ops },
		[S_G24] = { .fn = g24_pick_next, .arg = &r->g24_hot,
			    .ops = r->g24_hot.ops },
		[S_CFS] = { .fn = cfs_pick_next, .arg = &r->cfs_hot,
			    .ops = r->cfs_hot.ops },
		[PICK_REF] = { .fn = o1_pick_next, .arg = ref->o1_hot,
			       .ops = ref->o1_hot->ops,
			       .series = series_name[S_O1_HOT_REF] },
	};
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(spec); k++) {
		spec[k].group = G_PICK;
		if (!spec[k].series)
			spec[k].series = series_name[k];
		spec[k].x = n;
	}
	return bench_measure_set(b, spec, ARRAY_SIZE(spec), row);
}

/*
 * Every enqueue/dequeue case at one size, side by side: the loops over
 * all N tasks, their memory floors and the hot working sets, and the hot
 * working sets of @ref (N=REF_N), so that the hot cost at N against its
 * cost at N=REF_N is a ratio of two cases timed in the same rounds.
 */
static int measure_enqueue_dequeue(struct bench *b, struct rq_set *r,
				   struct rq_set *ref,
				   const struct bench_stat **row)
{
	unsigned long n = r->ts.n;
	struct bench_spec spec[NR_SERIES] = {
		[S_O1] = { .fn = o1_enqueue_dequeue, .arg = r->o1 },
		[S_G24] = { .fn = g24_enqueue_dequeue, .arg = &r->g24 },
		[S_CFS] = { .fn = cfs_enqueue_dequeue, .arg = &r->cfs },
		[S_O1_ORDERED] = { .fn = o1_enqueue_dequeue,
				   .arg = r->o1_mem },
		[S_O1_FLOOR] = { .fn = o1_floor, .arg = r->o1 },
		[S_O1_ORDERED_FLOOR] = { .fn = o1_floor, .arg = r->o1_mem },
		[S_G24_FLOOR] = { .fn = g24_floor, .arg = &r->g24 },
		[S_CFS_FLOOR] = { .fn = cfs_floor, .arg = &r->cfs },
		[S_O1_FLOOR_STORES] = { .fn = o1_floor_stores, .arg = r->o1 },
		[S_O1_ORDERED_FLOOR_STORES] = { .fn = o1_floor_stores,
						.arg = r->o1_mem },
		[S_O1_HOT] = { .fn = o1_enqueue_dequeue_hot,
			       .arg = r->o1_hot },
		[S_G24_HOT] = { .fn = g24_enqueue_dequeue_hot,
				.arg = &r->g24_hot },
		[S_CFS_HOT] = { .fn = cfs_enqueue_dequeue_hot,
				.arg = &r->cfs_hot },
		[S_O1_HOT_REF] = { .fn = o1_enqueue_dequeue_hot,
				   .arg = ref->o1_hot },
		[S_G24_HOT_REF] = { .fn = g24_enqueue_dequeue_hot,
				    .arg = &ref->g24_hot },
		[S_CFS_HOT_REF] = { .fn = cfs_enqueue_dequeue_hot,
				    .arg = &ref->cfs_hot },
	};
	unsigned int k;

	for (k = 0; k < NR_SERIES; k++) {
		spec[k].group = k >= S_O1_HOT ? G_HOT : G_ENQ;
		spec[k].series = series_name[k];
		spec[k].x = n;
		spec[k].ops = 1024;	/* every loop here: 1024 visits */
	}
	return bench_measure_set(b, spec, NR_SERIES, row);
}

/* the smallest and largest of num[i] / den[i] (or of num[i] alone) */
static void ratio_range(const struct bench_stat *const *num,
			const struct bench_stat *const *den, unsigned int nr,
			double *lo, double *hi)
{
	unsigned int i;

	for (i = 0; i < nr; i++) {
		double v = num[i]->median_ns / (den ? den[i]->median_ns : 1);

		if (!i || v < *lo)
			*lo = v;
		if (!i || v > *hi)
			*hi = v;
	}
}

/* the hot working set: the algorithm's cost, against the flatness target */
static void report_hot(struct bench *b, const unsigned long *sizes,
		       unsigned int nr,
		       const struct bench_stat *(*st)[MAX_SIZES])
{
	static const struct {
		int series, ref;
		const char *name, *label, *why;
	} hot[] = {
		{ S_O1_HOT, S_O1_HOT_REF, "O(1)", "O(1) N=max / N=min",
		  "prio_array: O(1)" },
		{ S_G24_HOT, S_G24_HOT_REF, "2.4 goodness",
		  "2.4 goodness N=max / N=min",
		  "list_del + list_add: O(1) too" },
		{ S_CFS_HOT, S_CFS_HOT_REF, "CFS rbtree",
		  "CFS rbtree N=max / N=min",
		  "rbtree insert and erase: O(log n), the path in cache" },
	};
	unsigned int k, last = nr - 1;

	for (k = 0; k < ARRAY_SIZE(hot); k++) {
		const struct bench_stat *const *at = st[hot[k].series];
		const struct bench_stat *const *ref = st[hot[k].ref];
		double apart, beside, lo = 0, hi = 0;

		apart = bench_ratio(b, G_HOT, hot[k].label, sizes[last],
				    at[last], at[0]);
		beside = at[last]->median_ns / ref[last]->median_ns;
		ratio_range(at, ref, nr, &lo, &hi);
		bench_note(b, "%s: %s cost at N=%lu is %.2fx its cost at N=%d timed alongside it, %.2fx its cost at N=%lu timed in another round; %.2f to %.2f over all N alongside (%s)%s%s",
			   G_HOT, hot[k].name, sizes[last], beside, REF_N,
			   apart, sizes[0], lo, hi, hot[k].why,
			   k ? "" : "; target <= 1.5: ",
			   k ? "" : beside <= 1.5 ? "met" : "MISSED");
	}
}

/* each enqueue/dequeue series against its floor, over every N */
static void report_floors(struct bench *b, const unsigned long *sizes,
			  unsigned int nr,
			  const struct bench_stat *(*st)[MAX_SIZES])
{
	unsigned int k, last = nr - 1;

	for (k = 0; k < ARRAY_SIZE(floor_pairs); k++) {
		const struct bench_stat *const *real, *const *fl;
		double lo = 0, hi = 0;

		real = st[floor_pairs[k].series];
		fl = st[floor_pairs[k].floor];
		ratio_range(real, fl, nr, &lo, &hi);
		bench_note(b, "%s: from N=%lu to N=%lu, %s grows %.2fx and %s %.2fx; the ratio %s is %.2f, then %.2f (%.2f to %.2f over all N)",
			   G_ENQ, sizes[0], sizes[last],
			   series_name[floor_pairs[k].series],
			   real[last]->median_ns / real[0]->median_ns,
			   series_name[floor_pairs[k].floor],
			   fl[last]->median_ns / fl[0]->median_ns,
			   floor_pairs[k].ratio,
			   real[0]->median_ns / fl[0]->median_ns,
			   real[last]->median_ns / fl[last]->median_ns, lo, hi);
	}
	bench_note(b, "How to read the enqueue+dequeue groups: the runqueue holds N tasks spread over the 40 nice-level priorities, each a %zu-byte task_struct (%.0f MB at N=%lu). The hot group re-queues only %d fixed tasks among them, so every line it touches stays in cache: that is the cost of the algorithm, which the spec's flatness target (<= 1.5x) is about. The main group visits all N tasks in turn (a fixed random order, or memory order), and each visit must bring in the cache lines of the task and of its queue neighbours. A 'floor' series makes the same visits to the same task_structs and only reads and writes back the links the operation must touch (for CFS, the entity's and its tree parent's). Where a pair grows with N about as much as its floor, so that their ratio stays roughly flat, the growth is memory, not the algorithm. The O(1) pair stays a few times its floor, most likely because it makes about 13 stores per visit to the floor's 4 and x86 commits stores in order, so every store queued behind a miss waits for it and fewer visits overlap their misses; 'floor + %d stores' tests that: the floor's visits plus that many stores to a line already in cache. The CFS ratio grows with N: its O(log n) path brings in more lines the larger the tree.",
		   sizeof(struct task_struct),
		   sizes[last] * (double)sizeof(struct task_struct) / 1e6,
		   sizes[last], NR_HOT, FLOOR_EXTRA_STORES);
}

static int bench_runqueues(struct bench *b)
{
	static const char *const groups[2] = { G_PICK, G_ENQ };
	const unsigned long *sizes = bench_quick(b) ? quick_sizes : full_sizes;
	unsigned int nr = bench_quick(b) ? ARRAY_SIZE(quick_sizes) :
			  ARRAY_SIZE(full_sizes);
	const struct bench_stat *st[2][NR_SERIES][ARRAY_SIZE(full_sizes)];
	const struct bench_stat *pick_ref[ARRAY_SIZE(full_sizes)];
	unsigned int i, g, k;
	struct rq_set ref;
	int ret;

	ret = rq_set_make(&ref, REF_N);
	if (ret)
		return ret;
	ref.o1_hot->ops = ref.g24_hot.ops = ref.cfs_hot.ops = 1024;
	for (i = 0; i < nr; i++) {
		unsigned long n = sizes[i];
		const struct bench_stat *row[NR_SERIES];
		struct rq_set r;

		ret = rq_set_make(&r, n);
		if (ret)
			goto out_free_ref;
		r.o1_hot->ops = 1024;
		r.cfs_hot.ops = 1024;
		r.g24_hot.ops = n <= 1000 ? 256 : n <= 10000 ? 16 : 4;
		ret = measure_pick_next(b, &r, &ref, row);
		if (ret)
			goto out_free;
		for (k = 0; k <= S_CFS; k++)
			st[0][k][i] = row[k];
		pick_ref[i] = row[PICK_REF];
		r.o1->ops = r.o1_mem->ops = r.o1_hot->ops = 1024;
		r.g24.ops = r.g24_hot.ops = 1024;
		r.cfs.ops = r.cfs_hot.ops = 1024;
		ret = measure_enqueue_dequeue(b, &r, &ref, row);
		if (ret)
			goto out_free;
		for (k = 0; k < NR_SERIES; k++)
			st[1][k][i] = row[k];
		for (g = 0; g < 2; g++) {
			bench_ratio(b, groups[g], "2.4 goodness / O(1)", n,
				    st[g][S_G24][i], st[g][S_O1][i]);
			bench_ratio(b, groups[g], "CFS rbtree / O(1)", n,
				    st[g][S_CFS][i], st[g][S_O1][i]);
		}
		bench_ratio(b, G_PICK, "O(1) / itself at N=10", n,
			    st[0][S_O1][i], pick_ref[i]);
		for (k = 0; k < ARRAY_SIZE(floor_pairs); k++) {
			const struct bench_stat *real, *fl;

			real = row[floor_pairs[k].series];
			fl = row[floor_pairs[k].floor];
			bench_ratio(b, G_ENQ, floor_pairs[k].ratio, n, real,
				    fl);
			bench_value(b, G_ENQ, floor_pairs[k].above, n,
				    real->median_ns - fl->median_ns);
		}
		bench_ratio(b, G_HOT, "2.4 goodness / O(1)", n,
			    row[S_G24_HOT], row[S_O1_HOT]);
		bench_ratio(b, G_HOT, "CFS rbtree / O(1)", n, row[S_CFS_HOT],
			    row[S_O1_HOT]);
		bench_ratio(b, G_HOT, "O(1) / itself at N=10", n,
			    row[S_O1_HOT], row[S_O1_HOT_REF]);
		ret = rq_set_check(&r);
		if (ret)
			bench_note(b, "BROKEN: a runqueue is wrong after N=%lu",
				   n);
out_free:
		rq_set_free(&r);
		if (ret)
			goto out_free_ref;
	}
	ret = rq_set_check(&ref);
	if (ret) {
		bench_note(b, "BROKEN: a runqueue is wrong after N=%d", REF_N);
		goto out_free_ref;
	}
	for (g = 0; g < 2; g++) {
		double q = bench_ratio(b, groups[g], "O(1) N=max / N=min",
				       sizes[nr - 1], st[g][S_O1][nr - 1],
				       st[g][S_O1][0]);

		bench_note(b, "%s: O(1) cost at N=%lu is %.2fx its cost at N=%lu (target <= 1.5: %s)%s",
			   groups[g], sizes[nr - 1], q, sizes[0],
			   q <= 1.5 ? "met" : "MISSED",
			   g ? "; all N tasks visited in a random order: see the floor and the hot group" : "");
		if (!g) {
			double lo = 0, hi = 0;

			ratio_range(st[0][S_O1], pick_ref, nr, &lo, &hi);
			q = st[0][S_O1][nr - 1]->median_ns /
			    pick_ref[nr - 1]->median_ns;
			bench_note(b, "%s: timed alongside its cost at N=%d in the same rounds, O(1) at N=%lu is %.2fx it (target <= 1.5: %s); %.2f to %.2f over all N",
				   groups[g], REF_N, sizes[nr - 1], q,
				   q <= 1.5 ? "met" : "MISSED", lo, hi);
		} else {
			q = bench_ratio(b, groups[g],
					"O(1) in memory order N=max / N=min",
					sizes[nr - 1], st[g][S_O1_ORDERED][nr - 1],
					st[g][S_O1_ORDERED][0]);
			bench_note(b, "%s: with tasks taken in memory order %.2fx (target <= 1.5: %s)",
				   groups[g], q, q <= 1.5 ? "met" : "MISSED");
		}
		crossover(b, groups[g], "O(1)", "2.4 goodness", sizes, nr,
			  (const struct bench_stat *const *)st[g][S_O1],
			  (const struct bench_stat *const *)st[g][S_G24]);
		crossover(b, groups[g], "O(1)", "CFS rbtree", sizes, nr,
			  (const struct bench_stat *const *)st[g][S_O1],
			  (const struct bench_stat *const *)st[g][S_CFS]);
		crossover(b, groups[g], "CFS rbtree", "2.4 goodness", sizes, nr,
			  (const struct bench_stat *const *)st[g][S_CFS],
			  (const struct bench_stat *const *)st[g][S_G24]);
	}
	report_floors(b, sizes, nr, st[1]);
	report_hot(b, sizes, nr, st[1]);
out_free_ref:
	rq_set_free(&ref);
	return ret;
}

/* ------------------------------------------ schedule() on a real machine */

struct machine_ctx {
	unsigned long ops;
	int nr_cpus;
};

static void yield_schedule(void *arg)
{
	struct machine_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		sys_sched_yield(0);
		schedule(0);
	}
}

/* a machine of @nr_cpus CPUs with @per_cpu tasks woken on each */
static int machine_up(int nr_cpus, unsigned long per_cpu, int spread)
{
	unsigned long i;
	int cpu, ret;

	kstruct_hz = DEFAULT_HZ;
	jiffies = 1000000;
	ret = sched_init(nr_cpus);
	if (ret)
		return ret;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		for (i = 0; i < per_cpu; i++) {
			struct task_struct *p = sched_new_task("bench", 0,
							       SCHED_OTHER, 0);

			if (!p) {
				sched_teardown();
				return -ENOMEM;
			}
			ret = wake_up_forked_process(p, spread ? cpu : 0);
			if (ret) {
				sched_teardown();
				return ret;
			}
		}
		schedule(cpu);
	}
	return 0;
}

static int bench_schedule(struct bench *b)
{
	const unsigned long *sizes = bench_quick(b) ? quick_sizes : full_sizes;
	unsigned int nr = bench_quick(b) ? ARRAY_SIZE(quick_sizes) :
			  ARRAY_SIZE(full_sizes);
	const struct bench_stat *first = NULL, *last = NULL;
	struct machine_ctx c = { .ops = 1024 };
	unsigned int i;
	int ret;

	for (i = 0; i < nr; i++) {
		struct bench_spec spec = {
			.group = "schedule() after sched_yield(), 1 CPU",
			.series = "O(1) schedule()", .x = sizes[i],
			.ops = c.ops, .fn = yield_schedule, .arg = &c,
		};

		ret = machine_up(1, sizes[i], 0);
		if (ret)
			return ret;
		last = bench_measure(b, &spec);
		if (!first)
			first = last;
		ret = sched_check();
		if (!ret && sched_nr_running_total() != sizes[i])
			ret = -EIO;
		sched_teardown();
		if (ret) {
			bench_note(b, "BROKEN: the runqueue is wrong after schedule() at N=%lu",
				   sizes[i]);
			return -EIO;
		}
	}
	bench_ratio(b, "schedule() after sched_yield(), 1 CPU",
		    "N=max / N=min", sizes[nr - 1], last, first);
	return 0;
}

/* -------------------------------------- load_balance() versus NR_CPUS */

static void balance_all(void *arg)
{
	struct machine_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		struct runqueue *rq = cpu_rq(k % c->nr_cpus);

		spin_lock(&rq->lock);
		load_balance(rq, 0);
		spin_unlock(&rq->lock);
	}
}

/* idle CPUs 1..ops each pull one task from CPU 0, which has them all */
static void idle_pulls(void *arg)
{
	struct machine_ctx *c = arg;
	unsigned long k;

	for (k = 1; k <= c->ops; k++) {
		struct runqueue *rq = cpu_rq(k);

		spin_lock(&rq->lock);
		load_balance(rq, 1);
		spin_unlock(&rq->lock);
	}
}

/* untimed: give the pulled tasks back to CPU 0 */
static void push_back(void *arg)
{
	struct machine_ctx *c = arg;
	struct runqueue *rq0 = cpu_rq(0);
	unsigned long k;

	for (k = 1; k <= c->ops; k++) {
		struct runqueue *rq = cpu_rq(k);

		double_rq_lock(rq0, rq);
		while (rq->active->nr_active) {
			int idx = sched_find_first_bit(rq->active->bitmap);
			struct task_struct *p = list_entry(
				rq->active->queue[idx].next,
				struct task_struct, run_list);

			pull_task(rq, rq->active, p, rq0, 0);
		}
		double_rq_unlock(rq0, rq);
	}
}

static int bench_idle_pull(struct bench *b, const int *cpus, unsigned int nr)
{
	const char *group = "idle load_balance() pulling one task";
	const struct bench_stat *st[8];
	unsigned int i;
	int ret;

	for (i = 0; i < nr; i++) {
		struct machine_ctx c = {
			.ops = cpus[i] - 1 < 16 ? cpus[i] - 1 : 16,
			.nr_cpus = cpus[i],
		};
		struct bench_spec spec = {
			.group = group, .series = "idle load_balance()",
			.x = cpus[i], .ops = c.ops, .fn = idle_pulls,
			.teardown = push_back, .arg = &c,
		};

		/* every task on CPU 0, none of them cache-hot */
		ret = machine_up(cpus[i], 2, 0);
		if (ret)
			return ret;
		cache_decay_ticks = 0;
		jiffies += 100;
		st[i] = bench_measure(b, &spec);
		ret = sched_check();
		if (!ret && (sched_nr_running_total() != 2ul * cpus[i] ||
			     cpu_rq(0)->nr_running != 2ul * cpus[i]))
			ret = -EIO;
		sched_teardown();
		if (ret) {
			bench_note(b, "BROKEN: idle pulls lost tasks at %d CPUs",
				   cpus[i]);
			return -EIO;
		}
	}
	bench_ratio(b, group, "NR_CPUS max / min", cpus[nr - 1], st[nr - 1],
		    st[0]);
	return 0;
}

static int bench_load_balance(struct bench *b)
{
	static const int full_cpus[] = { 2, 4, 8, 16, 32, 64 };
	static const int quick_cpus[] = { 2, 8, 64 };
	const int *cpus = bench_quick(b) ? quick_cpus : full_cpus;
	unsigned int nr = bench_quick(b) ? ARRAY_SIZE(quick_cpus) :
			  ARRAY_SIZE(full_cpus);
	const struct bench_stat *st[ARRAY_SIZE(full_cpus)];
	unsigned int i;
	int ret;

	for (i = 0; i < nr; i++) {
		struct machine_ctx c = { .ops = 256, .nr_cpus = cpus[i] };
		struct bench_spec spec = {
			.group = "load_balance() on a balanced machine",
			.series = "busy load_balance()", .x = cpus[i],
			.ops = c.ops, .fn = balance_all, .arg = &c,
		};

		ret = machine_up(cpus[i], 2, 1);
		if (ret)
			return ret;
		st[i] = bench_measure(b, &spec);
		ret = sched_check();
		if (!ret && sched_nr_running_total() != 2ul * cpus[i])
			ret = -EIO;
		sched_teardown();
		if (ret) {
			bench_note(b, "BROKEN: balancing lost tasks at %d CPUs",
				   cpus[i]);
			return -EIO;
		}
	}
	bench_ratio(b, "load_balance() on a balanced machine",
		    "NR_CPUS max / min", cpus[nr - 1], st[nr - 1], st[0]);
	bench_note(b, "find_busiest_queue() steps over all NR_CPUS (%d) slots, as 2.5.33 did, and reads the runqueue of each online one: O(NR_CPUS)",
		   NR_CPUS);
	return bench_idle_pull(b, cpus, nr);
}

/* --------------------------------------------- the simulator at scale */

/* heap bytes in use now (glibc's count: every kmalloc, with overheads) */
static unsigned long long heap_bytes(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
}

static int bench_simulator(struct bench *b)
{
	static const unsigned long full_tasks[] = { 1000, 10000, 100000,
						    1000000 };
	static const unsigned long quick_tasks[] = { 1000, 10000, 100000 };
	const unsigned long *tasks = bench_quick(b) ? quick_tasks : full_tasks;
	unsigned int nr = bench_quick(b) ? ARRAY_SIZE(quick_tasks) :
			  ARRAY_SIZE(full_tasks);
	const char *group = "simulator versus tasks";
	unsigned int i;

	for (i = 0; i < nr; i++) {
		struct sim_options opt = { .nr_cpus = 4, .seed = 1,
					   .duration_usec = 200000,
					   .max_tasks = tasks[i] };
		unsigned long long heap0, heap1;
		const struct sim_report *r;
		struct sim_workload *wl = NULL;
		struct sim *s = NULL;
		char json[256], err[256];
		uint64_t t0, t1, t2;
		struct rusage ru;
		int ret;

		snprintf(json, sizeof(json),
			 "{\"tasks\":{\"t\":{\"instance\":%lu,\"run\":3000,\"sleep\":7000}}}",
			 tasks[i]);
		ret = sim_workload_parse(json, "bench", 4, &wl, err,
					 sizeof(err));
		if (ret)
			return ret;
		heap0 = heap_bytes();
		t0 = ktime_get_ns();
		ret = sim_create(wl, &opt, &s);
		if (!ret) {
			ret = sim_step(s);	/* starts them all */
			ret = ret < 0 ? ret : 0;
		}
		t1 = ktime_get_ns();
		if (!ret)
			ret = sim_run(s);
		t2 = ktime_get_ns();
		heap1 = heap_bytes();
		r = ret ? NULL : sim_report(s);
		if (r) {
			double mib = (heap1 - heap0) / 1048576.0;
			double per_task = (double)(heap1 - heap0) / tasks[i];

			bench_value(b, group, "events per second", tasks[i],
				    r->events * 1e9 / (double)(t2 - t1));
			bench_value(b, group, "seconds to start the tasks",
				    tasks[i], (double)(t1 - t0) / 1e9);
			bench_value(b, group, "heap MiB in use", tasks[i], mib);
			bench_value(b, group, "heap bytes per task", tasks[i],
				    per_task);
			bench_value(b, group, "simulator's own MiB", tasks[i],
				    sim_memory_bytes(s) / 1048576.0);
			if (tasks[i] == 1000000)
				bench_note(b, "a million tasks: %.0f MiB of heap (target 512 MiB: %s)",
					   mib, mib <= 512 ? "met" : "MISSED");
			else if (i == nr - 1)
				bench_note(b, "%lu tasks: %.0f heap bytes each, so a million would take about %.0f MiB (target 512)",
					   tasks[i], per_task,
					   per_task * 1e6 / 1048576.0);
		}
		sim_destroy(s);
		sim_workload_free(wl);
		if (ret)
			return ret;
		if (!r)
			return -ENOMEM;
		if (!getrusage(RUSAGE_SELF, &ru))
			bench_value(b, group, "process peak RSS MiB (ru_maxrss)",
				    tasks[i], ru.ru_maxrss / 1024.0);
	}
	return 0;
}

/**
 * bench_sched() - the "sched" subject of kstruct bench
 * @b: the run
 *
 * Context: builds and tears down scheduler machines (sched_init()), so
 * none may exist; allocates about 500 MB for the million-task
 * simulation (60 MB in quick mode), and about 210 MB for the seven
 * runqueues of 100,000 tasks (quick mode too).
 * Return: 0, -ENOMEM, -EBUSY, or -EIO when a benchmarked structure was
 * left wrong.
 */
static int bench_sched(struct bench *b)
{
	int ret;

	ret = bench_runqueues(b);
	if (!ret)
		ret = bench_schedule(b);
	if (!ret)
		ret = bench_load_balance(b);
	if (!ret)
		ret = bench_simulator(b);
	return ret;
}

KSTRUCT_BENCH("sched", 20,
	      "O(1) runqueue vs 2.4 goodness list vs CFS rbtree, schedule(), load_balance, the simulator at scale",
	      bench_sched)
