// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_threads.c - real concurrency in sched/sched.c: the
 * migration queue served newest first, double_rq_lock and load_balance
 * hammered from several pthreads, a lockstep machine (one pthread per
 * CPU) mixing ticks, schedule, wakeups, yields and migrations, and races
 * of goodness's take-over of a task another CPU owns.
 *
 * Workers never assert: they count what they saw; the test joins them
 * and asserts (CUnit is not thread-safe).  Clean under ThreadSanitizer.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
#include "sched/class.h"
#include "sched/sched.h"
#include "tests/ktest.h"
#include "tests/sched/sched_test.h"

/* ------------------------------------------------------- LIFO queue */

struct order_log {
	pthread_mutex_t lock;
	struct task_struct *seq[8];
	int n;
};

static void log_order(struct task_struct *p, int src, int dst,
		      const struct sched_reason *why, void *data)
{
	struct order_log *log = data;

	(void)src;
	(void)dst;
	(void)why;
	pthread_mutex_lock(&log->lock);
	if (log->n < (int)ARRAY_SIZE(log->seq))
		log->seq[log->n++] = p;
	pthread_mutex_unlock(&log->lock);
}

struct mover {
	pthread_t thread;
	struct task_struct *p;
	unsigned long mask;
	int ret;
};

static void *mover_fn(void *arg)
{
	struct mover *m = arg;

	m->ret = set_cpus_allowed(m->p, m->mask);
	return NULL;
}

static void test_migration_queue_lifo(void)
{
	struct order_log log = { .lock = PTHREAD_MUTEX_INITIALIZER, .n = 0 };
	struct sched_hooks hooks = { .migrate = log_order, .data = &log };
	struct mover m[3];
	int i, ok = 1;

	machine_up(3);
	sched_set_hooks(&hooks);
	for (i = 0; i < 3; i++) {
		m[i].p = new_task_on("m", 0, 0);
		m[i].mask = 1UL << (1 + i % 2);
	}
	migration_freeze(0, true);
	for (i = 0; i < 3; i++) {
		CU_ASSERT_EQUAL_FATAL(
			pthread_create(&m[i].thread, NULL, mover_fn, &m[i]), 0);
		/* wait until this request is queued before the next */
		while (migration_queue_len(0) != i + 1)
			sched_yield();
	}
	CU_ASSERT_EQUAL(log.n, 0); /* nothing served while frozen */
	migration_freeze(0, false);
	for (i = 0; i < 3; i++) {
		pthread_join(m[i].thread, NULL);
		ok &= m[i].ret == 0;
	}
	CU_ASSERT_TRUE(ok);
	SCHED_CHECK();
	/* newest request first */
	CU_ASSERT_EQUAL_FATAL(log.n, 3);
	CU_ASSERT_PTR_EQUAL(log.seq[0], m[2].p);
	CU_ASSERT_PTR_EQUAL(log.seq[1], m[1].p);
	CU_ASSERT_PTR_EQUAL(log.seq[2], m[0].p);
	for (i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(task_cpu(m[i].p), 1 + i % 2);
	CU_ASSERT_EQUAL(migration_queue_len(0), 0);
	sched_set_hooks(NULL);
	machine_down();
}

/* ------------------------------------ exit while a request is pending */

struct release_log {
	struct task_struct *watch;
	int n;
};

static void count_release(struct task_struct *p, void *data)
{
	struct release_log *log = data;

	/* may run on a migration thread */
	if (p == log->watch)
		__atomic_add_fetch(&log->n, 1, __ATOMIC_SEQ_CST);
}

/*
 * A task killed and reaped while a set_cpus_allowed() request for it is
 * still queued: the migration thread must not touch freed memory, so the
 * task may be freed only once its request has been served.
 */
static void test_exit_with_pending_migration(void)
{
	struct release_log log = { .watch = NULL, .n = 0 };
	struct sched_hooks hooks = { .release = count_release, .data = &log };
	struct mover m;
	long live;
	pid_t pid;

	machine_up(2);
	live = kmalloc_live();
	sched_set_hooks(&hooks);
	m.p = new_task_on("victim", 0, 0); /* queued, not running */
	m.mask = 2UL;
	log.watch = m.p;
	pid = m.p->pid;
	migration_freeze(0, true);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&m.thread, NULL, mover_fn, &m), 0);
	while (migration_queue_len(0) != 1)
		sched_yield();

	CU_ASSERT_EQUAL(do_exit(m.p, 0), 0);
	CU_ASSERT_EQUAL(sys_wait4(child_reaper, pid, NULL), pid);
	SCHED_CHECK();
	CU_ASSERT_PTR_NULL(find_task_by_pid(pid));
	/* reaped, but its request still names it: not freed yet */
	CU_ASSERT_EQUAL(__atomic_load_n(&log.n, __ATOMIC_SEQ_CST), 0);

	migration_freeze(0, false);
	pthread_join(m.thread, NULL);
	CU_ASSERT_EQUAL(m.ret, 0);
	CU_ASSERT_EQUAL(migration_queue_len(0), 0);
	/* served (nothing to move: it was exiting), then freed once */
	CU_ASSERT_EQUAL(__atomic_load_n(&log.n, __ATOMIC_SEQ_CST), 1);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT_EQUAL(sched_nr_running_total(), 0UL);
	sched_set_hooks(NULL);
	machine_down();
}

