// SPDX-License-Identifier: MIT
/*
 * sched/fair_smp.c - the fair classes on several CPUs, as Linux 6.1 (cfs)
 * and 6.12 (eevdf) run them: the PELT signals kept on the runqueues, the
 * machine's sched domains, wake-up and fork placement, and the balancer
 * over the domains (periodic, newly idle and active).  The decisions
 * themselves are the pure functions of sched/fair_balance.c, asked with a
 * struct fair_snapshot filled here from the runqueues; this file carries
 * out their answers with the core's migration code (move_queued_task(),
 * the migration threads).
 *
 * Mirrors kernel/sched/fair.c of 6.1 and 6.12: update_load_avg() and its
 * callers (enqueue, dequeue, tick, the running entity's switch),
 * attach_entity_load_avg() at a task's first enqueue on a CPU,
 * migrate_task_rq_fair()'s detach, update_blocked_averages() of the
 * balancing CPU, select_task_rq_fair()'s caller side, rebalance_domains(),
 * load_balance(), should_we_balance(), detach_tasks(),
 * can_migrate_task(), task_hot(), need_active_balance() with
 * imbalanced_active_balance(), active_load_balance_cpu_stop() and
 * newidle_balance().  Written from the kernel's description of its
 * algorithms.
 *
 * Deliberate differences from the kernel (docs/fidelity.md has each):
 *  - PELT is kept for the tasks and the runqueue's own queue only: a task
 *    in a task group is attached to its CPU's root signal directly (its
 *    load scaled by task_h_load()'s weight ratio when balancing), with no
 *    group entities' signals and no propagation up the hierarchy; an
 *    exiting task's signal decays in its CPU's (the kernel removes it).
 *  - A task's signal is kept in 32-bit sums and averages (struct
 *    sched_entity_avg), widened into a struct sched_avg for each update
 *    and narrowed back: the same values (the bounds are in sched/sched.h).
 *  - The PELT clock is the runqueue clock (no frequency or capacity
 *    scaling: every CPU runs at full capacity), offset by one period so
 *    that a last_update_time of 0 always means "attached nowhere".
 *  - The RT signal is sampled at each tick and at the fair task's
 *    switches (the kernel updates it at every RT switch too).
 *  - The candidates detach_tasks() looks at are the waiting tasks in the
 *    order their signals were last updated (queued, or stopped running),
 *    oldest first: the kernel keeps a list (cfs_tasks) in enqueue and
 *    pick order and takes its tail first.
 *  - No LBF_ALL_PINNED / LBF_DST_PINNED retries and no sgc->imbalance:
 *    a balance that finds every task pinned fails like any other.
 *  - Active balance pushes the busiest CPU's running task through that
 *    CPU's migration thread (the kernel's stopper moves the first task it
 *    may from cfs_tasks' tail), from a periodic balance only, and the
 *    balancing CPU waits for it (the simulation stays deterministic).
 *  - Idle CPUs tick and balance for themselves (no nohz idle balancer);
 *    newly idle balance is not limited by avg_idle nor by its cost.
 *  - Only a fair task's tick raises the periodic balance to run after the
 *    tick (fair_balance_trigger(), as trigger_load_balance() raises
 *    SCHED_SOFTIRQ); an idle CPU's tick and a real-time task's balance
 *    inside the tick.
 *  - Wake-up placement sees no wake_wide() history and no
 *    recent_used_cpu; a wake-up from a timer is placed from the wakee's
 *    own CPU.
 */
#include <errno.h>
#include <string.h>

#include "compat/bug.h"
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/fair_balance.h"
#include "sched/internal.h"
#include "sched/pelt.h"
#include "sched/topology.h"

/* tasks looked at per balancing (the kernel's sysctl_sched_nr_migrate) */
#define NR_MIGRATE 32

/* the machine's domains, built at the class's init */
static struct sched_topology fair_topo;
/* what the next machine is built as; all 0: one MC domain of its CPUs */
static struct sched_topology_desc fair_topo_desc;

/*
 * What the kernel keeps in each CPU's sched_domain besides its shape:
 * when it was last balanced, and how many balances in a row failed.
 * Each CPU writes its own under its runqueue lock.
 */
