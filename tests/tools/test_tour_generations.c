// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_tour_generations.c - step 7 of "kstruct tour
 * sched" (tools/tour_generations.c): every figure it prints is the
 * figure a simulator run of the same workload and class gives, and the
 * share rules it quotes are each generation's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/jiffies.h"
#include "sched/class.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tests/ktest.h"
#include "tools/kstruct.h"
#include "tools/tour_generations.h"

static char *tour_text(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	CU_ASSERT_EQUAL(tour_sched_generations(out, 7), 0);
	fclose(out);
	return buf;
}

/* the groups of a run of the tour's workload under @class, by the sim */
static void sim_groups(const struct sched_class *class, struct sim_group *g,
		       struct sim_totals *tot, double *unit_ms)
{
	struct sim_options opt = { .nr_cpus = 1,
				   .hz = 1000,
				   .seed = 1,
				   .duration_usec = 3000000,
				   .sched_class = class };
	struct sim_group found[3];
	const struct sim_report *r;
	struct sim_workload *wl;
	struct sim *s;
	char err[256];
	int n, i;

	memset(g, 0, 3 * sizeof(*g));
	CU_ASSERT_EQUAL_FATAL(sim_workload_parse(tour_generations_workload, "t",
						 1, &wl, err, sizeof(err)),
			      0);
	CU_ASSERT_EQUAL_FATAL(sim_create(wl, &opt, &s), 0);
	CU_ASSERT_EQUAL(sim_run(s), 0);
	r = sim_report(s);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	n = sim_report_groups(r, wl->nr_tasks, found);
	CU_ASSERT_EQUAL(n, 3);
	for (i = 0; i < n; i++)
		g[found[i].desc] = found[i];
	CU_ASSERT_EQUAL(sim_report_totals(r, tot), 0);
	/* the report's times: ticks of 1 ms, or µs under cfs and eevdf */
	*unit_ms = 1000.0 / r->clock_hz;
	sim_destroy(s);
	sim_workload_free(wl);
	kstruct_hz = DEFAULT_HZ;
}

static void test_figures_are_the_runs(void)
{
	char *text = tour_text(), line[256];
	unsigned int k;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(text, "\n" TOUR_STEP "7. The same workload under"));
	for (k = 0; sched_classes[k]; k++) {
		struct sim_group g[3];
		struct sim_totals tot;
		double unit_ms;
		char *section;

		snprintf(line, sizeof(line), "\n   %s", sched_classes[k]->name);
		section = strstr(text, line);
		CU_ASSERT_PTR_NOT_NULL_FATAL(section);
		sim_groups(sched_classes[k], g, &tot, &unit_ms);
		/* every class takes some CPU from each task */
		CU_ASSERT(g[0].share > 0 && g[1].share > 0 && g[2].share > 0);
		snprintf(
			line, sizeof(line),
			"     hog %.1f%%, hog5 %.1f%%, typist %.1f%% of the CPU; %llu context switches\n",
			100 * g[0].share, 100 * g[1].share, 100 * g[2].share,
			tot.switches);
		CU_ASSERT_PTR_NOT_NULL(strstr(section, line));
		/* the rule, for a class the tour has one for */
		snprintf(line, sizeof(line),
			 "     hog : hog5 = %.2f; the rule, ",
			 g[0].share / g[1].share);
		if (tour_generations_states_rule(sched_classes[k]->name))
			CU_ASSERT_PTR_NOT_NULL(strstr(section, line));
		snprintf(
			line, sizeof(line),
			"     typist's wake-up latency: p50 %.0f ms, p99 %.0f ms, max %.0f ms (%llu wake-ups)\n",
			g[2].latency.p50 * unit_ms, g[2].latency.p99 * unit_ms,
			g[2].latency.max * unit_ms, g[2].latency.n);
		CU_ASSERT_PTR_NOT_NULL(strstr(section, line));
		snprintf(line, sizeof(line), "%s %.0f ms",
			 sched_classes[k]->name, g[2].latency.max * unit_ms);
		CU_ASSERT_PTR_NOT_NULL(strstr(text, line));
	}
	free(text);
}

/* the rules, worked by hand from each generation's constants at HZ=1000 */
static void test_rules_by_hand(void)
{
	char *text = tour_text();

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	/* 2.4: TICK_SCALE(x) = x << 1 at HZ 1000: (20 - 0) * 2 + 1, 15 * 2 + 1 */
	CU_ASSERT_PTR_NOT_NULL(strstr(
		text,
		"the rule, NICE_TO_TICKS(0) : NICE_TO_TICKS(5) = 41 : 31, gives 1.32\n"));
	/* 2.5.33: 10 + 290 * 19 / 39 = 151 (nice 0), 10 + 290 * 14 / 39 = 114 */
	CU_ASSERT_PTR_NOT_NULL(strstr(
		text, "the rule, timeslices 151 : 114 ticks, gives 1.32\n"));
	/* 6.5 and 6.6: sched_prio_to_weight[20] and [25], 1024 / 335 */
	CU_ASSERT_PTR_NOT_NULL(
		strstr(text, "the rule, weights 1024 : 335, gives 3.06\n"));
	free(text);
}

static CU_TestInfo tour_tests[] = {
	{ "every figure is a simulator run's", test_figures_are_the_runs },
	{ "the share rules by hand", test_rules_by_hand },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/tour_generations", tour_tests, NULL, NULL)
