// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_eevdf.c - Linux 6.6's EEVDF (sched/eevdf.c), worked by
 * hand from kernel/sched/fair.c of 6.6: V, the weighted average vruntime,
 * kept incrementally; eligibility (lag >= 0); virtual deadlines, a slice
 * after the vruntime (half of one for a new task) and renewed when used;
 * the lag a task leaves with, clamped, and kept across its sleep by the
 * (W + w) / W placement; pick_eevdf() against a brute-force earliest
 * eligible virtual deadline over thousands of seeded random queues, the
 * augmented tree checked after every step; RUN_TO_PARITY, custom slices
 * at wake-up, and yield.  One CPU at HZ 1000: base slice 0.75 ms.
 */
#include <stdlib.h>
#include <string.h>

#include "list/rbtree_augmented.h"
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/sched.h"
#include "tests/ktest.h"
#include "tests/sched/sched_test.h"

static void eevdf_up(int cpus)
{
	machine_up_class(cpus, 1000, &eevdf_sched_class);
}

/* a queue of bare entities, for the arithmetic without a machine */
static void bare_cfs_rq(struct cfs_rq *cfs_rq, uint64_t min_vruntime)
{
	memset(cfs_rq, 0, sizeof(*cfs_rq));
	cfs_rq->tasks_timeline = RB_ROOT_CACHED;
	cfs_rq->min_vruntime = min_vruntime;
	fair_set_ops(&eevdf_fair_ops, 1);
}

static void bare_entity(struct sched_entity *se, unsigned long weight,
			uint64_t vruntime, uint64_t deadline)
{
	memset(se, 0, sizeof(*se));
	se->load.weight = weight;
	se->vruntime = vruntime;
	se->deadline = deadline;
	se->on_rq = 1;
}

static bool entity_less(const struct rb_node *a, const struct rb_node *b)
{
	return entity_before(__node_2_se(a), __node_2_se(b));
}

static bool tree_sound(struct cfs_rq *cfs_rq)
{
	return rb_check_cached(&cfs_rq->tasks_timeline, entity_less) &&
	       rb_check_augmented(&cfs_rq->tasks_timeline.rb_root, entity_less,
				  min_deadline_ok);
}

/* ------------------------------------------------ V and eligibility */

/*
 * min_vruntime 1000; A (1024) at 1000, B (335) at 4000, C (1991) at 2000:
 * avg_vruntime = 0 * 1024 + 3000 * 335 + 1000 * 1991 = 2996000 over
 * avg_load 3350: V = 1000 + 894 (894.3 rounded down) = 1894.  Only A is
 * at or before it.  The running D (1024) at 1500 counts in without being
 * in the sums: 3508000 / 4374 = 802 (802.01), V = 1802, D eligible
 * (500 * 4374 <= 3508000), C not.  Then A leaves and min_vruntime moves
 * to D's 1500: every key is 500 less, the sum 1833000 (B 2500 * 335, C
 * 500 * 1991) over 2326.
 */
