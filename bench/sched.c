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
 *   (bench/sched_cfs.c, on libbsd's tree.h, in its own translation unit);
 *   ratios in the same run, and the crossover points read off them;
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
 * task_structs.  The enqueue/dequeue loop takes tasks in a random order,
 * so it does pay for the misses, on every structure alike.
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

/* ------------------------------------------------ O(1): struct prio_array */

struct o1_ctx {
	struct prio_array array;
	struct task_struct *tasks;
	const struct task_set *ts;
	unsigned long next, ops;
	int in_memory_order;	/* enqueue/dequeue tasks 0, 1, 2, ... */
};

static int o1_make(struct o1_ctx *c, const struct task_set *ts)
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
	c->next = 0;
	for (i = 0; i < ts->n; i++) {
		struct task_struct *p = &c->tasks[i];

		INIT_LIST_HEAD(&p->run_list);
		p->static_prio = NICE_TO_PRIO(ts->nice[i]);
		p->prio = ts->prio[i];
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
		const struct list_head *pos;
		unsigned long len = 0;

		list_for_each(pos, &c->array.queue[i])
			len++;
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
		struct task_struct *p = &c->tasks[c->in_memory_order ? c->next :
						  c->ts->order[c->next]];

		if (++c->next == c->ts->n)
			c->next = 0;
		dequeue_task(p, &c->array);
		enqueue_task(p, &c->array);
	}
}

static void o1_enqueue_dequeue_in_order(void *arg)
{
	struct o1_ctx *c = arg;

	c->in_memory_order = 1;
	o1_enqueue_dequeue(c);
	c->in_memory_order = 0;
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
	unsigned long next, ops, recalcs;
};

/* 2.4 at HZ=100: a nice-0 task gets 6 ticks, nice -20 11, nice 19 1 */
#define NICE_TO_TICKS(nice)	((20 - (nice)) / 4 + 1)

static long goodness(const struct task_struct *p)
{
	if (!p->time_slice)
		return 0;
	return (long)p->time_slice + 20 - TASK_NICE(p);
}

static int g24_make(struct g24_ctx *c, const struct task_set *ts)
{
	unsigned long i;

	INIT_LIST_HEAD(&c->runqueue_head);
	c->tasks = kcalloc(ts->n, sizeof(*c->tasks), GFP_KERNEL);
	if (!c->tasks)
		return -ENOMEM;
	c->ts = ts;
	c->next = 0;
	c->recalcs = 0;
	for (i = 0; i < ts->n; i++) {
		struct task_struct *p = &c->tasks[i];

		p->static_prio = NICE_TO_PRIO(ts->nice[i]);
		p->time_slice = NICE_TO_TICKS(ts->nice[i]);
		list_add(&p->run_list, &c->runqueue_head);
	}
	return 0;
}

