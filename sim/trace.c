// SPDX-License-Identifier: MIT
/*
 * sim/trace.c - ftrace text and Chrome trace-event JSON (see trace.h for
 * the formats and their differences from a real ftrace buffer).
 *
 * Not a port of a kernel file; the line layouts follow the TP_printk()
 * formats of the sched tracepoints in include/trace/events/sched.h of
 * later kernels (2.5.33 had no tracing), written from their documented
 * fields.  The Chrome events are built with jansson, one object at a
 * time, and written as they happen; only the document's opening and
 * closing brackets are fixed text.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include <jansson.h>

#include "compat/bitops.h"
#include "compat/slab.h"
#include "sim/trace.h"

void sim_trace_timestamp(char *buf, unsigned long long tick, unsigned int hz)
{
	unsigned long long us = tick * 1000000ull / hz;

	snprintf(buf, 32, "%llu.%06llu", us / 1000000, us % 1000000);
}

static long long tick_us(const struct sim_trace *tr, unsigned long long tick)
{
	return tick * 1000000ull / tr->hz;
}

/* after writing to @f: remember the first failure and which file it hit */
static int check_write(struct sim_trace *tr, FILE *f, const char *path)
{
	if (!tr->err && ferror(f)) {
		tr->err = errno ? -errno : -EIO;
		tr->failed = path;
	}
	return tr->err;
}

static const char *const ftrace_header =
	"# tracer: nop\n"
	"#\n"
	"#                              _-----=> irqs-off\n"
	"#                             / _----=> need-resched\n"
	"#                            | / _---=> hardirq/softirq\n"
	"#                            || / _--=> preempt-depth\n"
	"#                            ||| /     delay\n"
	"#           TASK-PID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
	"#              | |       |   ||||       |         |\n";

/* comm as written: no spaces, nothing a key=value or JSON reader trips on */
static void clean_comm(char *out, const char *comm)
{
	unsigned int i;

	for (i = 0; comm[i] && i < SIM_NAME_LEN - 1; i++)
		out[i] = (comm[i] <= ' ' || comm[i] > '~' ||
			  strchr("=\"\\", comm[i])) ?
				 '_' :
				 comm[i];
	out[i] = '\0';
	if (!i)
		strcpy(out, "_");
}

/* one ftrace line: "COMM-PID [CPU] d..2 SECONDS: EVENT: FIELDS" */
static int __attribute__((format(printf, 6, 7)))
text_line(struct sim_trace *tr, unsigned long long tick, unsigned int cpu,
	  const struct sim_trace_task *who, const char *event, const char *fmt,
	  ...)
{
	char comm[SIM_NAME_LEN], ts[32];
	va_list ap;

	if (!tr->text || tr->err)
		return tr->err;
	clean_comm(comm, who->comm);
	sim_trace_timestamp(ts, tick, tr->hz);
	errno = 0;
	fprintf(tr->text, "%16s-%-5d [%03u] d..2 %12s: %s: ", comm, who->pid,
		cpu, ts, event);
	va_start(ap, fmt);
	vfprintf(tr->text, fmt, ap);
	va_end(ap);
	fputc('\n', tr->text);
	return check_write(tr, tr->text, tr->text_path);
}

/* ------------------------------------------------------------ Chrome */

/*
 * Write one event (taking @ev's reference; NULL means jansson ran out of
 * memory), unless a write failed already.
 */
static int chrome_put(struct sim_trace *tr, json_t *ev)
{
	if (!ev || tr->err) {
		json_decref(ev);
		if (!tr->err) {
			tr->err = -ENOMEM;
			tr->failed = tr->chrome_path;
		}
		return tr->err;
	}
	errno = 0;
	fputs(tr->chrome_events ? ",\n" : "\n", tr->chrome);
	json_dumpf(ev, tr->chrome, JSON_COMPACT);
	json_decref(ev);
	tr->chrome_events++;
	return check_write(tr, tr->chrome, tr->chrome_path);
}

