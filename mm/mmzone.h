/* SPDX-License-Identifier: MIT */
/*
 * mm/mmzone.h - a zone of page frames and its buddy free areas.
 *
 * Mirrors include/linux/mmzone.h of 2.5.33 (struct free_area, struct
 * zone, MAX_ORDER) and the allocator entry points of mm/page_alloc.c.
 *
 * Deliberate differences from 2.5.33:
 * - One zone stands alone: no pg_data_t, no zonelists, no watermarks and
 *   no reclaim.  alloc_pages() and friends take the zone instead of a gfp
 *   mask; show_free_areas() and buddyinfo take the zone and a FILE.
 * - A zone may back a real memory arena (mmap, aligned to PAGE_SIZE even
 *   when that is larger than the host's page) so its pages are usable
 *   memory, or run on page descriptors alone.
 * - Frees are checked: a double free, a block of the wrong order, an
 *   unaligned block or a page outside the zone is a negative errno with
 *   nothing changed, instead of silent corruption.  For that, the head
 *   page of an allocated block carries PG_head and its order (mm/mm.h);
 *   free pages carry no flag, exactly as in 2.5.33, so that
 *   is_head_of_free_region() still has to walk the free lists.
 * - MAX_ORDER and PAGE_SHIFT are build-time parameters (-DMAX_ORDER=...).
 * - rmqueue() is internal to mm/page_alloc.c, as in 2.5.33.
 * - show_free_areas() prints only the free-list line, for one zone, in
 *   its own format (see there and docs/mm.md).
 *
 * NULL arguments (one rule for all of mm/, docs/mm.md): a NULL where an
 * object is needed is bad input.  The call changes nothing and returns
 * -EINVAL when it returns an int or a long, NULL when it returns a
 * pointer, 0 when it returns an unsigned count or address, false when it
 * returns a bool, and does nothing when it returns nothing.  A NULL means
 * something else only where a function's comment says so (a default
 * name, an optional out pointer, a buffer only measured).
 */
#ifndef KSTRUCT_MM_MMZONE_H
#define KSTRUCT_MM_MMZONE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <kstruct/compat/check.h>
#include <kstruct/compat/export.h>
#include <kstruct/compat/spinlock.h>
#include <kstruct/list/list.h>

KSTRUCT_EXPORT_BEGIN

/*
 * MAX_ORDER - number of block sizes: orders 0 .. MAX_ORDER - 1.  The top
 * order's blocks (1 << (MAX_ORDER - 1) pages) have no pair bitmap and
 * never merge.
 */
#ifndef MAX_ORDER
#define MAX_ORDER 10
#endif

#if MAX_ORDER < 6 || MAX_ORDER > 20
#error "MAX_ORDER must be between 6 and 20"
#endif

struct page;

/**
 * struct free_area - the free blocks of one order
 * @free_list: free blocks of this order, linked through their first
 *	page's struct page.list; new blocks go at the head
 * @map: one bit per pair of buddies of this order, set when exactly one
 *	of the two is free (on @free_list); NULL for the top order
 */
struct free_area {
	struct list_head free_list;
	unsigned long *map;
};

/**
 * struct zone - a contiguous run of page frames with a buddy allocator
 * @lock: protects @free_area and @free_pages
 * @free_pages: pages in all free blocks
 * @free_area: the free blocks, by order
 * @zone_mem_map: the page descriptors, @size of them
 * @size: number of page frames (any positive number: the frames past the
 *	last whole top-order block form smaller blocks)
 * @name: for show_free_areas() and buddyinfo ("Normal")
 * @arena: the memory the frames stand for, or NULL when the zone runs on
 *	descriptors alone
 * @check_scratch: one byte per frame, used only by zone_check()
 */
struct zone {
	struct spinlock lock;
	unsigned long free_pages;
	struct free_area free_area[MAX_ORDER];
	struct page *zone_mem_map;
	unsigned long size;
	const char *name;
	void *arena;
	unsigned char *check_scratch;
};

/* zone_init() flags */
#define ZONE_ARENA \
	0x1 /* back the frames with real memory,
				 * PAGE_SIZE aligned */

/* largest zone accepted by zone_init(), in pages */
#define ZONE_MAX_PAGES (1UL << 24)

/**
 * zone_init() - set up a zone with all of its frames free
 * @zone: the zone (caller's storage)
 * @name: its name, kept by pointer
 * @size: number of page frames, 1 .. ZONE_MAX_PAGES
 * @flags: 0 or ZONE_ARENA
 *
 * The frames are freed one by one, lowest first, through the buddy merge,
 * so the zone starts as whole top-order blocks followed by smaller blocks
 * for a remainder, with the pair bitmaps consistent.
 *
 * Context: allocates with kmalloc (and mmap for an arena).
 * Return: 0, -EINVAL for a bad size or flag, -ENOMEM with nothing
 * allocated.
 */
