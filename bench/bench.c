// SPDX-License-Identifier: MIT
/*
 * bench/bench.c - the benchmark harness (bench/bench.h) and the
 * "kstruct bench" command.
 *
 * Mirrors no kernel file: 2.5.33 had no benchmark harness.  It follows
 * the habits of liburcu's tests/benchmark (a fixed amount of work per
 * run, one summary line per case) and of DESIGN.md's "Benchmarks"
 * section: medians of repetitions after a warm-up, min and max beside
 * them, and every comparison a ratio of two medians from the same run.
 *
 * How a case is timed (bench_measure()):
 * - the warm-up calls run setup/fn/teardown without recording anything;
 * - the last warm-up call (or one extra call when the warm-up count is
 *   0) calibrates: when one call of fn takes less than min_seconds, each
 *   repetition calls fn several times, and its operation count is scaled
 *   by the same factor, so that tiny bodies stay measurable above the
 *   clock's resolution;
 * - a case with neither setup nor teardown is timed as one block of calls;
 *   a case with either is timed call by call around fn only, and the
 *   clock's own cost (the median of back-to-back reads, measured once per
 *   run) is taken off each call's time; still, keep such bodies much
 *   longer than the clock's resolution (a microsecond or more);
 * - a case whose single call takes longer than BENCH_LONG_CALL_SEC (a
 *   traversal of 10 million shuffled nodes) ends its warm-up there and
 *   runs at most BENCH_LONG_REPS repetitions, so a full run stays within
 *   minutes; its "reps" figure says how many it ran;
 * - every repetition gives one ns-per-operation figure; the case reports
 *   the median, min and max over the repetitions;
 * - bench_measure_set() measures cases side by side: all warm up, then
 *   round i runs repetition i of each case in turn, so that a slow drift
 *   of the machine (another process, the CPU's clock) hits every case of
 *   a comparison alike instead of only the one measured last.
 *
 * Records are kept on a struct list_head ring in the order they were
 * made, and written out by bench_finish() as JSON, CSV and one gnuplot
 * script (and PNG, when gnuplot is on PATH) per group with more than one
 * x value.
 *
 * Errors: a bad spec or a failed allocation never crashes a subject:
 * bench_measure() then returns a zeroed "scratch" statistic and the run
 * remembers the error, which bench_finish() returns.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench/bench.h"
#include "compat/ktime.h"
#include "compat/slab.h"
#include "list/list.h"
#include "tools/kstruct.h"

#define BENCH_DEFAULT_REPS	15
#define BENCH_DEFAULT_WARMUP	3
#define BENCH_DEFAULT_MIN_SEC	0.01
#define BENCH_QUICK_REPS	5
#define BENCH_QUICK_WARMUP	1
#define BENCH_QUICK_MIN_SEC	0.002
/* at most this many calls of fn per repetition */
#define BENCH_MAX_BATCH		(1ul << 24)
/* a case whose one call takes longer stops its warm-up and runs fewer reps */
#define BENCH_LONG_CALL_SEC	0.2
#define BENCH_LONG_REPS		5

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
	struct bench_stat stat;
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
};

static char *bench_strdup(const char *s)
{
	size_t len = strlen(s) + 1;
	char *copy = kmalloc(len, GFP_KERNEL);

	if (copy)
		memcpy(copy, s, len);
	return copy;
}

static void bench_set_error(struct bench *b, int err)
{
	if (!b->error)
		b->error = err;
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* the median cost of reading the clock (what one timed call adds) */
static double clock_overhead_ns(void)
{
	double samples[101];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(samples); i++) {
		uint64_t t0 = ktime_get_ns();

		samples[i] = (double)(ktime_get_ns() - t0);
	}
	qsort(samples, ARRAY_SIZE(samples), sizeof(samples[0]),
	      compare_double);
	return samples[ARRAY_SIZE(samples) / 2];
}

/**
 * bench_options_init() - fill @opt with the defaults
 * @opt: the options to fill
 * @quick: whether quick mode is wanted
 */
void bench_options_init(struct bench_options *opt, int quick)
{
	memset(opt, 0, sizeof(*opt));
	opt->quick = quick;
	opt->reps = quick ? BENCH_QUICK_REPS : BENCH_DEFAULT_REPS;
	opt->warmup = quick ? BENCH_QUICK_WARMUP : BENCH_DEFAULT_WARMUP;
	opt->min_seconds = quick ? BENCH_QUICK_MIN_SEC : BENCH_DEFAULT_MIN_SEC;
}

