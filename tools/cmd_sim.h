/* SPDX-License-Identifier: MIT */
/*
 * tools/cmd_sim.h - "kstruct sim" (tools/cmd_sim.c), callable by the
 * tests.
 */
#ifndef KSTRUCT_TOOLS_CMD_SIM_H
#define KSTRUCT_TOOLS_CMD_SIM_H

#include <stddef.h>

/**
 * cmd_sim() - the "kstruct sim" command
 * @argc: argument count, argv[0] being "sim"
 * @argv: the command line from the command's name on
 *
 * Context: writes the report to stdout, errors to stderr; docs/sim.md
 * has the options.
 * Return: the exit status: 0, 1 when the run or an output failed, 2 for
 * a usage error.
 */
int cmd_sim(int argc, char **argv);

/**
 * cmd_sim_class_path() - where --compare writes one class's trace
 * @buf: where the path goes
 * @len: its size
 * @path: the path given on the command line
 * @cls: the class's name
 *
 * @path's stem, ".CLASS", then its extension (what follows the last dot
 * of its last component, unless that dot begins it): t.txt -> t.o1.txt,
 * out/t -> out/t.o1.
 *
 * Return: 0, or -ENAMETOOLONG when it does not fit in @len bytes.
 */
int cmd_sim_class_path(char *buf, size_t len, const char *path,
		       const char *cls);

#endif /* KSTRUCT_TOOLS_CMD_SIM_H */
