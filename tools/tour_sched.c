// SPDX-License-Identifier: MIT
/*
 * tools/tour_sched.c - "kstruct tour sched" and "kstruct draw runqueue":
 * the O(1) scheduler of Linux 2.5.33 on a small two-CPU machine.
 *
 * Mirrors no kernel function: it drives sched/ (scheduler_tick, schedule,
 * load_balance through the idle tick) on a fixed scene and prints what a
 * student should look at: a prio_array's bitmap and queues, a slice
 * expiring into the expired array, an interactive task reinserted into
 * active, the array switch, and CPU 1's idle tick pulling one task.
 * Only CPU 0 is ticked until the balancing step, so the story stays on
 * one runqueue.  Output names tasks, never addresses: every run is the
 * same.  The drawing renders CPU 0's runqueue of the same scene as
 * Graphviz DOT, edges read from the real run_list pointers.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sched/sched.h"
#include "tools/draw.h"
#include "tools/kstruct.h"
#include "tools/tour_generations.h"

static FILE *tour_out;
static struct task_struct *tour_pulled;	/* the last task migrated */

/* prints a switch as it happens */
static void tour_switch(int cpu, struct task_struct *prev,
			struct task_struct *next, void *data)
{
	(void)data;
	if (tour_out)
		fprintf(tour_out, "    [jiffy %lu] CPU %d switches %s -> %s\n",
			jiffies, cpu, prev->comm, next->comm);
}

static void tour_migrate(struct task_struct *p, int src, int dst, void *data)
{
	(void)data;
	tour_pulled = p;
	if (tour_out)
		fprintf(tour_out, "    [jiffy %lu] %s moves from CPU %d to CPU "
			"%d\n", jiffies, p->comm, src, dst);
}

static void show_array(FILE *out, struct runqueue *rq,
		       struct prio_array *array)
{
	const char *name = array == rq->active ? "active" : "expired";
	struct task_struct *p;
	unsigned long idx;

	fprintf(out, "  CPU %d %-7s nr_active %d, bitmap bits:", rq->cpu,
		name, array->nr_active);
	for_each_set_bit(idx, array->bitmap, MAX_PRIO + 1)
		fprintf(out, " %lu%s", idx, idx == MAX_PRIO ?
			"(sentinel)" : "");
	fputc('\n', out);
	for_each_set_bit(idx, array->bitmap, MAX_PRIO) {
		fprintf(out, "    queue[%3lu]:", idx);
		list_for_each_entry(p, &array->queue[idx], run_list)
			fprintf(out, " %s", p->comm);
		fputc('\n', out);
	}
}

static void show_rq(FILE *out, int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);

	fprintf(out, "  CPU %d: current %s, nr_running %lu, "
		"expired_timestamp %lu, array switches %lu\n", cpu,
		rq->curr->comm, rq->nr_running, rq->expired_timestamp,
		rq->nr_array_switches);
	show_array(out, rq, rq->active);
	show_array(out, rq, rq->expired);
}

static void show_task(FILE *out, struct task_struct *p)
{
	fprintf(out, "    %-8s nice %3d  sleep_avg %4lu  prio %3d  "
		"slice %3u  %s\n", p->comm, TASK_NICE(p), p->sleep_avg,
		p->prio, p->time_slice,
		TASK_INTERACTIVE(p) ? "interactive" : "not interactive");
}

/* one tick of CPU 0 only, and schedule() when asked */
static void tick_cpu0(void)
{
	jiffies++;
	scheduler_tick(0, 1);
	if (test_tsk_need_resched(cpu_curr(0)))
		schedule(0);
}

/* @n ticks of CPU 0 */
static void tick_cpu0_n(unsigned int n)
{
	while (n--)
		tick_cpu0();
}

/* the bonus of -MAX..+MAX that sleep_avg gives (2.5.33's formula's ends) */
#define TOUR_MAX_BONUS	(MAX_USER_PRIO * PRIO_BONUS_RATIO / 100 / 2)
/* how long the editor's key press takes after step 4 */
#define TOUR_KEY_DELAY	300

struct scene {
	struct task_struct *editor, *make[3], *backup;
};

