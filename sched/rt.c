// SPDX-License-Identifier: MIT
/*
 * sched/rt.c - SCHED_FIFO and SCHED_RR with 2.5.33's semantics, as a
 * class of their own in front of goodness, cfs and eevdf.
 *
 * Mirrors what kernel/sched.c of 2.5.33 did with real-time tasks, on the
 * same struct prio_array (the runqueue's active array; expired stays
 * empty, as real-time tasks never expire): queue index 99 - rt_priority,
 * FIFO within a priority, the best queue first (sched_find_first_bit()),
 * SCHED_FIFO without a slice, SCHED_RR refilled with task_timeslice() and
 * sent to the tail of its queue when the slice ends (task_tick_rr(), the
 * code o1 runs), sched_yield() to the tail of its queue, a waking task
 * preempting a worse one, the fork split and sched_exit() of o1.  On one
 * CPU a real-time task is therefore scheduled exactly as under o1, under
 * every class.  The kernel gave real-time tasks a class of their own in
 * 2.6.23 (kernel/sched_rt.c); the hooks take its names.
 *
 * Deliberate differences from 2.5.33 (which had one queue per CPU for
 * every task):
 *  - Balancing: 2.5.33's load_balance() moved real-time tasks with the
 *    others, counting tasks.  Here the class pulls instead, in the
 *    spirit of later kernels' pull_rt_task(): when this CPU balances (on
 *    o1's cadence, and when it goes idle), it takes the best real-time
 *    task that waits on another CPU behind a task that runs or will run
 *    there, if that task is better than anything this CPU has, one task
 *    per call, cache-hot or not.  The classes behind rt (goodness, cfs,
 *    eevdf) do not move real-time tasks.
 *  - A task that leaves the class (setscheduler()) gets its run_list
 *    reinitialised: goodness shares it and reads an empty one as "not on
 *    the run list" (2.5.33's list_del() leaves it poisoned).
 */

#include "compat/bitops.h"
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/internal.h"

static inline void rt_nr_running_add(struct runqueue *rq, long delta)
{
	__atomic_store_n(&rq->rt_nr_running, rq->rt_nr_running + delta,
			 __ATOMIC_RELAXED);
}

static inline unsigned long rq_rt_nr_running(const struct runqueue *rq)
{
	return __atomic_load_n(&rq->rt_nr_running, __ATOMIC_RELAXED);
}

static void enqueue_task_rt(struct runqueue *rq, struct task_struct *p,
			    int flags)
{
	(void)flags;
	enqueue_task(p, rq->active);
	rt_nr_running_add(rq, 1);
}

static void dequeue_task_rt(struct runqueue *rq, struct task_struct *p,
			    int flags)
{
	(void)flags;
	dequeue_task(p, p->array);
	p->array = NULL;
	INIT_LIST_HEAD(&p->run_list);
	rt_nr_running_add(rq, -1);
}

static void yield_task_rt(struct runqueue *rq)
{
	struct task_struct *p = rq->curr;

	list_move_tail(&p->run_list, &p->array->queue[p->prio]);
}

/* the idle task and every task of a class below give way (not a class
 * above: deadline) */
static void check_preempt_curr_rt(struct runqueue *rq, struct task_struct *p,
				  int flags)
{
	struct task_struct *curr = rq->curr;
	const struct sched_class *class;

	(void)flags;
	class = curr == rq->idle ? NULL : task_sched_class(curr);
	if (!class || (class == &rt_sched_class ?
			       p->prio < curr->prio :
			       sched_class_above(&rt_sched_class, class))) {
		note_resched(
			rq, SCHED_WHY_WAKEUP, p->pid,
			"a real-time task of prio a runs before any task of a lower class or a worse prio b",
			p->prio, curr->prio, "prio");
		set_tsk_need_resched(curr);
	}
}

static struct task_struct *pick_next_task_rt(struct runqueue *rq,
					     struct task_struct *prev)
{
	struct prio_array *array = rq->active;
	int idx;

	(void)prev;
	if (!array->nr_active)
		return NULL;
	idx = sched_find_first_bit(array->bitmap);
	note_pick(
		rq, 0,
		"real time first: the first task of the best real-time prio a",
		idx, 0, "prio");
	return list_first_entry(&array->queue[idx], struct task_struct,
				run_list);
}

