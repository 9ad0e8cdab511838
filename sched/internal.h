/* SPDX-License-Identifier: MIT */
/*
 * sched/internal.h - what sched.c and exit.c share and nobody else uses.
 *
 * No 2.5.33 counterpart: in the kernel both files reached these through
 * include/linux/sched.h or kept them static.
 */
#ifndef KSTRUCT_SCHED_INTERNAL_H
#define KSTRUCT_SCHED_INTERNAL_H

#include "sched/class.h"
#include "sched/rq.h"
#include "sched/sched.h"

/* the installed trace hooks (all NULL by default; see sched_set_hooks) */
extern struct sched_hooks sched_hooks;

/**
 * sched_exit() - give an exiting child's unused first slice back
 * @p: the child being reaped
 *
 * A child still in its first slice returns its time_slice to its parent
 * (capped at MAX_TIMESLICE); a parent whose sleep_avg is above the
 * child's gets (EXIT_WEIGHT * parent + child) / (EXIT_WEIGHT + 1).
 *
 * Context: takes the runqueue locks of @p and its parent; called by
 * release_task() under tasklist_lock.
 */
void sched_exit(struct task_struct *p);

/**
 * init_idle() - make @idle the idle task of @cpu
 * @idle: a task not queued anywhere
 * @cpu: an online CPU
 *
 * Context: called by sched_init() (sched/exit.c builds the idle tasks);
 * takes the runqueue lock.
 */
void init_idle(struct task_struct *idle, int cpu);

/* a real-time policy: SCHED_FIFO or SCHED_RR */
static inline bool rt_policy(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR;
}

/**
 * sched_param_valid() - is @policy with @rt_priority a valid setting
 * @policy: SCHED_OTHER, SCHED_FIFO, SCHED_RR, SCHED_BATCH or SCHED_IDLE
 *	(SCHED_DEADLINE needs sched_setattr()'s parameters: not valid here)
 * @rt_priority: 1..MAX_USER_RT_PRIO - 1 for FIFO and RR, 0 otherwise
 *
 * Return: true when both are in range and agree with each other.
 */
static inline bool sched_param_valid(int policy, int rt_priority)
{
	if (policy != SCHED_OTHER && policy != SCHED_FIFO &&
	    policy != SCHED_RR && policy != SCHED_BATCH && policy != SCHED_IDLE)
		return false;
	if (rt_priority < 0 || rt_priority > MAX_USER_RT_PRIO - 1)
		return false;
	return rt_policy(policy) == (rt_priority != 0);
}

/**
 * sched_param_prio() - the prio a valid @policy and @rt_priority give
 * @policy: the scheduling policy
 * @rt_priority: its real-time priority (0 for SCHED_OTHER)
 * @static_prio: the task's static prio (its nice level)
 *
 * Return: -1 for SCHED_DEADLINE (the kernel's: before every real-time
 * prio), @static_prio for SCHED_OTHER, else MAX_USER_RT_PRIO - 1 -
 * @rt_priority.
 */
static inline int sched_param_prio(int policy, int rt_priority, int static_prio)
{
	/* the kernel's: above every real-time prio */
	if (policy == SCHED_DEADLINE)
		return -1;
	if (!rt_policy(policy))
		return static_prio;
	return MAX_USER_RT_PRIO - 1 - rt_priority;
}

static inline bool task_running(const struct runqueue *rq,
				const struct task_struct *p)
{
	return rq->curr == p;
}

/* fill in @w (struct sched_reason) */
static inline void sched_reason_set(struct sched_reason *w, int kind, int pid,
				    const char *rule, long long a, long long b,
				    const char *unit)
{
	w->kind = kind;
	w->pid = pid;
	w->rule = rule;
	w->a = a;
	w->b = b;
	w->unit = unit;
}

/*
 * Note why @rq's running task is to leave (see struct sched_reason): the
 * first reason since the last switch stands.  @rq is locked.
 */
static inline void note_resched(struct runqueue *rq, int kind, int pid,
				const char *rule, long long a, long long b,
				const char *unit)
{
	if (rq->resched_why.kind == SCHED_WHY_NONE)
		sched_reason_set(&rq->resched_why, kind, pid, rule, a, b, unit);
}