/* two CPUs, HZ=1000; five tasks on CPU 0; CPU 1 idle */
static int build_scene(struct scene *s)
{
	char name[TASK_COMM_LEN];
	int i, ret;

	kstruct_hz = 1000;
	jiffies = 1000;
	ret = sched_init(2);
	if (ret)
		return ret;
	s->editor = sched_new_task("editor", 0, SCHED_OTHER, 0);
	for (i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "make-%d", i + 1);
		s->make[i] = sched_new_task(name, 0, SCHED_OTHER, 0);
	}
	s->backup = sched_new_task("backup", 10, SCHED_OTHER, 0);
	if (!s->editor || !s->make[0] || !s->make[1] || !s->make[2] ||
	    !s->backup) {
		sched_teardown();
		return -ENOMEM;
	}
	/* the editor mostly sleeps: a full sleep average */
	s->editor->sleep_avg = MAX_SLEEP_AVG;
	wake_up_forked_process(s->editor, 0);
	for (i = 0; i < 3; i++)
		wake_up_forked_process(s->make[i], 0);
	wake_up_forked_process(s->backup, 0);
	return 0;
}

static int tour_sched(FILE *out)
{
	struct sched_hooks hooks = { .switch_to = tour_switch,
				     .migrate = tour_migrate };
	struct scene s;
	struct runqueue *rq0;
	int i, expired, ret;

	ret = build_scene(&s);
	if (ret)
		return ret;
	rq0 = cpu_rq(0);
	tour_out = out;
	fprintf(out,
"The O(1) scheduler (kernel/sched.c of Linux 2.5.33, sched/sched.c here)\n"
"\n"
"Each CPU has a runqueue with two priority arrays, 'active' and 'expired'.\n"
"An array is 140 FIFO queues of struct list_head, one per priority\n"
"(0..99 real-time, 100..139 for nice -20..19), and a bitmap with one bit\n"
"per non-empty queue plus a sentinel bit 140.  Picking the next task is\n"
"'first set bit, first task of that queue': constant time, however many\n"
"tasks are runnable.\n"
"\n"
TOUR_STEP "1. Five tasks wake up on CPU 0 (HZ=%d).  A task's prio is its nice\n"
"   level's static prio (%d + nice) minus a bonus of -%d..+%d from its\n"
"   sleep_avg (0..%d ticks).  New tasks have slept 0: bonus %+d, so\n"
"   prio %d at nice 0.  The editor has slept a lot (sleep_avg %d,\n"
"   less %d%% at fork): bonus %+d, prio %d.\n", HZ, NICE_TO_PRIO(0),
		TOUR_MAX_BONUS, TOUR_MAX_BONUS, MAX_SLEEP_AVG,
		s.make[0]->static_prio - s.make[0]->prio, s.make[0]->prio,
		MAX_SLEEP_AVG, 100 - CHILD_PENALTY,
		s.editor->static_prio - s.editor->prio, s.editor->prio);
	show_task(out, s.editor);
	for (i = 0; i < 3; i++)
		show_task(out, s.make[i]);
	show_task(out, s.backup);
	show_rq(out, 0);
	fprintf(out,
"   sched_find_first_bit() of the active bitmap is %d: schedule() picks\n"
"   the first task of queue[%d].\n\n", sched_find_first_bit(
		rq0->active->bitmap), sched_find_first_bit(rq0->active->bitmap));

	fprintf(out,
TOUR_STEP "2. The editor runs its whole slice (%u ticks at nice 0).  Every tick\n"
"   costs it one tick of sleep_avg.  When the slice ends, prio is\n"
"   recomputed; an interactive task (prio <= static_prio - DELTA, DELTA\n"
"   is %d at nice 0) goes back to the tail of the ACTIVE array.\n",
		s.editor->time_slice, DELTA(s.editor));
	sched_set_hooks(&hooks);
	schedule(0);
	tick_cpu0_n(s.editor->time_slice);
	show_task(out, s.editor);
	show_rq(out, 0);

	fprintf(out,
"\n" TOUR_STEP "3. The editor now waits for a key press (TASK_INTERRUPTIBLE) and\n"
"   schedule() takes it off the runqueue.  make-1 runs its %u ticks; it\n"
"   is not interactive, so its slice refills and it goes to the EXPIRED\n"
"   array, which stamps expired_timestamp.\n", s.make[0]->time_slice);
	set_task_state(s.editor, TASK_INTERRUPTIBLE);
	schedule(0);
	tick_cpu0_n(s.make[0]->time_slice);
	show_task(out, s.make[0]);
	show_rq(out, 0);

	fprintf(out,
"\n" TOUR_STEP "4. make-2, make-3 and backup use their slices (%u, %u, %u ticks).\n"
"   When the active array is empty, schedule() swaps the two array\n"
"   pointers - the 'array switch' - and everyone has a fresh slice.  No\n"
"   loop over the tasks: that is what made 2.4's recalculation O(n).\n",
		s.make[1]->time_slice, s.make[2]->time_slice,
		s.backup->time_slice);
	tick_cpu0_n(s.make[1]->time_slice + s.make[2]->time_slice +
		    s.backup->time_slice);
	show_rq(out, 0);

	jiffies += TOUR_KEY_DELAY;
	fprintf(out,
"\n" TOUR_STEP "5. The editor's key press arrives %d ticks after step 4, %lu ticks\n"
"   after it went to sleep: try_to_wake_up() credits the sleep to\n"
"   sleep_avg (capped at %d) and, since the editor now has a better\n"
"   prio than the running task, sets need_resched.\n", TOUR_KEY_DELAY,
		jiffies - s.editor->sleep_timestamp, MAX_SLEEP_AVG);
	wake_up_process(s.editor);
	show_task(out, s.editor);
	if (test_tsk_need_resched(cpu_curr(0)))
		schedule(0);

	fprintf(out,
"\n" TOUR_STEP "6. CPU 1 has been idle all along (we did not tick it).  Its idle tick\n"
"   runs load_balance() in idle mode: find_busiest_queue() picks CPU 0\n"
"   (%lu runnable, at least 2 needed), and one task is pulled - from\n"
"   the expired array if it has tasks, lowest-index queue first,\n"
"   starting at the TAIL (the most recently queued, likely cache-cold),\n"
"   skipping the running task, tasks not allowed on CPU 1, and tasks\n"
"   that ran within cache_decay_ticks (%lu).  Idle mode pulls one task.\n",
		rq0->nr_running, cache_decay_ticks);
	expired = rq0->expired->nr_active;
	tour_pulled = NULL;
	jiffies++;
	scheduler_tick(1, 1);
	if (test_tsk_need_resched(cpu_curr(1)))
		schedule(1);
	if (tour_pulled)
		fprintf(out,
"   The expired array had %d task(s) and %s (queue[%d]) was running:\n"
"   %s came from the tail of queue[%d].\n", expired, rq0->curr->comm,
			rq0->curr->prio, tour_pulled->comm, tour_pulled->prio);
	show_rq(out, 0);
	show_rq(out, 1);
	ret = sched_check() && process_tree_check() ? 0 : -EIO;
	fprintf(out,
"\n   The sum of nr_running over the CPUs is unchanged (%lu): balancing\n"
"   and migration move tasks, they never lose or duplicate one.\n"
"   sched_check() and process_tree_check() verified every invariant:\n"
"   %s.\n"
"\nWhat later kernels changed: 2.6.0 kept the two arrays but reworked\n"
"the interactivity estimator (sleep_avg in nanoseconds, partial slices\n"
"for interactive tasks); 2.6.7 replaced find_busiest_queue()'s flat scan\n"
"with scheduling domains; 2.6.23 replaced the whole design with CFS: one\n"
"red-black tree per CPU ordered by virtual runtime, with no arrays and\n"
"no expiry, behind the first struct sched_class; 6.6 replaced CFS's\n"
"pick with EEVDF.\n"
"\nMore: docs/sched.md; 'kstruct sim' runs whole workloads (docs/sim.md);\n"
"'kstruct draw runqueue | dot -Tsvg' pictures a runqueue.\n",
		sched_nr_running_total(), ret ? "FAILED" : "ok");
	sched_set_hooks(NULL);
	tour_out = NULL;
	sched_teardown();
	kstruct_hz = DEFAULT_HZ;
	return ret ? ret : tour_sched_generations(out, 7);
}

