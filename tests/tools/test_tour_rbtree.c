// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_tour_rbtree.c - "kstruct tour rbtree"
 * (tools/tour_rbtree.c) and the text drawing of a tree it shares with the
 * fair section (tour_rbtree_print()).
 *
 * Each tree the tour draws is read back from its lines (a node's depth
 * from its indent, its parent from its joint: a right child's is the next
 * line one level up below it, a left child's the one above it) and held
 * to the red-black rules: keys in order, no red node with a red child,
 * every path to a NULL child with as many black nodes, a black root.  Its
 * keys must be those the steps added and not yet erased, and the depth
 * and black height the tour prints must be the ones of the tree drawn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "list/rbtree.h"
#include "list/rbtree_augmented.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/kstruct.h"
#include "tools/tour.h"

#define MAX_NODES 32

/* one drawn node */
struct drawn {
	int key, depth, parent, red, side; /* side: 0 root, 1 right, 2 left */
	int left, right;
};

/*
 * Read the tree drawn in the lines at *@s (each "     [|   ...][.-- |`-- ]
 * KEY red|black") into @n nodes of @d.  Return: the root's index, or -1.
 */
static int read_tree(const char **s, struct drawn *d, int *n)
{
	const char *line = *s;
	int i, j, root = -1;

	*n = 0;
	while (*line && *n < MAX_NODES) {
		const char *end = strchrnul(line, '\n'), *p = line;
		char colour[8];
		int key, col;

		while (*p == ' ' || *p == '|')
			p++;
		d[*n].side = !strncmp(p, ".-- ", 4) ? 1 :
			     !strncmp(p, "`-- ", 4) ? 2 :
						      0;
		if (d[*n].side)
			p += 4;
		if (sscanf(p, "%d %7s", &key, colour) != 2 || p - line < 5)
			break;
		col = (int)(p - line) - (d[*n].side ? 4 : 0);
		d[*n].key = key;
		d[*n].red = !strcmp(colour, "red");
		d[*n].depth = (col - 5) / 4;
		d[*n].left = d[*n].right = d[*n].parent = -1;
		(*n)++;
		line = *end ? end + 1 : end;
	}
	*s = line;
	for (i = 0; i < *n; i++) {
		if (!d[i].side) {
			root = i;
			continue;
		}
		/* a right child's parent is below it, a left child's above */
		for (j = d[i].side == 1 ? i + 1 : i - 1; j >= 0 && j < *n;
		     j += d[i].side == 1 ? 1 : -1)
			if (d[j].depth == d[i].depth - 1)
				break;
		CU_ASSERT(j >= 0 && j < *n);
		if (j < 0 || j >= *n)
			return -1;
		d[i].parent = j;
		if (d[i].side == 1)
			d[j].right = i;
		else
			d[j].left = i;
	}
	return root;
}

/*
 * The black height of @i's subtree (a NULL child counts 1), or -1 when a
 * rule is broken below it; its depth into *@depth.
 */
static int check_subtree(const struct drawn *d, int i, int lo, int hi,
			 int *depth)
{
	int lb, rb, ld = 0, rd = 0;

	if (i < 0) {
		*depth = 0;
		return 1;
	}
	if (d[i].key <= lo || d[i].key >= hi)
		return -1;
	if (d[i].red && ((d[i].left >= 0 && d[d[i].left].red) ||
			 (d[i].right >= 0 && d[d[i].right].red)))
		return -1;
	lb = check_subtree(d, d[i].left, lo, d[i].key, &ld);
	rb = check_subtree(d, d[i].right, d[i].key, hi, &rd);
	*depth = 1 + (ld > rd ? ld : rd);
	if (lb < 0 || rb < 0 || lb != rb)
		return -1;
	return lb + !d[i].red;
}

static void test_every_tree_is_sound(void)
{
	/* the keys present after each step: 8 3 10; +1; +6 14 4; +7 13; -8 */
	static const int present[5][10] = {
		{ 3, 8, 10 },
		{ 1, 3, 8, 10 },
		{ 1, 3, 4, 6, 8, 10, 14 },
		{ 1, 3, 4, 6, 7, 8, 10, 13, 14 },
		{ 1, 3, 4, 6, 7, 10, 13, 14 },
	};
	static const int nr_present[5] = { 3, 4, 7, 9, 8 };
	int ret = -1, step = 0;
	char *text = capture_entry(KSTRUCT_KIND_TOUR, "rbtree", &ret);
	const char *s;

	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (s = strchr(text, '\f'); s && step < 5; s = strchr(s + 1, '\f')) {
		struct drawn d[MAX_NODES];
		int n, root, depth, black, said_depth, said_black, i, j;
		const char *tree = strstr(s, "\n     ");

		CU_ASSERT_PTR_NOT_NULL_FATAL(tree);
		tree++;
		root = read_tree(&tree, d, &n);
		CU_ASSERT(root >= 0);
		if (root < 0)
			break;
		/* drawn top down: the largest key first */
		for (i = 1; i < n; i++)
			CU_ASSERT(d[i - 1].key > d[i].key);
		CU_ASSERT_EQUAL(n, nr_present[step]);
		for (i = 0; i < n && n == nr_present[step]; i++)
			CU_ASSERT_EQUAL(d[n - 1 - i].key, present[step][i]);
		CU_ASSERT(!d[root].red);
		black = check_subtree(d, root, -1000, 1000, &depth);
		CU_ASSERT(black > 0);
		CU_ASSERT_EQUAL(
			sscanf(tree,
			       "   depth %d, black height %d; rb_check(): "
			       "sound",
			       &said_depth, &said_black),
			2);
		CU_ASSERT_EQUAL(said_depth, depth);
		/* the tour counts black nodes, not the NULL child */
		CU_ASSERT_EQUAL(said_black, black - 1);
		for (i = 0; i < n; i++) /* each node drawn once */
			for (j = i + 1; j < n; j++)
				CU_ASSERT(d[i].key != d[j].key);
		step++;
	}
	CU_ASSERT_EQUAL(step, 5);
	/* step 6: the in-order walk */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\n   1 3 4 6 7 10 13 14\n"));
	free(text);
}

/* a node of the drawing test */
struct num {
	int key;
	struct rb_node node;
};

static bool num_less(struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, struct num, node)->key <
	       rb_entry(b, const struct num, node)->key;
}

