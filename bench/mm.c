// SPDX-License-Identifier: MIT
/*
 * bench/mm.c - the mm benchmarks ("kstruct bench mm").
 *
 * Mirrors no kernel file: it measures mm/memory.c's vmtruncate_list()
 * and mm/page_alloc.c's buddy allocator (mm/) against what replaced
 * them.  Every comparison is a ratio of medians from the same run.
 *
 * - vmtruncate_list over N = 1 .. 100,000 vmas of one file (quick mode:
 *   up to 10,000), each mapping two file pages at a random offset, against
 *   an augmented red-black interval tree of the same ranges
 *   (bench/mm_itree.c).  "Find" (which vmas does a truncation touch, and
 *   what range of each) is timed apart from "zap" (unmapping those
 *   pages, re-faulted before each call, untimed): the list walk visits
 *   every vma, the tree only the ones that reach the truncation point
 *   and the nodes above them; both hand back each affected vma's zap
 *   range (vma_truncate_range()), so they do the same work per hit.
 *   Two truncation points: the last page of the k-th highest vma, k = 1%
 *   of N but at least 1 (few vmas affected, where a tree wins), and 0
 *   (every vma affected: nothing can skip anything).  The crossover note
 *   names the N at which the spread shows the tree's find faster or
 *   slower, and those at which it shows no difference.  Before timing,
 *   the two finds are checked to return the same vmas and ranges.
 * - the buddy allocator: one alloc+free pair of each order 0..MAX_ORDER-1
 *   in a free zone (split down, merge back up), and filling a zone with
 *   blocks of one order then freeing them all.
 * - the page-frame scan that is_head_of_free_region() implies (2.5.33's
 *   software suspend asked it of every frame: O(frames x free blocks))
 *   against a flag per free page set by one walk of the free lists (what
 *   2.6 did from 2004), on a zone with half its frames free at random.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/mm_itree.h"
#include "compat/slab.h"
#include "list/list.h"
#include "mm/fs.h"
#include "mm/mm.h"
#include "mm/mmzone.h"
#include "tools/kstruct.h"

#define FILE_PAGES 4096UL
#define VMA_PAGES 2UL
#define VMA_STRIDE (4 * PAGE_SIZE) /* room between vmas */
#define VMA_BASE 0x100000UL

/* ------------------------------------------------------------ truncate */

struct trunc_ctx {
	struct zone zone;
	struct inode inode;
	struct file file;
	struct mm_struct *mm;
	unsigned long n;
	struct mm_itree *tree;
	struct vm_area_struct **vmas; /* by id: tree node i is vma i */
	unsigned long pgoff; /* the truncation point */
	unsigned long pgoff_few; /* one that ~1% (>= 1) of vmas reach */
	struct vm_area_struct **found; /* the list's answer */
	unsigned long *start, *len; /* and its ranges */
	unsigned long nfound;
	size_t *ids; /* the tree's answer */
	unsigned long *tstart, *tlen; /* and its ranges */
	unsigned long ntfound;
};

static void trunc_exit(struct trunc_ctx *c)
{
	if (c->mm)
		mmput(c->mm);
	if (c->inode.i_mapping)
		inode_release(&c->inode);
	if (c->zone.zone_mem_map)
		zone_release(&c->zone);
	mm_itree_free(c->tree);
	kfree(c->vmas);
	kfree(c->ids);
	kfree(c->tstart);
	kfree(c->tlen);
	kfree(c->found);
	kfree(c->start);
	kfree(c->len);
	memset(c, 0, sizeof(*c));
}

static int cmp_ulong_desc(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x > y ? -1 : x < y;
}

