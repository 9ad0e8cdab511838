// SPDX-License-Identifier: MIT
/*
 * tests/list/test_list_debug.c - list/list_debug.c: every corruption the
 * LIST_DEBUG checks know is reported once, names the operation and this
 * file's line (the caller's), and leaves every node as it was; the
 * default handler aborts with the message on stderr (in a child); the
 * poison values of list_del() fault (in a child); list_check() and
 * hlist_check() find broken rings and chains.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "list/list.h"
#include "tests/child.h"
#include "tests/ktest.h"
#include "tests/report.h"

/*
 * A ring h, a, b, c plus a spare node n and a second empty ring g, in
 * one block, so that "nothing changed" is one memcmp.
 */
struct world {
	struct list_head h, a, b, c, n, g;
};

static void world_init(struct world *w)
{
	memset(w, 0x5a, sizeof(*w)); /* n starts as recognisable junk */
	INIT_LIST_HEAD(&w->h);
	INIT_LIST_HEAD(&w->g);
	list_add_tail(&w->a, &w->h);
	list_add_tail(&w->b, &w->h);
	list_add_tail(&w->c, &w->h);
}

#define EXPECT_UNCHANGED(w, snap) \
	CU_ASSERT_EQUAL(memcmp(w, snap, sizeof(*(w))), 0)

static void test_add_prev_or_next_null(void)
{
	struct world w, snap;
	int before = report_count, line;

	world_init(&w);
	snap = w;
	line = __LINE__ + 1;
	__list_add(&w.n, NULL, &w.a);
	expect_corruption(before, "list_add", line, "NULL");
	EXPECT_UNCHANGED(&w, &snap);
	line = __LINE__ + 1;
	__list_add(&w.n, &w.a, NULL);
	expect_corruption(before + 1, "list_add", line, "NULL");
	EXPECT_UNCHANGED(&w, &snap);
}

static void test_add_next_prev_mismatch(void)
{
	struct world w, snap;
	int before = report_count, line;

	world_init(&w);
	w.b.prev = &w.h; /* should be &w.a */
	snap = w;
	line = __LINE__ + 1;
	list_add(&w.n, &w.a);
	expect_corruption(before, "list_add", line, "next->prev should be");
	EXPECT_UNCHANGED(&w, &snap);
}

static void test_add_prev_next_mismatch(void)
{
	struct world w, snap;
	int before = report_count, line;

	world_init(&w);
	w.a.next = &w.c; /* should be &w.b */
	snap = w;
	line = __LINE__ + 1;
	__list_add(&w.n, &w.a, &w.b);
	expect_corruption(before, "list_add", line, "prev->next should be");
	EXPECT_UNCHANGED(&w, &snap);
}

static void test_add_double(void)
{
	struct world w, snap;
	int before = report_count, line;

	world_init(&w);
	snap = w;
	line = __LINE__ + 1;
	list_add(&w.a, &w.h); /* a is already right there */
	expect_corruption(before, "list_add", line, "double add");
	EXPECT_UNCHANGED(&w, &snap);
	line = __LINE__ + 1;
	list_add_tail(&w.c, &w.h); /* c is already last */
	expect_corruption(before + 1, "list_add", line, "double add");
	EXPECT_UNCHANGED(&w, &snap);
}

static void test_del_null(void)
{
	struct world w, snap;
	int before = report_count, line;

	world_init(&w);
	w.b.next = NULL;
	snap = w;
	line = __LINE__ + 1;
	list_del(&w.b);
	expect_corruption(before, "list_del", line, "NULL");
	EXPECT_UNCHANGED(&w, &snap);
	world_init(&w);
	w.b.prev = NULL;
	snap = w;
	line = __LINE__ + 1;
	list_del_init(&w.b);
	expect_corruption(before + 1, "list_del", line, "NULL");
	EXPECT_UNCHANGED(&w, &snap);
}

static void test_del_twice(void)
{
	struct world w, snap;
	int before = report_count, line;

	world_init(&w);
	list_del(&w.b);
	CU_ASSERT_EQUAL(report_count, before);
	snap = w;
	line = __LINE__ + 1;
	list_del(&w.b);
	expect_corruption(before, "list_del", line, "LIST_POISON1");
	EXPECT_UNCHANGED(&w, &snap);
	/* prev alone poisoned */
	w.b.next = &w.c;
	snap = w;
	line = __LINE__ + 1;
	__list_del_entry(&w.b);
	expect_corruption(before + 1, "list_del", line, "LIST_POISON2");
	EXPECT_UNCHANGED(&w, &snap);
}

