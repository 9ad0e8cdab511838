// SPDX-License-Identifier: MIT
/*
 * sched/pelt.c - per-entity load tracking of Linux 6.1 and 6.12.
 *
 * Mirrors kernel/sched/pelt.c (decay_load, __accumulate_pelt_segments,
 * accumulate_sum, ___update_load_sum, ___update_load_avg,
 * __update_load_avg_se, __update_load_avg_blocked_se,
 * __update_load_avg_cfs_rq, update_rt_rq_load_avg), kernel/sched/pelt.h
 * (get_pelt_divider) and kernel/sched/fair.c (init_entity_runnable_average,
 * post_init_entity_util_avg, enqueue_load_avg, dequeue_load_avg,
 * attach_entity_load_avg, detach_entity_load_avg), the same in both
 * versions but for the count of runnable tasks a queue passes (6.12
 * leaves out tasks whose dequeue is delayed: the caller's @nr_runnable).
 * Written from the kernel's description of its arithmetic.
 *
 * A signal is the sum of its past, unit by unit (1024 ns), each period
 * of 1024 units weighing y times the one after it, y^32 = 1/2.  An update
 * splits the time since the last one in three: what completes the period
 * that was under way (d1), whole periods (1024 units each) and what has
 * passed of the current one (d3); the old sum decays by y^p for the p
 * boundaries crossed, d1 by y^p too, whole periods by their places in
 * the series and d3 not at all.
 *
 * Deliberate differences from the kernel (docs/fidelity.md):
 *  - The inputs are arguments, not read from sched_entity and cfs_rq.
 *  - No util_est, no frequency or capacity invariance (the PELT clock is
 *    the task clock), no lost idle time, no DL, IRQ or HW pressure
 *    signals, no task-group propagation (add_tg_cfs_propagate) and no
 *    removed-load queue: a migration is detach then attach.
 */
#include "compat/compiler.h"
#include "sched/pelt.h"

/*
 * y^n * 2^32 rounded down (y^0 kept at 2^32 - 1, which fits), n < 32: the
 * kernel's table.  tests/sched/test_pelt.c recomputes every entry.
 */
const uint32_t runnable_avg_yN_inv[LOAD_AVG_PERIOD] = {
	0xffffffff, 0xfa83b2da, 0xf5257d14, 0xefe4b99a, 0xeac0c6e6, 0xe5b906e6,
	0xe0ccdeeb, 0xdbfbb796, 0xd744fcc9, 0xd2a81d91, 0xce248c14, 0xc9b9bd85,
	0xc5672a10, 0xc12c4cc9, 0xbd08a39e, 0xb8fbaf46, 0xb504f333, 0xb123f581,
	0xad583ee9, 0xa9a15ab4, 0xa5fed6a9, 0xa2704302, 0x9ef5325f, 0x9b8d39b9,
	0x9837f050, 0x94f4efa8, 0x91c3d373, 0x8ea4398a, 0x8b95c1e3, 0x88980e80,
	0x85aac367, 0x82cd8698,
};

/*
 * The hot path (a signal's update) is written once, inlined into each
 * kind of update: the calls between its pieces cost as much as a short
 * update itself.
 */
static __always_inline uint64_t __decay_load(uint64_t val, uint64_t n)
{
	unsigned int halvings;

	/* 63 halvings empty any 64-bit value */
	if (n > LOAD_AVG_PERIOD * 63)
		return 0;
	halvings = (unsigned int)n / LOAD_AVG_PERIOD;
	val >>= halvings;
	n %= LOAD_AVG_PERIOD;
	return (uint64_t)(((unsigned __int128)val * runnable_avg_yN_inv[n]) >>
			  32);
}

uint64_t decay_load(uint64_t val, uint64_t n)
{
	return __decay_load(val, n);
}

static __always_inline uint32_t accumulate_segments(uint64_t periods,
						    uint32_t d1, uint32_t d3)
{
	uint32_t oldest, middle;

	oldest = (uint32_t)__decay_load(d1, periods);
	/* the full series less its tail from y^p on, less its y^0 term */
	middle = LOAD_AVG_MAX - (uint32_t)__decay_load(LOAD_AVG_MAX, periods) -
		 1024;
	return oldest + middle + d3;
}

