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

#include "sched/sched.h"
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

static int exercise_sched_pull(FILE *out)
{
	/* exercise sched-pull setup { */
	struct task_struct *a, *b, *c, *d, *p;
	int err = machine_up(); /* two idle CPUs, HZ=1000 */

	if (err)
		return err;
	/* a, b, c, d: nice 0, woken on CPU 0 in that order */
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	b = sched_new_task("b", 0, SCHED_OTHER, 0);
	c = sched_new_task("c", 0, SCHED_OTHER, 0);
	d = sched_new_task("d", 0, SCHED_OTHER, 0);
	if (!a || !b || !c || !d)
		goto out;
	wake_up_forked_process(a, 0);
	wake_up_forked_process(b, 0);
	wake_up_forked_process(c, 0);
	wake_up_forked_process(d, 0);
	set_cpus_allowed(d, 1UL << 0); /* d may run on CPU 0 only */
	schedule(0); /* a runs */
	run_cpu0(a->time_slice); /* a's slice runs out: b runs */
	idle_tick(1); /* CPU 1: load_balance(), idle */
	/* } */
	list_for_each_entry(p, &init_task->tasks, tasks)
		if (task_cpu(p) == 1 && p != cpu_rq(1)->idle)
			fprintf(out, "pulled to CPU 1: %s\n", p->comm);
	fprintf(out, "CPU 0 runs %s\n", cpu_curr(0)->comm);
	print_queues(out, 0);
	print_queues(out, 1);
out:
	return machine_down();
}

static int exercise_sched_prio(FILE *out)
{
	/* exercise sched-prio setup { */
	struct task_struct *x, *y, *z, *p, *next;
	int err = machine_up(); /* two idle CPUs, HZ=1000 */

	if (err)
		return err;
	x = sched_new_task("x", -5, SCHED_OTHER, 0);
	y = sched_new_task("y", 5, SCHED_OTHER, 0);
	z = sched_new_task("z", 0, SCHED_OTHER, 0);
	if (!x || !y || !z)
		goto out;
	y->sleep_avg = MAX_SLEEP_AVG; /* 2000 ticks */
	z->sleep_avg = MAX_SLEEP_AVG / 2; /* 1000 ticks */
	wake_up_forked_process(z, 0);
	wake_up_forked_process(y, 0);
	wake_up_forked_process(x, 0);
	next = schedule(0);
	/* } */
	list_for_each_entry(p, &init_task->tasks, tasks)
		if (p->array)
			fprintf(out,
				"%s: nice %d, sleep_avg %lu, prio %d, "
				"time_slice %u\n",
				p->comm, TASK_NICE(p), p->sleep_avg, p->prio,
				p->time_slice);
	print_queues(out, 0);
	fprintf(out, "schedule() picks %s\n", next->comm);
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
