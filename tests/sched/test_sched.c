// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_sched.c - the scheduler core of sched/sched.c: the
 * spec's constants and tables, run queues, ticks, expiry, array switch,
 * policies, wakeups, nice/policy changes, fork slice sharing.
 *
 * Expected values come from the spec's tables and formulas, written out
 * here independently of the code under test.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
#include "sched/sched.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/report.h"
#include "tests/sched/sched_test.h"

/* ------------------------------------------------------------ constants */

/* the priority constants are constant expressions: checked by the compiler */
_Static_assert(MAX_RT_PRIO == 100, "MAX_RT_PRIO");
_Static_assert(MAX_PRIO == 140, "MAX_PRIO");
_Static_assert(NICE_TO_PRIO(-20) == 100, "NICE_TO_PRIO(-20)");
_Static_assert(NICE_TO_PRIO(0) == 120, "NICE_TO_PRIO(0)");
_Static_assert(NICE_TO_PRIO(19) == 139, "NICE_TO_PRIO(19)");
_Static_assert(PRIO_TO_NICE(139) == 19, "PRIO_TO_NICE(139)");
_Static_assert(USER_PRIO(139) == 39, "USER_PRIO(139)");
_Static_assert(MAX_USER_PRIO == 40, "MAX_USER_PRIO");
/* 141 bits: 18 bytes, rounded up to whole longs */
_Static_assert(BITMAP_SIZE == (sizeof(long) == 8 ? 3UL : 5UL), "BITMAP_SIZE");
_Static_assert(BITMAP_SIZE * sizeof(long) * 8 >= MAX_PRIO + 1,
	       "one bit per priority and the delimiter");

static void test_constants_basic(void)
{
	kstruct_hz = 1000;
	CU_ASSERT_EQUAL(MIN_TIMESLICE, 10);
	CU_ASSERT_EQUAL(MAX_TIMESLICE, 300);
	CU_ASSERT_EQUAL(MAX_SLEEP_AVG, 2000);
	CU_ASSERT_EQUAL(STARVATION_LIMIT, 2000);
	CU_ASSERT_EQUAL(BUSY_REBALANCE_TICK, 250);
	CU_ASSERT_EQUAL(IDLE_REBALANCE_TICK, 1);
	kstruct_hz = 100;
	CU_ASSERT_EQUAL(MIN_TIMESLICE, 1);
	CU_ASSERT_EQUAL(MAX_TIMESLICE, 30);
	CU_ASSERT_EQUAL(BUSY_REBALANCE_TICK, 25);
	CU_ASSERT_EQUAL(IDLE_REBALANCE_TICK, 1);
	kstruct_hz = 2;
	CU_ASSERT_EQUAL(BUSY_REBALANCE_TICK, 1);
	kstruct_hz = 2000;
	CU_ASSERT_EQUAL(IDLE_REBALANCE_TICK, 2);
	kstruct_hz = DEFAULT_HZ;
}

static void test_timeslice_table(void)
{
	/* the spec's table at HZ=1000 */
	static const struct {
		int nice;
		unsigned int ticks;
	} table[] = {
		{ -20, 300 }, { -10, 225 }, { -5, 188 }, { 0, 151 },
		{ 5, 114 },   { 10, 76 },   { 19, 10 },
	};
	static const unsigned int hzs[] = { 100, 250, 300, 1000, 1024 };
	struct task_struct t;
	unsigned int i, min, max, expect;
	int nice;

	memset(&t, 0, sizeof(t));
	kstruct_hz = 1000;
	for (i = 0; i < ARRAY_SIZE(table); i++) {
		t.static_prio = 120 + table[i].nice;
		CU_ASSERT_EQUAL(task_timeslice(&t), table[i].ticks);
	}
	/* other HZ: min + (max - min) * (19 - nice) / 39, integer */
	for (i = 0; i < ARRAY_SIZE(hzs); i++) {
		kstruct_hz = hzs[i];
		min = 10 * hzs[i] / 1000;
		max = 300 * hzs[i] / 1000;
		for (nice = -20; nice <= 19; nice++) {
			t.static_prio = 120 + nice;
			expect = min +
				 (max - min) * (unsigned int)(19 - nice) / 39;
			CU_ASSERT_EQUAL(task_timeslice(&t), expect);
		}
	}
	kstruct_hz = DEFAULT_HZ;
}

static void test_bonus_values(void)
{
	struct task_struct t;
	unsigned long s;
	int nice, expect, bonus;

	memset(&t, 0, sizeof(t));
	kstruct_hz = 1000;
	t.static_prio = 120;
	t.prio = 120;
	t.sleep_avg = 0;
	CU_ASSERT_EQUAL(effective_prio(&t), 125);
	t.sleep_avg = 1000;
	CU_ASSERT_EQUAL(effective_prio(&t), 120);
	t.sleep_avg = 2000;
	CU_ASSERT_EQUAL(effective_prio(&t), 115);
	/* clamped at both ends */
	t.static_prio = 100;
	CU_ASSERT_EQUAL(effective_prio(&t), 100);
	t.static_prio = 139;
	t.sleep_avg = 0;
	CU_ASSERT_EQUAL(effective_prio(&t), 139);

	for (nice = -20; nice <= 19; nice += 3) {
		t.static_prio = 120 + nice;
		for (s = 0; s <= 2000; s += 37) {
			t.sleep_avg = s;
			bonus = (int)(1000 * s / 2000 / 100) - 5;
			expect = 120 + nice - bonus;
			if (expect < 100)
				expect = 100;
			if (expect > 139)
				expect = 139;
			CU_ASSERT_EQUAL(effective_prio(&t), expect);
		}
	}
	/* real-time tasks keep their prio */
	t.prio = 42;
	t.static_prio = 120;
	CU_ASSERT_EQUAL(effective_prio(&t), 42);
	kstruct_hz = DEFAULT_HZ;
}

static void test_delta_and_interactive(void)
{
	static const struct {
		int nice, delta;
	} table[] = {
		{ -20, -3 }, { -10, 0 }, { 0, 2 }, { 10, 4 }, { 19, 6 },
	};
	struct task_struct t;
	unsigned int i;
	int nice;

	memset(&t, 0, sizeof(t));
	for (i = 0; i < ARRAY_SIZE(table); i++) {
		t.static_prio = 120 + table[i].nice;
		CU_ASSERT_EQUAL(DELTA(&t), table[i].delta);
		/* interactive exactly when prio <= static - DELTA */
		t.prio = t.static_prio - table[i].delta;
		CU_ASSERT_TRUE(TASK_INTERACTIVE(&t));
		t.prio++;
		CU_ASSERT_FALSE(TASK_INTERACTIVE(&t));
	}
	for (nice = -20; nice <= 19; nice++) {
		t.static_prio = 120 + nice;
		/* C division truncates towards zero */
		CU_ASSERT_EQUAL(DELTA(&t), nice * 10 / 40 + 2);
	}
	/* nice -10 with no bonus at all counts as interactive */
	t.static_prio = 110;
	t.prio = 110;
	CU_ASSERT_TRUE(TASK_INTERACTIVE(&t));
}

static struct runqueue fake_rq;

