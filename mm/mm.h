/* SPDX-License-Identifier: MIT */
/*
 * mm/mm.h - page descriptors, vm areas, process address spaces.
 *
 * Mirrors include/linux/mm.h, include/linux/sched.h's mm_struct and
 * include/asm-i386/page.h of 2.5.33: struct page, struct vm_area_struct
 * (with its "shared" link on the file's i_mmap or i_mmap_shared list),
 * struct mm_struct, the VM_* flags, PAGE_SHIFT/PAGE_SIZE/PAGE_MASK, and
 * the entry points of mm/memory.c (zap_page_range, vmtruncate,
 * handle_mm_fault) and mm/mmap.c (do_mmap, do_munmap, find_vma).
 *
 * Deliberate differences from 2.5.33:
 * - A process's vmas are on a struct list_head (mm->mmap through
 *   vma->vm_list) sorted by address, instead of a vm_next chain plus an
 *   rb tree.
 * - The page table is two levels of plain arrays (struct pte_table per
 *   PMD_SIZE of address space) holding struct page pointers, for a user
 *   address space of TASK_SIZE; an empty pte table is freed at once.
 * - Every mapping is of a file (no anonymous memory) and faults are read
 *   faults: a private mapping maps the page-cache page itself, as a read
 *   fault did in 2.5.33 (copy-on-write is not modelled).
 * - The functions take the mm they work on (there is no "current"), and
 *   errors are negative errnos; see each function.
 * - struct page keeps a count of the ptes mapping it (mapcount, which
 *   2.5.33 did not have) and PG_head/order on the head of an allocated
 *   block so that frees can be checked.
 *
 * NULL arguments (one rule for all of mm/, docs/mm.md): a NULL where an
 * object is needed is bad input.  The call changes nothing and returns
 * -EINVAL when it returns an int or a long, NULL when it returns a
 * pointer, 0 when it returns an unsigned count or address, false when it
 * returns a bool, and does nothing when it returns nothing.  A NULL means
 * something else only where a function's comment says so (a default
 * name, an optional out pointer, a buffer only measured).
 */
#ifndef KSTRUCT_MM_MM_H
#define KSTRUCT_MM_MM_H

#include <stdbool.h>

#include <kstruct/compat/check.h>
#include <kstruct/compat/export.h>
#include <kstruct/compat/spinlock.h>
#include <kstruct/list/list.h>

KSTRUCT_EXPORT_BEGIN

#ifndef PAGE_SHIFT
#define PAGE_SHIFT 12
#endif
#define PAGE_SIZE (1UL << PAGE_SHIFT)
#define PAGE_MASK (~(PAGE_SIZE - 1))
#define PAGE_ALIGN(addr) (((addr) + PAGE_SIZE - 1) & PAGE_MASK)

/**
 * size_to_pages() - pages needed to hold @size bytes, rounded up
 * @size: a file size or offset in bytes; 0 or less needs no page
 *
 * Context: any.
 * Return: the page count, computed without overflow for any @size.
 */
static inline unsigned long size_to_pages(long long size)
{
	if (size <= 0)
		return 0;
	return (unsigned long)(((unsigned long long)size >> PAGE_SHIFT) +
			       ((size & ~PAGE_MASK) != 0));
}

#if PAGE_SHIFT < 10 || PAGE_SHIFT > 16
#error "PAGE_SHIFT must be between 10 and 16"
#endif

/* the page table: PTRS_PER_PTE entries per pte table, each table maps
 * PMD_SIZE bytes; the user address space is [0, TASK_SIZE) */
#define PTE_BITS 9
#define PTRS_PER_PTE (1UL << PTE_BITS)
#define PMD_SHIFT (PAGE_SHIFT + PTE_BITS)
#define PMD_SIZE (1UL << PMD_SHIFT)
#ifndef TASK_SIZE
#define TASK_SIZE (1UL << 32)
#endif
#define PTRS_PER_PGD (TASK_SIZE >> PMD_SHIFT)

