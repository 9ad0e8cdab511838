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
#include <pthread.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

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

/* ------------------------------------------------------------------ */
/* slab caches                                                         */

/*
 * A slab is SLAB_BYTES of memory aligned to SLAB_BYTES, so that an
 * object's slab is its address rounded down: a header (below), a bitmap
 * with a bit set for each allocated object (to catch a double or a
 * foreign free exactly), then the objects, packed.  A free object holds
 * the next free object's address in its first word (after the object
 * when the cache has a constructor, whose state that word would spoil).
 *
 * The cache keeps the slabs that have a free object on its partial list,
 * and takes objects from the first one.  Full slabs are on no list:
 * their objects' frees find them by address.
 */
#define SLAB_BYTES 65536ul
#define SLAB_MAGIC 0x736c616273736c62ull /* "slabsslb" */
#define SLAB_MAX_SIZE 16384ul
#define BITS_PER_WORD (8 * sizeof(unsigned long))

struct slab {
	uint64_t magic;
	struct kmem_cache *cache;
	struct slab *prev, *next; /* on the partial list */
	void *freelist;
	unsigned int inuse;
	unsigned int on_partial;
	unsigned long map[]; /* bit i: object i is allocated */
};

struct kmem_cache {
	char name[32];
	size_t size; /* the caller's object size */
	size_t stride; /* from one object to the next */
	size_t free_offset; /* of the free list's word in an object */
	size_t first; /* offset of object 0 in a slab */
	unsigned int objects; /* per slab */
	unsigned int failslab;
	void (*ctor)(void *);
	pthread_mutex_t lock; /* the slabs, their lists and free lists */
	struct slab *partial;
	unsigned long nr_slabs;
	atomic_long live;
	atomic_ulong fired;
};

static size_t round_up(size_t n, size_t align)
{
	return (n + align - 1) & ~(align - 1);
}

/*
 * The slabs' memory: mmap()ed SLAB_BATCH slabs at a time, trimmed to
 * SLAB_BYTES alignment, and shared by every cache through a stack of
 * free slabs.  (posix_memalign() of 64 KiB at 64 KiB costs glibc a mapping
 * of twice that and a touched page of its own per slab: 6% more memory
 * for a million task_structs.)  A released slab keeps its first page,
 * which links the stack; the rest goes back to the system.
 */
#define SLAB_BATCH 32
static pthread_mutex_t slab_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static void *free_slabs;
static atomic_long slabs_in_use; /* held by a cache, over all caches */

static void *slab_memory_alloc(void)
{
	char *map, *aligned;
	size_t head, i;
	void *slab;

	BUG_ON(pthread_mutex_lock(&slab_pool_lock) != 0);
	slab = free_slabs;
	if (slab) {
		free_slabs = *(void **)slab;
		BUG_ON(pthread_mutex_unlock(&slab_pool_lock) != 0);
		return slab;
	}
	map = mmap(NULL, (SLAB_BATCH + 1) * SLAB_BYTES, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED) {
		BUG_ON(pthread_mutex_unlock(&slab_pool_lock) != 0);
		return NULL;
	}
	aligned = (char *)round_up((size_t)(uintptr_t)map, SLAB_BYTES);
	head = (size_t)(aligned - map);
	if (head)
		munmap(map, head);
	munmap(aligned + SLAB_BATCH * SLAB_BYTES, SLAB_BYTES - head);
	for (i = SLAB_BATCH - 1; i > 0; i--) {
		*(void **)(aligned + i * SLAB_BYTES) = free_slabs;
		free_slabs = aligned + i * SLAB_BYTES;
	}
	BUG_ON(pthread_mutex_unlock(&slab_pool_lock) != 0);
	return aligned;
}

static void slab_memory_free(void *slab)
{
	const size_t page = 4096;

	madvise((char *)slab + page, SLAB_BYTES - page, MADV_DONTNEED);
	BUG_ON(pthread_mutex_lock(&slab_pool_lock) != 0);
	*(void **)slab = free_slabs;
	free_slabs = slab;
	BUG_ON(pthread_mutex_unlock(&slab_pool_lock) != 0);
}

