// SPDX-License-Identifier: MIT
/*
 * tests/bench/test_bench.c - the benchmark harness, bench/bench.c, and
 * the result files it has bench/output.c write.
 *
 * The harness comes from the tools library with the tool's registry
 * (tools/registry.c); of the benchmark subjects only this file's "fake"
 * is linked, so "kstruct bench", run here through cmd_bench(), runs that
 * one.  bench/internal.h gives the harness's insides to look at.
 *
 * No test here measures speed: they check what the harness does - how
 * many times it calls a case's functions and in which order, the
 * statistics it derives, the files it writes (parsed back with jansson),
 * its errors, and that a failed allocation at any point is reported and
 * leaks nothing.  The minimum repetition time is set to 1 ns wherever a
 * call count must be exact, which makes the batch one call whatever the
 * machine's speed.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "bench/bench.h"
#include "bench/internal.h"
#include "compat/compiler.h"
#include "compat/ktime.h"
#include "compat/slab.h"
#include "list/list.h"
#include "tests/child.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/tmpdir.h"
#include "tools/kstruct.h"

/* ------------------------------------------------------------------ */
/* helpers                                                             */

/* the harness prints its tables on stdout: keep them out of CUnit's */
static int saved_stdout = -1;

static void quiet(void)
{
	int null = open("/dev/null", O_WRONLY);

	fflush(stdout);
	saved_stdout = dup(STDOUT_FILENO);
	if (null >= 0) {
		dup2(null, STDOUT_FILENO);
		close(null);
	}
}

static void loud(void)
{
	fflush(stdout);
	if (saved_stdout >= 0) {
		dup2(saved_stdout, STDOUT_FILENO);
		close(saved_stdout);
		saved_stdout = -1;
	}
}

/* options that make every batch a single call */
static struct bench_options exact_options(unsigned int reps,
					  unsigned int warmup)
{
	struct bench_options opt;

	bench_options_init(&opt, 0);
	opt.reps = reps;
	opt.warmup = warmup;
	opt.min_seconds = 1e-9;
	return opt;
}

/* a case that logs each call of its functions */
struct probe {
	char name; /* written to the log by fn */
	unsigned long setups, calls, teardowns;
	int setup_pending; /* setup ran and fn has not yet */
	int order_ok; /* setup, fn, teardown always in that order */
	char *log; /* shared log of fn calls, or NULL */
	size_t *log_len;
	size_t log_size;
};

static void probe_setup(void *arg)
{
	struct probe *p = arg;

	p->setups++;
	if (p->setup_pending)
		p->order_ok = 0;
	p->setup_pending = 1;
}

static void probe_fn(void *arg)
{
	struct probe *p = arg;

	p->calls++;
	if (p->log && *p->log_len + 1 < p->log_size) {
		p->log[(*p->log_len)++] = p->name;
		p->log[*p->log_len] = '\0';
	}
}

static void probe_fn_after_setup(void *arg)
{
	struct probe *p = arg;

	if (!p->setup_pending)
		p->order_ok = 0;
	p->setup_pending = 0;
	probe_fn(arg);
}

static void probe_teardown(void *arg)
{
	struct probe *p = arg;

	if (p->setup_pending)
		p->order_ok = 0;
	p->teardowns++;
}

static void stat_sane(const struct bench_stat *st)
{
	CU_ASSERT_PTR_NOT_NULL_FATAL(st);
	CU_ASSERT(st->min_ns >= 0);
	CU_ASSERT(st->min_ns <= st->median_ns);
	CU_ASSERT(st->median_ns <= st->max_ns);
}

/* ------------------------------------------------------------------ */
/* measuring                                                           */

static void test_measure_calls_setup_fn_teardown(void)
{
	struct bench_options opt = exact_options(4, 2);
	struct probe p = { .name = 'a', .order_ok = 1 };
	struct bench_spec spec = {
		.group = "g",
		.series = "s",
		.ops = 7,
		.setup = probe_setup,
		.fn = probe_fn_after_setup,
		.teardown = probe_teardown,
		.arg = &p,
	};
	const struct bench_stat *st;
	struct bench *b;

	quiet();
	b = bench_begin("probe", &opt);
	st = b ? bench_measure(b, &spec) : NULL;
	loud();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	stat_sane(st);
	/* two warm-up calls, then four repetitions of one call each */
	CU_ASSERT_EQUAL(p.calls, 6);
	CU_ASSERT_EQUAL(p.setups, 6);
	CU_ASSERT_EQUAL(p.teardowns, 6);
	CU_ASSERT(p.order_ok);
	CU_ASSERT_EQUAL(st->reps, 4);
	CU_ASSERT_EQUAL(st->ops, 7);
	quiet();
	CU_ASSERT_EQUAL(bench_finish(b), 0);
	loud();
}

static void test_measure_batches_short_bodies(void)
{
	struct bench_options opt;
	struct probe p = { .name = 'a' };
	struct bench_spec spec = {
		.group = "g",
		.series = "s",
		.ops = 3,
		.fn = probe_fn,
		.arg = &p,
	};
	const struct bench_stat *st;
	unsigned long batch;
	struct bench *b;

	bench_options_init(&opt, 0);
	opt.reps = 3;
	opt.warmup = 1;
	opt.min_seconds = 1e-3; /* far longer than one empty call */
	quiet();
	b = bench_begin("batch", &opt);
	st = b ? bench_measure(b, &spec) : NULL;
	loud();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	stat_sane(st);
	CU_ASSERT_EQUAL(st->ops % 3, 0);
	batch = st->ops / 3;
	CU_ASSERT(batch > 1);
	CU_ASSERT(batch <= BENCH_MAX_BATCH);
	CU_ASSERT_EQUAL(p.calls, 1 + 3 * batch);
	quiet();
	CU_ASSERT_EQUAL(bench_finish(b), 0);
	loud();
}

/* a setup that takes at least a millisecond */
static void slow_setup(void *arg)
{
	uint64_t start = ktime_get_ns();

	(void)arg;
	while (ktime_get_ns() - start < NSEC_PER_MSEC)
		;
}

static void test_measure_batch_counts_setup_time(void)
{
	struct bench_options opt;
	struct probe p = { .name = 'a' };
	struct bench_spec spec = {
		.group = "g",
		.series = "s",
		.ops = 1,
		.setup = slow_setup,
		.fn = probe_fn,
		.arg = &p,
	};
	const struct bench_stat *st;
	struct bench *b;

	bench_options_init(&opt, 0);
	opt.reps = 2;
	opt.warmup = 1;
	opt.min_seconds = 2e-3;
	quiet();
	b = bench_begin("slow setup", &opt);
	st = b ? bench_measure(b, &spec) : NULL;
	loud();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	stat_sane(st);
	/* each call costs >= 1 ms with its setup: at most 2 per repetition */
	CU_ASSERT(st->ops >= 1 && st->ops <= 2);
	CU_ASSERT_EQUAL(p.calls, 1 + 2 * st->ops);
	quiet();
	CU_ASSERT_EQUAL(bench_finish(b), 0);
	loud();
}

