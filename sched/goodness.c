// SPDX-License-Identifier: MIT
/*
 * sched/goodness.c - the 2.4 scheduler as a class: one run list for every
 * CPU, the O(n) goodness() walk, and the recalculation of every task's
 * counter.
 *
 * Mirrors kernel/sched.c of Linux 2.5.0 (the last of the 2.4 design):
 * goodness(), preemption_goodness(), reschedule_idle(), add_to_runqueue()
 * (a woken task goes to the head of the list), move_last_runqueue(),
 * schedule() (the walk, the recalculation "for_each_task: counter =
 * (counter >> 1) + NICE_TO_TICKS(nice)", __schedule_tail()'s push of a
 * preempted task), sys_sched_yield() (SCHED_YIELD); kernel/timer.c's
 * update_process_times() (the tick: --counter, need_resched at 0);
 * kernel/fork.c's counter split and kernel/exit.c's give-back on reap.
 * The hooks take the names of the kernel's struct sched_class.
 *
 * Locking.  2.4 had one runqueue_lock for everything.  Here it guards the
 * run list (runqueue_head), every task's counter and yielded flag, the
 * static_prio of the class's tasks, and each CPU's struct goodness_rq;
 * the per-CPU runqueue locks still guard curr, the idle task, nr_running
 * and the port's counters, and a task's cpu.  Order: tasklist_lock, then
 * runqueue locks (ascending), then runqueue_lock, innermost; the hooks
 * are called with a runqueue lock held and take runqueue_lock inside.
 * Each runnable task is owned by the runqueue of its cpu (it counts in
 * that runqueue's nr_running, as under every class), so a CPU that picks
 * a task another CPU owns first takes that runqueue's lock too and moves
 * the task over (a migration, as 2.4's task_set_cpu() was).
 *
 * Deliberate differences from 2.5.0:
 *  - Real-time tasks run in the rt class in front (sched/rt.c), with
 *    2.5.33's semantics; 2.4 kept them on this list with goodness 1000 +
 *    rt_priority and refilled an RR task's counter with NICE_TO_TICKS.
 *  - No address spaces: every task gets goodness()'s +1 mm bonus (2.4
 *    gave it to a task sharing the chooser's mm or without one), so it
 *    never changes a choice.
 *  - "Least recently active idle CPU" compares the jiffies of each
 *    CPU's last schedule() (2.4 read the cycle counter): ties go to the
 *    lowest CPU.
 *  - The recalculation drops the locks and takes tasklist_lock, then every
 *    runqueue lock (a task's nice changes under its runqueue lock), then
 *    runqueue_lock; 2.4 took tasklist_lock alone.  Afterwards, and after
 *    waiting for another CPU's runqueue lock, the walk starts again from
 *    the highest class (RETRY_TASK).
 *  - A task that is not running keeps the runqueue of the CPU it last ran
 *    on; 2.4's p->processor did the same, without the ownership.
 *  - An idle CPU looks for a task it may run on each idle tick
 *    (load_balance_goodness()); 2.4 waited for reschedule_idle().
 *  - SCHED_BATCH and SCHED_IDLE run as SCHED_OTHER.
 *  - A fresh task (not a fork) starts with NICE_TO_TICKS(nice) ticks.
 */

#include <errno.h>
#include <stddef.h>

#include "compat/spinlock.h"
#include "sched/class.h"
#include "sched/goodness.h"
#include "sched/internal.h"

/*
 * counter and yielded share task_struct's room with the fair entity, which
 * goodness never queues; sched_set_custom_slice() still keeps a custom
 * slice there under any class, so those two fields must lie past ours.
 */
_Static_assert(offsetof(struct task_struct, se.custom_slice) >=
			       offsetof(struct task_struct, yielded) +
				       sizeof(int) &&
		       offsetof(struct task_struct, se.slice) >=
			       offsetof(struct task_struct, yielded) +
				       sizeof(int),
	       "goodness's fields overlap the custom slice in task_struct");

static DEFINE_SPINLOCK(runqueue_lock);
static LIST_HEAD(runqueue_head);

