// SPDX-License-Identifier: MIT
/*
 * tests/fuzz/fuzz_tracestat.c - libFuzzer harness for the ftrace text
 * reader of "kstruct tracestat" (tools/tracestat.c).
 *
 * Input: the first byte picks the window (warm-up 0 or 1 ms, length to
 * the end or 2 ms), the rest is the trace.  Four tasks are asked for: a,
 * b, and two instances of "hog" (rt-app's naming).  A trace that is read
 * must give figures that hold together: a task is never both running and
 * waiting, so its run and wait times add up to at most the window; the
 * latency percentiles are in order; an activation count comes with CPU
 * time.  A trace that is refused leaves no result.  Either way
 * kmalloc_live() must come back to where it was.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compat/slab.h"
#include "tests/fuzz/fuzz.h"
#include "tools/tracestat.h"

static const struct tracestat_name names[] = {
	{ "a", "a", 0, 0 },
	{ "b", "b", 0, 2000000 }, /* a timer task's loop of 2 ms */
	{ "hog-0", "hog", 0, 0 },
	{ "hog-1", "hog", 1, 0 },
};

FUZZ_INITIALIZE()

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tracestat_window w = { 0, 0 };
	struct tracestat_result res;
	long live = kmalloc_live();
	char err[256];
	unsigned int i;
	FILE *f;
	int ret;

	if (!size)
		return 0;
	w.warmup_ns = data[0] & 1 ? 1000000 : 0;
	w.length_ns = data[0] & 2 ? 2000000 : 0;
	f = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
	if (!f)
		return 0;
	ret = tracestat_read(f, names, 4, &w, &res, err, sizeof(err));
	fclose(f);
	if (ret) {
		CHECK(!res.tasks);
		CHECK(kmalloc_live() == live);
		return 0;
	}
	CHECK(res.end_ns > res.start_ns);
	CHECK(res.start_ns == res.first_ns + w.warmup_ns);
	CHECK(!w.length_ns || res.end_ns - res.start_ns == w.length_ns);
	for (i = 0; i < 4; i++) {
		const struct tracestat_figures *t = &res.tasks[i];

		if (!t->found) {
			CHECK(!t->run_ns && !t->wait_ns && !t->switches);
			continue;
		}
		CHECK(t->run_ns >= 0 && t->wait_ns >= 0);
		CHECK(t->run_ns + t->wait_ns <= res.end_ns - res.start_ns);
		CHECK(t->lat_p50_ns <= t->lat_p99_ns);
		CHECK(t->lat_p99_ns <= t->lat_max_ns);
		CHECK(t->wakeups || !t->lat_max_ns);
		CHECK(t->activation_ns >= 0);
	}
	tracestat_free(&res);
	CHECK(kmalloc_live() == live);
	return 0;
}
