// SPDX-License-Identifier: MIT
/*
 * sched/deadline.c - SCHED_DEADLINE of Linux 6.12: EDF, the Constant
 * Bandwidth Server, admission control and global EDF's push and pull.
 *
 * Mirrors kernel/sched/deadline.c (__checkparam_dl, __setparam_dl,
 * sched_dl_overflow, __dl_overflow, __dl_add, __dl_sub,
 * replenish_dl_new_period, replenish_dl_entity, dl_entity_overflow,
 * update_dl_revised_wakeup, update_dl_entity, start_dl_timer,
 * dl_check_constrained_dl, task_contending, task_non_contending,
 * enqueue_dl_entity, dequeue_dl_entity, update_curr_dl_se,
 * dl_task_timer, inactive_task_timer, enqueue_pushable_dl_task,
 * dequeue_pushable_dl_task, find_later_rq, push_dl_task, pull_dl_task),
 * kernel/sched/cpudeadline.c (cpudl_find) and kernel/sched/core.c
 * (to_ratio).  Written from the kernel's description of its rules.
 *
 * Deliberate differences from the kernel (docs/deadline.md,
 * docs/fidelity.md):
 *  - Standalone: the entity, queue and root domain bandwidth are the
 *    caller's, the clock is an argument, and a timer is the time written
 *    into the entity, which the caller fires.  The class at the end of
 *    this file is that caller: it reads the simulator's clock
 *    (dl_rq_clock(): ns under a selected class with hrtimers, whole ticks
 *    under jiffy timers), charges the running task what it ran since
 *    exec_start at each tick, dequeue, switch and yield (update_curr_dl();
 *    HRTICK is off, so an exhausted runtime is found there), fires the
 *    timers at the tick (timer_tick_dl()) and, under hrtimers, at their
 *    ns between ticks (dl_run_timers(), which the simulator calls), and
 *    pushes and pulls at each tick only (the kernel's dl_task_timer()
 *    also pushes); see docs/fidelity.md.
 *  - No GRUB reclaiming, no frequency or capacity scaling of the runtime
 *    charged, no dl_server (the fair server), no deadline inheritance
 *    (PI boosting), no SCHED_FLAG_* (overrun signal, reclaim, sugov).
 *  - Leaving the class gives the bandwidth back at once; the kernel
 *    waits for the task's 0-lag time.
 *  - Push and pull decide over a struct dl_snapshot; the caller moves the
 *    task.  Among equal candidates the lowest CPU is taken (the kernel's
 *    cpudl heap and cpumask_any_distribute() pick in their own orders),
 *    no scheduling domain is consulted, every CPU has capacity 1024, and
 *    pull assumes the task it takes may run on the pulling CPU.
 */
#include <errno.h>
#include <pthread.h>

#include "compat/bug.h"
#include "compat/ktime.h"
#include "compat/slab.h"
#include "sched/deadline.h"
#include "sched/internal.h"

uint64_t to_ratio(uint64_t period, uint64_t runtime)
{
	if (!period)
		return 0;
	return (uint64_t)(((unsigned __int128)runtime << BW_SHIFT) / period);
}

void init_dl_bw(struct dl_bw *dl_b, uint64_t rt_runtime_us,
		uint64_t rt_period_us)
{
	if (rt_runtime_us == ~0ULL)
		dl_b->bw = ~0ULL;
	else
		dl_b->bw = to_ratio(rt_period_us * 1000, rt_runtime_us * 1000);
	dl_b->total_bw = 0;
}

void init_dl_rq(struct dl_rq *dl_rq)
{
	*dl_rq = (struct dl_rq){ .root = RB_ROOT_CACHED,
				 .pushable_dl_tasks_root = RB_ROOT_CACHED };
	INIT_LIST_HEAD(&dl_rq->tasks);
}

void init_dl_entity(struct sched_dl_entity *dl_se)
{
	*dl_se = (struct sched_dl_entity){ .nr_cpus_allowed = 1 };
	RB_CLEAR_NODE(&dl_se->rb_node);
	RB_CLEAR_NODE(&dl_se->pushable_node);
	INIT_LIST_HEAD(&dl_se->rq_node);
}

bool __checkparam_dl(const struct sched_attr *attr)
{
	uint64_t period = attr->sched_period;

	if (!attr->sched_deadline)
		return false;
	/* the overflow test drops DL_SCALE bits: keep at least one */
	if (attr->sched_runtime < (1ULL << DL_SCALE))
		return false;
	/* bit 63 is the sign of a time difference */
	if ((attr->sched_deadline | attr->sched_period) & (1ULL << 63))
		return false;
	if (!period)
		period = attr->sched_deadline;
	if (attr->sched_runtime > attr->sched_deadline ||
	    attr->sched_deadline > period)
		return false;
	return period >= DL_PERIOD_MIN_US * 1000 &&
	       period <= DL_PERIOD_MAX_US * 1000;
}

bool __dl_overflow(const struct dl_bw *dl_b, unsigned long cap, uint64_t old_bw,
		   uint64_t new_bw)
{
	if (dl_b->bw == ~0ULL)
		return false;
	return ((dl_b->bw * cap) >> DL_CAPACITY_SHIFT) <
	       dl_b->total_bw - old_bw + new_bw;
}

/* the kernel's __setparam_dl(): the reservation, not the instance */
static void __setparam_dl(struct sched_dl_entity *dl_se,
			  const struct sched_attr *attr)
{
	dl_se->dl_runtime = attr->sched_runtime;
	dl_se->dl_deadline = attr->sched_deadline;
	dl_se->dl_period = attr->sched_period ? attr->sched_period :
						attr->sched_deadline;
	dl_se->dl_bw = to_ratio(dl_se->dl_period, dl_se->dl_runtime);
	dl_se->dl_density = to_ratio(dl_se->dl_deadline, dl_se->dl_runtime);
}

int sched_setattr_dl(struct dl_bw *dl_b, int cpus,
		     struct sched_dl_entity *dl_se,
		     const struct sched_attr *attr)
{
	unsigned long cap = (unsigned long)cpus << DL_CAPACITY_SHIFT;
	bool was_dl = dl_se->dl_runtime != 0;
	uint64_t new_bw;

	if (attr->sched_policy != SCHED_DEADLINE) {
		if (was_dl) {
			dl_b->total_bw -= dl_se->dl_bw;
			dl_se->dl_runtime = dl_se->dl_deadline = 0;
			dl_se->dl_period = dl_se->dl_bw = 0;
			dl_se->dl_density = 0;
		}
		return 0;
	}
	if (cpus <= 0 || !__checkparam_dl(attr))
		return -EINVAL;
	new_bw = to_ratio(attr->sched_period ? attr->sched_period :
					       attr->sched_deadline,
			  attr->sched_runtime);
	if (__dl_overflow(dl_b, cap, was_dl ? dl_se->dl_bw : 0, new_bw))
		return -EBUSY;
	if (was_dl)
		dl_b->total_bw -= dl_se->dl_bw;
	dl_b->total_bw += new_bw;
	__setparam_dl(dl_se, attr);
	return 0;
}

