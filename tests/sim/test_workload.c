// SPDX-License-Identifier: MIT
/*
 * tests/sim/test_workload.c - rt-app's workload files and the built-ins
 * (sim/workload.c): every key read exactly, rt-app's text that is not
 * JSON (comments, trailing commas, duplicate keys renamed as workgen
 * renames them, keys without a value), every event as the events it
 * becomes, the resources they name, one warning per key not modelled,
 * every bad file refused with a message naming the key or the line,
 * nothing returned and nothing leaked on failure, allocation failures at
 * every step.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "sim/workload.h"
#include "tests/faults.h"
#include "tests/ktest.h"

static const char full_json[] =
	"{\n"
	"  \"global\": { \"duration\": 1.5, \"default_policy\": \"SCHED_OTHER\" },\n"
	"  \"tasks\": {\n"
	"    \"a b,\": { \"instance\": 3, \"loop\": 5, \"priority\": -7,\n"
	"             \"cpus\": [1, 3, 1], \"delay\": 250, \"jitter\": 40,\n"
	"             \"run\": 1000, \"sleep0\": 2000, \"fork\": \"child\",\n"
	"             \"timer\": { \"ref\": \"t\", \"period\": 16000 },\n"
	"             \"yield\": 0, \"runtime\": 7, \"affinity\": [2, 0] },\n"
	"    \"rt\": { \"policy\": \"SCHED_FIFO\", \"priority\": 42,\n"
	"            \"phases\": { \"p1\": { \"loop\": 4, \"run\": 10 },\n"
	"                        \"p2\": { \"loop\": -1, \"sleep\": 20 } } },\n"
	"    \"child\": { \"instance\": 0, \"policy\": \"SCHED_RR\", \"run\": 5 }\n"
	"  }\n"
	"}\n";

static struct sim_workload *parse_ok(const char *json, unsigned int cpus)
{
	struct sim_workload *wl = NULL;
	char err[512] = "";

	if (sim_workload_parse(json, "w.json", cpus, &wl, err, sizeof(err)))
		fprintf(stderr, "\n%s\n", err);
	return wl;
}

static void test_parse_every_key(void)
{
	struct sim_workload *wl = NULL;
	const struct sim_task_desc *t;
	const struct sim_event_desc *e;
	long live = kmalloc_live();
	char err[256] = "";

	CU_ASSERT_EQUAL_FATAL(sim_workload_parse(full_json, "dir/fu\"ll.json",
						 4, &wl, err, sizeof(err)),
			      0);
	CU_ASSERT_STRING_EQUAL(err, "");
	CU_ASSERT_STRING_EQUAL(wl->name, "fu_ll");
	CU_ASSERT_EQUAL(wl->duration_usec, 1500000);
	CU_ASSERT_EQUAL_FATAL(wl->nr_tasks, 3);
	CU_ASSERT_EQUAL(sim_workload_nr_initial(wl), 4);
	CU_ASSERT_EQUAL(wl->nr_warnings, 0);

	t = &wl->tasks[0];
	CU_ASSERT_STRING_EQUAL(t->name, "a_b_");
	CU_ASSERT_EQUAL(t->instances, 3);
	CU_ASSERT_EQUAL(t->loop, 5);
	CU_ASSERT_EQUAL(t->policy, SCHED_OTHER);
	CU_ASSERT_EQUAL(t->priority, -7);
	CU_ASSERT_EQUAL(t->cpus_allowed, (1ul << 1) | (1ul << 3));
	CU_ASSERT_EQUAL(t->delay_usec, 250);
	CU_ASSERT_EQUAL(t->jitter, 40);
	CU_ASSERT_EQUAL(t->taskgroup, SIM_NO_TASKGROUP);
	CU_ASSERT_EQUAL(t->slice_usec, 0);
	CU_ASSERT_EQUAL(wl->nr_taskgroups, 0);
	CU_ASSERT_EQUAL_FATAL(t->nr_phases, 1);
	CU_ASSERT_EQUAL(t->phases[0].loop, 1);
	CU_ASSERT_EQUAL_FATAL(t->phases[0].nr_events, 7);
	e = t->phases[0].events;
	CU_ASSERT(e[0].kind == SIM_EVENT_RUN && e[0].usec == 1000);
	CU_ASSERT(e[1].kind == SIM_EVENT_SLEEP && e[1].usec == 2000);
	CU_ASSERT(e[2].kind == SIM_EVENT_FORK && e[2].fork_task == 2);
	CU_ASSERT(e[3].kind == SIM_EVENT_TIMER && e[3].usec == 16000 &&
		  !e[3].local && e[3].res == 0);
	CU_ASSERT(e[4].kind == SIM_EVENT_YIELD);
	CU_ASSERT(e[5].kind == SIM_EVENT_RUNTIME && e[5].usec == 7);
	CU_ASSERT(e[6].kind == SIM_EVENT_AFFINITY && e[6].cpus == 5ul);
	CU_ASSERT_EQUAL_FATAL(wl->nr_resources, 1);
	CU_ASSERT_STRING_EQUAL(wl->resources[0].name, "t");
	CU_ASSERT_EQUAL(wl->resources[0].kind, SIM_RES_TIMER);
	CU_ASSERT_EQUAL(wl->resources[0].absolute, 0);

	t = &wl->tasks[1];
	CU_ASSERT_STRING_EQUAL(t->name, "rt");
	CU_ASSERT_EQUAL(t->instances, 1);
	CU_ASSERT_EQUAL(t->loop, -1);
	CU_ASSERT_EQUAL(t->policy, SCHED_FIFO);
	CU_ASSERT_EQUAL(t->priority, 42);
	CU_ASSERT_EQUAL(t->cpus_allowed, 0xful);
	CU_ASSERT_EQUAL_FATAL(t->nr_phases, 2);
	CU_ASSERT_EQUAL(t->phases[0].loop, 4);
	CU_ASSERT_EQUAL(t->phases[0].nr_events, 1);
	CU_ASSERT(t->phases[0].events[0].kind == SIM_EVENT_RUN);
	CU_ASSERT_EQUAL(t->phases[1].loop, -1);
	CU_ASSERT(t->phases[1].events[0].kind == SIM_EVENT_SLEEP &&
		  t->phases[1].events[0].usec == 20);

	t = &wl->tasks[2];
	CU_ASSERT_EQUAL(t->instances, 0);
	CU_ASSERT_EQUAL(t->policy, SCHED_RR);
	CU_ASSERT_EQUAL(t->priority, 10); /* rt-app's RT default */
	sim_workload_free(wl);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static void test_default_policy(void)
{
	struct sim_workload *wl = NULL;

	CU_ASSERT_EQUAL_FATAL(
		sim_workload_parse(
			"{\"global\":{\"default_policy\":\"SCHED_RR\",\"duration\":-1},"
			"\"tasks\":{\"x\":{\"run\":1},\"y\":{\"policy\":\"SCHED_NORMAL\",\"priority\":19,\"run\":1}}}",
			"d", 1, &wl, NULL, 0),
		0);
	CU_ASSERT_EQUAL(wl->duration_usec, 0);
	CU_ASSERT_EQUAL(wl->tasks[0].policy, SCHED_RR);
	CU_ASSERT_EQUAL(wl->tasks[0].priority, 10);
	CU_ASSERT_EQUAL(wl->tasks[1].policy, SCHED_OTHER);
	CU_ASSERT_EQUAL(wl->tasks[1].priority, 19);
	CU_ASSERT_EQUAL(wl->tasks[0].cpus_allowed, 1ul);
	sim_workload_free(wl);
}

/* ------------------------------------------- rt-app's text, not JSON */

