/* SPDX-License-Identifier: MIT */
/*
 * compat/prefetch.h - asking the CPU for memory before it is read.
 *
 * Mirrors include/linux/prefetch.h: prefetch() as 2.5.33 has it (the
 * architecture's instruction, here the compiler's builtin), and
 * prefetch_range() as 2.6 added it, with a stride of one cache line.  A
 * prefetch never faults and changes nothing but timing.
 */
#ifndef KSTRUCT_COMPAT_PREFETCH_H
#define KSTRUCT_COMPAT_PREFETCH_H

#include <stddef.h>

/* the line size of the machines kstruct runs on (x86-64, arm64) */
#define L1_CACHE_BYTES 64
#define PREFETCH_STRIDE L1_CACHE_BYTES

/**
 * prefetch() - start loading the cache line at @x, for reading
 * @x: any address (NULL too)
 */
static inline void prefetch(const void *x)
{
	__builtin_prefetch(x);
}

/**
 * prefetch_range() - prefetch() every cache line of a range
 * @addr: its first byte
 * @len: its length in bytes
 */
static inline void prefetch_range(const void *addr, size_t len)
{
	const char *cp = (const char *)addr, *end = cp + len;

	for (; cp < end; cp += PREFETCH_STRIDE)
		prefetch(cp);
}

#endif /* KSTRUCT_COMPAT_PREFETCH_H */
