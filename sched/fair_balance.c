// SPDX-License-Identifier: MIT
/*
 * sched/fair_balance.c - the fair balancer's and placement's decisions of
 * Linux 6.1 and 6.12, as pure functions of a struct fair_snapshot.
 *
 * Mirrors kernel/sched/fair.c: scale_rt_capacity, check_cpu_capacity,
 * group_has_capacity, group_is_overloaded, group_classify, sg_imbalanced,
 * update_sg_lb_stats, update_sd_pick_busiest, update_sd_lb_stats,
 * sibling_imbalance (6.12), calculate_imbalance, find_busiest_group
 * (6.12's sched_balance_find_src_group), sched_balance_find_src_rq
 * (6.12's name for find_busiest_queue, which here is 2.5.33's);
 * wake_affine_idle, wake_affine_weight, wake_affine, select_idle_sibling,
 * select_idle_core, select_idle_smt, select_idle_cpu; update_sg_wakeup_stats, update_pick_idlest,
 * find_idlest_group, find_idlest_group_cpu, find_idlest_cpu (6.12's
 * sched_balance_find_dst_*) and select_task_rq_fair.  Where 6.12 differs
 * (the group_smt_balance type, sibling_imbalance counting cores, picking
 * among fully busy groups, the delayed tasks a sync wake-up discounts,
 * the utilization the busiest queue is chosen by), @snap->version says
 * which.
 * Written from the kernel's description of its rules.
 *
 * Deliberate differences from the kernel (docs/fidelity.md):
 *  - No NUMA (fbq types, imb_numa_nr), no energy-aware placement, no
 *    asymmetric capacities (misfit from a too-small CPU, SD_ASYM_*),
 *    no asym packing (ITMT), no core scheduling cookies, no uclamp.
 *  - group_misfit_task arises only the symmetric way: a lone fair task
 *    on a CPU RT pressure cut by more than imbalance_pct.
 *  - select_idle_cpu() scans the whole LLC: no SIS_UTIL limit (6.x's
 *    nr_idle_scan from the LLC's utilization; SIS_PROP is off in 6.1),
 *    no cluster-aware choices (6.12; there is no CLS level); the
 *    "has idle cores" hint is exact, not the kernel's lazily cleared
 *    flag; a per-CPU kthread's wake-up shortcut does not exist here.
 *  - Groups' capacity is summed from the snapshot every time (the kernel
 *    refreshes a remote group's sgc at its own balances).
 *  - util_est is left out: utilization is util_avg.
 */
#include <limits.h>
#include <string.h>

#include "sched/fair.h"
#include "sched/fair_balance.h"

/* *@v -= @d, stopping at 0 (the kernel's lsub_positive()) */
static void lsub_positive(long *v, long d)
{
	*v = *v > d ? *v - d : 0;
}

static const struct fair_cpu_state *cpu_state(const struct fair_snapshot *snap,
					      int cpu)
{
	return &snap->cpu[cpu];
}

/* the fair utilization the balancer reads: util_avg within capacity */
static unsigned long cpu_util_cfs(const struct fair_snapshot *snap, int cpu)
{
	const struct fair_cpu_state *rq = cpu_state(snap, cpu);

	return rq->util < rq->capacity_orig ? rq->util : rq->capacity_orig;
}

/* 6.12's sched_balance_find_src_rq: runnable counts when above util */
static unsigned long cpu_util_cfs_boost(const struct fair_snapshot *snap,
					int cpu)
{
	const struct fair_cpu_state *rq = cpu_state(snap, cpu);
	unsigned long util = rq->util > rq->runnable ? rq->util : rq->runnable;

	return util < rq->capacity_orig ? util : rq->capacity_orig;
}

/* only SCHED_IDLE tasks on it: as good as idle for a wakee */
static bool sched_idle_cpu(const struct fair_snapshot *snap, int cpu)
{
	const struct fair_cpu_state *rq = cpu_state(snap, cpu);

	return rq->nr_running && rq->nr_running == rq->idle_h_nr_running;
}

static bool available_idle_cpu(const struct fair_snapshot *snap, int cpu)
{
	return cpu_state(snap, cpu)->idle;
}

static unsigned long group_capacity(const struct fair_snapshot *snap,
				    unsigned long span)
{
	unsigned long capacity = 0;
	int cpu;

	for (cpu = 0; span >> cpu; cpu++)
		if (cpumask_test_cpu(cpu, span))
			capacity += cpu_state(snap, cpu)->capacity;
	return capacity;
}

unsigned long scale_rt_capacity(unsigned long max, unsigned long rt_util,
				unsigned long dl_util, unsigned long irq_util)
{
	unsigned long used = rt_util + dl_util, free;

	if (irq_util >= max || used >= max)
		return 1;
	free = max - used;
	/* IRQ time is not in the task clock: scale what is left by it */
	return free * (max - irq_util) / max;
}

