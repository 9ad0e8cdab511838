// SPDX-License-Identifier: MIT
/*
 * tests/sim/test_workload.c - the rt-app JSON subset and the built-ins
 * (sim/workload.c): every key read exactly, every bad file refused with a
 * message naming the key or the line, nothing returned and nothing leaked
 * on failure, allocation failures at every step.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/slab.h"
#include "sim/workload.h"
#include "tests/ktest.h"

static const char full_json[] =
	"{\n"
	"  \"global\": { \"duration\": 1.5, \"default_policy\": \"SCHED_OTHER\",\n"
	"              \"calibration\": \"CPU0\", \"logdir\": \"/tmp\" },\n"
	"  \"tasks\": {\n"
	"    \"a b,\": { \"instance\": 3, \"loop\": 5, \"priority\": -7,\n"
	"             \"cpus\": [1, 3, 1], \"delay\": 250, \"jitter\": 40,\n"
	"             \"run\": 1000, \"sleep0\": 2000, \"fork\": \"child\",\n"
	"             \"timer\": { \"ref\": \"t\", \"period\": 16000 },\n"
	"             \"yield\": 0, \"run1\": 7, \"affinity\": [2, 0] },\n"
	"    \"rt\": { \"policy\": \"SCHED_FIFO\", \"priority\": 42,\n"
	"            \"phases\": { \"p1\": { \"loop\": 4, \"run\": 10 },\n"
	"                        \"p2\": { \"sleep\": 20 } } },\n"
	"    \"child\": { \"instance\": 0, \"policy\": \"SCHED_RR\", \"run\": 5 }\n"
	"  }\n"
	"}\n";

static void test_parse_every_key(void)
{
	struct sim_workload *wl = NULL;
	const struct sim_task_desc *t;
	const struct sim_event_desc *e;
	long live = kmalloc_live();
	char err[256] = "";

	CU_ASSERT_EQUAL_FATAL(sim_workload_parse(full_json, "dir/fu\"ll.json", 4,
						 &wl, err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(err, "");
	CU_ASSERT_STRING_EQUAL(wl->name, "fu_ll");
	CU_ASSERT_EQUAL(wl->duration_usec, 1500000);
	CU_ASSERT_EQUAL_FATAL(wl->nr_tasks, 3);
	CU_ASSERT_EQUAL(sim_workload_nr_initial(wl), 4);

	t = &wl->tasks[0];
	CU_ASSERT_STRING_EQUAL(t->name, "a_b_");
	CU_ASSERT_EQUAL(t->instances, 3);
	CU_ASSERT_EQUAL(t->loop, 5);
	CU_ASSERT_EQUAL(t->policy, SIM_POLICY_NORMAL);
	CU_ASSERT_EQUAL(t->priority, -7);
	CU_ASSERT_EQUAL(t->cpus_allowed, (1ul << 1) | (1ul << 3));
	CU_ASSERT_EQUAL(t->delay_usec, 250);
	CU_ASSERT_EQUAL(t->jitter, 40);
	CU_ASSERT_EQUAL_FATAL(t->nr_phases, 1);
	CU_ASSERT_EQUAL(t->phases[0].loop, 1);
	CU_ASSERT_EQUAL_FATAL(t->phases[0].nr_events, 7);
	e = t->phases[0].events;
	CU_ASSERT(e[0].kind == SIM_EVENT_RUN && e[0].usec == 1000);
	CU_ASSERT(e[1].kind == SIM_EVENT_SLEEP && e[1].usec == 2000);
	CU_ASSERT(e[2].kind == SIM_EVENT_FORK && e[2].fork_task == 2);
	CU_ASSERT(e[3].kind == SIM_EVENT_TIMER && e[3].usec == 16000);
	CU_ASSERT(e[4].kind == SIM_EVENT_YIELD);
	CU_ASSERT(e[5].kind == SIM_EVENT_RUN && e[5].usec == 7);
	CU_ASSERT(e[6].kind == SIM_EVENT_AFFINITY && e[6].cpus == 5ul);

	t = &wl->tasks[1];
	CU_ASSERT_STRING_EQUAL(t->name, "rt");
	CU_ASSERT_EQUAL(t->instances, 1);
	CU_ASSERT_EQUAL(t->loop, -1);
	CU_ASSERT_EQUAL(t->policy, SIM_POLICY_FIFO);
	CU_ASSERT_EQUAL(t->priority, 42);
	CU_ASSERT_EQUAL(t->cpus_allowed, 0xful);
	CU_ASSERT_EQUAL_FATAL(t->nr_phases, 2);
	CU_ASSERT_EQUAL(t->phases[0].loop, 4);
	CU_ASSERT_EQUAL(t->phases[0].nr_events, 1);
	CU_ASSERT(t->phases[0].events[0].kind == SIM_EVENT_RUN);
	CU_ASSERT_EQUAL(t->phases[1].loop, 1);
	CU_ASSERT(t->phases[1].events[0].kind == SIM_EVENT_SLEEP &&
		  t->phases[1].events[0].usec == 20);

	t = &wl->tasks[2];
	CU_ASSERT_EQUAL(t->instances, 0);
	CU_ASSERT_EQUAL(t->policy, SIM_POLICY_RR);
	CU_ASSERT_EQUAL(t->priority, 50);	/* the RT default */
	sim_workload_free(wl);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static void test_default_policy(void)
{
	struct sim_workload *wl = NULL;

	CU_ASSERT_EQUAL_FATAL(sim_workload_parse(
		"{\"global\":{\"default_policy\":\"SCHED_RR\",\"duration\":-1},"
		"\"tasks\":{\"x\":{\"run\":1},\"y\":{\"policy\":\"SCHED_NORMAL\",\"priority\":19,\"run\":1}}}",
		"d", 1, &wl, NULL, 0), 0);
	CU_ASSERT_EQUAL(wl->duration_usec, 0);
	CU_ASSERT_EQUAL(wl->tasks[0].policy, SIM_POLICY_RR);
	CU_ASSERT_EQUAL(wl->tasks[0].priority, 50);
	CU_ASSERT_EQUAL(wl->tasks[1].policy, SIM_POLICY_NORMAL);
	CU_ASSERT_EQUAL(wl->tasks[1].priority, 19);
	CU_ASSERT_EQUAL(wl->tasks[0].cpus_allowed, 1ul);
	sim_workload_free(wl);
}