struct fair_sd_state {
	unsigned long last_balance;
	unsigned int nr_balance_failed;
};

static struct fair_sd_state sd_state[NR_CPUS][SD_LV_NR];

/* ------------------------------------------------------------ topology */

void fair_topology_set(const struct sched_topology_desc *desc)
{
	if (desc)
		fair_topo_desc = *desc;
	else
		memset(&fair_topo_desc, 0, sizeof(fair_topo_desc));
}

const struct sched_topology *fair_topology(void)
{
	return &fair_topo;
}

void fair_smp_exit(void)
{
	__atomic_store_n(&fair_topo.nr_cpus, 0, __ATOMIC_RELAXED);
}

int fair_smp_init(int nr_cpus)
{
	struct sched_topology_desc desc = { 1, (unsigned int)nr_cpus, 1 };
	char err[128];
	int cpu, lv;

	if (fair_topo_desc.sockets)
		desc = fair_topo_desc;
	if (desc.sockets * desc.cores * desc.threads != (unsigned int)nr_cpus)
		return -EINVAL;
	/* the topology is read by the rt class's tick: built, then shown */
	__atomic_store_n(&fair_topo.nr_cpus, 0, __ATOMIC_RELAXED);
	if (sched_topology_build(&fair_topo, &desc, fair_ops->version, err,
				 sizeof(err)))
		return -EINVAL;
	for (cpu = 0; cpu < nr_cpus; cpu++)
		for (lv = 0; lv < SD_LV_NR; lv++) {
			sd_state[cpu][lv].last_balance = jiffies;
			sd_state[cpu][lv].nr_balance_failed = 0;
		}
	return 0;
}

static struct fair_sd_state *sd_state_of(int cpu, const struct sched_domain *sd)
{
	return &sd_state[cpu][sd - fair_topo.sd[cpu]];
}

/* ---------------------------------------------------------------- PELT */

/* the PELT clock: the runqueue's, one period on (0 is "never") */
static inline uint64_t pelt_clock(const struct runqueue *rq)
{
	return rq_clock(rq) + 1024 * 1024;
}

/* what other CPUs read of @rq's signals without its lock */
static void pelt_publish(struct runqueue *rq)
{
	__atomic_store_n(&rq->cfs.pelt_load, rq->cfs.avg.load_avg,
			 __ATOMIC_RELAXED);
	__atomic_store_n(&rq->cfs.pelt_util, rq->cfs.avg.util_avg,
			 __ATOMIC_RELAXED);
	__atomic_store_n(&rq->cfs.pelt_runnable, rq->cfs.avg.runnable_avg,
			 __ATOMIC_RELAXED);
	__atomic_store_n(&rq->rt_util, rq->avg_rt.util_avg, __ATOMIC_RELAXED);
}

/*
 * Whether an update of @sa at @now has anything to do: a whole unit
 * (1024 ns) since its last one, or a clock that went back.  Tested here
 * so that the many updates of one instant cost no call.
 */
static inline bool pelt_due(uint64_t last_update_time, uint64_t now)
{
	return now - last_update_time >= 1024;
}

/*
 * @rq's fair queue and its RT time, accrued up to now as they stood; the
 * averages are published again when they changed (every other change,
 * attach and detach, publishes them itself)
 */
static void update_rq_avg(struct runqueue *rq, uint64_t now)
{
	struct task_struct *curr = rq->curr;
	int changed = 0;

	if (pelt_due(rq->cfs.avg.last_update_time, now))
		changed |= __update_load_avg_cfs_rq(
			now, &rq->cfs.avg, rq->cfs.load.weight,
			(unsigned int)rq->cfs.h_nr_running,
			rq->cfs.curr != NULL);
	if (pelt_due(rq->avg_rt.last_update_time, now))
		changed |= update_rt_rq_load_avg(
			now, &rq->avg_rt,
			curr != rq->idle && rt_policy((int)curr->policy));
	if (changed)
		pelt_publish(rq);
}

/*
 * @p's signal accrued up to now as it stood (nothing while detached).
 * @rq, locked, is where @p is queued or about to be: a task being woken
 * onto it may still name its old CPU's cfs_rq, whose lock is not held,
 * and it runs on none, so only @rq's own queue is asked who runs.
 */
