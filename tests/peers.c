// SPDX-License-Identifier: MIT
/*
 * tests/peers.c - a threaded test's wait for its peers (see peers.h),
 * linked into every test binary beside the runner.
 */
#include "compat/ktime.h"
#include "tests/peers.h"

bool peers_wait_more(struct peers_wait *wait)
{
	static const struct timespec pause = { .tv_nsec = 200 * 1000 };
	uint64_t now = ktime_get_ns();

	if (!wait->deadline)
		wait->deadline = now + PEERS_WAIT_S * NSEC_PER_SEC;
	else if (now > wait->deadline)
		return false;
	nanosleep(&pause, NULL);
	return true;
}
