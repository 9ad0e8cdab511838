// SPDX-License-Identifier: MIT
/*
 * tests/mm/test_null.c - the NULL rule of mm/ (docs/mm.md, "NULL
 * arguments"), held against every public function of mm/mm.h,
 * mm/mmzone.h and mm/fs.h, one pointer argument at a time.
 *
 * A NULL where an object is needed is bad input: the call changes
 * nothing and answers -EINVAL when it returns an int or a long, NULL
 * when it returns a pointer, 0 when it returns an unsigned count or
 * address, false when it returns a bool, and does nothing when it
 * returns nothing.  Each case runs in a child process, so that a call
 * that crashes fails its case instead of the whole binary; the child
 * also checks that the zone, the file and the process are as before.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/child.h"
#include "tests/ktest.h"
#include "tests/mm/fixture.h"

static struct fx f;
static struct vm_area_struct *vma;
static struct page *page; /* an allocated order-0 block, not cached */
static unsigned long addr; /* a mapped, faulted-in address */
static unsigned long start, len;

#define FILE_PAGES 8

/* every checker (fx_check()'s conservation does not hold: @page) */
static bool checkers(void)
{
	return zone_check(&f.zone) && mapping_check(f.inode.i_mapping) &&
	       mm_check(f.mm[0]);
}

static int null_setup(void)
{
	if (fx_init(&f, 64, FILE_PAGES * PAGE_SIZE, ZONE_ARENA, 1))
		return 1;
	addr = 16 * PAGE_SIZE;
	if (do_mmap(f.mm[0], &f.file, addr, FILE_PAGES * PAGE_SIZE, VM_READ, 0,
		    &vma))
		return 1;
	if (handle_mm_fault(f.mm[0], vma, addr, 0))
		return 1;
	page = alloc_page(&f.zone);
	return !page || !checkers();
}

static int null_teardown(void)
{
	if (__free_page(&f.zone, page))
		return 1;
	return fx_exit(&f);
}

