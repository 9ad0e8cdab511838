// SPDX-License-Identifier: MIT
/*
 * docs/examples/predeclare/queue.c - the one file that needs the list's
 * layout includes list/list.h; queue.h never did.
 */
#include <errno.h>

#include "list/list.h"
#include "queue.h"

struct entry {
	int value;
	struct list_head node;
};

static struct entry pool[16];
static int used;

int queue_push(struct list_head *queue, int value)
{
	struct entry *e;

	if (used == 16)
		return -ENOSPC;
	e = &pool[used++];
	e->value = value;
	list_add_tail(&e->node, queue);
	return 0;
}

long queue_sum(const struct list_head *queue)
{
	const struct entry *e;
	long sum = 0;

	list_for_each_entry(e, queue, node)
		sum += e->value;
	return sum;
}