static int chrome_meta(struct sim_trace *tr, const char *what, int pid, int tid,
		       const char *key, json_t *value)
{
	return chrome_put(tr, json_pack("{s:s, s:s, s:i, s:i, s:{s:o}}", "name",
					what, "ph", "M", "pid", pid, "tid", tid,
					"args", key, value));
}

/* name @p's thread in the Tasks process the first time it shows up */
static int chrome_task(struct sim_trace *tr, const struct sim_trace_task *p)
{
	unsigned long pid = p->pid;
	char comm[SIM_NAME_LEN];

	if (p->pid <= 0 || tr->err)
		return tr->err;
	if (pid >= tr->named_bits) {
		unsigned long bits = tr->named_bits ? tr->named_bits : 1024;
		unsigned long *named;

		while (bits <= pid)
			bits *= 2;
		named = kcalloc(BITS_TO_LONGS(bits), sizeof(long), GFP_KERNEL);
		if (!named)
			return chrome_put(tr, NULL);
		if (tr->named)
			memcpy(named, tr->named,
			       BITS_TO_LONGS(tr->named_bits) * sizeof(long));
		kfree(tr->named);
		tr->named = named;
		tr->named_bits = bits;
	}
	if (test_bit(pid, tr->named))
		return tr->err;
	__set_bit(pid, tr->named);
	clean_comm(comm, p->comm);
	return chrome_meta(tr, "thread_name", SIM_TRACE_TASKS_PID, p->pid,
			   "name", json_string(comm));
}

/* an instant event on @p's track, with @args (taken) */
static int chrome_instant(struct sim_trace *tr, unsigned long long tick,
			  const char *what, const struct sim_trace_task *p,
			  json_t *args)
{
	if (chrome_task(tr, p))
		goto out_put;
	return chrome_put(
		tr, json_pack("{s:s, s:s, s:s, s:s, s:i, s:i, s:I, s:o}",
			      "name", what, "cat", "sched", "ph", "i", "s", "t",
			      "pid", SIM_TRACE_TASKS_PID, "tid", p->pid, "ts",
			      (json_int_t)tick_us(tr, tick), "args", args));
out_put:
	json_decref(args);
	return tr->err;
}

/* a run from @start for @dur us on the track (@pid, @tid) */
static int chrome_run(struct sim_trace *tr, const char *name, int pid, int tid,
		      long long start, long long dur, const char *key,
		      int value, int prio)
{
	return chrome_put(
		tr,
		json_pack("{s:s, s:s, s:s, s:i, s:i, s:I, s:I, s:{s:i, s:i}}",
			  "name", name, "cat", "sched", "ph", "X", "pid", pid,
			  "tid", tid, "ts", (json_int_t)start, "dur",
			  (json_int_t)dur, "args", key, value, "prio", prio));
}

/* the run of @cpu's current task is over at @tick: its two slices */
static int chrome_slice_end(struct sim_trace *tr, unsigned int cpu,
			    unsigned long long tick)
{
	long long start = tick_us(tr, tr->slice[cpu].start);
	long long end = tick_us(tr, tick);
	char name[32];
	int ret;

	if (!tr->slice[cpu].pid || end <= start)
		return tr->err;
	ret = chrome_run(tr, tr->slice[cpu].comm, SIM_TRACE_CPUS_PID, cpu,
			 start, end - start, "pid", tr->slice[cpu].pid,
			 tr->slice[cpu].prio);
	if (ret)
		return ret;
	snprintf(name, sizeof(name), "CPU %u", cpu);
	return chrome_run(tr, name, SIM_TRACE_TASKS_PID, tr->slice[cpu].pid,
			  start, end - start, "cpu", cpu, tr->slice[cpu].prio);
}

