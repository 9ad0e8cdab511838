// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_tour_sched.c - "kstruct tour sched" (tools/tour_sched.c)
 * and "kstruct draw runqueue" (tools/draw_sched.c), on the machine of
 * tools/sched_scene.c.
 *
 * What the tour prints must be what the structures hold, and what 2.5.33
 * computes: each task line's prio, slice and "interactive" are checked
 * against the 2.5.33 formulas worked by hand (prio = 120 + nice - bonus,
 * bonus = 10 * sleep_avg / 2000 - 5; slice = 10 + 290 * (19 - nice) / 39
 * ticks at HZ=1000; interactive when prio <= static_prio - (nice * 10 /
 * 40 + 2)); each array listing's bitmap must name exactly its non-empty
 * queues and nr_active must count their tasks; the numbers in the prose
 * must be the ones in the task lines; the task the idle CPU pulls must be
 * the tail of the queue the tour says; and the drawing must show CPU 0's
 * queues as the tour does after step 3, each arrow ending at a run_list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "list/list.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/draw.h"
#include "tools/kstruct.h"

static char *tour_text(void)
{
	static const char *const args[] = { "sched", NULL };
	int status = -1;
	char *text = run_tour(args, "", &status, NULL);

	CU_ASSERT_EQUAL(status, 0);
	return text;
}

/* one "    NAME nice N sleep_avg S prio P slice T ..." line */
struct task_line {
	char name[16];
	int nice, prio;
	unsigned long sleep_avg;
	unsigned int slice;
	int interactive;
};

static int parse_task(const char *line, struct task_line *t)
{
	char what[32];

	if (sscanf(line, " %15s nice %d sleep_avg %lu prio %d slice %u %31s",
		   t->name, &t->nice, &t->sleep_avg, &t->prio, &t->slice,
		   what) != 6)
		return 0;
	t->interactive = !strcmp(what, "interactive");
	return 1;
}

/* the last task line of @name before @end (or in all of @text) */
static int find_task(const char *text, const char *end, const char *name,
		     struct task_line *t)
{
	const char *line;
	int found = 0;

	for (line = text; line && *line && (!end || line < end);
	     line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		struct task_line x;

		if (parse_task(line, &x) && !strcmp(x.name, name)) {
			*t = x;
			found = 1;
		}
	}
	return found;
}

static void test_task_lines_follow_2_5_33(void)
{
	char *text = tour_text();
	const char *line;
	int lines = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (line = text; line; line = strchr(line, '\n')) {
		struct task_line t;
		int bonus;

		line += *line == '\n';
		if (!parse_task(line, &t))
			continue;
		lines++;
		bonus = (int)(10 * t.sleep_avg / 2000) - 5;
		CU_ASSERT_EQUAL(t.prio, 120 + t.nice - bonus);
		CU_ASSERT_EQUAL(t.slice,
				10u + 290u * (unsigned)(19 - t.nice) / 39);
		CU_ASSERT_EQUAL(t.interactive,
				t.prio <=
					120 + t.nice - (t.nice * 10 / 40 + 2));
	}
	CU_ASSERT_EQUAL(lines, 5 + 1 + 1 + 1); /* step 1, 2, 3, 5 */
	free(text);
}

/*
 * Every "CPU c NAME nr_active N, bitmap bits: ..." line and the queue
 * lines under it: the bits are the queues listed plus the sentinel 140,
 * and N is how many tasks they hold.
 */