/* ------------------------------------------------------------- the CBS */

void replenish_dl_new_period(struct sched_dl_entity *dl_se, uint64_t now)
{
	dl_se->deadline = now + dl_se->dl_deadline;
	dl_se->runtime = (int64_t)dl_se->dl_runtime;
}

void replenish_dl_entity(struct sched_dl_entity *dl_se, uint64_t now)
{
	BUG_ON(!dl_se->dl_runtime);
	if (dl_se->dl_yielded && dl_se->runtime > 0)
		dl_se->runtime = 0;
	/* one period per dl_runtime overrun, however large the overrun */
	while (dl_se->runtime <= 0) {
		dl_se->deadline += dl_se->dl_period;
		dl_se->runtime += (int64_t)dl_se->dl_runtime;
	}
	/* still behind the clock: start afresh from now */
	if (dl_time_before(dl_se->deadline, now))
		replenish_dl_new_period(dl_se, now);
	dl_se->dl_yielded = false;
	dl_se->dl_throttled = false;
}

bool dl_entity_overflow(const struct sched_dl_entity *dl_se, uint64_t now)
{
	uint64_t left, right;
	/*
	 * an overrun (negative) counts as none left; the kernel's shift of
	 * a negative runtime would wrap instead
	 */
	uint64_t runtime = dl_se->runtime > 0 ? (uint64_t)dl_se->runtime : 0;

	/*
	 * runtime / (deadline - now) > dl_runtime / dl_deadline, as
	 * dl_deadline * runtime > (deadline - now) * dl_runtime, each factor
	 * in units of 1024 ns so that the products cannot overflow.
	 */
	left = (dl_se->dl_deadline >> DL_SCALE) * (runtime >> DL_SCALE);
	right = ((dl_se->deadline - now) >> DL_SCALE) *
		(dl_se->dl_runtime >> DL_SCALE);
	return dl_time_before(right, left);
}

void update_dl_revised_wakeup(struct sched_dl_entity *dl_se, uint64_t now)
{
	uint64_t laxity = dl_se->deadline - now;

	WARN_ON(dl_time_before(dl_se->deadline, now));
	dl_se->runtime =
		(int64_t)(((unsigned __int128)dl_se->dl_density * laxity) >>
			  BW_SHIFT);
}

void update_dl_entity(struct sched_dl_entity *dl_se, uint64_t now)
{
	bool passed = dl_time_before(dl_se->deadline, now);

	if (!passed && !dl_entity_overflow(dl_se, now))
		return;
	if (!dl_is_implicit(dl_se) && !passed) {
		update_dl_revised_wakeup(dl_se, now);
		return;
	}
	replenish_dl_new_period(dl_se, now);
}

bool start_dl_timer(struct sched_dl_entity *dl_se, uint64_t now)
{
	uint64_t act = dl_next_period(dl_se);

	if (!dl_time_before(now, act))
		return false;
	dl_se->dl_timer = act;
	return true;
}

void dl_check_constrained_dl(struct sched_dl_entity *dl_se, uint64_t now)
{
	if (!dl_time_before(dl_se->deadline, now) ||
	    !dl_time_before(now, dl_next_period(dl_se)))
		return;
	if (!start_dl_timer(dl_se, now))
		return;
	dl_se->dl_throttled = true;
	if (dl_se->runtime > 0)
		dl_se->runtime = 0;
}

/* ------------------------------------------------- bandwidth of a queue */

static void add_running_bw(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se)
{
	WARN_ON(dl_se->dl_active);
	dl_se->dl_active = true;
	dl_rq->running_bw += dl_se->dl_bw;
	WARN_ON(dl_rq->running_bw > dl_rq->this_bw);
}

static void sub_running_bw(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se)
{
	WARN_ON(!dl_se->dl_active);
	dl_se->dl_active = false;
	if (dl_rq->running_bw < dl_se->dl_bw)
		dl_rq->running_bw = 0;
	else
		dl_rq->running_bw -= dl_se->dl_bw;
}

void dl_attach(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se)
{
	BUG_ON(!list_empty(&dl_se->rq_node));
	list_add_tail(&dl_se->rq_node, &dl_rq->tasks);
	dl_rq->this_bw += dl_se->dl_bw;
}

void dl_detach(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se)
{
	BUG_ON(!RB_EMPTY_NODE(&dl_se->rb_node));
	if (dl_se->dl_active)
		sub_running_bw(dl_rq, dl_se);
	dl_se->dl_non_contending = false;
	dl_se->inactive_timer = 0;
	dl_se->dl_timer = 0;
	if (dl_rq->curr == dl_se)
		dl_rq->curr = NULL;
	list_del_init(&dl_se->rq_node);
	dl_rq->this_bw -= dl_se->dl_bw;
}

/* it wakes: its bandwidth counts again, or still counts */
static void task_contending(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se)
{
	if (dl_se->dl_non_contending) {
		dl_se->dl_non_contending = false;
		dl_se->inactive_timer = 0;
	} else if (!dl_se->dl_active) {
		add_running_bw(dl_rq, dl_se);
	}
}

/*
 * it blocks: its bandwidth leaves running_bw at its 0-lag time, when the
 * runtime left would be used up at its bandwidth by its deadline
 */
static void task_non_contending(struct dl_rq *dl_rq,
				struct sched_dl_entity *dl_se, uint64_t now)
{
	int64_t zerolag;

	if (!dl_se->dl_active)
		return;
	zerolag = (int64_t)dl_se->deadline - dl_se->runtime *
						     (int64_t)dl_se->dl_period /
						     (int64_t)dl_se->dl_runtime;
	zerolag -= (int64_t)now;
	if (zerolag < 0) {
		sub_running_bw(dl_rq, dl_se);
		return;
	}
	dl_se->dl_non_contending = true;
	dl_se->inactive_timer = now + (uint64_t)zerolag;
}

void inactive_task_timer(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se)
{
	dl_se->inactive_timer = 0;
	if (!dl_se->dl_non_contending)
		return;
	dl_se->dl_non_contending = false;
	sub_running_bw(dl_rq, dl_se);
}

/* ------------------------------------------------------------ the trees */

