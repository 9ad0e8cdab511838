// SPDX-License-Identifier: MIT
/*
 * tools/tour_fair.c - "kstruct tour fair": CFS (Linux 6.5) and EEVDF
 * (6.6 on) on one small workload, step by step, with the red-black tree
 * of each runqueue drawn at every step.
 *
 * Mirrors no kernel function: it drives sched/ (sched_init_class(),
 * scheduler_tick(), schedule(), try_to_wake_up()) on a machine of one CPU
 * at HZ=1000 run by cfs_sched_class, then by eevdf_sched_class, and
 * prints what the classes hold: each task's weight, vruntime and run
 * time, min_vruntime, the placement of a task that slept, and for EEVDF
 * V (the average vruntime), each task's lag V - v, its eligibility and
 * its virtual deadline, and each pick among them.  Every figure is read
 * from the classes' own structures as they run; the tunables are the
 * classes' own (sysctl_sched_latency, sysctl_sched_base_slice), so the
 * figures follow them.  Times are in ms, virtual times in ms of virtual
 * time from the first min_vruntime; names, never addresses.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "compat/jiffies.h"
#include "list/rbtree.h"
#include "list/rbtree_augmented.h"
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/sched.h"
#include "tools/kstruct.h"
#include "tools/sched_scene.h"
#include "tools/tour.h"

#define TOUR_FAIR_HZ 1000
#define TOUR_FAIR_NR 3
/* the picks step 5 shows in full */
#define TOUR_FAIR_PICKS 4

/**
 * struct tour_fair - the section's machine and what it prints
 * @out: where the tour goes
 * @t: the tasks: A (nice 0), B (nice 5), C (nice 0, the one that sleeps)
 * @base: min_vruntime when the machine started: virtual times count from
 *	here
 * @eevdf: the machine runs EEVDF
 * @picks: switches the pick hook has shown (it shows TOUR_FAIR_PICKS)
 * @switches: switches since the hook was installed
 * @runtime: each task's sum_exec_runtime at the step's start
 * @vruntime: each task's vruntime at the step's start
 */
struct tour_fair {
	FILE *out;
	struct task_struct *t[TOUR_FAIR_NR];
	uint64_t base;
	bool eevdf;
	int picks, switches;
	uint64_t runtime[TOUR_FAIR_NR], vruntime[TOUR_FAIR_NR];
};

static const char *const tour_fair_names[TOUR_FAIR_NR] = { "A", "B", "C" };
static const int tour_fair_nice[TOUR_FAIR_NR] = { 0, 5, 0 };

static struct cfs_rq *cfs0(void)
{
	return &cpu_rq(0)->cfs;
}

/* a virtual time, in ms from the machine's first min_vruntime */
static double vms(const struct tour_fair *tf, uint64_t v)
{
	return (double)(int64_t)(v - tf->base) / 1e6;
}

static double ms(int64_t ns)
{
	return (double)ns / 1e6;
}

/* "A v +1.25" (cfs) or "A v +1.25 d +3.50 min_d +3.50" (eevdf) */
static void node_label(FILE *out, const struct rb_node *n, void *data)
{
	const struct tour_fair *tf = data;
	const struct sched_entity *se = __node_2_se(n);

	fprintf(out, "%s v %+.2f", task_of((struct sched_entity *)se)->comm,
		vms(tf, se->vruntime));
	if (tf->eevdf)
		fprintf(out, " d %+.2f min_d %+.2f", vms(tf, se->deadline),
			vms(tf, se->min_deadline));
}

/* the tree of CPU 0, and who runs (out of the tree) */
static void show_tree(struct tour_fair *tf)
{
	struct cfs_rq *cfs_rq = cfs0();
	struct rb_node *left = rb_first_cached(&cfs_rq->tasks_timeline);

	fprintf(tf->out,
		"   the tree (running: %s, out of the tree; leftmost: %s):\n",
		cfs_rq->curr ? task_of(cfs_rq->curr)->comm : "none",
		left ? task_of(__node_2_se(left))->comm : "none");
	tour_rbtree_print(tf->out, &cfs_rq->tasks_timeline.rb_root, "     ",
			  node_label, tf);
}

/*
 * One line per task: its weight, run time and vruntime, and how both
 * moved since the step began; for EEVDF its lag V - v, eligibility and
 * deadline.
 */
