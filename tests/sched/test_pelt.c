// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_pelt.c - per-entity load tracking (sched/pelt.c): the
 * table and LOAD_AVG_MAX recomputed independently, decay_load() and the
 * three segments worked by hand, the sum/average relation over a random
 * run, a task at 50% duty against a floating-point model of the series,
 * a queue of two hogs, attach and detach, a new task's utilization,
 * a task's signal in 32 bits (struct sched_entity_avg) against the 64-bit
 * one.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/pelt.h"
#include "tests/ktest.h"

/* one unit of accrual, and one period, in ns */
#define UNIT 1024ULL
#define PERIOD (1024 * UNIT)

/* ------------------------------------------------------------ the table */

/*
 * Each entry is y^n scaled to 32 bits and rounded down, y = 2^(-1/32),
 * computed here in long double (64-bit mantissa: the product is exact to
 * far below one unit of the 32-bit result).
 */
static void test_table(void)
{
	long double y = powl(0.5L, 1.0L / 32);
	unsigned int n;

	for (n = 0; n < LOAD_AVG_PERIOD; n++) {
		long double want = floorl(4294967295.0L * powl(y, n));

		CU_ASSERT_EQUAL(runnable_avg_yN_inv[n], (uint32_t)want);
	}
	/* y^16 = 1/sqrt(2): 0xb504f333 is 2^32 / sqrt(2) rounded down */
	CU_ASSERT_EQUAL(runnable_avg_yN_inv[16], 0xb504f333U);
}

/*
 * LOAD_AVG_MAX is where the series stops growing in fixed point: iterate
 * max = max * y + 1024 with y as a 32-bit fraction until it no longer
 * changes.  It is below the real series' limit 1024 / (1 - y) = 47788.4,
 * the truncations costing about 46.
 */
static void test_load_avg_max(void)
{
	uint64_t y_inv = (uint64_t)(4294967295.0 * pow(0.5, 1.0 / 32));
	uint64_t max = 0, last;
	double limit = 1024 / (1 - pow(0.5, 1.0 / 32));

	do {
		last = max;
		max = ((max * y_inv) >> 32) + 1024;
	} while (max != last);
	CU_ASSERT_EQUAL(max, LOAD_AVG_MAX);
	CU_ASSERT(limit > 47788 && limit < 47789);
	CU_ASSERT_EQUAL(PELT_MIN_DIVIDER, 46718);
}

/*
 * decay_load(v, n) = (v >> n/32) * table[n % 32] >> 32.
 *   1000000 * 0xfa83b2da / 2^32 = 978572.06: 978572 (y = 0.978572)
 *   32 periods: 1000 >> 1 = 500, * 0xffffffff >> 32 = 499.99: 499
 *   64 periods: 250 * 0xffffffff >> 32: 249
 *   2016 periods (63 halvings): 2^63 >> 63 = 1, * 0xffffffff >> 32 = 0
 */
static void test_decay_load(void)
{
	CU_ASSERT_EQUAL(decay_load(1000000, 0), 999999);
	CU_ASSERT_EQUAL(decay_load(1000000, 1), 978572);
	CU_ASSERT_EQUAL(decay_load(1000, 32), 499);
	CU_ASSERT_EQUAL(decay_load(1000, 64), 249);
	CU_ASSERT_EQUAL(decay_load(1ULL << 63, 2016), 0);
	CU_ASSERT_EQUAL(decay_load(~0ULL, 2017), 0);
	CU_ASSERT_EQUAL(decay_load(~0ULL, 2016), 0); /* 1 * y^0 truncates */
	/* 2015: ~0 >> 62 = 3, 3 * 0x82cd8698 / 2^32 = 1.53: 1 */
	CU_ASSERT_EQUAL(decay_load(~0ULL, 2015), 1);
	/* 1984 = 62 * 32: (3 << 62) >> 62 = 3, 3 * 0xffffffff >> 32 = 2 */
	CU_ASSERT_EQUAL(decay_load(3ULL << 62, 62 * 32), 2);
}

/*
 * The segments, d1 = 24 units completing the old period, d3 = 76:
 *   p = 1: 24 * y = 23.49: 23; LOAD_AVG_MAX * y = 46718.99: 46718, so
 *     the middle (no whole period) is 47742 - 46718 - 1024 = 0; 99
 *   p = 2: 24 * y^2 = 22.98: 22; 47742 * y^2 = 45717.xx: 45717, middle
 *     47742 - 45717 - 1024 = 1001 (1024 * y = 1001.98); 22 + 1001 + 76
 */
