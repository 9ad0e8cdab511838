// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_goodness.c - the 2.4 scheduler of sched/goodness.c:
 * its arithmetic worked by hand from Linux 2.5.0's kernel/sched.c
 * (NICE_TO_TICKS at every TICK_SCALE bracket, goodness(), the
 * recalculation over sleeping tasks), the run list's order, the tick,
 * yield, fork and reap, reschedule_idle()'s choice of CPU, and a CPU
 * taking over a task another CPU owns.  Every class, goodness included,
 * also runs the soak and the lockstep machine of tests/sched/test_class.c.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
#include "sched/class.h"
#include "sched/goodness.h"
#include "sched/sched.h"
#include "sched/snapshot_json.h"
#include "tests/ktest.h"
#include "tests/report.h"
#include "tests/sched/sched_test.h"

static void goodness_up(int nr_cpus, unsigned int hz)
{
	machine_up_class(nr_cpus, hz, &goodness_sched_class);
}

/* clear every CPU's need_resched (current and idle tasks) */
static void clear_resched(void)
{
	int cpu;

	for (cpu = 0; cpu < nr_cpus_online; cpu++) {
		clear_tsk_need_resched(cpu_rq(cpu)->curr);
		clear_tsk_need_resched(cpu_rq(cpu)->idle);
	}
}

/* the pid at @idx of the run list (negative: from the tail), or -1 */
static pid_t run_list_pid(int idx)
{
	json_t *snap = sched_cpu_json(0), *tasks;
	pid_t pid = -1;
	int n;

	CU_ASSERT_PTR_NOT_NULL_FATAL(snap);
	/* queues: the rt class in front, then goodness */
	tasks = json_object_get(
		json_array_get(json_object_get(snap, "queues"), 1), "tasks");
	n = (int)json_array_size(tasks);
	if (idx < 0)
		idx += n;
	if (idx >= 0 && idx < n)
		pid = (pid_t)json_integer_value(
			json_object_get(json_array_get(tasks, idx), "pid"));
	json_decref(snap);
	return pid;
}

/* ---------------------------------------------------------- arithmetic */

static unsigned int ticks_at(unsigned int hz, int nice)
{
	unsigned int old = kstruct_hz, t;

	kstruct_hz = hz;
	t = NICE_TO_TICKS(nice);
	kstruct_hz = old;
	return t;
}

/*
 * TICK_SCALE(20 - nice) + 1, TICK_SCALE by HZ's bracket: x >> 2 below
 * 200, x >> 1 below 400, x below 800, x << 1 below 1600, else x << 2.
 */
