// SPDX-License-Identifier: MIT
/*
 * tests/sim/test_classes.c - the simulator under every scheduling class
 * (sim_options.sched_class): the long-run CPU share of hogs at different
 * nice levels against each generation's rule, sim_check() after every
 * tick of several workloads and seeds, repeatable traces, and the
 * threaded mode (suite "sim/threads/classes", run under ThreadSanitizer).
 * tests/sim/test_sim.c fails every allocation of a run under every class.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/class.h"
#include "sched/goodness.h"
#include "sched/sched.h"
#include "sim/internal.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tests/ktest.h"
#include "tests/sim/load.h"

struct run {
	struct sim_workload *wl;
	struct sim *s;
	const struct sim_report *r;
};

static int run_start(struct run *run, const char *workload,
		     struct sim_options *opt)
{
	memset(run, 0, sizeof(*run));
	return load_and_run(workload, opt, &run->wl, &run->s, &run->r);
}

static void run_end(struct run *run)
{
	sim_destroy(run->s);
	sim_workload_free(run->wl);
	memset(run, 0, sizeof(*run));
}

/* -------------------------------------------------------------- shares */

/* @nr hogs at the nice levels of @nice, alone on one CPU */
static void hogs_json(char *buf, size_t len, const int *nice, int nr)
{
	int i, n;

	n = snprintf(buf, len, "{\"tasks\":{");
	for (i = 0; i < nr; i++)
		n += snprintf(buf + n, len - n,
			      "%s\"h%d\":{\"priority\":%d,\"run\":100000000}",
			      i ? "," : "", i, nice[i]);
	snprintf(buf + n, len - n, "}}");
}

/*
 * Run hogs at @nice for @seconds on one CPU under @class at @hz, and
 * check each one's run time against its share of the total by @weight,
 * within @slack ticks.
 */
static void check_shares(const struct sched_class *class, unsigned int hz,
			 const int *nice, const unsigned long *weight, int nr,
			 unsigned int seconds, unsigned long slack)
{
	struct sim_options o = { .nr_cpus = 1,
				 .hz = hz,
				 .duration_usec = seconds * 1000000ull,
				 .sched_class = class };
	unsigned long long total = 0, sum = 0, expect;
	char json[512];
	struct run run;
	int i;

	hogs_json(json, sizeof(json), nice, nr);
	CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o), 0);
	CU_ASSERT_EQUAL_FATAL(run.r->nr_tasks, (unsigned long)nr);
	for (i = 0; i < nr; i++) {
		total += sim_report_ticks(run.r,
					  sim_report_task(run.r, i)->runtime);
		sum += weight[i];
	}
	CU_ASSERT_EQUAL(total, (unsigned long long)seconds * hz);
	for (i = 0; i < nr; i++) {
		long long got = sim_report_ticks(
			run.r, sim_report_task(run.r, i)->runtime);

		expect = total * weight[i] / sum;
		if (llabs(got - (long long)expect) > (long long)slack) {
			fprintf(stderr,
				"\n%s HZ=%u nice %d: %lld ticks, expected %llu +- %lu\n",
				class->name, hz, nice[i], got, expect, slack);
			CU_FAIL("share off its rule");
		}
	}
	run_end(&run);
}

/*
 * goodness: each epoch every hog runs out its counter, NICE_TO_TICKS(nice)
 * (the recalculation gives 0 >> 1 + NICE_TO_TICKS), so the shares are the
 * ratio of those, exactly, but for the epoch under way when the run ends:
 * at most one epoch (the sum of the slices) of slack.
 */
static void test_shares_goodness(void)
{
	static const int nice[] = { 0, 5 }, nice3[] = { -3, 0, 5 };
	unsigned long w[3];
	unsigned int hz[] = { 100, 250, 1000 }, k;
	int i;

	for (k = 0; k < ARRAY_SIZE(hz); k++) {
		kstruct_hz = hz[k];
		for (i = 0; i < 2; i++)
			w[i] = NICE_TO_TICKS(nice[i]);
		kstruct_hz = DEFAULT_HZ;
		check_shares(&goodness_sched_class, hz[k], nice, w, 2, 20,
			     w[0] + w[1]);
	}
	/* by hand at HZ=1000: 41 : 31, and 47 : 41 : 31 */
	w[0] = 41;
	w[1] = 31;
	check_shares(&goodness_sched_class, 1000, nice, w, 2, 20, 72);
	w[0] = 47;
	w[1] = 41;
	w[2] = 31;
	check_shares(&goodness_sched_class, 1000, nice3, w, 3, 20, 119);
}

/*
 * o1: hogs never sleep, so they stay at static_prio + 5, are never
 * interactive, and expire into the other array: each round runs one
 * timeslice of each (151 : 114 at HZ=1000, nice 0 : 5), exactly, but for
 * the round under way at the end.
 */
static void test_shares_o1(void)
{
	static const int nice[] = { 0, 5 }, nice3[] = { -3, 0, 5 };
	unsigned long w[] = { 151, 114 }, w3[] = { 173, 151, 114 };

	check_shares(&o1_sched_class, 1000, nice, w, 2, 20, 265);
	/* nice -3: 10 + 290 * 22 / 39 = 173 ticks */
	check_shares(&o1_sched_class, 1000, nice3, w3, 3, 20, 438);
}

/*
 * cfs and eevdf: run time in proportion to weight, 1024 : 335 (nice 0 :
 * 5) and 1991 : 1024 : 335 (nice -3 : 0 : 5).  Both keep every hog's
 * vruntime within a bound of the others': cfs within the period (the
 * latency, 6 ms, plus the tick the check waits for), eevdf within the
 * lag bound (a slice plus a tick); a hog's run time is its vruntime times
 * weight / 1024, so the error in ticks is at most that bound times the
 * heaviest hog's weight over 1024: 7 ms at 1991 / 1024 is 14 ticks at HZ
 * 1000; at HZ 100 one tick (10 ms) dominates: 2 ticks.  The totals are
 * 20000 and 2000 ticks: these are 0.07% and 0.1%.  (Runs are within a
 * tick of the ratio; the bound is what the design promises.)
 */
