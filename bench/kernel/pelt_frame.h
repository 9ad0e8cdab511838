/* SPDX-License-Identifier: MIT */
/*
 * bench/kernel/pelt_frame.h - what the kernel's own PELT sums take from
 * the rest of the kernel, written for the pelt benchmark's baseline
 * (bench/pelt.c).
 *
 * The Makefile extracts kernel/sched/pelt.c and sched-pelt.h of Debian's
 * linux-source-6.12 into the build folder and writes there one
 * translation unit: this header, sched-pelt.h, pelt.c's static functions
 * from decay_load() to ___update_load_avg() (the sums, the segments, the
 * sum's update and the averages: nothing of a runqueue or an entity),
 * then pelt_calls.h; it compiles that with every symbol prefixed
 * "kernel_".  The kernel's text is never committed nor installed; only
 * build/kstruct-bench links it.
 *
 * Here: the integer types, the attributes, the 64-bit multiply-shift and
 * divide of a 64-bit machine, struct sched_avg with kstruct's layout (so
 * that both implementations update the same bytes) and the divider of a
 * signal (LOAD_AVG_MAX less one period, plus the part of the current
 * period already accrued; a macro, as LOAD_AVG_MAX comes after this).
 */
#ifndef KSTRUCT_BENCH_KERNEL_PELT_FRAME_H
#define KSTRUCT_BENCH_KERNEL_PELT_FRAME_H

#include <stdint.h>

/*
 * the kernel's names of the integer types, for its code alone (no
 * typedef: kstruct keeps one name for each thing)
 */
#define u64 uint64_t
#define u32 uint32_t
#define s64 int64_t

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

#define get_pelt_divider(avg) (LOAD_AVG_MAX - 1024 + (avg)->period_contrib)

#endif /* KSTRUCT_BENCH_KERNEL_PELT_FRAME_H */
