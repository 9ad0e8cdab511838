// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_tour.c - "kstruct tour" (tools/tour.c): every section
 * runs and is cut into its numbered steps, --from N starts at step N,
 * --step pauses exactly between steps and nowhere else, reading Enter
 * from a pipe, q stops, the end of the input ends the pausing, and bad
 * arguments are refused with a message that names what is allowed.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "list/list.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/kstruct.h"
#include "tools/tour.h"

/* every section and how many steps it has */
static const struct {
	const char *name;
	int steps;
} sections[] = {
	{ "list", 9 }, { "rbtree", 6 }, { "sched", 7 }, { "fair", 6 },
	{ "mm", 9 },   { "bus", 10 },	{ "sctp", 4 },
};

/* the section's raw text (marks and all), and its k-th step (0: intro) */
static char *raw_section(const char *name)
{
	int ret = -1;
	char *text = capture_entry(KSTRUCT_KIND_TOUR, name, &ret);

	CU_ASSERT_EQUAL(ret, 0);
	return text;
}

static char *raw_step(const char *text, int k)
{
	const char *end;

	for (; k > 0; k--) {
		text = strstr(text, TOUR_STEP);
		if (!text)
			return NULL;
		text += strlen(TOUR_STEP);
	}
	end = strstr(text, TOUR_STEP);
	return strndup(text, end ? (size_t)(end - text) : strlen(text));
}

/* "==== tour: NAME ====\nSUMMARY\n\n" */
static char *header(const char *name)
{
	struct kstruct_entry *e = kstruct_find(KSTRUCT_KIND_TOUR, name);
	char *h = NULL;

	if (e &&
	    asprintf(&h, "==== tour: %s ====\n%s\n\n", e->name, e->summary) < 0)
		h = NULL;
	return h;
}

/*
 * Is @line (the start of a line) a step's heading, "N. " in column 0?
 */
static bool is_heading(const char *line)
{
	const char *p = line;

	while (*p >= '0' && *p <= '9')
		p++;
	return p > line && p[0] == '.' && p[1] == ' ';
}

/*
 * The step headings of @text, marked or not; *@last: where the last one
 * starts (@text when none).
 */
static int count_headings(const char *text, const char **last)
{
	const char *p;
	int n = is_heading(text);

	*last = text;
	for (p = text; *p; p++)
		if ((*p == '\n' || *p == '\f') && is_heading(p + 1)) {
			*last = p + 1;
			n++;
		}
	return n;
}

static void test_every_section_has_its_numbered_steps(void)
{
	const char *later, *last;
	size_t i;
	int k;

	for (i = 0; i < ARRAY_SIZE(sections); i++) {
		char *text = raw_section(sections[i].name);

		CU_ASSERT_PTR_NOT_NULL_FATAL(text);
		CU_ASSERT_EQUAL(count(text, TOUR_STEP), sections[i].steps);
		for (k = 1; k <= sections[i].steps; k++) {
			char *step = raw_step(text, k);
			char number[16];

			snprintf(number, sizeof(number), "%d. ", k);
			CU_ASSERT_PTR_NOT_NULL_FATAL(step);
			if (strncmp(step, number, strlen(number)))
				fprintf(stderr, "%s step %d starts \"%.20s\"\n",
					sections[i].name, k, step);
			CU_ASSERT(!strncmp(step, number, strlen(number)));
			free(step);
		}
		/* every step heading has its mark: none hides in another step */
		CU_ASSERT_EQUAL(count_headings(text, &last), sections[i].steps);
		/* each section ends on what later kernels changed, after its
		 * last step's heading */
		later = strstr(strrchr(text, '\f'),
			       "\nWhat later kernels changed: ");
		CU_ASSERT_PTR_NOT_NULL(later);
		CU_ASSERT(later > last);
		free(text);
	}
}