/* name process @pid, and put it @sort_index'th */
static int chrome_process(struct sim_trace *tr, int pid, const char *name,
			  int sort_index)
{
	int ret;

	ret = chrome_meta(tr, "process_name", pid, 0, "name",
			  json_string(name));
	return ret ? ret :
		     chrome_meta(tr, "process_sort_index", pid, 0, "sort_index",
				 json_integer(sort_index));
}

static int chrome_begin(struct sim_trace *tr)
{
	unsigned int cpu;
	char name[32];
	int ret;

	errno = 0;
	fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[", tr->chrome);
	ret = check_write(tr, tr->chrome, tr->chrome_path);
	if (!ret)
		ret = chrome_process(tr, SIM_TRACE_CPUS_PID, "CPUs", 0);
	for (cpu = 0; !ret && cpu < tr->nr_cpus; cpu++) {
		snprintf(name, sizeof(name), "CPU %u", cpu);
		ret = chrome_meta(tr, "thread_name", SIM_TRACE_CPUS_PID, cpu,
				  "name", json_string(name));
		if (!ret)
			ret = chrome_meta(tr, "thread_sort_index",
					  SIM_TRACE_CPUS_PID, cpu, "sort_index",
					  json_integer(cpu));
	}
	if (!ret)
		ret = chrome_process(tr, SIM_TRACE_TASKS_PID, "Tasks", 1);
	return ret;
}

/* ------------------------------------------------------------ events */

int sim_trace_begin(struct sim_trace *tr, FILE *text, const char *text_path,
		    FILE *chrome, const char *chrome_path, unsigned int hz,
		    unsigned int nr_cpus)
{
	unsigned int cpu;

	if (!hz || !nr_cpus || nr_cpus > SIM_MAX_CPUS)
		return -EINVAL;
	memset(tr, 0, sizeof(*tr));
	tr->text = text;
	tr->text_path = text_path ? text_path : "the trace";
	tr->chrome = chrome;
	tr->chrome_path = chrome_path ? chrome_path : "the Chrome trace";
	tr->hz = hz;
	tr->nr_cpus = nr_cpus;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		snprintf(tr->slice[cpu].comm, SIM_NAME_LEN, "swapper/%u", cpu);
		tr->slice[cpu].prio = 140;
	}
	if (text) {
		errno = 0;
		fputs(ftrace_header, text);
		check_write(tr, text, tr->text_path);
	}
	if (chrome && !tr->err)
		chrome_begin(tr);
	return tr->err;
}

int sim_trace_switch(struct sim_trace *tr, unsigned long long tick,
		     unsigned int cpu, const struct sim_trace_task *prev,
		     char prev_state, const struct sim_trace_task *next)
{
	char pc[SIM_NAME_LEN], nc[SIM_NAME_LEN];

	clean_comm(pc, prev->comm);
	clean_comm(nc, next->comm);
	text_line(
		tr, tick, cpu, prev, "sched_switch",
		"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%c ==> next_comm=%s next_pid=%d next_prio=%d",
		pc, prev->pid, prev->prio, prev_state, nc, next->pid,
		next->prio);
	if (tr->chrome && !tr->err && cpu < tr->nr_cpus) {
		chrome_slice_end(tr, cpu, tick);
		chrome_task(tr, next);
		tr->slice[cpu].start = tick;
		memcpy(tr->slice[cpu].comm, nc, sizeof(nc));
		tr->slice[cpu].pid = next->pid;
		tr->slice[cpu].prio = next->prio;
	}
	return tr->err;
}

/* sched_waking and sched_wakeup_new: the same fields */
static int wakeup(struct sim_trace *tr, const char *event,
		  unsigned long long tick, unsigned int cpu,
		  const struct sim_trace_task *curr,
		  const struct sim_trace_task *p, unsigned int target_cpu)
{
	char comm[SIM_NAME_LEN];

	clean_comm(comm, p->comm);
	text_line(tr, tick, cpu, curr, event,
		  "comm=%s pid=%d prio=%d target_cpu=%03u", comm, p->pid,
		  p->prio, target_cpu);
	if (tr->chrome && !tr->err)
		chrome_instant(tr, tick, event + 6, p,
			       json_pack("{s:i}", "target_cpu", target_cpu));
	return tr->err;
}

