// SPDX-License-Identifier: MIT
/*
 * docs/examples/install/hello.c - the README's program against the
 * installed library: the kernel's list.h, kmalloc, and a machine (one
 * per process) that switches to a task.  make check-install builds it
 * against each staged prefix with pkg-config and runs it.
 */
#include <kstruct/compat/slab.h>
#include <kstruct/list/list.h>
#include <kstruct/sched/sched.h>

struct item {
	int value;
	struct list_head node;
};

int main(void)
{
	LIST_HEAD(items);
	struct item *it = kmalloc(sizeof(*it), GFP_KERNEL);
	struct task_struct *p;
	int ran;

	if (!it)
		return 1;
	it->value = 1;
	list_add_tail(&it->node, &items); /* the kernel's list.h */
	list_del(&it->node);
	kfree(it);

	if (sched_init(1)) /* one machine per process */
		return 1;
	p = sched_new_task("hello", 0, SCHED_OTHER, 0);
	ran = p && !wake_up_forked_process(p, 0) && schedule(0) == p;
	sched_teardown();
	return ran && kmalloc_live() == 0 ? 0 : 1;
}
