// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_cfs.c - Linux 6.5's CFS (sched/cfs.c), its arithmetic
 * worked by hand from kernel/sched/fair.c of 6.5 on one CPU at HZ 1000
 * (one tick is 10^6 ns; latency 6 ms, minimal granularity 0.75 ms,
 * wake-up granularity 1 ms): slices and the period's stretch, where new
 * and waking tasks are placed, the wake-up preemption threshold, the
 * tick's preemption, the skip buddy of a yield, and vruntime carried
 * across CPUs.  The __calc_delta() products are in tests/sched/test_fair.c.
 */
#include <string.h>

#include "sched/class.h"
#include "sched/fair.h"
#include "sched/sched.h"
#include "tests/ktest.h"
#include "tests/sched/sched_test.h"

static void cfs_up(int cpus)
{
	machine_up_class(cpus, 1000, &cfs_sched_class);
}

static struct task_struct *new_task_policy(const char *comm, int nice,
					   int policy, int cpu)
{
	struct task_struct *p = sched_new_task(comm, nice, policy, 0);

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(wake_up_forked_process(p, cpu), 0);
	return p;
}

/* ------------------------------------------------------------- slices */

/*
 * period * weight / load, at least the minimal granularity:
 *  - two nice-0 tasks: 6e6 * 1024 / 2048 = 2999998 (the inverse of 2048
 *    is 0xffffffff / 2048, a little short of 2^21); three: 1999999;
 *  - one nice -5 (3121) and seven nice 0, load 10289, period 6 ms: 6e6 *
 *    3121 / 10289 = 1819997; the nice-0 ones get 597 us, floored to
 *    750000;
 *  - a ninth task stretches the period to 9 * 0.75 ms = 6.75 ms: load
 *    11313, nice -5 gets 6.75e6 * 3121 / 11313 = 1862167 (not the
 *    1655264 an unstretched period would give);
 *  - a task not queued yet is counted in: a new nice-5 task beside one
 *    nice-0 task gets 6e6 * 335 / 1359 = 1479028, 4520969 in its virtual
 *    time (its inverse, 12820798), the nice-0 one 4520971.
 */
static void test_sched_slice(void)
{
	struct task_struct *t[9], *n;
	struct cfs_rq *cfs_rq;
	int i;

	cfs_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	t[0] = new_task_on("a", 0, 0);
	schedule(0);
	t[1] = new_task_on("b", 0, 0);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &t[0]->se), 2999998ULL);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &t[1]->se), 2999998ULL);
	t[2] = new_task_on("c", 0, 0);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &t[2]->se), 1999999ULL);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &t[0]->se), 1999999ULL);
	for (i = 3; i < 7; i++)
		t[i] = new_task_on("d", 0, 0);
	t[7] = new_task_on("e", -5, 0);
	CU_ASSERT_EQUAL(cfs_rq->load.weight, 10289UL);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &t[7]->se), 1819997ULL);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &t[0]->se), 750000ULL);
	t[8] = new_task_on("f", 0, 0);
	CU_ASSERT_EQUAL(cfs_rq->nr_running, 9UL);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &t[7]->se), 1862167ULL);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &t[8]->se), 750000ULL);
	SCHED_CHECK();
	machine_down();

	cfs_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	t[0] = new_task_on("a", 0, 0);
	schedule(0);
	n = sched_new_task("n", 5, SCHED_OTHER, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(n);
	CU_ASSERT_EQUAL(n->se.on_rq, 0U);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &n->se), 1479028ULL);
	CU_ASSERT_EQUAL(sched_vslice(cfs_rq, &n->se), 4520969ULL);
	CU_ASSERT_EQUAL(wake_up_forked_process(n, 0), 0);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &n->se), 1479028ULL);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &t[0]->se), 4520971ULL);
	SCHED_CHECK();
	machine_down();
}

/*
 * SCHED_IDLE's floor is its own 0.75 ms, not scaled with the CPUs: on two
 * CPUs (factor 2: latency 12 ms, minimal granularity 1.5 ms) an idle task
 * beside a nice-0 one would get 12e6 * 3 / 1027 = 35053 and gets 750000;
 * a nice-19 task there (15, 12e6 * 15 / 1039 = 173243) gets 1.5 ms.
 * Among idle tasks only, the ordinary floor applies: two get 12e6 * 3 / 6
 * = 5999999 (the inverse of 6 rounds up here), nine 1.5 ms.
 */