/**
 * bench_begin() - start a run of one subject
 * @subject: the subject's name
 * @opt: the options, or NULL for the defaults; a zero @reps or
 *       @min_seconds also takes the default, a zero @warmup is kept
 *
 * Prints the run's header line to stdout.
 *
 * Return: the run, or NULL when out of memory or @subject is NULL.
 */
struct bench *bench_begin(const char *subject, const struct bench_options *opt)
{
	struct bench_options defaults;
	struct bench *b;

	if (!subject)
		return NULL;
	bench_options_init(&defaults, opt ? opt->quick : 0);
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return NULL;
	b->subject = bench_strdup(subject);
	if (!b->subject) {
		kfree(b);
		return NULL;
	}
	b->opt = defaults;
	if (opt) {
		if (opt->reps)
			b->opt.reps = opt->reps;
		/* a warm-up of 0 is a legitimate choice */
		b->opt.warmup = opt->warmup;
		if (opt->min_seconds > 0)
			b->opt.min_seconds = opt->min_seconds;
		b->opt.outdir = opt->outdir;
	}
	INIT_LIST_HEAD(&b->records);
	b->progress = isatty(STDERR_FILENO);
	b->clock_ns = clock_overhead_ns();
	printf("==== bench: %s (%u repetitions after %u warm-up, >= %g ms each%s) ====\n",
	       subject, b->opt.reps, b->opt.warmup, b->opt.min_seconds * 1e3,
	       b->opt.quick ? ", quick" : "");
	fflush(stdout);
	return b;
}

int bench_quick(const struct bench *b)
{
	return b ? b->opt.quick : 0;
}

static struct bench_record *bench_add_record(struct bench *b,
					     enum bench_record_kind kind,
					     const char *group,
					     const char *label, double x)
{
	struct bench_record *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (!r)
		goto err;
	r->kind = kind;
	r->x = x;
	if (group) {
		r->group = bench_strdup(group);
		if (!r->group)
			goto err_free_record;
	}
	r->label = bench_strdup(label ? label : "");
	if (!r->label)
		goto err_free_group;
	list_add_tail(&r->node, &b->records);
	return r;

err_free_group:
	kfree(r->group);
err_free_record:
	kfree(r);
err:
	bench_set_error(b, -ENOMEM);
	return NULL;
}

static void bench_free_record(struct bench_record *r)
{
	kfree(r->group);
	kfree(r->label);
	kfree(r);
}

/* print a group's header before its first line */
static void bench_group_header(struct bench *b, const char *group)
{
	if (b->last_group && !strcmp(b->last_group, group))
		return;
	b->last_group = group;
	printf("\n-- %s --\n", group);
	printf("  %-34s %10s %10s %10s %10s  %s\n", "series", "x",
	       "median", "min", "max", "ns/op (reps x ops)");
}

static void bench_progress(struct bench *b, const struct bench_spec *spec,
			   const char *what, unsigned int i, unsigned int n)
{
	if (!b->progress)
		return;
	fprintf(stderr, "\r\033[K[%s] %s / %s x=%g: %s %u/%u", b->subject,
		spec->group, spec->series, spec->x, what, i, n);
	fflush(stderr);
}

static void bench_progress_done(struct bench *b)
{
	if (!b->progress)
		return;
	fprintf(stderr, "\r\033[K");
	fflush(stderr);
}

/* one untimed-setup, timed-fn, untimed-teardown call; returns ns of fn */
static double bench_call(const struct bench *b, const struct bench_spec *spec)
{
	uint64_t t0;
	double ns;

	if (spec->setup)
		spec->setup(spec->arg);
	t0 = ktime_get_ns();
	spec->fn(spec->arg);
	ns = (double)(ktime_get_ns() - t0);
	if (spec->teardown)
		spec->teardown(spec->arg);
	return ns > b->clock_ns ? ns - b->clock_ns : 0;
}

/* one repetition of @batch calls; returns the ns spent in fn */
static double bench_repetition(const struct bench *b,
			       const struct bench_spec *spec,
			       unsigned long batch)
{
	double total = 0;
	unsigned long i;
	uint64_t t0;

	if (!spec->setup && !spec->teardown) {
		t0 = ktime_get_ns();
		for (i = 0; i < batch; i++)
			spec->fn(spec->arg);
		return (double)(ktime_get_ns() - t0);
	}
	for (i = 0; i < batch; i++)
		total += bench_call(b, spec);
	return total;
}

/**
 * struct bench_case - a case being measured by bench_measure_set()
 * @spec: what to time
 * @batch: calls of @spec->fn per repetition
 * @reps: repetitions to time
 * @per_op: ns per operation of each repetition
 */
