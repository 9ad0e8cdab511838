// SPDX-License-Identifier: MIT
/*
 * compat/bug.c - the reporting half of BUG_ON()/WARN_ON().
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "compat/bug.h"

static atomic_ulong warn_count;

/**
 * __kstruct_bug() - report a broken invariant and stop (BUG_ON's half)
 * @file: the file of the BUG_ON()
 * @line: its line
 * @cond: the condition, as text
 *
 * Context: any; prints "kernel BUG at file:line: cond" and aborts.
 */
void __kstruct_bug(const char *file, int line, const char *cond)
{
	fprintf(stderr, "kernel BUG at %s:%d: %s\n", file, line, cond);
	fflush(stderr);
	abort();
}

/**
 * __kstruct_warn() - report a warning and carry on (WARN_ON's half)
 * @file: the file of the WARN_ON()
 * @line: its line
 * @cond: the condition, as text
 *
 * Context: any; prints "WARNING at file:line: cond" and counts it.
 */
void __kstruct_warn(const char *file, int line, const char *cond)
{
	atomic_fetch_add(&warn_count, 1);
	fprintf(stderr, "WARNING at %s:%d: %s\n", file, line, cond);
}

/**
 * kstruct_warn_count() - how many warnings have been reported
 *
 * Return: the number of WARN_ON()/WARN_ON_ONCE() reports so far.
 */
unsigned long kstruct_warn_count(void)
{
	return atomic_load(&warn_count);
}
