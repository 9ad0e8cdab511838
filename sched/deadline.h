/* SPDX-License-Identifier: MIT */
/*
 * sched/deadline.h - SCHED_DEADLINE as Linux 6.12 schedules it
 * (sched/deadline.c): earliest deadline first on a red-black tree keyed
 * by absolute deadline, the Constant Bandwidth Server that gives each
 * task its runtime every period and throttles it when that is spent,
 * admission control over a root domain, and global EDF's push and pull
 * decisions.
 *
 * The functions stand alone: the caller keeps the entity and queue,
 * passes the clock (@now, ns) and fires the two timers whose expiry
 * times the functions write.  The deadline class (dl_sched_class, the
 * end of sched/deadline.c) is that caller, with the entity in task_struct
 * and the queue in struct runqueue (sched/sched.h); see docs/deadline.md.
 *
 * Units: times in ns, bandwidths in the kernel's fixed point (1 << 20 is
 * a whole CPU).
 */
#ifndef KSTRUCT_SCHED_DEADLINE_H
#define KSTRUCT_SCHED_DEADLINE_H

#include <stdbool.h>
#include <stdint.h>

#include "compat/check.h"
#include "list/list.h"
#include "list/rbtree.h"
#include "sched/class.h"

/* bandwidths are fractions of BW_UNIT */
#define BW_SHIFT 20
#define BW_UNIT (1ULL << BW_SHIFT)
/* runtimes below 1 << DL_SCALE ns are refused; overflow tests drop it */
#define DL_SCALE 10
/* the CPU capacity a bandwidth cap is scaled by: 1024 a CPU */
#define DL_CAPACITY_SHIFT 10

/* the sysctls' defaults: period bounds in us */
#define DL_PERIOD_MIN_US 100ULL
#define DL_PERIOD_MAX_US (1ULL << 22)
/* sched_rt_runtime_us / sched_rt_period_us: the DL bandwidth cap */
#define DL_RT_RUNTIME_US 950000ULL
#define DL_RT_PERIOD_US 1000000ULL

/* enqueue_dl_entity(): the timer gave a throttled entity its runtime */
#ifndef ENQUEUE_REPLENISH
#define ENQUEUE_REPLENISH 0x20
#endif

/* CPUs a struct dl_snapshot describes, and the width of an affinity mask */
#define DL_NR_CPUS 64

/* a is before b on a clock that may wrap */
static inline bool dl_time_before(uint64_t a, uint64_t b)
{
	return (int64_t)(a - b) < 0;
}

/**
 * to_ratio() - @runtime / @period in fixed point
 * @period: ns
 * @runtime: ns
 *
 * Return: (runtime << BW_SHIFT) / period, rounded down; 0 when @period
 * is 0.
 */
uint64_t to_ratio(uint64_t period, uint64_t runtime);

/**
 * init_dl_bw() - a root domain's bandwidth with the given RT sysctls
 * @dl_b: filled
 * @rt_runtime_us: sched_rt_runtime_us (-1 as ~0ULL: no cap)
 * @rt_period_us: sched_rt_period_us
 */
void init_dl_bw(struct dl_bw *dl_b, uint64_t rt_runtime_us,
		uint64_t rt_period_us);

/* init_dl_rq() - an empty queue */
void init_dl_rq(struct dl_rq *dl_rq);

/* init_dl_entity() - a task not (yet) in the class */
void init_dl_entity(struct sched_dl_entity *dl_se);

/**
 * __checkparam_dl() - sched_setattr()'s validation of DL parameters
 * @attr: the parameters
 *
 * Return: true when deadline is nonzero, runtime at least 1 << DL_SCALE,
 * neither deadline nor period has bit 63 set, runtime <= deadline <=
 * period (period 0 taken as deadline), and the period lies within
 * [DL_PERIOD_MIN_US, DL_PERIOD_MAX_US] us.
 */
bool __checkparam_dl(const struct sched_attr *attr);

