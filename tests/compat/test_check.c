// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_check.c - compat/check.c: a checker's report names
 * the checker and this file's line, then the chain of checkers it ran,
 * then the violation; only the first violation of the outermost check is
 * reported, and the next check reports again; each thread has its own
 * chain; check_set_handler() returns the previous handler; without a
 * handler a checker's report is one line on stderr and no abort, a
 * corruption report aborts (in a child); a long report is cut, not
 * overrun; CHECK_CALLER() evaluates each argument once.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compat/check.h"
#include "tests/child.h"
#include "tests/ktest.h"
#include "tests/report.h"

/*
 * Three small checkers made the way every checker is: leaf_check()
 * fails when its value is negative; pair_check() runs leaf_check() on
 * both values, then fails when they differ; deep_check() runs itself
 * @depth times down to a leaf_check().
 */
static bool leaf_check(int v);
#define leaf_check(v) CHECK_CALLER(leaf_check, (v))
static bool pair_check(int a, int b);
#define pair_check(a, b) CHECK_CALLER(pair_check, (a, b))
static bool deep_check(int depth, int v);
#define deep_check(d, v) CHECK_CALLER(deep_check, (d, v))

static int leaf_line; /* where pair_check() calls leaf_check(a) */

static bool (leaf_check)(int v)
{
	if (v < 0)
		return check_fail("value %d is negative", v);
	return true;
}

static bool (pair_check)(int a, int b)
{
	bool ok;

	leaf_line = __LINE__ + 1;
	ok = leaf_check(a);
	ok = leaf_check(b) && ok; /* a checker that carries on */
	if (a != b)
		return check_fail("%d differs from %d", a, b);
	return ok;
}

static bool (deep_check)(int depth, int v)
{
	return depth ? deep_check(depth - 1, v) : leaf_check(v);
}

static void test_report_names_checker_and_caller(void)
{
	char want[256];
	int before = report_count, line;

	CU_ASSERT(leaf_check(3));
	CU_ASSERT(pair_check(4, 4));
	CU_ASSERT_EQUAL(report_count, before);

	line = __LINE__ + 1;
	CU_ASSERT_FALSE(leaf_check(-1));
	expect_check(before++, "leaf_check", line, "value -1 is negative");
	snprintf(want, sizeof(want),
		 "leaf_check at %s:%d: value -1 is negative", __FILE__, line);
	CU_ASSERT_STRING_EQUAL(report_last, want);

	/* the pair's own violation: no inner checker in the line */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(pair_check(1, 2));
	expect_check(before++, "pair_check", line, ": 1 differs from 2");
	CU_ASSERT_PTR_NULL(strstr(report_last, "leaf_check"));
}

static void test_chain_and_first_violation_only(void)
{
	char want[256];
	int before = report_count, line;

	/* leaf_check(a) fails, then leaf_check(b), then the pair: one line */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(pair_check(-5, -6));
	expect_check(before++, "pair_check", line, "value -5 is negative");
	snprintf(
		want, sizeof(want),
		"pair_check at %s:%d: leaf_check at %s:%d: value -5 is negative",
		__FILE__, line, __FILE__, leaf_line);
	CU_ASSERT_STRING_EQUAL(report_last, want);

	/* the next outermost check reports again */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(pair_check(7, -8));
	expect_check(before++, "pair_check", line, "value -8 is negative");
	CU_ASSERT_FALSE(leaf_check(-9));
	CU_ASSERT_EQUAL(report_count, before + 1);
}

/* a chain deeper than the reporter names: cut, the violation kept */
static void test_deep_chain(void)
{
	int before = report_count, line, links = 0;
	const char *p;

	line = __LINE__ + 1;
	CU_ASSERT_FALSE(deep_check(20, -1));
	expect_check(before, "deep_check", line, ": value -1 is negative");
	for (p = report_last; (p = strstr(p, " at ")); p++)
		links++;
	CU_ASSERT_EQUAL(links, 8); /* the links compat/check.c names */
	CU_ASSERT(deep_check(20, 1));
	CU_ASSERT_EQUAL(report_count, before + 1);
}

static void test_long_report_is_cut(void)
{
	static char big[3 * REPORT_MAX];
	int before = report_count;

	memset(big, 'x', sizeof(big) - 1);
	CU_ASSERT_FALSE(CHECK_CALLER(check_fail, ("%s", big)));
	CU_ASSERT_EQUAL(report_count, before + 1);
	CU_ASSERT(strlen(report_last) < REPORT_MAX);
	CU_ASSERT_PTR_NOT_NULL(strstr(report_last, "check_fail at "));
	CU_ASSERT_PTR_NOT_NULL(strstr(report_last, "xxxx"));
}

/* called outside every recorded checker, the report says so */
static void test_report_outside_a_checker(void)
{
	int before = report_count;

	CU_ASSERT_FALSE(check_fail("on its own"));
	CU_ASSERT_EQUAL(report_count, before + 1);
	CU_ASSERT_STRING_EQUAL(
		report_last,
		"(unknown checker) at (unknown caller): on its own");
	/* and it is not taken for the first violation of a check */
	CU_ASSERT_FALSE(check_fail("again"));
	CU_ASSERT_EQUAL(report_count, before + 2);
}

