// SPDX-License-Identifier: MIT
/*
 * sched/eevdf.c - Earliest Eligible Virtual Deadline First, Linux 6.6's
 * fair class: of the tasks owed service, the one whose request ends first
 * in virtual time runs.
 *
 * Mirrors kernel/sched/fair.c of 6.6 (Peter Zijlstra's EEVDF, after
 * Stoica and Abdel-Wahab, 1995; the 6.6 stable tree): avg_vruntime_add,
 * avg_vruntime_sub, avg_vruntime_update, avg_vruntime, update_entity_lag,
 * entity_eligible, the min_deadline augmented tree (__update_min_deadline,
 * min_deadline_update), __pick_eevdf and pick_eevdf (with the fix that
 * searches the best left subtree when the heap descent found none
 * eligible), update_deadline, place_entity (PLACE_LAG with the (W + w) / W
 * inflation, PLACE_DEADLINE_INITIAL), enqueue_entity, dequeue_entity,
 * check_preempt_wakeup and yield_task_fair; features as 6.6 shipped them
 * (PLACE_LAG, PLACE_DEADLINE_INITIAL, RUN_TO_PARITY, WAKEUP_PREEMPTION on;
 * NEXT_BUDDY off).  Custom slices are 6.12's (sched_set_custom_slice()
 * in sched/fair.c; update_deadline() and place_entity() keep them).  The
 * shared machinery is in sched/fair.c, the task groups' walks and
 * reweight_entity() in sched/fair_group.c: every function here works on
 * one level of the hierarchy, a task's or a group's entity alike.
 *
 * Deliberate differences (see also sched/fair.c):
 *  - A new task is placed once, at its first enqueue, with ENQUEUE_INITIAL
 *    (half a slice of deadline).  6.6 placed it in task_fork_fair() with
 *    ENQUEUE_INITIAL and again at wake_up_new_task() without it, which
 *    overwrote the half slice; later kernels place it once, as here.
 *  - The pick considers the running entity where it stands (6.6's
 *    FAIR_GROUP_SCHED path, where RUN_TO_PARITY applies); a running task
 *    picked again starts a new turn without a switch, on the request it
 *    has.
 *  - Weights are not scaled by 1024 (the kernel's scale_load() on 64-bit
 *    machines, undone by scale_load_down() wherever these sums use them).
 */
#include "list/rbtree_augmented.h"
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/internal.h"

/* ------------------------------------------------ V, the average vruntime */

/*
 * Lag is what a task is owed: lag_i = w_i * (V - v_i), where V is the
 * weighted average of the vruntimes, sum(w_i * v_i) / sum(w_i), and the
 * lags sum to zero.  The sums are kept relative to min_vruntime, so they
 * stay small: avg_vruntime = sum over the tree of (v_i - min_vruntime) *
 * w_i, avg_load = sum of w_i.  The running entity is out of the tree and
 * is added in when V is needed.
 */
static inline int64_t entity_key(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	return (int64_t)(se->vruntime - cfs_rq->min_vruntime);
}

void avg_vruntime_add(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	cfs_rq->avg_vruntime +=
		entity_key(cfs_rq, se) * (int64_t)se->load.weight;
	cfs_rq->avg_load += se->load.weight;
}

void avg_vruntime_sub(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	cfs_rq->avg_vruntime -=
		entity_key(cfs_rq, se) * (int64_t)se->load.weight;
	cfs_rq->avg_load -= se->load.weight;
}

/* min_vruntime moved up by @delta: every key went down by it */
void avg_vruntime_update(struct cfs_rq *cfs_rq, int64_t delta)
{
	cfs_rq->avg_vruntime -= (int64_t)cfs_rq->avg_load * delta;
}

/* the sums with the running entity in */
static void avg_with_curr(struct cfs_rq *cfs_rq, int64_t *avg, long *load)
{
	struct sched_entity *curr = cfs_rq->curr;

	*avg = cfs_rq->avg_vruntime;
	*load = (long)cfs_rq->avg_load;
	if (curr && curr->on_rq) {
		*avg += entity_key(cfs_rq, curr) * (int64_t)curr->load.weight;
		*load += (long)curr->load.weight;
	}
}

