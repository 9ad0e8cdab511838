/* SPDX-License-Identifier: MIT */
/*
 * bench/bench.h - the benchmark harness every subject uses.
 *
 * A subject (registered with KSTRUCT_BENCH in tools/kstruct.h) measures
 * cases with bench_measure(): each case is a body timed over many
 * repetitions after a warm-up, reported as nanoseconds per operation
 * (median, min and max over the repetitions).  Cases that share a @group
 * form one table, one CSV block and one plot (x = @x, one line per
 * @series).  bench_ratio() records the ratio of two medians measured in
 * the same run, which is how every comparison is quoted.
 *
 * Output: a text table on stdout as cases finish; with an output folder,
 * <folder>/<subject>.json and .csv, and a PNG per group with more than one
 * x value when gnuplot is installed.  Progress goes to stderr when it is
 * a terminal.
 */
#ifndef KSTRUCT_BENCH_BENCH_H
#define KSTRUCT_BENCH_BENCH_H

#include <stddef.h>
#include <stdint.h>

struct bench;

struct bench_spec {
	const char *group; /* a table/plot: "list primitives" */
	const char *series; /* a line in it: "list_head", "cds_list" */
	double x; /* the parameter (N); 0 when there is none */
	unsigned long ops; /* operations done by one call of @fn (>= 1) */
	void (*setup)(void *arg); /* untimed, before each call; or NULL */
	void (*fn)(void *arg); /* the timed body */
	void (*teardown)(void *arg); /* untimed, after each call; or NULL */
	void *arg;
};

struct bench_stat {
	double median_ns; /* per operation */
	double min_ns;
	double max_ns;
	unsigned int reps; /* timed repetitions (after warm-up) */
	unsigned long ops; /* operations per repetition */
};

/**
 * bench_measure() - time a case and record it
 * @b: the run
 * @spec: what to time
 *
 * Calls setup/fn/teardown for the warm-up count, then for the repetition
 * count (more when a repetition is shorter than the minimum time, up to a
 * cap), timing only @fn with CLOCK_MONOTONIC.
 *
 * Return: the statistics, valid until the end of the run.
 */
const struct bench_stat *bench_measure(struct bench *b,
				       const struct bench_spec *spec);

/**
 * bench_measure_set() - time several cases side by side (added)
 * @b: the run
 * @specs: the cases
 * @n: how many
 * @stats: receives each case's statistics (never NULL pointers: a case
 *         that could not be recorded gets zeroed statistics)
 *
 * Like bench_measure() on each case, except that after every case's
 * warm-up the repetitions are interleaved: repetition 1 of every case,
 * then repetition 2 of every case, and so on.  Use it for the cases a
 * ratio compares, so that noise and drift fall on them alike.
 *
 * Return: 0, -EINVAL for a bad spec, or -ENOMEM.
 */
int bench_measure_set(struct bench *b, const struct bench_spec *specs,
		      unsigned int n, const struct bench_stat **stats);

/**
 * bench_ratio() - record and print the ratio of two medians
 * @b: the run
 * @group: the group it belongs to
 * @what: a label, e.g. "list_head / cds_list add"
 * @x: the parameter it was measured at
 * @num: the numerator's statistics
 * @den: the denominator's statistics
 *
 * Return: num->median_ns / den->median_ns.
 */
double bench_ratio(struct bench *b, const char *group, const char *what,
		   double x, const struct bench_stat *num,
		   const struct bench_stat *den);

/* what bench_compare() found */
enum bench_order {
	BENCH_NOT_SHOWN, /* the spread holds 1: no difference shown */
	BENCH_FASTER, /* every ratio the repetitions allow is below 1 */
	BENCH_SLOWER, /* every one is above 1 */
};

/**
 * bench_compare() - whether @a was shown faster or slower than @b
 * @a: one case's statistics
 * @b: the other's
 * @low: receives the lowest ratio a / b the repetitions allow (a's min /
 *	 b's max), NAN when either case is unmeasured; or NULL
 * @high: receives the highest (a's max / b's min); or NULL
 *
 * The test bench_ratio() marks its ratios with: an order is shown only
 * when the spread [@low, @high] excludes 1.  A note that says which case
 * is faster states it only where this says so.
 *
 * Return: BENCH_FASTER, BENCH_SLOWER, or BENCH_NOT_SHOWN (also when
 * either is NULL or unmeasured).
 */
