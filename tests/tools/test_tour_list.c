// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_tour_list.c - "kstruct tour list" (tools/tour_list.c)
 * and "kstruct draw list" (tools/draw_list.c).
 *
 * The tour must print the same text on every run (labels, never
 * addresses), tell the truth about the rings it shows (each printed walk
 * is checked against what list.h does: stack order, queue order, poison,
 * splice, cut, a stable sort), and succeed.  The drawing must be a ring:
 * from the head, next edges visit every entry once and come back, each
 * prev edge is the reverse of a next edge, and every edge ends at the
 * embedded list_head (a port of the entry, coloured as a link), not at
 * the entry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "list/list.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/draw.h"
#include "tools/kstruct.h"

static char *tour_text(int *status)
{
	static const char *const args[] = { "list", NULL };

	return run_tour(args, "", status, NULL);
}

static void test_tour_succeeds_and_repeats(void)
{
	int ret1 = -1, ret2 = -1;
	char *one = tour_text(&ret1);
	char *two = tour_text(&ret2);

	CU_ASSERT_PTR_NOT_NULL_FATAL(one);
	CU_ASSERT_PTR_NOT_NULL_FATAL(two);
	CU_ASSERT_EQUAL(ret1, 0);
	CU_ASSERT_EQUAL(ret2, 0);
	CU_ASSERT_STRING_EQUAL(one, two);
	/* labels only: no address, no broken ring, no unknown pointer */
	CU_ASSERT_PTR_NULL(strstr(one, "0x"));
	CU_ASSERT_PTR_NULL(strstr(one, "BROKEN"));
	CU_ASSERT_PTR_NULL(strstr(one, " ? "));
	free(one);
	free(two);
}

static void test_tour_shows_what_list_h_does(void)
{
	static const char *const expected[] = {
		"    basket -> basket\n", /* empty */
		"   list_empty(&basket) = 1\n",
		"    basket -> B -> A -> basket\n", /* list_add: stack */
		"    basket -> B -> A -> C -> basket\n", /* add_tail: queue */
		" B(weight 10) A(weight 30) C(weight 20)\n",
		"    basket -> B -> C -> basket\n", /* list_del(A) */
		"   A: prev=POISON2 next=POISON1\n",
		"    crate -> D -> E -> A -> crate\n",
		"    basket -> B -> C -> D -> E -> A -> basket\n", /* splice */
		"    crate -> crate\n",
		"    cut -> B -> C -> D -> cut\n", /* cut at D */
		"    basket -> E -> A -> basket\n",
		"    basket -> E -> B -> D -> C -> A -> basket\n", /* sorted */
		" E(5) B(10) D(10) C(20) A(30)\n", /* stable */
		"next->prev points back at it: sound.",
		"What later kernels changed: ",
		NULL,
	};
	char *text;
	int ret = -1;

	text = tour_text(&ret);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT(in_order(text, expected));
	/* the node table after step 3: each node's prev and next */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "      basket  C       B\n"
					    "      B       basket  A\n"
					    "      A       B       C\n"
					    "      C       A       basket\n"));
	free(text);
}

/* the one edge of @edges leaving @from, or NULL (none, or several) */
static const struct dot_edge *edge_from(const struct dot_edge *edges, int n,
					const char *from)
{
	const struct dot_edge *found = NULL;
	int i;

	for (i = 0; i < n; i++) {
		if (strcmp(edges[i].from, from))
			continue;
		if (found)
			return NULL;
		found = &edges[i];
	}
	return found;
}

static void test_draw_is_a_ring_of_list_heads(void)
{
	static const char *const order[] = { "head", "A", "B", "C" };
	const size_t nr = ARRAY_SIZE(order);
	struct dot_edge edges[32];
	char from[16], to[16], fill[16];
	int ret = -1, n;
	size_t i;
	char *dot = capture_entry(KSTRUCT_KIND_DRAW, "list", &ret);

	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "digraph list_head {"));
	CU_ASSERT_PTR_NULL(strstr(dot, "0x"));
	n = dot_edges(dot, edges, (int)ARRAY_SIZE(edges));
	CU_ASSERT_EQUAL(n, 2 * (int)nr);
	for (i = 0; i < nr; i++) {
		const struct dot_edge *next, *prev;

		snprintf(from, sizeof(from), "%s:next", order[i]);
		next = edge_from(edges, n, from);
		snprintf(from, sizeof(from), "%s:prev", order[i]);
		prev = edge_from(edges, n, from);
		CU_ASSERT_PTR_NOT_NULL_FATAL(next);
		CU_ASSERT_PTR_NOT_NULL_FATAL(prev);
		snprintf(to, sizeof(to), "%s:list", order[(i + 1) % nr]);
		CU_ASSERT_STRING_EQUAL(next->to, to);
		snprintf(to, sizeof(to), "%s:list", order[(i + nr - 1) % nr]);
		CU_ASSERT_STRING_EQUAL(prev->to, to);
		CU_ASSERT_PTR_NOT_NULL(strstr(next->attrs, DRAW_NEXT));
		CU_ASSERT_PTR_NOT_NULL(strstr(prev->attrs, DRAW_PREV));
		/* the arrow ends at the list_head inside the entry */
		CU_ASSERT_PTR_NOT_NULL(dot_port_fill(dot, order[i], "list",
						     fill, sizeof(fill)));
		CU_ASSERT_STRING_EQUAL(fill,
				       i ? DRAW_LINK_FILL : DRAW_HEAD_FILL);
	}
	/* a legend, and a complete graph */
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "labelloc=b"));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "container_of"));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\n}\n"));
	free(dot);
}

static void test_registered(void)
{
	struct kstruct_entry *tour = kstruct_find(KSTRUCT_KIND_TOUR, "list");
	struct kstruct_entry *draw = kstruct_find(KSTRUCT_KIND_DRAW, "list");

	CU_ASSERT_PTR_NOT_NULL_FATAL(tour);
	CU_ASSERT_PTR_NOT_NULL_FATAL(draw);
	CU_ASSERT_EQUAL(tour->order, 10);
	/* each registered once: the next entry of its kind is another one */
	CU_ASSERT(!tour->next || tour->next->kind != KSTRUCT_KIND_TOUR ||
		  strcmp(tour->next->name, "list"));
	CU_ASSERT(!draw->next || draw->next->kind != KSTRUCT_KIND_DRAW ||
		  strcmp(draw->next->name, "list"));
}

static CU_TestInfo list_tour_cases[] = {
	{ "tour succeeds, same text every run",
	  test_tour_succeeds_and_repeats },
	{ "tour shows what list.h does", test_tour_shows_what_list_h_does },
	{ "drawing is a ring of embedded list_heads",
	  test_draw_is_a_ring_of_list_heads },
	{ "tour and drawing registered", test_registered },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/tour_list", list_tour_cases, NULL, NULL)