static void test_avg_vruntime_by_hand(void)
{
	struct sched_entity a, b, c, d, probe;
	struct cfs_rq cfs_rq;

	bare_cfs_rq(&cfs_rq, 1000);
	bare_entity(&a, 1024, 1000, 5000);
	bare_entity(&b, 335, 4000, 5000);
	bare_entity(&c, 1991, 2000, 5000);
	__enqueue_entity_eevdf(&cfs_rq, &a);
	__enqueue_entity_eevdf(&cfs_rq, &b);
	__enqueue_entity_eevdf(&cfs_rq, &c);
	CU_ASSERT_TRUE(tree_sound(&cfs_rq));
	CU_ASSERT_EQUAL(cfs_rq.avg_vruntime, 2996000LL);
	CU_ASSERT_EQUAL(cfs_rq.avg_load, 3350UL);
	CU_ASSERT_EQUAL(avg_vruntime(&cfs_rq), 1894ULL);
	CU_ASSERT_TRUE(entity_eligible(&cfs_rq, &a));
	CU_ASSERT_FALSE(entity_eligible(&cfs_rq, &c));
	CU_ASSERT_FALSE(entity_eligible(&cfs_rq, &b));
	/* exactly at V (1894.3): 894 * 3350 <= 2996000 < 895 * 3350 */
	bare_entity(&probe, 1024, 1894, 0);
	CU_ASSERT_TRUE(entity_eligible(&cfs_rq, &probe));
	probe.vruntime = 1895;
	CU_ASSERT_FALSE(entity_eligible(&cfs_rq, &probe));

	bare_entity(&d, 1024, 1500, 5000);
	cfs_rq.curr = &d;
	CU_ASSERT_EQUAL(avg_vruntime(&cfs_rq), 1802ULL);
	CU_ASSERT_TRUE(entity_eligible(&cfs_rq, &d));
	CU_ASSERT_FALSE(entity_eligible(&cfs_rq, &c));
	/* sums kept without the running entity */
	CU_ASSERT_EQUAL(cfs_rq.avg_vruntime, 2996000LL);

	__dequeue_entity_eevdf(&cfs_rq, &a);
	update_min_vruntime(&cfs_rq);
	CU_ASSERT_EQUAL(cfs_rq.min_vruntime, 1500ULL);
	CU_ASSERT_EQUAL(cfs_rq.avg_vruntime, 1833000LL);
	CU_ASSERT_EQUAL(cfs_rq.avg_load, 2326UL);
	CU_ASSERT_TRUE(tree_sound(&cfs_rq));
	/* (1833000 + 0 * 1024) / 3350 = 547.2: V = 2047 */
	CU_ASSERT_EQUAL(avg_vruntime(&cfs_rq), 2047ULL);
}

/*
 * Keys below min_vruntime (an entity placed with positive lag): V
 * rounds towards minus infinity, so an entity at V is eligible.  Two
 * equal weights at min - 3 and min: the sum -3072 over 2048 is -1.5,
 * V = min - 2; min - 2 is eligible (-2 * 2048 <= -3072), min - 1 not.
 */
static void test_avg_vruntime_negative(void)
{
	struct sched_entity a, b, probe;
	struct cfs_rq cfs_rq;

	bare_cfs_rq(&cfs_rq, 1000);
	bare_entity(&a, 1024, 997, 2000);
	bare_entity(&b, 1024, 1000, 2000);
	__enqueue_entity_eevdf(&cfs_rq, &a);
	__enqueue_entity_eevdf(&cfs_rq, &b);
	CU_ASSERT_EQUAL(cfs_rq.avg_vruntime, -3072LL);
	CU_ASSERT_EQUAL(avg_vruntime(&cfs_rq), 998ULL);
	bare_entity(&probe, 1024, 998, 0);
	CU_ASSERT_TRUE(entity_eligible(&cfs_rq, &probe));
	probe.vruntime = 999;
	CU_ASSERT_FALSE(entity_eligible(&cfs_rq, &probe));
	/* an empty queue: V is min_vruntime */
	__dequeue_entity_eevdf(&cfs_rq, &a);
	__dequeue_entity_eevdf(&cfs_rq, &b);
	CU_ASSERT_EQUAL(cfs_rq.avg_load, 0UL);
	CU_ASSERT_EQUAL(avg_vruntime(&cfs_rq), 1000ULL);
}

/* ------------------------------------------------------------ deadlines */

/*
 * A new task's request is half a slice (PLACE_DEADLINE_INITIAL): nice 0
 * 350000, nice 5 half of 2139701 (0.70 ms at 1024 / 335: 700000 * 1024 *
 * 12820798 / 2^32, as __calc_delta() rounds it), 1069850; nice -3 half of
 * 360020 (700000 * 1024 * 2157191 / 2^32), 180010.  A tick (10^6 ns) uses
 * it up: the next one is a whole slice after the new vruntime.  A task
 * with a custom slice requests that.
 */
