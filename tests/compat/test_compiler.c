// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_compiler.c - compat/compiler.h: container_of (the
 * address, a void pointer, one evaluation; the wrong-type rejection is a
 * compile_fail test in tests/compile/), READ_ONCE/WRITE_ONCE, likely,
 * ARRAY_SIZE.
 */
#include "compat/compiler.h"
#include "tests/ktest.h"

struct outer {
	char pad[3];
	long first;
	struct inner {
		int x, y;
	} in;
	double last;
};

static int evals;

static struct inner *count(struct inner *p)
{
	evals++;
	return p;
}

static void test_container_of(void)
{
	struct outer o;
	void *vp = &o.last;
	const struct outer *co = &o;

	CU_ASSERT_PTR_EQUAL(container_of(&o.first, struct outer, first), &o);
	CU_ASSERT_PTR_EQUAL(container_of(&o.in, struct outer, in), &o);
	CU_ASSERT_PTR_EQUAL(container_of(&o.in.y, struct inner, y), &o.in);
	CU_ASSERT_PTR_EQUAL(container_of(vp, struct outer, last), &o);
	CU_ASSERT_PTR_EQUAL(container_of(&co->in, const struct outer, in), co);
	evals = 0;
	CU_ASSERT_PTR_EQUAL(container_of(count(&o.in), struct outer, in), &o);
	CU_ASSERT_EQUAL(evals, 1);
}

static void test_once_likely_array_size(void)
{
	int a[7], v = 3;
	long l = 0;

	WRITE_ONCE(l, 42L);
	CU_ASSERT_EQUAL(READ_ONCE(l), 42L);
	CU_ASSERT(likely(v == 3));
	CU_ASSERT_FALSE(unlikely(v != 3));
	_Static_assert(ARRAY_SIZE(a) == 7, "ARRAY_SIZE of a local array");
	barrier();
	_Static_assert(__same_type(v, int), "__same_type of the same type");
	_Static_assert(!__same_type(v, long), "__same_type of another type");
}

static int index_evals;

static int index_of(int i)
{
	index_evals++;
	return i;
}

/* each macro's lvalue and value are evaluated exactly once */
static void test_once_macros_evaluate_once(void)
{
	long a[4] = { 10, 20, 30, 40 };
	long got;

	index_evals = 0;
	got = READ_ONCE(a[index_of(2)]);
	CU_ASSERT_EQUAL(got, 30);
	CU_ASSERT_EQUAL(index_evals, 1);
	index_evals = 0;
	WRITE_ONCE(a[index_of(1)], a[index_of(3)] + 1);
	CU_ASSERT_EQUAL(index_evals, 2);
	CU_ASSERT_EQUAL(a[1], 41);
	CU_ASSERT_EQUAL(a[0], 10);
	CU_ASSERT_EQUAL(a[2], 30);
	CU_ASSERT_EQUAL(a[3], 40);
}

static CU_TestInfo compiler_cases[] = {
	{ "container_of: address, void *, const, evaluated once",
	  test_container_of },
	{ "READ_ONCE, WRITE_ONCE, likely, unlikely, ARRAY_SIZE, __same_type",
	  test_once_likely_array_size },
	{ "READ_ONCE, WRITE_ONCE evaluate each argument once",
	  test_once_macros_evaluate_once },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/compiler", compiler_cases, NULL, NULL)