int sim_trace_waking(struct sim_trace *tr, unsigned long long tick,
		     unsigned int cpu, const struct sim_trace_task *curr,
		     const struct sim_trace_task *p, unsigned int target_cpu)
{
	return wakeup(tr, "sched_waking", tick, cpu, curr, p, target_cpu);
}

int sim_trace_wakeup_new(struct sim_trace *tr, unsigned long long tick,
			 unsigned int cpu, const struct sim_trace_task *curr,
			 const struct sim_trace_task *p,
			 unsigned int target_cpu)
{
	return wakeup(tr, "sched_wakeup_new", tick, cpu, curr, p, target_cpu);
}

int sim_trace_migrate(struct sim_trace *tr, unsigned long long tick,
		      unsigned int cpu, const struct sim_trace_task *curr,
		      const struct sim_trace_task *p, unsigned int orig_cpu,
		      unsigned int dest_cpu)
{
	char comm[SIM_NAME_LEN];

	clean_comm(comm, p->comm);
	text_line(tr, tick, cpu, curr, "sched_migrate_task",
		  "comm=%s pid=%d prio=%d orig_cpu=%u dest_cpu=%u", comm,
		  p->pid, p->prio, orig_cpu, dest_cpu);
	if (tr->chrome && !tr->err)
		chrome_instant(tr, tick, "migrate", p,
			       json_pack("{s:i, s:i}", "orig_cpu", orig_cpu,
					 "dest_cpu", dest_cpu));
	return tr->err;
}

int sim_trace_fork(struct sim_trace *tr, unsigned long long tick,
		   unsigned int cpu, const struct sim_trace_task *parent,
		   const struct sim_trace_task *child)
{
	char pc[SIM_NAME_LEN], cc[SIM_NAME_LEN];

	clean_comm(pc, parent->comm);
	clean_comm(cc, child->comm);
	text_line(tr, tick, cpu, parent, "sched_process_fork",
		  "comm=%s pid=%d child_comm=%s child_pid=%d", pc, parent->pid,
		  cc, child->pid);
	if (tr->chrome && !tr->err) {
		chrome_task(tr, child);
		chrome_instant(tr, tick, "fork", parent,
			       json_pack("{s:i, s:s}", "child_pid", child->pid,
					 "child_comm", cc));
	}
	return tr->err;
}

int sim_trace_exit(struct sim_trace *tr, unsigned long long tick,
		   unsigned int cpu, const struct sim_trace_task *p)
{
	char comm[SIM_NAME_LEN];

	clean_comm(comm, p->comm);
	text_line(tr, tick, cpu, p, "sched_process_exit",
		  "comm=%s pid=%d prio=%d", comm, p->pid, p->prio);
	if (tr->chrome && !tr->err)
		chrome_instant(tr, tick, "exit", p, json_object());
	return tr->err;
}

int sim_trace_end(struct sim_trace *tr, unsigned long long tick)
{
	unsigned int cpu;

	if (tr->chrome) {
		for (cpu = 0; cpu < tr->nr_cpus && !tr->err; cpu++)
			chrome_slice_end(tr, cpu, tick);
		if (!tr->err) {
			errno = 0;
			fputs("\n]}\n", tr->chrome);
			fflush(tr->chrome);
			check_write(tr, tr->chrome, tr->chrome_path);
		}
	}
	if (tr->text && !tr->err) {
		errno = 0;
		fflush(tr->text);
		check_write(tr, tr->text, tr->text_path);
	}
	kfree(tr->named);
	tr->named = NULL;
	tr->named_bits = 0;
	return tr->err;
}
