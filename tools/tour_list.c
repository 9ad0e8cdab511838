// SPDX-License-Identifier: MIT
/*
 * tools/tour_list.c - "kstruct tour list": a guided walk through struct
 * list_head for someone meeting it for the first time.
 *
 * Mirrors no kernel function: it exercises include/linux/list.h
 * (list/list.h) and list_sort() step by step - make a list, add at the
 * head and at the tail, walk it, delete, splice, cut, sort - and prints
 * the ring after each step with every node's prev and next pointers.
 * Addresses are shown as short labels ("head", "A", "B", ...) so that the
 * output is the same on every run and on every machine.
 */
#include <errno.h>
#include <stdio.h>

#include "list/list.h"
#include "list/list_sort.h"
#include "tools/kstruct.h"

/**
 * struct fruit - the example entry: a list_head embedded in a structure
 * @name: a one-letter label, used for this entry's list_head in pictures
 * @weight: a key to sort by
 * @list: the links; any number of these could be embedded
 */
struct fruit {
	char name;
	int weight;
	struct list_head list;
};

/**
 * struct tour_labels - the names the tour prints instead of addresses
 * @heads: the list heads
 * @head_names: their names
 * @nr_heads: how many heads there are
 * @fruits: the entries, labelled by their @name
 * @nr_fruits: how many entries there are
 */
struct tour_labels {
	const struct list_head *heads[3];
	const char *head_names[3];
	int nr_heads;
	struct fruit *fruits;
	int nr_fruits;
};

/* the label of @p: a head's name, an entry's letter, or what it is */
static const char *label(const struct tour_labels *l, const struct list_head *p,
			 char *buf, size_t size)
{
	int i;

	for (i = 0; i < l->nr_heads; i++)
		if (p == l->heads[i])
			return l->head_names[i];
	for (i = 0; i < l->nr_fruits; i++) {
		if (p == &l->fruits[i].list) {
			snprintf(buf, size, "%c", l->fruits[i].name);
			return buf;
		}
	}
	if (p == LIST_POISON1)
		return "POISON1";
	if (p == LIST_POISON2)
		return "POISON2";
	if (!p)
		return "NULL";
	return "?";
}

/* the ring of @head: the walk along ->next, then each node's pointers */
static void show(FILE *out, const struct tour_labels *l,
		 const struct list_head *head)
{
	char b1[8], b2[8], b3[8];
	const struct list_head *pos;
	int guard = 0;

	fprintf(out, "    %s", label(l, head, b1, sizeof(b1)));
	for (pos = head->next; pos != head && guard < 16;
	     pos = pos->next, guard++)
		fprintf(out, " -> %s", label(l, pos, b1, sizeof(b1)));
	fprintf(out, " -> %s%s\n", label(l, head, b1, sizeof(b1)),
		list_check(head) ? "" : "   (BROKEN RING)");
	fprintf(out, "      %-7s %-7s %s\n", "node", "prev", "next");
	pos = head;
	do {
		fprintf(out, "      %-7s %-7s %s\n",
			label(l, pos, b1, sizeof(b1)),
			label(l, pos->prev, b2, sizeof(b2)),
			label(l, pos->next, b3, sizeof(b3)));
		pos = pos->next;
	} while (pos != head && ++guard < 32);
}

static int by_weight(void *priv, const struct list_head *a,
		     const struct list_head *b)
{
	(void)priv;
	return list_entry(a, struct fruit, list)->weight >
	       list_entry(b, struct fruit, list)->weight;
}

/**
 * tour_list() - print the list_head walk-through
 * @out: where to print
 *
 * Context: uses only the stack; no allocation.
 * Return: 0, or -EIO when a ring came out broken (which would be a bug in
 * list/list.h).
 */