static void test_del_prev_next_mismatch(void)
{
	struct world w, snap;
	int before = report_count, line;

	world_init(&w);
	w.h.next = &w.b; /* skips a */
	snap = w;
	line = __LINE__ + 1;
	list_del(&w.a);
	expect_corruption(before, "list_del", line, "prev->next should be");
	EXPECT_UNCHANGED(&w, &snap);
}

static void test_del_next_prev_mismatch(void)
{
	struct world w, snap;
	int before = report_count, line;

	world_init(&w);
	w.b.prev = &w.h; /* should be &w.a */
	snap = w;
	line = __LINE__ + 1;
	list_del(&w.a);
	expect_corruption(before, "list_del", line, "next->prev should be");
	EXPECT_UNCHANGED(&w, &snap);
}

/* every other checked operation reports and skips too */
static void test_every_wrapper_skips(void)
{
	struct world w, snap;
	int before = report_count, line;

	world_init(&w);
	w.b.next = NULL; /* b cannot be unlinked */
	snap = w;
	line = __LINE__ + 1;
	list_del_init_careful(&w.b);
	expect_corruption(before++, "list_del", line, "NULL");
	line = __LINE__ + 1;
	__list_del_clearprev(&w.b);
	expect_corruption(before++, "list_del", line, "NULL");
	line = __LINE__ + 1;
	list_move(&w.b, &w.g);
	expect_corruption(before++, "list_del", line, "NULL");
	line = __LINE__ + 1;
	list_move_tail(&w.b, &w.g);
	expect_corruption(before++, "list_del", line, "NULL");
	line = __LINE__ + 1;
	list_swap(&w.a, &w.b);
	expect_corruption(before++, "list_del", line, "NULL");
	line = __LINE__ + 1;
	list_swap(&w.b, &w.a);
	expect_corruption(before++, "list_del", line, "NULL");
	EXPECT_UNCHANGED(&w, &snap);

	world_init(&w);
	w.a.prev = NULL; /* the first entry cannot move */
	snap = w;
	line = __LINE__ + 1;
	list_rotate_left(&w.h);
	expect_corruption(before++, "list_del", line, "NULL");
	EXPECT_UNCHANGED(&w, &snap);

	world_init(&w);
	w.c.next = NULL; /* the head's prev->next is broken */
	snap = w;
	line = __LINE__ + 1;
	list_rotate_to_front(&w.b, &w.h);
	expect_corruption(before++, "list_del", line, "should be");
	EXPECT_UNCHANGED(&w, &snap);
}

/* the delete half passes, the add half fails: the entry is put back */
static void test_move_never_half_done(void)
{
	struct world w, snap;
	int before = report_count, line;

	world_init(&w);
	INIT_LIST_HEAD(&w.n);
	list_add(&w.n, &w.g); /* g: n */
	w.n.prev = &w.c; /* g's ring is broken at n */
	snap = w;
	line = __LINE__ + 1;
	list_move(&w.b, &w.g);
	expect_corruption(before, "list_add", line, "should be");
	EXPECT_UNCHANGED(&w, &snap);
	line = __LINE__ + 1;
	list_move_tail(&w.b, &w.n);
	expect_corruption(before + 1, "list_add", line, "should be");
	EXPECT_UNCHANGED(&w, &snap);
}

static void test_good_operations_report_nothing(void)
{
	struct world w;
	int before = report_count;

	world_init(&w);
	list_move(&w.a, &w.g);
	list_move_tail(&w.b, &w.g);
	list_swap(&w.a, &w.c);
	list_rotate_left(&w.h);
	list_rotate_to_front(&w.b, &w.g);
	list_del_init(&w.a);
	list_del(&w.b);
	CU_ASSERT(list_check(&w.h));
	CU_ASSERT(list_check(&w.g));
	CU_ASSERT_EQUAL(report_count, before);
}

