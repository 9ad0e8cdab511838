// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_deadline.c - SCHED_DEADLINE (sched/deadline.c): the
 * CBS arithmetic worked by hand from Linux 6.12's rules, sched_setattr()'s
 * validation and admission control, throttle and replenish timelines,
 * EDF on one CPU against a brute-force oracle, the Dhall effect of global
 * EDF with push and pull, a DL task beside lower-class hogs, and every
 * corruption dl_rq_check() reports.
 *
 * The timelines run on a small driver below (struct rig): m CPUs, a tick
 * of 100 us, tasks that release a job of C ns every T ns with deadline D
 * (or run as hogs), timers fired at the start of a tick, push and pull
 * after the releases, the earliest deadline run on each CPU, a CPU with
 * no DL task giving its tick to the lower classes ("hogs").  All the
 * task parameters are multiples of the tick, so the rules' times fall on
 * tick boundaries and every expected number is exact.
 */
#include <errno.h>
#include <stdlib.h>

#include "compat/slab.h"
#include "sched/deadline.h"
#include "sched/internal.h"
#include "sched/snapshot_json.h"
#include "tests/sched/sched_test.h"
#include "tests/ktest.h"
#include "tests/report.h"

#define US 1000ULL
#define MS 1000000ULL
/* where the driver's clock starts: a deadline of 0 must be in the past */
#define BASE (1000 * MS)
#define TICK (100 * US)

/* ------------------------------------------------------ the CBS by hand */

/*
 * to_ratio(period, runtime) = (runtime << 20) / period, rounded down:
 *   4 ms / 10 ms: 4194304000000 / 10000000 = 419430.4 -> 419430
 *   2 ms / 10 ms: 209715.2 -> 209715
 *   2 ms / 5 ms:  419430.4 -> 419430
 *   950000 us / 1000000 us (the default cap): 996147.2 -> 996147
 *   a runtime equal to its period: 1 << 20
 */
static void test_to_ratio(void)
{
	struct dl_bw dl_b;

	CU_ASSERT_EQUAL(to_ratio(10 * MS, 4 * MS), 419430);
	CU_ASSERT_EQUAL(to_ratio(10 * MS, 2 * MS), 209715);
	CU_ASSERT_EQUAL(to_ratio(5 * MS, 2 * MS), 419430);
	CU_ASSERT_EQUAL(to_ratio(7 * MS, 7 * MS), BW_UNIT);
	CU_ASSERT_EQUAL(to_ratio(0, 2 * MS), 0);
	init_dl_bw(&dl_b, DL_RT_RUNTIME_US, DL_RT_PERIOD_US);
	CU_ASSERT_EQUAL(dl_b.bw, 996147);
	CU_ASSERT_EQUAL(dl_b.total_bw, 0);
	init_dl_bw(&dl_b, ~0ULL, DL_RT_PERIOD_US);
	CU_ASSERT(!__dl_overflow(&dl_b, 1024, 0, 10 * BW_UNIT));
}

static struct sched_attr dl_attr(uint64_t runtime, uint64_t deadline,
				 uint64_t period)
{
	return (struct sched_attr){ .sched_policy = SCHED_DEADLINE,
				    .sched_runtime = runtime,
				    .sched_deadline = deadline,
				    .sched_period = period };
}

/* a fresh task made SCHED_DEADLINE by @attr, then queued on @cpu */
static struct task_struct *
new_dl_task_on(const char *comm, const struct sched_attr *attr, int cpu)
{
	struct task_struct *p = sched_new_task(comm, 0, SCHED_OTHER, 0);

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(sched_setattr(p, attr), 0);
	CU_ASSERT_EQUAL_FATAL(wake_up_forked_process(p, cpu), 0);
	return p;
}

/* each of __checkparam_dl()'s rules, on both sides of its bound */
static void test_checkparam(void)
{
	struct sched_attr a;

	a = dl_attr(2 * MS, 10 * MS, 10 * MS);
	CU_ASSERT(__checkparam_dl(&a));
	a = dl_attr(2 * MS, 10 * MS, 0); /* period 0: = deadline */
	CU_ASSERT(__checkparam_dl(&a));
	a = dl_attr(2 * MS, 0, 10 * MS);
	CU_ASSERT_FALSE(__checkparam_dl(&a));
	a = dl_attr(1023, 100 * US, 0); /* below 1 << DL_SCALE */
	CU_ASSERT_FALSE(__checkparam_dl(&a));
	a = dl_attr(1024, 100 * US, 0);
	CU_ASSERT(__checkparam_dl(&a));
	a = dl_attr(3 * MS, 2 * MS, 10 * MS); /* deadline < runtime */
	CU_ASSERT_FALSE(__checkparam_dl(&a));
	a = dl_attr(2 * MS, 10 * MS, 9 * MS); /* period < deadline */
	CU_ASSERT_FALSE(__checkparam_dl(&a));
	a = dl_attr(2 * MS, 5 * MS, 10 * MS); /* constrained: fine */
	CU_ASSERT(__checkparam_dl(&a));
	a = dl_attr(1024, 99 * US, 0); /* period below 100 us */
	CU_ASSERT_FALSE(__checkparam_dl(&a));
	a = dl_attr(MS, 10 * MS, (1ULL << 22) * US); /* 2^22 us: the max */
	CU_ASSERT(__checkparam_dl(&a));
	a.sched_period++;
	CU_ASSERT_FALSE(__checkparam_dl(&a));
	a = dl_attr(MS, 10 * MS, 1ULL << 63);
	CU_ASSERT_FALSE(__checkparam_dl(&a));
}

/* a 2 ms / 10 ms implicit-deadline entity, or @d and @p as given */
static void make_entity(struct sched_dl_entity *se, uint64_t r, uint64_t d,
			uint64_t p)
{
	struct dl_bw dl_b;
	struct sched_attr a = dl_attr(r, d, p);

	init_dl_bw(&dl_b, ~0ULL, DL_RT_PERIOD_US);
	init_dl_entity(se);
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, se, &a), 0);
}

/*
 * An overrun of 3 ms with dl_runtime 2 ms, deadline 10 ms, now 9 ms:
 * runtime -3 + 2 = -1 (deadline 20), -1 + 2 = 1 (deadline 30): two
 * periods.  Lagging: runtime -1 ms, deadline 10 ms, now 25 ms: one period
 * gives 1 ms and deadline 20, still before 25: a new period from now,
 * deadline 35 ms, runtime 2 ms.  A yield with 1.5 ms left forfeits it:
 * 0 + 2 ms, deadline 10 -> 20.
 */
static void test_replenish(void)
{
	struct sched_dl_entity se;

	make_entity(&se, 2 * MS, 10 * MS, 10 * MS);
	CU_ASSERT_EQUAL(se.dl_bw, 209715);
	se.runtime = -(int64_t)(3 * MS);
	se.deadline = 10 * MS;
	se.dl_throttled = true;
	replenish_dl_entity(&se, 9 * MS);
	CU_ASSERT_EQUAL(se.runtime, (int64_t)MS);
	CU_ASSERT_EQUAL(se.deadline, 30 * MS);
	CU_ASSERT_FALSE(se.dl_throttled);

	se.runtime = -(int64_t)MS;
	se.deadline = 10 * MS;
	replenish_dl_entity(&se, 25 * MS);
	CU_ASSERT_EQUAL(se.deadline, 35 * MS);
	CU_ASSERT_EQUAL(se.runtime, (int64_t)(2 * MS));

	se.runtime = (int64_t)(1500 * US);
	se.deadline = 10 * MS;
	se.dl_yielded = true;
	replenish_dl_entity(&se, 9 * MS);
	CU_ASSERT_EQUAL(se.runtime, (int64_t)(2 * MS));
	CU_ASSERT_EQUAL(se.deadline, 20 * MS);
	CU_ASSERT_FALSE(se.dl_yielded);
}

/*
 * The wake-up rule for 2 ms / 10 ms (density 0.2), products in 1024 ns
 * units:
 *  - 1 ms left, deadline 20 ms, now 12 ms: 1/8 = 0.125 <= 0.2.
 *    left = (10000000 >> 10) * (1000000 >> 10) = 9765 * 976 = 9530640,
 *    right = (8000000 >> 10) * (2000000 >> 10) = 7812 * 1953 = 15256836:
 *    right is not before left, no overflow: the instance goes on.
 *  - 1.5 ms left, deadline 20 ms, now 16 ms: 1.5/4 = 0.375 > 0.2.
 *    left = 9765 * 1464 = 14295960, right = 3906 * 1953 = 7628418:
 *    overflow: deadline 16 + 10 = 26 ms, runtime 2 ms.
 *  - deadline 10 ms, now 11 ms: passed: deadline 21 ms, runtime 2 ms.
 */