/* the same while the task is the current one and exits detached */
static void test_current_exit_with_pending_migration(void)
{
	struct release_log log = { .watch = NULL, .n = 0 };
	struct sched_hooks hooks = { .release = count_release, .data = &log };
	struct task_struct *parent, *idle0;
	struct mover m;
	long live;

	machine_up(2);
	idle0 = cpu_rq(0)->idle;
	sched_set_hooks(&hooks);
	parent = new_task_on("parent", 0, 0);
	CU_ASSERT_PTR_EQUAL_FATAL(schedule(0), parent);
	live = kmalloc_live();
	CU_ASSERT_EQUAL_FATAL(do_fork(parent, CLONE_DETACHED, "kid", &m.p), 0);
	CU_ASSERT_EQUAL_FATAL(wake_up_forked_process(m.p, 0), 0);
	set_task_state(parent, TASK_INTERRUPTIBLE);
	CU_ASSERT_PTR_EQUAL_FATAL(schedule(0), m.p);
	m.mask = 2UL;
	log.watch = m.p;
	migration_freeze(0, true);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&m.thread, NULL, mover_fn, &m), 0);
	while (migration_queue_len(0) != 1)
		sched_yield();

	/* detached: released at once, but still current and requested */
	CU_ASSERT_EQUAL(do_exit(m.p, 0), 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), idle0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(__atomic_load_n(&log.n, __ATOMIC_SEQ_CST), 0);

	migration_freeze(0, false);
	pthread_join(m.thread, NULL);
	CU_ASSERT_EQUAL(m.ret, 0);
	CU_ASSERT_EQUAL(__atomic_load_n(&log.n, __ATOMIC_SEQ_CST), 1);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	sched_set_hooks(NULL);
	machine_down();
}

/*
 * A request whose task's CPU became allowed again before it was served:
 * 2.5.33's migration_thread still serves it, moving a task that is still
 * on that CPU to the lowest allowed CPU (deactivate, activate), even when
 * that is the CPU it is on (it goes to the tail of its queue).
 */
static void test_stale_request_is_served(void)
{
	struct task_struct *p, *q;
	struct runqueue *rq0, *rq1;
	struct mover m;

	machine_up(3);
	rq0 = cpu_rq(0);
	rq1 = cpu_rq(1);

	/* allowed again, lowest allowed CPU 0: it moves there */
	m.p = new_task_on("stale", 0, 1);
	m.mask = 4UL;
	migration_freeze(1, true);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&m.thread, NULL, mover_fn, &m), 0);
	while (migration_queue_len(1) != 1)
		sched_yield();
	CU_ASSERT_EQUAL(set_cpus_allowed(m.p, 3UL), 0); /* CPU 1 is back */
	CU_ASSERT_EQUAL(task_cpu(m.p), 1);
	migration_freeze(1, false);
	pthread_join(m.thread, NULL);
	CU_ASSERT_EQUAL(m.ret, 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(task_cpu(m.p), 0);
	CU_ASSERT_PTR_EQUAL(m.p->array, rq0->active);
	CU_ASSERT_EQUAL(rq0->nr_migrated_in, 1UL);
	CU_ASSERT_EQUAL(m.p->nr_migrations, 1UL);
	CU_ASSERT_EQUAL(rq1->nr_running, 0UL);

	/* allowed again, lowest allowed CPU its own: requeued at the tail */
	p = new_task_on("p", 0, 1);
	q = new_task_on("q", 0, 1);
	CU_ASSERT_EQUAL_FATAL(p->prio, q->prio);
	CU_ASSERT_PTR_EQUAL(rq1->active->queue[p->prio].next, &p->run_list);
	m.p = p;
	m.mask = 4UL;
	migration_freeze(1, true);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&m.thread, NULL, mover_fn, &m), 0);
	while (migration_queue_len(1) != 1)
		sched_yield();
	CU_ASSERT_EQUAL(set_cpus_allowed(p, 6UL), 0);
	migration_freeze(1, false);
	pthread_join(m.thread, NULL);
	CU_ASSERT_EQUAL(m.ret, 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(task_cpu(p), 1);
	CU_ASSERT_EQUAL(p->nr_migrations, 0UL);
	CU_ASSERT_EQUAL(rq1->nr_migrated_in, 0UL);
	CU_ASSERT_EQUAL(rq1->nr_running, 2UL);
	CU_ASSERT_PTR_EQUAL(rq1->active->queue[p->prio].next, &q->run_list);
	CU_ASSERT_PTR_EQUAL(q->run_list.next, &p->run_list);
	machine_down();
}