static void test_shares_fair(void)
{
	static const int nice[] = { 0, 5 }, nice3[] = { -3, 0, 5 };
	static const unsigned long w[] = { 1024, 335 },
				   w3[] = { 1991, 1024, 335 };
	const struct sched_class *class[] = { &cfs_sched_class,
					      &eevdf_sched_class };
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(class); k++) {
		check_shares(class[k], 1000, nice, w, 2, 20, 7);
		check_shares(class[k], 1000, nice3, w3, 3, 20, 14);
		check_shares(class[k], 100, nice, w, 2, 20, 2);
		check_shares(class[k], 100, nice3, w3, 3, 20, 2);
	}
}

/* -------------------------------------------------------- task groups */

struct want_share {
	const char *comm;
	double share; /* of one CPU's time */
	unsigned long slack; /* ticks */
};

/* run @json for @seconds on one CPU and check each task's share */
static void check_task_shares(const struct sched_class *class, unsigned int hz,
			      const char *json, unsigned int seconds,
			      const struct want_share *want, unsigned int n)
{
	struct sim_options o = { .nr_cpus = 1,
				 .hz = hz,
				 .duration_usec = seconds * 1000000ull,
				 .check_every_tick = 1,
				 .sched_class = class };
	unsigned long long total = (unsigned long long)seconds * hz;
	const struct sim_task_stats *ts;
	struct run run;
	unsigned int i;

	CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o), 0);
	for (i = 0; i < n; i++) {
		double expect = total * want[i].share;

		ts = task_named(run.wl, run.r, want[i].comm);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
		if (fabs(sim_report_ticks(run.r, ts->runtime) - expect) >
		    want[i].slack) {
			fprintf(stderr,
				"\n%s HZ=%u %s: %llu ticks, expected %.1f +- %lu\n",
				class->name, hz, want[i].comm,
				sim_report_ticks(run.r, ts->runtime), expect,
				want[i].slack);
			CU_FAIL("share off its rule");
		}
	}
	run_end(&run);
}

static const char one_and_four[] =
	"{\"tasks\":{\"a\":{\"taskgroup\":\"/A\",\"run\":100000000},"
	"\"b\":{\"instance\":4,\"taskgroup\":\"/B\",\"run\":100000000}}}";

/*
 * One CPU, /A with one hog, /B with four: cfs and eevdf give each group
 * the same share (two entities of weight 1024 at the root: each group
 * weighs its shares, 1024, on the only CPU), so a gets 50% and each b
 * 12.5%; o1 and goodness see five hogs: 20% each.  Slack: at each level
 * two siblings of equal weight stay within the flat bound of
 * test_shares_fair() (7 ticks at HZ 1000, 2 at HZ 100), so a task one
 * level down is within one such bound, a task two levels down within two
 * (its group's error, shared out, plus its own).  o1: a round of five
 * 151-tick slices may be cut at the end (151); goodness: an epoch of five
 * NICE_TO_TICKS(0) = 41 (205).
 */
static void test_group_shares_one_cpu(void)
{
	static const struct want_share fair1000[] = {
		{ "a", 0.5, 7 }, { "b-0", 0.125, 14 }, { "b-1", 0.125, 14 },
		{ "b-2", 0.125, 14 }, { "b-3", 0.125, 14 },
	}, fair100[] = {
		{ "a", 0.5, 2 }, { "b-0", 0.125, 4 }, { "b-1", 0.125, 4 },
		{ "b-2", 0.125, 4 }, { "b-3", 0.125, 4 },
	}, o1[] = {
		{ "a", 0.2, 151 }, { "b-0", 0.2, 151 }, { "b-1", 0.2, 151 },
		{ "b-2", 0.2, 151 }, { "b-3", 0.2, 151 },
	}, goodness[] = {
		{ "a", 0.2, 205 }, { "b-0", 0.2, 205 }, { "b-1", 0.2, 205 },
		{ "b-2", 0.2, 205 }, { "b-3", 0.2, 205 },
	};
	unsigned int k;

	for (k = 0; k < 2; k++) {
		const struct sched_class *class = k ? &eevdf_sched_class :
						      &cfs_sched_class;

		check_task_shares(class, 1000, one_and_four, 20, fair1000, 5);
		check_task_shares(class, 100, one_and_four, 20, fair100, 5);
	}
	check_task_shares(&o1_sched_class, 1000, one_and_four, 20, o1, 5);
	check_task_shares(&goodness_sched_class, 1000, one_and_four, 20,
			  goodness, 5);
}

/*
 * Shares from the workload ("global": {"taskgroups": ...}): one CPU, /A
 * of shares 256 and /B of 1024, a hog in each: the two group entities at
 * the root weigh 256 and 1024, so a gets 256 / 1280 = 20% and b 80%.
 * Slack: the flat bound of test_shares_fair() (7 ms of vruntime) times
 * the heavier weight over 1024, 1: 7 ticks of 20000.
 */
static void test_group_shares_set(void)
{
	static const char json[] =
		"{\"global\":{\"taskgroups\":{\"/A\":{\"shares\":256},"
		"\"/B\":{\"shares\":1024}}},"
		"\"tasks\":{\"a\":{\"taskgroup\":\"/A\",\"run\":100000000},"
		"\"b\":{\"taskgroup\":\"/B\",\"run\":100000000}}}";
	static const struct want_share want[] = {
		{ "a", 0.2, 7 },
		{ "b", 0.8, 7 },
	};
	unsigned int k;

	for (k = 0; k < 2; k++)
		check_task_shares(k ? &eevdf_sched_class : &cfs_sched_class,
				  1000, json, 20, want, ARRAY_SIZE(want));
}

/*
 * Nested groups and weights inside a group, on one CPU: r at the root
 * beside /a and /w (a third each); /a holds a1 and /a/b (a sixth each),
 * /a/b two tasks (a twelfth each); /w holds two nice-0 tasks and a nice-5
 * one, which split /w's third by weight, 1024 : 1024 : 335 of 2383.  24
 * s: r 8000 ticks, a1 4000, each b 2000, each w 3437.7, w5 1124.6.
 * Slack as above, a bound per level (three levels for /a/b's tasks).
 */
