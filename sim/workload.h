/* SPDX-License-Identifier: MIT */
/*
 * sim/workload.h - what the simulator runs: task descriptions read from a
 * subset of rt-app's JSON workload format, or from a built-in workload.
 *
 * Not a port of a kernel file: rt-app (the scheduler test tool of the
 * Linux scheduler developers) describes a workload as a set of tasks, each
 * a loop over phases of events (run for a while, sleep for a while, wait
 * for the next period of a timer, fork another task).  This header holds
 * the parsed form; sim/sim.c turns it into task_structs and drives them.
 * docs/sim.md lists every key that is supported.
 *
 * Units: every duration here is in microseconds, as in rt-app's files.
 * The simulator rounds them to ticks of the virtual clock.
 */
#ifndef KSTRUCT_SIM_WORKLOAD_H
#define KSTRUCT_SIM_WORKLOAD_H

#include <stddef.h>
#include <stdio.h>

#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

/* longest task name kept (the kernel's TASK_COMM_LEN is 16, with the NUL) */
#define SIM_NAME_LEN 16
/* the simulator runs on at most this many CPUs (one unsigned long mask) */
#define SIM_MAX_CPUS 64
/* instances of one task description, events of a phase, phases of a task */
#define SIM_MAX_INSTANCES 2000000
#define SIM_MAX_EVENTS 256
#define SIM_MAX_PHASES 256
/* warnings kept (one more says that there were more) */
#define SIM_MAX_WARNINGS 64
/* the largest workload file read (bytes) */
#define SIM_MAX_FILE (64u << 20)
/* task groups (cgroups) a workload names, ancestors and root included */
#define SIM_MAX_TASKGROUPS 256
/* levels of a taskgroup path below the root ("/a/b" has 2) */
#define SIM_MAX_TASKGROUP_DEPTH 16
/* bytes of one component of a taskgroup path (the kernel's NAME_MAX) */
#define SIM_TASKGROUP_NAME_MAX 255

/*
 * What a task does.  rt-app's events map onto these: "run" is
 * SIM_EVENT_RUN, "runtime" SIM_EVENT_RUNTIME; "suspend" is LOCK, WAIT,
 * UNLOCK on the mutex and condition named after the task; "resume" is
 * LOCK, BROADCAST, UNLOCK on those of the task it names; "sync" is
 * SIGNAL then WAIT; "mem", "iorun" and "memrun" are SIM_EVENT_NOP
 * (docs/sim.md).
 */
enum sim_event_kind {
	SIM_EVENT_RUN, /* burn the CPU for @usec of run time */
	SIM_EVENT_SLEEP, /* sleep for @usec */
	SIM_EVENT_TIMER, /* sleep until timer @res's next expiry */
	SIM_EVENT_FORK, /* fork an instance of task @fork_task */
	SIM_EVENT_YIELD, /* sched_yield() */
	SIM_EVENT_AFFINITY, /* set_cpus_allowed(@cpus) on itself */
	SIM_EVENT_LOCK, /* take mutex @res; block while it is held */
	SIM_EVENT_UNLOCK, /* release mutex @res */
	SIM_EVENT_WAIT, /* release mutex @mutex, block on condition
				 * @res until signalled, retake @mutex */
	SIM_EVENT_SIGNAL, /* wake the first waiter of condition @res */
	SIM_EVENT_BROADCAST, /* wake every waiter of condition @res */
	SIM_EVENT_BARRIER, /* block on barrier @res until its last user
				 * arrives */
	SIM_EVENT_SEM_POST, /* post semaphore @res */
	SIM_EVENT_SEM_WAIT, /* take semaphore @res; block while it is 0 */
	SIM_EVENT_TASKGROUP, /* join task group @res (a phase's
				 * "taskgroup", at the start of the phase) */
	SIM_EVENT_NOP, /* an rt-app event that is not modelled: it
				 * takes no simulated time */
	SIM_EVENT_RUNTIME, /* burn the CPU until @usec have passed since
				 * the event started, on the CPU or not */
};

/* no resource (a WAIT on no mutex) */
#define SIM_NO_RESOURCE (~0u)

/**
 * struct sim_event_desc - one event of a phase
 * @kind: what the task does
 * @local: for SIM_EVENT_TIMER, @res indexes the task's own timers (an
 *	rt-app "unique" timer: one per task instance) rather than the
 *	workload's resources
 * @usec: run time, wall-clock time of a runtime, sleep time or timer
 *	period (microseconds)
 * @fork_task: for SIM_EVENT_FORK, the index of the task description
 * @res: the resource (mutex, condition, barrier, semaphore or timer); for
 *	SIM_EVENT_TASKGROUP, the group (an index of sim_workload.taskgroups)
 * @mutex: for SIM_EVENT_WAIT, the mutex it releases and retakes
 * @cpus: for SIM_EVENT_AFFINITY, the new mask (bit n for CPU n)
 */
