// SPDX-License-Identifier: MIT
/*
 * sched/exit.c - the process tree of Linux 2.5.33: fork linkage, ptrace
 * lists, thread groups, exit_notify and wait.
 *
 * Mirrors kernel/exit.c of 2.5.33 (release_task, forget_original_parent,
 * reparent_thread, zap_thread, exit_notify, do_exit, sys_wait4), the
 * linkage part of kernel/fork.c (copy_process: SET_LINKS, the thread
 * group; its timeslice split is the class's, through sched_fork() in
 * sched/sched.c) and kernel/ptrace.c (__ptrace_link,
 * __ptrace_unlink, ptrace_attach, ptrace_detach).  Written from a
 * plain-words description; no kernel code was copied.
 *
 * Deliberate differences (docs/fidelity.md has each one's reason and
 * test):
 *  - Tasks are passed as pointers (do_exit(p, code), sys_wait4(parent,
 *    pid, &code)); do_fork() returns an errno and the child through a
 *    pointer; sched_new_task() makes a fresh child of init with a full
 *    slice (what the simulator needs to create a workload).
 *  - Signals are recorded (signal_mask, nr_signals), never delivered.
 *    No process groups, sessions, exec ids or capabilities: no orphaned
 *    group is signalled, reparent_thread() bumps no self_exec_id, and
 *    exit_notify() never resets a clone's exit signal to SIGCHLD.
 *  - sched_exit() credits @p->parent, as kernels from 2.5.35 on do;
 *    2.5.33 credited current, the waiter, which differs when a sibling
 *    thread reaps.  A detached task releasing itself on exit skips it,
 *    as crediting itself changed nothing in 2.5.33.
 *  - sys_wait4() has no options: it never blocks and waits as with
 *    WNOHANG | __WALL (clone children too; never __WNOTHREAD).  It has no
 *    stopped children to report, and refuses pid 0 and pid < -1 (process
 *    groups) with -EINVAL.
 *  - Re-linking a task under a new parent (SET_LINKS/REMOVE_LINKS) moves
 *    only its sibling link; its place on the global task list stays.
 *  - do_fork() with CLONE_PARENT from a traced task makes the child its
 *    grandparent's (2.5.33 made the tracer its parent, untraced).
 *  - ptrace_attach() by a task's own parent links nothing (2.5.33's
 *    __ptrace_link() BUG()ed; there the parent traced via TRACEME).
 *  - ptrace_attach() refuses (-EPERM) a task of the tracer's own thread
 *    group, and an already traced task with -EBUSY (2.5.33 refused
 *    itself, pids 0 and 1 and a task without mm, all with -EPERM, and
 *    let a thread trace a sibling thread).
 *  - do_fork() with CLONE_PARENT from init is refused (-EINVAL): 2.5.33
 *    gave the child init's parent, the idle task, which never reaps.
 *  - do_exit() refuses (-EPERM) to kill an idle task or init instead of
 *    panicking, and refuses a second exit with -EINVAL.  A detached task
 *    is released at once only when untraced; a traced one stays a zombie
 *    until its tracer reaps it (2.5.33's release_task() BUG()ed on it).
 *  - ptrace_children, ptrace_list and thread_group are in a struct
 *    task_links that ptrace_attach() allocates for the tracee and its
 *    real parent, and do_fork() with CLONE_THREAD for the thread and its
 *    creator (-ENOMEM when they cannot), and that goes back when its
 *    three lists are empty: 2.5.33 embedded them in every task_struct.
 *  - A task released while still current, or while a set_cpus_allowed()
 *    request names it, becomes TASK_DEAD and is freed by schedule() when
 *    it is switched out or by the migration thread that serves the last
 *    request, whichever comes last.
 *
 * 2.5.33 quirks kept: forget_original_parent() resets real_parent of
 * every task on the exiting task's children list, including tasks it was
 * only tracing, so a tracee of an exiting tracer ends up under the
 * tracer's reaper rather than its own real parent; a traced zombie that
 * its tracer waits for is handed back to its real parent and its pid is
 * still returned to the tracer.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "compat/bug.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sched/internal.h"
#include "sched/sched.h"

DEFINE_RWLOCK(tasklist_lock);
struct task_struct *init_task;
struct task_struct *child_reaper;
static pid_t last_pid;

/* ---------------------------------------------------------- allocation */

