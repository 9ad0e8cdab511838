// SPDX-License-Identifier: MIT
/*
 * tools/sim_html.c - the explorer page of simulator runs (kstruct sim
 * --html): what it records while a run goes on, and the page it writes.
 *
 * Not a port of a kernel file.  sim_html.h describes the page, its limits
 * and the snapshot rule; docs/sim.md shows it.  The page's style sheet
 * and scripts are files of their own (in tools/sim_html/: page.css,
 * errors.js, the first script, page.js, the last, and the fixed HTML:
 * controls.html, the controls, legend.html, how to read the page), which
 * the Makefile turns into C strings at build time (sim_html_assets.h,
 * scripts/embed-text.sh): they are edited, read and checked as what they
 * are, and every page carries them inline.
 *
 * Recording: the observer's callbacks (one at a time, under the
 * simulator's trace lock) append to three tables per run: the runs of
 * tasks on CPUs (one per switch to a task), each task's state changes,
 * and the runqueue snapshots.  A failed allocation or a limit passed in
 * a callback is kept in the run's @err and stops the recording; the next
 * tick callback returns it, which stops the run.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include <jansson.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sched/snapshot_json.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/trace.h"
#include "sim/workload.h"
#include "tools/sim_html.h"
#include "tools/sim_html_assets.h"

/* the page's geometry, in CSS pixels */
#define LABEL_W 150 /* the row labels' column */
#define PLOT_W 1000 /* the plots' width before the script fits them */
#define CPU_ROW 28 /* a CPU's row in the Gantt chart */
#define CPU_BAR 22 /* its bars */
#define TASK_ROW 14 /* a task's row */
#define TASK_BAR 10
#define TASKS_OPEN 64 /* task rows shown open up to this many tasks */

/*
 * With several runs, the Gantt charts matter most, one under the other on
 * one time axis: each run's task rows and runqueues start folded.
 */

enum html_state { ST_RUNNING, ST_RUNNABLE, ST_SLEEPING, ST_EXITED };

static const char *const state_class[] = {
	[ST_RUNNING] = "running",
	[ST_RUNNABLE] = "runnable",
	[ST_SLEEPING] = "sleeping",
	[ST_EXITED] = "exited",
};

static const char *const why_text[] = {
	[SIM_HTML_PREEMPTED] = "preempted", [SIM_HTML_YIELDED] = "yielded",
	[SIM_HTML_MIGRATED] = "migrated",   [SIM_HTML_SLEPT] = "slept",
	[SIM_HTML_EXITED] = "exited",	    [SIM_HTML_STOPPED] = "stopped",
	[SIM_HTML_RUN_ENDED] = "run ended",
};

/* a growing text (kmalloc'd) */
struct html_buf {
	char *p;
	size_t len, cap;
};

/* the quantities recorded per task, and per queue, at most */
#define SERIES_MAX 4
#define QUEUES_MAX 64

/* a class's decision (struct sched_reason), kept for the page */
struct html_note {
	const char *rule, *unit; /* static strings of sched/ */
	long long a, b;
	int pid;
	unsigned char kind; /* enum sched_why_kind */
};

/* why a run ended, when its task slept or blocked */
struct html_sleep {
	const char *event; /* "timer", "lock", ... (static), or NULL */
	const char *resource; /* interned in the page, or NULL */
	unsigned long long usec;
};

/* a task's run on a CPU: one rect.run */
struct html_slice {
	unsigned long long start, end;
	int pid, prio;
	unsigned short cpu;
	unsigned char why; /* enum sim_html_why */
	struct html_note out, pick; /* why it ended, why it was picked */
	struct html_sleep slept;
	long qframe; /* its CPU's runqueue frame at the pick, or -1 */
};

/* what the simulator said about the next switch of a CPU (html_why()) */
struct html_pending {
	struct html_note out, pick;
	struct html_sleep slept;
	long qframe; /* the runqueue at the pick: its frame, or -1 */
	bool set;
};

/* a task moved from CPU @src to @dst at @tick, for the reason @why */
struct html_migration {
	unsigned long long tick;
	int pid;
	unsigned short src, dst;
	struct html_note why;
};

/* a wake-up: @pid became runnable at @tick, ran at @ran (or never) */
struct html_wake {
	unsigned long long tick, ran;
	int pid;
};

#define NEVER_RAN (~0ull)

/* from @tick on, the task is in @state */
struct html_change {
	unsigned long long tick;
	unsigned int state;
};

struct html_task {
	char comm[SIM_NAME_LEN];
	int pid;
	struct html_change *changes;
	size_t nr_changes, cap_changes;
	long left_idle; /* slice it left for the idle task, still R */
	unsigned long long yield_tick;
	int yield_cpu; /* where it last yielded, -1: nowhere */
	long last_wake; /* its wake-up not yet followed by a run, or -1 */
	unsigned long long seen; /* the tick + 1 the quantities last saw it */
	/* the per-class quantities (html_series): last values, changes */
	long long last[SERIES_MAX];
	bool present;
	struct html_buf rows;
};

/*
 * A CPU's runqueue as a stream of frames, each the changes since the
 * frame before (or, now and then, the whole runqueue: a key frame).  A
 * frame is JSON text in @text, "[tick,at,DATA]": @at 1 for the queue
 * just after a pick in that tick, 0 for the end of the tick; DATA a
 * snapshot (sched_snapshot()) for a key frame, else an array of changes
 * to the frame before, each ["path"] (delete), ["path",value] (set) or
 * ["path",null,n] (cut an array to n elements), the path being the keys
 * and indices from the snapshot's root joined by dots, given as its index
 * in the run's table of paths (struct html_paths).  The end of a tick
 * that changed nothing has no frame.  The runqueues are kept flat
 * (flatten()): each red-black tree as its nodes by name, so that a
 * rotation changes a few links rather than every node below it.
 */
struct html_frame {
	unsigned long long tick;
	size_t start;
};

struct html_stream {
	json_t *last; /* the runqueue the last frame leaves */
	struct html_frame *at;
	size_t nr, cap;
	size_t key_bytes, since_key; /* the last key frame, what came after */
	unsigned int since_key_frames;
	struct html_buf text;
};

/*
 * The recorded runqueues: each CPU's stream, the ticks whose ends they
 * hold (every tick to @first, then every 2nd, 4th, ...: the stride
 * doubles, at @from the last time, when the frames would outgrow @budget
 * by the end of the run), and the picks while within @budget.
 */
/* the paths the changes name, each once: @names[i] is path i */
struct html_paths {
	char **names;
	size_t nr, cap;
	unsigned int *slots; /* a hash table of index + 1; 0: free */
	size_t nr_slots;
};

struct html_snaps {
	struct html_paths paths;
	unsigned long stride;
	unsigned long long from, first; /* the last doubling, the first */
	size_t budget, bytes, bytes_from;
	struct html_stream cpu[SIM_MAX_CPUS];
	unsigned long long *ticks;
	size_t nr_ticks, cap_ticks;
	struct html_buf scratch, path, pre;
};

/*
 * The quantities of the run's class over time, as their changes: per
 * task a row [tick, values...] whenever one of its values changed (a row
 * of nulls when it left the queues), per queue [tick, value] likewise,
 * and the CPUs' nr_running [tick, n0, n1, ...] when one changed.  They
 * are read from the snapshots at every @stride-th tick; @stride doubles
 * (from then on) when the rows outgrow their @budget.
 */
struct html_series {
	const char *fields[SERIES_MAX]; /* the task quantities' names */
	unsigned int nr_fields;
	const char *qfield; /* the queue quantity's name, or NULL */
	char *qnames[QUEUES_MAX]; /* "CPU 0", "CPU 1 /A", ... */
	long long qlast[QUEUES_MAX];
	bool qpresent[QUEUES_MAX];
	struct html_buf qrows[QUEUES_MAX];
	unsigned int nr_queues;
	unsigned long nr_running[SIM_MAX_CPUS];
	struct html_buf cpu_rows;
	unsigned long stride;
	size_t bytes, budget;
	unsigned long long from; /* the tick the last doubling took effect */
};

struct html_run {
	struct sim_html *page;
	char label[32];
	unsigned int nr_cpus, hz;
	unsigned long long ticks, total;
	bool ticked; /* html_tick() has run: @ticks is the last tick */
	/*
	 * The unit of the switches, wake-ups and states recorded (the
	 * observer's: sim_report.clock_hz a second, ticks or µs); @end, the
	 * run's end in it.  The page shows them in ticks, with a fraction
	 * where the class has hrtimers.
	 */
	unsigned int clock_hz;
	unsigned long long end;
	int err;
	bool ended;
	struct html_slice *slices;
	size_t nr_slices, cap_slices;
	struct html_task *tasks;
	size_t nr_tasks, cap_tasks;
	unsigned int *task_of_pid; /* index + 1; 0: none */
	size_t cap_pids;
	long cpu_slice[SIM_MAX_CPUS]; /* the open run of each CPU, or -1 */
	struct html_pending pending[SIM_MAX_CPUS];
	struct html_wake *wakes;
	size_t nr_wakes, cap_wakes;
	struct html_migration *migrations;
	size_t nr_migrations, cap_migrations;
	struct html_snaps snaps;
	struct html_series series;
};

struct sim_html {
	struct sim_html_limits lim;
	unsigned int want_runs, nr_runs;
	unsigned long nr_slices; /* over the page */
	struct html_run runs[SIM_HTML_MAX_PAGE_RUNS];
	struct sim_observer obs;
	struct html_buf report;
	char workload[64];
	unsigned long long seed;
	char why[256];
	char **names; /* resource names, interned (html_sleep) */
	size_t nr_names, cap_names;
};

/* ------------------------------------------------------------- memory */

