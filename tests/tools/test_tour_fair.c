// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_tour_fair.c - "kstruct tour fair" (tools/tour_fair.c).
 *
 * The figures come from the classes as they run, and change with their
 * tunables; so the tests hold them to the rules they illustrate, not to
 * numbers: each task's weight is sched_prio_to_weight[] of its nice level;
 * under CFS, vruntime grows by run time times 1024 / weight, the ticks'
 * run times add up to the ticks run, the tree runs leftmost-first and
 * holds every queued task but the running one, in vruntime order, and a
 * woken sleeper lands at max(its vruntime, min_vruntime - latency / 2);
 * under EEVDF, V is the weighted average of the vruntimes, a new task's
 * deadline is half a slice on in its virtual time, each pick took the
 * eligible task (lag >= 0) with the earliest deadline, and a sleeper
 * comes back at V - lag * (W + w) / W, with its lag again.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/fair.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/kstruct.h"

/* rounding of the printed figures (two decimals), with a margin */
#define EPS 0.011

/* one "   A nice 0 weight 1024: ran 11.00 (+11.00), v +17.00 (+11.00)" */
struct task_line {
	char name[4];
	int nice;
	unsigned long weight;
	double ran, dran, v, dv;
	/* eevdf: "     lag V-v +0.66 (eligible), deadline +14.52" */
	double lag, deadline;
	int eligible, queued;
};

/* the three task lines of the step at @s, after its min_vruntime line */
static int read_tasks(const char *s, struct task_line *t, double *minv,
		      double *V)
{
	const char *p = strstr(s, "   min_vruntime ");
	int i;

	*V = NAN;
	if (!p || sscanf(p, "   min_vruntime %lf, V %lf", minv, V) < 1)
		return 0;
	for (i = 0; i < 3; i++) {
		char state[16];

		p = strchr(p, '\n') + 1;
		if (sscanf(p,
			   "   %3s nice %d weight %lu: ran %lf (+%lf), v %lf "
			   "(+%lf)",
			   t[i].name, &t[i].nice, &t[i].weight, &t[i].ran,
			   &t[i].dran, &t[i].v, &t[i].dv) != 7)
			return 0;
		t[i].queued = strcspn(p, "\n") < 8 ||
			      strncmp(p + strcspn(p, "\n") - 7, " asleep", 7);
		t[i].eligible = -1;
		if (!strncmp(strchr(p, '\n') + 1, "     lag V-v ", 13)) {
			p = strchr(p, '\n') + 1;
			if (sscanf(p,
				   "     lag V-v %lf (%15[a-z ]), deadline %lf",
				   &t[i].lag, state, &t[i].deadline) != 3)
				return 0;
			t[i].eligible = !strcmp(state, "eligible");
		}
	}
	return 3;
}

/* the steps of the section: its text split at the marks */
static int steps(char *text, char **step, int max)
{
	int n = 0;
	char *p;

	for (p = strchr(text, '\f'); p && n < max; p = strchr(p + 1, '\f'))
		step[n++] = p + 1;
	return n;
}

/*
 * The tree of a step: "     NAME v +X.XX ..." lines; their names top
 * down into @names and vruntimes into @v.  Return: how many.
 */
static int read_tree(const char *s, char names[][4], double *v)
{
	const char *p = strstr(s, "   the tree (running: ");
	int n = 0;

	if (!p)
		return -1;
	for (p = strchr(p, '\n') + 1; !strncmp(p, "     ", 5) && n < 3;
	     p = strchr(p, '\n') + 1) {
		const char *q = p + strspn(p, " |.-`");

		if (sscanf(q, "%3s v %lf", names[n], &v[n]) != 2)
			break;
		n++;
	}
	return n;
}