/**
 * __dl_overflow() - would admitting @new_bw in place of @old_bw pass the cap
 * @dl_b: the root domain's bandwidth
 * @cap: the domain's capacity, 1024 a CPU
 * @old_bw: bandwidth the task gives back
 * @new_bw: bandwidth it asks for
 *
 * Return: true when the cap (bw scaled by @cap) is below what would be
 * admitted; never with no cap.
 */
bool __dl_overflow(const struct dl_bw *dl_b, unsigned long cap, uint64_t old_bw,
		   uint64_t new_bw);

/**
 * sched_setattr_dl() - sched_setattr()'s outcome for the DL class
 * @dl_b: the root domain's bandwidth
 * @cpus: CPUs of the root domain (all of capacity 1024)
 * @dl_se: the task's entity (dl_runtime 0: not a DL task)
 * @attr: the new policy and parameters
 *
 * Entering or staying in SCHED_DEADLINE checks @attr (__checkparam_dl())
 * then admission (__dl_overflow() with the task's old bandwidth given
 * back), and on success replaces the old bandwidth with the new one and
 * sets the static parameters (__setparam_dl()); the instance (runtime,
 * deadline) is left for the next enqueue.  Leaving it (another policy)
 * gives the bandwidth back and clears the parameters.  Nothing changes
 * on failure.  The caller keeps @dl_se's dl_rq in step (this_bw) by
 * detaching it before and attaching it after.
 *
 * Return: 0; -EINVAL for bad parameters; -EBUSY when admission control
 * refuses.
 */
int sched_setattr_dl(struct dl_bw *dl_b, int cpus,
		     struct sched_dl_entity *dl_se,
		     const struct sched_attr *attr);

/* ------------------------------------------------------------- the CBS */

/* replenish_dl_new_period() - a new instance: deadline now + D, full runtime */
void replenish_dl_new_period(struct sched_dl_entity *dl_se, uint64_t now);

/**
 * replenish_dl_entity() - give a throttled or overrun entity its runtime
 * @dl_se: the entity
 * @now: the clock
 *
 * A yielded entity forfeits what it had left; then the deadline moves one
 * period and the runtime grows by dl_runtime until the runtime is
 * positive.  A deadline still before @now after that ("lagging behind")
 * starts a new period at @now.  Clears dl_throttled and dl_yielded.
 */
void replenish_dl_entity(struct sched_dl_entity *dl_se, uint64_t now);

/**
 * dl_entity_overflow() - would the instance's remaining runtime, used by
 *	its deadline, exceed the task's density
 * @dl_se: the entity
 * @now: the clock
 *
 * Return: true when runtime / (deadline - now) > dl_runtime / dl_deadline,
 * compared as products with both sides shifted right by DL_SCALE.
 */
bool dl_entity_overflow(const struct sched_dl_entity *dl_se, uint64_t now);

/* dl_is_implicit() - the relative deadline equals the period */
static inline bool dl_is_implicit(const struct sched_dl_entity *dl_se)
{
	return dl_se->dl_deadline == dl_se->dl_period;
}

/* the start of the next period: where the replenishment timer fires */
static inline uint64_t dl_next_period(const struct sched_dl_entity *dl_se)
{
	return dl_se->deadline - dl_se->dl_deadline + dl_se->dl_period;
}

/**
 * update_dl_revised_wakeup() - the revised CBS rule: keep the deadline,
 *	cut the runtime to density * (deadline - now)
 * @dl_se: an entity with a constrained deadline whose deadline is ahead
 * @now: the clock
 */
void update_dl_revised_wakeup(struct sched_dl_entity *dl_se, uint64_t now);

/**
 * update_dl_entity() - the CBS wake-up rule
 * @dl_se: a waking entity
 * @now: the clock
 *
 * When the deadline has passed or the remaining runtime would overflow
 * (dl_entity_overflow()): an implicit-deadline task, or one whose
 * deadline has passed, gets a new period (replenish_dl_new_period()); a
 * constrained one whose deadline is ahead keeps it with its runtime cut
 * (update_dl_revised_wakeup()).  Otherwise the instance goes on.
 */
