/* SPDX-License-Identifier: MIT */
/*
 * tests/ktest.h - how a test file registers its CUnit suites.
 *
 * A test file lists its cases in a CU_TestInfo array and registers it with
 * KTEST_SUITE(); the runner (tests/runner.c) finds every registered suite,
 * so no central list needs editing.  The runner also checks, around every
 * suite, that kmalloc_live() comes back to where it started: a suite that
 * leaks fails its cleanup, and CUnit counts that as a failed suite.
 *
 * CUnit is not thread-safe: never use a CU_ASSERT in a worker thread.
 * Collect results in the thread, join it, then assert.
 *
 * Threaded suites are named "<subsystem>/threads/<topic>": the runner's
 * --threaded selects exactly those (CI runs them under ThreadSanitizer
 * and make check-jitter), and it fails a suite by any other name whose
 * test code starts a thread.  To see that, a file that includes this
 * header calls ktest_pthread_create() where it says pthread_create():
 * the runner counts the thread and starts it with pthread_create().
 * (Threads the code under test starts itself, such as the scheduler's
 * migration threads, are not counted: a suite that tests such code
 * running concurrently is named by the rule by hand.)
 */
#ifndef KSTRUCT_TESTS_KTEST_H
#define KSTRUCT_TESTS_KTEST_H

#include <pthread.h>

#include <CUnit/CUnit.h>

struct ktest_suite {
	const char *name;
	CU_TestInfo *cases;
	CU_InitializeFunc init;
	CU_CleanupFunc cleanup;
	struct ktest_suite *next;
};

void ktest_register(struct ktest_suite *suite);

#define __KTEST_CAT2(a, b) a##b
#define __KTEST_CAT(a, b) __KTEST_CAT2(a, b)

/**
 * KTEST_SUITE() - register a suite
 * @sname: its name, "subsystem/topic" (the runner can filter on a prefix)
 * @scases: a CU_TestInfo array ending in CU_TEST_INFO_NULL
 * @sinit: suite init function or NULL
 * @scleanup: suite cleanup function or NULL
 */
#define KTEST_SUITE(sname, scases, sinit, scleanup)                       \
	static struct ktest_suite __KTEST_CAT(ktest_suite_, __LINE__) = { \
		.name = (sname),                                          \
		.cases = (scases),                                        \
		.init = (sinit),                                          \
		.cleanup = (scleanup),                                    \
	};                                                                \
	static void __attribute__((constructor))                          \
	__KTEST_CAT(ktest_register_, __LINE__)(void)                      \
	{                                                                 \
		ktest_register(&__KTEST_CAT(ktest_suite_, __LINE__));     \
	}

/* the path of the running test binary's folder (for helper files) */
extern const char *ktest_argv0;

/* pthread_create(), counted for the suite that runs (see above) */
int ktest_pthread_create(pthread_t *thread, const pthread_attr_t *attr,
			 void *(*fn)(void *), void *arg);
#define pthread_create ktest_pthread_create

#endif /* KSTRUCT_TESTS_KTEST_H */
