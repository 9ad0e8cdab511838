/* SPDX-License-Identifier: MIT */
/*
 * sched/sched.h - the O(1) scheduler of Linux 2.5.33 and its process tree.
 *
 * Mirrors include/linux/sched.h (task_struct subset, priorities, task
 * states, policies).  The structures private to kernel/sched.c of 2.5.33
 * (struct prio_array, struct runqueue, struct migration_req) stay private
 * here too, in sched/rq.h: a user sees a runqueue through
 * sched_snapshot() (sched/class.h), cpu_curr() and idle_task().
 * The implementation is sched/sched.c (scheduler core, balancing,
 * migration) and sched/exit.c (fork linkage, ptrace lists, exit_notify,
 * wait).  Deliberate differences are listed at the top of those files and
 * in docs/sched.md.
 *
 * How a driver (a test, the simulator, the tour, a library user) uses this
 * -----------------------------------------------------------------------
 * One machine exists at a time, per process (the kernel's global
 * runqueues[]); docs/DESIGN.md ("Global machine state") says what a
 * library user may read and write of it, and how.
 *
 *   sched_init(nr_cpus)      builds nr_cpus runqueues (1..NR_CPUS), one
 *                            idle task per CPU ("swapper/N", pid 0), the
 *                            init task (pid 1, the child reaper, asleep),
 *                            and starts one migration pthread per CPU.
 *                            Set kstruct_hz (HZ) before calling it.
 *   sched_init_class(n, c)   the same machine run by scheduling class c
 *                            (sched/class.h: goodness, o1, ...);
 *                            sched_init(n) runs o1.
 *   sched_teardown()         stops the migration threads and frees every
 *                            task; sched_init() may then be called again.
 *
 * Tasks.  sched_new_task(comm, nice, policy, rt_priority) makes a fresh
 * task (a child of init with a full timeslice, not yet runnable);
 * do_fork(parent, clone_flags, comm, &child) forks one the 2.5.33 way
 * (the parent's remaining slice is split with the child).  Either way the
 * task becomes runnable with wake_up_forked_process(p, cpu).  Set
 * p->cpus_allowed before that with set_cpus_allowed() if it matters.
 *
 * Sleeping and waking.  The running task p of a CPU goes to sleep with
 * set_task_state(p, TASK_INTERRUPTIBLE) (or UNINTERRUPTIBLE) followed by
 * schedule(cpu); something later calls wake_up_process(p) or
 * try_to_wake_up(p, sync, waker_cpu).
 *
 * A tick.  jiffies++ once, then for every online CPU scheduler_tick(cpu,
 * user_tick), then for every CPU whose current task has need_resched set
 * (test_tsk_need_resched(cpu_curr(cpu))) call schedule(cpu).  schedule()
 * returns the task now current on that CPU; there is no real context
 * switch, the caller records it.  Re-read cpu_curr() after any call that
 * may migrate (set_cpus_allowed): a migration thread that moves the
 * running task leaves the idle task current on the old CPU, with
 * need_resched set, as if it had preempted the task.
 *
 * Exit.  do_exit(p, code) turns p into a zombie (reparenting its children
 * to the reaper); its parent, or another thread of the parent's group,
 * reaps it with sys_wait4().  A detached task (exit_signal -1) is
 * released at once, unless traced.  A task that is still some CPU's
 * current task is freed only when schedule() switches away from it: never
 * use a task pointer after it has exited and been switched out or reaped.
 *
 * Counters for reports: per runqueue nr_switches, nr_array_switches,
 * nr_pulled (tasks pulled in by load_balance), nr_migrated_in (by the
 * migration threads), nr_balance (load_balance calls), user_ticks,
 * system_ticks, idle_ticks; per task nr_migrations, nr_signals.
 * Trace hooks: struct sched_hooks, installed with sched_set_hooks(); all
 * NULL by default.  sched_check() and process_tree_check() verify every
 * invariant of docs/sched.md.
 *
 * Locking: every runqueue has a real lock (a spinlock); two are
 * always taken in ascending address order.  The process tree is under
 * tasklist_lock.  The functions here take the locks they need; callers
 * hold none (except where a comment says so).
 */
#ifndef KSTRUCT_SCHED_SCHED_H
#define KSTRUCT_SCHED_SCHED_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include <kstruct/compat/bitops.h>
#include <kstruct/compat/check.h>
#include <kstruct/compat/completion.h>
#include <kstruct/compat/export.h>
#include <kstruct/compat/jiffies.h>
#include <kstruct/compat/spinlock.h>
#include <kstruct/list/list.h>
#include <kstruct/list/rbtree.h>

KSTRUCT_EXPORT_BEGIN

/* ------------------------------------------------------------ constants */

/* compile-time maximum; the number online is chosen at sched_init() */
#define NR_CPUS 64

#define MAX_USER_RT_PRIO 100
#define MAX_RT_PRIO MAX_USER_RT_PRIO
#define MAX_PRIO (MAX_RT_PRIO + 40)

#define NICE_TO_PRIO(nice) (MAX_RT_PRIO + (nice) + 20)
#define PRIO_TO_NICE(prio) ((prio)-MAX_RT_PRIO - 20)
#define TASK_NICE(p) PRIO_TO_NICE((p)->static_prio)
#define USER_PRIO(p) ((p)-MAX_RT_PRIO)
#define TASK_USER_PRIO(p) USER_PRIO((p)->static_prio)
#define MAX_USER_PRIO (USER_PRIO(MAX_PRIO))

/* tick-based constants: functions of the run-time HZ */
#define MIN_TIMESLICE (10 * HZ / 1000)
#define MAX_TIMESLICE (300 * HZ / 1000)
#define CHILD_PENALTY 95
#define PARENT_PENALTY 100
#define EXIT_WEIGHT 3
#define PRIO_BONUS_RATIO 25
#define INTERACTIVE_DELTA 2
#define MAX_SLEEP_AVG (2 * HZ)
#define STARVATION_LIMIT (2 * HZ)

/* rebalance cadence, in ticks (at least 1) */
#define BUSY_REBALANCE_TICK (HZ / 4 ? HZ / 4 : 1)
#define IDLE_REBALANCE_TICK (HZ / 1000 ? HZ / 1000 : 1)

/* longs in a priority bitmap: MAX_PRIO bits plus the sentinel bit */
#define BITMAP_SIZE \
	((((MAX_PRIO + 1 + 7) / 8) + sizeof(long) - 1) / sizeof(long))

/* task states (include/linux/sched.h of 2.5.33) */
#define TASK_RUNNING 0
#define TASK_INTERRUPTIBLE 1
#define TASK_UNINTERRUPTIBLE 2
#define TASK_ZOMBIE 4
#define TASK_STOPPED 8
/* kstruct: released while still current; freed at the next switch */
#define TASK_DEAD 64

/* scheduling policies */
#ifndef SCHED_OTHER
#define SCHED_OTHER 0
#endif
#ifndef SCHED_FIFO
#define SCHED_FIFO 1
#endif
#ifndef SCHED_RR
#define SCHED_RR 2
#endif
/*
 * Later kernels' policies (the values of <sched.h>): SCHED_BATCH and
 * SCHED_IDLE have their kernel meaning under cfs and eevdf and run as
 * SCHED_OTHER under o1 and goodness; SCHED_DEADLINE runs in the deadline
 * class above every other, entered with sched_setattr() (its runtime,
 * deadline and period): setscheduler() and sched_new_task() refuse it
 * (-EINVAL, NULL).  See sched/class.h.
 */
#ifndef SCHED_BATCH
#define SCHED_BATCH 3
#endif
#ifndef SCHED_IDLE
#define SCHED_IDLE 5
#endif
#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif

/* task flags */
/* kstruct (2.6's name): made by fork, not yet started by
 * wake_up_forked_process(); its TASK_UNINTERRUPTIBLE is no sleep */
