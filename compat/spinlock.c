// SPDX-License-Identifier: MIT
/*
 * compat/spinlock.c - the contended path of spin_lock().
 *
 * Mirrors the slow path of the kernel's spinlocks (a test-and-set lock:
 * wait while the word reads taken, then try the exchange again), with
 * one difference compat/spinlock.h explains: after SPIN_YIELD_AFTER
 * pauses the waiter calls sched_yield(), because here the holder may be
 * a preempted thread that needs the CPU the waiter is spinning on.
 */
#include <sched.h>

#include "compat/spinlock.h"

void __spin_lock_wait(struct spinlock *lock)
{
	unsigned int spins = 0;

	do {
		while (__atomic_load_n(&lock->locked, __ATOMIC_RELAXED)) {
			if (++spins < SPIN_YIELD_AFTER) {
				cpu_relax();
			} else {
				spins = 0;
				sched_yield();
			}
		}
	} while (__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE));
}
