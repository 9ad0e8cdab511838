// SPDX-License-Identifier: MIT
/*
 * tests/bench/test_mm_itree.c - the interval tree the vmtruncate benchmark
 * compares against (bench/mm_itree.c), so that its answers are known to
 * be right before anyone reads its timings.  It comes from the tools
 * library (the Makefile's TOOLS_DBG_A).
 */
#include <stdint.h>
#include <string.h>

#include "bench/mm_itree.h"
#include "compat/slab.h"
#include "list/list.h"
#include "list/rbtree.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/report.h"

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void test_itree_against_brute_force(void)
{
	static const size_t sizes[] = { 0, 1, 2, 7, 100, 1000 };
	uint64_t seed = 0x17ee;
	unsigned int s, q;
	int wrong = 0;

	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		size_t n = sizes[s], i, got, want;
		unsigned long *first =
			kcalloc(n + 1, sizeof(*first), GFP_KERNEL);
		unsigned long *last = kcalloc(n + 1, sizeof(*last), GFP_KERNEL);
		size_t *ids = kcalloc(n + 1, sizeof(*ids), GFP_KERNEL);
		char *seen = kcalloc(n + 1, 1, GFP_KERNEL);
		struct mm_itree *tree;

		CU_ASSERT_FATAL(first && last && ids && seen);
		for (i = 0; i < n; i++) {
			first[i] = next(&seed) % 500;
			last[i] = first[i] + next(&seed) % 20;
		}
		tree = mm_itree_build(first, last, n);
		CU_ASSERT_PTR_NOT_NULL_FATAL(tree);
		CU_ASSERT(mm_itree_check(tree));
		for (q = 0; q < 600; q++) {
			unsigned long from = q < 530 ? q : next(&seed);

			got = mm_itree_query_from(tree, from, ids, n);
			for (i = 0; i < n; i++)
				seen[i] = 0;
			for (i = 0; i < got && i < n; i++)
				seen[ids[i]]++;
			for (want = 0, i = 0; i < n; i++) {
				want += last[i] >= from;
				if (seen[i] != (last[i] >= from))
					wrong++;
			}
			if (got != want)
				wrong++;
		}
		/* a short buffer still counts everything */
		if (n > 2)
			CU_ASSERT_EQUAL(mm_itree_query_from(tree, 0, ids, 1),
					n);
		mm_itree_free(tree);
		kfree(first);
		kfree(last);
		kfree(ids);
		kfree(seen);
	}
	CU_ASSERT_EQUAL(wrong, 0);
}

static void test_itree_fault_injection(void)
{
	unsigned long first[3] = { 1, 2, 3 }, last[3] = { 4, 5, 6 };
	long live = kmalloc_live();
	struct mm_itree *tree;
	unsigned long n;

	for_each_alloc_failure(n, tree = mm_itree_build(first, last, 3))
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT_PTR_NOT_NULL(tree);
	CU_ASSERT_EQUAL(n, 3);
	mm_itree_free(tree);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/*
 * mm_itree_check() refuses what a broken tree would look like, and
 * reports it, naming this file's line
 */
static void test_itree_check_refuses(void)
{
	unsigned long first[7], last[7];
	struct mm_itree *tree;
	struct itnode *top, *a, *b;
	size_t i, id;

	for (i = 0; i < 7; i++) {
		first[i] = 10 * i;
		last[i] = 10 * i + (i * 37) % 50;
	}
	tree = mm_itree_build(first, last, 7);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tree);
	CU_ASSERT(mm_itree_check(tree));
	top = rb_entry(tree->root.rb_node, struct itnode, rb);
	top->subtree_last++; /* a stale augmentation */
	EXPECT_CHECK_FAILS(mm_itree_check(tree), "mm_itree_check");
	expect_detail("augmented value wrong for its subtree");
	top->subtree_last--;
	top->first = 1000; /* out of order */
	EXPECT_CHECK_FAILS(mm_itree_check(tree), "mm_itree_check");
	expect_detail("sorts before the one before it");
	top->first = first[top->id];
	tree->n++; /* a range missing */
	EXPECT_CHECK_FAILS(mm_itree_check(tree), "mm_itree_check");
	expect_detail(": 7 ranges in the tree, 8 built");
	tree->n--;
	top->rb.__rb_parent_color ^= 1; /* a red root */
	EXPECT_CHECK_FAILS(mm_itree_check(tree), "mm_itree_check");
	expect_detail("should be black with no parent");
	top->rb.__rb_parent_color ^= 1;
	/* two equal ranges: in order for rb_check(), not strictly */
	a = rb_entry(rb_first(&tree->root), struct itnode, rb);
	b = rb_entry(rb_next(&a->rb), struct itnode, rb);
	id = b->id;
	b->first = a->first;
	b->id = a->id;
	EXPECT_CHECK_FAILS(mm_itree_check(tree), "mm_itree_check");
	expect_detail(": range 0 does not sort after range 0");
	b->first = first[id];
	b->id = id;
	CU_ASSERT(mm_itree_check(tree));
	mm_itree_free(tree);
}

/*
 * a NULL tree is a violation, reported as such by mm_itree_check() itself
 * (not by rb_check_augmented() handed &NULL->root)
 */
static void test_itree_check_null(void)
{
	EXPECT_CHECK_FAILS(mm_itree_check(NULL), "mm_itree_check");
	expect_detail(": no tree (NULL)");
	CU_ASSERT_PTR_NULL(strstr(report_last, "rb_check_augmented"));
}

static CU_TestInfo itree_tests[] = {
	{ "queries against brute force", test_itree_against_brute_force },
	{ "mm_itree_check refuses a stale maximum, disorder, a missing range, a red root",
	  test_itree_check_refuses },
	{ "mm_itree_check(NULL): false, one report", test_itree_check_null },
	{ "fault injection", test_itree_fault_injection },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("bench/mm_itree", itree_tests, report_suite_init,
	    report_suite_cleanup)
