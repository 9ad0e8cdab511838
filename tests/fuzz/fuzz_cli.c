// SPDX-License-Identifier: MIT
/*
 * tests/fuzz/fuzz_cli.c - libFuzzer harness for the command line's number
 * parsers (tools/cli.c).
 *
 * Input: the option's value (up to the first NUL, at most 80 bytes).  It
 * is parsed as a whole number in 0..ULLONG_MAX and in 1..64, and as a
 * number of seconds with 6 decimals in 0.000001..100000000, and each
 * result is compared with a reference parser written here another way
 * (byte by byte, in 128-bit arithmetic): both accept the same texts and
 * agree on the value, a refused text leaves the output alone, and an
 * accepted value is inside its range.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"
#include "tools/cli.h"

#define MAX_USEC 100000000000000ull

/* digits, then optionally '.' and 1..@places digits; -1 when not that */
static int reference(const char *s, unsigned int places, unsigned __int128 *out)
{
	unsigned __int128 v = 0;
	unsigned int frac = 0;
	int dot = 0, digits = 0;

	for (; *s; s++) {
		if (*s == '.' && places && !dot && digits) {
			dot = 1;
			continue;
		}
		if (*s < '0' || *s > '9')
			return -1;
		if (dot && ++frac > places)
			return -1;
		v = v * 10 + (unsigned)(*s - '0');
		digits++;
		if (v > ((unsigned __int128)1 << 100))
			return -1; /* far past any range tested */
	}
	if (!digits || (dot && !frac))
		return -1;
	for (; places && frac < places; frac++)
		v *= 10;
	*out = v;
	return 0;
}

static void one(const char *s, unsigned int places, unsigned long long min,
		unsigned long long max)
{
	unsigned long long got = 0x5a5a5a5a;
	unsigned __int128 want = 0;
	int ok_ref = !reference(s, places, &want) && want >= min && want <= max;
	int ret = places ? cli_fixed("fuzz", "--x", s, places, "seconds", min,
				     max, &got) :
			   cli_number("fuzz", "--x", s, min, max, &got);

	CHECK((ret == 0) == ok_ref);
	if (ret) {
		CHECK(got == 0x5a5a5a5a);
		return;
	}
	CHECK(got == (unsigned long long)want);
	CHECK(got >= min && got <= max);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* the parsers' messages; libFuzzer keeps its own copy of stderr */
	stderr = fopen("/dev/null", "w");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char s[81];

	if (size > 80)
		size = 80;
	memcpy(s, data, size);
	s[size] = '\0';
	one(s, 0, 0, ~0ull);
	one(s, 0, 1, 64);
	one(s, 6, 1, MAX_USEC);
	return 0;
}
