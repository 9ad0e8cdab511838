// SPDX-License-Identifier: MIT
/*
 * sched/eevdf.c - Earliest Eligible Virtual Deadline First, Linux 6.12's
 * fair class: of the tasks owed service, the one whose request ends first
 * in virtual time runs.
 *
 * Mirrors kernel/sched/fair.c of 6.12 as Debian ships it (6.12.118; Peter
 * Zijlstra's EEVDF, after Stoica and Abdel-Wahab, 1995): avg_vruntime_add,
 * avg_vruntime_sub, avg_vruntime_update, avg_vruntime, entity_lag,
 * update_entity_lag, entity_eligible, pick_eevdf (RUN_TO_PARITY with
 * protect_slice), update_deadline with PREEMPT_SHORT's did_preempt_short,
 * place_entity (PLACE_LAG with the (W + w) / W inflation,
 * PLACE_DEADLINE_INITIAL, PLACE_REL_DEADLINE), reweight_eevdf,
 * enqueue_entity, dequeue_entity with DELAY_DEQUEUE and DELAY_ZERO,
 * requeue_delayed_entity, check_preempt_wakeup_fair (do_preempt_short,
 * cancel_protect_slice) and yield_task_fair; features as 6.12 ships them
 * (PLACE_LAG, PLACE_DEADLINE_INITIAL, PLACE_REL_DEADLINE, RUN_TO_PARITY,
 * PREEMPT_SHORT, DELAY_DEQUEUE, DELAY_ZERO, WAKEUP_PREEMPTION on;
 * NEXT_BUDDY off).  Custom slices (sched_set_custom_slice() in
 * sched/fair.c) are sched_attr.sched_runtime's.  The shared machinery is
 * in sched/fair.c, the task groups' walks and reweight_entity() in
 * sched/fair_group.c: every function here works on one level of the
 * hierarchy, a task's or a group's entity alike.
 *
 * Deliberate differences (see also sched/fair.c):
 *  - The tree is ordered by vruntime and augmented with min_deadline
 *    (6.6's); 6.12 orders it by deadline, augmented with min_vruntime.
 *    The pick is the same rule; ties between queued entities of equal
 *    deadlines may fall otherwise (a tie with the running entity goes to
 *    the queued one, as in 6.12: see __pick_eevdf()).
 *  - Only tasks are kept queued asleep (6.12 keeps group entities too); a
 *    task kept so is not runnable to the core (task_queued() false, out
 *    of nr_running and h_nr_running), and leaves for good before its
 *    nice, policy, group or CPU changes (fair_settle()).
 *  - The pick considers the running entity where it stands (the
 *    FAIR_GROUP_SCHED path, where RUN_TO_PARITY applies); a running task
 *    picked again keeps its turn, as in the kernel.
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
static int64_t entity_lag(uint64_t avruntime, struct sched_entity *se)
{
	uint64_t span = 2 * se->slice > TICK_NSEC ? 2 * se->slice : TICK_NSEC;
	int64_t lag, limit;

	lag = (int64_t)(avruntime - se->vruntime);
	limit = (int64_t)calc_delta_fair(span, se);
	return lag < -limit ? -limit : lag > limit ? limit : lag;
}

static void update_entity_lag(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	se->vlag = entity_lag(avg_vruntime(cfs_rq), se);
}

/*
 * A queued entity's weight goes from its own to @weight, V being
 * @avruntime: its lag w * (V - v) stays (6.12's reweight_eevdf()), so its
 * distance to V scales with old weight / new weight, clamped as a lag is;
 * so does its deadline's, so that the request lasts as long in real time.
 * V itself does not move: the lags still sum to zero.
 */
