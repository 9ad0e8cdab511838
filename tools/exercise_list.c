// SPDX-License-Identifier: MIT
/*
 * tools/exercise_list.c - the exercises of docs/list.md.
 *
 * Mirrors no kernel function: each builds a few lists with list/list.h
 * and prints them.  The code between "exercise NAME setup {" and "}" is
 * what the page shows (tests/tools/test_exercise.c holds them equal).
 */
#include <errno.h>
#include <stdio.h>

#include "list/list.h"
#include "list/list_sort.h"
#include "tools/kstruct.h"

/**
 * struct item - an entry of the exercises' lists
 * @n: its number, which the lists are printed by
 * @weight: a key to sort by
 * @list: its links
 */
struct item {
	int n;
	int weight;
	struct list_head list;
};

/* "name: 1 2 3" (or "name: (empty)"), the ring walked along ->next */
static void print_items(FILE *out, const char *name, struct list_head *head)
{
	struct item *it;

	fprintf(out, "%s:", name);
	if (list_empty(head))
		fprintf(out, " (empty)");
	list_for_each_entry(it, head, list)
		fprintf(out, " %d", it->n);
	fputc('\n', out);
}

static int exercise_list_cut(FILE *out)
{
	/* exercise list-cut setup { */
	struct item items[5];
	LIST_HEAD(a);
	LIST_HEAD(b);
	int i;

	for (i = 0; i < 5; i++) {
		items[i].n = i + 1;
		list_add_tail(&items[i].list, &a); /* a: 1 2 3 4 5 */
	}
	list_cut_position(&b, &a, &items[2].list); /* at the entry 3 */
	/* } */
	print_items(out, "a", &a);
	print_items(out, "b", &b);
	return list_check(&a) && list_check(&b) ? 0 : -EIO;
}

static int exercise_list_splice(FILE *out)
{
	/* exercise list-splice setup { */
	struct item one = { .n = 1 }, two = { .n = 2 };
	struct item eight = { .n = 8 }, nine = { .n = 9 };
	LIST_HEAD(a);
	LIST_HEAD(b);

	list_add_tail(&one.list, &a);
	list_add_tail(&two.list, &a); /* a: 1 2 */
	list_add_tail(&eight.list, &b);
	list_add_tail(&nine.list, &b); /* b: 8 9 */
	list_splice(&b, &a);
	/* } */
	print_items(out, "a", &a);
	fprintf(out, "list_empty(&b) = %d\n", list_empty(&b));
	fprintf(out, "b.next is the entry %d, whose prev is %s\n",
		list_entry(b.next, struct item, list)->n,
		b.next->prev == &a ? "the head a" :
		b.next->prev == &b ? "the head b" :
				     "another entry");
	return list_check(&a) ? 0 : -EIO;
}

static int by_weight(void *priv, const struct list_head *a,
		     const struct list_head *b)
{
	(void)priv;
	return list_entry(a, struct item, list)->weight >
	       list_entry(b, struct item, list)->weight;
}

static int by_weight_or_equal(void *priv, const struct list_head *a,
			      const struct list_head *b)
{
	(void)priv;
	return list_entry(a, struct item, list)->weight >=
	       list_entry(b, struct item, list)->weight;
}

static int exercise_list_sort(FILE *out)
{
	/* exercise list-sort setup { */
	static const int weights[6] = { 3, 1, 3, 2, 1, 3 };
	struct item items[6];
	LIST_HEAD(a);
	int i;

	for (i = 0; i < 6; i++) { /* 1..6, weighing 3 1 3 2 1 3 */
		items[i].n = i + 1;
		items[i].weight = weights[i];
		list_add_tail(&items[i].list, &a);
	}
	list_sort(NULL, &a, by_weight); /* a->weight > b->weight */
	/* } */
	print_items(out, "by_weight", &a);
	/* the same, from 1..6 again, with a comparison that says >= */
	INIT_LIST_HEAD(&a);
	for (i = 0; i < 6; i++)
		list_add_tail(&items[i].list, &a);
	list_sort(NULL, &a, by_weight_or_equal);
	print_items(out, "by_weight_or_equal", &a);
	return list_check(&a) ? 0 : -EIO;
}

KSTRUCT_EXERCISE("list-cut", 10,
		 "docs/list.md: what list_cut_position() "
		 "leaves in each list",
		 exercise_list_cut)
KSTRUCT_EXERCISE("list-splice", 11,
		 "docs/list.md: list_splice() without "
		 "_init, and the list it leaves behind",
		 exercise_list_splice)
KSTRUCT_EXERCISE("list-sort", 12,
		 "docs/list.md: list_sort() is stable - "
		 "if the comparison is strict",
		 exercise_list_sort)