static void test_wakeup_rule(void)
{
	struct sched_dl_entity se;

	make_entity(&se, 2 * MS, 10 * MS, 10 * MS);
	se.runtime = (int64_t)MS;
	se.deadline = 20 * MS;
	CU_ASSERT_FALSE(dl_entity_overflow(&se, 12 * MS));
	update_dl_entity(&se, 12 * MS);
	CU_ASSERT_EQUAL(se.deadline, 20 * MS);
	CU_ASSERT_EQUAL(se.runtime, (int64_t)MS);

	se.runtime = (int64_t)(1500 * US);
	CU_ASSERT(dl_entity_overflow(&se, 16 * MS));
	update_dl_entity(&se, 16 * MS);
	CU_ASSERT_EQUAL(se.deadline, 26 * MS);
	CU_ASSERT_EQUAL(se.runtime, (int64_t)(2 * MS));

	se.runtime = (int64_t)MS;
	se.deadline = 10 * MS;
	update_dl_entity(&se, 11 * MS);
	CU_ASSERT_EQUAL(se.deadline, 21 * MS);
	CU_ASSERT_EQUAL(se.runtime, (int64_t)(2 * MS));
}

/*
 * 6.12's revised rule for a constrained task, 2 ms / deadline 5 ms /
 * period 10 ms, density to_ratio(5 ms, 2 ms) = 419430:
 *  - waking at 2 ms with 2 ms left and its deadline at 5 ms: 2/3 > 0.4,
 *    overflow, deadline ahead: it keeps deadline 5 ms and its runtime
 *    becomes 419430 * 3000000 >> 20 = 1258290000000 / 1048576 =
 *    1199998.86 -> 1199998 ns.
 *  - the same waking at 5.5 ms (deadline passed): a new period, deadline
 *    10.5 ms, runtime 2 ms (the original rule).
 *  - dl_check_constrained_dl(): deadline 5 ms, next period at 5 - 5 + 10
 *    = 10 ms; enqueued at 7 ms it is throttled with no runtime and its
 *    timer at 10 ms, and is not queued; the timer replenishes it:
 *    runtime 0 + 2 ms, deadline 5 + 10 = 15 ms, queued.
 */
static void test_revised_wakeup(void)
{
	struct sched_dl_entity se;
	struct dl_rq rq;

	make_entity(&se, 2 * MS, 5 * MS, 10 * MS);
	CU_ASSERT_EQUAL(se.dl_density, 419430);
	CU_ASSERT_FALSE(dl_is_implicit(&se));
	se.runtime = (int64_t)(2 * MS);
	se.deadline = 5 * MS;
	update_dl_entity(&se, 2 * MS);
	CU_ASSERT_EQUAL(se.deadline, 5 * MS);
	CU_ASSERT_EQUAL(se.runtime, 1199998);

	se.runtime = (int64_t)(2 * MS);
	update_dl_entity(&se, 5500 * US);
	CU_ASSERT_EQUAL(se.deadline, 10500 * US);
	CU_ASSERT_EQUAL(se.runtime, (int64_t)(2 * MS));

	init_dl_rq(&rq);
	se.deadline = 5 * MS;
	se.runtime = (int64_t)MS;
	CU_ASSERT_EQUAL(dl_next_period(&se), 10 * MS);
	dl_attach(&rq, &se);
	enqueue_dl_entity(&rq, &se, ENQUEUE_WAKEUP, 7 * MS);
	CU_ASSERT(se.dl_throttled);
	CU_ASSERT_EQUAL(se.runtime, 0);
	CU_ASSERT_EQUAL(se.dl_timer, 10 * MS);
	CU_ASSERT_EQUAL(rq.dl_nr_running, 0);
	CU_ASSERT_EQUAL(rq.running_bw, se.dl_bw); /* it contends */
	CU_ASSERT(dl_rq_check(&rq));
	dl_task_timer(&rq, &se, true, 10 * MS);
	CU_ASSERT_FALSE(se.dl_throttled);
	CU_ASSERT_EQUAL(se.dl_timer, 0);
	CU_ASSERT_EQUAL(se.runtime, (int64_t)(2 * MS));
	CU_ASSERT_EQUAL(se.deadline, 15 * MS);
	CU_ASSERT_PTR_EQUAL(pick_next_dl_entity(&rq), &se);
	CU_ASSERT(dl_rq_check(&rq));
	dequeue_dl_entity(&rq, &se, 0, 10 * MS);
	dl_detach(&rq, &se);
	CU_ASSERT(dl_rq_check(&rq));
	CU_ASSERT_EQUAL(rq.this_bw, 0);
}

/*
 * Blocking: 2 ms / 10 ms, deadline 20 ms, 1 ms left, blocks at 12 ms.
 * Its 0-lag time is 20 - 1 * 10 / 2 = 15 ms: until then its bandwidth
 * stays in running_bw (non contending); the inactive timer at 15 ms takes
 * it out.  Blocking at 16 ms instead (0-lag passed) takes it out at once.
 */
static void test_non_contending(void)
{
	struct sched_dl_entity se;
	struct dl_rq rq;

	init_dl_rq(&rq);
	make_entity(&se, 2 * MS, 10 * MS, 10 * MS);
	dl_attach(&rq, &se);
	se.deadline = 20 * MS;
	se.runtime = (int64_t)MS;
	enqueue_dl_entity(&rq, &se, ENQUEUE_WAKEUP, 12 * MS);
	CU_ASSERT_EQUAL(se.deadline, 20 * MS); /* 1/8 <= 0.2: kept */
	CU_ASSERT_EQUAL(rq.running_bw, 209715);
	dequeue_dl_entity(&rq, &se, DEQUEUE_SLEEP, 12 * MS);
	CU_ASSERT(se.dl_non_contending);
	CU_ASSERT_EQUAL(se.inactive_timer, 15 * MS);
	CU_ASSERT_EQUAL(rq.running_bw, 209715);
	CU_ASSERT(dl_rq_check(&rq));
	inactive_task_timer(&rq, &se);
	CU_ASSERT_EQUAL(rq.running_bw, 0);
	CU_ASSERT(dl_rq_check(&rq));

	enqueue_dl_entity(&rq, &se, ENQUEUE_WAKEUP, 12 * MS);
	CU_ASSERT_EQUAL(rq.running_bw, 209715);
	dequeue_dl_entity(&rq, &se, DEQUEUE_SLEEP, 16 * MS);
	CU_ASSERT_FALSE(se.dl_non_contending);
	CU_ASSERT_EQUAL(rq.running_bw, 0);
	CU_ASSERT_EQUAL(rq.this_bw, 209715);
	CU_ASSERT(dl_rq_check(&rq));
	dl_detach(&rq, &se);
}

/* ------------------------------------------------------------ admission */

/*
 * Each 4 ms / 10 ms task asks 419430; the cap of one CPU is 996147 * 1024
 * >> 10 = 996147: two fit (838860), a third (1258290) does not.  Two
 * CPUs: 1992294 holds four (1677720), not five (2097150).
 */
static void test_admission(void)
{
	struct sched_attr a = dl_attr(4 * MS, 10 * MS, 0);
	struct sched_dl_entity se[5];
	struct dl_bw dl_b;
	int i;

	init_dl_bw(&dl_b, DL_RT_RUNTIME_US, DL_RT_PERIOD_US);
	for (i = 0; i < 3; i++)
		init_dl_entity(&se[i]);
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, &se[0], &a), 0);
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, &se[1], &a), 0);
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, &se[2], &a), -EBUSY);
	CU_ASSERT_EQUAL(dl_b.total_bw, 838860);
	CU_ASSERT_EQUAL(se[2].dl_runtime, 0); /* nothing set on refusal */

	init_dl_bw(&dl_b, DL_RT_RUNTIME_US, DL_RT_PERIOD_US);
	for (i = 0; i < 5; i++) {
		init_dl_entity(&se[i]);
		CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 2, &se[i], &a),
				i < 4 ? 0 : -EBUSY);
	}
	CU_ASSERT_EQUAL(dl_b.total_bw, 4 * 419430);
}

/*
 * Changing parameters gives the old bandwidth back first: with A and B at
 * 4 ms / 10 ms on one CPU, A to 5 ms asks 838860 - 419430 + 524288 =
 * 943718 <= 996147: granted; A to 6 ms would be 419430 + 629145 =
 * 1048575: refused, A keeps 5 ms.  A leaving the class gives its 524288
 * back; bad parameters are -EINVAL whatever the bandwidth.
 */
static void test_change_and_leave(void)
{
	struct sched_attr a = dl_attr(4 * MS, 10 * MS, 10 * MS);
	struct sched_attr other = { .sched_policy = SCHED_OTHER };
	struct sched_dl_entity sa, sb;
	struct dl_bw dl_b;

	init_dl_bw(&dl_b, DL_RT_RUNTIME_US, DL_RT_PERIOD_US);
	init_dl_entity(&sa);
	init_dl_entity(&sb);
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, &sa, &a), 0);
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, &sb, &a), 0);
	a.sched_runtime = 5 * MS;
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, &sa, &a), 0);
	CU_ASSERT_EQUAL(dl_b.total_bw, 943718);
	CU_ASSERT_EQUAL(sa.dl_bw, 524288);
	a.sched_runtime = 6 * MS;
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, &sa, &a), -EBUSY);
	CU_ASSERT_EQUAL(sa.dl_runtime, 5 * MS);
	CU_ASSERT_EQUAL(dl_b.total_bw, 943718);
	a.sched_runtime = 512;
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, &sa, &a), -EINVAL);
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 0, &sa, &a), -EINVAL);
	CU_ASSERT_EQUAL(dl_b.total_bw, 943718);
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, &sa, &other), 0);
	CU_ASSERT_EQUAL(dl_b.total_bw, 419430);
	CU_ASSERT_EQUAL(sa.dl_runtime, 0);
	CU_ASSERT_EQUAL(sched_setattr_dl(&dl_b, 1, &sa, &other), 0);
	CU_ASSERT_EQUAL(dl_b.total_bw, 419430);
}

