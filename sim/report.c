// SPDX-License-Identifier: MIT
/*
 * sim/report.c - the simulator's metrics and reports (see report.h for
 * the definitions).
 *
 * Not a port of a kernel file.  2.5.33 kept only nr_switches per runqueue
 * and no per-task accounting beyond sleep_avg; these counters are the
 * simulator's own, taken from outside the scheduler.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
#include "sim/report.h"

int sim_latency_add(struct sim_task_stats *ts, unsigned int ticks)
{
	if (ts->nr_latency == ts->latency_cap) {
		unsigned int cap = ts->latency_cap ? ts->latency_cap * 2 : 8;

		if (cap < ts->latency_cap)
			return -ENOMEM;
		unsigned int *lat = kcalloc(cap, sizeof(*lat), GFP_KERNEL);

		if (!lat)
			return -ENOMEM;
		if (ts->nr_latency)
			memcpy(lat, ts->latency,
			       ts->nr_latency * sizeof(*lat));
		kfree(ts->latency);
		ts->latency = lat;
		ts->latency_cap = cap;
	}
	ts->latency[ts->nr_latency++] = ticks;
	return 0;
}

void sim_task_stats_release(struct sim_task_stats *ts)
{
	kfree(ts->latency);
	ts->latency = NULL;
	ts->nr_latency = 0;
	ts->latency_cap = 0;
}

unsigned int sim_percentile(const unsigned int *sorted, unsigned long n,
			    unsigned int pct)
{
	unsigned long rank;

	if (!n)
		return 0;
	if (pct > 100)
		pct = 100;
	/* nearest rank: the smallest value with at least pct% at or below */
	rank = (pct * (unsigned long long)n + 99) / 100;
	if (!rank)
		rank = 1;
	return sorted[rank - 1];
}