static int g24_check(const struct g24_ctx *c)
{
	const struct list_head *pos;
	unsigned long n = 0;

	list_for_each(pos, &c->runqueue_head)
		n++;
	return n == c->ts->n ? 0 : -1;
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

/* ------------------------------------------------ the runqueue groups */

enum { S_O1, S_G24, S_CFS, S_O1_ORDERED, NR_SERIES };
static const char *const series_name[NR_SERIES] = {
	"O(1) prio_array", "2.4 goodness list", "CFS rbtree",
	"O(1), tasks in memory order",
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

static int bench_runqueues(struct bench *b)
{
	static const char *const groups[2] = { "runqueue pick-next",
					       "runqueue enqueue+dequeue" };
	const unsigned long *sizes = bench_quick(b) ? quick_sizes : full_sizes;
	unsigned int nr = bench_quick(b) ? ARRAY_SIZE(quick_sizes) :
			  ARRAY_SIZE(full_sizes);
	const struct bench_stat *st[2][NR_SERIES][ARRAY_SIZE(full_sizes)];
	unsigned int i, g;
	int ret = 0;

	for (i = 0; i < nr; i++) {
		unsigned long n = sizes[i];
		struct task_set ts = { 0 };
		struct o1_ctx *o1 = kzalloc(sizeof(*o1), GFP_KERNEL);
		struct g24_ctx g24 = { .tasks = NULL };
		struct cfs_ctx cfs = { .rq = NULL };

		ret = -ENOMEM;
		if (!o1 || task_set_make(&ts, n) || o1_make(o1, &ts) ||
		    g24_make(&g24, &ts))
			goto out_free;
		cfs.rq = cfs_bench_create(n, SEED ^ n,
					  sizeof(struct task_struct));
		if (!cfs.rq)
			goto out_free;
		o1->ops = 1024;
		cfs.ops = 1024;
		g24.ops = n <= 1000 ? 256 : n <= 10000 ? 16 : 4;
		for (g = 0; g < 2; g++) {
			struct bench_spec spec[NR_SERIES] = {
				{ .fn = g ? o1_enqueue_dequeue : o1_pick_next,
				  .arg = o1, .ops = o1->ops },
				{ .fn = g ? g24_enqueue_dequeue : g24_pick_next,
				  .arg = &g24, .ops = g ? 1024 : g24.ops },
				{ .fn = g ? cfs_enqueue_dequeue : cfs_pick_next,
				  .arg = &cfs, .ops = cfs.ops },
				{ .fn = o1_enqueue_dequeue_in_order,
				  .arg = o1, .ops = o1->ops },
			};
			/* pick-next walks its queue in memory order already */
			unsigned int k, count = g ? NR_SERIES : S_O1_ORDERED;
			const struct bench_stat *row[NR_SERIES];

			if (g)
				g24.ops = 1024;
			for (k = 0; k < count; k++) {
				spec[k].group = groups[g];
				spec[k].series = series_name[k];
				spec[k].x = n;
			}
			/* side by side, so drift hits every series alike */
			ret = bench_measure_set(b, spec, count, row);
			if (ret)
				goto out_free;
			for (k = 0; k < count; k++)
				st[g][k][i] = row[k];
			bench_ratio(b, groups[g], "2.4 goodness / O(1)", n,
				    st[g][S_G24][i], st[g][S_O1][i]);
			bench_ratio(b, groups[g], "CFS rbtree / O(1)", n,
				    st[g][S_CFS][i], st[g][S_O1][i]);
		}
		ret = -EIO;
		if (o1_check(o1) || g24_check(&g24) || cfs_bench_check(cfs.rq)) {
			bench_note(b, "BROKEN: a runqueue is wrong after N=%lu", n);
			goto out_free;
		}
		ret = 0;
out_free:
		cfs_bench_destroy(cfs.rq);
		kfree(g24.tasks);
		if (o1)
			kfree(o1->tasks);
		kfree(o1);
		task_set_free(&ts);
		if (ret)
			return ret;
	}
	for (g = 0; g < 2; g++) {
		double r = bench_ratio(b, groups[g], "O(1) N=max / N=min",
				       sizes[nr - 1], st[g][S_O1][nr - 1],
				       st[g][S_O1][0]);

		bench_note(b, "%s: O(1) cost at N=%lu is %.2fx its cost at N=%lu (target <= 1.5: %s)%s",
			   groups[g], sizes[nr - 1], r, sizes[0],
			   r <= 1.5 ? "met" : "MISSED",
			   g ? "; random order pays cache misses on task_structs" : "");
		if (g) {
			r = bench_ratio(b, groups[g],
					"O(1) in memory order N=max / N=min",
					sizes[nr - 1], st[g][S_O1_ORDERED][nr - 1],
					st[g][S_O1_ORDERED][0]);
			bench_note(b, "%s: with tasks taken in memory order %.2fx (target <= 1.5: %s)",
				   groups[g], r, r <= 1.5 ? "met" : "MISSED");
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

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

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
		double t0, t1, t2;
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
		t0 = now_seconds();
		ret = sim_create(wl, &opt, &s);
		if (!ret) {
			ret = sim_step(s);	/* starts them all */
			ret = ret < 0 ? ret : 0;
		}
		t1 = now_seconds();
		if (!ret)
			ret = sim_run(s);
		t2 = now_seconds();
		heap1 = heap_bytes();
		r = ret ? NULL : sim_report(s);
		if (r) {
			double mib = (heap1 - heap0) / 1048576.0;
			double per_task = (double)(heap1 - heap0) / tasks[i];

			bench_value(b, group, "events per second", tasks[i],
				    r->events / (t2 - t1));
			bench_value(b, group, "seconds to start the tasks",
				    tasks[i], t1 - t0);
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
 * simulation (60 MB in quick mode).
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
