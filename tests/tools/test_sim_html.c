// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_sim_html.c - the explorer page of kstruct sim --html
 * (tools/sim_html.c).
 *
 * Every page is read back as a browser would not: its tags must nest,
 * nothing in it may point anywhere, its embedded report must be the
 * run's JSON report, and its charts must say what the run did.  One
 * rect.run per switch to a task (the report's switches, counted by the
 * simulator's own hooks), each CPU's runs adding up to its busy ticks and
 * each task's to its run time, the runqueues recorded at each tick
 * running the task the chart shows there, and every run's reason for
 * ending agreeing with the ftrace line of the switch that ended it.
 * Small workloads are worked by hand; the snapshot rule, the limits,
 * escaping and every failed allocation are checked too.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/sim/load.h"
#include "tools/sim_html.h"

/* ------------------------------------------------------------ a page */

#define MAX_PIDS 4096

/* what a run measured, kept past sim_destroy() */
struct page {
	char *html;
	size_t len;
	char *report; /* sim_report_json() of the run */
	size_t report_len;
	char *trace; /* its ftrace text */
	size_t trace_len;
	int ret;
	unsigned int nr_cpus;
	unsigned int hz; /* the run's: the trace's times are in us */
	unsigned long long ticks;
	/*
	 * the first run's clock units (its report's times) a second, and per
	 * tick: the page draws its times in ticks, with a fraction under a
	 * class with hrtimers; its end in those units
	 */
	unsigned int clock_hz, upt;
	unsigned long long clock;
	unsigned long switches; /* the report's, summed over tasks */
	unsigned long long busy[SIM_MAX_CPUS];
	unsigned long long runtime[MAX_PIDS];
	const char *why; /* sim_html_why() */
	char why_text[256];
};

/*
 * Run @workload into a page of @nr classes (@classes, NULL: o1), with
 * @lim (NULL: the defaults).  pg->ret is the first error.
 */
static void make_page(struct page *pg, const char *workload,
		      struct sim_options *opt,
		      const struct sched_class *const *classes, unsigned int nr,
		      const struct sim_html_limits *lim)
{
	struct sim_workload *wl = NULL;
	struct sim_html *h = NULL;
	FILE *page, *report, *trace;
	unsigned int i, c;
	unsigned long k;

	memset(pg, 0, sizeof(*pg));
	page = open_memstream(&pg->html, &pg->len);
	report = open_memstream(&pg->report, &pg->report_len);
	trace = open_memstream(&pg->trace, &pg->trace_len);
	CU_ASSERT_FATAL(page && report && trace);
	pg->ret = load(workload, opt->nr_cpus ? opt->nr_cpus : 4, &wl);
	if (!pg->ret)
		pg->ret = sim_html_new(lim, nr, &h);
	for (i = 0; !pg->ret && i < nr; i++) {
		struct sim_options o = *opt;
		const struct sim_report *r;
		struct sim *s = NULL;

		o.sched_class = classes ? classes[i] : NULL;
		o.trace = i == 0 ? trace : NULL;
		pg->ret = sim_html_begin_run(
			h, o.sched_class ? o.sched_class->name : "o1", &o);
		if (!pg->ret)
			pg->ret = sim_create(wl, &o, &s);
		if (!pg->ret)
			pg->ret = sim_run(s);
		r = pg->ret ? NULL : sim_report(s);
		if (!pg->ret && !r)
			pg->ret = -ENOMEM;
		if (!pg->ret && i == 0) {
			pg->nr_cpus = r->nr_cpus;
			pg->hz = r->hz;
			pg->ticks = r->ticks;
			pg->clock_hz = r->clock_hz;
			pg->upt = r->clock_hz / r->hz;
			pg->clock = r->clock;
			for (c = 0; c < r->nr_cpus; c++)
				pg->busy[c] = r->cpus[c].busy;
			for (k = 0; k < r->nr_tasks; k++) {
				pg->switches += sim_report_task(r, k)->switches;
				if (sim_report_task(r, k)->pid < MAX_PIDS)
					pg->runtime[sim_report_task(r, k)->pid] =
						sim_report_task(r, k)->runtime;
			}
			pg->ret = sim_report_json(report, r, wl);
		}
		if (!pg->ret)
			pg->ret = sim_html_end_run(h, r, wl);
		sim_destroy(s);
	}
	if (!pg->ret)
		pg->ret = sim_html_write(h, page);
	if (h && sim_html_why(h)) {
		snprintf(pg->why_text, sizeof(pg->why_text), "%s",
			 sim_html_why(h));
		pg->why = pg->why_text;
	}
	sim_html_free(h);
	sim_workload_free(wl);
	fclose(page);
	fclose(report);
	fclose(trace);
}

static void free_page(struct page *pg)
{
	free(pg->html);
	free(pg->report);
	free(pg->trace);
}

/* ------------------------------------------------------------ reading */

/* the value of attribute @name in the tag from @tag to @end, or NULL */
static char *attr(const char *tag, const char *end, const char *name, char *out,
		  size_t len)
{
	char key[32];
	const char *v, *q;

	snprintf(key, sizeof(key), " %s=\"", name);
	v = strstr(tag, key);
	if (!v || v > end)
		return NULL;
	v += strlen(key);
	q = strchr(v, '"');
	if (!q || q > end || (size_t)(q - v) >= len)
		return NULL;
	memcpy(out, v, q - v);
	out[q - v] = '\0';
	return out;
}

static json_t *rebuild_frames(const json_t *snaps, unsigned int cpu);
static json_t *rebuild_at(const json_t *snaps, unsigned int nr_cpus);

/* one rect.run as the page has it */
struct run_rect {
	int pid, prio;
	long q; /* data-q: its CPU's runqueue frame at the pick, or -1 */
	unsigned int cpu;
	unsigned long long start, end;
	char why[16];
	bool zero, matched;
};

/* every rect.run of the @section-th run section; Return: how many */
/* @v, ticks as the page writes them, in clock units (@upt a tick) */
static unsigned long long page_time(const char *v, unsigned int upt)
{
	return llround(strtod(v, NULL) * upt);
}

static size_t read_runs(const char *html, unsigned int section,
			unsigned int upt, struct run_rect **out)
{
	const char *p = html, *stop;
	size_t n = 0, cap = 64;
	struct run_rect *r = calloc(cap, sizeof(*r));
	char key[32], v[32];
	unsigned int i;

	for (i = 0; i <= section && p; i++)
		p = strstr(p + 1, "<section class=\"run\"");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	stop = strstr(p, "</section>");
	CU_ASSERT_PTR_NOT_NULL_FATAL(stop);
	snprintf(key, sizeof(key), "<rect class=\"run");
	while ((p = strstr(p, key)) && p < stop) {
		const char *end = strchr(p, '>'), *title, *lines;
		struct run_rect *x;
		unsigned long long len;

		p += strlen(key);
		if (*p != '"' && *p != ' ')
			continue; /* "running": a task row's */
		if (n == cap)
			r = realloc(r, (cap *= 2) * sizeof(*r));
		x = &r[n++];
		memset(x, 0, sizeof(*x));
		x->zero = !strncmp(p, " zero\"", 6);
		CU_ASSERT_PTR_NOT_NULL(attr(p, end, "data-pid", v, sizeof(v)));
		x->pid = atoi(v);
		x->q = attr(p, end, "data-q", v, sizeof(v)) ? atol(v) : -1;
		CU_ASSERT_PTR_NOT_NULL(attr(p, end, "x", v, sizeof(v)));
		x->start = page_time(v, upt);
		CU_ASSERT_PTR_NOT_NULL(attr(p, end, "width", v, sizeof(v)));
		len = x->zero ? 0 : page_time(v, upt);
		CU_ASSERT(x->zero ? !strcmp(v, "0.3") : len > 0);
		x->end = x->start + len;
		/* the title says the same, and why the run ended */
		title = strstr(end, "<title>");
		CU_ASSERT_FATAL(title == end + 1);
		lines = strstr(title, " pid ");
		CU_ASSERT_FATAL(lines != NULL);
		{
			int pid;
			char a[32], b[32], l[32];

			CU_ASSERT_EQUAL(
				sscanf(lines,
				       " pid %d \xc2\xb7 prio %d "
				       "\xc2\xb7 CPU %u\nticks %31[0-9.]"
				       "\xe2\x80\x93%31[0-9.]: %31[0-9.] tick",
				       &pid, &x->prio, &x->cpu, a, b, l),
				6);
			CU_ASSERT_EQUAL(pid, x->pid);
			CU_ASSERT_EQUAL(page_time(a, upt), x->start);
			CU_ASSERT_EQUAL(page_time(b, upt), x->end);
			CU_ASSERT_EQUAL(page_time(l, upt), len);
		}
		lines = strstr(lines, ")\n");
		CU_ASSERT_FATAL(lines != NULL);
		sscanf(lines + 2, "%15[a-z ]", x->why);
	}
	*out = r;
	return n;
}

/* the JSON inside the element that begins with @open (its first one) */
static json_t *embedded(const char *html, const char *open, unsigned int nth)
{
	const char *p = html, *end;
	json_error_t err;
	char *text;
	json_t *j;
	unsigned int i;

	for (i = 0; i <= nth && p; i++)
		p = strstr(i ? p + 1 : p, open);
	if (!p)
		return NULL;
	p += strlen(open);
	end = strstr(p, "</script>");
	if (!end)
		return NULL;
	text = strndup(p, end - p);
	j = json_loads(text, 0, &err);
	if (!j)
		fprintf(stderr, "\nembedded JSON: %s at %d\n", err.text,
			err.position);
	free(text);
	return j;
}

static const char *const void_tags[] = { "meta", "input", "br", "link" };

/*
 * The page's tags nest (an SVG element may close itself), <script> and
 * <style> hold raw text, nothing has a src, href or other address, and
 * no text in it names a scheme ("://").  Return: true when so.
 */
static bool well_formed(const char *html)
{
	char stack[64][16], name[16];
	const char *p = html;
	int depth = 0, n;
	unsigned int i;

	if (strncmp(p, "<!DOCTYPE html>\n", 16) || strstr(html, "://"))
		return false;
	p += 16;
	while ((p = strchr(p, '<'))) {
		const char *end = strchr(p, '>');
		bool closing = p[1] == '/', self = false, is_void = false;

		if (!end)
			return false;
		if (sscanf(p + 1 + closing, "%15[a-zA-Z0-9]%n", name, &n) != 1)
			return false;
		self = end[-1] == '/';
		for (i = 0; i < ARRAY_SIZE(void_tags); i++)
			is_void |= !strcmp(name, void_tags[i]);
		if (!closing) {
			char v[256];
			static const char *const refs[] = {
				"src",	"href",	  "action",	"srcset",
				"data", "poster", "background", "xlink:href",
			};

			for (i = 0; i < ARRAY_SIZE(refs); i++)
				if (attr(p, end, refs[i], v, sizeof(v)))
					return false;
		}
		if (closing) {
			if (!depth || strcmp(stack[--depth], name))
				return false;
		} else if (!self && !is_void) {
			if (depth == 64)
				return false;
			strcpy(stack[depth++], name);
			if (!strcmp(name, "script") || !strcmp(name, "style")) {
				char close[24];

				snprintf(close, sizeof(close), "</%s>", name);
				end = strstr(end, close);
				if (!end)
					return false;
				end--; /* at the closing tag next */
			}
		}
		p = end + 1;
	}
	return depth == 0;
}

/* ------------------------------------------------ what a page must say */

/* the run of @cpu covering tick @t (the last tick: the one still on) */
static const struct run_rect *running_at(const struct run_rect *r, size_t n,
					 unsigned int cpu, unsigned long long t,
					 unsigned long long last)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (r[i].cpu == cpu && ((r[i].start <= t && t < r[i].end) ||
					(t == last && r[i].end == last &&
					 !strcmp(r[i].why, "run ended"))))
			return &r[i];
	return NULL;
}

