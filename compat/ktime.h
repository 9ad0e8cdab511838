/* SPDX-License-Identifier: MIT */
/*
 * compat/ktime.h - the monotonic clock, for what measures real time: the
 * benchmarks, the tool's progress line, a threaded test's wait for its
 * peers.  Nothing that a run's results depend on reads it: the
 * structures' own time is jiffies (compat/jiffies.h), which only the
 * simulator advances.
 */
#ifndef KSTRUCT_COMPAT_KTIME_H
#define KSTRUCT_COMPAT_KTIME_H

#include <stdint.h>
#include <time.h>

#define NSEC_PER_SEC 1000000000ull
#define NSEC_PER_MSEC 1000000ull
#define NSEC_PER_USEC 1000ull

/**
 * ktime_get_ns() - CLOCK_MONOTONIC now, in nanoseconds
 *
 * As the kernel's ktime_get_ns(): it never goes back, and is not the
 * time of day.  A double holds it exactly for the first 104 days after
 * boot, so differences taken as doubles lose nothing.
 */
static inline uint64_t ktime_get_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + (uint64_t)ts.tv_nsec;
}

#endif /* KSTRUCT_COMPAT_KTIME_H */
