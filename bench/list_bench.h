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

/* the primitives, each timed as a loop of n operations (splices reinit) */
enum list_bench_op {
	LIST_BENCH_ADD,		/* add at the head of an empty list */
	LIST_BENCH_ADD_TAIL,	/* add at the tail */
	LIST_BENCH_DEL,		/* delete all n (list rebuilt untimed) */
	LIST_BENCH_DEL_ENTRY,	/* the same, without poisoning */
	LIST_BENCH_MOVE_TAIL,	/* move an entry to the tail */
	LIST_BENCH_SPLICE,	/* splice a short list to the front */
	LIST_BENCH_SPLICE_TAIL,	/* splice a short list to the tail */
	LIST_BENCH_NR_OPS,
};

/* entries on the list that LIST_BENCH_SPLICE(_TAIL) moves back and forth */
#define LIST_BENCH_SPLICE_LEN	16

/**
 * struct list_bench_ctx - the part of every family's context the driver sees
 * @op: the primitive being measured (set by the driver before prepare)
 * @n: the number of nodes, and of operations per call
 */
struct list_bench_ctx {
	enum list_bench_op op;
	unsigned long n;
};

/**
 * struct list_bench_family - one kind of list, as the driver drives it
 * @name: the series name in the tables ("list_head", "cds_list", ...)
 * @op_name: per primitive, the name of what is called (NULL: the family
 *           has no such primitive)
 * @create: allocate a context with @n nodes; NULL when out of memory
 * @destroy: free it
 * @prepare: build the state @ctx->op starts from (untimed)
 * @run: per primitive, the timed loop
 * @check: after some calls of @run[@ctx->op], 0 when the lists are sound
 *         and hold what they should; -EIO otherwise
 * @needs_setup: per primitive, whether @prepare must run before every call
 *               (the loop consumes its input)
 */
struct list_bench_family {
	const char *name;
	const char *op_name[LIST_BENCH_NR_OPS];
	struct list_bench_ctx *(*create)(unsigned long n);
	void (*destroy)(struct list_bench_ctx *ctx);
	void (*prepare)(void *ctx);
	void (*run[LIST_BENCH_NR_OPS])(void *ctx);
	int (*check)(struct list_bench_ctx *ctx);
};

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
