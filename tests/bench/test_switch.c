// SPDX-License-Identifier: MIT
/*
 * tests/bench/test_switch.c - the loops of the "switch" benchmark
 * (bench/switch.c): the host ping-pong answers every ping right, on the
 * one CPU it was pinned to, a switch a ping, and switch_pair_check()
 * refuses what a wrong loop would leave; kstruct's switch under every
 * class alternates the two tasks and kswitch_check() refuses a wrong pick
 * or a task awake; creation fails every allocation cleanly.  Nothing is
 * timed.  The pair's threads are the code's own: the suite is named as a
 * threaded one.
 */
#include <errno.h>

#include "bench/switch.h"
#include "compat/slab.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/report.h"

/* a pair on this machine, or NULL where the subject would skip */
static struct switch_pair *pair_or_skip(void)
{
	struct switch_pair *sp = NULL;
	int cpu = switch_pick_cpu(), ret;

	if (cpu == -ENODEV)
		return NULL;
	CU_ASSERT_FATAL(cpu >= 0);
	ret = switch_pair_create(cpu, &sp);
	/* the subject's reasons to skip, and no other error */
	CU_ASSERT(ret == 0 || ret == -EINVAL || ret == -EPERM);
	return ret ? NULL : sp;
}

static void test_pingpong(void)
{
	struct switch_pair *sp = pair_or_skip();

	if (!sp)
		return;
	switch_pipe_pingpong(sp, 300);
	switch_futex_pingpong(sp, 200);
	switch_pipe_alone(sp, 50);
	switch_futex_alone(sp, 50);
	CU_ASSERT_EQUAL(sp->pipe_rounds, 300UL);
	CU_ASSERT_EQUAL(sp->futex_rounds, 200UL);
	CU_ASSERT_EQUAL(sp->wrong, 0UL);
	/* the partners answered each one, on the pair's CPU */
	CU_ASSERT_EQUAL(sp->pipe.rounds, 300UL);
	CU_ASSERT_EQUAL(sp->futex.rounds, 200UL);
	CU_ASSERT_EQUAL(sp->pipe.cpu_seen[1], sp->cpu);
	CU_ASSERT_EQUAL(sp->futex.cpu_seen[0], sp->cpu);
	/* switched out between two pings: the CPU ran this thread */
	CU_ASSERT(sp->pipe.switches >= 299);
	CU_ASSERT(sp->futex.switches >= 199);
	CU_ASSERT(switch_pair_check(sp));
	CU_ASSERT_EQUAL(switch_pair_destroy(sp), 0);
}

static void test_pair_check_refuses(void)
{
	struct switch_pair *sp = pair_or_skip();
	int cpu;

	if (!sp)
		return;
	switch_pipe_pingpong(sp, 20);
	switch_futex_pingpong(sp, 20);
	CU_ASSERT(switch_pair_check(sp));
	/* a ping the partner never answered */
	sp->pipe_rounds++;
	EXPECT_CHECK_FAILS(switch_pair_check(sp), "switch_pair_check");
	expect_detail(": the pipe partner answered 20 of 21 pings");
	sp->pipe_rounds--;
	sp->futex_rounds += 5;
	EXPECT_CHECK_FAILS(switch_pair_check(sp), "switch_pair_check");
	expect_detail(": the futex partner answered 20 of 25 pings");
	sp->futex_rounds -= 5;
	/* an answer that was not the token sent */
	sp->wrong = 1;
	EXPECT_CHECK_FAILS(switch_pair_check(sp), "switch_pair_check");
	expect_detail(": 1 wrong answers or failed calls");
	sp->wrong = 0;
	/* the threads on another CPU than the pair's */
	cpu = sp->cpu;
	sp->cpu = cpu ? 0 : 1;
	EXPECT_CHECK_FAILS(switch_pair_check(sp), "switch_pair_check");
	expect_detail(": the pipe partner ran on CPU ");
	sp->cpu = cpu;
	/* fewer switches than pings */
	sp->switches += 1000000;
	EXPECT_CHECK_FAILS(switch_pair_check(sp), "switch_pair_check");
	expect_detail(": this thread switched -");
	sp->switches -= 1000000;
	CU_ASSERT(switch_pair_check(sp));
	/* a count that does not match what the partner answered: -EIO */
	sp->pipe_rounds++;
	CU_ASSERT_EQUAL(switch_pair_destroy(sp), -EIO);
	EXPECT_CHECK_FAILS(switch_pair_check(NULL), "switch_pair_check");
	expect_detail(": no pair (NULL)");
}

