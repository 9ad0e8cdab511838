// SPDX-License-Identifier: MIT
/*
 * tests/list/test_list.c - list/list.h, struct list_head part: one case
 * per public name (the case's title names it), asserting the exact
 * pointer wiring after each step, the edge cases of cut, splice, rotate
 * and swap (empty, singular, adjacent), that every macro evaluates each
 * argument once, and a random sequence of operations against an array
 * oracle with list_check() after every step.
 *
 * These tests are built with LIST_DEBUG, so the mutating operations are
 * the caller-recording wrappers; "evaluates once" is checked on those
 * wrappers (and on the plain macros, identical in both builds).  The
 * wrapped functions themselves are the same inline functions a build
 * without LIST_DEBUG calls directly.
 */
#include <stdlib.h>
#include <string.h>

#include "list/list.h"
#include "tests/ktest.h"
#include "tests/report.h"

struct item {
	int value;
	struct list_head node;
};

/*
 * Assert that @head's ring is exactly @head, n[0], ..., n[count-1],
 * following ->next and checking every ->prev on the way.
 */
#define expect_ring(head, ...)                                       \
	do {                                                         \
		struct list_head *__n[] = { __VA_ARGS__ };           \
		__expect_ring(head, __n, ARRAY_SIZE(__n), __LINE__); \
	} while (0)

static void __expect_ring(struct list_head *head, struct list_head **n,
			  size_t count, int line)
{
	struct list_head *prev = head;
	size_t i;
	int ok = 1;

	for (i = 0; i < count; i++) {
		if (prev->next != n[i] || n[i]->prev != prev)
			ok = 0;
		prev = n[i];
	}
	if (prev->next != head || head->prev != prev)
		ok = 0;
	CU_ASSERT_TRUE(ok);
	if (!ok)
		fprintf(stderr, "\n  ring mismatch (expect_ring at line %d)\n",
			line);
	CU_ASSERT(list_check(head));
}

static void expect_empty(struct list_head *head)
{
	CU_ASSERT_PTR_EQUAL(head->next, head);
	CU_ASSERT_PTR_EQUAL(head->prev, head);
}

/* ------------------------------------------------------------------ */
/* init                                                                */

static void test_list_head_init(void)
{
	struct list_head h = LIST_HEAD_INIT(h);
	LIST_HEAD(g);

	expect_empty(&h);
	expect_empty(&g);
	CU_ASSERT(list_empty(&h));
	CU_ASSERT(list_empty(&g));
}

static void test_init_list_head_on_garbage(void)
{
	struct list_head h;

	memset(&h, 0xff, sizeof(h));
	INIT_LIST_HEAD(&h);
	expect_empty(&h);
	CU_ASSERT(list_empty(&h));
	CU_ASSERT(list_empty_careful(&h));
	CU_ASSERT_EQUAL(list_count_nodes(&h), 0);
}

/* ------------------------------------------------------------------ */
/* add                                                                 */

static void test_list_add(void)
{
	LIST_HEAD(h);
	struct list_head a, b, c;

	list_add(&a, &h);
	expect_ring(&h, &a);
	list_add(&b, &h);
	expect_ring(&h, &b, &a);
	list_add(&c, &a); /* after an entry */
	expect_ring(&h, &b, &a, &c);
}

static void test_list_add_tail(void)
{
	LIST_HEAD(h);
	struct list_head a, b, c;

	list_add_tail(&a, &h);
	expect_ring(&h, &a);
	list_add_tail(&b, &h);
	expect_ring(&h, &a, &b);
	list_add_tail(&c, &a); /* before an entry */
	expect_ring(&h, &c, &a, &b);
}

static void test___list_add(void)
{
	LIST_HEAD(h);
	struct list_head a, b, c;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	__list_add(&c, &a, &b);
	expect_ring(&h, &a, &c, &b);
}

/* ------------------------------------------------------------------ */
/* delete                                                              */

static void test_list_del(void)
{
	LIST_HEAD(h);
	struct list_head a, b, c;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_del(&b);
	expect_ring(&h, &a, &c);
	CU_ASSERT_PTR_EQUAL(b.next, LIST_POISON1);
	CU_ASSERT_PTR_EQUAL(b.prev, LIST_POISON2);
	CU_ASSERT_FALSE(list_empty(&b)); /* as in the kernel */
	list_del(&a);
	list_del(&c);
	expect_empty(&h);
}

static void test_list_del_init(void)
{
	LIST_HEAD(h);
	struct list_head a, b;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_del_init(&a);
	expect_ring(&h, &b);
	expect_empty(&a);
	CU_ASSERT(list_empty(&a));
	list_del_init(&a); /* deleting an empty ring: no-op */
	expect_empty(&a);
	expect_ring(&h, &b);
}

static void test_list_del_init_careful(void)
{
	LIST_HEAD(h);
	struct list_head a, b;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_del_init_careful(&b);
	expect_ring(&h, &a);
	expect_empty(&b);
	CU_ASSERT(list_empty_careful(&b));
}

static void test___list_del_entry(void)
{
	LIST_HEAD(h);
	struct list_head a, b, c;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	__list_del_entry(&b);
	expect_ring(&h, &a, &c);
	CU_ASSERT_PTR_EQUAL(b.prev, &a); /* left stale */
	CU_ASSERT_PTR_EQUAL(b.next, &c);
}

static void test___list_del_clearprev(void)
{
	LIST_HEAD(h);
	struct list_head a, b;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	__list_del_clearprev(&a);
	expect_ring(&h, &b);
	CU_ASSERT_PTR_NULL(a.prev);
	CU_ASSERT_PTR_EQUAL(a.next, &b);
}

/* ------------------------------------------------------------------ */
/* replace, swap                                                       */

