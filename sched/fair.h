/* SPDX-License-Identifier: MIT */
/*
 * sched/fair.h - what the fair classes share: sched/fair.c holds the
 * machinery both Linux 6.1's CFS (sched/cfs.c) and 6.12's EEVDF
 * (sched/eevdf.c) use (weights, virtual time, the runqueue clock, the
 * tree, the running entity, balancing, checks and snapshots), and these
 * declarations are their contract; the tests use the arithmetic too.
 *
 * Units: times in ns of the runqueue clock, which the simulator advances
 * to each event's nanosecond (its hrtimers: a wake-up, the end of a run)
 * and to each tick (TICK_NSEC = 10^9 / HZ); vruntime in ns at nice 0.
 */
#ifndef KSTRUCT_SCHED_FAIR_H
#define KSTRUCT_SCHED_FAIR_H

#include <stdbool.h>
#include <stdint.h>

#include "compat/ktime.h"
#include "sched/class.h"
#include "sched/rq.h"
#include "sched/sched.h"
#include "sched/topology.h"

#define NICE_0_LOAD 1024UL

/*
 * eevdf's delayed dequeue (6.12's DELAY_DEQUEUE): the final dequeue of a
 * sleeper left queued, and the wake-up that finds it still queued (the
 * kernel's values, beside the ENQUEUE_ and DEQUEUE_ flags of class.h)
 */
#define DEQUEUE_DELAYED 0x200
#define ENQUEUE_DELAYED 0x200
/* SCHED_IDLE's weight and its inverse */
#define WEIGHT_IDLEPRIO 3
#define WMULT_IDLEPRIO 1431655765U
#define WMULT_CONST (~0U)
#define WMULT_SHIFT 32

/* the kernel's tables, nice -20 .. 19 */
extern const unsigned long sched_prio_to_weight[40];
extern const uint32_t sched_prio_to_wmult[40];

/*
 * The tunables, at their defaults scaled for the machine's CPUs by
 * fair_update_sysctl() (factor 1 + ilog2(min(ncpus, 8))), as the kernel's
 * update_sysctl() does at boot: 6.1's latency, minimal granularity and
 * wake-up granularity, 6.12's base slice (0.70 ms).  sched_nr_latency, the idle
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
#define TICK_NSEC (NSEC_PER_SEC / HZ)

/*
 * the runqueue clock: jiffies in ns, plus the ns past the tick a driver
 * with a finer clock is at (the simulator's hrtimers: compat/jiffies.h)
 */
static inline uint64_t rq_clock(const struct runqueue *rq)
{
	(void)rq;
	return (uint64_t)jiffies * TICK_NSEC + kstruct_subtick_ns;
}

static inline struct task_struct *task_of(struct sched_entity *se)
{
	return container_of(se, struct task_struct, se);
}

/* -------------------------------------------- the group hierarchy */

/*
 * The kernel's helpers of CONFIG_FAIR_GROUP_SCHED.  An entity is a task
 * or a task group's stand-in on one CPU (sched/fair_group.c); it is on
 * the queue @cfs_rq of its group on its CPU, and a group's entity stands
 * for its queue @my_q in the parent group's queue.  The kernel caches the
 * entity above (se->parent) and the depth; here they come from @cfs_rq.
 */
static inline struct runqueue *rq_of(const struct cfs_rq *cfs_rq)
{
	return cfs_rq->rq;
}

static inline bool entity_is_task(const struct sched_entity *se)
{
	return !se->my_q;
}

/* the pid of @se's task, for a note (sched_reason); 0 for a group's */
static inline int se_pid(struct sched_entity *se)
{
	return se && entity_is_task(se) ? task_of(se)->pid : 0;
}

/* the queue @se is on (or was last on, or will be put on) */
static inline struct cfs_rq *cfs_rq_of(const struct sched_entity *se)
{
	return se->cfs_rq;
}

