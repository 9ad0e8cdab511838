// SPDX-License-Identifier: MIT
/*
 * tests/mm/test_memory.c - truncation and faults (mm/memory.c).
 *
 * vmtruncate() and vmtruncate_list() against a brute-force oracle on
 * thousands of random vma layouts and offsets (offset 0, unaligned
 * offsets, a vma ending exactly at pgoff, pgoff past every vma, both
 * lists), growing, bad offsets, the zeroed tail of the partial page,
 * zap_page_range()'s edge cases, faults, and conservation through random
 * map/fault/truncate cycles.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/mm/fixture.h"

#define MAX_VMAS 8
#define FILE_PAGES 80UL
#define TRIALS 3000

struct mapped {
	struct mm_struct *mm;
	unsigned long addr;
	unsigned long index;
};

/* which cases the random layouts reached: each must be seen */
struct coverage {
	unsigned long whole, partly, untouched, ends_at_pgoff, past_all;
	unsigned long offset0, unaligned, both_lists, via_list;
};

static unsigned long pgoff_of(long long offset)
{
	/* rounded up, written the slow, obvious way */
	unsigned long pages = (unsigned long)(offset / (long long)PAGE_SIZE);

	if (offset % (long long)PAGE_SIZE)
		pages++;
	return pages;
}

static long long pick_offset(uint64_t *rs, struct vm_area_struct **vmas,
			     int nvma, struct coverage *cov)
{
	struct vm_area_struct *v = vmas[fx_rand(rs) % nvma];
	unsigned long vpages = (v->vm_end - v->vm_start) >> PAGE_SHIFT;
	long long ps = PAGE_SIZE;

	switch (fx_rand(rs) % 8) {
	case 0:
		cov->offset0++;
		return 0;
	case 1:
		return (long long)(fx_rand(rs) % 70) * ps;
	case 2:
		cov->unaligned++;
		return (long long)(fx_rand(rs) % 70) * ps + 1 +
		       (long long)(fx_rand(rs) % (PAGE_SIZE - 1));
	case 3: /* pgoff exactly at a vma's end */
		return (long long)(v->vm_pgoff + vpages) * ps;
	case 4: /* the last byte of a vma's last page */
		return (long long)(v->vm_pgoff + vpages) * ps - 1;
	case 5: /* one byte into a vma */
		return (long long)v->vm_pgoff * ps + 1;
	case 6: /* at a vma's start */
		return (long long)v->vm_pgoff * ps;
	default: /* the file's size: past every vma */
		return (long long)FILE_PAGES * ps;
	}
}