struct bench_case {
	const struct bench_spec *spec;
	unsigned long batch;
	unsigned int reps;
	double *per_op;
};

static int bench_spec_valid(struct bench *b, const struct bench_spec *spec)
{
	if (spec && spec->fn && spec->ops && spec->group && spec->series)
		return 1;
	fprintf(stderr, "bench %s: bad bench_spec (%s / %s)\n", b->subject,
		spec && spec->group ? spec->group : "?",
		spec && spec->series ? spec->series : "?");
	bench_set_error(b, -EINVAL);
	return 0;
}

/* the warm-up, which also picks the batch and the repetition count */
static void bench_warm_up(struct bench *b, struct bench_case *c)
{
	const struct bench_spec *spec = c->spec;
	double one = 0, whole = 0;
	unsigned int i;
	uint64_t t0;

	for (i = 0; i < b->opt.warmup || i == 0; i++) {
		bench_progress(b, spec, "warm-up", i + 1, b->opt.warmup);
		t0 = ktime_get_ns();
		one = bench_call(b, spec);
		whole = (double)(ktime_get_ns() - t0);
		if (one > BENCH_LONG_CALL_SEC * 1e9)
			break;
	}
	c->reps = b->opt.reps;
	if (one > BENCH_LONG_CALL_SEC * 1e9 && c->reps > BENCH_LONG_REPS)
		c->reps = BENCH_LONG_REPS;
	/*
	 * With a setup or teardown, each call is timed on its own, so the
	 * batch only has to make a repetition last min_seconds of wall time,
	 * setup included: a tiny body behind a costly setup must not make a
	 * repetition run for minutes.
	 */
	if (spec->setup || spec->teardown)
		one = whole;
	c->batch = 1;
	if (one < b->opt.min_seconds * 1e9) {
		double want = b->opt.min_seconds * 1e9 / (one > 1 ? one : 1);

		c->batch = want >= (double)BENCH_MAX_BATCH ? BENCH_MAX_BATCH :
			   (unsigned long)ceil(want);
		if (c->batch < 1)
			c->batch = 1;
	}
}

/* record and print a measured case; its statistics, or the scratch ones */
static const struct bench_stat *bench_record_case(struct bench *b,
						  struct bench_case *c)
{
	unsigned int reps = c->reps;
	struct bench_record *r;

	qsort(c->per_op, reps, sizeof(*c->per_op), compare_double);
	r = bench_add_record(b, BENCH_RECORD_CASE, c->spec->group,
			     c->spec->series, c->spec->x);
	if (!r)
		return &b->scratch;
	r->stat.reps = reps;
	r->stat.ops = c->batch * c->spec->ops;
	r->stat.min_ns = c->per_op[0];
	r->stat.max_ns = c->per_op[reps - 1];
	if (reps % 2)
		r->stat.median_ns = c->per_op[reps / 2];
	else
		r->stat.median_ns = (c->per_op[reps / 2 - 1] +
				     c->per_op[reps / 2]) / 2;

	bench_group_header(b, r->group);
	printf("  %-34s %10g %10.3f %10.3f %10.3f  (%u x %lu)\n", r->label,
	       r->x, r->stat.median_ns, r->stat.min_ns, r->stat.max_ns,
	       r->stat.reps, r->stat.ops);
	fflush(stdout);
	return &r->stat;
}

int bench_measure_set(struct bench *b, const struct bench_spec *specs,
		      unsigned int n, const struct bench_stat **stats)
{
	unsigned int i, k, max_reps = 0;
	struct bench_case *cases;
	int ret = 0;

	if (!b || !stats || (!specs && n))
		return -EINVAL;
	memset(&b->scratch, 0, sizeof(b->scratch));
	for (k = 0; k < n; k++)
		stats[k] = &b->scratch;
	for (k = 0; k < n; k++)
		if (!bench_spec_valid(b, &specs[k]))
			return -EINVAL;
	cases = kcalloc(n ? n : 1, sizeof(*cases), GFP_KERNEL);
	if (!cases)
		goto err_nomem;
	for (k = 0; k < n; k++) {
		cases[k].spec = &specs[k];
		cases[k].per_op = kcalloc(b->opt.reps, sizeof(double),
					  GFP_KERNEL);
		if (!cases[k].per_op)
			goto err_free_cases;
	}

	for (k = 0; k < n; k++) {
		bench_warm_up(b, &cases[k]);
		if (cases[k].reps > max_reps)
			max_reps = cases[k].reps;
	}
	/* round i times repetition i of every case, so drift hits all alike */
	for (i = 0; i < max_reps; i++) {
		for (k = 0; k < n; k++) {
			struct bench_case *c = &cases[k];

			if (i >= c->reps)
				continue;
			bench_progress(b, c->spec, "rep", i + 1, c->reps);
			c->per_op[i] = bench_repetition(b, c->spec, c->batch) /
				       ((double)c->batch *
					(double)c->spec->ops);
		}
	}
	bench_progress_done(b);
	for (k = 0; k < n; k++) {
		stats[k] = bench_record_case(b, &cases[k]);
		if (stats[k] == &b->scratch)
			ret = -ENOMEM;
	}
	goto out_free_cases;

err_free_cases:
	ret = -ENOMEM;
	bench_set_error(b, ret);
out_free_cases:
	for (k = 0; k < n; k++)
		kfree(cases[k].per_op);
	kfree(cases);
	return ret;

err_nomem:
	bench_set_error(b, -ENOMEM);
	return -ENOMEM;
}

