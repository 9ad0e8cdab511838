// SPDX-License-Identifier: MIT
/*
 * sim/sim.c - the simulated machine that drives the scheduler (whichever
 * class sched_init_class() was given: goodness, o1, cfs or eevdf).
 *
 * Not a port of a kernel file.  It plays the parts 2.5.33 left to the
 * hardware and to user space: the timer interrupt (jiffies++ then
 * scheduler_tick() on every CPU), the processes (each follows its
 * workload program: run, sleep, wait for a timer, fork, yield, take and
 * release mutexes, wait on conditions, barriers and semaphores, exit),
 * and the wake-ups of sleepers.  sim.h describes one tick.
 *
 * What it records comes from the scheduler's trace hooks (struct
 * sched_hooks): switches, wake-ups, migrations, forks and exits, with
 * the simulator's own per-task counters hanging off
 * task_struct.driver_data.  Counters touched in a hook are protected by
 * the runqueue lock the hook runs under (a task's counters only change
 * on the CPU that owns it); the trace file has its own lock; the
 * simulator's tables and the workload's resources (mutexes, conditions,
 * barriers, semaphores, shared timers) have another.  Lock order:
 * sim->lock, then tasklist_lock, then runqueue locks, then
 * sim->trace_lock.
 * An observer (struct sim_observer) is told of the switches, wake-ups
 * and migrations the traces record, under the trace lock, of yields,
 * and of the end of every tick.
 *
 * One clock serves every class: ns, with the tick a periodic event
 * (run_between(), clock_tick()).  Under a class with hrtimers (cfs,
 * eevdf) sleeps, timers and runs end at their ns, and the events between
 * two ticks run in the order of their ns, each as a small tick without
 * scheduler_tick(): the deadline class's timers due (dl_run_timers()),
 * the wake-ups due, then every CPU settles.  Under
 * jiffy timers (o1, goodness) everything is whole ticks and nothing falls
 * between them.
 *
 * A fair task's tick raises its periodic balance (6.x balances in a
 * softirq after the tick); each raised balance runs before the other
 * CPUs' switches at that tick or after them (then every CPU settles
 * again), as a hash of the seed, the CPU and the tick decides: the race
 * of the kernels' softirq with the other CPUs' way out of the interrupt
 * (balance_after_switches()).
 *
 * Sleepers wait on a timer wheel of list_heads (SIM_WHEEL buckets, by
 * the tick their wake-up falls in, modulo the wheel size), in the order
 * they went to sleep, which keeps single-threaded runs exactly
 * repeatable.  A task blocked on
 * a resource waits on that resource's list instead (by the same
 * list_head), in arrival order, and sleeps in TASK_INTERRUPTIBLE until a
 * task running its program wakes it with wake_up_process(): an unlock
 * hands a mutex to its first waiter, a signal or broadcast wakes
 * condition waiters (who then retake their mutex, queueing on it when it
 * is held), the last arrival at a barrier wakes everyone there, a post
 * wakes a semaphore's first waiter.
 *
 * Deliberate simplifications: under jiffy timers time is whole ticks (a
 * run or sleep of a few microseconds lasts one tick); an event costs no
 * time; the task whose program ends is
 * reaped at once by its parent (sys_wait4()), so sched_exit() returns
 * its first slice then; every tick hits "user mode"; a CPU calls
 * schedule() at most SIM_SETTLE_MAX times a tick, and a task that does
 * more than SIM_ZERO_TIME_MAX zero-time events in a row is charged a
 * tick, so that no workload can stop the clock.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compiler.h"
#include "compat/jiffies.h"
#include "compat/ktime.h"
#include "compat/escape.h"
#include "compat/slab.h"
#include "compat/spinlock.h"
#include "list/list.h"
#include "sched/class.h"
#include "sched/deadline.h"
#include "sched/fair.h"
#include "sched/rq.h"
#include "sched/sched.h"
#include "sched/topology.h"
#include "sim/internal.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/trace.h"
#include "sim/workload.h"

#define SIM_WHEEL 4096 /* wheel buckets, a power of 2 */
#define SIM_SETTLE_MAX 64 /* schedule()s per CPU per tick */
#define SIM_SETTLE_ROUNDS 4 /* settle_all()'s second looks */
#define SIM_ZERO_TIME_MAX 1024 /* zero-time events in a row */
#define SIM_SIGCHLD 17
#define SIM_DEFAULT_CPUS 4
#define SIM_DEFAULT_USEC 2000000ull
#define SIM_MAX_CLASS_WARNINGS 4 /* sim_warning(): one per kind */
#define SIM_WARNING_LEN 256

enum sim_task_state {
	SIM_NOT_STARTED, /* waiting on the wheel for its start delay */
	SIM_RUNNABLE, /* queued on a runqueue (maybe running) */
	SIM_SLEEPING, /* waiting on the wheel for its wake-up */
	SIM_BLOCKED, /* waiting on a resource's list */
	SIM_EXITED,
};

enum sim_action {
	ACT_RUN,
	ACT_SLEEP,
	ACT_BLOCK,
	ACT_YIELD,
	ACT_AFFINITY,
	ACT_EXIT,
	ACT_ERROR
};

/* a timer not used yet */
#define SIM_TIMER_UNSET (~0ull)

/*
 * struct sim_task_ext - what only some tasks need, allocated for those
 * (a description with jitter, a finite loop, a wait on a condition or
 * timers of its own: sim_task_ext_bytes()): the rest of a million tasks
 * save its 24 bytes less a pointer
 */
struct sim_task_ext {
	uint64_t rng; /* jitter's random state */
	unsigned int loops_done; /* iterations of all phases done */
	unsigned int wait_mutex; /* blocked on a condition: the mutex
					 * to retake when woken */
	unsigned long long timers[]; /* its own timers' next expiry (us) */
};

/*
 * struct sim_task - the simulator's side of a task: its program counter
 * in the workload description, its wheel link and its counters.
 *
 * A million tasks make a million of these, so they are packed: blocks of
 * SIM_BLOCK records, each block an object of the simulation's slab cache,
 * no header in front of any record, and the report reads the counters in
 * place (struct sim_report's task_blocks).  What the wheel, the tick and
 * a switch read of the simulator's state comes first, in the record's
 * first 64 bytes; the counters, read or bumped once per switch, wake-up
 * or tick of the running task, follow.
 */
struct sim_task {
	struct task_struct *p; /* NULL once sched freed it */
	struct list_head timer; /* on the wheel, or a wait list */
	/*
	 * One or the other: a task on the wheel (SIM_NOT_STARTED,
	 * SIM_SLEEPING) has no run under way, and a run's end is set only
	 * once the task runs its program (SIM_RUNNABLE), after the wheel
	 * let it go (run_wheel() sets run_until to 0) and is 0 again before
	 * its program can put it back there (settle_cpu()).
	 */
	union {
		unsigned long long wake_at; /* ns */
		unsigned long long run_until; /* a runtime event's end (ns),
						 * or 0 */
	};
	/*
	 * clock units (sim_now()): when it last became runnable, woken or
	 * preempted; while latency_pending, its wake-up (a task waiting to
	 * run after a wake-up has not run since, so nothing else set it)
	 */
	unsigned long long runnable_since;
	unsigned int run_left; /* clock units of CPU left in this run */
	unsigned short phase, event; /* the next event to execute */
	unsigned char state;
	unsigned char done; /* the program is over */
	unsigned char starting; /* inside start_task() */
	unsigned char latency_pending;
	unsigned int phase_loop; /* iterations of the phase done */
	struct sim_task_ext *ext; /* NULL for a task that needs none */
	struct sim_task_stats st;
};

/*
 * Records per block: a block is a slab object, cache-line aligned, of at
 * most a quarter of a 64 KiB slab less its header, so that four fill a slab
 */
#define SIM_BLOCK_BYTES 16320
#define SIM_BLOCK (SIM_BLOCK_BYTES / sizeof(struct sim_task))

/*
 * struct sim_res - the state of one of the workload's resources (its
 * struct sim_resource_desc says which kind)
 */
struct sim_res {
	struct list_head waiters; /* blocked tasks, in arrival order */
	struct sim_task *owner; /* a mutex's holder */
	unsigned long count; /* a barrier's arrivals so far, a
					 * semaphore's value */
	unsigned long long next; /* a timer's next expiry (us) */
};

struct sim_cpu {
	struct sim *sim;
	unsigned int cpu;
	unsigned long long busy; /* clock units */
	unsigned long long since; /* ns its current task is charged to
					 * (hrtimers: charge()) */
	unsigned long long events;
	struct sim_cost cost; /* calls made on this CPU */
	/* the event its current task sleeps or blocks on, until switched */
	const struct sim_event_desc *slept_on;
	int err;
	/* its tick raised a balance that has not run yet (tick_balance()) */
	bool balance_raised;
	/* raised balances run before the switches ([0]) and after ([1]) */
	unsigned long long balances[2];
	pthread_t thread;
};

struct sim {
	const struct sim_workload *wl;
	struct sim_options opt;
	unsigned long long total_ticks;
	unsigned long long ticks;
	int started, trace_ended, stop;
	/*
	 * The error that stopped the run (sim_step(), the threaded loop), 0
	 * while it goes on: the tick it stopped in was left half done, so the
	 * run never resumes and sim_check() looks at the machine alone.
	 */
	int failed;
	/*
	 * The clock (sim_now()): the ns of the event being handled; a tick
	 * every tick_ns.  Counters are kept in clock units of unit_ns, a
	 * tick under jiffy timers, a microsecond under hrtimers (clock_hz
	 * units a second).
	 */
	bool hrtimers;
	unsigned long long now_ns;
	unsigned long long tick_ns;
	unsigned int unit_ns;
	unsigned int clock_hz;

	struct spinlock lock; /* the tables below, in threaded runs */
	struct kmem_cache *task_cache; /* blocks of SIM_BLOCK tasks */
	struct sim_task **blocks;
	unsigned long nr_blocks, block_cap;
	unsigned long nr_tasks;
	unsigned long *instances; /* per description: names given */
	unsigned long forks, forks_refused, exits;
	struct list_head wheel[SIM_WHEEL];
	struct sim_res *res; /* the workload's resources */
	struct sim_cost wheel_cost; /* wake-ups made by the wheel */
	unsigned int clock_ns; /* see struct sim_cost */

	struct spinlock trace_lock;
	struct sim_trace trace;
	struct spinlock start_lock; /* held while threads start */

	struct sim_cpu cpus[SIM_MAX_CPUS];
	pthread_barrier_t barrier;
	/* threaded: this tick has balances to run after the switches */
	bool balance_after;

	struct sim_report report;
	struct sim_taskgroup *report_taskgroups;

	struct task_group **tgs; /* the workload's task groups, when
					 * the class runs them (NULL else) */
	unsigned long long *tg_ns; /* per workload taskgroup, the ns its
					 * own tasks ran (child groups' not
					 * counted), whatever the class */
	unsigned int nr_warnings;
	char warnings[SIM_MAX_CLASS_WARNINGS][SIM_WARNING_LEN];
	char error[SIM_WARNING_LEN]; /* why the run failed, when known */
	struct sim_dl_stats *report_dl; /* the deadline tasks' figures */
};

