// SPDX-License-Identifier: MIT
/*
 * mm/memory.c - page tables, faults and truncation of file mappings.
 *
 * Mirrors mm/memory.c of Linux 2.5.33: zap_page_range(),
 * vmtruncate_list(), vmtruncate(), handle_mm_fault() (do_no_page for a
 * file mapping) and follow_page().
 *
 * vmtruncate_list() keeps 2.5.33's arithmetic: a vma whose file offset
 * starts at or past the first page to go is zapped whole; otherwise the
 * distance diff (in pages) from its offset to that page decides: past its
 * length it is untouched, else it is zapped from vm_start + diff pages to
 * its end.  vmtruncate() rounds the new size up to a page, so the page
 * that holds the new end of file stays mapped, and walks i_mmap before
 * i_mmap_shared.
 *
 * Deliberate differences from 2.5.33 (see also mm/mm.h):
 * - zap_page_range() with size 0 is a no-op (2.5.33 crashed) and a range
 *   outside the vma is -EINVAL; it returns the number of pages unmapped
 *   and frees a pte table as soon as it is empty.
 * - vmtruncate_list() returns the number of pages it unmapped.
 * - vmtruncate() rejects a negative offset (-EINVAL), grows only up to
 *   inode->i_maxbytes (-EFBIG; there is no RLIMIT_FSIZE signal), and
 *   rounds up without overflow for any offset.
 * - handle_mm_fault() maps the page-cache page for every read fault, in
 *   private mappings too (no copy-on-write); a page wholly past the end
 *   of file is -EFAULT (the kernel's SIGBUS).
 */
#include <errno.h>
#include <string.h>

#include "compat/bug.h"
#include "compat/slab.h"
#include "mm/fs.h"
#include "mm/mm.h"
#include "mm/mmzone.h"

static inline unsigned long pte_index(unsigned long address)
{
	return (address >> PAGE_SHIFT) & (PTRS_PER_PTE - 1);
}

struct page *follow_page(struct mm_struct *mm, unsigned long address)
{
	struct pte_table *table;
	struct page *page = NULL;

	if (!mm || address >= TASK_SIZE)
		return NULL;
	spin_lock(&mm->page_table_lock);
	table = mm->pgd[address >> PMD_SHIFT];
	if (table)
		page = table->pte[pte_index(address)];
	spin_unlock(&mm->page_table_lock);
	return page;
}

int handle_mm_fault(struct mm_struct *mm, struct vm_area_struct *vma,
		    unsigned long address, int write_access)
{
	struct address_space *mapping;
	struct pte_table *table, *new_table = NULL;
	struct page *page;
	unsigned long index, pgd_index;
	int err = 0;

	(void)write_access;
	if (!mm || !vma)
		return -EINVAL;
	if (vma->vm_mm != mm || address < vma->vm_start ||
	    address >= vma->vm_end)
		return -EFAULT;
	address &= PAGE_MASK;
	mapping = vma->vm_file->f_inode->i_mapping;
	index = vma->vm_pgoff + ((address - vma->vm_start) >> PAGE_SHIFT);
	if (index >= size_to_pages(mapping->host->i_size))
		return -EFAULT;

	pgd_index = address >> PMD_SHIFT;
	spin_lock(&mm->page_table_lock);
	table = mm->pgd[pgd_index];
	if (table && table->pte[pte_index(address)])
		goto out_unlock; /* already mapped */
	if (!table) {
		new_table = kzalloc(sizeof(*new_table), GFP_KERNEL);
		if (!new_table) {
			err = -ENOMEM;
			goto out_unlock;
		}
		table = new_table;
	}
	page = find_get_page(mapping, index);
	if (!page) {
		page = alloc_page(mapping->zone);
		if (!page) {
			err = -ENOMEM;
			goto out_free_table;
		}
		if (page_address(page))
			memset(page_address(page), 0, PAGE_SIZE);
		if (add_to_page_cache(page, mapping, index)) {
			/* another mm cached it meanwhile: use that page */
			BUG_ON(__free_page(mapping->zone, page) != 0);
			page = find_get_page(mapping, index);
			if (!page) {
				err = -EAGAIN; /* truncated already */
				goto out_free_table;
			}
		}
	}
	if (new_table) {
		mm->pgd[pgd_index] = new_table;
		mm->nr_pte_tables++;
	}
	table->pte[pte_index(address)] = page;
	table->nr_present++;
	page_mapcount_inc(page);
	mm->rss++;
	goto out_unlock;

out_free_table:
	kfree(new_table);
out_unlock:
	spin_unlock(&mm->page_table_lock);
	return err;
}

long zap_page_range(struct vm_area_struct *vma, unsigned long address,
		    unsigned long size)
{
	struct mm_struct *mm;
	unsigned long end, next;
	long count = 0;

	if (!vma || ((address | size) & ~PAGE_MASK))
		return -EINVAL;
	if (!size)
		return 0;
	if (address < vma->vm_start || address >= vma->vm_end ||
	    size > vma->vm_end - address)
		return -EINVAL;

	mm = vma->vm_mm;
	end = address + size;
	spin_lock(&mm->page_table_lock);
	while (address < end) {
		unsigned long pgd_index = address >> PMD_SHIFT;
		struct pte_table *table = mm->pgd[pgd_index];

		/* the end of this pte table's span, or of the range */
		next = (address | (PMD_SIZE - 1)) + 1;
		if (next > end || next == 0)
			next = end;
		if (!table) {
			address = next;
			continue;
		}
		for (; address < next; address += PAGE_SIZE) {
			struct page **slot = &table->pte[pte_index(address)];

			if (!*slot)
				continue;
			BUG_ON(page_mapcount_dec(*slot) == 0);
			*slot = NULL;
			table->nr_present--;
			mm->rss--;
			count++;
		}
		if (!table->nr_present) {
			mm->pgd[pgd_index] = NULL;
			mm->nr_pte_tables--;
			kfree(table);
		}
	}
	spin_unlock(&mm->page_table_lock);
	return count;
}

unsigned long vmtruncate_list(struct list_head *head, unsigned long pgoff)
{
	struct vm_area_struct *vma;
	unsigned long start, len, unmapped = 0;

	if (!head)
		return 0;
	list_for_each_entry(vma, head, shared) {
		long zapped;

		if (!vma_truncate_range(vma, pgoff, &start, &len))
			continue;
		zapped = zap_page_range(vma, start, len);
		BUG_ON(zapped < 0);
		unmapped += zapped;
	}
	return unmapped;
}

int vmtruncate(struct inode *inode, long long offset)
{
	struct address_space *mapping;
	unsigned long pgoff;

	if (!inode || offset < 0)
		return -EINVAL;
	mapping = inode->i_mapping;
	if (offset > inode->i_size) {
		/* growing: nothing to unmap */
		if (offset > inode->i_maxbytes)
			return -EFBIG;
		inode->i_size = offset;
		return 0;
	}

	inode->i_size = offset;
	pgoff = size_to_pages(offset);
	spin_lock(&mapping->i_shared_lock);
	if (!list_empty(&mapping->i_mmap))
		vmtruncate_list(&mapping->i_mmap, pgoff);
	if (!list_empty(&mapping->i_mmap_shared))
		vmtruncate_list(&mapping->i_mmap_shared, pgoff);
	spin_unlock(&mapping->i_shared_lock);
	truncate_inode_pages(mapping, offset);
	return 0;
}
