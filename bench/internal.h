/* SPDX-License-Identifier: MIT */
/*
 * bench/internal.h - what the benchmark harness (bench/bench.c) shares
 * with its result writers (bench/output.c) and its tests
 * (tests/bench/test_bench.c) and nobody else: the run and record
 * structures, the harness's constants, the helpers of its result files
 * and plots, and the "kstruct bench" command itself.  Subjects use
 * bench/bench.h only.
 */
#ifndef KSTRUCT_BENCH_INTERNAL_H
#define KSTRUCT_BENCH_INTERNAL_H

#include <stddef.h>

#include "bench/bench.h"
#include "list/list.h"

/* the commit and flags of this build, written by the Makefile */
#if defined(__has_include)
#if __has_include("build_info.h")
#include "build_info.h"
#endif
#endif
#ifndef KSTRUCT_BUILD_COMMIT
#define KSTRUCT_BUILD_COMMIT "unknown"
#endif
#ifndef KSTRUCT_BUILD_FLAGS
#define KSTRUCT_BUILD_FLAGS "unknown"
#endif

#if defined(__clang__)
#define BENCH_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define BENCH_COMPILER "gcc " __VERSION__
#else
#define BENCH_COMPILER "unknown"
#endif

#define BENCH_CAVEAT                                                    \
	"quick run: few repetitions and small sizes, for checking the " \
	"benchmarks, not for publication"

#define BENCH_DEFAULT_REPS 15
#define BENCH_DEFAULT_WARMUP 3
#define BENCH_DEFAULT_MIN_SEC 0.01
#define BENCH_QUICK_REPS 5
#define BENCH_QUICK_WARMUP 1
#define BENCH_QUICK_MIN_SEC 0.002
/* at most this many calls of fn per repetition */
#define BENCH_MAX_BATCH (1ul << 24)
/* a case whose one call takes longer stops its warm-up and runs fewer reps */
#define BENCH_LONG_CALL_SEC 0.2
#define BENCH_LONG_REPS 5

enum bench_record_kind {
	BENCH_RECORD_CASE,
	BENCH_RECORD_RATIO,
	BENCH_RECORD_VALUE,
	BENCH_RECORD_NOTE,
};

/**
 * struct bench_record - one line of a run's results
 * @node: on bench->records, in the order they were made
 * @kind: what the record is
 * @group: the table it belongs to (NULL for notes)
 * @label: the series of a case, the label of a ratio or value, the text
 *         of a note
 * @x: the parameter
 * @value: a ratio's or value's figure
 * @value_min: a ratio's ratio of the two minimums (the least disturbed
 *             repetitions: on a busy machine, a second opinion)
 * @low: a ratio's lowest value over the repetitions (num min / den max)
 * @high: its highest (num max / den min)
 * @stat: a case's statistics
 */
struct bench_record {
	struct list_head node;
	enum bench_record_kind kind;
	char *group;
	char *label;
	double x;
	double value;
	double value_min;
	double low, high;
	struct bench_stat stat;
};

/**
 * struct bench_axes - what a group's plot shows (bench_axes())
 * @node: on bench->axes
 * @group: the group
 * @x: what x counts, with its unit
 * @op: what one operation is
 * @flags: BENCH_X_LINEAR or 0
 */
struct bench_axes {
	struct list_head node;
	char *group;
	char *x;
	char *op;
	unsigned int flags;
};

/**
 * struct bench_context - the machine, the build and the time of a run
 * @cpu_model: /proc/cpuinfo's model name, or "unknown"
 * @cpus: logical CPUs online
 * @started: when bench_begin() ran, UTC, ISO 8601
 * @finished: when the results were written
 * @load_start: the 1, 5 and 15 minute load averages at the start (NaN
 *	when unknown)
 * @load_end: the same at the end
 */
struct bench_context {
	char cpu_model[128];
	long cpus;
	char started[32];
	char finished[32];
	double load_start[3];
	double load_end[3];
};