struct kmem_cache *kmem_cache_create(const char *name, size_t size,
				     size_t align, unsigned int flags,
				     void (*ctor)(void *))
{
	struct kmem_cache *c;
	size_t map_bytes;
	unsigned int n;

	if (!size || size > SLAB_MAX_SIZE || (align & (align - 1)) ||
	    align > 4096)
		return NULL;
	if (flags & SLAB_HWCACHE_ALIGN && align < 64)
		align = 64;
	if (align < sizeof(void *))
		align = sizeof(void *);
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	snprintf(c->name, sizeof(c->name), "%s", name ? name : "cache");
	c->size = size;
	c->stride = round_up(size, align);
	if (ctor) {
		c->free_offset = c->stride;
		c->stride = round_up(c->stride + sizeof(void *), align);
	}
	c->ctor = ctor;
	c->failslab = 1;
	/* as many objects as fit beside the header and their bitmap */
	n = (unsigned int)((SLAB_BYTES - sizeof(struct slab)) / c->stride);
	for (;;) {
		map_bytes = round_up(n, BITS_PER_WORD) / 8;
		c->first = round_up(sizeof(struct slab) + map_bytes, align);
		if (c->first + n * c->stride <= SLAB_BYTES)
			break;
		n--;
	}
	c->objects = n;
	BUG_ON(pthread_mutex_init(&c->lock, NULL) != 0);
	return c;
}

static void partial_add(struct kmem_cache *c, struct slab *slab)
{
	slab->prev = NULL;
	slab->next = c->partial;
	if (c->partial)
		c->partial->prev = slab;
	c->partial = slab;
	slab->on_partial = 1;
}

static void partial_del(struct kmem_cache *c, struct slab *slab)
{
	if (slab->prev)
		slab->prev->next = slab->next;
	else
		c->partial = slab->next;
	if (slab->next)
		slab->next->prev = slab->prev;
	slab->on_partial = 0;
}

static void **free_word(const struct kmem_cache *c, void *obj)
{
	return (void **)((char *)obj + c->free_offset);
}

/* a new slab on the partial list, every object free; Return: 0, -ENOMEM */
static int slab_grow(struct kmem_cache *c)
{
	struct slab *slab;
	void *mem, *next = NULL;
	unsigned int i;

	mem = slab_memory_alloc();
	if (!mem)
		return -ENOMEM;
	slab = mem;
	memset(slab, 0, c->first);
	slab->magic = SLAB_MAGIC;
	slab->cache = c;
	/* the free list in address order: object 0 first */
	for (i = c->objects; i-- > 0;) {
		void *obj = (char *)slab + c->first + i * c->stride;

		if (c->ctor)
			c->ctor(obj);
		*free_word(c, obj) = next;
		next = obj;
	}
	slab->freelist = next;
	c->nr_slabs++;
	atomic_fetch_add(&slabs_in_use, 1);
	partial_add(c, slab);
	return 0;
}

void *__kmem_cache_alloc(struct kmem_cache *c, unsigned int flags,
			 const char *file, int line)
{
	struct slab *slab;
	unsigned int i;
	void *obj;

	(void)file;
	(void)line;
	if (c->failslab && should_fail()) {
		atomic_fetch_add(&fired, 1);
		atomic_fetch_add(&c->fired, 1);
		return NULL;
	}
	BUG_ON(pthread_mutex_lock(&c->lock) != 0);
	if (!c->partial && slab_grow(c)) {
		BUG_ON(pthread_mutex_unlock(&c->lock) != 0);
		return NULL;
	}
	slab = c->partial;
	obj = slab->freelist;
	slab->freelist = *free_word(c, obj);
	if (!slab->freelist)
		partial_del(c, slab);
	slab->inuse++;
	i = (unsigned int)(((char *)obj - (char *)slab - c->first) / c->stride);
	slab->map[i / BITS_PER_WORD] |= 1ul << (i % BITS_PER_WORD);
	BUG_ON(pthread_mutex_unlock(&c->lock) != 0);
	if (flags & __GFP_ZERO)
		memset(obj, 0, c->size);
	atomic_fetch_add(&c->live, 1);
	atomic_fetch_add(&live, 1);
	return obj;
}

