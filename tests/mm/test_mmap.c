// SPDX-License-Identifier: MIT
/*
 * tests/mm/test_mmap.c - vmas and the i_mmap lists (mm/mmap.c,
 * mm/filemap.c).
 *
 * The exact wiring of i_mmap and i_mmap_shared (tail insertion, the right
 * list for each kind of mapping), every bad argument of do_mmap() and
 * do_munmap() leaving everything unchanged, the checkers catching
 * corruption, and fault injection of every allocation of a whole
 * map/fault/truncate/unmap scenario.
 */
#include <errno.h>
#include <string.h>

#include "compat/bitops.h"
#include "compat/slab.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/report.h"
#include "tests/mm/fixture.h"

static void test_i_mmap_wiring(void)
{
	struct fx f;
	struct address_space *m;
	struct vm_area_struct *a, *b, *c, *d;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 16 * PAGE_SIZE, 0, 2), 0);
	m = f.inode.i_mapping;
	CU_ASSERT_PTR_EQUAL(m->host, &f.inode);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x10000, PAGE_SIZE, VM_READ,
				0, &a),
			0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x20000, PAGE_SIZE,
				VM_READ | VM_SHARED | VM_MAYSHARE, 0, &b),
			0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[1], &f.file, 0x10000, PAGE_SIZE,
				VM_READ | VM_MAYSHARE, 1, &c),
			0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[1], &f.file, 0x30000, PAGE_SIZE,
				VM_READ | VM_SHARED, 2, &d),
			0);
	/* private mappings on i_mmap, in the order made */
	CU_ASSERT_PTR_EQUAL(m->i_mmap.next, &a->shared);
	CU_ASSERT_PTR_EQUAL(a->shared.next, &c->shared);
	CU_ASSERT_PTR_EQUAL(c->shared.next, &m->i_mmap);
	CU_ASSERT_PTR_EQUAL(m->i_mmap.prev, &c->shared);
	CU_ASSERT_PTR_EQUAL(c->shared.prev, &a->shared);
	CU_ASSERT_PTR_EQUAL(a->shared.prev, &m->i_mmap);
	/* VM_SHARED ones on i_mmap_shared */
	CU_ASSERT_PTR_EQUAL(m->i_mmap_shared.next, &b->shared);
	CU_ASSERT_PTR_EQUAL(b->shared.next, &d->shared);
	CU_ASSERT_PTR_EQUAL(d->shared.next, &m->i_mmap_shared);
	CU_ASSERT_PTR_EQUAL(m->i_mmap_shared.prev, &d->shared);
	/* each mm's vmas by address */
	CU_ASSERT_PTR_EQUAL(f.mm[0]->mmap.next, &a->vm_list);
	CU_ASSERT_PTR_EQUAL(a->vm_list.next, &b->vm_list);
	CU_ASSERT_PTR_EQUAL(b->vm_list.next, &f.mm[0]->mmap);
	CU_ASSERT_EQUAL(f.mm[0]->map_count, 2);
	CU_ASSERT_PTR_EQUAL(a->vm_mm, f.mm[0]);
	CU_ASSERT_PTR_EQUAL(a->vm_file, &f.file);
	CU_ASSERT_EQUAL(c->vm_pgoff, 1);
	CU_ASSERT_EQUAL(c->vm_end - c->vm_start, PAGE_SIZE);
	CU_ASSERT(fx_check(&f));

	/* unmapping the first private one relinks the ring around it */
	CU_ASSERT_EQUAL(do_munmap(f.mm[0], 0x10000, PAGE_SIZE), 0);
	CU_ASSERT_PTR_EQUAL(m->i_mmap.next, &c->shared);
	CU_ASSERT_PTR_EQUAL(c->shared.prev, &m->i_mmap);
	CU_ASSERT_EQUAL(f.mm[0]->map_count, 1);
	CU_ASSERT(fx_check(&f));

	/* a vma inserted below others goes in address order */
	CU_ASSERT_EQUAL(do_mmap(f.mm[1], &f.file, 0x20000, PAGE_SIZE, VM_READ,
				0, &a),
			0);
	CU_ASSERT_PTR_EQUAL(c->vm_list.next, &a->vm_list);
	CU_ASSERT_PTR_EQUAL(a->vm_list.next, &d->vm_list);
	CU_ASSERT_PTR_EQUAL(m->i_mmap.prev, &a->shared);
	CU_ASSERT_EQUAL(
		do_mmap(f.mm[1], &f.file, 0x0, PAGE_SIZE, VM_READ, 0, &b), 0);
	CU_ASSERT_PTR_EQUAL(f.mm[1]->mmap.next, &b->vm_list);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