static void test_list_replace(void)
{
	LIST_HEAD(h);
	struct list_head a, b, c, r;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_replace(&b, &r);
	expect_ring(&h, &a, &r, &c);
	list_replace(&a, &b); /* first */
	expect_ring(&h, &b, &r, &c);
	list_replace(&c, &a); /* last */
	expect_ring(&h, &b, &r, &a);
}

/*
 * Replacing an empty head: @repl becomes an empty ring of its own, and
 * @old keeps next == old but its prev now names @repl (stale).
 */
static void test_list_replace_empty_head(void)
{
	LIST_HEAD(old);
	struct list_head repl;

	list_replace(&old, &repl);
	expect_empty(&repl);
	CU_ASSERT_PTR_EQUAL(old.next, &old);
	CU_ASSERT_PTR_EQUAL(old.prev, &repl);
}

static void test_list_replace_init(void)
{
	LIST_HEAD(h);
	struct list_head a, r;

	list_add_tail(&a, &h);
	list_replace_init(&a, &r); /* singular */
	expect_ring(&h, &r);
	expect_empty(&a);
}

static void test_list_swap(void)
{
	LIST_HEAD(h);
	LIST_HEAD(g);
	struct list_head a, b, c, d, x;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_add_tail(&d, &h);
	list_swap(&a, &c); /* apart */
	expect_ring(&h, &c, &b, &a, &d);
	list_swap(&c, &b); /* adjacent, first before second */
	expect_ring(&h, &b, &c, &a, &d);
	list_swap(&d, &a); /* adjacent, second before first */
	expect_ring(&h, &b, &c, &d, &a);
	list_swap(&b, &a); /* first and last */
	expect_ring(&h, &a, &c, &d, &b);
	list_add_tail(&x, &g);
	list_swap(&c, &x); /* across lists */
	expect_ring(&h, &a, &x, &d, &b);
	expect_ring(&g, &c);
}

static void test_list_swap_two_entry_list(void)
{
	LIST_HEAD(h);
	struct list_head a, b;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_swap(&a, &b);
	expect_ring(&h, &b, &a);
	list_swap(&a, &b);
	expect_ring(&h, &a, &b);
}

/*
 * Swapping an entry with itself changes nothing.  (The kernel's
 * list_swap() unlinks the entry, puts it back, then adds it after its
 * own predecessor a second time: a double add, which without debug
 * checks leaves the entry pointing at itself and the list looping.)
 */
static void test_list_swap_self(void)
{
	LIST_HEAD(h);
	struct list_head a, b, c;
	int before = report_count;

	report_start();
	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_swap(&b, &b); /* middle */
	expect_ring(&h, &a, &b, &c);
	list_swap(&a, &a); /* first */
	list_swap(&c, &c); /* last */
	expect_ring(&h, &a, &b, &c);
	list_del(&a);
	list_del(&c);
	list_swap(&b, &b); /* only */
	expect_ring(&h, &b);
	report_stop();
	CU_ASSERT_EQUAL(report_count, before);
}

/* ------------------------------------------------------------------ */
/* move                                                                */

static void test_list_move(void)
{
	LIST_HEAD(h);
	LIST_HEAD(g);
	struct list_head a, b, c;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_move(&c, &h);
	expect_ring(&h, &c, &a, &b);
	list_move(&a, &g);
	expect_ring(&h, &c, &b);
	expect_ring(&g, &a);
	list_move(&b, &c); /* after an entry */
	expect_ring(&h, &c, &b);
	list_move(&b, &h);
	expect_ring(&h, &b, &c);
}

static void test_list_move_tail(void)
{
	LIST_HEAD(h);
	LIST_HEAD(g);
	struct list_head a, b, c;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_move_tail(&a, &h);
	expect_ring(&h, &b, &c, &a);
	list_move_tail(&c, &g);
	expect_ring(&h, &b, &a);
	expect_ring(&g, &c);
}

static void test_list_bulk_move_tail(void)
{
	LIST_HEAD(h);
	LIST_HEAD(g);
	struct list_head a, b, c, d, x;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_add_tail(&d, &h);
	list_add_tail(&x, &g);
	list_bulk_move_tail(&g, &b, &c);
	expect_ring(&h, &a, &d);
	expect_ring(&g, &x, &b, &c);
	list_bulk_move_tail(&g, &a, &a); /* a run of one */
	expect_ring(&h, &d);
	expect_ring(&g, &x, &b, &c, &a);
	list_bulk_move_tail(&g, &x, &b); /* within the same list */
	expect_ring(&g, &c, &a, &x, &b);
}

/* ------------------------------------------------------------------ */
/* predicates                                                          */

static void test_list_is_first_last_head(void)
{
	LIST_HEAD(h);
	struct list_head a, b;

	list_add_tail(&a, &h);
	CU_ASSERT(list_is_first(&a, &h));
	CU_ASSERT(list_is_last(&a, &h));
	list_add_tail(&b, &h);
	CU_ASSERT(list_is_first(&a, &h));
	CU_ASSERT_FALSE(list_is_last(&a, &h));
	CU_ASSERT_FALSE(list_is_first(&b, &h));
	CU_ASSERT(list_is_last(&b, &h));
	CU_ASSERT(list_is_head(&h, &h));
	CU_ASSERT_FALSE(list_is_head(&a, &h));
}

static void test_list_empty_and_careful(void)
{
	LIST_HEAD(h);
	struct list_head a;

	CU_ASSERT(list_empty(&h));
	CU_ASSERT(list_empty_careful(&h));
	list_add(&a, &h);
	CU_ASSERT_FALSE(list_empty(&h));
	CU_ASSERT_FALSE(list_empty_careful(&h));
	/* half-updated: next says empty, prev does not */
	h.next = &h;
	CU_ASSERT(list_empty(&h));
	CU_ASSERT_FALSE(list_empty_careful(&h));
	INIT_LIST_HEAD(&h);
}