/* the whole output of one section shown from step @from */
static char *expected_from(const char *name, int from)
{
	char *text = raw_section(name), *h = header(name), *all = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&all, &len);
	int k;

	if (text && h && f) {
		fputs(h, f);
		for (k = from == 1 ? 0 : from;; k++) {
			char *step = raw_step(text, k);

			if (!step)
				break;
			tour_write(f, step, strlen(step)); /* as wide as fits */
			free(step);
		}
		fputs("\n", f);
	}
	if (f)
		fclose(f);
	free(text);
	free(h);
	return all;
}

static void test_from_starts_at_each_step(void)
{
	size_t i;
	int k, status;

	for (i = 0; i < ARRAY_SIZE(sections); i++) {
		for (k = 1; k <= sections[i].steps; k++) {
			char from[16], *want, *got;
			const char *args[] = { sections[i].name, "--from", from,
					       NULL };

			snprintf(from, sizeof(from), "%d", k);
			want = expected_from(sections[i].name, k);
			got = run_tour(args, "", &status, NULL);
			CU_ASSERT_PTR_NOT_NULL_FATAL(want);
			CU_ASSERT_PTR_NOT_NULL_FATAL(got);
			CU_ASSERT_EQUAL(status, 0);
			CU_ASSERT_STRING_EQUAL(got, want);
			CU_ASSERT_PTR_NULL(strchr(got, '\f'));
			free(want);
			free(got);
		}
	}
}

static void test_without_from_is_from_1(void)
{
	const char *args[] = { "sched", NULL };
	const char *args1[] = { "sched", "--from=1", NULL };
	int s1, s2;
	char *a = run_tour(args, "", &s1, NULL);
	char *b = run_tour(args1, "", &s2, NULL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(s1, 0);
	CU_ASSERT_EQUAL(s2, 0);
	CU_ASSERT_STRING_EQUAL(a, b);
	/* the introduction comes with step 1 */
	CU_ASSERT_PTR_NOT_NULL(strstr(a, "The O(1) scheduler"));
	free(a);
	free(b);
}

/* the generations are step 7, and the section ends after them */
static void test_sched_from_7(void)
{
	const char *args[] = { "sched", "--from", "7", NULL };
	int status = -1;
	char *out = run_tour(args, "", &status, NULL), *later;

	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	CU_ASSERT_EQUAL(status, 0);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(out, "balancing\n\n7. The same workload under each"));
	CU_ASSERT_PTR_NULL(strstr(out, "\n6. "));
	later = strstr(out, "\nWhat later kernels changed: ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(later);
	CU_ASSERT(later > strstr(out, "The typist's longest wait"));
	CU_ASSERT_PTR_NOT_NULL(strstr(later, "\nMore: docs/sched.md"));
	free(out);
}

static void test_bad_from_names_the_range(void)
{
	static const struct {
		const char *args[5];
		const char *message;
	} bad[] = {
		{ { "list", "--from", "10", NULL },
		  "kstruct tour list: no step '10'; its steps are 1-9\n" },
		{ { "sctp", "--from=5", NULL },
		  "kstruct tour sctp: no step '5'; its steps are 1-4\n" },
		{ { "sched", "--from", "8", NULL },
		  "kstruct tour sched: no step '8'; its steps are 1-7\n" },
		{ { "mm", "--from", "0", NULL },
		  "kstruct tour mm: no step '0'; its steps are 1-9\n" },
		{ { "mm", "--from", "2x", NULL },
		  "kstruct tour mm: no step '2x'; its steps are 1-9\n" },
		{ { "--from=-1", "bus", NULL },
		  "kstruct tour bus: no step '-1'; its steps are 1-10\n" },
		{ { "bus", "--from", NULL },
		  "kstruct tour: --from needs a step number\n" },
		{ { "--from", "2", NULL },
		  "kstruct tour: --from starts one section: name exactly one "
		  "SECTION\n" },
		{ { "list", "mm", "--from", "2", NULL },
		  "kstruct tour: --from starts one section: name exactly one "
		  "SECTION\n" },
		{ { "--stpe", NULL },
		  "kstruct tour: unknown option '--stpe' (try --help)\n" },
		/* decimal digits only, as every number of the command line */
		{ { "mm", "--from", "+2", NULL },
		  "kstruct tour mm: no step '+2'; its steps are 1-9\n" },
		{ { "mm", "--from", " 2", NULL },
		  "kstruct tour mm: no step ' 2'; its steps are 1-9\n" },
		{ { "mm", "--from", "99999999999999999999", NULL },
		  "kstruct tour mm: no step '99999999999999999999'; its steps "
		  "are 1-9\n" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		int status = 0;
		char *err = NULL;
		char *out = run_tour(bad[i].args, "", &status, &err);

		CU_ASSERT_PTR_NOT_NULL_FATAL(out);
		CU_ASSERT_PTR_NOT_NULL_FATAL(err);
		CU_ASSERT_EQUAL(status, 2);
		CU_ASSERT_STRING_EQUAL(out, ""); /* nothing shown */
		CU_ASSERT_STRING_EQUAL(err, bad[i].message);
		free(out);
		free(err);
	}
}

static void test_unknown_section_lists_them(void)
{
	const char *args[] = { "lists", NULL };
	int status = 0;
	char *err = NULL;
	char *out = run_tour(args, "", &status, &err);
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	CU_ASSERT_PTR_NOT_NULL_FATAL(err);
	CU_ASSERT_EQUAL(status, 2);
	CU_ASSERT_STRING_EQUAL(out, "");
	CU_ASSERT(!strncmp(err, "kstruct tour: no section 'lists'; ", 34));
	for (i = 0; i < ARRAY_SIZE(sections); i++) {
		char line[32];

		snprintf(line, sizeof(line), "\n  %-10s ", sections[i].name);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, line));
	}
	free(out);
	free(err);
}

