// SPDX-License-Identifier: MIT
/*
 * docs/examples/install/runqueue.c - a runqueue seen through the public
 * API, as docs/sched.md shows it: struct runqueue is the library's own,
 * and sched_snapshot() copies one into plain structures (no jansson
 * needed).  make check-install builds it against each staged prefix,
 * with a <jansson.h> that fails first on the include path, and runs it.
 */
#include <stdio.h>
#include <string.h>

#include <kstruct/sched/class.h>
#include <kstruct/sched/sched.h>

int main(void)
{
	static const char *const names[] = { "a", "b", "c" };
	const struct sched_snapshot_array *active;
	struct sched_snapshot *snap;
	unsigned int i, q, t, seen = 0;
	struct task_struct *p;

	if (sched_init_class(1, &o1_sched_class))
		return 1;
	for (i = 0; i < 3; i++) {
		p = sched_new_task(names[i], i == 2 ? 5 : 0, SCHED_OTHER, 0);
		if (!p || wake_up_forked_process(p, 0))
			goto err;
	}
	schedule(0);
	if (sched_snapshot(0, &snap))
		goto err;
	printf("cpu %d (%s): %lu runnable, running %s\n", snap->cpu,
	       snap->sched_class->name, snap->nr_running,
	       snap->idle ? "idle" : snap->curr.comm);
	/* o1's queue: the active array, then the expired one */
	active = &snap->queues[0].prio_arrays.arrays[0];
	for (q = 0; q < active->nr_queues; q++) {
		printf("  prio %d:", active->queues[q].prio);
		for (t = 0; t < active->queues[q].nr_tasks; t++, seen++)
			printf(" %s (%u ticks left)",
			       active->queues[q].tasks[t].task.comm,
			       active->queues[q].tasks[t].time_slice);
		printf("\n");
	}
	i = snap->nr_running == 3 && seen == 3 && !strcmp(snap->curr.comm, "a");
	sched_snapshot_free(snap);
	sched_teardown();
	return i ? 0 : 1;
err:
	sched_teardown();
	return 1;
}
