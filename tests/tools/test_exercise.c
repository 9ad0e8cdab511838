// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_exercise.c - "kstruct exercise" (tools/exercise.c) and
 * the exercises of every docs page (tools/exercise_*.c), held to what the
 * pages say.
 *
 * Each of docs/list.md, rbtree.md, sched.md, sim.md, generations.md,
 * mm.md, drivers.md and sctp.md ends with "## Exercises": one "### "
 * section per exercise, the page's instance of it, holding
 *   - its setup: fenced blocks before the answer.  A ```c block must be
 *     the code between "exercise NAME setup {" and "}" in
 *     tools/exercise_*.c, line for line (one indent level less); a ```sh
 *     block must be a string of that code; a ```json block must be the
 *     workload the ```sh command names: a built-in (-w NAME) or the
 *     file its last word names;
 *   - "`kstruct exercise NAME ...`", which names it;
 *   - "<details><summary>Answer</summary>" and then a ```text block that
 *     must be exactly what "kstruct exercise NAME --answer" prints.
 * Every registered exercise is on the page its summary names, once.
 *
 * Then the instances of a hundred seeds of each exercise: the same seed
 * gives the same instance, the seeds give many; the computed answer has
 * the form the exercise states and is graded right, in any case and
 * spacing; a wrong one (a number changed, or the exercise's likely slip)
 * is graded wrong; and where an answer can be worked out another way, an
 * oracle here works it out (list-cut, list-sort, the red-black trees).  So
 * an answer edited without the code, code edited without the page, or a
 * page's setup that no longer runs fails here; tests run from the top
 * of the tree, where docs/ and tools/ are.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "list/list.h"
#include "sim/workload.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/exercise.h"
#include "tools/kstruct.h"

static const char *const pages[] = {
	"list",	       "rbtree", "sched",   "sim",
	"generations", "mm",	 "drivers", "sctp",
};

#define EXERCISE_FILES                                   \
	"tools/exercise_list.c tools/exercise_rbtree.c " \
	"tools/exercise_sched.c "                        \
	"tools/exercise_sim.c tools/exercise_mm.c "      \
	"tools/exercise_bus.c tools/exercise_sctp.c"

/* the whole of @path, or NULL */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	int c;

	if (!f)
		return NULL;
	mem = open_memstream(&text, &len);
	if (!mem) {
		fclose(f);
		return NULL;
	}
	while ((c = fgetc(f)) != EOF)
		fputc(c, mem);
	fclose(f);
	fclose(mem);
	return text;
}

/*
 * The setup region of exercise @name in the exercise sources, each line
 * with the marker line's indent taken off.  NULL when there is none.
 */
static char *setup_region(const char *name)
{
	char files[] = EXERCISE_FILES, *save = NULL, *path, marker[64];
	char *result = NULL;

	snprintf(marker, sizeof(marker), "/* exercise %s setup { */\n", name);
	for (path = strtok_r(files, " ", &save); path && !result;
	     path = strtok_r(NULL, " ", &save)) {
		char *src = slurp(path), *hit, *line, *end;
		size_t indent, len = 0;
		FILE *mem;

		if (!src)
			continue;
		hit = strstr(src, marker);
		if (hit) {
			line = hit;
			while (line > src && line[-1] != '\n')
				line--;
			indent = (size_t)(hit - line);
			mem = open_memstream(&result, &len);
			for (line = hit + strlen(marker); *line;
			     line = end + 1) {
				end = strchr(line, '\n');
				if (!end || !strncmp(line + strspn(line, "\t "),
						     "/* } */\n", 8))
					break;
				if ((size_t)(end - line) >= indent &&
				    !strncmp(line, hit - indent, indent))
					line += indent;
				fwrite(line, 1, (size_t)(end - line) + 1, mem);
			}
			fclose(mem);
		}
		free(src);
	}
	return result;
}

/* a fenced block: its language and text (with its last newline) */
struct block {
	char lang[8];
	char *text;
};

/*
 * The fenced blocks of @s up to @end, at most @max.  Return: how many.
 */
static int blocks(const char *s, const char *end, struct block *b, int max)
{
	int n = 0;

	while (n < max && (s = strstr(s, "\n```")) && s < end) {
		const char *lang = s + 4, *body = strchr(lang, '\n'), *close;

		if (!body)
			break;
		close = strstr(body, "\n```\n");
		if (!close)
			break;
		snprintf(b[n].lang, sizeof(b[n].lang), "%.*s",
			 (int)(body - lang), lang);
		b[n].text = strndup(body + 1, (size_t)(close - body));
		n++;
		s = close + 4;
	}
	return n;
}

