// SPDX-License-Identifier: MIT
/*
 * tools/exercise_sched.c - the exercises of docs/sched.md.
 *
 * Mirrors no kernel function: each sets up a small two-CPU machine with
 * sched/ (HZ=1000), drives it tick by tick as the tour does (only the
 * CPUs named are ticked), and prints what the scheduler did.  The code
 * between "exercise NAME setup {" and "}" is what the page shows
 * (tests/tools/test_exercise.c holds them equal).
 */
#include <errno.h>
#include <stdio.h>

#include "sched/rq.h"
#include "sched/sched.h"
#include "tools/exercise.h"
#include "tools/kstruct.h"

/* a two-CPU machine at HZ=1000, jiffies 1000, nothing running */
static int machine_up(void)
{
	kstruct_hz = 1000;
	jiffies = 1000;
	return sched_init(2);
}

static int machine_down(void)
{
	int ret = sched_check() && process_tree_check() ? 0 : -EIO;

	sched_teardown();
	kstruct_hz = DEFAULT_HZ;
	return ret;
}

/* @n ticks of CPU 0 alone, schedule() when it is asked for */
static void run_cpu0(unsigned int n)
{
	while (n--) {
		jiffies++;
		scheduler_tick(0, 1);
		if (test_tsk_need_resched(cpu_curr(0)))
			schedule(0);
	}
}

/* one tick of an idle CPU: its rebalance tick, load_balance(idle) */
static void idle_tick(int cpu)
{
	jiffies++;
	scheduler_tick(cpu, 1);
	if (test_tsk_need_resched(cpu_curr(cpu)))
		schedule(cpu);
}

/* "CPU 0 active  queue[125]: b d" for each non-empty queue */
static void print_queues(FILE *out, int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	struct task_struct *p;
	unsigned long idx;
	int a;

	for (a = 0; a < 2; a++) {
		struct prio_array *array = a ? rq->expired : rq->active;

		for_each_set_bit(idx, array->bitmap, MAX_PRIO) {
			fprintf(out, "CPU %d %-7s queue[%lu]:", cpu,
				a ? "expired" : "active", idx);
			list_for_each_entry(p, &array->queue[idx], run_list)
				fprintf(out, " %s", p->comm);
			fputc('\n', out);
		}
	}
}

static const char *const task_names[6] = { "a", "b", "c", "d", "e", "f" };

static int exercise_sched_pull(struct exercise *ex)
{
	int nr = (int)exercise_pick(ex, 4, 3, 6);
	int pinned = (int)exercise_pick(ex, 3, 0, nr - 1);
	int run = (int)exercise_pick(ex, 0, 0, 2); /* 0: a's slice */
	struct task_struct *t[6], *p, *pulled = NULL;
	unsigned int ticks = 0;
	int i, err;
	/* exercise sched-pull setup { */
	err = machine_up(); /* two idle CPUs, HZ=1000 */
	if (err)
		return err;
	for (i = 0; i < nr; i++) { /* a, b, ...: nice 0, woken on CPU 0 */
		t[i] = sched_new_task(task_names[i], 0, SCHED_OTHER, 0);
		if (!t[i])
			goto out;
		wake_up_forked_process(t[i], 0);
	}
	set_cpus_allowed(t[pinned], 1UL << 0); /* may run on CPU 0 only */
	schedule(0); /* a runs */
	ticks = run ? 7U * run : t[0]->time_slice; /* or 7, 14 ticks */
	run_cpu0(ticks); /* CPU 0 ticks alone */
	idle_tick(1); /* CPU 1: load_balance(), idle */
	/* } */
	fprintf(ex->question,
		"On a two-CPU O(1) machine at HZ=1000 (cache_decay_ticks 10), "
		"%d tasks\n(",
		nr);
	for (i = 0; i < nr; i++)
		fprintf(ex->question, "%s%s", i ? ", " : "", task_names[i]);
	fprintf(ex->question,
		"; nice 0) are woken on CPU 0 in that order, and %s may run "
		"on CPU 0\nonly.  schedule() runs a; CPU 0 alone ticks %u "
		"times%s; then idle\nCPU 1 ticks once, and its rebalance tick "
		"runs load_balance().  Which\ntask does CPU 1 pull (or none), "
		"and which task runs on CPU 0?\n",
		task_names[pinned], ticks, run ? "" : " (a's whole slice)");
	list_for_each_entry(p, &init_task->tasks, tasks)
		if (task_cpu(p) == 1 && p != cpu_rq(1)->idle)
			pulled = p;
	exercise_answer(ex, "pulled: %s; runs: %s",
			pulled ? pulled->comm : "none", cpu_curr(0)->comm);
	/* the likely slip: the first task queued, not the last */
	for (i = 0; i < nr; i++)
		if (t[i] != pulled && t[i] != cpu_curr(0) && i != pinned)
			break;
	exercise_wrong(ex, "pulled: %s; runs: %s",
		       i < nr ? task_names[i] : "none", cpu_curr(0)->comm);
	fprintf(ex->why, "pulled to CPU 1: %s\n",
		pulled ? pulled->comm : "none");
	fprintf(ex->why, "CPU 0 runs %s\n", cpu_curr(0)->comm);
	print_queues(ex->why, 0);
	print_queues(ex->why, 1);
	ex->form = "pulled: NAME (or none); runs: NAME";
	ex->pattern = "^pulled:([a-f]|none);runs:[a-f]$";
	ex->hint = "load_balance() takes the expired array first, each queue "
		   "from its tail,\n  and skips the running task, a pinned "
		   "one and one that ran within\n  cache_decay_ticks";
out:
	return machine_down();
}