static void test_deadlines(void)
{
	static const struct {
		int nice;
		uint64_t slice; /* custom, 0 for the base slice */
		uint64_t first, next;
	} t[] = {
		{ 0, 0, 350000, 700000 },
		{ 5, 0, 1069850, 2139701 },
		{ 0, 3000000, 1500000, 3000000 },
		{ -3, 0, 180010, 360020 },
	};
	struct task_struct *p;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		eevdf_up(1);
		p = sched_new_task("p", t[i].nice, SCHED_OTHER, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p);
		if (t[i].slice)
			CU_ASSERT_EQUAL(sched_set_custom_slice(p, t[i].slice),
					0);
		CU_ASSERT_EQUAL(wake_up_forked_process(p, 0), 0);
		CU_ASSERT_EQUAL(p->se.deadline - p->se.vruntime, t[i].first);
		/* alone: at V, with no lag */
		CU_ASSERT_EQUAL(p->se.vruntime, cpu_rq(0)->cfs.min_vruntime);
		CU_ASSERT_PTR_EQUAL(schedule(0), p);
		machine_tick();
		if (t[i].slice > TICK_NSEC) {
			/* the first 1.5 ms request outlasts the tick */
			CU_ASSERT_EQUAL(p->se.deadline - p->se.vruntime,
					t[i].first - 1000000);
			machine_tick();
		}
		CU_ASSERT_EQUAL(p->se.deadline - p->se.vruntime, t[i].next);
		/* alone, a renewed request does not reschedule */
		CU_ASSERT_EQUAL(cpu_rq(0)->cfs.nr_tick_preempts, 0UL);
		SCHED_CHECK();
		machine_down();
	}
}

/* --------------------------------------------------------------- lag */

/* @s, asleep, wakes with virtual lag @vlag */
static void wake_with_lag(struct task_struct *s, int64_t vlag)
{
	s->se.vlag = vlag;
	CU_ASSERT_EQUAL(wake_up_process(s), 1);
}

/*
 * PLACE_LAG: a wakee with virtual lag vl beside load W goes to V - vl *
 * (W + w) / W, so that once its weight moves V it is vl behind V after
 * all.  a (1024) runs alone at V; s (1024) with vl 600: 600 * 2048 / 1024
 * = 1200 before V; V then moves 600 back: s is 600 behind.  Its deadline
 * is a slice after its vruntime.  Going back to sleep at once, it leaves
 * with vl 600 again.
 */
static void test_lag_across_sleep(void)
{
	struct task_struct *s, *a, *c;
	struct cfs_rq *cfs_rq;
	uint64_t v, V;
	int64_t lag;

	eevdf_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	s = sleeper_on("s", 0, SCHED_OTHER, 0);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	machine_tick();
	v = a->se.vruntime;
	CU_ASSERT_EQUAL(avg_vruntime(cfs_rq), v);
	wake_with_lag(s, 600);
	CU_ASSERT_EQUAL(s->se.vruntime, v - 1200);
	CU_ASSERT_EQUAL(avg_vruntime(cfs_rq), v - 600);
	CU_ASSERT_EQUAL(s->se.deadline, s->se.vruntime + 700000);
	CU_ASSERT_TRUE(entity_eligible(cfs_rq, &s->se));
	SCHED_CHECK();
	/* it preempts a (whose request the tick renewed), and sleeps */
	CU_ASSERT_PTR_EQUAL(schedule(0), s);
	set_task_state(s, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(s->se.vlag, 600LL);
	SCHED_CHECK();
	machine_down();

	/*
	 * Three: a (1024) runs, c (335) waits, W = 1359; s (1024) with vl
	 * 900: 900 * 2383 / 1359 = 1578 (1578.1) before V.  Then V' - v_s
	 * is 900, give or take V's rounding down.
	 */
	eevdf_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	s = sleeper_on("s", 0, SCHED_OTHER, 0);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	c = new_task_on("c", 5, 0);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), a);
	V = avg_vruntime(cfs_rq);
	wake_with_lag(s, 900);
	CU_ASSERT_EQUAL(s->se.vruntime, V - 1578);
	lag = (int64_t)(avg_vruntime(cfs_rq) - s->se.vruntime);
	CU_ASSERT(lag >= 899 && lag <= 900);
	(void)c;
	SCHED_CHECK();
	machine_down();
}

/*
 * The lag kept is clamped to twice the slice in the task's virtual time
 * (at least a tick): 1.4 ms for nice 0, 4279403 for nice 5 (1400000 *
 * 1024 * 12820798 / 2^32).
 */
