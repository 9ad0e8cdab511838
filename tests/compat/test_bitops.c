// SPDX-License-Identifier: MIT
/*
 * tests/compat/test_bitops.c - compat/bitops.h against a brute-force
 * oracle (an array of one char per bit) over random bitmaps of random
 * sizes, including sizes that end inside a word and offsets past the end.
 */
#include <limits.h>
#include <string.h>

#include "compat/bitops.h"
#include "compat/slab.h"
#include "tests/ktest.h"

#define MAX_BITS 300
#define WORDS BITS_TO_LONGS(MAX_BITS)

static unsigned int seed;

static unsigned long rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 17;
	seed ^= seed << 5;
	return seed;
}

/* a random bitmap of @size bits, mirrored in @bits; junk past the end */
static void random_map(unsigned long *map, char *bits, unsigned long size,
		       unsigned int density)
{
	unsigned long i;

	for (i = 0; i < WORDS; i++)
		map[i] = 0;
	for (i = 0; i < (unsigned long)WORDS * BITS_PER_LONG; i++) {
		int on = rnd() % 100 < density;

		if (i < size)
			bits[i] = (char)on;
		if (on)
			map[i / BITS_PER_LONG] |= 1UL << (i % BITS_PER_LONG);
	}
}

static unsigned long oracle_next(const char *bits, unsigned long size,
				 unsigned long offset, char want)
{
	for (; offset < size; offset++)
		if (bits[offset] == want)
			return offset;
	return size;
}