void update_dl_entity(struct sched_dl_entity *dl_se, uint64_t now);

/**
 * start_dl_timer() - arm the replenishment timer at dl_next_period()
 * @dl_se: the entity
 * @now: the clock
 *
 * Return: true when armed (dl_timer set); false when that time is not
 * after @now, and the caller must replenish at once.
 */
bool start_dl_timer(struct sched_dl_entity *dl_se, uint64_t now);

/**
 * dl_check_constrained_dl() - throttle a constrained task that wakes
 *	after its deadline and before its next period
 * @dl_se: the waking entity
 * @now: the clock
 *
 * It is throttled with no runtime and the timer armed for its next
 * period, so that it cannot take dl_runtime per dl_deadline.
 */
void dl_check_constrained_dl(struct sched_dl_entity *dl_se, uint64_t now);

/* ----------------------------------------------------------- the queue */

/**
 * dl_attach() - @dl_se now belongs to this CPU (add_rq_bw())
 * @dl_rq: the queue
 * @dl_se: a DL entity attached nowhere, not queued
 */
void dl_attach(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se);

/**
 * dl_detach() - @dl_se leaves this CPU (sub_rq_bw(), and running_bw if
 *	it was active); its timers are disarmed
 * @dl_rq: the queue
 * @dl_se: an attached entity, not queued
 */
void dl_detach(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se);

/**
 * enqueue_dl_entity() - queue an attached entity
 * @dl_rq: its queue
 * @dl_se: the entity, not queued
 * @flags: ENQUEUE_WAKEUP (the wake-up rule, and it contends again),
 *	ENQUEUE_REPLENISH (the timer's replenishment), ENQUEUE_RESTORE (a
 *	task entering the class: a new period if its deadline has passed),
 *	ENQUEUE_MIGRATED (it arrives from another CPU, dl_migrate())
 * @now: the clock
 *
 * A constrained task waking between deadline and next period is throttled
 * first (dl_check_constrained_dl()); a throttled entity is not queued
 * unless @flags replenish it.  A queued entity other than the running one
 * that may run elsewhere is also made pushable.
 */
void enqueue_dl_entity(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se,
		       int flags, uint64_t now);

/**
 * dequeue_dl_entity() - take a queued entity off
 * @dl_rq: its queue
 * @dl_se: the entity
 * @flags: DEQUEUE_SLEEP when it blocks: it stops contending
 *	(task_non_contending(): at once past its 0-lag time, else at the
 *	inactive timer); a throttled entity, already off the tree, may be
 *	passed too
 * @now: the clock
 */
void dequeue_dl_entity(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se,
		       int flags, uint64_t now);

/**
 * update_curr_dl_se() - charge the running entity @delta_exec ns
 * @dl_rq: its queue
 * @dl_se: the entity
 * @delta_exec: ns it ran
 * @now: the clock
 *
 * When its runtime is spent (<= 0) or it yielded, it is throttled: taken
 * off the tree and its timer armed at its next period; when that time
 * has passed it is replenished and queued again at once.
 *
 * Return: true when it was throttled (it may be queued again, with a
 * new deadline).
 */
bool update_curr_dl_se(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se,
		       int64_t delta_exec, uint64_t now);

/**
 * dl_task_timer() - the replenishment timer fired
 * @dl_rq: the entity's queue
 * @dl_se: the entity; its dl_timer is disarmed
 * @runnable: it has work (else it blocked while throttled)
 * @now: the clock (dl_timer's time)
 *
 * A throttled entity is replenished and, if it is runnable (@runnable),
 * queued; a blocked one only replenished.
 */
void dl_task_timer(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se,
		   bool runnable, uint64_t now);

