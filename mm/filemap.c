// SPDX-License-Identifier: MIT
/*
 * mm/filemap.c - the page cache of a file.
 *
 * Mirrors mm/filemap.c of Linux 2.5.33: find_get_page(),
 * add_to_page_cache(), remove_from_page_cache() and
 * truncate_inode_pages() (pages wholly past the new size are dropped,
 * the partial page's tail is zeroed), plus inode set-up.
 *
 * Deliberate differences from 2.5.33 (see also mm/fs.h):
 * - Pages are found through a per-mapping hash of hlist chains (as 2.4's
 *   page hash) rather than a radix tree, and there are no page locks,
 *   reference counts, dirty pages or writeback: truncation simply gives
 *   each dropped page back to the zone.
 * - A mapped page past the new size is a caller's mistake: it is
 *   reported with WARN_ON and kept, never freed under its ptes.
 * - inode_init(), inode_release() and mapping_check() are new.
 */
#include <errno.h>
#include <string.h>

#include "compat/bitops.h"
#include "compat/bug.h"
#include "mm/fs.h"
#include "mm/mm.h"
#include "mm/mmzone.h"

static inline unsigned long page_hashfn(unsigned long index)
{
	/* multiplicative hashing: the top bits of index * 2^64/phi */
	return (unsigned long)((index * 0x9e3779b97f4a7c15ULL) >>
			       (64 - PAGE_HASH_BITS));
}

int inode_init(struct inode *inode, unsigned long ino, struct zone *zone,
	       long long size)
{
	struct address_space *mapping;
	unsigned long i;

	if (!inode || !zone || size < 0)
		return -EINVAL;
	mapping = &inode->i_data;
	memset(inode, 0, sizeof(*inode));
	inode->i_ino = ino;
	inode->i_size = size;
	inode->i_maxbytes = MAX_LFS_FILESIZE;
	inode->i_mapping = mapping;
	mapping->host = inode;
	mapping->zone = zone;
	spin_lock_init(&mapping->page_lock);
	spin_lock_init(&mapping->i_shared_lock);
	INIT_LIST_HEAD(&mapping->clean_pages);
	INIT_LIST_HEAD(&mapping->i_mmap);
	INIT_LIST_HEAD(&mapping->i_mmap_shared);
	for (i = 0; i < PAGE_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&mapping->page_hash[i]);
	return 0;
}

int inode_release(struct inode *inode)
{
	struct address_space *mapping;

	if (!inode)
		return -EINVAL;
	mapping = inode->i_mapping;
	if (!list_empty(&mapping->i_mmap) ||
	    !list_empty(&mapping->i_mmap_shared))
		return -EBUSY;
	truncate_inode_pages(mapping, 0);
	spin_lock_destroy(&mapping->page_lock);
	spin_lock_destroy(&mapping->i_shared_lock);
	return 0;
}

/* caller holds mapping->page_lock */
static struct page *__find_page(struct address_space *mapping,
				unsigned long index)
{
	struct page *page;

	hlist_for_each_entry(page, &mapping->page_hash[page_hashfn(index)],
			     hash)
		if (page->index == index)
			return page;
	return NULL;
}

struct page *find_get_page(struct address_space *mapping, unsigned long index)
{
	struct page *page;

	if (!mapping)
		return NULL;
	spin_lock(&mapping->page_lock);
	page = __find_page(mapping, index);
	spin_unlock(&mapping->page_lock);
	return page;
}

int add_to_page_cache(struct page *page, struct address_space *mapping,
		      unsigned long index)
{
	int err = 0;

	if (!page || !mapping)
		return -EINVAL;
	if (page->mapping)
		return -EBUSY;
	spin_lock(&mapping->page_lock);
	if (__find_page(mapping, index)) {
		err = -EEXIST;
		goto out_unlock;
	}
	page->mapping = mapping;
	page->index = index;
	hlist_add_head(&page->hash, &mapping->page_hash[page_hashfn(index)]);
	list_add(&page->list, &mapping->clean_pages);
	mapping->nrpages++;
out_unlock:
	spin_unlock(&mapping->page_lock);
	return err;
}

/* caller holds mapping->page_lock */
static void __remove_from_page_cache(struct page *page)
{
	struct address_space *mapping = page->mapping;

	hlist_del_init(&page->hash);
	list_del_init(&page->list);
	mapping->nrpages--;
	page->mapping = NULL;
}

void remove_from_page_cache(struct page *page)
{
	struct address_space *mapping;

	if (!page)
		return;
	mapping = page->mapping;
	if (WARN_ON(!mapping))
		return;
	spin_lock(&mapping->page_lock);
	__remove_from_page_cache(page);
	spin_unlock(&mapping->page_lock);
}

unsigned long truncate_inode_pages(struct address_space *mapping,
				   long long lstart)
{
	unsigned long start, partial, dropped = 0;
	struct page *page, *next;

	if (!mapping)
		return 0;
	if (lstart < 0)
		lstart = 0;
	/* the first page wholly past lstart, and lstart's offset in its page */
	start = size_to_pages(lstart);
	partial = (unsigned long)lstart & ~PAGE_MASK;

	spin_lock(&mapping->page_lock);
	list_for_each_entry_safe(page, next, &mapping->clean_pages, list) {
		if (page->index < start) {
			if (partial && page->index == start - 1 &&
			    page_address(page))
				memset((char *)page_address(page) + partial, 0,
				       PAGE_SIZE - partial);
			continue;
		}
		if (WARN_ON(page_mapcount(page)))
			continue;
		__remove_from_page_cache(page);
		BUG_ON(__free_page(mapping->zone, page) != 0);
		dropped++;
	}
	spin_unlock(&mapping->page_lock);
	return dropped;
}