/* ------------------------------------------------------------ the driver */

#define RIG_TASKS 8
#define RIG_CPUS 8

struct rig_task {
	struct sched_dl_entity se;
	int cpu;
	bool hog; /* always has work */
	bool started;
	uint64_t c, d, t; /* work per job and the job's deadline, period */
	uint64_t first; /* its first release */
	uint64_t released, done; /* jobs */
	uint64_t work; /* left of the oldest pending job */
	uint64_t missed; /* jobs that passed their deadline unfinished */
	uint64_t ran, throttles;
	uint64_t late_throttles; /* throttled after its CBS deadline */
};

struct rig {
	unsigned int nr_cpus, nr_tasks;
	struct dl_rq rq[RIG_CPUS];
	struct rig_task task[RIG_TASKS];
	struct dl_bw dl_b;
	uint64_t now;
	uint64_t lower[RIG_CPUS]; /* ticks given to the lower classes */
	bool oracle_ok; /* each CPU ran its earliest deadline */
};

static void rig_init(struct rig *r, unsigned int nr_cpus)
{
	unsigned int cpu;

	*r = (struct rig){ .nr_cpus = nr_cpus, .now = BASE, .oracle_ok = true };
	for (cpu = 0; cpu < nr_cpus; cpu++)
		init_dl_rq(&r->rq[cpu]);
	init_dl_bw(&r->dl_b, DL_RT_RUNTIME_US, DL_RT_PERIOD_US);
}

/* a task of @c ns every @t ns, deadline @d, on @cpu; the answer of setattr */
static int rig_add(struct rig *r, uint64_t c, uint64_t d, uint64_t t, int cpu,
		   bool hog)
{
	struct rig_task *k = &r->task[r->nr_tasks];
	struct sched_attr a = dl_attr(c, d, t);
	int err;

	*k = (struct rig_task){
		.c = c, .d = d, .t = t, .cpu = cpu, .hog = hog, .first = r->now
	};
	init_dl_entity(&k->se);
	err = sched_setattr_dl(&r->dl_b, (int)r->nr_cpus, &k->se, &a);
	if (err)
		return err;
	k->se.nr_cpus_allowed = r->nr_cpus;
	dl_attach(&r->rq[cpu], &k->se);
	r->nr_tasks++;
	return 0;
}

static bool queued(const struct rig_task *k)
{
	return !RB_EMPTY_NODE(&k->se.rb_node);
}

static void rig_snapshot(struct rig *r, struct dl_snapshot *snap)
{
	unsigned int cpu;

	snap->nr_cpus = r->nr_cpus;
	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		dl_cpu_state_of(&r->rq[cpu], &snap->cpu[cpu]);
}

static struct rig_task *rig_task_of(struct sched_dl_entity *se)
{
	return container_of(se, struct rig_task, se);
}

static void rig_move(struct rig *r, int src, int dst,
		     struct sched_dl_entity *se)
{
	dl_migrate(&r->rq[src], &r->rq[dst], se, r->now);
	rig_task_of(se)->cpu = dst;
}

static struct sched_dl_entity *first_pushable(struct dl_rq *rq)
{
	struct rb_node *n = rb_first_cached(&rq->pushable_dl_tasks_root);

	return n ? rb_entry(n, struct sched_dl_entity, pushable_node) : NULL;
}

/* push from every CPU until nothing moves, then pull to every CPU */
static void rig_balance(struct rig *r)
{
	uint64_t all = (1ULL << r->nr_cpus) - 1;
	struct dl_snapshot snap;
	unsigned int cpu;
	int src[RIG_CPUS], n, i;

	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		for (;;) {
			struct sched_dl_entity *se =
				first_pushable(&r->rq[cpu]);
			int to;

			if (!se)
				break;
			rig_snapshot(r, &snap);
			to = push_dl_task(&snap, (int)cpu, se->deadline, all);
			if (to < 0)
				break;
			rig_move(r, (int)cpu, to, se);
		}
	}
	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		rig_snapshot(r, &snap);
		n = pull_dl_task(&snap, (int)cpu, src);
		for (i = 0; i < n; i++)
			rig_move(r, src[i], (int)cpu,
				 first_pushable(&r->rq[src[i]]));
	}
}

/* a job's deadline: the k-th job (from 0) is released at first + k T */
static uint64_t job_deadline(const struct rig_task *k, uint64_t job)
{
	return k->first + job * k->t + k->d;
}

/*
 * Global EDF after balancing: no task waits with a deadline before one
 * that runs, on any CPU, and no CPU is without a DL task while one waits.
 */
static void rig_global_oracle(struct rig *r)
{
	unsigned int i, cpu;

	for (i = 0; i < r->nr_tasks; i++) {
		const struct rig_task *w = &r->task[i];

		if (!queued(w) || pick_next_dl_entity(&r->rq[w->cpu]) == &w->se)
			continue;
		for (cpu = 0; cpu < r->nr_cpus; cpu++) {
			const struct sched_dl_entity *run =
				pick_next_dl_entity(&r->rq[cpu]);

			if (!run ||
			    dl_time_before(w->se.deadline, run->deadline))
				r->oracle_ok = false;
		}
	}
}

static void rig_tick(struct rig *r)
{
	unsigned int i, cpu;
	uint64_t end = r->now + TICK;

	/* timers due */
	for (i = 0; i < r->nr_tasks; i++) {
		struct rig_task *k = &r->task[i];
		struct dl_rq *rq = &r->rq[k->cpu];

		if (k->se.dl_timer && k->se.dl_timer <= r->now)
			dl_task_timer(rq, &k->se, k->hog || k->work, r->now);
		if (k->se.inactive_timer && k->se.inactive_timer <= r->now)
			inactive_task_timer(rq, &k->se);
	}
	/* releases */
	for (i = 0; i < r->nr_tasks; i++) {
		struct rig_task *k = &r->task[i];
		int flags = k->started ? ENQUEUE_WAKEUP : ENQUEUE_RESTORE;

		if (r->now < k->first + k->released * k->t)
			continue;
		k->released++;
		if (k->hog && k->started)
			continue;
		if (k->work)
			continue; /* a job still runs: this one waits its turn */
		k->work = k->c;
		if (!queued(k))
			enqueue_dl_entity(&r->rq[k->cpu], &k->se, flags,
					  r->now);
		k->started = true;
	}
	/*
	 * pick, push and pull what does not run, and again: a push that
	 * rescheduled instead leaves a preempted task to push after the
	 * next pick, as the kernel's balance callback does
	 */
	for (i = 0; i < 3; i++) {
		for (cpu = 0; cpu < r->nr_cpus; cpu++)
			set_next_dl_entity(&r->rq[cpu],
					   pick_next_dl_entity(&r->rq[cpu]));
		if (r->nr_cpus > 1)
			rig_balance(r);
	}
	if (r->nr_cpus > 1)
		rig_global_oracle(r);
	/* each CPU runs its earliest deadline for a tick */
	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		struct dl_rq *rq = &r->rq[cpu];
		struct sched_dl_entity *se = pick_next_dl_entity(rq);
		struct rig_task *k;

		for (i = 0; i < r->nr_tasks; i++)
			if (se && r->task[i].cpu == (int)cpu &&
			    queued(&r->task[i]) &&
			    dl_time_before(r->task[i].se.deadline,
					   se->deadline))
				r->oracle_ok = false;
		set_next_dl_entity(rq, se);
		if (!se) {
			r->lower[cpu]++;
			continue;
		}
		k = rig_task_of(se);
		k->ran += TICK;
		if (!k->hog)
			k->work -= TICK;
		if (update_curr_dl_se(rq, se, (int64_t)TICK, end)) {
			k->throttles++;
			if (dl_time_before(se->deadline, end) &&
			    se->dl_throttled)
				k->late_throttles++;
		}
		if (!k->hog && !k->work) {
			k->done++;
			if (k->done < k->released)
				k->work = k->c;
			else
				dequeue_dl_entity(rq, se, DEQUEUE_SLEEP, end);
		}
		if (!queued(k) && !se->dl_throttled)
			put_prev_dl_entity(rq); /* it sleeps */
	}
	r->now = end;
	for (i = 0; i < r->nr_tasks; i++) {
		struct rig_task *k = &r->task[i];

		/* the oldest unfinished job past its deadline: a miss */
		if (!k->hog && k->done < k->released &&
		    job_deadline(k, k->done) < r->now &&
		    k->missed < k->done + 1)
			k->missed = k->done + 1;
	}
}

