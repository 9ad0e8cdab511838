// SPDX-License-Identifier: MIT
/*
 * tests/list/test_rbtree_augmented.c - list/rbtree_augmented.h: trees
 * that keep a value per subtree.  Three kinds, as their users build them:
 *   - an interval tree's largest end, RB_DECLARE_CALLBACKS_MAX(), the
 *     values updated on the way down and rb_insert_augmented();
 *   - EEVDF's earliest virtual deadline (6.6's min_deadline): a compute
 *     function of its own given to RB_DECLARE_CALLBACKS(), a cached
 *     tree, rb_add_augmented_cached() and rb_erase_augmented_cached();
 *   - the same minimum through a struct rb_augment_callbacks written out
 *     by hand, counting its calls.
 * Hand-worked values after a rotation and an erase; each generated name;
 * rb_check_augmented() reporting a stale value; and a random sequence run
 * on all three at once against sorted arrays, with rb_check_augmented()
 * after every step and the searches the values exist for (the largest end,
 * the earliest deadline among nodes up to a key) against brute force.
 *
 * No fault injection: the trees allocate nothing.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compat/slab.h"
#include "list/rbtree_augmented.h"
#include "tests/ktest.h"
#include "tests/report.h"

/* ------------------------------------------------------------------ */
/* three augmented trees                                               */

/* an interval [start, last], keyed by start */
struct itv {
	unsigned long start, last;
	unsigned long subtree_last; /* the largest last below, inclusive */
	struct rb_node rb;
};

#define ITV_LAST(n) ((n)->last)
RB_DECLARE_CALLBACKS_MAX(static, itv_cb, struct itv, rb, unsigned long,
			 subtree_last, ITV_LAST)

static struct itv *itv_of(const struct rb_node *n)
{
	return rb_entry(n, struct itv, rb);
}

static bool itv_less_c(const struct rb_node *a, const struct rb_node *b)
{
	return itv_of(a)->start < itv_of(b)->start;
}

static bool itv_ok(const struct rb_node *n)
{
	unsigned long max = itv_of(n)->last;

	if (n->rb_left && itv_of(n->rb_left)->subtree_last > max)
		max = itv_of(n->rb_left)->subtree_last;
	if (n->rb_right && itv_of(n->rb_right)->subtree_last > max)
		max = itv_of(n->rb_right)->subtree_last;
	return itv_of(n)->subtree_last == max;
}

/* the interval tree's insert: the maxima fixed on the way down */
static void itv_insert(struct itv *node, struct rb_root *root)
{
	struct rb_node **link = &root->rb_node, *parent = NULL;

	while (*link) {
		struct itv *p;

		parent = *link;
		p = itv_of(parent);
		if (p->subtree_last < node->last)
			p->subtree_last = node->last;
		link = node->start < p->start ? &parent->rb_left :
						&parent->rb_right;
	}
	node->subtree_last = node->last;
	rb_link_node(&node->rb, parent, link);
	rb_insert_augmented(&node->rb, root, &itv_cb);
}

/* an entity of EEVDF's runqueue, keyed by vruntime */
struct ent {
	uint64_t vruntime, deadline;
	uint64_t min_deadline; /* the earliest deadline below */
	struct rb_node run_node;
};

static struct ent *ent_of(const struct rb_node *n)
{
	return rb_entry(n, struct ent, run_node);
}

static bool ent_less(struct rb_node *a, const struct rb_node *b)
{
	return ent_of(a)->vruntime < ent_of(b)->vruntime;
}

static bool ent_less_c(const struct rb_node *a, const struct rb_node *b)
{
	return ent_of(a)->vruntime < ent_of(b)->vruntime;
}

static uint64_t children_min(const struct ent *se)
{
	uint64_t min = se->deadline;
	const struct rb_node *l = se->run_node.rb_left;
	const struct rb_node *r = se->run_node.rb_right;

	if (l && ent_of(l)->min_deadline < min)
		min = ent_of(l)->min_deadline;
	if (r && ent_of(r)->min_deadline < min)
		min = ent_of(r)->min_deadline;
	return min;
}

static bool ent_ok(const struct rb_node *n)
{
	return ent_of(n)->min_deadline == children_min(ent_of(n));
}

