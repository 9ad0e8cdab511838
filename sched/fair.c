// SPDX-License-Identifier: MIT
/*
 * sched/fair.c - what Linux 6.1's CFS and 6.12's EEVDF share: weights and
 * their inverses, virtual time, the runqueue clock, the tree of waiting
 * entities with its running entity kept outside, the load, fork, nice
 * changes, the invariant check and the snapshot.  The
 * two policies are in sched/cfs.c (6.1) and sched/eevdf.c (6.12).
 *
 * Mirrors kernel/sched/fair.c of 6.1 and 6.12 (and kernel/sched/core.c's
 * sched_prio_to_weight[], sched_prio_to_wmult[], set_load_weight(),
 * set_user_nice()): __calc_delta, calc_delta_fair, update_curr,
 * update_min_vruntime, __enqueue_entity, __dequeue_entity,
 * __pick_first_entity, account_entity_enqueue/dequeue, set_next_entity,
 * put_prev_entity, the buddies (set_next_buddy, __clear_buddies_next, ...),
 * pick_next_task_fair, put_prev_task_fair and set_next_task_fair with
 * their walks of the group hierarchy, task_fork_fair, prio_changed_fair,
 * get_update_sysctl_factor and update_sysctl.  Written from the kernel's
 * description of its algorithms; the weight tables are the kernel's
 * numbers.  Task groups (CONFIG_FAIR_GROUP_SCHED) are in
 * sched/fair_group.c.
 *
 * Deliberate differences from the kernel (docs/sched.md has the list):
 *  - No bandwidth control.  "load" (cfs_rq->load) is the sum of the
 *    weights queued, at every level of the group hierarchy; the PELT
 *    averages balancing uses are sched/fair_smp.c's.
 *  - The clock is the simulator's (rq_clock()): the ns of its events,
 *    which under the fair classes are hrtimers (a wake-up or the end of a
 *    run at its ns), and of its ticks.
 *  - The running entity stops being cfs_rq->curr when it is dequeued
 *    (the kernel kept it until put_prev_entity(); nothing reads it in
 *    between but for on_rq checks, which ignore it).  Here a migration
 *    thread may make the idle task current without schedule(), and
 *    dequeues the task next: that must end its turn.
 *  - A new task is placed at its first enqueue (ENQUEUE_INITIAL), on the
 *    CPU it starts on; task_fork only brings its parent's vruntime (6.1)
 *    up to date and records it relative to min_vruntime.  6.1 placed it
 *    in task_fork_fair() on the parent's runqueue; for a child started
 *    there, as the simulator starts them, it is the same.
 *  - PELT, placement and balancing over the sched domains are in
 *    sched/fair_smp.c, with their own differences.
 */
#include <errno.h>
#include <stdio.h>

#include "compat/bug.h"
#include "compat/ktime.h"
#include "list/rbtree_augmented.h"
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/internal.h"

/*
 * Nice -20 .. 19.  Each step is about 10% of CPU share: a weight about
 * 1.25 times the next one.
 */
const unsigned long sched_prio_to_weight[40] = {
	/* -20 */ 88761, 71755, 56483, 46273, 36291,
	/* -15 */ 29154, 23254, 18705, 14949, 11916,
	/* -10 */ 9548,	 7620,	6100,  4904,  3906,
	/*  -5 */ 3121,	 2501,	1991,  1586,  1277,
	/*   0 */ 1024,	 820,	655,   526,   423,
	/*   5 */ 335,	 272,	215,   172,   137,
	/*  10 */ 110,	 87,	70,    56,    45,
	/*  15 */ 36,	 29,	23,    18,    15,
};

/* 2^32 / weight, as the kernel's table has it (a few round up, not off) */
const uint32_t sched_prio_to_wmult[40] = {
	/* -20 */ 48388,
	59856,
	76040,
	92818,
	118348,
	/* -15 */ 147320,
	184698,
	229616,
	287308,
	360437,
	/* -10 */ 449829,
	563644,
	704093,
	875809,
	1099582,
	/*  -5 */ 1376151,
	1717300,
	2157191,
	2708050,
	3363326,
	/*   0 */ 4194304,
	5237765,
	6557202,
	8165337,
	10153587,
	/*   5 */ 12820798,
	15790321,
	19976592,
	24970740,
	31350126,
	/*  10 */ 39045157,
	49367440,
	61356676,
	76695844,
	95443717,
	/*  15 */ 119304647,
	148102320,
	186737708,
	238609294,
	286331153,
};

/* the defaults, for one CPU */
#define NORMALIZED_LATENCY 6000000U
#define NORMALIZED_MIN_GRANULARITY 750000U
#define NORMALIZED_WAKEUP_GRANULARITY 1000000U
#define NORMALIZED_BASE_SLICE 700000U