#define PF_STARTING 0x00000002UL
#define PF_EXITING 0x00000004UL

/* ptrace flags */
#define PT_PTRACED 0x00000001UL

/* clone flags used by do_fork() (values of 2.5.33, as in <sched.h>) */
#ifndef CSIGNAL
#define CSIGNAL 0x000000ff
#endif
#ifndef CLONE_PARENT
#define CLONE_PARENT 0x00008000
#endif
#ifndef CLONE_THREAD
#define CLONE_THREAD 0x00010000
#endif
#ifndef CLONE_DETACHED
#define CLONE_DETACHED 0x00400000
#endif

#define TASK_COMM_LEN 16

/* ----------------------------------------------------------- structures */

struct task_struct;
struct sched_class;
struct task_links;
struct cfs_rq;
struct task_group;
/* private to the library (sched/rq.h): sched_snapshot() shows one */
struct runqueue;
struct prio_array;

/**
 * struct load_weight - a weight and its inverse (the kernel's)
 * @weight: sched_prio_to_weight[] of a nice level (nice 0: 1024), or a
 *	sum of them
 * @inv_weight: 2^32 / @weight, as sched_prio_to_wmult[] has it; 0 until
 *	computed (a sum gets it when first needed)
 */
struct load_weight {
	unsigned long weight;
	uint32_t inv_weight;
};

/**
 * struct sched_avg - a tracked PELT signal (the kernel's, without util_est;
 *	sched/pelt.c computes it)
 * @last_update_time: PELT clock (ns) up to which the sums are accrued,
 *	a multiple of 1024 past where tracking started
 * @load_sum: time runnable, decayed (multiply by the weight for load)
 * @runnable_sum: runnable time times tasks runnable, << 10, decayed
 * @util_sum: time running << 10, decayed
 * @period_contrib: units of the current period already accrued (< 1024)
 * @load_avg: load_sum * weight / divider
 * @runnable_avg: runnable_sum / divider
 * @util_avg: util_sum / divider (0 .. 1024)
 */
struct sched_avg {
	uint64_t last_update_time;
	uint64_t load_sum;
	uint64_t runnable_sum;
	uint32_t util_sum;
	uint32_t period_contrib;
	unsigned long load_avg;
	unsigned long runnable_avg;
	unsigned long util_avg;
};

/**
 * struct sched_entity_avg - a task's PELT signal, as struct sched_avg in
 *	32-bit sums and averages (kstruct's: the kernel keeps a struct
 *	sched_avg in each entity)
 * @last_update_time: as struct sched_avg's (ns: 64 bits)
 * @load_sum: ditto; a task accrues 0 or 1 a unit, so at most LOAD_AVG_MAX
 *	(47742), or that times the ratio of two weights (88761 / 3) when its
 *	weight changed while it was attached nowhere: below 1.42e9
 * @runnable_sum: ditto, at most LOAD_AVG_MAX << 10 (48.9e6)
 * @util_sum: ditto (32 bits in the kernel too)
 * @period_contrib: ditto (< 1024)
 * @load_avg: ditto, its weight times @load_sum / divider: about 88761 at
 *	most, or 88761 * 1.42e9 / 46718 (2.70e9) after a weight change as
 *	above
 * @runnable_avg: ditto (about 1024 at most: a sum may pass its divider)
 * @util_avg: ditto (likewise)
 *
 * sched/pelt.c's arithmetic works on a struct sched_avg: sched/pelt.h's
 * sched_avg_widen() copies an entity's signal into one and
 * sched_avg_narrow() stores the result back (a value beyond 32 bits, which
 * the bounds above rule out but for a weight changed again and again
 * while detached, is held at UINT32_MAX).  Packed to 4-byte alignment (36
 * bytes, no tail padding; @last_update_time is read and written only
 * through the struct, never by address), so that struct sched_entity
 * packs its 32-bit @slice and flags behind it.  A million tasks save 20
 * bytes each; the queues' signals, sums over their tasks, stay struct
 * sched_avg.
 */
struct sched_entity_avg {
	uint64_t last_update_time;
	uint32_t load_sum;
	uint32_t runnable_sum;
	uint32_t util_sum;
	uint32_t period_contrib;
	uint32_t load_avg;
	uint32_t runnable_avg;
	uint32_t util_avg;
} __attribute__((packed, aligned(4)));

/**
 * struct sched_entity - a task as cfs and eevdf see it (the kernel's)
 * @run_node: link in its cfs_rq's tree (out of the tree while it runs)
 * @vruntime: its virtual runtime: ns of run time scaled by 1024 / weight
 *	(the tree's key)
 * @deadline: eevdf: its virtual deadline, @vruntime + @slice scaled
 * @min_deadline: eevdf: the earliest @deadline of its subtree
 * @cfs_rq: the queue it is on, or is to be queued on (group scheduling: a
 *	task's is its task group's queue on the CPU it was last queued on;
 *	NULL for a task that never was a fair task: the root group)
 * @my_q: the queue it stands for (a task group's entity), NULL for a task
 * @load: its weight
 * @on_rq: runnable (queued or running) in the fair class
 * @migrated: cfs: it changed CPU (or task group) while asleep; its vruntime
 *	is relative until its next enqueue adds the new min_vruntime (6.1's
 *	ENQUEUE_MIGRATED)
 * @custom_slice: eevdf: @slice was asked for (sched_set_custom_slice())
 * @rel_deadline: eevdf: @deadline is relative to @vruntime, kept so by a
 *	dequeue that is not a sleep (requeue, migration) for the next
 *	placement (6.12's PLACE_REL_DEADLINE)
 * @sched_delayed: eevdf: a task that went to sleep owing service stays
 *	queued (on_rq, in the tree) until the pick reaches it or it wakes
 *	(6.12's DELAY_DEQUEUE); it is not runnable (task_queued() is false)
 * @exec_start: the runqueue clock (ns) when its run time was last counted
 * @sum_exec_runtime: ns it has run
 * @prev_sum_exec_runtime: @sum_exec_runtime when it last started running
 * @vlag: eevdf: V - @vruntime when it left the queue (clamped); while it
 *	runs, its @deadline at the pick (the kernel's RUN_TO_PARITY stash)
 * @slice: eevdf: its request size, ns: 32 bits, at most 100 ms (the base
 *	slice, or a custom one held to 0.1 .. 100 ms)
 * @avg: its PELT signal (a task's: load, runnable and util averages, in
 *	32 bits (struct sched_entity_avg); its
 *	last_update_time is 0 while it is attached to no CPU's queue)
 *
 * An entity is a task or, with group scheduling, a task group on one CPU
 * (struct task_group).  The kernel also keeps @parent and @depth; they are
 * derived here from @cfs_rq (parent_entity(), se_depth() in sched/fair.h),
 * and the flags are bytes (as Linux 6.12 has them), so that the two
 * pointers cost a task nothing.
 *
 * The order is for the cache (kstruct's; the kernel's differs): every
 * level of a tree walk (an insertion's descent, eevdf's pick and its
 * min_deadline updates) reads @run_node and the key @vruntime, and eevdf
 * also @deadline and @min_deadline, of an entity seldom in the cache; the
 * pick then reads @my_q of the entity it chose, and the switch @cfs_rq of
 * the next task's.  Those six are the first 64 bytes: one cache line
 * where the allocation aligns them, two at worst, where the earlier
 * order (@load first, @vruntime 32 bytes beyond the end of run_node,
 * then @deadline and @min_deadline) took two or three.
 * Linux 6.6 put deadline and min_deadline beside run_node; from 6.9 its
 * tree is sorted by deadline, which sits there with the augmented
 * min_vruntime.  @load and the running entity's accounting follow, which
 * the pick's dequeue and the switch read once schedule() has prefetched
 * them, with the 32-bit @slice and the flags in the same line (behind
 * @load's padding, they were) and the 4-byte aligned @avg packed after
 * them: 160 bytes.
 */