static void test_list_is_singular(void)
{
	LIST_HEAD(h);
	struct list_head a, b;

	CU_ASSERT_FALSE(list_is_singular(&h));
	list_add(&a, &h);
	CU_ASSERT(list_is_singular(&h));
	list_add(&b, &h);
	CU_ASSERT_FALSE(list_is_singular(&h));
}

/* ------------------------------------------------------------------ */
/* rotate                                                              */

static void test_list_rotate_left(void)
{
	LIST_HEAD(h);
	struct list_head a, b, c;

	list_rotate_left(&h); /* empty */
	expect_empty(&h);
	list_add_tail(&a, &h);
	list_rotate_left(&h); /* singular */
	expect_ring(&h, &a);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_rotate_left(&h);
	expect_ring(&h, &b, &c, &a);
	list_rotate_left(&h);
	expect_ring(&h, &c, &a, &b);
}

static void test_list_rotate_to_front(void)
{
	LIST_HEAD(h);
	struct list_head a, b, c, d;

	list_add_tail(&a, &h);
	list_rotate_to_front(&a, &h); /* singular, already first */
	expect_ring(&h, &a);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_add_tail(&d, &h);
	list_rotate_to_front(&c, &h);
	expect_ring(&h, &c, &d, &a, &b);
	list_rotate_to_front(&b, &h); /* the last one */
	expect_ring(&h, &b, &c, &d, &a);
	list_rotate_to_front(&b, &h); /* already first */
	expect_ring(&h, &b, &c, &d, &a);
}

/* ------------------------------------------------------------------ */
/* cut                                                                 */

static void test_list_cut_position(void)
{
	LIST_HEAD(h);
	LIST_HEAD(l);
	struct list_head a, b, c;

	list_cut_position(&l, &h, &h); /* empty head: nothing */
	expect_empty(&h);
	expect_empty(&l);
	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_cut_position(&l, &h, &b);
	expect_ring(&l, &a, &b);
	expect_ring(&h, &c);
	INIT_LIST_HEAD(&l);
	list_cut_position(&l, &h, &h); /* entry == head: l emptied */
	expect_empty(&l);
	expect_ring(&h, &c);
	list_cut_position(&l, &h, &c); /* singular, its entry */
	expect_ring(&l, &c);
	expect_empty(&h);
}

static void test_list_cut_position_singular_other(void)
{
	LIST_HEAD(h);
	LIST_HEAD(l);
	struct list_head a, other;

	list_add_tail(&a, &h);
	list_add_tail(&other, &l);
	/* singular head, entry not its entry: nothing moves, l untouched */
	list_cut_position(&l, &h, &other);
	expect_ring(&h, &a);
	expect_ring(&l, &other);
}

static void test_list_cut_position_all(void)
{
	LIST_HEAD(h);
	LIST_HEAD(l);
	struct list_head a, b, c;

	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_cut_position(&l, &h, &c); /* up to the last: all */
	expect_ring(&l, &a, &b, &c);
	expect_empty(&h);
}

static void test_list_cut_before(void)
{
	LIST_HEAD(h);
	LIST_HEAD(l);
	struct list_head a, b, c;

	list_cut_before(&l, &h, &h); /* empty head */
	expect_empty(&h);
	expect_empty(&l);
	list_add_tail(&a, &h);
	list_add_tail(&b, &h);
	list_add_tail(&c, &h);
	list_cut_before(&l, &h, &a); /* before the first: nothing */
	expect_empty(&l);
	expect_ring(&h, &a, &b, &c);
	list_cut_before(&l, &h, &c);
	expect_ring(&l, &a, &b);
	expect_ring(&h, &c);
	INIT_LIST_HEAD(&l);
	list_cut_before(&l, &h, &h); /* before the head: all */
	expect_ring(&l, &c);
	expect_empty(&h);
}

/* ------------------------------------------------------------------ */
/* splice                                                              */

static void test_list_splice(void)
{
	LIST_HEAD(h);
	LIST_HEAD(l);
	struct list_head a, b, x, y;

	list_splice(&l, &h); /* empty into empty */
	expect_empty(&h);
	list_add_tail(&x, &h);
	list_add_tail(&y, &h);
	list_splice(&l, &h); /* empty: nothing */
	expect_ring(&h, &x, &y);
	list_add_tail(&a, &l);
	list_add_tail(&b, &l);
	list_splice(&l, &h);
	expect_ring(&h, &a, &b, &x, &y);
	/* l is stale: still points at the moved entries */
	CU_ASSERT_PTR_EQUAL(l.next, &a);
	CU_ASSERT_PTR_EQUAL(l.prev, &b);
}

static void test_list_splice_tail(void)
{
	LIST_HEAD(h);
	LIST_HEAD(l);
	struct list_head a, x;

	list_add_tail(&a, &l); /* singular into empty */
	list_splice_tail(&l, &h);
	expect_ring(&h, &a);
	INIT_LIST_HEAD(&l);
	list_add_tail(&x, &l);
	list_splice_tail(&l, &h);
	expect_ring(&h, &a, &x);
	CU_ASSERT_PTR_EQUAL(l.next, &x); /* stale */
}

static void test_list_splice_init(void)
{
	LIST_HEAD(h);
	LIST_HEAD(l);
	struct list_head a, b, x;

	list_add_tail(&x, &h);
	list_add_tail(&a, &l);
	list_add_tail(&b, &l);
	list_splice_init(&l, &h);
	expect_ring(&h, &a, &b, &x);
	expect_empty(&l);
	list_splice_init(&l, &h); /* empty: nothing */
	expect_ring(&h, &a, &b, &x);
	expect_empty(&l);
}

