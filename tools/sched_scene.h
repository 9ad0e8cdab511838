/* SPDX-License-Identifier: MIT */
/*
 * tools/sched_scene.h - the small O(1) machine that "kstruct tour sched"
 * runs and "kstruct draw runqueue" pictures: two CPUs at HZ=1000, five
 * tasks queued on CPU 0, CPU 1 idle.
 *
 * Mirrors no kernel file: a fixture for tools/tour_sched.c and
 * tools/draw_sched.c.
 */
#ifndef KSTRUCT_TOOLS_SCHED_SCENE_H
#define KSTRUCT_TOOLS_SCHED_SCENE_H

struct task_struct;

/**
 * struct sched_scene - the scene's tasks
 * @editor: nice 0, with a full sleep average: interactive
 * @make: make-1, make-2, make-3, nice 0, never slept
 * @backup: nice 10
 */
struct sched_scene {
	struct task_struct *editor, *make[3], *backup;
};

/**
 * sched_scene_build() - set up the machine and wake the scene's tasks
 * @s: receives the tasks
 *
 * Sets HZ to 1000 and jiffies to 1000, builds a two-CPU O(1) machine
 * (sched_init()) and wakes the five tasks on CPU 0, editor first.
 *
 * Context: no scheduler machine may exist.
 * Return: 0, or a negative errno (then no machine is left).
 */
int sched_scene_build(struct sched_scene *s);

/**
 * sched_scene_tick_cpu0() - @n timer ticks of CPU 0 alone
 * @n: how many
 *
 * Each advances jiffies, runs scheduler_tick() on CPU 0 and schedule()
 * when it asked for one; CPU 1 is not ticked.
 */
void sched_scene_tick_cpu0(unsigned int n);

/**
 * sched_scene_teardown() - take the machine down, HZ back to its default
 */
void sched_scene_teardown(void);

#endif /* KSTRUCT_TOOLS_SCHED_SCENE_H */