static struct sim_task *sim_task(const struct sim *s, unsigned long i)
{
	return &s->blocks[i / SIM_BLOCK][i % SIM_BLOCK];
}

static const struct sim_task_desc *task_desc(const struct sim *s,
					     const struct sim_task *t)
{
	return &s->wl->tasks[t->st.desc];
}

/* ------------------------------------------------------------ helpers */

/* @d has an event of @kind */
static bool desc_has_event(const struct sim_task_desc *d,
			   enum sim_event_kind kind)
{
	unsigned int i, j;

	for (i = 0; i < d->nr_phases; i++)
		for (j = 0; j < d->phases[i].nr_events; j++)
			if (d->phases[i].events[j].kind == kind)
				return true;
	return false;
}

/*
 * the size of a struct sim_task_ext for a task of @d, 0 when it needs
 * none: no jitter, no loop count (loops_done), no wait on a condition
 * (wait_mutex), no timer of its own
 */
static size_t sim_task_ext_bytes(const struct sim_task_desc *d)
{
	if (!d->jitter && d->loop < 0 && !d->nr_timers &&
	    !desc_has_event(d, SIM_EVENT_WAIT))
		return 0;
	return sizeof(struct sim_task_ext) +
	       d->nr_timers * sizeof(((struct sim_task_ext *)0)->timers[0]);
}

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

static uint64_t task_rand(struct sim_task *t)
{
	t->ext->rng = splitmix64(t->ext->rng);
	return t->ext->rng;
}

/* microseconds to ticks, rounded to nearest, at least 1 when @usec > 0 */
static unsigned long long usec_to_ticks(const struct sim *s,
					unsigned long long usec)
{
	unsigned long long t = (usec * s->opt.hz + 500000) / 1000000;

	return usec && !t ? 1 : t;
}

unsigned long long sim_total_ticks(const struct sim_workload *wl,
				   const struct sim_options *opt)
{
	unsigned long long usec = opt->duration_usec;
	unsigned int hz = opt->hz ? opt->hz : sched_class_hz(opt->sched_class);

	if (!usec)
		usec = wl->duration_usec ? wl->duration_usec : SIM_DEFAULT_USEC;
	if (usec > (ULLONG_MAX - 500000) / hz)
		return ULLONG_MAX;
	usec = (usec * hz + 500000) / 1000000;
	return usec ? usec : 1;
}

/* @a + @b, held at ULLONG_MAX */
static unsigned long long add_sat(unsigned long long a, unsigned long long b)
{
	return a > ULLONG_MAX - b ? ULLONG_MAX : a + b;
}

/*
 * @usec as a length of the machine's timers, in ns: exact under hrtimers,
 * else whole ticks (rounded to nearest, at least one when @usec > 0)
 */
static unsigned long long timer_ns(const struct sim *s, unsigned long long usec)
{
	unsigned long long ticks;

	if (s->hrtimers)
		return usec > ULLONG_MAX / NSEC_PER_USEC ? ULLONG_MAX :
							   usec * NSEC_PER_USEC;
	ticks = usec_to_ticks(s, usec);
	return ticks > ULLONG_MAX / s->tick_ns ? ULLONG_MAX :
						 ticks * s->tick_ns;
}

/* a run or sleep of @usec, with the task's jitter, in ns (timer_ns()) */
static unsigned long long jittered_ns(const struct sim *s, struct sim_task *t,
				      unsigned long long usec)
{
	unsigned int jitter = task_desc(s, t)->jitter;

	if (jitter && usec) {
		unsigned long long span = usec * jitter / 100;

		usec = usec - span + task_rand(t) % (2 * span + 1);
	}
	return timer_ns(s, usec);
}

/*
 * The clock in units: jiffies under jiffy timers, microseconds under
 * hrtimers.  What every counter, trace line and observer call is given.
 */
static unsigned long long sim_now(const struct sim *s)
{
	return likely(!s->hrtimers) ? jiffies : s->now_ns / s->unit_ns;
}

/* the clock is at @ns, within the tick jiffies began (compat/jiffies.h) */
static void clock_set(struct sim *s, unsigned long long ns)
{
	s->now_ns = ns;
	kstruct_subtick_ns = ns - jiffies * s->tick_ns;
}

/* the timer interrupt: the clock is at the next tick */
static void clock_tick(struct sim *s)
{
	kstruct_subtick_ns = 0;
	jiffies++;
	s->ticks++;
	s->now_ns = jiffies * s->tick_ns;
}

/* a tick count held below SIM_NEVER_RAN, for the 32-bit counters */
static unsigned int ticks32(unsigned long long ticks)
{
	return ticks < SIM_NEVER_RAN ? ticks : SIM_NEVER_RAN - 1;
}

/* a sleeper goes into the bucket of the tick its wake-up falls in */
static void wheel_add(struct sim *s, struct sim_task *t)
{
	unsigned long long tick = t->wake_at / s->tick_ns;

	list_add_tail(&t->timer, &s->wheel[tick & (SIM_WHEEL - 1)]);
}

static void trace_task(struct sim_trace_task *tt, const struct task_struct *p)
{
	tt->comm = p->comm;
	tt->pid = p->pid;
	tt->prio = p->prio;
}

/* ------------------------------------------------ the scheduler's cost */

/*
 * With opt.measure_cost, every call the simulator makes into the
 * scheduler to decide something (schedule(), scheduler_tick(), the
 * wake-ups, sys_sched_yield()) is timed with the monotonic clock, into
 * the counters of the CPU that made it (the wheel's wake-ups into their
 * own).  Which counters those are is a per-thread pointer, set where a
 * thread starts working for a CPU (settle_cpu(), timed_tick()) or for
 * the wheel (run_wheel()): a wake-up made deep in a task's program (an
 * unlock, a barrier) is counted where it happens, and no two threads
 * ever share counters.  NULL when the run does not measure: then a call
 * costs one predictable branch more.
 */
static __thread struct sim_cost *cost_here;

static inline void cost_account_to(const struct sim *s, struct sim_cost *c)
{
	cost_here = s->opt.measure_cost ? c : NULL;
}

static inline uint64_t cost_begin(void)
{
	return unlikely(cost_here != NULL) ? ktime_get_ns() : 0;
}

/* the time since @t0 into @kind, and @calls more calls (0: part of one) */
static inline void cost_charge(enum sim_cost_kind kind, uint64_t t0,
			       unsigned int calls)
{
	if (unlikely(cost_here != NULL)) {
		cost_here->ns[kind] += ktime_get_ns() - t0;
		cost_here->calls[kind] += calls;
	}
}

static inline void cost_end(enum sim_cost_kind kind, uint64_t t0)
{
	cost_charge(kind, t0, 1);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* what reading the clock twice adds to a timed call: a median of pairs */
static unsigned int clock_cost_ns(void)
{
	uint64_t d[101];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(d); i++) {
		uint64_t t0 = ktime_get_ns();

		d[i] = ktime_get_ns() - t0;
	}
	qsort(d, ARRAY_SIZE(d), sizeof(d[0]), cmp_u64);
	return d[ARRAY_SIZE(d) / 2];
}

/* ---------------------------------------------------------- the hooks */

/* someone is told of events: a trace, or an observer (under trace_lock) */
static bool watched(const struct sim *s)
{
	return s->opt.trace || s->opt.chrome || s->opt.observer;
}

/* the current task @p of @cpu is about to call sched_yield() */
static void observe_yield(struct sim *s, int cpu, struct task_struct *p)
{
	const struct sim_observer *obs = s->opt.observer;
	struct sim_trace_task a;

	if (!obs || !obs->yield)
		return;
	trace_task(&a, p);
	spin_lock(&s->trace_lock);
	obs->yield(sim_now(s), cpu, &a, obs->data);
	spin_unlock(&s->trace_lock);
}

/* the machine is at rest after the tick just done (0: the start) */
static int observe_tick(struct sim *s)
{
	const struct sim_observer *obs = s->opt.observer;

	if (!obs || !obs->tick)
		return 0;
	return obs->tick(s->ticks, s->total_ticks, obs->data);
}

/* the name of @ev's timer or resource, or NULL */
static const char *event_resource(struct sim *s, const struct sim_task *t,
				  const struct sim_event_desc *ev)
{
	switch (ev->kind) {
	case SIM_EVENT_TIMER:
		return ev->local ? task_desc(s, t)->timers[ev->res].name :
				   s->wl->resources[ev->res].name;
	case SIM_EVENT_SLEEP:
		return NULL;
	default:
		return s->wl->resources[ev->res].name;
	}
}

static const char *const event_names[] = {
	[SIM_EVENT_SLEEP] = "sleep",	 [SIM_EVENT_TIMER] = "timer",
	[SIM_EVENT_LOCK] = "lock",	 [SIM_EVENT_WAIT] = "wait",
	[SIM_EVENT_BARRIER] = "barrier", [SIM_EVENT_SEM_WAIT] = "sem_wait",
};

/*
 * Tell the observer why @cpu switches from @prev (its hook_switch(),
 * under the trace lock and @cpu's runqueue lock).
 */
static void observe_why(struct sim *s, int cpu, struct task_struct *prev,
			const struct sched_snapshot *queue)
{
	const struct sim_observer *obs = s->opt.observer;
	const struct sim_event_desc *ev = s->cpus[cpu].slept_on;
	struct sim_task *t = prev->driver_data;
	struct runqueue *rq = cpu_rq(cpu);
	struct sim_why w = { .out = &rq->resched_why,
			     .pick = &rq->pick_why,
			     .queue = queue };

	if (prev->state == TASK_RUNNING)
		ev = NULL;
	else
		s->cpus[cpu].slept_on = NULL;
	if (!obs || !obs->why)
		return;
	if (ev && t && ev->kind < ARRAY_SIZE(event_names)) {
		w.event = event_names[ev->kind];
		w.resource = event_resource(s, t, ev);
		if (ev->kind == SIM_EVENT_SLEEP)
			w.usec = ev->usec;
	}
	obs->why(sim_now(s), cpu, &w, obs->data);
}

static char state_char(long state)
{
	switch (state) {
	case TASK_RUNNING:
		return 'R';
	case TASK_INTERRUPTIBLE:
		return 'S';
	case TASK_UNINTERRUPTIBLE:
		return 'D';
	case TASK_STOPPED:
		return 'T';
	case TASK_ZOMBIE:
		return 'Z';
	default:
		return 'X';
	}
}

/*
 * @p, the current task of @cpu (maybe its idle task), ran @units of the
 * clock, @ran ns: its run time, its CPU's busy time and its taskgroup's,
 * and what is left of its run.  Context: @cpu's runqueue lock, or the
 * thread working for @cpu.
 */
static inline void account(struct sim *s, int cpu, struct task_struct *p,
			   unsigned long long units, unsigned long long ran)
{
	struct sim_task *t = p->driver_data;

	if (p == cpu_rq(cpu)->idle)
		return;
	s->cpus[cpu].busy += units;
	if (!t)
		return;
	t->st.runtime += units;
	/* other CPUs' threads count their tasks' groups too */
	if (s->tg_ns)
		__atomic_fetch_add(&s->tg_ns[t->st.taskgroup], ran,
				   __ATOMIC_RELAXED);
	t->run_left -= units < t->run_left ? units : t->run_left;
}

