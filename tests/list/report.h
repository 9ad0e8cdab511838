/* SPDX-License-Identifier: MIT */
/*
 * tests/list/report.h - what the suites of list/'s checks share: a debug
 * handler that records each report instead of printing it, and the check
 * that exactly one report came, from the right operation, naming the
 * test's own file:line.
 */
#ifndef KSTRUCT_TESTS_LIST_REPORT_H
#define KSTRUCT_TESTS_LIST_REPORT_H

#include "list/list.h"

extern char report_last[512];	/* the latest report */
extern int report_count;	/* reports so far */

/* the handler: keeps the report in report_last, counts it */
void report_record(const char *msg);

/* a suite's init and cleanup: install report_record(), then put back
 * whatever handler was there */
int report_suite_init(void);
int report_suite_cleanup(void);

/*
 * expect_report() - exactly one report since @before, starting with
 * "@op corruption at <the calling test file>:@line: " and containing
 * @detail
 */
#define expect_report(before, op, line, detail)			\
	__expect_report(before, op, __FILE__, line, detail)
void __expect_report(int before, const char *op, const char *file,
		     int line, const char *detail);

#endif /* KSTRUCT_TESTS_LIST_REPORT_H */
