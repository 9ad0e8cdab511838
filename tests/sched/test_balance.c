// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_balance.c - load_balance, find_busiest_queue,
 * pull_task and set_cpus_allowed/the migration threads of sched/sched.c,
 * driven from one thread (the migration pthreads do the moves).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
#include "sched/sched.h"
#include "tests/ktest.h"
#include "tests/sched/sched_test.h"

struct pull_log {
	struct task_struct *seq[64];
	struct sched_reason why[64];
	int n;
};

static void log_migrate(struct task_struct *p, int src, int dst,
			const struct sched_reason *why, void *data)
{
	struct pull_log *log = data;

	(void)src;
	(void)dst;
	if (log->n < (int)ARRAY_SIZE(log->seq)) {
		log->why[log->n] = *why;
		log->seq[log->n++] = p;
	}
}

static int balance_cpu(int cpu, int idle)
{
	struct runqueue *rq = cpu_rq(cpu);
	int pulled;

	spin_lock(&rq->lock);
	pulled = load_balance(rq, idle);
	spin_unlock(&rq->lock);
	return pulled;
}

/*
 * @nr tasks on CPU 0, @load on CPU 1, none running, none cache-hot, and
 * CPU 0's prev_nr_running[] set the way the kernel sets it: by an earlier
 * load_balance() that saw these same lengths.  That first call cannot
 * balance (every remote load is min(now, 0) = 0) and must refresh them.
 */
static void two_queues(int nr, int load)
{
	struct runqueue *rq0;
	int i;

	machine_up(2);
	rq0 = cpu_rq(0);
	cache_decay_ticks = 0;
	for (i = 0; i < nr; i++)
		new_task_on("this", 0, 0);
	for (i = 0; i < load; i++)
		new_task_on("busy", 0, 1);
	jiffies++;
	CU_ASSERT_EQUAL(rq0->prev_nr_running[0], 0);
	CU_ASSERT_EQUAL(rq0->prev_nr_running[1], 0);
	CU_ASSERT_EQUAL(balance_cpu(0, 0), 0);
	CU_ASSERT_EQUAL(rq0->prev_nr_running[0], nr);
	CU_ASSERT_EQUAL(rq0->prev_nr_running[1], load);
	CU_ASSERT_EQUAL(rq0->nr_pulled, 0UL);
	CU_ASSERT_EQUAL(rq0->nr_balance, 1UL);
}

/* the spec's worked busy-mode cases: (this nr, busiest load) -> pulled */
static const struct {
	int nr, load, pulled;
} worked_cases[] = {
	{ 0, 2, 1 }, { 1, 2, 0 }, { 1, 3, 1 },	 { 2, 4, 1 },
	{ 4, 8, 2 }, { 5, 8, 0 }, { 10, 20, 5 }, { 11, 20, 0 },
};

static void check_worked_case(unsigned int i, int pulled)
{
	int nr = worked_cases[i].nr, load = worked_cases[i].load;

	SCHED_CHECK();
	CU_ASSERT_EQUAL(pulled, worked_cases[i].pulled);
	CU_ASSERT_EQUAL(cpu_rq(0)->nr_running,
			(unsigned long)(nr + worked_cases[i].pulled));
	CU_ASSERT_EQUAL(cpu_rq(1)->nr_running,
			(unsigned long)(load - worked_cases[i].pulled));
	CU_ASSERT_EQUAL(cpu_rq(0)->nr_pulled,
			(unsigned long)worked_cases[i].pulled);
	/* refreshed with the lengths seen before pulling */
	CU_ASSERT_EQUAL(cpu_rq(0)->prev_nr_running[1], load);
	CU_ASSERT_EQUAL(cpu_rq(0)->prev_nr_running[0], nr);
	CU_ASSERT_EQUAL(cpu_rq(0)->nr_balance, 2UL);
}

static void test_busy_worked_cases(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(worked_cases); i++) {
		two_queues(worked_cases[i].nr, worked_cases[i].load);
		check_worked_case(i, balance_cpu(0, 0));
		machine_down();
	}
}