const struct bench_stat *bench_measure(struct bench *b,
				       const struct bench_spec *spec)
{
	const struct bench_stat *stat = NULL;

	if (!b)
		return NULL;
	if (!spec) {
		bench_spec_valid(b, spec);
		return &b->scratch;
	}
	bench_measure_set(b, spec, 1, &stat);
	return stat;
}

double bench_ratio(struct bench *b, const char *group, const char *what,
		   double x, const struct bench_stat *num,
		   const struct bench_stat *den)
{
	double ratio = NAN, ratio_min = NAN;
	struct bench_record *r;

	if (num && den && num->reps && den->reps) {
		if (den->median_ns > 0)
			ratio = num->median_ns / den->median_ns;
		if (den->min_ns > 0)
			ratio_min = num->min_ns / den->min_ns;
	}
	if (!b)
		return ratio;
	r = bench_add_record(b, BENCH_RECORD_RATIO, group ? group : "",
			     what, x);
	if (r) {
		r->value = ratio;
		r->value_min = ratio_min;
		bench_group_header(b, r->group);
	}
	printf("  ratio %-28s %10g %10.3fx   (of minimums %.3fx)\n",
	       what ? what : "", x, ratio, ratio_min);
	fflush(stdout);
	return ratio;
}

void bench_value(struct bench *b, const char *group, const char *what,
		 double x, double value)
{
	struct bench_record *r;

	if (!b)
		return;
	r = bench_add_record(b, BENCH_RECORD_VALUE, group ? group : "", what,
			     x);
	if (r) {
		r->value = value;
		bench_group_header(b, r->group);
	}
	printf("  value %-28s %10g %10g\n", what ? what : "", x, value);
	fflush(stdout);
}

void bench_note(struct bench *b, const char *fmt, ...)
{
	char *text;
	va_list ap;
	int len;

	if (!b || !fmt)
		return;
	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0) {
		bench_set_error(b, -EINVAL);
		return;
	}
	text = kmalloc((size_t)len + 1, GFP_KERNEL);
	if (!text) {
		bench_set_error(b, -ENOMEM);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(text, (size_t)len + 1, fmt, ap);
	va_end(ap);
	printf("  note: %s\n", text);
	fflush(stdout);
	bench_add_record(b, BENCH_RECORD_NOTE, NULL, text, 0);
	kfree(text);
}

/* ------------------------------------------------------------------ */
/* output files                                                        */

