// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_class.c - the class interface (sched/class.h,
 * sched/class.c, the class core of sched/sched.c): choosing a class, the
 * counters and snapshots each class gives (their JSON is
 * tests/sched/test_snapshot_json.c's), every class's invariants after
 * every step of a seeded random soak, and fault injection under every
 * class.  tests/sched/test_threads.c runs its lockstep machine of four
 * pthreads under every class too (suite "sched/threads/sched_init_class",
 * under ThreadSanitizer in CI).
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
#include "sched/class.h"
#include "sched/internal.h"
#include "sched/sched.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/sched/sched_test.h"

/* ------------------------------------------------------------ choosing */

static void test_selection(void)
{
	static const char *const order[] = { "goodness", "o1", "cfs", "eevdf" };
	char names[128], expect[128] = "";
	unsigned int i, n;

	for (n = 0; sched_classes[n]; n++) {
		CU_ASSERT_FATAL(n < ARRAY_SIZE(order));
		CU_ASSERT_STRING_EQUAL(sched_classes[n]->name, order[n]);
		CU_ASSERT_PTR_EQUAL(sched_class_find(order[n]),
				    sched_classes[n]);
		strcat(expect, n ? ", " : "");
		strcat(expect, order[n]);
	}
	CU_ASSERT(n >= 2);
	for (i = n; i < ARRAY_SIZE(order); i++)
		CU_ASSERT_PTR_NULL(sched_class_find(order[i]));
	CU_ASSERT_STRING_EQUAL(sched_class_names(names, sizeof(names)), expect);
	CU_ASSERT_STRING_EQUAL(sched_class_names(names, 3), "");
	CU_ASSERT_PTR_NULL(sched_class_find("rt"));
	CU_ASSERT_PTR_NULL(sched_class_find("O1"));
	CU_ASSERT_PTR_NULL(sched_class_find(""));
	CU_ASSERT_PTR_NULL(sched_class_find(NULL));

	CU_ASSERT_PTR_NULL(sched_current_class());
	CU_ASSERT_EQUAL(sched_init_class(2, &rt_sched_class), -EINVAL);
	CU_ASSERT_EQUAL(sched_init_class(0, &o1_sched_class), -EINVAL);
	CU_ASSERT_PTR_NULL(sched_current_class());
	machine_up_class(2, 1000, NULL);
	CU_ASSERT_PTR_EQUAL(sched_current_class(), &o1_sched_class);
	CU_ASSERT_EQUAL(sched_init_class(2, &goodness_sched_class), -EBUSY);
	CU_ASSERT_PTR_EQUAL(sched_current_class(), &o1_sched_class);
	machine_down();
	CU_ASSERT_PTR_NULL(sched_current_class());
	for (i = 0; i < n; i++) {
		machine_up_class(3, 1000, sched_classes[i]);
		CU_ASSERT_PTR_EQUAL(sched_current_class(), sched_classes[i]);
		/* init got the class of its policy */
		CU_ASSERT_PTR_EQUAL(child_reaper->sched_class,
				    sched_classes[i]);
		CU_ASSERT_PTR_NULL(cpu_rq(0)->idle->sched_class);
		machine_down();
	}
}

/*
 * Each policy's class under every class: FIFO/RR to the rt class but
 * under o1, the rest (BATCH, IDLE) to the machine's; DEADLINE is
 * refused.  Under o1, BATCH and IDLE run as SCHED_OTHER: the same prio,
 * slice and queue.
 */
static void test_class_of_policies(void)
{
	static const int policies[] = { SCHED_OTHER, SCHED_BATCH, SCHED_IDLE,
					SCHED_FIFO, SCHED_RR };
	const struct sched_class *class, *want;
	struct task_struct *p, *other = NULL;
	unsigned int i, k;

	for (i = 0; sched_classes[i]; i++) {
		class = sched_classes[i];
		machine_up_class(1, 1000, class);
		for (k = 0; k < ARRAY_SIZE(policies); k++) {
			int rt = policies[k] == SCHED_FIFO ||
				 policies[k] == SCHED_RR;

			p = sched_new_task("p", 3, policies[k], rt ? 7 : 0);
			CU_ASSERT_PTR_NOT_NULL_FATAL(p);
			/* o1 runs its real-time tasks itself, as 2.5.33 */
			want = rt && class != &o1_sched_class ?
				       &rt_sched_class :
				       class;
			CU_ASSERT_PTR_EQUAL(p->sched_class, want);
			CU_ASSERT_EQUAL(p->policy, (unsigned long)policies[k]);
			CU_ASSERT_EQUAL(p->prio, rt ? 99 - 7 : NICE_TO_PRIO(3));
			if (!k)
				other = p;
			if (class == &o1_sched_class && !rt)
				CU_ASSERT_EQUAL(p->time_slice,
						other->time_slice);
			CU_ASSERT_EQUAL(wake_up_forked_process(p, 0), 0);
			CU_ASSERT_TRUE(task_queued(p));
			SCHED_CHECK();
		}
		CU_ASSERT_PTR_NULL(sched_new_task("d", 0, SCHED_DEADLINE, 0));
		CU_ASSERT_PTR_NULL(sched_new_task("b", 0, SCHED_BATCH, 1));
		CU_ASSERT_EQUAL(setscheduler(other, SCHED_DEADLINE, 0),
				-EINVAL);
		CU_ASSERT_EQUAL(setscheduler(other, SCHED_IDLE, 0), 0);
		CU_ASSERT_PTR_EQUAL(other->sched_class, class);
		SCHED_CHECK();
		machine_down();
	}
}

static void test_counters(void)
{
	const struct sched_counter *c[SCHED_MAX_COUNTERS];
	unsigned int i;

	CU_ASSERT_EQUAL_FATAL(sched_counters(&o1_sched_class, c), 2U);
	CU_ASSERT_STRING_EQUAL(c[0]->name, "array_switches");
	CU_ASSERT_STRING_EQUAL(c[0]->label, "arrsw");
	CU_ASSERT_STRING_EQUAL(c[1]->name, "pulled");
	CU_ASSERT_EQUAL_FATAL(sched_counters(&goodness_sched_class, c), 3U);
	CU_ASSERT_STRING_EQUAL(c[0]->name, "recalculations");
	CU_ASSERT_STRING_EQUAL(c[1]->name, "remote_picks");
	CU_ASSERT_STRING_EQUAL(c[2]->name, "rt_pulled");
	/* every class's counters are unsigned longs of struct runqueue */
	for (i = 0; sched_classes[i]; i++) {
		unsigned int k, nr = sched_counters(sched_classes[i], c);

		for (k = 0; k < nr; k++) {
			CU_ASSERT(c[k]->offset + sizeof(unsigned long) <=
				  sizeof(struct runqueue));
			CU_ASSERT(strlen(c[k]->label) <= 7);
		}
	}
	/* they read what the runqueue holds */
	machine_up(2);
	cpu_rq(0)->nr_array_switches = 7;
	cpu_rq(1)->nr_array_switches = 11;
	sched_counters(&o1_sched_class, c);
	CU_ASSERT_EQUAL(sched_counter_value(0, c[0]), 7UL);
	CU_ASSERT_EQUAL(sched_counter_value(1, c[0]), 11UL);
	machine_down();
}

/* ----------------------------------------------------------- snapshots */

/*
 * The plain structures of sched_snapshot(), as a library user reads them:
 * the same o1 machine as above (three nice-0 tasks at prio 125 on CPU 0,
 * a running), and a copy that outlives the machine it was taken from.
 */
static void test_snapshot_struct_o1(void)
{
	const struct sched_snapshot_array *active, *expired;
	const struct sched_snapshot_prio_queue *q;
	struct task_struct *a, *b, *c;
	struct sched_snapshot *snap;
	unsigned int first;
	int pid_c;

	snap = (struct sched_snapshot *)&snap;
	CU_ASSERT_EQUAL(sched_snapshot(0, &snap), -EINVAL); /* no machine */
	CU_ASSERT_PTR_NULL(snap);
	machine_up(2);
	CU_ASSERT_EQUAL(sched_snapshot(2, &snap), -EINVAL);
	CU_ASSERT_EQUAL(sched_snapshot(-1, &snap), -EINVAL);
	CU_ASSERT_EQUAL_FATAL(sched_snapshot(1, &snap), 0);
	CU_ASSERT(snap->idle);
	CU_ASSERT_EQUAL(snap->cpu, 1);
	CU_ASSERT_EQUAL(snap->nr_running, 0);
	sched_snapshot_free(snap);
	a = new_task_on("a", 0, 0);
	b = new_task_on("b", 0, 0);
	c = new_task_on("c", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	first = b->first_time_slice;
	pid_c = c->pid;
	CU_ASSERT_EQUAL_FATAL(sched_snapshot(0, &snap), 0);
	machine_down();
	/* read after the machine is gone: the snapshot is a copy */
	CU_ASSERT_EQUAL(snap->cpu, 0);
	CU_ASSERT_PTR_EQUAL(snap->sched_class, &o1_sched_class);
	CU_ASSERT_EQUAL(snap->nr_running, 3);
	CU_ASSERT_FALSE(snap->idle);
	CU_ASSERT_STRING_EQUAL(snap->curr.comm, "a");
	CU_ASSERT_EQUAL(snap->curr.policy, SCHED_OTHER);
	CU_ASSERT_EQUAL(snap->curr.prio, 125);
	CU_ASSERT_EQUAL_FATAL(snap->nr_queues, 1);
	CU_ASSERT_PTR_EQUAL(snap->queues[0].sched_class, &o1_sched_class);
	CU_ASSERT_EQUAL_FATAL(snap->queues[0].kind, SCHED_SNAPSHOT_PRIO_ARRAYS);
	CU_ASSERT_EQUAL_FATAL(snap->queues[0].prio_arrays.nr_arrays, 2);
	active = &snap->queues[0].prio_arrays.arrays[0];
	expired = &snap->queues[0].prio_arrays.arrays[1];
	CU_ASSERT_STRING_EQUAL(active->name, "active");
	CU_ASSERT_STRING_EQUAL(expired->name, "expired");
	CU_ASSERT_EQUAL(active->nr_active, 3);
	CU_ASSERT_EQUAL(expired->nr_active, 0);
	CU_ASSERT_EQUAL(expired->nr_queues, 0);
	/* bits 125 and the sentinel 140, in the words of an unsigned long */
	CU_ASSERT((active->bitmap[125 / BITS_PER_LONG] &
		   1UL << 125 % BITS_PER_LONG) != 0);
	CU_ASSERT((active->bitmap[140 / BITS_PER_LONG] &
		   1UL << 140 % BITS_PER_LONG) != 0);
	CU_ASSERT_EQUAL(active->bitmap[0], 0);
	CU_ASSERT_EQUAL_FATAL(active->nr_queues, 1);
	q = &active->queues[0];
	CU_ASSERT_EQUAL(q->prio, 125);
	CU_ASSERT_EQUAL_FATAL(q->nr_tasks, 3);
	CU_ASSERT_STRING_EQUAL(q->tasks[0].task.comm, "a");
	CU_ASSERT_STRING_EQUAL(q->tasks[1].task.comm, "b");
	CU_ASSERT_STRING_EQUAL(q->tasks[2].task.comm, "c");
	CU_ASSERT_EQUAL(q->tasks[0].task.pid, snap->curr.pid);
	CU_ASSERT_EQUAL(q->tasks[0].time_slice, 151);
	CU_ASSERT_EQUAL(q->tasks[1].first_time_slice, first);
	CU_ASSERT_EQUAL(q->tasks[2].task.pid, pid_c);
	sched_snapshot_free(snap);
	sched_snapshot_free(NULL);
}

/*
 * Every allocation of sched_snapshot() fails in turn: -ENOMEM, no
 * snapshot, nothing leaked.  Under o1, with a and c at prio 125 and b
 * (nice 3) at 128, there are six: the snapshot, its queues, the active
 * array's queues and the tasks of each of its two, and the expired
 * array's (empty) queues.
 */
static void test_snapshot_fails_every_allocation(void)
{
	struct sched_snapshot *snap;
	struct task_struct *f;
	unsigned int i;
	long live;
	int n, ret;

	for (i = 0; sched_classes[i]; i++) {
		machine_up_class(2, 1000, sched_classes[i]);
		new_task_on("a", 0, 0);
		new_task_on("b", 3, 0);
		new_task_on("c", 0, 0);
		if (sched_classes[i] != &o1_sched_class) {
			f = sched_new_task("f", 0, SCHED_RR, 1);
			wake_up_forked_process(f, 0);
		}
		schedule(0);
		live = kmalloc_live();
		for_each_alloc_failure(n, (snap = NULL,
					   ret = sched_snapshot(0, &snap))) {
			CU_ASSERT_EQUAL(ret, -ENOMEM);
			CU_ASSERT_PTR_NULL(snap);
			CU_ASSERT_EQUAL(kmalloc_live(), live);
			CU_ASSERT_FATAL(n < 1000);
		}
		CU_ASSERT_EQUAL(ret, 0);
		CU_ASSERT_PTR_NOT_NULL(snap);
		if (sched_classes[i] == &o1_sched_class)
			CU_ASSERT_EQUAL(n, 6 + 1);
		sched_snapshot_free(snap);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		machine_down();
	}
}

/* ------------------------------------------------------- random soak */

/* queued tasks counted from the task list: sched_nr_running_total()'s */
static unsigned long queued_tasks(void)
{
	struct task_struct *p;
	unsigned long n = 0;
	int cpu;

	list_for_each_entry(p, &init_task->tasks, tasks)
		n += p->sched_class && task_queued(p);
	for (cpu = 0; cpu < nr_cpus_online; cpu++) {
		p = cpu_rq(cpu)->curr;
		if (p->state == TASK_DEAD && task_queued(p))
			n++;
	}
	return n;
}

#define SOAK_STEPS 3000

static void random_step(unsigned int *seed, int cpus)
{
	int cpu = rand_r(seed) % cpus, op = rand_r(seed) % 16;

	soak_step(seed, cpus, cpu, op, soak_random_task(seed));
}

/* every class: invariants after every step, and nr_running conserved */
static void test_soak_every_class(void)
{
	unsigned int i, seed;
	int step, k;

	for (i = 0; sched_classes[i]; i++) {
		seed = 2002 + i;
		machine_up_class(3, 100, sched_classes[i]);
		cache_decay_ticks = 1;
		for (k = 0; k < 8; k++)
			new_task_on("t", k * 5 - 20, k % 3);
		for (step = 0; step < SOAK_STEPS; step++) {
			random_step(&seed, 3);
			SCHED_CHECK();
			CU_ASSERT_EQUAL_FATAL(sched_nr_running_total(),
					      queued_tasks());
		}
		/* reap what init collected */
		while (sys_wait4(child_reaper, -1, NULL) > 0)
			;
		SCHED_CHECK();
		machine_down();
	}
}

/* ------------------------------------------------------ fault injection */

/* every class: init, a new task and a fork fail every allocation in turn */
static void test_fault_injection_every_class(void)
{
	struct task_struct *a, *c, *p;
	long live = kmalloc_live(), counter;
	unsigned int i, slice;
	unsigned long n;
	int ret, tasks;

	for (i = 0; sched_classes[i]; i++) {
		kstruct_hz = 1000;
		for_each_alloc_failure(
			n, ret = sched_init_class(2, sched_classes[i])) {
			CU_ASSERT_EQUAL(ret, -ENOMEM);
			CU_ASSERT_EQUAL(kmalloc_live(), live);
			CU_ASSERT_PTR_NULL(sched_current_class());
			CU_ASSERT_FATAL(n < 100);
		}
		CU_ASSERT_EQUAL_FATAL(ret, 0);
		a = new_task_on("a", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), a);
		tasks = nr_tasks();
		for_each_alloc_failure(n, p = sched_new_task("p", 0,
							     SCHED_OTHER, 0)) {
			CU_ASSERT_EQUAL(nr_tasks(), tasks);
			SCHED_CHECK();
		}
		CU_ASSERT_PTR_NOT_NULL(p);
		counter = a->counter;
		slice = a->time_slice;
		for_each_alloc_failure(n, ret = do_fork(a, SIGCHLD, "c", &c)) {
			CU_ASSERT_EQUAL(ret, -ENOMEM);
			CU_ASSERT_EQUAL(nr_tasks(), tasks + 1);
			/* a failed fork shared nothing out */
			CU_ASSERT_EQUAL(a->counter, counter);
			CU_ASSERT_EQUAL(a->time_slice, slice);
			SCHED_CHECK();
		}
		CU_ASSERT_EQUAL_FATAL(ret, 0);
		CU_ASSERT_EQUAL(wake_up_forked_process(c, 1), 0);
		SCHED_CHECK();
		machine_down();
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
}

/*
 * Each class's kernel's HZ: 2.4 on x86 100, 2.5.33 on x86 1000, Debian's
 * 6.1 and 6.12 (CONFIG_HZ_250) 250; no class (o1, the default) 1000.
 */
static void test_class_hz(void)
{
	CU_ASSERT_EQUAL(sched_class_hz(&goodness_sched_class), 100U);
	CU_ASSERT_EQUAL(sched_class_hz(&o1_sched_class), 1000U);
	CU_ASSERT_EQUAL(sched_class_hz(&cfs_sched_class), 250U);
	CU_ASSERT_EQUAL(sched_class_hz(&eevdf_sched_class), 250U);
	CU_ASSERT_EQUAL(sched_class_hz(NULL), 1000U);
}

/*
 * The chains, highest first: deadline and rt above goodness, cfs and
 * eevdf; o1 takes FIFO and RR itself, so rt is not in its chain; idle
 * ends each.  Every class by name.
 */
static void test_class_chain(void)
{
	const struct sched_class *chain[SCHED_CHAIN_MAX + 1];
	unsigned int i;

	for (i = 0; sched_classes[i]; i++) {
		const struct sched_class *c = sched_classes[i];
		bool o1 = c == &o1_sched_class;

		CU_ASSERT_EQUAL(sched_class_chain(c, chain), o1 ? 3U : 4U);
		CU_ASSERT_PTR_EQUAL(chain[0], &dl_sched_class);
		CU_ASSERT_PTR_EQUAL(chain[1], o1 ? c : &rt_sched_class);
		CU_ASSERT_PTR_EQUAL(chain[o1 ? 1 : 2], c);
		CU_ASSERT_PTR_EQUAL(chain[o1 ? 2 : 3], &idle_sched_class);
		CU_ASSERT_PTR_NULL(chain[o1 ? 3 : 4]);
		CU_ASSERT_PTR_EQUAL(sched_class_named(c->name), c);
	}
	CU_ASSERT_PTR_EQUAL(sched_class_named("deadline"), &dl_sched_class);
	CU_ASSERT_PTR_EQUAL(sched_class_named("rt"), &rt_sched_class);
	CU_ASSERT_PTR_EQUAL(sched_class_named("idle"), &idle_sched_class);
	CU_ASSERT_PTR_NULL(sched_class_named("bfs"));
	CU_ASSERT_PTR_NULL(sched_class_named(NULL));
	/* the deadline class is a chain's, not a machine's */
	CU_ASSERT_PTR_NULL(sched_class_find("deadline"));
	CU_ASSERT_EQUAL(sched_init_class(1, &dl_sched_class), -EINVAL);
}

/* the one table of policy names: by name, alias, value, for messages */
static void test_policy_table(void)
{
	char buf[160];

	CU_ASSERT_EQUAL(sched_policy_find("SCHED_OTHER")->policy, SCHED_OTHER);
	CU_ASSERT_EQUAL(sched_policy_find("SCHED_NORMAL")->policy, SCHED_OTHER);
	CU_ASSERT_EQUAL(sched_policy_find("SCHED_DEADLINE")->policy,
			SCHED_DEADLINE);
	CU_ASSERT_PTR_NULL(sched_policy_find("SCHED_ISO"));
	CU_ASSERT_PTR_NULL(sched_policy_find(NULL));
	CU_ASSERT_STRING_EQUAL(sched_policy_get(SCHED_OTHER)->label, "NORMAL");
	CU_ASSERT_STRING_EQUAL(sched_policy_get(SCHED_RR)->name, "SCHED_RR");
	CU_ASSERT_STRING_EQUAL(sched_policy_get(SCHED_DEADLINE)->label, "DL");
	CU_ASSERT_PTR_NULL(sched_policy_get(4));
	CU_ASSERT_STRING_EQUAL(sched_policies[0].name, "SCHED_OTHER");
	CU_ASSERT_STRING_EQUAL(
		sched_policy_names(buf, sizeof(buf)),
		"SCHED_OTHER, SCHED_NORMAL, SCHED_BATCH, SCHED_IDLE, SCHED_FIFO, SCHED_RR or SCHED_DEADLINE");
	/* whole names only */
	CU_ASSERT_STRING_EQUAL(sched_policy_names(buf, 30),
			       "SCHED_OTHER, SCHED_NORMAL");
}

static CU_TestInfo chain_tests[] = {
	{ "each chain's order, every class by name", test_class_chain },
	{ "the policy table", test_policy_table },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo hz_tests[] = {
	{ "each class's kernel's HZ", test_class_hz },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo find_tests[] = {
	{ "names, order, init, current", test_selection },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo class_of_tests[] = {
	{ "each policy's class; DEADLINE refused", test_class_of_policies },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo counters_tests[] = {
	{ "names, labels, values", test_counters },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo snapshot_tests[] = {
	{ "an o1 runqueue's structures, valid after the machine",
	  test_snapshot_struct_o1 },
	{ "fails every allocation, every class",
	  test_snapshot_fails_every_allocation },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo soak_tests[] = {
	{ "every class, sched_check() every step", test_soak_every_class },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo init_tests[] = {
	{ "fault injection, every class", test_fault_injection_every_class },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/class/sched_class_find", find_tests, NULL, NULL)
KTEST_SUITE("sched/class/sched_class_chain", chain_tests, NULL, NULL)
KTEST_SUITE("sched/class/sched_class_hz", hz_tests, NULL, NULL)
KTEST_SUITE("sched/class/sched_class_of", class_of_tests, NULL, NULL)
KTEST_SUITE("sched/class/sched_counters", counters_tests, NULL, NULL)
KTEST_SUITE("sched/class/sched_snapshot", snapshot_tests, NULL, NULL)
KTEST_SUITE("sched/class/soak", soak_tests, NULL, NULL)
KTEST_SUITE("sched/class/sched_init_class", init_tests, NULL, NULL)