/*
 * Every sched_switch line of the trace ends the run its prev task had on
 * that CPU, for the reason its prev_state gives; every run is ended by
 * one, or by the end of the run.
 */
static void check_reasons(const struct page *pg, struct run_rect *r, size_t n)
{
	const char *line = pg->trace, *nl;
	unsigned long lines = 0;
	size_t i;

	for (; line && *line; line = nl ? nl + 1 : NULL) {
		unsigned long long sec, us, tick;
		unsigned int cpu;
		int pp, np, k;
		char state;
		const char *sw = strstr(line, "sched_switch: ");

		nl = strchr(line, '\n');
		if (line[0] == '#' || !sw || (nl && sw > nl))
			continue;
		CU_ASSERT_FATAL(sscanf(strchr(line, '['),
				       "[%u] d..2 %llu.%llu:", &cpu, &sec,
				       &us) == 3);
		CU_ASSERT_FATAL(sscanf(strstr(sw, "prev_pid="), "prev_pid=%d",
				       &pp) == 1);
		CU_ASSERT_FATAL(sscanf(strstr(sw, "prev_state="),
				       "prev_state=%c", &state) == 1);
		CU_ASSERT_FATAL(sscanf(strstr(sw, "next_pid="), "next_pid=%d",
				       &np) == 1);
		lines++;
		/* in clock units: ticks, or µs */
		tick = (sec * 1000000 + us) * pg->clock_hz / 1000000;
		if (!pp)
			continue;
		for (i = 0; i < n; i++)
			if (!r[i].matched && r[i].pid == pp &&
			    r[i].cpu == cpu && r[i].end == tick)
				break;
		CU_ASSERT_FATAL(i < n);
		r[i].matched = true;
		k = strchr("SD", state) ? !strcmp(r[i].why, "slept") :
		    strchr("ZX", state) ? !strcmp(r[i].why, "exited") :
		    state == 'R'	? (!strcmp(r[i].why, "preempted") ||
					   !strcmp(r[i].why, "yielded") ||
					   (!strcmp(r[i].why, "migrated") && !np)) :
					  0;
		CU_ASSERT(k);
		if (!k)
			fprintf(stderr, "\n%.*s: %s\n", (int)(nl - line), line,
				r[i].why);
	}
	CU_ASSERT(lines > 0);
	for (i = 0; i < n; i++)
		CU_ASSERT(r[i].matched == !!strcmp(r[i].why, "run ended"));
}