static void test_measure_zero_warmup_still_calibrates(void)
{
	struct bench_options opt = exact_options(2, 0);
	struct probe p = { .name = 'a' };
	struct bench_spec spec = {
		.group = "g",
		.series = "s",
		.ops = 1,
		.fn = probe_fn,
		.arg = &p,
	};
	struct bench *b;

	quiet();
	b = bench_begin("zero", &opt);
	if (b)
		bench_measure(b, &spec);
	loud();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(p.calls, 1 + 2);
	quiet();
	CU_ASSERT_EQUAL(bench_finish(b), 0);
	loud();
}

static void test_measure_set_interleaves(void)
{
	struct bench_options opt = exact_options(3, 1);
	char log[64] = "";
	size_t len = 0;
	struct probe p[3] = {
		{ .name = 'A', .log = log, .log_len = &len, .log_size = 64 },
		{ .name = 'B', .log = log, .log_len = &len, .log_size = 64 },
		{ .name = 'C', .log = log, .log_len = &len, .log_size = 64 },
	};
	struct bench_spec spec[3];
	const struct bench_stat *st[3] = { NULL, NULL, NULL };
	struct bench *b;
	int i;

	memset(spec, 0, sizeof(spec));
	for (i = 0; i < 3; i++) {
		spec[i].group = "set";
		spec[i].series = (const char *[]){ "a", "b", "c" }[i];
		spec[i].ops = 1;
		spec[i].fn = probe_fn;
		spec[i].arg = &p[i];
	}
	quiet();
	b = bench_begin("set", &opt);
	CU_ASSERT_EQUAL(b ? bench_measure_set(b, spec, 3, st) : -1, 0);
	loud();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	/* each warms up in turn, then the repetitions go round */
	CU_ASSERT_STRING_EQUAL(log, "ABC"
				    "ABC"
				    "ABC"
				    "ABC");
	for (i = 0; i < 3; i++) {
		stat_sane(st[i]);
		CU_ASSERT_EQUAL(st[i]->reps, 3);
	}
	CU_ASSERT(st[0] != st[1] && st[1] != st[2]);
	quiet();
	CU_ASSERT_EQUAL(bench_finish(b), 0);
	loud();
}

static void test_bad_spec_is_an_error_not_a_crash(void)
{
	struct bench_options opt = exact_options(2, 1);
	struct probe p = { .name = 'a' };
	struct bench_spec good = {
		.group = "g",
		.series = "s",
		.ops = 1,
		.fn = probe_fn,
		.arg = &p,
	};
	struct bench_spec bad[4];
	const struct bench_stat *st, *two[2];
	struct bench *b;
	int i;

	for (i = 0; i < 4; i++)
		bad[i] = good;
	bad[0].fn = NULL;
	bad[1].ops = 0;
	bad[2].group = NULL;
	bad[3].series = NULL;

	CU_ASSERT_PTR_NULL(bench_measure(NULL, &good));
	CU_ASSERT_EQUAL(bench_measure_set(NULL, &good, 1, two), -EINVAL);
	quiet();
	b = bench_begin("bad", &opt);
	loud();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	for (i = 0; i < 4; i++) {
		quiet();
		st = bench_measure(b, &bad[i]);
		loud();
		CU_ASSERT_PTR_NOT_NULL(st);
		CU_ASSERT_EQUAL(st->reps, 0);
		CU_ASSERT_EQUAL(st->median_ns, 0);
	}
	/* one bad case in a set: nothing of the set runs */
	bad[0] = good;
	bad[1].ops = 0;
	quiet();
	CU_ASSERT_EQUAL(bench_measure_set(b, bad, 2, two), -EINVAL);
	loud();
	CU_ASSERT_EQUAL(p.calls, 0);
	CU_ASSERT_EQUAL(two[0]->reps, 0);
	CU_ASSERT_EQUAL(two[1]->reps, 0);
	quiet();
	CU_ASSERT_EQUAL(bench_finish(b), -EINVAL);
	loud();
	CU_ASSERT_EQUAL(bench_finish(NULL), -EINVAL);
	CU_ASSERT_PTR_NULL(bench_begin(NULL, &opt));
}

/*
 * A run remembers an earlier failure (bench_finish() returns it), but a
 * later bench_measure_set() that records all its cases still returns 0:
 * the subject must not give up on a measurement that worked.
 */
static void test_measure_set_after_earlier_failure(void)
{
	struct bench_options opt = exact_options(2, 1);
	struct probe p = { .name = 'a' };
	struct bench_spec spec = {
		.group = "g",
		.series = "s",
		.ops = 1,
		.fn = probe_fn,
		.arg = &p,
	};
	const struct bench_stat *st = NULL;
	unsigned long fired;
	struct bench *b;
	int ret;

	quiet();
	b = bench_begin("earlier", &opt);
	loud();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	fired = kmalloc_fault_fired();
	kmalloc_fail_nth(1);
	quiet();
	bench_note(b, "a note that cannot be kept");
	loud();
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(kmalloc_fault_fired(), fired + 1);
	quiet();
	ret = bench_measure_set(b, &spec, 1, &st);
	loud();
	CU_ASSERT_EQUAL(ret, 0);
	stat_sane(st);
	CU_ASSERT_EQUAL(st->reps, 2);
	CU_ASSERT_EQUAL(p.calls, 1 + 2);
	quiet();
	CU_ASSERT_EQUAL(bench_finish(b), -ENOMEM);
	loud();
}

static void test_ratio(void)
{
	struct bench_stat num = {
		.median_ns = 3, .min_ns = 2, .max_ns = 4, .reps = 5, .ops = 1
	};
	struct bench_stat den = {
		.median_ns = 2, .min_ns = 1, .max_ns = 2, .reps = 5, .ops = 1
	};
	struct bench_stat zero = { .reps = 5, .ops = 1 };
	struct bench_stat unmeasured = { .median_ns = 1, .min_ns = 1 };
	struct bench_options opt = exact_options(1, 0);
	struct bench_record *r;
	struct bench *b;

	quiet();
	b = bench_begin("ratio", &opt);
	loud();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	quiet();
	CU_ASSERT_DOUBLE_EQUAL(bench_ratio(b, "g", "n/d", 1, &num, &den), 1.5,
			       1e-12);
	CU_ASSERT(isnan(bench_ratio(b, "g", "n/0", 1, &num, &zero)));
	CU_ASSERT(isnan(bench_ratio(b, "g", "n/u", 1, &num, &unmeasured)));
	CU_ASSERT(isnan(bench_ratio(b, "g", "n/NULL", 1, &num, NULL)));
	loud();
	CU_ASSERT_DOUBLE_EQUAL(bench_ratio(NULL, "g", "x", 1, &num, &den), 1.5,
			       1e-12);
	r = list_first_entry(&b->records, struct bench_record, node);
	CU_ASSERT_EQUAL(r->kind, BENCH_RECORD_RATIO);
	CU_ASSERT_DOUBLE_EQUAL(r->value_min, 2.0, 1e-12);
	CU_ASSERT_EQUAL(list_count_nodes(&b->records), 4);
	quiet();
	CU_ASSERT_EQUAL(bench_finish(b), 0);
	loud();
}

/* ------------------------------------------------------------------ */
/* output files                                                        */

static char outdir[64];

static int make_outdir(void)
{
	return tmpdir_make(outdir, "bench");
}