static void set_comm(struct task_struct *p, const char *comm)
{
	size_t i;

	snprintf(p->comm, sizeof(p->comm), "%s", comm ? comm : "task");
	/* trace formats split on spaces */
	for (i = 0; p->comm[i]; i++)
		if (p->comm[i] == ' ')
			p->comm[i] = '_';
}

static pthread_mutex_t lazy_cache_lock = PTHREAD_MUTEX_INITIALIZER;

struct kmem_cache *lazy_cache_get(struct lazy_cache *lc)
{
	struct kmem_cache *c = lazy_cache_peek(lc);

	if (likely(c))
		return c;
	BUG_ON(pthread_mutex_lock(&lazy_cache_lock) != 0);
	c = lc->cachep;
	if (!c) {
		c = kmem_cache_create(lc->name, lc->size, lc->align, 0, NULL);
		__atomic_store_n(&lc->cachep, c, __ATOMIC_RELEASE);
	}
	BUG_ON(pthread_mutex_unlock(&lazy_cache_lock) != 0);
	return c;
}

/*
 * Every task_struct comes from one slab cache, as kernel/fork.c's
 * task_struct_cachep: packed, with no allocator header in front of each
 * (a million tasks are 368 MB of them).  Made by the first alloc_task().
 */
static struct lazy_cache task_struct_cache =
	LAZY_CACHE("task_struct", struct task_struct);

size_t task_struct_slab_bytes(void)
{
	struct kmem_cache *c = lazy_cache_peek(&task_struct_cache);

	return c ? kmem_cache_slab_bytes(c) : 0;
}

/* task_struct's narrowed fields hold every value they are given */
_Static_assert(MAX_PRIO <= SHRT_MAX && CSIGNAL <= SHRT_MAX &&
		       MAX_RT_PRIO - 1 <= UCHAR_MAX &&
		       SCHED_DEADLINE <= UCHAR_MAX && PT_PTRACED <= UCHAR_MAX &&
		       BITS_PER_LONG - 1 <= SCHAR_MAX,
	       "a narrowed task_struct field is too small");

struct task_struct *alloc_task(const char *comm)
{
	struct kmem_cache *cachep;
	struct task_struct *p;

	cachep = lazy_cache_get(&task_struct_cache);
	if (!cachep)
		return NULL;
	p = kmem_cache_zalloc(cachep, GFP_KERNEL);
	if (!p)
		return NULL;
	p->state = TASK_UNINTERRUPTIBLE;
	p->flags = PF_STARTING;
	p->static_prio = NICE_TO_PRIO(0);
	p->prio = p->static_prio;
	p->policy = SCHED_OTHER;
	p->cpus_allowed = cpu_online_map;
	p->sleep_timestamp = jiffies;
	p->exit_signal = SIGCHLD;
	INIT_LIST_HEAD(&p->run_list);
	INIT_LIST_HEAD(&p->tasks);
	INIT_LIST_HEAD(&p->children);
	INIT_LIST_HEAD(&p->sibling);
	set_comm(p, comm);
	return p;
}

void free_task(struct task_struct *p)
{
	/* unused by now, but where the machine is taken down with tracing */
	kfree(p->links);
	if (sched_hooks.release)
		sched_hooks.release(p, sched_hooks.data);
	free_dl_entity(p);
	kmem_cache_free(task_struct_cache.cachep, p);
}

