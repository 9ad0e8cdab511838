// SPDX-License-Identifier: MIT
/*
 * list/list_debug.c - the checks behind LIST_DEBUG, and list_check().
 *
 * Mirrors lib/list_debug.c (CONFIG_DEBUG_LIST) of later kernels; 2.5.33
 * had no such checks.  Differences: the report names the caller's
 * file:line (recorded by the LIST_DEBUG wrappers in list.h), goes through
 * the check handler of compat/check.h, and the caller skips the operation
 * instead of carrying on.  An add whose prev or next is a poison value
 * (next to an entry list_del() left) is reported as such; the kernel's
 * check would dereference the poison and fault.  list_check() and
 * hlist_check() are this project's, in the manner of ccan/list's
 * list_check(), and report as every kstruct checker does.
 *
 * This file is always built with LIST_DEBUG, so the library serves both
 * debug and non-debug users.  list_check and hlist_check are defined in
 * parentheses because list.h makes them caller-recording macros.
 */
#ifndef LIST_DEBUG
#define LIST_DEBUG
#endif
#include "list/list.h"

static bool is_poison(const void *p)
{
	return p == (const void *)LIST_POISON1 ||
	       p == (const void *)LIST_POISON2;
}

bool __list_add_valid(struct list_head *entry, struct list_head *prev,
		      struct list_head *next)
{
	if (!prev || !next) {
		check_corruption("list_add", "prev (%p) or next (%p) is NULL",
				 (void *)prev, (void *)next);
		return false;
	}
	/* adding next to an entry that list_del() poisoned */
	if (is_poison(prev) || is_poison(next)) {
		check_corruption(
			"list_add",
			"prev (%p) or next (%p) is poison: the entry added next to was deleted",
			(void *)prev, (void *)next);
		return false;
	}
	if (next->prev != prev) {
		check_corruption(
			"list_add",
			"next->prev should be prev (%p), but was %p (next=%p)",
			(void *)prev, (void *)next->prev, (void *)next);
		return false;
	}
	if (prev->next != next) {
		check_corruption(
			"list_add",
			"prev->next should be next (%p), but was %p (prev=%p)",
			(void *)next, (void *)prev->next, (void *)prev);
		return false;
	}
	if (entry == prev || entry == next) {
		check_corruption("list_add",
				 "double add: new=%p, prev=%p, next=%p",
				 (void *)entry, (void *)prev, (void *)next);
		return false;
	}
	return true;
}

bool __list_del_entry_valid(struct list_head *entry)
{
	struct list_head *prev = entry->prev;
	struct list_head *next = entry->next;

	if (!next || !prev) {
		check_corruption("list_del",
				 "%p has NULL pointer (next=%p, prev=%p)",
				 (void *)entry, (void *)next, (void *)prev);
		return false;
	}
	if (next == LIST_POISON1) {
		check_corruption(
			"list_del",
			"%p->next is LIST_POISON1 (%p): already deleted",
			(void *)entry, (void *)LIST_POISON1);
		return false;
	}
	if (prev == LIST_POISON2) {
		check_corruption(
			"list_del",
			"%p->prev is LIST_POISON2 (%p): already deleted",
			(void *)entry, (void *)LIST_POISON2);
		return false;
	}
	if (prev->next != entry) {
		check_corruption(
			"list_del",
			"prev->next should be %p, but was %p (prev=%p)",
			(void *)entry, (void *)prev->next, (void *)prev);
		return false;
	}
	if (next->prev != entry) {
		check_corruption(
			"list_del",
			"next->prev should be %p, but was %p (next=%p)",
			(void *)entry, (void *)next->prev, (void *)next);
		return false;
	}
	return true;
}

bool (list_check)(const struct list_head *head)
{
	const struct list_head *pos = head;
	unsigned long index = 0;

	if (!head)
		return check_fail("no list head (NULL)");
	do {
		const struct list_head *next = pos->next;

		if (!next || !pos->prev || is_poison(next) ||
		    is_poison(pos->prev))
			return check_fail(
				"node %lu (%p) of list %p has next=%p prev=%p",
				index, (const void *)pos, (const void *)head,
				(const void *)next, (const void *)pos->prev);
		if (next->prev != pos)
			return check_fail(
				"node %lu (%p) of list %p: next->prev should be %p, but was %p",
				index, (const void *)next, (const void *)head,
				(const void *)pos, (const void *)next->prev);
		pos = next;
		index++;
	} while (pos != head);
	return true;
}

bool (hlist_check)(const struct hlist_head *h)
{
	struct hlist_node *const *expect;
	const struct hlist_node *pos;
	unsigned long index = 0;

	if (!h)
		return check_fail("no hlist head (NULL)");
	expect = &h->first;
	for (pos = h->first; pos; pos = pos->next) {
		if (is_poison(pos)) /* not to be dereferenced */
			return check_fail(
				"node %lu of chain %p is poison (%p): a deleted node's next was followed",
				index, (const void *)h, (const void *)pos);
		if (pos->pprev != expect)
			return check_fail(
				"node %lu (%p) of chain %p: pprev should be %p, but was %p",
				index, (const void *)pos, (const void *)h,
				(const void *)expect, (const void *)pos->pprev);
		expect = &pos->next;
		index++;
	}
	return true;
}
