// SPDX-License-Identifier: MIT
/*
 * bench/pelt.c - PELT's update of a signal against the kernel's ("kstruct
 * bench pelt").
 *
 * Mirrors no kernel file.  It runs sched/pelt.c's __update_load_avg_se()
 * and __update_load_avg_cfs_rq() beside 6.12's own (kernel/sched/pelt.c's
 * functions from decay_load() to ___update_load_avg(), compiled between
 * bench/kernel/pelt_frame.h and pelt_calls.h and linked into
 * build/kstruct-bench only; without Debian's linux-source-6.12 the
 * kernel's series is skipped with a note).
 *
 * One case is PELT_UPDATES updates of PELT_SIGNALS signals, in an order
 * and with clocks drawn once: half the signals a task's (load, runnable
 * and running 0 or 1, averages at a nice-0 weight), half a runqueue's
 * (the queued weight, the number queued, a task running or not); the time
 * since a signal's last update is under a unit of 1,024 ns (nothing to
 * do), inside the current period, a few periods, many, enough to empty
 * the signal, or backwards, in the shares the simulator sees most.  An
 * update is the sums and, when they crossed a period, the averages, as
 * each __update_load_avg_*() makes it.  After the timing the two series'
 * signals must be equal to the byte, and they must have recomputed their
 * averages as many times: a series that computes anything else fails the
 * run.  The instructions per update, which callgrind counts without
 * noise, come from scripts/kernel-callgrind.sh.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "bench/bench.h"
#include "compat/slab.h"
#include "sched/pelt.h"
#include "tools/kstruct.h"

/*
 * The kernel's, when the build found it (weak: NULL when it did not),
 * with the arguments of kstruct's functions of the same names.
 */
extern int kernel___update_load_avg_se(uint64_t now, struct sched_avg *sa,
				       unsigned long weight, bool on_rq,
				       bool runnable, bool running)
	__attribute__((weak));
extern int kernel___update_load_avg_cfs_rq(uint64_t now, struct sched_avg *sa,
					   unsigned long load_weight,
					   unsigned int nr_runnable, bool curr)
	__attribute__((weak));

#define PELT_SIGNALS 64
#define PELT_UPDATES 4096
#define PELT_SERIES 2

struct pelt_update {
	uint64_t now;
	unsigned long load, runnable, weight;
	unsigned int signal;
	int running;
};

struct pelt_ctx {
	int (*update_se)(uint64_t now, struct sched_avg *sa,
			 unsigned long weight, bool on_rq, bool runnable,
			 bool running);
	int (*update_rq)(uint64_t now, struct sched_avg *sa,
			 unsigned long load_weight, unsigned int nr_runnable,
			 bool curr);
	const struct pelt_update *updates;
	const struct sched_avg *start;
	struct sched_avg sig[PELT_SIGNALS];
	unsigned long recomputed;
};

static void pelt_reset(void *arg)
{
	struct pelt_ctx *c = arg;

	memcpy(c->sig, c->start, sizeof(c->sig));
	c->recomputed = 0;
}

static void pelt_run(void *arg)
{
	struct pelt_ctx *c = arg;
	unsigned int i;

	for (i = 0; i < PELT_UPDATES; i++) {
		const struct pelt_update *u = &c->updates[i];

		if (u->weight == 1) /* a runqueue's */
			c->recomputed += c->update_rq(
				u->now, &c->sig[u->signal], u->load,
				(unsigned int)u->runnable, u->running);
		else
			c->recomputed += c->update_se(u->now,
						      &c->sig[u->signal],
						      u->weight, u->load,
						      u->runnable, u->running);
	}
}

/* how long since the signal's last update: the simulator's usual mix */
static uint64_t pelt_delta(uint64_t *seed)
{
	unsigned int pick = (unsigned int)(bench_rand(seed) % 100);
	uint64_t r = bench_rand(seed);

	if (pick < 30) /* under a unit: nothing to add */
		return r % 1024;
	if (pick < 60) /* inside the current period (1,024 units) */
		return 1024 + r % (1023 * 1024);
	if (pick < 90) /* up to 32 periods: the sums decay */
		return (1 + r % 32) << 20;
	if (pick < 98) /* up to 2,000 periods */
		return (33 + r % 2000) << 20;
	return (2016ull + r % 100000) << 20; /* the signal empties */
}

