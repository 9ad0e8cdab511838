// SPDX-License-Identifier: MIT
/*
 * bench/output.c - a benchmark run's result files: JSON, CSV and the
 * gnuplot scripts and pictures (bench/internal.h).
 *
 * Mirrors no kernel file.  The harness (bench/bench.c) keeps a run's
 * records on a struct list_head ring in the order they were made;
 * bench_finish() has them written here as JSON (built with jansson), CSV
 * and one gnuplot script (and PNG, when gnuplot is on PATH) per group
 * with more than one x value.  Each result file starts with the run's
 * context: the machine (CPU model, CPU count), the build (compiler,
 * flags, the commit the Makefile baked in), the dates and the load
 * average at the start and the end.  The files of a subject are written
 * beside their targets and renamed only when all of them are complete
 * (tools/outfile.h): a failed or interrupted run leaves none of its own.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "bench/bench.h"
#include "bench/internal.h"
#include "compat/slab.h"
#include "list/list.h"
#include "tools/outfile.h"

static const struct bench_axes *find_axes(struct bench *b, const char *group)
{
	struct bench_axes *a;

	list_for_each_entry(a, &b->axes, node)
		if (!strcmp(a->group, group))
			return a;
	return NULL;
}

/* JSON has no NaN or infinity: those become null */
static json_t *json_number(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* the three load averages, or nulls */
static json_t *json_load(const double load[3])
{
	return json_pack("[ooo]", json_number(load[0]), json_number(load[1]),
			 json_number(load[2]));
}

static json_t *json_context(struct bench *b)
{
	const struct bench_context *c = &b->ctx;

	return json_pack("{s:{s:s, s:I}, s:{s:s, s:s, s:s},"
			 " s:{s:s, s:s, s:o, s:o}}",
			 "machine", "cpu_model", c->cpu_model, "cpus",
			 (json_int_t)c->cpus, "build", "compiler",
			 BENCH_COMPILER, "flags", KSTRUCT_BUILD_FLAGS, "commit",
			 KSTRUCT_BUILD_COMMIT, "run", "started", c->started,
			 "finished", c->finished, "load_average_start",
			 json_load(c->load_start), "load_average_end",
			 json_load(c->load_end));
}

static json_t *json_record(const struct bench_record *r)
{
	switch (r->kind) {
	case BENCH_RECORD_CASE:
		return json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:I, s:I}",
				 "group", r->group, "series", r->label, "x",
				 json_number(r->x), "median_ns",
				 json_number(r->stat.median_ns), "min_ns",
				 json_number(r->stat.min_ns), "max_ns",
				 json_number(r->stat.max_ns), "reps",
				 (json_int_t)r->stat.reps, "ops",
				 (json_int_t)r->stat.ops);
	case BENCH_RECORD_RATIO:
		return json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:b}",
				 "group", r->group, "what", r->label, "x",
				 json_number(r->x), "ratio",
				 json_number(r->value), "ratio_of_min",
				 json_number(r->value_min), "ratio_low",
				 json_number(r->low), "ratio_high",
				 json_number(r->high), "straddles_one",
				 straddles_one(r->low, r->high));
	case BENCH_RECORD_VALUE:
		return json_pack("{s:s, s:s, s:o, s:o}", "group", r->group,
				 "what", r->label, "x", json_number(r->x),
				 "value", json_number(r->value));
	default:
		return json_string(r->label);
	}
}