struct sched_entity {
	struct rb_node run_node;
	uint64_t vruntime;
	uint64_t deadline;
	uint64_t min_deadline;
	struct cfs_rq *cfs_rq;
	struct cfs_rq *my_q;
	struct load_weight load;
	uint64_t exec_start;
	uint64_t sum_exec_runtime;
	uint64_t prev_sum_exec_runtime;
	int64_t vlag;
	uint32_t slice; /* 6.12: u64 */
	unsigned char on_rq;
	unsigned char migrated;
	unsigned char custom_slice;
	unsigned char rel_deadline;
	unsigned char sched_delayed;
	struct sched_entity_avg avg;
};

/**
 * struct cfs_rq - a CPU's queue of fair entities (cfs and eevdf): the
 *	runqueue's own (the root task group's), or a task group's on that CPU
 * @load: the sum of the weights of its entities, the running one included
 *	(read without the lock by other CPUs' balancing)
 * @nr_running: its entities, the running one included (ditto)
 * @h_nr_running: the tasks queued in it and in the groups below it (the
 *	root's is read without the lock by other CPUs' balancing)
 * @idle_nr_running: those of its entities that are SCHED_IDLE tasks
 * @min_vruntime: a floor of the entities' vruntime that never goes back
 * @avg_vruntime: eevdf: sum over the tree of (vruntime - min_vruntime) *
 *	weight (the running entity is added when V is computed)
 * @avg_load: eevdf: sum of the weights in the tree
 * @tasks_timeline: the entities waiting, by vruntime, with the leftmost
 *	cached (eevdf: augmented with min_deadline)
 * @curr: the running entity (not in the tree), NULL when none runs
 * @next: cfs: the buddy that should run next (wake-up preemption)
 * @last: cfs: the buddy preempted by a wake-up (LAST_BUDDY)
 * @skip: cfs: the buddy that yielded
 * @checked_min_vruntime: @min_vruntime as sched_check() last saw it
 *	(the check that it never goes back)
 * @rq: the runqueue of its CPU
 * @tg: the task group it belongs to (root_task_group for the runqueue's)
 * @nr_pulled: tasks this CPU's fair balancing pulled in
 * @nr_wakeup_preempts: wake-ups of fair tasks that preempted one
 * @nr_tick_preempts: ticks that ended a slice (cfs: check_preempt_tick,
 *	eevdf: a deadline reached with others waiting), at any level
 *
 * @avg: the runqueue's own cfs_rq: its PELT signal (the tasks' signals
 *	attached to this CPU, waiting, running or blocked)
 * @pelt_load: @avg's load_avg as last published for other CPUs' balancing
 *	and placement (read without the lock)
 * @pelt_util: @avg's util_avg, likewise
 * @pelt_runnable: @avg's runnable_avg, likewise
 *
 * The three counters are the CPU's: only the runqueue's own cfs_rq counts.
 */
struct cfs_rq {
	struct load_weight load;
	unsigned long nr_running, h_nr_running, idle_nr_running;
	uint64_t min_vruntime;
	int64_t avg_vruntime;
	unsigned long avg_load;
	struct rb_root_cached tasks_timeline;
	struct sched_entity *curr, *next, *last, *skip;
	uint64_t checked_min_vruntime;
	struct runqueue *rq;
	struct task_group *tg;
	unsigned long nr_pulled, nr_wakeup_preempts, nr_tick_preempts;
	struct sched_avg avg;
	unsigned long pelt_load, pelt_util, pelt_runnable;
};

/* a task group's weight: default, and the range cpu.shares accepts */
#define ROOT_TASK_GROUP_LOAD 1024UL
#define MIN_SHARES 2UL
#define MAX_SHARES (1UL << 18)

/**
 * struct task_group - a cgroup of the cpu controller: tasks that share one
 *	weight under cfs and eevdf (the kernel's CONFIG_FAIR_GROUP_SCHED)
 * @se: per CPU, the entity that stands for the group in its parent's queue
 *	(the root group's are NULL)
 * @cfs_rq: per CPU, the queue of the group's own tasks and child groups
 *	(the root group's are the runqueues' cfs)
 * @shares: its weight, cgroup v1's cpu.shares (v2's cpu.weight 100 is 1024)
 * @load: the sum over the CPUs of its queues' loads (the kernel's
 *	load_avg, without PELT: the weights queued now), kept as each queue's
 *	load changes; read and written under different runqueue locks
 * @parent: the group above it, NULL for the root
 * @depth: 0 for the root, 1 for its children, ...
 * @name: a name for snapshots and messages (the simulator gives the cgroup
 *	path), NULL for the root (kstruct addition)
 * @list: link in the list of every group, each after its parent
 * @siblings: link in @parent's @children
 * @children: the groups below it
 *
 * Per CPU, the group's entity is queued on its parent's queue while the
 * group has runnable tasks on that CPU; its weight is the group's share
 * of @shares on that CPU (calc_group_shares() in sched/fair_group.c).
 */
struct task_group {
	struct sched_entity **se;
	struct cfs_rq **cfs_rq;
	unsigned long shares;
	long load;
	struct task_group *parent;
	unsigned int depth;
	char *name;
	struct list_head list;
	struct list_head siblings;
	struct list_head children;
};

/**
 * enum sched_why_kind - why a CPU's running task is to leave it
 * @SCHED_WHY_NONE: nothing noted since the last pick
 * @SCHED_WHY_SLICE: its slice (EEVDF: its request) is used up
 * @SCHED_WHY_WAKEUP: a task that woke (or was forked or pulled in) is to
 *	run in its place, by the class's rule
 * @SCHED_WHY_TICK: (cfs) at the tick, the leftmost entity is behind it
 *	by more than its ideal slice
 * @SCHED_WHY_YIELD: it called sched_yield()
 * @SCHED_WHY_MIGRATE: a migration thread takes it off this CPU
 * @SCHED_WHY_CHANGED: its nice, prio or task group changed, or it forked
 *	with nothing left of its slice
 */
enum sched_why_kind {
	SCHED_WHY_NONE,
	SCHED_WHY_SLICE,
	SCHED_WHY_WAKEUP,
	SCHED_WHY_TICK,
	SCHED_WHY_YIELD,
	SCHED_WHY_MIGRATE,
	SCHED_WHY_CHANGED,
};

/**
 * enum sched_migrate_kind - who moved a task to another CPU, the @kind of
 * the struct sched_reason every migration carries (struct sched_hooks
 * @migrate)
 * @SCHED_MIGRATE_NONE: no reason given (never passed by sched/)
 * @SCHED_MIGRATE_BALANCE: a load balancer pulled it, queued and not
 *	running: o1's load_balance() (from find_busiest_queue()), the fair
 *	classes' balancer, the rt class's pull
 * @SCHED_MIGRATE_PICK: goodness: a CPU picked a task another CPU's
 *	runqueue owned, which moves it (2.4's task_set_cpu())
 * @SCHED_MIGRATE_ACTIVE: active balancing: a CPU's stopper (migration
 *	thread) pushed its running task off for balance
 * @SCHED_MIGRATE_AFFINITY: set_cpus_allowed() left its CPU out: rehomed
 *	while asleep, or moved by the migration thread
 * @SCHED_MIGRATE_WAKEUP: wake-up placement chose another CPU (a sync
 *	wake-up pulls the sleeper to the waker's CPU; 6.x's select_task_rq)
 *
 * A new task's first CPU (fork placement) is no migration: it never
 * reaches the migrate hook, so it has no kind.
 */
