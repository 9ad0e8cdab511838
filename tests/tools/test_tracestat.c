// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_tracestat.c - the trace analyser (tools/tracestat.c)
 * and "kstruct tracestat" (tools/cmd_tracestat.c).
 *
 * The traces are written by hand, in the layout of a Linux 6.x "trace"
 * file (the flags column with five characters) or of kstruct sim's
 * (four), and every expected figure is worked out in the comment above
 * the trace from its timestamps, not from the code.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "compat/slab.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/tmpdir.h"
#include "tools/cmd_sim.h"
#include "tools/cmd_tracestat.h"
#include "tools/tracestat.h"

#define MS 1000000ll

/*
 * One CPU, tasks a (pid 10) and b (pid 11), times in ms after 1 s:
 *
 *   0     a and b created (sched_wakeup_new), a switched in
 *   4     a preempted (R), b in
 *   6     b sleeps (S): its first activation used 2 ms
 *   8     b woken
 *   9     a preempted, b in: latency 1 ms
 *   10.5  b sleeps: its second activation used 1.5 ms; a in
 *   12    a migrated (the event alone)
 *   14    a switches to idle, still runnable
 *
 * Whole trace, window [0, 14):
 *   a: runs 0-4, 6-9, 10.5-14 = 10.5 ms; waits 4-6, 9-10.5 = 3.5 ms;
 *      3 switch-ins; 1 migration; no wake-up; no activation ends
 *   b: runs 4-6, 9-10.5 = 3.5 ms; waits 0-4, 8-9 = 5 ms; 2 switch-ins;
 *      1 wake-up of 1 ms; 2 activations, 3.5 ms; 1 sleep ended, 6-8 =
 *      2 ms (the one from 10.5 never ends)
 */
static const char two_tasks[] =
	"# tracer: nop\n"
	"#\n"
	"# entries-in-buffer/entries-written: 10/10   #P:1\n"
	"#\n"
	"          <idle>-0       [000] d..2.     1.000000: sched_wakeup_new: comm=a pid=10 prio=120 target_cpu=000\n"
	"          <idle>-0       [000] d..2.     1.000000: sched_wakeup_new: comm=b pid=11 prio=120 target_cpu=000\n"
	"          <idle>-0       [000] d..2.     1.000000: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=a next_pid=10 next_prio=120\n"
	"               a-10      [000] d..2.     1.004000: sched_switch: prev_comm=a prev_pid=10 prev_prio=120 prev_state=R+ ==> next_comm=b next_pid=11 next_prio=120\n"
	"               b-11      [000] d..2.     1.006000: sched_switch: prev_comm=b prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=a next_pid=10 next_prio=120\n"
	"            init-1       [000] .....     1.007000: tracing_mark_write: a marker, ignored\n"
	"               a-10      [000] d.h2.     1.008000: sched_wakeup: comm=b pid=11 prio=120 target_cpu=000\n"
	"               a-10      [000] d..2.     1.009000: sched_switch: prev_comm=a prev_pid=10 prev_prio=120 prev_state=R ==> next_comm=b next_pid=11 next_prio=120\n"
	"               b-11      [000] d..2.     1.010500: sched_switch: prev_comm=b prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=a next_pid=10 next_prio=120\n"
	"               a-10      [000] d..2.     1.012000: sched_migrate_task: comm=a pid=10 prio=120 orig_cpu=0 dest_cpu=1\n"
	"               a-10      [000] d..2.     1.014000: sched_switch: prev_comm=a prev_pid=10 prev_prio=120 prev_state=R ==> next_comm=swapper/0 next_pid=0 next_prio=120\n";

static const struct tracestat_name ab[] = {
	{ "a", "a", 0, 0 },
	{ "b", "b", 0, 0 },
};

static int read_text(const char *text, const struct tracestat_name *names,
		     unsigned int nr, long long warmup, long long length,
		     struct tracestat_result *res, char *err, size_t errlen)
{
	struct tracestat_window w = { warmup, length };
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int ret;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	ret = tracestat_read(f, names, nr, &w, res, err, errlen);
	fclose(f);
	return ret;
}

