// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_draw.c - the pictures of "kstruct draw": what every
 * drawing shares (tools/draw.h), and the drawings of tools/draw_mm.c,
 * tools/draw_sctp.c, tools/draw_sim.c and tools/draw_rbtree.c (list,
 * runqueue and bus have their own tests: test_list_tour.c,
 * test_tour_sched.c, test_draw_bus.c).
 *
 * Every drawing: succeeds, prints the same DOT twice, names the font of
 * tools/draw.h and carries a legend; and every list arrow (any edge but
 * the dashed "other pointers" and the tree arrows) leaves from and ends at a table cell
 * coloured as a list head or an embedded list_head - never at the
 * structure around it; every tree arrow (rb_left, rb_right) ends at a
 * cell filled as a red or a black node.  Then each picture's rings and
 * trees are read back and compared with what the code built, worked by
 * hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "list/list.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/draw.h"
#include "tools/kstruct.h"

/* is @end a cell filled as a list head or an embedded list_head? */
static bool is_list_head(const char *dot, const char *end)
{
	char node[64], port[64], fill[16];

	dot_split_end(end, node, port, sizeof(node));
	if (!port[0] || !dot_port_fill(dot, node, port, fill, sizeof(fill))) {
		fprintf(stderr, "draw: %s is not a port\n", end);
		return false;
	}
	if (strcmp(fill, DRAW_HEAD_FILL) && strcmp(fill, DRAW_LINK_FILL)) {
		fprintf(stderr, "draw: %s is a cell of colour '%s'\n", end,
			fill);
		return false;
	}
	return true;
}

/* is @end a cell filled as a red or a black rb_node? */
static bool is_rb_node(const char *dot, const char *end)
{
	char node[64], port[64], fill[16];

	dot_split_end(end, node, port, sizeof(node));
	return port[0] && dot_port_fill(dot, node, port, fill, sizeof(fill)) &&
	       (!strcmp(fill, DRAW_RB_RED) || !strcmp(fill, DRAW_RB_BLACK));
}

static void test_every_drawing(void)
{
	struct kstruct_entry *e;
	struct dot_edge edges[600];
	int drawings = 0;

	for (e = kstruct_entries(KSTRUCT_KIND_DRAW);
	     e && e->kind == KSTRUCT_KIND_DRAW; e = e->next) {
		int ret1 = -1, ret2 = -1, n, i, links = 0;
		char *one = capture(e->draw, &ret1);
		char *two = capture(e->draw, &ret2);

		CU_ASSERT_PTR_NOT_NULL_FATAL(one);
		CU_ASSERT_PTR_NOT_NULL_FATAL(two);
		CU_ASSERT_EQUAL(ret1, 0);
		CU_ASSERT_EQUAL(ret2, 0);
		CU_ASSERT_STRING_EQUAL(one, two);
		CU_ASSERT_PTR_NOT_NULL(strstr(one, "digraph "));
		CU_ASSERT_PTR_NOT_NULL(
			strstr(one, "fontname=\"" DRAW_FONT "\""));
		CU_ASSERT_PTR_NOT_NULL(strstr(one, "labelloc=b, labeljust=l, "
						   "label=<<TABLE"));
		n = dot_edges(one, edges, (int)ARRAY_SIZE(edges));
		for (i = 0; i < n; i++) {
			if (strstr(edges[i].attrs, DRAW_OTHER))
				continue;
			links++;
			if (strstr(edges[i].attrs, DRAW_TREE)) {
				CU_ASSERT(is_rb_node(one, edges[i].to));
				continue;
			}
			if (!is_list_head(one, edges[i].from) ||
			    !is_list_head(one, edges[i].to))
				fprintf(stderr, "draw %s: edge %s -> %s\n",
					e->name, edges[i].from, edges[i].to);
			CU_ASSERT(is_list_head(one, edges[i].from));
			CU_ASSERT(is_list_head(one, edges[i].to));
		}
		if (!links)
			fprintf(stderr, "draw %s: no list arrow\n", e->name);
		CU_ASSERT(links > 0);
		CU_ASSERT_EQUAL(one[strlen(one) - 2], '}');
		drawings++;
		free(one);
		free(two);
	}
	CU_ASSERT_EQUAL(drawings, 9);
}

static char *draw(const char *name, struct dot_edge *edges, int max, int *n)
{
	int ret = -1;
	char *dot = capture_entry(KSTRUCT_KIND_DRAW, name, &ret);

	CU_ASSERT_EQUAL(ret, 0);
	*n = dot ? dot_edges(dot, edges, max) : 0;
	return dot;
}

