// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_cmd_sim.c - the "kstruct sim" command (tools/cmd_sim.c):
 * exit statuses, messages on stderr, and the files and formats it writes.
 * The command comes from the tools library (tools/cmd_sim.h).
 */
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sim/report.h"
#include "sim/workload.h"
#include "tests/child.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/tmpdir.h"
#include "tools/cmd_sim.h"

struct output {
	int status;
	char *out;
	char *err;
};

static char *slurp(FILE *f)
{
	long len;
	char *buf;

	fflush(f);
	len = ftell(f);
	buf = calloc(1, len > 0 ? len + 1 : 1);
	if (buf && len > 0) {
		rewind(f);
		if (fread(buf, 1, len, f) != (size_t)len)
			buf[0] = '\0';
	}
	return buf;
}

/* when set, run() sends stdout to /dev/full instead of capturing it */
static int stdout_full;

/* run "kstruct sim ARGS..." with stdout and stderr captured */
static struct output run(const char *first, ...)
{
	char *argv[32];
	struct output o = { .status = -1 };
	FILE *out = stdout_full ? fopen("/dev/full", "w") : tmpfile();
	FILE *err = tmpfile();
	int saved_out, saved_err, argc = 0;
	const char *a;
	va_list ap;

	argv[argc++] = (char *)"sim";
	va_start(ap, first);
	for (a = first; a && argc < 31; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc] = NULL;
	if (!out || !err)
		return o;
	fflush(stdout);
	fflush(stderr);
	saved_out = dup(STDOUT_FILENO);
	saved_err = dup(STDERR_FILENO);
	dup2(fileno(out), STDOUT_FILENO);
	dup2(fileno(err), STDERR_FILENO);
	o.status = cmd_sim(argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, STDOUT_FILENO);
	dup2(saved_err, STDERR_FILENO);
	close(saved_out);
	close(saved_err);
	/* stdout on /dev/full must not keep failing for the next run */
	clearerr(stdout);
	fseek(out, 0, SEEK_END);
	fseek(err, 0, SEEK_END);
	o.out = stdout_full ? calloc(1, 1) : slurp(out);
	o.err = slurp(err);
	fclose(out);
	fclose(err);
	return o;
}

static void done(struct output *o)
{
	free(o->out);
	free(o->err);
}

static void test_default_run(void)
{
	struct output o = run(NULL);

	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(o.out);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.out, "workload mixed: 4 CPUs"));
	CU_ASSERT_PTR_NOT_NULL(strstr(o.out, "\ngroups (share"));
	CU_ASSERT_STRING_EQUAL(o.err, "");
	done(&o);
}

static void test_list_and_show(void)
{
	const struct sim_builtin *b;
	struct output o = run("--list", NULL);

	CU_ASSERT_EQUAL(o.status, 0);
	for (b = sim_builtins; b->name; b++)
		CU_ASSERT_PTR_NOT_NULL(strstr(o.out, b->name));
	done(&o);
	o = run("--show", "fork", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.out, "\"spawner\""));
	done(&o);
	o = run("--show", "nope", NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "nope"));
	done(&o);
}

static void test_usage_errors(void)
{
	static const char *const bad[][3] = {
		{ "--cpus", "0", NULL },	 { "--cpus", "65", NULL },
		{ "--cpus", "two", NULL },	 { "--hz", "5", NULL },
		{ "--duration", "-1", NULL },	 { "--duration", "x", NULL },
		{ "--json", "--csv", NULL },	 { "--bogus", NULL, NULL },
		{ "a.json", "b.json", NULL },	 { "-w", "hogs", "a.json" },
		{ "--topology", "2x0x1", NULL }, { "--topology", "2x2", NULL },
		{ "--topology", "8x8x2", NULL },
	};
	static const char *const same[][2] = {
		{ "--trace", "--chrome" },
		{ "--trace", "--html" },
		{ "--chrome", "--html" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct output o = run(bad[i][0], bad[i][1], bad[i][2], NULL);

		CU_ASSERT_EQUAL(o.status, 2);
		CU_ASSERT_STRING_EQUAL(o.out, "");
		CU_ASSERT(strlen(o.err) > 0);
		done(&o);
	}
	/* two outputs named alike: refused before anything is written */
	for (i = 0; i < ARRAY_SIZE(same); i++) {
		struct output o = run(same[i][0], "/nonexistent/x", same[i][1],
				      "/nonexistent/x", NULL);
		char said[96];

		CU_ASSERT_EQUAL(o.status, 2);
		CU_ASSERT_STRING_EQUAL(o.out, "");
		snprintf(said, sizeof(said),
			 "kstruct sim: %s and %s both name /nonexistent/x\n",
			 same[i][0], same[i][1]);
		CU_ASSERT_STRING_EQUAL(o.err, said);
		done(&o);
	}
}

/*
 * --topology gives the CPUs (2x2x1: 4, the report's first line says so),
 * or must agree with --cpus, whichever comes first.
 */
static void test_topology_option(void)
{
	struct output o;

	o = run("--topology", "2x2x1", "--sched", "cfs", "-w", "hogs",
		"--duration", "0.1", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.out, ": 4 CPUs,"));
	done(&o);
	o = run("--cpus", "4", "--topology", "1x2x2", "--sched", "eevdf", "-w",
		"hogs", "--duration", "0.1", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	done(&o);
	o = run("--topology", "2x2x1", "--cpus", "2", NULL);
	CU_ASSERT_EQUAL(o.status, 2);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	CU_ASSERT_STRING_EQUAL(
		o.err,
		"kstruct sim: --topology 2x2x1 has 4 CPUs, --cpus says 2\n");
	done(&o);
}

static void test_bad_workload_runs_nothing(void)
{
	static const char *const outputs[][2] = {
		{ "--trace", "/nonexistent/t.txt" },
		{ "--chrome", "/nonexistent/c.json" },
		{ "--html", "/nonexistent/p.html" },
	};
	char path[] = "/tmp/kstruct-cmd-XXXXXX";
	int fd = mkstemp(path);
	struct output o;
	unsigned int i;

	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT(write(fd, "{\"tasks\": {\n\"a\": {\"run\": 1}\n,}\n", 30) ==
		  30);
	close(fd);
	o = run(path, NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, ":3:"));
	done(&o);
	o = run("-w", "no-such", NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	done(&o);
	o = run("/nonexistent/w.json", NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "/nonexistent/w.json"));
	done(&o);
	/* an output that cannot be opened: said so, and nothing runs */
	for (i = 0; i < ARRAY_SIZE(outputs); i++) {
		char said[64];

		o = run(outputs[i][0], outputs[i][1], NULL);
		CU_ASSERT_EQUAL(o.status, 1);
		CU_ASSERT_STRING_EQUAL(o.out, "");
		snprintf(said, sizeof(said), "%s: ", outputs[i][1]);
		CU_ASSERT_PTR_NOT_NULL(strstr(o.err, said));
		done(&o);
	}
	unlink(path);
}