/* everything a page of one run must satisfy; Return: its rect.run */
static size_t check_page(const struct page *pg, struct run_rect **out)
{
	unsigned long long busy[SIM_MAX_CPUS] = { 0 };
	unsigned long long *runtime = calloc(MAX_PIDS, sizeof(*runtime));
	json_t *report, *expect, *snaps, *ticks, *at;
	struct run_rect *r;
	size_t n, i, t;
	unsigned int c;

	CU_ASSERT_FATAL(runtime != NULL);
	CU_ASSERT(well_formed(pg->html));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(pg->html, "<meta http-equiv=\"Content-Security-Policy\" "
				 "content=\"default-src 'none'; "));
	/* the report, whole: the same JSON as --json prints */
	report = embedded(pg->html,
			  "<script type=\"application/json\" id=\"report\">",
			  0);
	expect = json_loads(pg->report, 0, NULL);
	CU_ASSERT_PTR_NOT_NULL(report);
	CU_ASSERT_PTR_NOT_NULL(expect);
	CU_ASSERT(json_equal(report, expect));
	json_decref(report);
	json_decref(expect);
	/* a rect.run per switch to a task, adding up to busy and run time */
	n = read_runs(pg->html, 0, pg->upt, &r);
	CU_ASSERT_EQUAL(n, pg->switches);
	for (i = 0; i < n; i++) {
		CU_ASSERT_FATAL(r[i].cpu < pg->nr_cpus && r[i].pid < MAX_PIDS);
		busy[r[i].cpu] += r[i].end - r[i].start;
		runtime[r[i].pid] += r[i].end - r[i].start;
		CU_ASSERT(r[i].end <= pg->clock);
		CU_ASSERT(r[i].prio >= 0 && r[i].prio < 140);
	}
	for (c = 0; c < pg->nr_cpus; c++)
		CU_ASSERT_EQUAL(busy[c], pg->busy[c]);
	CU_ASSERT(!memcmp(runtime, pg->runtime, MAX_PIDS * sizeof(*runtime)));
	check_reasons(pg, r, n);
	/* the runqueues at each recorded tick run what the chart shows */
	snaps = embedded(
		pg->html,
		"<script type=\"application/json\" class=\"snapshots\">", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(snaps);
	ticks = json_object_get(snaps, "ticks");
	at = rebuild_at(snaps, pg->nr_cpus);
	CU_ASSERT(json_array_size(ticks) > 0);
	CU_ASSERT_EQUAL(json_array_size(ticks), json_array_size(at));
	CU_ASSERT_EQUAL((unsigned long long)json_integer_value(
				json_object_get(snaps, "last")),
			pg->ticks);
	for (t = 0; t < json_array_size(ticks); t++) {
		unsigned long long tick =
			json_integer_value(json_array_get(ticks, t));
		unsigned long long stride =
			json_integer_value(json_object_get(snaps, "stride"));
		unsigned long long from =
			json_integer_value(json_object_get(snaps, "from"));
		json_t *cpus = json_array_get(at, t);

		/* every tick to @from, then every stride-th, and the last */
		CU_ASSERT(stride == 1 || tick <= from || tick % 2 == 0 ||
			  tick == pg->ticks);
		if (t && (stride == 1 || tick <= from)) {
			CU_ASSERT_EQUAL(tick,
					(unsigned long long)json_integer_value(
						json_array_get(ticks, t - 1)) +
						1);
		}
		CU_ASSERT_EQUAL(json_array_size(cpus), pg->nr_cpus);
		for (c = 0; c < json_array_size(cpus); c++) {
			json_t *curr = json_object_get(json_array_get(cpus, c),
						       "curr");
			const struct run_rect *on =
				running_at(r, n, c, tick * pg->upt, pg->clock);
			int pid = json_is_object(curr) ?
					  json_integer_value(json_object_get(
						  curr, "pid")) :
					  0;

			CU_ASSERT_EQUAL(pid, on ? on->pid : 0);
		}
	}
	json_decref(at);
	/* the runqueue at each run's pick: its task just switched in */
	for (c = 0; c < pg->nr_cpus; c++) {
		json_t *frames = rebuild_frames(snaps, c);
		size_t picked = 0;

		for (i = 0; i < n; i++) {
			json_t *q, *curr;

			if (r[i].cpu != c || r[i].q < 0)
				continue;
			q = json_array_get(frames, r[i].q);
			curr = json_object_get(q, "curr");
			CU_ASSERT_PTR_NOT_NULL_FATAL(q);
			/*
			 * recorded with the first whole tick at or after the
			 * run's start (its start in clock units, upt a tick)
			 */
			CU_ASSERT_EQUAL(
				json_integer_value(json_array_get(
					json_array_get(
						json_array_get(
							json_object_get(snaps,
									"cpus"),
							c),
						r[i].q),
					0)),
				(json_int_t)((r[i].start + pg->upt - 1) /
					     pg->upt));
			CU_ASSERT_EQUAL(json_integer_value(
						json_object_get(curr, "pid")),
					r[i].pid);
			picked++;
		}
		/* every run has its pick's runqueue (the budget allows) */
		if (json_integer_value(json_object_get(snaps, "stride")) == 1) {
			CU_ASSERT(picked > 0 || !busy[c]);
		}
		json_decref(frames);
	}
	json_decref(snaps);
	free(runtime);
	*out = r;
	return n;
}

/* ------------------------------------------- the recorded runqueues */

/*
 * The page's runqueues are frames of changes (tools/sim_html.c, struct
 * html_stream); these rebuild them as the page's script does, written
 * again here from the format's description.
 */