/* counts moves of the watched task to CPU 1 (on a migration thread) */
static void count_move_to_1(struct task_struct *p, int src, int dst,
			    const struct sched_reason *why, void *data)
{
	struct release_log *log = data;

	(void)src;
	(void)why;
	if (p == log->watch && dst == 1)
		__atomic_add_fetch(&log->n, 1, __ATOMIC_SEQ_CST);
}

/* teardown serves a request that is already queued before it stops */
static void test_teardown_serves_pending_request(void)
{
	struct release_log log = { .watch = NULL, .n = 0 };
	struct sched_hooks hooks = { .migrate = count_move_to_1, .data = &log };
	struct mover m;
	long live = kmalloc_live();

	machine_up(2);
	sched_set_hooks(&hooks);
	m.p = new_task_on("late", 0, 0);
	m.mask = 2UL;
	log.watch = m.p;
	migration_freeze(0, true);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&m.thread, NULL, mover_fn, &m), 0);
	while (migration_queue_len(0) != 1)
		sched_yield();
	sched_teardown();
	kstruct_hz = DEFAULT_HZ;
	pthread_join(m.thread, NULL);
	CU_ASSERT_EQUAL(m.ret, 0);
	/* served means moved, not merely completed */
	CU_ASSERT_EQUAL(__atomic_load_n(&log.n, __ATOMIC_SEQ_CST), 1);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/* ------------------------------------------------ double_rq_lock order */

struct locker {
	pthread_t thread;
	struct runqueue *first, *second;
	int started, done;
};

static void *locker_fn(void *arg)
{
	struct locker *l = arg;

	__atomic_store_n(&l->started, 1, __ATOMIC_SEQ_CST);
	double_rq_lock(l->first, l->second);
	__atomic_store_n(&l->done, 1, __ATOMIC_SEQ_CST);
	double_rq_unlock(l->first, l->second);
	return NULL;
}

/*
 * double_rq_lock(high, low) must take the lower address first: while we
 * hold the lower lock, a thread asking for (high, low) waits for it
 * holding nothing, so the higher lock stays free.  (Taken in argument
 * order, the thread would sit on the higher lock and our trylock would
 * fail; a thread that had not started yet cannot make it fail.)
 */
static struct runqueue lock_order_rqs[2];

static void test_double_rq_lock_order(void)
{
	struct runqueue *low, *high;
	struct locker l;
	int i, busy = 0;

	/* runqueues of their own: no migration thread takes these locks */
	low = &lock_order_rqs[0];
	high = &lock_order_rqs[1];
	spin_lock_init(&low->lock);
	spin_lock_init(&high->lock);
	CU_ASSERT_FATAL(low < high);
	l.first = high;
	l.second = low;
	l.started = l.done = 0;
	spin_lock(&low->lock);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&l.thread, NULL, locker_fn, &l),
			      0);
	while (!__atomic_load_n(&l.started, __ATOMIC_SEQ_CST))
		sched_yield();
	for (i = 0; i < 2000; i++) {
		if (spin_trylock(&high->lock))
			spin_unlock(&high->lock);
		else
			busy++;
		sched_yield();
	}
	CU_ASSERT_EQUAL(busy, 0);
	CU_ASSERT_EQUAL(__atomic_load_n(&l.done, __ATOMIC_SEQ_CST), 0);
	spin_unlock(&low->lock);
	pthread_join(l.thread, NULL);
	CU_ASSERT_EQUAL(l.done, 1);
	spin_lock_destroy(&low->lock);
	spin_lock_destroy(&high->lock);
}

/* ----------------------------------------------- lock and balance hammer */

