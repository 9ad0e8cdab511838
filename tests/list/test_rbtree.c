// SPDX-License-Identifier: MIT
/*
 * tests/list/test_rbtree.c - list/rbtree.h and list/rbtree.c: one case per
 * public name (the case's title names it) asserting the exact shape of
 * small trees worked by hand (every child pointer, every colour, every
 * parent pointer) after each insert and each branch of the erase
 * rebalancing; the walks; the cached and less()/cmp() helpers; that every
 * macro evaluates its arguments once; that rb_check() and
 * rb_check_cached() report each kind of corruption they look for with the
 * caller's file:line, without crashing or looping; and random sequences of
 * insert, erase and replace, with duplicate keys, against a sorted-array
 * oracle with rb_check_cached() after every step.
 *
 * There is no fault injection here: the tree allocates nothing (the caller
 * embeds every node), so no operation can fail.  The augmented interface
 * is in test_rbtree_augmented.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "compat/slab.h"
#include "list/rbtree.h"
#include "list/rbtree_augmented.h"
#include "tests/child.h"
#include "tests/ktest.h"
#include "tests/report.h"

struct thing {
	int key;
	int seq; /* order of insertion, among equal keys */
	struct rb_node node;
};

static struct thing *thing_of(const struct rb_node *n)
{
	return rb_entry(n, struct thing, node);
}

/* for rb_add(): the kernel's less() signature */
static bool thing_less(struct rb_node *a, const struct rb_node *b)
{
	return thing_of(a)->key < thing_of(b)->key;
}

/* for the checkers */
static bool thing_less_c(const struct rb_node *a, const struct rb_node *b)
{
	return thing_of(a)->key < thing_of(b)->key;
}

static int thing_cmp_key(const void *key, const struct rb_node *n)
{
	int k = *(const int *)key;

	return k < thing_of(n)->key ? -1 : k > thing_of(n)->key;
}

/* keys[i] into t[i] (seq i), added with rb_add() in that order */
static void build(struct rb_root *root, struct thing *t, const int *keys, int n)
{
	int i;

	*root = RB_ROOT;
	for (i = 0; i < n; i++) {
		t[i].key = keys[i];
		t[i].seq = i;
		rb_add(&t[i].node, root, thing_less);
	}
}

/*
 * The shape of a subtree as text: "key" and colour (B or R), then the two
 * subtrees in parentheses when there is a child, an empty string for a
 * NULL child: "4B(2R(1B,3B),6R(5B,7B(,8R)))".  A node whose parent
 * pointer is not its parent in the walk is marked "!", so comparing the
 * text checks every pointer of the tree.
 */
static void shape_of(const struct rb_node *n, const struct rb_node *parent,
		     char *buf, size_t size)
{
	size_t len = strlen(buf);

	if (!n)
		return;
	snprintf(buf + len, size - len, "%d%c%s", thing_of(n)->key,
		 rb_is_red(n) ? 'R' : 'B', rb_parent(n) == parent ? "" : "!");
	if (!n->rb_left && !n->rb_right)
		return;
	len = strlen(buf);
	snprintf(buf + len, size - len, "(");
	shape_of(n->rb_left, n, buf, size);
	len = strlen(buf);
	snprintf(buf + len, size - len, ",");
	shape_of(n->rb_right, n, buf, size);
	len = strlen(buf);
	snprintf(buf + len, size - len, ")");
}

#define expect_shape(root, want) __expect_shape(root, want, __LINE__)
static void __expect_shape(const struct rb_root *root, const char *want,
			   int line)
{
	char got[512] = "";

	shape_of(root->rb_node, NULL, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, want);
	if (strcmp(got, want))
		fprintf(stderr, "\n  line %d: got %s, want %s\n", line, got,
			want);
	CU_ASSERT(rb_check(root, thing_less_c));
}

/* ------------------------------------------------------------------ */
/* the basics                                                          */

static void test_rb_root_init(void)
{
	struct rb_root r = RB_ROOT;
	struct rb_root_cached c = RB_ROOT_CACHED;
	struct rb_root g;

	memset(&g, 0xff, sizeof(g));
	g = RB_ROOT;
	CU_ASSERT_PTR_NULL(r.rb_node);
	CU_ASSERT_PTR_NULL(g.rb_node);
	CU_ASSERT_PTR_NULL(c.rb_root.rb_node);
	CU_ASSERT_PTR_NULL(c.rb_leftmost);
	CU_ASSERT(RB_EMPTY_ROOT(&r));
	CU_ASSERT(RB_EMPTY_ROOT(&c.rb_root));
	CU_ASSERT(rb_check(&r, thing_less_c));
	CU_ASSERT(rb_check_cached(&c, thing_less_c));
}

static void test_rb_node_layout(void)
{
	struct thing t;

	/* the colour lives in the parent word's low bits */
	CU_ASSERT_EQUAL(sizeof(struct rb_node), 3 * sizeof(long));
	CU_ASSERT_EQUAL(_Alignof(struct rb_node), sizeof(long));
	CU_ASSERT_EQUAL(offsetof(struct rb_node, __rb_parent_color), 0);
	CU_ASSERT_PTR_EQUAL(rb_entry(&t.node, struct thing, node), &t);
	CU_ASSERT_PTR_EQUAL(rb_entry_safe(&t.node, struct thing, node), &t);
	CU_ASSERT_PTR_NULL(
		rb_entry_safe((struct rb_node *)NULL, struct thing, node));
}

static void test_rb_clear_empty_node(void)
{
	struct rb_root root;
	struct thing t[2];
	const int keys[] = { 1, 2 };

	memset(&t[0].node, 0xff, sizeof(t[0].node));
	RB_CLEAR_NODE(&t[0].node);
	CU_ASSERT(RB_EMPTY_NODE(&t[0].node));
	CU_ASSERT_PTR_EQUAL(rb_parent(&t[0].node), &t[0].node);
	CU_ASSERT_PTR_NULL(rb_next(&t[0].node));
	CU_ASSERT_PTR_NULL(rb_prev(&t[0].node));
	build(&root, t, keys, 2);
	CU_ASSERT_FALSE(RB_EMPTY_NODE(&t[0].node));
	CU_ASSERT_FALSE(RB_EMPTY_NODE(&t[1].node));
	CU_ASSERT_FALSE(RB_EMPTY_ROOT(&root));
	rb_erase(&t[1].node, &root);
	RB_CLEAR_NODE(&t[1].node);
	CU_ASSERT(RB_EMPTY_NODE(&t[1].node));
	expect_shape(&root, "1B");
}

