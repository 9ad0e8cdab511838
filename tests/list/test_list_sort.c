// SPDX-License-Identifier: MIT
/*
 * tests/list/test_list_sort.c - list/list_sort.c: sortedness, stability,
 * every back link, the count, that every entry is still there, that the
 * comparator only ever sees real entries (the earlier one as @a), and the
 * O(n log n) bound on comparisons.
 */
#include <stdlib.h>
#include <string.h>

#include "list/list.h"
#include "list/list_sort.h"
#include "tests/ktest.h"

struct sitem {
	int key;
	int seq; /* position in the input */
	struct list_head node;
};

struct sort_ctx {
	struct list_head *head;
	struct sitem *items;
	int n;
	long calls;
	long bad_args; /* head, foreign pointer, or a after b */
};

static int arg_ok(struct sort_ctx *ctx, const struct list_head *l)
{
	const struct sitem *it;

	if (l == ctx->head || !l)
		return 0;
	it = list_entry(l, const struct sitem, node);
	return it >= ctx->items && it < ctx->items + ctx->n;
}

static void note_args(struct sort_ctx *ctx, const struct list_head *a,
		      const struct list_head *b)
{
	ctx->calls++;
	if (!arg_ok(ctx, a) || !arg_ok(ctx, b)) {
		ctx->bad_args++;
		return;
	}
	if (list_entry(a, const struct sitem, node)->seq >=
	    list_entry(b, const struct sitem, node)->seq)
		ctx->bad_args++;
}

/* three-way, possibly negative */
static int cmp_key(void *priv, const struct list_head *a,
		   const struct list_head *b)
{
	note_args(priv, a, b);
	if (!arg_ok(priv, a) || !arg_ok(priv, b))
		return 0;
	return list_entry(a, const struct sitem, node)->key -
	       list_entry(b, const struct sitem, node)->key;
}

/* boolean: 1 when a > b */
static int cmp_key_bool(void *priv, const struct list_head *a,
			const struct list_head *b)
{
	note_args(priv, a, b);
	if (!arg_ok(priv, a) || !arg_ok(priv, b))
		return 0;
	return list_entry(a, const struct sitem, node)->key >
	       list_entry(b, const struct sitem, node)->key;
}

static unsigned int seed;

static unsigned int rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 17;
	seed ^= seed << 5;
	return seed;
}

static long log2_ceil(long n)
{
	long l = 0;

	while ((1L << l) < n)
		l++;
	return l;
}

/* Build a list of @n items with the given keys, sort it, check it all. */
static void sort_and_check(const int *keys, int n, list_cmp_func_t cmp)
{
	struct sitem *items = calloc((size_t)(n ? n : 1), sizeof(*items));
	char *seen = calloc((size_t)(n ? n : 1), 1);
	struct sort_ctx ctx = { 0 };
	struct sitem *pos, *prev = NULL;
	LIST_HEAD(head);
	int i, sorted = 1, stable = 1, dup = 0, links = 1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(items);
	CU_ASSERT_PTR_NOT_NULL_FATAL(seen);
	for (i = 0; i < n; i++) {
		items[i].key = keys[i];
		items[i].seq = i;
		list_add_tail(&items[i].node, &head);
	}
	ctx.head = &head;
	ctx.items = items;
	ctx.n = n;
	list_sort(&ctx, &head, cmp);

	CU_ASSERT(list_check(&head));
	CU_ASSERT_EQUAL(list_count_nodes(&head), (size_t)n);
	CU_ASSERT_EQUAL(ctx.bad_args, 0);
	if (n < 2)
		CU_ASSERT_EQUAL(ctx.calls, 0);
	/* merge sort: at most n * ceil(log2 n) comparisons */
	CU_ASSERT(ctx.calls <= (long)n * log2_ceil(n));
	list_for_each_entry(pos, &head, node) {
		if (pos->node.prev != (prev ? &prev->node : &head))
			links = 0;
		if (seen[pos->seq])
			dup = 1;
		seen[pos->seq] = 1;
		if (prev && prev->key > pos->key)
			sorted = 0;
		if (prev && prev->key == pos->key && prev->seq > pos->seq)
			stable = 0;
		prev = pos;
	}
	CU_ASSERT(links);
	CU_ASSERT(!dup);
	CU_ASSERT(sorted);
	CU_ASSERT(stable);
	CU_ASSERT_PTR_EQUAL(head.prev, prev ? &prev->node : &head);
	free(items);
	free(seen);
}

