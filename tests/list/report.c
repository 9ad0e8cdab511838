// SPDX-License-Identifier: MIT
/*
 * tests/list/report.c - the recording debug handler of tests/list/
 * (see report.h).
 */
#include <stdio.h>
#include <string.h>

#include "tests/ktest.h"
#include "tests/list/report.h"

char report_last[512];
int report_count;

static list_debug_handler_fn *saved_handler;

void report_record(const char *msg)
{
	snprintf(report_last, sizeof(report_last), "%s", msg);
	report_count++;
}

int report_suite_init(void)
{
	saved_handler = list_debug_set_handler(report_record);
	return 0;
}

int report_suite_cleanup(void)
{
	list_debug_set_handler(saved_handler);
	return 0;
}

void __expect_report(int before, const char *op, const char *file,
		     int line, const char *detail)
{
	char want[160];
	bool start_ok, detail_ok;

	CU_ASSERT_EQUAL(report_count, before + 1);
	snprintf(want, sizeof(want), "%s corruption at %s:%d: ", op, file,
		 line);
	start_ok = !strncmp(report_last, want, strlen(want));
	detail_ok = strstr(report_last, detail) != NULL;
	CU_ASSERT(start_ok);
	CU_ASSERT(detail_ok);
	if (!start_ok || !detail_ok)
		fprintf(stderr, "\n  got:  %s\n  want: %s...%s\n", report_last,
			want, detail);
}