int zone_init(struct zone *zone, const char *name, unsigned long size,
	      unsigned int flags);

/**
 * zone_release() - free what zone_init() allocated
 * @zone: the zone; every frame should be free again
 *
 * Return: 0, -EINVAL for a NULL @zone, or -EBUSY (and nothing released)
 * while any frame is still allocated.
 */
int zone_release(struct zone *zone);

/**
 * expand() - split a free block down to the order asked for
 * @zone: the zone
 * @page: first page of the block just taken off the list of order @high
 * @index: its frame index in the zone
 * @low: the order wanted
 * @high: the order of the block
 * @area: &zone->free_area[@high]
 *
 * At each step the block is halved; the lower half goes back on the free
 * list of the order below (at the head) and the upper half is split on,
 * so the block returned is the highest-addressed one of order @low.
 *
 * Context: zone->lock held.
 * Return: the first page of the block handed out.
 */
struct page *expand(struct zone *zone, struct page *page, unsigned long index,
		    unsigned int low, unsigned int high,
		    struct free_area *area);

/**
 * __alloc_pages() - allocate a block of 1 << @order pages from @zone
 * @zone: the zone
 * @order: the order
 *
 * Takes the head of the first non-empty free list at or above @order
 * (2.5.33's rmqueue(), internal here as there) and lets expand() split
 * it, then marks the block allocated (PG_head and its order), as
 * 2.5.33's prep_new_page() set its count.
 *
 * Context: takes zone->lock.
 * Return: the first page, marked as the head of an allocated block, or
 * NULL (zone exhausted or @order >= MAX_ORDER).
 */
struct page *__alloc_pages(struct zone *zone, unsigned int order);

/**
 * alloc_pages() - __alloc_pages() under the kernel's usual name
 * @zone: the zone
 * @order: the order
 *
 * Return: the first page of the block, or NULL.
 */
static inline struct page *alloc_pages(struct zone *zone, unsigned int order)
{
	return __alloc_pages(zone, order);
}

/**
 * alloc_page() - allocate one page
 * @zone: the zone
 *
 * Return: the page, or NULL.
 */
static inline struct page *alloc_page(struct zone *zone)
{
	return __alloc_pages(zone, 0);
}

/**
 * __free_pages_ok() - give a block back to the buddy lists
 * @zone: the zone the caller believes @page belongs to
 * @page: first page of the block
 * @order: the order it was allocated with
 *
 * Toggles the pair bit of each order on the way up; while the bit says
 * the buddy (frame index XOR 1 << order) is free, unlinks it and merges,
 * the merged block starting at the lower address; stops below the top
 * order.  The result goes at the head of its free list.
 *
 * Context: takes zone->lock.
 * Return: 0; -EFAULT when @page is not a page descriptor of @zone;
 * -EINVAL when @zone or @page is NULL, @order >= MAX_ORDER, the block is not aligned to @order,
 * @order differs from the allocated order, or @page lies inside an
 * allocated block; -EALREADY when @page is free (a double free);
 * -EBUSY when the page is still in a page cache or mapped.  On error
 * nothing changes.
 */
int __free_pages_ok(struct zone *zone, struct page *page, unsigned int order);

/**
 * __free_pages() - __free_pages_ok() under the kernel's usual name
 * @zone: the zone
 * @page: first page of the block
 * @order: its order
 *
 * Return: as __free_pages_ok().
 */
static inline int __free_pages(struct zone *zone, struct page *page,
			       unsigned int order)
{
	return __free_pages_ok(zone, page, order);
}

/**
 * __free_page() - free one page
 * @zone: the zone
 * @page: the page
 *
 * Return: as __free_pages_ok().
 */
static inline int __free_page(struct zone *zone, struct page *page)
{
	return __free_pages_ok(zone, page, 0);
}

/**
 * virt_to_page() - the page descriptor of an address in a zone's arena
 * @zone: the zone
 * @addr: an address inside the arena
 *
 * Return: the page that holds @addr, or NULL when @addr is not in the
 * zone's arena (or the zone has none).
 */
struct page *virt_to_page(const struct zone *zone, const void *addr);

/**
 * __get_free_pages() - allocate a block and return its memory
 * @zone: a zone with an arena (ZONE_ARENA)
 * @order: the order
 *
 * Return: the address of the block's first byte, or 0 when the zone has
 * no arena, @order >= MAX_ORDER or no block is free.
 */
