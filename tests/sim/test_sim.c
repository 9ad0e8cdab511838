// SPDX-License-Identifier: MIT
/*
 * tests/sim/test_sim.c - the simulator (sim/sim.c) driving the scheduler:
 * repeatable runs, traces whose every line parses and agrees with itself
 * and with the report, hand-computed results on tiny workloads, the
 * invariants after every tick, fault injection, and the threaded mode
 * (suite "sim/threads/sim", rerun under ThreadSanitizer).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compat/compiler.h"
#include "compat/jiffies.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sched/sched.h"
#include "sched/snapshot_json.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/trace.h"
#include "sim/workload.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/report.h"
#include "tests/sim/load.h"

/* ------------------------------------------------------------ helpers */

struct run {
	struct sim_workload *wl;
	struct sim *s;
	const struct sim_report *r;
	char *trace;
	size_t len;
	FILE *f;
	int ret;
};

/* the class counter @name of @cpu in a report (sched_counters()) */
static unsigned long cpu_counter(const struct sim_report *r, unsigned int cpu,
				 const char *name)
{
	unsigned int k;

	for (k = 0; k < r->nr_counters; k++)
		if (!strcmp(r->counters[k]->name, name))
			return r->cpus[cpu].counters[k];
	CU_FAIL("no such counter");
	return 0;
}

/* run a workload to the end (checking every tick if @check) */
static int run_start(struct run *run, const char *workload,
		     struct sim_options *opt, int want_trace)
{
	memset(run, 0, sizeof(*run));
	run->ret = load(workload, opt->nr_cpus ? opt->nr_cpus : 4, &run->wl);
	if (run->ret)
		return run->ret;
	if (want_trace) {
		run->f = open_memstream(&run->trace, &run->len);
		opt->trace = run->f;
	}
	run->ret = sim_create(run->wl, opt, &run->s);
	if (run->ret)
		return run->ret;
	run->ret = sim_run(run->s);
	if (!run->ret) {
		run->r = sim_report(run->s);
		if (!run->r)
			run->ret = -ENOMEM;
	}
	if (run->f)
		fflush(run->f);
	return run->ret;
}

/* stop the machine (the report goes with it), keep the trace */
static void run_stop(struct run *run)
{
	sim_destroy(run->s);
	run->s = NULL;
	run->r = NULL;
	if (run->f)
		fclose(run->f);
	run->f = NULL;
}

static void run_end(struct run *run)
{
	run_stop(run);
	free(run->trace);
	sim_workload_free(run->wl);
	run->s = NULL;
	run->f = NULL;
	run->trace = NULL;
	run->wl = NULL;
}

/* ------------------------------------------------------ trace parsing */

#define MAX_PID 100000

struct trace_check {
	unsigned int nr_cpus;
	int cur_pid[SIM_MAX_CPUS];
	char cur_comm[SIM_MAX_CPUS][64];
	unsigned long switches[SIM_MAX_CPUS];
	unsigned long *switch_in; /* per pid */
	unsigned long *migrations; /* per pid */
	unsigned long wakings, wakeup_news, migrates, forks, exits;
	unsigned long lines, events;
	unsigned long long last_us;
	int errors;
};

static int fail_line(struct trace_check *tc, const char *why, const char *line)
{
	if (tc->errors++ < 5)
		fprintf(stderr, "\ntrace line %lu: %s: %.200s\n", tc->lines,
			why, line);
	return -1;
}

static int current_anywhere(const struct trace_check *tc, int pid)
{
	unsigned int c;

	for (c = 0; c < tc->nr_cpus; c++)
		if (tc->cur_pid[c] == pid)
			return 1;
	return 0;
}

static int check_comm(const char *comm, int pid, unsigned int cpu)
{
	char idle[32];

	if (pid != 0)
		return strncmp(comm, "swapper/", 8) != 0;
	snprintf(idle, sizeof(idle), "swapper/%u", cpu);
	return !strcmp(comm, idle);
}

/* parse and check one event line (without its newline) */
static int check_event(struct trace_check *tc, const char *line)
{
	char who[64], flags[8], frac[8], event[32], *dash;
	char c1[64], c2[64], state;
	unsigned long long sec, us;
	unsigned int cpu, a, b;
	int n = 0, pid, p1, p2, r1, r2, who_pid;
	const char *rest, *br;

	if (sscanf(line, " %63s [%u] %7s %llu.%7[0-9]: %31[^:]: %n", who, &cpu,
		   flags, &sec, frac, event, &n) != 6 ||
	    !n)
		return fail_line(tc, "does not parse", line);
	br = strchr(line, '[');
	if (!br || strspn(br + 1, "0123456789") != 3 || br[4] != ']')
		return fail_line(tc, "CPU is not [NNN]", line);
	if (strlen(frac) != 6)
		return fail_line(tc, "timestamp without 6 decimals", line);
	if (strcmp(flags, "d..2"))
		return fail_line(tc, "flags", line);
	if (cpu >= tc->nr_cpus)
		return fail_line(tc, "CPU out of range", line);
	dash = strrchr(who, '-');
	if (!dash || sscanf(dash + 1, "%d", &who_pid) != 1)
		return fail_line(tc, "task column is not COMM-PID", line);
	*dash = '\0';
	us = sec * 1000000 + strtoull(frac, NULL, 10);
	if (us < tc->last_us)
		return fail_line(tc, "timestamp goes back", line);
	tc->last_us = us;
	rest = line + n;
	n = 0;
	tc->events++;
	if (!strcmp(event, "sched_switch")) {
		if (sscanf(rest,
			   "prev_comm=%63s prev_pid=%d prev_prio=%d prev_state=%c ==> next_comm=%63s next_pid=%d next_prio=%d%n",
			   c1, &p1, &r1, &state, c2, &p2, &r2, &n) != 7 ||
		    rest[n])
			return fail_line(tc, "sched_switch fields", line);
		if (!strchr("RSDTZX", state))
			return fail_line(tc, "prev_state", line);
		if (p1 != tc->cur_pid[cpu] || strcmp(c1, tc->cur_comm[cpu]))
			return fail_line(
				tc, "prev is not the CPU's current task", line);
		if (strcmp(who, c1) || who_pid != p1)
			return fail_line(tc, "task column is not prev", line);
		if (p1 == p2)
			return fail_line(tc, "switch to itself", line);
		if (p2 && current_anywhere(tc, p2))
			return fail_line(tc, "next runs on another CPU", line);
		if (!check_comm(c1, p1, cpu) || !check_comm(c2, p2, cpu))
			return fail_line(tc, "idle is not swapper/N pid 0",
					 line);
		if (r1 < 0 || r1 > 140 || r2 < 0 || r2 > 140)
			return fail_line(tc, "prio out of range", line);
		tc->cur_pid[cpu] = p2;
		snprintf(tc->cur_comm[cpu], sizeof(tc->cur_comm[cpu]), "%s",
			 c2);
		tc->switches[cpu]++;
		if (p2 > 0 && p2 < MAX_PID)
			tc->switch_in[p2]++;
	} else if (!strcmp(event, "sched_waking") ||
		   !strcmp(event, "sched_wakeup_new")) {
		if (sscanf(rest, "comm=%63s pid=%d prio=%d target_cpu=%u%n", c1,
			   &pid, &r1, &a, &n) != 4 ||
		    rest[n] ||
		    strlen(rest) - strlen(strstr(rest, "target_cpu=")) + 14 !=
			    strlen(rest))
			return fail_line(tc, "wake-up fields", line);
		if (a != cpu)
			return fail_line(tc, "target_cpu is not the line's",
					 line);
		if (pid <= 0 || current_anywhere(tc, pid))
			return fail_line(tc, "woken task is running", line);
		if (who_pid != tc->cur_pid[cpu])
			return fail_line(tc, "waker column is not current",
					 line);
		if (!strcmp(event, "sched_waking"))
			tc->wakings++;
		else
			tc->wakeup_news++;
	} else if (!strcmp(event, "sched_process_fork")) {
		if (sscanf(rest,
			   "comm=%63s pid=%d child_comm=%63s child_pid=%d%n",
			   c1, &p1, c2, &p2, &n) != 4 ||
		    rest[n])
			return fail_line(tc, "sched_process_fork fields", line);
		if (p1 != tc->cur_pid[cpu] || strcmp(c1, tc->cur_comm[cpu]) ||
		    strcmp(who, c1) || who_pid != p1)
			return fail_line(tc, "the parent is not running", line);
		if (p2 <= p1 || current_anywhere(tc, p2))
			return fail_line(tc, "the child is not new", line);
		tc->forks++;
	} else if (!strcmp(event, "sched_process_exit")) {
		if (sscanf(rest, "comm=%63s pid=%d prio=%d%n", c1, &pid, &r1,
			   &n) != 3 ||
		    rest[n])
			return fail_line(tc, "sched_process_exit fields", line);
		if (pid != tc->cur_pid[cpu] || strcmp(c1, tc->cur_comm[cpu]) ||
		    strcmp(who, c1) || who_pid != pid)
			return fail_line(tc, "the exiting task is not running",
					 line);
		tc->exits++;
	} else if (!strcmp(event, "sched_migrate_task")) {
		if (sscanf(rest,
			   "comm=%63s pid=%d prio=%d orig_cpu=%u dest_cpu=%u%n",
			   c1, &pid, &r1, &a, &b, &n) != 5 ||
		    rest[n])
			return fail_line(tc, "sched_migrate_task fields", line);
		if (b != cpu || a == b || a >= tc->nr_cpus)
			return fail_line(tc, "orig/dest CPU", line);
		if (pid <= 0 || current_anywhere(tc, pid))
			return fail_line(tc, "migrated task is running", line);
		tc->migrates++;
		if (pid < MAX_PID)
			tc->migrations[pid]++;
	} else {
		return fail_line(tc, "unknown event", line);
	}
	return 0;
}

/* check a whole trace; Return: 0 when every line is right */
static int check_trace(struct trace_check *tc, char *text, size_t len,
		       unsigned int nr_cpus)
{
	char *line, *next;
	int in_header = 1;
	unsigned int c;

	memset(tc, 0, sizeof(*tc));
	tc->nr_cpus = nr_cpus;
	for (c = 0; c < nr_cpus; c++)
		snprintf(tc->cur_comm[c], sizeof(tc->cur_comm[c]), "swapper/%u",
			 c);
	tc->switch_in = calloc(MAX_PID, sizeof(*tc->switch_in));
	tc->migrations = calloc(MAX_PID, sizeof(*tc->migrations));
	if (!tc->switch_in || !tc->migrations)
		return -1;
	if (!len || text[len - 1] != '\n')
		return fail_line(tc, "no final newline", "");
	if (strncmp(text, "# tracer: nop\n", 14))
		return fail_line(tc, "first line", text);
	for (line = text; *line; line = next) {
		next = strchr(line, '\n');
		*next++ = '\0';
		tc->lines++;
		if (line[0] == '#') {
			if (!in_header)
				fail_line(tc, "comment after the events", line);
			continue;
		}
		in_header = 0;
		check_event(tc, line);
	}
	return tc->errors ? -1 : 0;
}

static void free_check(struct trace_check *tc)
{
	free(tc->switch_in);
	free(tc->migrations);
}

/* ---------------------------------------------------------- the tests */

static void test_same_seed_same_trace(void)
{
	static const char *const workloads[] = {
		"random",
		"mixed",
		"fork",
		"sim/workloads/affinity.json",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(workloads); i++) {
		struct sim_options o1 = { .nr_cpus = 4,
					  .seed = 7,
					  .duration_usec = 600000 };
		struct sim_options o2 = o1, o3 = o1;
		struct run r1, r2, r3;

		o3.seed = 8;
		CU_ASSERT_EQUAL(run_start(&r1, workloads[i], &o1, 1), 0);
		run_stop(&r1);
		CU_ASSERT_EQUAL(run_start(&r2, workloads[i], &o2, 1), 0);
		run_stop(&r2);
		CU_ASSERT(r1.len > 1000);
		CU_ASSERT(r1.len == r2.len && r1.trace && r2.trace &&
			  !memcmp(r1.trace, r2.trace, r1.len));
		/* only the random workload depends on the seed */
		CU_ASSERT_EQUAL(run_start(&r3, workloads[i], &o3, 1), 0);
		run_stop(&r3);
		if (!strcmp(workloads[i], "random")) {
			CU_ASSERT(r1.len != r3.len ||
				  memcmp(r1.trace, r3.trace, r1.len));
		} else {
			CU_ASSERT(r1.len == r3.len &&
				  !memcmp(r1.trace, r3.trace, r1.len));
		}
		run_end(&r1);
		run_end(&r2);
		run_end(&r3);
	}
}

static void check_workload_trace(const char *workload, unsigned int cpus,
				 unsigned long long usec)
{
	struct sim_options o = { .nr_cpus = cpus,
				 .seed = 3,
				 .duration_usec = usec };
	struct trace_check tc;
	struct run run;
	unsigned long i, switches = 0, migrations = 0, started = 0;
	unsigned int c;

	CU_ASSERT_EQUAL_FATAL(run_start(&run, workload, &o, 1), 0);
	CU_ASSERT_EQUAL(check_trace(&tc, run.trace, run.len, cpus), 0);
	CU_ASSERT(tc.events > 10);
	CU_ASSERT(tc.wakings > 0);
	/* one sched_wakeup_new per task started, a line per fork and exit */
	for (i = 0; i < run.r->nr_tasks; i++)
		started += sim_report_task(run.r, i)->pid != 0;
	CU_ASSERT_EQUAL(tc.wakeup_news, started);
	CU_ASSERT_EQUAL(tc.forks, run.r->forks);
	CU_ASSERT_EQUAL(tc.exits, run.r->exits);
	/* the trace agrees with the report, CPU by CPU and task by task */
	for (c = 0; c < cpus; c++) {
		CU_ASSERT_EQUAL(tc.switches[c], run.r->cpus[c].switches);
		switches += tc.switches[c];
	}
	for (i = 0; i < run.r->nr_tasks; i++) {
		const struct sim_task_stats *ts = sim_report_task(run.r, i);

		CU_ASSERT_EQUAL(tc.switch_in[ts->pid], ts->switches);
		CU_ASSERT_EQUAL(tc.migrations[ts->pid], ts->migrations);
		migrations += ts->migrations;
	}
	CU_ASSERT_EQUAL(tc.migrates, migrations);
	CU_ASSERT(switches > 0);
	free_check(&tc);
	run_end(&run);
}

