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
#include "tools/draw.h"
#include "tools/kstruct.h"

#define NR_PROCS 3

struct draw_proc {
	const char *name, *port;
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
			return procs[i].port;
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
		fprintf(out, "\t%s -> %s [" DRAW_EDGE_NEXT "];\n", from, to);
		pos = pos->next;
	} while (pos != head);
	return 0;
}

static const struct draw_key i_mmap_keys[] = {
	{ DRAW_HEAD_FILL, "i_mmap",
	  "a list head in the file's "
	  "address_space" },
	{ DRAW_LINK_FILL, "shared", "the list_head embedded in each vma" },
	{ NULL, DRAW_KEY_NEXT,
	  "next pointers round each ring and back to "
	  "its head (prev mirrors them)" },
	{ NULL, DRAW_KEY_OTHER,
	  "a page table entry: the page-cache page a "
	  "virtual page maps" },
};

static int draw_i_mmap(FILE *out)
{
	struct draw_proc procs[NR_PROCS] = {
		{ .name = "A",
		  .port = "A:shared",
		  .start = 0x10000,
		  .pages = 6,
		  .pgoff = 0,
		  .flags = VM_READ | VM_SHARED | VM_MAYSHARE },
		{ .name = "B",
		  .port = "B:shared",
		  .start = 0x40000,
		  .pages = 6,
		  .pgoff = 2,
		  .flags = VM_READ },
		{ .name = "C",
		  .port = "C:shared",
		  .start = 0x80000,
		  .pages = 2,
		  .pgoff = 6,
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
				      procs[p].pages * PAGE_SIZE,
				      procs[p].flags, procs[p].pgoff,
				      &procs[p].vma);
		for (a = procs[p].start; !err && a < procs[p].vma->vm_end;
		     a += PAGE_SIZE)
			err = handle_mm_fault(procs[p].mm, procs[p].vma, a, 0);
		if (err)
			goto out_mm;
	}

	fprintf(out, "// kstruct draw i_mmap: one file mapped by three "
		     "processes, every page touched.\n");
	fprintf(out, "digraph i_mmap {\n");
	draw_begin(out, "TB",
		   "An 8-page file: A maps pages 0-5 "
		   "shared, B pages 2-7 and C pages 6-7 private",
		   i_mmap_keys, ARRAY_SIZE(i_mmap_keys));
	fprintf(out,
		"\tmapping [label=<" DRAW_TABLE
		"<TR><TD COLSPAN=\"2\" BGCOLOR=\"%s\"><B>struct address_space"
		"</B>&#160;(inode 1)</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">i_size</TD><TD>%lld</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">nrpages</TD><TD>%lu</TD></TR>"
		"<TR><TD PORT=\"i_mmap\" BGCOLOR=\"%s\">i_mmap</TD>"
		"<TD PORT=\"i_mmap_shared\" BGCOLOR=\"%s\">i_mmap_shared</TD>"
		"</TR></TABLE>>];\n",
		DRAW_TITLE_FILL, inode.i_size, m->nrpages, DRAW_HEAD_FILL,
		DRAW_HEAD_FILL);
	for (p = 0; p < NR_PROCS; p++) {
		struct vm_area_struct *v = procs[p].vma;

		fprintf(out,
			"\t%s [label=<" DRAW_TABLE
			"<TR><TD COLSPAN=\"2\" BGCOLOR=\"%s\"><B>vma of "
			"process %s</B></TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">vm_start</TD><TD>%#lx</TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">vm_end</TD><TD>%#lx</TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">vm_pgoff</TD><TD>%lu</TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">vm_flags</TD><TD>%s</TD></TR>"
			"<TR><TD PORT=\"shared\" COLSPAN=\"2\" BGCOLOR=\"%s\">"
			"shared</TD></TR></TABLE>>];\n",
			procs[p].name, DRAW_TITLE_FILL, procs[p].name,
			v->vm_start, v->vm_end, v->vm_pgoff,
			v->vm_flags & VM_SHARED ? "VM_SHARED" : "private",
			DRAW_LINK_FILL);
	}
	/* the page cache: one column per page of the file */
	fprintf(out,
		"\tcache [label=<" DRAW_TABLE
		"<TR><TD ALIGN=\"LEFT\" BGCOLOR=\"%s\"><B>page cache: "
		"index</B></TD>",
		DRAW_TITLE_FILL);
	for (i = 0; i < 8; i++)
		if (find_get_page(m, i))
			fprintf(out,
				"<TD PORT=\"p%lu\" WIDTH=\"48\" "
				"BGCOLOR=\"%s\"><B>%lu</B></TD>",
				i, DRAW_TITLE_FILL, i);
	fprintf(out, "</TR><TR><TD ALIGN=\"LEFT\">frame</TD>");
	for (i = 0; i < 8; i++) {
		struct page *page = find_get_page(m, i);

		if (page)
			fprintf(out, "<TD>%ld</TD>",
				page_zone_index(&zone, page));
	}
	fprintf(out, "</TR><TR><TD ALIGN=\"LEFT\">mapcount</TD>");
	for (i = 0; i < 8; i++) {
		struct page *page = find_get_page(m, i);

		if (page)
			fprintf(out, "<TD>%u</TD>", page->mapcount);
	}
	fprintf(out, "</TR></TABLE>>];\n");
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
				fprintf(out,
					"\t%s -> cache:p%lu:n [" DRAW_EDGE_OTHER
					", arrowsize=0.5];\n",
					procs[p].name, page->index);
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

static const struct draw_key zone_keys[] = {
	{ DRAW_HEAD_FILL, "free_area[i]",
	  "the free list head of order i "
	  "(blocks of 2^i frames)" },
	{ DRAW_LINK_FILL, "list",
	  "the list_head embedded in a free block's "
	  "first struct page" },
	{ NULL, DRAW_KEY_NEXT,
	  "next pointers round each free list and back "
	  "to its head (prev mirrors them)" },
	{ DRAW_FREE_FILL, "free", "a free block, on its order's list" },
	{ DRAW_USED_FILL, "used",
	  "an allocated block (PG_head and its order "
	  "on its first page)" },
};

/* the DOT endpoint of a free-list node: a free_area head or a block */
static void zone_node(char *buf, size_t size, struct zone *zone,
		      struct list_head *p, unsigned int order)
{
	if (p == &zone->free_area[order].free_list)
		snprintf(buf, size, "zone:o%u", order);
	else
		snprintf(buf, size, "f%ld:list",
			 page_zone_index(zone,
					 list_entry(p, struct page, list)));
}

static int draw_zone(FILE *out)
{
	struct zone zone;
	struct page *blocks[3] = { NULL, NULL, NULL };
	struct list_head *pos;
	unsigned int order;
	unsigned long start[1UL << (MAX_ORDER - 1)], i, nr;
	char from[32], to[32];
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

	fprintf(out, "// kstruct draw zone: a zone's free lists of buddy "
		     "blocks, and its frames.\n");
	fprintf(out, "digraph zone {\n");
	draw_begin(out, "LR",
		   "A 512-frame zone after alloc_pages of "
		   "order 0, 2 and 2, then the free of the first order-2 block",
		   zone_keys, ARRAY_SIZE(zone_keys));
	/* room between the heads and the blocks for the rings to fan out */
	fprintf(out, "\tgraph [ranksep=1.6, nodesep=0.15];\n");
	fprintf(out,
		"\tzone [label=<" DRAW_TABLE
		"<TR><TD COLSPAN=\"2\" BGCOLOR=\"%s\"><B>struct zone \"%s\"</B>"
		"</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">size</TD><TD>%lu</TD></TR>"
		"<TR><TD ALIGN=\"LEFT\">free_pages</TD><TD>%lu</TD></TR>",
		DRAW_TITLE_FILL, zone.name, zone.size, zone.free_pages);
	for (order = 0; order < MAX_ORDER; order++)
		fprintf(out,
			"<TR><TD PORT=\"o%u\" COLSPAN=\"2\" "
			"BGCOLOR=\"%s\">free_area[%u]</TD></TR>",
			order, DRAW_HEAD_FILL, order);
	fprintf(out, "</TABLE>>];\n");

	/*
	 * zone_mem_map, one node per block, the highest address at the top:
	 * the buddy allocator splits from the top of a block down, so the
	 * small blocks are high and each free list sits about level with its
	 * free_area head, and the rings do not cross one another
	 */
	for (i = 0, nr = 0; i < zone.size; nr++) {
		int head = is_head_of_free_region(&zone.zone_mem_map[i]);

		start[nr] = i;
		i += head ? (unsigned long)head :
			    1UL << zone.zone_mem_map[i].order;
	}
	fprintf(out, "\tsubgraph mem_map {\n\t\trank=same;\n");
	while (nr--) {
		unsigned long end = i - 1;
		int head;

		i = start[nr];
		head = is_head_of_free_region(&zone.zone_mem_map[i]);
		fprintf(out, "\t\tf%lu [label=<" DRAW_TABLE "<TR>", i);
		if (head)
			fprintf(out,
				"<TD PORT=\"list\" BGCOLOR=\"%s\">list"
				"</TD>",
				DRAW_LINK_FILL);
		else
			fprintf(out, "<TD BORDER=\"0\">    </TD>");
		fprintf(out,
			"<TD BGCOLOR=\"%s\">struct page %lu-%lu: %s"
			"</TD></TR></TABLE>>];\n",
			head ? DRAW_FREE_FILL : DRAW_USED_FILL, i, end,
			head ? "free" : "used");
		if (end + 1 < zone.size)
			fprintf(out, "\t\tf%lu -> f%lu [style=invis];\n",
				end + 1, i);
	}
	fprintf(out, "\t}\n");
	/* each free list, following the real page->list next pointers */
	for (order = 0; order < MAX_ORDER; order++) {
		struct list_head *head = &zone.free_area[order].free_list;

		pos = head;
		do {
			zone_node(from, sizeof(from), &zone, pos, order);
			zone_node(to, sizeof(to), &zone, pos->next, order);
			/* block to block: no say in the column's order */
			if (pos != head && pos->next != head)
				fprintf(out,
					"\t%s:w -> %s:w [" DRAW_EDGE_NEXT
					", constraint=false];\n",
					from, to);
			else if (pos != head || pos->next != head)
				fprintf(out,
					"\t%s -> %s [" DRAW_EDGE_NEXT "];\n",
					from, to);
			pos = pos->next;
		} while (pos != head);
	}
	fprintf(out, "}\n");
out:
	for (i = 0; i < 3; i++)
		if (blocks[i] && (blocks[i]->flags & (1UL << PG_head)))
			__free_pages(&zone, blocks[i], blocks[i]->order);
	zone_release(&zone);
	return err;
}

KSTRUCT_DRAW("i_mmap",
	     "a file's i_mmap and i_mmap_shared rings of vmas "
	     "and the pages they map",
	     draw_i_mmap)
KSTRUCT_DRAW("zone",
	     "a zone's free_area lists of buddy blocks and its "
	     "frames",
	     draw_zone)