/* vm_flags */
#define VM_READ 0x00000001UL
#define VM_WRITE 0x00000002UL
#define VM_EXEC 0x00000004UL
#define VM_SHARED 0x00000008UL
#define VM_MAYSHARE 0x00000080UL
#define VM_KNOWN_FLAGS (VM_READ | VM_WRITE | VM_EXEC | VM_SHARED | VM_MAYSHARE)

/* page->flags */
#define PG_head 0 /* first page of an allocated block */

struct zone;
struct address_space;
struct inode;
struct file;

/**
 * struct page - the descriptor of one page frame
 * @list: on a free_area list when the page heads a free block; on its
 *	mapping's clean_pages list when it is in a page cache
 * @mapping: the page cache it belongs to, or NULL
 * @index: its index in the file, in pages (when @mapping is set)
 * @hash: its link on the mapping's page hash chain
 * @zone: the zone it belongs to
 * @flags: PG_head
 * @order: the order of the allocated block it heads (with PG_head)
 * @mapcount: the number of ptes that map it (page_mapcount())
 * @check_count: scratch for mapping_check()
 */
struct page {
	struct list_head list;
	struct address_space *mapping;
	unsigned long index;
	struct hlist_node hash;
	struct zone *zone;
	unsigned long flags;
	unsigned int order;
	unsigned int mapcount;
	unsigned int check_count;
};

/**
 * page_mapcount() - the number of ptes that map @page
 * @page: the page
 *
 * Context: any; ptes of different processes map a page under different
 * page_table_locks, so the count is updated atomically (the kernel's
 * _mapcount is an struct atomic).
 * Return: the count.
 */
static inline unsigned int page_mapcount(const struct page *page)
{
	if (!page)
		return 0;
	return __atomic_load_n(&page->mapcount, __ATOMIC_RELAXED);
}

/** page_mapcount_inc() - one more pte maps @page (NULL: nothing) */
static inline void page_mapcount_inc(struct page *page)
{
	if (page)
		__atomic_fetch_add(&page->mapcount, 1, __ATOMIC_RELAXED);
}

/**
 * page_mapcount_dec() - one pte less maps @page
 * @page: the page
 *
 * Return: the count before the decrement, 0 for a NULL @page.
 */
static inline unsigned int page_mapcount_dec(struct page *page)
{
	if (!page)
		return 0;
	return __atomic_fetch_sub(&page->mapcount, 1, __ATOMIC_RELAXED);
}

/**
 * struct vm_area_struct - one mapped range of a process
 * @vm_mm: the address space it belongs to
 * @vm_start: its first byte (page aligned)
 * @vm_end: the first byte after it (page aligned, > @vm_start)
 * @vm_list: its link on vm_mm->mmap, sorted by address
 * @vm_flags: VM_READ, VM_WRITE, VM_EXEC, VM_SHARED, VM_MAYSHARE
 * @shared: its link on the file's i_mmap_shared list (VM_SHARED) or
 *	i_mmap list (otherwise), appended at the tail
 * @vm_pgoff: the file offset of @vm_start, in pages
 * @vm_file: the file mapped
 */
struct vm_area_struct {
	struct mm_struct *vm_mm;
	unsigned long vm_start;
	unsigned long vm_end;
	struct list_head vm_list;
	unsigned long vm_flags;
	struct list_head shared;
	unsigned long vm_pgoff;
	struct file *vm_file;
};

/**
 * struct pte_table - the page table entries for PMD_SIZE of address space
 * @nr_present: entries that map a page
 * @pte: the page mapped at each virtual page, or NULL
 */
struct pte_table {
	unsigned int nr_present;
	struct page *pte[PTRS_PER_PTE];
};

/**
 * struct mm_struct - a process address space
 * @mmap: its vmas, through vm_list, by address
 * @map_count: number of vmas
 * @page_table_lock: protects @pgd, the pte tables and @rss
 * @pgd: PTRS_PER_PGD pointers to pte tables (NULL where none)
 * @rss: pages mapped
 * @nr_pte_tables: pte tables allocated
 */
