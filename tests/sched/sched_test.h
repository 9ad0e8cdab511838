/* SPDX-License-Identifier: MIT */
/*
 * tests/sched/sched_test.h - helpers shared by the sched test files:
 * build and tear down a machine, create runnable tasks, tick, and place
 * tasks in chosen arrays and priorities.
 */
#ifndef KSTRUCT_TESTS_SCHED_TEST_H
#define KSTRUCT_TESTS_SCHED_TEST_H

#include <signal.h>
#include <stdlib.h>

#include <CUnit/CUnit.h>

#include "compat/jiffies.h"
#include "sched/class.h"
#include "sched/fair.h"
#include "sched/sched.h"

/*
 * load_balance_fair() as its callers run it: with @rq's lock held (it
 * takes the busiest queue's, and may drop and retake @rq's to take both
 * in order).  Called without the lock, a contended trylock left @rq
 * locked on return, and the next SCHED_CHECK() spun on it forever.
 */
static inline int load_balance_fair_locked(struct runqueue *rq, int idle)
{
	int pulled;

	spin_lock(&rq->lock);
	pulled = load_balance_fair(rq, idle);
	spin_unlock(&rq->lock);
	return pulled;
}

/* the clock moves on @n ticks with no tick run (tasks grow cache-cold) */
static inline void age_jiffies(int n)
{
	while (n--)
		jiffies++;
}

/* every invariant, fatal so a broken structure stops the test */
#define SCHED_CHECK()                                  \
	do {                                           \
		CU_ASSERT_FATAL(sched_check());        \
		CU_ASSERT_FATAL(process_tree_check()); \
	} while (0)

/* jiffies starts far from 0 so "jiffies - sleep_timestamp" is honest */
#define TEST_JIFFIES_START 100000UL

static inline void machine_up_hz(int nr_cpus, unsigned int hz)
{
	kstruct_hz = hz;
	jiffies = TEST_JIFFIES_START;
	CU_ASSERT_EQUAL_FATAL(sched_init(nr_cpus), 0);
	SCHED_CHECK();
}

static inline void machine_up(int nr_cpus)
{
	machine_up_hz(nr_cpus, 1000);
}

/* a machine run by @class (sched/class.h) at @hz */
static inline void machine_up_class(int nr_cpus, unsigned int hz,
				    const struct sched_class *class)
{
	kstruct_hz = hz;
	jiffies = TEST_JIFFIES_START;
	CU_ASSERT_EQUAL_FATAL(sched_init_class(nr_cpus, class), 0);
	SCHED_CHECK();
}

static inline void machine_down(void)
{
	CU_ASSERT(sched_check());
	CU_ASSERT(process_tree_check());
	sched_teardown();
	kstruct_hz = DEFAULT_HZ;
}

/*
 * A suite's cleanup: tear down a machine that a failed fatal assertion
 * left up (machine_down() never ran), so that the next suite can build
 * its own and the leak count is not the machine's.  Nothing when none is.
 */
static inline int machine_cleanup(void)
{
	sched_teardown();
	kstruct_hz = DEFAULT_HZ;
	return 0;
}

/* a fresh SCHED_OTHER task queued on @cpu */
static inline struct task_struct *new_task_on(const char *comm, int nice,
					      int cpu)
{
	struct task_struct *p = sched_new_task(comm, nice, SCHED_OTHER, 0);

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(wake_up_forked_process(p, cpu), 0);
	return p;
}

/* three fresh tasks queued on CPU 0 and one on CPU 1, each CPU running one */
static inline void three_on_0_one_on_1(void)
{
	int i;

	for (i = 0; i < 3; i++)
		new_task_on("a", 0, 0);
	schedule(0);
	new_task_on("b", 0, 1);
	schedule(1);
}

/*
 * a task of @policy (a real-time one at priority 1) that ran on @cpu, of
 * an otherwise idle machine, and now sleeps there
 */
static inline struct task_struct *sleeper_on(const char *comm, int nice,
					     int policy, int cpu)
{
	struct task_struct *p;

	p = sched_new_task(comm, nice, policy,
			   policy == SCHED_FIFO || policy == SCHED_RR);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(wake_up_forked_process(p, cpu), 0);
	while (cpu_curr(cpu) != p)
		CU_ASSERT_PTR_NOT_NULL_FATAL(schedule(cpu));
	set_task_state(p, TASK_INTERRUPTIBLE);
	schedule(cpu);
	CU_ASSERT_FALSE_FATAL(task_queued(p));
	return p;
}

/*
 * a queued task that does not run goes back to sleep (deactivate_task():
 * not a sleep for cfs, whose vruntime stays relative; a test of cfs
 * wakes such a task with wake_up_forked_process() semantics, never)
 */
static inline void unqueue(struct task_struct *p)
{
	struct runqueue *rq = task_rq_lock(p);

	CU_ASSERT_FATAL(task_queued(p) && rq->curr != p);
	p->state = TASK_INTERRUPTIBLE;
	deactivate_task(p, rq);
	task_rq_unlock(rq);
}