struct sim_event_desc {
	enum sim_event_kind kind;
	unsigned int local;
	unsigned long long usec;
	unsigned int fork_task;
	unsigned int res;
	unsigned int mutex;
	unsigned long cpus;
};

enum sim_resource_kind {
	SIM_RES_MUTEX,
	SIM_RES_COND,
	SIM_RES_BARRIER,
	SIM_RES_SEM,
	SIM_RES_TIMER,
};

/**
 * struct sim_resource_desc - something events name: rt-app's resources,
 *	which it creates from the events that use them
 * @name: the name in the file (kind and name together identify it)
 * @kind: what it is
 * @users: for a barrier, the arrivals that release it: for every barrier
 *	event naming it, the instances of that event's task (as rt-app
 *	counts them; forked tasks are not counted)
 * @absolute: for a timer, an event gave it "mode": "absolute"
 */
struct sim_resource_desc {
	char *name;
	enum sim_resource_kind kind;
	unsigned long users;
	int absolute;
};

/**
 * struct sim_phase_desc - a named sequence of events, repeated @loop times
 * @loop: repetitions of the events (at least 1), or -1: forever
 * @nr_events: how many events
 * @events: the events, in file order, after the phase's own "cpus" (a
 *	SIM_EVENT_AFFINITY) and "taskgroup" (a SIM_EVENT_TASKGROUP), which
 *	rt-app applies at the start of every iteration of the phase
 */
struct sim_phase_desc {
	long loop;
	unsigned int nr_events;
	struct sim_event_desc *events;
};

/* no task group named (a task that stays where it started) */
#define SIM_NO_TASKGROUP (~0u)

/**
 * struct sim_taskgroup_desc - a task group (cgroup) a workload names with
 *	rt-app's "taskgroup", or an ancestor of one
 * @path: its absolute path, as the file system reads it: no empty
 *	component, no trailing slash ("/a/b"); "/" is the root
 * @parent: the index of its parent in sim_workload.taskgroups (the root,
 *	index 0, is its own parent)
 * @shares: its weight, from "global": {"taskgroups": {PATH: {"shares"}}}
 *	(a kstruct extension), or 0 for the default (1024)
 */
struct sim_taskgroup_desc {
	char *path;
	unsigned int parent;
	unsigned long shares;
};

/**
 * struct sim_task_desc - one entry of rt-app's "tasks" object
 * @name: the key, cut to SIM_NAME_LEN - 1 characters, spaces made '_'
 * @instances: tasks started at time 0 from this description (0: only
 *	created by a fork event)
 * @loop: repetitions of all phases; -1 forever, then the task exits
 * @policy: scheduling policy, a SCHED_* value (sched/sched.h; named by
 *	sched_policies[]); sim.c gives the scheduler SCHED_BATCH and
 *	SCHED_IDLE as they are (cfs and eevdf give them their meaning, o1
 *	and goodness run them as SCHED_OTHER), and SCHED_DEADLINE its
 *	reservation with sched_setattr()
 * @priority: nice (-20..19) for SCHED_OTHER, BATCH and IDLE,
 *	rt_priority (1..99) for the real-time policies
 * @cpus_allowed: affinity mask, bit n for CPU n; all ones when not given
 * @delay_usec: time before the first event
 * @slice_usec: rt-app's "dl-runtime" on a fair task: the custom slice it
 *	asks for (EEVDF, Linux 6.12); 0 when not given
 * @dl_runtime_usec: SCHED_DEADLINE: rt-app's "dl-runtime", the runtime
 *	per period (0 for another policy)
 * @dl_deadline_usec: SCHED_DEADLINE: "dl-deadline", the relative
 *	deadline (rt-app's default: the period)
 * @dl_period_usec: SCHED_DEADLINE: "dl-period" (rt-app's default: the
 *	runtime)
 * @jitter: 0..100: each run and sleep lasts a uniformly random time within
 *	@jitter percent of its nominal value (a kstruct extension)
 * @taskgroup: rt-app's "taskgroup", the group the task joins when it
 *	starts (an index of sim_workload.taskgroups), or SIM_NO_TASKGROUP
 * @nr_timers: how many timers the task has of its own ("unique" timers)
 * @timers: those timers; each instance of the task has its own copies
 * @nr_phases: how many phases
 * @phases: the phases, in file order
 */