/* sleep_avg of a seed: 0, a quarter, ..., all of MAX_SLEEP_AVG */
static unsigned long sleep_of(struct exercise *ex, unsigned long page)
{
	return (unsigned long)exercise_pick(ex, (long)page, 0, 4) *
	       (ex->page ? 1 : MAX_SLEEP_AVG / 4);
}

static int exercise_sched_prio(struct exercise *ex)
{
	int nice_x = (int)exercise_pick(ex, -5, -10, 10);
	int nice_y = (int)exercise_pick(ex, 5, -10, 10);
	int nice_z = (int)exercise_pick(ex, 0, -10, 10);
	unsigned long sleep_x = sleep_of(ex, 0);
	unsigned long sleep_y = sleep_of(ex, MAX_SLEEP_AVG); /* 2000 ticks */
	unsigned long sleep_z = sleep_of(ex, MAX_SLEEP_AVG / 2);
	struct task_struct *x, *y, *z, *p, *next;
	int err;
	/* exercise sched-prio setup { */
	err = machine_up(); /* two idle CPUs, HZ=1000 */
	if (err)
		return err;
	x = sched_new_task("x", nice_x, SCHED_OTHER, 0);
	y = sched_new_task("y", nice_y, SCHED_OTHER, 0);
	z = sched_new_task("z", nice_z, SCHED_OTHER, 0);
	if (!x || !y || !z)
		goto out;
	x->sleep_avg = sleep_x;
	y->sleep_avg = sleep_y;
	z->sleep_avg = sleep_z;
	wake_up_forked_process(z, 0);
	wake_up_forked_process(y, 0);
	wake_up_forked_process(x, 0);
	next = schedule(0);
	/* } */
	fprintf(ex->question,
		"On an idle O(1) machine at HZ=1000 (MAX_SLEEP_AVG %d ticks), "
		"three new\ntasks are given a sleep_avg and woken on CPU 0, z "
		"first, then y, then x:\n\n"
		"\tx: nice %d, sleep_avg %lu\n"
		"\ty: nice %d, sleep_avg %lu\n"
		"\tz: nice %d, sleep_avg %lu\n\n"
		"What prio does each get, and which does schedule() pick?\n",
		MAX_SLEEP_AVG, nice_x, sleep_x, nice_y, sleep_y, nice_z,
		sleep_z);
	exercise_answer(ex, "x: %d, y: %d, z: %d; picks: %s", x->prio, y->prio,
			z->prio, next->comm);
	list_for_each_entry(p, &init_task->tasks, tasks)
		if (p->array)
			fprintf(ex->why,
				"%s: nice %d, sleep_avg %u, prio %d, "
				"time_slice %u\n",
				p->comm, TASK_NICE(p), p->sleep_avg, p->prio,
				p->time_slice);
	print_queues(ex->why, 0);
	fprintf(ex->why, "schedule() picks %s\n", next->comm);
	ex->form = "x: PRIO, y: PRIO, z: PRIO; picks: NAME";
	ex->pattern = "^x:[0-9]+,y:[0-9]+,z:[0-9]+;picks:[xyz]$";
	ex->hint = "prio is 120 + nice less a bonus of -5..+5 that grows "
		   "with sleep_avg,\n  a child's sleep_avg cut at fork; the "
		   "lowest prio runs, the first queued\n  of a queue first";
out:
	return machine_down();
}

KSTRUCT_EXERCISE("sched-pull", 20,
		 "docs/sched.md: which task an idle CPU's "
		 "load_balance() pulls",
		 exercise_sched_pull)
KSTRUCT_EXERCISE("sched-prio", 21,
		 "docs/sched.md: prio from nice and "
		 "sleep_avg, and who runs first",
		 exercise_sched_prio)