static void test_sched_slice_idle(void)
{
	struct task_struct *a, *i, *j, *k;
	struct cfs_rq *cfs_rq;

	cfs_up(2);
	cfs_rq = &cpu_rq(0)->cfs;
	new_task_on("a", 0, 0);
	schedule(0);
	i = new_task_policy("i", 0, SCHED_IDLE, 0);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &i->se), 750000ULL);
	CU_ASSERT_EQUAL(cfs_rq->idle_nr_running, 1UL);
	machine_down();

	cfs_up(2);
	cfs_rq = &cpu_rq(0)->cfs;
	a = new_task_on("a", 0, 0);
	schedule(0);
	i = new_task_on("n", 19, 0);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &i->se), 1500000ULL);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &a->se), 11826756ULL);
	machine_down();

	/* nine idle tasks: period 9 * 1.5 ms, 1.5 ms each, floor 1.5 ms */
	cfs_up(2);
	cfs_rq = &cpu_rq(0)->cfs;
	i = new_task_policy("i", 0, SCHED_IDLE, 0);
	schedule(0);
	j = new_task_policy("j", 0, SCHED_IDLE, 0);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &j->se), 5999999ULL);
	for (k = j; cfs_rq->nr_running < 9;)
		k = new_task_policy("k", 0, SCHED_IDLE, 0);
	CU_ASSERT_EQUAL(cfs_rq->idle_nr_running, 9UL);
	CU_ASSERT_EQUAL(sched_slice(cfs_rq, &k->se), 1500000ULL);
	SCHED_CHECK();
	machine_down();
}

/* --------------------------------------------------------- placement */

/*
 * START_DEBIT: a new task starts a virtual slice after min_vruntime,
 * counted in: beside one running nice-0 task, a new nice-0 task is
 * 2999998 ahead; then a new nice-5 task beside the two (load 2383,
 * period 6 ms) 6e6 * 335 / 2383 = 843474, in its virtual time 2578260.
 * The first task of an empty queue gets the whole period, 5999998.
 */
static void test_place_new(void)
{
	struct task_struct *a, *b, *c;
	struct cfs_rq *cfs_rq;
	uint64_t min;

	cfs_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	min = cfs_rq->min_vruntime;
	a = new_task_on("a", 0, 0);
	CU_ASSERT_EQUAL(a->se.vruntime - min, 5999998ULL);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	machine_tick();
	min = cfs_rq->min_vruntime;
	CU_ASSERT_EQUAL(min, a->se.vruntime);
	b = new_task_on("b", 0, 0);
	CU_ASSERT_EQUAL(b->se.vruntime - min, 2999998ULL);
	c = new_task_on("c", 5, 0);
	CU_ASSERT_EQUAL(c->se.vruntime - min, 2578260ULL);
	/* the parent's place does not matter: a child of b is placed so too */
	CU_ASSERT_EQUAL(cfs_rq->min_vruntime, min);
	SCHED_CHECK();
	machine_down();
}

/*
 * GENTLE_FAIR_SLEEPERS: a sleeper wakes at most half a latency (3 ms)
 * before min_vruntime; one that slept briefly keeps its own vruntime;
 * a SCHED_IDLE sleeper gets half the minimal granularity, 375 us.
 */
