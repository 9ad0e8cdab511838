// SPDX-License-Identifier: MIT
/*
 * sched/class.c - choosing a scheduling class, and describing runqueues.
 *
 * No kernel counterpart: Linux builds one class chain into the kernel
 * (the linker orders it); here a machine picks one of four generations
 * at sched_init_class() (sched/class.h), sched_class_chain() puts the
 * classes above and below it, and tools, the simulator and the tests
 * find them by name.  The snapshots copy a runqueue's queues into plain
 * structures for pictures, the tour and explorers (sched/snapshot_json.c
 * turns them into the JSON docs/sched.md shows); a failed allocation
 * frees what was built.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "compat/bitops.h"
#include "compat/compiler.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sched/internal.h"

const struct sched_class *const sched_classes[] = {
	&goodness_sched_class,
	&o1_sched_class,
	&cfs_sched_class,
	&eevdf_sched_class,
	NULL,
};

/*
 * The classes above every selectable class, highest first: a chain holds
 * each of them unless its selected class takes one of its policies.
 */
static const struct sched_class *const sched_classes_above[] = {
	&dl_sched_class,
	&rt_sched_class,
	NULL,
};

unsigned int sched_class_chain(const struct sched_class *sclass,
			       const struct sched_class **chain)
{
	unsigned int n = 0;
	int i;

	for (i = 0; sched_classes_above[i]; i++)
		if (!(sched_classes_above[i]->policies & sclass->policies))
			chain[n++] = sched_classes_above[i];
	chain[n++] = sclass;
	chain[n++] = &idle_sched_class;
	chain[n] = NULL;
	return n;
}

const struct sched_class *sched_class_named(const char *name)
{
	int i;

	for (i = 0; name && sched_classes_above[i]; i++)
		if (!strcmp(sched_classes_above[i]->name, name))
			return sched_classes_above[i];
	if (name && !strcmp(idle_sched_class.name, name))
		return &idle_sched_class;
	return sched_class_find(name);
}

const struct sched_class *sched_class_find(const char *name)
{
	int i;

	if (!name)
		return NULL;
	for (i = 0; sched_classes[i]; i++)
		if (!strcmp(sched_classes[i]->name, name))
			return sched_classes[i];
	return NULL;
}

unsigned int sched_class_hz(const struct sched_class *sclass)
{
	return (sclass ? sclass : &o1_sched_class)->hz;
}

char *sched_class_names(char *buf, size_t len)
{
	size_t used = 0;
	int i, n;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (i = 0; sched_classes[i]; i++) {
		n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
			     sched_classes[i]->name);
		if (n < 0 || (size_t)n >= len - used) {
			/* whole names only */
			buf[used] = '\0';
			break;
		}
		used += n;
	}
	return buf;
}

static unsigned int add_counters(const struct sched_class *c,
				 const struct sched_counter **out,
				 unsigned int n)
{
	const struct sched_counter *k;

	for (k = c->counters; k && k->name; k++)
		if (n < SCHED_MAX_COUNTERS)
			out[n++] = k;
	return n;
}

unsigned long sched_counter_value(int cpu, const struct sched_counter *counter)
{
	const char *rq = (const char *)cpu_rq(cpu);

	return *(const unsigned long *)(rq + counter->offset);
}

unsigned int sched_counters(const struct sched_class *class,
			    const struct sched_counter **out)
{
	const struct sched_class *chain[SCHED_CHAIN_MAX + 1];
	unsigned int n, i;

	sched_class_chain(class, chain);
	/* its own first, then the chain's others, highest first */
	n = add_counters(class, out, 0);
	for (i = 0; chain[i]; i++)
		if (chain[i] != class)
			n = add_counters(chain[i], out, n);
	return n;
}

/* ------------------------------------------------------------- policies */

