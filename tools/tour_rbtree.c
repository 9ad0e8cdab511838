// SPDX-License-Identifier: MIT
/*
 * tools/tour_rbtree.c - "kstruct tour rbtree": the red-black tree of
 * list/rbtree.h, built and taken apart one node at a time; and
 * tour_rbtree_print(), the text drawing of a tree that this section and
 * "kstruct tour fair" share.
 *
 * Mirrors no kernel function: it runs rb_add(), rb_erase(), rb_first()
 * and rb_next() on the nine keys of "kstruct draw rbtree" and draws the
 * tree after each step, with rb_check()'s verdict, its depth and its
 * black height, all read from the nodes.  Keys, never addresses: every
 * run prints the same.
 */
#include <errno.h>
#include <stdio.h>

#include "list/rbtree.h"
#include "list/rbtree_augmented.h"
#include "tools/kstruct.h"
#include "tools/tour.h"

/* the subtree of @n: its right side above it, its left side below */
static void print_subtree(FILE *out, const struct rb_node *n, char *prefix,
			  size_t len, int side, tour_rbtree_label_fn *label,
			  void *data)
{
	static const char *const joint[3] = { "", ".-- ", "`-- " };

	/* side: 0 the root, 1 a right child (drawn above), 2 a left child */
	if (n->rb_right && len + 5 < TOUR_RBTREE_DEPTH * 4) {
		snprintf(prefix + len, 5, "%s", side == 2 ? "|   " : "    ");
		print_subtree(out, n->rb_right, prefix, len + 4, 1, label,
			      data);
	}
	prefix[len] = '\0';
	fprintf(out, "%s%s", prefix, joint[side]);
	label(out, n, data);
	fprintf(out, " %s\n", rb_is_red(n) ? "red" : "black");
	if (n->rb_left && len + 5 < TOUR_RBTREE_DEPTH * 4) {
		snprintf(prefix + len, 5, "%s", side == 1 ? "|   " : "    ");
		print_subtree(out, n->rb_left, prefix, len + 4, 2, label, data);
	}
	prefix[len] = '\0';
}

void tour_rbtree_print(FILE *out, const struct rb_root *root,
		       const char *indent, tour_rbtree_label_fn *label,
		       void *data)
{
	char prefix[TOUR_RBTREE_DEPTH * 4 + 64];
	size_t len = (size_t)snprintf(prefix, 64, "%s", indent);

	if (!root->rb_node) {
		fprintf(out, "%s(empty)\n", indent);
		return;
	}
	print_subtree(out, root->rb_node, prefix, len, 0, label, data);
}

/**
 * struct tour_key - a node of the section's tree
 * @key: what the tree is ordered by
 * @node: its links
 */
struct tour_key {
	int key;
	struct rb_node node;
};

static bool key_less(struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, struct tour_key, node)->key <
	       rb_entry(b, const struct tour_key, node)->key;
}

static bool key_less_const(const struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, const struct tour_key, node)->key <
	       rb_entry(b, const struct tour_key, node)->key;
}

static void key_label(FILE *out, const struct rb_node *n, void *data)
{
	(void)data;
	fprintf(out, "%d", rb_entry(n, const struct tour_key, node)->key);
}

int tour_rbtree_depth(const struct rb_node *n)
{
	int l, r;

	if (!n)
		return 0;
	l = tour_rbtree_depth(n->rb_left);
	r = tour_rbtree_depth(n->rb_right);
	return 1 + (l > r ? l : r);
}

int tour_rbtree_black_height(const struct rb_root *root)
{
	const struct rb_node *n;
	int black = 0;

	/* every path has as many (rb_check()): count the leftmost one's */
	for (n = root->rb_node; n; n = n->rb_left)
		black += rb_is_black(n);
	return black;
}

/* the tree, and what rb_check() says of it; false when it is broken */
static bool show(FILE *out, const struct rb_root *root)
{
	bool ok = rb_check(root, key_less_const);

	tour_rbtree_print(out, root, "     ", key_label, NULL);
	fprintf(out, "   depth %d, black height %d; rb_check(): %s\n",
		tour_rbtree_depth(root->rb_node),
		tour_rbtree_black_height(root), ok ? "sound" : "BROKEN");
	return ok;
}

