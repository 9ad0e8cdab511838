// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_fair_group.c - group scheduling for cfs and eevdf
 * (sched/fair_group.c): task groups wired by hand, every allocation of
 * sched_create_group() failed in turn, calc_group_shares() worked by hand
 * on two CPUs, a group entity's time charged by its own weight, the
 * first twelve ticks of two groups picked level by level (cfs, worked
 * from the source), wake-up preemption where the chains meet, tasks moved
 * between groups (queued, running, asleep, real-time), a migration thread
 * switching out a grouped task, balancing by hierarchical load worked by
 * hand, snapshots of group entities, and every invariant after every step
 * of a seeded random soak with groups made, moved into and reweighted.
 * The shares in the long run are in tests/sim/test_classes.c.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compat/slab.h"
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/sched.h"
#include "sched/snapshot_json.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/sched/sched_test.h"

static const struct sched_class *const fair_classes[] = {
	&cfs_sched_class,
	&eevdf_sched_class,
};

static struct task_group *new_group(struct task_group *parent, const char *name)
{
	struct task_group *tg = NULL;

	CU_ASSERT_EQUAL_FATAL(sched_create_group(parent, name, &tg), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tg);
	return tg;
}

/* a fresh nice-@nice task in @tg, queued on @cpu (not run yet) */
static struct task_struct *task_in(struct task_group *tg, const char *comm,
				   int nice, int cpu)
{
	struct task_struct *p = sched_new_task(comm, nice, SCHED_OTHER, 0);

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(sched_move_task(p, tg), 0);
	CU_ASSERT_EQUAL_FATAL(wake_up_forked_process(p, cpu), 0);
	return p;
}

/* @p, queued on @cpu and not running, may run there only (no balancing) */
static void pin(struct task_struct *p, int cpu)
{
	CU_ASSERT_EQUAL_FATAL(set_cpus_allowed(p, 1UL << cpu), 0);
	CU_ASSERT_EQUAL_FATAL(task_cpu(p), cpu);
}

static unsigned int list_length(struct list_head *head)
{
	return (unsigned int)list_count_nodes(head);
}

/* ---------------------------------------------------------- the wiring */

/*
 * /A and /A/B on two CPUs: each CPU has a queue of each group, owned by
 * that CPU's runqueue, and an entity standing for it in the parent
 * group's queue there, not queued, weighing NICE_0_LOAD; the root group's
 * queues are the runqueues' own; the list holds root, /A, /A/B.
 */
static void test_create_wiring(void)
{
	struct task_group *a, *b;
	struct sched_entity *se;
	unsigned int k;
	int cpu;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(2, 1000, fair_classes[k]);
		CU_ASSERT_EQUAL(list_length(&task_groups), 1);
		a = new_group(&root_task_group, "/A");
		b = new_group(a, "/A/B");
		CU_ASSERT_STRING_EQUAL(a->name, "/A");
		CU_ASSERT_PTR_EQUAL(a->parent, &root_task_group);
		CU_ASSERT_PTR_EQUAL(b->parent, a);
		CU_ASSERT_EQUAL(a->depth, 1U);
		CU_ASSERT_EQUAL(b->depth, 2U);
		CU_ASSERT_EQUAL(a->shares, 1024UL);
		CU_ASSERT_EQUAL(a->load, 0);
		CU_ASSERT_PTR_EQUAL(task_groups.next, &root_task_group.list);
		CU_ASSERT_PTR_EQUAL(root_task_group.list.next, &a->list);
		CU_ASSERT_PTR_EQUAL(a->list.next, &b->list);
		CU_ASSERT_PTR_EQUAL(root_task_group.children.next,
				    &a->siblings);
		CU_ASSERT_PTR_EQUAL(a->children.next, &b->siblings);
		CU_ASSERT(list_empty(&b->children));
		for (cpu = 0; cpu < 2; cpu++) {
			CU_ASSERT_PTR_EQUAL(root_task_group.cfs_rq[cpu],
					    &cpu_rq(cpu)->cfs);
			CU_ASSERT_PTR_NULL(root_task_group.se[cpu]);
			CU_ASSERT_PTR_EQUAL(a->cfs_rq[cpu]->tg, a);
			CU_ASSERT_PTR_EQUAL(rq_of(a->cfs_rq[cpu]), cpu_rq(cpu));
			se = a->se[cpu];
			CU_ASSERT_PTR_EQUAL(group_cfs_rq(se), a->cfs_rq[cpu]);
			CU_ASSERT_PTR_EQUAL(cfs_rq_of(se), &cpu_rq(cpu)->cfs);
			CU_ASSERT_PTR_NULL(parent_entity(se));
			CU_ASSERT_EQUAL(se_depth(se), 0U);
			CU_ASSERT_FALSE(entity_is_task(se));
			CU_ASSERT_EQUAL(se->on_rq, 0);
			CU_ASSERT_EQUAL(se->load.weight, NICE_0_LOAD);
			CU_ASSERT_EQUAL(se->vruntime,
					cpu_rq(cpu)->cfs.min_vruntime);
			se = b->se[cpu];
			CU_ASSERT_PTR_EQUAL(cfs_rq_of(se), a->cfs_rq[cpu]);
			CU_ASSERT_PTR_EQUAL(parent_entity(se), a->se[cpu]);
			CU_ASSERT_EQUAL(se_depth(se), 1U);
		}
		/* a task starts in the root group, and moves */
		CU_ASSERT_PTR_EQUAL(task_group(child_reaper), &root_task_group);
		CU_ASSERT_EQUAL(list_length(&task_groups), 3);
		SCHED_CHECK();
		/* the root's weight is not set */
		CU_ASSERT_EQUAL(sched_group_set_shares(&root_task_group, 5),
				-EINVAL);
		CU_ASSERT_EQUAL(sched_group_set_shares(NULL, 5), -EINVAL);
		CU_ASSERT_EQUAL(sched_create_group(NULL, "x", &b), -EINVAL);
		CU_ASSERT_EQUAL(sched_create_group(a, NULL, &b), -EINVAL);
		CU_ASSERT_EQUAL(sched_move_task(child_reaper, NULL), -EINVAL);
		CU_ASSERT_EQUAL(sched_move_task(cpu_rq(0)->idle, a), -EINVAL);
		machine_down();
	}
}