static inline bool allowed(const struct task_struct *p, int cpu)
{
	/* written by set_cpus_allowed() under p's runqueue lock only */
	return __atomic_load_n(&p->cpus_allowed, __ATOMIC_RELAXED) &
	       (1UL << cpu);
}

int goodness(const struct task_struct *p, int this_cpu)
{
	int weight;

	/* after every other runnable task, before the idle task */
	if (p->yielded)
		return -1;
	weight = (int)p->counter;
	if (!weight)
		return 0;
	if (task_cpu(p) == this_cpu)
		weight += PROC_CHANGE_PENALTY;
	weight += 1; /* the mm bonus */
	weight += 20 - TASK_NICE(p);
	return weight;
}

/* what switching @cpu's current task @curr for @p would gain */
static int preemption_goodness(const struct task_struct *curr,
			       const struct task_struct *p, int cpu)
{
	return goodness(p, cpu) - goodness(curr, cpu);
}

/*
 * A task that may run here runs on no other CPU: a CPU's chosen task is
 * its goodness_rq.curr, under runqueue_lock.
 */
static bool can_schedule(const struct task_struct *p, int this_cpu)
{
	int cpu = task_cpu(p);

	return allowed(p, this_cpu) &&
	       (cpu == this_cpu || cpu_rq(cpu)->goodness.curr != p);
}

/*
 * Note why @cpu's task is to leave, from whatever CPU decides it: kept in
 * its goodness_rq (under runqueue_lock) until its next pick.
 */
static void note_goodness(int cpu, int kind, int pid, const char *rule,
			  long long a, long long b)
{
	struct sched_reason *w = &cpu_rq(cpu)->goodness.why;

	if (w->kind == SCHED_WHY_NONE)
		sched_reason_set(w, kind, pid, rule, a, b, "goodness");
}

/*
 * 2.4's reschedule_idle(): tell a CPU that @p should run there.  @p's
 * last CPU if it idles; else the least recently active idle CPU; else the
 * CPU whose current task @p beats by the most, if any.  The current task
 * of a CPU is read as the CPU's chosen task (which cannot be freed under
 * runqueue_lock); a CPU that runs a task of another class (real-time) is
 * not preempted from here.
 */
static void reschedule_idle(const struct task_struct *p)
{
	int best_cpu = task_cpu(p), cpu, prio, max_prio = 0, target_cpu = -1;
	unsigned long oldest_idle = ~0UL;
	struct task_struct *target = NULL, *tsk;
	struct runqueue *rq = cpu_rq(best_cpu);

	if (allowed(p, best_cpu) && cpu_curr(best_cpu) == rq->idle) {
		set_tsk_need_resched(rq->idle);
		return;
	}
	for (cpu = 0; cpu < nr_cpus_online; cpu++) {
		if (!allowed(p, cpu))
			continue;
		rq = cpu_rq(cpu);
		if (cpu_curr(cpu) == rq->idle) {
			if (rq->goodness.last_schedule < oldest_idle) {
				oldest_idle = rq->goodness.last_schedule;
				target = rq->idle;
			}
			continue;
		}
		tsk = rq->goodness.curr;
		if (oldest_idle != ~0UL || !tsk)
			continue;
		prio = preemption_goodness(tsk, p, cpu);
		if (prio > max_prio) {
			max_prio = prio;
			target = tsk;
			target_cpu = cpu;
		}
	}
	if (target && target_cpu >= 0)
		note_goodness(
			target_cpu, SCHED_WHY_WAKEUP, p->pid,
			"goodness(woken) a > goodness(curr) b, the largest gain of any CPU (reschedule_idle())",
			goodness(p, target_cpu), goodness(target, target_cpu));
	if (target)
		set_tsk_need_resched(target);
}

/* ------------------------------------------------------------- hooks */