static void test_expired_starving(void)
{
	kstruct_hz = 1000;
	jiffies = TEST_JIFFIES_START;
	memset(&fake_rq, 0, sizeof(fake_rq));
	fake_rq.nr_running = 2;
	fake_rq.expired_timestamp = 0;
	CU_ASSERT_FALSE(EXPIRED_STARVING(&fake_rq));
	/* limit 2000 * 2 + 1 ticks */
	fake_rq.expired_timestamp = jiffies - 4000;
	CU_ASSERT_FALSE(EXPIRED_STARVING(&fake_rq));
	fake_rq.expired_timestamp = jiffies - 4001;
	CU_ASSERT_TRUE(EXPIRED_STARVING(&fake_rq));
	fake_rq.nr_running = 0;
	fake_rq.expired_timestamp = jiffies - 1;
	CU_ASSERT_TRUE(EXPIRED_STARVING(&fake_rq));
	fake_rq.expired_timestamp = jiffies;
	CU_ASSERT_FALSE(EXPIRED_STARVING(&fake_rq));
	kstruct_hz = DEFAULT_HZ;
}

static void test_find_first_bit(void)
{
	unsigned long b[BITMAP_SIZE];
	int i, round, naive;

	memset(b, 0, sizeof(b));
	__set_bit(MAX_PRIO, b);
	CU_ASSERT_EQUAL(sched_find_first_bit(b), MAX_PRIO);
	srand(7);
	for (round = 0; round < 2000; round++) {
		memset(b, 0, sizeof(b));
		__set_bit(MAX_PRIO, b);
		for (i = 0; i < round % 5; i++)
			__set_bit(rand() % MAX_PRIO, b);
		naive = MAX_PRIO;
		for (i = 0; i < MAX_PRIO; i++) {
			if (test_bit(i, b)) {
				naive = i;
				break;
			}
		}
		CU_ASSERT_EQUAL(sched_find_first_bit(b), naive);
	}
}

/* ---------------------------------------------------------- run queues */

static void init_array(struct prio_array *a)
{
	int i;

	memset(a, 0, sizeof(*a));
	for (i = 0; i < MAX_PRIO; i++)
		INIT_LIST_HEAD(&a->queue[i]);
	__set_bit(MAX_PRIO, a->bitmap);
}

static struct prio_array test_array;

static void test_enqueue_dequeue_wiring(void)
{
	struct task_struct a, b;
	struct list_head *q = &test_array.queue[120];

	init_array(&test_array);
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.prio = b.prio = 120;

	enqueue_task(&a, &test_array);
	CU_ASSERT_PTR_EQUAL(q->next, &a.run_list);
	CU_ASSERT_PTR_EQUAL(q->prev, &a.run_list);
	CU_ASSERT_PTR_EQUAL(a.run_list.next, q);
	CU_ASSERT_PTR_EQUAL(a.run_list.prev, q);
	CU_ASSERT_PTR_EQUAL(a.array, &test_array);
	CU_ASSERT_EQUAL(test_array.nr_active, 1);
	CU_ASSERT_TRUE(test_bit(120, test_array.bitmap));
	CU_ASSERT_EQUAL(sched_find_first_bit(test_array.bitmap), 120);

	enqueue_task(&b, &test_array);
	/* b at the tail: q -> a -> b -> q */
	CU_ASSERT_PTR_EQUAL(q->next, &a.run_list);
	CU_ASSERT_PTR_EQUAL(a.run_list.next, &b.run_list);
	CU_ASSERT_PTR_EQUAL(b.run_list.next, q);
	CU_ASSERT_PTR_EQUAL(q->prev, &b.run_list);
	CU_ASSERT_PTR_EQUAL(b.run_list.prev, &a.run_list);
	CU_ASSERT_EQUAL(test_array.nr_active, 2);
	CU_ASSERT_TRUE(list_check(q));

	dequeue_task(&a, &test_array);
	CU_ASSERT_TRUE(test_bit(120, test_array.bitmap));
	CU_ASSERT_EQUAL(test_array.nr_active, 1);
	CU_ASSERT_PTR_EQUAL(q->next, &b.run_list);
	CU_ASSERT_PTR_EQUAL(b.run_list.prev, q);

	dequeue_task(&b, &test_array);
	CU_ASSERT_FALSE(test_bit(120, test_array.bitmap));
	CU_ASSERT_TRUE(list_empty(q));
	CU_ASSERT_EQUAL(test_array.nr_active, 0);
	CU_ASSERT_EQUAL(sched_find_first_bit(test_array.bitmap), MAX_PRIO);
}

/* ------------------------------------------------------------- machine */

