// SPDX-License-Identifier: MIT
/*
 * tests/mm/test_page_alloc.c - the buddy allocator (mm/page_alloc.c).
 *
 * The fixed split order of a 512-page zone, random alloc/free soaks with
 * zone_check() after every step against an oracle of frame states (whose
 * canonical free-block decomposition also predicts every answer of
 * is_head_of_free_region()), every bad free the spec lists, the
 * show_free_areas() and buddyinfo formats, and fault injection of
 * zone_init().
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/bitops.h"
#include "compat/slab.h"
#include "mm/mm.h"
#include "mm/mmzone.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/report.h"

#define TOP_ORDER (MAX_ORDER - 1)
#define TOP_PAGES (1UL << TOP_ORDER)

static uint64_t rng_state;

static uint64_t rnd(void)
{
	uint64_t x = rng_state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	rng_state = x;
	return x * 0x2545F4914F6CDD1Dull;
}

static unsigned long idx(struct zone *zone, struct page *page)
{
	return (unsigned long)(page - zone->zone_mem_map);
}

/* ------------------------------------------------------------ oracle */

/*
 * The oracle knows only which frames are free.  Because the allocator
 * never leaves two free buddies unmerged, the free blocks are exactly the
 * canonical decomposition: a top-order block (or half of a block, and so
 * on down) that is wholly free and inside the zone is one free block.
 */
struct oracle {
	unsigned long size;
	unsigned char *free; /* per frame */
	unsigned int *head; /* expected is_head_of_free_region() */
	unsigned long nr[MAX_ORDER];
};

static bool all_free(struct oracle *o, unsigned long start, unsigned long n)
{
	unsigned long i;

	if (start + n > o->size)
		return false;
	for (i = 0; i < n; i++)
		if (!o->free[start + i])
			return false;
	return true;
}

static void decompose(struct oracle *o, unsigned long start, unsigned int order)
{
	if (start >= o->size)
		return;
	if (all_free(o, start, 1UL << order)) {
		o->head[start] = 1U << order;
		o->nr[order]++;
		return;
	}
	if (!order)
		return;
	decompose(o, start, order - 1);
	decompose(o, start + (1UL << (order - 1)), order - 1);
}

static void oracle_expect(struct oracle *o)
{
	unsigned long i;

	memset(o->head, 0, o->size * sizeof(*o->head));
	memset(o->nr, 0, sizeof(o->nr));
	for (i = 0; i < o->size; i += TOP_PAGES)
		decompose(o, i, TOP_ORDER);
}

static void oracle_init(struct oracle *o, unsigned long size)
{
	o->size = size;
	o->free = calloc(size, 1);
	o->head = calloc(size, sizeof(*o->head));
	memset(o->free, 1, size);
}

static void oracle_exit(struct oracle *o)
{
	free(o->free);
	free(o->head);
}

/* the zone agrees with the oracle: counts per order, every head */
static int zone_matches(struct zone *zone, struct oracle *o, bool heads)
{
	unsigned long i, free_pages = 0;
	unsigned int order;

	oracle_expect(o);
	for (i = 0; i < o->size; i++)
		free_pages += o->free[i];
	if (free_pages != zone->free_pages)
		return 0;
	for (order = 0; order < MAX_ORDER; order++)
		if (zone_nr_free_blocks(zone, order) != o->nr[order])
			return 0;
	if (heads)
		for (i = 0; i < o->size; i++)
			if ((unsigned int)is_head_of_free_region(
				    &zone->zone_mem_map[i]) != o->head[i])
				return 0;
	return 1;
}

/* --------------------------------------------------------------- tests */

static void test_init_layout(void)
{
	struct zone zone;
	struct oracle o;
	unsigned long sizes[] = { 1, 3, TOP_PAGES, TOP_PAGES + 88,
				  3 * TOP_PAGES - 1 };
	unsigned int s;

	for (s = 0; s < ARRAY_SIZE(sizes); s++) {
		CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", sizes[s], 0),
				      0);
		CU_ASSERT_EQUAL(zone.free_pages, sizes[s]);
		CU_ASSERT(zone_check(&zone));
		oracle_init(&o, sizes[s]);
		CU_ASSERT(zone_matches(&zone, &o, true));
		oracle_exit(&o);
		CU_ASSERT_EQUAL(zone_release(&zone), 0);
	}

	/* 512 pages: one top block at frame 0 */
	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	CU_ASSERT_EQUAL(zone_nr_free_blocks(&zone, TOP_ORDER), 1);
	CU_ASSERT_PTR_EQUAL(zone.free_area[TOP_ORDER].free_list.next,
			    &zone.zone_mem_map[0].list);
	CU_ASSERT_EQUAL(is_head_of_free_region(&zone.zone_mem_map[0]),
			(int)TOP_PAGES);
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

/*
 * 2.5.33's expand() keeps the lower halves: the first order-0 page of a
 * fresh 512-page zone is frame 511, the order-k list then holds the block
 * at 512 - 2^(k+1), and successive order-0 allocations count down.
 */
