// SPDX-License-Identifier: MIT
/*
 * sched/cfs.c - the Completely Fair Scheduler of Linux 6.1 as a class:
 * the leftmost vruntime runs, for a slice proportional to its weight.
 *
 * Mirrors kernel/sched/fair.c of 6.1, Debian 12's kernel (the design Ingo
 * Molnar merged in
 * 2.6.23, at its last version before EEVDF): __sched_period,
 * sched_slice, sched_vslice, place_entity (START_DEBIT,
 * GENTLE_FAIR_SLEEPERS), enqueue_entity and dequeue_entity with their
 * min_vruntime renormalisation, check_preempt_tick, pick_next_entity with
 * the next, last and skip buddies, wakeup_gran, wakeup_preempt_entity,
 * check_preempt_wakeup, yield_task_fair, migrate_task_rq_fair's
 * renormalisation, entity_tick; features as 6.1 shipped them
 * (GENTLE_FAIR_SLEEPERS, START_DEBIT, LAST_BUDDY, WAKEUP_PREEMPTION,
 * ALT_PERIOD, BASE_SLICE on; NEXT_BUDDY off).  The shared machinery is in
 * sched/fair.c, the task groups' walks in sched/fair_group.c: every
 * function here works on one level of the hierarchy, a task's or a
 * group's entity alike.
 *
 * Deliberate differences (see also sched/fair.c):
 *  - The pick considers the running entity where it stands (6.1's
 *    FAIR_GROUP_SCHED path, as put_prev_entity() before the pick would);
 *    a running task picked again keeps its turn, as in the kernel.
 *  - A task that changes CPU while asleep has its vruntime made relative
 *    to the old CPU's min_vruntime (migrate_task_rq_fair()) and relative
 *    to the new one at its wake-up (6.1's ENQUEUE_MIGRATED).
 */
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/internal.h"

/*
 * The period in which every runnable entity runs once: sched_latency, or
 * min_granularity each when more than sched_nr_latency run.
 */
static uint64_t __sched_period(unsigned long nr_running)
{
	if (unlikely(nr_running > sched_nr_latency))
		return nr_running * (uint64_t)sysctl_sched_min_granularity;
	return sysctl_sched_latency;
}

static bool sched_idle_cfs_rq(const struct cfs_rq *cfs_rq)
{
	return cfs_rq->nr_running &&
	       cfs_rq->nr_running == cfs_rq->idle_nr_running;
}

/*
 * An entity's share of the period: the period of every task on the CPU
 * (ALT_PERIOD), times weight / load at each level up to the root,
 * counting an entity in where it is not queued yet, and at least the
 * minimal granularity (BASE_SLICE; SCHED_IDLE's own beside other tasks).
 */
uint64_t sched_slice(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	unsigned long nr_running = rq_of(cfs_rq)->cfs.h_nr_running;
	struct sched_entity *init_se = se;
	struct load_weight *load, lw;
	uint64_t slice, min_gran;

	slice = __sched_period(nr_running + !se->on_rq);
	for_each_sched_entity(se) {
		load = &cfs_rq_of(se)->load;
		if (unlikely(!se->on_rq)) {
			lw = *load;
			lw.weight += se->load.weight;
			lw.inv_weight = 0;
			load = &lw;
		}
		slice = __calc_delta(slice, se->load.weight, load);
	}
	if (se_is_idle(init_se) && !sched_idle_cfs_rq(cfs_rq))
		min_gran = sysctl_sched_idle_min_granularity;
	else
		min_gran = sysctl_sched_min_granularity;
	return slice > min_gran ? slice : min_gran;
}

/* the slice in the entity's virtual time */
uint64_t sched_vslice(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	return calc_delta_fair(sched_slice(cfs_rq, se), se);
}

/*
 * Where an entity joins: a new one (@initial) a virtual slice after
 * min_vruntime, so that the tasks already promised this period keep it
 * (START_DEBIT); a sleeper at most half a latency before min_vruntime
 * (GENTLE_FAIR_SLEEPERS; SCHED_IDLE: half the minimal granularity).
 * Never before where it already was.
 */
void place_entity(struct cfs_rq *cfs_rq, struct sched_entity *se, int initial)
{
	uint64_t vruntime = cfs_rq->min_vruntime, thresh;

	if (initial)
		vruntime += sched_vslice(cfs_rq, se);
	if (!initial) {
		if (se_is_idle(se))
			thresh = sysctl_sched_min_granularity;
		else
			thresh = sysctl_sched_latency;
		thresh >>= 1;
		vruntime -= thresh;
	}
	if ((int64_t)(vruntime - se->vruntime) > 0)
		se->vruntime = vruntime;
}