static void enqueue_task_goodness(struct runqueue *rq, struct task_struct *p,
				  int flags)
{
	(void)flags;
	spin_lock(&runqueue_lock);
	/* add_to_runqueue(): the head, see 2.4's "This is subtle" */
	list_add(&p->run_list, &runqueue_head);
	/*
	 * Woken while schedule() had let go of @rq's lock after taking it
	 * off the list: it still runs here, so it is still this CPU's
	 * choice and no other CPU may pick it (2.4 kept cpus_runnable until
	 * __schedule_tail()).
	 */
	if (task_running(rq, p))
		rq->goodness.curr = p;
	spin_unlock(&runqueue_lock);
}

static void dequeue_task_goodness(struct runqueue *rq, struct task_struct *p,
				  int flags)
{
	(void)flags;
	spin_lock(&runqueue_lock);
	list_del_init(&p->run_list);
	/* a migration thread may have switched it out already */
	if (rq->goodness.curr == p)
		rq->goodness.curr = NULL;
	spin_unlock(&runqueue_lock);
}

/* tasks waiting for a CPU: on the list, and not chosen by one */
static unsigned long nr_pending(void)
{
	unsigned long n = list_count_nodes(&runqueue_head);
	int cpu;

	for (cpu = 0; cpu < nr_cpus_online; cpu++)
		if (cpu_rq(cpu)->goodness.curr)
			n--;
	return n;
}

/* 2.4's sys_sched_yield(): only when someone else waits */
static void yield_task_goodness(struct runqueue *rq)
{
	struct task_struct *p = rq->curr;

	spin_lock(&runqueue_lock);
	if (nr_pending()) {
		p->yielded = 1;
		list_move_tail(&p->run_list, &runqueue_head);
	}
	spin_unlock(&runqueue_lock);
}

static void check_preempt_curr_goodness(struct runqueue *rq,
					struct task_struct *p, int flags)
{
	(void)rq;
	/* a synchronous waker is about to leave its CPU to @p */
	if (flags & WF_SYNC)
		return;
	spin_lock(&runqueue_lock);
	reschedule_idle(p);
	spin_unlock(&runqueue_lock);
}

/*
 * 2.4's recalculation: every task in the system, sleeping ones included,
 * gets half its counter plus a slice.  Called with @rq and runqueue_lock
 * held; drops both and takes the locks in order (see the top).
 */
static void recalculate(struct runqueue *rq)
{
	struct task_struct *p;

	spin_unlock(&runqueue_lock);
	spin_unlock(&rq->lock);
	read_lock(&tasklist_lock);
	runqueues_lock_all();
	spin_lock(&runqueue_lock);
	init_task->counter =
		(init_task->counter >> 1) + NICE_TO_TICKS(TASK_NICE(init_task));
	list_for_each_entry(p, &init_task->tasks, tasks)
		p->counter = (p->counter >> 1) + NICE_TO_TICKS(TASK_NICE(p));
	rq->goodness.nr_recalculations++;
	spin_unlock(&runqueue_lock);
	runqueues_unlock_all();
	read_unlock(&tasklist_lock);
	spin_lock(&rq->lock);
	spin_lock(&runqueue_lock);
}

/*
 * @next, chosen on @rq with goodness @c, is owned by another CPU's
 * runqueue: take that lock too and move it here.  Called and returns with @rq and
 * runqueue_lock held.  Return: 1 moved, 0 not (it changed meanwhile),
 * -1 when @rq's lock was dropped meanwhile (the caller starts again).
 */
static int take_over(struct runqueue *rq, struct task_struct *next, int c)
{
	struct runqueue *src = task_rq(next);
	bool dropped = false;
	int moved = 0;

	/* a trylock waits for nobody: allowed under runqueue_lock */
	if (!spin_trylock(&src->lock)) {
		spin_unlock(&runqueue_lock);
		dropped = double_lock_runqueue(rq, src);
		spin_lock(&runqueue_lock);
	}
	/*
	 * Still on the run list?  Only if still of this class: while the
	 * locks were let go, setscheduler() may have moved it to the rt
	 * class, whose prio_array links the same run_list.
	 */
	if (task_rq(next) == src &&
	    task_sched_class(next) == &goodness_sched_class &&
	    !list_empty(&next->run_list) && src->goodness.curr != next &&
	    !task_running(src, next) && allowed(next, rq->cpu)) {
		struct sched_reason why = migrate_why(
			SCHED_MIGRATE_PICK,
			"2.4's pick: this CPU chose it off CPU a's runqueue, its best goodness here b",
			src->cpu, c, NULL);

		move_task_owner(src, next, rq, &why);
		rq->goodness.nr_remote_picks++;
		moved = 1;
	}
	spin_unlock(&src->lock);
	return dropped ? -1 : moved;
}

