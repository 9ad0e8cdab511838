/* SPDX-License-Identifier: MIT */
/*
 * docs/examples/predeclare/queue.h - a header that needs only pointers
 * to a list, so it declares the struct ahead instead of including
 * list/list.h: one line, no dependency, and any file may include this
 * header first.
 */
#ifndef QUEUE_H
#define QUEUE_H

struct list_head; /* enough for pointers */

/* 0, or -ENOSPC when the example's pool of 16 entries is used up */
int queue_push(struct list_head *queue, int value);
long queue_sum(const struct list_head *queue);

#endif