#define HAMMER_CPUS 4
#define HAMMER_ITERS 3000

/* per-runqueue counters, each changed only under that runqueue's lock */
static unsigned long hammer_count[HAMMER_CPUS];

struct hammer {
	pthread_t thread;
	int cpu;
	unsigned int seed;
	unsigned long locked, pulled, bad_counts;
};

static void *hammer_fn(void *arg)
{
	struct hammer *h = arg;
	struct runqueue *a, *b, *rq = cpu_rq(h->cpu);
	int i, other;

	for (i = 0; i < HAMMER_ITERS; i++) {
		other = rand_r(&h->seed) % HAMMER_CPUS;
		a = cpu_rq(h->cpu);
		b = cpu_rq(other);
		if (rand_r(&h->seed) % 2) {
			double_rq_lock(a, b);
			hammer_count[h->cpu]++;
			if (other != h->cpu)
				hammer_count[other]++;
			h->locked += 1 + (other != h->cpu);
			/* both locked: their counts must add up */
			if (a->nr_running !=
				    (unsigned long)(a->active->nr_active +
						    a->expired->nr_active) ||
			    b->nr_running !=
				    (unsigned long)(b->active->nr_active +
						    b->expired->nr_active))
				h->bad_counts++;
			double_rq_unlock(a, b);
		} else {
			spin_lock(&rq->lock);
			h->pulled += load_balance(rq, rand_r(&h->seed) % 2);
			spin_unlock(&rq->lock);
		}
	}
	return NULL;
}

static void test_double_lock_and_balance_hammer(void)
{
	struct hammer h[HAMMER_CPUS];
	unsigned long locked = 0, pulled = 0, bad = 0, counted = 0;
	int i, ntasks = 48;

	machine_up(HAMMER_CPUS);
	cache_decay_ticks = 0;
	memset(hammer_count, 0, sizeof(hammer_count));
	/* everything on CPU 0, so balancing has work */
	for (i = 0; i < ntasks; i++)
		new_task_on("h", i % 10, 0);
	jiffies++;
	for (i = 0; i < HAMMER_CPUS; i++) {
		h[i].cpu = i;
		h[i].seed = 100 + i;
		h[i].locked = h[i].pulled = h[i].bad_counts = 0;
		CU_ASSERT_EQUAL_FATAL(pthread_create(&h[i].thread, NULL,
						     hammer_fn, &h[i]),
				      0);
	}
	for (i = 0; i < HAMMER_CPUS; i++) {
		pthread_join(h[i].thread, NULL);
		locked += h[i].locked;
		pulled += h[i].pulled;
		bad += h[i].bad_counts;
	}
	for (i = 0; i < HAMMER_CPUS; i++)
		counted += hammer_count[i];
	SCHED_CHECK();
	CU_ASSERT_EQUAL(bad, 0UL);
	CU_ASSERT_EQUAL(counted, locked); /* no lost update */
	CU_ASSERT(pulled > 0);
	CU_ASSERT_EQUAL(sched_nr_running_total(), (unsigned long)ntasks);
	CU_ASSERT(cpu_rq(0)->nr_running < (unsigned long)ntasks);
	machine_down();
}

/* --------------------------------------------------- lockstep machine */

#define LOCKSTEP_CPUS 4
#define LOCKSTEP_TASKS 24
#define LOCKSTEP_STEPS 1500

static pthread_barrier_t lockstep_barrier;
static struct task_struct *lockstep_tasks[LOCKSTEP_TASKS];

struct cpu_worker {
	pthread_t thread;
	int cpu;
	unsigned int seed;
	unsigned long schedules, migrations_failed;
};