static void test_list_splice_tail_init(void)
{
	LIST_HEAD(h);
	LIST_HEAD(l);
	struct list_head a, b, x;

	list_add_tail(&x, &h);
	list_add_tail(&a, &l);
	list_add_tail(&b, &l);
	list_splice_tail_init(&l, &h);
	expect_ring(&h, &x, &a, &b);
	expect_empty(&l);
	list_splice_tail_init(&l, &h);
	expect_ring(&h, &x, &a, &b);
}

static void test_list_splice_mid(void)
{
	LIST_HEAD(h);
	LIST_HEAD(l);
	struct list_head a, x, y;

	list_add_tail(&x, &h);
	list_add_tail(&y, &h);
	list_add_tail(&a, &l);
	list_splice_init(&l, &x); /* after an entry */
	expect_ring(&h, &x, &a, &y);
}

/* ------------------------------------------------------------------ */
/* entries                                                             */

static void test_list_entry_first_last(void)
{
	struct item i1 = { .value = 1 }, i2 = { .value = 2 };
	LIST_HEAD(h);

	list_add_tail(&i1.node, &h);
	list_add_tail(&i2.node, &h);
	CU_ASSERT_PTR_EQUAL(list_entry(&i2.node, struct item, node), &i2);
	CU_ASSERT_PTR_EQUAL(list_first_entry(&h, struct item, node), &i1);
	CU_ASSERT_PTR_EQUAL(list_last_entry(&h, struct item, node), &i2);
	CU_ASSERT_PTR_EQUAL(container_of(&i1.node, struct item, node), &i1);
}

static void test_list_entry_or_null(void)
{
	struct item i1, i2;
	LIST_HEAD(h);

	CU_ASSERT_PTR_NULL(list_first_entry_or_null(&h, struct item, node));
	CU_ASSERT_PTR_NULL(list_last_entry_or_null(&h, struct item, node));
	list_add_tail(&i1.node, &h);
	list_add_tail(&i2.node, &h);
	CU_ASSERT_PTR_EQUAL(list_first_entry_or_null(&h, struct item, node),
			    &i1);
	CU_ASSERT_PTR_EQUAL(list_last_entry_or_null(&h, struct item, node),
			    &i2);
}

static void test_list_next_prev_entry(void)
{
	struct item i1, i2;
	LIST_HEAD(h);

	list_add_tail(&i1.node, &h);
	list_add_tail(&i2.node, &h);
	CU_ASSERT_PTR_EQUAL(list_next_entry(&i1, node), &i2);
	CU_ASSERT_PTR_EQUAL(list_prev_entry(&i2, node), &i1);
	/* past the end: the head's fake entry */
	CU_ASSERT(list_entry_is_head(list_next_entry(&i2, node), &h, node));
	CU_ASSERT(list_entry_is_head(list_prev_entry(&i1, node), &h, node));
	CU_ASSERT_FALSE(list_entry_is_head(&i1, &h, node));
}

static void test_list_entry_circular(void)
{
	struct item i1, i2, i3;
	LIST_HEAD(h);

	list_add_tail(&i1.node, &h);
	CU_ASSERT_PTR_EQUAL(list_next_entry_circular(&i1, &h, node), &i1);
	CU_ASSERT_PTR_EQUAL(list_prev_entry_circular(&i1, &h, node), &i1);
	list_add_tail(&i2.node, &h);
	list_add_tail(&i3.node, &h);
	CU_ASSERT_PTR_EQUAL(list_next_entry_circular(&i1, &h, node), &i2);
	CU_ASSERT_PTR_EQUAL(list_next_entry_circular(&i3, &h, node), &i1);
	CU_ASSERT_PTR_EQUAL(list_prev_entry_circular(&i2, &h, node), &i1);
	CU_ASSERT_PTR_EQUAL(list_prev_entry_circular(&i1, &h, node), &i3);
}

static void test_list_prepare_entry(void)
{
	struct item i1, i2, *pos = NULL;
	LIST_HEAD(h);
	int n = 0;

	list_add_tail(&i1.node, &h);
	list_add_tail(&i2.node, &h);
	pos = list_prepare_entry(pos, &h, node); /* NULL: the head */
	CU_ASSERT(list_entry_is_head(pos, &h, node));
	list_for_each_entry_continue(pos, &h, node)
		n++;
	CU_ASSERT_EQUAL(n, 2);
	pos = &i1;
	pos = list_prepare_entry(pos, &h, node); /* kept */
	CU_ASSERT_PTR_EQUAL(pos, &i1);
	n = 0;
	list_for_each_entry_continue(pos, &h, node) {
		CU_ASSERT_PTR_EQUAL(pos, &i2);
		n++;
	}
	CU_ASSERT_EQUAL(n, 1);
}

static void test_list_safe_reset_next(void)
{
	struct item it[4], *pos, *n;
	LIST_HEAD(h);
	int i, visited = 0;

	for (i = 0; i < 4; i++) {
		it[i].value = i;
		list_add_tail(&it[i].node, &h);
	}
	/* while on it[0], also remove it[1], the saved lookahead */
	list_for_each_entry_safe(pos, n, &h, node) {
		visited++;
		if (pos == &it[0]) {
			CU_ASSERT_PTR_EQUAL(n, &it[1]);
			list_del(&it[1].node);
			list_safe_reset_next(pos, n, node);
			CU_ASSERT_PTR_EQUAL(n, &it[2]);
		}
	}
	CU_ASSERT_EQUAL(visited, 3);
	expect_ring(&h, &it[0].node, &it[2].node, &it[3].node);
}

static void test_list_count_nodes(void)
{
	struct list_head a[5];
	LIST_HEAD(h);
	int i;

	CU_ASSERT_EQUAL(list_count_nodes(&h), 0);
	for (i = 0; i < 5; i++) {
		list_add(&a[i], &h);
		CU_ASSERT_EQUAL(list_count_nodes(&h), (size_t)i + 1);
	}
}

