/* SPDX-License-Identifier: MIT */
/*
 * compat/bug.h - BUG_ON() and WARN_ON() for userspace.
 *
 * Mirrors include/asm-generic/bug.h: BUG_ON() is for broken internal
 * invariants only and stops the process after one line naming file:line
 * and the condition; WARN_ON() reports the same line and carries on,
 * returning the condition so it can sit inside an if.  WARN_ON_ONCE()
 * reports the first time only, even when threads race to it.  Bad input
 * from a caller is an error value, never a BUG.
 */
#ifndef KSTRUCT_COMPAT_BUG_H
#define KSTRUCT_COMPAT_BUG_H

#include <kstruct/compat/compiler.h>
#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

void __kstruct_bug(const char *file, int line, const char *cond)
	__attribute__((noreturn));
void __kstruct_warn(const char *file, int line, const char *cond);
/* number of WARN_ON()s that fired so far (tests read it) */
unsigned long kstruct_warn_count(void);

#define BUG() __kstruct_bug(__FILE__, __LINE__, "BUG()")

#define BUG_ON(cond)                                              \
	do {                                                      \
		if (unlikely(cond))                               \
			__kstruct_bug(__FILE__, __LINE__, #cond); \
	} while (0)

#define WARN_ON(cond)                                              \
	__extension__({                                            \
		int __ret_warn = !!(cond);                         \
		if (unlikely(__ret_warn))                          \
			__kstruct_warn(__FILE__, __LINE__, #cond); \
		__ret_warn;                                        \
	})

/*
 * The "once" flag is claimed with an atomic exchange, so threads that hit
 * the same site together still report once, and without a data race.
 */
#define WARN_ON_ONCE(cond)                                                \
	__extension__({                                                   \
		static int __warned;                                      \
		int __ret_warn = !!(cond);                                \
		if (unlikely(__ret_warn) &&                               \
		    !__atomic_load_n(&__warned, __ATOMIC_RELAXED) &&      \
		    !__atomic_exchange_n(&__warned, 1, __ATOMIC_RELAXED)) \
			__kstruct_warn(__FILE__, __LINE__, #cond);        \
		__ret_warn;                                               \
	})

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_COMPAT_BUG_H */