static void free_blocks(struct block *b, int n)
{
	while (n--)
		free(b[n].text);
}

/*
 * The workload @command names: the built-in of "-w NAME", else the file
 * its last word names.  Return: its text (free() it), or NULL.
 */
static char *workload_json(const char *command)
{
	const char *w = strstr(command, "-w ");
	const struct sim_builtin *b;
	char *path, *text;
	size_t n;

	if (!w) {
		w = strrchr(command, ' ');
		if (!w)
			return NULL;
		path = strndup(w + 1, strcspn(w + 1, "\n"));
		text = path ? slurp(path) : NULL;
		free(path);
		return text;
	}
	w += 3;
	n = strcspn(w, " \n");
	for (b = sim_builtins; b->name; b++)
		if (strlen(b->name) == n && !strncmp(b->name, w, n))
			return strdup(b->json);
	return NULL;
}

/*
 * What "kstruct exercise NAME --answer" prints for the page's instance of
 * @e (free() it), or NULL; *@ret receives exercise_run()'s result.
 */
static char *page_answer(const struct kstruct_entry *e, int *ret)
{
	struct exercise ex;
	char *text = NULL;

	*ret = exercise_run(e, true, 0, &ex);
	if (!*ret && asprintf(&text, "%s\n%s", ex.answer, ex.why_text) < 0)
		text = NULL;
	exercise_release(&ex);
	return text;
}

/*
 * Check one "### " section (@s up to @end) of docs/@page.md: its setup,
 * its name and its answer.  Return: the exercise's name (free() it), or
 * NULL when the section is not a well-formed exercise.
 */
static char *check_exercise(const char *page, const char *s, const char *end)
{
	static const char answer_open[] = "<details><summary>Answer</summary>";
	struct block setup[4], answer[1];
	const char *run, *details, *command = NULL;
	char *name, *region, *output, want_summary[32];
	struct kstruct_entry *e;
	int nr_setup, i, ret = -1;

	run = strstr(s, "`kstruct exercise ");
	details = strstr(s, answer_open);
	CU_ASSERT(run && run < end);
	CU_ASSERT(details && details < end);
	if (!run || run > end || !details || details > end)
		return NULL;
	name = strndup(run + 18, strcspn(run + 18, "` "));
	e = kstruct_find(KSTRUCT_KIND_EXERCISE, name);
	CU_ASSERT_PTR_NOT_NULL(e);
	if (!e) {
		fprintf(stderr, "docs/%s.md: no exercise '%s'\n", page, name);
		return name;
	}
	snprintf(want_summary, sizeof(want_summary), "docs/%s.md: ", page);
	CU_ASSERT(!strncmp(e->summary, want_summary, strlen(want_summary)));

	/* the setup shown is the code that runs */
	region = setup_region(name);
	CU_ASSERT_PTR_NOT_NULL(region);
	nr_setup = blocks(s, details, setup, 4);
	CU_ASSERT(nr_setup >= 1);
	for (i = 0; region && i < nr_setup; i++) {
		if (!strcmp(setup[i].lang, "c")) {
			CU_ASSERT_STRING_EQUAL(setup[i].text, region);
		} else if (!strcmp(setup[i].lang, "sh")) {
			char quoted[160];

			snprintf(quoted, sizeof(quoted), "\"%.*s\"",
				 (int)strcspn(setup[i].text, "\n"),
				 setup[i].text);
			CU_ASSERT_PTR_NOT_NULL(strstr(region, quoted));
			command = setup[i].text;
		} else if (!strcmp(setup[i].lang, "json")) {
			char *json = command ? workload_json(command) : NULL;

			CU_ASSERT_PTR_NOT_NULL(json);
			if (json)
				CU_ASSERT_STRING_EQUAL(setup[i].text, json);
			free(json);
		} else {
			fprintf(stderr, "docs/%s.md %s: a ```%s setup block\n",
				page, name, setup[i].lang);
			CU_FAIL("a setup block that is not c, sh or json");
		}
	}

	/* the answer is what it prints */
	CU_ASSERT_EQUAL(blocks(details - 1, end, answer, 1), 1);
	output = page_answer(e, &ret);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_NOT_NULL(output);
	if (output && answer[0].text) {
		CU_ASSERT_STRING_EQUAL(answer[0].lang, "text");
		if (strcmp(output, answer[0].text))
			fprintf(stderr,
				"docs/%s.md %s: the answer says\n%s"
				"but the exercise prints\n%s",
				page, name, answer[0].text, output);
		CU_ASSERT_STRING_EQUAL(output, answer[0].text);
		free_blocks(answer, 1);
	}
	free(output);
	free_blocks(setup, nr_setup);
	free(region);
	return name;
}

