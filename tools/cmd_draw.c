// SPDX-License-Identifier: MIT
/*
 * tools/cmd_draw.c - "kstruct draw STRUCTURE": the Graphviz DOT picture
 * of a small example of a structure.  The drawings themselves register
 * from their subsystems' draw_<subsystem>.c (KSTRUCT_DRAW); this command
 * only finds one by name and runs it.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "tools/kstruct.h"

static int draw_usage(FILE *out)
{
	fprintf(out,
		"usage: kstruct draw STRUCTURE > FILE.dot\n\n"
		"Prints a Graphviz DOT picture of a small example of STRUCTURE;\n"
		"render it with 'dot -Tpng FILE.dot -o FILE.png'.  Structures:\n");
	kstruct_list(out, KSTRUCT_KIND_DRAW);
	return 0;
}

static int cmd_draw(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct kstruct_entry *e;
	int c, ret;

	optind = 0; /* GNU: full reset, the tool may parse twice */
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h')
			return draw_usage(stdout);
		fprintf(stderr, "%s: try --help\n", argv[0]);
		return 2;
	}
	if (optind != argc - 1) {
		draw_usage(stderr);
		return 2;
	}
	e = kstruct_find(KSTRUCT_KIND_DRAW, argv[optind]);
	if (!e) {
		fprintf(stderr, "%s: no structure '%s'; structures are:\n",
			argv[0], argv[optind]);
		kstruct_list(stderr, KSTRUCT_KIND_DRAW);
		return 2;
	}
	ret = e->draw(stdout);
	if (ret) {
		fprintf(stderr, "%s %s: %s\n", argv[0], argv[optind],
			strerror(-ret));
		return 1;
	}
	return 0;
}

KSTRUCT_COMMAND("draw", "Graphviz DOT of a structure (kstruct draw --help)",
		cmd_draw);