/*
 * V, rounded towards minus infinity (a left bias), so that an entity at
 * exactly V is eligible.
 */
uint64_t avg_vruntime(struct cfs_rq *cfs_rq)
{
	int64_t avg;
	long load;

	avg_with_curr(cfs_rq, &avg, &load);
	if (load) {
		if (avg < 0)
			avg -= load - 1;
		avg /= load;
	}
	return cfs_rq->min_vruntime + (uint64_t)avg;
}

/*
 * Eligible: lag >= 0, that is V >= v_i, tested without the division:
 * sum((v_j - v0) * w_j) >= (v_i - v0) * sum(w_j).
 */
static inline bool __entity_eligible(struct cfs_rq *cfs_rq, int64_t avg,
				     long load, struct sched_entity *se)
{
	return avg >= entity_key(cfs_rq, se) * load;
}

bool entity_eligible(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	int64_t avg;
	long load;

	avg_with_curr(cfs_rq, &avg, &load);
	return __entity_eligible(cfs_rq, avg, load, se);
}

/*
 * The lag an entity leaves with, kept as virtual lag V - v_i, clamped to
 * twice its slice (at least a tick) in its virtual time.
 */
static void update_entity_lag(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	uint64_t span = 2 * se->slice > TICK_NSEC ? 2 * se->slice : TICK_NSEC;
	int64_t lag, limit;

	lag = (int64_t)(avg_vruntime(cfs_rq) - se->vruntime);
	limit = (int64_t)calc_delta_fair(span, se);
	se->vlag = lag < -limit ? -limit : lag > limit ? limit : lag;
}

/* --------------------------------------------- the min_deadline heap */

#define deadline_gt(field, lse, rse) \
	((int64_t)((lse)->field - (rse)->field) > 0)

static inline void __update_min_deadline(struct sched_entity *se,
					 struct rb_node *node)
{
	if (node) {
		struct sched_entity *rse = __node_2_se(node);

		if (deadline_gt(min_deadline, se, rse))
			se->min_deadline = rse->min_deadline;
	}
}

/* min(deadline, both children's min_deadline); true when unchanged */
static inline bool min_deadline_update(struct sched_entity *se, bool exit)
{
	uint64_t old = se->min_deadline;
	struct rb_node *node = &se->run_node;

	(void)exit;
	se->min_deadline = se->deadline;
	__update_min_deadline(se, node->rb_right);
	__update_min_deadline(se, node->rb_left);
	return se->min_deadline == old;
}

RB_DECLARE_CALLBACKS(static, min_deadline_cb, struct sched_entity, run_node,
		     min_deadline, min_deadline_update)

void min_deadline_propagate(struct sched_entity *se)
{
	min_deadline_cb_propagate(&se->run_node, NULL);
}

bool min_deadline_ok(const struct rb_node *node)
{
	const struct sched_entity *se = __node_2_se(node);
	const struct rb_node *child[2] = { node->rb_left, node->rb_right };
	uint64_t min = se->deadline;
	int i;

	for (i = 0; i < 2; i++)
		if (child[i] &&
		    (int64_t)(__node_2_se(child[i])->min_deadline - min) < 0)
			min = __node_2_se(child[i])->min_deadline;
	return se->min_deadline == min;
}

static bool __entity_less(struct rb_node *a, const struct rb_node *b)
{
	return entity_before(__node_2_se(a), __node_2_se(b));
}

void __enqueue_entity_eevdf(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	avg_vruntime_add(cfs_rq, se);
	se->min_deadline = se->deadline;
	rb_add_augmented_cached(&se->run_node, &cfs_rq->tasks_timeline,
				__entity_less, &min_deadline_cb);
}

