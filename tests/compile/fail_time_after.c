// SPDX-License-Identifier: MIT
/*
 * tests/compile/fail_time_after.c - compile_fail: time_after() of two
 * 32-bit counters must not compile.  (long)(b - a) of two unsigned ints
 * is never negative, so across the 32-bit wrap the answer would be
 * silently wrong; the kernel's typecheck() refuses the same call.
 */
#include "compat/jiffies.h"

int newer(unsigned int a, unsigned int b);

int newer(unsigned int a, unsigned int b)
{
#ifdef FAIL
	return time_after(a, b);
#else
	return time_after((unsigned long)a, (unsigned long)b);
#endif
}