uint32_t __accumulate_pelt_segments(uint64_t periods, uint32_t d1, uint32_t d3)
{
	return accumulate_segments(periods, d1, d3);
}

/* accrue @delta units into @sa; the number of boundaries crossed */
static __always_inline uint64_t accumulate_sum(uint64_t delta,
					       struct sched_avg *sa,
					       unsigned long load,
					       unsigned long runnable,
					       int running)
{
	uint32_t contrib = (uint32_t)delta; /* no boundary: all of it */
	uint64_t periods;

	delta += sa->period_contrib;
	periods = delta / 1024;
	if (periods) {
		/* an empty signal (an idle CPU's RT one) stays empty */
		if (sa->load_sum | sa->runnable_sum | sa->util_sum) {
			sa->load_sum = __decay_load(sa->load_sum, periods);
			sa->runnable_sum =
				__decay_load(sa->runnable_sum, periods);
			sa->util_sum =
				(uint32_t)__decay_load(sa->util_sum, periods);
		}
		delta %= 1024;
		/* without load nothing accrues (runnable and running are 0) */
		if (load)
			contrib = accumulate_segments(periods,
						      1024 - sa->period_contrib,
						      (uint32_t)delta);
	}
	sa->period_contrib = (uint32_t)delta;
	if (load)
		sa->load_sum += load * contrib;
	if (runnable)
		sa->runnable_sum += (uint64_t)runnable * contrib
				    << SCHED_CAPACITY_SHIFT;
	if (running)
		sa->util_sum += contrib << SCHED_CAPACITY_SHIFT;
	return periods;
}

static __always_inline int update_sum(uint64_t now, struct sched_avg *sa,
				      unsigned long load,
				      unsigned long runnable, int running)
{
	uint64_t delta = now - sa->last_update_time;

	if ((int64_t)delta < 0) {
		sa->last_update_time = now;
		return 0;
	}
	/* units of 1024 ns; the remainder waits for the next update */
	delta >>= 10;
	if (!delta)
		return 0;
	sa->last_update_time += delta << 10;
	/* a dequeued current entity: nothing runnable, nothing running */
	if (!load)
		runnable = running = 0;
	return accumulate_sum(delta, sa, load, runnable, running) ? 1 : 0;
}

int ___update_load_sum(uint64_t now, struct sched_avg *sa, unsigned long load,
		       unsigned long runnable, int running)
{
	return update_sum(now, sa, load, runnable, running);
}

static __always_inline void update_avg(struct sched_avg *sa, unsigned long load)
{
	uint32_t divider = get_pelt_divider(sa);

	sa->load_avg = (unsigned long)(load * sa->load_sum / divider);
	sa->runnable_avg = (unsigned long)(sa->runnable_sum / divider);
	sa->util_avg = sa->util_sum / divider;
}

void ___update_load_avg(struct sched_avg *sa, unsigned long load)
{
	update_avg(sa, load);
}

int __update_load_avg_se(uint64_t now, struct sched_avg *sa,
			 unsigned long weight, bool on_rq, bool runnable,
			 bool running)
{
	if (!update_sum(now, sa, on_rq, runnable, running))
		return 0;
	update_avg(sa, weight);
	return 1;
}

int __update_load_avg_blocked_se(uint64_t now, struct sched_avg *sa,
				 unsigned long weight)
{
	return __update_load_avg_se(now, sa, weight, false, false, false);
}

int __update_load_avg_cfs_rq(uint64_t now, struct sched_avg *sa,
			     unsigned long load_weight,
			     unsigned int nr_runnable, bool curr)
{
	if (!update_sum(now, sa, load_weight, nr_runnable, curr))
		return 0;
	update_avg(sa, 1);
	return 1;
}

/*
 * An empty signal (sums and averages 0, as an idle CPU's RT one is) that
 * accrues nothing stays empty: only its clock and its place in the period
 * move, as ___update_load_sum() would move them, and no average changes.
 */
static int pelt_advance_empty(uint64_t now, struct sched_avg *sa)
{
	uint64_t delta = now - sa->last_update_time;

	if ((int64_t)delta < 0) {
		sa->last_update_time = now;
		return 0;
	}
	delta >>= 10;
	sa->last_update_time += delta << 10;
	sa->period_contrib = (uint32_t)((sa->period_contrib + delta) % 1024);
	return 0;
}