static void test_segments(void)
{
	CU_ASSERT_EQUAL(__accumulate_pelt_segments(1, 24, 76), 99);
	CU_ASSERT_EQUAL(__accumulate_pelt_segments(2, 24, 76), 1099);
}

/*
 * One period of decay through an update.  A blocked entity with load_sum
 * 1000000 at a period's start, 1024 units later: one boundary, nothing
 * accrues, load_sum 978572; load_avg = 1024 * 978572 / (46718 + 0) =
 * 21449.3: 21449.  util_sum 1 << 20 decays to 0xfa83b2da >> 12 =
 * 1026107.2: 1026107 (the real 1048576 * y is 1026110.4).
 */
static void test_one_period(void)
{
	struct sched_avg sa = { .last_update_time = 5 * PERIOD,
				.load_sum = 1000000,
				.util_sum = 1 << 20 };

	CU_ASSERT_EQUAL(__update_load_avg_blocked_se(6 * PERIOD, &sa, 1024), 1);
	CU_ASSERT_EQUAL(sa.load_sum, 978572);
	CU_ASSERT_EQUAL(sa.util_sum, 1026107);
	CU_ASSERT_EQUAL(sa.period_contrib, 0);
	CU_ASSERT_EQUAL(sa.last_update_time, 6 * PERIOD);
	CU_ASSERT_EQUAL(sa.load_avg, 21449);
	CU_ASSERT_EQUAL(sa.util_avg, 21); /* 1026107 / 46718 = 21.96 */
}

/*
 * A sum across a boundary.  A running task 1000 units into a period runs
 * 100 more: d1 = 24, one boundary, d3 = 76, contribution 99 (above):
 * load_sum 99, runnable_sum and util_sum 99 << 10 = 101376, the new
 * period 76 units in.  Averages with divider 46718 + 76 = 46794:
 * load_avg 1024 * 99 / 46794 = 2.17: 2; util_avg 101376 / 46794 = 2.
 * Within one period nothing decays: 100 more units add exactly 100.
 */
static void test_across_boundary(void)
{
	struct sched_avg sa = { .last_update_time = 1000 * UNIT,
				.period_contrib = 1000 };

	CU_ASSERT_EQUAL(__update_load_avg_se(1100 * UNIT + 1023, &sa, 1024,
					     true, true, true),
			1);
	CU_ASSERT_EQUAL(sa.load_sum, 99);
	CU_ASSERT_EQUAL(sa.runnable_sum, 101376);
	CU_ASSERT_EQUAL(sa.util_sum, 101376);
	CU_ASSERT_EQUAL(sa.period_contrib, 76);
	/* the 1023 ns short of a unit wait for the next update */
	CU_ASSERT_EQUAL(sa.last_update_time, 1100 * UNIT);
	CU_ASSERT_EQUAL(sa.load_avg, 2);
	CU_ASSERT_EQUAL(sa.util_avg, 2);

	CU_ASSERT_EQUAL(__update_load_avg_se(1200 * UNIT, &sa, 1024, true, true,
					     true),
			0);
	CU_ASSERT_EQUAL(sa.load_sum, 199);
	CU_ASSERT_EQUAL(sa.util_sum, 199 << 10);
	CU_ASSERT_EQUAL(sa.period_contrib, 176);
	CU_ASSERT_EQUAL(sa.load_avg, 2); /* no boundary: averages kept */
}

/* under a unit nothing happens; a clock going back only resets */
static void test_short_and_backwards(void)
{
	struct sched_avg sa = { .last_update_time = 10 * UNIT,
				.load_sum = 500 };

	CU_ASSERT_EQUAL(___update_load_sum(11 * UNIT - 1, &sa, 1, 1, 1), 0);
	CU_ASSERT_EQUAL(sa.last_update_time, 10 * UNIT);
	CU_ASSERT_EQUAL(sa.load_sum, 500);
	CU_ASSERT_EQUAL(___update_load_sum(3 * UNIT, &sa, 1, 1, 1), 0);
	CU_ASSERT_EQUAL(sa.last_update_time, 3 * UNIT);
	CU_ASSERT_EQUAL(sa.load_sum, 500);
	/* no load: running and runnable are ignored, sums only decay */
	CU_ASSERT_EQUAL(___update_load_sum(3 * UNIT + PERIOD, &sa, 0, 1, 1), 1);
	CU_ASSERT_EQUAL(sa.util_sum, 0);
	CU_ASSERT_EQUAL(sa.runnable_sum, 0);
	CU_ASSERT_EQUAL(sa.load_sum, decay_load(500, 1));
}

