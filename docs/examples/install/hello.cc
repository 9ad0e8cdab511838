// SPDX-License-Identifier: MIT
/*
 * docs/examples/install/hello.cc - the installed library from C++17: the
 * headers' extern "C" blocks at link time (list_sort() and a class found
 * by name).  make check-install builds it against each staged prefix and
 * runs it.
 */
#include <cstdio>
#include <kstruct/compat/slab.h>
#include <kstruct/list/list.h>
#include <kstruct/list/list_sort.h>
#include <kstruct/sched/class.h>

struct item {
	int value;
	struct list_head node;
};

static int cmp(void *, const struct list_head *a, const struct list_head *b)
{
	return list_entry(a, struct item, node)->value >
	       list_entry(b, struct item, node)->value;
}

int main()
{
	LIST_HEAD(items);
	struct item v[3] = { { 3, {} }, { 1, {} }, { 2, {} } };
	struct item *it;
	int sum = 0;

	for (struct item &i : v)
		list_add_tail(&i.node, &items);
	list_sort(nullptr, &items, cmp);
	list_for_each_entry(it, &items, node)
		sum = sum * 10 + it->value;
	std::printf("from C++: %d, %s\n", sum,
		    sched_class_find("cfs") == &cfs_sched_class ? "cfs" : "?");
	return sum == 123 && sched_class_find("cfs") == &cfs_sched_class &&
	       kmalloc_live() == 0 ? 0 : 1;
}
