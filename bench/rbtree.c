// SPDX-License-Identifier: MIT
/*
 * bench/rbtree.c - the red-black tree benchmark ("kstruct bench rbtree").
 *
 * Mirrors no kernel file: it times list/rbtree.c's rebalancing against
 * the kernel's own lib/rbtree.c, compiled from the copy under tools/lib
 * of Debian's linux-source-6.12 (the Makefile extracts it into the build
 * folder, compiles it with its symbols prefixed "kernel_", and links it
 * into the kstruct tool only; it is never committed nor installed).  When
 * the package is absent the kernel's series is skipped with a note.
 *
 * The two trees share struct rb_node's layout (the parent word, then the
 * right and left children), so one search loop links the nodes of both,
 * and rb_check() checks both.  Cases, for N random keys:
 * - insert: the search, rb_link_node() and rb_insert_color() of each key
 *   into an empty tree, in a random order;
 * - erase: rb_erase() of every node of a tree of the N keys, in another
 *   random order.
 * Each series runs the same keys in the same orders, and after the timing
 * the tree each series built is checked (same shape, a valid tree) and
 * each erase loop must leave an empty tree.  The instructions per call,
 * which callgrind counts without noise, come from
 * scripts/rbtree-callgrind.sh, which runs this subject under callgrind.
 */
#include <errno.h>
#include <stdbool.h>

#include "bench/bench.h"
#include "compat/slab.h"
#include "list/rbtree.h"
#include "list/rbtree_augmented.h"
#include "tools/kstruct.h"

/* the kernel's, when the build found it (weak: NULL when it did not) */
extern void kernel_rb_insert_color(struct rb_node *node, struct rb_root *root)
	__attribute__((weak));
extern void kernel_rb_erase(struct rb_node *node, struct rb_root *root)
	__attribute__((weak));

struct rbtree_item {
	struct rb_node node;
	uint64_t key;
};

struct rbtree_ctx {
	struct rb_root root;
	struct rbtree_item *items;
	unsigned long *insert_order; /* indexes into items */
	unsigned long *erase_order;
	unsigned long n;
	void (*insert_color)(struct rb_node *node, struct rb_root *root);
	void (*erase)(struct rb_node *node, struct rb_root *root);
	unsigned long wrong; /* an erase loop that left nodes behind */
};

static void rbtree_reset(void *arg)
{
	struct rbtree_ctx *c = arg;

	c->root = RB_ROOT;
}

static void rbtree_insert_all(void *arg)
{
	struct rbtree_ctx *c = arg;
	unsigned long i;

	for (i = 0; i < c->n; i++) {
		struct rbtree_item *it = &c->items[c->insert_order[i]];
		struct rb_node **link = &c->root.rb_node, *parent = NULL;

		while (*link) {
			parent = *link;
			if (it->key <
			    rb_entry(parent, struct rbtree_item, node)->key)
				link = &parent->rb_left;
			else
				link = &parent->rb_right;
		}
		rb_link_node(&it->node, parent, link);
		c->insert_color(&it->node, &c->root);
	}
}

/* the tree to erase from, built untimed with the same series */
static void rbtree_build(void *arg)
{
	rbtree_reset(arg);
	rbtree_insert_all(arg);
}

static void rbtree_erase_all(void *arg)
{
	struct rbtree_ctx *c = arg;
	unsigned long i;

	for (i = 0; i < c->n; i++)
		c->erase(&c->items[c->erase_order[i]].node, &c->root);
	if (c->root.rb_node)
		c->wrong++;
}

static bool item_less(const struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, struct rbtree_item, node)->key <
	       rb_entry(b, struct rbtree_item, node)->key;
}

static void shuffle(unsigned long *order, unsigned long n, uint64_t *seed)
{
	unsigned long i, j, tmp;

	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = n - 1; i > 0; i--) {
		j = (unsigned long)(bench_rand(seed) % (i + 1));
		tmp = order[i];
		order[i] = order[j];
		order[j] = tmp;
	}
}

/* the nodes of the two trees, matched by index, hold the same shape */
static bool same_shape(const struct rbtree_item *a, const struct rb_node *na,
		       const struct rbtree_item *b, const struct rb_node *nb)
{
	if (!na || !nb)
		return na == nb;
	if (rb_entry(na, struct rbtree_item, node) - a !=
		    rb_entry(nb, struct rbtree_item, node) - b ||
	    rb_color(na) != rb_color(nb))
		return false;
	return same_shape(a, na->rb_left, b, nb->rb_left) &&
	       same_shape(a, na->rb_right, b, nb->rb_right);
}

#define RBTREE_SERIES 2

