// SPDX-License-Identifier: MIT
/*
 * tests/sim/test_why.c - the reasons the classes note for a switch
 * (struct sched_reason) and the simulator passes on (sim_observer.why):
 * every run that ends still runnable has one, every pick has its rule,
 * every sleep its event; and on small workloads worked by hand, each
 * reason carries the values its rule compared.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "sched/class.h"
#include "sched/fair.h"
#include "sched/goodness.h"
#include "sched/rq.h"
#include "sched/sched.h"
#include "sim/sim.h"
#include "sim/trace.h"
#include "sim/workload.h"
#include "tests/ktest.h"
#include "tests/sim/load.h"

/* one switch from a task, as the observer saw it */
struct seen {
	unsigned long long tick, start;
	int prev, next;
	char state;
	struct sched_reason out, pick;
	char event[16], resource[32];
	unsigned long long usec;
};

struct watch {
	struct seen *at;
	size_t nr, cap;
	struct sim_why last; /* of the switch being told */
	struct sched_reason out, pick;
	char event[16], resource[32];
	unsigned long long since[SIM_MAX_CPUS]; /* the open run's start */
	/* the machine's constants, read while it exists */
	unsigned int wakeup_gran, base_slice;
	unsigned long nr_whys, nr_switches;
	unsigned long nr_unread; /* switches whose CPU noted no pick */
};

static void why_cb(unsigned long long tick, unsigned int cpu,
		   const struct sim_why *w, void *data)
{
	struct watch *x = data;

	(void)tick;
	(void)cpu;
	x->nr_whys++;
	x->out = *w->out;
	x->pick = *w->pick;
	snprintf(x->event, sizeof(x->event), "%s", w->event ? w->event : "");
	snprintf(x->resource, sizeof(x->resource), "%s",
		 w->resource ? w->resource : "");
	x->last.usec = w->usec;
	x->wakeup_gran = sysctl_sched_wakeup_granularity;
	x->base_slice = sysctl_sched_base_slice;
}

static void switch_cb(unsigned long long tick, unsigned int cpu,
		      const struct sim_trace_task *prev, char prev_state,
		      const struct sim_trace_task *next, void *data)
{
	struct watch *x = data;
	struct seen *s;

	x->nr_switches++;
	x->nr_unread += cpu_rq((int)cpu)->picks_unread;
	if (x->nr == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 256;
		x->at = realloc(x->at, x->cap * sizeof(*x->at));
	}
	s = &x->at[x->nr++];
	memset(s, 0, sizeof(*s));
	s->tick = tick;
	s->start = x->since[cpu];
	s->prev = prev->pid;
	s->next = next->pid;
	s->state = prev_state;
	s->out = x->out;
	s->pick = x->pick;
	memcpy(s->event, x->event, sizeof(s->event));
	memcpy(s->resource, x->resource, sizeof(s->resource));
	s->usec = x->last.usec;
	x->since[cpu] = tick;
}

/*
 * run @workload under @class with @cpus CPUs at HZ 1000 for @usec; told
 * why each switch happens unless @no_why
 */
static int __watch_run(struct watch *x, const char *workload, const char *class,
		       unsigned int cpus, unsigned long long usec, bool no_why)
{
	struct sim_observer obs = { .why = no_why ? NULL : why_cb,
				    .switch_to = switch_cb,
				    .data = x };
	struct sim_options o = { .nr_cpus = cpus,
				 .hz = 1000,
				 .seed = 1,
				 .duration_usec = usec,
				 .observer = &obs };
	struct sim_workload *wl;
	struct sim *s;
	int ret;

	memset(x, 0, sizeof(*x));
	o.sched_class = sched_class_find(class);
	ret = load(workload, cpus, &wl);
	if (ret)
		return ret;
	ret = sim_create(wl, &o, &s);
	if (!ret) {
		ret = sim_run(s);
		sim_destroy(s);
	}
	sim_workload_free(wl);
	return ret;
}

static int watch_run(struct watch *x, const char *workload, const char *class,
		     unsigned int cpus, unsigned long long usec)
{
	return __watch_run(x, workload, class, cpus, usec, false);
}

/* the first switch away from @pid that matches @state, or NULL */
static const struct seen *first_out(const struct watch *x, int pid, char state)
{
	size_t i;

	for (i = 0; i < x->nr; i++)
		if (x->at[i].prev == pid && x->at[i].state == state)
			return &x->at[i];
	return NULL;
}

/*
 * Every built-in under every class: a reason for every switch, a rule
 * for every run that ends still runnable (but for the migration thread's
 * switch to idle, which the class notes too), every pick, every sleep.
 */
