// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_completion.c - struct completion: counting, the
 * waiter-on-the-stack guarantee (the completion is destroyed and
 * overwritten the moment the wait returns, hundreds of times; ASan and
 * TSan would see complete() still touching it), and complete_all()
 * releasing every waiter.  Threaded: a "<subsystem>/threads/<topic>" suite.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "compat/completion.h"
#include "tests/ktest.h"

static void test_counting(void)
{
	struct completion c;

	init_completion(&c);
	CU_ASSERT_FALSE(completion_done(&c));
	CU_ASSERT_FALSE(try_wait_for_completion(&c));
	complete(&c);
	complete(&c);
	CU_ASSERT(completion_done(&c));
	wait_for_completion(&c); /* does not block: one left */
	CU_ASSERT(try_wait_for_completion(&c));
	CU_ASSERT_FALSE(try_wait_for_completion(&c));
	CU_ASSERT_FALSE(completion_done(&c));
	destroy_completion(&c);
}

static void test_declare_and_complete_all_sticks(void)
{
	DECLARE_COMPLETION(c);
	int i;

	CU_ASSERT_FALSE(completion_done(&c));
	complete_all(&c);
	for (i = 0; i < 5; i++) {
		wait_for_completion(&c);
		CU_ASSERT(try_wait_for_completion(&c));
	}
	CU_ASSERT(completion_done(&c));
	complete(&c); /* stays "all" */
	CU_ASSERT_EQUAL(c.done, COMPLETION_DONE_ALL);
	destroy_completion(&c);
}

static void *completer(void *arg)
{
	complete(arg);
	return NULL;
}

/* the waiter's completion lives on its stack and dies right away */
static void test_waiter_on_stack(void)
{
	int i, started = 0;

	for (i = 0; i < 300; i++) {
		struct completion c;
		pthread_t t;

		init_completion(&c);
		if (pthread_create(&t, NULL, completer, &c))
			break;
		started++;
		wait_for_completion(&c);
		destroy_completion(&c);
		memset(&c, 0xa5, sizeof(c)); /* the stack slot is reused */
		pthread_join(t, NULL);
	}
	CU_ASSERT_EQUAL(started, 300);
}

#define NR_WAITERS 8

struct waiter_arg {
	struct completion *c;
	atomic_int *passed;
};

static void *waiter(void *arg)
{
	struct waiter_arg *w = arg;

	wait_for_completion(w->c);
	atomic_fetch_add(w->passed, 1);
	return NULL;
}

static void test_complete_all_releases_many(void)
{
	struct completion c;
	struct waiter_arg w;
	pthread_t t[NR_WAITERS];
	atomic_int passed;
	int i, started = 0;

	init_completion(&c);
	atomic_init(&passed, 0);
	w.c = &c;
	w.passed = &passed;
	for (i = 0; i < NR_WAITERS; i++)
		if (pthread_create(&t[i], NULL, waiter, &w) == 0)
			started++;
	complete_all(&c);
	for (i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	CU_ASSERT_EQUAL(started, NR_WAITERS);
	CU_ASSERT_EQUAL(atomic_load(&passed), NR_WAITERS);
	destroy_completion(&c);
}

/* complete() n times releases exactly n waiters */
static void test_complete_releases_one_each(void)
{
	struct completion c;
	struct waiter_arg w;
	pthread_t t[NR_WAITERS];
	atomic_int passed;
	int i, started = 0;

	init_completion(&c);
	atomic_init(&passed, 0);
	w.c = &c;
	w.passed = &passed;
	for (i = 0; i < NR_WAITERS; i++)
		if (pthread_create(&t[i], NULL, waiter, &w) == 0)
			started++;
	for (i = 0; i < started; i++)
		complete(&c);
	for (i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	CU_ASSERT_EQUAL(atomic_load(&passed), started);
	CU_ASSERT_FALSE(completion_done(&c)); /* all consumed */
	destroy_completion(&c);
}

static CU_TestInfo completion_cases[] = {
	{ "complete, try_wait_for_completion, completion_done count",
	  test_counting },
	{ "DECLARE_COMPLETION; complete_all lets every later wait pass",
	  test_declare_and_complete_all_sticks },
	{ "waiter's completion on its stack, reused at once",
	  test_waiter_on_stack },
	{ "complete_all releases many waiters",
	  test_complete_all_releases_many },
	{ "n complete()s release n waiters", test_complete_releases_one_each },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/threads/completion", completion_cases, NULL, NULL)