static void test_json_csv_and_traces(void)
{
	char trace[] = "/tmp/kstruct-trace-XXXXXX";
	char chrome[] = "/tmp/kstruct-chrome-XXXXXX";
	int fd1 = mkstemp(trace), fd2 = mkstemp(chrome);
	json_error_t jerr;
	json_t *root;
	struct output o;
	FILE *f;
	char line[64];

	CU_ASSERT_FATAL(fd1 >= 0 && fd2 >= 0);
	close(fd1);
	close(fd2);
	o = run("--json", "-w", "hogs", "--cpus", "2", "--duration", "0.5",
		"--trace", trace, "--chrome", chrome, NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	root = json_loads(o.out, JSON_REJECT_DUPLICATES, &jerr);
	CU_ASSERT_PTR_NOT_NULL(root);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(root, "ticks")),
			500);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(root, "nr_cpus")),
			2);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(root, "tasks")), 8);
	json_decref(root);
	done(&o);

	f = fopen(trace, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_PTR_NOT_NULL(fgets(line, sizeof(line), f));
	CU_ASSERT_STRING_EQUAL(line, "# tracer: nop\n");
	fclose(f);
	root = json_load_file(chrome, 0, &jerr);
	CU_ASSERT_PTR_NOT_NULL(root);
	CU_ASSERT(json_array_size(json_object_get(root, "traceEvents")) > 10);
	json_decref(root);

	o = run("--csv", "-w", "nice", "--cpus", "1", "--duration", "0.2",
		NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_EQUAL(strncmp(o.out, "table,class,workload,", 21), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.out, "\ncpu,o1,0,1,"));
	done(&o);

	/* the same options twice: the same bytes */
	o = run("-w", "random", "--seed", "3", "--duration", "0.3", NULL);
	{
		struct output p = run("-w", "random", "--seed", "3",
				      "--duration", "0.3", NULL);

		CU_ASSERT_STRING_EQUAL(o.out, p.out);
		done(&p);
	}
	done(&o);
	unlink(trace);
	unlink(chrome);
}

/* rt-app's files: "-" is the standard input; keys not modelled warn */
static void test_rtapp_file_from_stdin(void)
{
	char path[] = "/tmp/kstruct-cmd-XXXXXX";
	static const char text[] =
		"{ /* rt-app style */ \"tasks\": { \"a\": { \"run\": 1000,\n"
		"  \"mem\": 5, \"sleep\": 1000, \"run\": 500, }, },\n"
		"  \"global\": { \"duration\": 0.1, \"logdir\": \"./\" } }\n";
	int fd = mkstemp(path), saved = dup(STDIN_FILENO);
	struct output o;

	CU_ASSERT_FATAL(fd >= 0 && saved >= 0);
	CU_ASSERT_EQUAL(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	lseek(fd, 0, SEEK_SET);
	dup2(fd, STDIN_FILENO);
	close(fd);
	clearerr(stdin);
	o = run("-", "--cpus", "1", NULL);
	dup2(saved, STDIN_FILENO);
	close(saved);
	clearerr(stdin);
	unlink(path);
	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.out, "workload stdin: 1 CPUs"));
	CU_ASSERT_STRING_EQUAL(
		o.err,
		"kstruct sim: warning: stdin: global.logdir: rt-app's own logs; ignored\n"
		"kstruct sim: warning: stdin: tasks.a.mem: memory and I/O traffic are not modelled: \"mem\" takes no simulated time\n");
	done(&o);
}

/*
 * A workload's taskgroups: under cfs, group scheduling and the
 * taskgroups' figures in each report; under o1, a warning that it runs
 * every task in the root group, and the figures of the same tasks;
 * --compare warns for the classes that ignore them.  On one CPU the two
 * groups take turns (of 3 ms under cfs, as tests/sched/test_fair_group.c
 * works out): in 120 ms each has 60, /B's spread over its four tasks
 * 16, 15, 15, 14 ms (the Jain index 60^2 / (4 x 902)); o1 runs a, created
 * first, for 120 ms of its 151 ms slice, and no b at all (Jain 1: every
 * rate 0).
 */
static void test_taskgroups_by_class(void)
{
	char path[] = "/tmp/kstruct-cmd-XXXXXX";
	static const char text[] =
		"{\"global\":{\"duration\":0.12},\"tasks\":{"
		"\"a\":{\"taskgroup\":\"/A\",\"run\":100000},"
		"\"b\":{\"instance\":4,\"taskgroup\":\"/B\",\"run\":100000}}}";
	int fd = mkstemp(path);
	char warning[256];
	struct output o;

	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	/* at 1 ms ticks, as the figures below are worked */
	o = run(path, "--cpus", "1", "--sched", "cfs", "--hz", "1000", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_STRING_EQUAL(o.err, "");
	CU_ASSERT_PTR_NOT_NULL(strstr(
		o.out,
		"taskgroups (cgroups: share of all CPU time, child groups included; tasks and Jain: the tasks in the group itself)\n"
		"taskgroup               share(%)    run(ms)  tasks    Jain\n"
		"/A                          50.0     60.000      1  1.0000\n"
		"/B                          50.0     60.000      4  0.9978\n"));
	done(&o);
	o = run(path, "--cpus", "1", "--sched", "eevdf", "--csv", "--hz",
		"1000", NULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		o.out,
		"table,class,taskgroup,runtime_ms,share,tasks,jain_index,jain_tasks\n"
		"taskgroup,eevdf,/A,60,0.5,1,1,1\n"
		"taskgroup,eevdf,/B,60,0.5,4,1,4\n\n"));
	done(&o);
	o = run(path, "--cpus", "1", "--sched", "cfs", "--json", "--hz", "1000",
		NULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		o.out,
		"\"taskgroups\":[{\"taskgroup\":\"/A\",\"runtime_ms\":60.0,\"share\":0.5,"
		"\"tasks\":1,\"jain_index\":1.0,\"jain_tasks\":1},"
		"{\"taskgroup\":\"/B\",\"runtime_ms\":60.0,\"share\":0.5,"
		"\"tasks\":4,\"jain_index\":0.99778270509977818,\"jain_tasks\":4}]"));
	done(&o);
	o = run(path, "--cpus", "1", "--sched", "o1", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	snprintf(
		warning, sizeof(warning),
		"kstruct sim: warning: %s: taskgroup: group scheduling runs under cfs and eevdf; o1 runs every task in the root group\n",
		strrchr(path, '/') + 1);
	CU_ASSERT_STRING_EQUAL(o.err, warning);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		o.out,
		"/A                         100.0      120.0      1  1.0000\n"
		"/B                           0.0        0.0      4  1.0000\n"));
	done(&o);
	o = run(path, "--cpus", "1", "--compare", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(o.err, "goodness runs every task in the root group"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(o.err, "o1 runs every task in the root group"));
	CU_ASSERT_PTR_NULL(strstr(o.err, "cfs runs"));
	done(&o);
	unlink(path);
}

/* a trace that cannot be written stops the run, and the file is named */
static void test_trace_write_error_named(void)
{
	struct output o = run("-w", "hogs", "--duration", "60", "--trace",
			      "/dev/full", NULL);

	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	CU_ASSERT_EQUAL(
		strncmp(o.err,
			"kstruct sim: /dev/full: No space left on device (the run stopped after ",
			71),
		0);
	done(&o);
	o = run("-w", "hogs", "--duration", "60", "--chrome", "/dev/full",
		NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		o.err, "kstruct sim: /dev/full: No space left on device"));
	done(&o);
}

/* a message on stderr is one or more lines of printable text */
static int printable_lines(const char *s)
{
	if (!*s || s[strlen(s) - 1] != '\n')
		return 0;
	for (; *s; s++)
		if ((*s < ' ' || *s > '~') && *s != '\n')
			return 0;
	return 1;
}

/*
 * Fail every allocation of a whole command in turn: each failure exits 1
 * with a readable message (the first one, the workload's, used to print
 * whatever the message buffer held: "kstruct sim: \004\f").
 */