/* the container holding the last key of path @i, and that key */
static json_t *walk_path(json_t *s, const json_t *paths, size_t i, char *last,
			 size_t len)
{
	char buf[512], *k, *save = NULL, *next;

	snprintf(buf, sizeof(buf), "%s",
		 json_string_value(json_array_get(paths, i)));
	for (k = strtok_r(buf, ".", &save); k; k = next) {
		next = strtok_r(NULL, ".", &save);
		if (!next) {
			snprintf(last, len, "%s", k);
			return s;
		}
		s = json_is_array(s) ? json_array_get(s, atoi(k)) :
				       json_object_get(s, k);
	}
	return NULL;
}

static json_t *member(json_t *c, const char *k)
{
	return json_is_array(c) ? json_array_get(c, atoi(k)) :
				  json_object_get(c, k);
}

static void apply_ops(json_t *s, const json_t *paths, const json_t *ops)
{
	const json_t *op;
	char k[128], kf[128];
	json_t *c, *f;
	size_t i;

	json_array_foreach(ops, i, op)
	{
		c = walk_path(s, paths,
			      json_integer_value(json_array_get(op, 0)), k,
			      sizeof(k));
		CU_ASSERT_PTR_NOT_NULL_FATAL(c);
		switch (json_array_size(op)) {
		case 1:
			CU_ASSERT_EQUAL(json_object_del(c, k), 0);
			break;
		case 2:
			f = json_deep_copy(json_array_get(op, 1));
			if (json_is_array(c) &&
			    (size_t)atoi(k) == json_array_size(c))
				json_array_append_new(c, f);
			else if (json_is_array(c))
				json_array_set_new(c, atoi(k), f);
			else
				json_object_set_new(c, k, f);
			break;
		case 3:
			f = member(c, k);
			while (json_array_size(f) >
			       (size_t)json_integer_value(
				       json_array_get(op, 2)))
				json_array_remove(f, json_array_size(f) - 1);
			break;
		default:
			f = walk_path(s, paths,
				      json_integer_value(json_array_get(op, 3)),
				      kf, sizeof(kf));
			CU_ASSERT_PTR_NOT_NULL_FATAL(f);
			json_object_set_new(c, k,
					    json_deep_copy(member(f, kf)));
		}
	}
}

static json_t *unflatten(const json_t *v, const json_t *V);

/* node @id of @nodes with its children linked again */
static json_t *link_node(const json_t *nodes, const json_t *id, const json_t *V)
{
	const json_t *n = json_object_get(nodes, json_string_value(id));
	json_t *out;

	if (!json_is_string(id) || !n)
		return json_null();
	out = unflatten(n, V);
	json_object_set_new(out, "left",
			    link_node(nodes, json_object_get(n, "left"), V));
	json_object_set_new(out, "right",
			    link_node(nodes, json_object_get(n, "right"), V));
	return out;
}

/* a flat state as sched_snapshot() has it (trees linked, eevdf's lag) */
static json_t *unflatten(const json_t *v, const json_t *V)
{
	const json_t *nodes = json_object_get(v, "nodes"), *x;
	const char *k;
	json_t *out;
	size_t i;

	if (json_is_array(v)) {
		out = json_array();
		json_array_foreach(v, i, x)
			json_array_append_new(out, unflatten(x, V));
		return out;
	}
	if (!json_is_object(v))
		return json_deep_copy(v);
	if (json_object_get(v, "avg_vruntime"))
		V = json_object_get(v, "avg_vruntime");
	out = json_object();
	json_object_foreach((json_t *)v, k, x)
	{
		if (!strcmp(k, "nodes"))
			continue;
		json_object_set_new(out, k,
				    nodes && !strcmp(k, "root") ?
					    link_node(nodes, x, V) :
					    unflatten(x, V));
	}
	if (V && json_object_get(out, "deadline") &&
	    !json_object_get(out, "lag"))
		json_object_set_new(
			out, "lag",
			json_integer(json_integer_value(V) -
				     json_integer_value(json_object_get(
					     out, "vruntime"))));
	return out;
}

/*
 * Every frame of @cpu's stream, rebuilt (as sched_snapshot() objects, in
 * an array); each key frame that carries its changes must equal them
 * applied to the frame before.
 */
static json_t *rebuild_frames(const json_t *snaps, unsigned int cpu)
{
	const json_t *paths = json_object_get(snaps, "paths"), *fr;
	json_t *frames = json_array_get(json_object_get(snaps, "cpus"), cpu);
	json_t *state = NULL, *all = json_array();
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(frames);
	json_array_foreach(frames, i, fr)
	{
		json_t *data = json_array_get(fr, 2);

		if (json_is_object(data)) {
			if (json_array_size(fr) > 3) {
				CU_ASSERT_PTR_NOT_NULL_FATAL(state);
				apply_ops(state, paths, json_array_get(fr, 3));
				CU_ASSERT(json_equal(state, data));
			}
			json_decref(state);
			state = json_deep_copy(data);
		} else {
			CU_ASSERT_PTR_NOT_NULL_FATAL(state);
			apply_ops(state, paths, data);
		}
		json_array_append_new(all, unflatten(state, NULL));
	}
	json_decref(state);
	return all;
}

/*
 * The runqueues at the end of each recorded tick, as the page had them
 * before it recorded changes: [[CPU 0's snapshot, ...] per tick of
 * "ticks"] (the last frame of each CPU at or before the tick).
 */
static json_t *rebuild_at(const json_t *snaps, unsigned int nr_cpus)
{
	json_t *ticks = json_object_get(snaps, "ticks"), *at = json_array();
	json_t *frames[SIM_MAX_CPUS];
	size_t t, i[SIM_MAX_CPUS] = { 0 };
	unsigned int c;

	for (c = 0; c < nr_cpus; c++)
		frames[c] = rebuild_frames(snaps, c);
	for (t = 0; t < json_array_size(ticks); t++) {
		json_int_t tick = json_integer_value(json_array_get(ticks, t));
		json_t *cpus = json_array();
		json_t *fr;

		for (c = 0; c < nr_cpus; c++) {
			fr = json_array_get(json_object_get(snaps, "cpus"), c);
			while (i[c] + 1 < json_array_size(fr) &&
			       json_integer_value(json_array_get(
				       json_array_get(fr, i[c] + 1), 0)) <=
				       tick)
				i[c]++;
			json_array_append(cpus,
					  json_array_get(frames[c], i[c]));
		}
		json_array_append_new(at, cpus);
	}
	for (c = 0; c < nr_cpus; c++)
		json_decref(frames[c]);
	return at;
}

/* ---------------------------------------------------------- the tests */