/* ------------------------------------------------------------------ */
/* iterators                                                           */

#define NR 5

struct fixture {
	struct list_head head;
	struct item it[NR];
};

static void fixture_init(struct fixture *f)
{
	int i;

	INIT_LIST_HEAD(&f->head);
	for (i = 0; i < NR; i++) {
		f->it[i].value = i;
		list_add_tail(&f->it[i].node, &f->head);
	}
}

static void test_list_for_each(void)
{
	struct fixture f;
	struct list_head *pos;
	int i = 0;

	fixture_init(&f);
	list_for_each(pos, &f.head) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i].node);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
	CU_ASSERT_PTR_EQUAL(pos, &f.head); /* ends on the head */
	INIT_LIST_HEAD(&f.head);
	i = 0;
	list_for_each(pos, &f.head)
		i++;
	CU_ASSERT_EQUAL(i, 0);
}

static void test_list_for_each_continue(void)
{
	struct fixture f;
	struct list_head *pos = NULL;
	int i = 2;

	fixture_init(&f);
	pos = &f.it[1].node;
	list_for_each_continue(pos, &f.head) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i].node);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
}

static void test_list_for_each_prev(void)
{
	struct fixture f;
	struct list_head *pos;
	int i = NR - 1;

	fixture_init(&f);
	list_for_each_prev(pos, &f.head) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i].node);
		i--;
	}
	CU_ASSERT_EQUAL(i, -1);
}

static void test_list_for_each_safe(void)
{
	struct fixture f;
	struct list_head *pos, *n;
	int i = 0;

	fixture_init(&f);
	list_for_each_safe(pos, n, &f.head) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i].node);
		list_del(pos);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
	expect_empty(&f.head);
}

static void test_list_for_each_prev_safe(void)
{
	struct fixture f;
	struct list_head *pos, *n;
	int i = NR - 1;

	fixture_init(&f);
	list_for_each_prev_safe(pos, n, &f.head) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i].node);
		list_del_init(pos);
		i--;
	}
	CU_ASSERT_EQUAL(i, -1);
	expect_empty(&f.head);
}

static void test_list_for_each_entry(void)
{
	struct fixture f;
	struct item *pos;
	int i = 0;

	fixture_init(&f);
	list_for_each_entry(pos, &f.head, node) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i]);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
	CU_ASSERT(list_entry_is_head(pos, &f.head, node));
}

static void test_list_for_each_entry_break_continue(void)
{
	struct fixture f;
	struct item *pos;
	int i = 0;

	fixture_init(&f);
	list_for_each_entry(pos, &f.head, node) {
		if (pos->value == 1)
			continue;
		if (pos->value == 3)
			break;
		i++;
	}
	CU_ASSERT_EQUAL(i, 2); /* 0 and 2 */
	CU_ASSERT_PTR_EQUAL(pos, &f.it[3]); /* break keeps the cursor */
}

static void test_list_for_each_entry_nested(void)
{
	struct fixture f;
	struct item *a, *b;
	int pairs = 0;

	fixture_init(&f);
	list_for_each_entry(a, &f.head, node)
		list_for_each_entry(b, &f.head, node)
			pairs += a->value <= b->value;
	CU_ASSERT_EQUAL(pairs, NR * (NR + 1) / 2);
}

static void test_list_for_each_entry_reverse(void)
{
	struct fixture f;
	struct item *pos;
	int i = NR - 1;

	fixture_init(&f);
	list_for_each_entry_reverse(pos, &f.head, node) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i]);
		i--;
	}
	CU_ASSERT_EQUAL(i, -1);
}

static void test_list_for_each_entry_continue(void)
{
	struct fixture f;
	struct item *pos = NULL;
	int i = 3;

	fixture_init(&f);
	pos = &f.it[2];
	list_for_each_entry_continue(pos, &f.head, node) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i]);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
}

static void test_list_for_each_entry_continue_reverse(void)
{
	struct fixture f;
	struct item *pos;
	int i = 1;

	fixture_init(&f);
	pos = &f.it[2];
	list_for_each_entry_continue_reverse(pos, &f.head, node) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i]);
		i--;
	}
	CU_ASSERT_EQUAL(i, -1);
}

static void test_list_for_each_entry_from(void)
{
	struct fixture f;
	struct item *pos;
	int i = 2;

	fixture_init(&f);
	pos = &f.it[2];
	list_for_each_entry_from(pos, &f.head, node) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i]);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
}

static void test_list_for_each_entry_from_reverse(void)
{
	struct fixture f;
	struct item *pos;
	int i = 2;

	fixture_init(&f);
	pos = &f.it[2];
	list_for_each_entry_from_reverse(pos, &f.head, node) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i]);
		i--;
	}
	CU_ASSERT_EQUAL(i, -1);
}

static void test_list_for_each_entry_safe(void)
{
	struct fixture f;
	struct item *pos, *n;
	int i = 0;

	fixture_init(&f);
	list_for_each_entry_safe(pos, n, &f.head, node) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i]);
		list_del(&pos->node);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
	expect_empty(&f.head);
}

static void test_list_for_each_entry_safe_continue(void)
{
	struct fixture f;
	struct item *pos, *n;
	int i = 2;

	fixture_init(&f);
	pos = &f.it[1];
	list_for_each_entry_safe_continue(pos, n, &f.head, node) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i]);
		list_del(&pos->node);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
	expect_ring(&f.head, &f.it[0].node, &f.it[1].node);
}