static void test_cfs(void)
{
	int ret = -1, i, nr;
	char *text = capture_entry(KSTRUCT_KIND_TOUR, "fair", &ret), *st[8];
	struct task_line t[3];
	double minv, V, sum = 0, v[3], before, floor, at, lat;
	char names[3][4], running[4], leftmost[4], runs[4];

	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_EQUAL_FATAL(steps(text, st, 8), 6);

	/* 1: weights by nice; the leftmost (smallest v) runs first */
	CU_ASSERT_EQUAL_FATAL(read_tasks(st[0], t, &minv, &V), 3);
	for (i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(t[i].weight,
				sched_prio_to_weight[t[i].nice + 20]);
	CU_ASSERT(t[2].v < t[1].v && t[1].v < t[0].v);
	CU_ASSERT_EQUAL(sscanf(strstr(st[0], "takes the leftmost: "),
			       "takes the leftmost: %3s runs", runs),
			1);
	CU_ASSERT_STRING_EQUAL(runs, "C");
	nr = read_tree(st[0], names, v);
	CU_ASSERT_EQUAL(nr, 3);
	for (i = 1; i < nr; i++) /* right above left: largest first */
		CU_ASSERT(v[i - 1] >= v[i]);

	/* 2: vruntime = run time * 1024 / weight; 30 ticks of 1 ms */
	CU_ASSERT_EQUAL_FATAL(read_tasks(st[1], t, &minv, &V), 3);
	for (i = 0; i < 3; i++) {
		double want = t[i].dran * 1024.0 / (double)t[i].weight;

		CU_ASSERT(fabs(t[i].dv - want) <=
			  EPS * (1 + 1024.0 / (double)t[i].weight));
		sum += t[i].dran;
	}
	CU_ASSERT(fabs(sum - 30.0) < EPS);
	CU_ASSERT(t[1].dran < t[0].dran); /* nice 5 runs less */
	/* the tree: the two not running, in order, leftmost the smallest */
	CU_ASSERT_EQUAL(sscanf(strstr(st[1], "the tree (running: "),
			       "the tree (running: %3[A-C], out of the tree; "
			       "leftmost: %3[A-C])",
			       running, leftmost),
			2);
	nr = read_tree(st[1], names, v);
	CU_ASSERT_EQUAL(nr, 2);
	CU_ASSERT_STRING_EQUAL(names[nr - 1], leftmost);
	for (i = 0; i < nr; i++)
		CU_ASSERT_STRING_NOT_EQUAL(names[i], running);
	CU_ASSERT(v[0] >= v[1]);

	/* 3: the sleeper lands at max(its v, min_vruntime - latency / 2) */
	CU_ASSERT_EQUAL(sscanf(strstr(st[2], "C wakes at v "),
			       "C wakes at v %lf = max(%lf, %lf)", &at, &before,
			       &floor),
			3);
	CU_ASSERT(fabs(at - (before > floor ? before : floor)) < EPS);
	CU_ASSERT_EQUAL(sscanf(strstr(st[2], "min_vruntime went on to "),
			       "min_vruntime went on to %lf", &minv),
			1);
	CU_ASSERT_EQUAL(sscanf(strstr(st[0], "sched_latency, "),
			       "sched_latency, %lf ms", &lat),
			1);
	CU_ASSERT(fabs(floor - (minv - lat / 2)) < EPS);
	CU_ASSERT(before < floor); /* 50 ticks asleep: lifted */
	free(text);
}

static void test_eevdf(void)
{
	int ret = -1, i, nr, picks = 0;
	char *text = capture_entry(KSTRUCT_KIND_TOUR, "fair", &ret), *st[8];
	struct task_line t[3];
	double minv, V, slice, wv = 0, w = 0, lag, lag2, v[3], x[6];
	unsigned long wa, wb;
	char names[3][4];
	const char *p;

	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_EQUAL_FATAL(steps(text, st, 8), 6);

	/* 4: V the weighted average, a new task's deadline half a slice on */
	CU_ASSERT_EQUAL(sscanf(strstr(st[3], "(base_slice "),
			       "(base_slice %lf ms)", &slice),
			1);
	CU_ASSERT_EQUAL_FATAL(read_tasks(st[3], t, &minv, &V), 3);
	for (i = 0; i < 3; i++) {
		double want = slice / 2 * 1024.0 / (double)t[i].weight;

		CU_ASSERT(fabs(t[i].deadline - t[i].v - want) < 2 * EPS);
		CU_ASSERT(fabs(t[i].lag - (V - t[i].v)) < 2 * EPS);
		CU_ASSERT_EQUAL(t[i].eligible, t[i].lag > -EPS);
		wv += (double)t[i].weight * t[i].v;
		w += (double)t[i].weight;
	}
	CU_ASSERT(fabs(V - wv / w) < EPS);
	nr = read_tree(st[3], names, v);
	CU_ASSERT_EQUAL(nr, 3);

	/*
	 * 5: every pick shown took, of the eligible tasks (lag >= 0), one
	 * whose deadline is the earliest
	 */
	for (p = strstr(st[3], "    [jiffy "); p && p < st[4] + strlen(st[4]);
	     p = strstr(p + 1, "    [jiffy ")) {
		double best = 1e18, picked = 0;
		bool found = false;
		const char *line = strchr(p, '\n') + 1;

		while (!strncmp(line, "      ", 6) && line[6] != ' ') {
			char name[4], state[16];
			const char *mark;
			double l, d;

			if (sscanf(line, "      %3s lag %lf %15s", name, &l,
				   state) != 3)
				break;
			CU_ASSERT_EQUAL(sscanf(strstr(line, "deadline"),
					       "deadline %lf", &d),
					1);
			CU_ASSERT_EQUAL(!strcmp(state, "eligible"), l > -EPS);
			if (!strcmp(state, "eligible") && d < best)
				best = d;
			mark = strstr(line, "<- picked");
			if (mark && mark < strchr(line, '\n')) {
				CU_ASSERT_STRING_EQUAL(state, "eligible");
				picked = d;
				found = true;
			}
			line = strchr(line, '\n') + 1;
		}
		CU_ASSERT(found);
		CU_ASSERT(fabs(picked - best) < EPS);
		picks++;
	}
	CU_ASSERT_EQUAL(picks, 4);

	/* 6: back at V - lag * (W + w) / W, with its lag again */
	CU_ASSERT_EQUAL(sscanf(strstr(st[5], "keeping its lag, V - v = "),
			       "keeping its lag, V - v = %lf", &lag),
			1);
	p = strstr(st[5], "V - lag * (W + w) / W = ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(sscanf(p,
			       "V - lag * (W + w) / W = %lf - %lf * %lu / %lu "
			       "= %lf",
			       &x[0], &x[1], &wa, &wb, &x[2]),
			5);
	CU_ASSERT(fabs(x[1] - lag) < EPS);
	CU_ASSERT_EQUAL(wa - wb, sched_prio_to_weight[20]); /* C's weight */
	CU_ASSERT(fabs(x[2] - (x[0] - x[1] * (double)wa / (double)wb)) <
		  2 * EPS);
	CU_ASSERT_EQUAL(sscanf(strstr(p, "V - v is now"), "V - v is now %lf",
			       &lag2),
			1);
	CU_ASSERT(fabs(lag2 - lag) < 2 * EPS);
	free(text);
}

static void test_runs_alike(void)
{
	int r1 = -1, r2 = -1;
	char *a = capture_entry(KSTRUCT_KIND_TOUR, "fair", &r1);
	char *b = capture_entry(KSTRUCT_KIND_TOUR, "fair", &r2);

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_STRING_EQUAL(a, b);
	CU_ASSERT_PTR_NULL(strstr(a, "0x"));
	CU_ASSERT_PTR_NULL(strstr(a, "BROKEN"));
	free(a);
	free(b);
}

static CU_TestInfo tour_fair_cases[] = {
	{ "cfs: weights, vruntime by weight, leftmost, sleeper placement",
	  test_cfs },
	{ "eevdf: V, deadlines, each pick, lag kept over a sleep", test_eevdf },
	{ "the same text every run, no addresses", test_runs_alike },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/tour_fair", tour_fair_cases, NULL, NULL)
