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
#include "tools/kstruct.h"

static FILE *tour_out;

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
	int i, ret;

	ret = build_scene(&s);
	if (ret)
		return ret;
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
"1. Five tasks wake up on CPU 0 (HZ=1000).  A task's prio is its nice\n"
"   level's static prio (120 + nice) minus a bonus of -5..+5 from its\n"
"   sleep_avg (0..2000 ticks).  New tasks have slept 0: bonus -5, so\n"
"   prio 125 at nice 0.  The editor has slept a lot (sleep_avg 2000,\n"
"   less 5%% at fork): bonus +4, prio 116.\n");
	show_task(out, s.editor);
	for (i = 0; i < 3; i++)
		show_task(out, s.make[i]);
	show_task(out, s.backup);
	show_rq(out, 0);
	fprintf(out,
"   sched_find_first_bit() of the active bitmap is %d: schedule() picks\n"
"   the first task of queue[%d].\n\n", sched_find_first_bit(
		cpu_rq(0)->active->bitmap), sched_find_first_bit(
		cpu_rq(0)->active->bitmap));

	fprintf(out,
"2. The editor runs its whole slice (151 ticks at nice 0).  Every tick\n"
"   costs it one tick of sleep_avg.  When the slice ends, prio is\n"
"   recomputed; an interactive task (prio <= static_prio - DELTA, DELTA\n"
"   is 2 at nice 0) goes back to the tail of the ACTIVE array.\n");
	sched_set_hooks(&hooks);
	schedule(0);
	for (i = 0; i < 151; i++)
		tick_cpu0();
	show_task(out, s.editor);
	show_rq(out, 0);

	fprintf(out,
"\n3. The editor now waits for a key press (TASK_INTERRUPTIBLE) and\n"
"   schedule() takes it off the runqueue.  make-1 runs its 151 ticks; it\n"
"   is not interactive, so its slice refills and it goes to the EXPIRED\n"
"   array, which stamps expired_timestamp.\n");
	set_task_state(s.editor, TASK_INTERRUPTIBLE);
	schedule(0);
	for (i = 0; i < 151; i++)
		tick_cpu0();
	show_task(out, s.make[0]);
	show_rq(out, 0);

	fprintf(out,
"\n4. make-2, make-3 and backup use their slices (151, 151, 76 ticks).\n"
"   When the active array is empty, schedule() swaps the two array\n"
"   pointers - the 'array switch' - and everyone has a fresh slice.  No\n"
"   loop over the tasks: that is what made 2.4's recalculation O(n).\n");
	for (i = 0; i < 151 + 151 + 76; i++)
		tick_cpu0();
	show_rq(out, 0);

	jiffies += 300;
	fprintf(out,
"\n5. The editor's key press arrives 300 ticks after step 4, %lu ticks\n"
"   after it went to sleep: try_to_wake_up() credits the sleep to\n"
"   sleep_avg (capped at 2000) and, since the editor now has a better\n"
"   prio than the running task, sets need_resched.\n",
		jiffies - s.editor->sleep_timestamp);
	wake_up_process(s.editor);
	show_task(out, s.editor);
	if (test_tsk_need_resched(cpu_curr(0)))
		schedule(0);

	fprintf(out,
"\n6. CPU 1 has been idle all along (we did not tick it).  Its idle tick\n"
"   runs load_balance() in idle mode: find_busiest_queue() picks CPU 0\n"
"   (%lu runnable, at least 2 needed), and one task is pulled - from\n"
"   the expired array if it has tasks, lowest-index queue first,\n"
"   starting at the TAIL (the most recently queued, likely cache-cold),\n"
"   skipping the running task, tasks not allowed on CPU 1, and tasks\n"
"   that ran within cache_decay_ticks (%lu).  Idle mode pulls one task.\n"
"   Here the expired array is empty and the editor (queue[115]) is\n"
"   running, so the pull comes from the tail of queue[125].\n",
		cpu_rq(0)->nr_running, cache_decay_ticks);
	jiffies++;
	scheduler_tick(1, 1);
	if (test_tsk_need_resched(cpu_curr(1)))
		schedule(1);
	show_rq(out, 0);
	show_rq(out, 1);
	ret = sched_check() || process_tree_check() ? -EIO : 0;
	fprintf(out,
"\n   The sum of nr_running over the CPUs is unchanged (%lu): balancing\n"
"   and migration move tasks, they never lose or duplicate one.\n"
"   sched_check() and process_tree_check() verified every invariant:\n"
"   %s.\n"
"\nMore: docs/sched.md; 'kstruct sim' runs whole workloads (docs/sim.md);\n"
"'kstruct draw runqueue | dot -Tsvg' pictures a runqueue.\n",
		sched_nr_running_total(), ret ? "FAILED" : "ok");
	sched_set_hooks(NULL);
	tour_out = NULL;
	sched_teardown();
	kstruct_hz = DEFAULT_HZ;
	return ret;
}