struct sim_task_desc {
	char name[SIM_NAME_LEN];
	unsigned long instances;
	long loop;
	int policy;
	int priority;
	unsigned long cpus_allowed;
	unsigned long long delay_usec;
	unsigned long long slice_usec;
	unsigned long long dl_runtime_usec;
	unsigned long long dl_deadline_usec;
	unsigned long long dl_period_usec;
	unsigned int jitter;
	unsigned int taskgroup;
	unsigned int nr_timers;
	struct sim_resource_desc *timers;
	unsigned int nr_phases;
	struct sim_phase_desc *phases;
};

/**
 * struct sim_workload - a parsed workload
 * @name: the built-in's name or the file's base name
 * @duration_usec: simulated time to run; 0 when the file does not say
 * @nr_tasks: how many task descriptions
 * @tasks: the descriptions, in file order
 * @nr_resources: how many shared resources
 * @resources: mutexes, conditions, barriers, semaphores and named timers,
 *	shared by every task that names them
 * @nr_taskgroups: how many task groups (0 when no task names one)
 * @taskgroups: the task groups the tasks and phases name, with their
 *	ancestors: the root "/" first, each group after its parent
 * @nr_warnings: how many warnings
 * @warnings: one line each ("source: key: what is not modelled"), one per
 *	key that is accepted but not modelled, in file order
 */
struct sim_workload {
	char name[64];
	unsigned long long duration_usec;
	unsigned int nr_tasks;
	struct sim_task_desc *tasks;
	unsigned int nr_resources;
	struct sim_resource_desc *resources;
	unsigned int nr_taskgroups;
	struct sim_taskgroup_desc *taskgroups;
	unsigned int nr_warnings;
	char **warnings;
};

/**
 * struct sim_builtin - a built-in workload
 * @name: what --workload/--list call it
 * @summary: one line saying what it shows
 * @json: its text, in the same format as a workload file
 */
struct sim_builtin {
	const char *name;
	const char *summary;
	const char *json;
};

/**
 * sim_workload_parse() - read a workload from rt-app's JSON text
 * @text: the text, NUL-terminated
 * @source: a name for messages (file name or built-in name)
 * @nr_cpus: CPUs of the machine it will run on (1..SIM_MAX_CPUS)
 * @out: where the workload goes
 * @err: where a message goes on failure ("source:line:col: ..." for bad
 *	JSON, "source: tasks.NAME.key: ..." for a bad value); may be NULL
 * @errlen: size of @err
 *
 * The text is what rt-app reads, which is more than JSON: comments
 * (slash-star and slash-slash), a comma before a closing bracket, a key
 * given twice in one object (renamed as rt-app's workgen renames it:
 * "run", "run1", ..., so that every event runs in file order) and a key
 * without a value (read as null) are accepted; line numbers in messages
 * are the text's.  Keys that are accepted but not modelled are listed in
 * (*@out)->warnings, once per key.
 *
 * Context: allocates with kmalloc; jansson allocates with malloc.
 * Return: 0, -EINVAL for a bad workload (with @err set), -ENOMEM (with
 * @err set).  On failure *@out is untouched and nothing is allocated.
 */
int sim_workload_parse(const char *text, const char *source,
		       unsigned int nr_cpus, struct sim_workload **out,
		       char *err, size_t errlen);

/**
 * sim_workload_load() - read a workload file
 * @path: the file, or "-" for the standard input
 * @nr_cpus: CPUs of the machine it will run on
 * @out: where the workload goes
 * @err: message on failure, or NULL
 * @errlen: size of @err
 *
 * Return: as sim_workload_parse(); -ENOENT (or another errno) when the
 * file cannot be read, -EFBIG when it is larger than SIM_MAX_FILE.
 */
int sim_workload_load(const char *path, unsigned int nr_cpus,
		      struct sim_workload **out, char *err, size_t errlen);

/**
 * sim_workload_builtin() - parse a built-in workload by name
 * @name: one of sim_builtins[]
 * @nr_cpus: CPUs of the machine
 * @out: where the workload goes
 * @err: message on failure, or NULL
 * @errlen: size of @err
 *
 * Return: 0, -ENOENT for an unknown name, -EINVAL, -ENOMEM.
 */
int sim_workload_builtin(const char *name, unsigned int nr_cpus,
			 struct sim_workload **out, char *err, size_t errlen);

/** sim_workload_free() - free a workload from the functions above (or NULL) */
void sim_workload_free(struct sim_workload *wl);

/**
 * sim_workload_nr_initial() - tasks started at time 0
 * @wl: the workload
 *
 * Return: the sum of the descriptions' instances.
 */
unsigned long sim_workload_nr_initial(const struct sim_workload *wl);

/* the built-in workloads, ending with an entry whose name is NULL */
extern const struct sim_builtin sim_builtins[];
/* the built-in that runs when none is named */
#define SIM_DEFAULT_WORKLOAD "mixed"

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_SIM_WORKLOAD_H */