/* the queue a group's entity stands for; NULL for a task */
static inline struct cfs_rq *group_cfs_rq(const struct sched_entity *grp)
{
	return grp->my_q;
}

/* the group entity whose queue @se is on; NULL on a runqueue's own queue */
static inline struct sched_entity *parent_entity(const struct sched_entity *se)
{
	const struct cfs_rq *cfs_rq = se->cfs_rq;

	return cfs_rq->tg->se[cfs_rq->rq->cpu];
}

/* 0 on a runqueue's own queue, 1 a level below, ... (the kernel's depth) */
static inline unsigned int se_depth(const struct sched_entity *se)
{
	return se->cfs_rq->tg->depth;
}

/* walk up from @se to the entity on the runqueue's own queue */
#define for_each_sched_entity(se) for (; se; se = parent_entity(se))

#define __node_2_se(node) rb_entry((node), struct sched_entity, run_node)

static inline bool entity_before(const struct sched_entity *a,
				 const struct sched_entity *b)
{
	return (int64_t)(a->vruntime - b->vruntime) < 0;
}

static inline bool task_has_idle_policy(const struct task_struct *p)
{
	return p->policy == SCHED_IDLE;
}

/* a SCHED_IDLE task (groups are never idle: no cpu.idle here) */
static inline bool se_is_idle(struct sched_entity *se)
{
	return entity_is_task(se) && task_has_idle_policy(task_of(se));
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

/* @cfs_rq's load grows by @delta (negative: shrinks); its group's follows */
void cfs_rq_load_add(struct cfs_rq *cfs_rq, long delta);

/* @se is no buddy any more (next, last, skip), nor its ancestors for it */
void clear_buddies(struct cfs_rq *cfs_rq, struct sched_entity *se);

/* @se and its ancestors become their queues' next, last or skip buddy */
void set_next_buddy(struct sched_entity *se);
void set_last_buddy(struct sched_entity *se);
void set_skip_buddy(struct sched_entity *se);

/*
 * The picked entity leaves the tree and starts its turn; put_prev_entity()
 * puts it back.
 */
void set_next_entity(struct cfs_rq *cfs_rq, struct sched_entity *se);
void put_prev_entity(struct cfs_rq *cfs_rq, struct sched_entity *prev);

/* the task running on @rq gets need_resched */
static inline void resched_curr(struct runqueue *rq)
{
	set_tsk_need_resched(rq->curr);
}

/*
 * The fair queue @p is on, or was last on: its task group's on that CPU;
 * a task never fair yet is in the root group of its CPU.
 */
static inline struct cfs_rq *task_cfs_rq(const struct task_struct *p)
{
	return p->se.cfs_rq ? p->se.cfs_rq : &cpu_rq(task_cpu(p))->cfs;
}

/**
 * struct fair_ops - where 6.1 (cfs) and 6.12 (eevdf) differ in the code
 *	they share (fair.c, fair_group.c); each class gives its own
 * @name: the class's name, for the checker's messages and the snapshot
 * @lag: entities keep their lag across sleep, migration and reweight
 *	(eevdf): a fork or migration is placed about V, not kept relative
 *	to min_vruntime; the pick's deadline is kept in vlag; a new nice
 *	rescales the lag; a sleeper may stay queued (delayed dequeue); V
 *	and its sums are checked and shown
 * @enqueue_entity: the tree's insert; NULL for the plain vruntime tree
 * @dequeue_entity: the tree's erase; NULL for the plain vruntime tree
 * @update_deadline: the running entity was charged: a new deadline when
 *	its request is used up; may be NULL
 * @min_vruntime_moved: min_vruntime moved on by @delta: what is kept
 *	relative to it follows; may be NULL
 * @tree_check: the tree's own invariants beyond its order @less (for
 *	the checker); may be NULL
 * @version: whose balancing rules the sched domains follow (6.1's or
 *	6.12's group classification and imbalance)
 * @cache_hot_buddy: a task that is its queue's next or last buddy is
 *	cache hot to the balancer when the destination has tasks (6.1's
 *	CACHE_HOT_BUDDY; 6.12 has no buddies)
 */
struct fair_ops {
	const char *name;
	bool lag;
	bool cache_hot_buddy;
	enum fair_version version;
	void (*enqueue_entity)(struct cfs_rq *cfs_rq, struct sched_entity *se);
	void (*dequeue_entity)(struct cfs_rq *cfs_rq, struct sched_entity *se);
	void (*update_deadline)(struct cfs_rq *cfs_rq, struct sched_entity *se);
	void (*min_vruntime_moved)(struct cfs_rq *cfs_rq, int64_t delta);
	bool (*tree_check)(const struct cfs_rq *cfs_rq,
			   bool (*less)(const struct rb_node *a,
					const struct rb_node *b));
};

/* cfs.c and eevdf.c */
extern const struct fair_ops cfs_fair_ops;
extern const struct fair_ops eevdf_fair_ops;

/* the machine's: set by its class's init (a machine runs one) */
extern const struct fair_ops *fair_ops;

/* a machine of @nr_cpus starts: its class's ops, and the tunables */
void fair_set_ops(const struct fair_ops *ops, int nr_cpus);

/* cfs.c: 6.1's slice, and its ideal share in virtual time */
uint64_t sched_slice(struct cfs_rq *cfs_rq, struct sched_entity *se);
uint64_t sched_vslice(struct cfs_rq *cfs_rq, struct sched_entity *se);
/* cfs.c: 6.1's placement of a new (@initial) or waking entity */
void place_entity(struct cfs_rq *cfs_rq, struct sched_entity *se, int initial);
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
/* eevdf.c: a queued @se takes @weight about V = @avruntime, keeping lag */
void reweight_eevdf(struct sched_entity *se, uint64_t avruntime,
		    unsigned long weight);
/* eevdf.c: is @se owed service (lag >= 0)? */
bool entity_eligible(struct cfs_rq *cfs_rq, struct sched_entity *se);
/* eevdf.c: the augmented tree's insert and erase */
void __enqueue_entity_eevdf(struct cfs_rq *cfs_rq, struct sched_entity *se);
void __dequeue_entity_eevdf(struct cfs_rq *cfs_rq, struct sched_entity *se);
/* eevdf.c: min_deadline is right at @se (for rb_check_augmented()) */
bool min_deadline_ok(const struct rb_node *node);
/* eevdf.c: @se's deadline changed in the tree: its ancestors' minimums too */
void min_deadline_propagate(struct sched_entity *se);
/* eevdf.c: the earliest eligible virtual deadline (6.12's pick_eevdf()) */
struct sched_entity *pick_eevdf(struct cfs_rq *cfs_rq);

/* ------------------------------------ task groups (sched/fair_group.c) */

/*
 * Every task group, root_task_group first, each after its parent (the
 * kernel's task_groups); changed only with every runqueue lock held, so
 * any one runqueue lock is enough to walk it.
 */
extern struct list_head task_groups;

/* a queue of @rq in group @tg, empty */
void init_cfs_rq(struct cfs_rq *cfs_rq, struct runqueue *rq,
		 struct task_group *tg);

/* the root group for a machine (the classes' init), and every group gone */
void fair_groups_init(void);
void fair_groups_exit(void);

/*
 * A group entity's weight: the group's shares times its queue's load on
 * this CPU over its load on every CPU (calc_group_shares()); reweighted
 * when it changed.  Nothing for a task.
 */
void update_cfs_group(struct sched_entity *se);

/* @se's weight becomes @weight where it is queued (or not) on @cfs_rq */
void reweight_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
		     unsigned long weight);