int tree_init(int nr_cpus)
{
	struct task_struct *idle[NR_CPUS], *init;
	char name[TASK_COMM_LEN];
	int cpu, n;

	for (n = 0; n < nr_cpus; n++) {
		snprintf(name, sizeof(name), "swapper/%d", n);
		idle[n] = alloc_task(name);
		if (!idle[n])
			goto err_free_idle;
	}
	init = alloc_task("init");
	if (!init)
		goto err_free_idle;

	for (cpu = 0; cpu < nr_cpus; cpu++) {
		init_idle(idle[cpu], cpu);
		idle[cpu]->parent = idle[cpu]->real_parent = idle[cpu];
	}
	write_lock(&tasklist_lock);
	init_task = idle[0];
	last_pid = 0;

	init->pid = init->tgid = ++last_pid;
	init->state = TASK_INTERRUPTIBLE;
	init->flags &= ~PF_STARTING; /* an ordinary sleeper */
	init->time_slice = task_timeslice(init);
	init->parent = init->real_parent = init_task;
	list_add_tail(&init->sibling, &init_task->children);
	list_add_tail(&init->tasks, &init_task->tasks);
	child_reaper = init;
	write_unlock(&tasklist_lock);
	return 0;

err_free_idle:
	while (n-- > 0)
		kmem_cache_free(task_struct_cache.cachep, idle[n]);
	return -ENOMEM;
}

void tree_teardown(int nr_cpus)
{
	struct task_struct *p, *n;
	struct runqueue *rq;
	int cpu;

	write_lock(&tasklist_lock);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		rq = cpu_rq(cpu);
		p = rq->curr;
		/* released while current: on no list any more */
		if (p && p != rq->idle && p->state == TASK_DEAD)
			free_task(p);
		rq->curr = rq->idle;
	}
	if (init_task) {
		list_for_each_entry_safe(p, n, &init_task->tasks, tasks)
			free_task(p);
	}
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		rq = cpu_rq(cpu);
		if (rq->idle)
			free_task(rq->idle);
		rq->idle = rq->curr = NULL;
	}
	init_task = child_reaper = NULL;
	write_unlock(&tasklist_lock);
}

/* ------------------------------------------------------------- lookup */

struct task_struct *next_thread(const struct task_struct *p)
{
	/* a task without links is alone in its group */
	if (!p->links || list_empty(&p->links->thread_group))
		return (struct task_struct *)p;
	return list_entry(p->links->thread_group.next, struct task_links,
			  thread_group)
		->task;
}

struct task_struct *find_task_by_pid(pid_t pid)
{
	struct task_struct *p, *found = NULL;

	read_lock(&tasklist_lock);
	if (init_task && init_task->pid == pid) {
		found = init_task;
		goto out_unlock;
	}
	if (init_task) {
		list_for_each_entry(p, &init_task->tasks, tasks) {
			if (p->pid == pid) {
				found = p;
				break;
			}
		}
	}
out_unlock:
	read_unlock(&tasklist_lock);
	return found;
}

int nr_tasks(void)
{
	int n = 0;

	read_lock(&tasklist_lock);
	if (init_task)
		n = 1 + (int)list_count_nodes(&init_task->tasks);
	read_unlock(&tasklist_lock);
	return n;
}

/*
 * task_zombie() - has @p gone through exit_notify()?
 *
 * do_exit() sets PF_EXITING and makes the task a zombie inside one
 * tasklist_lock section, and flags change only under that lock, so
 * under tasklist_lock this is the zombie test.  p->state itself is
 * also written under the runqueue lock alone (sleeps, wakeups), so
 * reading it here would race with another CPU.
 */
static bool task_zombie(const struct task_struct *p)
{
	return p->flags & PF_EXITING;
}

/* p->state read under its runqueue lock (for the checker) */
static long task_state_locked(struct task_struct *p)
{
	struct runqueue *rq = task_rq_lock(p);
	long state = p->state;

	task_rq_unlock(rq);
	return state;
}

/* ------------------------------------------------------------ signals */

/* record @sig for @t; tasklist_lock held for writing */
static void send_sig(int sig, struct task_struct *t)
{
	if (sig <= 0 || sig >= BITS_PER_LONG)
		return;
	t->signal_mask |= 1UL << sig;
	t->nr_signals++;
}

static void do_notify_parent(struct task_struct *p, int sig)
{
	send_sig(sig, p->parent);
}

/* ------------------------------------------------------------- linkage */

