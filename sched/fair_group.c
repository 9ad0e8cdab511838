// SPDX-License-Identifier: MIT
/*
 * sched/fair_group.c - group scheduling for cfs and eevdf: task groups
 * (the cgroups of the cpu controller), each with an entity and a queue
 * on every CPU, and the walks up the hierarchy that enqueue, dequeue and
 * tick a task's entity and the group entities above it.
 *
 * Mirrors kernel/sched/fair.c of 6.1 and 6.12 built with
 * CONFIG_FAIR_GROUP_SCHED: enqueue_task_fair, dequeue_task_fair,
 * task_tick_fair, find_matching_se, calc_group_shares, update_cfs_group,
 * reweight_entity (6.12's keeps an eevdf entity's lag and request),
 * alloc_fair_sched_group, init_tg_cfs_entry, detach_task_cfs_rq,
 * __sched_group_set_shares; and kernel/sched/core.c's sched_create_group
 * and sched_move_task.  Written from the kernel's description of its
 * algorithms.
 *
 * How it fits together.  A task group has, per CPU, a queue (struct
 * cfs_rq) holding its tasks and child groups' entities, and an entity
 * (struct sched_entity) that stands for that queue in its parent's queue
 * while the queue holds anything; the root group's queues are the
 * runqueues' own.  A pick walks down from the runqueue's queue through the
 * group entities picked (pick_next_task_fair() in sched/fair.c); time is
 * charged at every level of the running task's chain, a group's entity
 * by its own weight; a tick, a wake-up and a turn are decided level by
 * level as for tasks.  A group's entity weighs the group's shares times
 * this CPU's part of the group's load (calc_group_shares()).
 *
 * Deliberate differences from the kernel (docs/sched.md has them too):
 *  - No PELT.  A queue's load is the weight queued on it now, and a
 *    group's load is the sum over its queues, kept exact as each changes
 *    (the kernel updates tg->load_avg from averages, lazily):
 *    calc_group_shares() is the kernel's formula with instantaneous
 *    loads, which makes it the exact split the kernel's comment calls the
 *    ideal: shares * this CPU's load / the group's load.  Balancing uses
 *    the same weights down the hierarchy (task_h_load()).
 *  - No bandwidth control (cpu.max), no idle groups (cpu.idle), no
 *    autogroups, no real-time group scheduling.
 *  - A task's entity finds its queue when it is enqueued, from its group
 *    and the runqueue (the kernel's set_task_rq() at set_task_cpu()): a
 *    migration thread here rehomes a queued task before dequeuing it.
 *  - A new group's entity starts at its parent queue's min_vruntime (the
 *    kernel's starts at 0, far behind a running machine's, and is placed
 *    as a sleeper: the same placement at its first enqueue).
 *  - Groups stay until sched_teardown() (no cgroup rmdir).
 */
#include <errno.h>
#include <string.h>

#include "compat/bug.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/internal.h"

static struct sched_entity *root_se[NR_CPUS];
static struct cfs_rq *root_cfs_rq[NR_CPUS];

struct task_group root_task_group = {
	.se = root_se,
	.cfs_rq = root_cfs_rq,
	.shares = ROOT_TASK_GROUP_LOAD,
};

LIST_HEAD(task_groups);

/* tasks below, read without the lock by other CPUs' balancing (root's) */
static inline void h_nr_running_add(struct cfs_rq *cfs_rq, long delta)
{
	__atomic_store_n(&cfs_rq->h_nr_running, cfs_rq->h_nr_running + delta,
			 __ATOMIC_RELAXED);
}

/* the machine's class runs task groups */
static bool fair_machine(void)
{
	const struct sched_class *class = sched_current_class();

	return class && class->task_groups;
}

/* ------------------------------------------------------------ shares */

/*
 * A group's weight on one CPU: its shares times this CPU's part of the
 * group's load, at least MIN_SHARES (a queue that empties keeps a weight),
 * at most the shares.  On one CPU that is the shares themselves.
 */
