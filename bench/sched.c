// SPDX-License-Identifier: MIT
/*
 * bench/sched.c - the scheduler benchmarks ("kstruct bench sched").
 *
 * Mirrors no kernel file.  It measures the scheduling classes of sched/
 * and the simulator of sim/:
 *
 * - one O(1) runqueue (struct prio_array) with N = 10 .. 100,000 runnable
 *   tasks: enqueue/dequeue pairs and pick-next (find the first set bit,
 *   take the head of that queue, requeue it at the tail), with the port's
 *   enqueue_task()/dequeue_task()/sched_find_first_bit();
 * - to separate the algorithm from the memory it walks, each enqueue/
 *   dequeue loop over all N tasks is timed beside (a) the same operation
 *   on a "hot" working set of 8 tasks while the runqueue still holds all
 *   N, whose lines stay in cache: the algorithm's cost, which the spec's
 *   flatness target is about; and (b) a memory floor: the same visits to
 *   the same task_structs that only read and write back the links the
 *   operation must touch (the task's and its queue neighbours'), plus
 *   that floor with as many extra stores to cached lines as the real pair
 *   makes (x86 commits stores in order, so stores queued behind a miss
 *   wait for it); ratios to each floor at every N, and what the pair
 *   costs above it;
 * - every class's own enqueue_task, dequeue_task and pick_next_task hooks
 *   (goodness, o1, cfs, eevdf; bench/sched_class.c) on a one-CPU machine
 *   of N = 10 .. 10^6 tasks (quick: 10^5), the ratios of each class to
 *   o1, and where one class overtakes another;
 * - schedule() itself (after sys_sched_yield()) on a real machine of one
 *   CPU with N tasks, under every class: the whole path, locks included;
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
#include <fcntl.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/callgrind.h"
#include "bench/sched_class.h"
#include "bench/sched_instr.h"
#include "compat/bitops.h"
#include "compat/ktime.h"
#include "compat/slab.h"
#include "list/list.h"
#include "sched/class.h"
#include "sched/rq.h"
#include "sched/sched.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tools/kstruct.h"

#define SEED 0x5eed2002ull

static const unsigned long full_sizes[] = { 10,	  30,	 100,	300,   1000,
					    3000, 10000, 30000, 100000 };
static const unsigned long quick_sizes[] = { 10, 100, 1000, 10000, 100000 };
#define MAX_SIZES ARRAY_SIZE(full_sizes)

/* the task set: one nice value and one dynamic priority per task */
struct task_set {
	unsigned long n;
	int *nice;
	int *prio;
	unsigned long *order; /* a random permutation */
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
#define NR_HOT 8
/* the hot cases at every N are timed beside the same cases at this N */
#define REF_N 10

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
#define FLOOR_EXTRA_STORES 9

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
	int in_memory_order; /* visit tasks 0, 1, 2, ... */
	unsigned long sink[FLOOR_EXTRA_STORES]; /* o1_floor_stores() */
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
static bool o1_check(const struct o1_ctx *c)
{
	unsigned long count = 0;
	int i;

	if (!test_bit(MAX_PRIO, c->array.bitmap))
		return check_fail("sentinel bit %d clear", MAX_PRIO);
	for (i = 0; i < MAX_PRIO; i++) {
		unsigned long len;

		if (!list_check(&c->array.queue[i]))
			return false;
		len = list_count_nodes(&c->array.queue[i]);
		if (!len != !test_bit(i, c->array.bitmap))
			return check_fail(
				"queue %d holds %lu tasks, its bit is %s", i,
				len, len ? "clear" : "set");
		count += len;
	}
	if (count != c->ts->n || (unsigned long)c->array.nr_active != c->ts->n)
		return check_fail("%lu tasks queued, nr_active %d, of %lu",
				  count, c->array.nr_active, c->ts->n);
	return true;
}
#define o1_check(c) CHECK_CALLER(o1_check, (c))

static void o1_pick_next(void *arg)
{
	struct o1_ctx *c = arg;
	unsigned long k;

	for (k = 0; k < c->ops; k++) {
		int idx = sched_find_first_bit(c->array.bitmap);
		struct task_struct *p = list_entry(
			c->array.queue[idx].next, struct task_struct, run_list);

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

/* ---------------------------------- every runqueue of one size, built */

/*
 * The same task set (nice values, priorities, random order) on a
 * runqueue per visiting order.  The hot runqueue, built in memory order,
 * serves pick-next first (which wants its queues to walk memory in
 * order), then the hot working set (which does not mind).  About 3 x 450
 * bytes per task.
 */
struct rq_set {
	struct task_set ts;
	struct o1_ctx *o1, *o1_mem, *o1_hot;
};

static void rq_set_free(struct rq_set *r)
{
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
	    o1_make(r->o1_hot, &r->ts, 1)) {
		rq_set_free(r);
		return -ENOMEM;
	}
	return 0;
}

/* every runqueue of the set holds its tasks (reported by o1_check()) */
static int rq_set_verify(const struct rq_set *r)
{
	return o1_check(r->o1) && o1_check(r->o1_mem) && o1_check(r->o1_hot) ?
		       0 :
		       -EIO;
}

/* ------------------------------------------------ the runqueue groups */

enum {
	S_O1,
	S_O1_ORDERED,
	S_O1_FLOOR,
	S_O1_ORDERED_FLOOR,
	S_O1_FLOOR_STORES,
	S_O1_ORDERED_FLOOR_STORES,
	S_O1_HOT,
	S_O1_HOT_REF, /* at N=REF_N */
	NR_SERIES
};

static const char *const series_name[NR_SERIES] = {
	[S_O1] = "O(1) prio_array",
	[S_O1_ORDERED] = "O(1), tasks in memory order",
	[S_O1_FLOOR] = "floor: O(1) visits",
	[S_O1_ORDERED_FLOOR] = "floor: O(1) visits, memory order",
	[S_O1_FLOOR_STORES] = "floor + 9 stores: O(1) visits",
	[S_O1_ORDERED_FLOOR_STORES] =
		"floor + 9 stores: O(1) visits, memory order",
	[S_O1_HOT] = "O(1) prio_array",
	[S_O1_HOT_REF] = "O(1), N=10 alongside",
};

#define G_PICK "runqueue pick-next"
#define G_ENQ "runqueue enqueue+dequeue"
#define G_HOT "runqueue enqueue+dequeue, 8 hot tasks"

/* each enqueue/dequeue series, the floor it is read against, and labels */
static const struct {
	int series, floor;
	const char *ratio, *above;
} floor_pairs[] = {
	{ S_O1, S_O1_FLOOR, "O(1) / its floor", "O(1) above its floor, ns" },
	{ S_O1_ORDERED, S_O1_ORDERED_FLOOR, "O(1) memory order / its floor",
	  "O(1) memory order above its floor, ns" },
	{ S_O1, S_O1_FLOOR_STORES, "O(1) / floor + 9 stores",
	  "O(1) above floor + 9 stores, ns" },
	{ S_O1_ORDERED, S_O1_ORDERED_FLOOR_STORES,
	  "O(1) memory order / floor + 9 stores",
	  "O(1) memory order above floor + 9 stores, ns" },
};

/* O(1) pick-next at one size, and on @ref (N=REF_N) in the same rounds */
static int measure_pick_next(struct bench *b, struct rq_set *r,
			     struct rq_set *ref, const struct bench_stat **row)
{
	struct bench_spec spec[] = {
		{ .fn = o1_pick_next,
		  .arg = r->o1_hot,
		  .ops = r->o1_hot->ops,
		  .series = series_name[S_O1] },
		{ .fn = o1_pick_next,
		  .arg = ref->o1_hot,
		  .ops = ref->o1_hot->ops,
		  .series = series_name[S_O1_HOT_REF] },
	};
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(spec); k++) {
		spec[k].group = G_PICK;
		spec[k].x = r->ts.n;
	}
	return bench_measure_set(b, spec, ARRAY_SIZE(spec), row);
}

/*
 * Every enqueue/dequeue case at one size, side by side: the loops over
 * all N tasks, their memory floors and the hot working set, and the hot
 * working set of @ref (N=REF_N), so that the hot cost at N against its
 * cost at N=REF_N is a ratio of two cases timed in the same rounds.
 */
static int measure_enqueue_dequeue(struct bench *b, struct rq_set *r,
				   struct rq_set *ref,
				   const struct bench_stat **row)
{
	struct bench_spec spec[NR_SERIES] = {
		[S_O1] = { .fn = o1_enqueue_dequeue, .arg = r->o1 },
		[S_O1_ORDERED] = { .fn = o1_enqueue_dequeue, .arg = r->o1_mem },
		[S_O1_FLOOR] = { .fn = o1_floor, .arg = r->o1 },
		[S_O1_ORDERED_FLOOR] = { .fn = o1_floor, .arg = r->o1_mem },
		[S_O1_FLOOR_STORES] = { .fn = o1_floor_stores, .arg = r->o1 },
		[S_O1_ORDERED_FLOOR_STORES] = { .fn = o1_floor_stores,
						.arg = r->o1_mem },
		[S_O1_HOT] = { .fn = o1_enqueue_dequeue_hot, .arg = r->o1_hot },
		[S_O1_HOT_REF] = { .fn = o1_enqueue_dequeue_hot,
				   .arg = ref->o1_hot },
	};
	unsigned int k;

	for (k = 0; k < NR_SERIES; k++) {
		spec[k].group = k >= S_O1_HOT ? G_HOT : G_ENQ;
		spec[k].series = series_name[k];
		spec[k].x = r->ts.n;
		spec[k].ops = 1024; /* every loop here: 1024 visits */
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
	const struct bench_stat *const *at = st[S_O1_HOT];
	const struct bench_stat *const *ref = st[S_O1_HOT_REF];
	unsigned int last = nr - 1;
	double apart, beside, lo = 0, hi = 0;

	apart = bench_ratio(b, G_HOT, "O(1) N=max / N=min", sizes[last],
			    at[last], at[0]);
	beside = at[last]->median_ns / ref[last]->median_ns;
	ratio_range(at, ref, nr, &lo, &hi);
	bench_note(
		b,
		"%s: O(1) cost at N=%lu is %.2fx its cost at N=%d timed alongside it, %.2fx its cost at N=%lu timed in another round; %.2f to %.2f over all N alongside (prio_array: O(1)); target <= 1.5: %s",
		G_HOT, sizes[last], beside, REF_N, apart, sizes[0], lo, hi,
		beside <= 1.5 ? "met" : "MISSED");
}

/* each enqueue/dequeue series against its floor, over every N */
static void report_floors(struct bench *b, const unsigned long *sizes,
			  unsigned int nr,
			  const struct bench_stat *(*st)[MAX_SIZES])
{
	unsigned int k, last = nr - 1;

	for (k = 0; k < ARRAY_SIZE(floor_pairs); k++) {
		const struct bench_stat *const *real, *const *fl;
		char below[256] = "";
		size_t len = 0;
		double lo = 0, hi = 0;
		unsigned int i;

		real = st[floor_pairs[k].series];
		fl = st[floor_pairs[k].floor];
		ratio_range(real, fl, nr, &lo, &hi);
		/*
		 * A pair whose every repetition beat every repetition of its
		 * floor: the floor is no lower bound at that N (docs/bench.md,
		 * "A floor above its pair"), and must not be read as one.
		 */
		for (i = 0; i < nr; i++)
			if (real[i]->reps && fl[i]->reps &&
			    real[i]->max_ns < fl[i]->min_ns &&
			    len < sizeof(below))
				len += snprintf(below + len,
						sizeof(below) - len, "%s%lu",
						len ? ", " : "", sizes[i]);
		if (len)
			bench_note(
				b,
				"%s: %s is below %s at N = %s in every repetition: no lower bound there",
				G_ENQ, series_name[floor_pairs[k].series],
				series_name[floor_pairs[k].floor], below);
		bench_note(
			b,
			"%s: from N=%lu to N=%lu, %s grows %.2fx and %s %.2fx; the ratio %s is %.2f, then %.2f (%.2f to %.2f over all N)",
			G_ENQ, sizes[0], sizes[last],
			series_name[floor_pairs[k].series],
			real[last]->median_ns / real[0]->median_ns,
			series_name[floor_pairs[k].floor],
			fl[last]->median_ns / fl[0]->median_ns,
			floor_pairs[k].ratio,
			real[0]->median_ns / fl[0]->median_ns,
			real[last]->median_ns / fl[last]->median_ns, lo, hi);
	}
	bench_note(
		b,
		"How to read the enqueue+dequeue groups: the runqueue holds N tasks spread over the 40 nice-level priorities, each a %zu-byte task_struct (%.0f MB at N=%lu). The hot group re-queues only %d fixed tasks among them, so every line it touches stays in cache: that is the cost of the algorithm, which the spec's flatness target (<= 1.5x) is about. The main group visits all N tasks in turn (a fixed random order, or memory order), and each visit must bring in the cache lines of the task and of its queue neighbours. A 'floor' series makes the same visits to the same task_structs and only reads and writes back the links the operation must touch. Where a pair grows with N about as much as its floor, so that their ratio stays roughly flat, the growth is memory, not the algorithm. The O(1) pair stays a few times its floor, most likely because it makes about 13 stores per visit to the floor's 4 and x86 commits stores in order, so every store queued behind a miss waits for it and fewer visits overlap their misses; 'floor + %d stores' tests that: the floor's visits plus that many stores to a line already in cache. The classes group below times every class's own hooks.",
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

	bench_axes(b, G_PICK, "runnable tasks on the runqueue (N)",
		   "pick of the next task", 0);
	bench_axes(b, G_ENQ, "runnable tasks on the runqueue (N)",
		   "enqueue+dequeue pair", 0);
	bench_axes(b, G_HOT, "runnable tasks on the runqueue (N)",
		   "enqueue+dequeue pair", 0);
	ret = rq_set_make(&ref, REF_N);
	if (ret)
		return ret;
	ref.o1_hot->ops = 1024;
	for (i = 0; i < nr; i++) {
		unsigned long n = sizes[i];
		const struct bench_stat *row[NR_SERIES];
		struct rq_set r;

		ret = rq_set_make(&r, n);
		if (ret)
			goto out_free_ref;
		r.o1_hot->ops = 1024;
		ret = measure_pick_next(b, &r, &ref, row);
		if (ret)
			goto out_free;
		st[0][S_O1][i] = row[0];
		pick_ref[i] = row[1];
		r.o1->ops = r.o1_mem->ops = r.o1_hot->ops = 1024;
		ret = measure_enqueue_dequeue(b, &r, &ref, row);
		if (ret)
			goto out_free;
		for (k = 0; k < NR_SERIES; k++)
			st[1][k][i] = row[k];
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
		bench_ratio(b, G_HOT, "O(1) / itself at N=10", n, row[S_O1_HOT],
			    row[S_O1_HOT_REF]);
		ret = rq_set_verify(&r);
		if (ret)
			bench_note(b, "BROKEN: a runqueue is wrong after N=%lu",
				   n);
out_free:
		rq_set_free(&r);
		if (ret)
			goto out_free_ref;
	}
	ret = rq_set_verify(&ref);
	if (ret) {
		bench_note(b, "BROKEN: a runqueue is wrong after N=%d", REF_N);
		goto out_free_ref;
	}
	for (g = 0; g < 2; g++) {
		double q = bench_ratio(b, groups[g], "O(1) N=max / N=min",
				       sizes[nr - 1], st[g][S_O1][nr - 1],
				       st[g][S_O1][0]);

		bench_note(
			b,
			"%s: O(1) cost at N=%lu is %.2fx its cost at N=%lu (target <= 1.5: %s)%s",
			groups[g], sizes[nr - 1], q, sizes[0],
			q <= 1.5 ? "met" : "MISSED",
			g ? "; all N tasks visited in a random order: see the floor and the hot group" :
			    "");
		if (!g) {
			double lo = 0, hi = 0;

			ratio_range(st[0][S_O1], pick_ref, nr, &lo, &hi);
			q = st[0][S_O1][nr - 1]->median_ns /
			    pick_ref[nr - 1]->median_ns;
			bench_note(
				b,
				"%s: timed alongside its cost at N=%d in the same rounds, O(1) at N=%lu is %.2fx it (target <= 1.5: %s); %.2f to %.2f over all N",
				groups[g], REF_N, sizes[nr - 1], q,
				q <= 1.5 ? "met" : "MISSED", lo, hi);
		} else {
			q = bench_ratio(b, groups[g],
					"O(1) in memory order N=max / N=min",
					sizes[nr - 1],
					st[g][S_O1_ORDERED][nr - 1],
					st[g][S_O1_ORDERED][0]);
			bench_note(
				b,
				"%s: with tasks taken in memory order %.2fx (target <= 1.5: %s)",
				groups[g], q, q <= 1.5 ? "met" : "MISSED");
		}
	}
	report_floors(b, sizes, nr, st[1]);
	report_hot(b, sizes, nr, st[1]);
out_free_ref:
	rq_set_free(&ref);
	return ret;
}

/* --------------------------------------------- every class's own hooks */

static const unsigned long class_full_sizes[] = { 10,	 100,	 1000,
						  10000, 100000, 1000000 };
static const unsigned long class_quick_sizes[] = { 10, 100, 1000, 10000,
						   100000 };
#define NR_CLASS_SIZES ARRAY_SIZE(class_full_sizes)
#define MAX_CLASSES 4

#define G_CLASS_ENQ "class enqueue_task"
#define G_CLASS_DEQ "class dequeue_task"
#define G_CLASS_PICK "class pick_next_task"

enum { C_ENQ, C_DEQ, C_PICK, NR_CLASS_OPS };

static const char *const class_group[NR_CLASS_OPS] = {
	[C_ENQ] = G_CLASS_ENQ,
	[C_DEQ] = G_CLASS_DEQ,
	[C_PICK] = G_CLASS_PICK,
};

/*
 * A pick costs O(1) but for goodness, whose walk is O(n): fewer picks
 * per call as n grows keep a call near a millisecond.
 */
static unsigned long pick_ops(const struct sched_class *class, unsigned long n)
{
	if (class != &goodness_sched_class || n <= 1000)
		return 1024;
	return n <= 10000 ? 64 : n <= 100000 ? 8 : 1;
}

/* the classes timed (sched_classes[], at most MAX_CLASSES), and o1's index */
static unsigned int bench_classes_nr(unsigned int *o1)
{
	unsigned int k;

	*o1 = 0;
	for (k = 0; sched_classes[k] && k < MAX_CLASSES; k++)
		if (sched_classes[k] == &o1_sched_class)
			*o1 = k;
	return k;
}

/* enqueue, dequeue and pick of @class on a machine of @n tasks */
static int measure_class(struct bench *b, const struct sched_class *class,
			 unsigned long n, const struct bench_stat **row)
{
	struct class_bench *c = class_bench_create(class, n, SEED ^ n);
	struct bench_spec spec;
	int ret;

	if (!c)
		return -ENOMEM;
	/* a thousand tasks out of the queue and back, or all but one */
	c->ops = n > 1024 ? 1024 : n - 1;
	memset(&spec, 0, sizeof(spec));
	spec.series = class->name;
	spec.x = n;
	spec.arg = c;
	spec.ops = c->ops;
	spec.group = G_CLASS_ENQ;
	spec.setup = class_bench_dequeue;
	spec.fn = class_bench_enqueue;
	row[C_ENQ] = bench_measure(b, &spec);
	spec.group = G_CLASS_DEQ;
	spec.setup = NULL;
	spec.fn = class_bench_dequeue;
	spec.teardown = class_bench_enqueue;
	row[C_DEQ] = bench_measure(b, &spec);
	c->ops = pick_ops(class, n);
	spec.group = G_CLASS_PICK;
	spec.ops = c->ops;
	spec.fn = class_bench_pick;
	spec.teardown = NULL;
	row[C_PICK] = bench_measure(b, &spec);
	ret = class_bench_check(c) ? 0 : -EIO;
	if (ret)
		bench_note(b, "BROKEN: %s: a loop went wrong at N=%lu",
			   class->name, n);
	class_bench_destroy(c);
	return ret;
}

/*
 * Each class's enqueue_task, dequeue_task and pick_next_task hooks on a
 * one-CPU machine of N tasks, N = 10 .. 10^6 (quick: 10^5), the ratios
 * of each class to o1 at every N, each class's N=max / N=min, and where
 * one class starts to cost more than another.
 */
static int bench_classes(struct bench *b)
{
	const unsigned long *sizes = bench_quick(b) ? class_quick_sizes :
						      class_full_sizes;
	unsigned int nr = bench_quick(b) ? ARRAY_SIZE(class_quick_sizes) :
					   ARRAY_SIZE(class_full_sizes);
	const struct bench_stat *st[MAX_CLASSES][NR_CLASS_OPS][NR_CLASS_SIZES];
	const struct bench_stat *row[NR_CLASS_OPS];
	unsigned int i, j, k, o, o1, nr_classes = bench_classes_nr(&o1);
	char what[64];
	double q;
	int ret;

	bench_axes(b, G_CLASS_ENQ, "tasks queued in the class (N)",
		   "enqueue_task()", 0);
	bench_axes(b, G_CLASS_DEQ, "tasks queued in the class (N)",
		   "dequeue_task()", 0);
	bench_axes(b, G_CLASS_PICK, "tasks queued in the class (N)",
		   "pick_next_task()", 0);
	for (k = 0; k < nr_classes; k++) {
		for (i = 0; i < nr; i++) {
			ret = measure_class(b, sched_classes[k], sizes[i], row);
			if (ret)
				return ret;
			for (o = 0; o < NR_CLASS_OPS; o++)
				st[k][o][i] = row[o];
		}
	}
	for (o = 0; o < NR_CLASS_OPS; o++) {
		for (k = 0; k < nr_classes; k++) {
			if (k == o1)
				continue;
			snprintf(what, sizeof(what), "%s / o1",
				 sched_classes[k]->name);
			for (i = 0; i < nr; i++)
				bench_ratio(b, class_group[o], what, sizes[i],
					    st[k][o][i], st[o1][o][i]);
		}
		for (k = 0; k < nr_classes; k++) {
			snprintf(what, sizeof(what), "%s N=max / N=min",
				 sched_classes[k]->name);
			q = bench_ratio(b, class_group[o], what, sizes[nr - 1],
					st[k][o][nr - 1], st[k][o][0]);
			if (k == o1 && o == C_PICK)
				bench_note(
					b,
					"%s: o1's pick at N=%lu is %.2fx its pick at N=%lu (target <= 1.5: %s), %.2fx by minimums (each N on a machine of its own, timed in its own rounds)",
					class_group[o], sizes[nr - 1], q,
					sizes[0], q <= 1.5 ? "met" : "MISSED",
					st[k][o][nr - 1]->min_ns /
						st[k][o][0]->min_ns);
		}
		for (k = 0; k < nr_classes; k++)
			for (j = k + 1; j < nr_classes; j++)
				bench_note_crossover(b, class_group[o],
						     sched_classes[j]->name,
						     sched_classes[k]->name,
						     "tasks", sizes, nr,
						     st[j][o], st[k][o]);
	}
	bench_note(
		b,
		"How to read the class groups: one CPU, N SCHED_OTHER tasks of random nice values, all queued, the CPU idle; each class's own hook called with the runqueue lock held, nothing of the core around it. enqueue_task and dequeue_task move up to 1024 tasks (a fixed random order) out of the queue and back, each loop the other's untimed setup. pick_next_task chooses among all N: o1 a bitmap search, cfs the cached leftmost, eevdf a descent of the min_deadline tree, goodness a walk over every task. After each class and N, sched_check() and a brute-force pick over all N tasks confirm what the loops did.");
	return 0;
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

/* a machine of @nr_cpus CPUs under @class, @per_cpu tasks woken on each */
static int machine_up(const struct sched_class *class, int nr_cpus,
		      unsigned long per_cpu, int spread)
{
	unsigned long i;
	int cpu, ret;

	kstruct_hz = DEFAULT_HZ;
	jiffies = 1000000;
	ret = sched_init_class(nr_cpus, class);
	if (ret)
		return ret;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		for (i = 0; i < per_cpu; i++) {
			struct task_struct *p =
				sched_new_task("bench", 0, SCHED_OTHER, 0);

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

#define G_SCHEDULE "schedule() after sched_yield(), 1 CPU"

/*
 * sys_sched_yield() then schedule() on a machine of one CPU and N tasks,
 * under every class: the whole path (the yield, the tick-less switch,
 * the locks).
 */
static int bench_schedule(struct bench *b)
{
	const unsigned long *sizes = bench_quick(b) ? quick_sizes : full_sizes;
	unsigned int nr = bench_quick(b) ? ARRAY_SIZE(quick_sizes) :
					   ARRAY_SIZE(full_sizes);
	const struct bench_stat *st[MAX_CLASSES][MAX_SIZES];
	const struct sched_class *class;
	struct machine_ctx c;
	unsigned int i, k, o1, nr_classes = bench_classes_nr(&o1);
	char what[64];
	int ret;

	bench_axes(b, G_SCHEDULE, "runnable tasks on the CPU (N)",
		   "sched_yield() + schedule()", 0);
	for (k = 0; k < nr_classes; k++) {
		class = sched_classes[k];
		for (i = 0; i < nr; i++) {
			struct bench_spec spec = {
				.group = G_SCHEDULE,
				.series = class->name,
				.x = sizes[i],
				.fn = yield_schedule,
				.arg = &c,
			};

			c.ops = pick_ops(class, sizes[i]);
			spec.ops = c.ops;
			ret = machine_up(class, 1, sizes[i], 0);
			if (ret)
				return ret;
			st[k][i] = bench_measure(b, &spec);
			ret = sched_check() ? 0 : -EIO;
			if (!ret && sched_nr_running_total() != sizes[i])
				ret = -EIO;
			sched_teardown();
			if (ret) {
				bench_note(
					b,
					"BROKEN: %s: the runqueue is wrong after schedule() at N=%lu",
					class->name, sizes[i]);
				return -EIO;
			}
		}
	}
	for (k = 0; k < nr_classes; k++) {
		snprintf(what, sizeof(what), "%s N=max / N=min",
			 sched_classes[k]->name);
		bench_ratio(b, G_SCHEDULE, what, sizes[nr - 1], st[k][nr - 1],
			    st[k][0]);
		if (k == o1)
			continue;
		snprintf(what, sizeof(what), "%s / o1", sched_classes[k]->name);
		for (i = 0; i < nr; i++)
			bench_ratio(b, G_SCHEDULE, what, sizes[i], st[k][i],
				    st[o1][i]);
	}
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
			struct task_struct *p =
				list_entry(rq->active->queue[idx].next,
					   struct task_struct, run_list);

			pull_task(rq, rq->active, p, rq0, 0, NULL);
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

	bench_axes(b, group, "CPUs (2 tasks each, all queued on CPU 0)",
		   "idle load_balance() that pulls a task", 0);
	for (i = 0; i < nr; i++) {
		struct machine_ctx c = {
			.ops = cpus[i] - 1 < 16 ? cpus[i] - 1 : 16,
			.nr_cpus = cpus[i],
		};
		struct bench_spec spec = {
			.group = group,
			.series = "idle load_balance()",
			.x = cpus[i],
			.ops = c.ops,
			.fn = idle_pulls,
			.teardown = push_back,
			.arg = &c,
		};

		/* every task on CPU 0, none of them cache-hot */
		ret = machine_up(&o1_sched_class, cpus[i], 2, 0);
		if (ret)
			return ret;
		cache_decay_ticks = 0;
		jiffies += 100;
		st[i] = bench_measure(b, &spec);
		ret = sched_check() ? 0 : -EIO;
		if (!ret && (sched_nr_running_total() != 2ul * cpus[i] ||
			     cpu_rq(0)->nr_running != 2ul * cpus[i]))
			ret = -EIO;
		sched_teardown();
		if (ret) {
			bench_note(b,
				   "BROKEN: idle pulls lost tasks at %d CPUs",
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

	bench_axes(b, "load_balance() on a balanced machine",
		   "CPUs (2 tasks on each)", "load_balance() call", 0);
	for (i = 0; i < nr; i++) {
		struct machine_ctx c = { .ops = 256, .nr_cpus = cpus[i] };
		struct bench_spec spec = {
			.group = "load_balance() on a balanced machine",
			.series = "busy load_balance()",
			.x = cpus[i],
			.ops = c.ops,
			.fn = balance_all,
			.arg = &c,
		};

		ret = machine_up(&o1_sched_class, cpus[i], 2, 1);
		if (ret)
			return ret;
		st[i] = bench_measure(b, &spec);
		ret = sched_check() ? 0 : -EIO;
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
	bench_note(
		b,
		"find_busiest_queue() steps over all NR_CPUS (%d) slots, as 2.5.33 did, and reads the runqueue of each online one: O(NR_CPUS)",
		NR_CPUS);
	return bench_idle_pull(b, cpus, nr);
}

/* --------------------------------------------- the simulator at scale */

/* bytes of malloc()'s heap in use now (every kmalloc, with overheads) */
static unsigned long long malloc_bytes(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
}

/*
 * Memory in use now: malloc()'s heap and the slab caches' slabs (the
 * task_structs, the simulator's records), which are not malloc()'s
 */
static unsigned long long heap_bytes(void)
{
	return malloc_bytes() + kmem_slab_bytes();
}

/*
 * The simulator's speed is measured in windows of real time, each at
 * least SIM_WINDOW_NS long, after a warm-up: the tasks are created and
 * woken (timed on its own, "seconds to start the tasks"), then the run
 * goes on, untimed, to tick SIM_WARMUP_TICKS and for at least one
 * window's time.  That skips the start-up transient: every task starts
 * on CPU 0 and is cache-hot for cache_decay_ticks (10 at HZ=1000), and
 * o1's idle CPUs walk past all of them in load_balance() until then (see
 * bench_balance_share()).  A window counts only the events that happen
 * inside it (sim_events() before and after) and ends at the first tick
 * boundary past SIM_WINDOW_NS.
 *
 * Only one machine can exist at a time, so the classes cannot be timed
 * side by side; instead each configuration is built afresh in each of
 * SIM_ROUNDS rounds, the classes taking turns within a round, and gives
 * SIM_ROUND_WINDOWS windows a round: a change in the machine's load
 * falls on every class alike.  The median of all the windows is quoted,
 * with min and max.
 */
#define SIM_WINDOW_NS (100 * NSEC_PER_MSEC)
#define SIM_ROUNDS 3
#define SIM_ROUND_WINDOWS 5
#define SIM_ROUNDS_QUICK 1
#define SIM_ROUND_WINDOWS_QUICK 3
#define SIM_WARMUP_TICKS 20
/*
 * sim_check() after the windows, up to this many tasks: beyond, its
 * process_tree_check() costs minutes (it finds each task on its parent's
 * children list by walking that list: O(n^2) when one parent has them
 * all, as the bench's initial tasks do).
 */
#define SIM_CHECK_MAX_TASKS 10000
#define SIM_BENCH_USEC (100000ull * 1000000) /* never reached */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* a simulation of @tasks tasks that each run 3 ms and sleep 7 ms */
static int sim_bench_create(unsigned long tasks, unsigned int nr_cpus,
			    unsigned int class, int measure_cost,
			    struct sim_workload **wl, struct sim **s)
{
	struct sim_options opt = { .nr_cpus = nr_cpus,
				   .seed = 1,
				   .duration_usec = SIM_BENCH_USEC,
				   .max_tasks = tasks,
				   .measure_cost = measure_cost };
	char json[256], err[256];
	int ret;

	opt.sched_class = sched_classes[class];
	snprintf(
		json, sizeof(json),
		"{\"tasks\":{\"t\":{\"instance\":%lu,\"run\":3000,\"sleep\":7000}}}",
		tasks);
	*s = NULL;
	ret = sim_workload_parse(json, "bench", nr_cpus, wl, err, sizeof(err));
	if (ret)
		return ret;
	ret = sim_create(*wl, &opt, s);
	if (ret) {
		sim_workload_free(*wl);
		*wl = NULL;
	}
	return ret;
}

/* step until @ticks ticks are done and @ns of real time has passed */
static int sim_steps(struct sim *s, unsigned long long ticks, uint64_t ns,
		     uint64_t *took)
{
	uint64_t t0 = ktime_get_ns();
	int ret;

	do
		ret = sim_step(s);
	while (ret > 0 &&
	       ((*took = ktime_get_ns() - t0) < ns || sim_ticks(s) < ticks));
	return ret < 0 ? ret : 0;
}

/*
 * What the rounds gathered for one class at one N: @ns, ns per event of
 * each of @nr windows; from the first round, @start_s (seconds to create
 * and wake the tasks), @heap[0] (heap bytes the simulation holds once
 * they are started) and @heap[1] (at the end: the latency lists have
 * grown), and @own (the simulator's share at the end).
 */
struct sim_measure {
	double ns[SIM_ROUNDS * SIM_ROUND_WINDOWS];
	unsigned int nr;
	double start_s;
	unsigned long long heap[2], own;
};

/* one round of one configuration: its windows go into @m */
static int sim_round(unsigned long tasks, unsigned int nr_cpus,
		     unsigned int class, unsigned int windows,
		     struct sim_measure *m)
{
	unsigned long long heap0 = heap_bytes(), heap1;
	struct sim_workload *wl = NULL;
	struct sim *s = NULL;
	uint64_t t0 = ktime_get_ns(), took = 0;
	double start_s;
	unsigned int w;
	int ret;

	ret = sim_bench_create(tasks, nr_cpus, class, 0, &wl, &s);
	if (!ret) {
		ret = sim_step(s); /* creates and wakes them all: tick 1 */
		ret = ret < 0 ? ret : 0;
	}
	start_s = (double)(ktime_get_ns() - t0) / NSEC_PER_SEC;
	heap1 = heap_bytes() - heap0;
	if (!ret)
		ret = sim_steps(s, SIM_WARMUP_TICKS, SIM_WINDOW_NS, &took);
	for (w = 0; !ret && w < windows; w++) {
		unsigned long long e0 = sim_events(s);

		ret = sim_steps(s, 0, SIM_WINDOW_NS, &took);
		m->ns[m->nr++] = (double)took / (sim_events(s) - e0);
	}
	if (!ret && tasks <= SIM_CHECK_MAX_TASKS && !sim_check(s))
		ret = -EIO;
	if (m->nr == windows) {
		m->start_s = start_s;
		m->heap[0] = heap1;
		m->heap[1] = heap_bytes() - heap0;
		m->own = s ? sim_memory_bytes(s) : 0;
	}
	sim_destroy(s);
	sim_workload_free(wl);
	return ret;
}

/* the median, min and max of @nr windows' @ns (sorted in place) */
static void windows_stat(double *ns, unsigned int nr, struct bench_stat *st)
{
	qsort(ns, nr, sizeof(ns[0]), cmp_double);
	memset(st, 0, sizeof(*st));
	st->median_ns = ns[nr / 2];
	st->min_ns = ns[0];
	st->max_ns = ns[nr - 1];
	st->reps = nr;
	st->ops = 1;
}

/* the median, min and max of @m's windows */
static void sim_measure_stat(struct sim_measure *m, struct bench_stat *st)
{
	windows_stat(m->ns, m->nr, st);
}

static int bench_simulator(struct bench *b)
{
	static const unsigned long full_tasks[] = { 1000, 10000, 100000,
						    1000000 };
	static const unsigned long quick_tasks[] = { 1000, 10000, 100000 };
	const unsigned long *tasks = bench_quick(b) ? quick_tasks : full_tasks;
	unsigned int nr = bench_quick(b) ? ARRAY_SIZE(quick_tasks) :
					   ARRAY_SIZE(full_tasks);
	unsigned int rounds = bench_quick(b) ? SIM_ROUNDS_QUICK : SIM_ROUNDS;
	unsigned int windows = bench_quick(b) ? SIM_ROUND_WINDOWS_QUICK :
						SIM_ROUND_WINDOWS;
	const char *group = "simulator versus tasks, 4 CPUs";
	struct bench_stat st[ARRAY_SIZE(full_tasks)][MAX_CLASSES];
	const struct bench_stat *by_class[MAX_CLASSES][ARRAY_SIZE(full_tasks)];
	unsigned int i, c, k, r, o1, nr_classes = bench_classes_nr(&o1);
	struct sim_measure *m;
	char what[96];
	int ret = 0;

	m = kcalloc(MAX_CLASSES, sizeof(*m), GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		memset(m, 0, MAX_CLASSES * sizeof(*m));
		for (r = 0; r < rounds; r++) {
			for (c = 0; c < nr_classes; c++) {
				ret = sim_round(tasks[i], 4, c, windows, &m[c]);
				if (ret == -EIO)
					bench_note(
						b,
						"BROKEN: sim_check() failed after the run of %lu tasks under %s",
						tasks[i],
						sched_classes[c]->name);
				if (ret)
					goto out;
			}
		}
		for (c = 0; c < nr_classes; c++) {
			double mib = m[c].heap[0] / 1048576.0;
			struct rusage ru;

			sim_measure_stat(&m[c], &st[i][c]);
			by_class[c][i] = &st[i][c];
#define SIM_VALUE(label, v)                                                    \
	do {                                                                   \
		snprintf(what, sizeof(what), "%s, %s", sched_classes[c]->name, \
			 label);                                               \
		bench_value(b, group, what, tasks[i], (v));                    \
	} while (0)
			SIM_VALUE("events per second (median window)",
				  1e9 / st[i][c].median_ns);
			SIM_VALUE("ns per event (median window)",
				  st[i][c].median_ns);
			SIM_VALUE("ns per event (fastest window)",
				  st[i][c].min_ns);
			SIM_VALUE("ns per event (slowest window)",
				  st[i][c].max_ns);
			SIM_VALUE("seconds to start the tasks", m[c].start_s);
			SIM_VALUE("heap MiB once started", mib);
			SIM_VALUE("heap bytes per task once started",
				  (double)m[c].heap[0] / tasks[i]);
			SIM_VALUE("heap MiB at the end",
				  m[c].heap[1] / 1048576.0);
			SIM_VALUE("simulator's own MiB", m[c].own / 1048576.0);
			if (!getrusage(RUSAGE_SELF, &ru))
				SIM_VALUE("process peak RSS MiB (ru_maxrss)",
					  ru.ru_maxrss / 1024.0);
#undef SIM_VALUE
			if (tasks[i] == 1000000)
				bench_note(
					b,
					"%s: a million tasks started: %.0f MiB of heap (target 512 MiB: %s)",
					sched_classes[c]->name, mib,
					mib <= 512 ? "met" : "MISSED");
		}
		for (c = 0; c < nr_classes; c++) {
			if (c == o1)
				continue;
			snprintf(what, sizeof(what), "%s / o1, ns per event",
				 sched_classes[c]->name);
			bench_ratio(b, group, what, tasks[i], &st[i][c],
				    &st[i][o1]);
		}
	}
	bench_note(
		b,
		"%s: events are ticks of each CPU, switches, wake-ups and migrations; each figure is the median of %u windows of at least %llu ms of real time (from %u round(s) in which the classes take turns, each building its machine afresh), counting only the events inside each, after the start-up (timed apart) and a warm-up to tick %d",
		group, rounds * windows, SIM_WINDOW_NS / NSEC_PER_MSEC, rounds,
		SIM_WARMUP_TICKS);
	for (c = 0; c < nr_classes; c++) {
		double q = st[nr - 1][c].median_ns / st[nr - 1][o1].median_ns;

		if (c == o1)
			continue;
		bench_note(
			b,
			"%s: at %lu tasks %s costs %.2fx o1 per event (target <= 2: %s)",
			group, tasks[nr - 1], sched_classes[c]->name, q,
			q <= 2 ? "met" : "MISSED");
	}
	for (c = 0; c < nr_classes; c++)
		for (k = c + 1; k < nr_classes; k++)
			bench_note_crossover(b, group, sched_classes[c]->name,
					     sched_classes[k]->name, "tasks",
					     tasks, nr, by_class[c],
					     by_class[k]);
out:
	kfree(m);
	return ret;
}

/*
 * The long run (--long): each class runs a million tasks for
 * LONG_SECONDS simulated seconds, in a child process of its own, so that
 * its peak RSS is its own (wait4()'s ru_maxrss; the pages the child
 * inherited at fork are reported beside it).  LONG_WINDOWS windows of
 * LONG_WINDOW_SECONDS simulated seconds each, ending at equal steps
 * across the run (the last at its end), are timed in the thread's CPU
 * time (not affected by other processes' load, as real time is) and
 * divided by the events inside each.  The first windows alone flatter the
 * trees: the switch rate, and with it the cost of an event, rises as the
 * run goes on.  Quick mode: 100,000 tasks for 100 seconds.
 */
#define LONG_TASKS 1000000ul
#define LONG_SECONDS 1000u
#define LONG_TASKS_QUICK 100000ul
#define LONG_SECONDS_QUICK 100u
#define LONG_WINDOWS 20
#define LONG_WINDOW_SECONDS 5u

struct long_result {
	int err;
	unsigned int nr; /* windows measured */
	double ns[LONG_WINDOWS]; /* CPU ns per event, by window */
	double cpu_s; /* CPU seconds of the whole child */
	unsigned long long events, ticks;
	unsigned int hz;
	struct sim_memory
		mem; /* at the end: the latency lists at their longest */
	unsigned long long malloc_bytes; /* malloc()'s heap then */
};

static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + (uint64_t)ts.tv_nsec;
}

/* step until tick @until (or the run's end); Return: 0 or an errno */
static int long_steps_to(struct sim *s, unsigned long long until)
{
	int ret = 1;

	while (ret > 0 && sim_ticks(s) < until)
		ret = sim_step(s);
	return ret < 0 ? ret : 0;
}

/* in the child: one class's long run into @res */
static void long_run_class(unsigned long tasks, unsigned int seconds,
			   unsigned int class, struct long_result *res)
{
	struct sim_workload *wl = NULL;
	const struct sim_report *r;
	struct sim *s = NULL;
	unsigned long long win, end;
	unsigned int w;
	uint64_t t0;
	int ret;

	memset(res, 0, sizeof(*res));
	ret = sim_bench_create(tasks, 4, class, 0, &wl, &s);
	if (!ret) {
		ret = sim_step(s);
		ret = ret < 0 ? ret : 0;
	}
	r = ret ? NULL : sim_report(s);
	if (!ret && !r)
		ret = -ENOMEM;
	if (!ret) {
		res->hz = r->hz;
		win = (unsigned long long)LONG_WINDOW_SECONDS * r->hz;
		for (w = 0; !ret && w < LONG_WINDOWS; w++) {
			unsigned long long e0;

			end = (unsigned long long)seconds * r->hz * (w + 1) /
			      LONG_WINDOWS;
			ret = long_steps_to(s, end - win);
			e0 = sim_events(s);
			t0 = thread_cpu_ns();
			if (!ret)
				ret = long_steps_to(s, end);
			if (!ret && sim_events(s) > e0)
				res->ns[res->nr++] =
					(double)(thread_cpu_ns() - t0) /
					(sim_events(s) - e0);
		}
		res->events = sim_events(s);
		res->ticks = sim_ticks(s);
		sim_memory(s, &res->mem);
		res->malloc_bytes = malloc_bytes();
	}
	res->cpu_s = (double)thread_cpu_ns() / NSEC_PER_SEC;
	res->err = ret;
	sim_destroy(s);
	sim_workload_free(wl);
}

/* the resident set now, in KiB (/proc/self/statm), or 0 */
static unsigned long resident_kib(void)
{
	unsigned long size, resident = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	if (!f)
		return 0;
	if (fscanf(f, "%lu %lu", &size, &resident) != 2)
		resident = 0;
	fclose(f);
	return resident * (unsigned long)(sysconf(_SC_PAGESIZE) / 1024);
}

/* one class's long run in a child; its peak RSS (KiB) into @maxrss */
static int long_run_child(unsigned long tasks, unsigned int seconds,
			  unsigned int class, struct long_result *res,
			  long *maxrss)
{
	struct rusage ru;
	int fd[2], status;
	ssize_t got = 0, n;
	pid_t pid;

	fflush(NULL);
	if (pipe(fd))
		return -errno;
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -errno;
	}
	if (pid == 0) {
		close(fd[0]);
		long_run_class(tasks, seconds, class, res);
		n = write(fd[1], res, sizeof(*res));
		_exit(n == (ssize_t)sizeof(*res) ? 0 : 1);
	}
	close(fd[1]);
	while (got < (ssize_t)sizeof(*res) &&
	       (n = read(fd[0], (char *)res + got, sizeof(*res) - got)) > 0)
		got += n;
	close(fd[0]);
	if (wait4(pid, &status, 0, &ru) != pid)
		return -ECHILD;
	if (got != (ssize_t)sizeof(*res) || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return -EIO;
	*maxrss = ru.ru_maxrss;
	return res->err;
}

/**
 * bench_sched_long() - the "sched-long" subject: bench_simulator_long()
 * under --long, else a note that it was skipped
 * @b: the run
 *
 * Context: forks a child per class, each of which builds a machine
 * (sched_init()) and needs about 600 MB at a million tasks.
 * Return: 0, -ENOMEM, -EIO when a run failed, or an errno of fork/pipe.
 */
static int bench_simulator_long(struct bench *b);

/*
 * Where a task's bytes go at the end of @class's long run, from the
 * simulator's account (sim_memory()) and the child's peak RSS @maxrss
 * (KiB, of which @inherited were the parent's): the rows of docs/bench.md's
 * byte-by-byte account.  Each figure is bytes per task, the sizes being
 * those of the structures.
 */
static void long_memory_account(struct bench *b, const char *group,
				const char *class, unsigned long tasks,
				const struct sim_memory *m,
				unsigned long long heap, long maxrss,
				unsigned long inherited)
{
	double n = m->nr_tasks ? (double)m->nr_tasks : 1;
	double rss = maxrss * 1024.0 / n;
	double ts = m->task_struct_slab_bytes / n;
	double rec = m->record_slab_bytes / n;
	double own = inherited * 1024.0 / n;
	char what[128];

#define MEM_VALUE(label, v)                                           \
	do {                                                          \
		snprintf(what, sizeof(what), "%s, %s", class, label); \
		bench_value(b, group, what, tasks, (v));              \
	} while (0)
	MEM_VALUE("task_struct (its size)", (double)m->task_struct_size);
	MEM_VALUE("task_struct in its slab cache", ts);
	MEM_VALUE("simulator's record (its size)", (double)m->record_size);
	MEM_VALUE("of which the report's struct sim_task_stats",
		  (double)m->stats_size);
	MEM_VALUE("simulator's record in its slab cache", rec);
	MEM_VALUE("latency lists beyond the records (without headers)",
		  m->latency_bytes / n);
	MEM_VALUE("malloc()'s heap (latency lists, tables, with headers)",
		  heap / n);
	MEM_VALUE("RSS inherited from the parent at fork", own);
	/* below 0 where the child's heap reused pages it inherited */
	MEM_VALUE("the rest of the peak RSS (code, stacks, freed pages; "
		  "less the inherited pages the heap reused)",
		  rss - ts - rec - heap / n - own);
	MEM_VALUE("peak RSS (child's ru_maxrss)", rss);
#undef MEM_VALUE
	bench_note(
		b,
		"%s: %s: %.1f bytes a task at the peak: task_struct %.1f (%zu bytes), the simulator's record %.1f (%zu), malloc()'s heap %.1f; target: a million tasks in 512 MiB, %.1f bytes a task: %s",
		group, class, rss, ts, m->task_struct_size, rec, m->record_size,
		heap / n, 512.0 * 1048576 / 1e6,
		rss <= 512.0 * 1048576 / 1e6 ? "met" : "MISSED");
}

static int bench_sched_long(struct bench *b)
{
	if (!bench_long(b)) {
		bench_note(b, "skipped: the long run takes minutes; "
			      "kstruct bench --long sched-long runs it");
		return 0;
	}
	return bench_simulator_long(b);
}

static int bench_simulator_long(struct bench *b)
{
	unsigned long tasks = bench_quick(b) ? LONG_TASKS_QUICK : LONG_TASKS;
	unsigned int seconds = bench_quick(b) ? LONG_SECONDS_QUICK :
						LONG_SECONDS;
	struct bench_stat st[MAX_CLASSES];
	unsigned int c, w, o1, nr_classes = bench_classes_nr(&o1);
	struct long_result *res;
	char group[96], mgroup[96], what[128];
	unsigned long inherited;
	long maxrss = 0;
	int ret = 0;

	snprintf(group, sizeof(group), "simulator, %lu tasks, 4 CPUs, %u s",
		 tasks, seconds);
	snprintf(mgroup, sizeof(mgroup), "bytes a task, %lu tasks, %u s", tasks,
		 seconds);
	res = kcalloc(MAX_CLASSES, sizeof(*res), GFP_KERNEL);
	if (!res)
		return -ENOMEM;
	for (c = 0; c < nr_classes; c++) {
		struct long_result *rc = &res[c];
		double sorted[LONG_WINDOWS];

		if (!strcmp(sched_classes[c]->name, "goodness")) {
			/* its schedule() weighs every runnable task */
			bench_note(
				b,
				"%s: goodness is not run: its O(n) schedule() makes a long run at this size take hours",
				group);
			continue;
		}
		inherited = resident_kib();
		ret = long_run_child(tasks, seconds, c, rc, &maxrss);
		if (ret) {
			bench_note(b,
				   "BROKEN: the long run under %s failed (%d)",
				   sched_classes[c]->name, ret);
			goto out;
		}
		if (!rc->nr) {
			ret = -EIO;
			goto out;
		}
		memcpy(sorted, rc->ns, rc->nr * sizeof(sorted[0]));
		windows_stat(sorted, rc->nr, &st[c]);
#define LONG_VALUE(label, v)                                                   \
	do {                                                                   \
		snprintf(what, sizeof(what), "%s, %s", sched_classes[c]->name, \
			 label);                                               \
		bench_value(b, group, what, tasks, (v));                       \
	} while (0)
		LONG_VALUE("ns per event (median window, CPU time)",
			   st[c].median_ns);
		LONG_VALUE("ns per event (fastest window)", st[c].min_ns);
		LONG_VALUE("ns per event (slowest window)", st[c].max_ns);
		for (w = 0; w < rc->nr; w++) {
			char label[64];

			snprintf(label, sizeof(label),
				 "ns per event, window ending at %u s",
				 seconds * (w + 1) / LONG_WINDOWS);
			LONG_VALUE(label, rc->ns[w]);
		}
		LONG_VALUE("events", (double)rc->events);
		LONG_VALUE("CPU seconds of the run", rc->cpu_s);
		LONG_VALUE("peak RSS MiB (child's ru_maxrss)", maxrss / 1024.0);
		LONG_VALUE("RSS MiB inherited at fork", inherited / 1024.0);
#undef LONG_VALUE
		long_memory_account(b, mgroup, sched_classes[c]->name, tasks,
				    &rc->mem, rc->malloc_bytes, maxrss,
				    inherited);
		bench_note(
			b,
			"%s: %s: peak RSS %.1f MiB (%ld KiB, of which %lu KiB were the parent's, inherited at fork; target 512 MiB: %s); ns per event over %u windows: median %.1f, %.1f..%.1f",
			group, sched_classes[c]->name, maxrss / 1024.0, maxrss,
			inherited, maxrss <= 512 * 1024 ? "met" : "MISSED",
			rc->nr, st[c].median_ns, st[c].min_ns, st[c].max_ns);
	}
	for (c = 0; c < nr_classes; c++) {
		double q;

		if (c == o1 || !res[c].nr)
			continue;
		snprintf(what, sizeof(what), "%s / o1, ns per event",
			 sched_classes[c]->name);
		q = bench_ratio(b, group, what, tasks, &st[c], &st[o1]);
		bench_note(
			b,
			"%s: %s costs %.2fx o1 per event, median of %u windows each ending at equal steps across the run (target <= 2: %s)",
			group, sched_classes[c]->name, q, st[c].reps,
			q <= 2 ? "met" : "MISSED");
	}
out:
	kfree(res);
	return ret;
}

/*
 * Instructions per event, by part (the "sched-instr" subject, --long):
 * callgrind counts every instruction the simulation of the long run's
 * workload executes over simulated seconds INSTR_FROM_S to INSTR_TO_S (a
 * million tasks, 4 CPUs; quick: 100,000 tasks, seconds 20 to 22), and the
 * count is divided by the window's events.  Unlike a time, it is the same
 * in every run on every machine with the same build.  Each class runs
 * in a process of its own under valgrind: this tool again, with
 * INSTR_ENV naming the class, the size, the window and a file for its
 * event count, steps to the window's start uncounted and steps through
 * it inside instr_window_steps(), which callgrind's --toggle-collect
 * names.  bench/callgrind.c sums what callgrind wrote by part, each
 * instruction charged to the file it was compiled from (inlined code to
 * its own file).
 */
#define INSTR_FROM_S 200u
#define INSTR_TO_S 204u
#define INSTR_FROM_S_QUICK 20u
#define INSTR_TO_S_QUICK 22u
#define INSTR_ENV "KSTRUCT_BENCH_INSTR_WINDOW"

static const char *const instr_part_names[NR_INSTR_PARTS] = {
	[INSTR_PELT] =
		"PELT (sched/pelt.*, the signals' updates in sched/fair_smp.c)",
	[INSTR_PLACEMENT] =
		"wake-up placement and load balancing (the rest of sched/fair_smp.c, sched/fair_balance.c)",
	[INSTR_TREE] = "the red-black tree (list/rbtree*)",
	[INSTR_SCHED] =
		"the rest of the scheduler (sched/, compat/, list/list.h, libc)",
	[INSTR_SIM] = "the simulator (sim/)",
};

/* the window callgrind counts (named by --toggle-collect) */
static __attribute__((noinline)) int
instr_window_steps(struct sim *s, unsigned long long until)
{
	return long_steps_to(s, until);
}

/*
 * Under valgrind: the window INSTR_ENV names ("CLASS TASKS FROM TO
 * FILE"), its events written to FILE.  Return: 0 or an errno.
 */
static int instr_window(const char *spec)
{
	unsigned int c, from, to, hz, o1, nr = bench_classes_nr(&o1);
	struct sim_workload *wl = NULL;
	char name[32], path[4096];
	unsigned long tasks;
	struct sim *s = NULL;
	unsigned long long e0;
	FILE *f;
	int ret;

	if (sscanf(spec, "%31s %lu %u %u %4095s", name, &tasks, &from, &to,
		   path) != 5 ||
	    from >= to)
		return -EINVAL;
	for (c = 0; c < nr && strcmp(sched_classes[c]->name, name); c++)
		;
	if (c == nr)
		return -EINVAL;
	hz = sched_classes[c]->hz;
	ret = sim_bench_create(tasks, 4, c, 0, &wl, &s);
	if (!ret)
		ret = long_steps_to(s, (unsigned long long)from * hz);
	e0 = ret ? 0 : sim_events(s);
	if (!ret)
		ret = instr_window_steps(s, (unsigned long long)to * hz);
	if (!ret) {
		f = fopen(path, "w");
		if (!f) {
			ret = -errno;
		} else {
			/* both, whatever the first says: the file is closed */
			int bad = fprintf(f, "%llu\n", sim_events(s) - e0) < 0;

			if (fclose(f) || bad)
				ret = -EIO;
		}
	}
	sim_destroy(s);
	sim_workload_free(wl);
	return ret;
}

/* an executable "valgrind" on the PATH */
static bool have_valgrind(void)
{
	const char *path = getenv("PATH");
	char dir[4096];

	while (path && *path) {
		size_t n = strcspn(path, ":");

		snprintf(dir, sizeof(dir), "%.*s/valgrind", (int)n, path);
		if (n && !access(dir, X_OK))
			return true;
		path += n + (path[n] == ':');
	}
	return false;
}

struct instr_result {
	unsigned long long parts[NR_INSTR_PARTS], total, events;
};

/* class @c's window under callgrind, its files in @dir */
static int instr_run_class(unsigned int c, unsigned long tasks,
			   unsigned int from, unsigned int to, const char *dir,
			   struct instr_result *res, char *err, size_t errsz)
{
	char self[4096], cg[4200], ev[4200], spec[4300], opt[4300];
	const char *name = sched_classes[c]->name;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int status, ret;
	pid_t pid;
	FILE *f;

	if (n <= 0 || n >= (ssize_t)sizeof(self) - 1)
		return -ENOENT;
	self[n] = '\0';
	snprintf(cg, sizeof(cg), "%s/%s.callgrind", dir, name);
	snprintf(ev, sizeof(ev), "%s/%s.events", dir, name);
	snprintf(spec, sizeof(spec), "%s %lu %u %u %s", name, tasks, from, to,
		 ev);
	snprintf(opt, sizeof(opt), "--callgrind-out-file=%s", cg);
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, STDOUT_FILENO);
		setenv(INSTR_ENV, spec, 1);
		execlp("valgrind", "valgrind", "-q", "--tool=callgrind",
		       "--collect-atstart=no",
		       "--toggle-collect=instr_window_steps*",
		       "--compress-strings=no", "--compress-pos=no", opt, self,
		       "bench", "--long", "sched-instr", (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -ECHILD;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(err, errsz, "valgrind exited with %d",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		return -EIO;
	}
	f = fopen(ev, "r");
	if (!f)
		return -errno;
	ret = fscanf(f, "%llu", &res->events) == 1 && res->events ? 0 : -EIO;
	fclose(f);
	if (ret) {
		snprintf(err, errsz, "no events in the window");
		return ret;
	}
	f = fopen(cg, "r");
	if (!f)
		return -errno;
	ret = callgrind_read(f, sched_instr_part_of, NULL, res->parts,
			     NR_INSTR_PARTS, &res->total, err, errsz);
	fclose(f);
	return ret;
}

static int bench_sched_instr(struct bench *b)
{
	unsigned long tasks = bench_quick(b) ? LONG_TASKS_QUICK : LONG_TASKS;
	unsigned int from = bench_quick(b) ? INSTR_FROM_S_QUICK : INSTR_FROM_S;
	unsigned int to = bench_quick(b) ? INSTR_TO_S_QUICK : INSTR_TO_S;
	const char *spec = getenv(INSTR_ENV);
	unsigned int c, k, o1, nr_classes;
	struct instr_result *res;
	const char *tmp = getenv("TMPDIR");
	char dir[4096];
	char group[128], what[192], err[256] = "";
	bool done[MAX_CLASSES] = { false };
	int ret = 0;

	if (spec)
		return instr_window(spec);
	if (!bench_long(b)) {
		bench_note(b, "skipped: callgrind's count takes minutes; "
			      "kstruct bench --long sched-instr runs it");
		return 0;
	}
	if (!have_valgrind()) {
		bench_note(b, "skipped: valgrind is not installed "
			      "(scripts/install-deps.sh installs it)");
		return 0;
	}
	nr_classes = bench_classes_nr(&o1);
	res = kcalloc(MAX_CLASSES, sizeof(*res), GFP_KERNEL);
	if (!res)
		return -ENOMEM;
	snprintf(dir, sizeof(dir), "%s/kstruct-instr-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		kfree(res);
		return -errno;
	}
	snprintf(
		group, sizeof(group),
		"instructions per event, %lu tasks, 4 CPUs, simulated seconds %u-%u",
		tasks, from, to);
	for (c = 0; c < nr_classes; c++) {
		const char *name = sched_classes[c]->name;
		struct instr_result *r = &res[c];

		if (!strcmp(name, "goodness"))
			continue; /* as in the long run: hours */
		if (isatty(STDERR_FILENO))
			fprintf(stderr, "sched-instr: %s under callgrind...\n",
				name);
		ret = instr_run_class(c, tasks, from, to, dir, r, err,
				      sizeof(err));
		if (ret) {
			bench_note(
				b,
				"BROKEN: callgrind's count under %s failed (%d): %s",
				name, ret, err);
			break;
		}
		done[c] = true;
		snprintf(what, sizeof(what), "%s, events in the window", name);
		bench_value(b, group, what, tasks, (double)r->events);
		snprintf(what, sizeof(what), "%s, instructions per event",
			 name);
		bench_value(b, group, what, tasks,
			    (double)r->total / r->events);
		for (k = 0; k < NR_INSTR_PARTS; k++) {
			snprintf(what, sizeof(what), "%s, of which %s", name,
				 instr_part_names[k]);
			bench_value(b, group, what, tasks,
				    (double)r->parts[k] / r->events);
		}
	}
	for (c = 0; !ret && done[o1] && c < nr_classes; c++) {
		const struct instr_result *r = &res[c];
		const char *name = sched_classes[c]->name;
		double all, six, floor, base;

		if (c == o1 || !done[c])
			continue;
		base = (double)res[o1].total / res[o1].events;
		all = (double)r->total / r->events;
		six = (double)(r->parts[INSTR_PELT] +
			       r->parts[INSTR_PLACEMENT]) /
		      r->events;
		floor = six + (double)r->parts[INSTR_TREE] / r->events;
		snprintf(what, sizeof(what), "%s / o1, instructions per event",
			 name);
		bench_value(b, group, what, tasks, all / base);
		snprintf(
			what, sizeof(what),
			"%s's PELT, placement, balancing and tree alone / o1's whole event",
			name);
		bench_value(b, group, what, tasks, floor / base);
		snprintf(
			what, sizeof(what),
			"%s without PELT, placement and balancing / o1, instructions per event",
			name);
		bench_value(b, group, what, tasks, (all - six) / base);
		bench_note(
			b,
			"%s: %s executes %.0f instructions an event, %.2fx o1's %.0f; its PELT, wake-up placement, balancing and tree alone take %.0f, %.2fx o1's whole event (target <= 2 in time: %s in instructions alone), and without 6.x's PELT, placement and balancing it would still take %.2fx",
			group, name, all, all / base, base, floor, floor / base,
			floor / base > 2 ? "out of reach" : "not excluded",
			(all - six) / base);
	}
	for (c = 0; c < nr_classes; c++) {
		char path[sizeof(dir) + 64];

		snprintf(path, sizeof(path), "%s/%s.callgrind", dir,
			 sched_classes[c]->name);
		unlink(path);
		snprintf(path, sizeof(path), "%s/%s.events", dir,
			 sched_classes[c]->name);
		unlink(path);
	}
	rmdir(dir);
	kfree(res);
	return ret;
}

/*
 * o1 on 64 CPUs with the most tasks, the first SIM_BALANCE_TICKS ticks
 * from the start, the scheduler's calls timed (sim_options.measure_cost):
 * the share of the scheduler's time spent in scheduler_tick().  Here that
 * is load_balance(): at the start every task is on CPU 0 and cache-hot,
 * and each idle CPU's tick walks all of them without taking one
 * (docs/bench.md has callgrind's inclusive counts, with the command).
 */
#define SIM_BALANCE_TICKS 200

static int bench_balance_share(struct bench *b)
{
	unsigned long tasks = bench_quick(b) ? 100000 : 1000000;
	const char *group = "o1 on 64 CPUs, the first 200 ticks";
	struct sim_workload *wl = NULL;
	const struct sim_report *r;
	struct sim *s = NULL;
	double total = 0;
	unsigned int k, o1;
	int ret;

	bench_classes_nr(&o1);
	ret = sim_bench_create(tasks, 64, o1, 1, &wl, &s);
	while (!ret && sim_ticks(s) < SIM_BALANCE_TICKS) {
		ret = sim_step(s);
		ret = ret < 0 ? ret : 0;
	}
	r = ret ? NULL : sim_report(s);
	if (r) {
		for (k = 0; k < SIM_NR_COST; k++)
			total += r->cost.ns[k];
		bench_value(
			b, group,
			"share of scheduler time in scheduler_tick() (load_balance)",
			tasks, r->cost.ns[SIM_COST_TICK] / total);
		bench_value(b, group, "share of scheduler time in schedule()",
			    tasks, r->cost.ns[SIM_COST_SCHEDULE] / total);
		bench_value(b, group, "share of scheduler time in wake-ups",
			    tasks, r->cost.ns[SIM_COST_WAKEUP] / total);
		bench_value(b, group, "seconds inside the scheduler", tasks,
			    total / NSEC_PER_SEC);
		bench_note(
			b,
			"%s: %lu tasks, %.1f%% of the scheduler's time in scheduler_tick(), whose cost here is load_balance(): idle CPUs walking past cache-hot tasks (docs/bench.md)",
			group, tasks, 100 * r->cost.ns[SIM_COST_TICK] / total);
	} else if (!ret) {
		ret = -ENOMEM;
	}
	sim_destroy(s);
	sim_workload_free(wl);
	return ret;
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
		ret = bench_classes(b);
	if (!ret)
		ret = bench_schedule(b);
	if (!ret)
		ret = bench_load_balance(b);
	if (!ret)
		ret = bench_simulator(b);
	if (!ret)
		ret = bench_balance_share(b);
	return ret;
}

KSTRUCT_BENCH(
	"sched", 20,
	"O(1) runqueue and its memory floor, every class's enqueue/dequeue/pick and schedule(), load_balance, the simulator at scale",
	bench_sched)

KSTRUCT_BENCH(
	"sched-long", 25,
	"with --long: the simulator at a million tasks over 1,000 simulated seconds, each class's windows and peak RSS",
	bench_sched_long)

KSTRUCT_BENCH(
	"sched-instr", 26,
	"with --long and valgrind: callgrind's instructions per simulated event in a window of the million-task run, each class's by part",
	bench_sched_instr)
