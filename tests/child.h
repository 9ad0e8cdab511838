/* SPDX-License-Identifier: MIT */
/*
 * tests/child.h - run a function in a forked child and capture
 * what it writes to stderr, for the tests whose subject aborts or
 * prints (BUG_ON, WARN_ON, kfree of a freed pointer, a list debug check
 * with the default handler, a poison dereference).
 */
#ifndef KSTRUCT_TESTS_CHILD_H
#define KSTRUCT_TESTS_CHILD_H

#include <stddef.h>

/**
 * run_in_child() - run @fn(@arg) in a child with stderr captured
 * @fn: what the child runs; the child exits 0 if it returns
 * @arg: passed to @fn
 * @out: receives what the child wrote to stderr, NUL-terminated
 * @size: the size of @out; at most @size - 1 bytes are kept
 *
 * Return: the child's wait status, or -1 when pipe() or fork() failed.
 */
int run_in_child(void (*fn)(int), int arg, char *out, size_t size);

#endif /* KSTRUCT_TESTS_CHILD_H */