static void test_find_bits_against_oracle(void)
{
	unsigned long map[WORDS];
	char bits[MAX_BITS];
	unsigned long size, off;
	int round, bad = 0, checks = 0;
	static const unsigned int density[] = { 0, 1, 10, 50, 90, 99, 100 };

	seed = 4242;
	for (round = 0; round < 300; round++) {
		size = 1 + rnd() % MAX_BITS;
		random_map(map, bits, size, density[round % 7]);
		if (find_first_bit(map, size) != oracle_next(bits, size, 0, 1))
			bad++;
		for (off = 0; off <= size + 2; off++) {
			if (find_next_bit(map, size, off) !=
			    oracle_next(bits, size, off, 1))
				bad++;
			if (find_next_zero_bit(map, size, off) !=
			    oracle_next(bits, size, off, 0))
				bad++;
			checks++;
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT(checks > 10000);
}

/*
 * The find functions never read a word past BITS_TO_LONGS(size): each
 * bitmap here is allocated to exactly that many words, so under ASan an
 * over-read at a word boundary is an error.  Every size from 1 to
 * 3 * BITS_PER_LONG + 1, all bits set, all clear, and only the last bit.
 */
static void test_find_reads_only_its_words(void)
{
	unsigned long size, off, words, i;
	int bad = 0;

	for (size = 1; size <= 3 * (unsigned long)BITS_PER_LONG + 1; size++) {
		unsigned long *map;

		words = BITS_TO_LONGS(size);
		map = kmalloc(words * sizeof(*map), GFP_KERNEL);
		CU_ASSERT_PTR_NOT_NULL_FATAL(map);
		for (i = 0; i < words; i++)
			map[i] = ~0UL;
		for (off = 0; off <= size; off++) {
			bad += find_next_bit(map, size, off) !=
			       (off < size ? off : size);
			bad += find_next_zero_bit(map, size, off) != size;
		}
		for (i = 0; i < words; i++)
			map[i] = 0;
		for (off = 0; off <= size; off++) {
			bad += find_next_bit(map, size, off) != size;
			bad += find_next_zero_bit(map, size, off) !=
			       (off < size ? off : size);
		}
		__set_bit(size - 1, map);
		bad += find_first_bit(map, size) != size - 1;
		bad += find_next_bit(map, size, size - 1) != size - 1;
		bad += !test_bit(size - 1, map);
		kfree(map);
	}
	CU_ASSERT_EQUAL(bad, 0);
}

static void test_for_each_set_bit(void)
{
	unsigned long map[WORDS], bit;
	char bits[MAX_BITS];
	unsigned long size = 200, expect;
	int n = 0, bad = 0;

	seed = 99;
	random_map(map, bits, size, 30);
	expect = oracle_next(bits, size, 0, 1);
	for_each_set_bit(bit, map, size) {
		if (bit != expect)
			bad++;
		expect = oracle_next(bits, size, bit + 1, 1);
		n++;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(expect, size);
	CU_ASSERT(n > 0);
}

static void test_ffs_fls_ffz(void)
{
	int i, j, bad = 0;

	for (i = 0; i < BITS_PER_LONG; i++) {
		unsigned long one = 1UL << i;

		if (__ffs(one) != (unsigned long)i ||
		    __fls(one) != (unsigned long)i ||
		    ffz(~one) != (unsigned long)i)
			bad++;
		/* with every higher (for ffs) or lower (for fls) bit set */
		if (__ffs(~0UL << i) != (unsigned long)i ||
		    __fls(~0UL >> (BITS_PER_LONG - 1 - i)) != (unsigned long)i)
			bad++;
		for (j = 0; j < 8; j++) {
			unsigned long w = (rnd() | one) & (~0UL << i);

			if (__ffs(w) != (unsigned long)i)
				bad++;
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(ffz(0), 0);
	CU_ASSERT_EQUAL(__fls(~0UL), (unsigned long)BITS_PER_LONG - 1);
}

static void test_set_clear_test_against_oracle(void)
{
	unsigned long map[WORDS];
	char bits[MAX_BITS];
	int step, bad = 0;
	unsigned long i;

	memset(map, 0, sizeof(map));
	memset(bits, 0, sizeof(bits));
	seed = 7;
	for (step = 0; step < 5000; step++) {
		unsigned long nr = rnd() % MAX_BITS;
		int old;

		switch (rnd() % 7) {
		case 0:
			set_bit(nr, map);
			bits[nr] = 1;
			break;
		case 1:
			clear_bit(nr, map);
			bits[nr] = 0;
			break;
		case 2:
			__set_bit(nr, map);
			bits[nr] = 1;
			break;
		case 3:
			__clear_bit(nr, map);
			bits[nr] = 0;
			break;
		case 4:
			__change_bit(nr, map);
			bits[nr] = !bits[nr];
			break;
		case 5:
			old = __test_and_set_bit(nr, map);
			bad += old != bits[nr];
			bits[nr] = 1;
			break;
		default:
			if (rnd() & 1) {
				old = __test_and_clear_bit(nr, map);
				bad += old != bits[nr];
				bits[nr] = 0;
			} else {
				old = __test_and_change_bit(nr, map);
				bad += old != bits[nr];
				bits[nr] = !bits[nr];
			}
			break;
		}
		for (i = 0; i < MAX_BITS; i++)
			bad += test_bit(i, map) != bits[i];
	}
	CU_ASSERT_EQUAL(bad, 0);
	/* nothing was set past the last bit */
	for (i = MAX_BITS; i < (unsigned long)WORDS * BITS_PER_LONG; i++)
		CU_ASSERT_FALSE(test_bit(i, map));
}

/* the bit macros are constant expressions: the compiler checks them */
_Static_assert(BITS_PER_LONG == (int)(sizeof(long) * CHAR_BIT),
	       "BITS_PER_LONG");
_Static_assert(BITS_TO_LONGS(0) == 0, "BITS_TO_LONGS(0)");
_Static_assert(BITS_TO_LONGS(1) == 1, "BITS_TO_LONGS(1)");
_Static_assert(BITS_TO_LONGS(BITS_PER_LONG) == 1, "BITS_TO_LONGS(a word)");
_Static_assert(BITS_TO_LONGS(BITS_PER_LONG + 1) == 2,
	       "BITS_TO_LONGS(a bit more)");
_Static_assert(BIT_WORD(BITS_PER_LONG + 3) == 1, "BIT_WORD");
_Static_assert(BIT_MASK(BITS_PER_LONG + 3) == 1UL << 3, "BIT_MASK");

static CU_TestInfo bitops_cases[] = {
	{ "find_first_bit, find_next_bit, find_next_zero_bit vs oracle",
	  test_find_bits_against_oracle },
	{ "find_*_bit read no word past the bitmap (exact-size maps)",
	  test_find_reads_only_its_words },
	{ "for_each_set_bit", test_for_each_set_bit },
	{ "__ffs, __fls, ffz", test_ffs_fls_ffz },
	{ "set/clear/change/test and __test_and_* vs oracle",
	  test_set_clear_test_against_oracle },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("compat/bitops", bitops_cases, NULL, NULL)
