// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_fair.c - what cfs and eevdf share (sched/fair.c): the
 * weight tables, __calc_delta() worked by hand from the kernel's 32-bit
 * inverse arithmetic, the tunables' CPU factor, weights by policy, the
 * runqueue clock, balancing by load (worked cases), the custom slice
 * setter, and the tree snapshot.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "sched/class.h"
#include "sched/fair.h"
#include "sched/topology.h"
#include "sched/sched.h"
#include "sched/snapshot_json.h"
#include "tests/ktest.h"
#include "tests/report.h"
#include "tests/sched/sched_test.h"

/* ------------------------------------------------------------- weights */

static void test_weight_tables(void)
{
	unsigned int i;
	double ratio, exact;

	CU_ASSERT_EQUAL(sched_prio_to_weight[0], 88761UL); /* nice -20 */
	CU_ASSERT_EQUAL(sched_prio_to_weight[20], 1024UL); /* nice 0 */
	CU_ASSERT_EQUAL(sched_prio_to_weight[25], 335UL); /* nice 5 */
	CU_ASSERT_EQUAL(sched_prio_to_weight[39], 15UL); /* nice 19 */
	CU_ASSERT_EQUAL(sched_prio_to_wmult[20], 4194304U); /* 2^32/1024 */
	CU_ASSERT_EQUAL(sched_prio_to_wmult[25], 12820798U);
	for (i = 0; i < 40; i++) {
		/* each inverse is 2^32 / weight, give or take one */
		exact = 4294967296.0 / sched_prio_to_weight[i];
		CU_ASSERT(sched_prio_to_wmult[i] >= exact - 1 &&
			  sched_prio_to_wmult[i] <= exact + 1);
		/* each nice step is about 1.25x */
		if (i < 39) {
			ratio = (double)sched_prio_to_weight[i] /
				sched_prio_to_weight[i + 1];
			CU_ASSERT(ratio > 1.19 && ratio < 1.31);
		}
	}
}

/*
 * __calc_delta(delta, weight, lw) = (delta * (weight * inv >> s)) >> (32
 * - s): by hand, the product 1024 * inverse and the shift that keeps it in
 * 32 bits.
 *   nice 5: 1024 * 12820798 = 13128497152, 34 bits: >> 2 = 3282124288,
 *     1e6 * 3282124288 >> 30 = 3056716 (exactly 3056716.4)
 *   nice -3: 1024 * 2157191 = 2208963584, 32 bits:
 *     1e6 * 2208963584 >> 32 = 514314
 *   nice -20: 1024 * 48388 = 49549312: 1e6 * 49549312 >> 32 = 11536
 *   a sum 2048 (inverse 0xffffffff / 2048 = 2097151):
 *     6e6 * (1024 * 2097151) >> 32 = 2999998
 */
static void test_calc_delta(void)
{
	struct load_weight lw = { 2048, 0 };
	struct sched_entity se;

	memset(&se, 0, sizeof(se));
	se.load.weight = 1024;
	se.load.inv_weight = 4194304;
	CU_ASSERT_EQUAL(calc_delta_fair(1000000, &se), 1000000ULL);
	se.load.weight = 335;
	se.load.inv_weight = 12820798;
	CU_ASSERT_EQUAL(calc_delta_fair(1000000, &se), 3056716ULL);
	CU_ASSERT_EQUAL(calc_delta_fair(750000, &se), 2292537ULL);
	se.load.weight = 1991;
	se.load.inv_weight = 2157191;
	CU_ASSERT_EQUAL(calc_delta_fair(1000000, &se), 514314ULL);
	se.load.weight = 88761;
	se.load.inv_weight = 48388;
	CU_ASSERT_EQUAL(calc_delta_fair(1000000, &se), 11536ULL);
	/* an inverse computed on first use, and kept */
	CU_ASSERT_EQUAL(__calc_delta(6000000, 1024, &lw), 2999998ULL);
	CU_ASSERT_EQUAL(lw.inv_weight, 0xffffffffU / 2048);
	/* 6e6 * 1024 / 1359 and * 335 / 1359: two hogs' slices */
	lw.weight = 1359;
	lw.inv_weight = 0;
	CU_ASSERT_EQUAL(__calc_delta(6000000, 1024, &lw), 4520971ULL);
	CU_ASSERT_EQUAL(__calc_delta(6000000, 335, &lw), 1479028ULL);
	/* an empty sum divides by 1 / 0xffffffff, not by zero */
	lw.weight = 0;
	lw.inv_weight = 0;
	CU_ASSERT_EQUAL(__calc_delta(1000, 1024, &lw),
			(1000ULL * (1024ULL * 0xffffffffULL >> 10)) >> 22);
}