static void __attribute__((noreturn))
bad_free(const struct kmem_cache *c, const void *obj, const char *why,
	 const char *file, int line)
{
	fprintf(stderr, "kmem_cache_free(%s, %p) at %s:%d: %s\n", c->name, obj,
		file, line, why);
	__kstruct_bug(file, line, "bad kmem_cache_free");
	abort();
}

void __kmem_cache_free(struct kmem_cache *c, void *obj, const char *file,
		       int line)
{
	struct slab *slab;
	size_t offset;
	unsigned long bit;
	unsigned int i;

	if (!obj)
		return;
	slab = (struct slab *)((uintptr_t)obj & ~(SLAB_BYTES - 1));
	if (slab->magic != SLAB_MAGIC || slab->cache != c)
		bad_free(c, obj, "not an object of this cache", file, line);
	offset = (size_t)((char *)obj - (char *)slab);
	if (offset < c->first || (offset - c->first) % c->stride)
		bad_free(c, obj, "not the start of an object", file, line);
	i = (unsigned int)((offset - c->first) / c->stride);
	bit = 1ul << (i % BITS_PER_WORD);
	BUG_ON(pthread_mutex_lock(&c->lock) != 0);
	if (i >= c->objects || !(slab->map[i / BITS_PER_WORD] & bit)) {
		BUG_ON(pthread_mutex_unlock(&c->lock) != 0);
		bad_free(c, obj, "double free, or never allocated", file, line);
	}
	slab->map[i / BITS_PER_WORD] &= ~bit;
	*free_word(c, obj) = slab->freelist;
	slab->freelist = obj;
	slab->inuse--;
	if (!slab->on_partial)
		partial_add(c, slab);
	/* an empty slab goes back, unless it is the only one with room */
	if (!slab->inuse && (slab->prev || slab->next)) {
		partial_del(c, slab);
		slab->magic = 0;
		c->nr_slabs--;
		atomic_fetch_sub(&slabs_in_use, 1);
		slab_memory_free(slab);
	}
	BUG_ON(pthread_mutex_unlock(&c->lock) != 0);
	atomic_fetch_sub(&c->live, 1);
	atomic_fetch_sub(&live, 1);
}

void kmem_cache_destroy(struct kmem_cache *c)
{
	struct slab *slab;

	if (!c)
		return;
	if (atomic_load(&c->live)) {
		fprintf(stderr,
			"kmem_cache_destroy(%s): %ld objects remaining: the cache is kept\n",
			c->name, atomic_load(&c->live));
		return;
	}
	/* no live object: every slab is empty, so on the partial list */
	while ((slab = c->partial)) {
		partial_del(c, slab);
		slab->magic = 0;
		atomic_fetch_sub(&slabs_in_use, 1);
		slab_memory_free(slab);
	}
	pthread_mutex_destroy(&c->lock);
	free(c);
}

long kmem_cache_live(const struct kmem_cache *c)
{
	return atomic_load(&((struct kmem_cache *)c)->live);
}

unsigned long kmem_cache_fault_fired(const struct kmem_cache *c)
{
	return atomic_load(&((struct kmem_cache *)c)->fired);
}

void kmem_cache_set_failslab(struct kmem_cache *c, bool on)
{
	c->failslab = on;
}

size_t kmem_cache_size(const struct kmem_cache *c)
{
	return c->stride;
}

size_t kmem_cache_slab_bytes(const struct kmem_cache *c)
{
	struct kmem_cache *cache = (struct kmem_cache *)c;
	unsigned long n;

	BUG_ON(pthread_mutex_lock(&cache->lock) != 0);
	n = cache->nr_slabs;
	BUG_ON(pthread_mutex_unlock(&cache->lock) != 0);
	return n * SLAB_BYTES;
}

size_t kmem_slab_bytes(void)
{
	return (size_t)atomic_load(&slabs_in_use) * SLAB_BYTES;
}