/* goodness and o1 have no task groups: nothing is made or moved */
static void test_no_groups_elsewhere(void)
{
	const struct sched_class *class[] = { &goodness_sched_class,
					      &o1_sched_class };
	struct task_group *tg = NULL;
	struct task_struct *p;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(class); k++) {
		machine_up_class(1, 1000, class[k]);
		CU_ASSERT_EQUAL(sched_create_group(&root_task_group, "/A", &tg),
				-EINVAL);
		CU_ASSERT_PTR_NULL(tg);
		p = new_task_on("p", 0, 0);
		CU_ASSERT_EQUAL(sched_move_task(p, &root_task_group), -EINVAL);
		CU_ASSERT_PTR_EQUAL(task_group(p), &root_task_group);
		machine_down();
	}
}

/*
 * sched_create_group() makes the group, its name, two arrays and a queue
 * and an entity per CPU: 4 + 2 * 3 allocations on three CPUs; each one
 * failed in turn gives -ENOMEM with nothing left and nothing changed.
 */
static void test_create_fault_injection(void)
{
	struct task_group *a, *tg;
	unsigned long n;
	unsigned int k;
	long live;
	int ret;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(3, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		task_in(a, "a", 0, 1);
		live = kmalloc_live();
		for_each_alloc_failure(
			n,
			(tg = NULL, ret = sched_create_group(a, "/A/B", &tg))) {
			CU_ASSERT_EQUAL(ret, -ENOMEM);
			CU_ASSERT_PTR_NULL(tg);
			CU_ASSERT_EQUAL(kmalloc_live(), live);
			CU_ASSERT_EQUAL(list_length(&task_groups), 2);
			CU_ASSERT(list_empty(&a->children));
			SCHED_CHECK();
		}
		CU_ASSERT_EQUAL(ret, 0);
		CU_ASSERT_EQUAL(n, 4 + 2 * 3 + 1UL);
		CU_ASSERT_EQUAL(list_length(&task_groups), 3);
		CU_ASSERT_EQUAL(kmalloc_live(), live + 4 + 2 * 3);
		SCHED_CHECK();
		/* sched_teardown() frees every group (the runner counts) */
		machine_down();
	}
}

/* -------------------------------------------------------------- shares */

/*
 * calc_group_shares() by hand: a group weighs its shares times this CPU's
 * part of its load, between MIN_SHARES and the shares.  /A has a1, a2 on
 * CPU 0 (2048) and a3 on CPU 1 (1024): the group's load is 3072.  A
 * group entity is reweighted when something happens on its CPU: a3's
 * enqueue makes CPU 1's 1024 * 1024 / 3072 = 341 at once; CPU 0's stays
 * 1024 until its tick: 1024 * 2048 / 3072 = 682.  Shares 3072: 2048 and
 * 1024.  Shares 1 (clamped to 2): 1 and 0, clamped to 2 each; 2^30
 * (clamped to 2^18): 174762 and 87381.  When a3 leaves, CPU 1's entity
 * leaves its queue with MIN_SHARES.  (a1 and a2 are pinned to CPU 0: idle
 * CPU 1 would pull one.)
 */