/* the i_mmap lists hold @want[0..n) in that order, and nothing else */
static int list_is(struct list_head *head, struct vm_area_struct **want, int n)
{
	struct vm_area_struct *vma;
	int i = 0;

	list_for_each_entry(vma, head, shared)
		if (i >= n || want[i++] != vma)
			return 0;
	return i == n;
}

/* drop @vma from @arr[0..*n), keeping the order of the rest */
static void drop(struct vm_area_struct **arr, int *n,
		 struct vm_area_struct *vma)
{
	int i, j = 0;

	for (i = 0; i < *n; i++)
		if (arr[i] != vma)
			arr[j++] = arr[i];
	*n = j;
}

/*
 * Random maps and unmaps in two processes: each list always holds its
 * kind of vma in the order they were made (tail insertion), whatever
 * the addresses, the processes and the removals in between.
 */
static void test_i_mmap_order_random(void)
{
	struct fx f;
	struct vm_area_struct *slot[2][16] = { { NULL } };
	struct vm_area_struct *priv[32], *shr[32];
	int npriv = 0, nshr = 0, step, wrong = 0;
	uint64_t rs = 0x0dde5eedull;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 16 * PAGE_SIZE, 0, 2), 0);
	for (step = 0; step < 1500; step++) {
		int m = fx_rand(&rs) % 2, s = fx_rand(&rs) % 16;
		struct vm_area_struct **vp = &slot[m][s];

		if (!*vp) {
			bool shared = fx_rand(&rs) % 2;

			if (do_mmap(f.mm[m], &f.file,
				    (0x100 + 4 * s) * PAGE_SIZE,
				    (1 + fx_rand(&rs) % 3) * PAGE_SIZE,
				    VM_READ | (shared ? VM_SHARED : 0),
				    fx_rand(&rs) % 8, vp)) {
				wrong++;
				continue;
			}
			if (shared)
				shr[nshr++] = *vp;
			else
				priv[npriv++] = *vp;
		} else {
			drop(priv, &npriv, *vp);
			drop(shr, &nshr, *vp);
			if (do_munmap(f.mm[m], (*vp)->vm_start,
				      (*vp)->vm_end - (*vp)->vm_start))
				wrong++;
			*vp = NULL;
		}
		if (!list_is(&f.inode.i_mapping->i_mmap, priv, npriv) ||
		    !list_is(&f.inode.i_mapping->i_mmap_shared, shr, nshr) ||
		    !fx_check(&f))
			wrong++;
	}
	CU_ASSERT_EQUAL(wrong, 0);
	CU_ASSERT(npriv > 2 && nshr > 2);
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

struct state {
	int map_count;
	unsigned long nr_private, nr_shared;
	long live;
};

static void take(struct fx *f, struct state *s)
{
	memset(s, 0, sizeof(*s));
	s->map_count = f->mm[0]->map_count;
	s->nr_private = list_count_nodes(&f->inode.i_mapping->i_mmap);
	s->nr_shared = list_count_nodes(&f->inode.i_mapping->i_mmap_shared);
	s->live = kmalloc_live();
}

static int unchanged(struct fx *f, const struct state *before)
{
	struct state now;

	take(f, &now);
	return !memcmp(&now, before, sizeof(now)) && fx_check(f);
}