static void remove_outdir(void)
{
	tmpdir_remove(outdir);
}

static int exists(const char *name)
{
	char path[320];

	snprintf(path, sizeof(path), "%s/%s", outdir, name);
	return access(path, F_OK) == 0;
}

/* the entries of the output folder, temporary files included */
static int count_files(void)
{
	return tmpdir_count(outdir);
}

/* a whole file as a string (free() it), or NULL */
static char *read_text(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t len = 0;
	long size;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0) {
		rewind(f);
		text = malloc((size_t)size + 1);
		if (text) {
			len = fread(text, 1, (size_t)size, f);
			text[len] = '\0';
		}
	}
	fclose(f);
	return text;
}

/* a folder holding a "gnuplot" shell script whose body is @body */
static int fake_gnuplot(char *bin, const char *body)
{
	char path[128];
	FILE *f;

	strcpy(bin, "/tmp/kstruct-test-bin-XXXXXX");
	if (!mkdtemp(bin))
		return -1;
	snprintf(path, 128, "%s/gnuplot", bin);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "#!/bin/sh\n%s\n", body);
	fclose(f);
	return chmod(path, 0755);
}

static void remove_fake_gnuplot(const char *bin)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/gnuplot", bin);
	unlink(path);
	rmdir(bin);
}

/* stdout into a temporary file until captured_stdout() */
static FILE *capture;

static void capture_stdout(void)
{
	fflush(stdout);
	capture = tmpfile();
	saved_stdout = dup(STDOUT_FILENO);
	if (capture)
		dup2(fileno(capture), STDOUT_FILENO);
}

static char *captured_stdout(void)
{
	char *text = NULL;
	long size;

	fflush(stdout);
	dup2(saved_stdout, STDOUT_FILENO);
	close(saved_stdout);
	saved_stdout = -1;
	if (!capture)
		return NULL;
	size = ftell(capture);
	rewind(capture);
	text = size >= 0 ? malloc((size_t)size + 1) : NULL;
	if (text)
		text[fread(text, 1, (size_t)size, capture)] = '\0';
	fclose(capture);
	return text;
}

static const char nasty[] = "quote\" back\\slash\nnew\tline,comma \x01 é";

/*
 * Two groups: "curve" has two x values (a plot), "point" one (none);
 * "order" is plotted on a linear axis from x = 0.
 */
static int write_sample_run(const char *path_env, int quick)
{
	struct bench_options opt = exact_options(3, 1);
	struct probe p = { .name = 'a' };
	struct bench_spec spec = {
		.group = "curve",
		.series = nasty,
		.ops = 2,
		.fn = probe_fn,
		.arg = &p,
	};
	const struct bench_stat *s1, *s2;
	const char *path = getenv("PATH");
	char saved[4096];
	struct bench *b;
	int ret;

	snprintf(saved, sizeof(saved), "%s", path ? path : "");

	opt.outdir = outdir;
	opt.quick = quick;
	if (path_env)
		setenv("PATH", path_env, 1);
	quiet();
	b = bench_begin("sample", &opt);
	if (!b) {
		ret = -ENOMEM;
		goto out;
	}
	bench_axes(b, "curve", "things (N)", "thing", 0);
	bench_axes(b, "order", "order (2^order)", "block", BENCH_X_LINEAR);
	spec.x = 10;
	s1 = bench_measure(b, &spec);
	spec.x = 100;
	s2 = bench_measure(b, &spec);
	spec.group = "point";
	spec.series = "only";
	spec.x = 5;
	bench_measure(b, &spec);
	spec.group = "order";
	spec.series = "by order";
	spec.x = 0;
	bench_measure(b, &spec);
	spec.x = 1;
	bench_measure(b, &spec);
	bench_ratio(b, "curve", nasty, 100, s2, s1);
	bench_value(b, "point", "bytes", 5, 4096);
	bench_note(b, "a note with %s", nasty);
	ret = bench_finish(b);
out:
	loud();
	if (path_env)
		setenv("PATH", saved, 1);
	return ret;
}

static void test_json_output(void)
{
	json_t *root, *cases, *ratios, *values, *notes, *c;
	json_error_t error;
	char path[256];
	size_t i;

	CU_ASSERT_FATAL(make_outdir() == 0);
	CU_ASSERT_EQUAL(write_sample_run("/nonexistent", 0), 0);
	snprintf(path, sizeof(path), "%s/sample.json", outdir);
	root = json_load_file(path, 0, &error);
	CU_ASSERT_PTR_NOT_NULL(root);
	if (!root)
		goto out;
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(root, "subject")), "sample");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(
				json_object_get(root, "options"), "reps")),
			3);
	cases = json_object_get(root, "cases");
	ratios = json_object_get(root, "ratios");
	values = json_object_get(root, "values");
	notes = json_object_get(root, "notes");
	CU_ASSERT_EQUAL(json_array_size(cases), 5);
	CU_ASSERT_EQUAL(json_array_size(ratios), 1);
	CU_ASSERT_EQUAL(json_array_size(values), 1);
	CU_ASSERT_EQUAL(json_array_size(notes), 1);
	json_array_foreach(cases, i, c)
	{
		double median =
			json_number_value(json_object_get(c, "median_ns"));

		CU_ASSERT(json_number_value(json_object_get(c, "min_ns")) <=
			  median);
		CU_ASSERT(median <=
			  json_number_value(json_object_get(c, "max_ns")));
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(c, "ops")),
				2);
	}
	/* strings come back exactly, whatever they hold */
	c = json_array_get(cases, 0);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c, "series")),
			       nasty);
	CU_ASSERT_EQUAL(json_number_value(json_object_get(c, "x")), 10);
	c = json_array_get(ratios, 0);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c, "what")),
			       nasty);
	CU_ASSERT(json_is_number(json_object_get(c, "ratio")));
	CU_ASSERT(json_is_number(json_object_get(c, "ratio_of_min")));
	CU_ASSERT(json_is_number(json_object_get(c, "ratio_low")));
	CU_ASSERT(json_is_number(json_object_get(c, "ratio_high")));
	CU_ASSERT(json_is_boolean(json_object_get(c, "straddles_one")));
	CU_ASSERT(json_is_null(json_object_get(root, "caveat")));
	/* the groups' axes, in the order they were given */
	c = json_array_get(json_object_get(root, "groups"), 1);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(root, "groups")), 2);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c, "x")),
			       "order (2^order)");
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c, "x_axis")),
			       "linear");
	c = json_array_get(values, 0);
	CU_ASSERT_EQUAL(json_number_value(json_object_get(c, "value")), 4096);
	CU_ASSERT_NSTRING_EQUAL(json_string_value(json_array_get(notes, 0)),
				"a note with quote\"", 18);
	json_decref(root);
out:
	remove_outdir();
}

/* split one CSV record (RFC 4180 quoting); returns the number of fields */
static int csv_split(FILE *f, char fields[][128], int max)
{
	int n = 0, quoted = 0, ch;
	size_t len = 0;

	while ((ch = fgetc(f)) != EOF) {
		if (quoted) {
			if (ch == '"') {
				ch = fgetc(f);
				if (ch != '"') {
					quoted = 0;
					ungetc(ch, f);
					continue;
				}
			}
		} else if (ch == '"') {
			quoted = 1;
			continue;
		} else if (ch == ',' || ch == '\n') {
			if (n < max) {
				fields[n][len] = '\0';
				n++;
			}
			len = 0;
			if (ch == '\n')
				return n;
			continue;
		}
		if (n < max && len + 1 < sizeof(fields[0]))
			fields[n][len++] = (char)ch;
	}
	return n;
}

