// SPDX-License-Identifier: MIT
/*
 * tests/compile/ok_list_api.c - compile_ok: a program that uses every
 * macro and inline function of list/list.h and list/list_sort.h.
 * tests/compile/run.sh builds it as C11 -pedantic and GNU C11 (with and
 * without LIST_DEBUG) and as C++17, then runs it: it exits 0 only when
 * every result is the expected one, so the C++ build is checked for
 * behaving as the C one does, not only for compiling.
 */
#include <stdio.h>

#include "list/list.h"
#include "list/list_sort.h"
#include "tests/compile/expect.h"

struct thing {
	int key;
	struct list_head node;
	struct hlist_node hnode;
};

static struct hlist_head empty_chain = HLIST_HEAD_INIT;

static int by_key(void *priv, const struct list_head *a,
		  const struct list_head *b)
{
	(void)priv;
	return list_entry(a, const struct thing, node)->key >
	       list_entry(b, const struct thing, node)->key;
}

/*
 * The names that only read a list accept a pointer to a const head (an
 * error in C++, a warning in C, if one of them did not).
 */
static size_t read_only(const struct list_head *head,
			const struct hlist_head *h)
{
	const struct thing *first =
		list_first_entry_or_null(head, struct thing, node);
	const struct thing *last =
		list_last_entry_or_null(head, struct thing, node);

	return list_count_nodes(head) + hlist_count_nodes(h) + (first != NULL) +
	       (last != NULL);
}

static void lists(struct thing *t, int n)
{
	LIST_HEAD(head);
	struct list_head other = LIST_HEAD_INIT(other);
	struct list_head *pos, *nx;
	struct thing *e, *f, *start;
	int i, count;

	for (i = 0; i < n; i++) {
		t[i].key = n - i;
		list_add_tail(&t[i].node, &head);
	}
	EXPECT(list_count_nodes(&head) == (size_t)n);
	EXPECT(read_only(&head, &empty_chain) == (size_t)n + 2);
	EXPECT(read_only(&other, &empty_chain) == 0);
	EXPECT(list_first_entry(&head, struct thing, node) == &t[0]);
	EXPECT(list_last_entry(&head, struct thing, node) == &t[n - 1]);
	EXPECT(list_first_entry_or_null(&other, struct thing, node) == NULL);
	EXPECT(list_last_entry_or_null(&head, struct thing, node) == &t[n - 1]);
	EXPECT(list_next_entry(&t[0], node) == &t[1]);
	EXPECT(list_prev_entry(&t[1], node) == &t[0]);
	EXPECT(list_next_entry_circular(&t[n - 1], &head, node) == &t[0]);
	EXPECT(list_prev_entry_circular(&t[0], &head, node) == &t[n - 1]);
	EXPECT(list_is_first(&t[0].node, &head));
	EXPECT(list_is_last(&t[n - 1].node, &head));
	EXPECT(list_is_head(&head, &head));
	EXPECT(!list_empty(&head) && !list_empty_careful(&head));
	EXPECT(!list_is_singular(&head));
	EXPECT(list_check(&head));

	count = 0;
	list_for_each(pos, &head)
		count++;
	list_for_each_prev(pos, &head)
		count++;
	list_for_each_safe(pos, nx, &head)
		count++;
	list_for_each_prev_safe(pos, nx, &head)
		count++;
	pos = &t[0].node;
	list_for_each_continue(pos, &head)
		count++;
	EXPECT(count == 5 * n - 1);

	count = 0;
	list_for_each_entry(e, &head, node)
		count++;
	list_for_each_entry_reverse(e, &head, node)
		count++;
	list_for_each_entry_safe(e, f, &head, node)
		count++;
	list_for_each_entry_safe_reverse(e, f, &head, node)
		count++;
	e = &t[0];
	list_for_each_entry_continue(e, &head, node)
		count++;
	e = &t[n - 1];
	list_for_each_entry_continue_reverse(e, &head, node)
		count++;
	e = &t[0];
	list_for_each_entry_from(e, &head, node)
		count++;
	e = &t[n - 1];
	list_for_each_entry_from_reverse(e, &head, node)
		count++;
	e = &t[0];
	list_for_each_entry_safe_continue(e, f, &head, node)
		count++;
	e = &t[0];
	list_for_each_entry_safe_from(e, f, &head, node) {
		list_safe_reset_next(e, f, node);
		count++;
	}
	EXPECT(count == 7 * n + 3 * (n - 1));
	EXPECT(list_entry_is_head(e, &head, node));
	start = NULL;
	start = list_prepare_entry(start, &head, node);
	EXPECT(list_entry_is_head(start, &head, node));

	list_sort(NULL, &head, by_key);
	EXPECT(list_first_entry(&head, struct thing, node) == &t[n - 1]);
	EXPECT(list_check(&head));

	list_move(&t[0].node, &other);
	list_move_tail(&t[1].node, &other);
	list_swap(&t[0].node, &t[1].node);
	list_swap(&t[1].node, &t[1].node); /* itself: nothing changes */
	EXPECT(list_check(&other) && list_count_nodes(&other) == 2);
	list_rotate_left(&other);
	list_rotate_to_front(&t[1].node, &other);
	list_bulk_move_tail(&head, &t[1].node, &t[0].node);
	EXPECT(list_empty(&other));
	list_cut_position(&other, &head, &t[2].node);
	list_splice_tail_init(&other, &head);
	list_cut_before(&other, &head, &t[3].node);
	list_splice_init(&other, &head);
	list_splice(&other, &other); /* empty: nothing */
	list_splice_tail(&other, &other);
	list_replace(&t[2].node, &t[2].node);
	list_replace_init(&t[3].node, &other);
	list_add(&t[3].node, &other);
	list_del(&t[3].node);
	list_del_init(&t[4].node);
	list_del_init_careful(&other);
	__list_add(&t[4].node, &head, head.next);
	__list_del_entry(&t[4].node);
	__list_add(&t[4].node, &head, head.next);
	__list_del_clearprev(&t[4].node);
	EXPECT(list_count_nodes(&head) == (size_t)n - 2);
	EXPECT(list_check(&head));
	INIT_LIST_HEAD(&head);
}

