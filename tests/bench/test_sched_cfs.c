// SPDX-License-Identifier: MIT
/*
 * tests/bench/test_sched_cfs.c - the CFS baseline of the scheduler
 * benchmark (bench/sched_cfs.c, on list/rbtree.h): each timed loop keeps
 * the runqueue sound and does what it says (the pick takes the entity
 * with the least virtual runtime and charges it one tick at its weight),
 * cfs_bench_check() refuses what a wrong loop would leave, and creation
 * fails cleanly out of memory.
 *
 * bench/sched_cfs.c is compiled into this translation unit: it is part of
 * the tool, not of the library the test binary links.
 */
#include "bench/sched_cfs.c"
#include "tests/ktest.h"

#define N	60ul

static void quiet(const char *msg)
{
	(void)msg;
}

static struct cfs_bench *make(unsigned long n)
{
	static int nice[N];
	static unsigned long order[N];
	unsigned long i;

	for (i = 0; i < n; i++) {
		nice[i] = (int)(i % 40) - 20;
		order[i] = (i * 7) % n;		/* a permutation: 7 and 60 */
	}
	return cfs_bench_create(n, nice, order, 42, 0);
}

/* the entity a pick must take: least (vruntime, id), by brute force */
static struct sched_entity *least(struct cfs_bench *c)
{
	struct sched_entity *best = NULL;
	unsigned long i;

	for (i = 0; i < c->n; i++)
		if (!best || entity_before(entity(c, i), best))
			best = entity(c, i);
	return best;
}

static void test_cfs_bench_loops(void)
{
	struct cfs_bench *c = make(N);
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(cfs_bench_check(c), 0);
	for (i = 0; i < 200; i++) {
		struct sched_entity *se = least(c);
		uint64_t v = se->vruntime;

		CU_ASSERT_PTR_EQUAL(rb_first_cached(&c->tasks_timeline),
				    &se->run_node);
		cfs_bench_pick_next(c, 1);
		CU_ASSERT_EQUAL(se->vruntime,
				v + TICK_NS * NICE_0_LOAD / se->weight);
	}
	CU_ASSERT_EQUAL(cfs_bench_check(c), 0);
	cfs_bench_enqueue_dequeue(c, 3 * N + 5);
	CU_ASSERT_EQUAL(cfs_bench_check(c), 0);
	cfs_bench_enqueue_dequeue_hot(c, 100, 8);
	CU_ASSERT_EQUAL(cfs_bench_check(c), 0);
	cfs_bench_floor(c, 2 * N);
	CU_ASSERT_EQUAL(cfs_bench_check(c), 0);
	cfs_bench_destroy(c);
}

static void test_cfs_bench_check_refuses(void)
{
	list_debug_handler_fn *old = list_debug_set_handler(quiet);
	struct cfs_bench *c = make(N);
	struct sched_entity *se;
	struct rb_node *first;

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	/* out of order: the least entity is suddenly the greatest */
	first = rb_first_cached(&c->tasks_timeline);
	se = rb_entry(first, struct sched_entity, run_node);
	se->vruntime += 1000 * TICK_NS;
	CU_ASSERT_EQUAL(cfs_bench_check(c), -1);
	se->vruntime -= 1000 * TICK_NS;
	CU_ASSERT_EQUAL(cfs_bench_check(c), 0);
	/* a stale leftmost */
	c->tasks_timeline.rb_leftmost = rb_next(first);
	CU_ASSERT_EQUAL(cfs_bench_check(c), -1);
	c->tasks_timeline.rb_leftmost = first;
	/* an entity missing: unlinked without rebalancing */
	rb_erase_cached(first, &c->tasks_timeline);
	CU_ASSERT_EQUAL(cfs_bench_check(c), -1);
	rb_add_cached(first, &c->tasks_timeline, __entity_less);
	CU_ASSERT_EQUAL(cfs_bench_check(c), 0);
	/* a colour flipped */
	c->tasks_timeline.rb_root.rb_node->__rb_parent_color ^= 1;
	CU_ASSERT_EQUAL(cfs_bench_check(c), -1);
	cfs_bench_destroy(c);
	list_debug_set_handler(old);
}

static void test_cfs_bench_create_out_of_memory(void)
{
	long live = kmalloc_live();
	struct cfs_bench *c;
	unsigned long n;

	for (n = 1;; n++) {
		kmalloc_fail_nth(n);
		c = make(N);
		kmalloc_fault_reset();
		if (c)
			break;
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
	CU_ASSERT_EQUAL(n, 4);		/* three allocations, each failed */
	cfs_bench_destroy(c);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static CU_TestInfo sched_cfs_cases[] = {
	{ "every loop keeps the tree sound; pick takes the least vruntime",
	  test_cfs_bench_loops },
	{ "cfs_bench_check refuses disorder, a stale leftmost, a missing entity, a bad colour",
	  test_cfs_bench_check_refuses },
	{ "cfs_bench_create fails every allocation cleanly",
	  test_cfs_bench_create_out_of_memory },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("bench/sched_cfs", sched_cfs_cases, NULL, NULL)
