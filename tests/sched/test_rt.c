// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_rt.c - the rt class of sched/rt.c: real-time tasks
 * scheduled exactly as o1 schedules them, on one CPU, under every class
 * (the same script gives the same real-time schedule, tick by tick), and
 * its pull of a waiting real-time task to a CPU that would run worse.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "sched/class.h"
#include "sched/sched.h"
#include "tests/ktest.h"
#include "tests/report.h"
#include "tests/sched/sched_test.h"

#define RT_LOG_LEN 4000

/* what ran, tick by tick: a real-time task's pid, 0 for anything else */
struct rt_log {
	int n;
	int pid[RT_LOG_LEN];
	unsigned int slice[RT_LOG_LEN];
};

static void log_tick(struct rt_log *log)
{
	struct task_struct *curr;

	machine_tick();
	curr = cpu_curr(0);
	CU_ASSERT_FATAL(log->n < RT_LOG_LEN);
	if (curr != cpu_rq(0)->idle && rt_task(curr)) {
		log->pid[log->n] = curr->pid;
		log->slice[log->n] = curr->time_slice;
	} else {
		log->pid[log->n] = 0;
		log->slice[log->n] = 0;
	}
	log->n++;
}

static void ticks(struct rt_log *log, int n)
{
	while (n--)
		log_tick(log);
}

static struct task_struct *rt_task_new(const char *comm, int policy, int prio,
				       int nice)
{
	struct task_struct *p = sched_new_task(comm, nice, policy, prio);

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(wake_up_forked_process(p, 0), 0);
	return p;
}

/* the running task, a real-time one, sleeps now */
static void sleep_curr(void)
{
	struct task_struct *p = cpu_curr(0);

	CU_ASSERT_FATAL(p != cpu_rq(0)->idle && rt_task(p));
	set_task_state(p, TASK_INTERRUPTIBLE);
	schedule(0);
}

/*
 * One CPU, two normal hogs, and real-time tasks that wake, preempt,
 * expire (RR), yield, fork, exit, change nice and policy and sleep.
 */
static void rt_script(const struct sched_class *class, struct rt_log *log)
{
	struct task_struct *r1, *r2, *f, *c;

	memset(log, 0, sizeof(*log));
	machine_up_class(1, 1000, class);
	new_task_on("hog1", 0, 0);
	new_task_on("hog2", 5, 0);
	schedule(0);
	ticks(log, 20);
	r1 = rt_task_new("r1", SCHED_RR, 10, 0);
	r2 = rt_task_new("r2", SCHED_RR, 10, -5);
	ticks(log, 400); /* RR slices of 151 and 188 */
	f = rt_task_new("f", SCHED_FIFO, 20, 0);
	ticks(log, 30); /* f preempts at once */
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), f);
	sleep_curr();
	ticks(log, 50);
	sys_sched_yield(0); /* the running RR task to its tail */
	ticks(log, 10);
	CU_ASSERT_EQUAL_FATAL(do_fork(cpu_curr(0), SIGCHLD, "kid", &c), 0);
	CU_ASSERT_EQUAL_FATAL(wake_up_forked_process(c, 0), 0);
	ticks(log, 120);
	CU_ASSERT_EQUAL(do_exit(c, 0), 0);
	ticks(log, 5);
	CU_ASSERT_EQUAL(sys_wait4(c->parent, -1, NULL) > 0, 1);
	CU_ASSERT_EQUAL(set_user_nice(r1, 10), 0); /* a 76-tick slice */
	ticks(log, 300);
	CU_ASSERT_EQUAL(setscheduler(r2, SCHED_FIFO, 30), 0);
	ticks(log, 200); /* r2 runs when r1's slice ends */
	CU_ASSERT_EQUAL(wake_up_process(f), 1); /* behind r2 */
	ticks(log, 10);
	sleep_curr(); /* r2 */
	ticks(log, 10);
	sleep_curr(); /* f */
	ticks(log, 100);
	sleep_curr(); /* r1: the hogs run */
	ticks(log, 200);
	CU_ASSERT_EQUAL(wake_up_process(r1), 1); /* preempts them */
	ticks(log, 20);
	CU_ASSERT_EQUAL(setscheduler(r1, SCHED_OTHER, 0), 0);
	ticks(log, 50);
	SCHED_CHECK();
	machine_down();
}

