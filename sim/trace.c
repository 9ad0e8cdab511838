// SPDX-License-Identifier: MIT
/*
 * sim/trace.c - ftrace text and Chrome trace-event JSON (see trace.h for
 * the format and its differences from a real ftrace buffer).
 *
 * Not a port of a kernel file; the line layouts follow the output of the
 * sched tracepoints of include/trace/events/sched.h in later kernels
 * (2.5.33 had no tracing), written from their documented format.
 */
#include <errno.h>
#include <string.h>

#include "sim/trace.h"

void sim_trace_timestamp(char *buf, unsigned long long tick, unsigned int hz)
{
	unsigned long long us = tick * 1000000ull / hz;

	snprintf(buf, 32, "%llu.%06llu", us / 1000000, us % 1000000);
}

static unsigned long long tick_us(const struct sim_trace *tr,
				  unsigned long long tick)
{
	return tick * 1000000ull / tr->hz;
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

int sim_trace_begin(struct sim_trace *tr, FILE *text, FILE *chrome,
		    unsigned int hz, unsigned int nr_cpus)
{
	unsigned int cpu;

	if (!hz || !nr_cpus || nr_cpus > SIM_MAX_CPUS)
		return -EINVAL;
	memset(tr, 0, sizeof(*tr));
	tr->text = text;
	tr->chrome = chrome;
	tr->hz = hz;
	tr->nr_cpus = nr_cpus;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		snprintf(tr->slice[cpu].comm, SIM_NAME_LEN, "swapper/%u", cpu);
		tr->slice[cpu].prio = 140;
	}
	if (text)
		fputs(ftrace_header, text);
	if (chrome) {
		fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n", chrome);
		fprintf(chrome, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"name\":\"CPUs\"}}");
		for (cpu = 0; cpu < nr_cpus; cpu++)
			fprintf(chrome,
				",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%u,\"args\":{\"name\":\"CPU %u\"}}",
				cpu, cpu);
		tr->chrome_events = 1 + nr_cpus;
	}
	return 0;
}

/* comm as written: no spaces, nothing a key=value or JSON reader trips on */
static void clean_comm(char *out, const char *comm)
{
	unsigned int i;

	for (i = 0; comm[i] && i < SIM_NAME_LEN - 1; i++)
		out[i] = (comm[i] <= ' ' || comm[i] > '~' ||
			  strchr("=\"\\", comm[i])) ? '_' : comm[i];
	out[i] = '\0';
	if (!i)
		strcpy(out, "_");
}

static void line_prefix(struct sim_trace *tr, unsigned long long tick,
			unsigned int cpu, const struct sim_trace_task *who,
			const char *event)
{
	char comm[SIM_NAME_LEN], ts[32];

	clean_comm(comm, who->comm);
	sim_trace_timestamp(ts, tick, tr->hz);
	fprintf(tr->text, "%16s-%-5d [%03u] d..2 %12s: %s: ", comm, who->pid,
		cpu, ts, event);
}

static void chrome_slice_end(struct sim_trace *tr, unsigned int cpu,
			     unsigned long long tick)
{
	unsigned long long start = tick_us(tr, tr->slice[cpu].start);
	unsigned long long end = tick_us(tr, tick);

	if (!tr->slice[cpu].pid || end <= start)
		return;
	fprintf(tr->chrome,
		",\n{\"name\":\"%s\",\"cat\":\"sched\",\"ph\":\"X\",\"pid\":0,\"tid\":%u,\"ts\":%llu,\"dur\":%llu,\"args\":{\"pid\":%d,\"prio\":%d}}",
		tr->slice[cpu].comm, cpu, start, end - start,
		tr->slice[cpu].pid, tr->slice[cpu].prio);
	tr->chrome_events++;
}

void sim_trace_switch(struct sim_trace *tr, unsigned long long tick,
		      unsigned int cpu, const struct sim_trace_task *prev,
		      char prev_state, const struct sim_trace_task *next)
{
	char pc[SIM_NAME_LEN], nc[SIM_NAME_LEN];

	clean_comm(pc, prev->comm);
	clean_comm(nc, next->comm);
	if (tr->text) {
		line_prefix(tr, tick, cpu, prev, "sched_switch");
		fprintf(tr->text,
			"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%c ==> next_comm=%s next_pid=%d next_prio=%d\n",
			pc, prev->pid, prev->prio, prev_state, nc, next->pid,
			next->prio);
	}
	if (tr->chrome && cpu < tr->nr_cpus) {
		chrome_slice_end(tr, cpu, tick);
		tr->slice[cpu].start = tick;
		memcpy(tr->slice[cpu].comm, nc, sizeof(nc));
		tr->slice[cpu].pid = next->pid;
		tr->slice[cpu].prio = next->prio;
	}
}

static void chrome_instant(struct sim_trace *tr, unsigned long long tick,
			   unsigned int cpu, const char *what,
			   const struct sim_trace_task *p)
{
	char comm[SIM_NAME_LEN];

	clean_comm(comm, p->comm);
	fprintf(tr->chrome,
		",\n{\"name\":\"%s %s\",\"cat\":\"sched\",\"ph\":\"i\",\"s\":\"t\",\"pid\":0,\"tid\":%u,\"ts\":%llu,\"args\":{\"pid\":%d}}",
		what, comm, cpu, tick_us(tr, tick), p->pid);
	tr->chrome_events++;
}

void sim_trace_waking(struct sim_trace *tr, unsigned long long tick,
		      unsigned int cpu, const struct sim_trace_task *curr,
		      const struct sim_trace_task *p, unsigned int target_cpu)
{
	char comm[SIM_NAME_LEN];

	if (tr->text) {
		clean_comm(comm, p->comm);
		line_prefix(tr, tick, cpu, curr, "sched_waking");
		fprintf(tr->text, "comm=%s pid=%d prio=%d target_cpu=%03u\n",
			comm, p->pid, p->prio, target_cpu);
	}
	if (tr->chrome)
		chrome_instant(tr, tick, target_cpu, "waking", p);
}

void sim_trace_migrate(struct sim_trace *tr, unsigned long long tick,
		       unsigned int cpu, const struct sim_trace_task *curr,
		       const struct sim_trace_task *p, unsigned int orig_cpu,
		       unsigned int dest_cpu)
{
	char comm[SIM_NAME_LEN];

	if (tr->text) {
		clean_comm(comm, p->comm);
		line_prefix(tr, tick, cpu, curr, "sched_migrate_task");
		fprintf(tr->text,
			"comm=%s pid=%d prio=%d orig_cpu=%u dest_cpu=%u\n",
			comm, p->pid, p->prio, orig_cpu, dest_cpu);
	}
	if (tr->chrome)
		chrome_instant(tr, tick, dest_cpu, "migrate", p);
}

int sim_trace_end(struct sim_trace *tr, unsigned long long tick)
{
	unsigned int cpu;
	int ret = 0;

	if (tr->chrome) {
		for (cpu = 0; cpu < tr->nr_cpus; cpu++)
			chrome_slice_end(tr, cpu, tick);
		fputs("\n]}\n", tr->chrome);
		if (fflush(tr->chrome) || ferror(tr->chrome))
			ret = -EIO;
	}
	if (tr->text && (fflush(tr->text) || ferror(tr->text)))
		ret = -EIO;
	return ret;
}
