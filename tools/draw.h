/* SPDX-License-Identifier: MIT */
/*
 * tools/draw.h - what the pictures of "kstruct draw" share: one font, one
 * set of colours, HTML-like labels and a legend inside every picture.
 *
 * The colours mean the same in every picture: a list head that belongs to
 * no entry (or is the head field of its owner) is blue, a list_head
 * embedded in an entry is yellow, next pointers are solid blue arrows and
 * prev pointers dashed red ones.  Every list arrow ends at the embedded
 * list_head it holds the address of, not at the start of the structure
 * around it: getting from there to the structure is container_of()'s job.
 * In a red-black tree a node is filled with its colour, and rb_left and
 * rb_right are solid green arrows to the embedded rb_node.
 *
 * The font is named, not left to fontconfig, so that Graphviz measures
 * text the same way wherever the docs are built (DejaVu is what Debian's
 * fontconfig installs first); the generic family after it is what a
 * browser without DejaVu falls back to.
 */
#ifndef KSTRUCT_TOOLS_DRAW_H
#define KSTRUCT_TOOLS_DRAW_H

#include <stddef.h>
#include <stdio.h>

#define DRAW_FONT "DejaVu Sans Mono,monospace"
#define DRAW_HEAD_FILL "#dce6ff" /* a list head */
#define DRAW_LINK_FILL "#fff2b3" /* an embedded struct list_head */
#define DRAW_TITLE_FILL "#eeeeee" /* the struct's name */
#define DRAW_FREE_FILL "#d4f0d4"
#define DRAW_USED_FILL "#f4d0d0"
#define DRAW_NEXT "#1f4fb4"
#define DRAW_PREV "#b0502a"
#define DRAW_OTHER "#555555" /* pointers that are not list links */
#define DRAW_RB_RED "#f2a0a0" /* a red rb_node */
#define DRAW_RB_BLACK "#404040" /* a black rb_node (its text is white) */
#define DRAW_TREE "#1f7a3a" /* rb_left and rb_right */

/* samples for the key column of a legend (HTML-like text) */
#define DRAW_KEY_NEXT "<FONT COLOR=\"" DRAW_NEXT "\">━━━━▶</FONT>"
#define DRAW_KEY_PREV "<FONT COLOR=\"" DRAW_PREV "\">╍╍╍╍▶</FONT>"
#define DRAW_KEY_OTHER "<FONT COLOR=\"" DRAW_OTHER "\">╍╍╍╍▶</FONT>"
#define DRAW_KEY_TREE "<FONT COLOR=\"" DRAW_TREE "\">━━━━▶</FONT>"

/* edge attributes */
#define DRAW_EDGE_NEXT "color=\"" DRAW_NEXT "\""
#define DRAW_EDGE_PREV "color=\"" DRAW_PREV "\", style=dashed"
#define DRAW_EDGE_OTHER "color=\"" DRAW_OTHER "\", style=dashed"
#define DRAW_EDGE_TREE "color=\"" DRAW_TREE "\""

/**
 * struct draw_key - one row of a picture's legend
 * @fill: a background colour for the sample cell, or NULL
 * @sample: HTML-like text of the sample (an arrow, a word in a box)
 * @meaning: HTML-like text saying what it means
 */
struct draw_key {
	const char *fill;
	const char *sample;
	const char *meaning;
};

/**
 * draw_begin() - a picture's graph attributes and its legend
 * @out: where the DOT goes, just after the "digraph NAME {" line
 * @rankdir: "LR" or "TB"
 * @title: the legend's first line (HTML-like text)
 * @keys: the legend's rows
 * @nr_keys: how many
 *
 * The legend is the graph's label, below the picture, so it takes no
 * part in the layout of the nodes.
 */
static inline void draw_begin(FILE *out, const char *rankdir, const char *title,
			      const struct draw_key *keys, size_t nr_keys)
{
	size_t i;

	fprintf(out,
		"\tgraph [rankdir=%s, fontname=\"%s\", fontsize=11, "
		"nodesep=0.3, ranksep=0.45, labelloc=b, labeljust=l, "
		"label=<<TABLE BORDER=\"1\" COLOR=\"#999999\" CELLBORDER=\"0\" "
		"CELLSPACING=\"1\" CELLPADDING=\"2\">"
		"<TR><TD COLSPAN=\"2\" ALIGN=\"LEFT\"><B>%s</B></TD></TR>",
		rankdir, DRAW_FONT, title);
	for (i = 0; i < nr_keys; i++) {
		if (keys[i].fill)
			fprintf(out,
				"<TR><TD BORDER=\"1\" BGCOLOR=\"%s\">%s"
				"</TD>",
				keys[i].fill, keys[i].sample);
		else
			fprintf(out, "<TR><TD>%s</TD>", keys[i].sample);
		fprintf(out, "<TD ALIGN=\"LEFT\">%s</TD></TR>",
			keys[i].meaning);
	}
	fprintf(out,
		"</TABLE>>];\n"
		"\tnode [shape=plaintext, fontname=\"%s\", fontsize=11];\n"
		"\tedge [fontname=\"%s\", fontsize=10, arrowsize=0.7];\n",
		DRAW_FONT, DRAW_FONT);
}

/**
 * draw_html() - print text inside an HTML-like label
 * @out: where to print
 * @s: the text; & < > and " are escaped, control characters become '?'
 */
static inline void draw_html(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '&')
			fputs("&amp;", out);
		else if (c == '<')
			fputs("&lt;", out);
		else if (c == '>')
			fputs("&gt;", out);
		else if (c == '"')
			fputs("&quot;", out);
		else
			fputc(c < 0x20 || c == 0x7f ? '?' : c, out);
	}
}

/* the opening of a node's table and its title row */
#define DRAW_TABLE                                                \
	"<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" " \
	"CELLPADDING=\"3\">"

struct bus_type;
struct prio_array;
struct runqueue;
struct task_struct;

/* tools/draw_sched.c: a runqueue, its arrays and queued tasks */
int draw_rq(FILE *out, struct runqueue *rq);
/* tools/draw_sched.c: one queue's ring, each task drawn by @task */
int draw_queue(FILE *out, struct runqueue *rq, struct prio_array *array,
	       unsigned long idx, const char *head,
	       void (*task)(FILE *out, struct runqueue *rq,
			    struct task_struct *p));
/* tools/draw_bus.c: a bus's rings, from one bus_snapshot() */
int draw_bus(FILE *out, struct bus_type *bus);

#endif /* KSTRUCT_TOOLS_DRAW_H */