static int trunc_init(struct trunc_ctx *c, unsigned long n, uint64_t seed)
{
	unsigned long *first = NULL, *last = NULL, i;
	int err = -ENOMEM;

	memset(c, 0, sizeof(*c));
	c->n = n;
	err = zone_init(&c->zone, "Normal", FILE_PAGES, 0);
	if (err)
		return err;
	err = inode_init(&c->inode, 1, &c->zone, FILE_PAGES * PAGE_SIZE);
	if (err)
		goto out;
	c->file.f_inode = &c->inode;
	err = -ENOMEM;
	c->mm = mm_alloc();
	first = kcalloc(n, sizeof(*first), GFP_KERNEL);
	last = kcalloc(n, sizeof(*last), GFP_KERNEL);
	c->vmas = kcalloc(n, sizeof(*c->vmas), GFP_KERNEL);
	c->ids = kcalloc(n, sizeof(*c->ids), GFP_KERNEL);
	c->tstart = kcalloc(n, sizeof(*c->tstart), GFP_KERNEL);
	c->tlen = kcalloc(n, sizeof(*c->tlen), GFP_KERNEL);
	c->found = kcalloc(n, sizeof(*c->found), GFP_KERNEL);
	c->start = kcalloc(n, sizeof(*c->start), GFP_KERNEL);
	c->len = kcalloc(n, sizeof(*c->len), GFP_KERNEL);
	if (!c->mm || !first || !last || !c->vmas || !c->ids || !c->tstart ||
	    !c->tlen || !c->found || !c->start || !c->len)
		goto out;
	for (i = 0; i < n; i++) {
		first[i] = bench_rand(&seed) % (FILE_PAGES - VMA_PAGES + 1);
		last[i] = first[i] + VMA_PAGES - 1;
		err = do_mmap(c->mm, &c->file, VMA_BASE + i * VMA_STRIDE,
			      VMA_PAGES * PAGE_SIZE, VM_READ, first[i],
			      &c->vmas[i]);
		if (err)
			goto out;
	}
	err = -ENOMEM;
	c->tree = mm_itree_build(first, last, n);
	if (!c->tree)
		goto out;
	/*
	 * The "few" truncation point: the last page of the k-th highest
	 * vma, k = 1% of them but at least one, so that at every N some
	 * vma is affected (a fixed point near the end of the file would
	 * touch none at small N, and time finding nothing).
	 */
	qsort(last, n, sizeof(*last), cmp_ulong_desc);
	c->pgoff_few = last[(n >= 100 ? n / 100 : 1) - 1];
	err = mm_itree_check(c->tree) ? 0 : -EIO;
out:
	kfree(first);
	kfree(last);
	if (err)
		trunc_exit(c);
	return err;
}

static void list_find(void *arg)
{
	struct trunc_ctx *c = arg;
	struct vm_area_struct *vma;
	unsigned long n = 0, start, len;

	list_for_each_entry(vma, &c->inode.i_mapping->i_mmap, shared) {
		if (!vma_truncate_range(vma, c->pgoff, &start, &len))
			continue;
		c->found[n] = vma;
		c->start[n] = start;
		c->len[n++] = len;
	}
	c->nfound = n;
	bench_keep(n);
}

/* the same answer as list_find(): each affected vma and its range */
static void tree_find(void *arg)
{
	struct trunc_ctx *c = arg;
	size_t n = mm_itree_query_from(c->tree, c->pgoff, c->ids, c->n), i;

	for (i = 0; i < n; i++) {
		/* every vma the tree finds is affected: always true */
		if (!vma_truncate_range(c->vmas[c->ids[i]], c->pgoff,
					&c->tstart[i], &c->tlen[i]))
			c->tstart[i] = c->tlen[i] = 0;
	}
	c->ntfound = n;
	bench_keep(n);
}

/* fault the pages the truncation will zap back in (untimed) */
static void refault(void *arg)
{
	struct trunc_ctx *c = arg;
	unsigned long i, a;

	for (i = 0; i < c->nfound; i++)
		for (a = c->start[i]; a < c->start[i] + c->len[i];
		     a += PAGE_SIZE)
			handle_mm_fault(c->mm, c->found[i], a, 0);
}