static void test_same_rt_schedule_every_class(void)
{
	static struct rt_log o1, other;
	unsigned int i;
	int k, rt_ticks = 0, normal = 0;

	rt_script(&o1_sched_class, &o1);
	for (k = 0; k < o1.n; k++) {
		rt_ticks += o1.pid[k] != 0;
		normal += o1.pid[k] == 0;
	}
	/* the script does what it says: both kinds of ticks happen */
	CU_ASSERT(rt_ticks > 900);
	CU_ASSERT(normal > 200);
	for (i = 0; sched_classes[i]; i++) {
		if (sched_classes[i] == &o1_sched_class)
			continue;
		rt_script(sched_classes[i], &other);
		CU_ASSERT_EQUAL_FATAL(other.n, o1.n);
		for (k = 0; k < o1.n; k++) {
			if (other.pid[k] != o1.pid[k] ||
			    other.slice[k] != o1.slice[k]) {
				CU_FAIL("real-time schedule differs from o1's");
				break;
			}
		}
	}
}

/* --------------------------------------------------------------- pull */

/* a tick of @cpu on the busy rebalance cadence (HZ/4) */
static void busy_balance_tick(int cpu)
{
	jiffies = (jiffies / BUSY_REBALANCE_TICK + 1) * BUSY_REBALANCE_TICK;
	scheduler_tick(cpu, 1);
}

/*
 * Two CPUs under goodness.  Two RR tasks wait on CPU 0: the idle CPU 1
 * pulls the one that waits behind the other, not the one CPU 0 runs; a
 * CPU running a better real-time task pulls nothing; a task not allowed
 * there is not pulled.
 */
static void test_pull(void)
{
	struct task_struct *a, *b, *c, *hi;

	machine_up_class(2, 1000, &goodness_sched_class);
	a = rt_task_new("a", SCHED_RR, 10, 0);
	b = rt_task_new("b", SCHED_RR, 10, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(cpu_rq(0)->rt_nr_running, 2UL);
	jiffies++;
	scheduler_tick(1, 1); /* idle tick: balances */
	CU_ASSERT_EQUAL(task_cpu(b), 1);
	CU_ASSERT_EQUAL(task_cpu(a), 0);
	CU_ASSERT_EQUAL(cpu_rq(1)->nr_rt_pulled, 1UL);
	CU_ASSERT_EQUAL(cpu_rq(1)->rt_nr_running, 1UL);
	CU_ASSERT_TRUE(test_tsk_need_resched(cpu_rq(1)->idle));
	CU_ASSERT_PTR_EQUAL(schedule(1), b);
	SCHED_CHECK();

	/* CPU 1 runs b (prio 89): c (prio 94) waiting on CPU 0 stays */
	c = rt_task_new("c", SCHED_RR, 5, 0);
	busy_balance_tick(1);
	CU_ASSERT_EQUAL(task_cpu(c), 0);
	CU_ASSERT_EQUAL(cpu_rq(1)->nr_rt_pulled, 1UL);
	/* a better task waiting there, but pinned to CPU 0 */
	hi = sched_new_task("hi", 0, SCHED_FIFO, 50);
	CU_ASSERT_EQUAL(set_cpus_allowed(hi, 1), 0);
	CU_ASSERT_EQUAL(wake_up_forked_process(hi, 0), 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), hi);
	busy_balance_tick(1);
	CU_ASSERT_EQUAL(cpu_rq(1)->nr_rt_pulled, 1UL);
	/* b sleeps: CPU 1, going idle, takes a, which waits behind hi */
	set_task_state(b, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(1), a);
	CU_ASSERT_EQUAL(task_cpu(a), 1);
	CU_ASSERT_EQUAL(task_cpu(hi), 0);
	CU_ASSERT_EQUAL(task_cpu(c), 0);
	CU_ASSERT_EQUAL(cpu_rq(1)->nr_rt_pulled, 2UL);
	SCHED_CHECK();
	machine_down();
}

/* rt's rq_check hook reports a count that disagrees with its queue */
static void test_rq_check_rt_reports(void)
{
	struct runqueue *rq;

	machine_up_class(1, 1000, &goodness_sched_class);
	rq = cpu_rq(0);
	rt_task_new("r", SCHED_RR, 10, 0);
	rq->rt_nr_running++;
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(
		": cpu 0: rt: 0 queued in expired, rt_nr_running 2 for 1 queued");
	rq->rt_nr_running--;
	SCHED_CHECK();
	machine_down();
}

static CU_TestInfo rq_check_tests[] = {
	{ "rq_check reports rt_nr_running wrong", test_rq_check_rt_reports },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo schedule_tests[] = {
	{ "one CPU: the same real-time schedule under every class",
	  test_same_rt_schedule_every_class },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo load_balance_tests[] = {
	{ "pull of a waiting real-time task", test_pull },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/rt/schedule", schedule_tests, NULL, NULL)
KTEST_SUITE("sched/rt/load_balance_rt", load_balance_tests, NULL, NULL)
KTEST_SUITE("sched/rt/rq_check", rq_check_tests, report_suite_init,
	    report_suite_cleanup)
