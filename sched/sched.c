// SPDX-License-Identifier: MIT
/*
 * sched/sched.c - the O(1) scheduler core of Linux 2.5.33, in userspace.
 *
 * Mirrors kernel/sched.c of 2.5.33: enqueue_task, dequeue_task,
 * effective_prio, activate_task, deactivate_task, try_to_wake_up,
 * wake_up_process, wake_up_forked_process, sched_exit, scheduler_tick
 * (with idle_tick), schedule, sys_sched_yield, set_user_nice,
 * setscheduler, find_busiest_queue, double_lock_balance, pull_task,
 * load_balance, double_rq_lock/unlock, task_rq_lock/unlock,
 * set_cpus_allowed, migration_thread, migration_init, sched_init,
 * init_idle and sched_find_first_bit.  Written from a plain-words
 * description; no kernel code was copied.
 *
 * Deliberate differences (docs/fidelity.md has each one's reason and
 * test):
 *  - "This CPU" is an explicit argument: scheduler_tick(cpu, user_tick),
 *    schedule(cpu), sys_sched_yield(cpu), try_to_wake_up(p, sync,
 *    this_cpu), wake_up_forked_process(p, cpu).  Tasks are pointers, not
 *    pids (setscheduler(p, policy, rt_priority)).
 *  - No context switch: schedule() returns the next task and the caller
 *    records the switch; sys_sched_yield() sets need_resched instead of
 *    calling schedule() itself.
 *  - Errors are values: bad nice/policy/mask input returns -EINVAL where
 *    2.5.33 returned silently or BUG()ed; set_user_nice() returns int;
 *    load_balance() returns how many tasks it pulled.
 *  - Signals are never pending for the scheduler: a task going to sleep
 *    in TASK_INTERRUPTIBLE always sleeps.
 *  - Migration threads are pthreads, not tasks.  A migration thread that
 *    moves its CPU's running task makes the idle task current there with
 *    need_resched set (as if it had preempted the task and then slept),
 *    counting one switch.  It also sets need_resched on the destination's
 *    current task when the moved task has a better priority (later
 *    kernels' move_task_away did so; without it a task moved to an idle
 *    CPU would wait for an unrelated event).
 *  - wake_up_forked_process(p, cpu) places the child on any allowed CPU
 *    and sets need_resched there when the child is better than the
 *    current task (2.5.33 queued it on the forking CPU, where the parent
 *    ran, and do_fork() set the parent's need_resched whatever the
 *    priorities; here the CPU may be idle).
 *  - The parent's PARENT_PENALTY is applied in do_fork() under the
 *    parent's runqueue lock rather than in wake_up_forked_process(); with
 *    PARENT_PENALTY 100 it changes nothing anyway.
 *  - A slice of 0 ticks (possible only when HZ < 100) expires at the next
 *    tick instead of wrapping the unsigned counter.
 *  - nr_running, curr, need_resched and a task's cpu are read without
 *    locks (as the kernel does); here those accesses are atomic so that
 *    ThreadSanitizer can check the rest.
 *  - cache_decay_ticks is a variable set to 10 ms by sched_init().
 *  - A new task carries PF_STARTING (2.6's name) until
 *    wake_up_forked_process() starts it: its TASK_UNINTERRUPTIBLE is not
 *    a sleep, so killing it does not touch nr_uninterruptible, and
 *    try_to_wake_up() leaves it alone (2.5.33 never let anyone see it).
 *  - set_cpus_allowed() refuses idle and exiting tasks (-EINVAL), and a
 *    migration thread leaves a task alone that started exiting after the
 *    request was queued.  The thread reads the task's mask under the
 *    runqueue locks (2.5.33 read it once, unlocked, when it took the
 *    request).  There are no task reference counts: a queued
 *    request counts in p->migration_pending instead, and a task released
 *    meanwhile is freed by the migration thread once the last request
 *    naming it is served (or by schedule() if it is still current).
 *  - Machines are built and torn down at run time: sched_init(nr_cpus)
 *    and sched_teardown(); sched_check() verifies every runqueue.
 *
 * 2.5.33 quirks kept: yield does not stamp expired_timestamp; idle-mode
 * balancing pulls at most one task; balancing pulls from the tail of the
 * lowest-index queue of the expired array first; set_user_nice() sets
 * prio to the new static prio, which drops the sleep bonus until the next
 * recalculation, and reschedules only a running task (a queued task that
 * becomes better does not preempt); setscheduler() deactivates and
 * reactivates, crediting the time since the task last left a CPU as
 * sleep; a migrated task is credited likewise by activate_task(); both
 * count a queued task that has set TASK_UNINTERRUPTIBLE as a sleeper in
 * nr_uninterruptible without uncounting it; a migration request is
 * served even when the task's CPU has become allowed again (the task
 * still moves to its lowest allowed CPU).
 *
 * The scheduler lab (sched/class.h): since the other generations joined,
 * the entry points 2.5.33 exported (try_to_wake_up, wake_up_forked_process,
 * sched_exit, scheduler_tick, schedule, sys_sched_yield, set_user_nice,
 * setscheduler, activate_task, deactivate_task) call through the struct
 * sched_class of the task or machine, as kernel/sched.c has done since
 * 2.6.23, and the O(1) scheduler is the class o1_sched_class: its hooks
 * (enqueue_task_o1, pick_next_task_o1, task_tick_o1, ...) are 2.5.33's
 * code, moved out of those functions without a change, and its balancing
 * (find_busiest_queue, load_balance, ...) is its load_balance hook.  The
 * order of everything o1 does is 2.5.33's: the same workload and seed
 * give the same trace, byte for byte, as before the split.  The split
 * follows later kernels in three places: the parent's slice is shared out
 * by sched_fork() (2.6.0's name; 2.5.33 did it inline in do_fork()),
 * try_to_wake_up(), wake_up_forked_process() and the migration thread ask
 * check_preempt_curr() instead of comparing prio inline, and schedule()
 * asks each class of the machine's chain in turn for the next task.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "compat/bug.h"
#include "compat/prefetch.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sched/internal.h"
#include "sched/sched.h"

struct runqueue runqueues[NR_CPUS];
unsigned long cpu_online_map;
int nr_cpus_online;
unsigned long cache_decay_ticks;
struct sched_hooks sched_hooks;
static bool machine_up;
/* the selectable class the machine runs, NULL when none exists */
static const struct sched_class *machine_class;
const struct sched_class *sched_chain[SCHED_CHAIN_MAX + 1];

/* ------------------------------------------------------------ helpers */

static inline void rq_set_curr(struct runqueue *rq, struct task_struct *p)
{
	__atomic_store_n(&rq->curr, p, __ATOMIC_RELEASE);
}

void set_task_cpu(struct task_struct *p, int cpu)
{
	const struct sched_class *class = task_sched_class(p);

	if (p->cpu != cpu) {
		p->nr_migrations++;
		if (class && class->migrate_task_rq)
			class->migrate_task_rq(p, cpu);
	}
	__atomic_store_n(&p->cpu, cpu, __ATOMIC_RELEASE);
}

static void hook_migrate(struct task_struct *p, int src, int dst,
			 const struct sched_reason *why)
{
	static const struct sched_reason none = { .kind = SCHED_MIGRATE_NONE };

	if (sched_hooks.migrate && src != dst)
		sched_hooks.migrate(p, src, dst, why ? why : &none,
				    sched_hooks.data);
}

/*
 * A task that is neither queued nor running gets @cpu as its CPU, and the
 * migrate hook hears why (@kind, @rule: a migrate_why() whose a and b are
 * the old and new CPU).  @p's runqueue is locked.
 */
static void rehome_sleeper(struct task_struct *p, int cpu, int kind,
			   const char *rule)
{
	int old_cpu = task_cpu(p);
	struct sched_reason why = migrate_why(kind, rule, old_cpu, cpu, NULL);

	set_task_cpu(p, cpu);
	hook_migrate(p, old_cpu, cpu, &why);
}