static bool rig_check(struct rig *r)
{
	unsigned int cpu;

	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		if (!dl_rq_check(&r->rq[cpu]))
			return false;
	return r->oracle_ok;
}

/* ---------------------------------------------------------- timelines */

/*
 * A 2 ms / 10 ms hog for 50 ms from BASE: it enters at BASE (deadline
 * BASE + 10 ms, 2 ms), runs 2 ms, is throttled at BASE + 2 ms with its
 * timer at the next period, BASE + 10 ms (deadline - D + P), sits out 8
 * ms, and is replenished there (deadline BASE + 20 ms, 2 ms); and so on:
 * exactly 2 ms in each period, each throttle 8 ms before its deadline.
 */
static void test_hog_timeline(void)
{
	struct rig r;
	struct rig_task *k;
	uint64_t period_ran[5] = { 0 };
	int tick;

	rig_init(&r, 1);
	CU_ASSERT_EQUAL(rig_add(&r, 2 * MS, 10 * MS, 10 * MS, 0, true), 0);
	k = &r.task[0];
	for (tick = 0; tick < 500; tick++) {
		uint64_t before = k->ran, at = r.now;
		unsigned int p = (unsigned int)((at - BASE) / (10 * MS));

		rig_tick(&r);
		period_ran[p] += k->ran - before;
		CU_ASSERT(rig_check(&r));
		if (at - BASE - p * 10 * MS < 2 * MS) {
			CU_ASSERT_EQUAL(k->ran, before + TICK);
		} else {
			CU_ASSERT_EQUAL(k->ran, before);
			CU_ASSERT(k->se.dl_throttled);
			CU_ASSERT_EQUAL(k->se.dl_timer,
					BASE + (p + 1) * 10 * MS);
			CU_ASSERT_EQUAL(k->se.deadline,
					BASE + (p + 1) * 10 * MS);
		}
		if (at - BASE - p * 10 * MS == 0)
			CU_ASSERT_EQUAL(k->se.deadline,
					BASE + (p + 1) * 10 * MS);
	}
	for (tick = 0; tick < 5; tick++)
		CU_ASSERT_EQUAL(period_ran[tick], 2 * MS);
	CU_ASSERT_EQUAL(k->throttles, 5);
	CU_ASSERT_EQUAL(k->late_throttles, 0);
	CU_ASSERT_EQUAL(r.lower[0], 400); /* 8 ms of each 10 */
}

/*
 * A periodic task of 2 ms every 10 ms beside hogs of a lower class on one
 * CPU for 1 s: the DL task gets 200 ms, 20.0%, the hogs the other 800 ms,
 * and no job ends after its deadline.
 */
static void test_beside_hogs(void)
{
	struct rig r;
	int tick;

	rig_init(&r, 1);
	CU_ASSERT_EQUAL(rig_add(&r, 2 * MS, 10 * MS, 10 * MS, 0, false), 0);
	for (tick = 0; tick < 10000; tick++) {
		rig_tick(&r);
		if (!rig_check(&r)) {
			CU_FAIL("dl_rq_check or the EDF oracle");
			break;
		}
	}
	CU_ASSERT_EQUAL(r.task[0].ran, 200 * MS);
	CU_ASSERT_EQUAL(r.lower[0] * TICK, 800 * MS);
	CU_ASSERT_EQUAL(r.task[0].done, 100);
	CU_ASSERT_EQUAL(r.task[0].missed, 0);
}

/*
 * Random implicit-deadline sets on one CPU, periods of 1 to 10 ms in
 * ticks, admitted by the 95% cap (so total utilization <= 1): EDF misses
 * nothing.  Each tick the oracle checks that the CPU runs a task whose
 * deadline no queued task beats, and dl_rq_check() the queue.
 */
static void test_edf_no_miss(void)
{
	unsigned int seed = 42;
	int set;

	for (set = 0; set < 20; set++) {
		struct rig r;
		uint64_t util = 0;
		int n = 2 + (int)(rand_r(&seed) % 5), i, tick;

		rig_init(&r, 1);
		for (i = 0; i < n; i++) {
			uint64_t t =
				(10 + (uint64_t)(rand_r(&seed) % 91)) * TICK;
			uint64_t c = (1 + (uint64_t)(rand_r(&seed) %
						     (t / TICK / 2))) *
				     TICK;

			if (!rig_add(&r, c, t, t, 0, false))
				util += to_ratio(t, c);
		}
		CU_ASSERT(r.nr_tasks >= 1);
		CU_ASSERT(util <= BW_UNIT);
		for (tick = 0; tick < 5000; tick++) {
			rig_tick(&r);
			if (!rig_check(&r)) {
				CU_FAIL("dl_rq_check or the EDF oracle");
				break;
			}
		}
		for (i = 0; i < (int)r.nr_tasks; i++) {
			CU_ASSERT_EQUAL(r.task[i].missed, 0);
			CU_ASSERT(r.task[i].done + 1 >= r.task[i].released);
		}
	}
}

/*
 * The Dhall effect: on m CPUs, m light tasks (1 ms every 10 ms) and one
 * heavy task (10 ms every 10.5 ms), all released at once.  Total
 * utilization is m / 10 + 10 / 10.5, barely over 1 against a capacity of
 * m (admission grants it), yet global EDF misses: the light tasks have the
 * earlier deadlines (10 ms against 10.5 ms), so they take all m CPUs for
 * the first millisecond (push spreads them: a free CPU first), the heavy
 * task starts at 1 ms and, needing 10 ms, ends at 11 ms, after its
 * deadline at 10.5 ms; while it waits no CPU may take it (push finds no
 * CPU whose earliest deadline is later than its own).  Partitioned, the
 * heavy task alone on a CPU would never miss: global EDF's utilization
 * bound on m CPUs is not m, it is barely above 1.
 */
static void test_dhall(void)
{
	unsigned int m;

	for (m = 2; m <= 4; m++) {
		struct rig r;
		struct rig_task *heavy;
		unsigned int i;
		int tick;

		rig_init(&r, m);
		for (i = 0; i < m; i++)
			CU_ASSERT_EQUAL(
				rig_add(&r, MS, 10 * MS, 10 * MS, 0, false), 0);
		CU_ASSERT_EQUAL(rig_add(&r, 10 * MS, 10500 * US, 10500 * US, 0,
					false),
				0);
		heavy = &r.task[m];
		for (tick = 0; tick < 10; tick++) {
			rig_tick(&r);
			CU_ASSERT(rig_check(&r));
		}
		/* the first millisecond: every light on a CPU of its own */
		for (i = 0; i < m; i++)
			CU_ASSERT_EQUAL(r.task[i].ran, MS);
		CU_ASSERT_EQUAL(heavy->ran, 0);
		for (tick = 10; tick < 105; tick++) {
			rig_tick(&r);
			CU_ASSERT(rig_check(&r));
		}
		/* at 10.5 ms it has 9.5 of its 10 ms: a miss */
		CU_ASSERT_EQUAL(heavy->ran, 9500 * US);
		CU_ASSERT_EQUAL(heavy->missed, 0);
		rig_tick(&r);
		CU_ASSERT_EQUAL(heavy->missed, 1);
		for (tick = 106; tick < 110; tick++)
			rig_tick(&r);
		CU_ASSERT_EQUAL(heavy->done, 1); /* at 11 ms */
		for (i = 0; i < m; i++)
			CU_ASSERT_EQUAL(r.task[i].missed, 0);
	}
}

/*
 * A soak of global EDF on 2 to 4 CPUs: seeded random sets of periodic
 * tasks and hogs (periods of 1 to 10 ms, runtimes up to half the period)
 * admitted under the cap, all free to move, run for 300 ms.  After every
 * tick each queue passes dl_rq_check() and the m earliest deadlines run
 * (no waiting task is earlier than a running one, no CPU is without a DL
 * task while one waits); over the run no task gets more than its
 * bandwidth allows, runtime * (periods begun).
 */
static void test_global_soak(void)
{
	unsigned int seed = 7;
	int set;

	for (set = 0; set < 12; set++) {
		struct rig r;
		unsigned int m = 2 + (unsigned int)set % 3, i;
		int tick;

		rig_init(&r, m);
		for (i = 0; i < RIG_TASKS; i++) {
			uint64_t t =
				(10 + (uint64_t)(rand_r(&seed) % 91)) * TICK;
			uint64_t c = (1 + (uint64_t)(rand_r(&seed) %
						     (t / TICK / 2))) *
				     TICK;

			rig_add(&r, c, t, t, (int)(rand_r(&seed) % m),
				rand_r(&seed) % 3 == 0);
		}
		CU_ASSERT(r.nr_tasks >= 2);
		for (tick = 0; tick < 3000; tick++) {
			rig_tick(&r);
			if (!rig_check(&r)) {
				CU_FAIL("dl_rq_check or the global EDF oracle");
				break;
			}
		}
		for (i = 0; i < r.nr_tasks; i++) {
			const struct rig_task *k = &r.task[i];
			uint64_t periods = (r.now - k->first + k->t - 1) / k->t;

			CU_ASSERT(k->ran <= periods * k->c);
			CU_ASSERT(k->ran > 0);
		}
	}
}