bool check_cpu_capacity(const struct fair_snapshot *snap, int cpu,
			const struct sched_domain *sd)
{
	const struct fair_cpu_state *rq = cpu_state(snap, cpu);

	return rq->capacity * sd->imbalance_pct < rq->capacity_orig * 100;
}

/* a lone fair task on a CPU whose capacity RT pressure cut */
static bool sched_reduced_capacity(const struct fair_snapshot *snap, int cpu,
				   const struct sched_domain *sd)
{
	if (cpu_state(snap, cpu)->h_nr_running != 1)
		return false;
	return check_cpu_capacity(snap, cpu, sd);
}

/* room for more: a CPU without a task, or utilization well below */
static bool group_has_capacity(unsigned int imbalance_pct,
			       const struct sg_lb_stats *sgs)
{
	if (sgs->sum_nr_running < sgs->group_weight)
		return true;
	if (sgs->group_capacity * imbalance_pct < sgs->group_runnable * 100)
		return false;
	return sgs->group_capacity * 100 > sgs->group_util * imbalance_pct;
}

/* more tasks than CPUs, and utilization or runnable time to show it */
static bool group_is_overloaded(unsigned int imbalance_pct,
				const struct sg_lb_stats *sgs)
{
	if (sgs->sum_nr_running <= sgs->group_weight)
		return false;
	if (sgs->group_capacity * 100 < sgs->group_util * imbalance_pct)
		return true;
	return sgs->group_capacity * imbalance_pct < sgs->group_runnable * 100;
}

enum group_type group_classify(enum fair_version version,
			       unsigned int imbalance_pct, bool imbalanced,
			       const struct sg_lb_stats *sgs)
{
	if (group_is_overloaded(imbalance_pct, sgs))
		return group_overloaded;
	if (imbalanced)
		return group_imbalanced;
	if (version == FAIR_V6_12 && sgs->group_smt_balance)
		return group_smt_balance;
	if (sgs->group_misfit_task_load)
		return group_misfit_task;
	if (!group_has_capacity(imbalance_pct, sgs))
		return group_fully_busy;
	return group_has_spare;
}

static bool sg_imbalanced(const struct fair_snapshot *snap, unsigned long span)
{
	return cpumask_test_cpu(cpumask_first(span), snap->sg_imbalanced);
}

void update_sg_lb_stats(const struct lb_env *env, struct sd_lb_stats *sds,
			unsigned int g, struct sg_lb_stats *sgs)
{
	const struct fair_snapshot *snap = env->snap;
	unsigned long span = env->sd->groups[g];
	bool local_group = (int)g == sds->local;
	int cpu;

	memset(sgs, 0, sizeof(*sgs));
	for (cpu = 0; span >> cpu; cpu++) {
		const struct fair_cpu_state *rq = cpu_state(snap, cpu);

		if (!cpumask_test_cpu(cpu, span & env->cpus))
			continue;
		sgs->group_load += rq->load;
		sgs->group_util += cpu_util_cfs(snap, cpu);
		sgs->group_runnable += rq->runnable;
		sgs->sum_h_nr_running += rq->h_nr_running;
		sgs->sum_nr_running += rq->nr_running;
		if (rq->nr_running > 1)
			sds->overloaded = true;
		if (!rq->nr_running && rq->idle) {
			sgs->idle_cpus++;
			continue;
		}
		if (local_group)
			continue;
		if (env->idle != CPU_NOT_IDLE &&
		    sched_reduced_capacity(snap, cpu, env->sd) &&
		    sgs->group_misfit_task_load < rq->load)
			sgs->group_misfit_task_load = rq->load;
	}
	sgs->group_capacity = group_capacity(snap, span);
	sgs->group_weight = cpumask_weight(span);
	/* 6.12: an SMT core with 2+ fair tasks, seen by an idle CPU */
	if (snap->version == FAIR_V6_12 && !local_group &&
	    env->idle != CPU_NOT_IDLE &&
	    (env->sd->group_flags[g] & SD_SHARE_CPUCAPACITY) &&
	    sgs->sum_h_nr_running > 1)
		sgs->group_smt_balance = 1;
	sgs->group_type = group_classify(snap->version, env->sd->imbalance_pct,
					 sg_imbalanced(snap, span), sgs);
	if (sgs->group_type == group_overloaded)
		sgs->avg_load = sgs->group_load * SCHED_CAPACITY_SCALE /
				sgs->group_capacity;
}

/* 6.12: one group is an SMT core and the other is not */
static bool smt_vs_nonsmt_groups(const struct sched_domain *sd, int g1, int g2)
{
	if (g1 < 0 || g2 < 0)
		return false;
	return (sd->group_flags[g1] & SD_SHARE_CPUCAPACITY) !=
	       (sd->group_flags[g2] & SD_SHARE_CPUCAPACITY);
}

