// SPDX-License-Identifier: MIT
/*
 * list/list_debug.c - the checks behind LIST_DEBUG, and list_check().
 *
 * Mirrors lib/list_debug.c (CONFIG_DEBUG_LIST) of later kernels; 2.5.33
 * had no such checks.  Differences: the report names the caller's
 * file:line (recorded by the LIST_DEBUG wrappers in list.h), goes through
 * a replaceable handler, and the caller skips the operation instead of
 * carrying on.  An add whose prev or next is a poison value (next to an
 * entry list_del() left) is reported as such; the kernel's check would
 * dereference the poison and fault.  list_check() and hlist_check() are
 * this project's, in the manner of ccan/list's list_check().
 *
 * This file is always built with LIST_DEBUG, so the library serves both
 * debug and non-debug users.  list_check and hlist_check are defined in
 * parentheses because LIST_DEBUG makes them caller-recording macros.
 */
#ifndef LIST_DEBUG
#define LIST_DEBUG
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "list/list.h"

static list_debug_handler_fn *debug_handler;
static _Thread_local const char *caller_file;
static _Thread_local int caller_line;

list_debug_handler_fn *list_debug_set_handler(list_debug_handler_fn *fn)
{
	return __atomic_exchange_n(&debug_handler, fn, __ATOMIC_SEQ_CST);
}

void __list_debug_at(const char *file, int line)
{
	caller_file = file;
	caller_line = line;
}

bool __list_debug_end(bool ok)
{
	caller_file = NULL;
	return ok;
}

/*
 * One line: "<op> corruption at <file:line>: <detail>", then the handler.
 * Without a handler the line goes to stderr and, when @fatal, the process
 * aborts: an add or delete that found its neighbours corrupt cannot be
 * carried on with.  list_check() and hlist_check() are questions whose
 * callers handle a false answer, so they are not fatal.
 */
static void __attribute__((format(printf, 3, 0)))
vreport(bool fatal, const char *op, const char *fmt, va_list ap)
{
	list_debug_handler_fn *fn = __atomic_load_n(&debug_handler,
						    __ATOMIC_SEQ_CST);
	char msg[320];
	int len;

	if (caller_file)
		len = snprintf(msg, sizeof(msg), "%s corruption at %s:%d: ",
			       op, caller_file, caller_line);
	else
		len = snprintf(msg, sizeof(msg),
			       "%s corruption at (unknown caller): ", op);
	if (len < 0)
		len = 0;
	if ((size_t)len < sizeof(msg) - 1)	/* else: truncated already */
		vsnprintf(msg + len, sizeof(msg) - (size_t)len, fmt, ap);
	if (fn) {
		fn(msg);
		return;
	}
	fprintf(stderr, "%s\n", msg);
	fflush(stderr);
	if (fatal)
		abort();
}

static void __attribute__((format(printf, 3, 4)))
report(bool fatal, const char *op, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(fatal, op, fmt, ap);
	va_end(ap);
}

void __list_check_report(const char *op, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(false, op, fmt, ap);
	va_end(ap);
}

static bool is_poison(const void *p)
{
	return p == (const void *)LIST_POISON1 ||
	       p == (const void *)LIST_POISON2;
}

bool __list_add_valid(struct list_head *entry, struct list_head *prev,
		      struct list_head *next)
{
	if (!prev || !next) {
		report(true, "list_add", "prev (%p) or next (%p) is NULL",
		       (void *)prev, (void *)next);
		return false;
	}
	/* adding next to an entry that list_del() poisoned */
	if (is_poison(prev) || is_poison(next)) {
		report(true, "list_add", "prev (%p) or next (%p) is poison: the entry added next to was deleted",
		       (void *)prev, (void *)next);
		return false;
	}
	if (next->prev != prev) {
		report(true, "list_add", "next->prev should be prev (%p), but was %p (next=%p)",
		       (void *)prev, (void *)next->prev, (void *)next);
		return false;
	}
	if (prev->next != next) {
		report(true, "list_add", "prev->next should be next (%p), but was %p (prev=%p)",
		       (void *)next, (void *)prev->next, (void *)prev);
		return false;
	}
	if (entry == prev || entry == next) {
		report(true, "list_add", "double add: new=%p, prev=%p, next=%p",
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
		report(true, "list_del", "%p has NULL pointer (next=%p, prev=%p)",
		       (void *)entry, (void *)next, (void *)prev);
		return false;
	}
	if (next == LIST_POISON1) {
		report(true, "list_del", "%p->next is LIST_POISON1 (%p): already deleted",
		       (void *)entry, (void *)LIST_POISON1);
		return false;
	}
	if (prev == LIST_POISON2) {
		report(true, "list_del", "%p->prev is LIST_POISON2 (%p): already deleted",
		       (void *)entry, (void *)LIST_POISON2);
		return false;
	}
	if (prev->next != entry) {
		report(true, "list_del", "prev->next should be %p, but was %p (prev=%p)",
		       (void *)entry, (void *)prev->next, (void *)prev);
		return false;
	}
	if (next->prev != entry) {
		report(true, "list_del", "next->prev should be %p, but was %p (next=%p)",
		       (void *)entry, (void *)next->prev, (void *)next);
		return false;
	}
	return true;
}

bool (list_check)(const struct list_head *head)
{
	const struct list_head *pos = head;
	unsigned long index = 0;

	do {
		const struct list_head *next = pos->next;

		if (!next || !pos->prev || is_poison(next) ||
		    is_poison(pos->prev)) {
			report(false, "list_check",
			       "node %lu (%p) of list %p has next=%p prev=%p",
			       index, (const void *)pos, (const void *)head,
			       (const void *)next, (const void *)pos->prev);
			return false;
		}
		if (next->prev != pos) {
			report(false, "list_check",
			       "node %lu (%p) of list %p: next->prev should be %p, but was %p",
			       index, (const void *)next, (const void *)head,
			       (const void *)pos, (const void *)next->prev);
			return false;
		}
		pos = next;
		index++;
	} while (pos != head);
	return true;
}

bool (hlist_check)(const struct hlist_head *h)
{
	struct hlist_node *const *expect = &h->first;
	const struct hlist_node *pos;
	unsigned long index = 0;

	for (pos = h->first; pos; pos = pos->next) {
		if (is_poison(pos)) {		/* not to be dereferenced */
			report(false, "hlist_check",
			       "node %lu of chain %p is poison (%p): a deleted node's next was followed",
			       index, (const void *)h, (const void *)pos);
			return false;
		}
		if (pos->pprev != expect) {
			report(false, "hlist_check",
			       "node %lu (%p) of chain %p: pprev should be %p, but was %p",
			       index, (const void *)pos, (const void *)h,
			       (const void *)expect,
			       (const void *)pos->pprev);
			return false;
		}
		expect = &pos->next;
		index++;
	}
	return true;
}
