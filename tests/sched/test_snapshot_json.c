// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_snapshot_json.c - sched/snapshot_json.c: a runqueue
 * snapshot as the JSON docs/sched.md shows (what the explorer page
 * reads), for o1's arrays and goodness's run list, and every jansson
 * allocation failed in turn.  The fair classes' trees are checked through
 * the same JSON in tests/sched/test_fair.c and test_fair_group.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "sched/class.h"
#include "sched/sched.h"
#include "sched/snapshot_json.h"
#include "tests/ktest.h"
#include "tests/sched/sched_test.h"

static json_t *queue_of(json_t *snap, unsigned int i)
{
	return json_array_get(json_object_get(snap, "queues"), i);
}

static long long int_at(json_t *obj, const char *key)
{
	return json_integer_value(json_object_get(obj, key));
}

/*
 * o1: both arrays, their bitmap words, and each non-empty queue in order.
 * Three nice-0 tasks woken on one CPU sit at prio 125 (sleep_avg 0); the
 * one that runs stays first in its queue.  After its slice it is alone
 * in expired.
 */
static void test_snapshot_o1(void)
{
	struct task_struct *a, *b, *c;
	json_t *snap, *q, *active, *expired, *tasks;
	char word[32];
	int i;

	machine_up(2);
	CU_ASSERT_PTR_NULL(sched_cpu_json(2));
	CU_ASSERT_PTR_NULL(sched_cpu_json(-1));
	a = new_task_on("a", 0, 0);
	b = new_task_on("b", 0, 0);
	c = new_task_on("c", 0, 0);
	CU_ASSERT_PTR_EQUAL(schedule(0), a);
	snap = sched_cpu_json(0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(snap);
	CU_ASSERT_EQUAL(int_at(snap, "cpu"), 0);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(snap, "class")), "o1");
	CU_ASSERT_EQUAL(int_at(snap, "nr_running"), 3);
	CU_ASSERT_EQUAL(int_at(json_object_get(snap, "curr"), "pid"), a->pid);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(snap, "queues")), 1);
	q = queue_of(snap, 0);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(q, "kind")),
			       "prio_arrays");
	active = json_array_get(json_object_get(q, "arrays"), 0);
	expired = json_array_get(json_object_get(q, "arrays"), 1);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(active, "name")), "active");
	CU_ASSERT_EQUAL(int_at(active, "nr_active"), 3);
	CU_ASSERT_EQUAL(int_at(expired, "nr_active"), 0);
	/* bit 125 is word 1 bit 61; the sentinel 140 is word 2 bit 12 */
	snprintf(word, sizeof(word), "0x%016lx", 1UL << 61);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_array_get(
				       json_object_get(active, "bitmap"), 1)),
			       word);
	snprintf(word, sizeof(word), "0x%016lx", 1UL << 12);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_array_get(
				       json_object_get(active, "bitmap"), 2)),
			       word);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(expired, "queues")), 0);
	q = json_array_get(json_object_get(active, "queues"), 0);
	CU_ASSERT_EQUAL(int_at(q, "prio"), 125);
	tasks = json_object_get(q, "tasks");
	CU_ASSERT_EQUAL_FATAL(json_array_size(tasks), 3);
	CU_ASSERT_EQUAL(int_at(json_array_get(tasks, 0), "pid"), a->pid);
	CU_ASSERT_EQUAL(int_at(json_array_get(tasks, 1), "pid"), b->pid);
	CU_ASSERT_EQUAL(int_at(json_array_get(tasks, 2), "pid"), c->pid);
	CU_ASSERT_EQUAL(int_at(json_array_get(tasks, 0), "time_slice"), 151);
	json_decref(snap);
	for (i = 0; i < 151; i++)
		machine_tick();
	snap = sched_cpu_json(0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(snap);
	expired =
		json_array_get(json_object_get(queue_of(snap, 0), "arrays"), 1);
	CU_ASSERT_EQUAL(int_at(expired, "nr_active"), 1);
	CU_ASSERT_EQUAL(
		int_at(json_array_get(
			       json_object_get(
				       json_array_get(json_object_get(expired,
								      "queues"),
						      0),
				       "tasks"),
			       0),
		       "pid"),
		a->pid);
	json_decref(snap);
	machine_down();
}