static void test_every_allocation_failure_says_so(void)
{
	unsigned long n;
	struct output o;

	for_each_alloc_failure(n, o = run("-w", "fork", "--cpus", "2",
					  "--duration", "0.05", NULL)) {
		CU_ASSERT_EQUAL(o.status, 1);
		CU_ASSERT(printable_lines(o.err));
		CU_ASSERT_EQUAL(strncmp(o.err, "kstruct sim: ", 13), 0);
		if (n == 1)
			CU_ASSERT_STRING_EQUAL(
				o.err, "kstruct sim: fork: out of memory\n");
		if (o.status != 1 || !printable_lines(o.err))
			fprintf(stderr, "\nallocation %lu: \"%s\"\n", n, o.err);
		done(&o);
	}
	CU_ASSERT_EQUAL(o.status, 0);
	done(&o);
	CU_ASSERT(n > 10 && n < 5000);
}

/* ------------------------------------------------------- --compare */

/* a whole file, NUL-terminated, or NULL; its length in *@len */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf;

	*len = 0;
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	buf = slurp(f);
	fclose(f);
	*len = buf ? strlen(buf) : 0;
	return buf;
}

static void test_class_path(void)
{
	static const char *const cases[][3] = {
		/* path, class, the class's path */
		{ "t.txt", "o1", "t.o1.txt" },
		{ "out.d/t", "cfs", "out.d/t.cfs" },
		{ "a/b.c.json", "o1", "a/b.c.o1.json" },
		{ "/tmp/.trace", "o1", "/tmp/.trace.o1" },
		{ "t", "goodness", "t.goodness" },
	};
	char buf[64];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		CU_ASSERT_EQUAL(cmd_sim_class_path(buf, sizeof(buf),
						   cases[i][0], cases[i][1]),
				0);
		CU_ASSERT_STRING_EQUAL(buf, cases[i][2]);
	}
	CU_ASSERT_EQUAL(cmd_sim_class_path(buf, 8, "t.txt", "goodness"),
			-ENAMETOOLONG);
}

/* the classes in the order --compare runs them: generation order */
static unsigned int classes(const char **names)
{
	unsigned int n;

	for (n = 0; sched_classes[n] && n < SIM_COMPARE_MAX_RUNS; n++)
		names[n] = sched_classes[n]->name;
	return n;
}

/* every built-in and every example file, side by side: one column each */
static void test_compare_every_workload(void)
{
	static const char *const files[] = {
		"sim/workloads/mixed.json",
		"sim/workloads/periodic.json",
		"sim/workloads/forks.json",
		"sim/workloads/affinity.json",
	};
	const char *names[SIM_COMPARE_MAX_RUNS];
	unsigned int nr = classes(names), i, k;
	const struct sim_builtin *b;

	for (b = sim_builtins, i = 0; b->name || i < ARRAY_SIZE(files);) {
		const char *w = b->name ? b->name : files[i++];
		struct output o;
		char *p;

		if (b->name)
			b++;
		o = run("--compare", w, "--duration", "0.3", NULL);
		CU_ASSERT_EQUAL(o.status, 0);
		CU_ASSERT_STRING_EQUAL(o.err, "");
		CU_ASSERT_PTR_NOT_NULL(strstr(o.out, "one run per scheduler"));
		CU_ASSERT_PTR_NOT_NULL(
			strstr(o.out, "\nCPU share (% of all CPU time)\n"));
		CU_ASSERT_PTR_NOT_NULL(
			strstr(o.out, "\nscheduler: ns per pick "));
		/* the heading names every class, in order */
		p = strstr(o.out, "\n\n");
		for (k = 0; p && k < nr; k++) {
			p = strstr(p, names[k]);
			CU_ASSERT_PTR_NOT_NULL(p);
		}
		done(&o);
	}
}

/* the cells of the row of @label below the line @title of a table */
static unsigned int compare_row(const char *out, const char *title,
				const char *label, char cells[][16],
				unsigned int nr)
{
	const char *p = strstr(out, title);
	char line[256], *cell, *save;
	unsigned int n = 0;

	snprintf(line, sizeof(line), "\n  %s ", label);
	p = p ? strstr(p, line) : NULL;
	if (!p)
		return 0;
	p += strlen(line);
	snprintf(line, sizeof(line), "%.*s", (int)strcspn(p, "\n"), p);
	for (cell = strtok_r(line, " ", &save); cell && n < nr;
	     cell = strtok_r(NULL, " ", &save))
		snprintf(cells[n++], 16, "%s", cell);
	return n;
}

/*
 * Per-taskgroup rows of --compare, on tests/sim/workloads/taskgroup_shares.json:
 * one CPU, /A of shares 256 with four hogs, /B of 1024 with one, 20 s.
 *  - cfs and eevdf: the two group entities at the root weigh 256 and
 *    1024, so /A gets 20% and /B 80%.  They stay within the flat bound of
 *    tests/sim/test_classes.c's fair shares (7 ms of vruntime, times the
 *    heavier weight over 1024: 7 ticks of 20000, 0.035 points), and the
 *    text rounds to 0.1: within 0.1 of 20.0 and 80.0.
 *  - o1 and goodness run every task in the root group: five equal hogs,
 *    /A 80% and /B 20%; a hog is off its fifth by at most the round cut
 *    at the end, one 151-tick slice under o1 (0.755 points) and an epoch
 *    of five 41-tick counters under goodness (205 ticks, 1.025 points):
 *    within 1.1.
 *  - Jain within /A: each of its four hogs is within those bounds of a
 *    quarter of /A's time (4000 ticks under o1, goodness; 1000 +- 14 under
 *    cfs, eevdf, two levels), so the coefficient of variation is at most
 *    205 / 4000 and Jain's index 1 / (1 + cv^2) at least 0.997; /B has
 *    one task: "-".
 * The JSON gives each class's taskgroups, and /A's Jain index is the one
 * worked out here from its tasks' run times.
 */