static void json_put_string(FILE *f, const char *s)
{
	const unsigned char *p;

	fputc('"', f);
	for (p = (const unsigned char *)(s ? s : ""); *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

/* JSON has no NaN or infinity: those become null */
static void json_put_number(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.9g", v);
	else
		fputs("null", f);
}

static void write_json(struct bench *b, FILE *f)
{
	static const char *const kinds[] = {
		[BENCH_RECORD_CASE] = "cases",
		[BENCH_RECORD_RATIO] = "ratios",
		[BENCH_RECORD_VALUE] = "values",
		[BENCH_RECORD_NOTE] = "notes",
	};
	struct bench_record *r;
	int kind, first;

	fputs("{\n  \"subject\": ", f);
	json_put_string(f, b->subject);
	fprintf(f, ",\n  \"options\": {\"reps\": %u, \"warmup\": %u, "
		"\"min_seconds\": ", b->opt.reps, b->opt.warmup);
	json_put_number(f, b->opt.min_seconds);
	fprintf(f, ", \"quick\": %s, \"clock_read_ns\": ",
		b->opt.quick ? "true" : "false");
	json_put_number(f, b->clock_ns);
	fprintf(f, ", \"long_call_seconds\": %g, \"long_call_reps\": %d},\n",
		BENCH_LONG_CALL_SEC, BENCH_LONG_REPS);
	fprintf(f, "  \"unit\": \"ns per operation\"");
	for (kind = BENCH_RECORD_CASE; kind <= BENCH_RECORD_NOTE; kind++) {
		fprintf(f, ",\n  \"%s\": [", kinds[kind]);
		first = 1;
		list_for_each_entry(r, &b->records, node) {
			if ((int)r->kind != kind)
				continue;
			fputs(first ? "\n    " : ",\n    ", f);
			first = 0;
			if (kind == BENCH_RECORD_NOTE) {
				json_put_string(f, r->label);
				continue;
			}
			fputs("{\"group\": ", f);
			json_put_string(f, r->group);
			fputs(kind == BENCH_RECORD_CASE ? ", \"series\": " :
			      ", \"what\": ", f);
			json_put_string(f, r->label);
			fputs(", \"x\": ", f);
			json_put_number(f, r->x);
			if (kind == BENCH_RECORD_CASE) {
				fputs(", \"median_ns\": ", f);
				json_put_number(f, r->stat.median_ns);
				fputs(", \"min_ns\": ", f);
				json_put_number(f, r->stat.min_ns);
				fputs(", \"max_ns\": ", f);
				json_put_number(f, r->stat.max_ns);
				fprintf(f, ", \"reps\": %u, \"ops\": %lu}",
					r->stat.reps, r->stat.ops);
			} else {
				fputs(kind == BENCH_RECORD_RATIO ?
				      ", \"ratio\": " : ", \"value\": ", f);
				json_put_number(f, r->value);
				if (kind == BENCH_RECORD_RATIO) {
					fputs(", \"ratio_of_min\": ", f);
					json_put_number(f, r->value_min);
				}
				fputc('}', f);
			}
		}
		fputs(first ? "]" : "\n  ]", f);
	}
	fputs("\n}\n", f);
}

/* a CSV field, quoted when it holds a comma, quote or newline */
static void csv_field(FILE *f, const char *s)
{
	if (!s)
		s = "";
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void csv_number(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.9g", v);
}

static void write_csv(struct bench *b, FILE *f)
{
	static const char *const kinds[] = {
		[BENCH_RECORD_CASE] = "case",
		[BENCH_RECORD_RATIO] = "ratio",
		[BENCH_RECORD_VALUE] = "value",
		[BENCH_RECORD_NOTE] = "note",
	};
	struct bench_record *r;

	fputs("subject,kind,group,series,x,median_ns,min_ns,max_ns,reps,ops,value,ratio_of_min\n",
	      f);
	list_for_each_entry(r, &b->records, node) {
		csv_field(f, b->subject);
		fprintf(f, ",%s,", kinds[r->kind]);
		csv_field(f, r->group);
		fputc(',', f);
		csv_field(f, r->label);
		fputc(',', f);
		if (r->kind != BENCH_RECORD_NOTE)
			csv_number(f, r->x);
		fputc(',', f);
		if (r->kind == BENCH_RECORD_CASE) {
			csv_number(f, r->stat.median_ns);
			fputc(',', f);
			csv_number(f, r->stat.min_ns);
			fputc(',', f);
			csv_number(f, r->stat.max_ns);
			fprintf(f, ",%u,%lu,,\n", r->stat.reps, r->stat.ops);
		} else {
			fputs(",,,,,", f);
			if (r->kind != BENCH_RECORD_NOTE)
				csv_number(f, r->value);
			fputc(',', f);
			if (r->kind == BENCH_RECORD_RATIO)
				csv_number(f, r->value_min);
			fputc('\n', f);
		}
	}
}

/* a file-name-safe form of @s: letters and digits, others become '-' */
static void slug(char *out, size_t size, const char *s)
{
	size_t n = 0;
	int dash = 0;

	for (; *s && n + 1 < size; s++) {
		if ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		    (*s >= 'A' && *s <= 'Z')) {
			out[n++] = (char)(*s >= 'A' && *s <= 'Z' ?
					  *s - 'A' + 'a' : *s);
			dash = 0;
		} else if (!dash && n) {
			out[n++] = '-';
			dash = 1;
		}
	}
	while (n && out[n - 1] == '-')
		n--;
	out[n] = '\0';
}

/*
 * A gnuplot single-quoted string: a quote is written twice, and a control
 * character (a newline would end the command) becomes a space.
 */
static void gp_string(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
	}
	fputc('\'', f);
}

static FILE *open_out(struct bench *b, const char *name, char *path,
		      size_t size)
{
	FILE *f;

	if ((size_t)snprintf(path, size, "%s/%s", b->opt.outdir, name) >= size) {
		fprintf(stderr, "bench %s: path too long: %s/%s\n", b->subject,
			b->opt.outdir, name);
		bench_set_error(b, -ENAMETOOLONG);
		return NULL;
	}
	f = fopen(path, "w");
	if (!f) {
		int err = -errno;	/* before fprintf() can change it */

		fprintf(stderr, "bench %s: cannot write %s: %s\n", b->subject,
			path, strerror(-err));
		bench_set_error(b, err);
	}
	return f;
}

static int close_out(struct bench *b, FILE *f, const char *path)
{
	if (ferror(f) | fclose(f)) {
		fprintf(stderr, "bench %s: error writing %s\n", b->subject, path);
		bench_set_error(b, -EIO);
		return -EIO;
	}
	return 0;
}

/* whether @group has cases at more than one positive x value */
static int group_has_curve(struct bench *b, struct bench_record *first)
{
	struct bench_record *r;

	list_for_each_entry(r, &b->records, node)
		if (r->kind == BENCH_RECORD_CASE && r->x > 0 &&
		    !strcmp(r->group, first->group) && r->x != first->x)
			return 1;
	return 0;
}

/* whether @r is the first case of its group, with a series not seen yet */
static int first_of(struct bench *b, struct bench_record *r, int by_series)
{
	struct bench_record *p;

	list_for_each_entry(p, &b->records, node) {
		if (p == r)
			return 1;
		if (p->kind == BENCH_RECORD_CASE &&
		    !strcmp(p->group, r->group) &&
		    (!by_series || !strcmp(p->label, r->label)))
			return 0;
	}
	return 1;
}

static int have_gnuplot(void)
{
	const char *path = getenv("PATH");
	char buf[4096];

	while (path && *path) {
		size_t len = strcspn(path, ":");

		if (len && len < sizeof(buf) - 9) {
			memcpy(buf, path, len);
			memcpy(buf + len, "/gnuplot", 9);
			if (!access(buf, X_OK))
				return 1;
		}
		path += len;
		if (*path == ':')
			path++;
	}
	return 0;
}

/* run "gnuplot NAME" inside the output folder, quietly */
static int run_gnuplot(struct bench *b, const char *script)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, STDOUT_FILENO);
		if (chdir(b->opt.outdir) == 0)
			execlp("gnuplot", "gnuplot", script, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
}