/* goodness: the rt class's array in front, then the run list */
static void test_snapshot_goodness(void)
{
	struct task_struct *a, *f;
	json_t *snap, *rt, *list, *t;

	machine_up_class(1, 100, &goodness_sched_class);
	a = new_task_on("a", -5, 0);
	f = sched_new_task("f", 0, SCHED_FIFO, 10);
	CU_ASSERT_EQUAL(wake_up_forked_process(f, 0), 0);
	snap = sched_cpu_json(0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(snap);
	CU_ASSERT_TRUE(json_is_null(json_object_get(snap, "curr")));
	rt = queue_of(snap, 0);
	list = queue_of(snap, 1);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(rt, "class")),
			       "rt");
	CU_ASSERT_EQUAL(json_array_size(json_object_get(rt, "arrays")), 1);
	CU_ASSERT_EQUAL(
		int_at(json_array_get(
			       json_object_get(
				       json_array_get(
					       json_object_get(rt, "arrays"), 0),
				       "queues"),
			       0),
		       "prio"),
		99 - 10);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(list, "kind")),
			       "list");
	t = json_array_get(json_object_get(list, "tasks"), 0);
	CU_ASSERT_EQUAL(int_at(t, "pid"), a->pid);
	/* HZ=100, nice -5: 25 >> 2 + 1 = 7 ticks; 7+15+1+25 on CPU 0 */
	CU_ASSERT_EQUAL(int_at(t, "counter"), 7);
	CU_ASSERT_EQUAL(int_at(t, "goodness"), 48);
	CU_ASSERT_EQUAL(int_at(t, "chosen_by"), -1);
	CU_ASSERT_EQUAL(int_at(t, "nice"), -5);
	json_decref(snap);
	machine_down();
}

/* jansson allocations, failed on demand and counted */
static long json_live;
static long json_fail_at = -1;

static void *json_counted_malloc(size_t size)
{
	void *p;

	if (json_fail_at == 0)
		return NULL;
	if (json_fail_at > 0)
		json_fail_at--;
	p = malloc(size);
	if (p)
		json_live++;
	return p;
}

static void json_counted_free(void *p)
{
	if (p)
		json_live--;
	free(p);
}

/* every allocation of a snapshot fails in turn: NULL, nothing leaked */
static void test_snapshot_out_of_memory(void)
{
	struct task_struct *f;
	json_t *snap;
	unsigned int i;
	long n;

	for (i = 0; sched_classes[i]; i++) {
		machine_up_class(2, 1000, sched_classes[i]);
		new_task_on("a", 0, 0);
		new_task_on("b", 3, 0);
		f = sched_new_task("f", 0, SCHED_RR, 1);
		wake_up_forked_process(f, 0);
		schedule(0);
		json_set_alloc_funcs(json_counted_malloc, json_counted_free);
		for (n = 0;; n++) {
			json_fail_at = n;
			snap = sched_cpu_json(0);
			json_fail_at = -1;
			if (snap)
				break;
			CU_ASSERT_EQUAL(json_live, 0);
			CU_ASSERT_FATAL(n < 10000);
		}
		CU_ASSERT(n > 20);
		json_decref(snap);
		CU_ASSERT_EQUAL(json_live, 0);
		json_set_alloc_funcs(malloc, free);
		machine_down();
	}
}

static CU_TestInfo snapshot_json_tests[] = {
	{ "an o1 runqueue", test_snapshot_o1 },
	{ "a goodness runqueue", test_snapshot_goodness },
	{ "out of memory, every class", test_snapshot_out_of_memory },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/snapshot_json/sched_snapshot_json", snapshot_json_tests,
	    NULL, NULL)