/* ------------------------------------------------ the averages' relation */

static unsigned int seed = 16;

static unsigned int rnd(unsigned int n)
{
	seed = seed * 1103515245 + 12345;
	return (seed >> 16) % n;
}

/*
 * After every update that crosses a boundary, each average is its sum
 * over LOAD_AVG_MAX - 1024 + period_contrib (load times the weight), and
 * utilization never passes 1024.
 */
static void test_sum_avg_relation(void)
{
	struct sched_avg sa = { 0 };
	uint64_t now = 0;
	unsigned long weight = 335; /* nice 5 */
	unsigned int i, checked = 0;

	for (i = 0; i < 5000; i++) {
		bool on_rq = rnd(3) != 0, running = on_rq && rnd(2);

		now += rnd(3000) * UNIT + rnd(1024);
		if (!__update_load_avg_se(now, &sa, weight, on_rq, on_rq,
					  running))
			continue;
		checked++;
		CU_ASSERT(sa.period_contrib < 1024);
		CU_ASSERT_EQUAL(get_pelt_divider(&sa),
				LOAD_AVG_MAX - 1024 + sa.period_contrib);
		CU_ASSERT_EQUAL(sa.util_avg,
				sa.util_sum / get_pelt_divider(&sa));
		CU_ASSERT_EQUAL(sa.runnable_avg,
				sa.runnable_sum / get_pelt_divider(&sa));
		CU_ASSERT_EQUAL(sa.load_avg,
				weight * sa.load_sum / get_pelt_divider(&sa));
		CU_ASSERT(sa.util_avg <= SCHED_CAPACITY_SCALE);
		CU_ASSERT(sa.load_avg <= weight);
		CU_ASSERT(sa.last_update_time <= now &&
			  now - sa.last_update_time < UNIT);
	}
	CU_ASSERT(checked > 4000);
}

/* ------------------------------------------------------ converging signals */

/*
 * The series in floating point, unit by unit: a running unit adds 1024,
 * and when a period completes the whole sum is multiplied by y (a unit of
 * the period just ended weighs y, of the one before y^2, ...).  Its
 * average divides by the float divider 1024 / (1 - y) - 1024 + the units
 * of the current period.  The kernel's truncations (LOAD_AVG_MAX 47742
 * against 47788.4, each decay rounded down) keep it within a unit or so.
 */
struct float_pelt {
	double sum;
	uint64_t units;
};

static void float_pelt_run(struct float_pelt *f, uint64_t units, bool running)
{
	double y = pow(0.5, 1.0 / 32);

	while (units--) {
		if (running)
			f->sum += 1024;
		if (++f->units % 1024 == 0)
			f->sum *= y;
	}
}

static double float_pelt_avg(const struct float_pelt *f)
{
	double y = pow(0.5, 1.0 / 32);

	return f->sum / (1024 / (1 - y) - 1024 + (double)(f->units % 1024));
}

/*
 * A task at 50% duty: 700 units running, 700 sleeping (1.4 periods each,
 * so the switches fall at every place in a period), for 700 ms.  The
 * averages change only at updates that cross a boundary; at each of those
 * after 420 periods (13 half-lives) utilization is the float model's to
 * 1.5 units in 1024 (measured: 0.76), and it swings about 512: 508 to
 * 516, mean 511.9.
 */
static void test_half_duty(void)
{
	struct sched_avg sa = { 0 };
	struct float_pelt f = { 0 };
	uint64_t now = 0;
	unsigned int half, n = 0;
	unsigned long lo = 1024, hi = 0;
	double total = 0;

	for (half = 0; half < 1000; half++) {
		bool running = !(half & 1);
		int changed;

		now += 700 * UNIT;
		float_pelt_run(&f, 700, running);
		/* the state up to now was the one of the half just over */
		changed = __update_load_avg_se(now, &sa, 1024, running, running,
					       running);
		if (half < 600 || !changed)
			continue;
		CU_ASSERT(fabs((double)sa.util_avg - float_pelt_avg(&f)) <=
			  1.5);
		lo = sa.util_avg < lo ? sa.util_avg : lo;
		hi = sa.util_avg > hi ? sa.util_avg : hi;
		total += sa.util_avg;
		n++;
	}
	CU_ASSERT(n > 200);
	CU_ASSERT(lo >= 500 && hi <= 524 && lo < hi);
	CU_ASSERT(fabs(total / n - 512) < 2);
}