static void test_init_errors_and_teardown(void)
{
	long live = kmalloc_live();
	int cpu;

	CU_ASSERT_EQUAL(sched_init(0), -EINVAL);
	CU_ASSERT_EQUAL(sched_init(NR_CPUS + 1), -EINVAL);
	machine_up(3);
	CU_ASSERT_EQUAL(sched_init(2), -EBUSY);
	CU_ASSERT_EQUAL(nr_cpus_online, 3);
	CU_ASSERT_EQUAL(cpu_online_map, 7UL);
	CU_ASSERT_EQUAL(cache_decay_ticks, 10UL);
	for (cpu = 0; cpu < 3; cpu++) {
		struct runqueue *rq = cpu_rq(cpu);

		CU_ASSERT_PTR_EQUAL(rq->curr, rq->idle);
		CU_ASSERT_EQUAL(rq->idle->prio, MAX_PRIO);
		CU_ASSERT_EQUAL(rq->idle->pid, 0);
		CU_ASSERT_PTR_NULL(rq->idle->array);
		CU_ASSERT_EQUAL(rq->nr_running, 0UL);
	}
	CU_ASSERT_PTR_EQUAL(init_task, cpu_rq(0)->idle);
	CU_ASSERT_EQUAL(child_reaper->pid, 1);
	CU_ASSERT_EQUAL(nr_tasks(), 2);
	new_task_on("a", 0, 1);
	machine_down();
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	/* a machine can be rebuilt, with the maximum of CPUs */
	machine_up(NR_CPUS);
	CU_ASSERT_EQUAL(cpu_online_map, ~0UL);
	machine_down();
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static void test_init_fault_injection(void)
{
	long live = kmalloc_live();
	unsigned long n;
	int ret;

	kstruct_hz = 1000;
	for_each_alloc_failure(n, ret = sched_init(4)) {
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		CU_ASSERT_EQUAL(nr_cpus_online, 0);
		/* nothing half-built: a retry still works */
		CU_ASSERT_FATAL(n < 100);
	}
	CU_ASSERT_EQUAL_FATAL(ret, 0);
	CU_ASSERT(n > 4); /* 4 idle tasks and init were allocated */
	SCHED_CHECK();
	machine_down();
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static void test_new_task_fault_injection(void)
{
	struct task_struct *p;
	long live;
	unsigned long n;
	int tasks;

	machine_up(2);
	live = kmalloc_live();
	tasks = nr_tasks();
	for_each_alloc_failure(n, p = sched_new_task("x", 0, SCHED_OTHER, 0)) {
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		CU_ASSERT_EQUAL(nr_tasks(), tasks);
		SCHED_CHECK();
	}
	CU_ASSERT_PTR_NOT_NULL(p);
	CU_ASSERT_EQUAL(n, 2UL);
	CU_ASSERT_EQUAL(nr_tasks(), tasks + 1);
	/* bad arguments */
	CU_ASSERT_PTR_NULL(sched_new_task("x", 20, SCHED_OTHER, 0));
	CU_ASSERT_PTR_NULL(sched_new_task("x", -21, SCHED_OTHER, 0));
	CU_ASSERT_PTR_NULL(sched_new_task("x", 0, SCHED_OTHER, 5));
	CU_ASSERT_PTR_NULL(sched_new_task("x", 0, SCHED_FIFO, 0));
	CU_ASSERT_PTR_NULL(sched_new_task("x", 0, SCHED_RR, 100));
	CU_ASSERT_PTR_NULL(sched_new_task("x", 0, 9, 1));
	CU_ASSERT_EQUAL(nr_tasks(), tasks + 1);
	p = sched_new_task("with space", 0, SCHED_OTHER, 0);
	CU_ASSERT_STRING_EQUAL(p->comm, "with_space");
	SCHED_CHECK();
	machine_down();
}

/* -------------------------------------------------------- ticks, expiry */

static void test_expiry_and_array_switch(void)
{
	struct runqueue *rq;
	struct task_struct *p;
	int i;

	machine_up(1);
	rq = cpu_rq(0);
	p = new_task_on("hog", 0, 0);
	CU_ASSERT_EQUAL(p->prio, 125); /* sleep_avg 0: +5 */
	CU_ASSERT_TRUE(test_tsk_need_resched(rq->idle));
	CU_ASSERT_PTR_EQUAL(schedule(0), p);
	CU_ASSERT_EQUAL(rq->nr_switches, 1UL);
	CU_ASSERT_EQUAL(p->time_slice, 151U);
	for (i = 0; i < 150; i++) {
		machine_tick();
		SCHED_CHECK();
	}
	CU_ASSERT_EQUAL(p->time_slice, 1U);
	CU_ASSERT_PTR_EQUAL(p->array, rq->active);
	CU_ASSERT_FALSE(test_tsk_need_resched(p));

	/* the 151st tick: not interactive, so into expired */
	jiffies++;
	scheduler_tick(0, 1);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(p->array, rq->expired);
	CU_ASSERT_EQUAL(rq->expired_timestamp, jiffies);
	CU_ASSERT_TRUE(test_tsk_need_resched(p));
	CU_ASSERT_EQUAL(p->time_slice, 151U);
	CU_ASSERT_EQUAL(p->first_time_slice, 0U);
	CU_ASSERT_EQUAL(rq->active->nr_active, 0);

	/* a tick while expired but still current: only need_resched */
	jiffies++;
	scheduler_tick(0, 1);
	CU_ASSERT_EQUAL(p->time_slice, 151U);

	CU_ASSERT_PTR_EQUAL(schedule(0), p);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(rq->nr_array_switches, 1UL);
	CU_ASSERT_EQUAL(rq->expired_timestamp, 0UL);
	CU_ASSERT_PTR_EQUAL(p->array, rq->active);
	CU_ASSERT_EQUAL(rq->nr_switches, 1UL); /* same task again */
	CU_ASSERT_FALSE(test_tsk_need_resched(p));
	machine_down();
}

/* an emptied runqueue picks idle and forgets when its first task expired */
/*
 * At HZ 20 a nice-19 task's slice is MIN_TIMESLICE + 0 = 10 * 20 / 1000
 * = 0 ticks.  2.5.33's tick decremented first (!--p->time_slice) and
 * would wrap the unsigned slice to UINT_MAX; here it expires at its first
 * tick and is refilled with 0 again.
 */
static void test_zero_slice_expires_at_next_tick(void)
{
	struct runqueue *rq;
	struct task_struct *p;

	machine_up_hz(1, 20);
	rq = cpu_rq(0);
	p = new_task_on("tiny", 19, 0);
	CU_ASSERT_EQUAL(task_timeslice(p), 0U);
	CU_ASSERT_EQUAL(p->time_slice, 0U);
	CU_ASSERT_PTR_EQUAL(schedule(0), p);
	jiffies++;
	scheduler_tick(0, 1);
	CU_ASSERT_TRUE(test_tsk_need_resched(p));
	CU_ASSERT_EQUAL(p->time_slice, 0U);
	CU_ASSERT_EQUAL(p->first_time_slice, 0U);
	CU_ASSERT_PTR_EQUAL(p->array, rq->expired);
	SCHED_CHECK();
	machine_down();
}

static void test_idle_clears_expired_timestamp(void)
{
	struct runqueue *rq;
	struct task_struct *p;
	int i;

	machine_up(1);
	rq = cpu_rq(0);
	p = new_task_on("hog", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), p);
	for (i = 0; i < 151; i++)
		machine_tick();
	/* expired and stamped: the arrays switched and p runs again */
	CU_ASSERT_EQUAL(rq->nr_array_switches, 1UL);
	for (i = 0; i < 151; i++) {
		jiffies++;
		scheduler_tick(0, 1);
	}
	CU_ASSERT_PTR_EQUAL(p->array, rq->expired);
	CU_ASSERT_EQUAL(rq->expired_timestamp, jiffies);
	/* p sleeps before the switch: nothing left, idle runs */
	set_task_state(p, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), rq->idle);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(rq->nr_running, 0UL);
	CU_ASSERT_EQUAL(rq->expired_timestamp, 0UL);
	CU_ASSERT_EQUAL(rq->nr_array_switches, 1UL);
	machine_down();
}

static void test_interactive_reinsertion(void)
{
	struct runqueue *rq;
	struct task_struct *p, *q;
	unsigned long s;
	int i, expect;

	machine_up(1);
	rq = cpu_rq(0);
	p = sched_new_task("shell", 0, SCHED_OTHER, 0);
	p->sleep_avg = 2000;
	CU_ASSERT_EQUAL(wake_up_forked_process(p, 0), 0);
	CU_ASSERT_EQUAL(p->sleep_avg, 1900UL); /* CHILD_PENALTY 95% */
	CU_ASSERT_EQUAL(p->prio, 116);
	q = new_task_on("other", 0, 0);
	/* q waits in the queue p will land in after its slice (117) */
	place_task(q, 0, 117);
	CU_ASSERT_PTR_EQUAL(schedule(0), p);
	for (i = 0; i < 151; i++) {
		jiffies++;
		scheduler_tick(0, 1);
	}
	SCHED_CHECK();
	s = 1900 - 151;
	CU_ASSERT_EQUAL(p->sleep_avg, s);
	expect = 120 - ((int)(1000 * s / 2000 / 100) - 5);
	CU_ASSERT_EQUAL(p->prio, expect);
	CU_ASSERT(expect <= 120 - 2); /* so TASK_INTERACTIVE */
	/* back into active, at the tail of its queue, no stamp */
	CU_ASSERT_PTR_EQUAL(p->array, rq->active);
	CU_ASSERT_EQUAL(rq->expired->nr_active, 0);
	CU_ASSERT_EQUAL(rq->expired_timestamp, 0UL);
	CU_ASSERT_EQUAL_FATAL(p->prio, 117);
	CU_ASSERT_EQUAL(queue_len(rq->active, 117), 2);
	CU_ASSERT_PTR_EQUAL(rq->active->queue[117].next, &q->run_list);
	CU_ASSERT_PTR_EQUAL(rq->active->queue[117].prev, &p->run_list);
	CU_ASSERT_TRUE(test_tsk_need_resched(p));
	/* round robin: q, which waited at that prio, runs first */
	CU_ASSERT_PTR_EQUAL(schedule(0), q);
	CU_ASSERT_EQUAL(rq->nr_array_switches, 0UL);
	machine_down();
}

