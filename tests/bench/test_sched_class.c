// SPDX-License-Identifier: MIT
/*
 * tests/bench/test_sched_class.c - the per-class loops of the scheduler
 * benchmark (bench/sched_class.c): under every class each loop leaves the
 * runqueue sound and does what it says, class_bench_check() refuses what
 * a wrong loop would leave (a task left out, a wrong pick, a broken
 * queue) and reports it, naming this file's line, and creation fails
 * cleanly out of memory.
 */
#include "bench/sched_class.h"
#include "compat/slab.h"
#include "sched/goodness.h"
#include "sched/rq.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/report.h"

#define N 60ul

static void test_loops_every_class(void)
{
	struct class_bench *c;
	unsigned int i;
	int round;

	for (i = 0; sched_classes[i]; i++) {
		c = class_bench_create(sched_classes[i], N, 42 + i);
		CU_ASSERT_PTR_NOT_NULL_FATAL(c);
		CU_ASSERT(class_bench_check(c));
		CU_ASSERT_EQUAL(sched_nr_running_total(), N);
		/* the CPU idles: every task waits */
		CU_ASSERT_PTR_EQUAL(c->rq->curr, c->rq->idle);
		c->ops = 17;
		for (round = 0; round < 10; round++) {
			class_bench_dequeue(c);
			CU_ASSERT_EQUAL(c->out, 17UL);
			class_bench_enqueue(c);
			CU_ASSERT_EQUAL(c->out, 0UL);
			CU_ASSERT(class_bench_check(c));
		}
		/* the cursor wrapped around the order */
		CU_ASSERT_EQUAL(c->next, 170 % N);
		c->ops = 5;
		class_bench_pick(c);
		class_bench_pick(c);
		CU_ASSERT_PTR_NOT_NULL(c->picked);
		CU_ASSERT_EQUAL(c->wrong, 0UL);
		CU_ASSERT(class_bench_check(c));
		/* the idle task is not running anything: schedule() agrees */
		CU_ASSERT_PTR_EQUAL(schedule(0), c->picked);
		class_bench_destroy(c);
	}
}

/* a task the pick must not choose (goodness: a tie would be as good) */
static struct task_struct *worse_than(struct class_bench *c,
				      struct task_struct *best)
{
	unsigned long i;

	for (i = 0; i < c->n; i++)
		if (c->tasks[i] != best &&
		    (c->class != &goodness_sched_class ||
		     goodness(c->tasks[i], 0) < goodness(best, 0)))
			return c->tasks[i];
	return NULL;
}

static void test_check_refuses(void)
{
	struct task_struct *p, *best;
	struct class_bench *c;
	unsigned int i;

	for (i = 0; sched_classes[i]; i++) {
		c = class_bench_create(sched_classes[i], N, 7);
		CU_ASSERT_PTR_NOT_NULL_FATAL(c);
		/* tasks left out of the queue */
		c->ops = 3;
		class_bench_dequeue(c);
		EXPECT_CHECK_FAILS(class_bench_check(c), "class_bench_check");
		expect_detail(": 3 tasks left out of the queue");
		/* a second dequeue before the enqueue is refused, counted */
		class_bench_dequeue(c);
		CU_ASSERT_EQUAL(c->wrong, 1UL);
		class_bench_enqueue(c);
		c->wrong = 0;
		CU_ASSERT(class_bench_check(c));
		/* more than there are */
		c->ops = N + 1;
		class_bench_dequeue(c);
		EXPECT_CHECK_FAILS(class_bench_check(c), "class_bench_check");
		expect_detail(": the loops found 1 results wrong");
		c->wrong = 0;
		/* a pick that is not the best one */
		c->ops = 1;
		class_bench_pick(c);
		CU_ASSERT(class_bench_check(c));
		best = c->picked;
		p = worse_than(c, best);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p);
		c->picked = p;
		EXPECT_CHECK_FAILS(class_bench_check(c), "class_bench_check");
		expect_detail("is not the best by brute force");
		/* a pick that changed between calls */
		c->picked = best;
		class_bench_pick(c);
		c->picked = p;
		class_bench_pick(c);
		CU_ASSERT(c->wrong > 0);
		EXPECT_CHECK_FAILS(class_bench_check(c), "class_bench_check");
		expect_detail("results wrong");
		class_bench_destroy(c);
	}
}

/* a queue the class's own check refuses: the bench refuses it too */
static void test_check_refuses_broken_queue(void)
{
	struct class_bench *c;
	struct task_struct *p;

	c = class_bench_create(&cfs_sched_class, N, 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	p = c->tasks[5];
	/* out of order in the tree */
	p->se.vruntime += 1000000000ULL;
	EXPECT_CHECK_FAILS(class_bench_check(c), "class_bench_check");
	expect_detail("sorts before the one before it");
	/* found by the class's tree check, inside sched_check() */
	CU_ASSERT_PTR_NOT_NULL(strstr(report_last, ": sched_check at "));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(report_last, ": rb_check_cached at sched/fair.c:"));
	p->se.vruntime -= 1000000000ULL;
	CU_ASSERT(class_bench_check(c));
	/* a load that no longer adds up */
	c->rq->cfs.load.weight++;
	EXPECT_CHECK_FAILS(class_bench_check(c), "class_bench_check");
	expect_detail(": cfs: cpu 0: group /: nr_running 60 load");
	c->rq->cfs.load.weight--;
	class_bench_destroy(c);

	c = class_bench_create(&o1_sched_class, N, 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	p = c->tasks[5];
	/* a bitmap bit cleared under a non-empty queue */
	__clear_bit(p->prio, p->array->bitmap);
	EXPECT_CHECK_FAILS(class_bench_check(c), "class_bench_check");
	expect_detail("clear but queue busy");
	__set_bit(p->prio, p->array->bitmap);
	CU_ASSERT(class_bench_check(c));
	class_bench_destroy(c);
}

static void test_create_out_of_memory(void)
{
	long live = kmalloc_live();
	struct class_bench *c;
	unsigned long n;
	unsigned int i;

	for (i = 0; sched_classes[i]; i++) {
		for_each_alloc_failure(
			n, c = class_bench_create(sched_classes[i], 6, 1)) {
			CU_ASSERT_EQUAL(kmalloc_live(), live);
			CU_ASSERT_PTR_NULL(sched_current_class());
			CU_ASSERT_FATAL(n < 1000);
		}
		CU_ASSERT_PTR_NOT_NULL_FATAL(c);
		/* the bench's three, the machine's, each task's */
		CU_ASSERT(n > 9);
		class_bench_destroy(c);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
	/* and no tasks at all */
	CU_ASSERT_PTR_NULL(class_bench_create(&o1_sched_class, 0, 1));
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/* a NULL bench is a violation, reported before anything is run */
static void test_check_null(void)
{
	EXPECT_CHECK_FAILS(class_bench_check(NULL), "class_bench_check");
	expect_detail(": no bench (NULL)");
}

static CU_TestInfo sched_class_cases[] = {
	{ "every loop, every class: sound queues, the right pick",
	  test_loops_every_class },
	{ "class_bench_check refuses tasks left out, wrong and changing picks",
	  test_check_refuses },
	{ "class_bench_check refuses a broken tree or array",
	  test_check_refuses_broken_queue },
	{ "class_bench_check(NULL): false, one report", test_check_null },
	{ "class_bench_create fails every allocation cleanly",
	  test_create_out_of_memory },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("bench/sched_class", sched_class_cases, report_suite_init,
	    report_suite_cleanup)