/* --------------------------------------------------- push, pull, cpudl */

static void cpu_state(struct dl_snapshot *s, int cpu, unsigned int nr,
		      uint64_t curr, uint64_t next, uint64_t running)
{
	s->cpu[cpu] = (struct dl_cpu_state){ .dl_nr_running = nr,
					     .curr_dl = curr,
					     .next_dl = next,
					     .overloaded = next != 0,
					     .running = running != 0,
					     .running_dl = running,
					     .running_may_move = true };
}

/*
 * Four CPUs with earliest deadlines 30, 50, 40 and 50: a task of deadline
 * 45 goes to the latest, 50, the lowest of the tie (CPU 1); one of 55
 * beats none; a free CPU wins over any; affinity without the latest CPU
 * finds nothing (the heap looks only at its maximum).
 */
static void test_cpudl_find(void)
{
	struct dl_snapshot s = { .nr_cpus = 4 };
	uint64_t mask;

	cpu_state(&s, 0, 1, 30, 0, 30);
	cpu_state(&s, 1, 1, 50, 0, 50);
	cpu_state(&s, 2, 1, 40, 0, 40);
	cpu_state(&s, 3, 1, 50, 0, 50);
	CU_ASSERT(cpudl_find(&s, 45, 0xf, &mask));
	CU_ASSERT_EQUAL(mask, 0x2);
	CU_ASSERT_FALSE(cpudl_find(&s, 55, 0xf, &mask));
	CU_ASSERT_FALSE(cpudl_find(&s, 35, 0xd, &mask));
	CU_ASSERT_EQUAL(find_later_rq(&s, 0, 0, 45, 0xf), 1);
	CU_ASSERT_EQUAL(find_later_rq(&s, 0, 0, 45, 0x1), -1); /* bound */
	cpu_state(&s, 2, 0, 0, 0, 0);
	cpu_state(&s, 3, 0, 0, 0, 0);
	CU_ASSERT(cpudl_find(&s, 99, 0xf, &mask));
	CU_ASSERT_EQUAL(mask, 0xc);
	CU_ASSERT_EQUAL(find_later_rq(&s, 3, 0, 99, 0xf), 3); /* its own */
	CU_ASSERT_EQUAL(find_later_rq(&s, 0, 2, 99, 0xf), 2); /* this CPU */
	CU_ASSERT_EQUAL(find_later_rq(&s, 0, 1, 99, 0xf), 2); /* lowest */
}

/*
 * push: CPU 0 runs deadline 30 and has 20 pushable: it preempts its own
 * (reschedule, no push), unless the running task may not move; then, or
 * when it runs 10, the latest CPU (3, at 70) takes the 20; a task of 80
 * beats no CPU.  pull to CPU 2 (earliest 60): CPU 0 offers 20 (running
 * 10), CPU 1 offers 25 (running 15), CPU 3 offers 5, before what runs
 * there (8), so CPU 3 keeps it; CPU 0's 20 is pulled, then CPU 1's 25 is
 * not (not before 20).  With CPU 1 offering 15 (running 12), both are
 * pulled, in CPU order: 20, then 15, earlier still.  With CPU 0 offering
 * 14, 15 is no longer earlier: one pull.  A CPU whose own earliest is 1
 * pulls nothing.
 */
static void test_push_pull(void)
{
	struct dl_snapshot s = { .nr_cpus = 4 };
	int src[4];

	cpu_state(&s, 0, 2, 20, 20, 30);
	cpu_state(&s, 1, 1, 50, 0, 50);
	cpu_state(&s, 2, 1, 60, 0, 60);
	cpu_state(&s, 3, 1, 70, 0, 70);
	CU_ASSERT_EQUAL(push_dl_task(&s, 0, 20, 0xf), DL_PUSH_RESCHED);
	s.cpu[0].running_may_move = false;
	CU_ASSERT_EQUAL(push_dl_task(&s, 0, 20, 0xf), 3);
	s.cpu[0].running_dl = 10;
	s.cpu[0].running_may_move = true;
	CU_ASSERT_EQUAL(push_dl_task(&s, 0, 20, 0xf), 3);
	CU_ASSERT_EQUAL(push_dl_task(&s, 0, 80, 0xf), DL_PUSH_NONE);

	cpu_state(&s, 0, 2, 10, 20, 10);
	cpu_state(&s, 1, 3, 10, 25, 15);
	cpu_state(&s, 3, 2, 5, 5, 8);
	CU_ASSERT_EQUAL(pull_dl_task(&s, 2, src), 1);
	CU_ASSERT_EQUAL(src[0], 0);
	s.cpu[1].next_dl = 15;
	s.cpu[1].running_dl = 12;
	CU_ASSERT_EQUAL(pull_dl_task(&s, 2, src), 2);
	CU_ASSERT_EQUAL(src[0], 0);
	CU_ASSERT_EQUAL(src[1], 1);
	s.cpu[0].next_dl = 14;
	CU_ASSERT_EQUAL(pull_dl_task(&s, 2, src), 1);
	CU_ASSERT_EQUAL(src[0], 0);
	/* a CPU whose own earliest beats them all pulls nothing */
	s.cpu[2].curr_dl = 1;
	CU_ASSERT_EQUAL(pull_dl_task(&s, 2, src), 0);
}

/* ------------------------------------------------------------ the check */

static void test_check(void)
{
	struct sched_dl_entity se[3];
	struct dl_rq rq;
	int i;

	init_dl_rq(&rq);
	for (i = 0; i < 3; i++) {
		make_entity(&se[i], 2 * MS, 10 * MS, 10 * MS);
		se[i].nr_cpus_allowed = 2;
		dl_attach(&rq, &se[i]);
		enqueue_dl_entity(&rq, &se[i], ENQUEUE_RESTORE,
				  BASE + (uint64_t)i * MS);
	}
	set_next_dl_entity(&rq, pick_next_dl_entity(&rq));
	CU_ASSERT_PTR_EQUAL(rq.curr, &se[0]);
	CU_ASSERT_EQUAL(rq.earliest_dl.curr, BASE + 10 * MS);
	CU_ASSERT_EQUAL(rq.earliest_dl.next, BASE + 11 * MS);
	CU_ASSERT(rq.overloaded);
	CU_ASSERT(dl_rq_check(&rq));

	rq.dl_nr_running++;
	EXPECT_CHECK_FAILS(dl_rq_check(&rq), "dl_rq_check");
	expect_detail(": dl_nr_running 4 but the tree holds 3");
	rq.dl_nr_running--;

	rq.earliest_dl.curr++;
	EXPECT_CHECK_FAILS(dl_rq_check(&rq), "dl_rq_check");
	expect_detail(": earliest_dl.curr");
	rq.earliest_dl.curr--;

	rq.earliest_dl.next = 0;
	EXPECT_CHECK_FAILS(dl_rq_check(&rq), "dl_rq_check");
	expect_detail(": earliest_dl.next 0 but the pushable leftmost");
	rq.earliest_dl.next = BASE + 11 * MS;

	se[2].deadline = BASE;
	EXPECT_CHECK_FAILS(dl_rq_check(&rq), "dl_rq_check");
	expect_detail(": rb_check_cached at ");
	se[2].deadline = BASE + 12 * MS;

	rq.running_bw++;
	EXPECT_CHECK_FAILS(dl_rq_check(&rq), "dl_rq_check");
	expect_detail(": running_bw 629146 but the active sum to 629145");
	rq.running_bw--;

	rq.this_bw--;
	EXPECT_CHECK_FAILS(dl_rq_check(&rq), "dl_rq_check");
	expect_detail(": this_bw 629144 but the attached sum to 629145");
	rq.this_bw++;

	rq.overloaded = false;
	EXPECT_CHECK_FAILS(dl_rq_check(&rq), "dl_rq_check");
	expect_detail(": overloaded 0 with 2 pushable");
	rq.overloaded = true;

	se[1].dl_throttled = true;
	EXPECT_CHECK_FAILS(dl_rq_check(&rq), "dl_rq_check");
	expect_detail(": queued entity 2 is throttled");
	se[1].dl_throttled = false;

	se[2].nr_cpus_allowed = 1;
	EXPECT_CHECK_FAILS(dl_rq_check(&rq), "dl_rq_check");
	expect_detail(": pushable entity 2 may not move");
	se[2].nr_cpus_allowed = 2;

	se[0].dl_active = false;
	se[0].dl_non_contending = true;
	EXPECT_CHECK_FAILS(dl_rq_check(&rq), "dl_rq_check");
	expect_detail(": an inactive entity is non contending");
	se[0].dl_non_contending = false;
	se[0].dl_active = true;

	CU_ASSERT(dl_rq_check(&rq));
	EXPECT_CHECK_FAILS(dl_rq_check(NULL), "dl_rq_check");
	expect_detail(": no dl_rq (NULL)");
}

/*
 * Throttling of 2 ms / 10 ms with its deadline at 10 ms and 1 ms left:
 *  - charged 1 ms at 9 ms: runtime 0, throttled, off the tree, the timer
 *    at the next period, 10 - 10 + 10 = 10 ms;
 *  - charged 1 ms at 10 ms: the next period is now, not after it: no
 *    timer, replenished at once (deadline 20 ms, runtime 2 ms) and queued;
 *  - a yield with 1 ms left and nothing charged throttles it too, and the
 *    replenishment forfeits that 1 ms: runtime 2 ms, deadline 20 ms.
 */
