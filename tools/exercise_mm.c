// SPDX-License-Identifier: MIT
/*
 * tools/exercise_mm.c - the exercises of docs/mm.md.
 *
 * Mirrors no kernel function: each builds a small case with mm/ and
 * prints what vmtruncate() or the buddy allocator made of it.  The code
 * between "exercise NAME setup {" and "}" is what the page shows
 * (tests/tools/test_exercise.c holds them equal).
 */
#include <errno.h>
#include <stdio.h>

#include "mm/fs.h"
#include "mm/mm.h"
#include "mm/mmzone.h"
#include "tools/kstruct.h"

/* a process of the truncate exercise: a name and its one vma */
struct mapper {
	const char *name;
	unsigned long pgoff, pages, flags;
};

/* exercise mm-truncate setup { */
static const struct mapper mappers[3] = {
	/* one file of 8 pages */
	{ "P", .pgoff = 0, .pages = 4, .flags = VM_READ },
	{ "Q", .pgoff = 4, .pages = 4, .flags = VM_READ },
	{ "R", .pgoff = 2, .pages = 4,
	  .flags = VM_READ | VM_SHARED | VM_MAYSHARE },
};
/* each maps its pages, touches every one; then vmtruncate() to: */
#define TRUNCATE_TO (2 * PAGE_SIZE + PAGE_SIZE / 2) /* 2.5 pages */
/* } */

/* "P  private  file pages 0-3: 0 1 2 -": what each virtual page maps */
static void print_mapper(FILE *out, const struct mapper *m,
			 struct mm_struct *mm, struct vm_area_struct *vma)
{
	unsigned long i;

	fprintf(out, "%s  %-7s  file pages %lu-%lu:", m->name,
		m->flags & VM_SHARED ? "shared" : "private", m->pgoff,
		m->pgoff + m->pages - 1);
	for (i = 0; i < m->pages; i++) {
		struct page *page =
			follow_page(mm, vma->vm_start + i * PAGE_SIZE);

		if (page)
			fprintf(out, " %lu", page->index);
		else
			fprintf(out, " -");
	}
	fputc('\n', out);
}

static int exercise_mm_truncate(FILE *out)
{
	struct mm_struct *mm[3] = { NULL, NULL, NULL };
	struct vm_area_struct *vma[3];
	struct zone zone;
	struct inode inode;
	struct file file = { &inode };
	unsigned long a, i;
	int p, err;

	err = zone_init(&zone, "Normal", 16, 0);
	if (err)
		return err;
	err = inode_init(&inode, 1, &zone, 8 * PAGE_SIZE);
	if (err)
		goto out_zone;
	for (p = 0; p < 3; p++) {
		unsigned long start = 0x100000UL * (p + 1);

		mm[p] = mm_alloc();
		err = mm[p] ? 0 : -ENOMEM;
		if (!err)
			err = do_mmap(mm[p], &file, start,
				      mappers[p].pages * PAGE_SIZE,
				      mappers[p].flags, mappers[p].pgoff,
				      &vma[p]);
		for (a = start; !err && a < vma[p]->vm_end; a += PAGE_SIZE)
			err = handle_mm_fault(mm[p], vma[p], a, 0);
		if (err)
			goto out_mm;
	}
	err = vmtruncate(&inode, TRUNCATE_TO);
	if (err)
		goto out_mm;
	for (p = 0; p < 3; p++)
		print_mapper(out, &mappers[p], mm[p], vma[p]);
	fprintf(out, "page cache:");
	for (i = 0; i < 8; i++)
		if (find_get_page(inode.i_mapping, i))
			fprintf(out, " %lu", i);
	fputc('\n', out);
	if (!zone_check(&zone) || !mapping_check(inode.i_mapping))
		err = -EIO;
out_mm:
	for (p = 0; p < 3; p++)
		mmput(mm[p]);
	inode_release(&inode);
out_zone:
	zone_release(&zone);
	return err;
}

static int exercise_mm_buddy(FILE *out)
{
	char line[64 + MAX_ORDER * 48];
	/* exercise mm-buddy setup { */
	struct zone zone; /* 512 frames, all free */
	struct page *pair, *one;
	int err = zone_init(&zone, "Normal", 1UL << (MAX_ORDER - 1), 0);

	if (err)
		return err;
	pair = alloc_pages(&zone, 1); /* two frames */
	one = alloc_page(&zone); /* one frame */
	/* } */
	if (!pair || !one) {
		err = -ENOMEM;
		goto out;
	}
	fprintf(out, "alloc_pages(order 1) = frame %ld\n",
		page_zone_index(&zone, pair));
	fprintf(out, "alloc_page() = frame %ld\n", page_zone_index(&zone, one));
	zone_free_areas_line(&zone, line, sizeof(line));
	fprintf(out, "%s\n", line);
	err = __free_pages(&zone, pair, 1);
	zone_free_areas_line(&zone, line, sizeof(line));
	fprintf(out, "after freeing the pair: %s\n", line);
	if (!err)
		err = __free_page(&zone, one);
	if (!err && !zone_check(&zone))
		err = -EIO;
out:
	zone_release(&zone);
	return err;
}

KSTRUCT_EXERCISE("mm-truncate", 30,
		 "docs/mm.md: which vmas vmtruncate_list() "
		 "zaps, and which pages",
		 exercise_mm_truncate)
KSTRUCT_EXERCISE("mm-buddy", 31,
		 "docs/mm.md: the frames the buddy "
		 "allocator hands out first",
		 exercise_mm_buddy)