/* always running: utilization and load reach their maxima to 1% */
static void test_hog(void)
{
	struct sched_avg sa = { 0 };
	struct float_pelt f = { 0 };
	uint64_t now;

	for (now = 0; now <= 400 * PERIOD; now += 4 * PERIOD + 7 * UNIT)
		__update_load_avg_se(now, &sa, 1024, true, true, true);
	float_pelt_run(&f, sa.last_update_time / UNIT, true);
	CU_ASSERT(sa.util_avg >= 1014 && sa.util_avg <= 1024);
	CU_ASSERT(sa.load_avg >= 1014 && sa.load_avg <= 1024);
	CU_ASSERT(fabs((double)sa.util_avg - float_pelt_avg(&f)) <= 2.0);
}

/*
 * A queue with two nice-0 hogs, one running: load 2048 accrues, two
 * runnable, one running.  load_avg tends to 2048, runnable_avg to 2048,
 * util_avg to 1024 (each to within 1%).
 */
static void test_cfs_rq_two_hogs(void)
{
	struct sched_avg cfs = { 0 };
	uint64_t now;

	for (now = 0; now <= 400 * PERIOD; now += 3 * PERIOD + 100 * UNIT)
		__update_load_avg_cfs_rq(now, &cfs, 2048, 2, true);
	CU_ASSERT(cfs.load_avg >= 2028 && cfs.load_avg <= 2048);
	CU_ASSERT(cfs.runnable_avg >= 2028 && cfs.runnable_avg <= 2048);
	CU_ASSERT(cfs.util_avg >= 1014 && cfs.util_avg <= 1024);
	/* emptied, it halves every 32 periods */
	now = cfs.last_update_time;
	__update_load_avg_cfs_rq(now + 32 * PERIOD, &cfs, 0, 0, false);
	CU_ASSERT(cfs.load_avg >= 1010 && cfs.load_avg <= 1024);
	CU_ASSERT(cfs.util_avg >= 505 && cfs.util_avg <= 512);
}

/* RT pressure: a runqueue running RT half the time has util_avg ~512 */
static void test_rt_pressure(void)
{
	struct sched_avg rt = { 0 };
	uint64_t now = 0;
	int i;

	for (i = 0; i < 1000; i++) {
		now += 512 * UNIT;
		update_rt_rq_load_avg(now, &rt, !(i & 1));
	}
	CU_ASSERT(rt.util_avg > 494 && rt.util_avg < 530);
	CU_ASSERT(rt.util_avg == rt.util_sum / get_pelt_divider(&rt));
}

/*
 * update_rt_rq_load_avg() only moves the clock of an empty signal that is
 * not running: over random sequences (steps under a unit, backwards,
 * across many periods; RT bursts, then idle long enough to empty the
 * signal again), it leaves the signal exactly as the full update
 * (___update_load_sum() then ___update_load_avg()) does.
 */
