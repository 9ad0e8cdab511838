// SPDX-License-Identifier: MIT
/*
 * tests/sim/test_report.c - the report's arithmetic (sim/report.c) against
 * hand computations: nearest-rank percentiles, Jain's index, merged
 * latencies (against a brute-force sort), task groups (share, fairness,
 * response, turnaround), the scheduler's cost, and the text, JSON and
 * CSV outputs: JSON that parses and gives back every figure exactly, CSV
 * that an RFC 4180 reader splits back into the same fields, names that
 * need escaping, and write errors.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "sim/report.h"
#include "sim/workload.h"
#include "tests/faults.h"
#include "tests/ktest.h"

static void test_percentile_by_hand(void)
{
	static const unsigned int ten[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	static const unsigned int five[] = { 3, 3, 7, 8, 20 };
	static const unsigned int one[] = { 42 };
	unsigned int hundred[100], i;

	/* rank = ceil(pct * n / 100) */
	CU_ASSERT_EQUAL(sim_percentile(ten, 10, 50), 5);
	CU_ASSERT_EQUAL(sim_percentile(ten, 10, 99), 10);
	CU_ASSERT_EQUAL(sim_percentile(ten, 10, 1), 1);
	CU_ASSERT_EQUAL(sim_percentile(ten, 10, 100), 10);
	CU_ASSERT_EQUAL(sim_percentile(ten, 10, 51), 6);
	CU_ASSERT_EQUAL(sim_percentile(five, 5, 50), 7); /* rank 3 */
	CU_ASSERT_EQUAL(sim_percentile(five, 5, 40), 3); /* rank 2 */
	CU_ASSERT_EQUAL(sim_percentile(five, 5, 99), 20); /* rank 5 */
	CU_ASSERT_EQUAL(sim_percentile(one, 1, 50), 42);
	CU_ASSERT_EQUAL(sim_percentile(one, 1, 99), 42);
	CU_ASSERT_EQUAL(sim_percentile(NULL, 0, 50), 0);
	for (i = 0; i < 100; i++)
		hundred[i] = i * 10;
	CU_ASSERT_EQUAL(sim_percentile(hundred, 100, 99), 980); /* rank 99 */
	CU_ASSERT_EQUAL(sim_percentile(hundred, 100, 50), 490); /* rank 50 */
}