/*
 * As 6.6's min_deadline_update(): store the minimum, say whether it was
 * already there (@exit is not looked at: propagation stops at an
 * unchanged value either way).
 */
static bool min_deadline_update(struct ent *se, bool exit)
{
	uint64_t old = se->min_deadline;

	(void)exit;
	se->min_deadline = children_min(se);
	return se->min_deadline == old;
}

RB_DECLARE_CALLBACKS(static, min_deadline_cb, struct ent, run_node,
		     min_deadline, min_deadline_update)

/* the same minimum with callbacks written out, counting their calls */
static unsigned long hand_calls[3]; /* propagate, copy, rotate */

static void hand_propagate(struct rb_node *rb, struct rb_node *stop)
{
	hand_calls[0]++;
	for (; rb != stop; rb = rb_parent(rb))
		ent_of(rb)->min_deadline = children_min(ent_of(rb));
}

static void hand_copy(struct rb_node *old, struct rb_node *new_node)
{
	hand_calls[1]++;
	ent_of(new_node)->min_deadline = ent_of(old)->min_deadline;
}

static void hand_rotate(struct rb_node *old, struct rb_node *new_node)
{
	hand_calls[2]++;
	ent_of(new_node)->min_deadline = ent_of(old)->min_deadline;
	ent_of(old)->min_deadline = children_min(ent_of(old));
}

static const struct rb_augment_callbacks hand_cb = { hand_propagate, hand_copy,
						     hand_rotate };