static unsigned long calc_group_shares(struct cfs_rq *cfs_rq)
{
	struct task_group *tg = cfs_rq->tg;
	unsigned long tg_shares =
		__atomic_load_n(&tg->shares, __ATOMIC_RELAXED);
	long tg_weight = __atomic_load_n(&tg->load, __ATOMIC_RELAXED);
	uint64_t shares = (uint64_t)tg_shares * cfs_rq->load.weight;

	/* tg_weight counts this queue's load: the quotient is <= tg_shares */
	if (tg_weight > 0)
		shares /= (uint64_t)tg_weight;
	if (shares < MIN_SHARES)
		return MIN_SHARES;
	return shares > tg_shares ? tg_shares : shares;
}

void reweight_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
		     unsigned long weight)
{
	unsigned long old_weight = se->load.weight;
	bool curr = cfs_rq->curr == se, eevdf = fair_ops->lag;
	uint64_t avruntime = 0;

	if (se->on_rq) {
		/* the time run so far is charged at the old weight */
		if (curr || eevdf)
			update_curr(cfs_rq);
		if (eevdf) {
			avruntime = avg_vruntime(cfs_rq);
			if (!curr)
				__dequeue_entity(cfs_rq, se);
		}
		cfs_rq_load_add(cfs_rq, -(long)old_weight);
	}
	/*
	 * eevdf keeps the lag w * (V - v) when the weight changes: a queued
	 * entity moves about V and its request keeps its length in real
	 * time (reweight_eevdf()); a sleeping one scales the virtual lag
	 * it keeps
	 */
	if (eevdf && !se->on_rq)
		se->vlag = se->vlag * (int64_t)old_weight / (int64_t)weight;
	else if (eevdf)
		reweight_eevdf(se, avruntime, weight);
	se->load.weight = weight;
	se->load.inv_weight = 0;
	if (se->on_rq) {
		cfs_rq_load_add(cfs_rq, (long)weight);
		if (eevdf && !curr)
			__enqueue_entity(cfs_rq, se);
	}
}

void update_cfs_group(struct sched_entity *se)
{
	struct cfs_rq *gcfs_rq = group_cfs_rq(se);
	unsigned long shares;

	if (!gcfs_rq)
		return;
	shares = calc_group_shares(gcfs_rq);
	if (se->load.weight != shares)
		reweight_entity(cfs_rq_of(se), se, shares);
}

/* ----------------------------------------------------- the hierarchy */

void find_matching_se(struct sched_entity **se, struct sched_entity **pse)
{
	unsigned int depth = se_depth(*se), pdepth = se_depth(*pse);

	/* up to the same depth, then up together to a shared queue */
	for (; depth > pdepth; depth--)
		*se = parent_entity(*se);
	for (; pdepth > depth; pdepth--)
		*pse = parent_entity(*pse);
	while (cfs_rq_of(*se) != cfs_rq_of(*pse)) {
		*se = parent_entity(*se);
		*pse = parent_entity(*pse);
	}
}

unsigned long task_h_load(struct task_struct *p)
{
	struct sched_entity *se = &p->se;
	uint64_t load = se->load.weight;

	/* each level gives the part of its queue the entity above weighs */
	for (se = parent_entity(se); se; se = parent_entity(se))
		load = load * se->load.weight / group_cfs_rq(se)->load.weight;
	return (unsigned long)load;
}