enum sched_migrate_kind {
	SCHED_MIGRATE_NONE,
	SCHED_MIGRATE_BALANCE,
	SCHED_MIGRATE_PICK,
	SCHED_MIGRATE_ACTIVE,
	SCHED_MIGRATE_AFFINITY,
	SCHED_MIGRATE_WAKEUP,
};

/**
 * struct sched_reason - a decision of the class, as data for a display
 * @kind: enum sched_why_kind for a resched, enum sched_migrate_kind for
 *	a migration; unused (0) for a pick
 * @pid: the other task the decision weighed (the wakee, the runner-up),
 *	or 0
 * @rule: the rule applied, in words naming @a and @b ("vruntime(curr) -
 *	vruntime(woken) > wakeup_gran"); a static string, or NULL
 * @a: the first value the rule compared
 * @b: the second
 * @unit: the unit of @a and @b ("ns", "ns of virtual time", "ticks",
 *	"prio", "goodness"), or NULL
 *
 * The classes note them in the runqueue (struct runqueue @resched_why,
 * @pick_why) where they decide; the scheduler never reads them.  A trace
 * hook reads them in @switch_to, under the runqueue's lock.
 */
struct sched_reason {
	int kind;
	int pid;
	const char *rule;
	long long a, b;
	const char *unit;
};

/* ------------------------- SCHED_DEADLINE (sched/deadline.c) */

/**
 * struct sched_attr - sched_setattr()'s argument, with Linux's fields
 * @size: sizeof(struct sched_attr) (Linux's version check; not read)
 * @sched_policy: SCHED_OTHER, SCHED_BATCH, SCHED_IDLE, SCHED_FIFO,
 *	SCHED_RR or SCHED_DEADLINE
 * @sched_flags: SCHED_FLAG_*: none is modelled, so it must be 0
 * @sched_nice: must be 0 (set_user_nice() changes nice)
 * @sched_priority: rt_priority, 1..99 for FIFO and RR, else 0
 * @sched_runtime: SCHED_DEADLINE: runtime per instance, ns
 * @sched_deadline: SCHED_DEADLINE: relative deadline, ns
 * @sched_period: SCHED_DEADLINE: period, ns; 0 means @sched_deadline
 * @sched_util_min: utilisation clamp (not modelled, not read)
 * @sched_util_max: utilisation clamp (not modelled, not read)
 */
struct sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
	uint32_t sched_util_min;
	uint32_t sched_util_max;
};

/**
 * struct sched_dl_entity - a DL task's reservation and its current instance
 * @rb_node: in its dl_rq's tree, by @deadline, while queued
 * @pushable_node: in its dl_rq's pushable tree, by @deadline, while it
 *	waits (queued, not running) and may run elsewhere
 * @rq_node: in its dl_rq's list of attached entities (the project's own:
 *	what dl_rq_check() sums this_bw and running_bw over)
 * @dl_runtime: runtime per period, ns (sched_runtime)
 * @dl_deadline: relative deadline, ns
 * @dl_period: period, ns
 * @dl_bw: dl_runtime / dl_period, fixed point (to_ratio())
 * @dl_density: dl_runtime / dl_deadline, fixed point
 * @runtime: runtime left in this instance, ns; negative after an overrun
 * @deadline: absolute deadline of this instance, ns
 * @dl_throttled: runtime spent; off the tree until replenished
 * @dl_yielded: gave up the rest of this instance (sched_yield())
 * @dl_non_contending: blocked, but its bandwidth stays in running_bw
 *	until its 0-lag time
 * @dl_active: counted in running_bw (the project's own name for "active
 *	contending or non contending", which the kernel does not store)
 * @dl_timer: replenishment time while the timer is armed, else 0
 * @inactive_timer: 0-lag time while the inactive timer is armed, else 0
 * @exec_start: the runqueue clock (ns) when its run time was last charged
 *	(the kernel keeps it in the task's sched_entity, p->se.exec_start)
 * @nr_cpus_allowed: CPUs it may run on (1: never pushed or pulled)
 * @on_rq: the task is runnable in the deadline class, throttled or not
 *	(the kernel's p->on_rq; the project's own field)
 * @nr_throttled: times its runtime ran out (the project's own counter)
 * @nr_missed: instances whose deadline passed while they still had
 *	runtime and wanted the CPU (the project's own counter)
 * @missed_deadline: the deadline last counted in @nr_missed
 * @task: the task whose entity this is (the project's own: the kernel
 *	embeds the entity in task_struct and finds the task by container_of())
 */
struct sched_dl_entity {
	struct rb_node rb_node;
	struct rb_node pushable_node;
	struct list_head rq_node;
	uint64_t dl_runtime;
	uint64_t dl_deadline;
	uint64_t dl_period;
	uint64_t dl_bw;
	uint64_t dl_density;
	int64_t runtime;
	uint64_t deadline;
	bool dl_throttled;
	bool dl_yielded;
	bool dl_non_contending;
	bool dl_active;
	uint64_t dl_timer;
	uint64_t inactive_timer;
	uint64_t exec_start;
	unsigned int nr_cpus_allowed;
	/* kstruct additions */
	bool on_rq;
	unsigned long nr_throttled;
	unsigned long nr_missed;
	uint64_t missed_deadline;
	struct task_struct *task;
};

/**
 * struct dl_rq - a CPU's DL tasks
 * @root: the queued entities (the running one too) by absolute deadline
 * @dl_nr_running: entities in @root
 * @earliest_dl: @curr the deadline of @root's leftmost, @next of the
 *	pushable tree's (0 when empty)
 * @overloaded: the pushable tree is not empty
 * @pushable_dl_tasks_root: queued entities that do not run and may move
 * @running_bw: sum of dl_bw of the active entities (queued, throttled, or
 *	blocked before their 0-lag time)
 * @this_bw: sum of dl_bw of every entity attached to this CPU
 * @curr: the entity running here, or NULL (the kernel's rq->curr)
 * @tasks: attached entities, by @rq_node
 */
struct dl_rq {
	struct rb_root_cached root;
	unsigned int dl_nr_running;
	struct {
		uint64_t curr;
		uint64_t next;
	} earliest_dl;
	bool overloaded;
	struct rb_root_cached pushable_dl_tasks_root;
	uint64_t running_bw;
	uint64_t this_bw;
	struct sched_dl_entity *curr;
	struct list_head tasks;
};

/**
 * struct dl_bw - a root domain's DL bandwidth
 * @bw: the cap per CPU, fixed point (95% by default)
 * @total_bw: the bandwidth admitted
 */
struct dl_bw {
	uint64_t bw;
	uint64_t total_bw;
};