/* among groups of the same type: the one with more to give */
static bool pick_busiest_same_type(const struct lb_env *env,
				   const struct sd_lb_stats *sds,
				   unsigned int g,
				   const struct sg_lb_stats *sgs)
{
	const struct sg_lb_stats *busiest = &sds->busiest_stat;
	const struct sched_domain *sd = env->sd;
	bool v612 = env->snap->version == FAIR_V6_12;

	switch (sgs->group_type) {
	case group_overloaded:
		return sgs->avg_load > busiest->avg_load;
	case group_imbalanced:
		/* the first one found; they all need the same help */
		return false;
	case group_asym_packing:
		return false; /* asym packing is left out: never classified */
	case group_misfit_task:
		/* the bigger misfit; 6.1 takes the later one on a tie */
		if (v612)
			return sgs->group_misfit_task_load >
			       busiest->group_misfit_task_load;
		return sgs->group_misfit_task_load >=
		       busiest->group_misfit_task_load;
	case group_smt_balance:
		if (sgs->idle_cpus || busiest->idle_cpus)
			break; /* compared as groups with spare CPUs */
		/* fall through */
	case group_fully_busy:
		if (!v612)
			return sgs->avg_load > busiest->avg_load;
		if (sgs->avg_load < busiest->avg_load)
			return false;
		/* on a tie, leave an SMT core be: its siblings share */
		return !(
			sgs->avg_load == busiest->avg_load &&
			(sd->group_flags[sds->busiest] & SD_SHARE_CPUCAPACITY));
	case group_has_spare:
		if (v612 && smt_vs_nonsmt_groups(sd, sds->busiest, (int)g))
			return !((sd->group_flags[g] & SD_SHARE_CPUCAPACITY) &&
				 sgs->sum_h_nr_running <= 1);
		break;
	}
	/* fewest idle CPUs, then most tasks */
	if (sgs->idle_cpus > busiest->idle_cpus)
		return false;
	return !(sgs->idle_cpus == busiest->idle_cpus &&
		 sgs->sum_nr_running <= busiest->sum_nr_running);
}

bool update_sd_pick_busiest(const struct lb_env *env,
			    const struct sd_lb_stats *sds, unsigned int g,
			    const struct sg_lb_stats *sgs)
{
	/* no fair task, nothing to pull */
	if (!sgs->sum_h_nr_running)
		return false;
	if (sgs->group_type > sds->busiest_stat.group_type)
		return true;
	if (sgs->group_type < sds->busiest_stat.group_type)
		return false;
	return pick_busiest_same_type(env, sds, g, sgs);
}

void update_sd_lb_stats(const struct lb_env *env, struct sd_lb_stats *sds)
{
	const struct sched_domain *sd = env->sd;
	struct sg_lb_stats tmp;
	unsigned int g;

	memset(sds, 0, sizeof(*sds));
	sds->busiest = -1;
	sds->local = -1;
	/* any group with a fair task beats the empty start */
	sds->busiest_stat.group_type = group_has_spare;
	sds->busiest_stat.idle_cpus = UINT_MAX;
	for (g = 0; g < sd->nr_groups; g++)
		if (cpumask_test_cpu(env->dst_cpu, sd->groups[g]))
			sds->local = (int)g;
	for (g = 0; g < sd->nr_groups; g++) {
		struct sg_lb_stats *sgs =
			(int)g == sds->local ? &sds->local_stat : &tmp;

		update_sg_lb_stats(env, sds, g, sgs);
		if ((int)g != sds->local &&
		    update_sd_pick_busiest(env, sds, g, sgs)) {
			sds->busiest = (int)g;
			sds->busiest_stat = *sgs;
		}
		sds->total_load += sgs->group_load;
		sds->total_capacity += sgs->group_capacity;
	}
	if (env->snap->version == FAIR_V6_1)
		sds->prefer_sibling = sd->child &&
				      (sd->child->flags & SD_PREFER_SIBLING);
	else if (sds->busiest >= 0)
		sds->prefer_sibling =
			!!(sd->group_flags[sds->busiest] & SD_PREFER_SIBLING);
}

/*
 * 6.12: the tasks to move between sibling groups so that each runs its
 * share per core; equal core counts: the difference in tasks.
 */
static long sibling_imbalance(const struct lb_env *env,
			      const struct sd_lb_stats *sds,
			      const struct sg_lb_stats *busiest,
			      const struct sg_lb_stats *local)
{
	const struct sched_topology *topo = env->snap->topo;
	long ncores_busiest, ncores_local, imbalance;

	if (env->idle == CPU_NOT_IDLE || !busiest->sum_nr_running)
		return 0;
	ncores_busiest = sched_group_cores(topo, env->sd->groups[sds->busiest]);
	ncores_local = sched_group_cores(topo, env->sd->groups[sds->local]);
	if (ncores_busiest == ncores_local) {
		imbalance = busiest->sum_nr_running;
		lsub_positive(&imbalance, local->sum_nr_running);
		return imbalance;
	}
	/* tasks per core, scaled by both counts, rounded to nearest */
	imbalance = ncores_local * busiest->sum_nr_running;
	lsub_positive(&imbalance, ncores_busiest * local->sum_nr_running);
	imbalance = 2 * imbalance + ncores_local + ncores_busiest;
	imbalance /= ncores_local + ncores_busiest;
	/* an idle local group takes one of two tasks anyway */
	if (imbalance <= 1 && local->sum_nr_running == 0 &&
	    busiest->sum_nr_running > 1)
		imbalance = 2;
	return imbalance;
}