/* the caller's own search, then rb_insert_augmented_cached() */
static void hand_insert(struct ent *se, struct rb_root_cached *root)
{
	struct rb_node **link = &root->rb_root.rb_node, *parent = NULL;
	bool leftmost = true;

	while (*link) {
		parent = *link;
		if (se->vruntime < ent_of(parent)->vruntime) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	se->min_deadline = se->deadline;
	rb_link_node(&se->run_node, parent, link);
	hand_cb.propagate(parent, NULL);
	rb_insert_augmented_cached(&se->run_node, root, leftmost, &hand_cb);
}

/*
 * The search min_deadline exists for: the earliest deadline among the
 * entities whose vruntime is at most @v (EEVDF's "eligible" ones, in a
 * simplified form).  Going right past a node takes in the node and its
 * whole left subtree at once.
 */
static uint64_t earliest_deadline_upto(const struct rb_root *root, uint64_t v)
{
	const struct rb_node *n = root->rb_node;
	uint64_t best = UINT64_MAX;

	while (n) {
		if (ent_of(n)->vruntime > v) {
			n = n->rb_left;
			continue;
		}
		if (ent_of(n)->deadline < best)
			best = ent_of(n)->deadline;
		if (n->rb_left && ent_of(n->rb_left)->min_deadline < best)
			best = ent_of(n->rb_left)->min_deadline;
		n = n->rb_right;
	}
	return best;
}

/* ------------------------------------------------------------------ */
/* hand-worked cases                                                   */

/* [1, 10], [2, 5], [3, 7] inserted in that order: rotated, 2 on top */
static void three_intervals(struct rb_root *root, struct itv *t)
{
	static const unsigned long last[3] = { 10, 5, 7 };
	int i;

	*root = RB_ROOT;
	for (i = 0; i < 3; i++) {
		t[i].start = (unsigned long)i + 1;
		t[i].last = last[i];
		itv_insert(&t[i], root);
	}
}

/* vruntime 50, 70, 60, 10 with their deadlines, added in that order */
static void four_entities(struct rb_root_cached *root, struct ent *e,
			  bool check_each)
{
	static const uint64_t key[4] = { 50, 70, 60, 10 };
	static const uint64_t deadline[4] = { 90, 75, 100, 300 };
	static const bool leftmost[4] = { true, false, false, true };
	int i;

	*root = RB_ROOT_CACHED;
	for (i = 0; i < 4; i++) {
		struct rb_node *ret;

		e[i].vruntime = key[i];
		e[i].deadline = deadline[i];
		e[i].min_deadline = deadline[i];
		ret = rb_add_augmented_cached(&e[i].run_node, root, ent_less,
					      &min_deadline_cb);
		if (check_each)
			CU_ASSERT_PTR_EQUAL(ret, leftmost[i] ? &e[i].run_node :
							       NULL);
	}
}

static void test_rb_declare_callbacks_max_insert(void)
{
	struct rb_root root;
	struct itv t[3];

	three_intervals(&root, t);
	/* 2 on top, covering everything */
	CU_ASSERT_PTR_EQUAL(root.rb_node, &t[1].rb);
	CU_ASSERT_EQUAL(t[1].subtree_last, 10);
	CU_ASSERT_EQUAL(t[0].subtree_last, 10);
	CU_ASSERT_EQUAL(t[2].subtree_last, 7);
	CU_ASSERT(rb_check_augmented(&root, itv_less_c, itv_ok));

	/* erase the top: 3, the successor, takes its place and its value,
	 * then has it recomputed */
	rb_erase_augmented(&t[1].rb, &root, &itv_cb);
	CU_ASSERT_PTR_EQUAL(root.rb_node, &t[2].rb);
	CU_ASSERT_EQUAL(t[2].subtree_last, 10);
	rb_erase_augmented(&t[0].rb, &root, &itv_cb);
	CU_ASSERT_EQUAL(t[2].subtree_last, 7);
	CU_ASSERT(rb_check_augmented(&root, itv_less_c, itv_ok));
}

static void test_rb_declare_callbacks_max_names(void)
{
	struct rb_root root;
	struct itv t[3];

	three_intervals(&root, t);
	/* _compute_max: true only for exit and an unchanged value */
	CU_ASSERT(itv_cb_compute_max(&t[1], true));
	CU_ASSERT_FALSE(itv_cb_compute_max(&t[1], false));
	CU_ASSERT_EQUAL(t[1].subtree_last, 10);
	t[1].subtree_last = 99;
	CU_ASSERT_FALSE(itv_cb_compute_max(&t[1], false));
	CU_ASSERT_EQUAL(t[1].subtree_last, 10);
	t[1].subtree_last = 99;
	CU_ASSERT_FALSE(itv_cb_compute_max(&t[1], true));
	CU_ASSERT_EQUAL(t[1].subtree_last, 10);

	/* _propagate: a leaf grew, up to the root; then stops early */
	t[2].last = 20;
	itv_cb_propagate(&t[2].rb, NULL);
	CU_ASSERT_EQUAL(t[2].subtree_last, 20);
	CU_ASSERT_EQUAL(t[1].subtree_last, 20);
	t[0].last = 12;
	t[1].subtree_last = 77; /* stale, but at the stop */
	itv_cb_propagate(&t[0].rb, &t[1].rb);
	CU_ASSERT_EQUAL(t[0].subtree_last, 12);
	CU_ASSERT_EQUAL(t[1].subtree_last, 77);
	/* t[0] is right already: propagation stops there, early */
	itv_cb_propagate(&t[0].rb, NULL);
	CU_ASSERT_EQUAL(t[1].subtree_last, 77);
	itv_cb_propagate(&t[1].rb, NULL);
	CU_ASSERT_EQUAL(t[1].subtree_last, 20);
	CU_ASSERT(rb_check_augmented(&root, itv_less_c, itv_ok));

	/* _copy and _rotate, and the table holds all three */
	CU_ASSERT(itv_cb.propagate == itv_cb_propagate);
	CU_ASSERT(itv_cb.copy == itv_cb_copy);
	CU_ASSERT(itv_cb.rotate == itv_cb_rotate);
	t[0].subtree_last = 0;
	itv_cb_copy(&t[2].rb, &t[0].rb);
	CU_ASSERT_EQUAL(t[0].subtree_last, 20);
	/* the new top takes the old top's value; the old one (a leaf
	 * here) is recomputed from itself */
	t[2].subtree_last = 99;
	itv_cb_rotate(&t[2].rb, &t[0].rb);
	CU_ASSERT_EQUAL(t[0].subtree_last, 99);
	CU_ASSERT_EQUAL(t[2].subtree_last, 20);
	t[0].subtree_last = 12;
	CU_ASSERT(rb_check_augmented(&root, itv_less_c, itv_ok));
}

static void test_rb_add_augmented_cached(void)
{
	struct rb_root_cached root;
	struct ent e[4];

	/* each return value: the node when it became leftmost */
	four_entities(&root, e, true);
	/* 50, 70, then 60: rotated twice, 60 on top */
	CU_ASSERT_PTR_EQUAL(root.rb_root.rb_node, &e[2].run_node);
	CU_ASSERT_EQUAL(e[2].min_deadline, 75);
	CU_ASSERT_EQUAL(e[0].min_deadline, 90);
	CU_ASSERT_EQUAL(e[1].min_deadline, 75);
	CU_ASSERT_EQUAL(e[3].min_deadline, 300);
	CU_ASSERT_PTR_EQUAL(rb_first_cached(&root), &e[3].run_node);
	CU_ASSERT(rb_check_cached(&root, ent_less_c));
	CU_ASSERT(rb_check_augmented(&root.rb_root, ent_less_c, ent_ok));
	CU_ASSERT_EQUAL(earliest_deadline_upto(&root.rb_root, 55), 90);
	CU_ASSERT_EQUAL(earliest_deadline_upto(&root.rb_root, 5), UINT64_MAX);
	CU_ASSERT_EQUAL(earliest_deadline_upto(&root.rb_root, 70), 75);
}

static void test_rb_erase_augmented_cached(void)
{
	struct rb_root_cached root;
	struct ent e[4];

	four_entities(&root, e, false);
	rb_erase_augmented_cached(&e[3].run_node, &root, &min_deadline_cb);
	CU_ASSERT_PTR_EQUAL(root.rb_leftmost, &e[0].run_node);
	rb_erase_augmented_cached(&e[1].run_node, &root, &min_deadline_cb);
	CU_ASSERT_PTR_EQUAL(root.rb_leftmost, &e[0].run_node);
	CU_ASSERT_EQUAL(e[2].min_deadline, 90); /* 75 is gone */
	CU_ASSERT(rb_check_cached(&root, ent_less_c));
	CU_ASSERT(rb_check_augmented(&root.rb_root, ent_less_c, ent_ok));
	rb_erase_augmented_cached(&e[0].run_node, &root, &min_deadline_cb);
	CU_ASSERT_PTR_EQUAL(root.rb_leftmost, &e[2].run_node);
	CU_ASSERT_EQUAL(e[2].min_deadline, 100);
	rb_erase_augmented_cached(&e[2].run_node, &root, &min_deadline_cb);
	CU_ASSERT_PTR_NULL(root.rb_leftmost);
	CU_ASSERT(RB_EMPTY_ROOT(&root.rb_root));
}

static void test_rb_augment_callbacks_by_hand(void)
{
	struct rb_root_cached root = RB_ROOT_CACHED;
	struct ent e[3] = {
		{ .vruntime = 3, .deadline = 30 },
		{ .vruntime = 2, .deadline = 20 },
		{ .vruntime = 1, .deadline = 40 },
	};
	int i;

	memset(hand_calls, 0, sizeof(hand_calls));
	for (i = 0; i < 3; i++)
		hand_insert(&e[i], &root);
	/* 3, 2, 1 descending: one rotation, to the right at 3 */
	CU_ASSERT_EQUAL(hand_calls[2], 1);
	CU_ASSERT_PTR_EQUAL(root.rb_root.rb_node, &e[1].run_node);
	CU_ASSERT_PTR_EQUAL(root.rb_leftmost, &e[2].run_node);
	CU_ASSERT_EQUAL(e[1].min_deadline, 20);
	CU_ASSERT_EQUAL(e[0].min_deadline, 30);
	CU_ASSERT(rb_check_augmented(&root.rb_root, ent_less_c, ent_ok));
	/* the top has two children: its successor is copied into place */
	rb_erase_augmented_cached(&e[1].run_node, &root, &hand_cb);
	CU_ASSERT_EQUAL(hand_calls[1], 1);
	CU_ASSERT_PTR_EQUAL(root.rb_root.rb_node, &e[0].run_node);
	CU_ASSERT_EQUAL(e[0].min_deadline, 30);
	CU_ASSERT(rb_check_augmented(&root.rb_root, ent_less_c, ent_ok));
}

/* ------------------------------------------------------------------ */
/* rb_check_augmented() finds a stale value                            */

static void test_rb_check_augmented(void)
{
	struct rb_root root = RB_ROOT;
	struct itv t[7];
	char detail[64];
	int i, line, before = report_count;

	for (i = 0; i < 7; i++) {
		t[i].start = (unsigned long)i;
		t[i].last = (unsigned long)(i * 3 % 7 + 10);
		itv_insert(&t[i], &root);
	}
	CU_ASSERT(rb_check_augmented(&root, itv_less_c, itv_ok));
	CU_ASSERT(rb_check_augmented(&root, NULL, NULL));
	CU_ASSERT_EQUAL(report_count, before);
	t[5].last = 100; /* grown, not propagated */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check_augmented(&root, itv_less_c, itv_ok));
	snprintf(detail, sizeof(detail), "node %p: augmented",
		 (void *)&t[5].rb);
	expect_check(before++, "rb_check_augmented", line, detail);
	/* what rb_check() finds, rb_check_augmented() finds too */
	itv_cb_propagate(&t[5].rb, NULL);
	CU_ASSERT(rb_check_augmented(&root, itv_less_c, itv_ok));
	t[0].start = 50;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(rb_check_augmented(&root, itv_less_c, itv_ok));
	expect_check(before++, "rb_check_augmented", line, "sorts before");
}