static void test_calc_group_shares(void)
{
	struct task_struct *a3;
	struct task_group *a;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(2, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		pin(task_in(a, "a1", 0, 0), 0);
		CU_ASSERT_EQUAL(a->se[0]->load.weight, 1024UL);
		pin(task_in(a, "a2", 0, 0), 0);
		CU_ASSERT_EQUAL(a->se[0]->load.weight, 1024UL);
		CU_ASSERT_EQUAL(a->cfs_rq[0]->load.weight, 2048UL);
		a3 = task_in(a, "a3", 0, 1);
		CU_ASSERT_EQUAL(a->load, 3072);
		CU_ASSERT_EQUAL(a->se[1]->load.weight, 341UL);
		CU_ASSERT_EQUAL(a->se[0]->load.weight, 1024UL);
		CU_ASSERT_EQUAL(cpu_rq(1)->cfs.load.weight, 341UL);
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.h_nr_running, 2UL);
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.nr_running, 1UL);
		SCHED_CHECK();
		schedule(0);
		schedule(1);
		machine_tick();
		CU_ASSERT_EQUAL(a->se[0]->load.weight, 682UL);
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.load.weight, 682UL);
		CU_ASSERT_EQUAL(a->se[1]->load.weight, 341UL);
		CU_ASSERT_EQUAL(sched_group_set_shares(a, 3072), 0);
		CU_ASSERT_EQUAL(a->se[0]->load.weight, 2048UL);
		CU_ASSERT_EQUAL(a->se[1]->load.weight, 1024UL);
		CU_ASSERT_EQUAL(sched_group_set_shares(a, 1), 0);
		CU_ASSERT_EQUAL(a->shares, MIN_SHARES);
		CU_ASSERT_EQUAL(a->se[0]->load.weight, 2UL);
		CU_ASSERT_EQUAL(a->se[1]->load.weight, 2UL);
		CU_ASSERT_EQUAL(sched_group_set_shares(a, 1UL << 30), 0);
		CU_ASSERT_EQUAL(a->shares, MAX_SHARES);
		CU_ASSERT_EQUAL(a->se[0]->load.weight, 174762UL);
		CU_ASSERT_EQUAL(a->se[1]->load.weight, 87381UL);
		SCHED_CHECK();
		set_task_state(a3, TASK_INTERRUPTIBLE);
		schedule(1);
		CU_ASSERT_EQUAL(a->se[1]->on_rq, 0);
		CU_ASSERT_EQUAL(a->se[1]->load.weight, MIN_SHARES);
		CU_ASSERT_EQUAL(a->load, 2048);
		CU_ASSERT_EQUAL(cpu_rq(1)->cfs.load.weight, 0UL);
		CU_ASSERT_EQUAL(cpu_rq(1)->cfs.h_nr_running, 0UL);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * A group's entity runs by its own weight.  /A (shares 2048) holds one
 * task on one CPU: each tick charges the task 10^6 ns of vruntime (weight
 * 1024) and /A's entity 10^6 * 1024 / 2048 by the 32-bit inverse: 1024 *
 * (0xffffffff / 2048) = 2147482624, times 10^6, >> 32: 499999 a tick.
 * Both are charged the tick's 10^6 ns of run time, which the group's
 * runtime adds up over its CPUs.
 */
static void test_group_vruntime_by_weight(void)
{
	struct task_struct *p;
	struct task_group *a;
	uint64_t v, gv;
	unsigned int k;
	int i;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(1, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		CU_ASSERT_EQUAL(sched_group_set_shares(a, 2048), 0);
		p = task_in(a, "p", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), p);
		CU_ASSERT_EQUAL(a->se[0]->load.weight, 2048UL);
		CU_ASSERT_PTR_EQUAL(cpu_rq(0)->cfs.curr, a->se[0]);
		CU_ASSERT_PTR_EQUAL(a->cfs_rq[0]->curr, &p->se);
		v = p->se.vruntime;
		gv = a->se[0]->vruntime;
		for (i = 0; i < 10; i++)
			machine_tick();
		CU_ASSERT_EQUAL(p->se.vruntime - v, 10000000ULL);
		CU_ASSERT_EQUAL(a->se[0]->vruntime - gv, 10 * 499999ULL);
		CU_ASSERT_EQUAL(a->se[0]->sum_exec_runtime, 10000000ULL);
		CU_ASSERT_EQUAL(sched_group_runtime(a), 10000000ULL);
		CU_ASSERT_EQUAL(sched_group_runtime(&root_task_group), 0ULL);
		SCHED_CHECK();
		machine_down();
	}
}

/* ----------------------------------------------------------- the pick */

/*
 * cfs on one CPU (latency 6 ms, minimal granularity 0.75 ms), /A with a,
 * /B with b1 and b2, woken in that order; the first twelve ticks, worked
 * from the source.  Placement (START_DEBIT), each slice the period of the
 * 3 tasks (6 ms) times weight / load at every level up:
 *   a: alone in /A, /A alone on the CPU: 6e6 -> 5999998 -> 5999996;
 *   b1: /B beside /A: 5999998, then * 1024 / 2048: 2999997;
 *   b2: beside b1, then /B beside /A: 2999998, then 1499998.
 * /A and /B are woken at the root queue's floor; equal, /A is leftmost.
 * Ticks 1-3: a runs: /A's slice at the root is 6e6 * 1024 / 2048 =
 *   2999998, so at 3 ms its turn ends; /B (vruntime floor) is left of /A
 *   (floor + 3e6), and in /B b2 (floor + 1499998) of b1 (+ 2999997).
 * Ticks 4-5: b2 runs; its slice in /B is 1499998 (6e6 / 2 / 2): at 2 ms
 *   its turn ends, /B's goes on (2e6 < 2999998, /B left of /A): b1, the
 *   leftmost in /B now (b2 at + 3499998).
 * Tick 6: b1 runs; /B has run 3 ms: its turn ends; /B and /A are at the
 *   same vruntime, the running one is not before: /A, a.
 * Ticks 7-12: the same again: a, a, a, b2 (+ 3499998 < b1's + 3999997),
 *   b2, b1.  /B's turn goes on from b2 to b1: a switch inside a group
 *   does not start the group's turn again (the kernel's pick walk).
 */