/**
 * inactive_task_timer() - the 0-lag time of a blocked entity came
 * @dl_rq: its queue
 * @dl_se: the entity; its bandwidth leaves running_bw
 */
void inactive_task_timer(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se);

/**
 * dl_migrate() - move a queued entity that does not run from @src to @dst
 *	(push and pull carry out their answer with it: the kernel's
 *	deactivate_task(), set_task_cpu(), activate_task())
 * @src: its queue
 * @dst: the queue it joins, with its bandwidth
 * @dl_se: the entity
 * @now: the clock
 */
void dl_migrate(struct dl_rq *src, struct dl_rq *dst,
		struct sched_dl_entity *dl_se, uint64_t now);

/* pick_next_dl_entity() - the earliest deadline queued, or NULL */
struct sched_dl_entity *pick_next_dl_entity(const struct dl_rq *dl_rq);

/**
 * set_next_dl_entity() - @dl_se, queued, runs on this CPU: no longer
 *	pushable
 * @dl_rq: the queue
 * @dl_se: the entity, or NULL for none
 */
void set_next_dl_entity(struct dl_rq *dl_rq, struct sched_dl_entity *dl_se);

/**
 * put_prev_dl_entity() - the running entity stops running; pushable again
 *	if still queued and free to move
 * @dl_rq: the queue
 */
void put_prev_dl_entity(struct dl_rq *dl_rq);

/* yield_dl_entity() - give up the rest of this instance at the next charge */
static inline void yield_dl_entity(struct sched_dl_entity *dl_se)
{
	dl_se->dl_yielded = true;
}

/**
 * dl_rq_check() - verify @dl_rq
 * @dl_rq: the queue
 *
 * Both trees sorted by deadline with their leftmost cached
 * (rb_check_cached()); dl_nr_running the tree's count; no queued entity
 * throttled; every queued entity attached; every pushable one queued, not
 * running and free to move; earliest_dl.curr and .next the leftmost
 * deadlines (0 when empty); overloaded exactly when something is
 * pushable; this_bw the sum of dl_bw over the attached entities and
 * running_bw the sum over the active ones; the running entity queued or
 * throttled.  Reports through the check handler.
 *
 * Context: reads only.
 * Return: true when @dl_rq is sound.
 */
bool dl_rq_check(const struct dl_rq *dl_rq);
#define dl_rq_check(dl_rq) CHECK_CALLER(dl_rq_check, (dl_rq))

/* ------------------------------------------------- the class's timers */

/**
 * dl_next_timer() - when the deadline class's next timer is due
 *
 * The earliest replenishment or inactive timer armed on any online CPU,
 * for a driver whose clock is finer than the tick (the simulator under a
 * selected class with hrtimers: the kernel's dl_timer and inactive_timer
 * are hrtimers), which fires it then with dl_run_timers().
 *
 * Context: the machine at rest (no thread in the scheduler); takes each
 *	runqueue's lock in turn.
 * Return: its time, ns on the runqueue clock (jiffies in ns plus
 * kstruct_subtick_ns), or UINT64_MAX when none is armed.
 */
uint64_t dl_next_timer(void);

/**
 * dl_run_timers() - fire the deadline class's timers due now, between
 *	ticks
 *
 * On each online CPU in turn, the timers due by the runqueue clock: a
 * blocked task's bandwidth leaves running_bw at its inactive timer; a
 * throttled task is replenished at its replenishment timer, queued if it
 * is runnable, and sets need_resched when it runs before the current
 * task (the caller then calls schedule()).  The tick fires them too
 * (the class's timer_tick hook), with push and pull after them.
 *
 * Context: the machine at rest; takes each runqueue's lock in turn.
 */
void dl_run_timers(void);

/* ------------------------------------------------------------ global EDF */