/* a NULL root is a violation, whichever callbacks come with it */
static void test_rb_check_augmented_null(void)
{
	EXPECT_CHECK_FAILS(rb_check_augmented(NULL, itv_less_c, itv_ok),
			   "rb_check_augmented");
	expect_detail(": no tree (NULL)");
	EXPECT_CHECK_FAILS(rb_check_augmented(NULL, NULL, NULL),
			   "rb_check_augmented");
	expect_detail(": no tree (NULL)");
}

/* ------------------------------------------------------------------ */
/* the three trees, one random sequence, against sorted arrays         */

#define AUG_N 48
#define AUG_STEPS 5000

struct aug_soak {
	struct rb_root itree;
	struct rb_root_cached eevdf, hand;
	struct itv it[AUG_N];
	struct ent ee[AUG_N], he[AUG_N];
	bool on[AUG_N];
	int order[AUG_N]; /* slot numbers in key order */
	int len;
	int inserts, erases;
};

static unsigned int aug_seed;

static unsigned int arand(unsigned int n)
{
	aug_seed = aug_seed * 1103515245u + 12345u;
	return (aug_seed >> 8) % n;
}

/* each tree in the oracle's order, its values sound, its searches right */
static bool aug_matches(struct aug_soak *s)
{
	struct rb_node *a = rb_first(&s->itree);
	struct rb_node *b = rb_first(&s->eevdf.rb_root);
	struct rb_node *c = rb_first(&s->hand.rb_root);
	unsigned long max_last = 0;
	uint64_t v = arand(120), want = UINT64_MAX;
	int i;

	if (!rb_check_augmented(&s->itree, itv_less_c, itv_ok) ||
	    !rb_check_augmented(&s->eevdf.rb_root, ent_less_c, ent_ok) ||
	    !rb_check_augmented(&s->hand.rb_root, ent_less_c, ent_ok) ||
	    !rb_check_cached(&s->eevdf, ent_less_c) ||
	    !rb_check_cached(&s->hand, ent_less_c))
		return false;
	for (i = 0; i < s->len; i++) {
		int slot = s->order[i];

		if (a != &s->it[slot].rb || b != &s->ee[slot].run_node ||
		    c != &s->he[slot].run_node)
			return false;
		a = rb_next(a);
		b = rb_next(b);
		c = rb_next(c);
		if (s->it[slot].last > max_last)
			max_last = s->it[slot].last;
		if (s->ee[slot].vruntime <= v && s->ee[slot].deadline < want)
			want = s->ee[slot].deadline;
	}
	if (a || b || c)
		return false;
	if (s->len && itv_of(s->itree.rb_node)->subtree_last != max_last)
		return false;
	return earliest_deadline_upto(&s->eevdf.rb_root, v) == want &&
	       earliest_deadline_upto(&s->hand.rb_root, v) == want;
}