static void zap_found(void *arg)
{
	struct trunc_ctx *c = arg;
	unsigned long i;
	long n = 0;

	for (i = 0; i < c->nfound; i++)
		n += zap_page_range(c->found[i], c->start[i], c->len[i]);
	bench_keep(n);
}

static void truncate_list(void *arg)
{
	struct trunc_ctx *c = arg;

	bench_keep(vmtruncate_list(&c->inode.i_mapping->i_mmap, c->pgoff));
}

/* the list walk and the tree must name the same vmas and ranges */
static int finds_agree(struct trunc_ctx *c)
{
	unsigned long *want;
	size_t i, id;
	int ok = 1;

	list_find(c);
	tree_find(c);
	if (c->ntfound != c->nfound)
		return 0;
	/* the list's range of each vma, by id; ~0UL where unaffected */
	want = kcalloc(c->n ? 2 * c->n : 1, sizeof(*want), GFP_KERNEL);
	if (!want)
		return 0;
	memset(want, 0xff, 2 * c->n * sizeof(*want));
	for (i = 0; i < c->nfound; i++) {
		id = (c->found[i]->vm_start - VMA_BASE) / VMA_STRIDE;
		if (id >= c->n || c->vmas[id] != c->found[i] ||
		    want[2 * id] != ~0UL)
			ok = 0;
		else {
			want[2 * id] = c->start[i];
			want[2 * id + 1] = c->len[i];
		}
	}
	for (i = 0; ok && i < c->ntfound; i++) {
		id = c->ids[i];
		if (id >= c->n || want[2 * id] != c->tstart[i] ||
		    want[2 * id + 1] != c->tlen[i])
			ok = 0;
		else
			want[2 * id] = ~0UL; /* each vma once */
	}
	kfree(want);
	return ok;
}

static int bench_truncate(struct bench *b)
{
	static const unsigned long sizes[] = { 1, 10, 100, 1000, 10000, 100000 };
	unsigned int nsizes = bench_quick(b) ? 5 : 6, s, w;
	/* per truncation point, the two finds at each size */
	const struct bench_stat *list[2][ARRAY_SIZE(sizes)];
	const struct bench_stat *tree[2][ARRAY_SIZE(sizes)];
	static const char *const find_group[2] = {
		"vmtruncate find, ~1% of vmas (at least 1) affected",
		"vmtruncate find, truncate to 0 (all affected)",
	};
	int err = 0;

	for (w = 0; w < 2; w++)
		bench_axes(b, find_group[w], "vmas mapping the file (N)",
			   "search for the vmas to truncate", 0);
	bench_axes(b, "vmtruncate zap, ~1% of vmas (at least 1) affected",
		   "vmas mapping the file (N)", "truncation", 0);
	for (s = 0; s < nsizes; s++) {
		struct trunc_ctx c;
		double x = (double)sizes[s];

		err = trunc_init(&c, sizes[s], 0x5eed + s);
		if (err)
			return err;
		for (w = 0; w < 2; w++) {
			const struct bench_stat *find[2], *zap[2];
			struct bench_spec spec[2] = {
				{ .x = x, .ops = 1, .arg = &c },
				{ .x = x, .ops = 1, .arg = &c },
			};

			c.pgoff = w == 0 ? c.pgoff_few : 0;
			if (!finds_agree(&c)) {
				bench_note(b,
					   "mm: list and tree disagree at "
					   "N=%lu",
					   sizes[s]);
				trunc_exit(&c);
				return -EIO;
			}
			spec[0].group = spec[1].group = find_group[w];
			spec[0].series = "i_mmap list walk";
			spec[0].fn = list_find;
			spec[1].series = "interval tree query";
			spec[1].fn = tree_find;
			err = bench_measure_set(b, spec, 2, find);
			if (err) {
				trunc_exit(&c);
				return err;
			}
			bench_ratio(b, find_group[w], "list / tree", x, find[0],
				    find[1]);
			list[w][s] = find[0];
			tree[w][s] = find[1];
			if (w)
				continue;

			/* zap the ~1% apart, and the whole vmtruncate_list */
			list_find(&c);
			spec[0].group = spec[1].group =
				"vmtruncate zap, ~1% of vmas (at least 1) "
				"affected";
			spec[0].setup = spec[1].setup = refault;
			spec[0].series = "zap_page_range of the found vmas";
			spec[0].fn = zap_found;
			spec[1].series = "vmtruncate_list (walk + zap)";
			spec[1].fn = truncate_list;
			err = bench_measure_set(b, spec, 2, zap);
			if (err) {
				trunc_exit(&c);
				return err;
			}
			bench_ratio(b, spec[0].group, "walk+zap / zap", x,
				    zap[1], zap[0]);
			bench_value(b, spec[0].group, "vmas affected", x,
				    (double)c.nfound);
		}
		trunc_exit(&c);
	}
	for (w = 0; w < 2; w++)
		bench_note_crossover(b, find_group[w], "the tree's find",
				     "the list walk", "vmas", sizes, nsizes,
				     tree[w], list[w]);
	return 0;
}