KSTRUCT_TOUR("sched", 20, "the O(1) scheduler: priority arrays, expiry, "
	     "array switch, load balancing", tour_sched)

/* ---------------------------------------------------------- the drawing */

static const struct draw_key runqueue_keys[] = {
	{ DRAW_HEAD_FILL, "queue[i]", "a priority's list head, in the "
	  "prio_array; only the non-empty queues are drawn" },
	{ DRAW_LINK_FILL, "run_list", "the list_head embedded in each "
	  "task_struct" },
	{ NULL, DRAW_KEY_NEXT, "run_list next pointers, round each queue "
	  "and back to its head (prev mirrors them)" },
	{ NULL, DRAW_KEY_OTHER, "other pointers: the runqueue's active, "
	  "expired and curr" },
	{ NULL, "<B>bold</B>", "the running task (rq-&gt;curr), which stays "
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
	fprintf(out, "\tt%d [label=<" DRAW_TABLE
		"<TR><TD COLSPAN=\"2\" BGCOLOR=\"%s\">%s%s%s</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">pid</TD><TD>%d</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">prio</TD><TD>%d</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">time_slice</TD><TD>%u</TD></TR>"
		"<TR><TD PORT=\"run_list\" COLSPAN=\"2\" BGCOLOR=\"%s\">"
		"run_list</TD></TR></TABLE>>];\n", p->pid, DRAW_TITLE_FILL,
		p == rq->curr ? "<B>" : "", p->comm,
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

	fprintf(out, "\trq%d [label=<" DRAW_TABLE
		"<TR><TD COLSPAN=\"2\" BGCOLOR=\"%s\"><B>struct runqueue "
		"(CPU %d)</B></TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">nr_running</TD><TD>%lu</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">expired_timestamp</TD><TD>%lu</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">curr</TD><TD PORT=\"curr\">%s</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">active</TD><TD PORT=\"active\">"
		"arrays[%d]</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">expired</TD><TD PORT=\"expired\">"
		"arrays[%d]</TD></TR></TABLE>>];\n", rq->cpu, DRAW_TITLE_FILL,
		rq->cpu, rq->nr_running, rq->expired_timestamp,
		rq->curr == rq->idle ? "idle" : rq->curr->comm,
		(int)(rq->active - rq->arrays), (int)(rq->expired - rq->arrays));
	for (a = 0; a < 2; a++) {
		struct prio_array *array = &rq->arrays[a];

		fprintf(out, "\trq%d_a%d [label=<" DRAW_TABLE
			"<TR><TD COLSPAN=\"2\" BGCOLOR=\"%s\"><B>struct "
			"prio_array arrays[%d] (%s)</B></TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">nr_active</TD><TD>%d</TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">bitmap bits</TD><TD>", rq->cpu,
			a, DRAW_TITLE_FILL, a,
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
			fprintf(out, "<TR><TD PORT=\"q%lu\" COLSPAN=\"2\" "
				"BGCOLOR=\"%s\">queue[%lu]</TD></TR>", idx,
				DRAW_HEAD_FILL, idx);
			nr_empty--;
		}
		fprintf(out, "<TR><TD COLSPAN=\"2\"><I>%d empty queues</I>"
			"</TD></TR></TABLE>>];\n", nr_empty);
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
		fprintf(out, "\trq%d:curr -> t%d [" DRAW_EDGE_OTHER
			", constraint=false];\n", rq->cpu, rq->curr->pid);
	return 0;
}

static int draw_runqueue(FILE *out)
{
	struct scene s;
	int ret;

	ret = build_scene(&s);
	if (ret)
		return ret;
	schedule(0);
	/* the state after step 3 of the tour */
	tick_cpu0_n(s.editor->time_slice);
	set_task_state(s.editor, TASK_INTERRUPTIBLE);
	schedule(0);
	tick_cpu0_n(s.make[0]->time_slice);
	fprintf(out, "// kstruct draw runqueue: CPU 0 in the tour's scene "
		"after make-1 expired.\n");
	fprintf(out, "digraph runqueue {\n");
	draw_begin(out, "TB", "CPU 0 of 'kstruct tour sched' after "
		   "step 3: make-1 has expired, the editor sleeps",
		   runqueue_keys, ARRAY_SIZE(runqueue_keys));
	ret = draw_rq(out, cpu_rq(0));
	fprintf(out, "}\n");
	if (!ret && !sched_check())
		ret = -EIO;
	sched_teardown();
	kstruct_hz = DEFAULT_HZ;
	return ret;
}

KSTRUCT_DRAW("runqueue", "a runqueue's two priority arrays, bitmaps and "
	     "queues", draw_runqueue)
