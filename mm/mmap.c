// SPDX-License-Identifier: MIT
/*
 * mm/mmap.c - creating and removing the vmas of a process.
 *
 * Mirrors mm/mmap.c of Linux 2.5.33: do_mmap() (here with a fixed address
 * only), do_munmap(), find_vma(), exit_mmap() (inside mmput()) and the
 * linking of a file vma on its file's i_mmap (private) or i_mmap_shared
 * (VM_SHARED) list, at the tail, as __vma_link_file() did.
 *
 * Deliberate differences from 2.5.33 (see also mm/mm.h):
 * - No address search, no merging of neighbours, no splitting:
 *   do_mmap() maps exactly [addr, addr + len) or fails with -EEXIST when
 *   it overlaps a vma, and do_munmap() removes whole vmas only.
 * - A process's vmas are a list_head ring sorted by address; insertion
 *   walks from the tail, so building a process bottom up is O(1) a vma.
 * - Bad arguments are -EINVAL with nothing changed (not page aligned,
 *   empty, past TASK_SIZE, file offset overflowing, unknown flags).
 * - mm_alloc() and mmput() take and give no reference counts; there is no
 *   mmap_sem: callers serialise changes to one mm.
 * - mm_check() is new.
 */
#include <errno.h>
#include <string.h>

#include "compat/bug.h"
#include "compat/slab.h"
#include "mm/fs.h"
#include "mm/mm.h"
#include "mm/mmzone.h"

struct mm_struct *mm_alloc(void)
{
	struct mm_struct *mm = kzalloc(sizeof(*mm), GFP_KERNEL);

	if (!mm)
		return NULL;
	mm->pgd = kcalloc(PTRS_PER_PGD, sizeof(*mm->pgd), GFP_KERNEL);
	if (!mm->pgd) {
		kfree(mm);
		return NULL;
	}
	INIT_LIST_HEAD(&mm->mmap);
	spin_lock_init(&mm->page_table_lock);
	return mm;
}

/* unmap a vma, unlink it from its file and its mm, free it */
static void remove_vma(struct vm_area_struct *vma)
{
	struct mm_struct *mm = vma->vm_mm;
	struct address_space *mapping = vma->vm_file->f_inode->i_mapping;

	BUG_ON(zap_page_range(vma, vma->vm_start, vma->vm_end - vma->vm_start) <
	       0);
	spin_lock(&mapping->i_shared_lock);
	list_del(&vma->shared);
	spin_unlock(&mapping->i_shared_lock);
	list_del(&vma->vm_list);
	mm->map_count--;
	kfree(vma);
}

void mmput(struct mm_struct *mm)
{
	struct vm_area_struct *vma, *next;
	unsigned long i;

	if (!mm)
		return;
	list_for_each_entry_safe(vma, next, &mm->mmap, vm_list)
		remove_vma(vma);
	/* zapping frees every pte table; anything left is a leak */
	for (i = 0; i < PTRS_PER_PGD; i++)
		if (WARN_ON(mm->pgd[i]))
			kfree(mm->pgd[i]);
	spin_lock_destroy(&mm->page_table_lock);
	kfree(mm->pgd);
	kfree(mm);
}

struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma;

	if (!mm)
		return NULL;
	list_for_each_entry(vma, &mm->mmap, vm_list)
		if (vma->vm_end > addr)
			return vma;
	return NULL;
}

int do_mmap(struct mm_struct *mm, struct file *file, unsigned long addr,
	    unsigned long len, unsigned long vm_flags, unsigned long pgoff,
	    struct vm_area_struct **vmap)
{
	struct address_space *mapping;
	struct vm_area_struct *vma, *prev;
	struct list_head *where;

	if (!mm || !file || !file->f_inode)
		return -EINVAL;
	if ((addr | len) & ~PAGE_MASK || !len)
		return -EINVAL;
	if (addr >= TASK_SIZE || len > TASK_SIZE - addr)
		return -EINVAL;
	if (pgoff > ~0UL - (len >> PAGE_SHIFT))
		return -EINVAL;
	if (vm_flags & ~VM_KNOWN_FLAGS)
		return -EINVAL;

	/* the last vma below addr, found from the tail */
	where = &mm->mmap;
	list_for_each_entry_reverse(prev, &mm->mmap, vm_list) {
		if (prev->vm_start < addr) {
			if (prev->vm_end > addr)
				return -EEXIST;
			where = &prev->vm_list;
			break;
		}
	}
	if (where->next != &mm->mmap) {
		struct vm_area_struct *next =
			list_entry(where->next, struct vm_area_struct, vm_list);

		if (next->vm_start < addr + len)
			return -EEXIST;
	}

	vma = kzalloc(sizeof(*vma), GFP_KERNEL);
	if (!vma)
		return -ENOMEM;
	vma->vm_mm = mm;
	vma->vm_start = addr;
	vma->vm_end = addr + len;
	vma->vm_flags = vm_flags;
	vma->vm_pgoff = pgoff;
	vma->vm_file = file;
	list_add(&vma->vm_list, where);
	mm->map_count++;