static void test_every_switch_has_a_reason(void)
{
	unsigned int b, c;
	size_t i;

	for (c = 0; sched_classes[c]; c++) {
		for (b = 0; sim_builtins[b].name; b++) {
			struct watch x;
			unsigned long bad_out = 0, bad_pick = 0, bad_sleep = 0;

			CU_ASSERT_EQUAL_FATAL(
				watch_run(&x, sim_builtins[b].name,
					  sched_classes[c]->name, 2, 400000),
				0);
			CU_ASSERT(x.nr > 0);
			CU_ASSERT_EQUAL(x.nr_whys, x.nr_switches);
			for (i = 0; i < x.nr; i++) {
				const struct seen *s = &x.at[i];

				if (s->prev && s->state == 'R' &&
				    (s->out.kind == SCHED_WHY_NONE ||
				     !s->out.rule))
					bad_out++;
				if (s->next && !s->pick.rule)
					bad_pick++;
				if (s->prev && strchr("SD", s->state) &&
				    !s->event[0])
					bad_sleep++;
			}
			if (bad_out || bad_pick || bad_sleep)
				fprintf(stderr,
					"\n%s under %s: %lu runs ended runnable without a reason, %lu picks without a rule, %lu sleeps without an event\n",
					sim_builtins[b].name,
					sched_classes[c]->name, bad_out,
					bad_pick, bad_sleep);
			CU_ASSERT_EQUAL(bad_out, 0);
			CU_ASSERT_EQUAL(bad_pick, 0);
			CU_ASSERT_EQUAL(bad_sleep, 0);
			free(x.at);
		}
	}
}

/*
 * Without an observer of the reasons, the fair classes leave out what only
 * their notes need (the runner-up of cfs's pick, V for eevdf's): every
 * built-in then switches the same tasks at the same ticks as when told.
 */
static void test_unread_picks_change_nothing(void)
{
	static const char *const classes[] = { "cfs", "eevdf" };
	unsigned int b, c;
	size_t i;

	for (c = 0; c < ARRAY_SIZE(classes); c++) {
		for (b = 0; sim_builtins[b].name; b++) {
			struct watch told, untold;
			size_t same = 0;

			CU_ASSERT_EQUAL_FATAL(watch_run(&told,
							sim_builtins[b].name,
							classes[c], 2, 400000),
					      0);
			CU_ASSERT_EQUAL_FATAL(
				__watch_run(&untold, sim_builtins[b].name,
					    classes[c], 2, 400000, true),
				0);
			CU_ASSERT(told.nr_whys > 0);
			CU_ASSERT_EQUAL(untold.nr_whys, 0);
			CU_ASSERT_EQUAL(told.nr_unread, 0);
			CU_ASSERT_EQUAL(untold.nr_unread, untold.nr_switches);
			CU_ASSERT_EQUAL(told.nr, untold.nr);
			for (i = 0; i < told.nr && i < untold.nr; i++)
				same += told.at[i].tick == untold.at[i].tick &&
					told.at[i].prev == untold.at[i].prev &&
					told.at[i].next == untold.at[i].next &&
					told.at[i].state == untold.at[i].state;
			CU_ASSERT_EQUAL(same, told.nr);
			free(told.at);
			free(untold.at);
		}
	}
}

/*
 * Two nice-0 hogs on one CPU under @class for @usec: the first switch
 * away from the first hog (pid 2), which must be its slice's end.
 */
static const struct seen *two_hogs(struct watch *x, const char *class,
				   unsigned long long usec)
{
	static const char wl[] =
		"{ \"tasks\": { \"hog\": { \"instance\": 2, \"cpus\": [0],"
		" \"run\": 1000000 } } }";
	const struct seen *s;

	if (watch_run(x, wl, class, 1, usec))
		return NULL;
	s = first_out(x, 2, 'R');
	if (s && s->out.kind != SCHED_WHY_SLICE)
		return NULL;
	return s;
}

/*
 * cfs: a task that slept 30 ms wakes beside a hog on one CPU; placed at
 * min_vruntime less half a latency, it is far behind the hog, which it
 * preempts: the reason names it and the values its rule compared, the
 * vruntime difference against wakeup_gran (in the wakee's virtual time:
 * for nice 0, the granularity itself).
 */
static void test_cfs_wakeup_preemption(void)
{
	static const char wl[] =
		"{ \"tasks\": { \"hog\": { \"cpus\": [0], \"run\": 1000000 },"
		" \"nap\": { \"cpus\": [0], \"delay\": 1000, \"run\": 1000,"
		" \"sleep\": 30000 } } }";
	struct watch x;
	const struct seen *s = NULL;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(watch_run(&x, wl, "cfs", 1, 200000), 0);
	/* the hog (pid 2) leaves for nap (pid 3) after nap's first sleep */
	for (i = 0; i < x.nr; i++)
		if (x.at[i].prev == 2 && x.at[i].next == 3 &&
		    x.at[i].out.kind == SCHED_WHY_WAKEUP) {
			s = &x.at[i];
			break;
		}
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->state, 'R');
	CU_ASSERT_EQUAL(s->out.pid, 3);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->out.rule, "wakeup_gran"));
	CU_ASSERT_STRING_EQUAL(s->out.unit, "ns of virtual time");
	CU_ASSERT_EQUAL(s->out.b, x.wakeup_gran);
	CU_ASSERT(s->out.a > s->out.b);
	/* nap was picked as the next buddy, or as the leftmost */
	CU_ASSERT_PTR_NOT_NULL(s->pick.rule);
	free(x.at);
}

