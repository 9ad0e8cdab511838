// SPDX-License-Identifier: MIT
/*
 * bench/sched_class.c - the per-class loops of "kstruct bench sched": a
 * one-CPU machine of N runnable tasks under one scheduling class, and
 * loops over that class's own enqueue_task, dequeue_task and
 * pick_next_task hooks (bench/sched_class.h).
 *
 * Mirrors no kernel file.  The hooks are the real ones (sched/sched.c's
 * o1, sched/goodness.c, sched/cfs.c, sched/eevdf.c), called as the core
 * calls them, with the runqueue lock held; the core's own bookkeeping
 * around them (nr_running, the sleep accounting of try_to_wake_up()) is
 * left out, so that what is timed is the class.  Enqueue and dequeue use
 * no flags (a requeue, as a migration or a nice change does).
 *
 * The CPU idles while the loops run: every task is queued, so a pick
 * chooses among all N, as schedule() does once the task it switches
 * out is back in the queue.  The tasks are woken in a random order, so
 * that a list (goodness's run list, o1's queues) does not follow them
 * through memory, as on a machine that has run a while it does not.  The tasks get a spread of virtual times
 * (cfs: vruntime up to 20 ms apart; eevdf: lags within 1.5 ms either
 * way), as a machine that has run a while has, instead of the one place
 * every new task of an idle CPU gets.
 *
 * After the loops class_bench_check() proves they did what they say:
 * each loop counts wrong results as it goes (a task still queued after
 * its dequeue, a pick that changed), and the check compares the pick with
 * a brute-force answer over all tasks.
 */
#include <string.h>

#include "bench/bench.h"
#include "bench/sched_class.h"
#include "compat/jiffies.h"
#include "compat/ktime.h"
#include "compat/slab.h"
#include "sched/goodness.h"
#include "sched/rq.h"

struct class_bench *class_bench_create(const struct sched_class *class,
				       unsigned long n, uint64_t seed)
{
	struct class_bench *c;
	struct task_struct *p;
	uint64_t r = seed | 1;
	unsigned long i, j, t;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return NULL;
	c->tasks = kcalloc(n, sizeof(*c->tasks), GFP_KERNEL);
	c->order = kcalloc(n, sizeof(*c->order), GFP_KERNEL);
	if (!c->tasks || !c->order || !n)
		goto err_free;
	kstruct_hz = DEFAULT_HZ;
	jiffies = 1000000;
	if (sched_init_class(1, class))
		goto err_free;
	c->class = class;
	c->rq = cpu_rq(0);
	c->n = n;
	for (i = 0; i < n; i++) {
		p = sched_new_task("bench", (int)(bench_rand(&r) % 40) - 20,
				   SCHED_OTHER, 0);
		if (!p)
			goto err_teardown;
		p->se.vruntime = bench_rand(&r) % (20 * NSEC_PER_MSEC);
		p->se.vlag = (int64_t)(bench_rand(&r) % (3 * NSEC_PER_MSEC)) -
			     (int64_t)(NSEC_PER_MSEC * 3 / 2);
		c->tasks[i] = p;
		c->order[i] = i;
	}
	for (i = n - 1; i > 0; i--) {
		j = bench_rand(&r) % (i + 1);
		t = c->order[i];
		c->order[i] = c->order[j];
		c->order[j] = t;
	}
	/* woken in a random order: lists are not in memory order */
	for (i = 0; i < n; i++)
		if (wake_up_forked_process(c->tasks[c->order[i]], 0))
			goto err_teardown;
	return c;

err_teardown:
	sched_teardown();
err_free:
	kfree(c->tasks);
	kfree(c->order);
	kfree(c);
	return NULL;
}

void class_bench_destroy(struct class_bench *c)
{
	if (!c)
		return;
	sched_teardown();
	kfree(c->tasks);
	kfree(c->order);
	kfree(c);
}

void class_bench_dequeue(void *arg)
{
	struct class_bench *c = arg;
	struct task_struct *p;
	unsigned long k;

	/* all queued, and no more to take out than there are */
	if (c->out || c->ops > c->n) {
		c->wrong++;
		return;
	}
	c->start = c->next;
	c->picked = NULL; /* the queue changes: pick again */
	spin_lock(&c->rq->lock);
	for (k = 0; k < c->ops; k++) {
		p = c->tasks[c->order[c->next]];
		if (++c->next == c->n)
			c->next = 0;
		c->class->dequeue_task(c->rq, p, 0);
		c->wrong += c->class->task_queued(p);
	}
	spin_unlock(&c->rq->lock);
	c->out = c->ops;
}

