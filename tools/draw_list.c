// SPDX-License-Identifier: MIT
/*
 * tools/draw_list.c - "kstruct draw list": a Graphviz DOT picture of a
 * small struct list_head ring, every next and prev pointer an edge.
 *
 * Mirrors no kernel function: it draws what include/linux/list.h
 * (list/list.h) builds.  The list is a head and three entries added with
 * list_add_tail(); each node is a record with its next and prev fields,
 * and the edges are read from the real pointers, so the picture shows the
 * ring the code made, not one drawn by hand.  Nodes are named by labels,
 * never addresses, so the output is the same on every run.
 */
#include <errno.h>
#include <stdio.h>

#include "list/list.h"
#include "tools/kstruct.h"

/**
 * struct draw_item - an entry of the pictured list
 * @name: its label in the picture
 * @list: its links
 */
struct draw_item {
	const char *name;
	struct list_head list;
};

/* the DOT id of a node: "head" or the entry's name; NULL if unknown */
static const char *node_id(const struct list_head *p,
			   const struct list_head *head,
			   const struct draw_item *items, int nr)
{
	int i;

	if (p == head)
		return "head";
	for (i = 0; i < nr; i++)
		if (p == &items[i].list)
			return items[i].name;
	return NULL;
}

/**
 * draw_list() - print the DOT picture of a head and three entries
 * @out: where to print
 *
 * Context: uses only the stack.
 * Return: 0, or -EIO if a pointer leads outside the list (a bug in
 * list/list.h).
 */
static int draw_list(FILE *out)
{
	struct draw_item items[] = {
		{ .name = "A" }, { .name = "B" }, { .name = "C" },
	};
	const int nr = (int)ARRAY_SIZE(items);
	const struct list_head *pos;
	LIST_HEAD(head);
	int i;

	for (i = 0; i < nr; i++)
		list_add_tail(&items[i].list, &head);

	fprintf(out,
		"// kstruct draw list: a struct list_head ring of a head and three\n"
		"// entries (list_add_tail A, B, C).  Solid edges: next; dashed: prev.\n"
		"// Each arrow ends at the node whose embedded list_head it points to.\n"
		"digraph list_head {\n"
		"\trankdir=LR;\n"
		"\tnode [shape=record, fontname=\"monospace\"];\n"
		"\tedge [fontname=\"monospace\", fontsize=10];\n"
		"\thead [label=\"{LIST_HEAD(head)|{<next> next|<prev> prev}}\", "
		"style=filled, fillcolor=\"#e8e8ff\"];\n");
	for (i = 0; i < nr; i++)
		fprintf(out, "\t%s [label=\"{struct draw_item %s|"
			"{<next> next|<prev> prev}}\"];\n",
			items[i].name, items[i].name);
	pos = &head;
	do {
		const char *from = node_id(pos, &head, items, nr);
		const char *next = node_id(pos->next, &head, items, nr);
		const char *prev = node_id(pos->prev, &head, items, nr);

		if (!from || !next || !prev)
			return -EIO;
		/* each pointer holds the address of the list_head inside @next */
		fprintf(out, "\t%s:next -> %s [color=\"#2040a0\"];\n",
			from, next);
		fprintf(out, "\t%s:prev -> %s [style=dashed, color=\"#a04020\"];\n",
			from, prev);
		pos = pos->next;
	} while (pos != &head);
	fprintf(out, "}\n");
	return 0;
}

KSTRUCT_DRAW("list", "a struct list_head ring: head and three entries, next and prev",
	     draw_list)
