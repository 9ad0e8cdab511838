/* SPDX-License-Identifier: MIT */
/*
 * tests/report.h - what every test of a checker shares: a check handler
 * that records each report instead of printing it, and the assertions
 * that exactly one report came, from the right checker or operation,
 * naming the test's own file:line.
 *
 * The handler may run on any thread (a checker called from a worker, a
 * list operation under a lock); it records under a mutex.  CUnit is not
 * thread-safe: read report_last and report_count, and assert, only once
 * the threads are joined.
 */
#ifndef KSTRUCT_TESTS_REPORT_H
#define KSTRUCT_TESTS_REPORT_H

#include "compat/check.h"

#define REPORT_MAX 1024

extern char report_last[REPORT_MAX]; /* the latest report */
extern int report_count; /* reports so far */

/* the handler: keeps the report in report_last, counts it */
void report_record(const char *report);

/*
 * A suite's init and cleanup: install report_record(), then put back
 * whatever handler was there.  A test of a single case may call
 * report_start() and report_stop() instead.
 */
int report_suite_init(void);
int report_suite_cleanup(void);
void report_start(void);
void report_stop(void);

/*
 * expect_check() - exactly one report since @before, starting with
 * "@checker at <the calling test file>:@line: " and containing @detail
 */
#define expect_check(before, checker, line, detail) \
	__expect_report(before, checker " at", __FILE__, line, detail)

/*
 * expect_corruption() - exactly one report since @before, starting with
 * "@op corruption at <the calling test file>:@line: " and containing
 * @detail
 */
#define expect_corruption(before, op, line, detail) \
	__expect_report(before, op " corruption at", __FILE__, line, detail)

/* how far a report's line may be from __LINE__ (EXPECT_CHECK_FAILS) */
#define REPORT_LINE_SLACK 2

void __expect_report(int before, const char *what, const char *file, int line,
		     const char *detail);

/*
 * EXPECT_CHECK_FAILS() - @call, a call of @checker, answers false and
 * reports once, naming this file and line.  Needs report_record()
 * installed; expect_detail() then checks what the report says.
 *
 * Where an invocation spans lines (as clang-format breaks a long one), gcc
 * gives every __LINE__ in it the first line, clang gives __LINE__ in this
 * body the last line and the checker's CHECK_CALLER() the line its call
 * is on: so the report's line is taken within REPORT_LINE_SLACK lines of
 * __LINE__, the span of an invocation broken over up to three lines.
 */
#define EXPECT_CHECK_FAILS(call, checker)                      \
	do {                                                   \
		int __before = report_count;                   \
                                                               \
		CU_ASSERT_FALSE(call);                         \
		expect_check(__before, checker, __LINE__, ""); \
	} while (0)

/* expect_detail() - the latest report contains @detail */
void expect_detail(const char *detail);

#endif /* KSTRUCT_TESTS_REPORT_H */