static void test_trace_lines_parse(void)
{
	check_workload_trace("mixed", 4, 0);
	check_workload_trace("fork", 2, 500000);
	check_workload_trace("rt", 3, 500000);
	check_workload_trace("interactive", 4, 500000);
	check_workload_trace("sim/workloads/affinity.json", 4, 500000);
	check_workload_trace("sim/workloads/periodic.json", 4, 500000);
}

/* a run slice of the Chrome trace: on a CPU's track or on a task's */
struct slice {
	long long ts, dur, cpu, pid;
};

static int slice_cmp(const void *a, const void *b)
{
	const struct slice *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->cpu < y->cpu ? -1 : x->cpu > y->cpu;
}

/*
 * The Chrome trace of a run: slices on one CPU never overlap, a CPU's
 * slices add up to its busy ticks, and a task's to its run time; each
 * task's own track has exactly the runs its CPUs' tracks have (same
 * times, same CPU), and every task's thread is named after it.
 */
static void test_chrome_trace_agrees(void)
{
	struct sim_options o = { .nr_cpus = 3,
				 .seed = 4,
				 .duration_usec = 800000 };
	unsigned long long busy_us[SIM_MAX_CPUS] = { 0 }, end[SIM_MAX_CPUS];
	unsigned long long *task_us;
	unsigned long bad = 0, k, nr_cpu = 0, nr_task = 0, named = 0;
	struct slice *on_cpu, *on_task;
	json_error_t jerr;
	json_t *root, *e, *events;
	char *buf = NULL;
	size_t len = 0, i;
	struct run run;

	memset(end, 0, sizeof(end));
	task_us = calloc(MAX_PID, sizeof(*task_us));
	CU_ASSERT_PTR_NOT_NULL_FATAL(task_us);
	o.chrome = open_memstream(&buf, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(o.chrome);
	CU_ASSERT_EQUAL_FATAL(run_start(&run, "mixed", &o, 0), 0);
	fclose(o.chrome); /* sim_run() has ended the trace */
	root = json_loads(buf, JSON_REJECT_DUPLICATES, &jerr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	events = json_object_get(root, "traceEvents");
	on_cpu = calloc(json_array_size(events), sizeof(*on_cpu));
	on_task = calloc(json_array_size(events), sizeof(*on_task));
	CU_ASSERT_FATAL(on_cpu && on_task);
	json_array_foreach(events, i, e)
	{
		const char *ph = json_string_value(json_object_get(e, "ph"));
		long long pid = json_integer_value(json_object_get(e, "pid"));
		long long tid = json_integer_value(json_object_get(e, "tid"));
		long long ts = json_integer_value(json_object_get(e, "ts"));
		long long dur = json_integer_value(json_object_get(e, "dur"));
		json_t *args = json_object_get(e, "args");

		if (!strcmp(ph, "M") && pid == 1 && tid > 1 &&
		    !strcmp(json_string_value(json_object_get(e, "name")),
			    "thread_name"))
			named++;
		if (strcmp(ph, "X"))
			continue;
		if (pid == 1) {
			on_task[nr_task].ts = ts;
			on_task[nr_task].dur = dur;
			on_task[nr_task].pid = tid;
			on_task[nr_task++].cpu = json_integer_value(
				json_object_get(args, "cpu"));
			continue;
		}
		pid = json_integer_value(json_object_get(args, "pid"));
		if (tid < 0 || tid >= 3 || pid <= 0 || pid >= MAX_PID ||
		    dur <= 0) {
			bad++;
			continue;
		}
		if ((unsigned long long)ts < end[tid])
			bad++;
		end[tid] = ts + dur;
		busy_us[tid] += dur;
		task_us[pid] += dur;
		on_cpu[nr_cpu].ts = ts;
		on_cpu[nr_cpu].dur = dur;
		on_cpu[nr_cpu].pid = pid;
		on_cpu[nr_cpu++].cpu = tid;
	}
	CU_ASSERT_EQUAL(bad, 0);
	for (k = 0; k < 3; k++)
		CU_ASSERT_EQUAL(busy_us[k], run.r->cpus[k].busy * 1000);
	for (k = 0; k < run.r->nr_tasks; k++)
		CU_ASSERT_EQUAL(task_us[sim_report_task(run.r, k)->pid],
				sim_report_task(run.r, k)->runtime * 1000);
	CU_ASSERT_EQUAL(named, run.r->nr_tasks);
	CU_ASSERT_EQUAL_FATAL(nr_task, nr_cpu);
	qsort(on_cpu, nr_cpu, sizeof(*on_cpu), slice_cmp);
	qsort(on_task, nr_task, sizeof(*on_task), slice_cmp);
	CU_ASSERT(nr_cpu > 20);
	CU_ASSERT_EQUAL(memcmp(on_cpu, on_task, nr_cpu * sizeof(*on_cpu)), 0);
	json_decref(root);
	free(on_cpu);
	free(on_task);
	free(buf);
	free(task_us);
	run_end(&run);
}

/* the default workload shows what it promises */
static void test_default_workload_shows_everything(void)
{
	struct sim_options o = { .nr_cpus = 4, .seed = 1 };
	unsigned long pulled = 0, arrsw = 0, i, bonus = 0;
	struct run run;
	unsigned int c;

	CU_ASSERT_EQUAL_FATAL(run_start(&run, SIM_DEFAULT_WORKLOAD, &o, 0), 0);
	for (c = 0; c < 4; c++) {
		pulled += cpu_counter(run.r, c, "pulled");
		arrsw += cpu_counter(run.r, c, "array_switches");
	}
	CU_ASSERT(pulled > 0); /* balancing */
	CU_ASSERT(arrsw > 0); /* expiry and array switches */
	CU_ASSERT(run.r->forks > 0 && run.r->exits > 0);
	/* the editors sleep and earn a bonus; the hogs never do */
	for (i = 0; i < run.r->nr_tasks; i++) {
		const struct sim_task_stats *t = sim_report_task(run.r, i);
		char comm[SIM_NAME_LEN];

		sim_task_comm(run.wl, t, comm);
		if (!strncmp(comm, "editor", 6) && t->wakeups > 10 &&
		    t->bonus_sum > 0)
			bonus++;
		if (!strncmp(comm, "hog", 3))
			CU_ASSERT_EQUAL(t->bonus_sum, -5ll * t->switches);
	}
	CU_ASSERT_EQUAL(bonus, 2);
	run_end(&run);
}

/* one CPU, one task: run 2 ms, sleep 8 ms, for 1 s at HZ=1000 */
static void test_periodic_by_hand(void)
{
	struct sim_options o = { .nr_cpus = 1,
				 .hz = 1000,
				 .duration_usec = 1000000 };
	const struct sim_task_stats *t;
	struct run run;

	CU_ASSERT_EQUAL_FATAL(
		run_start(&run,
			  "{\"tasks\":{\"p\":{\"run\":2000,\"sleep\":8000}}}",
			  &o, 0),
		0);
	CU_ASSERT_EQUAL_FATAL(run.r->nr_tasks, 1);
	t = sim_report_task(run.r, 0);
	/* a 10-tick cycle starting at 0, 10, ..., 990: 100 runs of 2 */
	CU_ASSERT_EQUAL(t->runtime, 200);
	CU_ASSERT_EQUAL(t->wait, 0);
	/* woken at 10, 20, ..., 1000 */
	CU_ASSERT_EQUAL(t->wakeups, 100);
	CU_ASSERT_EQUAL(t->switches, 101);
	CU_ASSERT_EQUAL(sim_task_latency(t, 50), 0);
	CU_ASSERT_EQUAL(sim_task_latency(t, 100), 0);
	CU_ASSERT_EQUAL(run.r->ticks, 1000);
	CU_ASSERT_EQUAL(run.r->cpus[0].busy, 200);
	CU_ASSERT_EQUAL(run.r->cpus[0].switches, 201);
	run_end(&run);

	/* HZ=100: 2 ms rounds to 1 tick (at least one), 8 ms to 1 tick */
	o.hz = 100;
	CU_ASSERT_EQUAL_FATAL(
		run_start(&run,
			  "{\"tasks\":{\"p\":{\"run\":2000,\"sleep\":8000}}}",
			  &o, 0),
		0);
	t = sim_report_task(run.r, 0);
	CU_ASSERT_EQUAL(run.r->ticks, 100);
	CU_ASSERT_EQUAL(t->runtime, 50);
	CU_ASSERT_EQUAL(t->wakeups, 50);
	run_end(&run);
}

/*
 * Two nice-0 hogs on one CPU for 1 s.  A slice is 151 ticks; the first
 * runs 0..151, the second 151..302, then the arrays switch, and so on:
 * switch-ins at 0, 151, 302, 453, 604, 755, 906.
 */
static void test_two_hogs_by_hand(void)
{
	struct sim_options o = { .nr_cpus = 1, .duration_usec = 1000000 };
	const struct sim_task_stats *a, *b;
	struct sim_group g[1];
	double x[2];
	struct run run;

	CU_ASSERT_EQUAL_FATAL(
		run_start(
			&run,
			"{\"tasks\":{\"h\":{\"instance\":2,\"run\":100000000}}}",
			&o, 0),
		0);
	CU_ASSERT_EQUAL_FATAL(run.r->nr_tasks, 2);
	a = sim_report_task(run.r, 0);
	b = sim_report_task(run.r, 1);
	CU_ASSERT_EQUAL(a->runtime, 151 * 3 + 94);
	CU_ASSERT_EQUAL(b->runtime, 151 * 3);
	CU_ASSERT_EQUAL(a->runtime + a->wait, 1000);
	CU_ASSERT_EQUAL(b->runtime + b->wait, 1000);
	CU_ASSERT_EQUAL(a->switches, 4);
	CU_ASSERT_EQUAL(b->switches, 3);
	CU_ASSERT_EQUAL(cpu_counter(run.r, 0, "array_switches"), 3);
	CU_ASSERT_EQUAL(run.r->cpus[0].busy, 1000);
	x[0] = 547;
	x[1] = 453;
	CU_ASSERT_EQUAL_FATAL(sim_report_groups(run.r, 1, g), 1);
	/* 1000^2 / (2 * (547^2 + 453^2)) */
	CU_ASSERT_DOUBLE_EQUAL(g[0].jain,
			       1e6 / (2.0 * (547.0 * 547 + 453.0 * 453)), 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(g[0].jain, sim_jain_index(x, 2), 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(g[0].share, 1.0, 1e-12);
	/* a ran first, b waited for its slice */
	CU_ASSERT_EQUAL(a->response, 0);
	CU_ASSERT_EQUAL(b->response, 151);
	run_end(&run);
}

/*
 * The metrics of sim/report.c on a run worked by hand: one CPU, 1 s at
 * HZ=1000.  f (FIFO) runs 20 ticks of every 100; b runs 1 tick and
 * sleeps 5; e starts at tick 351, runs 5 ticks and exits.
 *
 * f runs 0..20 (response 0), b first at 20 (response 20), then b runs
 * at 26, 32, ... 98, idle between, each wake-up served at once.  At 100
 * f wakes (b is asleep until 104) and runs to 120; b waits 104..120: a
 * latency of 16.  So each 100 ticks f runs 20, b runs 14 times (20 + 6k,
 * k = 0..13), and every burst of f after the first costs b one wake-up
 * of latency 16: wake-ups 13 + 9 x 14 = 139 (9 of 16, 130 of 0), f's 10
 * (100, ..., 1000) all of 0.  e starts at 351 as b goes to sleep (b ran
 * 350..351), runs 351..356 and exits as b wakes at 356.
 */
static void test_metrics_by_hand(void)
{
	struct sim_options o = { .nr_cpus = 1, .duration_usec = 1000000 };
	const struct sim_task_stats *f, *b, *e;
	struct sim_totals tot;
	struct sim_group g[3];
	struct run run;

	CU_ASSERT_EQUAL_FATAL(
		run_start(&run,
			  "{\"tasks\":{"
			  "\"f\":{\"policy\":\"SCHED_FIFO\",\"priority\":10,"
			  "\"run\":20000,\"sleep\":80000},"
			  "\"b\":{\"run\":1000,\"sleep\":5000},"
			  "\"e\":{\"loop\":1,\"delay\":351000,\"run\":5000}}}",
			  &o, 0),
		0);
	CU_ASSERT_EQUAL_FATAL(run.r->nr_tasks, 3);
	f = sim_report_task(run.r, 0);
	b = sim_report_task(run.r, 1);
	e = sim_report_task(run.r, 2);
	CU_ASSERT_EQUAL(f->response, 0);
	CU_ASSERT_EQUAL(f->runtime, 200);
	CU_ASSERT_EQUAL(f->wakeups, 10);
	CU_ASSERT_EQUAL(sim_task_latency(f, 100), 0);
	CU_ASSERT_EQUAL(b->response, 20);
	CU_ASSERT_EQUAL(b->runtime, 140);
	CU_ASSERT_EQUAL(b->wakeups, 139);
	CU_ASSERT_EQUAL(b->wait, 20 + 9 * 16);
	CU_ASSERT_EQUAL(sim_task_latency(b, 50), 0);
	/* rank ceil(0.99 * 139) = 138 of 130 zeros and 9 sixteens */
	CU_ASSERT_EQUAL(sim_task_latency(b, 99), 16);
	CU_ASSERT_EQUAL(sim_task_latency(b, 100), 16);
	CU_ASSERT_EQUAL(e->created, 351);
	CU_ASSERT_EQUAL(e->response, 0);
	CU_ASSERT(e->exited);
	CU_ASSERT_EQUAL(e->turnaround, 5);
	CU_ASSERT(!b->exited);

	CU_ASSERT_EQUAL(sim_report_totals(run.r, &tot), 0);
	CU_ASSERT_EQUAL(tot.wakeups, 149);
	CU_ASSERT_EQUAL(tot.latency.n, 149);
	/* 140 zeros and 9 sixteens: p99 is rank 148 */
	CU_ASSERT_EQUAL(tot.latency.p50, 0);
	CU_ASSERT_EQUAL(tot.latency.p99, 16);
	CU_ASSERT_EQUAL(tot.latency.max, 16);
	CU_ASSERT_EQUAL(tot.migrations, 0);

	CU_ASSERT_EQUAL_FATAL(sim_report_groups(run.r, 3, g), 3);
	CU_ASSERT_DOUBLE_EQUAL(g[0].share, 0.2, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(g[1].share, 0.14, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(g[2].share, 0.005, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(g[1].response_mean, 20, 1e-12);
	CU_ASSERT_EQUAL(g[2].exited, 1);
	CU_ASSERT_DOUBLE_EQUAL(g[2].turnaround_mean, 5, 1e-12);
	CU_ASSERT_EQUAL(g[1].latency.p99, 16);
	run_end(&run);
}

/*
 * Four hogs at nice -10, 0, 10, 19 on one CPU for 3 s.  Slices are 225,
 * 151, 76 and 10 ticks; with sleep_avg 0 all sit at static_prio + 5, so
 * each round runs them best first and ends in an array switch: 462 ticks
 * a round, six rounds in 2772 ticks, then nice -10 runs 225 and nice 0
 * the last 3.
 */
static void test_nice_slices_by_hand(void)
{
	struct sim_options o = { .nr_cpus = 1 };
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_start(&run, "nice", &o, 0), 0);
	CU_ASSERT_EQUAL_FATAL(run.r->nr_tasks, 4);
	CU_ASSERT_EQUAL(run.r->ticks, 3000);
	CU_ASSERT_EQUAL(sim_report_task(run.r, 0)->runtime, 7 * 225);
	CU_ASSERT_EQUAL(sim_report_task(run.r, 1)->runtime, 6 * 151 + 3);
	CU_ASSERT_EQUAL(sim_report_task(run.r, 2)->runtime, 6 * 76);
	CU_ASSERT_EQUAL(sim_report_task(run.r, 3)->runtime, 6 * 10);
	CU_ASSERT_EQUAL(cpu_counter(run.r, 0, "array_switches"), 6);
	/* never slept: every switch-in was at the -5 penalty */
	CU_ASSERT_EQUAL(sim_report_task(run.r, 0)->bonus_sum,
			-5ll * sim_report_task(run.r, 0)->switches);
	run_end(&run);
}

/*
 * Real-time tasks: the periodic FIFO task preempts whatever runs when it
 * wakes, so its wake-up latency is always 0; CPU 0 belongs to the RR
 * pair (pinned there) and the FIFO task whenever it comes by.
 */
static void test_rt_by_hand(void)
{
	struct sim_options o = { .nr_cpus = 2 };
	const struct sim_task_stats *fifo, *rr0, *rr1;
	char comm[SIM_NAME_LEN];
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_start(&run, "rt", &o, 0), 0);
	fifo = sim_report_task(run.r, 0);
	rr0 = sim_report_task(run.r, 1);
	rr1 = sim_report_task(run.r, 2);
	CU_ASSERT_STRING_EQUAL(sim_task_comm(run.wl, fifo, comm), "fifo");
	CU_ASSERT(fifo->wakeups >= 150);
	CU_ASSERT_EQUAL(sim_task_latency(fifo, 100), 0);
	/* 2 ms of every 10 ms */
	CU_ASSERT(fifo->runtime >= 390 && fifo->runtime <= 402);
	CU_ASSERT(rr0->runtime + rr1->runtime + fifo->runtime >= 2000);
	/* round robin: they differ by at most about one 151-tick slice */
	CU_ASSERT(rr0->runtime > 600 && rr1->runtime > 600);
	CU_ASSERT(llabs((long long)rr0->runtime - (long long)rr1->runtime) <=
		  160);
	CU_ASSERT_EQUAL(rr0->bonus_sum, 0);
	run_end(&run);
}

/* sim_check() (and sched_check() in it) after every tick */
static void test_invariants_every_tick(void)
{
	static const struct {
		const char *workload;
		unsigned int cpus;
	} cases[] = {
		{ "mixed", 4 },
		{ "fork", 3 },
		{ "rt", 2 },
		{ "nice", 1 },
		{ "interactive", 4 },
		{ "random", 3 },
		{ "hogs", 5 },
		{ "sim/workloads/affinity.json", 4 },
		{ "sim/workloads/forks.json", 4 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sim_options o = { .nr_cpus = cases[i].cpus,
					 .duration_usec = 400000,
					 .seed = i };
		struct sim_workload *wl = NULL;
		struct sim *s = NULL;
		unsigned long long busy = 0, run = 0;
		const struct sim_report *r;
		unsigned long steps = 0, bad = 0, k;
		int ret;

		CU_ASSERT_EQUAL_FATAL(
			load(cases[i].workload, cases[i].cpus, &wl), 0);
		CU_ASSERT_EQUAL_FATAL(sim_create(wl, &o, &s), 0);
		CU_ASSERT(sim_check(s));
		while ((ret = sim_step(s)) > 0) {
			steps++;
			if (!sim_check(s))
				bad++;
		}
		CU_ASSERT_EQUAL(ret, 0);
		CU_ASSERT_EQUAL(bad, 0);
		CU_ASSERT_EQUAL(steps, 400);
		r = sim_report(s);
		CU_ASSERT_PTR_NOT_NULL_FATAL(r);
		for (k = 0; k < r->nr_tasks; k++) {
			run += sim_report_task(r, k)->runtime;
			CU_ASSERT(sim_report_task(r, k)->runtime +
					  sim_report_task(r, k)->wait <=
				  r->ticks);
		}
		for (k = 0; k < cases[i].cpus; k++)
			busy += r->cpus[k].busy;
		/* every busy tick of a CPU is some task's run time */
		CU_ASSERT_EQUAL(busy, run);
		sim_destroy(s);
		sim_workload_free(wl);
	}
}

/*
 * sim_check() is what every other test leans on: show that it fails when
 * the machine and the simulator disagree, and passes again once they
 * agree.  One CPU, "run 2 ms, sleep 8 ms": after 3 ticks the task sleeps
 * until tick 10.
 */
static void test_check_catches_disagreement(void)
{
	struct sim_options o = { .nr_cpus = 1,
				 .duration_usec = 100000,
				 .check_every_tick = 1 };
	struct sim_workload *wl = NULL;
	const struct sim_report *r;
	struct task_struct *p;
	struct sim *s = NULL;
	unsigned int i;
	int before;

	CU_ASSERT_EQUAL_FATAL(
		load("{\"tasks\":{\"p\":{\"run\":2000,\"sleep\":8000}}}", 1,
		     &wl),
		0);
	CU_ASSERT_EQUAL_FATAL(sim_create(wl, &o, &s), 0);
	for (i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(sim_step(s), 1);
	CU_ASSERT(sim_check(s));

	/* the clock passes the sleeper's wake-up without the wheel */
	jiffies += 20;
	EXPECT_CHECK_FAILS(sim_check(s), "sim_check");
	expect_detail(": task not woken on time: p (pid ");
	jiffies -= 20;
	CU_ASSERT(sim_check(s));

	/* the scheduler wakes the sleeper behind the simulator's back */
	r = sim_report(s);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL_FATAL(r->nr_tasks, 1);
	p = find_task_by_pid(sim_report_task(r, 0)->pid);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(wake_up_process(p), 1);
	EXPECT_CHECK_FAILS(sim_check(s), "sim_check");
	expect_detail(": sleeping task queued: p (pid ");

	/* with check_every_tick, the next tick stops the run */
	before = report_count;
	CU_ASSERT_EQUAL(sim_step(s), -EUCLEAN);
	CU_ASSERT_EQUAL(report_count, before + 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(report_last, "sim_check at sim/sim.c:"));
	sim_destroy(s);
	sim_workload_free(wl);
}

/* a NULL simulation is a violation, reported before anything is run */
static void test_check_null(void)
{
	EXPECT_CHECK_FAILS(sim_check(NULL), "sim_check");
	expect_detail(": no simulation (NULL)");
}

/*
 * Under cfs, sim_check() also holds the scheduler to the workload's task
 * groups: a task moved out of its group behind the simulator's back is
 * caught, and passes again once back.
 */
static void test_check_catches_taskgroup(void)
{
	struct sim_options o = { .nr_cpus = 1,
				 .duration_usec = 100000,
				 .sched_class = &cfs_sched_class };
	struct sim_workload *wl = NULL;
	const struct sim_report *r;
	struct task_group *tg;
	struct task_struct *p;
	struct sim *s = NULL;

	CU_ASSERT_EQUAL_FATAL(load("{\"tasks\":{\"p\":{\"taskgroup\":\"/A\","
				   "\"run\":100000}}}",
				   1, &wl),
			      0);
	CU_ASSERT_EQUAL_FATAL(sim_create(wl, &o, &s), 0);
	CU_ASSERT_EQUAL(sim_step(s), 1);
	CU_ASSERT(sim_check(s));
	r = sim_report(s);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	p = find_task_by_pid(sim_report_task(r, 0)->pid);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	tg = task_group(p);
	CU_ASSERT_EQUAL(sched_move_task(p, &root_task_group), 0);
	EXPECT_CHECK_FAILS(sim_check(s), "sim_check");
	expect_detail(": a task is not in its taskgroup: p (pid ");
	CU_ASSERT_EQUAL(sched_move_task(p, tg), 0);
	CU_ASSERT(sim_check(s));
	sim_destroy(s);
	sim_workload_free(wl);
}

static void test_create_errors(void)
{
	struct sim_options o = { .nr_cpus = 2 };
	struct sim_workload *wl = NULL, *wide = NULL;
	struct sim *s = NULL, *t = NULL;
	long live = kmalloc_live();

	CU_ASSERT_EQUAL_FATAL(load("mixed", 4, &wl), 0);
	o.nr_cpus = SIM_MAX_CPUS + 1;
	CU_ASSERT_EQUAL(sim_create(wl, &o, &s), -EINVAL);
	o.nr_cpus = 2;
	o.hz = 1000000;
	CU_ASSERT_EQUAL(sim_create(wl, &o, &s), -EINVAL);
	o.hz = 0;
	/* parsed for 8 CPUs, pinned to CPU 7, run on 2 */
	CU_ASSERT_EQUAL_FATAL(
		load("{\"tasks\":{\"a\":{\"cpus\":[7],\"run\":1}}}", 8, &wide),
		0);
	CU_ASSERT_EQUAL(sim_create(wide, &o, &s), -EINVAL);
	CU_ASSERT_PTR_NULL(s);
	sim_workload_free(wide);
	/* the same for an affinity event: refused now, not in mid-run */
	CU_ASSERT_EQUAL_FATAL(
		load("{\"tasks\":{\"a\":{\"run\":1000,\"affinity\":[7]}}}", 8,
		     &wide),
		0);
	CU_ASSERT_EQUAL(sim_create(wide, &o, &s), -EINVAL);
	CU_ASSERT_PTR_NULL(s);
	sim_destroy(s);
	s = NULL;
	/* one machine at a time, and the refused one leaves its clock alone */
	CU_ASSERT_EQUAL_FATAL(sim_create(wl, &o, &s), 0);
	CU_ASSERT_EQUAL(sim_step(s), 1);
	CU_ASSERT_EQUAL(sim_step(s), 1);
	o.hz = 100;
	CU_ASSERT_EQUAL(sim_create(wl, &o, &t), -EBUSY);
	CU_ASSERT_PTR_NULL(t);
	CU_ASSERT_EQUAL(jiffies, 2);
	CU_ASSERT_EQUAL(HZ, DEFAULT_HZ);
	CU_ASSERT_EQUAL(sim_step(s), 1);
	CU_ASSERT(sim_check(s));
	o.hz = 0;
	sim_destroy(s);
	/* the task limit */
	o.max_tasks = 3;
	CU_ASSERT_EQUAL(sim_create(wl, &o, &s), -EFBIG);
	sim_workload_free(wide);
	sim_workload_free(wl);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static void test_fork_limit(void)
{
	struct sim_options o = { .nr_cpus = 2,
				 .max_tasks = 4,
				 .duration_usec = 500000 };
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_start(&run, "fork", &o, 0), 0);
	CU_ASSERT_EQUAL(run.r->nr_tasks, 4);
	CU_ASSERT_EQUAL(run.r->forks, 3);
	CU_ASSERT(run.r->forks_refused > 0);
	run_end(&run);
}

/*
 * Fail every allocation of sim_create(@wl, @o) in turn: -ENOMEM with
 * nothing left; then it succeeds, and the run too.  Return: the
 * allocations it makes.
 */
static unsigned long create_fails_cleanly(const struct sim_workload *wl,
					  const struct sim_options *o)
{
	long live = kmalloc_live();
	struct sim *s;
	unsigned long n;
	int ret;

	for_each_alloc_failure(n, (s = NULL, ret = sim_create(wl, o, &s))) {
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_PTR_NULL(s);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
	CU_ASSERT_EQUAL(ret, 0);
	if (!ret)
		CU_ASSERT_EQUAL(sim_run(s), 0);
	sim_destroy(s);
	CU_ASSERT(n < 500);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	return n - 1;
}

/* fail every allocation of sim_create() in turn */
static void test_create_fault_injection(void)
{
	struct sim_options o = { .nr_cpus = 2, .duration_usec = 50000 };
	struct sim_workload *wl = NULL;

	/* resources, shared and per-instance timers, forks */
	CU_ASSERT_EQUAL_FATAL(load("sim/workloads/pipeline.json", 2, &wl), 0);
	CU_ASSERT(create_fails_cleanly(wl, &o) > 1);
	sim_workload_free(wl);
}

/*
 * ... with task groups (the table of groups, each group's queues and
 * entities) under cfs and eevdf: three groups of 4 + 2 * 3 allocations
 * on three CPUs, and the table.
 */
static void test_create_fault_injection_groups(void)
{
	static const char json[] =
		"{\"tasks\":{\"a\":{\"taskgroup\":\"/a/b\",\"run\":1000},"
		"\"c\":{\"phases\":{\"p\":{\"taskgroup\":\"/c\",\"run\":1}}}}}";
	struct sim_workload *wl = NULL;
	unsigned long plain;
	unsigned int k;

	CU_ASSERT_EQUAL_FATAL(load(json, 3, &wl), 0);
	CU_ASSERT_EQUAL(wl->nr_taskgroups, 4);
	for (k = 0; k < 3; k++) {
		const struct sched_class *class[] = { &o1_sched_class,
						      &cfs_sched_class,
						      &eevdf_sched_class };
		struct sim_options o = { .nr_cpus = 3,
					 .duration_usec = 50000,
					 .sched_class = class[k] };
		unsigned long n = create_fails_cleanly(wl, &o);

		/* o1 makes no group */
		if (!k)
			plain = n;
		else
			CU_ASSERT_EQUAL(n, plain + 3 * 10 + 1);
	}
	sim_workload_free(wl);
}

/*
 * What each class does not model of a workload, said once per kind (a
 * policy being a kind of its own): goodness and o1 ignore taskgroup and
 * the custom slice and run SCHED_BATCH and SCHED_IDLE as SCHED_OTHER;
 * cfs ignores the custom slice; eevdf models all four.
 */
static void test_class_warnings(void)
{
	static const char json[] =
		"{\"tasks\":{\"a\":{\"taskgroup\":\"/a\",\"run\":1000},"
		"\"i\":{\"policy\":\"SCHED_IDLE\",\"run\":1000},"
		"\"b\":{\"policy\":\"SCHED_BATCH\",\"dl-runtime\":500,\"run\":1},"
		"\"j\":{\"policy\":\"SCHED_IDLE\",\"run\":1000},"
		"\"s\":{\"dl-runtime\":500,\"run\":1}}}";
	static const char *const groups =
		"test: taskgroup: group scheduling runs under cfs and eevdf; %s runs every task in the root group";
	static const char *const batch =
		"test: tasks.b.policy: %s has no SCHED_BATCH: it runs as SCHED_OTHER (cfs and eevdf give it its meaning)";
	static const char *const idle =
		"test: tasks.i.policy: %s has no SCHED_IDLE: it runs as SCHED_OTHER (cfs and eevdf give it its meaning)";
	static const char *const slice =
		"test: tasks.b.dl-runtime: a custom slice is an eevdf request size (Linux 6.12); %s ignores it";
	/* each policy the class lacks once, by its first task */
	const char *const want[][4] = {
		{ groups, batch, idle, slice }, /* goodness */
		{ groups, batch, idle, slice }, /* o1 */
		{ slice }, /* cfs */
		{ NULL }, /* eevdf */
	};
	struct sim_workload *wl = NULL;
	unsigned int i, k;
	char line[256];

	CU_ASSERT_EQUAL_FATAL(load(json, 1, &wl), 0);
	CU_ASSERT_EQUAL(wl->nr_warnings, 0);
	for (i = 0; sched_classes[i]; i++) {
		struct sim_options o = { .nr_cpus = 1,
					 .sched_class = sched_classes[i] };
		struct sim *s = NULL;

		CU_ASSERT_EQUAL_FATAL(sim_create(wl, &o, &s), 0);
		for (k = 0; k < 4 && want[i][k]; k++) {
			snprintf(line, sizeof(line), want[i][k],
				 sched_classes[i]->name);
			CU_ASSERT_STRING_EQUAL(sim_warning(s, k), line);
		}
		CU_ASSERT_PTR_NULL(sim_warning(s, k));
		sim_destroy(s);
	}
	sim_workload_free(wl);
}

/* one policy the class lacks, and only that one, is named */
static void test_class_warnings_one_policy(void)
{
	static const char *const json[] = {
		"{\"tasks\":{\"x\":{\"run\":1},"
		"\"b\":{\"policy\":\"SCHED_BATCH\",\"run\":1}}}",
		"{\"tasks\":{\"i\":{\"policy\":\"SCHED_IDLE\",\"run\":1},"
		"\"x\":{\"run\":1}}}",
	};
	static const char *const want[] = {
		"test: tasks.b.policy: o1 has no SCHED_BATCH: it runs as SCHED_OTHER (cfs and eevdf give it its meaning)",
		"test: tasks.i.policy: o1 has no SCHED_IDLE: it runs as SCHED_OTHER (cfs and eevdf give it its meaning)",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(json); i++) {
		struct sim_options o = { .nr_cpus = 1 };
		struct sim_workload *wl = NULL;
		struct sim *s = NULL;

		CU_ASSERT_EQUAL_FATAL(load(json[i], 1, &wl), 0);
		CU_ASSERT_EQUAL_FATAL(sim_create(wl, &o, &s), 0);
		CU_ASSERT_STRING_EQUAL(sim_warning(s, 0), want[i]);
		CU_ASSERT_PTR_NULL(sim_warning(s, 1));
		sim_destroy(s);
		sim_workload_free(wl);
	}
}

/*
 * Fail the Nth allocation of a run with forks (of tasks with timers of
 * their own) and a Chrome trace (its bitmap of named tasks) under
 * @class, on CPU threads if @threaded: -ENOMEM, the machine still sound,
 * the run stopped for good, no leak.
 */
static void run_fault_injection(const struct sched_class *class, int threaded)
{
	static const char *const workloads[] = {
		"fork",
		"{\"tasks\":{\"p\":{\"run\":2000,\"fork\":\"c\",\"sleep\":9000},"
		"\"c\":{\"instance\":0,\"loop\":3,\"run\":1000,"
		"\"timer\":{\"ref\":\"unique\",\"period\":4000}}}}",
	};
	unsigned int w;

	for (w = 0; w < ARRAY_SIZE(workloads); w++) {
		struct sim_options o = { .nr_cpus = 2,
					 .duration_usec = 300000,
					 .sched_class = class,
					 .threaded = threaded };
		struct sim_workload *wl = NULL;
		unsigned long n, failed = 0;
		char *buf = NULL;
		size_t len = 0;
		long live;

		CU_ASSERT_EQUAL_FATAL(load(workloads[w], 2, &wl), 0);
		live = kmalloc_live();
		for (n = 1; n < 60; n += (n < 20 ? 1 : 7)) {
			unsigned long fired = kmalloc_fault_fired();
			struct sim *s = NULL;
			int ret;

			o.chrome = w ? open_memstream(&buf, &len) : NULL;
			CU_ASSERT_EQUAL_FATAL(sim_create(wl, &o, &s), 0);
			kmalloc_fail_nth(n);
			ret = sim_run(s);
			kmalloc_fault_reset();
			if (kmalloc_fault_fired() != fired) {
				CU_ASSERT_EQUAL(ret, -ENOMEM);
				/* the machine holds; the run stays stopped */
				CU_ASSERT(sim_check(s));
				CU_ASSERT_EQUAL(sim_run(s), -ENOMEM);
				failed++;
			} else {
				CU_ASSERT_EQUAL(ret, 0);
			}
			sim_destroy(s);
			if (o.chrome)
				fclose(o.chrome);
			free(buf);
			buf = NULL;
			CU_ASSERT_EQUAL(kmalloc_live(), live);
		}
		CU_ASSERT(failed > 10);
		sim_workload_free(wl);
	}
}

static void test_run_fault_injection(void)
{
	run_fault_injection(NULL, 0);
}

static void test_run_fault_injection_every_class(void)
{
	unsigned int i;

	for (i = 0; sched_classes[i]; i++)
		run_fault_injection(sched_classes[i], 0);
}

/* the two streams (open_memstream()s of @a and @b) hold the same bytes */
static void assert_same_bytes(FILE *fa, char **a, size_t *la, FILE *fb,
			      char **b, size_t *lb)
{
	fclose(fa);
	fclose(fb);
	CU_ASSERT(*la > 100 && *la == *lb && !memcmp(*a, *b, *la));
	free(*a);
	free(*b);
}

static void test_report_outputs_repeat(void)
{
	struct sim_options o = { .nr_cpus = 4,
				 .seed = 5,
				 .duration_usec = 500000 };
	char *a = NULL, *b = NULL;
	size_t la = 0, lb = 0;
	FILE *fa = open_memstream(&a, &la), *fb = open_memstream(&b, &lb);
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_start(&run, "random", &o, 0), 0);
	CU_ASSERT_EQUAL(sim_report_json(fa, run.r, run.wl), 0);
	run_end(&run);
	CU_ASSERT_EQUAL_FATAL(run_start(&run, "random", &o, 0), 0);
	CU_ASSERT_EQUAL(sim_report_json(fb, run.r, run.wl), 0);
	run_end(&run);
	assert_same_bytes(fa, &a, &la, fb, &b, &lb);
}

/*
 * Timing the scheduler's calls counts each call where it is made and
 * changes nothing the run does: the report is the same byte for byte
 * once the cost is left out.
 */
static void test_cost_counts_calls(void)
{
	static const char *const workloads[] = {
		"mixed",
		"fork",
		"rt",
		"sim/workloads/pipeline.json",
	};
	struct sim_options o = { .nr_cpus = 3,
				 .seed = 2,
				 .duration_usec = 300000 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(workloads); i++) {
		char *a = NULL, *b = NULL;
		size_t la = 0, lb = 0;
		FILE *fa = open_memstream(&a, &la);
		FILE *fb = open_memstream(&b, &lb);
		unsigned long k, wakeups = 0, created = 0;
		struct sim_totals tot;
		struct run run;

		o.measure_cost = 0;
		CU_ASSERT_EQUAL_FATAL(run_start(&run, workloads[i], &o, 0), 0);
		CU_ASSERT_FALSE(run.r->cost.measured);
		CU_ASSERT_EQUAL(run.r->cost.calls[SIM_COST_TICK], 0);
		CU_ASSERT_EQUAL(sim_report_json(fa, run.r, run.wl), 0);
		run_end(&run);

		o.measure_cost = 1;
		CU_ASSERT_EQUAL_FATAL(run_start(&run, workloads[i], &o, 0), 0);
		CU_ASSERT(run.r->cost.measured);
		CU_ASSERT_EQUAL(run.r->cost.calls[SIM_COST_TICK],
				run.r->ticks * 3);
		for (k = 0; k < run.r->nr_tasks; k++) {
			wakeups += sim_report_task(run.r, k)->wakeups;
			created += sim_report_task(run.r, k)->pid != 0;
		}
		/*
		 * every wake-up (from sleep, and of a task blocked on a
		 * resource), and the first activation of every task
		 */
		CU_ASSERT_EQUAL(run.r->cost.calls[SIM_COST_WAKEUP],
				wakeups + created);
		CU_ASSERT_EQUAL(sim_report_totals(run.r, &tot), 0);
		CU_ASSERT(run.r->cost.calls[SIM_COST_SCHEDULE] >= tot.switches);
		CU_ASSERT(run.r->cost.ns[SIM_COST_SCHEDULE] > 0);
		memset(&((struct sim_report *)run.r)->cost, 0,
		       sizeof(run.r->cost));
		CU_ASSERT_EQUAL(sim_report_json(fb, run.r, run.wl), 0);
		run_end(&run);
		assert_same_bytes(fa, &a, &la, fb, &b, &lb);
	}
}

/* does every timestamp of @trace fall on a multiple of @us? */
static bool stamps_on(const char *trace, unsigned long long us)
{
	unsigned long long sec, usec;
	const char *p = trace;
	bool any = false;

	while ((p = strstr(p, ": sched_switch:"))) {
		const char *q = p;

		while (q > trace && q[-1] != ' ')
			q--;
		if (sscanf(q, "%llu.%llu:", &sec, &usec) != 2)
			return false;
		if ((sec * 1000000 + usec) % us)
			return false;
		any = true;
		p++;
	}
	return any;
}

/*
 * Without --hz a class runs at its kernel's HZ.  o1's is 1000, as every
 * class had before: its trace with no HZ given is byte for byte the one
 * at HZ 1000.  goodness runs at 100: every switch on a 10 ms boundary,
 * which at HZ 1000 they are not (the run of the 2.4 class at 1000, as it
 * was, stays there with --hz 1000).
 */
static void test_default_hz(void)
{
	struct sim_options a = { .nr_cpus = 2,
				 .seed = 5,
				 .duration_usec = 500000,
				 .sched_class = &o1_sched_class };
	struct sim_options b = a;
	struct run r1, r2;

	b.hz = 1000;
	CU_ASSERT_EQUAL(run_start(&r1, "mixed", &a, 1), 0);
	CU_ASSERT_EQUAL(r1.r ? r1.r->hz : 0, 1000U);
	run_stop(&r1);
	CU_ASSERT_EQUAL(run_start(&r2, "mixed", &b, 1), 0);
	run_stop(&r2);
	CU_ASSERT(r1.len > 1000 && r1.len == r2.len && r1.trace && r2.trace &&
		  !memcmp(r1.trace, r2.trace, r1.len));
	run_end(&r1);
	run_end(&r2);

	a.sched_class = b.sched_class = &goodness_sched_class;
	CU_ASSERT_EQUAL(run_start(&r1, "mixed", &a, 1), 0);
	CU_ASSERT_EQUAL(r1.r ? r1.r->hz : 0, 100U);
	CU_ASSERT_EQUAL(r1.r ? r1.r->ticks : 0, 50ULL);
	run_stop(&r1);
	CU_ASSERT_EQUAL(run_start(&r2, "mixed", &b, 1), 0);
	run_stop(&r2);
	CU_ASSERT_TRUE(r1.trace && stamps_on(r1.trace, 10000));
	CU_ASSERT_FALSE(r2.trace && stamps_on(r2.trace, 10000));
	CU_ASSERT_TRUE(r2.trace && stamps_on(r2.trace, 1000));
	run_end(&r1);
	run_end(&r2);
}

/*
 * The report reads the simulator's records in place, a block of them at a
 * time: every task of a run larger than several blocks is found at its
 * number (its name says which instance it is), once, and the report's
 * sums are the tasks'.
 */
static void test_report_reads_every_block(void)
{
	static const char *const wl_json =
		"{\"global\":{\"duration\":0.05},\"tasks\":{\"t\":"
		"{\"instance\":1000,\"run\":2000,\"sleep\":3000},\"f\":"
		"{\"instance\":3,\"run\":1000,\"fork\":\"t\",\"sleep\":5000}}}";
	struct sim_options o = { .nr_cpus = 2, .seed = 5 };
	unsigned long long runtime = 0, busy = 0, latency = 0;
	unsigned long i, bad = 0, t_tasks = 0;
	struct sim_memory m;
	struct run run;
	char name[SIM_NAME_LEN], comm[SIM_NAME_LEN];
	int *seen;

	CU_ASSERT_EQUAL_FATAL(run_start(&run, wl_json, &o, 0), 0);
	CU_ASSERT(run.r->nr_tasks > 1003);
	CU_ASSERT(run.r->forks > 0);
	seen = calloc(run.r->nr_tasks + 2, sizeof(*seen));
	CU_ASSERT_PTR_NOT_NULL_FATAL(seen);
	for (i = 0; i < run.r->nr_tasks; i++) {
		const struct sim_task_stats *ts = sim_report_task(run.r, i);

		runtime += ts->runtime;
		if (ts->pid <= 0 ||
		    (unsigned long)ts->pid > run.r->nr_tasks + 1 ||
		    seen[ts->pid]++)
			bad++;
		if (ts->desc != 0)
			continue;
		/* the first 1000 are t-0 .. t-999 in order, then the forks' */
		snprintf(name, sizeof(name), "t-%lu", t_tasks++);
		bad += strcmp(sim_task_comm(run.wl, ts, comm), name) != 0;
		bad += i < 1000 ? ts->forked : !ts->forked;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(t_tasks, 1000 + run.r->forks);
	for (i = 0; i < run.r->nr_cpus; i++)
		busy += run.r->cpus[i].busy;
	CU_ASSERT_EQUAL(runtime, busy);
	/* the account: the records packed, a slab's slack at most */
	sim_memory(run.s, &m);
	CU_ASSERT_EQUAL(m.nr_tasks, run.r->nr_tasks);
	CU_ASSERT_EQUAL(m.stats_size, sizeof(struct sim_task_stats));
	CU_ASSERT(m.record_size > m.stats_size);
	CU_ASSERT(m.record_slab_bytes >= m.nr_tasks * m.record_size);
	CU_ASSERT(m.record_slab_bytes <
		  m.nr_tasks * m.record_size * 102 / 100 + 65536);
	CU_ASSERT(m.task_struct_slab_bytes >=
		  m.nr_tasks * m.task_struct_size / 2);
	for (i = 0; i < run.r->nr_tasks; i++) {
		unsigned int n = sim_report_task(run.r, i)->nr_latency,
			     room = 8;

		while (room < n)
			room *= 2;
		latency += n > SIM_LATENCY_INLINE ? room * sizeof(int) : 0;
	}
	CU_ASSERT_EQUAL(m.latency_bytes, latency);
	free(seen);
	run_end(&run);
}

/* live allocations sim_create() leaves for @json, the machine taken down */
static long create_allocations(const char *json)
{
	struct sim_options o = { .nr_cpus = 1, .seed = 3 };
	struct sim_workload *wl = NULL;
	struct sim *s = NULL;
	long live, n = -1;

	if (load(json, 1, &wl))
		return -1;
	live = kmalloc_live();
	if (!sim_create(wl, &o, &s))
		n = kmalloc_live() - live;
	sim_destroy(s);
	sim_workload_free(wl);
	return n;
}

/*
 * What only some tasks need is allocated for those alone (a struct
 * sim_task_ext): 50 plain tasks and 2 that take a mutex take none;
 * beside them, 10 with jitter, 5 with a finite loop, 3 that wait on a
 * condition and 2 with a timer of their own take one each, and 7 more
 * plain ones none (the resources' table is one allocation in both, and
 * the 79 records one block).
 */
static void test_record_extension_only_where_needed(void)
{
	static const char *const plain =
		"{\"tasks\":{\"p\":{\"instance\":50,\"run\":1000,"
		"\"sleep\":1000},"
		"\"u\":{\"instance\":2,\"lock\":\"m\",\"run\":100,"
		"\"unlock\":\"m\"}}}";
	static const char *const mixed =
		"{\"tasks\":{\"p\":{\"instance\":50,\"run\":1000,"
		"\"sleep\":1000},"
		"\"u\":{\"instance\":2,\"lock\":\"m\",\"run\":100,"
		"\"unlock\":\"m\"},"
		"\"j\":{\"instance\":10,\"jitter\":10,\"run\":1000,"
		"\"sleep\":1000},"
		"\"l\":{\"instance\":5,\"loop\":3,\"run\":1000,"
		"\"sleep\":1000},"
		"\"w\":{\"instance\":3,\"lock\":\"m\","
		"\"wait\":{\"ref\":\"c\",\"mutex\":\"m\"},"
		"\"unlock\":\"m\"},"
		"\"t\":{\"instance\":2,\"run\":1000,"
		"\"timer\":{\"ref\":\"unique\",\"period\":5000}},"
		"\"q\":{\"instance\":7,\"run\":1000,\"sleep\":1000}}}";
	long a = create_allocations(plain), b = create_allocations(mixed);

	CU_ASSERT(a > 0);
	CU_ASSERT_EQUAL(b - a, 10 + 5 + 3 + 2);
}

static CU_TestInfo sim_tests[] = {
	{ "the report reads every task of every block",
	  test_report_reads_every_block },
	{ "a record's extension only for the tasks that need one",
	  test_record_extension_only_where_needed },
	{ "same seed, same trace bytes", test_same_seed_same_trace },
	{ "each class at its kernel's HZ; o1's unchanged", test_default_hz },
	{ "every trace line parses and agrees", test_trace_lines_parse },
	{ "Chrome slices add up to busy and run time",
	  test_chrome_trace_agrees },
	{ "default workload: balance, expiry, bonus",
	  test_default_workload_shows_everything },
	{ "periodic task by hand", test_periodic_by_hand },
	{ "two hogs on one CPU by hand", test_two_hogs_by_hand },
	{ "response, turnaround, latency, share by hand",
	  test_metrics_by_hand },
	{ "nice -10/0/10/19 slices by hand", test_nice_slices_by_hand },
	{ "FIFO and RR tasks", test_rt_by_hand },
	{ "invariants after every tick", test_invariants_every_tick },
	{ "sim_check catches a disagreement", test_check_catches_disagreement },
	{ "sim_check(NULL): false, one report", test_check_null },
	{ "sim_check holds the scheduler to the taskgroups",
	  test_check_catches_taskgroup },
	{ "create errors", test_create_errors },
	{ "fork limit", test_fork_limit },
	{ "fault injection: create", test_create_fault_injection },
	{ "fault injection: create with task groups",
	  test_create_fault_injection_groups },
	{ "what each class does not model", test_class_warnings },
	{ "a policy the class lacks is named alone",
	  test_class_warnings_one_policy },
	{ "fault injection: run", test_run_fault_injection },
	{ "fault injection: run, every class",
	  test_run_fault_injection_every_class },
	{ "JSON report repeats", test_report_outputs_repeat },
	{ "the cost counts every call and changes nothing",
	  test_cost_counts_calls },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/sim", sim_tests, report_suite_init, report_suite_cleanup)

/* ------------------------------------------------ rt-app's events, run */

/* a stretch of time a task ran, on one CPU, in ticks [start, end) */
struct span {
	unsigned long long start, end;
	unsigned int cpu;
};

#define MAX_SPANS 64

/* the ticks of a trace line's timestamp, at HZ=1000 */
static unsigned long long line_ms(const char *line)
{
	const char *ts = strstr(line, "] d..2 ");
	unsigned long long sec, us;

	if (!ts || sscanf(ts + 7, " %llu.%llu", &sec, &us) != 2)
		return ~0ull;
	return sec * 1000 + us / 1000;
}

/*
 * The stretches @comm ran in @trace (HZ=1000), from its sched_switch
 * lines; a stretch still open at the end ends at @end.  Back-to-back
 * stretches on one CPU are one.  Return: how many (at most MAX_SPANS).
 */
static unsigned int task_spans(const char *trace, const char *comm,
			       unsigned long long end, struct span *out)
{
	struct span raw[4 * MAX_SPANS];
	unsigned int n = 0, i, k = 0, cpu;
	char next[64], prev[64], line[512];
	const char *p, *sw;
	int open = 0;

	for (p = trace; p && *p;
	     p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		unsigned long long t;

		snprintf(line, sizeof(line), "%.*s",
			 (int)(strchrnul(p, '\n') - p), p);
		t = line_ms(line);
		sw = strstr(line, ": sched_switch: ");
		if (line[0] == '#' || !sw ||
		    sscanf(sw, ": sched_switch: prev_comm=%63s", prev) != 1 ||
		    sscanf(strstr(sw, "==> ") + 4, "next_comm=%63s", next) !=
			    1 ||
		    sscanf(strchr(line, '[') + 1, "%u", &cpu) != 1)
			continue;
		if (open && !strcmp(prev, comm)) {
			raw[n - 1].end = t;
			open = 0;
		}
		if (!strcmp(next, comm) && n < ARRAY_SIZE(raw)) {
			raw[n].start = t;
			raw[n].cpu = cpu;
			n++;
			open = 1;
		}
	}
	if (open)
		raw[n - 1].end = end;
	for (i = 0; i < n; i++) {
		if (raw[i].end == raw[i].start)
			continue;
		if (k && out[k - 1].end == raw[i].start &&
		    out[k - 1].cpu == raw[i].cpu)
			out[k - 1].end = raw[i].end;
		else if (k < MAX_SPANS)
			out[k++] = raw[i];
	}
	return k;
}

/* run tests/sim/workloads/@name on @cpus CPUs for @ms, with a trace */
static int run_file(struct run *run, const char *name, unsigned int cpus,
		    unsigned long long ms)
{
	struct sim_options o = { .nr_cpus = cpus,
				 .hz = 1000,
				 .seed = 1,
				 .duration_usec = ms * 1000,
				 .check_every_tick = 1 };
	char path[128];

	snprintf(path, sizeof(path), "tests/sim/workloads/%s.json", name);
	return run_start(run, path, &o, 1);
}

/* @comm ran exactly @n stretches: @want[0..n-1] as { start, end, cpu } */
static void expect_spans(struct run *run, const char *comm,
			 unsigned long long end, unsigned int n,
			 const struct span *want)
{
	struct span got[MAX_SPANS];
	unsigned int i, nr = task_spans(run->trace, comm, end, got);
	int same = nr == n;

	for (i = 0; same && i < n; i++)
		same = got[i].start == want[i].start &&
		       got[i].end == want[i].end && got[i].cpu == want[i].cpu;
	CU_ASSERT(same);
	if (same)
		return;
	fprintf(stderr, "\n%s ran:", comm);
	for (i = 0; i < nr; i++)
		fprintf(stderr, " [%llu,%llu)@%u", got[i].start, got[i].end,
			got[i].cpu);
	fprintf(stderr, "\n");
}

/* the waiter sleeps until the holder releases the mutex at 10 ms */
static void test_mutex_blocks(void)
{
	static const struct span holder[] = { { 0, 10, 0 } };
	static const struct span waiter[] = { { 10, 15, 1 } };
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_file(&run, "mutex", 2, 50), 0);
	expect_spans(&run, "holder", 50, 1, holder);
	expect_spans(&run, "waiter", 50, 1, waiter);
	run_end(&run);
}

/*
 * A signal wakes the first waiter only (at 20 ms), a broadcast the rest
 * (at 40 ms); a sync with nobody waiting wakes nobody and waits forever.
 */
static void test_condition_wakes(void)
{
	static const struct span first[] = { { 20, 25, 1 } };
	static const struct span second[] = { { 40, 45, 2 } };
	static const struct span signaller[] = { { 0, 40, 0 } };
	struct span got[MAX_SPANS];
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_file(&run, "cond", 4, 100), 0);
	expect_spans(&run, "first", 100, 1, first);
	expect_spans(&run, "second", 100, 1, second);
	expect_spans(&run, "signaller", 100, 1, signaller);
	CU_ASSERT_EQUAL(task_spans(run.trace, "syncer", 100, got), 0);
	run_end(&run);
}

/* resume wakes a suspended task; a resume nobody waits for is lost */
static void test_suspend_resume(void)
{
	static const struct span sleeper[] = { { 10, 15, 1 } };
	struct span got[MAX_SPANS];
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_file(&run, "suspend", 4, 100), 0);
	expect_spans(&run, "sleeper", 100, 1, sleeper);
	CU_ASSERT_EQUAL(task_spans(run.trace, "late", 100, got), 0);
	run_end(&run);
}

/* everyone leaves the barrier when the last one (15 ms) arrives */
static void test_barrier_releases_all(void)
{
	static const struct span s[] = { { 0, 5, 0 }, { 15, 17, 0 } };
	static const struct span m[] = { { 0, 10, 1 }, { 15, 17, 1 } };
	static const struct span l[] = { { 0, 17, 2 } };
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_file(&run, "barrier", 3, 50), 0);
	expect_spans(&run, "short", 50, 2, s);
	expect_spans(&run, "middle", 50, 2, m);
	expect_spans(&run, "long", 50, 1, l);
	run_end(&run);
}

/*
 * tests/sim/workloads/timer_{relative,absolute}.json: one task on one
 * CPU, started at 5 ms (its delay, where its timer starts), runs 25 ms
 * (5..30) and waits for its 10 ms timer, whose first expiry (15) has
 * passed; then three activations of 2 ms, each followed by the timer,
 * and it exits.
 *  - relative: the late expiry starts the timer again from 30, so the
 *    first activation runs at once (30..32) and the next ones at 40 and
 *    50; it sleeps to 60 and exits.  It ran [5,32), [40,42), [50,52).
 *  - absolute: the expiries stay at 15, 25, 35, 45: at 30 and 32 the
 *    task is late (no sleep), so it runs 30..34 at once, sleeps to 35,
 *    runs 35..37, sleeps to 45 and exits.  It ran [5,34), [35,37).
 * Each is exactly those stretches, on CPU 0, in 100 ms.
 */
static void test_timer_modes(void)
{
	static const struct span relative[] = {
		{ 5, 32, 0 },
		{ 40, 42, 0 },
		{ 50, 52, 0 },
	};
	static const struct span absolute[] = {
		{ 5, 34, 0 },
		{ 35, 37, 0 },
	};
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_file(&run, "timer_relative", 1, 100), 0);
	expect_spans(&run, "periodic", 100, 3, relative);
	run_end(&run);
	CU_ASSERT_EQUAL_FATAL(run_file(&run, "timer_absolute", 1, 100), 0);
	expect_spans(&run, "periodic", 100, 2, absolute);
	run_end(&run);
}

/*
 * "runtime" ends when its time has passed since the event started
 * (when the task first ran it), whether or not the task had the CPU;
 * "run" ends when the task has used that much CPU.  One CPU under o1 at
 * HZ=1000, a nice-0 hog h and a task r that does one event and exits:
 * h runs its first slice (151 ticks, test_two_hogs_by_hand()) 0..151,
 * r starts its event at 151 and runs its own slice 151..302, the arrays
 * switch, h runs 302..453, then r again.
 *  - runtime 200 ms: over at 351, while r waits; r ends as it runs
 *    again at 453, with 151 ticks of CPU, consuming nothing more;
 *  - run 200 ms: r runs its last 49 ticks 453..502;
 *  - 100 ms: over at 251 on the CPU, the same for both.
 */
static void test_runtime_counts_waiting(void)
{
	static const struct {
		const char *event;
		unsigned long long usec;
		unsigned long long runtime;
		unsigned int turnaround;
	} cases[] = {
		{ "runtime", 200000, 151, 453 },
		{ "run", 200000, 200, 502 },
		{ "runtime", 100000, 100, 251 },
		{ "run", 100000, 100, 251 },
	};
	struct sim_options o = { .nr_cpus = 1,
				 .hz = 1000,
				 .duration_usec = 1000000,
				 .check_every_tick = 1 };
	const struct sim_task_stats *h, *r;
	char json[256];
	unsigned int i;
	struct run run;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		snprintf(json, sizeof(json),
			 "{\"tasks\":{\"h\":{\"run\":100000000},"
			 "\"r\":{\"loop\":1,\"%s\":%llu}}}",
			 cases[i].event, cases[i].usec);
		CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o, 0), 0);
		CU_ASSERT_EQUAL_FATAL(run.r->nr_tasks, 2);
		h = sim_report_task(run.r, 0);
		r = sim_report_task(run.r, 1);
		CU_ASSERT_EQUAL(r->runtime, cases[i].runtime);
		CU_ASSERT(r->exited);
		CU_ASSERT_EQUAL(r->turnaround, cases[i].turnaround);
		CU_ASSERT_EQUAL(h->runtime, 1000 - cases[i].runtime);
		run_end(&run);
	}
}

/*
 * Under cfs (one CPU: a 6 ms latency), a hog h, a ("run": 100000) and b
 * ("runtime": 100000) start together, each placed a vslice after
 * min_vruntime 0 as it is queued (START_DEBIT): h at 6 ms (alone), a at
 * 3 (of two), b at 2 (of three).  Slices are 2 ms: b runs 0..2 (to 4),
 * a 2..4 (to 5), b 4..6 (to 6), a 6..8 (to 7), then h, b, a in turn from
 * 8, h first of the tied h and b as the earlier queued: b runs
 * [10 + 6k, 12 + 6k).  b's 100 ms is over as it is picked at 100 = 10 +
 * 6 x 15: 2 + 2 + 15 x 2 = 34 ticks of CPU, not 100, and b exits at
 * 100.  a ran 34 ticks too by then (its last at 96..98); with two tasks
 * left slices are 3 ms and a is the leftmost: it runs [100 + 6j, 103 +
 * 6j) until its 66 other ticks are done, at 100 + 6 x 21 + 3 = 229.
 */
static void test_runtime_cfs(void)
{
	struct sim_options o = { .nr_cpus = 1,
				 .hz = 1000,
				 .duration_usec = 1000000,
				 .check_every_tick = 1,
				 .sched_class = &cfs_sched_class };
	const struct sim_task_stats *h, *a, *b;
	struct run run;

	CU_ASSERT_EQUAL_FATAL(
		run_start(&run,
			  "{\"tasks\":{\"h\":{\"run\":100000000},"
			  "\"a\":{\"loop\":1,\"run\":100000},"
			  "\"b\":{\"loop\":1,\"runtime\":100000}}}",
			  &o, 0),
		0);
	CU_ASSERT_EQUAL_FATAL(run.r->nr_tasks, 3);
	h = sim_report_task(run.r, 0);
	a = sim_report_task(run.r, 1);
	b = sim_report_task(run.r, 2);
	/* in µs, cfs's clock units */
	CU_ASSERT_EQUAL(run.r->clock_hz, 1000000);
	CU_ASSERT_EQUAL(b->runtime, 34000);
	CU_ASSERT(b->exited);
	CU_ASSERT_EQUAL(b->turnaround, 100000);
	CU_ASSERT_EQUAL(a->runtime, 100000);
	CU_ASSERT(a->exited);
	CU_ASSERT_EQUAL(a->turnaround, 229000);
	CU_ASSERT_EQUAL(h->runtime, 1000000 - 34000 - 100000);
	run_end(&run);
}

/* per-phase cpus move the task: CPU 1, then 2, then back to its own 0 */
static void test_phase_cpus_move(void)
{
	struct span got[MAX_SPANS];
	unsigned int n, i;
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_file(&run, "phase_cpus", 3, 100), 0);
	n = task_spans(run.trace, "mover", 100, got);
	CU_ASSERT_EQUAL_FATAL(n, 3);
	CU_ASSERT(got[0].cpu == 1 && got[1].cpu == 2 && got[2].cpu == 0);
	for (i = 0; i < n; i++)
		CU_ASSERT_EQUAL(got[i].end - got[i].start, 5);
	CU_ASSERT(got[0].end <= got[1].start && got[1].end <= got[2].start);
	CU_ASSERT_EQUAL(sim_report_task(run.r, 0)->runtime, 15);
	run_end(&run);
}