unsigned int sysctl_sched_latency = NORMALIZED_LATENCY;
unsigned int sysctl_sched_min_granularity = NORMALIZED_MIN_GRANULARITY;
unsigned int sysctl_sched_wakeup_granularity = NORMALIZED_WAKEUP_GRANULARITY;
unsigned int sysctl_sched_base_slice = NORMALIZED_BASE_SLICE;
unsigned int sysctl_sched_idle_min_granularity = 750000U;
unsigned int sched_nr_latency = 8;
unsigned int sysctl_sched_migration_cost = 500000U;

/* which version runs: the class's init says (a machine runs one) */
const struct fair_ops *fair_ops = &cfs_fair_ops;

void fair_set_ops(const struct fair_ops *ops, int nr_cpus)
{
	fair_ops = ops;
	fair_update_sysctl(nr_cpus);
}

unsigned int fair_update_sysctl(int nr_cpus)
{
	unsigned int cpus = nr_cpus < 8 ? nr_cpus : 8;
	unsigned int factor = 1 + (unsigned int)__fls(cpus);

	sysctl_sched_latency = factor * NORMALIZED_LATENCY;
	sysctl_sched_min_granularity = factor * NORMALIZED_MIN_GRANULARITY;
	sysctl_sched_wakeup_granularity =
		factor * NORMALIZED_WAKEUP_GRANULARITY;
	sysctl_sched_base_slice = factor * NORMALIZED_BASE_SLICE;
	return factor;
}

/* ------------------------------------------------------------ weights */

/* the load is read without the lock by other CPUs' balancing */
static inline void load_store(struct load_weight *lw, unsigned long w)
{
	__atomic_store_n(&lw->weight, w, __ATOMIC_RELAXED);
	lw->inv_weight = 0;
}

/*
 * A task group's load is the sum of its queues' loads, each CPU adding
 * its changes under its own runqueue lock (the root group's is not kept:
 * nothing divides by it).
 */
void cfs_rq_load_add(struct cfs_rq *cfs_rq, long delta)
{
	load_store(&cfs_rq->load, cfs_rq->load.weight + delta);
	if (cfs_rq->tg != &root_task_group)
		__atomic_add_fetch(&cfs_rq->tg->load, delta, __ATOMIC_RELAXED);
}

static void __update_inv_weight(struct load_weight *lw)
{
	unsigned long w;

	if (likely(lw->inv_weight))
		return;
	w = lw->weight;
	if (unlikely(w >= WMULT_CONST))
		lw->inv_weight = 1;
	else if (unlikely(!w))
		lw->inv_weight = WMULT_CONST;
	else
		lw->inv_weight = WMULT_CONST / w;
}

uint64_t __calc_delta(uint64_t delta_exec, unsigned long weight,
		      struct load_weight *lw)
{
	uint64_t fact = weight;
	uint32_t fact_hi = (uint32_t)(fact >> 32);
	int shift = WMULT_SHIFT, fs;

	__update_inv_weight(lw);
	/* keep weight * inverse within 64 bits, giving up low bits */
	if (unlikely(fact_hi)) {
		fs = (int)__fls(fact_hi) + 1;
		shift -= fs;
		fact >>= fs;
	}
	fact = (uint64_t)(uint32_t)fact * lw->inv_weight;
	fact_hi = (uint32_t)(fact >> 32);
	if (fact_hi) {
		fs = (int)__fls(fact_hi) + 1;
		shift -= fs;
		fact >>= fs;
	}
	return (uint64_t)(((unsigned __int128)delta_exec * (uint32_t)fact) >>
			  shift);
}

uint64_t calc_delta_fair(uint64_t delta, struct sched_entity *se)
{
	if (unlikely(se->load.weight != NICE_0_LOAD))
		delta = __calc_delta(delta, NICE_0_LOAD, &se->load);
	return delta;
}

void set_load_weight(struct task_struct *p)
{
	int prio = p->static_prio - MAX_RT_PRIO;

	if (task_has_idle_policy(p)) {
		p->se.load.weight = WEIGHT_IDLEPRIO;
		p->se.load.inv_weight = WMULT_IDLEPRIO;
		return;
	}
	p->se.load.weight = sched_prio_to_weight[prio];
	p->se.load.inv_weight = sched_prio_to_wmult[prio];
}

/* ------------------------------------------------------------ the tree */

static bool __entity_less(struct rb_node *a, const struct rb_node *b)
{
	return entity_before(__node_2_se(a), __node_2_se(b));
}

struct sched_entity *__pick_first_entity(struct cfs_rq *cfs_rq)
{
	struct rb_node *left = rb_first_cached(&cfs_rq->tasks_timeline);

	return left ? __node_2_se(left) : NULL;
}

void __enqueue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	if (fair_ops->enqueue_entity) {
		fair_ops->enqueue_entity(cfs_rq, se);
		return;
	}
	rb_add_cached(&se->run_node, &cfs_rq->tasks_timeline, __entity_less);
}

void __dequeue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	if (fair_ops->dequeue_entity) {
		fair_ops->dequeue_entity(cfs_rq, se);
		return;
	}
	rb_erase_cached(&se->run_node, &cfs_rq->tasks_timeline);
}