static void test_place_sleeper(void)
{
	static const struct {
		int policy;
		int64_t before; /* its vruntime before min_vruntime */
		int64_t placed; /* where it wakes, likewise */
	} t[] = {
		{ SCHED_OTHER, 50000000, 3000000 },
		{ SCHED_OTHER, 3000001, 3000000 },
		{ SCHED_OTHER, 2999999, 2999999 },
		{ SCHED_OTHER, -400000, -400000 },
		{ SCHED_BATCH, 50000000, 3000000 },
		{ SCHED_IDLE, 50000000, 375000 },
		{ SCHED_IDLE, 375000, 375000 },
		{ SCHED_IDLE, 374999, 374999 },
	};
	struct task_struct *s, *a;
	struct cfs_rq *cfs_rq;
	unsigned int i;
	uint64_t min;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		cfs_up(1);
		cfs_rq = &cpu_rq(0)->cfs;
		s = sleeper_on("s", 0, t[i].policy, 0);
		a = new_task_on("a", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), a);
		machine_tick();
		min = cfs_rq->min_vruntime;
		/* asleep, its vruntime is absolute */
		s->se.vruntime = min - (uint64_t)t[i].before;
		CU_ASSERT_EQUAL(wake_up_process(s), 1);
		CU_ASSERT_EQUAL(cfs_rq->min_vruntime, min);
		CU_ASSERT_EQUAL((int64_t)(min - s->se.vruntime), t[i].placed);
		SCHED_CHECK();
		machine_down();
	}
}

/* -------------------------------------------------- wake-up preemption */

/*
 * Does a wakee whose vruntime is @behind the running task's (after
 * placement) preempt it?  Wake-up granularity 1 ms in the wakee's
 * virtual time: 1e6 for nice 0, 3056716 for nice 5, which is beyond the
 * 3 ms a sleeper may be placed behind, so a nice-5 wakee never preempts
 * a nice-0 task this way.
 */