/* the local group has spare CPUs: move utilization or tasks to it */
static void imbalance_to_spare(struct lb_env *env, struct sd_lb_stats *sds)
{
	struct sg_lb_stats *local = &sds->local_stat;
	struct sg_lb_stats *busiest = &sds->busiest_stat;

	if (busiest->group_type > group_fully_busy &&
	    !(env->sd->flags & SD_SHARE_LLC)) {
		/* fill the local group's spare capacity */
		env->migration_type = migrate_util;
		env->imbalance =
			(long)((local->group_capacity > local->group_util ?
					local->group_capacity :
					local->group_util) -
			       local->group_util);
		if (env->idle != CPU_NOT_IDLE && env->imbalance == 0) {
			env->migration_type = migrate_task;
			env->imbalance = 1;
		}
		return;
	}
	env->migration_type = migrate_task;
	if (busiest->group_weight == 1 || sds->prefer_sibling) {
		if (env->snap->version == FAIR_V6_12) {
			env->imbalance =
				sibling_imbalance(env, sds, busiest, local);
		} else {
			env->imbalance = busiest->sum_nr_running;
			lsub_positive(&env->imbalance, local->sum_nr_running);
		}
	} else {
		/* even out the idle CPUs */
		env->imbalance =
			(long)local->idle_cpus - (long)busiest->idle_cpus;
		if (env->imbalance < 0)
			env->imbalance = 0;
	}
	/* half the difference evens the two */
	env->imbalance >>= 1;
}

void calculate_imbalance(struct lb_env *env, struct sd_lb_stats *sds)
{
	struct sg_lb_stats *local = &sds->local_stat;
	struct sg_lb_stats *busiest = &sds->busiest_stat;
	unsigned long above, below;

	switch (busiest->group_type) {
	case group_misfit_task:
		/* symmetric CPUs: move the load off the squeezed CPU */
		env->migration_type = migrate_load;
		env->imbalance = (long)busiest->group_misfit_task_load;
		return;
	case group_asym_packing:
		env->migration_type = migrate_task;
		env->imbalance = busiest->sum_h_nr_running;
		return;
	case group_smt_balance:
	case group_imbalanced:
		env->migration_type = migrate_task;
		env->imbalance = 1;
		return;
	default:
		break;
	}
	if (local->group_type == group_has_spare) {
		imbalance_to_spare(env, sds);
		return;
	}
	if (local->group_type < group_overloaded) {
		/* pull only if that brings both toward the domain's average */
		local->avg_load = local->group_load * SCHED_CAPACITY_SCALE /
				  local->group_capacity;
		if (local->avg_load >= busiest->avg_load) {
			env->imbalance = 0;
			return;
		}
		sds->avg_load = sds->total_load * SCHED_CAPACITY_SCALE /
				sds->total_capacity;
		if (local->avg_load >= sds->avg_load) {
			env->imbalance = 0;
			return;
		}
	}
	/* as much load as takes the busiest down or the local up to it */
	env->migration_type = migrate_load;
	above = (busiest->avg_load - sds->avg_load) * busiest->group_capacity;
	below = (sds->avg_load - local->avg_load) * local->group_capacity;
	env->imbalance =
		(long)((above < below ? above : below) / SCHED_CAPACITY_SCALE);
}