static void one_trial(uint64_t *rs, struct coverage *cov, bool use_list)
{
	struct fx f;
	struct vm_area_struct *vmas[MAX_VMAS];
	struct mapped *mapped;
	unsigned long nmapped = 0, expect_unmapped = 0, got_unmapped = 0;
	unsigned long survivors = 0;
	unsigned long pgoff, max_end = 0, i, a;
	bool cached[FILE_PAGES];
	int nvma, nmm, v, err = 0, wrong = 0;
	int slot[FX_MAX_MM] = { 0 };
	long long offset;

	nmm = 1 + fx_rand(rs) % 3;
	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 256, FILE_PAGES * PAGE_SIZE, 0, nmm),
			      0);
	nvma = 1 + fx_rand(rs) % MAX_VMAS;
	mapped = calloc(MAX_VMAS * 16, sizeof(*mapped));
	for (v = 0; v < nvma; v++) {
		int m = fx_rand(rs) % nmm;
		/* start near a pte table boundary so zaps cross tables */
		unsigned long addr =
			PMD_SIZE - 16 * PAGE_SIZE +
			(slot[m]++ * 32 + fx_rand(rs) % 8) * PAGE_SIZE;
		unsigned long len = 1 + fx_rand(rs) % 16;
		unsigned long off = fx_rand(rs) % 48;
		unsigned long flags =
			VM_READ |
			(fx_rand(rs) % 2 ? VM_SHARED | VM_MAYSHARE : 0);

		err |= do_mmap(f.mm[m], &f.file, addr, len * PAGE_SIZE, flags,
			       off, &vmas[v]);
		if (off + len > max_end)
			max_end = off + len;
	}
	CU_ASSERT_EQUAL_FATAL(err, 0);
	/* fault in about two pages in three */
	for (v = 0; v < nvma; v++)
		for (a = vmas[v]->vm_start; a < vmas[v]->vm_end; a += PAGE_SIZE)
			if (fx_rand(rs) % 3)
				err |= handle_mm_fault(
					vmas[v]->vm_mm, vmas[v],
					a + fx_rand(rs) % PAGE_SIZE, 0);
	CU_ASSERT_EQUAL_FATAL(err, 0);
	/* what is mapped now, found by brute force */
	for (v = 0; v < nvma; v++)
		for (a = vmas[v]->vm_start; a < vmas[v]->vm_end; a += PAGE_SIZE)
			if (follow_page(vmas[v]->vm_mm, a)) {
				mapped[nmapped].mm = vmas[v]->vm_mm;
				mapped[nmapped].addr = a;
				mapped[nmapped++].index =
					vmas[v]->vm_pgoff +
					(a - vmas[v]->vm_start) / PAGE_SIZE;
			}
	for (i = 0; i < FILE_PAGES; i++)
		cached[i] = find_get_page(f.inode.i_mapping, i) != NULL;

	offset = pick_offset(rs, vmas, nvma, cov);
	pgoff = pgoff_of(offset);
	for (i = 0; i < nmapped; i++)
		if (mapped[i].index >= pgoff)
			expect_unmapped++;
	for (v = 0; v < nvma; v++) {
		unsigned long vp =
			(vmas[v]->vm_end - vmas[v]->vm_start) / PAGE_SIZE;

		if (vmas[v]->vm_pgoff >= pgoff)
			cov->whole++;
		else if (vmas[v]->vm_pgoff + vp > pgoff)
			cov->partly++;
		else
			cov->untouched++;
		if (vmas[v]->vm_pgoff + vp == pgoff)
			cov->ends_at_pgoff++;
	}
	if (pgoff >= max_end)
		cov->past_all++;
	if (!list_empty(&f.inode.i_mapping->i_mmap) &&
	    !list_empty(&f.inode.i_mapping->i_mmap_shared))
		cov->both_lists++;

	if (use_list) {
		cov->via_list++;
		got_unmapped =
			vmtruncate_list(&f.inode.i_mapping->i_mmap, pgoff);
		got_unmapped += vmtruncate_list(
			&f.inode.i_mapping->i_mmap_shared, pgoff);
		CU_ASSERT_EQUAL(got_unmapped, expect_unmapped);
	} else {
		CU_ASSERT_EQUAL(vmtruncate(&f.inode, offset), 0);
		CU_ASSERT_EQUAL(f.inode.i_size, offset);
		/* the page cache keeps exactly the pages below pgoff */
		for (i = 0; i < FILE_PAGES; i++)
			if ((find_get_page(f.inode.i_mapping, i) != NULL) !=
			    (cached[i] && i < pgoff))
				wrong++;
	}
	/* exactly the mapped pages at or past pgoff went */
	for (i = 0; i < nmapped; i++)
		if ((follow_page(mapped[i].mm, mapped[i].addr) != NULL) !=
		    (mapped[i].index < pgoff))
			wrong++;
	/* and nothing is mapped that was not before */
	for (v = 0; v < nvma; v++)
		for (a = vmas[v]->vm_start; a < vmas[v]->vm_end; a += PAGE_SIZE)
			if (follow_page(vmas[v]->vm_mm, a))
				survivors++;
	CU_ASSERT_EQUAL(survivors, nmapped - expect_unmapped);
	CU_ASSERT_EQUAL(wrong, 0);
	CU_ASSERT(fx_check(&f));
	free(mapped);
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