/*
 * The reason a migration carries (struct sched_hooks @migrate): @kind of
 * enum sched_migrate_kind, @rule in words naming @a and @b, a static
 * string.  A mover builds it where it decides to move a task and passes
 * it to move_queued_task(), move_task_owner(), pull_task() or the hook.
 */
static inline struct sched_reason migrate_why(int kind, const char *rule,
					      long long a, long long b,
					      const char *unit)
{
	struct sched_reason why = {
		.kind = kind, .rule = rule, .a = a, .b = b, .unit = unit
	};

	return why;
}

/**
 * struct lazy_cache - a slab cache made by its first user and kept for the
 *	life of the process, as the kernel keeps its caches
 * @name: the cache's name
 * @size: its objects' size
 * @align: their alignment
 * @cachep: the cache, NULL until lazy_cache_get() made it (read with
 *	acquire, written once with release)
 */
struct lazy_cache {
	const char *name;
	size_t size, align;
	struct kmem_cache *cachep;
};

#define LAZY_CACHE(n, type)                                                   \
	{                                                                     \
		.name = (n), .size = sizeof(type), .align = __alignof__(type) \
	}

/*
 * lazy_cache_get() - @lc's cache, made now if no caller made it before
 * Context: any thread.  Return: the cache, NULL when out of memory (a
 * later call tries again).
 */
struct kmem_cache *lazy_cache_get(struct lazy_cache *lc);

/* @lc's cache if it was made, else NULL (it is not made by this) */
static inline struct kmem_cache *lazy_cache_peek(struct lazy_cache *lc)
{
	return __atomic_load_n(&lc->cachep, __ATOMIC_ACQUIRE);
}

/* note why @rq's pick chose its task; @rq is locked */
static inline void note_pick(struct runqueue *rq, int pid, const char *rule,
			     long long a, long long b, const char *unit)
{
	sched_reason_set(&rq->pick_why, 0, pid, rule, a, b, unit);
}

/* nr_running is read without the lock by other CPUs' balancing */
static inline void rq_nr_running_add(struct runqueue *rq, long delta)
{
	__atomic_store_n(&rq->nr_running, rq->nr_running + delta,
			 __ATOMIC_RELAXED);
}

/* ------------------------------------------ the class core (sched.c) */

/* classes in a chain at most, and its NULL */
#define SCHED_CHAIN_MAX 5

/**
 * sched_class_chain() - the chain a machine running @sclass asks
 * @sclass: a selectable class
 * @chain: room for SCHED_CHAIN_MAX + 1 pointers: filled with the chain,
 *	highest first, ending with NULL
 *
 * The classes above every selectable one (sched/class.c), but those that
 * take a policy @sclass takes itself; @sclass; the idle class.  The one
 * place that orders the classes.
 *
 * Return: how many classes it holds.
 */
unsigned int sched_class_chain(const struct sched_class *sclass,
			       const struct sched_class **chain);

/* the machine's chain (sched_class_chain()); all NULL when none exists */
extern const struct sched_class *sched_chain[SCHED_CHAIN_MAX + 1];

/* each class of the machine's chain, highest first (the kernel's name) */
#define for_each_class(class)                                        \
	for (const struct sched_class *const *__chain = sched_chain; \
	     ((class) = *__chain); __chain++)

/**
 * sched_class_above() - does @a come before @b in the machine's chain
 * @a: a class
 * @b: a class
 *
 * Return: true when @a is asked first (false when @a is @b).
 */
bool sched_class_above(const struct sched_class *a,
		       const struct sched_class *b);

/**
 * sched_class_of() - the class of the machine's chain for @policy
 * @policy: a valid policy
 *
 * The one place that maps a policy to its class.
 *
 * Context: a machine exists.
 * Return: the highest class of the chain that takes @policy.
 */
const struct sched_class *sched_class_of(int policy);

/**
 * sched_fork() - give a new task its class and the class's state
 * @p: the new task, not yet visible to anyone
 * @parent: the forking task (its runqueue lock held), or NULL for a
 *	fresh task
 *
 * Return: as the class's task_fork hook (0, 1: tick the parent, or
 * -EINVAL: refused, nothing changed).
 */
int sched_fork(struct task_struct *p, struct task_struct *parent);

