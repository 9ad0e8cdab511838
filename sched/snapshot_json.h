/* SPDX-License-Identifier: MIT */
/*
 * sched/snapshot_json.h - a runqueue snapshot as JSON, for the explorer
 * and the tests.
 *
 * Private to the library (never installed): a library user reads the
 * plain structures of sched_snapshot() (sched/class.h) and needs no
 * jansson; the simulator's explorer page (tools/sim_html.c) and the
 * tests read this JSON.  docs/sched.md gives every shape.
 */
#ifndef KSTRUCT_SCHED_SNAPSHOT_JSON_H
#define KSTRUCT_SCHED_SNAPSHOT_JSON_H

#include <jansson.h>

#include "sched/class.h"

/**
 * sched_snapshot_json() - @snap as one JSON object
 * @snap: a snapshot
 *
 * {"cpu", "class", "nr_running", "nr_switches", "curr" (a task object,
 * or null when idle), "queues": [one object per class of the machine's
 * chain that shows one, highest first, each with "class" and "kind" and
 * the class's own fields]}.  Task objects carry "pid", "comm", "policy"
 * (its name), "prio" and "nice".
 *
 * Return: a new reference (json_decref() it), or NULL when out of
 * memory (jansson's allocator).
 */
json_t *sched_snapshot_json(const struct sched_snapshot *snap);

/**
 * sched_cpu_json() - sched_snapshot() of @cpu, as sched_snapshot_json()
 * @cpu: an online CPU
 *
 * Context: takes @cpu's runqueue lock (the caller holds none).
 * Return: a new reference, or NULL when @cpu is not online or memory
 * runs out.
 */
json_t *sched_cpu_json(int cpu);

#endif /* KSTRUCT_SCHED_SNAPSHOT_JSON_H */
