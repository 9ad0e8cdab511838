/* SPDX-License-Identifier: MIT */
/*
 * sched/pelt.h - per-entity load tracking (PELT) as Linux 6.1 and 6.12
 * compute it (sched/pelt.c): the geometric series of a signal's history
 * with y^32 = 1/2 over periods of 1024 us, in the kernel's fixed point.
 *
 * The kernel keeps a struct sched_avg in each sched_entity, cfs_rq and
 * runqueue (the RT, DL and IRQ signals) and reads the inputs from them.
 * Here the averages stand alone and the caller passes the inputs (the
 * entity's weight, whether it is queued and running, the queue's weight
 * and task count): the simulator keeps the structs and feeds them (see
 * docs/DESIGN.md "Where the 6.x SMP pieces live").
 *
 * Units: times are ns of the PELT clock (the kernel's rq_clock_pelt(),
 * which at full capacity and maximum frequency is the task clock); the
 * unit of accrual is 1024 ns, a period 1024 units.
 */
#ifndef KSTRUCT_SCHED_PELT_H
#define KSTRUCT_SCHED_PELT_H

#include <stdbool.h>
#include <stdint.h>

#include "sched/sched.h"

/* capacity of the biggest CPU at its highest frequency, and its shift */
#define SCHED_CAPACITY_SHIFT 10
#define SCHED_CAPACITY_SCALE (1UL << SCHED_CAPACITY_SHIFT)

/* a signal halves over this many periods: y^LOAD_AVG_PERIOD = 1/2 */
#define LOAD_AVG_PERIOD 32
/* the largest sum 1024 * (1 + y + y^2 + ...) reaches in fixed point */
#define LOAD_AVG_MAX 47742
/* the divider when the current period has just begun */
#define PELT_MIN_DIVIDER (LOAD_AVG_MAX - 1024)

/* y^n as a 32-bit fraction of 2^32, n = 0 .. LOAD_AVG_PERIOD - 1 */
extern const uint32_t runnable_avg_yN_inv[LOAD_AVG_PERIOD];

/*
 * struct sched_avg is in sched/sched.h: queues hold one, and the
 * arithmetic below works on one; a task's entity holds the 32-bit struct
 * sched_entity_avg, which an update widens into a struct sched_avg and
 * narrows back (the two functions below), so that one arithmetic serves
 * both.
 */

/* @v held at UINT32_MAX */
static inline uint32_t pelt_u32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/**
 * sched_avg_widen() - an entity's signal as the struct the arithmetic takes
 * @sa: written
 * @ea: the entity's signal
 */
static inline void sched_avg_widen(struct sched_avg *sa,
				   const struct sched_entity_avg *ea)
{
	sa->last_update_time = ea->last_update_time;
	sa->load_sum = ea->load_sum;
	sa->runnable_sum = ea->runnable_sum;
	sa->util_sum = ea->util_sum;
	sa->period_contrib = ea->period_contrib;
	sa->load_avg = ea->load_avg;
	sa->runnable_avg = ea->runnable_avg;
	sa->util_avg = ea->util_avg;
}

/**
 * sched_avg_narrow() - store a signal back into an entity's
 * @ea: written
 * @sa: the signal, widened from @ea and updated
 *
 * Each value is held at UINT32_MAX (struct sched_entity_avg gives the
 * bounds that keep a task's below it).
 */
static inline void sched_avg_narrow(struct sched_entity_avg *ea,
				    const struct sched_avg *sa)
{
	ea->last_update_time = sa->last_update_time;
	ea->load_sum = pelt_u32(sa->load_sum);
	ea->runnable_sum = pelt_u32(sa->runnable_sum);
	ea->util_sum = sa->util_sum;
	ea->period_contrib = sa->period_contrib;
	ea->load_avg = pelt_u32(sa->load_avg);
	ea->runnable_avg = pelt_u32(sa->runnable_avg);
	ea->util_avg = pelt_u32(sa->util_avg);
}

/**
 * decay_load() - @val * y^@n in fixed point
 * @val: the value
 * @n: whole periods
 *
 * Return: @val halved once per LOAD_AVG_PERIOD periods, then multiplied
 * by the table's y^(n mod 32); 0 past 63 halvings.
 */
uint64_t decay_load(uint64_t val, uint64_t n);

/**
 * __accumulate_pelt_segments() - what a span of @periods boundaries adds
 * @periods: period boundaries crossed (at least 1)
 * @d1: units that completed the oldest period
 * @d3: units of the current period
 *
 * Return: d1 * y^p + 1024 * (y + ... + y^(p-1)) + d3, the middle term
 * taken as LOAD_AVG_MAX - LOAD_AVG_MAX * y^p - 1024 in u32 (which is -1
 * for p = 1 when truncation makes it so, as in the kernel).
 */
uint32_t __accumulate_pelt_segments(uint64_t periods, uint32_t d1, uint32_t d3);

/**
 * get_pelt_divider() - what a sum is divided by to give its average
 * @sa: the signal
 *
 * Return: PELT_MIN_DIVIDER + @sa->period_contrib.
 */
static inline uint32_t get_pelt_divider(const struct sched_avg *sa)
{
	return PELT_MIN_DIVIDER + sa->period_contrib;
}