static void test_every_workload(void)
{
	static const char *const files[] = {
		"sim/workloads/mixed.json",
		"sim/workloads/periodic.json",
		"sim/workloads/forks.json",
		"sim/workloads/affinity.json",
		"sim/workloads/pipeline.json",
		"tests/sim/workloads/mutex.json",
		"tests/sim/workloads/cond.json",
		"tests/sim/workloads/barrier.json",
		"tests/sim/workloads/suspend.json",
	};
	/* a small budget: the stride grows, as in long runs */
	struct sim_html_limits lim = { .max_runs = 100000,
				       .max_tasks = 1000,
				       .snapshot_bytes = 64 << 10 };
	const struct sim_builtin *b;
	unsigned int i, k;

	for (k = 0; sched_classes[k]; k++) {
		for (b = sim_builtins; b->name; b++) {
			struct sim_options o = { .nr_cpus = 3,
						 .seed = 2,
						 .duration_usec = 150000 };
			struct run_rect *r;
			struct page pg;

			make_page(&pg, b->name, &o, &sched_classes[k], 1, &lim);
			CU_ASSERT_EQUAL(pg.ret, 0);
			if (!pg.ret) {
				CU_ASSERT(check_page(&pg, &r) > 0);
				free(r);
			}
			free_page(&pg);
		}
	}
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		struct sim_options o = { .nr_cpus = 4,
					 .seed = 1,
					 .duration_usec = 200000 };
		struct run_rect *r;
		struct page pg;

		make_page(&pg, files[i], &o, NULL, 1, &lim);
		CU_ASSERT_EQUAL(pg.ret, 0);
		if (!pg.ret) {
			CU_ASSERT(check_page(&pg, &r) > 0);
			free(r);
		}
		free_page(&pg);
	}
}

/* the runs of a one-CPU workload, as (start, end, why) */
static void expect_runs(const char *workload, unsigned long long usec,
			const unsigned long long (*want)[2],
			const char *const *why, size_t nr)
{
	struct sim_options o = { .nr_cpus = 1, .duration_usec = usec };
	struct run_rect *r;
	struct page pg;
	size_t n, i;

	make_page(&pg, workload, &o, NULL, 1, NULL);
	CU_ASSERT_EQUAL_FATAL(pg.ret, 0);
	n = check_page(&pg, &r);
	CU_ASSERT_EQUAL(n, nr);
	for (i = 0; i < n && i < nr; i++) {
		CU_ASSERT_EQUAL(r[i].start, want[i][0]);
		CU_ASSERT_EQUAL(r[i].end, want[i][1]);
		CU_ASSERT_STRING_EQUAL(r[i].why, why[i]);
		CU_ASSERT_EQUAL(r[i].zero, r[i].start == r[i].end);
	}
	free(r);
	free_page(&pg);
}

/*
 * Run 2 ticks, sleep 3, alone: it runs [0,2), sleeps until 5, ... and is
 * woken and switched to at tick 20, the last, where the run ends.
 */
static void test_slept_by_hand(void)
{
	static const unsigned long long want[][2] = {
		{ 0, 2 }, { 5, 7 }, { 10, 12 }, { 15, 17 }, { 20, 20 },
	};
	static const char *const why[] = {
		"slept", "slept", "slept", "slept", "run ended",
	};

	expect_runs("{\"tasks\": {\"s\": {\"run\": 2000, \"sleep\": 3000}}}",
		    20000, want, why, ARRAY_SIZE(want));
}

/*
 * Two tasks that run 2 ticks and yield: 2.5.33's sys_sched_yield()
 * moves the yielder to the expired array, so the other runs; they take
 * turns every 2 ticks, and at tick 20 the second yields to the first,
 * whose run has just begun when the run ends.
 */
static void test_yielded_by_hand(void)
{
	unsigned long long want[11][2];
	const char *why[11];
	unsigned int i;

	for (i = 0; i < 11; i++) {
		want[i][0] = 2 * i;
		want[i][1] = i < 10 ? 2 * i + 2 : 20;
		why[i] = i < 10 ? "yielded" : "run ended";
	}
	expect_runs(
		"{\"tasks\": {\"y\": {\"instance\": 2, \"run\": 2000, \"yield\": 0}}}",
		20000, (const unsigned long long(*)[2])want, why, 11);
}

/* a task that runs 3 ticks once and exits; then the CPU is idle */
static void test_exited_by_hand(void)
{
	static const unsigned long long want[][2] = { { 0, 3 } };
	static const char *const why[] = { "exited" };

	expect_runs("{\"tasks\": {\"e\": {\"loop\": 1, \"run\": 3000}}}", 10000,
		    want, why, 1);
}

/*
 * Two nice-0 hogs on one CPU: each runs its whole timeslice and is
 * preempted by the other.  2.5.33's task_timeslice() for nice 0 is
 * MIN_TIMESLICE + (MAX - MIN) * (MAX_PRIO - 1 - 120) / (MAX_USER_PRIO -
 * 1) = 10 + 290 * 19 / 39 = 151 ticks at HZ=1000.
 */
static void test_preempted_by_hand(void)
{
	static const unsigned long long want[][2] = {
		{ 0, 151 },
		{ 151, 302 },
		{ 302, 400 },
	};
	static const char *const why[] = {
		"preempted",
		"preempted",
		"run ended",
	};

	expect_runs("{\"tasks\": {\"h\": {\"instance\": 2, \"run\": 1000000}}}",
		    400000, want, why, ARRAY_SIZE(want));
}

/*
 * affinity.json moves running tasks off their CPU (set_cpus_allowed()
 * and a migration thread): those runs end "migrated", each where the
 * trace has the switch to idle and then the task's move in that tick.
 */
static void test_migrated(void)
{
	struct sim_options o = { .nr_cpus = 4,
				 .seed = 1,
				 .duration_usec = 300000 };
	struct run_rect *r;
	struct page pg;
	size_t n, i, migrated = 0;

	make_page(&pg, "sim/workloads/affinity.json", &o, NULL, 1, NULL);
	CU_ASSERT_EQUAL_FATAL(pg.ret, 0);
	n = check_page(&pg, &r);
	for (i = 0; i < n; i++) {
		char line[160], ts[32];
		unsigned long long t = r[i].end;

		if (strcmp(r[i].why, "migrated"))
			continue;
		migrated++;
		snprintf(ts, sizeof(ts), "%llu.%06llu", t / 1000,
			 t % 1000 * 1000);
		snprintf(line, sizeof(line),
			 "[%03u] d..2 %12s: sched_switch: prev_comm=", r[i].cpu,
			 ts);
		CU_ASSERT_PTR_NOT_NULL(strstr(pg.trace, line));
		snprintf(line, sizeof(line),
			 " pid=%d prio=%d orig_cpu=%u dest_cpu=", r[i].pid,
			 r[i].prio, r[i].cpu);
		CU_ASSERT_PTR_NOT_NULL(strstr(pg.trace, line));
	}
	CU_ASSERT(migrated > 0);
	free(r);
	free_page(&pg);
}