/**
 * struct task_struct - the part of a task the scheduler and exit code use
 * @state: TASK_RUNNING, TASK_INTERRUPTIBLE, ... (change it with
 *	set_task_state() once the task exists)
 * @flags: PF_STARTING, PF_EXITING
 * @need_resched: the kernel's TIF_NEED_RESCHED (use the tsk helpers)
 * @cpu: the CPU whose runqueue owns the task
 * @prio: dynamic priority, the queue index while queued
 * @static_prio: NICE_TO_PRIO(nice)
 * @run_list: link in a prio_array queue
 * @array: the prio_array the task is queued in, or NULL
 * @sleep_avg: the interactivity estimator, 0..MAX_SLEEP_AVG ticks
 * @sleep_timestamp: jiffies when the task last left the CPU, in 32 bits
 *	as 2.5.33 kept it on i386: read as ticks since with
 *	task_sleep_ticks(), which wraps as 2.5.33's "jiffies -
 *	p->sleep_timestamp" did there
 * @policy: SCHED_OTHER, SCHED_FIFO or SCHED_RR
 * @rt_priority: 1..99 for real-time tasks, 0 otherwise
 * @cpus_allowed: affinity mask, bit i for CPU i
 * @time_slice: ticks left in the current slice
 * @first_time_slice: 1 until the task's first slice after fork ends
 * @tasks: link in the global task list (headed by init_task)
 * @children: this task's children, linked by their @sibling
 * @sibling: link in the parent's @children
 * @links: 2.5.33's ptrace_children, ptrace_list and thread_group (struct
 *	task_links), allocated while one of them is in use: while this task
 *	is traced by someone other than its real parent, or a child of its
 *	is, or it shares its thread group with another; NULL otherwise
 * @real_parent: the task that forked this one (or its reaper)
 * @parent: who gets the exit notification (the tracer while traced)
 * @exit_code: the code given to do_exit()
 * @exit_signal: signal sent to the parent on exit, -1 when detached
 * @pdeath_signal: signal to this task when its parent dies, 0 for none
 * @ptrace: PT_PTRACED while traced
 * @pid: task id
 * @tgid: thread group id (the group leader's pid)
 * @comm: short name, no spaces
 * @sched_class: the class that schedules the task (sched/class.h), set
 *	from its policy and the machine's class; read without a lock with
 *	task_sched_class()
 * @driver_data: for the simulator; the scheduler never touches it
 * @counter: goodness: ticks left of the task's slice in this epoch (2.4's
 *	p->counter), under goodness's runqueue_lock
 * @yielded: goodness: the task called sched_yield() and has not been
 *	switched out since (2.4 kept this as the SCHED_YIELD bit of policy),
 *	under runqueue_lock
 * @migration_pending: set_cpus_allowed() requests queued for this task and
 *	not yet served (under the task's runqueue lock); a released task is
 *	freed only when it is 0 (the kernel held a task reference instead)
 * @nr_migrations: times the task changed CPU
 * @se: cfs and eevdf: the task's scheduling entity (its cfs_rq says which
 *	task group it is in); shares its room with @counter and @yielded
 * @dl: deadline: the task's reservation and instance, or NULL: allocated
 *	from its own slab cache when sched_setattr() first takes the task
 *	into SCHED_DEADLINE and freed when it leaves the class or is freed
 *	(the kernel embeds it; a pointer here saves 168 bytes in each of a
 *	million tasks that never use it)
 * @signal_mask: signals recorded (bit n for signal n), never delivered
 * @nr_signals: number of signals recorded
 *
 * The fields from @sched_class to @dl are kstruct additions; they come
 * right after 2.5.33's scheduling fields, before its process tree, for
 * the cache: a switch, a tick or a wake-up reads the scheduling fields,
 * the class and the simulator's record of the task, and under cfs and
 * eevdf its entity, while the process tree's links are read only at fork,
 * exit and wait.  The structure has no hole (384 bytes): @state, @flags,
 * @counter, @sleep_avg and @sleep_timestamp (as on 2.5.33's i386) are 32
 * bits wide where 2.5.33 (and 2.4, for @counter) had longs (@sleep_avg:
 * at most 2 * HZ, 200,000 at HZ=100000; @flags: two bits); @prio and
 * @static_prio (0 .. MAX_PRIO), @exit_signal (-1, or a clone's CSIGNAL
 * byte), @cpu (< NR_CPUS) and @migration_pending are 16 bits, and
 * @need_resched, @first_time_slice (0 or 1), @policy (0 .. 6),
 * @rt_priority (0 .. 99), @ptrace (PT_PTRACED) and @pdeath_signal
 * (0 .. 63) 8, packed with @time_slice in the first line; the 32-bit
 * @nr_migrations and @nr_signals sit beside @sleep_avg and @cpu.
 *
 * Memory, unlike the kernel (a million tasks are 384 MB of task_structs):
 * @dl is allocated only for a task in SCHED_DEADLINE, and one union holds
 * the per-task state private to the machine's selected class.  A machine
 * runs exactly one of goodness, o1, cfs and eevdf beside rt, deadline and
 * idle (sched/class.c), so goodness's @counter and @yielded (read and
 * written by sched/goodness.c alone) share room with @se (read and
 * written by cfs, eevdf and their fair_*.c alone; fair_settle(), which
 * the core calls under any class, reads it only for a fair task, and
 * the custom slice sched_set_custom_slice() keeps under any class lies
 * past @counter and @yielded, which a static assertion checks).  The o1 fields stay outside: the rt class
 * queues its tasks in prio_arrays by @run_list and @array under every
 * machine, ticks SCHED_RR's @time_slice, credits a parent's @sleep_avg
 * and @time_slice at exit (sched_exit_o1()), and schedule() stamps every
 * task's @sleep_timestamp.  Adding to @se grows the structure by as much:
 * it is the union's biggest member.
 */
struct task_struct {
	int state; /* 2.5.33: volatile long */
	unsigned int flags; /* 2.5.33: unsigned long */
	short prio, static_prio; /* 2.5.33: int */
	/* 2.5.33: int, unsigned long, unsigned long, unsigned int */
	unsigned char need_resched, policy, rt_priority, first_time_slice;
	unsigned int time_slice;
	unsigned int sleep_timestamp; /* 2.5.33: unsigned long (i386: 32) */
	struct list_head run_list;
	struct prio_array *array;
	unsigned int sleep_avg; /* 2.5.33: unsigned long */
	unsigned int nr_migrations; /* kstruct addition, in sleep_avg's pair */
	unsigned short cpu; /* 2.5.33: int */
	unsigned short migration_pending; /* kstruct addition */
	unsigned int nr_signals; /* kstruct addition */
	unsigned long cpus_allowed;

	/* kstruct additions the scheduler reads with the fields above */
	const struct sched_class *sched_class;
	void *driver_data;
	/* one machine runs one of goodness, o1, cfs, eevdf: their own state */
	union {
		struct sched_entity se; /* cfs, eevdf */
		struct {
			int counter; /* 2.4: long */
			int yielded;
		}; /* goodness */
	};
	struct sched_dl_entity *dl;

	struct list_head tasks;
	struct list_head children, sibling;
	struct task_links *links; /* 2.5.33: three list_heads */
	struct task_struct *real_parent, *parent;
	int exit_code;
	pid_t pid, tgid;
	short exit_signal; /* 2.5.33: int */
	signed char pdeath_signal; /* 2.5.33: int */
	unsigned char ptrace; /* 2.5.33: unsigned long */
	char comm[TASK_COMM_LEN];
	unsigned long signal_mask; /* kstruct addition */
};

/**
 * struct task_links - a task's ptrace lists and thread group ring
 *	(2.5.33 embedded the three list_heads in task_struct; kstruct
 *	allocates them while one is in use)
 * @ptrace_children: the task's children traced by someone else, linked by
 *	their @ptrace_list
 * @ptrace_list: link in the real parent's @ptrace_children while the task
 *	is traced by someone else
 * @thread_group: ring of the threads sharing the task's tgid (empty: the
 *	task alone in its group)
 * @task: the task they belong to
 *
 * ptrace_attach() allocates the tracee's and its real parent's when the
 * tracer is not the real parent, and do_fork() with CLONE_THREAD the new
 * thread's and its creator's (-ENOMEM when it cannot: nothing changes);
 * they go back when all three lists are empty again (the tracee detached
 * or reaped, the last such child gone, the last other thread of the
 * group released).  A million single-threaded, untraced tasks save 40
 * bytes each.  next_thread() reads the ring.
 */
struct task_links {
	struct list_head ptrace_children, ptrace_list;
	struct list_head thread_group;
	struct task_struct *task;
};

