// SPDX-License-Identifier: MIT
/*
 * list/list_sort.c - stable bottom-up merge sort of a list.
 *
 * Mirrors lib/list_sort.c's list_sort() of later kernels (2.5.33 had
 * none): same interface and the same guarantees (stable, O(n log n)
 * comparisons, O(1) extra memory).  Written for this project from that
 * description; differences:
 * - The runs waiting to be merged are merged as a binary counter merges
 *   its carries: after the k-th entry arrives, one merge per trailing one
 *   bit of k-1, always of two runs of equal length.  The final pass then
 *   merges the left-over runs, smallest first.  The kernel instead delays
 *   each merge to keep every merge, the final ones included, within 2:1;
 *   here the final merges can be lopsided (a short run into a long one),
 *   which costs at most n comparisons in all.
 * - No cond_resched() hook: nothing in userspace needs one.
 */
#include <stddef.h>

#include "list/list.h"
#include "list/list_sort.h"

/*
 * Merge two sorted NULL-terminated chains (linked by ->next only; ->prev
 * is left alone).  @a holds the entries that came first in the input, so
 * on a tie @a's entry goes first: that is what makes the sort stable.
 */
static struct list_head *merge(void *priv, list_cmp_func_t cmp,
			       struct list_head *a, struct list_head *b)
{
	struct list_head *first = NULL, **link = &first;

	for (;;) {
		if (cmp(priv, a, b) > 0) {
			*link = b;
			link = &b->next;
			b = b->next;
			if (!b) {
				*link = a;
				break;
			}
		} else {
			*link = a;
			link = &a->next;
			a = a->next;
			if (!a) {
				*link = b;
				break;
			}
		}
	}
	return first;
}

/*
 * The last merge: as merge(), but it also rebuilds every ->prev and
 * closes the ring around @head.  Either chain may be NULL.
 */
static void merge_final(void *priv, list_cmp_func_t cmp, struct list_head *head,
			struct list_head *a, struct list_head *b)
{
	struct list_head *tail = head, *next;

	while (a && b) {
		if (cmp(priv, a, b) > 0) {
			next = b;
			b = b->next;
		} else {
			next = a;
			a = a->next;
		}
		tail->next = next;
		next->prev = tail;
		tail = next;
	}
	for (a = a ? a : b; a; a = a->next) {
		tail->next = a;
		a->prev = tail;
		tail = a;
	}
	tail->next = head;
	head->prev = tail;
}

void list_sort(void *priv, struct list_head *head, list_cmp_func_t cmp)
{
	struct list_head *input = head->next;
	struct list_head *pending = NULL; /* newest run; ->prev: older */
	struct list_head *run, *older;
	size_t count = 0;

	if (input == head->prev) /* empty or one entry */
		return;
	head->prev->next = NULL;

	/*
	 * Each entry arrives as a run of one.  Runs waiting to be merged
	 * form a stack threaded through the ->prev of each run's first
	 * entry; their lengths are the one bits of count, largest deepest.
	 */
	while (input) {
		size_t carry;

		run = input;
		input = input->next;
		run->next = NULL;
		for (carry = count; carry & 1; carry >>= 1) {
			older = pending;
			pending = older->prev;
			run = merge(priv, cmp, older, run);
		}
		run->prev = pending;
		pending = run;
		count++;
	}

	/* Merge what is left, newest (shortest) first; the last one relinks. */
	run = pending;
	older = run->prev;
	while (older && older->prev) {
		struct list_head *deeper = older->prev;

		run = merge(priv, cmp, older, run);
		older = deeper;
	}
	merge_final(priv, cmp, head, older, run);
}