/*
 * The recording rule with a small budget: every tick to "from", then a
 * power-of-2 stride's multiples and the last, the frames near the
 * budget, and the page says so.
 */
static void test_sampling(void)
{
	struct sim_html_limits lim = { .max_runs = 100000,
				       .max_tasks = 100,
				       .snapshot_bytes = 20000 };
	struct sim_options o = { .nr_cpus = 2, .duration_usec = 1001000 };
	struct run_rect *r;
	struct page pg;
	json_t *snaps, *ticks;
	unsigned long long stride, from, prev = 0;
	size_t i, bytes;
	char says[160];

	make_page(&pg, "hogs", &o, NULL, 1, &lim);
	CU_ASSERT_EQUAL_FATAL(pg.ret, 0);
	free(r = NULL);
	check_page(&pg, &r);
	free(r);
	snaps = embedded(
		pg.html,
		"<script type=\"application/json\" class=\"snapshots\">", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(snaps);
	stride = json_integer_value(json_object_get(snaps, "stride"));
	from = json_integer_value(json_object_get(snaps, "from"));
	ticks = json_object_get(snaps, "ticks");
	CU_ASSERT(stride > 1 && !(stride & (stride - 1)));
	CU_ASSERT(from > 0 && from < 1001);
	for (i = 0; i < json_array_size(ticks); i++) {
		unsigned long long t =
			json_integer_value(json_array_get(ticks, i));

		if (!i) {
			CU_ASSERT_EQUAL(t, 0);
		} else if (prev < from) {
			CU_ASSERT_EQUAL(t, prev + 1);
		} else {
			CU_ASSERT(t > prev && (t % 2 == 0 || t == 1001));
		}
		prev = t;
	}
	CU_ASSERT_EQUAL(prev, 1001);
	/* near the budget: the stride grew only as far as it had to */
	bytes = json_dumpb(json_object_get(snaps, "cpus"), NULL, 0,
			   JSON_COMPACT);
	CU_ASSERT(bytes <= 2 * lim.snapshot_bytes);
	CU_ASSERT(bytes * 4 > lim.snapshot_bytes);
	snprintf(says, sizeof(says),
		 "Runqueues recorded at every tick to tick %llu, then every ",
		 from);
	CU_ASSERT_PTR_NOT_NULL(strstr(pg.html, says));
	snprintf(says, sizeof(says),
		 "%lluth tick and at the last: %zu of 1002 ticks", stride,
		 json_array_size(ticks));
	CU_ASSERT_PTR_NOT_NULL(strstr(pg.html, says));
	json_decref(snaps);
	free_page(&pg);

	/* a short run is recorded at every tick */
	o.duration_usec = 50000;
	make_page(&pg, "hogs", &o, NULL, 1, NULL);
	CU_ASSERT_EQUAL_FATAL(pg.ret, 0);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(pg.html, "Runqueues recorded at every tick, 0 to 50,"));
	snaps = embedded(
		pg.html,
		"<script type=\"application/json\" class=\"snapshots\">", 0);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(snaps, "ticks")), 51);
	json_decref(snaps);
	free_page(&pg);
}

/* past a limit, the run stops with -EFBIG and a sentence that says why */
static void test_limits(void)
{
	struct sim_html_limits lim = { .max_runs = 10,
				       .max_tasks = 100,
				       .snapshot_bytes = 1 << 20 };
	struct sim_options o = { .nr_cpus = 2, .duration_usec = 2000000 };
	struct page pg;

	make_page(&pg, "mixed", &o, NULL, 1, &lim);
	CU_ASSERT_EQUAL(pg.ret, -EFBIG);
	CU_ASSERT_PTR_NOT_NULL_FATAL(pg.why);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(pg.why, "more than 10 task runs (at tick "));
	CU_ASSERT_PTR_NOT_NULL(strstr(pg.why, "--duration"));
	free_page(&pg);
	lim.max_runs = 100000;
	lim.max_tasks = 5;
	make_page(&pg, "fork", &o, NULL, 1, &lim);
	CU_ASSERT_EQUAL(pg.ret, -EFBIG);
	CU_ASSERT_PTR_NOT_NULL_FATAL(pg.why);
	CU_ASSERT_PTR_NOT_NULL(strstr(pg.why, "more than 5 tasks"));
	free_page(&pg);
}

/* names that look like markup stay text, and the JSON stays whole */
static void test_escaping(void)
{
	static const char *const wl =
		"{\"tasks\": {\"</script>\": {\"run\": 3000, \"sleep\": 1000},"
		" \"<!--<script>\": {\"run\": 2000, \"sleep\": 2000},"
		" \"&amp;'x'\": {\"run\": 5000}}}";
	struct sim_options o = { .nr_cpus = 2, .duration_usec = 30000 };
	struct run_rect *r;
	struct page pg;

	make_page(&pg, wl, &o, NULL, 1, NULL);
	CU_ASSERT_EQUAL_FATAL(pg.ret, 0);
	CU_ASSERT(check_page(&pg, &r) > 3);
	free(r);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(pg.html, "<title>&lt;/script&gt; \xc2\xb7 pid "));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(pg.html, "&amp;amp;&#39;x&#39; (4)</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(pg.html, "\"comm\":\"\\u003c/script>\""));
	CU_ASSERT_PTR_NULL(strstr(pg.html, "<!--"));
	free_page(&pg);
}

static void test_same_run_same_page(void)
{
	struct sim_options o = { .nr_cpus = 4,
				 .seed = 3,
				 .duration_usec = 300000 };
	struct page a, b;

	make_page(&a, "random", &o, NULL, 1, NULL);
	make_page(&b, "random", &o, NULL, 1, NULL);
	CU_ASSERT_EQUAL(a.ret, 0);
	CU_ASSERT(a.len > 10000 && a.len == b.len &&
		  !memcmp(a.html, b.html, a.len));
	free_page(&a);
	free_page(&b);
}