static void test_pick_walks_down_cfs(void)
{
	static const char want[] = "aaa221aaa221";
	struct task_struct *p[3];
	struct task_group *a, *b;
	char got[sizeof(want)];
	unsigned int i;

	machine_up_class(1, 1000, &cfs_sched_class);
	a = new_group(&root_task_group, "/A");
	b = new_group(&root_task_group, "/B");
	p[0] = task_in(a, "a", 0, 0);
	p[1] = task_in(b, "1", 0, 0);
	p[2] = task_in(b, "2", 0, 0);
	CU_ASSERT_EQUAL(p[0]->se.vruntime - a->cfs_rq[0]->min_vruntime,
			5999996ULL);
	CU_ASSERT_EQUAL(p[1]->se.vruntime - b->cfs_rq[0]->min_vruntime,
			2999997ULL);
	CU_ASSERT_EQUAL(p[2]->se.vruntime - b->cfs_rq[0]->min_vruntime,
			1499998ULL);
	CU_ASSERT_EQUAL(a->se[0]->vruntime, b->se[0]->vruntime);
	CU_ASSERT_PTR_EQUAL(schedule(0), p[0]);
	for (i = 0; i < sizeof(want) - 1; i++) {
		got[i] = cpu_curr(0)->comm[0];
		machine_tick();
		SCHED_CHECK();
	}
	got[i] = '\0';
	CU_ASSERT_STRING_EQUAL(got, want);
	/* each group had 6 ms, b2 4 of /B's, b1 2 */
	CU_ASSERT_EQUAL(sched_group_runtime(a), 6000000ULL);
	CU_ASSERT_EQUAL(sched_group_runtime(b), 6000000ULL);
	CU_ASSERT_EQUAL(p[2]->se.sum_exec_runtime, 4000000ULL);
	machine_down();
}

/*
 * Wake-up preemption is decided where the two chains meet.  On one CPU,
 * h in /A runs 10 ticks while w in /B sleeps; w wakes: /B's entity comes
 * back at the root queue's floor less half the latency (3 ms behind /A's
 * running entity, whose vruntime is the floor), more than the 1 ms
 * wake-up granularity: cfs preempts, and w and /B become the next
 * buddy from /B up (the entity matched: w is not /B's queue's buddy; the
 * preempted side is a group, not a task: no last buddy).  eevdf: /B is
 * placed at V (/A's vruntime: it is alone) with the lag it left with
 * (none: it was alone too) and a request of 700000: its deadline ties
 * /A's, renewed at the last tick to /A's vruntime + 700000 (so /A is no
 * longer on the request it was picked for: RUN_TO_PARITY does not hold
 * it), and 6.12's pick gives a tie to the queued entity: w preempts at
 * once, and /B's chain runs.
 */
