// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_jiffies.c - time_after() and friends across the
 * wrap-around of an unsigned long, and msecs_to_jiffies() at several HZ.
 */
#include <limits.h>

#include "compat/compiler.h"
#include "compat/jiffies.h"
#include "tests/ktest.h"

static void test_time_after_wraps(void)
{
	unsigned long base[] = { 0, 1000, ULONG_MAX - 5, ULONG_MAX / 2,
				 ULONG_MAX / 2 + 1 };
	unsigned long i, d;
	int bad = 0;

	for (i = 0; i < ARRAY_SIZE(base); i++) {
		for (d = 1; d < 20; d++) {
			unsigned long a = base[i], b = a + d; /* may wrap */

			bad += !time_after(b, a);
			bad += time_after(a, b);
			bad += !time_before(a, b);
			bad += time_before(b, a);
			bad += !time_after_eq(b, a);
			bad += time_after_eq(a, b);
			bad += !time_before_eq(a, b);
			bad += !time_after_eq(a, a);
			bad += !time_before_eq(a, a);
			bad += time_after(a, a);
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	/* the explicit wrap: ULONG_MAX - 5 + 10 is 4 */
	CU_ASSERT(time_after(4UL, ULONG_MAX - 5));
	CU_ASSERT(time_before(ULONG_MAX - 5, 4UL));
}

/* what is fixed at compile time is checked at compile time */
_Static_assert(DEFAULT_HZ == 1000u, "HZ is 1000 unless set: 2.5.33 on x86");
_Static_assert(__builtin_types_compatible_p(__typeof__(jiffies), unsigned long),
	       "jiffies is an unsigned long, as the kernel's");
_Static_assert((unsigned long)(ULONG_MAX + 1UL) == 0,
	       "so that it wraps to 0, which time_after() must survive");

static void test_jiffies_and_hz(void)
{
	unsigned int saved = kstruct_hz;
	unsigned long saved_j = jiffies;

	kstruct_hz = 1000;
	CU_ASSERT_EQUAL(msecs_to_jiffies(250), 250);
	kstruct_hz = 100;
	CU_ASSERT_EQUAL(HZ, 100);
	CU_ASSERT_EQUAL(msecs_to_jiffies(250), 25);
	CU_ASSERT_EQUAL(msecs_to_jiffies(9), 0); /* rounds down */
	kstruct_hz = 1024;
	CU_ASSERT_EQUAL(msecs_to_jiffies(1000), 1024);
	jiffies = ULONG_MAX;
	jiffies++;
	CU_ASSERT(time_after(jiffies, ULONG_MAX));
	kstruct_hz = saved;
	jiffies = saved_j;
}

static CU_TestInfo jiffies_cases[] = {
	{ "time_after/before(_eq) across the wrap", test_time_after_wraps },
	{ "HZ, msecs_to_jiffies, jiffies wraps", test_jiffies_and_hz },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/jiffies", jiffies_cases, NULL, NULL)
