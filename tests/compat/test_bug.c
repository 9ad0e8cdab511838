// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_bug.c - WARN_ON() returns its condition, counts and
 * names file:line; WARN_ON_ONCE() reports once; BUG_ON() stops the
 * process with "kernel BUG at file:line" (in a child, stderr captured).
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compat/bug.h"
#include "tests/child.h"
#include "tests/ktest.h"

static int evals;

static int counted(int v)
{
	evals++;
	return v;
}

/* WARN_ON in a child, so its line goes to a pipe, not the test log */
static void child_warn(int v)
{
	unsigned long before = kstruct_warn_count();
	int r1, r2;

	fprintf(stderr, "line %d\n", __LINE__ + 1);
	r1 = WARN_ON(counted(v) > 0);
	r2 = WARN_ON(counted(0));
	_exit(r1 == (v > 0) && r2 == 0 && evals == 2 &&
			      kstruct_warn_count() == before + (v > 0) ?
		      0 :
		      1);
}

static void test_warn_on(void)
{
	char out[1024], want[128];
	int status, line = 0;

	status = run_in_child(child_warn, 5, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CU_ASSERT_EQUAL(sscanf(out, "line %d", &line), 1);
	snprintf(want, sizeof(want), "WARNING at %s:%d: counted(v) > 0",
		 __FILE__, line);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
	/* a false condition: returns 0, prints and counts nothing */
	status = run_in_child(child_warn, 0, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CU_ASSERT_PTR_NULL(strstr(out, "WARNING"));
}

static void child_warn_once(int v)
{
	unsigned long before = kstruct_warn_count();
	int i, fired = 0;

	for (i = 0; i < 5; i++)
		fired += WARN_ON_ONCE(v);
	_exit(fired == 5 && kstruct_warn_count() == before + 1 ? 0 : 1);
}

static void test_warn_on_once(void)
{
	char out[1024];
	int status;

	status = run_in_child(child_warn_once, 1, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "WARNING at "));
	/* one report only */
	CU_ASSERT_PTR_NULL(strstr(strstr(out, "WARNING at ") + 1, "WARNING"));
}

static void child_bug(int v)
{
	fprintf(stderr, "line %d\n", __LINE__ + 1);
	BUG_ON(v == 3);
}

static void test_bug_on(void)
{
	char out[1024], want[128];
	int status, line = 0;

	status = run_in_child(child_bug, 3, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	CU_ASSERT_EQUAL(sscanf(out, "line %d", &line), 1);
	snprintf(want, sizeof(want), "kernel BUG at %s:%d: v == 3", __FILE__,
		 line);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
	/* a false condition carries on */
	status = run_in_child(child_bug, 2, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CU_ASSERT_PTR_NULL(strstr(out, "BUG"));
}

#define ONCE_THREADS 8
#define ONCE_CALLS 2000

static pthread_barrier_t once_barrier;

/* every thread hits the same WARN_ON_ONCE() site, all at once */
static void *warn_once_thread(void *arg)
{
	long fired = 0;
	int i;

	(void)arg;
	pthread_barrier_wait(&once_barrier);
	for (i = 0; i < ONCE_CALLS; i++)
		fired += WARN_ON_ONCE(i >= 0);
	return (void *)fired;
}

/* in a child: exit 0 when one report and every call returned true */
static void child_warn_once_threads(int unused)
{
	unsigned long before = kstruct_warn_count();
	pthread_t t[ONCE_THREADS];
	long fired = 0;
	void *ret;
	int i;

	(void)unused;
	pthread_barrier_init(&once_barrier, NULL, ONCE_THREADS);
	for (i = 0; i < ONCE_THREADS; i++)
		if (pthread_create(&t[i], NULL, warn_once_thread, NULL))
			_exit(2);
	for (i = 0; i < ONCE_THREADS; i++) {
		pthread_join(t[i], &ret);
		fired += (long)ret;
	}
	pthread_barrier_destroy(&once_barrier);
	_exit(fired == (long)ONCE_THREADS * ONCE_CALLS &&
			      kstruct_warn_count() == before + 1 ?
		      0 :
		      1);
}

/*
 * WARN_ON_ONCE() from many threads at once: one report, no data race
 * (the "once" flag is claimed atomically; TSan checks the race).
 */
static void test_warn_on_once_threads(void)
{
	char out[4096];
	const char *first;
	int status;

	status = run_in_child(child_warn_once_threads, 0, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	first = strstr(out, "WARNING at ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(first);
	CU_ASSERT_PTR_NULL(strstr(first + 1, "WARNING"));
	CU_ASSERT_PTR_NULL(strstr(out, "ThreadSanitizer"));
}

static CU_TestInfo bug_thread_cases[] = {
	{ "WARN_ON_ONCE from 8 threads at once: one report",
	  test_warn_on_once_threads },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/threads/bug", bug_thread_cases, NULL, NULL)

static CU_TestInfo bug_cases[] = {
	{ "WARN_ON returns the condition, counts, names file:line",
	  test_warn_on },
	{ "WARN_ON_ONCE reports once, returns every time", test_warn_on_once },
	{ "BUG_ON aborts naming file:line (fork)", test_bug_on },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/bug", bug_cases, NULL, NULL)
