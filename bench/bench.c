// SPDX-License-Identifier: MIT
/*
 * bench/bench.c - the benchmark harness (bench/bench.h) and the
 * "kstruct bench" command.
 *
 * Mirrors no kernel file: 2.5.33 had no benchmark harness.  It follows
 * the habits of liburcu's tests/benchmark (a fixed amount of work per
 * run, one summary line per case) and the rules docs/bench.md states
 * first: medians of repetitions after a warm-up, min and max beside
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
 * made, and written out by bench_finish() through bench/output.c (JSON,
 * CSV, gnuplot scripts and pictures, each starting with the run's
 * context).
 *
 * A ratio also records its spread: the lowest and the highest ratio the
 * repetitions allow (num's min / den's max, num's max / den's min).  When
 * that interval holds 1 the two cases were not told apart, and the ratio
 * is marked so wherever it is printed or written.  A quick run (--quick:
 * few repetitions, small sizes) says on stdout, in its files and on its
 * plots that it is not for publication.
 *
 * Errors: a bad spec or a failed allocation never crashes a subject:
 * bench_measure() then returns a zeroed "scratch" statistic and the run
 * remembers the error, which bench_finish() returns.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "bench/bench.h"
#include "bench/internal.h"
#include "compat/ktime.h"
#include "compat/slab.h"
#include "list/list.h"
#include "tools/cli.h"
#include "tools/kstruct.h"
#include "tools/outfile.h"

void bench_set_error(struct bench *b, int err)
{
	if (!b->error)
		b->error = err;
}

/*
 * After each table line: a stdout that no longer takes them stops the
 * run early (the error names stdout once, through outfile.c).
 */
static int bench_stdout_broken;

static void bench_flush(struct bench *b)
{
	if (!bench_stdout_broken && outfile_check_stdout("kstruct bench"))
		bench_stdout_broken = 1;
	if (bench_stdout_broken && !b->stdout_failed) {
		b->stdout_failed = 1;
		bench_set_error(b, -EIO);
	}
}

/* "2026-01-31T12:00:00Z" */
static void utc_now(char *buf, size_t size)
{
	time_t now = time(NULL);
	struct tm tm;

	if (!gmtime_r(&now, &tm) ||
	    !strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, size, "unknown");
}

static void load_average(double load[3])
{
	if (getloadavg(load, 3) != 3)
		load[0] = load[1] = load[2] = NAN;
}

/* the first "model name" (x86) or "Model"/"Hardware" line (arm) */
void bench_cpu_model(char *buf, size_t size)
{
	static const char *const keys[] = { "model name", "Model", "Hardware" };
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	unsigned int k;

	snprintf(buf, size, "unknown");
	if (!f)
		return;
	for (k = 0; k < ARRAY_SIZE(keys); k++) {
		size_t len = strlen(keys[k]);

		rewind(f);
		while (fgets(line, sizeof(line), f)) {
			char *v = line + len;

			if (strncmp(line, keys[k], len) || !strchr(v, ':'))
				continue;
			v = strchr(v, ':') + 1;
			v += strspn(v, " \t");
			v[strcspn(v, "\n")] = '\0';
			if (*v) {
				snprintf(buf, size, "%s", v);
				fclose(f);
				return;
			}
		}
	}
	fclose(f);
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
	qsort(samples, ARRAY_SIZE(samples), sizeof(samples[0]), compare_double);
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
	b->subject = kstrdup(subject, GFP_KERNEL);
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
		b->opt.long_run = opt->long_run;
	}
	INIT_LIST_HEAD(&b->records);
	INIT_LIST_HEAD(&b->axes);
	bench_cpu_model(b->ctx.cpu_model, sizeof(b->ctx.cpu_model));
	b->ctx.cpus = sysconf(_SC_NPROCESSORS_ONLN);
	utc_now(b->ctx.started, sizeof(b->ctx.started));
	load_average(b->ctx.load_start);
	b->progress = isatty(STDERR_FILENO);
	b->clock_ns = clock_overhead_ns();
	printf("==== bench: %s (%u repetitions after %u warm-up, >= %g ms each%s) ====\n",
	       subject, b->opt.reps, b->opt.warmup, b->opt.min_seconds * 1e3,
	       b->opt.quick ? ", quick" : "");
	printf("%s, %ld CPUs, %s, commit %s, load average %.2f\n",
	       b->ctx.cpu_model, b->ctx.cpus, BENCH_COMPILER,
	       KSTRUCT_BUILD_COMMIT, b->ctx.load_start[0]);
	if (b->opt.quick)
		printf("** %s **\n", BENCH_CAVEAT);
	bench_flush(b);
	return b;
}

