// SPDX-License-Identifier: MIT
/*
 * tools/exercise.c - "kstruct exercise [NAME]": the exercises at the end
 * of each docs page.
 *
 * Each exercise (KSTRUCT_EXERCISE, one file per page: tools/exercise_*.c)
 * builds the scenario its page shows and prints the outcome the reader
 * was asked to predict.  The page's answer is that output, word for word:
 * tests/tools/test_exercise.c runs every exercise and compares, and
 * checks that the code a page shows is the code that runs, so a page and
 * its exercises cannot drift apart.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tools/kstruct.h"

static void exercise_list(FILE *out)
{
	struct kstruct_entry *e;

	for (e = kstruct_entries(KSTRUCT_KIND_EXERCISE);
	     e && e->kind == KSTRUCT_KIND_EXERCISE; e = e->next)
		fprintf(out, "  %-14s %s\n", e->name, e->summary);
}

static int cmd_exercise(int argc, char **argv)
{
	struct kstruct_entry *e;
	int ret;

	if (argc == 2 && (!strcmp(argv[1], "-h") ||
			  !strcmp(argv[1], "--help"))) {
		printf("usage: kstruct exercise [NAME]\n\n"
		       "Runs the scenario of one of the docs pages' exercises and "
		       "prints its\noutcome: predict it from the page first.  "
		       "With no NAME, lists them:\n");
		exercise_list(stdout);
		return 0;
	}
	if (argc == 1) {
		exercise_list(stdout);
		return 0;
	}
	if (argc > 2 || argv[1][0] == '-') {
		fprintf(stderr, "kstruct exercise: %s (try --help)\n",
			argc > 2 ? "one NAME at a time" : "unknown option");
		return 2;
	}
	e = kstruct_find(KSTRUCT_KIND_EXERCISE, argv[1]);
	if (!e) {
		fprintf(stderr, "kstruct exercise: no exercise '%s'; they "
			"are:\n", argv[1]);
		exercise_list(stderr);
		return 2;
	}
	ret = e->exercise(stdout);
	if (ret) {
		fprintf(stderr, "kstruct exercise %s: failed: %s\n", e->name,
			strerror(-ret));
		return 1;
	}
	return 0;
}

KSTRUCT_COMMAND("exercise", "the docs pages' exercises: predict, then run "
		"(kstruct exercise NAME)", cmd_exercise)