static void test_nice_to_ticks(void)
{
	static const struct {
		unsigned int hz;
		unsigned int nice0, nice_m20, nice19, nice5, nice_m3;
	} t[] = {
		/* 20>>2+1, 40>>2+1, 1>>2+1, 15>>2+1, 23>>2+1 */
		{ 100, 6, 11, 1, 4, 6 },      { 199, 6, 11, 1, 4, 6 },
		{ 200, 11, 21, 1, 8, 12 },    { 250, 11, 21, 1, 8, 12 },
		{ 399, 11, 21, 1, 8, 12 },    { 400, 21, 41, 2, 16, 24 },
		{ 500, 21, 41, 2, 16, 24 },   { 800, 41, 81, 3, 31, 47 },
		{ 1000, 41, 81, 3, 31, 47 },  { 1200, 41, 81, 3, 31, 47 },
		{ 1600, 81, 161, 5, 61, 93 }, { 2000, 81, 161, 5, 61, 93 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		CU_ASSERT_EQUAL(ticks_at(t[i].hz, 0), t[i].nice0);
		CU_ASSERT_EQUAL(ticks_at(t[i].hz, -20), t[i].nice_m20);
		CU_ASSERT_EQUAL(ticks_at(t[i].hz, 19), t[i].nice19);
		CU_ASSERT_EQUAL(ticks_at(t[i].hz, 5), t[i].nice5);
		CU_ASSERT_EQUAL(ticks_at(t[i].hz, -3), t[i].nice_m3);
	}
	/* MAX_COUNTER is 20 * HZ / 100 */
	kstruct_hz = 100;
	CU_ASSERT_EQUAL(MAX_COUNTER, 20);
	kstruct_hz = 1000;
	CU_ASSERT_EQUAL(MAX_COUNTER, 200);
	kstruct_hz = DEFAULT_HZ;
}

static void set_task(struct task_struct *p, long counter, int nice, int cpu)
{
	memset(p, 0, sizeof(*p));
	p->counter = counter;
	p->static_prio = NICE_TO_PRIO(nice);
	p->cpu = cpu;
}

/* counter + 15 on its own CPU + 1 (mm) + 20 - nice; 0; -1 */
static void test_goodness_values(void)
{
	struct task_struct p;

	set_task(&p, 10, 0, 0);
	CU_ASSERT_EQUAL(goodness(&p, 0), 10 + 15 + 1 + 20);
	CU_ASSERT_EQUAL(goodness(&p, 1), 10 + 1 + 20);
	set_task(&p, 3, -5, 2);
	CU_ASSERT_EQUAL(goodness(&p, 2), 3 + 15 + 1 + 25);
	CU_ASSERT_EQUAL(goodness(&p, 0), 3 + 1 + 25);
	set_task(&p, 1, 19, 0);
	CU_ASSERT_EQUAL(goodness(&p, 0), 1 + 15 + 1 + 1);
	/* a used-up slice is 0 whatever else it has */
	set_task(&p, 0, -20, 0);
	CU_ASSERT_EQUAL(goodness(&p, 0), 0);
	/* a yielder comes after every other runnable task */
	set_task(&p, 40, -20, 0);
	p.yielded = 1;
	CU_ASSERT_EQUAL(goodness(&p, 0), -1);
}

_Static_assert(PROC_CHANGE_PENALTY == 15, "2.4's bonus for staying on a CPU");

/*
 * HZ=100, one CPU.  A and B (nice 0, 6 ticks each) are woken; B is at the
 * head of the run list (woken last) and wins the tie; it runs 2 ticks (4
 * left) and sleeps.  C (nice 10, 3 ticks) is made and never started.  A
 * runs out its 6 ticks: the walk finds only goodness 0, so every task on
 * the task list is recalculated, sleeping and unstarted ones included:
 * A 0/2 + 6 = 6, B 4/2 + 6 = 8, C 3/2 + 3 = 4, init 6/2 + 6 = 9.
 */
static void test_recalculation_includes_sleepers(void)
{
	struct task_struct *a, *b, *c;
	int i;

	goodness_up(1, 100);
	CU_ASSERT_EQUAL(child_reaper->counter, 6);
	a = new_task_on("a", 0, 0);
	b = new_task_on("b", 0, 0);
	c = sched_new_task("c", 10, SCHED_OTHER, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(a->counter, 6);
	CU_ASSERT_EQUAL(c->counter, 3);
	CU_ASSERT_PTR_EQUAL(schedule(0), b);
	machine_tick();
	machine_tick();
	CU_ASSERT_EQUAL(b->counter, 4);
	set_task_state(b, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	for (i = 0; i < 5; i++) {
		machine_tick();
		CU_ASSERT_PTR_EQUAL(cpu_curr(0), a);
		CU_ASSERT_FALSE(test_tsk_need_resched(a));
	}
	CU_ASSERT_EQUAL(a->counter, 1);
	CU_ASSERT_EQUAL(cpu_rq(0)->goodness.nr_recalculations, 0UL);
	jiffies++;
	scheduler_tick(0, 1);
	CU_ASSERT_EQUAL(a->counter, 0);
	CU_ASSERT_TRUE(test_tsk_need_resched(a));
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(cpu_rq(0)->goodness.nr_recalculations, 1UL);
	CU_ASSERT_EQUAL(a->counter, 6);
	CU_ASSERT_EQUAL(b->counter, 8);
	CU_ASSERT_EQUAL(c->counter, 4);
	CU_ASSERT_EQUAL(child_reaper->counter, 9);
	SCHED_CHECK();
	machine_down();
}

/* ------------------------------------------------------------ the list */

/*
 * Woken tasks go to the head of the run list, and the walk keeps the
 * first task of the strictly highest goodness: of three equal tasks the
 * last woken runs.
 */
static void test_run_list_order(void)
{
	struct task_struct *x, *y, *z;

	goodness_up(1, 1000);
	x = new_task_on("x", 0, 0);
	y = new_task_on("y", 0, 0);
	z = new_task_on("z", 0, 0);
	CU_ASSERT_EQUAL(run_list_pid(0), z->pid);
	CU_ASSERT_EQUAL(run_list_pid(1), y->pid);
	CU_ASSERT_EQUAL(run_list_pid(2), x->pid);
	CU_ASSERT_EQUAL(run_list_pid(3), -1);
	CU_ASSERT_PTR_EQUAL(schedule(0), z);
	SCHED_CHECK();
	machine_down();
}

/* the tick takes one from the counter and reschedules at 0 */
static void test_tick(void)
{
	struct task_struct *a;

	goodness_up(1, 1000);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	a->counter = 2;
	jiffies++;
	scheduler_tick(0, 1);
	CU_ASSERT_EQUAL(a->counter, 1);
	CU_ASSERT_FALSE(test_tsk_need_resched(a));
	jiffies++;
	scheduler_tick(0, 1);
	CU_ASSERT_EQUAL(a->counter, 0);
	CU_ASSERT_TRUE(test_tsk_need_resched(a));
	SCHED_CHECK();
	machine_down();
}

/*
 * sched_yield() with another task waiting: goodness -1 and the tail of
 * the list until the yielder is switched out.  Alone, nothing happens.
 */
static void test_yield(void)
{
	struct task_struct *a, *b;

	goodness_up(1, 1000);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	sys_sched_yield(0);
	CU_ASSERT_EQUAL(a->yielded, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);

	b = new_task_on("b", 5, 0);
	clear_resched();
	sys_sched_yield(0);
	CU_ASSERT_EQUAL(a->yielded, 1);
	CU_ASSERT_TRUE(test_tsk_need_resched(a));
	CU_ASSERT_EQUAL(run_list_pid(-1), a->pid);
	CU_ASSERT_PTR_EQUAL(schedule(0), b);
	/* switched out: the yield is over, and a yielder is not pushed */
	CU_ASSERT_EQUAL(a->yielded, 0);
	CU_ASSERT_FALSE(test_tsk_need_resched(cpu_rq(0)->idle));
	SCHED_CHECK();
	machine_down();
}

/*
 * 2.4's do_fork(): the child gets (counter + 1) >> 1, the parent keeps
 * counter >> 1 and reschedules at 0.  2.5.0's release(): the reaper gets
 * the child's counter back, capped at MAX_COUNTER (20 at HZ=100).
 */
static void test_fork_and_reap(void)
{
	struct task_struct *a, *c, *d;

	goodness_up(1, 100);
	a = new_task_on("parent", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	a->counter = 5;
	CU_ASSERT_EQUAL(do_fork(a, SIGCHLD, "c", &c), 0);
	CU_ASSERT_EQUAL(c->counter, 3);
	CU_ASSERT_EQUAL(a->counter, 2);
	CU_ASSERT_FALSE(test_tsk_need_resched(a));
	CU_ASSERT_PTR_EQUAL(c->sched_class, &goodness_sched_class);
	CU_ASSERT_EQUAL(wake_up_forked_process(c, 0), 0);
	SCHED_CHECK();

	a->counter = 1;
	CU_ASSERT_EQUAL(do_fork(a, SIGCHLD, "d", &d), 0);
	CU_ASSERT_EQUAL(d->counter, 1);
	CU_ASSERT_EQUAL(a->counter, 0);
	CU_ASSERT_TRUE(test_tsk_need_resched(a));

	/* give-back: 0 + 3, and then capped */
	CU_ASSERT_EQUAL(do_exit(c, 0), 0);
	WAIT_REAPS(a, c->pid, NULL, c);
	CU_ASSERT_EQUAL(a->counter, 3);
	a->counter = 19;
	d->counter = 10;
	CU_ASSERT_EQUAL(do_exit(d, 0), 0);
	WAIT_REAPS(a, d->pid, NULL, d);
	CU_ASSERT_EQUAL(a->counter, 20);
	SCHED_CHECK();
	machine_down();
}

/* ----------------------------------------------------- reschedule_idle */

/* the task that has need_resched set on @cpu (curr or idle), or NULL */
static struct task_struct *poked(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);

	if (test_tsk_need_resched(rq->curr))
		return rq->curr;
	if (test_tsk_need_resched(rq->idle))
		return rq->idle;
	return NULL;
}

/*
 * Three CPUs at HZ=1000.  A woken task goes to its last CPU if that one
 * idles; else to the idle CPU least recently active; else it preempts
 * the CPU whose current task it beats by the most (goodness seen from
 * that CPU, PROC_CHANGE_PENALTY included), or none.
 */
static void test_reschedule_idle(void)
{
	struct task_struct *p, *t0, *t1, *t2;

	goodness_up(3, 1000);
	p = sleeper_on("p", 0, SCHED_OTHER, 0);

	/* its last CPU idles */
	clear_resched();
	CU_ASSERT_EQUAL(wake_up_process(p), 1);
	CU_ASSERT_PTR_EQUAL(poked(0), cpu_rq(0)->idle);
	CU_ASSERT_PTR_NULL(poked(1));
	CU_ASSERT_PTR_NULL(poked(2));
	CU_ASSERT_PTR_EQUAL(schedule(0), p);
	set_task_state(p, TASK_INTERRUPTIBLE);
	schedule(0);

	/* CPU 0 busy: of the idle CPUs 1 and 2, the least recently active */
	t0 = new_task_on("t0", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), t0);
	cpu_rq(1)->goodness.last_schedule = 50;
	cpu_rq(2)->goodness.last_schedule = 40;
	clear_resched();
	wake_up_process(p);
	CU_ASSERT_PTR_NULL(poked(0));
	CU_ASSERT_PTR_NULL(poked(1));
	CU_ASSERT_PTR_EQUAL(poked(2), cpu_rq(2)->idle);
	/* CPU 2 takes it over from CPU 0, which owned it */
	CU_ASSERT_PTR_EQUAL(schedule(2), p);
	CU_ASSERT_EQUAL(task_cpu(p), 2);
	CU_ASSERT_EQUAL(cpu_rq(2)->goodness.nr_remote_picks, 1UL);
	CU_ASSERT_EQUAL(cpu_rq(0)->nr_running, 1UL);
	CU_ASSERT_EQUAL(cpu_rq(2)->nr_running, 1UL);
	SCHED_CHECK();
	set_task_state(p, TASK_INTERRUPTIBLE);
	schedule(2);

	/* every CPU busy: t0, t1, t2 run on CPUs 0, 1, 2 */
	t1 = new_task_on("t1", 0, 1);
	CU_ASSERT_PTR_EQUAL(schedule(1), t1);
	t2 = new_task_on("t2", 0, 2);
	CU_ASSERT_PTR_EQUAL(schedule(2), t2);
	SCHED_CHECK();
	/*
	 * p (counter 40) last ran on CPU 2: it is worth 40+1+20 = 61 on
	 * CPUs 0 and 1 and 40+15+1+20 = 76 on CPU 2.  Against t0 25, t1 25
	 * and t2 40 (each on its own CPU: counter + 36) it gains nothing.
	 */
	p->counter = 40;
	t0->counter = 25;
	t1->counter = 25;
	t2->counter = 40;
	clear_resched();
	wake_up_process(p);
	CU_ASSERT_PTR_NULL(poked(0));
	CU_ASSERT_PTR_NULL(poked(1));
	CU_ASSERT_PTR_NULL(poked(2));
	/* t0 24: p beats it by 1 on CPU 0, and nowhere else */
	unqueue(p);
	t0->counter = 24;
	clear_resched();
	wake_up_process(p);
	CU_ASSERT_PTR_EQUAL(poked(0), t0);
	CU_ASSERT_PTR_NULL(poked(1));
	CU_ASSERT_PTR_NULL(poked(2));
	/* t1 10: beaten by 61 - 46 = 15 on CPU 1, the most */
	unqueue(p);
	t1->counter = 10;
	clear_resched();
	wake_up_process(p);
	CU_ASSERT_PTR_NULL(poked(0));
	CU_ASSERT_PTR_EQUAL(poked(1), t1);
	CU_ASSERT_PTR_NULL(poked(2));
	SCHED_CHECK();
	machine_down();
}

/*
 * PROC_CHANGE_PENALTY keeps tasks where they ran: CPU 1 prefers its own
 * task with counter 10 (10+15+1+20 = 46) to CPU 0's with 20 (20+1+20 =
 * 41), and takes the other only when its own is gone.
 */
static void test_penalty_keeps_tasks_home(void)
{
	struct task_struct *mine, *other, *a;

	goodness_up(2, 1000);
	mine = sleeper_on("mine", 0, SCHED_OTHER, 1);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	other = sleeper_on("other", 0, SCHED_OTHER,
			   0); /* a runs again on CPU 0 */
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), a);
	mine->counter = 10;
	other->counter = 20;
	wake_up_process(other);
	wake_up_process(mine);
	CU_ASSERT_PTR_EQUAL(schedule(1), mine);
	set_task_state(mine, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(1), other);
	CU_ASSERT_EQUAL(task_cpu(other), 1);
	SCHED_CHECK();
	machine_down();
}