/* the whole result as one JSON object; NULL when out of memory */
static json_t *json_results(struct bench *b)
{
	static const char *const kinds[] = {
		[BENCH_RECORD_CASE] = "cases",
		[BENCH_RECORD_RATIO] = "ratios",
		[BENCH_RECORD_VALUE] = "values",
		[BENCH_RECORD_NOTE] = "notes",
	};
	const struct bench_record *r;
	const struct bench_axes *a;
	json_t *root, *list;
	int kind;

	root = json_context(b);
	if (!root)
		return NULL;
	if (json_object_set_new(root, "subject", json_string(b->subject)) ||
	    json_object_set_new(root, "caveat",
				b->opt.quick ? json_string(BENCH_CAVEAT) :
					       json_null()) ||
	    json_object_set_new(
		    root, "options",
		    json_pack("{s:I, s:I, s:o, s:b, s:o, s:o, s:I}", "reps",
			      (json_int_t)b->opt.reps, "warmup",
			      (json_int_t)b->opt.warmup, "min_seconds",
			      json_number(b->opt.min_seconds), "quick",
			      b->opt.quick, "clock_read_ns",
			      json_number(b->clock_ns), "long_call_seconds",
			      json_number(BENCH_LONG_CALL_SEC),
			      "long_call_reps", (json_int_t)BENCH_LONG_REPS)) ||
	    json_object_set_new(root, "unit", json_string("ns per operation")))
		goto err;
	list = json_array();
	if (json_object_set_new(root, "groups", list))
		goto err;
	list_for_each_entry(a, &b->axes, node)
		if (json_array_append_new(
			    list,
			    json_pack("{s:s, s:s, s:s, s:s}", "group", a->group,
				      "x", a->x, "operation", a->op, "x_axis",
				      a->flags & BENCH_X_LINEAR ? "linear" :
								  "log")))
			goto err;
	for (kind = BENCH_RECORD_CASE; kind <= BENCH_RECORD_NOTE; kind++) {
		list = json_array();
		if (json_object_set_new(root, kinds[kind], list))
			goto err;
		list_for_each_entry(r, &b->records, node)
			if ((int)r->kind == kind &&
			    json_array_append_new(list, json_record(r)))
				goto err;
	}
	return root;

err:
	json_decref(root);
	return NULL;
}

static int write_json(struct bench *b, FILE *f)
{
	json_t *root = json_results(b);
	int ret;

	if (!root)
		return -ENOMEM;
	ret = json_dumpf(root, f,
			 JSON_INDENT(2) | JSON_PRESERVE_ORDER |
				 JSON_REAL_PRECISION(9));
	json_decref(root);
	if (ret || fputc('\n', f) == EOF)
		return -EIO;
	return 0;
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

/* a "meta" row: the context, KEY in the series column, VALUE in value's */
static void csv_meta(FILE *f, struct bench *b, const char *key,
		     const char *value)
{
	csv_field(f, b->subject);
	fputs(",meta,,", f);
	csv_field(f, key);
	fputs(",,,,,,,", f);
	csv_field(f, value);
	fputs(",,,,\n", f);
}

static void csv_load(FILE *f, struct bench *b, const char *key,
		     const double load[3])
{
	char text[64];

	snprintf(text, sizeof(text), "%.2f %.2f %.2f", load[0], load[1],
		 load[2]);
	csv_meta(f, b, key, text);
}

static void write_csv(struct bench *b, FILE *f)
{
	static const char *const kinds[] = {
		[BENCH_RECORD_CASE] = "case",
		[BENCH_RECORD_RATIO] = "ratio",
		[BENCH_RECORD_VALUE] = "value",
		[BENCH_RECORD_NOTE] = "note",
	};
	const struct bench_context *c = &b->ctx;
	struct bench_record *r;
	char cpus[32];

	fputs("subject,kind,group,series,x,median_ns,min_ns,max_ns,reps,ops,"
	      "value,ratio_of_min,ratio_low,ratio_high,straddles_one\n",
	      f);
	snprintf(cpus, sizeof(cpus), "%ld", c->cpus);
	csv_meta(f, b, "cpu_model", c->cpu_model);
	csv_meta(f, b, "cpus", cpus);
	csv_meta(f, b, "compiler", BENCH_COMPILER);
	csv_meta(f, b, "flags", KSTRUCT_BUILD_FLAGS);
	csv_meta(f, b, "commit", KSTRUCT_BUILD_COMMIT);
	csv_meta(f, b, "started", c->started);
	csv_meta(f, b, "finished", c->finished);
	csv_load(f, b, "load_average_start", c->load_start);
	csv_load(f, b, "load_average_end", c->load_end);
	if (b->opt.quick)
		csv_meta(f, b, "caveat", BENCH_CAVEAT);
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
			fprintf(f, ",%u,%lu,,,,,\n", r->stat.reps, r->stat.ops);
			continue;
		}
		fputs(",,,,,", f);
		if (r->kind != BENCH_RECORD_NOTE)
			csv_number(f, r->value);
		fputc(',', f);
		if (r->kind == BENCH_RECORD_RATIO) {
			csv_number(f, r->value_min);
			fputc(',', f);
			csv_number(f, r->low);
			fputc(',', f);
			csv_number(f, r->high);
			fprintf(f, ",%d\n", straddles_one(r->low, r->high));
		} else {
			fputs(",,,\n", f);
		}
	}
}