static void *cpu_worker_fn(void *arg)
{
	struct cpu_worker *w = arg;
	struct task_struct *p, *curr;
	int step, op;

	for (step = 0; step < LOCKSTEP_STEPS; step++) {
		pthread_barrier_wait(&lockstep_barrier);
		if (w->cpu == 0)
			jiffies++; /* nobody else runs now */
		pthread_barrier_wait(&lockstep_barrier);

		scheduler_tick(w->cpu, 1);
		p = lockstep_tasks[rand_r(&w->seed) % LOCKSTEP_TASKS];
		op = rand_r(&w->seed) % 16;
		switch (op) {
		case 0:
		case 1:
			curr = cpu_curr(w->cpu);
			if (curr != cpu_rq(w->cpu)->idle) {
				set_task_state(curr, TASK_INTERRUPTIBLE);
				schedule(w->cpu);
				w->schedules++;
			}
			break;
		case 2:
		case 3:
		case 4:
			try_to_wake_up(p, rand_r(&w->seed) % 2, w->cpu);
			break;
		case 5:
			if (set_cpus_allowed(p, 1 + rand_r(&w->seed) % 15))
				w->migrations_failed++;
			break;
		case 6:
			sys_sched_yield(w->cpu);
			break;
		case 7:
			set_user_nice(p, rand_r(&w->seed) % 40 - 20);
			break;
		case 8:
			/* to the rt class and back (its own class under o1) */
			if (rand_r(&w->seed) % 2)
				setscheduler(p, SCHED_RR, 1 + w->cpu);
			else
				setscheduler(p, SCHED_OTHER, 0);
			break;
		default:
			break;
		}
		if (test_tsk_need_resched(cpu_curr(w->cpu))) {
			schedule(w->cpu);
			w->schedules++;
		}
	}
	return NULL;
}

/*
 * An assertion whose failure message names @class ("sched_check()
 * [class cfs]"): the lockstep machine runs every class in one test.
 */
static void class_assert(bool ok, const struct sched_class *class,
			 const char *cond, unsigned int line, bool fatal)
{
	char msg[160];

	snprintf(msg, sizeof(msg), "%s [class %s]", cond, class->name);
	CU_assertImplementation(ok, line, msg, __FILE__, "", fatal);
}

