// SPDX-License-Identifier: MIT
/*
 * bench/mm_itree.c - an augmented red-black interval tree on libbsd's
 * <bsd/sys/tree.h> (see bench/mm_itree.h).
 *
 * Mirrors no 2.5.33 file: it stands for what replaced the i_mmap lists
 * (include/linux/interval_tree_generic.h's idea in 3.7, written here from
 * the textbook description).  Kept apart from list/list.h: libbsd's
 * headers define LIST_HEAD.
 *
 * libbsd calls RB_AUGMENT() on the nodes a rotation or removal changes,
 * but after an insertion only on the new node's parent, so insertion
 * here finishes by refreshing the augmentation up to the root.
 */
#include <errno.h>
#include <stdint.h>

#ifndef __unused
/* RB_GENERATE_STATIC() uses it; libbsd defines it only in overlay mode */
#define __unused	__attribute__((unused))
#endif
#include <bsd/sys/tree.h>

#include "bench/mm_itree.h"
#include "compat/slab.h"

struct itnode {
	RB_ENTRY(itnode) rb;
	unsigned long first;
	unsigned long last;
	unsigned long subtree_last;	/* largest last in this subtree */
	size_t id;
};

RB_HEAD(itroot, itnode);

struct mm_itree {
	struct itroot root;
	struct itnode *nodes;
	size_t n;
};

static void itnode_augment(struct itnode *node)
{
	unsigned long max = node->last;
	struct itnode *child;

	child = RB_LEFT(node, rb);
	if (child && child->subtree_last > max)
		max = child->subtree_last;
	child = RB_RIGHT(node, rb);
	if (child && child->subtree_last > max)
		max = child->subtree_last;
	node->subtree_last = max;
}

#undef RB_AUGMENT
#define RB_AUGMENT(x)	itnode_augment(x)

static int itnode_cmp(const struct itnode *a, const struct itnode *b)
{
	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	return 0;
}

RB_GENERATE_STATIC(itroot, itnode, rb, itnode_cmp)

struct mm_itree *mm_itree_build(const unsigned long *first,
				const unsigned long *last, size_t n)
{
	struct mm_itree *tree = kzalloc(sizeof(*tree), GFP_KERNEL);
	size_t i;

	if (!tree)
		return NULL;
	tree->nodes = kcalloc(n ? n : 1, sizeof(*tree->nodes), GFP_KERNEL);
	if (!tree->nodes) {
		kfree(tree);
		return NULL;
	}
	RB_INIT(&tree->root);
	tree->n = n;
	for (i = 0; i < n; i++) {
		struct itnode *node = &tree->nodes[i], *up;

		node->first = first[i];
		node->last = last[i];
		node->subtree_last = last[i];
		node->id = i;
		RB_INSERT(itroot, &tree->root, node);
		for (up = node; up; up = RB_PARENT(up, rb))
			itnode_augment(up);
	}
	return tree;
}

void mm_itree_free(struct mm_itree *tree)
{
	if (!tree)
		return;
	kfree(tree->nodes);
	kfree(tree);
}

static void query(const struct itnode *node, unsigned long from, size_t *ids,
		  size_t max, size_t *found)
{
	/* iterate down the right spine, recurse into left subtrees */
	while (node && node->subtree_last >= from) {
		query(RB_LEFT(node, rb), from, ids, max, found);
		if (node->last >= from) {
			if (*found < max)
				ids[*found] = node->id;
			(*found)++;
		}
		node = RB_RIGHT(node, rb);
	}
}

size_t mm_itree_query_from(const struct mm_itree *tree, unsigned long from,
			   size_t *ids, size_t max)
{
	size_t found = 0;

	query(RB_ROOT(&tree->root), from, ids, max, &found);
	return found;
}

/* black height of @node's subtree, or -1 when something is wrong */
static int check_node(const struct itnode *node, const struct itnode *parent,
		      size_t *count)
{
	const struct itnode *l, *r;
	unsigned long max;
	int hl, hr;

	if (!node)
		return 1;
	(*count)++;
	l = RB_LEFT(node, rb);
	r = RB_RIGHT(node, rb);
	if (RB_PARENT(node, rb) != parent)
		return -1;
	if ((l && itnode_cmp(l, node) >= 0) || (r && itnode_cmp(r, node) <= 0))
		return -1;
	if (RB_COLOR(node, rb) == RB_RED &&
	    ((l && RB_COLOR(l, rb) == RB_RED) ||
	     (r && RB_COLOR(r, rb) == RB_RED)))
		return -1;
	max = node->last;
	if (l && l->subtree_last > max)
		max = l->subtree_last;
	if (r && r->subtree_last > max)
		max = r->subtree_last;
	if (max != node->subtree_last)
		return -1;
	hl = check_node(l, node, count);
	hr = check_node(r, node, count);
	if (hl < 0 || hl != hr)
		return -1;
	return hl + (RB_COLOR(node, rb) == RB_BLACK);
}

int mm_itree_check(const struct mm_itree *tree)
{
	size_t count = 0;

	if (check_node(RB_ROOT(&tree->root), NULL, &count) < 0)
		return -1;
	return count == tree->n ? 0 : -1;
}