/* 1 + ilog2(min(ncpus, 8)): 1, 2, 2, 3, 3, 4, 4 */
static void test_sysctl_factor(void)
{
	static const struct {
		int cpus;
		unsigned int factor;
	} t[] = {
		{ 1, 1 }, { 2, 2 }, { 3, 2 },  { 4, 3 },
		{ 7, 3 }, { 8, 4 }, { 64, 4 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		CU_ASSERT_EQUAL(fair_update_sysctl(t[i].cpus), t[i].factor);
		CU_ASSERT_EQUAL(sysctl_sched_latency, 6000000U * t[i].factor);
		CU_ASSERT_EQUAL(sysctl_sched_min_granularity,
				750000U * t[i].factor);
		CU_ASSERT_EQUAL(sysctl_sched_wakeup_granularity,
				1000000U * t[i].factor);
		CU_ASSERT_EQUAL(sysctl_sched_base_slice, 700000U * t[i].factor);
		CU_ASSERT_EQUAL(sched_nr_latency, 8U);
		CU_ASSERT_EQUAL(sysctl_sched_idle_min_granularity, 750000U);
	}
	fair_update_sysctl(1);
}

static void test_load_weight_by_policy(void)
{
	struct task_struct p;

	memset(&p, 0, sizeof(p));
	p.static_prio = NICE_TO_PRIO(7);
	p.policy = SCHED_OTHER;
	set_load_weight(&p);
	CU_ASSERT_EQUAL(p.se.load.weight, 215UL);
	CU_ASSERT_EQUAL(p.se.load.inv_weight, 19976592U);
	p.policy = SCHED_BATCH;
	set_load_weight(&p);
	CU_ASSERT_EQUAL(p.se.load.weight, 215UL);
	p.policy = SCHED_IDLE;
	set_load_weight(&p);
	CU_ASSERT_EQUAL(p.se.load.weight, 3UL);
	CU_ASSERT_EQUAL(p.se.load.inv_weight, 1431655765U);
}

/* ------------------------------------------------------------- machines */

static void fair_up(int cpus, const struct sched_class *class)
{
	machine_up_class(cpus, 1000, class);
}

/* the runqueue clock is jiffies in ns; a running task is charged by it */
static void test_clock_and_run_time(void)
{
	struct task_struct *a;
	unsigned int i, k;

	for (k = 0; k < 2; k++) {
		fair_up(1, k ? &eevdf_sched_class : &cfs_sched_class);
		CU_ASSERT_EQUAL(TICK_NSEC, 1000000ULL);
		CU_ASSERT_EQUAL(rq_clock(cpu_rq(0)),
				(uint64_t)jiffies * 1000000ULL);
		a = new_task_on("a", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), a);
		for (i = 0; i < 7; i++)
			machine_tick();
		CU_ASSERT_EQUAL(a->se.sum_exec_runtime, 7000000ULL);
		CU_ASSERT_PTR_EQUAL(cpu_rq(0)->cfs.curr, &a->se);
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.nr_running, 1UL);
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.load.weight, 1024UL);
		SCHED_CHECK();
		machine_down();
	}
	kstruct_hz = 250;
	CU_ASSERT_EQUAL(TICK_NSEC, 4000000ULL);
	kstruct_hz = DEFAULT_HZ;
}

