// SPDX-License-Identifier: MIT
/*
 * tests/runner.c - the CUnit runner shared by every test binary.
 *
 * Usage: test-<subsystem> [-l] [--threaded] [SUITE-PREFIX...] [=SUITE...]
 *   -l          list the registered suites and their tests, run nothing
 *   --threaded  run only the threaded suites, "<subsystem>/threads/<topic>"
 *               (the ones CI runs again under ThreadSanitizer)
 *   prefix      run only the suites whose name starts with one of them
 *   =name       and the suite of exactly that name (scripts/run-valgrind.sh
 *               runs each suite on its own so)
 *
 * Runs in CUnit's verbose basic mode, prints CUnit's run summary, then one
 * line "<binary>: N passed, M failed" (tests, with failed suite inits and
 * cleanups counted as failures), and exits non-zero when anything failed.
 * CU_basic_run_tests() returns success even when tests fail, and
 * CU_cleanup_registry() clears the counters, so the counts are read first.
 *
 * Around every suite it checks that the suite leaks no kmalloc()
 * allocation, and that a suite whose test code starts a thread is named
 * as a threaded one (tests/ktest.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "compat/slab.h"
#include "tests/ktest.h"

#undef pthread_create /* this file starts the threads ktest.h counts */

const char *ktest_argv0;

static struct ktest_suite *suites;
static long live_at_init;
static unsigned long threads_started, threads_at_init;

int ktest_pthread_create(pthread_t *thread, const pthread_attr_t *attr,
			 void *(*fn)(void *), void *arg)
{
	int ret = pthread_create(thread, attr, fn, arg);

	if (!ret)
		__atomic_fetch_add(&threads_started, 1, __ATOMIC_RELAXED);
	return ret;
}

/* the naming rule of threaded suites: "<subsystem>/threads/<topic>" */
static bool threaded(const char *name)
{
	const char *slash = strchr(name, '/');

	return slash && !strncmp(slash + 1, "threads/", 8) && slash[9];
}

void ktest_register(struct ktest_suite *suite)
{
	struct ktest_suite **p = &suites;

	/* keep them sorted by name so every run has the same order */
	while (*p && strcmp((*p)->name, suite->name) < 0)
		p = &(*p)->next;
	suite->next = *p;
	*p = suite;
}

static struct ktest_suite *current_suite(void)
{
	CU_pSuite cu = CU_get_current_suite();
	struct ktest_suite *s;

	for (s = suites; cu && s; s = s->next)
		if (!strcmp(s->name, cu->pName))
			return s;
	return NULL;
}

static int suite_init(void)
{
	struct ktest_suite *s = current_suite();

	live_at_init = kmalloc_live();
	threads_at_init = __atomic_load_n(&threads_started, __ATOMIC_RELAXED);
	return s && s->init ? s->init() : 0;
}

static int suite_cleanup(void)
{
	struct ktest_suite *s = current_suite();
	int ret = s && s->cleanup ? s->cleanup() : 0;
	long leaked = kmalloc_live() - live_at_init;
	unsigned long started =
		__atomic_load_n(&threads_started, __ATOMIC_RELAXED) -
		threads_at_init;

	kmalloc_fault_reset();
	if (leaked) {
		fprintf(stderr,
			"\nsuite %s: %ld kmalloc allocation(s) leaked\n",
			s ? s->name : "?", leaked);
		return 1;
	}
	if (started && s && !threaded(s->name)) {
		fprintf(stderr,
			"\nsuite %s: started %lu thread(s), but is not "
			"named <subsystem>/threads/<topic>\n",
			s->name, started);
		return 1;
	}
	return ret;
}

static int selected(const char *name, int argc, char **argv)
{
	int i, any = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--threaded") && !threaded(name))
			return 0;
	}
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-')
			continue;
		any = 1;
		if (argv[i][0] == '=' ?
			    !strcmp(name, argv[i] + 1) :
			    !strncmp(name, argv[i], strlen(argv[i])))
			return 1;
	}
	return !any;
}

int main(int argc, char **argv)
{
	struct ktest_suite *s;
	unsigned int run, failed, suites_failed;
	const char *me = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 :
						 argv[0];
	int list_only = argc > 1 && !strcmp(argv[1], "-l");
	const char *bad;
	int i;

	ktest_argv0 = argv[0];
	if (kmalloc_fault_from_env(&bad)) {
		fprintf(stderr, "%s: %s=\"%s\" is not a whole number\n", me,
			bad, getenv(bad));
		return 2;
	}
	if (argc > 1 &&
	    (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("usage: %s [-l] [--threaded] [SUITE-PREFIX...] "
		       "[=SUITE...]\n",
		       me);
		return 0;
	}
	if (list_only) {
		for (s = suites; s; s = s->next) {
			printf("%s\n", s->name);
			for (i = 0; s->cases[i].pName; i++)
				printf("  %s\n", s->cases[i].pName);
		}
		return 0;
	}
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	for (s = suites; s; s = s->next) {
		CU_pSuite cu;

		if (!selected(s->name, argc, argv))
			continue;
		cu = CU_add_suite(s->name, suite_init, suite_cleanup);
		if (!cu)
			goto fail;
		for (i = 0; s->cases[i].pName; i++)
			if (!CU_add_test(cu, s->cases[i].pName,
					 s->cases[i].pTestFunc))
				goto fail;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	run = CU_get_number_of_tests_run();
	failed = CU_get_number_of_tests_failed();
	suites_failed = CU_get_number_of_suites_failed();
	CU_cleanup_registry();
	printf("\n%s: %u passed, %u failed\n", me, run - failed,
	       failed + suites_failed);
	return failed + suites_failed ? 1 : 0;
fail:
	fprintf(stderr, "%s: CUnit registry error: %s\n", me,
		CU_get_error_msg());
	CU_cleanup_registry();
	return 2;
}