static void test_pair_out_of_memory(void)
{
	struct switch_pair *sp = NULL;
	long live = kmalloc_live();
	int cpu = switch_pick_cpu();

	if (cpu == -ENODEV)
		return;
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(switch_pair_create(cpu, &sp), -ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT_PTR_NULL(sp);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/*
 * Every class: 1,001 switches alternate the tasks (pong runs after an odd
 * number), with ticks on the way (2 us a switch: 2 ms, two ticks at
 * HZ=1000), and leave one task running, the other asleep.
 */
static void test_kswitch_every_class(void)
{
	struct kswitch ks;
	unsigned int i;

	for (i = 0; sched_classes[i]; i++) {
		unsigned long j0;

		CU_ASSERT_EQUAL_FATAL(
			kswitch_create(&ks, sched_classes[i], 2000), 0);
		CU_ASSERT_PTR_EQUAL(cpu_curr(0), ks.task[0]);
		CU_ASSERT(kswitch_check(&ks));
		j0 = jiffies;
		kswitch_run(&ks, 1000);
		CU_ASSERT_PTR_EQUAL(cpu_curr(0), ks.task[0]);
		kswitch_run(&ks, 1);
		CU_ASSERT_PTR_EQUAL(cpu_curr(0), ks.task[1]);
		CU_ASSERT_EQUAL(ks.switches, 1001UL);
		CU_ASSERT_EQUAL(ks.wrong, 0UL);
		CU_ASSERT_EQUAL(jiffies - j0, 2002000 / (1000000000 / HZ));
		CU_ASSERT(kswitch_check(&ks));
		kswitch_destroy(&ks);
		CU_ASSERT_PTR_NULL(sched_current_class());
	}
}

static void test_kswitch_check_refuses(void)
{
	struct kswitch ks;

	CU_ASSERT_EQUAL_FATAL(kswitch_create(&ks, &cfs_sched_class, 2000), 0);
	kswitch_run(&ks, 10);
	CU_ASSERT(kswitch_check(&ks));
	ks.wrong = 1;
	EXPECT_CHECK_FAILS(kswitch_check(&ks), "kswitch_check");
	expect_detail(": 1 of 10 switches picked another task");
	ks.wrong = 0;
	/* the task that should sleep is woken: two runnable */
	wake_up_process(ks.task[1]);
	EXPECT_CHECK_FAILS(kswitch_check(&ks), "kswitch_check");
	expect_detail(": the task not running is not asleep");
	kswitch_destroy(&ks);
	EXPECT_CHECK_FAILS(kswitch_check(NULL), "kswitch_check");
	expect_detail(": no machine (NULL)");
}

static void test_kswitch_out_of_memory(void)
{
	long live = kmalloc_live();
	struct kswitch ks;
	unsigned long n;
	int ret;

	for_each_alloc_failure(n, ret = kswitch_create(&ks, &eevdf_sched_class,
						       2000)) {
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		CU_ASSERT_PTR_NULL(sched_current_class());
		CU_ASSERT_FATAL(n < 1000);
	}
	CU_ASSERT_EQUAL_FATAL(ret, 0);
	/* the machine's and the two tasks' */
	CU_ASSERT(n > 2);
	kswitch_destroy(&ks);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static CU_TestInfo switch_cases[] = {
	{ "host ping-pong: every answer right, on one CPU, a switch a ping",
	  test_pingpong },
	{ "switch_pair_check refuses missing answers, wrong tokens, other CPUs",
	  test_pair_check_refuses },
	{ "switch_pair_create: -ENOMEM, nothing left",
	  test_pair_out_of_memory },
	{ "kstruct's switch alternates the tasks under every class",
	  test_kswitch_every_class },
	{ "kswitch_check refuses a wrong pick and a task awake",
	  test_kswitch_check_refuses },
	{ "kswitch_create fails every allocation cleanly",
	  test_kswitch_out_of_memory },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("bench/threads/switch", switch_cases, report_suite_init,
	    report_suite_cleanup)