/* move @p's sibling link under @new_parent (REMOVE_LINKS + SET_LINKS) */
static void relink_parent(struct task_struct *p, struct task_struct *new_parent)
{
	list_del(&p->sibling);
	p->parent = new_parent;
	list_add_tail(&p->sibling, &new_parent->children);
}

/* ------------------------------------------------------- ptrace links */

/* @p's links, allocated when it has none; Return: 0 or -ENOMEM */
static int task_links_get(struct task_struct *p)
{
	struct task_links *l;

	if (p->links)
		return 0;
	l = kmalloc(sizeof(*l), GFP_KERNEL);
	if (!l)
		return -ENOMEM;
	INIT_LIST_HEAD(&l->ptrace_children);
	INIT_LIST_HEAD(&l->ptrace_list);
	INIT_LIST_HEAD(&l->thread_group);
	l->task = p;
	p->links = l;
	return 0;
}

/* @p's links go back once none of its lists is in use */
static void task_links_put(struct task_struct *p)
{
	struct task_links *l = p->links;

	if (l && list_empty(&l->ptrace_children) &&
	    list_empty(&l->ptrace_list) && list_empty(&l->thread_group)) {
		kfree(l);
		p->links = NULL;
	}
}

/* @p is on its real parent's ptrace_children */
static bool ptrace_linked(const struct task_struct *p)
{
	return p->links && !list_empty(&p->links->ptrace_list);
}

/* the first task on @p's ptrace_children, or NULL */
static struct task_struct *first_ptrace_child(const struct task_struct *p)
{
	if (!p->links || list_empty(&p->links->ptrace_children))
		return NULL;
	return list_first_entry(&p->links->ptrace_children, struct task_links,
				ptrace_list)
		->task;
}

/*
 * list_del_init() of @entry, one of @p's links, then the links go back
 * that are unused now: @p's, and those of the task whose list @entry
 * leaves empty, found from the list itself as the struct task_links
 * whose member at @left_off is @entry's next (an emptied head, or the
 * one node left of a ring); @left_off is 0 .. sizeof(struct task_links).
 */
static void links_del(struct task_struct *p, struct list_head *entry,
		      size_t left_off)
{
	struct list_head *next = entry->next;

	list_del_init(entry);
	if (list_empty(next))
		task_links_put(
			((struct task_links *)((char *)next - left_off))->task);
	task_links_put(p);
}

/*
 * @child leaves its real parent's ptrace_children (2.5.33's
 * list_del_init(&child->ptrace_list)); the links of both go back when
 * unused.  The head is found from the list: the parent's real_parent
 * field may already name a reaper (forget_original_parent()).
 */
static void ptrace_list_del(struct task_struct *child)
{
	if (ptrace_linked(child))
		links_del(child, &child->links->ptrace_list,
			  offsetof(struct task_links, ptrace_children));
}

/*
 * @p leaves its thread group's ring (2.5.33's
 * list_del_init(&p->thread_group)); its links go back when unused, and
 * those of the thread it leaves alone.
 */
static void thread_group_del(struct task_struct *p)
{
	if (p->links && !list_empty(&p->links->thread_group))
		links_del(p, &p->links->thread_group,
			  offsetof(struct task_links, thread_group));
}

static void __ptrace_link(struct task_struct *child,
			  struct task_struct *new_parent)
{
	BUG_ON(ptrace_linked(child));
	if (child->parent == new_parent)
		return;
	/* the real parent keeps track of its child while someone traces it */
	list_add(&child->links->ptrace_list,
		 &child->parent->links->ptrace_children);
	relink_parent(child, new_parent);
}

static void __ptrace_unlink(struct task_struct *child)
{
	BUG_ON(!child->ptrace);
	child->ptrace = 0;
	if (!ptrace_linked(child))
		return;
	ptrace_list_del(child);
	relink_parent(child, child->real_parent);
}

