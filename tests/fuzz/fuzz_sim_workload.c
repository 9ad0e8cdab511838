// SPDX-License-Identifier: MIT
/*
 * tests/fuzz/fuzz_sim_workload.c - libFuzzer harness for the workload
 * parser (sim/workload.c) and, when a workload parses, a short run of the
 * simulator on it (sim/sim.c driving sched/).
 *
 * Input: the whole input is the JSON text; the machine has 1 + size % 4
 * CPUs.  A workload that parses must be well formed (fork targets exist,
 * every phase has events, affinities name existing CPUs); it then runs
 * for 30 ticks with at most 200 tasks and sim_check() after every tick.
 * Everything is freed and kmalloc_live() must come back, else the harness
 * aborts.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"
#include "compat/slab.h"
#include "sim/sim.h"
#include "sim/workload.h"

static void check_workload(const struct sim_workload *wl, unsigned int cpus)
{
	unsigned long mask = (1ul << cpus) - 1;
	unsigned int t, p, e;

	CHECK(wl->nr_tasks > 0);
	CHECK(sim_workload_nr_initial(wl) > 0);
	for (t = 0; t < wl->nr_tasks; t++) {
		const struct sim_task_desc *d = &wl->tasks[t];

		CHECK(d->nr_phases > 0 && d->nr_phases <= SIM_MAX_PHASES);
		CHECK(d->cpus_allowed && !(d->cpus_allowed & ~mask));
		CHECK(d->loop == -1 || d->loop >= 1);
		CHECK(d->name[0] && !strchr(d->name, ' '));
		for (p = 0; p < d->nr_phases; p++) {
			CHECK(d->phases[p].nr_events > 0);
			CHECK(d->phases[p].loop >= 1);
			for (e = 0; e < d->phases[p].nr_events; e++) {
				const struct sim_event_desc *ev =
					&d->phases[p].events[e];

				if (ev->kind == SIM_EVENT_FORK)
					CHECK(ev->fork_task < wl->nr_tasks);
				if (ev->kind == SIM_EVENT_AFFINITY)
					CHECK(ev->cpus && !(ev->cpus & ~mask));
			}
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned int cpus = 1 + size % 4;
	struct sim_options opt = {
		.nr_cpus = cpus, .seed = size, .duration_usec = 30000,
		.max_tasks = 200, .check_every_tick = 1,
	};
	struct sim_workload *wl = NULL;
	struct sim *s = NULL;
	long live = kmalloc_live();
	char err[256];
	char *text;
	int ret;

	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	ret = sim_workload_parse(text, "fuzz", cpus, &wl, err, sizeof(err));
	free(text);
	if (ret) {
		CHECK(!wl);
		CHECK(kmalloc_live() == live);
		return 0;
	}
	check_workload(wl, cpus);
	ret = sim_create(wl, &opt, &s);
	if (!ret) {
		ret = sim_run(s);
		CHECK(ret == 0);
		sim_destroy(s);
	} else {
		CHECK(ret == -EFBIG || ret == -EINVAL);
	}
	sim_workload_free(wl);
	CHECK(kmalloc_live() == live);
	return 0;
}
