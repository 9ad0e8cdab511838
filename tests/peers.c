// SPDX-License-Identifier: MIT
/*
 * tests/peers.c - a threaded test's wait for its peers (see peers.h),
 * linked into every test binary beside the runner.
 */
#include <time.h>

#include "tests/peers.h"

static double monotonic_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void peers_wait_start(struct peers_wait *wait)
{
	wait->deadline = monotonic_s() + PEERS_WAIT_S;
}

bool peers_wait_more(struct peers_wait *wait)
{
	static const struct timespec pause = { .tv_nsec = 200 * 1000 };

	if (monotonic_s() > wait->deadline)
		return false;
	nanosleep(&pause, NULL);
	return true;
}