int ptrace_attach(struct task_struct *tracer, struct task_struct *child)
{
	int ret = -EPERM;

	if (!tracer || !child)
		return -EINVAL;
	write_lock(&tasklist_lock);
	if (tracer == child || child->pid == 0 || child == child_reaper ||
	    tracer->pid == 0 || child->tgid == tracer->tgid)
		goto out_unlock;
	if ((child->flags | tracer->flags) & PF_EXITING)
		goto out_unlock;
	ret = -EBUSY;
	if (child->ptrace)
		goto out_unlock;
	/* kstruct: the links of both, allocated before anything changes */
	if (child->parent != tracer) {
		ret = task_links_get(child);
		if (!ret)
			ret = task_links_get(child->parent);
		if (ret) {
			task_links_put(child);
			goto out_unlock;
		}
	}
	child->ptrace = PT_PTRACED;
	__ptrace_link(child, tracer);
	ret = 0;
out_unlock:
	write_unlock(&tasklist_lock);
	return ret;
}

int ptrace_detach(struct task_struct *child)
{
	int ret = -EINVAL;

	if (!child)
		return -EINVAL;
	write_lock(&tasklist_lock);
	if (child->ptrace) {
		__ptrace_unlink(child);
		ret = 0;
	}
	write_unlock(&tasklist_lock);
	return ret;
}

/* ---------------------------------------------------------------- fork */

/* pid, thread group and parent links of a new task; tasklist held */
static void link_new_task(struct task_struct *p, struct task_struct *parent,
			  unsigned long clone_flags)
{
	p->pid = ++last_pid;
	if (clone_flags & CLONE_THREAD) {
		p->tgid = parent->tgid;
		/* right after its creator, as 2.5.33's copy_process() */
		list_add(&p->links->thread_group, &parent->links->thread_group);
	} else {
		p->tgid = p->pid;
	}
	if (clone_flags & CLONE_PARENT)
		p->real_parent = parent->real_parent;
	else
		p->real_parent = parent;
	p->parent = p->real_parent;
	list_add_tail(&p->sibling, &p->parent->children);
	list_add_tail(&p->tasks, &init_task->tasks);
}

int do_fork(struct task_struct *parent, unsigned long clone_flags,
	    const char *comm, struct task_struct **childp)
{
	struct task_struct *p;
	struct runqueue *prq;
	int tick_parent, ret = -EINVAL;

	if (!parent || !childp || parent->pid == 0 ||
	    (clone_flags &
	     ~(CSIGNAL | CLONE_PARENT | CLONE_THREAD | CLONE_DETACHED)))
		return -EINVAL;
	p = alloc_task(comm ? comm : parent->comm);
	if (!p)
		return -ENOMEM;

	write_lock(&tasklist_lock);
	if (parent->flags & PF_EXITING)
		goto err_unlock;
	if ((clone_flags & CLONE_PARENT) && parent == child_reaper)
		goto err_unlock;
	/* kstruct: a thread's and its creator's links, before any change */
	if (clone_flags & CLONE_THREAD) {
		ret = task_links_get(p);
		if (!ret)
			ret = task_links_get(parent);
		if (ret)
			goto err_unlock;
		ret = -EINVAL;
	}
	prq = task_rq_lock(parent);
	p->static_prio = parent->static_prio;
	p->prio = parent->prio;
	p->policy = parent->policy;
	p->rt_priority = parent->rt_priority;
	p->cpus_allowed = parent->cpus_allowed;
	p->sleep_avg = parent->sleep_avg;
	p->cpu = parent->cpu;
	p->sleep_timestamp = jiffies;
	/* the class shares the parent's slice out (sched_fork(), 2.6's) */
	tick_parent = sched_fork(p, parent);
	task_rq_unlock(prq);
	if (tick_parent < 0)
		goto err_unlock;

	p->exit_signal = (clone_flags & CLONE_DETACHED) ?
				 -1 :
				 (int)(clone_flags & CSIGNAL);
	link_new_task(p, parent, clone_flags);
	write_unlock(&tasklist_lock);
	if (sched_hooks.fork)
		sched_hooks.fork(parent, p, sched_hooks.data);

	/*
	 * 2.5.33: a parent left with one tick is ticked at once (if it is
	 * still running: it may have been moved meanwhile)
	 */
	if (tick_parent)
		sched_fork_tick(parent);
	*childp = p;
	return 0;

err_unlock:
	/* the links taken for a thread, unused */
	task_links_put(parent);
	write_unlock(&tasklist_lock);
	kfree(p->links);
	kmem_cache_free(task_struct_cache.cachep, p);
	return ret;
}