static void aug_insert(struct aug_soak *s, int v)
{
	/* equal keys on purpose: each tree puts the new one after them */
	unsigned long key = arand(40) * 3;
	uint64_t deadline = key + 1 + arand(200);
	int at = 0;

	s->it[v].start = key;
	s->it[v].last = key + arand(500);
	itv_insert(&s->it[v], &s->itree);
	s->ee[v].vruntime = s->he[v].vruntime = key;
	s->ee[v].deadline = s->he[v].deadline = deadline;
	s->ee[v].min_deadline = deadline;
	rb_add_augmented_cached(&s->ee[v].run_node, &s->eevdf, ent_less,
				&min_deadline_cb);
	hand_insert(&s->he[v], &s->hand);
	while (at < s->len && s->it[s->order[at]].start <= key)
		at++;
	memmove(&s->order[at + 1], &s->order[at],
		(size_t)(s->len - at) * sizeof(s->order[0]));
	s->order[at] = v;
	s->len++;
	s->on[v] = true;
	s->inserts++;
}

static void aug_erase(struct aug_soak *s, int v)
{
	int at = 0;

	rb_erase_augmented(&s->it[v].rb, &s->itree, &itv_cb);
	rb_erase_augmented_cached(&s->ee[v].run_node, &s->eevdf,
				  &min_deadline_cb);
	rb_erase_augmented_cached(&s->he[v].run_node, &s->hand, &hand_cb);
	while (s->order[at] != v)
		at++;
	memmove(&s->order[at], &s->order[at + 1],
		(size_t)(s->len - at - 1) * sizeof(s->order[0]));
	s->len--;
	s->on[v] = false;
	s->erases++;
}

