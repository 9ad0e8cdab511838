// SPDX-License-Identifier: MIT
/*
 * tools/draw_mm.c - "kstruct draw i_mmap" and "kstruct draw zone":
 * Graphviz DOT pictures of a file's mappings and of a zone's free areas.
 *
 * Mirrors no kernel function: it draws what mm/ builds.
 * - i_mmap: the tour's example (an 8-page file mapped shared by process A
 *   and private by B and C, every page touched): the address_space with
 *   its i_mmap and i_mmap_shared rings, each vma's "shared" link read
 *   from the real pointers, and the page-cache frames each vma maps.
 * - zone: a 512-frame zone (MAX_ORDER 10) after a few allocations: each
 *   free_area list head and the free blocks on its ring, in list order,
 *   and under them the frames in address order, free and allocated.
 * Nodes are named by labels, never addresses, so the output is the same
 * on every run.
 */
#include <errno.h>
#include <stdio.h>

#include "mm/fs.h"
#include "mm/mm.h"
#include "mm/mmzone.h"
#include "tools/kstruct.h"

#define NR_PROCS	3

struct draw_proc {
	const char *name;
	unsigned long start, pages, pgoff, flags;
	struct mm_struct *mm;
	struct vm_area_struct *vma;
};

/* the DOT id of a node on an i_mmap ring, or NULL if it is unknown */
static const char *ring_id(const struct list_head *p,
			   const struct address_space *m,
			   const struct draw_proc *procs)
{
	int i;

	if (p == &m->i_mmap)
		return "mapping:i_mmap";
	if (p == &m->i_mmap_shared)
		return "mapping:i_mmap_shared";
	for (i = 0; i < NR_PROCS; i++)
		if (p == &procs[i].vma->shared)
			return procs[i].name;
	return NULL;
}

static int draw_ring(FILE *out, const struct list_head *head,
		     const struct address_space *m,
		     const struct draw_proc *procs)
{
	const struct list_head *pos = head;

	do {
		const char *from = ring_id(pos, m, procs);
		const char *to = ring_id(pos->next, m, procs);

		if (!from || !to)
			return -EIO;
		fprintf(out, "\t%s -> %s [color=\"#2040a0\", label=\"next\"];\n",
			from, to);
		pos = pos->next;
	} while (pos != head);
	return 0;
}

static int draw_i_mmap(FILE *out)
{
	struct draw_proc procs[NR_PROCS] = {
		{ .name = "A", .start = 0x10000, .pages = 6, .pgoff = 0,
		  .flags = VM_READ | VM_SHARED | VM_MAYSHARE },
		{ .name = "B", .start = 0x40000, .pages = 6, .pgoff = 2,
		  .flags = VM_READ },
		{ .name = "C", .start = 0x80000, .pages = 2, .pgoff = 6,
		  .flags = VM_READ },
	};
	struct zone zone;
	struct inode inode;
	struct file file = { &inode };
	struct address_space *m;
	unsigned long a, i;
	int p, err;

	err = zone_init(&zone, "Normal", 16, 0);
	if (err)
		return err;
	err = inode_init(&inode, 1, &zone, 8 * PAGE_SIZE);
	if (err)
		goto out_zone;
	m = inode.i_mapping;
	for (p = 0; p < NR_PROCS; p++) {
		procs[p].mm = mm_alloc();
		err = procs[p].mm ? 0 : -ENOMEM;
		if (!err)
			err = do_mmap(procs[p].mm, &file, procs[p].start,
				      procs[p].pages * PAGE_SIZE, procs[p].flags,
				      procs[p].pgoff, &procs[p].vma);
		for (a = procs[p].start; !err && a < procs[p].vma->vm_end;
		     a += PAGE_SIZE)
			err = handle_mm_fault(procs[p].mm, procs[p].vma, a, 0);
		if (err)
			goto out_mm;
	}

	fprintf(out,
		"// kstruct draw i_mmap: one file mapped by three processes.\n"
		"// A maps file pages 0-5 VM_SHARED (on i_mmap_shared); B maps\n"
		"// pages 2-7 and C pages 6-7 privately (on i_mmap, in the order\n"
		"// mapped).  Blue edges: the vmas' \"shared\" links, read from the\n"
		"// real pointers; grey edges: the page-cache page each pte maps.\n"
		"digraph i_mmap {\n"
		"\trankdir=LR;\n"
		"\tnode [shape=record, fontname=\"monospace\"];\n"
		"\tedge [fontname=\"monospace\", fontsize=10];\n"
		"\tmapping [label=\"{struct address_space (inode 1, i_size %lld)|"
		"<i_mmap> i_mmap|<i_mmap_shared> i_mmap_shared|nrpages %lu}\", "
		"style=filled, fillcolor=\"#e8e8ff\"];\n",
		inode.i_size, m->nrpages);
	for (p = 0; p < NR_PROCS; p++) {
		struct vm_area_struct *v = procs[p].vma;

		fprintf(out, "\t%s [label=\"{vma of process %s|%#lx-%#lx|"
			"vm_pgoff %lu|%s}\"];\n", procs[p].name,
			procs[p].name, v->vm_start, v->vm_end, v->vm_pgoff,
			v->vm_flags & VM_SHARED ? "VM_SHARED" : "private");
	}
	for (i = 0; i < 8; i++) {
		struct page *page = find_get_page(m, i);

		if (page)
			fprintf(out, "\tpage%lu [label=\"{page %lu|frame %ld|"
				"mapped %u}\", style=filled, "
				"fillcolor=\"#f0f0d0\"];\n", i, i,
				page_zone_index(&zone, page), page->mapcount);
	}
	err = draw_ring(out, &m->i_mmap, m, procs);
	if (!err)
		err = draw_ring(out, &m->i_mmap_shared, m, procs);
	if (err)
		goto out_mm;
	for (p = 0; p < NR_PROCS; p++) {
		struct vm_area_struct *v = procs[p].vma;

		for (a = v->vm_start; a < v->vm_end; a += PAGE_SIZE) {
			struct page *page = follow_page(procs[p].mm, a);

			if (page)
				fprintf(out, "\t%s -> page%lu [color=grey, "
					"style=dashed];\n", procs[p].name,
					page->index);
		}
	}
	fprintf(out, "}\n");

out_mm:
	for (p = 0; p < NR_PROCS; p++)
		mmput(procs[p].mm);
	inode_release(&inode);
out_zone:
	zone_release(&zone);
	return err;
}