/* a post is remembered; the second wait blocks for good */
static void test_semaphore_counts(void)
{
	static const struct span taker[] = { { 5, 10, 1 } };
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_file(&run, "semaphore", 2, 50), 0);
	expect_spans(&run, "taker", 50, 1, taker);
	run_end(&run);
}

/* both "run" keys and both "sleep" keys run, in file order */
static void test_duplicates_run_in_order(void)
{
	static const struct span twice[] = { { 0, 2, 0 }, { 5, 9, 0 } };
	struct run run;

	CU_ASSERT_EQUAL_FATAL(run_file(&run, "duplicates", 1, 50), 0);
	expect_spans(&run, "twice", 50, 2, twice);
	run_end(&run);
}

/*
 * What is not modelled leaves the schedule as it would be without it:
 * under o1, taskgroup, dl-runtime, SCHED_BATCH and SCHED_IDLE too, each
 * (each policy) said once by the simulator (the workload's own warnings are the
 * class's business of no class).
 */
static void test_not_modelled_changes_nothing(void)
{
	static const char *const want[] = {
		"not_modelled: taskgroup: group scheduling runs under cfs and eevdf; o1 runs every task in the root group",
		"not_modelled: tasks.batch.policy: o1 has no SCHED_BATCH: it runs as SCHED_OTHER (cfs and eevdf give it its meaning)",
		"not_modelled: tasks.idle.policy: o1 has no SCHED_IDLE: it runs as SCHED_OTHER (cfs and eevdf give it its meaning)",
		"not_modelled: tasks.worker.dl-runtime: a custom slice is an eevdf request size (Linux 6.12); o1 ignores it",
	};
	struct run a, b;
	unsigned int i;

	CU_ASSERT_EQUAL_FATAL(run_file(&a, "not_modelled", 2, 300), 0);
	for (i = 0; i < ARRAY_SIZE(want); i++)
		CU_ASSERT_STRING_EQUAL(sim_warning(a.s, i), want[i]);
	CU_ASSERT_PTR_NULL(sim_warning(a.s, i));
	run_stop(&a); /* one machine at a time */
	CU_ASSERT_EQUAL_FATAL(run_file(&b, "plain", 2, 300), 0);
	CU_ASSERT_PTR_NULL(sim_warning(b.s, 0));
	run_stop(&b);
	CU_ASSERT(a.len > 1000);
	CU_ASSERT(a.len == b.len && !memcmp(a.trace, b.trace, a.len));
	CU_ASSERT_EQUAL(a.wl->nr_warnings, 10);
	run_end(&a);
	run_end(&b);
}

