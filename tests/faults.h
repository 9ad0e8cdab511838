/* SPDX-License-Identifier: MIT */
/*
 * tests/faults.h - the "fails every allocation" loop of the tests.
 *
 * An operation that allocates is run once with its first allocation
 * failing, once with its second, and so on, until a run in which the
 * failure was not reached: that run made every allocation, and its
 * result is the success.  After each failed run the test checks what a
 * failure must leave (docs/DESIGN.md, "Errors, allocation and fault
 * injection"): the error, kmalloc_live() back where it was, the
 * structure as it was (its checker, and what the test knows of it).
 */
#ifndef KSTRUCT_TESTS_FAULTS_H
#define KSTRUCT_TESTS_FAULTS_H

#include "compat/slab.h"

/* a pass's start: arm the @n-th allocation; Return: the faults so far */
static inline unsigned long __alloc_failure_arm(unsigned long n)
{
	unsigned long fired = kmalloc_fault_fired();

	kmalloc_fail_nth(n);
	return fired;
}

/* a pass's end: disarm; Return: whether the pass's allocation failed */
static inline bool __alloc_failure_fired(unsigned long before)
{
	kmalloc_fault_reset();
	return kmalloc_fault_fired() != before;
}

/**
 * for_each_alloc_failure() - run an operation once for each of its
 *	allocations, that one failing
 * @n: an integer variable: the allocation failed in this pass, 1, 2, ...
 * @op: an expression running the operation under test once and keeping
 *	its result, as in "err = zone_init(...)"; what must be reset before
 *	each call goes in front, "(snap = NULL, ret = sched_snapshot(...))"
 *	(all of @op runs armed: nothing in front may allocate)
 *
 * A pass makes the @n-th allocation from now fail (kmalloc_fail_nth()),
 * evaluates @op and turns fault injection off again.  If that allocation
 * was made (and so failed), the body runs, with fault injection off: it
 * asserts what the failed call left.  The loop ends after the first pass
 * in which nothing failed, without running the body: @op then ran in
 * full, its result is the success to assert after the loop, and @n is
 * one more than the allocations it made.  The loop stops by itself, as
 * the operation makes a finite number of allocations; a test that
 * expects a number asserts it on @n afterwards.
 */
#define for_each_alloc_failure(n, op)                      \
	for (unsigned long __fired = ((n) = 1, 0UL);       \
	     __fired = __alloc_failure_arm(n), (op),       \
			   __alloc_failure_fired(__fired); \
	     (n)++)

#endif /* KSTRUCT_TESTS_FAULTS_H */
