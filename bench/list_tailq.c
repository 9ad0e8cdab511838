// SPDX-License-Identifier: MIT
/*
 * bench/list_tailq.c - glibc's <sys/queue.h> TAILQ as a baseline of the
 * list benchmark (bench/list.c).
 *
 * Mirrors no kernel file.  A TAILQ is NULL-terminated, not a ring: its
 * head holds the first element and the address of the last one's next
 * pointer, each element its next pointer and the address of the previous
 * element's next pointer.  So an insert or removal tests for NULL, and a
 * removal needs the head.  It has no move (REMOVE + INSERT_TAIL is what a
 * user writes) and only a tail splice, TAILQ_CONCAT, which empties the
 * source as list_splice_tail_init() does.  <sys/queue.h> defines LIST_HEAD
 * too, which is why this is a translation unit of its own.
 */
#include <stddef.h>
#include <sys/queue.h>

#include "bench/list_bench.h"
#include "compat/compiler.h"
#include "compat/slab.h"

struct tailq_item {
	TAILQ_ENTRY(tailq_item) link;
	unsigned long key;
};

TAILQ_HEAD(tailq_head, tailq_item);

struct tailq_ctx {
	struct list_bench_ctx common;
	struct tailq_head head;
	struct tailq_head other;
	struct tailq_item *items;
};

static struct list_bench_ctx *tailq_create(unsigned long n)
{
	struct list_bench_ctx *common;
	struct tailq_ctx *ctx;
	void *nodes;
	unsigned long i;

	common = list_bench_alloc(sizeof(*ctx), n * sizeof(*ctx->items), n,
				  &nodes);
	if (!common)
		return NULL;
	_Static_assert(
		offsetof(struct tailq_ctx, common) == 0,
		"list_bench_alloc() puts the context at the block's start");
	ctx = container_of(common, struct tailq_ctx, common);
	ctx->items = nodes;
	for (i = 0; i < n; i++)
		ctx->items[i].key = i;
	TAILQ_INIT(&ctx->head);
	TAILQ_INIT(&ctx->other);
	return common;
}

static void tailq_destroy(struct list_bench_ctx *common)
{
	list_bench_free(common);
}

static void tailq_prepare(void *arg)
{
	struct tailq_ctx *ctx = (struct tailq_ctx *)arg;
	unsigned long i, n = list_bench_len(&ctx->common);

	TAILQ_INIT(&ctx->head);
	TAILQ_INIT(&ctx->other);
	for (i = 0; i < n; i++)
		TAILQ_INSERT_TAIL(&ctx->head, &ctx->items[i], link);
}

static void tailq_add(void *arg)
{
	struct tailq_ctx *ctx = (struct tailq_ctx *)arg;
	unsigned long i;

	TAILQ_INIT(&ctx->head);
	for (i = 0; i < ctx->common.n; i++) {
		TAILQ_INSERT_HEAD(&ctx->head, &ctx->items[i], link);
		barrier();
	}
}

static void tailq_add_tail(void *arg)
{
	struct tailq_ctx *ctx = (struct tailq_ctx *)arg;
	unsigned long i;

	TAILQ_INIT(&ctx->head);
	for (i = 0; i < ctx->common.n; i++) {
		TAILQ_INSERT_TAIL(&ctx->head, &ctx->items[i], link);
		barrier();
	}
}

static void tailq_del(void *arg)
{
	struct tailq_ctx *ctx = (struct tailq_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i++) {
		TAILQ_REMOVE(&ctx->head, &ctx->items[i], link);
		barrier();
	}
}

static void tailq_move_tail(void *arg)
{
	struct tailq_ctx *ctx = (struct tailq_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i++) {
		TAILQ_REMOVE(&ctx->head, &ctx->items[i], link);
		TAILQ_INSERT_TAIL(&ctx->head, &ctx->items[i], link);
		barrier();
	}
}

static void tailq_splice_tail(void *arg)
{
	struct tailq_ctx *ctx = (struct tailq_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i += 2) {
		TAILQ_CONCAT(&ctx->other, &ctx->head, link);
		barrier();
		TAILQ_CONCAT(&ctx->head, &ctx->other, link);
		barrier();
	}
}

/*
 * The queue is sound (every element's prev pointer is the address of the
 * previous next pointer, the head's last pointer the address of the last
 * one) and holds keys 0..@count-1, in order or @reverse.
 */
static int tailq_holds(struct list_bench_ctx *common, int other,
		       unsigned long count, int reverse)
{
	struct tailq_ctx *ctx = container_of(common, struct tailq_ctx, common);
	const struct tailq_head *head = other ? &ctx->other : &ctx->head;
	struct tailq_item *const *expect_prev = &head->tqh_first;
	const struct tailq_item *item;
	unsigned long seen = 0;

	TAILQ_FOREACH(item, head, link)
	{
		if (seen >= count || item->link.tqe_prev != expect_prev ||
		    item->key != (reverse ? count - 1 - seen : seen))
			return 0;
		expect_prev = &item->link.tqe_next;
		seen++;
	}
	return seen == count && head->tqh_last == expect_prev;
}

const struct list_bench_family list_bench_tailq = {
	.name = "TAILQ",
	.op_name = {
		[LIST_BENCH_ADD] = "TAILQ_INSERT_HEAD",
		[LIST_BENCH_ADD_TAIL] = "TAILQ_INSERT_TAIL",
		[LIST_BENCH_DEL] = "TAILQ_REMOVE",
		[LIST_BENCH_MOVE_TAIL] = "TAILQ_REMOVE + TAILQ_INSERT_TAIL",
		[LIST_BENCH_SPLICE_TAIL] = "TAILQ_CONCAT",
	},
	.create = tailq_create,
	.destroy = tailq_destroy,
	.prepare = tailq_prepare,
	.run = {
		[LIST_BENCH_ADD] = tailq_add,
		[LIST_BENCH_ADD_TAIL] = tailq_add_tail,
		[LIST_BENCH_DEL] = tailq_del,
		[LIST_BENCH_MOVE_TAIL] = tailq_move_tail,
		[LIST_BENCH_SPLICE_TAIL] = tailq_splice_tail,
	},
	.holds = tailq_holds,
};