static void test_vmtruncate_oracle(void)
{
	uint64_t rs = 0x7275ACA7Eull;
	struct coverage cov = { 0 };
	int t;

	for (t = 0; t < TRIALS; t++)
		one_trial(&rs, &cov, t % 3 == 0);
	CU_ASSERT(cov.whole > 0);
	CU_ASSERT(cov.partly > 0);
	CU_ASSERT(cov.untouched > 0);
	CU_ASSERT(cov.ends_at_pgoff > 0);
	CU_ASSERT(cov.past_all > 0);
	CU_ASSERT(cov.offset0 > 0);
	CU_ASSERT(cov.unaligned > 0);
	CU_ASSERT(cov.both_lists > 0);
	CU_ASSERT(cov.via_list > 0);
}

/* the three vmtruncate_list cases on one hand-made layout */
static void test_vmtruncate_list_cases(void)
{
	struct fx f;
	struct vm_area_struct *low, *mid, *high;
	unsigned long a;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 64, 32 * PAGE_SIZE, 0, 1), 0);
	/* file pages 0-3, 4-11 and 12-15, all private, all faulted */
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x100000, 4 * PAGE_SIZE,
				VM_READ, 0, &low),
			0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x200000, 8 * PAGE_SIZE,
				VM_READ, 4, &mid),
			0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x300000, 4 * PAGE_SIZE,
				VM_READ, 12, &high),
			0);
	for (a = 0; a < 16; a++) {
		struct vm_area_struct *v = a < 4 ? low : a < 12 ? mid : high;
		unsigned long addr =
			v->vm_start + (a - v->vm_pgoff) * PAGE_SIZE;

		CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], v, addr, 0), 0);
	}
	CU_ASSERT_EQUAL(f.mm[0]->rss, 16);
	/* pgoff 4: low ends exactly there (untouched), mid and high whole */
	CU_ASSERT_EQUAL(vmtruncate_list(&f.inode.i_mapping->i_mmap, 4), 12);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 4);
	CU_ASSERT_PTR_NOT_NULL(follow_page(f.mm[0], low->vm_end - PAGE_SIZE));
	CU_ASSERT_PTR_NULL(follow_page(f.mm[0], mid->vm_start));
	/* refault mid, then cut it in the middle: pgoff 7 */
	for (a = mid->vm_start; a < mid->vm_end; a += PAGE_SIZE)
		CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], mid, a, 0), 0);
	CU_ASSERT_EQUAL(vmtruncate_list(&f.inode.i_mapping->i_mmap, 7), 5);
	CU_ASSERT_PTR_NOT_NULL(
		follow_page(f.mm[0], mid->vm_start + 2 * PAGE_SIZE));
	CU_ASSERT_PTR_NULL(follow_page(f.mm[0], mid->vm_start + 3 * PAGE_SIZE));
	/* the empty list and a pgoff past everything do nothing */
	CU_ASSERT_EQUAL(vmtruncate_list(&f.inode.i_mapping->i_mmap_shared, 0),
			0);
	CU_ASSERT_EQUAL(vmtruncate_list(&f.inode.i_mapping->i_mmap, ~0UL), 0);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 7);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