static void test_group_shares_nested(void)
{
	static const char json[] =
		"{\"tasks\":{\"r\":{\"run\":100000000},"
		"\"a1\":{\"taskgroup\":\"/a\",\"run\":100000000},"
		"\"b\":{\"instance\":2,\"taskgroup\":\"/a/b\",\"run\":100000000},"
		"\"w\":{\"instance\":2,\"taskgroup\":\"/w\",\"run\":100000000},"
		"\"w5\":{\"priority\":5,\"taskgroup\":\"/w\",\"run\":100000000}}}";
	static const struct want_share want[] = {
		{ "r", 1.0 / 3, 7 },
		{ "a1", 1.0 / 6, 14 },
		{ "b-0", 1.0 / 12, 21 },
		{ "b-1", 1.0 / 12, 21 },
		{ "w-0", 1024.0 / 2383 / 3, 14 },
		{ "w-1", 1024.0 / 2383 / 3, 14 },
		{ "w5", 335.0 / 2383 / 3, 14 },
	};
	unsigned int k;

	for (k = 0; k < 2; k++)
		check_task_shares(k ? &eevdf_sched_class : &cfs_sched_class,
				  1000, json, 24, want, ARRAY_SIZE(want));
}

/*
 * Two CPUs, /A with two hogs and /B with six, all started on CPU 0: each
 * group gets half the machine.  Idle CPU 1 pulls a task of /A at once;
 * the first busy balance (BUSY_REBALANCE_TICK, 250 ticks) moves the
 * other, and /A has CPU 1, /B CPU 0, each weighing 1024 on its CPU.
 * Before that, /A had CPU 1 and a third of CPU 0: the tolerance is those
 * 250 ticks (the most a group can get beyond its share while the groups
 * are not yet apart), plus the one-CPU bound of each CPU (2 x 7).  The
 * group figures are the scheduler's (sched_group_runtime()).
 */
static void test_group_shares_two_cpus(void)
{
	static const char json[] =
		"{\"tasks\":{\"a\":{\"instance\":2,\"taskgroup\":\"/A\","
		"\"run\":100000000},\"b\":{\"instance\":6,"
		"\"taskgroup\":\"/B\",\"run\":100000000}}}";
	unsigned int k, i;

	for (k = 0; k < 2; k++) {
		struct sim_options o = {
			.nr_cpus = 2,
			.hz = 1000,
			.duration_usec = 20000000,
			.check_every_tick = 1,
			.sched_class = k ? &eevdf_sched_class :
					   &cfs_sched_class,
		};
		unsigned long long sum = 0;
		struct run run;

		CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o), 0);
		CU_ASSERT_EQUAL_FATAL(run.r->nr_taskgroups, 2);
		for (i = 0; i < 2; i++) {
			long long got = sim_report_ticks(
				run.r, run.r->taskgroups[i].runtime);

			CU_ASSERT(llabs(got - 20000) <= 250 + 2 * 7);
			sum += got;
		}
		/* every busy tick went to one group or the other */
		CU_ASSERT_EQUAL(sum,
				sim_report_ticks(run.r,
						 run.r->cpus[0].busy +
							 run.r->cpus[1].busy));
		CU_ASSERT_STRING_EQUAL(run.r->taskgroups[0].path, "/A");
		run_end(&run);
	}
}

/*
 * rt-app moves a task at the start of a phase: a task alone on one CPU
 * runs 30 ms in /A, then 70 ms in /A/B, for 1 s: /A (its child counted)
 * 1000 ticks, /A/B 700.  Under o1, which runs it in the root group, the
 * simulator counts the same figures where the workload has the task.
 * At tick 1000 its tenth p2 ends and p1 starts again, moving it to /A:
 * it ends in /A, which has one task of its own, /A/B none.
 */
static void test_group_phase_moves(void)
{
	static const char json[] =
		"{\"tasks\":{\"m\":{\"phases\":{"
		"\"p1\":{\"taskgroup\":\"/A\",\"run\":30000},"
		"\"p2\":{\"taskgroup\":\"/A/B\",\"run\":70000}}}}}";
	unsigned int k;

	for (k = 0; k < 3; k++) {
		const struct sched_class *class[] = { &cfs_sched_class,
						      &eevdf_sched_class,
						      &o1_sched_class };
		struct sim_options o = { .nr_cpus = 1,
					 .hz = 1000,
					 .duration_usec = 1000000,
					 .check_every_tick = 1,
					 .sched_class = class[k] };
		struct run run;

		CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o), 0);
		CU_ASSERT_EQUAL_FATAL(run.r->nr_taskgroups, 2);
		CU_ASSERT_EQUAL(sim_report_ticks(run.r,
						 run.r->taskgroups[0].runtime),
				1000ULL);
		CU_ASSERT_EQUAL(sim_report_ticks(run.r,
						 run.r->taskgroups[1].runtime),
				700ULL);
		CU_ASSERT_EQUAL(run.r->taskgroups[0].tasks, 1);
		CU_ASSERT_EQUAL(run.r->taskgroups[1].tasks, 0);
		run_end(&run);
	}
}

/* tasks that move between groups, sleep, fork and are real-time */
static const char random_groups[] =
	"{\"tasks\":{"
	"\"hog\":{\"instance\":3,\"taskgroup\":\"/a/b\",\"run\":100000},"
	"\"nice\":{\"instance\":2,\"taskgroup\":\"/a\",\"priority\":7,"
	"\"jitter\":50,\"run\":3000,\"sleep\":2000},"
	"\"idle\":{\"policy\":\"SCHED_IDLE\",\"taskgroup\":\"/c\",\"run\":100000},"
	"\"batch\":{\"policy\":\"SCHED_BATCH\",\"taskgroup\":\"/c/d/e\","
	"\"jitter\":80,\"run\":5000,\"sleep\":1000},"
	"\"mover\":{\"instance\":2,\"jitter\":60,\"phases\":{"
	"\"p1\":{\"taskgroup\":\"/a\",\"run\":4000,\"sleep\":3000},"
	"\"p2\":{\"taskgroup\":\"/c/d\",\"loop\":3,\"run\":2000,\"sleep\":500},"
	"\"p3\":{\"taskgroup\":\"/\",\"run\":7000,\"yield\":0},"
	"\"p4\":{\"taskgroup\":\"/x\",\"run\":3000,\"sleep\":4000}}},"
	"\"spawner\":{\"taskgroup\":\"/s\",\"run\":2000,\"fork\":\"child\","
	"\"sleep\":9000},"
	"\"child\":{\"instance\":0,\"loop\":2,\"jitter\":30,\"run\":4000,"
	"\"sleep\":2000},"
	"\"rt\":{\"policy\":\"SCHED_FIFO\",\"priority\":10,\"run\":1000,"
	"\"timer\":{\"ref\":\"t\",\"period\":15000}}}}";