/*
 * Charge @p, the current task of @cpu, with the time from the CPU's last
 * charge to @ns.  Counters take the difference of the clock units of both
 * ends, so that they add up to the units of the whole, whatever the
 * steps.  Context: as account().
 */
static void charge(struct sim *s, int cpu, struct task_struct *p,
		   unsigned long long ns)
{
	struct sim_cpu *c = &s->cpus[cpu];
	unsigned long long ran = ns - c->since;

	if (!ran)
		return;
	account(s, cpu, p, ns / s->unit_ns - c->since / s->unit_ns, ran);
	c->since = ns;
}

static void hook_switch(int cpu, struct task_struct *prev,
			struct task_struct *next, void *data)
{
	struct sim *s = data;
	struct sim_task *tp = prev->driver_data, *tn = next->driver_data;
	unsigned long long now = sim_now(s);
	struct sim_trace_task a, b;
	struct sched_snapshot *queue = NULL;
	char state;

	/* under jiffy timers a switch comes at a tick, charged already */
	if (s->hrtimers)
		charge(s, cpu, prev, s->now_ns);
	if (tp && prev->state == TASK_RUNNING)
		tp->runnable_since = now;
	if (tn) {
		if (tn->st.response == SIM_NEVER_RAN)
			tn->st.response = ticks32(now - tn->st.created);
		tn->st.switches++;
		if (next->policy != SCHED_FIFO && next->policy != SCHED_RR &&
		    next->policy != SCHED_DEADLINE)
			tn->st.bonus_sum += next->static_prio - next->prio;
		tn->st.wait += now - tn->runnable_since;
		if (tn->latency_pending) {
			tn->latency_pending = 0;
			if (sim_latency_add(&tn->st, now - tn->runnable_since))
				s->cpus[cpu].err = -ENOMEM;
		}
	}
	s->cpus[cpu].events++;
	if (!watched(s))
		return;
	trace_task(&a, prev);
	trace_task(&b, next);
	state = state_char(prev->state);
	/* outside the trace lock: goodness's snapshot takes its own lock */
	if (s->opt.observer && s->opt.observer->queue_at_pick &&
	    sched_snapshot_locked(cpu, &queue))
		s->cpus[cpu].err = -ENOMEM;
	spin_lock(&s->trace_lock);
	sim_trace_switch(&s->trace, now, cpu, &a, state, &b);
	observe_why(s, cpu, prev, queue);
	if (s->opt.observer && s->opt.observer->switch_to)
		s->opt.observer->switch_to(now, cpu, &a, state, &b,
					   s->opt.observer->data);
	spin_unlock(&s->trace_lock);
	sched_snapshot_free(queue);
}

/* a trace write failed: the run stops after this tick (sim_step()) */
static int trace_error(struct sim *s)
{
	int err;

	if (!s->opt.trace && !s->opt.chrome)
		return 0;
	spin_lock(&s->trace_lock);
	err = s->trace.err;
	spin_unlock(&s->trace_lock);
	return err;
}

static void hook_wakeup(int cpu, struct task_struct *p, void *data)
{
	struct sim *s = data;
	struct sim_task *t = p->driver_data;
	unsigned long long now = sim_now(s);
	/* a task's first wake-up (wake_up_forked_process()) */
	int first = t && t->starting;
	struct sim_trace_task a, b;

	if (t) {
		if (!first)
			t->st.wakeups++;
		t->latency_pending = !first;
		t->runnable_since = now;
		/* queued now: from here on its moves are migrations */
		t->starting = 0;
	}
	s->cpus[cpu].events++;
	if (!watched(s))
		return;
	trace_task(&a, cpu_curr(cpu));
	trace_task(&b, p);
	spin_lock(&s->trace_lock);
	if (first)
		sim_trace_wakeup_new(&s->trace, now, cpu, &a, &b, cpu);
	else
		sim_trace_waking(&s->trace, now, cpu, &a, &b, cpu);
	if (s->opt.observer && s->opt.observer->wakeup)
		s->opt.observer->wakeup(now, cpu, &b, first,
					s->opt.observer->data);
	spin_unlock(&s->trace_lock);
}

static void hook_migrate(struct task_struct *p, int src_cpu, int dst_cpu,
			 const struct sched_reason *why, void *data)
{
	struct sim *s = data;
	struct sim_task *t = p->driver_data;
	struct sim_trace_task a, b;

	/* placing a task before its first wake-up is not a migration */
	if (t && t->starting)
		return;
	if (t)
		t->st.migrations++;
	s->cpus[dst_cpu].events++;
	if (!watched(s))
		return;
	trace_task(&a, cpu_curr(dst_cpu));
	trace_task(&b, p);
	spin_lock(&s->trace_lock);
	sim_trace_migrate(&s->trace, sim_now(s), dst_cpu, &a, &b, src_cpu,
			  dst_cpu);
	if (s->opt.observer && s->opt.observer->migrate)
		s->opt.observer->migrate(sim_now(s), &b, src_cpu, dst_cpu, why,
					 s->opt.observer->data);
	spin_unlock(&s->trace_lock);
}

static void hook_release(struct task_struct *p, void *data)
{
	struct sim_task *t = p->driver_data;

	(void)data;
	if (t)
		t->p = NULL;
}

static void hook_fork(struct task_struct *parent, struct task_struct *child,
		      void *data)
{
	struct sim *s = data;
	struct sim_trace_task a, b;

	if (!s->opt.trace && !s->opt.chrome)
		return;
	trace_task(&a, parent);
	trace_task(&b, child);
	spin_lock(&s->trace_lock);
	sim_trace_fork(&s->trace, sim_now(s), task_cpu(parent), &a, &b);
	spin_unlock(&s->trace_lock);
}

static void hook_exit(struct task_struct *p, void *data)
{
	struct sim *s = data;
	struct sim_trace_task a;

	if (!s->opt.trace && !s->opt.chrome)
		return;
	trace_task(&a, p);
	spin_lock(&s->trace_lock);
	sim_trace_exit(&s->trace, sim_now(s), task_cpu(p), &a);
	spin_unlock(&s->trace_lock);
}

/* ------------------------------------------------------- tasks */

/* @t's name (sim_task_comm()) into @buf; Return: @buf */
static char *task_comm(const struct sim *s, const struct sim_task *t,
		       char buf[SIM_NAME_LEN])
{
	return sim_task_comm(s->wl, &t->st, buf);
}

/*
 * A new simulator task for description @desc.  Return: the task, or an
 * error pointer in *@err: -EFBIG at the task limit, -ENOMEM.
 * Context: s->lock held in threaded runs.
 */
static struct sim_task *new_sim_task(struct sim *s, unsigned int desc, int *err)
{
	const struct sim_task_desc *d = &s->wl->tasks[desc];
	struct sim_task *t;

	if (s->nr_tasks >= s->opt.max_tasks) {
		*err = -EFBIG;
		return NULL;
	}
	if (s->nr_tasks == s->nr_blocks * SIM_BLOCK) {
		if (s->nr_blocks == s->block_cap) {
			unsigned long cap = s->block_cap ? s->block_cap * 2 :
							   16;
			struct sim_task **c =
				kcalloc(cap, sizeof(*c), GFP_KERNEL);

			if (!c)
				goto out_nomem;
			if (s->nr_blocks)
				memcpy(c, s->blocks, s->nr_blocks * sizeof(*c));
			kfree(s->blocks);
			s->blocks = c;
			s->block_cap = cap;
		}
		s->blocks[s->nr_blocks] =
			kmem_cache_alloc(s->task_cache, GFP_KERNEL);
		if (!s->blocks[s->nr_blocks])
			goto out_nomem;
		s->nr_blocks++;
	}
	t = sim_task(s, s->nr_tasks);
	memset(t, 0, sizeof(*t));
	if (sim_task_ext_bytes(d)) {
		unsigned int i;

		t->ext = kmalloc(sim_task_ext_bytes(d), GFP_KERNEL);
		if (!t->ext)
			goto out_nomem;
		t->ext->rng =
			splitmix64(s->opt.seed ^ splitmix64(s->nr_tasks + 1));
		t->ext->loops_done = 0;
		t->ext->wait_mutex = SIM_NO_RESOURCE;
		for (i = 0; i < d->nr_timers; i++)
			t->ext->timers[i] = SIM_TIMER_UNSET;
	}
	INIT_LIST_HEAD(&t->timer);
	t->st.desc = desc;
	t->st.response = SIM_NEVER_RAN;
	t->st.policy = d->policy;
	t->st.priority = d->priority;
	t->st.instance = (unsigned int)s->instances[desc]++;
	s->nr_tasks++;
	return t;
out_nomem:
	*err = -ENOMEM;
	return NULL;
}

/*
 * The scheduler's policy for @d: SCHED_BATCH and SCHED_IDLE as they are
 * (cfs and eevdf give them their meaning; o1 and goodness run them as
 * SCHED_OTHER, which sim_warning() says).  A SCHED_DEADLINE task starts
 * as SCHED_OTHER: setup_task() gives it its reservation.
 */
static int sched_policy_of(const struct sim_task_desc *d)
{
	return d->policy == SCHED_DEADLINE ? SCHED_OTHER : d->policy;
}

/* a policy with a nice level (the others have a real-time priority) */
static int fair_policy(const struct sim_task_desc *d)
{
	return d->policy != SCHED_FIFO && d->policy != SCHED_RR;
}

static int nice_of(const struct sim_task_desc *d)
{
	return fair_policy(d) ? d->priority : 0;
}

static int rt_priority_of(const struct sim_task_desc *d)
{
	return fair_policy(d) ? 0 : d->priority;
}

/* the machine's class runs task groups (cfs, eevdf) */
static bool class_groups(void)
{
	return sched_current_class()->task_groups;
}

/* the machine's class runs @policy as SCHED_OTHER (o1 and goodness) */
static bool class_as_other(int policy)
{
	return sched_current_class()->policies_as_other & (1UL << policy);
}

/*
 * A SCHED_DEADLINE task's reservation (sched_setattr()); a refusal by
 * admission control is the run's error, said by sim_error().
 */
static int setup_dl(struct sim *s, struct sim_task *t)
{
	const struct sim_task_desc *d = task_desc(s, t);
	struct sched_attr attr = {
		.size = sizeof(attr),
		.sched_policy = SCHED_DEADLINE,
		.sched_runtime = d->dl_runtime_usec * 1000,
		.sched_deadline = d->dl_deadline_usec * 1000,
		.sched_period = d->dl_period_usec * 1000,
	};
	uint64_t total, cap, bw;
	int ret;

	ret = sched_setattr(t->p, &attr);
	if (ret != -EBUSY)
		return ret;
	sched_dl_bandwidth(&total, &cap);
	bw = (d->dl_runtime_usec << 20) / d->dl_period_usec;
	snprintf(
		s->error, sizeof(s->error),
		"task %s: SCHED_DEADLINE admission control refused %.1f%% (sum would be %.1f%% of %.1f%%): -EBUSY",
		t->p->comm, 100.0 * (double)bw / (1 << 20),
		100.0 * (double)(total + bw) / (1 << 20),
		100.0 * (double)cap / (1 << 20));
	return ret;
}

