// SPDX-License-Identifier: MIT
/*
 * tests/mm/fixture.c - the shared set-up of the mm tests.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tests/mm/fixture.h"

int fx_init(struct fx *f, unsigned long zone_pages, long long size,
	    unsigned int zone_flags, int nmm)
{
	int err, i;

	memset(f, 0, sizeof(*f));
	if (nmm > FX_MAX_MM)
		return -EINVAL;
	err = zone_init(&f->zone, "Normal", zone_pages, zone_flags);
	if (err)
		return err;
	err = inode_init(&f->inode, 1, &f->zone, size);
	if (err)
		goto err_zone;
	f->file.f_inode = &f->inode;
	for (i = 0; i < nmm; i++) {
		f->mm[i] = mm_alloc();
		if (!f->mm[i]) {
			err = -ENOMEM;
			goto err_mm;
		}
		f->nmm++;
	}
	return 0;

err_mm:
	while (f->nmm)
		mmput(f->mm[--f->nmm]);
	inode_release(&f->inode);
err_zone:
	zone_release(&f->zone);
	return err;
}

int fx_exit(struct fx *f)
{
	int err = 0, i;

	for (i = 0; i < f->nmm; i++)
		mmput(f->mm[i]);
	f->nmm = 0;
	if (inode_release(&f->inode))
		err = -EBUSY;
	if (zone_release(&f->zone))
		err = -EBUSY;
	return err;
}

bool (fx_check)(struct fx *f)
{
	int i;

	if (!zone_check(&f->zone) || !mapping_check(f->inode.i_mapping))
		return false;
	for (i = 0; i < f->nmm; i++)
		if (f->mm[i] && !mm_check(f->mm[i]))
			return false;
	if (f->zone.free_pages + f->inode.i_mapping->nrpages != f->zone.size)
		return check_fail("%lu free + %lu cached != %lu frames",
				  f->zone.free_pages,
				  f->inode.i_mapping->nrpages, f->zone.size);
	return true;
}

uint64_t fx_rand(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1Dull;
}
