// SPDX-License-Identifier: MIT
/*
 * tests/list/test_hlist.c - list/list.h, hlist part: one case per public
 * name (the case's title names it) with the exact ->next/->pprev wiring,
 * evaluate-once counters for the macros, and a random sequence against an
 * array oracle with hlist_check() after every step.
 */
#include <string.h>

#include "list/list.h"
#include "tests/ktest.h"

struct hitem {
	int value;
	struct hlist_node node;
};

/*
 * Assert that chain @h is exactly n[0], ..., n[count-1]: h->first, every
 * ->next, every ->pprev, and the NULL at the end.
 */
#define expect_chain(h, ...)                                \
	do {                                                \
		struct hlist_node *__n[] = { __VA_ARGS__ }; \
		__expect_chain(h, __n, ARRAY_SIZE(__n));    \
	} while (0)

static void __expect_chain(struct hlist_head *h, struct hlist_node **n,
			   size_t count)
{
	struct hlist_node **link = &h->first;
	size_t i;
	int ok = 1;

	for (i = 0; i < count; i++) {
		if (*link != n[i] || n[i]->pprev != link)
			ok = 0;
		link = &n[i]->next;
	}
	if (*link != NULL)
		ok = 0;
	CU_ASSERT_TRUE(ok);
	CU_ASSERT(hlist_check(h));
}

static void test_hlist_head_init(void)
{
	struct hlist_head a = HLIST_HEAD_INIT;
	HLIST_HEAD(b);
	struct hlist_head c;

	memset(&c, 0xff, sizeof(c));
	INIT_HLIST_HEAD(&c);
	CU_ASSERT_PTR_NULL(a.first);
	CU_ASSERT_PTR_NULL(b.first);
	CU_ASSERT_PTR_NULL(c.first);
	CU_ASSERT(hlist_empty(&a));
	CU_ASSERT(hlist_empty(&b));
	CU_ASSERT(hlist_empty(&c));
}

static void test_init_hlist_node_unhashed(void)
{
	struct hlist_node n;
	HLIST_HEAD(h);

	memset(&n, 0xff, sizeof(n));
	INIT_HLIST_NODE(&n);
	CU_ASSERT_PTR_NULL(n.next);
	CU_ASSERT_PTR_NULL(n.pprev);
	CU_ASSERT(hlist_unhashed(&n));
	CU_ASSERT(hlist_unhashed_lockless(&n));
	hlist_add_head(&n, &h);
	CU_ASSERT_FALSE(hlist_unhashed(&n));
	CU_ASSERT_FALSE(hlist_unhashed_lockless(&n));
	CU_ASSERT_FALSE(hlist_empty(&h));
}

static void test_hlist_add_head(void)
{
	HLIST_HEAD(h);
	struct hlist_node a, b;

	hlist_add_head(&a, &h);
	expect_chain(&h, &a);
	hlist_add_head(&b, &h);
	expect_chain(&h, &b, &a);
}

static void test_hlist_add_before(void)
{
	HLIST_HEAD(h);
	struct hlist_node a, b, c;

	hlist_add_head(&a, &h);
	hlist_add_before(&b, &a); /* before the first */
	expect_chain(&h, &b, &a);
	hlist_add_before(&c, &a); /* in the middle */
	expect_chain(&h, &b, &c, &a);
}

static void test_hlist_add_behind(void)
{
	HLIST_HEAD(h);
	struct hlist_node a, b, c;

	hlist_add_head(&a, &h);
	hlist_add_behind(&b, &a); /* after the last */
	expect_chain(&h, &a, &b);
	hlist_add_behind(&c, &a); /* in the middle */
	expect_chain(&h, &a, &c, &b);
}

static void test_hlist_del(void)
{
	HLIST_HEAD(h);
	struct hlist_node a, b, c;

	hlist_add_head(&c, &h);
	hlist_add_head(&b, &h);
	hlist_add_head(&a, &h);
	hlist_del(&b); /* middle */
	expect_chain(&h, &a, &c);
	CU_ASSERT_PTR_EQUAL(b.next, HLIST_POISON1);
	CU_ASSERT_PTR_EQUAL(b.pprev, HLIST_POISON2);
	hlist_del(&a); /* first */
	expect_chain(&h, &c);
	hlist_del(&c); /* only */
	CU_ASSERT_PTR_NULL(h.first);
}