/*
 * A new task takes what its description asks of the scheduler beyond its
 * policy and nice level: its task group (the description's, else its
 * parent's: a fork stays in its parent's, as the kernel forks), its custom
 * slice (eevdf only), its SCHED_DEADLINE reservation.  Context: @t->p not
 * woken yet.
 */
static int setup_task(struct sim *s, struct sim_task *t,
		      struct task_struct *parent)
{
	const struct sim_task_desc *d = task_desc(s, t);
	const struct sim_task *forker = parent ? parent->driver_data : NULL;
	int ret = 0;

	if (d->taskgroup != SIM_NO_TASKGROUP)
		t->st.taskgroup = d->taskgroup;
	else if (forker)
		t->st.taskgroup = forker->st.taskgroup;
	if (s->tgs && t->st.taskgroup)
		ret = sched_move_task(t->p, s->tgs[t->st.taskgroup]);
	if (!ret && d->slice_usec && sched_current_class()->custom_slice)
		ret = sched_set_custom_slice(t->p, d->slice_usec * 1000);
	if (!ret && d->policy == SCHED_DEADLINE)
		ret = setup_dl(s, t);
	return ret;
}

static unsigned long online_mask(const struct sim *s)
{
	return s->opt.nr_cpus >= SIM_MAX_CPUS ? ~0ul :
						(1ul << s->opt.nr_cpus) - 1;
}

/*
 * give a not yet woken task its description's affinity, and its class's
 * placement; Return: its CPU
 */
static int place_task(struct sim *s, struct sim_task *t, int cpu)
{
	unsigned long mask = task_desc(s, t)->cpus_allowed & online_mask(s);
	int ret;

	if (mask != online_mask(s)) {
		ret = set_cpus_allowed(t->p, mask);
		if (ret)
			return ret;
	}
	if (cpu < 0 || !((mask >> cpu) & 1))
		cpu = __builtin_ctzl(mask);
	/* from the forking CPU, where the class places new tasks (6.x) */
	return select_task_rq(t->p, cpu, WF_FORK);
}

/*
 * The first wake-up of a new task on @cpu.  The record says SIM_RUNNABLE
 * before the task is queued: under --threaded, the CPU it is queued on
 * may switch to it at once and read its state.  hook_wakeup() clears
 * t->starting, under that CPU's runqueue lock; a task that was not
 * queued is not started.
 */
static int wake_new_task(struct sim_task *t, int cpu)
{
	uint64_t t0 = cost_begin();
	int ret;

	t->state = SIM_RUNNABLE;
	ret = wake_up_forked_process(t->p, cpu);
	cost_end(SIM_COST_WAKEUP, t0);
	if (ret) {
		t->state = SIM_NOT_STARTED;
		t->starting = 0;
	}
	return ret;
}

/* create the task_struct of an initial task and wake it (start delay over) */
static int start_task(struct sim *s, struct sim_task *t)
{
	const struct sim_task_desc *d = task_desc(s, t);
	char comm[SIM_NAME_LEN];
	struct task_struct *p;
	int cpu, ret;

	p = sched_new_task(task_comm(s, t, comm), nice_of(d),
			   sched_policy_of(d), rt_priority_of(d));
	if (!p)
		return -ENOMEM;
	p->driver_data = t;
	t->p = p;
	t->st.pid = p->pid;
	t->st.created = sim_now(s);
	t->starting = 1;
	ret = setup_task(s, t, NULL);
	cpu = ret ? ret : place_task(s, t, -1);
	if (cpu < 0) {
		t->starting = 0;
		return cpu;
	}
	return wake_new_task(t, cpu);
}

/*
 * The running task @parent forks a new instance of description @desc.
 * A fork refused by the task limit or by do_fork() (a parent with no
 * slice left) is counted, not an error.
 */
static int fork_task(struct sim *s, struct sim_task *parent, int cpu,
		     unsigned int desc)
{
	const struct sim_task_desc *d = &s->wl->tasks[desc];
	char comm[SIM_NAME_LEN];
	struct task_struct *child;
	struct sim_task *t;
	int ret = 0;

	spin_lock(&s->lock);
	t = new_sim_task(s, desc, &ret);
	if (!t) {
		if (ret == -EFBIG) {
			s->forks_refused++;
			ret = 0;
		}
		goto out_unlock;
	}
	ret = do_fork(parent->p, SIM_SIGCHLD, task_comm(s, t, comm), &child);
	if (ret) {
		/* the slot was the last one taken: give it back */
		kfree(t->ext);
		t->ext = NULL;
		s->nr_tasks--;
		s->instances[desc]--;
		s->forks_refused++;
		ret = ret == -ENOMEM ? ret : 0;
		goto out_unlock;
	}
	child->driver_data = t;
	t->p = child;
	t->st.pid = child->pid;
	t->st.created = sim_now(s);
	t->st.forked = 1;
	t->starting = 1;
	if (sched_policy_of(d) != (int)child->policy || !fair_policy(d))
		ret = setscheduler(child, sched_policy_of(d),
				   rt_priority_of(d));
	if (!ret && fair_policy(d))
		ret = set_user_nice(child, d->priority);
	if (!ret)
		ret = setup_task(s, t, parent->p);
	if (!ret)
		ret = place_task(s, t, cpu);
	if (ret >= 0)
		ret = wake_new_task(t, ret);
	else
		t->starting = 0;
	if (ret)
		goto out_unlock;
	s->forks++;
out_unlock:
	spin_unlock(&s->lock);
	return ret;
}

/* step past the current event; sets t->done when the program is over */
static void next_event(const struct sim *s, struct sim_task *t)
{
	const struct sim_task_desc *d = task_desc(s, t);
	const struct sim_phase_desc *ph = &d->phases[t->phase];

	if (++t->event < ph->nr_events)
		return;
	t->event = 0;
	if (ph->loop < 0 || ++t->phase_loop < (unsigned long)ph->loop)
		return;
	t->phase_loop = 0;
	if (++t->phase < d->nr_phases)
		return;
	t->phase = 0;
	/* a finite loop counts (only such a task has loops_done) */
	if (d->loop >= 0 && ++t->ext->loops_done >= (unsigned long)d->loop)
		t->done = 1;
}

/* ---------------------------------------------------- resources */

/*
 * The timer of event @ev of @t (current, running its program): rt-app's
 * timer.  A timer starts at the task's delay after time 0 (rt-app's
 * start of the use case plus the delay) and each use moves its expiry on
 * by the period; the task sleeps until then (to the ns under hrtimers,
 * to the nearest tick under jiffy timers), unless it is late already:
 * then a relative timer (rt-app's default) starts again from now, an
 * absolute one keeps its expiry.  Expiries are kept in microseconds so
 * that periods that are not whole ticks do not drift.
 * Return: 1 and t->wake_at when @t must sleep.
 */
static int timer_event(struct sim *s, struct sim_task *t,
		       const struct sim_event_desc *ev)
{
	const struct sim_task_desc *d = task_desc(s, t);
	unsigned long long now = s->now_ns, *next, at;
	int absolute, sleep = 0;

	spin_lock(&s->lock);
	if (ev->local) {
		next = &t->ext->timers[ev->res];
		absolute = d->timers[ev->res].absolute;
	} else {
		next = &s->res[ev->res].next;
		absolute = s->wl->resources[ev->res].absolute;
	}
	if (*next == SIM_TIMER_UNSET)
		*next = d->delay_usec;
	*next += ev->usec;
	if (s->hrtimers)
		at = *next * NSEC_PER_USEC;
	else
		at = (*next * s->opt.hz + 500000) / 1000000 * s->tick_ns;
	if (at > now) {
		t->wake_at = at;
		sleep = 1;
	} else if (!absolute) {
		*next = s->hrtimers ? now / NSEC_PER_USEC :
				      jiffies * 1000000ull / s->opt.hz;
	}
	spin_unlock(&s->lock);
	return sleep;
}

/* @t (current, running its program) sleeps on @list until woken */
static void block_on(struct sim_task *t, struct list_head *list)
{
	list_add_tail(&t->timer, list);
	t->state = SIM_BLOCKED;
	set_task_state(t->p, TASK_INTERRUPTIBLE);
}

/* @w, off its wait list, may run again */
static void unblock(struct sim_task *w)
{
	uint64_t t0 = cost_begin();

	w->state = SIM_RUNNABLE;
	wake_up_process(w->p);
	cost_end(SIM_COST_WAKEUP, t0);
}

/* mutex @m is released: it goes to its first waiter, who runs again */
static void mutex_release(struct sim_res *m)
{
	struct sim_task *w;

	if (list_empty(&m->waiters)) {
		m->owner = NULL;
		return;
	}
	w = list_first_entry(&m->waiters, struct sim_task, timer);
	list_del_init(&w->timer);
	m->owner = w;
	unblock(w);
}

/* @w, waiting on a condition, is signalled: it retakes its mutex first */
static void cond_wake(struct sim *s, struct sim_task *w)
{
	struct sim_res *m;

	list_del_init(&w->timer);
	/* a waiter on a condition has its ext (sim_task_ext_bytes()) */
	if (w->ext->wait_mutex != SIM_NO_RESOURCE) {
		m = &s->res[w->ext->wait_mutex];
		w->ext->wait_mutex = SIM_NO_RESOURCE;
		if (m->owner) {
			list_add_tail(&w->timer, &m->waiters);
			return;
		}
		m->owner = w;
	}
	unblock(w);
}

/*
 * Event @ev of @t (current, running its program) on a mutex, condition,
 * barrier or semaphore.  Return: 1 when @t blocks.
 */
static int resource_event(struct sim *s, struct sim_task *t,
			  const struct sim_event_desc *ev)
{
	struct sim_res *r = &s->res[ev->res];
	struct sim_task *w, *n;
	int block = 0;

	spin_lock(&s->lock);
	switch (ev->kind) {
	case SIM_EVENT_LOCK:
		/* held, by @t itself too: a default pthread mutex deadlocks */
		if (r->owner) {
			block_on(t, &r->waiters);
			block = 1;
		} else {
			r->owner = t;
		}
		break;
	case SIM_EVENT_UNLOCK:
		/* a mutex @t does not hold stays as it is */
		if (r->owner == t)
			mutex_release(r);
		break;
	case SIM_EVENT_WAIT:
		if (ev->mutex != SIM_NO_RESOURCE &&
		    s->res[ev->mutex].owner == t)
			mutex_release(&s->res[ev->mutex]);
		t->ext->wait_mutex = ev->mutex;
		block_on(t, &r->waiters);
		block = 1;
		break;
	case SIM_EVENT_SIGNAL:
		if (!list_empty(&r->waiters))
			cond_wake(s, list_first_entry(&r->waiters,
						      struct sim_task, timer));
		break;
	case SIM_EVENT_BROADCAST:
		list_for_each_entry_safe(w, n, &r->waiters, timer)
			cond_wake(s, w);
		break;
	case SIM_EVENT_BARRIER:
		if (r->count + 1 >= s->wl->resources[ev->res].users) {
			r->count = 0;
			list_for_each_entry_safe(w, n, &r->waiters, timer) {
				list_del_init(&w->timer);
				unblock(w);
			}
		} else {
			r->count++;
			block_on(t, &r->waiters);
			block = 1;
		}
		break;
	case SIM_EVENT_SEM_POST:
		if (list_empty(&r->waiters)) {
			r->count++;
		} else {
			w = list_first_entry(&r->waiters, struct sim_task,
					     timer);
			list_del_init(&w->timer);
			unblock(w);
		}
		break;
	case SIM_EVENT_SEM_WAIT:
		if (r->count) {
			r->count--;
		} else {
			block_on(t, &r->waiters);
			block = 1;
		}
		break;
	default:
		break;
	}
	spin_unlock(&s->lock);
	return block;
}