static int draw_zone(FILE *out)
{
	struct zone zone;
	struct page *blocks[3] = { NULL, NULL, NULL }, *page;
	unsigned int order;
	unsigned long i;
	int err;

	err = zone_init(&zone, "Normal", 1UL << (MAX_ORDER - 1), 0);
	if (err)
		return err;
	blocks[0] = alloc_page(&zone);
	blocks[1] = alloc_pages(&zone, 2);
	blocks[2] = alloc_pages(&zone, 2);
	if (!blocks[0] || !blocks[1] || !blocks[2]) {
		err = -ENOMEM;
		goto out;
	}
	err = __free_pages(&zone, blocks[1], 2);
	if (err)
		goto out;

	fprintf(out,
		"// kstruct draw zone: a %lu-frame zone after alloc order 0, two\n"
		"// allocs of order 2 and the free of the first of them.  Top:\n"
		"// each free_area[order] list head and its ring of free blocks,\n"
		"// read from the real page->list pointers.  Bottom: the frames\n"
		"// in address order (green free, red allocated).\n"
		"digraph zone {\n"
		"\trankdir=LR;\n"
		"\tnode [shape=record, fontname=\"monospace\"];\n"
		"\tedge [fontname=\"monospace\", fontsize=10];\n"
		"\tfree_area [label=\"struct zone %s|free_pages %lu",
		zone.size, zone.name, zone.free_pages);
	for (order = 0; order < MAX_ORDER; order++)
		fprintf(out, "|<o%u> free_area[%u]", order, order);
	fprintf(out, "\", style=filled, fillcolor=\"#e8e8ff\"];\n");
	for (order = 0; order < MAX_ORDER; order++) {
		const char *prev = NULL;
		char prev_buf[32], cur[32];

		list_for_each_entry(page, &zone.free_area[order].free_list,
				    list) {
			long f = page_zone_index(&zone, page);

			snprintf(cur, sizeof(cur), "b%ld", f);
			fprintf(out, "\t%s [label=\"frames %ld-%ld\", "
				"style=filled, fillcolor=\"#d0f0d0\"];\n", cur,
				f, f + (1L << order) - 1);
			if (prev)
				fprintf(out, "\t%s -> %s;\n", prev, cur);
			else
				fprintf(out, "\tfree_area:o%u -> %s;\n", order,
					cur);
			snprintf(prev_buf, sizeof(prev_buf), "%s", cur);
			prev = prev_buf;
		}
	}
	/* the frames in address order, one cell per block */
	fprintf(out, "\tframes [label=\"{");
	for (i = 0; i < zone.size;) {
		int head = is_head_of_free_region(&zone.zone_mem_map[i]);
		unsigned long n = head ? (unsigned long)head :
				  1UL << zone.zone_mem_map[i].order;

		fprintf(out, "%s%s %lu-%lu", i ? "|" : "",
			head ? "free" : "used", i, i + n - 1);
		i += n;
	}
	fprintf(out, "}\", style=filled, fillcolor=\"#f8f8f8\"];\n}\n");
out:
	for (i = 0; i < 3; i++)
		if (blocks[i] && (blocks[i]->flags & (1UL << PG_head)))
			__free_pages(&zone, blocks[i], blocks[i]->order);
	zone_release(&zone);
	return err;
}

KSTRUCT_DRAW("i_mmap", "a file's i_mmap and i_mmap_shared rings of vmas "
	     "and the pages they map", draw_i_mmap)
KSTRUCT_DRAW("zone", "a zone's free_area lists of buddy blocks and its "
	     "frames", draw_zone)
