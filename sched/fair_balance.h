/* SPDX-License-Identifier: MIT */
/*
 * sched/fair_balance.h - the decisions of Linux 6.1's and 6.12's fair
 * load balancer and task placement, as pure functions of a snapshot of
 * the CPUs (sched/fair_balance.c): capacity left by RT, group statistics
 * and classification, the busiest group and queue, the imbalance and its
 * migration type; wake_affine, select_idle_sibling, find_idlest_cpu and
 * select_task_rq_fair's walk of the domains.
 *
 * The caller (the simulator) fills a struct fair_snapshot from its
 * runqueues and their PELT signals (sched/pelt.h) on a topology
 * (sched/topology.h), asks, and carries out the answer: which tasks to
 * detach, when, and what they cost stays the caller's.
 */
#ifndef KSTRUCT_SCHED_FAIR_BALANCE_H
#define KSTRUCT_SCHED_FAIR_BALANCE_H

#include <stdbool.h>
#include <stdint.h>

#include "sched/class.h"
#include "sched/pelt.h"
#include "sched/topology.h"

/**
 * struct fair_cpu_state - what the balancer reads of one CPU
 * @nr_running: tasks of every class on it (rq->nr_running)
 * @h_nr_running: fair tasks queued (6.1 cfs.h_nr_running, 6.12
 *	cfs.h_nr_queued: delayed ones included)
 * @h_nr_delayed: of those, dequeues delayed (6.12; 0 under 6.1)
 * @idle_h_nr_running: of those, SCHED_IDLE tasks
 * @load: the fair queue's load_avg (cpu_load())
 * @util: its util_avg (cpu_util_cfs() caps it at @capacity_orig)
 * @runnable: its runnable_avg (cpu_runnable())
 * @capacity: left for fair tasks (capacity_of(): scale_rt_capacity()),
 *	at least 1
 * @capacity_orig: the CPU's full capacity (1024 here)
 * @idle: running the idle task with nothing queued or waking
 *	(available_idle_cpu())
 * @idle_stamp: when it went idle (rq->idle_stamp), ns
 */
struct fair_cpu_state {
	unsigned int nr_running;
	unsigned int h_nr_running;
	unsigned int h_nr_delayed;
	unsigned int idle_h_nr_running;
	unsigned long load;
	unsigned long util;
	unsigned long runnable;
	unsigned long capacity;
	unsigned long capacity_orig;
	bool idle;
	uint64_t idle_stamp;
};

/**
 * struct fair_snapshot - the machine as the balancer sees it
 * @topo: its domains
 * @version: whose rules (cfs: 6.1, eevdf: 6.12)
 * @cpu: each CPU's state, @topo->nr_cpus of them
 * @sg_imbalanced: groups whose last balance below failed on affinity
 *	(the kernel's sgc->imbalance), each marked by its first CPU's bit
 */
struct fair_snapshot {
	const struct sched_topology *topo;
	enum fair_version version;
	struct fair_cpu_state cpu[NR_CPUS];
	unsigned long sg_imbalanced;
};

/* how loaded a group is, least to most (6.12 adds group_smt_balance) */
enum group_type {
	group_has_spare = 0,
	group_fully_busy,
	group_misfit_task,
	group_smt_balance,
	group_asym_packing,
	group_imbalanced,
	group_overloaded,
};

/* what calculate_imbalance() asks the caller to move */
enum migration_type {
	migrate_load = 0,
	migrate_util,
	migrate_task,
	migrate_misfit,
};

/* why a CPU balances (6.12's order: not idle is 0) */
enum cpu_idle_type {
	CPU_NOT_IDLE = 0,
	CPU_IDLE,
	CPU_NEWLY_IDLE,
};