/* the trees' order, for the checker (both sides const) */
static bool dl_before(const struct rb_node *a, const struct rb_node *b)
{
	return dl_time_before(
		rb_entry(a, const struct sched_dl_entity, rb_node)->deadline,
		rb_entry(b, const struct sched_dl_entity, rb_node)->deadline);
}

static bool pushable_before(const struct rb_node *a, const struct rb_node *b)
{
	return dl_time_before(
		rb_entry(a, const struct sched_dl_entity, pushable_node)
			->deadline,
		rb_entry(b, const struct sched_dl_entity, pushable_node)
			->deadline);
}

/* ... and as rb_add_cached() takes it */
static bool dl_less(struct rb_node *a, const struct rb_node *b)
{
	return dl_before(a, b);
}

static bool pushable_less(struct rb_node *a, const struct rb_node *b)
{
	return pushable_before(a, b);
}

static void enqueue_pushable(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se)
{
	if (!RB_EMPTY_NODE(&dl_se->pushable_node))
		return;
	if (rb_add_cached(&dl_se->pushable_node, &dl_rq->pushable_dl_tasks_root,
			  pushable_less))
		dl_rq->earliest_dl.next = dl_se->deadline;
	dl_rq->overloaded = true;
}

static void dequeue_pushable(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se)
{
	struct rb_root_cached *root = &dl_rq->pushable_dl_tasks_root;
	struct rb_node *leftmost;

	if (RB_EMPTY_NODE(&dl_se->pushable_node))
		return;
	leftmost = rb_erase_cached(&dl_se->pushable_node, root);
	if (leftmost)
		dl_rq->earliest_dl.next = rb_entry(leftmost,
						   struct sched_dl_entity,
						   pushable_node)
						  ->deadline;
	RB_CLEAR_NODE(&dl_se->pushable_node);
	if (!rb_first_cached(root)) {
		dl_rq->earliest_dl.next = 0;
		dl_rq->overloaded = false;
	}
}

static void __enqueue_dl_entity(struct dl_rq *dl_rq,
				struct sched_dl_entity *dl_se)
{
	BUG_ON(!RB_EMPTY_NODE(&dl_se->rb_node));
	rb_add_cached(&dl_se->rb_node, &dl_rq->root, dl_less);
	dl_rq->dl_nr_running++;
	if (dl_rq->dl_nr_running == 1 ||
	    dl_time_before(dl_se->deadline, dl_rq->earliest_dl.curr))
		dl_rq->earliest_dl.curr = dl_se->deadline;
	if (dl_rq->curr != dl_se && dl_se->nr_cpus_allowed > 1)
		enqueue_pushable(dl_rq, dl_se);
}

static void __dequeue_dl_entity(struct dl_rq *dl_rq,
				struct sched_dl_entity *dl_se)
{
	struct rb_node *first;

	if (RB_EMPTY_NODE(&dl_se->rb_node))
		return;
	dequeue_pushable(dl_rq, dl_se);
	rb_erase_cached(&dl_se->rb_node, &dl_rq->root);
	RB_CLEAR_NODE(&dl_se->rb_node);
	dl_rq->dl_nr_running--;
	first = rb_first_cached(&dl_rq->root);
	dl_rq->earliest_dl.curr =
		first ? rb_entry(first, struct sched_dl_entity, rb_node)
				->deadline :
			0;
}

void enqueue_dl_entity(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se,
		       int flags, uint64_t now)
{
	if (!dl_se->dl_throttled && !dl_is_implicit(dl_se))
		dl_check_constrained_dl(dl_se, now);
	if (flags & (ENQUEUE_RESTORE | ENQUEUE_MIGRATED) && !dl_se->dl_active)
		add_running_bw(dl_rq, dl_se);
	if (dl_se->dl_throttled && !(flags & ENQUEUE_REPLENISH)) {
		if (flags & ENQUEUE_WAKEUP)
			task_contending(dl_rq, dl_se);
		return;
	}
	if (flags & ENQUEUE_WAKEUP) {
		task_contending(dl_rq, dl_se);
		update_dl_entity(dl_se, now);
	} else if (flags & ENQUEUE_REPLENISH) {
		replenish_dl_entity(dl_se, now);
	} else if (flags & ENQUEUE_RESTORE &&
		   dl_time_before(dl_se->deadline, now)) {
		replenish_dl_new_period(dl_se, now);
	}
	__enqueue_dl_entity(dl_rq, dl_se);
}

void dequeue_dl_entity(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se,
		       int flags, uint64_t now)
{
	__dequeue_dl_entity(dl_rq, dl_se);
	if (flags & DEQUEUE_SLEEP)
		task_non_contending(dl_rq, dl_se, now);
}

bool update_curr_dl_se(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se,
		       int64_t delta_exec, uint64_t now)
{
	if (delta_exec > 0)
		dl_se->runtime -= delta_exec;
	else if (!dl_se->dl_yielded)
		return false;
	if (dl_se->runtime > 0 && !dl_se->dl_yielded)
		return false;
	dl_se->dl_throttled = true;
	__dequeue_dl_entity(dl_rq, dl_se);
	if (!start_dl_timer(dl_se, now))
		enqueue_dl_entity(dl_rq, dl_se, ENQUEUE_REPLENISH, now);
	return true;
}

void dl_task_timer(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se,
		   bool runnable, uint64_t now)
{
	dl_se->dl_timer = 0;
	if (!dl_se->dl_throttled)
		return;
	if (!runnable) {
		/* blocked while throttled: the wake-up rule decides later */
		replenish_dl_entity(dl_se, now);
		return;
	}
	enqueue_dl_entity(dl_rq, dl_se, ENQUEUE_REPLENISH, now);
}

void dl_migrate(struct dl_rq *src, struct dl_rq *dst,
		struct sched_dl_entity *dl_se, uint64_t now)
{
	BUG_ON(RB_EMPTY_NODE(&dl_se->rb_node) || src->curr == dl_se);
	__dequeue_dl_entity(src, dl_se);
	dl_detach(src, dl_se);
	dl_attach(dst, dl_se);
	enqueue_dl_entity(dst, dl_se, ENQUEUE_MIGRATED, now);
}

struct sched_dl_entity *pick_next_dl_entity(const struct dl_rq *dl_rq)
{
	struct rb_node *first = rb_first_cached(&dl_rq->root);

	return first ? rb_entry(first, struct sched_dl_entity, rb_node) : NULL;
}

void set_next_dl_entity(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se)
{
	if (dl_rq->curr)
		put_prev_dl_entity(dl_rq);
	dl_rq->curr = dl_se;
	if (dl_se)
		dequeue_pushable(dl_rq, dl_se);
}

