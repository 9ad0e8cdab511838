/* SPDX-License-Identifier: MIT */
/*
 * compat/compiler.h - the compiler helpers kernel code expects:
 * container_of (with a compile-time member type check), likely/unlikely,
 * READ_ONCE/WRITE_ONCE, barrier, ARRAY_SIZE, __must_check.
 *
 * Mirrors include/linux/compiler.h and include/linux/kernel.h of 2.5.33 in
 * spirit; READ_ONCE/WRITE_ONCE are the modern names for what 2.5.33 did
 * with volatile casts.  Builds as C11 (-pedantic) and as C++.
 */
#ifndef KSTRUCT_COMPAT_COMPILER_H
#define KSTRUCT_COMPAT_COMPILER_H

#include <stddef.h>

#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

#define barrier() __asm__ __volatile__("" : : : "memory")

#define __must_check __attribute__((warn_unused_result))
#define __maybe_unused __attribute__((unused))
#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]))
#endif

/*
 * READ_ONCE()/WRITE_ONCE() - one access of exactly the given width, never
 * torn, merged or re-read by the compiler.  The value is evaluated once.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)                               \
	do {                                             \
		*(volatile __typeof__(x) *)&(x) = (val); \
	} while (0)

#ifdef __cplusplus
#define __same_type(a, b) 1
#define static_assert_expr(cond, msg) 0
#else
#define __same_type(a, b) \
	__builtin_types_compatible_p(__typeof__(a), __typeof__(b))
/* evaluates to 0, fails to compile when cond is false */
#define static_assert_expr(cond, msg)       \
	(0 * (int)sizeof(struct {           \
		 _Static_assert(cond, msg); \
		 int _dummy;                \
	 }))
#endif

/**
 * container_of() - the structure that embeds a member
 * @ptr: pointer to the member
 * @type: type of the containing structure
 * @member: name of the member within @type
 *
 * Refuses to compile when @ptr does not point to the type of @member (or
 * is not a void pointer), so a wrong member name cannot silently produce
 * a wrong address.  @ptr is evaluated once.
 */
#ifdef __cplusplus
#define container_of(ptr, type, member) \
	((type *)(void *)((char *)(ptr)-offsetof(type, member)))
#else
#define container_of(ptr, type, member)                              \
	__extension__({                                              \
		void *__mptr = (void *)(ptr);                        \
		(void)static_assert_expr(                            \
			__same_type(*(ptr), ((type *)0)->member) ||  \
				__same_type(*(ptr), void),           \
			"pointer type mismatch in container_of()");  \
		((type *)((char *)__mptr - offsetof(type, member))); \
	})
#endif

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_COMPAT_COMPILER_H */