/*
 * Run the program of @t, the current task of @cpu, from its next event
 * until it has something to run, must sleep or block, yields, changes
 * its affinity (to *@affinity) or ends.
 */
static enum sim_action advance(struct sim *s, struct sim_task *t, int cpu,
			       unsigned long *affinity, int *err)
{
	unsigned long long now = s->now_ns, ns;
	const struct sim_event_desc *ev;
	unsigned int n;

	for (n = 0; n < SIM_ZERO_TIME_MAX; n++) {
		if (t->done)
			return ACT_EXIT;
		ev = &task_desc(s, t)->phases[t->phase].events[t->event];
		next_event(s, t);
		switch (ev->kind) {
		case SIM_EVENT_RUN:
		case SIM_EVENT_RUNTIME:
			ns = jittered_ns(s, t, ev->usec);
			if (!ns)
				continue;
			/* ns is a whole number of clock units */
			t->run_left = ns / s->unit_ns > UINT32_MAX ?
					      UINT32_MAX :
					      ns / s->unit_ns;
			if (ev->kind == SIM_EVENT_RUNTIME)
				t->run_until = add_sat(now, ns);
			return ACT_RUN;
		case SIM_EVENT_SLEEP:
			ns = jittered_ns(s, t, ev->usec);
			if (!ns)
				continue;
			t->wake_at = add_sat(now, ns);
			s->cpus[cpu].slept_on = ev;
			return ACT_SLEEP;
		case SIM_EVENT_TIMER:
			if (timer_event(s, t, ev)) {
				s->cpus[cpu].slept_on = ev;
				return ACT_SLEEP;
			}
			continue; /* late: no sleep, as rt-app */
		case SIM_EVENT_FORK:
			*err = fork_task(s, t, cpu, ev->fork_task);
			if (*err)
				return ACT_ERROR;
			continue;
		case SIM_EVENT_YIELD:
			return ACT_YIELD;
		case SIM_EVENT_AFFINITY:
			/* per-phase "cpus" mostly change nothing */
			if (!((ev->cpus ^ t->p->cpus_allowed) & online_mask(s)))
				continue;
			*affinity = ev->cpus;
			return ACT_AFFINITY;
		case SIM_EVENT_LOCK:
		case SIM_EVENT_UNLOCK:
		case SIM_EVENT_WAIT:
		case SIM_EVENT_SIGNAL:
		case SIM_EVENT_BROADCAST:
		case SIM_EVENT_BARRIER:
		case SIM_EVENT_SEM_POST:
		case SIM_EVENT_SEM_WAIT:
			if (resource_event(s, t, ev)) {
				s->cpus[cpu].slept_on = ev;
				return ACT_BLOCK;
			}
			continue;
		case SIM_EVENT_TASKGROUP:
			/* a running task that moves is rescheduled */
			if (s->tgs) {
				*err = sched_move_task(t->p, s->tgs[ev->res]);
				if (*err)
					return ACT_ERROR;
			}
			t->st.taskgroup = ev->res;
			continue;
		case SIM_EVENT_NOP:
			continue;
		}
	}
	/* a long run of zero-time events is charged one tick */
	t->run_left = s->tick_ns / s->unit_ns;
	return ACT_RUN;
}

/* the program of @t (current on @cpu) is over: exit and be reaped */
static int task_exit(struct sim *s, struct sim_task *t)
{
	struct task_struct *p = t->p, *parent;
	pid_t pid = p->pid;
	int ret, tries;

	ret = do_exit(p, 0);
	if (ret)
		return ret;
	for (tries = 0; tries < 3; tries++) {
		read_lock(&tasklist_lock);
		parent = p->parent;
		read_unlock(&tasklist_lock);
		if (sys_wait4(parent, pid, NULL) == pid)
			break;
	}
	spin_lock(&s->lock);
	t->state = SIM_EXITED;
	t->st.exited = 1;
	t->st.turnaround = ticks32(sim_now(s) - t->st.created);
	s->exits++;
	spin_unlock(&s->lock);
	return 0;
}

/*
 * Is the run of @t over?  A run ends when it has had its time of CPU; a
 * runtime also when its time has passed, on the CPU or waiting for it
 * (one that passed while @t waited is over as @t next runs).
 */
static bool run_over(const struct sim *s, const struct sim_task *t)
{
	return !t->run_left || (t->run_until && s->now_ns >= t->run_until);
}

/*
 * Step 3 of a tick on @cpu: let the current task go on with its program
 * when its run is over, and call schedule() while need_resched is set.
 */
static int settle_cpu(struct sim *s, int cpu)
{
	unsigned long affinity = 0;
	unsigned int i;
	uint64_t t0;
	int err = 0;

	cost_account_to(s, &s->cpus[cpu].cost);
	for (i = 0; i < SIM_SETTLE_MAX; i++) {
		struct task_struct *curr = cpu_curr(cpu);
		struct sim_task *t = curr->driver_data;
		int resched = test_tsk_need_resched(curr);

		if (s->hrtimers)
			charge(s, cpu, curr, s->now_ns);
		if (t && t->state == SIM_RUNNABLE && run_over(s, t)) {
			t->run_left = 0;
			t->run_until = 0;
			switch (advance(s, t, cpu, &affinity, &err)) {
			case ACT_RUN:
				/* what it did may have woken a better task */
				resched = test_tsk_need_resched(curr);
				break;
			case ACT_BLOCK:
				/* resource_event() set its state */
				resched = 1;
				break;
			case ACT_SLEEP:
				set_task_state(curr, TASK_INTERRUPTIBLE);
				spin_lock(&s->lock);
				t->state = SIM_SLEEPING;
				wheel_add(s, t);
				spin_unlock(&s->lock);
				resched = 1;
				break;
			case ACT_YIELD:
				observe_yield(s, cpu, curr);
				t0 = cost_begin();
				sys_sched_yield(cpu);
				cost_end(SIM_COST_YIELD, t0);
				resched = 1;
				break;
			case ACT_AFFINITY:
				/*
				 * Blocks until a migration thread has moved
				 * the task when this CPU is no longer
				 * allowed; this CPU then runs idle with
				 * need_resched set.
				 */
				err = set_cpus_allowed(curr, affinity);
				if (err)
					return err;
				resched = test_tsk_need_resched(cpu_curr(cpu));
				break;
			case ACT_EXIT:
				err = task_exit(s, t);
				if (err)
					return err;
				resched = 1;
				break;
			case ACT_ERROR:
				return err;
			}
		}
		if (!resched)
			return 0;
		t0 = cost_begin();
		schedule(cpu);
		cost_end(SIM_COST_SCHEDULE, t0);
	}
	return 0;
}

/*
 * Step 3 on every CPU, one after the other.  A task's event (an unlock, a
 * signal, a barrier's last arrival) may wake a task on a CPU settled
 * already this tick: those CPUs, need_resched set, settle again (a few
 * rounds at most), so that the woken task runs in this tick whatever the
 * CPUs' numbers, as a real machine's would.
 */
static int settle_all(struct sim *s)
{
	unsigned int cpu, round;
	int ret = 0, again = 1;

	for (cpu = 0; !ret && cpu < s->opt.nr_cpus; cpu++)
		ret = settle_cpu(s, cpu);
	for (round = 0; !ret && again && round < SIM_SETTLE_ROUNDS; round++) {
		again = 0;
		for (cpu = 0; !ret && cpu < s->opt.nr_cpus; cpu++) {
			if (!test_tsk_need_resched(cpu_curr(cpu)))
				continue;
			again = 1;
			ret = settle_cpu(s, cpu);
		}
	}
	return ret;
}

/*
 * Step 1 on @cpu: the time up to the tick, then the timer interrupt.
 * Under jiffy timers that is always one whole tick of the CPU's current
 * task: nothing happens between ticks.
 */
static void tick_cpu(struct sim *s, int cpu)
{
	if (s->hrtimers) {
		charge(s, cpu, cpu_curr(cpu), s->now_ns);
		return;
	}
	account(s, cpu, cpu_curr(cpu), 1, s->tick_ns);
}

/*
 * The timer interrupt's call into the scheduler on @cpu.  A balance it
 * raises (cfs, eevdf: 6.x balances in a softirq after the tick) is left
 * for tick_balance().
 */
static inline bool timed_tick(struct sim *s, int cpu)
{
	bool raised;
	uint64_t t0;

	cost_account_to(s, &s->cpus[cpu].cost);
	t0 = cost_begin();
	raised = scheduler_tick_irq(cpu, 1);
	cost_end(SIM_COST_TICK, t0);
	s->cpus[cpu].balance_raised = raised;
	return raised;
}

/*
 * Whether @cpu's balance raised at this tick sees the other CPUs after
 * their switches at this tick or before them.  In 6.1 and 6.12 every
 * CPU's tick comes at once (skew_tick is off by default) and the
 * balancing CPU's softirq reads and locks the other runqueues while those
 * CPUs leave the same interrupt, maybe switching: a race.  Here it is a
 * fair coin, a hash of the seed, the CPU and the tick: stateless, so that
 * it draws nothing from the tasks' random streams (a class that raises no
 * balance runs exactly as before) and a threaded run decides as a serial
 * one.
 */
static bool balance_after_switches(const struct sim *s, unsigned int cpu)
{
	uint64_t x = splitmix64(s->opt.seed ^ 0x6a09e667f3bcc909ull);

	return splitmix64(x ^ ((uint64_t)jiffies * SIM_MAX_CPUS + cpu)) >> 63;
}

/*
 * Run the balance @cpu's tick raised when the race puts it in this phase
 * (@after: after the switches; else before them).  Return: whether it ran.
 */
static bool tick_balance(struct sim *s, unsigned int cpu, bool after)
{
	struct sim_cpu *c = &s->cpus[cpu];
	uint64_t t0;

	if (!c->balance_raised || balance_after_switches(s, cpu) != after)
		return false;
	c->balance_raised = false;
	c->balances[after]++;
	cost_account_to(s, &c->cost);
	t0 = cost_begin();
	scheduler_tick_softirq((int)cpu);
	cost_charge(SIM_COST_TICK, t0, 0);
	return true;
}

/* Step 2: wake the sleepers due now and start the tasks due now */
static int run_wheel(struct sim *s)
{
	unsigned long long now = s->now_ns;
	struct list_head *bucket = &s->wheel[jiffies & (SIM_WHEEL - 1)];
	struct sim_task *t, *n;
	int ret;

	cost_account_to(s, &s->wheel_cost);
	list_for_each_entry_safe(t, n, bucket, timer) {
		if (t->wake_at > now)
			continue;
		list_del_init(&t->timer);
		t->run_until = 0; /* wake_at's room: no run under way */
		if (t->state == SIM_NOT_STARTED) {
			ret = start_task(s, t);
			if (ret)
				return ret;
		} else {
			uint64_t t0 = cost_begin();

			t->state = SIM_RUNNABLE;
			wake_up_process(t->p);
			cost_end(SIM_COST_WAKEUP, t0);
		}
	}
	return 0;
}