/*
 * The same cases reached through the busy rebalance tick: CPU 0 runs one
 * of its tasks (so nr >= 1), and only a tick with jiffies a multiple of
 * BUSY_REBALANCE_TICK balances.
 */
static void test_busy_worked_cases_by_tick(void)
{
	struct runqueue *rq0;
	unsigned long before;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(worked_cases); i++) {
		if (!worked_cases[i].nr)
			continue; /* a CPU with no task ticks idle */
		two_queues(worked_cases[i].nr, worked_cases[i].load);
		rq0 = cpu_rq(0);
		CU_ASSERT_PTR_NOT_EQUAL(schedule(0), rq0->idle);
		jiffies = (jiffies / BUSY_REBALANCE_TICK + 1) *
				  BUSY_REBALANCE_TICK -
			  1;
		scheduler_tick(0, 1); /* off the cadence: no balancing */
		CU_ASSERT_EQUAL(rq0->nr_balance, 1UL);
		jiffies++;
		before = rq0->nr_pulled;
		scheduler_tick(0, 1);
		CU_ASSERT_EQUAL(before, 0UL);
		check_worked_case(i, (int)rq0->nr_pulled);
		machine_down();
	}
}

/*
 * Idle mode skips the 25% threshold, so only the recheck under the lock
 * (busiest->nr_running <= this load + 1) stops (1, 2): CPU 0 has a woken
 * task queued but still runs its idle task when its idle tick balances.
 */
static void test_idle_recheck_under_lock(void)
{
	struct runqueue *rq0;

	two_queues(1, 2);
	rq0 = cpu_rq(0);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), rq0->idle);
	jiffies = (jiffies / IDLE_REBALANCE_TICK + 1) * IDLE_REBALANCE_TICK;
	scheduler_tick(0, 1);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(rq0->nr_balance, 2UL);
	CU_ASSERT_EQUAL(rq0->nr_pulled, 0UL);
	CU_ASSERT_EQUAL(cpu_rq(1)->nr_running, 2UL);
	machine_down();

	/* (1, 3) passes the recheck: one task, idle mode */
	two_queues(1, 3);
	rq0 = cpu_rq(0);
	jiffies = (jiffies / IDLE_REBALANCE_TICK + 1) * IDLE_REBALANCE_TICK;
	scheduler_tick(0, 1);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(rq0->nr_pulled, 1UL);
	CU_ASSERT_EQUAL(rq0->nr_running, 2UL);
	CU_ASSERT_EQUAL(cpu_rq(1)->nr_running, 2UL);
	machine_down();
}

static void test_fluctuation_memory(void)
{
	/* this CPU counts as its larger, remote CPUs as their smaller */
	two_queues(0, 8);
	cpu_rq(0)->prev_nr_running[0] = 4; /* behaves as (4, 8) */
	CU_ASSERT_EQUAL(balance_cpu(0, 0), 2);
	machine_down();

	two_queues(0, 8);
	cpu_rq(0)->prev_nr_running[1] = 2; /* behaves as (0, 2) */
	CU_ASSERT_EQUAL(balance_cpu(0, 0), 1);
	CU_ASSERT_EQUAL(cpu_rq(0)->prev_nr_running[1], 8);
	machine_down();

	/* idle mode ignores the memory: current lengths */
	two_queues(0, 8);
	cpu_rq(0)->prev_nr_running[1] = 0;
	CU_ASSERT_EQUAL(balance_cpu(0, 1), 1);
	machine_down();

	/* a remote queue of one is never busiest */
	two_queues(0, 1);
	CU_ASSERT_EQUAL(balance_cpu(0, 1), 0);
	machine_down();
}

