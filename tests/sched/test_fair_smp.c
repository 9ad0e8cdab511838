// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_fair_smp.c - sched/fair_smp.c: the fair classes' PELT
 * signals on the runqueues, wake-up and fork placement over the machine's
 * sched domains, and the domains themselves, through the scheduler's own
 * calls (wake_up_process(), select_task_rq(), ticks).  The decisions'
 * arithmetic is tests/sched/test_fair_balance.c's and test_pelt.c's.
 */
#include <stdio.h>

#include "sched/class.h"
#include "sched/fair.h"
#include "sched/pelt.h"
#include "sched/rq.h"
#include "sched/sched.h"
#include "sched/topology.h"
#include "tests/ktest.h"
#include "tests/sched/sched_test.h"

static const struct sched_class *const smp_classes[] = {
	&cfs_sched_class,
	&eevdf_sched_class,
};

/* a machine of @desc's CPUs (NULL: a flat MC domain of @nr_cpus) */
static void smp_up(int nr_cpus, const struct sched_topology_desc *desc,
		   const struct sched_class *class)
{
	fair_topology_set(desc);
	machine_up_class(nr_cpus, 1000, class);
	fair_topology_set(NULL);
}

/* a task that keeps @cpu busy (queued there and running) */
static struct task_struct *busy_on(int cpu)
{
	struct task_struct *p = new_task_on("busy", 0, cpu);

	CU_ASSERT_EQUAL(set_cpus_allowed(p, 1UL << cpu), 0);
	CU_ASSERT_PTR_EQUAL(schedule(cpu), p);
	return p;
}

/*
 * A timer wakes a task whose CPU is busy: 6.x's select_task_rq_fair()
 * from its own CPU (no wake_affine: waker and previous CPU are one) goes
 * to select_idle_sibling(), which scans the LLC from the previous CPU + 1
 * for an idle CPU: CPU 1 runs a task, CPU 2 is idle, so CPU 2, not the
 * previous CPU 0.
 */
