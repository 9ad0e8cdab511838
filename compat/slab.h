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
#ifndef __cplusplus
#include <stdbool.h>
#endif

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

/*
 * Slab caches, as the kernel's mm/slab_common.c offers them: many objects
 * of one size, packed in 64 KiB slabs with no header in front of each
 * object (task_struct, the simulator's per-task records).  Each cache
 * counts its live objects and the allocations fault injection failed in
 * it; its allocations also count towards kmalloc_live() and take their
 * step of the process-wide countdowns, so the leak checks and the "fails
 * every allocation" loops see them as they see kmalloc()'s.
 */
struct kmem_cache;

#define SLAB_HWCACHE_ALIGN 0x2000u /* align objects to a cache line */

/**
 * kmem_cache_create() - a cache of objects of @size bytes
 * @name: a name for messages (copied)
 * @size: the object size, 1 .. 16384 bytes
 * @align: the objects' alignment (a power of two, up to 4096), or 0:
 *	that of a pointer
 * @flags: 0 or SLAB_HWCACHE_ALIGN
 * @ctor: called on each object when its slab is set up, or NULL; a freed
 *	object must be back in its constructed state, as in the kernel
 *
 * Context: any thread.  The cache's own memory (its descriptor and its
 * slabs) is neither counted by kmalloc_live() nor failed by fault
 * injection: a cache may be made once and live as long as the process,
 * as the kernel's task_struct cache does; only its objects count.
 * Return: the cache, or NULL (out of memory, a bad size or alignment).
 */
struct kmem_cache *kmem_cache_create(const char *name, size_t size,
				     size_t align, unsigned int flags,
				     void (*ctor)(void *));

void *__kmem_cache_alloc(struct kmem_cache *cache, unsigned int flags,
			 const char *file, int line);
void __kmem_cache_free(struct kmem_cache *cache, void *obj, const char *file,
		       int line);

/**
 * kmem_cache_alloc() - an object from @cache
 * @cache: the cache
 * @flags: as for kmalloc(); __GFP_ZERO zeroes the object
 *
 * Context: any thread; counts towards kmalloc_live() and fault injection.
 * Return: the object, or NULL when out of memory or failed on purpose.
 */
#define kmem_cache_alloc(cache, flags) \
	__kmem_cache_alloc((cache), (flags), __FILE__, __LINE__)

/**
 * kmem_cache_zalloc() - kmem_cache_alloc(), zeroed
 * @cache: the cache
 * @flags: as for kmalloc()
 */
#define kmem_cache_zalloc(cache, flags) \
	__kmem_cache_alloc((cache), (flags) | __GFP_ZERO, __FILE__, __LINE__)

/**
 * kmem_cache_free() - give an object back to its cache
 * @cache: the cache it came from
 * @obj: the object, or NULL (nothing happens)
 *
 * An object of another cache, one not at an object's start, or one
 * already freed is a BUG naming the caller's file:line.  A slab left
 * empty is released, unless it is the cache's last one with free room.
 */
#define kmem_cache_free(cache, obj) \
	__kmem_cache_free((cache), (obj), __FILE__, __LINE__)

/**
 * kmem_cache_destroy() - release a cache and its slabs
 * @cache: the cache, or NULL
 *
 * A cache that still has live objects is reported on stderr and kept
 * (as the kernel does), so that nothing is freed under its users.
 */
void kmem_cache_destroy(struct kmem_cache *cache);

/** kmem_cache_live() - objects of @cache allocated and not yet freed */
long kmem_cache_live(const struct kmem_cache *cache);

/** kmem_cache_fault_fired() - allocations of @cache failed on purpose */
unsigned long kmem_cache_fault_fired(const struct kmem_cache *cache);

/**
 * kmem_cache_set_failslab() - whether fault injection may fail @cache's
 * allocations (the kernel's /sys/kernel/slab/NAME/failslab)
 * @cache: the cache
 * @on: true (the default) or false: its allocations then never fail on
 *	purpose and take no step of the countdowns
 */
void kmem_cache_set_failslab(struct kmem_cache *cache, bool on);

/**
 * kmem_cache_size() - the bytes an object of @cache takes in its slab
 * @cache: the cache
 *
 * Return: the object size rounded up to the alignment (plus the free
 * list's word when the cache has a constructor): what a million objects
 * cost, 1/1,000,000 of it, less the slabs' small headers.
 */
size_t kmem_cache_size(const struct kmem_cache *cache);

/**
 * kmem_cache_slab_bytes() - the memory @cache's slabs take now
 * @cache: the cache
 *
 * Return: its slabs times their 64 KiB: its objects, free or not, the
 * slabs' headers and what is left at each slab's end.
 */
size_t kmem_cache_slab_bytes(const struct kmem_cache *cache);

/**
 * kmem_slab_bytes() - the memory the slabs of every cache take now
 *
 * Context: any thread (a count kept as slabs come and go).
 * Return: the slabs held by caches times 64 KiB; the memory of malloc()
 * (what kmalloc() takes) is not in it.
 */
size_t kmem_slab_bytes(void);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_COMPAT_SLAB_H */