void __dequeue_entity_eevdf(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	rb_erase_augmented_cached(&se->run_node, &cfs_rq->tasks_timeline,
				  &min_deadline_cb);
	avg_vruntime_sub(cfs_rq, se);
}

/* ------------------------------------------------------------ the pick */

/*
 * The earliest virtual deadline among the eligible entities, in O(log n):
 * the tree is ordered by vruntime, so eligibility (vruntime at most V)
 * holds for a prefix, and every node keeps its subtree's min_deadline.
 * Descend: an ineligible node sends the search left; an eligible one is a
 * candidate, its whole left subtree is eligible (remember the best such
 * subtree), and the search goes right unless the minimum is here or to
 * the left.  Then the best candidate is either the node found or inside
 * the best eligible left subtree, found by following min_deadline down.
 * With RUN_TO_PARITY the running entity keeps the CPU while eligible and
 * still on the request it was picked for.  The sums behind V do not
 * change during the pick: they are taken once, where 6.6's
 * entity_eligible() took them again at every node.
 */
static struct sched_entity *__pick_eevdf(struct cfs_rq *cfs_rq)
{
	struct rb_node *node = cfs_rq->tasks_timeline.rb_root.rb_node;
	struct sched_entity *curr = cfs_rq->curr;
	struct sched_entity *best, *best_left = NULL, *se, *left;
	int64_t avg;
	long load;

	avg_with_curr(cfs_rq, &avg, &load);
	if (curr &&
	    (!curr->on_rq || !__entity_eligible(cfs_rq, avg, load, curr)))
		curr = NULL;
	best = curr;
	if (curr && curr->vlag == (int64_t)curr->deadline)
		return curr;

	while (node) {
		se = __node_2_se(node);
		if (!__entity_eligible(cfs_rq, avg, load, se)) {
			node = node->rb_left;
			continue;
		}
		if (!best || deadline_gt(deadline, best, se))
			best = se;
		if (node->rb_left) {
			left = __node_2_se(node->rb_left);
			if (!best_left ||
			    deadline_gt(min_deadline, best_left, left))
				best_left = left;
			/* the minimum is left, where all are eligible */
			if (left->min_deadline == se->min_deadline)
				break;
		}
		if (se->deadline == se->min_deadline)
			break;
		node = node->rb_right;
	}
	if (!best_left ||
	    (int64_t)(best_left->min_deadline - best->deadline) > 0)
		return best;

	/* every entity of best_left's subtree is eligible: find its min */
	node = &best_left->run_node;
	while (node) {
		se = __node_2_se(node);
		if (se->deadline == se->min_deadline)
			return se;
		if (node->rb_left && __node_2_se(node->rb_left)->min_deadline ==
					     se->min_deadline) {
			node = node->rb_left;
			continue;
		}
		node = node->rb_right;
	}
	return NULL;
}

struct sched_entity *pick_eevdf(struct cfs_rq *cfs_rq)
{
	struct sched_entity *se = __pick_eevdf(cfs_rq);

	/* cannot happen with sound sums; the kernel falls back so, too */
	if (unlikely(!se))
		se = __pick_first_entity(cfs_rq);
	return se;
}

/* ------------------------------------------------------ requests */

/*
 * A request used up (vruntime reached the deadline) gets a new one,
 * vd = v + slice / w, and the CPU is offered to the others.
 */
void update_deadline(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	if ((int64_t)(se->vruntime - se->deadline) < 0)
		return;
	if (!se->custom_slice)
		se->slice = sysctl_sched_base_slice;
	se->deadline = se->vruntime + calc_delta_fair(se->slice, se);
	if (cfs_rq->nr_running > 1) {
		note_resched(
			rq_of(cfs_rq), SCHED_WHY_SLICE, 0,
			"its request is used up (vruntime reached its deadline): a new one of slice a",
			(long long)se->slice, 0, "ns");
		resched_curr(rq_of(cfs_rq));
		rq_of(cfs_rq)->cfs.nr_tick_preempts++;
		clear_buddies(cfs_rq, se);
	}
}