void put_prev_dl_entity(struct dl_rq *dl_rq)
{
	struct sched_dl_entity *prev = dl_rq->curr;

	dl_rq->curr = NULL;
	if (prev && !RB_EMPTY_NODE(&prev->rb_node) && prev->nr_cpus_allowed > 1)
		enqueue_pushable(dl_rq, prev);
}

/* ------------------------------------------------------------ the check */

#define dl_se_of(node, member) \
	rb_entry((struct rb_node *)(node), struct sched_dl_entity, member)

static bool dl_attached(const struct dl_rq *dl_rq,
			const struct sched_dl_entity *dl_se)
{
	const struct sched_dl_entity *pos;

	list_for_each_entry(pos, &dl_rq->tasks, rq_node)
		if (pos == dl_se)
			return true;
	return false;
}

static uint64_t leftmost_deadline(const struct rb_root_cached *root,
				  bool pushable)
{
	const struct rb_node *first = rb_first_cached(root);

	if (!first)
		return 0;
	return pushable ? dl_se_of(first, pushable_node)->deadline :
			  dl_se_of(first, rb_node)->deadline;
}

static bool dl_trees_check(const struct dl_rq *dl_rq)
{
	const struct rb_node *node;
	unsigned int n = 0;

	if (!rb_check_cached(&dl_rq->root, dl_before))
		return false;
	if (!rb_check_cached(&dl_rq->pushable_dl_tasks_root, pushable_before))
		return false;
	for (node = rb_first(&dl_rq->root.rb_root); node;
	     node = rb_next(node)) {
		const struct sched_dl_entity *dl_se = dl_se_of(node, rb_node);

		n++;
		if (dl_se->dl_throttled)
			return check_fail("queued entity %u is throttled", n);
		if (!dl_attached(dl_rq, dl_se))
			return check_fail("queued entity %u is not attached",
					  n);
	}
	if (n != dl_rq->dl_nr_running)
		return check_fail("dl_nr_running %u but the tree holds %u",
				  dl_rq->dl_nr_running, n);
	n = 0;
	for (node = rb_first(&dl_rq->pushable_dl_tasks_root.rb_root); node;
	     node = rb_next(node)) {
		const struct sched_dl_entity *dl_se =
			dl_se_of(node, pushable_node);

		n++;
		if (RB_EMPTY_NODE(&dl_se->rb_node))
			return check_fail("pushable entity %u is not queued",
					  n);
		if (dl_se == dl_rq->curr)
			return check_fail("pushable entity %u is running", n);
		if (dl_se->nr_cpus_allowed <= 1)
			return check_fail("pushable entity %u may not move", n);
	}
	if (dl_rq->overloaded != (n > 0))
		return check_fail("overloaded %d with %u pushable",
				  dl_rq->overloaded, n);
	return true;
}

bool (dl_rq_check)(const struct dl_rq *dl_rq)
{
	const struct sched_dl_entity *dl_se;
	uint64_t this_bw = 0, running_bw = 0, want;

	if (!dl_rq)
		return check_fail("no dl_rq (NULL)");
	if (!dl_trees_check(dl_rq))
		return false;
	want = leftmost_deadline(&dl_rq->root, false);
	if (dl_rq->earliest_dl.curr != want)
		return check_fail(
			"earliest_dl.curr %llu but the leftmost is %llu",
			(unsigned long long)dl_rq->earliest_dl.curr,
			(unsigned long long)want);
	want = leftmost_deadline(&dl_rq->pushable_dl_tasks_root, true);
	if (dl_rq->earliest_dl.next != want)
		return check_fail("earliest_dl.next %llu but the pushable "
				  "leftmost is %llu",
				  (unsigned long long)dl_rq->earliest_dl.next,
				  (unsigned long long)want);
	if (!list_check(&dl_rq->tasks))
		return false;
	list_for_each_entry(dl_se, &dl_rq->tasks, rq_node) {
		this_bw += dl_se->dl_bw;
		if (dl_se->dl_active)
			running_bw += dl_se->dl_bw;
		else if (dl_se->dl_non_contending)
			return check_fail(
				"an inactive entity is non contending");
	}
	if (dl_rq->this_bw != this_bw)
		return check_fail("this_bw %llu but the attached sum to %llu",
				  (unsigned long long)dl_rq->this_bw,
				  (unsigned long long)this_bw);
	if (dl_rq->running_bw != running_bw)
		return check_fail("running_bw %llu but the active sum to %llu",
				  (unsigned long long)dl_rq->running_bw,
				  (unsigned long long)running_bw);
	dl_se = dl_rq->curr;
	if (dl_se && !dl_attached(dl_rq, dl_se))
		return check_fail("the running entity is not attached");
	if (dl_se && RB_EMPTY_NODE(&dl_se->rb_node) && !dl_se->dl_throttled)
		return check_fail("the running entity is neither queued nor "
				  "throttled");
	return true;
}

/* ------------------------------------------------------------ global EDF */

void dl_cpu_state_of(const struct dl_rq *dl_rq, struct dl_cpu_state *st)
{
	const struct sched_dl_entity *curr = dl_rq->curr;

	*st = (struct dl_cpu_state){
		.dl_nr_running = dl_rq->dl_nr_running,
		.curr_dl = dl_rq->earliest_dl.curr,
		.next_dl = dl_rq->earliest_dl.next,
		.overloaded = dl_rq->overloaded,
	};
	if (curr && !RB_EMPTY_NODE(&curr->rb_node)) {
		st->running = true;
		st->running_dl = curr->deadline;
		st->running_may_move = curr->nr_cpus_allowed > 1;
	}
}

bool cpudl_find(const struct dl_snapshot *snap, uint64_t deadline,
		uint64_t allowed, uint64_t *later_mask)
{
	unsigned int cpu;
	int latest = -1;

	*later_mask = 0;
	for (cpu = 0; cpu < snap->nr_cpus; cpu++)
		if (!snap->cpu[cpu].dl_nr_running && allowed & (1ULL << cpu))
			*later_mask |= 1ULL << cpu;
	if (*later_mask)
		return true;
	/* the heap's maximum: the CPU whose earliest deadline is latest */
	for (cpu = 0; cpu < snap->nr_cpus; cpu++)
		if (latest < 0 || dl_time_before(snap->cpu[latest].curr_dl,
						 snap->cpu[cpu].curr_dl))
			latest = (int)cpu;
	if (latest < 0 || !(allowed & (1ULL << latest)) ||
	    !dl_time_before(deadline, snap->cpu[latest].curr_dl))
		return false;
	*later_mask = 1ULL << latest;
	return true;
}

/* every CPU of @snap as a mask */
static uint64_t snap_cpus(const struct dl_snapshot *snap)
{
	return snap->nr_cpus >= 64 ? ~0ULL : (1ULL << snap->nr_cpus) - 1;
}