/* the calls, one NULL each; the result as a long */
static long c_zone_init(void)
{
	return zone_init(NULL, "z", 8, 0);
}
static long c_zone_release(void)
{
	return zone_release(NULL);
}
static long c_expand_zone(void)
{
	return expand(NULL, page, 0, 0, 1, &f.zone.free_area[1]) != NULL;
}
static long c_expand_page(void)
{
	return expand(&f.zone, NULL, 0, 0, 1, &f.zone.free_area[1]) != NULL;
}
static long c_expand_area(void)
{
	return expand(&f.zone, page, 0, 0, 1, NULL) != NULL;
}
static long c_alloc_pages(void)
{
	return __alloc_pages(NULL, 0) != NULL;
}
static long c_alloc_page(void)
{
	return alloc_page(NULL) != NULL;
}
static long c_free_zone(void)
{
	return __free_pages_ok(NULL, page, 0);
}
static long c_free_page(void)
{
	return __free_pages_ok(&f.zone, NULL, 0);
}
static long c_free_one(void)
{
	return __free_page(NULL, page);
}
static long c_virt_to_page(void)
{
	return virt_to_page(NULL, page_address(page)) != NULL;
}
static long c_get_free_pages(void)
{
	return (long)__get_free_pages(NULL, 0);
}
static long c_free_pages(void)
{
	return free_pages(NULL, (unsigned long)page_address(page), 0);
}
static long c_is_head(void)
{
	return is_head_of_free_region(NULL);
}
static long c_show_zone(void)
{
	return show_free_areas(NULL, stdout);
}
static long c_show_file(void)
{
	return show_free_areas(&f.zone, NULL);
}
static long c_areas_line(void)
{
	char buf[8];

	return zone_free_areas_line(NULL, buf, sizeof(buf));
}
static long c_buddyinfo_line(void)
{
	char buf[8];

	return zone_buddyinfo_line(NULL, buf, sizeof(buf));
}
static long c_nr_free_blocks(void)
{
	return (long)zone_nr_free_blocks(NULL, 0);
}
static long c_zone_check(void)
{
	return zone_check(NULL);
}
static long c_zone_index_zone(void)
{
	return page_zone_index(NULL, page);
}
static long c_zone_index_page(void)
{
	return page_zone_index(&f.zone, NULL);
}
static long c_page_address(void)
{
	return page_address(NULL) != NULL;
}
static long c_mapcount(void)
{
	return page_mapcount(NULL);
}
static long c_mapcount_inc(void)
{
	page_mapcount_inc(NULL);
	return 0;
}
static long c_mapcount_dec(void)
{
	return page_mapcount_dec(NULL);
}
static long c_mmput(void)
{
	mmput(NULL);
	return 0;
}
static long c_do_mmap_mm(void)
{
	return do_mmap(NULL, &f.file, 0, PAGE_SIZE, VM_READ, 0, NULL);
}
static long c_do_mmap_file(void)
{
	return do_mmap(f.mm[0], NULL, 0, PAGE_SIZE, VM_READ, 0, NULL);
}
static long c_do_munmap(void)
{
	return do_munmap(NULL, addr, FILE_PAGES * PAGE_SIZE);
}
static long c_find_vma(void)
{
	return find_vma(NULL, addr) != NULL;
}
static long c_fault_mm(void)
{
	return handle_mm_fault(NULL, vma, addr, 0);
}
static long c_fault_vma(void)
{
	return handle_mm_fault(f.mm[0], NULL, addr, 0);
}
static long c_follow_page(void)
{
	return follow_page(NULL, addr) != NULL;
}
static long c_zap(void)
{
	return zap_page_range(NULL, addr, PAGE_SIZE);
}
static long c_range_vma(void)
{
	return vma_truncate_range(NULL, 0, &start, &len);
}
static long c_range_start(void)
{
	return vma_truncate_range(vma, 0, NULL, &len);
}
static long c_range_len(void)
{
	return vma_truncate_range(vma, 0, &start, NULL);
}
static long c_vmtruncate_list(void)
{
	return (long)vmtruncate_list(NULL, 0);
}
static long c_vmtruncate(void)
{
	return vmtruncate(NULL, 0);
}
static long c_mm_check(void)
{
	return mm_check(NULL);
}
static long c_inode_init(void)
{
	return inode_init(NULL, 2, &f.zone, 0);
}
static long c_inode_init_zone(void)
{
	struct inode other;

	return inode_init(&other, 2, NULL, 0);
}
static long c_inode_release(void)
{
	return inode_release(NULL);
}
static long c_find_get_page(void)
{
	return find_get_page(NULL, 0) != NULL;
}
static long c_add_page(void)
{
	return add_to_page_cache(NULL, f.inode.i_mapping, 7);
}
static long c_add_mapping(void)
{
	return add_to_page_cache(page, NULL, 7);
}
static long c_remove_page(void)
{
	remove_from_page_cache(NULL);
	return 0;
}
static long c_truncate_pages(void)
{
	return (long)truncate_inode_pages(NULL, 0);
}
static long c_mapping_check(void)
{
	return mapping_check(NULL);
}

/*
 * @expect: -EINVAL for an int or long; 0 for a pointer (compared as
 * "not NULL"), an unsigned count or address, a bool, or nothing.
 */
struct null_case {
	const char *call;
	long (*run)(void);
	long expect;
};