/* the run time of the one task of @json, 100 ms on one CPU */
static unsigned long long runtime_alone(const char *json)
{
	struct sim_options o = { .nr_cpus = 1,
				 .hz = 1000,
				 .duration_usec = 100000,
				 .check_every_tick = 1 };
	unsigned long long ticks = ~0ull;
	struct run run;

	if (!run_start(&run, json, &o, 0))
		ticks = sim_report_task(run.r, 0)->runtime;
	run_end(&run);
	return ticks;
}

/*
 * A loop that takes no time (only mem events) is charged a tick every
 * SIM_ZERO_TIME_MAX events: it keeps its CPU, as a real loop would.
 */
static void test_zero_time_loop_hogs(void)
{
	CU_ASSERT_EQUAL(runtime_alone("{\"tasks\":{\"m\":{\"mem\":100}}}"),
			100);
}

/* a default mutex taken twice by its holder deadlocks, as pthreads' */
static void test_relock_deadlocks(void)
{
	CU_ASSERT_EQUAL(runtime_alone(
				"{\"tasks\":{\"d\":{\"lock\":\"m\","
				"\"run\":3000,\"lock\":\"m\",\"run\":3000,"
				"\"unlock\":\"m\"}}}"),
			3);
}

/* every file of tests/sim/workloads/ runs threaded with every check on */
static void test_rtapp_threaded(void)
{
	static const char *const files[] = {
		"mutex",	  "cond",	"suspend",   "barrier",
		"timer_relative", "phase_cpus", "semaphore", "not_modelled",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(files); i++) {
		struct sim_options o = { .nr_cpus = 4,
					 .hz = 1000,
					 .threaded = 1,
					 .seed = 1,
					 .duration_usec = 200000,
					 .check_every_tick = 1 };
		char path[128];
		struct run run;

		struct trace_check tc;

		snprintf(path, sizeof(path), "tests/sim/workloads/%s.json",
			 files[i]);
		CU_ASSERT_EQUAL(run_start(&run, path, &o, 1), 0);
		if (!run.ret) {
			run_stop(&run);
			CU_ASSERT_EQUAL(check_trace(&tc, run.trace, run.len, 4),
					0);
			free_check(&tc);
		}
		run_end(&run);
	}
}