static void test_jain_by_hand(void)
{
	static const double equal[] = { 5, 5, 5, 5 };
	static const double one_gets_all[] = { 1, 0, 0, 0 };
	static const double ramp[] = { 1, 2, 3 };
	static const double zeros[] = { 0, 0 };
	static const double half[] = { 10, 30 };

	CU_ASSERT_DOUBLE_EQUAL(sim_jain_index(equal, 4), 1.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(sim_jain_index(one_gets_all, 4), 0.25, 1e-12);
	/* (1+2+3)^2 / (3 * (1+4+9)) = 36 / 42 */
	CU_ASSERT_DOUBLE_EQUAL(sim_jain_index(ramp, 3), 36.0 / 42, 1e-12);
	/* 40^2 / (2 * (100 + 900)) = 0.8 */
	CU_ASSERT_DOUBLE_EQUAL(sim_jain_index(half, 2), 0.8, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(sim_jain_index(zeros, 2), 1.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(sim_jain_index(NULL, 0), 1.0, 1e-12);
}

static void test_latency_growth_and_failure(void)
{
	struct sim_task_stats ts;
	long live = kmalloc_live();
	unsigned int i, ok = 1;

	memset(&ts, 0, sizeof(ts));
	/* the first SIM_LATENCY_INLINE live in the record: no allocation */
	for (i = 0; i < SIM_LATENCY_INLINE; i++)
		CU_ASSERT_EQUAL(sim_latency_add(&ts, 100 - i), 0);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT_PTR_EQUAL(sim_task_latencies(&ts), ts.latency_inline);
	/* the next moves them to an array of 8: fail that allocation */
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(sim_latency_add(&ts, 100 - i), -ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(ts.nr_latency, SIM_LATENCY_INLINE);
	for (i = 0; i < SIM_LATENCY_INLINE; i++)
		ok &= sim_task_latencies(&ts)[i] == 100 - i;
	CU_ASSERT(ok);
	for (; i < 8; i++)
		CU_ASSERT_EQUAL(sim_latency_add(&ts, 100 - i), 0);
	CU_ASSERT_EQUAL(ts.nr_latency, 8);
	CU_ASSERT_EQUAL(kmalloc_live(), live + 1);
	CU_ASSERT_PTR_EQUAL(sim_task_latencies(&ts), ts.latency);
	/* the ninth needs a bigger array: fail that allocation */
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(sim_latency_add(&ts, 7), -ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(ts.nr_latency, 8);
	for (i = 0; i < 8; i++)
		ok &= sim_task_latencies(&ts)[i] == 100 - i;
	CU_ASSERT(ok);
	CU_ASSERT_EQUAL(sim_latency_add(&ts, 7), 0);
	CU_ASSERT_EQUAL(ts.nr_latency, 9);
	for (i = 0; i < 8; i++)
		ok &= sim_task_latencies(&ts)[i] == 100 - i;
	CU_ASSERT(ok && sim_task_latencies(&ts)[8] == 7);
	CU_ASSERT_EQUAL(kmalloc_live(), live + 1);
	sim_task_stats_release(&ts);
	CU_ASSERT_EQUAL(ts.nr_latency, 0);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/*
 * A hand-made run of 300 ticks on 2 CPUs (600 CPU ticks):
 *
 *   task  group  created  runtime  response  exited at  latencies
 *   hog-0 hog    0        100      0         -          -
 *   hog-1 hog    0        100      4         -          3
 *   hog-2 hog    0        100      8         -          -
 *   hog-3 hog    200 (f)  5        20        260        -
 *   ed-0  ed     0        10       1         -          1 2 9 (unsorted)
 *   ed-1  ed     0        30       2         150        5
 *   rt    rt     0        50       0         -          -   (FIFO 9)
 *   ed-2  ed     not created (pid 0)
 */
#define NR_FIX 8

struct fixture {
	struct sim_workload wl;
	struct sim_task_desc desc[3];
	struct sim_task_stats st[NR_FIX];
	struct sim_task_stats *block; /* the report's one block: st */
	struct sim_report r;
};

static void make_fixture(struct fixture *f, unsigned int hz)
{
	static const unsigned long long runtime[NR_FIX] = { 100, 100, 100, 5,
							    10,	 30,  50,  0 };
	static const unsigned int response[NR_FIX] = { 0, 4, 8, 20,
						       1, 2, 0, SIM_NEVER_RAN };
	static const unsigned int desc[NR_FIX] = { 0, 0, 0, 0, 1, 1, 2, 1 };
	static const unsigned int instance[NR_FIX] = { 0, 1, 2, 3, 0, 1, 0, 2 };
	unsigned int i;

	memset(f, 0, sizeof(*f));
	snprintf(f->desc[0].name, SIM_NAME_LEN, "hog");
	snprintf(f->desc[1].name, SIM_NAME_LEN, "ed");
	snprintf(f->desc[2].name, SIM_NAME_LEN, "rt");
	f->desc[0].instances = 3;
	f->desc[1].instances = 3;
	f->desc[2].instances = 1;
	f->desc[2].policy = SCHED_FIFO;
	f->desc[2].priority = 9;
	f->wl.nr_tasks = 3;
	f->wl.tasks = f->desc;
	snprintf(f->wl.name, sizeof(f->wl.name), "fixture");
	for (i = 0; i < NR_FIX; i++) {
		f->st[i].instance = instance[i];
		f->st[i].pid = i + 2;
		f->st[i].desc = desc[i];
		f->st[i].runtime = runtime[i];
		f->st[i].response = response[i];
		f->st[i].wait = 300 - runtime[i];
		f->st[i].switches = i;
	}
	f->st[3].forked = 1;
	f->st[3].created = 200;
	f->st[3].exited = 1;
	f->st[3].turnaround = 60;
	f->st[5].exited = 1;
	f->st[5].turnaround = 150;
	f->st[4].bonus_sum = 10; /* 4 switch-ins: a mean bonus of 2.5 */
	f->st[6].policy = SCHED_FIFO;
	f->st[6].priority = 9;
	f->st[7].pid = 0;
	f->st[7].created = 400;
	f->r.workload = "fixture";
	f->r.hz = hz;
	f->r.nr_cpus = 2;
	f->r.ticks = 300;
	f->block = f->st;
	sim_report_use_array(&f->r, &f->block, NR_FIX);
	f->r.cpus[0].busy = 300;
	f->r.cpus[0].switches = 7;
	f->r.cpus[1].busy = 95;
	f->r.cpus[1].switches = 5;
	f->r.nr_counters = sched_counters(&o1_sched_class, f->r.counters);
	f->r.cpus[1].counters[0] = 4; /* array_switches */
	f->r.cpus[1].counters[1] = 2; /* pulled */
	f->st[1].migrations = 3;
	f->st[4].migrations = 1;
	f->st[1].wakeups = 1;
	f->st[4].wakeups = 3;
	f->st[5].wakeups = 2; /* one of them never got the CPU back */
	CU_ASSERT_EQUAL(sim_latency_add(&f->st[1], 3), 0);
	CU_ASSERT_EQUAL(sim_latency_add(&f->st[4], 9), 0);
	CU_ASSERT_EQUAL(sim_latency_add(&f->st[4], 1), 0);
	CU_ASSERT_EQUAL(sim_latency_add(&f->st[4], 2), 0);
	CU_ASSERT_EQUAL(sim_latency_add(&f->st[5], 5), 0);
}

static void release_fixture(struct fixture *f)
{
	unsigned int i;

	for (i = 0; i < NR_FIX; i++)
		sim_task_stats_release(&f->st[i]);
}

static void test_groups_by_hand(void)
{
	struct sim_group g[3];
	struct fixture f;
	/* CPU rates: runtime / ticks alive */
	double hog[4] = { 100.0 / 300, 100.0 / 300, 100.0 / 300, 5.0 / 60 };
	double ed[2] = { 10.0 / 300, 30.0 / 150 };

	make_fixture(&f, 1000);
	sim_report_finish(&f.r);
	CU_ASSERT_EQUAL_FATAL(sim_report_groups(&f.r, 3, g), 3);

	CU_ASSERT_EQUAL(g[0].desc, 0);
	CU_ASSERT_EQUAL(g[0].tasks, 4);
	CU_ASSERT_EQUAL(g[0].exited, 1);
	CU_ASSERT_EQUAL(g[0].runtime, 305);
	CU_ASSERT_DOUBLE_EQUAL(g[0].share, 305.0 / 600, 1e-12);
	/* (3/3 + 1/12)^2 / (4 * (3/9 + 1/144)) = (13/12)^2 / (4 * 49/144) */
	CU_ASSERT_DOUBLE_EQUAL(g[0].jain, 169.0 / 196, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(g[0].jain, sim_jain_index(hog, 4), 1e-12);
	CU_ASSERT_EQUAL(g[0].jain_tasks, 4);
	CU_ASSERT_EQUAL(g[0].ran, 4);
	CU_ASSERT_DOUBLE_EQUAL(g[0].response_mean, 32.0 / 4, 1e-12);
	CU_ASSERT_EQUAL(g[0].response_max, 20);
	CU_ASSERT_DOUBLE_EQUAL(g[0].turnaround_mean, 60, 1e-12);
	CU_ASSERT_EQUAL(g[0].latency.n, 1);
	CU_ASSERT_EQUAL(g[0].latency.max, 3);

	/* the not-created ed-2 is no member */
	CU_ASSERT_EQUAL(g[1].desc, 1);
	CU_ASSERT_EQUAL(g[1].tasks, 2);
	CU_ASSERT_DOUBLE_EQUAL(g[1].share, 40.0 / 600, 1e-12);
	/* rates 1/30 and 1/5: (7/30)^2 / (2 * (1/900 + 36/900)) = 49/74 */
	CU_ASSERT_DOUBLE_EQUAL(g[1].jain, 49.0 / 74, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(g[1].jain, sim_jain_index(ed, 2), 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(g[1].response_mean, 1.5, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(g[1].turnaround_mean, 150, 1e-12);
	/* latencies 1 2 5 9: p50 rank 2, p99 rank 4 */
	CU_ASSERT_EQUAL(g[1].latency.n, 4);
	CU_ASSERT_EQUAL(g[1].latency.p50, 2);
	CU_ASSERT_EQUAL(g[1].latency.p99, 9);
	CU_ASSERT_EQUAL(g[1].latency.max, 9);

	CU_ASSERT_EQUAL(g[2].tasks, 1);
	CU_ASSERT_DOUBLE_EQUAL(g[2].jain, 1.0, 1e-12);
	CU_ASSERT_EQUAL(g[2].exited, 0);
	CU_ASSERT_EQUAL(g[2].latency.n, 0);

	/* a group none of whose tasks exists is left out */
	f.st[6].pid = 0;
	CU_ASSERT_EQUAL(sim_report_groups(&f.r, 3, g), 2);
	CU_ASSERT_EQUAL(g[1].desc, 1);
	release_fixture(&f);
}

static void test_totals_by_hand(void)
{
	struct sim_totals tot;
	struct fixture f;

	make_fixture(&f, 1000);
	sim_report_finish(&f.r);
	CU_ASSERT_EQUAL(sim_report_totals(&f.r, &tot), 0);
	CU_ASSERT_EQUAL(tot.switches, 12);
	CU_ASSERT_EQUAL(tot.migrations, 4);
	CU_ASSERT_EQUAL(tot.wakeups, 6);
	/* 1 2 3 5 9: p50 rank 3, p99 rank 5 */
	CU_ASSERT_EQUAL(tot.latency.n, 5);
	CU_ASSERT_EQUAL(tot.latency.p50, 3);
	CU_ASSERT_EQUAL(tot.latency.p99, 9);
	CU_ASSERT_EQUAL(tot.latency.max, 9);
	release_fixture(&f);
}

static void test_finish_sorts_latencies(void)
{
	static const unsigned int lat[] = { 9, 1, 5, 3, 7, 2, 8, 4, 6, 10 };
	struct fixture f;
	unsigned int i;

	make_fixture(&f, 1000);
	sim_task_stats_release(&f.st[4]);
	for (i = 0; i < 10; i++)
		CU_ASSERT_EQUAL(sim_latency_add(&f.st[4], lat[i]), 0);
	sim_report_finish(&f.r);
	CU_ASSERT_EQUAL(sim_task_latency(&f.st[4], 50), 5);
	CU_ASSERT_EQUAL(sim_task_latency(&f.st[4], 99), 10);
	CU_ASSERT_EQUAL(sim_task_latency(&f.st[4], 100), 10);
	CU_ASSERT_EQUAL(sim_task_latency(&f.st[0], 50), 0);
	for (i = 0; i < 10; i++)
		CU_ASSERT_EQUAL(sim_task_latencies(&f.st[4])[i], i + 1);
	release_fixture(&f);
}

/* every latency of @desc's tasks (-1: all) sorted: the brute-force oracle */
static unsigned int oracle(const struct sim_report *r, long desc,
			   unsigned int pct, unsigned long *n)
{
	unsigned int *all, v;
	unsigned long i, k, m = 0;

	for (i = 0; i < r->nr_tasks; i++)
		if (desc < 0 ||
		    sim_report_task(r, i)->desc == (unsigned long)desc)
			m += sim_report_task(r, i)->nr_latency;
	*n = m;
	all = calloc(m ? m : 1, sizeof(*all));
	for (i = 0, m = 0; all && i < r->nr_tasks; i++)
		if (desc < 0 ||
		    sim_report_task(r, i)->desc == (unsigned long)desc)
			for (k = 0; k < sim_report_task(r, i)->nr_latency; k++)
				all[m++] = sim_task_latencies(
					sim_report_task(r, i))[k];
	for (i = 1; all && i < m; i++) /* insertion sort */
		for (k = i; k && all[k - 1] > all[k]; k--) {
			v = all[k];
			all[k] = all[k - 1];
			all[k - 1] = v;
		}
	v = all ? sim_percentile(all, m, pct) : 0;
	free(all);
	return v;
}

/*
 * Random lists, merged: the histogram path (small values) and the search
 * path (a value past the histogram's reach), against the oracle; the
 * histogram's allocation failed is -ENOMEM, and nothing leaks.
 */
static void test_merged_latency_oracle(void)
{
	static const unsigned int pcts[] = { 1, 25, 50, 90, 99, 100 };
	struct sim_task_stats st[9], *block = st, *one_block;
	struct sim_report r = { .hz = 1000 };
	uint64_t seed = 12345;
	unsigned int round, i, k, bad = 0;

	sim_report_use_array(&r, &block, 9);
	for (round = 0; round < 60; round++) {
		memset(st, 0, sizeof(st));
		for (i = 0; i < 9; i++) {
			unsigned int len;

			st[i].desc = i % 3;
			seed = seed * 6364136223846793005ull +
			       1442695040888963407ull;
			len = (seed >> 33) % 20;
			for (k = 0; k < len; k++) {
				unsigned int v;

				seed = seed * 6364136223846793005ull + 1;
				v = (seed >> 35) % (round % 2 ? 50 : 7);
				if (round % 3 == 2 && k == 0 && i == 4)
					v = (1u << 21) + 5; /* search path */
				CU_ASSERT_EQUAL(sim_latency_add(&st[i], v), 0);
			}
		}
		sim_report_finish(&r);
		for (k = 0; k < 4; k++) {
			long desc = (long)k - 1;
			struct sim_latency l;
			unsigned long n;

			long live = kmalloc_live();
			int ret;

			if (round % 5 == 4)
				kmalloc_fail_nth(1); /* the histogram */
			ret = sim_report_latency(&r, desc, &l);
			kmalloc_fault_reset();
			bad += kmalloc_live() != live;
			if (ret) {
				/* no histogram where the search serves */
				bad += ret != -ENOMEM || round % 5 != 4 ||
				       l.max >= (1u << 20);
				continue;
			}
			bad += l.p50 != oracle(&r, desc, 50, &n);
			bad += l.p99 != oracle(&r, desc, 99, &n);
			bad += l.max != oracle(&r, desc, 100, &n);
			bad += l.n != n;
		}
		for (i = 0; i < ARRAY_SIZE(pcts); i++) {
			unsigned long n;

			/* one task's percentile is the oracle of a 1-task set */
			struct sim_report one = { .hz = 1000 };

			one_block = &st[i];
			sim_report_use_array(&one, &one_block, 1);
			bad += sim_task_latency(&st[i], pcts[i]) !=
			       oracle(&one, -1, pcts[i], &n);
		}
		for (i = 0; i < 9; i++)
			sim_task_stats_release(&st[i]);
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* the next of a seeded sequence, below @bound */
static unsigned int next_below(uint64_t *seed, unsigned int bound)
{
	*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned int)((*seed >> 33) % bound);
}

/*
 * sim_report_groups() groups the tasks by description once; on random
 * runs each group's latencies must be those of the brute-force oracle
 * (every latency of the description's tasks, sorted) and of
 * sim_report_latency() scanning every task for the description, and its
 * counts those of a scan.  The rounds take every path: one task with
 * latencies, a histogram, a few values far apart (sorted copies), a
 * value past the histogram (the search); tasks of no description and
 * tasks never created are among them.
 */
#define ORACLE_TASKS 120
static void test_groups_against_scan(void)
{
	static struct sim_task_stats st[ORACLE_TASKS];
	struct sim_task_stats *block = st;
	struct sim_group g[40];
	struct sim_report r = { .hz = 1000, .nr_cpus = 2, .ticks = 500 };
	uint64_t seed = 2026;
	unsigned int round, i, k, bad = 0, nr_desc;
	int n, m;

	for (round = 0; round < 200; round++) {
		unsigned int scale = round % 4, d;

		memset(st, 0, sizeof(st));
		nr_desc = 1 + next_below(&seed, 40);
		sim_report_use_array(&r, &block,
				     1 + next_below(&seed, ORACLE_TASKS));
		for (i = 0; i < r.nr_tasks; i++) {
			unsigned int len = next_below(&seed, scale ? 12 : 3);

			st[i].desc = next_below(&seed, nr_desc + 2);
			st[i].pid = next_below(&seed, 8) ? 2 + i : 0;
			st[i].runtime = next_below(&seed, 500);
			st[i].response = next_below(&seed, 50);
			for (k = 0; k < len; k++) {
				unsigned int v = next_below(&seed, 20);

				if (scale == 2 && !next_below(&seed, 4))
					v += 400000; /* few and far apart */
				if (scale == 3 && !next_below(&seed, 30))
					v += 1u << 21; /* past the histogram */
				CU_ASSERT_EQUAL(sim_latency_add(&st[i], v), 0);
			}
		}
		sim_report_finish(&r);
		n = sim_report_groups(&r, nr_desc, g);
		CU_ASSERT_FATAL(n >= 0 && n <= (int)nr_desc);
		for (d = 0, m = 0; d < nr_desc; d++) {
			struct sim_latency scan;
			unsigned long tasks = 0, lat;

			for (i = 0; i < r.nr_tasks; i++)
				tasks += st[i].desc == d && st[i].pid;
			if (!tasks)
				continue;
			bad += m >= n || g[m].desc != d || g[m].tasks != tasks;
			if (m >= n)
				break;
			bad += sim_report_latency(&r, d, &scan) != 0;
			bad += memcmp(&scan, &g[m].latency, sizeof(scan)) != 0;
			bad += g[m].latency.p50 != oracle(&r, d, 50, &lat);
			bad += g[m].latency.p99 != oracle(&r, d, 99, &lat);
			bad += g[m].latency.max != oracle(&r, d, 100, &lat);
			bad += g[m].latency.n != lat;
			m++;
		}
		bad += m != n;
		for (i = 0; i < r.nr_tasks; i++)
			sim_task_stats_release(&st[i]);
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* every allocation of sim_report_groups() fails in turn: -ENOMEM, no leak */
static void test_groups_fail_every_allocation(void)
{
	struct fixture f;
	struct sim_group g[3];
	unsigned long n;
	long live;
	int ret;

	make_fixture(&f, 1000);
	sim_report_finish(&f.r);
	live = kmalloc_live();
	for_each_alloc_failure(n, ret = sim_report_groups(&f.r, 3, g)) {
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		CU_ASSERT_EQUAL(ret, -ENOMEM);
	}
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT_EQUAL(ret, 3);
	CU_ASSERT(n > 2 && n < 100);
	release_fixture(&f);
}

static void test_cost_by_hand(void)
{
	struct sim_cost c = { .measured = 1, .clock_ns = 20 };

	CU_ASSERT_DOUBLE_EQUAL(sim_cost_ns(&c, SIM_NR_COST), 0, 1e-12);
	c.calls[SIM_COST_SCHEDULE] = 10;
	c.ns[SIM_COST_SCHEDULE] = 1000; /* 100 each, 20 the clock's */
	c.calls[SIM_COST_TICK] = 30;
	c.ns[SIM_COST_TICK] = 1500; /* 50 each */
	c.calls[SIM_COST_WAKEUP] = 10;
	c.ns[SIM_COST_WAKEUP] = 100; /* below the clock: 0 */
	CU_ASSERT_DOUBLE_EQUAL(sim_cost_ns(&c, SIM_COST_SCHEDULE), 80, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(sim_cost_ns(&c, SIM_COST_TICK), 30, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(sim_cost_ns(&c, SIM_COST_WAKEUP), 0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(sim_cost_ns(&c, SIM_COST_YIELD), 0, 1e-12);
	/* (1000 + 1500 + 100 - 50 * 20) / 50 */
	CU_ASSERT_DOUBLE_EQUAL(sim_cost_ns(&c, SIM_NR_COST), 1600.0 / 50,
			       1e-12);
}

static char *render(int (*fn)(FILE *, const struct sim_report *,
			      const struct sim_workload *),
		    const struct fixture *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (!out)
		return NULL;
	if (fn(out, &f->r, &f->wl)) {
		fclose(out);
		free(buf);
		return NULL;
	}
	fclose(out);
	return buf;
}

static double num(json_t *o, const char *key)
{
	return json_number_value(json_object_get(o, key));
}

/* every figure comes back as the very double that was computed */
static void test_json_round_trip(void)
{
	struct fixture f;
	json_error_t jerr;
	json_t *root, *t, *c, *g, *lat, *hist;
	struct sim_group groups[3];
	struct sim_totals tot;
	char *text;
	unsigned int i;

	/* HZ=300: a tick is 3.333... ms, no short decimal */
	make_fixture(&f, 300);
	f.r.cost.measured = 1;
	f.r.cost.clock_ns = 7;
	f.r.cost.calls[SIM_COST_SCHEDULE] = 3;
	f.r.cost.ns[SIM_COST_SCHEDULE] = 100;
	f.r.cost.calls[SIM_COST_TICK] = 7;
	f.r.cost.ns[SIM_COST_TICK] = 211;
	sim_report_finish(&f.r);
	CU_ASSERT_EQUAL_FATAL(sim_report_groups(&f.r, 3, groups), 3);
	CU_ASSERT_EQUAL(sim_report_totals(&f.r, &tot), 0);
	text = render(sim_report_json, &f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_EQUAL(text[strlen(text) - 1], '\n');
	root = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(root, "workload")),
		"fixture");
	CU_ASSERT(json_is_null(json_object_get(root, "class")));
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(root, "ticks")),
			300);
	CU_ASSERT(num(root, "seconds") == 300.0 / 300);
	CU_ASSERT_EQUAL(
		json_integer_value(json_object_get(root, "context_switches")),
		12);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(root, "migrations")),
			4);
	lat = json_object_get(root, "latency");
	CU_ASSERT(num(lat, "p99_ms") == 9 * 1000.0 / 300);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(lat, "wakeups")), 5);
	/* 1 2 3 5 9, once each */
	hist = json_object_get(root, "latency_histogram");
	CU_ASSERT_EQUAL_FATAL(json_array_size(hist), 5);
	CU_ASSERT(json_number_value(json_array_get(json_array_get(hist, 3),
						   0)) == 5 * 1000.0 / 300);
	CU_ASSERT_EQUAL(
		json_integer_value(json_array_get(json_array_get(hist, 3), 1)),
		1);
	c = json_object_get(root, "cost");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(c, "clock_ns")), 7);
	CU_ASSERT(num(c, "ns_per_event") ==
		  sim_cost_ns(&f.r.cost, SIM_NR_COST));
	CU_ASSERT(num(c, "ns_per_pick") ==
		  sim_cost_ns(&f.r.cost, SIM_COST_SCHEDULE));
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(
				json_object_get(c, "calls"), "scheduler_tick")),
			7);

	g = json_object_get(root, "groups");
	CU_ASSERT_EQUAL_FATAL(json_array_size(g), 3);
	for (i = 0; i < 3; i++) {
		json_t *o = json_array_get(g, i);

		CU_ASSERT(num(o, "share") == groups[i].share);
		CU_ASSERT(num(o, "jain_index") == groups[i].jain);
		CU_ASSERT(num(o, "runtime_ms") ==
			  groups[i].runtime * 1000.0 / 300);
	}
	CU_ASSERT(num(json_array_get(g, 0), "response_mean_ms") ==
		  8 * 1000.0 / 300);
	CU_ASSERT(json_is_null(
		json_object_get(json_array_get(g, 2), "turnaround_mean_ms")));
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(
				       json_array_get(g, 2), "policy")),
			       "FIFO");

	t = json_object_get(root, "tasks");
	CU_ASSERT_EQUAL_FATAL(json_array_size(t), NR_FIX);
	for (i = 0; i < NR_FIX; i++) {
		json_t *o = json_array_get(t, i);

		CU_ASSERT(num(o, "runtime_ms") ==
			  f.st[i].runtime * 1000.0 / 300);
		CU_ASSERT(num(o, "wait_ms") == f.st[i].wait * 1000.0 / 300);
		/* of all CPU time: 300 ticks on 2 CPUs */
		CU_ASSERT(num(o, "share") == f.st[i].runtime / 600.0);
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "pid")),
				f.st[i].pid);
	}
	CU_ASSERT(num(json_array_get(t, 4), "latency_max_ms") ==
		  9 * 1000.0 / 300);
	CU_ASSERT(num(json_array_get(t, 4), "bonus") == 2.5);
	CU_ASSERT(num(json_array_get(t, 3), "turnaround_ms") ==
		  60 * 1000.0 / 300);
	CU_ASSERT(num(json_array_get(t, 3), "created_ms") ==
		  200 * 1000.0 / 300);
	CU_ASSERT(json_is_null(
		json_object_get(json_array_get(t, 0), "turnaround_ms")));
	CU_ASSERT(json_is_null(
		json_object_get(json_array_get(t, 7), "response_ms")));
	CU_ASSERT(json_is_null(
		json_object_get(json_array_get(t, 7), "created_ms")));
	CU_ASSERT(
		json_is_true(json_object_get(json_array_get(t, 3), "forked")));
	c = json_object_get(root, "cpus");
	CU_ASSERT_EQUAL_FATAL(json_array_size(c), 2);
	CU_ASSERT(num(json_array_get(c, 1), "utilisation") == 95.0 / 300);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_array_get(c, 1),
							   "array_switches")),
			4);
	json_decref(root);
	free(text);

	/* not measured: null, not zeros */
	f.r.cost.measured = 0;
	text = render(sim_report_json, &f);
	root = text ? json_loads(text, 0, &jerr) : NULL;
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	CU_ASSERT(json_is_null(json_object_get(root, "cost")));
	json_decref(root);
	free(text);
	release_fixture(&f);
}

