/* SPDX-License-Identifier: MIT */
/*
 * compat/jiffies.h - virtual jiffies and HZ.
 *
 * In the kernel jiffies is advanced by the timer interrupt.  Here it is a
 * plain counter that only the simulator (or a test) advances, so every
 * run is repeatable.  HZ is a run-time parameter (default 1000) because
 * the scheduler's constants are defined in terms of it and the tests check
 * them at several values; set it before building any structure that
 * caches tick counts.
 */
#ifndef KSTRUCT_COMPAT_JIFFIES_H
#define KSTRUCT_COMPAT_JIFFIES_H

#ifdef __cplusplus
extern "C" {
#endif

extern unsigned long jiffies;
extern unsigned int kstruct_hz;

#define HZ		kstruct_hz
#define DEFAULT_HZ	1000u

/* msecs_to_jiffies in the 2.5 sense: x * HZ / 1000, rounded down */
static inline unsigned long msecs_to_jiffies(unsigned long ms)
{
	return ms * HZ / 1000;
}

/* wrap-safe comparisons, as in the kernel */
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)

#ifdef __cplusplus
}
#endif

#endif /* KSTRUCT_COMPAT_JIFFIES_H */