static CU_TestInfo rtapp_tests[] = {
	{ "a task blocked on a mutex runs when it is unlocked",
	  test_mutex_blocks },
	{ "signal wakes one waiter, broadcast all", test_condition_wakes },
	{ "resume wakes a suspended task; a lost resume", test_suspend_resume },
	{ "a barrier releases all at the last arrival",
	  test_barrier_releases_all },
	{ "relative and absolute timers", test_timer_modes },
	{ "runtime counts the time off the CPU, run does not",
	  test_runtime_counts_waiting },
	{ "runtime under cfs: a third of the CPU, over at its time",
	  test_runtime_cfs },
	{ "per-phase cpus move the task", test_phase_cpus_move },
	{ "a semaphore remembers posts", test_semaphore_counts },
	{ "duplicate keys run in file order", test_duplicates_run_in_order },
	{ "keys not modelled change nothing",
	  test_not_modelled_changes_nothing },
	{ "a loop of no time is a hog", test_zero_time_loop_hogs },
	{ "a mutex locked twice deadlocks", test_relock_deadlocks },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/rtapp", rtapp_tests, NULL, NULL)

/* ----------------------------------------------------------- observer */

/*
 * An observer that writes the switches and migrations it is told of as
 * ftrace lines (the trace's own writer, on a trace of its own), counts
 * wake-ups and yields, and checks at every tick that the machine is at
 * rest with the current tasks its switches said.
 */
struct watch {
	struct sim_trace tr;
	FILE *f;
	char *text;
	size_t len;
	unsigned int nr_cpus;
	int curr[SIM_MAX_CPUS];
	unsigned long wakeups, first_wakeups, yields, ticks;
	unsigned long long last_tick, total;
	int yield_not_current, curr_mismatch, tick_order;
	int migrations_unexplained;
	long long stop_at; /* -1: never */
	int stop_err;
};

static void watch_switch(unsigned long long tick, unsigned int cpu,
			 const struct sim_trace_task *prev, char prev_state,
			 const struct sim_trace_task *next, void *data)
{
	struct watch *w = data;

	sim_trace_switch(&w->tr, tick, cpu, prev, prev_state, next);
	w->curr[cpu] = next->pid;
}

static void watch_wakeup(unsigned long long tick, unsigned int cpu,
			 const struct sim_trace_task *p, int first, void *data)
{
	struct watch *w = data;

	(void)tick;
	(void)cpu;
	(void)p;
	w->wakeups++;
	w->first_wakeups += !!first;
}

static void watch_migrate(unsigned long long tick,
			  const struct sim_trace_task *p, unsigned int src_cpu,
			  unsigned int dst_cpu, const struct sched_reason *why,
			  void *data)
{
	struct watch *w = data;
	struct sim_trace_task none = { .comm = "none", .pid = 0 };

	/* every migration says who moved it */
	if (why->kind == SCHED_MIGRATE_NONE || !why->rule)
		w->migrations_unexplained++;

	/* the trace shows the destination's current task: not told here */
	sim_trace_migrate(&w->tr, tick, dst_cpu, &none, p, src_cpu, dst_cpu);
}

static void watch_yield(unsigned long long tick, unsigned int cpu,
			const struct sim_trace_task *p, void *data)
{
	struct watch *w = data;

	(void)tick;
	w->yields++;
	if (w->curr[cpu] != p->pid)
		w->yield_not_current++;
}

static int watch_tick(unsigned long long tick, unsigned long long total,
		      void *data)
{
	struct watch *w = data;
	unsigned int cpu;

	if (tick != (w->ticks ? w->last_tick + 1 : 0) || tick > total)
		w->tick_order++;
	w->ticks++;
	w->last_tick = tick;
	w->total = total;
	for (cpu = 0; cpu < w->nr_cpus; cpu++) {
		json_t *snap = sched_cpu_json(cpu);
		json_t *curr = json_object_get(snap, "curr");
		int pid = json_is_object(curr) ?
				  json_integer_value(
					  json_object_get(curr, "pid")) :
				  0;

		if (!snap || pid != w->curr[cpu])
			w->curr_mismatch++;
		json_decref(snap);
	}
	return (long long)tick == w->stop_at ? w->stop_err : 0;
}

static const struct sim_observer watch_observer = {
	.switch_to = watch_switch,
	.wakeup = watch_wakeup,
	.migrate = watch_migrate,
	.yield = watch_yield,
	.tick = watch_tick,
};

static void watch_begin(struct watch *w, struct sim_observer *obs,
			struct sim_options *o)
{
	memset(w, 0, sizeof(*w));
	w->stop_at = -1;
	w->nr_cpus = o->nr_cpus;
	w->f = open_memstream(&w->text, &w->len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(w->f);
	/* the observer's times are the clock's units: us under hrtimers */
	CU_ASSERT_EQUAL(
		sim_trace_begin(&w->tr, w->f, NULL, NULL, NULL,
				o->sched_class && o->sched_class->hrtimers ?
					1000000 :
					1000,
				o->nr_cpus),
		0);
	*obs = watch_observer;
	obs->data = w;
	o->observer = obs;
}

static void watch_end(struct watch *w)
{
	sim_trace_end(&w->tr, w->last_tick);
	fclose(w->f);
	free(w->text);
}

/* the lines of @text whose event is @event, with the task column cut */
static char *event_lines(const char *text, const char *event)
{
	size_t cap = strlen(text) + 1, used = 0;
	char *out = calloc(1, cap), key[64];
	const char *line, *end;

	snprintf(key, sizeof(key), ": %s: ", event);
	for (line = text; out && *line; line = end + 1) {
		const char *hit, *cpu;

		end = strchr(line, '\n');
		if (!end)
			break;
		hit = strstr(line, key);
		cpu = strchr(line, '[');
		if (line[0] == '#' || !hit || hit > end || !cpu)
			continue;
		memcpy(out + used, cpu, end + 1 - cpu);
		used += end + 1 - cpu;
	}
	return out;
}

/* what the observer is told is what the trace writes */
static void observer_agrees(const char *workload, unsigned int cpus,
			    const struct sched_class *class)
{
	struct sim_options o = { .nr_cpus = cpus,
				 .seed = 5,
				 .duration_usec = 400000,
				 .hz = 1000, /* the watch's trace's */
				 .sched_class = class };
	struct sim_observer obs;
	struct trace_check tc;
	struct watch w;
	struct run run;
	char *a, *b, *copy;
	unsigned int i;

	watch_begin(&w, &obs, &o);
	CU_ASSERT_EQUAL_FATAL(run_start(&run, workload, &o, 1), 0);
	fflush(w.f);
	/* the trace is right (check_trace() cuts its lines: on a copy) */
	copy = strndup(run.trace, run.len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
	CU_ASSERT_EQUAL(check_trace(&tc, copy, run.len, cpus), 0);
	free_check(&tc);
	free(copy);
	for (i = 0; i < 2; i++) {
		const char *ev = i ? "sched_migrate_task" : "sched_switch";

		a = event_lines(run.trace, ev);
		b = event_lines(w.text, ev);
		CU_ASSERT_PTR_NOT_NULL_FATAL(a);
		CU_ASSERT_PTR_NOT_NULL_FATAL(b);
		CU_ASSERT_STRING_EQUAL(a, b);
		CU_ASSERT(strlen(a) > 0);
		free(a);
		free(b);
	}
	CU_ASSERT_EQUAL(w.ticks, run.r->ticks + 1);
	CU_ASSERT_EQUAL(w.total, run.r->ticks);
	CU_ASSERT_EQUAL(w.tick_order, 0);
	CU_ASSERT_EQUAL(w.curr_mismatch, 0);
	/* every migration came with the balancer's (or mover's) reason */
	CU_ASSERT_EQUAL(w.migrations_unexplained, 0);
	run_end(&run);
	watch_end(&w);
}

static void test_observer_sees_the_trace(void)
{
	observer_agrees("mixed", 4, NULL);
	observer_agrees("fork", 2, NULL);
	observer_agrees("sim/workloads/affinity.json", 4, NULL);
	/* goodness's remote picks, the fair balancer */
	observer_agrees("mixed", 4, &goodness_sched_class);
	observer_agrees("mixed", 4, &cfs_sched_class);
	observer_agrees("sim/workloads/affinity.json", 4, &eevdf_sched_class);
}

/* wake-ups: one per sched_waking line; first ones: one per task, each a
 * sched_wakeup_new line */
static void test_observer_wakeups(void)
{
	struct sim_options o = { .nr_cpus = 3,
				 .seed = 2,
				 .duration_usec = 500000 };
	struct sim_observer obs;
	struct trace_check tc;
	unsigned long wakeups = 0, i;
	struct watch w;
	struct run run;

	watch_begin(&w, &obs, &o);
	CU_ASSERT_EQUAL_FATAL(run_start(&run, "fork", &o, 1), 0);
	CU_ASSERT_EQUAL(check_trace(&tc, run.trace, run.len, 3), 0);
	for (i = 0; i < run.r->nr_tasks; i++)
		wakeups += sim_report_task(run.r, i)->wakeups;
	CU_ASSERT_EQUAL(w.first_wakeups, run.r->nr_tasks);
	CU_ASSERT_EQUAL(w.wakeups, w.first_wakeups + wakeups);
	CU_ASSERT_EQUAL(w.wakeups, tc.wakings + tc.wakeup_news);
	CU_ASSERT_EQUAL(w.first_wakeups, tc.wakeup_news);
	CU_ASSERT(run.r->forks > 10);
	free_check(&tc);
	run_end(&run);
	watch_end(&w);
}

/*
 * One task alone on one CPU runs 2 ticks, then yields, for 20 ticks: it
 * yields at ticks 2, 4, ..., 20 and is never switched out (nothing else
 * can run), so the only switch is its first.  Two such tasks: every
 * yield but the last is followed by a switch to the other.
 */
static void test_observer_yields(void)
{
	static const char *const one =
		"{\"tasks\": {\"y\": {\"run\": 2000, \"yield\": 0}}}";
	static const char *const two =
		"{\"tasks\": {\"y\": {\"instance\": 2, \"run\": 2000, \"yield\": 0}}}";
	struct sim_options o = { .nr_cpus = 1, .duration_usec = 20000 };
	struct sim_observer obs;
	struct watch w;
	struct run run;

	watch_begin(&w, &obs, &o);
	CU_ASSERT_EQUAL_FATAL(run_start(&run, one, &o, 0), 0);
	CU_ASSERT_EQUAL(w.yields, 10);
	CU_ASSERT_EQUAL(w.yield_not_current, 0);
	CU_ASSERT_EQUAL(sim_report_task(run.r, 0)->switches, 1);
	run_end(&run);
	watch_end(&w);

	watch_begin(&w, &obs, &o);
	CU_ASSERT_EQUAL_FATAL(run_start(&run, two, &o, 0), 0);
	CU_ASSERT_EQUAL(w.yields, 10);
	CU_ASSERT_EQUAL(w.yield_not_current, 0);
	CU_ASSERT_EQUAL(sim_report_task(run.r, 0)->switches +
				sim_report_task(run.r, 1)->switches,
			11);
	run_end(&run);
	watch_end(&w);
}

/*
 * An error from the tick callback stops the run there, single-threaded
 * or threaded: at tick 7, or at the start, before the first tick.
 */
static void test_observer_stops_the_run(void)
{
	static const struct {
		unsigned int tick;
		int err;
	} stops[] = {
		{ 7, -ECANCELED },
		{ 0, -ENOSPC },
	};
	unsigned int i, k;

	for (i = 0; i < 4; i++) {
		struct sim_options o = { .nr_cpus = 2,
					 .seed = 1,
					 .threaded = i & 1,
					 .duration_usec = 50000 };
		struct sim_observer obs;
		struct watch w;
		struct run run;

		k = i / 2;
		watch_begin(&w, &obs, &o);
		w.stop_at = stops[k].tick;
		w.stop_err = stops[k].err;
		CU_ASSERT_EQUAL(run_start(&run, "hogs", &o, 0), stops[k].err);
		CU_ASSERT_EQUAL(sim_ticks(run.s),
				(unsigned long long)stops[k].tick);
		CU_ASSERT_EQUAL(w.ticks, stops[k].tick + 1ul);
		CU_ASSERT_EQUAL(w.tick_order, 0);
		run_end(&run);
		watch_end(&w);
	}
}

static CU_TestInfo observer_tests[] = {
	{ "switches and migrations are the trace's",
	  test_observer_sees_the_trace },
	{ "wake-ups, first ones once per task", test_observer_wakeups },
	{ "yields by hand", test_observer_yields },
	{ "an error from tick stops the run", test_observer_stops_the_run },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/observer", observer_tests, NULL, NULL)

/* ------------------------------------------------------ threaded mode */

static void threaded_run(const char *workload, unsigned int cpus)
{
	struct sim_options o = { .nr_cpus = cpus,
				 .threaded = 1,
				 .seed = 2,
				 .duration_usec = 300000,
				 .check_every_tick = 1 };
	unsigned long long busy = 0, run_ticks = 0;
	struct trace_check tc;
	struct run run;
	unsigned long k;
	int ret;

	ret = run_start(&run, workload, &o, 1);
	CU_ASSERT_EQUAL(ret, 0);
	if (ret) {
		run_end(&run);
		return;
	}
	CU_ASSERT_EQUAL(run.r->ticks, 300);
	CU_ASSERT(run.r->threaded);
	for (k = 0; k < run.r->nr_tasks; k++) {
		run_ticks += sim_report_task(run.r, k)->runtime;
		CU_ASSERT(sim_report_task(run.r, k)->runtime +
				  sim_report_task(run.r, k)->wait <=
			  run.r->ticks);
	}
	for (k = 0; k < cpus; k++)
		busy += run.r->cpus[k].busy;
	CU_ASSERT_EQUAL(busy, run_ticks);
	/* the trace of a threaded run is as well formed as any */
	CU_ASSERT_EQUAL(check_trace(&tc, run.trace, run.len, cpus), 0);
	free_check(&tc);
	run_end(&run);
}

static void test_threaded_mixed(void)
{
	threaded_run("mixed", 4);
}

static void test_threaded_fork(void)
{
	threaded_run("fork", 3);
}

static void test_threaded_hogs(void)
{
	threaded_run("hogs", 8);
}

static void test_threaded_affinity(void)
{
	threaded_run("sim/workloads/affinity.json", 4);
}

static void test_threaded_step_refused(void)
{
	struct sim_options o = { .nr_cpus = 2, .threaded = 1 };
	struct sim_workload *wl = NULL;
	struct sim *s = NULL;

	CU_ASSERT_EQUAL_FATAL(load("hogs", 2, &wl), 0);
	CU_ASSERT_EQUAL_FATAL(sim_create(wl, &o, &s), 0);
	CU_ASSERT_EQUAL(sim_step(s), -EINVAL);
	sim_destroy(s);
	sim_workload_free(wl);
}

static void test_threaded_fault_injection(void)
{
	run_fault_injection(NULL, 1);
}

static CU_TestInfo threads_tests[] = {
	{ "mixed on 4 CPU threads, checked every tick", test_threaded_mixed },
	{ "fork on 3 CPU threads, checked every tick", test_threaded_fork },
	{ "hogs on 8 CPU threads, checked every tick", test_threaded_hogs },
	{ "affinity changes (migration threads) on 4 CPU threads",
	  test_threaded_affinity },
	{ "sim_step refused when threaded", test_threaded_step_refused },
	{ "rt-app's events on 4 CPU threads, checked every tick",
	  test_rtapp_threaded },
	{ "fault injection: run on 2 CPU threads",
	  test_threaded_fault_injection },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/threads/sim", threads_tests, NULL, NULL)

/* ---------------------------------------------------- SCHED_DEADLINE */

/*
 * a DL task of @runtime ms every @period ms (implicit deadline), in JSON:
 * released at 0, then at each period (its run, then its timer)
 */
static int dl_task_json(char *buf, size_t len, const char *name,
			unsigned int runtime, unsigned int period)
{
	return snprintf(
		buf, len,
		"\"%s\": { \"policy\": \"SCHED_DEADLINE\", \"dl-runtime\": %u, \"dl-period\": %u, \"run\": %u, \"timer\": { \"ref\": \"t%s\", \"period\": %u } }",
		name, runtime * 1000, period * 1000, runtime * 1000, name,
		period * 1000);
}

/* the figures of DL task @comm in @r */
static const struct sim_dl_stats *dl_of(const struct sim_report *r,
					const char *comm)
{
	unsigned long i;

	for (i = 0; i < r->nr_dl; i++)
		if (!strcmp(r->dl[i].comm, comm))
			return &r->dl[i];
	return NULL;
}

static const char dl_hogs[] =
	"{ \"tasks\": { \"dl\": { \"policy\": \"SCHED_DEADLINE\", \"dl-runtime\": 2000, \"dl-period\": 10000, \"dl-deadline\": 10000, \"timer\": { \"ref\": \"t\", \"period\": 10000 }, \"run\": 2000 }, \"hog1\": { \"run\": 100000 }, \"hog2\": { \"run\": 100000 } } }";

/*
 * 2 ms every 10 ms beside two hogs on one CPU, under every class (the
 * deadline class is above each): 20% of the CPU, no deadline missed, a
 * throttle per instance (the runtime reaches 0 as the run ends), and the
 * hogs share the rest.  Checked every tick.
 */
static void dl_share(unsigned int threaded)
{
	const struct sim_dl_stats *dl;
	unsigned long long ran;
	unsigned int i;
	struct run run;

	{
		for (i = 0; sched_classes[i]; i++) {
			struct sim_options o = {
				.nr_cpus = 1,
				.hz = 1000,
				.duration_usec = 2000000,
				.sched_class = sched_classes[i],
				.threaded = threaded,
				.check_every_tick = 1,
			};

			CU_ASSERT_EQUAL_FATAL(run_start(&run, dl_hogs, &o, 0),
					      0);
			dl = dl_of(run.r, "dl");
			CU_ASSERT_PTR_NOT_NULL_FATAL(dl);
			CU_ASSERT_EQUAL(run.r->nr_dl, 1);
			CU_ASSERT_EQUAL(dl->runtime_ns, 2000000);
			CU_ASSERT_EQUAL(dl->period_ns, 10000000);
			CU_ASSERT_EQUAL(dl->misses, 0);
			/* 20.0% +- 0.5 of the 2000 ticks */
			ran = sim_report_task(run.r, dl->task)->runtime;
			ran = sim_report_ticks(run.r, ran);
			CU_ASSERT(ran >= 390 && ran <= 410);
			CU_ASSERT(dl->throttles >= 195 && dl->throttles <= 200);
			CU_ASSERT_EQUAL(
				sim_report_task(run.r, dl->task)->policy,
				SCHED_DEADLINE);
			run_end(&run);
		}
	}
}

static void test_dl_share(void)
{
	dl_share(0);
}

/*
 * The report shows them: the text's table, --json's "deadline" array,
 * --compare's rows (misses/throttles/runtime left per class); a run
 * without a DL task shows none of them.  Worked by hand: the task waits
 * for its timer's first expiry (10 ms, rt-app's), then runs 2 ms in each
 * of the 99 periods that start before 1 s: 198 ms (19.8%), a throttle
 * at the end of each, its full runtime back for the 100th.
 */
static void test_dl_report(void)
{
	struct sim_options o = { .nr_cpus = 1,
				 .hz = 1000,
				 .duration_usec = 1000000 };
	struct sim_compare c = { 0 };
	char *buf = NULL;
	size_t len = 0;
	struct run run;
	FILE *f;

	CU_ASSERT_EQUAL_FATAL(run_start(&run, dl_hogs, &o, 0), 0);
	f = open_memstream(&buf, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(sim_report_text(f, run.r, run.wl), 0);
	CU_ASSERT_EQUAL(sim_report_json(f, run.r, run.wl), 0);
	CU_ASSERT_EQUAL(sim_compare_add(&c, run.r, run.wl), 0);
	CU_ASSERT_EQUAL(sim_compare_text(f, &c, run.wl, run.r), 0);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		buf,
		"dl                  2.000    10.000    10.000     19.8       0        99     2.000\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		buf,
		"\"deadline\":[{\"comm\":\"dl\",\"pid\":2,\"runtime_ms\":2.0,\"deadline_ms\":10.0,\"period_ms\":10.0,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		buf,
		"\"deadline_misses\":0,\"throttles\":99,\"runtime_left_ms\":2.0}]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		buf, "deadline tasks: misses/throttles/runtime left (ms)\n"
		     "  dl                          0/99/2.000\n"));
	free(buf);
	sim_compare_release(&c);
	run_end(&run);

	CU_ASSERT_EQUAL_FATAL(run_start(&run, "hogs", &o, 0), 0);
	buf = NULL;
	f = open_memstream(&buf, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(run.r->nr_dl, 0);
	CU_ASSERT_EQUAL(sim_report_text(f, run.r, run.wl), 0);
	CU_ASSERT_EQUAL(sim_report_json(f, run.r, run.wl), 0);
	fclose(f);
	CU_ASSERT_PTR_NULL(strstr(buf, "deadline"));
	free(buf);
	run_end(&run);
}

/* the same on the simulator's CPU thread, and on 4 CPUs */
static void test_dl_share_threaded(void)
{
	struct sim_options o = { .nr_cpus = 4,
				 .hz = 1000,
				 .threaded = 1,
				 .duration_usec = 300000,
				 .check_every_tick = 1 };
	char json[2048], one[256];
	unsigned int i, k;
	struct run run;

	dl_share(1);
	/* global EDF's pull and push across CPU threads: 6 x 50% and hogs */
	snprintf(
		json, sizeof(json),
		"{ \"tasks\": { \"hog1\": { \"run\": 100000 }, \"hog2\": { \"run\": 100000 }");
	for (k = 0; k < 6; k++) {
		char name[8];

		snprintf(name, sizeof(name), "d%u", k);
		dl_task_json(one, sizeof(one), name, 5, 10);
		strcat(json, ", ");
		strcat(json, one);
	}
	strcat(json, " } }");
	/*
	 * under o1's jiffy timers, and under eevdf's hrtimers, whose
	 * replenishments between ticks the main thread fires while the CPU
	 * threads wait
	 */
	for (i = 0; i < 2; i++) {
		o.sched_class = i ? &eevdf_sched_class : NULL;
		CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o, 0), 0);
		CU_ASSERT_EQUAL(run.r->nr_dl, 6);
		for (k = 0; k < run.r->nr_dl; k++)
			CU_ASSERT(sim_report_ticks(
					  run.r,
					  sim_report_task(run.r,
							  run.r->dl[k].task)
						  ->runtime) >= 140);
		run_end(&run);
	}
}

/* three 40% tasks on one CPU: the third is refused, and said so */
static void test_dl_admission(void)
{
	struct sim_options o = { .nr_cpus = 1, .duration_usec = 100000 };
	char json[1024], a[256], b[256], c[256];
	struct run run;

	dl_task_json(a, sizeof(a), "a", 4, 10);
	dl_task_json(b, sizeof(b), "b", 4, 10);
	dl_task_json(c, sizeof(c), "c", 4, 10);
	snprintf(json, sizeof(json), "{ \"tasks\": { %s, %s, %s } }", a, b, c);
	CU_ASSERT_EQUAL(run_start(&run, json, &o, 0), -EBUSY);
	CU_ASSERT_PTR_NOT_NULL_FATAL(run.s);
	CU_ASSERT_STRING_EQUAL(
		sim_error(run.s),
		"task c: SCHED_DEADLINE admission control refused 40.0% (sum would be 120.0% of 95.0%): -EBUSY");
	run_end(&run);

	/* two fit: 80% of 95% */
	snprintf(json, sizeof(json), "{ \"tasks\": { %s, %s } }", a, b);
	CU_ASSERT_EQUAL(run_start(&run, json, &o, 0), 0);
	CU_ASSERT_PTR_NULL(sim_error(run.s));
	run_end(&run);
}

/*
 * EDF is optimal on one CPU: random implicit-deadline task sets of
 * whole-millisecond runtimes and periods that admission control accepts
 * (utilisation <= 0.95) miss no deadline, each task getting its
 * runtime every period.
 */
static void test_dl_no_miss(void)
{
	unsigned int seed, k, n, runtime[6], period[6];
	unsigned long long ran;
	char json[2048], one[256];
	struct run run;
	double u;

	for (seed = 1; seed <= 8; seed++) {
		struct sim_options o = { .nr_cpus = 1,
					 .hz = 1000,
					 .seed = seed,
					 .duration_usec = 1000000,
					 .check_every_tick = 1 };
		unsigned int s = seed;

		do {
			n = 2 + rand_r(&s) % 4;
			u = 0;
			for (k = 0; k < n; k++) {
				period[k] = 5 + rand_r(&s) % 46;
				runtime[k] = 1 + rand_r(&s) % (period[k] / 3);
				u += (double)runtime[k] / period[k];
			}
		} while (u > 0.94 || u < 0.5);
		snprintf(json, sizeof(json),
			 "{ \"tasks\": { \"hog\": { \"run\": 100000 }");
		for (k = 0; k < n; k++) {
			char name[8];

			snprintf(name, sizeof(name), "t%u", k);
			dl_task_json(one, sizeof(one), name, runtime[k],
				     period[k]);
			strcat(json, ", ");
			strcat(json, one);
		}
		strcat(json, " } }");
		CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o, 0), 0);
		CU_ASSERT_EQUAL(run.r->nr_dl, n);
		for (k = 0; k < run.r->nr_dl; k++) {
			const struct sim_dl_stats *dl = &run.r->dl[k];
			unsigned long long want = 1000 /
						  (dl->period_ns / 1000000) *
						  (dl->runtime_ns / 1000000);

			CU_ASSERT_EQUAL(dl->misses, 0);
			/* every period's runtime, the last one maybe cut */
			ran = sim_report_task(run.r, dl->task)->runtime;
			ran = sim_report_ticks(run.r, ran);
			CU_ASSERT(ran + dl->runtime_ns / 1000000 >= want);
		}
		run_end(&run);
	}
}

/*
 * Dhall's effect: on 2 CPUs, two light tasks (2 ms every 19 ms) and a
 * heavy one (19 ms every 20 ms), all released at 0: 116% of 200%.  Global
 * EDF runs the two light ones first, their deadlines being earlier, on
 * both CPUs; the heavy one starts late and cannot end by its deadline: it
 * misses, though one CPU for it alone would do.  The light ones never
 * miss.
 */
static void test_dl_dhall(void)
{
	struct sim_options o = { .nr_cpus = 2,
				 .hz = 1000,
				 .duration_usec = 500000,
				 .check_every_tick = 1 };
	char json[1024], a[256], b[256], h[256];
	struct run run;

	dl_task_json(a, sizeof(a), "light1", 2, 19);
	dl_task_json(b, sizeof(b), "light2", 2, 19);
	dl_task_json(h, sizeof(h), "heavy", 19, 20);
	snprintf(json, sizeof(json), "{ \"tasks\": { %s, %s, %s } }", a, b, h);
	CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o, 0), 0);
	CU_ASSERT_EQUAL(dl_of(run.r, "light1")->misses, 0);
	CU_ASSERT_EQUAL(dl_of(run.r, "light2")->misses, 0);
	CU_ASSERT(dl_of(run.r, "heavy")->misses >= 1);
	run_end(&run);

	/* the heavy task alone on its CPU: no miss */
	o.nr_cpus = 1;
	snprintf(json, sizeof(json), "{ \"tasks\": { %s } }", h);
	CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o, 0), 0);
	CU_ASSERT_EQUAL(dl_of(run.r, "heavy")->misses, 0);
	run_end(&run);
}

