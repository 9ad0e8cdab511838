/* SPDX-License-Identifier: MIT */
/*
 * sched/rq.h - the runqueues: struct runqueue, runqueues[] and the
 * functions that work on a runqueue or on its priority arrays.
 *
 * Mirrors the structures 2.5.33 kept private to kernel/sched.c (struct
 * prio_array, struct runqueue, struct migration_req) and the functions
 * of that file that take them.  Private to the library, as they were to
 * the kernel's scheduler: never installed, and nothing declared here is
 * exported (docs/DESIGN.md, "The public surface").  A library user sees
 * a runqueue through sched_snapshot() (sched/class.h) and reads a CPU's
 * current and idle task with cpu_curr() and idle_task() (sched/sched.h).
 * The scheduler's files, the simulator, the tool's pictures and tours,
 * the benchmarks and the tests include this header to look inside; they
 * link the library's objects, so they reach what the .so hides.
 */
#ifndef KSTRUCT_SCHED_RQ_H
#define KSTRUCT_SCHED_RQ_H

#include <pthread.h>
#include <stdbool.h>

#include "compat/completion.h"
#include "compat/spinlock.h"
#include "list/list.h"
#include "sched/sched.h"

/**
 * struct prio_array - one set of per-priority run queues
 * @nr_active: tasks queued in this array
 * @bitmap: bit i set when @queue[i] is non-empty; bit MAX_PRIO is always
 *	set, so the first-bit search of an empty array returns MAX_PRIO
 * @queue: one FIFO ring of task_struct.run_list per priority
 */
struct prio_array {
	int nr_active;
	unsigned long bitmap[BITMAP_SIZE];
	struct list_head queue[MAX_PRIO];
};

/**
 * struct goodness_rq - the per-CPU state of the 2.4 scheduler
 * @curr: the task this CPU chose last (2.4's schedule_data.curr): a
 *	task other CPUs must not pick, NULL when it runs no goodness task
 * @last_schedule: jiffies of this CPU's last schedule() (2.4's
 *	schedule_data.last_schedule, which counted cycles)
 * @nr_recalculations: counter recalculations this CPU ran
 * @nr_remote_picks: tasks this CPU picked that another CPU's runqueue
 *	owned (they move here, a migration)
 * @why: why this CPU's task is to leave, noted by another CPU (a wake-up
 *	there, a fork): the next pick here moves it to the runqueue's
 *	@resched_why
 *
 * Under goodness's global runqueue_lock (sched/goodness.c), not @lock
 * of the runqueue.
 */
struct goodness_rq {
	struct task_struct *curr;
	unsigned long last_schedule;
	unsigned long nr_recalculations, nr_remote_picks;
	struct sched_reason why;
};