static void hlists(struct thing *t, int n)
{
	HLIST_HEAD(h);
	struct hlist_head g = HLIST_HEAD_INIT;
	struct hlist_node *p, *nx;
	struct thing *e;
	int i, count = 0;

	INIT_HLIST_HEAD(&g);
	for (i = 0; i < n; i++) {
		INIT_HLIST_NODE(&t[i].hnode);
		EXPECT(hlist_unhashed(&t[i].hnode));
		EXPECT(hlist_unhashed_lockless(&t[i].hnode));
	}
	hlist_add_head(&t[0].hnode, &h);
	EXPECT(hlist_is_singular_node(&t[0].hnode, &h));
	hlist_add_before(&t[1].hnode, &t[0].hnode);
	hlist_add_behind(&t[2].hnode, &t[0].hnode);
	EXPECT(hlist_count_nodes(&h) == 3 && !hlist_empty(&h));
	hlist_for_each(p, &h)
		count++;
	hlist_for_each_safe(p, nx, &h)
		count++;
	hlist_for_each_entry(e, &h, hnode)
		count++;
	hlist_for_each_entry_safe(e, nx, &h, hnode)
		count++;
	e = &t[1];
	hlist_for_each_entry_continue(e, hnode)
		count++;
	e = &t[1];
	hlist_for_each_entry_from(e, hnode)
		count++;
	EXPECT(count == 4 * 3 + 2 + 3);
	EXPECT(hlist_entry(&t[0].hnode, struct thing, hnode) == &t[0]);
	p = NULL;
	EXPECT(hlist_entry_safe(p, struct thing, hnode) == NULL);
	hlist_move_list(&h, &g);
	EXPECT(hlist_empty(&h));
	hlist_splice_init(&g, &t[2].hnode, &h);
	EXPECT(hlist_count_nodes(&h) == 3);
	hlist_del(&t[1].hnode);
	hlist_del_init(&t[2].hnode);
	hlist_add_fake(&t[3].hnode);
	EXPECT(hlist_fake(&t[3].hnode));
	EXPECT(hlist_check(&h));
}

int main(void)
{
	struct thing t[6];

	lists(t, 6);
	hlists(t, 6);
	return failures != 0;
}