static void test_list_for_each_entry_safe_from(void)
{
	struct fixture f;
	struct item *pos, *n;
	int i = 3;

	fixture_init(&f);
	pos = &f.it[3];
	list_for_each_entry_safe_from(pos, n, &f.head, node) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i]);
		list_del(&pos->node);
		i++;
	}
	CU_ASSERT_EQUAL(i, NR);
	expect_ring(&f.head, &f.it[0].node, &f.it[1].node, &f.it[2].node);
}

static void test_list_for_each_entry_safe_reverse(void)
{
	struct fixture f;
	struct item *pos, *n;
	int i = NR - 1;

	fixture_init(&f);
	list_for_each_entry_safe_reverse(pos, n, &f.head, node) {
		CU_ASSERT_PTR_EQUAL(pos, &f.it[i]);
		list_del(&pos->node);
		i--;
	}
	CU_ASSERT_EQUAL(i, -1);
	expect_empty(&f.head);
}

static void test_iterators_const_head(void)
{
	struct fixture f;
	const struct list_head *ch;
	struct list_head *pos;
	struct item *e;
	int n = 0;

	fixture_init(&f);
	ch = &f.head;
	list_for_each(pos, ch)
		n++;
	list_for_each_entry(e, ch, node)
		n++;
	list_for_each_entry_reverse(e, ch, node)
		n++;
	CU_ASSERT_EQUAL(n, 3 * NR);
}

/* ------------------------------------------------------------------ */
/* every argument evaluated once                                       */

static int evals;

/* a call, so two ONCE()s in one argument list are not unsequenced */
static void count_eval(void)
{
	evals++;
}
#define ONCE(x) (count_eval(), (x))

static void test_macros_evaluate_once(void)
{
	struct fixture f, g;
	struct item *pos, *n, *it;
	struct list_head *lp, *ln;
	struct list_head a, b, l;
	int loops;

	fixture_init(&f);
	fixture_init(&g);
	INIT_LIST_HEAD(&l);

	/* the mutating operations (LIST_DEBUG wrappers in this build) */
	evals = 0;
	list_add(ONCE(&a), ONCE(&f.head));
	list_add_tail(ONCE(&b), ONCE(&f.head));
	CU_ASSERT_EQUAL(evals, 4);
	evals = 0;
	list_move(ONCE(&a), ONCE(&g.head));
	list_move_tail(ONCE(&b), ONCE(&g.head));
	list_swap(ONCE(&a), ONCE(&b));
	CU_ASSERT_EQUAL(evals, 6);
	evals = 0;
	list_rotate_left(ONCE(&g.head));
	list_rotate_to_front(ONCE(&a), ONCE(&g.head));
	CU_ASSERT_EQUAL(evals, 3);
	evals = 0;
	list_del(ONCE(&a));
	list_del_init(ONCE(&b));
	CU_ASSERT_EQUAL(evals, 2);
	list_add(&a, &l);
	list_add(&b, &l);
	evals = 0;
	list_del_init_careful(ONCE(&a));
	__list_del_entry(ONCE(&b));
	CU_ASSERT_EQUAL(evals, 2);
	INIT_LIST_HEAD(&l);
	list_add(&a, &l);
	evals = 0;
	__list_add(ONCE(&b), ONCE(&l), ONCE(&a));
	__list_del_clearprev(ONCE(&b));
	CU_ASSERT_EQUAL(evals, 4);
	evals = 0;
	CU_ASSERT(list_check(ONCE(&l)));
	CU_ASSERT_EQUAL(evals, 1);

	/* entry macros */
	evals = 0;
	it = list_entry(ONCE(&f.it[1].node), struct item, node);
	it = list_first_entry(ONCE(&f.head), struct item, node);
	it = list_last_entry(ONCE(&f.head), struct item, node);
	it = list_first_entry_or_null(ONCE(&f.head), struct item, node);
	it = list_last_entry_or_null(ONCE(&f.head), struct item, node);
	CU_ASSERT_EQUAL(evals, 5);
	evals = 0;
	it = list_next_entry(ONCE(&f.it[1]), node);
	it = list_prev_entry(ONCE(&f.it[1]), node);
	it = list_next_entry_circular(ONCE(&f.it[NR - 1]), ONCE(&f.head), node);
	CU_ASSERT_PTR_EQUAL(it, &f.it[0]);
	it = list_prev_entry_circular(ONCE(&f.it[0]), ONCE(&f.head), node);
	CU_ASSERT_PTR_EQUAL(it, &f.it[NR - 1]);
	CU_ASSERT_EQUAL(evals, 6);
	evals = 0;
	CU_ASSERT(list_entry_is_head(ONCE(list_prev_entry(&f.it[0], node)),
				     ONCE(&f.head), node));
	pos = NULL;
	it = list_prepare_entry(ONCE(pos), ONCE(&f.head), node);
	pos = &f.it[2];
	it = list_prepare_entry(ONCE(pos), ONCE(&f.head), node);
	CU_ASSERT_PTR_EQUAL(it, &f.it[2]);
	CU_ASSERT_EQUAL(evals, 5); /* head not needed the 2nd time */
	evals = 0;
	n = NULL;
	list_safe_reset_next(ONCE(&f.it[0]), n, node);
	CU_ASSERT_PTR_EQUAL(n, &f.it[1]);
	CU_ASSERT_EQUAL(evals, 1);

	/* iterators: the head once, however long the walk */
	evals = 0;
	loops = 0;
	list_for_each(lp, ONCE(&f.head))
		loops++;
	list_for_each_prev(lp, ONCE(&f.head))
		loops++;
	list_for_each_safe(lp, ln, ONCE(&f.head))
		loops++;
	list_for_each_prev_safe(lp, ln, ONCE(&f.head))
		loops++;
	lp = &f.it[0].node;
	list_for_each_continue(lp, ONCE(&f.head))
		loops++;
	CU_ASSERT_EQUAL(evals, 5);
	CU_ASSERT_EQUAL(loops, 4 * NR + NR - 1);
	evals = 0;
	loops = 0;
	list_for_each_entry(pos, ONCE(&f.head), node)
		loops++;
	list_for_each_entry_reverse(pos, ONCE(&f.head), node)
		loops++;
	list_for_each_entry_safe(pos, n, ONCE(&f.head), node)
		loops++;
	list_for_each_entry_safe_reverse(pos, n, ONCE(&f.head), node)
		loops++;
	pos = &f.it[0];
	list_for_each_entry_continue(pos, ONCE(&f.head), node)
		loops++;
	pos = &f.it[NR - 1];
	list_for_each_entry_continue_reverse(pos, ONCE(&f.head), node)
		loops++;
	pos = &f.it[0];
	list_for_each_entry_from(pos, ONCE(&f.head), node)
		loops++;
	pos = &f.it[NR - 1];
	list_for_each_entry_from_reverse(pos, ONCE(&f.head), node)
		loops++;
	pos = &f.it[0];
	list_for_each_entry_safe_continue(pos, n, ONCE(&f.head), node)
		loops++;
	pos = &f.it[0];
	list_for_each_entry_safe_from(pos, n, ONCE(&f.head), node)
		loops++;
	CU_ASSERT_EQUAL(evals, 10);
	CU_ASSERT_EQUAL(loops, 4 * NR + 2 * (NR - 1) + 2 * NR + (NR - 1) + NR);
	(void)it;
}

