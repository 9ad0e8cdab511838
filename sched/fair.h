/* SPDX-License-Identifier: MIT */
/*
 * sched/fair.h - what the fair classes share: sched/fair.c holds the
 * machinery both Linux 6.5's CFS (sched/cfs.c) and 6.6's EEVDF
 * (sched/eevdf.c) use (weights, virtual time, the runqueue clock, the
 * tree, the running entity, balancing, checks and snapshots), and these
 * declarations are their contract; the tests use the arithmetic too.
 *
 * Units: times in ns of the runqueue clock, which the simulator advances
 * one tick (TICK_NSEC = 10^9 / HZ) at a time; vruntime in ns at nice 0.
 */
#ifndef KSTRUCT_SCHED_FAIR_H
#define KSTRUCT_SCHED_FAIR_H

#include <stdbool.h>
#include <stdint.h>

#include "compat/ktime.h"
#include "sched/class.h"
#include "sched/sched.h"

#define NICE_0_LOAD		1024UL
/* SCHED_IDLE's weight and its inverse */
#define WEIGHT_IDLEPRIO		3
#define WMULT_IDLEPRIO		1431655765U
#define WMULT_CONST		(~0U)
#define WMULT_SHIFT		32

/* the kernel's tables, nice -20 .. 19 */
extern const unsigned long sched_prio_to_weight[40];
extern const uint32_t sched_prio_to_wmult[40];

/*
 * The tunables, at their defaults scaled for the machine's CPUs by
 * fair_update_sysctl() (factor 1 + ilog2(min(ncpus, 8))), as the kernel's
 * update_sysctl() does at boot: 6.5's latency, minimal granularity and
 * wake-up granularity, 6.6's base slice.  sched_nr_latency, the idle
 * granularity and the migration cost are not scaled.
 */
extern unsigned int sysctl_sched_latency;
extern unsigned int sysctl_sched_min_granularity;
extern unsigned int sysctl_sched_wakeup_granularity;
extern unsigned int sysctl_sched_base_slice;
extern unsigned int sysctl_sched_idle_min_granularity;
extern unsigned int sched_nr_latency;
extern unsigned int sysctl_sched_migration_cost;

/**
 * fair_update_sysctl() - scale the tunables for @nr_cpus CPUs
 * @nr_cpus: CPUs online
 *
 * Return: the factor, 1 + ilog2(min(@nr_cpus, 8)).
 */
unsigned int fair_update_sysctl(int nr_cpus);

/* ns per tick of the simulated clock */
#define TICK_NSEC		(NSEC_PER_SEC / HZ)

/* the runqueue clock: jiffies in ns (run time advances a tick at a time) */
static inline uint64_t rq_clock(const struct runqueue *rq)
{
	(void)rq;
	return (uint64_t)jiffies * TICK_NSEC;
}

static inline struct task_struct *task_of(struct sched_entity *se)
{
	return container_of(se, struct task_struct, se);
}

#define __node_2_se(node)	rb_entry((node), struct sched_entity, run_node)

static inline bool entity_before(const struct sched_entity *a,
				 const struct sched_entity *b)
{
	return (int64_t)(a->vruntime - b->vruntime) < 0;
}

static inline bool task_has_idle_policy(const struct task_struct *p)
{
	return p->policy == SCHED_IDLE;
}

/* ----------------------------------------------------- weights, time */

/**
 * __calc_delta() - @delta_exec * @weight / @lw->weight, the kernel's way
 * @delta_exec: a time
 * @weight: a weight
 * @lw: the divisor (its inverse is computed on first use)
 *
 * With the 32-bit inverse 2^32 / weight and shifts that keep the product
 * in 64 bits, so results round exactly as the kernel's do.
 */
uint64_t __calc_delta(uint64_t delta_exec, unsigned long weight,
		      struct load_weight *lw);

/* @delta of run time in @se's virtual time: delta * 1024 / weight */
uint64_t calc_delta_fair(uint64_t delta, struct sched_entity *se);

/* @p's weight from its nice level (SCHED_IDLE: WEIGHT_IDLEPRIO) */
void set_load_weight(struct task_struct *p);

/* --------------------------------------------------- the cfs_rq */

/**
 * update_curr() - charge the running entity the time since exec_start
 * @cfs_rq: its queue
 *
 * sum_exec_runtime and vruntime grow; eevdf renews a used-up request
 * (update_deadline()); min_vruntime follows.
 */
void update_curr(struct cfs_rq *cfs_rq);

/* min_vruntime = max(itself, min(curr, leftmost)); eevdf shifts its sum */
void update_min_vruntime(struct cfs_rq *cfs_rq);

struct sched_entity *__pick_first_entity(struct cfs_rq *cfs_rq);

/* into and out of the tree (eevdf: with min_deadline and avg_vruntime) */
void __enqueue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se);
void __dequeue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se);

/* the load and counts of an entity joining or leaving */
void account_entity_enqueue(struct cfs_rq *cfs_rq, struct sched_entity *se);
void account_entity_dequeue(struct cfs_rq *cfs_rq, struct sched_entity *se);

/* @se is no buddy any more (next, last, skip) */
void clear_buddies(struct cfs_rq *cfs_rq, struct sched_entity *se);