/*
 * An RFC 4180 reader: the next record of @text into @field (up to @max
 * fields, each cut to 63 bytes); Return: the fields read, or -1 at the
 * end; *@text moves past the record.
 */
static int csv_record(const char **text, char field[][64], int max)
{
	const char *p = *text;
	int n = 0, len = 0, quoted = 0;

	if (!*p)
		return -1;
	field[0][0] = '\0';
	for (;; p++) {
		if (quoted) {
			if (*p == '"' && p[1] == '"') {
				p++;
			} else if (*p == '"') {
				quoted = 0;
				continue;
			} else if (!*p) {
				return -2; /* an open quote at the end */
			}
		} else if (*p == '"' && len == 0) {
			quoted = 1;
			continue;
		} else if (*p == ',' || *p == '\n' || !*p) {
			if (n < max)
				field[n][len < 63 ? len : 63] = '\0';
			n++;
			len = 0;
			if (*p == ',') {
				if (n < max)
					field[n][0] = '\0';
				continue;
			}
			*text = *p ? p + 1 : p;
			return n;
		}
		if (n < max && len < 63)
			field[n][len] = *p;
		len++;
	}
}

static void test_csv_fields(void)
{
	char field[32][64], header[32][64];
	const char *p;
	struct fixture f;
	char *text;
	int n, width = 0, tasks = 0, groups = 0, cpus = 0, runs = 0;
	int lats = 0, bad = 0;

	make_fixture(&f, 1000);
	sim_report_finish(&f.r);
	text = render(sim_report_csv, &f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	/* every record has as many fields as its table's header */
	for (p = text; (n = csv_record(&p, field, 32)) >= 0;) {
		if (n == 1 && !field[0][0]) {
			width = 0; /* the blank line between tables */
			continue;
		}
		if (!strcmp(field[0], "table")) {
			width = n;
			memcpy(header, field, sizeof(header));
			continue;
		}
		bad += n != width;
		runs += !strcmp(field[0], "run");
		groups += !strcmp(field[0], "group");
		tasks += !strcmp(field[0], "task");
		cpus += !strcmp(field[0], "cpu");
		lats += !strcmp(field[0], "latency");
		if (!strcmp(field[0], "task") && !strcmp(field[2], "hog-3")) {
			CU_ASSERT_STRING_EQUAL(header[11], "share");
			CU_ASSERT_STRING_EQUAL(header[20], "response_ms");
			CU_ASSERT_STRING_EQUAL(field[20], "20");
			CU_ASSERT_STRING_EQUAL(header[21], "turnaround_ms");
			CU_ASSERT_STRING_EQUAL(field[21], "60");
		}
		if (!strcmp(field[0], "task") && !strcmp(field[2], "hog-0"))
			CU_ASSERT_STRING_EQUAL(field[21], "");
		if (!strcmp(field[0], "group") && !strcmp(field[2], "ed")) {
			CU_ASSERT_STRING_EQUAL(header[8], "share");
			CU_ASSERT_STRING_EQUAL(field[8], "0.0666666667");
			CU_ASSERT_STRING_EQUAL(header[9], "jain_index");
			CU_ASSERT_STRING_EQUAL(field[9], "0.662162162");
		}
		if (!strcmp(field[0], "cpu") && !strcmp(field[2], "1"))
			CU_ASSERT_STRING_EQUAL(field[3], "0.316666667");
	}
	CU_ASSERT_EQUAL(n, -1);
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(runs, 1);
	CU_ASSERT_EQUAL(groups, 3);
	CU_ASSERT_EQUAL(tasks, NR_FIX);
	CU_ASSERT_EQUAL(cpus, 2);
	CU_ASSERT_EQUAL(lats, 5);
	free(text);
	release_fixture(&f);
}

static void test_text_lines(void)
{
	struct fixture f;
	char *text;

	make_fixture(&f, 1000);
	sim_report_finish(&f.r);
	text = render(sim_report_text, &f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "2 CPUs, HZ=1000, 0.300 s"));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		text,
		"context switches 12, migrations 4, wake-ups 6: latency p50 3.0 ms, p99 9.0 ms, max 9.0 ms\n"));
	CU_ASSERT_PTR_NULL(strstr(text, "scheduler cost"));
	/* share 305/600, Jain 169/196, response mean 8, turnaround 60 */
	CU_ASSERT_PTR_NOT_NULL(strstr(
		text,
		"hog                  4     50.8  0.8622      3.0      3.0      3.0       8.0      60.0\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		text,
		"rt                   1      8.3  1.0000      0.0      0.0      0.0       0.0         -\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "(not started)"));
	free(text);
	f.r.cost.measured = 1;
	f.r.cost.calls[SIM_COST_SCHEDULE] = 4;
	f.r.cost.ns[SIM_COST_SCHEDULE] = 250;
	f.r.cost.calls[SIM_COST_TICK] = 6;
	f.r.cost.ns[SIM_COST_TICK] = 150;
	text = render(sim_report_text, &f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		text,
		"scheduler cost: 40.0 ns per event (10 calls), 62.5 ns per pick (schedule())\n"));
	free(text);
	release_fixture(&f);
}