/* ------------------------------------------------------------------ */
/* random operations against an array oracle                           */

#define ORACLE_N 24
#define ORACLE_STEPS 4000

struct oracle {
	struct list_head head;
	struct item it[ORACLE_N];
	int order[ORACLE_N]; /* values in list order */
	int len;
	int on[ORACLE_N]; /* is it[i] on the list? */
};

static unsigned int oracle_seed;

static unsigned int orand(unsigned int n)
{
	oracle_seed = oracle_seed * 1103515245u + 12345u;
	return (oracle_seed >> 8) % n;
}

static int oracle_matches(struct oracle *o)
{
	struct item *pos;
	int i = 0;

	if (!list_check(&o->head))
		return 0;
	list_for_each_entry(pos, &o->head, node) {
		if (i >= o->len || pos->value != o->order[i])
			return 0;
		i++;
	}
	return i == o->len && list_count_nodes(&o->head) == (size_t)o->len;
}

static int oracle_index(struct oracle *o, int value)
{
	int i;

	for (i = 0; i < o->len; i++)
		if (o->order[i] == value)
			return i;
	return -1;
}

static void oracle_insert(struct oracle *o, int at, int value)
{
	memmove(&o->order[at + 1], &o->order[at],
		(size_t)(o->len - at) * sizeof(int));
	o->order[at] = value;
	o->len++;
}

static void oracle_remove(struct oracle *o, int at)
{
	memmove(&o->order[at], &o->order[at + 1],
		(size_t)(o->len - at - 1) * sizeof(int));
	o->len--;
}

static void test_random_against_oracle(void)
{
	struct oracle o;
	int step, bad = 0, i;

	oracle_seed = 533;
	memset(&o, 0, sizeof(o));
	INIT_LIST_HEAD(&o.head);
	for (i = 0; i < ORACLE_N; i++)
		o.it[i].value = i;
	for (step = 0; step < ORACLE_STEPS; step++) {
		int v = (int)orand(ORACLE_N), op = (int)orand(10), at;

		if (!o.on[v]) {
			if (op & 1) {
				list_add(&o.it[v].node, &o.head);
				oracle_insert(&o, 0, v);
			} else {
				list_add_tail(&o.it[v].node, &o.head);
				oracle_insert(&o, o.len, v);
			}
			o.on[v] = 1;
		} else if (op == 0) {
			list_del(&o.it[v].node);
			oracle_remove(&o, oracle_index(&o, v));
			o.on[v] = 0;
		} else if (op == 1) {
			list_move(&o.it[v].node, &o.head);
			oracle_remove(&o, oracle_index(&o, v));
			oracle_insert(&o, 0, v);
		} else if (op == 2) {
			list_move_tail(&o.it[v].node, &o.head);
			oracle_remove(&o, oracle_index(&o, v));
			oracle_insert(&o, o.len, v);
		} else if (op == 3) {
			list_rotate_left(&o.head);
			if (o.len) {
				int first = o.order[0];

				oracle_remove(&o, 0);
				oracle_insert(&o, o.len, first);
			}
		} else if (op == 4) {
			int w = o.order[orand((unsigned int)o.len)];
			int iv = oracle_index(&o, v), iw = oracle_index(&o, w);

			if (w != v) {
				list_swap(&o.it[v].node, &o.it[w].node);
				o.order[iv] = w;
				o.order[iw] = v;
			}
		} else if (op == 5) {
			LIST_HEAD(cut);
			int k;

			at = oracle_index(&o, v);
			list_cut_position(&cut, &o.head, &o.it[v].node);
			list_splice_tail_init(&cut, &o.head);
			/* prefix 0..at moved to the tail */
			for (k = 0; k <= at; k++) {
				int first = o.order[0];

				oracle_remove(&o, 0);
				oracle_insert(&o, o.len, first);
			}
		} else if (op == 6) {
			list_rotate_to_front(&o.it[v].node, &o.head);
			at = oracle_index(&o, v);
			while (at-- > 0) {
				int first = o.order[0];

				oracle_remove(&o, 0);
				oracle_insert(&o, o.len, first);
			}
		} else if (op == 7) {
			/* the run from v to the last entry, moved to the front */
			LIST_HEAD(cut);
			int k, n;

			at = oracle_index(&o, v);
			list_cut_before(&cut, &o.head, &o.it[v].node);
			list_splice_tail(&cut, &o.head); /* cut left stale */
			n = at;
			for (k = 0; k < n; k++) {
				int first = o.order[0];

				oracle_remove(&o, 0);
				oracle_insert(&o, o.len, first);
			}
		} else if (op == 8) {
			/* a run of up to three from v, moved to the tail */
			int k, last, n;

			at = oracle_index(&o, v);
			last = at + (int)orand(3);
			if (last >= o.len)
				last = o.len - 1;
			list_bulk_move_tail(&o.head, &o.it[v].node,
					    &o.it[o.order[last]].node);
			n = last - at + 1;
			for (k = 0; k < n; k++) {
				int x = o.order[at];

				oracle_remove(&o, at);
				oracle_insert(&o, o.len, x);
			}
		} else {
			/* replace v by an entry that is not on the list */
			int w = -1, k;

			for (k = 0; k < ORACLE_N; k++)
				if (!o.on[k])
					w = k;
			if (w >= 0) {
				if (orand(2))
					list_replace(&o.it[v].node,
						     &o.it[w].node);
				else
					list_replace_init(&o.it[v].node,
							  &o.it[w].node);
				o.order[oracle_index(&o, v)] = w;
				o.on[v] = 0;
				o.on[w] = 1;
			}
		}
		if (!oracle_matches(&o))
			bad++;
	}
	CU_ASSERT_EQUAL(bad, 0);
}