static void test_rb_parent_colour_helpers(void)
{
	struct rb_node a, b;

	rb_set_parent_color(&a, &b, RB_BLACK);
	CU_ASSERT_PTR_EQUAL(rb_parent(&a), &b);
	CU_ASSERT_PTR_EQUAL(__rb_parent(a.__rb_parent_color), &b);
	CU_ASSERT_EQUAL(rb_color(&a), RB_BLACK);
	CU_ASSERT(rb_is_black(&a));
	CU_ASSERT_FALSE(rb_is_red(&a));
	rb_set_parent_color(&a, NULL, RB_RED);
	CU_ASSERT_PTR_NULL(rb_parent(&a));
	CU_ASSERT_EQUAL(rb_color(&a), RB_RED);
	CU_ASSERT(rb_is_red(&a));
	rb_set_parent(&a, &b); /* keeps the colour */
	CU_ASSERT_PTR_EQUAL(rb_parent(&a), &b);
	CU_ASSERT(rb_is_red(&a));
	CU_ASSERT_EQUAL(a.__rb_parent_color, (unsigned long)&b);
}

static void test_rb_link_node(void)
{
	struct rb_root root = RB_ROOT;
	struct thing a, b;

	memset(&a, 0xff, sizeof(a));
	memset(&b, 0xff, sizeof(b));
	a.key = 1;
	b.key = 2;
	rb_link_node(&a.node, NULL, &root.rb_node);
	CU_ASSERT_PTR_EQUAL(root.rb_node, &a.node);
	CU_ASSERT_PTR_NULL(rb_parent(&a.node));
	CU_ASSERT(rb_is_red(&a.node)); /* red until rebalanced */
	CU_ASSERT_PTR_NULL(a.node.rb_left);
	CU_ASSERT_PTR_NULL(a.node.rb_right);
	rb_insert_color(&a.node, &root);
	rb_link_node(&b.node, &a.node, &a.node.rb_right);
	CU_ASSERT_PTR_EQUAL(a.node.rb_right, &b.node);
	CU_ASSERT_PTR_EQUAL(rb_parent(&b.node), &a.node);
	CU_ASSERT(rb_is_red(&b.node));
	CU_ASSERT_PTR_NULL(b.node.rb_left);
	CU_ASSERT_PTR_NULL(b.node.rb_right);
	rb_insert_color(&b.node, &root);
	expect_shape(&root, "1B(,2R)");
}

/* ------------------------------------------------------------------ */
/* insert                                                              */

/* the caller's own search loop, as the kernel's documentation shows it */
static void insert_by_hand(struct rb_root *root, struct thing *t)
{
	struct rb_node **link = &root->rb_node, *parent = NULL;

	while (*link) {
		parent = *link;
		if (t->key < thing_of(parent)->key)
			link = &parent->rb_left;
		else
			link = &parent->rb_right;
	}
	rb_link_node(&t->node, parent, link);
	rb_insert_color(&t->node, root);
}

static void insert_keys(struct rb_root *root, struct thing *t, const int *keys,
			int n)
{
	int i;

	*root = RB_ROOT;
	for (i = 0; i < n; i++) {
		t[i].key = keys[i];
		insert_by_hand(root, &t[i]);
	}
}

static void test_rb_insert_color_first(void)
{
	struct rb_root root;
	struct thing t[1];
	const int keys[] = { 7 };

	insert_keys(&root, t, keys, 1);
	expect_shape(&root, "7B"); /* a red root is painted black */
}

/* a red parent with a black (NULL) uncle: one rotation, or two */
static void test_rb_insert_color_rotations(void)
{
	static const int orders[][3] = {
		{ 1, 2, 3 }, /* outer, right side: rotate left */
		{ 3, 2, 1 }, /* outer, left side: rotate right */
		{ 1, 3, 2 }, /* inner: rotate right, then left */
		{ 3, 1, 2 }, /* inner: rotate left, then right */
	};
	static const char *const two[] = {
		"1B(,2R)",
		"3B(2R,)",
		"1B(,3R)",
		"3B(1R,)",
	};
	struct rb_root root;
	struct thing t[3];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(orders); i++) {
		insert_keys(&root, t, orders[i], 2);
		expect_shape(&root, two[i]);
		insert_keys(&root, t, orders[i], 3);
		expect_shape(&root, "2B(1R,3R)");
	}
}