/*
 * o1: two nice-0 hogs on one CPU.  The first runs its whole slice, 151
 * ticks at HZ 1000 (10 + 290 * 19 / 39), and the reason says so: the
 * slice, in ticks, equal to the run's length.
 */
static void test_o1_slice_expiry(void)
{
	struct watch x;
	const struct seen *s;

	s = two_hogs(&x, "o1", 500000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s->out.unit, "ticks");
	CU_ASSERT_EQUAL(s->out.a, 151);
	CU_ASSERT_EQUAL(s->tick - s->start, 151);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->out.rule, "expired"));
	/* the next is the other hog, the first task of prio 120's queue */
	CU_ASSERT_EQUAL(s->next, 3);
	CU_ASSERT_EQUAL(s->pick.a, 125); /* 120, less the bonus: -5 */
	free(x.at);
}

/* cfs: the same hogs end their turn past their ideal slice, 6 ms / 2 */
static void test_cfs_slice_expiry(void)
{
	struct watch x;
	const struct seen *s;

	s = two_hogs(&x, "cfs", 200000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s->out.unit, "ns");
	/* ideal slice: the latency (6 ms on one CPU) shared by two */
	CU_ASSERT(s->out.b <= 3000000 && s->out.b > 2990000);
	CU_ASSERT(s->out.a > s->out.b);
	/* the observer's times are µs, cfs's clock units */
	CU_ASSERT_EQUAL((unsigned long long)s->out.a,
			(s->tick - s->start) * 1000ull);
	/* the next has the smallest vruntime, and the runner-up is the hog */
	CU_ASSERT_EQUAL(s->next, 3);
	CU_ASSERT_EQUAL(s->pick.pid, 2);
	CU_ASSERT(s->pick.a <= s->pick.b);
	free(x.at);
}

/* eevdf: a used-up request names the new one's slice, the base slice */
static void test_eevdf_request_used_up(void)
{
	struct watch x;
	const struct seen *s;

	s = two_hogs(&x, "eevdf", 200000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->out.a, x.base_slice);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->pick.rule, "deadline"));
	free(x.at);
}

/* goodness: a counter that reaches 0 names the ticks of its nice */
static void test_goodness_counter(void)
{
	struct watch x;
	const struct seen *s;

	s = two_hogs(&x, "goodness", 500000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->out.a, NICE_TO_TICKS(0));
	CU_ASSERT_STRING_EQUAL(s->pick.unit, "goodness");
	free(x.at);
}

/* a sleep names its length, a timer its name, a mutex its name */
static void test_sleep_events(void)
{
	static const char wl[] =
		"{ \"tasks\": { \"a\": { \"cpus\": [1], \"delay\": 1000,"
		" \"lock\": \"m\", \"run\": 1000, \"unlock\": \"m\","
		" \"sleep\": 7000, \"timer\": { \"ref\": \"tick\","
		" \"period\": 50000 } },"
		" \"b\": { \"cpus\": [0], \"lock\": \"m\", \"run\": 5000,"
		" \"unlock\": \"m\", \"sleep\": 20000 } } }";
	struct watch x;
	bool sleep = false, timer = false, lock = false;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(watch_run(&x, wl, "o1", 2, 300000), 0);
	for (i = 0; i < x.nr; i++) {
		const struct seen *s = &x.at[i];

		/* a is pid 3: b, which starts at once, is pid 2 */
		if (s->prev != 3 || s->state != 'S')
			continue;
		if (!strcmp(s->event, "sleep"))
			sleep |= s->usec == 7000;
		if (!strcmp(s->event, "timer"))
			timer |= !strcmp(s->resource, "tick");
		if (!strcmp(s->event, "lock"))
			lock |= !strcmp(s->resource, "m");
	}
	CU_ASSERT(sleep);
	CU_ASSERT(timer);
	CU_ASSERT(lock);
	free(x.at);
}

static CU_TestInfo why_tests[] = {
	{ "every switch has a reason", test_every_switch_has_a_reason },
	{ "cfs: wake-up preemption", test_cfs_wakeup_preemption },
	{ "o1: slice expiry", test_o1_slice_expiry },
	{ "cfs: slice expiry", test_cfs_slice_expiry },
	{ "eevdf: request used up", test_eevdf_request_used_up },
	{ "goodness: counter used up", test_goodness_counter },
	{ "sleep, timer and mutex", test_sleep_events },
	{ "cfs, eevdf: unread notes change no switch",
	  test_unread_picks_change_nothing },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/why", why_tests, NULL, NULL)