static void test_bad_mmap_arguments(void)
{
	struct fx f;
	struct vm_area_struct *vma = NULL;
	struct file nofile = { NULL };
	struct state s;
	unsigned long ps = PAGE_SIZE;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 16 * PAGE_SIZE, 0, 1), 0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x10 * ps, 4 * ps, VM_READ, 0,
				NULL),
			0);
	take(&f, &s);

	/* not page aligned, empty, past TASK_SIZE */
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x40 * ps + 1, ps, VM_READ, 0,
				&vma),
			-EINVAL);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x40 * ps, ps - 1, VM_READ, 0,
				&vma),
			-EINVAL);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x40 * ps, 0, VM_READ, 0,
				&vma),
			-EINVAL);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, TASK_SIZE - ps, 2 * ps,
				VM_READ, 0, &vma),
			-EINVAL);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, TASK_SIZE, ps, VM_READ, 0,
				&vma),
			-EINVAL);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, ps, ~0UL & PAGE_MASK, VM_READ,
				0, &vma),
			-EINVAL);
	/* the file offset of its end would overflow */
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x40 * ps, 2 * ps, VM_READ,
				~0UL, &vma),
			-EINVAL);
	/* unknown flags, no file */
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x40 * ps, ps, 0x100, 0,
				&vma),
			-EINVAL);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], NULL, 0x40 * ps, ps, VM_READ, 0, &vma),
			-EINVAL);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &nofile, 0x40 * ps, ps, VM_READ, 0,
				&vma),
			-EINVAL);
	CU_ASSERT_EQUAL(do_mmap(NULL, &f.file, 0x40 * ps, ps, VM_READ, 0, &vma),
			-EINVAL);
	/* overlaps: inside, across the start, across the end, around */
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x11 * ps, ps, VM_READ, 0,
				&vma),
			-EEXIST);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0xf * ps, 2 * ps, VM_READ, 0,
				&vma),
			-EEXIST);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x13 * ps, 2 * ps, VM_READ, 0,
				&vma),
			-EEXIST);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0xf * ps, 8 * ps, VM_READ, 0,
				&vma),
			-EEXIST);
	CU_ASSERT_PTR_NULL(vma);
	CU_ASSERT(unchanged(&f, &s));

	/* unmapping what is not exactly one vma */
	CU_ASSERT_EQUAL(do_munmap(f.mm[0], 0x10 * ps, 2 * ps), -EINVAL);
	CU_ASSERT_EQUAL(do_munmap(f.mm[0], 0x11 * ps, 3 * ps), -EINVAL);
	CU_ASSERT_EQUAL(do_munmap(f.mm[0], 0x40 * ps, ps), -EINVAL);
	/* no mm, as do_mmap() refuses it */
	CU_ASSERT_EQUAL(do_munmap(NULL, 0x10 * ps, 3 * ps), -EINVAL);
	CU_ASSERT(unchanged(&f, &s));

	/* neighbours that just touch are fine */
	CU_ASSERT_EQUAL(
		do_mmap(f.mm[0], &f.file, 0xf * ps, ps, VM_READ, 0, &vma), 0);
	CU_ASSERT_EQUAL(
		do_mmap(f.mm[0], &f.file, 0x14 * ps, ps, VM_READ, 0, &vma), 0);
	CU_ASSERT_EQUAL(f.mm[0]->map_count, 3);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