static void test_every_page_answers_its_exercises(void)
{
	struct kstruct_entry *e;
	char *names[32];
	int nr_names = 0, i;
	size_t p;

	for (p = 0; p < ARRAY_SIZE(pages); p++) {
		char path[32], *doc, *sec, *next;
		int nr = 0;

		snprintf(path, sizeof(path), "docs/%s.md", pages[p]);
		doc = slurp(path);
		CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
		sec = strstr(doc, "\n## Exercises\n");
		CU_ASSERT_PTR_NOT_NULL(sec);
		if (!sec) {
			fprintf(stderr, "%s has no exercises\n", path);
			free(doc);
			continue;
		}
		/* the last section of the page */
		CU_ASSERT_PTR_NULL(strstr(sec + 1, "\n## "));
		for (sec = strstr(sec, "\n### "); sec; sec = next) {
			char *name;

			next = strstr(sec + 1, "\n### ");
			name = check_exercise(pages[p], sec,
					      next ? next : sec + strlen(sec));
			CU_ASSERT_PTR_NOT_NULL(name);
			if (name && nr_names < (int)ARRAY_SIZE(names))
				names[nr_names++] = name;
			else
				free(name);
			nr++;
		}
		CU_ASSERT(nr >= 2);
		free(doc);
	}
	/* every exercise registered is on its page, once */
	for (e = kstruct_entries(KSTRUCT_KIND_EXERCISE);
	     e && e->kind == KSTRUCT_KIND_EXERCISE; e = e->next) {
		int found = 0;

		for (i = 0; i < nr_names; i++)
			found += !strcmp(names[i], e->name);
		if (found != 1)
			fprintf(stderr, "exercise %s is on %d pages\n", e->name,
				found);
		CU_ASSERT_EQUAL(found, 1);
	}
	for (i = 0; i < nr_names; i++)
		free(names[i]);
}

static void test_setup_region_is_read(void)
{
	char *region = setup_region("list-cut");

	/* the marker's indent comes off, the region ends before its end */
	CU_ASSERT_PTR_NOT_NULL_FATAL(region);
	CU_ASSERT(!strncmp(region, "struct item items[MAX_ITEMS];", 29));
	CU_ASSERT_PTR_NULL(strstr(region, "/* } */"));
	CU_ASSERT_EQUAL(region[strlen(region) - 1], '\n');
	CU_ASSERT_PTR_NULL(setup_region("no-such-exercise"));
	free(region);
}

/* @answer with its first number moved by more than @tolerance, or NULL */
static char *perturbed(const char *answer, double tolerance)
{
	const char *p, *last = NULL;
	char *out;
	long n;

	for (p = answer; *p && !last; p++)
		if (isdigit((unsigned char)*p) &&
		    (p == answer ||
		     !(isalnum((unsigned char)p[-1]) || p[-1] == '-')))
			last = p; /* a number of its own, not "t1" or "nice0" */
	if (!last)
		return NULL;
	n = strtol(last, NULL, 10);
	if (asprintf(&out, "%.*s%ld%s", (int)(last - answer), answer,
		     n + 1 + (long)tolerance,
		     last + strspn(last, "0123456789")) < 0)
		return NULL;
	return out;
}

