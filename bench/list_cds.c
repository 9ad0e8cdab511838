// SPDX-License-Identifier: MIT
/*
 * bench/list_cds.c - liburcu's cds_list as a baseline of the list
 * benchmark (bench/list.c).
 *
 * Mirrors no kernel file.  cds_list is liburcu's copy of the kernel list
 * with a cds_ prefix: the same four stores per add, two per delete, and no
 * poison.  It has no move_tail and no splice_init, so move_tail is
 * cds_list_del() + cds_list_add_tail() and splice is cds_list_splice() +
 * CDS_INIT_LIST_HEAD(), the code a cds_list user writes; it has no tail
 * splice at all (that row is TAILQ's).  Its own translation unit keeps the
 * two list APIs apart.
 */
#include <stddef.h>

#include <urcu/list.h>

#include "bench/list_bench.h"
#include "compat/compiler.h"
#include "compat/slab.h"

struct cds_item {
	struct cds_list_head node;
	unsigned long key;
};

struct cds_ctx {
	struct list_bench_ctx common;
	struct cds_list_head head;
	struct cds_list_head other;
	struct cds_item *items;
};

static struct list_bench_ctx *cds_create(unsigned long n)
{
	struct list_bench_ctx *common;
	struct cds_ctx *ctx;
	void *nodes;
	unsigned long i;

	common = list_bench_alloc(sizeof(*ctx), n * sizeof(*ctx->items), n,
				  &nodes);
	if (!common)
		return NULL;
	_Static_assert(
		offsetof(struct cds_ctx, common) == 0,
		"list_bench_alloc() puts the context at the block's start");
	ctx = container_of(common, struct cds_ctx, common);
	ctx->items = nodes;
	for (i = 0; i < n; i++)
		ctx->items[i].key = i;
	CDS_INIT_LIST_HEAD(&ctx->head);
	CDS_INIT_LIST_HEAD(&ctx->other);
	return common;
}

static void cds_destroy(struct list_bench_ctx *common)
{
	list_bench_free(common);
}

static void cds_prepare(void *arg)
{
	struct cds_ctx *ctx = (struct cds_ctx *)arg;
	unsigned long i, n = list_bench_len(&ctx->common);

	CDS_INIT_LIST_HEAD(&ctx->head);
	CDS_INIT_LIST_HEAD(&ctx->other);
	for (i = 0; i < n; i++)
		cds_list_add_tail(&ctx->items[i].node, &ctx->head);
}

static void cds_add(void *arg)
{
	struct cds_ctx *ctx = (struct cds_ctx *)arg;
	unsigned long i;

	CDS_INIT_LIST_HEAD(&ctx->head);
	for (i = 0; i < ctx->common.n; i++) {
		cds_list_add(&ctx->items[i].node, &ctx->head);
		barrier();
	}
}

static void cds_add_tail(void *arg)
{
	struct cds_ctx *ctx = (struct cds_ctx *)arg;
	unsigned long i;

	CDS_INIT_LIST_HEAD(&ctx->head);
	for (i = 0; i < ctx->common.n; i++) {
		cds_list_add_tail(&ctx->items[i].node, &ctx->head);
		barrier();
	}
}

static void cds_del(void *arg)
{
	struct cds_ctx *ctx = (struct cds_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i++) {
		cds_list_del(&ctx->items[i].node);
		barrier();
	}
}

static void cds_move_tail(void *arg)
{
	struct cds_ctx *ctx = (struct cds_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i++) {
		cds_list_del(&ctx->items[i].node);
		cds_list_add_tail(&ctx->items[i].node, &ctx->head);
		barrier();
	}
}

static void cds_splice(void *arg)
{
	struct cds_ctx *ctx = (struct cds_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i += 2) {
		cds_list_splice(&ctx->head, &ctx->other);
		CDS_INIT_LIST_HEAD(&ctx->head);
		barrier();
		cds_list_splice(&ctx->other, &ctx->head);
		CDS_INIT_LIST_HEAD(&ctx->other);
		barrier();
	}
}

/*
 * The ring is sound (every back link) and holds keys 0..@count-1, in
 * order or, with @reverse, backwards.
 */
static int cds_holds(struct list_bench_ctx *common, int other,
		     unsigned long count, int reverse)
{
	struct cds_ctx *ctx = container_of(common, struct cds_ctx, common);
	const struct cds_list_head *head = other ? &ctx->other : &ctx->head;
	const struct cds_list_head *pos = head;
	unsigned long seen = 0;

	do {
		if (pos->next->prev != pos)
			return 0;
		pos = pos->next;
		if (pos == head)
			break;
		if (container_of(pos, const struct cds_item, node)->key !=
		    (reverse ? count - 1 - seen : seen))
			return 0;
		seen++;
	} while (seen <= count);
	return seen == count && pos == head;
}

const struct list_bench_family list_bench_cds = {
	.name = "cds_list",
	.op_name = {
		[LIST_BENCH_ADD] = "cds_list_add",
		[LIST_BENCH_ADD_TAIL] = "cds_list_add_tail",
		[LIST_BENCH_DEL] = "cds_list_del",
		[LIST_BENCH_MOVE_TAIL] = "cds_list_del + cds_list_add_tail",
		[LIST_BENCH_SPLICE] = "cds_list_splice + CDS_INIT_LIST_HEAD",
	},
	.create = cds_create,
	.destroy = cds_destroy,
	.prepare = cds_prepare,
	.run = {
		[LIST_BENCH_ADD] = cds_add,
		[LIST_BENCH_ADD_TAIL] = cds_add_tail,
		[LIST_BENCH_DEL] = cds_del,
		[LIST_BENCH_MOVE_TAIL] = cds_move_tail,
		[LIST_BENCH_SPLICE] = cds_splice,
	},
	.holds = cds_holds,
};