/*
 * Names that JSON must escape and CSV must quote come back as they were;
 * a name cut inside a UTF-8 character is still valid JSON.
 */
static void test_names_escaped(void)
{
	static const char nasty[] = "a \"b\", c\\d\ne\tf\x01";
	char field[32][64];
	struct fixture f;
	json_error_t jerr;
	json_t *root;
	const char *p;
	char *text;
	int n, seen = 0;

	make_fixture(&f, 1000);
	f.r.workload = nasty;
	snprintf(f.desc[1].name, SIM_NAME_LEN, "e,d\"");
	/* "\xc3\xa9" is e-acute; the name is cut after its first byte */
	snprintf(f.desc[2].name, SIM_NAME_LEN, "caf\xc3");
	f.r.sched_class = "o\"1";
	sim_report_finish(&f.r);
	text = render(sim_report_json, &f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	root = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(root, "workload")), nasty);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(root, "class")), "o\"1");
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(
			json_array_get(json_object_get(root, "groups"), 1),
			"group")),
		"e,d\"");
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(
			json_array_get(json_object_get(root, "tasks"), 6),
			"comm")),
		"caf?");
	json_decref(root);
	free(text);

	text = render(sim_report_csv, &f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (p = text; (n = csv_record(&p, field, 32)) >= 0;) {
		if (!strcmp(field[0], "run")) {
			CU_ASSERT_STRING_EQUAL(field[1], "o\"1");
			CU_ASSERT_STRING_EQUAL(field[2], nasty);
			seen++;
		}
		if (!strcmp(field[0], "group") && !strcmp(field[2], "e,d\""))
			seen++;
	}
	CU_ASSERT_EQUAL(n, -1);
	CU_ASSERT_EQUAL(seen, 2);
	free(text);
	release_fixture(&f);
}