/*
 * The reader's side of --step: a stream that hands out @keys one byte at
 * a time and, whenever a new line is started, notes how much of the
 * output had been written: that is where the tour paused.
 */
struct keyboard {
	const char *keys;
	size_t pos;
	char **out_text;
	size_t *out_len;
	FILE *out;
	size_t paused_at[32];
	int nr_pauses;
};

static ssize_t keyboard_read(void *cookie, char *buf, size_t size)
{
	struct keyboard *k = cookie;

	if (!size || !k->keys[k->pos])
		return 0;
	if ((k->pos == 0 || k->keys[k->pos - 1] == '\n') && k->nr_pauses < 32)
		k->paused_at[k->nr_pauses++] = *k->out_len;
	buf[0] = k->keys[k->pos++];
	return 1;
}

/* run "tour ARGS" with @k typing; the output in *@text, stderr in *@err */
static int type_along(struct keyboard *k, const char *const *args, char **text,
		      char **err)
{
	static const cookie_io_functions_t io = { .read = keyboard_read };
	char *argv[8] = { (char *)"tour" };
	size_t len = 0, err_len = 0;
	FILE *in, *out, *errf;
	int argc = 1, status;

	while (*args)
		argv[argc++] = (char *)*args++;
	*text = *err = NULL;
	in = fopencookie(k, "r", io);
	out = open_memstream(text, &len);
	errf = open_memstream(err, &err_len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(in);
	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	CU_ASSERT_PTR_NOT_NULL_FATAL(errf);
	setvbuf(in, NULL, _IONBF, 0);
	k->out_text = text;
	k->out_len = &len;
	status = tour_main(argc, argv, in, out, errf);
	fclose(in);
	fclose(out);
	fclose(errf);
	return status;
}

/* where in @text the line "N. " of step @n starts */
static size_t step_offset(const char *text, int n)
{
	char heading[16];
	const char *hit;

	snprintf(heading, sizeof(heading), "\n%d. ", n);
	hit = strstr(text, heading);
	return hit ? (size_t)(hit - text) + 1 : (size_t)-1;
}

static void test_step_pauses_exactly_between_steps(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sections); i++) {
		const char *args[] = { "--step", sections[i].name, NULL };
		struct keyboard k = { .keys = "\n\n\n\n\n\n\n\n\n\n\n\n" };
		char *text, *err, *want = expected_from(sections[i].name, 1);
		int n = sections[i].steps, status, j;

		status = type_along(&k, args, &text, &err);
		CU_ASSERT_EQUAL(status, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(text);
		CU_ASSERT_PTR_NOT_NULL_FATAL(want);
		/* the same text as without --step, the prompts elsewhere */
		CU_ASSERT_STRING_EQUAL(text, want);
		CU_ASSERT_EQUAL(count(err, "Enter: go on, q: quit --"), n - 1);
		/* one pause before each step but the first, right before it */
		CU_ASSERT_EQUAL(k.nr_pauses, n - 1);
		for (j = 0; j < k.nr_pauses; j++)
			CU_ASSERT_EQUAL(k.paused_at[j],
					step_offset(text, j + 2));
		free(text);
		free(err);
		free(want);
	}
}

