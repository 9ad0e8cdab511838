// SPDX-License-Identifier: MIT
/*
 * tools/draw_sched.c - runqueues as Graphviz DOT (draw_rq(), and
 * draw_queue() for one priority queue, which tools/draw_sim.c uses too),
 * and "kstruct draw runqueue": CPU 0 of the tour's machine
 * (tools/sched_scene.c) after step 3 of "kstruct tour sched".
 *
 * Edges are read from the real run_list pointers, each ending at the
 * run_list it points to.
 */
#include <errno.h>
#include <stdio.h>

#include "compat/compiler.h"
#include "sched/rq.h"
#include "sched/sched.h"
#include "tools/draw.h"
#include "tools/kstruct.h"
#include "tools/sched_scene.h"

static const struct draw_key runqueue_keys[] = {
	{ DRAW_HEAD_FILL, "queue[i]",
	  "a priority's list head, in the "
	  "prio_array; only the non-empty queues are drawn" },
	{ DRAW_LINK_FILL, "run_list",
	  "the list_head embedded in each "
	  "task_struct" },
	{ NULL, DRAW_KEY_NEXT,
	  "run_list next pointers, round each queue "
	  "and back to its head (prev mirrors them)" },
	{ NULL, DRAW_KEY_OTHER,
	  "other pointers: the runqueue's active, "
	  "expired and curr" },
	{ NULL, "<B>bold</B>",
	  "the running task (rq-&gt;curr), which stays "
	  "queued while it runs" },
};

/**
 * draw_queue() - one priority queue's ring of tasks, as DOT
 * @out: where to print
 * @rq: the runqueue the queue belongs to
 * @array: the queue's prio_array
 * @idx: the queue's priority
 * @head: the DOT port standing for the queue's head ("rq0_a1:q125")
 * @task: prints one task's node, named "t<pid>" with a port "run_list"
 *
 * Follows the real run_list next pointers from the head round the ring
 * and back, printing each task's node and an edge per pointer, each
 * ending at the run_list it points to.
 *
 * Return: 0, or -EIO if the ring leads to a task of another array.
 */
int draw_queue(FILE *out, struct runqueue *rq, struct prio_array *array,
	       unsigned long idx, const char *head,
	       void (*task)(FILE *out, struct runqueue *rq,
			    struct task_struct *p))
{
	struct task_struct *p;
	struct list_head *pos;
	char from[32];

	snprintf(from, sizeof(from), "%s", head);
	for (pos = array->queue[idx].next; pos != &array->queue[idx];
	     pos = pos->next) {
		p = list_entry(pos, struct task_struct, run_list);
		if (p->array != array)
			return -EIO;
		task(out, rq, p);
		fprintf(out, "\t%s -> t%d:run_list [" DRAW_EDGE_NEXT "];\n",
			from, p->pid);
		snprintf(from, sizeof(from), "t%d:run_list", p->pid);
	}
	fprintf(out, "\t%s -> %s [" DRAW_EDGE_NEXT "];\n", from, head);
	return 0;
}

/* a task as a table: name (bold when running), pid, prio, slice, link */
static void draw_task(FILE *out, struct runqueue *rq, struct task_struct *p)
{
	fprintf(out,
		"\tt%d [label=<" DRAW_TABLE
		"<TR><TD COLSPAN=\"2\" BGCOLOR=\"%s\">%s%s%s</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">pid</TD><TD>%d</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">prio</TD><TD>%d</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">time_slice</TD><TD>%u</TD></TR>"
		"<TR><TD PORT=\"run_list\" COLSPAN=\"2\" BGCOLOR=\"%s\">"
		"run_list</TD></TR></TABLE>>];\n",
		p->pid, DRAW_TITLE_FILL, p == rq->curr ? "<B>" : "", p->comm,
		p == rq->curr ? "</B>" : "", p->pid, p->prio, p->time_slice,
		DRAW_LINK_FILL);
}

/**
 * draw_rq() - a runqueue, its two arrays and their queued tasks, as DOT
 * @out: where to print
 * @rq: the runqueue (its CPU must hold still: no other thread runs)
 *
 * Nodes are named after the CPU ("rq0", "rq0_a0" for arrays[0], "t3" for
 * pid 3), so several runqueues can share a picture.  Edges follow the
 * real run_list next pointers, each ending at the run_list it points to.
 *
 * Return: 0, or -EIO if a queue leads somewhere unexpected.
 */
