// SPDX-License-Identifier: MIT
/*
 * tools/tour_generations.c - "kstruct tour sched", step 7: the same
 * small workload under each generation of the scheduler.
 *
 * Mirrors no kernel function.  It runs one workload on the simulator
 * (sim/) once per class of sched_classes[], on a machine of one CPU, and
 * prints what each class is, the structure it queues tasks on, and what
 * it did: the shares of two CPU hogs of different nice levels beside the
 * share rule of that generation (computed here from the class's own
 * constants), and the wake-up latency of a task that mostly sleeps.
 * Every figure printed comes from the runs; only the explanations are
 * fixed text.  The runs are single-threaded and seeded: every tour prints
 * the same.  docs/generations.md tells the same story at length.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "compat/jiffies.h"
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/goodness.h"
#include "sched/sched.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tools/kstruct.h"
#include "tools/tour_generations.h"

/* the workload: on one CPU, hogs at nice 0 and 5, and a typist */
#define TOUR_HZ 1000
#define TOUR_USEC 3000000ull
#define TOUR_NICE_A 0
#define TOUR_NICE_B 5

const char tour_generations_workload[] =
	"{ \"tasks\": {"
	" \"hog\": { \"priority\": 0, \"run\": 1000000 },"
	" \"hog5\": { \"priority\": 5, \"run\": 1000000 },"
	" \"typist\": { \"run\": 1000, \"sleep\": 9000 } } }";

/* the groups of the workload, by description index */
enum { TOUR_HOG, TOUR_HOG5, TOUR_TYPIST, TOUR_NR_GROUPS };

/**
 * struct tour_class - what the tour says of a class
 * @name: the class's name
 * @title: the generation, in a few words
 * @story: the structure it queues on and how it picks
 * @rule: the share rule of two hogs at @a and @b, as text into @buf, and
 *	its value (share of @a / share of @b); NULL when the tour cannot
 *	compute it yet
 */
struct tour_class {
	const char *name;
	const char *title;
	const char *story;
	double (*rule)(char *buf, size_t len, int a, int b);
};

static double rule_goodness(char *buf, size_t len, int a, int b)
{
	snprintf(buf, len, "NICE_TO_TICKS(%d) : NICE_TO_TICKS(%d) = %d : %d", a,
		 b, NICE_TO_TICKS(a), NICE_TO_TICKS(b));
	return (double)NICE_TO_TICKS(a) / NICE_TO_TICKS(b);
}

/* o1's slice of a nice level: task_timeslice() of such a task */
static unsigned int o1_slice(int nice)
{
	struct task_struct p;

	memset(&p, 0, sizeof(p));
	p.static_prio = NICE_TO_PRIO(nice);
	return task_timeslice(&p);
}

static double rule_o1(char *buf, size_t len, int a, int b)
{
	snprintf(buf, len, "timeslices %u : %u ticks", o1_slice(a),
		 o1_slice(b));
	return (double)o1_slice(a) / o1_slice(b);
}

/* cfs and eevdf: the weights of the two nice levels */
static double rule_weights(char *buf, size_t len, int a, int b)
{
	unsigned long wa = sched_prio_to_weight[a + 20];
	unsigned long wb = sched_prio_to_weight[b + 20];

	snprintf(buf, len, "weights %lu : %lu", wa, wb);
	return (double)wa / wb;
}

static const struct tour_class tour_classes[] = {
	{ "goodness", "Linux 2.4 (up to 2.5.1)",
	  "one run list for every CPU under one lock; schedule() walks all of\n"
	  "   it and takes the best goodness() (the ticks left of a task's slice\n"
	  "   plus 20 - nice); when every slice is spent, every task's counter\n"
	  "   is recalculated, sleepers included, which is how a sleeper gains",
	  rule_goodness },
	{ "o1", "Linux 2.5.2 to 2.6.22 (this port: 2.5.33)",
	  "per CPU, two arrays of 140 FIFO lists and a bitmap; the pick is the\n"
	  "   first set bit: the same cost for 3 tasks or a million.  Slices\n"
	  "   follow static priority; sleep_avg moves a task up to 5 levels",
	  rule_o1 },
	{ "cfs", "Linux 2.6.23 to 6.5 (this class: 6.1)",
	  "per CPU, a red-black tree ordered by virtual runtime: CPU time\n"
	  "   scaled by 1024 / weight, the weight falling about 1.25x per nice\n"
	  "   level; the pick is the leftmost, the task that has had least.  No\n"
	  "   estimate of interactivity: a sleeper simply has had less",
	  rule_weights },
	{ "eevdf", "Linux 6.6 on (this class: 6.12)",
	  "the same tree, each node also holding the earliest virtual\n"
	  "   deadline below it; the pick is the eligible task (not ahead of\n"
	  "   the queue's average virtual runtime) with the earliest deadline:\n"
	  "   the share still by weight, the wait by the length of the slice",
	  rule_weights },
	{ NULL, NULL, NULL, NULL },
};

static const struct tour_class *tour_class(const char *name)
{
	const struct tour_class *tc;

	for (tc = tour_classes; tc->name; tc++)
		if (!strcmp(tc->name, name))
			return tc;
	return NULL;
}

