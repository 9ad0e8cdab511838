// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_ktime.c - ktime_get_ns() against clock_gettime()
 * itself, and the threaded tests' peers_wait_more() (tests/peers.c),
 * which is built on it.
 */
#include <time.h>

#include "compat/ktime.h"
#include "tests/ktest.h"
#include "tests/peers.h"

static uint64_t timespec_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000ull + (uint64_t)ts->tv_nsec;
}

/* bracketed by two direct reads: a wrong unit or clock falls outside */
_Static_assert(NSEC_PER_SEC == 1000 * NSEC_PER_MSEC,
	       "a second is a thousand milliseconds of nanoseconds");

static void test_ktime_get_ns_is_monotonic_ns(void)
{
	struct timespec before, after;
	uint64_t now;
	int i, outside = 0;

	for (i = 0; i < 1000; i++) {
		clock_gettime(CLOCK_MONOTONIC, &before);
		now = ktime_get_ns();
		clock_gettime(CLOCK_MONOTONIC, &after);
		outside += now < timespec_ns(&before) ||
			   now > timespec_ns(&after);
	}
	CU_ASSERT_EQUAL(outside, 0);
}

static void test_ktime_get_ns_never_goes_back(void)
{
	uint64_t prev = ktime_get_ns(), now;
	int i, back = 0;

	for (i = 0; i < 100000; i++) {
		now = ktime_get_ns();
		back += now < prev;
		prev = now;
	}
	CU_ASSERT_EQUAL(back, 0);
}

/* a sleep of 2 ms moves it by at least 2 ms (POSIX: never less) */
static void test_ktime_get_ns_counts_a_sleep(void)
{
	const struct timespec two_ms = { .tv_nsec = 2 * 1000 * 1000 };
	uint64_t t0 = ktime_get_ns();

	nanosleep(&two_ms, NULL);
	CU_ASSERT(ktime_get_ns() - t0 >= 2 * NSEC_PER_MSEC);
}

static void test_peers_wait_more(void)
{
	struct peers_wait wait = { 0 };
	uint64_t t0 = ktime_get_ns(), t1;

	/* the first call starts the clock, PEERS_WAIT_S from now, and waits */
	CU_ASSERT_TRUE(peers_wait_more(&wait));
	t1 = ktime_get_ns();
	CU_ASSERT(wait.deadline >= t0 + PEERS_WAIT_S * NSEC_PER_SEC);
	CU_ASSERT(wait.deadline <= t1 + PEERS_WAIT_S * NSEC_PER_SEC);
	CU_ASSERT(t1 - t0 >= 200 * 1000); /* it paused 200 us */
	/* later calls keep that deadline */
	t0 = wait.deadline;
	CU_ASSERT_TRUE(peers_wait_more(&wait));
	CU_ASSERT_EQUAL(wait.deadline, t0);
	/* once the deadline has passed: no more waiting */
	wait.deadline = ktime_get_ns() - 1;
	CU_ASSERT_FALSE(peers_wait_more(&wait));
	CU_ASSERT_FALSE(peers_wait_more(&wait));
}

static CU_TestInfo ktime_cases[] = {
	{ "ktime_get_ns: CLOCK_MONOTONIC in ns",
	  test_ktime_get_ns_is_monotonic_ns },
	{ "ktime_get_ns never goes back", test_ktime_get_ns_never_goes_back },
	{ "ktime_get_ns counts a 2 ms sleep",
	  test_ktime_get_ns_counts_a_sleep },
	{ "peers_wait_more: deadline set once, then refused past it",
	  test_peers_wait_more },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/ktime", ktime_cases, NULL, NULL)