/* @answer in capitals, with blanks added beside its punctuation */
static char *spaced_upper(const char *answer)
{
	char *out = malloc(strlen(answer) * 3 + 1), *o = out;

	if (!out)
		return NULL;
	for (; *answer; answer++) {
		if (strchr(";:,", *answer)) {
			*o++ = ' ';
			*o++ = *answer;
			*o++ = ' ';
		} else {
			*o++ = (char)toupper((unsigned char)*answer);
		}
	}
	*o = '\0';
	return out;
}

/* "1 2 3" of the numbers lo..hi, or "(empty)" */
static void numbers(char *buf, size_t size, int lo, int hi)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = lo; i <= hi; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%d",
					i > lo ? " " : "", i);
	if (lo > hi)
		snprintf(buf, size, "(empty)");
}

/* list-cut worked out from the question: the front up to the cut moves */
static void oracle_list_cut(const struct exercise *ex)
{
	char a[64], b[64], want[160];
	int n, cut;

	CU_ASSERT_EQUAL_FATAL(sscanf(ex->question_text,
				     "a holds the entries 1 to %d", &n),
			      1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(strstr(ex->question_text, "the entry "));
	cut = atoi(strstr(ex->question_text, "/* the entry ") + 13);
	numbers(a, sizeof(a), cut + 1, n);
	numbers(b, sizeof(b), 1, cut);
	snprintf(want, sizeof(want), "a: %s; b: %s", a, b);
	CU_ASSERT_STRING_EQUAL(ex->answer, want);
}

/*
 * list-sort worked out by insertion sorts: by weight, ties in their
 * order (stable) for the strict comparison, in reverse order for >=
 * (every tie of a merge puts the later entry first).
 */
static void oracle_list_sort(const struct exercise *ex)
{
	int w[8], order[8], n = 0, pass, i, j, len;
	const char *p = strstr(ex->question_text, "weighing ");
	char want[160];

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	for (p += 9; n < 8 && isdigit((unsigned char)*p); n++) {
		w[n] = (int)strtol(p, (char **)&p, 10);
		p += *p == ' ';
	}
	len = 0;
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < n; i++) {
			for (j = i;
			     j > 0 && (w[order[j - 1]] > w[i] ||
				       (pass && w[order[j - 1]] == w[i]));
			     j--)
				order[j] = order[j - 1];
			order[j] = i;
		}
		len += snprintf(want + len, sizeof(want) - (size_t)len, "%s:",
				pass ? "; by_weight_or_equal" : "by_weight");
		for (i = 0; i < n; i++)
			len += snprintf(want + len, sizeof(want) - (size_t)len,
					" %d", order[i] + 1);
	}
	CU_ASSERT_STRING_EQUAL(ex->answer, want);
}

/*
 * Read a tree "4B(2R(1B,3B),6R)" at *@s: its keys in order into @keys
 * (*@n of them), its black height into *@black.  Return: false when it
 * breaks a rule: keys out of order, a red node with a red child, or two
 * paths with different black counts.
 */
static bool rb_shape(const char **s, int *keys, int *n, int *black, bool red_up)
{
	int key, lb = 0, rb = 0;
	bool red, ok = true;

	if (**s == ',' || **s == ')' || !**s) { /* a NULL child: black */
		*black = 1;
		return true;
	}
	key = (int)strtol(*s, (char **)s, 10);
	red = *(*s)++ == 'R';
	if (red && red_up)
		return false;
	if (**s == '(') {
		(*s)++;
		ok = rb_shape(s, keys, n, &lb, red);
		ok = ok && *(*s)++ == ',';
		if (ok && *n && keys[*n - 1] >= key)
			ok = false;
		keys[(*n)++] = key;
		ok = ok && rb_shape(s, keys, n, &rb, red);
		ok = ok && *(*s)++ == ')';
	} else {
		if (*n && keys[*n - 1] >= key)
			ok = false;
		keys[(*n)++] = key;
		lb = rb = 1;
	}
	*black = lb + !red;
	return ok && lb == rb;
}

