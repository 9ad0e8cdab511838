// SPDX-License-Identifier: MIT
/*
 * compat/check.c - the one reporter behind every checker and every list
 * debug check (compat/check.h).
 *
 * Each thread keeps the chain of checked calls it is inside, as
 * CHECK_CALLER() recorded them: name and caller's file:line, outermost
 * first.  A report is formatted from that chain on the reporting thread,
 * then handed to the handler, or to stderr.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "compat/check.h"

/* deeper chains are counted, but only this many links are named */
#define CHECK_CHAIN_MAX 8
#define CHECK_REPORT_MAX 1024

struct check_call {
	const char *name;
	const char *file;
	int line;
};

static check_handler_fn *check_handler;

static _Thread_local struct check_call chain[CHECK_CHAIN_MAX];
static _Thread_local unsigned int depth;
/* the outermost check running on this thread has reported already */
static _Thread_local bool reported;

check_handler_fn *check_set_handler(check_handler_fn *fn)
{
	return __atomic_exchange_n(&check_handler, fn, __ATOMIC_SEQ_CST);
}

void __check_enter(const char *name, const char *file, int line)
{
	if (!depth)
		reported = false;
	if (depth < CHECK_CHAIN_MAX)
		chain[depth] = (struct check_call){ name, file, line };
	depth++;
}

bool __check_leave(bool ok)
{
	if (depth)
		depth--;
	return ok;
}

static void deliver(const char *report, bool fatal)
{
	check_handler_fn *fn =
		__atomic_load_n(&check_handler, __ATOMIC_SEQ_CST);

	if (fn) {
		fn(report);
		return;
	}
	fprintf(stderr, "%s\n", report);
	fflush(stderr);
	if (fatal)
		abort();
}

/* append to @buf (of CHECK_REPORT_MAX) at *@len, never past its end */
static void __attribute__((format(printf, 3, 0)))
vappend(char *buf, size_t *len, const char *fmt, va_list ap)
{
	int n;

	if (*len >= CHECK_REPORT_MAX - 1)
		return;
	n = vsnprintf(buf + *len, CHECK_REPORT_MAX - *len, fmt, ap);
	if (n > 0)
		*len += (size_t)n < CHECK_REPORT_MAX - *len ?
				(size_t)n :
				CHECK_REPORT_MAX - 1 - *len;
}

static void __attribute__((format(printf, 3, 4)))
append(char *buf, size_t *len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vappend(buf, len, fmt, ap);
	va_end(ap);
}

bool check_fail(const char *fmt, ...)
{
	char report[CHECK_REPORT_MAX];
	unsigned int i,
		named = depth < CHECK_CHAIN_MAX ? depth : CHECK_CHAIN_MAX;
	size_t len = 0;
	va_list ap;

	if (depth && reported)
		return false;
	reported = depth > 0;
	report[0] = '\0';
	if (!depth)
		append(report, &len, "(unknown checker) at (unknown caller): ");
	for (i = 0; i < named; i++)
		append(report, &len, "%s at %s:%d: ", chain[i].name,
		       chain[i].file, chain[i].line);
	va_start(ap, fmt);
	vappend(report, &len, fmt, ap);
	va_end(ap);
	deliver(report, false);
	return false;
}

void check_corruption(const char *op, const char *fmt, ...)
{
	char report[CHECK_REPORT_MAX];
	size_t len = 0;
	va_list ap;

	report[0] = '\0';
	if (depth && depth <= CHECK_CHAIN_MAX)
		append(report, &len, "%s corruption at %s:%d: ", op,
		       chain[depth - 1].file, chain[depth - 1].line);
	else
		append(report, &len, "%s corruption at (unknown caller): ", op);
	va_start(ap, fmt);
	vappend(report, &len, fmt, ap);
	va_end(ap);
	deliver(report, true);
}