static void test_checkers_catch(void)
{
	struct fx f;
	struct vm_area_struct *a, *b;
	struct page *page;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 16 * PAGE_SIZE, 0, 1), 0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x10 * PAGE_SIZE,
				2 * PAGE_SIZE, VM_READ, 0, &a),
			0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x20 * PAGE_SIZE,
				2 * PAGE_SIZE, VM_READ | VM_SHARED, 0, &b),
			0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], a, 0x10 * PAGE_SIZE, 0), 0);
	CU_ASSERT(fx_check(&f));

	/* a private vma on the shared list */
	list_move_tail(&a->shared, &f.inode.i_mapping->i_mmap_shared);
	EXPECT_CHECK_FAILS(mapping_check(f.inode.i_mapping), "mapping_check");
	expect_detail(": inode 1: vma 0x10000-0x12000 is on the wrong list");
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": vma 0x10000 is on the wrong i_mmap list");
	list_move_tail(&a->shared, &f.inode.i_mapping->i_mmap);
	CU_ASSERT(fx_check(&f));
	/* a mapcount that disagrees with the ptes */
	page = follow_page(f.mm[0], 0x10 * PAGE_SIZE);
	page->mapcount++;
	EXPECT_CHECK_FAILS(mapping_check(f.inode.i_mapping), "mapping_check");
	expect_detail(": inode 1: page 0: mapcount 2 but 1 ptes");
	page->mapcount--;
	/* rss, map_count, an unsorted vma list */
	f.mm[0]->rss++;
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": 1 pte tables and rss 2, counted 1 and 1");
	f.mm[0]->rss--;
	f.mm[0]->map_count++;
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": map_count 3 but 2 vmas");
	f.mm[0]->map_count--;
	list_move_tail(&a->vm_list, &f.mm[0]->mmap);
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": vma 0x10000 overlaps or is out of order");
	list_move(&a->vm_list, &f.mm[0]->mmap);
	/* a page-cache count that disagrees with the list */
	f.inode.i_mapping->nrpages++;
	EXPECT_CHECK_FAILS(mapping_check(f.inode.i_mapping), "mapping_check");
	expect_detail(": inode 1: nrpages 2, listed 1, hashed 1");
	f.inode.i_mapping->nrpages--;
	/* a pte pointing at the wrong file page */
	page->index = 5;
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": pte at 0x10000 does not map file page 0");
	page->index = 0;
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

/*
 * mapping_check() alone (not mm_check()) against each corruption of a
 * file's side: its page cache, its vma lists and the ptes it counts.
 */
static void test_mapping_check_catches(void)
{
	struct fx f;
	struct inode other;
	struct file other_file = { &other };
	struct address_space *m;
	struct vm_area_struct *a, *b;
	struct pte_table *table;
	struct page *p0, *p1;
	unsigned long h;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 4 * PAGE_SIZE, 0, 1), 0);
	CU_ASSERT_EQUAL_FATAL(inode_init(&other, 2, &f.zone, PAGE_SIZE), 0);
	m = f.inode.i_mapping;
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x10 * PAGE_SIZE,
				2 * PAGE_SIZE, VM_READ, 0, &a),
			0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x20 * PAGE_SIZE,
				2 * PAGE_SIZE, VM_READ | VM_SHARED, 2, &b),
			0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], a, 0x10 * PAGE_SIZE, 0), 0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], a, 0x11 * PAGE_SIZE, 0), 0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], b, 0x20 * PAGE_SIZE, 0), 0);
	CU_ASSERT(fx_check(&f));
	p0 = follow_page(f.mm[0], 0x10 * PAGE_SIZE);
	p1 = follow_page(f.mm[0], 0x11 * PAGE_SIZE);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p1);

	/* two ptes swapped: every mapcount still right, the pages wrong */
	table = f.mm[0]->pgd[(0x10 * PAGE_SIZE) >> PMD_SHIFT];
	table->pte[0x10 & (PTRS_PER_PTE - 1)] = p1;
	table->pte[0x11 & (PTRS_PER_PTE - 1)] = p0;
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(": inode 1: pte at 0x10000 does not map file page 0");
	table->pte[0x10 & (PTRS_PER_PTE - 1)] = p0;
	table->pte[0x11 & (PTRS_PER_PTE - 1)] = p1;
	CU_ASSERT(mapping_check(m));

	/* a vma of another file on this file's list */
	a->vm_file = &other_file;
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(": inode 1: vma 0x10000-0x12000 maps another file");
	a->vm_file = &f.file;
	/* a vma with no mm */
	b->vm_mm = NULL;
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(": inode 1: vma 0x20000-0x22000 has no mm");
	b->vm_mm = f.mm[0];
	/* a mapped vma missing from the lists: its ptes go uncounted */
	list_del_init(&a->shared);
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(": inode 1: page 1: mapcount 1 but 0 ptes");
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": vma 0x10000 is on no i_mmap list");
	list_add(&a->shared, &m->i_mmap);
	CU_ASSERT(fx_check(&f));

	/* a cached page on the wrong hash chain */
	for (h = 0; h < PAGE_HASH_SIZE; h++) {
		struct page *q;
		bool here = false;

		hlist_for_each_entry(q, &m->page_hash[h], hash)
			here |= q == p0;
		if (here)
			break;
	}
	CU_ASSERT_FATAL(h < PAGE_HASH_SIZE);
	hlist_del_init(&p0->hash);
	hlist_add_head(&p0->hash, &m->page_hash[(h + 1) % PAGE_HASH_SIZE]);
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(": inode 1: page 0 on hash chain 1");
	hlist_del_init(&p0->hash);
	hlist_add_head(&p0->hash, &m->page_hash[h]);
	CU_ASSERT(mapping_check(m));
	/* a cached page the zone thinks is not allocated */
	__clear_bit(PG_head, &p1->flags);
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(": inode 1: page 1 is not an allocated page of the zone");
	__set_bit(PG_head, &p1->flags);
	/* a cached page wholly past the end of file (i_size shrunk
	 * without truncating) */
	f.inode.i_size = 2 * PAGE_SIZE;
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(
		": inode 1: page 2 lies wholly past the end of file (2 pages)");
	f.inode.i_size = 2 * PAGE_SIZE + 1;
	CU_ASSERT(mapping_check(m));
	f.inode.i_size = 4 * PAGE_SIZE;
	CU_ASSERT(fx_check(&f));

	CU_ASSERT_EQUAL(inode_release(&other), 0);
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

