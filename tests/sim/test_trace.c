// SPDX-License-Identifier: MIT
/*
 * tests/sim/test_trace.c - the trace writers (sim/trace.c): exact ftrace
 * lines, timestamps at several HZ, comm cleaning, Chrome JSON that parses
 * with the right slices, and write errors reported.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "sim/trace.h"
#include "tests/ktest.h"

static void test_timestamps(void)
{
	char buf[32];

	sim_trace_timestamp(buf, 0, 1000);
	CU_ASSERT_STRING_EQUAL(buf, "0.000000");
	sim_trace_timestamp(buf, 1234, 1000);
	CU_ASSERT_STRING_EQUAL(buf, "1.234000");
	sim_trace_timestamp(buf, 1, 300);	/* 1000000 / 300 = 3333 us */
	CU_ASSERT_STRING_EQUAL(buf, "0.003333");
	sim_trace_timestamp(buf, 250, 100);
	CU_ASSERT_STRING_EQUAL(buf, "2.500000");
	sim_trace_timestamp(buf, 86400000ull, 1000);
	CU_ASSERT_STRING_EQUAL(buf, "86400.000000");
}

static char *trace_text(void (*body)(struct sim_trace *), unsigned int hz)
{
	struct sim_trace tr;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	if (sim_trace_begin(&tr, f, NULL, hz, 4)) {
		fclose(f);
		free(buf);
		return NULL;
	}
	body(&tr);
	if (sim_trace_end(&tr, 100)) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	return buf;
}

static void three_lines(struct sim_trace *tr)
{
	struct sim_trace_task hog = { "hog-1", 3, 120 };
	struct sim_trace_task idle = { "swapper/2", 0, 140 };
	struct sim_trace_task odd = { "a b=c\"d", 12345, 100 };

	sim_trace_switch(tr, 1234, 2, &hog, 'S', &idle);
	sim_trace_waking(tr, 1235, 2, &idle, &odd, 2);
	sim_trace_migrate(tr, 1236, 1, &hog, &odd, 2, 1);
}