static int bench_rbtree_at(struct bench *b, unsigned long n, bool kernel)
{
	static const char *const series[RBTREE_SERIES] = {
		"kstruct list/rbtree.c",
		"kernel 6.12 lib/rbtree.c",
	};
	struct rbtree_ctx c[RBTREE_SERIES] = { 0 };
	struct bench_spec ins[RBTREE_SERIES], del[RBTREE_SERIES];
	const struct bench_stat *si[RBTREE_SERIES], *sd[RBTREE_SERIES];
	unsigned int nseries = kernel ? 2 : 1, s;
	uint64_t seed = 0x5eed0000ull + n;
	unsigned long i;
	int err = -ENOMEM;

	for (s = 0; s < nseries; s++) {
		c[s].n = n;
		c[s].items = kcalloc(n, sizeof(*c[s].items), GFP_KERNEL);
		c[s].insert_order =
			kcalloc(n, sizeof(unsigned long), GFP_KERNEL);
		c[s].erase_order =
			kcalloc(n, sizeof(unsigned long), GFP_KERNEL);
		if (!c[s].items || !c[s].insert_order || !c[s].erase_order)
			goto out;
		c[s].insert_color = s ? kernel_rb_insert_color :
					rb_insert_color;
		c[s].erase = s ? kernel_rb_erase : rb_erase;
	}
	for (i = 0; i < n; i++)
		c[0].items[i].key = bench_rand(&seed);
	shuffle(c[0].insert_order, n, &seed);
	shuffle(c[0].erase_order, n, &seed);
	for (s = 1; s < nseries; s++) {
		for (i = 0; i < n; i++) {
			c[s].items[i].key = c[0].items[i].key;
			c[s].insert_order[i] = c[0].insert_order[i];
			c[s].erase_order[i] = c[0].erase_order[i];
		}
	}
	for (s = 0; s < nseries; s++) {
		ins[s] = (struct bench_spec){ .group = "insert",
					      .series = series[s],
					      .x = (double)n,
					      .ops = n,
					      .setup = rbtree_reset,
					      .fn = rbtree_insert_all,
					      .arg = &c[s] };
		del[s] = (struct bench_spec){ .group = "erase",
					      .series = series[s],
					      .x = (double)n,
					      .ops = n,
					      .setup = rbtree_build,
					      .fn = rbtree_erase_all,
					      .arg = &c[s] };
	}
	err = bench_measure_set(b, ins, nseries, si);
	if (err)
		goto out;
	/* the trees the last insert loops built: valid, and the same */
	for (s = 0; s < nseries; s++) {
		if (!rb_check(&c[s].root, item_less) ||
		    !same_shape(c[0].items, c[0].root.rb_node, c[s].items,
				c[s].root.rb_node)) {
			bench_note(b, "BROKEN: %s built a wrong tree (n=%lu)",
				   series[s], n);
			err = -EIO;
			goto out;
		}
	}
	err = bench_measure_set(b, del, nseries, sd);
	if (err)
		goto out;
	for (s = 0; s < nseries; s++) {
		if (c[s].wrong) {
			bench_note(b, "BROKEN: %s left nodes after erasing all",
				   series[s]);
			err = -EIO;
			goto out;
		}
	}
	if (kernel) {
		bench_ratio(b, "insert", "kstruct / kernel", (double)n, si[0],
			    si[1]);
		bench_ratio(b, "erase", "kstruct / kernel", (double)n, sd[0],
			    sd[1]);
	}
out:
	for (s = 0; s < nseries; s++) {
		kfree(c[s].items);
		kfree(c[s].insert_order);
		kfree(c[s].erase_order);
	}
	return err;
}

static int bench_rbtree(struct bench *b)
{
	static const unsigned long sizes[] = { 1000, 10000, 100000 };
	unsigned int nsizes = bench_quick(b) ? 2 : 3, i;
	bool kernel = kernel_rb_insert_color && kernel_rb_erase;
	int err = 0;

	bench_axes(b, "insert", "nodes in the tree", "insert", 0);
	bench_axes(b, "erase", "nodes in the tree", "erase", 0);
	if (!kernel)
		bench_note(b, "the kernel's lib/rbtree.c: not available (build "
			      "with Debian's linux-source-6.12 installed: "
			      "scripts/install-deps.sh --bench)");
	for (i = 0; i < nsizes && !err; i++)
		err = bench_rbtree_at(b, sizes[i], kernel);
	return err;
}

KSTRUCT_BENCH("rbtree", 15,
	      "rb_insert_color and rb_erase against the kernel's lib/rbtree.c",
	      bench_rbtree)