KSTRUCT_TOUR("sched", 20, "the O(1) scheduler: priority arrays, expiry, "
	     "array switch, load balancing", tour_sched)

/* ---------------------------------------------------------- the drawing */

static void draw_array(FILE *out, struct runqueue *rq,
		       struct prio_array *array, const char *name)
{
	struct task_struct *p;
	struct list_head *pos;
	unsigned long idx;

	fprintf(out, "\t%s [label=\"{struct prio_array %s|nr_active %d|"
		"bitmap:", name, name, array->nr_active);
	for_each_set_bit(idx, array->bitmap, MAX_PRIO + 1)
		fprintf(out, " %lu", idx);
	for_each_set_bit(idx, array->bitmap, MAX_PRIO)
		fprintf(out, "|<q%lu> queue[%lu]", idx, idx);
	fprintf(out, "}\", style=filled, fillcolor=\"#e8e8ff\"];\n");
	for_each_set_bit(idx, array->bitmap, MAX_PRIO) {
		/* follow the real next pointers round the ring */
		fprintf(out, "\t%s:q%lu", name, idx);
		for (pos = array->queue[idx].next; pos != &array->queue[idx];
		     pos = pos->next) {
			p = list_entry(pos, struct task_struct, run_list);
			fprintf(out, " -> %s_%d", name, p->pid);
		}
		fprintf(out, " -> %s:q%lu [color=\"#404080\"];\n", name, idx);
		list_for_each_entry(p, &array->queue[idx], run_list)
			fprintf(out, "\t%s_%d [label=\"{%s|pid %d|prio %d|"
				"slice %u}\"%s];\n", name, p->pid, p->comm,
				p->pid, p->prio, p->time_slice,
				p == rq->curr ? ", style=bold" : "");
	}
}

static int draw_runqueue(FILE *out)
{
	struct scene s;
	struct runqueue *rq;
	int i, ret;

	ret = build_scene(&s);
	if (ret)
		return ret;
	schedule(0);
	/* the state after step 3 of the tour */
	for (i = 0; i < 151; i++)
		tick_cpu0();
	set_task_state(s.editor, TASK_INTERRUPTIBLE);
	schedule(0);
	for (i = 0; i < 151; i++)
		tick_cpu0();
	rq = cpu_rq(0);
	fprintf(out,
		"// kstruct draw runqueue: CPU 0's runqueue in the tour's\n"
		"// scene after make-1 expired.  Edges follow run_list next\n"
		"// pointers round each queue; the running task is bold.\n"
		"digraph runqueue {\n"
		"\trankdir=LR;\n"
		"\tnode [shape=record, fontname=\"monospace\"];\n"
		"\trq [label=\"{struct runqueue (CPU 0)|nr_running %lu|"
		"nr_switches %lu|expired_timestamp %lu|curr: %s|"
		"<a> active|<e> expired}\", style=filled, "
		"fillcolor=\"#ffe8e8\"];\n",
		rq->nr_running, rq->nr_switches, rq->expired_timestamp,
		rq->curr->comm);
	draw_array(out, rq, rq->active, "active");
	draw_array(out, rq, rq->expired, "expired");
	fprintf(out, "\trq:a -> active;\n\trq:e -> expired;\n}\n");
	ret = sched_check() ? -EIO : 0;
	sched_teardown();
	kstruct_hz = DEFAULT_HZ;
	return ret;
}

KSTRUCT_DRAW("runqueue", "a runqueue's two priority arrays, bitmaps and "
	     "queues", draw_runqueue)