/*
 * One tick of run time, 10^6 ns, in virtual time by weight (the products
 * in test_calc_delta): nice 0 1000000, nice 5 3056716, nice -3 514314,
 * SCHED_BATCH as its nice level, SCHED_IDLE (3) 10^6 * 1024 / 3 =
 * 341333333 (1024 * 1431655765 >> 9, times 10^6, >> 23).
 */
static void test_vruntime_by_weight(void)
{
	static const struct {
		int nice, policy;
		uint64_t delta;
	} t[] = {
		{ 0, SCHED_OTHER, 1000000 },  { 5, SCHED_OTHER, 3056716 },
		{ -3, SCHED_OTHER, 514314 },  { 5, SCHED_BATCH, 3056716 },
		{ 0, SCHED_IDLE, 341333333 },
	};
	struct task_struct *p;
	unsigned int i, k;
	uint64_t v;

	for (k = 0; k < 2; k++) {
		for (i = 0; i < ARRAY_SIZE(t); i++) {
			fair_up(1, k ? &eevdf_sched_class : &cfs_sched_class);
			p = sched_new_task("p", t[i].nice, t[i].policy, 0);
			CU_ASSERT_PTR_NOT_NULL_FATAL(p);
			CU_ASSERT_EQUAL(wake_up_forked_process(p, 0), 0);
			CU_ASSERT_PTR_EQUAL(schedule(0), p);
			v = p->se.vruntime;
			machine_tick();
			CU_ASSERT_EQUAL(p->se.vruntime - v, t[i].delta);
			CU_ASSERT_EQUAL(p->se.sum_exec_runtime, 1000000ULL);
			/* alone: min_vruntime follows it */
			CU_ASSERT_EQUAL(cpu_rq(0)->cfs.min_vruntime,
					p->se.vruntime);
			machine_down();
		}
	}
}

/*
 * SCHED_IDLE's weight, 3, against nice 0's 1024: over 20000 ticks on one
 * CPU the idle hog runs 20000 * 3 / 1027 = 58.4 ticks.  Its vruntime
 * grows 341333333 a tick and the nice-0 hog's 10^6, so every tick it
 * runs puts it 341 nice-0 ticks ahead: it runs in one-tick turns, and
 * the count is 58 or 59 but for the turn under way at either end.
 */