static void test_csv_output(void)
{
	char fields[20][128], path[256];
	int rows = 0, n, cases = 0, ratios = 0, meta = 0;
	FILE *f;

	CU_ASSERT_FATAL(make_outdir() == 0);
	CU_ASSERT_EQUAL(write_sample_run("/nonexistent", 0), 0);
	snprintf(path, sizeof(path), "%s/sample.csv", outdir);
	f = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL(f);
	if (!f)
		goto out;
	n = csv_split(f, fields, 20);
	CU_ASSERT_EQUAL(n, 15);
	CU_ASSERT_STRING_EQUAL(fields[0], "subject");
	CU_ASSERT_STRING_EQUAL(fields[11], "ratio_of_min");
	CU_ASSERT_STRING_EQUAL(fields[14], "straddles_one");
	while ((n = csv_split(f, fields, 20)) > 0) {
		rows++;
		CU_ASSERT_EQUAL(n, 15);
		CU_ASSERT_STRING_EQUAL(fields[0], "sample");
		if (!strcmp(fields[1], "meta")) {
			/* the context comes first, before any result */
			CU_ASSERT_EQUAL(rows, meta + 1);
			CU_ASSERT(fields[3][0] != '\0');
			meta++;
		} else if (!strcmp(fields[1], "case")) {
			cases++;
			if (cases == 1)
				CU_ASSERT_STRING_EQUAL(fields[3], nasty);
			CU_ASSERT_STRING_EQUAL(fields[8], "3");
		} else if (!strcmp(fields[1], "ratio")) {
			ratios++;
			CU_ASSERT_STRING_EQUAL(fields[3], nasty);
			CU_ASSERT(fields[10][0] != '\0');
			CU_ASSERT(fields[12][0] != '\0');
			CU_ASSERT(fields[13][0] != '\0');
			CU_ASSERT(!strcmp(fields[14], "0") ||
				  !strcmp(fields[14], "1"));
		}
	}
	/* 9 context rows, 5 cases, a ratio, a value, a note */
	CU_ASSERT_EQUAL(meta, 9);
	CU_ASSERT_EQUAL(rows, 9 + 8);
	CU_ASSERT_EQUAL(cases, 5);
	CU_ASSERT_EQUAL(ratios, 1);
	fclose(f);
out:
	remove_outdir();
}

static void test_plots_without_gnuplot(void)
{
	CU_ASSERT_FATAL(make_outdir() == 0);
	CU_ASSERT_EQUAL(write_sample_run("/nonexistent", 0), 0);
	/* a script for the group with two x values, none for the other */
	CU_ASSERT(exists("sample-curve.gp"));
	CU_ASSERT(!exists("sample-curve.png"));
	CU_ASSERT(!exists("sample-point.gp"));
	remove_outdir();
}

static void test_plots_with_gnuplot(void)
{
	int gnuplot = bench_have_gnuplot();

	CU_ASSERT_FATAL(make_outdir() == 0);
	CU_ASSERT_EQUAL(write_sample_run(NULL, 0), 0);
	CU_ASSERT(exists("sample-curve.gp"));
	/* the picture exists exactly when gnuplot is installed */
	CU_ASSERT_EQUAL(exists("sample-curve.png"), gnuplot);
	remove_outdir();
}

