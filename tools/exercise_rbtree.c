// SPDX-License-Identifier: MIT
/*
 * tools/exercise_rbtree.c - the exercises of docs/rbtree.md.
 *
 * Mirrors no kernel function: each builds a small tree of numbered nodes
 * with list/rbtree.h and prints its shape.  The code between "exercise
 * NAME setup {" and "}" is what the page shows (tests/tools/
 * test_exercise.c holds them equal).
 */
#include <errno.h>
#include <stdio.h>

#include "list/rbtree.h"
#include "list/rbtree_augmented.h"
#include "tools/kstruct.h"

/**
 * struct thing - a node of the exercises' trees
 * @key: what the tree is ordered by
 * @node: its links
 */
struct thing {
	int key;
	struct rb_node node;
};

static bool thing_less(struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, struct thing, node)->key <
	       rb_entry(b, struct thing, node)->key;
}

static bool thing_less_const(const struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, const struct thing, node)->key <
	       rb_entry(b, const struct thing, node)->key;
}

/* "4B(2R(1B,3B),6R)": key, colour, then (left,right) when it has a child */
static void print_shape(FILE *out, const struct rb_node *n)
{
	if (!n)
		return;
	fprintf(out, "%d%c", rb_entry(n, const struct thing, node)->key,
		rb_is_red(n) ? 'R' : 'B');
	if (!n->rb_left && !n->rb_right)
		return;
	fputc('(', out);
	print_shape(out, n->rb_left);
	fputc(',', out);
	print_shape(out, n->rb_right);
	fputc(')', out);
}

/* the most nodes on a path from the root down to a NULL child */
static int depth(const struct rb_node *n)
{
	int l, r;

	if (!n)
		return 0;
	l = depth(n->rb_left);
	r = depth(n->rb_right);
	return 1 + (l > r ? l : r);
}

/* the tree's shape, depth and black height; -EIO if rb_check() fails */
static int print_tree(FILE *out, const struct rb_root *root)
{
	const struct rb_node *n;
	int black = 0;

	/* every path has as many black nodes (rb_check()): count the left one */
	for (n = root->rb_node; n; n = n->rb_left)
		black += rb_is_black(n);
	print_shape(out, root->rb_node);
	fprintf(out, "\ndepth %d, black height %d\n", depth(root->rb_node),
		black);
	return rb_check(root, thing_less_const) ? 0 : -EIO;
}

static int exercise_rbtree_ascending(FILE *out)
{
	/* exercise rbtree-ascending setup { */
	struct rb_root root = RB_ROOT;
	struct thing things[10];
	int i;

	for (i = 0; i < 10; i++) { /* keys 1, 2, ..., 10 in that order */
		things[i].key = i + 1;
		rb_add(&things[i].node, &root, thing_less);
	}
	/* } */
	return print_tree(out, &root);
}

static int exercise_rbtree_erase(FILE *out)
{
	/* exercise rbtree-erase setup { */
	struct rb_root root = RB_ROOT;
	struct thing things[8];
	int i;

	for (i = 0; i < 8; i++) { /* 4B(2R(1B,3B),6R(5B,7B(,8R))) */
		things[i].key = i + 1;
		rb_add(&things[i].node, &root, thing_less);
	}
	rb_erase(&things[3].node, &root); /* the root, key 4 */
	/* } */
	return print_tree(out, &root);
}

KSTRUCT_EXERCISE("rbtree-ascending", 15,
		 "docs/rbtree.md: the tree that keys inserted in order "
		 "make",
		 exercise_rbtree_ascending)
KSTRUCT_EXERCISE("rbtree-erase", 16,
		 "docs/rbtree.md: what rb_erase() does to the root",
		 exercise_rbtree_erase)