/* the red-black trees: a valid tree of the keys the question left */
static void oracle_rbtree(const struct exercise *ex, bool erase)
{
	const char *s = ex->answer;
	int keys[32], n = 0, black, i = 0, total, gone = 0;
	bool ok;

	if (erase) {
		CU_ASSERT_EQUAL_FATAL(
			sscanf(ex->question_text,
			       "The keys 1, 2, ..., %d are added in that "
			       "order to an empty tree with\nrb_add(); then "
			       "the node of key %d",
			       &total, &gone),
			2);
	} else {
		CU_ASSERT_EQUAL_FATAL(sscanf(ex->question_text,
					     "The keys %d, %d, ..., %d", &i, &n,
					     &total),
				      3);
	}
	total = total > i || erase ? total : i;
	n = 0;
	ok = rb_shape(&s, keys, &n, &black, false);
	CU_ASSERT(ok);
	CU_ASSERT_EQUAL(*s, '\0');
	CU_ASSERT(strstr(ex->answer, "R") !=
		  ex->answer + strcspn(ex->answer, "RB"));
	CU_ASSERT_EQUAL(n, total - (gone > 0));
	for (i = 0; ok && i < n; i++)
		CU_ASSERT_EQUAL(keys[i], i + 1 + (gone && i + 1 >= gone));
}

/* run @e on @seed; the instance in @ex (exercise_release() it) */
static void run_seed(const struct kstruct_entry *e, unsigned long long seed,
		     struct exercise *ex)
{
	int ret = exercise_run(e, false, seed, ex);

	if (ret)
		fprintf(stderr, "exercise %s seed %llu: %s\n", e->name, seed,
			strerror(-ret));
	CU_ASSERT_EQUAL_FATAL(ret, 0);
}

static void test_seeds(void)
{
	struct kstruct_entry *e;
	int nr = 0;

	for (e = kstruct_entries(KSTRUCT_KIND_EXERCISE);
	     e && e->kind == KSTRUCT_KIND_EXERCISE; e = e->next) {
		char *questions[100], hint[1024], *wrong, *loud;
		unsigned long long seed;
		int distinct = 0, i;

		for (seed = 1; seed <= 100; seed++) {
			struct exercise ex, again;
			enum exercise_grade g;

			run_seed(e, seed, &ex);
			questions[seed - 1] = strdup(ex.question_text);
			/* the same seed, the same instance and answer */
			if (seed % 10 == 1) {
				run_seed(e, seed, &again);
				CU_ASSERT_STRING_EQUAL(ex.question_text,
						       again.question_text);
				CU_ASSERT_STRING_EQUAL(ex.answer, again.answer);
				CU_ASSERT_STRING_EQUAL(ex.why_text,
						       again.why_text);
				exercise_release(&again);
			}
			CU_ASSERT_PTR_NULL(strchr(ex.answer, '\n'));
			CU_ASSERT_PTR_NULL(strstr(ex.question_text, "0x"));
			/* right as computed, and in capitals, spaced */
			g = exercise_grade(&ex, ex.answer, hint, sizeof(hint));
			if (g != EXERCISE_RIGHT)
				fprintf(stderr, "%s seed %llu: '%s': %s\n",
					e->name, seed, ex.answer, hint);
			CU_ASSERT_EQUAL(g, EXERCISE_RIGHT);
			loud = spaced_upper(ex.answer);
			CU_ASSERT_EQUAL(exercise_grade(&ex, loud, hint,
						       sizeof(hint)),
					EXERCISE_RIGHT);
			free(loud);
			/* a number changed: wrong, and the hint keeps it */
			wrong = perturbed(ex.answer, ex.tolerance);
			if (wrong) {
				g = exercise_grade(&ex, wrong, hint,
						   sizeof(hint));
				if (g != EXERCISE_WRONG)
					fprintf(stderr, "%s: '%s': %s\n",
						e->name, wrong, hint);
				CU_ASSERT_EQUAL(g, EXERCISE_WRONG);
				CU_ASSERT_PTR_NULL(strstr(hint, ex.answer));
				free(wrong);
			}
			/* the likely slip: wrong */
			if (ex.wrong[0] && strcmp(ex.wrong, ex.answer)) {
				g = exercise_grade(&ex, ex.wrong, hint,
						   sizeof(hint));
				if (g != EXERCISE_WRONG)
					fprintf(stderr,
						"%s: '%s' for '%s': %s\n",
						e->name, ex.wrong, ex.answer,
						hint);
				CU_ASSERT_EQUAL(g, EXERCISE_WRONG);
			}
			if (!wrong && !ex.wrong[0])
				fprintf(stderr, "%s: no wrong answer to try\n",
					e->name);
			CU_ASSERT(wrong || ex.wrong[0]);
			CU_ASSERT_EQUAL(exercise_grade(&ex, "", hint,
						       sizeof(hint)),
					EXERCISE_MALFORMED);
			if (!strcmp(e->name, "list-cut"))
				oracle_list_cut(&ex);
			else if (!strcmp(e->name, "list-sort"))
				oracle_list_sort(&ex);
			else if (!strncmp(e->name, "rbtree-", 7))
				oracle_rbtree(&ex,
					      !strcmp(e->name, "rbtree-erase"));
			exercise_release(&ex);
		}
		/* the seeds give many instances */
		for (i = 0; i < 100; i++) {
			int j;

			for (j = 0; j < i; j++)
				if (questions[j] && questions[i] &&
				    !strcmp(questions[i], questions[j]))
					break;
			distinct += j == i;
		}
		if (distinct < 6)
			fprintf(stderr, "%s: %d instances in 100 seeds\n",
				e->name, distinct);
		CU_ASSERT(distinct >= 6);
		for (i = 0; i < 100; i++)
			free(questions[i]);
		nr++;
	}
	CU_ASSERT_EQUAL(nr, 17);
}

