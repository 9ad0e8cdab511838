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
#include <getopt.h>
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
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 }
	};
	struct kstruct_entry *e;
	int c, ret;

	optind = 0; /* GNU: full reset, the tool may parse twice */
	while ((c = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		if (c != 'h') {
			fprintf(stderr, "kstruct exercise: try --help\n");
			return 2;
		}
		printf("usage: kstruct exercise [NAME]\n\n"
		       "Runs the scenario of one of the docs pages' exercises and "
		       "prints its\noutcome: predict it from the page first.  "
		       "With no NAME, lists them:\n");
		exercise_list(stdout);
		return 0;
	}
	if (optind == argc) {
		exercise_list(stdout);
		return 0;
	}
	if (argc - optind > 1) {
		fprintf(stderr, "kstruct exercise: one NAME at a time (try "
				"--help)\n");
		return 2;
	}
	e = kstruct_find(KSTRUCT_KIND_EXERCISE, argv[optind]);
	if (!e) {
		fprintf(stderr,
			"kstruct exercise: no exercise '%s'; they "
			"are:\n",
			argv[optind]);
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

KSTRUCT_COMMAND("exercise",
		"the docs pages' exercises: predict, then run "
		"(kstruct exercise NAME)",
		cmd_exercise)