/* sim_check() after every tick of random group workloads, 1..4 CPUs */
static void test_group_check_every_tick(void)
{
	unsigned int k, cpus, seed;
	struct run run;

	for (k = 0; k < 2; k++) {
		for (cpus = 1; cpus <= 4; cpus++) {
			for (seed = 1; seed <= 3; seed++) {
				struct sim_options o = {
					.nr_cpus = cpus,
					.seed = seed,
					.duration_usec = 400000,
					.check_every_tick = 1,
					.sched_class = k ? &eevdf_sched_class :
							   &cfs_sched_class,
				};

				CU_ASSERT_EQUAL(
					run_start(&run, random_groups, &o), 0);
				/* 8 with the root, which is not reported */
				if (run.r)
					CU_ASSERT_EQUAL(run.r->nr_taskgroups,
							7);
				run_end(&run);
			}
		}
	}
}

/* -------------------------------------------------------------- policies */

/*
 * SCHED_IDLE through the simulator: beside a nice-0 hog on one CPU, an
 * idle-policy hog weighs 3 under cfs and eevdf: 20000 * 3 / 1027 = 58.4
 * ticks in 20 s (within the flat bound, 7); o1 and goodness run it as
 * SCHED_OTHER at nice 0: half (within a slice, 151, or an epoch, 82).
 */
static void test_sched_idle_through_sim(void)
{
	static const char json[] =
		"{\"tasks\":{\"hog\":{\"run\":100000000},"
		"\"idle\":{\"policy\":\"SCHED_IDLE\",\"run\":100000000}}}";
	static const struct want_share fair[] = {
		{ "idle", 3.0 / 1027, 7 },
	}, o1[] = {
		{ "idle", 0.5, 151 },
	}, goodness[] = {
		{ "idle", 0.5, 82 },
	};

	check_task_shares(&cfs_sched_class, 1000, json, 20, fair, 1);
	check_task_shares(&eevdf_sched_class, 1000, json, 20, fair, 1);
	check_task_shares(&o1_sched_class, 1000, json, 20, o1, 1);
	check_task_shares(&goodness_sched_class, 1000, json, 20, goodness, 1);
}

/* the median wake-up latency (ticks) of p in a run of @json under @class */
static unsigned int p_latency(const struct sched_class *class, const char *json)
{
	struct sim_options o = { .nr_cpus = 1,
				 .hz = 1000,
				 .duration_usec = 2000000,
				 .check_every_tick = 1,
				 .sched_class = class };
	unsigned int lat = ~0u;
	struct run run;

	/* in µs: the clock's units are ticks under o1, µs under the others */
	if (!run_start(&run, json, &o) && task_named(run.wl, run.r, "p"))
		lat = sim_task_latency(task_named(run.wl, run.r, "p"), 50) *
		      (1000000 / run.r->clock_hz);
	run_end(&run);
	return lat;
}

/*
 * SCHED_BATCH through the simulator: a task that runs 1 ms every 10 ms
 * beside a hog.  cfs: as SCHED_OTHER it wakes 3 ms of credit ahead of the
 * hog, more than the wake-up granularity, and preempts at once (median
 * latency 0); as SCHED_BATCH it never preempts on waking and waits for
 * the hog's tick (1 ms: p's timer fires at a tick, 10 ms at HZ=1000).  eevdf, the hog asking for 3 ms slices (dl-runtime):
 * SCHED_OTHER wakes with an earlier deadline than the hog's request and
 * preempts (0); SCHED_BATCH does not preempt on waking, but the hog lost
 * its RUN_TO_PARITY protection when its request was renewed while it ran
 * alone, and beside p (behind it in vruntime) it is owed nothing: 6.12's
 * update_curr() reschedules it at the next tick (1 ms).  o1 runs both as
 * SCHED_OTHER: the same latency.
 */
static void test_sched_batch_through_sim(void)
{
	static const char fmt[] =
		"{\"tasks\":{\"hog\":{\"run\":100000000,\"dl-runtime\":3000},"
		"\"p\":{\"policy\":\"%s\",\"run\":1000,"
		"\"timer\":{\"ref\":\"t\",\"period\":10000}}}}";
	char other[256], batch[256];

	snprintf(other, sizeof(other), fmt, "SCHED_OTHER");
	snprintf(batch, sizeof(batch), fmt, "SCHED_BATCH");
	CU_ASSERT_EQUAL(p_latency(&cfs_sched_class, other), 0);
	CU_ASSERT_EQUAL(p_latency(&cfs_sched_class, batch), 1000);
	CU_ASSERT_EQUAL(p_latency(&eevdf_sched_class, other), 0);
	CU_ASSERT_EQUAL(p_latency(&eevdf_sched_class, batch), 1000);
	CU_ASSERT_EQUAL(p_latency(&o1_sched_class, other),
			p_latency(&o1_sched_class, batch));
}

/* the context switches of a run of @json on one CPU under @class */
static unsigned long switches(const struct sched_class *class, const char *json)
{
	struct sim_options o = { .nr_cpus = 1,
				 .hz = 1000,
				 .duration_usec = 2000000,
				 .check_every_tick = 1,
				 .sched_class = class };
	unsigned long n = 0;
	struct run run;

	if (!run_start(&run, json, &o))
		n = run.r->cpus[0].switches;
	run_end(&run);
	return n;
}

/*
 * dl-runtime on a fair task is eevdf's custom slice.  Two hogs on one CPU
 * with the base slice (0.70 ms, less than a tick) end a request every
 * tick; the one that ran is then ahead of the other by the tick, and,
 * once that one has caught up, tied with it (same vruntime, deadlines a
 * slice after it), which keeps the running one on: turns of 2 ticks, a
 * switch every other tick, 1000 in 2 s.  When one asks for 8 ms, nothing
 * ends its turn before its request (eevdf has no other tick preemption),
 * and the other then has 8 ms to catch up: turns of 8 ticks and more, at
 * most 2000 / 7 + 2 switches (the first turns are shorter).  cfs ignores
 * it: the same switches either way.
 */
static void test_custom_slice_through_sim(void)
{
	static const char plain[] = "{\"tasks\":{\"a\":{\"run\":100000000},"
				    "\"b\":{\"run\":100000000}}}";
	static const char sliced[] =
		"{\"tasks\":{\"a\":{\"run\":100000000},"
		"\"b\":{\"run\":100000000,\"dl-runtime\":8000}}}";

	CU_ASSERT(switches(&eevdf_sched_class, plain) >= 999);
	CU_ASSERT(switches(&eevdf_sched_class, sliced) <= 2000 / 7 + 2);
	CU_ASSERT_EQUAL(switches(&cfs_sched_class, sliced),
			switches(&cfs_sched_class, plain));
}