struct task_struct *sched_new_task(const char *comm, int nice, int policy,
				   int rt_priority)
{
	struct task_struct *p;

	if (nice < -20 || nice > 19 ||
	    !sched_param_valid(policy, rt_priority) || !child_reaper)
		return NULL;
	p = alloc_task(comm);
	if (!p)
		return NULL;
	p->static_prio = NICE_TO_PRIO(nice);
	p->policy = policy;
	p->rt_priority = rt_priority;
	p->prio = sched_param_prio(policy, rt_priority, p->static_prio);
	sched_fork(p, NULL);

	write_lock(&tasklist_lock);
	link_new_task(p, child_reaper, SIGCHLD);
	write_unlock(&tasklist_lock);
	return p;
}

/* ---------------------------------------------------------------- exit */

/*
 * Unlink zombie (or detached exiting) @p from everything and free it;
 * the caller holds tasklist_lock.  If @p is still some CPU's current
 * task, or a set_cpus_allowed() request names it, it becomes TASK_DEAD
 * and is freed when that ends.  Static, as in 2.5.33: reached through
 * do_exit() and sys_wait4() only.
 *
 * @reaped: a waiter reaps @p.  sched_exit() credits @p's parent (2.5.35
 * on; 2.5.33 credited current, the waiter, which is another thread of
 * the parent's group when a sibling reaps).  A detached task releasing
 * itself on exit is not credited: in 2.5.33 it credited itself, which
 * changed nothing.
 */
static void release_task(struct task_struct *p, bool reaped)
{
	struct runqueue *rq;

	if (reaped)
		sched_exit(p);
	list_del_init(&p->tasks);
	list_del_init(&p->sibling);
	thread_group_del(p);
	ptrace_list_del(p);

	rq = task_rq_lock(p);
	if (rq->curr == p || p->migration_pending) {
		/*
		 * schedule() frees it once it is switched out, or the
		 * migration thread once the last request naming it is
		 * served, whichever comes last.
		 */
		p->state = TASK_DEAD;
		task_rq_unlock(rq);
		return;
	}
	BUG_ON(p->array);
	task_rq_unlock(rq);
	free_task(p);
}

static void reparent_thread(struct task_struct *p, struct task_struct *reaper)
{
	/* a detached child too: it will be a zombie its new parent reaps */
	p->exit_signal = SIGCHLD;
	/* a task never reaps itself */
	p->real_parent = p == reaper ? child_reaper : reaper;
	if (p->pdeath_signal)
		send_sig(p->pdeath_signal, p);
}

static void forget_original_parent(struct task_struct *father)
{
	struct task_struct *p, *reaper = father;
	struct task_links *l;

	/* another live thread of the group, else init */
	do {
		reaper = next_thread(reaper);
		if (!(reaper->flags & PF_EXITING))
			break;
	} while (reaper != father);
	if (reaper == father)
		reaper = child_reaper;

	list_for_each_entry(p, &father->children, sibling)
		reparent_thread(p, reaper);
	if (father->links)
		list_for_each_entry(l, &father->links->ptrace_children,
				    ptrace_list)
			reparent_thread(l->task, reaper);
}

/*
 * Move @p under its (new) real parent.  Tracing ends here whoever the
 * tracer was, an outside tracer of a child of @father included: its
 * tracee goes to the reaper untraced, as in 2.5.33.
 */
static void zap_thread(struct task_struct *p, struct task_struct *father)
{
	if (p->ptrace)
		__ptrace_unlink(p);
	relink_parent(p, p->real_parent);
	BUG_ON(p->parent == father);
	if (task_zombie(p) && p->exit_signal != -1)
		do_notify_parent(p, p->exit_signal);
}