unsigned long __get_free_pages(struct zone *zone, unsigned int order);

/**
 * free_pages() - free a block by the address __get_free_pages() gave
 * @zone: the zone
 * @addr: the block's address
 * @order: its order
 *
 * Return: 0; -EFAULT when @addr is not the start of a page of the zone's
 * arena; otherwise as __free_pages_ok().  On error nothing changes.
 */
int free_pages(struct zone *zone, unsigned long addr, unsigned int order);

/**
 * is_head_of_free_region() - is @page the first page of a free block?
 * @page: a page of a zone
 *
 * Walks every free list of the page's zone, as 2.5.33 did (the software
 * suspend code called it for every frame).
 *
 * Context: takes zone->lock.  O(free blocks).
 * Return: the number of pages in the free block @page starts, 0 when
 * @page is allocated or lies inside a free block, -EINVAL for NULL.
 */
int is_head_of_free_region(struct page *page);

/**
 * show_free_areas() - print the free blocks of @zone by order
 * @zone: the zone
 * @out: where to print
 *
 * One line: the zone's name and ": ", then "%lu*%lukB " for each order
 * (count and block size), then "= %lukB" and a newline.  2.5.33 printed
 * this line for every zone with no name in front and a ')' after the
 * total, after a "Free pages:" line, a "Zone:" line per zone (free pages,
 * watermarks, LRU sizes) and a "( Active: ... )" line, none of which is
 * modelled here (docs/mm.md).
 *
 * Context: takes zone->lock; allocates the line with kmalloc.
 * Return: number of characters printed, -ENOMEM, -EIO when @out fails,
 * -EINVAL for a NULL @zone or @out.
 */
int show_free_areas(struct zone *zone, FILE *out);

/**
 * zone_free_areas_line() - show_free_areas()'s line into a buffer
 * @zone: the zone
 * @buf: the buffer, or NULL (with any @size) to measure the line only
 * @size: its size; the line is cut (and terminated) to fit
 *
 * Return: the length the whole line has, as snprintf() returns, or
 * -EINVAL for a NULL @zone.
 */
int zone_free_areas_line(struct zone *zone, char *buf, size_t size);

/**
 * zone_buddyinfo_line() - the zone's /proc/buddyinfo line
 * @zone: the zone
 * @buf: the buffer
 * @size: its size
 *
 * "Node 0, zone %8s " with the zone's name, then "%6lu " (the count of
 * free blocks, six wide, and a space) for each order, as later kernels
 * print it, trailing space included.  @buf may be NULL, as above.
 *
 * Return: the length the whole line has, as snprintf() returns, or
 * -EINVAL for a NULL @zone.
 */
int zone_buddyinfo_line(struct zone *zone, char *buf, size_t size);

/**
 * zone_nr_free_blocks() - how many free blocks of @order there are
 * @zone: the zone
 * @order: the order
 *
 * Return: the length of free_area[@order].free_list, 0 for a bad order
 * or a NULL @zone.
 */
unsigned long zone_nr_free_blocks(struct zone *zone, unsigned int order);

/**
 * zone_check() - verify a zone completely
 * @zone: the zone
 *
 * Checks every free list ring, that every frame is in exactly one state
 * (inside exactly one free block, no frame of which is marked allocated,
 * cached or mapped; or inside exactly one allocated block whose head
 * carries its order), that free blocks are aligned and inside
 * the zone, that free_pages equals the pages on the free lists, that each
 * pair bit equals "exactly one of the two buddies is free at this order",
 * and that no two buddies below the top order are both free.  Reports the
 * first fault through the check handler with the caller's file:line
 * (compat/check.h); never aborts.  A NULL or released zone is reported
 * as such.
 *
 * Context: takes zone->lock; the handler runs with it held.
 * O(frames + free blocks).
 * Return: true when the zone is sound.
 */
bool zone_check(struct zone *zone);
#define zone_check(zone) CHECK_CALLER(zone_check, (zone))

/**
 * page_zone_index() - a page's frame number within its zone
 * @zone: the zone
 * @page: the page
 *
 * Return: the index, -EFAULT when @page is not one of @zone's
 * descriptors, -EINVAL when either is NULL.
 */
long page_zone_index(const struct zone *zone, const struct page *page);

/**
 * page_address() - the memory a page stands for
 * @page: the page
 *
 * Return: its address in its zone's arena, or NULL for a zone without one.
 */
void *page_address(const struct page *page);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_MM_MMZONE_H */
