// SPDX-License-Identifier: MIT
/*
 * tools/kstruct.c - the kstruct command line.
 *
 *   kstruct COMMAND ...         commands registered by subsystems and
 *                               tools (tour, bench, sim, draw, ...;
 *                               see kstruct --help), each in its
 *                               tools/cmd_<verb>.c or its subsystem's
 *                               file
 *
 * Subsystems register tours, benchmarks, drawings and commands from their
 * own files (tools/kstruct.h); this file only finds and runs them.  It also
 * refuses a fault-injection variable that is not a number, and turns a
 * failed write to stdout into a failure of whichever command it was.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/escape.h"
#include "compat/slab.h"
#include "kstruct_version.h" /* KSTRUCT_VERSION, the Makefile's VERSION */
#include "tools/kstruct.h"
#include "tools/outfile.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: kstruct COMMAND [ARGS...]\n"
		"\n"
		"The Linux 2.5.33 list_head structures in userspace: lists, the O(1)\n"
		"scheduler, SCTP associations, vm areas, the buddy allocator, buses.\n"
		"\n"
		"commands:\n");
	kstruct_list(out, KSTRUCT_KIND_COMMAND);
	fprintf(out,
		"\n"
		"Run 'kstruct COMMAND --help' for a command's options.\n"
		"Options: -h, --help   this text;  --version   the version\n");
}

/*
 * The command runs with @who ("kstruct sim") as its argv[0], the name
 * getopt's own messages begin with.
 */
static int run_command(int argc, char **argv, char *who)
{
	struct kstruct_entry *e;
	char name[128];

	e = kstruct_find(KSTRUCT_KIND_COMMAND, argv[0]);
	if (e) {
		argv[0] = who;
		return e->command(argc, argv);
	}
	escape_message(name, sizeof(name), argv[0]);
	fprintf(stderr, "kstruct: unknown command '%s' (try kstruct --help)\n",
		name);
	return 2;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	char who[64] = "kstruct", value[128];
	const char *bad;
	int c, status;

	outfile_stdout_keep_errors();
	if (kmalloc_fault_from_env(&bad)) {
		/* compat/slab.h: NTH takes 0..ULONG_MAX, AFTER 0..LONG_MAX */
		escape_message(value, sizeof(value), getenv(bad));
		fprintf(stderr,
			"kstruct: %s=\"%s\" is not a whole number from 0 to %lu "
			"(decimal digits only)\n",
			bad, value,
			strcmp(bad, "KSTRUCT_FAIL_NTH") ?
				(unsigned long)LONG_MAX :
				ULONG_MAX);
		return 2;
	}
	/* "+": the options before the command are kstruct's own */
	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return outfile_check_stdout(who) ? 1 : 0;
		case 'V':
			printf("kstruct %s\n", KSTRUCT_VERSION);
			return outfile_check_stdout(who) ? 1 : 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	snprintf(who, sizeof(who), "kstruct %s", argv[optind]);
	status = run_command(argc - optind, argv + optind, who);
	/* a command that failed has said why; one that did not, may not have */
	if (!status && outfile_check_stdout(who))
		status = 1;
	return status;
}