/* a red uncle: recolour, and the problem moves two levels up */
static void test_rb_insert_color_recolour(void)
{
	const int keys[] = { 2, 1, 3, 4 };
	const int up[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	struct rb_root root;
	struct thing t[8];
	int n;

	insert_keys(&root, t, keys, 3);
	expect_shape(&root, "2B(1R,3R)");
	insert_keys(&root, t, keys, 4);
	expect_shape(&root, "2B(1B,3B(,4R))");

	/* ascending keys, each step worked by hand */
	static const char *const want[] = {
		"1B",
		"1B(,2R)",
		"2B(1R,3R)",
		"2B(1B,3B(,4R))",
		"2B(1B,4B(3R,5R))",
		"2B(1B,4R(3B,5B(,6R)))",
		"2B(1B,4R(3B,6B(5R,7R)))",
		/* 8: recolour at 7, then 6 and 4 are red: rotate at 2 */
		"4B(2R(1B,3B),6R(5B,7B(,8R)))",
	};
	for (n = 1; n <= 8; n++) {
		insert_keys(&root, t, up, n);
		expect_shape(&root, want[n - 1]);
	}
}

/* ------------------------------------------------------------------ */
/* erase: every branch of the unlink and of the rebalancing             */

static void expect_erase(const int *keys, int n, int victim, const char *before,
			 const char *after)
{
	struct rb_root root;
	struct thing t[16];
	int i;

	insert_keys(&root, t, keys, n);
	expect_shape(&root, before);
	for (i = 0; i < n; i++)
		if (t[i].key == victim)
			rb_erase(&t[i].node, &root);
	expect_shape(&root, after);
}

static void test_rb_erase_unlink(void)
{
	const int k3[] = { 1, 2, 3 }, k4[] = { 1, 2, 3, 4 };
	const int k8[] = { 1, 2, 3, 4, 5, 6, 7, 8 };

	/* a red leaf: nothing to rebalance */
	expect_erase(k3, 3, 3, "2B(1R,3R)", "2B(1R,)");
	/* one (red) child takes a black node's place, painted black */
	expect_erase(k4, 4, 3, "2B(1B,3B(,4R))", "2B(1B,4B)");
	/* two children, the successor is the right child */
	expect_erase(k3, 3, 2, "2B(1R,3R)", "3B(1R,)");
	/* two children, the successor deeper (5 under 6); 5 was black and
	 * childless: 6 is short on the left, the far nephew 8 is red */
	expect_erase(k8, 8, 4, "4B(2R(1B,3B),6R(5B,7B(,8R)))",
		     "5B(2R(1B,3B),7R(6B,8B))");
	/* the only node */
	expect_erase(k3, 1, 1, "1B", "");
}

static void test_rb_erase_rebalance(void)
{
	const int k4[] = { 1, 2, 3, 4 }, k6[] = { 1, 2, 3, 4, 5, 6 };
	const int d6[] = { 6, 5, 4, 3, 2, 1 }, near[] = { 2, 1, 4, 3 };
	const int mnear[] = { 3, 4, 1, 2 }, k7[] = { 1, 2, 3, 4, 5, 6, 7 };
	struct rb_root root;
	struct thing t[8];

	/* black sibling, black nephews, red parent: paint the parent black */
	insert_keys(&root, t, k7, 7);
	expect_shape(&root, "2B(1B,4R(3B,6B(5R,7R)))");
	rb_erase(&t[4].node, &root); /* 5 */
	rb_erase(&t[6].node, &root); /* 7: now 6 is a black leaf */
	expect_shape(&root, "2B(1B,4R(3B,6B))");
	rb_erase(&t[5].node, &root); /* 6 */
	expect_shape(&root, "2B(1B,4B(3R,))");

	/* black parent too: the shortfall climbs to the root */
	insert_keys(&root, t, k4, 4);
	rb_erase(&t[3].node, &root); /* 4, a red leaf */
	expect_shape(&root, "2B(1B,3B)");
	rb_erase(&t[0].node, &root); /* 1 */
	expect_shape(&root, "2B(,3R)");

	/* red sibling: rotate it up first, then recolour */
	expect_erase(k6, 6, 1, "2B(1B,4R(3B,5B(,6R)))", "4B(2B(,3R),5B(,6R))");
	/* the mirror image */
	expect_erase(d6, 6, 6, "5B(3R(2B(1R,),4B),6B)", "3B(2B(1R,),5B(4R,))");

	/* near nephew red, far black: two rotations */
	expect_erase(near, 4, 1, "2B(1B,4B(3R,))", "3B(2B,4B)");
	expect_erase(mnear, 4, 4, "3B(1B(,2R),4B)", "2B(1B,3B)");
}

/*
 * Each rebalancing case is written out twice in rbtree.c, once per side:
 * the same keys negated must give the mirror image, node for node and
 * colour for colour, after every insert and every erase.  Erasing a node
 * with two children is not symmetric (its successor takes its place, in
 * both trees), so the erases take nodes with at most one child: the
 * rebalancing that follows meets every case on both sides.
 */
static bool is_mirror(const struct rb_node *a, const struct rb_node *b)
{
	if (!a || !b)
		return a == b;
	return thing_of(a)->key == -thing_of(b)->key &&
	       rb_color(a) == rb_color(b) &&
	       is_mirror(a->rb_left, b->rb_right) &&
	       is_mirror(a->rb_right, b->rb_left);
}

#define MIRROR_N 96

static void test_rb_insert_erase_mirror(void)
{
	static struct thing a[MIRROR_N], b[MIRROR_N];
	struct rb_root ra = RB_ROOT, rb = RB_ROOT;
	int order[MIRROR_N], i, j, tmp, bad = 0, round, left;
	bool on[MIRROR_N];
	uint64_t seed = 0x9e3779b97f4a7c15ull;

	for (round = 0; round < 20; round++) {
		for (i = 0; i < MIRROR_N; i++)
			order[i] = i + 1;
		for (i = MIRROR_N - 1; i > 0; i--) {
			seed = seed * 6364136223846793005ull + 1;
			j = (int)((seed >> 33) % (uint64_t)(i + 1));
			tmp = order[i];
			order[i] = order[j];
			order[j] = tmp;
		}
		for (i = 0; i < MIRROR_N; i++) {
			a[i].key = order[i];
			b[i].key = -order[i];
			rb_add(&a[i].node, &ra, thing_less);
			rb_add(&b[i].node, &rb, thing_less);
			on[i] = true;
			bad += !is_mirror(ra.rb_node, rb.rb_node);
		}
		CU_ASSERT(rb_check(&ra, thing_less_c));
		CU_ASSERT(rb_check(&rb, thing_less_c));
		/* the first node with at most one child, from a moving start */
		for (left = MIRROR_N, j = round; left; left--) {
			while (!on[j] ||
			       (a[j].node.rb_left && a[j].node.rb_right))
				j = (j + 7) % MIRROR_N;
			rb_erase(&a[j].node, &ra);
			rb_erase(&b[j].node, &rb);
			on[j] = false;
			bad += !is_mirror(ra.rb_node, rb.rb_node);
			if (left % 8 == 0) {
				CU_ASSERT(rb_check(&ra, thing_less_c));
				CU_ASSERT(rb_check(&rb, thing_less_c));
			}
		}
		CU_ASSERT(RB_EMPTY_ROOT(&ra) && RB_EMPTY_ROOT(&rb));
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* ------------------------------------------------------------------ */
/* walks                                                               */

static void test_rb_first_last(void)
{
	struct rb_root root = RB_ROOT;
	struct thing t[8];
	const int k8[] = { 1, 2, 3, 4, 5, 6, 7, 8 };

	CU_ASSERT_PTR_NULL(rb_first(&root));
	CU_ASSERT_PTR_NULL(rb_last(&root));
	insert_keys(&root, t, k8, 1);
	CU_ASSERT_PTR_EQUAL(rb_first(&root), &t[0].node);
	CU_ASSERT_PTR_EQUAL(rb_last(&root), &t[0].node);
	insert_keys(&root, t, k8, 8);
	CU_ASSERT_PTR_EQUAL(rb_first(&root), &t[0].node);
	CU_ASSERT_PTR_EQUAL(rb_last(&root), &t[7].node);
}

static void test_rb_next_prev(void)
{
	struct rb_root root;
	struct thing t[8];
	const int k8[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	struct rb_node *n;
	int i;

	/* 4B(2R(1B,3B),6R(5B,7B(,8R))): up and down both kinds of link */
	insert_keys(&root, t, k8, 8);
	for (i = 0, n = rb_first(&root); n; n = rb_next(n), i++)
		CU_ASSERT_PTR_EQUAL(n, &t[i].node);
	CU_ASSERT_EQUAL(i, 8);
	for (i = 7, n = rb_last(&root); n; n = rb_prev(n), i--)
		CU_ASSERT_PTR_EQUAL(n, &t[i].node);
	CU_ASSERT_EQUAL(i, -1);
	CU_ASSERT_PTR_EQUAL(rb_next(&t[2].node), &t[3].node); /* 3 up to 4 */
	CU_ASSERT_PTR_EQUAL(rb_prev(&t[4].node), &t[3].node); /* 5 up to 4 */
	CU_ASSERT_PTR_NULL(rb_next(&t[7].node));
	CU_ASSERT_PTR_NULL(rb_prev(&t[0].node));
}

static void test_rb_postorder(void)
{
	struct rb_root root = RB_ROOT;
	struct thing t[8];
	const int k8[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	const int want[] = { 1, 3, 2, 5, 8, 7, 6, 4 };
	struct rb_node *node;
	int i;

	CU_ASSERT_PTR_NULL(rb_first_postorder(&root));
	CU_ASSERT_PTR_NULL(rb_next_postorder(NULL));
	insert_keys(&root, t, k8, 8);
	i = 0;
	for (node = rb_first_postorder(&root); node && i < 8;
	     node = rb_next_postorder(node)) {
		CU_ASSERT_EQUAL(thing_of(node)->key, want[i]);
		i++;
	}
	CU_ASSERT_EQUAL(i, 8);
	CU_ASSERT_PTR_NULL(node); /* the root was the last */
}

static void test_rbtree_postorder_for_each_entry_safe(void)
{
	struct rb_root root = RB_ROOT;
	struct thing t[8], *pos, *n;
	const int k8[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	const int want[] = { 1, 3, 2, 5, 8, 7, 6, 4 };
	int i = 0;

	rbtree_postorder_for_each_entry_safe(pos, n, &root, node)
		i++;
	CU_ASSERT_EQUAL(i, 0);
	insert_keys(&root, t, k8, 8);
	/* the body wrecks each entry, as freeing it would */
	rbtree_postorder_for_each_entry_safe(pos, n, &root, node) {
		CU_ASSERT_EQUAL(pos->key, want[i]);
		memset(pos, 0x5a, sizeof(*pos));
		i++;
	}
	CU_ASSERT_EQUAL(i, 8);
}

/* ------------------------------------------------------------------ */
/* replace                                                             */

static void test_rb_replace_node(void)
{
	struct rb_root root;
	struct thing t[8], x, y, z;
	const int k8[] = { 1, 2, 3, 4, 5, 6, 7, 8 };

	insert_keys(&root, t, k8, 8);
	memset(&x, 0xff, sizeof(x));
	x.key = 6; /* a red inner node */
	rb_replace_node(&t[5].node, &x.node, &root);
	CU_ASSERT_PTR_EQUAL(t[3].node.rb_right, &x.node);
	CU_ASSERT_PTR_EQUAL(rb_parent(&x.node), &t[3].node);
	CU_ASSERT_PTR_EQUAL(x.node.rb_left, &t[4].node);
	CU_ASSERT_PTR_EQUAL(x.node.rb_right, &t[6].node);
	CU_ASSERT_PTR_EQUAL(rb_parent(&t[4].node), &x.node);
	CU_ASSERT_PTR_EQUAL(rb_parent(&t[6].node), &x.node);
	expect_shape(&root, "4B(2R(1B,3B),6R(5B,7B(,8R)))");
	y.key = 4; /* the root */
	rb_replace_node(&t[3].node, &y.node, &root);
	CU_ASSERT_PTR_EQUAL(root.rb_node, &y.node);
	CU_ASSERT_PTR_NULL(rb_parent(&y.node));
	CU_ASSERT_PTR_EQUAL(rb_parent(&t[1].node), &y.node);
	CU_ASSERT_PTR_EQUAL(rb_parent(&x.node), &y.node);
	z.key = 8; /* a leaf */
	rb_replace_node(&t[7].node, &z.node, &root);
	CU_ASSERT_PTR_EQUAL(t[6].node.rb_right, &z.node);
	CU_ASSERT_PTR_EQUAL(rb_parent(&z.node), &t[6].node);
	CU_ASSERT_PTR_NULL(z.node.rb_left);
	CU_ASSERT_PTR_NULL(z.node.rb_right);
	expect_shape(&root, "4B(2R(1B,3B),6R(5B,7B(,8R)))");
}

/* ------------------------------------------------------------------ */
/* trees that keep their leftmost                                       */

static void test_rb_first_cached_insert_color_cached(void)
{
	struct rb_root_cached root = RB_ROOT_CACHED;
	struct thing t[3];
	const int keys[] = { 5, 3, 8 };
	int i;

	CU_ASSERT_PTR_NULL(rb_first_cached(&root));
	for (i = 0; i < 3; i++) {
		struct rb_node **link = &root.rb_root.rb_node, *parent = NULL;
		bool leftmost = true;

		t[i].key = keys[i];
		while (*link) {
			parent = *link;
			if (t[i].key < thing_of(parent)->key) {
				link = &parent->rb_left;
			} else {
				link = &parent->rb_right;
				leftmost = false;
			}
		}
		rb_link_node(&t[i].node, parent, link);
		rb_insert_color_cached(&t[i].node, &root, leftmost);
		CU_ASSERT(rb_check_cached(&root, thing_less_c));
	}
	CU_ASSERT_PTR_EQUAL(rb_first_cached(&root), &t[1].node);
	expect_shape(&root.rb_root, "5B(3R,8R)");
}

static void test_rb_erase_cached(void)
{
	struct rb_root_cached root = RB_ROOT_CACHED;
	struct thing t[4];
	const int keys[] = { 2, 1, 3, 4 };
	int i;

	for (i = 0; i < 4; i++) {
		t[i].key = keys[i];
		rb_add_cached(&t[i].node, &root, thing_less);
	}
	CU_ASSERT_PTR_NULL(rb_erase_cached(&t[2].node, &root)); /* 3 */
	CU_ASSERT_PTR_EQUAL(rb_first_cached(&root), &t[1].node);
	/* the leftmost goes: the new one is returned and cached */
	CU_ASSERT_PTR_EQUAL(rb_erase_cached(&t[1].node, &root), &t[0].node);
	CU_ASSERT_PTR_EQUAL(root.rb_leftmost, &t[0].node);
	CU_ASSERT(rb_check_cached(&root, thing_less_c));
	CU_ASSERT_PTR_EQUAL(rb_erase_cached(&t[0].node, &root), &t[3].node);
	/* the last node: the tree is empty and NULL says so */
	CU_ASSERT_PTR_NULL(rb_erase_cached(&t[3].node, &root));
	CU_ASSERT_PTR_NULL(root.rb_leftmost);
	CU_ASSERT(RB_EMPTY_ROOT(&root.rb_root));
	CU_ASSERT(rb_check_cached(&root, thing_less_c));
}

static void test_rb_replace_node_cached(void)
{
	struct rb_root_cached root = RB_ROOT_CACHED;
	struct thing t[3], x, y;
	const int keys[] = { 2, 1, 3 };
	int i;

	for (i = 0; i < 3; i++) {
		t[i].key = keys[i];
		rb_add_cached(&t[i].node, &root, thing_less);
	}
	x.key = 3;
	rb_replace_node_cached(&t[2].node, &x.node, &root);
	CU_ASSERT_PTR_EQUAL(root.rb_leftmost, &t[1].node);
	CU_ASSERT_PTR_EQUAL(t[0].node.rb_right, &x.node);
	y.key = 1;
	rb_replace_node_cached(&t[1].node, &y.node, &root);
	CU_ASSERT_PTR_EQUAL(root.rb_leftmost, &y.node);
	CU_ASSERT_PTR_EQUAL(t[0].node.rb_left, &y.node);
	CU_ASSERT(rb_check_cached(&root, thing_less_c));
	expect_shape(&root.rb_root, "2B(1R,3R)");
}

/* ------------------------------------------------------------------ */
/* the less()/cmp() helpers                                             */

static void test_rb_add_equal_keys_go_right(void)
{
	struct rb_root root;
	struct thing t[7];
	const int keys[] = { 5, 5, 3, 5, 3, 9, 5 };
	struct rb_node *n;
	int last_key = -1, last_seq = -1;

	build(&root, t, keys, 2);
	CU_ASSERT_PTR_EQUAL(t[0].node.rb_right, &t[1].node);
	expect_shape(&root, "5B(,5R)");
	build(&root, t, keys, 7);
	CU_ASSERT(rb_check(&root, thing_less_c));
	/* in order: by key, and by insertion among equal keys */
	for (n = rb_first(&root); n; n = rb_next(n)) {
		CU_ASSERT(thing_of(n)->key > last_key ||
			  (thing_of(n)->key == last_key &&
			   thing_of(n)->seq > last_seq));
		last_key = thing_of(n)->key;
		last_seq = thing_of(n)->seq;
	}
}

static void test_rb_add_cached(void)
{
	struct rb_root_cached root = RB_ROOT_CACHED;
	struct thing t[5];
	const int keys[] = { 5, 7, 3, 3, 1 };
	int i;

	for (i = 0; i < 5; i++)
		t[i].key = keys[i];
	CU_ASSERT_PTR_EQUAL(rb_add_cached(&t[0].node, &root, thing_less),
			    &t[0].node); /* first: leftmost */
	CU_ASSERT_PTR_NULL(rb_add_cached(&t[1].node, &root, thing_less));
	CU_ASSERT_PTR_EQUAL(rb_add_cached(&t[2].node, &root, thing_less),
			    &t[2].node);
	/* equal to the leftmost: goes right of it, so not leftmost */
	CU_ASSERT_PTR_NULL(rb_add_cached(&t[3].node, &root, thing_less));
	CU_ASSERT_PTR_EQUAL(rb_first_cached(&root), &t[2].node);
	CU_ASSERT_PTR_EQUAL(rb_add_cached(&t[4].node, &root, thing_less),
			    &t[4].node);
	CU_ASSERT_PTR_EQUAL(rb_first_cached(&root), &t[4].node);
	CU_ASSERT(rb_check_cached(&root, thing_less_c));
}

static int thing_cmp_nodes(struct rb_node *a, const struct rb_node *b)
{
	return thing_cmp_key(&thing_of(a)->key, b);
}

static void test_rb_find_add(void)
{
	struct rb_root root = RB_ROOT;
	struct thing t[4];
	const int keys[] = { 2, 1, 3, 2 };
	int i;

	for (i = 0; i < 3; i++) {
		t[i].key = keys[i];
		CU_ASSERT_PTR_NULL(
			rb_find_add(&t[i].node, &root, thing_cmp_nodes));
	}
	t[3].key = keys[3];
	CU_ASSERT_PTR_EQUAL(rb_find_add(&t[3].node, &root, thing_cmp_nodes),
			    &t[0].node); /* found, not added */
	expect_shape(&root, "2B(1R,3R)");
}

static void test_rb_find_first_next_match(void)
{
	struct rb_root root;
	struct thing t[9];
	const int keys[] = { 4, 2, 2, 6, 2, 1, 7, 2, 3 };
	static const int twos[] = { 1, 2, 4, 7 }; /* their seq */
	int key, i;
	struct rb_node *n;

	build(&root, t, keys, 9);
	key = 2;
	n = rb_find(&key, &root, thing_cmp_key);
	CU_ASSERT_PTR_NOT_NULL_FATAL(n);
	CU_ASSERT_EQUAL(thing_of(n)->key, 2);
	/* the first 2 in order is the first one inserted */
	n = rb_find_first(&key, &root, thing_cmp_key);
	CU_ASSERT_PTR_EQUAL(n, &t[1].node);
	for (i = 0; n; n = rb_next_match(&key, n, thing_cmp_key), i++)
		CU_ASSERT(i < 4 && thing_of(n)->seq == twos[i]);
	CU_ASSERT_EQUAL(i, 4);
	/* the last 2's next is the 3: no match */
	CU_ASSERT_PTR_NULL(rb_next_match(&key, &t[7].node, thing_cmp_key));
	key = 5;
	CU_ASSERT_PTR_NULL(rb_find(&key, &root, thing_cmp_key));
	CU_ASSERT_PTR_NULL(rb_find_first(&key, &root, thing_cmp_key));
	key = 7; /* the last node */
	CU_ASSERT_PTR_EQUAL(rb_find(&key, &root, thing_cmp_key), &t[6].node);
	CU_ASSERT_PTR_NULL(rb_next_match(&key, &t[6].node, thing_cmp_key));
	root = RB_ROOT;
	CU_ASSERT_PTR_NULL(rb_find(&key, &root, thing_cmp_key));
}

static void test_rb_for_each(void)
{
	struct rb_root root;
	struct thing t[9];
	const int keys[] = { 4, 2, 2, 6, 2, 1, 7, 2, 3 };
	static const int twos[] = { 1, 2, 4, 7 }; /* their seq */
	int key = 2, i = 0;
	struct rb_node *n;

	build(&root, t, keys, 9);
	rb_for_each(n, &key, &root, thing_cmp_key) {
		CU_ASSERT(i < 4 && thing_of(n)->seq == twos[i]);
		i++;
	}
	CU_ASSERT_EQUAL(i, 4);
	CU_ASSERT_PTR_NULL(n);
	/* break leaves the cursor where it was */
	rb_for_each(n, &key, &root, thing_cmp_key)
		if (thing_of(n)->seq == 2)
			break;
	CU_ASSERT_PTR_EQUAL(n, &t[2].node);
	key = 5;
	i = 0;
	rb_for_each(n, &key, &root, thing_cmp_key)
		i++;
	CU_ASSERT_EQUAL(i, 0);
}

/* ------------------------------------------------------------------ */
/* every argument evaluated once                                       */

static int evals;

static void count_eval(void)
{
	evals++;
}
#define ONCE(x) (count_eval(), (x))

static void test_macros_evaluate_once(void)
{
	struct rb_root root;
	struct rb_root_cached cached = RB_ROOT_CACHED;
	struct thing t[9], c, *pos, *n, *e;
	const int keys[] = { 4, 2, 2, 6, 2, 1, 7, 2, 3 };
	struct rb_node *node;
	int key = 2, loops = 0;

	build(&root, t, keys, 9);
	c.key = 0;
	rb_add_cached(&c.node, &cached, thing_less);
	evals = 0;
	e = rb_entry(ONCE(&t[1].node), struct thing, node);
	e = rb_entry_safe(ONCE(&t[1].node), struct thing, node);
	CU_ASSERT_PTR_EQUAL(e, &t[1]);
	CU_ASSERT_PTR_EQUAL(rb_parent(ONCE(&t[1].node)),
			    __rb_parent(t[1].node.__rb_parent_color));
	CU_ASSERT_FALSE(RB_EMPTY_ROOT(ONCE(&root)));
	CU_ASSERT_FALSE(RB_EMPTY_NODE(ONCE(&t[1].node)));
	CU_ASSERT_PTR_EQUAL(rb_first_cached(ONCE(&cached)), &c.node);
	CU_ASSERT_EQUAL(evals, 6);
	evals = 0;
	CU_ASSERT(rb_check(ONCE(&root), ONCE(thing_less_c)));
	CU_ASSERT(rb_check_cached(ONCE(&cached), ONCE(thing_less_c)));
	CU_ASSERT_EQUAL(evals, 4);

	/* iterators: their arguments once, however long the walk */
	evals = 0;
	rb_for_each(node, ONCE(&key), ONCE(&root), ONCE(thing_cmp_key))
		loops++;
	CU_ASSERT_EQUAL(evals, 3);
	CU_ASSERT_EQUAL(loops, 4);
	evals = 0;
	loops = 0;
	rbtree_postorder_for_each_entry_safe(pos, n, ONCE(&root), node)
		loops++;
	CU_ASSERT_EQUAL(evals, 1);
	CU_ASSERT_EQUAL(loops, 9);

	/* RB_CLEAR_NODE last: it takes t[8] off the tree */
	evals = 0;
	rb_erase(&t[8].node, &root);
	RB_CLEAR_NODE(ONCE(&t[8].node));
	CU_ASSERT_EQUAL(evals, 1);
	CU_ASSERT(RB_EMPTY_NODE(&t[8].node));
}

/* ------------------------------------------------------------------ */
/* random operations against a sorted-array oracle                     */

#define SOAK_N 64
#define SOAK_KEYS 24 /* fewer keys than things: many equal keys */
#define SOAK_STEPS 8000

struct soak {
	struct rb_root_cached root;
	struct thing t[SOAK_N];
	bool on[SOAK_N];
	struct thing *order[SOAK_N]; /* the oracle: in order */
	int len;
	int seq;
	bool visited[SOAK_N];
	int inserts, erases, replaces, max_len;
};

static unsigned int soak_seed;

static unsigned int srand_n(unsigned int n)
{
	soak_seed = soak_seed * 1103515245u + 12345u;
	return (soak_seed >> 8) % n;
}

/* the position a new thing takes: after every equal key */
static int oracle_slot(const struct soak *s, int key)
{
	int i = 0;

	while (i < s->len && s->order[i]->key <= key)
		i++;
	return i;
}

static int oracle_index(const struct soak *s, const struct thing *t)
{
	int i;

	for (i = 0; i < s->len; i++)
		if (s->order[i] == t)
			return i;
	return -1;
}

/* everything that can be checked of the tree against the oracle */
static bool soak_matches(struct soak *s)
{
	struct rb_node *n;
	struct thing *pos, *next;
	int i, count = 0;

	if (!rb_check_cached(&s->root, thing_less_c))
		return false;
	if (s->root.rb_leftmost != (s->len ? &s->order[0]->node : NULL))
		return false;
	if (rb_last(&s->root.rb_root) !=
	    (s->len ? &s->order[s->len - 1]->node : NULL))
		return false;
	for (i = 0, n = rb_first(&s->root.rb_root); n; n = rb_next(n), i++)
		if (i >= s->len || n != &s->order[i]->node)
			return false;
	if (i != s->len)
		return false;
	for (i = s->len - 1, n = rb_last(&s->root.rb_root); n;
	     n = rb_prev(n), i--)
		if (i < 0 || n != &s->order[i]->node)
			return false;
	if (i != -1)
		return false;
	/* post-order: each node once, after both children, before its parent */
	memset(s->visited, 0, sizeof(s->visited));
	rbtree_postorder_for_each_entry_safe(pos, next, &s->root.rb_root,
					     node) {
		struct rb_node *l = pos->node.rb_left, *r = pos->node.rb_right;
		struct rb_node *p = rb_parent(&pos->node);

		if (s->visited[pos - s->t] ||
		    (l && !s->visited[thing_of(l) - s->t]) ||
		    (r && !s->visited[thing_of(r) - s->t]) ||
		    (p && s->visited[thing_of(p) - s->t]))
			return false;
		s->visited[pos - s->t] = true;
		count++;
	}
	return count == s->len;
}

static void soak_insert(struct soak *s, int v, bool cached)
{
	struct thing *t = &s->t[v];
	int at;

	t->key = (int)srand_n(SOAK_KEYS);
	t->seq = s->seq++;
	at = oracle_slot(s, t->key);
	if (cached) {
		struct rb_node *ret =
			rb_add_cached(&t->node, &s->root, thing_less);

		CU_ASSERT_PTR_EQUAL(ret, at == 0 ? &t->node : NULL);
	} else {
		rb_add(&t->node, &s->root.rb_root, thing_less);
		if (at == 0)
			s->root.rb_leftmost = &t->node;
	}
	memmove(&s->order[at + 1], &s->order[at],
		(size_t)(s->len - at) * sizeof(s->order[0]));
	s->order[at] = t;
	s->len++;
	s->on[v] = true;
	s->inserts++;
	if (s->len > s->max_len)
		s->max_len = s->len;
}

static void soak_erase(struct soak *s, int v, bool cached)
{
	int at = oracle_index(s, &s->t[v]);

	if (cached) {
		struct rb_node *ret = rb_erase_cached(&s->t[v].node, &s->root);
		struct rb_node *want = NULL;

		if (at == 0 && s->len > 1)
			want = &s->order[1]->node;
		CU_ASSERT_PTR_EQUAL(ret, want);
	} else {
		if (at == 0)
			s->root.rb_leftmost = rb_next(&s->t[v].node);
		rb_erase(&s->t[v].node, &s->root.rb_root);
	}
	memmove(&s->order[at], &s->order[at + 1],
		(size_t)(s->len - at - 1) * sizeof(s->order[0]));
	s->len--;
	s->on[v] = false;
	s->erases++;
}

/* a thing that is off the tree takes @v's place, key and all */
static void soak_replace(struct soak *s, int v, bool cached)
{
	int w = (int)srand_n(SOAK_N), at = oracle_index(s, &s->t[v]);

	while (s->on[w])
		w = (w + 1) % SOAK_N;
	s->t[w].key = s->t[v].key;
	s->t[w].seq = s->t[v].seq;
	if (cached) {
		rb_replace_node_cached(&s->t[v].node, &s->t[w].node, &s->root);
	} else {
		if (at == 0)
			s->root.rb_leftmost = &s->t[w].node;
		rb_replace_node(&s->t[v].node, &s->t[w].node, &s->root.rb_root);
	}
	s->order[at] = &s->t[w];
	s->on[v] = false;
	s->on[w] = true;
	s->replaces++;
}

static void soak(bool cached, unsigned int seed)
{
	struct soak *s = kzalloc(sizeof(*s), GFP_KERNEL);
	int step, bad = 0, first_bad = -1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	soak_seed = seed;
	s->root = RB_ROOT_CACHED;
	for (step = 0; step < SOAK_STEPS; step++) {
		int v = (int)srand_n(SOAK_N);
		unsigned int op = srand_n(8);
		bool grow = (step / 1000) % 2 == 0; /* then shrink */

		if (!s->on[v]) {
			if (op < (grow ? 6u : 2u))
				soak_insert(s, v, cached);
		} else if (op == 7 && s->len < SOAK_N) {
			soak_replace(s, v, cached);
		} else if (op < (grow ? 2u : 6u)) {
			soak_erase(s, v, cached);
		}
		if (!soak_matches(s)) {
			bad++;
			if (first_bad < 0)
				first_bad = step;
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	if (bad)
		fprintf(stderr, "\n  first bad step %d\n", first_bad);
	/* the sequence did what it is for: filled, emptied, replaced */
	CU_ASSERT(s->max_len >= SOAK_N * 3 / 4);
	CU_ASSERT(s->inserts > SOAK_STEPS / 8);
	CU_ASSERT(s->erases > SOAK_STEPS / 8);
	CU_ASSERT(s->replaces > SOAK_STEPS / 40);
	kfree(s);
}

static void test_random_cached(void)
{
	soak(true, 1);
	soak(true, 2002);
}

static void test_random_plain(void)
{
	soak(false, 9);
}

/* ------------------------------------------------------------------ */
/* the checkers find what they look for                                */

/* 4B(2R(1B,3B),6R(5B,7B(,8R))): t[i] has key i + 1 */
static void eight(struct rb_root *root, struct thing *t)
{
	const int k8[] = { 1, 2, 3, 4, 5, 6, 7, 8 };

	insert_keys(root, t, k8, 8);
}

static void test_rb_check_root(void)
{
	struct rb_root root;
	struct thing t[8];
	int before = report_count, line;

	eight(&root, t);
	CU_ASSERT(rb_check(&root, thing_less_c));
	CU_ASSERT_EQUAL(report_count, before);
	t[3].node.__rb_parent_color &= ~1ul; /* a red root */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check(&root, thing_less_c));
	expect_check(before++, "rb_check", line, "root");
	rb_set_parent_color(&t[3].node, &t[0].node, RB_BLACK);
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check(&root, NULL));
	expect_check(before++, "rb_check", line, "with no parent");
}

static void test_rb_check_red_red(void)
{
	struct rb_root root;
	struct thing t[8];
	int before = report_count, line;

	eight(&root, t);
	t[6].node.__rb_parent_color &= ~1ul; /* 7 red under red 6 */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check(&root, thing_less_c));
	expect_check(before, "rb_check", line, "has a red child");
}

static void test_rb_check_black_height(void)
{
	struct rb_root root;
	struct thing t[8];
	int before = report_count, line;

	eight(&root, t);
	t[7].node.__rb_parent_color |= RB_BLACK; /* 8: one black more */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check(&root, thing_less_c));
	expect_check(before, "rb_check", line, "black nodes, an earlier");
}

static void test_rb_check_parent_pointer(void)
{
	struct rb_root root;
	struct thing t[8];
	int before = report_count, line;

	eight(&root, t);
	rb_set_parent(&t[4].node, &t[3].node); /* 5's parent is 6, not 4 */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check(&root, thing_less_c));
	expect_check(before++, "rb_check", line, "parent should be");
	/* a loop: 8's right child is the root; its parent pointer gives
	 * it away before the walk can go round */
	eight(&root, t);
	t[7].node.rb_right = &t[3].node;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check(&root, NULL));
	expect_check(before++, "rb_check", line, "parent should be");
	/* a node that is its own child */
	eight(&root, t);
	t[7].node.rb_left = &t[7].node;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check(&root, NULL));
	expect_check(before++, "rb_check", line, "parent should be");
}

static void test_rb_check_both_children(void)
{
	struct rb_root root;
	struct thing t[8];
	int before = report_count, line;

	eight(&root, t);
	t[1].node.rb_right = &t[0].node; /* 2's two children are 1 */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check(&root, NULL));
	expect_check(before, "rb_check", line, "as both children");
}