static void test_compare_taskgroups(void)
{
	static const char file[] = "tests/sim/workloads/taskgroup_shares.json";
	const char *names[SIM_COMPARE_MAX_RUNS];
	unsigned int nr = classes(names), k, i;
	char a[SIM_COMPARE_MAX_RUNS][16], b[SIM_COMPARE_MAX_RUNS][16];
	json_error_t jerr;
	json_t *root;
	struct output o;

	o = run("--compare", file, "--cpus", "1", "--duration", "20", NULL);
	CU_ASSERT_EQUAL_FATAL(o.status, 0);
	CU_ASSERT_EQUAL_FATAL(
		compare_row(
			o.out,
			"\ntaskgroups: CPU share (%, child groups included)\n",
			"/A", a, nr),
		nr);
	CU_ASSERT_EQUAL_FATAL(
		compare_row(
			o.out,
			"\ntaskgroups: CPU share (%, child groups included)\n",
			"/B", b, nr),
		nr);
	for (k = 0; k < nr; k++) {
		int fair = !strcmp(names[k], "cfs") ||
			   !strcmp(names[k], "eevdf");
		double want = fair ? 20.0 : 80.0, slack = fair ? 0.1 : 1.1;

		CU_ASSERT(fabs(atof(a[k]) - want) <= slack);
		CU_ASSERT(fabs(atof(b[k]) - (100 - want)) <= slack);
		if (fabs(atof(a[k]) - want) > slack)
			fprintf(stderr, "\n%s: /A %s%%\n", names[k], a[k]);
	}
	CU_ASSERT_EQUAL_FATAL(
		compare_row(
			o.out,
			"\ntaskgroups: Jain's index (the tasks in the group itself)\n",
			"/A", a, nr),
		nr);
	CU_ASSERT_EQUAL_FATAL(
		compare_row(
			o.out,
			"\ntaskgroups: Jain's index (the tasks in the group itself)\n",
			"/B", b, nr),
		nr);
	for (k = 0; k < nr; k++) {
		CU_ASSERT(atof(a[k]) >= 0.997 && atof(a[k]) <= 1.0);
		CU_ASSERT_STRING_EQUAL(b[k], "-");
	}
	done(&o);

	o = run("--compare", "--json", file, "--cpus", "1", "--duration", "20",
		NULL);
	CU_ASSERT_EQUAL_FATAL(o.status, 0);
	root = json_loads(o.out, JSON_REJECT_DUPLICATES, &jerr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	done(&o);
	for (k = 0; k < nr; k++) {
		json_t *cls =
			json_array_get(json_object_get(root, "classes"), k);
		json_t *tgs = json_object_get(cls, "taskgroups");
		json_t *tg = json_array_get(tgs, 0), *tasks, *t;
		double sum = 0, sq = 0, x, share;
		unsigned int n = 0;
		int fair;

		CU_ASSERT_EQUAL_FATAL(json_array_size(tgs), 2);
		CU_ASSERT_STRING_EQUAL(
			json_string_value(json_object_get(tg, "taskgroup")),
			"/A");
		CU_ASSERT_EQUAL(
			json_integer_value(json_object_get(tg, "tasks")), 4);
		CU_ASSERT_EQUAL(
			json_integer_value(json_object_get(tg, "jain_tasks")),
			4);
		share = json_real_value(json_object_get(tg, "share"));
		fair = !strcmp(names[k], "cfs") || !strcmp(names[k], "eevdf");
		CU_ASSERT(fabs(100 * share - (fair ? 20.0 : 80.0)) <=
			  (fair ? 0.05 : 1.05));
		tasks = json_object_get(cls, "tasks");
		json_array_foreach(tasks, i, t)
		{
			if (strncmp(json_string_value(
					    json_object_get(t, "comm")),
				    "a-", 2))
				continue;
			x = json_real_value(json_object_get(t, "runtime_ms"));
			sum += x;
			sq += x * x;
			n++;
		}
		CU_ASSERT_EQUAL(n, 4);
		CU_ASSERT_DOUBLE_EQUAL(
			json_real_value(json_object_get(tg, "jain_index")),
			sum * sum / (n * sq), 1e-12);
	}
	json_decref(root);
}

/*
 * The JSON has a section per class, in order, and each section holds
 * the figures of a single run of that class (the cost aside, which is
 * real time); the CSV rows split into their header's fields.
 */
static void test_compare_json_equals_single_runs(void)
{
	const char *names[SIM_COMPARE_MAX_RUNS];
	unsigned int nr = classes(names), k;
	json_error_t jerr;
	json_t *root, *cls;
	struct output o;

	o = run("--compare", "--json", "mixed", "--cpus", "3", "--seed", "7",
		"--duration", "0.5", NULL);
	CU_ASSERT_EQUAL_FATAL(o.status, 0);
	root = json_loads(o.out, JSON_REJECT_DUPLICATES, &jerr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	done(&o);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(root, "workload")), "mixed");
	/* the head is the first class's run: 0.5 s at its HZ */
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(root, "ticks")),
			sched_class_hz(sched_class_find(names[0])) / 2);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(root, "seed")), 7);
	cls = json_object_get(root, "classes");
	CU_ASSERT_EQUAL_FATAL(json_array_size(cls), nr);
	for (k = 0; k < nr; k++) {
		json_t *section = json_array_get(cls, k), *single;

		CU_ASSERT_STRING_EQUAL(
			json_string_value(json_object_get(section, "class")),
			names[k]);
		CU_ASSERT(json_is_object(json_object_get(section, "cost")));
		CU_ASSERT(json_number_value(json_object_get(
				  json_object_get(section, "cost"),
				  "ns_per_pick")) > 0);
		o = run("--json", "mixed", "--cpus", "3", "--seed", "7",
			"--duration", "0.5", "--sched", names[k], NULL);
		CU_ASSERT_EQUAL(o.status, 0);
		single = json_loads(o.out, 0, &jerr);
		CU_ASSERT_PTR_NOT_NULL_FATAL(single);
		json_object_del(section, "cost");
		json_object_del(single, "cost");
		CU_ASSERT(json_equal(section, single));
		json_decref(single);
		done(&o);
	}
	json_decref(root);

	o = run("--compare", "--csv", "hogs", "--duration", "0.2", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	for (k = 0; k < nr; k++) {
		unsigned int hz;
		char row[64];

		/* each class at its own HZ: 0.2 s of its ticks */
		hz = sched_class_hz(sched_class_find(names[k]));
		snprintf(row, sizeof(row), "\nrun,%s,hogs,4,%u,1,0,%u,",
			 names[k], hz, hz / 5);
		CU_ASSERT_PTR_NOT_NULL(strstr(o.out, row));
		snprintf(row, sizeof(row), "\ngroup,%s,hog,NORMAL,0,8,",
			 names[k]);
		CU_ASSERT_PTR_NOT_NULL(strstr(o.out, row));
	}
	CU_ASSERT_EQUAL(strncmp(o.out, "table,class,workload,", 21), 0);
	done(&o);
}

/* one trace per class, each the very bytes of a single run's trace */
static void test_compare_traces(void)
{
	char dir[] = "/tmp/kstruct-cmp-XXXXXX";
	char trace[64], chrome[64], path[96], single[96];
	const char *names[SIM_COMPARE_MAX_RUNS];
	unsigned int nr = classes(names), k;
	struct output o;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	snprintf(trace, sizeof(trace), "%s/t.txt", dir);
	snprintf(chrome, sizeof(chrome), "%s/c.json", dir);
	o = run("--compare", "fork", "--seed", "3", "--duration", "0.4",
		"--trace", trace, "--chrome", chrome, NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	done(&o);
	CU_ASSERT_EQUAL(access(trace, F_OK), -1); /* no unsuffixed file */
	for (k = 0; k < nr; k++) {
		char *a, *b;
		size_t la, lb;
		json_error_t jerr;
		json_t *root;

		snprintf(single, sizeof(single), "%s/single.txt", dir);
		o = run("fork", "--seed", "3", "--duration", "0.4", "--sched",
			names[k], "--trace", single, NULL);
		CU_ASSERT_EQUAL(o.status, 0);
		done(&o);
		snprintf(path, sizeof(path), "%s/t.%s.txt", dir, names[k]);
		a = read_file(path, &la);
		b = read_file(single, &lb);
		CU_ASSERT_PTR_NOT_NULL(a);
		CU_ASSERT(a && b && la > 1000 && la == lb && !memcmp(a, b, la));
		CU_ASSERT(a && !strncmp(a, "# tracer: nop\n", 14));
		free(a);
		free(b);
		unlink(path);
		unlink(single);
		snprintf(path, sizeof(path), "%s/c.%s.json", dir, names[k]);
		root = json_load_file(path, 0, &jerr);
		CU_ASSERT_PTR_NOT_NULL(root);
		CU_ASSERT(json_array_size(
				  json_object_get(root, "traceEvents")) > 10);
		json_decref(root);
		unlink(path);
	}
	CU_ASSERT_EQUAL(rmdir(dir), 0); /* nothing else was written */
}

static void test_compare_errors(void)
{
	struct output o;

	/* a trace that cannot be written: said so, exit 1 */
	o = run("--compare", "--trace", "/nonexistent/t.txt", NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "/nonexistent/t."));
	done(&o);
	o = run("--compare", "no-such-workload", NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "no-such-workload"));
	done(&o);
	o = run("--compare", "--json", "--csv", NULL);
	CU_ASSERT_EQUAL(o.status, 2);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	done(&o);
	/* --compare runs every class: naming one is a usage error */
	o = run("--compare", "--sched", "o1", NULL);
	CU_ASSERT_EQUAL(o.status, 2);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "--compare"));
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "--sched"));
	done(&o);
	o = run("--sched", "cfs2", "--compare", NULL);
	CU_ASSERT_EQUAL(o.status, 2);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "unknown scheduler \"cfs2\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "goodness, o1"));
	done(&o);
}