static void test_lag_clamp(void)
{
	static const struct {
		int nice;
		int64_t vlag, kept;
	} t[] = {
		{ 0, 10000000, 1400000 },  { 0, -10000000, -1400000 },
		{ 0, 1399999, 1399999 },   { 5, 10000000, 4279403 },
		{ 5, -4000000, -4000000 },
	};
	struct task_struct *s, *a;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		eevdf_up(1);
		s = sleeper_on("s", t[i].nice, SCHED_OTHER, 0);
		a = new_task_on("a", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), a);
		machine_tick();
		wake_with_lag(s, t[i].vlag);
		unqueue(s);
		CU_ASSERT_EQUAL(s->se.vlag, t[i].kept);
		SCHED_CHECK();
		machine_down();
	}
}

/* ----------------------------------------------- the pick, brute force */

#define POOL 48

struct pick_world {
	struct cfs_rq cfs_rq;
	struct sched_entity se[POOL];
	bool queued[POOL]; /* in the tree */
	int curr; /* index of the running entity, or -1 */
};

static const unsigned long weights[] = { 15, 335, 1024, 1991, 9548, 3, 88761 };

/* lag >= 0 with exact sums: sum w_j (v_j - v_i) >= 0 */
static bool brute_eligible(struct pick_world *w, struct sched_entity *se)
{
	__int128 sum = 0;
	int i;

	for (i = 0; i < POOL; i++)
		if (w->queued[i] || i == w->curr)
			sum += (__int128)(int64_t)(w->se[i].vruntime -
						   se->vruntime) *
			       (__int128)w->se[i].load.weight;
	return sum >= 0;
}

/* the earliest deadline among the eligible, or 0 when none runs */
static bool brute_pick(struct pick_world *w, uint64_t *deadline)
{
	bool found = false;
	int i;

	for (i = 0; i < POOL; i++) {
		if (!(w->queued[i] || i == w->curr) ||
		    !brute_eligible(w, &w->se[i]))
			continue;
		if (!found || (int64_t)(w->se[i].deadline - *deadline) < 0)
			*deadline = w->se[i].deadline;
		found = true;
	}
	return found;
}

static void pick_step(struct pick_world *w, unsigned int *seed)
{
	struct cfs_rq *cfs_rq = &w->cfs_rq;
	int i = rand_r(seed) % POOL, op = rand_r(seed) % 8;
	struct sched_entity *se = &w->se[i];
	uint64_t v;

	if (op < 4 && !w->queued[i] && i != w->curr) {
		/* join near min_vruntime with some request */
		v = cfs_rq->min_vruntime - 4000000 +
		    (uint64_t)(rand_r(seed) % 24000000);
		bare_entity(se, weights[rand_r(seed) % ARRAY_SIZE(weights)], v,
			    v + 1 + (uint64_t)(rand_r(seed) % 20000000));
		__enqueue_entity_eevdf(cfs_rq, se);
		w->queued[i] = true;
	} else if (op < 6 && w->queued[i]) {
		__dequeue_entity_eevdf(cfs_rq, se);
		w->queued[i] = false;
		se->on_rq = 0;
	} else if (op == 6) {
		/* the running one goes back; maybe another starts */
		if (w->curr >= 0) {
			__enqueue_entity_eevdf(cfs_rq, &w->se[w->curr]);
			w->queued[w->curr] = true;
			w->curr = -1;
			cfs_rq->curr = NULL;
		}
		if (w->queued[i] && rand_r(seed) % 2) {
			__dequeue_entity_eevdf(cfs_rq, se);
			w->queued[i] = false;
			w->curr = i;
			cfs_rq->curr = se;
			/* RUN_TO_PARITY: on the request it was picked for */
			se->vlag = rand_r(seed) % 2 ? (int64_t)se->deadline : 0;
		}
	} else if (op == 7 && w->curr >= 0) {
		/* the running one runs on, maybe past its deadline */
		se = &w->se[w->curr];
		se->vruntime += (uint64_t)(rand_r(seed) % 3000000);
		if (rand_r(seed) % 2)
			se->deadline = se->vruntime + 750000;
		update_min_vruntime(cfs_rq);
	}
}

