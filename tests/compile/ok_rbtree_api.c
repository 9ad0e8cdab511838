// SPDX-License-Identifier: MIT
/*
 * tests/compile/ok_rbtree_api.c - compile_ok: a program that uses every
 * macro and inline function of list/rbtree.h and list/rbtree_augmented.h.
 * tests/compile/run.sh builds it as C11 -pedantic, as GNU C11 with
 * LIST_DEBUG and as C++17, then runs it: it exits 0 only when every result
 * is the expected one, so each build is checked for behaving the same,
 * not only for compiling.
 */
#include <stdio.h>

#include "list/rbtree.h"
#include "list/rbtree_augmented.h"
#include "tests/compile/expect.h"

struct item {
	int key;
	int last; /* the augmented trees' per-node value */
	int subtree; /* max or min of last over the subtree */
	struct rb_node node;
};

static struct item *item_of(const struct rb_node *n)
{
	return rb_entry(n, struct item, node);
}

static bool less(struct rb_node *a, const struct rb_node *b)
{
	return item_of(a)->key < item_of(b)->key;
}

static bool less_c(const struct rb_node *a, const struct rb_node *b)
{
	return item_of(a)->key < item_of(b)->key;
}

static int cmp_key(const void *key, const struct rb_node *n)
{
	int k = *(const int *)key;

	return k < item_of(n)->key ? -1 : k > item_of(n)->key;
}

static int cmp_nodes(struct rb_node *a, const struct rb_node *b)
{
	return cmp_key(&item_of(a)->key, b);
}

#define ITEM_LAST(it) ((it)->last)
RB_DECLARE_CALLBACKS_MAX(static, max_cb, struct item, node, int, subtree,
			 ITEM_LAST)

static bool min_compute(struct item *it, bool exit)
{
	int min = it->last;
	const struct rb_node *l = it->node.rb_left, *r = it->node.rb_right;

	if (l && item_of(l)->subtree < min)
		min = item_of(l)->subtree;
	if (r && item_of(r)->subtree < min)
		min = item_of(r)->subtree;
	if (exit && it->subtree == min)
		return true;
	it->subtree = min;
	return false;
}

RB_DECLARE_CALLBACKS(static, min_cb, struct item, node, subtree, min_compute)

static bool max_ok(const struct rb_node *n)
{
	int max = item_of(n)->last;

	if (n->rb_left && item_of(n->rb_left)->subtree > max)
		max = item_of(n->rb_left)->subtree;
	if (n->rb_right && item_of(n->rb_right)->subtree > max)
		max = item_of(n->rb_right)->subtree;
	return item_of(n)->subtree == max;
}

/* the names that only read a tree take pointers to const */
static int read_only(const struct rb_root *root, const struct rb_node *n)
{
	int key = 2;

	return (rb_first(root) != NULL) + (rb_last(root) != NULL) +
	       (rb_next(n) != NULL) + (rb_prev(n) != NULL) +
	       (rb_find(&key, root, cmp_key) != NULL) +
	       (rb_find_first(&key, root, cmp_key) != NULL) +
	       (rb_first_postorder(root) != NULL) +
	       (rb_next_postorder(n) != NULL) + RB_EMPTY_ROOT(root) +
	       RB_EMPTY_NODE(n) + rb_check(root, less_c);
}

static void plain(struct item *it)
{
	struct rb_root root = RB_ROOT;
	struct item *pos, *n;
	struct rb_node *node, **link = &root.rb_node, *parent = NULL;
	int key = 2, count = 0, i;

	EXPECT(RB_EMPTY_ROOT(&root));
	/* by hand: 1 */
	while (*link) {
		parent = *link;
		link = it[0].key < item_of(parent)->key ? &parent->rb_left :
							  &parent->rb_right;
	}
	rb_link_node(&it[0].node, parent, link);
	rb_insert_color(&it[0].node, &root);
	EXPECT(rb_is_black(&it[0].node) && rb_color(&it[0].node) == RB_BLACK);
	/* with the helpers: 2, 3, and a second 2 that is found */
	rb_add(&it[1].node, &root, less);
	EXPECT(rb_find_add(&it[2].node, &root, cmp_nodes) == NULL);
	EXPECT(rb_find_add(&it[3].node, &root, cmp_nodes) == &it[1].node);
	EXPECT(root.rb_node == &it[1].node &&
	       rb_parent(&it[0].node) == &it[1].node && rb_is_red(&it[0].node));
	EXPECT(rb_find(&key, &root, cmp_key) == &it[1].node);
	EXPECT(rb_find_first(&key, &root, cmp_key) == &it[1].node);
	EXPECT(rb_next_match(&key, &it[1].node, cmp_key) == NULL);
	rb_for_each(node, &key, &root, cmp_key)
		count++;
	EXPECT(count == 1);
	EXPECT(read_only(&root, &it[1].node) == 8);
	EXPECT(rb_entry_safe(rb_first(&root), struct item, node) == &it[0]);
	EXPECT(rb_entry_safe(rb_first(&root)->rb_left, struct item, node) ==
	       NULL);
	EXPECT(rb_next(&it[0].node) == &it[1].node);
	EXPECT(rb_prev(&it[2].node) == &it[1].node);
	EXPECT(rb_last(&root) == &it[2].node);
	rb_replace_node(&it[1].node, &it[3].node, &root);
	EXPECT(root.rb_node == &it[3].node);
	EXPECT(rb_check(&root, less_c));
	for (node = rb_first_postorder(&root); node;
	     node = rb_next_postorder(node))
		count++;
	rbtree_postorder_for_each_entry_safe(pos, n, &root, node)
		count++;
	EXPECT(count == 7);
	rb_erase(&it[0].node, &root);
	RB_CLEAR_NODE(&it[0].node);
	EXPECT(RB_EMPTY_NODE(&it[0].node));
	EXPECT(rb_check(&root, less_c));
	for (i = 0; i < 4; i++)
		rb_set_parent_color(&it[i].node, NULL, RB_RED);
	rb_set_parent(&it[0].node, &it[1].node);
	EXPECT(__rb_parent(it[0].node.__rb_parent_color) == &it[1].node);
	EXPECT(__rb_is_red(it[0].node.__rb_parent_color) &&
	       !__rb_is_black(it[0].node.__rb_parent_color) &&
	       __rb_color(it[0].node.__rb_parent_color) == RB_RED);
}

