// SPDX-License-Identifier: MIT
/*
 * mm/page_alloc.c - the buddy allocator of one zone.
 *
 * Mirrors mm/page_alloc.c of Linux 2.5.33: rmqueue(), expand(),
 * __free_pages_ok(), __alloc_pages(), __get_free_pages(), free_pages(),
 * is_head_of_free_region() and show_free_areas(), with the pair bitmaps
 * of struct free_area.  As in 2.5.33, expand() puts the lower halves
 * back on the free lists and hands out the highest-addressed block
 * (modern kernels do the opposite), and a bit of free_area[order].map
 * says "exactly one buddy of this pair is free at this order", so
 * freeing a block only has to flip that bit to learn whether its buddy
 * can be merged.
 *
 * Deliberate differences from 2.5.33 (see also mm/mmzone.h):
 * - Frees are checked (wrong zone, bad order, unaligned, interior page,
 *   double free, page still cached or mapped) and fail with a negative
 *   errno, changing nothing.  Telling a double free from an interior page
 *   walks the free lists, on the error path only.
 * - zone_init() builds the free lists by freeing every frame in turn
 *   (as free_all_bootmem() did at boot) instead of memmap_init().
 * - rmqueue() is static, as in 2.5.33, but takes no lock itself: its one
 *   caller, __alloc_pages(), marks the block under the same lock.
 * - show_free_areas() covers one zone, formats its line into a kmalloc'd
 *   buffer and prints it to a FILE; the line starts with the zone's name
 *   and ": " and has no ')' after the total (2.5.33's per-zone line had
 *   no name and a stray ')'), and 2.5.33's other lines ("Free pages:",
 *   "Zone:", "( Active: ... )", the swap cache) are left out.  The
 *   /proc/buddyinfo line of later kernels is added.
 * - NULL arguments follow mm/'s one rule (mm/mmzone.h).
 * - No refcount on pages: __free_pages() frees at once.
 * - zone_check() is new.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "compat/bitops.h"
#include "compat/bug.h"
#include "compat/slab.h"
#include "mm/mm.h"
#include "mm/mmzone.h"

/* kB in a block of 1 << order pages */
#define BLOCK_KB(order) ((PAGE_SIZE >> 10) << (order))

long page_zone_index(const struct zone *zone, const struct page *page)
{
	uintptr_t base, p = (uintptr_t)page;

	if (!zone || !page)
		return -EINVAL;
	base = (uintptr_t)zone->zone_mem_map;
	if (!base || p < base)
		return -EFAULT;
	if ((p - base) % sizeof(struct page))
		return -EFAULT;
	if ((p - base) / sizeof(struct page) >= zone->size)
		return -EFAULT;
	return (long)((p - base) / sizeof(struct page));
}

void *page_address(const struct page *page)
{
	const struct zone *zone;

	if (!page)
		return NULL;
	zone = page->zone;
	if (!zone || !zone->arena)
		return NULL;
	return (char *)zone->arena +
	       ((unsigned long)(page - zone->zone_mem_map) << PAGE_SHIFT);
}

struct page *virt_to_page(const struct zone *zone, const void *addr)
{
	uintptr_t base, a = (uintptr_t)addr;

	if (!zone || !zone->arena)
		return NULL;
	base = (uintptr_t)zone->arena;
	if (a < base || (a - base) >> PAGE_SHIFT >= zone->size)
		return NULL;
	return &zone->zone_mem_map[(a - base) >> PAGE_SHIFT];
}

/*
 * Put the block of 1 << order frames at @index on the free lists, merging
 * it with its buddy as long as the pair bit says the buddy is free.  The
 * bit flips on every visit: a bit that was clear (buddy not free) is now
 * set (this block alone is free); a bit that was set (buddy free) is now
 * clear because the pair leaves this order as one bigger block.
 */
static void __free_one(struct zone *zone, unsigned long index,
		       unsigned int order)
{
	struct page *base = zone->zone_mem_map;

	zone->free_pages += 1UL << order;
	while (order < MAX_ORDER - 1) {
		struct free_area *area = &zone->free_area[order];
		unsigned long buddy = index ^ (1UL << order);

		if (!__test_and_change_bit(index >> (order + 1), area->map))
			break;
		BUG_ON(buddy >= zone->size);
		list_del(&base[buddy].list);
		index &= ~(1UL << order);
		order++;
	}
	list_add(&base[index].list, &zone->free_area[order].free_list);
}