/* runs side by side: a section each, one stride, both reports */
static void test_side_by_side(void)
{
	static const struct sched_class *const classes[] = {
		&goodness_sched_class,
		&o1_sched_class,
	};
	struct sim_html_limits lim = { .max_runs = 100000,
				       .max_tasks = 100,
				       .snapshot_bytes = 40000 };
	/* one HZ for both, the budget shared: each run thins its ticks */
	struct sim_options o = {
		.nr_cpus = 2, .hz = 1000, .seed = 1, .duration_usec = 500000
	};
	json_t *report, *s0, *s1;
	struct run_rect *r0, *r1;
	struct page pg;
	size_t n0, n1;

	make_page(&pg, "interactive", &o, classes, 2, &lim);
	CU_ASSERT_EQUAL_FATAL(pg.ret, 0);
	CU_ASSERT(well_formed(pg.html));
	CU_ASSERT_PTR_NOT_NULL(strstr(pg.html,
				      "<section class=\"run\" "
				      "id=\"run-0\" data-label=\"goodness\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(pg.html,
				      "<section class=\"run\" "
				      "id=\"run-1\" data-label=\"o1\""));
	/* goodness and o1: both count ticks */
	n0 = read_runs(pg.html, 0, 1, &r0);
	n1 = read_runs(pg.html, 1, 1, &r1);
	CU_ASSERT_EQUAL(n0, pg.switches); /* the first run's */
	CU_ASSERT(n1 > 0);
	free(r0);
	free(r1);
	/* the report is the --compare document, a part per run */
	report = embedded(
		pg.html, "<script type=\"application/json\" id=\"report\">", 0);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(report, "workload")),
		"interactive");
	CU_ASSERT_EQUAL(json_array_size(json_object_get(report, "classes")), 2);
	s0 = embedded(pg.html,
		      "<script type=\"application/json\" class=\"snapshots\">",
		      0);
	s1 = embedded(pg.html,
		      "<script type=\"application/json\" class=\"snapshots\">",
		      1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s1);
	CU_ASSERT(json_integer_value(json_object_get(s0, "stride")) > 1);
	CU_ASSERT(json_integer_value(json_object_get(s1, "stride")) > 1);
	/* each near its half of the budget (a last key frame past it) */
	CU_ASSERT(json_dumpb(json_object_get(s0, "cpus"), NULL, 0,
			     JSON_COMPACT) <= lim.snapshot_bytes);
	CU_ASSERT(json_dumpb(json_object_get(s1, "cpus"), NULL, 0,
			     JSON_COMPACT) <= lim.snapshot_bytes);

	/* both end at the last tick */
	CU_ASSERT_EQUAL(
		json_integer_value(json_array_get(
			json_object_get(s0, "ticks"),
			json_array_size(json_object_get(s0, "ticks")) - 1)),
		500);
	CU_ASSERT_EQUAL(
		json_integer_value(json_array_get(
			json_object_get(s1, "ticks"),
			json_array_size(json_object_get(s1, "ticks")) - 1)),
		500);
	json_decref(report);
	json_decref(s0);
	json_decref(s1);
	free_page(&pg);
}

static void test_api_errors(void)
{
	struct sim_html_limits zero = { 0 };
	struct sim_options o = { .nr_cpus = 2 };
	struct sim_html *h = NULL;
	struct sim_report r = { .nr_cpus = 2, .hz = 1000 };

	CU_ASSERT_EQUAL(sim_html_new(NULL, 0, &h), -EINVAL);
	CU_ASSERT_EQUAL(sim_html_new(NULL, SIM_HTML_MAX_PAGE_RUNS + 1, &h),
			-EINVAL);
	CU_ASSERT_EQUAL(sim_html_new(&zero, 1, &h), -EINVAL);
	CU_ASSERT_EQUAL_FATAL(sim_html_new(NULL, 1, &h), 0);
	CU_ASSERT_PTR_NULL(sim_html_why(h));
	CU_ASSERT_EQUAL(sim_html_write(h, stdout), -EINVAL); /* no run */
	CU_ASSERT_EQUAL(sim_html_end_run(h, &r, NULL), -EINVAL);
	CU_ASSERT_EQUAL(sim_html_begin_run(h, "o1", &o), 0);
	CU_ASSERT_PTR_NOT_NULL(o.observer);
	CU_ASSERT_EQUAL(sim_html_begin_run(h, "o1", &o), -EINVAL);
	CU_ASSERT_EQUAL(sim_html_write(h, stdout), -EINVAL); /* open */
	sim_html_free(h);
	sim_html_free(NULL);
}

/* every allocation of a page's making failed in turn: an error, no leak */
static void test_fault_injection(void)
{
	struct sim_options o = { .nr_cpus = 2,
				 .seed = 1,
				 .duration_usec = 12000 };
	unsigned long n, failed = 0;
	long live = kmalloc_live();
	struct page pg;

	for_each_alloc_failure(n, make_page(&pg, "fork", &o, NULL, 1, NULL)) {
		CU_ASSERT(pg.ret == -ENOMEM);
		failed++;
		free_page(&pg);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
	CU_ASSERT_EQUAL(pg.ret, 0);
	free_page(&pg);
	CU_ASSERT(failed > 20);
	CU_ASSERT(n < 400);
}

/*
 * Runs of classes of different HZ on one page (no HZ given: goodness at
 * 100, cfs at 250): each section carries its own HZ and ticks, from which
 * the page puts them on one time axis (0.5 s: 50 and 125 ticks).
 */
static void test_side_by_side_own_hz(void)
{
	static const struct sched_class *const classes[] = {
		&goodness_sched_class,
		&cfs_sched_class,
	};
	struct sim_options o = { .nr_cpus = 2,
				 .seed = 1,
				 .duration_usec = 500000 };
	struct page pg;

	make_page(&pg, "interactive", &o, classes, 2, NULL);
	CU_ASSERT_EQUAL_FATAL(pg.ret, 0);
	CU_ASSERT(well_formed(pg.html));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		pg.html, "data-ticks=\"50\" data-cpus=\"2\" data-hz=\"100\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		pg.html, "data-ticks=\"125\" data-cpus=\"2\" data-hz=\"250\""));
	free_page(&pg);
}

/* every task entry of a snapshot's class queue (not the rt class's) */
static void snap_tasks(json_t *v, json_t *out)
{
	const char *key;
	json_t *x;
	size_t i;

	if (json_is_array(v)) {
		json_array_foreach(v, i, x) snap_tasks(x, out);
		return;
	}
	if (!json_is_object(v))
		return;
	if (json_is_string(json_object_get(v, "class")) &&
	    !strcmp(json_string_value(json_object_get(v, "class")), "rt"))
		return;
	if (json_is_integer(json_object_get(v, "pid")) &&
	    json_object_get(v, "policy")) {
		char pid[16];

		snprintf(pid, sizeof(pid), "%lld",
			 json_integer_value(json_object_get(v, "pid")));
		json_object_set(out, pid, v);
	}
	json_object_foreach(v, key, x) if (strcmp(key, "curr") ||
					   !json_object_get(v, "nr_switches"))
		snap_tasks(x, out);
}