static void update_task_avg(struct runqueue *rq, struct task_struct *p,
			    uint64_t now)
{
	struct sched_entity *se = &p->se;
	struct cfs_rq *cfs_rq = cfs_rq_of(se);
	struct sched_avg sa;

	if (!se->avg.last_update_time ||
	    !pelt_due(se->avg.last_update_time, now))
		return;
	sched_avg_widen(&sa, &se->avg);
	__update_load_avg_se(now, &sa, se->load.weight, se->on_rq,
			     se->on_rq && !se->sched_delayed,
			     cfs_rq && rq_of(cfs_rq) == rq &&
				     cfs_rq->curr == se);
	sched_avg_narrow(&se->avg, &sa);
}

void fair_pelt_rt_tick(struct runqueue *rq)
{
	if (__atomic_load_n(&fair_topo.nr_cpus, __ATOMIC_RELAXED))
		update_rq_avg(rq, pelt_clock(rq));
}

void fair_pelt_fork(struct task_struct *p)
{
	struct sched_avg sa;

	init_entity_runnable_average(&sa, p->se.load.weight);
	sched_avg_narrow(&p->se.avg, &sa);
}

void fair_pelt_update(struct runqueue *rq, struct task_struct *p)
{
	uint64_t now = pelt_clock(rq);

	if (p)
		update_task_avg(rq, p, now);
	if (pelt_due(rq->cfs.avg.last_update_time, now) ||
	    pelt_due(rq->avg_rt.last_update_time, now))
		update_rq_avg(rq, now);
}

void fair_pelt_enqueue(struct runqueue *rq, struct task_struct *p, int flags)
{
	struct sched_avg sa;

	fair_pelt_update(rq, p);
	if (p->se.avg.last_update_time)
		return;
	/* new here: a new task's utilization, then its signal joins */
	sched_avg_widen(&sa, &p->se.avg);
	if (flags & ENQUEUE_INITIAL)
		post_init_entity_util_avg(&sa, p->se.load.weight, &rq->cfs.avg,
					  SCHED_CAPACITY_SCALE);
	attach_entity_load_avg(&rq->cfs.avg, &sa, p->se.load.weight);
	sched_avg_narrow(&p->se.avg, &sa);
	pelt_publish(rq);
}

void fair_pelt_migrate(struct task_struct *p)
{
	struct runqueue *rq = cpu_rq(task_cpu(p));
	struct sched_avg sa;

	if (!p->se.avg.last_update_time)
		return;
	fair_pelt_update(rq, p);
	sched_avg_widen(&sa, &p->se.avg);
	detach_entity_load_avg(&rq->cfs.avg, &sa, p->se.load.weight);
	p->se.avg.last_update_time = 0;
	pelt_publish(rq);
}

/*
 * @p's load on its CPU (the kernel's task_h_load()): its load_avg times
 * its queue's share of the CPU's load over that queue's load, plus one;
 * here the queue is the root's, whose share is its own load_avg, and a
 * task group scales it by the weights above it.
 */
static unsigned long task_load_avg(struct task_struct *p)
{
	unsigned long w = p->se.load.weight, rq_load;
	uint64_t load = p->se.avg.load_avg;

	if (p->se.on_rq) {
		rq_load = cpu_rq(task_cpu(p))->cfs.avg.load_avg;
		load = load * rq_load / (rq_load + 1);
	}

	/* queued: its group's queues weigh something all the way up */
	if (p->se.on_rq && p->se.cfs_rq &&
	    p->se.cfs_rq->tg != &root_task_group && w)
		return (unsigned long)(load * task_h_load(p) / w);
	return (unsigned long)load;
}

/* ------------------------------------------------------------ snapshots */

