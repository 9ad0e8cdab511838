// SPDX-License-Identifier: MIT
/*
 * bench/report.c - the simulator's report ("kstruct bench report").
 *
 * Mirrors no kernel file.  It times sim_report_groups(), the task groups
 * every output of kstruct sim prints, on the workload whose report once
 * cost descriptions x tasks: N descriptions of one task each.  The report
 * groups the tasks by description once, so the time per description must
 * stay flat from N = 10^4 to 10^6; the ratios to 10^4 say whether it did.
 * The baseline is what it did before, a scan of every task for each
 * description (sim_report_latency()), timed at 10^4 only (10^8 steps).
 * Each call's groups are checked against the tasks they were made from.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "bench/bench.h"
#include "compat/compiler.h"
#include "compat/slab.h"
#include "sim/report.h"
#include "tools/kstruct.h"

/*
 * The report's task groups (sim_report_groups(), what every output of
 * kstruct sim prints) of a run of N one-task descriptions, the workload
 * whose report cost descriptions x tasks before it grouped the tasks by
 * description once: a made-up report, each task its own description
 * with one to three wake-up latencies.  Timed per description at N =
 * 10^4, 10^5, 10^6 (quick: up to 10^5); the ratio of each size's figure
 * to 10^4's holds it linear (1 when linear; a scan of every task per
 * description made it N / 10^4).
 */
struct report_case {
	struct sim_report r;
	struct sim_task_stats *st; /* the report's one block */
	struct sim_group *groups;
	int n; /* what the last call returned */
};

static void report_case_free(struct report_case *c)
{
	unsigned long i;

	for (i = 0; c->st && i < c->r.nr_tasks; i++)
		sim_task_stats_release(&c->st[i]);
	kfree(c->st);
	kfree(c->groups);
	memset(c, 0, sizeof(*c));
}

static int report_case_make(struct report_case *c, unsigned long n)
{
	uint64_t seed = 0x5eed;
	unsigned long i, k;

	memset(c, 0, sizeof(*c));
	c->st = kcalloc(n, sizeof(*c->st), GFP_KERNEL);
	c->groups = kcalloc(n, sizeof(*c->groups), GFP_KERNEL);
	sim_report_use_array(&c->r, &c->st, n);
	c->r.hz = 1000;
	c->r.nr_cpus = 4;
	c->r.ticks = 2;
	if (!c->st || !c->groups)
		goto nomem;
	for (i = 0; i < n; i++) {
		struct sim_task_stats *ts = &c->st[i];

		ts->desc = i;
		ts->pid = i + 2;
		ts->runtime = 1;
		ts->response = 0;
		for (k = bench_rand(&seed) % 3; k < 3; k++)
			if (sim_latency_add(ts, bench_rand(&seed) % 4))
				goto nomem;
	}
	sim_report_finish(&c->r);
	return 0;
nomem:
	report_case_free(c);
	return -ENOMEM;
}

static void report_groups(void *arg)
{
	struct report_case *c = arg;

	c->n = sim_report_groups(&c->r, c->r.nr_tasks, c->groups);
}

/*
 * The baseline, what the report did before: each description's latencies
 * by a scan of every task (sim_report_latency()), descriptions x tasks
 */
static void report_scan(void *arg)
{
	struct report_case *c = arg;
	struct sim_latency l;
	unsigned long d;

	c->n = 0;
	for (d = 0; d < c->r.nr_tasks; d++) {
		if (sim_report_latency(&c->r, d, &l))
			return;
		c->groups[d].desc = d;
		c->groups[d].tasks = 1;
		c->groups[d].latency = l;
	}
	c->n = c->r.nr_tasks;
}

/* every description is a group of its one task, its latencies its own */
static int report_case_verify(const struct report_case *c)
{
	unsigned long i;

	if (c->n != (int)c->r.nr_tasks)
		return -EIO;
	for (i = 0; i < c->r.nr_tasks; i++) {
		const struct sim_task_stats *ts = &c->st[i];
		const struct sim_group *g = &c->groups[i];

		if (g->desc != i || g->tasks != 1 ||
		    g->latency.n != ts->nr_latency ||
		    g->latency.max !=
			    sim_task_latencies(ts)[ts->nr_latency - 1] ||
		    g->latency.p50 != sim_task_latency(ts, 50))
			return -EIO;
	}
	return 0;
}

static int bench_report(struct bench *b)
{
	static const unsigned long full_sizes[] = { 10000, 100000, 1000000 };
	static const unsigned long quick_sizes[] = { 10000, 100000 };
	const unsigned long *sizes = bench_quick(b) ? quick_sizes : full_sizes;
	unsigned int nr = bench_quick(b) ? ARRAY_SIZE(quick_sizes) :
					   ARRAY_SIZE(full_sizes);
	const char *group = "the report of N one-task descriptions";
	const struct bench_stat *st[ARRAY_SIZE(full_sizes)], *scan;
	struct report_case c;
	unsigned int i;
	int ret = 0;

	bench_axes(b, group, "task descriptions, one task each (N)",
		   "sim_report_groups() per description", 0);
	for (i = 0; !ret && i < nr; i++) {
		struct bench_spec spec = { .group = group,
					   .series = "sim_report_groups()",
					   .x = sizes[i],
					   .ops = sizes[i],
					   .fn = report_groups,
					   .arg = &c };

		ret = report_case_make(&c, sizes[i]);
		if (ret)
			break;
		st[i] = bench_measure(b, &spec);
		ret = report_case_verify(&c);
		if (ret)
			bench_note(
				b,
				"BROKEN: sim_report_groups() of %lu descriptions",
				sizes[i]);
		report_case_free(&c);
	}
	if (!ret)
		ret = report_case_make(&c, sizes[0]);
	if (!ret) {
		struct bench_spec spec = { .group = group,
					   .series = "a scan per description",
					   .x = sizes[0],
					   .ops = sizes[0],
					   .fn = report_scan,
					   .arg = &c };

		scan = bench_measure(b, &spec);
		ret = report_case_verify(&c);
		report_case_free(&c);
		if (ret)
			bench_note(b, "BROKEN: the scan of %lu descriptions",
				   sizes[0]);
	}
	if (!ret)
		bench_ratio(b, group, "sim_report_groups() / a scan", sizes[0],
			    st[0], scan);
	for (i = 1; !ret && i < nr; i++)
		bench_ratio(b, group, "per description, N / 10,000", sizes[i],
			    st[i], st[0]);
	if (!ret)
		bench_note(
			b,
			"%s: %.2f s for %lu descriptions, %.2f times 10,000's time per description (linear: 1; one scan of every task per description: %lu)",
			group, st[nr - 1]->median_ns * sizes[nr - 1] / 1e9,
			sizes[nr - 1], st[nr - 1]->median_ns / st[0]->median_ns,
			sizes[nr - 1] / sizes[0]);
	return ret;
}

KSTRUCT_BENCH("report", 60,
	      "the simulator's report of N one-task descriptions: linear in "
	      "tasks plus descriptions",
	      bench_report)
