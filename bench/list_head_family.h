/* SPDX-License-Identifier: MIT */
/*
 * bench/list_head_family.h - the list_head family of the list benchmark,
 * written once and compiled twice: by bench/list.c with the debug checks
 * off (the fast path, exactly the kernel's pointer stores) and by
 * bench/list_debug_on.c with LIST_DEBUG defined before any include.
 *
 * The includer defines LIST_HEAD_FAMILY (the object's name) and
 * LIST_HEAD_FAMILY_NAME (the series name) first; the defaults let the
 * header compile on its own.  Everything else here is static, so the two
 * copies do not clash.
 */
#ifndef KSTRUCT_BENCH_LIST_HEAD_FAMILY_H
#define KSTRUCT_BENCH_LIST_HEAD_FAMILY_H

#include "bench/list_bench.h"
#include "compat/slab.h"
#include "list/list.h"

#ifndef LIST_HEAD_FAMILY
#define LIST_HEAD_FAMILY list_bench_list_head
#define LIST_HEAD_FAMILY_NAME "list_head"
#endif

/* the family's function names: list_bench_list_head_add, ... */
#define __LHF_CAT2(a, b) a##_##b
#define __LHF_CAT(a, b) __LHF_CAT2(a, b)
#define LHF(name) __LHF_CAT(LIST_HEAD_FAMILY, name)

struct lhf_item {
	struct list_head list;
	unsigned long key;
};

struct lhf_ctx {
	struct list_bench_ctx common;
	struct list_head head;
	struct list_head other;
	struct lhf_item *items;
};

static struct list_bench_ctx *LHF (create)(unsigned long n)
{
	struct list_bench_ctx *common;
	struct lhf_ctx *ctx;
	void *nodes;
	unsigned long i;

	common = list_bench_alloc(sizeof(*ctx), n * sizeof(*ctx->items), n,
				  &nodes);
	if (!common)
		return NULL;
	_Static_assert(
		offsetof(struct lhf_ctx, common) == 0,
		"list_bench_alloc() puts the context at the block's start");
	ctx = container_of(common, struct lhf_ctx, common);
	ctx->items = nodes;
	for (i = 0; i < n; i++)
		ctx->items[i].key = i;
	INIT_LIST_HEAD(&ctx->head);
	INIT_LIST_HEAD(&ctx->other);
	return common;
}

static void LHF (destroy)(struct list_bench_ctx *common)
{
	list_bench_free(common);
}

static void LHF (prepare)(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	unsigned long i, n = list_bench_len(&ctx->common);

	INIT_LIST_HEAD(&ctx->head);
	INIT_LIST_HEAD(&ctx->other);
	for (i = 0; i < n; i++)
		list_add_tail(&ctx->items[i].list, &ctx->head);
}

static void LHF (add)(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	unsigned long i;

	INIT_LIST_HEAD(&ctx->head);
	for (i = 0; i < ctx->common.n; i++) {
		list_add(&ctx->items[i].list, &ctx->head);
		barrier();
	}
}

static void LHF (add_tail)(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	unsigned long i;

	INIT_LIST_HEAD(&ctx->head);
	for (i = 0; i < ctx->common.n; i++) {
		list_add_tail(&ctx->items[i].list, &ctx->head);
		barrier();
	}
}

static void LHF (del)(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i++) {
		list_del(&ctx->items[i].list);
		barrier();
	}
}

static void LHF (del_entry)(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i++) {
		__list_del_entry(&ctx->items[i].list);
		barrier();
	}
}

static void LHF (move_tail)(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i++) {
		list_move_tail(&ctx->items[i].list, &ctx->head);
		barrier();
	}
}

/* the short list goes to the other head and back: n splices in all */
static void LHF (splice)(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i += 2) {
		list_splice_init(&ctx->head, &ctx->other);
		barrier();
		list_splice_init(&ctx->other, &ctx->head);
		barrier();
	}
}

static void LHF (splice_tail)(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i += 2) {
		list_splice_tail_init(&ctx->head, &ctx->other);
		barrier();
		list_splice_tail_init(&ctx->other, &ctx->head);
		barrier();
	}
}

/* the ring is sound and holds keys 0 .. count - 1, in order or @reverse */
static int LHF (holds)(struct list_bench_ctx *common, int other,
		      unsigned long count, int reverse)
{
	struct lhf_ctx *ctx = container_of(common, struct lhf_ctx, common);
	struct list_head *head = other ? &ctx->other : &ctx->head;
	struct lhf_item *item;
	unsigned long seen = 0;

	if (!list_check(head))
		return 0;
	list_for_each_entry(item, head, list) {
		if (seen >= count ||
		    item->key != (reverse ? count - 1 - seen : seen))
			return 0;
		seen++;
	}
	return seen == count;
}

const struct list_bench_family LIST_HEAD_FAMILY = {
	.name = LIST_HEAD_FAMILY_NAME,
	.op_name = {
		[LIST_BENCH_ADD] = "list_add",
		[LIST_BENCH_ADD_TAIL] = "list_add_tail",
		[LIST_BENCH_DEL] = "list_del",
		[LIST_BENCH_DEL_ENTRY] = "__list_del_entry",
		[LIST_BENCH_MOVE_TAIL] = "list_move_tail",
		[LIST_BENCH_SPLICE] = "list_splice_init",
		[LIST_BENCH_SPLICE_TAIL] = "list_splice_tail_init",
	},
	.create = LHF(create),
	.destroy = LHF(destroy),
	.prepare = LHF(prepare),
	.run = {
		[LIST_BENCH_ADD] = LHF(add),
		[LIST_BENCH_ADD_TAIL] = LHF(add_tail),
		[LIST_BENCH_DEL] = LHF(del),
		[LIST_BENCH_DEL_ENTRY] = LHF(del_entry),
		[LIST_BENCH_MOVE_TAIL] = LHF(move_tail),
		[LIST_BENCH_SPLICE] = LHF(splice),
		[LIST_BENCH_SPLICE_TAIL] = LHF(splice_tail),
	},
	.holds = LHF(holds),
};

#endif /* KSTRUCT_BENCH_LIST_HEAD_FAMILY_H */