/* ---------------------------------------------------------- invariants */

/* sim_check() after every tick: workloads x seeds x every class */
static void test_check_every_tick_every_class(void)
{
	static const struct {
		const char *w;
		unsigned int cpus;
	} runs[] = {
		{ "mixed", 4 },	      { "fork", 3 },   { "rt", 2 },
		{ "interactive", 3 }, { "random", 4 }, { "nice", 1 },
		{ "hogs", 5 },
	};
	unsigned int i, k, seed;
	struct run run;

	for (i = 0; sched_classes[i]; i++) {
		for (k = 0; k < ARRAY_SIZE(runs); k++) {
			for (seed = 1; seed <= 3; seed++) {
				struct sim_options o = {
					.nr_cpus = runs[k].cpus,
					.seed = seed,
					.duration_usec = 400000,
					.check_every_tick = 1,
					.sched_class = sched_classes[i],
				};
				int ret = run_start(&run, runs[k].w, &o);

				if (ret)
					fprintf(stderr, "\n%s %s seed %u: %d\n",
						sched_classes[i]->name,
						runs[k].w, seed, ret);
				CU_ASSERT_EQUAL(ret, 0);
				if (!ret)
					CU_ASSERT_STRING_EQUAL(
						run.r->sched_class,
						sched_classes[i]->name);
				run_end(&run);
			}
		}
	}
}

/* the same seed gives the same trace, byte for byte, under every class */
static void test_same_trace_every_class(void)
{
	unsigned int i, k;

	for (i = 0; sched_classes[i]; i++) {
		char *buf[2] = { NULL, NULL };
		size_t len[2] = { 0, 0 };

		for (k = 0; k < 2; k++) {
			FILE *f = open_memstream(&buf[k], &len[k]);
			struct sim_options o = {
				.nr_cpus = 3,
				.seed = 9,
				.duration_usec = 500000,
				.trace = f,
				.sched_class = sched_classes[i],
			};
			struct run run;

			CU_ASSERT_EQUAL(run_start(&run, "mixed", &o), 0);
			run_end(&run);
			fclose(f);
		}
		CU_ASSERT(len[0] > 1000);
		CU_ASSERT(len[0] == len[1] && !memcmp(buf[0], buf[1], len[0]));
		free(buf[0]);
		free(buf[1]);
	}
}

static CU_TestInfo group_tests[] = {
	{ "one CPU, 1 and 4 hogs: 50:50 (o1, goodness 20% each)",
	  test_group_shares_one_cpu },
	{ "shares 256 and 1024 from the workload: 20% and 80%",
	  test_group_shares_set },
	{ "nested groups, weights inside a group", test_group_shares_nested },
	{ "two CPUs: half the machine each", test_group_shares_two_cpus },
	{ "a task moves at the start of a phase", test_group_phase_moves },
	{ "sim_check every tick, random group workloads",
	  test_group_check_every_tick },
	CU_TEST_INFO_NULL,
};

/*
 * Hogs on one CPU under cfs and eevdf at their kernels' HZ (250, no --hz
 * given), against what Debian's 6.1 and 6.12 kernels did with the same
 * rt-app files (booted in qemu, sched_switch traced): nice 0 and 5 took
 * 75.3% and 24.6% and were switched in about 62 times a second each;
 * nice 0, 5 and 10 took 69.7%, 22.8% and 7.5%.  Within a point of share
 * and 20% of that switch rate.  (At HZ 1000 both classes switched more
 * than twice as often.)
 */
static void test_kernel_hogs(void)
{
	static const char two[] = "{\"tasks\":{\"a\":{\"run\":100000000},"
				  "\"b\":{\"priority\":5,\"run\":100000000}}}";
	static const char three[] =
		"{\"tasks\":{\"a\":{\"run\":100000000},"
		"\"b\":{\"priority\":5,\"run\":100000000},"
		"\"c\":{\"priority\":10,\"run\":100000000}}}";
	static const double share2[] = { 75.3, 24.6 },
			    share3[] = { 69.7, 22.8, 7.5 };
	static const char *const names[] = { "a", "b", "c" };
	static const struct sched_class *const classes[] = {
		&cfs_sched_class,
		&eevdf_sched_class,
	};
	const struct sim_task_stats *ts;
	unsigned int k, i, w;

	for (k = 0; k < ARRAY_SIZE(classes); k++) {
		for (w = 0; w < 2; w++) {
			struct sim_options o = { .nr_cpus = 1,
						 .duration_usec = 20000000,
						 .sched_class = classes[k] };
			const double *share = w ? share3 : share2;
			unsigned int n = w ? 3 : 2;
			struct run run;

			CU_ASSERT_EQUAL_FATAL(
				run_start(&run, w ? three : two, &o), 0);
			CU_ASSERT_EQUAL(run.r->hz, 250U);
			for (i = 0; i < n; i++) {
				double pct, rate;

				ts = task_named(run.wl, run.r, names[i]);
				CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
				pct = 100.0 * ts->runtime / run.r->clock;
				CU_ASSERT(fabs(pct - share[i]) <= 1.0);
				rate = ts->switches / 20.0;
				if (!w)
					CU_ASSERT(rate >= 62 * 0.8 &&
						  rate <= 62 * 1.2);
			}
			run_end(&run);
		}
	}
}