/* a fresh folder for output files, and what it holds */
static char dir[64];

static void make_dir(void)
{
	CU_ASSERT_FATAL(tmpdir_make(dir, "cmd-sim") == 0);
}

static const char *in_dir(char *buf, const char *name)
{
	sprintf(buf, "%s/%s", dir, name);
	return buf;
}

static const char *listing(void)
{
	return tmpdir_list(dir);
}

static void remove_dir(void)
{
	tmpdir_remove(dir);
}

/*
 * Numbers are decimal, with nothing before or after them, and the message
 * states the range that is enforced.
 */
static void test_numbers(void)
{
	static const char *const bad[][2] = {
		{ "--cpus", "0x4" },
		{ "--cpus", "4x" },
		{ "--cpus", " 4" },
		{ "--cpus", "-1" },
		{ "--seed", "-1" },
		{ "--seed", "+3" },
		{ "--seed", "18446744073709551616" },
		{ "--hz", "1e3" },
		{ "--duration", "1e3" },
		{ "--duration", "0x10" },
		{ "--duration", "inf" },
		{ "--duration", "nan" },
		{ "--duration", "0.0000001" },
		{ "--duration", "0" },
		{ "--duration", " 1" },
		{ "--max-tasks", "1k" },
	};
	struct output o;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		o = run(bad[i][0], bad[i][1], NULL);
		CU_ASSERT_EQUAL(o.status, 2);
		CU_ASSERT_PTR_NOT_NULL(strstr(o.err, bad[i][0]));
		done(&o);
	}
	/* 010 is ten CPUs, not eight */
	o = run("--cpus", "010", "-w", "hogs", "--duration", "0.01", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.out, "10 CPUs"));
	done(&o);
	/* the ranges the messages state are the ones enforced */
	o = run("--cpus", "0", NULL);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(o.err, "\"0\" is not a whole number in 1..64"));
	done(&o);
	o = run("--cpus", "64", "-w", "hogs", "--duration", "0.001", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	done(&o);
	o = run("--hz", "9", NULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, " in 10..100000"));
	done(&o);
	o = run("--duration", "100000000.000001", NULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, " in 0.000001..100000000 "));
	done(&o);
	o = run("-w", "hogs", "--duration", "0.000001", "--cpus", "1", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.out, "(1 ticks)"));
	done(&o);
}

/* --max-tasks 0 is refused: in the library's options 0 means 4 million */
static void test_max_tasks_zero(void)
{
	struct output o = run("--max-tasks", "0", NULL);

	CU_ASSERT_EQUAL(o.status, 2);
	CU_ASSERT_STRING_EQUAL(o.err,
			       "kstruct sim: --max-tasks: \"0\" is not a "
			       "whole number in 1..100000000\n");
	done(&o);
	o = run("--max-tasks", "1", "-w", "fork", "--duration", "0.5", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	done(&o);
}

/* duration x HZ is bounded, with a message that says by what */
static void test_too_many_ticks(void)
{
	char path[] = "/tmp/kstruct-cmd-XXXXXX";
	int fd = mkstemp(path);
	static const char long_wl[] = "{\"global\": {\"duration\": 1000000},"
				      " \"tasks\": {\"a\": {\"run\": 1000}}}";
	struct output o;

	o = run("--duration", "1000000", "--hz", "100000", NULL);
	CU_ASSERT_EQUAL(o.status, 2);
	CU_ASSERT_STRING_EQUAL(o.err,
			       "kstruct sim: a run of --duration at "
			       "100000 HZ is 100000000000 ticks; at most "
			       "1000000000 (shorten --duration or lower "
			       "--hz)\n");
	CU_ASSERT_STRING_EQUAL(o.out, "");
	done(&o);
	/* exactly the limit runs (not here: it would take minutes); one more not */
	o = run("--duration", "1000000.0005", "--hz", "1000", NULL);
	CU_ASSERT_EQUAL(o.status, 2);
	done(&o);
	/* the workload's own duration counts too */
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT(write(fd, long_wl, sizeof(long_wl) - 1) ==
		  (ssize_t)sizeof(long_wl) - 1);
	close(fd);
	o = run("--hz", "2000", path, NULL);
	CU_ASSERT_EQUAL(o.status, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "the workload's duration at 2000 "
					     "HZ is 2000000000 ticks"));
	done(&o);
	unlink(path);
}

