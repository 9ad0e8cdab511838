// SPDX-License-Identifier: MIT
/*
 * docs/examples/install/rcu_workload.c - each of the installed library's
 * dependencies in use: an RCU list read under liburcu, a built-in
 * workload parsed by jansson.  make check-install builds it against each
 * staged prefix, dynamically and fully statically (pkg-config --static:
 * every library of the closure as .a), and runs it.
 */
#include <stdio.h>
#include <urcu.h>
#include <kstruct/compat/slab.h>
#include <kstruct/list/list.h>
#include <kstruct/list/rculist.h>
#include <kstruct/sim/workload.h>

struct item {
	int value;
	struct list_head node;
};

int main(void)
{
	LIST_HEAD(items);
	struct sim_workload *wl = NULL;
	struct item *it, *next;
	char err[256];
	int i, sum = 0, ret;

	for (i = 1; i <= 4; i++) {
		it = kmalloc(sizeof(*it), GFP_KERNEL);
		if (!it)
			return 1;
		it->value = i;
		list_add_tail_rcu(&it->node, &items);
	}
	rcu_register_thread();
	rcu_read_lock();
	list_for_each_entry_rcu(it, &items, node)
		sum = sum * 10 + it->value;
	rcu_read_unlock();
	synchronize_rcu();
	rcu_unregister_thread();
	list_for_each_entry_safe(it, next, &items, node) {
		list_del(&it->node);
		kfree(it);
	}

	ret = sim_workload_builtin("mixed", 4, &wl, err, sizeof(err));
	if (!ret)
		sim_workload_free(wl);
	printf("installed kstruct: %d, workload %s, live %ld\n", sum,
	       ret ? err : "parsed", kmalloc_live());
	return sum == 1234 && !ret && kmalloc_live() == 0 &&
			       list_check(&items) ?
		       0 :
		       1;
}