/* every online CPU as the balancer sees it, read without their locks */
static void fair_snapshot_fill(struct fair_snapshot *snap)
{
	struct fair_cpu_state *st;
	struct runqueue *rq;
	unsigned long util;
	int cpu;

	snap->topo = &fair_topo;
	snap->version = fair_ops->version;
	snap->sg_imbalanced = 0;
	for (cpu = 0; cpu < nr_cpus_online; cpu++) {
		rq = cpu_rq(cpu);
		st = &snap->cpu[cpu];
		st->nr_running = (unsigned int)rq_nr_running(rq);
		st->h_nr_running = (unsigned int)__atomic_load_n(
			&rq->cfs.h_nr_running, __ATOMIC_RELAXED);
		st->h_nr_delayed = 0;
		st->idle_h_nr_running = 0;
		st->load =
			__atomic_load_n(&rq->cfs.pelt_load, __ATOMIC_RELAXED);
		util = __atomic_load_n(&rq->cfs.pelt_util, __ATOMIC_RELAXED);
		st->util = util < SCHED_CAPACITY_SCALE ? util :
							 SCHED_CAPACITY_SCALE;
		st->runnable = __atomic_load_n(&rq->cfs.pelt_runnable,
					       __ATOMIC_RELAXED);
		st->capacity_orig = SCHED_CAPACITY_SCALE;
		/* no RT time: the full capacity, as scale_rt_capacity() has it */
		util = __atomic_load_n(&rq->rt_util, __ATOMIC_RELAXED);
		st->capacity = util ? scale_rt_capacity(SCHED_CAPACITY_SCALE,
							util, 0, 0) :
				      SCHED_CAPACITY_SCALE;
		/* a busy CPU's current task is not asked for */
		st->idle = !st->nr_running &&
			   __atomic_load_n(&rq->curr, __ATOMIC_ACQUIRE) ==
				   rq->idle;
		st->idle_stamp = 0;
	}
}

static void fair_task_fill(struct task_struct *p, struct fair_task_state *ts,
			   bool fork)
{
	ts->cpu = task_cpu(p);
	ts->attached = !fork && p->se.avg.last_update_time;
	ts->load = task_load_avg(p);
	ts->util = p->se.avg.util_avg;
	ts->runnable = p->se.avg.runnable_avg;
	ts->allowed = p->cpus_allowed & cpu_online_map;
	ts->recent_used_cpu = -1;
	ts->wake_wide = false;
}

int fair_select_task_rq(struct task_struct *p, int cpu, int wake_flags)
{
	struct fair_snapshot snap;
	struct fair_task_state ts;

	if (nr_cpus_online < 2)
		return cpu;
	fair_snapshot_fill(&snap);
	fair_task_fill(p, &ts, wake_flags & WF_FORK);
	return select_task_rq_fair(&snap, &ts, cpu, wake_flags, 0);
}

/* ------------------------------------------------------------ balancing */

/*
 * The tasks waiting on @rq that balancing looks at, at most NR_MIGRATE,
 * least recently queued or run first, as the kernel's cfs_tasks list
 * keeps them (the running task is out of the tree; a sleeper eevdf keeps
 * queued is no candidate).  Return: how many.
 */
static unsigned int balance_candidates(struct runqueue *rq,
				       struct task_struct **out)
{
	struct task_group *tg;
	struct sched_entity *se;
	struct task_struct *p;
	struct rb_node *node;
	unsigned int n = 0, i;

	list_for_each_entry(tg, &task_groups, list) {
		node = rb_first_cached(&tg->cfs_rq[rq->cpu]->tasks_timeline);
		for (; node && n < NR_MIGRATE; node = rb_next(node)) {
			se = __node_2_se(node);
			if (!entity_is_task(se) || se->sched_delayed)
				continue;
			/*
			 * insertion by the time its signal was last brought
			 * up to date (queued, or stopped running), stable
			 */
			p = task_of(se);
			for (i = n++; i && out[i - 1]->se.avg.last_update_time >
						   se->avg.last_update_time;
			     i--)
				out[i] = out[i - 1];
			out[i] = p;
		}
	}
	return n;
}

/* the kernel's task_hot(): it ran on @src too recently to move */
static bool task_hot(struct task_struct *p, const struct lb_env *env,
		     struct runqueue *src, struct runqueue *dst)
{
	struct sched_entity *se = &p->se;

	if (task_has_idle_policy(p))
		return false;
	if (env->sd->flags & SD_SHARE_CPUCAPACITY)
		return false;
	/* 6.1's CACHE_HOT_BUDDY */
	if (fair_ops->cache_hot_buddy && dst->nr_running &&
	    (cfs_rq_of(se)->next == se || cfs_rq_of(se)->last == se))
		return true;
	return (int64_t)(rq_clock(src) - se->exec_start) <
	       (int64_t)sysctl_sched_migration_cost;
}