static void test_random_augmented(void)
{
	struct aug_soak *s = kzalloc(sizeof(*s), GFP_KERNEL);
	int step, bad = 0, max_len = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	aug_seed = 66;
	s->itree = RB_ROOT;
	s->eevdf = RB_ROOT_CACHED;
	s->hand = RB_ROOT_CACHED;
	memset(hand_calls, 0, sizeof(hand_calls));
	for (step = 0; step < AUG_STEPS; step++) {
		int v = (int)arand(AUG_N);
		bool grow = (step / 800) % 2 == 0;

		if (!s->on[v] && arand(8) < (grow ? 6u : 2u))
			aug_insert(s, v);
		else if (s->on[v] && arand(8) < (grow ? 2u : 6u))
			aug_erase(s, v);
		if (s->len > max_len)
			max_len = s->len;
		if (!aug_matches(s))
			bad++;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT(max_len >= AUG_N * 3 / 4);
	CU_ASSERT(s->inserts > AUG_STEPS / 8);
	CU_ASSERT(s->erases > AUG_STEPS / 8);
	/* every callback had work to do */
	CU_ASSERT(hand_calls[0] > 0 && hand_calls[1] > 0 && hand_calls[2] > 0);
	kfree(s);
}

static CU_TestInfo rbtree_augmented_cases[] = {
	{ "RB_DECLARE_CALLBACKS_MAX, rb_insert_augmented, rb_erase_augmented: values after a rotation and an erase",
	  test_rb_declare_callbacks_max_insert },
	{ "RB_DECLARE_CALLBACKS_MAX: _compute_max, _propagate, _copy, _rotate",
	  test_rb_declare_callbacks_max_names },
	{ "RB_DECLARE_CALLBACKS (6.6's min_deadline), rb_add_augmented_cached",
	  test_rb_add_augmented_cached },
	{ "rb_erase_augmented_cached", test_rb_erase_augmented_cached },
	{ "struct rb_augment_callbacks by hand, rb_insert_augmented_cached",
	  test_rb_augment_callbacks_by_hand },
	{ "rb_check_augmented: a stale value, keys out of order",
	  test_rb_check_augmented },
	{ "rb_check_augmented(NULL, ...): false, one report",
	  test_rb_check_augmented_null },
	{ "random insert/erase on max, min and hand-made trees against an oracle",
	  test_random_augmented },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("list/rbtree_augmented", rbtree_augmented_cases, report_suite_init,
	    report_suite_cleanup)