static const struct null_case cases[] = {
	{ "zone_init(NULL, ...)", c_zone_init, -EINVAL },
	{ "zone_release(NULL)", c_zone_release, -EINVAL },
	{ "expand(NULL, page, ...)", c_expand_zone, 0 },
	{ "expand(zone, NULL, ...)", c_expand_page, 0 },
	{ "expand(zone, page, ..., NULL)", c_expand_area, 0 },
	{ "__alloc_pages(NULL, 0)", c_alloc_pages, 0 },
	{ "alloc_page(NULL)", c_alloc_page, 0 },
	{ "__free_pages_ok(NULL, page, 0)", c_free_zone, -EINVAL },
	{ "__free_pages_ok(zone, NULL, 0)", c_free_page, -EINVAL },
	{ "__free_page(NULL, page)", c_free_one, -EINVAL },
	{ "virt_to_page(NULL, addr)", c_virt_to_page, 0 },
	{ "__get_free_pages(NULL, 0)", c_get_free_pages, 0 },
	{ "free_pages(NULL, addr, 0)", c_free_pages, -EINVAL },
	{ "is_head_of_free_region(NULL)", c_is_head, -EINVAL },
	{ "show_free_areas(NULL, stdout)", c_show_zone, -EINVAL },
	{ "show_free_areas(zone, NULL)", c_show_file, -EINVAL },
	{ "zone_free_areas_line(NULL, buf, n)", c_areas_line, -EINVAL },
	{ "zone_buddyinfo_line(NULL, buf, n)", c_buddyinfo_line, -EINVAL },
	{ "zone_nr_free_blocks(NULL, 0)", c_nr_free_blocks, 0 },
	{ "zone_check(NULL)", c_zone_check, false },
	{ "page_zone_index(NULL, page)", c_zone_index_zone, -EINVAL },
	{ "page_zone_index(zone, NULL)", c_zone_index_page, -EINVAL },
	{ "page_address(NULL)", c_page_address, 0 },
	{ "page_mapcount(NULL)", c_mapcount, 0 },
	{ "page_mapcount_inc(NULL)", c_mapcount_inc, 0 },
	{ "page_mapcount_dec(NULL)", c_mapcount_dec, 0 },
	{ "mmput(NULL)", c_mmput, 0 },
	{ "do_mmap(NULL, file, ...)", c_do_mmap_mm, -EINVAL },
	{ "do_mmap(mm, NULL, ...)", c_do_mmap_file, -EINVAL },
	{ "do_munmap(NULL, ...)", c_do_munmap, -EINVAL },
	{ "find_vma(NULL, addr)", c_find_vma, 0 },
	{ "handle_mm_fault(NULL, vma, ...)", c_fault_mm, -EINVAL },
	{ "handle_mm_fault(mm, NULL, ...)", c_fault_vma, -EINVAL },
	{ "follow_page(NULL, addr)", c_follow_page, 0 },
	{ "zap_page_range(NULL, ...)", c_zap, -EINVAL },
	{ "vma_truncate_range(NULL, ...)", c_range_vma, 0 },
	{ "vma_truncate_range(vma, 0, NULL, &len)", c_range_start, 0 },
	{ "vma_truncate_range(vma, 0, &start, NULL)", c_range_len, 0 },
	{ "vmtruncate_list(NULL, 0)", c_vmtruncate_list, 0 },
	{ "vmtruncate(NULL, 0)", c_vmtruncate, -EINVAL },
	{ "mm_check(NULL)", c_mm_check, false },
	{ "inode_init(NULL, ...)", c_inode_init, -EINVAL },
	{ "inode_init(inode, ino, NULL, 0)", c_inode_init_zone, -EINVAL },
	{ "inode_release(NULL)", c_inode_release, -EINVAL },
	{ "find_get_page(NULL, 0)", c_find_get_page, 0 },
	{ "add_to_page_cache(NULL, mapping, 7)", c_add_page, -EINVAL },
	{ "add_to_page_cache(page, NULL, 7)", c_add_mapping, -EINVAL },
	{ "remove_from_page_cache(NULL)", c_remove_page, 0 },
	{ "truncate_inode_pages(NULL, 0)", c_truncate_pages, 0 },
	{ "mapping_check(NULL)", c_mapping_check, false },
};

/* in the child: the call, then everything as before */
static void run_case(int i)
{
	unsigned long free_before = f.zone.free_pages;
	unsigned long rss_before = f.mm[0]->rss;
	unsigned long nrpages_before = f.inode.i_mapping->nrpages;
	long got = cases[i].run();

	if (got != cases[i].expect) {
		fprintf(stderr, "%s: %ld, expected %ld", cases[i].call, got,
			cases[i].expect);
		_exit(1);
	}
	if (f.zone.free_pages != free_before || f.mm[0]->rss != rss_before ||
	    f.inode.i_mapping->nrpages != nrpages_before ||
	    page_mapcount(page) || !checkers()) {
		fprintf(stderr, "%s: changed something", cases[i].call);
		_exit(1);
	}
}

static void test_every_entry_point(void)
{
	char out[512];
	int i, status, failed = 0;

	for (i = 0; i < (int)ARRAY_SIZE(cases); i++) {
		status = run_in_child(run_case, i, out, sizeof(out));
		if (status == 0)
			continue;
		failed++;
		if (WIFSIGNALED(status))
			fprintf(stderr, "\n  %s: signal %d", cases[i].call,
				WTERMSIG(status));
		else
			fprintf(stderr, "\n  %s", out);
	}
	CU_ASSERT_EQUAL(failed, 0);
	/* the parent's copy was never touched */
	CU_ASSERT(checkers());
}

static CU_TestInfo null_tests[] = {
	{ "every public mm function refuses NULL, changing nothing",
	  test_every_entry_point },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("mm/null", null_tests, null_setup, null_teardown)