static void test_idle_pulls_at_most_one(void)
{
	struct task_struct *next;

	two_queues(0, 8);
	/* schedule() on an empty queue balances in idle mode */
	next = schedule(0);
	SCHED_CHECK();
	CU_ASSERT_PTR_NOT_EQUAL(next, cpu_rq(0)->idle);
	CU_ASSERT_EQUAL(task_cpu(next), 0);
	CU_ASSERT_EQUAL(cpu_rq(0)->nr_running, 1UL);
	CU_ASSERT_EQUAL(cpu_rq(1)->nr_running, 7UL);
	CU_ASSERT_EQUAL(cpu_rq(0)->nr_pulled, 1UL);
	machine_down();

	/* the idle tick too */
	two_queues(0, 8);
	jiffies = (jiffies / IDLE_REBALANCE_TICK + 1) * IDLE_REBALANCE_TICK - 1;
	machine_tick();
	SCHED_CHECK();
	CU_ASSERT_EQUAL(cpu_rq(0)->nr_running, 1UL);
	CU_ASSERT_TRUE(cpu_curr(0) != cpu_rq(0)->idle);
	machine_down();
}

static void test_pull_order(void)
{
	struct pull_log log = { .n = 0 };
	struct sched_hooks hooks = { .migrate = log_migrate, .data = &log };
	struct task_struct *ea, *eb, *ec, *aa;

	machine_up(2);
	cache_decay_ticks = 0;
	sched_set_hooks(&hooks);
	ea = new_task_on("ea", 0, 1);
	eb = new_task_on("eb", 0, 1);
	ec = new_task_on("ec", 0, 1);
	aa = new_task_on("aa", 0, 1);
	place_task(ea, 1, 110);
	place_task(eb, 1, 120);
	place_task(ec, 1, 120); /* behind eb */
	place_task(aa, 0, 100); /* better, but in active */
	SCHED_CHECK();
	jiffies++;
	cpu_rq(0)->prev_nr_running[0] = 0;
	cpu_rq(0)->prev_nr_running[1] = 4;
	/* (0, 4): imbalance 2 */
	CU_ASSERT_EQUAL(balance_cpu(0, 0), 2);
	SCHED_CHECK();
	CU_ASSERT_EQUAL_FATAL(log.n, 2);
	CU_ASSERT_PTR_EQUAL(log.seq[0], ea); /* expired, lowest index */
	CU_ASSERT_PTR_EQUAL(log.seq[1], ec); /* then the tail */
	/* each says which balancer, the busiest CPU and the imbalance */
	CU_ASSERT_EQUAL(log.why[0].kind, SCHED_MIGRATE_BALANCE);
	CU_ASSERT_EQUAL(log.why[1].kind, SCHED_MIGRATE_BALANCE);
	CU_ASSERT_EQUAL(log.why[0].a, 1);
	CU_ASSERT_EQUAL(log.why[0].b, 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(log.why[0].rule);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(log.why[0].rule, "load_balance() at the tick"));
	/* pulled into this CPU's active array, same prio */
	CU_ASSERT_PTR_EQUAL(ea->array, cpu_rq(0)->active);
	CU_ASSERT_EQUAL(ea->prio, 110);
	CU_ASSERT_PTR_EQUAL(ec->array, cpu_rq(0)->active);
	CU_ASSERT_EQUAL(task_cpu(ec), 0);
	CU_ASSERT_EQUAL(ec->nr_migrations, 1UL);
	CU_ASSERT_PTR_EQUAL(eb->array, cpu_rq(1)->expired);
	CU_ASSERT_TRUE(test_tsk_need_resched(cpu_rq(0)->idle));
	sched_set_hooks(NULL);
	machine_down();
}

