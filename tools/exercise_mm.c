// SPDX-License-Identifier: MIT
/*
 * tools/exercise_mm.c - the exercises of docs/mm.md.
 *
 * Mirrors no kernel function: each builds a small case with mm/, as its
 * instance says, and answers with what vmtruncate() or the buddy
 * allocator made of it.  The code between "exercise NAME setup {" and "}"
 * is what the page shows (tests/tools/test_exercise.c holds them equal):
 * for mm-truncate, the page's instance, which a seed replaces.
 */
#include <errno.h>
#include <stdio.h>

#include "mm/fs.h"
#include "mm/mm.h"
#include "mm/mmzone.h"
#include "tools/exercise.h"
#include "tools/kstruct.h"

/* a process of the truncate exercise: a name and its one vma */
struct mapper {
	const char *name;
	unsigned long pgoff, pages, flags;
};

/* exercise mm-truncate setup { */
static const struct mapper page_mappers[3] = {
	/* one file of 8 pages */
	{ "P", .pgoff = 0, .pages = 4, .flags = VM_READ },
	{ "Q", .pgoff = 4, .pages = 4, .flags = VM_READ },
	{ "R", .pgoff = 2, .pages = 4,
	  .flags = VM_READ | VM_SHARED | VM_MAYSHARE },
};
/* each maps its pages, touches every one; then vmtruncate() to: */
#define TRUNCATE_TO (2 * PAGE_SIZE + PAGE_SIZE / 2) /* 2.5 pages */
/* } */

/*
 * "P  private  file pages 0-3: 0 1 2 -": what each virtual page maps, to
 * the explanation, and "P: 0 1 2 -" to the answer
 */
static void print_mapper(struct exercise *ex, const struct mapper *m,
			 struct mm_struct *mm, struct vm_area_struct *vma)
{
	unsigned long i;

	fprintf(ex->why, "%s  %-7s  file pages %lu-%lu:", m->name,
		m->flags & VM_SHARED ? "shared" : "private", m->pgoff,
		m->pgoff + m->pages - 1);
	exercise_answer(ex, "%s:", m->name);
	for (i = 0; i < m->pages; i++) {
		struct page *page =
			follow_page(mm, vma->vm_start + i * PAGE_SIZE);

		if (page) {
			fprintf(ex->why, " %lu", page->index);
			exercise_answer(ex, " %lu", page->index);
		} else {
			fprintf(ex->why, " -");
			exercise_answer(ex, " -");
		}
	}
	fputc('\n', ex->why);
	exercise_answer(ex, "; ");
	/* the likely slip: nothing unmapped */
	exercise_wrong(ex, "%s:", m->name);
	for (i = 0; i < m->pages; i++)
		exercise_wrong(ex, " %lu", m->pgoff + i);
	exercise_wrong(ex, "; ");
}

/* the mappers of the instance: the page's, or three drawn from the seed */
static void draw_mappers(struct exercise *ex, struct mapper *m,
			 unsigned long *size)
{
	static const char *const names[3] = { "P", "Q", "R" };
	int p;

	for (p = 0; p < 3; p++) {
		m[p].name = names[p];
		m[p].pgoff = (unsigned long)exercise_pick(
			ex, (long)page_mappers[p].pgoff, 0, 6);
		m[p].pages = (unsigned long)exercise_pick(
			ex, (long)page_mappers[p].pages, 1,
			8 - (long)m[p].pgoff);
		if (m[p].pages > 4)
			m[p].pages = 4;
		m[p].flags = exercise_pick(ex, page_mappers[p].flags != VM_READ,
					   0, 1) ?
				     VM_READ | VM_SHARED | VM_MAYSHARE :
				     VM_READ;
	}
	/* in half pages: 0, 0.5, ..., 8 */
	*size = (unsigned long)exercise_pick(ex, TRUNCATE_TO / (PAGE_SIZE / 2),
					     0, 16) *
		(PAGE_SIZE / 2);
}