/* rb_add() the keys @from..@to (indices) of @k into @root */
static void add(struct tour_key *k, int from, int to, struct rb_root *root)
{
	int i;

	for (i = from; i <= to; i++)
		rb_add(&k[i].node, root, key_less);
}

static int tour_rbtree(FILE *out)
{
	static const int keys[] = { 8, 3, 10, 1, 6, 14, 4, 7, 13 };
	struct tour_key k[ARRAY_SIZE(keys)];
	struct rb_root root = RB_ROOT;
	struct rb_node *n;
	bool ok = true;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		k[i].key = keys[i];
	fprintf(out,
		"The red-black tree (list/rbtree.h; lib/rbtree.c in the kernel)\n"
		"\n"
		"A node is a struct rb_node embedded in its owner, as a list_head is;\n"
		"rb_entry() is container_of().  Each node is red or black, and two\n"
		"rules keep the tree balanced: no red node has a red child, and every\n"
		"path from the root down to a NULL child passes as many black nodes.\n"
		"So no path is more than twice as long as another: depth <= 2 log2(n+1).\n"
		"The trees below lie on their side: the root at the left, each right\n"
		"child above its parent (.--), each left child below it (`--).\n"
		"\n" TOUR_STEP
		"1. rb_add() of 8, 3 and 10.  A new node comes in red at a leaf (the\n"
		"   caller's less() finds the place); the root is made black.\n");
	add(k, 0, 2, &root);
	ok = show(out, &root) && ok;
	fprintf(out,
		"\n" TOUR_STEP
		"2. rb_add() of 1: its parent 3 is red, and so is its uncle 10.  Two\n"
		"   reds in a row: recolour, the parent and the uncle black, the\n"
		"   grandparent red (then black again: it is the root).\n");
	add(k, 3, 3, &root);
	ok = show(out, &root) && ok;
	fprintf(out,
		"\n" TOUR_STEP
		"3. rb_add() of 6, 14 and 4.  6 and 14 find black parents: nothing to\n"
		"   fix.  4 goes under 6, red, whose uncle 1 is red too: recolour\n"
		"   again, 6 and 1 black, 3 red; 3's parent 8 is black, so it stops.\n");
	add(k, 4, 6, &root);
	ok = show(out, &root) && ok;
	fprintf(out,
		"\n" TOUR_STEP
		"4. rb_add() of 7 and 13: 13 lands left of the red 14, whose uncle is\n"
		"   NULL (black): a double rotation, right at 14 then left at 10.\n");
	add(k, 7, 8, &root);
	ok = show(out, &root) && ok;
	fprintf(out,
		"\n" TOUR_STEP
		"5. rb_erase() of the root, 8.  It has two children, so its successor\n"
		"   (the leftmost node of its right subtree, 10) takes its place and\n"
		"   colour.  10 was red where it was: no path lost a black node, and\n"
		"   nothing needs fixing.  (A black one gone would be made up for by\n"
		"   recolouring or rotating, as 'kstruct exercise rbtree-erase' shows.)\n");
	rb_erase(&k[0].node, &root);
	ok = show(out, &root) && ok;
	fprintf(out,
		"\n" TOUR_STEP
		"6. rb_first() and rb_next() walk the keys in order, each step at most\n"
		"   the tree's depth (struct rb_root_cached keeps the leftmost, so the\n"
		"   first is O(1): what CFS picks):\n  ");
	for (n = rb_first(&root); n; n = rb_next(n))
		fprintf(out, " %d", rb_entry(n, struct tour_key, node)->key);
	fprintf(out,
		"\n\nWhat later kernels changed: 2.5.33's rbtree (Andrea Arcangeli's,\n"
		"1999) had typedefs rb_node_t and rb_root_t, gone in 2.5.36 with\n"
		"rb_next() and rb_prev(); later kernels packed the colour into the\n"
		"parent pointer, added augmented trees (the interval trees of mm, and\n"
		"EEVDF's min_deadline, 'kstruct tour fair'), rb_root_cached and the\n"
		"rb_add()/rb_find() helpers.\n"
		"\nMore: docs/rbtree.md; 'kstruct draw rbtree | dot -Tsvg' pictures\n"
		"the tree of step 4; 'kstruct exercise rbtree-ascending'.\n");
	return ok ? 0 : -EIO;
}

KSTRUCT_TOUR("rbtree", 15,
	     "the red-black tree: rb_add, recolouring, rotations, "
	     "rb_erase, in-order walk",
	     tour_rbtree)