static void test_idle_share(void)
{
	struct task_struct *a, *i;
	int k, t, ran_i;

	for (k = 0; k < 2; k++) {
		fair_up(1, k ? &eevdf_sched_class : &cfs_sched_class);
		a = new_task_on("a", 0, 0);
		i = sched_new_task("i", 0, SCHED_IDLE, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(i);
		CU_ASSERT_EQUAL(wake_up_forked_process(i, 0), 0);
		schedule(0);
		for (t = ran_i = 0; t < 20000; t++) {
			ran_i += cpu_curr(0) == i;
			CU_ASSERT_FATAL(cpu_curr(0) == a || cpu_curr(0) == i);
			machine_tick();
		}
		CU_ASSERT(ran_i >= 57 && ran_i <= 60);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * 6.x balancing on a flat MC domain of 2 CPUs (HZ 1000: min_interval 2
 * ms, busy_factor 16, so a busy CPU balances every 2 * 16 - 1 = 31
 * jiffies, an idle one every 2), each case worked from the kernels' rules
 * with new tasks' PELT signals (util 754 for the first task on a CPU, so a
 * CPU running one new task still has spare capacity: 754 * 117 < 1024 *
 * 100):
 *
 *  - idle CPU 1 against CPU 0 with three: CPU 1 has spare, CPU 0 has
 *    more tasks than CPUs, so migrate_task, half the difference: 3 >> 1 =
 *    1 task; the next balance is not due before its interval;
 *  - busy CPU 1 running one, against three: 6.1 takes half the
 *    difference too, (3 - 1) >> 1 = 1; 6.12's sibling_imbalance() moves
 *    nothing for a CPU that is not idle;
 *  - busy, one against two: (2 - 1) >> 1 = 0, nothing under either.
 */
static void test_load_balance_worked(void)
{
	int i, k;

	for (k = 0; k < 2; k++) {
		fair_up(2, k ? &eevdf_sched_class : &cfs_sched_class);
		for (i = 0; i < 3; i++)
			new_task_on("a", 0, 0);
		schedule(0);
		age_jiffies(2);
		CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 1), 1);
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.nr_running, 2UL);
		CU_ASSERT_EQUAL(cpu_rq(1)->cfs.nr_running, 1UL);
		CU_ASSERT_EQUAL(cpu_rq(1)->cfs.nr_pulled, 1UL);
		/* not due again yet */
		CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 1), 0);
		SCHED_CHECK();
		machine_down();

		fair_up(2, k ? &eevdf_sched_class : &cfs_sched_class);
		three_on_0_one_on_1();
		age_jiffies(31);
		CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 0),
				k ? 0 : 1);
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.nr_running, k ? 3UL : 2UL);
		SCHED_CHECK();
		machine_down();

		fair_up(2, k ? &eevdf_sched_class : &cfs_sched_class);
		for (i = 0; i < 2; i++)
			new_task_on("a", 0, 0);
		schedule(0);
		new_task_on("b", 0, 1);
		schedule(1);
		age_jiffies(31);
		CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 0), 0);
		CU_ASSERT_EQUAL(cpu_rq(1)->cfs.nr_running, 1UL);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * Running, pinned and cache-hot tasks stay.  Idle CPU 1 against CPU 0's
 * three: a task that ran this very tick is hot, and stays while the
 * failed balances are no more than the domain's cache_nice_tries; the
 * next takes it anyway.  With every task pinned to CPU 0 nothing moves;
 * once more than cache_nice_tries + 2 balances failed (migrate_task),
 * active balance is due, but the running task is pinned too: the
 * kernel's out_one_pinned, which doubles the interval (2 ms to 4); once
 * that is up, the running task, now allowed on CPU 1, is pushed there by
 * CPU 0's migration thread.
 */
static void test_load_balance_skips(void)
{
	const struct sched_domain *sd;
	struct task_struct *t[3], *curr;
	unsigned int tries;
	int i, n;

	fair_up(2, &cfs_sched_class);
	sd = &fair_topology()->sd[1][0];
	tries = sd->cache_nice_tries;
	for (i = 0; i < 3; i++)
		t[i] = new_task_on("a", 0, 0);
	curr = schedule(0);
	for (n = 0; n <= (int)tries + 1; n++) {
		age_jiffies(2);
		/* cache-hot: the waiting ones ran this tick */
		for (i = 0; i < 3; i++)
			if (t[i] != curr)
				t[i]->se.exec_start = rq_clock(cpu_rq(0));
		CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 1),
				n > (int)tries ? 1 : 0);
	}
	CU_ASSERT_EQUAL(task_cpu(curr), 0);
	SCHED_CHECK();
	machine_down();

	fair_up(2, &cfs_sched_class);
	for (i = 0; i < 3; i++) {
		t[i] = new_task_on("a", 0, 0);
		CU_ASSERT_EQUAL(set_cpus_allowed(t[i], 1), 0);
	}
	curr = schedule(0);
	for (n = 0; n <= (int)tries + 2; n++) {
		age_jiffies(2);
		CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 1), 0);
	}
	for (i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(task_cpu(t[i]), 0);
	CU_ASSERT_EQUAL(set_cpus_allowed(curr, 3), 0);
	age_jiffies(3);
	/* not due: the interval doubled */
	CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 1), 0);
	CU_ASSERT_EQUAL(task_cpu(curr), 0);
	age_jiffies(1);
	CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 1), 0);
	CU_ASSERT_EQUAL(task_cpu(curr), 1);
	CU_ASSERT_PTR_NOT_EQUAL(cpu_curr(0), curr);
	/*
	 * The push reset CPU 1's failed balances to 0, as 6.x's
	 * active_load_balance_cpu_stop() does once it moved a task (not to
	 * cache_nice_tries + 1, as kernels before 5.10 did): back on CPU 0
	 * with the others free to go, hot tasks stay at the next balance.
	 */
	CU_ASSERT_EQUAL(set_cpus_allowed(curr, 1), 0);
	CU_ASSERT_EQUAL(task_cpu(curr), 0);
	for (i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(set_cpus_allowed(t[i], 3), 0);
	curr = cpu_curr(0);
	age_jiffies(2);
	for (i = 0; i < 3; i++)
		if (t[i] != curr)
			t[i]->se.exec_start = rq_clock(cpu_rq(0));
	CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 1), 0);
	for (i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(task_cpu(t[i]), 0);
	SCHED_CHECK();
	machine_down();
}