static void test_array_listings_are_consistent(void)
{
	char *text = tour_text();
	const char *p;
	int arrays = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (p = strstr(text, " nr_active "); p;
	     p = strstr(p + 1, " nr_active ")) {
		const char *bits = strstr(p, "bitmap bits:") + 12;
		const char *line = strchr(p, '\n') + 1;
		int nr_active, n_bits = 0, tasks = 0, queues = 0, bit;
		char *end;

		CU_ASSERT_EQUAL_FATAL(sscanf(p, " nr_active %d", &nr_active),
				      1);
		arrays++;
		/* the queues listed */
		while (!strncmp(line, "    queue[", 10)) {
			const char *eol = strchr(line, '\n'), *q;
			char want[16];
			int idx = atoi(line + 10);

			snprintf(want, sizeof(want), " %d", idx);
			/* its bit is set */
			CU_ASSERT_PTR_NOT_NULL(
				strstr(bits, want) &&
						strstr(bits, want) < line ?
					bits :
					NULL);
			for (q = strchr(line, ':') + 1; q < eol; q++)
				tasks += q[0] == ' ';
			queues++;
			line = eol + 1;
		}
		/* and no other bit but the sentinel */
		for (bit = (int)strtol(bits, &end, 10); end != bits;
		     bits = end, bit = (int)strtol(bits, &end, 10))
			if (bit != 140)
				n_bits++;
			else
				CU_ASSERT(!strncmp(end, "(sentinel)", 10));
		CU_ASSERT_EQUAL(n_bits, queues);
		CU_ASSERT_EQUAL(tasks, nr_active);
	}
	CU_ASSERT_EQUAL(arrays, 2 * 5 + 2); /* CPU 0 in 5 steps, CPU 1 once */
	free(text);
}