/* the row of @rows in force at @tick: the last one at or before it */
static json_t *row_at(json_t *rows, unsigned long long tick)
{
	json_t *row, *found = NULL;
	size_t i;

	json_array_foreach(rows, i, row)
	{
		if ((unsigned long long)json_integer_value(
			    json_array_get(row, 0)) > tick)
			break;
		found = row;
	}
	return found;
}

/*
 * The quantities over time, kept as their changes, give at every
 * recorded tick the value the snapshot of that tick has, for every task
 * queued then (and none for a task off the queues); every wake-up is
 * followed by a run of its task at the tick it says.
 */
static void test_quantities(void)
{
	static const char *const field[] = { "counter", "sleep_avg", "vruntime",
					     "vruntime" };
	unsigned int c;

	for (c = 0; sched_classes[c]; c++) {
		struct sim_options o = { .nr_cpus = 2,
					 .hz = 1000,
					 .seed = 1,
					 .duration_usec = 300000 };
		const struct sched_class *cls = sched_classes[c];
		json_t *series, *snaps, *fields, *wake, *at;
		unsigned long checked = 0, ran = 0;
		size_t t, i, col = 0;
		struct run_rect *r;
		struct page pg;
		size_t n;

		CU_ASSERT_STRING_EQUAL(cls->name, c == 0 ? "goodness" :
						  c == 1 ? "o1" :
						  c == 2 ? "cfs" :
							   "eevdf");
		make_page(&pg, "mixed", &o, &cls, 1, NULL);
		CU_ASSERT_EQUAL_FATAL(pg.ret, 0);
		n = read_runs(pg.html, 0, pg.upt, &r);
		series = embedded(
			pg.html,
			"<script type=\"application/json\" class=\"series\">",
			0);
		snaps = embedded(
			pg.html,
			"<script type=\"application/json\" class=\"snapshots\">",
			0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(series);
		CU_ASSERT_PTR_NOT_NULL_FATAL(snaps);
		CU_ASSERT_EQUAL(
			json_integer_value(json_object_get(series, "stride")),
			1);
		fields = json_object_get(series, "fields");
		for (i = 0; i < json_array_size(fields); i++)
			if (!strcmp(json_string_value(json_array_get(fields, i)),
				    field[c]))
				col = i + 1;
		CU_ASSERT_FATAL(col > 0);
		at = rebuild_at(snaps, pg.nr_cpus);
		for (t = 0;
		     t < json_array_size(json_object_get(snaps, "ticks"));
		     t++) {
			unsigned long long tick = json_integer_value(
				json_array_get(json_object_get(snaps, "ticks"),
					       t));
			json_t *queued = json_object();
			const char *pid;
			json_t *e, *rows;

			snap_tasks(json_array_get(at, t), queued);
			json_object_foreach(queued, pid, e)
			{
				json_t *row =
					row_at(json_object_get(
						       json_object_get(series,
								       "tasks"),
						       pid),
					       tick);

				CU_ASSERT_FATAL(row != NULL);
				CU_ASSERT_EQUAL(json_array_size(row),
						json_array_size(fields) + 1);
				CU_ASSERT_EQUAL(
					json_integer_value(
						json_array_get(row, col)),
					json_integer_value(
						json_object_get(e, field[c])));
				checked++;
			}
			/* a task off every queue has no value then */
			json_object_foreach(json_object_get(series, "tasks"),
					    pid, rows)
			{
				json_t *row = row_at(rows, tick);

				if (!json_object_get(queued, pid) && row)
					CU_ASSERT_EQUAL(json_array_size(row),
							1);
			}
			json_decref(queued);
		}
		CU_ASSERT(checked > 100);
		json_array_foreach(json_object_get(series, "wakes"), i, wake)
		{
			json_t *at = json_array_get(wake, 2);
			size_t k;
			bool found = false;

			if (json_is_null(at))
				continue;
			/* ticks, with a fraction under hrtimers */
			CU_ASSERT(json_number_value(at) >=
				  json_number_value(json_array_get(wake, 1)));
			for (k = 0; k < n && !found; k++)
				found = r[k].pid == json_integer_value(
							    json_array_get(
								    wake, 0)) &&
					r[k].start ==
						(unsigned long long)llround(
							json_number_value(at) *
							pg.upt);
			CU_ASSERT(found);
			ran++;
		}
		/* o1 leaves the editors waiting behind the hogs: 4 run */
		CU_ASSERT(ran >= 4);
		json_decref(series);
		json_decref(at);
		json_decref(snaps);
		free(r);
		free_page(&pg);
	}
}

static CU_TestInfo sim_html_tests[] = {
	{ "every built-in under every class, and workload files",
	  test_every_workload },
	{ "slept, by hand", test_slept_by_hand },
	{ "yielded, by hand", test_yielded_by_hand },
	{ "exited, by hand", test_exited_by_hand },
	{ "preempted, by hand", test_preempted_by_hand },
	{ "migrated, as the trace shows", test_migrated },
	{ "the snapshot rule", test_sampling },
	{ "limits stop the run and say why", test_limits },
	{ "markup in names, JSON kept whole", test_escaping },
	{ "same run, same page", test_same_run_same_page },
	{ "runs side by side", test_side_by_side },
	{ "runs side by side, each at its own HZ", test_side_by_side_own_hz },
	{ "quantities over time and wake-ups", test_quantities },
	{ "API errors", test_api_errors },
	{ "fault injection", test_fault_injection },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/sim_html", sim_html_tests, NULL, NULL)

/* ------------------------------------------------------ threaded mode */

/*
 * A page of a threaded run (one pthread per CPU, migration threads
 * serving affinity changes): the callbacks come from several threads,
 * one at a time, and the page still says what the run did (under
 * ThreadSanitizer in CI).
 */
static void test_threaded_run(void)
{
	static const char *const workloads[] = {
		"sim/workloads/affinity.json",
		"mixed",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(workloads); i++) {
		struct sim_options o = { .nr_cpus = 4,
					 .seed = 1,
					 .threaded = 1,
					 .duration_usec = 200000 };
		struct run_rect *r;
		struct page pg;

		make_page(&pg, workloads[i], &o, NULL, 1, NULL);
		CU_ASSERT_EQUAL(pg.ret, 0);
		if (!pg.ret) {
			CU_ASSERT(check_page(&pg, &r) > 0);
			free(r);
		}
		free_page(&pg);
	}
}

static CU_TestInfo sim_html_threads_tests[] = {
	{ "a threaded run's page", test_threaded_run },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/threads/sim_html", sim_html_threads_tests, NULL, NULL)