static void test_whole_trace(void)
{
	struct tracestat_result res;
	const struct tracestat_figures *a, *b;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(
		read_text(two_tasks, ab, 2, 0, 0, &res, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(res.events, 10);
	CU_ASSERT_EQUAL(res.first_ns, 1000 * MS);
	CU_ASSERT_EQUAL(res.start_ns, 1000 * MS);
	CU_ASSERT_EQUAL(res.end_ns, 1014 * MS);
	a = &res.tasks[0];
	b = &res.tasks[1];
	CU_ASSERT(a->found && b->found);
	CU_ASSERT_EQUAL(a->pid, 10);
	CU_ASSERT_EQUAL(b->pid, 11);
	CU_ASSERT_EQUAL(a->run_ns, 10500000);
	CU_ASSERT_EQUAL(a->wait_ns, 3500000);
	CU_ASSERT_EQUAL(a->switches, 3);
	CU_ASSERT_EQUAL(a->migrations, 1);
	CU_ASSERT_EQUAL(a->wakeups, 0);
	CU_ASSERT_EQUAL(a->activations, 0);
	CU_ASSERT_EQUAL(a->sleeps, 0);
	CU_ASSERT_EQUAL(b->run_ns, 3500000);
	CU_ASSERT_EQUAL(b->wait_ns, 5 * MS);
	CU_ASSERT_EQUAL(b->switches, 2);
	CU_ASSERT_EQUAL(b->migrations, 0);
	CU_ASSERT_EQUAL(b->wakeups, 1);
	CU_ASSERT_EQUAL(b->lat_p50_ns, 1 * MS);
	CU_ASSERT_EQUAL(b->lat_p99_ns, 1 * MS);
	CU_ASSERT_EQUAL(b->lat_max_ns, 1 * MS);
	CU_ASSERT_EQUAL(b->activations, 2);
	CU_ASSERT_EQUAL(b->activation_ns, 3500000);
	CU_ASSERT_EQUAL(b->sleeps, 1);
	CU_ASSERT_EQUAL(b->sleep_ns, 2 * MS);
	tracestat_free(&res);
}

/*
 * The same trace, window [5, 10): what crosses an edge counts inside.
 *   a: waits 5-6 and 9-10 = 2 ms, runs 6-9 = 3 ms, 1 switch-in (6);
 *      the migration (12) is outside
 *   b: runs 5-6 and 9-10 = 2 ms, waits 8-9 = 1 ms, 1 switch-in (9);
 *      the activation ending at 6 counts whole (2 ms), the one ending at
 *      10.5 does not; the wake-up at 8 is inside: 1 ms, and so is the
 *      end of the sleep it ends, which counts whole (6-8: 2 ms)
 */
static void test_window_edges(void)
{
	struct tracestat_result res;
	const struct tracestat_figures *a, *b;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(read_text(two_tasks, ab, 2, 5 * MS, 5 * MS, &res,
					err, sizeof(err)),
			      0);
	CU_ASSERT_EQUAL(res.start_ns, 1005 * MS);
	CU_ASSERT_EQUAL(res.end_ns, 1010 * MS);
	a = &res.tasks[0];
	b = &res.tasks[1];
	CU_ASSERT_EQUAL(a->run_ns, 3 * MS);
	CU_ASSERT_EQUAL(a->wait_ns, 2 * MS);
	CU_ASSERT_EQUAL(a->switches, 1);
	CU_ASSERT_EQUAL(a->migrations, 0);
	CU_ASSERT_EQUAL(b->run_ns, 2 * MS);
	CU_ASSERT_EQUAL(b->wait_ns, 1 * MS);
	CU_ASSERT_EQUAL(b->switches, 1);
	CU_ASSERT_EQUAL(b->wakeups, 1);
	CU_ASSERT_EQUAL(b->activations, 1);
	CU_ASSERT_EQUAL(b->activation_ns, 2 * MS);
	CU_ASSERT_EQUAL(b->sleeps, 1);
	CU_ASSERT_EQUAL(b->sleep_ns, 2 * MS);
	tracestat_free(&res);
}

static void expect_error(const char *text, long long length, const char *what)
{
	struct tracestat_result res;
	char err[256];

	CU_ASSERT_EQUAL(read_text(text, ab, 2, 0, length, &res, err,
				  sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NULL(res.tasks);
	if (!strstr(err, what))
		fprintf(stderr, "\nexpected \"%s\" in \"%s\"\n", what, err);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, what));
}

static void test_bad_traces(void)
{
	/* the window ends at 20 ms; the trace at 14 */
	expect_error(two_tasks, 20 * MS, "before the window's end");
	expect_error("# entries-in-buffer/entries-written: 8/12   #P:2\n", 0,
		     "lost events");
	expect_error("CPU:1 [LOST 5 EVENTS]\n", 0, "lost events");
	expect_error("just text\n", 0, "no sched_switch");
	expect_error(
		"  x-1 [000] d..2. 1.0: sched_switch: prev_comm=x prev_pid=1 prev_prio=120 prev_state=S ==> next_comm=a next_prio=120\n",
		0, "line 1: sched_switch without");
	expect_error(
		"  x-1 [000] d..2. 1.0: sched_switch: prev_comm=x prev_pid=1 prev_prio=120 ==> next_comm=a next_pid=10 next_prio=120\n",
		0, "prev_state");
	expect_error("  x-1 d..2. 1.0: sched_wakeup: comm=a pid=10 prio=120\n",
		     0, "no [CPU] column");
	expect_error("  x-1 [000] d..2. 1.: sched_wakeup: comm=a pid=10\n", 0,
		     "no timestamp");
	expect_error("  x-1 [000] d..2. 1.0: sched_wakeup: comm=a pid=x1\n", 0,
		     "without comm or pid");
	/* no switch to a or b */
	expect_error(
		"  x-1 [000] d..2. 1.0: sched_switch: prev_comm=x prev_pid=1 prev_prio=120 prev_state=S ==> next_comm=y next_pid=2 next_prio=120\n",
		0, "no switch to any");
}

/*
 * rt-app gives each instance of "hog" that name, after the thread starts
 * as "rt-app": pids 21 and 20 are hog-1 and hog-0 by pid order.  The
 * window starts at the first switch to a thread named "hog" (at 2 s, not
 * at 1 s, when it was still "rt-app").  Over [2, 4): pid 20 runs 2-3 and
 * pid 21 3-4.  kstruct's layout (four flag characters) reads the same.
 */
static void test_rt_app_instances(void)
{
	static const char text[] =
		"     rt-app-5 [000] d..2 1.000000: sched_wakeup_new: comm=rt-app pid=21 prio=120 target_cpu=000\n"
		"     rt-app-5 [000] d..2 1.000000: sched_wakeup_new: comm=rt-app pid=20 prio=120 target_cpu=000\n"
		"     rt-app-5 [000] d..2 1.000000: sched_switch: prev_comm=rt-app prev_pid=5 prev_prio=120 prev_state=S ==> next_comm=rt-app next_pid=21 next_prio=120\n"
		"     rt-app-21 [000] d..2 2.000000: sched_switch: prev_comm=rt-app prev_pid=21 prev_prio=120 prev_state=R ==> next_comm=hog next_pid=20 next_prio=120\n"
		"     hog-20 [000] d..2 3.000000: sched_switch: prev_comm=hog prev_pid=20 prev_prio=120 prev_state=R ==> next_comm=hog next_pid=21 next_prio=120\n"
		"     hog-21 [000] d..2 4.000000: sched_switch: prev_comm=hog prev_pid=21 prev_prio=120 prev_state=R ==> next_comm=hog next_pid=20 next_prio=120\n";
	static const struct tracestat_name hogs[] = {
		{ "hog-0", "hog", 0, 0 },
		{ "hog-1", "hog", 1, 0 },
		{ "idle", "idle", 0, 0 },
	};
	struct tracestat_result res;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(
		read_text(text, hogs, 3, 0, 0, &res, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(res.start_ns, 2000 * MS);
	CU_ASSERT_EQUAL(res.end_ns, 4000 * MS);
	CU_ASSERT_EQUAL(res.tasks[0].pid, 20);
	CU_ASSERT_EQUAL(res.tasks[1].pid, 21);
	CU_ASSERT_EQUAL(res.tasks[0].run_ns, 1000 * MS);
	CU_ASSERT_EQUAL(res.tasks[0].wait_ns, 1000 * MS);
	CU_ASSERT_EQUAL(res.tasks[1].run_ns, 1000 * MS);
	CU_ASSERT_EQUAL(res.tasks[1].switches, 1);
	CU_ASSERT_FALSE(res.tasks[2].found);
	tracestat_free(&res);
}

/*
 * 100 wake-ups of b whose latencies are 1, 2, ..., 100 us, written out of
 * order: nearest rank gives p50 = 50 us, p99 = 99 us, max = 100 us.
 */
static void test_percentiles(void)
{
	struct tracestat_result res;
	char *text = malloc(100 * 600 + 400), err[256];
	size_t n = 0;
	int k;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	n += sprintf(
		text + n,
		" x-1 [000] d..2. 0.500000: sched_switch: prev_comm=x prev_pid=1 prev_prio=120 prev_state=S ==> next_comm=a next_pid=10 next_prio=120\n");
	for (k = 1; k <= 100; k++) {
		int lat = (k * 37) % 100 + 1; /* a permutation of 1..100 */
		long long t = 1000000 + k * 1000; /* us */

		n += sprintf(
			text + n,
			" a-10 [000] d..2. %lld.%06lld: sched_wakeup: comm=b pid=11 prio=120 target_cpu=000\n",
			t / 1000000, t % 1000000);
		t += lat;
		n += sprintf(
			text + n,
			" a-10 [000] d..2. %lld.%06lld: sched_switch: prev_comm=a prev_pid=10 prev_prio=120 prev_state=R ==> next_comm=b next_pid=11 next_prio=120\n",
			t / 1000000, t % 1000000);
		t += 200;
		n += sprintf(
			text + n,
			" b-11 [000] d..2. %lld.%06lld: sched_switch: prev_comm=b prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=a next_pid=10 next_prio=120\n",
			t / 1000000, t % 1000000);
	}
	/* the window ends here: the last activation ends inside it */
	n += sprintf(
		text + n,
		" a-10 [000] d..2. 2.000000: sched_switch: prev_comm=a prev_pid=10 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120\n");
	CU_ASSERT_EQUAL_FATAL(
		read_text(text, ab, 2, 0, 0, &res, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(res.tasks[1].wakeups, 100);
	CU_ASSERT_EQUAL(res.tasks[1].lat_p50_ns, 50000);
	CU_ASSERT_EQUAL(res.tasks[1].lat_p99_ns, 99000);
	CU_ASSERT_EQUAL(res.tasks[1].lat_max_ns, 100000);
	/* every activation ran 200 us */
	CU_ASSERT_EQUAL(res.tasks[1].activations, 100);
	CU_ASSERT_EQUAL(res.tasks[1].activation_ns, 100 * 200000ll);
	/*
	 * the sleep after activation k (k = 1..99; the first wake-up ends
	 * none) lasts 1000 - lat(k) - 200 us: 99 * 800 less the latencies
	 * but the 100th's (1 us) of the 5050 they sum to = 74151 us
	 */
	CU_ASSERT_EQUAL(res.tasks[1].sleeps, 99);
	CU_ASSERT_EQUAL(res.tasks[1].sleep_ns, 74151000ll);
	tracestat_free(&res);
	free(text);
}

/*
 * A task t (pid 30) whose loop is a run of 2 ms then a timer, beside a
 * hog h (pid 31), times in ms after 1 s.  A loop that ends after its
 * timer's expiry does not sleep, so an activation may hold several
 * loops, with no event between them:
 *
 *   0     h in
 *   1     t woken, in;  3.1 t sleeps: 2.1 ms, 2.1 / 2 = 1.05: 1 loop
 *   11    t woken, in;  13 t out in state R (a throttle), h in;  18 t in;
 *         20.2 t sleeps: 2 + 2.2 = 4.2 ms, 2.1: 2 loops
 *   31    t woken, in;  36.1 t sleeps: 5.1 ms, 2.55: 3 loops
 *   41    t woken, in;  41.9 t sleeps: 0.9 ms, 0.45: at least 1 loop
 *   50    h out (the trace's end)
 *
 * t: 4 activations of 2.1 + 4.2 + 5.1 + 0.9 = 12.3 ms in 7 loops, so
 * 12.3 / 7 = 1.757 ms a loop.  Without a loop (0), no loop is counted.
 */
static const char timer_task[] =
	" swapper/0-0 [000] d..2. 1.000000: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=h next_pid=31 next_prio=120\n"
	" h-31 [000] d.h2. 1.001000: sched_wakeup: comm=t pid=30 prio=120 target_cpu=000\n"
	" h-31 [000] d..2. 1.001000: sched_switch: prev_comm=h prev_pid=31 prev_prio=120 prev_state=R ==> next_comm=t next_pid=30 next_prio=120\n"
	" t-30 [000] d..2. 1.003100: sched_switch: prev_comm=t prev_pid=30 prev_prio=120 prev_state=S ==> next_comm=h next_pid=31 next_prio=120\n"
	" h-31 [000] d.h2. 1.011000: sched_wakeup: comm=t pid=30 prio=120 target_cpu=000\n"
	" h-31 [000] d..2. 1.011000: sched_switch: prev_comm=h prev_pid=31 prev_prio=120 prev_state=R ==> next_comm=t next_pid=30 next_prio=120\n"
	" t-30 [000] d..2. 1.013000: sched_switch: prev_comm=t prev_pid=30 prev_prio=120 prev_state=R ==> next_comm=h next_pid=31 next_prio=120\n"
	" h-31 [000] d..2. 1.018000: sched_switch: prev_comm=h prev_pid=31 prev_prio=120 prev_state=R ==> next_comm=t next_pid=30 next_prio=120\n"
	" t-30 [000] d..2. 1.020200: sched_switch: prev_comm=t prev_pid=30 prev_prio=120 prev_state=S ==> next_comm=h next_pid=31 next_prio=120\n"
	" h-31 [000] d.h2. 1.031000: sched_wakeup: comm=t pid=30 prio=120 target_cpu=000\n"
	" h-31 [000] d..2. 1.031000: sched_switch: prev_comm=h prev_pid=31 prev_prio=120 prev_state=R ==> next_comm=t next_pid=30 next_prio=120\n"
	" t-30 [000] d..2. 1.036100: sched_switch: prev_comm=t prev_pid=30 prev_prio=120 prev_state=S ==> next_comm=h next_pid=31 next_prio=120\n"
	" h-31 [000] d.h2. 1.041000: sched_wakeup: comm=t pid=30 prio=120 target_cpu=000\n"
	" h-31 [000] d..2. 1.041000: sched_switch: prev_comm=h prev_pid=31 prev_prio=120 prev_state=R ==> next_comm=t next_pid=30 next_prio=120\n"
	" t-30 [000] d..2. 1.041900: sched_switch: prev_comm=t prev_pid=30 prev_prio=120 prev_state=S ==> next_comm=h next_pid=31 next_prio=120\n"
	" h-31 [000] d..2. 1.050000: sched_switch: prev_comm=h prev_pid=31 prev_prio=120 prev_state=R ==> next_comm=swapper/0 next_pid=0 next_prio=120\n";

static void test_timer_loops(void)
{
	struct tracestat_name th[] = {
		{ "t", "t", 0, 2 * MS },
		{ "h", "h", 0, 0 },
	};
	struct tracestat_result res;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(
		read_text(timer_task, th, 2, 0, 0, &res, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(res.tasks[0].activations, 4);
	CU_ASSERT_EQUAL(res.tasks[0].activation_ns, 12300000);
	CU_ASSERT_EQUAL(res.tasks[0].loops, 7);
	CU_ASSERT_EQUAL(res.tasks[0].switches, 5);
	CU_ASSERT_EQUAL(res.tasks[1].loops, 0);
	tracestat_free(&res);
	/* the same task given no loop: activations only */
	th[0].loop_ns = 0;
	CU_ASSERT_EQUAL_FATAL(
		read_text(timer_task, th, 2, 0, 0, &res, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(res.tasks[0].activation_ns, 12300000);
	CU_ASSERT_EQUAL(res.tasks[0].loops, 0);
	tracestat_free(&res);
}

/*
 * Three CPUs, the workload's h (pid 10) and g (pid 11) among the
 * machine's own threads, times in ms after 1 s:
 *
 *   CPU 0: h runs from 0; kworker/0:1 (pid 20) 2-2.5, rcu_preempt (pid
 *          15) 6-6.3, kworker/0:1 again from 12, the trace's end
 *   CPU 1: ksoftirqd/1 (pid 21) 1-1.2; g 3-4
 *   CPU 2: g 5-7; nothing else but the idle task
 *
 * The window, [0, 12): the machine's own threads on CPU 0 ran twice to
 * a switch-out in it, 0.5 + 0.3 = 0.8 ms (the last switch-in never
 * ends); on CPU 1 once, 0.2 ms; on CPU 2 never (g and the idle task do
 * not count).  --demand: CPU 0, 2 in 12 ms = 166.7 a second, 400 us
 * each: run 400, sleep 6000 - 400 = 5600; CPU 1, 83.3 a second, 200 us
 * each: run 200, sleep 12000 - 200 = 11800; no task for CPU 2.
 */
static const char kthreads_trace[] =
	"# tracer: nop\n"
	"          <idle>-0     [000] d..2.     1.000000: sched_wakeup_new: comm=h pid=10 prio=120 target_cpu=000\n"
	"          <idle>-0     [000] d..2.     1.000000: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=h next_pid=10 next_prio=120\n"
	"          <idle>-0     [001] d..2.     1.001000: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=ksoftirqd/1 next_pid=21 next_prio=120\n"
	"     ksoftirqd/1-21    [001] d..2.     1.001200: sched_switch: prev_comm=ksoftirqd/1 prev_pid=21 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120\n"
	"               h-10    [000] d..2.     1.002000: sched_switch: prev_comm=h prev_pid=10 prev_prio=120 prev_state=R ==> next_comm=kworker/0:1 next_pid=20 next_prio=120\n"
	"     kworker/0:1-20    [000] d..2.     1.002500: sched_switch: prev_comm=kworker/0:1 prev_pid=20 prev_prio=120 prev_state=I ==> next_comm=h next_pid=10 next_prio=120\n"
	"          <idle>-0     [001] d..2.     1.003000: sched_wakeup: comm=g pid=11 prio=120 target_cpu=001\n"
	"          <idle>-0     [001] d..2.     1.003000: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=g next_pid=11 next_prio=120\n"
	"               g-11    [001] d..2.     1.004000: sched_switch: prev_comm=g prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120\n"
	"          <idle>-0     [002] d..2.     1.005000: sched_wakeup: comm=g pid=11 prio=120 target_cpu=002\n"
	"          <idle>-0     [002] d..2.     1.005000: sched_switch: prev_comm=swapper/2 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=g next_pid=11 next_prio=120\n"
	"               h-10    [000] d..2.     1.006000: sched_switch: prev_comm=h prev_pid=10 prev_prio=120 prev_state=R ==> next_comm=rcu_preempt next_pid=15 next_prio=120\n"
	"     rcu_preempt-15    [000] d..2.     1.006300: sched_switch: prev_comm=rcu_preempt prev_pid=15 prev_prio=120 prev_state=I ==> next_comm=h next_pid=10 next_prio=120\n"
	"               g-11    [002] d..2.     1.007000: sched_switch: prev_comm=g prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=swapper/2 next_pid=0 next_prio=120\n"
	"               h-10    [000] d..2.     1.012000: sched_switch: prev_comm=h prev_pid=10 prev_prio=120 prev_state=R ==> next_comm=kworker/0:1 next_pid=20 next_prio=120\n";

static const struct tracestat_name hg[] = {
	{ "h", "h", 0, 0 },
	{ "g", "g", 0, 0 },
};

static void test_others(void)
{
	struct tracestat_result res;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(read_text(kthreads_trace, hg, 2, 0, 0, &res, err,
					sizeof(err)),
			      0);
	CU_ASSERT_EQUAL(res.end_ns - res.start_ns, 12 * MS);
	CU_ASSERT_EQUAL_FATAL(res.nr_cpus, 3);
	CU_ASSERT_EQUAL(res.others[0].switches, 2);
	CU_ASSERT_EQUAL(res.others[0].run_ns, 800000);
	CU_ASSERT_EQUAL(res.others[1].switches, 1);
	CU_ASSERT_EQUAL(res.others[1].run_ns, 200000);
	CU_ASSERT_EQUAL(res.others[2].switches, 0);
	CU_ASSERT_EQUAL(res.others[2].run_ns, 0);
	/* g's 1 ms on CPU 1 and 2 ms on CPU 2 are its own */
	CU_ASSERT_EQUAL(res.tasks[1].run_ns, 3 * MS);
	tracestat_free(&res);
}

static void test_fails_every_allocation(void)
{
	struct tracestat_result res;
	unsigned long nth;
	long live = kmalloc_live();
	char err[256];
	int ret;

	for_each_alloc_failure(nth, ret = read_text(two_tasks, ab, 2, 0, 0,
						    &res, err, sizeof(err))) {
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_PTR_NULL(res.tasks);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
	CU_ASSERT_EQUAL_FATAL(ret, 0);
	CU_ASSERT(nth > 3); /* the result, the events, the comms, a latency */
	CU_ASSERT_EQUAL(res.tasks[0].run_ns, 10500000);
	tracestat_free(&res);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/* ------------------------------------------------------------ command */

static char dir[64];

/* @text into DIR/@name; Return: its path (static, until the next call) */
static const char *put(const char *name, const char *text)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(text, f);
	fclose(f);
	return path;
}

static char out_text[16384];

/* run "kstruct CMD ARGS" (@fn), its output into out_text; Return: status */
static int run_cmd(int (*fn)(int, char **), char **args)
{
	FILE *tmp = tmpfile();
	int saved = dup(STDOUT_FILENO), saved_err = dup(STDERR_FILENO);
	int argc = 0, status;
	size_t n;

	CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
	while (args[argc])
		argc++;
	fflush(stdout);
	fflush(stderr);
	dup2(fileno(tmp), STDOUT_FILENO);
	dup2(fileno(tmp), STDERR_FILENO);
	status = fn(argc, args);
	fflush(stdout);
	fflush(stderr);
	clearerr(stdout);
	dup2(saved, STDOUT_FILENO);
	dup2(saved_err, STDERR_FILENO);
	close(saved);
	close(saved_err);
	rewind(tmp);
	n = fread(out_text, 1, sizeof(out_text) - 1, tmp);
	out_text[n] = '\0';
	fclose(tmp);
	return status;
}

static int run(char **args)
{
	return run_cmd(cmd_tracestat, args);
}

/* the file at @path into @buf, cut to @len - 1 characters */
static void read_back(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/*
 * The hand-made trace as the real side, and a copy with a's and b's
 * shares moved as kstruct's: a has 75% of the window (10.5 of 14 ms) in
 * both; the other trace gives a 12.5 of 14 ms (89.3%, 14.3 points off).
 */
static void test_command(void)
{
	char real[128], other[128], wl[128], demand[128], kst[160];
	char *text;
	int status;

	CU_ASSERT_EQUAL_FATAL(tmpdir_make(dir, "tracestat"), 0);
	snprintf(real, sizeof(real), "%s", put("real.trace", two_tasks));
	snprintf(wl, sizeof(wl), "%s",
		 put("w.json",
		     "{ \"tasks\": { \"a\": { \"run\": 100000 },\n"
		     "  \"b\": { \"run\": 1000, \"sleep\": 5000 } } }\n"));
	text = strdup(two_tasks);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	/* b's first run ends at 4.5 ms instead of 6: a runs 1.5 ms more */
	memcpy(strstr(text, "1.006000: sched_switch"), "1.004500", 8);
	snprintf(other, sizeof(other), "%s", put("other.trace", text));
	free(text);
	snprintf(demand, sizeof(demand), "%s/demand.json", dir);
	snprintf(kst, sizeof(kst), "--kstruct=%s", real);

	{
		char *args[] = {
			"tracestat",	 "-w", wl,   "--warmup", "0", kst,
			"--check-share", "2",  real, real,	 NULL
		};

		status = run(args);
		CU_ASSERT_EQUAL(status, 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(out_text, "2 real traces"));
		CU_ASSERT_PTR_NOT_NULL(strstr(
			out_text,
			"check a CPU share: kstruct 75.0, real 75.0 (75.0-75.0), tolerance 2.0: ok"));
		CU_ASSERT_PTR_NOT_NULL(
			strstr(out_text, "CPU per activation (ms)"));
		CU_ASSERT_PTR_NOT_NULL(strstr(out_text, "1.750"));
		/* b sleeps, it has no timer: its activation is its loop */
		CU_ASSERT_PTR_NULL(strstr(out_text, "CPU per loop"));
	}
	snprintf(kst, sizeof(kst), "--kstruct=%s", other);
	{
		char *args[] = {
			"tracestat",	 "-w", wl,   "--warmup", "0", kst,
			"--check-share", "2",  real, NULL
		};

		status = run(args);
		CU_ASSERT_EQUAL(status, 3);
		CU_ASSERT_PTR_NOT_NULL(strstr(
			out_text,
			"check a CPU share: kstruct 85.7, real 75.0 (75.0-75.0), tolerance 2.0: FAILED"));
	}
	{
		/* the spread of the real runs widens the tolerance: 75.0 and
		 * 85.7 give a mean of 80.4 and a spread of 10.7 points */
		char *args[] = { "tracestat",	  "-w", wl,
				 "--warmup",	  "0",	kst,
				 "--check-share", "2",	real,
				 other,		  NULL };

		status = run(args);
		CU_ASSERT_EQUAL(status, 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(out_text, "tolerance 10.7: ok"));
	}
	{
		/* b's activations took 1.75 ms: its run of 1000 us becomes
		 * 1750; its one sleep lasted 2 ms: its 5000 us become 2000 */
		char *args[] = { "tracestat", "-w",   wl,   "--warmup", "0",
				 "--demand",  demand, real, NULL };
		char buf[512];

		status = run(args);
		CU_ASSERT_EQUAL(status, 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(
			out_text,
			"demand: b: run 1000 us a loop -> 1750 us (measured 1.750 ms per activation)"));
		read_back(demand, buf, sizeof(buf));
		CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"run\": 1750"));
		CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"run\": 100000"));
		CU_ASSERT_PTR_NOT_NULL(strstr(
			out_text,
			"demand: b: sleep 5000 us -> 2000 us (measured 2.000 ms per sleep)"));
		CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"sleep\": 2000"));
		/* the trace has nothing but a, b and the idle task */
		CU_ASSERT_PTR_NULL(strstr(buf, "kthreads"));
	}
	{
		char *args[] = { "tracestat", "-w", wl,	 "--window",
				 "0.02",      real, NULL };

		status = run(args);
		CU_ASSERT_EQUAL(status, 1);
		CU_ASSERT_PTR_NOT_NULL(
			strstr(out_text, "before the window's end"));
	}
	{
		char *args[] = { "tracestat", real, NULL };

		CU_ASSERT_EQUAL(run(args), 2);
		CU_ASSERT_PTR_NOT_NULL(
			strstr(out_text, "-w WORKLOAD is needed"));
	}
	{
		char *args[] = { "tracestat", "-w", wl,	 "--check-share",
				 "2",	      real, NULL };

		CU_ASSERT_EQUAL(run(args), 2);
		CU_ASSERT_PTR_NOT_NULL(
			strstr(out_text, "needs real traces and --kstruct"));
	}
	CU_ASSERT_STRING_EQUAL(tmpdir_list(dir),
			       "demand.json other.trace real.trace w.json");
	tmpdir_remove(dir);
}

/*
 * The timer task's trace (test_timer_loops) through the command: t's
 * loop is its run of 2000 us, so its activations count 7 loops, 1.757 ms
 * each (12.3 ms / 7), 3.075 ms per activation (12.3 / 4); --demand gives
 * it the loop, 1757 us, not the activation, and keeps the timer's period.
 */
static void test_command_timer(void)
{
	char real[128], wl[128], demand[128], buf[512];
	char *args[] = { "tracestat", "-w",   wl,   "--warmup", "0",
			 "--demand",  demand, real, NULL };

	CU_ASSERT_EQUAL_FATAL(tmpdir_make(dir, "tracestat-timer"), 0);
	snprintf(real, sizeof(real), "%s", put("real.trace", timer_task));
	snprintf(wl, sizeof(wl), "%s",
		 put("w.json",
		     "{ \"tasks\": { \"t\": { \"run\": 2000,\n"
		     "  \"timer\": { \"ref\": \"t\", \"period\": 10000 } },\n"
		     "  \"h\": { \"run\": 100000 } } }\n"));
	snprintf(demand, sizeof(demand), "%s/demand.json", dir);
	CU_ASSERT_EQUAL(run(args), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out_text, "CPU per loop (ms)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out_text, "1.757"));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		out_text,
		"demand: t: run 2000 us a loop -> 1757 us (measured 1.757 ms per loop; 3.075 ms per activation: when its timer had expired, it ran on)"));
	read_back(demand, buf, sizeof(buf));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"run\": 1757"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"period\": 10000"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"run\": 100000"));
	tmpdir_remove(dir);
}

/*
 * Task @name of the workload's @tasks runs @run us, sleeps @sleep (-1:
 * has no sleep) and is pinned to CPU @cpu (-1: has no "cpus").
 */
static void expect_task(json_t *tasks, const char *name, long long run,
			long long sleep, int cpu)
{
	json_t *t = json_object_get(tasks, name);
	json_t *cpus = json_object_get(t, "cpus");

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(t, "run")), run);
	if (sleep < 0) {
		CU_ASSERT_PTR_NULL(json_object_get(t, "sleep"));
	} else {
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(t, "sleep")),
				sleep);
	}
	if (cpu < 0) {
		CU_ASSERT_PTR_NULL(cpus);
	} else {
		CU_ASSERT_EQUAL(json_array_size(cpus), 1);
		CU_ASSERT_EQUAL(json_integer_value(json_array_get(cpus, 0)),
				cpu);
	}
}