/**
 * struct sg_lb_stats - one group's statistics (the kernel's)
 * @avg_load: group_load * 1024 / group_capacity (overloaded groups, and
 *	whoever calculate_imbalance() computes it for)
 * @group_load: sum of the CPUs' load
 * @group_capacity: sum of their capacity_of()
 * @group_util: sum of their utilization
 * @group_runnable: sum of their runnable averages
 * @sum_nr_running: tasks of every class
 * @sum_h_nr_running: fair tasks
 * @idle_cpus: CPUs with nothing running
 * @group_weight: CPUs in the group
 * @group_type: its classification
 * @group_smt_balance: an SMT core running 2+ fair tasks, balanced by an
 *	idle CPU (6.12)
 * @group_misfit_task_load: load of a lone task on a CPU whose capacity
 *	RT pressure cut below 100 / imbalance_pct
 */
struct sg_lb_stats {
	unsigned long avg_load;
	unsigned long group_load;
	unsigned long group_capacity;
	unsigned long group_util;
	unsigned long group_runnable;
	unsigned int sum_nr_running;
	unsigned int sum_h_nr_running;
	unsigned int idle_cpus;
	unsigned int group_weight;
	enum group_type group_type;
	unsigned int group_smt_balance;
	unsigned long group_misfit_task_load;
};

/**
 * struct sd_lb_stats - a domain's statistics (the kernel's)
 * @busiest: index of the busiest group in the domain's groups, or -1
 * @local: index of the balancing CPU's group
 * @total_load: sum of the groups' load
 * @total_capacity: sum of their capacity
 * @avg_load: total_load * 1024 / total_capacity, when computed
 * @prefer_sibling: tasks should spread to the sibling groups first
 * @overloaded: some CPU runs 2+ tasks (the root domain's overload flag,
 *	which gates newly idle balancing)
 * @busiest_stat: the busiest group's statistics
 * @local_stat: the local group's
 */
struct sd_lb_stats {
	int busiest;
	int local;
	unsigned long total_load;
	unsigned long total_capacity;
	unsigned long avg_load;
	unsigned int prefer_sibling;
	bool overloaded;
	struct sg_lb_stats busiest_stat;
	struct sg_lb_stats local_stat;
};

/**
 * struct lb_env - one balancing attempt (the kernel's, cut down)
 * @snap: the machine
 * @sd: the domain balanced
 * @dst_cpu: the CPU that pulls
 * @idle: its state
 * @cpus: the CPUs still candidates (all of @sd's at first)
 * @imbalance: out: how much to move, in @migration_type's unit
 * @migration_type: out: load, utilization or tasks
 */
struct lb_env {
	const struct fair_snapshot *snap;
	const struct sched_domain *sd;
	int dst_cpu;
	enum cpu_idle_type idle;
	unsigned long cpus;
	long imbalance;
	enum migration_type migration_type;
};

/**
 * scale_rt_capacity() - what RT, DL and IRQ time leave of a CPU
 * @max: its full capacity
 * @rt_util: util_avg of its RT signal (update_rt_rq_load_avg())
 * @dl_util: util_avg of its deadline signal (0 here: no DL class)
 * @irq_util: its IRQ signal (0 here)
 *
 * Return: (@max - @rt_util - @dl_util) scaled by (@max - @irq_util) /
 * @max, and 1 when the pressure takes it all.
 */
unsigned long scale_rt_capacity(unsigned long max, unsigned long rt_util,
				unsigned long dl_util, unsigned long irq_util);

/**
 * check_cpu_capacity() - RT pressure cut a CPU's capacity noticeably
 * @snap: the machine
 * @cpu: the CPU
 * @sd: the domain whose imbalance_pct is the measure
 *
 * Return: capacity * imbalance_pct < capacity_orig * 100.
 */
bool check_cpu_capacity(const struct fair_snapshot *snap, int cpu,
			const struct sched_domain *sd);

