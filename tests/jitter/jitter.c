// SPDX-License-Identifier: MIT
/*
 * tests/jitter/jitter.c - an LD_PRELOAD shim that starts every new thread
 * late, for `make check-jitter`.
 *
 * A threaded test may quietly assume that the threads it creates start at
 * once and in order: that a reader has run before the writer's last step,
 * that a walker saw the bus while its owners were still busy.  On a quiet
 * machine that holds; under valgrind, or on a loaded CI runner, it may
 * not, and the test fails for no fault of the code under test.  This shim
 * wraps pthread_create() so that each new thread first sleeps, which
 * makes such hidden assumptions fail often (for the two this shim found,
 * on 2 or 3 seeds in 8) instead of once in many CI runs.
 *
 * A process's first FULL_FIRST threads, and one in LONG_ONE_IN after
 * them, sleep for 0..KSTRUCT_JITTER_MS milliseconds (default 500); the
 * others for at most a fiftieth of that.  So every thread starts out of
 * turn, the few threads of a typical test start very late, and a test
 * that starts hundreds of threads one after another (compat's completion
 * tests) still finishes in seconds.  The n-th thread a process creates
 * sleeps for a delay drawn from KSTRUCT_JITTER_SEED (default 1) and n
 * alone, so a failing run is repeated by running it again with the same
 * seed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define FULL_FIRST 64
#define LONG_ONE_IN 8

struct late_start {
	void *(*fn)(void *);
	void *arg;
	unsigned long delay_ms;
};

static atomic_ulong nr_created;
static int (*real_create)(pthread_t *, const pthread_attr_t *,
			  void *(*)(void *), void *);

static unsigned long env_ulong(const char *name, unsigned long dflt,
			       unsigned long max)
{
	const char *s = getenv(name);
	char *end;
	unsigned long v;

	if (!s || !*s)
		return dflt;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || *s == '-' || v > max) {
		fprintf(stderr, "jitter: %s=%s is not a number from 0 to %lu\n",
			name, s, max);
		abort();
	}
	return v;
}

/* splitmix64's finaliser: spreads (seed, n) over all 64 bits */
static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* the delay of a process's n-th new thread */
static unsigned long jitter_ms(uint64_t seed, unsigned long n,
			       unsigned long max_ms)
{
	uint64_t r = mix(seed * 0x100000001b3ull + n);

	if (n >= FULL_FIRST && r % LONG_ONE_IN)
		max_ms /= 50;
	return (unsigned long)((r / LONG_ONE_IN) % (max_ms + 1));
}

static void *start_late(void *p)
{
	struct late_start ls = *(struct late_start *)p;
	struct timespec ts = {
		.tv_sec = (time_t)(ls.delay_ms / 1000),
		.tv_nsec = (long)(ls.delay_ms % 1000) * 1000000L,
	};

	free(p);
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
	return ls.fn(ls.arg);
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
		   void *(*fn)(void *), void *arg)
{
	unsigned long max_ms = env_ulong("KSTRUCT_JITTER_MS", 500, 60000);
	uint64_t seed = env_ulong("KSTRUCT_JITTER_SEED", 1, ULONG_MAX);
	struct late_start *ls;
	int ret;

	if (!__atomic_load_n(&real_create, __ATOMIC_ACQUIRE)) {
		void *sym = dlsym(RTLD_NEXT, "pthread_create");

		if (!sym)
			return EAGAIN;
		/* POSIX: a dlsym() result may be stored as a function pointer */
		__atomic_store_n((void **)&real_create, sym, __ATOMIC_RELEASE);
	}
	ls = malloc(sizeof(*ls));
	if (!ls)
		return EAGAIN;
	ls->fn = fn;
	ls->arg = arg;
	ls->delay_ms =
		jitter_ms(seed, atomic_fetch_add(&nr_created, 1), max_ms);
	ret = __atomic_load_n(&real_create, __ATOMIC_ACQUIRE)(thread, attr,
							      start_late, ls);
	if (ret)
		free(ls);
	return ret;
}
