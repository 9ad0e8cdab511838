/* SPDX-License-Identifier: MIT */
/*
 * bench/kernel/pelt_calls.h - the end of the translation unit the
 * Makefile writes around the kernel's PELT sums (bench/kernel/pelt_frame.h
 * says how): the two calls bench/pelt.c makes of them.
 */
#ifndef KSTRUCT_BENCH_KERNEL_PELT_CALLS_H
#define KSTRUCT_BENCH_KERNEL_PELT_CALLS_H

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

#endif /* KSTRUCT_BENCH_KERNEL_PELT_CALLS_H */