bool tour_generations_states_rule(const char *name)
{
	const struct tour_class *tc = tour_class(name);

	return tc && tc->rule;
}

/* one class's run: the groups (by description) and the run's report */
struct tour_run {
	struct sim_group groups[TOUR_NR_GROUPS];
	unsigned long switches;
	unsigned int clock_hz; /* the report's units (ticks or µs) a second */
};

/* run the tour's workload under @class into @tr */
static int tour_run(const struct sim_workload *wl,
		    const struct sched_class *class, struct tour_run *tr)
{
	struct sim_options opt = { .nr_cpus = 1,
				   .hz = TOUR_HZ,
				   .seed = 1,
				   .duration_usec = TOUR_USEC,
				   .sched_class = class };
	const struct sim_report *r;
	struct sim_group g[TOUR_NR_GROUPS];
	struct sim_totals tot;
	struct sim *s;
	int ret, n, i;

	memset(tr, 0, sizeof(*tr));
	ret = sim_create(wl, &opt, &s);
	if (ret)
		return ret;
	ret = sim_run(s);
	r = ret ? NULL : sim_report(s);
	if (!ret && !r)
		ret = -ENOMEM;
	if (!ret) {
		n = sim_report_groups(r, wl->nr_tasks, g);
		ret = n < 0 ? n : 0;
		for (i = 0; i < n; i++)
			tr->groups[g[i].desc] = g[i];
		if (!ret)
			ret = sim_report_totals(r, &tot);
		tr->switches = tot.switches;
		tr->clock_hz = r->clock_hz;
	}
	sim_destroy(s);
	return ret;
}

/* @t, a time of @tr's report, in ms */
static double ms(const struct tour_run *tr, double t)
{
	return t * 1000.0 / tr->clock_hz;
}

int tour_sched_generations(FILE *out, int step)
{
	struct tour_run runs[8];
	struct sim_workload *wl;
	unsigned int i, nr;
	char err[256];
	int ret;

	ret = sim_workload_parse(tour_generations_workload, "tour", 1, &wl, err,
				 sizeof(err));
	if (ret) {
		fprintf(out, "   (the workload did not parse: %s)\n", err);
		return ret;
	}
	fprintf(out,
		"\n" TOUR_STEP
		"%d. The same workload under each generation of the scheduler.\n"
		"   One CPU, %.0f s at HZ=%d: \"hog\" (nice %d) and \"hog5\" (nice %d) never\n"
		"   sleep; \"typist\" runs 1 ms and sleeps 9 ms, over and over.  Each class\n"
		"   runs it on a machine of its own, same seed ('kstruct sim --compare'\n"
		"   does this for any workload; docs/generations.md tells the story).\n",
		step, TOUR_USEC / 1e6, TOUR_HZ, TOUR_NICE_A, TOUR_NICE_B);
	for (nr = 0; sched_classes[nr] && nr < ARRAY_SIZE(runs); nr++) {
		const struct sched_class *class = sched_classes[nr];
		const struct tour_class *tc = tour_class(class->name);
		struct tour_run *tr = &runs[nr];
		const struct sim_group *a, *b, *typist;
		char rule[128];
		double want;

		ret = tour_run(wl, class, tr);
		if (ret) {
			fprintf(out, "   %s: the run failed: %s\n", class->name,
				strerror(-ret));
			break;
		}
		a = &tr->groups[TOUR_HOG];
		b = &tr->groups[TOUR_HOG5];
		typist = &tr->groups[TOUR_TYPIST];
		fprintf(out, "\n   %s%s%s\n   %s.\n", class->name,
			tc ? ": " : "", tc ? tc->title : "",
			tc ? tc->story : "(no story for this class yet)");
		fprintf(out,
			"     hog %.1f%%, hog5 %.1f%%, typist %.1f%% of the CPU; %lu context switches\n",
			100 * a->share, 100 * b->share, 100 * typist->share,
			tr->switches);
		if (tc && tc->rule && b->share > 0) {
			want = tc->rule(rule, sizeof(rule), TOUR_NICE_A,
					TOUR_NICE_B);
			fprintf(out,
				"     hog : hog5 = %.2f; the rule, %s, gives %.2f\n",
				a->share / b->share, rule, want);
		}
		fprintf(out,
			"     typist's wake-up latency: p50 %.0f ms, p99 %.0f ms, max %.0f ms (%llu wake-ups)\n",
			ms(tr, typist->latency.p50),
			ms(tr, typist->latency.p99),
			ms(tr, typist->latency.max), typist->latency.n);
	}
	if (!ret) {
		fprintf(out, "\n   The typist's longest wait for the CPU:");
		for (i = 0; i < nr; i++)
			fprintf(out, "%s %s %.0f ms", i ? "," : "",
				sched_classes[i]->name,
				ms(&runs[i],
				   runs[i].groups[TOUR_TYPIST].latency.max));
		fprintf(out,
			".\n   The hogs split what the typist leaves by each generation's rule:\n"
			"   ratios of slices up to o1, ratios of weights from cfs on.\n");
	}
	sim_workload_free(wl);
	kstruct_hz = DEFAULT_HZ;
	return ret;
}
