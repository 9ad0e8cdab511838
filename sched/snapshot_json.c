// SPDX-License-Identifier: MIT
/*
 * sched/snapshot_json.c - a runqueue snapshot (sched_snapshot()) as the
 * JSON object docs/sched.md shows.
 *
 * Mirrors no kernel file.  Kept apart from the snapshot itself
 * (sched/class.c and each class's hook) so that the installed headers
 * need no jansson: only the explorer and the tests read JSON.  jansson
 * allocates with malloc(): a failed allocation makes the object NULL and
 * frees what was built.
 */
#include <stdio.h>

#include "sched/snapshot_json.h"

/*
 * Add @value (a new reference) to @obj under @key, or to the array @arr,
 * and return it (borrowed), or NULL when @value is NULL or the insertion
 * failed (jansson then frees @value).  Attaching every child as soon as
 * it exists lets one json_decref() of the root undo a half-built object.
 */
static json_t *snap_set(json_t *obj, const char *key, json_t *value)
{
	return json_object_set_new(obj, key, value) ? NULL : value;
}

static json_t *snap_append(json_t *arr, json_t *value)
{
	return json_array_append_new(arr, value) ? NULL : value;
}

static const char *policy_name(int policy)
{
	const struct sched_policy *sp = sched_policy_get(policy);

	return sp ? sp->name : "?";
}

static json_t *task_json(const struct sched_snapshot_task *p)
{
	json_t *t = json_object();

	if (!t)
		return NULL;
	if (!snap_set(t, "pid", json_integer(p->pid)) ||
	    !snap_set(t, "comm", json_string(p->comm)) ||
	    !snap_set(t, "policy", json_string(policy_name(p->policy))) ||
	    !snap_set(t, "prio", json_integer(p->prio)) ||
	    !snap_set(t, "nice", json_integer(p->nice))) {
		json_decref(t);
		return NULL;
	}
	return t;
}

/* a task of a prio_array queue: the O(1) fields too */
static json_t *prio_task_json(const struct sched_snapshot_prio_task *p)
{
	json_t *t = task_json(&p->task);

	if (t && (!snap_set(t, "time_slice", json_integer(p->time_slice)) ||
		  !snap_set(t, "sleep_avg", json_integer(p->sleep_avg)) ||
		  !snap_set(t, "first_time_slice",
			    json_integer(p->first_time_slice)))) {
		json_decref(t);
		return NULL;
	}
	return t;
}