static CU_TestInfo policy_tests[] = {
	{ "SCHED_IDLE: 3 : 1024 under cfs and eevdf",
	  test_sched_idle_through_sim },
	{ "SCHED_BATCH: no wake-up preemption", test_sched_batch_through_sim },
	{ "dl-runtime: eevdf's custom slice", test_custom_slice_through_sim },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/classes/groups", group_tests, NULL, NULL)
KTEST_SUITE("sim/classes/policies", policy_tests, NULL, NULL)

/* ------------------------------------------- several CPUs (6.x) */

/*
 * More hogs than CPUs under cfs and eevdf for 20 s at HZ 250 (3 on 2, 5
 * on 4, 9 on 8): new tasks are spread and the balancer keeps every CPU
 * busy (the hogs' run time is every CPU's every tick), and none runs
 * less than half the time: ceil(hogs / CPUs) = 2 hogs on a CPU at most.
 * With 3 on 2, hogs move and none keeps 90% of a CPU (placement alone
 * would leave one with a CPU of its own).
 *
 * Equal shares within a few percent, which the real kernels give, are not
 * asserted: on this noise-free machine the balancer's rotation can lock
 * into a cycle in which the same hog of a CPU is always the running one
 * when another CPU pulls, so that hog keeps more, up to a CPU of its own
 * (docs/fidelity.md).
 */
static void test_smp_hogs(void)
{
	static const unsigned int cases[][2] = { { 3, 2 }, { 5, 4 }, { 9, 8 } };
	const struct sched_class *classes[] = { &cfs_sched_class,
						&eevdf_sched_class };
	unsigned long long total, ticks, rt, migrations = 0;
	unsigned int c, k, i;
	char json[256];
	struct run run;

	for (k = 0; k < 2; k++) {
		for (c = 0; c < 3; c++) {
			struct sim_options o = {
				.nr_cpus = cases[c][1],
				.duration_usec = 20000000ull,
				.sched_class = classes[k],
			};

			snprintf(
				json, sizeof(json),
				"{\"tasks\":{\"hog\":{\"instance\":%u,\"run\":100000000}}}",
				cases[c][0]);
			CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o), 0);
			CU_ASSERT_EQUAL_FATAL(run.r->nr_tasks,
					      (unsigned long)cases[c][0]);
			/* 20 s in the clock's units (us under hrtimers) */
			ticks = 20ull * run.r->clock_hz;
			total = 0;
			for (i = 0; i < cases[c][0]; i++) {
				rt = sim_report_task(run.r, i)->runtime;
				total += rt;
				CU_ASSERT(rt * 2 >= ticks);
				/* 3 on 2: the odd one out rotates */
				if (c == 0) {
					CU_ASSERT(rt * 10 < ticks * 9);
					migrations += sim_report_task(run.r, i)
							      ->migrations;
				}
			}
			CU_ASSERT_EQUAL(total, ticks * cases[c][1]);
			run_end(&run);
		}
		CU_ASSERT(migrations > 0);
		migrations = 0;
	}
}

/*
 * Long-run shares of more hogs than CPUs under 6.x balancing: @nhogs
 * hogs on @cpus CPUs for @seconds under @class (its HZ, 250), @threaded
 * or not, with @kthreads: one light task pinned to each CPU, "kthreads-N",
 * that runs 200 us 4 times a second (run 200, sleep 250000), as the
 * kernel's own threads did on each CPU of the reference rig's 2-CPU
 * guests (kstruct tracestat --demand: 3.8 to 4.1 a second, 150 to 240
 * us each).  Every CPU is busy throughout.
 *
 * Return: how far the hog furthest from an equal share (@cpus / @nhogs
 * of one CPU's time) is from it, in hundredths of a point, rounded up.
 */
static unsigned long long hogs_spread(const struct sched_class *class,
				      unsigned int nhogs, unsigned int cpus,
				      int threaded, int kthreads,
				      unsigned int seconds)
{
	struct sim_options o = {
		.nr_cpus = cpus,
		.duration_usec = seconds * 1000000ull,
		.sched_class = class,
		.threaded = threaded,
	};
	unsigned long long total = 0, ticks, rt, num, worst = 0;
	unsigned int i, nr = nhogs + (kthreads ? cpus : 0);
	char json[1024];
	struct run run;
	int n;

	n = snprintf(json, sizeof(json),
		     "{\"tasks\":{\"hog\":{\"instance\":%u,\"run\":100000000}",
		     nhogs);
	for (i = 0; kthreads && i < cpus; i++)
		n += snprintf(
			json + n, sizeof(json) - n,
			",\"kthreads-%u\":{\"cpus\":[%u],\"run\":200,\"sleep\":250000}",
			i, i);
	snprintf(json + n, sizeof(json) - n, "}}");
	CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o), 0);
	CU_ASSERT_EQUAL_FATAL(run.r->nr_tasks, (unsigned long)nr);
	/* the run in the clock's units (us under hrtimers) */
	ticks = (unsigned long long)seconds * run.r->clock_hz;
	for (i = 0; i < nr; i++)
		total += sim_report_task(run.r, i)->runtime;
	CU_ASSERT_EQUAL(total, ticks * cpus);
	for (i = 0; i < nhogs; i++) {
		rt = sim_report_task(run.r, i)->runtime;
		/* |rt / ticks - cpus / nhogs| in 1/10000, over nhogs * ticks */
		num = 10000 * rt * nhogs > 10000 * cpus * ticks ?
			      10000 * rt * nhogs - 10000 * cpus * ticks :
			      10000 * cpus * ticks - 10000 * rt * nhogs;
		num = (num + nhogs * ticks - 1) / (nhogs * ticks);
		if (num > worst)
			worst = num;
	}
	run_end(&run);
	return worst;
}

/* hogs_spread() without kthreads within @points points of equal */
static void check_equal_shares(const struct sched_class *class,
			       unsigned int nhogs, unsigned int cpus,
			       int threaded, unsigned int points)
{
	CU_ASSERT(hogs_spread(class, nhogs, cpus, threaded, 0, 30) <=
		  100ull * points);
}

/*
 * The cases: at least two hogs on every CPU and one CPU with more, so
 * that a balance has two or more waiting hogs to choose from and takes
 * the one that ran longest ago (the tail of the kernel's cfs_tasks), a
 * rotation that evens the shares out: 5 on 2, 9 on 4, 18 on 8.
 *
 * One hog more than CPUs (3 on 2, 5 on 4, 9 on 8) has tests of its own:
 * the CPU with two has one of them waiting when the lone CPU pulls, and
 * which one that is follows from where their alternation stands at the
 * balancing tick, so those shares even out only through the tick's race
 * (nplus1_shares()) or the kernel's own threads (test_smp_nplus1_cfs(),
 * test_smp_nine_on_eight()).
 */
static const unsigned int equal_share_cases[][2] = { { 5, 2 },
						     { 9, 4 },
						     { 18, 8 } };

/* every case under cfs and eevdf, @threaded or not */
static void equal_shares_every_case(int threaded)
{
	unsigned int c, k;

	for (k = 0; k < 2; k++)
		for (c = 0; c < ARRAY_SIZE(equal_share_cases); c++)
			check_equal_shares(
				k ? &eevdf_sched_class : &cfs_sched_class,
				equal_share_cases[c][0],
				equal_share_cases[c][1], threaded, 3);
}

static void test_smp_equal_shares(void)
{
	equal_shares_every_case(0);
}