/* the traces appear, complete, when the run succeeds; nothing else is left */
static void test_traces_renamed_on_success(void)
{
	char trace[128], chrome[128], page[128];
	struct output o;

	make_dir();
	o = run("-w", "hogs", "--duration", "0.2", "--trace",
		in_dir(trace, "t.txt"), "--chrome", in_dir(chrome, "c.json"),
		"--html", in_dir(page, "p.html"), NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_STRING_EQUAL(listing(), "c.json p.html t.txt");
	done(&o);
	remove_dir();
}

/*
 * Every allocation of a run with both traces and a page fails in turn:
 * each failed run exits 1 and leaves the folder empty, leaks nothing;
 * then one succeeds.
 */
static void test_failed_allocation_leaves_nothing(void)
{
	char trace[128], chrome[128], page[128];
	unsigned long n, fired;
	long live = kmalloc_live();
	int failures = 0;
	struct output o;

	make_dir();
	in_dir(trace, "t.txt");
	in_dir(chrome, "c.json");
	in_dir(page, "p.html");
	for (n = 1; n < 100000; n += n < 64 ? 1 : n / 8) {
		fired = kmalloc_fault_fired();
		kmalloc_fail_nth(n);
		o = run("-w", "fork", "--cpus", "2", "--duration", "0.1",
			"--trace", trace, "--chrome", chrome, "--html", page,
			NULL);
		kmalloc_fault_reset();
		if (kmalloc_fault_fired() == fired) {
			CU_ASSERT_EQUAL(o.status, 0);
			CU_ASSERT_STRING_EQUAL(listing(),
					       "c.json p.html t.txt");
			done(&o);
			break;
		}
		failures++;
		CU_ASSERT_EQUAL(o.status, 1);
		CU_ASSERT_STRING_EQUAL(listing(), "");
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		done(&o);
	}
	CU_ASSERT(failures > 10);
	remove_dir();
}

/*
 * Fail every allocation of a run in turn (each N once, then every one
 * after the N-th): each failure exits 1 with a message of readable lines
 * on stderr, and stdout is empty; the run that fails nothing prints a
 * document that @whole accepts.  Each of the steps (creating, running,
 * reporting) fails at least once, and a failed allocation is always
 * "out of memory".
 */
static void fail_every_allocation(const char *const *argv,
				  int (*whole)(const char *out))
{
	static const char *const steps[] = { ": creating the machine: ",
					     ": running: ", ": reporting: ",
					     "out of memory" };
	unsigned int seen[ARRAY_SIZE(steps)] = { 0 }, k, after;
	unsigned long n, fired;
	struct output o;

	for (after = 0; after < 2; after++) {
		for (n = 1; n < 5000; n++) {
			fired = kmalloc_fault_fired();
			if (after)
				kmalloc_fail_after(n);
			else
				kmalloc_fail_nth(n);
			o = run(argv[0], argv[1], argv[2], argv[3], argv[4],
				argv[5], argv[6], argv[7], NULL);
			kmalloc_fault_reset();
			if (kmalloc_fault_fired() == fired) {
				CU_ASSERT_EQUAL(o.status, 0);
				CU_ASSERT(whole(o.out));
				done(&o);
				break;
			}
			CU_ASSERT_EQUAL(o.status, 1);
			CU_ASSERT(printable_lines(o.err));
			CU_ASSERT_STRING_EQUAL(o.out, "");
			/* memory is "out of memory", never strerror's words */
			CU_ASSERT_PTR_NULL(strstr(o.err, "Cannot allocate"));
			for (k = 0; k < ARRAY_SIZE(steps); k++)
				seen[k] += !!strstr(o.err, steps[k]);
			if (o.status != 1 || !printable_lines(o.err) || *o.out)
				fprintf(stderr,
					"\n%s %lu: \"%s\", %zu bytes out\n",
					after ? "after" : "nth", n, o.err,
					strlen(o.out));
			done(&o);
		}
		CU_ASSERT(n > 10 && n < 5000);
	}
	for (k = 0; k < ARRAY_SIZE(steps); k++)
		CU_ASSERT(seen[k] > 0);
}

static int whole_json(const char *out)
{
	json_error_t jerr;
	json_t *root = json_loads(out, JSON_REJECT_DUPLICATES, &jerr);

	json_decref(root);
	return root != NULL;
}

/* the text comparison ends with its tasks' table, the CSV with a row */
static int whole_text(const char *out)
{
	return strstr(out, "workload ") == out && out[strlen(out) - 1] == '\n';
}

static int whole_csv(const char *out)
{
	return strncmp(out, "table,", 6) == 0 && out[strlen(out) - 1] == '\n';
}

static void test_compare_every_allocation_failure(void)
{
	static const char *const text[] = {
		"--compare",  "fork", "--cpus", "2",
		"--duration", "0.05", NULL,	NULL
	};
	static const char *const json[] = {
		"--compare",  "fork", "--cpus", "2",
		"--duration", "0.05", "--json", NULL
	};
	static const char *const csv[] = {
		"--compare",  "fork", "--cpus", "2",
		"--duration", "0.05", "--csv",	NULL
	};
	static const char *const groups[] = {
		"--compare",
		"--json",
		"--duration",
		"0.05",
		"tests/sim/workloads/taskgroup_shares.json",
		NULL,
		NULL,
		NULL
	};

	char page[128];
	const char *html[] = { "--compare", "fork",   "--duration", "0.05",
			       "--json",    "--html", page,	    NULL };

	fail_every_allocation(text, whole_text);
	fail_every_allocation(json, whole_json);
	fail_every_allocation(csv, whole_csv);
	fail_every_allocation(groups, whole_json);
	make_dir();
	in_dir(page, "p.html");
	fail_every_allocation(html, whole_json);
	remove_dir();
}

/* a single run too: its report whole or nothing */
static void test_single_every_allocation_failure(void)
{
	static const char *const json[] = { "fork",	  "--cpus", "2",
					    "--duration", "0.05",   "--json",
					    "--sched",	  "cfs" };
	static const char *const groups[] = {
		"--sched", "eevdf",
		"--csv",   "--duration",
		"0.05",	   "tests/sim/workloads/taskgroup_shares.json",
		NULL,	   NULL
	};

	fail_every_allocation(json, whole_json);
	fail_every_allocation(groups, whole_csv);
}

/* more tasks at the start than --max-tasks: the message names both */
static void test_max_tasks_named(void)
{
	/* taskgroup_shares.json: "a" has 4 instances, "b" 1 */
	struct output o = run("--max-tasks", "3",
			      "tests/sim/workloads/taskgroup_shares.json",
			      NULL);

	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	CU_ASSERT_STRING_EQUAL(
		o.err,
		"kstruct sim: the workload starts 5 tasks; --max-tasks is 3 (raise it with --max-tasks)\n");
	done(&o);
	o = run("--compare", "--max-tasks", "4",
		"tests/sim/workloads/taskgroup_shares.json", NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	CU_ASSERT_STRING_EQUAL(
		o.err,
		"kstruct sim: goodness: the workload starts 5 tasks; --max-tasks is 4 (raise it with --max-tasks)\n");
	done(&o);
	o = run("--max-tasks", "5", "--duration", "0.01",
		"tests/sim/workloads/taskgroup_shares.json", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	done(&o);
}

/*
 * A workload's names and keys reach stderr escaped: no ESC, no newline
 * of theirs, in the parser's errors and warnings and the tool's own
 * messages (a file name).  A task's name has its control characters
 * made '_' before any message could show it.
 */
static void test_names_escaped_on_stderr(void)
{
	static const struct {
		const char *json;
		const char *want;
	} cases[] = {
		/* the group, as a key of "taskgroups" */
		{ "{\"global\":{\"taskgroups\":{\"/a\\u001b[2J\\u001b[H\":{}}},"
		  "\"tasks\":{\"t\":{\"run\":1000}}}",
		  "global.taskgroups./a\\x1b[2J\\x1b[H: a taskgroup name with a control character" },
		/* an error: a path that does not start with / */
		{ "{\"tasks\":{\"t\":{\"taskgroup\":\"a\\u001b]0;pwned\\u0007\","
		  "\"run\":1000}}}",
		  "\"a\\x1b]0;pwned\\x07\": a taskgroup is a path" },
		/* an error naming a key with a newline */
		{ "{\"tasks\":{\"t\\nx\\u009b\":{\"run\":-1}}}",
		  "tasks.t\\nx\\xc2\\x9b.run: " },
		/* a duplicate group, in the text before jansson reads it */
		{ "{\"global\":{\"taskgroups\":{\"/\x1b[2J\":{},\"/\x1b[2J\":{}}},"
		  "\"tasks\":{\"t\":{\"run\":1}}}",
		  "taskgroup \"/\\x1b[2J\" is given twice" },
		/* a warning naming a key */
		{ "{\"global\":{\"x\\u001b[H\":1},\"tasks\":{\"t\":{\"run\":1000}}}",
		  "global.x\\x1b[H: not an rt-app key; ignored" },
	};
	char path[160], name[160];
	struct output o;
	unsigned int i;
	FILE *f;

	make_dir();
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		f = fopen(in_dir(path, "w.json"), "w");
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		fputs(cases[i].json, f);
		fclose(f);
		o = run("--duration", "0.01", path, NULL);
		CU_ASSERT(printable_lines(o.err));
		CU_ASSERT_PTR_NULL(strchr(o.err, '\x1b'));
		CU_ASSERT_PTR_NOT_NULL(strstr(o.err, cases[i].want));
		if (!strstr(o.err, cases[i].want))
			fprintf(stderr, "\n%u: %s", i, o.err);
		done(&o);
		unlink(path);
	}
	/* a file name of the user's: escaped in the tool's own message */
	o = run(in_dir(name, "no\x1b[2J\xff.json"), NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT(printable_lines(o.err));
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "no\\x1b[2J\\xff.json: "));
	done(&o);
	o = run("--trace", in_dir(name, "none/t\x1b.txt"), "-w", "hogs", NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT(printable_lines(o.err));
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "t\\x1b.txt: "));
	done(&o);
	remove_dir();
}