int bench_quick(const struct bench *b)
{
	return b ? b->opt.quick : 0;
}

int bench_long(const struct bench *b)
{
	return b ? b->opt.long_run : 0;
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
		r->group = kstrdup(group, GFP_KERNEL);
		if (!r->group)
			goto err_free_record;
	}
	r->label = kstrdup(label ? label : "", GFP_KERNEL);
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
	printf("  %-34s %10s %10s %10s %10s  %s\n", "series", "x", "median",
	       "min", "max", "ns/op (reps x ops)");
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

		c->batch = want >= (double)BENCH_MAX_BATCH ?
				   BENCH_MAX_BATCH :
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
		r->stat.median_ns =
			(c->per_op[reps / 2 - 1] + c->per_op[reps / 2]) / 2;

	bench_group_header(b, r->group);
	printf("  %-34s %10g %10.3f %10.3f %10.3f  (%u x %lu)\n", r->label,
	       r->x, r->stat.median_ns, r->stat.min_ns, r->stat.max_ns,
	       r->stat.reps, r->stat.ops);
	bench_flush(b);
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
	if (b->stdout_failed)
		return -EIO;
	for (k = 0; k < n; k++)
		if (!bench_spec_valid(b, &specs[k]))
			return -EINVAL;
	cases = kcalloc(n ? n : 1, sizeof(*cases), GFP_KERNEL);
	if (!cases)
		goto err_nomem;
	for (k = 0; k < n; k++) {
		cases[k].spec = &specs[k];
		cases[k].per_op =
			kcalloc(b->opt.reps, sizeof(double), GFP_KERNEL);
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
			c->per_op[i] =
				bench_repetition(b, c->spec, c->batch) /
				((double)c->batch * (double)c->spec->ops);
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

/*
 * The lowest and the highest ratio @num / @den the repetitions allow,
 * NAN where a denominator is not above 0 or either case is unmeasured.
 */
static void ratio_spread(const struct bench_stat *num,
			 const struct bench_stat *den, double *low,
			 double *high)
{
	*low = *high = NAN;
	if (!num || !den || !num->reps || !den->reps)
		return;
	if (den->max_ns > 0)
		*low = num->min_ns / den->max_ns;
	if (den->min_ns > 0)
		*high = num->max_ns / den->min_ns;
}

enum bench_order bench_compare(const struct bench_stat *a,
			       const struct bench_stat *b, double *low,
			       double *high)
{
	double lo, hi;

	ratio_spread(a, b, &lo, &hi);
	if (low)
		*low = lo;
	if (high)
		*high = hi;
	if (isnan(lo) || isnan(hi) || straddles_one(lo, hi))
		return BENCH_NOT_SHOWN;
	return hi < 1 ? BENCH_FASTER : BENCH_SLOWER;
}

/* append to @buf (of @size, @len used) like snprintf; -ENOSPC once cut */
static int __attribute__((format(printf, 4, 5)))
append(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*len >= size - 1)
		return -ENOSPC;
	va_start(ap, fmt);
	n = vsnprintf(buf + *len, size - *len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -EINVAL;
	if ((size_t)n >= size - *len) {
		*len = size - 1;
		return -ENOSPC;
	}
	*len += (size_t)n;
	return 0;
}

int bench_crossover(char *buf, size_t size, const char *a_name,
		    const char *b_name, const char *unit,
		    const unsigned long *x, unsigned int nr,
		    const struct bench_stat *const *a,
		    const struct bench_stat *const *b)
{
	enum bench_order run = BENCH_NOT_SHOWN, v;
	unsigned int i, first = 0, last = 0, runs = 0, gaps = 0;
	size_t len = 0;
	int err = 0;

	if (!nr || !size)
		return -EINVAL;
	buf[0] = 0;
	/* i == nr closes the last run */
	for (i = 0; i <= nr && !err; i++) {
		v = i < nr ? bench_compare(a[i], b[i], NULL, NULL) :
			     BENCH_NOT_SHOWN;
		if (i < nr && v == BENCH_NOT_SHOWN) {
			gaps++;
			continue;
		}
		if (v == run && i < nr) {
			last = i;
			continue;
		}
		if (run != BENCH_NOT_SHOWN) {
			const char *order = run == BENCH_FASTER ? "faster" :
								  "slower";

			if (runs++)
				err = append(buf, size, &len, "; %s", order);
			else
				err = append(buf, size, &len,
					     "%s is %s than %s", a_name, order,
					     b_name);
			if (err)
				break;
			if (!gaps && first == 0 && last == nr - 1)
				err = append(buf, size, &len,
					     " at every N from %lu to %lu %s",
					     x[0], x[nr - 1], unit);
			else if (first == last)
				err = append(buf, size, &len, " at N = %lu %s",
					     x[first], unit);
			else
				err = append(buf, size, &len,
					     " from N = %lu to N = %lu %s",
					     x[first], x[last], unit);
		}
		run = v;
		first = last = i;
	}
	if (err)
		return err;
	if (!runs)
		return append(buf, size, &len,
			      "no difference was shown between %s and %s at "
			      "any N from %lu to %lu %s",
			      a_name, b_name, x[0], x[nr - 1], unit);
	if (!gaps)
		return 0;
	err = append(buf, size, &len, "; at N = ");
	for (i = 0, gaps = 0; i < nr && !err; i++)
		if (bench_compare(a[i], b[i], NULL, NULL) == BENCH_NOT_SHOWN)
			err = append(buf, size, &len, "%s%lu",
				     gaps++ ? ", " : "", x[i]);
	if (!err)
		err = append(buf, size, &len, " %s no difference was shown",
			     unit);
	return err;
}

void bench_note_crossover(struct bench *b, const char *what, const char *a_name,
			  const char *b_name, const char *unit,
			  const unsigned long *x, unsigned int nr,
			  const struct bench_stat *const *a,
			  const struct bench_stat *const *other)
{
	char text[1024];
	int err;

	err = bench_crossover(text, sizeof(text), a_name, b_name, unit, x, nr,
			      a, other);
	if (err == -EINVAL) {
		bench_set_error(b, err);
		return;
	}
	bench_note(b, "%s: crossover: %s%s", what, text, err ? " [cut]" : "");
}

double bench_ratio(struct bench *b, const char *group, const char *what,
		   double x, const struct bench_stat *num,
		   const struct bench_stat *den)
{
	double ratio = NAN, ratio_min = NAN, low, high;
	struct bench_record *r;

	ratio_spread(num, den, &low, &high);
	if (num && den && num->reps && den->reps) {
		if (den->median_ns > 0)
			ratio = num->median_ns / den->median_ns;
		if (den->min_ns > 0)
			ratio_min = num->min_ns / den->min_ns;
	}
	if (!b)
		return ratio;
	r = bench_add_record(b, BENCH_RECORD_RATIO, group ? group : "", what,
			     x);
	if (r) {
		r->value = ratio;
		r->value_min = ratio_min;
		r->low = low;
		r->high = high;
		bench_group_header(b, r->group);
	}
	printf("  ratio %-28s %10g %10.3fx   (of minimums %.3fx; spread %.3g..%.3gx%s)\n",
	       what ? what : "", x, ratio, ratio_min, low, high,
	       straddles_one(low, high) ? ": holds 1, no difference shown" :
					  "");
	bench_flush(b);
	return ratio;
}

void bench_value(struct bench *b, const char *group, const char *what, double x,
		 double value)
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
	bench_flush(b);
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
	bench_flush(b);
	bench_add_record(b, BENCH_RECORD_NOTE, NULL, text, 0);
	kfree(text);
}

