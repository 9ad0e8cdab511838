// SPDX-License-Identifier: MIT
/*
 * compat/slab.c - kmalloc() and friends on malloc(), with accounting and
 * fault injection.
 *
 * Each block carries a small header in front of the caller's memory: a
 * magic word that kfree() checks (so a double or foreign free is caught
 * and named) and the size.  The header keeps the caller's memory aligned
 * to 16 bytes, as malloc()'s is.
 */
#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/bug.h"
#include "compat/slab.h"

#define KMALLOC_MAGIC_LIVE 0x6b6d616c6c6f6321ull /* "kmalloc!" */
#define KMALLOC_MAGIC_FREED 0x6b66726565642121ull /* "kfreed!!" */

struct kmalloc_header {
	uint64_t magic;
	uint64_t size;
};

static atomic_long live;
static atomic_ulong fail_nth; /* 0: off; else countdown */
static atomic_long fail_after = -1; /* <0: off; else successes left */
static atomic_ulong fired;
static atomic_int env_read;

/*
 * A count from the environment: decimal digits only (no sign, no blank,
 * nothing after them), at most @max.  Return: 0, or -EINVAL.
 */
static int parse_count(const char *s, unsigned long max, unsigned long *out)
{
	unsigned long long v;
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno || v > max)
		return -EINVAL;
	*out = (unsigned long)v;
	return 0;
}

int kmalloc_fault_from_env(const char **bad)
{
	static const char *const names[] = {
		"KSTRUCT_FAIL_NTH",
		"KSTRUCT_FAIL_AFTER",
	};
	unsigned long v;
	const char *s;
	int i, ret = 0;

	atomic_store(&env_read, 1);
	for (i = 0; i < 2; i++) {
		s = getenv(names[i]);
		if (!s || !*s)
			continue;
		if (parse_count(s, i ? LONG_MAX : ULONG_MAX, &v)) {
			if (bad && !ret)
				*bad = names[i];
			ret = -EINVAL;
			continue;
		}
		if (i)
			atomic_store(&fail_after, (long)v);
		else
			atomic_store(&fail_nth, v);
	}
	return ret;
}

/* at the first allocation, for programs that did not call the above */
static void read_environment(void)
{
	const char *bad;

	if (atomic_exchange(&env_read, 1))
		return;
	if (kmalloc_fault_from_env(&bad))
		fprintf(stderr,
			"kstruct: %s=\"%s\" is not a whole number: "
			"fault injection from it is off\n",
			bad, getenv(bad));
}

/* Decide whether this allocation is one that must fail. */
static int should_fail(void)
{
	unsigned long n;
	long after;

	read_environment();
	n = atomic_load(&fail_nth);
	while (n) {
		if (atomic_compare_exchange_weak(&fail_nth, &n, n - 1)) {
			if (n == 1)
				return 1;
			break;
		}
	}
	after = atomic_load(&fail_after);
	while (after >= 0) {
		if (after == 0)
			return 1;
		if (atomic_compare_exchange_weak(&fail_after, &after,
						 after - 1))
			break;
	}
	return 0;
}

void *__kmalloc(size_t size, unsigned int flags, const char *file, int line)
{
	struct kmalloc_header *h;

	(void)file;
	(void)line;
	if (should_fail()) {
		atomic_fetch_add(&fired, 1);
		return NULL;
	}
	if (size > SIZE_MAX - sizeof(*h))
		return NULL;
	h = (struct kmalloc_header *)malloc(sizeof(*h) + size);
	if (!h)
		return NULL;
	h->magic = KMALLOC_MAGIC_LIVE;
	h->size = size;
	if (flags & __GFP_ZERO)
		memset(h + 1, 0, size);
	atomic_fetch_add(&live, 1);
	return h + 1;
}

void __kfree(const void *ptr, const char *file, int line)
{
	struct kmalloc_header *h;

	if (!ptr)
		return;
	h = (struct kmalloc_header *)ptr - 1;
	/*
	 * Once free() has run, malloc may have reused the header's first
	 * words for its own lists, so a double free usually no longer shows
	 * KMALLOC_MAGIC_FREED: the message cannot tell the two cases apart.
	 */
	if (h->magic != KMALLOC_MAGIC_LIVE) {
		fprintf(stderr, "kfree(%p) at %s:%d: %s\n", ptr, file, line,
			h->magic == KMALLOC_MAGIC_FREED ?
				"double free" :
				"already freed, or not allocated by kmalloc");
		__kstruct_bug(file, line, "bad kfree");
	}
	h->magic = KMALLOC_MAGIC_FREED;
	atomic_fetch_sub(&live, 1);
	free(h);
}

char *__kstrdup(const char *s, unsigned int flags, const char *file, int line)
{
	size_t len;
	char *copy;

	if (!s)
		return NULL;
	len = strlen(s) + 1;
	copy = __kmalloc(len, flags, file, line);
	if (copy)
		memcpy(copy, s, len);
	return copy;
}

long kmalloc_live(void)
{
	return atomic_load(&live);
}

void kmalloc_fail_nth(unsigned long n)
{
	read_environment();
	atomic_store(&fail_nth, n);
}

void kmalloc_fail_after(long n)
{
	read_environment();
	atomic_store(&fail_after, n < 0 ? -1 : n);
}

void kmalloc_fault_reset(void)
{
	read_environment();
	atomic_store(&fail_nth, 0);
	atomic_store(&fail_after, -1);
}

unsigned long kmalloc_fault_fired(void)
{
	return atomic_load(&fired);
}