/*
 * kthreads_trace (test_others) through --demand: one pinned task per CPU
 * that had the machine's own threads, none for CPU 2, none named after
 * the workload's tasks, which are measured as ever (g's activations, 1
 * and 2 ms: run 1500; its one sleep that ended, 4-5: sleep 1000).
 */
static void test_command_others(void)
{
	char real[128], wl[128], demand[128], buf[1024];
	char *args[] = { "tracestat", "-w",   wl,   "--warmup", "0",
			 "--demand",  demand, real, NULL };
	json_t *root, *t;
	json_error_t jerr;

	CU_ASSERT_EQUAL_FATAL(tmpdir_make(dir, "tracestat-others"), 0);
	snprintf(real, sizeof(real), "%s", put("real.trace", kthreads_trace));
	snprintf(wl, sizeof(wl), "%s",
		 put("w.json",
		     "{ \"tasks\": { \"h\": { \"run\": 100000 },\n"
		     "  \"g\": { \"run\": 1000, \"sleep\": 5000 } } }\n"));
	snprintf(demand, sizeof(demand), "%s/demand.json", dir);
	CU_ASSERT_EQUAL(run(args), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		out_text,
		"demand: kthreads-0: 166.67 a second, 400 us each (the kernel's own threads on CPU 0): run 400 us, sleep 5600 us"));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		out_text,
		"demand: kthreads-1: 83.33 a second, 200 us each (the kernel's own threads on CPU 1): run 200 us, sleep 11800 us"));
	CU_ASSERT_PTR_NULL(strstr(out_text, "kthreads-2"));
	read_back(demand, buf, sizeof(buf));
	root = json_loads(buf, 0, &jerr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	t = json_object_get(root, "tasks");
	CU_ASSERT_EQUAL(json_object_size(t), 4);
	expect_task(t, "kthreads-0", 400, 5600, 0);
	expect_task(t, "kthreads-1", 200, 11800, 1);
	CU_ASSERT_PTR_NULL(json_object_get(t, "kthreads-2"));
	expect_task(t, "h", 100000, -1, -1);
	expect_task(t, "g", 1500, 1000, -1);
	json_decref(root);

	/* a workload task of that name already: an error, nothing written */
	put("w.json", "{ \"tasks\": { \"h\": { \"run\": 100000 },\n"
		      "  \"kthreads-0\": { \"run\": 1000 } } }\n");
	snprintf(demand, sizeof(demand), "%s/d2.json", dir);
	CU_ASSERT_EQUAL(run(args), 1);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(out_text,
		       "--demand: the workload has a task kthreads-0 already"));
	CU_ASSERT_STRING_EQUAL(tmpdir_list(dir),
			       "demand.json real.trace w.json");
	tmpdir_remove(dir);
}