/**
 * bench_axes() - what a group's x is and what one operation is
 * @b: the run
 * @group: the group
 * @x: what x counts, with its unit ("runnable tasks (N)")
 * @op: what one operation is ("enqueue+dequeue pair"); the plot's y axis
 *	reads "ns per @op"
 * @flags: BENCH_X_LINEAR for a linear x axis that shows x = 0 (orders,
 *	small counts); else x is drawn on a log scale
 *
 * Call it before or after the group's cases; a group without one is
 * plotted against "x" in "ns per operation".
 */
void bench_axes(struct bench *b, const char *group, const char *x,
		const char *op, unsigned int flags)
{
	struct bench_axes *a;

	if (!b || !group || !x || !op)
		return;
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a)
		goto err;
	a->group = kstrdup(group, GFP_KERNEL);
	a->x = kstrdup(x, GFP_KERNEL);
	a->op = kstrdup(op, GFP_KERNEL);
	a->flags = flags;
	if (!a->group || !a->x || !a->op)
		goto err_free;
	list_add_tail(&a->node, &b->axes);
	return;

err_free:
	kfree(a->group);
	kfree(a->x);
	kfree(a->op);
	kfree(a);
err:
	bench_set_error(b, -ENOMEM);
}

int bench_finish(struct bench *b)
{
	struct bench_record *r, *tmp;
	struct bench_axes *a, *next;
	int ret;

	if (!b)
		return -EINVAL;
	/* a run that failed writes nothing: its files would be incomplete */
	if (b->opt.outdir && !b->error) {
		utc_now(b->ctx.finished, sizeof(b->ctx.finished));
		load_average(b->ctx.load_end);
		bench_write_outputs(b);
	}
	bench_flush(b);
	ret = b->error;
	list_for_each_entry_safe(r, tmp, &b->records, node) {
		list_del(&r->node);
		bench_free_record(r);
	}
	list_for_each_entry_safe(a, next, &b->axes, node) {
		list_del(&a->node);
		kfree(a->group);
		kfree(a->x);
		kfree(a->op);
		kfree(a);
	}
	kfree(b->subject);
	kfree(b);
	return ret;
}