static void test_exact_lines(void)
{
	char *text = trace_text(three_lines, 1000);
	const char *body;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_EQUAL(strncmp(text, "# tracer: nop\n#\n", 16), 0);
	body = strstr(text, "|         |\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(body);
	body += strlen("|         |\n");
	CU_ASSERT_STRING_EQUAL(body,
		"           hog-1-3     [002] d..2     1.234000: sched_switch: "
		"prev_comm=hog-1 prev_pid=3 prev_prio=120 prev_state=S ==> "
		"next_comm=swapper/2 next_pid=0 next_prio=140\n"
		"       swapper/2-0     [002] d..2     1.235000: sched_waking: "
		"comm=a_b_c_d pid=12345 prio=100 target_cpu=002\n"
		"           hog-1-3     [001] d..2     1.236000: sched_migrate_task: "
		"comm=a_b_c_d pid=12345 prio=100 orig_cpu=2 dest_cpu=1\n");
	free(text);
}

static void no_events(struct sim_trace *tr)
{
	(void)tr;
}

static void test_header_only(void)
{
	char *text = trace_text(no_events, 1000);
	unsigned int lines = 0;
	const char *p;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (p = text; *p; p++)
		lines += *p == '\n';
	CU_ASSERT_EQUAL(lines, 9);
	CU_ASSERT_EQUAL(text[strlen(text) - 1], '\n');
	for (p = text; *p; p = strchr(p, '\n') + 1)
		CU_ASSERT_EQUAL(*p, '#');
	free(text);
}

static void test_bad_begin(void)
{
	struct sim_trace tr;

	CU_ASSERT_EQUAL(sim_trace_begin(&tr, NULL, NULL, 0, 4), -EINVAL);
	CU_ASSERT_EQUAL(sim_trace_begin(&tr, NULL, NULL, 1000, 0), -EINVAL);
	CU_ASSERT_EQUAL(sim_trace_begin(&tr, NULL, NULL, 1000,
					SIM_MAX_CPUS + 1), -EINVAL);
	CU_ASSERT_EQUAL(sim_trace_begin(&tr, NULL, NULL, 1000, 1), 0);
	CU_ASSERT_EQUAL(sim_trace_end(&tr, 0), 0);
}

static void test_chrome_slices(void)
{
	struct sim_trace_task a = { "a", 5, 120 }, b = { "b", 6, 115 };
	struct sim_trace_task idle0 = { "swapper/0", 0, 140 };
	struct sim_trace tr;
	json_error_t jerr;
	json_t *root, *ev, *e;
	unsigned int slices = 0, instants = 0, meta = 0;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(sim_trace_begin(&tr, NULL, f, 1000, 2), 0);
	sim_trace_switch(&tr, 10, 0, &idle0, 'R', &a);	/* a: 10..15 */
	sim_trace_waking(&tr, 12, 0, &a, &b, 0);
	sim_trace_switch(&tr, 15, 0, &a, 'R', &b);	/* b: 15..20 */
	sim_trace_switch(&tr, 20, 0, &b, 'S', &idle0);
	sim_trace_switch(&tr, 20, 1, &idle0, 'R', &a);	/* a: 20..end 25 */
	CU_ASSERT_EQUAL(sim_trace_end(&tr, 25), 0);
	fclose(f);
	root = json_loads(buf, 0, &jerr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	ev = json_object_get(root, "traceEvents");
	json_array_foreach(ev, i, e) {
		const char *ph = json_string_value(json_object_get(e, "ph"));
		const char *name = json_string_value(json_object_get(e, "name"));
		long long ts = json_integer_value(json_object_get(e, "ts"));
		long long dur = json_integer_value(json_object_get(e, "dur"));
		long long tid = json_integer_value(json_object_get(e, "tid"));

		if (!strcmp(ph, "M")) {
			meta++;
		} else if (!strcmp(ph, "i")) {
			instants++;
			CU_ASSERT_STRING_EQUAL(name, "waking b");
			CU_ASSERT_EQUAL(ts, 12000);
		} else if (!strcmp(ph, "X")) {
			slices++;
			if (!strcmp(name, "b")) {
				CU_ASSERT(ts == 15000 && dur == 5000 && tid == 0);
			} else if (tid == 0) {
				CU_ASSERT(ts == 10000 && dur == 5000);
			} else {
				CU_ASSERT(ts == 20000 && dur == 5000 && tid == 1);
			}
		}
	}
	CU_ASSERT_EQUAL(meta, 3);	/* process name, two CPU names */
	CU_ASSERT_EQUAL(instants, 1);
	CU_ASSERT_EQUAL(slices, 3);
	CU_ASSERT_EQUAL(tr.chrome_events, json_array_size(ev));
	json_decref(root);
	free(buf);
}

static void test_write_error(void)
{
	struct sim_trace_task a = { "a", 5, 120 }, b = { "b", 6, 115 };
	struct sim_trace tr;
	FILE *f = fopen("/dev/full", "w");
	unsigned int i;

	if (!f) {
		CU_FAIL("no /dev/full");
		return;
	}
	CU_ASSERT_EQUAL_FATAL(sim_trace_begin(&tr, f, NULL, 1000, 1), 0);
	for (i = 0; i < 100; i++)
		sim_trace_switch(&tr, i, 0, &a, 'R', &b);
	CU_ASSERT_EQUAL(sim_trace_end(&tr, 100), -EIO);
	fclose(f);
}

static CU_TestInfo trace_tests[] = {
	{ "timestamps at several HZ", test_timestamps },
	{ "exact ftrace lines", test_exact_lines },
	{ "header only, final newline", test_header_only },
	{ "bad arguments", test_bad_begin },
	{ "Chrome JSON slices", test_chrome_slices },
	{ "a write error is -EIO", test_write_error },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/trace", trace_tests, NULL, NULL)