static void test_rb_check_order(void)
{
	struct rb_root root;
	struct thing t[8];
	int before = report_count, line;

	eight(&root, t);
	t[4].key = 4; /* equal neighbours are fine */
	CU_ASSERT(rb_check(&root, thing_less_c));
	t[4].key = 6;
	CU_ASSERT(rb_check(&root, thing_less_c));
	CU_ASSERT_EQUAL(report_count, before);
	t[4].key = 5;
	t[2].key = 9; /* 3 sorts after 4 */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check(&root, thing_less_c));
	expect_check(before, "rb_check", line, "sorts before");
	CU_ASSERT(rb_check(&root, NULL)); /* no less(): no order check */
}

/*
 * A chain of 200 black nodes down the left: no red pair, every parent
 * pointer right, and no leaf reached before the walk is deeper than any
 * red-black tree in memory can be.
 */
static void test_rb_check_depth_bound(void)
{
	struct rb_root root = RB_ROOT;
	struct rb_node *chain = kcalloc(200, sizeof(*chain), GFP_KERNEL);
	int before = report_count, line, i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(chain);
	for (i = 0; i < 200; i++) {
		rb_set_parent_color(&chain[i], i ? &chain[i - 1] : NULL,
				    RB_BLACK);
		chain[i].rb_left = i < 199 ? &chain[i + 1] : NULL;
	}
	root.rb_node = &chain[0];
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check(&root, NULL));
	expect_check(before, "rb_check", line, "deeper than");
	kfree(chain);
}

