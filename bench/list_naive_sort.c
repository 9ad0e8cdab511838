// SPDX-License-Identifier: MIT
/*
 * bench/list_naive_sort.c - a naive merge sort of a struct list_head ring,
 * the baseline the list benchmark compares list_sort() with.
 *
 * Mirrors no kernel file (2.5.33 had no list_sort; later kernels'
 * lib/list_sort.c is what list/list_sort.c ports).  This is the textbook
 * version a newcomer writes first: break the ring into a NULL-terminated
 * chain, split each run in two by walking it with a slow and a fast
 * pointer, sort both halves recursively, merge, and rebuild the prev
 * links at the end.  Stable; O(n log n) comparisons, but it walks every
 * run once more to find its middle and recurses O(log n) deep.
 */
#include <stddef.h>

#include "bench/list_bench.h"
#include "list/list.h"
#include "list/list_sort.h"

/* merge two sorted NULL-terminated chains; on ties @a's entry goes first */
static struct list_head *naive_merge(void *priv, list_cmp_func_t cmp,
				     struct list_head *a, struct list_head *b)
{
	struct list_head merged, *tail = &merged;

	while (a && b) {
		if (cmp(priv, a, b) <= 0) {
			tail->next = a;
			a = a->next;
		} else {
			tail->next = b;
			b = b->next;
		}
		tail = tail->next;
	}
	tail->next = a ? a : b;
	return merged.next;
}

static struct list_head *naive_sort_chain(void *priv, list_cmp_func_t cmp,
					  struct list_head *first)
{
	struct list_head *slow = first, *fast, *second;

	if (!first || !first->next)
		return first;
	/* slow stops at the last entry of the first half */
	for (fast = first->next; fast && fast->next; fast = fast->next->next)
		slow = slow->next;
	second = slow->next;
	slow->next = NULL;
	return naive_merge(priv, cmp, naive_sort_chain(priv, cmp, first),
			   naive_sort_chain(priv, cmp, second));
}

void list_naive_merge_sort(void *priv, struct list_head *head,
			   list_cmp_func_t cmp)
{
	struct list_head *pos, *prev;

	if (list_empty(head) || list_is_singular(head))
		return;
	head->prev->next = NULL;
	pos = naive_sort_chain(priv, cmp, head->next);
	head->next = pos;
	for (prev = head; pos; prev = pos, pos = pos->next)
		pos->prev = prev;
	prev->next = head;
	head->prev = prev;
}
