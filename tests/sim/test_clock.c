// SPDX-License-Identifier: MIT
/*
 * tests/sim/test_clock.c - the simulator's clock: under cfs and eevdf,
 * whose kernels have hrtimers, a sleep, a timer and a run end at their
 * microsecond between ticks, a wake-up preempts then, and the run time
 * is charged to the switch; under o1 and goodness, whose kernels had
 * jiffy timers, everything happens at a tick.  The expected times are
 * worked from the workload's figures, not read off the simulator.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "compat/compiler.h"
#include "sched/class.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/trace.h"
#include "sim/workload.h"
#include "tests/ktest.h"
#include "tests/sim/load.h"

/* one event the observer was told of, at @t in the run's clock units */
struct ev {
	unsigned long long t;
	unsigned int cpu;
	char kind; /* 's': a switch, 'w': a wake-up, 'n': a new task's */
	char state; /* a switch's prev_state */
	int prev, next; /* a wake-up's task is @next */
};

struct rec {
	struct ev *at;
	size_t nr, cap;
};

static struct ev *rec_add(struct rec *x)
{
	if (x->nr == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 256;
		x->at = realloc(x->at, x->cap * sizeof(*x->at));
		CU_ASSERT_PTR_NOT_NULL_FATAL(x->at);
	}
	memset(&x->at[x->nr], 0, sizeof(x->at[0]));
	return &x->at[x->nr++];
}

static void on_switch(unsigned long long t, unsigned int cpu,
		      const struct sim_trace_task *prev, char prev_state,
		      const struct sim_trace_task *next, void *data)
{
	struct ev *e = rec_add(data);

	e->t = t;
	e->cpu = cpu;
	e->kind = 's';
	e->state = prev_state;
	e->prev = prev->pid;
	e->next = next->pid;
}

static void on_wakeup(unsigned long long t, unsigned int cpu,
		      const struct sim_trace_task *p, int first, void *data)
{
	struct ev *e = rec_add(data);

	e->t = t;
	e->cpu = cpu;
	e->kind = first ? 'n' : 'w';
	e->next = p->pid;
}

struct run {
	struct sim_workload *wl;
	struct sim *s;
	const struct sim_report *r;
	struct rec x;
	struct sim_observer obs;
};

/* run @json under @class (NULL: o1) on @cpus CPUs at @hz for @usec */
static int run_start(struct run *run, const char *json,
		     const struct sched_class *class, unsigned int cpus,
		     unsigned int hz, unsigned long long usec, int threaded)
{
	struct sim_options o = { .nr_cpus = cpus,
				 .hz = hz,
				 .duration_usec = usec,
				 .threaded = threaded,
				 .check_every_tick = 1,
				 .sched_class = class,
				 .observer = &run->obs };

	memset(run, 0, sizeof(*run));
	run->obs.switch_to = on_switch;
	run->obs.wakeup = on_wakeup;
	run->obs.data = &run->x;
	return load_and_run(json, &o, &run->wl, &run->s, &run->r);
}

static void run_end(struct run *run)
{
	sim_destroy(run->s);
	sim_workload_free(run->wl);
	free(run->x.at);
	memset(run, 0, sizeof(*run));
}

/* the classes whose kernels have hrtimers, and those that had not */
static const struct sched_class *const fine[] = { &cfs_sched_class,
						  &eevdf_sched_class };
static const struct sched_class *const coarse[] = { &o1_sched_class,
						    &goodness_sched_class };

/* ----------------------------------------------- sleeps and timers */

/*
 * Pid 2, alone on its CPU, ran from @period k for @busy and slept till
 * @period (k + 1), for every k: check each of its switches and wake-ups
 * against that, and count its switch-ins, switch-outs and wake-ups.
 */
