/* SPDX-License-Identifier: MIT */
/*
 * list/list_sort.h - sort a struct list_head list.
 *
 * Mirrors include/linux/list_sort.h of later kernels (2.5.33 had no
 * list_sort): same name, argument order and comparator contract.
 */
#ifndef KSTRUCT_LIST_LIST_SORT_H
#define KSTRUCT_LIST_LIST_SORT_H

#include <kstruct/compat/export.h>

struct list_head;

KSTRUCT_EXPORT_BEGIN

/*
 * list_cmp_func_t - the comparator: > 0 when @a sorts after @b, <= 0
 * otherwise (a boolean "a > b" will do).  It is the kernel's name for
 * a pointer to function type; no struct is hidden behind it.
 */
typedef int (*list_cmp_func_t)(void *priv, const struct list_head *a,
			       const struct list_head *b);

/**
 * list_sort() - sort a list, stably
 * @priv: passed untouched to @cmp
 * @head: the list to sort
 * @cmp: the comparator; list_sort() only ever passes it two entries of
 *       @head (never @head itself), the one that came first in the input
 *       as @a
 *
 * Entries that compare equal keep their order.  Bottom-up merge sort:
 * O(n log n) comparisons, O(1) memory beyond the list itself (no
 * recursion, no array).
 *
 * Context: any; @cmp must not change the list.
 */
void list_sort(void *priv, struct list_head *head, list_cmp_func_t cmp);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_LIST_LIST_SORT_H */