static void test_starvation_sends_interactive_to_expired(void)
{
	struct runqueue *rq;
	struct task_struct *a, *b;
	int starving;

	for (starving = 0; starving <= 1; starving++) {
		machine_up(1);
		rq = cpu_rq(0);
		a = sched_new_task("inter", 0, SCHED_OTHER, 0);
		a->sleep_avg = 2000;
		wake_up_forked_process(a, 0);
		b = new_task_on("hog", 0, 0);
		/* b expired a while ago */
		place_task(b, 1, b->prio);
		CU_ASSERT_PTR_EQUAL(schedule(0), a);
		a->time_slice = 1;
		/* after jiffies++ the age is 4001 (starving) or 4000 */
		rq->expired_timestamp = jiffies + 1 - 4000 - starving;
		jiffies++;
		scheduler_tick(0, 1);
		SCHED_CHECK();
		CU_ASSERT_TRUE(TASK_INTERACTIVE(a));
		if (starving) {
			CU_ASSERT_PTR_EQUAL(a->array, rq->expired);
		} else {
			CU_ASSERT_PTR_EQUAL(a->array, rq->active);
		}
		machine_down();
	}
}

static void test_expiry_at_other_hz(void)
{
	static const unsigned int hzs[] = { 100, 250, 1024 };
	struct task_struct *p;
	unsigned int i, k, slice, min, max;

	for (i = 0; i < ARRAY_SIZE(hzs); i++) {
		machine_up_hz(1, hzs[i]);
		min = 10 * hzs[i] / 1000;
		max = 300 * hzs[i] / 1000;
		slice = min + (max - min) * 19 / 39; /* nice 0 */
		p = new_task_on("hog", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), p);
		CU_ASSERT_EQUAL(p->time_slice, slice);
		for (k = 0; k + 1 < slice; k++) {
			jiffies++;
			scheduler_tick(0, 1);
		}
		CU_ASSERT_PTR_EQUAL(p->array, cpu_rq(0)->active);
		jiffies++;
		scheduler_tick(0, 1);
		CU_ASSERT_PTR_EQUAL(p->array, cpu_rq(0)->expired);
		CU_ASSERT_EQUAL(p->time_slice, slice);
		SCHED_CHECK();
		machine_down();
	}
}

/* records the sequence of tasks switched to */
struct switch_log {
	struct task_struct *seq[64];
	int n;
};

static void log_switch(int cpu, struct task_struct *prev,
		       struct task_struct *next, void *data)
{
	struct switch_log *log = data;

	(void)cpu;
	(void)prev;
	if (log->n < (int)ARRAY_SIZE(log->seq))
		log->seq[log->n++] = next;
}

static void test_round_robin_within_priority(void)
{
	struct switch_log log = { .n = 0 };
	struct sched_hooks hooks = { .switch_to = log_switch, .data = &log };
	struct task_struct *t[3];
	int i;

	machine_up(1);
	sched_set_hooks(&hooks);
	t[0] = new_task_on("a", 0, 0);
	t[1] = new_task_on("b", 0, 0);
	t[2] = new_task_on("c", 0, 0);
	schedule(0);
	for (i = 0; i < 151 * 6 - 1; i++) {
		machine_tick();
		SCHED_CHECK();
	}
	/* a b c, array switch, a b c */
	CU_ASSERT_EQUAL_FATAL(log.n, 6);
	for (i = 0; i < 6; i++)
		CU_ASSERT_PTR_EQUAL(log.seq[i], t[i % 3]);
	CU_ASSERT_EQUAL(cpu_rq(0)->nr_array_switches, 1UL);
	sched_set_hooks(NULL);
	machine_down();
}

static void test_rr_versus_fifo(void)
{
	struct switch_log log = { .n = 0 };
	struct sched_hooks hooks = { .switch_to = log_switch, .data = &log };
	struct task_struct *r1, *r2, *f1, *f2;
	struct runqueue *rq;
	int i;

	machine_up(1);
	rq = cpu_rq(0);
	sched_set_hooks(&hooks);
	r1 = sched_new_task("rr1", 0, SCHED_RR, 49);
	r2 = sched_new_task("rr2", 0, SCHED_RR, 49);
	CU_ASSERT_EQUAL(r1->prio, 50); /* 99 - rt_priority */
	wake_up_forked_process(r1, 0);
	wake_up_forked_process(r2, 0);
	CU_ASSERT_EQUAL(r1->prio, 50); /* no bonus for RT */
	schedule(0);
	for (i = 0; i < 151 * 2; i++) {
		machine_tick();
		SCHED_CHECK();
	}
	/* r1, then r2 after r1's slice, then r1 again; never expired */
	CU_ASSERT_EQUAL_FATAL(log.n, 3);
	CU_ASSERT_PTR_EQUAL(log.seq[0], r1);
	CU_ASSERT_PTR_EQUAL(log.seq[1], r2);
	CU_ASSERT_PTR_EQUAL(log.seq[2], r1);
	CU_ASSERT_EQUAL(rq->expired->nr_active, 0);
	CU_ASSERT_EQUAL(r2->time_slice, 151U);
	do_exit(r1, 0);
	do_exit(r2, 0);
	schedule(0);
	sys_wait4(child_reaper, -1, NULL);
	sys_wait4(child_reaper, -1, NULL);

	log.n = 0;
	f1 = sched_new_task("fifo1", 0, SCHED_FIFO, 10);
	f2 = sched_new_task("fifo2", 0, SCHED_FIFO, 10);
	wake_up_forked_process(f1, 0);
	wake_up_forked_process(f2, 0);
	schedule(0);
	for (i = 0; i < 1000; i++)
		machine_tick();
	SCHED_CHECK();
	CU_ASSERT_EQUAL(log.n, 1);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), f1);
	CU_ASSERT_EQUAL(f1->time_slice, 151U);
	sched_set_hooks(NULL);
	machine_down();
}

/* ------------------------------------------------------ sleep and wake */

static void test_sleep_and_wakeup(void)
{
	struct runqueue *rq;
	struct task_struct *a, *b;

	machine_up(1);
	rq = cpu_rq(0);
	a = new_task_on("a", 0, 0);
	b = new_task_on("b", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	set_task_state(a, TASK_UNINTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), b);
	SCHED_CHECK();
	CU_ASSERT_PTR_NULL(a->array);
	CU_ASSERT_EQUAL(rq->nr_running, 1UL);
	CU_ASSERT_EQUAL(rq->nr_uninterruptible, 1L);
	CU_ASSERT_EQUAL(a->sleep_timestamp, jiffies);

	jiffies += 500;
	CU_ASSERT_EQUAL(try_to_wake_up(a, 0, -1), 1);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(rq->nr_uninterruptible, 0L);
	CU_ASSERT_EQUAL(a->state, TASK_RUNNING);
	CU_ASSERT_EQUAL(a->sleep_avg, 500UL);
	CU_ASSERT_EQUAL(a->prio, 120 - ((1000 * 500 / 2000 / 100) - 5));
	CU_ASSERT_PTR_EQUAL(a->array, rq->active);
	CU_ASSERT_TRUE(test_tsk_need_resched(b)); /* 123 < 125 */
	CU_ASSERT_EQUAL(wake_up_process(a), 0); /* already queued */
	CU_ASSERT_PTR_EQUAL(schedule(0), a);

	/* a queued task that set a sleep state and is woken stays put */
	set_task_state(b, TASK_INTERRUPTIBLE);
	/* b is not current: it leaves at its next switch; wake it first */
	CU_ASSERT_EQUAL(wake_up_process(b), 0);
	CU_ASSERT_EQUAL(b->state, TASK_RUNNING);
	CU_ASSERT_FALSE(test_tsk_need_resched(a));
	/* the idle task cannot be woken */
	CU_ASSERT_EQUAL(wake_up_process(rq->idle), 0);
	/* sleeping for longer than MAX_SLEEP_AVG caps the average */
	set_task_state(a, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), b);
	jiffies += 100000;
	CU_ASSERT_EQUAL(wake_up_process(a), 1);
	CU_ASSERT_EQUAL(a->sleep_avg, 2000UL);
	CU_ASSERT_EQUAL(a->prio, 115);
	SCHED_CHECK();
	/* a worse task waking does not preempt (b slept 0 ticks: 125) */
	set_task_state(b, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_FALSE(test_tsk_need_resched(a));
	CU_ASSERT_EQUAL(wake_up_process(b), 1);
	CU_ASSERT_EQUAL(b->prio, 125);
	CU_ASSERT_PTR_EQUAL(b->array, rq->active);
	CU_ASSERT_FALSE(test_tsk_need_resched(a));
	SCHED_CHECK();
	machine_down();
}

