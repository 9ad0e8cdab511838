// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_slab.c - kmalloc accounting and fault injection.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
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

static void test_kcalloc_overflow(void)
{
	CU_ASSERT_PTR_NULL(kcalloc(SIZE_MAX / 2, 4, GFP_KERNEL));
}

static CU_TestInfo slab_cases[] = {
	{ "live count", test_live_count },
	{ "kzalloc zeroes, 16-byte aligned", test_kzalloc_zeroes_and_aligns },
	{ "fail the Nth allocation", test_fail_nth },
	{ "fail every allocation after N", test_fail_after },
	{ "kcalloc size overflow is NULL", test_kcalloc_overflow },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/slab", slab_cases, NULL, NULL)