static bool wakeup_preempts(int nice, int policy, int64_t behind,
			    int curr_policy, bool *next_buddy)
{
	struct task_struct *s, *a;
	struct cfs_rq *cfs_rq;
	bool preempted;

	cfs_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	s = sleeper_on("s", nice, policy, 0);
	a = new_task_policy("a", 0, curr_policy, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	machine_tick();
	CU_ASSERT_EQUAL(cfs_rq->min_vruntime, a->se.vruntime);
	s->se.vruntime = a->se.vruntime - (uint64_t)behind;
	clear_tsk_need_resched(a);
	CU_ASSERT_EQUAL(wake_up_process(s), 1);
	preempted = test_tsk_need_resched(a);
	CU_ASSERT_EQUAL(cfs_rq->nr_wakeup_preempts, (unsigned long)preempted);
	*next_buddy = cfs_rq->next == &s->se;
	SCHED_CHECK();
	/* the next buddy runs (a preempted idle task may run on) */
	if (*next_buddy)
		CU_ASSERT_PTR_EQUAL(schedule(0), s);
	machine_down();
	return preempted;
}

static void test_wakeup_preemption(void)
{
	bool next;

	/* nice 0: more than 1e6 behind preempts, exactly 1e6 does not */
	CU_ASSERT_FALSE(
		wakeup_preempts(0, SCHED_OTHER, 1000000, SCHED_OTHER, &next));
	CU_ASSERT_FALSE(next);
	CU_ASSERT_TRUE(
		wakeup_preempts(0, SCHED_OTHER, 1000001, SCHED_OTHER, &next));
	CU_ASSERT_TRUE(next);
	/* ahead of it: never */
	CU_ASSERT_FALSE(
		wakeup_preempts(0, SCHED_OTHER, -5, SCHED_OTHER, &next));
	/* nice 5 at the 3 ms floor: 3e6 < 3056716 */
	CU_ASSERT_FALSE(
		wakeup_preempts(5, SCHED_OTHER, 9000000, SCHED_OTHER, &next));
	/* SCHED_BATCH wakees wait for the tick */
	CU_ASSERT_FALSE(
		wakeup_preempts(0, SCHED_BATCH, 3000000, SCHED_OTHER, &next));
	/* a SCHED_IDLE task gives way to any other, however placed */
	CU_ASSERT_TRUE(
		wakeup_preempts(0, SCHED_OTHER, -5000000, SCHED_IDLE, &next));
	CU_ASSERT_FALSE(next);
	CU_ASSERT_TRUE(
		wakeup_preempts(0, SCHED_BATCH, -5000000, SCHED_IDLE, &next));
	/* ...but not to another idle one */
	CU_ASSERT_FALSE(
		wakeup_preempts(0, SCHED_IDLE, 300000, SCHED_IDLE, &next));
}

/* ---------------------------------------------------- tick preemption */

/*
 * Hogs on one CPU: turns of whole ticks, ended by the first tick past
 * the slice (delta_exec > ideal_runtime): two nice-0 hogs (2999998) run
 * 3 ticks each, three (1999999) 2 each, each in turn.  The first turns
 * differ (new tasks are placed a shrinking slice apart: 6, 3, 2 ms), so
 * the turns are counted from the tenth tick, and each switch was the
 * tick's doing.
 */
static void hog_turns(int nr, int len)
{
	struct task_struct *seq[60];
	unsigned long preempts;
	int i, run = 0, turns = 0;

	cfs_up(1);
	for (i = 0; i < nr; i++)
		new_task_on("h", 0, 0);
	schedule(0);
	for (i = 0; i < 10; i++)
		machine_tick();
	preempts = cpu_rq(0)->cfs.nr_tick_preempts;
	for (i = 0; i < 60; i++) {
		seq[i] = cpu_curr(0);
		machine_tick();
		SCHED_CHECK();
	}
	for (i = 1; i < 60; i++) {
		run++;
		if (seq[i] == seq[i - 1])
			continue;
		/* the first run may have begun before the tenth tick */
		if (turns++)
			CU_ASSERT_EQUAL(run, len);
		/* round robin: the one before last ran @nr turns ago */
		if (i >= len * nr)
			CU_ASSERT_PTR_EQUAL(seq[i], seq[i - len * nr]);
		run = 0;
	}
	CU_ASSERT(turns >= 60 / len - 1);
	CU_ASSERT_EQUAL(cpu_rq(0)->cfs.nr_tick_preempts - preempts,
			(unsigned long)turns + (cpu_curr(0) != seq[59]));
	machine_down();
}

static void test_tick_preemption(void)
{
	hog_turns(2, 3);
	hog_turns(3, 2);
}

/*
 * nice 0 beside nice 5 (load 1359): slices 4520971 and 1479028, run in
 * whole ticks, so no single turn is in proportion; the tick's check
 * against the leftmost keeps the vruntimes within a slice of each other,
 * so over 7000 ticks the run times are 1024:335 to 0.5% (a 6 ms period
 * is under 0.1% of the run).
 */
static void test_tick_preemption_weighted(void)
{
	struct task_struct *a, *b;
	int i, ran_a = 0, ran_b = 0;

	cfs_up(1);
	a = new_task_on("a", 0, 0);
	schedule(0);
	b = new_task_on("b", 5, 0);
	for (i = 0; i < 7000; i++) {
		ran_a += cpu_curr(0) == a;
		ran_b += cpu_curr(0) == b;
		machine_tick();
	}
	CU_ASSERT_EQUAL(ran_a + ran_b, 7000);
	/* vruntimes stay within a slice of each other: 1024:335 to 2% */
	CU_ASSERT(ran_a * 335 > ran_b * 1024 * 995 / 1000);
	CU_ASSERT(ran_a * 335 < ran_b * 1024 * 1005 / 1000);
	SCHED_CHECK();
	machine_down();
}

/* --------------------------------------------------------------- yield */

/*
 * A yield makes the running task the skip buddy: the next pick passes it
 * over for the second task, unless that one is more than the wake-up
 * granularity ahead of it (skipping would be unfair: it runs on).  Picked
 * again, it keeps its turn and the buddy stays (the kernel does nothing
 * when prev is picked again): prev_sum_exec_runtime is still 0, from the
 * first pick.  a runs alone a tick, so min_vruntime is a's; b, new, is
 * placed 2999998 ahead; two ticks later b is 999998 ahead, and a's turn
 * (3 ms run) has not passed its slice (6 ms * 1024 / 2048 = 3 ms: not
 * more than it).
 */
static void test_yield_skip_buddy(void)
{
	struct task_struct *a, *b;
	struct cfs_rq *cfs_rq;

	cfs_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	machine_tick();
	b = new_task_on("b", 0, 0);
	CU_ASSERT_EQUAL(b->se.vruntime - a->se.vruntime, 2999998ULL);
	CU_ASSERT_EQUAL(sys_sched_yield(0), 0);
	CU_ASSERT_PTR_EQUAL(cfs_rq->skip, &a->se);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_PTR_EQUAL(cfs_rq->skip, &a->se);
	CU_ASSERT_EQUAL(a->se.prev_sum_exec_runtime, 0);
	CU_ASSERT_EQUAL(a->se.sum_exec_runtime, 1000000ULL);
	machine_tick();
	machine_tick();
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), a);
	CU_ASSERT_EQUAL(b->se.vruntime - a->se.vruntime, 999998ULL);
	CU_ASSERT_EQUAL(sys_sched_yield(0), 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), b);
	/* b runs, and a is still the skip buddy */
	CU_ASSERT_PTR_EQUAL(cfs_rq->skip, &a->se);
	/* alone on the CPU a yield is nothing */
	set_task_state(b, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_PTR_NULL(cfs_rq->skip);
	CU_ASSERT_EQUAL(sys_sched_yield(0), 0);
	CU_ASSERT_PTR_NULL(cfs_rq->skip);
	SCHED_CHECK();
	machine_down();
}