/**
 * group_classify() - a group's type from its statistics
 * @version: whose rules
 * @imbalance_pct: the domain's
 * @imbalanced: a balance below failed on affinity (sg_imbalanced())
 * @sgs: the statistics
 *
 * Return: overloaded, imbalanced, smt_balance (6.12), misfit_task,
 * fully_busy or has_spare, the first that holds.
 */
enum group_type group_classify(enum fair_version version,
			       unsigned int imbalance_pct, bool imbalanced,
			       const struct sg_lb_stats *sgs);

/**
 * update_sg_lb_stats() - gather group @g of @env->sd's statistics
 * @env: the attempt
 * @sds: the domain's statistics so far (@sds->local must be set)
 * @g: index of the group
 * @sgs: filled
 */
void update_sg_lb_stats(const struct lb_env *env, struct sd_lb_stats *sds,
			unsigned int g, struct sg_lb_stats *sgs);

/**
 * update_sd_pick_busiest() - whether group @g beats the busiest so far
 * @env: the attempt
 * @sds: the domain's statistics so far
 * @g: index of the group
 * @sgs: its statistics
 *
 * Return: true when @g is to become @sds->busiest.
 */
bool update_sd_pick_busiest(const struct lb_env *env,
			    const struct sd_lb_stats *sds, unsigned int g,
			    const struct sg_lb_stats *sgs);

/**
 * update_sd_lb_stats() - gather every group of @env->sd, pick the busiest
 * @env: the attempt
 * @sds: filled
 */
void update_sd_lb_stats(const struct lb_env *env, struct sd_lb_stats *sds);

/**
 * calculate_imbalance() - how much to move from the busiest group
 * @env: the attempt: sets imbalance and migration_type
 * @sds: the domain's statistics (its averages may be computed)
 */
void calculate_imbalance(struct lb_env *env, struct sd_lb_stats *sds);

/**
 * find_busiest_group() - whether @env->dst_cpu should pull, from where
 * (6.12: sched_balance_find_src_group)
 * @env: the attempt: on a pull, imbalance and migration_type are set
 * @sds: filled with the domain's statistics
 *
 * Return: the index of the group to pull from, or -1 when the domain is
 * balanced (then @env->imbalance is 0).
 */
int find_busiest_group(struct lb_env *env, struct sd_lb_stats *sds);

/**
 * sched_balance_find_src_rq() - the CPU of group @g to pull from (6.12's
 * name: 6.1's find_busiest_queue is 2.5.33's O(1) function here)
 * @env: the attempt, after find_busiest_group()
 * @g: the busiest group's index
 *
 * Return: the CPU, or -1 when none qualifies.
 */
int sched_balance_find_src_rq(const struct lb_env *env, unsigned int g);

/**
 * struct fair_task_state - what placement reads of the task placed
 * @cpu: the CPU it last ran on (task_cpu()), its previous CPU
 * @attached: its signal is on @cpu's queue (last_update_time != 0): not
 *	for a task being forked
 * @load: its load on that queue (task_h_load())
 * @util: its utilization
 * @runnable: its runnable average
 * @allowed: CPUs it may run on
 * @recent_used_cpu: the CPU it used before @cpu, or -1
 * @wake_wide: wake_wide() said the waker and wakee flip among many
 */
struct fair_task_state {
	int cpu;
	bool attached;
	unsigned long load;
	unsigned long util;
	unsigned long runnable;
	unsigned long allowed;
	int recent_used_cpu;
	bool wake_wide;
};

/**
 * wake_affine_idle() - placement by idleness alone
 * @snap: the machine
 * @this_cpu: the waker's CPU
 * @prev_cpu: the wakee's previous CPU
 * @sync: the waker is about to sleep
 *
 * Return: @this_cpu or @prev_cpu, or -1 when idleness does not decide.
 */
int wake_affine_idle(const struct fair_snapshot *snap, int this_cpu,
		     int prev_cpu, bool sync);