int find_later_rq(const struct dl_snapshot *snap, int task_cpu, int this_cpu,
		  uint64_t deadline, uint64_t allowed)
{
	uint64_t mask;

	if (__builtin_popcountll(allowed & snap_cpus(snap)) <= 1)
		return -1;
	if (!cpudl_find(snap, deadline, allowed, &mask))
		return -1;
	if (task_cpu >= 0 && mask & (1ULL << task_cpu))
		return task_cpu;
	if (this_cpu >= 0 && mask & (1ULL << this_cpu))
		return this_cpu;
	return __builtin_ctzll(mask);
}

int push_dl_task(const struct dl_snapshot *snap, int cpu, uint64_t deadline,
		 uint64_t allowed)
{
	const struct dl_cpu_state *st = &snap->cpu[cpu];
	int later;

	if (st->running && dl_time_before(deadline, st->running_dl) &&
	    st->running_may_move)
		return DL_PUSH_RESCHED;
	later = find_later_rq(snap, cpu, cpu, deadline, allowed);
	/* the kernel's find_lock_later_rq() refuses its own CPU */
	if (later < 0 || later == cpu)
		return DL_PUSH_NONE;
	return later;
}

int pull_dl_task(const struct dl_snapshot *snap, int this_cpu, int *src)
{
	const struct dl_cpu_state *me = &snap->cpu[this_cpu];
	unsigned int nr_running = me->dl_nr_running;
	uint64_t earliest = me->curr_dl;
	unsigned int cpu;
	int pulled = 0;

	for (cpu = 0; cpu < snap->nr_cpus; cpu++) {
		const struct dl_cpu_state *st = &snap->cpu[cpu];
		uint64_t dl = st->next_dl;

		if ((int)cpu == this_cpu || !st->overloaded)
			continue;
		if (st->dl_nr_running <= 1)
			continue;
		/*
		 * it must be before this CPU's earliest, which each pull makes
		 * the task pulled: this one test is the kernel's two (this
		 * CPU's earliest not before it; before any pulled so far)
		 */
		if (nr_running && !dl_time_before(dl, earliest))
			continue;
		/* it preempts what runs there: that CPU keeps it */
		if (st->running && dl_time_before(dl, st->running_dl))
			continue;
		src[pulled++] = (int)cpu;
		nr_running++;
		earliest = dl;
	}
	return pulled;
}

/* ------------------------------------------------------------ the class */

/*
 * The deadline class: the functions above on each runqueue's struct
 * dl_rq and each task's struct sched_dl_entity, the machine's one root
 * domain bandwidth under dl_bw_lock, run time charged from exec_start on
 * the runqueue clock (update_curr_dl()), the timers fired at the tick
 * (timer_tick_dl()) and, for a driver with hrtimers, at their ns
 * (dl_run_timers()), and global EDF's push and pull at the tick of every
 * CPU while a deadline task exists.
 */

/* the machine's root domain: every online CPU */
static struct dl_bw dl_root_bw;
static struct spinlock dl_bw_lock;
/* deadline tasks admitted (read without the lock: is there work?) */
static unsigned long dl_nr_tasks;

/*
 * The clock the class reads, ns: the simulator's, as the fair classes'
 * rq_clock() (kstruct_subtick_ns, the ns past the tick, is 0 but under a
 * selected class with hrtimers, so under o1 and goodness every time this
 * class sees is a tick's).
 */
static inline uint64_t dl_rq_clock(const struct runqueue *rq)
{
	(void)rq;
	return (uint64_t)jiffies * (NSEC_PER_SEC / HZ) + kstruct_subtick_ns;
}

static inline struct task_struct *dl_task_of(struct sched_dl_entity *dl_se)
{
	return dl_se->task;
}

/*
 * The entities come from a slab cache of their own, made by the first
 * task to enter the class and kept for the life of the process (a
 * struct lazy_cache, as the task_structs'): a task that never enters the
 * class has none, so a million fair tasks do not carry 192 bytes each
 * they never use.
 */
static struct lazy_cache dl_entity_cache =
	LAZY_CACHE("sched_dl_entity", struct sched_dl_entity);

/* @p's entity, new; Return: it, or NULL when out of memory */
static struct sched_dl_entity *alloc_dl_entity(struct task_struct *p)
{
	struct kmem_cache *cachep = lazy_cache_get(&dl_entity_cache);
	struct sched_dl_entity *dl_se;

	if (!cachep)
		return NULL;
	dl_se = kmem_cache_alloc(cachep, GFP_KERNEL);
	if (!dl_se)
		return NULL;
	init_dl_entity(dl_se);
	dl_se->task = p;
	p->dl = dl_se;
	return dl_se;
}

void free_dl_entity(struct task_struct *p)
{
	if (!p->dl)
		return;
	kmem_cache_free(dl_entity_cache.cachep, p->dl);
	p->dl = NULL;
}

static bool dl_machine_busy(void)
{
	return __atomic_load_n(&dl_nr_tasks, __ATOMIC_RELAXED) != 0;
}

static unsigned int dl_cpus_allowed(const struct task_struct *p)
{
	return (unsigned int)__builtin_popcountl(p->cpus_allowed &
						 cpu_online_map);
}

void sched_dl_bandwidth(uint64_t *total, uint64_t *cap)
{
	spin_lock(&dl_bw_lock);
	*total = dl_root_bw.total_bw;
	*cap = dl_root_bw.bw == ~0ULL ?
		       ~0ULL :
		       (dl_root_bw.bw * (uint64_t)nr_cpus_online);
	spin_unlock(&dl_bw_lock);
}

static int init_dl(int nr_cpus)
{
	(void)nr_cpus;
	spin_lock_init(&dl_bw_lock);
	init_dl_bw(&dl_root_bw, DL_RT_RUNTIME_US, DL_RT_PERIOD_US);
	dl_nr_tasks = 0;
	return 0;
}

static void exit_dl(void)
{
	spin_lock_destroy(&dl_bw_lock);
}

static void rq_init_dl(struct runqueue *rq)
{
	init_dl_rq(&rq->dl);
}

/* a deadline that passed while the instance had runtime and wanted the CPU */
static void dl_check_miss(struct sched_dl_entity *dl_se, uint64_t now)
{
	if (!dl_se->on_rq || dl_se->dl_throttled || dl_se->runtime <= 0 ||
	    !dl_time_before(dl_se->deadline, now) ||
	    dl_se->missed_deadline == dl_se->deadline)
		return;
	dl_se->missed_deadline = dl_se->deadline;
	dl_se->nr_missed++;
}