static int evals;

static int counted(int v)
{
	evals++;
	return v;
}

static void test_arguments_once(void)
{
	evals = 0;
	CU_ASSERT(pair_check(counted(2), counted(2)));
	CU_ASSERT_EQUAL(evals, 2);
}

/* an operation that finds its structure corrupt, as list_add() does */
static bool corrupt_op(void)
{
	check_corruption("list_add", "double add of %p", NULL);
	return false;
}

static void test_corruption_names_innermost_caller(void)
{
	int before = report_count, line;

	line = __LINE__ + 1;
	CU_ASSERT_FALSE(CHECK_CALLER(corrupt_op, ()));
	expect_corruption(before++, "list_add", line, "double add of ");
	check_corruption("list_del", "no caller");
	CU_ASSERT_EQUAL(report_count, before + 1);
	CU_ASSERT_STRING_EQUAL(
		report_last,
		"list_del corruption at (unknown caller): no caller");
}

static void test_set_handler_returns_previous(void)
{
	CU_ASSERT_PTR_EQUAL(check_set_handler(NULL), report_record);
	CU_ASSERT_PTR_NULL(check_set_handler(report_record));
}

static void child_default_check(int unused)
{
	bool ok;

	(void)unused;
	check_set_handler(NULL);
	fprintf(stderr, "line %d\n", __LINE__ + 1);
	ok = leaf_check(-2);
	_exit(ok ? 1 : 0);
}

static void child_default_corruption(int unused)
{
	(void)unused;
	check_set_handler(NULL);
	check_corruption("list_del", "prev->next should be %p", NULL);
}

static void test_default_handler(void)
{
	char out[1024], want[256];
	int status, line = 0;

	/* a checker: one line on stderr, false, no abort */
	status = run_in_child(child_default_check, 0, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CU_ASSERT_EQUAL(sscanf(out, "line %d", &line), 1);
	snprintf(want, sizeof(want),
		 "\nleaf_check at %s:%d: value -2 is negative\n", __FILE__,
		 line);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
	CU_ASSERT_PTR_NULL(strchr(strstr(out, want) + strlen(want), '\n'));
	/* a corruption: the line, then abort */
	status = run_in_child(child_default_corruption, 0, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "list_del corruption at "));
}

static CU_TestInfo check_cases[] = {
	{ "check_fail: the checker, this file's line, the violation",
	  test_report_names_checker_and_caller },
	{ "check_fail: the chain of checkers, first violation only",
	  test_chain_and_first_violation_only },
	{ "check_fail: a chain deeper than the reporter names",
	  test_deep_chain },
	{ "check_fail: a report longer than the line is cut",
	  test_long_report_is_cut },
	{ "check_fail outside a checker", test_report_outside_a_checker },
	{ "CHECK_CALLER: each argument once", test_arguments_once },
	{ "check_corruption: the innermost caller, or none",
	  test_corruption_names_innermost_caller },
	{ "check_set_handler returns the previous handler",
	  test_set_handler_returns_previous },
	{ "default handler: checkers print one line, corruption aborts (fork)",
	  test_default_handler },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/check", check_cases, report_suite_init,
	    report_suite_cleanup)

/*
 * Threads: each has its own chain.  The main thread is inside
 * pair_check() (through spawn_check()) when its worker runs
 * leaf_check(-3): the worker's report names only its own call, and the
 * main thread's check still reports its own first violation.
 */
static int worker_line;

static void *worker(void *arg)
{
	bool *ok = arg;

	worker_line = __LINE__ + 1;
	*ok = leaf_check(-3);
	return NULL;
}

static bool spawn_check(int v);
#define spawn_check(v) CHECK_CALLER(spawn_check, (v))

static char worker_report[REPORT_MAX];

static bool (spawn_check)(int v)
{
	pthread_t t;
	bool worker_ok = true;

	if (pthread_create(&t, NULL, worker, &worker_ok))
		return check_fail("pthread_create failed");
	pthread_join(t, NULL);
	snprintf(worker_report, sizeof(worker_report), "%s", report_last);
	if (worker_ok)
		return check_fail("the worker's check passed");
	return leaf_check(v);
}

static void test_threads_have_their_own_chain(void)
{
	char want[256];
	int before = report_count, line;

	line = __LINE__ + 1;
	CU_ASSERT_FALSE(spawn_check(-4));
	CU_ASSERT_EQUAL(report_count, before + 2);
	snprintf(want, sizeof(want),
		 "leaf_check at %s:%d: value -3 is negative", __FILE__,
		 worker_line);
	CU_ASSERT_STRING_EQUAL(worker_report, want);
	expect_check(before + 1, "spawn_check", line, "value -4 is negative");
}

static CU_TestInfo check_thread_cases[] = {
	{ "each thread reports its own chain",
	  test_threads_have_their_own_chain },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/threads/check", check_thread_cases, report_suite_init,
	    report_suite_cleanup)