/**
 * check_preempt_curr() - @p was queued on @rq: the class may preempt
 * @rq: locked
 * @p: the task
 * @flags: WF_* (sched/class.h)
 */
void check_preempt_curr(struct runqueue *rq, struct task_struct *p, int flags);

/**
 * sched_balance() - every class of the chain balances @rq
 * @rq: locked (may be dropped and retaken)
 * @idle: nonzero when @rq has nothing to run
 *
 * Return: tasks pulled.
 */
int sched_balance(struct runqueue *rq, int idle);

/**
 * raise_tick_balance() - ask for @balance to run on @rq after this tick
 * @rq: locked, in its class's task_tick
 * @balance: the periodic balance, called with @rq locked (it may drop and
 *	retake the lock)
 *
 * The kernel's trigger_load_balance() (6.12: sched_balance_trigger())
 * raising SCHED_SOFTIRQ: scheduler_tick() runs it once the tick is done,
 * a driver of scheduler_tick_irq() when it chooses.
 */
static inline void raise_tick_balance(struct runqueue *rq,
				      void (*balance)(struct runqueue *rq))
{
	rq->tick_balance = balance;
}

/**
 * double_lock_runqueue() - take @busiest's lock while holding @this_rq's
 * @this_rq: locked
 * @busiest: another runqueue
 *
 * Trylock first; on failure, when @busiest has the lower address, drop
 * @this_rq's lock and take both in order (as double_lock_balance()).
 *
 * Return: true when @this_rq's lock was dropped meanwhile.
 */
bool double_lock_runqueue(struct runqueue *this_rq, struct runqueue *busiest);

/**
 * move_queued_task() - balancing moves a queued task to @this_rq
 * @src_rq: locked, @p queued there and not running
 * @p: the task
 * @this_rq: locked
 *
 * @why: why it moves (migrate_why()): the balancer and its rule, which
 *	the migrate hook passes on to the page and the tests
 *
 * Deactivates, rehomes, activates (ENQUEUE_MIGRATED), runs the migrate
 * hook and checks preemption.
 */
void move_queued_task(struct runqueue *src_rq, struct task_struct *p,
		      struct runqueue *this_rq, const struct sched_reason *why);

/**
 * move_task_owner() - @p's runqueue becomes @this_rq, its queue unchanged
 * @src_rq: locked, owning @p
 * @p: a task queued on a queue shared by every CPU (goodness)
 * @this_rq: locked
 * @why: why it moves, as for move_queued_task()
 */
void move_task_owner(struct runqueue *src_rq, struct task_struct *p,
		     struct runqueue *this_rq, const struct sched_reason *why);

/**
 * sched_active_balance() - push @busiest's running task to @dest_cpu
 * @busiest: a runqueue
 * @dest_cpu: the CPU that could not pull it waiting
 *
 * Queues a request naming the task on @busiest's migration thread, which
 * preempts it and moves it (if it still runs or waits there and may run
 * on @dest_cpu), and waits until it is served.
 *
 * Context: no runqueue lock held.
 * Return: 1 when a request was served, 0 when none was made (idle,
 * exiting, not allowed there, an active balance under way, or the thread
 * frozen).
 */
int sched_active_balance(struct runqueue *busiest, int dest_cpu);

/* every online runqueue lock, in ascending order, and back */
void runqueues_lock_all(void);
void runqueues_unlock_all(void);

/**
 * check_array() - verify one prio_array of @rq
 * @rq: locked
 * @array: one of its arrays
 * @name: "active" or "expired", for messages
 * @class: the class every queued task must have
 * @nr_queued: out: the tasks queued in @array
 *
 * Reports its first violation with check_fail(), for an rq_check hook.
 *
 * Return: true when @array is sound (*@nr_queued is then set).
 */
bool check_array(struct runqueue *rq, struct prio_array *array,
		 const char *name, const struct sched_class *class,
		 unsigned long *nr_queued);

/**
 * task_tick_rr() - 2.5.33's tick of a real-time task, shared with rt
 * @rq: locked
 * @p: its running real-time task, queued in @rq->active
 *
 * SCHED_RR: one tick less; an empty slice is refilled (task_timeslice())
 * and the task goes to the tail of its queue with need_resched set.
 * SCHED_FIFO: nothing.
 */