static void test_wakeup_where_chains_meet(void)
{
	struct task_struct *h, *w;
	struct task_group *a, *b;
	unsigned int k;
	int i;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(1, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		b = new_group(&root_task_group, "/B");
		w = sched_new_task("w", 0, SCHED_OTHER, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(w);
		CU_ASSERT_EQUAL(sched_move_task(w, b), 0);
		CU_ASSERT_EQUAL(wake_up_forked_process(w, 0), 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), w);
		set_task_state(w, TASK_INTERRUPTIBLE);
		schedule(0);
		CU_ASSERT_EQUAL(b->se[0]->on_rq, 0);
		h = task_in(a, "h", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), h);
		for (i = 0; i < 10; i++)
			machine_tick();
		CU_ASSERT_PTR_EQUAL(cpu_curr(0), h);
		CU_ASSERT_FALSE(test_tsk_need_resched(h));
		CU_ASSERT_EQUAL(wake_up_process(w), 1);
		if (k == 1) {
			CU_ASSERT_EQUAL(b->se[0]->deadline, a->se[0]->deadline);
			CU_ASSERT_TRUE(test_tsk_need_resched(h));
			CU_ASSERT_PTR_EQUAL(schedule(0), w);
			CU_ASSERT_PTR_EQUAL(cpu_rq(0)->cfs.curr, b->se[0]);
			SCHED_CHECK();
			machine_down();
			continue;
		}
		CU_ASSERT_TRUE(test_tsk_need_resched(h));
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.min_vruntime -
					b->se[0]->vruntime,
				3000000ULL);
		/* the buddy is the matched entity, from there up */
		CU_ASSERT_PTR_EQUAL(cpu_rq(0)->cfs.next, b->se[0]);
		CU_ASSERT_PTR_NULL(b->cfs_rq[0]->next);
		CU_ASSERT_PTR_NULL(cpu_rq(0)->cfs.last);
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.nr_wakeup_preempts, 1UL);
		CU_ASSERT_PTR_EQUAL(schedule(0), w);
		/* h's side, /A, left the CPU; w's chain runs */
		CU_ASSERT_PTR_EQUAL(cpu_rq(0)->cfs.curr, b->se[0]);
		CU_ASSERT_PTR_NULL(a->cfs_rq[0]->curr);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * cfs: a task going to sleep in a group that keeps others makes the
 * group's entity the root's next buddy (the kernel's bias to stay in the
 * group).  a2 is placed before a1 (its slice is reckoned with a1 in the
 * group: 2999997 against 5999996) and runs first; r, at the root, starts
 * 2999998 after /A's entity.  a2 sleeps after a tick: /A stays, the next
 * buddy, and runs a1; its turn goes on (it was not set again, so the
 * buddy stays too, as in the kernel, until /A's turn ends).
 */
static void test_sleep_sets_group_buddy(void)
{
	struct task_struct *a1, *a2, *r;
	struct task_group *a;

	machine_up_class(1, 1000, &cfs_sched_class);
	a = new_group(&root_task_group, "/A");
	a1 = task_in(a, "a1", 0, 0);
	a2 = task_in(a, "a2", 0, 0);
	r = new_task_on("r", 0, 0);
	CU_ASSERT_EQUAL(r->se.vruntime - a->se[0]->vruntime, 2999998ULL);
	CU_ASSERT_PTR_EQUAL(schedule(0), a2);
	machine_tick();
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), a2);
	set_task_state(a2, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), a1);
	CU_ASSERT_EQUAL(a->se[0]->on_rq, 1);
	CU_ASSERT_PTR_EQUAL(cpu_rq(0)->cfs.curr, a->se[0]);
	CU_ASSERT_PTR_EQUAL(cpu_rq(0)->cfs.next, a->se[0]);
	CU_ASSERT_EQUAL(a->se[0]->sum_exec_runtime -
				a->se[0]->prev_sum_exec_runtime,
			1000000ULL);
	CU_ASSERT(task_queued(r) && cpu_curr(0) != r);
	/* the last one leaves: /A leaves the root queue, and its buddy */
	set_task_state(a1, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), r);
	CU_ASSERT_PTR_NULL(cpu_rq(0)->cfs.next);
	CU_ASSERT_EQUAL(a->se[0]->on_rq, 0);
	CU_ASSERT_EQUAL(a->cfs_rq[0]->h_nr_running, 0UL);
	CU_ASSERT_EQUAL(cpu_rq(0)->cfs.h_nr_running, 1UL);
	SCHED_CHECK();
	machine_down();
}

/* ------------------------------------------------------------ moving */

/*
 * A running task moves into another group (cfs): out of its queue with
 * its vruntime made relative to that queue's floor, into the new group's
 * queue relative to its floor, running on with need_resched set; its
 * chain runs in the new group.  eevdf: into an empty queue a task is
 * placed at its V, lag or not (the kernel's place_entity()).
 */