/* 2.4's schedule() proper: the walk, and the recalculation */
static struct task_struct *pick_next_task_goodness(struct runqueue *rq,
						   struct task_struct *prev)
{
	int this_cpu = rq->cpu, c, c2, weight;
	struct task_struct *p, *next, *second;
	struct sched_reason *w = &rq->goodness.why;

	spin_lock(&runqueue_lock);
	/* what another CPU noted for this one's task */
	if (w->kind != SCHED_WHY_NONE) {
		note_resched(rq, w->kind, w->pid, w->rule, w->a, w->b, w->unit);
		w->kind = SCHED_WHY_NONE;
	}
repeat_schedule:
	next = second = NULL;
	c = c2 = -1000;
	list_for_each_entry(p, &runqueue_head, run_list) {
		if (!can_schedule(p, this_cpu))
			continue;
		weight = goodness(p, this_cpu);
		if (weight > c) {
			c2 = c;
			second = next;
			c = weight;
			next = p;
		} else if (weight > c2) {
			c2 = weight;
			second = p;
		}
	}
	if (next && second)
		note_pick(
			rq, second->pid,
			"the best goodness a on the run list; the runner-up has b (the first of equals wins)",
			c, c2, "goodness");
	else if (next)
		note_pick(rq, 0, "the only task this CPU may run, goodness a",
			  c, 0, "goodness");
	/* every runnable slice is used up: a new epoch */
	if (unlikely(!c)) {
		recalculate(rq);
		next = RETRY_TASK;
		goto out_unlock;
	}
	if (next && task_cpu(next) != this_cpu) {
		switch (take_over(rq, next, c)) {
		case 0:
			goto repeat_schedule;
		case -1:
			next = RETRY_TASK;
			goto out_unlock;
		}
	}
	rq->goodness.curr = next;
	rq->goodness.last_schedule = jiffies;
	/* 2.4's same_process: the yield is over */
	if (next == prev)
		prev->yielded = 0;
out_unlock:
	spin_unlock(&runqueue_lock);
	return next;
}

/*
 * 2.4's __schedule_tail(): the yield is over, and a task switched out
 * while still runnable is offered to another CPU, unless it yielded.
 */
static void put_prev_task_goodness(struct runqueue *rq,
				   struct task_struct *prev,
				   struct task_struct *next)
{
	bool yielded;

	spin_lock(&runqueue_lock);
	if (rq->goodness.curr == prev)
		rq->goodness.curr = NULL;
	yielded = prev->yielded;
	prev->yielded = 0;
	if (next != prev && !yielded && !list_empty(&prev->run_list))
		reschedule_idle(prev);
	spin_unlock(&runqueue_lock);
}

static void set_curr_task_goodness(struct runqueue *rq,
				   struct task_struct *next)
{
	spin_lock(&runqueue_lock);
	rq->goodness.curr = next;
	spin_unlock(&runqueue_lock);
}

/* 2.4's update_process_times(): one tick of the counter */
static void task_tick_goodness(struct runqueue *rq, struct task_struct *p)
{
	spin_lock(&runqueue_lock);
	if (--p->counter <= 0) {
		p->counter = 0;
		note_resched(
			rq, SCHED_WHY_SLICE, 0,
			"counter reached 0: its ticks of this epoch are used up (a recalculation adds a at its nice)",
			NICE_TO_TICKS(TASK_NICE(p)), 0, "ticks");
		set_tsk_need_resched(p);
	}
	spin_unlock(&runqueue_lock);
	/* this class moves nothing: the rt class in front may pull */
	if (!(jiffies % BUSY_REBALANCE_TICK))
		sched_balance(rq, 0);
}