/* an idle CPU finds a task it may run on its idle tick */
static void test_idle_tick_finds_work(void)
{
	struct task_struct *a, *b;

	goodness_up(2, 1000);
	a = new_task_on("a", 0, 0);
	b = new_task_on("b", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), b);
	clear_resched();
	CU_ASSERT_TRUE(task_queued(a));
	CU_ASSERT_EQUAL(task_cpu(a), 0);
	jiffies++;
	scheduler_tick(1, 1);
	CU_ASSERT_TRUE(test_tsk_need_resched(cpu_rq(1)->idle));
	CU_ASSERT_PTR_EQUAL(schedule(1), a);
	/* nothing left for it: the next idle tick leaves it alone */
	set_task_state(a, TASK_INTERRUPTIBLE);
	schedule(1);
	clear_resched();
	jiffies++;
	scheduler_tick(1, 1);
	CU_ASSERT_FALSE(test_tsk_need_resched(cpu_rq(1)->idle));
	SCHED_CHECK();
	machine_down();
}

/* the machine's chain: FIFO/RR to rt, the others (BATCH, IDLE) here */
static void test_classes_of_policies(void)
{
	struct task_struct *o, *b, *i, *f, *r;

	goodness_up(1, 1000);
	CU_ASSERT_PTR_EQUAL(sched_current_class(), &goodness_sched_class);
	o = sched_new_task("o", 0, SCHED_OTHER, 0);
	b = sched_new_task("b", 0, SCHED_BATCH, 0);
	i = sched_new_task("i", 0, SCHED_IDLE, 0);
	f = sched_new_task("f", 0, SCHED_FIFO, 5);
	r = sched_new_task("r", 0, SCHED_RR, 5);
	CU_ASSERT_PTR_NULL(sched_new_task("d", 0, SCHED_DEADLINE, 0));
	CU_ASSERT_PTR_NULL(sched_new_task("x", 0, SCHED_BATCH, 5));
	CU_ASSERT_PTR_EQUAL(o->sched_class, &goodness_sched_class);
	CU_ASSERT_PTR_EQUAL(b->sched_class, &goodness_sched_class);
	CU_ASSERT_PTR_EQUAL(i->sched_class, &goodness_sched_class);
	CU_ASSERT_PTR_EQUAL(f->sched_class, &rt_sched_class);
	CU_ASSERT_PTR_EQUAL(r->sched_class, &rt_sched_class);
	CU_ASSERT_EQUAL(b->counter, 41);
	CU_ASSERT_EQUAL(f->time_slice, 151U); /* o1's slice, for RR */
	CU_ASSERT_EQUAL(wake_up_forked_process(o, 0), 0);
	CU_ASSERT_EQUAL(wake_up_forked_process(f, 0), 0);
	/* the rt class is asked first */
	CU_ASSERT_PTR_EQUAL(schedule(0), f);
	CU_ASSERT_EQUAL(cpu_rq(0)->rt_nr_running, 1UL);
	/* to the other class and back, queued and running */
	CU_ASSERT_EQUAL(setscheduler(f, SCHED_OTHER, 0), 0);
	CU_ASSERT_PTR_EQUAL(f->sched_class, &goodness_sched_class);
	CU_ASSERT_TRUE(task_queued(f));
	CU_ASSERT_EQUAL(cpu_rq(0)->rt_nr_running, 0UL);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(setscheduler(o, SCHED_RR, 3), 0);
	CU_ASSERT_PTR_EQUAL(o->sched_class, &rt_sched_class);
	CU_ASSERT_EQUAL(setscheduler(o, SCHED_DEADLINE, 0), -EINVAL);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(schedule(0), o);
	SCHED_CHECK();
	machine_down();
}