/*
 * @arr with room for @need elements of @size, where it has room for
 * *@cap: @arr itself, or a copy twice as large as needed (@arr freed,
 * *@cap updated), or NULL when out of memory (@arr kept).
 */
static void *__grow(void *arr, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 16;
	void *n;

	if (need <= *cap)
		return arr;
	while (c < need) {
		if (c > (size_t)-1 / 2 / size)
			return NULL;
		c *= 2;
	}
	n = kcalloc(c, size, GFP_KERNEL);
	if (!n)
		return NULL;
	if (*cap)
		memcpy(n, arr, *cap * size);
	kfree(arr);
	*cap = c;
	return n;
}

/* make room for @need elements in the array @arr of @cap; 0 or -ENOMEM */
#define grow(arr, cap, need)                                                 \
	({                                                                   \
		void *__new = __grow((arr), &(cap), (need), sizeof(*(arr))); \
                                                                             \
		if (__new)                                                   \
			(arr) = __new;                                       \
		__new ? 0 : -ENOMEM;                                         \
	})

static int buf_add(struct html_buf *b, const char *data, size_t len)
{
	if (grow(b->p, b->cap, b->len + len + 1))
		return -ENOMEM;
	memcpy(b->p + b->len, data, len);
	b->len += len;
	b->p[b->len] = '\0';
	return 0;
}

static void buf_free(struct html_buf *b)
{
	kfree(b->p);
	memset(b, 0, sizeof(*b));
}

/* a stream whose writes land in @cookie, a struct html_buf */
static ssize_t buf_write(void *cookie, const char *data, size_t len)
{
	if (buf_add(cookie, data, len)) {
		errno = ENOMEM;
		return 0;
	}
	return len;
}

static FILE *buf_open(struct html_buf *b)
{
	cookie_io_functions_t io = { .write = buf_write };

	return fopencookie(b, "w", io);
}

/* -------------------------------------------------------- recording */

/* stop recording @run with @err; the first error is kept */
static void run_fail(struct html_run *run, int err, const char *fmt, ...)
{
	va_list ap;

	if (run->err)
		return;
	run->err = err;
	if (!fmt)
		return;
	va_start(ap, fmt);
	vsnprintf(run->page->why, sizeof(run->page->why), fmt, ap);
	va_end(ap);
}

static struct html_task *task_find(struct html_run *run, int pid)
{
	if (pid <= 0 || (size_t)pid >= run->cap_pids || !run->task_of_pid[pid])
		return NULL;
	return &run->tasks[run->task_of_pid[pid] - 1];
}

/* the task of @p, added when it is new; NULL (run->err set) on failure */
static struct html_task *task_get(struct html_run *run, unsigned long long tick,
				  const struct sim_trace_task *p)
{
	struct html_task *t = task_find(run, p->pid);

	if (t || p->pid <= 0)
		return t;
	if (run->nr_tasks >= run->page->lim.max_tasks ||
	    (size_t)p->pid > 2 * run->page->lim.max_tasks + 64) {
		run_fail(
			run, -EFBIG,
			"the page would show more than %lu tasks (at tick %llu of %s): shorten the run with --duration",
			run->page->lim.max_tasks, tick, run->label);
		return NULL;
	}
	if (grow(run->tasks, run->cap_tasks, run->nr_tasks + 1) ||
	    grow(run->task_of_pid, run->cap_pids, (size_t)p->pid + 1)) {
		run_fail(run, -ENOMEM, NULL);
		return NULL;
	}
	t = &run->tasks[run->nr_tasks++];
	memset(t, 0, sizeof(*t));
	snprintf(t->comm, sizeof(t->comm), "%s", p->comm);
	t->pid = p->pid;
	t->left_idle = -1;
	t->yield_cpu = -1;
	t->last_wake = -1;
	run->task_of_pid[p->pid] = run->nr_tasks;
	return t;
}

/*
 * From @tick on, @t is in @state.  A state that lasted no time is
 * replaced, and one equal to the state before it merges with it.
 */
static void task_state(struct html_run *run, struct html_task *t,
		       unsigned long long tick, unsigned int state)
{
	struct html_change *last =
		t->nr_changes ? &t->changes[t->nr_changes - 1] : NULL;

	if (last && last->tick == tick) {
		last->state = state;
		if (t->nr_changes >= 2 &&
		    t->changes[t->nr_changes - 2].state == state)
			t->nr_changes--;
		return;
	}
	if (last && last->state == state)
		return;
	if (grow(t->changes, t->cap_changes, t->nr_changes + 1)) {
		run_fail(run, -ENOMEM, NULL);
		return;
	}
	t->changes[t->nr_changes].tick = tick;
	t->changes[t->nr_changes].state = state;
	t->nr_changes++;
}

/* @run's CPU @cpu ends its open run at @tick; Return: its index or -1 */
static long slice_close(struct html_run *run, unsigned int cpu,
			unsigned long long tick, int pid, unsigned int why)
{
	long i = run->cpu_slice[cpu];

	if (i < 0 || run->slices[i].pid != pid)
		return -1;
	run->slices[i].end = tick;
	run->slices[i].why = why;
	run->cpu_slice[cpu] = -1;
	return i;
}

static void html_switch(unsigned long long tick, unsigned int cpu,
			const struct sim_trace_task *prev, char prev_state,
			const struct sim_trace_task *next, void *data)
{
	struct html_run *run = data;
	struct html_pending *pend;
	struct html_task *t;
	struct html_slice *sl;
	unsigned int why = SIM_HTML_PREEMPTED, state = ST_RUNNABLE;
	long i;

	if (run->err || cpu >= run->nr_cpus)
		return;
	pend = &run->pending[cpu];
	if (!pend->set) {
		memset(pend, 0, sizeof(*pend));
		pend->qframe = -1;
	}
	pend->set = false;
	t = task_get(run, tick, prev);
	if (t) {
		switch (prev_state) {
		case 'R':
			if (t->yield_cpu == (int)cpu && t->yield_tick == tick)
				why = SIM_HTML_YIELDED;
			break;
		case 'S':
		case 'D':
			why = SIM_HTML_SLEPT;
			state = ST_SLEEPING;
			break;
		case 'T':
			why = SIM_HTML_STOPPED;
			state = ST_SLEEPING;
			break;
		default:
			why = SIM_HTML_EXITED;
			state = ST_EXITED;
			break;
		}
		i = slice_close(run, cpu, tick, prev->pid, why);
		if (i >= 0) {
			run->slices[i].out = pend->out;
			run->slices[i].slept = pend->slept;
		}
		t->yield_cpu = -1;
		/* a migration thread's move may follow: see html_migrate() */
		t->left_idle = why == SIM_HTML_PREEMPTED && next->pid == 0 ? i :
									     -1;
		task_state(run, t, tick, state);
	}
	if (run->err || next->pid <= 0)
		return;
	t = task_get(run, tick, next);
	if (!t)
		return;
	if (run->page->nr_slices >= run->page->lim.max_runs) {
		run_fail(
			run, -EFBIG,
			"the page would hold more than %lu task runs (at tick %llu of %s): shorten the run with --duration",
			run->page->lim.max_runs, tick, run->label);
		return;
	}
	if (grow(run->slices, run->cap_slices, run->nr_slices + 1)) {
		run_fail(run, -ENOMEM, NULL);
		return;
	}
	sl = &run->slices[run->nr_slices];
	sl->start = sl->end = tick;
	sl->pid = next->pid;
	sl->prio = next->prio;
	sl->cpu = cpu;
	sl->why = SIM_HTML_RUN_ENDED;
	memset(&sl->out, 0, sizeof(sl->out));
	memset(&sl->slept, 0, sizeof(sl->slept));
	sl->pick = pend->pick;
	sl->qframe = pend->qframe;
	run->cpu_slice[cpu] = run->nr_slices++;
	run->page->nr_slices++;
	t->left_idle = -1;
	if (t->last_wake >= 0) {
		run->wakes[t->last_wake].ran = tick;
		t->last_wake = -1;
	}
	task_state(run, t, tick, ST_RUNNING);
}

static void html_wakeup(unsigned long long tick, unsigned int cpu,
			const struct sim_trace_task *p, int first, void *data)
{
	struct html_run *run = data;
	struct html_task *t;

	(void)cpu;
	(void)first;
	if (run->err)
		return;
	t = task_get(run, tick, p);
	if (!t)
		return;
	t->left_idle = -1;
	if (!t->nr_changes || t->changes[t->nr_changes - 1].state != ST_RUNNING)
		task_state(run, t, tick, ST_RUNNABLE);
	if (first)
		return;
	if (grow(run->wakes, run->cap_wakes, run->nr_wakes + 1)) {
		run_fail(run, -ENOMEM, NULL);
		return;
	}
	run->wakes[run->nr_wakes].tick = tick;
	run->wakes[run->nr_wakes].ran = NEVER_RAN;
	run->wakes[run->nr_wakes].pid = p->pid;
	t->last_wake = run->nr_wakes++;
}

/* @name, kept by the page (the workload may go first); NULL on failure */
static const char *intern(struct html_run *run, const char *name)
{
	struct sim_html *h = run->page;
	size_t i;

	for (i = 0; i < h->nr_names; i++)
		if (!strcmp(h->names[i], name))
			return h->names[i];
	if (grow(h->names, h->cap_names, h->nr_names + 1))
		goto fail;
	h->names[h->nr_names] = kstrdup(name, GFP_KERNEL);
	if (!h->names[h->nr_names])
		goto fail;
	return h->names[h->nr_names++];
fail:
	run_fail(run, -ENOMEM, NULL);
	return NULL;
}

static void note_copy(struct html_note *n, const struct sched_reason *r)
{
	n->rule = r->rule;
	n->unit = r->unit;
	n->a = r->a;
	n->b = r->b;
	n->pid = r->pid;
	n->kind = (unsigned char)r->kind;
}