const struct sched_policy sched_policies[] = {
	{ SCHED_OTHER, "SCHED_OTHER", "SCHED_NORMAL", "NORMAL" },
	{ SCHED_BATCH, "SCHED_BATCH", NULL, "BATCH" },
	{ SCHED_IDLE, "SCHED_IDLE", NULL, "IDLE" },
	{ SCHED_FIFO, "SCHED_FIFO", NULL, "FIFO" },
	{ SCHED_RR, "SCHED_RR", NULL, "RR" },
	{ SCHED_DEADLINE, "SCHED_DEADLINE", NULL, "DL" },
	{ 0, NULL, NULL, NULL },
};

const struct sched_policy *sched_policy_find(const char *name)
{
	const struct sched_policy *sp;

	for (sp = sched_policies; name && sp->name; sp++)
		if (!strcmp(sp->name, name) ||
		    (sp->alias && !strcmp(sp->alias, name)))
			return sp;
	return NULL;
}

const struct sched_policy *sched_policy_get(int policy)
{
	const struct sched_policy *sp;

	for (sp = sched_policies; sp->name; sp++)
		if (sp->policy == policy)
			return sp;
	return NULL;
}

/* append @name to @buf (@used bytes so far), whole or not at all */
static size_t add_name(char *buf, size_t len, size_t used, const char *sep,
		       const char *name)
{
	int n = snprintf(buf + used, len - used, "%s%s", sep, name);

	if (n < 0 || (size_t)n >= len - used) {
		buf[used] = '\0';
		return len;
	}
	return used + n;
}

char *sched_policy_names(char *buf, size_t len)
{
	const char *names[2 * ARRAY_SIZE(sched_policies)];
	const struct sched_policy *sp;
	size_t used = 0;
	unsigned int n = 0, i;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (sp = sched_policies; sp->name; sp++) {
		names[n++] = sp->name;
		if (sp->alias)
			names[n++] = sp->alias;
	}
	for (i = 0; i < n && used < len; i++)
		used = add_name(buf, len, used,
				!i	   ? "" :
				i == n - 1 ? " or " :
					     ", ",
				names[i]);
	return buf;
}

/* ------------------------------------------------------------ snapshots */

/* one allocation of a snapshot, on its chain */
struct sched_snapshot_mem {
	struct sched_snapshot_mem *next;
	max_align_t data[];
};

void *sched_snapshot_alloc(struct sched_snapshot *snap, size_t size)
{
	struct sched_snapshot_mem *m;

	m = kzalloc(sizeof(*m) + size, GFP_KERNEL);
	if (!m)
		return NULL;
	m->next = snap->mem;
	snap->mem = m;
	return m->data;
}

void sched_snapshot_free(struct sched_snapshot *snap)
{
	struct sched_snapshot_mem *m, *next;

	if (!snap)
		return;
	for (m = snap->mem; m; m = next) {
		next = m->next;
		kfree(m);
	}
	kfree(snap);
}

void snapshot_task(struct sched_snapshot_task *t, const struct task_struct *p)
{
	t->pid = p->pid;
	memcpy(t->comm, p->comm, sizeof(t->comm));
	t->policy = (int)p->policy;
	t->prio = p->prio;
	t->nice = TASK_NICE(p);
}

static int prio_array_snapshot(struct sched_snapshot *snap,
			       struct sched_snapshot_array *a,
			       struct prio_array *array, const char *name)
{
	struct sched_snapshot_prio_queue *q;
	struct sched_snapshot_prio_task *t;
	struct task_struct *p;
	unsigned long idx;
	unsigned int n;