void update_min_vruntime(struct cfs_rq *cfs_rq)
{
	struct sched_entity *se = __pick_first_entity(cfs_rq);
	struct sched_entity *curr = cfs_rq->curr;
	uint64_t vruntime = cfs_rq->min_vruntime;
	int64_t delta;

	if (curr) {
		if (curr->on_rq)
			vruntime = curr->vruntime;
		else
			curr = NULL;
	}
	if (se) {
		if (!curr || entity_before(se, curr))
			vruntime = se->vruntime;
	}
	/* never back: whoever is placed before it gains nothing from it */
	delta = (int64_t)(vruntime - cfs_rq->min_vruntime);
	if (delta > 0) {
		/* eevdf keeps its sum relative to min_vruntime */
		if (fair_ops->min_vruntime_moved)
			fair_ops->min_vruntime_moved(cfs_rq, delta);
		cfs_rq->min_vruntime = vruntime;
	}
}

void update_curr(struct cfs_rq *cfs_rq)
{
	struct sched_entity *curr = cfs_rq->curr;
	uint64_t now = rq_clock(rq_of(cfs_rq));
	int64_t delta_exec;

	if (unlikely(!curr))
		return;
	delta_exec = (int64_t)(now - curr->exec_start);
	if (unlikely(delta_exec <= 0))
		return;
	curr->exec_start = now;
	curr->sum_exec_runtime += delta_exec;
	curr->vruntime += calc_delta_fair(delta_exec, curr);
	if (fair_ops->update_deadline)
		fair_ops->update_deadline(cfs_rq, curr);
	update_min_vruntime(cfs_rq);
}

void account_entity_enqueue(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	cfs_rq_load_add(cfs_rq, (long)se->load.weight);
	__atomic_store_n(&cfs_rq->nr_running, cfs_rq->nr_running + 1,
			 __ATOMIC_RELAXED);
	if (se_is_idle(se))
		cfs_rq->idle_nr_running++;
}

void account_entity_dequeue(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	cfs_rq_load_add(cfs_rq, -(long)se->load.weight);
	__atomic_store_n(&cfs_rq->nr_running, cfs_rq->nr_running - 1,
			 __ATOMIC_RELAXED);
	if (se_is_idle(se))
		cfs_rq->idle_nr_running--;
}

/*
 * The buddies, at every level: a buddy task makes its group entities
 * their queues' buddies up to the root (the kernel's set_next_buddy() and
 * friends), and clearing one clears them up to where another holds it.
 */
void set_next_buddy(struct sched_entity *se)
{
	for_each_sched_entity(se) {
		if (WARN_ON(!se->on_rq) || se_is_idle(se))
			return;
		cfs_rq_of(se)->next = se;
	}
}

void set_last_buddy(struct sched_entity *se)
{
	for_each_sched_entity(se) {
		if (WARN_ON(!se->on_rq) || se_is_idle(se))
			return;
		cfs_rq_of(se)->last = se;
	}
}

void set_skip_buddy(struct sched_entity *se)
{
	for_each_sched_entity(se)
		cfs_rq_of(se)->skip = se;
}

#define CLEAR_BUDDIES(field)                                         \
	static void __clear_buddies_##field(struct sched_entity *se) \
	{                                                            \
		for_each_sched_entity(se) {                          \
			struct cfs_rq *cfs_rq = cfs_rq_of(se);       \
                                                                     \
			if (cfs_rq->field != se)                     \
				break;                               \
			cfs_rq->field = NULL;                        \
		}                                                    \
	}

CLEAR_BUDDIES(last)
CLEAR_BUDDIES(next)
CLEAR_BUDDIES(skip)

void clear_buddies(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	if (cfs_rq->last == se)
		__clear_buddies_last(se);
	if (cfs_rq->next == se)
		__clear_buddies_next(se);
	if (cfs_rq->skip == se)
		__clear_buddies_skip(se);
}

void set_next_entity(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	clear_buddies(cfs_rq, se);
	if (se->on_rq) {
		/* the running entity is not kept in the tree */
		if (se != cfs_rq->curr)
			__dequeue_entity(cfs_rq, se);
		/*
		 * eevdf: the deadline at the pick, kept in vlag (unused until
		 * the dequeue): RUN_TO_PARITY runs it on while they match
		 */
		if (fair_ops->lag)
			se->vlag = (int64_t)se->deadline;
	}
	se->exec_start = rq_clock(rq_of(cfs_rq));
	cfs_rq->curr = se;
	se->prev_sum_exec_runtime = se->sum_exec_runtime;
}

void put_prev_entity(struct cfs_rq *cfs_rq, struct sched_entity *prev)
{
	if (prev->on_rq) {
		update_curr(cfs_rq);
		/* back into the tree */
		__enqueue_entity(cfs_rq, prev);
	}
	cfs_rq->curr = NULL;
}

/* ----------------------------------------------------------- the hooks */

/* @se's turn ends where it still runs (dequeued, it ended then) */
static void put_prev_running(struct sched_entity *se)
{
	struct cfs_rq *cfs_rq = cfs_rq_of(se);

	if (cfs_rq->curr == se)
		put_prev_entity(cfs_rq, se);
}

