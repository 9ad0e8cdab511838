// SPDX-License-Identifier: MIT
/*
 * tests/bench/test_callgrind.c - the reader of callgrind's output
 * (bench/callgrind.c) that "kstruct bench sched-instr" sums by part: the
 * instructions charged where they ran (a call's inclusive line skipped,
 * inlined code to its own file), every refusal, and random files whose
 * sums are worked out here on the side; and sched-instr's map from a
 * source file to its part, on the paths callgrind writes.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/callgrind.h"
#include "bench/sched_instr.h"
#include "tests/ktest.h"

#define NR_PARTS 3

/* part 0: files named a.*, part 1: b.*, part 2: the rest */
static unsigned int part_by_file(const char *file, const char *fn, void *data)
{
	unsigned int *calls = data;

	(void)fn;
	if (calls)
		(*calls)++;
	if (file[0] == 'a' && file[1] == '.')
		return 0;
	if (file[0] == 'b' && file[1] == '.')
		return 1;
	return 2;
}

/* @len bytes of @buf read into @nr_parts parts by the files' names */
static int read_buf(const char *buf, size_t len, unsigned int nr_parts,
		    unsigned long long *parts, unsigned long long *total,
		    char *err, size_t errsz)
{
	FILE *f = fmemopen((void *)buf, len, "r");
	int ret;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	ret = callgrind_read(f, part_by_file, NULL, parts, nr_parts, total, err,
			     errsz);
	fclose(f);
	return ret;
}

static int read_text(const char *text, unsigned long long *parts,
		     unsigned long long *total, char *err, size_t errsz)
{
	return read_buf(text, strlen(text), NR_PARTS, parts, total, err, errsz);
}

static const char good[] = "# callgrind format\n"
			   "version: 1\n"
			   "creator: callgrind-3.19.0\n"
			   "cmd:  ./x\n"
			   "positions: line\n"
			   "events: Ir\n"
			   "summary: 111\n"
			   "\n"
			   "ob=/bin/x\n"
			   "fl=a.c\n"
			   "fn=main\n"
			   "10 1\n"
			   "11 2\n"
			   "cfl=b.c\n"
			   "cfn=helper\n"
			   "calls=3 20\n"
			   "12 1000\n" /* helper's, inclusive: not main's */
			   "fi=b.h\n"
			   "5 4\n" /* inlined from b.h: part 1 */
			   "fe=a.c\n"
			   "13 8\n"
			   "\n"
			   "fl=b.c\n"
			   "fn=helper\n"
			   "20 16\n"
			   "+1 32\n"
			   "* 0\n"
			   "21\n" /* a position with no cost */
			   "fl=???\n"
			   "fn=(below main)\n"
			   "0 48\n"
			   "\n"
			   "totals: 111\n";