#define CLASS_ASSERT(class, cond) \
	class_assert((cond), (class), #cond, __LINE__, false)
#define CLASS_ASSERT_FATAL(class, cond) \
	class_assert((cond), (class), #cond, __LINE__, true)

static void lockstep(const struct sched_class *class)
{
	struct cpu_worker w[LOCKSTEP_CPUS];
	unsigned long schedules = 0, failed = 0, moved = 0, queued = 0;
	int i;

	machine_up_class(LOCKSTEP_CPUS, 1000, class);
	/* BUSY_REBALANCE_TICK 5 and cache-hot 2 ticks: lots of balancing */
	kstruct_hz = 20;
	cache_decay_ticks = 2;
	for (i = 0; i < LOCKSTEP_TASKS; i++)
		lockstep_tasks[i] = new_task_on("w", i % 7 - 3, i % 2);
	CU_ASSERT_EQUAL_FATAL(pthread_barrier_init(&lockstep_barrier, NULL,
						   LOCKSTEP_CPUS),
			      0);
	for (i = 0; i < LOCKSTEP_CPUS; i++) {
		w[i].cpu = i;
		w[i].seed = 7 * i + 1;
		w[i].schedules = w[i].migrations_failed = 0;
		CU_ASSERT_EQUAL_FATAL(pthread_create(&w[i].thread, NULL,
						     cpu_worker_fn, &w[i]),
				      0);
	}
	for (i = 0; i < LOCKSTEP_CPUS; i++) {
		pthread_join(w[i].thread, NULL);
		schedules += w[i].schedules;
		failed += w[i].migrations_failed;
	}
	pthread_barrier_destroy(&lockstep_barrier);
	CLASS_ASSERT_FATAL(class, sched_check());
	CLASS_ASSERT_FATAL(class, process_tree_check());
	for (i = 0; i < LOCKSTEP_TASKS; i++)
		queued += task_queued(lockstep_tasks[i]);
	/* conservation: every queued task is counted exactly once */
	CLASS_ASSERT(class, sched_nr_running_total() == queued);
	CLASS_ASSERT(class, nr_tasks() == 2 + LOCKSTEP_TASKS);
	CLASS_ASSERT(class, failed == 0);
	CLASS_ASSERT(class, schedules > 0);
	for (i = 0; i < LOCKSTEP_TASKS; i++)
		moved += lockstep_tasks[i]->nr_migrations;
	CLASS_ASSERT(class, moved > 0);
	for (i = 0; i < LOCKSTEP_TASKS; i++)
		CLASS_ASSERT(class,
			     lockstep_tasks[i]->cpus_allowed &
				     (1UL << task_cpu(lockstep_tasks[i])));
	machine_down();
}

static void test_lockstep_machine(void)
{
	lockstep(&o1_sched_class);
}

static void test_lockstep_every_class(void)
{
	unsigned int i;

	for (i = 0; sched_classes[i]; i++)
		lockstep(sched_classes[i]);
}

/* ------------------------------- goodness: a take-over meets setscheduler */

#define TAKEOVER_ROUNDS 2000
#define TAKEOVER_FILLERS 256

static pthread_barrier_t takeover_start, takeover_done;
static bool takeover_stop;

struct takeover_thread {
	pthread_t thread;
	struct task_struct *p;
	bool to_rt; /* setscheduler(p, SCHED_RR, 1), else schedule(0) */
};

static void *takeover_fn(void *arg)
{
	struct takeover_thread *t = arg;

	for (;;) {
		pthread_barrier_wait(&takeover_start);
		if (takeover_stop)
			break;
		if (t->to_rt)
			setscheduler(t->p, SCHED_RR, 1);
		else
			schedule(0);
		pthread_barrier_wait(&takeover_done);
	}
	return NULL;
}

/*
 * Back to the start, the machine at rest: @p of class goodness, queued on
 * CPU 1 (which never schedules here), CPU 0 idle.  Return: true when so.
 */
static bool takeover_reset(struct task_struct *p)
{
	struct runqueue *rq;

	if (cpu_curr(0) == p) {
		set_task_state(p, TASK_INTERRUPTIBLE);
		schedule(0);
	}
	rq = task_rq_lock(p);
	if (task_queued(p)) {
		p->state = TASK_INTERRUPTIBLE;
		deactivate_task(p, rq);
	}
	task_rq_unlock(rq);
	return !setscheduler(p, SCHED_OTHER, 0) &&
	       !set_cpus_allowed(p, 2UL) && /* asleep: rehomed to CPU 1 */
	       !set_cpus_allowed(p, 3UL) && wake_up_process(p) == 1 &&
	       task_cpu(p) == 1 && cpu_curr(0) == cpu_rq(0)->idle;
}

/*
 * goodness: idle CPU 0 picks p, which CPU 1 owns, and takes it over
 * (take_over()), while another thread moves p to the rt class.  When
 * CPU 1's lock is busy (setscheduler() holds it), the take-over lets go
 * of runqueue_lock to wait for it, and setscheduler() can then take p off
 * the run list and queue it in CPU 1's rt array.  p's run_list is linked
 * again (into that array): the take-over must see p is no longer of its
 * class, not move CPU 1's rt task to CPU 0.  The race is tried
 * TAKEOVER_ROUNDS times, sched_check() after each; TAKEOVER_FILLERS tasks
 * only CPU 1 may run make CPU 0's walk of the run list longer, so that
 * setscheduler() more often takes CPU 1's lock during it.
 */
static void test_takeover_meets_setscheduler(void)
{
	struct takeover_thread t[2];
	struct task_struct *p, *f;
	int i, round, bad_round = -1, bad_reset = -1;

	machine_up_class(2, 1000, &goodness_sched_class);
	for (i = 0; i < TAKEOVER_FILLERS; i++) {
		f = new_task_on("f", 0, 1);
		CU_ASSERT_EQUAL_FATAL(set_cpus_allowed(f, 2UL), 0);
	}
	p = new_task_on("p", 0, 1);
	takeover_stop = false;
	CU_ASSERT_EQUAL_FATAL(pthread_barrier_init(&takeover_start, NULL, 3),
			      0);
	CU_ASSERT_EQUAL_FATAL(pthread_barrier_init(&takeover_done, NULL, 3), 0);
	for (i = 0; i < 2; i++) {
		t[i].p = p;
		t[i].to_rt = i;
		CU_ASSERT_EQUAL_FATAL(pthread_create(&t[i].thread, NULL,
						     takeover_fn, &t[i]),
				      0);
	}
	for (round = 0; round < TAKEOVER_ROUNDS && bad_round < 0; round++) {
		if (!takeover_reset(p)) {
			bad_reset = round;
			break;
		}
		pthread_barrier_wait(&takeover_start);
		pthread_barrier_wait(&takeover_done);
		if (!sched_check())
			bad_round = round;
	}
	takeover_stop = true;
	pthread_barrier_wait(&takeover_start);
	for (i = 0; i < 2; i++)
		pthread_join(t[i].thread, NULL);
	pthread_barrier_destroy(&takeover_start);
	pthread_barrier_destroy(&takeover_done);
	CU_ASSERT_EQUAL(bad_reset, -1);
	CU_ASSERT_EQUAL(bad_round, -1);
	SCHED_CHECK();
	machine_down();
}

/* ---------------------------- goodness: woken before it is switched out */

struct schedule_call {
	pthread_t thread;
	int cpu;
	struct task_struct *next;
};

static void *schedule_fn(void *arg)
{
	struct schedule_call *c = arg;

	c->next = schedule(c->cpu);
	return NULL;
}

/*
 * goodness: CPU 1's current task p goes to sleep.  schedule(1) takes it
 * off the run list, finds only a task whose counter is spent and
 * recalculates, which lets go of CPU 1's lock to take tasklist_lock, held
 * here.  p is woken in that window: back on the run list while it still
 * runs on CPU 1, it must stay CPU 1's choice (as 2.5.0 kept a running
 * task's cpus_runnable until __schedule_tail()), or an idle CPU 0 would
 * pick it, and take_over() would find it running there, and pick it
 * again, forever, holding CPU 0's lock.  The idle tick of CPU 0 shows
 * whether CPU 0 sees a task it may run.
 */
static void test_woken_before_switched_out(void)
{
	struct schedule_call c = { .cpu = 1, .next = NULL };
	struct task_struct *p, *spent;
	struct runqueue *rq;
	bool queued;
	int err;

	machine_up_class(2, 1000, &goodness_sched_class);
	p = new_task_on("p", 0, 1);
	CU_ASSERT_PTR_EQUAL_FATAL(schedule(1), p);
	spent = new_task_on("spent", 0, 1);
	CU_ASSERT_EQUAL_FATAL(set_cpus_allowed(spent, 2UL), 0);
	spent->counter = 0;
	set_task_state(p, TASK_INTERRUPTIBLE);

	write_lock(&tasklist_lock);
	err = pthread_create(&c.thread, NULL, schedule_fn, &c);
	/* until schedule(1) has dequeued p and let go of CPU 1's lock */
	do {
		sched_yield();
		rq = task_rq_lock(p);
		queued = task_queued(p);
		task_rq_unlock(rq);
	} while (!err && queued);
	if (!err) {
		CU_ASSERT_EQUAL(try_to_wake_up(p, 0, 0), 1);
		CU_ASSERT_PTR_EQUAL(cpu_curr(1), p);
		CU_ASSERT_PTR_EQUAL(cpu_rq(1)->goodness.curr, p);
		clear_tsk_need_resched(cpu_rq(0)->idle);
		jiffies++; /* IDLE_REBALANCE_TICK is 1 at HZ=1000 */
		scheduler_tick(0, 1);
		CU_ASSERT_FALSE(test_tsk_need_resched(cpu_rq(0)->idle));
	}
	write_unlock(&tasklist_lock);
	CU_ASSERT_EQUAL_FATAL(err, 0);
	pthread_join(c.thread, NULL);
	/* the recalculation gave p 20 + 41 ticks, spent 41: p runs on */
	CU_ASSERT_PTR_EQUAL(c.next, p);
	CU_ASSERT_EQUAL(p->counter, 61);
	CU_ASSERT_EQUAL(spent->counter, 41);
	SCHED_CHECK();
	machine_down();
}

/* ------------------------------------------- process tree under threads */

#define TREE_STEPS 1200

struct tree_worker {
	pthread_t thread;
	int cpu;
	unsigned int seed;
	unsigned long forks, exits, reaped, errors, moves;
};

static void *tree_worker_fn(void *arg)
{
	struct tree_worker *w = arg;
	struct task_struct *curr, *child;
	unsigned long flags;
	int step, op;
	pid_t pid;

	for (step = 0; step < TREE_STEPS; step++) {
		pthread_barrier_wait(&lockstep_barrier);
		if (w->cpu == 0)
			jiffies++;
		pthread_barrier_wait(&lockstep_barrier);

		scheduler_tick(w->cpu, 1);
		curr = cpu_curr(w->cpu);
		op = rand_r(&w->seed) % 10;
		if (curr != cpu_rq(w->cpu)->idle && op < 3 && nr_tasks() < 80) {
			flags = rand_r(&w->seed) % 3 ? SIGCHLD : CLONE_DETACHED;
			if (rand_r(&w->seed) % 4 == 0)
				flags |= CLONE_THREAD;
			if (do_fork(curr, flags, "kid", &child) == 0) {
				w->forks++;
				if (wake_up_forked_process(child, w->cpu))
					w->errors++;
			}
		} else if (curr != cpu_rq(w->cpu)->idle && op == 3 &&
			   curr != child_reaper) {
			if (do_exit(curr, step) == 0)
				w->exits++;
			schedule(w->cpu);
		} else if (op == 4) {
			pid = sys_wait4(child_reaper, -1, NULL);
			if (pid > 0)
				w->reaped++;
		} else if (op == 5 && curr != cpu_rq(w->cpu)->idle) {
			sys_wait4(curr, -1, NULL);
		} else if (op == 6) {
			sys_sched_yield(w->cpu);
		} else if (op == 7 && curr != cpu_rq(w->cpu)->idle) {
			/*
			 * Only this worker exits its current task, and it
			 * is blocked here until the move is done: curr
			 * cannot be freed under us.
			 */
			if (set_cpus_allowed(
				    curr,
				    1 + rand_r(&w->seed) %
						    ((1UL << LOCKSTEP_CPUS) -
						     1)))
				w->errors += !(curr->flags & PF_EXITING);
			else
				w->moves++;
		}
		if (test_tsk_need_resched(cpu_curr(w->cpu)))
			schedule(w->cpu);
	}
	return NULL;
}

static void test_tree_under_threads(void)
{
	struct tree_worker w[LOCKSTEP_CPUS];
	unsigned long forks = 0, exits = 0, errors = 0, moves = 0;
	long live = kmalloc_live();
	int i;

	machine_up(LOCKSTEP_CPUS);
	cache_decay_ticks = 1;
	for (i = 0; i < 8; i++)
		new_task_on("root", i % 5 - 2, i % LOCKSTEP_CPUS);
	CU_ASSERT_EQUAL_FATAL(pthread_barrier_init(&lockstep_barrier, NULL,
						   LOCKSTEP_CPUS),
			      0);
	for (i = 0; i < LOCKSTEP_CPUS; i++) {
		memset(&w[i], 0, sizeof(w[i]));
		w[i].cpu = i;
		w[i].seed = 31 * i + 5;
		CU_ASSERT_EQUAL_FATAL(pthread_create(&w[i].thread, NULL,
						     tree_worker_fn, &w[i]),
				      0);
	}
	for (i = 0; i < LOCKSTEP_CPUS; i++) {
		pthread_join(w[i].thread, NULL);
		forks += w[i].forks;
		exits += w[i].exits;
		errors += w[i].errors;
		moves += w[i].moves;
	}
	pthread_barrier_destroy(&lockstep_barrier);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(sched_nr_running_total(), queued_by_list());
	CU_ASSERT_EQUAL(errors, 0UL);
	CU_ASSERT(moves > 20);
	CU_ASSERT(forks > 20);
	CU_ASSERT(exits > 5);
	machine_down();
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static CU_TestInfo migration_thread_tests[] = {
	{ "migration queue served newest first", test_migration_queue_lifo },
	{ "a stale request is served", test_stale_request_is_served },
	{ "exit and reap with a migration request pending",
	  test_exit_with_pending_migration },
	{ "current exits detached with a request pending",
	  test_current_exit_with_pending_migration },
	{ "teardown serves a queued request",
	  test_teardown_serves_pending_request },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo double_rq_lock_tests[] = {
	{ "double_rq_lock takes the lower address first",
	  test_double_rq_lock_order },
	{ "double_rq_lock and load_balance hammer",
	  test_double_lock_and_balance_hammer },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo scheduler_tick_tests[] = {
	{ "lockstep machine, one pthread per CPU", test_lockstep_machine },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo sched_init_class_tests[] = {
	{ "lockstep machine, every class", test_lockstep_every_class },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo setscheduler_tests[] = {
	{ "goodness: a take-over meets a move to rt",
	  test_takeover_meets_setscheduler },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo try_to_wake_up_tests[] = {
	{ "goodness: woken before it is switched out",
	  test_woken_before_switched_out },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo do_exit_tests[] = {
	{ "fork, exit and wait from every CPU", test_tree_under_threads },
	CU_TEST_INFO_NULL,
};

/*
 * "sched/threads/...": the runner's --threaded selects these.  Each tears
 * down a machine that a failed fatal assertion left up.
 */
KTEST_SUITE("sched/threads/migration_thread", migration_thread_tests, NULL,
	    machine_cleanup)
KTEST_SUITE("sched/threads/double_rq_lock", double_rq_lock_tests, NULL,
	    machine_cleanup)
KTEST_SUITE("sched/threads/scheduler_tick", scheduler_tick_tests, NULL,
	    machine_cleanup)
KTEST_SUITE("sched/threads/sched_init_class", sched_init_class_tests, NULL,
	    machine_cleanup)
KTEST_SUITE("sched/threads/setscheduler", setscheduler_tests, NULL,
	    machine_cleanup)
KTEST_SUITE("sched/threads/try_to_wake_up", try_to_wake_up_tests, NULL,
	    machine_cleanup)
KTEST_SUITE("sched/threads/do_exit", do_exit_tests, NULL, machine_cleanup)