/**
 * struct sched_hooks - optional trace callbacks (all may be NULL)
 * @switch_to: schedule() (or a migration thread) replaced @prev by @next
 *	on @cpu
 * @wakeup: @p became runnable on @cpu (try_to_wake_up,
 *	wake_up_forked_process)
 * @migrate: @p moved from @src_cpu to @dst_cpu (balancing, migration
 *	thread, or a sleeping task's CPU change), for the reason @why
 *	(kind enum sched_migrate_kind; never NULL, valid during the call)
 * @release: @p is about to be freed
 * @fork: do_fork() made @child of @parent (linked, not yet woken)
 * @exit: do_exit() is ending @p (PF_EXITING set, not yet a zombie)
 * @data: passed back to every hook
 *
 * Hooks run with runqueue locks held (@fork with none, @exit with
 * tasklist_lock held for writing), possibly on a migration pthread: they
 * must not call back into the scheduler.
 */
struct sched_hooks {
	void (*switch_to)(int cpu, struct task_struct *prev,
			  struct task_struct *next, void *data);
	void (*wakeup)(int cpu, struct task_struct *p, void *data);
	void (*migrate)(struct task_struct *p, int src_cpu, int dst_cpu,
			const struct sched_reason *why, void *data);
	void (*release)(struct task_struct *p, void *data);
	void (*fork)(struct task_struct *parent, struct task_struct *child,
		     void *data);
	void (*exit)(struct task_struct *p, void *data);
	void *data;
};

/* ------------------------------------------------------ global state */

/*
 * The machine.  sched_init*() sets all of it and sched_teardown() clears
 * it; a user reads it and changes it only through the functions below.
 * The runqueues are the library's own (sched/rq.h): sched_snapshot()
 * copies one under its lock.
 */
extern unsigned long cpu_online_map;
extern int nr_cpus_online;
/* a task that ran within this many ticks is cache-hot (default 10 ms) */
extern unsigned long cache_decay_ticks;
/* the head of the task list: CPU 0's idle task, pid 0 */
extern struct task_struct *init_task;
/* init, pid 1: reaps orphans */
extern struct task_struct *child_reaper;
/*
 * Guards the task list and the process tree: a user walking them holds
 * it for reading (reads nest); only the process tree's functions take it
 * for writing.
 */
extern struct rwlock tasklist_lock;

#define rt_task(p) ((p)->prio < MAX_RT_PRIO)

static inline bool cpu_online(int cpu)
{
	return cpu >= 0 && cpu < NR_CPUS && (cpu_online_map >> cpu) & 1;
}

static inline int task_cpu(const struct task_struct *p)
{
	return __atomic_load_n(&p->cpu, __ATOMIC_ACQUIRE);
}

/**
 * task_sleep_ticks() - ticks since @p last left a CPU
 * @p: the task
 *
 * 2.5.33's "jiffies - p->sleep_timestamp" in its 32 bits on i386 (it
 * wraps there as it did, and so is right for 2^32 ticks: 49 days at
 * HZ=1000).
 *
 * Return: jiffies - @p->sleep_timestamp, modulo 2^32.
 */
static inline unsigned int task_sleep_ticks(const struct task_struct *p)
{
	return (unsigned int)jiffies - p->sleep_timestamp;
}

/**
 * cpu_curr() - the task currently running on @cpu
 * @cpu: an online CPU
 *
 * Context: lockless read.
 * Return: the current task (the idle task when nothing runs).
 */
struct task_struct *cpu_curr(int cpu);

/**
 * idle_task() - the idle task of @cpu ("swapper/N", pid 0)
 * @cpu: an online CPU
 *
 * Context: lockless read; the idle task lives as long as the machine.
 * Return: the idle task, never queued: cpu_curr() returns it when @cpu
 * runs nothing.
 */
struct task_struct *idle_task(int cpu);

/* the class of @p, read without its runqueue lock (the kernel's way) */
static inline const struct sched_class *
task_sched_class(const struct task_struct *p)
{
	return __atomic_load_n(&p->sched_class, __ATOMIC_RELAXED);
}

static inline void set_tsk_need_resched(struct task_struct *p)
{
	__atomic_store_n(&p->need_resched, 1, __ATOMIC_RELEASE);
}

static inline void clear_tsk_need_resched(struct task_struct *p)
{
	__atomic_store_n(&p->need_resched, 0, __ATOMIC_RELEASE);
}

static inline int test_tsk_need_resched(const struct task_struct *p)
{
	return __atomic_load_n(&p->need_resched, __ATOMIC_ACQUIRE);
}

/* ------------------------------------------------ the arithmetic, inline */

/**
 * task_timeslice() - the slice a task gets on refill
 * @p: the task
 *
 * MIN_TIMESLICE + (MAX_TIMESLICE - MIN_TIMESLICE) * (MAX_PRIO - 1 -
 * static_prio) / (MAX_USER_PRIO - 1), in ticks.
 *
 * Context: any; reads only @p->static_prio and HZ.
 * Return: the slice in ticks.
 */
static inline unsigned int task_timeslice(const struct task_struct *p)
{
	return MIN_TIMESLICE + (MAX_TIMESLICE - MIN_TIMESLICE) *
				       (MAX_PRIO - 1 - p->static_prio) /
				       (MAX_USER_PRIO - 1);
}

/* DELTA(p): how far above static_prio a task must be to count as
 * interactive; C truncation towards zero, as in 2.5.33 */
#define DELTA(p)                                                   \
	(TASK_NICE(p) * (MAX_USER_PRIO * PRIO_BONUS_RATIO / 100) / \
		 MAX_USER_PRIO +                                   \
	 INTERACTIVE_DELTA)

#define TASK_INTERACTIVE(p) ((p)->prio <= (p)->static_prio - DELTA(p))

/* --------------------------------------------------- scheduler (sched.c) */

/**
 * sched_init() - build a machine of @nr_cpus CPUs
 * @nr_cpus: CPUs online, 1..NR_CPUS
 *
 * Initialises every runqueue, allocates the idle tasks and init, and
 * starts one migration pthread per online CPU.  Resets cache_decay_ticks
 * to 10 ms at the current HZ and removes any hooks.
 *
 * Context: no machine may exist (call sched_teardown() first).
 * Return: 0, -EINVAL for a bad @nr_cpus, -EBUSY when a machine exists,
 * -ENOMEM or -EAGAIN (thread creation) with nothing left allocated.
 */
int sched_init(int nr_cpus);

/**
 * sched_teardown() - stop the migration threads and free every task
 *
 * Requests already queued are served before the threads stop, so a
 * set_cpus_allowed() caller blocked on one returns; no new call may start
 * once teardown has begun (the task it names is about to be freed).
 *
 * Context: no other scheduler call may start meanwhile.  Harmless when no
 * machine exists.
 */
void sched_teardown(void);

/**
 * sched_set_hooks() - install trace hooks
 * @hooks: copied; NULL removes them
 *
 * Context: call while no other thread is inside the scheduler (between
 * ticks); hooks are read without locks.
 */
void sched_set_hooks(const struct sched_hooks *hooks);

/**
 * sched_find_first_bit() - first set bit of a priority bitmap
 * @b: a bitmap of BITMAP_SIZE longs with bit MAX_PRIO set
 *
 * Context: the lock of the runqueue owning @b is held (or @b is private).
 * Return: the lowest set bit, MAX_PRIO when the array is empty.
 */
int sched_find_first_bit(const unsigned long *b);

/**
 * set_task_state() - change a task's state under its runqueue lock
 * @p: the task (normally the current task of its CPU, about to sleep)
 * @state: TASK_RUNNING, TASK_INTERRUPTIBLE, TASK_UNINTERRUPTIBLE, ...
 *
 * Context: takes @p's runqueue lock.
 */
void set_task_state(struct task_struct *p, long state);

/**
 * try_to_wake_up() - make a sleeping task runnable
 * @p: the task
 * @sync: a synchronous wakeup: move @p to @this_cpu when allowed and @p
 *	is neither queued nor running
 * @this_cpu: the waker's CPU (used only when @sync)
 *
 * Activates @p and sets need_resched on the current task of @p's CPU
 * when @p has a better (lower) priority.  A new task not yet started by
 * wake_up_forked_process() is left alone.
 *
 * Context: takes @p's runqueue lock.
 * Return: 1 when @p was not queued and now is, 0 otherwise.
 */