/*
 * @prev stops running.  When @next, a task of the same class, takes its
 * place, the turn of the group entities they share goes on: only the
 * levels below the two entities that share a queue are put (the
 * kernel's pick_next_task_fair() walk), and set_curr_task_fair() sets
 * @next's side.  Otherwise (another class, the idle task, or @next is
 * @prev requeued) every level of @prev's chain is put.
 */
void put_prev_task_fair(struct runqueue *rq, struct task_struct *prev,
			struct task_struct *next)
{
	struct sched_entity *se = &prev->se, *pse;
	unsigned int depth, pdepth;

	fair_pelt_update(rq, prev);
	if (next == prev || next == rq->idle ||
	    task_sched_class(next) != task_sched_class(prev)) {
		for_each_sched_entity(se)
			put_prev_running(se);
		return;
	}
	pse = &next->se;
	while (cfs_rq_of(se) != cfs_rq_of(pse)) {
		depth = se_depth(se);
		pdepth = se_depth(pse);
		if (depth >= pdepth) {
			put_prev_running(se);
			se = parent_entity(se);
		}
		if (pdepth >= depth)
			pse = parent_entity(pse);
	}
	put_prev_running(se);
}

/* @next runs: its chain up to the group entity it shares with the last */
void set_curr_task_fair(struct runqueue *rq, struct task_struct *next)
{
	struct sched_entity *se = &next->se;
	struct cfs_rq *cfs_rq;

	fair_pelt_update(rq, next);
	for_each_sched_entity(se) {
		cfs_rq = cfs_rq_of(se);
		if (cfs_rq->curr == se)
			break;
		BUG_ON(cfs_rq->curr);
		set_next_entity(cfs_rq, se);
	}
}

struct task_struct *
pick_next_task_fair(struct runqueue *rq,
		    struct sched_entity *(*pick)(struct cfs_rq *cfs_rq))
{
	struct cfs_rq *cfs_rq;
	struct sched_entity *curr, *se;
	struct task_struct *p;

again:
	cfs_rq = &rq->cfs;
	if (!cfs_rq->nr_running)
		return NULL;
	do {
		curr = cfs_rq->curr;
		if (curr && curr->on_rq)
			update_curr(cfs_rq);
		se = pick(cfs_rq);
		cfs_rq = group_cfs_rq(se);
	} while (cfs_rq);
	p = task_of(se);
	/* eevdf: a sleeper kept queued was reached: it leaves, pick again */
	if (unlikely(se->sched_delayed)) {
		finish_delayed_dequeue(rq, p);
		goto again;
	}
	/*
	 * The running task picked again keeps its turn (the kernel does
	 * nothing when prev is picked); only the levels where it was
	 * dequeued and requeued meanwhile (it slept and woke before the
	 * switch) take it out of the tree again.
	 */
	if (p == rq->curr)
		set_curr_task_fair(rq, p);
	return p;
}

int check_preempt_fair(struct runqueue *rq, struct task_struct *p,
		       struct sched_entity **se, struct sched_entity **pse)
{
	struct task_struct *curr = rq->curr;

	if (curr == rq->idle) {
		resched_curr(rq);
		return WAKEUP_IGNORE;
	}
	/* a real-time task runs: it is not preempted from here */
	if (task_sched_class(curr) != task_sched_class(p))
		return WAKEUP_IGNORE;
	if (unlikely(curr == p) || test_tsk_need_resched(curr))
		return WAKEUP_IGNORE;
	if (unlikely(task_has_idle_policy(curr)) &&
	    likely(!task_has_idle_policy(p))) {
		note_resched(rq, SCHED_WHY_WAKEUP, p->pid,
			     "a SCHED_IDLE task gives way to any other", 0, 0,
			     NULL);
		return WAKEUP_PREEMPT;
	}
	if (unlikely(p->policy != SCHED_OTHER))
		return WAKEUP_IGNORE;
	find_matching_se(se, pse);
	update_curr(cfs_rq_of(*se));
	return WAKEUP_COMPARE;
}

/*
 * A new task's entity: its weight, no run time, and (6.1) its parent's
 * vruntime relative to the parent's min_vruntime; placed at its first
 * enqueue (ENQUEUE_INITIAL).  eevdf: no lag, and the parent's requested
 * slice (6.12 copies it unless SCHED_RESET_ON_FORK).
 */