static void test_move_running_task(void)
{
	struct task_struct *p;
	struct task_group *a;
	uint64_t v, min;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(1, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		new_task_on("p", 0, 0);
		new_task_on("q", 0, 0);
		schedule(0);
		machine_tick();
		p = cpu_curr(0);
		clear_tsk_need_resched(p);
		v = p->se.vruntime;
		min = cpu_rq(0)->cfs.min_vruntime;
		CU_ASSERT_EQUAL(sched_move_task(p, a), 0);
		CU_ASSERT_PTR_EQUAL(task_group(p), a);
		CU_ASSERT_PTR_EQUAL(cfs_rq_of(&p->se), a->cfs_rq[0]);
		CU_ASSERT_PTR_EQUAL(cpu_curr(0), p);
		CU_ASSERT_TRUE(test_tsk_need_resched(p));
		CU_ASSERT_PTR_EQUAL(a->cfs_rq[0]->curr, &p->se);
		CU_ASSERT_PTR_EQUAL(cpu_rq(0)->cfs.curr, a->se[0]);
		if (k == 0) {
			CU_ASSERT_EQUAL(p->se.vruntime,
					v - min + a->cfs_rq[0]->min_vruntime);
		} else {
			CU_ASSERT_EQUAL(p->se.vruntime,
					a->cfs_rq[0]->min_vruntime);
		}
		CU_ASSERT_EQUAL(a->cfs_rq[0]->h_nr_running, 1UL);
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.h_nr_running, 2UL);
		SCHED_CHECK();
		/* the same group again: nothing to do */
		CU_ASSERT_EQUAL(sched_move_task(p, a), 0);
		/* back to the root */
		CU_ASSERT_EQUAL(sched_move_task(p, &root_task_group), 0);
		CU_ASSERT_EQUAL(a->se[0]->on_rq, 0);
		CU_ASSERT_PTR_EQUAL(cpu_rq(0)->cfs.curr, &p->se);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * A sleeping cfs task moved is placed in its old queue (no more credit
 * than a wake-up there gives), made relative to that queue's floor and
 * marked as a task moved while asleep: its wake-up adds the new queue's
 * floor.  eevdf keeps its lag for the placement at the wake-up.
 */
static void test_move_sleeping_task(void)
{
	struct task_struct *p, *h;
	struct task_group *a;
	uint64_t v, min;
	int64_t vlag;
	unsigned int k;
	int i;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(1, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		p = sleeper_on("p", 0, SCHED_OTHER, 0);
		h = new_task_on("h", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), h);
		for (i = 0; i < 20; i++)
			machine_tick();
		v = p->se.vruntime;
		vlag = p->se.vlag;
		min = cpu_rq(0)->cfs.min_vruntime;
		CU_ASSERT_EQUAL(sched_move_task(p, a), 0);
		CU_ASSERT_EQUAL(p->se.on_rq, 0);
		CU_ASSERT_PTR_EQUAL(task_group(p), a);
		if (k == 0) {
			/* 20 ms behind: placed at the floor less 3 ms */
			CU_ASSERT(min - 3000000 > v);
			CU_ASSERT_EQUAL(p->se.vruntime, -3000000ULL);
			CU_ASSERT_EQUAL(p->se.migrated, 1);
		} else {
			CU_ASSERT_EQUAL(p->se.vruntime, v);
			CU_ASSERT_EQUAL(p->se.vlag, vlag);
		}
		CU_ASSERT_EQUAL(wake_up_process(p), 1);
		CU_ASSERT_PTR_EQUAL(cfs_rq_of(&p->se), a->cfs_rq[0]);
		CU_ASSERT_EQUAL(a->se[0]->on_rq, 1);
		CU_ASSERT_EQUAL(p->se.migrated, 0);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * A real-time task only records its group (rt has no group scheduling);
 * once SCHED_OTHER it is queued there.
 */
static void test_move_rt_task(void)
{
	struct task_struct *r;
	struct task_group *a;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(1, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		r = sched_new_task("r", 0, SCHED_FIFO, 5);
		CU_ASSERT_PTR_NOT_NULL_FATAL(r);
		CU_ASSERT_EQUAL(wake_up_forked_process(r, 0), 0);
		CU_ASSERT_EQUAL(sched_move_task(r, a), 0);
		CU_ASSERT_PTR_EQUAL(task_group(r), a);
		CU_ASSERT_EQUAL(a->cfs_rq[0]->nr_running, 0UL);
		SCHED_CHECK();
		CU_ASSERT_EQUAL(setscheduler(r, SCHED_OTHER, 0), 0);
		CU_ASSERT_EQUAL(a->cfs_rq[0]->nr_running, 1UL);
		CU_ASSERT_PTR_EQUAL(cfs_rq_of(&r->se), a->cfs_rq[0]);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * A fork starts in its parent's group; the child of a running task in /A
 * is queued in /A.
 */
static void test_fork_inherits_group(void)
{
	struct task_struct *p, *c;
	struct task_group *a;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(1, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		p = task_in(a, "p", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), p);
		CU_ASSERT_EQUAL(do_fork(p, SIGCHLD, "c", &c), 0);
		CU_ASSERT_PTR_EQUAL(task_group(c), a);
		CU_ASSERT_EQUAL(wake_up_forked_process(c, 0), 0);
		CU_ASSERT_EQUAL(a->cfs_rq[0]->nr_running, 2UL);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * A migration thread switches out a running grouped task (its CPU is no
 * longer allowed) and dequeues it: the idle task is current and no
 * put_prev_task() comes, so the group entity that ran with it must stop
 * running too, though its group keeps a task; no queue of the CPU has a
 * running entity then.
 */
static void test_migration_thread_ends_chain(void)
{
	struct task_struct *p, *q;
	struct task_group *a;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(2, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		p = task_in(a, "p", 0, 0);
		q = task_in(a, "q", 0, 0);
		pin(p, 0);
		pin(q, 0);
		schedule(0);
		machine_tick();
		if (cpu_curr(0) == p) {
			p = q;
			q = cpu_curr(0);
		}
		/* q runs, p waits */
		CU_ASSERT_PTR_EQUAL(cpu_curr(0), q);
		CU_ASSERT_EQUAL(set_cpus_allowed(q, 1UL << 1), 0);
		CU_ASSERT_PTR_EQUAL(cpu_curr(0), cpu_rq(0)->idle);
		CU_ASSERT_EQUAL(task_cpu(q), 1);
		CU_ASSERT_EQUAL(a->se[0]->on_rq, 1);
		CU_ASSERT_PTR_NULL(cpu_rq(0)->cfs.curr);
		CU_ASSERT_PTR_NULL(a->cfs_rq[0]->curr);
		CU_ASSERT_PTR_EQUAL(cfs_rq_of(&q->se), a->cfs_rq[1]);
		SCHED_CHECK();
		CU_ASSERT_PTR_EQUAL(schedule(0), p);
		SCHED_CHECK();
		machine_down();
	}
}

/* ---------------------------------------------------------- balancing */

/*
 * A task weighs its part of its CPU's load: /A's four tasks on CPU 0
 * (1024 each, /A's entity 1024) weigh 1024 * 1024 / 4096 = 256 each.
 * CPU 1, idle, balances (6.x: it has spare, CPU 0 more tasks than CPUs:
 * migrate_task, 4 >> 1 = 2 tasks): /A's entity there weighs 1024 * 2048 /
 * 4096 = 512 once CPU 1 has ticked, and so does CPU 0's; then neither
 * pulls (2 against 2).
 */
static void test_balance_by_h_load(void)
{
	struct task_struct *t[4];
	struct task_group *a;
	unsigned int k;
	int i;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(2, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		for (i = 0; i < 4; i++)
			t[i] = task_in(a, "a", 0, 0);
		for (i = 0; i < 4; i++)
			CU_ASSERT_EQUAL(task_h_load(t[i]), 256UL);
		age_jiffies(2);
		CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 1), 2);
		CU_ASSERT_EQUAL(cpu_rq(1)->cfs.h_nr_running, 2UL);
		CU_ASSERT_EQUAL(a->cfs_rq[1]->h_nr_running, 2UL);
		CU_ASSERT_EQUAL(a->cfs_rq[0]->h_nr_running, 2UL);
		CU_ASSERT_EQUAL(a->load, 4096);
		SCHED_CHECK();
		schedule(0);
		schedule(1);
		machine_tick();
		CU_ASSERT_EQUAL(a->se[0]->load.weight, 512UL);
		CU_ASSERT_EQUAL(a->se[1]->load.weight, 512UL);
		age_jiffies(2);
		CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(0), 0), 0);
		CU_ASSERT_EQUAL(load_balance_fair_locked(cpu_rq(1), 0), 0);
		SCHED_CHECK();
		machine_down();
	}
}

/* ---------------------------------------------------------- snapshots */

/* the group entity of a snapshot: the root queue's running entity */
static json_t *snapshot_group(json_t *snap)
{
	json_t *q = json_array_get(json_object_get(snap, "queues"), 1);

	return json_object_get(q, "curr");
}

/*
 * A group's entity in a snapshot: its name, weight and times, and its
 * group's queue on that CPU, shaped as the runqueue's own.
 */
static void test_snapshot_groups(void)
{
	json_t *snap, *q, *g, *gq, *t;
	struct task_group *a;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(1, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		task_in(a, "a1", 0, 0);
		task_in(a, "a2", 0, 0);
		schedule(0);
		machine_tick();
		snap = sched_cpu_json(0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(snap);
		q = json_array_get(json_object_get(snap, "queues"), 1);
		CU_ASSERT_EQUAL(
			json_integer_value(json_object_get(q, "nr_running")),
			1);
		g = snapshot_group(snap);
		CU_ASSERT_STRING_EQUAL(
			json_string_value(json_object_get(g, "group")), "/A");
		CU_ASSERT_EQUAL(
			json_integer_value(json_object_get(g, "weight")), 1024);
		CU_ASSERT_EQUAL(
			json_integer_value(json_object_get(g, "shares")), 1024);
		CU_ASSERT_PTR_NULL(json_object_get(g, "pid"));
		gq = json_object_get(g, "queue");
		CU_ASSERT_EQUAL(
			json_integer_value(json_object_get(gq, "nr_running")),
			2);
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(gq, "load")),
				2048);
		t = json_object_get(gq, "curr");
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(t, "pid")),
				cpu_curr(0)->pid);
		t = json_object_get(gq, "root");
		CU_ASSERT(json_is_integer(json_object_get(t, "pid")));
		CU_ASSERT(json_is_null(json_object_get(t, "left")));
		json_decref(snap);
		machine_down();
	}
}