static void test_vmtruncate_grow_and_bad_offsets(void)
{
	struct fx f;
	struct vm_area_struct *vma;
	unsigned long a, free_before;
	long long size = 8 * PAGE_SIZE;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 64, size, 0, 1), 0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x10000, 8 * PAGE_SIZE,
				VM_READ | VM_SHARED, 0, &vma),
			0);
	for (a = vma->vm_start; a < vma->vm_end; a += PAGE_SIZE)
		CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], vma, a, 0), 0);
	free_before = f.zone.free_pages;

	CU_ASSERT_EQUAL(vmtruncate(&f.inode, -1), -EINVAL);
	CU_ASSERT_EQUAL(vmtruncate(&f.inode, LLONG_MIN), -EINVAL);
	CU_ASSERT_EQUAL(vmtruncate(NULL, 0), -EINVAL);
	CU_ASSERT_EQUAL(f.inode.i_size, size);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 8);

	/* growing unmaps nothing */
	CU_ASSERT_EQUAL(vmtruncate(&f.inode, 100 * PAGE_SIZE + 3), 0);
	CU_ASSERT_EQUAL(f.inode.i_size, 100 * PAGE_SIZE + 3);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 8);
	CU_ASSERT_EQUAL(f.zone.free_pages, free_before);
	/* past the size limit: -EFBIG, nothing changed */
	f.inode.i_maxbytes = 200 * PAGE_SIZE;
	CU_ASSERT_EQUAL(vmtruncate(&f.inode, 200 * PAGE_SIZE + 1), -EFBIG);
	CU_ASSERT_EQUAL(f.inode.i_size, 100 * PAGE_SIZE + 3);
	CU_ASSERT_EQUAL(vmtruncate(&f.inode, 200 * PAGE_SIZE), 0);
	/* the largest offset rounds up without overflow */
	f.inode.i_maxbytes = MAX_LFS_FILESIZE;
	CU_ASSERT_EQUAL(vmtruncate(&f.inode, LLONG_MAX), 0);
	CU_ASSERT_EQUAL(f.inode.i_size, LLONG_MAX);
	CU_ASSERT_EQUAL(vmtruncate(&f.inode, LLONG_MAX), 0);
	CU_ASSERT_EQUAL(vmtruncate(&f.inode, LLONG_MAX - 5), 0);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 8);
	CU_ASSERT_EQUAL(f.zone.free_pages, free_before);
	CU_ASSERT(fx_check(&f));
	/* shrinking to 0 unmaps and drops everything */
	CU_ASSERT_EQUAL(vmtruncate(&f.inode, 0), 0);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 0);
	CU_ASSERT_EQUAL(f.mm[0]->nr_pte_tables, 0);
	CU_ASSERT_EQUAL(f.inode.i_mapping->nrpages, 0);
	CU_ASSERT_EQUAL(f.zone.free_pages, f.zone.size);
	/* a fault past the end of file is -EFAULT (SIGBUS) */
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], vma, vma->vm_start, 0),
			-EFAULT);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

/*
 * The last pages a file can have, truncated from LLONG_MAX down: the
 * rounding up of offsets near LLONG_MAX must neither overflow nor wrap,
 * and a vma whose vm_pgoff is near ~0UL must be handled like any other.
 */
static void test_vmtruncate_huge_offsets(void)
{
	static const long long ps = PAGE_SIZE;
	struct fx f;
	struct vm_area_struct *vma, *far;
	unsigned long base = 0x10 * PAGE_SIZE, fbase = 0x40 * PAGE_SIZE;
	unsigned long last, first, i;
	long long offsets[12];
	int n = 0, k, wrong = 0;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, LLONG_MAX, 0, 1), 0);
	last = pgoff_of(LLONG_MAX); /* pages in the file */
	first = last - 4;
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, base, 4 * PAGE_SIZE,
				VM_READ | VM_SHARED, first, &vma),
			0);
	/* a vma of file pages no file can have: never faulted */
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, fbase, 2 * PAGE_SIZE, VM_READ,
				~0UL - 2, &far),
			0);
	for (i = 0; i < 4; i++)
		CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], vma,
						base + i * PAGE_SIZE, 0),
				0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], far, fbase, 0), -EFAULT);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 4);
	CU_ASSERT(fx_check(&f));

	offsets[n++] = LLONG_MAX;
	offsets[n++] = LLONG_MAX - 1;
	offsets[n++] = LLONG_MAX - ps; /* inside the last page */
	offsets[n++] = (long long)(last - 1) * ps; /* drops the last */
	offsets[n++] = (long long)(last - 2) * ps + 1;
	offsets[n++] = (long long)(last - 2) * ps;
	offsets[n++] = (long long)(last - 3) * ps - 1;
	offsets[n++] = (long long)first * ps + 1;
	offsets[n++] = (long long)first * ps;
	offsets[n++] = 0;
	for (k = 0; k < n; k++) {
		unsigned long pgoff = pgoff_of(offsets[k]);

		CU_ASSERT_EQUAL(vmtruncate(&f.inode, offsets[k]), 0);
		CU_ASSERT_EQUAL(f.inode.i_size, offsets[k]);
		for (i = 0; i < 4; i++) {
			bool below = first + i < pgoff;

			if ((follow_page(f.mm[0], base + i * PAGE_SIZE) !=
			     NULL) != below)
				wrong++;
			if ((find_get_page(f.inode.i_mapping, first + i) !=
			     NULL) != below)
				wrong++;
		}
		if (!fx_check(&f))
			wrong++;
	}
	CU_ASSERT_EQUAL(wrong, 0);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 0);
	CU_ASSERT_EQUAL(f.zone.free_pages, f.zone.size);
	/* by list, with pgoffs at the very top of the range */
	CU_ASSERT_EQUAL(vmtruncate_list(&f.inode.i_mapping->i_mmap, ~0UL), 0);
	CU_ASSERT_EQUAL(vmtruncate_list(&f.inode.i_mapping->i_mmap, ~0UL - 1),
			0);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

