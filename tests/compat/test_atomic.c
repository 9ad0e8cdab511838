// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_atomic.c - struct atomic: each operation's value and
 * return, and threads incrementing and decrementing concurrently.
 */
#include <pthread.h>

#include "compat/atomic.h"
#include "tests/ktest.h"

static void test_atomic_ops(void)
{
	struct atomic v = ATOMIC_INIT(5);

	CU_ASSERT_EQUAL(atomic_read(&v), 5);
	atomic_set(&v, 10);
	CU_ASSERT_EQUAL(atomic_read(&v), 10);
	atomic_add(7, &v);
	CU_ASSERT_EQUAL(atomic_read(&v), 17);
	atomic_sub(9, &v);
	CU_ASSERT_EQUAL(atomic_read(&v), 8);
	atomic_inc(&v);
	CU_ASSERT_EQUAL(atomic_read(&v), 9);
	atomic_dec(&v);
	CU_ASSERT_EQUAL(atomic_read(&v), 8);
	CU_ASSERT_EQUAL(atomic_inc_return(&v), 9);
	CU_ASSERT_EQUAL(atomic_dec_return(&v), 8);
	atomic_set(&v, 2);
	CU_ASSERT_FALSE(atomic_dec_and_test(&v));
	CU_ASSERT(atomic_dec_and_test(&v)); /* reached zero */
	CU_ASSERT_FALSE(atomic_dec_and_test(&v)); /* went past it */
	CU_ASSERT_EQUAL(atomic_read(&v), -1);
}

#define NR_THREADS 4
#define NR_OPS 50000

static struct atomic shared = ATOMIC_INIT(0);
static struct atomic zero_hits = ATOMIC_INIT(0);

static void *hammer(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < NR_OPS; i++) {
		atomic_inc(&shared);
		atomic_add(3, &shared);
		atomic_sub(2, &shared);
	}
	return NULL;
}

/* a reference count dropped by many threads hits zero exactly once */
static void *drop_refs(void *arg)
{
	struct atomic *ref = arg;
	int i;

	for (i = 0; i < NR_OPS; i++)
		if (atomic_dec_and_test(ref))
			atomic_inc(&zero_hits);
	return NULL;
}

static void test_atomic_threads(void)
{
	struct atomic ref = ATOMIC_INIT(NR_THREADS * NR_OPS);
	pthread_t t[NR_THREADS];
	int i;

	atomic_set(&shared, 0);
	for (i = 0; i < NR_THREADS; i++)
		CU_ASSERT_FATAL(pthread_create(&t[i], NULL, hammer, NULL) == 0);
	for (i = 0; i < NR_THREADS; i++)
		pthread_join(t[i], NULL);
	CU_ASSERT_EQUAL(atomic_read(&shared), 2 * NR_THREADS * NR_OPS);

	atomic_set(&zero_hits, 0);
	for (i = 0; i < NR_THREADS; i++)
		CU_ASSERT_FATAL(pthread_create(&t[i], NULL, drop_refs, &ref) ==
				0);
	for (i = 0; i < NR_THREADS; i++)
		pthread_join(t[i], NULL);
	CU_ASSERT_EQUAL(atomic_read(&ref), 0);
	CU_ASSERT_EQUAL(atomic_read(&zero_hits), 1);
}

static CU_TestInfo atomic_cases[] = {
	{ "atomic_read/set/add/sub/inc/dec, _return, dec_and_test",
	  test_atomic_ops },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/atomic", atomic_cases, NULL, NULL)

static CU_TestInfo atomic_thread_cases[] = {
	{ "threads: exact sum; dec_and_test hits zero once",
	  test_atomic_threads },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/threads/atomic", atomic_thread_cases, NULL, NULL)