static int cpu_errors(struct sim *s)
{
	unsigned int cpu;

	for (cpu = 0; cpu < s->opt.nr_cpus; cpu++)
		if (s->cpus[cpu].err)
			return s->cpus[cpu].err;
	return 0;
}

/*
 * The time a CPU's current task's run ends, or ULLONG_MAX when it runs
 * nothing timed (its idle task; a task blocked by an affinity change)
 */
static unsigned long long run_end(const struct sim *s, int cpu)
{
	struct task_struct *curr = cpu_curr(cpu);
	const struct sim_task *t = curr->driver_data;
	unsigned long long end;

	if (curr == cpu_rq(cpu)->idle || !t || t->state != SIM_RUNNABLE)
		return ULLONG_MAX;
	/* when its charges (clock units, charge()) reach run_left */
	end = (s->cpus[cpu].since / s->unit_ns + t->run_left) * s->unit_ns;
	return t->run_until && t->run_until < end ? t->run_until : end;
}

/*
 * The first event after now and before @end: a sleeper's wake-up or a
 * start in this tick's bucket, the end of a CPU's run, or a deadline
 * task's replenishment or inactive timer.  An event due now or before,
 * left over by a CPU that reached SIM_SETTLE_MAX, waits for the tick.
 * Return: its time, or @end when there is none.
 */
static unsigned long long next_event_ns(struct sim *s, unsigned long long end)
{
	struct list_head *bucket = &s->wheel[jiffies & (SIM_WHEEL - 1)];
	unsigned long long at = end, e;
	struct sim_task *t;
	unsigned int cpu;

	list_for_each_entry(t, bucket, timer)
		if (t->wake_at > s->now_ns && t->wake_at < at)
			at = t->wake_at;
	for (cpu = 0; cpu < s->opt.nr_cpus; cpu++) {
		e = run_end(s, cpu);
		if (e > s->now_ns && e < at)
			at = e;
	}
	e = dl_next_timer();
	if (e > s->now_ns && e < at)
		at = e;
	return at;
}

/*
 * Under hrtimers, the events between the tick just done and the next one,
 * in the order of their ns (those at the same ns as one): the clock moves
 * to each, the deadline class's timers due fire (as at a tick, before the
 * wake-ups), its sleepers wake (wake_up_process(), which checks for
 * preemption), and every CPU settles as after a tick: a run over goes on
 * with its program, need_resched calls schedule().  Under jiffy timers
 * nothing falls between ticks.  Context: the main thread (in threaded
 * runs too: the CPU threads wait at a barrier meanwhile).
 */
static int __run_between(struct sim *s)
{
	unsigned long long end = (jiffies + 1) * s->tick_ns, at;
	int ret = 0;

	while (!ret && (at = next_event_ns(s, end)) < end) {
		clock_set(s, at);
		dl_run_timers();
		ret = run_wheel(s);
		if (!ret)
			ret = settle_all(s);
	}
	return ret ? ret : cpu_errors(s);
}

static inline int run_between(struct sim *s)
{
	return unlikely(s->hrtimers) ? __run_between(s) : 0;
}

/* time 0: start the tasks without delay and let every CPU pick one */
static int sim_start(struct sim *s)
{
	int ret;

	s->started = 1;
	ret = run_wheel(s);
	if (!ret)
		ret = settle_all(s);
	if (!ret)
		ret = cpu_errors(s);
	if (!ret)
		ret = trace_error(s);
	return ret ? ret : observe_tick(s);
}

static void progress(struct sim *s)
{
	unsigned long long step = s->total_ticks / 100 ? s->total_ticks / 100 :
							 1;

	if (s->opt.progress && s->ticks % step == 0)
		s->opt.progress(s->ticks, s->total_ticks, s->opt.progress_arg);
}

/*
 * Step 4: the balances the race put after the switches, then every CPU
 * settles again (a pull may have set need_resched here, an active
 * balance on the CPU it pushed from).
 */
static int balance_after(struct sim *s)
{
	unsigned int cpu;
	bool ran = false;

	for (cpu = 0; cpu < s->opt.nr_cpus; cpu++)
		ran |= tick_balance(s, cpu, true);
	return ran ? settle_all(s) : 0;
}

int sim_step(struct sim *s)
{
	unsigned int cpu;
	bool raised;
	int ret;

	if (s->opt.threaded)
		return -EINVAL;
	if (s->failed)
		return s->failed;
	if (!s->started) {
		ret = sim_start(s);
		if (ret)
			return s->failed = ret;
	}
	if (s->ticks >= s->total_ticks)
		return 0;
	ret = run_between(s);
	if (ret)
		return s->failed = ret;
	clock_tick(s);
	for (cpu = 0; cpu < s->opt.nr_cpus; cpu++)
		tick_cpu(s, cpu);
	raised = false;
	for (cpu = 0; cpu < s->opt.nr_cpus; cpu++)
		raised |= timed_tick(s, cpu);
	for (cpu = 0; raised && cpu < s->opt.nr_cpus; cpu++)
		tick_balance(s, cpu, false);
	ret = run_wheel(s);
	if (!ret)
		ret = settle_all(s);
	if (!ret && raised)
		ret = balance_after(s);
	if (!ret)
		ret = cpu_errors(s);
	if (!ret)
		ret = trace_error(s);
	if (!ret && s->opt.check_every_tick && !sim_check(s))
		ret = -EUCLEAN;
	if (!ret)
		ret = observe_tick(s);
	progress(s);
	if (ret)
		return s->failed = ret;
	return 1;
}

/* ------------------------------------------------------ threaded mode */

static void *cpu_thread(void *arg)
{
	struct sim_cpu *c = arg;
	struct sim *s = c->sim;
	int err;

	/* wait until every thread exists (or creating one failed) */
	spin_lock(&s->start_lock);
	spin_unlock(&s->start_lock);
	if (s->stop)
		return NULL;
	for (;;) {
		pthread_barrier_wait(&s->barrier); /* jiffies advanced */
		if (s->stop)
			break;
		tick_cpu(s, c->cpu);
		timed_tick(s, c->cpu);
		tick_balance(s, c->cpu, false);
		pthread_barrier_wait(&s->barrier); /* ticks done */
		pthread_barrier_wait(&s->barrier); /* wheel run */
		err = settle_cpu(s, c->cpu);
		if (err && !c->err)
			c->err = err;
		pthread_barrier_wait(&s->barrier); /* settled */
		if (!s->balance_after)
			continue;
		tick_balance(s, c->cpu, true);
		pthread_barrier_wait(&s->barrier); /* balanced after */
		err = settle_cpu(s, c->cpu);
		if (err && !c->err)
			c->err = err;
		pthread_barrier_wait(&s->barrier); /* settled again */
	}
	return NULL;
}

/*
 * One pthread per CPU runs steps 1 and 3 of every tick (and step 4 at a
 * tick that has balances after the switches); this thread advances
 * jiffies, runs the wheel (step 2) and the checks, with a barrier between
 * steps.
 */
static int run_threaded(struct sim *s)
{
	unsigned int cpu, started = 0;
	int ret;

	if (s->failed)
		return s->failed;
	ret = s->started ? 0 : sim_start(s);
	if (ret)
		return s->failed = ret;
	if (pthread_barrier_init(&s->barrier, NULL, s->opt.nr_cpus + 1))
		return -EAGAIN;
	s->stop = 0;
	spin_lock(&s->start_lock);
	for (cpu = 0; cpu < s->opt.nr_cpus; cpu++) {
		if (pthread_create(&s->cpus[cpu].thread, NULL, cpu_thread,
				   &s->cpus[cpu])) {
			ret = -EAGAIN;
			s->stop = 1;
			break;
		}
		started++;
	}
	spin_unlock(&s->start_lock);
	if (ret)
		goto out_join;
	while (!ret && s->ticks < s->total_ticks) {
		ret = run_between(s);
		if (ret)
			break;
		clock_tick(s);
		pthread_barrier_wait(&s->barrier);
		pthread_barrier_wait(&s->barrier);
		/* the balances left after the ticks run after the switches */
		s->balance_after = false;
		for (cpu = 0; cpu < s->opt.nr_cpus; cpu++)
			s->balance_after |= s->cpus[cpu].balance_raised;
		ret = run_wheel(s);
		pthread_barrier_wait(&s->barrier);
		pthread_barrier_wait(&s->barrier);
		if (s->balance_after) {
			pthread_barrier_wait(&s->barrier);
			pthread_barrier_wait(&s->barrier);
		}
		if (!ret)
			ret = cpu_errors(s);
		if (!ret)
			ret = trace_error(s);
		if (!ret && s->opt.check_every_tick && !sim_check(s))
			ret = -EUCLEAN;
		if (!ret)
			ret = observe_tick(s);
		progress(s);
	}
	if (ret)
		s->failed = ret;
	s->stop = 1;
	pthread_barrier_wait(&s->barrier);
out_join:
	for (cpu = 0; cpu < started; cpu++)
		pthread_join(s->cpus[cpu].thread, NULL);
	pthread_barrier_destroy(&s->barrier);
	return ret;
}

static int end_trace(struct sim *s)
{
	if (s->trace_ended || (!s->opt.trace && !s->opt.chrome))
		return 0;
	s->trace_ended = 1;
	return sim_trace_end(&s->trace, sim_now(s));
}

const char *sim_output_failed(const struct sim *s)
{
	return s->trace.err ? s->trace.failed : NULL;
}

int sim_run(struct sim *s)
{
	int ret;

	if (s->opt.threaded) {
		ret = run_threaded(s);
	} else {
		do
			ret = sim_step(s);
		while (ret > 0);
	}
	if (!ret)
		ret = end_trace(s);
	return ret;
}

/* --------------------------------------------------------- checking */

/* report a violation about task @t (or none), answer false */
static bool task_bad(const char *what, const struct sim_task *t)
{
	if (!t)
		return check_fail("%s", what);
	/* the name the simulator gave it, while the task lives */
	return check_fail("%s: %s (pid %d)", what, t->p ? t->p->comm : "-",
			  t->st.pid);
}

/*
 * Every task on a wait list is blocked, and every blocked task is on one;
 * the wheel holds only sleepers and tasks not started.
 */
static bool check_waiters(struct sim *s, unsigned long blocked)
{
	unsigned long i, waiting = 0;
	struct sim_task *t;

	for (i = 0; i < SIM_WHEEL; i++)
		list_for_each_entry(t, &s->wheel[i], timer)
			if (t->state != SIM_SLEEPING &&
			    t->state != SIM_NOT_STARTED)
				return task_bad(
					"a task on the wheel is not waiting for time",
					t);
	for (i = 0; i < s->wl->nr_resources; i++) {
		if (!list_check(&s->res[i].waiters))
			return false;
		list_for_each_entry(t, &s->res[i].waiters, timer) {
			if (t->state != SIM_BLOCKED)
				return task_bad(
					"a task on a wait list is not blocked",
					t);
			waiting++;
		}
	}
	if (waiting != blocked)
		return check_fail(
			"%lu tasks are blocked, the wait lists hold %lu",
			blocked, waiting);
	return true;
}

