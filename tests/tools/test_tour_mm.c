// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_tour_mm.c - "kstruct tour mm" (tools/tour_mm.c).
 *
 * The tour's facts, checked against the structures' rules worked by hand
 * rather than against a copy of its text: a file page mapped by both
 * processes is one frame in both page tables and in the page cache, and
 * its mapcount is the number of ptes that map it; vmtruncate to 3.5 pages
 * keeps pages 0-3 (pgoff 4 is 14336 rounded up) and zaps the rest of each
 * vma; every free-area line adds up to its total; the buddy of a block
 * is its index XOR its size; a double free is -EALREADY.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "list/list.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/kstruct.h"

/* the section's text, its long lines whole (kstruct tour breaks them) */
static char *tour_text(void)
{
	int ret = -1;
	char *text = section_text("mm", &ret);

	CU_ASSERT_EQUAL(ret, 0);
	return text;
}

/* the text of step @n (from its heading to the next one) */
static char *step(const char *text, int n)
{
	char head[16];
	const char *start, *end;

	snprintf(head, sizeof(head), "\n%d. ", n);
	start = strstr(text, head);
	if (!start)
		return NULL;
	snprintf(head, sizeof(head), "\n%d. ", n + 1);
	end = strstr(start, head);
	return strndup(start, end ? (size_t)(end - start) : strlen(start));
}

/* the frame of file page @page in the pte line of process @proc, or -1 */
static long pte_frame(const char *s, char proc, unsigned long page)
{
	char line[8], want[32];
	const char *l, *eol, *hit;

	snprintf(line, sizeof(line), "\n  %c 0x", proc);
	l = strstr(s, line);
	if (!l)
		return -2;
	eol = strchr(l + 1, '\n');
	snprintf(want, sizeof(want), "[p%lu=f", page);
	hit = strstr(l, want);
	return hit && hit < eol ? atol(hit + strlen(want)) : -1;
}

/* the frame and mapcount of file page @page in a "page cache" line */
static long cache_frame(const char *s, unsigned long page, unsigned *mapped)
{
	char want[16];
	const char *l = strstr(s, "page cache ("), *eol, *hit;

	if (!l)
		return -2;
	eol = strchr(l, '\n');
	snprintf(want, sizeof(want), " p%lu=f", page);
	hit = strstr(l, want);
	if (!hit || hit > eol)
		return -1;
	if (sscanf(hit + strlen(want), "%*d(mapped %u)", mapped) != 1)
		return -3;
	return atol(hit + strlen(want));
}

