/* SPDX-License-Identifier: MIT */
/*
 * tests/peers.h - for a threaded test whose worker must see its peers at
 * work before it stops (a reader that walked over an entry, a walker that
 * visited a device).  A fixed number of steps is not enough: the peers may
 * start late, or a scheduler that runs one thread at a time (valgrind's)
 * may not run them at all before the worker's steps run out.
 *
 * The worker does its steps, then goes on while it still waits for its
 * peers and peers_wait_more() says so:
 *
 *	struct peers_wait wait = { 0 };
 *
 *	for (step = 0; step < STEPS ||
 *	     (!seen_them(...) && peers_wait_more(&wait)); step++)
 *		...
 *
 * and the test asserts afterwards that the peers were seen.
 */
#ifndef KSTRUCT_TESTS_PEERS_H
#define KSTRUCT_TESTS_PEERS_H

#include <stdbool.h>
#include <stdint.h>

/* the longest a worker waits for its peers, in seconds (not steps: a step
 * is some 50 times slower under valgrind than in a plain build) */
#define PEERS_WAIT_S 60

struct peers_wait {
	uint64_t deadline; /* ktime_get_ns(); 0 until the first wait */
};

/**
 * peers_wait_more() - pause briefly, so that the peers get a CPU
 * @wait: zeroed before the worker's first call
 *
 * Sleeps for 200 microseconds: a blocked worker hands the CPU on even
 * where threads are serialised.
 *
 * Return: true to go on waiting; false once PEERS_WAIT_S have passed
 * since the worker's first call, when it should stop and the test fail
 * its check.
 */
bool peers_wait_more(struct peers_wait *wait);

#endif /* KSTRUCT_TESTS_PEERS_H */