static void write_plot(struct bench *b, struct bench_record *first,
		       int plot)
{
	char name[256], path[4096], gslug[160];
	struct bench_record *s, *r;
	FILE *f;
	int n = 0;

	slug(gslug, sizeof(gslug), first->group);
	snprintf(name, sizeof(name), "%s-%s.gp", b->subject, gslug);
	f = open_out(b, name, path, sizeof(path));
	if (!f)
		return;
	fprintf(f, "# %s: %s - written by 'kstruct bench'; "
		"run 'gnuplot %s' in this folder\n", b->subject, first->group,
		name);
	fputs("set terminal pngcairo size 1000,640 noenhanced\n", f);
	fprintf(f, "set output '%s-%s.png'\n", b->subject, gslug);
	fputs("set title ", f);
	gp_string(f, b->subject);
	fputs(" . ': ' . ", f);
	gp_string(f, first->group);
	fputs("\nset logscale xy\nset grid\nset key left top\n"
	      "set xlabel 'x (N)'\n"
	      "set ylabel 'ns per operation (median; bars: min..max)'\n", f);
	/* one datablock per series: x median min max */
	list_for_each_entry(s, &b->records, node) {
		if (s->kind != BENCH_RECORD_CASE ||
		    strcmp(s->group, first->group) || !first_of(b, s, 1))
			continue;
		fprintf(f, "$series%d << EOD\n", n++);
		list_for_each_entry(r, &b->records, node)
			if (r->kind == BENCH_RECORD_CASE && r->x > 0 &&
			    !strcmp(r->group, s->group) &&
			    !strcmp(r->label, s->label))
				fprintf(f, "%.9g %.9g %.9g %.9g\n", r->x,
					r->stat.median_ns, r->stat.min_ns,
					r->stat.max_ns);
		fputs("EOD\n", f);
	}
	fputs("plot ", f);
	n = 0;
	list_for_each_entry(s, &b->records, node) {
		if (s->kind != BENCH_RECORD_CASE ||
		    strcmp(s->group, first->group) || !first_of(b, s, 1))
			continue;
		if (n)
			fputs(", \\\n     ", f);
		fprintf(f, "$series%d using 1:2:3:4 with yerrorlines title ", n);
		gp_string(f, s->label);
		n++;
	}
	fputc('\n', f);
	if (close_out(b, f, path))
		return;
	if (plot && run_gnuplot(b, name)) {
		fprintf(stderr, "bench %s: gnuplot failed on %s\n", b->subject,
			path);
		bench_set_error(b, -EIO);
	}
}

