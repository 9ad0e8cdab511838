// SPDX-License-Identifier: MIT
/*
 * tools/exercise_list.c - the exercises of docs/list.md.
 *
 * Mirrors no kernel function: each builds a few lists with list/list.h
 * from its instance's parameters and reads the answer off them.  The code
 * between "exercise NAME setup {" and "}" is what the page shows
 * (tests/tools/test_exercise.c holds them equal).
 */
#include <errno.h>
#include <stdio.h>

#include "list/list.h"
#include "list/list_sort.h"
#include "tools/exercise.h"
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

#define MAX_ITEMS 9

/* " 1 2 3" (or " (empty)"): the ring walked along ->next */
static void print_items(FILE *out, struct list_head *head)
{
	struct item *it;

	if (list_empty(head))
		fprintf(out, " (empty)");
	list_for_each_entry(it, head, list)
		fprintf(out, " %d", it->n);
}

/* the same, at the end of @ex's answer */
static void answer_items(struct exercise *ex, struct list_head *head)
{
	struct item *it;

	if (list_empty(head))
		exercise_answer(ex, " (empty)");
	list_for_each_entry(it, head, list)
		exercise_answer(ex, " %d", it->n);
}

#define ITEMS_FORM "N N ... (or (empty))"
#define ITEMS_RE "(\\(empty\\)|[0-9]+( [0-9]+)*)"

static int exercise_list_cut(struct exercise *ex)
{
	int n = (int)exercise_pick(ex, 5, 3, MAX_ITEMS);
	int cut = (int)exercise_pick(ex, 3, 1, n);
	/* exercise list-cut setup { */
	struct item items[MAX_ITEMS]; /* n of them, cut in 1..n */
	LIST_HEAD(a);
	LIST_HEAD(b);
	int i;

	for (i = 0; i < n; i++) {
		items[i].n = i + 1;
		list_add_tail(&items[i].list, &a); /* a: 1 2 ... n */
	}
	list_cut_position(&b, &a, &items[cut - 1].list); /* at the entry cut */
	/* } */
	fprintf(ex->question,
		"a holds the entries 1 to %d, added in that order with\n"
		"list_add_tail(); b is empty.  Then\n\n"
		"\tlist_cut_position(&b, &a, &items[%d].list); /* the entry %d */\n\n"
		"What do a and b hold, front to back?\n",
		n, cut - 1, cut);
	exercise_answer(ex, "a:");
	answer_items(ex, &a);
	exercise_answer(ex, "; b:");
	answer_items(ex, &b);
	/* the likely slip: the entry given stays in a */
	exercise_wrong(ex, "a:");
	for (i = cut; i <= n; i++)
		exercise_wrong(ex, " %d", i);
	exercise_wrong(ex, "; b:");
	for (i = 1; i < cut; i++)
		exercise_wrong(ex, " %d", i);
	if (cut == 1)
		exercise_wrong(ex, " (empty)");
	fprintf(ex->why,
		"The front of a, up to and including the entry %d, moved to b in "
		"the\nsame order; a kept what came after it.\na:",
		cut);
	print_items(ex->why, &a);
	fprintf(ex->why, "\nb:");
	print_items(ex->why, &b);
	fputc('\n', ex->why);
	ex->form = "a: " ITEMS_FORM "; b: " ITEMS_FORM;
	ex->pattern = "^a:" ITEMS_RE ";b:" ITEMS_RE "$";
	ex->hint = "which side of the cut does the entry given go to?";
	return list_check(&a) && list_check(&b) ? 0 : -EIO;
}

static const char *const splice_names[4] = {
	"list_splice",
	"list_splice_tail",
	"list_splice_init",
	"list_splice_tail_init",
};