static void test_rt_empty_skip(void)
{
	struct sched_avg rt = { 0 }, full = { 0 };
	uint64_t now = 1024 * UNIT, step;
	unsigned int i, skipped = 0, emptied = 0;
	bool running = false, was_empty;

	rt.last_update_time = full.last_update_time = now;
	for (i = 0; i < 20000; i++) {
		switch (rnd(8)) {
		case 0:
			step = rnd(1024); /* under a unit */
			break;
		case 1:
			step = (uint64_t)rnd(70000) * LOAD_AVG_PERIOD * UNIT *
			       32; /* enough to empty it */
			break;
		case 2:
			step = -(uint64_t)rnd(3 * UNIT); /* backwards */
			break;
		default:
			step = (uint64_t)rnd(5000) * UNIT + rnd(1024);
		}
		now += step;
		if (!rnd(50))
			running = !running;
		was_empty = !(rt.load_sum | rt.runnable_sum | rt.util_sum |
			      rt.load_avg | rt.runnable_avg | rt.util_avg);
		if (was_empty && !running) {
			skipped++;
			CU_ASSERT_EQUAL(
				update_rt_rq_load_avg(now, &rt, running), 0);
		} else {
			update_rt_rq_load_avg(now, &rt, running);
		}
		if (___update_load_sum(now, &full, running, running, running))
			___update_load_avg(&full, 1);
		CU_ASSERT(!memcmp(&rt, &full, sizeof(rt)));
		if (!was_empty &&
		    !(rt.load_sum | rt.runnable_sum | rt.util_sum |
		      rt.load_avg | rt.runnable_avg | rt.util_avg))
			emptied++;
	}
	/* both paths were taken, and the signal went back to empty */
	CU_ASSERT(skipped > 1000 && skipped < 19000);
	CU_ASSERT(emptied > 10);
}

/* ------------------------------------------------------- attach, detach */

/*
 * A queue 100 units into its period (divider 46818) takes an entity with
 * util_avg 300, runnable_avg 300, load_avg 512, weight 1024:
 *   util_sum 300 * 46818 = 14045400, runnable_sum the same,
 *   load_sum 512 * 46818 / 1024 = 23409,
 * and the queue gains the averages and sums (load_sum times the weight).
 * Detaching it gives the queue back.
 */
static void test_attach_detach(void)
{
	struct sched_avg cfs = { .last_update_time = 77 * PERIOD + 100 * UNIT,
				 .period_contrib = 100,
				 .load_avg = 1000,
				 .load_sum = 1000 * 46818,
				 .runnable_avg = 900,
				 .runnable_sum = 900 * 46818,
				 .util_avg = 700,
				 .util_sum = 700 * 46818 };
	struct sched_avg before = cfs;
	struct sched_avg se = { .last_update_time = 3,
				.period_contrib = 999,
				.util_avg = 300,
				.runnable_avg = 300,
				.load_avg = 512 };

	attach_entity_load_avg(&cfs, &se, 1024);
	CU_ASSERT_EQUAL(se.last_update_time, cfs.last_update_time);
	CU_ASSERT_EQUAL(se.period_contrib, 100);
	CU_ASSERT_EQUAL(se.util_sum, 14045400);
	CU_ASSERT_EQUAL(se.runnable_sum, 14045400);
	CU_ASSERT_EQUAL(se.load_sum, 23409);
	CU_ASSERT_EQUAL(cfs.load_avg, 1512);
	CU_ASSERT_EQUAL(cfs.load_sum, 1000 * 46818 + 1024 * 23409);
	CU_ASSERT_EQUAL(cfs.util_avg, 1000);
	CU_ASSERT_EQUAL(cfs.util_sum, 700 * 46818 + 14045400);
	CU_ASSERT_EQUAL(cfs.runnable_avg, 1200);
	CU_ASSERT_EQUAL(cfs.runnable_sum, 900 * 46818 + 14045400);

	detach_entity_load_avg(&cfs, &se, 1024);
	CU_ASSERT_EQUAL(cfs.load_avg, before.load_avg);
	CU_ASSERT_EQUAL(cfs.load_sum, before.load_sum);
	CU_ASSERT_EQUAL(cfs.util_avg, before.util_avg);
	CU_ASSERT_EQUAL(cfs.util_sum, before.util_sum);
	CU_ASSERT_EQUAL(cfs.runnable_avg, before.runnable_avg);
	CU_ASSERT_EQUAL(cfs.runnable_sum, before.runnable_sum);

	/* an entity whose load_avg * divider is below its weight: sum 1 */
	se = (struct sched_avg){ .load_avg = 0 };
	attach_entity_load_avg(&cfs, &se, 1024);
	CU_ASSERT_EQUAL(se.load_sum, 1);
}

/*
 * Detaching more than the queue holds stops at 0; a sum left below its
 * average times PELT_MIN_DIVIDER is raised to it: a queue with util_avg
 * 800, util_sum 800 * 46718 loses an entity of util_avg 300 and util_sum
 * 300 * 46818: 500 * 46718 - 30000 is raised to 500 * 46718 = 23359000.
 */