static void check_periodic(const struct run *run, unsigned long long period,
			   unsigned long long busy, unsigned long *ins,
			   unsigned long *outs, unsigned long *wakes)
{
	size_t i;

	*ins = *outs = *wakes = 0;
	for (i = 0; i < run->x.nr; i++) {
		const struct ev *e = &run->x.at[i];

		if (e->kind == 'w') {
			CU_ASSERT_EQUAL(e->t, period * ++*wakes);
		} else if (e->kind == 's' && e->next == 2) {
			CU_ASSERT_EQUAL(e->t, period * (*ins)++);
		} else if (e->kind == 's' && e->prev == 2) {
			CU_ASSERT_EQUAL(e->state, 'S');
			CU_ASSERT_EQUAL(e->t, period * (*outs)++ + busy);
		}
	}
}

/*
 * A task alone on one CPU at HZ=250 (4 ms ticks) runs 1 ms and sleeps
 * 2.5 ms: under hrtimers its k-th run starts at 3.5k ms, it sleeps at
 * 3.5k + 1 ms, and wakes at 3.5(k + 1) ms; 29 runs start before the
 * 100 ms are over (the last at 98 ms), 28 wake-ups.
 */
static void test_sleep_at_its_us(void)
{
	static const char json[] =
		"{\"tasks\":{\"p\":{\"run\":1000,\"sleep\":2500}}}";
	unsigned int k;

	CU_ASSERT_FALSE(sched_class_find("o1")->hrtimers);
	CU_ASSERT_FALSE(sched_class_find("goodness")->hrtimers);
	for (k = 0; k < ARRAY_SIZE(fine); k++) {
		unsigned long ins, outs, wakes;
		struct run run;

		CU_ASSERT_TRUE(fine[k]->hrtimers);
		CU_ASSERT_EQUAL_FATAL(
			run_start(&run, json, fine[k], 1, 250, 100000, 0), 0);
		CU_ASSERT_EQUAL(run.r->clock_hz, 1000000);
		CU_ASSERT_EQUAL(run.r->clock, 100000);
		check_periodic(&run, 3500, 1000, &ins, &outs, &wakes);
		CU_ASSERT_EQUAL(ins, 29);
		CU_ASSERT_EQUAL(outs, 29);
		CU_ASSERT_EQUAL(wakes, 28);
		CU_ASSERT_EQUAL(task_named(run.wl, run.r, "p")->runtime,
				29 * 1000);
		CU_ASSERT_EQUAL(run.r->cpus[0].busy, 29 * 1000);
		/* every wake-up found the CPU idle: no wait */
		CU_ASSERT_EQUAL(sim_task_latency(task_named(run.wl, run.r, "p"),
						 100),
				0);
		run_end(&run);
	}
}

/*
 * The same task under o1 and goodness at HZ=250: its 1 ms run lasts a
 * whole tick and its 2.5 ms sleep the nearest number of ticks, 1 (0.625
 * rounded): it runs at ticks 0, 2, 4, ..., sleeps at 1, 3, ..., wakes at
 * 2, 4, ...; 13 runs in the 25 ticks.
 */
static void test_sleep_at_a_tick(void)
{
	static const char json[] =
		"{\"tasks\":{\"p\":{\"run\":1000,\"sleep\":2500}}}";
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(coarse); k++) {
		unsigned long ins, outs, wakes;
		struct run run;

		CU_ASSERT_EQUAL_FATAL(
			run_start(&run, json, coarse[k], 1, 250, 100000, 0), 0);
		CU_ASSERT_EQUAL(run.r->clock_hz, 250);
		CU_ASSERT_EQUAL(run.r->clock, 25);
		check_periodic(&run, 2, 1, &ins, &outs, &wakes);
		CU_ASSERT_EQUAL(ins, 13);
		CU_ASSERT_EQUAL(outs, 13);
		CU_ASSERT_EQUAL(wakes, 12);
		CU_ASSERT_EQUAL(task_named(run.wl, run.r, "p")->runtime, 13);
		run_end(&run);
	}
}

/*
 * rt-app's timer, period 2.5 ms, with a 1 ms run, alone on one CPU: under
 * hrtimers each run starts at an expiry, 2.5k ms: 41 of them in 100 ms,
 * the last at 100 ms, the last tick, whose wake-ups run as every tick's
 * do; 40 wake-ups.  Under jiffy timers, where the 1 ms run takes a whole
 * 4 ms tick, with a 10 ms period: at the tick nearest an expiry,
 * round(2.5 k) at HZ=250.
 */