static long nr_uninterruptible_total(void)
{
	long sum = 0;
	int cpu;

	for (cpu = 0; cpu < nr_cpus_online; cpu++)
		sum += cpu_rq(cpu)->nr_uninterruptible;
	return sum;
}

/*
 * nr_uninterruptible counts tasks that went to sleep uninterruptibly.  A
 * new task waits in TASK_UNINTERRUPTIBLE for wake_up_forked_process()
 * without ever having slept: killing it, or waking it the ordinary way,
 * must not uncount a sleep that was never counted.
 */
static void test_new_task_is_no_uninterruptible_sleeper(void)
{
	struct task_struct *p, *q, *r;
	pid_t pid;

	machine_up(2);
	p = sched_new_task("unborn", 0, SCHED_OTHER, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->state, TASK_UNINTERRUPTIBLE);
	pid = p->pid;
	CU_ASSERT_EQUAL(do_exit(p, 0), 0);
	CU_ASSERT_EQUAL(nr_uninterruptible_total(), 0L);
	CU_ASSERT_EQUAL(sys_wait4(child_reaper, pid, NULL), pid);

	/* only wake_up_forked_process() starts a new task */
	q = sched_new_task("unborn2", 0, SCHED_OTHER, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	CU_ASSERT_EQUAL(wake_up_process(q), 0);
	CU_ASSERT_PTR_NULL(q->array);
	CU_ASSERT_EQUAL(nr_uninterruptible_total(), 0L);
	CU_ASSERT_EQUAL(wake_up_forked_process(q, 1), 0);
	CU_ASSERT_EQUAL(cpu_rq(1)->nr_running, 1UL);
	SCHED_CHECK();

	/* a real uninterruptible sleeper is counted, then uncounted */
	CU_ASSERT_PTR_EQUAL(schedule(1), q);
	set_task_state(q, TASK_UNINTERRUPTIBLE);
	schedule(1);
	CU_ASSERT_EQUAL(nr_uninterruptible_total(), 1L);
	pid = q->pid;
	CU_ASSERT_EQUAL(do_exit(q, 0), 0);
	CU_ASSERT_EQUAL(nr_uninterruptible_total(), 0L);
	CU_ASSERT_EQUAL(sys_wait4(child_reaper, pid, NULL), pid);

	/* so is a fork child that has run and sleeps */
	r = new_task_on("r", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), r);
	set_task_state(r, TASK_UNINTERRUPTIBLE);
	schedule(0);
	CU_ASSERT_EQUAL(nr_uninterruptible_total(), 1L);
	CU_ASSERT_EQUAL(wake_up_process(r), 1);
	CU_ASSERT_EQUAL(nr_uninterruptible_total(), 0L);
	SCHED_CHECK();
	machine_down();
}

static void test_sync_wakeup_moves_to_waker(void)
{
	struct task_struct *a;

	machine_up(2);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	set_task_state(a, TASK_INTERRUPTIBLE);
	schedule(0);
	CU_ASSERT_EQUAL(try_to_wake_up(a, 1, 1), 1);
	CU_ASSERT_EQUAL(task_cpu(a), 1);
	CU_ASSERT_EQUAL(cpu_rq(1)->nr_running, 1UL);
	CU_ASSERT_EQUAL(a->nr_migrations, 1UL);
	/* not when the waker's CPU is not allowed */
	CU_ASSERT_PTR_EQUAL(schedule(1), a);
	set_task_state(a, TASK_INTERRUPTIBLE);
	schedule(1);
	a->cpus_allowed = 2UL;
	CU_ASSERT_EQUAL(try_to_wake_up(a, 1, 0), 1);
	CU_ASSERT_EQUAL(task_cpu(a), 1);
	SCHED_CHECK();
	machine_down();
}