/* the updates and the signals' state at the start, drawn from @seed */
static void pelt_draw(struct pelt_update *u, struct sched_avg *start,
		      uint64_t seed)
{
	uint64_t clock[PELT_SIGNALS];
	unsigned int i, s;

	memset(start, 0, PELT_SIGNALS * sizeof(*start));
	for (s = 0; s < PELT_SIGNALS; s++)
		clock[s] = start[s].last_update_time =
			bench_rand(&seed) % (1ull << 40);
	for (i = 0; i < PELT_UPDATES; i++) {
		bool task;

		s = (unsigned int)(bench_rand(&seed) % PELT_SIGNALS);
		task = s < PELT_SIGNALS / 2;
		/* now and then a clock that went back, as after a migration */
		if (bench_rand(&seed) % 100 == 0)
			clock[s] -= bench_rand(&seed) % 4096;
		else
			clock[s] += pelt_delta(&seed);
		u[i].signal = s;
		u[i].now = clock[s];
		if (task) {
			u[i].load = bench_rand(&seed) % 4 != 0;
			u[i].runnable = u[i].load;
			u[i].running = u[i].load && bench_rand(&seed) % 2;
			u[i].weight = 1024;
		} else {
			u[i].runnable = bench_rand(&seed) % 5;
			u[i].load = u[i].runnable * 1024;
			u[i].running = u[i].runnable && bench_rand(&seed) % 2;
			u[i].weight = 1;
		}
	}
}

static int bench_pelt(struct bench *b)
{
	static const char *const series[PELT_SERIES] = {
		"kstruct sched/pelt.c",
		"kernel 6.12 kernel/sched/pelt.c",
	};
	bool kernel = kernel___update_load_avg_se &&
		      kernel___update_load_avg_cfs_rq;
	unsigned int nseries = kernel ? 2 : 1, s;
	const struct bench_stat *st[PELT_SERIES];
	struct bench_spec spec[PELT_SERIES];
	struct pelt_update *updates;
	struct sched_avg *start;
	struct pelt_ctx *c;
	int err = -ENOMEM;

	if (!kernel)
		bench_note(b, "the kernel's kernel/sched/pelt.c: not available "
			      "(build with Debian's linux-source-6.12 "
			      "installed: scripts/install-deps.sh --bench)");
	updates = kcalloc(PELT_UPDATES, sizeof(*updates), GFP_KERNEL);
	start = kcalloc(PELT_SIGNALS, sizeof(*start), GFP_KERNEL);
	c = kcalloc(PELT_SERIES, sizeof(*c), GFP_KERNEL);
	if (!updates || !start || !c)
		goto out;
	pelt_draw(updates, start, 0x9e17ull);
	for (s = 0; s < nseries; s++) {
		c[s].update_se = s ? kernel___update_load_avg_se :
				     __update_load_avg_se;
		c[s].update_rq = s ? kernel___update_load_avg_cfs_rq :
				     __update_load_avg_cfs_rq;
		c[s].updates = updates;
		c[s].start = start;
		spec[s] = (struct bench_spec){ .group = "update",
					       .series = series[s],
					       .x = PELT_SIGNALS,
					       .ops = PELT_UPDATES,
					       .setup = pelt_reset,
					       .fn = pelt_run,
					       .arg = &c[s] };
	}
	err = bench_measure_set(b, spec, nseries, st);
	if (err)
		goto out;
	/* the state the last repetitions left: the same, to the byte */
	if (!c[0].recomputed ||
	    (kernel && (memcmp(c[0].sig, c[1].sig, sizeof(c[0].sig)) ||
			c[0].recomputed != c[1].recomputed))) {
		bench_note(b, "BROKEN: kstruct's signals are not the kernel's "
			      "after the same updates");
		err = -EIO;
		goto out;
	}
	bench_value(b, "update", "updates that recomputed the averages",
		    PELT_SIGNALS, (double)c[0].recomputed);
	if (kernel)
		bench_ratio(b, "update", "kstruct / kernel", PELT_SIGNALS,
			    st[0], st[1]);
out:
	kfree(c);
	kfree(start);
	kfree(updates);
	return err;
}

KSTRUCT_BENCH(
	"pelt", 16,
	"PELT's update of a signal against the kernel's kernel/sched/pelt.c",
	bench_pelt)