static void test_timer(void)
{
	static const char json[] =
		"{\"tasks\":{\"p\":{\"run\":1000,"
		"\"timer\":{\"ref\":\"t\",\"period\":2500}}}}";
	static const char json10[] =
		"{\"tasks\":{\"p\":{\"run\":1000,"
		"\"timer\":{\"ref\":\"t\",\"period\":10000}}}}";
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(fine); k++) {
		unsigned long ins = 0, wakes = 0;
		struct run run;
		size_t i;

		CU_ASSERT_EQUAL_FATAL(
			run_start(&run, json, fine[k], 1, 250, 100000, 0), 0);
		for (i = 0; i < run.x.nr; i++) {
			const struct ev *e = &run.x.at[i];

			if (e->kind == 'w')
				CU_ASSERT_EQUAL(e->t, 2500 * ++wakes);
			if (e->kind == 's' && e->next == 2)
				CU_ASSERT_EQUAL(e->t, 2500 * ins++);
		}
		CU_ASSERT_EQUAL(ins, 41);
		CU_ASSERT_EQUAL(wakes, 40);
		CU_ASSERT_EQUAL(task_named(run.wl, run.r, "p")->runtime,
				40 * 1000);
		run_end(&run);
	}
	for (k = 0; k < ARRAY_SIZE(coarse); k++) {
		struct run run;
		unsigned long wakes = 0;
		size_t i;

		CU_ASSERT_EQUAL_FATAL(run_start(&run, json10, coarse[k], 1, 250,
						100000, 0),
				      0);
		for (i = 0; i < run.x.nr; i++) {
			const struct ev *e = &run.x.at[i];
			unsigned long long j;
			bool expiry = false;

			if (e->kind != 'w')
				continue;
			wakes++;
			/* the tick nearest some expiry, 10000 j us */
			for (j = 1; j <= 10 && !expiry; j++)
				expiry = e->t ==
					 (10000 * j * 250 + 500000) / 1000000;
			CU_ASSERT(expiry);
		}
		CU_ASSERT_EQUAL(wakes, 10);
		run_end(&run);
	}
}

/* ------------------------------------------------ wake-up preemption */

/*
 * Beside a hog on one CPU at HZ=250, p runs 1 ms and sleeps 8.5 ms, each
 * in a task group of its own.  p wakes 8.5 ms after it went to sleep, at
 * its microsecond: 9.5, 19, 28.5 ms... when it runs at once, seven in
 * eight of them between ticks.  Under cfs
 * it wakes 3 ms (half sched_latency) behind the hog's virtual runtime,
 * beyond the 1 ms wake-up granularity, and preempts at once; under eevdf
 * it preempts when the hog's request has run out by then.  Either way a
 * preemption switches at the wake-up's time, never later than the next
 * tick, and every switch falls at a tick, a wake-up or the end of p's
 * run.  Run time is charged to the switch: the scheduler's count of each
 * group (update_curr() on the runqueue clock; sim_check() compares it
 * with the simulator's, to the ns, after every tick), p's 1 ms per run,
 * and the hog the rest.
 */
