// SPDX-License-Identifier: MIT
/*
 * tools/kstruct.c - the kstruct command line.
 *
 *   kstruct draw STRUCTURE      Graphviz DOT of a structure's state
 *   kstruct COMMAND ...         commands registered by subsystems and
 *                               tools (tour, bench, sim, ...; see
 *                               kstruct --help)
 *
 * Subsystems register tours, benchmarks, drawings and commands from their
 * own files (tools/kstruct.h); this file only finds and runs them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/kstruct.h"

#define KSTRUCT_VERSION "0.1.0"

static void list_kind(FILE *out, enum kstruct_kind kind)
{
	struct kstruct_entry *e;

	for (e = kstruct_entries(kind); e && e->kind == kind; e = e->next)
		fprintf(out, "  %-10s %s\n", e->name, e->summary);
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: kstruct COMMAND [ARGS...]\n"
		"\n"
		"The Linux 2.5.33 list_head structures in userspace: lists, the O(1)\n"
		"scheduler, SCTP associations, vm areas, the buddy allocator, buses.\n"
		"\n"
		"commands:\n"
		"  draw       Graphviz DOT of a structure (kstruct draw --help)\n");
	list_kind(out, KSTRUCT_KIND_COMMAND);
	fprintf(out,
		"\n"
		"Run 'kstruct COMMAND --help' for a command's options.\n"
		"Options: -h, --help   this text;  --version   the version\n");
}

static int is_help(const char *arg)
{
	return !strcmp(arg, "-h") || !strcmp(arg, "--help");
}

static int cmd_draw(int argc, char **argv)
{
	struct kstruct_entry *e;
	int ret;

	if (argc != 2 || is_help(argv[1])) {
		FILE *out = argc == 2 ? stdout : stderr;

		fprintf(out, "usage: kstruct draw STRUCTURE > FILE.dot\n\n"
			"Prints a Graphviz DOT picture of a small example of STRUCTURE;\n"
			"render it with 'dot -Tpng FILE.dot -o FILE.png'.  Structures:\n");
		list_kind(out, KSTRUCT_KIND_DRAW);
		return argc == 2 ? 0 : 2;
	}
	e = kstruct_find(KSTRUCT_KIND_DRAW, argv[1]);
	if (!e) {
		fprintf(stderr, "kstruct draw: no structure '%s'; structures are:\n",
			argv[1]);
		list_kind(stderr, KSTRUCT_KIND_DRAW);
		return 2;
	}
	ret = e->draw(stdout);
	if (ret) {
		fprintf(stderr, "kstruct draw %s: %s\n", argv[1], strerror(-ret));
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct kstruct_entry *e;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (is_help(argv[1])) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("kstruct %s\n", KSTRUCT_VERSION);
		return 0;
	}
	if (!strcmp(argv[1], "draw"))
		return cmd_draw(argc - 1, argv + 1);
	e = kstruct_find(KSTRUCT_KIND_COMMAND, argv[1]);
	if (e)
		return e->command(argc - 1, argv + 1);
	fprintf(stderr, "kstruct: unknown command '%s' (try kstruct --help)\n",
		argv[1]);
	return 2;
}