static void test_list_check_detects(void)
{
	struct world w;
	int before = report_count, line;

	world_init(&w);
	CU_ASSERT(list_check(&w.h));
	CU_ASSERT(list_check(&w.g));
	CU_ASSERT_EQUAL(report_count, before);

	w.c.prev = &w.a; /* back link of c broken */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(list_check(&w.h));
	expect_check(before++, "list_check", line, "next->prev should be");

	world_init(&w);
	w.b.next = NULL;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(list_check(&w.h));
	expect_check(before++, "list_check", line, "next=(nil)");

	world_init(&w);
	w.b.next = LIST_POISON1;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(list_check(&w.h));
	expect_check(before++, "list_check", line, "has next=");

	/* a ring that loops back into itself without passing the head */
	world_init(&w);
	w.c.next = &w.a;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(list_check(&w.h));
	expect_check(before++, "list_check", line, "should be");

	/* the head's own prev */
	world_init(&w);
	w.h.prev = &w.b;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(list_check(&w.h));
	expect_check(before++, "list_check", line, "should be");
}

static void test_hlist_check_detects(void)
{
	struct hlist_node a, b, c;
	int before = report_count, line;
	HLIST_HEAD(h);

	CU_ASSERT(hlist_check(&h));
	hlist_add_head(&c, &h);
	hlist_add_head(&b, &h);
	hlist_add_head(&a, &h);
	CU_ASSERT(hlist_check(&h));
	CU_ASSERT_EQUAL(report_count, before);

	b.pprev = &h.first; /* should be &a.next */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(hlist_check(&h));
	expect_check(before++, "hlist_check", line, "pprev should be");
	b.pprev = &a.next;

	c.next = &a; /* a loop back to the front */
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(hlist_check(&h));
	expect_check(before++, "hlist_check", line, "pprev should be");
	c.next = NULL;

	a.pprev = HLIST_POISON2;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(hlist_check(&h));
	expect_check(before++, "hlist_check", line, "pprev should be");
	a.pprev = &h.first;
	CU_ASSERT(hlist_check(&h));

	/* a next that is poison: a deleted node still on the chain */
	c.next = HLIST_POISON1;
	line = __LINE__ + 1;
	CU_ASSERT_FALSE(hlist_check(&h));
	expect_check(before++, "hlist_check", line, "poison");
	c.next = NULL;
	CU_ASSERT(hlist_check(&h));
}

/* a NULL head is a violation: reported once, false, nothing read */
static void test_list_check_null(void)
{
	EXPECT_CHECK_FAILS(list_check(NULL), "list_check");
	expect_detail(": no list head (NULL)");
}

static void test_hlist_check_null(void)
{
	EXPECT_CHECK_FAILS(hlist_check(NULL), "hlist_check");
	expect_detail(": no hlist head (NULL)");
}

static void test_set_handler_returns_previous(void)
{
	check_handler_fn *old = check_set_handler(NULL);

	CU_ASSERT_PTR_EQUAL(old, report_record);
	CU_ASSERT_PTR_NULL(check_set_handler(report_record));
}

/* the child first says on which line it will corrupt a list */
static void child_corrupt_del(int unused)
{
	(void)unused;
	struct world w;

	check_set_handler(NULL); /* the default: abort */
	world_init(&w);
	w.b.prev = &w.h;
	fprintf(stderr, "line %d\n", __LINE__ + 1);
	list_del(&w.a);
}

static void test_default_handler_aborts(void)
{
	char out[2048], want[160];
	int status, line = 0;

	status = run_in_child(child_corrupt_del, 0, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	CU_ASSERT_EQUAL(sscanf(out, "line %d", &line), 1);
	snprintf(want, sizeof(want),
		 "\nlist_del corruption at %s:%d: next->prev should be",
		 __FILE__, line);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
}

/* list_check() with the default handler: a report, false, no abort */
static void child_check_broken_ring(int unused)
{
	(void)unused;
	struct world w;
	bool ok;

	check_set_handler(NULL);
	world_init(&w);
	w.c.prev = &w.a;
	fprintf(stderr, "line %d\n", __LINE__ + 1);
	ok = list_check(&w.h);
	_exit(ok ? 1 : 0);
}

static void test_list_check_default_does_not_abort(void)
{
	char out[2048], want[160];
	int status, line = 0;

	status = run_in_child(child_check_broken_ring, 0, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CU_ASSERT_EQUAL(sscanf(out, "line %d", &line), 1);
	snprintf(want, sizeof(want), "\nlist_check at %s:%d: ", __FILE__, line);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
}

static void child_touch_poison1(int unused)
{
	(void)unused;
	volatile struct list_head *p = LIST_POISON1;

	/* sanitizers' SEGV handlers would turn the signal into an exit */
	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	(void)p->next;
}

static void child_touch_poison2(int unused)
{
	(void)unused;
	struct list_head e, h;

	INIT_LIST_HEAD(&h);
	list_add(&e, &h);
	list_del(&e);
	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	/* what a use after list_del() does: follow ->prev */
	((volatile struct list_head *)e.prev)->next = &h;
}

static void test_poison_faults(void)
{
	char out[2048];
	int status;

	status = run_in_child(child_touch_poison1, 0, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) &&
		  (WTERMSIG(status) == SIGSEGV || WTERMSIG(status) == SIGBUS));
	status = run_in_child(child_touch_poison2, 0, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) &&
		  (WTERMSIG(status) == SIGSEGV || WTERMSIG(status) == SIGBUS));
	/* and they are the named constants, distinct and not NULL */
	CU_ASSERT_PTR_NOT_NULL(LIST_POISON1);
	CU_ASSERT_PTR_NOT_EQUAL(LIST_POISON1, LIST_POISON2);
}