int try_to_wake_up(struct task_struct *p, int sync, int this_cpu);

/** wake_up_process() - try_to_wake_up(@p, 0, -1); Return: as it */
int wake_up_process(struct task_struct *p);

/**
 * wake_up_forked_process() - first activation of a new task on @cpu
 * @p: a task made by do_fork() or sched_new_task(), never queued yet
 * @cpu: the forking CPU (the kernel's "this CPU")
 *
 * Scales the child's sleep_avg by CHILD_PENALTY% and its real parent's
 * by PARENT_PENALTY%, recomputes the child's prio and activates it.
 *
 * Context: takes tasklist_lock, then the runqueue locks of @p and @cpu.
 * Return: 0, -EINVAL when @cpu is offline or not in @p->cpus_allowed or
 * @p was already started.
 */
int wake_up_forked_process(struct task_struct *p, int cpu);

/**
 * scheduler_tick() - one timer tick on @cpu
 * @cpu: an online CPU
 * @user_tick: nonzero when the tick hit user mode (accounting only)
 *
 * Context: takes @cpu's runqueue lock (and a busiest one to balance).
 */
void scheduler_tick(int cpu, int user_tick);

/**
 * schedule() - pick the next task on @cpu
 * @cpu: an online CPU
 *
 * Deactivates the current task if it is no longer TASK_RUNNING,
 * idle-balances an empty runqueue, switches arrays when active is empty,
 * and makes the first task of the best queue current.  Frees a previous
 * task that was released while current (after the switch_to hook).
 *
 * Context: takes @cpu's runqueue lock (and a busiest one to balance).
 * Return: the task now current on @cpu.
 */
struct task_struct *schedule(int cpu);

/**
 * sys_sched_yield() - the current task of @cpu yields
 * @cpu: an online CPU
 *
 * A normal task moves to the expired array (expired_timestamp untouched),
 * a real-time task to the tail of its queue; need_resched is set.  The
 * caller then calls schedule(@cpu).
 *
 * Context: takes @cpu's runqueue lock.
 * Return: 0.
 */
long sys_sched_yield(int cpu);

/**
 * set_user_nice() - change a task's nice value
 * @p: the task
 * @nice: -20..19
 *
 * Context: takes @p's runqueue lock.
 * Return: 0, -EINVAL when @nice is out of range.
 */
int set_user_nice(struct task_struct *p, long nice);

/**
 * setscheduler() - change a task's policy and real-time priority
 * @p: the task
 * @policy: SCHED_OTHER, SCHED_FIFO, SCHED_RR, or -1 to keep it
 * @rt_priority: 1..99 for FIFO/RR, 0 for OTHER
 *
 * Real-time prio becomes MAX_USER_RT_PRIO - 1 - @rt_priority.
 *
 * Context: takes @p's runqueue lock.
 * Return: 0, or -EINVAL (nothing changed).
 */
int setscheduler(struct task_struct *p, int policy, int rt_priority);

/**
 * sched_setattr() - change a task's policy and its parameters (Linux's
 *	sched_setattr(2))
 * @p: the task
 * @attr: the policy and parameters; SCHED_DEADLINE takes @sched_runtime,
 *	@sched_deadline and @sched_period (ns), checked as Linux checks
 *	them (runtime >= 1024 ns, runtime <= deadline <= period, period
 *	within 100 us .. 4.19 s) and admitted when the sum of the
 *	bandwidths (runtime / period) stays within 95% of each online CPU
 *	(sched_rt_runtime_us / sched_rt_period_us); another policy as
 *	setscheduler(), giving back a deadline task's bandwidth
 *
 * Context: takes @p's runqueue lock.
 * Return: 0; -EINVAL for bad parameters, a nonzero @sched_flags or
 * @sched_nice, or an idle task; -EBUSY when admission control refuses
 * (nothing changed on error).
 */
int sched_setattr(struct task_struct *p, const struct sched_attr *attr);

/**
 * sched_dl_bandwidth() - the machine's SCHED_DEADLINE bandwidth
 * @total: the bandwidth admitted, a fraction of 1 << 20 (one CPU)
 * @cap: what may be admitted, same unit: 95% of each online CPU
 *
 * What admission control compares (one root domain: the machine).
 *
 * Context: a machine exists.
 */
void sched_dl_bandwidth(uint64_t *total, uint64_t *cap);

/**
 * sched_set_custom_slice() - ask for a request size (Linux 6.12's
 *	sched_setattr() with sched_runtime for a fair task)
 * @p: a task of a non-real-time policy
 * @slice_ns: the slice in ns, clamped to 0.1 ms .. 100 ms; 0 goes back
 *	to the default (sysctl_sched_base_slice)
 *
 * eevdf's deadlines use it from the task's next placement (a queued task
 * is requeued at once); the other classes keep it (a fork copies it).
 * Under goodness it is kept in @p->se past the goodness fields that share
 * its room (task_struct's union).
 *
 * Context: takes @p's runqueue lock.
 * Return: 0, -EINVAL for an idle task or a real-time policy.
 */
int sched_set_custom_slice(struct task_struct *p, uint64_t slice_ns);

/* ------------------------- task groups: cfs and eevdf (sched/fair_group.c) */

/* the root group: every runqueue's own cfs_rq; it has no weight to set */
extern struct task_group root_task_group;

/**
 * sched_create_group() - a new task group below @parent
 * @parent: root_task_group or a group made here
 * @name: for snapshots and messages (copied), e.g. the cgroup path
 * @tgp: out, the group
 *
 * The group gets a queue and an entity on every CPU, the weight
 * ROOT_TASK_GROUP_LOAD and no tasks (the kernel's sched_create_group() and
 * sched_online_group(), as cgroup_mkdir() of the cpu controller makes
 * them).  Groups live until sched_teardown().
 *
 * Context: a machine run by cfs or eevdf; takes every runqueue lock.
 * Return: 0, -EINVAL (no such machine, @parent NULL, @name NULL), or
 * -ENOMEM with nothing allocated.
 */
int sched_create_group(struct task_group *parent, const char *name,
		       struct task_group **tgp);

/**
 * sched_group_set_shares() - a group's weight (cgroup v1's cpu.shares)
 * @tg: a group made by sched_create_group()
 * @shares: clamped to MIN_SHARES .. MAX_SHARES
 *
 * Every CPU's entity of the group is reweighted at once.
 *
 * Context: takes each runqueue lock in turn.
 * Return: 0, -EINVAL for the root group or NULL.
 */
int sched_group_set_shares(struct task_group *tg, unsigned long shares);

/**
 * sched_move_task() - @p joins task group @tg (writing its pid into a
 *	cgroup's tasks file)
 * @p: a task, not an idle task
 * @tg: root_task_group or a group of this machine
 *
 * A queued fair task is requeued into @tg's queue on its CPU, a running
 * one goes on running there; a sleeping task joins when it wakes.  A
 * real-time task (and any task under o1 or goodness) only records the
 * group, as the kernel records it for a class without group scheduling.
 *
 * Context: takes @p's runqueue lock.
 * Return: 0, -EINVAL for an idle task or a NULL @tg.
 */
int sched_move_task(struct task_struct *p, struct task_group *tg);

/**
 * task_group() - the task group @p is in
 * @p: a task
 *
 * Context: @p's runqueue lock, or the machine at rest.
 * Return: its group; root_task_group unless sched_move_task() or a fork
 * put it elsewhere.
 */
struct task_group *task_group(const struct task_struct *p);

