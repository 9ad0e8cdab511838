// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_exercise.c - "kstruct exercise" (tools/exercise.c) and
 * the exercises of every docs page (tools/exercise_*.c), held to what the
 * pages say.
 *
 * Each of docs/list.md, rbtree.md, sched.md, sim.md, generations.md,
 * mm.md, drivers.md and sctp.md ends with "## Exercises": one "### "
 * section per exercise, holding
 *   - its setup: fenced blocks before the answer.  A ```c block must be
 *     the code between "exercise NAME setup {" and "}" in
 *     tools/exercise_*.c, line for line (one indent level less); a ```sh
 *     block must be a string of that code; a ```json block must be the
 *     workload the ```sh command names: a built-in (-w NAME) or the
 *     file its last word names;
 *   - "`kstruct exercise NAME`", which names it;
 *   - "<details><summary>Answer</summary>" and then a ```text block that
 *     must be exactly what the exercise prints.
 * Every registered exercise is on the page its summary names, once.  So
 * an answer edited without the code, code edited without the page, or a
 * page's setup that no longer runs fails here; tests run from the top
 * of the tree, where docs/ and tools/ are.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "list/list.h"
#include "sim/workload.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
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
	name = strndup(run + 18, strcspn(run + 18, "`"));
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
	output = capture(e->exercise, &ret);
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
	CU_ASSERT(!strncmp(region, "struct item items[5];\n", 22));
	CU_ASSERT_PTR_NULL(strstr(region, "/* } */"));
	CU_ASSERT_EQUAL(region[strlen(region) - 1], '\n');
	CU_ASSERT_PTR_NULL(setup_region("no-such-exercise"));
	free(region);
}

static void test_every_exercise_runs_twice_alike(void)
{
	struct kstruct_entry *e;
	int n = 0;

	for (e = kstruct_entries(KSTRUCT_KIND_EXERCISE);
	     e && e->kind == KSTRUCT_KIND_EXERCISE; e = e->next) {
		int r1 = -1, r2 = -1;
		char *one = capture(e->exercise, &r1);
		char *two = capture(e->exercise, &r2);

		CU_ASSERT_PTR_NOT_NULL_FATAL(one);
		CU_ASSERT_PTR_NOT_NULL_FATAL(two);
		CU_ASSERT_EQUAL(r1, 0);
		CU_ASSERT_EQUAL(r2, 0);
		CU_ASSERT_STRING_EQUAL(one, two);
		CU_ASSERT_PTR_NULL(strstr(one, "0x")); /* no addresses */
		free(one);
		free(two);
		n++;
	}
	CU_ASSERT_EQUAL(n, 17);
}

static CU_TestInfo exercise_cases[] = {
	{ "setup regions are read as the pages show them",
	  test_setup_region_is_read },
	{ "every exercise runs, the same twice",
	  test_every_exercise_runs_twice_alike },
	{ "every page's exercises: setup is the code, answer is the output",
	  test_every_page_answers_its_exercises },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/exercise", exercise_cases, NULL, NULL)
