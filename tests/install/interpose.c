// SPDX-License-Identifier: MIT
/*
 * tests/install/interpose.c - a program that defines a function named
 * like one of libkstruct's, and runs the library code that calls it.
 *
 * ELF lets a program's definition interpose on a shared library's: were
 * libkstruct.so linked without -Bsymbolic-functions, schedule() would call
 * this sched_find_first_bit() and abort.  make check-install builds it
 * against the installed library, dynamically, and runs it
 * (docs/DESIGN.md, "Kernel names in a shared library").
 */
#include <stdlib.h>
#include <kstruct/sched/sched.h>

/* the program's own function of that name: never the library's to call */
int sched_find_first_bit(const unsigned long *b)
{
	(void)b;
	abort();
}

int main(void)
{
	struct task_struct *p;
	int ran;

	if (sched_init(1))
		return 1;
	p = sched_new_task("interpose", 0, SCHED_OTHER, 0);
	ran = p && !wake_up_forked_process(p, 0) && schedule(0) == p;
	sched_teardown();
	return ran ? 0 : 1;
}