/*
 * In a child (before the check existed this died of SIGSEGV): add next
 * to an entry that list_del() poisoned.  Each add must be reported,
 * naming this file and "poison", and skipped.  Exit 0 when all was so;
 * the reports go to stderr for the parent.
 */
static void child_add_next_to_deleted(int unused)
{
	(void)unused;
	struct world w, snap;
	int before = report_count, ok;

	world_init(&w);
	list_del(&w.b);
	snap = w;
	list_add(&w.n, &w.b); /* next is LIST_POISON1 */
	ok = report_count == before + 1 && strstr(report_last, "poison") &&
	     strstr(report_last, __FILE__);
	fprintf(stderr, "%s\n", report_last);
	list_add_tail(&w.n, &w.b); /* prev is LIST_POISON2 */
	ok = ok && report_count == before + 2 &&
	     strstr(report_last, "poison") && strstr(report_last, __FILE__);
	fprintf(stderr, "%s\n", report_last);
	ok = ok && !memcmp(&w, &snap, sizeof(w)) && list_check(&w.h);
	_exit(ok ? 0 : 1);
}

static void test_add_next_to_deleted(void)
{
	char out[2048];
	int status;

	status = run_in_child(child_add_next_to_deleted, 0, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		fprintf(stderr, "\n  child status %#x, said: %s\n", status,
			out);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "list_add corruption at "));
}

static CU_TestInfo list_debug_cases[] = {
	{ "list_add: prev or next NULL", test_add_prev_or_next_null },
	{ "list_add: next->prev != prev", test_add_next_prev_mismatch },
	{ "list_add: prev->next != next", test_add_prev_next_mismatch },
	{ "list_add, list_add_tail: double add", test_add_double },
	{ "list_add, list_add_tail next to a deleted entry: poison (fork)",
	  test_add_next_to_deleted },
	{ "list_del, list_del_init: next or prev NULL", test_del_null },
	{ "list_del twice: LIST_POISON1, LIST_POISON2", test_del_twice },
	{ "list_del: prev->next != entry", test_del_prev_next_mismatch },
	{ "list_del: next->prev != entry", test_del_next_prev_mismatch },
	{ "every checked operation reports and skips",
	  test_every_wrapper_skips },
	{ "list_move, list_move_tail: failed add puts the entry back",
	  test_move_never_half_done },
	{ "sound operations report nothing",
	  test_good_operations_report_nothing },
	{ "list_check: back link, NULL, poison, loop, head",
	  test_list_check_detects },
	{ "hlist_check: pprev, loop, poison", test_hlist_check_detects },
	{ "list_check(NULL): false, one report", test_list_check_null },
	{ "hlist_check(NULL): false, one report", test_hlist_check_null },
	{ "check_set_handler returns the previous handler",
	  test_set_handler_returns_previous },
	{ "default handler: abort, message on stderr (fork)",
	  test_default_handler_aborts },
	{ "list_check with the default handler: false, no abort (fork)",
	  test_list_check_default_does_not_abort },
	{ "LIST_POISON1/LIST_POISON2 fault (fork)", test_poison_faults },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("list/list_debug", list_debug_cases, report_suite_init,
	    report_suite_cleanup)