int find_busiest_group(struct lb_env *env, struct sd_lb_stats *sds)
{
	struct sg_lb_stats *local, *busiest;
	bool v612 = env->snap->version == FAIR_V6_12;

	update_sd_lb_stats(env, sds);
	env->imbalance = 0;
	if (sds->busiest < 0)
		return -1;
	busiest = &sds->busiest_stat;
	local = &sds->local_stat;
	if (busiest->group_type == group_misfit_task ||
	    busiest->group_type == group_asym_packing ||
	    busiest->group_type == group_imbalanced)
		goto force_balance;
	if (local->group_type > busiest->group_type)
		return -1;
	if (local->group_type == group_overloaded) {
		/* both overloaded: only a real difference moves load */
		if (local->avg_load >= busiest->avg_load)
			return -1;
		sds->avg_load = sds->total_load * SCHED_CAPACITY_SCALE /
				sds->total_capacity;
		if (local->avg_load >= sds->avg_load)
			return -1;
		if (100 * busiest->avg_load <=
		    env->sd->imbalance_pct * local->avg_load)
			return -1;
	}
	/* spread to siblings first */
	if (sds->prefer_sibling && local->group_type == group_has_spare &&
	    (v612 ? sibling_imbalance(env, sds, busiest, local) > 1 :
		    busiest->sum_nr_running > local->sum_nr_running + 1))
		goto force_balance;
	if (busiest->group_type != group_overloaded) {
		/* a busy CPU does not pull from a group that is not overloaded */
		if (env->idle == CPU_NOT_IDLE)
			return -1;
		if (v612 && busiest->group_type == group_smt_balance &&
		    smt_vs_nonsmt_groups(env->sd, sds->local, sds->busiest))
			goto force_balance;
		/* nor when it would only swap which group has the idle CPU */
		if (busiest->group_weight > 1 &&
		    local->idle_cpus <= busiest->idle_cpus + 1)
			return -1;
		if (busiest->sum_h_nr_running == 1)
			return -1;
	}
force_balance:
	calculate_imbalance(env, sds);
	return env->imbalance ? sds->busiest : -1;
}

int sched_balance_find_src_rq(const struct lb_env *env, unsigned int g)
{
	const struct fair_snapshot *snap = env->snap;
	unsigned long span = env->sd->groups[g] & env->cpus;
	unsigned long busiest_load = 0, busiest_capacity = 1, busiest_util = 0;
	unsigned long load, util, capacity;
	unsigned int busiest_nr = 0, nr_running;
	int cpu, busiest = -1;

	for (cpu = 0; span >> cpu; cpu++) {
		if (!cpumask_test_cpu(cpu, span))
			continue;
		nr_running = cpu_state(snap, cpu)->h_nr_running;
		if (!nr_running)
			continue;
		capacity = cpu_state(snap, cpu)->capacity;
		switch (env->migration_type) {
		case migrate_load:
			/* a lone task heavier than the imbalance stays,
			 * unless RT pressure squeezes its CPU */
			load = cpu_state(snap, cpu)->load;
			if (nr_running == 1 &&
			    load > (unsigned long)env->imbalance &&
			    !check_cpu_capacity(snap, cpu, env->sd))
				break;
			/* the highest load per capacity */
			if (load * busiest_capacity > busiest_load * capacity) {
				busiest_load = load;
				busiest_capacity = capacity;
				busiest = cpu;
			}
			break;
		case migrate_util:
			util = snap->version == FAIR_V6_12 ?
				       cpu_util_cfs_boost(snap, cpu) :
				       cpu_util_cfs(snap, cpu);
			if (nr_running <= 1)
				continue;
			if (busiest_util < util) {
				busiest_util = util;
				busiest = cpu;
			}
			break;
		case migrate_task:
			if (busiest_nr < nr_running) {
				busiest_nr = nr_running;
				busiest = cpu;
			}
			break;
		case migrate_misfit:
			break; /* asymmetric capacities are left out */
		}
	}
	return busiest;
}

/* ------------------------------------------------------------ wake-ups */

int wake_affine_idle(const struct fair_snapshot *snap, int this_cpu,
		     int prev_cpu, bool sync)
{
	const struct fair_cpu_state *this_rq = cpu_state(snap, this_cpu);

	/*
	 * An idle waker's CPU (an interrupt woke the task) wins only within
	 * the cache, and then only over a busy previous CPU.
	 */
	if (available_idle_cpu(snap, this_cpu) &&
	    cpus_share_cache(snap->topo, this_cpu, prev_cpu))
		return available_idle_cpu(snap, prev_cpu) ? prev_cpu : this_cpu;
	/* a waker about to sleep leaves its CPU to the wakee */
	if (sync && this_rq->nr_running - (snap->version == FAIR_V6_12 ?
						   this_rq->h_nr_delayed :
						   0) ==
			    1)
		return this_cpu;
	if (available_idle_cpu(snap, prev_cpu))
		return prev_cpu;
	return -1;
}

int wake_affine_weight(const struct fair_snapshot *snap,
		       const struct sched_domain *sd,
		       const struct fair_task_state *p, int this_cpu,
		       int prev_cpu, bool sync, unsigned long current_load)
{
	int64_t this_eff_load, prev_eff_load;

	this_eff_load = (int64_t)cpu_state(snap, this_cpu)->load;
	if (sync) {
		if ((int64_t)current_load > this_eff_load)
			return this_cpu;
		this_eff_load -= (int64_t)current_load;
	}
	this_eff_load += (int64_t)p->load;
	/* WA_BIAS: the previous CPU keeps half of imbalance_pct's margin */
	this_eff_load *= 100;
	this_eff_load *= (int64_t)cpu_state(snap, prev_cpu)->capacity;
	prev_eff_load = (int64_t)cpu_state(snap, prev_cpu)->load;
	prev_eff_load -= (int64_t)p->load;
	prev_eff_load *= 100 + (sd->imbalance_pct - 100) / 2;
	prev_eff_load *= (int64_t)cpu_state(snap, this_cpu)->capacity;
	/* on a tie a sync wake-up goes to the waker */
	if (sync)
		prev_eff_load += 1;
	return this_eff_load < prev_eff_load ? this_cpu : -1;
}

