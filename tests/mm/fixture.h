/* SPDX-License-Identifier: MIT */
/*
 * tests/mm/fixture.h - a zone, a file and a few processes for mm tests.
 */
#ifndef KSTRUCT_TESTS_MM_FIXTURE_H
#define KSTRUCT_TESTS_MM_FIXTURE_H

#include <stdint.h>

#include "mm/fs.h"
#include "mm/mm.h"
#include "mm/mmzone.h"

#define FX_MAX_MM	4

/**
 * struct fx - what an mm test works on
 * @zone: the page frames
 * @inode: one file, its page cache allocated from @zone
 * @file: an open file of @inode
 * @mm: processes
 * @nmm: how many of @mm are set
 */
struct fx {
	struct zone zone;
	struct inode inode;
	struct file file;
	struct mm_struct *mm[FX_MAX_MM];
	int nmm;
};

/* sets everything up; returns 0 or a negative errno */
int fx_init(struct fx *f, unsigned long zone_pages, long long size,
	    unsigned int zone_flags, int nmm);
/* tears everything down; returns 0 when nothing was left over */
int fx_exit(struct fx *f);
/* zone_check, mapping_check, mm_check of each mm, and conservation:
 * the frames not free are exactly the cached pages; 0 when all hold */
int fx_check(struct fx *f);

/* a seeded xorshift64* generator */
uint64_t fx_rand(uint64_t *state);

#endif /* KSTRUCT_TESTS_MM_FIXTURE_H */
