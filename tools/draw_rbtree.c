// SPDX-License-Identifier: MIT
/*
 * tools/draw_rbtree.c - "kstruct draw rbtree": a Graphviz DOT picture of
 * a small red-black tree, as list/rbtree.h builds it.
 *
 * Mirrors no kernel function.  Nine keys are added with rb_add() in a
 * fixed order; every node is drawn filled with the colour its
 * __rb_parent_color holds, and every rb_left and rb_right edge is read
 * from the real pointer.  Nodes are named by their keys, never
 * addresses, so the output is the same on every run.
 */
#include <errno.h>
#include <stdio.h>

#include "list/rbtree.h"
#include "list/rbtree_augmented.h"
#include "tools/draw.h"
#include "tools/kstruct.h"

/**
 * struct draw_thing - a node of the pictured tree
 * @key: what the tree is ordered by
 * @node: its links
 */
struct draw_thing {
	int key;
	struct rb_node node;
};

static bool draw_thing_less(struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, struct draw_thing, node)->key <
	       rb_entry(b, struct draw_thing, node)->key;
}

static const struct draw_key rbtree_keys[] = {
	{ DRAW_RB_BLACK, "<FONT COLOR=\"white\">k</FONT>",
	  "a black node: struct draw_thing, key k" },
	{ DRAW_RB_RED, "k", "a red node" },
	{ NULL, DRAW_KEY_TREE,
	  "rb_left, rb_right: the child's embedded struct rb_node" },
	{ NULL, "NULL", "no child there (a NULL child counts as black)" },
	{ NULL, "",
	  "not drawn: each node's __rb_parent_color, its parent's address "
	  "with the colour in bit 0" },
	{ NULL, "",
	  "every path from the root to a NULL child passes the same number "
	  "of black nodes; no red node has a red child" },
};

/* one child cell: the port an edge leaves from, or NULL in grey */
static void child_cell(FILE *out, const char *port, const struct rb_node *c)
{
	fprintf(out, "<TD PORT=\"%s\">%s</TD>", port,
		c ? port : "<FONT COLOR=\"#999999\">NULL</FONT>");
}

/* @n and its subtree, nodes then edges; -EIO if a node is not ours */
static int draw_subtree(FILE *out, const struct rb_node *n,
			const struct draw_thing *things, int nr)
{
	const struct draw_thing *t = rb_entry(n, const struct draw_thing, node);
	const struct rb_node *child[2] = { n->rb_left, n->rb_right };
	static const char *const port[2] = { "rb_left", "rb_right" };
	int i, ret;

	if (t < things || t >= things + nr)
		return -EIO;
	/*
	 * the key and the colour in one run of text: in two runs (a bold
	 * key), SVG drops the space that began the second and shows "8black"
	 */
	fprintf(out,
		"\tk%d [label=<" DRAW_TABLE
		"<TR><TD PORT=\"rb_node\" COLSPAN=\"2\" BGCOLOR=\"%s\">"
		"<FONT COLOR=\"%s\">%d %s</FONT></TD></TR><TR>",
		t->key, rb_is_red(n) ? DRAW_RB_RED : DRAW_RB_BLACK,
		rb_is_red(n) ? "black" : "white", t->key,
		rb_is_red(n) ? "red" : "black");
	child_cell(out, port[0], child[0]);
	child_cell(out, port[1], child[1]);
	fprintf(out, "</TR></TABLE>>];\n");
	for (i = 0; i < 2; i++) {
		if (!child[i])
			continue;
		fprintf(out,
			"\tk%d:%s:s -> k%d:rb_node:n [" DRAW_EDGE_TREE "];\n",
			t->key, port[i],
			rb_entry(child[i], const struct draw_thing, node)->key);
		ret = draw_subtree(out, child[i], things, nr);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * draw_rbtree() - print the DOT picture of a nine-node red-black tree
 * @out: where to print
 *
 * Context: uses only the stack.
 * Return: 0, or -EIO if the tree is not sound or a pointer leads outside
 * it (a bug in list/rbtree.c).
 */
static int draw_rbtree(FILE *out)
{
	static const int keys[] = { 8, 3, 10, 1, 6, 14, 4, 7, 13 };
	struct draw_thing things[ARRAY_SIZE(keys)];
	struct rb_root root = RB_ROOT;
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		things[i].key = keys[i];
		rb_add(&things[i].node, &root, draw_thing_less);
	}
	if (!rb_check(&root, NULL))
		return -EIO;

	fprintf(out, "// kstruct draw rbtree: a red-black tree of nine "
		     "nodes.\n");
	fprintf(out, "digraph rbtree {\n");
	draw_begin(out, "TB",
		   "rb_add() of 8, 3, 10, 1, 6, 14, 4, 7, 13, in that order",
		   rbtree_keys, ARRAY_SIZE(rbtree_keys));
	fprintf(out, "\tgraph [ordering=out];\n");
	fprintf(out, "\troot [label=<" DRAW_TABLE
		     "<TR><TD PORT=\"rb_node\">struct rb_root root</TD></TR>"
		     "</TABLE>>];\n");
	fprintf(out,
		"\troot:rb_node:s -> k%d:rb_node:n [" DRAW_EDGE_TREE "];\n",
		rb_entry(root.rb_node, struct draw_thing, node)->key);
	ret = draw_subtree(out, root.rb_node, things, (int)ARRAY_SIZE(things));
	if (ret)
		return ret;
	fprintf(out, "}\n");
	return 0;
}

KSTRUCT_DRAW("rbtree",
	     "a red-black tree of nine nodes: colours, rb_left and rb_right",
	     draw_rbtree)