int wake_affine(const struct fair_snapshot *snap, const struct sched_domain *sd,
		const struct fair_task_state *p, int this_cpu, int prev_cpu,
		bool sync, unsigned long current_load)
{
	int target = wake_affine_idle(snap, this_cpu, prev_cpu, sync);

	if (target < 0)
		target = wake_affine_weight(snap, sd, p, this_cpu, prev_cpu,
					    sync, current_load);
	return target == this_cpu ? this_cpu : prev_cpu;
}

static bool idle_or_sched_idle(const struct fair_snapshot *snap, int cpu)
{
	return available_idle_cpu(snap, cpu) || sched_idle_cpu(snap, cpu);
}

/* some core of @span has every thread idle (the kernel keeps a hint) */
static bool test_idle_cores(const struct fair_snapshot *snap,
			    unsigned long span)
{
	const struct sched_topology *topo = snap->topo;
	int cpu, sib;

	for (cpu = 0; span >> cpu; cpu++) {
		bool all = true;

		if (!cpumask_test_cpu(cpu, span))
			continue;
		for (sib = 0; topo->smt_mask[cpu] >> sib; sib++)
			if (cpumask_test_cpu(sib, topo->smt_mask[cpu]) &&
			    !available_idle_cpu(snap, sib))
				all = false;
		if (all)
			return true;
	}
	return false;
}

/* an idle sibling of @target on its core, in the LLC */
static int select_idle_smt(const struct fair_snapshot *snap,
			   const struct fair_task_state *p,
			   const struct sched_domain *sd, int target)
{
	unsigned long siblings = snap->topo->smt_mask[target] & p->allowed &
				 sd->span;
	int cpu;

	for (cpu = 0; siblings >> cpu; cpu++)
		if (cpu != target && cpumask_test_cpu(cpu, siblings) &&
		    idle_or_sched_idle(snap, cpu))
			return cpu;
	return -1;
}

/*
 * @core's threads all idle: the core.  Otherwise remember the first idle
 * (or SCHED_IDLE-only) thread in *@idle_cpu and strike the core from
 * *@cpus.
 */
static int select_idle_core(const struct fair_snapshot *snap, int core,
			    unsigned long *cpus, int *idle_cpu)
{
	unsigned long smt = snap->topo->smt_mask[core];
	bool idle = true;
	int cpu;

	for (cpu = 0; smt >> cpu; cpu++) {
		if (!cpumask_test_cpu(cpu, smt))
			continue;
		if (!available_idle_cpu(snap, cpu)) {
			idle = false;
			if (*idle_cpu == -1) {
				if (sched_idle_cpu(snap, cpu) &&
				    cpumask_test_cpu(cpu, *cpus)) {
					*idle_cpu = cpu;
					break;
				}
				continue;
			}
			break;
		}
		if (*idle_cpu == -1 && cpumask_test_cpu(cpu, *cpus))
			*idle_cpu = cpu;
	}
	if (idle)
		return core;
	*cpus &= ~smt;
	return -1;
}

/* scan the LLC from @target + 1, wrapping: an idle core, or CPU */
static int select_idle_cpu(const struct fair_snapshot *snap,
			   const struct fair_task_state *p,
			   const struct sched_domain *sd, bool has_idle_core,
			   int target)
{
	unsigned long cpus = sd->span & p->allowed;
	unsigned int nr_cpus = snap->topo->nr_cpus, k;
	int idle_cpu = -1, i;

	for (k = 1; k <= nr_cpus; k++) {
		int cpu = (int)((target + k) % nr_cpus);

		if (!cpumask_test_cpu(cpu, cpus))
			continue;
		if (has_idle_core) {
			i = select_idle_core(snap, cpu, &cpus, &idle_cpu);
			if (i >= 0)
				return i;
		} else if (idle_or_sched_idle(snap, cpu)) {
			return cpu;
		}
	}
	return idle_cpu;
}