static void test_detach_clamps(void)
{
	struct sched_avg cfs = { .util_avg = 800, .util_sum = 800 * 46718 };
	struct sched_avg se = { .util_avg = 300, .util_sum = 300 * 46818 };
	struct sched_avg big = { .load_avg = 5000,
				 .load_sum = 5000,
				 .util_avg = 5000,
				 .util_sum = 5000,
				 .runnable_avg = 5000,
				 .runnable_sum = 5000 };

	detach_entity_load_avg(&cfs, &se, 1024);
	CU_ASSERT_EQUAL(cfs.util_avg, 500);
	CU_ASSERT_EQUAL(cfs.util_sum, 23359000);

	cfs = (struct sched_avg){ .load_avg = 10, .load_sum = 10 * 46718 };
	detach_entity_load_avg(&cfs, &big, 1024);
	CU_ASSERT_EQUAL(cfs.load_avg, 0);
	CU_ASSERT_EQUAL(cfs.load_sum, 0);
	CU_ASSERT_EQUAL(cfs.util_avg, 0);
	CU_ASSERT_EQUAL(cfs.util_sum, 0);
	CU_ASSERT_EQUAL(cfs.runnable_avg, 0);
	CU_ASSERT_EQUAL(cfs.runnable_sum, 0);
}

/*
 * A new task: full load; utilization its weight's share of the queue's,
 * at most half the capacity left.  Queue util 400, load 1023: 400 * 1024
 * / 1024 = 400, but (1024 - 400) / 2 = 312 caps it.  Queue util 100, load
 * 3071: 100 * 1024 / 3072 = 33.  An idle queue: half of 1024.  A full
 * one: nothing.
 */
static void test_new_task(void)
{
	struct sched_avg sa;
	struct sched_avg cfs = { .util_avg = 400, .load_avg = 1023 };

	init_entity_runnable_average(&sa, 1024);
	CU_ASSERT_EQUAL(sa.load_avg, 1024);
	CU_ASSERT_EQUAL(sa.util_avg, 0);
	CU_ASSERT_EQUAL(sa.last_update_time, 0);
	post_init_entity_util_avg(&sa, 1024, &cfs, 1024);
	CU_ASSERT_EQUAL(sa.util_avg, 312);
	CU_ASSERT_EQUAL(sa.runnable_avg, 312);

	cfs = (struct sched_avg){ .util_avg = 100, .load_avg = 3071 };
	init_entity_runnable_average(&sa, 1024);
	post_init_entity_util_avg(&sa, 1024, &cfs, 1024);
	CU_ASSERT_EQUAL(sa.util_avg, 33);

	cfs = (struct sched_avg){ 0 };
	init_entity_runnable_average(&sa, 1024);
	post_init_entity_util_avg(&sa, 1024, &cfs, 1024);
	CU_ASSERT_EQUAL(sa.util_avg, 512);

	cfs = (struct sched_avg){ .util_avg = 1024, .load_avg = 1024 };
	init_entity_runnable_average(&sa, 1024);
	post_init_entity_util_avg(&sa, 1024, &cfs, 1024);
	CU_ASSERT_EQUAL(sa.util_avg, 0);
}

/* ------------------------------------------- a task's 32-bit signal */

/* the largest and smallest weights a task has: nice -20, SCHED_IDLE */
#define W_MAX 88761UL
#define W_MIN 3UL

/* @ea widened is @sa, field by field */
static bool same_signal(const struct sched_entity_avg *ea,
			const struct sched_avg *sa)
{
	struct sched_avg w;

	sched_avg_widen(&w, ea);
	return w.last_update_time == sa->last_update_time &&
	       w.load_sum == sa->load_sum &&
	       w.runnable_sum == sa->runnable_sum &&
	       w.util_sum == sa->util_sum &&
	       w.period_contrib == sa->period_contrib &&
	       w.load_avg == sa->load_avg &&
	       w.runnable_avg == sa->runnable_avg && w.util_avg == sa->util_avg;
}

/* every value of @sa within struct sched_entity_avg's bounds */
static bool within_bounds(const struct sched_avg *sa)
{
	return sa->load_sum < 1420000000ULL &&
	       sa->runnable_sum <= (uint64_t)LOAD_AVG_MAX << 10 &&
	       sa->util_sum <= (uint32_t)LOAD_AVG_MAX << 10 &&
	       sa->period_contrib < 1024 && sa->load_avg <= 2700000000UL &&
	       sa->runnable_avg <= 1025 && sa->util_avg <= 1025;
}

