/* SPDX-License-Identifier: MIT */
/*
 * compat/atomic.h - atomic_t on C11 atomics.
 *
 * Mirrors include/asm/atomic.h's API (atomic_read, atomic_set, atomic_inc,
 * atomic_dec, atomic_add, atomic_sub, atomic_dec_and_test,
 * atomic_inc_return).  atomic_t is the kernel's opaque counter type, here
 * a C11 _Atomic int reached only through these functions.  All operations
 * are sequentially consistent; the kernel's are at least as strong where
 * it matters (the _and_test/_return forms are full barriers there too).
 * C only: C++ code should not include it.
 */
#ifndef KSTRUCT_COMPAT_ATOMIC_H
#define KSTRUCT_COMPAT_ATOMIC_H

#include <stdatomic.h>

typedef _Atomic int atomic_t;

#define ATOMIC_INIT(i)	(i)

/**
 * atomic_read() - the value of @v
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 * Return: its value.
 */
static inline int atomic_read(const atomic_t *v)
{
	return atomic_load((atomic_t *)v);
}

/**
 * atomic_set() - set @v to @i
 * @v: the counter
 * @i: the new value
 *
 * Context: any; sequentially consistent.
 */
static inline void atomic_set(atomic_t *v, int i)
{
	atomic_store(v, i);
}

/**
 * atomic_add() - add @i to @v
 * @i: the amount
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 */
static inline void atomic_add(int i, atomic_t *v)
{
	atomic_fetch_add(v, i);
}

/**
 * atomic_sub() - subtract @i from @v
 * @i: the amount
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 */
static inline void atomic_sub(int i, atomic_t *v)
{
	atomic_fetch_sub(v, i);
}

/**
 * atomic_inc() - add one to @v
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 */
static inline void atomic_inc(atomic_t *v)
{
	atomic_fetch_add(v, 1);
}

/**
 * atomic_dec() - subtract one from @v
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 */
static inline void atomic_dec(atomic_t *v)
{
	atomic_fetch_sub(v, 1);
}

/**
 * atomic_inc_return() - add one to @v
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 * Return: the new value.
 */
static inline int atomic_inc_return(atomic_t *v)
{
	return atomic_fetch_add(v, 1) + 1;
}

/**
 * atomic_dec_return() - subtract one from @v
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 * Return: the new value.
 */
static inline int atomic_dec_return(atomic_t *v)
{
	return atomic_fetch_sub(v, 1) - 1;
}

/**
 * atomic_dec_and_test() - subtract one from @v, test for zero
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 * Return: nonzero when the new value is 0.
 */
static inline int atomic_dec_and_test(atomic_t *v)
{
	return atomic_fetch_sub(v, 1) == 1;
}

#endif /* KSTRUCT_COMPAT_ATOMIC_H */