static void test_idle_sibling_over_prev(void)
{
	struct task_struct *p;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(smp_classes); k++) {
		smp_up(4, NULL, smp_classes[k]);
		p = sleeper_on("p", 0, SCHED_OTHER, 0);
		busy_on(0);
		busy_on(1);
		busy_on(3);
		CU_ASSERT_EQUAL(wake_up_process(p), 1);
		CU_ASSERT_EQUAL(task_cpu(p), 2);
		CU_ASSERT_EQUAL(p->nr_migrations, 1UL);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * select_idle_sibling() looks within the LLC only: on 2 sockets of 2
 * cores, a sleeper of CPU 0 whose sibling CPU 1 is busy stays on CPU 0
 * although the other socket is idle; once CPU 1 is idle it goes there.
 */
static void test_idle_sibling_within_llc(void)
{
	struct sched_topology_desc desc = { 2, 2, 1 };
	struct task_struct *p, *b;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(smp_classes); k++) {
		smp_up(4, &desc, smp_classes[k]);
		CU_ASSERT_EQUAL(fair_topology()->nr_cpus, 4U);
		CU_ASSERT_FALSE(cpus_share_cache(fair_topology(), 0, 2));
		p = sleeper_on("p", 0, SCHED_OTHER, 0);
		busy_on(0);
		b = busy_on(1);
		CU_ASSERT_EQUAL(wake_up_process(p), 1);
		CU_ASSERT_EQUAL(task_cpu(p), 0);
		/* asleep again, and CPU 1 idle: the sibling takes it */
		set_task_state(p, TASK_INTERRUPTIBLE);
		unqueue(p);
		set_task_state(b, TASK_INTERRUPTIBLE);
		CU_ASSERT_PTR_EQUAL(schedule(1), cpu_rq(1)->idle);
		CU_ASSERT_EQUAL(wake_up_process(p), 1);
		CU_ASSERT_EQUAL(task_cpu(p), 1);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * A new task starts where find_idlest_cpu() puts it: CPU 0 forks it
 * while running a task, CPUs 1 to 3 are idle, so one of them (the idlest
 * group's idlest CPU: the first idle one, CPU 1); o1 has no placement.
 */
static void test_fork_placement(void)
{
	struct task_struct *p;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(smp_classes); k++) {
		smp_up(4, NULL, smp_classes[k]);
		busy_on(0);
		p = sched_new_task("new", 0, SCHED_OTHER, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p);
		CU_ASSERT_EQUAL(select_task_rq(p, 0, WF_FORK), 1);
		CU_ASSERT_EQUAL(wake_up_forked_process(p, 1), 0);
		SCHED_CHECK();
		machine_down();
	}
	machine_up_class(4, 1000, &o1_sched_class);
	busy_on(0);
	p = sched_new_task("new", 0, SCHED_OTHER, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(select_task_rq(p, 0, WF_FORK), 0);
	CU_ASSERT_EQUAL(wake_up_forked_process(p, 0), 0);
	machine_down();
}

/*
 * The signals follow what runs: a task alone on CPU 0 for a second
 * (almost 1000 periods: y^976 is nothing) has its utilization and its
 * CPU's at the top (1024 less the fixed point's loss, within 2%), and
 * its load at its weight; a second asleep takes both back near 0.  A
 * real-time task adds no fair load: its time goes to the RT signal, the
 * capacity it takes from fair tasks.
 */
static void test_pelt_follows(void)
{
	struct task_struct *p, *r;
	unsigned int k;
	int i;

	for (k = 0; k < ARRAY_SIZE(smp_classes); k++) {
		smp_up(2, NULL, smp_classes[k]);
		p = new_task_on("p", 0, 0);
		CU_ASSERT_EQUAL(set_cpus_allowed(p, 1), 0);
		schedule(0);
		for (i = 0; i < 1000; i++)
			machine_tick();
		CU_ASSERT(p->se.avg.util_avg >= 1004);
		CU_ASSERT(cpu_rq(0)->cfs.avg.util_avg >= 1004);
		CU_ASSERT(p->se.avg.load_avg >= 1004);
		CU_ASSERT(cpu_rq(0)->cfs.pelt_load >= 1004);
		CU_ASSERT_EQUAL(cpu_rq(1)->cfs.pelt_load, 0UL);
		set_task_state(p, TASK_INTERRUPTIBLE);
		schedule(0);
		for (i = 0; i < 1000; i++)
			machine_tick();
		CU_ASSERT(cpu_rq(0)->cfs.avg.util_avg <= 2);
		CU_ASSERT(cpu_rq(0)->cfs.pelt_load <= 2);

		r = sched_new_task("rt", 0, SCHED_FIFO, 1);
		CU_ASSERT_PTR_NOT_NULL_FATAL(r);
		CU_ASSERT_EQUAL(wake_up_forked_process(r, 1), 0);
		schedule(1);
		for (i = 0; i < 1000; i++)
			machine_tick();
		CU_ASSERT(cpu_rq(1)->rt_util >= 1004);
		CU_ASSERT_EQUAL(cpu_rq(1)->cfs.pelt_load, 0UL);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * A topology must have the machine's CPUs: 2x2x2 is 8, so a machine of 4
 * is refused (nothing built), and one of 8 gets SMT, MC domains.
 */
static void test_topology_machine(void)
{
	struct sched_topology_desc desc = { 2, 2, 2 };

	kstruct_hz = 1000;
	fair_topology_set(&desc);
	CU_ASSERT_EQUAL(sched_init_class(4, &cfs_sched_class), -EINVAL);
	CU_ASSERT_PTR_NULL(sched_current_class());
	CU_ASSERT_EQUAL(sched_init_class(8, &eevdf_sched_class), 0);
	fair_topology_set(NULL);
	CU_ASSERT(sched_topology_check(fair_topology()));
	CU_ASSERT_EQUAL(fair_topology()->nr_domains[0], 3U);
	CU_ASSERT_STRING_EQUAL(fair_topology()->sd[0][0].name, "SMT");
	machine_down();
}

/*
 * A fair task's tick raises its periodic balance instead of balancing
 * (fair_balance_trigger(), the kernel's trigger_load_balance()), and the
 * balance runs after the tick, when scheduler_tick_softirq() is called.
 * cfs at HZ 1000, CPU 0 with three tasks and busy CPU 1 with one, 31
 * ticks on: the busy interval (2 ms times busy_factor 16, less a jiffy)
 * is up, so CPU 1's tick raises the balance and moves nothing; the
 * softirq pulls one (6.1: half the difference, (3 - 1) >> 1, as
 * tests/sched/test_fair.c works it); a second call has nothing to run,
 * and at the next tick no domain is due, so nothing is raised.
 * scheduler_tick() does both at once.  o1 balances inside its tick, as
 * 2.5.33 did: at the busy rebalance tick its load_balance() runs (one
 * more nr_balance) and nothing is raised.
 */
static void test_tick_raises_balance(void)
{
	struct runqueue *rq1 = cpu_rq(1);
	unsigned long calls;

	machine_up_class(2, 1000, &cfs_sched_class);
	three_on_0_one_on_1();
	age_jiffies(31);
	CU_ASSERT(scheduler_tick_irq(1, 1));
	CU_ASSERT_EQUAL(cpu_rq(0)->cfs.nr_running, 3UL);
	CU_ASSERT_PTR_NOT_NULL(rq1->tick_balance);
	scheduler_tick_softirq(1);
	CU_ASSERT_EQUAL(cpu_rq(0)->cfs.nr_running, 2UL);
	CU_ASSERT_EQUAL(rq1->cfs.nr_running, 2UL);
	CU_ASSERT_PTR_NULL(rq1->tick_balance);
	calls = rq1->nr_balance;
	scheduler_tick_softirq(1);
	CU_ASSERT_EQUAL(rq1->nr_balance, calls);
	age_jiffies(1);
	CU_ASSERT(!scheduler_tick_irq(1, 1));
	scheduler_tick_softirq(1);
	CU_ASSERT_EQUAL(rq1->nr_balance, calls);
	SCHED_CHECK();
	machine_down();

	machine_up(2);
	three_on_0_one_on_1();
	while (jiffies % BUSY_REBALANCE_TICK)
		age_jiffies(1);
	calls = rq1->nr_balance;
	CU_ASSERT(!scheduler_tick_irq(1, 1));
	CU_ASSERT_EQUAL(rq1->nr_balance, calls + 1);
	CU_ASSERT_PTR_NULL(rq1->tick_balance);
	SCHED_CHECK();
	machine_down();
}

static CU_TestInfo balance_tick_tests[] = {
	{ "a fair tick raises its balance, run after it; o1's runs inside",
	  test_tick_raises_balance },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo placement_tests[] = {
	{ "an idle sibling over the busy previous CPU",
	  test_idle_sibling_over_prev },
	{ "idle siblings within the LLC only", test_idle_sibling_within_llc },
	{ "fork: find_idlest_cpu; o1 stays", test_fork_placement },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo pelt_tests[] = {
	{ "signals follow running, sleeping and RT time", test_pelt_follows },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo topology_tests[] = {
	{ "the topology has the machine's CPUs", test_topology_machine },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/fair_smp/select_task_rq", placement_tests, NULL,
	    machine_cleanup)
KTEST_SUITE("sched/fair_smp/pelt", pelt_tests, NULL, machine_cleanup)
KTEST_SUITE("sched/fair_smp/fair_balance_trigger", balance_tick_tests, NULL,
	    machine_cleanup)
KTEST_SUITE("sched/fair_smp/fair_smp_init", topology_tests, NULL,
	    machine_cleanup)