/*
 * @father becomes a zombie and tells its parent.  Every child, and every
 * child it traces, gets the reaper (the next live thread of @father's
 * group, else init) as its real parent and SIGCHLD as its exit signal;
 * tracing of each ends and each moves under the reaper.  A child that is
 * a zombie already notifies the reaper.  The caller, do_exit(), holds
 * tasklist_lock.  Static, as in 2.5.33.
 */
static void exit_notify(struct task_struct *father)
{
	struct task_struct *p;
	struct runqueue *rq;

	forget_original_parent(father);

	rq = task_rq_lock(father);
	father->state = TASK_ZOMBIE;
	task_rq_unlock(rq);
	if (father->exit_signal != -1)
		do_notify_parent(father, father->exit_signal);

	while (!list_empty(&father->children))
		zap_thread(list_first_entry(&father->children,
					    struct task_struct, sibling),
			   father);
	/* the last one's unlink gives father's links back if unused */
	while ((p = first_ptrace_child(father)))
		zap_thread(p, father);
	BUG_ON(!list_empty(&father->children));
	BUG_ON(first_ptrace_child(father));
}

int do_exit(struct task_struct *p, int code)
{
	struct runqueue *rq;
	int ret = -EPERM;

	if (!p)
		return -EINVAL;
	write_lock(&tasklist_lock);
	if (p->pid == 0 || p == child_reaper)
		goto out_unlock;
	ret = -EINVAL;
	if (p->flags & PF_EXITING)
		goto out_unlock;

	rq = task_rq_lock(p);
	p->flags |= PF_EXITING;
	p->exit_code = code;
	if (rq->curr == p) {
		/* schedule() takes it off the runqueue */
		set_tsk_need_resched(p);
	} else if (task_queued(p)) {
		deactivate_task(p, rq);
	} else if (p->state == TASK_UNINTERRUPTIBLE &&
		   !(p->flags & PF_STARTING)) {
		/* it will never be woken: stop counting it */
		rq->nr_uninterruptible--;
	}
	task_rq_unlock(rq);

	if (sched_hooks.exit)
		sched_hooks.exit(p, sched_hooks.data);
	exit_notify(p);
	if (p->exit_signal == -1 && !p->ptrace)
		release_task(p, false);
	ret = 0;
out_unlock:
	write_unlock(&tasklist_lock);
	return ret;
}

/*
 * Reap zombie @p for a waiter, which 2.5.33's wait4 ran as: hand a traced
 * zombie back to its real parent, else release it.
 */
static void wait_task_zombie(struct task_struct *p)
{
	if (p->real_parent == p->parent) {
		release_task(p, true);
		return;
	}
	/*
	 * The tracer is done: the real parent is told with SIGCHLD whatever
	 * the exit signal.  A detached zombie (kept only because it was
	 * traced) has no one to wait for it: release it.
	 */
	__ptrace_unlink(p);
	if (p->exit_signal != -1)
		do_notify_parent(p, SIGCHLD);
	else
		release_task(p, true);
}

pid_t sys_wait4(struct task_struct *parent, pid_t pid, int *exit_code)
{
	struct task_struct *tsk, *p;
	bool found = false;
	pid_t ret;

	/* no process groups: pid 0 and pid < -1 name none */
	if (!parent || pid == 0 || pid < -1)
		return -EINVAL;
	write_lock(&tasklist_lock);
	/* the children of every thread of the waiter's group */
	tsk = parent;
	do {
		list_for_each_entry(p, &tsk->children, sibling) {
			if (pid != -1 && p->pid != pid)
				continue;
			/* a detached child is not waited for, unless traced */
			if (p->exit_signal == -1 && !p->ptrace)
				continue;
			found = true;
			if (!task_zombie(p))
				continue;
			ret = p->pid;
			if (exit_code)
				*exit_code = p->exit_code;
			wait_task_zombie(p);
			goto out_unlock;
		}
		tsk = next_thread(tsk);
	} while (tsk != parent);
	/* a child traced away is still a child to wait for */
	ret = found || first_ptrace_child(parent) ? 0 : -ECHILD;
out_unlock:
	write_unlock(&tasklist_lock);
	return ret;
}