static void show_tasks(struct tour_fair *tf)
{
	struct cfs_rq *cfs_rq = cfs0();
	uint64_t V = tf->eevdf ? avg_vruntime(cfs_rq) : 0;
	int i;

	fprintf(tf->out, "   min_vruntime %+.2f",
		vms(tf, cfs_rq->min_vruntime));
	if (tf->eevdf)
		fprintf(tf->out, ", V %+.2f", vms(tf, V));
	fprintf(tf->out, "\n");
	for (i = 0; i < TOUR_FAIR_NR; i++) {
		struct sched_entity *se = &tf->t[i]->se;

		fprintf(tf->out,
			"   %s nice %d weight %4lu: ran %5.2f (+%5.2f), "
			"v %+6.2f (+%5.2f)%s\n",
			tf->t[i]->comm, tour_fair_nice[i], se->load.weight,
			ms((int64_t)se->sum_exec_runtime),
			ms((int64_t)(se->sum_exec_runtime - tf->runtime[i])),
			vms(tf, se->vruntime),
			ms((int64_t)(se->vruntime - tf->vruntime[i])),
			se->on_rq ? "" : " asleep");
		if (tf->eevdf && se->on_rq)
			fprintf(tf->out,
				"     lag V-v %+5.2f (%s), deadline %+6.2f\n",
				ms((int64_t)(V - se->vruntime)),
				entity_eligible(cfs_rq, se) ? "eligible" :
							      "not eligible",
				vms(tf, se->deadline));
		tf->runtime[i] = se->sum_exec_runtime;
		tf->vruntime[i] = se->vruntime;
	}
}

/* each switch; under EEVDF the first few with every candidate */
static void tour_fair_switch(int cpu, struct task_struct *prev,
			     struct task_struct *next, void *data)
{
	struct tour_fair *tf = data;
	struct cfs_rq *cfs_rq = cfs0();
	uint64_t V;
	int i;

	(void)cpu;
	tf->switches++;
	if (!tf->eevdf || tf->picks >= TOUR_FAIR_PICKS)
		return;
	tf->picks++;
	V = avg_vruntime(cfs_rq);
	fprintf(tf->out, "    [jiffy %lu] %s -> %s; the pick saw V %+.2f:\n",
		jiffies, prev->comm, next->comm, vms(tf, V));
	for (i = 0; i < TOUR_FAIR_NR; i++) {
		struct sched_entity *se = &tf->t[i]->se;

		if (!se->on_rq)
			continue;
		fprintf(tf->out,
			"      %s lag %+5.2f %-12s deadline %+6.2f%s\n",
			tf->t[i]->comm, ms((int64_t)(V - se->vruntime)),
			entity_eligible(cfs_rq, se) ? "eligible" :
						      "not eligible",
			vms(tf, se->deadline),
			tf->t[i] == next ? "  <- picked" : "");
	}
}

/* @n ticks of CPU 0, the switches counted */
static void run(struct tour_fair *tf, unsigned int n)
{
	tf->switches = 0;
	sched_scene_tick_cpu0(n);
}

/* a machine of one CPU at HZ=1000 run by @class, A, B and C woken */
static int machine_up(struct tour_fair *tf, const struct sched_class *class)
{
	int i, ret;

	kstruct_hz = TOUR_FAIR_HZ;
	jiffies = 1000;
	ret = sched_init_class(1, class);
	if (ret)
		return ret;
	tf->eevdf = class == &eevdf_sched_class;
	tf->base = cfs0()->min_vruntime;
	for (i = 0; i < TOUR_FAIR_NR; i++) {
		tf->t[i] = sched_new_task(tour_fair_names[i], tour_fair_nice[i],
					  SCHED_OTHER, 0);
		if (!tf->t[i]) {
			sched_teardown();
			kstruct_hz = DEFAULT_HZ;
			return -ENOMEM;
		}
		wake_up_forked_process(tf->t[i], 0);
		tf->runtime[i] = 0;
		tf->vruntime[i] = tf->t[i]->se.vruntime;
	}
	return 0;
}

/* check the machine and take it down: 0 or -EIO */
static int machine_down(void)
{
	int ret = sched_check() && process_tree_check() ? 0 : -EIO;

	sched_set_hooks(NULL);
	sched_teardown();
	kstruct_hz = DEFAULT_HZ;
	return ret;
}

/* tick until C runs (at most @max ticks), then put it to sleep */
static void sleep_c(struct tour_fair *tf, unsigned int max)
{
	while (cpu_curr(0) != tf->t[2] && max--)
		sched_scene_tick_cpu0(1);
	set_task_state(tf->t[2], TASK_INTERRUPTIBLE);
	schedule(0);
}