/*
 * The picked entity leaves the tree and starts its turn (a running one
 * picked again starts a new turn where it is); put_prev_entity() puts it
 * back.
 */
void set_next_entity(struct cfs_rq *cfs_rq, struct sched_entity *se);
void put_prev_entity(struct cfs_rq *cfs_rq, struct sched_entity *prev);

/* the task running on @rq gets need_resched */
static inline void resched_curr(struct runqueue *rq)
{
	set_tsk_need_resched(rq->curr);
}

/* the fair runqueue of @p's CPU */
static inline struct cfs_rq *task_cfs_rq(const struct task_struct *p)
{
	return &cpu_rq(task_cpu(p))->cfs;
}

/*
 * 6.6 (eevdf) or 6.5 (cfs): the two share this file's code where the
 * kernel did and differ where it changed; the class in use says which.
 */
bool fair_is_eevdf(void);

/* a machine of @nr_cpus starts: which version, and the tunables */
void fair_set_version(bool eevdf, int nr_cpus);

/* cfs.c: 6.5's slice, and its ideal share in virtual time */
uint64_t sched_slice(struct cfs_rq *cfs_rq, struct sched_entity *se);
uint64_t sched_vslice(struct cfs_rq *cfs_rq, struct sched_entity *se);
/* cfs.c: 6.5's placement of a new (@initial) or waking entity */
void place_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
		  int initial);
/* cfs.c: should @se preempt @curr: -1, 0 or 1 */
int wakeup_preempt_entity(struct sched_entity *curr, struct sched_entity *se);

/* ------------------------------------------- what each version adds */

/* eevdf.c: a request used up gets a new deadline (and resched) */
void update_deadline(struct cfs_rq *cfs_rq, struct sched_entity *se);
/* eevdf.c: V, the load-weighted average vruntime, and its bookkeeping */
uint64_t avg_vruntime(struct cfs_rq *cfs_rq);
void avg_vruntime_add(struct cfs_rq *cfs_rq, struct sched_entity *se);
void avg_vruntime_sub(struct cfs_rq *cfs_rq, struct sched_entity *se);
void avg_vruntime_update(struct cfs_rq *cfs_rq, int64_t delta);
/* eevdf.c: is @se owed service (lag >= 0)? */
bool entity_eligible(struct cfs_rq *cfs_rq, struct sched_entity *se);
/* eevdf.c: the augmented tree's insert and erase */
void __enqueue_entity_eevdf(struct cfs_rq *cfs_rq, struct sched_entity *se);
void __dequeue_entity_eevdf(struct cfs_rq *cfs_rq, struct sched_entity *se);
/* eevdf.c: min_deadline is right at @se (for rb_check_augmented()) */
bool min_deadline_ok(const struct rb_node *node);
/* eevdf.c: the earliest eligible virtual deadline (6.6's pick_eevdf()) */
struct sched_entity *pick_eevdf(struct cfs_rq *cfs_rq);

/* ----------------------------------------- hooks both classes share */

/**
 * pick_next_task_fair() - both classes' pick_next_task
 * @rq: the runqueue (locked)
 * @pick: the version's choice among the queued entities, the running one
 *	where it stands
 *
 * The running entity's time is counted first; a running task picked
 * again starts a new turn (no switch calls set_curr_task).
 *
 * Return: the task, or NULL when none is queued.
 */
struct task_struct *pick_next_task_fair(struct runqueue *rq,
		struct sched_entity *(*pick)(struct cfs_rq *cfs_rq));

enum { WAKEUP_IGNORE, WAKEUP_PREEMPT, WAKEUP_COMPARE };

/**
 * check_preempt_fair() - what both versions' wake-up preemption decide
 * before comparing
 * @rq: the runqueue (locked) @p was queued on
 * @p: the wakee
 *
 * The idle task is rescheduled (WAKEUP_IGNORE: nothing more to do); a
 * task of another class (real-time), the wakee itself or a task already
 * rescheduling is left alone (WAKEUP_IGNORE); a SCHED_IDLE task gives
 * way to any other (WAKEUP_PREEMPT); a batch or idle wakee waits for the
 * tick (WAKEUP_IGNORE); else the running entity's time is counted and
 * the version compares (WAKEUP_COMPARE).
 */
int check_preempt_fair(struct runqueue *rq, struct task_struct *p);

void put_prev_task_fair(struct runqueue *rq, struct task_struct *prev,
			struct task_struct *next);
void set_curr_task_fair(struct runqueue *rq, struct task_struct *next);
int task_fork_fair(struct task_struct *p, struct task_struct *parent);
void set_nice_fair(struct runqueue *rq, struct task_struct *p, long nice);
void prio_changed_fair(struct runqueue *rq, struct task_struct *p,
		       int oldprio);
int load_balance_fair(struct runqueue *this_rq, int idle);
bool task_queued_fair(const struct task_struct *p);
bool check_fair(struct runqueue *rq, unsigned long *nr_queued);
json_t *snapshot_fair(struct runqueue *rq);
void rq_init_fair(struct runqueue *rq);
/* the fair tick's periodic balance (o1's cadence) */
void fair_balance_tick(struct runqueue *rq);

extern const struct sched_counter counters_fair[];

#endif /* KSTRUCT_SCHED_FAIR_H */
