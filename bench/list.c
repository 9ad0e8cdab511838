// SPDX-License-Identifier: MIT
/*
 * bench/list.c - the list benchmarks ("kstruct bench list").
 *
 * Mirrors no kernel file: it measures include/linux/list.h (list/list.h)
 * and list_sort() against what a userspace programmer would use instead.
 * Every comparison is a ratio of medians measured in the same run:
 *
 * - primitives (add, add_tail, del, move_tail, splice), each a loop of
 *   1024 operations on nodes that fit in L1, for list_head with the debug
 *   checks off and on, liburcu's cds_list, glibc's TAILQ and a
 *   hand-written list (the bare pointer stores, no API).  A compiler
 *   barrier follows every operation, as other code would in a real
 *   program: without it the compiler keeps the head in registers across
 *   a whole loop for some APIs and not for others (list_head's
 *   WRITE_ONCE() stores cannot be merged), and the benchmark would time
 *   that instead of the operations;
 * - a full traversal of N = 1e3 .. 1e7 entries (quick mode: up to 1e5),
 *   linked in address order and in a shuffled order, with
 *   list_for_each_entry() against a hand-written pointer chase that walks
 *   the same nodes in the same order and does the same work per node (it
 *   adds up the keys): the floor for any linked traversal;
 * - list_sort() against qsort() of the same keys in an array and against
 *   a naive recursive merge sort of the same list.
 *
 * Each family lives in its own translation unit (bench/list_bench.h);
 * the list_head family is bench/list_head_family.h, compiled here with
 * LIST_DEBUG off and in bench/list_debug_on.c with it on.  After each
 * measurement list_bench_check() verifies the lists hold what they
 * should, so a benchmark can never time a loop that does the wrong thing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/list_head_family.h"
#include "compat/slab.h"
#include "list/list.h"
#include "list/list_sort.h"
#include "tools/kstruct.h"

/* operations per timed call of a primitive: 1024 nodes of 24 bytes, in L1 */
#define PRIMITIVE_N 1024ul

/* ------------------------------------------------------------------ */
/* the hand-written family: the pointer stores and nothing else        */

static void raw_add(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	struct list_head *head = &ctx->head;
	unsigned long i;

	head->next = head;
	head->prev = head;
	for (i = 0; i < ctx->common.n; i++) {
		struct list_head *entry = &ctx->items[i].list;
		struct list_head *next = head->next;

		next->prev = entry;
		entry->next = next;
		entry->prev = head;
		head->next = entry;
		barrier();
	}
}

static void raw_add_tail(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	struct list_head *head = &ctx->head;
	unsigned long i;

	head->next = head;
	head->prev = head;
	for (i = 0; i < ctx->common.n; i++) {
		struct list_head *entry = &ctx->items[i].list;
		struct list_head *prev = head->prev;

		head->prev = entry;
		entry->next = head;
		entry->prev = prev;
		prev->next = entry;
		barrier();
	}
}

static void raw_del_entry(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i++) {
		struct list_head *entry = &ctx->items[i].list;

		entry->next->prev = entry->prev;
		entry->prev->next = entry->next;
		barrier();
	}
}

static void raw_move_tail(void *arg)
{
	struct lhf_ctx *ctx = (struct lhf_ctx *)arg;
	struct list_head *head = &ctx->head;
	unsigned long i;

	for (i = 0; i < ctx->common.n; i++) {
		struct list_head *entry = &ctx->items[i].list;
		struct list_head *prev;

		entry->next->prev = entry->prev;
		entry->prev->next = entry->next;
		prev = head->prev;
		head->prev = entry;
		entry->next = head;
		entry->prev = prev;
		prev->next = entry;
		barrier();
	}
}

const struct list_bench_family list_bench_raw = {
	.name = "hand-written",
	.op_name = {
		[LIST_BENCH_ADD] = "4 stores",
		[LIST_BENCH_ADD_TAIL] = "4 stores",
		[LIST_BENCH_DEL_ENTRY] = "2 stores",
		[LIST_BENCH_MOVE_TAIL] = "2 + 4 stores",
	},
	.create = LHF(create),
	.destroy = LHF(destroy),
	.prepare = LHF(prepare),
	.run = {
		[LIST_BENCH_ADD] = raw_add,
		[LIST_BENCH_ADD_TAIL] = raw_add_tail,
		[LIST_BENCH_DEL_ENTRY] = raw_del_entry,
		[LIST_BENCH_MOVE_TAIL] = raw_move_tail,
	},
	.holds = LHF(holds),
};