/**
 * struct dl_cpu_state - what push and pull read of one CPU
 * @dl_nr_running: DL entities queued there (the running one included)
 * @curr_dl: earliest_dl.curr: its earliest deadline (0 when none)
 * @next_dl: earliest_dl.next: its earliest pushable deadline (0: none)
 * @running: a DL entity runs there
 * @running_dl: that entity's deadline
 * @running_may_move: it is free to run elsewhere
 * @overloaded: it has pushable entities (the root domain's dlo_mask)
 */
struct dl_cpu_state {
	unsigned int dl_nr_running;
	uint64_t curr_dl;
	uint64_t next_dl;
	bool running;
	uint64_t running_dl;
	bool running_may_move;
	bool overloaded;
};

/**
 * struct dl_snapshot - the root domain as push and pull see it
 * @nr_cpus: CPUs, at most DL_NR_CPUS
 * @cpu: each CPU's state
 */
struct dl_snapshot {
	unsigned int nr_cpus;
	struct dl_cpu_state cpu[DL_NR_CPUS];
};

/* dl_cpu_state_of() - @dl_rq's state as push and pull read it */
void dl_cpu_state_of(const struct dl_rq *dl_rq, struct dl_cpu_state *st);

/**
 * cpudl_find() - the CPUs where a task of @deadline would run at once
 * @snap: the root domain
 * @deadline: the task's absolute deadline
 * @allowed: its affinity, bit n for CPU n
 * @later_mask: filled with the CPUs found
 *
 * The CPUs with no DL task that @allowed holds, when there are any;
 * otherwise the CPU whose earliest deadline is the latest (the lowest
 * numbered of a tie) when the task may run there and its deadline is
 * before that one.
 *
 * Return: true when @later_mask is not empty.
 */
bool cpudl_find(const struct dl_snapshot *snap, uint64_t deadline,
		uint64_t allowed, uint64_t *later_mask);

/**
 * find_later_rq() - where to push or place a task of @deadline
 * @snap: the root domain
 * @task_cpu: where it is (or last ran)
 * @this_cpu: the CPU deciding
 * @deadline: its absolute deadline
 * @allowed: its affinity
 *
 * Of cpudl_find()'s CPUs: @task_cpu, else @this_cpu, else the lowest.
 *
 * Return: the CPU, or -1 (a task bound to one CPU, or no CPU found).
 */
int find_later_rq(const struct dl_snapshot *snap, int task_cpu, int this_cpu,
		  uint64_t deadline, uint64_t allowed);

/* push_dl_task()'s answer besides a CPU */
#define DL_PUSH_NONE (-1) /* nothing to push, or nowhere better */
#define DL_PUSH_RESCHED (-2) /* the pushable task preempts this CPU's */

/**
 * push_dl_task() - where this CPU's earliest pushable task goes
 * @snap: the root domain
 * @cpu: the pushing CPU
 * @deadline: its earliest pushable task's deadline
 * @allowed: that task's affinity
 *
 * Return: DL_PUSH_RESCHED when the task is earlier than the one running
 * here and that one may move (reschedule instead); else find_later_rq()'s
 * CPU; else DL_PUSH_NONE.
 */
int push_dl_task(const struct dl_snapshot *snap, int cpu, uint64_t deadline,
		 uint64_t allowed);

/**
 * pull_dl_task() - which overloaded CPUs this CPU pulls from, in order
 * @snap: the root domain (each CPU's earliest pushable deadline is what
 *	it would give up)
 * @this_cpu: the pulling CPU
 * @src: filled with the CPUs pulled from, in the order pulled
 *
 * Each overloaded CPU in turn: skipped when this CPU's earliest deadline
 * is before that CPU's earliest pushable, or it has one DL task; its
 * earliest pushable task is pulled when it is before every task pulled so
 * far and before this CPU's earliest, unless it is also before the task
 * running there (which that CPU will then preempt).
 *
 * Return: how many CPUs were pulled from (the last one gave the earliest).
 */
int pull_dl_task(const struct dl_snapshot *snap, int this_cpu, int *src);

#endif /* KSTRUCT_SCHED_DEADLINE_H */