static void test_step_prompt_names_the_next_step(void)
{
	const char *args[] = { "sctp", "--step", NULL };
	int status;
	char *err = NULL;
	char *out = run_tour(args, "\n\n\n", &status, &err);

	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	CU_ASSERT_PTR_NOT_NULL_FATAL(err);
	CU_ASSERT_EQUAL(status, 0);
	CU_ASSERT_STRING_EQUAL(
		err, "-- sctp: step 2 of 4 next; Enter: go on, q: quit --"
		     "-- sctp: step 3 of 4 next; Enter: go on, q: quit --"
		     "-- sctp: step 4 of 4 next; Enter: go on, q: quit --");
	free(out);
	free(err);
}

static void test_step_from_pauses_after_the_first_shown(void)
{
	const char *args[] = { "bus", "--step", "--from", "8", NULL };
	struct keyboard k = { .keys = "\n\n\n\n" };
	char *text, *err, *want = expected_from("bus", 8);
	int status = type_along(&k, args, &text, &err);

	CU_ASSERT_EQUAL(status, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(want);
	CU_ASSERT_STRING_EQUAL(text, want);
	CU_ASSERT_EQUAL(k.nr_pauses, 2); /* before 9 and 10 */
	CU_ASSERT_EQUAL(k.paused_at[0], step_offset(text, 9));
	CU_ASSERT_EQUAL(k.paused_at[1], step_offset(text, 10));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "bus: step 9 of 10 next"));
	free(text);
	free(err);
	free(want);
}

static void test_step_q_stops(void)
{
	const char *args[] = { "--step", "list", "sched", NULL };
	struct keyboard k = { .keys = "\nquit\n\n" };
	char *text, *err;
	int status = type_along(&k, args, &text, &err);

	CU_ASSERT_EQUAL(status, 0);
	/* steps 1 and 2 shown, the reader quit before step 3 */
	CU_ASSERT(step_offset(text, 2) != (size_t)-1);
	CU_ASSERT_EQUAL(step_offset(text, 3), (size_t)-1);
	CU_ASSERT_PTR_NULL(strstr(text, "tour: sched"));
	CU_ASSERT_EQUAL(k.nr_pauses, 2);
	CU_ASSERT_EQUAL(k.keys[k.pos], '\n'); /* the rest is left unread */
	free(text);
	free(err);
}