/**
 * struct runqueue - the per-CPU runqueue
 * @lock: protects everything below except the lockless-read counters
 * @nr_running: tasks on @active and @expired (read locklessly by
 *	find_busiest_queue(): use rq_nr_running()); under the other classes,
 *	every runnable task this runqueue owns
 * @nr_switches: schedule() calls that picked a different task
 * @expired_timestamp: jiffies when the first task expired since the last
 *	array switch, 0 when none has
 * @nr_uninterruptible: tasks that left in TASK_UNINTERRUPTIBLE, minus
 *	those woken here (per CPU, so it can go negative on one CPU)
 * @curr: the task this CPU runs (use cpu_curr() to read it unlocked)
 * @idle: this CPU's idle task, never queued
 * @active: the array schedule() picks from
 * @expired: where tasks whose timeslice ran out wait for the array switch
 * @arrays: the storage behind @active and @expired
 * @prev_nr_running: this CPU's view of every CPU's nr_running at its last
 *	load_balance (the kernel's anti-fluctuation memory)
 * @migration_thread: the pthread serving @migration_queue
 * @migration_wait: signalled when a request is queued, or the thread is
 *	frozen, thawed or stopped (its own mutex: a spinlock cannot be slept
 *	on)
 * @migration_mutex: guards @migration_kicked, for @migration_wait
 * @migration_queue: pending struct migration_req, newest first
 * @cpu: this runqueue's CPU number
 * @nr_array_switches: times @active and @expired were swapped
 * @nr_pulled: tasks this CPU pulled in with load_balance()
 * @nr_migrated_in: tasks the migration threads moved onto this CPU
 * @nr_balance: load_balance() calls on this CPU
 * @user_ticks: ticks charged to a task in user mode
 * @system_ticks: ticks charged to a task in system mode
 * @idle_ticks: ticks the idle task was current
 * @rt_nr_running: real-time tasks the rt class has queued here (read
 *	without the lock by other CPUs' rt pulls: use rq_rt_nr_running())
 * @nr_rt_pulled: real-time tasks the rt class pulled onto this CPU
 *	(machines running goodness, cfs or eevdf)
 * @goodness: the goodness class's part (sched/goodness.c)
 * @cfs: the cfs and eevdf classes' part (sched/fair.c)
 * @dl: the deadline class's part (sched/deadline.c)
 * @resched_why: why @curr is to leave the CPU, as the class noted it when
 *	it set need_resched (the first since the last switch; cleared at
 *	each schedule())
 * @pick_why: why the class's last pick chose its task
 * @avg_rt: cfs and eevdf: the PELT signal of real-time time on this CPU
 *	(what scale_rt_capacity() takes from the fair tasks' capacity)
 * @rt_util: @avg_rt's util_avg as last published (read without the lock)
 * @active_balance: cfs and eevdf: an active balance of this CPU's running
 *	task is under way (the kernel's rq->active_balance)
 * @picks_unread: nobody reads @pick_why (the driver says so): a class may
 *	leave out what only the note needs, such as cfs's runner-up, a read
 *	of a far line of another task at every pick (0 after sched_init)
 * @tick_balance: the periodic balance this CPU's last tick raised, to run
 *	once the tick is done (the kernel's SCHED_SOFTIRQ: raised by
 *	raise_tick_balance(), run by scheduler_tick_softirq()), or NULL
 *
 * Under the rt class (machines running goodness, cfs or eevdf), @active
 * holds this CPU's real-time tasks and @expired stays empty.
 */
struct runqueue {
	struct spinlock lock;
	unsigned long nr_running, nr_switches, expired_timestamp;
	long nr_uninterruptible;
	struct task_struct *curr, *idle;
	struct prio_array *active, *expired, arrays[2];
	int prev_nr_running[NR_CPUS];
	pthread_t migration_thread;
	pthread_cond_t migration_wait;
	pthread_mutex_t migration_mutex;
	struct list_head migration_queue;

	/* kstruct additions */
	int cpu;
	bool migration_running, migration_stop, migration_frozen;
	bool migration_kicked; /* under @migration_mutex: look again */
	unsigned long nr_array_switches, nr_pulled, nr_migrated_in;
	unsigned long nr_balance;
	unsigned long user_ticks, system_ticks, idle_ticks;
	unsigned long rt_nr_running, nr_rt_pulled;
	struct goodness_rq goodness;
	struct cfs_rq cfs;
	struct dl_rq dl;
	/* why curr is to leave (the first noted since the last switch) */
	struct sched_reason resched_why;
	/* why the last pick chose its task */
	struct sched_reason pick_why;
	struct sched_avg avg_rt;
	unsigned long rt_util;
	bool active_balance;
	bool picks_unread;
	void (*tick_balance)(struct runqueue *rq);
};

/**
 * struct migration_req - a request to move a task off its CPU
 * @list: link in the runqueue's migration_queue (added at the head)
 * @task: the task to move to the lowest CPU of its cpus_allowed
 * @done: completed by the migration thread once the task has moved
 * @dest_cpu: where to move it instead, or -1: an active balance of the
 *	fair classes names the CPU that asked (kstruct addition)
 *
 * Lives on the stack of the set_cpus_allowed() caller.
 */
