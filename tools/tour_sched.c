// SPDX-License-Identifier: MIT
/*
 * tools/tour_sched.c - "kstruct tour sched": the O(1) scheduler of Linux
 * 2.5.33 on a small two-CPU machine (tools/sched_scene.c).
 *
 * Mirrors no kernel function: it drives sched/ (scheduler_tick, schedule,
 * load_balance through the idle tick) on a fixed scene and prints what a
 * student should look at: a prio_array's bitmap and queues, a slice
 * expiring into the expired array, an interactive task reinserted into
 * active, the array switch, and CPU 1's idle tick pulling one task.
 * Only CPU 0 is ticked until the balancing step, so the story stays on
 * one runqueue.  Output names tasks, never addresses: every run is the
 * same.  "kstruct draw runqueue" (tools/draw_sched.c) draws CPU 0 of the
 * same scene after step 3.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sched/rq.h"
#include "sched/sched.h"
#include "tools/kstruct.h"
#include "tools/sched_scene.h"
#include "tools/tour_generations.h"

static FILE *tour_out;
static struct task_struct *tour_pulled; /* the last task migrated */

/* prints a switch as it happens */
static void tour_switch(int cpu, struct task_struct *prev,
			struct task_struct *next, void *data)
{
	(void)data;
	if (tour_out)
		fprintf(tour_out, "    [jiffy %lu] CPU %d switches %s -> %s\n",
			jiffies, cpu, prev->comm, next->comm);
}

static void tour_migrate(struct task_struct *p, int src, int dst,
			 const struct sched_reason *why, void *data)
{
	(void)why;
	(void)data;
	tour_pulled = p;
	if (tour_out)
		fprintf(tour_out,
			"    [jiffy %lu] %s moves from CPU %d to CPU "
			"%d\n",
			jiffies, p->comm, src, dst);
}

static void show_array(FILE *out, struct runqueue *rq, struct prio_array *array)
{
	const char *name = array == rq->active ? "active" : "expired";
	struct task_struct *p;
	unsigned long idx;

	fprintf(out, "  CPU %d %-7s nr_active %d, bitmap bits:", rq->cpu, name,
		array->nr_active);
	for_each_set_bit(idx, array->bitmap, MAX_PRIO + 1)
		fprintf(out, " %lu%s", idx,
			idx == MAX_PRIO ? "(sentinel)" : "");
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

	fprintf(out,
		"  CPU %d: current %s, nr_running %lu, "
		"expired_timestamp %lu, array switches %lu\n",
		cpu, rq->curr->comm, rq->nr_running, rq->expired_timestamp,
		rq->nr_array_switches);
	show_array(out, rq, rq->active);
	show_array(out, rq, rq->expired);
}

static void show_task(FILE *out, struct task_struct *p)
{
	fprintf(out,
		"    %-8s nice %3d  sleep_avg %4u  prio %3d  "
		"slice %3u  %s\n",
		p->comm, TASK_NICE(p), p->sleep_avg, p->prio, p->time_slice,
		TASK_INTERACTIVE(p) ? "interactive" : "not interactive");
}

/* the bonus of -MAX..+MAX that sleep_avg gives (2.5.33's formula's ends) */
#define TOUR_MAX_BONUS (MAX_USER_PRIO * PRIO_BONUS_RATIO / 100 / 2)
/* how long the editor's key press takes after step 4 */
#define TOUR_KEY_DELAY 300

