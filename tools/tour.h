/* SPDX-License-Identifier: MIT */
/*
 * tools/tour.h - "kstruct tour" (tools/tour.c), callable with its input
 * and outputs given, for the tests; and the text drawing of a red-black
 * tree (tools/tour_rbtree.c) that the rbtree and fair sections share.
 */
#ifndef KSTRUCT_TOOLS_TOUR_H
#define KSTRUCT_TOOLS_TOUR_H

#include <stdio.h>

int tour_main(int argc, char **argv, FILE *in, FILE *out, FILE *err);

/* the widest a line of the tour is, for a terminal or a projector */
#define TOUR_COLUMNS 80

/**
 * tour_write() - write a section's text, each line within TOUR_COLUMNS
 * @out: where to write
 * @s: the text
 * @len: its length in bytes
 *
 * A longer line (a table row a section prints, a kernel-format line) is
 * broken at its last blank that fits, and goes on under its own indent
 * and four more columns.  A line with no such blank is written whole.
 * Columns are counted in characters (UTF-8), not bytes.
 */
void tour_write(FILE *out, const char *s, size_t len);

struct rb_node;
struct rb_root;

/* the deepest a drawn tree goes; below that, subtrees are left out */
#define TOUR_RBTREE_DEPTH 16

/* prints what a node of the tree is (no newline); its colour follows */
typedef void tour_rbtree_label_fn(FILE *out, const struct rb_node *node,
				  void *data);

/* the most nodes on a path from @n down to a NULL child */
int tour_rbtree_depth(const struct rb_node *n);

/* the black nodes on each path from the root down (rb_check() holds) */
int tour_rbtree_black_height(const struct rb_root *root);

/**
 * tour_rbtree_print() - a red-black tree as text, lying on its side
 * @out: where to print
 * @root: the tree
 * @indent: what begins every line
 * @label: prints each node's label
 * @data: passed to @label
 *
 * One line per node: the root at the left, each right child above its
 * parent (".-- ") and each left child below it ("`-- "), then "red" or
 * "black".  An empty tree is "(empty)".
 */
void tour_rbtree_print(FILE *out, const struct rb_root *root,
		       const char *indent, tour_rbtree_label_fn *label,
		       void *data);

#endif /* KSTRUCT_TOOLS_TOUR_H */