static void test_hlist_del_init(void)
{
	HLIST_HEAD(h);
	struct hlist_node a, b;

	hlist_add_head(&b, &h);
	hlist_add_head(&a, &h);
	hlist_del_init(&b); /* last */
	expect_chain(&h, &a);
	CU_ASSERT(hlist_unhashed(&b));
	CU_ASSERT_PTR_NULL(b.next);
	hlist_del_init(&b); /* unhashed: no-op */
	CU_ASSERT(hlist_unhashed(&b));
	expect_chain(&h, &a);
}

static void test_hlist_fake(void)
{
	struct hlist_node n;

	INIT_HLIST_NODE(&n);
	CU_ASSERT_FALSE(hlist_fake(&n));
	hlist_add_fake(&n);
	CU_ASSERT_PTR_EQUAL(n.pprev, &n.next);
	CU_ASSERT(hlist_fake(&n));
	CU_ASSERT_FALSE(hlist_unhashed(&n));
	hlist_del_init(&n); /* deleting a fake node works */
	CU_ASSERT(hlist_unhashed(&n));
	CU_ASSERT_FALSE(hlist_fake(&n));
}

static void test_hlist_is_singular_node(void)
{
	HLIST_HEAD(h);
	HLIST_HEAD(g);
	struct hlist_node a, b;

	hlist_add_head(&a, &h);
	CU_ASSERT(hlist_is_singular_node(&a, &h));
	CU_ASSERT_FALSE(hlist_is_singular_node(&a, &g));
	hlist_add_head(&b, &h);
	CU_ASSERT_FALSE(hlist_is_singular_node(&a, &h));
	CU_ASSERT_FALSE(hlist_is_singular_node(&b, &h));
}

static void test_hlist_move_list(void)
{
	HLIST_HEAD(old);
	HLIST_HEAD(repl);
	struct hlist_node a, b;

	hlist_move_list(&old, &repl); /* empty */
	CU_ASSERT_PTR_NULL(repl.first);
	hlist_add_head(&b, &old);
	hlist_add_head(&a, &old);
	hlist_move_list(&old, &repl);
	CU_ASSERT_PTR_NULL(old.first);
	expect_chain(&repl, &a, &b);
}

static void test_hlist_splice_init(void)
{
	HLIST_HEAD(from);
	HLIST_HEAD(to);
	struct hlist_node a, b, x;

	hlist_add_head(&b, &from);
	hlist_add_head(&a, &from);
	hlist_splice_init(&from, &b, &to); /* into an empty chain */
	CU_ASSERT_PTR_NULL(from.first);
	expect_chain(&to, &a, &b);
	INIT_HLIST_HEAD(&to);
	hlist_add_head(&x, &to);
	hlist_add_head(&b, &from);
	hlist_add_head(&a, &from);
	hlist_splice_init(&from, &b, &to); /* in front of x */
	CU_ASSERT_PTR_NULL(from.first);
	expect_chain(&to, &a, &b, &x);
}

static void test_hlist_entry_and_safe(void)
{
	struct hitem it = { .value = 7 };
	struct hlist_node *null = NULL;

	CU_ASSERT_PTR_EQUAL(hlist_entry(&it.node, struct hitem, node), &it);
	CU_ASSERT_PTR_EQUAL(hlist_entry_safe(&it.node, struct hitem, node),
			    &it);
	CU_ASSERT_PTR_NULL(hlist_entry_safe(null, struct hitem, node));
}

static void test_hlist_count_nodes(void)
{
	HLIST_HEAD(h);
	struct hlist_node n[4];
	int i;

	CU_ASSERT_EQUAL(hlist_count_nodes(&h), 0);
	for (i = 0; i < 4; i++) {
		hlist_add_head(&n[i], &h);
		CU_ASSERT_EQUAL(hlist_count_nodes(&h), (size_t)i + 1);
	}
}

#define NR 5