/* a stream that cannot be written: every output says -EIO */
static void test_write_errors(void)
{
	int (*const fn[])(FILE *, const struct sim_report *,
			  const struct sim_workload *) = {
		sim_report_text,
		sim_report_json,
		sim_report_csv,
	};
	struct fixture f;
	unsigned int i;

	make_fixture(&f, 1000);
	sim_report_finish(&f.r);
	for (i = 0; i < ARRAY_SIZE(fn); i++) {
		FILE *out = fopen("/dev/full", "w");

		CU_ASSERT_PTR_NOT_NULL_FATAL(out);
		setvbuf(out, NULL, _IONBF, 0);
		CU_ASSERT_EQUAL(fn[i](out, &f.r, &f.wl), -EIO);
		fclose(out);
	}
	release_fixture(&f);
}

/* each output fails cleanly, leaking nothing, at each of its allocations */
static void test_outputs_fault_injection(void)
{
	int (*const fn[])(FILE *, const struct sim_report *,
			  const struct sim_workload *) = {
		sim_report_text,
		sim_report_json,
		sim_report_csv,
	};
	struct fixture f;
	unsigned int i, nth;

	make_fixture(&f, 1000);
	sim_report_finish(&f.r);
	for (i = 0; i < ARRAY_SIZE(fn); i++) {
		FILE *out = fopen("/dev/null", "w");
		long live = kmalloc_live();
		int ret;

		CU_ASSERT_PTR_NOT_NULL_FATAL(out);
		for_each_alloc_failure(nth, ret = fn[i](out, &f.r, &f.wl)) {
			CU_ASSERT_EQUAL(ret, -ENOMEM);
			CU_ASSERT_EQUAL(kmalloc_live(), live);
		}
		fclose(out);
		CU_ASSERT_EQUAL(ret, 0);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		CU_ASSERT(nth > 1 && nth < 10);
	}
	release_fixture(&f);
}

