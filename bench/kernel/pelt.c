// SPDX-License-Identifier: MIT
/*
 * bench/kernel/pelt.c - the frame around the kernel's own PELT sums, the
 * pelt benchmark's baseline (bench/pelt.c).
 *
 * The Makefile extracts kernel/sched/pelt.c and sched-pelt.h of Debian's
 * linux-source-6.12 into the build folder, cuts from pelt.c the static
 * functions from decay_load() to ___update_load_avg() (the sums, the
 * segments, the sum's update and the averages: nothing of a runqueue or
 * an entity) into pelt-sums.c, and compiles this file, which includes
 * them, with every symbol prefixed "kernel_".  The kernel's text is never
 * committed nor installed; only build/kstruct-bench links it.
 *
 * What is here is what those functions take from the rest of the kernel,
 * written for this build: the integer types, the attributes, the 64-bit
 * multiply-shift and divide of a 64-bit machine, struct sched_avg with
 * kstruct's layout (so that both implementations update the same bytes)
 * and the divider of a signal (LOAD_AVG_MAX less one period, plus the
 * part of the current period already accrued).
 */
#include <stdint.h>

typedef uint64_t u64;
typedef uint32_t u32;
typedef int64_t s64;

#ifndef __always_inline /* glibc defines it too */
#define __always_inline inline __attribute__((always_inline))
#endif
#define __maybe_unused __attribute__((unused))
#define unlikely(x) __builtin_expect(!!(x), 0)
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define SCHED_CAPACITY_SHIFT 10

struct sched_avg {
	u64 last_update_time;
	u64 load_sum;
	u64 runnable_sum;
	u32 util_sum;
	u32 period_contrib;
	unsigned long load_avg;
	unsigned long runnable_avg;
	unsigned long util_avg;
};

static inline u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

#include "sched-pelt.h"

static inline u32 get_pelt_divider(struct sched_avg *avg)
{
	return LOAD_AVG_MAX - 1024 + avg->period_contrib;
}

#include "pelt-sums.c"

/*
 * A task's signal's update and a runqueue's, as the kernel's
 * __update_load_avg_se() and __update_load_avg_cfs_rq() make them (less
 * the utilization estimate's flag and the trace point, which kstruct does
 * not have), with the arguments kstruct's functions of the same names
 * take: the sums, then the averages when a period ended.
 * Return: 1 when the averages were recomputed.
 */
int __update_load_avg_se(u64 now, struct sched_avg *sa, unsigned long weight,
			 _Bool on_rq, _Bool runnable, _Bool running);
int __update_load_avg_cfs_rq(u64 now, struct sched_avg *sa,
			     unsigned long load_weight,
			     unsigned int nr_runnable, _Bool curr);

int __update_load_avg_se(u64 now, struct sched_avg *sa, unsigned long weight,
			 _Bool on_rq, _Bool runnable, _Bool running)
{
	if (!___update_load_sum(now, sa, on_rq, runnable, running))
		return 0;
	___update_load_avg(sa, weight);
	return 1;
}

int __update_load_avg_cfs_rq(u64 now, struct sched_avg *sa,
			     unsigned long load_weight,
			     unsigned int nr_runnable, _Bool curr)
{
	if (!___update_load_sum(now, sa, load_weight, nr_runnable, curr))
		return 0;
	___update_load_avg(sa, 1);
	return 1;
}