static long stream_add(struct html_run *run, unsigned int cpu,
		       unsigned long long tick, bool pick, bool key,
		       json_t *snap);

/* the reasons of the switch about to be told to html_switch() */
static void html_why(unsigned long long now, unsigned int cpu,
		     const struct sim_why *w, void *data)
{
	struct html_run *run = data;
	struct html_pending *pend;

	(void)now; /* a pick's frame is filed by whole ticks */
	if (run->err || cpu >= run->nr_cpus)
		return;
	pend = &run->pending[cpu];
	memset(pend, 0, sizeof(*pend));
	pend->set = true;
	pend->qframe = -1;
	if (w->queue && run->snaps.bytes < run->snaps.budget) {
		json_t *q = sched_snapshot_json(w->queue);

		/*
		 * The frame's tick is the first whole tick at or after the
		 * pick (@tick is in the observer's units): a pick between
		 * ticks T and T + 1 belongs to T + 1's frames, after T's end.
		 */
		pend->qframe = q ? stream_add(run, cpu,
					      run->ticked ? run->ticks + 1 : 0,
					      true, false, q) :
				   -ENOMEM;
		json_decref(q);
		if (pend->qframe < -1) {
			run_fail(run, -ENOMEM, NULL);
			return;
		}
	}
	note_copy(&pend->out, w->out);
	note_copy(&pend->pick, w->pick);
	pend->slept.event = w->event;
	pend->slept.usec = w->usec;
	if (w->resource)
		pend->slept.resource = intern(run, w->resource);
}

static void html_migrate(unsigned long long tick,
			 const struct sim_trace_task *p, unsigned int src_cpu,
			 unsigned int dst_cpu, const struct sched_reason *why,
			 void *data)
{
	struct html_run *run = data;
	struct html_migration *m;
	struct html_task *t;
	struct html_slice *sl;

	if (run->err)
		return;
	if (grow(run->migrations, run->cap_migrations,
		 run->nr_migrations + 1)) {
		run_fail(run, -ENOMEM, NULL);
		return;
	}
	m = &run->migrations[run->nr_migrations++];
	m->tick = tick;
	m->pid = p->pid;
	m->src = (unsigned short)src_cpu;
	m->dst = (unsigned short)dst_cpu;
	note_copy(&m->why, why);
	t = task_find(run, p->pid);
	if (!t || t->left_idle < 0)
		return;
	sl = &run->slices[t->left_idle];
	if (sl->cpu == src_cpu && sl->end == tick)
		sl->why = SIM_HTML_MIGRATED;
	t->left_idle = -1;
}

static void html_yield(unsigned long long tick, unsigned int cpu,
		       const struct sim_trace_task *p, void *data)
{
	struct html_run *run = data;
	struct html_task *t;

	if (run->err)
		return;
	t = task_find(run, p->pid);
	if (!t)
		return;
	t->left_idle = -1;
	t->yield_tick = tick;
	t->yield_cpu = cpu;
}

/* ------------------------------------------------------- snapshots */

/* a frame's start, and its end: the next one's start */
static size_t frame_end(const struct html_stream *st, size_t i)
{
	return i + 1 < st->nr ? st->at[i + 1].start : st->text.len;
}

static long long json_ll(const json_t *obj, const char *key)
{
	return (long long)json_integer_value(json_object_get(obj, key));
}

/* a key of a snapshot that a dotted path can name as it is */
static bool key_ok(const char *key)
{
	const char *k;

	for (k = key; *k; k++)
		if (!isalnum((unsigned char)*k) && *k != '_')
			return false;
	return k != key;
}

static int put_value(struct html_buf *out, const json_t *v)
{
	size_t need = json_dumpb(v, NULL, 0, JSON_COMPACT | JSON_ENCODE_ANY);

	if (!need || grow(out->p, out->cap, out->len + need + 1))
		return -ENOMEM;
	json_dumpb(v, out->p + out->len, need, JSON_COMPACT | JSON_ENCODE_ANY);
	out->len += need;
	out->p[out->len] = '\0';
	return 0;
}