static CU_TestInfo list_cases[] = {
	{ "LIST_HEAD_INIT, LIST_HEAD", test_list_head_init },
	{ "INIT_LIST_HEAD on 0xFF garbage", test_init_list_head_on_garbage },
	{ "list_add", test_list_add },
	{ "list_add_tail", test_list_add_tail },
	{ "__list_add", test___list_add },
	{ "list_del: poison, list_empty false", test_list_del },
	{ "list_del_init", test_list_del_init },
	{ "list_del_init_careful", test_list_del_init_careful },
	{ "__list_del_entry", test___list_del_entry },
	{ "__list_del_clearprev", test___list_del_clearprev },
	{ "list_replace", test_list_replace },
	{ "list_replace: an empty head", test_list_replace_empty_head },
	{ "list_replace_init", test_list_replace_init },
	{ "list_swap: apart, adjacent both ways, ends, across lists",
	  test_list_swap },
	{ "list_swap: two-entry list", test_list_swap_two_entry_list },
	{ "list_swap: an entry with itself", test_list_swap_self },
	{ "list_move", test_list_move },
	{ "list_move_tail", test_list_move_tail },
	{ "list_bulk_move_tail", test_list_bulk_move_tail },
	{ "list_is_first, list_is_last, list_is_head",
	  test_list_is_first_last_head },
	{ "list_empty, list_empty_careful", test_list_empty_and_careful },
	{ "list_is_singular", test_list_is_singular },
	{ "list_rotate_left: empty, singular, many", test_list_rotate_left },
	{ "list_rotate_to_front", test_list_rotate_to_front },
	{ "list_cut_position: empty, entry == head, singular",
	  test_list_cut_position },
	{ "list_cut_position: singular, foreign entry",
	  test_list_cut_position_singular_other },
	{ "list_cut_position: whole list", test_list_cut_position_all },
	{ "list_cut_before: empty, first, middle, head", test_list_cut_before },
	{ "list_splice: empty, stale source", test_list_splice },
	{ "list_splice_tail", test_list_splice_tail },
	{ "list_splice_init", test_list_splice_init },
	{ "list_splice_tail_init", test_list_splice_tail_init },
	{ "list_splice_init after an entry", test_list_splice_mid },
	{ "list_entry, list_first_entry, list_last_entry, container_of",
	  test_list_entry_first_last },
	{ "list_first_entry_or_null, list_last_entry_or_null",
	  test_list_entry_or_null },
	{ "list_next_entry, list_prev_entry, list_entry_is_head",
	  test_list_next_prev_entry },
	{ "list_next_entry_circular, list_prev_entry_circular",
	  test_list_entry_circular },
	{ "list_prepare_entry", test_list_prepare_entry },
	{ "list_safe_reset_next", test_list_safe_reset_next },
	{ "list_count_nodes", test_list_count_nodes },
	{ "list_for_each", test_list_for_each },
	{ "list_for_each_continue", test_list_for_each_continue },
	{ "list_for_each_prev", test_list_for_each_prev },
	{ "list_for_each_safe", test_list_for_each_safe },
	{ "list_for_each_prev_safe", test_list_for_each_prev_safe },
	{ "list_for_each_entry", test_list_for_each_entry },
	{ "list_for_each_entry: break and continue",
	  test_list_for_each_entry_break_continue },
	{ "list_for_each_entry: nested", test_list_for_each_entry_nested },
	{ "list_for_each_entry_reverse", test_list_for_each_entry_reverse },
	{ "list_for_each_entry_continue", test_list_for_each_entry_continue },
	{ "list_for_each_entry_continue_reverse",
	  test_list_for_each_entry_continue_reverse },
	{ "list_for_each_entry_from", test_list_for_each_entry_from },
	{ "list_for_each_entry_from_reverse",
	  test_list_for_each_entry_from_reverse },
	{ "list_for_each_entry_safe", test_list_for_each_entry_safe },
	{ "list_for_each_entry_safe_continue",
	  test_list_for_each_entry_safe_continue },
	{ "list_for_each_entry_safe_from", test_list_for_each_entry_safe_from },
	{ "list_for_each_entry_safe_reverse",
	  test_list_for_each_entry_safe_reverse },
	{ "iterators over a const head", test_iterators_const_head },
	{ "every macro evaluates each argument once",
	  test_macros_evaluate_once },
	{ "random operations against an array oracle",
	  test_random_against_oracle },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("list/list", list_cases, NULL, NULL)