static void hook_switch(int cpu, struct task_struct *prev,
			struct task_struct *next)
{
	if (sched_hooks.switch_to)
		sched_hooks.switch_to(cpu, prev, next, sched_hooks.data);
}

static void hook_wakeup(int cpu, struct task_struct *p)
{
	if (sched_hooks.wakeup)
		sched_hooks.wakeup(cpu, p, sched_hooks.data);
}

void sched_set_hooks(const struct sched_hooks *hooks)
{
	if (hooks)
		sched_hooks = *hooks;
	else
		memset(&sched_hooks, 0, sizeof(sched_hooks));
}

int sched_find_first_bit(const unsigned long *b)
{
	unsigned int i;

	/* the sentinel bit MAX_PRIO guarantees a hit */
	for (i = 0; i < BITMAP_SIZE; i++)
		if (b[i])
			return i * BITS_PER_LONG + __builtin_ctzl(b[i]);
	BUG();
}

/* ------------------------------------------------------------ locking */

struct runqueue *task_rq_lock(struct task_struct *p)
{
	struct runqueue *rq;

	for (;;) {
		rq = task_rq(p);
		spin_lock(&rq->lock);
		if (likely(rq == task_rq(p)))
			return rq;
		spin_unlock(&rq->lock);
	}
}

void task_rq_unlock(struct runqueue *rq)
{
	spin_unlock(&rq->lock);
}

void double_rq_lock(struct runqueue *rq1, struct runqueue *rq2)
{
	if (rq1 == rq2) {
		spin_lock(&rq1->lock);
	} else if (rq1 < rq2) {
		spin_lock(&rq1->lock);
		spin_lock(&rq2->lock);
	} else {
		spin_lock(&rq2->lock);
		spin_lock(&rq1->lock);
	}
}

void double_rq_unlock(struct runqueue *rq1, struct runqueue *rq2)
{
	spin_unlock(&rq1->lock);
	if (rq1 != rq2)
		spin_unlock(&rq2->lock);
}

void double_task_rq_lock(struct task_struct *p, struct task_struct *q,
			 struct runqueue **rqp, struct runqueue **rqq)
{
	struct runqueue *a, *b;

	for (;;) {
		a = task_rq(p);
		b = task_rq(q);
		double_rq_lock(a, b);
		if (likely(a == task_rq(p) && b == task_rq(q)))
			break;
		double_rq_unlock(a, b);
	}
	*rqp = a;
	*rqq = b;
}

void set_task_state(struct task_struct *p, long state)
{
	struct runqueue *rq = task_rq_lock(p);

	p->state = state;
	task_rq_unlock(rq);
}

/* ----------------------------------------------------- the run queues */

void enqueue_task(struct task_struct *p, struct prio_array *array)
{
	list_add_tail(&p->run_list, &array->queue[p->prio]);
	__set_bit(p->prio, array->bitmap);
	array->nr_active++;
	p->array = array;
}

void dequeue_task(struct task_struct *p, struct prio_array *array)
{
	array->nr_active--;
	list_del(&p->run_list);
	if (list_empty(&array->queue[p->prio]))
		__clear_bit(p->prio, array->bitmap);
}

int effective_prio(const struct task_struct *p)
{
	long bonus, prio;

	if (rt_task(p))
		return p->prio;

	/* sleep_avg in [0, MAX_SLEEP_AVG] maps onto a bonus of -5..+5 */
	bonus = (long)(MAX_USER_PRIO * PRIO_BONUS_RATIO * p->sleep_avg /
		       MAX_SLEEP_AVG / 100) -
		MAX_USER_PRIO * PRIO_BONUS_RATIO / 100 / 2;
	prio = p->static_prio - bonus;
	if (prio < MAX_RT_PRIO)
		prio = MAX_RT_PRIO;
	if (prio > MAX_PRIO - 1)
		prio = MAX_PRIO - 1;
	return (int)prio;
}

/*
 * activate_task() with the kernel's enqueue flags: ENQUEUE_WAKEUP from
 * try_to_wake_up(), ENQUEUE_INITIAL from wake_up_forked_process(),
 * ENQUEUE_RESTORE from setscheduler(); none for a migration.
 */
static void activate_task_flags(struct task_struct *p, struct runqueue *rq,
				int flags)
{
	task_sched_class(p)->enqueue_task(rq, p, flags);
	rq_nr_running_add(rq, 1);
}

void activate_task(struct task_struct *p, struct runqueue *rq)
{
	activate_task_flags(p, rq, 0);
}

static void deactivate_task_flags(struct task_struct *p, struct runqueue *rq,
				  int flags)
{
	rq_nr_running_add(rq, -1);
	if (p->state == TASK_UNINTERRUPTIBLE)
		rq->nr_uninterruptible++;
	task_sched_class(p)->dequeue_task(rq, p, flags);
}

void deactivate_task(struct task_struct *p, struct runqueue *rq)
{
	deactivate_task_flags(p, rq, 0);
}

/* 2.5.33's activate_task(): credit the sleep, queue in active */
static void enqueue_task_o1(struct runqueue *rq, struct task_struct *p,
			    int flags)
{
	unsigned long slept;

	/* wake_up_forked_process(): 2.5.33 left an RT child's estimator alone */
	if ((flags & ENQUEUE_INITIAL) && !rt_task(p)) {
		p->sleep_avg = p->sleep_avg * CHILD_PENALTY / 100;
		p->prio = effective_prio(p);
	}
	slept = task_sleep_ticks(p);
	if (!rt_task(p) && slept) {
		if (slept >= MAX_SLEEP_AVG - p->sleep_avg)
			p->sleep_avg = MAX_SLEEP_AVG;
		else
			p->sleep_avg += slept;
		p->prio = effective_prio(p);
	}
	enqueue_task(p, rq->active);
}

/* 2.5.33's deactivate_task(), after the counting the core does */
static void dequeue_task_o1(struct runqueue *rq, struct task_struct *p,
			    int flags)
{
	(void)rq;
	(void)flags;
	dequeue_task(p, p->array);
	p->array = NULL;
}

/* ------------------------------------------------- the class chain */

const struct sched_class *sched_current_class(void)
{
	return machine_class;
}

bool sched_class_above(const struct sched_class *a, const struct sched_class *b)
{
	const struct sched_class *class;

	for_each_class(class) {
		if (class == b)
			return false;
		if (class == a)
			return true;
	}
	return false;
}

const struct sched_class *sched_class_of(int policy)
{
	const struct sched_class *class;

	for_each_class(class)
		if (class->policies & (1UL << policy))
			return class;
	return machine_class;
}

bool task_queued(const struct task_struct *p)
{
	return task_sched_class(p)->task_queued(p);
}

void check_preempt_curr(struct runqueue *rq, struct task_struct *p, int flags)
{
	task_sched_class(p)->check_preempt_curr(rq, p, flags);
}

int sched_balance(struct runqueue *rq, int idle)
{
	const struct sched_class *class;
	int pulled = 0;

	for_each_class(class)
		if (class->load_balance)
			pulled += class->load_balance(rq, idle);
	return pulled;
}

bool double_lock_runqueue(struct runqueue *this_rq, struct runqueue *busiest)
{
	if (likely(spin_trylock(&busiest->lock)))
		return false;
	if (busiest < this_rq) {
		/* wrong order: let go of ours and take both */
		spin_unlock(&this_rq->lock);
		spin_lock(&busiest->lock);
		spin_lock(&this_rq->lock);
		return true;
	}
	spin_lock(&busiest->lock);
	return false;
}

void move_queued_task(struct runqueue *src_rq, struct task_struct *p,
		      struct runqueue *this_rq, const struct sched_reason *why)
{
	int src_cpu = task_cpu(p);

	deactivate_task(p, src_rq);
	set_task_cpu(p, this_rq->cpu);
	activate_task_flags(p, this_rq, ENQUEUE_MIGRATED);
	hook_migrate(p, src_cpu, this_rq->cpu, why);
	check_preempt_curr(this_rq, p, WF_MIGRATED);
}