static unsigned long path_hash(const char *s, size_t len)
{
	unsigned long h = 2166136261u;

	while (len--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* the index of the path @s (@len bytes), added when new; -1: no memory */
static long path_index(struct html_paths *pt, const char *s, size_t len)
{
	unsigned int *slots;
	size_t i, n, mask;

	if (2 * (pt->nr + 1) > pt->nr_slots) {
		n = pt->nr_slots ? 2 * pt->nr_slots : 1024;
		slots = kcalloc(n, sizeof(*slots), GFP_KERNEL);
		if (!slots)
			return -1;
		for (i = 0; i < pt->nr; i++) {
			size_t k =
				path_hash(pt->names[i], strlen(pt->names[i]));

			while (slots[k & (n - 1)])
				k++;
			slots[k & (n - 1)] = i + 1;
		}
		kfree(pt->slots);
		pt->slots = slots;
		pt->nr_slots = n;
	}
	mask = pt->nr_slots - 1;
	for (i = path_hash(s, len);; i++) {
		unsigned int at = pt->slots[i & mask];

		if (!at)
			break;
		if (!strncmp(pt->names[at - 1], s, len) &&
		    !pt->names[at - 1][len])
			return at - 1;
	}
	if (grow(pt->names, pt->cap, pt->nr + 1))
		return -1;
	pt->names[pt->nr] = kmalloc(len + 1, GFP_KERNEL);
	if (!pt->names[pt->nr])
		return -1;
	memcpy(pt->names[pt->nr], s, len);
	pt->names[pt->nr][len] = '\0';
	pt->slots[i & mask] = ++pt->nr;
	return pt->nr - 1;
}

static void paths_free(struct html_paths *pt)
{
	size_t i;

	for (i = 0; i < pt->nr; i++)
		kfree(pt->names[i]);
	kfree(pt->names);
	kfree(pt->slots);
	memset(pt, 0, sizeof(*pt));
}

/* the op [@path], [@path,@v] or [@path,null,@n], and a comma */
static int put_op(struct html_snaps *sn, const json_t *v, long n)
{
	struct html_buf *out = &sn->scratch;
	long at = path_index(&sn->paths, sn->path.p, sn->path.len);
	char tail[32];

	if (at < 0)
		return -ENOMEM;
	snprintf(tail, sizeof(tail), "[%ld", at);
	if (buf_add(out, tail, strlen(tail)))
		return -ENOMEM;
	if (n >= 0) {
		snprintf(tail, sizeof(tail), ",null,%ld],", n);
		return buf_add(out, tail, strlen(tail));
	}
	if (v && (buf_add(out, ",", 1) || put_value(out, v)))
		return -ENOMEM;
	return buf_add(out, "],", 2);
}

/* @path with ".@key" (or "@key" at the root) added; 0 or -ENOMEM */
static int path_push(struct html_buf *path, const char *key)
{
	if (path->len && buf_add(path, ".", 1))
		return -ENOMEM;
	return buf_add(path, key, strlen(key));
}

static int json_diff(struct html_snaps *sn, const json_t *o, const json_t *n);
static int diff_nodes(struct html_snaps *sn, const json_t *oq, const json_t *n);

/* the change of the member at sn->path: set, or (both containers) a diff */
static int diff_member(struct html_snaps *sn, const json_t *o, const json_t *n)
{
	if (o && json_typeof(o) == json_typeof(n) &&
	    (json_is_object(n) || json_is_array(n)))
		return json_diff(sn, o, n);
	if (o && json_equal((json_t *)o, (json_t *)n))
		return 0;
	return put_op(sn, n, -1);
}

/*
 * The nodes of a flat tree (flatten()): @oq, the queue before, and @n,
 * its nodes now, at sn->path.  A node new to the tree that was the
 * queue's running entity before (the task a pick put back) is copied
 * from there first (the op [path,null,null,from] in sn->pre, which comes
 * before every other op of the frame), then changed.
 */
static int diff_nodes(struct html_snaps *sn, const json_t *oq, const json_t *n)
{
	const json_t *o = json_object_get(oq, "nodes");
	const json_t *curr = json_object_get(oq, "curr");
	struct html_buf *path = &sn->path;
	size_t plen = path->len, qlen;
	const char *key;
	long from, at;
	char op[64];
	json_t *v;
	int ret = 0;

	json_object_foreach((json_t *)o, key, v)
	{
		if (json_object_get(n, key))
			continue;
		ret = key_ok(key) ?
			      path_push(path, key) ?: put_op(sn, NULL, -1) :
			      -E2BIG;
		path->len = plen;
		if (ret)
			return ret;
	}
	json_object_foreach((json_t *)n, key, v)
	{
		if (!key_ok(key))
			return -E2BIG;
		if (json_object_get(o, key) || !json_is_object(curr) ||
		    !json_is_object(v) ||
		    json_ll(curr, "pid") != json_ll(v, "pid") ||
		    !json_object_get(v, "pid")) {
			ret = path_push(path, key) ?:
				      diff_member(sn, json_object_get(o, key),
						  v);
			path->len = plen;
			if (ret)
				return ret;
			continue;
		}
		/* the queue's path: this one less ".nodes" */
		qlen = plen - strlen(".nodes");
		path->len = qlen;
		ret = path_push(path, "curr");
		from = ret ? -1 : path_index(&sn->paths, path->p, path->len);
		/* (the bytes of ".nodes" were written over) */
		path->len = qlen;
		ret = ret ?: path_push(path, "nodes") ?: path_push(path, key);
		at = ret ? -1 : path_index(&sn->paths, path->p, path->len);
		if (from < 0 || at < 0) {
			path->len = plen;
			return -ENOMEM;
		}
		snprintf(op, sizeof(op), "[%ld,null,null,%ld],", at, from);
		ret = buf_add(&sn->pre, op, strlen(op)) ?:
							  json_diff(sn, curr, v);
		path->len = plen;
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * The changes that turn @o into @n (two objects, or two arrays), as ops
 * appended to sn->scratch; when they come out longer than @n itself, the
 * op that sets @n whole instead.  sn->path is where they stand (kept).
 */
static int json_diff(struct html_snaps *sn, const json_t *o, const json_t *n)
{
	struct html_buf *out = &sn->scratch, *path = &sn->path;
	size_t mark = out->len, plen = path->len, pre = sn->pre.len, i, whole;
	const char *key;
	json_t *v;
	char idx[24];
	int ret = 0;

	if (json_is_object(n)) {
		json_object_foreach((json_t *)n, key, v)
		{
			if (!key_ok(key))
				goto set_whole;
			if (!strcmp(key, "nodes") && json_is_object(v) &&
			    json_is_object(json_object_get(o, key))) {
				ret = path_push(path, key) ?:
							     diff_nodes(sn, o, v);
				path->len = plen;
				if (ret)
					return ret;
				continue;
			}
			ret = path_push(path, key) ?:
				      diff_member(sn, json_object_get(o, key),
						  v);
			path->len = plen;
			if (ret)
				return ret;
		}
		json_object_foreach((json_t *)o, key, v)
		{
			if (json_object_get(n, key))
				continue;
			if (!key_ok(key))
				goto set_whole;
			ret = path_push(path, key) ?: put_op(sn, NULL, -1);
			path->len = plen;
			if (ret)
				return ret;
		}
	} else {
		for (i = 0; i < json_array_size(n); i++) {
			snprintf(idx, sizeof(idx), "%zu", i);
			ret = path_push(path, idx) ?:
				      diff_member(sn, json_array_get(o, i),
						  json_array_get(n, i));
			path->len = plen;
			if (ret)
				return ret;
		}
		if (json_array_size(o) > json_array_size(n))
			ret = put_op(sn, NULL, (long)json_array_size(n));
		if (ret)
			return ret;
	}
	if (out->len - mark < 48 || !plen)
		return 0;
	whole = json_dumpb(n, NULL, 0, JSON_COMPACT) + 12;
	if (out->len - mark <= whole)
		return 0;
set_whole:
	out->len = mark;
	sn->pre.len = pre;
	path->len = plen;
	if (!plen) /* the root: the caller keeps a key frame */
		return -E2BIG;
	return put_op(sn, n, -1);
}

/* @id, or @id with "_N" when @nodes holds it already */
static void node_id(char *id, size_t len, const json_t *nodes)
{
	size_t n = strlen(id);
	unsigned int k;

	for (k = 1; json_object_get(nodes, id); k++)
		snprintf(id + n, len - n, "_%u", k);
}

static json_t *flatten(json_t *v);

/*
 * eevdf's "lag" of an entity, V less its vruntime, changes with V at
 * every tick on every entity: it is left out where it is exactly that
 * (the page works it out again), so that a tick's changes stay small.
 */
static void drop_lag(json_t *e, const json_t *v)
{
	json_t *lag = json_object_get(e, "lag");

	if (v && lag && json_is_integer(json_object_get(e, "vruntime")) &&
	    json_integer_value(lag) ==
		    json_integer_value(v) - json_ll(e, "vruntime"))
		json_object_del(e, "lag");
}

/*
 * Node @n of a tree, flat into @nodes, its "left" and "right" the names
 * of its children there.  Return: its name as a JSON string, or NULL.
 */
static json_t *flatten_node(json_t *n, json_t *nodes, const json_t *v)
{
	json_t *copy = json_object(), *x;
	const char *key, *g;
	char id[80], *c;

	if (!copy)
		return NULL;
	g = json_string_value(json_object_get(n, "group"));
	if (g) {
		snprintf(id, sizeof(id) - 8, "g%s", g);
		for (c = id + 1; *c; c++)
			if (!isalnum((unsigned char)*c))
				*c = '_';
	} else {
		snprintf(id, sizeof(id) - 8, "p%lld", json_ll(n, "pid"));
	}
	node_id(id, sizeof(id), nodes);
	if (json_object_set_new(nodes, id, copy))
		return NULL;
	json_object_foreach(n, key, x)
	{
		if (!strcmp(key, "left") || !strcmp(key, "right"))
			x = json_is_object(x) ? flatten_node(x, nodes, v) :
						json_null();
		else
			x = flatten(x);
		if (!x || json_object_set_new(copy, key, x))
			return NULL;
	}
	drop_lag(copy, v);
	return json_string(id);
}

/*
 * A copy of @v in which every tree (an object with a "root" node, whose
 * children are its "left" and "right") is flat: "root" its node's name,
 * "nodes" every node by name (flatten_node()).  NULL: out of memory.
 */
static json_t *flatten(json_t *v)
{
	json_t *copy, *x, *nodes = NULL, *v_of;
	const char *key;
	size_t i;

	if (json_is_array(v)) {
		copy = json_array();
		for (i = 0; copy && i < json_array_size(v); i++)
			if (json_array_append_new(
				    copy, flatten(json_array_get(v, i))))
				goto fail_copy;
		return copy;
	}
	if (!json_is_object(v))
		return json_incref(v);
	copy = json_object();
	if (!copy)
		return NULL;
	nodes = json_is_object(json_object_get(v, "root")) ? json_object() :
							     NULL;
	v_of = json_object_get(v, "avg_vruntime");
	json_object_foreach(v, key, x)
	{
		if (nodes && !strcmp(key, "root"))
			x = flatten_node(x, nodes, v_of);
		else
			x = flatten(x);
		if (x && !strcmp(key, "curr") && json_is_object(x))
			drop_lag(x, v_of);
		if (!x || json_object_set_new(copy, key, x))
			goto fail;
	}
	if (nodes && json_object_set_new(copy, "nodes", nodes))
		goto fail_copy;
	return copy;
fail:
	json_decref(nodes);
fail_copy:
	json_decref(copy);
	return NULL;
}

/* a key frame after this many bytes of changes per byte of the last one */
#define KEY_RATIO 8
/* and after this many frames (a jump's cost in the page) */
#define KEY_FRAMES 400

/*
 * Add @snap, the runqueue of @cpu at @tick (after a pick when @pick), to
 * its stream; a key frame when @key (the last tick's).  A key frame that
 * follows another frame also carries the changes from that one, as a
 * fourth element, which the page does not need: they let a test check
 * that the changes rebuild each key frame exactly.  Return: the frame's
 * index, -1 when it changed nothing (no frame), or -ENOMEM (as a long).
 */
static long stream_add(struct html_run *run, unsigned int cpu,
		       unsigned long long tick, bool pick, bool key,
		       json_t *snap)
{
	struct html_snaps *sn = &run->snaps;
	struct html_stream *st = &sn->cpu[cpu];
	size_t mark = st->text.len, full;
	char head[48];
	int ret = 0;

	bool diffed = false;

	key = key || !st->last || st->since_key > KEY_RATIO * st->key_bytes ||
	      st->since_key_frames >= KEY_FRAMES;
	snap = flatten(snap);
	if (!snap)
		return -ENOMEM;
	sn->scratch.len = 0;
	sn->pre.len = 0;
	sn->path.len = 0;
	if (st->last) {
		ret = json_diff(sn, st->last, snap);
		diffed = !ret;
		if (ret == -E2BIG) {
			key = true;
		} else if (ret) {
			json_decref(snap);
			return -ENOMEM;
		} else if (!key && !sn->scratch.len && !sn->pre.len && !pick) {
			json_decref(snap);
			return -1;
		}
	}
	if (grow(st->at, st->cap, st->nr + 1)) {
		json_decref(snap);
		return -ENOMEM;
	}
	snprintf(head, sizeof(head), "[%llu,%d,", tick, pick);
	ret = buf_add(&st->text, head, strlen(head));
	if (!ret && key)
		ret = put_value(&st->text, snap) ?:
			      buf_add(&st->text, ",", diffed ? 1 : 0);
	if (!ret && (!key || diffed)) {
		ret = ret ?: buf_add(&st->text, "[", 1);
		if (!ret && sn->pre.len)
			ret = buf_add(&st->text, sn->pre.p,
				      sn->pre.len - !sn->scratch.len);
		if (!ret && sn->scratch.len)
			ret = buf_add(&st->text, sn->scratch.p,
				      sn->scratch.len - 1);
		ret = ret ?: buf_add(&st->text, "]", 1);
	}
	ret = ret ?: buf_add(&st->text, "]", 1);
	if (ret) {
		st->text.len = mark;
		json_decref(snap);
		return -ENOMEM;
	}
	full = st->text.len - mark;
	if (key) {
		st->key_bytes = full;
		st->since_key = 0;
		st->since_key_frames = 0;
	} else {
		st->since_key += full;
		st->since_key_frames++;
	}
	sn->bytes += full;
	st->at[st->nr].tick = tick;
	st->at[st->nr].start = mark;
	json_decref(st->last);
	st->last = snap;
	return (long)st->nr++;
}

/* every CPU's runqueue, as one JSON array; NULL when out of memory */
static json_t *snapshot_all(const struct html_run *run)
{
	json_t *all = json_array();
	unsigned int cpu;

	if (!all)
		return NULL;
	for (cpu = 0; cpu < run->nr_cpus; cpu++) {
		if (json_array_append_new(all, sched_cpu_json(cpu))) {
			json_decref(all);
			return NULL;
		}
	}
	return all;
}

/* the end of tick @tick of @total: every CPU's runqueue, from @all */
static int snaps_take(struct html_run *run, unsigned long long tick,
		      unsigned long long total, json_t *all)
{
	struct html_snaps *sn = &run->snaps;
	unsigned long long left = total - tick;
	unsigned int cpu;
	size_t grown;

	if (grow(sn->ticks, sn->cap_ticks, sn->nr_ticks + 1))
		return -ENOMEM;
	for (cpu = 0; cpu < run->nr_cpus && cpu < json_array_size(all); cpu++)
		if (stream_add(run, cpu, tick, false, tick == total,
			       json_array_get(all, cpu)) < -1)
			return -ENOMEM;
	sn->ticks[sn->nr_ticks++] = tick;
	/*
	 * Past the budget, or would the frames, growing as they have since
	 * @from, outgrow it by the end?  Then from here on only every other
	 * tick's end (of those recorded so far), as often as needed.  The
	 * rate is judged over an eighth of what was left at @from at least:
	 * the first ticks, where every task arrives, grow fastest.
	 */
	grown = sn->bytes - sn->bytes_from;
	if (left && sn->stride <= total &&
	    (sn->bytes > sn->budget ||
	     (tick > sn->from + 64 &&
	      (tick - sn->from) * 8 >= total - sn->from &&
	      sn->bytes + (double)grown / (tick - sn->from) * left >
		      sn->budget))) {
		if (sn->stride == 1)
			sn->first = tick;
		sn->stride *= 2;
		sn->from = tick;
		sn->bytes_from = sn->bytes;
	}
	return 0;
}

/* ------------------------------------------------ quantities over time */

/* append printf text to @b, counting it in @se's bytes */
static int __attribute__((format(printf, 3, 4)))
series_add(struct html_series *se, struct html_buf *b, const char *fmt, ...)
{
	char text[160];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(text))
		return -EINVAL;
	se->bytes += n;
	return buf_add(b, text, n);
}

/* the class's quantities (its series), from its queue's "class" */
static void series_fields(struct html_series *se, const char *class)
{
	const struct sched_class *sc = sched_class_named(class);
	unsigned int k;

	if (se->nr_fields || !sc || !sc->series)
		return;
	for (k = 0; k < SERIES_MAX && sc->series[k]; k++)
		se->fields[k] = sc->series[k];
	se->nr_fields = k;
	se->qfield = sc->series_queue;
}

/* the index of queue @name, added when new; -1 when there are too many */
static int series_queue(struct html_run *run, const char *name)
{
	struct html_series *se = &run->series;
	unsigned int i;

	for (i = 0; i < se->nr_queues; i++)
		if (!strcmp(se->qnames[i], name))
			return i;
	if (se->nr_queues == QUEUES_MAX)
		return -1;
	se->qnames[i] = kstrdup(name, GFP_KERNEL);
	if (!se->qnames[i]) {
		run_fail(run, -ENOMEM, NULL);
		return -1;
	}
	return se->nr_queues++;
}

/* task entry @t of a snapshot, in queue @qi, at @tick */
static void series_task(struct html_run *run, unsigned long long tick,
			const json_t *t, int qi)
{
	struct html_series *se = &run->series;
	struct html_task *task = task_find(
		run, (int)json_integer_value(json_object_get(t, "pid")));
	long long v[SERIES_MAX] = { 0 };
	unsigned int i;
	bool same;

	if (!task || task->seen == tick + 1)
		return;
	task->seen = tick + 1;
	for (i = 0; i < se->nr_fields; i++) {
		if (!strcmp(se->fields[i], "queue"))
			v[i] = qi;
		else if (!strcmp(se->fields[i], "bonus"))
			v[i] = 120 + json_ll(t, "nice") - json_ll(t, "prio");
		else
			v[i] = json_ll(t, se->fields[i]);
	}
	same = task->present && !memcmp(v, task->last, sizeof(v));
	if (same)
		return;
	memcpy(task->last, v, sizeof(v));
	task->present = true;
	if (series_add(se, &task->rows, "[%llu", tick))
		goto fail;
	for (i = 0; i < se->nr_fields; i++)
		if (series_add(se, &task->rows, ",%lld", v[i]))
			goto fail;
	if (series_add(se, &task->rows, "],"))
		goto fail;
	return;
fail:
	run_fail(run, -ENOMEM, NULL);
}

/* queue @qi's own quantity @v at @tick */
static void series_qvalue(struct html_run *run, unsigned long long tick, int qi,
			  long long v)
{
	struct html_series *se = &run->series;

	if (qi < 0 || (se->qpresent[qi] && se->qlast[qi] == v))
		return;
	se->qpresent[qi] = true;
	se->qlast[qi] = v;
	if (series_add(se, &se->qrows[qi], "[%llu,%lld],", tick, v))
		run_fail(run, -ENOMEM, NULL);
}

static void series_tree(struct html_run *run, unsigned long long tick,
			const json_t *q, int cpu, const char *group);

/* an entity of a fair queue: a task, or a group with its own queue */
static void series_entity(struct html_run *run, unsigned long long tick,
			  const json_t *e, int cpu, int qi)
{
	const char *group;

	if (!json_is_object(e))
		return;
	group = json_string_value(json_object_get(e, "group"));
	if (group)
		series_tree(run, tick, json_object_get(e, "queue"), cpu, group);
	else
		series_task(run, tick, e, qi);
}

static void series_node(struct html_run *run, unsigned long long tick,
			const json_t *n, int cpu, int qi)
{
	if (!json_is_object(n))
		return;
	series_node(run, tick, json_object_get(n, "left"), cpu, qi);
	series_entity(run, tick, n, cpu, qi);
	series_node(run, tick, json_object_get(n, "right"), cpu, qi);
}

/* a fair queue (cfs, eevdf): the root's of @cpu, or @group's there */
static void series_tree(struct html_run *run, unsigned long long tick,
			const json_t *q, int cpu, const char *group)
{
	struct html_series *se = &run->series;
	char name[300];
	int qi;

	if (!json_is_object(q))
		return;
	snprintf(name, sizeof(name), "CPU %d%s%s", cpu, group ? " " : "",
		 group ? group : "");
	qi = series_queue(run, name);
	if (se->qfield && json_object_get(q, se->qfield))
		series_qvalue(run, tick, qi, json_ll(q, se->qfield));
	series_entity(run, tick, json_object_get(q, "curr"), cpu, qi);
	series_node(run, tick, json_object_get(q, "root"), cpu, qi);
}

/* one CPU's snapshot: its class's queue (rt's and deadline's left out) */
static void series_cpu(struct html_run *run, unsigned long long tick,
		       const json_t *snap, int cpu)
{
	const json_t *q, *a, *pq, *t;
	size_t i, k, m, n;
	const char *mine = json_string_value(json_object_get(snap, "class"));
	const char *class;

	json_array_foreach(json_object_get(snap, "queues"), i, q)
	{
		class = json_string_value(json_object_get(q, "class"));
		/* the machine's class's queue (not rt's, not deadline's) */
		if (!class || !mine || strcmp(class, mine))
			continue;
		series_fields(&run->series, class);
		if (json_object_get(q, "root") || json_object_get(q, "curr")) {
			series_tree(run, tick, q, cpu, NULL);
			continue;
		}
		json_array_foreach(json_object_get(q, "tasks"), k, t)
			series_task(run, tick, t, cpu);
		json_array_foreach(json_object_get(q, "arrays"), k, a)
			json_array_foreach(json_object_get(a, "queues"), m, pq)
				json_array_foreach(json_object_get(pq, "tasks"),
						   n, t)
					series_task(run, tick, t, cpu);
	}
}

/* the quantities at @tick, from @all, the snapshots of every CPU */
static void series_take(struct html_run *run, unsigned long long tick,
			const json_t *all)
{
	struct html_series *se = &run->series;
	const json_t *snap;
	bool changed = false;
	size_t cpu, i;

	json_array_foreach(all, cpu, snap)
	{
		unsigned long n =
			json_integer_value(json_object_get(snap, "nr_running"));

		if (cpu >= SIM_MAX_CPUS)
			break;
		changed |= !tick || n != se->nr_running[cpu];
		se->nr_running[cpu] = n;
		series_cpu(run, tick, snap, (int)cpu);
	}
	for (i = 0; i < run->nr_tasks; i++) {
		struct html_task *t = &run->tasks[i];

		if (!t->present || t->seen == tick + 1)
			continue;
		/* off every queue: a row of its tick alone */
		t->present = false;
		if (series_add(se, &t->rows, "[%llu],", tick))
			run_fail(run, -ENOMEM, NULL);
	}
	if (changed) {
		if (series_add(se, &se->cpu_rows, "[%llu", tick))
			run_fail(run, -ENOMEM, NULL);
		for (cpu = 0; cpu < run->nr_cpus; cpu++)
			if (series_add(se, &se->cpu_rows, ",%lu",
				       se->nr_running[cpu]))
				run_fail(run, -ENOMEM, NULL);
		if (series_add(se, &se->cpu_rows, "],"))
			run_fail(run, -ENOMEM, NULL);
	}
	if (se->bytes > se->budget && se->stride <= run->total) {
		se->stride *= 2;
		se->from = tick;
	}
}

static int html_tick(unsigned long long tick, unsigned long long total,
		     void *data)
{
	struct html_run *run = data;
	struct html_snaps *sn = &run->snaps;
	bool snap, series;
	json_t *all;
	int ret = 0;

	if (run->err)
		return run->err;
	run->ticks = tick;
	run->ticked = true;
	run->total = total;
	snap = !(tick % sn->stride) || tick == total;
	series = !(tick % run->series.stride) || tick == total;
	if (!snap && !series)
		return 0;
	all = snapshot_all(run);
	if (!all) {
		run_fail(run, -ENOMEM, NULL);
		return -ENOMEM;
	}
	if (series)
		series_take(run, tick, all);
	if (snap)
		ret = snaps_take(run, tick, total, all);
	json_decref(all);
	if (!ret)
		ret = run->err;
	if (ret) {
		run_fail(run, ret, NULL);
		return ret;
	}
	return 0;
}

/* ------------------------------------------------------- the page */

int sim_html_new(const struct sim_html_limits *limits, unsigned int nr_runs,
		 struct sim_html **out)
{
	static const struct sim_html_limits defaults = {
		.max_runs = SIM_HTML_MAX_RUNS,
		.max_tasks = SIM_HTML_MAX_TASKS,
		.snapshot_bytes = SIM_HTML_SNAPSHOT_BYTES,
	};
	struct sim_html *h;

	if (!limits)
		limits = &defaults;
	if (!nr_runs || nr_runs > SIM_HTML_MAX_PAGE_RUNS || !limits->max_runs ||
	    !limits->max_tasks || !limits->snapshot_bytes)
		return -EINVAL;
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	h->lim = *limits;
	h->want_runs = nr_runs;
	h->obs.switch_to = html_switch;
	h->obs.wakeup = html_wakeup;
	h->obs.migrate = html_migrate;
	h->obs.yield = html_yield;
	h->obs.why = html_why;
	h->obs.tick = html_tick;
	h->obs.queue_at_pick = true;
	*out = h;
	return 0;
}

static struct html_run *open_run(struct sim_html *h)
{
	struct html_run *run = h->nr_runs ? &h->runs[h->nr_runs - 1] : NULL;

	return run && !run->ended ? run : NULL;
}

int sim_html_begin_run(struct sim_html *h, const char *label,
		       struct sim_options *opt)
{
	struct html_run *run;
	unsigned int cpu;

	if (open_run(h) || h->nr_runs >= h->want_runs)
		return -EINVAL;
	run = &h->runs[h->nr_runs++];
	memset(run, 0, sizeof(*run));
	run->page = h;
	snprintf(run->label, sizeof(run->label), "%s", label ? label : "");
	run->nr_cpus = opt->nr_cpus ? opt->nr_cpus : 4;
	if (run->nr_cpus > SIM_MAX_CPUS)
		run->nr_cpus = SIM_MAX_CPUS;
	for (cpu = 0; cpu < SIM_MAX_CPUS; cpu++)
		run->cpu_slice[cpu] = -1;
	run->snaps.stride = 1;
	run->snaps.budget = h->lim.snapshot_bytes / h->want_runs;
	run->series.stride = 1;
	run->series.budget = h->lim.snapshot_bytes / h->want_runs;
	h->obs.data = run;
	opt->observer = &h->obs;
	return 0;
}

/*
 * The run's report into h->report, as `kstruct sim --json` prints it: one
 * run's report, or with more runs the --compare document, a part per run.
 */
static int keep_report(struct sim_html *h, const struct sim_report *r,
		       const struct sim_workload *wl)
{
	FILE *f = buf_open(&h->report);
	int ret;

	if (!f)
		return -ENOMEM;
	if (h->want_runs > 1)
		ret = sim_compare_json(f, r, wl, h->nr_runs == 1,
				       h->nr_runs == h->want_runs);
	else
		ret = sim_report_json(f, r, wl);
	if (fclose(f) && !ret)
		ret = -ENOMEM;
	return ret;
}

int sim_html_end_run(struct sim_html *h, const struct sim_report *r,
		     const struct sim_workload *wl)
{
	struct html_run *run = open_run(h);
	size_t i;

	if (!run)
		return -EINVAL;
	run->ended = true;
	if (run->err)
		return run->err;
	run->nr_cpus = r->nr_cpus;
	run->hz = r->hz;
	run->ticks = r->ticks;
	run->clock_hz = r->clock_hz ? r->clock_hz : r->hz;
	run->end = r->clock_hz ? r->clock : r->ticks;
	for (i = 0; i < run->nr_cpus; i++)
		slice_close(run, i, run->end,
			    run->cpu_slice[i] >= 0 ?
				    run->slices[run->cpu_slice[i]].pid :
				    0,
			    SIM_HTML_RUN_ENDED);
	if (h->nr_runs == 1) {
		snprintf(h->workload, sizeof(h->workload), "%s",
			 r->workload ? r->workload : "");
		h->seed = r->seed;
	}
	run->err = keep_report(h, r, wl);
	return run->err;
}

const char *sim_html_why(const struct sim_html *h)
{
	return h->why[0] ? h->why : NULL;
}

static void run_free(struct html_run *run)
{
	size_t i;

	for (i = 0; i < run->series.nr_queues; i++) {
		kfree(run->series.qnames[i]);
		buf_free(&run->series.qrows[i]);
	}
	buf_free(&run->series.cpu_rows);
	kfree(run->wakes);
	for (i = 0; i < run->nr_tasks; i++) {
		kfree(run->tasks[i].changes);
		buf_free(&run->tasks[i].rows);
	}
	kfree(run->tasks);
	kfree(run->task_of_pid);
	kfree(run->slices);
	for (i = 0; i < SIM_MAX_CPUS; i++) {
		json_decref(run->snaps.cpu[i].last);
		kfree(run->snaps.cpu[i].at);
		buf_free(&run->snaps.cpu[i].text);
	}
	kfree(run->snaps.ticks);
	paths_free(&run->snaps.paths);
	kfree(run->migrations);
	buf_free(&run->snaps.scratch);
	buf_free(&run->snaps.pre);
	buf_free(&run->snaps.path);
}

void sim_html_free(struct sim_html *h)
{
	unsigned int i;

	if (!h)
		return;
	for (i = 0; i < h->nr_runs; i++)
		run_free(&h->runs[i]);
	for (i = 0; i < h->nr_names; i++)
		kfree(h->names[i]);
	kfree(h->names);
	buf_free(&h->report);
	kfree(h);
}

/* ------------------------------------------------------- writing */

/* @s as HTML text or a quoted attribute value */
static void put_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

/*
 * JSON text inside <script type="application/json">: a '<' can only
 * stand inside a JSON string, where \u003c means the same, so no
 * "</script" or "<!--" can end or change the element.
 */
static void put_json(FILE *f, const char *s, size_t len)
{
	const char *lt;

	while (len && (lt = memchr(s, '<', len))) {
		fwrite(s, 1, lt - s, f);
		fputs("\\u003c", f);
		len -= lt + 1 - s;
		s = lt + 1;
	}
	fwrite(s, 1, len, f);
}

/* the colour of a task, the same in the script (taskHue()) */
static unsigned int task_hue(int pid)
{
	return (unsigned int)pid * 137u % 360u;
}

/* @t, a time in @run's clock units, in ms */
static double ms(const struct html_run *run, unsigned long long t)
{
	return t * 1000.0 / run->clock_hz;
}

/*
 * @t, a time in @run's clock units, as ticks into @buf: whole under
 * jiffy timers, else with the fraction of a tick it fell at
 */
static const char *tick_text(char *buf, size_t len, const struct html_run *run,
			     unsigned long long t)
{
	if (run->clock_hz == run->hz)
		snprintf(buf, len, "%llu", t);
	else
		snprintf(buf, len, "%.12g",
			 (double)t * run->hz / run->clock_hz);
	return buf;
}

static unsigned long long width_of(const struct html_run *run)
{
	return run->ticks ? run->ticks : 1;
}

/* a chart: the labels' column, then the plot in its scrolling box */
static void chart_begin(FILE *f, const char *kind, unsigned int height)
{
	fprintf(f,
		"<div class=\"chart %s\">\n<svg class=\"labels\" width=\"%u\" height=\"%u\">\n",
		kind, LABEL_W, height);
}

static void plot_begin(FILE *f, const char *kind, const struct html_run *run,
		       unsigned int height)
{
	fprintf(f,
		"</svg>\n<div class=\"scroll\"><svg class=\"plot %s\" "
		"width=\"%u\" height=\"%u\" viewBox=\"0 0 %llu %u\" "
		"preserveAspectRatio=\"none\">\n",
		kind, PLOT_W, height, width_of(run), height);
}

static void chart_end(FILE *f)
{
	fputs("</svg></div>\n</div>\n", f);
}

/* the background of a row */
static void lane(FILE *f, const struct html_run *run, unsigned int row,
		 unsigned int y, unsigned int height)
{
	fprintf(f,
		"<rect class=\"lane%s\" x=\"0\" y=\"%u\" width=\"%llu\" height=\"%u\"/>\n",
		row % 2 ? " odd" : "", y, width_of(run), height);
}

/* a value of a note in its unit: ns as ms */
static int value_text(char *buf, size_t len, long long v, const char *unit)
{
	if (unit && !strncmp(unit, "ns", 2))
		return snprintf(buf, len, "%.3f ms%s", v / 1e6, unit + 2);
	if (unit && !strcmp(unit, "ticks"))
		return snprintf(buf, len, "%lld tick%s", v, v == 1 ? "" : "s");
	return snprintf(buf, len, "%lld", v);
}

/* "NAME (pid P)" of @pid, or "" */
static void who(char *buf, size_t len, const struct html_run *run, int pid)
{
	const struct html_task *t = task_find((struct html_run *)run, pid);

	if (pid > 0)
		snprintf(buf, len, "%s (pid %d)", t ? t->comm : "?", pid);
	else
		buf[0] = '\0';
}

/* does @rule name the value @c: the word "a" or "b" in it */
static bool names(const char *rule, char c)
{
	const char *p;

	for (p = strchr(rule, c); p; p = strchr(p + 1, c))
		if ((p == rule || p[-1] == ' ') &&
		    !isalnum((unsigned char)p[1]))
			return true;
	return false;
}

/* @n's rule with its values: "RULE (a = 1.000 ms, b = 0.750 ms)" */
static void rule_text(char *buf, size_t len, const struct html_note *n)
{
	char a[48], b[48];

	if (!n->rule) {
		snprintf(buf, len, "no rule noted");
		return;
	}
	value_text(a, sizeof(a), n->a, n->unit);
	value_text(b, sizeof(b), n->b, n->unit);
	if (names(n->rule, 'b'))
		snprintf(buf, len, "%s (a = %s, b = %s)", n->rule, a, b);
	else if (names(n->rule, 'a'))
		snprintf(buf, len, "%s (a = %s)", n->rule, a);
	else
		snprintf(buf, len, "%s", n->rule);
}

static const char *const kind_text[] = {
	[SCHED_WHY_NONE] = "no reason noted by the class",
	[SCHED_WHY_SLICE] = "slice used up",
	[SCHED_WHY_WAKEUP] = "for the woken task",
	[SCHED_WHY_TICK] = "at the tick, for the leftmost",
	[SCHED_WHY_YIELD] = "it yielded",
	[SCHED_WHY_MIGRATE] = "moved off this CPU",
	[SCHED_WHY_CHANGED] = "its parameters changed",
};

static const char *const migrate_text[] = {
	[SCHED_MIGRATE_NONE] = "no reason given",
	[SCHED_MIGRATE_BALANCE] = "load balancing",
	[SCHED_MIGRATE_PICK] = "a pick on another CPU",
	[SCHED_MIGRATE_ACTIVE] = "active balancing",
	[SCHED_MIGRATE_AFFINITY] = "affinity",
	[SCHED_MIGRATE_WAKEUP] = "wake-up placement",
};

static const char *const event_text[][2] = {
	{ "sleep", "slept for" },
	{ "timer", "slept until timer" },
	{ "lock", "blocked on mutex" },
	{ "wait", "waited on condition" },
	{ "barrier", "waited at barrier" },
	{ "sem_wait", "waited on semaphore" },
};

/*
 * Why @sl ended and why it was picked, two lines of text:
 * "preempted: slice used up: RULE (a = ..., b = ...)\npicked: RULE ...".
 * The first word is enum sim_html_why's.
 */
static void slice_why(char *buf, size_t len, const struct html_run *run,
		      const struct html_slice *sl)
{
	char rule[400], name[64], pick[400], runner[64];
	const struct html_note *o = &sl->out;
	unsigned int i;
	size_t n;

	n = snprintf(buf, len, "%s: ", why_text[sl->why]);
	switch (sl->why) {
	case SIM_HTML_SLEPT:
		for (i = 0; i < ARRAY_SIZE(event_text); i++)
			if (sl->slept.event &&
			    !strcmp(sl->slept.event, event_text[i][0]))
				break;
		if (i == ARRAY_SIZE(event_text))
			n += snprintf(buf + n, len - n, "asleep");
		else if (!i)
			n += snprintf(buf + n, len - n, "%s %.3f ms",
				      event_text[i][1],
				      sl->slept.usec / 1000.0);
		else
			n += snprintf(
				buf + n, len - n, "%s %s", event_text[i][1],
				sl->slept.resource ? sl->slept.resource : "?");
		break;
	case SIM_HTML_EXITED:
		n += snprintf(buf + n, len - n, "its program ended");
		break;
	case SIM_HTML_RUN_ENDED:
		n += snprintf(buf + n, len - n,
			      "still running when the simulation stopped");
		break;
	case SIM_HTML_STOPPED:
		n += snprintf(buf + n, len - n, "stopped");
		break;
	default:
		rule_text(rule, sizeof(rule), o);
		who(name, sizeof(name), run, o->pid);
		n += snprintf(buf + n, len - n, "%s%s%s: %s",
			      o->kind < ARRAY_SIZE(kind_text) ?
				      kind_text[o->kind] :
				      "?",
			      name[0] ? " " : "", name,
			      o->kind ? rule : "the class noted no rule");
		break;
	}
	if (n >= len)
		return;
	rule_text(pick, sizeof(pick), &sl->pick);
	who(runner, sizeof(runner), run, sl->pick.pid);
	snprintf(buf + n, len - n, "\npicked: %s%s%s", pick,
		 runner[0] ? "; the runner-up: " : "", runner);
}

/* one rect.run: a zero-length run is drawn 0.3 ticks wide, marked "zero" */
static void write_slice(FILE *f, const struct html_run *run,
			const struct html_slice *sl)
{
	char why[1024], a[32], b[32], l[32];

	const struct html_task *t = task_find((struct html_run *)run, sl->pid);
	unsigned long long len = sl->end - sl->start;
	bool whole = run->clock_hz == run->hz;

	fprintf(f, "<rect class=\"run%s\" data-pid=\"%d\" x=\"%s\" y=\"%u\" ",
		len ? "" : " zero", sl->pid,
		tick_text(a, sizeof(a), run, sl->start),
		sl->cpu * CPU_ROW + (CPU_ROW - CPU_BAR) / 2);
	if (sl->qframe >= 0)
		fprintf(f, "data-q=\"%ld\" ", sl->qframe);
	tick_text(l, sizeof(l), run, len);
	if (len)
		fprintf(f, "width=\"%s\"", l);
	else
		fputs("width=\"0.3\"", f);
	fprintf(f, " height=\"%u\" fill=\"hsl(%u,62%%,60%%)\"><title>", CPU_BAR,
		task_hue(sl->pid));
	put_text(f, t ? t->comm : "?");
	fprintf(f,
		" \xc2\xb7 pid %d \xc2\xb7 prio %d \xc2\xb7 CPU %u\n"
		"ticks %s\xe2\x80\x93%s: %s tick%s (%.*f ms)\n",
		sl->pid, sl->prio, sl->cpu,
		tick_text(a, sizeof(a), run, sl->start),
		tick_text(b, sizeof(b), run, sl->end), l,
		whole && len == 1 ? "" : "s", whole ? 1 : 3, ms(run, len));
	slice_why(why, sizeof(why), run, sl);
	put_text(f, why);
	fputs("</title></rect>\n", f);
}

static void write_gantt(FILE *f, const struct html_run *run)
{
	unsigned int height = run->nr_cpus * CPU_ROW, cpu;
	size_t i;

	chart_begin(f, "cpus", height);
	for (cpu = 0; cpu < run->nr_cpus; cpu++)
		fprintf(f, "<text x=\"8\" y=\"%u\">CPU %u</text>\n",
			cpu * CPU_ROW + CPU_ROW / 2 + 5, cpu);
	plot_begin(f, "gantt", run, height);
	for (cpu = 0; cpu < run->nr_cpus; cpu++)
		lane(f, run, cpu, cpu * CPU_ROW, CPU_ROW);
	for (i = 0; i < run->nr_slices; i++)
		write_slice(f, run, &run->slices[i]);
	chart_end(f);
}

/*
 * A mark on its task's row per migration, its title "NAME (pid P) moved
 * from CPU a to CPU b at tick T\nKIND: RULE (a = .., b = ..)".
 */
static void write_migrations(FILE *f, const struct html_run *run)
{
	char rule[400], at[32];
	size_t i;

	for (i = 0; i < run->nr_migrations; i++) {
		const struct html_migration *m = &run->migrations[i];
		const struct html_task *t =
			task_find((struct html_run *)run, m->pid);
		unsigned int kind = m->why.kind;

		if (!t)
			continue;
		fprintf(f,
			"<path class=\"migr\" data-pid=\"%d\" data-tick=\"%s\" "
			"d=\"M%s %zuv%u\"><title>",
			m->pid, tick_text(at, sizeof(at), run, m->tick), at,
			(size_t)(t - run->tasks) * TASK_ROW, TASK_ROW);
		put_text(f, t->comm);
		fprintf(f,
			" (pid %d) moved from CPU %u to CPU %u at tick %s\n%s: ",
			m->pid, m->src, m->dst, at,
			kind < ARRAY_SIZE(migrate_text) ? migrate_text[kind] :
							  "?");
		rule_text(rule, sizeof(rule), &m->why);
		put_text(f, rule);
		fputs("</title></path>\n", f);
	}
}

/* a row per task, a rect per stretch of one state (none once exited) */
static void write_states(FILE *f, const struct html_run *run, bool open)
{
	unsigned int height = run->nr_tasks * TASK_ROW;
	size_t i, k;

	fprintf(f,
		"<details class=\"tasks\"%s><summary>%zu task%s: "
		"when each was running, runnable (waiting on a runqueue) "
		"or sleeping</summary>\n",
		open && run->nr_tasks <= TASKS_OPEN ? " open" : "",
		run->nr_tasks, run->nr_tasks == 1 ? "" : "s");
	chart_begin(f, "tasks", height);
	for (i = 0; i < run->nr_tasks; i++) {
		fprintf(f, "<text x=\"8\" y=\"%zu\" data-pid=\"%d\">",
			i * TASK_ROW + TASK_ROW - 3, run->tasks[i].pid);
		put_text(f, run->tasks[i].comm);
		fprintf(f, " (%d)</text>\n", run->tasks[i].pid);
	}
	plot_begin(f, "states", run, height);
	for (i = 0; i < run->nr_tasks; i++) {
		const struct html_task *t = &run->tasks[i];

		lane(f, run, i, i * TASK_ROW, TASK_ROW);
		for (k = 0; k < t->nr_changes; k++) {
			unsigned long long from = t->changes[k].tick;
			unsigned long long to = k + 1 < t->nr_changes ?
							t->changes[k + 1].tick :
							run->end;
			char x[32], w[32];

			if (t->changes[k].state == ST_EXITED || to <= from)
				continue;
			fprintf(f,
				"<rect class=\"%s\" data-pid=\"%d\" "
				"x=\"%s\" y=\"%zu\" width=\"%s\" "
				"height=\"%u\"/>\n",
				state_class[t->changes[k].state], t->pid,
				tick_text(x, sizeof(x), run, from),
				i * TASK_ROW + (TASK_ROW - TASK_BAR) / 2,
				tick_text(w, sizeof(w), run, to - from),
				TASK_BAR);
		}
	}
	write_migrations(f, run);
	chart_end(f);
	fputs("</details>\n", f);
}

static void put_json_string(FILE *f, const char *s);

/*
 * {"stride": S (the last), "from": F (every tick recorded to F), "last":
 * T, "ticks": [the ticks whose ends are recorded], "paths": [...],
 * "cpus": [[CPU 0's frames], ...]} (struct html_stream, html_paths)
 */
static void write_snapshots(FILE *f, const struct html_run *run)
{
	const struct html_snaps *sn = &run->snaps;
	unsigned int cpu;
	size_t i;

	fprintf(f,
		"<script type=\"application/json\" class=\"snapshots\">"
		"{\"stride\":%lu,\"from\":%llu,\"last\":%llu,\"ticks\":[",
		sn->stride, sn->first, run->ticks);
	for (i = 0; i < sn->nr_ticks; i++)
		fprintf(f, "%s%llu", i ? "," : "", sn->ticks[i]);
	fputs("],\n\"paths\":[", f);
	for (i = 0; i < sn->paths.nr; i++) {
		fputs(i ? "," : "", f);
		put_json_string(f, sn->paths.names[i]);
	}
	fputs("],\n\"cpus\":[", f);
	for (cpu = 0; cpu < run->nr_cpus; cpu++) {
		const struct html_stream *st = &sn->cpu[cpu];

		fputs(cpu ? "],\n[" : "[", f);
		for (i = 0; i < st->nr; i++) {
			if (i)
				fputs(",\n", f);
			put_json(f, st->text.p + st->at[i].start,
				 frame_end(st, i) - st->at[i].start);
		}
	}
	fputs(run->nr_cpus ? "]]}</script>\n" : "]}</script>\n", f);
}

/* @s as a JSON string (no '<' in it: see put_json()) */
static void put_json_string(FILE *f, const char *s)
{
	json_t *j = json_string(s);
	char *text = j ? json_dumps(j, JSON_ENCODE_ANY) : NULL;

	if (text)
		put_json(f, text, strlen(text));
	else
		fputs("\"\"", f);
	free(text);
	json_decref(j);
}

/* rows "[...],[...]," as a JSON array */
static void put_rows(FILE *f, const struct html_buf *b)
{
	fputc('[', f);
	if (b->len)
		fwrite(b->p, 1, b->len - 1, f);
	fputc(']', f);
}

/*
 * The quantities over time and the wake-ups, as JSON: {"stride": S,
 * "from": T, "fields": [...], "qfield": NAME, "queues": [...], "qrows":
 * [[[tick, v], ...] per queue], "cpus": [[tick, n0, ...], ...], "tasks":
 * {"PID": [[tick, v...] or [tick] (off the queues)], ...}, "wakes":
 * [[pid, tick, ran or null], ...]}
 */
static void write_series(FILE *f, const struct html_run *run)
{
	const struct html_series *se = &run->series;
	unsigned int i;
	size_t k;

	fprintf(f,
		"<script type=\"application/json\" class=\"series\">"
		"{\"stride\":%lu,\"from\":%llu,\"fields\":[",
		se->stride, se->from);
	for (i = 0; i < se->nr_fields; i++)
		fprintf(f, "%s\"%s\"", i ? "," : "", se->fields[i]);
	fputs("],\"qfield\":", f);
	if (se->qfield)
		fprintf(f, "\"%s\"", se->qfield);
	else
		fputs("null", f);
	fputs(",\"queues\":[", f);
	for (i = 0; i < se->nr_queues; i++) {
		fputs(i ? "," : "", f);
		put_json_string(f, se->qnames[i]);
	}
	fputs("],\n\"qrows\":[", f);
	for (i = 0; i < se->nr_queues; i++) {
		fputs(i ? ",\n" : "", f);
		put_rows(f, &se->qrows[i]);
	}
	fputs("],\n\"cpus\":", f);
	put_rows(f, &se->cpu_rows);
	fputs(",\n\"tasks\":{", f);
	for (k = 0; k < run->nr_tasks; k++) {
		fprintf(f, "%s\"%d\":", k ? ",\n" : "", run->tasks[k].pid);
		put_rows(f, &run->tasks[k].rows);
	}
	fputs("},\n\"wakes\":[", f);
	for (k = 0; k < run->nr_wakes; k++) {
		const struct html_wake *w = &run->wakes[k];
		char t[32];

		fprintf(f, "%s[%d,%s,", k ? "," : "", w->pid,
			tick_text(t, sizeof(t), run, w->tick));
		if (w->ran == NEVER_RAN)
			fputs("null]", f);
		else
			fprintf(f, "%s]", tick_text(t, sizeof(t), run, w->ran));
	}
	fputs("]}</script>\n", f);
}

static void write_run(FILE *f, const struct sim_html *h, unsigned int i)
{
	const struct html_run *run = &h->runs[i];

	fprintf(f, "<section class=\"run\" id=\"run-%u\" data-label=\"", i);
	put_text(f, run->label);
	fprintf(f,
		"\" data-ticks=\"%llu\" data-cpus=\"%u\" data-hz=\"%u\">\n<h2>",
		run->ticks, run->nr_cpus, run->hz);
	put_text(f, run->label);
	fprintf(f, " <small>%zu task runs, %zu tasks</small></h2>\n",
		run->nr_slices, run->nr_tasks);
	write_gantt(f, run);
	write_states(f, run, h->nr_runs == 1);
	fprintf(f,
		"<details class=\"rqs\"%s><summary>each CPU's runqueue "
		"at the chosen tick</summary><div class=\"rq\"></div>"
		"</details>\n",
		h->nr_runs == 1 ? " open" : "");
	write_snapshots(f, run);
	write_series(f, run);
	fputs("</section>\n", f);
}

/* which ticks the runqueues were recorded at, in words */
static void write_sampling(FILE *f, const struct sim_html *h)
{
	const struct html_run *run = &h->runs[0];
	const struct html_snaps *sn = &run->snaps;

	if (sn->stride == 1)
		fprintf(f, "Runqueues recorded at every tick, 0 to %llu,",
			run->ticks);
	else
		fprintf(f,
			"Runqueues recorded at every tick to tick %llu, then "
			"every %s%lu%s tick and at the last: %zu of %llu ticks "
			"(at most %zu KiB of them per page; a shorter run, "
			"--duration, records more),",
			sn->first, sn->from > sn->first ? "2nd to every " : "",
			sn->stride, sn->stride == 2 ? "nd" : "th", sn->nr_ticks,
			run->ticks + 1, h->lim.snapshot_bytes >> 10);
	fputs(" as their changes, and as each pick left them."
	      " The slider steps through them.",
	      f);
}

static void write_head(FILE *f, const struct sim_html *h)
{
	unsigned int i;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\""
	      "default-src 'none'; script-src 'unsafe-inline'; "
	      "style-src 'unsafe-inline'\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<meta name=\"generator\" content=\"kstruct sim --html\">\n<title>kstruct sim: ",
	      f);
	put_text(f, h->workload);
	fputs(" (", f);
	for (i = 0; i < h->nr_runs; i++) {
		fputs(i ? ", " : "", f);
		put_text(f, h->runs[i].label);
	}
	fprintf(f,
		", %u CPU%s)</title>\n<script>\n%s</script>\n<style>\n%s</style>\n</head>\n",
		h->runs[0].nr_cpus, h->runs[0].nr_cpus == 1 ? "" : "s",
		sim_html_errors_js, sim_html_css);
}

static void write_header(FILE *f, const struct sim_html *h)
{
	const struct html_run *run = &h->runs[0];
	unsigned int i;

	fputs("<body>\n<div id=\"js-errors\" hidden></div>\n<header>\n"
	      "<h1>kstruct sim <span class=\"workload\">",
	      f);
	put_text(f, h->workload);
	fprintf(f,
		"</span></h1>\n<p class=\"meta\">%u CPU%s \xc2\xb7 HZ %u "
		"\xc2\xb7 %llu ticks (%.3f s) \xc2\xb7 seed %llu \xc2\xb7 "
		"scheduler%s ",
		run->nr_cpus, run->nr_cpus == 1 ? "" : "s", run->hz, run->ticks,
		(double)run->ticks / run->hz, h->seed,
		h->nr_runs > 1 ? "s" : "");
	for (i = 0; i < h->nr_runs; i++) {
		fputs(i ? ", " : "", f);
		put_text(f, h->runs[i].label);
	}
	fprintf(f, "</p>\n</header>\n%s<p class=\"sampling\">",
		sim_html_controls);
	write_sampling(f, h);
	fputs("</p>\n</nav>\n", f);
}

int sim_html_write(struct sim_html *h, FILE *out)
{
	unsigned int i;

	if (!h->nr_runs || open_run(h))
		return -EINVAL;
	for (i = 0; i < h->nr_runs; i++)
		if (h->runs[i].err)
			return -EINVAL;
	write_head(out, h);
	write_header(out, h);
	fputs("<main>\n", out);
	for (i = 0; i < h->nr_runs; i++)
		write_run(out, h, i);
	fputs(sim_html_legend, out);
	fputs("<section class=\"report\"><h2>Report</h2>"
	      "<div id=\"report-view\"></div></section>\n</main>\n"
	      "<script type=\"application/json\" id=\"report\">",
	      out);
	if (h->report.p)
		put_json(out, h->report.p, h->report.len);
	else
		fputs("null", out);
	fprintf(out, "</script>\n<script>\n%s</script>\n</body>\n</html>\n",
		sim_html_js);
	return ferror(out) ? -EIO : 0;
}