struct mm_struct {
	struct list_head mmap;
	int map_count;
	struct spinlock page_table_lock;
	struct pte_table **pgd;
	unsigned long rss;
	unsigned long nr_pte_tables;
};

/**
 * mm_alloc() - a new, empty address space
 *
 * Return: the mm, or NULL when an allocation failed (nothing leaked).
 */
struct mm_struct *mm_alloc(void);

/**
 * mmput() - unmap everything and free @mm
 * @mm: the address space, or NULL
 *
 * Every vma is zapped, unlinked from its file's list and freed.
 */
void mmput(struct mm_struct *mm);

/**
 * do_mmap() - map part of a file into a process
 * @mm: the address space
 * @file: the file
 * @addr: where (page aligned, fixed: no search for a free range)
 * @len: how many bytes (page aligned, > 0)
 * @vm_flags: VM_* flags; VM_SHARED puts the vma on i_mmap_shared
 * @pgoff: the file offset of @addr, in pages
 * @vmap: where to store the new vma, or NULL
 *
 * The vma is appended at the tail of its file's i_mmap_shared (VM_SHARED)
 * or i_mmap list, and inserted in @mm's list by address.  No page is
 * mapped until it is faulted in.
 *
 * Context: takes the file's i_shared_lock.
 * Return: 0; -EINVAL when @addr or @len is not page aligned, @len is 0,
 * the range passes TASK_SIZE, @pgoff + pages overflows, or @vm_flags has
 * an unknown bit; -EEXIST when the range overlaps a vma of @mm; -ENOMEM.
 * On error nothing changes.
 */
int do_mmap(struct mm_struct *mm, struct file *file, unsigned long addr,
	    unsigned long len, unsigned long vm_flags, unsigned long pgoff,
	    struct vm_area_struct **vmap);

/**
 * do_munmap() - remove the vma that covers exactly [@addr, @addr + @len)
 * @mm: the address space
 * @addr: the vma's start
 * @len: its length
 *
 * Deliberate difference: only whole vmas are unmapped (no splitting).
 *
 * Return: 0, or -EINVAL when @mm is NULL or no vma spans exactly that
 * range.
 */
int do_munmap(struct mm_struct *mm, unsigned long addr, unsigned long len);

/**
 * find_vma() - the first vma that ends after @addr
 * @mm: the address space
 * @addr: an address
 *
 * Return: the vma, or NULL.  It may start above @addr, as in the kernel.
 */
struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr);

/**
 * handle_mm_fault() - fault one page of a file mapping in
 * @mm: the address space
 * @vma: the vma holding @address (find_vma())
 * @address: the faulting address
 * @write_access: ignored (read faults only)
 *
 * Takes the page from the file's page cache, allocating it from the
 * mapping's zone (zeroed) on first touch, and maps it.  A page already
 * mapped is left alone.  When another process caches the same page
 * first, its page is used and ours goes back to the zone.
 *
 * Context: takes mm->page_table_lock, then the mapping's page_lock and
 * the zone's lock.  Faults may run concurrently in different mms; a
 * truncation must not (the kernel serialised it with i_sem/mmap_sem).
 * Return: 0; -EINVAL when @mm or @vma is NULL; -EFAULT when @vma is
 * not @mm's, @address is outside @vma or the page lies
 * wholly past the end of the file (SIGBUS in the kernel); -ENOMEM when
 * the zone or kmalloc runs out (nothing changed); -EAGAIN when the page
 * another process cached was gone again before it could be mapped.
 */
int handle_mm_fault(struct mm_struct *mm, struct vm_area_struct *vma,
		    unsigned long address, int write_access);

/**
 * follow_page() - the page mapped at @address
 * @mm: the address space
 * @address: the address
 *
 * Return: the page, or NULL when nothing is mapped there.
 */
struct page *follow_page(struct mm_struct *mm, unsigned long address);