/*
 * Narrowing holds each value beyond 32 bits at UINT32_MAX and keeps the
 * 64-bit clock; widening what was narrowed within range gives it back.
 */
static void test_narrow_round_trip(void)
{
	struct sched_avg sa = { .last_update_time = 5000000000000ULL,
				.load_sum = 47742,
				.runnable_sum = 47742ULL << 10,
				.util_sum = 47742U << 10,
				.period_contrib = 1023,
				.load_avg = 88761,
				.runnable_avg = 1024,
				.util_avg = 1024 };
	struct sched_entity_avg ea;

	sched_avg_narrow(&ea, &sa);
	CU_ASSERT(same_signal(&ea, &sa));
	CU_ASSERT_EQUAL(ea.last_update_time, 5000000000000ULL);

	sa.load_sum = 1ULL << 32;
	sa.runnable_sum = 5000000000ULL;
	sa.load_avg = (1UL << 32) + 7;
	sched_avg_narrow(&ea, &sa);
	CU_ASSERT_EQUAL(ea.load_sum, UINT32_MAX);
	CU_ASSERT_EQUAL(ea.runnable_sum, UINT32_MAX);
	CU_ASSERT_EQUAL(ea.load_avg, UINT32_MAX);
	CU_ASSERT_FALSE(same_signal(&ea, &sa));
}

/*
 * The bounds at their worst: a nice -20 task (load_avg 88761 from its
 * creation) made SCHED_IDLE (weight 3) before it first joins a queue
 * whose divider is the largest, LOAD_AVG_MAX - 1: its load_sum is 88761 *
 * 47741 / 3 = 1,412,531,767; made nice -20 again, a hog's first update
 * one period on gives a load_avg of 88761 times its decayed sum over the
 * divider, 2.57e9: both still below 2^32 and the same narrowed.  A hog's
 * signal at nice -20 then stays within LOAD_AVG_MAX for good.
 */
static void test_narrow_bounds(void)
{
	struct sched_avg cfs = { .last_update_time = PERIOD,
				 .period_contrib = 1023 };
	struct sched_avg sa;
	struct sched_entity_avg ea;
	uint64_t now = PERIOD;
	int i;

	init_entity_runnable_average(&sa, W_MAX);
	sched_avg_narrow(&ea, &sa);
	sched_avg_widen(&sa, &ea);
	attach_entity_load_avg(&cfs, &sa, W_MIN);
	CU_ASSERT_EQUAL(sa.load_sum, 88761ULL * 47741 / 3);
	CU_ASSERT(within_bounds(&sa));
	sched_avg_narrow(&ea, &sa);
	CU_ASSERT(same_signal(&ea, &sa));

	now += PERIOD;
	__update_load_avg_se(now, &sa, W_MAX, true, true, true);
	CU_ASSERT(sa.load_avg > 2500000000UL);
	CU_ASSERT(within_bounds(&sa));
	sched_avg_narrow(&ea, &sa);
	CU_ASSERT(same_signal(&ea, &sa));

	for (i = 0; i < 5000; i++) {
		now += PERIOD / 3;
		__update_load_avg_se(now, &sa, W_MAX, true, true, true);
		CU_ASSERT_FATAL(within_bounds(&sa));
	}
	CU_ASSERT(sa.load_sum <= LOAD_AVG_MAX);
	/* a sum may pass its divider by one: 88762 is seen */
	CU_ASSERT(sa.load_avg <= W_MAX + 1 && sa.load_avg > W_MAX - 100);
	CU_ASSERT(sa.util_avg > 1000 && sa.runnable_avg > 1000);
}

/*
 * Brute force: random tasks, each with a weight at creation and another
 * from its first enqueue on (the one weight change the bounds allow),
 * through random updates (delays of 0 to 8 periods, now and then a clock
 * that goes back), attaches with or without the new task's utilization,
 * and detaches, on a queue of their own.  Each step is done twice, on a
 * struct sched_avg and on the entity's 32-bit signal widened and narrowed
 * back, and the two must agree at every step, the queues too.
 */