static void test_yield(void)
{
	struct runqueue *rq;
	struct task_struct *a, *b, *r1, *r2;

	machine_up(1);
	rq = cpu_rq(0);
	a = new_task_on("a", 0, 0);
	b = new_task_on("b", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(sys_sched_yield(0), 0);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(a->array, rq->expired);
	CU_ASSERT_EQUAL(rq->expired_timestamp, 0UL); /* 2.5.33 quirk */
	CU_ASSERT_TRUE(test_tsk_need_resched(a));
	CU_ASSERT_PTR_EQUAL(schedule(0), b);
	/* b yields too: active empties, the arrays switch, a runs */
	sys_sched_yield(0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(rq->nr_array_switches, 1UL);

	r1 = sched_new_task("r1", 0, SCHED_RR, 5);
	r2 = sched_new_task("r2", 0, SCHED_RR, 5);
	wake_up_forked_process(r1, 0);
	wake_up_forked_process(r2, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), r1);
	sys_sched_yield(0);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(r1->array, rq->active);
	CU_ASSERT_PTR_EQUAL(rq->active->queue[r1->prio].prev, &r1->run_list);
	CU_ASSERT_PTR_EQUAL(schedule(0), r2);
	machine_down();
}

static void test_set_user_nice(void)
{
	struct runqueue *rq;
	struct task_struct *a, *b, *r;

	machine_up(1);
	rq = cpu_rq(0);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	a->sleep_avg = 1500;
	wake_up_forked_process(a, 0); /* sleep_avg 1425: bonus 2 */
	CU_ASSERT_EQUAL(a->prio, 118);
	b = new_task_on("b", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);

	CU_ASSERT_EQUAL(set_user_nice(a, 20), -EINVAL);
	CU_ASSERT_EQUAL(set_user_nice(a, -21), -EINVAL);
	CU_ASSERT_EQUAL(a->static_prio, 120);
	CU_ASSERT_EQUAL(a->prio, 118);

	/*
	 * prio becomes the new static prio (the bonus is dropped), and a
	 * running task is always rescheduled, even when its prio stays
	 * where it was (118 -> 118 here)
	 */
	CU_ASSERT_FALSE(test_tsk_need_resched(a));
	CU_ASSERT_EQUAL(set_user_nice(a, -2), 0);
	CU_ASSERT_EQUAL(a->static_prio, 118);
	CU_ASSERT_EQUAL(a->prio, 118);
	CU_ASSERT_TRUE(test_tsk_need_resched(a));
	clear_tsk_need_resched(a);
	CU_ASSERT_EQUAL(set_user_nice(a, 5), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(a->static_prio, 125);
	CU_ASSERT_EQUAL(a->prio, 125);
	CU_ASSERT_TRUE(test_tsk_need_resched(a)); /* running, worse */
	clear_tsk_need_resched(a);
	/*
	 * 2.5.33 quirk: its "raised the priority" test compares with
	 * static_prio after updating it, so it never fires: a queued task
	 * that becomes better than the current one does not preempt it
	 */
	CU_ASSERT_EQUAL(set_user_nice(b, -5), 0);
	CU_ASSERT_EQUAL(b->prio, 115);
	CU_ASSERT_PTR_EQUAL(rq->active->queue[115].next, &b->run_list);
	CU_ASSERT_FALSE(test_tsk_need_resched(a));
	CU_ASSERT_FALSE(test_tsk_need_resched(b));
	/* real-time: only static_prio changes */
	r = sched_new_task("r", 0, SCHED_FIFO, 1);
	wake_up_forked_process(r, 0);
	CU_ASSERT_EQUAL(set_user_nice(r, 10), 0);
	CU_ASSERT_EQUAL(r->static_prio, 130);
	CU_ASSERT_EQUAL(r->prio, 98);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(rq->nr_running, 3UL);
	machine_down();
}

static void test_setscheduler(void)
{
	struct runqueue *rq;
	struct task_struct *a;

	machine_up(1);
	rq = cpu_rq(0);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_EQUAL(setscheduler(a, 7, 1), -EINVAL);
	CU_ASSERT_EQUAL(setscheduler(a, SCHED_FIFO, 0), -EINVAL);
	CU_ASSERT_EQUAL(setscheduler(a, SCHED_OTHER, 5), -EINVAL);
	CU_ASSERT_EQUAL(setscheduler(a, SCHED_RR, 100), -EINVAL);
	CU_ASSERT_EQUAL(setscheduler(a, SCHED_RR, -1), -EINVAL);
	CU_ASSERT_EQUAL(setscheduler(rq->idle, SCHED_FIFO, 1), -EINVAL);
	CU_ASSERT_EQUAL(a->policy, (unsigned long)SCHED_OTHER);
	CU_ASSERT_EQUAL(a->prio, 125);

	CU_ASSERT_EQUAL(setscheduler(a, SCHED_FIFO, 10), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(a->prio, 89);
	CU_ASSERT_EQUAL(a->rt_priority, 10UL);
	CU_ASSERT_PTR_EQUAL(a->array, rq->active);
	CU_ASSERT_TRUE(test_bit(89, rq->active->bitmap));
	/* -1 keeps the policy */
	CU_ASSERT_EQUAL(setscheduler(a, -1, 20), 0);
	CU_ASSERT_EQUAL(a->policy, (unsigned long)SCHED_FIFO);
	CU_ASSERT_EQUAL(a->prio, 79);
	/* back to normal: static prio, then the reactivation credit */
	a->sleep_timestamp = jiffies;
	CU_ASSERT_EQUAL(setscheduler(a, SCHED_OTHER, 0), 0);
	CU_ASSERT_EQUAL(a->prio, 120);
	jiffies += 1000;
	CU_ASSERT_EQUAL(setscheduler(a, SCHED_OTHER, 0), 0);
	CU_ASSERT_EQUAL(a->sleep_avg, 1000UL);
	CU_ASSERT_EQUAL(a->prio, 120);
	SCHED_CHECK();
	machine_down();
}

/* ---------------------------------------------------- fork and sched_exit */

static void test_fork_splits_slice(void)
{
	struct task_struct *a, *c, *d;
	struct runqueue *rq;
	long live;

	machine_up(1);
	rq = cpu_rq(0);
	a = new_task_on("parent", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(a->time_slice, 151U);
	a->sleep_avg = 1000;

	CU_ASSERT_EQUAL(do_fork(NULL, 0, "x", &c), -EINVAL);
	CU_ASSERT_EQUAL(do_fork(a, CLONE_THREAD << 4, "x", &c), -EINVAL);
	CU_ASSERT_EQUAL(do_fork(a, SIGCHLD, "child", &c), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(c->time_slice, 76U); /* (151 + 1) / 2 */
	CU_ASSERT_EQUAL(a->time_slice, 75U);
	CU_ASSERT_EQUAL(c->first_time_slice, 1U);
	CU_ASSERT_EQUAL(c->sleep_avg, 1000UL);
	CU_ASSERT_EQUAL(a->sleep_avg, 1000UL); /* PARENT_PENALTY 100 */
	CU_ASSERT_PTR_NULL(c->array);
	CU_ASSERT_EQUAL(wake_up_forked_process(c, 0), 0);
	CU_ASSERT_EQUAL(wake_up_forked_process(c, 0), -EINVAL);
	CU_ASSERT_EQUAL(c->sleep_avg, 950UL); /* CHILD_PENALTY 95 */
	CU_ASSERT_EQUAL(rq->nr_running, 2UL);

	/* even split */
	CU_ASSERT_EQUAL(do_fork(a, SIGCHLD, NULL, &d), 0);
	CU_ASSERT_EQUAL(d->time_slice, 38U);
	CU_ASSERT_EQUAL(a->time_slice, 37U);
	CU_ASSERT_STRING_EQUAL(d->comm, "parent");
	wake_up_forked_process(d, 0);

	/* the child exits inside its first slice: the parent gets it back */
	CU_ASSERT_EQUAL(do_exit(d, 3), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(rq->nr_running, 2UL);
	d->sleep_avg = 600;
	WAIT_REAPS(a, -1, NULL, d);
	CU_ASSERT_EQUAL(a->time_slice, 37U + 38U);
	/* parent 1000 > child 600: (3 * 1000 + 600) / 4 */
	CU_ASSERT_EQUAL(a->sleep_avg, 900UL);
	SCHED_CHECK();

	/* capped at MAX_TIMESLICE */
	a->time_slice = 290;
	do_exit(c, 0);
	WAIT_REAPS(a, c->pid, NULL, c);
	CU_ASSERT_EQUAL(a->time_slice, 300U);
	SCHED_CHECK();

	/* a parent with one tick left keeps one and is ticked at once */
	a->time_slice = 1;
	live = kmalloc_live();
	CU_ASSERT_EQUAL(do_fork(a, SIGCHLD, "last", &c), 0);
	CU_ASSERT_EQUAL(kmalloc_live(), live + 1);
	CU_ASSERT_EQUAL(c->time_slice, 1U);
	CU_ASSERT_PTR_EQUAL(a->array, rq->expired);
	CU_ASSERT_EQUAL(a->time_slice, 151U);
	CU_ASSERT_TRUE(test_tsk_need_resched(a));
	SCHED_CHECK();
	machine_down();
}

/*
 * A child that used up a slice (first_time_slice cleared by the expiry)
 * gives nothing back, and a child that slept more than its parent leaves
 * the parent's sleep_avg alone.
 */
static void test_sched_exit_after_first_slice(void)
{
	struct task_struct *a, *c;
	struct runqueue *rq;
	unsigned int child_slice, i;

	machine_up(1);
	rq = cpu_rq(0);
	a = new_task_on("parent", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(do_fork(a, SIGCHLD, "child", &c), 0);
	CU_ASSERT_EQUAL(wake_up_forked_process(c, 0), 0);
	CU_ASSERT_EQUAL(c->first_time_slice, 1U);
	CU_ASSERT_EQUAL(a->time_slice, 75U);
	CU_ASSERT_EQUAL(a->sleep_avg, 0UL);
	/* the parent sleeps; the child sleeps 800 ticks, then runs */
	set_task_state(a, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), c);
	set_task_state(c, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), rq->idle);
	jiffies += 800;
	CU_ASSERT_EQUAL(wake_up_process(c), 1);
	CU_ASSERT_EQUAL(c->sleep_avg, 800UL);
	CU_ASSERT_PTR_EQUAL(schedule(0), c);
	child_slice = c->time_slice;
	CU_ASSERT_EQUAL(child_slice, 76U);
	for (i = 0; i < child_slice; i++) {
		jiffies++;
		scheduler_tick(0, 1);
	}
	SCHED_CHECK();
	/* the expiry ended its first slice and refilled it */
	CU_ASSERT_EQUAL(c->first_time_slice, 0U);
	CU_ASSERT_EQUAL(c->time_slice, 151U);
	CU_ASSERT(c->sleep_avg > a->sleep_avg);

	CU_ASSERT_EQUAL(do_exit(c, 0), 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), rq->idle);
	WAIT_REAPS(a, -1, NULL, c);
	CU_ASSERT_EQUAL(a->time_slice, 75U); /* nothing given back */
	CU_ASSERT_EQUAL(a->sleep_avg, 0UL); /* child's was higher */
	SCHED_CHECK();
	machine_down();
}

/*
 * sched_exit() runs in the waiter that reaps a child.  A detached child
 * is released by its own exit, where 2.5.33's sched_exit() gave the
 * slice back to the exiting task itself: the parent gains nothing.
 */
static void test_detached_exit_gives_nothing_back(void)
{
	struct task_struct *a, *c;

	machine_up(1);
	a = new_task_on("parent", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	a->sleep_avg = 1000;
	CU_ASSERT_EQUAL(do_fork(a, CLONE_DETACHED, "thr", &c), 0);
	CU_ASSERT_EQUAL(wake_up_forked_process(c, 0), 0);
	CU_ASSERT_EQUAL(c->first_time_slice, 1U);
	CU_ASSERT_EQUAL(c->sleep_avg, 950UL);
	CU_ASSERT_EQUAL(a->time_slice, 75U);
	CU_ASSERT_EQUAL(do_exit(c, 0), 0); /* released at once */
	CU_ASSERT_EQUAL(a->time_slice, 75U);
	CU_ASSERT_EQUAL(a->sleep_avg, 1000UL);
	CU_ASSERT_EQUAL(sys_wait4(a, -1, NULL), -ECHILD);
	SCHED_CHECK();
	machine_down();
}

/*
 * 2.5.33 scales only a normal child's sleep_avg: a real-time child keeps
 * its parent's estimate, which counts once it goes back to SCHED_OTHER
 */
static void test_rt_child_penalty(void)
{
	struct task_struct *a, *c;

	machine_up(1);
	a = new_task_on("rt", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	set_task_state(a, TASK_INTERRUPTIBLE);
	schedule(0);
	jiffies += 1000;
	CU_ASSERT_EQUAL(wake_up_process(a), 1);
	CU_ASSERT_EQUAL(a->sleep_avg, 1000UL);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(setscheduler(a, SCHED_FIFO, 50), 0);
	CU_ASSERT_EQUAL(do_fork(a, SIGCHLD, "rtkid", &c), 0);
	CU_ASSERT_EQUAL(c->sleep_avg, 1000UL);
	CU_ASSERT_EQUAL(wake_up_forked_process(c, 0), 0);
	CU_ASSERT_EQUAL(c->sleep_avg, 1000UL);
	CU_ASSERT_EQUAL(c->prio, 49); /* RT prio untouched */
	/* back to normal with the unpenalised estimate */
	CU_ASSERT_EQUAL(setscheduler(c, SCHED_OTHER, 0), 0);
	CU_ASSERT_EQUAL(c->prio, 120);
	CU_ASSERT_EQUAL(c->sleep_avg, 1000UL);
	SCHED_CHECK();
	machine_down();
}

/*
 * The parent left with one tick is ticked at once, but that tick is no
 * timer tick: 2.5.33 passed it zero user and zero system ticks, so the
 * per-CPU tick counts still add up to the ticks that really happened.
 */
static void test_fork_tick_is_not_accounted(void)
{
	struct task_struct *a, *c;
	struct runqueue *rq;
	unsigned long ticks = 0;
	int i;

	machine_up(1);
	rq = cpu_rq(0);
	a = new_task_on("parent", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	for (i = 0; i < 150; i++, ticks++)
		machine_tick();
	CU_ASSERT_EQUAL_FATAL(a->time_slice, 1U);
	CU_ASSERT_EQUAL(do_fork(a, SIGCHLD, "late", &c), 0);
	/* the fork's tick expired the parent... */
	CU_ASSERT_PTR_EQUAL(a->array, rq->expired);
	CU_ASSERT_EQUAL(a->time_slice, 151U);
	CU_ASSERT_EQUAL(a->sleep_avg, 0UL);
	/* ...without counting as a tick of the CPU */
	CU_ASSERT_EQUAL(rq->user_ticks + rq->system_ticks + rq->idle_ticks,
			ticks);
	CU_ASSERT_EQUAL(rq->system_ticks, 0UL);
	SCHED_CHECK();
	machine_down();
}

static void test_fork_fault_injection(void)
{
	struct task_struct *a, *c = NULL;
	unsigned long n;
	unsigned int slice;
	long live;
	int ret, tasks;

	machine_up(1);
	a = new_task_on("parent", 0, 0);
	schedule(0);
	live = kmalloc_live();
	tasks = nr_tasks();
	slice = a->time_slice;
	for_each_alloc_failure(n, ret = do_fork(a, SIGCHLD, "c", &c)) {
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_EQUAL(a->time_slice, slice);
		CU_ASSERT_EQUAL(nr_tasks(), tasks);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		SCHED_CHECK();
	}
	CU_ASSERT_EQUAL_FATAL(ret, 0);
	CU_ASSERT_EQUAL(n, 2UL);
	CU_ASSERT_EQUAL(nr_tasks(), tasks + 1);
	CU_ASSERT_PTR_EQUAL(c->parent, a);
	machine_down();
}

/*
 * sched_check() and o1's own checks report each corruption, naming this
 * file's line; each is put back, and the machine passes again
 */
static void test_sched_check_reports(void)
{
	struct runqueue *rq;
	struct prio_array *active;
	struct task_struct *p;
	int nr_active;

	machine_up(2);
	rq = cpu_rq(1);
	/* an empty CPU whose bitmap says queue 120 is busy */
	__set_bit(120, rq->active->bitmap);
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": cpu 1 active: bit 120 set but queue empty");
	__clear_bit(120, rq->active->bitmap);
	__clear_bit(MAX_PRIO, rq->expired->bitmap);
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": cpu 1 expired: sentinel bit 140 clear");
	__set_bit(MAX_PRIO, rq->expired->bitmap);
	__set_bit(MAX_PRIO + 1, rq->active->bitmap);
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": cpu 1 active: stray bit 141");
	__clear_bit(MAX_PRIO + 1, rq->active->bitmap);
	CU_ASSERT(sched_check());

	p = new_task_on("p", 0, 1);
	active = p->array;
	CU_ASSERT_PTR_EQUAL_FATAL(active, rq->active);
	p->cpu = 0;
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": cpu 1 active: task 2 says cpu 0");
	p->cpu = 1;
	nr_active = active->nr_active;
	active->nr_active++;
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": cpu 1 active: nr_active 2, queued 1");
	active->nr_active = nr_active;
	rq->nr_running++;
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": cpu 1: nr_running 2, its classes queue 1");
	rq->nr_running--;
	rq->expired = rq->active;
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": cpu 1: active/expired pointers broken");
	rq->expired = rq->active == &rq->arrays[0] ? &rq->arrays[1] :
						     &rq->arrays[0];
	rq->cpu = 0;
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": cpu 1: rq->cpu 0");
	rq->cpu = 1;
	/* a queue's ring: list_check() reports, inside sched_check() */
	p->run_list.prev = &p->run_list;
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": list_check at sched/sched.c:");
	p->run_list.prev = &active->queue[p->prio];
	CU_ASSERT(sched_check());
	machine_down();
}