/* is workload taskgroup @g @of or below it? */
static bool taskgroup_within(const struct sim_workload *wl, unsigned int g,
			     unsigned int of)
{
	while (g != of && g)
		g = wl->taskgroups[g].parent;
	return g == of;
}

/* the ns the tasks of taskgroup @of and of its child groups ran */
static unsigned long long taskgroup_ns(const struct sim *s, unsigned int of)
{
	unsigned long long sum = 0;
	unsigned int g;

	for (g = of; g < s->wl->nr_taskgroups; g++)
		if (taskgroup_within(s->wl, g, of))
			sum += __atomic_load_n(&s->tg_ns[g], __ATOMIC_RELAXED);
	return sum;
}

/*
 * Where the class runs task groups: every live task is in the group the
 * simulator has it in, and each group's run time, as the scheduler
 * charged it (in ns of the runqueue clock, brought up to date by every
 * tick), is the ns the simulator counted for it and its child groups.
 */
static bool check_taskgroups(struct sim *s)
{
	unsigned long i;
	unsigned int g;

	if (!s->tgs)
		return true;
	for (i = 0; i < s->nr_tasks; i++) {
		struct sim_task *t = sim_task(s, i);

		if (t->p && task_group(t->p) != s->tgs[t->st.taskgroup])
			return task_bad("a task is not in its taskgroup", t);
	}
	for (g = 1; g < s->wl->nr_taskgroups; g++)
		if (sched_group_runtime(s->tgs[g]) != taskgroup_ns(s, g))
			return check_fail(
				"taskgroup %s: the scheduler charged %llu ns, its tasks ran %llu",
				s->wl->taskgroups[g].path,
				(unsigned long long)sched_group_runtime(
					s->tgs[g]),
				taskgroup_ns(s, g));
	return true;
}

bool (sim_check)(struct sim *s)
{
	unsigned long i, runnable = 0, blocked = 0;
	unsigned int cpu;

	if (!s)
		return check_fail("no simulation (NULL)");
	if (!sched_check() || !process_tree_check())
		return false;
	/* a run stopped mid-tick: its own books are half written */
	if (s->failed)
		return true;
	/*
	 * Most buckets are empty, and an empty head pointing at itself both
	 * ways is all list_check() would verify of it: checked here inline,
	 * as every tick of a --check run looks at all SIM_WHEEL of them.
	 */
	for (i = 0; i < SIM_WHEEL; i++) {
		struct list_head *head = &s->wheel[i];

		if (head->next == head && head->prev == head)
			continue;
		if (!list_check(head))
			return false;
	}
	for (i = 0; i < s->nr_tasks; i++) {
		struct sim_task *t = sim_task(s, i);

		switch (t->state) {
		case SIM_RUNNABLE:
			if (!t->p || !task_queued(t->p))
				return task_bad("runnable task not queued", t);
			if (!list_empty(&t->timer))
				return task_bad("runnable task on the wheel",
						t);
			runnable++;
			break;
		case SIM_BLOCKED:
			if (!t->p || task_queued(t->p))
				return task_bad("blocked task queued", t);
			blocked++;
			break;
		case SIM_SLEEPING:
			if (!t->p || task_queued(t->p))
				return task_bad("sleeping task queued", t);
			/* fall through */
		case SIM_NOT_STARTED:
			if (list_empty(&t->timer))
				return task_bad("waiting task not on the wheel",
						t);
			/* the machine's clock, as the runqueues read it */
			if (s->started &&
			    t->wake_at <=
				    jiffies * s->tick_ns + kstruct_subtick_ns)
				return task_bad("task not woken on time", t);
			break;
		default:
			break;
		}
	}
	if (!check_waiters(s, blocked) || !check_taskgroups(s))
		return false;
	if (sched_nr_running_total() != runnable)
		return check_fail(
			"runqueues hold %lu tasks, the simulator has %lu runnable",
			sched_nr_running_total(), runnable);
	for (cpu = 0; cpu < s->opt.nr_cpus; cpu++) {
		struct task_struct *curr = cpu_curr(cpu);
		struct sim_task *t = curr->driver_data;

		if (curr == idle_task(cpu))
			continue;
		if (!t || t->state != SIM_RUNNABLE)
			return task_bad(
				"a CPU runs a task that is not runnable", t);
	}
	return true;
}

/* ------------------------------------------------------ create/destroy */

/*
 * the workload's task groups, each after its parent and with its shares,
 * if the class runs them; their tick counts whatever the class
 */
static int make_taskgroups(struct sim *s)
{
	const struct sim_workload *wl = s->wl;
	unsigned int i;
	int ret;

	if (!wl->nr_taskgroups)
		return 0;
	s->tg_ns = kcalloc(wl->nr_taskgroups, sizeof(*s->tg_ns), GFP_KERNEL);
	if (!s->tg_ns)
		return -ENOMEM;
	if (!class_groups())
		return 0;
	s->tgs = kcalloc(wl->nr_taskgroups, sizeof(*s->tgs), GFP_KERNEL);
	if (!s->tgs)
		return -ENOMEM;
	/* the workload's first group is "/" */
	s->tgs[0] = &root_task_group;
	for (i = 1; i < wl->nr_taskgroups; i++) {
		ret = sched_create_group(s->tgs[wl->taskgroups[i].parent],
					 wl->taskgroups[i].path, &s->tgs[i]);
		if (!ret && wl->taskgroups[i].shares)
			ret = sched_group_set_shares(s->tgs[i],
						     wl->taskgroups[i].shares);
		if (ret)
			return ret;
	}
	return 0;
}