static void test_pull_skips(void)
{
	struct pull_log log = { .n = 0 };
	struct sched_hooks hooks = { .migrate = log_migrate, .data = &log };
	struct task_struct *s1, *s2, *s3, *s4, *s5;

	machine_up(2);
	sched_set_hooks(&hooks);
	cache_decay_ticks = 10;
	s1 = new_task_on("running", 0, 1);
	s2 = new_task_on("hot2", 0, 1);
	s3 = new_task_on("hot3", 0, 1);
	s4 = new_task_on("pinned", 0, 1);
	s5 = new_task_on("ok", 0, 1);
	CU_ASSERT_EQUAL(set_cpus_allowed(s4, 2UL), 0);
	place_task(s1, 0, 120);
	place_task(s2, 0, 120);
	place_task(s3, 0, 120);
	place_task(s4, 0, 120);
	place_task(s5, 0, 125);
	CU_ASSERT_PTR_EQUAL(schedule(1), s1);
	jiffies += 100;
	s1->sleep_timestamp = s4->sleep_timestamp = s5->sleep_timestamp =
		jiffies - 11;
	/* ran within cache_decay_ticks: hot */
	s2->sleep_timestamp = jiffies - 10;
	s3->sleep_timestamp = jiffies;
	CU_ASSERT_EQUAL(balance_cpu(0, 1), 1);
	SCHED_CHECK();
	CU_ASSERT_EQUAL_FATAL(log.n, 1);
	CU_ASSERT_PTR_EQUAL(log.seq[0], s5);
	CU_ASSERT_EQUAL(log.why[0].kind, SCHED_MIGRATE_BALANCE);
	CU_ASSERT_PTR_NOT_NULL(strstr(log.why[0].rule, "on an idle CPU"));
	CU_ASSERT_EQUAL(task_cpu(s1), 1);
	CU_ASSERT_EQUAL(task_cpu(s4), 1);

	/* once cold, the tail of the 120 queue goes first: s3 */
	jiffies += 100;
	log.n = 0;
	/* idle mode, (1, 4): 4 > 1 + 1, so one more; s4 is still pinned */
	CU_ASSERT_EQUAL(balance_cpu(0, 1), 1);
	CU_ASSERT_EQUAL_FATAL(log.n, 1);
	CU_ASSERT_PTR_EQUAL(log.seq[0], s3);
	SCHED_CHECK();
	sched_set_hooks(NULL);
	machine_down();
}

/* the longest minus the shortest runqueue */
static unsigned long queue_spread(int nr_cpus)
{
	unsigned long n, lo = ~0UL, hi = 0;
	int cpu;

	for (cpu = 0; cpu < nr_cpus; cpu++) {
		n = cpu_rq(cpu)->nr_running;
		if (n < lo)
			lo = n;
		if (n > hi)
			hi = n;
	}
	return hi - lo;
}

static void test_balance_conservation(void)
{
	int step, cpu, i, nr_tasks_queued = 0;
	unsigned long total, spread, pulled = 0;

	machine_up(4);
	cache_decay_ticks = 0;
	srand(11);
	for (i = 0; i < 40; i++) {
		cpu = rand() % 4;
		/* skew towards CPU 3 */
		if (rand() % 2)
			cpu = 3;
		new_task_on("t", rand() % 40 - 20, cpu);
		nr_tasks_queued++;
	}
	for (cpu = 0; cpu < 4; cpu++)
		schedule(cpu);
	spread = queue_spread(4);
	for (step = 0; step < 2000; step++) {
		jiffies++;
		cpu = rand() % 4;
		switch (rand() % 4) {
		case 0:
			balance_cpu(cpu, 0);
			break;
		case 1:
			balance_cpu(cpu, 1);
			break;
		case 2:
			scheduler_tick(cpu, 1);
			break;
		default:
			schedule(cpu);
			break;
		}
		total = sched_nr_running_total();
		CU_ASSERT_EQUAL_FATAL(total, (unsigned long)nr_tasks_queued);
		CU_ASSERT_FATAL(sched_check());
	}
	/*
	 * balancing spread the load (every CPU had tasks from the start, so
	 * "none left empty" alone could not fail)
	 */
	for (cpu = 0; cpu < 4; cpu++)
		pulled += cpu_rq(cpu)->nr_pulled;
	CU_ASSERT(pulled > 0);
	CU_ASSERT(queue_spread(4) < spread / 2);
	machine_down();
}

/* ------------------------------------------------------- migration */