/*
 * A 512-frame zone, after order 0 (frame 511), order 2 (504), order 2
 * (500, splitting 496-503) and the free of 504: free blocks 510 (order
 * 0), 508 (1), 504 and 496 (2, newest first), 480 (4), 448 (5), 384 (6),
 * 256 (7), 0 (8); order 3 and 9 empty.
 */
static void test_zone(void)
{
	static const char *const rings[10] = {
		"f510", "f508", "f504 f496", "",   "f480",
		"f448", "f384", "f256",	     "f0", "",
	};
	struct dot_edge edges[64];
	char head[16], got[64];
	int n, order;
	char *dot = draw("zone", edges, (int)ARRAY_SIZE(edges), &n);

	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	for (order = 0; order < 10; order++) {
		snprintf(head, sizeof(head), "zone:o%d", order);
		if (!rings[order][0]) {
			/* an empty list has no edge drawn */
			CU_ASSERT_PTR_NULL(dot_edge_from(edges, n, head));
			continue;
		}
		dot_ring(edges, n, head, got, sizeof(got));
		CU_ASSERT_STRING_EQUAL(got, rings[order]);
	}
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "struct page 500-503: used"));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "struct page 511-511: used"));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "free_pages</TD><TD>507</TD>"));
	/*
	 * the blocks top down from the highest address, so that small
	 * orders sit by their heads: 511 first, then 510, ..., 0 last,
	 * each tied to the one above it
	 */
	CU_ASSERT(strstr(dot, "\t\tf511 [") < strstr(dot, "\t\tf510 ["));
	CU_ASSERT(strstr(dot, "\t\tf256 [") < strstr(dot, "\t\tf0 ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\t\tf511 -> f510 [style=invis]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\t\tf256 -> f0 [style=invis]"));
	free(dot);
}

/* B and C are private (i_mmap, in mapping order), A shared */
static void test_i_mmap(void)
{
	struct dot_edge edges[64];
	char got[64];
	int n, i, ptes = 0;
	char *dot = draw("i_mmap", edges, (int)ARRAY_SIZE(edges), &n);

	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	dot_ring(edges, n, "mapping:i_mmap", got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "B C");
	dot_ring(edges, n, "mapping:i_mmap_shared", got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "A");
	/* one pte edge per page each vma maps: 6 + 6 + 2 */
	for (i = 0; i < n; i++)
		ptes += !strncmp(edges[i].to, "cache:p", 7);
	CU_ASSERT_EQUAL(ptes, 14);
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\tC -> cache:p6:n ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\tC -> cache:p7:n ["));
	free(dot);
}

static void test_endpoint_and_association(void)
{
	struct dot_edge edges[64];
	char got[64];
	int n;
	char *dot = draw("endpoint", edges, (int)ARRAY_SIZE(edges), &n);

	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	dot_ring(edges, n, "ep:asocs", got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "asoc0 asoc1");
	dot_ring(edges, n, "ep:addrs", got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "addr0 addr1");
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "peer.transport_count = 3"));
	free(dot);

	dot = draw("association", edges, (int)ARRAY_SIZE(edges), &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	dot_ring(edges, n, "asoc:transports", got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "t0 t1 t2");
	dot_ring(edges, n, "asoc:addrs", got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "addr0 addr1");
	/* the first address of the INIT is primary and active */
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "\tasoc:primary_path:e -> t0:title:ne ["));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "\tasoc:active_path:e -> t0:title:e ["));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "\tasoc:retran_path:e -> t1:title:se ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "<TD>192.168.7.1:6000</TD>"));
	free(dot);
}

/*
 * The machine after 700 ticks: each CPU's rings hold as many tasks as its
 * nr_running says, its curr is the bold one, and no task is both queued
 * and asleep.
 */
