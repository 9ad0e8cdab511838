/* SPDX-License-Identifier: MIT */
/*
 * bench/list_bench.h - what the list benchmark (bench/list.c) asks of each
 * family of lists it compares: ours with the debug checks off and on,
 * liburcu's cds_list, glibc's <sys/queue.h> TAILQ, and a hand-written
 * list with no API at all.
 *
 * Each family lives in its own translation unit (TAILQ's LIST_HEAD clashes
 * with ours; the debug-on family must be compiled with LIST_DEBUG) and
 * exposes its primitives as loops behind this small table of functions,
 * so every family's timed body is compiled the same way: one call, then a
 * loop of n operations on n nodes that fit in the L1 cache.
 */
#ifndef KSTRUCT_BENCH_LIST_BENCH_H
#define KSTRUCT_BENCH_LIST_BENCH_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compat/check.h"
#include "compat/slab.h"

/* the primitives, each timed as a loop of n operations (splices reinit) */
enum list_bench_op {
	LIST_BENCH_ADD, /* add at the head of an empty list */
	LIST_BENCH_ADD_TAIL, /* add at the tail */
	LIST_BENCH_DEL, /* delete all n (list rebuilt untimed) */
	LIST_BENCH_DEL_ENTRY, /* the same, without poisoning */
	LIST_BENCH_MOVE_TAIL, /* move an entry to the tail */
	LIST_BENCH_SPLICE, /* splice a short list to the front */
	LIST_BENCH_SPLICE_TAIL, /* splice a short list to the tail */
	LIST_BENCH_NR_OPS,
};

/* entries on the list that LIST_BENCH_SPLICE(_TAIL) moves back and forth */
#define LIST_BENCH_SPLICE_LEN 16

/**
 * struct list_bench_ctx - the part of every family's context the driver sees
 * @op: the primitive being measured (set by the driver before prepare)
 * @n: the number of nodes, and of operations per call
 * @block: what list_bench_alloc() allocated, for kfree()
 */
struct list_bench_ctx {
	enum list_bench_op op;
	unsigned long n;
	void *block;
};

/* where a family's nodes start, from the start of its page-aligned context */
#define LIST_BENCH_NODES_OFFSET 256
#define LIST_BENCH_PAGE 4096

/**
 * list_bench_alloc() - allocate a family's context and its nodes
 * @ctx_size: the size of the family's context (at most 256 bytes), which
 *            must begin with its struct list_bench_ctx
 * @nodes_size: the size of its @n nodes
 * @n: the number of nodes
 * @nodes: receives the address of the nodes
 *
 * Every family gets the same layout: its context at the start of a page,
 * its nodes 256 bytes further.  Heads and nodes then fall on the same
 * cache sets and the same page offsets in every family, so no family is
 * faster or slower than another only because of where malloc happened to
 * put its memory (cache-set conflicts, 4K aliasing between loads and
 * stores).
 *
 * Return: the zeroed context, or NULL when out of memory.
 */
static inline struct list_bench_ctx *list_bench_alloc(size_t ctx_size,
						      size_t nodes_size,
						      unsigned long n,
						      void **nodes)
{
	char *block, *start;
	struct list_bench_ctx *ctx;

	if (ctx_size > LIST_BENCH_NODES_OFFSET)
		return NULL;
	block = (char *)kzalloc(LIST_BENCH_PAGE + LIST_BENCH_NODES_OFFSET +
					nodes_size,
				GFP_KERNEL);
	if (!block)
		return NULL;
	start = block + (LIST_BENCH_PAGE - (uintptr_t)block % LIST_BENCH_PAGE) %
				LIST_BENCH_PAGE;
	ctx = (struct list_bench_ctx *)(void *)start;
	ctx->block = block;
	ctx->n = n;
	*nodes = start + LIST_BENCH_NODES_OFFSET;
	return ctx;
}

/** list_bench_free() - free what list_bench_alloc() allocated */
static inline void list_bench_free(struct list_bench_ctx *ctx)
{
	if (ctx)
		kfree(ctx->block);
}