/*
 * The kernel's update_curr_dl(): charge the entity running on @rq what it
 * ran since its exec_start, to the ns of the runqueue clock.  It is called
 * at each tick, dequeue, switch-out and yield: with HRTICK off (Debian's
 * 6.1 and 6.12), nothing stops a task the moment its runtime runs out, so
 * it is found at the first of these, the overrun left below 0 for the
 * replenishment to pay back.  An entity off the tree (throttled) is not
 * charged.  A throttled task is told to reschedule when it is no longer
 * the earliest, but only if @resched: schedule()'s own put_prev_task has
 * cleared need_resched already and is switching anyway.  Return: true
 * when it was throttled.
 */
static bool update_curr_dl(struct runqueue *rq, bool resched)
{
	struct sched_dl_entity *dl_se = rq->dl.curr;
	uint64_t now = dl_rq_clock(rq);
	int64_t delta;

	if (!dl_se || RB_EMPTY_NODE(&dl_se->rb_node))
		return false;
	dl_check_miss(dl_se, now);
	delta = (int64_t)(now - dl_se->exec_start);
	if (delta > 0)
		dl_se->exec_start = now;
	if (!update_curr_dl_se(&rq->dl, dl_se, delta, now))
		return false;
	dl_se->nr_throttled++;
	if (resched && pick_next_dl_entity(&rq->dl) != dl_se) {
		note_resched(
			rq, SCHED_WHY_SLICE, 0,
			"its runtime ran out (a ns left): throttled until its next period",
			(long long)dl_se->runtime, 0, "ns");
		set_tsk_need_resched(rq->curr);
	}
	return true;
}

/* the core's ENQUEUE_* in the entity's terms */
static int dl_enqueue_flags(int flags)
{
	if (flags & (ENQUEUE_WAKEUP | ENQUEUE_INITIAL))
		return ENQUEUE_WAKEUP;
	if (flags & ENQUEUE_RESTORE)
		return ENQUEUE_RESTORE;
	return ENQUEUE_MIGRATED;
}

static void enqueue_task_dl(struct runqueue *rq, struct task_struct *p,
			    int flags)
{
	struct sched_dl_entity *dl_se = p->dl;

	uint64_t now = dl_rq_clock(rq);

	if (list_empty(&dl_se->rq_node))
		dl_attach(&rq->dl, dl_se);
	dl_se->nr_cpus_allowed = dl_cpus_allowed(p);
	dl_se->on_rq = true;
	/* a new reservation's first instance (the kernel's clock is never 0) */
	if (!dl_se->deadline)
		replenish_dl_new_period(dl_se, now);
	enqueue_dl_entity(&rq->dl, dl_se, dl_enqueue_flags(flags), now);
}

static void switched_from_dl(struct runqueue *rq, struct task_struct *p);

/*
 * @dl_se leaves @dl_rq's list and bandwidth for another CPU's; a
 * throttled one keeps its replenishment timer (the kernel's dl_timer goes
 * with the task), which fires where it is attached next
 */
static void dl_detach_moving(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se)
{
	uint64_t timer = dl_se->dl_timer;

	dl_detach(dl_rq, dl_se);
	dl_se->dl_timer = timer;
}

static void dequeue_task_dl(struct runqueue *rq, struct task_struct *p,
			    int flags)
{
	struct sched_dl_entity *dl_se = p->dl;

	update_curr_dl(rq, true);
	dl_se->on_rq = false;
	dequeue_dl_entity(&rq->dl, dl_se, flags & DEQUEUE_SLEEP,
			  dl_rq_clock(rq));
	/* the kernel's task_dead_dl(): an exiting task gives its bandwidth */
	if (p->flags & PF_EXITING)
		switched_from_dl(rq, p);
	/*
	 * Given another CPU while queued here (the migration thread of
	 * set_cpus_allowed() sets the CPU, then moves the task): it leaves
	 * this CPU's accounting now, and the enqueue there attaches it.
	 */
	else if (task_cpu(p) != rq->cpu && !list_empty(&dl_se->rq_node))
		dl_detach_moving(&rq->dl, dl_se);
}

/* sched_yield(): the rest of this instance is given up at once */
static void yield_task_dl(struct runqueue *rq)
{
	yield_dl_entity(rq->curr->dl);
	update_curr_dl(rq, true);
}

/* @p, queued on @rq, runs before the running task: above its class, or
 * an earlier deadline */
static bool dl_preempts(struct runqueue *rq, struct task_struct *p)
{
	struct task_struct *curr = rq->curr;

	if (RB_EMPTY_NODE(&p->dl->rb_node))
		return false;
	if (curr == rq->idle || task_sched_class(curr) != &dl_sched_class)
		return true;
	return curr != p && dl_time_before(p->dl->deadline, curr->dl->deadline);
}

static void check_preempt_curr_dl(struct runqueue *rq, struct task_struct *p,
				  int flags)
{
	(void)flags;
	if (!dl_preempts(rq, p))
		return;
	note_resched(
		rq, SCHED_WHY_WAKEUP, p->pid,
		"a deadline task (deadline a ns) runs before any other class or a later deadline (b ns)",
		(long long)p->dl->deadline,
		rq->curr == rq->idle ||
				task_sched_class(rq->curr) != &dl_sched_class ?
			0 :
			(long long)rq->curr->dl->deadline,
		"ns");
	set_tsk_need_resched(rq->curr);
}

static struct task_struct *pick_next_task_dl(struct runqueue *rq,
					     struct task_struct *prev)
{
	struct sched_dl_entity *dl_se = pick_next_dl_entity(&rq->dl);

	(void)prev;
	if (!dl_se)
		return NULL;
	note_pick(rq, 0, "earliest deadline first: absolute deadline a ns",
		  (long long)dl_se->deadline, 0, "ns");
	return dl_task_of(dl_se);
}

static void put_prev_task_dl(struct runqueue *rq, struct task_struct *prev,
			     struct task_struct *next)
{
	(void)prev;
	(void)next;
	update_curr_dl(rq, false);
	put_prev_dl_entity(&rq->dl);
}

static void set_curr_task_dl(struct runqueue *rq, struct task_struct *next)
{
	set_next_dl_entity(&rq->dl, next->dl);
	next->dl->exec_start = dl_rq_clock(rq);
}

static void task_tick_dl(struct runqueue *rq, struct task_struct *curr)
{
	struct sched_dl_entity *dl_se = curr->dl, *first;

	if (update_curr_dl(rq, true))
		return;
	first = pick_next_dl_entity(&rq->dl);
	if (first && first != dl_se) {
		note_resched(
			rq, SCHED_WHY_SLICE, dl_task_of(first)->pid,
			"an earlier deadline (a ns) is queued than the running task's (b ns)",
			(long long)first->deadline, (long long)dl_se->deadline,
			"ns");
		set_tsk_need_resched(curr);
	}
}

