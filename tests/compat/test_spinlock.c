// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_spinlock.c - struct spinlock and struct rwlock: threads count
 * under the lock and the total is exact; readers under read_lock never
 * see a writer's half-done update; trylock fails while the lock is held
 * (by a reader or a writer, for write_trylock).
 * Threaded: a "<subsystem>/threads/<topic>" suite.
 */
#include <pthread.h>
#include <sched.h>

#include "compat/spinlock.h"
#include "tests/ktest.h"

#define NR_THREADS 4
#define NR_INCS 20000

static DEFINE_SPINLOCK(count_lock);
static long counter;

static void *count_under_spinlock(void *arg)
{
	unsigned long flags;
	int i;

	(void)arg;
	for (i = 0; i < NR_INCS; i++) {
		switch (i % 3) {
		case 0:
			spin_lock(&count_lock);
			counter++;
			spin_unlock(&count_lock);
			break;
		case 1:
			spin_lock_irq(&count_lock);
			counter++;
			spin_unlock_irq(&count_lock);
			break;
		default:
			spin_lock_irqsave(&count_lock, flags);
			counter++;
			spin_unlock_irqrestore(&count_lock, flags);
			break;
		}
	}
	return NULL;
}

static void test_spinlock_counts_exactly(void)
{
	pthread_t t[NR_THREADS];
	int i, started = 0;

	counter = 0;
	for (i = 0; i < NR_THREADS; i++)
		if (pthread_create(&t[i], NULL, count_under_spinlock, NULL) ==
		    0)
			started++;
	for (i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	CU_ASSERT_EQUAL(started, NR_THREADS);
	CU_ASSERT_EQUAL(counter, (long)NR_THREADS * NR_INCS);
}

static void *try_from_other_thread(void *arg)
{
	long got = spin_trylock(arg);

	if (got)
		spin_unlock(arg);
	return (void *)got;
}

static void test_spin_trylock(void)
{
	struct spinlock lock;
	pthread_t t;
	void *got = NULL;

	spin_lock_init(&lock);
	CU_ASSERT(spin_trylock(&lock));
	/* held: another thread cannot take it */
	CU_ASSERT_FATAL(
		pthread_create(&t, NULL, try_from_other_thread, &lock) == 0);
	pthread_join(t, &got);
	CU_ASSERT_PTR_NULL(got);
	spin_unlock(&lock);
	CU_ASSERT_FATAL(
		pthread_create(&t, NULL, try_from_other_thread, &lock) == 0);
	pthread_join(t, &got);
	CU_ASSERT_PTR_NOT_NULL(got);
	spin_lock_destroy(&lock);
}

static DEFINE_RWLOCK(pair_lock);
static long pair_a, pair_b; /* equal whenever unlocked */

struct rw_result {
	long reads;
	long torn;
};

static void *rw_reader(void *arg)
{
	struct rw_result *r = arg;
	int i;

	for (i = 0; i < NR_INCS; i++) {
		read_lock(&pair_lock);
		if (pair_a != pair_b)
			r->torn++;
		read_unlock(&pair_lock);
		r->reads++;
	}
	return NULL;
}

static void *rw_writer(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < NR_INCS; i++) {
		write_lock(&pair_lock);
		pair_a++;
		sched_yield(); /* a reader let in now would see a != b */
		pair_b++;
		write_unlock(&pair_lock);
	}
	return NULL;
}

static void test_rwlock_readers_never_see_torn_pairs(void)
{
	struct rw_result r[2] = { { 0, 0 }, { 0, 0 } };
	pthread_t rt[2], wt[2];
	int i;

	pair_a = pair_b = 0;
	for (i = 0; i < 2; i++) {
		CU_ASSERT_FATAL(
			pthread_create(&rt[i], NULL, rw_reader, &r[i]) == 0);
		CU_ASSERT_FATAL(pthread_create(&wt[i], NULL, rw_writer, NULL) ==
				0);
	}
	for (i = 0; i < 2; i++) {
		pthread_join(rt[i], NULL);
		pthread_join(wt[i], NULL);
	}
	CU_ASSERT_EQUAL(r[0].torn + r[1].torn, 0);
	CU_ASSERT_EQUAL(r[0].reads + r[1].reads, 2L * NR_INCS);
	CU_ASSERT_EQUAL(pair_a, 2L * NR_INCS);
	CU_ASSERT_EQUAL(pair_b, 2L * NR_INCS);
}

/*
 * Who may take the lock while whom holds it, each answer deterministic:
 * write_trylock() from another thread fails while a reader or a writer
 * holds it, and succeeds once all have left; a second thread's reader
 * gets in beside the main thread's (were reads exclusive, it would never
 * return).
 */
static DEFINE_RWLOCK(share_lock);

static void *read_once(void *arg)
{
	(void)arg;
	read_lock(&share_lock);
	read_unlock(&share_lock);
	return NULL;
}

static void *write_try(void *arg)
{
	int *taken = arg;

	*taken = write_trylock(&share_lock);
	if (*taken)
		write_unlock(&share_lock);
	return NULL;
}

/* write_trylock() of @lock from another thread: 1 when it got it */
static int write_try_elsewhere(void)
{
	int taken = -1;
	pthread_t t;

	CU_ASSERT_FATAL(pthread_create(&t, NULL, write_try, &taken) == 0);
	pthread_join(t, NULL);
	return taken;
}

static void test_rwlock_who_gets_in(void)
{
	pthread_t t;

	read_lock(&share_lock);
	CU_ASSERT_FATAL(pthread_create(&t, NULL, read_once, NULL) == 0);
	pthread_join(t, NULL);
	CU_ASSERT_EQUAL(write_try_elsewhere(), 0); /* a reader holds it */
	read_lock(&share_lock); /* nested */
	read_unlock(&share_lock);
	CU_ASSERT_EQUAL(write_try_elsewhere(), 0); /* still one */
	read_unlock(&share_lock);
	CU_ASSERT_EQUAL(write_try_elsewhere(), 1); /* free */

	write_lock(&share_lock);
	CU_ASSERT_EQUAL(write_try_elsewhere(), 0); /* a writer holds it */
	write_unlock(&share_lock);
	CU_ASSERT_EQUAL(write_trylock(&share_lock), 1);
	CU_ASSERT_EQUAL(write_try_elsewhere(), 0);
	write_unlock(&share_lock);
	CU_ASSERT_EQUAL(write_try_elsewhere(), 1);
}

static void test_rwlock_init_destroy(void)
{
	struct rwlock l;

	rwlock_init(&l);
	read_lock(&l);
	read_lock(&l); /* readers share */
	read_unlock(&l);
	read_unlock(&l);
	write_lock(&l);
	write_unlock(&l);
	rwlock_destroy(&l);
	CU_PASS("init, shared read, write, destroy");
}

static CU_TestInfo lock_cases[] = {
	{ "spin_lock/_irq/_irqsave: threads count exactly",
	  test_spinlock_counts_exactly },
	{ "spin_trylock fails while held", test_spin_trylock },
	{ "rwlock: readers never see a torn pair",
	  test_rwlock_readers_never_see_torn_pairs },
	{ "rwlock: write_trylock fails while anyone holds it, readers share",
	  test_rwlock_who_gets_in },
	{ "rwlock_init, shared readers, rwlock_destroy",
	  test_rwlock_init_destroy },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/threads/locks", lock_cases, NULL, NULL)