static void test_narrow_brute_force(void)
{
	static const unsigned long weights[] = { W_MIN, 15, 1024, 3121, W_MAX };
	unsigned int trial, step;

	srand(1919);
	for (trial = 0; trial < 400; trial++) {
		unsigned long w0 = weights[rand() % 5], w = weights[rand() % 5];
		struct sched_avg sa, wide, cfs_a = { 0 }, cfs_b;
		struct sched_entity_avg ea;
		uint64_t now = PERIOD + (uint64_t)(rand() % 5000) * UNIT;
		bool attached = false;

		if (rand() % 3 == 0)
			w = (unsigned long)(15 + rand() % 88747);
		init_entity_runnable_average(&sa, w0);
		sched_avg_narrow(&ea, &sa);
		cfs_a.last_update_time = now;
		cfs_a.period_contrib = (uint32_t)(rand() % 1024);
		cfs_b = cfs_a;
		for (step = 0; step < 300; step++) {
			int op = rand() % 10;
			bool on = rand() % 4, run = on && rand() % 2;

			if (rand() % 50 == 0)
				now -= (uint64_t)(rand() % 3000);
			else
				now += (uint64_t)rand() % (8 * PERIOD);
			sched_avg_widen(&wide, &ea);
			if (!attached && op < 3) {
				if (step == 0 && rand() % 2) {
					post_init_entity_util_avg(&sa, w,
								  &cfs_a, 1024);
					post_init_entity_util_avg(&wide, w,
								  &cfs_b, 1024);
				}
				attach_entity_load_avg(&cfs_a, &sa, w);
				attach_entity_load_avg(&cfs_b, &wide, w);
				attached = true;
			} else if (attached && op == 3) {
				detach_entity_load_avg(&cfs_a, &sa, w);
				detach_entity_load_avg(&cfs_b, &wide, w);
				sa.last_update_time = 0;
				wide.last_update_time = 0;
				attached = false;
			} else if (attached) {
				__update_load_avg_se(now, &sa, w, on, on, run);
				__update_load_avg_se(now, &wide, w, on, on,
						     run);
				__update_load_avg_cfs_rq(now, &cfs_a, w * on,
							 on, run);
				__update_load_avg_cfs_rq(now, &cfs_b, w * on,
							 on, run);
			}
			sched_avg_narrow(&ea, &wide);
			CU_ASSERT_FATAL(within_bounds(&sa));
			CU_ASSERT_FATAL(same_signal(&ea, &sa));
			CU_ASSERT_FATAL(memcmp(&cfs_a, &cfs_b, sizeof(cfs_a)) ==
					0);
		}
	}
}

static CU_TestInfo decay_tests[] = {
	{ "y^n table: each entry recomputed", test_table },
	{ "LOAD_AVG_MAX: the fixed point of the series", test_load_avg_max },
	{ "decay_load worked by hand", test_decay_load },
	{ "the three segments worked by hand", test_segments },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo update_tests[] = {
	{ "one period decays by y", test_one_period },
	{ "a sum across a period boundary", test_across_boundary },
	{ "under a unit, and backwards", test_short_and_backwards },
	{ "avg = sum / (LOAD_AVG_MAX - 1024 + contrib)",
	  test_sum_avg_relation },
	{ "50% duty converges to ~512 as the float series", test_half_duty },
	{ "a hog reaches 1024", test_hog },
	{ "a queue of two hogs, then empty", test_cfs_rq_two_hogs },
	{ "RT pressure at 50%", test_rt_pressure },
	{ "RT: an empty signal's skipped update is the full one",
	  test_rt_empty_skip },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo attach_tests[] = {
	{ "attach then detach, worked by hand", test_attach_detach },
	{ "detach stops at 0 and keeps sum >= avg * min divider",
	  test_detach_clamps },
	{ "a new task's load and utilization", test_new_task },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo narrow_tests[] = {
	{ "narrowed and widened: equal in range, held at UINT32_MAX beyond",
	  test_narrow_round_trip },
	{ "a task's sums at their bounds stay below 2^32", test_narrow_bounds },
	{ "the 32-bit signal updates as the 64-bit one, at random",
	  test_narrow_brute_force },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/pelt/decay_load", decay_tests, NULL, NULL)
KTEST_SUITE("sched/pelt/___update_load_sum", update_tests, NULL, NULL)
KTEST_SUITE("sched/pelt/attach_entity_load_avg", attach_tests, NULL, NULL)
KTEST_SUITE("sched/pelt/sched_avg_narrow", narrow_tests, NULL, NULL)
