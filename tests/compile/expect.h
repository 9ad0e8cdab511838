/* SPDX-License-Identifier: MIT */
/*
 * tests/compile/expect.h - the one assertion of the compile_ok programs:
 * EXPECT(cond) prints the file, line and condition when @cond is false
 * and counts it in failures; main() returns failures != 0.
 */
#ifndef KSTRUCT_TESTS_COMPILE_EXPECT_H
#define KSTRUCT_TESTS_COMPILE_EXPECT_H

#include <stdio.h>

static int failures;

#define EXPECT(cond)                                                       \
	do {                                                               \
		if (!(cond)) {                                             \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, \
				#cond);                                    \
			failures++;                                        \
		}                                                          \
	} while (0)

#endif /* KSTRUCT_TESTS_COMPILE_EXPECT_H */
