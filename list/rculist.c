// SPDX-License-Identifier: MIT
/*
 * list/rculist.c - what list/rculist.h needs out of line.
 *
 * 2.5.33 had no RCU and the kernel's rculist.h is all inline; this file
 * holds the ThreadSanitizer side of the project's liburcu wrappers: the
 * single sync object of the grace-period edge, and kstruct_rcu_barrier()
 * (see list/rculist.h for why both exist).  Builds without TSan define
 * the sync object too (one unused byte), so that objects built with and
 * without TSan link together.
 */
#include <sched.h>

#include "list/rculist.h"

char kstruct_rcu_tsan_sync;

#ifdef KSTRUCT_RCU_TSAN
struct rcu_barrier_marker {
	struct rcu_head rcu;
	int done;
};

static void rcu_barrier_marker_run(struct rcu_head *rcu)
{
	struct rcu_barrier_marker *m;

	kstruct_rcu_callback_begin();
	m = container_of(rcu, struct rcu_barrier_marker, rcu);
	__atomic_store_n(&m->done, 1, __ATOMIC_RELEASE);
}

void kstruct_rcu_barrier(void)
{
	struct rcu_barrier_marker m = { .done = 0 };

	kstruct_call_rcu(&m.rcu, rcu_barrier_marker_run);
	while (!__atomic_load_n(&m.done, __ATOMIC_ACQUIRE))
		sched_yield();
}
#else
void kstruct_rcu_barrier(void)
{
	rcu_barrier();
}
#endif