/*
 * A woken entity keeps its absolute vruntime, then placed; any other
 * (new, migrated, requeued) carries one relative to min_vruntime, made
 * absolute here after the running entity's time is counted.  A group's
 * entity is always woken (enqueue_task_fair()), and takes its share of
 * the group's weight before it counts.
 */
static void enqueue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
			   int flags)
{
	bool renorm = !(flags & ENQUEUE_WAKEUP) || se->migrated;
	bool curr = cfs_rq->curr == se;

	if (renorm && curr)
		se->vruntime += cfs_rq->min_vruntime;
	update_curr(cfs_rq);
	if (renorm && !curr)
		se->vruntime += cfs_rq->min_vruntime;
	update_cfs_group(se);
	/* a new task: placed as task_fork_fair() did, before it counts */
	if (flags & ENQUEUE_INITIAL)
		place_entity(cfs_rq, se, 1);
	account_entity_enqueue(cfs_rq, se);
	if (flags & ENQUEUE_WAKEUP)
		place_entity(cfs_rq, se, 0);
	/* moved here: not cache-hot any more */
	if ((flags & ENQUEUE_MIGRATED) || se->migrated)
		se->exec_start = 0;
	se->migrated = 0;
	if (!curr)
		__enqueue_entity(cfs_rq, se);
	se->on_rq = 1;
}

/*
 * Any dequeue but a sleep leaves vruntime relative to min_vruntime, to
 * be added back by the next enqueue (wherever that is); a requeue
 * (DEQUEUE_SAVE, unless into another group: DEQUEUE_MOVE) does not move
 * min_vruntime.  A group's entity that leaves takes its (minimal) share
 * of the group's weight.
 */
static bool dequeue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
			   int flags)
{
	update_curr(cfs_rq);
	clear_buddies(cfs_rq, se);
	if (se != cfs_rq->curr)
		__dequeue_entity(cfs_rq, se);
	else
		cfs_rq->curr = NULL; /* its turn ends here */
	se->on_rq = 0;
	account_entity_dequeue(cfs_rq, se);
	if (!(flags & DEQUEUE_SLEEP))
		se->vruntime -= cfs_rq->min_vruntime;
	update_cfs_group(se);
	if ((flags & (DEQUEUE_SAVE | DEQUEUE_MOVE)) != DEQUEUE_SAVE)
		update_min_vruntime(cfs_rq);
	return true;
}

static void enqueue_task_cfs(struct runqueue *rq, struct task_struct *p,
			     int flags)
{
	enqueue_task_fair(rq, p, flags, enqueue_entity);
}

static void dequeue_task_cfs(struct runqueue *rq, struct task_struct *p,
			     int flags)
{
	dequeue_task_fair(rq, p, flags, dequeue_entity);
}

/*
 * Asleep and moved to another CPU (the kernel's migrate_task_rq_fair()
 * of a TASK_WAKING task): relative to the old CPU's min_vruntime until
 * the wake-up adds the new one.  A queued task moved by balancing or a
 * migration thread, or a new task, is relative already.
 */
static void migrate_task_rq_cfs(struct task_struct *p, int new_cpu)
{
	struct sched_entity *se = &p->se;

	(void)new_cpu;
	fair_pelt_migrate(p);
	if (se->on_rq || se->migrated || p->state == TASK_RUNNING ||
	    (p->flags & PF_STARTING))
		return;
	/*
	 * Its group's queue on the CPU it leaves, whose lock is held (the
	 * kernel's cfs_rq_of(se), which set_task_rq() keeps on task_cpu()).
	 * se->cfs_rq is where it was last queued: another CPU's queue if
	 * it moved while in another class.
	 */
	se->vruntime -= task_group(p)->cfs_rq[task_cpu(p)]->min_vruntime;
	se->migrated = 1;
}

/*
 * Should @se preempt @curr?  -1 when it is not behind in vruntime, 1
 * when it is behind by more than the wake-up granularity converted to
 * @se's virtual time, 0 in between.
 */
int wakeup_preempt_entity(struct sched_entity *curr, struct sched_entity *se)
{
	int64_t gran, vdiff = (int64_t)(curr->vruntime - se->vruntime);

	if (vdiff <= 0)
		return -1;
	gran = (int64_t)calc_delta_fair(sysctl_sched_wakeup_granularity, se);
	if (vdiff > gran)
		return 1;
	return 0;
}