static void test_set_cpus_allowed_cases(void)
{
	struct task_struct *a, *b, *c;
	struct runqueue *rq0, *rq2;
	unsigned long before;

	machine_up(4);
	rq0 = cpu_rq(0);
	rq2 = cpu_rq(2);
	a = new_task_on("a", 0, 0);
	b = new_task_on("b", 0, 0);
	c = sched_new_task("c", 0, SCHED_OTHER, 0);

	/* bad masks: nothing changes */
	CU_ASSERT_EQUAL(set_cpus_allowed(a, 0), -EINVAL);
	CU_ASSERT_EQUAL(set_cpus_allowed(a, 1UL << 10), -EINVAL);
	CU_ASSERT_EQUAL(set_cpus_allowed(rq0->idle, 2UL), -EINVAL);
	CU_ASSERT_EQUAL(a->cpus_allowed, 15UL);

	/* the current CPU stays allowed: only the mask changes */
	CU_ASSERT_EQUAL(set_cpus_allowed(a, 0x3UL | (1UL << 10)), 0);
	CU_ASSERT_EQUAL(a->cpus_allowed, 3UL);
	CU_ASSERT_EQUAL(task_cpu(a), 0);

	/* neither queued nor running: the lowest allowed CPU */
	CU_ASSERT_EQUAL(set_cpus_allowed(c, 0xcUL), 0);
	CU_ASSERT_EQUAL(task_cpu(c), 2);
	CU_ASSERT_EQUAL(wake_up_forked_process(c, 0), -EINVAL);
	CU_ASSERT_EQUAL(wake_up_forked_process(c, 3), 0);
	SCHED_CHECK();

	/* queued, not running: the migration thread moves it */
	before = sched_nr_running_total();
	/* to the lowest allowed CPU */
	CU_ASSERT_EQUAL(set_cpus_allowed(b, 0xcUL), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(task_cpu(b), 2);
	CU_ASSERT_PTR_EQUAL(b->array, rq2->active);
	CU_ASSERT_EQUAL(rq2->nr_migrated_in, 1UL);
	CU_ASSERT_EQUAL(rq0->nr_running, 1UL);
	CU_ASSERT_EQUAL(sched_nr_running_total(), before);
	CU_ASSERT_EQUAL(b->nr_migrations, 1UL);
	CU_ASSERT_TRUE(test_tsk_need_resched(rq2->idle));

	/* running: the migration thread preempts it; idle is current */
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	before = rq0->nr_switches;
	CU_ASSERT_EQUAL(set_cpus_allowed(a, 0xeUL), 0);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), rq0->idle);
	CU_ASSERT_TRUE(test_tsk_need_resched(rq0->idle));
	CU_ASSERT_EQUAL(rq0->nr_switches, before + 1);
	CU_ASSERT_EQUAL(task_cpu(a), 1);
	CU_ASSERT_PTR_EQUAL(schedule(1), a);
	CU_ASSERT_PTR_EQUAL(schedule(0), rq0->idle);
	CU_ASSERT_EQUAL(sched_nr_running_total(), 3UL);
	SCHED_CHECK();
	machine_down();
}

static CU_TestInfo find_busiest_queue_tests[] = {
	{ "busy-mode worked cases", test_busy_worked_cases },
	{ "busy-mode worked cases through the tick",
	  test_busy_worked_cases_by_tick },
	{ "idle mode: the recheck under the lock",
	  test_idle_recheck_under_lock },
	{ "max/min fluctuation memory", test_fluctuation_memory },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo load_balance_tests[] = {
	{ "idle balancing pulls at most one", test_idle_pulls_at_most_one },
	{ "pull order: expired, lowest index, tail", test_pull_order },
	{ "running, pinned, cache-hot skipped", test_pull_skips },
	{ "conservation across balancing", test_balance_conservation },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo set_cpus_allowed_tests[] = {
	{ "set_cpus_allowed cases", test_set_cpus_allowed_cases },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/balance/find_busiest_queue", find_busiest_queue_tests, NULL,
	    NULL)
KTEST_SUITE("sched/balance/load_balance", load_balance_tests, NULL, NULL)
KTEST_SUITE("sched/balance/set_cpus_allowed", set_cpus_allowed_tests, NULL,
	    NULL)
