// SPDX-License-Identifier: MIT
/*
 * sched/class.c - choosing a scheduling class, and describing runqueues.
 *
 * No kernel counterpart: Linux builds one class chain into the kernel
 * (the linker orders it); here a machine picks one of four generations
 * at sched_init_class() (sched/class.h), sched_class_chain() puts the
 * classes above and below it, and tools, the simulator and the tests
 * find them by name.  The JSON snapshots describe a runqueue's queues for pictures,
 * the tour and explorers; docs/sched.md gives every shape.  jansson
 * allocates with malloc(): a failed allocation makes a snapshot NULL and
 * frees what was built.
 */
#include <stdio.h>
#include <string.h>

#include "compat/bitops.h"
#include "compat/compiler.h"
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

static const char *policy_name(unsigned long policy)
{
	const struct sched_policy *sp = sched_policy_get((int)policy);

	return sp ? sp->name : "?";
}

json_t *sched_snapshot_task(const struct task_struct *p)
{
	json_t *t = json_object();

	if (!t)
		return NULL;
	if (!snap_set(t, "pid", json_integer(p->pid)) ||
	    !snap_set(t, "comm", json_string(p->comm)) ||
	    !snap_set(t, "policy", json_string(policy_name(p->policy))) ||
	    !snap_set(t, "prio", json_integer(p->prio)) ||
	    !snap_set(t, "nice", json_integer(TASK_NICE(p)))) {
		json_decref(t);
		return NULL;
	}
	return t;
}

/* a task of a prio_array queue: the O(1) fields too */
static json_t *prio_task(const struct task_struct *p)
{
	json_t *t = sched_snapshot_task(p);

	if (t && (!snap_set(t, "time_slice", json_integer(p->time_slice)) ||
		  !snap_set(t, "sleep_avg", json_integer(p->sleep_avg)) ||
		  !snap_set(t, "first_time_slice",
			    json_integer(p->first_time_slice)))) {
		json_decref(t);
		return NULL;
	}
	return t;
}

static json_t *prio_array_json(struct prio_array *array, const char *name)
{
	json_t *a = json_object(), *bits, *queues, *q, *tasks;
	char word[2 + 2 * sizeof(long) + 1];
	struct task_struct *p;
	unsigned long idx;
	unsigned int i;

	if (!a)
		return NULL;
	if (!snap_set(a, "name", json_string(name)) ||
	    !snap_set(a, "nr_active", json_integer(array->nr_active)))
		goto err;
	bits = snap_set(a, "bitmap", json_array());
	if (!bits)
		goto err;
	for (i = 0; i < BITMAP_SIZE; i++) {
		snprintf(word, sizeof(word), "0x%0*lx", (int)(2 * sizeof(long)),
			 array->bitmap[i]);
		if (!snap_append(bits, json_string(word)))
			goto err;
	}
	queues = snap_set(a, "queues", json_array());
	if (!queues)
		goto err;
	for_each_set_bit(idx, array->bitmap, MAX_PRIO) {
		q = snap_append(queues, json_object());
		if (!q || !snap_set(q, "prio", json_integer(idx)))
			goto err;
		tasks = snap_set(q, "tasks", json_array());
		if (!tasks)
			goto err;
		list_for_each_entry(p, &array->queue[idx], run_list)
			if (!snap_append(tasks, prio_task(p)))
				goto err;
	}
	return a;
err:
	json_decref(a);
	return NULL;
}

json_t *prio_arrays_snapshot(struct runqueue *rq,
			     const struct sched_class *class, bool both)
{
	json_t *obj = json_object(), *arrays;

	if (!obj)
		return NULL;
	if (!snap_set(obj, "class", json_string(class->name)) ||
	    !snap_set(obj, "kind", json_string("prio_arrays")) ||
	    !snap_set(obj, "expired_timestamp",
		      json_integer(rq->expired_timestamp)))
		goto err;
	arrays = snap_set(obj, "arrays", json_array());
	if (!arrays ||
	    !snap_append(arrays, prio_array_json(rq->active, "active")) ||
	    (both &&
	     !snap_append(arrays, prio_array_json(rq->expired, "expired"))))
		goto err;
	return obj;
err:
	json_decref(obj);
	return NULL;
}

/* sched_snapshot() of @rq, whose lock the caller holds */
static json_t *snapshot_locked(const struct sched_class *class,
			       struct runqueue *rq)
{
	const struct sched_class *c;
	json_t *obj, *queues, *q;

	obj = json_object();
	if (!obj)
		return NULL;
	if (!snap_set(obj, "cpu", json_integer(rq->cpu)) ||
	    !snap_set(obj, "class", json_string(class->name)) ||
	    !snap_set(obj, "nr_running", json_integer(rq->nr_running)) ||
	    !snap_set(obj, "nr_switches", json_integer(rq->nr_switches)) ||
	    !snap_set(obj, "curr",
		      rq->curr == rq->idle ? json_null() :
					     sched_snapshot_task(rq->curr)))
		goto err;
	queues = snap_set(obj, "queues", json_array());
	if (!queues)
		goto err;
	/* the machine's chain, highest first */
	for_each_class(c) {
		if (!c->snapshot)
			continue;
		q = c->snapshot(rq);
		if (q == json_null())
			continue;
		if (!snap_append(queues, q))
			goto err;
	}
	return obj;

err:
	json_decref(obj);
	return NULL;
}

json_t *sched_snapshot_locked(int cpu)
{
	const struct sched_class *class = sched_current_class();

	if (!class || !cpu_online(cpu) || cpu >= nr_cpus_online)
		return NULL;
	return snapshot_locked(class, cpu_rq(cpu));
}

json_t *sched_snapshot(int cpu)
{
	const struct sched_class *class = sched_current_class();
	struct runqueue *rq;
	json_t *obj;

	if (!class || !cpu_online(cpu) || cpu >= nr_cpus_online)
		return NULL;
	rq = cpu_rq(cpu);
	spin_lock(&rq->lock);
	obj = snapshot_locked(class, rq);
	spin_unlock(&rq->lock);
	return obj;
}