/* stdout refuses the report: exit 1 naming stdout, and no trace kept */
static void test_stdout_full(void)
{
	static const char *const modes[] = { NULL, "--json", "--csv" };
	char trace[128];
	struct output o;
	unsigned int i;

	make_dir();
	stdout_full = 1;
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		o = run("-w", "hogs", "--duration", "0.05", "--trace",
			in_dir(trace, "t.txt"), modes[i], NULL);
		CU_ASSERT_EQUAL(o.status, 1);
		CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "kstruct sim: stdout: "));
		CU_ASSERT_STRING_EQUAL(listing(), "");
		done(&o);
	}
	o = run("--list", NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	done(&o);
	o = run("--show", "fork", NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	done(&o);
	o = run("--help", NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	done(&o);
	stdout_full = 0;
	remove_dir();
}

static void run_past_limit(int unused)
{
	struct rlimit lim = { 8192, 8192 };
	char trace[128];
	struct output o;

	(void)unused;
	setrlimit(RLIMIT_FSIZE, &lim);
	o = run("-w", "hogs", "--duration", "2", "--trace",
		in_dir(trace, "t.txt"), NULL);
	fputs(o.err, stderr);
	_exit(o.status);
}

/*
 * A full disk (RLIMIT_FSIZE, in a child): the trace cannot be written;
 * the run fails naming the file and its error, and leaves nothing.
 */
static void test_trace_write_error(void)
{
	char err[1024];
	int status;

	make_dir();
	status = run_in_child(run_past_limit, 0, err, sizeof(err));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "/t.txt: File too large (the run "
					   "stopped after "));
	CU_ASSERT_STRING_EQUAL(listing(), "");
	remove_dir();
}

/*
 * --compare writes every class's traces, renamed together once every run
 * and the report went through: stdout on /dev/full, or a failed
 * allocation, leaves none of them.
 */
static void test_compare_traces_whole_or_none(void)
{
	const char *names[SIM_COMPARE_MAX_RUNS];
	unsigned int nr = classes(names), k;
	char trace[128];
	unsigned long n, fired;
	struct output o;

	make_dir();
	in_dir(trace, "t.txt");
	stdout_full = 1;
	o = run("--compare", "fork", "--duration", "0.1", "--trace", trace,
		NULL);
	stdout_full = 0;
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_STRING_EQUAL(listing(), "");
	done(&o);
	for (n = 1; n < 100000; n += n < 32 ? 1 : n / 4) {
		fired = kmalloc_fault_fired();
		kmalloc_fail_nth(n);
		o = run("--compare", "fork", "--duration", "0.1", "--trace",
			trace, NULL);
		kmalloc_fault_reset();
		if (kmalloc_fault_fired() == fired) {
			CU_ASSERT_EQUAL(o.status, 0);
			done(&o);
			break;
		}
		CU_ASSERT_EQUAL(o.status, 1);
		CU_ASSERT_STRING_EQUAL(listing(), "");
		done(&o);
	}
	o = run("--compare", "fork", "--duration", "0.1", "--trace", trace,
		NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	done(&o);
	for (k = 0; k < nr; k++) {
		char path[160];

		snprintf(path, sizeof(path), "t.%s.txt", names[k]);
		CU_ASSERT_PTR_NOT_NULL(strstr(listing(), path));
	}
	/* and nothing else: nr names, nr - 1 spaces between them */
	for (k = 0, n = 0; listing()[k]; k++)
		n += listing()[k] == ' ';
	CU_ASSERT_EQUAL(n, nr - 1);
	remove_dir();
}

/*
 * --html FILE beside --json: the page is written, and it embeds the very
 * report stdout carries; a run the page's limits stop leaves FILE as it
 * was.
 */
static void test_html(void)
{
	static const char *const yields =
		"{\"global\": {\"duration\": 40}, \"tasks\": {\"y\": "
		"{\"instance\": 2, \"run\": 1000, \"yield\": 0}}}";
	char page[] = "/tmp/kstruct-page-XXXXXX";
	char wl[] = "/tmp/kstruct-yields-XXXXXX";
	const char *open = "<script type=\"application/json\" id=\"report\">";
	int fd = mkstemp(page), fw = mkstemp(wl);
	json_t *a, *b;
	struct output o;
	char *html, *start, *end, section[96];
	unsigned int i, k;
	size_t len;

	CU_ASSERT_FATAL(fd >= 0 && fw >= 0);
	close(fd);
	CU_ASSERT(write(fw, yields, strlen(yields)) == (ssize_t)strlen(yields));
	close(fw);
	/* one run, and --compare: the page embeds what stdout printed */
	for (i = 0; i < 2; i++) {
		o = run("--json", "-w", "rt", "--cpus", "2", "--duration",
			"0.3", "--html", page, i ? "--compare" : NULL, NULL);
		CU_ASSERT_EQUAL(o.status, 0);
		CU_ASSERT_STRING_EQUAL(o.err, "");
		html = read_file(page, &len);
		CU_ASSERT_PTR_NOT_NULL_FATAL(html);
		CU_ASSERT_EQUAL(strncmp(html, "<!DOCTYPE html>\n", 16), 0);
		for (k = 0; sched_classes[k]; k++) {
			snprintf(
				section, sizeof(section),
				"<section class=\"run\" id=\"run-%u\" data-label=\"%s\"",
				k, i ? sched_classes[k]->name : "o1");
			CU_ASSERT(!strstr(html, section) == (i == 0 && k > 0));
		}
		start = strstr(html, open);
		CU_ASSERT_PTR_NOT_NULL_FATAL(start);
		start += strlen(open);
		end = strstr(start, "</script>");
		CU_ASSERT_PTR_NOT_NULL_FATAL(end);
		*end = '\0';
		a = json_loads(o.out, 0, NULL);
		b = json_loads(start, 0, NULL);
		CU_ASSERT(a && b && json_equal(a, b));
		json_decref(a);
		json_decref(b);
		free(html);
		done(&o);
	}

	/* the class is the page's label */
	o = run("-w", "hogs", "--sched", "goodness", "--duration", "0.05",
		"--html", page, NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	html = read_file(page, &len);
	CU_ASSERT(html && strstr(html, "data-label=\"goodness\""));
	done(&o);

	/* 80,000 yields: more runs than a page holds; the file stays */
	o = run(wl, "--cpus", "1", "--html", page, NULL);
	CU_ASSERT_EQUAL(o.status, 1);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, page));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(o.err, "more than 30000 task runs (at tick "));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(o.err, "shorten the run with --duration"));
	start = read_file(page, &len);
	CU_ASSERT(html && start && !strcmp(html, start));
	free(start);
	free(html);
	done(&o);

	/* stdout carries the report: a page there is refused */
	o = run("--html", "-", NULL);
	CU_ASSERT_EQUAL(o.status, 2);
	CU_ASSERT_STRING_EQUAL(o.out, "");
	CU_ASSERT_PTR_NOT_NULL(strstr(o.err, "--html: give a file name"));
	done(&o);
	unlink(page);
	unlink(wl);
}