/* the pick is eligible and has the earliest deadline of the eligible */
static void pick_agrees(struct pick_world *w)
{
	struct sched_entity *curr = w->cfs_rq.curr, *se;
	uint64_t deadline;
	bool any;

	any = brute_pick(w, &deadline);
	if (!any)
		return;
	se = pick_eevdf(&w->cfs_rq);
	CU_ASSERT_PTR_NOT_NULL_FATAL(se);
	CU_ASSERT_TRUE_FATAL(brute_eligible(w, se));
	if (curr && curr->vlag == (int64_t)curr->deadline &&
	    brute_eligible(w, curr)) {
		CU_ASSERT_PTR_EQUAL_FATAL(se, curr); /* RUN_TO_PARITY */
	} else {
		CU_ASSERT_EQUAL_FATAL(se->deadline, deadline);
	}
}

static void sums_agree(struct pick_world *w)
{
	struct cfs_rq *cfs_rq = &w->cfs_rq;
	unsigned long load = 0;
	int64_t avg = 0;
	int i;

	for (i = 0; i < POOL; i++) {
		if (!w->queued[i])
			continue;
		avg += (int64_t)(w->se[i].vruntime - cfs_rq->min_vruntime) *
		       (int64_t)w->se[i].load.weight;
		load += w->se[i].load.weight;
	}
	CU_ASSERT_EQUAL_FATAL(cfs_rq->avg_vruntime, avg);
	CU_ASSERT_EQUAL_FATAL(cfs_rq->avg_load, load);
}

static void test_pick_eevdf_brute_force(void)
{
	struct pick_world *w = calloc(1, sizeof(*w));
	unsigned int seed, s;
	int step, picks = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	for (s = 1; s <= 40; s++) {
		seed = s;
		bare_cfs_rq(&w->cfs_rq,
			    (uint64_t) - (1LL << 20) + (uint64_t)s * 7777777);
		memset(w->queued, 0, sizeof(w->queued));
		w->curr = -1;
		for (step = 0; step < 400; step++) {
			pick_step(w, &seed);
			CU_ASSERT_TRUE_FATAL(tree_sound(&w->cfs_rq));
			sums_agree(w);
			pick_agrees(w);
			picks++;
		}
	}
	CU_ASSERT_EQUAL(picks, 16000);
	free(w);
}

/* --------------------------------------------------- in a machine */

/*
 * RUN_TO_PARITY: a task still on the request it was picked for keeps the
 * CPU while it is eligible, though a wakee would be picked: a, just
 * picked (deadline V + 350000), and s, waking with no lag and a 0.1 ms
 * custom slice (deadline V + 100000).  s is not before a (both at V) and
 * a is owed service, so PREEMPT_SHORT leaves a's protection.  Without the
 * mark of the request a was picked for, s is the pick.  The tick uses a's
 * request up: s runs.
 */
static void test_run_to_parity(void)
{
	struct task_struct *s, *a;
	struct cfs_rq *cfs_rq;

	eevdf_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	s = sleeper_on("s", 0, SCHED_OTHER, 0);
	CU_ASSERT_EQUAL(sched_set_custom_slice(s, 100000), 0);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(a->se.vlag, (int64_t)a->se.deadline);
	wake_with_lag(s, 0);
	CU_ASSERT_EQUAL(s->se.deadline, a->se.deadline - 250000);
	CU_ASSERT_FALSE(test_tsk_need_resched(a));
	CU_ASSERT_PTR_EQUAL(pick_eevdf(cfs_rq), &a->se);
	a->se.vlag = 0;
	CU_ASSERT_PTR_EQUAL(pick_eevdf(cfs_rq), &s->se);
	a->se.vlag = (int64_t)a->se.deadline;
	machine_tick();
	/* the tick renewed a's request and offered the CPU: s took it */
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), s);
	CU_ASSERT_EQUAL(cfs_rq->nr_tick_preempts, 1UL);
	CU_ASSERT_EQUAL(cfs_rq->nr_wakeup_preempts, 0UL);
	SCHED_CHECK();
	machine_down();
}