/* a file-name-safe form of @s: letters and digits, others become '-' */
void bench_slug(char *out, size_t size, const char *s)
{
	size_t n = 0;
	int dash = 0;

	for (; *s && n + 1 < size; s++) {
		if ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		    (*s >= 'A' && *s <= 'Z')) {
			out[n++] = (char)(*s >= 'A' && *s <= 'Z' ?
						  *s - 'A' + 'a' :
						  *s);
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

/**
 * struct bench_output - one file of a subject's results
 * @file: the file being written
 * @name: its name in the output folder ("list.json")
 * @path: the folder and the name
 */
struct bench_output {
	struct outfile file;
	char name[256];
	char path[4096];
};

/**
 * struct bench_outputs - every file of a subject's results
 * @who: the message prefix
 * @out: the files
 * @n: how many are open
 * @max: how many @out has room for
 */
struct bench_outputs {
	char who[64];
	struct bench_output *out;
	unsigned int n, max;
};

/* open the next file, "OUTDIR/NAME"; NULL after an error */
static struct bench_output *
open_out(struct bench *b, struct bench_outputs *outs, const char *name)
{
	struct bench_output *o = &outs->out[outs->n];
	int ret;

	if (outs->n == outs->max) {
		bench_set_error(b, -EINVAL);
		return NULL;
	}
	snprintf(o->name, sizeof(o->name), "%s", name);
	if ((size_t)snprintf(o->path, sizeof(o->path), "%s/%s", b->opt.outdir,
			     name) >= sizeof(o->path)) {
		fprintf(stderr, "%s: path too long: %s/%s\n", outs->who,
			b->opt.outdir, name);
		bench_set_error(b, -ENAMETOOLONG);
		return NULL;
	}
	ret = outfile_open(&o->file, outs->who, o->path);
	if (ret) {
		bench_set_error(b, ret);
		return NULL;
	}
	outs->n++;
	return o;
}

/* the smallest x a group's plot can show: 0 on a linear axis */
static double plot_min_x(struct bench *b, const char *group)
{
	const struct bench_axes *a = find_axes(b, group);

	return a && (a->flags & BENCH_X_LINEAR) ? 0 : DBL_MIN;
}

/* whether @first's group has cases at two or more x its plot can show */
static int group_has_curve(struct bench *b, struct bench_record *first)
{
	double min_x = plot_min_x(b, first->group), x = NAN;
	struct bench_record *r;

	list_for_each_entry(r, &b->records, node) {
		if (r->kind != BENCH_RECORD_CASE || r->x < min_x ||
		    strcmp(r->group, first->group))
			continue;
		if (isnan(x))
			x = r->x;
		else if (r->x != x)
			return 1;
	}
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

int bench_have_gnuplot(void)
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

/* run gnuplot on the script @gp, its PNG on stdout into @png */
static int run_gnuplot(const struct bench_output *gp,
		       const struct bench_output *png)
{
	const char *script = gp->file.temp ? gp->file.temp : gp->path;
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		if (dup2(png->file.fd, STDOUT_FILENO) >= 0)
			execlp("gnuplot", "gnuplot", "-e", "kstruct_stdout=1",
			       script, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
}

/*
 * Series styles: twelve colours (Okabe and Ito's eight, less yellow, and
 * Tol's), five dash types and thirteen point types, so that no two of a
 * plot's series look alike even in grey.
 */
const char *const bench_gp_colours[BENCH_GP_COLOURS] = {
	"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
	"#000000", "#999933", "#882255", "#44AA99", "#888888", "#332288",
};
const int bench_gp_points[BENCH_GP_POINTS] = {
	7, 5, 9, 13, 11, 6, 4, 8, 12, 10, 1, 2, 3,
};

/* a count for a tick label: 30, 8192, 30k, 10M */
void bench_label_count(char *buf, size_t size, double v)
{
	if (v >= 1e6 && fmod(v, 1e6) == 0)
		snprintf(buf, size, "%gM", v / 1e6);
	else if (v >= 1e3 && fmod(v, 1e3) == 0)
		snprintf(buf, size, "%gk", v / 1e3);
	else
		snprintf(buf, size, "%g", v);
}

/* a time in ns for a tick label, in the unit that reads best: 20 us */
void bench_label_time(char *buf, size_t size, double ns)
{
	static const char *const units[] = { "ns", "\u00b5s", "ms", "s" };
	unsigned int u = 0;

	while (u + 1 < ARRAY_SIZE(units) && ns >= 1000) {
		ns /= 1000;
		u++;
	}
	snprintf(buf, size, "%.3g %s", ns, units[u]);
}

/**
 * struct plot_range - what a group's plot must show
 * @xmin: the smallest x drawn
 * @xmax: the largest
 * @ymin: the smallest positive time (a min), in ns
 * @ymax: the largest time (a max)
 * @xs: the distinct x values, in the order met, when there are few
 * @nx: how many; 0 when there are too many to label each
 */
struct plot_range {
	double xmin, xmax, ymin, ymax;
	double xs[16];
	unsigned int nx;
};

static void plot_range(struct bench *b, const char *group,
		       struct plot_range *pr)
{
	double min_x = plot_min_x(b, group);
	struct bench_record *r;
	unsigned int i;

	pr->xmin = pr->ymin = INFINITY;
	pr->xmax = pr->ymax = 0;
	pr->nx = 0;
	list_for_each_entry(r, &b->records, node) {
		if (r->kind != BENCH_RECORD_CASE || r->x < min_x ||
		    strcmp(r->group, group))
			continue;
		pr->xmin = fmin(pr->xmin, r->x);
		pr->xmax = fmax(pr->xmax, r->x);
		if (r->stat.min_ns > 0)
			pr->ymin = fmin(pr->ymin, r->stat.min_ns);
		pr->ymax = fmax(pr->ymax, r->stat.max_ns);
		for (i = 0; i < pr->nx && pr->xs[i] != r->x; i++)
			;
		if (i == pr->nx && pr->nx <= ARRAY_SIZE(pr->xs))
			pr->nx++;
		if (i < ARRAY_SIZE(pr->xs))
			pr->xs[i] = r->x;
	}
	if (pr->nx > ARRAY_SIZE(pr->xs))
		pr->nx = 0;
	if (!isfinite(pr->ymin) || pr->ymax <= pr->ymin) {
		pr->ymin = 1;
		pr->ymax = 10;
	}
}

/*
 * y: the data's range (not gnuplot's whole decades, which left plots
 * mostly empty), labelled as times (ns, us, ms, s) at ten steps of each
 * decade when the data spans about one, at 1, 2 and 5 up to three and a
 * half, else at each decade; x: a tick at every x measured, when there
 * are few.
 */
static void write_plot_ticks(FILE *f, const struct plot_range *pr, int linear)
{
	static const double fine[] = { 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 };
	static const double coarse[] = { 1, 2, 5 };
	int lo = (int)floor(log10(pr->ymin)), hi = (int)ceil(log10(pr->ymax));
	double span = log10(pr->ymax / pr->ymin);
	const double *steps = span <= 1.2 ? fine : coarse;
	unsigned int i, k,
		per = span <= 1.2 ? ARRAY_SIZE(fine) :
		      span <= 3.5 ? ARRAY_SIZE(coarse) :
				    1;
	char label[32];
	int first = 1, e;

	fprintf(f, "set yrange [%.9g:%.9g]\nset ytics (", pr->ymin / 1.15,
		pr->ymax * 1.15);
	for (e = lo; e <= hi; e++) {
		for (k = 0; k < per; k++) {
			double v = steps[k] * pow(10, e);

			if (v < pr->ymin / 1.15 || v > pr->ymax * 1.15)
				continue;
			bench_label_time(label, sizeof(label), v);
			fprintf(f, "%s'%s' %.9g", first ? "" : ", ", label, v);
			first = 0;
		}
	}
	fputs(")\n", f);
	if (linear)
		fprintf(f, "set xrange [%.9g:%.9g]\n", pr->xmin - 0.5,
			pr->xmax + 0.5);
	else
		fprintf(f, "set logscale x\nset xrange [%.9g:%.9g]\n",
			pr->xmin / 1.25, pr->xmax * 1.25);
	if (!pr->nx)
		return;
	fputs("set xtics (", f);
	for (i = 0; i < pr->nx; i++) {
		bench_label_count(label, sizeof(label), pr->xs[i]);
		fprintf(f, "%s'%s' %.9g", i ? ", " : "", label, pr->xs[i]);
	}
	fputs(")\n", f);
}

static void write_plot_style(FILE *f, struct bench *b,
			     struct bench_record *first, const char *png)
{
	const struct bench_axes *a = find_axes(b, first->group);
	struct plot_range pr;
	unsigned int i;

	fputs("set terminal pngcairo size 1400,800 noenhanced font ',12'\n"
	      "set encoding utf8\n",
	      f);
	fputs("if (!exists(\"kstruct_stdout\")) set output ", f);
	gp_string(f, png);
	fputs("\nset title ", f);
	gp_string(f, b->subject);
	fputs(" . ': ' . ", f);
	gp_string(f, first->group);
	if (b->opt.quick) {
		fputs(" . \"\\n(\" . ", f);
		gp_string(f, BENCH_CAVEAT);
		fputs(" . ')'", f);
	}
	fputs("\nset xlabel ", f);
	gp_string(f, a ? a->x : "x");
	fputs("\nset ylabel 'time per ' . ", f);
	gp_string(f, a ? a->op : "operation");
	fputs(" . ' (median; bars: min..max)'\n", f);
	plot_range(b, first->group, &pr);
	write_plot_ticks(f, &pr, a && (a->flags & BENCH_X_LINEAR));
	/* the key beside the plot: below it, it runs into the x label */
	fputs("set logscale y\nset grid xtics ytics\n"
	      "set key outside right top vertical Left reverse box\n"
	      "set lmargin 12\n",
	      f);
	for (i = 0; i < ARRAY_SIZE(bench_gp_colours); i++)
		fprintf(f,
			"set linetype %u lc rgb '%s' lw 2 dt %u pt %d ps 1.3\n",
			i + 1, bench_gp_colours[i], i % 5 + 1,
			bench_gp_points[i % ARRAY_SIZE(bench_gp_points)]);
	fprintf(f, "set linetype cycle %zu\n", ARRAY_SIZE(bench_gp_colours));
}

static struct bench_output *write_plot(struct bench *b,
				       struct bench_outputs *outs,
				       struct bench_record *first)
{
	char name[256], png[256], gslug[160];
	double min_x = plot_min_x(b, first->group);
	struct bench_record *s, *r;
	struct bench_output *o;
	FILE *f;
	int n = 0;

	bench_slug(gslug, sizeof(gslug), first->group);
	snprintf(name, sizeof(name), "%s-%s.gp", b->subject, gslug);
	snprintf(png, sizeof(png), "%s-%s.png", b->subject, gslug);
	o = open_out(b, outs, name);
	if (!o)
		return NULL;
	f = o->file.f;
	fprintf(f,
		"# %s: %s - written by 'kstruct bench'; "
		"run 'gnuplot %s' in this folder to draw %s\n",
		b->subject, first->group, name, png);
	write_plot_style(f, b, first, png);
	/* one datablock per series: x median min max */
	list_for_each_entry(s, &b->records, node) {
		if (s->kind != BENCH_RECORD_CASE ||
		    strcmp(s->group, first->group) || !first_of(b, s, 1))
			continue;
		fprintf(f, "$series%d << EOD\n", n++);
		list_for_each_entry(r, &b->records, node)
			if (r->kind == BENCH_RECORD_CASE && r->x >= min_x &&
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
		fprintf(f,
			"$series%d using 1:2:3:4 with yerrorlines ls %d title ",
			n, n + 1);
		gp_string(f, s->label);
		n++;
	}
	fputc('\n', f);
	return o;
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

/**
 * bench_check_outdir() - make sure results can be written to @dir
 * @dir: the output folder
 *
 * Creates it (and its parents) when missing.
 *
 * Return: 0, or a negative errno: it cannot be created, it is not a
 * folder, or files cannot be created in it.
 */
int bench_check_outdir(const char *dir)
{
	struct stat st;
	int ret = make_folder(dir);

	if (ret)
		return ret;
	if (stat(dir, &st))
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	return access(dir, W_OK | X_OK) ? -errno : 0;
}

/* the plots of every group with a curve: scripts, and PNGs when @plot */
static int write_plots(struct bench *b, struct bench_outputs *outs, int plot)
{
	struct bench_output *gp, *png;
	struct bench_record *r;
	char png_name[256];
	int curves = 0, ret;

	list_for_each_entry(r, &b->records, node) {
		if (r->kind != BENCH_RECORD_CASE || !first_of(b, r, 0) ||
		    !group_has_curve(b, r))
			continue;
		gp = write_plot(b, outs, r);
		/* gnuplot reads the script: it must be complete first */
		if (!gp || outfile_close(&gp->file))
			return -EIO;
		curves++;
		if (!plot)
			continue;
		snprintf(png_name, sizeof(png_name), "%.*s.png",
			 (int)strlen(gp->name) - 3, gp->name);
		png = open_out(b, outs, png_name);
		if (!png)
			return -EIO;
		ret = run_gnuplot(gp, png);
		if (ret) {
			fprintf(stderr, "%s: gnuplot failed on %s\n", outs->who,
				gp->path);
			return ret;
		}
	}
	return curves;
}

/* every group with a curve gets a script and a picture */
static unsigned int count_outputs(struct bench *b)
{
	struct bench_record *r;
	unsigned int n = 2; /* JSON, CSV */

	list_for_each_entry(r, &b->records, node)
		if (r->kind == BENCH_RECORD_CASE && first_of(b, r, 0) &&
		    group_has_curve(b, r))
			n += 2;
	return n;
}

/*
 * Write every file to its temporary name first; rename them only when all
 * are complete, so that a failure leaves none of them.
 */
void bench_write_outputs(struct bench *b)
{
	struct bench_outputs outs = { .n = 0 };
	int plot = bench_have_gnuplot(), curves = 0, ret;
	struct bench_output *o;
	char name[256];
	unsigned int i;

	snprintf(outs.who, sizeof(outs.who), "kstruct bench %s", b->subject);
	ret = make_folder(b->opt.outdir);
	if (ret) {
		fprintf(stderr, "%s: cannot create %s: %s\n", outs.who,
			b->opt.outdir, strerror(-ret));
		bench_set_error(b, ret);
		return;
	}
	outs.max = count_outputs(b);
	outs.out = kcalloc(outs.max, sizeof(*outs.out), GFP_KERNEL);
	if (!outs.out) {
		bench_set_error(b, -ENOMEM);
		return;
	}
	snprintf(name, sizeof(name), "%s.json", b->subject);
	o = open_out(b, &outs, name);
	if (!o)
		goto out;
	ret = write_json(b, o->file.f);
	if (ret) {
		bench_set_error(b, ret);
		goto out;
	}
	snprintf(name, sizeof(name), "%s.csv", b->subject);
	o = open_out(b, &outs, name);
	if (!o)
		goto out;
	write_csv(b, o->file.f);
	curves = write_plots(b, &outs, plot);
	if (curves < 0) {
		bench_set_error(b, curves);
		goto out;
	}
	for (i = 0; i < outs.n; i++) {
		ret = outfile_close(&outs.out[i].file);
		if (ret) {
			bench_set_error(b, ret);
			goto out;
		}
	}
	for (i = 0; i < outs.n; i++) {
		ret = outfile_commit(&outs.out[i].file);
		if (ret) {
			bench_set_error(b, ret);
			goto out;
		}
	}
	printf("\nbench %s: wrote %s/%s.json, %s.csv", b->subject,
	       b->opt.outdir, b->subject, b->subject);
	if (curves)
		printf(" and %d gnuplot script%s%s", curves,
		       curves > 1 ? "s" : "", plot ? " with PNGs" : "");
	printf("\n");
	if (curves && !plot)
		printf("bench %s: note: gnuplot is not on PATH, so no PNG was drawn "
		       "(install gnuplot-nox, then run the .gp scripts)\n",
		       b->subject);
out:
	for (i = 0; i < outs.n; i++)
		outfile_abort(&outs.out[i].file);
	kfree(outs.out);
}
