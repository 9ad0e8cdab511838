// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_exit.c - the process tree of sched/exit.c: fork
 * linkage, thread groups, ptrace lists, exit_notify (reaper choice,
 * pdeath_signal, zombie notification), release and wait; plus a seeded
 * random soak of the whole scheduler with both checkers after each step.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
#include "sched/sched.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/report.h"
#include "tests/sched/sched_test.h"

static struct task_struct *fork_ok(struct task_struct *parent,
				   unsigned long flags, const char *comm)
{
	struct task_struct *c = NULL;

	CU_ASSERT_EQUAL_FATAL(do_fork(parent, flags, comm, &c), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	return c;
}

static bool sig_recorded(const struct task_struct *p, int sig)
{
	return (p->signal_mask >> sig) & 1;
}

static void test_fork_linkage(void)
{
	struct task_struct *a, *b, *c, *t, *s;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	CU_ASSERT_PTR_EQUAL(a->parent, child_reaper);
	CU_ASSERT_PTR_EQUAL(a->real_parent, child_reaper);
	CU_ASSERT_EQUAL(a->pid, 2);
	CU_ASSERT_EQUAL(a->tgid, 2);
	b = fork_ok(a, SIGCHLD, "b");
	c = fork_ok(a, SIGCHLD, "c");
	SCHED_CHECK();
	/* a->children: head -> b -> c -> head */
	CU_ASSERT_PTR_EQUAL(a->children.next, &b->sibling);
	CU_ASSERT_PTR_EQUAL(b->sibling.next, &c->sibling);
	CU_ASSERT_PTR_EQUAL(c->sibling.next, &a->children);
	CU_ASSERT_PTR_EQUAL(a->children.prev, &c->sibling);
	CU_ASSERT_PTR_EQUAL(b->parent, a);
	CU_ASSERT_PTR_EQUAL(b->real_parent, a);
	CU_ASSERT_EQUAL(b->exit_signal, SIGCHLD);
	/* task list tail */
	CU_ASSERT_PTR_EQUAL(init_task->tasks.prev, &c->tasks);
	CU_ASSERT_PTR_EQUAL(find_task_by_pid(c->pid), c);
	CU_ASSERT_PTR_NULL(find_task_by_pid(999));

	/* a thread shares the group id and joins the ring */
	t = fork_ok(a, SIGCHLD | CLONE_THREAD, "t");
	CU_ASSERT_EQUAL(t->tgid, a->tgid);
	CU_ASSERT_PTR_EQUAL(next_thread(a), t);
	CU_ASSERT_PTR_EQUAL(next_thread(t), a);
	CU_ASSERT_PTR_EQUAL(next_thread(b), b);
	/* CLONE_PARENT: a sibling of the forker */
	s = fork_ok(b, SIGCHLD | CLONE_PARENT, "s");
	CU_ASSERT_PTR_EQUAL(s->parent, a);
	CU_ASSERT_EQUAL(fork_ok(a, CLONE_DETACHED, "d")->exit_signal, -1);
	/* the largest exit signal a clone names, in task_struct's 16 bits */
	CU_ASSERT_EQUAL(fork_ok(a, CSIGNAL, "x")->exit_signal, 255);
	CU_ASSERT_EQUAL(nr_tasks(), 2 + 7);
	SCHED_CHECK();
	machine_down();
}

/*
 * copy_process() links a new thread right after its creator
 * (list_add(&p->thread_group, &current->thread_group)): a forks t1,
 * then t2 (a -> t2 -> t1), then t1 forks t3 (a -> t2 -> t1 -> t3).
 */
static void test_thread_group_order(void)
{
	struct task_struct *a, *t1, *t2, *t3;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	t1 = fork_ok(a, SIGCHLD | CLONE_THREAD, "t1");
	t2 = fork_ok(a, SIGCHLD | CLONE_THREAD, "t2");
	t3 = fork_ok(t1, SIGCHLD | CLONE_THREAD, "t3");
	CU_ASSERT_PTR_EQUAL(a->links->thread_group.next,
			    &t2->links->thread_group);
	CU_ASSERT_PTR_EQUAL(t2->links->thread_group.next,
			    &t1->links->thread_group);
	CU_ASSERT_PTR_EQUAL(t1->links->thread_group.next,
			    &t3->links->thread_group);
	CU_ASSERT_PTR_EQUAL(t3->links->thread_group.next,
			    &a->links->thread_group);
	CU_ASSERT_PTR_EQUAL(a->links->thread_group.prev,
			    &t3->links->thread_group);
	CU_ASSERT_PTR_EQUAL(t3->links->thread_group.prev,
			    &t1->links->thread_group);
	CU_ASSERT_PTR_EQUAL(t1->links->thread_group.prev,
			    &t2->links->thread_group);
	CU_ASSERT_PTR_EQUAL(t2->links->thread_group.prev,
			    &a->links->thread_group);
	CU_ASSERT_PTR_EQUAL(next_thread(t3), a);
	CU_ASSERT_EQUAL(t3->tgid, a->pid);
	/* t3 is t1's child, the others a's */
	CU_ASSERT_PTR_EQUAL(t3->parent, t1);
	CU_ASSERT_PTR_EQUAL(t2->parent, a);
	SCHED_CHECK();
	machine_down();
}

/*
 * CLONE_PARENT from init is refused: 2.5.33 gave the child init's parent,
 * the idle task, which never reaps it.  Nothing is linked or allocated.
 */
static void test_clone_parent_from_init(void)
{
	struct task_struct *c = NULL;
	size_t nr, nr_idle;
	long live;

	machine_up(1);
	live = kmalloc_live();
	nr = list_count_nodes(&child_reaper->children);
	nr_idle = list_count_nodes(&init_task->children);
	CU_ASSERT_EQUAL(do_fork(child_reaper, SIGCHLD | CLONE_PARENT, "c", &c),
			-EINVAL);
	CU_ASSERT_PTR_NULL(c);
	CU_ASSERT_EQUAL(list_count_nodes(&child_reaper->children), nr);
	CU_ASSERT_EQUAL(list_count_nodes(&init_task->children), nr_idle);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	/* a plain fork from init is still fine */
	c = fork_ok(child_reaper, SIGCHLD, "c");
	CU_ASSERT_PTR_EQUAL(c->real_parent, child_reaper);
	SCHED_CHECK();
	machine_down();
}

/*
 * CLONE_PARENT from a traced task: the child is its grandparent's,
 * untraced.  2.5.33 took the forker's parent, i.e. its tracer, as the
 * child's parent while leaving it untraced (no ptrace_list link); the
 * port keeps parent == real_parent for an untraced task.
 */
static void test_clone_parent_of_traced_task(void)
{
	struct task_struct *g, *b, *t, *s;

	machine_up(1);
	g = sched_new_task("g", 0, SCHED_OTHER, 0);
	b = fork_ok(g, SIGCHLD, "b");
	t = sched_new_task("tracer", 0, SCHED_OTHER, 0);
	CU_ASSERT_EQUAL(ptrace_attach(t, b), 0);
	s = fork_ok(b, SIGCHLD | CLONE_PARENT, "s");
	CU_ASSERT_PTR_EQUAL(s->real_parent, g);
	CU_ASSERT_PTR_EQUAL(s->parent, g);
	CU_ASSERT_EQUAL(s->ptrace, 0UL);
	CU_ASSERT_PTR_EQUAL(g->children.prev, &s->sibling);
	CU_ASSERT_PTR_EQUAL(t->children.next, &b->sibling);
	CU_ASSERT_PTR_EQUAL(b->sibling.next, &t->children);
	SCHED_CHECK();
	machine_down();
}

static void test_ptrace_lists(void)
{
	struct task_struct *a, *b, *t, *th;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	b = fork_ok(a, SIGCHLD, "b");
	t = sched_new_task("tracer", 0, SCHED_OTHER, 0);
	th = fork_ok(t, SIGCHLD | CLONE_THREAD, "thr");

	CU_ASSERT_EQUAL(ptrace_attach(t, t), -EPERM);
	CU_ASSERT_EQUAL(ptrace_attach(t, child_reaper), -EPERM);
	CU_ASSERT_EQUAL(ptrace_attach(t, init_task), -EPERM);
	CU_ASSERT_EQUAL(ptrace_attach(t, th), -EPERM); /* own group */
	CU_ASSERT_EQUAL(ptrace_detach(b), -EINVAL);

	CU_ASSERT_EQUAL(ptrace_attach(t, b), 0);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(b->parent, t);
	CU_ASSERT_PTR_EQUAL(b->real_parent, a);
	CU_ASSERT_TRUE(list_empty(&a->children));
	CU_ASSERT_FATAL(a->links && b->links);
	CU_ASSERT_PTR_EQUAL(a->links->task, a);
	CU_ASSERT_PTR_EQUAL(b->links->task, b);
	CU_ASSERT_PTR_EQUAL(a->links->ptrace_children.next,
			    &b->links->ptrace_list);
	CU_ASSERT_PTR_EQUAL(b->links->ptrace_list.next,
			    &a->links->ptrace_children);
	/* the tracer's links are its thread group's, no ptrace child */
	CU_ASSERT_FATAL(t->links != NULL);
	CU_ASSERT_TRUE(list_empty(&t->links->ptrace_children));
	CU_ASSERT_PTR_EQUAL(t->links->thread_group.next,
			    &th->links->thread_group);
	CU_ASSERT_PTR_EQUAL(t->children.prev, &b->sibling);
	CU_ASSERT_EQUAL(ptrace_attach(a, b), -EBUSY);

	CU_ASSERT_EQUAL(ptrace_detach(b), 0);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(b->parent, a);
	CU_ASSERT_PTR_NULL(a->links);
	CU_ASSERT_PTR_NULL(b->links);
	CU_ASSERT_PTR_EQUAL(a->children.next, &b->sibling);
	CU_ASSERT_EQUAL(b->ptrace, 0UL);

	/* the real parent tracing its own child: no ptrace_list link */
	CU_ASSERT_EQUAL(ptrace_attach(a, b), 0);
	CU_ASSERT_PTR_NULL(b->links);
	CU_ASSERT_PTR_EQUAL(b->parent, a);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(ptrace_detach(b), 0);
	SCHED_CHECK();
	machine_down();
}

/*
 * ptrace_attach() by an outside tracer allocates two struct task_links
 * (the tracee's, then its real parent's); failing either gives -ENOMEM
 * with nothing changed and nothing kept: no links, the tracee still its
 * real parent's child, untraced.  The third try succeeds.
 */
static void test_ptrace_attach_fails_every_allocation(void)
{
	struct task_struct *a, *b, *t;
	unsigned long n;
	long live;
	int ret;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	b = fork_ok(a, SIGCHLD, "b");
	t = sched_new_task("tracer", 0, SCHED_OTHER, 0);
	live = kmalloc_live();
	for_each_alloc_failure(n, ret = ptrace_attach(t, b)) {
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_PTR_NULL(a->links);
		CU_ASSERT_PTR_NULL(b->links);
		CU_ASSERT_PTR_EQUAL(b->parent, a);
		CU_ASSERT_EQUAL(b->ptrace, 0U);
		CU_ASSERT_PTR_EQUAL(a->children.next, &b->sibling);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		SCHED_CHECK();
	}
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_EQUAL(n, 3UL);
	CU_ASSERT_EQUAL(kmalloc_live(), live + 2);
	CU_ASSERT_PTR_EQUAL(b->parent, t);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(ptrace_detach(b), 0);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	SCHED_CHECK();
	machine_down();
}

/*
 * do_fork() with CLONE_THREAD allocates the new thread's links and, the
 * first time, its creator's: failing either (or the task_struct before
 * them) gives -ENOMEM with nothing kept, the creator's links included.
 * Once the thread is reaped, the creator is alone again and its links go.
 */
static void test_thread_fork_fails_every_allocation(void)
{
	struct task_struct *a, *t = NULL;
	unsigned long n;
	long live;
	int ret, nr;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	CU_ASSERT_PTR_NULL(a->links);
	nr = nr_tasks();
	live = kmalloc_live();
	for_each_alloc_failure(n, ret = do_fork(a, SIGCHLD | CLONE_THREAD, "t",
						&t)) {
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_PTR_NULL(a->links);
		CU_ASSERT_PTR_EQUAL(next_thread(a), a);
		CU_ASSERT_EQUAL(nr_tasks(), nr);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		SCHED_CHECK();
	}
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT(n > 2 && n < 20);
	CU_ASSERT_FATAL(t && a->links && t->links);
	CU_ASSERT_PTR_EQUAL(next_thread(a), t);
	CU_ASSERT_PTR_EQUAL(next_thread(t), a);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(wake_up_forked_process(t, 0), 0);
	CU_ASSERT_EQUAL(do_exit(t, 0), 0);
	WAIT_REAPS(a, -1, NULL, t);
	CU_ASSERT_PTR_NULL(a->links);
	CU_ASSERT_PTR_EQUAL(next_thread(a), a);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	SCHED_CHECK();
	machine_down();
}

/*
 * A real parent's links stay while any of its children is traced away
 * and go with the last; a tracee that is also a real parent of a traced
 * child keeps its own until both lists are empty.
 */
static void test_ptrace_links_lifetime(void)
{
	struct task_struct *a, *b, *c, *g, *t;
	long live;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	b = fork_ok(a, SIGCHLD, "b");
	c = fork_ok(a, SIGCHLD, "c");
	g = fork_ok(b, SIGCHLD, "g");
	t = sched_new_task("tracer", 0, SCHED_OTHER, 0);
	live = kmalloc_live();
	CU_ASSERT_EQUAL(ptrace_attach(t, b), 0);
	CU_ASSERT_EQUAL(ptrace_attach(t, c), 0);
	CU_ASSERT_EQUAL(ptrace_attach(t, g), 0);
	/* a, b, c and g: one each, b's serving both lists */
	CU_ASSERT_EQUAL(kmalloc_live(), live + 4);
	CU_ASSERT_EQUAL(list_count_nodes(&a->links->ptrace_children), 2U);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(ptrace_detach(b), 0);
	CU_ASSERT_PTR_NOT_NULL(a->links);
	CU_ASSERT_PTR_NOT_NULL(b->links); /* g is traced away */
	CU_ASSERT_EQUAL(kmalloc_live(), live + 4);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(ptrace_detach(c), 0);
	CU_ASSERT_PTR_NULL(a->links);
	CU_ASSERT_PTR_NULL(c->links);
	CU_ASSERT_EQUAL(ptrace_detach(g), 0);
	CU_ASSERT_PTR_NULL(b->links);
	CU_ASSERT_PTR_NULL(g->links);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	SCHED_CHECK();
	/* taken down while tracing: the links go with the tasks */
	CU_ASSERT_EQUAL(ptrace_attach(t, c), 0);
	machine_down();
}

/*
 * forget_original_parent() picks next_thread(father) onwards, skipping
 * exiting threads.  The leader forks t1 then t2, each right after itself
 * (copy_process' list_add), so the ring is l -> t2 -> t1 -> l.
 */
static void test_reaper_choice(void)
{
	struct task_struct *l, *t1, *t2, *k1, *k2;

	machine_up(1);
	l = sched_new_task("leader", 0, SCHED_OTHER, 0);
	k1 = fork_ok(l, SIGCHLD, "k1");
	t1 = fork_ok(l, SIGCHLD | CLONE_THREAD, "t1");
	t2 = fork_ok(l, SIGCHLD | CLONE_THREAD, "t2");
	k2 = fork_ok(l, SIGCHLD, "k2");
	k1->pdeath_signal = SIGUSR1;
	CU_ASSERT_PTR_EQUAL(next_thread(l), t2);
	CU_ASSERT_PTR_EQUAL(next_thread(t2), t1);

	/* l exits: t2, the next thread, inherits l's children */
	CU_ASSERT_EQUAL(do_exit(l, 7), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(l->state, TASK_ZOMBIE);
	CU_ASSERT_TRUE(list_empty(&l->children));
	/* its links hold its group's ring still, no ptrace child */
	CU_ASSERT_FATAL(l->links != NULL);
	CU_ASSERT_TRUE(list_empty(&l->links->ptrace_children));
	CU_ASSERT_PTR_EQUAL(k1->real_parent, t2);
	CU_ASSERT_PTR_EQUAL(k1->parent, t2);
	CU_ASSERT_PTR_EQUAL(k2->real_parent, t2);
	CU_ASSERT_PTR_EQUAL(t1->real_parent, t2);
	/* t2 was itself a child of l: never its own reaper, so init */
	CU_ASSERT_PTR_EQUAL(t2->real_parent, child_reaper);
	/* t2's children, in l's order: k1, t1, k2 */
	CU_ASSERT_PTR_EQUAL(t2->children.next, &k1->sibling);
	CU_ASSERT_PTR_EQUAL(k1->sibling.next, &t1->sibling);
	CU_ASSERT_PTR_EQUAL(t1->sibling.next, &k2->sibling);
	CU_ASSERT_PTR_EQUAL(k2->sibling.next, &t2->children);
	/* pdeath_signal exactly once */
	CU_ASSERT_EQUAL(k1->nr_signals, 1U);
	CU_ASSERT_TRUE(sig_recorded(k1, SIGUSR1));
	CU_ASSERT_EQUAL(k2->nr_signals, 0U);
	/* the zombie leader notified its parent (init) */
	CU_ASSERT_TRUE(sig_recorded(child_reaper, SIGCHLD));
	CU_ASSERT_EQUAL(do_exit(l, 0), -EINVAL);

	/* t2 exits: next_thread(t2) is t1, alive; t1 is t2's child, so
	 * init takes t1 and t1 takes k1 and k2 */
	CU_ASSERT_EQUAL(do_exit(t2, 0), 0);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(k1->real_parent, t1);
	CU_ASSERT_PTR_EQUAL(k2->parent, t1);
	CU_ASSERT_PTR_EQUAL(t1->real_parent, child_reaper);
	CU_ASSERT_EQUAL(k1->nr_signals, 2U);
	/* t1 exits: l and t2 are exiting, so init */
	CU_ASSERT_EQUAL(do_exit(t1, 0), 0);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(k1->real_parent, child_reaper);
	CU_ASSERT_PTR_EQUAL(k2->parent, child_reaper);
	CU_ASSERT_EQUAL(k1->nr_signals, 3U);

	CU_ASSERT_EQUAL(do_exit(child_reaper, 0), -EPERM);
	CU_ASSERT_EQUAL(do_exit(init_task, 0), -EPERM);
	CU_ASSERT_EQUAL(do_exit(cpu_rq(0)->idle, 0), -EPERM);
	machine_down();
}

/*
 * reparent_thread() sets every reparented child's exit_signal to
 * SIGCHLD, a detached one included: it then exits as a zombie that its
 * new parent reaps.  A detached child whose parent lives on stays -1.
 */
static void test_reparent_detached_child(void)
{
	struct task_struct *a, *d, *e, *l, *t, *k, *tr;
	unsigned int before;
	int tasks, code = -1;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	d = fork_ok(a, CLONE_DETACHED, "d");
	e = fork_ok(a, CLONE_DETACHED, "e");
	tr = sched_new_task("tracer", 0, SCHED_OTHER, 0);
	CU_ASSERT_EQUAL(ptrace_attach(tr, e), 0); /* on a's ptrace list */
	CU_ASSERT_EQUAL(d->exit_signal, -1);

	CU_ASSERT_EQUAL(do_exit(a, 0), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(d->exit_signal, SIGCHLD);
	CU_ASSERT_EQUAL(e->exit_signal, SIGCHLD);
	CU_ASSERT_PTR_EQUAL(d->real_parent, child_reaper);
	CU_ASSERT_PTR_EQUAL(d->parent, child_reaper);

	/* d now exits as a zombie, tells init, and init reaps it */
	tasks = nr_tasks();
	before = child_reaper->nr_signals;
	CU_ASSERT_EQUAL(do_exit(d, 3), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(d->state, TASK_ZOMBIE);
	CU_ASSERT_EQUAL(nr_tasks(), tasks);
	CU_ASSERT_EQUAL(child_reaper->nr_signals, before + 1);
	WAIT_REAPS(child_reaper, d->pid, &code, d);
	CU_ASSERT_EQUAL(code, 3);
	CU_ASSERT_EQUAL(nr_tasks(), tasks - 1);

	/* reparented to a sibling thread: that thread reaps it */
	l = sched_new_task("l", 0, SCHED_OTHER, 0);
	t = fork_ok(l, SIGCHLD | CLONE_THREAD, "t");
	k = fork_ok(l, CLONE_DETACHED, "k");
	CU_ASSERT_EQUAL(do_exit(l, 0), 0);
	CU_ASSERT_PTR_EQUAL(k->parent, t);
	CU_ASSERT_EQUAL(k->exit_signal, SIGCHLD);
	CU_ASSERT_EQUAL(do_exit(k, 0), 0);
	CU_ASSERT_TRUE(sig_recorded(t, SIGCHLD));
	WAIT_REAPS(t, -1, NULL, k);
	SCHED_CHECK();
	machine_down();
}

static void test_zombie_notifies_new_parent_once(void)
{
	struct task_struct *g, *f, *k1, *k2;
	unsigned int g_before, init_before;
	int code = -1;

	machine_up(1);
	g = sched_new_task("grand", 0, SCHED_OTHER, 0);
	f = fork_ok(g, SIGCHLD, "father");
	k1 = fork_ok(f, SIGCHLD, "k1");
	k2 = fork_ok(f, SIGCHLD, "k2");
	CU_ASSERT_EQUAL(do_exit(k1, 42), 0); /* zombie, not reaped */
	CU_ASSERT_TRUE(sig_recorded(f, SIGCHLD));
	g_before = g->nr_signals;
	init_before = child_reaper->nr_signals;

	CU_ASSERT_EQUAL(do_exit(f, 0), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(g->nr_signals, g_before + 1); /* f itself */
	CU_ASSERT_EQUAL(child_reaper->nr_signals, init_before + 1); /* k1 */
	CU_ASSERT_PTR_EQUAL(k1->parent, child_reaper);
	CU_ASSERT_PTR_EQUAL(k2->parent, child_reaper);

	/* init reaps k1; g reaps f */
	WAIT_REAPS(child_reaper, k1->pid, &code, k1);
	CU_ASSERT_EQUAL(code, 42);
	WAIT_REAPS(g, -1, NULL, f);
	CU_ASSERT_EQUAL(sys_wait4(g, -1, NULL), -ECHILD);
	CU_ASSERT_EQUAL(sys_wait4(child_reaper, k2->pid, NULL), 0);
	SCHED_CHECK();
	machine_down();
}

/*
 * zap_thread() unlinks every child from ptrace and clears ptrace, an
 * outside tracer's child too: when the real parent exits, the tracer
 * loses its tracee, which goes to the reaper untraced.
 */
static void test_traced_children_across_exit(void)
{
	struct task_struct *a, *f, *k, *t, *x, *z;
	unsigned int t_before, init_before;

	machine_up(1);
	f = sched_new_task("father", 0, SCHED_OTHER, 0);
	k = fork_ok(f, SIGCHLD, "k");
	z = fork_ok(f, SIGCHLD, "z");
	t = sched_new_task("tracer", 0, SCHED_OTHER, 0);
	CU_ASSERT_EQUAL(ptrace_attach(t, k), 0);
	CU_ASSERT_EQUAL(ptrace_attach(t, z), 0);
	/* z exits traced: a zombie its tracer was told about */
	CU_ASSERT_EQUAL(do_exit(z, 4), 0);
	CU_ASSERT_TRUE(sig_recorded(t, SIGCHLD));
	t_before = t->nr_signals;
	init_before = child_reaper->nr_signals;

	/* the real parent exits: tracing of k and z ends, both go to init */
	CU_ASSERT_EQUAL(do_exit(f, 0), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(k->ptrace, 0UL);
	CU_ASSERT_EQUAL(z->ptrace, 0UL);
	CU_ASSERT_PTR_EQUAL(k->parent, child_reaper);
	CU_ASSERT_PTR_EQUAL(k->real_parent, child_reaper);
	CU_ASSERT_PTR_EQUAL(z->parent, child_reaper);
	CU_ASSERT_TRUE(list_empty(&t->children));
	CU_ASSERT_PTR_NULL(k->links);
	CU_ASSERT_PTR_NULL(z->links);
	CU_ASSERT_PTR_NULL(f->links);
	CU_ASSERT_PTR_NULL(child_reaper->links);
	/* at init's tail in f's ptrace_children order (newest first: z, k) */
	CU_ASSERT_PTR_EQUAL(child_reaper->children.prev, &k->sibling);
	CU_ASSERT_PTR_EQUAL(k->sibling.prev, &z->sibling);
	/* f itself and the zombie z notified init; the tracer heard nothing */
	CU_ASSERT_EQUAL(child_reaper->nr_signals, init_before + 2);
	CU_ASSERT_EQUAL(t->nr_signals, t_before);
	CU_ASSERT_EQUAL(sys_wait4(t, -1, NULL), -ECHILD);
	WAIT_REAPS(child_reaper, z->pid, NULL, z);
	CU_ASSERT_EQUAL(sys_wait4(child_reaper, k->pid, NULL), 0);

	/* the tracer exits: tracing ends; kept 2.5.33 quirk: the tracee's
	 * real parent becomes the tracer's reaper */
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	x = fork_ok(a, SIGCHLD, "x");
	CU_ASSERT_EQUAL(ptrace_attach(t, x), 0);
	CU_ASSERT_EQUAL(do_exit(t, 0), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(x->ptrace, 0UL);
	CU_ASSERT_PTR_EQUAL(x->parent, child_reaper);
	CU_ASSERT_PTR_EQUAL(x->real_parent, child_reaper);
	CU_ASSERT_PTR_NULL(a->links);
	CU_ASSERT_PTR_NULL(child_reaper->links);
	CU_ASSERT_TRUE(list_empty(&t->children));
	machine_down();
}

static void test_wait_traced_zombie_hands_back(void)
{
	struct task_struct *a, *b, *t;
	unsigned int before;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	b = fork_ok(a, SIGCHLD, "b");
	t = sched_new_task("tracer", 0, SCHED_OTHER, 0);
	CU_ASSERT_EQUAL(sys_wait4(t, -1, NULL), -ECHILD);
	CU_ASSERT_EQUAL(ptrace_attach(t, b), 0);
	CU_ASSERT_EQUAL(sys_wait4(t, -1, NULL), 0); /* alive */
	CU_ASSERT_EQUAL(do_exit(b, 9), 0);
	SCHED_CHECK();
	before = a->nr_signals;
	WAIT_REAPS(t, -1, NULL, b);
	SCHED_CHECK();
	/* not freed: back with its real parent, which is told */
	CU_ASSERT_PTR_EQUAL(b->parent, a);
	CU_ASSERT_EQUAL(a->nr_signals, before + 1);
	WAIT_REAPS(a, b->pid, NULL, b);
	CU_ASSERT_EQUAL(sys_wait4(a, -1, NULL), -ECHILD);
	SCHED_CHECK();
	machine_down();
}

/*
 * sys_wait4() scans the waiter's children, then those of every other
 * thread of its group in next_thread() order: l -> t2 -> t1 here.
 */
static void test_wait_sibling_thread_reaps(void)
{
	struct task_struct *l, *t1, *t2, *z1, *z2, *k;
	int code = -1;

	machine_up(1);
	l = sched_new_task("l", 0, SCHED_OTHER, 0);
	t1 = fork_ok(l, SIGCHLD | CLONE_THREAD, "t1");
	t2 = fork_ok(l, SIGCHLD | CLONE_THREAD, "t2");
	z2 = fork_ok(t1, SIGCHLD, "z2");
	z1 = fork_ok(t2, SIGCHLD, "z1");
	k = fork_ok(t1, SIGCHLD, "k");
	CU_ASSERT_EQUAL(do_exit(z2, 2), 0);
	CU_ASSERT_EQUAL(do_exit(z1, 1), 0);
	SCHED_CHECK();

	/* l's own children (t1, t2) live; t2's z1 comes before t1's z2 */
	WAIT_REAPS(l, -1, &code, z1);
	CU_ASSERT_EQUAL(code, 1);
	WAIT_REAPS(l, -1, &code, z2);
	CU_ASSERT_EQUAL(code, 2);
	/* a thread's live child counts for every thread of the group */
	CU_ASSERT_EQUAL(sys_wait4(t2, -1, NULL), 0);
	CU_ASSERT_EQUAL(sys_wait4(t2, k->pid, NULL), 0);
	CU_ASSERT_EQUAL(do_exit(k, 9), 0);
	WAIT_REAPS(t2, k->pid, &code, k);
	CU_ASSERT_EQUAL(code, 9);
	/* the only children left are t1 and t2, children of l */
	CU_ASSERT_EQUAL(sys_wait4(t1, -1, NULL), 0);
	CU_ASSERT_EQUAL(sys_wait4(t1, 999, NULL), -ECHILD);
	SCHED_CHECK();
	machine_down();
}

/*
 * A sibling thread reaps: sched_exit() gives the unused first slice to
 * the zombie's parent, as from 2.5.35 on (2.5.33 credited the waiter).
 * Slices at HZ 1000, nice 0: l 151; t = (151 + 1) / 2 = 76, l 75;
 * c = (76 + 1) / 2 = 38, t 38; c's 38 go back to t.
 */
static void test_wait_sibling_credits_parent(void)
{
	struct task_struct *l, *t, *c;

	machine_up(1);
	l = sched_new_task("l", 0, SCHED_OTHER, 0);
	CU_ASSERT_EQUAL(l->time_slice, 151U);
	t = fork_ok(l, SIGCHLD | CLONE_THREAD, "t");
	c = fork_ok(t, SIGCHLD, "c");
	CU_ASSERT_EQUAL(l->time_slice, 75U);
	CU_ASSERT_EQUAL(t->time_slice, 38U);
	CU_ASSERT_EQUAL(c->time_slice, 38U);
	CU_ASSERT_EQUAL(do_exit(c, 0), 0);
	WAIT_REAPS(l, -1, NULL, c);
	CU_ASSERT_EQUAL(t->time_slice, 76U);
	CU_ASSERT_EQUAL(l->time_slice, 75U);
	SCHED_CHECK();
	machine_down();
}

/*
 * A detached child that nobody traces is not waited for: with no other
 * child, -ECHILD.  A child traced away (on the waiter's ptrace_children)
 * makes the answer 0 whatever the pid asked for.
 */
static void test_wait_detached_and_traced_away(void)
{
	struct task_struct *a, *b, *d, *t;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	d = fork_ok(a, CLONE_DETACHED, "d");
	CU_ASSERT_EQUAL(sys_wait4(a, -1, NULL), -ECHILD);
	CU_ASSERT_EQUAL(sys_wait4(a, d->pid, NULL), -ECHILD);
	/* traced, it counts again */
	t = sched_new_task("tracer", 0, SCHED_OTHER, 0);
	CU_ASSERT_EQUAL(ptrace_attach(a, d), 0);
	CU_ASSERT_EQUAL(sys_wait4(a, d->pid, NULL), 0);
	CU_ASSERT_EQUAL(ptrace_detach(d), 0);

	b = fork_ok(a, SIGCHLD, "b");
	CU_ASSERT_EQUAL(ptrace_attach(t, b), 0);
	CU_ASSERT_EQUAL(sys_wait4(a, -1, NULL), 0);
	CU_ASSERT_EQUAL(sys_wait4(a, 999, NULL), 0);
	CU_ASSERT_EQUAL(ptrace_detach(b), 0);
	CU_ASSERT_EQUAL(sys_wait4(a, 999, NULL), -ECHILD);
	SCHED_CHECK();
	machine_down();
}

/*
 * No options: every wait is WNOHANG | __WALL, so a clone child (exit
 * signal other than SIGCHLD) is reaped like any other.  No process
 * groups: pid 0 and pid < -1 are refused.
 */
static void test_wait_all_children_no_groups(void)
{
	struct task_struct *a, *b;
	unsigned int before;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	b = fork_ok(a, SIGUSR1, "b");
	CU_ASSERT_EQUAL(sys_wait4(a, 0, NULL), -EINVAL);
	CU_ASSERT_EQUAL(sys_wait4(a, -2, NULL), -EINVAL);
	CU_ASSERT_EQUAL(sys_wait4(NULL, -1, NULL), -EINVAL);
	before = a->nr_signals;
	CU_ASSERT_EQUAL(do_exit(b, 0), 0);
	CU_ASSERT_EQUAL(a->nr_signals, before + 1);
	CU_ASSERT_TRUE(sig_recorded(a, SIGUSR1));
	WAIT_REAPS(a, -1, NULL, b);
	CU_ASSERT_EQUAL(sys_wait4(a, -1, NULL), -ECHILD);
	machine_down();
}

static void test_detached_and_current_exit(void)
{
	struct task_struct *a, *d, *r;
	struct runqueue *rq;
	long live;
	int tasks;

	machine_up(1);
	rq = cpu_rq(0);
	a = new_task_on("a", 0, 0);
	d = fork_ok(a, CLONE_DETACHED, "d");
	tasks = nr_tasks();
	live = kmalloc_live();
	/* not running: released and freed at once */
	CU_ASSERT_EQUAL(do_exit(d, 0), 0);
	CU_ASSERT_EQUAL(nr_tasks(), tasks - 1);
	CU_ASSERT_EQUAL(kmalloc_live(), live - 1);
	SCHED_CHECK();

	/* running and detached: dead, freed when switched out */
	r = fork_ok(a, CLONE_DETACHED, "r");
	wake_up_forked_process(r, 0);
	place_task(r, 0, 110);
	CU_ASSERT_PTR_EQUAL(schedule(0), r);
	live = kmalloc_live();
	CU_ASSERT_EQUAL(do_exit(r, 0), 0);
	CU_ASSERT_EQUAL(r->state, TASK_DEAD);
	CU_ASSERT_TRUE(test_tsk_need_resched(r));
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	CU_ASSERT_EQUAL(kmalloc_live(), live - 1);
	CU_ASSERT_EQUAL(rq->nr_running, 1UL);
	SCHED_CHECK();

	/* running, not detached: zombie leaves the queue at schedule() */
	CU_ASSERT_EQUAL(do_exit(a, 5), 0);
	CU_ASSERT_EQUAL(a->state, TASK_ZOMBIE);
	CU_ASSERT_PTR_NOT_NULL(a->array);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(schedule(0), rq->idle);
	CU_ASSERT_PTR_NULL(a->array);
	CU_ASSERT_EQUAL(rq->nr_running, 0UL);
	WAIT_REAPS(child_reaper, a->pid, NULL, a);
	SCHED_CHECK();
	machine_down();
}

/*
 * A detached task exits traced: not released (2.5.33's release_task()
 * BUG()ed on a traced task), a zombie without notification (exit signal
 * -1) that its tracer reaps and releases.
 */
static void test_detached_traced_exit(void)
{
	struct task_struct *a, *d, *t;
	unsigned int before;
	int tasks;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	d = fork_ok(a, CLONE_DETACHED, "d");
	t = sched_new_task("tracer", 0, SCHED_OTHER, 0);
	CU_ASSERT_EQUAL(ptrace_attach(t, d), 0);
	tasks = nr_tasks();
	before = t->nr_signals;
	CU_ASSERT_EQUAL(do_exit(d, 6), 0);
	SCHED_CHECK();
	CU_ASSERT_EQUAL(nr_tasks(), tasks);
	CU_ASSERT_EQUAL(d->state, TASK_ZOMBIE);
	CU_ASSERT_EQUAL(t->nr_signals, before);
	WAIT_REAPS(t, -1, NULL, d);
	CU_ASSERT_EQUAL(nr_tasks(), tasks - 1);
	CU_ASSERT_PTR_NULL(a->links);
	CU_ASSERT_EQUAL(sys_wait4(a, -1, NULL), -ECHILD);
	SCHED_CHECK();
	machine_down();
}

static void test_teardown_frees_dead_current(void)
{
	struct task_struct *a, *r;
	long live = kmalloc_live();

	machine_up(2);
	a = new_task_on("a", 0, 1);
	r = fork_ok(a, CLONE_DETACHED, "r");
	wake_up_forked_process(r, 1);
	place_task(r, 0, 100);
	CU_ASSERT_PTR_EQUAL(schedule(1), r);
	CU_ASSERT_EQUAL(do_exit(r, 0), 0);
	CU_ASSERT_EQUAL(r->state, TASK_DEAD);
	/* an exiting task cannot be migrated or woken */
	CU_ASSERT_EQUAL(set_cpus_allowed(r, 1UL), -EINVAL);
	CU_ASSERT_EQUAL(wake_up_process(r), 0);
	CU_ASSERT_EQUAL(do_exit(a, 0), 0);
	CU_ASSERT_EQUAL(set_cpus_allowed(a, 1UL), -EINVAL);
	SCHED_CHECK();
	machine_down(); /* frees the dead current task too */
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/* ------------------------------------------------------------- the soak */

#define SOAK_MAX 64

static struct task_struct *soak_tasks[SOAK_MAX];
static int soak_n, soak_released;

static void soak_forget(struct task_struct *p, void *data)
{
	int i;

	(void)data;
	soak_released++;
	for (i = 0; i < soak_n; i++) {
		if (soak_tasks[i] == p) {
			soak_tasks[i] = soak_tasks[--soak_n];
			return;
		}
	}
}

static void soak_add(struct task_struct *p)
{
	if (soak_n < SOAK_MAX)
		soak_tasks[soak_n++] = p;
}

static void test_random_soak(void)
{
	struct sched_hooks hooks = { .release = soak_forget };
	struct task_struct *p, *q, *c;
	int step, cpu, op;
	long live = kmalloc_live();
	unsigned long moved;
	int rt_set = 0;

	machine_up(3);
	sched_set_hooks(&hooks);
	soak_n = 0;
	soak_released = 0;
	srand(2002);
	for (step = 0; step < 4000; step++) {
		cpu = rand() % 3;
		op = rand() % 14;
		p = soak_n ? soak_tasks[rand() % soak_n] : NULL;
		q = soak_n ? soak_tasks[rand() % soak_n] : NULL;
		switch (op) {
		case 0:
			c = sched_new_task("n", rand() % 40 - 20, SCHED_OTHER,
					   0);
			if (c) {
				soak_add(c);
				if (wake_up_forked_process(c, cpu))
					CU_FAIL("wake of a new task failed");
			}
			break;
		case 1:
			if (p && !(p->flags & PF_EXITING) &&
			    do_fork(p,
				    (rand() % 4 ? SIGCHLD : CLONE_DETACHED) |
					    (rand() % 5 ? 0 : CLONE_THREAD),
				    "f", &c) == 0) {
				soak_add(c);
				wake_up_forked_process(c, task_cpu(p));
			}
			break;
		case 2:
		case 3:
		case 4:
			machine_tick();
			break;
		case 5:
			q = cpu_curr(cpu);
			if (q != cpu_rq(cpu)->idle &&
			    !(q->flags & PF_EXITING)) {
				set_task_state(q, rand() % 2 ?
							  TASK_INTERRUPTIBLE :
							  TASK_UNINTERRUPTIBLE);
				schedule(cpu);
			}
			break;
		case 6:
			if (p)
				try_to_wake_up(p, rand() % 2, cpu);
			break;
		case 7:
			if (p && soak_n > 8)
				do_exit(p, step);
			break;
		case 8:
			if (p)
				sys_wait4(p, -1, NULL);
			if (rand() % 2)
				sys_wait4(child_reaper, -1, NULL);
			break;
		case 9:
			if (p && q)
				ptrace_attach(p, q);
			break;
		case 10:
			if (p)
				ptrace_detach(p);
			break;
		case 11:
			if (p && !(p->flags & PF_EXITING))
				set_cpus_allowed(p, (unsigned long)rand() % 8);
			break;
		case 12:
			if (p)
				set_user_nice(p, rand() % 40 - 20);
			if (q)
				p->pdeath_signal = rand() % 2 ? SIGHUP : 0;
			break;
		default:
			if (rand() % 2)
				sys_sched_yield(cpu);
			else if (p && (op = rand() % 3) == SCHED_OTHER)
				setscheduler(p, SCHED_OTHER, 0);
			else if (p) /* FIFO or RR: a valid RT priority */
				rt_set += setscheduler(p, op,
						       1 + rand() % 99) == 0;
			schedule(cpu);
			break;
		}
		CU_ASSERT_FATAL(sched_check());
		CU_ASSERT_FATAL(process_tree_check());
		CU_ASSERT_EQUAL_FATAL(sched_nr_running_total(),
				      queued_by_list());
	}
	/* the soak really exercised exits, balancing and migration */
	moved = 0;
	for (cpu = 0; cpu < 3; cpu++)
		moved += cpu_rq(cpu)->nr_pulled + cpu_rq(cpu)->nr_migrated_in;
	fprintf(stderr, "[soak: %d released, %lu moved, %d live] ",
		soak_released, moved, soak_n);
	CU_ASSERT(soak_released > 20);
	CU_ASSERT(rt_set > 10); /* real-time tasks took part */
	CU_ASSERT(moved > 20);
	sched_set_hooks(NULL);
	machine_down();
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/*
 * The tracer reaping a zombie it only traced hands it back to the real
 * parent with SIGCHLD, whatever exit signal the child chose at clone:
 * 2.5.33's wait4 always sent SIGCHLD there.
 */
static void test_hand_back_sends_sigchld(void)
{
	struct task_struct *a, *b, *t;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	b = fork_ok(a, SIGUSR1, "b");
	CU_ASSERT_EQUAL(b->exit_signal, SIGUSR1);
	t = sched_new_task("tracer", 0, SCHED_OTHER, 0);
	CU_ASSERT_EQUAL(ptrace_attach(t, b), 0);
	CU_ASSERT_EQUAL(do_exit(b, 0), 0);
	/* the exit itself notifies the tracer with the chosen signal */
	CU_ASSERT_TRUE(sig_recorded(t, SIGUSR1));
	CU_ASSERT_EQUAL(a->nr_signals, 0U);
	WAIT_REAPS(t, -1, NULL, b);
	SCHED_CHECK();
	CU_ASSERT_PTR_EQUAL(b->parent, a);
	CU_ASSERT_EQUAL(a->nr_signals, 1U);
	CU_ASSERT_TRUE(sig_recorded(a, SIGCHLD));
	CU_ASSERT_FALSE(sig_recorded(a, SIGUSR1));
	WAIT_REAPS(a, b->pid, NULL, b);
	SCHED_CHECK();
	machine_down();
}

/*
 * process_tree_check() reports each corruption, naming this file's line;
 * each is put back, and the tree passes again
 */
static void test_process_tree_check_reports(void)
{
	struct task_struct *a, *b, *c, *t;
	struct task_links spare;
	struct list_head *prev;
	long state;

	machine_up(1);
	a = sched_new_task("a", 0, SCHED_OTHER, 0);
	b = fork_ok(a, SIGCHLD, "b");
	c = fork_ok(a, SIGCHLD, "c");
	t = fork_ok(a, SIGCHLD | CLONE_THREAD, "t");
	SCHED_CHECK();
	b->parent = b;
	EXPECT_CHECK_FAILS(process_tree_check(), "process_tree_check");
	expect_detail(": task 3 on children of 2, parent 3");
	b->parent = c;
	EXPECT_CHECK_FAILS(process_tree_check(), "process_tree_check");
	expect_detail(": task 3 on children of 2, parent 4");
	b->parent = a;
	t->tgid = 99;
	EXPECT_CHECK_FAILS(process_tree_check(), "process_tree_check");
	expect_detail(": task 5 (tgid 99) in group 2");
	t->tgid = a->tgid;
	/* links that are another task's, links that serve no list */
	a->links->task = b;
	EXPECT_CHECK_FAILS(process_tree_check(), "process_tree_check");
	expect_detail(": task 2: links of another task");
	a->links->task = a;
	INIT_LIST_HEAD(&spare.ptrace_children);
	INIT_LIST_HEAD(&spare.ptrace_list);
	INIT_LIST_HEAD(&spare.thread_group);
	spare.task = c;
	c->links = &spare;
	EXPECT_CHECK_FAILS(process_tree_check(), "process_tree_check");
	expect_detail(": task 4: links kept unused");
	c->links = NULL;
	state = b->state;
	b->state = TASK_DEAD;
	EXPECT_CHECK_FAILS(process_tree_check(), "process_tree_check");
	expect_detail(": released task 3 on task list");
	b->state = state;
	prev = init_task->tasks.prev;
	init_task->tasks.prev = &init_task->tasks;
	EXPECT_CHECK_FAILS(process_tree_check(), "process_tree_check");
	expect_detail(": list_check at sched/exit.c:");
	init_task->tasks.prev = prev;
	SCHED_CHECK();
	machine_down();
}

static CU_TestInfo process_tree_check_tests[] = {
	{ "process_tree_check reports each corruption",
	  test_process_tree_check_reports },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo copy_process_tests[] = {
	{ "fork linkage and thread groups", test_fork_linkage },
	{ "a new thread follows its creator in the group",
	  test_thread_group_order },
	{ "CLONE_PARENT from init", test_clone_parent_from_init },
	{ "CLONE_PARENT from a traced task", test_clone_parent_of_traced_task },
	{ "a thread's fork fails every allocation: -ENOMEM, nothing kept",
	  test_thread_fork_fails_every_allocation },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo ptrace_tests[] = {
	{ "ptrace attach/detach lists", test_ptrace_lists },
	{ "ptrace_attach fails every allocation: -ENOMEM, nothing kept",
	  test_ptrace_attach_fails_every_allocation },
	{ "ptrace links live while a list is in use",
	  test_ptrace_links_lifetime },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo forget_original_parent_tests[] = {
	{ "reaper choice and pdeath_signal", test_reaper_choice },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo reparent_thread_tests[] = {
	{ "a reparented detached child exits as a zombie",
	  test_reparent_detached_child },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo zap_thread_tests[] = {
	{ "zombie notifies its new parent once",
	  test_zombie_notifies_new_parent_once },
	{ "traced children across exit", test_traced_children_across_exit },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo sys_wait4_tests[] = {
	{ "wait on a traced zombie", test_wait_traced_zombie_hands_back },
	{ "the hand-back after a tracer's wait sends SIGCHLD",
	  test_hand_back_sends_sigchld },
	{ "a sibling thread reaps, in thread-group order",
	  test_wait_sibling_thread_reaps },
	{ "a sibling's reap credits the zombie's parent",
	  test_wait_sibling_credits_parent },
	{ "detached children skipped, traced-away ones count",
	  test_wait_detached_and_traced_away },
	{ "every child as with __WALL; no process groups",
	  test_wait_all_children_no_groups },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo do_exit_tests[] = {
	{ "detached and current exits", test_detached_and_current_exit },
	{ "a traced detached task stays a zombie for its tracer",
	  test_detached_traced_exit },
	{ "teardown frees a dead current task",
	  test_teardown_frees_dead_current },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo soak_tests[] = {
	{ "random soak with checkers", test_random_soak },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/exit/copy_process", copy_process_tests, NULL, NULL)
KTEST_SUITE("sched/exit/ptrace_attach", ptrace_tests, NULL, NULL)
KTEST_SUITE("sched/exit/forget_original_parent", forget_original_parent_tests,
	    NULL, NULL)
KTEST_SUITE("sched/exit/reparent_thread", reparent_thread_tests, NULL, NULL)
KTEST_SUITE("sched/exit/zap_thread", zap_thread_tests, NULL, NULL)
KTEST_SUITE("sched/exit/sys_wait4", sys_wait4_tests, NULL, NULL)
KTEST_SUITE("sched/exit/do_exit", do_exit_tests, NULL, NULL)
KTEST_SUITE("sched/exit/soak", soak_tests, NULL, NULL)
KTEST_SUITE("sched/exit/process_tree_check", process_tree_check_tests,
	    report_suite_init, report_suite_cleanup)