/* the plots' axes: named by bench_axes(), order 0 kept on a linear axis */
static void test_plot_axes(void)
{
	char path[256], *gp;

	CU_ASSERT_FATAL(make_outdir() == 0);
	CU_ASSERT_EQUAL(write_sample_run("/nonexistent", 0), 0);
	snprintf(path, sizeof(path), "%s/sample-curve.gp", outdir);
	gp = read_text(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set xlabel 'things (N)'\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set ylabel 'time per ' . 'thing'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set logscale x\n"));
	/* a tick at each x measured, and times with their unit */
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set xtics ('10' 10, '100' 100)\n"));
	/*
	 * the probe's time is measured: ns here, but under valgrind it can
	 * reach microseconds; whichever unit, it is named
	 */
	CU_ASSERT(strstr(gp, " ns' ") || strstr(gp, " \u00b5s' ") ||
		  strstr(gp, " ms' "));
	/* every series its own colour, dash type and point type */
	CU_ASSERT_PTR_NOT_NULL(
		strstr(gp, "set linetype 1 lc rgb '#0072B2' lw 2 dt 1 pt 7"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(gp, "set linetype 2 lc rgb '#D55E00' lw 2 dt 2 pt 5"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "with yerrorlines ls 1 title"));
	CU_ASSERT_PTR_NULL(strstr(gp, "not for publication"));
	free(gp);
	snprintf(path, sizeof(path), "%s/sample-order.gp", outdir);
	gp = read_text(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	CU_ASSERT_PTR_NULL(strstr(gp, "set logscale x"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set xrange [-0.5:1.5]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set xtics ('0' 0, '1' 1)\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set xlabel 'order (2^order)'\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "\n0 ")); /* order 0 is drawn */
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "\n1 "));
	free(gp);
	remove_outdir();
}

/*
 * The style lists give every one of the first twelve series a colour of
 * its own, and no two series of all sixty the same (colour, dash, point).
 */
/* tick labels: counts in k and M when exact, times in their unit */
static void test_tick_labels(void)
{
	char buf[32];

	bench_label_count(buf, sizeof(buf), 30);
	CU_ASSERT_STRING_EQUAL(buf, "30");
	bench_label_count(buf, sizeof(buf), 8192);
	CU_ASSERT_STRING_EQUAL(buf, "8192");
	bench_label_count(buf, sizeof(buf), 30000);
	CU_ASSERT_STRING_EQUAL(buf, "30k");
	bench_label_count(buf, sizeof(buf), 1e7);
	CU_ASSERT_STRING_EQUAL(buf, "10M");
	bench_label_time(buf, sizeof(buf), 0.5);
	CU_ASSERT_STRING_EQUAL(buf, "0.5 ns");
	bench_label_time(buf, sizeof(buf), 200);
	CU_ASSERT_STRING_EQUAL(buf, "200 ns");
	bench_label_time(buf, sizeof(buf), 2000);
	CU_ASSERT_STRING_EQUAL(buf, "2 \u00b5s");
	bench_label_time(buf, sizeof(buf), 5e6);
	CU_ASSERT_STRING_EQUAL(buf, "5 ms");
	bench_label_time(buf, sizeof(buf), 1e10);
	CU_ASSERT_STRING_EQUAL(buf, "10 s");
}

static void test_series_styles_differ(void)
{
	unsigned int i, j, nc = ARRAY_SIZE(bench_gp_colours);
	unsigned int np = ARRAY_SIZE(bench_gp_points);

	for (i = 0; i < nc; i++)
		for (j = i + 1; j < nc; j++)
			CU_ASSERT(strcmp(bench_gp_colours[i],
					 bench_gp_colours[j]) != 0);
	for (i = 0; i < np; i++)
		for (j = i + 1; j < np; j++)
			CU_ASSERT(bench_gp_points[i] != bench_gp_points[j]);
	/* linetype i+1: colour i % 12 (cycle), dash i % 5, point i % 13 */
	for (i = 0; i < 60; i++)
		for (j = i + 1; j < 60; j++)
			CU_ASSERT(i % nc != j % nc || i % 5 != j % 5 ||
				  i % np != j % np);
}

/* a gnuplot that fails: the subject's files all go, none is half there */
static void test_gnuplot_failure_leaves_nothing(void)
{
	char bin[64];

	CU_ASSERT_FATAL(make_outdir() == 0);
	CU_ASSERT_FATAL(fake_gnuplot(bin, "exit 1") == 0);
	CU_ASSERT_EQUAL(write_sample_run(bin, 0), -EIO);
	CU_ASSERT_EQUAL(count_files(), 0);
	remove_fake_gnuplot(bin);
	remove_outdir();
}

static char signal_bin[64];

static void run_killed_by_gnuplot(int unused)
{
	char path[4200];

	(void)unused;
	snprintf(path, sizeof(path), "%s:%s", signal_bin, getenv("PATH"));
	_exit(write_sample_run(path, 0) ? 3 : 4);
}

/*
 * SIGTERM while the results are being written (a gnuplot that kills its
 * parent: the JSON, the CSV and the script are written, not renamed): the
 * process dies of it and leaves nothing in the folder.
 */
static void test_signal_while_writing_leaves_nothing(void)
{
	char out[512];
	int status;

	CU_ASSERT_FATAL(make_outdir() == 0);
	CU_ASSERT_FATAL(fake_gnuplot(signal_bin, "kill -TERM $PPID\n"
						 "exec sleep 1 2>&-") == 0);
	status = run_in_child(run_killed_by_gnuplot, 0, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
	CU_ASSERT_EQUAL(count_files(), 0);
	remove_fake_gnuplot(signal_bin);
	remove_outdir();
}

/* what a run writes about itself: machine, build, dates, load */
static void test_result_context(void)
{
	json_t *root, *machine, *build, *run, *load;
	char path[256], model[128], *gp, *csv;
	const char *started, *finished;
	json_error_t error;
	struct tm tm;
	time_t now = time(NULL);
	int k;

	CU_ASSERT_FATAL(make_outdir() == 0);
	CU_ASSERT_EQUAL(write_sample_run("/nonexistent", 1), 0);
	snprintf(path, sizeof(path), "%s/sample.json", outdir);
	root = json_load_file(path, 0, &error);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	machine = json_object_get(root, "machine");
	build = json_object_get(root, "build");
	run = json_object_get(root, "run");
	bench_cpu_model(model, sizeof(model));
	CU_ASSERT(strlen(model) > 0);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(machine, "cpu_model")),
		model);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(machine, "cpus")),
			sysconf(_SC_NPROCESSORS_ONLN));
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(build, "compiler")),
		BENCH_COMPILER);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(build, "commit")),
		KSTRUCT_BUILD_COMMIT);
	CU_ASSERT(strlen(KSTRUCT_BUILD_COMMIT) >= 7);
	/* the Makefile baked in the flags this very file was built with */
	CU_ASSERT_PTR_NOT_NULL(
		strstr(json_string_value(json_object_get(build, "flags")),
		       "-std=gnu11"));
	started = json_string_value(json_object_get(run, "started"));
	finished = json_string_value(json_object_get(run, "finished"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(started);
	CU_ASSERT_PTR_NOT_NULL_FATAL(finished);
	/* ISO 8601 in UTC, this hour, in order */
	memset(&tm, 0, sizeof(tm));
	CU_ASSERT_PTR_NOT_NULL(strptime(started, "%Y-%m-%dT%H:%M:%SZ", &tm));
	CU_ASSERT_EQUAL(strlen(started), 20);
	CU_ASSERT(llabs((long long)(timegm(&tm) - now)) < 3600);
	CU_ASSERT(strcmp(started, finished) <= 0);
	for (k = 0; k < 2; k++) {
		load = json_object_get(run, k ? "load_average_end" :
						"load_average_start");
		CU_ASSERT_EQUAL(json_array_size(load), 3);
		CU_ASSERT(json_number_value(json_array_get(load, 0)) >= 0);
	}
	/* the caveat of a quick run, in every file */
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(root, "caveat")),
		BENCH_CAVEAT);
	json_decref(root);
	snprintf(path, sizeof(path), "%s/sample.csv", outdir);
	csv = read_text(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(csv);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(csv, "\nsample,meta,,caveat,,,,,,,\"quick run: "));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(csv, "\nsample,meta,,commit,,,,,,," KSTRUCT_BUILD_COMMIT
			    ",,,,\n"));
	free(csv);
	snprintf(path, sizeof(path), "%s/sample-curve.gp", outdir);
	gp = read_text(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "not for publication"));
	free(gp);
	remove_outdir();
}

/*
 * A ratio whose spread (num min / den max .. num max / den min) holds 1
 * is marked, on stdout and in the files; one that does not, is not.
 */
static void test_straddle_marking(void)
{
	struct bench_stat num = {
		.median_ns = 2, .min_ns = 1, .max_ns = 3, .reps = 5, .ops = 1
	};
	struct bench_stat den = { .median_ns = 2,
				  .min_ns = 1.5,
				  .max_ns = 2.5,
				  .reps = 5,
				  .ops = 1 };
	struct bench_stat fast = { .median_ns = 1,
				   .min_ns = 0.9,
				   .max_ns = 1.2,
				   .reps = 5,
				   .ops = 1 };
	struct bench_options opt = exact_options(1, 0);
	json_t *root, *ratios;
	json_error_t error;
	char path[256], *text, *csv;
	struct bench *b;

	CU_ASSERT_FATAL(make_outdir() == 0);
	opt.outdir = outdir;
	capture_stdout();
	b = bench_begin("straddle", &opt);
	if (b) {
		bench_ratio(b, "g", "same", 1, &num, &den);
		bench_ratio(b, "g", "apart", 1, &den, &fast);
	}
	text = captured_stdout();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "  ratio same  "));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "spread 0.4..2x: holds 1, no "
					    "difference shown)\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "spread 1.25..2.78x)\n"));
	free(text);
	quiet();
	CU_ASSERT_EQUAL(bench_finish(b), 0);
	loud();
	snprintf(path, sizeof(path), "%s/straddle.json", outdir);
	root = json_load_file(path, 0, &error);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	ratios = json_object_get(root, "ratios");
	CU_ASSERT(json_is_true(
		json_object_get(json_array_get(ratios, 0), "straddles_one")));
	CU_ASSERT_DOUBLE_EQUAL(json_number_value(json_object_get(
				       json_array_get(ratios, 0), "ratio_low")),
			       0.4, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(
		json_number_value(json_object_get(json_array_get(ratios, 0),
						  "ratio_high")),
		2.0, 1e-9);
	CU_ASSERT(json_is_false(
		json_object_get(json_array_get(ratios, 1), "straddles_one")));
	json_decref(root);
	snprintf(path, sizeof(path), "%s/straddle.csv", outdir);
	csv = read_text(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(csv);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		csv, "straddle,ratio,g,same,1,,,,,,1,0.666666667,0.4,2,1\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		csv,
		"straddle,ratio,g,apart,1,,,,,,2,1.66666667,1.25,2.77777778,0\n"));
	free(csv);
	remove_outdir();
}