/* the kernel refuses to fork a deadline task (no reset-on-fork here) */
static int task_fork_dl(struct task_struct *p, struct task_struct *parent)
{
	(void)p;
	(void)parent;
	return -EINVAL;
}

static void set_nice_dl(struct runqueue *rq, struct task_struct *p, long nice)
{
	(void)rq;
	p->static_prio = NICE_TO_PRIO(nice);
}

/* the entity leaves its CPU's accounting; the next enqueue attaches it */
static void migrate_task_rq_dl(struct task_struct *p, int new_cpu)
{
	struct sched_dl_entity *dl_se = p->dl;

	(void)new_cpu;
	if (!list_empty(&dl_se->rq_node) && RB_EMPTY_NODE(&dl_se->rb_node))
		dl_detach_moving(&task_rq(p)->dl, dl_se);
}

static int setattr_dl(struct runqueue *rq, struct task_struct *p,
		      const struct sched_attr *attr)
{
	struct sched_dl_entity *dl_se = p->dl;
	bool was_dl = dl_se && dl_se->dl_runtime != 0, attached;
	int ret;

	/* a task entering the class: its entity from scratch */
	if (!dl_se) {
		dl_se = alloc_dl_entity(p);
		if (!dl_se)
			return -ENOMEM;
	} else if (!was_dl) {
		init_dl_entity(dl_se);
		dl_se->task = p;
	}
	/* the bandwidth changes: out of this CPU's sums meanwhile */
	attached = !list_empty(&dl_se->rq_node);
	if (attached)
		dl_detach(&rq->dl, dl_se);
	spin_lock(&dl_bw_lock);
	ret = sched_setattr_dl(&dl_root_bw, nr_cpus_online, dl_se, attr);
	if (!ret && !was_dl)
		__atomic_store_n(&dl_nr_tasks, dl_nr_tasks + 1,
				 __ATOMIC_RELAXED);
	spin_unlock(&dl_bw_lock);
	/* the next enqueue attaches a new one; the first instance starts then */
	if (attached)
		dl_attach(&rq->dl, dl_se);
	/* refused: a task that was not in the class keeps no entity */
	if (ret && !was_dl)
		free_dl_entity(p);
	return ret;
}

/* @p leaves the class, or dies: its bandwidth goes back at once */
static void switched_from_dl(struct runqueue *rq, struct task_struct *p)
{
	struct sched_dl_entity *dl_se = p->dl;
	struct sched_attr leave = { .sched_policy = SCHED_OTHER };

	if (!dl_se || !dl_se->dl_runtime)
		return;
	if (!list_empty(&dl_se->rq_node))
		dl_detach(&rq->dl, dl_se);
	spin_lock(&dl_bw_lock);
	sched_setattr_dl(&dl_root_bw, nr_cpus_online, dl_se, &leave);
	__atomic_store_n(&dl_nr_tasks, dl_nr_tasks - 1, __ATOMIC_RELAXED);
	spin_unlock(&dl_bw_lock);
	dl_se->dl_throttled = false;
	/*
	 * A task leaving the class gives its entity back; a dying one keeps
	 * it (its CPU may still hold it as dl_rq->curr until the switch)
	 * until free_task().
	 */
	if (!(p->flags & PF_EXITING))
		free_dl_entity(p);
}

static void dl_snapshot_of(struct dl_snapshot *snap)
{
	int cpu;

	snap->nr_cpus = (unsigned int)nr_cpus_online;
	for (cpu = 0; cpu < nr_cpus_online; cpu++)
		dl_cpu_state_of(&cpu_rq(cpu)->dl, &snap->cpu[cpu]);
}

/* the earliest pushable task of @rq */
static struct task_struct *pushable_task(struct runqueue *rq)
{
	struct rb_node *first = rb_first_cached(&rq->dl.pushable_dl_tasks_root);

	return first ? dl_task_of(dl_se_of(first, pushable_node)) : NULL;
}

/*
 * Global EDF at the tick: this CPU pulls the earliest task another CPU
 * could give up (pull_dl_task()), then pushes its own earliest waiting
 * task where it would run at once (push_dl_task()), one task each.  Every
 * runqueue is locked while the root domain is read and a task moves; the
 * caller's lock is dropped and retaken.  Return: tasks moved.
 */
static int dl_balance(struct runqueue *this_rq)
{
	static struct dl_snapshot snap; /* under every runqueue lock */
	int src[DL_NR_CPUS], n, dst, moved = 0;
	struct sched_reason why;
	struct task_struct *p;

	if (!dl_machine_busy() || nr_cpus_online < 2)
		return 0;
	spin_unlock(&this_rq->lock);
	runqueues_lock_all();
	dl_snapshot_of(&snap);
	n = pull_dl_task(&snap, this_rq->cpu, src);
	p = n ? pushable_task(cpu_rq(src[n - 1])) : NULL;
	if (p && (p->cpus_allowed & (1UL << this_rq->cpu))) {
		why = migrate_why(
			SCHED_MIGRATE_BALANCE,
			"pull_dl_task(): of the b overloaded CPUs it would pull from, CPU a gave the earliest pushable deadline",
			src[n - 1], n, NULL);
		move_queued_task(cpu_rq(src[n - 1]), p, this_rq, &why);
		moved++;
		dl_snapshot_of(&snap);
	}
	p = pushable_task(this_rq);
	if (p) {
		dst = push_dl_task(&snap, this_rq->cpu, p->dl->deadline,
				   p->cpus_allowed & cpu_online_map);
		if (dst == DL_PUSH_RESCHED) {
			set_tsk_need_resched(this_rq->curr);
		} else if (dst >= 0 && dst != this_rq->cpu) {
			why = migrate_why(
				SCHED_MIGRATE_BALANCE,
				"push_dl_task(): its deadline is earlier than what CPU b runs (pushed from CPU a)",
				this_rq->cpu, dst, NULL);
			move_queued_task(this_rq, p, cpu_rq(dst), &why);
			moved++;
		}
	}
	runqueues_unlock_all();
	spin_lock(&this_rq->lock);
	return moved;
}

static int load_balance_dl(struct runqueue *this_rq, int idle)
{
	(void)idle;
	return dl_balance(this_rq);
}

/*
 * The class's timers on this CPU due by @now: the inactive timer (a
 * blocked task's bandwidth leaves running_bw) and the replenishment (a
 * throttled task gets its runtime back, queued again if it still runs,
 * and preempts what runs when it is earlier); at a tick (@tick), deadline
 * misses are counted too.
 */