/*
 * One hog more than CPUs under eevdf: 3 on 2, 5 on 4, 9 on 8 (@nr_cases
 * of them), each hog within 5 points of cpus / hogs over 30 s.
 *
 * The CPU with two hogs has one waiting when another CPU pulls, and which
 * one follows from the balancing tick: 6.12's slice (3 ms on 2 CPUs and
 * more) ends a turn at every tick of HZ 250, so that CPU switches at every
 * balancing tick, and whether the balance sees it before or after that
 * switch is the race the simulator draws from the seed.  With it the
 * rotation stays even; without it (every balance before the switches, as
 * kstruct had it) 3 on 2 gave 63 / 75 / 63%.
 *
 * The bound is the kernels' own spread: tests/kernel/hogs-3 (docs/
 * validation.md, 3 runs of 8.5 s each) gave 6.1 61.7 to 70.9% and 6.12
 * 62.4 to 69.7% against 66.7, at most 5.0 points off.  3 on 2 and 5 on 4
 * come within it for every seed tried (0 to 7: at most 1.7 and 3.9 points
 * off); 9 on 8, which the kernels were not run on, is held to 7 points:
 * its most favoured hog came 4.4 to 6.0 points off over those seeds (the
 * cycles of 8 CPUs' balances are longer than 30 s can even out).
 *
 * Not cfs: 6.1's 6 ms slice ends a turn at every other tick, and the
 * balancer's cadence (7 and 15 ticks, a pull at the third attempt) brings
 * the pulls round at mid-turn ticks, where no race decides; the cycle
 * stays (docs/fidelity.md) unless something else runs now and then, as
 * the kernel's own threads do on a real machine: test_smp_nplus1_cfs().
 */
static void nplus1_shares(int threaded, unsigned int nr_cases)
{
	static const unsigned int cases[][3] = { { 3, 2, 5 },
						 { 5, 4, 5 },
						 { 9, 8, 7 } };
	unsigned int c;

	for (c = 0; c < nr_cases && c < ARRAY_SIZE(cases); c++)
		check_equal_shares(&eevdf_sched_class, cases[c][0], cases[c][1],
				   threaded, cases[c][2]);
}

static void test_smp_nplus1_shares(void)
{
	nplus1_shares(0, 3);
}

/*
 * One hog more than CPUs under cfs, 3 on 2 and 5 on 4, on a machine
 * that, like the kernels', has something else to run: one light task
 * pinned to each CPU standing for the kernel's own threads
 * (hogs_spread()).  Each hog comes within 5 points of an equal share over
 * 30 s, the bound of nplus1_shares().
 *
 * Why cfs needs them: with nothing but the hogs, the balancer's cadence
 * (7 and 15 ticks, a pull at the third attempt: 1022 >> 1 = 511 only
 * just fits an imbalance of 511) brings the lone CPU's pulls round at
 * mid-turn ticks of 6.1's 6 ms slice, where the tick's race decides
 * nothing, and the same hog is running each time: it never moves and
 * keeps a CPU to itself (docs/fidelity.md).  A wake-up now and then on
 * each CPU shifts the turns and the loads enough that the cycle does not
 * hold.  The lock-in itself is asserted too: without the light tasks, 3
 * on 2 leaves a hog more than 5 points off (7.5 at seed 0), so that this
 * test fails if either behaviour changes.  (eevdf's 3 ms slice switches
 * at every tick, where the race decides: it needs no such help.)  Over
 * seeds 0 to 11 (this test runs seed 0: 0.2 and 1.8 points off) the most
 * favoured hog came at most 3.8 points off with 3 on 2, and 1.8 to 5.2
 * with 5 on 4 (5.2 at seed 1 alone); the lock-in without them, 7.5 to
 * 8.1 points with 3 on 2 at seeds 0 to 7.
 */
static void test_smp_nplus1_cfs(void)
{
	CU_ASSERT(hogs_spread(&cfs_sched_class, 3, 2, 0, 1, 30) <= 500);
	CU_ASSERT(hogs_spread(&cfs_sched_class, 5, 4, 0, 1, 30) <= 500);
	CU_ASSERT(hogs_spread(&cfs_sched_class, 3, 2, 0, 0, 30) > 500);
}

/*
 * 9 hogs on 8 CPUs, the longest cycle of the one-more cases, under cfs
 * and eevdf with the kernel's threads (hogs_spread()), over 120 s: each
 * hog within 3 points of 8/9 of a CPU.  Over 30 s the most favoured hog
 * is 4 to 7 points off (nplus1_shares()): each of the 8 CPUs' balances
 * moves the extra hog on in its own cycle, and a hog's turn to be the
 * extra one comes round in tens of seconds.  Over 120 s, seeds 0 to 5,
 * the furthest hog came 1.1 to 2.3 points off under either class (2.0
 * to 2.3 without the threads, seeds 0 and 1).  The kernels were not run
 * on 8 CPUs (the rig's guests have 2): the bound is kstruct's own.
 */
static void test_smp_nine_on_eight(void)
{
	CU_ASSERT(hogs_spread(&cfs_sched_class, 9, 8, 0, 1, 120) <= 300);
	CU_ASSERT(hogs_spread(&eevdf_sched_class, 9, 8, 0, 1, 120) <= 300);
}

/*
 * struct race_run - what test_smp_balance_race() compares of a run (one
 * machine at a time: each run ends before the next starts)
 */
struct race_run {
	unsigned long long runtime[3], switches[3], migrations[3];
	unsigned long long before, after;
};

/* 3 hogs on 2 CPUs for 5 s under @class, seeded @seed, into @out */
static void run_three_on_two(struct race_run *out,
			     const struct sched_class *class,
			     unsigned long long seed)
{
	struct sim_options o = {
		.nr_cpus = 2,
		.duration_usec = 5000000ull,
		.sched_class = class,
		.seed = seed,
	};
	const struct sim_task_stats *ts;
	struct run run;
	unsigned int i;

	memset(out, 0, sizeof(*out));
	CU_ASSERT_EQUAL_FATAL(
		run_start(
			&run,
			"{\"tasks\":{\"hog\":{\"instance\":3,\"run\":100000000}}}",
			&o),
		0);
	CU_ASSERT_EQUAL_FATAL(run.r->nr_tasks, 3UL);
	for (i = 0; i < 3; i++) {
		ts = sim_report_task(run.r, i);
		out->runtime[i] = ts->runtime;
		out->switches[i] = ts->switches;
		out->migrations[i] = ts->migrations;
	}
	sim_tick_balances(run.s, &out->before, &out->after);
	run_end(&run);
}