double sim_jain_index(const double *x, unsigned long n)
{
	double sum = 0, sq = 0;
	unsigned long i;

	for (i = 0; i < n; i++) {
		sum += x[i];
		sq += x[i] * x[i];
	}
	if (!n || sq == 0)
		return 1.0;
	return sum * sum / (n * sq);
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

void sim_report_finish(struct sim_report *r)
{
	unsigned long i;

	for (i = 0; i < r->nr_tasks; i++) {
		struct sim_task_stats *ts = r->tasks[i];

		if (ts->nr_latency)
			qsort(ts->latency, ts->nr_latency,
			      sizeof(*ts->latency), cmp_uint);
		ts->p50 = sim_percentile(ts->latency, ts->nr_latency, 50);
		ts->p99 = sim_percentile(ts->latency, ts->nr_latency, 99);
	}
}

static int equal_task(const struct sim_task_stats *ts)
{
	return !ts->forked && !ts->exited;
}

int sim_report_fairness(const struct sim_report *r, unsigned int nr_desc,
			struct sim_fairness *out)
{
	unsigned long *count, i, k;
	double *x;
	unsigned int d;
	int groups = 0;

	count = kcalloc(nr_desc ? nr_desc : 1, sizeof(*count), GFP_KERNEL);
	x = kcalloc(r->nr_tasks ? r->nr_tasks : 1, sizeof(*x), GFP_KERNEL);
	if (!count || !x) {
		groups = -ENOMEM;
		goto out_free;
	}
	for (i = 0; i < r->nr_tasks; i++)
		if (equal_task(r->tasks[i]) && r->tasks[i]->desc < nr_desc)
			count[r->tasks[i]->desc]++;
	for (d = 0; d < nr_desc; d++) {
		double sum = 0;

		if (count[d] < 2)
			continue;
		for (i = 0, k = 0; i < r->nr_tasks; i++) {
			if (!equal_task(r->tasks[i]) || r->tasks[i]->desc != d)
				continue;
			x[k++] = r->tasks[i]->runtime;
			sum += r->tasks[i]->runtime;
		}
		out[groups].desc = d;
		out[groups].n = k;
		out[groups].index = sim_jain_index(x, k);
		out[groups].mean_runtime = sum / k;
		groups++;
	}
out_free:
	kfree(x);
	kfree(count);
	return groups;
}

static const char *policy_name(enum sim_policy p)
{
	switch (p) {
	case SIM_POLICY_FIFO:
		return "FIFO";
	case SIM_POLICY_RR:
		return "RR";
	default:
		return "NORMAL";
	}
}

static double ms(const struct sim_report *r, unsigned long long ticks)
{
	return ticks * 1000.0 / r->hz;
}

static double bonus(const struct sim_task_stats *ts)
{
	return ts->switches ? (double)ts->bonus_sum / ts->switches : 0.0;
}

#define TEXT_MAX_TASKS	64

static int text_tasks(FILE *out, const struct sim_report *r)
{
	unsigned long i;

	fprintf(out,
		"%-15s %7s %-6s %4s %10s %10s %8s %5s %6s %7s %8s %8s\n",
		"task", "pid", "policy", "pri", "run(ms)", "wait(ms)",
		"switches", "bonus", "migr", "wakeups", "lat50ms", "lat99ms");
	for (i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_stats *ts = r->tasks[i];

		fprintf(out,
			"%-15s %7d %-6s %4d %10.1f %10.1f %8u %+5.1f %6u %7u %8.1f %8.1f%s\n",
			ts->comm, ts->pid, policy_name(ts->policy),
			ts->priority, ms(r, ts->runtime), ms(r, ts->wait),
			ts->switches, bonus(ts), ts->migrations, ts->wakeups,
			ms(r, ts->p50), ms(r, ts->p99),
			ts->exited ? "  (exited)" : "");
	}
	return 0;
}

int sim_report_text(FILE *out, const struct sim_report *r,
		    const struct sim_workload *wl)
{
	struct sim_fairness *fair;
	unsigned int cpu, k;
	int n, i;

	fair = kcalloc(wl->nr_tasks, sizeof(*fair), GFP_KERNEL);
	if (!fair)
		return -ENOMEM;
	n = sim_report_fairness(r, wl->nr_tasks, fair);
	if (n < 0) {
		kfree(fair);
		return n;
	}
	fprintf(out,
		"workload %s: %u CPUs, HZ=%u, %.3f s simulated (%llu ticks), seed %llu%s\n",
		r->workload, r->nr_cpus, r->hz, (double)r->ticks / r->hz,
		r->ticks, r->seed, r->threaded ? ", threaded" : "");
	fprintf(out, "tasks: %lu (forks %lu, exits %lu", r->nr_tasks,
		r->forks, r->exits);
	if (r->forks_refused)
		fprintf(out, ", forks refused at the task limit %lu",
			r->forks_refused);
	fprintf(out, "), events %llu\n\n", r->events);
	if (r->nr_tasks <= TEXT_MAX_TASKS)
		text_tasks(out, r);
	else
		fprintf(out,
			"(%lu tasks: per-task lines are in --json and --csv)\n",
			r->nr_tasks);
	fprintf(out, "\n%-4s %8s %9s", "cpu", "util(%)", "switches");
	for (k = 0; k < r->nr_counters; k++)
		fprintf(out, " %7s", r->counters[k]->label);
	fputc('\n', out);
	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		const struct sim_cpu_stats *c = &r->cpus[cpu];

		fprintf(out, "%-4u %8.1f %9lu", cpu,
			r->ticks ? 100.0 * c->busy / r->ticks : 0.0,
			c->switches);
		for (k = 0; k < r->nr_counters; k++)
			fprintf(out, " %7lu", c->counters[k]);
		fputc('\n', out);
	}
	if (n)
		fprintf(out, "\nfairness (Jain's index over equal tasks' runtime):\n");
	for (i = 0; i < n; i++)
		fprintf(out, "  %-15s %lu tasks, mean run %.1f ms, index %.4f\n",
			wl->tasks[fair[i].desc].name, fair[i].n,
			ms(r, fair[i].mean_runtime), fair[i].index);
	kfree(fair);
	return ferror(out) ? -EIO : 0;
}

