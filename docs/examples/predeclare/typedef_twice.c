// SPDX-License-Identifier: MIT
/*
 * docs/examples/predeclare/typedef_twice.c - what "predeclaring" list_t
 * would take: each header that wants the name repeats the typedef.  C89
 * and C99 (the kernel's C in 2002) reject the second one, so every such
 * header had to include the one that owns the typedef.  C11 accepts an
 * identical repeat, but the name still says nothing "struct list_head"
 * does not.  tests/compile/run.sh checks that -std=c99 rejects this file.
 */
typedef struct list_head list_t;	/* in sched.h, say */
typedef struct list_head list_t;	/* in fs.h, say: error in C99 */

int list_t_is_empty(list_t *head);