static int tour_sched(FILE *out)
{
	struct sched_hooks hooks = { .switch_to = tour_switch,
				     .migrate = tour_migrate };
	struct sched_scene s;
	struct runqueue *rq0;
	int i, expired, ret;

	ret = sched_scene_build(&s);
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
		"\n" TOUR_STEP
		"1. Five tasks wake up on CPU 0 (HZ=%d).  A task's prio is its nice\n"
		"   level's static prio (%d + nice) minus a bonus of -%d..+%d from its\n"
		"   sleep_avg (0..%d ticks).  New tasks have slept 0: bonus %+d, so\n"
		"   prio %d at nice 0.  The editor has slept a lot (sleep_avg %d,\n"
		"   less %d%% at fork): bonus %+d, prio %d.\n",
		HZ, NICE_TO_PRIO(0), TOUR_MAX_BONUS, TOUR_MAX_BONUS,
		MAX_SLEEP_AVG, s.make[0]->static_prio - s.make[0]->prio,
		s.make[0]->prio, MAX_SLEEP_AVG, 100 - CHILD_PENALTY,
		s.editor->static_prio - s.editor->prio, s.editor->prio);
	show_task(out, s.editor);
	for (i = 0; i < 3; i++)
		show_task(out, s.make[i]);
	show_task(out, s.backup);
	show_rq(out, 0);
	fprintf(out,
		"   sched_find_first_bit() of the active bitmap is %d: schedule() picks\n"
		"   the first task of queue[%d].\n\n",
		sched_find_first_bit(rq0->active->bitmap),
		sched_find_first_bit(rq0->active->bitmap));

	fprintf(out,
		TOUR_STEP
		"2. The editor runs its whole slice (%u ticks at nice 0).  Every tick\n"
		"   costs it one tick of sleep_avg.  When the slice ends, prio is\n"
		"   recomputed; an interactive task (prio <= static_prio - DELTA, DELTA\n"
		"   is %d at nice 0) goes back to the tail of the ACTIVE array.\n",
		s.editor->time_slice, DELTA(s.editor));
	sched_set_hooks(&hooks);
	schedule(0);
	sched_scene_tick_cpu0(s.editor->time_slice);
	show_task(out, s.editor);
	show_rq(out, 0);

	fprintf(out,
		"\n" TOUR_STEP
		"3. The editor now waits for a key press (TASK_INTERRUPTIBLE) and\n"
		"   schedule() takes it off the runqueue.  make-1 runs its %u ticks; it\n"
		"   is not interactive, so its slice refills and it goes to the EXPIRED\n"
		"   array, which stamps expired_timestamp.\n",
		s.make[0]->time_slice);
	set_task_state(s.editor, TASK_INTERRUPTIBLE);
	schedule(0);
	sched_scene_tick_cpu0(s.make[0]->time_slice);
	show_task(out, s.make[0]);
	show_rq(out, 0);

	fprintf(out,
		"\n" TOUR_STEP
		"4. make-2, make-3 and backup use their slices (%u, %u, %u ticks).\n"
		"   When the active array is empty, schedule() swaps the two array\n"
		"   pointers - the 'array switch' - and everyone has a fresh slice.  No\n"
		"   loop over the tasks: that is what made 2.4's recalculation O(n).\n",
		s.make[1]->time_slice, s.make[2]->time_slice,
		s.backup->time_slice);
	sched_scene_tick_cpu0(s.make[1]->time_slice + s.make[2]->time_slice +
			      s.backup->time_slice);
	show_rq(out, 0);

	jiffies += TOUR_KEY_DELAY;
	fprintf(out,
		"\n" TOUR_STEP
		"5. The editor's key press arrives %d ticks after step 4, %lu ticks\n"
		"   after it went to sleep: try_to_wake_up() credits the sleep to\n"
		"   sleep_avg (capped at %d) and, since the editor now has a better\n"
		"   prio than the running task, sets need_resched.  (A shortcut: the\n"
		"   tour moves jiffies %d ticks on without ticking CPU 0, so its queues\n"
		"   stay as step 4 left them.  Ticked, the tasks there would have run\n"
		"   those ticks and stood elsewhere in their slices; the sleep the\n"
		"   editor is credited with would be the same.)\n",
		TOUR_KEY_DELAY, (unsigned long)task_sleep_ticks(s.editor),
		MAX_SLEEP_AVG, TOUR_KEY_DELAY);
	wake_up_process(s.editor);
	show_task(out, s.editor);
	if (test_tsk_need_resched(cpu_curr(0)))
		schedule(0);

	fprintf(out,
		"\n" TOUR_STEP
		"6. CPU 1 has been idle all along (we did not tick it).  Its idle tick\n"
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
			"   %s came from the tail of queue[%d].\n",
			expired, rq0->curr->comm, rq0->curr->prio,
			tour_pulled->comm, tour_pulled->prio);
	show_rq(out, 0);
	show_rq(out, 1);
	ret = sched_check() && process_tree_check() ? 0 : -EIO;
	fprintf(out,
		"\n   The sum of nr_running over the CPUs is unchanged (%lu): balancing\n"
		"   and migration move tasks, they never lose or duplicate one.\n"
		"   sched_check() and process_tree_check() verified every invariant:\n"
		"   %s.\n",
		sched_nr_running_total(), ret ? "FAILED" : "ok");
	sched_set_hooks(NULL);
	tour_out = NULL;
	sched_scene_teardown();
	if (ret)
		return ret;
	/* step 7 builds machines of its own: this one is gone */
	ret = tour_sched_generations(out, 7);
	if (ret)
		return ret;
	fprintf(out,
		"\nWhat later kernels changed: 2.6.0 kept the two arrays but reworked\n"
		"the interactivity estimator (sleep_avg in nanoseconds, partial slices\n"
		"for interactive tasks); 2.6.7 replaced find_busiest_queue()'s flat scan\n"
		"with scheduling domains; 2.6.23 replaced the whole design with CFS: one\n"
		"red-black tree per CPU ordered by virtual runtime, with no arrays and\n"
		"no expiry, behind the first struct sched_class; 6.6 replaced CFS's\n"
		"pick with EEVDF.\n"
		"\nMore: docs/sched.md; 'kstruct sim' runs whole workloads (docs/sim.md);\n"
		"'kstruct draw runqueue | dot -Tsvg' pictures a runqueue.\n");
	return 0;
}

KSTRUCT_TOUR("sched", 20,
	     "the O(1) scheduler: priority arrays, expiry, "
	     "array switch, load balancing",
	     tour_sched)