void enqueue_task_fair(struct runqueue *rq, struct task_struct *p, int flags,
		       void (*enqueue_entity)(struct cfs_rq *cfs_rq,
					      struct sched_entity *se,
					      int flags))
{
	struct sched_entity *se = &p->se;
	struct cfs_rq *cfs_rq;

	fair_pelt_enqueue(rq, p, flags);
	if (unlikely(se->sched_delayed)) {
		/* still queued where it slept: counted again */
		enqueue_entity(cfs_rq_of(se), se, ENQUEUE_DELAYED);
		for_each_sched_entity(se) {
			update_cfs_group(se);
			h_nr_running_add(cfs_rq_of(se), 1);
		}
		return;
	}
	se->cfs_rq = task_group(p)->cfs_rq[rq->cpu];
	for_each_sched_entity(se) {
		if (se->on_rq)
			break;
		cfs_rq = cfs_rq_of(se);
		enqueue_entity(cfs_rq, se, flags);
		h_nr_running_add(cfs_rq, 1);
		flags = ENQUEUE_WAKEUP;
	}
	/* the groups above, queued already, weigh more now */
	for_each_sched_entity(se) {
		cfs_rq = cfs_rq_of(se);
		update_cfs_group(se);
		h_nr_running_add(cfs_rq, 1);
	}
}

void dequeue_task_fair(struct runqueue *rq, struct task_struct *p, int flags,
		       bool (*dequeue_entity)(struct cfs_rq *cfs_rq,
					      struct sched_entity *se,
					      int flags))
{
	struct sched_entity *se = &p->se;
	bool task_sleep = flags & DEQUEUE_SLEEP;
	bool was_curr = cfs_rq_of(se)->curr == se;
	struct cfs_rq *cfs_rq;

	fair_pelt_update(rq, p);
	if (!dequeue_entity(cfs_rq_of(se), se, flags)) {
		/* delayed: its entity stays queued, the task no longer counts */
		for_each_sched_entity(se)
			h_nr_running_add(cfs_rq_of(se), -1);
		return;
	}
	for_each_sched_entity(se) {
		cfs_rq = cfs_rq_of(se);
		if (se != &p->se)
			dequeue_entity(cfs_rq, se, flags);
		h_nr_running_add(cfs_rq, -1);
		/* a group that still holds something stays queued */
		if (cfs_rq->nr_running) {
			se = parent_entity(se);
			/* its next task is likely to be of the same group */
			if (task_sleep && se)
				set_next_buddy(se);
			break;
		}
		flags |= DEQUEUE_SLEEP;
	}
	for_each_sched_entity(se) {
		cfs_rq = cfs_rq_of(se);
		update_cfs_group(se);
		h_nr_running_add(cfs_rq, -1);
	}
	/*
	 * A migration thread made the idle task current and then dequeued
	 * @p: no put_prev_task() will come for it, so the group entities
	 * that ran with it stop running now.
	 */
	if (was_curr && !task_running(rq, p))
		for (se = parent_entity(&p->se); se; se = parent_entity(se))
			if (cfs_rq_of(se)->curr == se)
				put_prev_entity(cfs_rq_of(se), se);
}

void dequeue_delayed_fair(struct runqueue *rq, struct task_struct *p,
			  bool (*dequeue_entity)(struct cfs_rq *cfs_rq,
						 struct sched_entity *se,
						 int flags))
{
	struct sched_entity *se = &p->se;
	int flags = DEQUEUE_SLEEP | DEQUEUE_DELAYED;
	struct cfs_rq *cfs_rq;

	fair_pelt_update(rq, p);
	for_each_sched_entity(se) {
		cfs_rq = cfs_rq_of(se);
		dequeue_entity(cfs_rq, se, flags);
		/* a group that still holds something stays queued */
		if (cfs_rq->nr_running) {
			se = parent_entity(se);
			break;
		}
		flags = DEQUEUE_SLEEP;
	}
	for_each_sched_entity(se)
		update_cfs_group(se);
}

void task_tick_fair(struct runqueue *rq, struct task_struct *curr,
		    void (*entity_tick)(struct cfs_rq *cfs_rq,
					struct sched_entity *curr))
{
	struct sched_entity *se = &curr->se;

	fair_pelt_update(rq, curr);
	for_each_sched_entity(se)
		entity_tick(cfs_rq_of(se), se);
	fair_balance_trigger(rq);
}