/* one tick of the whole machine, then schedule where asked */
static inline void machine_tick(void)
{
	int cpu;

	jiffies++;
	for (cpu = 0; cpu < nr_cpus_online; cpu++)
		scheduler_tick(cpu, 1);
	for (cpu = 0; cpu < nr_cpus_online; cpu++)
		if (test_tsk_need_resched(cpu_curr(cpu)))
			schedule(cpu);
}

/* move queued @p into @array of its runqueue at @prio */
static inline void place_task(struct task_struct *p, int expired, int prio)
{
	struct runqueue *rq = task_rq_lock(p);

	dequeue_task(p, p->array);
	p->prio = prio;
	enqueue_task(p, expired ? rq->expired : rq->active);
	task_rq_unlock(rq);
}

/* sys_wait4() returns @task's pid (read first: @task may be freed) */
#define WAIT_REAPS(waiter, which, codep, task)                                \
	do {                                                                  \
		pid_t pid_ = (task)->pid;                                     \
		CU_ASSERT_EQUAL(sys_wait4((waiter), (which), (codep)), pid_); \
	} while (0)

static inline int queue_len(struct prio_array *array, int prio)
{
	return (int)list_count_nodes(&array->queue[prio]);
}

/*
 * queued tasks counted from the task list, plus dead current ones: the
 * oracle for sched_nr_running_total()
 */
static inline unsigned long queued_by_list(void)
{
	struct task_struct *p;
	unsigned long n = 0;
	int cpu;

	list_for_each_entry(p, &init_task->tasks, tasks)
		n += p->array != NULL;
	for (cpu = 0; cpu < nr_cpus_online; cpu++) {
		p = cpu_rq(cpu)->curr;
		if (p->state == TASK_DEAD && p->array)
			n++;
	}
	return n;
}

/* tasks a soak keeps at most */
#define SOAK_TASKS 24

/* a random live task that is not init, or NULL */
static inline struct task_struct *soak_random_task(unsigned int *seed)
{
	struct task_struct *p;
	int n = nr_tasks() - 2, k;

	if (n <= 0)
		return NULL;
	k = rand_r(seed) % n;
	list_for_each_entry(p, &init_task->tasks, tasks) {
		if (p == child_reaper)
			continue;
		if (!k--)
			return p;
	}
	return NULL;
}

/*
 * One step of a seeded random soak, on CPU @cpu of @cpus: @op 0 makes a
 * task, 1 puts the current task to sleep, 2-3 wake @p, 4-6 tick the
 * machine, 7 yields, 8 renices @p, 9 gives it a policy, 10 forks the
 * current task, 11 makes @p exit (and reaps it, mostly), 12 pins it to
 * some CPUs; any other @op schedules.
 */
static inline void soak_step(unsigned int *seed, int cpus, int cpu, int op,
			     struct task_struct *p)
{
	static const int policies[] = { SCHED_OTHER, SCHED_BATCH, SCHED_IDLE,
					SCHED_FIFO, SCHED_RR };
	struct task_struct *curr = cpu_curr(cpu), *c;
	int pol;

	switch (op) {
	case 0:
		if (nr_tasks() < SOAK_TASKS) {
			c = sched_new_task("n", rand_r(seed) % 40 - 20,
					   SCHED_OTHER, 0);
			if (c)
				wake_up_forked_process(c, cpu);
		}
		break;
	case 1:
		if (curr != cpu_rq(cpu)->idle && !(curr->flags & PF_EXITING)) {
			set_task_state(curr, TASK_INTERRUPTIBLE);
			schedule(cpu);
		}
		break;
	case 2:
	case 3:
		if (p)
			try_to_wake_up(p, rand_r(seed) % 2, cpu);
		break;
	case 4:
	case 5:
	case 6:
		machine_tick();
		break;
	case 7:
		sys_sched_yield(cpu);
		break;
	case 8:
		if (p)
			set_user_nice(p, rand_r(seed) % 40 - 20);
		break;
	case 9:
		pol = policies[rand_r(seed) % ARRAY_SIZE(policies)];
		if (p)
			setscheduler(p, pol,
				     pol == SCHED_FIFO || pol == SCHED_RR ?
					     1 + rand_r(seed) % 98 :
					     0);
		break;
	case 10:
		if (curr != cpu_rq(cpu)->idle && nr_tasks() < SOAK_TASKS &&
		    !do_fork(curr, SIGCHLD, "f", &c))
			wake_up_forked_process(c, cpu);
		break;
	case 11:
		if (p && p != curr && !(p->flags & PF_EXITING)) {
			pid_t pid = p->pid;
			struct task_struct *parent = p->parent;

			do_exit(p, 0);
			if (parent != child_reaper || rand_r(seed) % 2)
				sys_wait4(parent, pid, NULL);
		}
		break;
	case 12:
		if (p)
			set_cpus_allowed(
				p, 1 + rand_r(seed) % ((1UL << cpus) - 1));
		break;
	default:
		schedule(cpu);
		break;
	}
}

#endif /* KSTRUCT_TESTS_SCHED_TEST_H */