/* a small exercise to grade by hand */
static void test_grade(void)
{
	struct exercise ex = {
		.answer = "a: 4 5; b: 1 2 3",
		.form = "a: N N ...; b: N N ...",
		.pattern = "^a:[0-9 ]+;b:[0-9 ]+$",
		.hint = "HINT",
	};
	char buf[256];

	CU_ASSERT_EQUAL(exercise_normalize("  A :  4   5 ;B: 1 2 3\n", buf,
					   sizeof(buf)),
			0);
	CU_ASSERT_STRING_EQUAL(buf, "a:4 5;b:1 2 3");
	CU_ASSERT_EQUAL(exercise_normalize("abcdef", buf, 4), -E2BIG);
	CU_ASSERT_EQUAL(exercise_grade(&ex, "a:4 5;b:1 2 3", buf, sizeof(buf)),
			EXERCISE_RIGHT);
	/* "45" is not "4 5" */
	CU_ASSERT_EQUAL(exercise_grade(&ex, "a: 45; b: 1 2 3", buf,
				       sizeof(buf)),
			EXERCISE_WRONG);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "HINT"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "number 2)"));
	CU_ASSERT_PTR_NULL(strstr(buf, "4 5"));
	CU_ASSERT_EQUAL(exercise_grade(&ex, "a: 4 5; b: 1 2", buf, sizeof(buf)),
			EXERCISE_WRONG);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "ends too soon"));
	CU_ASSERT_EQUAL(exercise_grade(&ex, "4 5 / 1 2 3", buf, sizeof(buf)),
			EXERCISE_MALFORMED);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "a: N N ...; b: N N ..."));
	CU_ASSERT_EQUAL(exercise_grade(&ex, "   ", buf, sizeof(buf)),
			EXERCISE_MALFORMED);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "empty"));
	/* numbers within the tolerance count as equal */
	ex.tolerance = 2;
	CU_ASSERT_EQUAL(exercise_grade(&ex, "a: 6 3; b: 1 2 3", buf,
				       sizeof(buf)),
			EXERCISE_RIGHT);
	CU_ASSERT_EQUAL(exercise_grade(&ex, "a: 7 5; b: 1 2 3", buf,
				       sizeof(buf)),
			EXERCISE_WRONG);
}