void reweight_eevdf(struct sched_entity *se, uint64_t avruntime,
		    unsigned long weight)
{
	int64_t old = (int64_t)se->load.weight, vlag, vslice;

	if (avruntime != se->vruntime) {
		vlag = entity_lag(avruntime, se) * old / (int64_t)weight;
		se->vruntime = avruntime - (uint64_t)vlag;
	}
	vslice = (int64_t)(se->deadline - avruntime);
	vslice = vslice * old / (int64_t)weight;
	se->deadline = avruntime + (uint64_t)vslice;
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
 * RUN_TO_PARITY: set_next_entity() stashes the deadline a picked entity
 * starts with in its vlag (unused while it runs).  While the two match,
 * it is still on the request it was picked for, and keeps the CPU while
 * eligible.  A shorter-slice wakee (PREEMPT_SHORT) or a wakee beside a
 * SCHED_IDLE entity spoils the stash, which ends the protection.
 */
static inline bool protect_slice(const struct sched_entity *se)
{
	return se->vlag == (int64_t)se->deadline;
}

static inline void cancel_protect_slice(struct sched_entity *se)
{
	if (protect_slice(se))
		se->vlag = (int64_t)se->deadline + 1;
}

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
 * still on the request it was picked for; otherwise it is weighed last,
 * and only a deadline strictly earlier than the best queued one keeps it
 * running: a tie goes to the queued entity, as 6.12's pick_eevdf() gives
 * it.  (Two equal hogs at HZ 250 then switch at every tick: 125
 * switch-ins a second each, as Linux 6.12 did in qemu, docs/validation.md;
 * keeping the running entity on a tie gave half that.)  The sums
 * behind V do not
 * change during the pick: they are taken once, where 6.6's
 * entity_eligible() took them again at every node.
 */
static struct sched_entity *min_deadline_in(struct sched_entity *top);

static struct sched_entity *__pick_eevdf(struct cfs_rq *cfs_rq)
{
	struct rb_node *node = cfs_rq->tasks_timeline.rb_root.rb_node;
	struct sched_entity *curr = cfs_rq->curr;
	struct sched_entity *best, *best_left = NULL, *se, *left;
	int64_t avg;
	long load;

	/* alone on the queue: nothing to compare */
	if (cfs_rq->nr_running == 1)
		return curr && curr->on_rq ? curr : __pick_first_entity(cfs_rq);
	avg_with_curr(cfs_rq, &avg, &load);
	if (curr &&
	    (!curr->on_rq || !__entity_eligible(cfs_rq, avg, load, curr)))
		curr = NULL;
	if (curr && protect_slice(curr))
		return curr;

	best = NULL;
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
	if (best_left &&
	    (!best || (int64_t)(best_left->min_deadline - best->deadline) <= 0))
		best = min_deadline_in(best_left);
	/* the running entity only with a strictly earlier deadline */
	if (curr && (!best || deadline_gt(deadline, best, curr)))
		return curr;
	return best;
}

/* the entity of @top's subtree with its min_deadline */
static struct sched_entity *min_deadline_in(struct sched_entity *top)
{
	struct rb_node *node = &top->run_node;
	struct sched_entity *se;

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
 * The running entity lost its RUN_TO_PARITY protection to a shorter-slice
 * wakee and is no longer owed service: it gives way at once (6.12's
 * PREEMPT_SHORT, checked as its time is counted).
 */
static bool did_preempt_short(struct cfs_rq *cfs_rq, struct sched_entity *curr)
{
	return !protect_slice(curr) && !entity_eligible(cfs_rq, curr);
}

/*
 * A request used up (vruntime reached the deadline) gets a new one,
 * vd = v + slice / w, and the CPU is offered to the others; so it is when
 * a shorter-slice wakee took away its protection (did_preempt_short()).
 */
void update_deadline(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	bool resched = (int64_t)(se->vruntime - se->deadline) >= 0;

	if (resched) {
		if (!se->custom_slice)
			se->slice = sysctl_sched_base_slice;
		se->deadline = se->vruntime + calc_delta_fair(se->slice, se);
	}
	if (cfs_rq->nr_running > 1 &&
	    (resched || did_preempt_short(cfs_rq, se))) {
		if (resched)
			note_resched(
				rq_of(cfs_rq), SCHED_WHY_SLICE, 0,
				"its request is used up (vruntime reached its deadline): a new one of slice a",
				(long long)se->slice, 0, "ns");
		else
			note_resched(
				rq_of(cfs_rq), SCHED_WHY_WAKEUP, 0,
				"PREEMPT_SHORT: a shorter-slice wakee ended its protection and it is no longer eligible (lag a < 0)",
				(long long)(avg_vruntime(cfs_rq) -
					    se->vruntime),
				0, "ns of virtual time");
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
	/* back from a requeue or a migration: the request it had */
	if (se->rel_deadline) {
		se->deadline += se->vruntime;
		se->rel_deadline = 0;
		return;
	}
	if (flags & ENQUEUE_INITIAL)
		vslice /= 2;
	se->deadline = se->vruntime + vslice;
}

/*
 * A sleeper still queued is woken (6.12's requeue_delayed_entity()): it
 * stays where it is, but with DELAY_ZERO a positive lag it has earned
 * meanwhile is dropped: it is placed again at V, with none.
 */
static void requeue_delayed_entity(struct cfs_rq *cfs_rq,
				   struct sched_entity *se)
{
	bool curr = cfs_rq->curr == se;

	update_curr(cfs_rq);
	update_entity_lag(cfs_rq, se);
	if (se->vlag > 0) {
		if (!curr)
			__dequeue_entity(cfs_rq, se);
		se->vlag = 0;
		place_entity_eevdf(cfs_rq, se, 0);
		if (!curr)
			__enqueue_entity(cfs_rq, se);
	}
	se->sched_delayed = 0;
}

/* a group's entity takes its share of the group's weight, then is placed */
static void enqueue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
			   int flags)
{
	bool curr = cfs_rq->curr == se;

	if (flags & ENQUEUE_DELAYED) {
		requeue_delayed_entity(cfs_rq, se);
		return;
	}

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
 * DELAY_DEQUEUE: a task going to sleep that is owed nothing (negative lag)
 * stays queued, so that its debt is paid in virtual time while it sleeps
 * (the others catch up with it) rather than forgotten or carried: it is
 * dequeued for good when the pick reaches it, or woken where it is.  A
 * task that dies is not kept.
 */
static bool delay_dequeue(struct cfs_rq *cfs_rq, struct sched_entity *se,
			  int flags)
{
	if ((flags & (DEQUEUE_SLEEP | DEQUEUE_DELAYED)) != DEQUEUE_SLEEP ||
	    !entity_is_task(se) ||
	    (task_of(se)->state & (TASK_ZOMBIE | TASK_DEAD)))
		return false;
	return !entity_eligible(cfs_rq, se);
}

/*
 * Leaving keeps the lag (a group's entity then takes its minimal share of
 * the weight, which scales the lag kept); a requeue (DEQUEUE_SAVE, unless
 * into another group: DEQUEUE_MOVE) leaves min_vruntime.  A sleeper owed
 * nothing is kept queued instead (delay_dequeue(): return false); when it
 * leaves at last, a positive lag it earned meanwhile is dropped
 * (DELAY_ZERO).
 */
static bool dequeue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
			   int flags)
{
	update_curr(cfs_rq);
	clear_buddies(cfs_rq, se);
	if (delay_dequeue(cfs_rq, se, flags)) {
		se->sched_delayed = 1;
		return false;
	}
	update_entity_lag(cfs_rq, se);
	/* not a sleep: the request goes on where it is queued again */
	if (!(flags & DEQUEUE_SLEEP)) {
		se->deadline -= se->vruntime;
		se->rel_deadline = 1;
	}
	if (se != cfs_rq->curr)
		__dequeue_entity(cfs_rq, se);
	else
		cfs_rq->curr = NULL; /* its turn ends here */
	se->on_rq = 0;
	account_entity_dequeue(cfs_rq, se);
	update_cfs_group(se);
	if ((flags & (DEQUEUE_SAVE | DEQUEUE_MOVE)) != DEQUEUE_SAVE)
		update_min_vruntime(cfs_rq);
	if (flags & DEQUEUE_DELAYED) {
		se->sched_delayed = 0;
		if (se->vlag > 0)
			se->vlag = 0;
	}
	return true;
}

void finish_delayed_dequeue(struct runqueue *rq, struct task_struct *p)
{
	dequeue_delayed_fair(rq, p, dequeue_entity);
}

/*
 * A sleeper left queued that changes CPU (set_task_cpu(), the old CPU's
 * lock held) leaves its old queue for good first.
 */
static void migrate_task_rq_eevdf(struct task_struct *p, int new_cpu)
{
	(void)new_cpu;
	if (p->se.sched_delayed)
		finish_delayed_dequeue(cpu_rq(task_cpu(p)), p);
	fair_pelt_migrate(p);
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
	long long v;

	if (rq_of(cfs_rq)->picks_unread)
		return se;
	v = (long long)avg_vruntime(cfs_rq);
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
 * PREEMPT_SHORT: a wakee with a shorter slice than the running entity's,
 * itself owed service, ends the running entity's protection when it is
 * before it in vruntime or the running entity is owed nothing.
 */
static bool do_preempt_short(struct cfs_rq *cfs_rq, struct sched_entity *pse,
			     struct sched_entity *se)
{
	if (pse->slice >= se->slice || !entity_eligible(cfs_rq, pse))
		return false;
	return entity_before(pse, se) || !entity_eligible(cfs_rq, se);
}

/*
 * Wake-up preemption: the idle task and SCHED_IDLE tasks give way (a
 * SCHED_IDLE task loses its protection); a batch or idle wakee waits for
 * the tick; else, where the two tasks' chains meet, a shorter-slice wakee
 * may end the running entity's RUN_TO_PARITY protection
 * (do_preempt_short()), and the wakee preempts when its side is what
 * pick_eevdf() would choose now in the queue they share.
 */
static void check_preempt_wakeup(struct runqueue *rq, struct task_struct *p,
				 int wake_flags)
{
	struct sched_entity *se = &rq->curr->se, *pse = &p->se;

	(void)wake_flags;
	switch (check_preempt_fair(rq, p, &se, &pse)) {
	case WAKEUP_IGNORE:
		return;
	case WAKEUP_PREEMPT:
		cancel_protect_slice(se);
		break;
	case WAKEUP_COMPARE:
		if (do_preempt_short(cfs_rq_of(se), pse, se))
			cancel_protect_slice(se);
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

/*
 * A yield: a running task still owed service gives up the rest of its
 * request, as if it had run to its deadline, and takes the next one (as
 * the 6.12 stable tree Debian ships does; 6.6 pushed the deadline a
 * request further instead).  sys_sched_yield() reschedules anyway.
 */
static void yield_task_eevdf(struct runqueue *rq)
{
	struct sched_entity *se = &rq->curr->se;
	struct cfs_rq *cfs_rq = cfs_rq_of(se);

	if (unlikely(rq->nr_running == 1))
		return;
	clear_buddies(cfs_rq, se);
	update_curr(cfs_rq);
	if (entity_eligible(cfs_rq, se)) {
		se->vruntime = se->deadline;
		if (!se->custom_slice)
			se->slice = sysctl_sched_base_slice;
		se->deadline = se->vruntime + calc_delta_fair(se->slice, se);
	}
}

static int init_eevdf(int nr_cpus)
{
	fair_set_ops(&eevdf_fair_ops, nr_cpus);
	fair_groups_init();
	return fair_smp_init(nr_cpus);
}

const struct sched_class eevdf_sched_class = {
	.name = "eevdf",
	.policies = (1UL << SCHED_OTHER) | (1UL << SCHED_BATCH) |
		    (1UL << SCHED_IDLE),
	.hz = 250, /* CONFIG_HZ of Debian's 6.12 */
	.task_groups = true,
	.custom_slice = true,
	.series =
		(const char *const[]){ "queue", "vruntime", "deadline", NULL },
	.series_queue = "avg_vruntime",
	.hrtimers = true,
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
	.migrate_task_rq = migrate_task_rq_eevdf,
	.select_task_rq = fair_select_task_rq,
	.load_balance = load_balance_fair,
	.task_queued = task_queued_fair,
	.rq_check = check_fair,
	.snapshot = snapshot_fair,
	.counters = counters_fair,
};

/* the augmented tree's min_deadline, for the checker */
static bool tree_check_eevdf(const struct cfs_rq *cfs_rq,
			     bool (*less)(const struct rb_node *a,
					  const struct rb_node *b))
{
	return rb_check_augmented(&cfs_rq->tasks_timeline.rb_root, less,
				  min_deadline_ok);
}

const struct fair_ops eevdf_fair_ops = {
	.name = "eevdf",
	.lag = true,
	.version = FAIR_V6_12,
	.enqueue_entity = __enqueue_entity_eevdf,
	.dequeue_entity = __dequeue_entity_eevdf,
	.update_deadline = update_deadline,
	.min_vruntime_moved = avg_vruntime_update,
	.tree_check = tree_check_eevdf,
};