struct bad_case {
	const char *json;
	const char *want;	/* must appear in the message */
};

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
	  "tasks.a.policy: unknown policy \"SCHED_DEADLINE\"" },
	{ "{\"tasks\":{\"a\":{\"policy\":7,\"run\":1}}}",
	  "tasks.a.policy: expected a string, got an integer" },
	{ "{\"tasks\":{\"a\":{\"priority\":20,\"run\":1}}}",
	  "tasks.a.priority: 20 is out of range [-20, 19]" },
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
	{ "{\"tasks\":{\"a\":{\"run\":-5}}}",
	  "tasks.a.run: negative duration -5" },
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
	{ "{\"tasks\":{\"a\":{\"fork\":\"nobody\",\"run\":1}}}",
	  "tasks.a.fork: fork of \"nobody\", which is not a task" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"lock\":\"m\"}}}",
	  "tasks.a.lock: unsupported key" },
	{ "{\"tasks\":{\"a\":{\"run\":1}},\"resources\":{}}",
	  "resources: unsupported key" },
	{ "{\"global\":{\"duration\":-2},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.duration: -2 seconds is out of range" },
	{ "{\"global\":{\"duration\":\"1s\"},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.duration: expected a number of seconds, got a string" },
	{ "{\"global\":{\"default_policy\":\"BATCH\"},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.default_policy: unknown policy" },
	{ "{\"global\":{\"frobnicate\":1},\"tasks\":{\"a\":{\"run\":1}}}",
	  "global.frobnicate: unsupported key" },
	{ "{\"tasks\":{\"a\":{\"instance\":1}}}",
	  "tasks.a: no events" },
	{ "{\"tasks\":{\"a\":{\"run\":0,\"yield\":0}}}",
	  "tasks.a: one loop takes no time" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"phases\":{\"p\":{\"run\":1}}}}}",
	  "tasks.a.phases: events (here \"run\") go inside the phases" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p\":{\"loop\":0,\"run\":1}}}}}",
	  "tasks.a.phases.p.loop: 0 is out of range" },
	{ "{\"tasks\":{\"a\":{\"phases\":{}}}}", "tasks.a.phases: no phases" },
	{ "{\"tasks\":{\"a\":{\"instance\":0,\"run\":1}}}",
	  "no task starts" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"run\":2}}}",
	  "duplicate object key" },
	{ "{\"tasks\":{\"a\":{\"jitter\":101,\"run\":1}}}",
	  "tasks.a.jitter: 101 is out of range [0, 100]" },
	{ "{\"tasks\":{\"a\":7}}", "tasks.a: expected an object, got an integer" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"affinity\":[9]}}}",
	  "tasks.a.affinity[0]: CPU 9 out of range" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"affinity2\":\"all\"}}}",
	  "tasks.a.affinity2: expected an array" },
};