/**
 * wake_affine_weight() - placement by load, biased to the previous CPU
 * @snap: the machine
 * @sd: the domain spanning both CPUs
 * @p: the wakee
 * @this_cpu: the waker's CPU
 * @prev_cpu: the wakee's previous CPU
 * @sync: the waker is about to sleep
 * @current_load: the waker's load (task_h_load(current)), for @sync
 *
 * Return: @this_cpu when its load with the wakee is below the previous
 * CPU's without it (scaled by capacity, the previous CPU's by half of
 * imbalance_pct's excess), else -1.
 */
int wake_affine_weight(const struct fair_snapshot *snap,
		       const struct sched_domain *sd,
		       const struct fair_task_state *p, int this_cpu,
		       int prev_cpu, bool sync, unsigned long current_load);

/**
 * wake_affine() - pull the wakee to the waker's CPU, or leave it
 * @snap: the machine
 * @sd: the domain spanning both CPUs
 * @p: the wakee
 * @this_cpu: the waker's CPU
 * @prev_cpu: the wakee's previous CPU
 * @sync: the waker is about to sleep
 * @current_load: the waker's load
 *
 * Return: @this_cpu or @prev_cpu.
 */
int wake_affine(const struct fair_snapshot *snap, const struct sched_domain *sd,
		const struct fair_task_state *p, int this_cpu, int prev_cpu,
		bool sync, unsigned long current_load);

/**
 * select_idle_sibling() - an idle CPU sharing @target's cache
 * @snap: the machine
 * @p: the wakee
 * @prev: its previous CPU
 * @target: the CPU chosen so far
 *
 * @target if idle, then @prev if idle and sharing its cache, then the
 * task's recent CPU likewise; then, with SMT, a whole idle core (or, when
 * none is idle, an idle sibling of @prev), else any idle CPU of the LLC,
 * scanning from @target + 1 and wrapping.
 *
 * Return: the CPU chosen, @target when nothing idle was found.
 */
int select_idle_sibling(const struct fair_snapshot *snap,
			const struct fair_task_state *p, int prev, int target);

/**
 * find_idlest_cpu() - where a forked (or exec'ing) task starts
 * @snap: the machine
 * @sd: the highest domain with the flag asked for
 * @p: the task
 * @cpu: the CPU forking
 * @prev_cpu: the task's CPU
 * @sd_flag: SD_BALANCE_FORK or SD_BALANCE_EXEC
 *
 * Descends from @sd: the idlest group (find_idlest_group()), its idlest
 * CPU (find_idlest_group_cpu()), then the domains of that CPU below.
 *
 * Return: the CPU.
 */
int find_idlest_cpu(const struct fair_snapshot *snap,
		    const struct sched_domain *sd,
		    const struct fair_task_state *p, int cpu, int prev_cpu,
		    unsigned int sd_flag);

/*
 * What select_task_rq_fair() places for: the kernel's wake flags, beside
 * WF_SYNC, WF_FORK and WF_TTWU of sched/class.h.
 */
#define WF_EXEC 0x08 /* a task calling exec() */

/**
 * select_task_rq_fair() - the CPU a waking, forked or exec'ing task goes to
 * @snap: the machine
 * @p: the task
 * @cpu: the CPU doing the wake-up, fork or exec
 * @wake_flags: WF_TTWU, WF_FORK or WF_EXEC, with WF_SYNC
 * @current_load: the waker's load, for WF_SYNC
 *
 * A wake-up that may be affine (not wake_wide, @cpu allowed) walks up to
 * the first SD_WAKE_AFFINE domain spanning both CPUs and asks
 * wake_affine(); then select_idle_sibling().  A fork or exec takes the
 * highest domain with its flag to find_idlest_cpu().
 *
 * Return: the CPU.
 */
int select_task_rq_fair(const struct fair_snapshot *snap,
			const struct fair_task_state *p, int cpu,
			int wake_flags, unsigned long current_load);

#endif /* KSTRUCT_SCHED_FAIR_BALANCE_H */
