// SPDX-License-Identifier: MIT
/*
 * tests/mm/test_threads.c - the locks of mm/ under real threads.
 *
 * zone->lock (mm/page_alloc.c): threads allocate and free blocks of one
 * zone at once, each writing its own pattern into the arena memory of
 * every block it holds and checking it before the free, so a block handed
 * to two threads shows up as a wrong pattern (and as a race under
 * ThreadSanitizer).  page_table_lock, page_lock and the atomic mapcount
 * (mm/memory.c, mm/filemap.c): threads with a process each fault the
 * same file's pages in at once, in different orders, so that two of them
 * miss the page cache for the same page and one must use the other's
 * page.  Workers only count; the asserts run after the joins.
 */
#include <pthread.h>
#include <string.h>

#include "compat/slab.h"
#include "tests/ktest.h"
#include "tests/mm/fixture.h"

#define NR_THREADS 4
#define ALLOC_STEPS 3000
#define HELD_MAX 32
#define FAULT_PAGES 64UL

struct alloc_worker {
	pthread_t thread;
	struct zone *zone;
	unsigned char pattern;
	uint64_t seed;
	unsigned long allocs, failures, corrupt, bad_frees;
};

static int block_holds(struct page *page, unsigned int order,
		       unsigned char pattern)
{
	const unsigned char *mem = page_address(page);
	unsigned long i;

	for (i = 0; i < (PAGE_SIZE << order); i += 512)
		if (mem[i] != pattern)
			return 0;
	return 1;
}

static void *alloc_worker_fn(void *arg)
{
	struct alloc_worker *w = arg;
	struct page *held[HELD_MAX];
	unsigned int orders[HELD_MAX];
	int nheld = 0, step;

	for (step = 0; step < ALLOC_STEPS; step++) {
		if (nheld == HELD_MAX || (nheld && fx_rand(&w->seed) % 2)) {
			int k = fx_rand(&w->seed) % nheld;

			if (!block_holds(held[k], orders[k], w->pattern))
				w->corrupt++;
			if (__free_pages(w->zone, held[k], orders[k]))
				w->bad_frees++;
			held[k] = held[--nheld];
			orders[k] = orders[nheld];
		} else {
			unsigned int order = fx_rand(&w->seed) % 4;
			struct page *page = alloc_pages(w->zone, order);

			if (!page) {
				w->failures++;
				continue;
			}
			w->allocs++;
			memset(page_address(page), w->pattern,
			       PAGE_SIZE << order);
			held[nheld] = page;
			orders[nheld++] = order;
		}
	}
	while (nheld--) {
		if (!block_holds(held[nheld], orders[nheld], w->pattern))
			w->corrupt++;
		if (__free_pages(w->zone, held[nheld], orders[nheld]))
			w->bad_frees++;
	}
	return NULL;
}

static void test_concurrent_alloc_free(void)
{
	struct alloc_worker w[NR_THREADS];
	struct zone zone;
	unsigned long allocs = 0;
	int i, started = 0;

	/* room for about half of what the threads may hold at once */
	CU_ASSERT_EQUAL_FATAL(zone_init(&zone, "Normal",
					NR_THREADS * HELD_MAX * 4, ZONE_ARENA),
			      0);
	for (i = 0; i < NR_THREADS; i++) {
		memset(&w[i], 0, sizeof(w[i]));
		w[i].zone = &zone;
		w[i].pattern = (unsigned char)(0x11 * (i + 1));
		w[i].seed = 0xabc0 + i;
		if (pthread_create(&w[i].thread, NULL, alloc_worker_fn, &w[i]))
			break;
		started++;
	}
	for (i = 0; i < started; i++)
		pthread_join(w[i].thread, NULL);
	CU_ASSERT_EQUAL(started, NR_THREADS);
	for (i = 0; i < started; i++) {
		CU_ASSERT_EQUAL(w[i].corrupt, 0);
		CU_ASSERT_EQUAL(w[i].bad_frees, 0);
		allocs += w[i].allocs;
	}
	CU_ASSERT(allocs > NR_THREADS * ALLOC_STEPS / 4);
	CU_ASSERT_EQUAL(zone.free_pages, zone.size);
	CU_ASSERT(zone_check(&zone));
	CU_ASSERT_EQUAL(zone_nr_free_blocks(&zone, MAX_ORDER - 1),
			zone.size >> (MAX_ORDER - 1));
	CU_ASSERT_EQUAL(zone_release(&zone), 0);
}