static void test_rb_check_cached(void)
{
	struct rb_root_cached root = RB_ROOT_CACHED;
	struct thing t[3];
	const int keys[] = { 2, 1, 3 };
	int before = report_count, line, i;

	for (i = 0; i < 3; i++) {
		t[i].key = keys[i];
		rb_add_cached(&t[i].node, &root, thing_less);
	}
	CU_ASSERT(rb_check_cached(&root, thing_less_c));
	root.rb_leftmost = &t[0].node; /* stale */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check_cached(&root, thing_less_c));
	expect_check(before++, "rb_check_cached", line, "rb_leftmost is");
	root.rb_leftmost = NULL; /* nothing cached at all */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check_cached(&root, thing_less_c));
	expect_check(before++, "rb_check_cached", line, "rb_leftmost is");
	/* an empty tree with a leftmost left behind */
	root.rb_root = RB_ROOT;
	root.rb_leftmost = &t[1].node;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check_cached(&root, thing_less_c));
	expect_check(before++, "rb_check_cached", line, "rb_leftmost is");
	/* what rb_check() finds, rb_check_cached() finds */
	root = RB_ROOT_CACHED;
	for (i = 0; i < 3; i++)
		rb_add_cached(&t[i].node, &root, thing_less);
	t[1].node.__rb_parent_color |= RB_BLACK;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check_cached(&root, thing_less_c));
	expect_check(before++, "rb_check_cached", line, "black nodes");
}