void move_task_owner(struct runqueue *src_rq, struct task_struct *p,
		     struct runqueue *this_rq, const struct sched_reason *why)
{
	int src_cpu = task_cpu(p);

	rq_nr_running_add(src_rq, -1);
	set_task_cpu(p, this_rq->cpu);
	rq_nr_running_add(this_rq, 1);
	hook_migrate(p, src_cpu, this_rq->cpu, why);
}

/* ---------------------------------------------------------- wakeups */

int select_task_rq(struct task_struct *p, int cpu, int wake_flags)
{
	const struct sched_class *class = task_sched_class(p);
	int new_cpu;

	if (!class || !class->select_task_rq)
		return cpu;
	new_cpu = class->select_task_rq(p, cpu, wake_flags);
	if (!cpu_online(new_cpu) || !(p->cpus_allowed & (1UL << new_cpu)))
		return cpu;
	return new_cpu;
}

/*
 * A class that places wake-ups (select_task_rq) moves a sleeper, once, to
 * the CPU it chooses, from the waker's CPU (@this_cpu; the task's own for
 * a timer, -1).  Return: true when @p moved (@rq was unlocked).
 */
static bool ttwu_place(struct runqueue *rq, struct task_struct *p, int sync,
		       int this_cpu)
{
	int old_cpu = task_cpu(p), cpu;

	if (task_running(rq, p))
		return false;
	cpu = select_task_rq(
		p, this_cpu >= 0 && cpu_online(this_cpu) ? this_cpu : old_cpu,
		WF_TTWU | (sync ? WF_SYNC : 0));
	if (cpu == old_cpu)
		return false;
	rehome_sleeper(
		p, cpu, SCHED_MIGRATE_WAKEUP,
		"select_task_rq() at the wake-up (wake_affine, then an idle CPU of the LLC) placed it on CPU b, off CPU a");
	task_rq_unlock(rq);
	return true;
}

int try_to_wake_up(struct task_struct *p, int sync, int this_cpu)
{
	const struct sched_class *class;
	struct runqueue *rq;
	int success = 0, wake_flags;
	bool placed = false;

	for (;;) {
		rq = task_rq_lock(p);
		if (p->state & (TASK_ZOMBIE | TASK_DEAD) || p == rq->idle ||
		    (p->flags & (PF_EXITING | PF_STARTING)))
			goto out_unlock;
		if (task_queued(p))
			break;
		class = task_sched_class(p);
		if (class->select_task_rq) {
			if (!placed) {
				placed = true;
				if (ttwu_place(rq, p, sync, this_cpu))
					continue;
			}
		} else if (sync && !task_running(rq, p) &&
			   cpu_online(this_cpu) && task_cpu(p) != this_cpu &&
			   (p->cpus_allowed & (1UL << this_cpu))) {
			rehome_sleeper(
				p, this_cpu, SCHED_MIGRATE_WAKEUP,
				"a sync wake-up pulls the sleeper from CPU a to the waker's CPU b");
			task_rq_unlock(rq);
			continue;
		}
		wake_flags = sync && task_cpu(p) == this_cpu ? WF_SYNC : 0;
		if (p->state == TASK_UNINTERRUPTIBLE)
			rq->nr_uninterruptible--;
		activate_task_flags(p, rq, ENQUEUE_WAKEUP);
		check_preempt_curr(rq, p, wake_flags);
		hook_wakeup(rq->cpu, p);
		success = 1;
		break;
	}
	p->state = TASK_RUNNING;
out_unlock:
	task_rq_unlock(rq);
	return success;
}

/* 2.5.33's wake-up preemption: a better (lower) prio preempts */
static void check_preempt_curr_o1(struct runqueue *rq, struct task_struct *p,
				  int flags)
{
	(void)flags;
	if (p->prio < rq->curr->prio) {
		note_resched(
			rq, SCHED_WHY_WAKEUP, p->pid,
			"prio(woken) a < prio(curr) b: a better prio preempts",
			p->prio, rq->curr->prio, "prio");
		set_tsk_need_resched(rq->curr);
	}
}

int wake_up_process(struct task_struct *p)
{
	return try_to_wake_up(p, 0, -1);
}

int wake_up_forked_process(struct task_struct *p, int cpu)
{
	struct runqueue *src, *dst;
	int ret = -EINVAL;

	if (!cpu_online(cpu))
		return -EINVAL;
	/* p->flags changes only under tasklist_lock and p's runqueue lock */
	write_lock(&tasklist_lock);
	for (;;) {
		src = task_rq(p);
		dst = cpu_rq(cpu);
		double_rq_lock(src, dst);
		if (likely(src == task_rq(p)))
			break;
		double_rq_unlock(src, dst);
	}
	if (p == src->idle || task_queued(p) ||
	    p->state != TASK_UNINTERRUPTIBLE || (p->flags & PF_EXITING) ||
	    !(p->flags & PF_STARTING) || !(p->cpus_allowed & (1UL << cpu)))
		goto out_unlock;

	p->flags &= ~PF_STARTING;
	p->state = TASK_RUNNING;
	/* the first placement is not a migration: no count, no hook */
	__atomic_store_n(&p->cpu, cpu, __ATOMIC_RELEASE);
	activate_task_flags(p, dst, ENQUEUE_INITIAL);
	check_preempt_curr(dst, p, WF_FORK);
	hook_wakeup(cpu, p);
	ret = 0;
out_unlock:
	double_rq_unlock(src, dst);
	write_unlock(&tasklist_lock);
	return ret;
}

void sched_exit(struct task_struct *p)
{
	struct task_struct *parent = p->parent;
	const struct sched_class *class = task_sched_class(p);
	struct runqueue *rq, *prq;

	if (!parent || parent == p || !class->sched_exit)
		return;
	double_task_rq_lock(p, parent, &rq, &prq);
	class->sched_exit(p, parent);
	double_rq_unlock(rq, prq);
}

void sched_exit_o1(struct task_struct *p, struct task_struct *parent)
{
	if (p->first_time_slice) {
		parent->time_slice += p->time_slice;
		if (parent->time_slice > MAX_TIMESLICE)
			parent->time_slice = MAX_TIMESLICE;
	}
	if (p->sleep_avg < parent->sleep_avg)
		parent->sleep_avg =
			(parent->sleep_avg * EXIT_WEIGHT + p->sleep_avg) /
			(EXIT_WEIGHT + 1);
}

/* ------------------------------------------------------------- fork */

int sched_fork(struct task_struct *p, struct task_struct *parent)
{
	const struct sched_class *class = sched_class_of((int)p->policy);

	__atomic_store_n(&p->sched_class, class, __ATOMIC_RELAXED);
	return class->task_fork(p, parent);
}

/*
 * 2.5.33's do_fork(): the child gets half the parent's slice (rounded
 * up), the parent keeps the rest, and a parent left with nothing keeps
 * one tick and is ticked at once (the caller does it: return 1).
 */
int task_fork_o1(struct task_struct *p, struct task_struct *parent)
{
	if (!parent) {
		/* a fresh task (sched_new_task()): a full slice */
		p->time_slice = task_timeslice(p);
		return 0;
	}
	if (!parent->time_slice)
		return -EINVAL;
	/* the slice is shared, so forking gains no CPU time */
	p->time_slice = (parent->time_slice + 1) / 2;
	p->first_time_slice = 1;
	parent->time_slice /= 2;
	parent->sleep_avg = parent->sleep_avg * PARENT_PENALTY / 100;
	if (parent->time_slice)
		return 0;
	parent->time_slice = 1;
	return 1;
}

/* ------------------------------------------------------------- ticks */

void task_tick_rr(struct runqueue *rq, struct task_struct *p)
{
	/* FIFO has no slice; RR refills and goes to the back */
	if (p->policy == SCHED_RR) {
		if (p->time_slice)
			p->time_slice--;
		if (!p->time_slice) {
			p->time_slice = task_timeslice(p);
			p->first_time_slice = 0;
			note_resched(
				rq, SCHED_WHY_SLICE, 0,
				"SCHED_RR: time_slice reached 0 (of a ticks); to the tail of its queue",
				p->time_slice, 0, "ticks");
			set_tsk_need_resched(p);
			dequeue_task(p, rq->active);
			enqueue_task(p, rq->active);
		}
	}
}

