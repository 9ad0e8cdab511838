// SPDX-License-Identifier: MIT
/*
 * docs/examples/predeclare/main.c - includes queue.h before list/list.h:
 * the predeclared "struct list_head;" and the later full definition are
 * the same type, so the order does not matter.
 */
#include <stdio.h>

#include "queue.h"
#include "list/list.h"

int main(void)
{
	LIST_HEAD(queue);
	int i;

	for (i = 1; i <= 4; i++)
		queue_push(&queue, i);
	printf("sum %ld\n", queue_sum(&queue));
	return queue_sum(&queue) == 10 ? 0 : 1;
}