static void test_wakeup_preemption(void)
{
	static const char json[] =
		"{\"tasks\":{"
		"\"p\":{\"taskgroup\":\"/p\",\"run\":1000,\"sleep\":8500},"
		"\"hog\":{\"taskgroup\":\"/h\",\"run\":100000000}}}";
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(fine); k++) {
		unsigned long long slept = 0, woke = 0, in = 0, ran = 0;
		unsigned long wakes = 0, between = 0, at_once = 0, runs = 0;
		bool on = false;
		const struct sim_task_stats *p, *h;
		int pid_p, pid_h;
		struct run run;
		size_t i;

		CU_ASSERT_EQUAL_FATAL(
			run_start(&run, json, fine[k], 1, 250, 1000000, 0), 0);
		p = task_named(run.wl, run.r, "p");
		h = task_named(run.wl, run.r, "hog");
		CU_ASSERT_PTR_NOT_NULL_FATAL(p);
		CU_ASSERT_PTR_NOT_NULL_FATAL(h);
		pid_p = p->pid;
		pid_h = h->pid;
		for (i = 0; i < run.x.nr; i++) {
			const struct ev *e = &run.x.at[i];
			bool tick = e->t % 4000 == 0;

			if (e->kind == 'w' && e->next == pid_p) {
				CU_ASSERT_EQUAL(e->t, slept + 8500);
				woke = e->t;
				wakes++;
				between += !tick;
				continue;
			}
			if (e->kind != 's')
				continue;
			/* a tick, a wake-up, or the end of p's run */
			CU_ASSERT(tick || e->t == woke ||
				  (e->prev == pid_p && e->t == in + 1000));
			if (e->next == pid_p) {
				in = e->t;
				on = true;
				if (wakes && e->t == woke) {
					/* preempted at the wake-up itself */
					CU_ASSERT_EQUAL(e->prev, pid_h);
					CU_ASSERT_EQUAL(e->state, 'R');
					at_once += !tick;
				}
				/* cfs: by the next tick (now, if between) */
				if (wakes && fine[k] == &cfs_sched_class)
					CU_ASSERT(e->t < woke + 4000);
			}
			if (e->prev == pid_p) {
				ran += e->t - in;
				on = false;
				if (e->state == 'S') {
					/* its whole run, at once */
					CU_ASSERT_EQUAL(e->t, in + 1000);
					slept = e->t;
					runs++;
				}
			}
		}
		CU_ASSERT(wakes >= 90);
		CU_ASSERT(between > wakes / 2);
		if (fine[k] == &cfs_sched_class) {
			/* cfs: every one between ticks preempts then */
			CU_ASSERT_EQUAL(at_once, between);
			CU_ASSERT_EQUAL(sim_task_latency(p, 100), 0);
		} else {
			CU_ASSERT(at_once > 0);
		}
		/* charged to the us, by the simulator and by the scheduler */
		CU_ASSERT_EQUAL(p->runtime, ran + (on ? run.r->clock - in : 0));
		CU_ASSERT_EQUAL(p->runtime + h->runtime, run.r->clock);
		CU_ASSERT_EQUAL_FATAL(run.r->nr_taskgroups, 2);
		CU_ASSERT_STRING_EQUAL(run.r->taskgroups[0].path, "/p");
		CU_ASSERT_EQUAL(run.r->taskgroups[0].runtime, p->runtime);
		CU_ASSERT_EQUAL(run.r->taskgroups[1].runtime, h->runtime);
		CU_ASSERT(runs >= wakes);
		run_end(&run);
	}
}

/* -------------------------------------------------- repeatable, threads */