/*
 * A group's entity gives the group's shares and its own weight, this
 * CPU's part of them: /A of shares 300, two tasks on CPU 0 and one on
 * CPU 1, weighs 300 x 2048 / 3072 = 200 on CPU 0 and 300 x 1024 / 3072 =
 * 100 on CPU 1 once each CPU has ticked (calc_group_shares()).
 */
static void test_snapshot_group_shares(void)
{
	static const json_int_t weight[2] = { 200, 100 };
	struct task_group *a;
	json_t *snap, *g;
	unsigned int k;
	int cpu;

	for (k = 0; k < ARRAY_SIZE(fair_classes); k++) {
		machine_up_class(2, 1000, fair_classes[k]);
		a = new_group(&root_task_group, "/A");
		CU_ASSERT_EQUAL(sched_group_set_shares(a, 300), 0);
		pin(task_in(a, "a1", 0, 0), 0);
		pin(task_in(a, "a2", 0, 0), 0);
		pin(task_in(a, "a3", 0, 1), 1);
		schedule(0);
		schedule(1);
		machine_tick();
		for (cpu = 0; cpu < 2; cpu++) {
			snap = sched_cpu_json(cpu);
			CU_ASSERT_PTR_NOT_NULL_FATAL(snap);
			g = snapshot_group(snap);
			CU_ASSERT_STRING_EQUAL(
				json_string_value(json_object_get(g, "group")),
				"/A");
			CU_ASSERT_EQUAL(json_integer_value(
						json_object_get(g, "shares")),
					300);
			CU_ASSERT_EQUAL(json_integer_value(
						json_object_get(g, "weight")),
					weight[cpu]);
			json_decref(snap);
		}
		machine_down();
	}
}