static void test_step_end_of_input_ends_pausing(void)
{
	const char *args[] = { "--step", "list", "sctp", NULL };
	int status = -1;
	char *err = NULL, *out = run_tour(args, "\n", &status, &err);
	char *want_list = expected_from("list", 1);
	char *want_sctp = expected_from("sctp", 1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	CU_ASSERT_PTR_NOT_NULL_FATAL(want_list);
	CU_ASSERT_PTR_NOT_NULL_FATAL(want_sctp);
	CU_ASSERT_EQUAL(status, 0);
	/* one Enter, then the end of the pipe: every step is still shown */
	CU_ASSERT_EQUAL(strlen(out), strlen(want_list) + strlen(want_sctp));
	CU_ASSERT(!strncmp(out, want_list, strlen(want_list)));
	CU_ASSERT_STRING_EQUAL(out + strlen(want_list), want_sctp);
	/* two prompts: the answered one and the one that met the end */
	CU_ASSERT_EQUAL(count(err, "Enter: go on, q: quit --"), 2);
	free(out);
	free(err);
	free(want_list);
	free(want_sctp);
}

static void test_step_across_sections(void)
{
	const char *args[] = { "--step", "list", "sched", NULL };
	struct keyboard k = {
		.keys = "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n",
	};
	char *text, *err;
	int status = type_along(&k, args, &text, &err);

	CU_ASSERT_EQUAL(status, 0);
	/* 9 + 7 steps: a pause between each two */
	CU_ASSERT_EQUAL(k.nr_pauses, 9 + 7 - 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "-- sched: step 1 of 7 next;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "-- sched: step 7 of 7 next;"));
	free(text);
	free(err);
}

static void test_help(void)
{
	const char *args[] = { "--help", NULL };
	int status = -1;
	char *out = run_tour(args, "", &status, NULL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	CU_ASSERT_EQUAL(status, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "--step"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "--from N"));
	/* it pauses between steps, not before the first */
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "pause between numbered steps"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\n  sctp "));
	free(out);
}

/* every line of the whole tour, every section, within TOUR_COLUMNS */
static void test_every_line_fits(void)
{
	const char *args[] = { NULL };
	int status, lines = 0;
	char *all = run_tour(args, "", &status, NULL), *line, *end;

	CU_ASSERT_PTR_NOT_NULL_FATAL(all);
	CU_ASSERT_EQUAL(status, 0);
	for (line = all; *line; line = end + 1) {
		size_t cols = 0;
		const char *p;

		end = strchrnul(line, '\n');
		for (p = line; p < end; p++)
			cols += ((unsigned char)*p & 0xc0) != 0x80;
		if (cols > TOUR_COLUMNS)
			fprintf(stderr, "%zu columns: %.*s\n", cols,
				(int)(end - line), line);
		CU_ASSERT(cols <= TOUR_COLUMNS);
		lines++;
		if (!*end)
			break;
	}
	CU_ASSERT(lines > 500);
	free(all);
}

/* a long line breaks at its last blank that fits, under its indent + 4 */
static void test_write_wraps(void)
{
	char *text = NULL, line[200];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int i, n = 0;

	for (i = 0; i < 19; i++) /* "  w00 w01 ... w18": 2 + 19 * 4 - 1 = 77 */
		n += snprintf(line + n, sizeof(line) - (size_t)n, "%sw%02d",
			      i ? " " : "  ", i);
	snprintf(line + n, sizeof(line) - (size_t)n, " tail-of-it\nshort\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	tour_write(f, line, strlen(line));
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT(!strncmp(text, "  w00 w01", 9));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, " w18\n      tail-of-it\nshort\n"));
	free(text);
}

static CU_TestInfo tour_cases[] = {
	{ "every line of every section fits in 80 columns",
	  test_every_line_fits },
	{ "a line too long breaks at a blank, indented", test_write_wraps },
	{ "every section has its numbered steps",
	  test_every_section_has_its_numbered_steps },
	{ "--from N starts at step N, every N of every section",
	  test_from_starts_at_each_step },
	{ "no --from is --from 1, with the introduction",
	  test_without_from_is_from_1 },
	{ "a bad --from names the range", test_bad_from_names_the_range },
	{ "an unknown section lists them", test_unknown_section_lists_them },
	{ "sched --from 7 shows the generations, then what changed",
	  test_sched_from_7 },
	{ "--step pauses exactly between steps",
	  test_step_pauses_exactly_between_steps },
	{ "--step's prompt names the next step",
	  test_step_prompt_names_the_next_step },
	{ "--step --from N pauses after step N",
	  test_step_from_pauses_after_the_first_shown },
	{ "--step: q stops the tour", test_step_q_stops },
	{ "--step: the end of the input ends the pauses",
	  test_step_end_of_input_ends_pausing },
	{ "--step pauses between sections too", test_step_across_sections },
	{ "--help", test_help },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/tour", tour_cases, NULL, NULL)