/* walk @se and @pse up to the two ancestors that share a queue */
void find_matching_se(struct sched_entity **se, struct sched_entity **pse);

/* @p's part of its CPU's load: its weight scaled down the hierarchy */
unsigned long task_h_load(struct task_struct *p);

/**
 * enqueue_task_fair() - both classes' enqueue_task: @p's entity, then
 *	each group entity above it that was not queued yet
 * @rq: locked
 * @p: the task
 * @flags: ENQUEUE_* for @p's level; the levels above are woken
 *	(ENQUEUE_WAKEUP), as the kernel does
 * @enqueue_entity: the version's
 *
 * The group entities above that were queued already are reweighted.
 */
void enqueue_task_fair(struct runqueue *rq, struct task_struct *p, int flags,
		       void (*enqueue_entity)(struct cfs_rq *cfs_rq,
					      struct sched_entity *se,
					      int flags));
/*
 * A task whose entity eevdf left queued asleep (se->sched_delayed) is
 * woken: enqueue_task_fair() hands its entity to the version's
 * enqueue_entity with ENQUEUE_DELAYED, and counts the task again.
 */

/**
 * dequeue_task_fair() - both classes' dequeue_task: @p's entity, then
 *	each group entity above it whose queue it left empty (eevdf may
 *	keep a sleeper's entity queued: its dequeue_entity then answers
 *	false, and only the task counts change)
 * @rq: locked
 * @p: the task
 * @flags: DEQUEUE_* for @p's level; the levels above sleep
 * @dequeue_entity: the version's
 *
 * A task going to sleep makes its group's entity the next buddy above.
 * A running task that a migration thread switched out (the idle task is
 * current) ends its whole chain's turn.
 */