/**
 * sched_group_runtime() - the CPU time @tg's tasks ran, in ns
 * @tg: a group made by sched_create_group()
 *
 * The sum over the CPUs of the run time charged to the group's entity,
 * which the tick charges with every task below it (cgroup v2's cpu.stat
 * usage_usec, in ns).
 *
 * Context: the machine at rest between ticks.
 * Return: the time, 0 for the root group.
 */
uint64_t sched_group_runtime(const struct task_group *tg);

/**
 * set_cpus_allowed() - change a task's affinity, migrating it if needed
 * @p: the task
 * @new_mask: CPUs allowed (masked with the online CPUs)
 *
 * Context: may block until a migration thread has moved @p; the caller
 * holds no runqueue lock.
 * Return: 0, or -EINVAL when no allowed CPU is online, or @p is an idle
 * task or exiting (nothing changed).
 */
int set_cpus_allowed(struct task_struct *p, unsigned long new_mask);

/**
 * sched_check() - verify every runqueue invariant
 *
 * For each online runqueue: every class's own invariants (its rq_check
 * hook: o1's list_check() of every queue, bitmap bit set exactly for
 * non-empty queues and the sentinel, nr_active sums, every queued task's
 * prio/array/cpu; goodness's run list; cfs's and eevdf's tree),
 * nr_running equal to what the classes queue, the idle task never
 * queued, the current task queued here, the migration queue sound.
 * Reports the first violation through the check handler with the
 * caller's file:line (compat/check.h); never aborts.  True before
 * sched_init().
 *
 * Context: takes every runqueue lock (caller holds none); the handler
 * runs with them held.
 * Return: true when every invariant holds.
 */
bool sched_check(void);
#define sched_check() CHECK_CALLER(sched_check, ())

/**
 * sched_nr_running_total() - sum of nr_running over online runqueues
 *
 * Context: takes every runqueue lock (caller holds none).
 * Return: the sum, read under all runqueue locks.
 */
unsigned long sched_nr_running_total(void);

/* ------------------------------------------------ process tree (exit.c) */

/**
 * sched_new_task() - a fresh task, child of init, not yet runnable
 * @comm: its name (truncated, spaces not allowed)
 * @nice: -20..19
 * @policy: SCHED_OTHER, SCHED_FIFO or SCHED_RR
 * @rt_priority: 0 for OTHER, 1..99 otherwise
 *
 * The task has a full timeslice, sleep_avg 0, all CPUs allowed, and is
 * in TASK_UNINTERRUPTIBLE (as a fork child in 2.5.33) and not queued: call
 * wake_up_forked_process().
 *
 * Context: takes tasklist_lock.
 * Return: the task, or NULL (-ENOMEM or bad arguments; nothing changed).
 */
struct task_struct *sched_new_task(const char *comm, int nice, int policy,
				   int rt_priority);

/**
 * task_struct_slab_bytes() - the memory of the task_struct slab cache
 *
 * Return: its slabs' bytes (kmem_cache_slab_bytes()), 0 before the first
 * task.  What a task's task_struct costs is this over the tasks alive.
 */
size_t task_struct_slab_bytes(void);

/**
 * do_fork() - fork @parent the 2.5.33 way
 * @parent: the forking task
 * @clone_flags: exit signal in CSIGNAL, CLONE_PARENT, CLONE_THREAD,
 *	CLONE_DETACHED
 * @comm: the child's name, or NULL to copy the parent's
 * @childp: out, the child (not yet runnable)
 *
 * A CLONE_THREAD child joins @parent's thread group right after @parent.
 * The child gets (parent->time_slice + 1) / 2 ticks and first_time_slice
 * 1, the parent keeps half (a parent left with 0 keeps 1 and is ticked
 * once if it is running, as in 2.5.33; that tick counts as no user or
 * system tick).
 *
 * Context: takes tasklist_lock and the parent's runqueue lock.
 * Return: 0, -ENOMEM, -EINVAL (parent exiting or with no slice left).
 */
int do_fork(struct task_struct *parent, unsigned long clone_flags,
	    const char *comm, struct task_struct **childp);

/**
 * do_exit() - @p exits with @code
 * @p: a task other than an idle task and init
 * @code: recorded in exit_code
 *
 * Takes @p off its runqueue (if current, it stays current until the next
 * schedule(), which sets need_resched), makes it a zombie that tells its
 * parent, hands its children (and the tasks it traces, untraced) to the
 * next live thread of its group, else init (exit_notify() in
 * sched/exit.c), and releases @p at once when it is detached and
 * untraced (without sched_exit(): nobody reaps it).
 *
 * Context: takes tasklist_lock, then @p's runqueue lock.
 * Return: 0, -EPERM for idle or init, -EINVAL when already exiting.
 */
int do_exit(struct task_struct *p, int code);

/**
 * sys_wait4() - reap a zombie child of @parent or of its thread group
 * @parent: the waiting task
 * @pid: the child's pid, or -1 for any
 * @exit_code: out (may be NULL)
 *
 * Scans @parent's children, then those of every other thread of its
 * group in next_thread() order, as 2.5.33 did, and reaps the first
 * matching zombie.  Never blocks: as 2.5.33 with WNOHANG | __WALL (clone
 * children too).  A detached child is not waited for unless traced.  A
 * traced zombie whose tracer is not its real parent is handed back to
 * the real parent (told with SIGCHLD) instead of being reaped.
 *
 * Context: takes tasklist_lock (and runqueue locks in sched_exit()).
 * Return: the reaped pid; 0 when a matching child is not a zombie yet,
 * or when a child of @parent is traced by someone else; -ECHILD when
 * there is no child to wait for; -EINVAL for a NULL @parent, or a @pid
 * of 0 or below -1 (process groups: none here).
 */
pid_t sys_wait4(struct task_struct *parent, pid_t pid, int *exit_code);

/**
 * ptrace_attach() - @tracer starts tracing @child
 * @tracer: the tracer
 * @child: the tracee
 *
 * @child moves onto @tracer's children and onto its real parent's
 * ptrace_children (struct task_links, allocated here for both when
 * @tracer is not the real parent).
 *
 * Context: takes tasklist_lock.
 * Return: 0, -EPERM (self, a thread of @tracer's own group, idle, init,
 * an exiting task), -EBUSY (already traced), -ENOMEM (nothing changed).
 */
int ptrace_attach(struct task_struct *tracer, struct task_struct *child);

/**
 * ptrace_detach() - stop tracing @child
 * @child: a traced task
 *
 * Context: takes tasklist_lock.
 * Return: 0, -EINVAL when @child is not traced.
 */
int ptrace_detach(struct task_struct *child);

/**
 * next_thread() - the next task of @p's thread group
 * @p: a task
 *
 * Context: tasklist_lock held, or the tree is not changing.
 * Return: the next thread (@p itself when alone).
 */
struct task_struct *next_thread(const struct task_struct *p);

/**
 * find_task_by_pid() - look a task up on the task list
 * @pid: the pid
 *
 * Context: takes tasklist_lock for reading.
 * Return: the task, or NULL.
 */
struct task_struct *find_task_by_pid(pid_t pid);

/**
 * process_tree_check() - verify the process tree invariants
 *
 * Every ring (tasks, children, ptrace_children, thread_group) passes
 * list_check(); every child's parent owns the list it is on; a task with
 * a ptrace_list link is traced by someone other than its real parent; no
 * exiting task has children; no task is its own parent.  Reports the
 * first violation through the check handler with the caller's file:line
 * (compat/check.h); never aborts.  True before sched_init().
 *
 * Context: takes tasklist_lock for reading; the handler runs with it
 * held.
 * Return: true when every invariant holds.
 */
bool process_tree_check(void);
#define process_tree_check() CHECK_CALLER(process_tree_check, ())

/**
 * nr_tasks() - tasks on the task list (idle of CPU 0 included)
 *
 * Context: takes tasklist_lock for reading.
 * Return: the count.
 */
int nr_tasks(void);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_SCHED_SCHED_H */