static void test_split_order(void)
{
	struct zone zone;
	struct page *page;
	unsigned long i;
	unsigned int order;
	bool descending = true;

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	page = alloc_page(&zone);
	CU_ASSERT_PTR_NOT_NULL_FATAL(page);
	CU_ASSERT_EQUAL(idx(&zone, page), TOP_PAGES - 1);
	CU_ASSERT_EQUAL(zone.free_pages, TOP_PAGES - 1);
	for (order = 0; order < TOP_ORDER; order++) {
		struct list_head *head = &zone.free_area[order].free_list;

		CU_ASSERT_EQUAL(zone_nr_free_blocks(&zone, order), 1);
		CU_ASSERT_PTR_EQUAL(
			head->next,
			&zone.zone_mem_map[TOP_PAGES - (2UL << order)].list);
		CU_ASSERT_EQUAL(
			is_head_of_free_region(
				&zone.zone_mem_map[TOP_PAGES - (2UL << order)]),
			1 << order);
	}
	CU_ASSERT_EQUAL(zone_nr_free_blocks(&zone, TOP_ORDER), 0);
	CU_ASSERT(zone_check(&zone));

	for (i = TOP_PAGES - 1; i-- > 0;) {
		page = alloc_page(&zone);
		if (!page || idx(&zone, page) != i)
			descending = false;
	}
	CU_ASSERT(descending);
	CU_ASSERT_EQUAL(zone.free_pages, 0);
	CU_ASSERT_PTR_NULL(alloc_page(&zone));
	CU_ASSERT(zone_check(&zone));

	/* freeing everything, lowest first, merges back to one block */
	for (i = 0; i < TOP_PAGES; i++)
		CU_ASSERT_EQUAL(__free_page(&zone, &zone.zone_mem_map[i]), 0);
	CU_ASSERT_EQUAL(zone_nr_free_blocks(&zone, TOP_ORDER), 1);
	CU_ASSERT(zone_check(&zone));

	/* an order-3 block comes from the top end too, leaving one block
	 * on each list from order 3 to order 8 and none below */
	page = alloc_pages(&zone, 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(page);
	CU_ASSERT_EQUAL(idx(&zone, page), TOP_PAGES - 8);
	CU_ASSERT_EQUAL(zone_nr_free_blocks(&zone, 2), 0);
	CU_ASSERT_EQUAL(zone_nr_free_blocks(&zone, 3), 1);
	CU_ASSERT_EQUAL(__free_pages(&zone, page, 3), 0);
	CU_ASSERT(zone_check(&zone));

	/* the same block again, marked allocated, and a bad order */
	page = alloc_page(&zone);
	CU_ASSERT_EQUAL(idx(&zone, page), TOP_PAGES - 1);
	CU_ASSERT_TRUE(test_bit(PG_head, &page->flags));
	CU_ASSERT_EQUAL(page->order, 0U);
	CU_ASSERT_EQUAL(zone.free_pages, TOP_PAGES - 1);
	CU_ASSERT_PTR_NULL(alloc_pages(&zone, MAX_ORDER));
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(__free_page(&zone, page), 0);
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

/*
 * __free_pages_ok(): a block that cannot merge goes at the head of its
 * list; one that can merges into the block at the lower address, order
 * by order, and that block goes at the head of its list; the top order
 * never merges and has no pair bitmap.
 */
static void test_free_head_insertion_and_merge(void)
{
	struct zone zone;
	struct page *mem, *p[4];
	struct list_head *o0, *o1;
	unsigned int i;

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	mem = zone.zone_mem_map;
	o0 = &zone.free_area[0].free_list;
	o1 = &zone.free_area[1].free_list;
	for (i = 0; i < 4; i++) {
		p[i] = alloc_page(&zone);
		CU_ASSERT_EQUAL_FATAL(idx(&zone, p[i]), TOP_PAGES - 1 - i);
	}
	/* frames 508..511 allocated; orders 0 and 1 empty */
	CU_ASSERT(list_empty(o0));
	CU_ASSERT(list_empty(o1));
	/* 510 (buddy 511 allocated) then 508 (buddy 509 allocated): the
	 * later one at the head */
	CU_ASSERT_EQUAL(__free_page(&zone, p[1]), 0);
	CU_ASSERT_EQUAL(__free_page(&zone, p[3]), 0);
	CU_ASSERT_PTR_EQUAL(o0->next, &mem[TOP_PAGES - 4].list);
	CU_ASSERT_PTR_EQUAL(o0->next->next, &mem[TOP_PAGES - 2].list);
	CU_ASSERT_PTR_EQUAL(o0->next->next->next, o0);
	CU_ASSERT(zone_check(&zone));
	/* 509: its buddy 508 is free, so the pair leaves order 0 as the
	 * order-1 block at 508 (the lower address); that block's buddy
	 * (510-511) is not wholly free, so it stops there */
	CU_ASSERT_EQUAL(__free_page(&zone, p[2]), 0);
	CU_ASSERT_PTR_EQUAL(o0->next, &mem[TOP_PAGES - 2].list);
	CU_ASSERT_PTR_EQUAL(o0->next->next, o0);
	CU_ASSERT_PTR_EQUAL(o1->next, &mem[TOP_PAGES - 4].list);
	CU_ASSERT_PTR_EQUAL(o1->next->next, o1);
	CU_ASSERT_EQUAL(is_head_of_free_region(&mem[TOP_PAGES - 4]), 2);
	CU_ASSERT_EQUAL(is_head_of_free_region(&mem[TOP_PAGES - 3]), 0);
	CU_ASSERT(zone_check(&zone));
	/* 511 merges all the way up into the one top block at frame 0 */
	CU_ASSERT_EQUAL(__free_page(&zone, p[0]), 0);
	for (i = 0; i < TOP_ORDER; i++)
		CU_ASSERT(list_empty(&zone.free_area[i].free_list));
	CU_ASSERT_PTR_EQUAL(zone.free_area[TOP_ORDER].free_list.next,
			    &mem[0].list);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);

	/* two top blocks side by side never merge; the top order has no
	 * map; the block freed last is at the head */
	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", 2 * TOP_PAGES, 0), 0);
	mem = zone.zone_mem_map;
	CU_ASSERT_PTR_NULL(zone.free_area[TOP_ORDER].map);
	CU_ASSERT_EQUAL(zone_nr_free_blocks(&zone, TOP_ORDER), 2);
	/* zone_init frees frames lowest first: block 512 completes last */
	CU_ASSERT_PTR_EQUAL(zone.free_area[TOP_ORDER].free_list.next,
			    &mem[TOP_PAGES].list);
	p[0] = alloc_pages(&zone, TOP_ORDER);
	p[1] = alloc_pages(&zone, TOP_ORDER);
	CU_ASSERT_PTR_EQUAL(p[0], &mem[TOP_PAGES]);
	CU_ASSERT_PTR_EQUAL(p[1], &mem[0]);
	CU_ASSERT_PTR_NULL(alloc_page(&zone));
	CU_ASSERT_EQUAL(__free_pages(&zone, p[0], TOP_ORDER), 0);
	CU_ASSERT_EQUAL(__free_pages(&zone, p[1], TOP_ORDER), 0);
	CU_ASSERT_EQUAL(zone_nr_free_blocks(&zone, TOP_ORDER), 2);
	CU_ASSERT_PTR_EQUAL(zone.free_area[TOP_ORDER].free_list.next,
			    &mem[0].list);
	CU_ASSERT_EQUAL(is_head_of_free_region(&mem[0]), (int)TOP_PAGES);
	CU_ASSERT_EQUAL(is_head_of_free_region(&mem[TOP_PAGES]),
			(int)TOP_PAGES);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

static void test_every_order_fills_zone(void)
{
	struct zone zone;
	struct page **got = calloc(TOP_PAGES + 1, sizeof(*got));
	unsigned int order;
	unsigned long n, i;

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	for (order = 0; order < MAX_ORDER; order++) {
		bool aligned = true;

		for (n = 0; (got[n] = alloc_pages(&zone, order)); n++)
			if (idx(&zone, got[n]) & ((1UL << order) - 1))
				aligned = false;
		CU_ASSERT(aligned);
		CU_ASSERT_EQUAL(n, TOP_PAGES >> order);
		CU_ASSERT_EQUAL(zone.free_pages, 0);
		CU_ASSERT(zone_check(&zone));
		for (i = 0; i < n; i++)
			CU_ASSERT_EQUAL(__free_pages(&zone, got[i], order), 0);
		CU_ASSERT_EQUAL(zone.free_pages, TOP_PAGES);
		CU_ASSERT(zone_check(&zone));
	}
	CU_ASSERT_PTR_NULL(alloc_pages(&zone, MAX_ORDER));
	CU_ASSERT_PTR_NULL(alloc_pages(&zone, ~0U));
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
	free(got);
}

struct block {
	struct page *page;
	unsigned int order;
};

static void soak(unsigned long size, uint64_t seed, int steps)
{
	struct zone zone;
	struct oracle o;
	struct block *blocks = calloc(size, sizeof(*blocks));
	unsigned long nblocks = 0, i;
	int step, bad_check = 0, bad_oracle = 0, overlap = 0;

	rng_state = seed;
	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", size, 0), 0);
	oracle_init(&o, size);
	for (step = 0; step < steps; step++) {
		if (nblocks && (rnd() % 100 < 45 || !zone.free_pages)) {
			unsigned long k = rnd() % nblocks;
			struct block b = blocks[k];

			if (__free_pages(&zone, b.page, b.order) != 0)
				bad_check++;
			for (i = 0; i < (1UL << b.order); i++)
				o.free[idx(&zone, b.page) + i] = 1;
			blocks[k] = blocks[--nblocks];
		} else {
			/* small orders mostly, sometimes big ones */
			unsigned int order = rnd() % 4 ? rnd() % 3 :
							 rnd() % MAX_ORDER;
			struct page *page = alloc_pages(&zone, order);

			if (!page) {
				/* only when no free run of that order exists */
				oracle_expect(&o);
				for (i = order; i < MAX_ORDER; i++)
					if (o.nr[i])
						bad_oracle++;
				continue;
			}
			if (!all_free(&o, idx(&zone, page), 1UL << order) ||
			    idx(&zone, page) & ((1UL << order) - 1))
				overlap++;
			for (i = 0; i < (1UL << order); i++)
				o.free[idx(&zone, page) + i] = 0;
			blocks[nblocks].page = page;
			blocks[nblocks++].order = order;
		}
		if (!zone_check(&zone))
			bad_check++;
		if (!zone_matches(&zone, &o, step % 16 == 0))
			bad_oracle++;
	}
	CU_ASSERT_EQUAL(bad_check, 0);
	CU_ASSERT_EQUAL(bad_oracle, 0);
	CU_ASSERT_EQUAL(overlap, 0);
	while (nblocks) {
		nblocks--;
		CU_ASSERT_EQUAL(__free_pages(&zone, blocks[nblocks].page,
					     blocks[nblocks].order),
				0);
	}
	CU_ASSERT_EQUAL(zone.free_pages, size);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
	oracle_exit(&o);
	free(blocks);
}

static void test_soak_aligned_zone(void)
{
	soak(2 * TOP_PAGES, 0x5eed0001, 3000);
}

static void test_soak_ragged_zone(void)
{
	soak(TOP_PAGES + TOP_PAGES / 2 + 7, 0x5eed0002, 3000);
}

static void test_is_head_of_free_region(void)
{
	struct zone zone;
	struct page *a, *b;

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	a = alloc_pages(&zone, 2); /* frames 508..511 */
	b = alloc_page(&zone); /* frame 507 */
	CU_ASSERT_EQUAL_FATAL(idx(&zone, a), TOP_PAGES - 4);
	CU_ASSERT_EQUAL_FATAL(idx(&zone, b), TOP_PAGES - 5);
	/* heads of free blocks */
	CU_ASSERT_EQUAL(is_head_of_free_region(&zone.zone_mem_map[0]),
			(int)TOP_PAGES / 2);
	CU_ASSERT_EQUAL(
		is_head_of_free_region(&zone.zone_mem_map[TOP_PAGES - 6]), 1);
	CU_ASSERT_EQUAL(
		is_head_of_free_region(&zone.zone_mem_map[TOP_PAGES - 8]), 2);
	/* interiors of free blocks */
	CU_ASSERT_EQUAL(is_head_of_free_region(&zone.zone_mem_map[1]), 0);
	CU_ASSERT_EQUAL(
		is_head_of_free_region(&zone.zone_mem_map[TOP_PAGES / 2 - 1]),
		0);
	CU_ASSERT_EQUAL(
		is_head_of_free_region(&zone.zone_mem_map[TOP_PAGES - 7]), 0);
	/* allocated pages: heads and interiors */
	CU_ASSERT_EQUAL(is_head_of_free_region(a), 0);
	CU_ASSERT_EQUAL(is_head_of_free_region(a + 1), 0);
	CU_ASSERT_EQUAL(is_head_of_free_region(b), 0);
	CU_ASSERT_EQUAL(__free_pages(&zone, a, 2), 0);
	CU_ASSERT_EQUAL(is_head_of_free_region(a), 4);
	CU_ASSERT_EQUAL(__free_page(&zone, b), 0);
	CU_ASSERT_EQUAL(is_head_of_free_region(&zone.zone_mem_map[0]),
			(int)TOP_PAGES);
	CU_ASSERT_EQUAL(is_head_of_free_region(a), 0);
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

/* the observable state of a zone, to prove an error changed nothing */
struct snapshot {
	unsigned long free_pages;
	char line[512];
	unsigned long flags_sum, order_sum;
	unsigned long map_sum;
};

static void snap(struct zone *zone, struct snapshot *s)
{
	unsigned long i, w;
	unsigned int order;

	memset(s, 0, sizeof(*s));
	s->free_pages = zone->free_pages;
	zone_free_areas_line(zone, s->line, sizeof(s->line));
	for (i = 0; i < zone->size; i++) {
		s->flags_sum = s->flags_sum * 31 + zone->zone_mem_map[i].flags;
		s->order_sum = s->order_sum * 31 + zone->zone_mem_map[i].order;
	}
	for (order = 0; order + 1 < MAX_ORDER; order++)
		for (w = 0;
		     w < BITS_TO_LONGS(((zone->size - 1) >> (order + 1)) + 1);
		     w++)
			s->map_sum =
				s->map_sum * 31 + zone->free_area[order].map[w];
}

static int same(struct zone *zone, const struct snapshot *before)
{
	struct snapshot now;

	snap(zone, &now);
	return !memcmp(&now, before, sizeof(now)) && zone_check(zone);
}

static void test_bad_frees(void)
{
	struct zone zone, other;
	struct page *block, *page, stray;
	struct snapshot s;

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	CU_ASSERT_EQUAL_FATAL(zone_init(&other, "Other", 16, 0), 0);
	block = alloc_pages(&zone, 3); /* frames 504..511 */
	page = alloc_page(&zone); /* frame 503 */
	CU_ASSERT_PTR_NOT_NULL_FATAL(block);
	CU_ASSERT_PTR_NOT_NULL_FATAL(page);
	snap(&zone, &s);

	/* wrong order, bigger and smaller */
	CU_ASSERT_EQUAL(__free_pages(&zone, block, 2), -EINVAL);
	CU_ASSERT_EQUAL(__free_pages(&zone, block, 4), -EINVAL);
	CU_ASSERT(same(&zone, &s));
	/* unaligned for its order */
	CU_ASSERT_EQUAL(__free_pages(&zone, block + 2, 3), -EINVAL);
	CU_ASSERT_EQUAL(__free_pages(&zone, page, 1), -EINVAL);
	CU_ASSERT(same(&zone, &s));
	/* an interior page of an allocated block, aligned for order 0 */
	CU_ASSERT_EQUAL(__free_page(&zone, block + 1), -EINVAL);
	CU_ASSERT(same(&zone, &s));
	/* order >= MAX_ORDER */
	CU_ASSERT_EQUAL(__free_pages(&zone, &zone.zone_mem_map[0], MAX_ORDER),
			-EINVAL);
	CU_ASSERT_PTR_NULL(alloc_pages(&zone, MAX_ORDER));
	CU_ASSERT(same(&zone, &s));
	/* pages outside the zone */
	CU_ASSERT_EQUAL(__free_page(&zone, &other.zone_mem_map[0]), -EFAULT);
	CU_ASSERT_EQUAL(__free_page(&zone, &stray), -EFAULT);
	CU_ASSERT_EQUAL(__free_page(&zone, &zone.zone_mem_map[TOP_PAGES]),
			-EFAULT);
	CU_ASSERT_EQUAL(
		__free_page(&zone,
			    (struct page *)((char *)&zone.zone_mem_map[3] + 1)),
		-EFAULT);
	CU_ASSERT(same(&zone, &s));
	CU_ASSERT_EQUAL(other.free_pages, 16);
	/* double frees: a head of a free block and a free interior page */
	CU_ASSERT_EQUAL(__free_page(&zone, &zone.zone_mem_map[0]), -EALREADY);
	CU_ASSERT_EQUAL(__free_page(&zone, &zone.zone_mem_map[5]), -EALREADY);
	CU_ASSERT_EQUAL(__free_page(&zone, page), 0);
	snap(&zone, &s);
	CU_ASSERT_EQUAL(__free_page(&zone, page), -EALREADY);
	CU_ASSERT(same(&zone, &s));
	/* a mapped block and a cached page are busy */
	block->mapcount = 1;
	CU_ASSERT_EQUAL(__free_pages(&zone, block, 3), -EBUSY);
	CU_ASSERT(same(&zone, &s));
	block->mapcount = 0;
	page = alloc_page(&zone);
	CU_ASSERT_PTR_NOT_NULL_FATAL(page);
	page->mapping = (struct address_space *)&other;
	snap(&zone, &s);
	CU_ASSERT_EQUAL(__free_page(&zone, page), -EBUSY);
	CU_ASSERT(same(&zone, &s));
	page->mapping = NULL;
	CU_ASSERT_EQUAL(__free_page(&zone, page), 0);
	snap(&zone, &s);
	CU_ASSERT_EQUAL(zone_release(&zone), -EBUSY);
	CU_ASSERT(same(&zone, &s));
	CU_ASSERT_EQUAL(__free_pages(&zone, block, 3), 0);
	CU_ASSERT_EQUAL(__free_pages(&zone, block, 3), -EALREADY);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
	CU_ASSERT_EQUAL(zone_release(&other), 0);
}

/* zone_check() must notice corruption, or the soaks prove nothing */
static void test_zone_check_catches(void)
{
	struct zone zone;
	struct page *page;

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	page = alloc_page(&zone);
	CU_ASSERT(zone_check(&zone));
	__change_bit(0, zone.free_area[2].map);
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(
		": Normal: order 2: bit of pair 0 disagrees with the lists");
	__change_bit(0, zone.free_area[2].map);
	zone.free_pages++;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: free_pages 512 but the lists hold 511");
	zone.free_pages--;
	page->order = 1;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: allocated block 511 has a bad order 1");
	page->order = 0;
	__clear_bit(PG_head, &page->flags);
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(
		": Normal: frame 511 is neither free nor in an allocated block");
	__set_bit(PG_head, &page->flags);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(__free_page(&zone, page), 0);
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

/*
 * Each corruption below breaks exactly one of zone_check()'s claims and
 * leaves every other one true, so only the check named can notice it.
 * After each, the zone is put back and must pass again.
 */
static void test_zone_check_catches_each_claim(void)
{
	struct zone zone;
	struct page *p511, *p510, *mem;
	struct list_head *o0, *o1;

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	mem = zone.zone_mem_map;
	o0 = &zone.free_area[0].free_list;
	o1 = &zone.free_area[1].free_list;
	p511 = alloc_page(&zone); /* frame 511 */
	p510 = alloc_page(&zone); /* frame 510 */
	CU_ASSERT_EQUAL_FATAL(idx(&zone, p511), TOP_PAGES - 1);
	CU_ASSERT_EQUAL_FATAL(idx(&zone, p510), TOP_PAGES - 2);
	CU_ASSERT(zone_check(&zone));

	/* two free buddies left unmerged, pair bit consistent ("both
	 * free" is "exactly one free" false, so the bit stays clear) */
	__clear_bit(PG_head, &p511->flags);
	__clear_bit(PG_head, &p510->flags);
	list_add(&p510->list, o0);
	list_add(&p511->list, o0);
	zone.free_pages += 2;
	CU_ASSERT_FALSE(test_bit((TOP_PAGES - 2) >> 1, zone.free_area[0].map));
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: buddies 510 and 511 are both free at order 0");
	list_del(&p510->list);
	list_del(&p511->list);
	zone.free_pages -= 2;
	__set_bit(PG_head, &p511->flags);
	__set_bit(PG_head, &p510->flags);
	CU_ASSERT(zone_check(&zone));

	/* a frame inside a free block that still heads an allocated one */
	__set_bit(PG_head, &mem[1].flags);
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(
		": Normal: frame 1 of free block 0 is marked allocated, cached or mapped");
	__clear_bit(PG_head, &mem[1].flags);
	/* a frame inside a free block that claims a page cache */
	mem[3].mapping = (struct address_space *)&zone;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(
		": Normal: frame 3 of free block 0 is marked allocated, cached or mapped");
	mem[3].mapping = NULL;
	CU_ASSERT(zone_check(&zone));

	/* one frame in two free blocks: frame 1 also on the order-0 list */
	list_add(&mem[1].list, o0);
	zone.free_pages++;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: frame 1 is in two free blocks");
	list_del(&mem[1].list);
	zone.free_pages--;
	CU_ASSERT(zone_check(&zone));

	/* a free block not aligned to its order: the order-1 block at
	 * 508 moved to start at 509 (frame 508 then belongs to nothing) */
	CU_ASSERT_PTR_EQUAL_FATAL(o1->next, &mem[TOP_PAGES - 4].list);
	list_del(&mem[TOP_PAGES - 4].list);
	list_add(&mem[TOP_PAGES - 3].list, o1);
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: order 1: block 509 is not aligned");
	list_del(&mem[TOP_PAGES - 3].list);
	list_add(&mem[TOP_PAGES - 4].list, o1);
	CU_ASSERT(zone_check(&zone));

	/* a free block on the list of the wrong order, free_pages to
	 * match: frame 509 is left neither free nor allocated */
	list_move(&mem[TOP_PAGES - 4].list, o0);
	zone.free_pages--;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(
		": Normal: frame 509 is neither free nor in an allocated block");
	list_move(&mem[TOP_PAGES - 4].list, o1);
	zone.free_pages++;
	CU_ASSERT(zone_check(&zone));

	/* a broken ring: a free list whose head's prev is stale */
	o1->prev = o1;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": list_check at mm/page_alloc.c:");
	o1->prev = &mem[TOP_PAGES - 4].list;
	CU_ASSERT(zone_check(&zone));

	/* a page descriptor that names another zone */
	mem[7].zone = NULL;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: frame 7 names another zone");
	mem[7].zone = &zone;

	/* an allocated block whose order runs past its neighbour's head */
	p510->order = 1;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: frame 511 heads a block inside block 510");
	p510->order = 0;
	CU_ASSERT(zone_check(&zone));

	CU_ASSERT_EQUAL(__free_page(&zone, p510), 0);
	CU_ASSERT_EQUAL(__free_page(&zone, p511), 0);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

/* zone_check() claims that only the rarer corruptions reach */
static void test_zone_check_catches_more(void)
{
	struct zone zone;
	struct page *p511, *p510, *blk, stray;

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	p511 = alloc_page(&zone);
	p510 = alloc_page(&zone);
	blk = alloc_pages(&zone, 1); /* frames 508-509 */
	CU_ASSERT_PTR_NOT_NULL_FATAL(blk);
	CU_ASSERT_EQUAL(__free_page(&zone, p511), 0); /* 511 free */
	CU_ASSERT(zone_check(&zone));

	/* a page descriptor of no zone on a free list */
	memset(&stray, 0, sizeof(stray));
	list_add(&stray.list, &zone.free_area[0].free_list);
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: order 0: page");
	list_del(&stray.list);
	/* an allocated block (510, claiming order 1) over free frame 511 */
	p510->order = 1;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: frame 511 is free and allocated");
	p510->order = 0;
	/* a page cache holding a block bigger than a page */
	blk->mapping = (struct address_space *)&zone;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: cached page 508 has order 1");
	blk->mapping = NULL;
	CU_ASSERT(zone_check(&zone));

	CU_ASSERT_EQUAL(__free_pages(&zone, blk, 1), 0);
	CU_ASSERT_EQUAL(__free_page(&zone, p510), 0);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

/* a NULL zone and a released one are reported as such */
static void test_zone_check_reports_null_and_released(void)
{
	struct zone zone;

	EXPECT_CHECK_FAILS(zone_check(NULL), "zone_check");
	expect_detail(": no zone (NULL)");
	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail("has no frames (released?)");
}

/* a free block past the end of a ragged zone */
static void test_zone_check_catches_block_past_end(void)
{
	struct zone zone;
	struct page *last;
	unsigned long size = TOP_PAGES + 3; /* frames 512-514 ragged */

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", size, 0), 0);
	/* frame 514 is an order-0 block; claim it is order 1 (514-515) */
	last = &zone.zone_mem_map[size - 1];
	CU_ASSERT_EQUAL_FATAL(is_head_of_free_region(last), 1);
	list_move(&last->list, &zone.free_area[1].free_list);
	zone.free_pages++;
	EXPECT_CHECK_FAILS(zone_check(&zone), "zone_check");
	expect_detail(": Normal: order 1: block 514 passes the end");
	list_move(&last->list, &zone.free_area[0].free_list);
	zone.free_pages--;
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

static void expected_line(char *buf, size_t size, const unsigned long *nr)
{
	unsigned long total = 0;
	unsigned int order;
	int pos;

	pos = snprintf(buf, size, "Normal: ");
	for (order = 0; order < MAX_ORDER; order++) {
		unsigned long kb = (PAGE_SIZE / 1024) << order;

		pos += snprintf(buf + pos, size - pos, "%lu*%lukB ", nr[order],
				kb);
		total += nr[order] * kb;
	}
	snprintf(buf + pos, size - pos, "= %lukB", total);
}

static void test_show_free_areas(void)
{
	struct zone zone;
	unsigned long nr[MAX_ORDER] = { 0 };
	char want[512], got[512], *mem = NULL;
	size_t memlen = 0;
	unsigned int order;
	struct page *page;
	FILE *f;
	int len;

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", TOP_PAGES, 0), 0);
	nr[TOP_ORDER] = 1;
	expected_line(want, sizeof(want), nr);
	len = zone_free_areas_line(&zone, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, want);
	CU_ASSERT_EQUAL(len, (int)strlen(want));
#if MAX_ORDER == 10 && PAGE_SHIFT == 12
	CU_ASSERT_STRING_EQUAL(got, "Normal: 0*4kB 0*8kB 0*16kB 0*32kB "
				    "0*64kB 0*128kB 0*256kB 0*512kB 0*1024kB "
				    "1*2048kB = 2048kB");
#endif

	page = alloc_page(&zone);
	for (order = 0; order < TOP_ORDER; order++)
		nr[order] = 1;
	nr[TOP_ORDER] = 0;
	expected_line(want, sizeof(want), nr);
	zone_free_areas_line(&zone, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, want);
#if MAX_ORDER == 10 && PAGE_SHIFT == 12
	CU_ASSERT_STRING_EQUAL(got, "Normal: 1*4kB 1*8kB 1*16kB 1*32kB "
				    "1*64kB 1*128kB 1*256kB 1*512kB 1*1024kB "
				    "0*2048kB = 2044kB");
#endif

	/* show_free_areas prints the same line and a newline */
	f = open_memstream(&mem, &memlen);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	len = show_free_areas(&zone, f);
	fclose(f);
	CU_ASSERT_EQUAL(len, (int)strlen(want) + 1);
	CU_ASSERT_EQUAL(memlen, strlen(want) + 1);
	CU_ASSERT(!strncmp(mem, want, strlen(want)) &&
		  mem[strlen(want)] == '\n');
	free(mem);

	/* a short buffer is cut and terminated; the full length returned */
	memset(got, 'x', sizeof(got));
	len = zone_free_areas_line(&zone, got, 10);
	CU_ASSERT_EQUAL(len, (int)strlen(want));
	CU_ASSERT_EQUAL(strlen(got), 9);
	CU_ASSERT(!strncmp(got, want, 9));
	CU_ASSERT_EQUAL(zone_free_areas_line(&zone, NULL, 0),
			(int)strlen(want));

	/* buddyinfo: "Node 0, zone   Normal" and "%6lu " per order */
	len = zone_buddyinfo_line(&zone, got, sizeof(got));
	CU_ASSERT_EQUAL(
		len, (int)(strlen("Node 0, zone   Normal ") + 7 * MAX_ORDER));
	CU_ASSERT(!strncmp(got, "Node 0, zone   Normal      1      1 ",
			   strlen("Node 0, zone   Normal      1      1 ")));
	{
		unsigned long v[MAX_ORDER];
		const char *p = got + strlen("Node 0, zone   Normal");
		char *end;

		for (order = 0; order < MAX_ORDER; order++) {
			v[order] = strtoul(p, &end, 10);
			CU_ASSERT(end != p);
			p = end;
			CU_ASSERT_EQUAL(v[order], nr[order]);
		}
		CU_ASSERT_STRING_EQUAL(p, " ");
	}
	CU_ASSERT_EQUAL(__free_page(&zone, page), 0);
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

/* show_free_areas() prints whatever the zone is called */
static void test_show_free_areas_long_name(void)
{
	struct zone zone;
	char name[1024], want[2048], *mem = NULL;
	size_t memlen = 0;
	long live;
	FILE *f;
	int len;

	memset(name, 'z', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, name, TOP_PAGES, 0), 0);
	len = zone_free_areas_line(&zone, want, sizeof(want));
	CU_ASSERT_FATAL(len > 0 && (size_t)len < sizeof(want));
	f = open_memstream(&mem, &memlen);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(show_free_areas(&zone, f), len + 1);
	fclose(f);
	CU_ASSERT_EQUAL(memlen, (size_t)len + 1);
	CU_ASSERT(mem && !strncmp(mem, want, len) && mem[len] == '\n');
	free(mem);
	/* its one allocation failing: -ENOMEM, nothing printed or leaked */
	mem = NULL;
	memlen = 0;
	f = open_memstream(&mem, &memlen);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	live = kmalloc_live();
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(show_free_areas(&zone, f), -ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	fclose(f);
	CU_ASSERT_EQUAL(memlen, 0);
	free(mem);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

static void test_zone_init_errors(void)
{
	struct zone zone;
	long live = kmalloc_live();
	unsigned long n;
	int err;

	CU_ASSERT_EQUAL(zone_init(&zone, "Normal", 0, 0), -EINVAL);
	CU_ASSERT_EQUAL(zone_init(&zone, "Normal", ZONE_MAX_PAGES + 1, 0),
			-EINVAL);
	CU_ASSERT_EQUAL(zone_init(&zone, "Normal", 16, 0x80), -EINVAL);
	CU_ASSERT_EQUAL(zone_init(NULL, "Normal", 16, 0), -EINVAL);
	CU_ASSERT_EQUAL(zone_release(NULL), -EINVAL);
	CU_ASSERT_EQUAL(kmalloc_live(), live);

	/* fail each allocation of zone_init in turn */
	for_each_alloc_failure(n,
			       err = zone_init(&zone, "Normal",
					       3 * TOP_PAGES + 5, ZONE_ARENA)) {
		CU_ASSERT_EQUAL(err, -ENOMEM);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		if (n > 100) {
			CU_FAIL("zone_init never succeeds");
			return;
		}
	}
	CU_ASSERT_EQUAL_FATAL(err, 0);
	CU_ASSERT(n > 1);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static void test_arena(void)
{
	struct zone zone, bare;
	struct page *a, *b;
	char *pa, *pb;

	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal", 64, ZONE_ARENA), 0);
	CU_ASSERT_EQUAL_FATAL(zone_init(&bare, "Bare", 64, 0), 0);
	/* page addresses are PAGE_SIZE aligned, whatever the host's page
	 * size (free_pages() and "addr & PAGE_MASK" rely on it) */
	CU_ASSERT_EQUAL((uintptr_t)zone.arena & ~PAGE_MASK, 0);
	a = alloc_pages(&zone, 1);
	b = alloc_page(&zone);
	pa = page_address(a);
	pb = page_address(b);
	CU_ASSERT_PTR_NOT_NULL_FATAL(pa);
	CU_ASSERT_PTR_NOT_NULL_FATAL(pb);
	CU_ASSERT_EQUAL(pa - (char *)zone.arena,
			(long)(idx(&zone, a) << PAGE_SHIFT));
	CU_ASSERT_EQUAL(pb - pa,
			(long)((idx(&zone, b) - idx(&zone, a)) << PAGE_SHIFT));
	memset(pa, 0xa5, 2 * PAGE_SIZE); /* usable memory */
	memset(pb, 0x5a, PAGE_SIZE);
	CU_ASSERT_EQUAL((unsigned char)pa[2 * PAGE_SIZE - 1], 0xa5);
	CU_ASSERT_PTR_NULL(page_address(&bare.zone_mem_map[0]));

	/* by address: __get_free_pages, virt_to_page, free_pages */
	{
		unsigned long addr = __get_free_pages(&zone, 2);
		struct page *p;

		CU_ASSERT_NOT_EQUAL_FATAL(addr, 0);
		p = virt_to_page(&zone, (void *)(addr + 3 * PAGE_SIZE + 5));
		CU_ASSERT_PTR_EQUAL(p, virt_to_page(&zone, (void *)addr) + 3);
		CU_ASSERT_PTR_EQUAL(
			page_address(virt_to_page(&zone, (void *)addr)),
			(void *)addr);
		CU_ASSERT_PTR_NULL(virt_to_page(
			&zone, (void *)((uintptr_t)zone.arena - 1)));
		CU_ASSERT_PTR_NULL(virt_to_page(&zone, (char *)zone.arena +
							       64 * PAGE_SIZE));
		CU_ASSERT_PTR_NULL(virt_to_page(&bare, pa));
		CU_ASSERT_EQUAL(free_pages(&zone, addr + 1, 2), -EFAULT);
		CU_ASSERT_EQUAL(free_pages(&zone, (unsigned long)&zone, 2),
				-EFAULT);
		CU_ASSERT_EQUAL(free_pages(&bare, addr, 2), -EFAULT);
		CU_ASSERT_EQUAL(free_pages(&zone, addr, 1), -EINVAL);
		CU_ASSERT(zone_check(&zone));
		CU_ASSERT_EQUAL(free_pages(&zone, addr, 2), 0);
		CU_ASSERT_EQUAL(free_pages(&zone, addr, 2), -EALREADY);
		CU_ASSERT_EQUAL(__get_free_pages(&bare, 0), 0);
		CU_ASSERT_EQUAL(__get_free_pages(&zone, MAX_ORDER), 0);
		CU_ASSERT_EQUAL(bare.free_pages, 64);
	}
	CU_ASSERT_EQUAL(__free_pages(&zone, a, 1), 0);
	CU_ASSERT_EQUAL(__free_page(&zone, b), 0);
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
	CU_ASSERT_EQUAL(zone_release(&bare), 0);
}

/* zone_init() stands for free_area_init_core() and free_all_bootmem() */
static CU_TestInfo free_area_init_core_tests[] = {
	{ "zone_init layouts", test_init_layout },
	{ "zone_init errors and fault injection", test_zone_init_errors },
	CU_TEST_INFO_NULL,
};

/* rmqueue() and expand(), through __alloc_pages() */
static CU_TestInfo rmqueue_tests[] = {
	{ "fixed split order of a 512-page zone", test_split_order },
	{ "every order fills the zone", test_every_order_fills_zone },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo free_pages_ok_tests[] = {
	{ "free: head insertion, merge at the lower address, top order",
	  test_free_head_insertion_and_merge },
	{ "bad frees change nothing", test_bad_frees },
	{ "soak, aligned zone", test_soak_aligned_zone },
	{ "soak, ragged zone", test_soak_ragged_zone },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo is_head_of_free_region_tests[] = {
	{ "is_head_of_free_region", test_is_head_of_free_region },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo show_free_areas_tests[] = {
	{ "show_free_areas and buddyinfo", test_show_free_areas },
	{ "show_free_areas with a long zone name",
	  test_show_free_areas_long_name },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo get_free_pages_tests[] = {
	{ "arena pages are memory", test_arena },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo zone_check_tests[] = {
	{ "zone_check catches corruption", test_zone_check_catches },
	{ "zone_check catches each claim's corruption alone",
	  test_zone_check_catches_each_claim },
	{ "zone_check catches rarer corruptions",
	  test_zone_check_catches_more },
	{ "zone_check catches a block past the end",
	  test_zone_check_catches_block_past_end },
	{ "zone_check reports a NULL or released zone",
	  test_zone_check_reports_null_and_released },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("mm/page_alloc/free_area_init_core", free_area_init_core_tests,
	    NULL, NULL)
KTEST_SUITE("mm/page_alloc/rmqueue", rmqueue_tests, NULL, NULL)
KTEST_SUITE("mm/page_alloc/__free_pages_ok", free_pages_ok_tests, NULL, NULL)
KTEST_SUITE("mm/page_alloc/is_head_of_free_region",
	    is_head_of_free_region_tests, NULL, NULL)
KTEST_SUITE("mm/page_alloc/show_free_areas", show_free_areas_tests, NULL, NULL)
KTEST_SUITE("mm/page_alloc/__get_free_pages", get_free_pages_tests, NULL, NULL)
KTEST_SUITE("mm/page_alloc/zone_check", zone_check_tests, report_suite_init,
	    report_suite_cleanup)
