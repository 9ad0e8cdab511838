/* SPDX-License-Identifier: MIT */
/*
 * bench/mm_itree.h - an interval tree of file ranges, the baseline that
 * vmtruncate_list()'s i_mmap walk is measured against.
 *
 * Linux replaced the i_mmap lists with a priority search tree in 2.6.7
 * and with an augmented red-black interval tree in 3.7.  This is the
 * latter idea: list/rbtree_augmented.h's red-black tree keyed by the
 * first file page of each range, each node augmented with the largest
 * last page in its subtree (RB_DECLARE_CALLBACKS_MAX), so a query for
 * "every range that reaches page P or beyond" skips every subtree whose
 * largest last page is below P.  The structs are here so that
 * tests/mm/test_itree.c can break a tree on purpose; nothing else looks
 * inside them.
 */
#ifndef KSTRUCT_BENCH_MM_ITREE_H
#define KSTRUCT_BENCH_MM_ITREE_H

#include <stddef.h>

#include "compat/check.h"
#include "list/rbtree.h"

/**
 * struct itnode - one range of the tree
 * @rb: its node, keyed by @first (then @id)
 * @first: first file page
 * @last: last file page
 * @subtree_last: the largest @last in the subtree under @rb
 * @id: its index in the arrays the tree was built from
 */
struct itnode {
	struct rb_node rb;
	unsigned long first;
	unsigned long last;
	unsigned long subtree_last;
	size_t id;
};

/**
 * struct mm_itree - the tree
 * @root: the red-black tree of @nodes
 * @nodes: every range, in one allocation
 * @n: how many
 */
struct mm_itree {
	struct rb_root root;
	struct itnode *nodes;
	size_t n;
};

/**
 * mm_itree_build() - a tree of @n closed ranges [first[i], last[i]]
 * @first: first file page of each range
 * @last: last file page of each range (>= first)
 * @n: number of ranges; range i is reported as id i
 *
 * Return: the tree, or NULL when an allocation failed.
 */
struct mm_itree *mm_itree_build(const unsigned long *first,
				const unsigned long *last, size_t n);

/** mm_itree_free() - free a tree (NULL is fine) */
void mm_itree_free(struct mm_itree *tree);

/**
 * mm_itree_query_from() - the ranges that reach page @from or beyond
 * @tree: the tree
 * @from: the first file page of a truncation
 * @ids: where to store the ids found (at most @max)
 * @max: room in @ids
 *
 * Return: the number of ranges found (may exceed @max; only @max stored).
 */
size_t mm_itree_query_from(const struct mm_itree *tree, unsigned long from,
			   size_t *ids, size_t max);

/**
 * mm_itree_check() - verify order, augmentation and red-black balance
 * @tree: the tree
 *
 * rb_check_augmented() with every node's subtree_last, ranges in
 * strictly increasing order, and as many as were built.  Reports the
 * first fault through the check handler with the caller's file:line
 * (compat/check.h).  A NULL @tree is reported as such.
 *
 * Return: true when the tree is sound.
 */
bool mm_itree_check(const struct mm_itree *tree);
#define mm_itree_check(tree) CHECK_CALLER(mm_itree_check, (tree))

#endif /* KSTRUCT_BENCH_MM_ITREE_H */