static void cached(struct item *it)
{
	struct rb_root_cached root = RB_ROOT_CACHED;
	struct item x;

	EXPECT(rb_add_cached(&it[1].node, &root, less) == &it[1].node);
	EXPECT(rb_add_cached(&it[2].node, &root, less) == NULL);
	rb_link_node(&it[0].node, &it[1].node, &it[1].node.rb_left);
	rb_insert_color_cached(&it[0].node, &root, true);
	EXPECT(rb_first_cached(&root) == &it[0].node);
	EXPECT(rb_check_cached(&root, less_c));
	x.key = 1;
	rb_replace_node_cached(&it[0].node, &x.node, &root);
	EXPECT(rb_first_cached(&root) == &x.node);
	EXPECT(rb_erase_cached(&x.node, &root) == &it[1].node);
	EXPECT(rb_erase_cached(&it[2].node, &root) == NULL);
	EXPECT(rb_check_cached(&root, less_c));
}

static void augmented(struct item *it)
{
	struct rb_root root = RB_ROOT;
	struct rb_root_cached croot = RB_ROOT_CACHED;
	struct rb_node **link = &root.rb_node, *parent = NULL;
	int i;

	for (i = 0; i < 4; i++) {
		it[i].last = 10 * (4 - i);
		it[i].subtree = it[i].last;
	}
	/* max: the maxima fixed on the way down */
	for (i = 0; i < 3; i++) {
		link = &root.rb_node;
		parent = NULL;
		while (*link) {
			parent = *link;
			if (item_of(parent)->subtree < it[i].last)
				item_of(parent)->subtree = it[i].last;
			link = less(&it[i].node, parent) ? &parent->rb_left :
							   &parent->rb_right;
		}
		rb_link_node(&it[i].node, parent, link);
		rb_insert_augmented(&it[i].node, &root, &max_cb);
	}
	EXPECT(item_of(root.rb_node)->subtree == 40);
	EXPECT(rb_check_augmented(&root, less_c, max_ok));
	rb_erase_augmented(&it[0].node, &root, &max_cb);
	EXPECT(item_of(root.rb_node)->subtree == 30);
	EXPECT(rb_check_augmented(&root, less_c, max_ok));

	/* min, cached: with rb_add_augmented_cached() and by hand */
	for (i = 0; i < 3; i++)
		it[i].subtree = it[i].last;
	EXPECT(rb_add_augmented_cached(&it[1].node, &croot, less, &min_cb) ==
	       &it[1].node);
	EXPECT(rb_add_augmented_cached(&it[2].node, &croot, less, &min_cb) ==
	       NULL);
	rb_link_node(&it[0].node, &it[1].node, &it[1].node.rb_left);
	min_cb.propagate(&it[1].node, NULL);
	rb_insert_augmented_cached(&it[0].node, &croot, true, &min_cb);
	EXPECT(item_of(croot.rb_root.rb_node)->subtree == 20);
	rb_erase_augmented_cached(&it[0].node, &croot, &min_cb);
	EXPECT(croot.rb_leftmost == &it[1].node);
	EXPECT(rb_check_cached(&croot, less_c));
}

int main(void)
{
	struct item it[4] = {
		{ 1, 0, 0, { 0, NULL, NULL } },
		{ 2, 0, 0, { 0, NULL, NULL } },
		{ 3, 0, 0, { 0, NULL, NULL } },
		{ 2, 0, 0, { 0, NULL, NULL } },
	};

	plain(it);
	cached(it);
	augmented(it);
	if (failures)
		fprintf(stderr, "ok_rbtree_api: %d failures\n", failures);
	return failures != 0;
}
