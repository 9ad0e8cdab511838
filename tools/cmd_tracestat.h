/* SPDX-License-Identifier: MIT */
/*
 * tools/cmd_tracestat.h - "kstruct tracestat" (tools/cmd_tracestat.c),
 * callable by the tests.
 */
#ifndef KSTRUCT_TOOLS_CMD_TRACESTAT_H
#define KSTRUCT_TOOLS_CMD_TRACESTAT_H

/**
 * cmd_tracestat() - the "kstruct tracestat" command
 * @argc: argument count, argv[0] being "tracestat"
 * @argv: the command line from the command's name on
 *
 * Reads real kernels' ftrace traces and, with --kstruct, one of kstruct
 * sim's, over one window, and prints each task's figures side by side:
 * the real traces' mean and min-max range, and kstruct's figure.
 *
 * Context: writes the table to stdout, errors to stderr, --demand's file
 * beside its target (renamed onto it when complete).
 * Return: the exit status: 0; 1 for a bad trace or workload, or an output
 * that could not be written; 2 for a usage error; 3 when --check-share
 * found a task outside its tolerance.
 */
int cmd_tracestat(int argc, char **argv);

#endif /* KSTRUCT_TOOLS_CMD_TRACESTAT_H */