/* ------------------------------------------------------------------ */
/* kstruct bench                                                       */

#define WHO "kstruct bench"

static void bench_list_subjects(FILE *out)
{
	struct kstruct_entry *e;

	for (e = kstruct_entries(KSTRUCT_KIND_BENCH);
	     e && e->kind == KSTRUCT_KIND_BENCH; e = e->next)
		fprintf(out, "  %-10s %s\n", e->name, e->summary);
}

#define BENCH_MAX_REPS 100000u
#define BENCH_MAX_WARMUP 100000u
#define BENCH_MAX_MIN_MS 60000u

/* ------------------------------------------------------------------ */
/* tables for the docs, from a result file                             */

/* a figure as the docs print it: 3 significant digits, thousands apart */
static void put_figure(FILE *out, double v)
{
	char buf[64];

	if (!isfinite(v)) {
		fputs("-", out);
		return;
	}
	if (fabs(v) >= 1000 && fabs(v) < 1e15) {
		snprintf(buf, sizeof(buf), "%.0f", v);
		for (char *p = buf; *p; p++) {
			size_t left = strlen(p) - (*p == '-');

			if (*p != '-' && p != buf && left % 3 == 0 &&
			    p[-1] != '-')
				fputc(',', out);
			fputc(*p, out);
		}
		return;
	}
	fprintf(out, "%.3g", v);
}