/* --------------------------------------------------------- migration */

/*
 * vruntime is relative to its CPU's min_vruntime when a task changes
 * CPU: a sleeper rehomed keeps its distance (within the sleeper floor,
 * 6 ms on two CPUs), and so does a waiting task balancing pulls.  A
 * nice-19 task (15) makes CPU 1's virtual time run 68 times faster.
 */
static void test_migration_renormalises(void)
{
	struct task_struct *s, *b, *t[2];
	struct cfs_rq *cfs0, *cfs1;
	int64_t rel;
	int i;

	cfs_up(2);
	cfs0 = &cpu_rq(0)->cfs;
	cfs1 = &cpu_rq(1)->cfs;
	s = sleeper_on("s", 0, SCHED_OTHER, 0);
	new_task_on("a", 0, 0);
	new_task_on("b", 19, 1);
	schedule(0);
	schedule(1);
	for (i = 0; i < 40; i++)
		machine_tick();
	CU_ASSERT(cfs1->min_vruntime - cfs0->min_vruntime > 2000000000ULL);
	/* asleep: absolute, here 2 ms behind CPU 0 */
	s->se.vruntime = cfs0->min_vruntime - 2000000;
	CU_ASSERT_EQUAL(set_cpus_allowed(s, 2), 0);
	CU_ASSERT_EQUAL(task_cpu(s), 1);
	CU_ASSERT_EQUAL(s->se.migrated, 1U);
	CU_ASSERT_EQUAL((int64_t)s->se.vruntime, -2000000LL);
	CU_ASSERT_EQUAL(wake_up_process(s), 1);
	CU_ASSERT_EQUAL((int64_t)(cfs1->min_vruntime - s->se.vruntime),
			2000000LL);
	CU_ASSERT_EQUAL(s->se.migrated, 0U);
	SCHED_CHECK();
	machine_down();

	/*
	 * A waiting task pulled to the other CPU keeps its place relative to
	 * min_vruntime.  CPU 0's two tasks are pinned while b (nice 19) runs
	 * CPU 1's min_vruntime far ahead, and while b's sleep leaves CPU 1
	 * newly idle; then an idle balance (6.1: CPU 1 has spare, CPU 0 is
	 * overloaded: migrate_task, half the difference, 2 >> 1 = 1) takes
	 * the one waiting.
	 */
	cfs_up(2);
	cfs0 = &cpu_rq(0)->cfs;
	cfs1 = &cpu_rq(1)->cfs;
	b = new_task_on("b", 19, 1);
	schedule(1);
	for (i = 0; i < 2; i++) {
		t[i] = new_task_on("t", 0, 0);
		CU_ASSERT_EQUAL(set_cpus_allowed(t[i], 1), 0);
	}
	schedule(0);
	for (i = 0; i < 40; i++)
		machine_tick();
	CU_ASSERT(cfs1->min_vruntime - cfs0->min_vruntime > 2000000000ULL);
	set_task_state(b, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(1), cpu_rq(1)->idle);
	for (i = 0; i < 2; i++)
		CU_ASSERT_EQUAL(set_cpus_allowed(t[i], 3), 0);
	s = t[0] == cpu_curr(0) ? t[1] : t[0];
	rel = (int64_t)(s->se.vruntime - cfs0->min_vruntime);
	/* CPU 1 last balanced busy, at most 31 ticks in: due again idle */
	CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 1), 1);
	CU_ASSERT_EQUAL(task_cpu(s), 1);
	CU_ASSERT_EQUAL((int64_t)(s->se.vruntime - cfs1->min_vruntime), rel);
	SCHED_CHECK();
	machine_down();
}