/* ---------------------------------------------------- groups themselves */

struct task_group *task_group(const struct task_struct *p)
{
	return p->se.cfs_rq ? p->se.cfs_rq->tg : &root_task_group;
}

void fair_groups_init(void)
{
	INIT_LIST_HEAD(&task_groups);
	INIT_LIST_HEAD(&root_task_group.children);
	INIT_LIST_HEAD(&root_task_group.siblings);
	root_task_group.load = 0;
	list_add(&root_task_group.list, &task_groups);
}

/* what alloc_fair_sched_group() allocated (NULLs skipped) */
static void free_fair_sched_group(struct task_group *tg, int nr_cpus)
{
	int cpu;

	for (cpu = 0; cpu < nr_cpus; cpu++) {
		if (tg->cfs_rq)
			kfree(tg->cfs_rq[cpu]);
		if (tg->se)
			kfree(tg->se[cpu]);
	}
	kfree(tg->cfs_rq);
	kfree(tg->se);
	kfree(tg->name);
	kfree(tg);
}

void fair_groups_exit(void)
{
	struct task_group *tg, *n;

	fair_smp_exit();
	list_for_each_entry_safe(tg, n, &task_groups, list)
		if (tg != &root_task_group)
			free_fair_sched_group(tg, nr_cpus_online);
	INIT_LIST_HEAD(&task_groups);
}

/* a queue and an entity per CPU, and the name */
static int alloc_fair_sched_group(struct task_group *tg, const char *name,
				  int nr_cpus)
{
	size_t len = strlen(name);
	int cpu;

	tg->name = kmalloc(len + 1, GFP_KERNEL);
	tg->cfs_rq = kcalloc(nr_cpus, sizeof(*tg->cfs_rq), GFP_KERNEL);
	tg->se = kcalloc(nr_cpus, sizeof(*tg->se), GFP_KERNEL);
	if (!tg->name || !tg->cfs_rq || !tg->se)
		return -ENOMEM;
	memcpy(tg->name, name, len + 1);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		tg->cfs_rq[cpu] = kzalloc(sizeof(**tg->cfs_rq), GFP_KERNEL);
		tg->se[cpu] = kzalloc(sizeof(**tg->se), GFP_KERNEL);
		if (!tg->cfs_rq[cpu] || !tg->se[cpu])
			return -ENOMEM;
	}
	return 0;
}

/*
 * The group's queue on @cpu, and its entity in its parent's queue there:
 * not queued, weighing NICE_0_LOAD until it is (a group entity always has
 * a weight), its vruntime at the parent queue's floor.
 */
static void init_tg_cfs_entry(struct task_group *tg, int cpu)
{
	struct cfs_rq *cfs_rq = tg->cfs_rq[cpu];
	struct cfs_rq *parent = tg->parent->cfs_rq[cpu];
	struct sched_entity *se = tg->se[cpu];

	init_cfs_rq(cfs_rq, cpu_rq(cpu), tg);
	se->cfs_rq = parent;
	se->my_q = cfs_rq;
	se->load.weight = NICE_0_LOAD;
	se->load.inv_weight = 0;
	se->vruntime = parent->min_vruntime;
	se->slice = sysctl_sched_base_slice;
}

int sched_create_group(struct task_group *parent, const char *name,
		       struct task_group **tgp)
{
	int cpu, nr_cpus = nr_cpus_online, ret;
	struct task_group *tg;

	if (!parent || !name || !tgp || !fair_machine())
		return -EINVAL;
	tg = kzalloc(sizeof(*tg), GFP_KERNEL);
	if (!tg)
		return -ENOMEM;
	ret = alloc_fair_sched_group(tg, name, nr_cpus);
	if (ret) {
		free_fair_sched_group(tg, nr_cpus);
		return ret;
	}
	tg->shares = ROOT_TASK_GROUP_LOAD;
	tg->parent = parent;
	tg->depth = parent->depth + 1;
	INIT_LIST_HEAD(&tg->children);