/* 2.4's do_fork(): the child gets half the counter, rounded up */
static int task_fork_goodness(struct task_struct *p, struct task_struct *parent)
{
	spin_lock(&runqueue_lock);
	p->yielded = 0;
	if (!parent) {
		p->counter = NICE_TO_TICKS(TASK_NICE(p));
	} else {
		p->counter = (parent->counter + 1) >> 1;
		parent->counter >>= 1;
		if (!parent->counter) {
			note_goodness(
				task_cpu(parent), SCHED_WHY_CHANGED, p->pid,
				"it forked and gave the child half its counter: a left to it",
				parent->counter, p->counter);
			set_tsk_need_resched(parent);
		}
	}
	spin_unlock(&runqueue_lock);
	return 0;
}

/* 2.5.0's release(): the reaper gets the child's counter, capped */
static void sched_exit_goodness(struct task_struct *p,
				struct task_struct *parent)
{
	spin_lock(&runqueue_lock);
	parent->counter += p->counter;
	if (parent->counter >= (int)MAX_COUNTER)
		parent->counter = (int)MAX_COUNTER;
	spin_unlock(&runqueue_lock);
}

/* 2.4's sys_nice(): the next goodness() and recalculation see it */
static void set_nice_goodness(struct runqueue *rq, struct task_struct *p,
			      long nice)
{
	(void)rq;
	spin_lock(&runqueue_lock);
	p->static_prio = NICE_TO_PRIO(nice);
	p->prio = p->static_prio;
	spin_unlock(&runqueue_lock);
}

/*
 * An idle CPU looks at the run list on its idle tick, and schedules if it
 * finds a task it may run.  2.4's idle loop waited for reschedule_idle();
 * the pushes of real-time tasks switched out (its __schedule_tail()),
 * which often woke it, happen in their own class here.
 */
static int load_balance_goodness(struct runqueue *rq, int idle)
{
	struct task_struct *p;

	if (!idle || rq->curr != rq->idle)
		return 0;
	spin_lock(&runqueue_lock);
	list_for_each_entry(p, &runqueue_head, run_list) {
		if (can_schedule(p, rq->cpu)) {
			set_tsk_need_resched(rq->idle);
			break;
		}
	}
	spin_unlock(&runqueue_lock);
	return 0;
}

/* under runqueue_lock: neighbours on the list rewrite p's links */
static bool task_queued_goodness(const struct task_struct *p)
{
	bool queued;

	spin_lock(&runqueue_lock);
	queued = !list_empty(&p->run_list);
	spin_unlock(&runqueue_lock);
	return queued;
}

static int init_goodness(int nr_cpus)
{
	(void)nr_cpus;
	INIT_LIST_HEAD(&runqueue_head);
	return 0;
}

static void exit_goodness(void)
{
	/* the tasks are gone with the machine */
	INIT_LIST_HEAD(&runqueue_head);
}

static void rq_init_goodness(struct runqueue *rq)
{
	rq->goodness.curr = NULL;
	rq->goodness.last_schedule = 0;
	rq->goodness.nr_recalculations = 0;
	rq->goodness.nr_remote_picks = 0;
}

/* report the first violation, answer false, and leave through out_unlock */
#define check(cond, ...)                                           \
	do {                                                       \
		if (unlikely(!(cond))) {                           \
			ok = check_fail("goodness: " __VA_ARGS__); \
			goto out_unlock;                           \
		}                                                  \
	} while (0)

/*
 * The run list is a sound ring of started tasks of this class; the tasks
 * @rq owns are counted; @rq's chosen task is its own.
 */