/*
 * Same lag, other requests: beside a (its request renewed by a tick,
 * deadline V + 700000, no longer protected), a wakee with no lag and a 3
 * ms custom slice has the later deadline and waits; with the base slice
 * it ties, and 6.12's pick gives a tie to the queued entity: it preempts;
 * with a 0.1 ms slice its deadline is earlier and it preempts.
 */
static void test_custom_slice_wakeup(void)
{
	static const uint64_t slice[] = { 3000000, 700000, 100000 };
	struct task_struct *s, *a;
	int k;

	for (k = 0; k < 3; k++) {
		eevdf_up(1);
		s = sleeper_on("s", 0, SCHED_OTHER, 0);
		if (k != 1)
			CU_ASSERT_EQUAL(sched_set_custom_slice(s, slice[k]), 0);
		a = new_task_on("a", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), a);
		machine_tick();
		CU_ASSERT_EQUAL(a->se.deadline - a->se.vruntime, 700000ULL);
		wake_with_lag(s, 0);
		CU_ASSERT_EQUAL(s->se.vruntime, a->se.vruntime);
		CU_ASSERT_EQUAL(s->se.deadline - s->se.vruntime, slice[k]);
		CU_ASSERT_EQUAL(test_tsk_need_resched(a), k >= 1);
		SCHED_CHECK();
		machine_down();
	}
}

/*
 * A yield of a task owed service: its vruntime jumps to its deadline and
 * it takes the next request, which ends a request later (a nice-0 request
 * is 700000): a and b, both new at the same V, have the same deadline,
 * which a (just picked) keeps by RUN_TO_PARITY; a yield leaves b's the
 * earlier, and b runs.
 */
static void test_yield(void)
{
	struct task_struct *a, *b;
	uint64_t deadline;

	eevdf_up(1);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	b = new_task_on("b", 0, 0);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), a);
	CU_ASSERT_FALSE(test_tsk_need_resched(a));
	CU_ASSERT_EQUAL(b->se.deadline, a->se.deadline);
	deadline = a->se.deadline;
	CU_ASSERT_EQUAL(sys_sched_yield(0), 0);
	CU_ASSERT_EQUAL(a->se.vruntime, deadline);
	CU_ASSERT_EQUAL(a->se.deadline, deadline + 700000);
	CU_ASSERT_PTR_EQUAL(schedule(0), b);
	/* alone, a yield changes nothing */
	set_task_state(b, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	deadline = a->se.deadline;
	CU_ASSERT_EQUAL(sys_sched_yield(0), 0);
	CU_ASSERT_EQUAL(a->se.deadline, deadline);
	SCHED_CHECK();
	machine_down();
}

/*
 * PREEMPT_SHORT: a wakee with a shorter slice, owed service and before the
 * running task in vruntime, ends its RUN_TO_PARITY protection.  a runs,
 * just picked (protected); c wakes with virtual lag -600: 1200 after a
 * (600 * 2048 / 1024), V 600 after a, and a keeps the CPU.  s wakes with
 * lag 600: 900 before V (600 * 3072 / 2048), 300 before a; V is then 300
 * after a, so a is still owed service.  With the base slice s waits
 * behind a's protection; with a 0.1 ms slice (deadline 99700 after a's
 * vruntime, a's 350000) the protection ends and s, now the earliest
 * eligible deadline, preempts.
 */
static void test_preempt_short(void)
{
	struct task_struct *s, *c, *a;
	int k;

	for (k = 0; k < 2; k++) {
		eevdf_up(1);
		s = sleeper_on("s", 0, SCHED_OTHER, 0);
		c = sleeper_on("c", 0, SCHED_OTHER, 0);
		if (k)
			CU_ASSERT_EQUAL(sched_set_custom_slice(s, 100000), 0);
		a = new_task_on("a", 0, 0);
		CU_ASSERT_PTR_EQUAL(schedule(0), a);
		wake_with_lag(c, -600);
		CU_ASSERT_EQUAL(c->se.vruntime, a->se.vruntime + 1200);
		CU_ASSERT_FALSE(test_tsk_need_resched(a));
		wake_with_lag(s, 600);
		CU_ASSERT_EQUAL(s->se.vruntime, a->se.vruntime - 300);
		CU_ASSERT_TRUE(entity_eligible(&cpu_rq(0)->cfs, &a->se));
		CU_ASSERT_EQUAL(test_tsk_need_resched(a), k);
		/* the mark of a's request stays only without the short wakee */
		CU_ASSERT_EQUAL(a->se.vlag == (int64_t)a->se.deadline, !k);
		if (k)
			CU_ASSERT_PTR_EQUAL(schedule(0), s);
		SCHED_CHECK();
		machine_down();
	}
}