/*
 * The scheduling half of a tick for @p, @rq's running task (not idle).
 * @rq is locked; balancing may drop and retake the lock.
 */
static void task_tick_o1(struct runqueue *rq, struct task_struct *p)
{
	/* expired already (or yielded), not yet switched out */
	if (p->array != rq->active) {
		note_resched(rq, SCHED_WHY_SLICE, 0,
			     "it is on the expired array already", 0, 0, NULL);
		set_tsk_need_resched(p);
		return;
	}

	if (unlikely(rt_task(p))) {
		task_tick_rr(rq, p);
		goto out_balance;
	}

	if (p->sleep_avg)
		p->sleep_avg--;
	if (p->time_slice)
		p->time_slice--;
	if (!p->time_slice) {
		dequeue_task(p, rq->active);
		set_tsk_need_resched(p);
		p->prio = effective_prio(p);
		p->time_slice = task_timeslice(p);
		p->first_time_slice = 0;
		if (!TASK_INTERACTIVE(p) || EXPIRED_STARVING(rq)) {
			note_resched(
				rq, SCHED_WHY_SLICE, 0,
				"time_slice reached 0: a new slice of a ticks, in the expired array",
				p->time_slice, 0, "ticks");
			if (!rq->expired_timestamp)
				rq->expired_timestamp = jiffies;
			enqueue_task(p, rq->expired);
		} else {
			note_resched(
				rq, SCHED_WHY_SLICE, 0,
				"time_slice reached 0: a new slice of a ticks, back in the active array (interactive)",
				p->time_slice, 0, "ticks");
			enqueue_task(p, rq->active);
		}
	}
out_balance:
	if (!(jiffies % BUSY_REBALANCE_TICK))
		load_balance(rq, 0);
}

/*
 * The periodic balance the tick raised on @rq, if any (the kernel's
 * SCHED_SOFTIRQ handler, run on the way out of the timer interrupt).
 * @rq locked; the balance may drop and retake the lock.
 */
static void run_tick_balance(struct runqueue *rq)
{
	void (*balance)(struct runqueue *) = rq->tick_balance;

	if (!balance)
		return;
	rq->tick_balance = NULL;
	balance(rq);
}

bool scheduler_tick_irq(int cpu, int user_tick)
{
	struct runqueue *rq = cpu_rq(cpu);
	const struct sched_class *class;
	struct task_struct *p;
	bool raised;

	spin_lock(&rq->lock);
	p = rq->curr;
	if (p == rq->idle) {
		rq->idle_ticks++;
		if (!(jiffies % IDLE_REBALANCE_TICK))
			sched_balance(rq, 1);
		goto out_unlock;
	}
	if (user_tick)
		rq->user_ticks++;
	else
		rq->system_ticks++;
	task_sched_class(p)->task_tick(rq, p);
out_unlock:
	/* the classes' timers, whatever runs (the deadline class's) */
	for_each_class(class)
		if (class->timer_tick)
			class->timer_tick(rq);
	raised = rq->tick_balance != NULL;
	spin_unlock(&rq->lock);
	return raised;
}

void scheduler_tick_softirq(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);

	spin_lock(&rq->lock);
	run_tick_balance(rq);
	spin_unlock(&rq->lock);
}

void scheduler_tick(int cpu, int user_tick)
{
	if (scheduler_tick_irq(cpu, user_tick))
		scheduler_tick_softirq(cpu);
}

void sched_fork_tick(struct task_struct *p)
{
	struct runqueue *rq = task_rq_lock(p);

	if (rq->curr == p)
		task_sched_class(p)->task_tick(rq, p);
	run_tick_balance(rq);
	task_rq_unlock(rq);
}

/* ---------------------------------------------------------- schedule */

/*
 * Ask each class of the machine's chain, highest first, for the task to
 * run; NULL when none has one (the idle task runs).  A class that had to
 * drop the runqueue lock says so (RETRY_TASK): a higher class may have
 * gained a task meanwhile, so the walk starts again.
 */
static struct task_struct *pick_next_task(struct runqueue *rq)
{
	const struct sched_class *class;
	struct task_struct *p;

again:
	for_each_class(class) {
		p = class->pick_next_task(rq, rq->curr);
		if (unlikely(p == RETRY_TASK))
			goto again;
		if (p)
			return p;
	}
	return NULL;
}

struct task_struct *schedule(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	struct task_struct *prev, *next, *dead = NULL;
	const struct sched_class *class;

	spin_lock(&rq->lock);
	prev = rq->curr;
	prev->sleep_timestamp = jiffies;

	if (prev->state != TASK_RUNNING && prev != rq->idle) {
		BUG_ON(!task_queued(prev));
		deactivate_task_flags(prev, rq, DEQUEUE_SLEEP);
	}

	/* may drop and retake rq->lock (double_lock_balance) */
	if (unlikely(!rq->nr_running))
		sched_balance(rq, 1);

	next = pick_next_task(rq);
	/*
	 * A migration thread may have preempted prev meanwhile (it makes
	 * the idle task current): switch from that.
	 */
	prev = rq->curr;
	if (!next)
		next = rq->idle;

	/*
	 * 2.5.33's prefetch(next): its first cache line held every field
	 * the switch reads on a 32-bit machine; here those fields, the
	 * class, the driver's record and the fair entity are the bytes
	 * before the process tree's links.
	 */
	prefetch_range(next, offsetof(struct task_struct, tasks));
	clear_tsk_need_resched(prev);
	if (prev == next)
		rq->resched_why.kind = SCHED_WHY_NONE;
	if (likely(prev != next)) {
		class = prev == rq->idle ? NULL : task_sched_class(prev);
		if (class && class->put_prev_task)
			class->put_prev_task(rq, prev, next);
		class = next == rq->idle ? NULL : task_sched_class(next);
		if (class && class->set_curr_task)
			class->set_curr_task(rq, next);
		rq->nr_switches++;
		rq_set_curr(rq, next);
		hook_switch(cpu, prev, next);
		rq->resched_why.kind = SCHED_WHY_NONE;
		/* a migration thread frees it if a request still names it */
		if (prev->state == TASK_DEAD && !prev->migration_pending)
			dead = prev;
	}
	spin_unlock(&rq->lock);
	if (dead)
		free_task(dead);
	return next;
}

/*
 * 2.5.33's pick: switch the arrays when active is empty, then the first
 * task of the best queue.  Empty arrays clear expired_timestamp (the idle
 * task runs, or a class above o1's).
 */
static struct task_struct *pick_next_task_o1(struct runqueue *rq,
					     struct task_struct *prev)
{
	struct prio_array *array;
	bool switched = false;
	int idx;

	(void)prev;
	/*
	 * 2.5.33 tested nr_running; here it also counts a throttled deadline
	 * task, which is in neither array
	 */
	if (unlikely(!rq->active->nr_active && !rq->expired->nr_active)) {
		rq->expired_timestamp = 0;
		return NULL;
	}
	array = rq->active;
	if (unlikely(!array->nr_active)) {
		/* everyone used their slice: the expired array takes over */
		rq->active = rq->expired;
		rq->expired = array;
		array = rq->active;
		rq->expired_timestamp = 0;
		rq->nr_array_switches++;
		switched = true;
	}
	idx = sched_find_first_bit(array->bitmap);
	note_pick(
		rq, 0,
		switched ?
			"the active array was empty, so the arrays were switched; then the first task of the best prio a" :
			"the first task of the best prio a with a task queued in the active array",
		idx, 0, "prio");
	return list_first_entry(&array->queue[idx], struct task_struct,
				run_list);
}

long sys_sched_yield(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	struct task_struct *p;

	spin_lock(&rq->lock);
	p = rq->curr;
	if (p == rq->idle || !task_queued(p))
		goto out_unlock;
	task_sched_class(p)->yield_task(rq);
	note_resched(rq, SCHED_WHY_YIELD, 0, "sched_yield()", 0, 0, NULL);
	set_tsk_need_resched(p);
out_unlock:
	spin_unlock(&rq->lock);
	return 0;
}