void dequeue_task_fair(struct runqueue *rq, struct task_struct *p, int flags,
		       bool (*dequeue_entity)(struct cfs_rq *cfs_rq,
					      struct sched_entity *se,
					      int flags));

/**
 * dequeue_delayed_fair() - the final dequeue of a delayed task
 * @rq: locked
 * @p: a task whose entity eevdf left queued when it slept
 * @dequeue_entity: the version's
 *
 * Its entity leaves the tree (DEQUEUE_SLEEP | DEQUEUE_DELAYED), and so
 * does each group entity above whose queue it leaves empty.  The task
 * was no longer counted in h_nr_running.
 */
void dequeue_delayed_fair(struct runqueue *rq, struct task_struct *p,
			  bool (*dequeue_entity)(struct cfs_rq *cfs_rq,
						 struct sched_entity *se,
						 int flags));

/* eevdf.c: dequeue_delayed_fair() with eevdf's dequeue_entity */
void finish_delayed_dequeue(struct runqueue *rq, struct task_struct *p);

/**
 * task_tick_fair() - both classes' task_tick: the version's tick at every
 *	level of @curr's chain (the kernel's entity_tick()), then the
 *	periodic balance raised, to run after the tick (raise_tick_balance())
 * @rq: locked
 * @curr: its running task
 * @entity_tick: the version's, given the level's queue and running entity
 */
void task_tick_fair(struct runqueue *rq, struct task_struct *curr,
		    void (*entity_tick)(struct cfs_rq *cfs_rq,
					struct sched_entity *curr));

/* ----------------------------------------- hooks both classes share */

/**
 * pick_next_task_fair() - both classes' pick_next_task
 * @rq: the runqueue (locked)
 * @pick: the version's choice among the queued entities, the running one
 *	where it stands
 *
 * From the runqueue's own queue down through the group entities picked,
 * the running entity's time counted first at each level; a running task
 * picked again keeps its turn (the kernel does nothing when prev is
 * picked again), but at the levels where it slept and woke before the
 * switch.
 *
 * Return: the task, or NULL when none is queued.
 */
struct task_struct *
pick_next_task_fair(struct runqueue *rq,
		    struct sched_entity *(*pick)(struct cfs_rq *cfs_rq));