static void test_callgrind_sums_where_it_ran(void)
{
	unsigned long long parts[NR_PARTS], total;
	char err[128];

	CU_ASSERT_EQUAL(read_text(good, parts, &total, err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(err, "");
	CU_ASSERT_EQUAL(parts[0], 1 + 2 + 8);
	CU_ASSERT_EQUAL(parts[1], 4 + 16 + 32);
	CU_ASSERT_EQUAL(parts[2], 48);
	CU_ASSERT_EQUAL(total, 111);
}

/* a new fn= goes back to the file of its fl=, whatever fi= said */
static void test_callgrind_fn_resets_inline_file(void)
{
	static const char text[] = "events: Ir\n"
				   "fl=c.c\nfn=f\nfi=a.h\n1 5\n"
				   "fn=g\n2 7\n"
				   "totals: 12\n";
	unsigned long long parts[NR_PARTS], total;
	char err[128];

	CU_ASSERT_EQUAL(read_text(text, parts, &total, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(parts[0], 5);
	CU_ASSERT_EQUAL(parts[2], 7);
}

static void test_callgrind_refuses(void)
{
	static const struct {
		const char *text, *why;
	} bad[] = {
		{ "events: Ir\nfl=a.c\nfn=f\n1 5\ntotals: 6\n", "add up to 5" },
		{ "fl=a.c\nfn=f\n1 5\ntotals: 5\n", "before the events" },
		{ "events: Dr Ir\nfl=a.c\nfn=f\n1 5\ntotals: 5\n", "not Ir" },
		{ "events: Irx\ntotals: 0\n", "not Ir" },
		{ "events: Ir\nfl=(1) a.c\nfn=(2) f\n1 5\ntotals: 5\n",
		  "compressed" },
		{ "events: Ir\nfl=a.c\n1 5\ntotals: 5\n",
		  "outside a function" },
		{ "events: Ir\nfl=a.c\nfn=f\n1 5\n", "cut short" },
		{ "fl=a.c\nfn=f\n", "no events line" },
		{ "", "no events line" },
		{ "events: Ir\nfl=a.c\nfn=f\nwhat is this\ntotals: 0\n",
		  "not a line" },
		{ "events: Ir\nfl=a.c\nfn=f\n1x 5\ntotals: 5\n", "position" },
		{ "events: Ir\nfl=a.c\nfn=f\n+ 5\ntotals: 5\n", "position" },
		{ "events: Ir\nfl=a.c\nfn=f\n1 five\ntotals: 5\n",
		  "not a number" },
		{ "events: Ir\nfl=a.c\nfn=f\n1 5x\ntotals: 5\n",
		  "not a number" },
		{ "events: Ir\nfl=a.c\nfn=f\n1 -5\ntotals: 5\n",
		  "not a number" },
		{ "events: Ir\nfl=a.c\nfn=f\n1 99999999999999999999\n",
		  "out of range" },
		{ "events: Ir\nfl=a.c\nfn=f\n1 18446744073709551615\n2 1\n",
		  "too large" },
		{ "events: Ir\ncalls=x 1\ntotals: 0\n", "not a number" },
		{ "events: Ir\ntotals: many\n", "not a number" },
	};
	unsigned long long parts[NR_PARTS], total;
	unsigned int i;
	char err[128];

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(parts, 0xa5, sizeof(parts));
		total = 42;
		err[0] = '\0';
		CU_ASSERT_EQUAL(read_text(bad[i].text, parts, &total, err,
					  sizeof(err)),
				-EINVAL);
		if (!strstr(err, bad[i].why))
			fprintf(stderr, "\ncase %u: \"%s\" lacks \"%s\"\n", i,
				err, bad[i].why);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad[i].why));
		CU_ASSERT_EQUAL(parts[0] | parts[1] | parts[2], 0);
		CU_ASSERT_EQUAL(total, 0);
	}
}

/* a NUL inside a line; a part the caller's map puts out of range */
static void test_callgrind_refuses_nul_and_bad_part(void)
{
	static const char nul[] = "events: Ir\nfl=a.c\nfn=f\0g\n1 5\n";
	static const char esc[] = "events: Ir\nfl=z\x1b[2J.c\nfn=f\n";
	static const char text[] = "events: Ir\nfl=a.c\nfn=f\n1 5\n"
				   "totals: 5\n";
	static const char rest[] = "events: Ir\nfl=z.c\nfn=f\n1 5\n"
				   "totals: 5\n";
	unsigned long long parts[NR_PARTS], total;
	char err[128];

	CU_ASSERT_EQUAL(read_buf(nul, sizeof(nul) - 1, NR_PARTS, parts, &total,
				 err, sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "NUL"));
	/* with two parts, "the rest" (2) is out of range */
	CU_ASSERT_EQUAL(read_buf(text, sizeof(text) - 1, 2, parts, &total, err,
				 sizeof(err)),
			0);
	CU_ASSERT_EQUAL(parts[0], 5);
	CU_ASSERT_EQUAL(read_buf(rest, sizeof(rest) - 1, 2, parts, &total, err,
				 sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "out of range"));
	/* the names a refusal quotes are escaped (compat/escape.h) */
	CU_ASSERT_EQUAL(read_buf(esc, sizeof(esc) - 1, 2, parts, &total, err,
				 sizeof(err)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "line 3: part 2 of z\\x1b[2J.c:f"));
	CU_ASSERT_PTR_NULL(strchr(err, '\x1b'));
	/* a tiny error buffer is filled, cut, and terminated */
	CU_ASSERT_EQUAL(read_buf("events: Ir\n", 11, NR_PARTS, parts, &total,
				 err, 8),
			-EINVAL);
	CU_ASSERT_EQUAL(strlen(err), 7);
}

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/*
 * Random files of functions in files a.c, b.c and z.c, with code
 * inlined from a.h, b.h, z.h, calls whose inclusive lines must be
 * skipped, and headers in between: the sums kept while writing them
 * must be what the reader finds, and the part map asked once per
 * fl=/fn=/fi=/fe= line that sets a function's file.
 */
static void test_callgrind_random_against_sums(void)
{
	static const char *const files[] = { "a.c", "b.c", "z.c" };
	static const char *const heads[] = { "a.h", "b.h", "z.h" };
	uint64_t seed = 0xca11;
	unsigned int round;

	for (round = 0; round < 300; round++) {
		unsigned long long want[NR_PARTS] = { 0 }, got[NR_PARTS],
				   sum = 0, total;
		unsigned int fns = 1 + next(&seed) % 20, i, j, calls = 0;
		char *text = NULL, err[128];
		size_t len = 0;
		FILE *out = open_memstream(&text, &len), *in;

		CU_ASSERT_PTR_NOT_NULL_FATAL(out);
		fprintf(out, "# callgrind format\nversion: 1\npositions: line\n"
			     "events: Ir\n\n");
		for (i = 0; i < fns; i++) {
			unsigned int file = next(&seed) % 3, src = file;
			unsigned int lines = next(&seed) % 12;

			fprintf(out, "ob=/bin/x\nfl=%s\nfn=f%u\n", files[file],
				i);
			for (j = 0; j < lines; j++) {
				unsigned long long ir = next(&seed) % 100000;

				switch (next(&seed) % 6) {
				case 0:
					src = next(&seed) % 3;
					fprintf(out, "fi=%s\n", heads[src]);
					break;
				case 1:
					src = file;
					fprintf(out, "fe=%s\n", files[file]);
					break;
				case 2:
					/* a call: its line is the callee's */
					fprintf(out,
						"cfl=%s\ncfn=g\ncalls=%u 7\n%u %llu\n",
						files[next(&seed) % 3],
						(unsigned int)(next(&seed) % 9 +
							       1),
						j, ir * 1000);
					break;
				default:
					break;
				}
				fprintf(out, "%u %llu\n", j + 1, ir);
				want[src] += ir;
				sum += ir;
			}
			fputc('\n', out);
		}
		fprintf(out, "totals: %llu\n", sum);
		fclose(out);
		in = fmemopen(text, len, "r");
		CU_ASSERT_PTR_NOT_NULL_FATAL(in);
		CU_ASSERT_EQUAL(callgrind_read(in, part_by_file, &calls, got,
					       NR_PARTS, &total, err,
					       sizeof(err)),
				0);
		fclose(in);
		free(text);
		CU_ASSERT_EQUAL(total, sum);
		CU_ASSERT_EQUAL(got[0], want[0]);
		CU_ASSERT_EQUAL(got[1], want[1]);
		CU_ASSERT_EQUAL(got[2], want[2]);
		CU_ASSERT(calls >= fns);
		if (got[0] != want[0] || got[1] != want[1] ||
		    got[2] != want[2] || total != sum)
			break;
	}
}

/*
 * sched_instr_part_of() of @file as is and, when it is relative, under
 * @cwd too: the debug information of a build names each file either way
 * (the compiler's working folder before the name given to it)
 */
static void expect_part(const char *cwd, const char *file, const char *fn,
			unsigned int part)
{
	char abs[PATH_MAX + 256];
	unsigned int got = sched_instr_part_of(file, fn, NULL);

	if (got != part)
		fprintf(stderr, "\n%s:%s: part %u, not %u\n", file, fn, got,
			part);
	CU_ASSERT_EQUAL(got, part);
	if (file[0] == '/' || !strcmp(file, "???"))
		return;
	snprintf(abs, sizeof(abs), "%s/%s", cwd, file);
	got = sched_instr_part_of(abs, fn, NULL);
	if (got != part)
		fprintf(stderr, "\n%s:%s: part %u, not %u\n", abs, fn, got,
			part);
	CU_ASSERT_EQUAL(got, part);
}

/* the paths as callgrind names them: relative, absolute, "./", headers */
static void test_sched_instr_parts(void)
{
	static const struct {
		const char *file, *fn;
		unsigned int part;
	} cases[] = {
		{ "sim/sim.c", "settle_cpu", INSTR_SIM },
		{ "sim/report.c", "sim_report", INSTR_SIM },
		{ "./sched/pelt.h", "fair_pelt_update", INSTR_PELT },
		{ "sched/pelt.c", "__update_load_avg_se", INSTR_PELT },
		{ "sched/fair_smp.c", "update_rq_avg", INSTR_PELT },
		{ "sched/fair_smp.c", "update_task_avg", INSTR_PELT },
		{ "sched/fair_smp.c", "fair_pelt_update", INSTR_PELT },
		{ "sched/fair_smp.c", "pelt_publish", INSTR_PELT },
		{ "sched/fair_smp.c", "fair_snapshot_fill", INSTR_PLACEMENT },
		{ "sched/fair_smp.c", "detach_tasks", INSTR_PLACEMENT },
		{ "sched/fair_balance.c", "select_idle_sibling",
		  INSTR_PLACEMENT },
		/* the public headers as the build installs them for itself */
		{ "build/include/kstruct/list/rbtree.h", "__enqueue_entity",
		  INSTR_TREE },
		{ "./list/rbtree_augmented.h", "__dequeue_entity_eevdf",
		  INSTR_TREE },
		{ "list/rbtree.c", "rb_erase", INSTR_TREE },
		{ "list/list.h", "enqueue_task_o1", INSTR_SCHED },
		{ "sched/sched.c", "schedule", INSTR_SCHED },
		{ "sched/fair.c", "update_curr", INSTR_SCHED },
		{ "compat/spinlock.h", "task_rq_lock", INSTR_SCHED },
		/* valgrind's name for code without debug information */
		{ "???", "0x000000000001ab70", INSTR_SCHED },
		/* a folder that only ends in sim/ or pelt. is not one */
		{ "notsim/a.c", "f", INSTR_SCHED },
		{ "mysched/pelt.c", "f", INSTR_SCHED },
		{ "sched/pelt_extra/a.c", "f", INSTR_SCHED },
	};
	char cwd[PATH_MAX];
	unsigned int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(getcwd(cwd, sizeof(cwd)));
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		expect_part(cwd, cases[i].file, cases[i].fn, cases[i].part);
}

static CU_TestInfo callgrind_tests[] = {
	{ "each instruction where it ran: calls skipped, inlined code to its file",
	  test_callgrind_sums_where_it_ran },
	{ "fn= goes back to fl='s file", test_callgrind_fn_resets_inline_file },
	{ "refusals: totals, events, names, costs, numbers",
	  test_callgrind_refuses },
	{ "refusals: a NUL byte, a part out of range, its names escaped; a short error buffer",
	  test_callgrind_refuses_nul_and_bad_part },
	{ "300 random files against sums kept on the side",
	  test_callgrind_random_against_sums },
	{ "sched-instr's parts: the files callgrind names",
	  test_sched_instr_parts },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("bench/callgrind", callgrind_tests, NULL, NULL)