/* steps 1 to 3: CFS */
static int tour_cfs(struct tour_fair *tf)
{
	struct sched_hooks hooks = { .switch_to = tour_fair_switch,
				     .data = tf };
	struct cfs_rq *cfs_rq;
	uint64_t before, floor;
	struct rb_node *left;
	int ret;

	ret = machine_up(tf, &cfs_sched_class);
	if (ret)
		return ret;
	cfs_rq = cfs0();
	fprintf(tf->out,
		TOUR_STEP
		"1. CFS (Linux 2.6.23 to 6.5; sched/cfs.c is 6.5's).  Three tasks wake\n"
		"   on one CPU at HZ=%d, A, B, C in turn: A and C at nice 0 (weight\n"
		"   %lu), B at nice 5 (weight %lu).  A task's vruntime grows by its\n"
		"   run time times 1024 / weight; the tree is ordered by vruntime.  A\n"
		"   new task starts a virtual slice after min_vruntime (place_entity()\n"
		"   with START_DEBIT): sched_latency, %.2f ms, shared by weight among\n"
		"   the tasks queued when it wakes.  So the last woken, with the\n"
		"   smallest slice, is leftmost.\n",
		TOUR_FAIR_HZ, tf->t[0]->se.load.weight,
		tf->t[1]->se.load.weight, ms(sysctl_sched_latency));
	show_tasks(tf);
	show_tree(tf);
	schedule(0);
	fprintf(tf->out, "   schedule() takes the leftmost: %s runs.\n",
		cpu_curr(0)->comm);

	sched_set_hooks(&hooks);
	run(tf, 30);
	fprintf(tf->out,
		"\n" TOUR_STEP
		"2. 30 ticks (%d switches).  Each tick charges the running task: at\n"
		"   nice 0 vruntime moves as fast as run time, at nice 5 %.2f times as\n"
		"   fast (1024 / %lu).  A task runs its slice (its weight's share of\n"
		"   sched_latency, check_preempt_tick()), then the leftmost takes\n"
		"   over: the vruntimes stay together, and the run times, not the\n"
		"   vruntimes, differ by weight.\n",
		tf->switches, 1024.0 / (double)tf->t[1]->se.load.weight,
		tf->t[1]->se.load.weight);
	show_tasks(tf);
	show_tree(tf);

	sleep_c(tf, 100);
	run(tf, 50);
	before = tf->t[2]->se.vruntime;
	update_curr(cfs_rq);
	floor = cfs_rq->min_vruntime - sysctl_sched_latency / 2;
	fprintf(tf->out,
		"\n" TOUR_STEP
		"3. C sleeps (it blocks while running) for 50 ticks, and wakes.  Its\n"
		"   vruntime stood still (%+.2f) while min_vruntime went on to %+.2f.\n"
		"   Waking, place_entity() lifts it to at least min_vruntime less half\n"
		"   of sched_latency (%+.2f): a sleeper gets ahead, but by no more than\n"
		"   that, so sleeping cannot bank CPU time.\n",
		vms(tf, before), vms(tf, cfs_rq->min_vruntime), vms(tf, floor));
	wake_up_process(tf->t[2]);
	left = rb_first_cached(&cfs_rq->tasks_timeline);
	fprintf(tf->out,
		"   C wakes at v %+.2f = max(%+.2f, %+.2f); the leftmost is %s.\n"
		"   C %s the running %s: its vruntime is %.2f ms behind,\n"
		"   wakeup_gran is %.2f ms (check_preempt_wakeup()).\n",
		vms(tf, tf->t[2]->se.vruntime), vms(tf, before), vms(tf, floor),
		left ? task_of(__node_2_se(left))->comm : "none",
		test_tsk_need_resched(cpu_curr(0)) ? "preempts" :
						     "does not preempt",
		cpu_curr(0)->comm,
		ms((int64_t)(cpu_curr(0)->se.vruntime - tf->t[2]->se.vruntime)),
		ms(sysctl_sched_wakeup_granularity));
	show_tasks(tf);
	show_tree(tf);
	if (test_tsk_need_resched(cpu_curr(0)))
		schedule(0);
	return machine_down();
}

