// SPDX-License-Identifier: MIT
/*
 * tools/tour_mm.c - "kstruct tour mm": a file mapped by two processes,
 * truncated under them, and the buddy allocator at work.
 *
 * Mirrors no kernel function: it drives mm/ step by step.  Part one maps
 * an 8-page file into process A (shared, on i_mmap_shared) and process B
 * (private, on i_mmap), faults every page in, shows the page tables and
 * the page cache, then truncates the file to 3.5 pages and shows, vma by
 * vma, vmtruncate_list()'s arithmetic and which pages went.  Part two
 * allocates and frees blocks in a 512-page zone (with MAX_ORDER 10) and
 * prints show_free_areas() after every step, so the split of expand()
 * (lower halves kept, highest block handed out) and the merges of
 * __free_pages_ok() can be watched.  Output names frames by number and
 * never prints an address that changes between runs.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "mm/fs.h"
#include "mm/mm.h"
#include "mm/mmzone.h"
#include "tools/kstruct.h"

struct tour_proc {
	const char *name;
	struct mm_struct *mm;
	struct vm_area_struct *vma;
};

static long frame(struct zone *zone, struct page *page)
{
	return page ? page_zone_index(zone, page) : -1;
}

static void show_lists(FILE *out, struct address_space *mapping,
		       struct tour_proc *procs, int nr)
{
	struct vm_area_struct *vma;
	int i;

	fprintf(out, "  i_mmap (private):      head");
	list_for_each_entry(vma, &mapping->i_mmap, shared)
		for (i = 0; i < nr; i++)
			if (procs[i].vma == vma)
				fprintf(out, " -> %s's vma", procs[i].name);
	fprintf(out, " -> head\n  i_mmap_shared:         head");
	list_for_each_entry(vma, &mapping->i_mmap_shared, shared)
		for (i = 0; i < nr; i++)
			if (procs[i].vma == vma)
				fprintf(out, " -> %s's vma", procs[i].name);
	fprintf(out, " -> head\n");
}

static void show_ptes(FILE *out, struct zone *zone, struct tour_proc *p)
{
	struct vm_area_struct *vma = p->vma;
	unsigned long a;

	fprintf(out, "  %s %#lx-%#lx (file pages %lu-%lu):", p->name,
		vma->vm_start, vma->vm_end, vma->vm_pgoff,
		vma->vm_pgoff + ((vma->vm_end - vma->vm_start) >> PAGE_SHIFT) -
			1);
	for (a = vma->vm_start; a < vma->vm_end; a += PAGE_SIZE) {
		long f = frame(zone, follow_page(p->mm, a));

		if (f < 0)
			fprintf(out, " [   -  ]");
		else
			fprintf(out, " [p%lu=f%ld]",
				vma->vm_pgoff +
					((a - vma->vm_start) >> PAGE_SHIFT),
				f);
	}
	fprintf(out, "\n");
}

static void show_cache(FILE *out, struct zone *zone,
		       struct address_space *mapping)
{
	unsigned long i;

	fprintf(out, "  page cache (%lu pages):", mapping->nrpages);
	for (i = 0; i < 8; i++) {
		struct page *page = find_get_page(mapping, i);

		if (page)
			fprintf(out, " p%lu=f%ld(mapped %u)", i,
				frame(zone, page), page->mapcount);
	}
	fprintf(out, "\n  zone: %lu of %lu frames free\n", zone->free_pages,
		zone->size);
}

static int tour_truncate(FILE *out)
{
	struct zone zone;
	struct inode inode;
	struct file file = { &inode };
	struct tour_proc procs[2] = { { .name = "A" }, { .name = "B" } };
	long long offset = 3 * PAGE_SIZE + PAGE_SIZE / 2;
	unsigned long pgoff, a, start, len;
	int i, err;

	err = zone_init(&zone, "Normal", 32, ZONE_ARENA);
	if (err)
		return err;
	err = inode_init(&inode, 1, &zone, 8 * PAGE_SIZE);
	if (err)
		goto out_zone;
	for (i = 0; i < 2; i++) {
		procs[i].mm = mm_alloc();
		if (!procs[i].mm) {
			err = -ENOMEM;
			goto out_mm;
		}
	}
	fprintf(out,
		"Part one: a file mapped by two processes, then truncated "
		"under them.\n\n" TOUR_STEP "1. A file of 8 pages.  Process A "
		"maps file pages 0-5 shared; process B\n   maps file pages 2-7 "
		"private.  Shared mappings go on i_mmap_shared,\n   private ones "
		"on i_mmap, each at the tail (vma->shared is the link):\n");
	err = do_mmap(procs[0].mm, &file, 0x10000, 6 * PAGE_SIZE,
		      VM_READ | VM_WRITE | VM_SHARED | VM_MAYSHARE, 0,
		      &procs[0].vma);
	if (!err)
		err = do_mmap(procs[1].mm, &file, 0x40000, 6 * PAGE_SIZE,
			      VM_READ, 2, &procs[1].vma);
	if (err)
		goto out_mm;
	show_lists(out, inode.i_mapping, procs, 2);

	fprintf(out,
		"\n" TOUR_STEP "2. Each process touches every page it "
		"maps.  The first touch of a file\n   page allocates a frame "
		"from the zone into the page cache; the second\n   process maps "
		"the same frame ([pN=fM]: file page N in frame M):\n");
	for (i = 0; i < 2; i++)
		for (a = procs[i].vma->vm_start; a < procs[i].vma->vm_end;
		     a += PAGE_SIZE) {
			err = handle_mm_fault(procs[i].mm, procs[i].vma, a, 0);
			if (err)
				goto out_mm;
		}
	for (i = 0; i < 2; i++)
		show_ptes(out, &zone, &procs[i]);
	show_cache(out, &zone, inode.i_mapping);

	pgoff = size_to_pages(offset);
	fprintf(out,
		"\n" TOUR_STEP "3. vmtruncate(inode, %lld): the new end "
		"falls inside page %lld, so pgoff\n   = %lld rounded up to "
		"pages = %lu: page %lld stays mapped (its tail is\n   zeroed), "
		"pages >= %lu go.  vmtruncate_list() walks i_mmap, then\n"
		"   i_mmap_shared:\n",
		offset, offset >> PAGE_SHIFT, offset, pgoff,
		offset >> PAGE_SHIFT, pgoff);
	for (i = 1; i >= 0; i--) {
		struct vm_area_struct *vma = procs[i].vma;
		unsigned long pages = (vma->vm_end - vma->vm_start) >>
				      PAGE_SHIFT;

		if (!vma_truncate_range(vma, pgoff, &start, &len))
			fprintf(out,
				"  %s: vm_pgoff %lu, diff %lu >= len %lu: "
				"untouched\n",
				procs[i].name, vma->vm_pgoff,
				pgoff - vma->vm_pgoff, pages);
		else if (vma->vm_pgoff >= pgoff)
			fprintf(out,
				"  %s: vm_pgoff %lu >= pgoff: zap all of "
				"%#lx-%#lx\n",
				procs[i].name, vma->vm_pgoff, start,
				start + len);
		else
			fprintf(out,
				"  %s: vm_pgoff %lu, diff %lu < len %lu: "
				"zap %#lx-%#lx (%lu pages)\n",
				procs[i].name, vma->vm_pgoff,
				pgoff - vma->vm_pgoff, pages, start,
				start + len, len >> PAGE_SHIFT);
	}
	err = vmtruncate(&inode, offset);
	if (err)
		goto out_mm;
	fprintf(out, "   After it:\n");
	for (i = 0; i < 2; i++)
		show_ptes(out, &zone, &procs[i]);
	show_cache(out, &zone, inode.i_mapping);
	fprintf(out,
		"  checks: zone_check, mapping_check, mm_check of both "
		"processes: %s\n",
		zone_check(&zone) && mapping_check(inode.i_mapping) &&
				mm_check(procs[0].mm) && mm_check(procs[1].mm) ?
			"sound" :
			"BROKEN");

	fprintf(out,
		"\n" TOUR_STEP "4. Growing the file back to 8 pages "
		"unmaps nothing; B touching page %lu\n   again brings a fresh, "
		"zeroed frame:\n",
		procs[1].vma->vm_pgoff + 4);
	err = vmtruncate(&inode, 8 * PAGE_SIZE);
	if (!err)
		err = handle_mm_fault(procs[1].mm, procs[1].vma,
				      procs[1].vma->vm_start + 4 * PAGE_SIZE,
				      0);
	if (err)
		goto out_mm;
	show_ptes(out, &zone, &procs[1]);
	show_cache(out, &zone, inode.i_mapping);

out_mm:
	for (i = 0; i < 2; i++)
		mmput(procs[i].mm);
	inode_release(&inode);
out_zone:
	zone_release(&zone);
	return err;
}

static int tour_buddy(FILE *out)
{
	struct zone zone;
	struct page *a, *b, *c;
	char line[64 + MAX_ORDER * 48];
	int err;

#define SHOW()                                                   \
	do {                                                     \
		zone_free_areas_line(&zone, line, sizeof(line)); \
		fprintf(out, "    %s\n", line);                  \
	} while (0)

	err = zone_init(&zone, "Normal", 1UL << (MAX_ORDER - 1), 0);
	if (err)
		return err;
	fprintf(out,
		"\nPart two: the buddy allocator.\n\n" TOUR_STEP "5. A "
		"zone of %lu frames starts as one free block of the top\n   "
		"order.  show_free_areas() prints, for each order, free blocks "
		"*\n   block size:\n",
		zone.size);
	SHOW();
	a = alloc_page(&zone);
	fprintf(out,
		"\n" TOUR_STEP "6. alloc_pages(order 0) = frame %ld: "
		"expand() halves the top block\n   again and again, keeping "
		"every lower half free, and hands out the\n   highest frame:\n",
		frame(&zone, a));
	SHOW();
	b = alloc_pages(&zone, 2);
	fprintf(out,
		"\n" TOUR_STEP "7. alloc_pages(order 2) = frame %ld (the "
		"free order-2 block):\n",
		frame(&zone, b));
	SHOW();
	c = alloc_pages(&zone, 2);
	fprintf(out,
		"   alloc_pages(order 2) = frame %ld (split from the "
		"order-3 block):\n",
		frame(&zone, c));
	SHOW();
	fprintf(out,
		"   is_head_of_free_region: frame %ld -> %d, frame %ld -> "
		"%d, frame 0 -> %d, frame 1 -> %d\n",
		frame(&zone, c) - 4, is_head_of_free_region(c - 4),
		frame(&zone, a), is_head_of_free_region(a),
		is_head_of_free_region(zone.zone_mem_map),
		is_head_of_free_region(zone.zone_mem_map + 1));
	err = __free_pages(&zone, b, 2);
	fprintf(out,
		"\n" TOUR_STEP "8. __free_pages(frame %ld, order 2): its "
		"buddy (index XOR 4) is the\n   block at frame %ld, not free as "
		"a whole (frame %ld is still allocated),\n   so the pair bit is "
		"set and no merge happens (%d):\n",
		frame(&zone, b), frame(&zone, b) ^ 4, frame(&zone, a), err);
	SHOW();
	err = __free_pages(&zone, b, 2);
	fprintf(out, "   freeing it again is refused: %d (%s)\n", err,
		err == -EALREADY ? "-EALREADY" : "?");
	err = __free_pages(&zone, c, 2);
	fprintf(out,
		"\n" TOUR_STEP "9. __free_pages(frame %ld, order 2): its "
		"buddy, frame %ld, is free: merge\n   into an order-3 block at "
		"frame %ld, whose buddy (frame %ld) is not free\n   as a whole "
		"(%d):\n",
		frame(&zone, c), frame(&zone, c) ^ 4, frame(&zone, c) & ~7L,
		(frame(&zone, c) & ~7L) ^ 8, err);
	SHOW();
	err = __free_page(&zone, a);
	fprintf(out,
		"   __free_pages(frame %ld, order 0): merges all the way "
		"up (%d):\n",
		frame(&zone, a), err);
	SHOW();
	zone_buddyinfo_line(&zone, line, sizeof(line));
	fprintf(out, "   /proc/buddyinfo style:\n    %s\n", line);
	fprintf(out, "   zone_check: %s\n",
		zone_check(&zone) ? "sound" : "BROKEN");
	fprintf(out,
		"\n"
		"What later kernels changed: 2.6.7 replaced the i_mmap and i_mmap_shared\n"
		"lists with a priority search tree, and 3.7 with an augmented red-black\n"
		"interval tree, so that finding the vmas over a range of the file no\n"
		"longer walks every vma; vmtruncate() gave way to truncate_setsize()\n"
		"and truncate_pagecache().  2.6.11 removed the buddy allocator's pair\n"
		"bitmaps: a free block's order is kept in its first page, and expand()\n"
		"now keeps the upper halves and hands out the lowest block\n"
		"(docs/mm.md).\n");
#undef SHOW
	return zone_release(&zone);
}

/**
 * tour_mm() - the "mm" section of the tour
 * @out: where to print
 *
 * Return: 0 or a negative errno.
 */
static int tour_mm(FILE *out)
{
	int err = tour_truncate(out);

	if (!err)
		err = tour_buddy(out);
	return err;
}

KSTRUCT_TOUR("mm", 30,
	     "vm areas on i_mmap lists, vmtruncate, the buddy "
	     "allocator",
	     tour_mm)