static int tour_list(FILE *out)
{
	struct fruit fruits[] = {
		{ .name = 'A', .weight = 30 }, { .name = 'B', .weight = 10 },
		{ .name = 'C', .weight = 20 }, { .name = 'D', .weight = 10 },
		{ .name = 'E', .weight = 5 },
	};
	struct fruit *A = &fruits[0], *B = &fruits[1], *C = &fruits[2];
	struct fruit *D = &fruits[3], *E = &fruits[4], *f;
	LIST_HEAD(basket);
	LIST_HEAD(crate);
	LIST_HEAD(cut);
	struct tour_labels l = {
		.heads = { &basket, &crate, &cut },
		.head_names = { "basket", "crate", "cut" },
		.nr_heads = 3,
		.fruits = fruits,
		.nr_fruits = (int)ARRAY_SIZE(fruits),
	};
	char b1[8], b2[8];
	int i;

	fprintf(out,
		"A struct list_head is two pointers, next and prev.  You embed one in\n"
		"your own structure and the list is a ring of those embedded nodes,\n"
		"closed by a head that belongs to no entry.  Here the entries are\n"
		"struct fruit { char name; int weight; struct list_head list; }, and\n"
		"each node is shown by its fruit's letter instead of its address.\n\n");

	fprintf(out, TOUR_STEP
		"1. LIST_HEAD(basket): an empty list is a head pointing at itself.\n");
	show(out, &l, &basket);
	fprintf(out, "   list_empty(&basket) = %d\n\n", list_empty(&basket));

	fprintf(out, TOUR_STEP
		"2. list_add(&A->list, &basket), then list_add(&B->list, &basket):\n"
		"   list_add inserts right after the head, like pushing on a stack,\n"
		"   so B now comes before A.\n");
	list_add(&A->list, &basket);
	list_add(&B->list, &basket);
	show(out, &l, &basket);
	fprintf(out, "\n");

	fprintf(out, TOUR_STEP
		"3. list_add_tail(&C->list, &basket): insert right before the head,\n"
		"   that is at the end, like a queue.  Four pointers change - the new\n"
		"   entry's two, the head's prev, the old last entry's next - and\n"
		"   nothing is walked.\n");
	list_add_tail(&C->list, &basket);
	show(out, &l, &basket);
	fprintf(out, "\n");

	fprintf(out, TOUR_STEP
		"4. list_for_each_entry(f, &basket, list) walks the ring and, with\n"
		"   container_of, turns each node back into its struct fruit:\n   ");
	list_for_each_entry(f, &basket, list)
		fprintf(out, " %c(weight %d)", f->name, f->weight);
	fprintf(out, "\n\n");

	fprintf(out, TOUR_STEP
		"5. list_del(&A->list): B and C now point at each other.  A's own\n"
		"   pointers are poisoned, so using A as if it were still linked\n"
		"   faults at once instead of corrupting memory quietly.\n");
	list_del(&A->list);
	show(out, &l, &basket);
	fprintf(out, "   A: prev=%s next=%s\n\n",
		label(&l, A->list.prev, b1, sizeof(b1)),
		label(&l, A->list.next, b2, sizeof(b2)));

	fprintf(out, TOUR_STEP
		"6. A second list, crate, gets D, E and A (A may join a list again:\n"
		"   list_add only writes its pointers).\n");
	list_add_tail(&D->list, &crate);
	list_add_tail(&E->list, &crate);
	list_add_tail(&A->list, &crate);
	show(out, &l, &crate);
	fprintf(out,
		"   list_splice_tail_init(&crate, &basket) moves all of crate to the\n"
		"   end of basket in O(1) - four pointers - and leaves crate empty:\n");
	list_splice_tail_init(&crate, &basket);
	show(out, &l, &basket);
	show(out, &l, &crate);
	fprintf(out, "\n");

	fprintf(out, TOUR_STEP
		"7. list_cut_position(&cut, &basket, &D->list) moves the front of\n"
		"   basket, up to and including D, to the list cut:\n");
	list_cut_position(&cut, &basket, &D->list);
	show(out, &l, &cut);
	show(out, &l, &basket);
	fprintf(out,
		"   and list_splice_init(&cut, &basket) puts it back in front:\n");
	list_splice_init(&cut, &basket);
	show(out, &l, &basket);
	fprintf(out, "\n");

	fprintf(out, TOUR_STEP
		"8. list_sort(NULL, &basket, by_weight) sorts by weight with a merge\n"
		"   sort that only relinks nodes (no copying, no extra memory).  It\n"
		"   is stable: B and D weigh the same and keep their order.\n");
	list_sort(NULL, &basket, by_weight);
	show(out, &l, &basket);
	fprintf(out, "   ");
	list_for_each_entry(f, &basket, list)
		fprintf(out, " %c(%d)", f->name, f->weight);
	fprintf(out, "\n\n");

	fprintf(out,
		TOUR_STEP
		"9. list_check(&basket) walks the whole ring and verifies that every\n"
		"   node's next->prev points back at it: %s.  The tests call it\n"
		"   after every step; the scheduler, SCTP and mm checkers use it too.\n",
		list_check(&basket) ? "sound" : "BROKEN");
	fprintf(out,
		"\n"
		"What later kernels changed: 2.5.33's list.h had no hlist, no RCU\n"
		"variants and no poison - its list_del() set next and prev to NULL.\n"
		"2.5.44 added the RCU variants, 2.5.64 the hlist, 2.5.70\n"
		"list_for_each_entry_safe() and 2.5.71 the poison values of step 5.\n"
		"Later kernels added list_cut_position(), a list_sort() in lib/ and the\n"
		"CONFIG_DEBUG_LIST checks of lib/list_debug.c.  The API here is the\n"
		"modern kernel's, on 2.5.33's struct list_head (docs/list.md).\n");

	if (!list_check(&basket) || !list_empty(&crate) || !list_empty(&cut))
		return -EIO;
	for (i = 0; i < (int)ARRAY_SIZE(fruits); i++)
		list_del(&fruits[i].list);
	return list_empty(&basket) ? 0 : -EIO;
}

KSTRUCT_TOUR("list", 10, "struct list_head: add, delete, splice, cut, sort",
	     tour_list)