static void test_partial_page_zeroed(void)
{
	struct fx f;
	struct vm_area_struct *vma;
	struct page *p0, *p1;
	unsigned char *mem;
	unsigned long i;
	int kept = 1, zeroed = 1;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 2 * PAGE_SIZE, ZONE_ARENA, 1), 0);
	/* free frames hold garbage, so that a fault must zero its page */
	memset(f.zone.arena, 0x5a, f.zone.size * PAGE_SIZE);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x10000, 2 * PAGE_SIZE,
				VM_READ | VM_WRITE | VM_SHARED, 0, &vma),
			0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], vma, 0x10000, 1), 0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], vma, 0x10000 + PAGE_SIZE, 1),
			0);
	p0 = follow_page(f.mm[0], 0x10000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p0);
	mem = page_address(p0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(mem);
	for (i = 0; i < PAGE_SIZE; i++) /* zeroed on fault */
		zeroed &= mem[i] == 0;
	CU_ASSERT(zeroed);
	memset(mem, 0xab, PAGE_SIZE);
	memset(page_address(follow_page(f.mm[0], 0x10000 + PAGE_SIZE)), 0xcd,
	       PAGE_SIZE);

	CU_ASSERT_EQUAL(vmtruncate(&f.inode, 100), 0);
	/* the page holding the new end stays mapped; its tail is zeroed */
	CU_ASSERT_PTR_EQUAL(follow_page(f.mm[0], 0x10000), p0);
	for (i = 0; i < 100; i++)
		kept &= mem[i] == 0xab;
	zeroed = 1;
	for (i = 100; i < PAGE_SIZE; i++)
		zeroed &= mem[i] == 0;
	CU_ASSERT(kept);
	CU_ASSERT(zeroed);
	CU_ASSERT_PTR_NULL(follow_page(f.mm[0], 0x10000 + PAGE_SIZE));
	CU_ASSERT_PTR_NULL(find_get_page(f.inode.i_mapping, 1));
	CU_ASSERT_EQUAL(f.zone.free_pages, f.zone.size - 1);
	/* growing back: page 1 faults in afresh, zeroed, wherever the
	 * zone takes it from (its old frame held 0xcd) */
	CU_ASSERT_EQUAL(vmtruncate(&f.inode, 2 * PAGE_SIZE), 0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], vma, 0x10000 + PAGE_SIZE, 0),
			0);
	p1 = follow_page(f.mm[0], 0x10000 + PAGE_SIZE);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p1);
	zeroed = 1;
	for (i = 0; i < PAGE_SIZE; i++)
		zeroed &= ((unsigned char *)page_address(p1))[i] == 0;
	CU_ASSERT(zeroed);
	/* a page-aligned size keeps the page below and zeroes nothing */
	memset(mem, 0xab, PAGE_SIZE);
	CU_ASSERT_EQUAL(vmtruncate(&f.inode, PAGE_SIZE), 0);
	CU_ASSERT_PTR_EQUAL(follow_page(f.mm[0], 0x10000), p0);
	CU_ASSERT_PTR_NULL(follow_page(f.mm[0], 0x10000 + PAGE_SIZE));
	kept = 1;
	for (i = 0; i < PAGE_SIZE; i++)
		kept &= mem[i] == 0xab;
	CU_ASSERT(kept);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

