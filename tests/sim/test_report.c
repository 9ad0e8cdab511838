// SPDX-License-Identifier: MIT
/*
 * tests/sim/test_report.c - the report's arithmetic (sim/report.c) against
 * hand computations: nearest-rank percentiles, Jain's index, fairness
 * groups, and the numbers in the text, JSON and CSV outputs.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compat/slab.h"
#include "sim/report.h"
#include "sim/workload.h"
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
	CU_ASSERT_EQUAL(sim_percentile(five, 5, 50), 7);	/* rank 3 */
	CU_ASSERT_EQUAL(sim_percentile(five, 5, 40), 3);	/* rank 2 */
	CU_ASSERT_EQUAL(sim_percentile(five, 5, 99), 20);	/* rank 5 */
	CU_ASSERT_EQUAL(sim_percentile(one, 1, 50), 42);
	CU_ASSERT_EQUAL(sim_percentile(one, 1, 99), 42);
	CU_ASSERT_EQUAL(sim_percentile(NULL, 0, 50), 0);
	for (i = 0; i < 100; i++)
		hundred[i] = i * 10;
	CU_ASSERT_EQUAL(sim_percentile(hundred, 100, 99), 980);	/* rank 99 */
	CU_ASSERT_EQUAL(sim_percentile(hundred, 100, 50), 490);	/* rank 50 */
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
	for (i = 0; i < 8; i++)
		CU_ASSERT_EQUAL(sim_latency_add(&ts, 100 - i), 0);
	CU_ASSERT_EQUAL(ts.nr_latency, 8);
	CU_ASSERT_EQUAL(ts.latency_cap, 8);
	/* the ninth needs a bigger array: fail that allocation */
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(sim_latency_add(&ts, 7), -ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(ts.nr_latency, 8);
	CU_ASSERT_EQUAL(ts.latency_cap, 8);
	for (i = 0; i < 8; i++)
		ok &= ts.latency[i] == 100 - i;
	CU_ASSERT(ok);
	CU_ASSERT_EQUAL(sim_latency_add(&ts, 7), 0);
	CU_ASSERT_EQUAL(ts.nr_latency, 9);
	CU_ASSERT_EQUAL(ts.latency_cap, 16);
	for (i = 0; i < 8; i++)
		ok &= ts.latency[i] == 100 - i;
	CU_ASSERT(ok && ts.latency[8] == 7);
	sim_task_stats_release(&ts);
	CU_ASSERT_PTR_NULL(ts.latency);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/* a hand-made run: 3 equal "hog"s, a forked hog, 2 "ed"s, 1 "rt" */
struct fixture {
	struct sim_workload wl;
	struct sim_task_desc desc[3];
	struct sim_task_stats st[7];
	struct sim_task_stats *ptr[7];
	struct sim_report r;
};

static void make_fixture(struct fixture *f, unsigned int hz)
{
	static const unsigned long long runtime[7] = {
		100, 100, 100, 5, 10, 30, 50 };
	static const unsigned int desc[7] = { 0, 0, 0, 0, 1, 1, 2 };
	unsigned int i;

	memset(f, 0, sizeof(*f));
	snprintf(f->desc[0].name, SIM_NAME_LEN, "hog");
	snprintf(f->desc[1].name, SIM_NAME_LEN, "ed");
	snprintf(f->desc[2].name, SIM_NAME_LEN, "rt");
	f->wl.nr_tasks = 3;
	f->wl.tasks = f->desc;
	snprintf(f->wl.name, sizeof(f->wl.name), "fixture");
	for (i = 0; i < 7; i++) {
		snprintf(f->st[i].comm, SIM_NAME_LEN, "t%u", i);
		f->st[i].pid = i + 2;
		f->st[i].desc = desc[i];
		f->st[i].runtime = runtime[i];
		f->st[i].wait = 300 - runtime[i];
		f->st[i].switches = i;
		f->ptr[i] = &f->st[i];
	}
	f->st[3].forked = 1;
	f->st[4].bonus_sum = 10;	/* 4 switch-ins: a mean bonus of 2.5 */
	f->st[6].policy = SIM_POLICY_FIFO;
	f->st[6].priority = 9;
	f->r.workload = "fixture";
	f->r.hz = hz;
	f->r.nr_cpus = 2;
	f->r.ticks = 300;
	f->r.nr_tasks = 7;
	f->r.tasks = f->ptr;
	f->r.cpus[0].busy = 300;
	f->r.cpus[1].busy = 95;
	f->r.sched_class = "o1";
	f->r.nr_counters = sched_counters(&o1_sched_class, f->r.counters);
	f->r.cpus[1].counters[0] = 4;	/* array_switches */
	f->r.cpus[1].counters[1] = 2;	/* pulled */
}

static void release_fixture(struct fixture *f)
{
	unsigned int i;

	for (i = 0; i < 7; i++)
		sim_task_stats_release(&f->st[i]);
}

static void test_fairness_groups(void)
{
	struct sim_fairness fair[3];
	struct fixture f;

	make_fixture(&f, 1000);
	CU_ASSERT_EQUAL_FATAL(sim_report_fairness(&f.r, 3, fair), 2);
	/* the forked hog is not an equal of the three started at time 0 */
	CU_ASSERT_EQUAL(fair[0].desc, 0);
	CU_ASSERT_EQUAL(fair[0].n, 3);
	CU_ASSERT_DOUBLE_EQUAL(fair[0].index, 1.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(fair[0].mean_runtime, 100.0, 1e-12);
	CU_ASSERT_EQUAL(fair[1].desc, 1);
	CU_ASSERT_EQUAL(fair[1].n, 2);
	CU_ASSERT_DOUBLE_EQUAL(fair[1].index, 0.8, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(fair[1].mean_runtime, 20.0, 1e-12);

	/* an exited task drops out of its group */
	f.st[5].exited = 1;
	CU_ASSERT_EQUAL(sim_report_fairness(&f.r, 3, fair), 1);
	release_fixture(&f);
}

static void test_finish_sorts_latencies(void)
{
	static const unsigned int lat[] = { 9, 1, 5, 3, 7, 2, 8, 4, 6, 10 };
	struct fixture f;
	unsigned int i;

	make_fixture(&f, 1000);
	for (i = 0; i < 10; i++)
		CU_ASSERT_EQUAL(sim_latency_add(&f.st[4], lat[i]), 0);
	sim_report_finish(&f.r);
	CU_ASSERT_EQUAL(f.st[4].p50, 5);
	CU_ASSERT_EQUAL(f.st[4].p99, 10);
	CU_ASSERT_EQUAL(f.st[0].p50, 0);
	for (i = 0; i < 10; i++)
		CU_ASSERT_EQUAL(f.st[4].latency[i], i + 1);
	release_fixture(&f);
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

static void test_json_numbers(void)
{
	struct fixture f;
	json_error_t jerr;
	json_t *root, *t, *c, *fair;
	char *text;

	/* HZ=100: a tick is 10 ms */
	make_fixture(&f, 100);
	CU_ASSERT_EQUAL(sim_latency_add(&f.st[1], 3), 0);
	sim_report_finish(&f.r);
	text = render(sim_report_json, &f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	root = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(root, "ticks")), 300);
	CU_ASSERT_DOUBLE_EQUAL(json_number_value(json_object_get(root, "seconds")),
			       3.0, 1e-9);
	t = json_object_get(root, "tasks");
	CU_ASSERT_EQUAL_FATAL(json_array_size(t), 7);
	CU_ASSERT_DOUBLE_EQUAL(json_number_value(json_object_get(
		json_array_get(t, 1), "runtime_ms")), 1000.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(json_number_value(json_object_get(
		json_array_get(t, 1), "wait_ms")), 2000.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(json_number_value(json_object_get(
		json_array_get(t, 1), "latency_p99_ms")), 30.0, 1e-9);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(
		json_array_get(t, 6), "policy")), "FIFO");
	CU_ASSERT(json_is_true(json_object_get(json_array_get(t, 3), "forked")));
	c = json_object_get(root, "cpus");
	CU_ASSERT_EQUAL_FATAL(json_array_size(c), 2);
	CU_ASSERT_DOUBLE_EQUAL(json_number_value(json_object_get(
		json_array_get(c, 1), "utilisation")), 95.0 / 300, 1e-4);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(
		json_array_get(c, 1), "array_switches")), 4);
	fair = json_object_get(root, "fairness");
	CU_ASSERT_EQUAL_FATAL(json_array_size(fair), 2);
	CU_ASSERT_DOUBLE_EQUAL(json_number_value(json_object_get(
		json_array_get(fair, 1), "jain_index")), 0.8, 1e-6);
	json_decref(root);
	free(text);
	release_fixture(&f);
}

static void test_csv_and_text(void)
{
	struct fixture f;
	char *text, *line;
	unsigned int tasks = 0, cpus = 0;

	make_fixture(&f, 1000);
	sim_report_finish(&f.r);
	text = render(sim_report_csv, &f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		tasks += !strncmp(line, "task,", 5);
		cpus += !strncmp(line, "cpu,", 4);
	}
	CU_ASSERT_EQUAL(tasks, 7);
	CU_ASSERT_EQUAL(cpus, 2);
	free(text);

	text = render(sim_report_csv, &f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "task,t1,3,hog,NORMAL,0,0,0,100.000,200.000,1,0.000,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "task,t4,6,ed,NORMAL,0,0,0,10.000,290.000,4,2.500,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "cpu,1,0.3167,0,4,2\n"));
	free(text);

	text = render(sim_report_text, &f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "hog             3 tasks, mean run 100.0 ms, index 1.0000"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "ed              2 tasks, mean run 20.0 ms, index 0.8000"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "2 CPUs, HZ=1000, 0.300 s"));
	free(text);
	release_fixture(&f);
}

static CU_TestInfo report_tests[] = {
	{ "nearest-rank percentiles by hand", test_percentile_by_hand },
	{ "Jain's index by hand", test_jain_by_hand },
	{ "latency list growth and ENOMEM", test_latency_growth_and_failure },
	{ "fairness groups of equal tasks", test_fairness_groups },
	{ "finish sorts latencies, sets p50/p99", test_finish_sorts_latencies },
	{ "JSON numbers", test_json_numbers },
	{ "CSV rows and text lines", test_csv_and_text },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/report", report_tests, NULL, NULL)