/* 2.5.33: a normal task goes to expired, a real-time one to its tail */
static void yield_task_o1(struct runqueue *rq)
{
	struct task_struct *p = rq->curr;

	if (likely(!rt_task(p))) {
		dequeue_task(p, p->array);
		enqueue_task(p, rq->expired);
	} else {
		list_move_tail(&p->run_list, &p->array->queue[p->prio]);
	}
}

int set_user_nice(struct task_struct *p, long nice)
{
	struct runqueue *rq;

	if (nice < -20 || nice > 19)
		return -EINVAL;
	rq = task_rq_lock(p);
	if (p == rq->idle || TASK_NICE(p) == nice)
		goto out_unlock;
	task_sched_class(p)->set_nice(rq, p, nice);
out_unlock:
	task_rq_unlock(rq);
	return 0;
}

static void set_nice_o1(struct runqueue *rq, struct task_struct *p, long nice)
{
	struct prio_array *array;

	if (rt_task(p)) {
		p->static_prio = NICE_TO_PRIO(nice);
		return;
	}
	array = p->array;
	if (array)
		dequeue_task(p, array);
	/* the sleep bonus is dropped until the next recalculation */
	p->static_prio = NICE_TO_PRIO(nice);
	p->prio = NICE_TO_PRIO(nice);
	if (array) {
		enqueue_task(p, array);
		/*
		 * 2.5.33 also meant to preempt for a task whose priority
		 * rose, but compared with static_prio after updating it, so
		 * only a running task is ever rescheduled.
		 */
		if (task_running(rq, p)) {
			note_resched(rq, SCHED_WHY_CHANGED, 0,
				     "its nice changed to a", nice, 0, NULL);
			set_tsk_need_resched(rq->curr);
		}
	}
}

/*
 * setscheduler() and sched_setattr(): @policy -1 keeps the task's.  The
 * new class checks and takes its parameters (@attr, NULL for none) with
 * the task off its queue; when it refuses, the task goes back as it was.
 */
static int __setscheduler(struct task_struct *p, int policy, int rt_priority,
			  const struct sched_attr *attr)
{
	const struct sched_class *class, *new_class;
	struct runqueue *rq;
	bool queued, running;
	int ret = -EINVAL, oldprio;

	rq = task_rq_lock(p);
	if (p == rq->idle)
		goto out_unlock;
	if (policy < 0)
		policy = (int)p->policy;
	if (policy == SCHED_DEADLINE ? !attr || rt_priority :
				       !sched_param_valid(policy, rt_priority))
		goto out_unlock;

	/* 2.5.33 deactivated and reactivated; o1 has no put/set hooks */
	fair_settle(rq, p);
	queued = task_queued(p);
	running = task_running(rq, p);
	class = task_sched_class(p);
	if (queued)
		deactivate_task_flags(p, rq, DEQUEUE_SAVE);
	if (running && class->put_prev_task)
		class->put_prev_task(rq, p, p);
	new_class = sched_class_of(policy);
	ret = new_class->setattr ? new_class->setattr(rq, p, attr) : 0;
	oldprio = p->prio;
	if (!ret) {
		if (new_class != class && class->switched_from)
			class->switched_from(rq, p);
		p->policy = policy;
		p->rt_priority = rt_priority;
		p->prio = sched_param_prio(policy, rt_priority, p->static_prio);
		class = new_class;
	}
	/* refused: back as it was */
	__atomic_store_n(&p->sched_class, class, __ATOMIC_RELAXED);
	if (queued)
		activate_task_flags(p, rq, ENQUEUE_RESTORE);
	if (running && class->set_curr_task)
		class->set_curr_task(rq, p);
	if (queued && class->prio_changed && !ret)
		class->prio_changed(rq, p, oldprio);
out_unlock:
	task_rq_unlock(rq);
	return ret;
}

int setscheduler(struct task_struct *p, int policy, int rt_priority)
{
	return __setscheduler(p, policy, rt_priority, NULL);
}

int sched_setattr(struct task_struct *p, const struct sched_attr *attr)
{
	if (!attr || attr->sched_flags || attr->sched_nice ||
	    attr->sched_policy > SCHED_DEADLINE)
		return -EINVAL;
	return __setscheduler(p, (int)attr->sched_policy,
			      (int)attr->sched_priority, attr);
}

/* --------------------------------------------------------- balancing */

/* this queue's load: the larger of now and last time, unless idle */
static int this_load(struct runqueue *this_rq, int this_cpu, int idle)
{
	int now = (int)rq_nr_running(this_rq);

	if (idle || now > this_rq->prev_nr_running[this_cpu])
		return now;
	return this_rq->prev_nr_running[this_cpu];
}

int double_lock_balance(struct runqueue *this_rq, struct runqueue *busiest,
			int this_cpu, int idle, int nr_running)
{
	if (unlikely(!spin_trylock(&busiest->lock))) {
		if (busiest < this_rq) {
			/* wrong order: let go of ours and take both */
			spin_unlock(&this_rq->lock);
			spin_lock(&busiest->lock);
			spin_lock(&this_rq->lock);
			nr_running = this_load(this_rq, this_cpu, idle);
		} else {
			spin_lock(&busiest->lock);
		}
	}
	return nr_running;
}

struct runqueue *find_busiest_queue(struct runqueue *this_rq, int this_cpu,
				    int idle, int *imbalance)
{
	struct runqueue *busiest = NULL, *rq_src;
	int nr_running, load, max_load = 1, now, i;

	nr_running = this_load(this_rq, this_cpu, idle);

	for (i = 0; i < NR_CPUS; i++) {
		if (!cpu_online(i))
			continue;
		rq_src = cpu_rq(i);
		now = (int)rq_nr_running(rq_src);
		/* remote loads: the smaller of now and last time */
		if (idle || now < this_rq->prev_nr_running[i])
			load = now;
		else
			load = this_rq->prev_nr_running[i];
		this_rq->prev_nr_running[i] = now;
		if (load > max_load && rq_src != this_rq) {
			busiest = rq_src;
			max_load = load;
		}
	}
	if (likely(!busiest))
		return NULL;

	*imbalance = (max_load - nr_running) / 2;
	/* busy CPUs need roughly a 25% imbalance */
	if (!idle && *imbalance < (max_load + 3) / 4)
		return NULL;

	nr_running = double_lock_balance(this_rq, busiest, this_cpu, idle,
					 nr_running);
	/* recheck under the lock: it may have drained meanwhile */
	if (busiest->nr_running <= (unsigned long)nr_running + 1) {
		spin_unlock(&busiest->lock);
		return NULL;
	}
	return busiest;
}

void pull_task(struct runqueue *src_rq, struct prio_array *src_array,
	       struct task_struct *p, struct runqueue *this_rq, int this_cpu,
	       const struct sched_reason *why)
{
	int src_cpu = task_cpu(p);

	dequeue_task(p, src_array);
	rq_nr_running_add(src_rq, -1);
	set_task_cpu(p, this_cpu);
	rq_nr_running_add(this_rq, 1);
	enqueue_task(p, this_rq->active);
	this_rq->nr_pulled++;
	hook_migrate(p, src_cpu, this_cpu, why);
	/* the idle task has prio MAX_PRIO: always preempted */
	if (p->prio < this_rq->curr->prio) {
		note_resched(
			this_rq, SCHED_WHY_WAKEUP, p->pid,
			"load_balance() pulled in a task of better prio: a < b",
			p->prio, this_rq->curr->prio, "prio");
		set_tsk_need_resched(this_rq->curr);
	}
}

/* running, not allowed here, or cache-hot tasks stay where they are */
static bool can_migrate_task(struct task_struct *p, struct runqueue *rq,
			     int this_cpu)
{
	return task_sleep_ticks(p) > cache_decay_ticks &&
	       !task_running(rq, p) && (p->cpus_allowed & (1UL << this_cpu));
}