/* whether two runs differ in any hog's run time, switches or migrations */
static bool hogs_differ(const struct race_run *a, const struct race_run *b)
{
	return memcmp(a->runtime, b->runtime, sizeof(a->runtime)) ||
	       memcmp(a->switches, b->switches, sizeof(a->switches)) ||
	       memcmp(a->migrations, b->migrations, sizeof(a->migrations));
}

/*
 * The race of a tick's balance with the other CPUs' switches is a hash of
 * the seed, the CPU and the tick: one seed twice gives the same run; hogs
 * draw nothing random, so another seed changes the run through the race
 * alone; both orders occur; o1 raises no balance (its balancing stays
 * inside its tick, as 2.5.33's) and its runs do not depend on the seed.
 */
static void test_smp_balance_race(void)
{
	struct race_run a, b, c;

	run_three_on_two(&a, &eevdf_sched_class, 1);
	run_three_on_two(&b, &eevdf_sched_class, 1);
	run_three_on_two(&c, &eevdf_sched_class, 2);
	CU_ASSERT(!hogs_differ(&a, &b));
	CU_ASSERT(a.before == b.before && a.after == b.after);
	CU_ASSERT(hogs_differ(&a, &c));
	CU_ASSERT(a.before > 0);
	CU_ASSERT(a.after > 0);
	/* one a tick of each busy CPU at most: 2 CPUs x 1250 ticks */
	CU_ASSERT(a.before + a.after <= 2 * 1250);

	run_three_on_two(&a, &o1_sched_class, 1);
	run_three_on_two(&c, &o1_sched_class, 2);
	CU_ASSERT(!hogs_differ(&a, &c));
	CU_ASSERT_EQUAL(a.before + a.after, 0);
}

static CU_TestInfo smp_tests[] = {
	{ "more hogs than CPUs: every CPU busy, none starved", test_smp_hogs },
	{ "5 on 2, 9 on 4, 18 on 8 hogs: equal shares within 3 points",
	  test_smp_equal_shares },
	{ "3 on 2, 5 on 4 (9 on 8) hogs under eevdf: equal within 5 (7) points",
	  test_smp_nplus1_shares },
	{ "3 on 2, 5 on 4 hogs under cfs with the kernel's threads: within 5 points; without, 3 on 2 locks in",
	  test_smp_nplus1_cfs },
	{ "the tick's balance races the switches: seeded, both orders, not o1",
	  test_smp_balance_race },
	{ "9 on 8 hogs under cfs and eevdf with the kernel's threads: within 3 points over 120 s",
	  test_smp_nine_on_eight },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/classes/smp", smp_tests, NULL, NULL)

static CU_TestInfo class_tests[] = {
	{ "goodness shares: NICE_TO_TICKS ratio", test_shares_goodness },
	{ "o1 shares: timeslice ratio", test_shares_o1 },
	{ "cfs and eevdf shares: weight ratio", test_shares_fair },
	{ "cfs and eevdf hogs at HZ 250: the kernels' shares and switch rate",
	  test_kernel_hogs },
	{ "sim_check every tick, every class",
	  test_check_every_tick_every_class },
	{ "same seed, same trace, every class", test_same_trace_every_class },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/classes", class_tests, NULL, NULL)

/* ------------------------------------------------------ threaded mode */

static void threaded_every_class(const char *workload, unsigned int cpus)
{
	unsigned int i;

	for (i = 0; sched_classes[i]; i++) {
		struct sim_options o = { .nr_cpus = cpus,
					 .threaded = 1,
					 .seed = 3,
					 .duration_usec = 300000,
					 .check_every_tick = 1,
					 .sched_class = sched_classes[i] };
		struct run run;

		CU_ASSERT_EQUAL(run_start(&run, workload, &o), 0);
		if (run.r) {
			CU_ASSERT(run.r->threaded);
			/* 0.3 s at the class's own HZ */
			CU_ASSERT(run.r->ticks ==
				  3 * sched_class_hz(sched_classes[i]) / 10);
		}
		run_end(&run);
	}
}

static void test_threaded_mixed(void)
{
	threaded_every_class("mixed", 4);
}

static void test_threaded_fork(void)
{
	threaded_every_class("fork", 3);
}

static void test_threaded_rt(void)
{
	threaded_every_class("rt", 2);
}

/* random group workloads, one thread per CPU, both fair classes */
static void test_threaded_groups(void)
{
	unsigned int k, cpus;

	for (k = 0; k < 2; k++) {
		for (cpus = 2; cpus <= 4; cpus += 2) {
			struct sim_options o = {
				.nr_cpus = cpus,
				.threaded = 1,
				.seed = 5,
				.duration_usec = 300000,
				.check_every_tick = 1,
				.sched_class = k ? &eevdf_sched_class :
						   &cfs_sched_class,
			};
			struct run run;

			CU_ASSERT_EQUAL(run_start(&run, random_groups, &o), 0);
			if (run.r)
				CU_ASSERT(run.r->threaded);
			run_end(&run);
		}
	}
}

/* the long-run shares of test_smp_equal_shares(), one thread per CPU */
static void test_threaded_equal_shares(void)
{
	equal_shares_every_case(1);
}

/*
 * test_smp_nplus1_shares() on CPU threads: 3 on 2 and 5 on 4.  A threaded
 * run is not repeatable (which CPU wins a lock differs), and 9 on 8 came
 * 4.8 points off in one measured run: too close to the bound to hold.
 */
static void test_threaded_nplus1_shares(void)
{
	nplus1_shares(1, 2);
}

static CU_TestInfo class_thread_tests[] = {
	{ "mixed on 4 CPU threads, every class", test_threaded_mixed },
	{ "fork on 3 CPU threads, every class", test_threaded_fork },
	{ "rt on 2 CPU threads, every class", test_threaded_rt },
	{ "random group workloads on CPU threads, cfs and eevdf",
	  test_threaded_groups },
	{ "5 on 2, 9 on 4, 18 on 8 hogs on CPU threads: equal shares",
	  test_threaded_equal_shares },
	{ "3 on 2, 5 on 4 hogs on CPU threads under eevdf: equal shares",
	  test_threaded_nplus1_shares },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/threads/classes", class_thread_tests, NULL, NULL)
