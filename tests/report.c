// SPDX-License-Identifier: MIT
/*
 * tests/report.c - the recording check handler of the test binaries
 * (see report.h).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/ktest.h"
#include "tests/report.h"

char report_last[REPORT_MAX];
int report_count;

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static check_handler_fn *saved_handler;

void report_record(const char *report)
{
	pthread_mutex_lock(&report_lock);
	snprintf(report_last, sizeof(report_last), "%s", report);
	report_count++;
	pthread_mutex_unlock(&report_lock);
}

void report_start(void)
{
	saved_handler = check_set_handler(report_record);
}

void report_stop(void)
{
	check_set_handler(saved_handler);
}

int report_suite_init(void)
{
	report_start();
	return 0;
}

int report_suite_cleanup(void)
{
	report_stop();
	return 0;
}

void expect_detail(const char *detail)
{
	bool found = strstr(report_last, detail) != NULL;

	CU_ASSERT(found);
	if (!found)
		fprintf(stderr, "\n  got:  %s\n  want: ...%s\n", report_last,
			detail);
}

void __expect_report(int before, const char *what, const char *file, int line,
		     const char *detail)
{
	char want[256];
	const char *at;
	bool start_ok, detail_ok;
	long got = -1;

	CU_ASSERT_EQUAL(report_count, before + 1);
	snprintf(want, sizeof(want), "%s %s:", what, file);
	start_ok = !strncmp(report_last, want, strlen(want));
	if (start_ok) {
		at = report_last + strlen(want);
		got = strtol(at, NULL, 10);
		/* within the lines of the invocation (report.h says why) */
		start_ok = got >= line - REPORT_LINE_SLACK &&
			   got <= line + REPORT_LINE_SLACK;
	}
	detail_ok = strstr(report_last, detail) != NULL;
	CU_ASSERT(start_ok);
	CU_ASSERT(detail_ok);
	if (!start_ok || !detail_ok)
		fprintf(stderr, "\n  got:  %s\n  want: %s%d (+-%d): ...%s\n",
			report_last, want, line, REPORT_LINE_SLACK, detail);
}