static void test_shared_pages_are_one_frame(void)
{
	char *text = tour_text(), *s2;
	unsigned long page;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	s2 = step(text, 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s2);
	for (page = 0; page < 8; page++) {
		long a = pte_frame(s2, 'A', page), b = pte_frame(s2, 'B', page);
		unsigned int mapped = 0;
		long f = cache_frame(s2, page, &mapped);

		/* A maps pages 0-5, B pages 2-7: every page is touched */
		CU_ASSERT_EQUAL(a >= 0, page <= 5);
		CU_ASSERT_EQUAL(b >= 0, page >= 2);
		CU_ASSERT(f >= 0);
		if (a >= 0)
			CU_ASSERT_EQUAL(a, f);
		if (b >= 0)
			CU_ASSERT_EQUAL(b, f);
		CU_ASSERT_EQUAL(mapped, (unsigned)(a >= 0) + (b >= 0));
	}
	CU_ASSERT_PTR_NOT_NULL(strstr(s2, "page cache (8 pages)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s2, "zone: 24 of 32 frames free"));
	/* step 1: the lists, private on i_mmap and shared on i_mmap_shared */
	CU_ASSERT_PTR_NOT_NULL(strstr(
		text, "  i_mmap (private):      head -> B's vma -> head\n"
		      "  i_mmap_shared:         head -> A's vma -> head\n"));
	free(s2);
	free(text);
}

static void test_truncate_zaps_past_the_new_end(void)
{
	char *text = tour_text(), *s3, *after;
	unsigned long page;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	s3 = step(text, 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s3);
	/* 3.5 pages: 14336 bytes, 4 pages rounded up; page 3 is kept */
	CU_ASSERT_PTR_NOT_NULL(strstr(s3, "vmtruncate(inode, 14336): the new "
					  "end falls inside page 3"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s3, "pages = 4: page 3 stays mapped"));
	/* i_mmap (B) first, then i_mmap_shared (A); B's vma starts at file
	 * page 2, so 4 - 2 = 2 of its 6 pages stay; A keeps 4 of 6 */
	CU_ASSERT_PTR_NOT_NULL(strstr(
		s3,
		"  B: vm_pgoff 2, diff 2 < len 6: zap 0x42000-0x46000 (4 pages)\n"
		"  A: vm_pgoff 0, diff 4 < len 6: zap 0x14000-0x16000 (2 pages)\n"));
	after = strstr(s3, "After it:");
	CU_ASSERT_PTR_NOT_NULL_FATAL(after);
	for (page = 0; page < 8; page++) {
		unsigned int mapped = 0;

		CU_ASSERT_EQUAL(pte_frame(after, 'A', page) >= 0, page <= 3);
		CU_ASSERT_EQUAL(pte_frame(after, 'B', page) >= 0,
				page >= 2 && page <= 3);
		CU_ASSERT_EQUAL(cache_frame(after, page, &mapped) >= 0,
				page <= 3);
	}
	/* the four cut pages went back to the zone */
	CU_ASSERT_PTR_NOT_NULL(strstr(after, "zone: 28 of 32 frames free"));
	CU_ASSERT_PTR_NOT_NULL(strstr(after, "checks: zone_check, "
					     "mapping_check, mm_check of both "
					     "processes: sound\n"));
	free(s3);
	free(text);
}

/*
 * Each "Normal: c0*4kB c1*8kB ... = TkB" line: the blocks add up to the
 * total, which is 4kB per free frame.
 */
static void test_free_area_lines_add_up(void)
{
	char *text = tour_text();
	const char *l;
	int lines = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (l = strstr(text, "    Normal: "); l;
	     l = strstr(l + 1, "    Normal: ")) {
		const char *p = l + 12, *eol = strchr(l, '\n');
		unsigned long sum = 0, total = 0, n, kb;

		while (p < eol && sscanf(p, "%lu*%lukB", &n, &kb) == 2) {
			sum += n * kb;
			p = strchr(p, ' ') + 1;
		}
		CU_ASSERT_EQUAL(sscanf(strstr(l, "= "), "= %lukB", &total), 1);
		CU_ASSERT_EQUAL(sum, total);
		lines++;
	}
	CU_ASSERT_EQUAL(lines, 7); /* a line after each of 7 steps */
	free(text);
}

static void test_buddy_steps(void)
{
	char *text = tour_text();
	long a = -1, b = -1, c = -1, buddy = -1, held = -1;
	const char *p;
	char want[64];

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	/* order 0 from a 512-frame zone: the highest frame (2.5.33's expand) */
	p = strstr(text, "6. alloc_pages(order 0) = frame ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	sscanf(p, "6. alloc_pages(order 0) = frame %ld", &a);
	CU_ASSERT_EQUAL(a, 511);
	p = strstr(text, "7. alloc_pages(order 2) = frame ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	sscanf(p, "7. alloc_pages(order 2) = frame %ld", &b);
	p = strstr(p, "   alloc_pages(order 2) = frame ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	sscanf(p, "   alloc_pages(order 2) = frame %ld", &c);
	/* the free order-2 block is 504-507; then 496-503 splits: 500 */
	CU_ASSERT_EQUAL(b, 504);
	CU_ASSERT_EQUAL(c, 500);
	p = strstr(text, "8. __free_pages(frame ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(sscanf(p,
			       "8. __free_pages(frame %*d, order 2): its "
			       "buddy (index XOR 4) is the\n   block at frame "
			       "%ld, not free as a whole (frame %ld",
			       &buddy, &held),
			2);
	CU_ASSERT_EQUAL(buddy, b ^ 4);
	CU_ASSERT_EQUAL(held, a);
	snprintf(want, sizeof(want),
		 "freeing it again is refused: %d "
		 "(-EALREADY)",
		 -EALREADY);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	snprintf(want, sizeof(want),
		 "9. __free_pages(frame %ld, order 2): "
		 "its buddy, frame %ld,",
		 c, c ^ 4);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	/* everything freed: one block of the top order again */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "0*1024kB 1*2048kB = 2048kB\n"
					    "   /proc/buddyinfo style:"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "   zone_check: sound\n"));
	free(text);
}

static CU_TestInfo tour_mm_cases[] = {
	{ "a page both map is one frame, mapcount 2",
	  test_shared_pages_are_one_frame },
	{ "vmtruncate zaps past the new end, keeps the rest",
	  test_truncate_zaps_past_the_new_end },
	{ "free-area lines add up", test_free_area_lines_add_up },
	{ "buddy: split, XOR buddy, no merge, merge, -EALREADY",
	  test_buddy_steps },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/mm-tour", tour_mm_cases, NULL, NULL)