/* ------------------------------------------------------ DELAY_DEQUEUE */

/*
 * s runs a tick beside a, just woken at V: s is then 1 ms ahead of a, V
 * half-way, and s owes service.  It goes to sleep there: @s (asleep),
 * @a (running); s's entity stays queued (DELAY_DEQUEUE), but s is not
 * runnable: the CPU's nr_running and the root's h_nr_running count a
 * alone, nr_running of the queue both.
 */
static void sleep_owing(struct task_struct **s, struct task_struct **a)
{
	struct cfs_rq *cfs_rq = &cpu_rq(0)->cfs;

	*s = new_task_on("s", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), *s);
	*a = new_task_on("a", 0, 0);
	set_task_state(*s, TASK_INTERRUPTIBLE);
	machine_tick();
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), *a);
	CU_ASSERT_EQUAL((*s)->se.vruntime, (*a)->se.vruntime + 1000000);
	CU_ASSERT_TRUE((*s)->se.sched_delayed);
	CU_ASSERT_TRUE((*s)->se.on_rq);
	CU_ASSERT_FALSE(task_queued(*s));
	CU_ASSERT_FALSE(entity_eligible(cfs_rq, &(*s)->se));
	CU_ASSERT_EQUAL(cpu_rq(0)->nr_running, 1UL);
	CU_ASSERT_EQUAL(cfs_rq->nr_running, 2UL);
	CU_ASSERT_EQUAL(cfs_rq->h_nr_running, 1UL);
	CU_ASSERT_EQUAL(cfs_rq->load.weight, 2048UL);
	SCHED_CHECK();
}

/*
 * The delayed entity leaves when the pick reaches it: once a has run as
 * long (a tick), both are at V and their requests (renewed at the end of
 * a tick each) end together.  6.12's pick gives the tie to the queued
 * entity: the pick finds s and dequeues it for good, with no lag (it is
 * at V; DELAY_ZERO would drop any positive lag anyway); a runs on,
 * alone.  s never ran meanwhile.
 */
static void test_delay_dequeue_until_picked(void)
{
	struct cfs_rq *cfs_rq;
	struct task_struct *s, *a;
	int i;

	eevdf_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	sleep_owing(&s, &a);
	for (i = 0; i < 4 && s->se.on_rq; i++) {
		machine_tick();
		CU_ASSERT_PTR_EQUAL(cpu_curr(0), a);
		SCHED_CHECK();
	}
	CU_ASSERT_EQUAL(i, 1);
	CU_ASSERT_FALSE(s->se.on_rq);
	CU_ASSERT_FALSE(s->se.sched_delayed);
	CU_ASSERT_EQUAL(s->se.vlag, 0);
	CU_ASSERT_EQUAL(cfs_rq->nr_running, 1UL);
	CU_ASSERT_EQUAL(cfs_rq->load.weight, 1024UL);
	/* woken later, it is placed as any sleeper */
	CU_ASSERT_EQUAL(wake_up_process(s), 1);
	CU_ASSERT_TRUE(task_queued(s));
	SCHED_CHECK();
	machine_down();
}

/*
 * Woken while still queued, s stays where it is (its lag is negative:
 * DELAY_ZERO moves only a positive one) and is counted again; a sync
 * wake-up from another CPU's pull, or a policy change, makes it leave
 * for good first.  cfs keeps no sleeper.
 */
