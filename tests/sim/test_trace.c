// SPDX-License-Identifier: MIT
/*
 * tests/sim/test_trace.c - the trace writers (sim/trace.c): exact ftrace
 * lines for every event, timestamps at several HZ, comm cleaning, every
 * line of real runs of every built-in workload read back with Perfetto's
 * systrace line grammar, Chrome JSON that parses with its CPU and task
 * tracks, and write errors reported at the first failed write, naming
 * the file.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "sim/sim.h"
#include "sim/trace.h"
#include "tests/ktest.h"

static void test_timestamps(void)
{
	char buf[32];

	sim_trace_timestamp(buf, 0, 1000);
	CU_ASSERT_STRING_EQUAL(buf, "0.000000");
	sim_trace_timestamp(buf, 1234, 1000);
	CU_ASSERT_STRING_EQUAL(buf, "1.234000");
	sim_trace_timestamp(buf, 1, 300); /* 1000000 / 300 = 3333 us */
	CU_ASSERT_STRING_EQUAL(buf, "0.003333");
	sim_trace_timestamp(buf, 250, 100);
	CU_ASSERT_STRING_EQUAL(buf, "2.500000");
	sim_trace_timestamp(buf, 86400000ull, 1000);
	CU_ASSERT_STRING_EQUAL(buf, "86400.000000");
}

static char *trace_text(void (*body)(struct sim_trace *), unsigned int hz)
{
	struct sim_trace tr;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	if (sim_trace_begin(&tr, f, "t", NULL, NULL, hz, 4)) {
		fclose(f);
		free(buf);
		return NULL;
	}
	body(&tr);
	if (sim_trace_end(&tr, 100)) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	return buf;
}

static void every_event(struct sim_trace *tr)
{
	struct sim_trace_task hog = { "hog-1", 3, 120 };
	struct sim_trace_task idle = { "swapper/2", 0, 140 };
	struct sim_trace_task odd = { "a b=c\"d", 12345, 100 };
	struct sim_trace_task kid = { "kid-0", 12346, 120 };

	sim_trace_switch(tr, 1234, 2, &hog, 'S', &idle);
	sim_trace_waking(tr, 1235, 2, &idle, &odd, 2);
	sim_trace_migrate(tr, 1236, 1, &hog, &odd, 2, 1);
	sim_trace_fork(tr, 1237, 1, &hog, &kid);
	sim_trace_wakeup_new(tr, 1237, 1, &hog, &kid, 1);
	sim_trace_exit(tr, 1238, 3, &kid);
}