/*
 * The class's rq_check hook reports through sched_check(), naming this
 * file's line: a negative counter, a task in a prio_array too
 */
static void test_rq_check_goodness_reports(void)
{
	struct task_struct *a;
	long counter;

	goodness_up(1, 1000);
	a = new_task_on("a", 0, 0);
	counter = a->counter;
	a->counter = -1;
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": goodness: task 2: counter -1");
	a->counter = counter;
	a->array = cpu_rq(0)->active;
	EXPECT_CHECK_FAILS(sched_check(), "sched_check");
	expect_detail(": goodness: task 2 in a prio_array too");
	a->array = NULL;
	SCHED_CHECK();
	machine_down();
}

static CU_TestInfo rq_check_tests[] = {
	{ "rq_check reports a bad counter and a task in two queues",
	  test_rq_check_goodness_reports },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo goodness_tests[] = {
	{ "NICE_TO_TICKS at every TICK_SCALE bracket", test_nice_to_ticks },
	{ "goodness() by hand", test_goodness_values },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo schedule_tests[] = {
	{ "recalculation includes sleeping tasks",
	  test_recalculation_includes_sleepers },
	{ "run list: head insertion, first best wins", test_run_list_order },
	{ "PROC_CHANGE_PENALTY keeps tasks home",
	  test_penalty_keeps_tasks_home },
	{ "an idle CPU finds work on its tick", test_idle_tick_finds_work },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo reschedule_idle_tests[] = {
	{ "last CPU, oldest idle, best gain; take-over", test_reschedule_idle },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo update_process_times_tests[] = {
	{ "tick: counter down, resched at 0", test_tick },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo sys_sched_yield_tests[] = {
	{ "-1 and the tail, only if others wait", test_yield },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo do_fork_tests[] = {
	{ "fork splits the counter, reap gives it back", test_fork_and_reap },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo setscheduler_tests[] = {
	{ "policies: BATCH/IDLE here, FIFO/RR to rt",
	  test_classes_of_policies },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/goodness/goodness", goodness_tests, NULL, NULL)
KTEST_SUITE("sched/goodness/schedule", schedule_tests, NULL, NULL)
KTEST_SUITE("sched/goodness/reschedule_idle", reschedule_idle_tests, NULL, NULL)
KTEST_SUITE("sched/goodness/update_process_times", update_process_times_tests,
	    NULL, NULL)
KTEST_SUITE("sched/goodness/sys_sched_yield", sys_sched_yield_tests, NULL, NULL)
KTEST_SUITE("sched/goodness/do_fork", do_fork_tests, NULL, NULL)
KTEST_SUITE("sched/goodness/setscheduler", setscheduler_tests, NULL, NULL)
KTEST_SUITE("sched/goodness/rq_check", rq_check_tests, report_suite_init,
	    report_suite_cleanup)