int select_idle_sibling(const struct fair_snapshot *snap,
			const struct fair_task_state *p, int prev, int target)
{
	const struct sched_topology *topo = snap->topo;
	const struct sched_domain *sd;
	int recent = p->recent_used_cpu, i;
	bool has_idle_core = false;

	if (idle_or_sched_idle(snap, target))
		return target;
	/* the previous CPU, if it shares the cache and is idle */
	if (prev != target && cpus_share_cache(topo, prev, target) &&
	    idle_or_sched_idle(snap, prev))
		return prev;
	if (recent >= 0 && recent != prev && recent != target &&
	    cpus_share_cache(topo, recent, target) &&
	    idle_or_sched_idle(snap, recent) &&
	    cpumask_test_cpu(recent, p->allowed))
		return recent;
	sd = topo->sd_llc[target];
	if (!sd)
		return target;
	if (topo->desc.threads > 1) {
		has_idle_core = test_idle_cores(snap, sd->span);
		if (!has_idle_core && cpus_share_cache(topo, prev, target)) {
			i = select_idle_smt(snap, p, sd, prev);
			if (i >= 0)
				return i;
		}
	}
	i = select_idle_cpu(snap, p, sd, has_idle_core, target);
	return i >= 0 ? i : target;
}

/* ------------------------------------------------ fork and exec placement */

/* @p's share of @cpu's signals, when it is queued there */
static bool task_on_cpu(const struct fair_task_state *p, int cpu)
{
	return p->attached && p->cpu == cpu;
}

static unsigned long sub_floor(unsigned long a, unsigned long b)
{
	return a > b ? a - b : 0;
}

/* a group's statistics as if @p were not on it (update_sg_wakeup_stats) */
static void update_sg_wakeup_stats(const struct fair_snapshot *snap,
				   const struct sched_domain *sd,
				   unsigned int g,
				   const struct fair_task_state *p,
				   struct sg_lb_stats *sgs)
{
	unsigned long span = sd->groups[g] & p->allowed;
	int cpu;

	memset(sgs, 0, sizeof(*sgs));
	for (cpu = 0; span >> cpu; cpu++) {
		const struct fair_cpu_state *rq = cpu_state(snap, cpu);
		unsigned int local = task_on_cpu(p, cpu);
		unsigned long util = cpu_util_cfs(snap, cpu);

		if (!cpumask_test_cpu(cpu, span))
			continue;
		sgs->group_load += local ? sub_floor(rq->load, p->load) :
					   rq->load;
		sgs->group_util += local ? sub_floor(util, p->util) : util;
		sgs->group_runnable +=
			local ? sub_floor(rq->runnable, p->runnable) :
				rq->runnable;
		sgs->sum_h_nr_running += rq->h_nr_running - local;
		sgs->sum_nr_running += rq->nr_running - local;
		if (rq->nr_running - local == 0)
			sgs->idle_cpus++;
	}
	sgs->group_capacity = group_capacity(snap, sd->groups[g]);
	sgs->group_weight = cpumask_weight(sd->groups[g]);
	sgs->group_type = group_classify(snap->version, sd->imbalance_pct,
					 sg_imbalanced(snap, sd->groups[g]),
					 sgs);
	if (sgs->group_type == group_fully_busy ||
	    sgs->group_type == group_overloaded)
		sgs->avg_load = sgs->group_load * SCHED_CAPACITY_SCALE /
				sgs->group_capacity;
}

/* whether @sgs is idler than the idlest so far */
static bool update_pick_idlest(const struct sg_lb_stats *idlest,
			       const struct sg_lb_stats *sgs)
{
	if (sgs->group_type != idlest->group_type)
		return sgs->group_type < idlest->group_type;
	switch (sgs->group_type) {
	case group_overloaded:
	case group_fully_busy:
		return idlest->avg_load > sgs->avg_load;
	case group_has_spare:
		if (idlest->idle_cpus != sgs->idle_cpus)
			return idlest->idle_cpus < sgs->idle_cpus;
		return idlest->group_util > sgs->group_util;
	default:
		return false;
	}
}

/* the group of @sd to place @p in, or -1 to stay in this CPU's */
static int find_idlest_group(const struct fair_snapshot *snap,
			     const struct sched_domain *sd,
			     const struct fair_task_state *p, int this_cpu)
{
	struct sg_lb_stats local_sgs, tmp,
		idlest_sgs = {
			.avg_load = UINT_MAX,
			.group_type = group_overloaded,
		};
	int idlest = -1, local = -1;
	unsigned long imbalance;
	unsigned int g;

	for (g = 0; g < sd->nr_groups; g++) {
		bool local_group = cpumask_test_cpu(this_cpu, sd->groups[g]);
		struct sg_lb_stats *sgs = local_group ? &local_sgs : &tmp;

		if (!(sd->groups[g] & p->allowed))
			continue;
		if (local_group)
			local = (int)g;
		update_sg_wakeup_stats(snap, sd, g, p, sgs);
		if (!local_group && update_pick_idlest(&idlest_sgs, sgs)) {
			idlest = (int)g;
			idlest_sgs = *sgs;
		}
	}
	if (idlest < 0 || local < 0)
		return idlest;
	if (local_sgs.group_type != idlest_sgs.group_type)
		return local_sgs.group_type < idlest_sgs.group_type ? -1 :
								      idlest;
	switch (local_sgs.group_type) {
	case group_overloaded:
	case group_fully_busy:
		/* move only for a clear gain: a nice-0 task's margin */
		imbalance = NICE_0_LOAD * (sd->imbalance_pct - 100) / 100;
		if (idlest_sgs.avg_load >= local_sgs.avg_load + imbalance)
			return -1;
		if (100 * local_sgs.avg_load <=
		    sd->imbalance_pct * idlest_sgs.avg_load)
			return -1;
		return idlest;
	case group_has_spare:
		return local_sgs.idle_cpus >= idlest_sgs.idle_cpus ? -1 :
								     idlest;
	default:
		return -1;
	}
}