/**
 * zap_page_range() - unmap every present page in a range of a vma
 * @vma: the vma
 * @address: start of the range (page aligned)
 * @size: its length in bytes (page aligned)
 *
 * 2.5.33 crashed on @size 0; here it is a no-op.
 *
 * Context: takes vma->vm_mm->page_table_lock.
 * Return: the number of pages unmapped, or -EINVAL when @vma is NULL or
 * the range is not page aligned or not inside @vma.
 */
long zap_page_range(struct vm_area_struct *vma, unsigned long address,
		    unsigned long size);

/**
 * vma_truncate_range() - the part of @vma a truncation at @pgoff unmaps
 * @vma: the vma
 * @pgoff: the first file page to go
 * @start: the first address to zap
 * @len: the number of bytes to zap
 *
 * vmtruncate_list()'s arithmetic, apart so that benchmarks can time
 * "finding" the affected vmas without "zapping" them.
 *
 * Return: true when some of @vma is affected (*@start, *@len set).
 */
static inline bool vma_truncate_range(const struct vm_area_struct *vma,
				      unsigned long pgoff, unsigned long *start,
				      unsigned long *len)
{
	unsigned long pages, diff;

	if (!vma || !start || !len)
		return false;
	*start = vma->vm_start;
	*len = vma->vm_end - vma->vm_start;
	if (vma->vm_pgoff >= pgoff)
		return true; /* the whole vma lies past the end */
	pages = *len >> PAGE_SHIFT;
	diff = pgoff - vma->vm_pgoff;
	if (diff >= pages)
		return false; /* wholly below the new end */
	*start += diff << PAGE_SHIFT;
	*len = (pages - diff) << PAGE_SHIFT;
	return true;
}

/**
 * vmtruncate_list() - unmap file pages >= @pgoff from every vma on a list
 * @head: a file's i_mmap or i_mmap_shared list
 * @pgoff: the first file page to unmap
 *
 * For each vma: when it starts at or past @pgoff all of it is zapped;
 * otherwise, with diff = @pgoff - vm_pgoff pages, it is untouched when
 * diff reaches its length and zapped from vm_start + diff pages to
 * vm_end when not.
 *
 * Context: the file's i_shared_lock held.
 * Return: the number of pages unmapped (2.5.33 returned nothing).
 */
unsigned long vmtruncate_list(struct list_head *head, unsigned long pgoff);

/**
 * vmtruncate() - change a file's size, unmapping what lies past the end
 * @inode: the file
 * @offset: the new size in bytes
 *
 * Shrinking (or equal): sets i_size, unmaps from every vma of i_mmap and
 * then of i_mmap_shared the pages from @offset rounded up to a page (the
 * page holding the new end stays mapped), drops page-cache pages wholly
 * past @offset back to the zone and zeroes the tail of the partial page.
 * Growing sets i_size and unmaps nothing.
 *
 * Return: 0; -EINVAL when @offset is negative; -EFBIG when growing past
 * inode->i_maxbytes.  On error nothing changes.
 */
int vmtruncate(struct inode *inode, long long offset);

/**
 * mm_check() - verify an address space
 * @mm: the address space
 *
 * Checks the vma ring, that vmas are page aligned, non-empty, sorted and
 * disjoint, that each is on its file's right list (i_mmap_shared when
 * VM_SHARED, else i_mmap) exactly once, that every mapped page lies in a
 * vma and is the page-cache page of the file index the vma maps there,
 * and the rss and pte table counts.  Reports the first fault through the
 * check handler with the caller's file:line (compat/check.h); never
 * aborts.  A NULL @mm is reported as such.
 *
 * Context: takes @mm->page_table_lock (and reads the vmas' files'
 * lists); the handler may run with it held.
 * Return: true when the address space is sound.
 */
bool mm_check(struct mm_struct *mm);
#define mm_check(mm) CHECK_CALLER(mm_check, (mm))

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_MM_MM_H */