	/* every queue it joins is locked while it appears */
	runqueues_lock_all();
	for (cpu = 0; cpu < nr_cpus; cpu++)
		init_tg_cfs_entry(tg, cpu);
	list_add_tail(&tg->list, &task_groups);
	list_add_tail(&tg->siblings, &parent->children);
	runqueues_unlock_all();
	*tgp = tg;
	return 0;
}

int sched_group_set_shares(struct task_group *tg, unsigned long shares)
{
	struct sched_entity *se;
	struct runqueue *rq;
	int cpu;

	if (!tg || tg == &root_task_group)
		return -EINVAL;
	if (shares < MIN_SHARES)
		shares = MIN_SHARES;
	if (shares > MAX_SHARES)
		shares = MAX_SHARES;
	__atomic_store_n(&tg->shares, shares, __ATOMIC_RELAXED);
	for (cpu = 0; cpu < nr_cpus_online; cpu++) {
		rq = cpu_rq(cpu);
		spin_lock(&rq->lock);
		/* the group's entity, then every group its weight is part of */
		for (se = tg->se[cpu]; se; se = parent_entity(se))
			update_cfs_group(se);
		spin_unlock(&rq->lock);
	}
	return 0;
}

/*
 * cfs: a task that is not queued joins another queue with its vruntime
 * made relative to the old one's (placed first, so that the sleep it is
 * in gives no more credit than a wake-up would), to be made absolute by
 * its next enqueue, as a task moved while asleep (se->migrated).  A new
 * task's is relative already; eevdf keeps its lag, which its next
 * placement uses wherever it is.
 */
static void detach_task_cfs_rq(struct task_struct *p)
{
	struct sched_entity *se = &p->se;
	struct cfs_rq *cfs_rq = task_cfs_rq(p);

	if (fair_ops->lag || se->migrated || (p->flags & PF_STARTING))
		return;
	place_entity(cfs_rq, se, 0);
	se->vruntime -= cfs_rq->min_vruntime;
	se->migrated = 1;
}

int sched_move_task(struct task_struct *p, struct task_group *tg)
{
	const struct sched_class *class;
	bool fair, queued, running;
	struct runqueue *rq;
	int ret = -EINVAL;

	if (!tg || !fair_machine())
		return -EINVAL;
	rq = task_rq_lock(p);
	if (p == rq->idle)
		goto out_unlock;
	ret = 0;
	if (task_group(p) == tg)
		goto out_unlock;
	class = task_sched_class(p);
	fair = class == sched_current_class();
	/* a sleeper eevdf still holds leaves first */
	fair_settle(rq, p);
	queued = fair && p->se.on_rq;
	running = fair && task_running(rq, p);
	if (queued)
		class->dequeue_task(rq, p, DEQUEUE_SAVE | DEQUEUE_MOVE);
	if (running)
		put_prev_task_fair(rq, p, p);
	if (fair && !queued)
		detach_task_cfs_rq(p);
	p->se.cfs_rq = tg->cfs_rq[task_cpu(p)];
	if (queued)
		class->enqueue_task(rq, p, ENQUEUE_RESTORE | ENQUEUE_MOVE);
	if (running) {
		set_curr_task_fair(rq, p);
		note_resched(rq, SCHED_WHY_CHANGED, 0,
			     "it moved to another task group", 0, 0, NULL);
		resched_curr(rq);
	}
out_unlock:
	task_rq_unlock(rq);
	return ret;
}

uint64_t sched_group_runtime(const struct task_group *tg)
{
	uint64_t sum = 0;
	int cpu;

	if (tg == &root_task_group)
		return 0;
	for (cpu = 0; cpu < nr_cpus_online; cpu++)
		sum += tg->se[cpu]->sum_exec_runtime;
	return sum;
}