/*
 * The same command writes the same page, byte for byte, under every
 * class (docs/sim.md says when: not with --cost, --compare or --threaded,
 * which embed what the machine measured).
 */
static void test_html_same_command_same_page(void)
{
	char p1[] = "/tmp/kstruct-page1-XXXXXX";
	char p2[] = "/tmp/kstruct-page2-XXXXXX";
	int f1 = mkstemp(p1), f2 = mkstemp(p2);
	char *a, *b;
	struct output o;
	size_t la, lb;
	unsigned int k;

	CU_ASSERT_FATAL(f1 >= 0 && f2 >= 0);
	close(f1);
	close(f2);
	for (k = 0; sched_classes[k]; k++) {
		const char *name = sched_classes[k]->name;

		o = run("-w", "mixed", "--cpus", "2", "--duration", "0.2",
			"--sched", name, "--html", p1, NULL);
		CU_ASSERT_EQUAL(o.status, 0);
		done(&o);
		o = run("-w", "mixed", "--cpus", "2", "--duration", "0.2",
			"--sched", name, "--html", p2, NULL);
		CU_ASSERT_EQUAL(o.status, 0);
		done(&o);
		a = read_file(p1, &la);
		b = read_file(p2, &lb);
		CU_ASSERT_PTR_NOT_NULL_FATAL(a);
		CU_ASSERT_PTR_NOT_NULL_FATAL(b);
		CU_ASSERT(la > 10000);
		CU_ASSERT(la == lb && !memcmp(a, b, la));
		free(a);
		free(b);
	}
	unlink(p1);
	unlink(p2);
}

static CU_TestInfo cmd_tests[] = {
	{ "default run prints a report", test_default_run },
	{ "--list and --show", test_list_and_show },
	{ "usage errors exit 2", test_usage_errors },
	{ "--topology: the CPUs, or agreeing with --cpus",
	  test_topology_option },
	{ "a bad workload runs nothing", test_bad_workload_runs_nothing },
	{ "--json, --csv, --trace, --chrome", test_json_csv_and_traces },
	{ "every allocation failure says so",
	  test_every_allocation_failure_says_so },
	{ "an rt-app file from the standard input",
	  test_rtapp_file_from_stdin },
	{ "taskgroups: figures under cfs, a warning under o1",
	  test_taskgroups_by_class },
	{ "a trace write error names the file", test_trace_write_error_named },
	{ "--compare: trace file names", test_class_path },
	{ "--compare on every workload", test_compare_every_workload },
	{ "--compare JSON equals single runs",
	  test_compare_json_equals_single_runs },
	{ "--compare: taskgroups' share and Jain, shares 1:4",
	  test_compare_taskgroups },
	{ "--compare: one trace per class, as single runs",
	  test_compare_traces },
	{ "--compare errors", test_compare_errors },
	{ "--compare: every class's traces, or none",
	  test_compare_traces_whole_or_none },
	{ "numbers: decimal, ranges stated", test_numbers },
	{ "--max-tasks 0 is refused", test_max_tasks_zero },
	{ "duration x HZ is bounded", test_too_many_ticks },
	{ "traces and page appear only when the run succeeds",
	  test_traces_renamed_on_success },
	{ "a failed allocation leaves no file",
	  test_failed_allocation_leaves_nothing },
	{ "stdout on /dev/full: exit 1, no trace kept", test_stdout_full },
	{ "more tasks than --max-tasks: the limit and the option named",
	  test_max_tasks_named },
	{ "a workload's names reach stderr escaped",
	  test_names_escaped_on_stderr },
	{ "a trace write error (RLIMIT_FSIZE) leaves nothing",
	  test_trace_write_error },
	{ "--html", test_html },
	{ "--html: the same command, the same page",
	  test_html_same_command_same_page },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/cmd_sim", cmd_tests, NULL, NULL)

/*
 * Every allocation of whole runs failing in turn: about 1,500 runs, each
 * building a machine with its migration threads; left to ASan+UBSan by
 * the valgrind pass (VALGRIND_SKIP in .ci/run), where they take minutes.
 */
static CU_TestInfo allocation_tests[] = {
	{ "--compare: every failed allocation says why, stdout whole or empty",
	  test_compare_every_allocation_failure },
	{ "one class: every failed allocation says why, stdout whole or empty",
	  test_single_every_allocation_failure },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/cmd_sim/allocation", allocation_tests, NULL, NULL)

/*
 * --compare --threaded: every class on one thread per CPU, every
 * invariant checked after every tick (the run is not repeatable, so
 * only its shape is checked).  Run under ThreadSanitizer in CI.
 */
static void test_compare_threaded(void)
{
	const char *names[SIM_COMPARE_MAX_RUNS];
	unsigned int nr = classes(names), k;
	json_error_t jerr;
	json_t *root, *cls;
	struct output o;

	o = run("--compare", "--threaded", "--check", "--json", "mixed",
		"--cpus", "3", "--duration", "0.3", NULL);
	CU_ASSERT_EQUAL(o.status, 0);
	CU_ASSERT_STRING_EQUAL(o.err, "");
	root = json_loads(o.out, JSON_REJECT_DUPLICATES, &jerr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	cls = json_object_get(root, "classes");
	CU_ASSERT_EQUAL(json_array_size(cls), nr);
	for (k = 0; k < json_array_size(cls); k++) {
		json_t *c = json_array_get(cls, k);

		CU_ASSERT_STRING_EQUAL(
			json_string_value(json_object_get(c, "class")),
			names[k]);
		CU_ASSERT(json_is_true(json_object_get(c, "threaded")));
		/* 0.3 s, each class at its own HZ */
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(c, "ticks")),
				3 * sched_class_hz(sched_class_find(names[k])) /
					10);
	}
	json_decref(root);
	done(&o);
}

/*
 * In a child whose threads ask for a stack larger than the address space
 * (pthread_setattr_default_np()), no thread can start: the machine's
 * migration threads, started first, fail, and the message says which
 * resource ran out and what to try.
 */
static void run_without_threads(int compare)
{
	pthread_attr_t attr;
	struct output o;

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, (size_t)1 << 46);
	pthread_setattr_default_np(&attr);
	pthread_attr_destroy(&attr);
	if (compare)
		o = run("--threaded", "--compare", "-w", "hogs", "--duration",
			"0.01", NULL);
	else
		o = run("--threaded", "-w", "hogs", "--duration", "0.01", NULL);
	fputs(o.err, stderr);
	if (*o.out)
		fputs("stdout not empty\n", stderr);
	_exit(o.status);
}

static void test_threads_cannot_start(void)
{
	static const char msg[] =
		"cannot start the scheduler's migration threads, one per CPU (4): the process is out of threads or of memory for their stacks (raise ulimit -u or ulimit -v, or give fewer --cpus)\n";
	char err[1024], want[512];
	int status;

	status = run_in_child(run_without_threads, 0, err, sizeof(err));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 1);
	snprintf(want, sizeof(want), "kstruct sim: %s", msg);
	CU_ASSERT_STRING_EQUAL(err, want);
	status = run_in_child(run_without_threads, 1, err, sizeof(err));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 1);
	snprintf(want, sizeof(want), "kstruct sim: goodness: %s", msg);
	CU_ASSERT_STRING_EQUAL(err, want);
}

static CU_TestInfo cmd_threads_tests[] = {
	{ "--compare --threaded --check", test_compare_threaded },
	{ "threads that cannot start: the resource and the way out named",
	  test_threads_cannot_start },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/threads/cmd_sim", cmd_threads_tests, NULL, NULL)