/* mm_check() alone against each corruption of a process's side */
static void test_mm_check_catches(void)
{
	struct fx f;
	struct vm_area_struct *a;
	struct pte_table *table;
	struct page *p0;
	unsigned long base = 0x10 * PAGE_SIZE, hole;
	struct list_head *saved;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 4 * PAGE_SIZE, 0, 2), 0);
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, base, 2 * PAGE_SIZE, VM_READ,
				0, &a),
			0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], a, base, 0), 0);
	CU_ASSERT(fx_check(&f));
	p0 = follow_page(f.mm[0], base);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p0);
	table = f.mm[0]->pgd[base >> PMD_SHIFT];

	/* a vma that names another mm */
	a->vm_mm = f.mm[1];
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": vma 0x10000 names another mm");
	a->vm_mm = f.mm[0];
	/* a malformed vma: empty */
	a->vm_end = a->vm_start;
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": vma 0x10000-0x10000 is malformed");
	a->vm_end = a->vm_start + 2 * PAGE_SIZE;
	/* unknown flags */
	a->vm_flags |= 0x100;
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": vma 0x10000 has unknown flags 0x101");
	a->vm_flags &= ~0x100UL;
	CU_ASSERT(mm_check(f.mm[0]));

	/* a page mapped in the hole just past the vma, counts kept right */
	hole = base + 2 * PAGE_SIZE;
	table->pte[(hole >> PAGE_SHIFT) & (PTRS_PER_PTE - 1)] = p0;
	table->nr_present++;
	f.mm[0]->rss++;
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": page mapped at 0x12000 outside every vma");
	table->pte[(hole >> PAGE_SHIFT) & (PTRS_PER_PTE - 1)] = NULL;
	table->nr_present--;
	f.mm[0]->rss--;
	/* a pte table whose count disagrees with its entries, rss kept */
	table->nr_present++;
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": pte table 0: nr_present 2, found 1");
	table->nr_present--;
	/* a broken vma ring */
	saved = f.mm[0]->mmap.prev;
	f.mm[0]->mmap.prev = &f.mm[0]->mmap;
	EXPECT_CHECK_FAILS(mm_check(f.mm[0]), "mm_check");
	expect_detail(": list_check at mm/mmap.c:");
	f.mm[0]->mmap.prev = saved;
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