/* ------------------------------------------------------------------ */
/* primitives                                                          */

static const char *const primitive_group[LIST_BENCH_NR_OPS] = {
	[LIST_BENCH_ADD] = "primitives: add",
	[LIST_BENCH_ADD_TAIL] = "primitives: add_tail",
	[LIST_BENCH_DEL] = "primitives: del",
	[LIST_BENCH_DEL_ENTRY] = "primitives: del without poison",
	[LIST_BENCH_MOVE_TAIL] = "primitives: move_tail",
	[LIST_BENCH_SPLICE] = "primitives: splice (front)",
	[LIST_BENCH_SPLICE_TAIL] = "primitives: splice_tail",
};

enum primitive_family {
	FAMILY_LIST_HEAD,
	FAMILY_DEBUG_ON,
	FAMILY_RAW,
	FAMILY_CDS,
	FAMILY_TAILQ,
	FAMILY_NR,
};

static const struct list_bench_family *const families[FAMILY_NR] = {
	[FAMILY_LIST_HEAD] = &list_bench_list_head,
	[FAMILY_DEBUG_ON] = &list_bench_debug_on,
	[FAMILY_RAW] = &list_bench_raw,
	[FAMILY_CDS] = &list_bench_cds,
	[FAMILY_TAILQ] = &list_bench_tailq,
};

/*
 * A baseline without an unpoisoned delete is compared on its only delete:
 * cds_list_del() and TAILQ_REMOVE() never poison.
 */
static enum list_bench_op baseline_op(const struct list_bench_family *f,
				      enum list_bench_op op)
{
	if (!f->run[op] && op == LIST_BENCH_DEL_ENTRY && f != &list_bench_raw)
		return LIST_BENCH_DEL;
	return op;
}

static void primitive_ratio(struct bench *b, enum list_bench_op op,
			    const char *what, const struct bench_stat *num,
			    const struct bench_stat *den)
{
	char label[96];

	if (!num || !den)
		return;
	snprintf(label, sizeof(label), "list_head / %s", what);
	bench_ratio(b, primitive_group[op], label, PRIMITIVE_N, num, den);
}

/*
 * Measure one primitive side by side in every family that has it; the
 * cases' repetitions are interleaved (bench_measure_set()).
 */