/*
 * kstruct sim's own trace: two hogs on one CPU for 5 s; over [1 s, 4 s)
 * each has half of the CPU (within a tick at any HZ from 100 up) and
 * waits the other half.
 */
static void test_reads_kstruct_sim(void)
{
	char wl[128], trace[96], tr_opt[128];
	int status;

	CU_ASSERT_EQUAL_FATAL(tmpdir_make(dir, "tracestat-sim"), 0);
	snprintf(
		wl, sizeof(wl), "%s",
		put("h.json",
		    "{ \"tasks\": { \"hog\": { \"instance\": 2, \"run\": 1000000 } } }\n"));
	snprintf(trace, sizeof(trace), "%s/h.trace", dir);
	snprintf(tr_opt, sizeof(tr_opt), "--trace=%s", trace);
	{
		char *args[] = { "sim",	   wl,	"--sched",    "cfs",
				 "--cpus", "1", "--duration", "5",
				 tr_opt,   NULL };

		status = run_cmd(cmd_sim, args);
		CU_ASSERT_EQUAL_FATAL(status, 0);
	}
	{
		char kst[180];
		char *args[] = { "tracestat", "-w", wl,	 "--window",
				 "3",	      kst,  NULL };

		snprintf(kst, sizeof(kst), "--kstruct=%s", trace);
		status = run(args);
		CU_ASSERT_EQUAL(status, 0);
		if (status)
			fprintf(stderr, "\n%s\n", out_text);
		CU_ASSERT_PTR_NOT_NULL(strstr(out_text, "hog-0"));
		CU_ASSERT_PTR_NOT_NULL(strstr(out_text, "hog-1"));
	}
	{
		struct tracestat_result res;
		struct tracestat_window w = { 1000 * MS, 3000 * MS };
		static const struct tracestat_name hogs[] = {
			{ "hog-0", "hog", 0, 0 },
			{ "hog-1", "hog", 1, 0 },
		};
		FILE *f = fopen(trace, "r");
		char err[256];
		int i;

		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		CU_ASSERT_EQUAL_FATAL(tracestat_read(f, hogs, 2, &w, &res, err,
						     sizeof(err)),
				      0);
		fclose(f);
		for (i = 0; i < 2; i++) {
			CU_ASSERT(llabs(res.tasks[i].run_ns - 1500 * MS) <=
				  10 * MS);
			CU_ASSERT_EQUAL(res.tasks[i].run_ns +
						res.tasks[i].wait_ns,
					3000 * MS);
			CU_ASSERT(res.tasks[i].switches > 0);
		}
		tracestat_free(&res);
	}
	tmpdir_remove(dir);
}

static CU_TestInfo tracestat_cases[] = {
	{ "a hand-made 6.x trace: every figure", test_whole_trace },
	{ "the window's edges cut intervals", test_window_edges },
	{ "bad traces: lost events, short, malformed", test_bad_traces },
	{ "rt-app's instances: by name, then by pid", test_rt_app_instances },
	{ "latency percentiles: nearest rank", test_percentiles },
	{ "a timer task's activations counted in loops", test_timer_loops },
	{ "the machine's own threads, per CPU", test_others },
	{ "fails every allocation", test_fails_every_allocation },
	{ "the command: table, --check-share, --demand, errors", test_command },
	{ "the command: a timer task's demand is per loop",
	  test_command_timer },
	{ "the command: --demand adds the machine's own threads per CPU",
	  test_command_others },
	{ "kstruct sim's trace: two hogs share a CPU", test_reads_kstruct_sim },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/tracestat", tracestat_cases, NULL, NULL)