static void __attribute__((format(printf, 2, 3)))
add_warning(struct sim *s, const char *fmt, ...)
{
	char raw[SIM_WARNING_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	/* the workload's names, made safe to print */
	escape_message(s->warnings[s->nr_warnings++], SIM_WARNING_LEN, raw);
}

/* @d, the first task of @policy, which the class runs as SCHED_OTHER */
static void policy_warning(struct sim *s, const struct sim_task_desc *d,
			   const char *policy)
{
	add_warning(
		s,
		"%s: tasks.%s.policy: %s has no %s: it runs as SCHED_OTHER (cfs and eevdf give it its meaning)",
		s->wl->name, d->name, sched_current_class()->name, policy);
}

/*
 * What the class does not model of the workload, one line for each of
 * taskgroup, SCHED_BATCH, SCHED_IDLE and dl-runtime on a fair task (the
 * first task that asks), in the workload's own warnings' style.
 */
static void class_warnings(struct sim *s)
{
	const struct sim_workload *wl = s->wl;
	const char *cls = sched_current_class()->name;
	const struct sim_task_desc *d, *batch = NULL, *idle = NULL;
	const struct sim_task_desc *slice = NULL;
	unsigned int i;

	for (i = 0; i < wl->nr_tasks; i++) {
		d = &wl->tasks[i];
		if (!batch && d->policy == SCHED_BATCH)
			batch = d;
		if (!idle && d->policy == SCHED_IDLE)
			idle = d;
		if (!slice && d->slice_usec)
			slice = d;
	}
	if (wl->nr_taskgroups && !class_groups())
		add_warning(
			s,
			"%s: taskgroup: group scheduling runs under cfs and eevdf; %s runs every task in the root group",
			wl->name, cls);
	if (batch && class_as_other(SCHED_BATCH))
		policy_warning(s, batch, "SCHED_BATCH");
	if (idle && class_as_other(SCHED_IDLE))
		policy_warning(s, idle, "SCHED_IDLE");
	if (slice && !sched_current_class()->custom_slice)
		add_warning(
			s,
			"%s: tasks.%s.dl-runtime: a custom slice is an eevdf request size (Linux 6.12); %s ignores it",
			wl->name, slice->name, cls);
}

const char *sim_error(const struct sim *s)
{
	return s->error[0] ? s->error : NULL;
}

const char *sim_warning(const struct sim *s, unsigned int i)
{
	return i < s->nr_warnings ? s->warnings[i] : NULL;
}

/* every affinity of @d (its own, its events') names a CPU in @mask */
static int desc_fits(const struct sim_task_desc *d, unsigned long mask)
{
	unsigned int p, e;

	if (!(d->cpus_allowed & mask))
		return 0;
	for (p = 0; p < d->nr_phases; p++)
		for (e = 0; e < d->phases[p].nr_events; e++)
			if (d->phases[p].events[e].kind == SIM_EVENT_AFFINITY &&
			    !(d->phases[p].events[e].cpus & mask))
				return 0;
	return 1;
}

int sim_create(const struct sim_workload *wl, const struct sim_options *opt,
	       struct sim **out)
{
	struct sched_hooks hooks = {
		.switch_to = hook_switch,
		.wakeup = hook_wakeup,
		.migrate = hook_migrate,
		.release = hook_release,
		.fork = hook_fork,
		.exit = hook_exit,
	};
	struct sched_topology_desc topo;
	unsigned long mask, k, old_jiffies;
	unsigned int d, i, old_hz;
	struct sim *s;
	int ret;

	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->wl = wl;
	s->opt = *opt;
	if (!s->opt.nr_cpus)
		s->opt.nr_cpus = SIM_DEFAULT_CPUS;
	if (!s->opt.hz)
		s->opt.hz = sched_class_hz(s->opt.sched_class);
	if (!s->opt.max_tasks)
		s->opt.max_tasks = SIM_DEFAULT_MAX_TASKS;
	if (!s->opt.duration_usec)
		s->opt.duration_usec = wl->duration_usec ? wl->duration_usec :
							   SIM_DEFAULT_USEC;
	ret = -EINVAL;
	if (s->opt.nr_cpus > SIM_MAX_CPUS || s->opt.nr_cpus > NR_CPUS ||
	    s->opt.hz > 100000 || !wl->nr_tasks)
		goto out_free;
	/* a topology has exactly the machine's CPUs (or is not given) */
	if ((s->opt.sockets || s->opt.cores || s->opt.threads) &&
	    (unsigned long long)s->opt.sockets * s->opt.cores *
			    s->opt.threads !=
		    s->opt.nr_cpus)
		goto out_free;
	s->hrtimers = s->opt.sched_class && s->opt.sched_class->hrtimers;
	s->tick_ns = NSEC_PER_SEC / s->opt.hz;
	s->unit_ns = s->hrtimers ? NSEC_PER_USEC : s->tick_ns;
	s->clock_hz = s->hrtimers ? 1000000 : s->opt.hz;
	ret = -ERANGE;
	s->total_ticks = sim_total_ticks(wl, &s->opt);
	if (s->total_ticks > SIM_MAX_TICKS)
		goto out_free;
	ret = -EINVAL;
	mask = online_mask(s);
	for (d = 0; d < wl->nr_tasks; d++)
		if (!desc_fits(&wl->tasks[d], mask))
			goto out_free;
	if (s->opt.measure_cost)
		s->clock_ns = clock_cost_ns();
	spin_lock_init(&s->lock);
	spin_lock_init(&s->trace_lock);
	spin_lock_init(&s->start_lock);
	for (i = 0; i < SIM_WHEEL; i++)
		INIT_LIST_HEAD(&s->wheel[i]);
	for (i = 0; i < SIM_MAX_CPUS; i++) {
		s->cpus[i].sim = s;
		s->cpus[i].cpu = i;
	}
	ret = -ENOMEM;
	s->task_cache = kmem_cache_create(
		"sim_task", SIM_BLOCK * sizeof(struct sim_task), 64, 0, NULL);
	if (!s->task_cache)
		goto out_free;
	s->instances = kcalloc(wl->nr_tasks, sizeof(*s->instances), GFP_KERNEL);
	if (!s->instances)
		goto out_free;
	s->res = kcalloc(wl->nr_resources ? wl->nr_resources : 1,
			 sizeof(*s->res), GFP_KERNEL);
	if (!s->res)
		goto out_free;
	for (i = 0; i < wl->nr_resources; i++) {
		INIT_LIST_HEAD(&s->res[i].waiters);
		s->res[i].next = SIM_TIMER_UNSET;
	}

	/* sched_init() reads HZ; a refused machine leaves the clock alone */
	old_hz = kstruct_hz;
	old_jiffies = jiffies;
	kstruct_hz = s->opt.hz;
	jiffies = 0;
	topo.sockets = s->opt.sockets;
	topo.cores = s->opt.cores;
	topo.threads = s->opt.threads;
	fair_topology_set(topo.sockets ? &topo : NULL);
	kstruct_subtick_ns = 0;
	ret = sched_init_class(s->opt.nr_cpus, s->opt.sched_class);
	fair_topology_set(NULL);
	if (ret) {
		kstruct_hz = old_hz;
		jiffies = old_jiffies;
		goto out_free;
	}
	hooks.data = s;
	sched_set_hooks(&hooks);
	/* the classes' notes of their picks are for an observer's why only */
	for (i = 0; i < s->opt.nr_cpus; i++)
		cpu_rq((int)i)->picks_unread = !s->opt.observer ||
					       !s->opt.observer->why;
	ret = make_taskgroups(s);
	if (ret)
		goto out_destroy;
	class_warnings(s);
	if (s->opt.trace || s->opt.chrome) {
		ret = sim_trace_begin(&s->trace, s->opt.trace,
				      s->opt.trace_path, s->opt.chrome,
				      s->opt.chrome_path, s->clock_hz,
				      s->opt.nr_cpus);
		if (ret)
			goto out_destroy;
	}

	for (d = 0; d < wl->nr_tasks; d++) {
		for (k = 0; k < wl->tasks[d].instances; k++) {
			struct sim_task *t = new_sim_task(s, d, &ret);

			if (!t)
				goto out_destroy;
			t->wake_at = timer_ns(s, wl->tasks[d].delay_usec);
			wheel_add(s, t);
		}
	}
	*out = s;
	return 0;
out_destroy:
	sim_destroy(s);
	return ret;
out_free:
	kfree(s->res);
	kfree(s->instances);
	kmem_cache_destroy(s->task_cache);
	kfree(s);
	return ret;
}

void sim_destroy(struct sim *s)
{
	unsigned long i;

	if (!s)
		return;
	cost_here = NULL;
	end_trace(s);
	sched_set_hooks(NULL);
	sched_teardown();
	kstruct_subtick_ns = 0;
	for (i = 0; i < s->nr_tasks; i++) {
		sim_task_stats_release(&sim_task(s, i)->st);
		kfree(sim_task(s, i)->ext);
	}
	for (i = 0; i < s->nr_blocks; i++)
		kmem_cache_free(s->task_cache, s->blocks[i]);
	kfree(s->blocks);
	kmem_cache_destroy(s->task_cache);
	kfree(s->instances);
	kfree(s->res);
	kfree(s->report_dl);
	kfree(s->report_taskgroups);
	kfree(s->tgs);
	kfree(s->tg_ns);
	spin_lock_destroy(&s->lock);
	spin_lock_destroy(&s->trace_lock);
	spin_lock_destroy(&s->start_lock);
	kfree(s);
}

/* ------------------------------------------------------------ report */

unsigned long long sim_ticks(const struct sim *s)
{
	return s->ticks;
}

void sim_tick_balances(const struct sim *s, unsigned long long *before,
		       unsigned long long *after)
{
	unsigned int cpu;

	*before = *after = 0;
	for (cpu = 0; cpu < s->opt.nr_cpus; cpu++) {
		*before += s->cpus[cpu].balances[0];
		*after += s->cpus[cpu].balances[1];
	}
}

unsigned long long sim_events(const struct sim *s)
{
	unsigned long long events = s->ticks * s->opt.nr_cpus;
	unsigned int cpu;

	for (cpu = 0; cpu < s->opt.nr_cpus; cpu++)
		events += s->cpus[cpu].events;
	return events;
}

/* @to += @from, call counts and times */
static void cost_add(struct sim_cost *to, const struct sim_cost *from)
{
	unsigned int k;

	for (k = 0; k < SIM_NR_COST; k++) {
		to->calls[k] += from->calls[k];
		to->ns[k] += from->ns[k];
	}
}

void sim_memory(const struct sim *s, struct sim_memory *m)
{
	unsigned long i;

	memset(m, 0, sizeof(*m));
	m->nr_tasks = s->nr_tasks;
	m->task_struct_size = sizeof(struct task_struct);
	m->task_struct_slab_bytes = task_struct_slab_bytes();
	m->record_size = sizeof(struct sim_task);
	m->stats_size = sizeof(struct sim_task_stats);
	m->record_slab_bytes = kmem_cache_slab_bytes(s->task_cache);
	m->other_bytes = sizeof(*s) + s->block_cap * sizeof(*s->blocks) +
			 s->wl->nr_resources * sizeof(*s->res) +
			 s->wl->nr_tasks * sizeof(*s->instances);
	if (s->tgs)
		m->other_bytes += s->wl->nr_taskgroups * sizeof(*s->tgs);
	if (s->tg_ns)
		m->other_bytes += s->wl->nr_taskgroups * sizeof(*s->tg_ns);
	for (i = 0; i < s->nr_tasks; i++) {
		const struct sim_task *t = sim_task(s, i);

		m->latency_bytes += sim_task_latency_bytes(&t->st);
		if (t->ext)
			m->other_bytes += sim_task_ext_bytes(task_desc(s, t));
	}
}

unsigned long long sim_memory_bytes(const struct sim *s)
{
	struct sim_memory m;

	sim_memory(s, &m);
	return s->nr_blocks * SIM_BLOCK * sizeof(struct sim_task) +
	       m.latency_bytes + m.other_bytes;
}

/*
 * The task groups' run time: the scheduler's where it runs them (whole
 * ticks of TICK_NSEC ns), the simulator's count of the same elsewhere;
 * the root, all of the tasks' time, is left out.
 */
static int report_taskgroups(struct sim *s, struct sim_report *r)
{
	unsigned int i, n = s->tg_ns ? s->wl->nr_taskgroups - 1 : 0;

	kfree(s->report_taskgroups);
	s->report_taskgroups = NULL;
	if (!n)
		return 0;
	s->report_taskgroups =
		kcalloc(n, sizeof(*s->report_taskgroups), GFP_KERNEL);
	if (!s->report_taskgroups)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		s->report_taskgroups[i].path = s->wl->taskgroups[i + 1].path;
		s->report_taskgroups[i].runtime =
			(s->tgs ? sched_group_runtime(s->tgs[i + 1]) :
				  taskgroup_ns(s, i + 1)) /
			s->unit_ns;
	}
	r->nr_taskgroups = n;
	r->taskgroups = s->report_taskgroups;
	return 0;
}

/* the SCHED_DEADLINE tasks' figures, read off their entities */
static int report_dl(struct sim *s, struct sim_report *r)
{
	const struct sim_task_desc *d;
	struct sim_dl_stats *dl;
	unsigned long i, n = 0;

	for (i = 0; i < s->nr_tasks; i++)
		n += task_desc(s, sim_task(s, i))->policy == SCHED_DEADLINE;
	kfree(s->report_dl);
	s->report_dl = NULL;
	if (!n)
		return 0;
	s->report_dl = kcalloc(n, sizeof(*s->report_dl), GFP_KERNEL);
	if (!s->report_dl)
		return -ENOMEM;
	for (i = 0, dl = s->report_dl; i < s->nr_tasks; i++) {
		struct sim_task *t = sim_task(s, i);

		d = task_desc(s, t);
		if (d->policy != SCHED_DEADLINE)
			continue;
		dl->task = i;
		sim_task_comm(s->wl, &t->st, dl->comm);
		dl->runtime_ns = d->dl_runtime_usec * 1000;
		dl->deadline_ns = d->dl_deadline_usec * 1000;
		dl->period_ns = d->dl_period_usec * 1000;
		if (t->p && !t->st.exited && t->p->dl) {
			dl->misses = t->p->dl->nr_missed;
			dl->throttles = t->p->dl->nr_throttled;
			dl->runtime_left_ns = t->p->dl->runtime;
		}
		dl++;
	}
	r->nr_dl = n;
	r->dl = s->report_dl;
	return 0;
}

const struct sim_report *sim_report(struct sim *s)
{
	struct sim_report *r = &s->report;
	unsigned long long now = sim_now(s);
	unsigned long i;
	unsigned int cpu;

	memset(r, 0, sizeof(*r));
	if (report_taskgroups(s, r))
		return NULL;
	r->workload = s->wl->name;
	r->seed = s->opt.seed;
	r->hz = s->opt.hz;
	r->nr_cpus = s->opt.nr_cpus;
	r->threaded = s->opt.threaded;
	r->ticks = s->ticks;
	r->clock_hz = s->clock_hz;
	r->clock = s->hrtimers ? s->ticks * s->tick_ns / s->unit_ns : s->ticks;
	r->forks = s->forks;
	r->forks_refused = s->forks_refused;
	r->exits = s->exits;
	r->nr_tasks = s->nr_tasks;
	/* the records in place */
	r->task_blocks = (void *const *)s->blocks;
	r->tasks_per_block = SIM_BLOCK;
	r->task_offset = offsetof(struct sim_task, st);
	r->task_stride = sizeof(struct sim_task);
	r->events = sim_events(s);
	r->cost.measured = s->opt.measure_cost;
	r->cost.clock_ns = s->clock_ns;
	cost_add(&r->cost, &s->wheel_cost);
	for (i = 0; i < s->nr_tasks; i++) {
		struct sim_task *t = sim_task(s, i);

		/* bring the wait of queued, not running tasks up to now */
		if (t->state == SIM_RUNNABLE && t->p &&
		    cpu_curr(task_cpu(t->p)) != t->p) {
			t->st.wait += now - t->runnable_since;
			t->runnable_since = now;
		}
	}
	if (sim_report_taskgroup_tasks(r, s->report_taskgroups))
		return NULL;
	if (report_dl(s, r))
		return NULL;
	r->sched_class = sched_current_class()->name;
	r->nr_counters = sched_counters(sched_current_class(), r->counters);
	for (cpu = 0; cpu < s->opt.nr_cpus; cpu++) {
		struct runqueue *rq = cpu_rq(cpu);

		r->cpus[cpu].busy = s->cpus[cpu].busy;
		r->cpus[cpu].switches = rq->nr_switches;
		for (i = 0; i < r->nr_counters; i++)
			r->cpus[cpu].counters[i] =
				sched_counter_value(cpu, r->counters[i]);
		cost_add(&r->cost, &s->cpus[cpu].cost);
	}
	sim_report_finish(r);
	return r;
}
