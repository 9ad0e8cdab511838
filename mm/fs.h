/* SPDX-License-Identifier: MIT */
/*
 * mm/fs.h - files, inodes and their page caches.
 *
 * Mirrors include/linux/fs.h of 2.5.33 (struct address_space with
 * i_mmap, i_mmap_shared and i_shared_lock; struct inode's i_size,
 * i_mapping and i_data; struct file) and the page-cache functions of
 * mm/filemap.c (find_get_page, add_to_page_cache, remove_from_page_cache,
 * truncate_inode_pages).
 *
 * Deliberate differences from 2.5.33:
 * - The page cache is found by a small hash of page->hash chains (2.4's
 *   page hash) instead of 2.5's radix tree, and every cached page is on
 *   clean_pages (there is no writeback, so no dirty or locked lists).
 * - Each mapping allocates its pages from one zone (mapping->zone).
 * - struct file holds only the inode (2.5.33 went through f_dentry).
 * - s_maxbytes is a field of the inode, i_maxbytes.
 *
 * NULL arguments (one rule for all of mm/, docs/mm.md): a NULL where an
 * object is needed is bad input.  The call changes nothing and returns
 * -EINVAL when it returns an int or a long, NULL when it returns a
 * pointer, 0 when it returns an unsigned count or address, false when it
 * returns a bool, and does nothing when it returns nothing.  A NULL means
 * something else only where a function's comment says so (a default
 * name, an optional out pointer, a buffer only measured).
 */
#ifndef KSTRUCT_MM_FS_H
#define KSTRUCT_MM_FS_H

#include <kstruct/compat/check.h>
#include <kstruct/compat/export.h>
#include <kstruct/compat/spinlock.h>
#include <kstruct/list/list.h>

KSTRUCT_EXPORT_BEGIN

struct page;
struct zone;
struct inode;

#define PAGE_HASH_BITS 6
#define PAGE_HASH_SIZE (1UL << PAGE_HASH_BITS)

/* the largest file size, as s_maxbytes of a 64-bit kernel */
#define MAX_LFS_FILESIZE 0x7fffffffffffffffLL

/**
 * struct address_space - a file's page cache and its mappings
 * @host: the inode it belongs to
 * @zone: where its pages are allocated
 * @page_lock: protects @clean_pages, @page_hash and @nrpages
 * @clean_pages: every cached page, through page->list
 * @page_hash: cached pages by index, through page->hash
 * @nrpages: number of cached pages
 * @i_shared_lock: protects @i_mmap and @i_mmap_shared
 * @i_mmap: vmas of private mappings, through vma->shared
 * @i_mmap_shared: vmas of VM_SHARED mappings, through vma->shared
 */
struct address_space {
	struct inode *host;
	struct zone *zone;
	struct spinlock page_lock;
	struct list_head clean_pages;
	struct hlist_head page_hash[PAGE_HASH_SIZE];
	unsigned long nrpages;
	struct spinlock i_shared_lock;
	struct list_head i_mmap;
	struct list_head i_mmap_shared;
};

/**
 * struct inode - a file
 * @i_ino: its number, for printing
 * @i_size: its size in bytes
 * @i_maxbytes: the largest size vmtruncate() may grow it to
 * @i_mapping: its page cache (&@i_data)
 * @i_data: the page cache itself
 */
struct inode {
	unsigned long i_ino;
	long long i_size;
	long long i_maxbytes;
	struct address_space *i_mapping;
	struct address_space i_data;
};

/**
 * struct file - an open file, as far as mmap needs one
 * @f_inode: the inode
 */
struct file {
	struct inode *f_inode;
};

/**
 * inode_init() - set up an inode with an empty page cache
 * @inode: the inode (caller's storage)
 * @ino: its number
 * @zone: where its page-cache pages come from
 * @size: its size in bytes (>= 0)
 *
 * Return: 0, or -EINVAL for a NULL @inode or @zone or a negative @size.
 */
int inode_init(struct inode *inode, unsigned long ino, struct zone *zone,
	       long long size);

/**
 * inode_release() - drop an inode's page cache
 * @inode: the inode
 *
 * Return: 0, -EINVAL for a NULL @inode, or -EBUSY (nothing done) while a
 * vma still maps it.
 */
int inode_release(struct inode *inode);

/**
 * find_get_page() - the cached page of @mapping at @index
 * @mapping: the page cache
 * @index: the file index in pages
 *
 * Context: takes mapping->page_lock.
 * Return: the page, or NULL.
 */
struct page *find_get_page(struct address_space *mapping, unsigned long index);

/**
 * add_to_page_cache() - put a freshly allocated page into a page cache
 * @page: the page (not in any cache)
 * @mapping: the page cache
 * @index: its file index
 *
 * Context: takes mapping->page_lock.
 * Return: 0, -EEXIST when @index is already cached, -EBUSY when @page is
 * already in a cache, -EINVAL for a NULL @page or @mapping.
 */
int add_to_page_cache(struct page *page, struct address_space *mapping,
		      unsigned long index);

/**
 * remove_from_page_cache() - take a page out of its cache
 * @page: the page
 *
 * Context: takes the mapping's page_lock.  The page must not be mapped.
 */
void remove_from_page_cache(struct page *page);

/**
 * truncate_inode_pages() - drop cached pages past a file offset
 * @mapping: the page cache
 * @lstart: the offset in bytes
 *
 * Pages wholly at or past @lstart go back to the zone; the tail of the
 * page holding @lstart is zeroed when the zone has an arena.  The pages
 * dropped must not be mapped (vmtruncate() unmaps them first).
 *
 * Return: the number of pages dropped.
 */
unsigned long truncate_inode_pages(struct address_space *mapping,
				   long long lstart);

/**
 * mapping_check() - verify a file's page cache and mappings
 * @mapping: the page cache
 *
 * Checks the i_mmap and i_mmap_shared rings, that every vma on them maps
 * this file, is on the right one (VM_SHARED on i_mmap_shared) exactly
 * once, that the page cache's list, hash and nrpages agree, that each
 * cached page belongs to the mapping's zone, is allocated, has the
 * right index and lies below the end of file (i_size rounded up to a
 * page), and that each page's mapcount equals the ptes that map it
 * through the vmas (and that those ptes map the right page).  Reports
 * the first fault through the check handler with the caller's file:line
 * (compat/check.h); never aborts.  A NULL @mapping is reported as such.
 *
 * Context: takes @mapping->i_shared_lock and page_lock, and each mapping
 * mm's page_table_lock in turn; the handler may run with them held.
 * Return: true when the page cache and its mappings are sound.
 */
bool mapping_check(struct address_space *mapping);
#define mapping_check(mapping) CHECK_CALLER(mapping_check, (mapping))

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_MM_FS_H */