static void test_throttle(void)
{
	struct sched_dl_entity se;
	struct dl_rq rq;

	init_dl_rq(&rq);
	make_entity(&se, 2 * MS, 10 * MS, 10 * MS);
	dl_attach(&rq, &se);
	enqueue_dl_entity(&rq, &se, ENQUEUE_RESTORE, 8 * MS);
	CU_ASSERT_EQUAL(se.deadline, 18 * MS);
	se.deadline = 10 * MS;
	se.runtime = (int64_t)MS;
	CU_ASSERT_FALSE(update_curr_dl_se(&rq, &se, 0, 9 * MS));
	CU_ASSERT(update_curr_dl_se(&rq, &se, (int64_t)MS, 9 * MS));
	CU_ASSERT(se.dl_throttled);
	CU_ASSERT_EQUAL(se.dl_timer, 10 * MS);
	CU_ASSERT_EQUAL(rq.dl_nr_running, 0);
	CU_ASSERT(dl_rq_check(&rq));
	dl_task_timer(&rq, &se, true, 10 * MS);
	CU_ASSERT_EQUAL(rq.dl_nr_running, 1);

	se.deadline = 10 * MS;
	se.runtime = (int64_t)MS;
	CU_ASSERT(update_curr_dl_se(&rq, &se, (int64_t)MS, 10 * MS));
	CU_ASSERT_FALSE(se.dl_throttled);
	CU_ASSERT_EQUAL(se.dl_timer, 0);
	CU_ASSERT_EQUAL(se.deadline, 20 * MS);
	CU_ASSERT_EQUAL(se.runtime, (int64_t)(2 * MS));
	CU_ASSERT_EQUAL(rq.dl_nr_running, 1);
	CU_ASSERT(dl_rq_check(&rq));

	se.deadline = 10 * MS;
	se.runtime = (int64_t)MS;
	yield_dl_entity(&se);
	CU_ASSERT(update_curr_dl_se(&rq, &se, 0, 10 * MS));
	CU_ASSERT_EQUAL(se.deadline, 20 * MS);
	CU_ASSERT_EQUAL(se.runtime, (int64_t)(2 * MS));
	CU_ASSERT_FALSE(se.dl_yielded);
	CU_ASSERT(dl_rq_check(&rq));
	dequeue_dl_entity(&rq, &se, 0, 10 * MS);
	dl_detach(&rq, &se);
}

static CU_TestInfo cbs_tests[] = {
	{ "runtime spent: throttled until the next period", test_throttle },
	{ "to_ratio is runtime << 20 / period", test_to_ratio },
	{ "__checkparam_dl enforces each bound", test_checkparam },
	{ "an overrun is paid back a period at a time", test_replenish },
	{ "the wake-up rule keeps or renews the instance", test_wakeup_rule },
	{ "a constrained task: revised rule and throttle to next period",
	  test_revised_wakeup },
	{ "a blocked task leaves running_bw at its 0-lag time",
	  test_non_contending },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo admission_tests[] = {
	{ "three 40% tasks on one CPU: the third refused", test_admission },
	{ "a change gives the old bandwidth back first",
	  test_change_and_leave },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo timeline_tests[] = {
	{ "a 2/10 ms hog runs 2 ms each period, throttled 8",
	  test_hog_timeline },
	{ "2/10 ms beside hogs gets 20% and never misses", test_beside_hogs },
	{ "EDF with utilization <= 1 misses nothing", test_edf_no_miss },
	{ "global EDF: the Dhall effect on 2..4 CPUs", test_dhall },
	{ "global EDF soak: the m earliest run, checked each tick",
	  test_global_soak },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo global_tests[] = {
	{ "cpudl_find: a free CPU, else the latest deadline", test_cpudl_find },
	{ "push reschedules or finds a later CPU; pull takes the earliest",
	  test_push_pull },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo check_tests[] = {
	{ "each corruption reported", test_check },
	CU_TEST_INFO_NULL,
};

/*
 * The class on one CPU at HZ=1000, worked by hand: a task of 2 ms every
 * 10 ms (20%) that always wants the CPU, beside a SCHED_OTHER hog.
 * Tick 1 charges 1 ms (1 ms left); tick 2 spends it: throttled, its
 * replenishment timer at its next period (10 ms after its start), the
 * hog runs; at tick 10 the timer gives it 2 ms and the deadline 20 ms,
 * and it preempts the hog.
 */
static void test_class_timeline(void)
{
	struct sched_attr attr = { .sched_policy = SCHED_DEADLINE,
				   .sched_runtime = 2000000,
				   .sched_deadline = 10000000,
				   .sched_period = 10000000 };
	struct task_struct *d, *hog;
	uint64_t t0;
	int k;

	machine_up_class(1, 1000, &eevdf_sched_class);
	hog = new_task_on("hog", 0, 0);
	d = sched_new_task("d", 0, SCHED_OTHER, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_EQUAL(sched_setattr(d, &attr), 0);
	CU_ASSERT_PTR_EQUAL(d->sched_class, &dl_sched_class);
	CU_ASSERT_EQUAL(d->prio, -1);
	t0 = (uint64_t)jiffies * 1000000;
	CU_ASSERT_EQUAL(wake_up_forked_process(d, 0), 0);
	schedule(0);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), d);
	CU_ASSERT_EQUAL(d->dl->deadline, t0 + 10000000);
	CU_ASSERT_EQUAL(d->dl->runtime, 2000000);
	machine_tick();
	CU_ASSERT_EQUAL(d->dl->runtime, 1000000);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), d);
	machine_tick();
	CU_ASSERT_EQUAL(d->dl->runtime, 0);
	CU_ASSERT_TRUE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->dl_timer, t0 + 10000000);
	CU_ASSERT_EQUAL(d->dl->nr_throttled, 1);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), hog);
	CU_ASSERT_TRUE(task_queued(d));
	SCHED_CHECK();
	for (k = 3; k < 10; k++) {
		machine_tick();
		CU_ASSERT_PTR_EQUAL(cpu_curr(0), hog);
	}
	machine_tick();
	CU_ASSERT_FALSE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->runtime, 2000000);
	CU_ASSERT_EQUAL(d->dl->deadline, t0 + 20000000);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), d);
	CU_ASSERT_EQUAL(d->dl->nr_missed, 0);
	SCHED_CHECK();
	machine_down();
}

/*
 * Admission on one CPU: 40% and 40% fit in 95%; a third 40% is -EBUSY
 * and leaves that task as it was; a bad reservation is -EINVAL; leaving
 * the class gives the bandwidth back.
 */
static void test_class_admission(void)
{
	struct sched_attr attr = { .sched_policy = SCHED_DEADLINE,
				   .sched_runtime = 4000000,
				   .sched_deadline = 10000000,
				   .sched_period = 10000000 };
	struct sched_attr other = { .sched_policy = SCHED_OTHER };
	struct task_struct *p[3];
	uint64_t total, cap;
	int k;

	machine_up_class(1, 1000, &o1_sched_class);
	for (k = 0; k < 3; k++) {
		p[k] = sched_new_task("d", 0, SCHED_OTHER, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p[k]);
	}
	CU_ASSERT_EQUAL(sched_setattr(p[0], &attr), 0);
	CU_ASSERT_EQUAL(sched_setattr(p[1], &attr), 0);
	CU_ASSERT_EQUAL(sched_setattr(p[2], &attr), -EBUSY);
	CU_ASSERT_PTR_EQUAL(p[2]->sched_class, &o1_sched_class);
	CU_ASSERT_EQUAL(p[2]->policy, SCHED_OTHER);
	/* an entity only for a task in the class */
	CU_ASSERT_PTR_NOT_NULL(p[0]->dl);
	CU_ASSERT_PTR_EQUAL(p[0]->dl->task, p[0]);
	CU_ASSERT_PTR_NULL(p[2]->dl);
	sched_dl_bandwidth(&total, &cap);
	CU_ASSERT_EQUAL(total, 2 * to_ratio(10000000, 4000000));
	CU_ASSERT_EQUAL(cap, to_ratio(1000000, 950000));
	CU_ASSERT_EQUAL(setscheduler(p[2], SCHED_DEADLINE, 0), -EINVAL);
	attr.sched_runtime = 20000000; /* runtime > deadline */
	CU_ASSERT_EQUAL(sched_setattr(p[2], &attr), -EINVAL);
	attr.sched_runtime = 4000000;
	attr.sched_flags = 1;
	CU_ASSERT_EQUAL(sched_setattr(p[2], &attr), -EINVAL);
	attr.sched_flags = 0;
	CU_ASSERT_EQUAL(sched_setattr(p[0], &other), 0);
	CU_ASSERT_PTR_EQUAL(p[0]->sched_class, &o1_sched_class);
	CU_ASSERT_PTR_NULL(p[0]->dl);
	CU_ASSERT_EQUAL(sched_setattr(p[2], &attr), 0);
	CU_ASSERT_PTR_EQUAL(p[2]->sched_class, &dl_sched_class);
	for (k = 0; k < 3; k++)
		CU_ASSERT_EQUAL(wake_up_forked_process(p[k], 0), 0);
	SCHED_CHECK();
	machine_down();
}