int load_balance(struct runqueue *this_rq, int idle)
{
	int this_cpu = this_rq->cpu, imbalance = 0, pulled = 0;
	struct runqueue *busiest;
	struct prio_array *array;
	struct list_head *head, *pos;
	struct task_struct *tmp;
	struct sched_reason why;
	unsigned long idx;

	this_rq->nr_balance++;
	busiest = find_busiest_queue(this_rq, this_cpu, idle, &imbalance);
	if (!busiest)
		return 0;
	why = migrate_why(
		SCHED_MIGRATE_BALANCE,
		idle ? "load_balance() on an idle CPU: find_busiest_queue() chose CPU a, an imbalance of b tasks (one is pulled)" :
		       "load_balance() at the tick: find_busiest_queue() chose CPU a, at least 25% busier, an imbalance of b tasks",
		busiest->cpu, imbalance, NULL);

	/* expired tasks first: they are the least likely to be cache-warm */
	array = busiest->expired->nr_active ? busiest->expired :
					      busiest->active;
new_array:
	for (idx = sched_find_first_bit(array->bitmap); idx < MAX_PRIO;
	     idx = find_next_bit(array->bitmap, MAX_PRIO, idx + 1)) {
		head = &array->queue[idx];
		pos = head->prev;
		/* from the tail: the most recently queued go first */
		while (pos != head) {
			tmp = list_entry(pos, struct task_struct, run_list);
			pos = pos->prev;
			if (!can_migrate_task(tmp, busiest, this_cpu))
				continue;
			pull_task(busiest, array, tmp, this_rq, this_cpu, &why);
			pulled++;
			if (idle || !--imbalance)
				goto out_unlock;
		}
	}
	if (array == busiest->expired) {
		array = busiest->active;
		goto new_array;
	}
out_unlock:
	spin_unlock(&busiest->lock);
	return pulled;
}

/* --------------------------------------------------------- migration */

/*
 * Move @p (queued on @rq when the request was made) to its lowest CPU, or
 * to @dest when that is 0 or more (an active balance: only while @p is
 * still queued on @rq and allowed there).
 */
static void move_task_away(struct runqueue *rq, struct task_struct *p, int dest)
{
	struct runqueue *rq_src, *rq_dest;
	struct sched_reason why;
	unsigned long mask;
	int cpu_src, cpu_dest;

	for (;;) {
		rq_src = task_rq_lock(p);
		cpu_src = rq_src->cpu;
		mask = p->cpus_allowed;
		task_rq_unlock(rq_src);
		cpu_dest = dest >= 0 ? dest : (int)__ffs(mask);
		rq_dest = cpu_rq(cpu_dest);
		double_rq_lock(rq_src, rq_dest);
		if (likely(task_cpu(p) == cpu_src && p->cpus_allowed == mask))
			break;
		double_rq_unlock(rq_src, rq_dest);
	}
	/*
	 * Moved by someone else meanwhile (balancing): nothing to do, as in
	 * 2.5.33.  Still here, it goes to its lowest allowed CPU even if
	 * this CPU has become allowed again (then to the tail of its queue
	 * here), as 2.5.33 did.  kstruct: an exiting task stays, since
	 * do_exit() leaves it queued until schedule() switches it out and
	 * moving it would queue a zombie on another CPU.
	 */
	if (rq_src != rq || (p->flags & PF_EXITING))
		goto out_unlock;
	if (dest >= 0 &&
	    (!task_queued(p) || !(mask & (1UL << dest)) || rq_src == rq_dest))
		goto out_unlock;
	if (task_running(rq_src, p)) {
		/* the migration thread preempts p, then sleeps again */
		clear_tsk_need_resched(p);
		rq_src->nr_switches++;
		rq_set_curr(rq_src, rq_src->idle);
		set_tsk_need_resched(rq_src->idle);
		p->sleep_timestamp = jiffies;
		rq_src->resched_why.kind = SCHED_WHY_NONE;
		note_resched(
			rq_src, SCHED_WHY_MIGRATE, 0,
			dest >= 0 ?
				"active balance: CPU a could not pull it waiting, the migration thread pushes it there" :
				"set_cpus_allowed(): no longer allowed here, the migration thread moves it to CPU a",
			cpu_dest, cpu_src, NULL);
		hook_switch(cpu_src, p, rq_src->idle);
		rq_src->resched_why.kind = SCHED_WHY_NONE;
	}
	set_task_cpu(p, cpu_dest);
	if (task_queued(p)) {
		deactivate_task(p, rq_src);
		activate_task(p, rq_dest);
		if (rq_dest != rq_src)
			rq_dest->nr_migrated_in++;
		check_preempt_curr(rq_dest, p, WF_MIGRATED);
	}
	why = dest >= 0 ?
		      migrate_why(
			      SCHED_MIGRATE_ACTIVE,
			      "active balance: CPU b could not pull it waiting, the migration thread of CPU a pushed it there",
			      cpu_src, cpu_dest, NULL) :
		      migrate_why(
			      SCHED_MIGRATE_AFFINITY,
			      "set_cpus_allowed() left out CPU a: the migration thread moved it to CPU b, the lowest allowed",
			      cpu_src, cpu_dest, NULL);
	hook_migrate(p, cpu_src, cpu_dest, &why);
out_unlock:
	double_rq_unlock(rq_src, rq_dest);
}

/*
 * The request for @p has been served: drop its count.  Return true when
 * @p was released meanwhile and nothing else will free it (it is no
 * CPU's current task and no other request names it).
 */
static bool task_request_done(struct task_struct *p)
{
	struct runqueue *rq = task_rq_lock(p);
	bool dead;

	BUG_ON(!p->migration_pending);
	p->migration_pending--;
	dead = !p->migration_pending && p->state == TASK_DEAD &&
	       !task_running(rq, p);
	task_rq_unlock(rq);
	return dead;
}

/*
 * Wake @rq's migration thread to look at its queue and flags again.
 * Called after changing them, with @rq->lock held (the lock order:
 * @rq->lock, then @rq->migration_mutex; the thread never holds both).
 */
static void migration_kick(struct runqueue *rq)
{
	BUG_ON(pthread_mutex_lock(&rq->migration_mutex) != 0);
	rq->migration_kicked = true;
	pthread_cond_signal(&rq->migration_wait);
	BUG_ON(pthread_mutex_unlock(&rq->migration_mutex) != 0);
}

static void *migration_thread(void *arg)
{
	struct runqueue *rq = arg;
	struct migration_req *req;
	struct task_struct *p;

	spin_lock(&rq->lock);
	for (;;) {
		while (!rq->migration_stop &&
		       (rq->migration_frozen ||
			list_empty(&rq->migration_queue))) {
			/*
			 * Sleep with the runqueue lock let go, until a kick:
			 * one made after that look found nothing is seen
			 * here, since it sets @migration_kicked.
			 */
			spin_unlock(&rq->lock);
			BUG_ON(pthread_mutex_lock(&rq->migration_mutex) != 0);
			while (!rq->migration_kicked)
				pthread_cond_wait(&rq->migration_wait,
						  &rq->migration_mutex);
			rq->migration_kicked = false;
			BUG_ON(pthread_mutex_unlock(&rq->migration_mutex) != 0);
			spin_lock(&rq->lock);
		}
		if (list_empty(&rq->migration_queue))
			break; /* told to stop, nothing left to serve */
		/* newest request first: they are added at the head */
		req = list_first_entry(&rq->migration_queue,
				       struct migration_req, list);
		list_del_init(&req->list);
		spin_unlock(&rq->lock);

		p = req->task;
		move_task_away(rq, p, req->dest_cpu);
		/* freed before the requester returns: it owns no reference */
		if (task_request_done(p))
			free_task(p);
		/* after this the requester may return and free req */
		complete(&req->done);

		spin_lock(&rq->lock);
	}
	spin_unlock(&rq->lock);
	return NULL;
}

/*
 * Queue a request to move @p (to its lowest allowed CPU, or to @dest) on
 * @rq, locked by task_rq_lock(), unlock it and wait until the migration
 * thread has served it.
 */