struct migration_req {
	struct list_head list;
	struct task_struct *task;
	struct completion done;
	int dest_cpu;
};

/*
 * The machine's runqueues, one per CPU (sched_init*() sets them up).  A
 * runqueue is read under its lock (task_rq_lock(), double_rq_lock()) or
 * at rest, when no thread is inside the scheduler.
 */
extern struct runqueue runqueues[NR_CPUS];

#define cpu_rq(cpu) (&runqueues[(cpu)])
#define task_rq(p) cpu_rq(task_cpu(p))

static inline unsigned long rq_nr_running(const struct runqueue *rq)
{
	return __atomic_load_n(&rq->nr_running, __ATOMIC_RELAXED);
}

#define EXPIRED_STARVING(rq)                   \
	((rq)->expired_timestamp &&            \
	 (jiffies - (rq)->expired_timestamp >= \
	  STARVATION_LIMIT * ((rq)->nr_running) + 1))

/**
 * enqueue_task() - add @p at the tail of its priority queue in @array
 * @p: a task not queued
 * @array: the destination array
 *
 * Context: the runqueue lock owning @array is held.
 */
void enqueue_task(struct task_struct *p, struct prio_array *array);

/**
 * dequeue_task() - unlink @p from @array
 * @p: a task queued in @array
 * @array: the array
 *
 * Context: the runqueue lock owning @array is held.
 */
void dequeue_task(struct task_struct *p, struct prio_array *array);

/**
 * effective_prio() - static priority adjusted by the sleep bonus
 * @p: the task
 *
 * Context: @p's runqueue lock is held, or @p is not yet visible.
 * Return: @p->prio for a real-time task, else static_prio - bonus
 * clamped to [MAX_RT_PRIO, MAX_PRIO - 1], bonus =
 * 40 * 25 * sleep_avg / MAX_SLEEP_AVG / 100 - 5.
 */
int effective_prio(const struct task_struct *p);

/**
 * activate_task() - credit sleep time and queue @p in @rq's active array
 * @p: a task not queued
 * @rq: its runqueue
 *
 * Context: @rq's lock is held.
 */
void activate_task(struct task_struct *p, struct runqueue *rq);

/**
 * deactivate_task() - take @p off @rq
 * @p: a task queued on @rq
 * @rq: its runqueue
 *
 * Context: @rq's lock is held.
 */
void deactivate_task(struct task_struct *p, struct runqueue *rq);

/**
 * task_rq_lock() - lock the runqueue @p is on, stable against migration
 * @p: the task
 *
 * Context: takes the runqueue lock; the caller holds no runqueue lock.
 * Return: the locked runqueue (task_cpu(p) cannot change until unlock).
 */
struct runqueue *task_rq_lock(struct task_struct *p);

/** task_rq_unlock() - unlock what task_rq_lock() locked */
void task_rq_unlock(struct runqueue *rq);

/**
 * find_busiest_queue() - the remote runqueue worth pulling from
 * @this_rq: the balancing runqueue, locked
 * @this_cpu: its CPU
 * @idle: nonzero when @this_cpu is about to go idle
 * @imbalance: out, tasks to pull (busy mode)
 *
 * Context: @this_rq->lock held; on success the busiest lock is held too
 * (taken with double_lock_balance()).
 * Return: the busiest runqueue, locked, or NULL.
 */
struct runqueue *find_busiest_queue(struct runqueue *this_rq, int this_cpu,
				    int idle, int *imbalance);

/**
 * double_lock_balance() - take @busiest's lock while holding @this_rq's
 * @this_rq: locked
 * @busiest: to lock
 * @this_cpu: @this_rq's CPU
 * @idle: balancing mode
 * @nr_running: this queue's load as computed before
 *
 * When @busiest has the lower address and the trylock fails, drops
 * @this_rq's lock and takes both in order, then recomputes the load.
 *
 * Context: @this_rq->lock held; may drop and retake it.
 * Return: this queue's (possibly recomputed) load.
 */