/*
 * The class's queue in a snapshot (sched_snapshot(), and its JSON): the
 * 2 ms / 10 ms task of the timeline above, throttled after two ticks,
 * comes first (the chain's highest class with a queue), with its
 * reservation, its spent runtime and one throttle; a machine with no DL
 * task shows no deadline queue at all.
 */
static void test_class_snapshot(void)
{
	struct sched_attr attr = dl_attr(2 * MS, 10 * MS, 10 * MS);
	const struct sched_snapshot_dl_task *t;
	struct sched_snapshot *snap;
	struct task_struct *d;
	json_t *obj, *q;

	machine_up_class(1, 1000, &eevdf_sched_class);
	new_task_on("hog", 0, 0);
	CU_ASSERT_EQUAL_FATAL(sched_snapshot(0, &snap), 0);
	CU_ASSERT_PTR_NOT_EQUAL(snap->queues[0].sched_class, &dl_sched_class);
	CU_ASSERT_PTR_EQUAL(snap->queues[snap->nr_queues - 1].sched_class,
			    &eevdf_sched_class);
	sched_snapshot_free(snap);
	d = new_dl_task_on("d", &attr, 0);
	schedule(0);
	machine_tick();
	machine_tick();
	CU_ASSERT_TRUE_FATAL(d->dl->dl_throttled);
	CU_ASSERT_EQUAL_FATAL(sched_snapshot(0, &snap), 0);
	CU_ASSERT_PTR_EQUAL(snap->queues[0].sched_class, &dl_sched_class);
	CU_ASSERT_EQUAL_FATAL(snap->queues[0].kind, SCHED_SNAPSHOT_EDF);
	CU_ASSERT_EQUAL(snap->queues[0].edf.this_bw, d->dl->dl_bw);
	CU_ASSERT_EQUAL_FATAL(snap->queues[0].edf.nr_tasks, 1);
	t = &snap->queues[0].edf.tasks[0];
	CU_ASSERT_STRING_EQUAL(t->task.comm, "d");
	CU_ASSERT_EQUAL(t->task.policy, SCHED_DEADLINE);
	CU_ASSERT_EQUAL(t->dl_runtime, 2 * MS);
	CU_ASSERT_EQUAL(t->dl_deadline, 10 * MS);
	CU_ASSERT_EQUAL(t->dl_period, 10 * MS);
	CU_ASSERT_EQUAL(t->runtime, 0);
	CU_ASSERT(t->throttled);
	CU_ASSERT_EQUAL(t->throttles, 1);
	CU_ASSERT_EQUAL(t->misses, 0);
	obj = sched_snapshot_json(snap);
	CU_ASSERT_PTR_NOT_NULL_FATAL(obj);
	q = json_array_get(json_object_get(obj, "queues"), 0);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(q, "kind")),
			       "edf");
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(q, "class")),
			       "deadline");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(
				json_array_get(json_object_get(q, "tasks"), 0),
				"throttles")),
			1);
	json_decref(obj);
	sched_snapshot_free(snap);
	machine_down();
}

/*
 * A task's entity is allocated as it enters the class: failing that
 * allocation is -ENOMEM with the task as it was (its class, no entity,
 * no bandwidth taken, nothing leaked); the next try enters.  Leaving the
 * class while running gives the entity back; a task that dies in the
 * class gives it back when it is freed (machine_down()).
 */
static void test_class_enomem(void)
{
	struct sched_attr attr = { .sched_policy = SCHED_DEADLINE,
				   .sched_runtime = 4000000,
				   .sched_deadline = 10000000,
				   .sched_period = 10000000 };
	struct sched_attr other = { .sched_policy = SCHED_OTHER };
	struct task_struct *p;
	uint64_t total, cap;
	long live;

	machine_up_class(1, 1000, &cfs_sched_class);
	p = sched_new_task("d", 0, SCHED_OTHER, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(wake_up_forked_process(p, 0), 0);
	live = kmalloc_live();
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(sched_setattr(p, &attr), -ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT_PTR_NULL(p->dl);
	CU_ASSERT_PTR_EQUAL(p->sched_class, &cfs_sched_class);
	CU_ASSERT_EQUAL(p->policy, SCHED_OTHER);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	sched_dl_bandwidth(&total, &cap);
	CU_ASSERT_EQUAL(total, 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(sched_setattr(p, &attr), 0);
	CU_ASSERT_PTR_NOT_NULL(p->dl);
	CU_ASSERT_PTR_EQUAL(p->sched_class, &dl_sched_class);
	CU_ASSERT_EQUAL(kmalloc_live(), live + 1);
	SCHED_CHECK();
	/* running and queued, it leaves the class: the entity goes back */
	CU_ASSERT_PTR_EQUAL(schedule(0), p);
	machine_tick();
	CU_ASSERT_EQUAL(sched_setattr(p, &other), 0);
	CU_ASSERT_PTR_NULL(p->dl);
	CU_ASSERT_PTR_EQUAL(p->sched_class, &cfs_sched_class);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	sched_dl_bandwidth(&total, &cap);
	CU_ASSERT_EQUAL(total, 0);
	SCHED_CHECK();
	machine_tick();
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), p);
	/* and comes back with a new one */
	CU_ASSERT_EQUAL(sched_setattr(p, &attr), 0);
	CU_ASSERT_PTR_NOT_NULL(p->dl);
	SCHED_CHECK();
	machine_down();
}

/* the clock of a machine at 250 Hz, a driver finer than the tick */
#define TICK_250 (4 * MS)

/* the time is @ns past the last tick, as a driver with hrtimers sets it */
static void at_subtick(uint64_t ns)
{
	kstruct_subtick_ns = ns;
}

/* the next tick: the driver sets the ns past it back to 0 first */
static void tick_250(void)
{
	kstruct_subtick_ns = 0;
	machine_tick();
}

/*
 * Run time charged to the ns of the runqueue clock, as Linux's
 * update_curr_dl(), on one CPU at 250 Hz (a 4 ms tick) under eevdf, the
 * test playing a driver with hrtimers (kstruct_subtick_ns, the ns past
 * the tick).  With HRTICK off, an exhausted runtime is found at the next
 * tick or switch, and the replenishment pays the overrun back.  Times
 * from t0, a tick; d is 2 ms every 10 ms, e 1 ms every 4 ms, beside a
 * fair hog:
 *
 *   t0+1     d wakes: deadline t0+11, runtime 2 ms; it preempts the hog
 *   t0+4     tick: 3 ms charged, runtime -1 ms: throttled, its timer at
 *            its next period, t0+11 (the hog runs)
 *   t0+11    the timer, between ticks: -1 + 2 = 1 ms, deadline t0+21;
 *            d preempts the hog
 *   t0+11.25 e wakes (deadline t0+15.25, earlier): d is switched out,
 *            charged 0.25 ms (0.75 ms left)
 *   t0+11.5  e blocks, charged 0.25 ms (0.75 ms left): its 0-lag time is
 *            15.25 - 0.75 * 4 / 1 = t0+12.25, its inactive timer; d runs
 *   t0+12    tick: d charged 0.5 ms (0.25 ms left)
 *   t0+12.25 e's inactive timer, between ticks: it leaves running_bw
 *   t0+16    tick: d charged 4 ms, runtime -3.75 ms: throttled, its
 *            timer at t0+21
 *   t0+21    the timer: -3.75 + 2 = -1.75, + 2 = 0.25 ms, the deadline
 *            two periods on: t0+41
 */
static void test_class_ns(void)
{
	struct sched_attr da = dl_attr(2 * MS, 10 * MS, 10 * MS);
	struct sched_attr ea = dl_attr(1 * MS, 4 * MS, 4 * MS);
	struct task_struct *d, *e, *hog;
	uint64_t t0;

	machine_up_class(1, 250, &eevdf_sched_class);
	t0 = (uint64_t)jiffies * TICK_250;
	hog = new_task_on("hog", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), hog);
	d = sched_new_task("d", 0, SCHED_OTHER, 0);
	e = sched_new_task("e", 0, SCHED_OTHER, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_EQUAL(sched_setattr(d, &da), 0);
	CU_ASSERT_EQUAL(sched_setattr(e, &ea), 0);
	CU_ASSERT_EQUAL(dl_next_timer(), UINT64_MAX);

	at_subtick(1 * MS);
	CU_ASSERT_EQUAL(wake_up_forked_process(d, 0), 0);
	CU_ASSERT_EQUAL(d->dl->deadline, t0 + 11 * MS);
	CU_ASSERT_EQUAL(d->dl->runtime, (int64_t)(2 * MS));
	CU_ASSERT(test_tsk_need_resched(hog));
	CU_ASSERT_PTR_EQUAL(schedule(0), d);

	tick_250();
	CU_ASSERT_EQUAL(d->dl->runtime, -(int64_t)MS);
	CU_ASSERT_TRUE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->dl_timer, t0 + 11 * MS);
	CU_ASSERT_EQUAL(d->dl->nr_throttled, 1);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), hog);
	CU_ASSERT_EQUAL(dl_next_timer(), t0 + 11 * MS);
	SCHED_CHECK();

	tick_250(); /* t0+8: not due yet */
	CU_ASSERT_TRUE(d->dl->dl_throttled);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), hog);
	at_subtick(3 * MS);
	dl_run_timers();
	CU_ASSERT_FALSE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->runtime, (int64_t)MS);
	CU_ASSERT_EQUAL(d->dl->deadline, t0 + 21 * MS);
	CU_ASSERT_EQUAL(d->dl->dl_timer, 0);
	CU_ASSERT(test_tsk_need_resched(hog));
	CU_ASSERT_PTR_EQUAL(schedule(0), d);
	CU_ASSERT_EQUAL(dl_next_timer(), UINT64_MAX);
	SCHED_CHECK();

	at_subtick(3 * MS + 250 * US);
	CU_ASSERT_EQUAL(wake_up_forked_process(e, 0), 0);
	CU_ASSERT_EQUAL(e->dl->deadline, t0 + 15 * MS + 250 * US);
	CU_ASSERT_PTR_EQUAL(schedule(0), e);
	CU_ASSERT_EQUAL(d->dl->runtime, (int64_t)(750 * US));

	at_subtick(3 * MS + 500 * US);
	set_task_state(e, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL(schedule(0), d);
	CU_ASSERT_EQUAL(e->dl->runtime, (int64_t)(750 * US));
	CU_ASSERT_TRUE(e->dl->dl_non_contending);
	CU_ASSERT_EQUAL(e->dl->inactive_timer, t0 + 12 * MS + 250 * US);
	CU_ASSERT_EQUAL(dl_next_timer(), t0 + 12 * MS + 250 * US);
	SCHED_CHECK();

	tick_250(); /* t0+12 */
	CU_ASSERT_EQUAL(d->dl->runtime, (int64_t)(250 * US));
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), d);
	CU_ASSERT_TRUE(e->dl->dl_active);
	at_subtick(250 * US);
	dl_run_timers();
	CU_ASSERT_FALSE(e->dl->dl_active);
	CU_ASSERT_FALSE(e->dl->dl_non_contending);
	CU_ASSERT_EQUAL(e->dl->inactive_timer, 0);
	SCHED_CHECK();

	tick_250(); /* t0+16 */
	CU_ASSERT_EQUAL(d->dl->runtime, -(int64_t)(3 * MS + 750 * US));
	CU_ASSERT_TRUE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->dl_timer, t0 + 21 * MS);
	CU_ASSERT_EQUAL(d->dl->nr_throttled, 2);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), hog);
	tick_250(); /* t0+20 */
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), hog);
	at_subtick(1 * MS);
	dl_run_timers();
	CU_ASSERT_EQUAL(d->dl->runtime, (int64_t)(250 * US));
	CU_ASSERT_EQUAL(d->dl->deadline, t0 + 41 * MS);
	CU_ASSERT_PTR_EQUAL(schedule(0), d);
	CU_ASSERT_EQUAL(d->dl->nr_missed, 0);
	SCHED_CHECK();
	kstruct_subtick_ns = 0;
	machine_down();
}

