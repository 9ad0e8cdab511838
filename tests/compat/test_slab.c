// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_slab.c - kmalloc accounting and fault injection, and
 * the slab caches (kmem_cache_*).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "tests/child.h"
#include "tests/faults.h"
#include "tests/ktest.h"

static void test_live_count(void)
{
	long before = kmalloc_live();
	void *a = kmalloc(10, GFP_KERNEL), *b = kzalloc(20, GFP_KERNEL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(kmalloc_live(), before + 2);
	kfree(a);
	CU_ASSERT_EQUAL(kmalloc_live(), before + 1);
	kfree(b);
	kfree(NULL);
	CU_ASSERT_EQUAL(kmalloc_live(), before);
}

static void test_kzalloc_zeroes_and_aligns(void)
{
	unsigned char *p = kzalloc(100, GFP_KERNEL);
	int i, zero = 1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	for (i = 0; i < 100; i++)
		zero &= p[i] == 0;
	CU_ASSERT(zero);
	CU_ASSERT_EQUAL((uintptr_t)p % 16, 0);
	kfree(p);
}

static void test_fail_nth(void)
{
	unsigned long fired = kmalloc_fault_fired();
	void *a, *b, *c;

	kmalloc_fail_nth(2);
	a = kmalloc(1, GFP_KERNEL);
	b = kmalloc(1, GFP_KERNEL);
	c = kmalloc(1, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL(a);
	CU_ASSERT_PTR_NULL(b);
	CU_ASSERT_PTR_NOT_NULL(c);
	CU_ASSERT_EQUAL(kmalloc_fault_fired(), fired + 1);
	kfree(a);
	kfree(c);
}

static void test_fail_after(void)
{
	void *p[5];
	int i;

	kmalloc_fail_after(2);
	for (i = 0; i < 5; i++)
		p[i] = kmalloc(8, GFP_KERNEL);
	kmalloc_fault_reset();
	CU_ASSERT_PTR_NOT_NULL(p[0]);
	CU_ASSERT_PTR_NOT_NULL(p[1]);
	CU_ASSERT_PTR_NULL(p[2]);
	CU_ASSERT_PTR_NULL(p[3]);
	CU_ASSERT_PTR_NULL(p[4]);
	for (i = 0; i < 5; i++)
		kfree(p[i]);
	p[0] = kmalloc(8, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL(p[0]);
	kfree(p[0]);
}

/* allocate @n blocks into @p, then free them; Return: which failed, as bits */
static unsigned long alloc_pattern(void **p, int n)
{
	unsigned long failed = 0;
	int i;

	for (i = 0; i < n; i++)
		p[i] = kmalloc(8, GFP_KERNEL);
	for (i = 0; i < n; i++) {
		if (!p[i])
			failed |= 1ul << i;
		kfree(p[i]);
	}
	return failed;
}

/*
 * KSTRUCT_FAIL_NTH and KSTRUCT_FAIL_AFTER take decimal digits only: a
 * value that is anything else is refused, named, and arms nothing (it
 * was read as 0 by strtoul(), or as a prefix of it); "010" is ten.
 */
static void test_fault_env(void)
{
	static const char *const bad_nth[] = {
		"abc",	"3x",  " 3",
		"3 ",	"+3",  "-1",
		"0x10", "1e3", "18446744073709551616",
	};
	static const char *const bad_after[] = {
		"x",
		"-1",
		"2.5",
		"9223372036854775808",
	};
	const char *bad;
	void *p[12];
	unsigned int i;

	unsetenv("KSTRUCT_FAIL_AFTER");
	for (i = 0; i < ARRAY_SIZE(bad_nth); i++) {
		setenv("KSTRUCT_FAIL_NTH", bad_nth[i], 1);
		bad = NULL;
		CU_ASSERT_EQUAL(kmalloc_fault_from_env(&bad), -EINVAL);
		CU_ASSERT_PTR_NOT_NULL(bad);
		if (bad)
			CU_ASSERT_STRING_EQUAL(bad, "KSTRUCT_FAIL_NTH");
		CU_ASSERT_EQUAL(alloc_pattern(p, 12), 0);
	}
	unsetenv("KSTRUCT_FAIL_NTH");
	for (i = 0; i < ARRAY_SIZE(bad_after); i++) {
		setenv("KSTRUCT_FAIL_AFTER", bad_after[i], 1);
		bad = NULL;
		CU_ASSERT_EQUAL(kmalloc_fault_from_env(&bad), -EINVAL);
		CU_ASSERT_PTR_NOT_NULL(bad);
		if (bad)
			CU_ASSERT_STRING_EQUAL(bad, "KSTRUCT_FAIL_AFTER");
		CU_ASSERT_EQUAL(alloc_pattern(p, 12), 0);
	}

	/* good values arm what they say, in decimal */
	unsetenv("KSTRUCT_FAIL_AFTER");
	setenv("KSTRUCT_FAIL_NTH", "010", 1);
	CU_ASSERT_EQUAL(kmalloc_fault_from_env(NULL), 0);
	CU_ASSERT_EQUAL(alloc_pattern(p, 12), 1ul << 9);
	unsetenv("KSTRUCT_FAIL_NTH");
	setenv("KSTRUCT_FAIL_AFTER", "2", 1);
	CU_ASSERT_EQUAL(kmalloc_fault_from_env(NULL), 0);
	CU_ASSERT_EQUAL(alloc_pattern(p, 5), 0x1cul);
	kmalloc_fault_reset();
	/* unset and empty are off */
	setenv("KSTRUCT_FAIL_AFTER", "", 1);
	CU_ASSERT_EQUAL(kmalloc_fault_from_env(NULL), 0);
	CU_ASSERT_EQUAL(alloc_pattern(p, 12), 0);
	unsetenv("KSTRUCT_FAIL_AFTER");
}

static void test_kstrdup(void)
{
	static const char text[] = "one name per thing";
	long live = kmalloc_live();
	char *copy = kstrdup(text, GFP_KERNEL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
	CU_ASSERT(copy != text);
	CU_ASSERT_STRING_EQUAL(copy, text);
	CU_ASSERT_EQUAL(kmalloc_live(), live + 1);
	kfree(copy);
	CU_ASSERT_PTR_NULL(kstrdup(NULL, GFP_KERNEL));
	kmalloc_fail_nth(1);
	CU_ASSERT_PTR_NULL(kstrdup(text, GFP_KERNEL));
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static void test_kcalloc_overflow(void)
{
	CU_ASSERT_PTR_NULL(kcalloc(SIZE_MAX / 2, 4, GFP_KERNEL));
}

/*
 * Fault injection is process-wide: the countdowns are shared by every
 * thread, and each allocation takes one step of them atomically.  So with
 * threads racing, fail_nth(N) still fails exactly one allocation and
 * fail_after(N) still lets exactly N succeed.
 */
#define RACE_THREADS 8
#define RACE_ALLOCS 500

static pthread_barrier_t race_barrier;

struct race_thread {
	pthread_t thread;
	void *p[RACE_ALLOCS];
	int failed;
};

static void *race_thread_fn(void *arg)
{
	struct race_thread *t = arg;
	int i;

	pthread_barrier_wait(&race_barrier);
	for (i = 0; i < RACE_ALLOCS; i++) {
		t->p[i] = kmalloc(16, GFP_KERNEL);
		t->failed += !t->p[i];
	}
	return NULL;
}

/* all threads allocate at once; returns the number of failures */
static int race_allocations(struct race_thread *t)
{
	int i, j, failed = 0, started = 0;

	pthread_barrier_init(&race_barrier, NULL, RACE_THREADS);
	for (i = 0; i < RACE_THREADS; i++) {
		t[i].failed = 0;
		started += !pthread_create(&t[i].thread, NULL, race_thread_fn,
					   &t[i]);
	}
	CU_ASSERT_EQUAL_FATAL(started, RACE_THREADS);
	for (i = 0; i < RACE_THREADS; i++) {
		pthread_join(t[i].thread, NULL);
		failed += t[i].failed;
		for (j = 0; j < RACE_ALLOCS; j++)
			kfree(t[i].p[j]);
	}
	pthread_barrier_destroy(&race_barrier);
	return failed;
}

static void test_fault_injection_threads(void)
{
	static struct race_thread t[RACE_THREADS];
	long live = kmalloc_live();
	unsigned long fired = kmalloc_fault_fired();
	int total = RACE_THREADS * RACE_ALLOCS;

	kmalloc_fail_nth((unsigned long)total / 2);
	CU_ASSERT_EQUAL(race_allocations(t), 1);
	CU_ASSERT_EQUAL(kmalloc_fault_fired(), fired + 1);

	kmalloc_fault_reset();
	kmalloc_fail_after(total / 3);
	CU_ASSERT_EQUAL(race_allocations(t), total - total / 3);
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(kmalloc_fault_fired(),
			fired + 1 + (unsigned long)(total - total / 3));

	CU_ASSERT_EQUAL(race_allocations(t), 0);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static CU_TestInfo slab_thread_cases[] = {
	{ "fail_nth, fail_after: exact counts with 8 threads racing",
	  test_fault_injection_threads },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/threads/slab", slab_thread_cases, NULL, NULL)

static void child_double_free(int unused)
{
	void *p = kmalloc(24, GFP_KERNEL);

	(void)unused;
	kfree(p);
	kfree(p);
}

/*
 * kfree() twice: a BUG naming this file and line, and a message that
 * does not claim the pointer never came from kmalloc (after free() the
 * allocator may have overwritten the header's magic).  Not under ASan
 * or valgrind, which report the double free themselves first.
 */
static void test_double_free_is_a_bug(void)
{
	char out[1024], want[128];
	int status;

#if defined(__SANITIZE_ADDRESS__)
	return;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
	return;
#endif
#endif
	if (getenv("LD_PRELOAD") && strstr(getenv("LD_PRELOAD"), "vgpreload"))
		return;
	status = run_in_child(child_double_free, 0, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	snprintf(want, sizeof(want), "kernel BUG at %s:", __FILE__);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "freed"));
}

/* ------------------------------------------------------------------ */
/* slab caches                                                         */

struct obj440 {
	unsigned long word[55];
};

/* objects packed: no header between them, 440 bytes apart */
static void test_kmem_cache_packs(void)
{
	struct kmem_cache *c =
		kmem_cache_create("t440", sizeof(struct obj440), 0, 0, NULL);
	struct obj440 *o[300];
	long before = kmalloc_live();
	unsigned int i, adjacent = 0;
	size_t slabs;

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(kmem_cache_size(c), 440);
	CU_ASSERT_EQUAL(kmem_cache_slab_bytes(c), 0);
	slabs = kmem_slab_bytes();
	for (i = 0; i < 300; i++) {
		o[i] = kmem_cache_alloc(c, GFP_KERNEL);
		CU_ASSERT_PTR_NOT_NULL_FATAL(o[i]);
		CU_ASSERT_EQUAL((uintptr_t)o[i] % sizeof(void *), 0);
		memset(o[i], 0xa5, sizeof(*o[i]));
		if (i && (char *)o[i] - (char *)o[i - 1] == 440)
			adjacent++;
	}
	/* 148 objects a 64 KiB slab: all but the first of each adjacent */
	CU_ASSERT(adjacent >= 300 - 3);
	/* three slabs for 300, counted by the cache and over all caches */
	CU_ASSERT_EQUAL(kmem_cache_slab_bytes(c), 3 * 65536);
	CU_ASSERT_EQUAL(kmem_slab_bytes(), slabs + 3 * 65536);
	CU_ASSERT_EQUAL(kmem_cache_live(c), 300);
	CU_ASSERT_EQUAL(kmalloc_live(), before + 300);
	for (i = 0; i < 300; i++)
		kmem_cache_free(c, o[i]);
	kmem_cache_free(c, NULL);
	CU_ASSERT_EQUAL(kmem_cache_live(c), 0);
	CU_ASSERT_EQUAL(kmalloc_live(), before);
	/* the empty slabs went back but the last with room */
	CU_ASSERT_EQUAL(kmem_cache_slab_bytes(c), 65536);
	kmem_cache_destroy(c);
	CU_ASSERT_EQUAL(kmem_slab_bytes(), slabs);
}

/* a freed object is handed out again; zalloc zeroes; alignment kept */
static void test_kmem_cache_reuse_zero_align(void)
{
	struct kmem_cache *c =
		kmem_cache_create("t24", 24, 0, SLAB_HWCACHE_ALIGN, NULL);
	unsigned char *a, *b;
	int i, zero = 1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(kmem_cache_size(c), 64);
	a = kmem_cache_alloc(c, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL((uintptr_t)a % 64, 0);
	memset(a, 0xff, 24);
	kmem_cache_free(c, a);
	b = kmem_cache_zalloc(c, GFP_KERNEL);
	CU_ASSERT_PTR_EQUAL(b, a);
	for (i = 0; i < 24; i++)
		zero &= b[i] == 0;
	CU_ASSERT(zero);
	kmem_cache_free(c, b);
	kmem_cache_destroy(c);
	/* bad sizes and alignments are refused */
	CU_ASSERT_PTR_NULL(kmem_cache_create("t", 0, 0, 0, NULL));
	CU_ASSERT_PTR_NULL(kmem_cache_create("t", 1 << 20, 0, 0, NULL));
	CU_ASSERT_PTR_NULL(kmem_cache_create("t", 8, 24, 0, NULL));
}

static int ctor_calls;

static void ctor_mark(void *obj)
{
	ctor_calls++;
	*(unsigned long *)obj = 0x1234;
}

/* the constructor runs once per object, and its state survives a free */
static void test_kmem_cache_ctor(void)
{
	struct kmem_cache *c = kmem_cache_create("tctor", 16, 0, 0, ctor_mark);
	unsigned long *a, *b;

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	ctor_calls = 0;
	a = kmem_cache_alloc(c, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT(ctor_calls > 1); /* the whole slab */
	CU_ASSERT_EQUAL(*a, 0x1234);
	kmem_cache_free(c, a);
	b = kmem_cache_alloc(c, GFP_KERNEL);
	CU_ASSERT_PTR_EQUAL(b, a);
	CU_ASSERT_EQUAL(*b, 0x1234);
	kmem_cache_free(c, b);
	kmem_cache_destroy(c);
}

/* the countdowns count cache allocations; failslab off exempts a cache */
static void test_kmem_cache_fault_injection(void)
{
	struct kmem_cache *c = kmem_cache_create("tfail", 32, 0, 0, NULL);
	unsigned long fired = kmalloc_fault_fired();
	void *a, *b, *k;

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	kmalloc_fail_nth(2);
	a = kmem_cache_alloc(c, GFP_KERNEL);
	b = kmem_cache_alloc(c, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL(a);
	CU_ASSERT_PTR_NULL(b);
	CU_ASSERT_EQUAL(kmem_cache_fault_fired(c), 1);
	CU_ASSERT_EQUAL(kmalloc_fault_fired(), fired + 1);
	CU_ASSERT_EQUAL(kmem_cache_live(c), 1);

	kmem_cache_set_failslab(c, false);
	kmalloc_fail_nth(1);
	b = kmem_cache_alloc(c, GFP_KERNEL); /* exempt: no step taken */
	k = kmalloc(8, GFP_KERNEL); /* so this is the first */
	CU_ASSERT_PTR_NOT_NULL(b);
	CU_ASSERT_PTR_NULL(k);
	CU_ASSERT_EQUAL(kmem_cache_fault_fired(c), 1);
	kmalloc_fault_reset();
	kmem_cache_free(c, a);
	kmem_cache_free(c, b);
	kmem_cache_destroy(c);
}

/* destroying a cache with live objects keeps it, and says so */
static void child_destroy_live(int unused)
{
	struct kmem_cache *c = kmem_cache_create("tlive", 32, 0, 0, NULL);
	void *a = kmem_cache_alloc(c, GFP_KERNEL);

	(void)unused;
	kmem_cache_destroy(c);
	/* still usable */
	kmem_cache_free(c, a);
	if (kmem_cache_live(c) != 0)
		_exit(1);
	kmem_cache_destroy(c);
	_exit(0);
}

static void child_cache_double_free(int unused)
{
	struct kmem_cache *c = kmem_cache_create("tdouble", 32, 0, 0, NULL);
	void *a = kmem_cache_alloc(c, GFP_KERNEL);

	(void)unused;
	kmem_cache_free(c, a);
	kmem_cache_free(c, a);
}

static void child_cache_foreign_free(int unused)
{
	struct kmem_cache *c = kmem_cache_create("tone", 32, 0, 0, NULL);
	struct kmem_cache *d = kmem_cache_create("ttwo", 32, 0, 0, NULL);
	char *a = kmem_cache_alloc(c, GFP_KERNEL);

	(void)unused;
	kmem_cache_alloc(d, GFP_KERNEL);
	kmem_cache_free(c, a + 8); /* inside an object */
}

static void child_cache_wrong_cache(int unused)
{
	struct kmem_cache *c = kmem_cache_create("tone", 32, 0, 0, NULL);
	struct kmem_cache *d = kmem_cache_create("ttwo", 32, 0, 0, NULL);
	void *a = kmem_cache_alloc(c, GFP_KERNEL);

	(void)unused;
	kmem_cache_free(d, a);
}

static void test_kmem_cache_bad_free(void)
{
	char out[1024];
	int status;

	status = run_in_child(child_destroy_live, 0, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "tlive): 1 objects remaining"));

	status = run_in_child(child_cache_double_free, 0, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "double free"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, __FILE__));

	status = run_in_child(child_cache_foreign_free, 0, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "not the start of an object"));

	status = run_in_child(child_cache_wrong_cache, 0, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "not an object of this cache"));
}

/*
 * @nr allocations, all freed again; the index of the one that failed
 * (-1 when none did) in *@failed.  Return: 0, or -ENOMEM.
 */
static int make_and_free(int nr, int *failed)
{
	void *p[4];
	int i, ret = 0;

	*failed = -1;
	for (i = 0; i < nr; i++) {
		p[i] = kmalloc(8, GFP_KERNEL);
		if (!p[i] && *failed < 0) {
			*failed = i;
			ret = -ENOMEM;
		}
	}
	for (i = 0; i < nr; i++)
		kfree(p[i]);
	return ret;
}

/*
 * tests/faults.h's loop: one pass per allocation, failing that one alone,
 * each followed by the body with fault injection off; then the pass that
 * fails nothing ends it, body not run, with n one past the allocations.
 */
static void test_for_each_alloc_failure(void)
{
	unsigned long n, fired = kmalloc_fault_fired();
	int visits = 0, failed, ret;
	void *p;

	for_each_alloc_failure(n, ret = make_and_free(3, &failed)) {
		CU_ASSERT_EQUAL(n, (unsigned long)++visits);
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_EQUAL(failed, (int)n - 1);
		CU_ASSERT_EQUAL(kmalloc_fault_fired(), fired + n);
	}
	CU_ASSERT_EQUAL(visits, 3);
	CU_ASSERT_EQUAL(n, 4);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_EQUAL(failed, -1);
	/* the last pass armed the 4th allocation: the loop disarmed it */
	p = kmalloc(8, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL(p);
	kfree(p);
	CU_ASSERT_EQUAL(kmalloc_fault_fired(), fired + 3);

	/* an operation that allocates nothing: no pass fails, no body */
	for_each_alloc_failure(n, ret = make_and_free(0, &failed))
		visits++;
	CU_ASSERT_EQUAL(visits, 3);
	CU_ASSERT_EQUAL(n, 1);
	p = kmalloc(8, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL(p);
	kfree(p);
	CU_ASSERT_EQUAL(kmalloc_fault_fired(), fired + 3);
}

static CU_TestInfo slab_cases[] = {
	{ "live count", test_live_count },
	{ "kzalloc zeroes, 16-byte aligned", test_kzalloc_zeroes_and_aligns },
	{ "fail the Nth allocation", test_fail_nth },
	{ "fail every allocation after N", test_fail_after },
	{ "for_each_alloc_failure: each allocation once, then the success",
	  test_for_each_alloc_failure },
	{ "KSTRUCT_FAIL_* from the environment: decimal or refused",
	  test_fault_env },
	{ "kcalloc size overflow is NULL", test_kcalloc_overflow },
	{ "kstrdup: a copy, NULL for NULL, fault injection", test_kstrdup },
	{ "kfree twice is a BUG that says freed (fork)",
	  test_double_free_is_a_bug },
	{ "kmem_cache: objects packed with no header, live counts",
	  test_kmem_cache_packs },
	{ "kmem_cache: reuse, zalloc, SLAB_HWCACHE_ALIGN, bad arguments",
	  test_kmem_cache_reuse_zero_align },
	{ "kmem_cache: the constructor's state", test_kmem_cache_ctor },
	{ "kmem_cache: fault injection counts it, failslab off exempts it",
	  test_kmem_cache_fault_injection },
	{ "kmem_cache: destroy with live objects; double, inner, foreign free (fork)",
	  test_kmem_cache_bad_free },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/slab", slab_cases, NULL, NULL)