struct fault_worker {
	pthread_t thread;
	struct mm_struct *mm;
	struct vm_area_struct *vma;
	uint64_t seed;
	unsigned long errors;
};

static void *fault_worker_fn(void *arg)
{
	struct fault_worker *w = arg;
	unsigned long order[FAULT_PAGES], i, j, t;

	/* every page once, in this thread's own random order */
	for (i = 0; i < FAULT_PAGES; i++)
		order[i] = i;
	for (i = FAULT_PAGES - 1; i > 0; i--) {
		j = fx_rand(&w->seed) % (i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (i = 0; i < FAULT_PAGES; i++)
		if (handle_mm_fault(w->mm, w->vma,
				    w->vma->vm_start + order[i] * PAGE_SIZE, 0))
			w->errors++;
	return NULL;
}

static void test_concurrent_faults(void)
{
	struct fault_worker w[NR_THREADS];
	struct fx f;
	unsigned long i, wrong = 0;
	int t, started = 0, round;

	for (round = 0; round < 4; round++) {
		CU_ASSERT_EQUAL_FATAL(fx_init(&f, 2 * FAULT_PAGES,
					      FAULT_PAGES * PAGE_SIZE,
					      ZONE_ARENA, NR_THREADS),
				      0);
		for (t = 0; t < NR_THREADS; t++) {
			memset(&w[t], 0, sizeof(w[t]));
			w[t].mm = f.mm[t];
			w[t].seed = 0xfa0 + 16 * round + t;
			CU_ASSERT_EQUAL(do_mmap(f.mm[t], &f.file, 0x100000,
						FAULT_PAGES * PAGE_SIZE,
						VM_READ |
							(t % 2 ? VM_SHARED : 0),
						0, &w[t].vma),
					0);
		}
		started = 0;
		for (t = 0; t < NR_THREADS; t++) {
			if (pthread_create(&w[t].thread, NULL, fault_worker_fn,
					   &w[t]))
				break;
			started++;
		}
		for (t = 0; t < started; t++)
			pthread_join(w[t].thread, NULL);
		CU_ASSERT_EQUAL(started, NR_THREADS);
		for (t = 0; t < started; t++)
			CU_ASSERT_EQUAL(w[t].errors, 0);
		/* one cached page per file page, mapped by every process */
		CU_ASSERT_EQUAL(f.inode.i_mapping->nrpages, FAULT_PAGES);
		for (i = 0; i < FAULT_PAGES; i++) {
			struct page *page = find_get_page(f.inode.i_mapping, i);

			if (!page || page_mapcount(page) != NR_THREADS)
				wrong++;
			for (t = 0; t < NR_THREADS; t++)
				if (follow_page(f.mm[t],
						0x100000 + i * PAGE_SIZE) !=
				    page)
					wrong++;
		}
		CU_ASSERT_EQUAL(wrong, 0);
		CU_ASSERT(fx_check(&f));
		CU_ASSERT_EQUAL(vmtruncate(&f.inode, 0), 0);
		CU_ASSERT(fx_check(&f));
		CU_ASSERT_EQUAL(f.zone.free_pages, f.zone.size);
		CU_ASSERT_EQUAL(fx_exit(&f), 0);
	}
}

static CU_TestInfo alloc_tests[] = {
	{ "concurrent alloc/free in one zone", test_concurrent_alloc_free },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo fault_tests[] = {
	{ "concurrent faults of one file from several mms",
	  test_concurrent_faults },
	CU_TEST_INFO_NULL,
};

/* "mm/threads/...": the runner's --threaded selects them */
KTEST_SUITE("mm/threads/__alloc_pages", alloc_tests, NULL, NULL)
KTEST_SUITE("mm/threads/handle_mm_fault", fault_tests, NULL, NULL)
