// SPDX-License-Identifier: MIT
/*
 * tests/compile/fail_rmqueue.c - compile_fail: rmqueue() is internal to
 * mm/page_alloc.c, as it was static in 2.5.33.  The raw step hands out a
 * block that is not marked allocated, which nothing could free again.
 */
#include "mm/mmzone.h"

struct page *take(struct zone *zone);

struct page *take(struct zone *zone)
{
#ifdef FAIL
	return rmqueue(zone, 0);
#else
	return alloc_pages(zone, 0);
#endif
}