/* comments, outside strings only; line numbers stay the file's */
static void test_comments(void)
{
	static const char text[] =
		"/* a comment\n"
		"   of three lines */ {\n"
		"  // one line, with \"quotes\" and a /* in it\n"
		"  \"tasks\": { \"a/*b*/c//d\": { \"run\": 5 /* us */, // end\n"
		"             \"lock\": \"m//x\" } }\n"
		"}\n";
	struct sim_workload *wl = parse_ok(text, 1);
	char err[256] = "";

	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_STRING_EQUAL(wl->tasks[0].name, "a/*b*/c//d");
	CU_ASSERT_EQUAL(wl->tasks[0].phases[0].events[0].usec, 5);
	CU_ASSERT_STRING_EQUAL(wl->resources[0].name, "m//x");
	sim_workload_free(wl);

	/* an error after comments names the file's line */
	CU_ASSERT_EQUAL(
		sim_workload_parse("/*\n\n*/ { // x\n\"tasks\": 5 6 }\n",
				   "c.json", 1, &wl, err, sizeof(err)),
		-EINVAL);
	CU_ASSERT_EQUAL(strncmp(err, "c.json:4:", 9), 0);
	CU_ASSERT_EQUAL(
		sim_workload_parse("{ \"tasks\": {}\n/* never\nends }\n",
				   "c.json", 1, &wl, err, sizeof(err)),
		-EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "c.json:2: a /* comment that never ends");
}

/* a comma before a closing bracket, in objects and arrays */
static void test_trailing_commas(void)
{
	struct sim_workload *wl = parse_ok(
		"{ \"tasks\": { \"a\": { \"cpus\": [0, 1, ], \"run\": 5, }, },\n"
		"  \"global\": { \"duration\": 2, /* x */ }, }\n",
		2);

	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL(wl->tasks[0].cpus_allowed, 3ul);
	CU_ASSERT_EQUAL(wl->duration_usec, 2000000);
	sim_workload_free(wl);
}

/* ask for the path of a bad value to see the name a key was given */
static void expect_error(const char *json, const char *want)
{
	struct sim_workload *wl = NULL;
	char err[512] = "";

	CU_ASSERT_EQUAL(sim_workload_parse(json, "d", 1, &wl, err, sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NULL(wl);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, want));
	if (!strstr(err, want))
		fprintf(stderr, "\ngot \"%s\", want \"%s\"\n", err, want);
}

/*
 * Duplicate keys are renamed as rt-app's workgen does: the key plus a
 * number that starts at 1 in each object, counts up past names in use,
 * and does not go back.
 */