/*
 * The tick: a slice run out (or the leftmost far enough behind, once the
 * minimal granularity has passed) ends the turn.
 */
static void check_preempt_tick(struct cfs_rq *cfs_rq, struct sched_entity *curr)
{
	struct runqueue *rq = rq_of(cfs_rq);
	uint64_t ideal_runtime, delta_exec;
	struct sched_entity *se;
	int64_t delta;

	ideal_runtime = sched_slice(cfs_rq, curr);
	delta_exec = curr->sum_exec_runtime - curr->prev_sum_exec_runtime;
	if (delta_exec > ideal_runtime) {
		note_resched(
			rq, SCHED_WHY_SLICE, 0,
			"it ran a since it was picked, more than its ideal slice b (sched_slice())",
			(long long)delta_exec, (long long)ideal_runtime, "ns");
		resched_curr(rq);
		rq->cfs.nr_tick_preempts++;
		clear_buddies(cfs_rq, curr);
		return;
	}
	if (delta_exec < sysctl_sched_min_granularity)
		return;
	se = __pick_first_entity(cfs_rq);
	delta = (int64_t)(curr->vruntime - se->vruntime);
	if (delta < 0)
		return;
	if ((uint64_t)delta > ideal_runtime) {
		note_resched(
			rq, SCHED_WHY_TICK, se_pid(se),
			"vruntime(curr) - vruntime(leftmost) = a, more than its ideal slice b",
			delta, (long long)ideal_runtime, "ns of virtual time");
		resched_curr(rq);
		rq->cfs.nr_tick_preempts++;
	}
}

/* the tick at one level: run time counted, the group reweighted, a turn */
static void entity_tick(struct cfs_rq *cfs_rq, struct sched_entity *curr)
{
	update_curr(cfs_rq);
	update_cfs_group(curr);
	if (cfs_rq->nr_running > 1)
		check_preempt_tick(cfs_rq, curr);
}

static void task_tick_cfs(struct runqueue *rq, struct task_struct *curr)
{
	task_tick_fair(rq, curr, entity_tick);
}

/*
 * Why pick_next_entity() chose @se, @left being the leftmost (or the
 * running entity, before it in key order).
 */
static void note_pick_cfs(struct cfs_rq *cfs_rq, struct sched_entity *se,
			  struct sched_entity *left, struct sched_entity *curr)
{
	struct runqueue *rq = rq_of(cfs_rq);
	struct sched_entity *second;
	const char *rule;

	if (rq->picks_unread)
		return;
	if (se != left) {
		if (se == cfs_rq->next)
			rule = "the next buddy (a wake-up preempted for it): vruntime a, within wakeup_gran of the leftmost's b";
		else if (se == cfs_rq->last)
			rule = "the last buddy (the task a wake-up preempted): vruntime a, within wakeup_gran of the leftmost's b";
		else
			rule = "the leftmost yielded (skip buddy): the next, vruntime a, within wakeup_gran of the leftmost's b";
		note_pick(rq, se_pid(left), rule, (long long)se->vruntime,
			  (long long)left->vruntime, "ns of virtual time");
		return;
	}
	second = left == curr ? __pick_first_entity(cfs_rq) :
				rb_entry_safe(rb_next(&left->run_node),
					      struct sched_entity, run_node);
	if (curr && left != curr && (!second || entity_before(curr, second)))
		second = curr;
	if (second)
		note_pick(
			rq, se_pid(second),
			"the smallest vruntime a (the leftmost); the next has b",
			(long long)se->vruntime, (long long)second->vruntime,
			"ns of virtual time");
	else
		note_pick(rq, 0, "the only entity queued, vruntime a",
			  (long long)se->vruntime, 0, "ns of virtual time");
}

/*
 * The leftmost entity (the running one where it stands), unless a buddy
 * may run without too much unfairness: not the one that yielded, the one
 * a wake-up preempted for, or the one it preempted.
 */
static struct sched_entity *pick_next_entity(struct cfs_rq *cfs_rq)
{
	struct sched_entity *left = __pick_first_entity(cfs_rq), *se;
	struct sched_entity *curr = cfs_rq->curr, *second;

