// SPDX-License-Identifier: MIT
/*
 * tools/sched_scene.c - the machine of "kstruct tour sched" and "kstruct
 * draw runqueue" (see tools/sched_scene.h).
 *
 * Mirrors no kernel file.
 */
#include <errno.h>
#include <stdio.h>

#include "compat/jiffies.h"
#include "sched/sched.h"
#include "tools/sched_scene.h"

int sched_scene_build(struct sched_scene *s)
{
	char name[TASK_COMM_LEN];
	int i, ret;

	kstruct_hz = 1000;
	jiffies = 1000;
	ret = sched_init(2);
	if (ret)
		return ret;
	s->editor = sched_new_task("editor", 0, SCHED_OTHER, 0);
	for (i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "make-%d", i + 1);
		s->make[i] = sched_new_task(name, 0, SCHED_OTHER, 0);
	}
	s->backup = sched_new_task("backup", 10, SCHED_OTHER, 0);
	if (!s->editor || !s->make[0] || !s->make[1] || !s->make[2] ||
	    !s->backup) {
		sched_scene_teardown();
		return -ENOMEM;
	}
	/* the editor mostly sleeps: a full sleep average */
	s->editor->sleep_avg = MAX_SLEEP_AVG;
	wake_up_forked_process(s->editor, 0);
	for (i = 0; i < 3; i++)
		wake_up_forked_process(s->make[i], 0);
	wake_up_forked_process(s->backup, 0);
	return 0;
}

void sched_scene_tick_cpu0(unsigned int n)
{
	while (n--) {
		jiffies++;
		scheduler_tick(0, 1);
		if (test_tsk_need_resched(cpu_curr(0)))
			schedule(0);
	}
}

void sched_scene_teardown(void)
{
	sched_teardown();
	kstruct_hz = DEFAULT_HZ;
}