/* ---------------------------------------------------------- checking */

/* report the first violation, answer false, and leave through out_unlock */
#define check(cond, ...)                              \
	do {                                          \
		if (unlikely(!(cond))) {              \
			ok = check_fail(__VA_ARGS__); \
			goto out_unlock;              \
		}                                     \
	} while (0)

static bool on_list(const struct list_head *entry, const struct list_head *head)
{
	const struct list_head *pos;

	for (pos = head->next; pos != head; pos = pos->next)
		if (pos == entry)
			return true;
	return false;
}

static bool check_task(struct task_struct *p)
{
	struct task_links *l = p->links, *cl;
	struct task_struct *c, *t;
	bool ok = true;

	/* a broken ring is list_check()'s to report */
	ok = list_check(&p->children) &&
	     (!l || (list_check(&l->ptrace_children) &&
		     list_check(&l->thread_group)));
	if (!ok)
		goto out_unlock;
	list_for_each_entry(c, &p->children, sibling)
		check(c->parent == p, "task %d on children of %d, parent %d",
		      c->pid, p->pid, c->parent ? c->parent->pid : -1);
	if (l) {
		check(l->task == p, "task %d: links of another task", p->pid);
		check(!list_empty(&l->ptrace_children) ||
			      !list_empty(&l->ptrace_list) ||
			      !list_empty(&l->thread_group),
		      "task %d: links kept unused", p->pid);
		list_for_each_entry(cl, &l->ptrace_children, ptrace_list) {
			c = cl->task;
			check(c->real_parent == p && c->ptrace &&
				      c->parent != p,
			      "task %d on ptrace_children of %d wrongly",
			      c->pid, p->pid);
		}
	}
	if (l)
		list_for_each_entry(cl, &l->thread_group, thread_group) {
			t = cl->task;
			check(t->tgid == p->tgid,
			      "task %d (tgid %d) in group %d", t->pid, t->tgid,
			      p->tgid);
		}
	if (p == init_task)
		return true;
	check(p->parent && p->real_parent && p->parent != p &&
		      p->real_parent != p,
	      "task %d: bad parent links", p->pid);
	check(on_list(&p->sibling, &p->parent->children),
	      "task %d not on its parent %d's children", p->pid,
	      p->parent->pid);
	if (ptrace_linked(p))
		check(p->ptrace && p->parent != p->real_parent &&
			      p->real_parent->links &&
			      on_list(&l->ptrace_list,
				      &p->real_parent->links->ptrace_children),
		      "task %d: stray ptrace_list link", p->pid);
	if (p->parent != p->real_parent)
		check(p->ptrace && ptrace_linked(p),
		      "task %d: parent %d is not real parent %d, untraced",
		      p->pid, p->parent->pid, p->real_parent->pid);
	if (task_zombie(p))
		check(task_state_locked(p) == TASK_ZOMBIE &&
			      list_empty(&p->children) &&
			      !first_ptrace_child(p),
		      "zombie %d still has children", p->pid);
	check(!task_zombie(p->parent) && !task_zombie(p->real_parent),
	      "task %d has a zombie (real) parent", p->pid);
out_unlock:
	return ok;
}

bool (process_tree_check)(void)
{
	struct task_struct *p;
	bool ok = true;

	read_lock(&tasklist_lock);
	if (!init_task)
		goto out_unlock;
	ok = list_check(&init_task->tasks);
	if (!ok)
		goto out_unlock;
	check(child_reaper && child_reaper->parent == init_task,
	      "init is not a child of the idle task");
	ok = check_task(init_task);
	if (!ok)
		goto out_unlock;
	list_for_each_entry(p, &init_task->tasks, tasks) {
		check(task_state_locked(p) != TASK_DEAD,
		      "released task %d on task list", p->pid);
		ok = check_task(p);
		if (!ok)
			goto out_unlock;
	}
out_unlock:
	read_unlock(&tasklist_lock);
	return ok;
}