static void migration_request_wait(struct runqueue *rq, struct task_struct *p,
				   int dest)
{
	struct migration_req req;

	init_completion(&req.done);
	req.task = p;
	req.dest_cpu = dest;
	/* keeps @p allocated until the request is served */
	BUG_ON(p->migration_pending == USHRT_MAX);
	p->migration_pending++;
	list_add(&req.list, &rq->migration_queue);
	migration_kick(rq);
	task_rq_unlock(rq);

	wait_for_completion(&req.done);
	destroy_completion(&req.done);
}

int set_cpus_allowed(struct task_struct *p, unsigned long new_mask)
{
	struct runqueue *rq;

	new_mask &= cpu_online_map;
	if (!new_mask)
		return -EINVAL;

	rq = task_rq_lock(p);
	if (p == rq->idle || (p->flags & PF_EXITING)) {
		task_rq_unlock(rq);
		return -EINVAL;
	}
	/* read without this lock by goodness's walk over the global list */
	__atomic_store_n(&p->cpus_allowed, new_mask, __ATOMIC_RELAXED);
	if (new_mask & (1UL << task_cpu(p)))
		goto out_unlock;
	if (!task_queued(p) && !task_running(rq, p)) {
		/* asleep: just rehome it */
		rehome_sleeper(
			p, (int)__ffs(new_mask), SCHED_MIGRATE_AFFINITY,
			"set_cpus_allowed() while it slept left out CPU a: rehomed to CPU b, the lowest allowed");
		goto out_unlock;
	}
	migration_request_wait(rq, p, -1);
	return 0;

out_unlock:
	task_rq_unlock(rq);
	return 0;
}

int sched_active_balance(struct runqueue *rq, int dest_cpu)
{
	struct task_struct *p;

	spin_lock(&rq->lock);
	p = rq->curr;
	if (p == rq->idle || (p->flags & PF_EXITING) || !task_queued(p) ||
	    !(p->cpus_allowed & (1UL << dest_cpu)) || rq->cpu == dest_cpu ||
	    rq->active_balance || rq->migration_frozen) {
		spin_unlock(&rq->lock);
		return 0;
	}
	rq->active_balance = true;
	migration_request_wait(rq, p, dest_cpu);
	spin_lock(&rq->lock);
	rq->active_balance = false;
	spin_unlock(&rq->lock);
	return 1;
}

void migration_freeze(int cpu, bool frozen)
{
	struct runqueue *rq = cpu_rq(cpu);

	spin_lock(&rq->lock);
	rq->migration_frozen = frozen;
	migration_kick(rq);
	spin_unlock(&rq->lock);
}

int migration_queue_len(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	int n;

	spin_lock(&rq->lock);
	n = (int)list_count_nodes(&rq->migration_queue);
	spin_unlock(&rq->lock);
	return n;
}

static void migration_stop(int nr_cpus)
{
	struct runqueue *rq;
	int cpu;

	for (cpu = 0; cpu < nr_cpus; cpu++) {
		rq = cpu_rq(cpu);
		if (!rq->migration_running)
			continue;
		spin_lock(&rq->lock);
		rq->migration_stop = true;
		rq->migration_frozen = false;
		migration_kick(rq);
		spin_unlock(&rq->lock);
		pthread_join(rq->migration_thread, NULL);
		rq->migration_running = false;
	}
}

/* migration_init() - one migration pthread per online CPU */
static int migration_init(int nr_cpus)
{
	struct runqueue *rq;
	int cpu;

	for (cpu = 0; cpu < nr_cpus; cpu++) {
		rq = cpu_rq(cpu);
		rq->migration_stop = false;
		if (pthread_create(&rq->migration_thread, NULL,
				   migration_thread, rq) != 0)
			goto err_stop;
		rq->migration_running = true;
	}
	return 0;

err_stop:
	migration_stop(cpu);
	return -EAGAIN;
}

/* ------------------------------------------------------- machine setup */

void init_idle(struct task_struct *idle, int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);

	spin_lock(&rq->lock);
	idle->prio = MAX_PRIO;
	idle->state = TASK_RUNNING;
	idle->flags &= ~PF_STARTING;
	idle->array = NULL;
	idle->cpus_allowed = 1UL << cpu;
	__atomic_store_n(&idle->cpu, cpu, __ATOMIC_RELEASE);
	rq->idle = idle;
	rq_set_curr(rq, idle);
	spin_unlock(&rq->lock);
}

struct task_struct *cpu_curr(int cpu)
{
	return __atomic_load_n(&cpu_rq(cpu)->curr, __ATOMIC_ACQUIRE);
}

struct task_struct *idle_task(int cpu)
{
	return cpu_rq(cpu)->idle;
}

static void rq_init(struct runqueue *rq, int cpu)
{
	struct prio_array *array;
	int i, j;

	memset(rq, 0, sizeof(*rq));
	spin_lock_init(&rq->lock);
	BUG_ON(pthread_cond_init(&rq->migration_wait, NULL) != 0);
	BUG_ON(pthread_mutex_init(&rq->migration_mutex, NULL) != 0);
	INIT_LIST_HEAD(&rq->migration_queue);
	rq->cpu = cpu;
	rq->active = &rq->arrays[0];
	rq->expired = &rq->arrays[1];
	for (i = 0; i < 2; i++) {
		array = &rq->arrays[i];
		for (j = 0; j < MAX_PRIO; j++)
			INIT_LIST_HEAD(&array->queue[j]);
		/* the sentinel that ends every first-bit search */
		__set_bit(MAX_PRIO, array->bitmap);
	}
}

static void rq_destroy(struct runqueue *rq)
{
	pthread_cond_destroy(&rq->migration_wait);
	pthread_mutex_destroy(&rq->migration_mutex);
	spin_lock_destroy(&rq->lock);
}

static bool class_selectable(const struct sched_class *class)
{
	int i;

	for (i = 0; sched_classes[i]; i++)
		if (sched_classes[i] == class)
			return true;
	return false;
}

int sched_init_class(int nr_cpus, const struct sched_class *class)
{
	const struct sched_class *c;
	int cpu, ret;

	if (!class)
		class = &o1_sched_class;
	if (nr_cpus < 1 || nr_cpus > NR_CPUS || nr_cpus > BITS_PER_LONG ||
	    !class_selectable(class))
		return -EINVAL;
	if (machine_up)
		return -EBUSY;

	memset(&sched_hooks, 0, sizeof(sched_hooks));
	machine_class = class;
	sched_class_chain(class, sched_chain);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		rq_init(cpu_rq(cpu), cpu);
		for_each_class(c)
			if (c->rq_init)
				c->rq_init(cpu_rq(cpu));
	}
	nr_cpus_online = nr_cpus;
	cpu_online_map = nr_cpus == BITS_PER_LONG ? ~0UL : (1UL << nr_cpus) - 1;
	cache_decay_ticks = msecs_to_jiffies(10);

	for_each_class(c) {
		ret = c->init ? c->init(nr_cpus) : 0;
		if (ret)
			goto err_classes;
	}
	ret = tree_init(nr_cpus);
	if (ret)
		goto err_classes;
	/* init, the one task tree_init() makes: a fresh task of its class */
	sched_fork(child_reaper, NULL);
	ret = migration_init(nr_cpus);
	if (ret)
		goto err_tree;
	machine_up = true;
	return 0;

err_tree:
	tree_teardown(nr_cpus);
err_classes:
	for_each_class(c)
		if (c->exit)
			c->exit();
	for (cpu = 0; cpu < nr_cpus; cpu++)
		rq_destroy(cpu_rq(cpu));
	cpu_online_map = 0;
	nr_cpus_online = 0;
	machine_class = NULL;
	memset(sched_chain, 0, sizeof(sched_chain));
	return ret;
}

int sched_init(int nr_cpus)
{
	return sched_init_class(nr_cpus, &o1_sched_class);
}