static void num_label(FILE *out, const struct rb_node *n, void *data)
{
	(void)data;
	fprintf(out, "k%d", rb_entry(n, const struct num, node)->key);
}

/* 1..7 in order: 2B(1B,4R(3B,6B(5R,7R))), drawn on its side by hand */
static void test_print_draws_on_its_side(void)
{
	struct num nums[7];
	struct rb_root root = RB_ROOT;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	tour_rbtree_print(f, &root, "> ", num_label, NULL);
	for (i = 0; i < 7; i++) {
		nums[i].key = i + 1;
		rb_add(&nums[i].node, &root, num_less);
	}
	tour_rbtree_print(f, &root, "> ", num_label, NULL);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_STRING_EQUAL(text, "> (empty)\n"
				     ">             .-- k7 red\n"
				     ">         .-- k6 black\n"
				     ">         |   `-- k5 red\n"
				     ">     .-- k4 red\n"
				     ">     |   `-- k3 black\n"
				     "> k2 black\n"
				     ">     `-- k1 black\n");
	free(text);
}

static CU_TestInfo tour_rbtree_cases[] = {
	{ "every tree drawn is a sound red-black tree of the keys",
	  test_every_tree_is_sound },
	{ "tour_rbtree_print(): right above, left below, by hand",
	  test_print_draws_on_its_side },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/tour_rbtree", tour_rbtree_cases, NULL, NULL)
