// SPDX-License-Identifier: MIT
/*
 * tests/compile/fail_container_of.c - compile_fail: container_of() from
 * a pointer whose type is not the member's must not compile.  run.sh
 * also checks that the error is the one container_of() raises.
 */
#include "list/list.h"

struct thing {
	int key;
	struct list_head node;
	struct hlist_node hnode;
};

struct thing *wrong(struct hlist_node *n);

struct thing *wrong(struct hlist_node *n)
{
#ifdef FAIL
	/* n is an hlist_node, but node is a list_head */
	return container_of(n, struct thing, node);
#else
	return container_of(n, struct thing, hnode);
#endif
}