/**
 * ___update_load_sum() - accrue @sa's sums up to @now
 * @now: PELT clock, ns
 * @sa: the signal
 * @load: weight accrued into load_sum per unit (0: nothing accrues)
 * @runnable: tasks runnable, accrued into runnable_sum
 * @running: nonzero when running, accrued into util_sum
 *
 * Time before @sa->last_update_time (a clock going backwards) resets the
 * update time and accrues nothing; less than 1024 ns accrues nothing.
 *
 * Return: 1 when a period boundary was crossed (the averages then need
 * ___update_load_avg()), else 0.
 */
int ___update_load_sum(uint64_t now, struct sched_avg *sa, unsigned long load,
		       unsigned long runnable, int running);

/**
 * ___update_load_avg() - recompute @sa's averages from its sums
 * @sa: the signal
 * @load: the weight load_sum is multiplied by (an entity's weight, 1 for
 *	a queue whose load_sum already carries the weights)
 */
void ___update_load_avg(struct sched_avg *sa, unsigned long load);

/**
 * __update_load_avg_se() - update a task entity's signal to @now
 * @now: PELT clock, ns
 * @sa: the entity's signal
 * @weight: its weight (1024 at nice 0)
 * @on_rq: queued (running or waiting)
 * @runnable: counts as runnable (6.12: false while its dequeue is
 *	delayed; otherwise @on_rq)
 * @running: it is its queue's current entity
 *
 * Return: 1 when the averages changed, else 0.
 */
int __update_load_avg_se(uint64_t now, struct sched_avg *sa,
			 unsigned long weight, bool on_rq, bool runnable,
			 bool running);

/**
 * __update_load_avg_blocked_se() - update a sleeping entity's signal
 * @now: PELT clock, ns
 * @sa: the entity's signal
 * @weight: its weight
 *
 * Return: 1 when the averages changed, else 0.
 */
int __update_load_avg_blocked_se(uint64_t now, struct sched_avg *sa,
				 unsigned long weight);

/**
 * __update_load_avg_cfs_rq() - update a fair queue's signal to @now
 * @now: PELT clock, ns
 * @sa: the queue's signal
 * @load_weight: the weight queued (cfs_rq->load.weight)
 * @nr_runnable: tasks runnable below it (6.1: h_nr_running; 6.12:
 *	h_nr_queued - h_nr_delayed)
 * @curr: the queue has a running entity
 *
 * Return: 1 when the averages changed, else 0.
 */
int __update_load_avg_cfs_rq(uint64_t now, struct sched_avg *sa,
			     unsigned long load_weight,
			     unsigned int nr_runnable, bool curr);

/**
 * update_rt_rq_load_avg() - update a runqueue's RT signal to @now
 * @now: PELT clock, ns
 * @avg_rt: the runqueue's RT signal
 * @running: an RT task is running
 *
 * Its util_avg is the RT pressure scale_rt_capacity() takes away.  An
 * empty signal (every sum and average 0) that is not running only has
 * its clock moved, to the same values the full update gives it.
 *
 * Return: 1 when the averages were recomputed, else 0 (always 0 for an
 * empty signal not running: nothing changed).
 */
int update_rt_rq_load_avg(uint64_t now, struct sched_avg *avg_rt, bool running);

/**
 * init_entity_runnable_average() - a new entity's signal
 * @sa: the signal
 * @weight: the task's weight: a new task starts at full load
 */
void init_entity_runnable_average(struct sched_avg *sa, unsigned long weight);

/**
 * post_init_entity_util_avg() - a new task's utilization, before it runs
 * @sa: the task's signal
 * @weight: its weight
 * @cfs: the signal of the queue it starts on
 * @cpu_capacity: that CPU's original capacity (1024 here)
 *
 * Its share by weight of the queue's utilization, at most half the
 * capacity the queue leaves; runnable_avg starts equal.
 */
void post_init_entity_util_avg(struct sched_avg *sa, unsigned long weight,
			       const struct sched_avg *cfs,
			       unsigned long cpu_capacity);

/**
 * enqueue_load_avg() - add an entity's load to its queue's
 * @cfs: the queue's signal
 * @se: the entity's signal
 * @weight: the entity's weight
 */
void enqueue_load_avg(struct sched_avg *cfs, const struct sched_avg *se,
		      unsigned long weight);

/**
 * dequeue_load_avg() - take an entity's load from its queue's
 * @cfs: the queue's signal
 * @se: the entity's signal
 * @weight: the entity's weight
 *
 * Nothing goes below 0, and load_sum stays at least load_avg times
 * PELT_MIN_DIVIDER (the kernel's guard against the two drifting apart).
 */
void dequeue_load_avg(struct sched_avg *cfs, const struct sched_avg *se,
		      unsigned long weight);

/**
 * attach_entity_load_avg() - an entity joins a queue with its averages
 * @cfs: the queue's signal
 * @se: the entity's signal; its clock and period are aligned with the
 *	queue's and its sums rebuilt from its averages with the queue's
 *	divider
 * @weight: the entity's weight
 */
void attach_entity_load_avg(struct sched_avg *cfs, struct sched_avg *se,
			    unsigned long weight);

/**
 * detach_entity_load_avg() - an entity leaves a queue with its averages
 * @cfs: the queue's signal
 * @se: the entity's signal (unchanged)
 * @weight: the entity's weight
 */
void detach_entity_load_avg(struct sched_avg *cfs, const struct sched_avg *se,
			    unsigned long weight);

#endif /* KSTRUCT_SCHED_PELT_H */