int draw_rq(FILE *out, struct runqueue *rq)
{
	unsigned long idx;
	const char *sep;
	int a, nr_empty;

	fprintf(out,
		"\trq%d [label=<" DRAW_TABLE
		"<TR><TD COLSPAN=\"2\" BGCOLOR=\"%s\"><B>struct runqueue "
		"(CPU %d)</B></TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">nr_running</TD><TD>%lu</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">expired_timestamp</TD><TD>%lu</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">curr</TD><TD PORT=\"curr\">%s</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">active</TD><TD PORT=\"active\">"
		"arrays[%d]</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">expired</TD><TD PORT=\"expired\">"
		"arrays[%d]</TD></TR></TABLE>>];\n",
		rq->cpu, DRAW_TITLE_FILL, rq->cpu, rq->nr_running,
		rq->expired_timestamp,
		rq->curr == rq->idle ? "idle" : rq->curr->comm,
		(int)(rq->active - rq->arrays),
		(int)(rq->expired - rq->arrays));
	for (a = 0; a < 2; a++) {
		struct prio_array *array = &rq->arrays[a];

		fprintf(out,
			"\trq%d_a%d [label=<" DRAW_TABLE
			"<TR><TD COLSPAN=\"2\" BGCOLOR=\"%s\"><B>struct "
			"prio_array arrays[%d] (%s)</B></TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">nr_active</TD><TD>%d</TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">bitmap bits</TD><TD>",
			rq->cpu, a, DRAW_TITLE_FILL, a,
			array == rq->active ? "active" : "expired",
			array->nr_active);
		sep = "";
		for_each_set_bit(idx, array->bitmap, MAX_PRIO + 1) {
			fprintf(out, "%s%lu", sep, idx);
			sep = " ";
		}
		fprintf(out, "</TD></TR>");
		nr_empty = MAX_PRIO;
		for_each_set_bit(idx, array->bitmap, MAX_PRIO) {
			fprintf(out,
				"<TR><TD PORT=\"q%lu\" COLSPAN=\"2\" "
				"BGCOLOR=\"%s\">queue[%lu]</TD></TR>",
				idx, DRAW_HEAD_FILL, idx);
			nr_empty--;
		}
		fprintf(out,
			"<TR><TD COLSPAN=\"2\"><I>%d empty queues</I>"
			"</TD></TR></TABLE>>];\n",
			nr_empty);
		fprintf(out, "\trq%d:%s -> rq%d_a%d [" DRAW_EDGE_OTHER "];\n",
			rq->cpu, array == rq->active ? "active" : "expired",
			rq->cpu, a);
		for_each_set_bit(idx, array->bitmap, MAX_PRIO) {
			char head[32];
			int ret;

			snprintf(head, sizeof(head), "rq%d_a%d:q%lu", rq->cpu,
				 a, idx);
			ret = draw_queue(out, rq, array, idx, head, draw_task);
			if (ret)
				return ret;
		}
	}
	if (rq->curr != rq->idle)
		fprintf(out,
			"\trq%d:curr -> t%d [" DRAW_EDGE_OTHER
			", constraint=false];\n",
			rq->cpu, rq->curr->pid);
	return 0;
}

static int draw_runqueue(FILE *out)
{
	struct sched_scene s;
	int ret;

	ret = sched_scene_build(&s);
	if (ret)
		return ret;
	schedule(0);
	/* the state after step 3 of the tour */
	sched_scene_tick_cpu0(s.editor->time_slice);
	set_task_state(s.editor, TASK_INTERRUPTIBLE);
	schedule(0);
	sched_scene_tick_cpu0(s.make[0]->time_slice);
	fprintf(out, "// kstruct draw runqueue: CPU 0 in the tour's scene "
		     "after make-1 expired.\n");
	fprintf(out, "digraph runqueue {\n");
	draw_begin(out, "TB",
		   "CPU 0 of 'kstruct tour sched' after "
		   "step 3: make-1 has expired, the editor sleeps",
		   runqueue_keys, ARRAY_SIZE(runqueue_keys));
	ret = draw_rq(out, cpu_rq(0));
	fprintf(out, "}\n");
	if (!ret && !sched_check())
		ret = -EIO;
	sched_scene_teardown();
	return ret;
}

KSTRUCT_DRAW("runqueue",
	     "a runqueue's two priority arrays, bitmaps and "
	     "queues",
	     draw_runqueue)