/* each line as the kernel's TP_printk() formats of sched.h lay it out */
static void test_exact_lines(void)
{
	char *text = trace_text(every_event, 1000);
	const char *body;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_EQUAL(strncmp(text, "# tracer: nop\n#\n", 16), 0);
	body = strstr(text, "|         |\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(body);
	body += strlen("|         |\n");
	CU_ASSERT_STRING_EQUAL(
		body,
		"           hog-1-3     [002] d..2     1.234000: sched_switch: "
		"prev_comm=hog-1 prev_pid=3 prev_prio=120 prev_state=S ==> "
		"next_comm=swapper/2 next_pid=0 next_prio=140\n"
		"       swapper/2-0     [002] d..2     1.235000: sched_waking: "
		"comm=a_b_c_d pid=12345 prio=100 target_cpu=002\n"
		"           hog-1-3     [001] d..2     1.236000: sched_migrate_task: "
		"comm=a_b_c_d pid=12345 prio=100 orig_cpu=2 dest_cpu=1\n"
		"           hog-1-3     [001] d..2     1.237000: sched_process_fork: "
		"comm=hog-1 pid=3 child_comm=kid-0 child_pid=12346\n"
		"           hog-1-3     [001] d..2     1.237000: sched_wakeup_new: "
		"comm=kid-0 pid=12346 prio=120 target_cpu=001\n"
		"           kid-0-12346 [003] d..2     1.238000: sched_process_exit: "
		"comm=kid-0 pid=12346 prio=120\n");
	free(text);
}

static void no_events(struct sim_trace *tr)
{
	(void)tr;
}

static void test_header_only(void)
{
	char *text = trace_text(no_events, 1000);
	unsigned int lines = 0;
	const char *p;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (p = text; *p; p++)
		lines += *p == '\n';
	CU_ASSERT_EQUAL(lines, 9);
	CU_ASSERT_EQUAL(text[strlen(text) - 1], '\n');
	for (p = text; *p; p = strchr(p, '\n') + 1)
		CU_ASSERT_EQUAL(*p, '#');
	free(text);
}

static void test_bad_begin(void)
{
	struct sim_trace tr;

	CU_ASSERT_EQUAL(sim_trace_begin(&tr, NULL, NULL, NULL, NULL, 0, 4),
			-EINVAL);
	CU_ASSERT_EQUAL(sim_trace_begin(&tr, NULL, NULL, NULL, NULL, 1000, 0),
			-EINVAL);
	CU_ASSERT_EQUAL(sim_trace_begin(&tr, NULL, NULL, NULL, NULL, 1000,
					SIM_MAX_CPUS + 1),
			-EINVAL);
	CU_ASSERT_EQUAL(sim_trace_begin(&tr, NULL, NULL, NULL, NULL, 1000, 1),
			0);
	CU_ASSERT_EQUAL(sim_trace_end(&tr, 0), 0);
}

/* ------------------------------------------ Perfetto's line grammar */

/*
 * How Perfetto reads a systrace (ftrace text) line, as its tokenizer and
 * line parser do (src/trace_processor/importers/systrace/ in Perfetto's
 * source), written out here as a matcher of our own:
 *
 *   - an empty line, or one that starts with '#', is skipped;
 *   - otherwise, at the first place in the line where it matches:
 *       '-' PID  blanks  [ '(' ] blanks [ TGID digits | dashes ] [ ')' ]
 *       [ one blank ] '[' CPU ']' blanks
 *       [ FLAGS: 3 of [a-zA-Z.], then 1 or 2 of [0-9a-f.], blanks ]
 *       SECONDS '.' FRACTION ':' blanks EVENT ':'
 *     where PID, CPU, SECONDS and FRACTION are digits and EVENT is the
 *     longest run of non-blanks that a ':' follows;
 *   - the task is what comes before the match, the arguments what comes
 *     after it, both trimmed; the arguments are split at single spaces,
 *     and a token with '=' gives a key (before the first '=') and a value;
 *   - sched_switch needs prev_pid and next_pid (unsigned), prev_prio and
 *     next_prio (signed) and a prev_state of the task-state letters;
 *     sched_waking needs pid.
 */
struct systrace_line {
	char task[64];
	unsigned long pid, cpu;
	double ts;
	char event[64];
	char args[512];
};

static const char *skip_blanks(const char *p)
{
	while (*p && isspace((unsigned char)*p))
		p++;
	return p;
}

static const char *digits(const char *p, unsigned long *value)
{
	char *end;

	if (!isdigit((unsigned char)*p))
		return NULL;
	*value = strtoul(p, &end, 10);
	return end;
}

/* "SECONDS.FRACTION: blanks EVENT:" at @p; Return: past it, or NULL */
static const char *match_time_event(const char *p, struct systrace_line *l)
{
	const char *start = p, *ev, *end, *colon;
	unsigned long x;

	p = digits(p, &x);
	if (!p || *p != '.')
		return NULL;
	p = digits(p + 1, &x);
	if (!p || *p != ':' || !isspace((unsigned char)p[1]))
		return NULL;
	l->ts = strtod(start, NULL);
	ev = skip_blanks(p + 1);
	for (end = ev; *end && !isspace((unsigned char)*end); end++)
		;
	for (colon = end - 1; colon > ev && *colon != ':'; colon--)
		;
	if (colon <= ev || *colon != ':')
		return NULL;
	snprintf(l->event, sizeof(l->event), "%.*s", (int)(colon - ev), ev);
	return colon + 1;
}

static int flag_char(int c, int first)
{
	return first ? isalpha(c) || c == '.' :
		       isdigit(c) || (c >= 'a' && c <= 'f') || c == '.';
}

/* the grammar at @p (a '-'); Return: the end of the match, or NULL */
static const char *match_at(const char *p, struct systrace_line *l)
{
	const char *q, *r;
	unsigned long x;
	int n;

	p = digits(p + 1, &l->pid);
	if (!p || !isspace((unsigned char)*p))
		return NULL;
	p = skip_blanks(p);
	if (*p == '(')
		p = skip_blanks(p + 1);
	if (isdigit((unsigned char)*p))
		p = digits(p, &x);
	else
		while (*p == '-')
			p++;
	if (*p == ')')
		p++;
	if (*p == ' ')
		p++;
	if (*p != '[')
		return NULL;
	p = digits(p + 1, &l->cpu);
	if (!p || *p != ']')
		return NULL;
	p = skip_blanks(p + 1);
	/* the flags, 3 + 2 or 3 + 1 characters, or none */
	for (n = 2; n >= 1; n--) {
		int i, ok = 1;

		for (i = 0; i < 3 + n && ok; i++)
			ok = p[i] && flag_char((unsigned char)p[i], i < 3);
		if (!ok)
			continue;
		q = skip_blanks(p + 3 + n);
		r = match_time_event(q, l);
		if (r)
			return r;
	}
	return match_time_event(p, l);
}

/* Return: 1 when @line is an event line of the grammar (filled in @l) */
static int systrace_parse(const char *line, struct systrace_line *l)
{
	const char *dash, *end, *t;

	for (dash = strchr(line, '-'); dash; dash = strchr(dash + 1, '-')) {
		end = match_at(dash, l);
		if (!end)
			continue;
		for (t = line; t < dash && isspace((unsigned char)*t); t++)
			;
		snprintf(l->task, sizeof(l->task), "%.*s", (int)(dash - t), t);
		snprintf(l->args, sizeof(l->args), "%s", skip_blanks(end));
		return 1;
	}
	return 0;
}

/* the value of @key in @args split as Perfetto splits them, or NULL */
static const char *arg(const char *args, const char *key, char *value,
		       size_t len)
{
	char buf[512], *tok, *save, *eq;

	snprintf(buf, sizeof(buf), "%s", args);
	for (tok = strtok_r(buf, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		eq = strchr(tok, '=');
		if (!eq || (size_t)(eq - tok) != strlen(key) ||
		    strncmp(tok, key, eq - tok))
			continue;
		snprintf(value, len, "%s", strrchr(tok, '=') + 1);
		return value;
	}
	return NULL;
}

static int is_uint(const char *s)
{
	return s && *s && strspn(s, "0123456789") == strlen(s);
}

static int is_int(const char *s)
{
	return s && is_uint(s + (*s == '-'));
}

/* the keys of each event, in the order of its TP_printk() in sched.h */
static const struct {
	const char *event;
	const char *keys[8];
} formats[] = {
	{ "sched_switch",
	  { "prev_comm", "prev_pid", "prev_prio", "prev_state", "next_comm",
	    "next_pid", "next_prio" } },
	{ "sched_waking", { "comm", "pid", "prio", "target_cpu" } },
	{ "sched_wakeup_new", { "comm", "pid", "prio", "target_cpu" } },
	{ "sched_migrate_task",
	  { "comm", "pid", "prio", "orig_cpu", "dest_cpu" } },
	{ "sched_process_fork", { "comm", "pid", "child_comm", "child_pid" } },
	{ "sched_process_exit", { "comm", "pid", "prio" } },
};

/* Return: the index in formats[] of @l's event when its fields are right */
static int check_fields(const struct systrace_line *l)
{
	char v[128], keys[512], want[512], *tok, *save, buf[512];
	unsigned int f, k;

	for (f = 0; f < ARRAY_SIZE(formats); f++)
		if (!strcmp(l->event, formats[f].event))
			break;
	if (f == ARRAY_SIZE(formats))
		return -1;
	/* the keys, in order (the "==>" of sched_switch is no key) */
	keys[0] = want[0] = '\0';
	snprintf(buf, sizeof(buf), "%s", l->args);
	for (tok = strtok_r(buf, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save))
		if (strcmp(tok, "==>"))
			snprintf(keys + strlen(keys),
				 sizeof(keys) - strlen(keys), "%.*s ",
				 (int)strcspn(tok, "="), tok);
	for (k = 0; formats[f].keys[k]; k++)
		snprintf(want + strlen(want), sizeof(want) - strlen(want),
			 "%s ", formats[f].keys[k]);
	if (strcmp(keys, want))
		return -1;
	/* every pid, CPU and prio a number Perfetto can read */
	for (k = 0; formats[f].keys[k]; k++) {
		const char *key = formats[f].keys[k];

		if (strstr(key, "comm") || !strcmp(key, "prev_state"))
			continue;
		if (strstr(key, "prio") ?
			    !is_int(arg(l->args, key, v, sizeof(v))) :
			    !is_uint(arg(l->args, key, v, sizeof(v))))
			return -1;
	}
	if (f == 0 && (!arg(l->args, "prev_state", v, sizeof(v)) ||
		       strlen(v) != 1 || !strchr("RSDTtXZxKWPN", v[0])))
		return -1;
	/* the leading task is the one the line is about, for these */
	if ((f == 0 &&
	     (strcmp(l->task, arg(l->args, "prev_comm", v, sizeof(v))) ||
	      l->pid != strtoul(arg(l->args, "prev_pid", v, sizeof(v)), NULL,
				10))) ||
	    ((f == 4 || f == 5) &&
	     (strcmp(l->task, arg(l->args, "comm", v, sizeof(v))) ||
	      l->pid != strtoul(arg(l->args, "pid", v, sizeof(v)), NULL, 10))))
		return -1;
	return f;
}

struct grammar_count {
	unsigned long lines, events[ARRAY_SIZE(formats)];
	int bad;
};

/* every line of @text, checked; counts in @gc */
static void check_systrace(const char *text, unsigned int nr_cpus,
			   struct grammar_count *gc)
{
	char line[1024];
	struct systrace_line l;
	double last = 0;
	const char *p;
	int f;

	for (p = text; *p; p = strchr(p, '\n') + 1) {
		snprintf(line, sizeof(line), "%.*s", (int)strcspn(p, "\n"), p);
		gc->lines++;
		if (!line[0] || line[0] == '#')
			continue;
		f = -1;
		if (systrace_parse(line, &l) && l.cpu < nr_cpus && l.ts >= last)
			f = check_fields(&l);
		if (f < 0) {
			if (gc->bad++ < 5)
				fprintf(stderr,
					"\nnot Perfetto's grammar: %s\n", line);
			continue;
		}
		last = l.ts;
		gc->events[f]++;
	}
}

/* the matcher refuses what Perfetto's grammar refuses */
static void test_grammar_refuses(void)
{
	static const char *const bad[] = {
		"hog-3[001] d..2 1.0: sched_switch: a", /* no blank */
		"hog-3     [01a] d..2 1.000000: x: y", /* CPU */
		"hog-3     [001] d..2 1: sched_switch: a=1", /* no fraction */
		"hog-3     [001] d..2 1.000000:sched_switch: a=1",
		"hog     [001] d..2 1.000000: sched_switch: a=1", /* no pid */
		"hog-3     [001] d..2 1.000000: sched_switch a=1", /* no ':' */
	};
	static const char good[] =
		"  kworker/u16:1-77    (   77) [004] ....   316.196720: 0: B|77|x";
	struct systrace_line l;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		CU_ASSERT(!systrace_parse(bad[i], &l));
		if (systrace_parse(bad[i], &l))
			fprintf(stderr, "\naccepted: %s\n", bad[i]);
	}
	CU_ASSERT_FATAL(systrace_parse(good, &l));
	CU_ASSERT_STRING_EQUAL(l.task, "kworker/u16:1");
	CU_ASSERT(l.pid == 77 && l.cpu == 4);
	CU_ASSERT_STRING_EQUAL(l.event, "0");
	CU_ASSERT_STRING_EQUAL(l.args, "B|77|x");
	CU_ASSERT_FATAL(systrace_parse(
		"<idle>-0     [000]  0.002188: task_newtask: pid=1", &l));
	CU_ASSERT(l.ts == 0.002188 && !strcmp(l.task, "<idle>"));
	/* a dash in the task name: the first place the grammar matches */
	CU_ASSERT_FATAL(systrace_parse(
		"a-1-2 x-5     [003] d..2 7.000001: e: k=v", &l));
	CU_ASSERT_STRING_EQUAL(l.task, "a-1-2 x");
	CU_ASSERT(l.pid == 5 && l.cpu == 3);
}

/* the lines of test_exact_lines() follow the grammar, field by field */
static void test_exact_lines_grammar(void)
{
	struct grammar_count gc = { 0 };
	char *text = trace_text(every_event, 1000);
	unsigned int f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	check_systrace(text, 4, &gc);
	CU_ASSERT_EQUAL(gc.bad, 0);
	for (f = 0; f < ARRAY_SIZE(formats); f++)
		CU_ASSERT_EQUAL(gc.events[f], 1);
	free(text);
}

/* run @wl on 4 CPUs for 0.4 s and check its trace's lines into @gc */
static void check_run(struct sim_workload *wl, struct grammar_count *gc)
{
	struct sim_options o = { .nr_cpus = 4,
				 .seed = 5,
				 .duration_usec = 400000 };
	struct sim *s = NULL;
	char *buf = NULL;
	size_t len = 0;

	o.trace = open_memstream(&buf, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(o.trace);
	CU_ASSERT_EQUAL(sim_create(wl, &o, &s), 0);
	if (s)
		CU_ASSERT_EQUAL(sim_run(s), 0);
	sim_destroy(s);
	fclose(o.trace);
	check_systrace(buf, 4, gc);
	free(buf);
	sim_workload_free(wl);
}

/*
 * Every line of a real run of every built-in workload (and of the example
 * files) follows Perfetto's grammar, and between them every event shows.
 */
static void test_builtins_follow_perfetto(void)
{
	static const char *const files[] = {
		"sim/workloads/affinity.json",
		"sim/workloads/forks.json",
		"sim/workloads/pipeline.json",
	};
	struct grammar_count gc = { 0 };
	const struct sim_builtin *b;
	struct sim_workload *wl;
	unsigned int i, f, runs = 0;
	char err[256];

	for (b = sim_builtins; b->name; b++, runs++) {
		wl = NULL;
		CU_ASSERT_EQUAL_FATAL(sim_workload_builtin(b->name, 4, &wl, err,
							   sizeof(err)),
				      0);
		check_run(wl, &gc);
	}
	for (i = 0; i < ARRAY_SIZE(files); i++, runs++) {
		wl = NULL;
		CU_ASSERT_EQUAL_FATAL(sim_workload_load(files[i], 4, &wl, err,
							sizeof(err)),
				      0);
		check_run(wl, &gc);
	}
	CU_ASSERT(runs >= 10);
	CU_ASSERT_EQUAL(gc.bad, 0);
	CU_ASSERT(gc.lines > 1000);
	for (f = 0; f < ARRAY_SIZE(formats); f++) {
		CU_ASSERT(gc.events[f] > 0);
		if (!gc.events[f])
			fprintf(stderr, "\nno %s line\n", formats[f].event);
	}
}

/* ------------------------------------------------------------ Chrome */

static json_t *chrome_json(void (*body)(struct sim_trace *),
			   unsigned int nr_cpus, unsigned long long end,
			   unsigned long *nr_events)
{
	struct sim_trace tr;
	json_error_t jerr;
	char *buf = NULL;
	size_t len = 0;
	json_t *root;
	FILE *f = open_memstream(&buf, &len);

	if (!f || sim_trace_begin(&tr, NULL, NULL, f, "c", 1000, nr_cpus))
		return NULL;
	body(&tr);
	if (sim_trace_end(&tr, end))
		return NULL;
	fclose(f);
	root = json_loads(buf, JSON_REJECT_DUPLICATES, &jerr);
	free(buf);
	*nr_events = tr.chrome_events;
	return root;
}

static void two_cpus(struct sim_trace *tr)
{
	struct sim_trace_task a = { "a", 5, 120 }, b = { "b", 6, 115 };
	struct sim_trace_task idle0 = { "swapper/0", 0, 140 };
	struct sim_trace_task idle1 = { "swapper/1", 0, 140 };

	sim_trace_switch(tr, 10, 0, &idle0, 'R', &a); /* a: 10..15 */
	sim_trace_waking(tr, 12, 0, &a, &b, 0);
	sim_trace_switch(tr, 15, 0, &a, 'R', &b); /* b: 15..20 */
	sim_trace_switch(tr, 20, 0, &b, 'S', &idle0);
	sim_trace_migrate(tr, 20, 1, &idle1, &a, 0, 1);
	sim_trace_switch(tr, 20, 1, &idle1, 'R', &a); /* a: 20..end 25 */
	sim_trace_fork(tr, 22, 1, &a, &b);
	sim_trace_exit(tr, 24, 1, &a);
}

/* find the event of @root with these members (NULL: any) */
static json_t *find(json_t *root, const char *name, const char *ph, int pid,
		    int tid, long long ts)
{
	json_t *e;
	size_t i;

	json_array_foreach(
		json_object_get(root, "traceEvents"), i,
		e) if ((!name ||
			!strcmp(json_string_value(json_object_get(e, "name")),
				name)) &&
		       !strcmp(json_string_value(json_object_get(e, "ph")),
			       ph) &&
		       json_integer_value(json_object_get(e, "pid")) == pid &&
		       json_integer_value(json_object_get(e, "tid")) == tid &&
		       (ts < 0 || json_integer_value(json_object_get(
					  e, "ts")) == ts)) return e;
	return NULL;
}

/* the name a metadata event gives */
static const char *meta_name(json_t *e)
{
	return json_string_value(
		json_object_get(json_object_get(e, "args"), "name"));
}

static long long member(json_t *e, const char *key)
{
	return json_integer_value(json_object_get(e, key));
}

static long long argument(json_t *e, const char *key)
{
	return json_integer_value(
		json_object_get(json_object_get(e, "args"), key));
}

/*
 * Two processes: "CPUs" with a thread per CPU, "Tasks" with a thread per
 * task, each named once; a run is a slice on its CPU's track and on its
 * task's; wake-ups, migrations, forks and exits are instants on the
 * task's track.
 */
static void test_chrome_tracks(void)
{
	unsigned long n, meta = 0, x = 0, instants = 0;
	json_t *root = chrome_json(two_cpus, 2, 25, &n), *e;
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	CU_ASSERT_EQUAL(n,
			json_array_size(json_object_get(root, "traceEvents")));
	CU_ASSERT_STRING_EQUAL(
		meta_name(find(root, "process_name", "M", 0, 0, -1)), "CPUs");
	CU_ASSERT_STRING_EQUAL(
		meta_name(find(root, "process_name", "M", 1, 0, -1)), "Tasks");
	CU_ASSERT_EQUAL(
		argument(find(root, "process_sort_index", "M", 1, 0, -1),
			 "sort_index"),
		1);
	CU_ASSERT_STRING_EQUAL(
		meta_name(find(root, "thread_name", "M", 0, 1, -1)), "CPU 1");
	CU_ASSERT_STRING_EQUAL(
		meta_name(find(root, "thread_name", "M", 1, 5, -1)), "a");
	CU_ASSERT_STRING_EQUAL(
		meta_name(find(root, "thread_name", "M", 1, 6, -1)), "b");

	/* a on CPU 0 from 10 to 15 ms, on both tracks */
	e = find(root, "a", "X", 0, 0, 10000);
	CU_ASSERT(member(e, "dur") == 5000 && argument(e, "pid") == 5 &&
		  argument(e, "prio") == 120);
	e = find(root, "CPU 0", "X", 1, 5, 10000);
	CU_ASSERT(member(e, "dur") == 5000 && argument(e, "cpu") == 0);
	e = find(root, "b", "X", 0, 0, 15000);
	CU_ASSERT(member(e, "dur") == 5000 && argument(e, "pid") == 6);
	CU_ASSERT_PTR_NOT_NULL(find(root, "CPU 0", "X", 1, 6, 15000));
	/* open at the end: closed by sim_trace_end() at 25 */
	e = find(root, "CPU 1", "X", 1, 5, 20000);
	CU_ASSERT(member(e, "dur") == 5000 && argument(e, "cpu") == 1);
	e = find(root, "waking", "i", 1, 6, 12000);
	CU_ASSERT(e && argument(e, "target_cpu") == 0);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(e, "s")), "t");
	e = find(root, "migrate", "i", 1, 5, 20000);
	CU_ASSERT(argument(e, "orig_cpu") == 0 && argument(e, "dest_cpu") == 1);
	e = find(root, "fork", "i", 1, 5, 22000);
	CU_ASSERT(argument(e, "child_pid") == 6);
	CU_ASSERT_PTR_NOT_NULL(find(root, "exit", "i", 1, 5, 24000));

	json_array_foreach(json_object_get(root, "traceEvents"), i, e)
	{
		const char *ph = json_string_value(json_object_get(e, "ph"));

		meta += !strcmp(ph, "M");
		x += !strcmp(ph, "X");
		instants += !strcmp(ph, "i");
	}
	/* 2 process names + 2 sort indexes, 2 CPUs x 2, 2 tasks named once */
	CU_ASSERT_EQUAL(meta, 10);
	CU_ASSERT_EQUAL(x, 6);
	CU_ASSERT_EQUAL(instants, 4);
	json_decref(root);
}

