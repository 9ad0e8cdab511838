// SPDX-License-Identifier: MIT
/*
 * tools/draw_list.c - "kstruct draw list": a Graphviz DOT picture of a
 * small struct list_head ring, every next and prev pointer an edge.
 *
 * Mirrors no kernel function: it draws what include/linux/list.h
 * (list/list.h) builds.  The list is a head and three entries added with
 * list_add_tail(); each entry is drawn with its fields, the embedded
 * list_head among them, and every edge is read from a real pointer and
 * ends at the embedded list_head that pointer holds the address of: the
 * picture shows the ring the code made, and why list_entry() has to step
 * back from the member to the structure.  Nodes are named by labels,
 * never addresses, so the output is the same on every run.
 */
#include <errno.h>
#include <stdio.h>

#include "list/list.h"
#include "tools/draw.h"
#include "tools/kstruct.h"

/**
 * struct draw_item - an entry of the pictured list
 * @name: its label in the picture
 * @weight: a field before the link, so that the link is not at offset 0
 * @list: its links
 */
struct draw_item {
	const char *name;
	int weight;
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

static const struct draw_key list_keys[] = {
	{ DRAW_HEAD_FILL, "head",
	  "the list's head: a struct list_head "
	  "that is in no entry" },
	{ DRAW_LINK_FILL, "list",
	  "the struct list_head embedded in each "
	  "entry (its member 'list')" },
	{ NULL, DRAW_KEY_NEXT,
	  "next: holds the address of the next "
	  "embedded list_head (or of the head)" },
	{ NULL, DRAW_KEY_PREV, "prev: the same, going the other way" },
	{ NULL, "",
	  "list_entry(p, struct draw_item, list) is container_of: "
	  "p minus offsetof(struct draw_item, list)" },
};

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
		{ .name = "A", .weight = 30 },
		{ .name = "B", .weight = 10 },
		{ .name = "C", .weight = 20 },
	};
	const int nr = (int)ARRAY_SIZE(items);
	const struct list_head *pos;
	LIST_HEAD(head);
	int i;

	for (i = 0; i < nr; i++)
		list_add_tail(&items[i].list, &head);

	fprintf(out, "// kstruct draw list: a struct list_head ring of a head "
		     "and three entries.\n");
	fprintf(out, "digraph list_head {\n");
	draw_begin(out, "LR",
		   "LIST_HEAD(head); then "
		   "list_add_tail(&amp;X-&gt;list, &amp;head) for A, B, C",
		   list_keys, ARRAY_SIZE(list_keys));
	fprintf(out,
		"\thead [label=<" DRAW_TABLE
		"<TR><TD PORT=\"list\" COLSPAN=\"2\" BGCOLOR=\"%s\">"
		"LIST_HEAD(head)</TD></TR>"
		"<TR><TD PORT=\"next\" BGCOLOR=\"%s\">next</TD>"
		"<TD PORT=\"prev\" BGCOLOR=\"%s\">prev</TD></TR></TABLE>>];\n",
		DRAW_HEAD_FILL, DRAW_HEAD_FILL, DRAW_HEAD_FILL);
	for (i = 0; i < nr; i++)
		fprintf(out,
			"\t%s [label=<" DRAW_TABLE
			"<TR><TD COLSPAN=\"2\" BGCOLOR=\"%s\"><B>struct "
			"draw_item %s</B></TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">name</TD><TD>\"%s\"</TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">weight</TD><TD>%d</TD></TR>"
			"<TR><TD PORT=\"list\" COLSPAN=\"2\" BGCOLOR=\"%s\">"
			"struct list_head list</TD></TR>"
			"<TR><TD PORT=\"next\" BGCOLOR=\"%s\">next</TD>"
			"<TD PORT=\"prev\" BGCOLOR=\"%s\">prev</TD></TR>"
			"</TABLE>>];\n",
			items[i].name, DRAW_TITLE_FILL, items[i].name,
			items[i].name, items[i].weight, DRAW_LINK_FILL,
			DRAW_LINK_FILL, DRAW_LINK_FILL);
	pos = &head;
	do {
		const char *from = node_id(pos, &head, items, nr);
		const char *next = node_id(pos->next, &head, items, nr);
		const char *prev = node_id(pos->prev, &head, items, nr);

		if (!from || !next || !prev)
			return -EIO;
		/* each pointer holds the address of the list_head inside @next */
		fprintf(out, "\t%s:next -> %s:list [" DRAW_EDGE_NEXT "];\n",
			from, next);
		fprintf(out, "\t%s:prev -> %s:list [" DRAW_EDGE_PREV "];\n",
			from, prev);
		pos = pos->next;
	} while (pos != &head);
	fprintf(out, "}\n");
	return 0;
}

KSTRUCT_DRAW("list",
	     "a struct list_head ring: head and three entries, next and prev",
	     draw_list)