void class_bench_enqueue(void *arg)
{
	struct class_bench *c = arg;
	unsigned long k, i = c->start;
	struct task_struct *p;

	spin_lock(&c->rq->lock);
	for (k = 0; k < c->out; k++) {
		p = c->tasks[c->order[i]];
		if (++i == c->n)
			i = 0;
		c->class->enqueue_task(c->rq, p, 0);
		c->wrong += !c->class->task_queued(p);
	}
	spin_unlock(&c->rq->lock);
	c->out = 0;
}

void class_bench_pick(void *arg)
{
	struct class_bench *c = arg;
	struct task_struct *p;
	unsigned long k;

	spin_lock(&c->rq->lock);
	for (k = 0; k < c->ops; k++) {
		p = c->class->pick_next_task(c->rq, c->rq->curr);
		if (!c->picked)
			c->picked = p;
		c->wrong += p != c->picked || p == RETRY_TASK || !p;
	}
	spin_unlock(&c->rq->lock);
}

/* ------------------------------------------------- the brute-force picks */

static bool queued(const struct class_bench *c, const struct task_struct *p)
{
	return c->class->task_queued(p);
}

/* o1: in the active array, no task there better, first of its queue */
static bool o1_right(const struct class_bench *c, struct task_struct *pick)
{
	struct prio_array *active = c->rq->active;
	unsigned long i;

	if (pick->array != active ||
	    pick != list_first_entry(&active->queue[pick->prio],
				     struct task_struct, run_list))
		return false;
	for (i = 0; i < c->n; i++)
		if (c->tasks[i]->array == active &&
		    c->tasks[i]->prio < pick->prio)
			return false;
	return true;
}

/* goodness: no queued task has a higher goodness() */
static bool goodness_right(const struct class_bench *c,
			   struct task_struct *pick)
{
	int best = goodness(pick, 0);
	unsigned long i;

	for (i = 0; i < c->n; i++)
		if (goodness(c->tasks[i], 0) > best)
			return false;
	return true;
}

/* cfs: no queued task has less vruntime */
static bool cfs_right(const struct class_bench *c, struct task_struct *pick)
{
	unsigned long i;

	for (i = 0; i < c->n; i++)
		if ((int64_t)(c->tasks[i]->se.vruntime - pick->se.vruntime) < 0)
			return false;
	return true;
}

/*
 * eevdf: eligible means at or before the weighted average, which is
 * exact in 128 bits: (v - v0) * W <= sum (v_i - v0) * w_i.  The pick is
 * eligible, and no eligible task's deadline is earlier.
 */
static bool eevdf_right(const struct class_bench *c, struct task_struct *pick)
{
	uint64_t v0 = pick->se.vruntime;
	__int128 sum = 0, load = 0;
	struct task_struct *p;
	unsigned long i;

	for (i = 0; i < c->n; i++) {
		p = c->tasks[i];
		sum += (__int128)(int64_t)(p->se.vruntime - v0) *
		       p->se.load.weight;
		load += p->se.load.weight;
	}
	if (sum < 0)
		return false;
	for (i = 0; i < c->n; i++) {
		p = c->tasks[i];
		if ((__int128)(int64_t)(p->se.vruntime - v0) * load <= sum &&
		    (int64_t)(p->se.deadline - pick->se.deadline) < 0)
			return false;
	}
	return true;
}

bool (class_bench_check)(struct class_bench *c)
{
	static const struct {
		const struct sched_class *class;
		bool (*right)(const struct class_bench *c,
			      struct task_struct *pick);
	} oracle[] = {
		{ &o1_sched_class, o1_right },
		{ &goodness_sched_class, goodness_right },
		{ &cfs_sched_class, cfs_right },
		{ &eevdf_sched_class, eevdf_right },
	};
	unsigned long i;

	if (!c)
		return check_fail("no bench (NULL)");
	if (c->wrong)
		return check_fail("%s: the loops found %lu results wrong",
				  c->class->name, c->wrong);
	if (c->out)
		return check_fail("%s: %lu tasks left out of the queue",
				  c->class->name, c->out);
	if (!sched_check())
		return false;
	for (i = 0; i < c->n; i++)
		if (!queued(c, c->tasks[i]))
			return check_fail("%s: task %d not queued",
					  c->class->name, c->tasks[i]->pid);
	if (!c->picked)
		return true;
	if (!queued(c, c->picked))
		return check_fail("%s: the pick, task %d, is not queued",
				  c->class->name, c->picked->pid);
	for (i = 0; i < ARRAY_SIZE(oracle); i++)
		if (oracle[i].class == c->class &&
		    oracle[i].right(c, c->picked))
			return true;
	return check_fail(
		"%s: the pick, task %d, is not the best by brute force",
		c->class->name, c->picked->pid);
}
