/* SPDX-License-Identifier: MIT */
/*
 * compat/bitops.h - bit operations on arrays of unsigned long.
 *
 * Mirrors include/asm/bitops.h: set_bit, clear_bit, __set_bit,
 * __clear_bit, __change_bit, test_bit, __test_and_set_bit,
 * __test_and_clear_bit, __test_and_change_bit, __ffs, ffz, __fls,
 * find_first_bit, find_next_bit, find_next_zero_bit, and the later
 * kernels' for_each_set_bit.  As in the kernel, set_bit/clear_bit are
 * atomic (here with the compiler's __atomic builtins) and the __ forms are
 * not.  __ffs(0) is undefined, as in the kernel; the find functions return
 * @size when no set bit is found.
 */
#ifndef KSTRUCT_COMPAT_BITOPS_H
#define KSTRUCT_COMPAT_BITOPS_H

#include <limits.h>

#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

#define BITS_PER_LONG ((int)(sizeof(long) * CHAR_BIT))
#define BIT_WORD(nr) ((nr) / BITS_PER_LONG)
#define BIT_MASK(nr) (1UL << ((nr) % BITS_PER_LONG))
#define BITS_TO_LONGS(nr) (((nr) + BITS_PER_LONG - 1) / BITS_PER_LONG)

/**
 * set_bit() - set bit @nr of @addr, atomically
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Context: any; safe against concurrent set_bit()/clear_bit().
 */
static inline void set_bit(unsigned long nr, unsigned long *addr)
{
	__atomic_fetch_or(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_SEQ_CST);
}

/**
 * clear_bit() - clear bit @nr of @addr, atomically
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Context: any; safe against concurrent set_bit()/clear_bit().
 */
static inline void clear_bit(unsigned long nr, unsigned long *addr)
{
	__atomic_fetch_and(addr + BIT_WORD(nr), ~BIT_MASK(nr),
			   __ATOMIC_SEQ_CST);
}

/**
 * __set_bit() - set bit @nr of @addr (not atomic)
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Context: the caller keeps other writers of the word away.
 */
static inline void __set_bit(unsigned long nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

/**
 * __clear_bit() - clear bit @nr of @addr (not atomic)
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Context: the caller keeps other writers of the word away.
 */
static inline void __clear_bit(unsigned long nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

/**
 * __change_bit() - flip bit @nr of @addr (not atomic)
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Context: the caller keeps other writers of the word away.
 */
static inline void __change_bit(unsigned long nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] ^= BIT_MASK(nr);
}

/**
 * test_bit() - read bit @nr of @addr
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Return: 1 when the bit is set, else 0.
 */
static inline int test_bit(unsigned long nr, const unsigned long *addr)
{
	return (addr[BIT_WORD(nr)] >> (nr % BITS_PER_LONG)) & 1;
}

/**
 * __test_and_set_bit() - set bit @nr of @addr, return its old value
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Context: not atomic; the caller keeps other writers away.
 * Return: the bit's value before (0 or 1).
 */
static inline int __test_and_set_bit(unsigned long nr, unsigned long *addr)
{
	int old = test_bit(nr, addr);

	__set_bit(nr, addr);
	return old;
}

/**
 * __test_and_clear_bit() - clear bit @nr of @addr, return its old value
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Context: not atomic; the caller keeps other writers away.
 * Return: the bit's value before (0 or 1).
 */
static inline int __test_and_clear_bit(unsigned long nr, unsigned long *addr)
{
	int old = test_bit(nr, addr);

	__clear_bit(nr, addr);
	return old;
}

/**
 * __test_and_change_bit() - flip bit @nr of @addr, return its old value
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Context: not atomic; the caller keeps other writers away.
 * Return: the bit's value before (0 or 1).
 */
static inline int __test_and_change_bit(unsigned long nr, unsigned long *addr)
{
	int old = test_bit(nr, addr);

	__change_bit(nr, addr);
	return old;
}

/**
 * __ffs() - index of the lowest set bit of @word
 * @word: the word; must not be 0 (the result is undefined then)
 *
 * Return: 0 to BITS_PER_LONG - 1.
 */
static inline unsigned long __ffs(unsigned long word)
{
	return (unsigned long)__builtin_ctzl(word);
}

/**
 * ffz() - index of the lowest clear bit of @word
 * @word: the word; must not be ~0UL (the result is undefined then)
 *
 * Return: 0 to BITS_PER_LONG - 1.
 */
static inline unsigned long ffz(unsigned long word)
{
	return __ffs(~word);
}

/**
 * __fls() - index of the highest set bit of @word
 * @word: the word; must not be 0 (the result is undefined then)
 *
 * Return: 0 to BITS_PER_LONG - 1.
 */
static inline unsigned long __fls(unsigned long word)
{
	return (unsigned long)(BITS_PER_LONG - 1 - __builtin_clzl(word));
}

/*
 * __find_next_bit() - the search behind find_next_bit() and
 * find_next_zero_bit(): each word is XORed with @invert (0 to look for a
 * set bit, ~0UL for a clear one) before its lowest set bit is taken.
 * Bits at and past @size in the last word are never reported.
 */
static inline unsigned long __find_next_bit(const unsigned long *addr,
					    unsigned long size,
					    unsigned long offset,
					    unsigned long invert)
{
	unsigned long word;

	if (offset >= size)
		return size;
	word = (addr[BIT_WORD(offset)] ^ invert) &
	       (~0UL << (offset % BITS_PER_LONG));
	offset -= offset % BITS_PER_LONG;
	for (;;) {
		if (word) {
			offset += __ffs(word);
			return offset < size ? offset : size;
		}
		offset += BITS_PER_LONG;
		if (offset >= size)
			return size;
		word = addr[BIT_WORD(offset)] ^ invert;
	}
}

/**
 * find_next_bit() - the next set bit at or after @offset
 * @addr: the bitmap
 * @size: its length in bits
 * @offset: the first bit to look at
 *
 * Return: the index of the bit, or @size when there is none.
 */
static inline unsigned long find_next_bit(const unsigned long *addr,
					  unsigned long size,
					  unsigned long offset)
{
	return __find_next_bit(addr, size, offset, 0);
}

/**
 * find_first_bit() - the first set bit of a bitmap
 * @addr: the bitmap
 * @size: its length in bits
 *
 * Return: the index of the bit, or @size when there is none.
 */
static inline unsigned long find_first_bit(const unsigned long *addr,
					   unsigned long size)
{
	return find_next_bit(addr, size, 0);
}

/**
 * find_next_zero_bit() - the next clear bit at or after @offset
 * @addr: the bitmap
 * @size: its length in bits
 * @offset: the first bit to look at
 *
 * Return: the index of the bit, or @size when there is none.
 */
static inline unsigned long find_next_zero_bit(const unsigned long *addr,
					       unsigned long size,
					       unsigned long offset)
{
	return __find_next_bit(addr, size, offset, ~0UL);
}

/**
 * for_each_set_bit() - iterate @bit over the set bits of a bitmap
 * @bit: the unsigned long cursor
 * @addr: the bitmap (evaluated at each step)
 * @size: its length in bits (evaluated at each step)
 */
#define for_each_set_bit(bit, addr, size)                            \
	for ((bit) = find_first_bit((addr), (size)); (bit) < (size); \
	     (bit) = find_next_bit((addr), (size), (bit) + 1))

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_COMPAT_BITOPS_H */
