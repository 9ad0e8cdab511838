/* SPDX-License-Identifier: MIT */
/*
 * compat/bitops.h - bit operations on arrays of unsigned long.
 *
 * Mirrors include/asm/bitops.h: set_bit, clear_bit, test_bit,
 * __test_and_set_bit, __test_and_clear_bit, __change_bit, __ffs, ffz,
 * find_first_bit, find_next_bit.  As in the kernel, set_bit/clear_bit are
 * atomic (here with the compiler's __atomic builtins) and the __ forms are
 * not.  __ffs(0) is undefined, as in the kernel; the find functions return
 * @size when no set bit is found.
 */
#ifndef KSTRUCT_COMPAT_BITOPS_H
#define KSTRUCT_COMPAT_BITOPS_H

#include <limits.h>

#define BITS_PER_LONG		((int)(sizeof(long) * CHAR_BIT))
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))
#define BITS_TO_LONGS(nr)	(((nr) + BITS_PER_LONG - 1) / BITS_PER_LONG)

static inline void set_bit(unsigned long nr, unsigned long *addr)
{
	__atomic_fetch_or(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_SEQ_CST);
}

static inline void clear_bit(unsigned long nr, unsigned long *addr)
{
	__atomic_fetch_and(addr + BIT_WORD(nr), ~BIT_MASK(nr),
			   __ATOMIC_SEQ_CST);
}

static inline void __set_bit(unsigned long nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

static inline void __clear_bit(unsigned long nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

static inline void __change_bit(unsigned long nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] ^= BIT_MASK(nr);
}

static inline int test_bit(unsigned long nr, const unsigned long *addr)
{
	return (addr[BIT_WORD(nr)] >> (nr % BITS_PER_LONG)) & 1;
}

static inline int __test_and_set_bit(unsigned long nr, unsigned long *addr)
{
	int old = test_bit(nr, addr);

	__set_bit(nr, addr);
	return old;
}

static inline int __test_and_clear_bit(unsigned long nr, unsigned long *addr)
{
	int old = test_bit(nr, addr);

	__clear_bit(nr, addr);
	return old;
}

static inline int __test_and_change_bit(unsigned long nr, unsigned long *addr)
{
	int old = test_bit(nr, addr);

	__change_bit(nr, addr);
	return old;
}

/* index of the lowest set bit; undefined for 0 */
static inline unsigned long __ffs(unsigned long word)
{
	return (unsigned long)__builtin_ctzl(word);
}

/* index of the lowest clear bit; undefined for ~0UL */
static inline unsigned long ffz(unsigned long word)
{
	return __ffs(~word);
}

/* index of the highest set bit; undefined for 0 */
static inline unsigned long __fls(unsigned long word)
{
	return (unsigned long)(BITS_PER_LONG - 1 - __builtin_clzl(word));
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
	unsigned long word;

	if (offset >= size)
		return size;
	word = addr[BIT_WORD(offset)] & (~0UL << (offset % BITS_PER_LONG));
	offset -= offset % BITS_PER_LONG;
	for (;;) {
		if (word) {
			offset += __ffs(word);
			return offset < size ? offset : size;
		}
		offset += BITS_PER_LONG;
		if (offset >= size)
			return size;
		word = addr[BIT_WORD(offset)];
	}
}

static inline unsigned long find_first_bit(const unsigned long *addr,
					   unsigned long size)
{
	return find_next_bit(addr, size, 0);
}

/* the next clear bit at or after @offset, or @size */
static inline unsigned long find_next_zero_bit(const unsigned long *addr,
					       unsigned long size,
					       unsigned long offset)
{
	unsigned long word;

	if (offset >= size)
		return size;
	word = ~addr[BIT_WORD(offset)] & (~0UL << (offset % BITS_PER_LONG));
	offset -= offset % BITS_PER_LONG;
	for (;;) {
		if (word) {
			offset += __ffs(word);
			return offset < size ? offset : size;
		}
		offset += BITS_PER_LONG;
		if (offset >= size)
			return size;
		word = ~addr[BIT_WORD(offset)];
	}
}

#define for_each_set_bit(bit, addr, size)				\
	for ((bit) = find_first_bit((addr), (size));			\
	     (bit) < (size);						\
	     (bit) = find_next_bit((addr), (size), (bit) + 1))

#endif /* KSTRUCT_COMPAT_BITOPS_H */