static int bench_primitive(struct bench *b, enum list_bench_op op)
{
	const struct bench_stat *stat[FAMILY_NR], *got[FAMILY_NR];
	struct list_bench_ctx *ctx[FAMILY_NR] = { NULL };
	struct bench_spec spec[FAMILY_NR];
	char series[FAMILY_NR][96];
	int fam_of[FAMILY_NR];
	unsigned int n = 0, k;
	int fam, err = 0;

	memset(spec, 0, sizeof(spec));
	for (fam = 0; fam < FAMILY_NR; fam++) {
		const struct list_bench_family *f = families[fam];
		enum list_bench_op bop = baseline_op(f, op);

		stat[fam] = NULL;
		/* a baseline's plain delete is measured once, under "del" */
		if (!f->run[bop] || (bop != op && op == LIST_BENCH_DEL_ENTRY))
			continue;
		ctx[fam] = f->create(PRIMITIVE_N);
		if (!ctx[fam]) {
			err = -ENOMEM;
			goto out_destroy;
		}
		ctx[fam]->op = bop;
		f->prepare(ctx[fam]);
		snprintf(series[n], sizeof(series[n]), "%s: %s", f->name,
			 f->op_name[bop]);
		spec[n].group = primitive_group[op];
		spec[n].series = series[n];
		spec[n].x = PRIMITIVE_N;
		spec[n].ops = PRIMITIVE_N;
		spec[n].setup = list_bench_needs_setup(bop) ? f->prepare : NULL;
		spec[n].fn = f->run[bop];
		spec[n].arg = ctx[fam];
		fam_of[n++] = fam;
	}
	err = bench_measure_set(b, spec, n, got);
	if (err)
		goto out_destroy;
	for (k = 0; k < n; k++) {
		const struct list_bench_family *f = families[fam_of[k]];

		stat[fam_of[k]] = got[k];
		if (!list_bench_check(f, ctx[fam_of[k]])) {
			bench_note(b,
				   "BROKEN: %s left its lists wrong after %s",
				   f->name, spec[k].series);
			err = -EIO;
		}
	}
	primitive_ratio(b, op, "cds_list", stat[FAMILY_LIST_HEAD],
			stat[FAMILY_CDS]);
	primitive_ratio(b, op, "TAILQ", stat[FAMILY_LIST_HEAD],
			stat[FAMILY_TAILQ]);
	primitive_ratio(b, op, "hand-written", stat[FAMILY_LIST_HEAD],
			stat[FAMILY_RAW]);
	if (stat[FAMILY_DEBUG_ON] && stat[FAMILY_LIST_HEAD])
		bench_ratio(b, primitive_group[op], "debug on / off",
			    PRIMITIVE_N, stat[FAMILY_DEBUG_ON],
			    stat[FAMILY_LIST_HEAD]);

out_destroy:
	for (fam = 0; fam < FAMILY_NR; fam++)
		if (ctx[fam])
			families[fam]->destroy(ctx[fam]);
	return err;
}

static int bench_primitives(struct bench *b)
{
	enum list_bench_op op;
	int err;

	for (op = 0; op < LIST_BENCH_NR_OPS; op++) {
		err = bench_primitive(b, op);
		if (err)
			return err;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* traversal                                                           */

struct walk_item {
	struct list_head list;
	unsigned long key;
};

struct walk_ctx {
	struct list_head head;
	struct walk_item *items;
	unsigned int *order;
	unsigned long sum;
};

static void walk_list_for_each_entry(void *arg)
{
	struct walk_ctx *w = (struct walk_ctx *)arg;
	struct walk_item *item;
	unsigned long sum = 0;

	list_for_each_entry(item, &w->head, list)
		sum += item->key;
	w->sum = sum;
	bench_keep(sum);
}

/*
 * The floor: the same nodes in the same order, by hand.  The list_head is
 * the first member of struct walk_item, so a node's address is its item's.
 */
static void walk_pointer_chase(void *arg)
{
	struct walk_ctx *w = (struct walk_ctx *)arg;
	const struct list_head *pos, *head = &w->head;
	unsigned long sum = 0;

	for (pos = head->next; pos != head; pos = pos->next)
		sum += ((const struct walk_item *)(const void *)pos)->key;
	w->sum = sum;
	bench_keep(sum);
}

/* link the first @n items in address order, or in a random order */
static void walk_link(struct walk_ctx *w, unsigned long n, int shuffled,
		      uint64_t *seed)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		w->order[i] = (unsigned int)i;
	if (shuffled) {
		for (i = n - 1; i > 0; i--) {
			unsigned long j = bench_rand(seed) % (i + 1);
			unsigned int t = w->order[i];

			w->order[i] = w->order[j];
			w->order[j] = t;
		}
	}
	INIT_LIST_HEAD(&w->head);
	for (i = 0; i < n; i++)
		list_add_tail(&w->items[w->order[i]].list, &w->head);
}

static int bench_traversal(struct bench *b)
{
	static const char *const group[2] = {
		"traversal, sequential layout",
		"traversal, shuffled layout",
	};
	unsigned long max_n = bench_quick(b) ? 100000ul : 10000000ul;
	unsigned long n, i;
	uint64_t seed = 0x5eed1157ull;
	struct walk_ctx w;
	int shuffled, ret = 0;

	memset(&w, 0, sizeof(w));
	w.items = kcalloc(max_n, sizeof(*w.items), GFP_KERNEL);
	w.order = kcalloc(max_n, sizeof(*w.order), GFP_KERNEL);
	if (!w.items || !w.order) {
		ret = -ENOMEM;
		goto out_free;
	}
	for (i = 0; i < max_n; i++)
		w.items[i].key = i;
	for (shuffled = 0; shuffled < 2; shuffled++)
		bench_axes(b, group[shuffled], "entries on the list (N)",
			   "entry visited", 0);
	for (shuffled = 0; shuffled < 2; shuffled++) {
		for (n = 1000; n <= max_n; n *= 10) {
			const struct bench_stat *stat[2];
			struct bench_spec spec[2];
			unsigned int k;

			memset(spec, 0, sizeof(spec));
			walk_link(&w, n, shuffled, &seed);
			spec[0].series = "list_for_each_entry";
			spec[0].fn = walk_list_for_each_entry;
			spec[1].series = "pointer chase (floor)";
			spec[1].fn = walk_pointer_chase;
			for (k = 0; k < 2; k++) {
				spec[k].group = group[shuffled];
				spec[k].x = (double)n;
				spec[k].ops = n;
				spec[k].arg = &w;
				/* each walk must add up every key, once */
				w.sum = 0;
				spec[k].fn(&w);
				if (w.sum != n * (n - 1) / 2)
					goto out_broken;
			}
			ret = bench_measure_set(b, spec, 2, stat);
			if (ret)
				goto out_free;
			bench_ratio(b, group[shuffled],
				    "list_for_each_entry / pointer chase",
				    (double)n, stat[0], stat[1]);
		}
	}
	goto out_free;

out_broken:
	bench_note(b, "BROKEN: a traversal added up %lu, not the expected sum",
		   w.sum);
	ret = -EIO;
out_free:
	kfree(w.order);
	kfree(w.items);
	return ret;
}

/* ------------------------------------------------------------------ */
/* sorting                                                             */

struct sort_item {
	struct list_head list;
	unsigned long key;
	unsigned long index; /* input position, to check stability */
};

struct sort_ctx {
	struct list_head head;
	struct sort_item *items;
	unsigned long *keys; /* the array qsort() sorts */
	unsigned long n;
	unsigned long compares;
};

static int sort_item_cmp(void *priv, const struct list_head *a,
			 const struct list_head *b)
{
	const struct sort_item *x = list_entry(a, struct sort_item, list);
	const struct sort_item *y = list_entry(b, struct sort_item, list);

	(void)priv;
	return x->key > y->key;
}

static int ulong_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return (x > y) - (x < y);
}