static int exercise_list_splice(struct exercise *ex)
{
	int na = (int)exercise_pick(ex, 2, 1, 4);
	int nb = (int)exercise_pick(ex, 2, 1, 4);
	int how = (int)exercise_pick(ex, 0, 0, 3);
	struct item *first;
	/* exercise list-splice setup { */
	struct item items[8]; /* a: 1..na, b: 8..(8 + nb - 1) */
	LIST_HEAD(a);
	LIST_HEAD(b);
	int i;

	for (i = 0; i < na; i++) {
		items[i].n = i + 1;
		list_add_tail(&items[i].list, &a);
	}
	for (i = 0; i < nb; i++) {
		items[4 + i].n = 8 + i;
		list_add_tail(&items[4 + i].list, &b);
	}
	switch (how) { /* which splice */
	case 0:
		list_splice(&b, &a);
		break;
	case 1:
		list_splice_tail(&b, &a);
		break;
	case 2:
		list_splice_init(&b, &a);
		break;
	default:
		list_splice_tail_init(&b, &a);
	}
	/* } */
	fprintf(ex->question,
		"a holds the entries 1 to %d and b the entries 8 to %d, each added "
		"in\nthat order with list_add_tail() (a list of one: its one "
		"entry).  Then\n\n"
		"\t%s(&b, &a);\n\n"
		"What does a hold, front to back?  What is list_empty(&b)?  And "
		"whose\nprev is b.next: the head a, the head b, or an entry (its "
		"number)?\n",
		na, 8 + nb - 1, splice_names[how]);
	exercise_answer(ex, "a:");
	answer_items(ex, &a);
	exercise_answer(ex, "; list_empty: %d; prev: ", list_empty(&b));
	if (b.next->prev == &a)
		exercise_answer(ex, "a");
	else if (b.next->prev == &b)
		exercise_answer(ex, "b");
	else
		exercise_answer(ex, "%d",
				list_entry(b.next->prev, struct item, list)->n);
	fprintf(ex->why, "a:");
	print_items(ex->why, &a);
	fprintf(ex->why, "\nlist_empty(&b) = %d\n", list_empty(&b));
	if (b.next == &b) {
		fprintf(ex->why,
			"b.next is b itself: %s() made b empty again\n",
			splice_names[how]);
	} else {
		first = list_entry(b.next, struct item, list);
		fprintf(ex->why,
			"b.next is still the entry %d, whose prev is %s: b's "
			"head was\nnot reset, and it points into a\n",
			first->n,
			b.next->prev == &a ? "the head a" : "another entry");
	}
	ex->form = "a: N N ...; list_empty: 0 or 1; prev: a, b or N";
	ex->pattern = "^a:[0-9]+( [0-9]+)*;list_empty:[01];prev:(a|b|[0-9]+)$";
	ex->hint = "where does the splice put b's entries, and does it "
		   "touch b's own head?";
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

/* the numbers of @head's entries, in order, into @ex's answer and why */
static void sorted(struct exercise *ex, const char *name,
		   struct list_head *head)
{
	exercise_answer(ex, "%s:", name);
	answer_items(ex, head);
	fprintf(ex->why, "%s:", name);
	print_items(ex->why, head);
	fputc('\n', ex->why);
}

static int exercise_list_sort(struct exercise *ex)
{
	static const int page_weights[6] = { 3, 1, 3, 2, 1, 3 };
	int n = (int)exercise_pick(ex, 6, 4, 8), weights[8], i;

	for (i = 0; i < n; i++)
		weights[i] = (int)exercise_pick(ex, page_weights[i % 6], 1, 3);
	fprintf(ex->question, "The entries 1 to %d, weighing", n);
	for (i = 0; i < n; i++)
		fprintf(ex->question, " %d", weights[i]);
	fprintf(ex->question,
		",\nare added to a in that order with list_add_tail(), and "
		"sorted with\n\n"
		"\tlist_sort(NULL, &a, by_weight); /* a->weight > b->weight */\n\n"
		"Then the same entries, 1 to %d again, are sorted with "
		"by_weight_or_equal,\nwhose comparison says >= instead.  In "
		"which order is each list?\n",
		n);
	{
		/* exercise list-sort setup { */
		struct item items[8]; /* n of them, 1..n, weighing weights[i] */
		LIST_HEAD(a);

		for (i = 0; i < n; i++) {
			items[i].n = i + 1;
			items[i].weight = weights[i];
			list_add_tail(&items[i].list, &a);
		}
		list_sort(NULL, &a, by_weight); /* a->weight > b->weight */
		/* } */
		sorted(ex, "by_weight", &a);
		if (!list_check(&a))
			return -EIO;
		/* the same, from 1..n again, with a comparison that says >= */
		INIT_LIST_HEAD(&a);
		for (i = 0; i < n; i++)
			list_add_tail(&items[i].list, &a);
		list_sort(NULL, &a, by_weight_or_equal);
		exercise_answer(ex, "; ");
		sorted(ex, "by_weight_or_equal", &a);
		if (!list_check(&a))
			return -EIO;
	}
	fprintf(ex->why,
		"list_sort() keeps a before b when cmp(a, b) <= 0: with a strict\n"
		"comparison, entries of equal weight keep their order (stable); "
		"with >=,\nevery tie puts the later entry first, and equal "
		"weights come out reversed.\n");
	ex->form = "by_weight: N N ...; by_weight_or_equal: N N ...";
	ex->pattern = "^by_weight:[0-9]+( [0-9]+)*;"
		      "by_weight_or_equal:[0-9]+( [0-9]+)*$";
	ex->hint = "what does list_sort() do with two entries its comparison "
		   "calls equal, or says > of?";
	return 0;
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