static bool can_migrate_task(struct task_struct *p, const struct lb_env *env,
			     struct runqueue *src, struct runqueue *dst,
			     const struct fair_sd_state *st)
{
	if (!(p->cpus_allowed & (1UL << env->dst_cpu)) || task_running(src, p))
		return false;
	return !task_hot(p, env, src, dst) ||
	       st->nr_balance_failed > env->sd->cache_nice_tries;
}

/* @v shifted right by @shift, bounded to the type's width (shr_bound) */
static inline unsigned long shr_bound(unsigned long v, unsigned int shift)
{
	return v >> (shift < 8 * sizeof(v) - 1 ? shift : 8 * sizeof(v) - 1);
}

/*
 * The kernel's detach_tasks() and attach_tasks(): move waiting tasks of
 * @src to @dst until @env->imbalance, in its migration type's unit, is
 * covered.  Both runqueues locked.  Return: tasks moved.
 */
static int detach_tasks(struct lb_env *env, struct runqueue *src,
			struct runqueue *dst, const struct fair_sd_state *st)
{
	static const char *const rule[] = {
		[migrate_load] =
			"sched_balance_rq(): CPU a was the busiest group's busiest, an imbalance of b (load_avg units, migrate_load)",
		[migrate_util] =
			"sched_balance_rq(): CPU a was the busiest group's busiest, an imbalance of b (util_avg units, migrate_util)",
		[migrate_task] =
			"sched_balance_rq(): CPU a was the busiest group's busiest, an imbalance of b tasks (migrate_task)",
		[migrate_misfit] =
			"sched_balance_rq(): CPU a had a misfit task (migrate_misfit)",
	};
	struct task_struct *cand[NR_MIGRATE], *p;
	unsigned int n, i, loop_max;
	unsigned long load, util;
	struct sched_reason why;
	int moved = 0;

	if (src->nr_running <= 1 || env->imbalance <= 0)
		return 0;
	why = migrate_why(SCHED_MIGRATE_BALANCE, rule[env->migration_type],
			  src->cpu, env->imbalance, NULL);
	n = balance_candidates(src, cand);
	loop_max = src->nr_running < NR_MIGRATE ?
			   (unsigned int)src->nr_running :
			   NR_MIGRATE;
	for (i = 0; i < n && i < loop_max; i++) {
		if (env->idle != CPU_NOT_IDLE && src->nr_running <= 1)
			break;
		p = cand[i];
		if (!can_migrate_task(p, env, src, dst, st))
			continue;
		switch (env->migration_type) {
		case migrate_load:
			load = task_load_avg(p);
			load = load ? load : 1;
			/* LB_MIN is off in both kernels: tiny loads move too */
			if ((long)shr_bound(load, st->nr_balance_failed) >
			    env->imbalance)
				continue;
			env->imbalance -= (long)load;
			break;
		case migrate_util:
			util = p->se.avg.util_avg;
			if ((long)shr_bound(util, st->nr_balance_failed) >
			    env->imbalance)
				continue;
			env->imbalance -= (long)util;
			break;
		case migrate_task:
			env->imbalance--;
			break;
		case migrate_misfit:
			/* every CPU is the same size: nothing misfits */
			continue;
		}
		move_queued_task(src, p, dst, &why);
		dst->cfs.nr_pulled++;
		moved++;
		/* PREEMPTION kernels: a newly idle CPU takes one */
		if (env->idle == CPU_NEWLY_IDLE || env->imbalance <= 0)
			break;
	}
	return moved;
}

/*
 * The CPU of the local group that balances it: the first idle one, else
 * its first CPU; a newly idle CPU balances for itself while still idle.
 */
static bool should_we_balance(const struct lb_env *env, struct runqueue *rq)
{
	unsigned long local = env->sd->groups[0];
	int cpu;

	if (env->idle == CPU_NEWLY_IDLE)
		return !rq->nr_running;
	for (cpu = 0; cpu < nr_cpus_online; cpu++)
		if (cpumask_test_cpu(cpu, local) && env->snap->cpu[cpu].idle)
			return cpu == env->dst_cpu;
	return cpumask_first(local) == env->dst_cpu;
}