/* mkdir -p: 0 or a negative errno */
static int make_folder(const char *path)
{
	char buf[4096];
	size_t i, len = strlen(path);

	if (!len || len >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, path, len + 1);
	for (i = 1; i <= len; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0777) && errno != EEXIST)
			return -errno;
		buf[i] = path[i];
	}
	return 0;
}

static void write_outputs(struct bench *b)
{
	char name[256], path[4096];
	struct bench_record *r;
	int plot = have_gnuplot(), curves = 0, ret;
	FILE *f;

	ret = make_folder(b->opt.outdir);
	if (ret) {
		fprintf(stderr, "bench %s: cannot create %s: %s\n", b->subject,
			b->opt.outdir, strerror(-ret));
		bench_set_error(b, ret);
		return;
	}
	snprintf(name, sizeof(name), "%s.json", b->subject);
	f = open_out(b, name, path, sizeof(path));
	if (f) {
		write_json(b, f);
		close_out(b, f, path);
	}
	snprintf(name, sizeof(name), "%s.csv", b->subject);
	f = open_out(b, name, path, sizeof(path));
	if (f) {
		write_csv(b, f);
		close_out(b, f, path);
	}
	list_for_each_entry(r, &b->records, node) {
		if (r->kind != BENCH_RECORD_CASE || !first_of(b, r, 0) ||
		    !group_has_curve(b, r))
			continue;
		write_plot(b, r, plot);
		curves++;
	}
	printf("\nbench %s: wrote %s/%s.json, %s.csv", b->subject,
	       b->opt.outdir, b->subject, b->subject);
	if (curves)
		printf(" and %d gnuplot script%s%s", curves,
		       curves > 1 ? "s" : "",
		       plot ? " with PNGs" : "");
	printf("\n");
	if (curves && !plot)
		printf("bench %s: note: gnuplot is not on PATH, so no PNG was drawn "
		       "(install gnuplot-nox, then run the .gp scripts)\n",
		       b->subject);
}

int bench_finish(struct bench *b)
{
	struct bench_record *r, *tmp;
	int ret;

	if (!b)
		return -EINVAL;
	if (b->opt.outdir)
		write_outputs(b);
	fflush(stdout);
	ret = b->error;
	list_for_each_entry_safe(r, tmp, &b->records, node) {
		list_del(&r->node);
		bench_free_record(r);
	}
	kfree(b->subject);
	kfree(b);
	return ret;
}

/* ------------------------------------------------------------------ */
/* kstruct bench                                                       */

static void bench_list_subjects(FILE *out)
{
	struct kstruct_entry *e;

	for (e = kstruct_entries(KSTRUCT_KIND_BENCH);
	     e && e->kind == KSTRUCT_KIND_BENCH; e = e->next)
		fprintf(out, "  %-10s %s\n", e->name, e->summary);
}

static void bench_usage(FILE *out)
{
	fprintf(out,
		"usage: kstruct bench [--quick] [--reps N] [--warmup N] [--min-time MS]\n"
		"                     [--out DIR] [--list] [SUBJECT...]\n"
		"\n"
		"Runs the benchmarks of each SUBJECT (all of them, in order, when none\n"
		"is named) and prints one table line per case as it finishes: the\n"
		"median, min and max nanoseconds per operation over the repetitions.\n"
		"Comparisons are ratios of medians measured in the same run.\n"
		"\n"
		"options:\n"
		"  --quick        smaller sizes and fewer repetitions (what CI runs)\n"
		"  --reps N       timed repetitions per case (default %u, quick %u)\n"
		"  --warmup N     untimed calls before them (default %u, quick %u)\n"
		"  --min-time MS  a repetition shorter than this repeats its body\n"
		"                 (default %g ms, quick %g ms); a case whose one call\n"
		"                 takes over %g ms runs at most %d repetitions\n"
		"  --out DIR      also write DIR/SUBJECT.json, DIR/SUBJECT.csv and a\n"
		"                 gnuplot script (and PNG, when gnuplot is installed)\n"
		"                 per group of cases with more than one x value\n"
		"  --list         list the subjects and exit\n"
		"  -h, --help     this text\n"
		"\n"
		"subjects:\n",
		BENCH_DEFAULT_REPS, BENCH_QUICK_REPS, BENCH_DEFAULT_WARMUP,
		BENCH_QUICK_WARMUP, BENCH_DEFAULT_MIN_SEC * 1e3,
		BENCH_QUICK_MIN_SEC * 1e3, BENCH_LONG_CALL_SEC * 1e3,
		BENCH_LONG_REPS);
	bench_list_subjects(out);
}

