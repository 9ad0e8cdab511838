// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_escape.c - escape_message() (compat/escape.c): each
 * rule by hand, cutting to fit, escaping twice, and every string of up to
 * three bytes against an oracle that decodes UTF-8 its own way.
 */
#include <stdarg.h>
#include <string.h>

#include "compat/compiler.h"
#include "compat/escape.h"
#include "tests/ktest.h"

static void expect(const char *src, const char *want)
{
	char dst[256];
	size_t len = escape_message(dst, sizeof(dst), src);

	CU_ASSERT_STRING_EQUAL(dst, want);
	CU_ASSERT_EQUAL(len, strlen(want));
}

static void test_rules_by_hand(void)
{
	expect("", "");
	expect("plain /a b:c \\x1b", "plain /a b:c \\x1b");
	expect("/a\x1b[2J\x1b[H", "/a\\x1b[2J\\x1b[H");
	expect("a\nb\tc\rd", "a\\nb\\tc\\rd");
	expect("\x01\x7f", "\\x01\\x7f");
	/* UTF-8 kept: é (2 bytes), € (3), U+1F600 (4) */
	expect("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80",
	       "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
	/* C1 controls, U+0085 and U+009B (CSI), escaped byte by byte */
	expect("\xc2\x85\xc2\x9b\xc2\xa0", "\\xc2\\x85\\xc2\\x9b\xc2\xa0");
	/* a stray continuation byte, a lone lead byte, a cut sequence */
	expect("\x80z", "\\x80z");
	expect("\xc3z", "\\xc3z");
	expect("\xe2\x82", "\\xe2\\x82");
	/* overlong '/', overlong 3 and 4 bytes, a surrogate, past U+10FFFF */
	expect("\xc0\xaf", "\\xc0\\xaf");
	expect("\xe0\x80\xaf", "\\xe0\\x80\\xaf");
	expect("\xf0\x80\x80\xaf", "\\xf0\\x80\\x80\\xaf");
	expect("\xed\xa0\x80", "\\xed\\xa0\\x80");
	expect("\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80");
	expect("\xf5\x80\x80\x80", "\\xf5\\x80\\x80\\x80");
	expect("\xff", "\\xff");
}

/* what does not fit is cut before an escape or a character */
static void test_cut_to_fit(void)
{
	char dst[8];

	memset(dst, 'z', sizeof(dst));
	CU_ASSERT_EQUAL(escape_message(dst, 6, "ab\x1b"), 2);
	CU_ASSERT_STRING_EQUAL(dst, "ab");
	CU_ASSERT_EQUAL(escape_message(dst, 7, "ab\x1b"), 6);
	CU_ASSERT_STRING_EQUAL(dst, "ab\\x1b");
	CU_ASSERT_EQUAL(escape_message(dst, 3, "a\xe2\x82\xac"), 1);
	CU_ASSERT_STRING_EQUAL(dst, "a");
	CU_ASSERT_EQUAL(escape_message(dst, 1, "abc"), 0);
	CU_ASSERT_STRING_EQUAL(dst, "");
	dst[0] = 'z';
	CU_ASSERT_EQUAL(escape_message(dst, 0, "abc"), 0);
	CU_ASSERT_EQUAL(dst[0], 'z');
}

/* the code point of the valid UTF-8 sequence at @s, its length in *@len */
static long decode(const unsigned char *s, size_t *len)
{
	static const long least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	size_t n, i;
	long cp;

	if (s[0] < 0x80) {
		*len = 1;
		return s[0];
	}
	for (n = 0; n < 5 && (s[0] << n) & 0x80; n++)
		;
	if (n < 2 || n > 4)
		return -1;
	cp = s[0] & (0x7f >> n);
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	*len = n;
	return cp;
}

/*
 * Every string of one or two bytes, and of three (a fourth, 0x80, after
 * a lead of four) whose first byte is a lead byte and whose third is one
 * of the bytes that decide a sequence: the result holds no control byte,
 * is what the oracle makes of it, and escaping it again changes nothing.
 */
static void test_every_short_string(void)
{
	static const unsigned char third[] = { 0x00, 0x01, 0x1b, 0x41,
					       0x7f, 0x80, 0x8f, 0x90,
					       0x9f, 0xa0, 0xbf, 0xc0,
					       0xc3, 0xe2, 0xf0, 0xff };
	char src[5], want[64], dst[64], again[64];
	unsigned int a, b, c, bad = 0;
	size_t i, len, w;
	long cp;

	for (a = 1; a < 256; a++)
		for (b = 0; b < 256; b++)
			for (c = 0;
			     c < (a >= 0xc0 && b ? ARRAY_SIZE(third) : 1);
			     c++) {
				src[0] = (char)a;
				src[1] = (char)b;
				src[2] = (char)third[c];
				src[3] = a >= 0xf0 ? (char)0x80 : 0;
				src[4] = 0;
				for (i = 0, w = 0; src[i]; i += len) {
					cp = decode((unsigned char *)src + i,
						    &len);
					if (cp >= 0x20 && cp != 0x7f &&
					    (cp < 0x80 || cp > 0x9f)) {
						memcpy(want + w, src + i, len);
						w += len;
						continue;
					}
					if (cp < 0)
						len = 1;
					for (size_t k = 0; k < len; k++) {
						unsigned char x = src[i + k];

						if (x == '\n')
							w += sprintf(want + w,
								     "\\n");
						else if (x == '\t')
							w += sprintf(want + w,
								     "\\t");
						else if (x == '\r')
							w += sprintf(want + w,
								     "\\r");
						else
							w += sprintf(want + w,
								     "\\x%02x",
								     x);
					}
				}
				want[w] = 0;
				escape_message(dst, sizeof(dst), src);
				escape_message(again, sizeof(again), dst);
				bad += strcmp(dst, want) != 0;
				bad += strcmp(again, dst) != 0;
				for (i = 0; dst[i]; i++)
					bad += (unsigned char)dst[i] < 0x20 ||
					       dst[i] == 0x7f;
			}
	CU_ASSERT_EQUAL(bad, 0);
}

static size_t at(char *dst, size_t size, unsigned long line, const char *fmt,
		 ...) __attribute__((format(printf, 4, 5)));

static size_t at(char *dst, size_t size, unsigned long line, const char *fmt,
		 ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	n = escape_message_at(dst, size, line, fmt, ap);
	va_end(ap);
	return n;
}

/* the line's prefix, the formatted text, escaped as escape_message() does */
static void test_message_at(void)
{
	char buf[64];

	CU_ASSERT_EQUAL(at(buf, sizeof(buf), 7, "no %s here", "tab\there"),
			strlen("line 7: no tab\\there here"));
	CU_ASSERT_STRING_EQUAL(buf, "line 7: no tab\\there here");
	/* line 0: no prefix; an ESC in a quoted name is escaped */
	at(buf, sizeof(buf), 0, "%s:%s", "a.c", "f\x1b[2J");
	CU_ASSERT_STRING_EQUAL(buf, "a.c:f\\x1b[2J");
	/* cut to fit, terminated, never inside an escape */
	CU_ASSERT_EQUAL(at(buf, 12, 3, "%s", "\n\n\n"), 10);
	CU_ASSERT_STRING_EQUAL(buf, "line 3: \\n");
	CU_ASSERT_EQUAL(at(buf, 1, 3, "x"), 0);
	CU_ASSERT_STRING_EQUAL(buf, "");
}

static CU_TestInfo escape_tests[] = {
	{ "each rule by hand", test_rules_by_hand },
	{ "cut to fit, never inside an escape or a character",
	  test_cut_to_fit },
	{ "every short string against an oracle; twice is once",
	  test_every_short_string },
	{ "escape_message_at: the line, the text, escaped, cut to fit",
	  test_message_at },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("compat/escape", escape_tests, NULL, NULL)