static CU_TestInfo sched_check_tests[] = {
	{ "sched_check reports each corruption", test_sched_check_reports },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo task_timeslice_tests[] = {
	{ "constants", test_constants_basic },
	{ "timeslice per nice (table and formula)", test_timeslice_table },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo effective_prio_tests[] = {
	{ "bonus values", test_bonus_values },
	{ "DELTA and TASK_INTERACTIVE per nice", test_delta_and_interactive },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo sched_find_first_bit_tests[] = {
	{ "sched_find_first_bit", test_find_first_bit },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo enqueue_task_tests[] = {
	{ "enqueue/dequeue pointer wiring", test_enqueue_dequeue_wiring },
	CU_TEST_INFO_NULL,
};

/*
 * idle_task() and cpu_curr(), what a library user reads of a runqueue:
 * each CPU has its own idle task, "swapper/N" of pid 0, never queued,
 * CPU 0's heading the task list; cpu_curr() is it while the CPU runs
 * nothing, and the task schedule() picked otherwise.
 */
static void test_idle_task(void)
{
	char comm[TASK_COMM_LEN];
	struct task_struct *p;
	int cpu;

	machine_up(2);
	for (cpu = 0; cpu < 2; cpu++) {
		snprintf(comm, sizeof(comm), "swapper/%d", cpu);
		CU_ASSERT_STRING_EQUAL(idle_task(cpu)->comm, comm);
		CU_ASSERT_EQUAL(idle_task(cpu)->pid, 0);
		CU_ASSERT_EQUAL(task_cpu(idle_task(cpu)), cpu);
		CU_ASSERT_PTR_NULL(idle_task(cpu)->array);
		CU_ASSERT_PTR_EQUAL(cpu_curr(cpu), idle_task(cpu));
	}
	CU_ASSERT_PTR_NOT_EQUAL(idle_task(0), idle_task(1));
	CU_ASSERT_PTR_EQUAL(idle_task(0), init_task);
	p = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), p);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), p);
	CU_ASSERT_PTR_EQUAL(cpu_curr(1), idle_task(1));
	machine_down();
}