static bool check_goodness(struct runqueue *rq, unsigned long *nr_queued)
{
	struct task_struct *p, *chosen;
	unsigned long owned = 0;
	bool ok = true;

	spin_lock(&runqueue_lock);
	ok = list_check(&runqueue_head); /* reports for itself */
	if (!ok)
		goto out_unlock;
	list_for_each_entry(p, &runqueue_head, run_list) {
		check(p->sched_class == &goodness_sched_class,
		      "task %d of class %s on the run list", p->pid,
		      p->sched_class ? p->sched_class->name : "(none)");
		check(!(p->flags & PF_STARTING) && p != cpu_rq(p->cpu)->idle,
		      "task %d on the run list before it started", p->pid);
		check(p->counter >= 0, "task %d: counter %d", p->pid,
		      p->counter);
		check(!p->array, "task %d in a prio_array too", p->pid);
		if (p->cpu == rq->cpu)
			owned++;
	}
	chosen = rq->goodness.curr;
	check(!chosen ||
		      (chosen->cpu == rq->cpu &&
		       (!list_empty(&chosen->run_list) || chosen == rq->curr)),
	      "cpu %d: chosen task %d is not its own", rq->cpu,
	      chosen ? chosen->pid : -1);
	*nr_queued = owned;
out_unlock:
	spin_unlock(&runqueue_lock);
	return ok;
}

/*
 * The run list in order, each task with its counter, its goodness (seen
 * from this CPU), its CPU, whether it yielded and the CPU whose choice it
 * is (-1 for none).
 */
static int snapshot_goodness(struct runqueue *rq, struct sched_snapshot *snap,
			     struct sched_snapshot_queue *q)
{
	struct sched_snapshot_list *list = &q->list;
	struct sched_snapshot_goodness_task *t;
	struct task_struct *p;
	unsigned int n = 0;
	int cpu;

	q->sched_class = &goodness_sched_class;
	q->kind = SCHED_SNAPSHOT_LIST;
	spin_lock(&runqueue_lock);
	list_for_each_entry(p, &runqueue_head, run_list)
		n++;
	list->tasks = sched_snapshot_alloc(snap, n * sizeof(*t));
	if (!list->tasks) {
		spin_unlock(&runqueue_lock);
		return -ENOMEM;
	}
	t = list->tasks;
	list_for_each_entry(p, &runqueue_head, run_list) {
		snapshot_task(&t->task, p);
		t->counter = p->counter;
		t->goodness = goodness(p, rq->cpu);
		t->cpu = task_cpu(p);
		t->yielded = p->yielded;
		t->chosen_by = -1;
		for (cpu = 0; cpu < nr_cpus_online; cpu++)
			if (cpu_rq(cpu)->goodness.curr == p)
				t->chosen_by = cpu;
		t++;
	}
	list->nr_tasks = n;
	spin_unlock(&runqueue_lock);
	return 0;
}

static const struct sched_counter counters_goodness[] = {
	{ "recalculations", "recalc",
	  offsetof(struct runqueue, goodness.nr_recalculations) },
	{ "remote_picks", "remote",
	  offsetof(struct runqueue, goodness.nr_remote_picks) },
	{ NULL, NULL, 0 },
};

const struct sched_class goodness_sched_class = {
	.name = "goodness",
	.policies = (1UL << SCHED_OTHER) | (1UL << SCHED_BATCH) |
		    (1UL << SCHED_IDLE),
	.policies_as_other = (1UL << SCHED_BATCH) | (1UL << SCHED_IDLE),
	.hz = 100, /* Linux 2.4 on x86 */
	.series = (const char *const[]){ "counter", "goodness", NULL },
	.init = init_goodness,
	.exit = exit_goodness,
	.rq_init = rq_init_goodness,
	.enqueue_task = enqueue_task_goodness,
	.dequeue_task = dequeue_task_goodness,
	.yield_task = yield_task_goodness,
	.check_preempt_curr = check_preempt_curr_goodness,
	.pick_next_task = pick_next_task_goodness,
	.put_prev_task = put_prev_task_goodness,
	.set_curr_task = set_curr_task_goodness,
	.task_tick = task_tick_goodness,
	.task_fork = task_fork_goodness,
	.sched_exit = sched_exit_goodness,
	.set_nice = set_nice_goodness,
	.load_balance = load_balance_goodness,
	.task_queued = task_queued_goodness,
	.rq_check = check_goodness,
	.snapshot = snapshot_goodness,
	.counters = counters_goodness,
};