void task_tick_rr(struct runqueue *rq, struct task_struct *p);

/* 2.5.33's fork split and sched_exit(), shared with the rt class */
int task_fork_o1(struct task_struct *p, struct task_struct *parent);
void sched_exit_o1(struct task_struct *p, struct task_struct *parent);

/**
 * sched_snapshot_alloc() - memory for a class's @snapshot hook
 * @snap: the snapshot being made
 * @size: bytes, zeroed
 *
 * Return: the memory, freed with @snap; NULL when out of memory.
 */
void *sched_snapshot_alloc(struct sched_snapshot *snap, size_t size);

/* copy @p into @t */
void snapshot_task(struct sched_snapshot_task *t, const struct task_struct *p);

/**
 * prio_arrays_snapshot() - copy a prio_array queue (o1's, the rt class's)
 * @rq: locked
 * @snap: the snapshot being made
 * @q: its queue to fill
 * @class: o1 or rt (whose name it carries)
 * @both: true to copy both arrays (o1), false for active only (rt)
 *
 * Return: 0, or -ENOMEM.
 */
int prio_arrays_snapshot(struct runqueue *rq, struct sched_snapshot *snap,
			 struct sched_snapshot_queue *q,
			 const struct sched_class *class, bool both);

/**
 * set_task_cpu() - move @p's ownership to @cpu, counting a migration
 * @p: the task
 * @cpu: its new CPU
 *
 * Context: the runqueue lock(s) @p moves between are held.
 */
void set_task_cpu(struct task_struct *p, int cpu);

/**
 * double_task_rq_lock() - lock the runqueues of two tasks
 * @p: a task
 * @q: another task (may share @p's runqueue)
 * @rqp: out, @p's runqueue
 * @rqq: out, @q's runqueue
 *
 * Locks in address order and retries until neither task moved meanwhile.
 *
 * Context: the caller holds no runqueue lock; unlock with
 * double_rq_unlock(*@rqp, *@rqq).
 */
void double_task_rq_lock(struct task_struct *p, struct task_struct *q,
			 struct runqueue **rqp, struct runqueue **rqq);

/**
 * sched_fork_tick() - the tick do_fork() gives a parent left with one tick
 * @p: the parent
 *
 * Ticks @p's slice and sleep_avg like scheduler_tick() (balancing on the
 * same cadence) when @p is still its CPU's current task, but counts no
 * user or system tick: 2.5.33 called scheduler_tick(0, 0).
 *
 * Context: takes @p's runqueue lock; the caller holds none.
 */
void sched_fork_tick(struct task_struct *p);

/**
 * alloc_task() - a zeroed task with every list initialised
 * @comm: its name (spaces become underscores)
 *
 * Return: the task (TASK_UNINTERRUPTIBLE, nice 0, not linked), or NULL.
 */
struct task_struct *alloc_task(const char *comm);

/**
 * free_task() - run the release hook and free @p
 * @p: a task on no list and no runqueue
 */
void free_task(struct task_struct *p);

/**
 * free_dl_entity() - give back @p's SCHED_DEADLINE entity, if it has one
 * @p: a task out of the deadline class's queues and sums (it left the
 *	class, or it is being freed)
 */
void free_dl_entity(struct task_struct *p);

/**
 * tree_init() - idle tasks of @nr_cpus CPUs and init (pid 1)
 * @nr_cpus: CPUs online
 *
 * Context: runqueues initialised; called by sched_init().
 * Return: 0, or -ENOMEM with nothing allocated.
 */
int tree_init(int nr_cpus);

/**
 * tree_teardown() - free every task, idle tasks included
 * @nr_cpus: CPUs online
 *
 * Context: migration threads stopped; called by sched_teardown().
 */
void tree_teardown(int nr_cpus);

/*
 * sched/fair.c: a sleeper eevdf still keeps queued (its delayed dequeue)
 * leaves its queue now, before the core changes its policy, group, nice
 * or CPU; nothing for any other task.  @rq: @p's, locked.
 */
void fair_settle(struct runqueue *rq, struct task_struct *p);

#endif /* KSTRUCT_SCHED_INTERNAL_H */
