// SPDX-License-Identifier: MIT
/*
 * tests/fuzz/fuzz_sim_workload.c - libFuzzer harness for the workload
 * parser (sim/workload.c) and, when a workload parses, a short run of the
 * simulator on it (sim/sim.c driving sched/).
 *
 * Input: the whole input is the workload text (rt-app's: comments,
 * trailing commas, duplicate keys, keys without a value); the machine has
 * 1 + size % 4 CPUs and runs the class sched_classes[size / 4 % 4].  A
 * workload that parses must be well formed (fork targets exist, every
 * phase has events, affinities name existing CPUs, every event names a
 * resource of the right kind, the taskgroups make a tree of normalised
 * paths under "/", warnings are bounded);
 * it then runs for 30 ticks with at most 200 tasks, an ftrace and a
 * Chrome trace into memory, and sim_check() after every tick, whose
 * first report aborts (fuzz_checks_abort()).  Everything is freed and
 * kmalloc_live() must come back, else the harness aborts.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sim/sim.h"
#include "sim/workload.h"

/* the kind of resource each event names (-1: none) */
static int resource_kind(enum sim_event_kind kind)
{
	switch (kind) {
	case SIM_EVENT_LOCK:
	case SIM_EVENT_UNLOCK:
		return SIM_RES_MUTEX;
	case SIM_EVENT_WAIT:
	case SIM_EVENT_SIGNAL:
	case SIM_EVENT_BROADCAST:
		return SIM_RES_COND;
	case SIM_EVENT_BARRIER:
		return SIM_RES_BARRIER;
	case SIM_EVENT_SEM_POST:
	case SIM_EVENT_SEM_WAIT:
		return SIM_RES_SEM;
	case SIM_EVENT_TIMER:
		return SIM_RES_TIMER;
	default:
		return -1;
	}
}

static void check_event(const struct sim_workload *wl,
			const struct sim_task_desc *d,
			const struct sim_event_desc *ev, unsigned long mask)
{
	int kind = resource_kind(ev->kind);

	CHECK(ev->kind <= SIM_EVENT_RUNTIME);
	if (ev->kind == SIM_EVENT_FORK)
		CHECK(ev->fork_task < wl->nr_tasks);
	if (ev->kind == SIM_EVENT_AFFINITY)
		CHECK(ev->cpus && !(ev->cpus & ~mask));
	if (ev->kind == SIM_EVENT_TASKGROUP)
		CHECK(ev->res < wl->nr_taskgroups);
	if (ev->kind == SIM_EVENT_TIMER) {
		CHECK(ev->usec >= 1);
		if (ev->local) {
			CHECK(ev->res < d->nr_timers);
			CHECK(d->timers[ev->res].kind == SIM_RES_TIMER);
			return;
		}
	}
	if (kind >= 0) {
		CHECK(ev->res < wl->nr_resources);
		CHECK((int)wl->resources[ev->res].kind == kind);
	}
	if (ev->kind == SIM_EVENT_WAIT && ev->mutex != SIM_NO_RESOURCE) {
		CHECK(ev->mutex < wl->nr_resources);
		CHECK(wl->resources[ev->mutex].kind == SIM_RES_MUTEX);
	}
}

/* "/" first, then absolute paths without empty components, under parents */
static void check_taskgroups(const struct sim_workload *wl)
{
	const struct sim_taskgroup_desc *tg, *parent;
	unsigned int i;
	size_t len;

	CHECK(wl->nr_taskgroups <= SIM_MAX_TASKGROUPS);
	if (!wl->nr_taskgroups)
		return;
	CHECK(!strcmp(wl->taskgroups[0].path, "/"));
	for (i = 1; i < wl->nr_taskgroups; i++) {
		tg = &wl->taskgroups[i];
		len = strlen(tg->path);
		CHECK(tg->path[0] == '/' && tg->path[len - 1] != '/');
		CHECK(!strstr(tg->path, "//"));
		CHECK(tg->parent < i);
		parent = &wl->taskgroups[tg->parent];
		/* the parent's path, then one more component */
		if (tg->parent) {
			CHECK(!strncmp(tg->path, parent->path,
				       strlen(parent->path)));
			CHECK(tg->path[strlen(parent->path)] == '/');
		}
		CHECK(!strchr(tg->path + strlen(parent->path) + 1, '/'));
	}
}

static void check_workload(const struct sim_workload *wl, unsigned int cpus)
{
	unsigned long mask = (1ul << cpus) - 1;
	unsigned int t, p, e;

	check_taskgroups(wl);
	CHECK(wl->nr_tasks > 0);
	CHECK(sim_workload_nr_initial(wl) > 0);
	CHECK(wl->nr_warnings <= SIM_MAX_WARNINGS);
	for (t = 0; t < wl->nr_warnings; t++)
		CHECK(wl->warnings[t] && wl->warnings[t][0]);
	for (t = 0; t < wl->nr_resources; t++)
		CHECK(wl->resources[t].name);
	for (t = 0; t < wl->nr_tasks; t++) {
		const struct sim_task_desc *d = &wl->tasks[t];

		CHECK(d->nr_phases > 0 && d->nr_phases <= SIM_MAX_PHASES);
		CHECK(d->cpus_allowed && !(d->cpus_allowed & ~mask));
		CHECK(d->loop == -1 || d->loop >= 1);
		CHECK(d->name[0] && !strchr(d->name, ' '));
		CHECK(d->taskgroup == SIM_NO_TASKGROUP ||
		      d->taskgroup < wl->nr_taskgroups);
		for (p = 0; p < d->nr_phases; p++) {
			CHECK(d->phases[p].nr_events > 0);
			CHECK(d->phases[p].loop == -1 ||
			      d->phases[p].loop >= 1);
			for (e = 0; e < d->phases[p].nr_events; e++)
				check_event(wl, d, &d->phases[p].events[e],
					    mask);
		}
	}
}

FUZZ_INITIALIZE()

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned int cpus = 1 + size % 4;
	struct sim_options opt = {
		.nr_cpus = cpus,
		.seed = size,
		.duration_usec = 30000,
		.max_tasks = 200,
		.check_every_tick = 1,
		.sched_class = sched_classes[size / 4 % 4],
	};
	struct sim_workload *wl = NULL;
	struct sim *s = NULL;
	long live = kmalloc_live();
	char *trace = NULL, *chrome = NULL;
	size_t trace_len = 0, chrome_len = 0;
	char err[256];
	char *text;
	int ret;

	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	err[0] = '\0';
	ret = sim_workload_parse(text, "fuzz", cpus, &wl, err, sizeof(err));
	free(text);
	if (ret) {
		CHECK(!wl);
		CHECK(err[0]); /* every failure says why */
		CHECK(kmalloc_live() == live);
		return 0;
	}
	check_workload(wl, cpus);
	opt.trace = open_memstream(&trace, &trace_len);
	opt.chrome = open_memstream(&chrome, &chrome_len);
	if (!opt.trace || !opt.chrome)
		abort();
	ret = sim_create(wl, &opt, &s);
	if (!ret) {
		ret = sim_run(s);
		CHECK(ret == 0);
		sim_destroy(s);
	} else {
		CHECK(ret == -EFBIG || ret == -EINVAL);
	}
	fclose(opt.trace);
	fclose(opt.chrome);
	if (!ret) {
		CHECK(trace_len && !strncmp(trace, "# tracer: nop\n", 14));
		CHECK(chrome_len && chrome[chrome_len - 2] == '}');
	}
	free(trace);
	free(chrome);
	sim_workload_free(wl);
	CHECK(kmalloc_live() == live);
	return 0;
}
