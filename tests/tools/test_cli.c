// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_cli.c - option values on the command line
 * (tools/cli.c): decimal only, no sign, no blank, no trailing text, no
 * overflow, and a message that states the range.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/compiler.h"
#include "tests/ktest.h"
#include "tools/cli.h"

static char message[512];

/* run cli_number() or cli_fixed() with stderr kept in @message */
static int parse(const char *arg, unsigned int places, unsigned long long min,
		 unsigned long long max, unsigned long long *out)
{
	FILE *err = tmpfile();
	int saved = dup(STDERR_FILENO), ret;
	size_t n = 0;

	fflush(stderr);
	if (err)
		dup2(fileno(err), STDERR_FILENO);
	if (places)
		ret = cli_fixed("kstruct x", "--opt", arg, places, "seconds",
				min, max, out);
	else
		ret = cli_number("kstruct x", "--opt", arg, min, max, out);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	message[0] = '\0';
	if (err) {
		rewind(err);
		n = fread(message, 1, sizeof(message) - 1, err);
		message[n] = '\0';
		fclose(err);
	}
	return ret;
}

static void test_number(void)
{
	static const char *const bad[] = {
		"",
		"-1",
		"+1",
		" 1",
		"1 ",
		"0x10",
		"1e3",
		"1.0",
		"ten",
		"18446744073709551616",
		"99999999999999999999999",
	};
	unsigned long long v = 77;
	unsigned int i;

	CU_ASSERT_EQUAL(parse("010", 0, 1, 64, &v), 0);
	CU_ASSERT_EQUAL(v, 10); /* decimal, not octal */
	CU_ASSERT_STRING_EQUAL(message, "");
	CU_ASSERT_EQUAL(parse("1", 0, 1, 64, &v), 0);
	CU_ASSERT_EQUAL(v, 1);
	CU_ASSERT_EQUAL(parse("64", 0, 1, 64, &v), 0);
	CU_ASSERT_EQUAL(v, 64);
	CU_ASSERT_EQUAL(parse("18446744073709551615", 0, 0, ~0ull, &v), 0);
	CU_ASSERT_EQUAL(v, ~0ull);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		v = 77;
		CU_ASSERT_EQUAL(parse(bad[i], 0, 0, ~0ull, &v), -EINVAL);
		CU_ASSERT_EQUAL(v, 77);
		CU_ASSERT_PTR_NOT_NULL(
			strstr(message, "is not a whole number"));
	}
	/* the range in the message is the one enforced */
	CU_ASSERT_EQUAL(parse("0", 0, 1, 64, &v), -EINVAL);
	CU_ASSERT_STRING_EQUAL(message,
			       "kstruct x: --opt: \"0\" is not a whole "
			       "number in 1..64\n");
	CU_ASSERT_EQUAL(parse("65", 0, 1, 64, &v), -EINVAL);
	CU_ASSERT_EQUAL(v, 77);
}

static void test_fixed(void)
{
	static const char *const bad[] = {
		"",	     "-1",
		"+1",	     " 1",
		"1.",	     ".5",
		"1.0000001", "1e3",
		"0x1p3",     "inf",
		"nan",	     "1,5",
		"1.5s",	     "18446744073709551616",
	};
	unsigned long long v = 77;
	unsigned int i;

	CU_ASSERT_EQUAL(parse("1", 6, 1, 100000000000000ull, &v), 0);
	CU_ASSERT_EQUAL(v, 1000000);
	CU_ASSERT_EQUAL(parse("1.5", 6, 1, 100000000000000ull, &v), 0);
	CU_ASSERT_EQUAL(v, 1500000);
	CU_ASSERT_EQUAL(parse("0.000001", 6, 1, 100000000000000ull, &v), 0);
	CU_ASSERT_EQUAL(v, 1);
	CU_ASSERT_EQUAL(parse("010.250", 6, 1, 100000000000000ull, &v), 0);
	CU_ASSERT_EQUAL(v, 10250000);
	CU_ASSERT_EQUAL(parse("100000000", 6, 1, 100000000000000ull, &v), 0);
	CU_ASSERT_EQUAL(v, 100000000000000ull);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		v = 77;
		CU_ASSERT_EQUAL(parse(bad[i], 6, 1, 100000000000000ull, &v),
				-EINVAL);
		CU_ASSERT_EQUAL(v, 77);
	}
	/* below, above, and overflowing the scale: the range, unscaled */
	CU_ASSERT_EQUAL(parse("0", 6, 1, 100000000000000ull, &v), -EINVAL);
	CU_ASSERT_STRING_EQUAL(message,
			       "kstruct x: --opt: \"0\" is not a number "
			       "of seconds in 0.000001..100000000 (at most 6 "
			       "decimals)\n");
	CU_ASSERT_EQUAL(parse("100000000.000001", 6, 1, 100000000000000ull, &v),
			-EINVAL);
	CU_ASSERT_EQUAL(parse("18446744073709.551616", 6, 0, ~0ull, &v),
			-EINVAL);
	CU_ASSERT_EQUAL(parse("2.5", 1, 20, 30, &v), 0);
	CU_ASSERT_EQUAL(v, 25);
	CU_ASSERT_EQUAL(parse("3.5", 1, 20, 30, &v), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(message, " in 2..3 "));
	CU_ASSERT_EQUAL(v, 25);
}

/* cli_parse(): the same rules, silently */
static void test_parse_is_silent(void)
{
	unsigned long long v = 77;

	CU_ASSERT_EQUAL(cli_parse("010", 1, 64, &v), 0);
	CU_ASSERT_EQUAL(v, 10);
	CU_ASSERT_EQUAL(cli_parse("+3", 1, 64, &v), -EINVAL);
	CU_ASSERT_EQUAL(cli_parse("65", 1, 64, &v), -EINVAL);
	CU_ASSERT_EQUAL(v, 10);
}

static CU_TestInfo cli_cases[] = {
	{ "whole numbers: decimal, in range, nothing else", test_number },
	{ "fixed-point numbers: scaled, in range", test_fixed },
	{ "cli_parse: the same rules, no message", test_parse_is_silent },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/cli", cli_cases, NULL, NULL)