	a->name = name;
	a->nr_active = array->nr_active;
	memcpy(a->bitmap, array->bitmap, sizeof(a->bitmap));
	for_each_set_bit(idx, array->bitmap, MAX_PRIO)
		a->nr_queues++;
	a->queues = sched_snapshot_alloc(snap, a->nr_queues * sizeof(*q));
	if (!a->queues)
		return -ENOMEM;
	q = a->queues;
	for_each_set_bit(idx, array->bitmap, MAX_PRIO) {
		q->prio = (int)idx;
		n = 0;
		list_for_each_entry(p, &array->queue[idx], run_list)
			n++;
		q->tasks = sched_snapshot_alloc(snap, n * sizeof(*t));
		if (!q->tasks)
			return -ENOMEM;
		t = q->tasks;
		list_for_each_entry(p, &array->queue[idx], run_list) {
			snapshot_task(&t->task, p);
			t->time_slice = p->time_slice;
			t->sleep_avg = p->sleep_avg;
			t->first_time_slice = p->first_time_slice;
			t++;
		}
		q->nr_tasks = n;
		q++;
	}
	return 0;
}

int prio_arrays_snapshot(struct runqueue *rq, struct sched_snapshot *snap,
			 struct sched_snapshot_queue *q,
			 const struct sched_class *class, bool both)
{
	struct sched_snapshot_prio_arrays *pa = &q->prio_arrays;

	q->sched_class = class;
	q->kind = SCHED_SNAPSHOT_PRIO_ARRAYS;
	pa->expired_timestamp = rq->expired_timestamp;
	pa->nr_arrays = both ? 2 : 1;
	if (prio_array_snapshot(snap, &pa->arrays[0], rq->active, "active") ||
	    (both &&
	     prio_array_snapshot(snap, &pa->arrays[1], rq->expired, "expired")))
		return -ENOMEM;
	return 0;
}

/* a snapshot of @class's machine, its queues allocated, nothing read */
static struct sched_snapshot *snapshot_alloc(const struct sched_class *class,
					     int cpu)
{
	const struct sched_class *c;
	struct sched_snapshot *snap;
	unsigned int n = 0;

	snap = kzalloc(sizeof(*snap), GFP_KERNEL);
	if (!snap)
		return NULL;
	/* the machine's chain, highest first */
	for_each_class(c)
		n++;
	snap->queues = sched_snapshot_alloc(snap, n * sizeof(*snap->queues));
	if (!snap->queues) {
		sched_snapshot_free(snap);
		return NULL;
	}
	snap->cpu = cpu;
	snap->sched_class = class;
	return snap;
}

/* fill @snap from @rq, whose lock the caller holds; Return: 0 or -ENOMEM */
static int snapshot_locked(struct runqueue *rq, struct sched_snapshot *snap)
{
	const struct sched_class *c;
	int ret;

	snap->nr_running = rq->nr_running;
	snap->nr_switches = rq->nr_switches;
	snap->idle = rq->curr == rq->idle;
	if (!snap->idle)
		snapshot_task(&snap->curr, rq->curr);
	for_each_class(c) {
		if (!c->snapshot)
			continue;
		ret = c->snapshot(rq, snap, &snap->queues[snap->nr_queues]);
		if (ret < 0)
			return ret;
		if (!ret)
			snap->nr_queues++;
	}
	return 0;
}

static int snapshot_cpu(int cpu, struct sched_snapshot **snapp, bool lock)
{
	const struct sched_class *class = sched_current_class();
	struct sched_snapshot *snap;
	struct runqueue *rq;
	int ret;

	*snapp = NULL;
	if (!class || !cpu_online(cpu) || cpu >= nr_cpus_online)
		return -EINVAL;
	rq = cpu_rq(cpu);
	snap = snapshot_alloc(class, cpu);
	if (!snap)
		return -ENOMEM;
	if (lock)
		spin_lock(&rq->lock);
	ret = snapshot_locked(rq, snap);
	if (lock)
		spin_unlock(&rq->lock);
	if (ret) {
		sched_snapshot_free(snap);
		return ret;
	}
	*snapp = snap;
	return 0;
}

int sched_snapshot(int cpu, struct sched_snapshot **snapp)
{
	return snapshot_cpu(cpu, snapp, true);
}

int sched_snapshot_locked(int cpu, struct sched_snapshot **snapp)
{
	return snapshot_cpu(cpu, snapp, false);
}