int sim_report_json(FILE *out, const struct sim_report *r,
		    const struct sim_workload *wl)
{
	struct sim_fairness *fair;
	unsigned long i;
	unsigned int cpu, k;
	int n, g;

	fair = kcalloc(wl->nr_tasks, sizeof(*fair), GFP_KERNEL);
	if (!fair)
		return -ENOMEM;
	n = sim_report_fairness(r, wl->nr_tasks, fair);
	if (n < 0) {
		kfree(fair);
		return n;
	}
	fprintf(out,
		"{\"workload\":\"%s\",\"nr_cpus\":%u,\"hz\":%u,\"seed\":%llu,\"threaded\":%s,\"ticks\":%llu,\"seconds\":%.6f,\"events\":%llu,\"forks\":%lu,\"forks_refused\":%lu,\"exits\":%lu,\n\"tasks\":[",
		r->workload, r->nr_cpus, r->hz, r->seed,
		r->threaded ? "true" : "false", r->ticks,
		(double)r->ticks / r->hz, r->events, r->forks,
		r->forks_refused, r->exits);
	for (i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_stats *ts = r->tasks[i];

		fprintf(out,
			"%s\n{\"comm\":\"%s\",\"pid\":%d,\"group\":\"%s\",\"policy\":\"%s\",\"priority\":%d,\"forked\":%s,\"exited\":%s,\"runtime_ms\":%.3f,\"wait_ms\":%.3f,\"switches\":%u,\"bonus\":%.3f,\"migrations\":%u,\"wakeups\":%u,\"latency_p50_ms\":%.3f,\"latency_p99_ms\":%.3f}",
			i ? "," : "", ts->comm, ts->pid,
			ts->desc < wl->nr_tasks ? wl->tasks[ts->desc].name : "",
			policy_name(ts->policy), ts->priority,
			ts->forked ? "true" : "false",
			ts->exited ? "true" : "false", ms(r, ts->runtime),
			ms(r, ts->wait), ts->switches, bonus(ts),
			ts->migrations, ts->wakeups, ms(r, ts->p50),
			ms(r, ts->p99));
	}
	fputs("],\n\"cpus\":[", out);
	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		const struct sim_cpu_stats *c = &r->cpus[cpu];

		fprintf(out,
			"%s\n{\"cpu\":%u,\"utilisation\":%.4f,\"switches\":%lu",
			cpu ? "," : "", cpu,
			r->ticks ? (double)c->busy / r->ticks : 0.0,
			c->switches);
		for (k = 0; k < r->nr_counters; k++)
			fprintf(out, ",\"%s\":%lu", r->counters[k]->name,
				c->counters[k]);
		fputc('}', out);
	}
	fputs("],\n\"fairness\":[", out);
	for (g = 0; g < n; g++)
		fprintf(out,
			"%s\n{\"group\":\"%s\",\"tasks\":%lu,\"mean_runtime_ms\":%.3f,\"jain_index\":%.6f}",
			g ? "," : "", wl->tasks[fair[g].desc].name, fair[g].n,
			ms(r, fair[g].mean_runtime), fair[g].index);
	fputs("]}\n", out);
	kfree(fair);
	return ferror(out) ? -EIO : 0;
}

int sim_report_csv(FILE *out, const struct sim_report *r,
		   const struct sim_workload *wl)
{
	unsigned long i;
	unsigned int cpu, k;

	fputs("table,comm,pid,group,policy,priority,forked,exited,runtime_ms,wait_ms,switches,bonus,migrations,wakeups,latency_p50_ms,latency_p99_ms\n",
	      out);
	for (i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_stats *ts = r->tasks[i];

		fprintf(out,
			"task,%s,%d,%s,%s,%d,%d,%d,%.3f,%.3f,%u,%.3f,%u,%u,%.3f,%.3f\n",
			ts->comm, ts->pid,
			ts->desc < wl->nr_tasks ? wl->tasks[ts->desc].name : "",
			policy_name(ts->policy), ts->priority, ts->forked,
			ts->exited, ms(r, ts->runtime), ms(r, ts->wait),
			ts->switches, bonus(ts), ts->migrations, ts->wakeups,
			ms(r, ts->p50), ms(r, ts->p99));
	}
	fputs("\ntable,cpu,utilisation,switches", out);
	for (k = 0; k < r->nr_counters; k++)
		fprintf(out, ",%s", r->counters[k]->name);
	fputc('\n', out);
	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		const struct sim_cpu_stats *c = &r->cpus[cpu];

		fprintf(out, "cpu,%u,%.4f,%lu", cpu,
			r->ticks ? (double)c->busy / r->ticks : 0.0,
			c->switches);
		for (k = 0; k < r->nr_counters; k++)
			fprintf(out, ",%lu", c->counters[k]);
		fputc('\n', out);
	}
	return ferror(out) ? -EIO : 0;
}