/**
 * struct bench - one run of one subject
 * @subject: its name (file names are built from it)
 * @opt: the options, defaults filled in
 * @records: every record, oldest first
 * @last_group: the group of the last table line printed, to print a
 *              group's header once
 * @scratch: what bench_measure() returns when it cannot record
 * @error: the first error met (negative errno), or 0
 * @progress: whether to show progress on stderr
 * @clock_ns: the cost of one reading of the clock, in ns
 * @axes: the groups' axes, from bench_axes()
 * @ctx: the machine, build and dates, for the result files
 * @stdout_failed: writing the tables failed: measure nothing more
 */
struct bench {
	char *subject;
	struct bench_options opt;
	struct list_head records;
	const char *last_group;
	struct bench_stat scratch;
	int error;
	int progress;
	double clock_ns;
	struct list_head axes;
	struct bench_context ctx;
	int stdout_failed;
};

/**
 * bench_set_error() - remember @err as the run's error, unless one is
 * already remembered: bench_finish() returns the first
 * @b: the run
 * @err: a negative errno
 */
void bench_set_error(struct bench *b, int err);

/* whether a ratio's spread [@low, @high] holds 1: no difference shown */
static inline int straddles_one(double low, double high)
{
	return low <= 1 && high >= 1;
}

/**
 * bench_write_outputs() - write a finished run's result files
 * @b: the run, its context's end (date, load) filled in
 *
 * Writes OUTDIR/SUBJECT.json, SUBJECT.csv and, per group with a curve, a
 * gnuplot script (and its PNG when gnuplot is on PATH), each beside its
 * target, and renames them all only once every one is complete
 * (bench/output.c).  A failure is remembered with bench_set_error() and
 * leaves none of them.
 */
void bench_write_outputs(struct bench *b);

/**
 * bench_cpu_model() - the machine's CPU model, for a run's context
 * @buf: where the name goes: /proc/cpuinfo's first "model name" (x86),
 *	"Model" or "Hardware" (arm) value, or "unknown"
 * @size: its size
 */
void bench_cpu_model(char *buf, size_t size);

/**
 * bench_slug() - a file-name-safe form of @s
 * @out: where it goes: lower-case letters and digits, every other run of
 *	characters one '-', none at either end
 * @size: the size of @out (the slug is cut to fit)
 * @s: the text
 */
void bench_slug(char *out, size_t size, const char *s);

/**
 * bench_have_gnuplot() - is there a gnuplot on the PATH to plot with?
 *
 * Return: 1 when an executable "gnuplot" is in a folder of $PATH, else 0.
 */
int bench_have_gnuplot(void);

/* the plots' series styles: no two series of a plot look alike */
#define BENCH_GP_COLOURS 12
#define BENCH_GP_POINTS 13
extern const char *const bench_gp_colours[BENCH_GP_COLOURS];
extern const int bench_gp_points[BENCH_GP_POINTS];

/**
 * bench_label_count() - a count as a plot's tick label: 30, 8192, 30k, 10M
 * @buf: where the label goes
 * @size: its size
 * @v: the count
 */
void bench_label_count(char *buf, size_t size, double v);

/**
 * bench_label_time() - a time as a plot's tick label: "20 µs"
 * @buf: where the label goes
 * @size: its size
 * @ns: the time in nanoseconds, shown in the unit that reads best
 */
void bench_label_time(char *buf, size_t size, double ns);

/**
 * cmd_bench() - the "kstruct bench" command
 * @argc: argument count, argv[0] being "bench"
 * @argv: the command line from the command's name on
 *
 * Runs every registered subject (tools/kstruct.h's KSTRUCT_BENCH), or the
 * ones named on the command line.
 *
 * Return: the exit status: 0, 1 when a subject or an output failed, 2
 * for a usage error.
 */
int cmd_bench(int argc, char **argv);

#endif /* KSTRUCT_BENCH_INTERNAL_H */