static void test_sim(void)
{
	struct dot_edge edges[64];
	char head[32], got[128], curr[32], bold[64], *sleepers;
	int n, cpu, tasks, nr_running;
	char *dot = draw("sim", edges, (int)ARRAY_SIZE(edges), &n);
	const char *p;

	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	p = strstr(dot, "\tsleeping [label=<");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	sleepers = strndup(p, strcspn(p, "\n"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(sleepers);
	for (cpu = 0; cpu < 2; cpu++) {
		const char *rq, *q;

		snprintf(head, sizeof(head), "\tcpu%d [label=<", cpu);
		rq = strstr(dot, head);
		CU_ASSERT_PTR_NOT_NULL_FATAL(rq);
		CU_ASSERT_EQUAL_FATAL(sscanf(strstr(rq, "curr = "),
					     "curr = %31[^<]", curr),
				      1);
		CU_ASSERT_EQUAL_FATAL(sscanf(strstr(rq, "nr_running = "),
					     "nr_running = %d", &nr_running),
				      1);
		tasks = 0;
		for (q = strstr(rq, "PORT=\"a"); q && q < strchr(rq, '\n');
		     q = strstr(q + 1, "PORT=\"a")) {
			const char *t;

			snprintf(head, sizeof(head), "cpu%d:%.*s", cpu,
				 (int)strcspn(q + 6, "\""), q + 6);
			dot_ring(edges, n, head, got, sizeof(got));
			CU_ASSERT_NOT_EQUAL(got[0], '(');
			CU_ASSERT_NOT_EQUAL(got[0], '\0');
			for (t = got; *t; t += strcspn(t, " "), t += !!*t) {
				char node[16], name[40];
				const char *def;

				snprintf(node, sizeof(node), "\t%.*s [label=<",
					 (int)strcspn(t, " "), t);
				def = strstr(dot, node);
				CU_ASSERT_PTR_NOT_NULL_FATAL(def);
				def = strstr(def, "<TR><TD>") + 8;
				snprintf(name, sizeof(name), "<TD>%.*s</TD>",
					 (int)strcspn(def, "<"), def);
				CU_ASSERT_PTR_NULL(strstr(sleepers, name));
				tasks++;
			}
		}
		CU_ASSERT_EQUAL(tasks, nr_running);
		snprintf(bold, sizeof(bold), "<TD><B>%s</B><BR/>", curr);
		CU_ASSERT_PTR_NOT_NULL(strstr(dot, bold));
	}
	/* init waits for its children: asleep, on no runqueue */
	CU_ASSERT_PTR_NOT_NULL(strstr(sleepers, "<TD>init</TD>"));
	free(sleepers);
	free(dot);
}

/* "8B(3R(1B,6B(4R,7R)),13B(10R,14R))": node @from's subtree, read back */
static void tree_shape(const char *dot, const struct dot_edge *e, int n,
		       const char *from, char *buf, size_t size)
{
	static const char *const side[2] = { "rb_left", "rb_right" };
	char want[32], node[64], port[64], fill[16];
	const struct dot_edge *child[2];
	size_t len;
	int i;

	CU_ASSERT_FATAL(dot_port_fill(dot, from, "rb_node", fill,
				      sizeof(fill)) != NULL);
	snprintf(buf, size, "%s%c", from + 1,
		 strcmp(fill, DRAW_RB_RED) ? 'B' : 'R');
	for (i = 0; i < 2; i++) {
		snprintf(want, sizeof(want), "%s:%s", from, side[i]);
		child[i] = dot_edge_from(e, n, want);
	}
	if (!child[0] && !child[1])
		return;
	for (i = 0; i < 2; i++) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "%c", i ? ',' : '(');
		if (!child[i])
			continue;
		dot_split_end(child[i]->to, node, port, sizeof(node));
		CU_ASSERT_STRING_EQUAL(port, "rb_node");
		len = strlen(buf);
		tree_shape(dot, e, n, node, buf + len, size - len);
	}
	len = strlen(buf);
	snprintf(buf + len, size - len, ")");
}

/*
 * 8, 3, 10, 1, 6, 14, 4, 7, 13 by hand: 1 recolours 3 and 10 black, 4
 * recolours 1 and 6 black and 3 red, 13 (left of the red 14, whose
 * uncle is NULL) turns right at 14 and left at 10 and comes up black.
 */
static void test_rbtree(void)
{
	struct dot_edge edges[32];
	char got[128];
	int n;
	char *dot = draw("rbtree", edges, (int)ARRAY_SIZE(edges), &n);
	const struct dot_edge *top;

	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	top = dot_edge_from(edges, n, "root:rb_node");
	CU_ASSERT_PTR_NOT_NULL_FATAL(top);
	CU_ASSERT_STRING_EQUAL(top->to, "k8:rb_node:n");
	tree_shape(dot, edges, n, "k8", got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "8B(3R(1B,6B(4R,7R)),13B(10R,14R))");
	/* a node's key and colour are one run of text: no "8black" in SVG */
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, ">8 black</FONT>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, ">3 red</FONT>"));
	CU_ASSERT_PTR_NULL(strstr(dot, "</B> "));
	/* 9 nodes, 8 children and the root: one arrow each */
	CU_ASSERT_EQUAL(n, 9);
	free(dot);
}

static CU_TestInfo draw_cases[] = {
	{ "every drawing: repeatable, legend, arrows end at list_heads",
	  test_every_drawing },
	{ "zone: the free lists of the buddy allocator", test_zone },
	{ "i_mmap: the rings and the ptes", test_i_mmap },
	{ "endpoint and association: rings and paths",
	  test_endpoint_and_association },
	{ "sim: the queues hold nr_running, curr is bold", test_sim },
	{ "rbtree: the shape and colours rb_add() made", test_rbtree },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/draw", draw_cases, NULL, NULL)