/*
 * Under o1 (and goodness), jiffy timers: the clock the class reads is
 * the tick's, so run time is charged in whole ticks and a timer fires at
 * the first tick at or after its time, as 2.5.33 had nothing finer.  At
 * 250 Hz, 2 ms every 10 ms alone on its CPU, woken at t0 (a tick):
 *
 *   t0+4   tick: 4 ms charged, runtime -2 ms: throttled, timer at t0+10;
 *          nothing else to run: the CPU idles (o1's pick finds its
 *          arrays empty though nr_running counts the throttled task)
 *   t0+12  tick: the timer (due at t0+10): -2 + 2 = 0, + 2 = 2 ms, the
 *          deadline two periods on, t0+30; it runs again
 *   t0+16  tick: 4 ms charged again: timer at t0+30, fired at t0+32
 *
 * 4 ms every 20 ms: its 20%, in half as many activations as periods.
 */
static void test_class_jiffies(void)
{
	struct sched_attr da = dl_attr(2 * MS, 10 * MS, 10 * MS);
	struct task_struct *d;
	uint64_t t0;

	machine_up_class(1, 250, &o1_sched_class);
	t0 = (uint64_t)jiffies * TICK_250;
	d = new_dl_task_on("d", &da, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), d);
	CU_ASSERT_EQUAL(d->dl->deadline, t0 + 10 * MS);

	machine_tick(); /* t0+4 */
	CU_ASSERT_EQUAL(d->dl->runtime, -(int64_t)(2 * MS));
	CU_ASSERT_TRUE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->dl_timer, t0 + 10 * MS);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), idle_task(0));
	CU_ASSERT_TRUE(task_queued(d));
	SCHED_CHECK();
	machine_tick(); /* t0+8 */
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), idle_task(0));
	machine_tick(); /* t0+12 */
	CU_ASSERT_FALSE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->runtime, (int64_t)(2 * MS));
	CU_ASSERT_EQUAL(d->dl->deadline, t0 + 30 * MS);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), d);
	machine_tick(); /* t0+16 */
	CU_ASSERT_TRUE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->dl_timer, t0 + 30 * MS);
	CU_ASSERT_EQUAL(d->dl->nr_throttled, 2);
	CU_ASSERT_EQUAL(d->dl->nr_missed, 0);
	SCHED_CHECK();
	machine_down();
}

/*
 * set_cpus_allowed() moves a DL task off its CPU (the migration thread
 * takes it whether it runs, waits or is throttled): its entity leaves the
 * old CPU's list and bandwidth and joins the new one's, and a throttled
 * one keeps its replenishment timer, which fires on the new CPU.  2 CPUs
 * at HZ=1000 under cfs, 2 ms every 10 ms beside a hog on each CPU.
 */
static void test_class_affinity(void)
{
	struct sched_attr da = dl_attr(2 * MS, 10 * MS, 10 * MS);
	struct task_struct *d;
	uint64_t t0;

	machine_up_class(2, 1000, &cfs_sched_class);
	t0 = (uint64_t)jiffies * MS;
	new_task_on("hog0", 0, 0);
	new_task_on("hog1", 0, 1);
	d = new_dl_task_on("d", &da, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), d);
	schedule(1);
	SCHED_CHECK();

	/* running on CPU 0, then allowed CPU 1 only */
	CU_ASSERT_EQUAL(set_cpus_allowed(d, 1UL << 1), 0);
	CU_ASSERT_EQUAL(task_cpu(d), 1);
	SCHED_CHECK();
	schedule(0);
	CU_ASSERT_PTR_EQUAL(schedule(1), d);
	SCHED_CHECK();

	/* throttled on CPU 1 after 2 ms, then moved back to CPU 0 */
	machine_tick();
	machine_tick();
	CU_ASSERT_TRUE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->dl_timer, t0 + 10 * MS);
	CU_ASSERT_EQUAL(set_cpus_allowed(d, 1UL << 0), 0);
	CU_ASSERT_EQUAL(task_cpu(d), 0);
	CU_ASSERT_TRUE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->dl_timer, t0 + 10 * MS);
	SCHED_CHECK();
	while ((uint64_t)jiffies * MS < t0 + 10 * MS)
		machine_tick();
	CU_ASSERT_FALSE(d->dl->dl_throttled);
	CU_ASSERT_EQUAL(d->dl->deadline, t0 + 20 * MS);
	CU_ASSERT_PTR_EQUAL(cpu_curr(0), d);
	SCHED_CHECK();
	machine_down();
}

static CU_TestInfo class_tests[] = {
	{ "its queue in a snapshot, and none without a DL task",
	  test_class_snapshot },
	{ "2 ms / 10 ms beside a hog: throttle and replenish by hand",
	  test_class_timeline },
	{ "charged to the ns: throttle at the tick, overrun paid back, timers at their ns",
	  test_class_ns },
	{ "o1's jiffy timers: whole ticks charged; a throttled task alone idles its CPU",
	  test_class_jiffies },
	{ "set_cpus_allowed(): a DL task moves, running or throttled, timer kept",
	  test_class_affinity },
	{ "sched_setattr(): admission, -EBUSY, -EINVAL, leaving",
	  test_class_admission },
	{ "sched_setattr(): -ENOMEM for the entity, the task as it was",
	  test_class_enomem },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/deadline/class", class_tests, NULL, machine_cleanup)
KTEST_SUITE("sched/deadline/cbs", cbs_tests, NULL, NULL)
KTEST_SUITE("sched/deadline/sched_setattr_dl", admission_tests, NULL, NULL)
KTEST_SUITE("sched/deadline/timelines", timeline_tests, NULL, NULL)
KTEST_SUITE("sched/deadline/global_edf", global_tests, NULL, NULL)
KTEST_SUITE("sched/deadline/dl_rq_check", check_tests, report_suite_init,
	    report_suite_cleanup)