static CU_TestInfo idle_task_tests[] = {
	{ "each CPU's own, cpu_curr() when idle", test_idle_task },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo sched_init_tests[] = {
	{ "init errors, teardown, rebuild", test_init_errors_and_teardown },
	{ "sched_init fault injection", test_init_fault_injection },
	{ "sched_new_task fault injection", test_new_task_fault_injection },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo scheduler_tick_tests[] = {
	{ "EXPIRED_STARVING", test_expired_starving },
	{ "expiry and array switch", test_expiry_and_array_switch },
	{ "expiry at HZ 100, 250, 1024", test_expiry_at_other_hz },
	{ "a 0-tick slice expires at the next tick",
	  test_zero_slice_expires_at_next_tick },
	{ "interactive reinsertion", test_interactive_reinsertion },
	{ "starvation", test_starvation_sends_interactive_to_expired },
	{ "SCHED_RR versus SCHED_FIFO", test_rr_versus_fifo },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo schedule_tests[] = {
	{ "idle clears expired_timestamp", test_idle_clears_expired_timestamp },
	{ "round robin within a priority", test_round_robin_within_priority },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo try_to_wake_up_tests[] = {
	{ "sleep and wakeup", test_sleep_and_wakeup },
	{ "a new task is no uninterruptible sleeper",
	  test_new_task_is_no_uninterruptible_sleeper },
	{ "sync wakeup", test_sync_wakeup_moves_to_waker },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo sys_sched_yield_tests[] = {
	{ "sys_sched_yield", test_yield },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo set_user_nice_tests[] = {
	{ "set_user_nice", test_set_user_nice },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo setscheduler_tests[] = {
	{ "setscheduler", test_setscheduler },
	CU_TEST_INFO_NULL,
};

/* kernel/fork.c's slice split and the tick of a parent left with one */
static CU_TestInfo copy_process_tests[] = {
	{ "fork slice split and sched_exit", test_fork_splits_slice },
	{ "the fork's tick of its parent is not accounted",
	  test_fork_tick_is_not_accounted },
	{ "do_fork fault injection", test_fork_fault_injection },
	CU_TEST_INFO_NULL,
};

/*
 * The sleep credit across jiffies' 32-bit wrap: a task that left its CPU
 * 5 ticks before jiffies passed 3 * 2^32 has slept 15 ticks 10 after it
 * (not 2^32 + 15, what 64-bit jiffies less the 32-bit stamp gives), and
 * a wake-up credits those 15 (a nice-0 task's sleep_avg from 0 to 15,
 * worked as activate_task() does), as on 2.5.33's 32-bit i386.
 */
static void test_sleep_ticks_wrap(void)
{
	struct task_struct *a, *b;

	machine_up(1);
	a = new_task_on("a", 0, 0);
	b = new_task_on("b", 0, 0);
	jiffies = (3UL << 32) - 5;
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	set_task_state(a, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), b);
	CU_ASSERT_EQUAL(a->sleep_timestamp, 0xfffffffbU);
	a->sleep_avg = 0;
	jiffies = (3UL << 32) + 10;
	CU_ASSERT_EQUAL(task_sleep_ticks(a), 15U);
	wake_up_process(a);
	CU_ASSERT_EQUAL(a->sleep_avg, 15U);
	SCHED_CHECK();
	machine_down();
}

static CU_TestInfo wake_up_forked_process_tests[] = {
	{ "a real-time child's sleep_avg is not penalised",
	  test_rt_child_penalty },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo task_sleep_ticks_tests[] = {
	{ "the sleep credit across jiffies' 32-bit wrap",
	  test_sleep_ticks_wrap },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo sched_exit_tests[] = {
	{ "sched_exit after the first slice",
	  test_sched_exit_after_first_slice },
	{ "a detached exit gives nothing back",
	  test_detached_exit_gives_nothing_back },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/core/task_timeslice", task_timeslice_tests, NULL, NULL)
KTEST_SUITE("sched/core/task_sleep_ticks", task_sleep_ticks_tests, NULL, NULL)
KTEST_SUITE("sched/core/effective_prio", effective_prio_tests, NULL, NULL)
KTEST_SUITE("sched/core/sched_find_first_bit", sched_find_first_bit_tests, NULL,
	    NULL)
KTEST_SUITE("sched/core/enqueue_task", enqueue_task_tests, NULL, NULL)
KTEST_SUITE("sched/core/sched_init", sched_init_tests, NULL, NULL)
KTEST_SUITE("sched/core/idle_task", idle_task_tests, NULL, NULL)
KTEST_SUITE("sched/core/scheduler_tick", scheduler_tick_tests, NULL, NULL)
KTEST_SUITE("sched/core/schedule", schedule_tests, NULL, NULL)
KTEST_SUITE("sched/core/try_to_wake_up", try_to_wake_up_tests, NULL, NULL)
KTEST_SUITE("sched/core/sys_sched_yield", sys_sched_yield_tests, NULL, NULL)
KTEST_SUITE("sched/core/set_user_nice", set_user_nice_tests, NULL, NULL)
KTEST_SUITE("sched/core/setscheduler", setscheduler_tests, NULL, NULL)
KTEST_SUITE("sched/core/copy_process", copy_process_tests, NULL, NULL)
KTEST_SUITE("sched/core/wake_up_forked_process", wake_up_forked_process_tests,
	    NULL, NULL)
KTEST_SUITE("sched/core/sched_exit", sched_exit_tests, NULL, NULL)
KTEST_SUITE("sched/core/sched_check", sched_check_tests, report_suite_init,
	    report_suite_cleanup)