/* stats of one case, five repetitions of one operation each */
#define STAT(median, min, max)                       \
	((struct bench_stat){ .median_ns = (median), \
			      .min_ns = (min),       \
			      .max_ns = (max),       \
			      .reps = 5,             \
			      .ops = 1 })

/*
 * bench_compare() states an order only when the spread of a / b
 * excludes 1, the test the ratio line marks with "holds 1"; a spread
 * that reaches 1 exactly holds it.
 */
static void test_compare(void)
{
	struct bench_stat fast = STAT(1, 0.9, 1.1), slow = STAT(2, 1.5, 2.5);
	struct bench_stat wide = STAT(1.8, 1, 3), touching = STAT(1, 0.5, 1.5);
	struct bench_stat unmeasured = { .median_ns = 1, .min_ns = 1 };
	struct bench_stat zero = { .reps = 5, .ops = 1 };
	double low = 0, high = 0;

	CU_ASSERT_EQUAL(bench_compare(&fast, &slow, &low, &high), BENCH_FASTER);
	CU_ASSERT_DOUBLE_EQUAL(low, 0.9 / 2.5, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(high, 1.1 / 1.5, 1e-12);
	CU_ASSERT_EQUAL(bench_compare(&slow, &fast, &low, &high), BENCH_SLOWER);
	CU_ASSERT_DOUBLE_EQUAL(low, 1.5 / 1.1, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(high, 2.5 / 0.9, 1e-12);
	/* the medians say faster (0.9x), the spread 0.4..2x does not */
	CU_ASSERT_EQUAL(bench_compare(&wide, &slow, &low, &high),
			BENCH_NOT_SHOWN);
	CU_ASSERT_DOUBLE_EQUAL(low, 0.4, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(high, 2.0, 1e-12);
	CU_ASSERT_EQUAL(bench_compare(&slow, &wide, NULL, NULL),
			BENCH_NOT_SHOWN);
	/* 1.5 / 1.5: the spread ends at 1 */
	CU_ASSERT_EQUAL(bench_compare(&touching, &slow, NULL, &high),
			BENCH_NOT_SHOWN);
	CU_ASSERT_DOUBLE_EQUAL(high, 1.0, 1e-12);
	CU_ASSERT_EQUAL(bench_compare(&slow, &touching, &low, NULL),
			BENCH_NOT_SHOWN);
	CU_ASSERT_DOUBLE_EQUAL(low, 1.0, 1e-12);
	/* nothing measured: nothing shown, and the spread is unknown */
	CU_ASSERT_EQUAL(bench_compare(&fast, &unmeasured, &low, &high),
			BENCH_NOT_SHOWN);
	CU_ASSERT(isnan(low) && isnan(high));
	CU_ASSERT_EQUAL(bench_compare(&unmeasured, &fast, NULL, NULL),
			BENCH_NOT_SHOWN);
	CU_ASSERT_EQUAL(bench_compare(&fast, &zero, NULL, NULL),
			BENCH_NOT_SHOWN);
	CU_ASSERT_EQUAL(bench_compare(NULL, &fast, NULL, NULL),
			BENCH_NOT_SHOWN);
	CU_ASSERT_EQUAL(bench_compare(&fast, NULL, NULL, NULL),
			BENCH_NOT_SHOWN);
}

/*
 * A crossover note names an order only where bench_compare() shows one,
 * and lists the N where none was shown: here the medians put the
 * crossing at N = 4, which the spreads do not show.
 */
static void test_crossover_text(void)
{
	static const unsigned long x[] = { 1, 4, 16, 64 };
	struct bench_stat fast = STAT(1, 0.9, 1.1), slow = STAT(2, 1.5, 2.5);
	struct bench_stat list = STAT(1, 0.9, 1.1), wide = STAT(1.8, 1, 3);
	struct bench_stat slower = STAT(2, 1.8, 2.2);
	const struct bench_stat *hash[] = { &slower, &wide, &fast, &fast };
	const struct bench_stat *walk[] = { &list, &slow, &slow, &slow };
	const struct bench_stat *same[] = { &fast, &fast, &fast, &fast };
	const struct bench_stat *apart[] = { &wide, &fast, &wide, &slower };
	const struct bench_stat *apart_walk[] = { &list, &slow, &slow, &list };
	char buf[256], small[40];

	CU_ASSERT_EQUAL(bench_crossover(buf, sizeof(buf), "the hash table",
					"the list walk", "transports", x, 4,
					hash, walk),
			0);
	CU_ASSERT_STRING_EQUAL(
		buf, "the hash table is slower than the list walk at N = 1 "
		     "transports; faster from N = 16 to N = 64 transports; at "
		     "N = 4 transports no difference was shown");
	/* too small a buffer: cut, ended, and said so */
	CU_ASSERT_EQUAL(bench_crossover(small, sizeof(small), "the hash table",
					"the list walk", "transports", x, 4,
					hash, walk),
			-ENOSPC);
	CU_ASSERT_EQUAL(strlen(small), sizeof(small) - 1);
	CU_ASSERT_EQUAL(strncmp(small, buf, sizeof(small) - 1), 0);
	/* shown at every N, the same way */
	CU_ASSERT_EQUAL(bench_crossover(buf, sizeof(buf), "a", "b", "tasks",
					x + 2, 2, hash + 2, walk + 2),
			0);
	CU_ASSERT_STRING_EQUAL(
		buf, "a is faster than b at every N from 16 to 64 tasks");
	/* shown nowhere */
	CU_ASSERT_EQUAL(bench_crossover(buf, sizeof(buf), "a", "b", "tasks", x,
					4, same, same),
			0);
	CU_ASSERT_STRING_EQUAL(buf, "no difference was shown between a and "
				    "b at any N from 1 to 64 tasks");
	/* gaps inside a run, listed together */
	CU_ASSERT_EQUAL(bench_crossover(buf, sizeof(buf), "a", "b", "vmas", x,
					4, apart, apart_walk),
			0);
	CU_ASSERT_STRING_EQUAL(buf, "a is faster than b at N = 4 vmas; "
				    "slower at N = 64 vmas; at N = 1, 16 "
				    "vmas no difference was shown");
	CU_ASSERT_EQUAL(bench_crossover(buf, sizeof(buf), "a", "b", "tasks", x,
					0, hash, walk),
			-EINVAL);
	CU_ASSERT_EQUAL(bench_crossover(buf, 0, "a", "b", "tasks", x, 4, hash,
					walk),
			-EINVAL);
}

/* a run that met an error writes no file at all */
static void test_failed_run_writes_nothing(void)
{
	struct bench_options opt = exact_options(1, 0);
	struct probe p = { .name = 'a' };
	struct bench_spec spec = {
		.group = "g",
		.series = "s",
		.ops = 1,
		.fn = probe_fn,
		.arg = &p,
	};
	struct bench *b;

	CU_ASSERT_FATAL(make_outdir() == 0);
	opt.outdir = outdir;
	quiet();
	b = bench_begin("failed", &opt);
	if (b) {
		bench_measure(b, &spec);
		kmalloc_fail_nth(1);
		bench_note(b, "lost");
		kmalloc_fault_reset();
		CU_ASSERT_EQUAL(bench_finish(b), -ENOMEM);
	}
	loud();
	CU_ASSERT_PTR_NOT_NULL(b);
	CU_ASSERT_EQUAL(count_files(), 0);
	remove_outdir();
}

static void test_unwritable_outdir(void)
{
	struct bench_options opt = exact_options(1, 0);
	struct bench *b;

	opt.outdir = "/proc/kstruct-bench"; /* cannot be created */
	quiet();
	b = bench_begin("nowhere", &opt);
	CU_ASSERT_PTR_NOT_NULL(b);
	if (b)
		CU_ASSERT(bench_finish(b) < 0);
	loud();
}

/*
 * An output file that cannot be opened is reported with the error the
 * open gave, even when printing the message fails too (stderr on
 * /dev/full sets errno to ENOSPC).
 */
static void test_unopenable_output_keeps_its_errno(void)
{
	struct bench_options opt = exact_options(1, 0);
	int full, saved_stderr, ret = -1;
	char path[160];
	struct bench *b;

	CU_ASSERT_FATAL(make_outdir() == 0);
	/* a folder where the JSON file should go: fopen() gives EISDIR */
	snprintf(path, sizeof(path), "%s/blocked.json", outdir);
	CU_ASSERT_FATAL(mkdir(path, 0700) == 0);
	opt.outdir = outdir;
	full = open("/dev/full", O_WRONLY);
	quiet();
	b = bench_begin("blocked", &opt);
	if (b) {
		fflush(stderr);
		saved_stderr = dup(STDERR_FILENO);
		if (full >= 0)
			dup2(full, STDERR_FILENO);
		ret = bench_finish(b);
		if (saved_stderr >= 0) {
			dup2(saved_stderr, STDERR_FILENO);
			close(saved_stderr);
		}
	}
	loud();
	if (full >= 0)
		close(full);
	CU_ASSERT_PTR_NOT_NULL(b);
	CU_ASSERT_EQUAL(ret, -EISDIR);
	rmdir(path);
	remove_outdir();
}

static void test_nested_outdir_is_created(void)
{
	struct bench_options opt = exact_options(1, 0);
	char nested[128], path[160];
	struct bench *b;

	CU_ASSERT_FATAL(make_outdir() == 0);
	snprintf(nested, sizeof(nested), "%s/a/b", outdir);
	opt.outdir = nested;
	quiet();
	b = bench_begin("nested", &opt);
	CU_ASSERT_EQUAL(b ? bench_finish(b) : -1, 0);
	loud();
	snprintf(path, sizeof(path), "%s/nested.json", nested);
	CU_ASSERT_EQUAL(access(path, F_OK), 0);
	unlink(path);
	snprintf(path, sizeof(path), "%s/nested.csv", nested);
	unlink(path);
	rmdir(nested);
	snprintf(path, sizeof(path), "%s/a", outdir);
	rmdir(path);
	remove_outdir();
}

static void test_slug(void)
{
	char out[32];

	bench_slug(out, sizeof(out), "Traversal, shuffled (N) ");
	CU_ASSERT_STRING_EQUAL(out, "traversal-shuffled-n");
	bench_slug(out, sizeof(out), "--");
	CU_ASSERT_STRING_EQUAL(out, "");
	bench_slug(out, 5, "abcdefgh");
	CU_ASSERT_STRING_EQUAL(out, "abcd");
}

/* ------------------------------------------------------------------ */
/* failed allocations                                                  */

static void test_every_allocation_can_fail(void)
{
	long live = kmalloc_live();
	unsigned long n;
	int ret, failures = 0;

	CU_ASSERT_FATAL(make_outdir() == 0);
	for_each_alloc_failure(n, ret = write_sample_run("/nonexistent", 0)) {
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		failures++;
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		/* a failed run leaves none of its files, not even some */
		CU_ASSERT_EQUAL(count_files(), 0);
	}
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT(failures > 5);
	CU_ASSERT(n < 1000);
	remove_outdir();
}

/* ------------------------------------------------------------------ */
/* the command                                                         */

static unsigned long fake_calls;
static int fake_result;

static void fake_fn(void *arg)
{
	(void)arg;
	fake_calls++;
}

static int fake_subject(struct bench *b)
{
	struct bench_spec spec = {
		.group = "fake",
		.series = "s",
		.ops = 1,
		.fn = fake_fn,
	};

	bench_measure(b, &spec);
	return fake_result;
}

KSTRUCT_BENCH("fake", 1, "a subject for the tests", fake_subject)

static int run_cmd(int argc, const char *const *args)
{
	char *argv[16];
	int i, ret;

	for (i = 0; i < argc && i < 15; i++)
		argv[i] = (char *)args[i];
	argv[i] = NULL;
	quiet();
	ret = cmd_bench(argc, argv);
	loud();
	return ret;
}

static void test_command(void)
{
	const char *help[] = { "bench", "--help" };
	const char *list[] = { "bench", "--list" };
	const char *unknown[] = { "bench", "--bogus" };
	const char *nosubject[] = { "bench", "nosuch" };
	const char *noreps[] = { "bench", "--reps" };
	const char *zeroreps[] = { "bench", "--reps", "0" };
	const char *badreps[] = { "bench", "--reps", "3x" };
	const char *negwarm[] = { "bench", "--warmup", "-1" };
	const char *noout[] = { "bench", "--out" };
	const char *run[] = { "bench", "--reps",     "2", "--warmup",
			      "0",     "--min-time", "0", "fake" };
	const char *quick[] = { "bench", "--quick",  "--min-time",
				"0",	 "--warmup", "1" };
	const char *equals[] = { "bench", "--reps=2", "--warmup=0",
				 "--min-time=0", "fake" };
	const char *manyreps[] = { "bench", "--reps", "100001", "fake" };
	const char *octal[] = { "bench", "--reps", "0x10", "fake" };
	const char *noplace[] = { "bench", "--out", "/proc/kstruct-bench",
				  "fake" };
	const char *notdir[] = { "bench", "--out", "/dev/null", "fake" };
	long live = kmalloc_live();

	CU_ASSERT_EQUAL(run_cmd(2, help), 0);
	CU_ASSERT_EQUAL(run_cmd(2, list), 0);
	CU_ASSERT_EQUAL(run_cmd(2, unknown), 2);
	CU_ASSERT_EQUAL(run_cmd(2, nosubject), 2);
	CU_ASSERT_EQUAL(run_cmd(2, noreps), 2);
	CU_ASSERT_EQUAL(run_cmd(3, zeroreps), 2);
	CU_ASSERT_EQUAL(run_cmd(3, badreps), 2);
	CU_ASSERT_EQUAL(run_cmd(3, negwarm), 2);
	CU_ASSERT_EQUAL(run_cmd(2, noout), 2);
	CU_ASSERT_EQUAL(run_cmd(4, manyreps), 2);
	CU_ASSERT_EQUAL(run_cmd(4, octal), 2);
	/* --out is checked before anything runs */
	CU_ASSERT_EQUAL(run_cmd(4, noplace), 2);
	CU_ASSERT_EQUAL(run_cmd(4, notdir), 2);
	CU_ASSERT_EQUAL(fake_calls, 0);
	CU_ASSERT_EQUAL(run_cmd(5, equals), 0);
	CU_ASSERT_EQUAL(fake_calls, 1 + 2);
	fake_calls = 0;

	fake_result = 0;
	CU_ASSERT_EQUAL(run_cmd(8, run), 0);
	CU_ASSERT_EQUAL(fake_calls, 1 + 2); /* calibration + 2 reps */
	fake_calls = 0;
	CU_ASSERT_EQUAL(run_cmd(6, quick), 0); /* every subject: "fake" */
	CU_ASSERT_EQUAL(fake_calls, 1 + BENCH_QUICK_REPS);
	fake_result = -EIO;
	CU_ASSERT_EQUAL(run_cmd(8, run), 1);
	fake_result = 0;
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/* "bench --table FILE GROUP" into @out (at most @size bytes); its status */
static int table_of(const char *file, const char *group, char *out, size_t size)
{
	const char *args[] = { "bench", "--table", file, group };
	char path[300];
	int saved, fd, ret;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/table.md", outdir);
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(fd, STDOUT_FILENO);
	close(fd);
	ret = cmd_bench(4, (char **)args);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	fd = open(path, O_RDONLY);
	n = fd < 0 ? -1 : read(fd, out, size - 1);
	out[n > 0 ? n : 0] = 0;
	if (fd >= 0)
		close(fd);
	return ret;
}

/*
 * --table prints a group's cases, values and ratios under the run's
 * machine, compiler, commit and load average; a missing file or group
 * fails (the check make check-docs makes).
 */
static void test_table(void)
{
	const char *nogroup[] = { "bench", "--table", "x.json" };
	char path[256], out[4096];

	CU_ASSERT_FATAL(make_outdir() == 0);
	CU_ASSERT_EQUAL(write_sample_run("/nonexistent", 0), 0);
	snprintf(path, sizeof(path), "%s/sample.json", outdir);
	CU_ASSERT_EQUAL(table_of(path, "point", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "Measured on "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, ", commit "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "load average "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "| only, ns per operation | 5 | "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "| bytes | 5 | 4,096 | - | - |"));
	CU_ASSERT_PTR_NULL(strstr(out, "by order")); /* another group's */
	CU_ASSERT_EQUAL(table_of(path, "curve", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "| ratio "));
	CU_ASSERT_EQUAL(table_of(path, "nosuch", out, sizeof(out)), 1);
	snprintf(path, sizeof(path), "%s/nosuch.json", outdir);
	CU_ASSERT_EQUAL(table_of(path, "point", out, sizeof(out)), 1);
	CU_ASSERT_EQUAL(run_cmd(3, nogroup), 2);
	remove_outdir();
}

/*
 * bench_note_crossover() records "what: crossover: <text>", marks a text
 * cut to fit, and takes no sizes as the run's error.
 */
static void test_note_crossover(void)
{
	static const unsigned long x[] = { 1, 4 };
	struct bench_stat fast = STAT(1, 0.9, 1.1), slow = STAT(2, 1.5, 2.5);
	const struct bench_stat *a[] = { &fast, &fast },
				*b2[] = { &slow, &slow };
	struct bench_options opt = exact_options(1, 0);
	char name[1100];
	struct bench_record *r;
	struct bench *b;

	memset(name, 'a', sizeof(name) - 1);
	name[sizeof(name) - 1] = 0;
	quiet();
	b = bench_begin("crossover", &opt);
	loud();
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	quiet();
	bench_note_crossover(b, "g", "a", "b", "tasks", x, 2, a, b2);
	bench_note_crossover(b, "long", name, "b", "tasks", x, 2, a, b2);
	loud();
	r = list_first_entry(&b->records, struct bench_record, node);
	CU_ASSERT_EQUAL(r->kind, BENCH_RECORD_NOTE);
	CU_ASSERT_STRING_EQUAL(r->label, "g: crossover: a is faster than b "
					 "at every N from 1 to 4 tasks");
	r = list_next_entry(r, node);
	CU_ASSERT_EQUAL(strlen(r->label),
			strlen("long: crossover: ") + 1023 + strlen(" [cut]"));
	CU_ASSERT_EQUAL(strcmp(r->label + strlen(r->label) - 6, " [cut]"), 0);
	CU_ASSERT_EQUAL(list_count_nodes(&b->records), 2);
	quiet();
	bench_note_crossover(b, "none", "a", "b", "tasks", x, 0, a, b2);
	loud();
	CU_ASSERT_EQUAL(list_count_nodes(&b->records), 2);
	quiet();
	CU_ASSERT_EQUAL(bench_finish(b), -EINVAL);
	loud();
}

static CU_TestInfo bench_cases[] = {
	{ "measure calls setup, fn, teardown",
	  test_measure_calls_setup_fn_teardown },
	{ "measure batches short bodies", test_measure_batches_short_bodies },
	{ "batch counts the setup's time",
	  test_measure_batch_counts_setup_time },
	{ "zero warm-up still calibrates",
	  test_measure_zero_warmup_still_calibrates },
	{ "measure_set interleaves repetitions", test_measure_set_interleaves },
	{ "bad spec is an error, not a crash",
	  test_bad_spec_is_an_error_not_a_crash },
	{ "measure_set after an earlier failure",
	  test_measure_set_after_earlier_failure },
	{ "ratio of medians and of minimums", test_ratio },
	{ "JSON output parses and round-trips", test_json_output },
	{ "CSV output quotes and counts", test_csv_output },
	{ "plots without gnuplot", test_plots_without_gnuplot },
	{ "plots with gnuplot when installed", test_plots_with_gnuplot },
	{ "plot axes: labels, order 0 on a linear axis", test_plot_axes },
	{ "series styles all differ", test_series_styles_differ },
	{ "tick labels: counts and times", test_tick_labels },
	{ "a failed gnuplot leaves nothing",
	  test_gnuplot_failure_leaves_nothing },
	{ "SIGTERM while writing leaves nothing",
	  test_signal_while_writing_leaves_nothing },
	{ "result files record machine, build, dates, load",
	  test_result_context },
	{ "ratios whose spread holds 1 are marked", test_straddle_marking },
	{ "an order is stated only where the spread excludes 1", test_compare },
	{ "a crossover note names the N where none was shown",
	  test_crossover_text },
	{ "a crossover note is recorded, marked when cut",
	  test_note_crossover },
	{ "a failed run writes nothing", test_failed_run_writes_nothing },
	{ "unwritable output folder", test_unwritable_outdir },
	{ "unopenable output keeps its errno",
	  test_unopenable_output_keeps_its_errno },
	{ "nested output folder is created", test_nested_outdir_is_created },
	{ "file-name slugs", test_slug },
	{ "every allocation can fail", test_every_allocation_can_fail },
	{ "the kstruct bench command", test_command },
	{ "bench --table: a group of a result file as a Markdown table",
	  test_table },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("bench/harness", bench_cases, NULL, NULL)