/* chain it[0], ..., it[NR-1] */
static void chain_init(struct hlist_head *h, struct hitem *it)
{
	int i;

	INIT_HLIST_HEAD(h);
	for (i = NR - 1; i >= 0; i--) {
		it[i].value = i;
		hlist_add_head(&it[i].node, h);
	}
}

static void test_hlist_for_each(void)
{
	struct hitem it[NR];
	struct hlist_node *pos;
	HLIST_HEAD(h);
	int i = 0;

	chain_init(&h, it);
	hlist_for_each(pos, &h) {
		CU_ASSERT_PTR_EQUAL(pos, &it[i].node);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
	CU_ASSERT_PTR_NULL(pos);
}

static void test_hlist_for_each_safe(void)
{
	struct hitem it[NR];
	struct hlist_node *pos, *n;
	HLIST_HEAD(h);
	int i = 0;

	chain_init(&h, it);
	hlist_for_each_safe(pos, n, &h) {
		CU_ASSERT_PTR_EQUAL(pos, &it[i].node);
		hlist_del(pos);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
	CU_ASSERT(hlist_empty(&h));
}

static void test_hlist_for_each_entry(void)
{
	struct hitem it[NR], *pos;
	HLIST_HEAD(h);
	int i = 0;

	chain_init(&h, it);
	hlist_for_each_entry(pos, &h, node) {
		CU_ASSERT_PTR_EQUAL(pos, &it[i]);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
	CU_ASSERT_PTR_NULL(pos);
	INIT_HLIST_HEAD(&h);
	i = 0;
	hlist_for_each_entry(pos, &h, node)
		i++;
	CU_ASSERT_EQUAL(i, 0);
}

static void test_hlist_for_each_entry_continue(void)
{
	struct hitem it[NR], *pos;
	HLIST_HEAD(h);
	int i = 2;

	chain_init(&h, it);
	pos = &it[1];
	hlist_for_each_entry_continue(pos, node) {
		CU_ASSERT_PTR_EQUAL(pos, &it[i]);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
}

static void test_hlist_for_each_entry_from(void)
{
	struct hitem it[NR], *pos;
	HLIST_HEAD(h);
	int i = 1;

	chain_init(&h, it);
	pos = &it[1];
	hlist_for_each_entry_from(pos, node) {
		CU_ASSERT_PTR_EQUAL(pos, &it[i]);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
}

static void test_hlist_for_each_entry_safe(void)
{
	struct hitem it[NR], *pos;
	struct hlist_node *n;
	HLIST_HEAD(h);
	int i = 0;

	chain_init(&h, it);
	hlist_for_each_entry_safe(pos, n, &h, node) {
		CU_ASSERT_PTR_EQUAL(pos, &it[i]);
		if (i & 1)
			hlist_del_init(&pos->node);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
	expect_chain(&h, &it[0].node, &it[2].node, &it[4].node);
}

static int evals;

static void count_eval(void)
{
	evals++;
}
#define ONCE(x) (count_eval(), (x))

static void test_hlist_macros_evaluate_once(void)
{
	struct hitem it[NR], *pos;
	struct hlist_node *p, *n;
	HLIST_HEAD(h);
	int loops = 0;

	chain_init(&h, it);
	evals = 0;
	pos = hlist_entry(ONCE(&it[1].node), struct hitem, node);
	pos = hlist_entry_safe(ONCE(&it[1].node), struct hitem, node);
	CU_ASSERT_PTR_EQUAL(pos, &it[1]);
	INIT_HLIST_HEAD(ONCE(&h));
	CU_ASSERT_EQUAL(evals, 3);
	chain_init(&h, it);
	evals = 0;
	hlist_for_each(p, ONCE(&h))
		loops++;
	hlist_for_each_safe(p, n, ONCE(&h))
		loops++;
	hlist_for_each_entry(pos, ONCE(&h), node)
		loops++;
	hlist_for_each_entry_safe(pos, n, ONCE(&h), node)
		loops++;
	CU_ASSERT_EQUAL(evals, 4);
	CU_ASSERT_EQUAL(loops, 4 * NR);
	evals = 0;
	CU_ASSERT(hlist_check(ONCE(&h)));
	CU_ASSERT_EQUAL(evals, 1);
}

/* random sequence against an array oracle */
#define ORACLE_N 16

static void test_hlist_random_against_oracle(void)
{
	struct hitem it[ORACLE_N], *pos;
	int order[ORACLE_N], len = 0, on[ORACLE_N] = { 0 };
	unsigned int seed = 77;
	HLIST_HEAD(h);
	int step, i, bad = 0;

	for (i = 0; i < ORACLE_N; i++) {
		it[i].value = i;
		INIT_HLIST_NODE(&it[i].node);
	}
	for (step = 0; step < 3000; step++) {
		int v, at, w, k;

		seed = seed * 1103515245u + 12345u;
		v = (int)((seed >> 8) % ORACLE_N);
		w = (int)((seed >> 16) % 3);
		if (!on[v] && (len == 0 || w == 0)) {
			hlist_add_head(&it[v].node, &h);
			memmove(&order[1], &order[0],
				(size_t)len * sizeof(int));
			order[0] = v;
			len++;
			on[v] = 1;
		} else if (!on[v]) {
			/* before or behind a node on the chain */
			at = (int)((seed >> 4) % (unsigned int)len);
			if (w == 1) {
				hlist_add_before(&it[v].node,
						 &it[order[at]].node);
			} else {
				hlist_add_behind(&it[v].node,
						 &it[order[at]].node);
				at++;
			}
			memmove(&order[at + 1], &order[at],
				(size_t)(len - at) * sizeof(int));
			order[at] = v;
			len++;
			on[v] = 1;
		} else {
			for (at = 0; order[at] != v; at++)
				;
			if (w == 0)
				hlist_del(&it[v].node);
			else
				hlist_del_init(&it[v].node);
			memmove(&order[at], &order[at + 1],
				(size_t)(len - at - 1) * sizeof(int));
			len--;
			on[v] = 0;
		}
		k = 0;
		hlist_for_each_entry(pos, &h, node) {
			if (k >= len || pos->value != order[k])
				bad++;
			k++;
		}
		if (k != len || !hlist_check(&h) ||
		    hlist_count_nodes(&h) != (size_t)len)
			bad++;
	}
	CU_ASSERT_EQUAL(bad, 0);
}

static CU_TestInfo hlist_cases[] = {
	{ "HLIST_HEAD_INIT, HLIST_HEAD, INIT_HLIST_HEAD, hlist_empty",
	  test_hlist_head_init },
	{ "INIT_HLIST_NODE, hlist_unhashed, hlist_unhashed_lockless",
	  test_init_hlist_node_unhashed },
	{ "hlist_add_head", test_hlist_add_head },
	{ "hlist_add_before", test_hlist_add_before },
	{ "hlist_add_behind", test_hlist_add_behind },
	{ "hlist_del: HLIST_POISON1, HLIST_POISON2", test_hlist_del },
	{ "hlist_del_init", test_hlist_del_init },
	{ "hlist_add_fake, hlist_fake", test_hlist_fake },
	{ "hlist_is_singular_node", test_hlist_is_singular_node },
	{ "hlist_move_list", test_hlist_move_list },
	{ "hlist_splice_init", test_hlist_splice_init },
	{ "hlist_entry, hlist_entry_safe (NULL in, NULL out)",
	  test_hlist_entry_and_safe },
	{ "hlist_count_nodes", test_hlist_count_nodes },
	{ "hlist_for_each", test_hlist_for_each },
	{ "hlist_for_each_safe", test_hlist_for_each_safe },
	{ "hlist_for_each_entry", test_hlist_for_each_entry },
	{ "hlist_for_each_entry_continue", test_hlist_for_each_entry_continue },
	{ "hlist_for_each_entry_from", test_hlist_for_each_entry_from },
	{ "hlist_for_each_entry_safe", test_hlist_for_each_entry_safe },
	{ "hlist macros evaluate each argument once",
	  test_hlist_macros_evaluate_once },
	{ "random hlist operations against an array oracle",
	  test_hlist_random_against_oracle },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("list/hlist", hlist_cases, NULL, NULL)