/* ------------------------------------------------------- random soak */

#define SOAK_GROUPS 8
#define SOAK_STEPS 3000

/*
 * soak_step()'s steps, and: a task (the running one, at times) moves to a
 * random group, a group is reweighted, a group is made below another, a
 * task asks for a custom slice
 */
static void group_step(unsigned int *seed, int cpus, struct task_group **tg,
		       int *nr_groups)
{
	int cpu = rand_r(seed) % cpus, op = rand_r(seed) % 20;
	struct task_struct *p = soak_random_task(seed), *curr = cpu_curr(cpu);
	struct task_group *g = tg[rand_r(seed) % *nr_groups];
	char name[16];

	switch (op) {
	case 13:
	case 14:
		if (rand_r(seed) % 2 && curr != cpu_rq(cpu)->idle)
			p = curr;
		if (p)
			CU_ASSERT_EQUAL(sched_move_task(p, g), 0);
		break;
	case 15:
		if (g != &root_task_group)
			sched_group_set_shares(g, 2 + rand_r(seed) % 4096);
		break;
	case 16:
		if (*nr_groups < SOAK_GROUPS) {
			snprintf(name, sizeof(name), "g%d", *nr_groups);
			tg[*nr_groups] = new_group(g, name);
			(*nr_groups)++;
		}
		break;
	case 17:
		if (p)
			sched_set_custom_slice(p, rand_r(seed) % 3 * 400000);
		break;
	default:
		soak_step(seed, cpus, cpu, op, p);
		break;
	}
}

/*
 * Every invariant of every queue of the hierarchy after every step: tasks
 * made, forked, woken, put to sleep, reniced, made real-time and back,
 * exited, pinned, moved between groups (running ones too), groups made
 * below others and reweighted, on 1 to 4 CPUs, both classes.
 */
static void test_soak_groups(void)
{
	struct task_group *tg[SOAK_GROUPS];
	int step, k, cpus, nr_groups;
	unsigned int i, seed;

	for (i = 0; i < ARRAY_SIZE(fair_classes); i++) {
		for (cpus = 1; cpus <= 4; cpus++) {
			seed = 1966 + cpus * 7 + i;
			machine_up_class(cpus, 100, fair_classes[i]);
			cache_decay_ticks = 1;
			tg[0] = &root_task_group;
			tg[1] = new_group(tg[0], "a");
			tg[2] = new_group(tg[1], "a/b");
			nr_groups = 3;
			for (k = 0; k < 8; k++)
				task_in(tg[k % 3], "t", k * 5 - 20, k % cpus);
			for (step = 0; step < SOAK_STEPS; step++) {
				group_step(&seed, cpus, tg, &nr_groups);
				SCHED_CHECK();
			}
			CU_ASSERT(nr_groups > 4);
			while (sys_wait4(child_reaper, -1, NULL) > 0)
				;
			SCHED_CHECK();
			machine_down();
		}
	}
}

static CU_TestInfo create_tests[] = {
	{ "queues and entities wired per CPU", test_create_wiring },
	{ "none under goodness and o1", test_no_groups_elsewhere },
	{ "fails every allocation", test_create_fault_injection },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo shares_tests[] = {
	{ "calc_group_shares by hand on two CPUs", test_calc_group_shares },
	{ "a group entity's vruntime by its weight",
	  test_group_vruntime_by_weight },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo pick_tests[] = {
	{ "cfs: twelve ticks of two groups by hand", test_pick_walks_down_cfs },
	{ "wake-up preemption where the chains meet",
	  test_wakeup_where_chains_meet },
	{ "cfs: a sleep makes the group the next buddy",
	  test_sleep_sets_group_buddy },
	{ "a migration thread ends the chain's turn",
	  test_migration_thread_ends_chain },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo move_tests[] = {
	{ "a running task", test_move_running_task },
	{ "a sleeping task", test_move_sleeping_task },
	{ "a real-time task records it", test_move_rt_task },
	{ "a fork starts in its parent's group", test_fork_inherits_group },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo misc_tests[] = {
	{ "balancing by h_load by hand", test_balance_by_h_load },
	{ "group entities in snapshots", test_snapshot_groups },
	{ "a group's shares and each CPU's weight in snapshots",
	  test_snapshot_group_shares },
	{ "invariants after every step, groups moving", test_soak_groups },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/fair_group/sched_create_group", create_tests, NULL, NULL)
KTEST_SUITE("sched/fair_group/calc_group_shares", shares_tests, NULL, NULL)
KTEST_SUITE("sched/fair_group/pick_next_task_fair", pick_tests, NULL, NULL)
KTEST_SUITE("sched/fair_group/sched_move_task", move_tests, NULL, NULL)
KTEST_SUITE("sched/fair_group/load_balance_fair", misc_tests, NULL, NULL)
