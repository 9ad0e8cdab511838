/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz.h - what every libFuzzer harness here shares.
 *
 * CHECK() is the harness's assertion: it must abort (so libFuzzer saves
 * the input as a crash) in every build, whatever NDEBUG says, and name
 * the line that failed.
 */
#ifndef KSTRUCT_TESTS_FUZZ_FUZZ_H
#define KSTRUCT_TESTS_FUZZ_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)							\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "%s:%d: check failed: %s\n",	\
				__FILE__, __LINE__, #cond);		\
			abort();					\
		}							\
	} while (0)

#endif /* KSTRUCT_TESTS_FUZZ_FUZZ_H */
