// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_list_tour.c - "kstruct tour list" (tools/tour_list.c)
 * and "kstruct draw list" (tools/draw_list.c).
 *
 * Both files belong to the kstruct tool, not to the library, so this file
 * includes them whole, with the tool's registry (tools/registry.c), all
 * under names of this file's own (the #defines below rename them in
 * tools/kstruct.h too) so that other test files of this folder can do
 * the same.
 *
 * The tour must print the same text on every run (labels, never
 * addresses), tell the truth about the rings it shows (each printed walk
 * is checked against what list.h does: stack order, queue order, poison,
 * splice, cut, a stable sort), and succeed.  The drawing must be a ring:
 * from the head, next edges visit every entry once and come back, and
 * each prev edge is the reverse of a next edge.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define kstruct_register	test_list_tour_register
#define kstruct_entries		test_list_tour_entries
#define kstruct_find		test_list_tour_find

#include "tests/ktest.h"
#include "tools/draw_list.c"
#include "tools/registry.c"
#include "tools/tour_list.c"

/* run @fn into a string; returns it (free() it) and its result in @ret */
static char *capture(int (*fn)(FILE *out), int *ret)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (!out)
		return NULL;
	*ret = fn(out);
	fclose(out);
	return text;
}

static void test_tour_succeeds_and_repeats(void)
{
	int ret1 = -1, ret2 = -1;
	char *one = capture(tour_list, &ret1);
	char *two = capture(tour_list, &ret2);

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
		"    basket -> basket\n",			/* empty */
		"   list_empty(&basket) = 1\n",
		"    basket -> B -> A -> basket\n",		/* list_add: stack */
		"    basket -> B -> A -> C -> basket\n",	/* add_tail: queue */
		" B(weight 10) A(weight 30) C(weight 20)\n",
		"    basket -> B -> C -> basket\n",		/* list_del(A) */
		"   A: prev=POISON2 next=POISON1\n",
		"    crate -> D -> E -> A -> crate\n",
		"    basket -> B -> C -> D -> E -> A -> basket\n",	/* splice */
		"    crate -> crate\n",
		"    cut -> B -> C -> D -> cut\n",		/* cut at D */
		"    basket -> E -> A -> basket\n",
		"    basket -> E -> B -> D -> C -> A -> basket\n",	/* sorted */
		" E(5) B(10) D(10) C(20) A(30)\n",		/* stable */
		"next->prev points back at it: sound.",
	};
	const char *pos;
	char *text;
	size_t i;
	int ret = -1;

	text = capture(tour_list, &ret);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_EQUAL(ret, 0);
	/* each in turn, in this order */
	pos = text;
	for (i = 0; i < ARRAY_SIZE(expected); i++) {
		const char *hit = strstr(pos, expected[i]);

		CU_ASSERT_PTR_NOT_NULL(hit);
		if (!hit) {
			fprintf(stderr, "tour: missing, in order: %s\n",
				expected[i]);
			continue;
		}
		pos = hit + strlen(expected[i]);
	}
	/* the node table after step 3: each node's prev and next */
	CU_ASSERT_PTR_NOT_NULL(strstr(text,
		"      basket  C       B\n"
		"      B       basket  A\n"
		"      A       B       C\n"
		"      C       A       basket\n"));
	free(text);
}

/* the target of "FROM:FIELD -> TO" in @dot, or NULL */
static char *edge_target(const char *dot, const char *from,
			 const char *field, char *buf, size_t size)
{
	char pattern[64];
	const char *hit;
	size_t n;

	snprintf(pattern, sizeof(pattern), "\t%s:%s -> ", from, field);
	hit = strstr(dot, pattern);
	if (!hit || strstr(hit + 1, pattern))	/* exactly one such edge */
		return NULL;
	hit += strlen(pattern);
	n = strcspn(hit, " ;[\n");
	if (n + 1 > size)
		return NULL;
	memcpy(buf, hit, n);
	buf[n] = '\0';
	return buf;
}

static void test_draw_is_a_ring(void)
{
	static const char *const order[] = { "head", "A", "B", "C" };
	char next[16], prev[16];
	int ret = -1;
	size_t i;
	char *dot = capture(draw_list, &ret);

	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "digraph list_head {"));
	CU_ASSERT_PTR_NULL(strstr(dot, "0x"));
	for (i = 0; i < ARRAY_SIZE(order); i++) {
		const char *after = order[(i + 1) % ARRAY_SIZE(order)];
		const char *before = order[(i + ARRAY_SIZE(order) - 1) %
					   ARRAY_SIZE(order)];

		CU_ASSERT_PTR_NOT_NULL(edge_target(dot, order[i], "next", next,
						   sizeof(next)));
		CU_ASSERT_PTR_NOT_NULL(edge_target(dot, order[i], "prev", prev,
						   sizeof(prev)));
		CU_ASSERT_STRING_EQUAL(next, after);
		CU_ASSERT_STRING_EQUAL(prev, before);
	}
	/* a complete graph: braces balance and it ends */
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\n}\n"));
	free(dot);
}

static void test_registered(void)
{
	struct kstruct_entry *tour = kstruct_find(KSTRUCT_KIND_TOUR, "list");
	struct kstruct_entry *draw = kstruct_find(KSTRUCT_KIND_DRAW, "list");

	CU_ASSERT_PTR_NOT_NULL_FATAL(tour);
	CU_ASSERT_PTR_NOT_NULL_FATAL(draw);
	CU_ASSERT(tour->tour == tour_list);
	CU_ASSERT_EQUAL(tour->order, 10);
	CU_ASSERT(draw->draw == draw_list);
	/* each registered once: the next entry of its kind is another one */
	CU_ASSERT(!tour->next || tour->next->kind != KSTRUCT_KIND_TOUR ||
		  strcmp(tour->next->name, "list"));
	CU_ASSERT(!draw->next || draw->next->kind != KSTRUCT_KIND_DRAW ||
		  strcmp(draw->next->name, "list"));
}

static CU_TestInfo list_tour_cases[] = {
	{ "tour succeeds, same text every run", test_tour_succeeds_and_repeats },
	{ "tour shows what list.h does", test_tour_shows_what_list_h_does },
	{ "drawing is a ring", test_draw_is_a_ring },
	{ "tour and drawing registered", test_registered },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/list-tour", list_tour_cases, NULL, NULL)