/*
 * Map @len bytes of memory aligned to PAGE_SIZE.  mmap() aligns only to
 * the host's page size, which is smaller than ours for PAGE_SHIFT > 12:
 * map a little more and trim both ends.  NULL on failure.
 */
static void *arena_map(size_t len)
{
	size_t host = (size_t)sysconf(_SC_PAGESIZE);
	size_t slop = PAGE_SIZE > host ? PAGE_SIZE - host : 0;
	uintptr_t raw, start;
	void *p;

	p = mmap(NULL, len + slop, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	raw = (uintptr_t)p;
	start = (raw + PAGE_SIZE - 1) & PAGE_MASK;
	/* both pieces are whole host pages when slop is not 0 */
	if (start > raw)
		munmap(p, start - raw);
	if (raw + slop > start)
		munmap((void *)(start + len), raw + slop - start);
	return (void *)start;
}

int zone_init(struct zone *zone, const char *name, unsigned long size,
	      unsigned int flags)
{
	unsigned long i;
	unsigned int order;

	if (!zone || !size || size > ZONE_MAX_PAGES || (flags & ~ZONE_ARENA))
		return -EINVAL;
	memset(zone, 0, sizeof(*zone));
	zone->name = name ? name : "Normal";
	zone->size = size;
	zone->zone_mem_map = kcalloc(size, sizeof(struct page), GFP_KERNEL);
	if (!zone->zone_mem_map)
		goto err_free;
	zone->check_scratch = kcalloc(size, 1, GFP_KERNEL);
	if (!zone->check_scratch)
		goto err_free;
	for (order = 0; order + 1 < MAX_ORDER; order++) {
		/* one bit per pair, counting a pair cut short by the end */
		unsigned long pairs = ((size - 1) >> (order + 1)) + 1;

		zone->free_area[order].map = kcalloc(BITS_TO_LONGS(pairs),
						     sizeof(unsigned long),
						     GFP_KERNEL);
		if (!zone->free_area[order].map)
			goto err_free;
	}
	if (flags & ZONE_ARENA) {
		zone->arena = arena_map(size << PAGE_SHIFT);
		if (!zone->arena)
			goto err_free;
	}

	spin_lock_init(&zone->lock);
	for (order = 0; order < MAX_ORDER; order++)
		INIT_LIST_HEAD(&zone->free_area[order].free_list);
	for (i = 0; i < size; i++) {
		struct page *page = &zone->zone_mem_map[i];

		INIT_LIST_HEAD(&page->list);
		INIT_HLIST_NODE(&page->hash);
		page->zone = zone;
	}
	for (i = 0; i < size; i++)
		__free_one(zone, i, 0);
	return 0;

err_free:
	for (order = 0; order < MAX_ORDER; order++)
		kfree(zone->free_area[order].map);
	kfree(zone->check_scratch);
	kfree(zone->zone_mem_map);
	memset(zone, 0, sizeof(*zone));
	return -ENOMEM;
}

int zone_release(struct zone *zone)
{
	unsigned int order;

	if (!zone)
		return -EINVAL;
	if (zone->free_pages != zone->size)
		return -EBUSY;
	if (zone->arena)
		munmap(zone->arena, zone->size << PAGE_SHIFT);
	for (order = 0; order < MAX_ORDER; order++)
		kfree(zone->free_area[order].map);
	kfree(zone->check_scratch);
	kfree(zone->zone_mem_map);
	spin_lock_destroy(&zone->lock);
	memset(zone, 0, sizeof(*zone));
	return 0;
}

struct page *expand(struct zone *zone, struct page *page, unsigned long index,
		    unsigned int low, unsigned int high, struct free_area *area)
{
	unsigned long size = 1UL << high;

	if (!zone || !page || !area)
		return NULL;
	while (high > low) {
		/* keep the lower half, go on with the upper one */
		area--;
		high--;
		size >>= 1;
		list_add(&page->list, &area->free_list);
		__change_bit(index >> (high + 1), area->map);
		index += size;
		page += size;
	}
	return page;
}

/*
 * Take a block of 1 << @order pages off the free lists, splitting a
 * bigger one with expand().  Static, as in 2.5.33: the block is not yet
 * marked allocated, and only __alloc_pages() (which marks it) may hand it
 * out.  Caller holds zone->lock (2.5.33's took it itself).
 */
static struct page *rmqueue(struct zone *zone, unsigned int order)
{
	struct page *page = NULL;
	unsigned int cur;

	for (cur = order; cur < MAX_ORDER; cur++) {
		struct free_area *area = &zone->free_area[cur];
		unsigned long index;

		if (list_empty(&area->free_list))
			continue;
		page = list_first_entry(&area->free_list, struct page, list);
		list_del(&page->list);
		index = (unsigned long)(page - zone->zone_mem_map);
		if (cur != MAX_ORDER - 1)
			__change_bit(index >> (cur + 1), area->map);
		zone->free_pages -= 1UL << order;
		page = expand(zone, page, index, order, cur, area);
		break;
	}
	return page;
}

struct page *__alloc_pages(struct zone *zone, unsigned int order)
{
	struct page *page;

	if (!zone || order >= MAX_ORDER)
		return NULL;
	spin_lock(&zone->lock);
	page = rmqueue(zone, order);
	if (page) {
		/* marked under the lock: frees and checks read the mark */
		INIT_LIST_HEAD(&page->list);
		page->flags = 1UL << PG_head;
		page->order = order;
		page->mapping = NULL;
		page->mapcount = 0;
	}
	spin_unlock(&zone->lock);
	return page;
}

unsigned long __get_free_pages(struct zone *zone, unsigned int order)
{
	struct page *page;

	if (!zone || !zone->arena)
		return 0;
	page = __alloc_pages(zone, order);
	return page ? (unsigned long)page_address(page) : 0;
}

int free_pages(struct zone *zone, unsigned long addr, unsigned int order)
{
	struct page *page;

	if (!zone)
		return -EINVAL;
	page = virt_to_page(zone, (const void *)addr);
	if (!page || (addr & ~PAGE_MASK))
		return -EFAULT;
	return __free_pages_ok(zone, page, order);
}

/*
 * Is frame @index inside a free block?  Walks every free list.  Caller
 * holds zone->lock.
 */
static bool frame_is_free(struct zone *zone, unsigned long index)
{
	unsigned int o;
	struct page *page;

	for (o = 0; o < MAX_ORDER; o++) {
		list_for_each_entry(page, &zone->free_area[o].free_list, list) {
			unsigned long first = page - zone->zone_mem_map;

			if (index >= first && index - first < (1UL << o))
				return true;
		}
	}
	return false;
}

int __free_pages_ok(struct zone *zone, struct page *page, unsigned int order)
{
	long index = page_zone_index(zone, page);
	int err = 0;

	if (index < 0)
		return (int)index; /* -EINVAL for NULL, else -EFAULT */
	if (order >= MAX_ORDER)
		return -EINVAL;
	if ((unsigned long)index & ((1UL << order) - 1))
		return -EINVAL;

	spin_lock(&zone->lock);
	if (!test_bit(PG_head, &page->flags)) {
		if (frame_is_free(zone, index))
			err = -EALREADY; /* freed twice */
		else
			err = -EINVAL; /* inside an allocated block */
		goto out_unlock;
	}
	if (page->order != order) {
		err = -EINVAL;
		goto out_unlock;
	}
	if (page->mapping || page_mapcount(page)) {
		err = -EBUSY;
		goto out_unlock;
	}
	__clear_bit(PG_head, &page->flags);
	page->order = 0;
	__free_one(zone, index, order);
out_unlock:
	spin_unlock(&zone->lock);
	return err;
}

int is_head_of_free_region(struct page *page)
{
	struct zone *zone;
	struct page *p;
	unsigned int order;
	int ret = 0;

	if (!page)
		return -EINVAL;
	zone = page->zone;
	if (!zone)
		return 0;
	spin_lock(&zone->lock);
	for (order = 0; order < MAX_ORDER && !ret; order++) {
		list_for_each_entry(p, &zone->free_area[order].free_list,
				    list) {
			if (p == page) {
				ret = 1 << order;
				break;
			}
		}
	}
	spin_unlock(&zone->lock);
	return ret;
}

unsigned long zone_nr_free_blocks(struct zone *zone, unsigned int order)
{
	unsigned long nr;

	if (!zone || order >= MAX_ORDER)
		return 0;
	spin_lock(&zone->lock);
	nr = list_count_nodes(&zone->free_area[order].free_list);
	spin_unlock(&zone->lock);
	return nr;
}

/* snprintf at @pos of a line being built in @buf of @size bytes */
#define LINE_PRINTF(buf, size, pos, ...)                                \
	do {                                                            \
		size_t __at = (size_t)(pos);                            \
		int __n = snprintf(__at < (size) ? (buf) + __at : NULL, \
				   __at < (size) ? (size)-__at : 0,     \
				   __VA_ARGS__);                        \
		if (__n > 0)                                            \
			(pos) += __n;                                   \
	} while (0)

/* the number of free blocks of each order, counted under one lock */
static void count_free_blocks(struct zone *zone, unsigned long *nr)
{
	unsigned int order;

	spin_lock(&zone->lock);
	for (order = 0; order < MAX_ORDER; order++)
		nr[order] = list_count_nodes(&zone->free_area[order].free_list);
	spin_unlock(&zone->lock);
}

/* show_free_areas()'s line for the counts @nr, snprintf() style */
static int format_free_areas(const struct zone *zone, const unsigned long *nr,
			     char *buf, size_t size)
{
	unsigned long total = 0;
	unsigned int order;
	int pos = 0;

	if (!buf)
		size = 0;
	LINE_PRINTF(buf, size, pos, "%s: ", zone->name);
	for (order = 0; order < MAX_ORDER; order++) {
		LINE_PRINTF(buf, size, pos, "%lu*%lukB ", nr[order],
			    BLOCK_KB(order));
		total += nr[order] * BLOCK_KB(order);
	}
	LINE_PRINTF(buf, size, pos, "= %lukB", total);
	return pos;
}

int zone_free_areas_line(struct zone *zone, char *buf, size_t size)
{
	unsigned long nr[MAX_ORDER];

	if (!zone)
		return -EINVAL;
	count_free_blocks(zone, nr);
	return format_free_areas(zone, nr, buf, size);
}

int zone_buddyinfo_line(struct zone *zone, char *buf, size_t size)
{
	unsigned long nr[MAX_ORDER];
	unsigned int order;
	int pos = 0;

	if (!zone)
		return -EINVAL;
	if (!buf)
		size = 0;
	count_free_blocks(zone, nr);
	LINE_PRINTF(buf, size, pos, "Node 0, zone %8s ", zone->name);
	for (order = 0; order < MAX_ORDER; order++)
		LINE_PRINTF(buf, size, pos, "%6lu ", nr[order]);
	return pos;
}

int show_free_areas(struct zone *zone, FILE *out)
{
	unsigned long nr[MAX_ORDER];
	char *line;
	int len, err;

	if (!zone || !out)
		return -EINVAL;
	/* one count, formatted into a buffer as long as the line */
	count_free_blocks(zone, nr);
	len = format_free_areas(zone, nr, NULL, 0);
	if (len < 0)
		return -EINVAL;
	line = kmalloc((size_t)len + 1, GFP_KERNEL);
	if (!line)
		return -ENOMEM;
	format_free_areas(zone, nr, line, (size_t)len + 1);
	err = fprintf(out, "%s\n", line) < 0 ? -EIO : len + 1;
	kfree(line);
	return err;
}

/* ---------------------------------------------------------------- check */

/* check_scratch values: frame not seen, inside a free block, or the
 * first frame of a free block of order (value - FRAME_FREE_HEAD) */
#define FRAME_UNSEEN 0
#define FRAME_FREE 1
#define FRAME_FREE_HEAD 2

/* report a violation in @zone (after its name), answer false */
#define zone_bad(zone, fmt, ...) \
	check_fail("%s: " fmt, (zone)->name, ##__VA_ARGS__)

static bool check_free_lists(struct zone *zone, unsigned long *counted)
{
	unsigned char *seen = zone->check_scratch;
	unsigned int order;
	struct page *page;

	*counted = 0;
	for (order = 0; order < MAX_ORDER; order++) {
		struct list_head *head = &zone->free_area[order].free_list;
		unsigned long n = 0, i;

		if (!list_check(head))
			return false;
		list_for_each_entry(page, head, list) {
			long index = page_zone_index(zone, page);

			if (index < 0)
				return zone_bad(zone,
						"order %u: page %p is "
						"not in the zone",
						order, (void *)page);
			if (++n > zone->size)
				return zone_bad(zone,
						"order %u: list longer "
						"than the zone",
						order);
			if (index & ((1L << order) - 1))
				return zone_bad(zone,
						"order %u: block %ld is "
						"not aligned",
						order, index);
			if ((unsigned long)index + (1UL << order) > zone->size)
				return zone_bad(zone,
						"order %u: block %ld "
						"passes the end",
						order, index);
			for (i = 0; i < (1UL << order); i++) {
				struct page *p = page + i;

				if (seen[index + i] != FRAME_UNSEEN)
					return zone_bad(zone,
							"frame %lu is in "
							"two free blocks",
							index + i);
				/* free means free in every frame */
				if (test_bit(PG_head, &p->flags) ||
				    p->mapping || page_mapcount(p))
					return zone_bad(zone,
							"frame %lu of "
							"free block %ld is "
							"marked allocated, "
							"cached or mapped",
							index + i, index);
				seen[index + i] = FRAME_FREE;
			}
			seen[index] = FRAME_FREE_HEAD + order;
			*counted += 1UL << order;
		}
	}
	return true;
}

static bool check_allocated(struct zone *zone)
{
	unsigned char *seen = zone->check_scratch;
	unsigned long i = 0, j;

	while (i < zone->size) {
		struct page *page = &zone->zone_mem_map[i];
		unsigned int order;

		if (page->zone != zone)
			return zone_bad(zone, "frame %lu names another zone",
					i);
		if (seen[i] != FRAME_UNSEEN) {
			i++;
			continue;
		}
		if (!test_bit(PG_head, &page->flags))
			return zone_bad(zone,
					"frame %lu is neither free nor "
					"in an allocated block",
					i);
		order = page->order;
		if (order >= MAX_ORDER || (i & ((1UL << order) - 1)) ||
		    i + (1UL << order) > zone->size)
			return zone_bad(zone,
					"allocated block %lu has a bad "
					"order %u",
					i, order);
		if (page->mapping && order)
			return zone_bad(zone, "cached page %lu has order %u", i,
					order);
		for (j = 1; j < (1UL << order); j++) {
			if (seen[i + j] != FRAME_UNSEEN)
				return zone_bad(zone,
						"frame %lu is free and "
						"allocated",
						i + j);
			if (test_bit(PG_head, &zone->zone_mem_map[i + j].flags))
				return zone_bad(zone,
						"frame %lu heads a block "
						"inside block %lu",
						i + j, i);
		}
		i += 1UL << order;
	}
	return true;
}

static bool check_bitmaps(struct zone *zone)
{
	unsigned char *seen = zone->check_scratch;
	unsigned int order;
	unsigned long pair;

	for (order = 0; order + 1 < MAX_ORDER; order++) {
		unsigned long pairs = ((zone->size - 1) >> (order + 1)) + 1;
		unsigned char mark = FRAME_FREE_HEAD + order;

		for (pair = 0; pair < pairs; pair++) {
			unsigned long a = pair << (order + 1);
			unsigned long b = a + (1UL << order);
			bool fa = seen[a] == mark;
			bool fb = b < zone->size && seen[b] == mark;

			if (fa && fb)
				return zone_bad(zone,
						"buddies %lu and %lu are "
						"both free at order %u",
						a, b, order);
			if (test_bit(pair, zone->free_area[order].map) !=
			    (fa != fb))
				return zone_bad(zone,
						"order %u: bit of pair "
						"%lu disagrees with the lists",
						order, pair);
		}
	}
	return true;
}

bool (zone_check)(struct zone *zone)
{
	unsigned long counted;
	bool ok;

	if (!zone)
		return check_fail("no zone (NULL)");
	if (!zone->zone_mem_map || !zone->check_scratch)
		return check_fail("zone %p has no frames (released?)",
				  (void *)zone);
	spin_lock(&zone->lock);
	memset(zone->check_scratch, FRAME_UNSEEN, zone->size);
	ok = check_free_lists(zone, &counted);
	if (ok && counted != zone->free_pages)
		ok = zone_bad(zone, "free_pages %lu but the lists hold %lu",
			      zone->free_pages, counted);
	ok = ok && check_allocated(zone) && check_bitmaps(zone);
	spin_unlock(&zone->lock);
	return ok;
}