/* a NULL root is a violation, with or without an order to check */
static void test_rb_check_null(void)
{
	EXPECT_CHECK_FAILS(rb_check(NULL, thing_less_c), "rb_check");
	expect_detail(": no tree (NULL)");
	EXPECT_CHECK_FAILS(rb_check(NULL, NULL), "rb_check");
	expect_detail(": no tree (NULL)");
}

static void test_rb_check_cached_null(void)
{
	EXPECT_CHECK_FAILS(rb_check_cached(NULL, thing_less_c),
			   "rb_check_cached");
	expect_detail(": no tree (NULL)");
	EXPECT_CHECK_FAILS(rb_check_cached(NULL, NULL), "rb_check_cached");
	expect_detail(": no tree (NULL)");
}

/* with no handler installed the report goes to stderr and the walk returns */
static void check_with_default_handler(int unused)
{
	struct rb_root root;
	struct thing t[8];

	(void)unused;
	check_set_handler(NULL);
	eight(&root, t);
	t[6].node.__rb_parent_color &= ~1ul;
	if (rb_check(&root, thing_less_c))
		exit(2);
	exit(0);
}

static void test_rb_check_default_handler(void)
{
	char out[512];
	int status =
		run_in_child(check_with_default_handler, 0, out, sizeof(out));

	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "rb_check at "));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "has a red child"));
}

