// SPDX-License-Identifier: MIT
/*
 * compat/bug.c - the reporting half of BUG_ON()/WARN_ON().
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "compat/bug.h"

static atomic_ulong warn_count;

void __kstruct_bug(const char *file, int line, const char *cond)
{
	fprintf(stderr, "kernel BUG at %s:%d: %s\n", file, line, cond);
	fflush(stderr);
	abort();
}

void __kstruct_warn(const char *file, int line, const char *cond)
{
	atomic_fetch_add(&warn_count, 1);
	fprintf(stderr, "WARNING at %s:%d: %s\n", file, line, cond);
}

unsigned long kstruct_warn_count(void)
{
	return atomic_load(&warn_count);
}