/* mapping_check() against a broken page cache */
static void test_mapping_check_catches_cache(void)
{
	struct fx f;
	struct address_space *m, other;
	struct vm_area_struct *a;
	struct page *p0, *q;
	struct list_head *saved;
	struct hlist_node **pprev;
	unsigned long h;

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 4 * PAGE_SIZE, 0, 1), 0);
	m = f.inode.i_mapping;
	CU_ASSERT_EQUAL(do_mmap(f.mm[0], &f.file, 0x10 * PAGE_SIZE,
				2 * PAGE_SIZE, VM_READ, 0, &a),
			0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], a, 0x10 * PAGE_SIZE, 0), 0);
	CU_ASSERT_EQUAL(handle_mm_fault(f.mm[0], a, 0x11 * PAGE_SIZE, 0), 0);
	CU_ASSERT(fx_check(&f));
	p0 = follow_page(f.mm[0], 0x10 * PAGE_SIZE);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p0);
	for (h = 0; h < PAGE_HASH_SIZE; h++) {
		struct page *r;
		bool here = false;

		hlist_for_each_entry(r, &m->page_hash[h], hash)
			here |= r == p0;
		if (here)
			break;
	}
	CU_ASSERT_FATAL(h < PAGE_HASH_SIZE);

	/* a broken clean_pages ring */
	saved = m->clean_pages.prev;
	m->clean_pages.prev = &m->clean_pages;
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(": list_check at mm/filemap.c:");
	m->clean_pages.prev = saved;
	/* a broken hash chain */
	pprev = p0->hash.pprev;
	p0->hash.pprev = &p0->hash.next;
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(": hlist_check at mm/filemap.c:");
	p0->hash.pprev = pprev;
	CU_ASSERT(mapping_check(m));
	/* a cached page that names another mapping */
	p0->mapping = &other;
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(": inode 1: page 0 names another mapping");
	p0->mapping = m;
	CU_ASSERT(mapping_check(m));
	/* the same file page cached twice: a second page for index 0 on
	 * the same hash chain, listed and counted */
	q = alloc_page(&f.zone);
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	q->mapping = m;
	q->index = p0->index;
	hlist_add_head(&q->hash, &m->page_hash[h]);
	list_add(&q->list, &m->clean_pages);
	m->nrpages++;
	EXPECT_CHECK_FAILS(mapping_check(m), "mapping_check");
	expect_detail(
		": inode 1: page 0 is not found by its index (twice cached?)");
	hlist_del_init(&q->hash);
	list_del_init(&q->list);
	m->nrpages--;
	q->mapping = NULL;
	CU_ASSERT_EQUAL(__free_page(&f.zone, q), 0);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