static void many_tasks(struct sim_trace *tr)
{
	struct sim_trace_task idle = { "swapper/0", 0, 140 };
	struct sim_trace_task t = { "t", 0, 120 };
	long live = kmalloc_live();
	int pid;

	for (pid = 2; pid < 100000; pid++) {
		t.pid = pid;
		sim_trace_wakeup_new(tr, pid, 0, &idle, &t, 0);
	}
	/* streamed: one bitmap of named tasks is all it keeps */
	CU_ASSERT_EQUAL(kmalloc_live(), live + 1);
}

static void test_chrome_many_tasks(void)
{
	unsigned long n;
	json_t *root = chrome_json(many_tasks, 1, 100000, &n);

	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	/* 4 + 2 metadata, then a name and a wake-up per task */
	CU_ASSERT_EQUAL(n, 6 + 2 * (100000 - 2));
	json_decref(root);
}

/* the bitmap of named tasks cannot grow: the trace fails, named, no leak */
static void test_chrome_out_of_memory(void)
{
	struct sim_trace_task a = { "a", 5, 120 },
			      idle = { "swapper/0", 0, 140 };
	long live = kmalloc_live();
	struct sim_trace tr;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(
		sim_trace_begin(&tr, NULL, NULL, f, "c.json", 1000, 1), 0);
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(sim_trace_switch(&tr, 1, 0, &idle, 'R', &a), -ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT_STRING_EQUAL(tr.failed, "c.json");
	CU_ASSERT_EQUAL(sim_trace_switch(&tr, 2, 0, &a, 'R', &idle), -ENOMEM);
	CU_ASSERT_EQUAL(sim_trace_end(&tr, 3), -ENOMEM);
	fclose(f);
	free(buf);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

/* ------------------------------------------------------ write errors */

/*
 * A write that fails is reported by the call that made it (the first
 * that fills a buffer of /dev/full), with the file's name; every later
 * call returns the same error without writing.
 */
static void test_write_error(void)
{
	struct sim_trace_task a = { "a", 5, 120 }, b = { "b", 6, 115 };
	struct sim_trace tr;
	FILE *f = fopen("/dev/full", "w");
	unsigned int i;
	int ret = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(
		sim_trace_begin(&tr, f, "/dev/full", NULL, NULL, 1000, 1), 0);
	for (i = 0; i < 100000 && !ret; i++)
		ret = sim_trace_switch(&tr, i, 0, &a, 'R', &b);
	CU_ASSERT_EQUAL(ret, -ENOSPC);
	CU_ASSERT(i < 1000); /* at the first flush of the buffer */
	CU_ASSERT_STRING_EQUAL(tr.failed, "/dev/full");
	CU_ASSERT_EQUAL(sim_trace_waking(&tr, i, 0, &a, &b, 0), -ENOSPC);
	CU_ASSERT_EQUAL(sim_trace_end(&tr, 100), -ENOSPC);
	fclose(f);

	/* the Chrome file: its own name */
	f = fopen("/dev/full", "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	ret = sim_trace_begin(&tr, NULL, NULL, f, "c.json", 1000, 1);
	for (i = 0; i < 100000 && !ret; i++)
		ret = sim_trace_switch(&tr, i, 0, &a, 'R', &b);
	CU_ASSERT_EQUAL(ret, -ENOSPC);
	CU_ASSERT_STRING_EQUAL(tr.failed, "c.json");
	CU_ASSERT_EQUAL(sim_trace_end(&tr, i), -ENOSPC);
	fclose(f);
}

/* the simulator stops at the tick the write failed, naming the file */
static void test_run_stops_at_write_error(void)
{
	struct sim_options o = { .nr_cpus = 2,
				 .seed = 1,
				 .duration_usec = 10000000,
				 .trace_path = "full.txt" };
	struct sim_workload *wl = NULL;
	struct sim *s = NULL;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(
		sim_workload_builtin("fork", 2, &wl, err, sizeof(err)), 0);
	o.trace = fopen("/dev/full", "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o.trace);
	CU_ASSERT_EQUAL_FATAL(sim_create(wl, &o, &s), 0);
	CU_ASSERT_PTR_NULL(sim_output_failed(s));
	CU_ASSERT_EQUAL(sim_run(s), -ENOSPC);
	CU_ASSERT(sim_ticks(s) < 1000); /* of 10,000 */
	CU_ASSERT_STRING_EQUAL(sim_output_failed(s), "full.txt");
	sim_destroy(s);
	fclose(o.trace);
	sim_workload_free(wl);
}

static CU_TestInfo trace_tests[] = {
	{ "timestamps at several HZ", test_timestamps },
	{ "exact ftrace lines, every event", test_exact_lines },
	{ "header only, final newline", test_header_only },
	{ "bad arguments", test_bad_begin },
	{ "the grammar refuses what Perfetto refuses", test_grammar_refuses },
	{ "exact lines follow Perfetto's grammar", test_exact_lines_grammar },
	{ "every built-in's trace follows Perfetto's grammar",
	  test_builtins_follow_perfetto },
	{ "Chrome JSON: CPU and task tracks", test_chrome_tracks },
	{ "Chrome JSON: streamed, 100,000 tasks", test_chrome_many_tasks },
	{ "Chrome JSON: out of memory", test_chrome_out_of_memory },
	{ "a write error at the first failed write, named", test_write_error },
	{ "a run stops at a write error", test_run_stops_at_write_error },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sim/trace", trace_tests, NULL, NULL)