/*
 * LB_MIN is off in 6.1 and 6.12: a task of tiny load (under 16) moves at
 * the first balance like any other.  CPU 0 runs six nice-0 tasks and one
 * SCHED_IDLE task (weight 3, so load 3), CPU 1 four nice-0 tasks, every
 * nice-0 one pinned to its CPU.  Both are overloaded, 6147 > 117% of
 * 4096, so migrate_load: the average is 10243 / 2 = 5121, the imbalance
 * min(6147 - 5121, 5121 - 4096) = 1025; only the SCHED_IDLE task may
 * go, and its 3 fits: busy CPU 1 pulls it with no failed balance behind
 * it (LB_MIN would have kept it until one failed).
 */
static void test_load_balance_tiny_load(void)
{
	struct task_struct *p, *idle_task;
	int i, k;

	for (k = 0; k < 2; k++) {
		fair_up(2, k ? &eevdf_sched_class : &cfs_sched_class);
		idle_task = sched_new_task("i", 0, SCHED_IDLE, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(idle_task);
		CU_ASSERT_EQUAL(wake_up_forked_process(idle_task, 0), 0);
		for (i = 0; i < 10; i++) {
			p = new_task_on("a", 0, i < 6 ? 0 : 1);
			CU_ASSERT_EQUAL(set_cpus_allowed(p, i < 6 ? 1 : 2), 0);
		}
		schedule(0);
		schedule(1);
		CU_ASSERT_EQUAL(idle_task->se.avg.load_avg, 3UL);
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.avg.load_avg, 6147UL);
		CU_ASSERT_EQUAL(cpu_rq(1)->cfs.avg.load_avg, 4096UL);
		age_jiffies(31);
		CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 0), 1);
		CU_ASSERT_EQUAL(task_cpu(idle_task), 1);
		SCHED_CHECK();
		machine_down();
	}
}

/* ---------------------------------------------------------- custom slice */