/* untimed: put the list back in input order */
static void sort_relink(void *arg)
{
	struct sort_ctx *s = (struct sort_ctx *)arg;
	unsigned long i;

	INIT_LIST_HEAD(&s->head);
	for (i = 0; i < s->n; i++)
		list_add_tail(&s->items[i].list, &s->head);
}

/* untimed: put the array back in input order */
static void sort_refill(void *arg)
{
	struct sort_ctx *s = (struct sort_ctx *)arg;
	unsigned long i;

	for (i = 0; i < s->n; i++)
		s->keys[i] = s->items[i].key;
}

static void sort_list_sort(void *arg)
{
	struct sort_ctx *s = (struct sort_ctx *)arg;

	list_sort(NULL, &s->head, sort_item_cmp);
}

static void sort_naive(void *arg)
{
	struct sort_ctx *s = (struct sort_ctx *)arg;

	list_naive_merge_sort(NULL, &s->head, sort_item_cmp);
}

static void sort_qsort(void *arg)
{
	struct sort_ctx *s = (struct sort_ctx *)arg;

	qsort(s->keys, s->n, sizeof(*s->keys), ulong_cmp);
}

/* sorted, stable, every back link sound, nothing lost */
static int sort_list_ok(struct sort_ctx *s)
{
	const struct sort_item *prev = NULL;
	struct sort_item *item;
	unsigned long count = 0;

	if (!list_check(&s->head))
		return 0;
	list_for_each_entry(item, &s->head, list) {
		if (prev &&
		    (prev->key > item->key ||
		     (prev->key == item->key && prev->index > item->index)))
			return 0;
		prev = item;
		count++;
	}
	return count == s->n;
}

