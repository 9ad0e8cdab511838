/* SPDX-License-Identifier: MIT */
/*
 * tools/cmd_sctp.h - "kstruct sctp" (tools/cmd_sctp.c), callable by the
 * tests.
 */
#ifndef KSTRUCT_TOOLS_CMD_SCTP_H
#define KSTRUCT_TOOLS_CMD_SCTP_H

/**
 * cmd_sctp() - the "kstruct sctp [--pcap FILE]" command
 * @argc: argument count, argv[0] being "sctp"
 * @argv: the command line from the command's name on
 *
 * Prints every packet of the exchange; with --pcap writes them to FILE
 * (beside it, then renamed onto it), and reads the capture back.
 *
 * Context: registers the calling thread with RCU for the run, and waits
 * for every RCU callback before it returns.
 * Return: the exit status: 0 or 1 (the exchange or the capture failed;
 * said on stderr), 2 for a usage error.
 */
int cmd_sctp(int argc, char **argv);

#endif /* KSTRUCT_TOOLS_CMD_SCTP_H */
