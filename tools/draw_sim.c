// SPDX-License-Identifier: MIT
/*
 * tools/draw_sim.c - "kstruct draw sim": the simulated machine at one
 * tick, as a Graphviz DOT picture.
 *
 * Mirrors no kernel function.  It runs the default workload ("mixed")
 * on two CPUs (what "kstruct sim --cpus 2" runs) for SIM_PICTURE_TICKS
 * ticks, then draws each CPU's runqueue: the
 * running task, and every non-empty queue of both arrays with its tasks
 * in run_list order, each edge read from a real next pointer.  The tasks
 * that sleep are on no runqueue at all: the simulator keeps them on its
 * own timer wheel until their wake-up tick, and the picture lists them
 * apart.  Single-threaded runs repeat exactly, so the picture is the same
 * on every run.
 */
#include <errno.h>
#include <stdio.h>

#include "sched/rq.h"
#include "sched/sched.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tools/draw.h"
#include "tools/kstruct.h"

#define SIM_PICTURE_CPUS 2
#define SIM_PICTURE_TICKS 700

static const struct draw_key sim_keys[] = {
	{ DRAW_HEAD_FILL, "queue[i]",
	  "a priority's list head in a "
	  "prio_array (non-empty queues only)" },
	{ DRAW_LINK_FILL, "run_list",
	  "the list_head embedded in each "
	  "task_struct" },
	{ NULL, DRAW_KEY_NEXT,
	  "run_list next pointers, round each queue "
	  "and back to its head" },
	{ NULL, "<B>bold</B>", "the task running on that CPU (still queued)" },
	{ NULL, "asleep",
	  "a sleeping task is on no runqueue: the simulator "
	  "wakes it at its tick" },
};

/* a task, small: its name (bold when running), prio and slice, its link */
static void draw_task(FILE *out, struct runqueue *rq, struct task_struct *p)
{
	fprintf(out,
		"\tt%d [label=<" DRAW_TABLE
		"<TR><TD>%s%s%s<BR/>prio %d, slice %u</TD></TR>"
		"<TR><TD PORT=\"run_list\" BGCOLOR=\"%s\">run_list</TD></TR>"
		"</TABLE>>];\n",
		p->pid, p == rq->curr ? "<B>" : "", p->comm,
		p == rq->curr ? "</B>" : "", p->prio, p->time_slice,
		DRAW_LINK_FILL);
}

/* one CPU: a table of its runqueue and its queues, then the tasks */
static int draw_cpu(FILE *out, struct runqueue *rq)
{
	unsigned long idx;
	int a;

	fprintf(out,
		"\tcpu%d [label=<" DRAW_TABLE
		"<TR><TD BGCOLOR=\"%s\"><B>CPU %d: struct runqueue</B></TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">curr = %s</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">nr_running = %lu</TD></TR>",
		rq->cpu, DRAW_TITLE_FILL, rq->cpu,
		rq->curr == rq->idle ? "idle" : rq->curr->comm, rq->nr_running);
	for (a = 0; a < 2; a++) {
		struct prio_array *array = a ? rq->expired : rq->active;

		fprintf(out,
			"<TR><TD ALIGN=\"LEFT\"><I>%s array: %d task%s"
			"</I></TD></TR>",
			a ? "expired" : "active", array->nr_active,
			array->nr_active == 1 ? "" : "s");
		for_each_set_bit(idx, array->bitmap, MAX_PRIO)
			fprintf(out,
				"<TR><TD PORT=\"a%dq%lu\" BGCOLOR=\"%s\">"
				"%s-&gt;queue[%lu]</TD></TR>",
				a, idx, DRAW_HEAD_FILL,
				a ? "expired" : "active", idx);
	}
	fprintf(out, "</TABLE>>];\n");
	for (a = 0; a < 2; a++) {
		struct prio_array *array = a ? rq->expired : rq->active;

		for_each_set_bit(idx, array->bitmap, MAX_PRIO) {
			char head[32];
			int ret;

			snprintf(head, sizeof(head), "cpu%d:a%dq%lu", rq->cpu,
				 a, idx);
			ret = draw_queue(out, rq, array, idx, head, draw_task);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* the tasks on no runqueue: the sleepers, waiting on the simulator */
static void draw_sleepers(FILE *out)
{
	struct task_struct *p;
	int n = 0;

	fprintf(out,
		"\tsleeping [label=<" DRAW_TABLE
		"<TR><TD BGCOLOR=\"%s\"><B>asleep: on no runqueue</B>"
		"</TD></TR>",
		DRAW_TITLE_FILL);
	list_for_each_entry(p, &init_task->tasks, tasks) {
		if (p->array)
			continue;
		fprintf(out, "<TR><TD>%s</TD></TR>", p->comm);
		n++;
	}
	if (!n)
		fprintf(out, "<TR><TD><I>nobody</I></TD></TR>");
	fprintf(out, "</TABLE>>];\n");
}

static int draw_sim(FILE *out)
{
	struct sim_options opt = {
		.nr_cpus = SIM_PICTURE_CPUS,
		.seed = 1,
	};
	struct sim_workload *wl;
	struct sim *s;
	char title[192];
	int cpu, i, err;

	err = sim_workload_builtin(SIM_DEFAULT_WORKLOAD, opt.nr_cpus, &wl, NULL,
				   0);
	if (err)
		return err;
	err = sim_create(wl, &opt, &s);
	if (err)
		goto out_wl;
	for (i = 0; i < SIM_PICTURE_TICKS && !err; i++)
		err = sim_step(s) < 0 ? -EIO : 0;
	if (err)
		goto out_sim;
	snprintf(title, sizeof(title),
		 "kstruct sim --cpus %u (workload %s) "
		 "after %llu ticks: the runqueues and the sleepers",
		 opt.nr_cpus, wl->name, sim_ticks(s));
	fprintf(out, "// kstruct draw sim: the simulated machine at a tick.\n"
		     "digraph sim {\n");
	draw_begin(out, "LR", title, sim_keys, ARRAY_SIZE(sim_keys));
	for (cpu = 0; cpu < (int)opt.nr_cpus && !err; cpu++)
		err = draw_cpu(out, cpu_rq(cpu));
	draw_sleepers(out);
	/* top to bottom: CPU 0, CPU 1, ..., the sleepers */
	fprintf(out, "\t{ rank=same; ");
	for (cpu = 0; cpu < (int)opt.nr_cpus; cpu++)
		fprintf(out, "cpu%d -> ", cpu);
	fprintf(out, "sleeping [style=invis]; }\n}\n");
out_sim:
	sim_destroy(s);
out_wl:
	sim_workload_free(wl);
	return err;
}

KSTRUCT_DRAW("sim",
	     "the simulated machine at a tick: each CPU's queues "
	     "and the sleepers",
	     draw_sim)