/* parse an unsigned count in [lo, hi]; returns 0 or -EINVAL */
static int parse_count(const char *s, unsigned int lo, unsigned int hi,
		       unsigned int *out)
{
	unsigned long v;
	char *end;

	if (!s || !*s || *s == '-')
		return -EINVAL;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return -EINVAL;
	*out = (unsigned int)v;
	return 0;
}

static int cmd_bench(int argc, char **argv)
{
	struct bench_options opt;
	struct kstruct_entry *e;
	unsigned int reps = 0, warmup = 0, min_ms = 0;
	int have_warmup = 0, have_min = 0, quick = 0, nsubjects = 0;
	const char *outdir = NULL;
	int i, status = 0;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			bench_usage(stdout);
			return 0;
		} else if (!strcmp(arg, "--list")) {
			bench_list_subjects(stdout);
			return 0;
		} else if (!strcmp(arg, "--quick")) {
			quick = 1;
		} else if (!strcmp(arg, "--reps")) {
			if (parse_count(val, 1, 100000, &reps))
				goto err_value;
			i++;
		} else if (!strcmp(arg, "--warmup")) {
			if (parse_count(val, 0, 100000, &warmup))
				goto err_value;
			have_warmup = 1;
			i++;
		} else if (!strcmp(arg, "--min-time")) {
			if (parse_count(val, 0, 60000, &min_ms))
				goto err_value;
			have_min = 1;
			i++;
		} else if (!strcmp(arg, "--out")) {
			if (!val || !*val)
				goto err_value;
			outdir = val;
			i++;
		} else if (arg[0] == '-') {
			fprintf(stderr, "kstruct bench: unknown option '%s' (try --help)\n",
				arg);
			return 2;
		} else if (!kstruct_find(KSTRUCT_KIND_BENCH, arg)) {
			fprintf(stderr, "kstruct bench: no subject '%s'; subjects are:\n",
				arg);
			bench_list_subjects(stderr);
			return 2;
		} else {
			nsubjects++;
		}
		continue;
err_value:
		fprintf(stderr, "kstruct bench: %s needs a %s (try --help)\n",
			arg, !strcmp(arg, "--out") ? "folder" :
			"whole number in range");
		return 2;
	}

	bench_options_init(&opt, quick);
	if (reps)
		opt.reps = reps;
	if (have_warmup)
		opt.warmup = warmup;
	if (have_min)
		opt.min_seconds = min_ms ? min_ms / 1e3 : 1e-9;
	opt.outdir = outdir;
	if (!kstruct_entries(KSTRUCT_KIND_BENCH)) {
		fprintf(stderr, "kstruct bench: no subject is registered\n");
		return 1;
	}

	for (e = kstruct_entries(KSTRUCT_KIND_BENCH);
	     e && e->kind == KSTRUCT_KIND_BENCH; e = e->next) {
		int wanted = !nsubjects, ret, ret2;
		struct bench *b;

		for (i = 1; i < argc && !wanted; i++)
			if (!strcmp(argv[i], e->name) &&
			    (i == 1 || (strcmp(argv[i - 1], "--out") &&
					strcmp(argv[i - 1], "--reps") &&
					strcmp(argv[i - 1], "--warmup") &&
					strcmp(argv[i - 1], "--min-time"))))
				wanted = 1;
		if (!wanted)
			continue;
		b = bench_begin(e->name, &opt);
		if (!b) {
			fprintf(stderr, "kstruct bench %s: out of memory\n",
				e->name);
			return 1;
		}
		ret = e->bench(b);
		if (ret)
			fprintf(stderr, "kstruct bench %s: failed: %s\n",
				e->name, strerror(-ret));
		ret2 = bench_finish(b);
		if (ret2)
			fprintf(stderr, "kstruct bench %s: %s\n", e->name,
				strerror(-ret2));
		if (ret || ret2)
			status = 1;
		printf("\n");
	}
	return status;
}

KSTRUCT_COMMAND("bench", "the benchmarks (kstruct bench --help)", cmd_bench)