static bool need_active_balance(const struct lb_env *env, int src,
				const struct fair_sd_state *st)
{
	const struct fair_snapshot *snap = env->snap;
	const struct sched_domain *sd = env->sd;

	/* imbalanced_active_balance() */
	if (env->migration_type == migrate_task &&
	    st->nr_balance_failed > sd->cache_nice_tries + 2)
		return true;
	/* a lone task on a CPU RT pressure cut down */
	if (env->idle != CPU_NOT_IDLE && snap->cpu[src].h_nr_running == 1 &&
	    check_cpu_capacity(snap, src, sd) &&
	    snap->cpu[src].capacity * sd->imbalance_pct <
		    snap->cpu[env->dst_cpu].capacity * 100)
		return true;
	return env->migration_type == migrate_misfit;
}

/*
 * Push the running fair task of @busiest to @this_rq through @busiest's
 * migration thread (the kernel's stopper), @this_rq's lock let go while
 * it does.  Return: 1 when a push was served, 0 when none was made (not
 * a fair task, or a push under way), -1 when the running task may not
 * run here (the kernel's out_one_pinned).
 */
static int active_balance(struct runqueue *this_rq, struct runqueue *busiest)
{
	const struct sched_class *class = sched_current_class();
	struct task_struct *p;
	int ok;

	double_lock_runqueue(this_rq, busiest);
	p = busiest->curr;
	if (!(p->cpus_allowed & (1UL << this_rq->cpu)))
		ok = -1;
	else
		ok = p != busiest->idle && task_sched_class(p) == class &&
		     !busiest->active_balance && !busiest->migration_frozen;
	spin_unlock(&busiest->lock);
	if (ok <= 0)
		return ok;
	spin_unlock(&this_rq->lock);
	ok = sched_active_balance(busiest, this_rq->cpu);
	spin_lock(&this_rq->lock);
	return ok;
}

/*
 * The kernel's load_balance() of @this_rq's CPU in @sd.  @this_rq locked
 * (dropped and retaken while both runqueues are taken).  Return: tasks
 * pulled.
 */
static int balance_domain(struct runqueue *this_rq, struct sched_domain *sd,
			  enum cpu_idle_type idle, bool *continue_balancing)
{
	int this_cpu = this_rq->cpu, g, src, moved = 0, pushed;
	struct fair_sd_state *st = sd_state_of(this_cpu, sd);
	struct fair_snapshot snap;
	struct sd_lb_stats sds;
	struct runqueue *busiest;
	struct lb_env env = {
		.snap = &snap,
		.sd = sd,
		.dst_cpu = this_cpu,
		.idle = idle,
		.cpus = sd->span & cpu_online_map,
	};

	this_rq->nr_balance++;
	fair_snapshot_fill(&snap);
	if (!should_we_balance(&env, this_rq)) {
		*continue_balancing = false;
		goto out_balanced;
	}
	g = find_busiest_group(&env, &sds);
	if (g < 0)
		goto out_balanced;
	src = sched_balance_find_src_rq(&env, (unsigned int)g);
	if (src < 0 || src == this_cpu)
		goto out_balanced;
	busiest = cpu_rq(src);
	if (snap.cpu[src].nr_running > 1) {
		double_lock_runqueue(this_rq, busiest);
		moved = detach_tasks(&env, busiest, this_rq, st);
		spin_unlock(&busiest->lock);
	}
	if (!moved) {
		if (idle != CPU_NEWLY_IDLE)
			st->nr_balance_failed++;
		/* from a periodic balance only: see the file's comment */
		if (idle != CPU_NEWLY_IDLE &&
		    need_active_balance(&env, src, st)) {
			pushed = active_balance(this_rq, busiest);
			/* out_one_pinned: failures kept, the interval grows */
			if (pushed < 0) {
				sd_balance_interval_update(sd, false, false);
				return 0;
			}
			/* active_load_balance_cpu_stop(): a push resets them */
			if (pushed)
				st->nr_balance_failed = 0;
		}
	} else {
		st->nr_balance_failed = 0;
	}
	sd_balance_interval_update(sd, true, idle == CPU_NEWLY_IDLE);
	return moved;

out_balanced:
	st->nr_balance_failed = 0;
	sd_balance_interval_update(sd, false, idle == CPU_NEWLY_IDLE);
	return 0;
}