int task_fork_fair(struct task_struct *p, struct task_struct *parent)
{
	struct sched_entity *se = &p->se, *curr;
	struct cfs_rq *cfs_rq;

	se->on_rq = 0;
	se->migrated = 0;
	se->exec_start = 0;
	se->sum_exec_runtime = 0;
	se->prev_sum_exec_runtime = 0;
	se->vruntime = 0;
	se->deadline = 0;
	se->min_deadline = 0;
	se->vlag = 0;
	se->custom_slice = 0;
	se->rel_deadline = 0;
	se->sched_delayed = 0;
	se->slice = sysctl_sched_base_slice;
	set_load_weight(p);
	fair_pelt_fork(p);
	se->my_q = NULL;
	if (!parent) {
		se->cfs_rq = &cpu_rq(task_cpu(p))->cfs;
		return 0;
	}
	if (parent->se.custom_slice) {
		se->custom_slice = 1;
		se->slice = parent->se.slice;
	}
	/*
	 * The parent's CPU is locked: the kernel's task_cfs_rq(current).  The
	 * child starts in its parent's task group (sched_cgroup_fork()).
	 */
	cfs_rq = task_cfs_rq(parent);
	se->cfs_rq = cfs_rq;
	curr = cfs_rq->curr;
	if (curr) {
		update_curr(cfs_rq);
		if (!fair_ops->lag)
			se->vruntime = curr->vruntime - cfs_rq->min_vruntime;
	}
	return 0;
}

/*
 * The kernel's prio_changed_fair(): a queued task that became better
 * may preempt; a running one that became worse reschedules.
 */
void prio_changed_fair(struct runqueue *rq, struct task_struct *p, int oldprio)
{
	if (!p->se.on_rq || rq->cfs.nr_running == 1)
		return;
	if (task_running(rq, p)) {
		if (p->prio > oldprio) {
			note_resched(rq, SCHED_WHY_CHANGED, 0,
				     "its prio fell from b to a", p->prio,
				     oldprio, "prio");
			resched_curr(rq);
		}
	} else {
		check_preempt_curr(rq, p, 0);
	}
}

/*
 * The kernel's set_user_nice() for a fair task: out of the queue (and out
 * of the CPU if it runs), a new weight, back in, and prio_changed_fair().
 * eevdf rescales the lag it saved, which is kept as V - v: lag is w times
 * that, so the virtual lag goes with old weight / new weight.
 */
void set_nice_fair(struct runqueue *rq, struct task_struct *p, long nice)
{
	const struct sched_class *class = task_sched_class(p);
	bool queued, running = task_running(rq, p);
	unsigned long old_weight = p->se.load.weight;
	int oldprio = p->prio;

	fair_settle(rq, p);
	queued = p->se.on_rq;

	if (queued)
		class->dequeue_task(rq, p, DEQUEUE_SAVE);
	if (running)
		put_prev_task_fair(rq, p, p);
	p->static_prio = NICE_TO_PRIO(nice);
	p->prio = p->static_prio;
	set_load_weight(p);
	if (fair_ops->lag)
		p->se.vlag = p->se.vlag * (int64_t)old_weight /
			     (int64_t)p->se.load.weight;
	if (queued)
		class->enqueue_task(rq, p, ENQUEUE_RESTORE);
	if (running)
		set_curr_task_fair(rq, p);
	prio_changed_fair(rq, p, oldprio);
}

int sched_set_custom_slice(struct task_struct *p, uint64_t slice_ns)
{
	const struct sched_class *class;
	struct runqueue *rq;
	bool queued, running;
	int ret = -EINVAL;

	rq = task_rq_lock(p);
	if (p == rq->idle || rt_policy((int)p->policy))
		goto out_unlock;
	class = task_sched_class(p);
	/*
	 * A queued fair task takes it at once, requeued as the kernel's
	 * sched_setattr() requeues it; the other classes only keep it.
	 */
	queued = class->task_groups && task_queued(p);
	running = task_running(rq, p);
	if (queued)
		class->dequeue_task(rq, p, DEQUEUE_SAVE);
	if (running && queued)
		put_prev_task_fair(rq, p, p);
	if (slice_ns) {
		p->se.custom_slice = 1;
		p->se.slice =
			slice_ns < NSEC_PER_MSEC / 10  ? NSEC_PER_MSEC / 10 :
			slice_ns > NSEC_PER_MSEC * 100 ? NSEC_PER_MSEC * 100 :
							 slice_ns;
	} else {
		p->se.custom_slice = 0;
		p->se.slice = sysctl_sched_base_slice;
	}
	if (queued)
		class->enqueue_task(rq, p, ENQUEUE_RESTORE);
	if (running && queued)
		set_curr_task_fair(rq, p);
	ret = 0;
out_unlock:
	task_rq_unlock(rq);
	return ret;
}

/* a sleeper eevdf keeps queued is not runnable */
bool task_queued_fair(const struct task_struct *p)
{
	return p->se.on_rq && !p->se.sched_delayed;
}

void fair_settle(struct runqueue *rq, struct task_struct *p)
{
	/* p->se is a fair task's only (goodness's state shares its room) */
	if (task_sched_class(p)->task_groups && unlikely(p->se.sched_delayed))
		finish_delayed_dequeue(rq, p);
}