/*
 * Joining the queue keeps the lag an entity left with (PLACE_LAG).
 * Adding weight w with virtual lag vl moves V by w * vl / (W + w), which
 * would shrink the lag; placing it at V - vl * (W + w) / W leaves it with
 * vl after all.  The deadline is a slice after that, half a slice for a
 * new task (PLACE_DEADLINE_INITIAL): the others are halfway through
 * theirs, on average.
 */
static void place_entity_eevdf(struct cfs_rq *cfs_rq, struct sched_entity *se,
			       int flags)
{
	uint64_t vslice, vruntime = avg_vruntime(cfs_rq);
	struct sched_entity *curr = cfs_rq->curr;
	int64_t lag = 0;
	long load;

	if (!se->custom_slice)
		se->slice = sysctl_sched_base_slice;
	vslice = calc_delta_fair(se->slice, se);
	if (cfs_rq->nr_running) {
		lag = se->vlag;
		load = (long)cfs_rq->avg_load;
		if (curr && curr->on_rq)
			load += (long)curr->load.weight;
		lag *= load + (long)se->load.weight;
		if (unlikely(!load))
			load = 1;
		lag /= load;
	}
	se->vruntime = vruntime - (uint64_t)lag;
	if (flags & ENQUEUE_INITIAL)
		vslice /= 2;
	se->deadline = se->vruntime + vslice;
}

/* a group's entity takes its share of the group's weight, then is placed */
static void enqueue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
			   int flags)
{
	bool curr = cfs_rq->curr == se;

	if (curr)
		place_entity_eevdf(cfs_rq, se, flags);
	update_curr(cfs_rq);
	update_cfs_group(se);
	if (!curr)
		place_entity_eevdf(cfs_rq, se, flags);
	account_entity_enqueue(cfs_rq, se);
	if (flags & ENQUEUE_MIGRATED)
		se->exec_start = 0;
	if (!curr)
		__enqueue_entity(cfs_rq, se);
	se->on_rq = 1;
}

/*
 * Leaving keeps the lag (a group's entity then takes its minimal share of
 * the weight, which scales the lag kept); a requeue (DEQUEUE_SAVE, unless
 * into another group: DEQUEUE_MOVE) leaves min_vruntime.
 */
static void dequeue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
			   int flags)
{
	update_curr(cfs_rq);
	clear_buddies(cfs_rq, se);
	update_entity_lag(cfs_rq, se);
	if (se != cfs_rq->curr)
		__dequeue_entity(cfs_rq, se);
	else
		cfs_rq->curr = NULL; /* its turn ends here */
	se->on_rq = 0;
	account_entity_dequeue(cfs_rq, se);
	update_cfs_group(se);
	if ((flags & (DEQUEUE_SAVE | DEQUEUE_MOVE)) != DEQUEUE_SAVE)
		update_min_vruntime(cfs_rq);
}

static void enqueue_task_eevdf(struct runqueue *rq, struct task_struct *p,
			       int flags)
{
	enqueue_task_fair(rq, p, flags, enqueue_entity);
}

static void dequeue_task_eevdf(struct runqueue *rq, struct task_struct *p,
			       int flags)
{
	dequeue_task_fair(rq, p, flags, dequeue_entity);
}

/*
 * The tick at one level: run time counted (a used-up request ends the
 * turn there), the group reweighted.
 */
static void entity_tick(struct cfs_rq *cfs_rq, struct sched_entity *curr)
{
	update_curr(cfs_rq);
	update_cfs_group(curr);
}

static void task_tick_eevdf(struct runqueue *rq, struct task_struct *curr)
{
	task_tick_fair(rq, curr, entity_tick);
}

/* pick_eevdf(), saying why */
static struct sched_entity *pick_eevdf_noted(struct cfs_rq *cfs_rq)
{
	struct sched_entity *se = pick_eevdf(cfs_rq), *curr = cfs_rq->curr;
	long long v = (long long)avg_vruntime(cfs_rq);