static void test_zap_page_range(void)
{
	struct fx f;
	struct vm_area_struct *vma, *across;
	unsigned long a, start = 0x400000;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 64, 16 * PAGE_SIZE, 0, 1), 0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, start, 8 * PAGE_SIZE, VM_READ,
				0, &vma),
			0);
	for (a = start; a < vma->vm_end; a += PAGE_SIZE)
		CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], vma, a, 0), 0);
	CU_ASSERT_EQUAL(zap_page_range(vma, start, 0), 0);
	CU_ASSERT_EQUAL(zap_page_range(vma, 0, 0), 0);
	CU_ASSERT_EQUAL(zap_page_range(vma, start + 1, PAGE_SIZE), -EINVAL);
	CU_ASSERT_EQUAL(zap_page_range(vma, start, PAGE_SIZE + 1), -EINVAL);
	CU_ASSERT_EQUAL(zap_page_range(vma, start - PAGE_SIZE, PAGE_SIZE),
			-EINVAL);
	CU_ASSERT_EQUAL(zap_page_range(vma, start + 7 * PAGE_SIZE,
				       2 * PAGE_SIZE),
			-EINVAL);
	CU_ASSERT_EQUAL(zap_page_range(vma, vma->vm_end, PAGE_SIZE), -EINVAL);
	CU_ASSERT_EQUAL(zap_page_range(vma, start, ~0UL & PAGE_MASK), -EINVAL);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 8);
	CU_ASSERT_EQUAL(
		zap_page_range(vma, start + 2 * PAGE_SIZE, 3 * PAGE_SIZE), 3);
	CU_ASSERT_EQUAL(
		zap_page_range(vma, start + 2 * PAGE_SIZE, 3 * PAGE_SIZE), 0);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 5);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(zap_page_range(vma, start, 8 * PAGE_SIZE), 5);
	CU_ASSERT_EQUAL(f.mm[0]->nr_pte_tables, 0);

	/* a vma across a pte table boundary */
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 4 * PMD_SIZE - 2 * PAGE_SIZE,
				4 * PAGE_SIZE, VM_READ, 8, &across),
			0);
	for (a = across->vm_start; a < across->vm_end; a += PAGE_SIZE)
		CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], across, a, 0), 0);
	CU_ASSERT_EQUAL(f.mm[0]->nr_pte_tables, 2);
	CU_ASSERT_EQUAL(zap_page_range(across, across->vm_start, 2 * PAGE_SIZE),
			2);
	CU_ASSERT_EQUAL(f.mm[0]->nr_pte_tables, 1);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(zap_page_range(across, across->vm_start, 4 * PAGE_SIZE),
			2);
	CU_ASSERT_EQUAL(f.mm[0]->nr_pte_tables, 0);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