/* a run's ftrace text and JSON report, into *@text (malloc'd) */
static void run_text(const struct sched_class *class, const char *workload,
		     char **text, size_t *len)
{
	struct sim_options o = { .nr_cpus = 2,
				 .seed = 3,
				 .duration_usec = 300000,
				 .sched_class = class };
	struct sim_workload *wl = NULL;
	struct sim *s = NULL;
	FILE *f = open_memstream(text, len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	o.trace = f;
	CU_ASSERT_EQUAL_FATAL(load(workload, 2, &wl), 0);
	CU_ASSERT_EQUAL_FATAL(sim_create(wl, &o, &s), 0);
	CU_ASSERT_EQUAL(sim_run(s), 0);
	CU_ASSERT_EQUAL(sim_report_json(f, sim_report(s), wl), 0);
	sim_destroy(s);
	sim_workload_free(wl);
	fclose(f);
}

/*
 * Under jiffy timers every line of a trace is at a tick: its time in µs a
 * multiple of 4,000 at HZ=250; under hrtimers some are not.
 */
static void test_trace_times(void)
{
	const struct sched_class *const classes[] = { &o1_sched_class,
						      &goodness_sched_class,
						      &cfs_sched_class,
						      &eevdf_sched_class };
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(classes); k++) {
		struct sim_options o = { .nr_cpus = 2,
					 .hz = 250,
					 .seed = 3,
					 .duration_usec = 500000,
					 .sched_class = classes[k] };
		unsigned long lines = 0, between = 0;
		struct sim_workload *wl = NULL;
		const struct sim_report *r;
		struct sim *s = NULL;
		const char *line;
		char *text = NULL;
		size_t len = 0;

		o.trace = open_memstream(&text, &len);
		CU_ASSERT_PTR_NOT_NULL_FATAL(o.trace);
		CU_ASSERT_EQUAL_FATAL(load_and_run("mixed", &o, &wl, &s, &r),
				      0);
		fclose(o.trace);
		for (line = text; line && *line;
		     line = strchr(line, '\n') ? strchr(line, '\n') + 1 :
						 NULL) {
			unsigned long long sec, us;

			if (*line == '#')
				continue;
			CU_ASSERT_FATAL(sscanf(strchr(line, ']'),
					       "] d..2 %llu.%llu:", &sec,
					       &us) == 2);
			lines++;
			between += (sec * 1000000 + us) % 4000 != 0;
		}
		CU_ASSERT(lines > 50);
		if (classes[k]->hrtimers) {
			CU_ASSERT(between > 0);
		} else {
			CU_ASSERT_EQUAL(between, 0);
		}
		sim_destroy(s);
		sim_workload_free(wl);
		free(text);
	}
}

/* the same run twice, byte for byte, with its events between ticks */
static void test_repeatable(void)
{
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(fine); k++) {
		char *a = NULL, *b = NULL;
		size_t la = 0, lb = 0;

		run_text(fine[k], "mixed", &a, &la);
		run_text(fine[k], "mixed", &b, &lb);
		CU_ASSERT(la > 1000);
		CU_ASSERT_EQUAL(la, lb);
		CU_ASSERT(la == lb && !memcmp(a, b, la));
		free(a);
		free(b);
	}
}

static CU_TestInfo clock_tests[] = {
	{ "hrtimers: a sleep ends at its us", test_sleep_at_its_us },
	{ "jiffy timers: a sleep ends at a tick", test_sleep_at_a_tick },
	{ "a timer's expiries, at the us or the nearest tick", test_timer },
	{ "a wake-up preempts at its us, run time to the switch",
	  test_wakeup_preemption },
	{ "events between ticks repeat byte for byte", test_repeatable },
	{ "trace lines at ticks, or between them", test_trace_times },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/clock", clock_tests, NULL, NULL)

/*
 * Threaded, the events between ticks run on the main thread while the
 * CPU threads wait: every check holds after every tick.
 */
static void test_threaded_fine(void)
{
	static const char json[] =
		"{\"tasks\":{"
		"\"p\":{\"instance\":6,\"run\":700,\"sleep\":2300},"
		"\"t\":{\"instance\":3,\"run\":1300,"
		"\"timer\":{\"ref\":\"tt\",\"period\":3100}},"
		"\"hog\":{\"instance\":3,\"run\":100000000}}}";
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(fine); k++) {
		unsigned long long busy = 0, ran = 0;
		struct run run;
		unsigned long i;

		CU_ASSERT_EQUAL_FATAL(
			run_start(&run, json, fine[k], 4, 250, 200000, 1), 0);
		CU_ASSERT(run.r->threaded);
		for (i = 0; i < run.r->nr_tasks; i++)
			ran += sim_report_task(run.r, i)->runtime;
		for (i = 0; i < 4; i++)
			busy += run.r->cpus[i].busy;
		CU_ASSERT_EQUAL(busy, ran);
		CU_ASSERT(task_named(run.wl, run.r, "p-0")->wakeups > 20);
		run_end(&run);
	}
}

static CU_TestInfo clock_threads_tests[] = {
	{ "cfs and eevdf on 4 CPU threads, checked every tick",
	  test_threaded_fine },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/threads/clock", clock_threads_tests, NULL, NULL)