/*
 * 2 ms every 10 ms at 250 Hz (a 4 ms tick) beside two hogs, under cfs
 * and eevdf (hrtimers), with an rt-app run of 2004 us: a little over its
 * budget, as rt-app's runs overran it on the rig's kernels (case
 * dl-2-10-hogs, tests/kernel/: Linux 6.1 and 6.12 ran the task about 98
 * times a second).  Charged to the ns, the task is found exhausted at
 * the next tick or when it sleeps, and the overrun comes off its next
 * instance.  Worked from 0 (its timer's first expiry at 10 ms):
 *
 *   10      woken: a new instance, deadline 20, 2 ms; runs to the tick
 *           at 12: 2 ms charged, 0 left: throttled until 20, 4 us of its
 *           run still to do
 *   20      replenished (2 ms, deadline 30), runs them; its timer is late
 *           (20 <= 20.004: rt-app's relative timer starts again from
 *           now), so a new run, to 22.008, then asleep until 30.004;
 *           charged 2.008 ms: 8 us overrun, throttled until 30, given
 *           2 - 0.008 = 1.992 ms then, the deadline 40
 *   30.004  woken, keeps that instance; runs to the tick at 32 (1.996 ms
 *           charged, 4 us overrun), throttled until 40 ...
 *
 * Two switch-ins every 20 ms (100 a second), 4 ms of CPU (20%), no miss;
 * the overruns grow by a few us a cycle, far from a period in 2 s.  Charged
 * a whole tick at the tick, every other instance had overrun a period:
 * 83 switch-ins a second and 16.7% of the CPU.
 */