static void test_custom_slice(void)
{
	struct task_struct *a, *c, *r;

	fair_up(1, &eevdf_sched_class);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(a->se.custom_slice, 0U);
	CU_ASSERT_EQUAL(a->se.slice, 700000ULL);
	CU_ASSERT_EQUAL(sched_set_custom_slice(a, 2000000), 0);
	CU_ASSERT_EQUAL(a->se.custom_slice, 1U);
	CU_ASSERT_EQUAL(a->se.slice, 2000000ULL);
	CU_ASSERT_PTR_EQUAL(cpu_rq(0)->cfs.curr, &a->se);
	/*
	 * requeued at once, it keeps the request it had (PLACE_REL_DEADLINE:
	 * the first, half a base slice); the next is 2 ms
	 */
	CU_ASSERT_EQUAL(a->se.deadline - a->se.vruntime, 350000ULL);
	machine_tick();
	CU_ASSERT_EQUAL(a->se.deadline - a->se.vruntime, 2000000ULL);
	SCHED_CHECK();
	/* clamped to 0.1 .. 100 ms */
	CU_ASSERT_EQUAL(sched_set_custom_slice(a, 50000), 0);
	CU_ASSERT_EQUAL(a->se.slice, 100000ULL);
	CU_ASSERT_EQUAL(sched_set_custom_slice(a, 500000000ULL), 0);
	CU_ASSERT_EQUAL(a->se.slice, 100000000ULL);
	/* beyond the 32 bits the slice is kept in: held at 100 ms first */
	CU_ASSERT_EQUAL(sched_set_custom_slice(a, (1ULL << 32) + 5), 0);
	CU_ASSERT_EQUAL(a->se.slice, 100000000ULL);
	/* a fork copies it */
	CU_ASSERT_EQUAL(do_fork(a, SIGCHLD, "c", &c), 0);
	CU_ASSERT_EQUAL(c->se.custom_slice, 1U);
	CU_ASSERT_EQUAL(c->se.slice, 100000000ULL);
	CU_ASSERT_EQUAL(wake_up_forked_process(c, 0), 0);
	/* 0 is the default again */
	CU_ASSERT_EQUAL(sched_set_custom_slice(a, 0), 0);
	CU_ASSERT_EQUAL(a->se.custom_slice, 0U);
	CU_ASSERT_EQUAL(a->se.slice, 700000ULL);
	/* real-time tasks and idle tasks have none */
	r = sched_new_task("r", 0, SCHED_RR, 3);
	CU_ASSERT_EQUAL(sched_set_custom_slice(r, 1000000), -EINVAL);
	CU_ASSERT_EQUAL(sched_set_custom_slice(cpu_rq(0)->idle, 1000000),
			-EINVAL);
	SCHED_CHECK();
	machine_down();

	/* under o1 it is kept, and changes nothing */
	machine_up(1);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_EQUAL(sched_set_custom_slice(a, 3000000), 0);
	CU_ASSERT_EQUAL(a->se.slice, 3000000ULL);
	CU_ASSERT_EQUAL(a->time_slice, 151U);
	SCHED_CHECK();
	machine_down();
}

/* ------------------------------------------------------------ snapshot */

static json_t *tree_root(json_t *snap)
{
	return json_object_get(
		json_array_get(json_object_get(snap, "queues"), 1), "root");
}

/* count the nodes of a snapshot's subtree; check it is in vruntime order */
static int count_nodes(json_t *node, long long *last, int *ordered)
{
	long long v;
	int n;

	if (json_is_null(node))
		return 0;
	n = count_nodes(json_object_get(node, "left"), last, ordered);
	v = json_integer_value(json_object_get(node, "vruntime"));
	if ((long long)((unsigned long long)v - (unsigned long long)*last) < 0)
		*ordered = 0;
	*last = v;
	return n + 1 +
	       count_nodes(json_object_get(node, "right"), last, ordered);
}