/* random map, munmap, fault, shrink and grow; checked after each step */
static void conservation_cycles(unsigned long zone_pages,
				unsigned int zone_flags, uint64_t rs,
				unsigned int truncate_one_in,
				unsigned long *nomem)
{
	struct fx f;
	struct vm_area_struct *slots[2][8] = { { NULL } };
	int step, bad = 0, errs = 0;

	CU_ASSERT_EQUAL_FATAL(
		fx_init(&f, zone_pages, 64 * PAGE_SIZE, zone_flags, 2), 0);
	for (step = 0; step < 2500; step++) {
		int m = fx_rand(&rs) % 2, s = fx_rand(&rs) % 8;
		struct vm_area_struct **vp = &slots[m][s];
		unsigned long addr = 0x1000000 + s * 32 * PAGE_SIZE;
		int op = fx_rand(&rs) % 20, err = 0;

		if (op < 4 && !*vp) {
			unsigned long len = 1 + fx_rand(&rs) % 24;

			err = do_mmap(f.mm[m], &f.file, addr, len * PAGE_SIZE,
				      VM_READ | (fx_rand(&rs) % 2 ? VM_SHARED :
								    0),
				      fx_rand(&rs) % 48, vp);
		} else if (op < 6 && *vp) {
			err = do_munmap(f.mm[m], (*vp)->vm_start,
					(*vp)->vm_end - (*vp)->vm_start);
			*vp = NULL;
		} else if (op < 17 && *vp) {
			unsigned long a = (*vp)->vm_start +
					  fx_rand(&rs) % ((*vp)->vm_end -
							  (*vp)->vm_start);

			err = handle_mm_fault(f.mm[m], *vp, a, 0);
			if (err == -EFAULT) /* past the end of file */
				err = 0;
			if (err == -ENOMEM) { /* the zone is full */
				(*nomem)++;
				err = 0;
			}
		} else if (op >= 17 && truncate_one_in > 1 &&
			   fx_rand(&rs) % truncate_one_in) {
			/* fewer truncations: let the page cache fill up */
		} else if (op == 17) {
			err = vmtruncate(&f.inode,
					 (long long)(fx_rand(&rs) %
						     (f.inode.i_size + 1)));
		} else if (op > 17) {
			err = vmtruncate(&f.inode,
					 (long long)(fx_rand(&rs) %
						     (64 * PAGE_SIZE + 1)));
		}
		if (err)
			errs++;
		if (!fx_check(&f))
			bad++;
	}
	CU_ASSERT_EQUAL(errs, 0);
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

static void test_conservation_cycles(void)
{
	unsigned long nomem = 0;

	/* room for the whole file, with real memory */
	conservation_cycles(128, ZONE_ARENA, 0xC0115E7ull, 1, &nomem);
	CU_ASSERT_EQUAL(nomem, 0);
	/*
	 * A zone smaller than the file: faults run it dry.  Truncations are
	 * made rarer there, or they empty the cache faster than faults fill
	 * it (with one in every step of 20, only 6 of 2500 steps ran the zone
	 * dry at PAGE_SHIFT 12, and none at 16; now 56 to 119 for
	 * PAGE_SHIFT 10 to 16).
	 */
	conservation_cycles(8, 0, 0xD0115E7ull, 8, &nomem);
	CU_ASSERT(nomem > 10);
}

static void test_fault_sharing_and_errors(void)
{
	struct fx f, other;
	struct vm_area_struct *a, *b, *c;
	struct page *p;
	long live;
	unsigned long free_before, i;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 4, 8 * PAGE_SIZE, 0, 2), 0);
	CU_ASSERT_EQUAL_FATAL(fx_init(&other, 4, PAGE_SIZE, 0, 1), 0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x10000, 8 * PAGE_SIZE,
				VM_READ | VM_SHARED, 0, &a),
			0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[1], &f.file, 0x80000, 8 * PAGE_SIZE,
				VM_READ, 0, &b),
			0);
	CU_ASSERT_EQUAL(do_mmap(other.mm[0], &other.file, 0x10000, PAGE_SIZE,
				VM_READ, 0, &c),
			0);
	/* two processes, one page */
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], a, 0x10000 + 5, 0), 0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[1], b, 0x80000, 0), 0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[1], b, 0x80000, 0), 0);
	p = follow_page(f.mm[0], 0x10000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_PTR_EQUAL(p, follow_page(f.mm[1], 0x80000));
	CU_ASSERT_EQUAL(p->mapcount, 2);
	CU_ASSERT_EQUAL(p->index, 0);
	CU_ASSERT_EQUAL(f.inode.i_mapping->nrpages, 1);
	/* bad faults */
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], a, 0x10000 + 8 * PAGE_SIZE, 0),
			-EFAULT);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], a, 0xfff, 0), -EFAULT);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], b, 0x80000, 0), -EFAULT);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], NULL, 0x80000, 0), -EINVAL);
	CU_ASSERT_PTR_EQUAL(find_vma(f.mm[0], 0x10000), a);
	CU_ASSERT_PTR_EQUAL(find_vma(f.mm[0], 0), a);
	CU_ASSERT_PTR_NULL(find_vma(f.mm[0], 0x10000 + 8 * PAGE_SIZE));
	/* the zone runs dry: -ENOMEM, nothing changed */
	for (i = 1; i < 4; i++)
		CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], a,
						0x10000 + i * PAGE_SIZE, 0),
				0);
	CU_ASSERT_EQUAL(f.zone.free_pages, 0);
	live = kmalloc_live();
	free_before = f.mm[1]->rss;
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[1], b, 0x80000 + 6 * PAGE_SIZE, 0),
			-ENOMEM);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT_EQUAL(f.mm[1]->rss, free_before);
	CU_ASSERT_EQUAL(f.inode.i_mapping->nrpages, 4);
	CU_ASSERT(fx_check(&f));
	/* an inode still mapped cannot be released */
	CU_ASSERT_EQUAL(inode_release(&f.inode), -EBUSY);
	CU_ASSERT(fx_check(&other));
	CU_ASSERT_EQUAL(fx_exit(&other), 0);
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