/* the kernel's rebalance_domains(): each domain whose interval is up */
static int rebalance_domains(struct runqueue *rq, enum cpu_idle_type idle)
{
	bool continue_balancing = true, busy = idle != CPU_IDLE;
	struct sched_domain *sd;
	struct fair_sd_state *st;
	unsigned long interval;
	int pulled = 0, moved;

	for_each_domain(&fair_topo, rq->cpu, sd) {
		if (!continue_balancing)
			break;
		st = sd_state_of(rq->cpu, sd);
		interval = get_sd_balance_interval(
			sd, busy, HZ, (unsigned int)nr_cpus_online);
		if ((long)(jiffies - (st->last_balance + interval)) < 0)
			continue;
		moved = balance_domain(rq, sd, idle, &continue_balancing);
		if (moved) {
			pulled += moved;
			idle = rq->curr == rq->idle && !rq->nr_running ?
				       CPU_IDLE :
				       CPU_NOT_IDLE;
			busy = idle != CPU_IDLE;
		}
		st->last_balance = jiffies;
	}
	return pulled;
}

/* the kernel's newidle_balance(), when some CPU has a task waiting */
static int newidle_balance(struct runqueue *rq)
{
	bool continue_balancing = true, overloaded = false;
	struct sched_domain *sd;
	int cpu, pulled = 0;

	for (cpu = 0; cpu < nr_cpus_online && !overloaded; cpu++)
		overloaded = rq_nr_running(cpu_rq(cpu)) > 1;
	if (!overloaded)
		return 0;
	for_each_domain(&fair_topo, rq->cpu, sd) {
		if (sd->flags & SD_BALANCE_NEWIDLE)
			pulled = balance_domain(rq, sd, CPU_NEWLY_IDLE,
						&continue_balancing);
		if (pulled || rq->nr_running)
			break;
	}
	return pulled;
}

/*
 * The classes' load_balance hook.  From schedule() (@idle, a task of
 * this CPU just left it): newly idle balance; from the tick: this CPU's
 * signals brought up to date (update_blocked_averages()), then each
 * domain whose interval is up.
 */
int load_balance_fair(struct runqueue *this_rq, int idle)
{
	if (nr_cpus_online < 2)
		return 0;
	if (idle && this_rq->curr != this_rq->idle)
		return newidle_balance(this_rq);
	fair_pelt_update(this_rq, NULL);
	return rebalance_domains(this_rq, idle ? CPU_IDLE : CPU_NOT_IDLE);
}

/*
 * The balance a fair task's tick raised, run after the tick (the kernel's
 * SCHED_SOFTIRQ): the real-time and deadline pulls on o1's cadence, the
 * fair domains whose interval is up.  @rq locked.
 */
static void fair_balance_tick(struct runqueue *rq)
{
	if (!(jiffies % BUSY_REBALANCE_TICK))
		sched_balance(rq, 0);
	else
		load_balance_fair(rq, 0);
}

/*
 * Whether a busy @rq has a balance due at this tick: o1's cadence for the
 * other classes' pulls, or a domain whose interval is up (the kernel's
 * rq->next_balance passed).  rebalance_domains() asks the same of each
 * domain, and a tick with none due would only bring this CPU's signals
 * up to date, which its task's tick has just done.
 */
static bool fair_balance_due(struct runqueue *rq)
{
	struct sched_domain *sd;
	unsigned long interval;

	if (!(jiffies % BUSY_REBALANCE_TICK))
		return true;
	if (nr_cpus_online < 2)
		return false;
	for_each_domain(&fair_topo, rq->cpu, sd) {
		interval = get_sd_balance_interval(
			sd, true, HZ, (unsigned int)nr_cpus_online);
		if ((long)(jiffies - (sd_state_of(rq->cpu, sd)->last_balance +
				      interval)) >= 0)
			return true;
	}
	return false;
}

void fair_balance_trigger(struct runqueue *rq)
{
	if (fair_balance_due(rq))
		raise_tick_balance(rq, fair_balance_tick);
}