static inline bool pelt_empty(const struct sched_avg *sa)
{
	return !(sa->load_sum | sa->runnable_sum | sa->util_sum | sa->load_avg |
		 sa->runnable_avg | sa->util_avg);
}

int update_rt_rq_load_avg(uint64_t now, struct sched_avg *avg_rt, bool running)
{
	if (!running && pelt_empty(avg_rt))
		return pelt_advance_empty(now, avg_rt);
	if (!update_sum(now, avg_rt, running, running, running))
		return 0;
	update_avg(avg_rt, 1);
	return 1;
}

void init_entity_runnable_average(struct sched_avg *sa, unsigned long weight)
{
	*sa = (struct sched_avg){ .load_avg = weight };
}

void post_init_entity_util_avg(struct sched_avg *sa, unsigned long weight,
			       const struct sched_avg *cfs,
			       unsigned long cpu_capacity)
{
	long cap = ((long)cpu_capacity - (long)cfs->util_avg) / 2;

	if (cap > 0) {
		if (cfs->util_avg) {
			sa->util_avg =
				cfs->util_avg * weight / (cfs->load_avg + 1);
			if (sa->util_avg > (unsigned long)cap)
				sa->util_avg = (unsigned long)cap;
		} else {
			sa->util_avg = (unsigned long)cap;
		}
	}
	sa->runnable_avg = sa->util_avg;
}

/* *@v -= @d, stopping at 0 (the kernel's sub_positive()) */
#define sub_positive(v, d)                                \
	do {                                              \
		__typeof__(*(v)) __old = *(v), __d = (d); \
		*(v) = __old > __d ? __old - __d : 0;     \
	} while (0)

/* the kernel compares (and so truncates) in u32 here */
static uint32_t max_u32(uint64_t a, uint64_t b)
{
	return (uint32_t)a > (uint32_t)b ? (uint32_t)a : (uint32_t)b;
}

void enqueue_load_avg(struct sched_avg *cfs, const struct sched_avg *se,
		      unsigned long weight)
{
	cfs->load_avg += se->load_avg;
	cfs->load_sum += weight * se->load_sum;
}

void dequeue_load_avg(struct sched_avg *cfs, const struct sched_avg *se,
		      unsigned long weight)
{
	sub_positive(&cfs->load_avg, se->load_avg);
	sub_positive(&cfs->load_sum, weight * se->load_sum);
	cfs->load_sum = max_u32(cfs->load_sum,
				(uint64_t)cfs->load_avg * PELT_MIN_DIVIDER);
}

void attach_entity_load_avg(struct sched_avg *cfs, struct sched_avg *se,
			    unsigned long weight)
{
	uint32_t divider = get_pelt_divider(cfs);

	/* the entity's periods from now on are the queue's */
	se->last_update_time = cfs->last_update_time;
	se->period_contrib = cfs->period_contrib;
	se->util_sum = (uint32_t)(se->util_avg * divider);
	se->runnable_sum = (uint64_t)se->runnable_avg * divider;
	se->load_sum = (uint64_t)se->load_avg * divider;
	if (weight < se->load_sum)
		se->load_sum /= weight;
	else
		se->load_sum = 1;
	enqueue_load_avg(cfs, se, weight);
	cfs->util_avg += se->util_avg;
	cfs->util_sum += se->util_sum;
	cfs->runnable_avg += se->runnable_avg;
	cfs->runnable_sum += se->runnable_sum;
}

void detach_entity_load_avg(struct sched_avg *cfs, const struct sched_avg *se,
			    unsigned long weight)
{
	dequeue_load_avg(cfs, se, weight);
	sub_positive(&cfs->util_avg, se->util_avg);
	sub_positive(&cfs->util_sum, se->util_sum);
	cfs->util_sum = max_u32(cfs->util_sum,
				(uint64_t)cfs->util_avg * PELT_MIN_DIVIDER);
	sub_positive(&cfs->runnable_avg, se->runnable_avg);
	sub_positive(&cfs->runnable_sum, se->runnable_sum);
	cfs->runnable_sum =
		max_u32(cfs->runnable_sum,
			(uint64_t)cfs->runnable_avg * PELT_MIN_DIVIDER);
}