static int sort_array_ok(const struct sort_ctx *s)
{
	unsigned long i;

	for (i = 1; i < s->n; i++)
		if (s->keys[i - 1] > s->keys[i])
			return 0;
	return 1;
}

/**
 * struct sorter - one of the sorts compared
 * @series: its name in the table
 * @setup: restores its input (untimed)
 * @fn: sorts
 */
struct sorter {
	const char *series;
	void (*setup)(void *arg);
	void (*fn)(void *arg);
};

enum { SORT_LIST_SORT, SORT_NAIVE, SORT_QSORT, SORT_NR };

static const struct sorter sorters[SORT_NR] = {
	[SORT_LIST_SORT] = { "list_sort", sort_relink, sort_list_sort },
	[SORT_NAIVE] = { "naive merge sort (list)", sort_relink, sort_naive },
	[SORT_QSORT] = { "qsort (array of keys)", sort_refill, sort_qsort },
};

static int bench_sort(struct bench *b)
{
	static const char group[] = "sort (random keys, many equal)";
	unsigned long max_n = bench_quick(b) ? 10000ul : 1000000ul;
	uint64_t seed = 0x50e7ull;
	struct sort_ctx s;
	unsigned long n, i;
	int ret = 0;

	bench_axes(b, group, "entries sorted (N)", "entry", 0);
	memset(&s, 0, sizeof(s));
	s.items = kcalloc(max_n, sizeof(*s.items), GFP_KERNEL);
	s.keys = kcalloc(max_n, sizeof(*s.keys), GFP_KERNEL);
	if (!s.items || !s.keys) {
		ret = -ENOMEM;
		goto out_free;
	}
	for (n = 1000; n <= max_n; n *= 10) {
		const struct bench_stat *stat[SORT_NR];
		struct bench_spec spec[SORT_NR];
		unsigned int k;

		/* keys in [0, n/4): about four entries share each key */
		s.n = n;
		for (i = 0; i < n; i++) {
			s.items[i].key = bench_rand(&seed) % (n / 4);
			s.items[i].index = i;
		}
		memset(spec, 0, sizeof(spec));
		for (k = 0; k < SORT_NR; k++) {
			spec[k].group = group;
			spec[k].series = sorters[k].series;
			spec[k].x = (double)n;
			spec[k].ops = n;
			spec[k].setup = sorters[k].setup;
			spec[k].fn = sorters[k].fn;
			spec[k].arg = &s;
			/* each sorter must sort (lists: stably), untimed */
			spec[k].setup(&s);
			spec[k].fn(&s);
			if (!(sorters[k].setup == sort_relink ?
				      sort_list_ok(&s) :
				      sort_array_ok(&s)))
				goto out_broken;
		}
		ret = bench_measure_set(b, spec, SORT_NR, stat);
		if (ret)
			goto out_free;
		bench_ratio(b, group, "list_sort / qsort", (double)n,
			    stat[SORT_LIST_SORT], stat[SORT_QSORT]);
		bench_ratio(b, group, "list_sort / naive merge sort", (double)n,
			    stat[SORT_LIST_SORT], stat[SORT_NAIVE]);
		bench_ratio(b, group, "naive merge sort / qsort", (double)n,
			    stat[SORT_NAIVE], stat[SORT_QSORT]);
	}
	goto out_free;

out_broken:
	bench_note(b, "BROKEN: a sort left its input unsorted (n=%lu)", n);
	ret = -EIO;
out_free:
	kfree(s.keys);
	kfree(s.items);
	return ret;
}

/**
 * bench_list() - the "list" subject of kstruct bench
 * @b: the run
 *
 * Context: single-threaded; allocates up to about 320 MB (traversal of
 * 1e7 entries), 3 MB in quick mode.
 * Return: 0, -ENOMEM, or -EIO when a benchmarked loop left a wrong result.
 */
static int bench_list(struct bench *b)
{
	int ret;

	ret = bench_primitives(b);
	if (ret)
		return ret;
	ret = bench_traversal(b);
	if (ret)
		return ret;
	return bench_sort(b);
}

KSTRUCT_BENCH(
	"list", 10,
	"list_head primitives, traversal and list_sort against cds_list, TAILQ, qsort",
	bench_list)