static void task_tick_rt(struct runqueue *rq, struct task_struct *p)
{
	task_tick_rr(rq, p);
	fair_pelt_rt_tick(rq);
	if (!(jiffies % BUSY_REBALANCE_TICK))
		sched_balance(rq, 0);
}

static void set_nice_rt(struct runqueue *rq, struct task_struct *p, long nice)
{
	(void)rq;
	/* 2.5.33: only the RR slice depends on it */
	p->static_prio = NICE_TO_PRIO(nice);
}

/*
 * The best task of @src that waits behind another: not running there,
 * not the first of src's best queue, allowed on @this_cpu, and better
 * than @best_prio.  NULL when there is none.
 */
static struct task_struct *waiting_rt_task(struct runqueue *src, int this_cpu,
					   int best_prio)
{
	struct prio_array *array = src->active;
	struct task_struct *p, *first = NULL;
	unsigned long idx;

	for_each_set_bit(idx, array->bitmap, (unsigned long)best_prio) {
		list_for_each_entry(p, &array->queue[idx], run_list) {
			if (!first) {
				first = p;
				continue;
			}
			if (!task_running(src, p) &&
			    (p->cpus_allowed & (1UL << this_cpu)))
				return p;
		}
	}
	return NULL;
}

static int load_balance_rt(struct runqueue *this_rq, int idle)
{
	int this_cpu = this_rq->cpu, cpu, best_prio;
	struct runqueue *src;
	struct task_struct *p;

	(void)idle;
	for (cpu = 0; cpu < nr_cpus_online; cpu++) {
		src = cpu_rq(cpu);
		if (src == this_rq || rq_rt_nr_running(src) < 2)
			continue;
		double_lock_runqueue(this_rq, src);
		/* what this CPU would run, read again under the lock */
		best_prio = sched_find_first_bit(this_rq->active->bitmap);
		p = waiting_rt_task(src, this_cpu, best_prio);
		if (p) {
			struct sched_reason why = migrate_why(
				SCHED_MIGRATE_BALANCE,
				"the rt class's pull: CPU a had a real-time task of prio b waiting that outranks what this CPU runs",
				src->cpu, p->prio, NULL);

			move_queued_task(src, p, this_rq, &why);
			this_rq->nr_rt_pulled++;
		}
		spin_unlock(&src->lock);
		if (p)
			return 1;
	}
	return 0;
}

static bool task_queued_rt(const struct task_struct *p)
{
	return p->array;
}

static bool check_rt(struct runqueue *rq, unsigned long *nr_queued)
{
	unsigned long na, ne;

	if (!check_array(rq, rq->active, "rt active", &rt_sched_class, &na) ||
	    !check_array(rq, rq->expired, "rt expired", &rt_sched_class, &ne))
		return false;
	if (ne || rq->expired != &rq->arrays[1] || rq->rt_nr_running != na)
		return check_fail(
			"cpu %d: rt: %lu queued in expired, rt_nr_running %lu for %lu queued",
			rq->cpu, ne, rq->rt_nr_running, na);
	*nr_queued = na;
	return true;
}

static int snapshot_rt(struct runqueue *rq, struct sched_snapshot *snap,
		       struct sched_snapshot_queue *q)
{
	return prio_arrays_snapshot(rq, snap, q, &rt_sched_class, false);
}

static const struct sched_counter counters_rt[] = {
	{ "rt_pulled", "rtpull", offsetof(struct runqueue, nr_rt_pulled) },
	{ NULL, NULL, 0 },
};

const struct sched_class rt_sched_class = {
	.name = "rt",
	.policies = (1UL << SCHED_FIFO) | (1UL << SCHED_RR),
	.enqueue_task = enqueue_task_rt,
	.dequeue_task = dequeue_task_rt,
	.yield_task = yield_task_rt,
	.check_preempt_curr = check_preempt_curr_rt,
	.pick_next_task = pick_next_task_rt,
	.task_tick = task_tick_rt,
	.task_fork = task_fork_o1,
	.sched_exit = sched_exit_o1,
	.set_nice = set_nice_rt,
	.load_balance = load_balance_rt,
	.task_queued = task_queued_rt,
	.rq_check = check_rt,
	.snapshot = snapshot_rt,
	.counters = counters_rt,
};