/* --------------------------------------------------------------- buddy */

#define BUDDY_ZONE_PAGES (8UL << (MAX_ORDER - 1))
#define PAIRS_PER_CALL 256

struct buddy_ctx {
	struct zone zone;
	unsigned int order;
	struct page **blocks;
};

static void alloc_free_pair(void *arg)
{
	struct buddy_ctx *c = arg;
	int i;

	for (i = 0; i < PAIRS_PER_CALL; i++) {
		struct page *page = alloc_pages(&c->zone, c->order);

		__free_pages(&c->zone, page, c->order);
	}
}

static void fill_drain(void *arg)
{
	struct buddy_ctx *c = arg;
	unsigned long n = 0, i;

	while ((c->blocks[n] = alloc_pages(&c->zone, c->order)))
		n++;
	for (i = 0; i < n; i++)
		__free_pages(&c->zone, c->blocks[i], c->order);
}

static int bench_buddy(struct bench *b)
{
	struct buddy_ctx c;
	int err;

	bench_axes(b, "buddy allocator, ns per alloc+free by order",
		   "order (a block of 2^order pages)",
		   "alloc+free of one block", BENCH_X_LINEAR);
	memset(&c, 0, sizeof(c));
	err = zone_init(&c.zone, "Normal", BUDDY_ZONE_PAGES, 0);
	if (err)
		return err;
	c.blocks = kcalloc(BUDDY_ZONE_PAGES + 1, sizeof(*c.blocks), GFP_KERNEL);
	if (!c.blocks) {
		zone_release(&c.zone);
		return -ENOMEM;
	}
	for (c.order = 0; c.order < MAX_ORDER; c.order++) {
		struct bench_spec spec = {
			.group = "buddy allocator, ns per alloc+free by order",
			.x = c.order,
			.arg = &c,
		};

		spec.series = "alloc+free pair in a free zone";
		spec.fn = alloc_free_pair;
		spec.ops = PAIRS_PER_CALL;
		bench_measure(b, &spec);
		spec.series = "fill the zone, then free every block";
		spec.fn = fill_drain;
		spec.ops = BUDDY_ZONE_PAGES >> c.order;
		bench_measure(b, &spec);
	}
	err = zone_check(&c.zone) ? 0 : -EIO;
	kfree(c.blocks);
	zone_release(&c.zone);
	return err;
}

/* ---------------------------------------------------------------- scan */

struct scan_ctx {
	struct zone zone;
	unsigned char *flag;
	unsigned long heads_walk, heads_flag;
};