enum bench_order bench_compare(const struct bench_stat *a,
			       const struct bench_stat *b, double *low,
			       double *high);

/**
 * bench_crossover() - the text of a note on where @a is faster than @b
 * @buf: receives the text
 * @size: its size
 * @a_name: what @a measures ("the hash table")
 * @b_name: what @b measures ("the list walk")
 * @unit: what x counts ("transports")
 * @x: the sizes measured, in increasing order
 * @nr: how many
 * @a: @a's statistics at each size
 * @b: @b's at each size
 *
 * Each run of sizes over which bench_compare() shows the same order is
 * named ("@a_name is slower than @b_name at N = 1 transports; faster from
 * N = 16 to N = 64 transports"), then every size where it shows none
 * ("at N = 4 transports no difference was shown"): a crossover is stated
 * only between sizes where both orders were shown.
 *
 * Return: 0; -ENOSPC when the text was cut to fit @buf (still ended);
 * -EINVAL when @nr or @size is 0.
 */
int bench_crossover(char *buf, size_t size, const char *a_name,
		    const char *b_name, const char *unit,
		    const unsigned long *x, unsigned int nr,
		    const struct bench_stat *const *a,
		    const struct bench_stat *const *b);

/**
 * bench_note_crossover() - note bench_crossover()'s text
 * @b: the run
 * @what: what the note is about, its first words ("lookup_paddr")
 * @a_name: as for bench_crossover()
 * @b_name: as for bench_crossover()
 * @unit: as for bench_crossover()
 * @x: as for bench_crossover()
 * @nr: as for bench_crossover()
 * @a: as for bench_crossover()
 * @other: bench_crossover()'s @b
 *
 * The note reads "@what: crossover: <text>", and ends "[cut]" when the
 * text did not fit.
 */
void bench_note_crossover(struct bench *b, const char *what, const char *a_name,
			  const char *b_name, const char *unit,
			  const unsigned long *x, unsigned int nr,
			  const struct bench_stat *const *a,
			  const struct bench_stat *const *other);

/**
 * bench_value() - record a figure that is not a time (bytes, events/s)
 * @b: the run
 * @group: the group it belongs to
 * @what: a label with its unit, e.g. "peak RSS MiB"
 * @x: the parameter
 * @value: the figure
 */
void bench_value(struct bench *b, const char *group, const char *what, double x,
		 double value);

/* bench_axes() flags */
#define BENCH_X_LINEAR 0x1 /* x on a linear axis, x = 0 shown */

void bench_axes(struct bench *b, const char *group, const char *x,
		const char *op, unsigned int flags);

/** bench_note() - a line of commentary, printed and kept in the JSON */
void bench_note(struct bench *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/** bench_quick() - true in quick mode: subjects shrink their sizes */
int bench_quick(const struct bench *b);

/**
 * bench_long() - true when the long runs are wanted (--long): the
 * simulator over 1,000 simulated seconds at a million tasks
 */
int bench_long(const struct bench *b);

/* a seedable, fast PRNG for building inputs (xorshift64*) */
static inline uint64_t bench_rand(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1Dull;
}

/* keep the optimiser from deleting a computed value */
#define bench_keep(value)                                            \
	do {                                                         \
		__typeof__(value) __keep = (value);                  \
		__asm__ __volatile__("" : : "r"(__keep) : "memory"); \
	} while (0)

/* ---- for the "kstruct bench" command (bench/bench.c) ---- */

struct bench_options {
	unsigned int reps; /* timed repetitions per case (default 15) */
	unsigned int warmup; /* untimed ones first (default 3) */
	double min_seconds; /* a repetition shorter than this is repeated */
	int quick; /* smaller sizes, fewer repetitions */
	int long_run; /* the long runs too (minutes): --long */
	const char *outdir; /* where JSON/CSV/PNG go; NULL: nowhere */
};

struct bench *bench_begin(const char *subject, const struct bench_options *opt);
/* added: fill @opt with the defaults (quick or not) */
void bench_options_init(struct bench_options *opt, int quick);
/*
 * writes the output files (none when the run met an error) and frees @b;
 * 0 or a negative errno
 */
int bench_finish(struct bench *b);
int bench_check_outdir(const char *dir);
#endif /* KSTRUCT_BENCH_BENCH_H */