static int exercise_mm_truncate(struct exercise *ex)
{
	struct mm_struct *mm[3] = { NULL, NULL, NULL };
	struct vm_area_struct *vma[3];
	struct mapper mappers[3];
	struct zone zone;
	struct inode inode;
	struct file file = { &inode };
	unsigned long a, i, size;
	int p, err;

	draw_mappers(ex, mappers, &size);
	fprintf(ex->question,
		"A file of 8 pages.  Three processes map it, each with one "
		"vma, and touch\nevery page they map:\n\n");
	for (p = 0; p < 3; p++)
		fprintf(ex->question,
			"\t%s  %-7s  file pages %lu-%lu (vm_pgoff %lu, %lu "
			"pages)\n",
			mappers[p].name,
			mappers[p].flags & VM_SHARED ? "shared" : "private",
			mappers[p].pgoff,
			mappers[p].pgoff + mappers[p].pages - 1,
			mappers[p].pgoff, mappers[p].pages);
	fprintf(ex->question,
		"\nThen vmtruncate() cuts the file to %lu.%lu pages.  Which "
		"file page does\neach virtual page of each vma map now (- for "
		"none), and which pages stay\nin the page cache?\n",
		size / PAGE_SIZE, size % PAGE_SIZE ? 5UL : 0UL);
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
	err = vmtruncate(&inode, size);
	if (err)
		goto out_mm;
	for (p = 0; p < 3; p++)
		print_mapper(ex, &mappers[p], mm[p], vma[p]);
	fprintf(ex->why, "page cache:");
	exercise_answer(ex, "cache:");
	for (i = 0, a = 0; i < 8; i++)
		if (find_get_page(inode.i_mapping, i)) {
			fprintf(ex->why, " %lu", i);
			exercise_answer(ex, " %lu", i);
			a++;
		}
	if (!a) {
		fprintf(ex->why, " (empty)");
		exercise_answer(ex, " (empty)");
	}
	exercise_wrong(ex, "cache: 0 1 2 3 4 5 6 7");
	fputc('\n', ex->why);
	ex->form = "P: N N - ...; Q: ...; R: ...; cache: N N ... (a page "
		   "not mapped: -;\n  an empty cache: (empty))";
	ex->pattern =
		"^p:[0-9-]+( [0-9-]+)*;q:[0-9-]+( [0-9-]+)*;"
		"r:[0-9-]+( [0-9-]+)*;cache:(\\(empty\\)|[0-9]+( [0-9]+)*)$";
	ex->hint = "the new end rounds up to a whole page; every page at or "
		   "past it goes,\n  from every vma that maps it, private or "
		   "shared";
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

static int exercise_mm_buddy(struct exercise *ex)
{
	unsigned int order1 = (unsigned int)exercise_pick(ex, 1, 0, 4);
	unsigned int order2 = (unsigned int)exercise_pick(ex, 0, 0, 4);
	char line[64 + MAX_ORDER * 48];
	/* exercise mm-buddy setup { */
	struct zone zone; /* 512 frames, all free */
	struct page *first, *second;
	int err = zone_init(&zone, "Normal", 1UL << (MAX_ORDER - 1), 0);

	if (err)
		return err;
	first = alloc_pages(&zone, order1); /* 2^order1 frames */
	second = alloc_pages(&zone, order2); /* 2^order2 frames */
	/* } */
	if (!first || !second) {
		err = -ENOMEM;
		goto out;
	}
	fprintf(ex->question,
		"A zone of 512 free frames (one block of order 9).  Then\n\n"
		"\tfirst = alloc_pages(&zone, %u);\n"
		"\tsecond = alloc_pages(&zone, %u);\n\n"
		"Which frame does each start at?\n",
		order1, order2);
	exercise_answer(ex, "first: %ld; second: %ld",
			page_zone_index(&zone, first),
			page_zone_index(&zone, second));
	fprintf(ex->why, "alloc_pages(order %u) = frame %ld\n", order1,
		page_zone_index(&zone, first));
	fprintf(ex->why, "alloc_pages(order %u) = frame %ld\n", order2,
		page_zone_index(&zone, second));
	zone_free_areas_line(&zone, line, sizeof(line));
	fprintf(ex->why, "%s\n", line);
	err = __free_pages(&zone, first, order1);
	zone_free_areas_line(&zone, line, sizeof(line));
	fprintf(ex->why, "after freeing the first: %s\n", line);
	if (!err)
		err = __free_pages(&zone, second, order2);
	if (!err && !zone_check(&zone))
		err = -EIO;
	ex->form = "first: FRAME; second: FRAME";
	ex->pattern = "^first:[0-9]+;second:[0-9]+$";
	ex->hint = "expand() splits a block in halves, keeps one half on the "
		   "free list and\n  goes on with the other: which one?";
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