static double json_num(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/*
 * bench_doc_table() - the records of @group in the result file @path as a
 * Markdown table, headed by the run's machine, compiler, commit and load
 * average: what scripts/bench-docs.sh puts between a page's markers.
 * Return: 0; 1 (said on stderr) when the file cannot be read or holds no
 * record of @group.
 */
/* the rows of @group (printed to @out unless it is NULL); Return: count */
static unsigned int doc_rows(json_t *root, const char *group, FILE *out)
{
	static const char *const kinds[] = { "cases", "values", "ratios" };
	unsigned int k, rows = 0;
	json_t *list, *r;
	size_t i;

	for (k = 0; k < 3; k++) {
		list = json_object_get(root, kinds[k]);
		json_array_foreach(list, i, r)
		{
			const char *g =
				json_string_value(json_object_get(r, "group"));
			const char *what = json_string_value(
				json_object_get(r, k ? "what" : "series"));

			if (!g || !what || strcmp(g, group))
				continue;
			rows++;
			if (!out)
				continue;
			fprintf(out, "| %s%s%s | ", k == 2 ? "ratio " : "",
				what, k == 0 ? ", ns per operation" : "");
			put_figure(out, json_num(r, "x"));
			fputs(" | ", out);
			put_figure(out, json_num(r, k == 0 ? "median_ns" :
						    k == 1 ? "value" :
							     "ratio"));
			fputs(" | ", out);
			put_figure(out, json_num(r, k == 0 ? "min_ns" :
						    k == 2 ? "ratio_low" :
							     "-"));
			fputs(" | ", out);
			put_figure(out, json_num(r, k == 0 ? "max_ns" :
						    k == 2 ? "ratio_high" :
							     "-"));
			fputs(" |\n", out);
		}
	}
	return rows;
}

/*
 * bench_doc_table() - the records of @group in the result file @path as a
 * Markdown table, headed by the run's machine, compiler, commit and load
 * average: what scripts/bench-docs.sh puts between a page's markers.
 * Return: 0; 1 (said on stderr) when the file cannot be read or holds no
 * record of @group.
 */
static int bench_doc_table(const char *path, const char *group, FILE *out)
{
	const json_t *m, *bld, *run, *load;
	json_error_t error;
	json_t *root;

	root = json_load_file(path, 0, &error);
	if (!root) {
		fprintf(stderr, "%s: %s: %s\n", WHO, path, error.text);
		return 1;
	}
	if (!doc_rows(root, group, NULL)) {
		fprintf(stderr, "%s: %s has no record of group \"%s\"\n", WHO,
			path, group);
		json_decref(root);
		return 1;
	}
	m = json_object_get(root, "machine");
	bld = json_object_get(root, "build");
	run = json_object_get(root, "run");
	load = json_array_get(json_object_get(run, "load_average_start"), 0);
	fprintf(out,
		"Measured on %s (%lld CPUs), %s, commit %s, load average %.2f at the start, %s",
		json_string_value(json_object_get(m, "cpu_model")) ?: "?",
		(long long)json_integer_value(json_object_get(m, "cpus")),
		json_string_value(json_object_get(bld, "compiler")) ?: "?",
		json_string_value(json_object_get(bld, "commit")) ?: "?",
		json_is_number(load) ? json_number_value(load) : NAN,
		json_string_value(json_object_get(run, "started")) ?: "?");
	fprintf(out, " (record `%s`).\n\n",
		strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
	fputs("| record | x | figure | min | max |\n|---|---|---|---|---|\n",
	      out);
	doc_rows(root, group, out);
	json_decref(root);
	return 0;
}

static void bench_usage(FILE *out)
{
	fprintf(out,
		"usage: kstruct bench [--quick] [--long] [--reps N] [--warmup N]\n"
		"                     [--min-time MS] [--out DIR] [--list] [SUBJECT...]\n"
		"\n"
		"Runs the benchmarks of each SUBJECT (all of them, in order, when none\n"
		"is named) and prints one table line per case as it finishes: the\n"
		"median, min and max nanoseconds per operation over the repetitions.\n"
		"Comparisons are ratios of medians measured in the same run; a ratio\n"
		"whose spread (min..max over the repetitions) holds 1 is marked: no\n"
		"difference was shown.\n"
		"\n"
		"options (numbers are decimal; --opt=VALUE works too):\n"
		"  --quick        smaller sizes and fewer repetitions (what CI runs);\n"
		"                 its results say they are not for publication\n"
		"  --long         the long runs too: sched-long times the simulator\n"
		"                 at a million tasks in windows spread over 1,000\n"
		"                 simulated seconds, each class in a child process\n"
		"                 whose peak RSS it reports, and sched-instr counts\n"
		"                 each class's instructions per event there under\n"
		"                 callgrind (CPU minutes; skipped without --long)\n"
		"  --reps N       timed repetitions per case (1..%u; default %u, quick %u)\n"
		"  --warmup N     untimed calls before them (0..%u; default %u, quick %u)\n"
		"  --min-time MS  a repetition shorter than this repeats its body\n"
		"                 (0..%u; default %g ms, quick %g ms); a case whose one\n"
		"                 call takes over %g ms runs at most %d repetitions\n"
		"  --out DIR      also write DIR/SUBJECT.json, DIR/SUBJECT.csv and a\n"
		"                 gnuplot script (and PNG, when gnuplot is installed)\n"
		"                 per group of cases with more than one x value; DIR\n"
		"                 is created and checked before anything runs, and a\n"
		"                 subject's files appear only when it succeeds\n"
		"  --list         list the subjects and exit\n"
		"  --table FILE GROUP\n"
		"                 print GROUP's records in the result file FILE (a\n"
		"                 SUBJECT.json of --out) as a Markdown table headed by\n"
		"                 the machine, compiler, commit and load average, and\n"
		"                 exit (scripts/bench-docs.sh fills docs/ with them)\n"
		"  -h, --help     this text\n"
		"\n"
		"subjects:\n",
		BENCH_MAX_REPS, BENCH_DEFAULT_REPS, BENCH_QUICK_REPS,
		BENCH_MAX_WARMUP, BENCH_DEFAULT_WARMUP, BENCH_QUICK_WARMUP,
		BENCH_MAX_MIN_MS, BENCH_DEFAULT_MIN_SEC * 1e3,
		BENCH_QUICK_MIN_SEC * 1e3, BENCH_LONG_CALL_SEC * 1e3,
		BENCH_LONG_REPS);
	bench_list_subjects(out);
}

enum {
	OPT_QUICK = 256,
	OPT_REPS,
	OPT_WARMUP,
	OPT_MIN_TIME,
	OPT_OUT,
	OPT_LIST,
	OPT_LONG,
	OPT_TABLE
};

static const struct option bench_long_options[] = {
	{ "quick", no_argument, NULL, OPT_QUICK },
	{ "long", no_argument, NULL, OPT_LONG },
	{ "table", required_argument, NULL, OPT_TABLE },
	{ "reps", required_argument, NULL, OPT_REPS },
	{ "warmup", required_argument, NULL, OPT_WARMUP },
	{ "min-time", required_argument, NULL, OPT_MIN_TIME },
	{ "out", required_argument, NULL, OPT_OUT },
	{ "list", no_argument, NULL, OPT_LIST },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* Return: -1 to go on, else the exit status */
static int bench_parse_args(int argc, char **argv, struct bench_options *opt)
{
	unsigned long long reps = 0, warmup = 0, min_ms = 0;
	int c, quick = 0, long_run = 0, have_warmup = 0, have_min = 0, i;
	const char *outdir = NULL;

	optind = 0; /* GNU: full reset, the tool may parse twice */
	while ((c = getopt_long(argc, argv, "h", bench_long_options, NULL)) !=
	       -1) {
		switch (c) {
		case OPT_QUICK:
			quick = 1;
			break;
		case OPT_LONG:
			long_run = 1;
			break;
		case OPT_TABLE:
			if (optind >= argc) {
				fprintf(stderr, "%s: --table FILE GROUP\n",
					WHO);
				return 2;
			}
			if (bench_doc_table(optarg, argv[optind], stdout))
				return 1;
			return outfile_check_stdout(WHO) ? 1 : 0;
		case OPT_REPS:
			if (cli_number(WHO, "--reps", optarg, 1, BENCH_MAX_REPS,
				       &reps))
				return 2;
			break;
		case OPT_WARMUP:
			if (cli_number(WHO, "--warmup", optarg, 0,
				       BENCH_MAX_WARMUP, &warmup))
				return 2;
			have_warmup = 1;
			break;
		case OPT_MIN_TIME:
			if (cli_number(WHO, "--min-time", optarg, 0,
				       BENCH_MAX_MIN_MS, &min_ms))
				return 2;
			have_min = 1;
			break;
		case OPT_OUT:
			if (!*optarg) {
				fprintf(stderr, "%s: --out needs a folder\n",
					WHO);
				return 2;
			}
			outdir = optarg;
			break;
		case OPT_LIST:
			bench_list_subjects(stdout);
			return outfile_check_stdout(WHO) ? 1 : 0;
		case 'h':
			bench_usage(stdout);
			return outfile_check_stdout(WHO) ? 1 : 0;
		default:
			fprintf(stderr, "%s: try --help\n", WHO);
			return 2;
		}
	}
	for (i = optind; i < argc; i++) {
		if (!kstruct_find(KSTRUCT_KIND_BENCH, argv[i])) {
			fprintf(stderr, "%s: no subject '%s'; subjects are:\n",
				WHO, argv[i]);
			bench_list_subjects(stderr);
			return 2;
		}
	}
	bench_options_init(opt, quick);
	if (reps)
		opt->reps = reps;
	if (have_warmup)
		opt->warmup = warmup;
	if (have_min)
		opt->min_seconds = min_ms ? min_ms / 1e3 : 1e-9;
	opt->outdir = outdir;
	opt->long_run = long_run;
	return -1;
}

int cmd_bench(int argc, char **argv)
{
	struct bench_options opt;
	struct kstruct_entry *e;
	int i, ret, status = 0;

	ret = bench_parse_args(argc, argv, &opt);
	if (ret >= 0)
		return ret;
	bench_stdout_broken = 0;
	if (!kstruct_entries(KSTRUCT_KIND_BENCH)) {
		fprintf(stderr, "%s: no subject is registered\n", WHO);
		return 1;
	}
	/* a folder the results cannot go to: say so before running anything */
	if (opt.outdir) {
		ret = bench_check_outdir(opt.outdir);
		if (ret) {
			fprintf(stderr, "%s: --out %s: %s\n", WHO, opt.outdir,
				strerror(-ret));
			return 2;
		}
	}

	for (e = kstruct_entries(KSTRUCT_KIND_BENCH);
	     e && e->kind == KSTRUCT_KIND_BENCH; e = e->next) {
		int wanted = optind >= argc, ret2;
		struct bench *b;

		for (i = optind; i < argc && !wanted; i++)
			if (!strcmp(argv[i], e->name))
				wanted = 1;
		if (!wanted)
			continue;
		b = bench_begin(e->name, &opt);
		if (!b) {
			fprintf(stderr, "%s %s: out of memory\n", WHO, e->name);
			return 1;
		}
		ret = e->bench(b);
		if (ret) {
			if (!b->stdout_failed)
				fprintf(stderr, "%s %s: failed: %s\n", WHO,
					e->name, strerror(-ret));
			bench_set_error(b, ret);
		}
		ret2 = bench_finish(b);
		if (ret2 && !ret && ret2 != -EIO)
			fprintf(stderr, "%s %s: %s\n", WHO, e->name,
				strerror(-ret2));
		if (ret || ret2)
			status = 1;
		printf("\n");
		/* stdout refused the tables: running on would be for nothing */
		if (bench_stdout_broken)
			return 1;
	}
	if (opt.quick)
		printf("** %s **\n", BENCH_CAVEAT);
	if (!status && outfile_check_stdout(WHO))
		status = 1;
	return status;
}

KSTRUCT_COMMAND("bench", "the benchmarks (kstruct bench --help)", cmd_bench)