static void scan_is_head(void *arg)
{
	struct scan_ctx *c = arg;
	unsigned long i, heads = 0;

	for (i = 0; i < c->zone.size; i++)
		heads += is_head_of_free_region(&c->zone.zone_mem_map[i]) != 0;
	c->heads_walk = heads;
}

static void scan_flags(void *arg)
{
	struct scan_ctx *c = arg;
	unsigned long i, heads = 0;
	unsigned int order;
	struct page *page;

	/* one walk of the free lists marks each free block's first frame */
	memset(c->flag, 0, c->zone.size);
	for (order = 0; order < MAX_ORDER; order++)
		list_for_each_entry(page, &c->zone.free_area[order].free_list,
				    list)
			c->flag[page - c->zone.zone_mem_map] = 1;
	for (i = 0; i < c->zone.size; i++)
		heads += c->flag[i];
	c->heads_flag = heads;
}

static int bench_scan(struct bench *b)
{
	static const unsigned long sizes[] = { 512, 2048, 8192 };
	unsigned int nsizes = bench_quick(b) ? 2 : 3, s;
	uint64_t seed = 0xf1a95;

	bench_axes(b, "free-page scan, ns per frame", "page frames in the zone",
		   "frame", 0);
	for (s = 0; s < nsizes; s++) {
		struct scan_ctx c;
		struct bench_spec spec[2] = {
			{ .group = "free-page scan, ns per frame",
			  .series = "is_head_of_free_region per frame (2.5.33)",
			  .fn = scan_is_head,
			  .x = (double)sizes[s],
			  .ops = sizes[s],
			  .arg = &c },
			{ .group = "free-page scan, ns per frame",
			  .series = "one list walk + a flag per frame (2.6)",
			  .fn = scan_flags,
			  .x = (double)sizes[s],
			  .ops = sizes[s],
			  .arg = &c },
		};
		const struct bench_stat *stat[2];
		unsigned long i, blocks = 0;
		unsigned int order;
		int err;

		memset(&c, 0, sizeof(c));
		err = zone_init(&c.zone, "Normal", sizes[s], 0);
		if (err)
			return err;
		c.flag = kcalloc(sizes[s], 1, GFP_KERNEL);
		if (!c.flag) {
			zone_release(&c.zone);
			return -ENOMEM;
		}
		/* take every frame, give a random half back */
		for (i = 0; i < sizes[s]; i++)
			alloc_page(&c.zone);
		for (i = 0; i < sizes[s]; i++)
			if (bench_rand(&seed) & 1)
				__free_page(&c.zone, &c.zone.zone_mem_map[i]);
		for (order = 0; order < MAX_ORDER; order++)
			blocks += zone_nr_free_blocks(&c.zone, order);
		bench_value(b, spec[0].group, "free blocks", spec[0].x,
			    (double)blocks);

		err = bench_measure_set(b, spec, 2, stat);
		if (!err) {
			bench_ratio(b, spec[0].group, "is_head / flag",
				    spec[0].x, stat[0], stat[1]);
			if (c.heads_walk != blocks || c.heads_flag != blocks)
				err = -EIO;
		}
		/* give back the frames still allocated */
		for (i = 0; i < sizes[s]; i++)
			if (c.zone.zone_mem_map[i].flags & (1UL << PG_head))
				__free_page(&c.zone, &c.zone.zone_mem_map[i]);
		if (!err && !zone_check(&c.zone))
			err = -EIO;
		kfree(c.flag);
		if (zone_release(&c.zone) && !err)
			err = -EBUSY;
		if (err)
			return err;
	}
	return 0;
}

static int bench_mm(struct bench *b)
{
	int err;

	err = bench_truncate(b);
	if (!err)
		err = bench_buddy(b);
	if (!err)
		err = bench_scan(b);
	return err;
}

KSTRUCT_BENCH("mm", 30,
	      "vmtruncate_list vs an interval tree; buddy alloc/free; "
	      "free-page scan",
	      bench_mm)