static void test_delay_dequeue_woken(void)
{
	struct cfs_rq *cfs_rq;
	struct task_struct *s, *a;
	uint64_t v;

	eevdf_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	sleep_owing(&s, &a);
	v = s->se.vruntime;
	CU_ASSERT_EQUAL(wake_up_process(s), 1);
	CU_ASSERT_FALSE(s->se.sched_delayed);
	CU_ASSERT_TRUE(task_queued(s));
	CU_ASSERT_EQUAL(s->se.vruntime, v);
	CU_ASSERT_EQUAL(cpu_rq(0)->nr_running, 2UL);
	CU_ASSERT_EQUAL(cfs_rq->nr_running, 2UL);
	CU_ASSERT_EQUAL(cfs_rq->h_nr_running, 2UL);
	SCHED_CHECK();
	machine_down();

	eevdf_up(1);
	cfs_rq = &cpu_rq(0)->cfs;
	sleep_owing(&s, &a);
	CU_ASSERT_EQUAL(setscheduler(s, SCHED_FIFO, 5), 0);
	CU_ASSERT_FALSE(s->se.on_rq);
	CU_ASSERT_FALSE(s->se.sched_delayed);
	CU_ASSERT_EQUAL(cfs_rq->nr_running, 1UL);
	SCHED_CHECK();
	machine_down();

	machine_up_class(1, 1000, &cfs_sched_class);
	s = new_task_on("s", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), s);
	a = new_task_on("a", 0, 0);
	set_task_state(s, TASK_INTERRUPTIBLE);
	machine_tick();
	CU_ASSERT_FALSE(s->se.on_rq);
	CU_ASSERT_FALSE(s->se.sched_delayed);
	SCHED_CHECK();
	machine_down();
}

/*
 * The running task picked again keeps its turn: the kernel does nothing
 * when prev is picked again, so no new turn starts and RUN_TO_PARITY's
 * mark is not renewed.  a runs alone; a tick ends its first request (half
 * a slice) and renews it, alone, without a reschedule: the mark of the
 * request it was picked for no longer matches.  schedule() picks a again:
 * the mark still does not match, and its turn still started at 0.
 */
static void test_repick_keeps_turn(void)
{
	struct task_struct *a;
	int64_t mark;

	eevdf_up(1);
	a = new_task_on("a", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	mark = a->se.vlag;
	CU_ASSERT_EQUAL(mark, (int64_t)a->se.deadline);
	machine_tick();
	CU_ASSERT_NOT_EQUAL(a->se.vlag, (int64_t)a->se.deadline);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(a->se.vlag, mark);
	CU_ASSERT_EQUAL(a->se.prev_sum_exec_runtime, 0);
	CU_ASSERT_EQUAL(a->se.sum_exec_runtime, 1000000ULL);
	SCHED_CHECK();
	machine_down();
}

static CU_TestInfo avg_tests[] = {
	{ "V and eligibility by hand", test_avg_vruntime_by_hand },
	{ "below min_vruntime, rounding down", test_avg_vruntime_negative },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo deadline_tests[] = {
	{ "half a slice first, then a slice per request", test_deadlines },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo lag_tests[] = {
	{ "kept across a sleep, (W + w) / W", test_lag_across_sleep },
	{ "clamped to twice the slice", test_lag_clamp },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo pick_tests[] = {
	{ "earliest eligible deadline, brute force",
	  test_pick_eevdf_brute_force },
	{ "RUN_TO_PARITY", test_run_to_parity },
	{ "a custom slice wins a wake-up", test_custom_slice_wakeup },
	{ "PREEMPT_SHORT: a shorter-slice wakee ends the protection",
	  test_preempt_short },
	{ "the running task picked again keeps its turn",
	  test_repick_keeps_turn },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo delay_tests[] = {
	{ "a sleeper owing service stays queued until picked",
	  test_delay_dequeue_until_picked },
	{ "woken in place; a policy change ends it; not under cfs",
	  test_delay_dequeue_woken },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo yield_tests[] = {
	{ "a request further on", test_yield },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/eevdf/avg_vruntime", avg_tests, NULL, NULL)
KTEST_SUITE("sched/eevdf/update_deadline", deadline_tests, NULL, NULL)
KTEST_SUITE("sched/eevdf/place_entity", lag_tests, NULL, NULL)
KTEST_SUITE("sched/eevdf/pick_eevdf", pick_tests, NULL, NULL)
KTEST_SUITE("sched/eevdf/yield_task_eevdf", yield_tests, NULL, NULL)
KTEST_SUITE("sched/eevdf/dequeue_entity", delay_tests, NULL, NULL)