	if (curr && !curr->on_rq)
		curr = NULL;
	if (!left || (curr && entity_before(curr, left)))
		left = curr;
	se = left;
	if (cfs_rq->skip && cfs_rq->skip == se) {
		if (se == curr) {
			second = __pick_first_entity(cfs_rq);
		} else {
			second = rb_entry_safe(rb_next(&se->run_node),
					       struct sched_entity, run_node);
			if (!second || (curr && entity_before(curr, second)))
				second = curr;
		}
		if (second && wakeup_preempt_entity(second, left) < 1)
			se = second;
	}
	if (cfs_rq->next && wakeup_preempt_entity(cfs_rq->next, left) < 1)
		se = cfs_rq->next;
	else if (cfs_rq->last && wakeup_preempt_entity(cfs_rq->last, left) < 1)
		se = cfs_rq->last;
	note_pick_cfs(cfs_rq, se, left, curr);
	return se;
}

static struct task_struct *pick_next_task_cfs(struct runqueue *rq,
					      struct task_struct *prev)
{
	(void)prev;
	return pick_next_task_fair(rq, pick_next_entity);
}

/*
 * Wake-up preemption: the idle task and SCHED_IDLE tasks give way; a
 * batch or idle wakee waits for the tick; else, compared where the two
 * tasks' chains meet (the wakee's group entity against the running one's,
 * in the queue they share), the wakee preempts when its vruntime is
 * behind by more than the granularity, and becomes the next buddy (and
 * the preempted task the last buddy, when many run beside it).
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
		if (wakeup_preempt_entity(se, pse) != 1)
			return;
		note_resched(
			rq, SCHED_WHY_WAKEUP, p->pid,
			"vruntime(curr) - vruntime(woken) = a, more than wakeup_gran b (in the woken task's virtual time)",
			(long long)(se->vruntime - pse->vruntime),
			(long long)calc_delta_fair(
				sysctl_sched_wakeup_granularity, pse),
			"ns of virtual time");
		set_next_buddy(pse);
		break;
	}
	resched_curr(rq);
	rq->cfs.nr_wakeup_preempts++;
	if (se->on_rq && entity_is_task(se) &&
	    cfs_rq_of(se)->nr_running >= sched_nr_latency)
		set_last_buddy(se);
}

/* a yield: the running task (and its group entities) the skip buddies */
static void yield_task_cfs(struct runqueue *rq)
{
	struct task_struct *curr = rq->curr;
	struct cfs_rq *cfs_rq = task_cfs_rq(curr);
	struct sched_entity *se = &curr->se;

	if (unlikely(rq->nr_running == 1))
		return;
	clear_buddies(cfs_rq, se);
	if (curr->policy != SCHED_BATCH)
		update_curr(cfs_rq);
	set_skip_buddy(se);
}

static int init_cfs(int nr_cpus)
{
	fair_set_ops(&cfs_fair_ops, nr_cpus);
	fair_groups_init();
	return fair_smp_init(nr_cpus);
}

const struct sched_class cfs_sched_class = {
	.name = "cfs",
	.policies = (1UL << SCHED_OTHER) | (1UL << SCHED_BATCH) |
		    (1UL << SCHED_IDLE),
	.hz = 250, /* CONFIG_HZ of Debian's 6.1 */
	.task_groups = true,
	.series = (const char *const[]){ "queue", "vruntime", NULL },
	.series_queue = "min_vruntime",
	.hrtimers = true,
	.init = init_cfs,
	.exit = fair_groups_exit,
	.rq_init = rq_init_fair,
	.enqueue_task = enqueue_task_cfs,
	.dequeue_task = dequeue_task_cfs,
	.yield_task = yield_task_cfs,
	.check_preempt_curr = check_preempt_wakeup,
	.pick_next_task = pick_next_task_cfs,
	.put_prev_task = put_prev_task_fair,
	.set_curr_task = set_curr_task_fair,
	.task_tick = task_tick_cfs,
	.task_fork = task_fork_fair,
	.set_nice = set_nice_fair,
	.prio_changed = prio_changed_fair,
	.migrate_task_rq = migrate_task_rq_cfs,
	.select_task_rq = fair_select_task_rq,
	.load_balance = load_balance_fair,
	.task_queued = task_queued_fair,
	.rq_check = check_fair,
	.snapshot = snapshot_fair,
	.counters = counters_fair,
};

const struct fair_ops cfs_fair_ops = {
	.name = "cfs",
	/* 6.1: vruntimes relative to min_vruntime, the plain tree */
	.cache_hot_buddy = true,
	.version = FAIR_V6_1,
};