static void test_snapshot_tree(void)
{
	json_t *snap, *q, *root;
	long long last;
	int i, k, ordered;

	for (k = 0; k < 2; k++) {
		fair_up(1, k ? &eevdf_sched_class : &cfs_sched_class);
		for (i = 0; i < 9; i++)
			new_task_on("t", i - 4, 0);
		schedule(0);
		for (i = 0; i < 30; i++)
			machine_tick();
		snap = sched_cpu_json(0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(snap);
		q = json_array_get(json_object_get(snap, "queues"), 1);
		CU_ASSERT_STRING_EQUAL(
			json_string_value(json_object_get(q, "class")),
			k ? "eevdf" : "cfs");
		CU_ASSERT_STRING_EQUAL(
			json_string_value(json_object_get(q, "kind")),
			"rbtree");
		CU_ASSERT_EQUAL(
			json_integer_value(json_object_get(q, "nr_running")),
			9);
		CU_ASSERT_FALSE(json_is_null(json_object_get(q, "curr")));
		root = tree_root(snap);
		CU_ASSERT_STRING_EQUAL(
			json_string_value(json_object_get(root, "color")),
			"black");
		last = json_integer_value(json_object_get(q, "min_vruntime")) -
		       1000000000LL;
		ordered = 1;
		CU_ASSERT_EQUAL(count_nodes(root, &last, &ordered), 8);
		CU_ASSERT(ordered);
		CU_ASSERT_EQUAL(
			json_is_integer(json_object_get(root, "deadline")), k);
		CU_ASSERT_EQUAL(
			json_is_integer(json_object_get(q, "avg_vruntime")), k);
		CU_ASSERT(json_is_boolean(json_object_get(root, "eligible")) ==
			  (k == 1));
		json_decref(snap);
		machine_down();
	}
}

/*
 * cfs's and eevdf's rq_check hook reports through sched_check(), naming
 * this file's line and the class: a load that does not add up,
 * min_vruntime gone back, eevdf's avg_vruntime not the tree's sum
 */
static void test_rq_check_fair_reports(void)
{
	const struct sched_class *class;
	struct cfs_rq *cfs_rq;
	char want[128];
	unsigned int k;

	for (k = 0; k < 2; k++) {
		class = k ? &eevdf_sched_class : &cfs_sched_class;
		fair_up(1, class);
		cfs_rq = &cpu_rq(0)->cfs;
		new_task_on("a", 0, 0);
		new_task_on("b", 5, 0); /* weights 1024 + 335 */
		SCHED_CHECK();
		cfs_rq->load.weight++;
		snprintf(
			want, sizeof(want),
			": %s: cpu 0: group /: nr_running 2 load 1360 idle 0 h_nr_running 2, counted 2 1359 0 2",
			class->name);
		EXPECT_CHECK_FAILS(sched_check(), "sched_check");
		expect_detail(want);
		cfs_rq->load.weight--;
		cfs_rq->min_vruntime -= 1000;
		snprintf(
			want, sizeof(want),
			": %s: cpu 0: group /: min_vruntime went back from %llu to %llu",
			class->name,
			(unsigned long long)cfs_rq->min_vruntime + 1000,
			(unsigned long long)cfs_rq->min_vruntime);
		EXPECT_CHECK_FAILS(sched_check(), "sched_check");
		expect_detail(want);
		cfs_rq->min_vruntime += 1000;
		if (k) {
			cfs_rq->avg_vruntime++;
			EXPECT_CHECK_FAILS(sched_check(), "sched_check");
			expect_detail(
				": eevdf: cpu 0: group /: avg_vruntime 1 avg_load 1359, the tree sums 0 1359");
			cfs_rq->avg_vruntime--;
		}
		SCHED_CHECK();
		machine_down();
	}
}

static CU_TestInfo rq_check_tests[] = {
	{ "rq_check reports load, min_vruntime and avg_vruntime",
	  test_rq_check_fair_reports },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo weight_tests[] = {
	{ "the weight and inverse tables", test_weight_tables },
	{ "__calc_delta by hand", test_calc_delta },
	{ "tunables scale with 1 + ilog2(min(ncpus, 8))", test_sysctl_factor },
	{ "weights by policy", test_load_weight_by_policy },
	{ "clock in ns, run time charged by it", test_clock_and_run_time },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo curr_tests[] = {
	{ "a tick in virtual time by weight", test_vruntime_by_weight },
	{ "SCHED_IDLE's share, 3 : 1024", test_idle_share },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo balance_tests[] = {
	{ "worked cases", test_load_balance_worked },
	{ "running, pinned, cache-hot stay; active balance",
	  test_load_balance_skips },
	{ "a tiny load moves at once: LB_MIN is off",
	  test_load_balance_tiny_load },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo slice_tests[] = {
	{ "set, clamp, fork, reset, refuse", test_custom_slice },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo snapshot_tests[] = {
	{ "the tree, in order, with colours", test_snapshot_tree },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/fair/calc_delta_fair", weight_tests, NULL, NULL)
KTEST_SUITE("sched/fair/update_curr", curr_tests, NULL, NULL)
KTEST_SUITE("sched/fair/load_balance_fair", balance_tests, NULL, NULL)
KTEST_SUITE("sched/fair/sched_set_custom_slice", slice_tests, NULL, NULL)
KTEST_SUITE("sched/fair/snapshot_fair", snapshot_tests, NULL, NULL)
KTEST_SUITE("sched/fair/rq_check", rq_check_tests, report_suite_init,
	    report_suite_cleanup)
