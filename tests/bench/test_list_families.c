// SPDX-License-Identifier: MIT
/*
 * tests/bench/test_list_families.c - the families of the list benchmark
 * (bench/list_bench.h): every timed loop leaves what list_bench_check()
 * expects, and list_bench_check() refuses what a wrong loop would leave,
 * so "kstruct bench list" cannot time a loop that does the wrong thing
 * without saying so.
 *
 * The list_head family is compiled here from bench/list_head_family.h;
 * the others come from the tools library (bench/list_debug_on.c,
 * list_cds.c, list_tailq.c).  bench/list.c, which holds the hand-written
 * family and registers the "list" subject, is not linked here; its
 * family shares the list_head family's check.
 */
#include <errno.h>
#include <stdio.h>

#include "bench/list_head_family.h"
#include "compat/slab.h"
#include "tests/ktest.h"
#include "tests/report.h"

#define N 40ul /* more than LIST_BENCH_SPLICE_LEN */

static const struct list_bench_family *const all_families[] = {
	&list_bench_list_head,
	&list_bench_debug_on,
	&list_bench_cds,
	&list_bench_tailq,
};

/* a fresh context of @f with @op run once from its prepared state */
static struct list_bench_ctx *run_once(const struct list_bench_family *f,
				       enum list_bench_op op)
{
	struct list_bench_ctx *ctx = f->create(N);

	if (!ctx)
		return NULL;
	ctx->op = op;
	f->prepare(ctx);
	f->run[op](ctx);
	return ctx;
}

static void test_every_loop_passes_its_check(void)
{
	long live = kmalloc_live();
	unsigned int k, runs = 0;
	enum list_bench_op op;

	for (k = 0; k < ARRAY_SIZE(all_families); k++) {
		const struct list_bench_family *f = all_families[k];

		for (op = 0; op < LIST_BENCH_NR_OPS; op++) {
			struct list_bench_ctx *ctx;

			if (!f->run[op])
				continue;
			ctx = run_once(f, op);
			CU_ASSERT_PTR_NOT_NULL_FATAL(ctx);
			CU_ASSERT(list_bench_check(f, ctx));
			/* a consuming loop runs again after prepare */
			if (list_bench_needs_setup(op)) {
				f->prepare(ctx);
				f->run[op](ctx);
				CU_ASSERT(list_bench_check(f, ctx));
			}
			f->destroy(ctx);
			runs++;
		}
	}
	/* list_head and debug on: 7 ops each; cds_list: 5; TAILQ: 5 */
	CU_ASSERT_EQUAL(runs, 7 + 7 + 5 + 5);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/* the report of a family's lists checked as @op */
static const char *refused(const struct list_bench_family *f,
			   enum list_bench_op op)
{
	static char want[128];

	snprintf(want, sizeof(want), ": %s: its lists are not what %s leaves",
		 f->name, f->op_name[op] ? f->op_name[op] : "(no primitive)");
	return want;
}

/*
 * what ADD leaves checked as ADD_TAIL, and so on: each must be refused,
 * and reported as that family's lists checked as that primitive
 */
static void test_check_refuses_wrong_results(void)
{
	long live = kmalloc_live();
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(all_families); k++) {
		const struct list_bench_family *f = all_families[k];
		struct list_bench_ctx *ctx;

		/* the right keys in the wrong order */
		ctx = run_once(f, LIST_BENCH_ADD);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ctx);
		ctx->op = LIST_BENCH_ADD_TAIL;
		EXPECT_CHECK_FAILS(list_bench_check(f, ctx),
				   "list_bench_check");
		expect_detail(refused(f, LIST_BENCH_ADD_TAIL));
		f->destroy(ctx);

		ctx = run_once(f, LIST_BENCH_ADD_TAIL);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ctx);
		ctx->op = LIST_BENCH_ADD;
		EXPECT_CHECK_FAILS(list_bench_check(f, ctx),
				   "list_bench_check");
		expect_detail(refused(f, LIST_BENCH_ADD));
		/* one entry short */
		ctx->op = LIST_BENCH_ADD_TAIL;
		ctx->n = N + 1;
		EXPECT_CHECK_FAILS(list_bench_check(f, ctx),
				   "list_bench_check");
		expect_detail(refused(f, LIST_BENCH_ADD_TAIL));
		ctx->n = N;
		CU_ASSERT(list_bench_check(f, ctx));
		/* a delete that left everything in place */
		ctx->op = LIST_BENCH_DEL;
		EXPECT_CHECK_FAILS(list_bench_check(f, ctx),
				   "list_bench_check");
		expect_detail(refused(f, LIST_BENCH_DEL));
		/* a splice that left the whole long list */
		ctx->op = LIST_BENCH_SPLICE;
		EXPECT_CHECK_FAILS(list_bench_check(f, ctx),
				   "list_bench_check");
		expect_detail(refused(f, LIST_BENCH_SPLICE));
		f->destroy(ctx);
	}
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/* a NULL family or context is a violation, each reported as such */
static void test_check_null(void)
{
	const struct list_bench_family *f = &list_bench_list_head;
	long live = kmalloc_live();
	struct list_bench_ctx *ctx = run_once(f, LIST_BENCH_ADD_TAIL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(ctx);
	CU_ASSERT(list_bench_check(f, ctx));
	EXPECT_CHECK_FAILS(list_bench_check(NULL, ctx), "list_bench_check");
	expect_detail(": no family (NULL)");
	EXPECT_CHECK_FAILS(list_bench_check(f, NULL), "list_bench_check");
	expect_detail(": list_head: no context (NULL)");
	EXPECT_CHECK_FAILS(list_bench_check(NULL, NULL), "list_bench_check");
	expect_detail(": no family (NULL)");
	f->destroy(ctx);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static void test_create_out_of_memory(void)
{
	long live = kmalloc_live();
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(all_families); k++) {
		kmalloc_fail_nth(1);
		CU_ASSERT_PTR_NULL(all_families[k]->create(N));
		kmalloc_fault_reset();
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
}

static CU_TestInfo list_families_cases[] = {
	{ "every loop passes its check", test_every_loop_passes_its_check },
	{ "check refuses wrong results", test_check_refuses_wrong_results },
	{ "list_bench_check(NULL, ctx), (f, NULL): false, one report each",
	  test_check_null },
	{ "create out of memory", test_create_out_of_memory },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("bench/list-families", list_families_cases, report_suite_init,
	    report_suite_cleanup)
