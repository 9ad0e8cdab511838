/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz.h - what every libFuzzer harness here shares.
 *
 * CHECK() is the harness's assertion: it must abort (so libFuzzer saves
 * the input as a crash) in every build, whatever NDEBUG says, and name
 * the line that failed.
 *
 * fuzz_checks_abort() makes every checker's report a crash too: each
 * harness installs it in LLVMFuzzerInitialize(), so the first violation
 * a subsystem's *_check() finds stops the run with the report (checker,
 * caller's file:line, violation) above libFuzzer's crash report, also
 * when the checker ran inside the code under test (sim_check() after
 * every tick).
 */
#ifndef KSTRUCT_TESTS_FUZZ_FUZZ_H
#define KSTRUCT_TESTS_FUZZ_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

#include "compat/check.h"

#define CHECK(cond)                                                            \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, \
				__LINE__, #cond);                              \
			abort();                                               \
		}                                                              \
	} while (0)

static void fuzz_check_failed(const char *report)
{
	fprintf(stderr, "%s\n", report);
	abort();
}

static inline void fuzz_checks_abort(void)
{
	check_set_handler(fuzz_check_failed);
}

/*
 * FUZZ_INITIALIZE() - the LLVMFuzzerInitialize() of a harness that needs
 * nothing set up beyond fuzz_checks_abort()
 */
#define FUZZ_INITIALIZE()                                 \
	int LLVMFuzzerInitialize(int *argc, char ***argv) \
	{                                                 \
		(void)argc;                               \
		(void)argv;                               \
		fuzz_checks_abort();                      \
		return 0;                                 \
	}

#endif /* KSTRUCT_TESTS_FUZZ_FUZZ_H */