static CU_TestInfo rbtree_cases[] = {
	{ "RB_ROOT, RB_ROOT_CACHED, RB_EMPTY_ROOT", test_rb_root_init },
	{ "struct rb_node, rb_entry, rb_entry_safe", test_rb_node_layout },
	{ "RB_CLEAR_NODE, RB_EMPTY_NODE", test_rb_clear_empty_node },
	{ "rb_parent, __rb_parent, rb_color, rb_is_red, rb_is_black, rb_set_parent, rb_set_parent_color, RB_RED, RB_BLACK",
	  test_rb_parent_colour_helpers },
	{ "rb_link_node", test_rb_link_node },
	{ "rb_insert_color: the first node", test_rb_insert_color_first },
	{ "rb_insert_color: rotations (1,2,3 gives 2 over red 1 and 3)",
	  test_rb_insert_color_rotations },
	{ "rb_insert_color: recolouring, 1..8 step by step",
	  test_rb_insert_color_recolour },
	{ "rb_erase: leaf, one child, successor near and deep",
	  test_rb_erase_unlink },
	{ "rb_erase: each rebalancing case and its mirror",
	  test_rb_erase_rebalance },
	{ "rb_insert_color, rb_erase: negated keys give the mirror image",
	  test_rb_insert_erase_mirror },
	{ "rb_first, rb_last", test_rb_first_last },
	{ "rb_next, rb_prev", test_rb_next_prev },
	{ "rb_first_postorder, rb_next_postorder", test_rb_postorder },
	{ "rbtree_postorder_for_each_entry_safe: entries wrecked as visited",
	  test_rbtree_postorder_for_each_entry_safe },
	{ "rb_replace_node", test_rb_replace_node },
	{ "rb_first_cached, rb_insert_color_cached",
	  test_rb_first_cached_insert_color_cached },
	{ "rb_erase_cached: returns the new leftmost", test_rb_erase_cached },
	{ "rb_replace_node_cached", test_rb_replace_node_cached },
	{ "rb_add: equal keys go right, in insertion order",
	  test_rb_add_equal_keys_go_right },
	{ "rb_add_cached: returns the node when leftmost", test_rb_add_cached },
	{ "rb_find_add", test_rb_find_add },
	{ "rb_find, rb_find_first, rb_next_match",
	  test_rb_find_first_next_match },
	{ "rb_for_each", test_rb_for_each },
	{ "every macro evaluates each argument once",
	  test_macros_evaluate_once },
	{ "random insert/erase/replace against an oracle, cached",
	  test_random_cached },
	{ "random insert/erase/replace against an oracle, plain rb_add/rb_erase",
	  test_random_plain },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("list/rbtree", rbtree_cases, NULL, NULL)

static CU_TestInfo rbtree_check_cases[] = {
	{ "rb_check: red root, root with a parent", test_rb_check_root },
	{ "rb_check: red node with a red child", test_rb_check_red_red },
	{ "rb_check: unequal black heights", test_rb_check_black_height },
	{ "rb_check: wrong parent pointers, loops",
	  test_rb_check_parent_pointer },
	{ "rb_check: the same child on both sides",
	  test_rb_check_both_children },
	{ "rb_check: keys out of order", test_rb_check_order },
	{ "rb_check: a chain deeper than any tree", test_rb_check_depth_bound },
	{ "rb_check_cached: stale leftmost", test_rb_check_cached },
	{ "rb_check(NULL, ...): false, one report", test_rb_check_null },
	{ "rb_check_cached(NULL, ...): false, one report",
	  test_rb_check_cached_null },
	{ "rb_check: default handler prints, does not abort",
	  test_rb_check_default_handler },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("list/rbtree_check", rbtree_check_cases, report_suite_init,
	    report_suite_cleanup)