static void test_bad_workloads(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
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

/* a JSON syntax error names the source, the line and the column */
static void test_bad_json_line_number(void)
{
	struct sim_workload *wl = NULL;
	char err[256] = "";

	CU_ASSERT_EQUAL(sim_workload_parse("{\n  \"tasks\": {\n    \"a\": { \"run\": 1, }\n  }\n}\n",
					   "w.json", 4, &wl, err, sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NULL(wl);
	CU_ASSERT_EQUAL(strncmp(err, "w.json:3:", 9), 0);

	CU_ASSERT_EQUAL(sim_workload_parse("{\"tasks\": {\"a\": {\"run\": 1}}\n\n",
					   "w.json", 4, &wl, err, sizeof(err)),
			-EINVAL);
	CU_ASSERT_EQUAL(strncmp(err, "w.json:3:", 9), 0);
	CU_ASSERT_PTR_NULL(wl);
}

static void test_load_file(void)
{
	char path[] = "/tmp/kstruct-sim-XXXXXX";
	struct sim_workload *wl = NULL;
	char err[512] = "", want[64];
	int fd = mkstemp(path);
	FILE *f;

	CU_ASSERT_FATAL(fd >= 0);
	f = fdopen(fd, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("{\n\"tasks\": {\n\"a\": {\"run\": 100}\n},\n\"global\": {\"duration\": }\n}\n", f);
	fclose(f);
	CU_ASSERT_EQUAL(sim_workload_load(path, 2, &wl, err, sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NULL(wl);
	snprintf(want, sizeof(want), "%s:5:", path);
	CU_ASSERT_EQUAL(strncmp(err, want, strlen(want)), 0);

	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("{\"tasks\": {\"a\": {\"run\": 100}}}\n", f);
	fclose(f);
	CU_ASSERT_EQUAL(sim_workload_load(path, 2, &wl, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(wl);
	CU_ASSERT_EQUAL(strncmp(wl->name, "kstruct-sim-", 12), 0);
	sim_workload_free(wl);
	unlink(path);

	wl = NULL;
	CU_ASSERT_EQUAL(sim_workload_load(path, 2, &wl, err, sizeof(err)),
			-ENOENT);
	CU_ASSERT_PTR_NULL(wl);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, path));
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
			sim_workload_free(wl);
		}
	}
	CU_ASSERT(n >= 5);
	CU_ASSERT_EQUAL(sim_workload_builtin("no-such", 4, NULL, err,
					     sizeof(err)), -ENOENT);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "no-such"));
	CU_ASSERT_EQUAL(sim_workload_builtin(SIM_DEFAULT_WORKLOAD, 0, NULL,
					     err, sizeof(err)), -EINVAL);
}

/* the example files shipped in sim/workloads/ (tests run from the top) */
static void test_example_files(void)
{
	static const char *const files[] = {
		"sim/workloads/mixed.json", "sim/workloads/periodic.json",
		"sim/workloads/forks.json", "sim/workloads/affinity.json",
	};
	unsigned int i;
	char err[512];

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct sim_workload *wl = NULL;
		int ret = sim_workload_load(files[i], 4, &wl, err, sizeof(err));

		CU_ASSERT_EQUAL(ret, 0);
		if (ret)
			fprintf(stderr, "\n%s\n", err);
		sim_workload_free(wl);
	}
}

/* fail every allocation of a parse in turn */
static void test_parse_fault_injection(void)
{
	unsigned long n, fired;
	long live = kmalloc_live();

	for (n = 1; n < 1000; n++) {
		struct sim_workload *wl = NULL;
		char err[256] = "";
		int ret;

		fired = kmalloc_fault_fired();
		kmalloc_fail_nth(n);
		ret = sim_workload_parse(full_json, "f", 4, &wl, err,
					 sizeof(err));
		kmalloc_fault_reset();
		if (kmalloc_fault_fired() == fired) {
			CU_ASSERT_EQUAL(ret, 0);
			CU_ASSERT_PTR_NOT_NULL(wl);
			sim_workload_free(wl);
			break;
		}
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_PTR_NULL(wl);
		CU_ASSERT_STRING_EQUAL(err, "f: out of memory");
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
	CU_ASSERT(n > 3);	/* the workload, its tasks, phases, events */
	CU_ASSERT(n < 1000);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static CU_TestInfo workload_tests[] = {
	{ "every key read exactly", test_parse_every_key },
	{ "default policy and defaults", test_default_policy },
	{ "bad workloads name the key", test_bad_workloads },
	{ "bad JSON names the line", test_bad_json_line_number },
	{ "load from a file", test_load_file },
	{ "built-ins parse for 1..8 CPUs", test_builtins },
	{ "example files parse", test_example_files },
	{ "fault injection of every allocation", test_parse_fault_injection },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/workload", workload_tests, NULL, NULL)