static void test_page_cache(void)
{
	struct fx f;
	struct page *p, *q;

	/* a file long enough for index 3 + PAGE_HASH_SIZE */
	CU_ASSERT_EQUAL_FATAL(
		fx_init(&f, 16, (4 + PAGE_HASH_SIZE) * PAGE_SIZE, 0, 0), 0);
	p = alloc_page(&f.zone);
	q = alloc_page(&f.zone);
	CU_ASSERT_EQUAL(add_to_page_cache(p, f.inode.i_mapping, 3), 0);
	CU_ASSERT_EQUAL(add_to_page_cache(p, f.inode.i_mapping, 4), -EBUSY);
	CU_ASSERT_EQUAL(add_to_page_cache(q, f.inode.i_mapping, 3), -EEXIST);
	CU_ASSERT_PTR_EQUAL(find_get_page(f.inode.i_mapping, 3), p);
	CU_ASSERT_PTR_NULL(
		find_get_page(f.inode.i_mapping, 3 + PAGE_HASH_SIZE));
	CU_ASSERT_EQUAL(
		add_to_page_cache(q, f.inode.i_mapping, 3 + PAGE_HASH_SIZE), 0);
	CU_ASSERT_EQUAL(f.inode.i_mapping->nrpages, 2);
	CU_ASSERT(fx_check(&f));
	/* a cached page cannot be freed behind the cache's back */
	CU_ASSERT_EQUAL(__free_page(&f.zone, p), -EBUSY);
	remove_from_page_cache(p);
	CU_ASSERT_PTR_NULL(find_get_page(f.inode.i_mapping, 3));
	CU_ASSERT_EQUAL(__free_page(&f.zone, p), 0);
	/* truncate_inode_pages drops what lies wholly past the offset */
	CU_ASSERT_EQUAL(
		truncate_inode_pages(f.inode.i_mapping,
				     (3 + PAGE_HASH_SIZE) * PAGE_SIZE + 1),
		0);
	CU_ASSERT_EQUAL(truncate_inode_pages(f.inode.i_mapping,
					     (3 + PAGE_HASH_SIZE) * PAGE_SIZE),
			1);
	CU_ASSERT_EQUAL(f.zone.free_pages, f.zone.size);
	CU_ASSERT_EQUAL(inode_init(&f.inode, 2, &f.zone, -1), -EINVAL);
	/* refused before the inode is touched (UBSan: no member access) */
	CU_ASSERT_EQUAL(inode_init(NULL, 2, &f.zone, 0), -EINVAL);
	CU_ASSERT_EQUAL(inode_init(&f.inode, 2, NULL, 0), -EINVAL);
	CU_ASSERT_EQUAL(inode_release(NULL), -EINVAL);
	CU_ASSERT_EQUAL(f.inode.i_ino, 1);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

/*
 * A whole life: two processes map a file both ways, fault pages, the
 * file shrinks and grows, a vma goes, the processes exit.  Returns the
 * number of steps that failed; every failure must be -ENOMEM or NULL and
 * leave everything valid (*@bad counts those that do not).
 */
static int scenario(struct fx *f, int *bad)
{
	struct mm_struct *mm[2];
	struct vm_area_struct *v[3] = { NULL, NULL, NULL };
	unsigned long a;
	int i, err, failed = 0;

#define STEP(expr)                          \
	do {                                \
		err = (expr);               \
		if (err) {                  \
			failed++;           \
			if (err != -ENOMEM) \
				(*bad)++;   \
		}                           \
		if (!fx_check(f))           \
			(*bad)++;           \
	} while (0)

	for (i = 0; i < 2; i++) {
		mm[i] = mm_alloc();
		if (!mm[i])
			failed++;
		f->mm[f->nmm++] = mm[i];
	}
	if (mm[0])
		STEP(do_mmap(mm[0], &f->file, 0x10000, 8 * PAGE_SIZE,
			     VM_READ | VM_SHARED, 0, &v[0]));
	if (mm[1]) {
		STEP(do_mmap(mm[1], &f->file, PMD_SIZE - 2 * PAGE_SIZE,
			     4 * PAGE_SIZE, VM_READ, 2, &v[1]));
		STEP(do_mmap(mm[1], &f->file, 3 * PMD_SIZE, 4 * PAGE_SIZE,
			     VM_READ | VM_SHARED, 4, &v[2]));
	}
	for (i = 0; i < 3; i++) {
		if (!v[i])
			continue;
		for (a = v[i]->vm_start; a < v[i]->vm_end; a += PAGE_SIZE)
			STEP(handle_mm_fault(v[i]->vm_mm, v[i], a, 0));
	}
	STEP(vmtruncate(&f->inode, 5 * PAGE_SIZE + 7));
	STEP(vmtruncate(&f->inode, 16 * PAGE_SIZE));
	if (v[0])
		for (a = v[0]->vm_start; a < v[0]->vm_end; a += PAGE_SIZE)
			STEP(handle_mm_fault(mm[0], v[0], a, 0));
	if (v[2])
		STEP(do_munmap(mm[1], v[2]->vm_start, 4 * PAGE_SIZE));
	STEP(vmtruncate(&f->inode, 0));
#undef STEP
	return failed;
}

static void test_fault_injection_scenario(void)
{
	struct fx f;
	unsigned long n, fired;
	long live = kmalloc_live();
	int bad = 0, failed;

	for (n = 1; n < 200; n++) {
		CU_ASSERT_EQUAL_FATAL(fx_init(&f, 64, 16 * PAGE_SIZE, 0, 0), 0);
		fired = kmalloc_fault_fired();
		kmalloc_fail_nth(n);
		failed = scenario(&f, &bad);
		kmalloc_fault_reset();
		CU_ASSERT(fx_check(&f));
		CU_ASSERT_EQUAL(fx_exit(&f), 0);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		if (kmalloc_fault_fired() == fired) {
			/* n is past the scenario's last allocation */
			CU_ASSERT_EQUAL(failed, 0);
			break;
		}
		CU_ASSERT(failed > 0);
	}
	CU_ASSERT(n > 5 && n < 200);
	CU_ASSERT_EQUAL(bad, 0);
}

static void test_fault_injection_mm_alloc_mmap(void)
{
	struct fx f;
	struct mm_struct *mm;
	struct vm_area_struct *vma = NULL;
	long live;
	unsigned long n;
	int err;

	live = kmalloc_live();
	for_each_alloc_failure(n, mm = mm_alloc())
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT_PTR_NOT_NULL_FATAL(mm);
	CU_ASSERT_EQUAL(n, 3); /* the mm and its pgd */
	CU_ASSERT(mm_check(mm));
	mmput(mm);
	CU_ASSERT_EQUAL(kmalloc_live(), live);

	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 16 * PAGE_SIZE, 0, 1), 0);
	live = kmalloc_live();
	kmalloc_fail_nth(1);
	err = do_mmap(f.mm[0], &f.file, 0x10000, PAGE_SIZE, VM_READ, 0, &vma);
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(err, -ENOMEM);
	CU_ASSERT_PTR_NULL(vma);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT_EQUAL(f.mm[0]->map_count, 0);
	CU_ASSERT(list_empty(&f.inode.i_mapping->i_mmap));
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

