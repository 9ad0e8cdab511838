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

#define FX_MAX_MM 4

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

/**
 * fx_init() - set up a zone, a file on it and @nmm processes
 * @f: the fixture
 * @zone_pages: frames in the zone
 * @size: the file's size in bytes
 * @zone_flags: 0 or ZONE_ARENA
 * @nmm: processes, at most FX_MAX_MM
 *
 * Return: 0 or a negative errno (nothing left allocated).
 */
int fx_init(struct fx *f, unsigned long zone_pages, long long size,
	    unsigned int zone_flags, int nmm);

/**
 * fx_exit() - tear everything down
 * @f: the fixture
 *
 * Return: 0, or -EBUSY when the inode or the zone could not be released.
 */
int fx_exit(struct fx *f);

/**
 * fx_check() - every checker, and conservation
 * @f: the fixture
 *
 * zone_check(), mapping_check(), mm_check() of each process, and: the
 * frames not free are exactly the cached pages (only the file's page
 * cache allocates from the zone).  Reports the first fault through the
 * check handler, naming the caller's file:line.
 *
 * Return: true when everything holds.
 */
bool fx_check(struct fx *f);
#define fx_check(f) CHECK_CALLER(fx_check, (f))

/**
 * fx_rand() - a seeded xorshift64* generator
 * @state: the seed, advanced
 *
 * Return: the next value.
 */
uint64_t fx_rand(uint64_t *state);

#endif /* KSTRUCT_TESTS_MM_FIXTURE_H */