	mapping = file->f_inode->i_mapping;
	spin_lock(&mapping->i_shared_lock);
	if (vm_flags & VM_SHARED)
		list_add_tail(&vma->shared, &mapping->i_mmap_shared);
	else
		list_add_tail(&vma->shared, &mapping->i_mmap);
	spin_unlock(&mapping->i_shared_lock);
	if (vmap)
		*vmap = vma;
	return 0;
}

int do_munmap(struct mm_struct *mm, unsigned long addr, unsigned long len)
{
	struct vm_area_struct *vma;

	if (!mm)
		return -EINVAL;
	vma = find_vma(mm, addr);
	if (!vma || vma->vm_start != addr || vma->vm_end - addr != len)
		return -EINVAL;
	remove_vma(vma);
	return 0;
}

/* ---------------------------------------------------------------- check */

/* is @vma's shared link on the list its flags call for? */
static bool check_vma_file(struct vm_area_struct *vma)
{
	struct address_space *mapping;
	struct list_head *right, *wrong, *pos;

	if (!vma->vm_file || !vma->vm_file->f_inode)
		return check_fail("vma %#lx has no file", vma->vm_start);
	mapping = vma->vm_file->f_inode->i_mapping;
	right = vma->vm_flags & VM_SHARED ? &mapping->i_mmap_shared :
					    &mapping->i_mmap;
	wrong = vma->vm_flags & VM_SHARED ? &mapping->i_mmap :
					    &mapping->i_mmap_shared;
	if (!list_check(right) || !list_check(wrong))
		return false;
	/* a sound ring through vma->shared meets exactly one head */
	for (pos = vma->shared.next; pos != &vma->shared; pos = pos->next) {
		if (pos == right)
			return true;
		if (pos == wrong)
			return check_fail(
				"vma %#lx is on the wrong i_mmap list",
				vma->vm_start);
	}
	return check_fail("vma %#lx is on no i_mmap list", vma->vm_start);
}

static bool check_vmas(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	unsigned long prev_end = 0;
	int n = 0;

	if (!list_check(&mm->mmap))
		return false;
	list_for_each_entry(vma, &mm->mmap, vm_list) {
		n++;
		if (vma->vm_mm != mm)
			return check_fail("vma %#lx names another mm",
					  vma->vm_start);
		if ((vma->vm_start | vma->vm_end) & ~PAGE_MASK ||
		    vma->vm_start >= vma->vm_end || vma->vm_end > TASK_SIZE)
			return check_fail("vma %#lx-%#lx is malformed",
					  vma->vm_start, vma->vm_end);
		if (vma->vm_start < prev_end)
			return check_fail(
				"vma %#lx overlaps or is out of order",
				vma->vm_start);
		if (vma->vm_flags & ~VM_KNOWN_FLAGS)
			return check_fail("vma %#lx has unknown flags %#lx",
					  vma->vm_start, vma->vm_flags);
		prev_end = vma->vm_end;
		if (!check_vma_file(vma))
			return false;
	}
	if (n != mm->map_count)
		return check_fail("map_count %d but %d vmas", mm->map_count, n);
	return true;
}

/* walk the page tables in address order beside the sorted vmas */
static bool check_page_tables(struct mm_struct *mm)
{
	struct list_head *cursor = mm->mmap.next;
	unsigned long i, j, tables = 0, rss = 0;

	for (i = 0; i < PTRS_PER_PGD; i++) {
		struct pte_table *table = mm->pgd[i];
		unsigned int present = 0;

		if (!table)
			continue;
		tables++;
		for (j = 0; j < PTRS_PER_PTE; j++) {
			unsigned long addr = (i << PMD_SHIFT) |
					     (j << PAGE_SHIFT);
			struct page *page = table->pte[j];
			struct vm_area_struct *vma;
			unsigned long index;

			if (!page)
				continue;
			present++;
			while (cursor != &mm->mmap &&
			       list_entry(cursor, struct vm_area_struct,
					  vm_list)
					       ->vm_end <= addr)
				cursor = cursor->next;
			vma = list_entry(cursor, struct vm_area_struct,
					 vm_list);
			if (cursor == &mm->mmap || vma->vm_start > addr)
				return check_fail("page mapped at %#lx outside "
						  "every vma",
						  addr);
			index = vma->vm_pgoff +
				((addr - vma->vm_start) >> PAGE_SHIFT);
			if (page->mapping != vma->vm_file->f_inode->i_mapping ||
			    page->index != index || !page_mapcount(page))
				return check_fail(
					"pte at %#lx does not map file "
					"page %lu",
					addr, index);
		}
		if (present != table->nr_present || !present)
			return check_fail(
				"pte table %lu: nr_present %u, found %u", i,
				table->nr_present, present);
		rss += present;
	}
	if (tables != mm->nr_pte_tables || rss != mm->rss)
		return check_fail(
			"%lu pte tables and rss %lu, counted %lu and %lu",
			mm->nr_pte_tables, mm->rss, tables, rss);
	return true;
}

bool (mm_check)(struct mm_struct *mm)
{
	bool ok;

	if (!mm)
		return check_fail("no mm (NULL)");
	if (!check_vmas(mm))
		return false;
	spin_lock(&mm->page_table_lock);
	ok = check_page_tables(mm);
	spin_unlock(&mm->page_table_lock);
	return ok;
}