enum { WAKEUP_IGNORE, WAKEUP_PREEMPT, WAKEUP_COMPARE };

/**
 * check_preempt_fair() - what both versions' wake-up preemption decide
 * before comparing
 * @rq: the runqueue (locked) @p was queued on
 * @p: the wakee
 * @se: in: rq->curr's entity; out (WAKEUP_COMPARE): its ancestor that
 *	shares a queue with @pse's
 * @pse: in: @p's entity; out: as @se
 *
 * The idle task is rescheduled (WAKEUP_IGNORE: nothing more to do); a
 * task of another class (real-time), the wakee itself or a task already
 * rescheduling is left alone (WAKEUP_IGNORE); a SCHED_IDLE task gives
 * way to any other (WAKEUP_PREEMPT); a batch or idle wakee waits for the
 * tick (WAKEUP_IGNORE); else the two entities are matched
 * (find_matching_se()), the running time of their queue is counted and
 * the version compares them (WAKEUP_COMPARE).
 */
int check_preempt_fair(struct runqueue *rq, struct task_struct *p,
		       struct sched_entity **se, struct sched_entity **pse);

void put_prev_task_fair(struct runqueue *rq, struct task_struct *prev,
			struct task_struct *next);
void set_curr_task_fair(struct runqueue *rq, struct task_struct *next);
int task_fork_fair(struct task_struct *p, struct task_struct *parent);
void set_nice_fair(struct runqueue *rq, struct task_struct *p, long nice);
void prio_changed_fair(struct runqueue *rq, struct task_struct *p, int oldprio);
bool task_queued_fair(const struct task_struct *p);
bool check_fair(struct runqueue *rq, unsigned long *nr_queued);
int snapshot_fair(struct runqueue *rq, struct sched_snapshot *snap,
		  struct sched_snapshot_queue *q);
void rq_init_fair(struct runqueue *rq);

/* ------------------------- several CPUs: PELT, placement, balancing */

struct sched_topology;
struct sched_topology_desc;

/*
 * sched/fair_smp.c.  The next machine's topology: sockets x cores x
 * threads (NULL: the default, one MC domain of its CPUs); it must have
 * as many CPUs as the machine.  Set with no machine up.
 */
void fair_topology_set(const struct sched_topology_desc *desc);
/* the machine's domains (built by fair_smp_init()) */
const struct sched_topology *fair_topology(void);
/* build the domains for @nr_cpus (the classes' init): 0 or -EINVAL */
int fair_smp_init(int nr_cpus);
/* the machine is taken down (the classes' exit) */
void fair_smp_exit(void);

/* a new task's signal (task_fork_fair()) */
void fair_pelt_fork(struct task_struct *p);
/* @rq's signals, and @p's (may be NULL), accrued up to now as they stood */
void fair_pelt_update(struct runqueue *rq, struct task_struct *p);
/* @p is about to be queued on @rq: accrued, and attached if new there */
void fair_pelt_enqueue(struct runqueue *rq, struct task_struct *p, int flags);
/* @p leaves its CPU (migrate_task_rq, the old CPU locked): detached */
void fair_pelt_migrate(struct task_struct *p);
/* a tick of a real-time task on @rq of a fair machine: its RT signal */
void fair_pelt_rt_tick(struct runqueue *rq);

/* the classes' select_task_rq: 6.x's select_task_rq_fair() */
int fair_select_task_rq(struct task_struct *p, int cpu, int wake_flags);
/* the classes' load_balance: newly idle, or the domains whose time is up */
int load_balance_fair(struct runqueue *this_rq, int idle);
/*
 * A fair task's tick (task_tick_fair()): when a balance is due, raise it
 * to run after the tick (raise_tick_balance(); the kernel's
 * trigger_load_balance())
 */
void fair_balance_trigger(struct runqueue *rq);

extern const struct sched_counter counters_fair[];

#endif /* KSTRUCT_SCHED_FAIR_H */