static void test_duplicates_renamed(void)
{
	static const enum sim_event_kind kinds[] = {
		SIM_EVENT_RUN,	 SIM_EVENT_SLEEP, SIM_EVENT_RUN,
		SIM_EVENT_SLEEP, SIM_EVENT_RUN,	  SIM_EVENT_RUN,
	};
	struct sim_workload *wl;
	const struct sim_event_desc *e;
	unsigned int i;

	expect_error("{\"tasks\":{\"a\":{\"run\":1,\"run\":-5}}}",
		     "tasks.a.run1: negative duration");
	expect_error("{\"tasks\":{\"a\":{\"run\":1,\"run\":2,\"run\":-5}}}",
		     "tasks.a.run2: negative");
	expect_error("{\"tasks\":{\"a\":{\"run\":1,\"run1\":2,\"run\":-5}}}",
		     "tasks.a.run2: negative");
	/* the number is the object's, not the key's */
	expect_error("{\"tasks\":{\"a\":{\"run\":1,\"run\":1,\"run\":1,"
		     "\"sleep\":1,\"sleep\":-1}}}",
		     "tasks.a.sleep2: negative");
	/* and each object has its own */
	expect_error("{\"tasks\":{\"a\":{\"run\":1,\"run\":1},"
		     "\"b\":{\"run\":1,\"run\":-1}}}",
		     "tasks.b.run1: negative");
	/* a task and a phase given twice */
	expect_error("{\"tasks\":{\"a\":{\"run\":1},\"a\":{\"run\":-1}}}",
		     "tasks.a1.run: negative");
	expect_error("{\"tasks\":{\"a\":{\"phases\":{\"p\":{\"run\":1},"
		     "\"p\":{\"run\":-1}}}}}",
		     "tasks.a.phases.p1.run: negative");

	/* an empty key given twice (found by the fuzzer) */
	wl = parse_ok("{\"tasks\":{\"\":{\"run\":1},\"\":{\"run\":2}}}", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL(wl->nr_tasks, 2);
	CU_ASSERT_STRING_EQUAL(wl->tasks[0].name, "task");
	CU_ASSERT_STRING_EQUAL(wl->tasks[1].name, "1");
	sim_workload_free(wl);

	/* every event runs, in file order */
	wl = parse_ok("{\"tasks\":{\"a\":{\"run\":1,\"sleep\":2,\"run\":3,"
		      "\"sleep\":4,\"run\":5,\"run1\":6}}}",
		      1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL_FATAL(wl->tasks[0].phases[0].nr_events, 6);
	e = wl->tasks[0].phases[0].events;
	for (i = 0; i < 6; i++) {
		CU_ASSERT_EQUAL(e[i].usec, i + 1);
		CU_ASSERT_EQUAL(e[i].kind, kinds[i]);
	}
	sim_workload_free(wl);
}

/* a key without a value (rt-app's video examples) is null, with a warning */
static void test_key_without_value(void)
{
	struct sim_workload *wl = parse_ok(
		"{\"tasks\":{\"a\":{\"loop\":-1,\n\"suspend\",\n\"run\":5},\n"
		"\"b\":{\"run\":5,\"suspend\"}}}",
		1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL(wl->tasks[0].phases[0].nr_events, 4);
	CU_ASSERT_EQUAL(wl->tasks[0].phases[0].events[1].kind, SIM_EVENT_WAIT);
	CU_ASSERT_EQUAL(wl->tasks[1].phases[0].nr_events, 4);
	/* one warning for the key, not one per place */
	CU_ASSERT_EQUAL_FATAL(wl->nr_warnings, 1);
	CU_ASSERT_STRING_EQUAL(
		wl->warnings[0],
		"w.json: line 2: \"suspend\" has no value (not JSON); read as null");
	sim_workload_free(wl);
}

/* ------------------------------------------------------------ events */

static void expect_event(const struct sim_event_desc *e,
			 enum sim_event_kind kind, unsigned int res,
			 unsigned int mutex)
{
	CU_ASSERT_EQUAL(e->kind, kind);
	CU_ASSERT_EQUAL(e->res, res);
	CU_ASSERT_EQUAL(e->mutex, mutex);
}

/* the resource @i of @wl is (@kind, @name) */
static int resource_is(const struct sim_workload *wl, unsigned int i,
		       enum sim_resource_kind kind, const char *name)
{
	return i < wl->nr_resources && wl->resources[i].kind == kind &&
	       !strcmp(wl->resources[i].name, name);
}

/*
 * rt-app's events on resources, each as the events it becomes; resources
 * are found by kind and name, made on first use.
 */
static void test_resource_events(void)
{
	struct sim_workload *wl = parse_ok(
		"{\"tasks\":{\"t\":{\"instance\":2,"
		"\"lock\":\"m\",\"wait\":{\"ref\":\"c\",\"mutex\":\"m\"},"
		"\"signal\":\"c\",\"broad\":\"c\",\"unlock\":\"m\","
		"\"sync\":{\"ref\":\"c\",\"mutex\":\"m\"},"
		"\"suspend\":\"ignored\",\"resume\":\"u\","
		"\"barrier\":\"b\",\"sem_post\":\"s\",\"sem_wait\":\"s\","
		"\"wait1\":{},\"run\":1},"
		"\"u\":{\"instance\":3,\"barrier\":\"b\",\"sleep\":1}}}",
		1);
	const struct sim_event_desc *e;
	unsigned int m, c, tm, tc, um, uc, b, s, um2, uc2;

	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL_FATAL(wl->tasks[0].phases[0].nr_events, 18);
	e = wl->tasks[0].phases[0].events;
	m = e[0].res;
	c = e[1].res;
	CU_ASSERT(resource_is(wl, m, SIM_RES_MUTEX, "m"));
	CU_ASSERT(resource_is(wl, c, SIM_RES_COND, "c"));
	expect_event(&e[0], SIM_EVENT_LOCK, m, SIM_NO_RESOURCE);
	expect_event(&e[1], SIM_EVENT_WAIT, c, m);
	expect_event(&e[2], SIM_EVENT_SIGNAL, c, SIM_NO_RESOURCE);
	expect_event(&e[3], SIM_EVENT_BROADCAST, c, SIM_NO_RESOURCE);
	expect_event(&e[4], SIM_EVENT_UNLOCK, m, SIM_NO_RESOURCE);
	/* sync: signal, then wait */
	expect_event(&e[5], SIM_EVENT_SIGNAL, c, SIM_NO_RESOURCE);
	expect_event(&e[6], SIM_EVENT_WAIT, c, m);
	/* suspend: lock, wait, unlock on the task's own name */
	tm = e[7].res;
	tc = e[8].res;
	CU_ASSERT(resource_is(wl, tm, SIM_RES_MUTEX, "t"));
	CU_ASSERT(resource_is(wl, tc, SIM_RES_COND, "t"));
	expect_event(&e[7], SIM_EVENT_LOCK, tm, SIM_NO_RESOURCE);
	expect_event(&e[8], SIM_EVENT_WAIT, tc, tm);
	expect_event(&e[9], SIM_EVENT_UNLOCK, tm, SIM_NO_RESOURCE);
	/* resume: lock, broadcast, unlock on the named task's */
	um = e[10].res;
	uc = e[11].res;
	CU_ASSERT(resource_is(wl, um, SIM_RES_MUTEX, "u"));
	CU_ASSERT(resource_is(wl, uc, SIM_RES_COND, "u"));
	expect_event(&e[10], SIM_EVENT_LOCK, um, SIM_NO_RESOURCE);
	expect_event(&e[11], SIM_EVENT_BROADCAST, uc, SIM_NO_RESOURCE);
	expect_event(&e[12], SIM_EVENT_UNLOCK, um, SIM_NO_RESOURCE);
	b = e[13].res;
	CU_ASSERT(resource_is(wl, b, SIM_RES_BARRIER, "b"));
	expect_event(&e[13], SIM_EVENT_BARRIER, b, SIM_NO_RESOURCE);
	/* its users: the instances of every task naming it */
	CU_ASSERT_EQUAL(wl->resources[b].users, 2 + 3);
	s = e[14].res;
	CU_ASSERT(resource_is(wl, s, SIM_RES_SEM, "s"));
	expect_event(&e[14], SIM_EVENT_SEM_POST, s, SIM_NO_RESOURCE);
	expect_event(&e[15], SIM_EVENT_SEM_WAIT, s, SIM_NO_RESOURCE);
	/* rt-app's defaults: condition and mutex "unknown" */
	uc2 = e[16].res;
	um2 = e[16].mutex;
	CU_ASSERT(resource_is(wl, uc2, SIM_RES_COND, "unknown"));
	CU_ASSERT(resource_is(wl, um2, SIM_RES_MUTEX, "unknown"));
	CU_ASSERT_EQUAL(e[17].kind, SIM_EVENT_RUN);
	/* one resource per kind and name: m c t t u u b s unknown unknown */
	CU_ASSERT_EQUAL(wl->nr_resources, 10);
	CU_ASSERT_EQUAL(wl->nr_warnings, 0);
	sim_workload_free(wl);
}

/* "unique" timers are the task's own; others are shared by name */
static void test_timers(void)
{
	struct sim_workload *wl = parse_ok(
		"{\"tasks\":{"
		"\"a\":{\"phases\":{\"p\":{\"run\":1,\"timer\":{\"ref\":\"unique\",\"period\":10}},"
		"\"q\":{\"timer\":{\"ref\":\"unique\",\"period\":20},"
		"\"timer1\":{\"ref\":\"uniqueB\",\"period\":5,\"mode\":\"absolute\"},"
		"\"timer2\":{\"ref\":\"shared\",\"period\":30}}}},"
		"\"b\":{\"timer\":{\"ref\":\"shared\",\"period\":30,\"mode\":\"absolute\"},"
		"\"timer1\":{\"ref\":\"unique\",\"period\":7}}}}",
		1);
	const struct sim_task_desc *a, *b;

	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	a = &wl->tasks[0];
	b = &wl->tasks[1];
	CU_ASSERT_EQUAL_FATAL(a->nr_timers, 2);
	CU_ASSERT_STRING_EQUAL(a->timers[0].name, "unique");
	CU_ASSERT_EQUAL(a->timers[0].absolute, 0);
	CU_ASSERT_STRING_EQUAL(a->timers[1].name, "uniqueB");
	CU_ASSERT_EQUAL(a->timers[1].absolute, 1);
	/* the same unique name in two phases is one timer */
	CU_ASSERT(a->phases[0].events[1].local &&
		  a->phases[0].events[1].res == 0 &&
		  a->phases[0].events[1].usec == 10);
	CU_ASSERT(a->phases[1].events[0].local &&
		  a->phases[1].events[0].res == 0);
	CU_ASSERT(a->phases[1].events[1].local &&
		  a->phases[1].events[1].res == 1);
	CU_ASSERT_EQUAL_FATAL(b->nr_timers, 1);
	CU_ASSERT(b->phases[0].events[1].local &&
		  b->phases[0].events[1].res == 0);
	/* one shared timer, absolute since one event says so */
	CU_ASSERT_EQUAL_FATAL(wl->nr_resources, 1);
	CU_ASSERT(resource_is(wl, 0, SIM_RES_TIMER, "shared"));
	CU_ASSERT_EQUAL(wl->resources[0].absolute, 1);
	CU_ASSERT(!a->phases[1].events[2].local &&
		  a->phases[1].events[2].res == 0);
	CU_ASSERT(!b->phases[0].events[0].local &&
		  b->phases[0].events[0].res == 0);
	sim_workload_free(wl);
}

/* per-phase cpus: an affinity change opens every phase */
static void test_phase_cpus(void)
{
	struct sim_workload *wl = parse_ok(
		"{\"tasks\":{\"a\":{\"cpus\":[2],\"phases\":{"
		"\"p\":{\"cpus\":[0],\"run\":1},\"q\":{\"cpus\":[1,3],\"run\":1},"
		"\"r\":{\"run\":1}}},"
		"\"b\":{\"phases\":{\"p\":{\"run\":1},\"q\":{\"run\":1}}}}}",
		4);
	const struct sim_task_desc *a;
	unsigned int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	a = &wl->tasks[0];
	CU_ASSERT_EQUAL(a->cpus_allowed, 4ul);
	for (i = 0; i < 3; i++) {
		CU_ASSERT_EQUAL_FATAL(a->phases[i].nr_events, 2);
		CU_ASSERT_EQUAL(a->phases[i].events[0].kind,
				SIM_EVENT_AFFINITY);
		CU_ASSERT_EQUAL(a->phases[i].events[1].kind, SIM_EVENT_RUN);
	}
	CU_ASSERT_EQUAL(a->phases[0].events[0].cpus, 1ul);
	CU_ASSERT_EQUAL(a->phases[1].events[0].cpus, 0xaul);
	/* a phase without cpus runs on the task's */
	CU_ASSERT_EQUAL(a->phases[2].events[0].cpus, 4ul);
	/* no phase names cpus: nothing added */
	CU_ASSERT_EQUAL(wl->tasks[1].phases[0].nr_events, 1);
	sim_workload_free(wl);
}

/*
 * SCHED_BATCH, SCHED_IDLE, dl-runtime and taskgroup are kept; what a
 * class does with them is the simulator's to say (sim_warning()): only a
 * real-time task's dl-runtime is a warning here.  The taskgroup paths
 * make the table, the root first and each group after its parent (/tg1
 * comes with /tg1/tg11 if not before); a phase's taskgroup is an event at
 * its start, after its cpus.
 */
static void test_policies_slices_groups(void)
{
	struct sim_workload *wl = parse_ok(
		"{\"tasks\":{"
		"\"b\":{\"policy\":\"SCHED_BATCH\",\"priority\":5,\"run\":1,"
		"\"taskgroup\":\"/tg1\",\"dl-runtime\":3000},"
		"\"i\":{\"policy\":\"SCHED_IDLE\",\"phases\":{"
		"\"p\":{\"taskgroup\":\"/tg2/tg21\",\"cpus\":[0],\"run\":1},"
		"\"q\":{\"run\":1},\"r\":{\"taskgroup\":\"/\",\"run\":1}}},"
		"\"o\":{\"taskgroup\":\"\",\"run\":1},"
		"\"f\":{\"policy\":\"SCHED_FIFO\",\"dl-runtime\":10,\"run\":1}}}",
		2);
	static const char *const paths[] = { "/", "/tg1", "/tg2", "/tg2/tg21" };
	static const unsigned int parents[] = { 0, 0, 0, 2 };
	const struct sim_phase_desc *ph;
	unsigned int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL(wl->tasks[0].policy, SCHED_BATCH);
	CU_ASSERT_EQUAL(wl->tasks[0].priority, 5);
	CU_ASSERT_EQUAL(wl->tasks[0].taskgroup, 1);
	CU_ASSERT_EQUAL(wl->tasks[0].slice_usec, 3000);
	CU_ASSERT_EQUAL(wl->tasks[1].policy, SCHED_IDLE);
	CU_ASSERT_EQUAL(wl->tasks[1].taskgroup, SIM_NO_TASKGROUP);
	CU_ASSERT_EQUAL_FATAL(wl->nr_taskgroups, ARRAY_SIZE(paths));
	for (i = 0; i < ARRAY_SIZE(paths); i++) {
		CU_ASSERT_STRING_EQUAL(wl->taskgroups[i].path, paths[i]);
		CU_ASSERT_EQUAL(wl->taskgroups[i].parent, parents[i]);
	}
	ph = &wl->tasks[1].phases[0];
	CU_ASSERT_EQUAL_FATAL(ph->nr_events, 3);
	CU_ASSERT_EQUAL(ph->events[0].kind, SIM_EVENT_AFFINITY);
	CU_ASSERT_EQUAL(ph->events[1].kind, SIM_EVENT_TASKGROUP);
	CU_ASSERT_EQUAL(ph->events[1].res, 3);
	CU_ASSERT_EQUAL(ph->events[2].kind, SIM_EVENT_RUN);
	/* rt-app: a phase without cpus runs on the task's, when one has */
	ph = &wl->tasks[1].phases[1];
	CU_ASSERT_EQUAL(ph->nr_events, 2);
	ph = &wl->tasks[1].phases[2];
	CU_ASSERT_EQUAL_FATAL(ph->nr_events, 3);
	CU_ASSERT_EQUAL(ph->events[1].kind, SIM_EVENT_TASKGROUP);
	CU_ASSERT_EQUAL(ph->events[1].res, 0);
	CU_ASSERT_EQUAL(wl->tasks[2].taskgroup, SIM_NO_TASKGROUP); /* "" */
	CU_ASSERT_EQUAL(wl->tasks[3].slice_usec, 0); /* FIFO: none */
	CU_ASSERT_EQUAL_FATAL(wl->nr_warnings, 1);
	CU_ASSERT_STRING_EQUAL(
		wl->warnings[0],
		"w.json: tasks.f.dl-runtime: only SCHED_DEADLINE and fair tasks have a runtime; ignored");
	sim_workload_free(wl);
}

/*
 * A taskgroup path is read as the file system reads it: repeated and
 * trailing slashes do not count (one warning for every such path), and
 * the same group is found whatever way it is written.
 */
static void test_taskgroup_paths(void)
{
	struct sim_workload *wl =
		parse_ok("{\"tasks\":{"
			 "\"a\":{\"taskgroup\":\"//x///y/\",\"run\":1},"
			 "\"b\":{\"taskgroup\":\"/x/y\",\"run\":1},"
			 "\"c\":{\"taskgroup\":\"/x/\",\"run\":1},"
			 "\"d\":{\"taskgroup\":\"///\",\"run\":1},"
			 "\"e\":{\"taskgroup\":\"/a b/\u00e9\",\"run\":1}}}",
			 1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL_FATAL(wl->nr_taskgroups, 5);
	CU_ASSERT_STRING_EQUAL(wl->taskgroups[1].path, "/x");
	CU_ASSERT_STRING_EQUAL(wl->taskgroups[2].path, "/x/y");
	CU_ASSERT_STRING_EQUAL(wl->taskgroups[4].path, "/a b/\xc3\xa9");
	CU_ASSERT_EQUAL(wl->taskgroups[4].parent, 3);
	CU_ASSERT_EQUAL(wl->tasks[0].taskgroup, 2);
	CU_ASSERT_EQUAL(wl->tasks[1].taskgroup, 2);
	CU_ASSERT_EQUAL(wl->tasks[2].taskgroup, 1);
	CU_ASSERT_EQUAL(wl->tasks[3].taskgroup, 0);
	CU_ASSERT_EQUAL_FATAL(wl->nr_warnings, 1);
	CU_ASSERT_STRING_EQUAL(
		wl->warnings[0],
		"w.json: tasks.a.taskgroup: \"//x///y/\" is read as \"/x/y\", as the file system reads it");
	sim_workload_free(wl);
}

/*
 * "global": {"taskgroups": {PATH: {"shares": N}}} (a kstruct extension)
 * gives a group its weight: the path read as a task's "taskgroup" is (the
 * same group, with its parents, made first since "global" is read
 * first), the other groups keep 0 (the default); an unknown key in a
 * group is warned about.
 */
static void test_taskgroup_shares(void)
{
	struct sim_workload *wl = parse_ok(
		"{\"global\":{\"taskgroups\":{\"/A//x/\":{\"shares\":2},"
		"\"/B\":{\"shares\":262144,\"weight\":3}}},"
		"\"tasks\":{\"a\":{\"taskgroup\":\"/A/x\",\"run\":1},"
		"\"b\":{\"taskgroup\":\"/B\",\"run\":1},"
		"\"c\":{\"taskgroup\":\"/C\",\"run\":1}}}",
		1);
	static const char *const paths[] = { "/", "/A", "/A/x", "/B", "/C" };
	static const unsigned long shares[] = { 0, 0, 2, 262144, 0 };
	unsigned int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL_FATAL(wl->nr_taskgroups, ARRAY_SIZE(paths));
	for (i = 0; i < ARRAY_SIZE(paths); i++) {
		CU_ASSERT_STRING_EQUAL(wl->taskgroups[i].path, paths[i]);
		CU_ASSERT_EQUAL(wl->taskgroups[i].shares, shares[i]);
	}
	CU_ASSERT_EQUAL(wl->tasks[0].taskgroup, 2);
	CU_ASSERT_EQUAL(wl->tasks[1].taskgroup, 3);
	CU_ASSERT_EQUAL_FATAL(wl->nr_warnings, 2);
	CU_ASSERT_STRING_EQUAL(
		wl->warnings[0],
		"w.json: global.taskgroups./A//x/: \"/A//x/\" is read as \"/A/x\", as the file system reads it");
	CU_ASSERT_STRING_EQUAL(
		wl->warnings[1],
		"w.json: global.taskgroups./B.weight: not a key of a taskgroup; ignored");
	sim_workload_free(wl);
}

/*
 * No task group is renamed: a PATH given twice in "taskgroups" is an
 * error naming both places (line:column, the column in characters: the
 * é before the second is one); paths the file system reads alike ("/a",
 * "//a/") are one group, refused when their shares differ (no shares is
 * 1024), accepted when they agree.  Elsewhere duplicate keys are still
 * renamed as workgen does (test_duplicates_renamed()).
 */
static void test_taskgroup_duplicates(void)
{
	struct sim_workload *wl;

	expect_error("{\"global\":{\"taskgroups\":{\"/a\":{\"shares\":256},\n"
		     "\"/\u00e9\":{}, \"/a\":{\"shares\":256}}},"
		     "\"tasks\":{\"t\":{\"taskgroup\":\"/a\",\"run\":1}}}",
		     "d:2:10: taskgroup \"/a\" is given twice (first at 1:26)");
	expect_error(
		"{\"global\":{\"taskgroups\":{\"/a\":{\"shares\":256},"
		"\"//a/\":{\"shares\":512}}},"
		"\"tasks\":{\"t\":{\"run\":1}}}",
		"d: global.taskgroups.//a/: \"/a\" and \"//a/\" are the same task group \"/a\", with different shares (256 and 512)");
	expect_error("{\"global\":{\"taskgroups\":{\"/x/a\":{},"
		     "\"/x//a\":{\"shares\":2048}}},"
		     "\"tasks\":{\"t\":{\"run\":1}}}",
		     "with different shares (1024 and 2048)");
	wl = parse_ok("{\"global\":{\"taskgroups\":{\"/a\":{},"
		      "\"//a\":{\"shares\":1024}}},"
		      "\"tasks\":{\"t\":{\"taskgroup\":\"/a\",\"run\":1}}}",
		      1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL(wl->nr_taskgroups, 2);
	CU_ASSERT_STRING_EQUAL(wl->taskgroups[1].path, "/a");
	CU_ASSERT_EQUAL(wl->taskgroups[1].shares, 1024);
	sim_workload_free(wl);
	/* a duplicate elsewhere, even in "global", is still renamed */
	wl = parse_ok(
		"{\"global\":{\"taskgroups\":{\"/a\":{}},\"x\":1,\"x\":2},"
		"\"tasks\":{\"t\":{\"run\":1}}}",
		1);
	CU_ASSERT_PTR_NOT_NULL(wl);
	sim_workload_free(wl);
}

/*
 * The limits: SIM_MAX_TASKGROUP_DEPTH levels and SIM_MAX_TASKGROUPS
 * groups (ancestors and the root counted) are accepted, one more is not.
 */
static void test_taskgroup_limits(void)
{
	char json[8192], err[512] = "";
	struct sim_workload *wl = NULL;
	int n, i;

	n = snprintf(json, sizeof(json), "{\"tasks\":{\"a\":{\"taskgroup\":\"");
	for (i = 0; i < SIM_MAX_TASKGROUP_DEPTH; i++)
		n += snprintf(json + n, sizeof(json) - n, "/%d", i);
	snprintf(json + n, sizeof(json) - n, "\",\"run\":1}}}");
	wl = parse_ok(json, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL(wl->nr_taskgroups, SIM_MAX_TASKGROUP_DEPTH + 1);
	sim_workload_free(wl);
	snprintf(json + n, sizeof(json) - n, "/x\",\"run\":1}}}");
	wl = NULL;
	CU_ASSERT_EQUAL(sim_workload_parse(json, "w.json", 1, &wl, err,
					   sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(err, "a taskgroup more than 16 levels deep"));

	/* the root and 255 groups: 85 tasks of three levels each */
	n = snprintf(json, sizeof(json), "{\"tasks\":{");
	for (i = 0; i < (SIM_MAX_TASKGROUPS - 1) / 3; i++)
		n += snprintf(
			json + n, sizeof(json) - n,
			"%s\"t%d\":{\"taskgroup\":\"/a%d/b/c\",\"run\":1}",
			i ? "," : "", i, i);
	snprintf(json + n, sizeof(json) - n, "}}");
	wl = parse_ok(json, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL(wl->nr_taskgroups, SIM_MAX_TASKGROUPS);
	sim_workload_free(wl);
	snprintf(json + n, sizeof(json) - n,
		 ",\"z\":{\"taskgroup\":\"/z\",\"run\":1}}}");
	wl = NULL;
	CU_ASSERT_EQUAL(sim_workload_parse(json, "w.json", 1, &wl, err,
					   sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(err, "tasks.z.taskgroup: more than 256 task groups"));
}

/* what rt-app reads and kstruct does not model: one warning per key */
static void test_warnings(void)
{
	struct sim_workload *wl = parse_ok(
		"{\"resources\":{},\"extra\":1,\n"
		"\"global\":{\"calibration\":\"CPU0\",\"logdir\":\"./\","
		"\"pi_enabled\":false,\"frag\":1},\n"
		"\"tasks\":{\"a\":{\"mem\":10,\"iorun\":5,\"run\":1,"
		"\"util_min\":100,\"nodes_membind\":[0],\"odd\":1,"
		"\"memrun\":{\"type\":\"read\"},"
		"\"timer\":{\"ref\":\"t\",\"period\":5,\"cycle\":1}},"
		"\"b\":{\"mem\":10,\"util_min\":1,\"odd\":2,"
		"\"phases\":{\"p\":{\"priority\":3,\"dl-period\":4,\"run\":1}},"
		"\"run\":7}}}",
		1);
	static const char *const want[] = {
		"w.json: global.calibration: CPU calibration: a run here lasts exactly its time; ignored",
		"w.json: global.logdir: rt-app's own logs; ignored",
		"w.json: global.pi_enabled: priority inheritance of mutexes is not modelled; ignored",
		"w.json: global.frag: not an rt-app key; ignored",
		"w.json: resources: not needed (rt-app makes resources from the events that use them); ignored",
		"w.json: extra: not an rt-app key; ignored",
		"w.json: tasks.a.util_min: utilization clamping is not modelled; ignored",
		"w.json: tasks.a.nodes_membind: NUMA memory binding is not modelled; ignored",
		"w.json: tasks.a.odd: not an rt-app key; ignored",
		"w.json: tasks.a.mem: memory and I/O traffic are not modelled: \"mem\" takes no simulated time",
		"w.json: tasks.a.iorun: memory and I/O traffic are not modelled: \"iorun\" takes no simulated time",
		"w.json: tasks.a.memrun: memory and I/O traffic are not modelled: \"memrun\" takes no simulated time",
		"w.json: tasks.a.timer.cycle: not an rt-app key here; ignored",
		"w.json: tasks.b.mem: an event beside \"phases\" (rt-app runs only the phases); ignored",
		"w.json: tasks.b.phases.p.priority: scheduling parameters that change per phase are not modelled; ignored",
		"w.json: tasks.b.phases.p.dl-period: scheduling parameters that change per phase are not modelled; ignored",
	};
	unsigned int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL(wl->nr_warnings, ARRAY_SIZE(want));
	for (i = 0; i < ARRAY_SIZE(want) && i < wl->nr_warnings; i++) {
		CU_ASSERT_STRING_EQUAL(wl->warnings[i], want[i]);
		if (strcmp(wl->warnings[i], want[i]))
			fprintf(stderr, "\n%u: %s\n", i, wl->warnings[i]);
	}
	/* mem, iorun and memrun take no time */
	CU_ASSERT_EQUAL_FATAL(wl->tasks[0].phases[0].nr_events, 5);
	CU_ASSERT_EQUAL(wl->tasks[0].phases[0].events[0].kind, SIM_EVENT_NOP);
	CU_ASSERT_EQUAL(wl->tasks[0].phases[0].events[1].kind, SIM_EVENT_NOP);
	CU_ASSERT_EQUAL(wl->tasks[0].phases[0].events[3].kind, SIM_EVENT_NOP);
	/* the event beside the phases is not run */
	CU_ASSERT_EQUAL(wl->tasks[1].phases[0].nr_events, 1);
	sim_workload_free(wl);
}

/* at most SIM_MAX_WARNINGS lines, the last saying there are more */
static void test_many_warnings(void)
{
	char json[8192], *p = json;
	struct sim_workload *wl;
	unsigned int i;

	p += sprintf(p, "{\"tasks\":{\"a\":{\"run\":1");
	for (i = 0; i < 2 * SIM_MAX_WARNINGS; i++)
		p += sprintf(p, ",\"x%u\":1", i);
	sprintf(p, "}}}");
	wl = parse_ok(json, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_EQUAL_FATAL(wl->nr_warnings, SIM_MAX_WARNINGS);
	CU_ASSERT_STRING_EQUAL(
		wl->warnings[0],
		"w.json: tasks.a.x0: not an rt-app key; ignored");
	CU_ASSERT_PTR_NOT_NULL(strstr(wl->warnings[SIM_MAX_WARNINGS - 1],
				      "more keys are not modelled"));
	sim_workload_free(wl);
}

/* ------------------------------------------------------------ bad files */

struct bad_case {
	const char *json;
	const char *want; /* must appear in the message */
};

/* 256 bytes: one more than a cgroup's name may have */
#define LONG_NAME16 "abcdefghijklmnop"
#define LONG_NAME64 LONG_NAME16 LONG_NAME16 LONG_NAME16 LONG_NAME16
#define LONG_NAME LONG_NAME64 LONG_NAME64 LONG_NAME64 LONG_NAME64

static const struct bad_case bad_cases[] = {
	{ "{\"global\":{}}", "missing key \"tasks\"" },
	{ "[1,2]", "top level must be an object" },
	{ "{\"tasks\":[]}", "tasks: expected an object" },
	{ "{\"tasks\":{}}", "tasks: no tasks" },
	{ "{\"tasks\":{\"a\":{\"instance\":\"two\",\"run\":1}}}",
	  "tasks.a.instance: expected an integer, got a string" },
	{ "{\"tasks\":{\"a\":{\"instance\":-1,\"run\":1}}}",
	  "tasks.a.instance: -1 is out of range" },
	{ "{\"tasks\":{\"a\":{\"loop\":0,\"run\":1}}}",
	  "tasks.a.loop: must be -1" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_DEADLINE\",\"run\":1}}}",
	  "tasks.a: a SCHED_DEADLINE task needs \"dl-runtime\" (microseconds)" },
	{ "{\"global\":{\"default_policy\":\"SCHED_DEADLINE\"},\"tasks\":{\"a\":{\"run\":1}}}",
	  "tasks.a: a SCHED_DEADLINE task needs \"dl-runtime\"" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_DEADLINE\",\"dl-runtime\":3000,\"dl-period\":2000,\"run\":1}}}",
	  "tasks.a: SCHED_DEADLINE needs dl-runtime <= dl-deadline <= dl-period (3000, 2000, 2000 us)" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_DEADLINE\",\"dl-runtime\":10,\"dl-period\":50,\"run\":1}}}",
	  "tasks.a.dl-period: a SCHED_DEADLINE period of 50 us is outside 100..4194304 us" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_WHATEVER\",\"run\":1}}}",
	  "tasks.a.policy: unknown policy \"SCHED_WHATEVER\"" },
	{ "{\"tasks\":{\"a\":{\"policy\":7,\"run\":1}}}",
	  "tasks.a.policy: expected a string, got an integer" },
	{ "{\"tasks\":{\"a\":{\"priority\":20,\"run\":1}}}",
	  "tasks.a.priority: 20 is out of range [-20, 19]" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_IDLE\",\"priority\":-21,\"run\":1}}}",
	  "tasks.a.priority: -21 is out of range [-20, 19]" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_FIFO\",\"priority\":0,\"run\":1}}}",
	  "tasks.a.priority: 0 is out of range [1, 99]" },
	{ "{\"tasks\":{\"a\":{\"cpus\":[0,4],\"run\":1}}}",
	  "tasks.a.cpus[1]: CPU 4 out of range" },
	{ "{\"tasks\":{\"a\":{\"cpus\":[-1],\"run\":1}}}",
	  "tasks.a.cpus[0]: CPU -1 out of range" },
	{ "{\"tasks\":{\"a\":{\"cpus\":[],\"run\":1}}}",
	  "tasks.a.cpus: no CPU listed" },
	{ "{\"tasks\":{\"a\":{\"cpus\":2,\"run\":1}}}",
	  "tasks.a.cpus: expected an array" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p\":{\"cpus\":[9],\"run\":1}}}}}",
	  "tasks.a.phases.p.cpus[0]: CPU 9 out of range" },
	{ "{\"tasks\":{\"a\":{\"run\":-5}}}",
	  "tasks.a.run: negative duration -5" },
	{ "{\"tasks\":{\"a\":{\"runtime\":-5}}}",
	  "tasks.a.runtime: negative duration -5" },
	{ "{\"tasks\":{\"a\":{\"run\":5,\"sleep\":-1}}}",
	  "tasks.a.sleep: negative duration -1" },
	{ "{\"tasks\":{\"a\":{\"run\":1.5}}}",
	  "tasks.a.run: expected an integer number of microseconds, got a real" },
	{ "{\"tasks\":{\"a\":{\"delay\":-3,\"run\":1}}}",
	  "tasks.a.delay: negative duration -3" },
	{ "{\"tasks\":{\"a\":{\"timer\":{\"ref\":\"x\"},\"run\":1}}}",
	  "tasks.a.timer: missing key \"period\"" },
	{ "{\"tasks\":{\"a\":{\"timer\":{\"period\":0},\"run\":1}}}",
	  "tasks.a.timer.period: the period must be at least 1 us" },
	{ "{\"tasks\":{\"a\":{\"timer\":{\"period\":5,\"mode\":\"absolut\"},\"run\":1}}}",
	  "tasks.a.timer.mode: \"absolut\": a timer is \"relative\" or \"absolute\"" },
	{ "{\"tasks\":{\"a\":{\"timer\":{\"period\":5,\"ref\":3},\"run\":1}}}",
	  "tasks.a.timer.ref: expected a string, got an integer" },
	{ "{\"tasks\":{\"a\":{\"timer\":7,\"run\":1}}}",
	  "tasks.a.timer: expected an object with \"period\"" },
	{ "{\"tasks\":{\"a\":{\"fork\":\"nobody\",\"run\":1}}}",
	  "tasks.a.fork: fork of \"nobody\", which is not a task" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"lock\":5}}}",
	  "tasks.a.lock: expected a string, got an integer" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"unlock\":null}}}",
	  "tasks.a.unlock: expected a string, got null" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"wait\":\"c\"}}}",
	  "tasks.a.wait: expected an object { \"ref\": CONDITION, \"mutex\": MUTEX }" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"sync\":{\"ref\":\"c\",\"mutex\":1}}}}",
	  "tasks.a.sync.mutex: expected a string, got an integer" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"signal\":[]}}}",
	  "tasks.a.signal: expected a string, got an array" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"broad\":{}}}}",
	  "tasks.a.broad: expected a string, got an object" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"resume\":true}}}",
	  "tasks.a.resume: expected a string, got a boolean" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"barrier\":1}}}",
	  "tasks.a.barrier: expected a string, got an integer" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"sem_wait\":1}}}",
	  "tasks.a.sem_wait: expected a string, got an integer" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"mem\":\"lots\"}}}",
	  "tasks.a.mem: expected a number of bytes, got a string" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"iorun\":-1}}}",
	  "tasks.a.iorun: expected a number of bytes" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"memrun\":5}}}",
	  "tasks.a.memrun: expected an object, got an integer" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"taskgroup\":\"tg\"}}}",
	  "tasks.a.taskgroup: \"tg\": a taskgroup is a path that starts with /" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_RR\",\"run\":1,\"taskgroup\":\"/tg\"}}}",
	  "tasks.a.taskgroup: a taskgroup needs SCHED_OTHER, SCHED_BATCH or SCHED_IDLE" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p\":{\"taskgroup\":5,\"run\":1}}}}}",
	  "tasks.a.phases.p.taskgroup: expected a string" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"taskgroup\":\"/x/../y\"}}}",
	  "tasks.a.taskgroup: \"/x/../y\": \".\" and \"..\" name no task group" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"taskgroup\":\"/.\"}}}",
	  "\".\" and \"..\" name no task group" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"taskgroup\":\"/x\\ny\"}}}",
	  "tasks.a.taskgroup: a taskgroup name with a control character" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"taskgroup\":\"/" LONG_NAME "\"}}}",
	  "tasks.a.taskgroup: a taskgroup name longer than 255 bytes" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p\":{\"taskgroup\":\"a/b\",\"run\":1}}}}}",
	  "tasks.a.phases.p.taskgroup: \"a/b\": a taskgroup is a path that starts with /" },
	{ "{\"global\":{\"taskgroups\":[]},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.taskgroups: expected an object, got an array" },
	{ "{\"global\":{\"taskgroups\":{\"/A\":7}},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.taskgroups./A: expected an object, got an integer" },
	{ "{\"global\":{\"taskgroups\":{\"A\":{}}},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.taskgroups.A: \"A\": a taskgroup is a path that starts with /" },
	{ "{\"global\":{\"taskgroups\":{\"/a/..\":{}}},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.taskgroups./a/..: \"/a/..\": \".\" and \"..\" name no task group" },
	{ "{\"global\":{\"taskgroups\":{\"//\":{\"shares\":5}}},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.taskgroups.//: the root group's weight cannot be set" },
	{ "{\"global\":{\"taskgroups\":{\"/A\":{\"shares\":1}}},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.taskgroups./A.shares: 1 is out of range [2, 262144]" },
	{ "{\"global\":{\"taskgroups\":{\"/A\":{\"shares\":262145}}},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.taskgroups./A.shares: 262145 is out of range [2, 262144]" },
	{ "{\"global\":{\"taskgroups\":{\"/A\":{\"shares\":\"1k\"}}},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.taskgroups./A.shares: expected an integer, got a string" },
	{ "{\"tasks\":{\"a\":{\"dl-runtime\":-1,\"run\":1}}}",
	  "tasks.a.dl-runtime: negative duration -1" },
	{ "{\"global\":{\"duration\":-2},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.duration: -2 seconds is out of range" },
	{ "{\"global\":{\"duration\":\"1s\"},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.duration: expected a number of seconds, got a string" },
	{ "{\"global\":{\"default_policy\":\"BATCH\"},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.default_policy: unknown policy" },
	{ "{\"global\":5,\"tasks\":{\"a\":{\"run\":1}}}",
	  "global: expected an object" },
	{ "{\"tasks\":{\"a\":{\"instance\":1}}}", "tasks.a: no events" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p\":{\"loop\":0,\"run\":1}}}}}",
	  "tasks.a.phases.p.loop: must be -1 (forever) or at least 1" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p\":{\"loop\":-2,\"run\":1}}}}}",
	  "tasks.a.phases.p.loop: -2 is out of range" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p\":{\"cpus\":[0]}}}}}",
	  "tasks.a.phases.p: no events" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p\":5}}}}",
	  "tasks.a.phases.p: expected an object, got an integer" },
	{ "{\"tasks\":{\"a\":{\"phases\":{}}}}", "tasks.a.phases: no phases" },
	{ "{\"tasks\":{\"a\":{\"phases\":[]}}}",
	  "tasks.a.phases: expected an object, got an array" },
	{ "{\"tasks\":{\"a\":{\"instance\":0,\"run\":1}}}", "no task starts" },
	{ "{\"tasks\":{\"a\":{\"r\\u0075n\":1,\"run\":2}}}",
	  "duplicate object key" },
	{ "{\"tasks\":{\"a\":{\"jitter\":101,\"run\":1}}}",
	  "tasks.a.jitter: 101 is out of range [0, 100]" },
	{ "{\"tasks\":{\"a\":7}}",
	  "tasks.a: expected an object, got an integer" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"affinity\":[9]}}}",
	  "tasks.a.affinity[0]: CPU 9 out of range" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"affinity2\":\"all\"}}}",
	  "tasks.a.affinity2: expected an array" },
	{ "{\"tasks\": {\"a\": {\"run\": 1 2}}}", "bad.json:1:" },
	{ "{\"tasks\": {\"a\": {\"run\": 1}, , }}", "bad.json:1:" },
};

static void test_bad_workloads(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad_cases); i++) {
		struct sim_workload *wl = (struct sim_workload *)&wl;
		struct sim_workload *untouched = wl;
		long live = kmalloc_live();
		char err[512] = "";
		int ret;

		ret = sim_workload_parse(bad_cases[i].json, "bad.json", 4, &wl,
					 err, sizeof(err));
		CU_ASSERT_EQUAL(ret, -EINVAL);
		CU_ASSERT_PTR_EQUAL(wl, untouched);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad_cases[i].want));
		CU_ASSERT_EQUAL(strncmp(err, "bad.json", 8), 0);
		if (!strstr(err, bad_cases[i].want))
			fprintf(stderr, "\ncase %u: got \"%s\", want \"%s\"\n",
				i, err, bad_cases[i].want);
	}
}

/* nesting deeper than a workload needs is refused, not recursed into */
static void test_too_deep(void)
{
	char json[300];
	struct sim_workload *wl = NULL;
	char err[256] = "";

	memset(json, '[', 200);
	json[200] = '\0';
	CU_ASSERT_EQUAL(sim_workload_parse(json, "deep", 1, &wl, err,
					   sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NULL(wl);
	CU_ASSERT_STRING_EQUAL(err, "deep:1: nested deeper than 64 levels");
}

/* a JSON syntax error names the source, the line and the column */
static void test_bad_json_line_number(void)
{
	struct sim_workload *wl = NULL;
	char err[256] = "";

	CU_ASSERT_EQUAL(
		sim_workload_parse(
			"{\n  \"tasks\": {\n    \"a\": { \"run\": 1 ]\n  }\n}\n",
			"w.json", 4, &wl, err, sizeof(err)),
		-EINVAL);
	CU_ASSERT_PTR_NULL(wl);
	CU_ASSERT_EQUAL(strncmp(err, "w.json:3:", 9), 0);

	CU_ASSERT_EQUAL(
		sim_workload_parse("{\"tasks\": {\"a\": {\"run\": 1}}\n\n",
				   "w.json", 4, &wl, err, sizeof(err)),
		-EINVAL);
	CU_ASSERT_EQUAL(strncmp(err, "w.json:3:", 9), 0);
	CU_ASSERT_PTR_NULL(wl);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(text, f);
	fclose(f);
}

static void test_load_file(void)
{
	char path[] = "/tmp/kstruct-sim-XXXXXX";
	struct sim_workload *wl = NULL;
	char err[512] = "", want[64];
	int fd = mkstemp(path);

	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	write_file(
		path,
		"{\n\"tasks\": {\n\"a\": {\"run\": 100}\n},\n\"global\": {\"duration\": }\n}\n");
	CU_ASSERT_EQUAL(sim_workload_load(path, 2, &wl, err, sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NULL(wl);
	snprintf(want, sizeof(want), "%s:5:", path);
	CU_ASSERT_EQUAL(strncmp(err, want, strlen(want)), 0);

	write_file(path, "{\"tasks\": {\"a\": {\"run\": 100}}} // done\n");
	CU_ASSERT_EQUAL(sim_workload_load(path, 2, &wl, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(wl);
	CU_ASSERT_EQUAL(strncmp(wl->name, "kstruct-sim-", 12), 0);
	sim_workload_free(wl);

	/* a NUL byte is not text */
	fd = open(path, O_WRONLY | O_TRUNC);
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(write(fd, "{\"tasks\":\0{}}", 13), 13);
	close(fd);
	wl = NULL;
	CU_ASSERT_EQUAL(sim_workload_load(path, 2, &wl, err, sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NULL(wl);
	unlink(path);

	CU_ASSERT_EQUAL(sim_workload_load(path, 2, &wl, err, sizeof(err)),
			-ENOENT);
	CU_ASSERT_PTR_NULL(wl);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, path));
	CU_ASSERT_EQUAL(sim_workload_load("/", 2, &wl, err, sizeof(err)),
			-EISDIR);
	CU_ASSERT_STRING_EQUAL(err, "/: Is a directory");
}

/* "-" reads the standard input */
static void test_load_stdin(void)
{
	char path[] = "/tmp/kstruct-stdin-XXXXXX";
	struct sim_workload *wl = NULL;
	int fd = mkstemp(path), saved = dup(STDIN_FILENO);
	char err[512] = "";

	CU_ASSERT_FATAL(fd >= 0 && saved >= 0);
	close(fd);
	write_file(path,
		   "{ /* from a pipe */ \"tasks\": {\"a\": {\"run\": 7,}}}\n");
	fd = open(path, O_RDONLY);
	CU_ASSERT_FATAL(fd >= 0);
	dup2(fd, STDIN_FILENO);
	close(fd);
	clearerr(stdin);
	CU_ASSERT_EQUAL(sim_workload_load("-", 2, &wl, err, sizeof(err)), 0);
	dup2(saved, STDIN_FILENO);
	close(saved);
	clearerr(stdin);
	unlink(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT_STRING_EQUAL(wl->name, "stdin");
	CU_ASSERT_EQUAL(wl->tasks[0].phases[0].events[0].usec, 7);
	sim_workload_free(wl);
}

static void test_builtins(void)
{
	const struct sim_builtin *b;
	unsigned int n = 0, cpus;
	char err[256];

	for (b = sim_builtins; b->name; b++, n++) {
		for (cpus = 1; cpus <= 8; cpus *= 2) {
			struct sim_workload *wl = NULL;
			int ret = sim_workload_builtin(b->name, cpus, &wl, err,
						       sizeof(err));

			CU_ASSERT_EQUAL(ret, 0);
			if (ret) {
				fprintf(stderr, "\n%s\n", err);
				continue;
			}
			CU_ASSERT_STRING_EQUAL(wl->name, b->name);
			CU_ASSERT(sim_workload_nr_initial(wl) > 0);
			CU_ASSERT(wl->duration_usec > 0);
			CU_ASSERT_EQUAL(wl->nr_warnings, 0);
			sim_workload_free(wl);
		}
	}
	CU_ASSERT(n >= 5);
	CU_ASSERT_EQUAL(sim_workload_builtin("no-such", 4, NULL, err,
					     sizeof(err)),
			-ENOENT);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "no-such"));
	CU_ASSERT_EQUAL(sim_workload_builtin(SIM_DEFAULT_WORKLOAD, 0, NULL, err,
					     sizeof(err)),
			-EINVAL);
}

/*
 * The example files shipped in sim/workloads/ and the test files of
 * tests/sim/workloads/ (tests run from the top of the tree).
 */
static void test_example_files(void)
{
	static const char *const files[] = {
		"sim/workloads/mixed.json",
		"sim/workloads/periodic.json",
		"sim/workloads/forks.json",
		"sim/workloads/affinity.json",
		"sim/workloads/pipeline.json",
		"sim/workloads/groups.json",
		"tests/sim/workloads/barrier.json",
		"tests/sim/workloads/cond.json",
		"tests/sim/workloads/duplicates.json",
		"tests/sim/workloads/mutex.json",
		"tests/sim/workloads/not_modelled.json",
		"tests/sim/workloads/phase_cpus.json",
		"tests/sim/workloads/plain.json",
		"tests/sim/workloads/semaphore.json",
		"tests/sim/workloads/suspend.json",
		"tests/sim/workloads/taskgroup_shares.json",
		"tests/sim/workloads/timer_absolute.json",
		"tests/sim/workloads/timer_relative.json",
	};
	unsigned int i;
	char err[512];

	for (i = 0; i < ARRAY_SIZE(files); i++) {
		struct sim_workload *wl = NULL;
		int ret = sim_workload_load(files[i], 4, &wl, err, sizeof(err));

		CU_ASSERT_EQUAL(ret, 0);
		if (ret)
			fprintf(stderr, "\n%s\n", err);
		sim_workload_free(wl);
	}
}

/* a workload with every feature, to fail every allocation of */
static const char every_feature[] =
	"/* everything */ {\n"
	"  \"global\": { \"duration\": 1, \"logdir\": \"./\", \"frag\": 1, },\n"
	"  \"tasks\": {\n"
	"    \"a\": { \"instance\": 2, \"taskgroup\": \"/g//\", \"dl-runtime\": 5,\n"
	"           \"policy\": \"SCHED_BATCH\", \"util_min\": 1, \"suspend\",\n"
	"           \"lock\": \"m\", \"wait\": { \"ref\": \"c\", \"mutex\": \"m\" },\n"
	"           \"unlock\": \"m\", \"sync\": { \"ref\": \"c\", \"mutex\": \"m\" },\n"
	"           \"run\": 1, \"run\": 2, \"mem\": 3, \"barrier\": \"b\",\n"
	"           \"timer\": { \"ref\": \"unique\", \"period\": 9 },\n"
	"           \"sem_post\": \"s\", \"resume\": \"b\", }, // b\n"
	"    \"b\": { \"cpus\": [1], \"phases\": {\n"
	"           \"p\": { \"cpus\": [0], \"taskgroup\": \"/h/i\", \"run\": 1,\n"
	"                  \"timer\": { \"ref\": \"t\", \"period\": 3,\n"
	"                             \"mode\": \"absolute\" } },\n"
	"           \"q\": { \"sem_wait\": \"s\", \"signal\": \"c\",\n"
	"                  \"broad\": \"c\", \"barrier\": \"b\",\n"
	"                  \"fork\": \"a\", \"sleep\": 1 } } }\n"
	"  }\n"
	"}\n";

/* fail every allocation of a parse in turn */
static void test_parse_fault_injection(void)
{
	unsigned long n;
	long live = kmalloc_live();
	struct sim_workload *wl = parse_ok(every_feature, 2);
	char err[256];
	int ret;

	/* the text itself is right, and warns */
	CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
	CU_ASSERT(wl->nr_warnings >= 6);
	sim_workload_free(wl);
	for_each_alloc_failure(n, (wl = NULL, err[0] = '\0',
				   ret = sim_workload_parse(every_feature, "f",
							    2, &wl, err,
							    sizeof(err)))) {
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_PTR_NULL(wl);
		CU_ASSERT_STRING_EQUAL(err, "f: out of memory");
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_NOT_NULL(wl);
	sim_workload_free(wl);
	CU_ASSERT(n > 30); /* text, tables, names, tasks, events, ... */
	CU_ASSERT(n < 10000);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static CU_TestInfo workload_tests[] = {
	{ "every key read exactly", test_parse_every_key },
	{ "default policy and defaults", test_default_policy },
	{ "comments, line numbers kept", test_comments },
	{ "trailing commas", test_trailing_commas },
	{ "duplicate keys renamed as workgen does", test_duplicates_renamed },
	{ "a key without a value", test_key_without_value },
	{ "events on mutexes, conditions, barriers, semaphores",
	  test_resource_events },
	{ "unique and shared timers, relative and absolute", test_timers },
	{ "per-phase cpus", test_phase_cpus },
	{ "SCHED_BATCH, SCHED_IDLE, dl-runtime, taskgroup",
	  test_policies_slices_groups },
	{ "taskgroup paths given twice or alike are refused, never renamed",
	  test_taskgroup_duplicates },
	{ "taskgroup paths as the file system reads them",
	  test_taskgroup_paths },
	{ "taskgroup depth and count limits", test_taskgroup_limits },
	{ "a taskgroup's shares in \"global\"", test_taskgroup_shares },
	{ "one warning per key not modelled", test_warnings },
	{ "at most SIM_MAX_WARNINGS warnings", test_many_warnings },
	{ "bad workloads name the key", test_bad_workloads },
	{ "nesting too deep", test_too_deep },
	{ "bad JSON names the line", test_bad_json_line_number },
	{ "load from a file", test_load_file },
	{ "load from the standard input", test_load_stdin },
	{ "built-ins parse for 1..8 CPUs", test_builtins },
	{ "example and test files parse", test_example_files },
	{ "fault injection of every allocation", test_parse_fault_injection },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/workload", workload_tests, NULL, NULL)