int double_lock_balance(struct runqueue *this_rq, struct runqueue *busiest,
			int this_cpu, int idle, int nr_running);

/**
 * pull_task() - move @p from @src_array of @src_rq to @this_rq's active
 * @src_rq: locked
 * @src_array: the array @p is in
 * @p: a task neither running nor cache-hot
 * @this_rq: locked
 * @this_cpu: @this_rq's CPU
 * @why: why it moves, for the migrate hook (kind SCHED_MIGRATE_BALANCE:
 *	the busiest CPU and the imbalance); may be NULL (no reason)
 *
 * Context: both runqueue locks held.
 */
void pull_task(struct runqueue *src_rq, struct prio_array *src_array,
	       struct task_struct *p, struct runqueue *this_rq, int this_cpu,
	       const struct sched_reason *why);

/**
 * load_balance() - pull tasks from the busiest runqueue
 * @this_rq: locked
 * @idle: nonzero: pull at most one task, any imbalance
 *
 * Context: @this_rq->lock held (dropped and retaken when needed).
 * Return: the number of tasks pulled (the kernel's returned nothing).
 */
int load_balance(struct runqueue *this_rq, int idle);

/**
 * scheduler_tick_irq() - scheduler_tick() without the balance it raises
 * @cpu: an online CPU
 * @user_tick: nonzero when the tick hit user mode (accounting only)
 *
 * The timer interrupt's part of a tick: the current task's class ticks it
 * (o1, goodness and the rt class balance inside, as 2.5.33 did), and a
 * class that balances as Linux 6.x does, after the interrupt, only raises
 * its balance (raise_tick_balance()).  A driver that calls this instead
 * of scheduler_tick() chooses when each CPU's raised balance runs, with
 * scheduler_tick_softirq(): the simulator runs it before or after the
 * other CPUs' switches at that tick (docs/sim.md, "The balancing tick's
 * race").
 *
 * Context: takes @cpu's runqueue lock (and a busiest one to balance).
 * Return: true when a balance was raised on @cpu.
 */
bool scheduler_tick_irq(int cpu, int user_tick);

/**
 * scheduler_tick_softirq() - run the balance @cpu's last tick raised
 * @cpu: an online CPU
 *
 * Nothing when none was raised (or it ran already).  The kernel's
 * SCHED_SOFTIRQ handler (6.1's run_rebalance_domains(), 6.12's
 * sched_balance_softirq()).
 *
 * Context: takes @cpu's runqueue lock (and a busiest one to balance).
 */
void scheduler_tick_softirq(int cpu);

/**
 * double_rq_lock() - lock two runqueues in ascending address order
 * @rq1: a runqueue
 * @rq2: a runqueue (may be @rq1)
 *
 * Context: the caller holds no runqueue lock.
 */
void double_rq_lock(struct runqueue *rq1, struct runqueue *rq2);

/** double_rq_unlock() - undo double_rq_lock() */
void double_rq_unlock(struct runqueue *rq1, struct runqueue *rq2);

/**
 * migration_freeze() - hold @cpu's migration thread (tests only)
 * @cpu: an online CPU
 * @frozen: true to hold, false to let it serve its queue again
 *
 * While frozen, requests accumulate on the queue, so a test can observe
 * that they are served newest first.
 *
 * Context: takes @cpu's runqueue lock.
 */
void migration_freeze(int cpu, bool frozen);

/**
 * migration_queue_len() - requests waiting on @cpu's migration queue
 * @cpu: an online CPU
 *
 * Context: takes @cpu's runqueue lock.
 * Return: the count, read under the runqueue lock.
 */
int migration_queue_len(int cpu);

#endif /* KSTRUCT_SCHED_RQ_H */
