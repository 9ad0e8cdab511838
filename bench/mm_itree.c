// SPDX-License-Identifier: MIT
/*
 * bench/mm_itree.c - an augmented red-black interval tree on
 * list/rbtree_augmented.h (see bench/mm_itree.h).
 *
 * Mirrors no 2.5.33 file: it stands for what replaced the i_mmap lists
 * (include/linux/interval_tree_generic.h's idea in 3.7, written here from
 * the textbook description).  As there, RB_DECLARE_CALLBACKS_MAX() keeps
 * each node's subtree_last, the largest last page in its subtree, through
 * rotations and erases, and an insertion raises it on the way down.
 */
#include <errno.h>
#include <stdint.h>

#include "bench/mm_itree.h"
#include "compat/slab.h"
#include "list/rbtree_augmented.h"

#define ITNODE_LAST(node) ((node)->last)
RB_DECLARE_CALLBACKS_MAX(static, itnode_augment, struct itnode, rb,
			 unsigned long, subtree_last, ITNODE_LAST)

static const struct itnode *itnode_of(const struct rb_node *rb)
{
	return rb_entry(rb, const struct itnode, rb);
}

/* by first page, then by id: no two nodes are equal */
static bool itnode_less(const struct rb_node *a, const struct rb_node *b)
{
	const struct itnode *x = itnode_of(a), *y = itnode_of(b);

	if (x->first != y->first)
		return x->first < y->first;
	return x->id < y->id;
}

static void itnode_insert(struct mm_itree *tree, struct itnode *node)
{
	struct rb_node **link = &tree->root.rb_node, *parent = NULL;

	while (*link) {
		struct itnode *up = rb_entry(*link, struct itnode, rb);

		parent = *link;
		if (up->subtree_last < node->last)
			up->subtree_last = node->last;
		link = itnode_less(&node->rb, parent) ? &parent->rb_left :
							&parent->rb_right;
	}
	node->subtree_last = node->last;
	rb_link_node(&node->rb, parent, link);
	rb_insert_augmented(&node->rb, &tree->root, &itnode_augment);
}

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
	tree->root = RB_ROOT;
	tree->n = n;
	for (i = 0; i < n; i++) {
		struct itnode *node = &tree->nodes[i];

		node->first = first[i];
		node->last = last[i];
		node->id = i;
		itnode_insert(tree, node);
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

static void query(const struct rb_node *rb, unsigned long from, size_t *ids,
		  size_t max, size_t *found)
{
	/* iterate down the right spine, recurse into left subtrees */
	while (rb && itnode_of(rb)->subtree_last >= from) {
		const struct itnode *node = itnode_of(rb);

		query(rb->rb_left, from, ids, max, found);
		if (node->last >= from) {
			if (*found < max)
				ids[*found] = node->id;
			(*found)++;
		}
		rb = rb->rb_right;
	}
}

size_t mm_itree_query_from(const struct mm_itree *tree, unsigned long from,
			   size_t *ids, size_t max)
{
	size_t found = 0;

	query(tree->root.rb_node, from, ids, max, &found);
	return found;
}

/* the node's subtree_last is the largest last of it and its children's */
static bool itnode_augment_ok(const struct rb_node *rb)
{
	const struct itnode *node = itnode_of(rb);
	unsigned long max = node->last;

	if (rb->rb_left && itnode_of(rb->rb_left)->subtree_last > max)
		max = itnode_of(rb->rb_left)->subtree_last;
	if (rb->rb_right && itnode_of(rb->rb_right)->subtree_last > max)
		max = itnode_of(rb->rb_right)->subtree_last;
	return node->subtree_last == max;
}

bool (mm_itree_check)(const struct mm_itree *tree)
{
	const struct rb_node *rb, *prev = NULL;
	size_t count = 0;

	if (!tree)
		return check_fail("no tree (NULL)");
	if (!rb_check_augmented(&tree->root, itnode_less, itnode_augment_ok))
		return false;
	for (rb = rb_first(&tree->root); rb; rb = rb_next(rb)) {
		if (prev && !itnode_less(prev, rb))
			return check_fail(
				"range %zu does not sort after range %zu",
				itnode_of(rb)->id, itnode_of(prev)->id);
		prev = rb;
		count++;
	}
	if (count != tree->n)
		return check_fail("%zu ranges in the tree, %zu built", count,
				  tree->n);
	return true;
}