static void dl_fire_timers(struct runqueue *rq, uint64_t now, bool tick)
{
	struct sched_dl_entity *dl_se, *tmp;

	list_for_each_entry_safe(dl_se, tmp, &rq->dl.tasks, rq_node) {
		if (dl_se->inactive_timer && dl_se->inactive_timer <= now)
			inactive_task_timer(&rq->dl, dl_se);
		if (dl_se->dl_timer && dl_se->dl_timer <= now) {
			dl_task_timer(&rq->dl, dl_se, dl_se->on_rq, now);
			if (dl_se->on_rq)
				check_preempt_curr_dl(rq, dl_task_of(dl_se), 0);
		}
		if (tick)
			dl_check_miss(dl_se, now);
	}
}

/* the timers due at the tick, then global EDF */
static void timer_tick_dl(struct runqueue *rq)
{
	if (!dl_machine_busy())
		return;
	dl_fire_timers(rq, dl_rq_clock(rq), true);
	dl_balance(rq);
}

uint64_t dl_next_timer(void)
{
	struct sched_dl_entity *dl_se;
	uint64_t next = UINT64_MAX;
	struct runqueue *rq;
	int cpu;

	if (!dl_machine_busy())
		return next;
	for (cpu = 0; cpu < nr_cpus_online; cpu++) {
		rq = cpu_rq(cpu);
		spin_lock(&rq->lock);
		list_for_each_entry(dl_se, &rq->dl.tasks, rq_node) {
			if (dl_se->dl_timer && dl_se->dl_timer < next)
				next = dl_se->dl_timer;
			if (dl_se->inactive_timer &&
			    dl_se->inactive_timer < next)
				next = dl_se->inactive_timer;
		}
		spin_unlock(&rq->lock);
	}
	return next;
}

void dl_run_timers(void)
{
	struct runqueue *rq;
	int cpu;

	if (!dl_machine_busy())
		return;
	for (cpu = 0; cpu < nr_cpus_online; cpu++) {
		rq = cpu_rq(cpu);
		spin_lock(&rq->lock);
		dl_fire_timers(rq, dl_rq_clock(rq), false);
		spin_unlock(&rq->lock);
	}
}

static bool task_queued_dl(const struct task_struct *p)
{
	return p->dl->on_rq;
}

static bool check_dl(struct runqueue *rq, unsigned long *nr_queued)
{
	struct sched_dl_entity *dl_se;
	unsigned long n = 0;

	if (!dl_rq_check(&rq->dl))
		return false;
	list_for_each_entry(dl_se, &rq->dl.tasks, rq_node) {
		struct task_struct *p = dl_task_of(dl_se);

		if (p->sched_class != &dl_sched_class || p->cpu != rq->cpu)
			return check_fail(
				"cpu %d: deadline entity of task %d (cpu %d) attached here",
				rq->cpu, p->pid, p->cpu);
		if (dl_se->on_rq)
			n++;
		else if (!RB_EMPTY_NODE(&dl_se->rb_node))
			return check_fail(
				"cpu %d: task %d is in the deadline tree but not runnable",
				rq->cpu, p->pid);
	}
	*nr_queued = n;
	return true;
}

static void dl_task_snapshot(struct sched_snapshot_dl_task *t,
			     struct sched_dl_entity *dl_se)
{
	snapshot_task(&t->task, dl_task_of(dl_se));
	t->deadline = dl_se->deadline;
	t->runtime = dl_se->runtime;
	t->dl_runtime = dl_se->dl_runtime;
	t->dl_deadline = dl_se->dl_deadline;
	t->dl_period = dl_se->dl_period;
	t->throttled = dl_se->dl_throttled;
	t->misses = dl_se->nr_missed;
	t->throttles = dl_se->nr_throttled;
}

/* a throttled task: runnable here, but off the tree until replenished */
static bool dl_throttled_here(struct sched_dl_entity *dl_se)
{
	return dl_se->on_rq && RB_EMPTY_NODE(&dl_se->rb_node);
}

/*
 * The tree's tasks by deadline, then the throttled ones, with the CPU's
 * bandwidths; no queue (1) on a machine that never admitted a deadline
 * task.
 */
static int snapshot_dl(struct runqueue *rq, struct sched_snapshot *snap,
		       struct sched_snapshot_queue *q)
{
	struct sched_snapshot_edf *edf = &q->edf;
	struct sched_snapshot_dl_task *t;
	struct sched_dl_entity *dl_se;
	struct rb_node *node;
	unsigned int n = 0;

	if (!dl_machine_busy() && list_empty(&rq->dl.tasks))
		return 1;
	q->sched_class = &dl_sched_class;
	q->kind = SCHED_SNAPSHOT_EDF;
	edf->running_bw = rq->dl.running_bw;
	edf->this_bw = rq->dl.this_bw;
	for (node = rb_first_cached(&rq->dl.root); node; node = rb_next(node))
		n++;
	list_for_each_entry(dl_se, &rq->dl.tasks, rq_node)
		if (dl_throttled_here(dl_se))
			n++;
	edf->tasks = sched_snapshot_alloc(snap, n * sizeof(*t));
	if (!edf->tasks)
		return -ENOMEM;
	t = edf->tasks;
	for (node = rb_first_cached(&rq->dl.root); node; node = rb_next(node))
		dl_task_snapshot(t++, dl_se_of(node, rb_node));
	list_for_each_entry(dl_se, &rq->dl.tasks, rq_node)
		if (dl_throttled_here(dl_se))
			dl_task_snapshot(t++, dl_se);
	edf->nr_tasks = n;
	return 0;
}

const struct sched_class dl_sched_class = {
	.name = "deadline",
	.policies = 1UL << SCHED_DEADLINE,
	.series = (const char *const[]){ "deadline", "runtime", NULL },
	.init = init_dl,
	.exit = exit_dl,
	.rq_init = rq_init_dl,
	.enqueue_task = enqueue_task_dl,
	.dequeue_task = dequeue_task_dl,
	.yield_task = yield_task_dl,
	.check_preempt_curr = check_preempt_curr_dl,
	.pick_next_task = pick_next_task_dl,
	.put_prev_task = put_prev_task_dl,
	.set_curr_task = set_curr_task_dl,
	.task_tick = task_tick_dl,
	.task_fork = task_fork_dl,
	.set_nice = set_nice_dl,
	.setattr = setattr_dl,
	.switched_from = switched_from_dl,
	.timer_tick = timer_tick_dl,
	.migrate_task_rq = migrate_task_rq_dl,
	.load_balance = load_balance_dl,
	.task_queued = task_queued_dl,
	.rq_check = check_dl,
	.snapshot = snapshot_dl,
};