/* a million tasks hold a million of these: the size report.h promises */
static void test_task_stats_size(void)
{
	CU_ASSERT(sizeof(struct sim_task_stats) <= 96);
}

static CU_TestInfo report_tests[] = {
	{ "struct sim_task_stats stays 96 bytes", test_task_stats_size },
	{ "nearest-rank percentiles by hand", test_percentile_by_hand },
	{ "Jain's index by hand", test_jain_by_hand },
	{ "latency list growth and ENOMEM", test_latency_growth_and_failure },
	{ "task groups by hand", test_groups_by_hand },
	{ "totals by hand", test_totals_by_hand },
	{ "finish sorts latencies", test_finish_sorts_latencies },
	{ "merged latencies against brute force", test_merged_latency_oracle },
	{ "groups by description once: as the scan and brute force",
	  test_groups_against_scan },
	{ "groups: every allocation fails in turn",
	  test_groups_fail_every_allocation },
	{ "scheduler cost by hand", test_cost_by_hand },
	{ "JSON parses and round-trips", test_json_round_trip },
	{ "CSV records split into their header's fields", test_csv_fields },
	{ "text lines", test_text_lines },
	{ "names that need escaping", test_names_escaped },
	{ "write errors are -EIO", test_write_errors },
	{ "fault injection of every output", test_outputs_fault_injection },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/report", report_tests, NULL, NULL)