	if (se == curr && curr->vlag == (int64_t)curr->deadline)
		note_pick(
			rq_of(cfs_rq), 0,
			"the running entity keeps the CPU: eligible (vruntime a <= V b) and still on the request it was picked for (RUN_TO_PARITY)",
			(long long)se->vruntime, v, "ns of virtual time");
	else
		note_pick(
			rq_of(cfs_rq), 0,
			"of the eligible entities (vruntime <= V b), the earliest virtual deadline a",
			(long long)se->deadline, v, "ns of virtual time");
	return se;
}

static struct task_struct *pick_next_task_eevdf(struct runqueue *rq,
						struct task_struct *prev)
{
	(void)prev;
	return pick_next_task_fair(rq, pick_eevdf_noted);
}

/*
 * Wake-up preemption: the idle task and SCHED_IDLE tasks give way; a
 * batch or idle wakee waits for the tick; else the wakee preempts when,
 * where the two tasks' chains meet, its side is what pick_eevdf() would
 * choose now in the queue they share (RUN_TO_PARITY protects an entity
 * still on its first request).
 */
static void check_preempt_wakeup(struct runqueue *rq, struct task_struct *p,
				 int wake_flags)
{
	struct sched_entity *se = &rq->curr->se, *pse = &p->se;

	(void)wake_flags;
	switch (check_preempt_fair(rq, p, &se, &pse)) {
	case WAKEUP_IGNORE:
		return;
	case WAKEUP_COMPARE:
		if (pick_eevdf(cfs_rq_of(se)) != pse)
			return;
		if (!entity_eligible(cfs_rq_of(se), se))
			note_resched(
				rq, SCHED_WHY_WAKEUP, p->pid,
				"curr is not eligible (vruntime a > V b): the woken task is the eligible one with the earliest deadline",
				(long long)se->vruntime,
				(long long)avg_vruntime(cfs_rq_of(se)),
				"ns of virtual time");
		else
			note_resched(
				rq, SCHED_WHY_WAKEUP, p->pid,
				"the woken task is eligible and its deadline a is earlier than curr's b",
				(long long)pse->deadline,
				(long long)se->deadline, "ns of virtual time");
		break;
	}
	resched_curr(rq);
	rq->cfs.nr_wakeup_preempts++;
}

/* a yield pushes the running task's deadline one request further */
static void yield_task_eevdf(struct runqueue *rq)
{
	struct sched_entity *se = &rq->curr->se;
	struct cfs_rq *cfs_rq = cfs_rq_of(se);

	if (unlikely(rq->nr_running == 1))
		return;
	clear_buddies(cfs_rq, se);
	update_curr(cfs_rq);
	se->deadline += calc_delta_fair(se->slice, se);
}

static int init_eevdf(int nr_cpus)
{
	fair_set_version(true, nr_cpus);
	fair_groups_init();
	return 0;
}

const struct sched_class eevdf_sched_class = {
	.name = "eevdf",
	.front = &rt_sched_class,
	.policies = (1UL << SCHED_OTHER) | (1UL << SCHED_BATCH) |
		    (1UL << SCHED_IDLE),
	.init = init_eevdf,
	.exit = fair_groups_exit,
	.rq_init = rq_init_fair,
	.enqueue_task = enqueue_task_eevdf,
	.dequeue_task = dequeue_task_eevdf,
	.yield_task = yield_task_eevdf,
	.check_preempt_curr = check_preempt_wakeup,
	.pick_next_task = pick_next_task_eevdf,
	.put_prev_task = put_prev_task_fair,
	.set_curr_task = set_curr_task_fair,
	.task_tick = task_tick_eevdf,
	.task_fork = task_fork_fair,
	.set_nice = set_nice_fair,
	.prio_changed = prio_changed_fair,
	.load_balance = load_balance_fair,
	.task_queued = task_queued_fair,
	.rq_check = check_fair,
	.snapshot = snapshot_fair,
	.counters = counters_fair,
};
