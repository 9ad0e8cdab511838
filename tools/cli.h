/* SPDX-License-Identifier: MIT */
/*
 * tools/cli.h - option values on the kstruct command line.
 *
 * Every number an option takes is read by one of these: decimal digits
 * only (010 is ten, not eight), no sign, no blank, nothing after the
 * digits, and a range that the error message states.
 */
#ifndef KSTRUCT_TOOLS_CLI_H
#define KSTRUCT_TOOLS_CLI_H

/**
 * cli_parse() - cli_number() without the message, for a caller that
 *	words its own
 * @arg: the text
 * @min: the smallest value accepted
 * @max: the largest
 * @out: the value, set only on success
 *
 * Return: 0, or -EINVAL.
 */
int cli_parse(const char *arg, unsigned long long min, unsigned long long max,
	      unsigned long long *out);

/**
 * cli_number() - an option's value as a whole number in [@min, @max]
 * @who: the message prefix ("kstruct sim")
 * @opt: the option ("--cpus")
 * @arg: its value
 * @min: the smallest value accepted
 * @max: the largest
 * @out: the value
 *
 * Return: 0, or -EINVAL after printing
 * 'WHO: OPT: "ARG" is not a whole number in MIN..MAX'.
 */
int cli_number(const char *who, const char *opt, const char *arg,
	       unsigned long long min, unsigned long long max,
	       unsigned long long *out);

/**
 * cli_fixed() - an option's value as a decimal with a fraction, scaled
 * @who: the message prefix
 * @opt: the option ("--duration")
 * @arg: its value: digits, optionally '.' and at most @places more digits
 * @places: decimal places kept (6: "1.5" gives 1500000)
 * @unit: what the value counts, for the message ("seconds")
 * @min: the smallest scaled value accepted
 * @max: the largest
 * @out: the scaled value
 *
 * Return: 0, or -EINVAL after printing
 * 'WHO: OPT: "ARG" is not a number of UNIT in MIN..MAX' (MIN and MAX
 * unscaled, with up to @places decimals).
 */
int cli_fixed(const char *who, const char *opt, const char *arg,
	      unsigned int places, const char *unit, unsigned long long min,
	      unsigned long long max, unsigned long long *out);

/**
 * cli_strerror() - why, for a message: "out of memory" for -ENOMEM (an
 *	allocation failed: not strerror()'s "Cannot allocate memory", which
 *	reads as if a write had), else strerror(-@err)
 * @err: a negative errno
 */
const char *cli_strerror(int err);

/**
 * cli_error() - print a message on stderr, made safe to print
 * @fmt: printf's format of the line, without its newline
 *
 * The whole line goes through escape_message() (compat/escape.h): what a
 * user gave (a file name, an option's value, a workload's names) cannot
 * put a control character on the terminal.  Every error and warning of
 * the kstruct commands is printed by it; a line is cut at 1,023 bytes of
 * message before escaping.
 */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* KSTRUCT_TOOLS_CLI_H */