void init_cfs_rq(struct cfs_rq *cfs_rq, struct runqueue *rq,
		 struct task_group *tg)
{
	cfs_rq->load.weight = 0;
	cfs_rq->load.inv_weight = 0;
	cfs_rq->nr_running = 0;
	cfs_rq->h_nr_running = 0;
	cfs_rq->idle_nr_running = 0;
	/* start well away from 0, so that wrap-around is exercised */
	cfs_rq->min_vruntime = (uint64_t)(-(1LL << 20));
	cfs_rq->checked_min_vruntime = cfs_rq->min_vruntime;
	cfs_rq->avg_vruntime = 0;
	cfs_rq->avg_load = 0;
	cfs_rq->tasks_timeline = RB_ROOT_CACHED;
	cfs_rq->curr = cfs_rq->next = cfs_rq->last = cfs_rq->skip = NULL;
	cfs_rq->rq = rq;
	cfs_rq->tg = tg;
	cfs_rq->nr_pulled = 0;
	cfs_rq->nr_wakeup_preempts = 0;
	cfs_rq->nr_tick_preempts = 0;
}

void rq_init_fair(struct runqueue *rq)
{
	init_cfs_rq(&rq->cfs, rq, &root_task_group);
	root_task_group.cfs_rq[rq->cpu] = &rq->cfs;
}

/* ------------------------------------------------------------- checking */

/*
 * Report the first violation (after the class and the CPU) and answer
 * false: for the bool checkers below only.
 */
