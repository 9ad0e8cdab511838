/* SPDX-License-Identifier: MIT */
/*
 * compat/jiffies.h - virtual jiffies and HZ.
 *
 * In the kernel jiffies is advanced by the timer interrupt.  Here it is a
 * plain counter that only the driver of the machine advances (the
 * simulator, a test, a library user's own loop: once per tick, from one
 * thread, before scheduler_tick() on every CPU), so every run is
 * repeatable; anyone may read it.  HZ is a run-time parameter (default
 * 1000) because the scheduler's constants are defined in terms of it and
 * the tests check them at several values; set it while no machine exists
 * (before sched_init()), and before building any structure that caches
 * tick counts.  docs/DESIGN.md, "Global machine state".
 */
#ifndef KSTRUCT_COMPAT_JIFFIES_H
#define KSTRUCT_COMPAT_JIFFIES_H

#include <kstruct/compat/compiler.h>
#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

extern unsigned long jiffies;
extern unsigned int kstruct_hz;
/*
 * Nanoseconds past the last tick, for a driver whose clock is finer than
 * the tick (the simulator under a class with hrtimers, between ticks):
 * the runqueue clock of the fair classes is jiffies * TICK_NSEC plus this.
 * The driver sets it back to 0 before each jiffies++; 0 for anyone else.
 */
extern unsigned long kstruct_subtick_ns;

#define HZ kstruct_hz
#define DEFAULT_HZ 1000u

/**
 * msecs_to_jiffies() - milliseconds as ticks, in the 2.5 sense
 * @ms: the milliseconds
 *
 * Unlike later kernels this rounds down and does not saturate: the
 * caller keeps @ms * HZ within an unsigned long.
 *
 * Return: @ms * HZ / 1000, rounded down.
 */
static inline unsigned long msecs_to_jiffies(unsigned long ms)
{
	return ms * HZ / 1000;
}

/*
 * Wrap-safe comparisons, as in the kernel.  Both values must be unsigned
 * long, as the kernel's typecheck() insists: for 32-bit counters
 * (long)(b - a) is never negative and the answer would be silently wrong
 * across the wrap, so any other type does not compile (C only).
 */
#define __jiffies_typecheck(x)                 \
	((void)static_assert_expr(             \
		__same_type(x, unsigned long), \
		"time_after(): unsigned long jiffies values only"))
#define time_after(a, b) \
	(__jiffies_typecheck(a), __jiffies_typecheck(b), (long)((b) - (a)) < 0)
#define time_before(a, b) time_after(b, a)
#define time_after_eq(a, b) \
	(__jiffies_typecheck(a), __jiffies_typecheck(b), (long)((a) - (b)) >= 0)
#define time_before_eq(a, b) time_after_eq(b, a)

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_COMPAT_JIFFIES_H */