static void test_prose_numbers_are_the_tasks(void)
{
	struct task_line editor, make1, make2, make3, backup;
	char *text = tour_text();
	const char *step2, *step3;
	char want[128];

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	step2 = strstr(text, "\n2. ");
	step3 = strstr(text, "\n3. ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(step2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(step3);
	CU_ASSERT(find_task(text, step2, "editor", &editor));
	CU_ASSERT(find_task(text, step2, "make-1", &make1));
	CU_ASSERT(find_task(text, step2, "make-2", &make2));
	CU_ASSERT(find_task(text, step2, "make-3", &make3));
	CU_ASSERT(find_task(text, step2, "backup", &backup));
	snprintf(want, sizeof(want), "bonus %+d, so\n   prio %d at nice 0",
		 120 - make1.prio, make1.prio);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	snprintf(want, sizeof(want), "bonus %+d, prio %d.\n", 120 - editor.prio,
		 editor.prio);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	snprintf(want, sizeof(want), "its whole slice (%u ticks at nice 0)",
		 editor.slice);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	snprintf(want, sizeof(want), "make-1 runs its %u ticks", make1.slice);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	snprintf(want, sizeof(want), "use their slices (%u, %u, %u ticks)",
		 make2.slice, make3.slice, backup.slice);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	/* step 1's bitmap starts at the editor's queue */
	snprintf(want, sizeof(want),
		 "the active bitmap is %d: schedule() "
		 "picks\n   the first task of queue[%d]",
		 editor.prio, editor.prio);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	free(text);
}

static void test_the_pull_takes_the_tail(void)
{
	char *text = tour_text();
	const char *step4, *step6, *q, *eol, *tail;
	char pulled[16], moved[64], from[96];
	int idx, a, b;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	step4 = strstr(text, "\n4. ");
	step6 = strstr(text, "\n6. ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(step4);
	CU_ASSERT_PTR_NOT_NULL_FATAL(step6);
	/* CPU 0's queue[125] after the array switch: its tail */
	q = strstr(step4, "    queue[125]:");
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	CU_ASSERT(q < step6);
	eol = strchr(q, '\n');
	for (tail = eol; tail[-1] != ' '; tail--)
		;
	snprintf(pulled, sizeof(pulled), "%.*s", (int)(eol - tail), tail);
	/* that task moves, and the tour says why */
	snprintf(moved, sizeof(moved), "] %s moves from CPU 0 to CPU 1\n",
		 pulled);
	CU_ASSERT_PTR_NOT_NULL(strstr(step6, moved));
	snprintf(from, sizeof(from), "   %s came from the tail of queue[125].",
		 pulled);
	CU_ASSERT_PTR_NOT_NULL(strstr(step6, from));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(step6, "The expired array had 0 task(s)"));
	/* CPU 1 has it, alone */
	snprintf(from, sizeof(from), "  CPU 1: current %s, nr_running 1,",
		 pulled);
	CU_ASSERT_PTR_NOT_NULL(strstr(step6, from));
	/* nr_running is conserved: the total the tour gives is the sum */
	CU_ASSERT_EQUAL(sscanf(strstr(step6, "  CPU 0: current"),
			       "  CPU 0: current %*s nr_running %d,", &a),
			1);
	CU_ASSERT_EQUAL(sscanf(strstr(step6, "  CPU 1: current"),
			       "  CPU 1: current %*s nr_running %d,", &b),
			1);
	snprintf(from, sizeof(from), "over the CPUs is unchanged (%d)", a + b);
	CU_ASSERT_PTR_NOT_NULL(strstr(step6, from));
	idx = 0;
	CU_ASSERT_EQUAL(sscanf(strstr(step6, "(queue["), "(queue[%d])", &idx),
			1);
	{
		struct task_line editor;

		CU_ASSERT(find_task(text, step6, "editor", &editor));
		CU_ASSERT_EQUAL(idx, editor.prio);
	}
	free(text);
}

static void test_draw_runqueue_is_step_3(void)
{
	struct dot_edge edges[64];
	char fill[16], names[64];
	int ret = -1, n, i;
	char *dot = capture_entry(KSTRUCT_KIND_DRAW, "runqueue", &ret);

	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	CU_ASSERT_EQUAL(ret, 0);
	n = dot_edges(dot, edges, (int)ARRAY_SIZE(edges));
	/* pids: editor 2, make-1 3, make-2 4, make-3 5, backup 6 */
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "active</TD><TD PORT=\"active\">"
					   "arrays[0]"));
	dot_ring(edges, n, "rq0_a0:q125", names, sizeof(names));
	CU_ASSERT_STRING_EQUAL(names, "t4 t5");
	dot_ring(edges, n, "rq0_a0:q135", names, sizeof(names));
	CU_ASSERT_STRING_EQUAL(names, "t6");
	dot_ring(edges, n, "rq0_a1:q125", names, sizeof(names));
	CU_ASSERT_STRING_EQUAL(names, "t3");
	/* only the non-empty queues are drawn */
	CU_ASSERT_EQUAL(count(dot, "<TD PORT=\"q"), 3);
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "138 empty queues"));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "139 empty queues"));
	/* the running task is bold, and rq->curr points at it */
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "<B>make-2</B>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\trq0:curr -> t4 ["));
	/* every queue arrow ends at a run_list or at its queue's head */
	for (i = 0; i < n; i++) {
		if (!strstr(edges[i].attrs, DRAW_NEXT))
			continue;
		if (!strncmp(edges[i].to, "rq0_a", 5)) {
			char node[8];

			snprintf(node, sizeof(node), "%.6s", edges[i].to);
			CU_ASSERT_PTR_NOT_NULL(
				dot_port_fill(dot, node, edges[i].to + 7, fill,
					      sizeof(fill)));
			CU_ASSERT_STRING_EQUAL(fill, DRAW_HEAD_FILL);
		} else {
			CU_ASSERT_PTR_NOT_NULL(
				strstr(edges[i].to, ":run_list"));
		}
	}
	free(dot);
}

static CU_TestInfo tour_sched_cases[] = {
	{ "task lines follow 2.5.33's prio, slice, interactive",
	  test_task_lines_follow_2_5_33 },
	{ "array listings: bitmap bits = queues, nr_active = tasks",
	  test_array_listings_are_consistent },
	{ "the prose's numbers are the tasks' own",
	  test_prose_numbers_are_the_tasks },
	{ "the idle pull takes the tail the tour names",
	  test_the_pull_takes_the_tail },
	{ "draw runqueue: CPU 0 after step 3, arrows to run_list",
	  test_draw_runqueue_is_step_3 },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/sched-tour", tour_sched_cases, NULL, NULL)