static void test_dl_activations(void)
{
	static const char json[] =
		"{ \"tasks\": { \"dl\": { \"policy\": \"SCHED_DEADLINE\", \"dl-runtime\": 2000, \"dl-period\": 10000, \"timer\": { \"ref\": \"t\", \"period\": 10000 }, \"run\": 2004 }, \"hog1\": { \"run\": 1000000 }, \"hog2\": { \"run\": 1000000 } } }";
	const struct sched_class *classes[] = { &cfs_sched_class,
						&eevdf_sched_class };
	const struct sim_task_stats *ts;
	const struct sim_dl_stats *dl;
	unsigned int i;
	struct run run;

	for (i = 0; i < ARRAY_SIZE(classes); i++) {
		struct sim_options o = { .nr_cpus = 1,
					 .hz = 250,
					 .duration_usec = 2000000,
					 .sched_class = classes[i],
					 .check_every_tick = 1 };

		CU_ASSERT_EQUAL_FATAL(run_start(&run, json, &o, 0), 0);
		dl = dl_of(run.r, "dl");
		CU_ASSERT_PTR_NOT_NULL_FATAL(dl);
		ts = sim_report_task(run.r, dl->task);
		/*
		 * 2 every 20 ms from 10 ms (99.5 cycles), and one at 0, before
		 * its timer
		 */
		CU_ASSERT(ts->switches >= 199 && ts->switches <= 201);
		/* 4 ms every 20 ms from 10 ms, in us: 398 ms */
		CU_ASSERT(ts->runtime >= 396000 && ts->runtime <= 400000);
		CU_ASSERT_EQUAL(dl->misses, 0);
		/* one throttle a switch-in, but for the one at 0 */
		CU_ASSERT(dl->throttles >= 198 && dl->throttles <= 200);
		run_end(&run);
	}
}

static CU_TestInfo deadline_tests[] = {
	{ "2 ms / 10 ms beside two hogs: 20%, no miss, every class",
	  test_dl_share },
	{ "the report, --json and --compare show misses, throttles, runtime left",
	  test_dl_report },
	{ "three 40% tasks on one CPU: the third refused by admission",
	  test_dl_admission },
	{ "EDF on one CPU, utilisation <= 0.95: no miss (8 seeds)",
	  test_dl_no_miss },
	{ "Dhall's effect of global EDF on 2 CPUs", test_dl_dhall },
	{ "2/10 ms at 250 Hz, run just over budget: 100 switch-ins a second, 20%",
	  test_dl_activations },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/sim/deadline", deadline_tests, NULL, NULL)

static CU_TestInfo deadline_threads_tests[] = {
	{ "2 ms / 10 ms beside two hogs, threaded; DL tasks on 4 threads",
	  test_dl_share_threaded },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/threads/deadline", deadline_threads_tests, NULL, NULL)