/* fail each allocation of a fault that needs a new pte table */
static void test_fault_injection_fault(void)
{
	struct fx f;
	struct vm_area_struct *vma;
	unsigned long n;
	long live;
	int err;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 4 * PAGE_SIZE, 0, 1), 0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x10000, 4 * PAGE_SIZE,
				VM_READ, 0, &vma),
			0);
	live = kmalloc_live();
	for_each_alloc_failure(n, err = handle_mm_fault(f.mm[0], vma, 0x10000,
							0)) {
		CU_ASSERT_EQUAL(err, -ENOMEM);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		CU_ASSERT_EQUAL(f.mm[0]->rss, 0);
		CU_ASSERT_EQUAL(f.inode.i_mapping->nrpages, 0);
		CU_ASSERT_EQUAL(f.zone.free_pages, f.zone.size);
		CU_ASSERT(fx_check(&f));
		if (n > 20)
			break;
	}
	CU_ASSERT_EQUAL(err, 0);
	CU_ASSERT(n > 1);
	CU_ASSERT_EQUAL(f.mm[0]->rss, 1);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

static CU_TestInfo vmtruncate_tests[] = {
	{ "vmtruncate against a brute-force oracle", test_vmtruncate_oracle },
	{ "vmtruncate: growing and bad offsets",
	  test_vmtruncate_grow_and_bad_offsets },
	{ "vmtruncate near LLONG_MAX and vm_pgoff near ~0UL",
	  test_vmtruncate_huge_offsets },
	{ "vmtruncate zeroes the partial page's tail",
	  test_partial_page_zeroed },
	{ "conservation through map/fault/truncate cycles",
	  test_conservation_cycles },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo vmtruncate_list_tests[] = {
	{ "vmtruncate_list: whole, partly, untouched",
	  test_vmtruncate_list_cases },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo zap_page_range_tests[] = {
	{ "zap_page_range edges", test_zap_page_range },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo handle_mm_fault_tests[] = {
	{ "faults: sharing, bad addresses, zone dry",
	  test_fault_sharing_and_errors },
	{ "fault injection: handle_mm_fault", test_fault_injection_fault },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("mm/memory/vmtruncate", vmtruncate_tests, NULL, NULL)
KTEST_SUITE("mm/memory/vmtruncate_list", vmtruncate_list_tests, NULL, NULL)
KTEST_SUITE("mm/memory/zap_page_range", zap_page_range_tests, NULL, NULL)
KTEST_SUITE("mm/memory/handle_mm_fault", handle_mm_fault_tests, NULL, NULL)