/*
 * "kstruct exercise ARGS" with @input on stdin, the tool beside this
 * binary ($(BUILD)/kstruct from $(BUILD)/tests/test-tools): its exit
 * status, and its stdout into @out.
 */
static int kstruct_run(const char *args, const char *input, char *out,
		       size_t size)
{
	const char *slash = strrchr(ktest_argv0, '/');
	char cmd[PATH_MAX + 256];
	size_t len;
	FILE *p;
	int status;

	snprintf(cmd, sizeof(cmd),
		 "printf '%s' | %.*s/../kstruct exercise %s 2>/dev/null", input,
		 slash ? (int)(slash - ktest_argv0) : 1,
		 slash ? ktest_argv0 : ".", args);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	len = fread(out, 1, size - 1, p);
	out[len] = '\0';
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_command(void)
{
	char out[8192], answer[256];

	/* --answer's first line is what --check takes */
	CU_ASSERT_EQUAL(kstruct_run("list-cut --seed 42 --answer", "", out,
				    sizeof(out)),
			0);
	snprintf(answer, sizeof(answer), "%.*s\\n", (int)strcspn(out, "\n"),
		 out);
	CU_ASSERT_EQUAL(kstruct_run("list-cut --seed 42 --check", answer, out,
				    sizeof(out)),
			0);
	CU_ASSERT_STRING_EQUAL(out, "right\n");
	/* the whole of --answer may be piped: the first line counts */
	CU_ASSERT_EQUAL(kstruct_run("sim-rt --seed 5 --answer", "", out,
				    sizeof(out)),
			0);
	CU_ASSERT_EQUAL(kstruct_run("list-cut --seed 43 --check", answer, out,
				    sizeof(out)),
			strcmp(answer, out) ? 1 : 0);
	CU_ASSERT_EQUAL(kstruct_run("list-cut --seed 42 --check", "", out,
				    sizeof(out)),
			1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "no answer"));
	CU_ASSERT_EQUAL(kstruct_run("list-cut --seed 42 --check", "b: 1\\n",
				    out, sizeof(out)),
			1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "not of the form"));
	/* the same seed, the same text; another seed, another instance */
	CU_ASSERT_EQUAL(kstruct_run("--sheet --seed 9", "", out, sizeof(out)),
			0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "problem set of seed 9"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "17. Exercise sctp-tsn, seed 9"));
	CU_ASSERT_EQUAL(kstruct_run("--sheet --seed 9 --answer", "", out,
				    sizeof(out)),
			0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, ": the key"));
	/* usage errors exit 2 */
	CU_ASSERT_EQUAL(kstruct_run("list-cut --seed x", "", out, sizeof(out)),
			2);
	CU_ASSERT_EQUAL(kstruct_run("list-cut --answer --check", "", out,
				    sizeof(out)),
			2);
	CU_ASSERT_EQUAL(kstruct_run("--seed 3", "", out, sizeof(out)), 2);
	CU_ASSERT_EQUAL(kstruct_run("--sheet list-cut", "", out, sizeof(out)),
			2);
	CU_ASSERT_EQUAL(kstruct_run("no-such", "", out, sizeof(out)), 2);
	CU_ASSERT_EQUAL(kstruct_run("--help", "", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "--check"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "--sheet"));
}

static CU_TestInfo exercise_cases[] = {
	{ "setup regions are read as the pages show them",
	  test_setup_region_is_read },
	{ "answers graded: case and blanks free, numbers within tolerance",
	  test_grade },
	{ "100 seeds each: repeatable, varied, answers right, wrong refused",
	  test_seeds },
	{ "kstruct exercise: --seed, --answer, --check, --sheet",
	  test_command },
	{ "every page's exercises: setup is the code, answer is the output",
	  test_every_page_answers_its_exercises },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/exercise", exercise_cases, NULL, NULL)
