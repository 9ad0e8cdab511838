/* SPDX-License-Identifier: MIT */
/*
 * compat/atomic.h - struct atomic on the compiler's __atomic builtins.
 *
 * Mirrors include/asm-i386/atomic.h's API (atomic_read, atomic_set,
 * atomic_inc, atomic_dec, atomic_add, atomic_sub, atomic_dec_and_test,
 * atomic_inc_return).  2.5.33 named its counter atomic_t, a typedef of
 * an anonymous struct holding an int; here it is struct atomic, the one
 * name this project gives it (no typedefs of structs), reached only
 * through these functions (a plain "v++" does not compile).  The int is
 * read and written with GCC's __atomic builtins (clang has them too)
 * rather than as a C11 _Atomic, which C++ does not have, so that the
 * header serves C11 and C++ alike.  All operations
 * are sequentially consistent; the kernel's are at least as strong where
 * it matters (the _and_test/_return forms are full barriers there too).
 */
#ifndef KSTRUCT_COMPAT_ATOMIC_H
#define KSTRUCT_COMPAT_ATOMIC_H

#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

struct atomic {
	int counter;
};

#define ATOMIC_INIT(i) \
	{              \
		(i)    \
	}

/**
 * atomic_read() - the value of @v
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 * Return: its value.
 */
static inline int atomic_read(const struct atomic *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_SEQ_CST);
}

/**
 * atomic_set() - set @v to @i
 * @v: the counter
 * @i: the new value
 *
 * Context: any; sequentially consistent.
 */
static inline void atomic_set(struct atomic *v, int i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_SEQ_CST);
}

/**
 * atomic_add() - add @i to @v
 * @i: the amount
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 */
static inline void atomic_add(int i, struct atomic *v)
{
	__atomic_fetch_add(&v->counter, i, __ATOMIC_SEQ_CST);
}

/**
 * atomic_sub() - subtract @i from @v
 * @i: the amount
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 */
static inline void atomic_sub(int i, struct atomic *v)
{
	__atomic_fetch_sub(&v->counter, i, __ATOMIC_SEQ_CST);
}

/**
 * atomic_inc() - add one to @v
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 */
static inline void atomic_inc(struct atomic *v)
{
	__atomic_fetch_add(&v->counter, 1, __ATOMIC_SEQ_CST);
}

/**
 * atomic_dec() - subtract one from @v
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 */
static inline void atomic_dec(struct atomic *v)
{
	__atomic_fetch_sub(&v->counter, 1, __ATOMIC_SEQ_CST);
}

/**
 * atomic_inc_return() - add one to @v
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 * Return: the new value.
 */
static inline int atomic_inc_return(struct atomic *v)
{
	return __atomic_add_fetch(&v->counter, 1, __ATOMIC_SEQ_CST);
}

/**
 * atomic_dec_return() - subtract one from @v
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 * Return: the new value.
 */
static inline int atomic_dec_return(struct atomic *v)
{
	return __atomic_sub_fetch(&v->counter, 1, __ATOMIC_SEQ_CST);
}

/**
 * atomic_dec_and_test() - subtract one from @v, test for zero
 * @v: the counter
 *
 * Context: any; sequentially consistent.
 * Return: nonzero when the new value is 0.
 */
static inline int atomic_dec_and_test(struct atomic *v)
{
	return __atomic_sub_fetch(&v->counter, 1, __ATOMIC_SEQ_CST) == 0;
}

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_COMPAT_ATOMIC_H */
