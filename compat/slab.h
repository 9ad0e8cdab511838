/* SPDX-License-Identifier: MIT */
/*
 * compat/slab.h - kmalloc()/kzalloc()/kcalloc()/kfree() for userspace,
 * with a live-allocation counter and fault injection.
 *
 * Every allocation in kstruct goes through here so that
 * a test can prove both "nothing leaked" (kmalloc_live() back to where it
 * started) and "a failed allocation leaves everything valid" (fail the Nth
 * allocation, for every N in turn, as the kernel's fault injection does).
 *
 * The fault-injection countdowns are process-wide: every thread's
 * allocations count, each taking one step atomically, so a threaded test
 * that fails the Nth allocation fails exactly one, in whichever thread
 * makes it.
 *
 * Fault injection is also set from the environment: KSTRUCT_FAIL_NTH=N
 * fails the Nth allocation only, KSTRUCT_FAIL_AFTER=N lets N allocations
 * succeed and fails every later one.  A program reads them at start-up with
 * kmalloc_fault_from_env() and refuses a value that is not a number; if it
 * does not, the first allocation reads them.
 *
 * Deliberate difference from the kernel: gfp flags are accepted and
 * ignored (nothing sleeps), and kfree() of a pointer that kmalloc() did
 * not return, or of one already freed, is a BUG naming the caller.
 */
#ifndef KSTRUCT_COMPAT_SLAB_H
#define KSTRUCT_COMPAT_SLAB_H

#include <stddef.h>

#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

#define GFP_KERNEL 0x10u
#define GFP_ATOMIC 0x20u
#define __GFP_ZERO 0x100u

void *__kmalloc(size_t size, unsigned int flags, const char *file, int line);
void __kfree(const void *ptr, const char *file, int line);

/**
 * kmalloc_live() - number of allocations not yet freed
 *
 * Return: kmalloc/kzalloc/kcalloc successes minus kfree()s of non-NULL
 * pointers, over the whole process.
 */
long kmalloc_live(void);

/**
 * kmalloc_fail_nth() - make the @n-th allocation from now fail
 * @n: 1 fails the very next allocation; 0 disables this trigger
 */
void kmalloc_fail_nth(unsigned long n);

/**
 * kmalloc_fail_after() - let @n more allocations succeed, fail the rest
 * @n: allocations that still succeed; a negative value disables it
 */
void kmalloc_fail_after(long n);

/**
 * kmalloc_fault_from_env() - set fault injection from the environment now
 * @bad: receives the name of the first variable whose value is not a
 *	number, or NULL
 *
 * Reads KSTRUCT_FAIL_NTH (0..ULONG_MAX, 0 is off) and KSTRUCT_FAIL_AFTER
 * (0..LONG_MAX): decimal digits only, no sign, blank or trailing text; an
 * unset or empty variable is off.  Call it at start-up, before any
 * allocation, and exit on -EINVAL; without the call the first allocation
 * reads the variables, and a bad value is then reported once on stderr and
 * ignored.
 *
 * Return: 0, or -EINVAL when a variable holds something else (that
 * variable's trigger stays off; @bad names it).
 */
int kmalloc_fault_from_env(const char **bad);

/** kmalloc_fault_reset() - turn fault injection off */
void kmalloc_fault_reset(void);

/**
 * kmalloc_fault_fired() - allocations failed on purpose so far
 *
 * Lets a fault-injection loop know when N has gone past the last
 * allocation of the operation under test (the count stops rising).
 */
unsigned long kmalloc_fault_fired(void);

/**
 * kmalloc() - allocate @size bytes, 16-byte aligned
 * @size: the number of bytes
 * @flags: GFP_KERNEL or GFP_ATOMIC (ignored), optionally | __GFP_ZERO
 *
 * Context: any thread; counts towards kmalloc_live() and fault injection.
 * Return: the memory, or NULL when out of memory or failed on purpose.
 */
#define kmalloc(size, flags) __kmalloc((size), (flags), __FILE__, __LINE__)

/**
 * kzalloc() - kmalloc(), zeroed
 * @size: the number of bytes
 * @flags: as for kmalloc()
 *
 * Return: the zeroed memory, or NULL.
 */
#define kzalloc(size, flags) \
	__kmalloc((size), (flags) | __GFP_ZERO, __FILE__, __LINE__)

/**
 * kfree() - free what kmalloc(), kzalloc() or kcalloc() returned
 * @ptr: the memory, or NULL (nothing happens)
 *
 * A pointer that did not come from them, or was freed already, is a BUG
 * naming the caller's file:line.
 */
#define kfree(ptr) __kfree((ptr), __FILE__, __LINE__)

static inline void *__kcalloc(size_t n, size_t size, unsigned int flags,
			      const char *file, int line)
{
	if (size != 0 && n > (size_t)-1 / size)
		return NULL;
	return __kmalloc(n * size, flags | __GFP_ZERO, file, line);
}
/**
 * kcalloc() - allocate a zeroed array of @n elements of @size bytes
 * @n: the number of elements
 * @size: the size of one
 * @flags: as for kmalloc()
 *
 * Return: the zeroed array, or NULL (also when @n * @size overflows).
 */
#define kcalloc(n, size, flags) \
	__kcalloc((n), (size), (flags), __FILE__, __LINE__)

char *__kstrdup(const char *s, unsigned int flags, const char *file, int line);
/**
 * kstrdup() - a kmalloc()'d copy of a string, as later kernels have it
 *	(neither 2.5.33 nor 2.6.12 had one)
 * @s: the string, or NULL
 * @flags: as for kmalloc()
 *
 * Return: the copy (kfree() it), or NULL when out of memory or @s is NULL.
 */
#define kstrdup(s, flags) __kstrdup((s), (flags), __FILE__, __LINE__)

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_COMPAT_SLAB_H */