/**
 * struct list_bench_family - one kind of list, as the driver drives it
 * @name: the series name in the tables ("list_head", "cds_list", ...)
 * @op_name: per primitive, the name of what is called (NULL: the family
 *           has no such primitive)
 * @create: allocate a context with @n nodes; NULL when out of memory
 * @destroy: free it
 * @prepare: build the state @ctx->op starts from (untimed)
 * @run: per primitive, the timed loop
 * @holds: nonzero when the context's main list (or, with @other, its
 *         other list) is sound and holds the keys 0 .. @count - 1 in
 *         order, or with @reverse backwards; list_bench_check() asks it
 *         what each primitive should have left
 */
struct list_bench_family {
	const char *name;
	const char *op_name[LIST_BENCH_NR_OPS];
	struct list_bench_ctx *(*create)(unsigned long n);
	void (*destroy)(struct list_bench_ctx *ctx);
	void (*prepare)(void *ctx);
	void (*run[LIST_BENCH_NR_OPS])(void *ctx);
	int (*holds)(struct list_bench_ctx *ctx, int other, unsigned long count,
		     int reverse);
};

/* how many entries @ctx->op starts from on the main list (prepare) */
static inline unsigned long list_bench_len(const struct list_bench_ctx *ctx)
{
	if ((ctx->op == LIST_BENCH_SPLICE ||
	     ctx->op == LIST_BENCH_SPLICE_TAIL) &&
	    ctx->n > LIST_BENCH_SPLICE_LEN)
		return LIST_BENCH_SPLICE_LEN;
	return ctx->n;
}

/**
 * list_bench_check() - whether a family's loop left its lists right
 * @f: the family
 * @ctx: its context, after some calls of @f->run[@ctx->op]
 *
 * Reports what is wrong through the check handler, with the caller's
 * file:line (compat/check.h).  A NULL @f or @ctx is reported as such.
 *
 * Return: true when the lists are sound and hold what @ctx->op should
 * leave (the same for every family).
 */
static inline bool (list_bench_check)(const struct list_bench_family *f,
				     struct list_bench_ctx *ctx)
{
	unsigned long len;
	int ok;

	if (!f)
		return check_fail("no family (NULL)");
	if (!ctx)
		return check_fail("%s: no context (NULL)", f->name);
	len = list_bench_len(ctx);
	switch (ctx->op) {
	case LIST_BENCH_ADD: /* a stack: keys come out in reverse */
		ok = f->holds(ctx, 0, len, 1);
		break;
	case LIST_BENCH_ADD_TAIL:
	case LIST_BENCH_MOVE_TAIL:
		ok = f->holds(ctx, 0, len, 0);
		break;
	case LIST_BENCH_DEL:
	case LIST_BENCH_DEL_ENTRY:
		ok = f->holds(ctx, 0, 0, 0);
		break;
	case LIST_BENCH_SPLICE:
	case LIST_BENCH_SPLICE_TAIL:
		ok = f->holds(ctx, 0, len, 0) && f->holds(ctx, 1, 0, 0);
		break;
	default:
		ok = 0;
		break;
	}
	if (!ok)
		return check_fail("%s: its lists are not what %s leaves",
				  f->name,
				  f->op_name[ctx->op] ? f->op_name[ctx->op] :
							"(no primitive)");
	return true;
}
#define list_bench_check(f, ctx) CHECK_CALLER(list_bench_check, (f, ctx))

/* whether a primitive consumes its input (its setup runs before each call) */
static inline int list_bench_needs_setup(enum list_bench_op op)
{
	return op == LIST_BENCH_DEL || op == LIST_BENCH_DEL_ENTRY;
}

struct list_head;

/**
 * list_naive_merge_sort() - the textbook recursive list merge sort
 * @priv: passed to @cmp
 * @head: the list to sort
 * @cmp: list_sort()'s comparator: > 0 when @a sorts after @b
 *
 * The baseline list_sort() is compared with (bench/list_naive_sort.c):
 * top-down, finding each middle by walking the run, O(log n) stack.
 * Stable.
 */
void list_naive_merge_sort(void *priv, struct list_head *head,
			   int (*cmp)(void *priv, const struct list_head *a,
				      const struct list_head *b));

/* in list.c, list.c, list_debug_on.c, list_cds.c and list_tailq.c */
extern const struct list_bench_family list_bench_list_head;
extern const struct list_bench_family list_bench_raw;
extern const struct list_bench_family list_bench_debug_on;
extern const struct list_bench_family list_bench_cds;
extern const struct list_bench_family list_bench_tailq;

#endif /* KSTRUCT_BENCH_LIST_BENCH_H */
