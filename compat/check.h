/* SPDX-License-Identifier: MIT */
/*
 * compat/check.h - how every invariant checker of kstruct, and every
 * list debug check, reports what it found: one line, through one
 * handler the program may replace.
 *
 * kstruct's own; the kernel has no such checkers (its CONFIG_DEBUG_LIST
 * checks print and BUG).  A checker is a function
 *
 *	bool foo_check(const struct foo *foo);
 *
 * that answers true when the structure is sound; otherwise it reports
 * its first violation with check_fail() and answers false.  It never
 * aborts and never prints on its own.  Its header wraps it in a macro of
 * the same name,
 *
 *	#define foo_check(foo)	CHECK_CALLER(foo_check, (foo))
 *
 * so that the report names the caller's file:line:
 *
 *	sched_check at tests/sched/test_sched.c:120: cpu 1 active: bit 120 set but queue empty
 *
 * A checker that runs another adds it to the line ("sim_check at
 * tests/sim/test_sim.c:80: sched_check at sim/sim.c:<line>: list_check
 * at sched/sched.c:<line>: node 3 ..."), and only the first violation of
 * the outermost check is reported.  docs/DESIGN.md ("Invariant checkers: one
 * convention") has the template a new checker copies.
 */
#ifndef KSTRUCT_COMPAT_CHECK_H
#define KSTRUCT_COMPAT_CHECK_H

#ifndef __cplusplus
#include <stdbool.h>
#endif

#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

/* what the handler is: a function type, so a pointer to it reads as one */
typedef void check_handler_fn(const char *report);

/**
 * check_set_handler() - choose what a report does
 * @fn: called with each report, one line without its newline; NULL
 *	restores the default
 *
 * Every report goes through the handler: a checker's first violation
 * (check_fail()) and a list debug check's corruption report
 * (check_corruption(), list/list_debug.c).  By default the line goes to
 * stderr; a corruption report then also aborts, a checker's never does.
 * With a handler installed nothing is printed and nothing aborts: a
 * checker answers false, a list operation is skipped.
 *
 * The handler runs on the thread that made the check, which may be any
 * thread and may hold locks (sched_check() holds every runqueue lock): it
 * must be thread-safe, take none of kstruct's locks, and not run a
 * checker itself.  Tests install one that records the line under a
 * mutex and assert on it after joining their threads.
 *
 * Context: any thread; the handler is process-wide.
 * Return: the previous handler (NULL for the default).
 */
check_handler_fn *check_set_handler(check_handler_fn *fn);

/**
 * check_fail() - report a checker's violation
 * @fmt: printf format of the violation ("cpu %d active: bit %d set ...")
 *
 * Prefixes the chain of checkers running on this thread, outermost
 * first, each with the file:line it was called from, and hands the line
 * to the handler.  Only the first violation of the outermost check is
 * reported; later ones, from it or from checkers it runs, are dropped.
 *
 * Context: inside a checker, any thread.
 * Return: false, so that a checker can "return check_fail(...)".
 */
bool check_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * check_corruption() - report an operation that found its structure
 *	corrupt
 * @op: the checked operation ("list_add", "list_del")
 * @fmt: printf format of what was wrong
 *
 * The line is "@op corruption at <file:line>: <what>", the file:line of
 * the innermost CHECK_CALLER() on this thread.  Without a handler it goes
 * to stderr and the process aborts (the operation cannot be carried on
 * with); with one, the caller skips the operation.
 *
 * Context: any thread.
 */
void check_corruption(const char *op, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* the two halves of CHECK_CALLER(): for it, not to be called directly */
void __check_enter(const char *name, const char *file, int line);
bool __check_leave(bool ok);

/**
 * CHECK_CALLER() - call a checker, recording where it was called from
 * @fn: the checker's name (its macro, defined as this, does not expand
 *	again inside its own expansion, so @fn calls the function)
 * @args: its argument list in parentheses, each evaluated once
 *
 * Return: what @fn returns.
 */
#define CHECK_CALLER(fn, args) \
	(__check_enter(#fn, __FILE__, __LINE__), __check_leave(fn args))

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_COMPAT_CHECK_H */