/* in @span: a SCHED_IDLE-only CPU, the CPU idle the shortest, or the
 * least loaded */
static int find_idlest_group_cpu(const struct fair_snapshot *snap,
				 unsigned long span,
				 const struct fair_task_state *p, int this_cpu)
{
	unsigned long load, min_load = ULONG_MAX;
	uint64_t latest_idle_timestamp = 0;
	int least_loaded_cpu = this_cpu, shallowest_idle_cpu = -1, cpu;

	if (cpumask_weight(span) == 1)
		return cpumask_first(span);
	span &= p->allowed;
	for (cpu = 0; span >> cpu; cpu++) {
		const struct fair_cpu_state *rq = cpu_state(snap, cpu);

		if (!cpumask_test_cpu(cpu, span))
			continue;
		if (sched_idle_cpu(snap, cpu))
			return cpu;
		if (rq->idle) {
			/* no idle states here: the most recently idle */
			if (rq->idle_stamp > latest_idle_timestamp) {
				latest_idle_timestamp = rq->idle_stamp;
				shallowest_idle_cpu = cpu;
			}
		} else if (shallowest_idle_cpu == -1) {
			load = rq->load;
			if (load < min_load) {
				min_load = load;
				least_loaded_cpu = cpu;
			}
		}
	}
	return shallowest_idle_cpu != -1 ? shallowest_idle_cpu :
					   least_loaded_cpu;
}

int find_idlest_cpu(const struct fair_snapshot *snap,
		    const struct sched_domain *sd,
		    const struct fair_task_state *p, int cpu, int prev_cpu,
		    unsigned int sd_flag)
{
	const struct sched_topology *topo = snap->topo;
	const struct sched_domain *tmp;
	int new_cpu = cpu, g;
	unsigned int weight;

	if (!(sd->span & p->allowed))
		return prev_cpu;
	while (sd) {
		if (!(sd->flags & sd_flag)) {
			sd = sd->child;
			continue;
		}
		g = find_idlest_group(snap, sd, p, cpu);
		if (g < 0) {
			sd = sd->child;
			continue;
		}
		new_cpu = find_idlest_group_cpu(snap, sd->groups[g], p, cpu);
		if (new_cpu == cpu) {
			sd = sd->child;
			continue;
		}
		/* go on from the chosen CPU's domains below this level */
		cpu = new_cpu;
		weight = sd->span_weight;
		sd = NULL;
		for_each_domain(topo, cpu, tmp) {
			if (weight <= tmp->span_weight)
				break;
			if (tmp->flags & sd_flag)
				sd = tmp;
		}
	}
	return new_cpu;
}

int select_task_rq_fair(const struct fair_snapshot *snap,
			const struct fair_task_state *p, int cpu,
			int wake_flags, unsigned long current_load)
{
	const struct sched_topology *topo = snap->topo;
	const struct sched_domain *tmp, *sd = NULL;
	bool sync = wake_flags & WF_SYNC;
	int prev_cpu = p->cpu, new_cpu = p->cpu;
	bool want_affine = false;
	unsigned int sd_flag;

	if (wake_flags & WF_TTWU) {
		sd_flag = SD_BALANCE_WAKE;
		want_affine = !p->wake_wide &&
			      cpumask_test_cpu(cpu, p->allowed);
	} else {
		sd_flag = wake_flags & WF_FORK ? SD_BALANCE_FORK :
						 SD_BALANCE_EXEC;
	}
	for_each_domain(topo, cpu, tmp) {
		/* the lowest domain holding both CPUs decides affinity */
		if (want_affine && (tmp->flags & SD_WAKE_AFFINE) &&
		    cpumask_test_cpu(prev_cpu, tmp->span)) {
			if (cpu != prev_cpu)
				new_cpu = wake_affine(snap, tmp, p, cpu,
						      prev_cpu, sync,
						      current_load);
			sd = NULL;
			break;
		}
		if (tmp->flags & sd_flag)
			sd = tmp;
		else if (!want_affine)
			break;
	}
	if (sd)
		return find_idlest_cpu(snap, sd, p, cpu, prev_cpu, sd_flag);
	if (wake_flags & WF_TTWU)
		return select_idle_sibling(snap, p, prev_cpu, new_cpu);
	return new_cpu;
}