void sched_teardown(void)
{
	const struct sched_class *c;
	int cpu, nr = nr_cpus_online;

	if (!machine_up)
		return;
	migration_stop(nr);
	/* no release hooks while the whole machine goes away */
	memset(&sched_hooks, 0, sizeof(sched_hooks));
	tree_teardown(nr);
	for_each_class(c)
		if (c->exit)
			c->exit();
	for (cpu = 0; cpu < nr; cpu++)
		rq_destroy(cpu_rq(cpu));
	cpu_online_map = 0;
	nr_cpus_online = 0;
	machine_class = NULL;
	memset(sched_chain, 0, sizeof(sched_chain));
	machine_up = false;
}

/* ---------------------------------------------------------- checking */

/* report the first violation, answer false, and leave through out_unlock */
#define check(cond, ...)                              \
	do {                                          \
		if (unlikely(!(cond))) {              \
			ok = check_fail(__VA_ARGS__); \
			goto out_unlock;              \
		}                                     \
	} while (0)

void runqueues_lock_all(void)
{
	int cpu;

	for (cpu = 0; cpu < nr_cpus_online; cpu++)
		spin_lock(&cpu_rq(cpu)->lock);
}

void runqueues_unlock_all(void)
{
	int cpu;

	for (cpu = nr_cpus_online - 1; cpu >= 0; cpu--)
		spin_unlock(&cpu_rq(cpu)->lock);
}

bool check_array(struct runqueue *rq, struct prio_array *array,
		 const char *name, const struct sched_class *class,
		 unsigned long *nr_queued)
{
	struct task_struct *p;
	int idx, count, total = 0;
	unsigned long bit;
	bool ok = true;

	check(test_bit(MAX_PRIO, array->bitmap),
	      "cpu %d %s: sentinel bit %d clear", rq->cpu, name, MAX_PRIO);
	for (bit = MAX_PRIO + 1; bit < BITMAP_SIZE * BITS_PER_LONG; bit++)
		check(!test_bit(bit, array->bitmap), "cpu %d %s: stray bit %lu",
		      rq->cpu, name, bit);
	for (idx = 0; idx < MAX_PRIO; idx++) {
		ok = list_check(&array->queue[idx]); /* reports for itself */
		if (!ok)
			goto out_unlock;
		check(!list_empty(&array->queue[idx]) ==
			      !!test_bit(idx, array->bitmap),
		      "cpu %d %s: bit %d %s but queue %s", rq->cpu, name, idx,
		      test_bit(idx, array->bitmap) ? "set" : "clear",
		      list_empty(&array->queue[idx]) ? "empty" : "busy");
		count = 0;
		list_for_each_entry(p, &array->queue[idx], run_list) {
			check(p->prio == idx && p->array == array,
			      "cpu %d %s: task %d (prio %d) on queue %d",
			      rq->cpu, name, p->pid, p->prio, idx);
			check(p->cpu == rq->cpu,
			      "cpu %d %s: task %d says cpu %d", rq->cpu, name,
			      p->pid, p->cpu);
			check(p != rq->idle, "cpu %d: idle task queued",
			      rq->cpu);
			check(p->sched_class == class,
			      "cpu %d %s: task %d of class %s", rq->cpu, name,
			      p->pid,
			      p->sched_class ? p->sched_class->name : "(none)");
			check(!(p->flags & PF_STARTING),
			      "cpu %d: task %d queued before it started",
			      rq->cpu, p->pid);
			check(p->state != TASK_ZOMBIE || p == rq->curr,
			      "cpu %d: zombie %d queued, not current", rq->cpu,
			      p->pid);
			count++;
		}
		total += count;
	}
	check(total == array->nr_active, "cpu %d %s: nr_active %d, queued %d",
	      rq->cpu, name, array->nr_active, total);
	*nr_queued = total;
out_unlock:
	return ok;
}

bool (sched_check)(void)
{
	const struct sched_class *class;
	struct runqueue *rq;
	struct migration_req *req;
	unsigned long n, queued;
	bool ok = true;
	int cpu;

	if (!machine_up)
		return true;
	runqueues_lock_all();
	for (cpu = 0; cpu < nr_cpus_online; cpu++) {
		rq = cpu_rq(cpu);
		check(rq->cpu == cpu, "cpu %d: rq->cpu %d", cpu, rq->cpu);
		queued = 0;
		for_each_class(class) {
			if (!class->rq_check)
				continue;
			ok = class->rq_check(rq, &n);
			if (!ok)
				goto out_unlock;
			queued += n;
		}
		check(rq->nr_running == queued,
		      "cpu %d: nr_running %lu, its classes queue %lu", cpu,
		      rq->nr_running, queued);
		check(rq->idle && rq->idle->prio == MAX_PRIO &&
			      !rq->idle->array && !rq->idle->sched_class &&
			      rq->idle->cpu == cpu,
		      "cpu %d: idle task broken", cpu);
		check(rq->curr == rq->idle ||
			      (rq->curr->cpu == cpu && task_queued(rq->curr)),
		      "cpu %d: current task %d not queued here", cpu,
		      rq->curr->pid);
		ok = list_check(&rq->migration_queue);
		if (!ok)
			goto out_unlock;
		list_for_each_entry(req, &rq->migration_queue, list)
			check(req->task && req->task->migration_pending,
			      "cpu %d: migration request not counted", cpu);
	}
out_unlock:
	runqueues_unlock_all();
	return ok;
}

unsigned long sched_nr_running_total(void)
{
	unsigned long sum = 0;
	int cpu;

	runqueues_lock_all();
	for (cpu = 0; cpu < nr_cpus_online; cpu++)
		sum += cpu_rq(cpu)->nr_running;
	runqueues_unlock_all();
	return sum;
}

/* ------------------------------------------------------ the o1 class */

static bool task_queued_o1(const struct task_struct *p)
{
	return p->array;
}

static bool check_o1(struct runqueue *rq, unsigned long *nr_queued)
{
	unsigned long na, ne;
	bool ok = true;

	check(rq->active != rq->expired &&
		      (rq->active == &rq->arrays[0] ||
		       rq->active == &rq->arrays[1]) &&
		      (rq->expired == &rq->arrays[0] ||
		       rq->expired == &rq->arrays[1]),
	      "cpu %d: active/expired pointers broken", rq->cpu);
	ok = check_array(rq, rq->active, "active", &o1_sched_class, &na) &&
	     check_array(rq, rq->expired, "expired", &o1_sched_class, &ne);
	if (ok)
		*nr_queued = na + ne;
out_unlock:
	return ok;
}

static int snapshot_o1(struct runqueue *rq, struct sched_snapshot *snap,
		       struct sched_snapshot_queue *q)
{
	return prio_arrays_snapshot(rq, snap, q, &o1_sched_class, true);
}

static const struct sched_counter counters_o1[] = {
	{ "array_switches", "arrsw",
	  offsetof(struct runqueue, nr_array_switches) },
	{ "pulled", "pulled", offsetof(struct runqueue, nr_pulled) },
	{ NULL, NULL, 0 },
};

const struct sched_class o1_sched_class = {
	.name = "o1",
	.policies = (1UL << SCHED_OTHER) | (1UL << SCHED_FIFO) |
		    (1UL << SCHED_RR) | (1UL << SCHED_BATCH) |
		    (1UL << SCHED_IDLE),
	.policies_as_other = (1UL << SCHED_BATCH) | (1UL << SCHED_IDLE),
	.hz = 1000, /* 2.5.33 on x86 */
	.series = (const char *const[]){ "sleep_avg", "bonus", "prio", NULL },
	.enqueue_task = enqueue_task_o1,
	.dequeue_task = dequeue_task_o1,
	.yield_task = yield_task_o1,
	.check_preempt_curr = check_preempt_curr_o1,
	.pick_next_task = pick_next_task_o1,
	.task_tick = task_tick_o1,
	.task_fork = task_fork_o1,
	.sched_exit = sched_exit_o1,
	.set_nice = set_nice_o1,
	.load_balance = load_balance,
	.task_queued = task_queued_o1,
	.rq_check = check_o1,
	.snapshot = snapshot_o1,
	.counters = counters_o1,
};