/*
 * The CPU a sleeper leaves is the one it is on, wherever it was last
 * queued: a task that slept on CPU 0, moved to CPU 1 while in the rt
 * class (which keeps no vruntime) and came back to cfs goes relative to
 * CPU 1's min_vruntime when it moves on to CPU 2, not to CPU 0's (whose
 * queue the move does not lock).
 */
static void test_migration_from_where_it_is(void)
{
	struct cfs_rq *cfs0, *cfs1, *cfs2;
	struct task_struct *s;
	int i;

	cfs_up(3);
	cfs0 = &cpu_rq(0)->cfs;
	cfs1 = &cpu_rq(1)->cfs;
	cfs2 = &cpu_rq(2)->cfs;
	s = sleeper_on("s", 0, SCHED_OTHER, 0);
	new_task_on("b", 19, 1);
	schedule(1);
	for (i = 0; i < 40; i++)
		machine_tick();
	CU_ASSERT(cfs1->min_vruntime - cfs0->min_vruntime > 2000000000ULL);
	CU_ASSERT_EQUAL(setscheduler(s, SCHED_RR, 1), 0);
	CU_ASSERT_EQUAL(set_cpus_allowed(s, 2UL), 0);
	CU_ASSERT_EQUAL(task_cpu(s), 1);
	CU_ASSERT_EQUAL(s->se.migrated, 0U);
	CU_ASSERT_EQUAL(setscheduler(s, SCHED_OTHER, 0), 0);
	/* asleep: absolute, here 2 ms behind CPU 1 */
	s->se.vruntime = cfs1->min_vruntime - 2000000;
	CU_ASSERT_EQUAL(set_cpus_allowed(s, 4UL), 0);
	CU_ASSERT_EQUAL(task_cpu(s), 2);
	CU_ASSERT_EQUAL(s->se.migrated, 1U);
	CU_ASSERT_EQUAL((int64_t)s->se.vruntime, -2000000LL);
	CU_ASSERT_EQUAL(wake_up_process(s), 1);
	CU_ASSERT_EQUAL((int64_t)(cfs2->min_vruntime - s->se.vruntime),
			2000000LL);
	SCHED_CHECK();
	machine_down();
}

static CU_TestInfo slice_tests[] = {
	{ "period * weight / load, stretched, floored", test_sched_slice },
	{ "SCHED_IDLE's own floor", test_sched_slice_idle },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo place_tests[] = {
	{ "new tasks a virtual slice on (START_DEBIT)", test_place_new },
	{ "sleepers half a latency back at most", test_place_sleeper },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo wakeup_tests[] = {
	{ "the granularity threshold, batch, idle", test_wakeup_preemption },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo tick_tests[] = {
	{ "turns of whole ticks past the slice", test_tick_preemption },
	{ "nice 0 beside nice 5", test_tick_preemption_weighted },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo yield_tests[] = {
	{ "the skip buddy", test_yield_skip_buddy },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo migrate_tests[] = {
	{ "relative to min_vruntime across CPUs", test_migration_renormalises },
	{ "relative to the CPU it leaves, after a spell in rt",
	  test_migration_from_where_it_is },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/cfs/sched_slice", slice_tests, NULL, NULL)
KTEST_SUITE("sched/cfs/place_entity", place_tests, NULL, NULL)
KTEST_SUITE("sched/cfs/check_preempt_wakeup", wakeup_tests, NULL, NULL)
KTEST_SUITE("sched/cfs/check_preempt_tick", tick_tests, NULL, NULL)
KTEST_SUITE("sched/cfs/yield_task_cfs", yield_tests, NULL, NULL)
KTEST_SUITE("sched/cfs/migrate_task_rq_cfs", migrate_tests, NULL, NULL)