/* steps 4 to 6: EEVDF */
static int tour_eevdf(struct tour_fair *tf)
{
	struct sched_hooks hooks = { .switch_to = tour_fair_switch,
				     .data = tf };
	struct sched_entity *c;
	struct cfs_rq *cfs_rq;
	unsigned long W;
	uint64_t V;
	int64_t lag;
	int ret;

	ret = machine_up(tf, &eevdf_sched_class);
	if (ret)
		return ret;
	cfs_rq = cfs0();
	c = &tf->t[2]->se;
	fprintf(tf->out,
		"\n" TOUR_STEP
		"4. EEVDF (6.6 on; sched/eevdf.c), the same three tasks.  Each task\n"
		"   asks for a slice (base_slice %.2f ms) and gets a virtual deadline:\n"
		"   its vruntime plus the slice times 1024 / weight (half of it for a\n"
		"   new task).  V is the weighted average vruntime; lag V - v is what a\n"
		"   task is owed, and a task with lag >= 0 is eligible.  Each node of\n"
		"   the tree also keeps min_d, the earliest deadline below it, so the\n"
		"   pick can skip a subtree.\n",
		ms(sysctl_sched_base_slice));
	show_tasks(tf);
	show_tree(tf);

	fprintf(tf->out,
		"\n" TOUR_STEP
		"5. The pick (pick_eevdf()): of the eligible tasks, the one whose\n"
		"   deadline comes first.  A task runs until its slice is used up; then\n"
		"   its deadline moves a slice on and it gives way.  The first %d\n"
		"   switches, as the pick saw the tasks:\n",
		TOUR_FAIR_PICKS);
	tf->picks = 0;
	sched_set_hooks(&hooks);
	schedule(0);
	run(tf, 30);
	fprintf(tf->out, "   After 30 ticks (%d switches in all):\n",
		tf->switches + 1);
	show_tasks(tf);
	show_tree(tf);

	sleep_c(tf, 100);
	lag = c->vlag;
	fprintf(tf->out,
		"\n" TOUR_STEP
		"6. C sleeps: it leaves the tree keeping its lag, V - v = %+.2f (at\n"
		"   most two slices either way).  50 ticks later it wakes and is\n"
		"   placed so that it has the same lag again, at V - lag: a task that\n"
		"   used more than its share does not get a fresh start by sleeping,\n"
		"   and one owed time keeps its claim.  (6.12's DELAY_DEQUEUE keeps a\n"
		"   sleeper with negative lag queued until it is eligible.)\n",
		ms(lag));
	fprintf(tf->out, "   C in the tree while asleep: %s\n",
		c->on_rq ? "yes" : "no");
	run(tf, 50);
	update_curr(cfs_rq);
	V = avg_vruntime(cfs_rq);
	W = cfs_rq->avg_load + (cfs_rq->curr && cfs_rq->curr->on_rq ?
					cfs_rq->curr->load.weight :
					0);
	wake_up_process(tf->t[2]);
	fprintf(tf->out,
		"   At the wake-up V is %+.2f and the others weigh W = %lu: C goes to\n"
		"   V - lag * (W + w) / W = %+.2f - %.2f * %lu / %lu = %+.2f, so that\n"
		"   adding its weight to the average leaves it its lag: V - v is now\n"
		"   %+.2f.  Its deadline is a slice on, %+.2f.\n",
		vms(tf, V), W, vms(tf, V), ms(lag), W + c->load.weight, W,
		vms(tf, c->vruntime),
		ms((int64_t)(avg_vruntime(cfs_rq) - c->vruntime)),
		vms(tf, c->deadline));
	show_tasks(tf);
	show_tree(tf);
	if (test_tsk_need_resched(cpu_curr(0)))
		schedule(0);
	return machine_down();
}

static int tour_fair(FILE *out)
{
	struct tour_fair tf = { .out = out };
	int ret;

	fprintf(out,
		"The fair classes: CFS and EEVDF (sched/cfs.c, sched/eevdf.c)\n"
		"\n"
		"Both keep a CPU's runnable tasks in a red-black tree ordered by\n"
		"virtual runtime (kstruct tour rbtree).  CFS runs the leftmost; EEVDF\n"
		"runs, of the tasks not ahead of the average, the one whose deadline\n"
		"comes first.  Times below are in ms; virtual times in ms of virtual\n"
		"time, counted from the first min_vruntime.  The tree lies on its\n"
		"side: each right child above its parent, each left child below.\n"
		"\n");
	ret = tour_cfs(&tf);
	if (!ret)
		ret = tour_eevdf(&tf);
	if (ret) {
		fprintf(out, "   the run failed: %s\n", strerror(-ret));
		return ret;
	}
	fprintf(out,
		"\nWhat later kernels changed: 6.6 replaced CFS's pick with EEVDF's\n"
		"(and its wakeup_gran with the deadline); 6.9 sorted the tree by\n"
		"deadline; 6.12 added DELAY_DEQUEUE, PREEMPT_SHORT and custom slices\n"
		"(sched_attr.sched_runtime).\n"
		"\nMore: docs/sched.md; 'kstruct sim --compare' runs both on any\n"
		"workload; 'kstruct tour sched' step 7 compares every generation.\n");
	return 0;
}

KSTRUCT_TOUR("fair", 25,
	     "CFS and EEVDF: vruntime by weight, sleepers, lag, deadlines",
	     tour_fair)