static CU_TestInfo do_mmap_tests[] = {
	{ "i_mmap and i_mmap_shared wiring", test_i_mmap_wiring },
	{ "i_mmap lists keep creation order through random map/unmap",
	  test_i_mmap_order_random },
	{ "bad do_mmap/do_munmap arguments change nothing",
	  test_bad_mmap_arguments },
	{ "fault injection: mm_alloc and do_mmap",
	  test_fault_injection_mm_alloc_mmap },
	{ "fault injection: every allocation of a scenario",
	  test_fault_injection_scenario },
	CU_TEST_INFO_NULL,
};

/* a NULL argument is reported, and fx_check()'s own conservation */
static void test_checkers_report_null_and_conservation(void)
{
	struct page *page;
	struct fx f;

	EXPECT_CHECK_FAILS(mm_check(NULL), "mm_check");
	expect_detail(": no mm (NULL)");
	EXPECT_CHECK_FAILS(mapping_check(NULL), "mapping_check");
	expect_detail(": no mapping (NULL)");
	CU_ASSERT_EQUAL_FATAL(fx_init(&f, 16, 16 * PAGE_SIZE, 0, 1), 0);
	CU_ASSERT(fx_check(&f));
	/* a frame allocated, not cached: every checker but fx_check's sum */
	page = alloc_page(&f.zone);
	CU_ASSERT_PTR_NOT_NULL_FATAL(page);
	CU_ASSERT(zone_check(&f.zone));
	EXPECT_CHECK_FAILS(fx_check(&f), "fx_check");
	expect_detail(": 15 free + 0 cached != 16 frames");
	CU_ASSERT_EQUAL(__free_page(&f.zone, page), 0);
	CU_ASSERT(fx_check(&f));
	CU_ASSERT_EQUAL(fx_exit(&f), 0);
}

static CU_TestInfo checker_tests[] = {
	{ "mapping_check and mm_check catch corruption", test_checkers_catch },
	{ "mm_check, mapping_check, fx_check report NULL and conservation",
	  test_checkers_report_null_and_conservation },
	{ "mapping_check catches each corruption alone",
	  test_mapping_check_catches },
	{ "mm_check catches each corruption alone", test_mm_check_catches },
	{ "mapping_check catches a broken page cache",
	  test_mapping_check_catches_cache },
	CU_TEST_INFO_NULL,
};

/* mm/filemap.c's page cache */
static CU_TestInfo page_cache_tests[] = {
	{ "page cache", test_page_cache },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("mm/mmap/do_mmap", do_mmap_tests, NULL, NULL)
KTEST_SUITE("mm/mmap/mm_check", checker_tests, report_suite_init,
	    report_suite_cleanup)
KTEST_SUITE("mm/filemap/add_to_page_cache", page_cache_tests, NULL, NULL)