/* ---------------------------------------------------------------- check */

/* report a violation in @mapping (after its inode), answer false */
#define mapping_bad(mapping, fmt, ...)                             \
	check_fail("inode %lu: " fmt,                              \
		   (mapping)->host ? (mapping)->host->i_ino : 0UL, \
		   ##__VA_ARGS__)

static bool check_vma_list(struct address_space *mapping,
			   struct list_head *head, bool shared)
{
	struct vm_area_struct *vma;

	if (!list_check(head))
		return false;
	list_for_each_entry(vma, head, shared) {
		if (!vma->vm_file || !vma->vm_file->f_inode ||
		    vma->vm_file->f_inode->i_mapping != mapping)
			return mapping_bad(mapping,
					   "vma %#lx-%#lx maps "
					   "another file",
					   vma->vm_start, vma->vm_end);
		if (!!(vma->vm_flags & VM_SHARED) != shared)
			return mapping_bad(mapping,
					   "vma %#lx-%#lx is on the "
					   "wrong list",
					   vma->vm_start, vma->vm_end);
		if (!vma->vm_mm)
			return mapping_bad(mapping, "vma %#lx-%#lx has no mm",
					   vma->vm_start, vma->vm_end);
	}
	return true;
}

/* count, in page->check_count, the ptes of the vmas on @head */
static bool count_vma_ptes(struct address_space *mapping,
			   struct list_head *head)
{
	struct vm_area_struct *vma;
	unsigned long addr, index;
	struct page *page;

	list_for_each_entry(vma, head, shared) {
		for (addr = vma->vm_start; addr < vma->vm_end;
		     addr += PAGE_SIZE) {
			page = follow_page(vma->vm_mm, addr);
			if (!page)
				continue;
			index = vma->vm_pgoff +
				((addr - vma->vm_start) >> PAGE_SHIFT);
			if (page->mapping != mapping || page->index != index)
				return mapping_bad(mapping,
						   "pte at %#lx does "
						   "not map file page %lu",
						   addr, index);
			page->check_count++;
		}
	}
	return true;
}

static bool check_page_cache(struct address_space *mapping)
{
	unsigned long n = 0, hashed = 0, i, end;
	struct page *page;

	if (!list_check(&mapping->clean_pages))
		return false;
	for (i = 0; i < PAGE_HASH_SIZE; i++) {
		if (!hlist_check(&mapping->page_hash[i]))
			return false;
		hlist_for_each_entry(page, &mapping->page_hash[i], hash) {
			if (page_hashfn(page->index) != i)
				return mapping_bad(mapping,
						   "page %lu on hash "
						   "chain %lu",
						   page->index, i);
			hashed++;
		}
	}
	/* faults refuse, and truncation drops, what lies past the end */
	end = mapping->host ? size_to_pages(mapping->host->i_size) : ~0UL;
	list_for_each_entry(page, &mapping->clean_pages, list) {
		if (++n > mapping->nrpages)
			break;
		if (page->mapping != mapping)
			return mapping_bad(mapping,
					   "page %lu names another "
					   "mapping",
					   page->index);
		if (page->index >= end)
			return mapping_bad(mapping,
					   "page %lu lies wholly past "
					   "the end of file (%lu pages)",
					   page->index, end);
		if (page_zone_index(mapping->zone, page) < 0 ||
		    !test_bit(PG_head, &page->flags) || page->order)
			return mapping_bad(mapping,
					   "page %lu is not an "
					   "allocated page of the zone",
					   page->index);
		if (__find_page(mapping, page->index) != page)
			return mapping_bad(mapping,
					   "page %lu is not found by "
					   "its index (twice cached?)",
					   page->index);
	}
	if (n != mapping->nrpages || hashed != mapping->nrpages)
		return mapping_bad(mapping,
				   "nrpages %lu, listed %lu, hashed "
				   "%lu",
				   mapping->nrpages, n, hashed);
	return true;
}

bool (mapping_check)(struct address_space *mapping)
{
	struct page *page;
	bool ok;

	if (!mapping)
		return check_fail("no mapping (NULL)");
	spin_lock(&mapping->i_shared_lock);
	spin_lock(&mapping->page_lock);
	ok = check_page_cache(mapping);
	spin_unlock(&mapping->page_lock);
	ok = ok && check_vma_list(mapping, &mapping->i_mmap, false) &&
	     check_vma_list(mapping, &mapping->i_mmap_shared, true);
	if (!ok)
		goto out_unlock;

	list_for_each_entry(page, &mapping->clean_pages, list)
		page->check_count = 0;
	ok = count_vma_ptes(mapping, &mapping->i_mmap) &&
	     count_vma_ptes(mapping, &mapping->i_mmap_shared);
	if (!ok)
		goto out_unlock;
	list_for_each_entry(page, &mapping->clean_pages, list) {
		if (page->check_count != page_mapcount(page)) {
			ok = mapping_bad(mapping,
					 "page %lu: mapcount %u but "
					 "%u ptes",
					 page->index, page_mapcount(page),
					 page->check_count);
			goto out_unlock;
		}
	}
out_unlock:
	spin_unlock(&mapping->i_shared_lock);
	return ok;
}
