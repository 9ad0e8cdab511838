// SPDX-License-Identifier: MIT
/*
 * tools/exercise_rbtree.c - the exercises of docs/rbtree.md.
 *
 * Mirrors no kernel function: each builds a small tree of numbered nodes
 * with list/rbtree.h, as its instance says, and answers with its shape.  The code between "exercise
 * NAME setup {" and "}" is what the page shows (tests/tools/
 * test_exercise.c holds them equal).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "list/rbtree.h"
#include "list/rbtree_augmented.h"
#include "tools/exercise.h"
#include "tools/kstruct.h"
#include "tools/tour.h"

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

/*
 * The tree's shape as @ex's answer, its depth and black height as why;
 * -EIO if rb_check() fails.
 */
static int answer_tree(struct exercise *ex, const struct rb_root *root)
{
	char *shape = NULL;
	size_t len = 0;
	FILE *mem;

	mem = open_memstream(&shape, &len);
	if (!mem)
		return -ENOMEM;
	print_shape(mem, root->rb_node);
	if (fclose(mem)) {
		free(shape);
		return -ENOMEM;
	}
	exercise_answer(ex, "%s", shape);
	fprintf(ex->why, "%s\ndepth %d, black height %d\n", shape,
		tour_rbtree_depth(root->rb_node),
		tour_rbtree_black_height(root));
	free(shape);
	ex->form = "each node as its key and colour (B or R), then its "
		   "children in\n  parentheses, left,right, an empty side "
		   "left empty: 4B(2R(1B,3B),6B(,7R))";
	ex->pattern = "^[0-9]+[br](\\(.*\\))?$";
	return rb_check(root, thing_less_const) ? 0 : -EIO;
}

static int exercise_rbtree_ascending(struct exercise *ex)
{
	int n = (int)exercise_pick(ex, 10, 5, 16);
	int down = (int)exercise_pick(ex, 0, 0, 1);
	/* exercise rbtree-ascending setup { */
	struct rb_root root = RB_ROOT;
	struct thing things[16]; /* n of them */
	int i;

	for (i = 0; i < n; i++) { /* keys 1, 2, ..., n in that order */
		things[i].key = down ? n - i : i + 1; /* (or n, ..., 1) */
		rb_add(&things[i].node, &root, thing_less);
	}
	/* } */
	fprintf(ex->question,
		"The keys %d, %d, ..., %d are added in that order to an empty "
		"tree with\nrb_add().  What shape and colours does the tree "
		"end with?\n",
		down ? n : 1, down ? n - 1 : 2, down ? 1 : n);
	ex->hint = "insert them one at a time: a red parent with a red uncle "
		   "recolours, with a black (or no) uncle rotates";
	return answer_tree(ex, &root);
}

static int exercise_rbtree_erase(struct exercise *ex)
{
	int n = (int)exercise_pick(ex, 8, 5, 12);
	int k = (int)exercise_pick(ex, 4, 1, n);
	/* exercise rbtree-erase setup { */
	struct rb_root root = RB_ROOT;
	struct thing things[12]; /* n of them */
	int i;

	for (i = 0; i < n; i++) { /* keys 1..n in order */
		things[i].key = i + 1;
		rb_add(&things[i].node, &root, thing_less);
	}
	rb_erase(&things[k - 1].node, &root); /* the node of key k */
	/* } */
	fprintf(ex->question,
		"The keys 1, 2, ..., %d are added in that order to an empty "
		"tree with\nrb_add(); then the node of key %d is taken out "
		"with rb_erase().  What\nshape and colours does the tree end "
		"with?\n",
		n, k);
	ex->hint = "a node with two children is replaced by its successor; "
		   "a black node\n  gone from a path is made up for by "
		   "recolouring or rotating";
	return answer_tree(ex, &root);
}

KSTRUCT_EXERCISE("rbtree-ascending", 15,
		 "docs/rbtree.md: the tree that keys inserted in order "
		 "make",
		 exercise_rbtree_ascending)
KSTRUCT_EXERCISE("rbtree-erase", 16,
		 "docs/rbtree.md: what rb_erase() does to a node",
		 exercise_rbtree_erase)