static json_t *prio_array_json(const struct sched_snapshot_array *array)
{
	json_t *a = json_object(), *bits, *queues, *q, *tasks;
	char word[2 + 2 * sizeof(long) + 1];
	unsigned int i, k;

	if (!a)
		return NULL;
	if (!snap_set(a, "name", json_string(array->name)) ||
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
	for (i = 0; i < array->nr_queues; i++) {
		const struct sched_snapshot_prio_queue *pq = &array->queues[i];

		q = snap_append(queues, json_object());
		if (!q || !snap_set(q, "prio", json_integer(pq->prio)))
			goto err;
		tasks = snap_set(q, "tasks", json_array());
		if (!tasks)
			goto err;
		for (k = 0; k < pq->nr_tasks; k++)
			if (!snap_append(tasks, prio_task_json(&pq->tasks[k])))
				goto err;
	}
	return a;
err:
	json_decref(a);
	return NULL;
}

/* into @obj: "expired_timestamp" and "arrays" */
static json_t *prio_arrays_json(const struct sched_snapshot_prio_arrays *pa,
				json_t *obj)
{
	json_t *arrays;
	unsigned int i;

	if (!snap_set(obj, "expired_timestamp",
		      json_integer(pa->expired_timestamp)))
		return NULL;
	arrays = snap_set(obj, "arrays", json_array());
	if (!arrays)
		return NULL;
	for (i = 0; i < pa->nr_arrays; i++)
		if (!snap_append(arrays, prio_array_json(&pa->arrays[i])))
			return NULL;
	return obj;
}

static json_t *fair_rq_json(const struct sched_snapshot_fair_rq *q,
			    json_t *obj);

static json_t *entity_json(const struct sched_snapshot_fair_rq *q,
			   const struct sched_snapshot_entity *e)
{
	json_t *t;

	if (!e->group)
		t = task_json(&e->task);
	else
		t = json_pack("{s:s,s:I}", "group", e->group, "shares",
			      (json_int_t)e->shares);
	if (!t)
		return NULL;
	if (!snap_set(t, "vruntime", json_integer((json_int_t)e->vruntime)) ||
	    !snap_set(t, "weight", json_integer((json_int_t)e->weight)) ||
	    !snap_set(t, "sum_exec_runtime",
		      json_integer((json_int_t)e->sum_exec_runtime)))
		goto err;
	if (q->eevdf &&
	    (!snap_set(t, "deadline", json_integer((json_int_t)e->deadline)) ||
	     !snap_set(t, "min_deadline",
		       json_integer((json_int_t)e->min_deadline)) ||
	     !snap_set(t, "eligible", json_boolean(e->eligible)) ||
	     !snap_set(t, "lag", json_integer((json_int_t)e->lag)) ||
	     !snap_set(t, "slice", json_integer((json_int_t)e->slice))))
		goto err;
	if (e->queue &&
	    !snap_set(t, "queue", fair_rq_json(e->queue, json_object())))
		goto err;
	return t;
err:
	json_decref(t);
	return NULL;
}

/* a subtree: the entity, its colour and both subtrees (null when empty) */
static json_t *node_json(const struct sched_snapshot_fair_rq *q,
			 const struct sched_snapshot_entity *e)
{
	json_t *t;

	if (!e)
		return json_null();
	t = entity_json(q, e);
	if (t &&
	    (!snap_set(t, "color", json_string(e->red ? "red" : "black")) ||
	     !snap_set(t, "left", node_json(q, e->left)) ||
	     !snap_set(t, "right", node_json(q, e->right)))) {
		json_decref(t);
		return NULL;
	}
	return t;
}

/*
 * Into @obj (a new reference, or NULL), a queue: "min_vruntime", "load",
 * "nr_running", "curr": the running entity or null, "root": the tree;
 * eevdf adds "avg_vruntime" (V itself, not the sum) and "avg_load".
 */
static json_t *fair_rq_json(const struct sched_snapshot_fair_rq *q, json_t *obj)
{
	if (!obj)
		return NULL;
	if (!snap_set(obj, "min_vruntime",
		      json_integer((json_int_t)q->min_vruntime)) ||
	    !snap_set(obj, "load", json_integer((json_int_t)q->load)) ||
	    !snap_set(obj, "nr_running",
		      json_integer((json_int_t)q->nr_running)) ||
	    !snap_set(obj, "curr",
		      q->curr ? entity_json(q, q->curr) : json_null()) ||
	    !snap_set(obj, "root", node_json(q, q->root)))
		goto err;
	if (q->eevdf &&
	    (!snap_set(obj, "avg_vruntime",
		       json_integer((json_int_t)q->avg_vruntime)) ||
	     !snap_set(obj, "avg_load", json_integer((json_int_t)q->avg_load))))
		goto err;
	return obj;
err:
	json_decref(obj);
	return NULL;
}

/* into @obj: "tasks", goodness's run list */
static json_t *list_json(const struct sched_snapshot_list *list, json_t *obj)
{
	json_t *tasks, *t;
	unsigned int i;

	tasks = snap_set(obj, "tasks", json_array());
	if (!tasks)
		return NULL;
	for (i = 0; i < list->nr_tasks; i++) {
		const struct sched_snapshot_goodness_task *g = &list->tasks[i];

		t = snap_append(tasks, task_json(&g->task));
		if (!t || !snap_set(t, "counter", json_integer(g->counter)) ||
		    !snap_set(t, "goodness", json_integer(g->goodness)) ||
		    !snap_set(t, "cpu", json_integer(g->cpu)) ||
		    !snap_set(t, "yielded", json_boolean(g->yielded)) ||
		    !snap_set(t, "chosen_by", json_integer(g->chosen_by)))
			return NULL;
	}
	return obj;
}

static json_t *dl_task_json(const struct sched_snapshot_dl_task *d)
{
	json_t *t = task_json(&d->task);

	if (t && (!snap_set(t, "deadline", json_integer(d->deadline)) ||
		  !snap_set(t, "runtime", json_integer(d->runtime)) ||
		  !snap_set(t, "dl_runtime", json_integer(d->dl_runtime)) ||
		  !snap_set(t, "dl_deadline", json_integer(d->dl_deadline)) ||
		  !snap_set(t, "dl_period", json_integer(d->dl_period)) ||
		  !snap_set(t, "throttled", json_boolean(d->throttled)) ||
		  !snap_set(t, "misses", json_integer(d->misses)) ||
		  !snap_set(t, "throttles", json_integer(d->throttles)))) {
		json_decref(t);
		return NULL;
	}
	return t;
}

/* into @obj: "running_bw", "this_bw" and "tasks", the deadline class's */
static json_t *edf_json(const struct sched_snapshot_edf *edf, json_t *obj)
{
	json_t *tasks;
	unsigned int i;

	if (!snap_set(obj, "running_bw", json_integer(edf->running_bw)) ||
	    !snap_set(obj, "this_bw", json_integer(edf->this_bw)))
		return NULL;
	tasks = snap_set(obj, "tasks", json_array());
	if (!tasks)
		return NULL;
	for (i = 0; i < edf->nr_tasks; i++)
		if (!snap_append(tasks, dl_task_json(&edf->tasks[i])))
			return NULL;
	return obj;
}

static json_t *queue_json(const struct sched_snapshot_queue *q)
{
	static const char *const kinds[] = {
		[SCHED_SNAPSHOT_PRIO_ARRAYS] = "prio_arrays",
		[SCHED_SNAPSHOT_RBTREE] = "rbtree",
		[SCHED_SNAPSHOT_LIST] = "list",
		[SCHED_SNAPSHOT_EDF] = "edf",
	};
	json_t *obj = json_object(), *done = NULL;

	if (!obj)
		return NULL;
	if (!snap_set(obj, "class", json_string(q->sched_class->name)) ||
	    !snap_set(obj, "kind", json_string(kinds[q->kind])))
		goto err;
	switch (q->kind) {
	case SCHED_SNAPSHOT_PRIO_ARRAYS:
		done = prio_arrays_json(&q->prio_arrays, obj);
		break;
	case SCHED_SNAPSHOT_RBTREE:
		/* fair_rq_json() drops @obj itself when it fails */
		return fair_rq_json(&q->rbtree, obj);
	case SCHED_SNAPSHOT_LIST:
		done = list_json(&q->list, obj);
		break;
	case SCHED_SNAPSHOT_EDF:
		done = edf_json(&q->edf, obj);
		break;
	}
	if (done)
		return obj;
err:
	json_decref(obj);
	return NULL;
}

json_t *sched_snapshot_json(const struct sched_snapshot *snap)
{
	json_t *obj = json_object(), *queues;
	unsigned int i;

	if (!obj)
		return NULL;
	if (!snap_set(obj, "cpu", json_integer(snap->cpu)) ||
	    !snap_set(obj, "class", json_string(snap->sched_class->name)) ||
	    !snap_set(obj, "nr_running", json_integer(snap->nr_running)) ||
	    !snap_set(obj, "nr_switches", json_integer(snap->nr_switches)) ||
	    !snap_set(obj, "curr",
		      snap->idle ? json_null() : task_json(&snap->curr)))
		goto err;
	queues = snap_set(obj, "queues", json_array());
	if (!queues)
		goto err;
	for (i = 0; i < snap->nr_queues; i++)
		if (!snap_append(queues, queue_json(&snap->queues[i])))
			goto err;
	return obj;
err:
	json_decref(obj);
	return NULL;
}

json_t *sched_cpu_json(int cpu)
{
	struct sched_snapshot *snap;
	json_t *obj;

	if (sched_snapshot(cpu, &snap))
		return NULL;
	obj = sched_snapshot_json(snap);
	sched_snapshot_free(snap);
	return obj;
}