static void test_sort_empty(void)
{
	LIST_HEAD(head);
	struct sort_ctx ctx = { .head = &head };

	list_sort(&ctx, &head, cmp_key);
	CU_ASSERT_EQUAL(ctx.calls, 0);
	CU_ASSERT_PTR_EQUAL(head.next, &head);
	CU_ASSERT_PTR_EQUAL(head.prev, &head);
}

static void test_sort_one(void)
{
	int k[] = { 5 };

	sort_and_check(k, 1, cmp_key);
}

static void test_sort_two(void)
{
	int k1[] = { 1, 2 }, k2[] = { 2, 1 }, k3[] = { 7, 7 };

	sort_and_check(k1, 2, cmp_key);
	sort_and_check(k2, 2, cmp_key);
	sort_and_check(k3, 2, cmp_key);
	sort_and_check(k2, 2, cmp_key_bool);
	sort_and_check(k3, 2, cmp_key_bool);
}

/* every sequence of three keys over {0, 1, 2}: orders and ties */
static void test_sort_three(void)
{
	int k[3], a, b, c;

	for (a = 0; a < 3; a++)
		for (b = 0; b < 3; b++)
			for (c = 0; c < 3; c++) {
				k[0] = a;
				k[1] = b;
				k[2] = c;
				sort_and_check(k, 3, cmp_key);
				sort_and_check(k, 3, cmp_key_bool);
			}
}

/* every length up to 130 covers every shape of the pending runs */
static void test_sort_all_small_lengths(void)
{
	int k[130] = { 0 }, n, i;

	seed = 2002;
	for (n = 0; n <= 130; n++) {
		for (i = 0; i < n; i++)
			k[i] = (int)(rnd() % 5);
		sort_and_check(k, n, n & 1 ? cmp_key : cmp_key_bool);
	}
}

static void test_sort_hundreds_many_equal(void)
{
	int k[777], i;

	seed = 33;
	for (i = 0; i < 777; i++)
		k[i] = (int)(rnd() % 8);
	sort_and_check(k, 777, cmp_key);
	sort_and_check(k, 777, cmp_key_bool);
	for (i = 0; i < 777; i++) /* ascending already */
		k[i] = i / 10;
	sort_and_check(k, 777, cmp_key);
	for (i = 0; i < 777; i++) /* descending */
		k[i] = 1000 - i / 3;
	sort_and_check(k, 777, cmp_key);
	for (i = 0; i < 777; i++) /* all equal */
		k[i] = 4;
	sort_and_check(k, 777, cmp_key);
}

/* a sorted list of distinct keys keeps every entry where it was */
static void test_sort_sorted_input_unchanged(void)
{
	struct sitem items[10];
	struct sort_ctx ctx = { 0 };
	struct list_head *pos;
	LIST_HEAD(head);
	int i = 0;

	for (i = 0; i < 10; i++) {
		items[i].key = i;
		items[i].seq = i;
		list_add_tail(&items[i].node, &head);
	}
	ctx.head = &head;
	ctx.items = items;
	ctx.n = 10;
	list_sort(&ctx, &head, cmp_key);
	i = 0;
	list_for_each(pos, &head) {
		CU_ASSERT_PTR_EQUAL(pos, &items[i].node);
		i++;
	}
	CU_ASSERT_EQUAL(i, 10);
	CU_ASSERT(list_check(&head));
}

static CU_TestInfo list_sort_cases[] = {
	{ "length 0: no comparisons, head untouched", test_sort_empty },
	{ "length 1", test_sort_one },
	{ "length 2: ordered, reversed, equal", test_sort_two },
	{ "length 3: all 27 key sequences", test_sort_three },
	{ "every length 0..130", test_sort_all_small_lengths },
	{ "777 entries, many equal keys: sorted, stable, linked",
	  test_sort_hundreds_many_equal },
	{ "sorted input stays in place", test_sort_sorted_input_unchanged },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("list/list_sort", list_sort_cases, NULL, NULL)