#define check_that(cond, fmt, ...)                                            \
	do {                                                                  \
		if (unlikely(!(cond)))                                        \
			return check_fail("%s: cpu %d: " fmt, fair_ops->name, \
					  rq->cpu, ##__VA_ARGS__);            \
	} while (0)

static bool entity_less_const(const struct rb_node *a, const struct rb_node *b)
{
	return entity_before(__node_2_se(a), __node_2_se(b));
}

/* "task 12" or "group /a/b", for messages */
static const char *se_name(struct sched_entity *se, char *buf, size_t len)
{
	if (entity_is_task(se))
		snprintf(buf, len, "task %d", task_of(se)->pid);
	else
		snprintf(buf, len, "group %s", group_cfs_rq(se)->tg->name);
	return buf;
}

/* the group of a queue, for messages */
static const char *cfs_rq_name(const struct cfs_rq *cfs_rq)
{
	return cfs_rq->tg->name ? cfs_rq->tg->name : "/";
}

/*
 * An entity queued on @cfs_rq of @rq (in the tree or running): on_rq and
 * wired to this queue; a task is a started task of this class on this CPU
 * (a zombie only while it runs); a group's entity stands for its group's
 * queue on this CPU, a child of this queue's group, with tasks.  Adds it
 * to *@tasks (a task) or its queue's tasks to *@below (a group).
 */
static bool check_entity(struct runqueue *rq, struct cfs_rq *cfs_rq,
			 struct sched_entity *se, unsigned long *tasks,
			 unsigned long *below)
{
	const struct sched_class *class = sched_current_class();
	struct cfs_rq *my_q = group_cfs_rq(se);
	struct task_struct *p;
	char name[64];

	check_that(se->on_rq && cfs_rq_of(se) == cfs_rq,
		   "%s in the queue of group %s wrongly (on_rq %u, on %s's)",
		   se_name(se, name, sizeof(name)), cfs_rq_name(cfs_rq),
		   se->on_rq,
		   cfs_rq_of(se) ? cfs_rq_name(cfs_rq_of(se)) : "no group");
	if (my_q) {
		check_that(my_q->rq == rq && my_q->tg->parent == cfs_rq->tg &&
				   my_q->tg->se[rq->cpu] == se &&
				   my_q->nr_running,
			   "%s queued wrongly (its queue on cpu %d holds %lu)",
			   se_name(se, name, sizeof(name)), my_q->rq->cpu,
			   my_q->nr_running);
		*below += my_q->h_nr_running;
		return true;
	}
	p = task_of(se);
	check_that(p->sched_class == class && task_cpu(p) == rq->cpu &&
			   !(p->flags & PF_STARTING) && p != rq->idle,
		   "task %d queued wrongly (on_rq %u, cpu %d)", p->pid,
		   se->on_rq, task_cpu(p));
	check_that(p->state != TASK_ZOMBIE || p == rq->curr,
		   "zombie %d queued, not current", p->pid);
	/* a sleeper kept queued (eevdf) is not counted as runnable */
	if (se->sched_delayed) {
		check_that(fair_ops->lag && p->state != TASK_RUNNING &&
				   p != rq->curr,
			   "task %d delayed, but %s", p->pid,
			   fair_ops->lag ? "runnable" : "under cfs");
		return true;
	}
	(*tasks)++;
	return true;
}

/*
 * One queue: its tree is a sound cached red-black tree in vruntime order
 * (eevdf: with every min_deadline right), holding every entity but the
 * running one; load, nr_running, idle_nr_running and h_nr_running add up
 * over its entities (and the queues below them); min_vruntime never went
 * back since the last check; eevdf's avg_vruntime and avg_load are the
 * sums over the tree.  *@nr_tasks: the tasks on this queue itself.
 */
static bool check_cfs_rq(struct runqueue *rq, struct cfs_rq *cfs_rq,
			 unsigned long *nr_tasks)
{
	unsigned long n = 0, idle = 0, load = 0, tasks = 0, below = 0;
	unsigned long avg_load = 0;
	int64_t avg = 0;
	struct sched_entity *se, *curr = cfs_rq->curr;
	struct rb_node *node;
	char name[64];

	check_that(cfs_rq->rq == rq, "group %s: its queue is cpu %d's",
		   cfs_rq_name(cfs_rq), cfs_rq->rq->cpu);
	/* a broken tree is rb_check*()'s to report */
	if (fair_ops->tree_check &&
	    !fair_ops->tree_check(cfs_rq, entity_less_const))
		return false;
	if (!rb_check_cached(&cfs_rq->tasks_timeline, entity_less_const))
		return false;
	for (node = rb_first_cached(&cfs_rq->tasks_timeline); node;
	     node = rb_next(node)) {
		se = __node_2_se(node);
		check_that(se != curr, "the running %s is in the tree",
			   se_name(se, name, sizeof(name)));
		if (!check_entity(rq, cfs_rq, se, &tasks, &below))
			return false;
		n++;
		load += se->load.weight;
		idle += se_is_idle(se);
		avg += (int64_t)(se->vruntime - cfs_rq->min_vruntime) *
		       (int64_t)se->load.weight;
		avg_load += se->load.weight;
	}
	if (curr) {
		if (!check_entity(rq, cfs_rq, curr, &tasks, &below))
			return false;
		n++;
		load += curr->load.weight;
		idle += se_is_idle(curr);
	}
	check_that(
		n == cfs_rq->nr_running && load == cfs_rq->load.weight &&
			idle == cfs_rq->idle_nr_running &&
			tasks + below == cfs_rq->h_nr_running,
		"group %s: nr_running %lu load %lu idle %lu h_nr_running %lu, counted %lu %lu %lu %lu",
		cfs_rq_name(cfs_rq), cfs_rq->nr_running, cfs_rq->load.weight,
		cfs_rq->idle_nr_running, cfs_rq->h_nr_running, n, load, idle,
		tasks + below);
	check_that((int64_t)(cfs_rq->min_vruntime -
			     cfs_rq->checked_min_vruntime) >= 0,
		   "group %s: min_vruntime went back from %llu to %llu",
		   cfs_rq_name(cfs_rq),
		   (unsigned long long)cfs_rq->checked_min_vruntime,
		   (unsigned long long)cfs_rq->min_vruntime);
	cfs_rq->checked_min_vruntime = cfs_rq->min_vruntime;
	if (fair_ops->lag)
		check_that(
			avg == cfs_rq->avg_vruntime &&
				avg_load == cfs_rq->avg_load,
			"group %s: avg_vruntime %lld avg_load %lu, the tree sums %lld %lu",
			cfs_rq_name(cfs_rq), (long long)cfs_rq->avg_vruntime,
			cfs_rq->avg_load, (long long)avg, avg_load);
	*nr_tasks = tasks;
	return true;
}

/*
 * Every group's queue on this CPU (check_cfs_rq()), and between them: a
 * group's entity is wired to its queue and its parent's, and is queued
 * exactly when its queue holds something; the tasks counted over every
 * queue are the root's h_nr_running (a task on two queues would be
 * counted twice, or be wired to one of them only); the running entities
 * are the chain of the running task, if it is a fair one, and nothing
 * else.  On CPU 0, each group's load is the sum of its queues' loads.
 * *@nr_queued: the fair tasks this CPU holds.
 */
bool check_fair(struct runqueue *rq, unsigned long *nr_queued)
{
	const struct sched_class *class = sched_current_class();
	unsigned long tasks = 0, running = 0, levels = 0;
	struct task_group *tg;
	struct cfs_rq *cfs_rq;
	struct sched_entity *se;
	unsigned long nr_tasks = 0;
	long load;
	int cpu;

	list_for_each_entry(tg, &task_groups, list) {
		cfs_rq = tg->cfs_rq[rq->cpu];
		check_that(cfs_rq->tg == tg, "group %s: a queue of group %s",
			   cfs_rq_name(cfs_rq), tg->name ? tg->name : "/");
		if (!check_cfs_rq(rq, cfs_rq, &nr_tasks))
			return false;
		tasks += nr_tasks;
		running += !!cfs_rq->curr;
		if (tg == &root_task_group)
			continue;
		se = tg->se[rq->cpu];
		check_that(group_cfs_rq(se) == cfs_rq &&
				   cfs_rq_of(se) ==
					   tg->parent->cfs_rq[rq->cpu] &&
				   se->on_rq == !!cfs_rq->nr_running,
			   "group %s: entity queued %u, its queue holds %lu",
			   tg->name, se->on_rq, cfs_rq->nr_running);
		if (rq->cpu)
			continue;
		load = 0;
		for (cpu = 0; cpu < nr_cpus_online; cpu++)
			load += (long)tg->cfs_rq[cpu]->load.weight;
		check_that(load == tg->load,
			   "group %s: load %ld, its queues' %ld", tg->name,
			   tg->load, load);
	}
	check_that(tasks == rq->cfs.h_nr_running,
		   "%lu tasks on the queues, h_nr_running %lu", tasks,
		   rq->cfs.h_nr_running);
	if (rq->curr != rq->idle && rq->curr->sched_class == class) {
		for (se = &rq->curr->se; se; se = parent_entity(se), levels++)
			check_that(
				cfs_rq_of(se)->curr == se,
				"task %d runs, but not its entity in group %s",
				rq->curr->pid, cfs_rq_name(cfs_rq_of(se)));
	}
	check_that(
		running == levels,
		"%lu queues have a running entity, the running task's chain %lu",
		running, levels);
	*nr_queued = tasks;
	return true;
}

/* ------------------------------------------------------------ snapshots */

static int fair_rq_snapshot(struct sched_snapshot *snap,
			    struct sched_snapshot_fair_rq *q,
			    struct cfs_rq *cfs_rq);

/* @se of @cfs_rq into @e; a group's entity brings its group's queue */
static int entity_snapshot(struct sched_snapshot *snap,
			   struct sched_snapshot_entity *e,
			   struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	struct task_group *tg = entity_is_task(se) ? NULL :
						     group_cfs_rq(se)->tg;

	if (!tg) {
		snapshot_task(&e->task, task_of(se));
	} else {
		e->group = tg->name;
		e->shares = __atomic_load_n(&tg->shares, __ATOMIC_RELAXED);
	}
	e->vruntime = se->vruntime;
	e->weight = se->load.weight;
	e->sum_exec_runtime = se->sum_exec_runtime;
	if (fair_ops->lag) {
		e->deadline = se->deadline;
		e->min_deadline = se->min_deadline;
		e->eligible = entity_eligible(cfs_rq, se);
		e->lag = (int64_t)(avg_vruntime(cfs_rq) - se->vruntime);
		e->slice = se->slice;
	}
	if (!tg)
		return 0;
	e->queue = sched_snapshot_alloc(snap, sizeof(*e->queue));
	if (!e->queue)
		return -ENOMEM;
	return fair_rq_snapshot(snap, e->queue, group_cfs_rq(se));
}

/* a subtree: the entity, its colour and both subtrees (NULL when empty) */
static int node_snapshot(struct sched_snapshot *snap,
			 struct sched_snapshot_entity **ep,
			 struct cfs_rq *cfs_rq, struct rb_node *node)
{
	struct sched_snapshot_entity *e;

	if (!node)
		return 0;
	e = sched_snapshot_alloc(snap, sizeof(*e));
	if (!e)
		return -ENOMEM;
	*ep = e;
	e->red = rb_is_red(node);
	if (entity_snapshot(snap, e, cfs_rq, __node_2_se(node)) ||
	    node_snapshot(snap, &e->left, cfs_rq, node->rb_left) ||
	    node_snapshot(snap, &e->right, cfs_rq, node->rb_right))
		return -ENOMEM;
	return 0;
}

static int fair_rq_snapshot(struct sched_snapshot *snap,
			    struct sched_snapshot_fair_rq *q,
			    struct cfs_rq *cfs_rq)
{
	q->eevdf = fair_ops->lag;
	q->min_vruntime = cfs_rq->min_vruntime;
	q->load = cfs_rq->load.weight;
	q->nr_running = cfs_rq->nr_running;
	if (fair_ops->lag) {
		q->avg_vruntime = avg_vruntime(cfs_rq);
		q->avg_load = cfs_rq->avg_load;
	}
	if (cfs_rq->curr) {
		q->curr = sched_snapshot_alloc(snap, sizeof(*q->curr));
		if (!q->curr ||
		    entity_snapshot(snap, q->curr, cfs_rq, cfs_rq->curr))
			return -ENOMEM;
	}
	return node_snapshot(snap, &q->root, cfs_rq,
			     cfs_rq->tasks_timeline.rb_root.rb_node);
}

/*
 * The runqueue's own queue (the root group's); a task group's entity in
 * it carries the group's name and shares (of which its weight is this
 * CPU's part) in place of a task, and its group's queue on this CPU.
 */
int snapshot_fair(struct runqueue *rq, struct sched_snapshot *snap,
		  struct sched_snapshot_queue *q)
{
	q->sched_class = sched_current_class(); /* cfs or eevdf */
	q->kind = SCHED_SNAPSHOT_RBTREE;
	return fair_rq_snapshot(snap, &q->rbtree, &rq->cfs);
}

const struct sched_counter counters_fair[] = {
	{ "pulled", "pulled", offsetof(struct runqueue, cfs.nr_pulled) },
	{ "wakeup_preempts", "wakeup",
	  offsetof(struct runqueue, cfs.nr_wakeup_preempts) },
	{ "tick_preempts", "tick",
	  offsetof(struct runqueue, cfs.nr_tick_preempts) },
	{ NULL, NULL, 0 },
};
