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

#include <jansson.h>

#include "compat/slab.h"
#include "sim/internal.h"
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
			memcpy(lat, ts->latency, ts->nr_latency * sizeof(*lat));
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

/* the 1-based rank of the @pct percentile of @n values (@n > 0) */
static unsigned long long nearest_rank(unsigned long long n, unsigned int pct)
{
	unsigned long long rank;

	if (pct > 100)
		pct = 100;
	/* nearest rank: the smallest value with at least pct% at or below */
	rank = (pct * n + 99) / 100;
	return rank ? rank : 1;
}

unsigned int sim_percentile(const unsigned int *sorted, unsigned long n,
			    unsigned int pct)
{
	unsigned long rank;

	if (!n)
		return 0;
	rank = nearest_rank(n, pct);
	return sorted[rank - 1];
}

/* Jain's index from the sum and the sum of squares of @n values */
static double jain(double sum, double sq, unsigned long n)
{
	if (!n || sq == 0)
		return 1.0;
	return sum * sum / (n * sq);
}

double sim_jain_index(const double *x, unsigned long n)
{
	double sum = 0, sq = 0;
	unsigned long i;

	for (i = 0; i < n; i++) {
		sum += x[i];
		sq += x[i] * x[i];
	}
	return jain(sum, sq, n);
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
			qsort(ts->latency, ts->nr_latency, sizeof(*ts->latency),
			      cmp_uint);
	}
}

/* ------------------------------------------- latencies of many tasks */

/*
 * Merged percentiles of a set of tasks (every task, or one description's,
 * grouped once by sim_report_groups()) come from the cheapest of:
 *  - the task's own sorted list, when one task of the set has latencies;
 *  - a histogram of the values, a counter per tick up to the largest
 *    (one pass over the wake-ups plus one over the counters), when the
 *    largest is below LATENCY_HIST_MAX ticks and the wake-ups outnumber
 *    a quarter of the counters;
 *  - the values copied and sorted, when there are fewer (a set of a few
 *    wake-ups, one of them long, pays for its wake-ups, not its longest);
 *  - a binary search over the values, counting in each task's sorted
 *    list (no memory, a pass over the set's tasks per step), past the
 *    histogram's reach: a run whose latencies reach a million ticks is
 *    one of a few tasks that waited very long, not of a million tasks.
 * Each costs the set's tasks and wake-ups, never the run's: the groups'
 * figures together cost the run's tasks plus its descriptions.
 */
#define LATENCY_HIST_MAX (1u << 20)

/* a set of tasks: @n of them at @tasks */
struct task_set {
	struct sim_task_stats *const *tasks;
	unsigned long n;
};

/* how many of @ts's latencies are at most @v */
static unsigned long at_most(const struct sim_task_stats *ts, unsigned int v)
{
	unsigned long lo = 0, hi = ts->nr_latency;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (ts->latency[mid] <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* the smallest latency with at least @rank latencies at or below it */
static unsigned int search_rank(const struct task_set *set,
				unsigned long long rank, unsigned int max)
{
	unsigned int lo = 0, hi = max;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		unsigned long long count = 0;
		unsigned long i;

		for (i = 0; i < set->n; i++)
			count += at_most(set->tasks[i], mid);
		if (count >= rank)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/*
 * A histogram of the latencies of @set: (@max + 1) counters (@max below
 * LATENCY_HIST_MAX), or NULL when out of memory.
 */
static unsigned long long *latency_histogram(const struct task_set *set,
					     unsigned int max)
{
	unsigned long long *hist;
	unsigned long i, k;

	hist = kcalloc(max + 1ul, sizeof(*hist), GFP_KERNEL);
	if (!hist)
		return NULL;
	for (i = 0; i < set->n; i++) {
		const struct sim_task_stats *ts = set->tasks[i];

		for (k = 0; k < ts->nr_latency; k++)
			hist[ts->latency[k]]++;
	}
	return hist;
}

/* p50 and p99 of @set from a histogram of its values */
static int hist_percentiles(const struct task_set *set, struct sim_latency *out)
{
	unsigned long long *hist, rank50, rank99, seen = 0;
	unsigned int v;

	hist = latency_histogram(set, out->max);
	if (!hist)
		return -ENOMEM;
	rank50 = nearest_rank(out->n, 50);
	rank99 = nearest_rank(out->n, 99);
	out->p50 = out->p99 = out->max;
	for (v = 0; v < out->max; v++) {
		seen += hist[v];
		if (seen >= rank50 && out->p50 == out->max)
			out->p50 = v;
		if (seen >= rank99) {
			out->p99 = v;
			break;
		}
	}
	kfree(hist);
	return 0;
}

/* p50 and p99 of @set from its values, copied and sorted */
static int sorted_percentiles(const struct task_set *set,
			      struct sim_latency *out)
{
	unsigned int *all;
	unsigned long i, m = 0;

	all = kcalloc(out->n, sizeof(*all), GFP_KERNEL);
	if (!all)
		return -ENOMEM;
	for (i = 0; i < set->n; i++) {
		const struct sim_task_stats *ts = set->tasks[i];

		if (!ts->nr_latency)
			continue;
		memcpy(all + m, ts->latency, ts->nr_latency * sizeof(*all));
		m += ts->nr_latency;
	}
	qsort(all, m, sizeof(*all), cmp_uint);
	out->p50 = sim_percentile(all, m, 50);
	out->p99 = sim_percentile(all, m, 99);
	kfree(all);
	return 0;
}

/* the merged latencies of @set into @out; Return: 0 or -ENOMEM */
static int set_latency(const struct task_set *set, struct sim_latency *out)
{
	const struct sim_task_stats *only = NULL;
	unsigned long i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < set->n; i++) {
		const struct sim_task_stats *ts = set->tasks[i];

		if (!ts->nr_latency)
			continue;
		only = out->n ? NULL : ts;
		out->n += ts->nr_latency;
		if (ts->latency[ts->nr_latency - 1] > out->max)
			out->max = ts->latency[ts->nr_latency - 1];
	}
	if (!out->n)
		return 0;
	if (only && only->nr_latency == out->n) {
		out->p50 = sim_task_latency(only, 50);
		out->p99 = sim_task_latency(only, 99);
		return 0;
	}
	if (out->max >= LATENCY_HIST_MAX) {
		out->p50 = search_rank(set, nearest_rank(out->n, 50), out->max);
		out->p99 = search_rank(set, nearest_rank(out->n, 99), out->max);
		return 0;
	}
	if (out->n < out->max / 4)
		return sorted_percentiles(set, out);
	return hist_percentiles(set, out);
}

int sim_report_latency(const struct sim_report *r, long desc,
		       struct sim_latency *out)
{
	struct task_set set = { r->tasks, r->nr_tasks };
	struct sim_task_stats **members;
	unsigned long i;
	int ret;

	memset(out, 0, sizeof(*out));
	if (desc < 0)
		return set_latency(&set, out);
	members = kcalloc(r->nr_tasks ? r->nr_tasks : 1, sizeof(*members),
			  GFP_KERNEL);
	if (!members)
		return -ENOMEM;
	set.tasks = members;
	set.n = 0;
	for (i = 0; i < r->nr_tasks; i++)
		if (r->tasks[i]->desc == (unsigned long)desc)
			members[set.n++] = r->tasks[i];
	ret = set_latency(&set, out);
	kfree(members);
	return ret;
}

/* ------------------------------------------------ groups and totals */

static int created(const struct sim_task_stats *ts)
{
	return ts->pid != 0;
}

/* ticks from creation to exit, or to the end of the run */
static unsigned long long alive(const struct sim_report *r,
				const struct sim_task_stats *ts)
{
	if (ts->exited)
		return ts->turnaround;
	return r->ticks > ts->created ? r->ticks - ts->created : 0;
}

/*
 * Into Jain's sums @sum (the sum and the sum of squares), @ts's CPU rate,
 * run time / ticks alive, counted in *@n; a task alive no tick is left out
 */
static void add_rate(const struct sim_report *r,
		     const struct sim_task_stats *ts, double *sum,
		     unsigned long *n)
{
	double x;

	if (!alive(r, ts))
		return;
	x = (double)ts->runtime / alive(r, ts);
	sum[0] += x;
	sum[1] += x * x;
	(*n)++;
}

int sim_report_taskgroup_tasks(const struct sim_report *r,
			       struct sim_taskgroup *tgs)
{
	unsigned int k, n = r->nr_taskgroups;
	unsigned long i;
	double *sums;

	/* workload taskgroup k + 1 is tgs[k]; the root (0) is not reported */
	sums = kcalloc(n ? 2ul * n : 1, sizeof(*sums), GFP_KERNEL);
	if (!sums)
		return -ENOMEM;
	for (k = 0; k < n; k++)
		tgs[k].tasks = tgs[k].jain_tasks = 0;
	for (i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_stats *ts = r->tasks[i];

		if (!created(ts) || !ts->taskgroup || ts->taskgroup > n)
			continue;
		k = ts->taskgroup - 1;
		tgs[k].tasks++;
		add_rate(r, ts, &sums[2 * k], &tgs[k].jain_tasks);
	}
	for (k = 0; k < n; k++)
		tgs[k].jain =
			jain(sums[2 * k], sums[2 * k + 1], tgs[k].jain_tasks);
	kfree(sums);
	return 0;
}

/*
 * The tasks of each description together, in one pass: *@order holds
 * every task of a description below @nr_desc, by description, and
 * (*@start)[d] .. (*@start)[d + 1] are description d's.  Return: 0 or
 * -ENOMEM (nothing is left allocated).
 */
static int group_by_desc(const struct sim_report *r, unsigned int nr_desc,
			 struct sim_task_stats ***order, unsigned long **start)
{
	unsigned long i, *next;
	unsigned int d;

	*start = kcalloc(nr_desc + 2ul, sizeof(**start), GFP_KERNEL);
	*order = kcalloc(r->nr_tasks ? r->nr_tasks : 1, sizeof(**order),
			 GFP_KERNEL);
	if (!*start || !*order) {
		kfree(*start);
		kfree(*order);
		return -ENOMEM;
	}
	/* counted into start[d + 2], summed into start[d + 1], placed */
	for (i = 0; i < r->nr_tasks; i++)
		if (r->tasks[i]->desc < nr_desc)
			(*start)[r->tasks[i]->desc + 2]++;
	for (d = 1; d <= nr_desc; d++)
		(*start)[d + 1] += (*start)[d];
	next = *start + 1;
	for (i = 0; i < r->nr_tasks; i++)
		if (r->tasks[i]->desc < nr_desc)
			(*order)[next[r->tasks[i]->desc]++] = r->tasks[i];
	return 0;
}

int sim_report_groups(const struct sim_report *r, unsigned int nr_desc,
		      struct sim_group *out)
{
	double *sums, cpu_ticks = (double)r->ticks * r->nr_cpus;
	struct sim_task_stats **order;
	unsigned long i, *start;
	unsigned int d;
	int n = 0;

	/* per group: the rates' sum and sum of squares, responses, turnarounds */
	sums = kcalloc(nr_desc ? 4ul * nr_desc : 1, sizeof(*sums), GFP_KERNEL);
	if (!sums)
		return -ENOMEM;
	if (group_by_desc(r, nr_desc, &order, &start)) {
		kfree(sums);
		return -ENOMEM;
	}
	memset(out, 0, nr_desc * sizeof(*out));
	for (i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_stats *ts = r->tasks[i];
		struct sim_group *g;
		double *sum;

		if (ts->desc >= nr_desc || !created(ts))
			continue;
		g = &out[ts->desc];
		sum = &sums[4 * ts->desc];
		g->tasks++;
		g->runtime += ts->runtime;
		add_rate(r, ts, sum, &g->jain_tasks);
		if (ts->response != SIM_NEVER_RAN) {
			g->ran++;
			sum[2] += ts->response;
			if (ts->response > g->response_max)
				g->response_max = ts->response;
		}
		if (ts->exited) {
			g->exited++;
			sum[3] += ts->turnaround;
		}
	}
	for (d = 0; d < nr_desc; d++) {
		struct task_set set = { order + start[d],
					start[d + 1] - start[d] };
		struct sim_group g = out[d];
		const double *sum = &sums[4 * d];

		if (!g.tasks)
			continue;
		g.desc = d;
		g.share = cpu_ticks ? g.runtime / cpu_ticks : 0;
		g.jain = jain(sum[0], sum[1], g.jain_tasks);
		g.response_mean = g.ran ? sum[2] / g.ran : 0;
		g.turnaround_mean = g.exited ? sum[3] / g.exited : 0;
		if (set_latency(&set, &g.latency)) {
			n = -ENOMEM;
			break;
		}
		out[n++] = g;
	}
	kfree(order);
	kfree(start);
	kfree(sums);
	return n;
}

int sim_report_totals(const struct sim_report *r, struct sim_totals *out)
{
	unsigned long i;
	unsigned int cpu;

	memset(out, 0, sizeof(*out));
	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		out->switches += r->cpus[cpu].switches;
	for (i = 0; i < r->nr_tasks; i++) {
		out->migrations += r->tasks[i]->migrations;
		out->wakeups += r->tasks[i]->wakeups;
	}
	return sim_report_latency(r, -1, &out->latency);
}

double sim_cost_ns(const struct sim_cost *c, unsigned int kind)
{
	unsigned long long calls = 0, ns = 0, clock;
	unsigned int k;

	for (k = 0; k < SIM_NR_COST; k++) {
		if (kind != SIM_NR_COST && k != kind)
			continue;
		calls += c->calls[k];
		ns += c->ns[k];
	}
	if (!calls)
		return 0;
	clock = calls * c->clock_ns;
	return ns > clock ? (double)(ns - clock) / calls : 0;
}

/* ---------------------------------------------------------- outputs */

/* the report's short name of @policy (sched_policies[]) */
static const char *policy_name(int policy)
{
	const struct sched_policy *sp = sched_policy_get(policy);

	return sp ? sp->label : "?";
}

/* a taskgroup's share of all the CPU time of the run */
static double taskgroup_share(const struct sim_report *r,
			      const struct sim_taskgroup *tg)
{
	double all = (double)r->ticks * r->nr_cpus;

	return all ? tg->runtime / all : 0.0;
}

static double ms(const struct sim_report *r, double ticks)
{
	return ticks * 1000.0 / r->hz;
}

static double bonus(const struct sim_task_stats *ts)
{
	return ts->switches ? (double)ts->bonus_sum / ts->switches : 0.0;
}

static const char *group_name(const struct sim_workload *wl, unsigned int d)
{
	return d < wl->nr_tasks ? wl->tasks[d].name : "";
}

/* the groups and totals every output prints; Return: groups, or -ENOMEM */
static int summarise(const struct sim_report *r, const struct sim_workload *wl,
		     struct sim_group **groups, struct sim_totals *totals)
{
	int n;

	*groups = kcalloc(wl->nr_tasks ? wl->nr_tasks : 1, sizeof(**groups),
			  GFP_KERNEL);
	if (!*groups)
		return -ENOMEM;
	n = sim_report_groups(r, wl->nr_tasks, *groups);
	if (n >= 0 && sim_report_totals(r, totals))
		n = -ENOMEM;
	if (n < 0) {
		kfree(*groups);
		*groups = NULL;
	}
	return n;
}

/* ------------------------------------------------------------- text */

#define TEXT_MAX_TASKS 64

/* @ticks in ms with one decimal into @buf, or "-" when @valid is 0 */
static const char *ms_or_dash(char *buf, size_t len, const struct sim_report *r,
			      double ticks, int valid)
{
	if (valid)
		snprintf(buf, len, "%.1f", ms(r, ticks));
	else
		snprintf(buf, len, "-");
	return buf;
}

static void text_tasks(FILE *out, const struct sim_report *r)
{
	unsigned long i;

	fprintf(out,
		"%-15s %7s %-6s %4s %10s %10s %8s %5s %6s %7s %8s %8s %8s %8s %9s\n",
		"task", "pid", "policy", "pri", "run(ms)", "wait(ms)",
		"switches", "bonus", "migr", "wakeups", "lat50ms", "lat99ms",
		"latmaxms", "resp(ms)", "turn(ms)");
	for (i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_stats *ts = r->tasks[i];
		char resp[32], turn[32];

		fprintf(out,
			"%-15s %7d %-6s %4d %10.1f %10.1f %8u %+5.1f %6u %7u %8.1f %8.1f %8.1f %8s %9s%s\n",
			ts->comm, ts->pid, policy_name(ts->policy),
			ts->priority, ms(r, ts->runtime), ms(r, ts->wait),
			ts->switches, bonus(ts), ts->migrations, ts->wakeups,
			ms(r, sim_task_latency(ts, 50)),
			ms(r, sim_task_latency(ts, 99)),
			ms(r, sim_task_latency(ts, 100)),
			ms_or_dash(resp, sizeof(resp), r, ts->response,
				   ts->response != SIM_NEVER_RAN),
			ms_or_dash(turn, sizeof(turn), r, ts->turnaround,
				   ts->exited),
			!created(ts) ? "  (not started)" :
			ts->exited   ? "  (exited)" :
				       "");
	}
}

static void text_groups(FILE *out, const struct sim_report *r,
			const struct sim_workload *wl,
			const struct sim_group *g, int n)
{
	int i;

	fprintf(out,
		"\ngroups (share: of all CPU time; Jain: over the members' CPU rates while alive)\n");
	fprintf(out, "%-15s %6s %8s %7s %8s %8s %8s %9s %9s\n", "group",
		"tasks", "share(%)", "Jain", "lat50ms", "lat99ms", "latmaxms",
		"resp(ms)", "turn(ms)");
	for (i = 0; i < n; i++) {
		char turn[32];

		fprintf(out,
			"%-15s %6lu %8.1f %7.4f %8.1f %8.1f %8.1f %9.1f %9s\n",
			group_name(wl, g[i].desc), g[i].tasks, 100 * g[i].share,
			g[i].jain, ms(r, g[i].latency.p50),
			ms(r, g[i].latency.p99), ms(r, g[i].latency.max),
			ms(r, g[i].response_mean),
			ms_or_dash(turn, sizeof(turn), r, g[i].turnaround_mean,
				   g[i].exited));
	}
}

static void text_dl(FILE *out, const struct sim_report *r)
{
	unsigned long i;

	if (!r->nr_dl)
		return;
	fprintf(out,
		"\ndeadline tasks (SCHED_DEADLINE: reservation, share of one CPU, deadline misses, throttles, runtime left at the end)\n");
	fprintf(out, "%-15s %9s %9s %9s %8s %7s %9s %9s\n", "task", "run(ms)",
		"dl(ms)", "per(ms)", "cpu(%)", "misses", "throttles",
		"left(ms)");
	for (i = 0; i < r->nr_dl; i++) {
		const struct sim_dl_stats *dl = &r->dl[i];
		const struct sim_task_stats *ts = r->tasks[dl->task];

		fprintf(out, "%-15s %9.3f %9.3f %9.3f %8.1f %7lu %9lu %9.3f\n",
			ts->comm, dl->runtime_ns / 1e6, dl->deadline_ns / 1e6,
			dl->period_ns / 1e6,
			r->ticks ? 100.0 * ts->runtime / r->ticks : 0.0,
			dl->misses, dl->throttles, dl->runtime_left_ns / 1e6);
	}
}

static void text_taskgroups(FILE *out, const struct sim_report *r)
{
	unsigned int i;

	if (!r->nr_taskgroups)
		return;
	fprintf(out,
		"\ntaskgroups (cgroups: share of all CPU time, child groups included; tasks and Jain: the tasks in the group itself)\n");
	fprintf(out, "%-23s %8s %10s %6s %7s\n", "taskgroup", "share(%)",
		"run(ms)", "tasks", "Jain");
	for (i = 0; i < r->nr_taskgroups; i++)
		fprintf(out, "%-23s %8.1f %10.1f %6lu %7.4f\n",
			r->taskgroups[i].path,
			100 * taskgroup_share(r, &r->taskgroups[i]),
			ms(r, r->taskgroups[i].runtime), r->taskgroups[i].tasks,
			r->taskgroups[i].jain);
}

int sim_report_text(FILE *out, const struct sim_report *r,
		    const struct sim_workload *wl)
{
	struct sim_totals tot;
	struct sim_group *g;
	unsigned int cpu, k;
	int n;

	n = summarise(r, wl, &g, &tot);
	if (n < 0)
		return n;
	fprintf(out,
		"workload %s: %u CPUs, HZ=%u, %.3f s simulated (%llu ticks), seed %llu%s%s%s\n",
		r->workload, r->nr_cpus, r->hz, (double)r->ticks / r->hz,
		r->ticks, r->seed, r->sched_class ? ", scheduler " : "",
		r->sched_class ? r->sched_class : "",
		r->threaded ? ", threaded" : "");
	fprintf(out, "tasks: %lu (forks %lu, exits %lu", r->nr_tasks, r->forks,
		r->exits);
	if (r->forks_refused)
		fprintf(out, ", forks refused at the task limit %lu",
			r->forks_refused);
	fprintf(out, "), events %llu\n", r->events);
	fprintf(out,
		"context switches %llu, migrations %llu, wake-ups %llu: latency p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
		tot.switches, tot.migrations, tot.wakeups,
		ms(r, tot.latency.p50), ms(r, tot.latency.p99),
		ms(r, tot.latency.max));
	if (r->cost.measured)
		fprintf(out,
			"scheduler cost: %.1f ns per event (%llu calls), %.1f ns per pick (schedule())\n",
			sim_cost_ns(&r->cost, SIM_NR_COST),
			r->cost.calls[SIM_COST_SCHEDULE] +
				r->cost.calls[SIM_COST_TICK] +
				r->cost.calls[SIM_COST_WAKEUP] +
				r->cost.calls[SIM_COST_YIELD],
			sim_cost_ns(&r->cost, SIM_COST_SCHEDULE));
	fputc('\n', out);
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
	text_groups(out, r, wl, g, n);
	text_taskgroups(out, r);
	text_dl(out, r);
	kfree(g);
	return ferror(out) ? -EIO : 0;
}

/*
 * The histogram of every latency, for the JSON and CSV outputs: into
 * *@hist (NULL when there is no latency, or when the largest is too
 * large for one: the outputs then leave it out).  Return: 0 or -ENOMEM.
 */
static int need_histogram(const struct sim_report *r,
			  const struct sim_latency *l,
			  unsigned long long **hist)
{
	struct task_set set = { r->tasks, r->nr_tasks };

	*hist = NULL;
	if (!l->n || l->max >= LATENCY_HIST_MAX)
		return 0;
	*hist = latency_histogram(&set, l->max);
	return *hist ? 0 : -ENOMEM;
}

/* ------------------------------------------------------------- JSON */

/*
 * The JSON is built with jansson, and written a piece at a time so that
 * a report of a million tasks never holds a million objects: the run's
 * own members first (one object), then each task.  Every key and value
 * goes through json_dumpf(), which escapes; only the punctuation between
 * the pieces is written here.  Numbers keep jansson's 17 significant
 * digits, so a reader gets back exactly the double that was computed.
 */

static const char *const cost_name[SIM_NR_COST] = {
	[SIM_COST_SCHEDULE] = "schedule",
	[SIM_COST_TICK] = "scheduler_tick",
	[SIM_COST_WAKEUP] = "wakeup",
	[SIM_COST_YIELD] = "yield",
};

/* write @v, whose reference this takes; Return: 0, -ENOMEM or -EIO */
static int put_json(FILE *out, json_t *v)
{
	int ret;

	if (!v)
		return -ENOMEM;
	ret = json_dumpf(v, out, JSON_COMPACT | JSON_ENCODE_ANY);
	json_decref(v);
	return ret ? -EIO : 0;
}

/* write the members of @obj, whose reference this takes, without braces */
static int put_members(FILE *out, json_t *obj)
{
	const char *key;
	json_t *v;
	int ret = 0, first = 1;

	if (!obj)
		return -ENOMEM;
	json_object_foreach(obj, key, v)
	{
		if (!first)
			fputc(',', out);
		first = 0;
		ret = put_json(out, json_string(key));
		if (ret)
			break;
		fputc(':', out);
		ret = put_json(out, json_incref(v));
		if (ret)
			break;
	}
	json_decref(obj);
	return ret;
}

/*
 * A name as a JSON string.  JSON strings are UTF-8: a name that is not
 * (cut inside a character) is written with '?' for its non-ASCII bytes.
 */
static json_t *json_name(const char *s)
{
	json_t *v;
	char *copy;
	size_t i, len;

	if (!s)
		return json_null();
	v = json_string(s);
	if (v)
		return v;
	len = strlen(s);
	copy = kmalloc(len + 1, GFP_KERNEL);
	if (!copy)
		return NULL;
	for (i = 0; i <= len; i++)
		copy[i] = (unsigned char)s[i] >= 0x80 ? '?' : s[i];
	v = json_string(copy);
	kfree(copy);
	return v;
}

/* milliseconds, or null when @valid is 0 */
static json_t *json_ms(const struct sim_report *r, double ticks, int valid)
{
	return valid ? json_real(ms(r, ticks)) : json_null();
}

static json_t *latency_json(const struct sim_report *r,
			    const struct sim_latency *l)
{
	return json_pack("{s:I,s:f,s:f,s:f}", "wakeups", (json_int_t)l->n,
			 "p50_ms", ms(r, l->p50), "p99_ms", ms(r, l->p99),
			 "max_ms", ms(r, l->max));
}

/* [[ms, count], ...] of every latency value seen (see need_histogram()) */
static json_t *histogram_json(const struct sim_report *r,
			      const unsigned long long *hist,
			      const struct sim_latency *l)
{
	json_t *a;
	unsigned int v;

	if (l->n && !hist)
		return json_null();
	a = json_array();
	for (v = 0; a && l->n && v <= l->max; v++) {
		if (hist[v] &&
		    json_array_append_new(a, json_pack("[f,I]", ms(r, v),
						       (json_int_t)hist[v]))) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

static json_t *cost_json(const struct sim_cost *c)
{
	json_t *calls, *ns;
	unsigned int k;

	if (!c->measured)
		return json_null();
	calls = json_object();
	ns = json_object();
	for (k = 0; calls && ns && k < SIM_NR_COST; k++) {
		if (json_object_set_new(calls, cost_name[k],
					json_integer(c->calls[k])) ||
		    json_object_set_new(ns, cost_name[k],
					json_integer(c->ns[k]))) {
			json_decref(calls);
			calls = NULL;
		}
	}
	return json_pack("{s:i,s:f,s:f,s:o,s:o}", "clock_ns", c->clock_ns,
			 "ns_per_event", sim_cost_ns(c, SIM_NR_COST),
			 "ns_per_pick", sim_cost_ns(c, SIM_COST_SCHEDULE),
			 "calls", calls, "ns_raw", ns);
}

static json_t *groups_json(const struct sim_report *r,
			   const struct sim_workload *wl,
			   const struct sim_group *g, int n)
{
	json_t *a = json_array();
	int i;

	for (i = 0; a && i < n; i++) {
		const struct sim_task_desc *d = &wl->tasks[g[i].desc];
		json_t *o = json_pack(
			"{s:o,s:s,s:i,s:I,s:I,s:f,s:f,s:f,s:I,s:o,s:o,s:o,s:o}",
			"group", json_name(d->name), "policy",
			policy_name(d->policy), "priority", d->priority,
			"tasks", (json_int_t)g[i].tasks, "exited",
			(json_int_t)g[i].exited, "runtime_ms",
			ms(r, g[i].runtime), "share", g[i].share, "jain_index",
			g[i].jain, "jain_tasks", (json_int_t)g[i].jain_tasks,
			"latency", latency_json(r, &g[i].latency),
			"response_mean_ms",
			json_ms(r, g[i].response_mean, g[i].ran),
			"response_max_ms",
			json_ms(r, g[i].response_max, g[i].ran),
			"turnaround_mean_ms",
			json_ms(r, g[i].turnaround_mean, g[i].exited));

		if (json_array_append_new(a, o)) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

static json_t *taskgroups_json(const struct sim_report *r)
{
	json_t *a = json_array();
	unsigned int i;

	for (i = 0; a && i < r->nr_taskgroups; i++) {
		const struct sim_taskgroup *tg = &r->taskgroups[i];

		if (json_array_append_new(
			    a, json_pack("{s:o,s:f,s:f,s:I,s:f,s:I}",
					 "taskgroup", json_name(tg->path),
					 "runtime_ms", ms(r, tg->runtime),
					 "share", taskgroup_share(r, tg),
					 "tasks", (json_int_t)tg->tasks,
					 "jain_index", tg->jain, "jain_tasks",
					 (json_int_t)tg->jain_tasks))) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

static json_t *cpus_json(const struct sim_report *r)
{
	json_t *a = json_array();
	unsigned int cpu;

	for (cpu = 0; a && cpu < r->nr_cpus; cpu++) {
		const struct sim_cpu_stats *c = &r->cpus[cpu];
		json_t *o =
			json_pack("{s:i,s:f,s:I}", "cpu", cpu, "utilisation",
				  r->ticks ? (double)c->busy / r->ticks : 0.0,
				  "switches", (json_int_t)c->switches);
		unsigned int k;

		/* then the class's own counters, by their names */
		for (k = 0; o && k < r->nr_counters; k++) {
			if (json_object_set_new(o, r->counters[k]->name,
						json_integer(c->counters[k]))) {
				json_decref(o);
				o = NULL;
			}
		}
		if (json_array_append_new(a, o)) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

/* a task's run time / all the CPU time of the run, as a group's share */
static double task_share(const struct sim_report *r,
			 const struct sim_task_stats *ts)
{
	double all = (double)r->ticks * r->nr_cpus;

	return all ? ts->runtime / all : 0;
}

static json_t *task_json(const struct sim_report *r,
			 const struct sim_workload *wl,
			 const struct sim_task_stats *ts)
{
	return json_pack(
		"{s:o,s:i,s:o,s:s,s:i,s:b,s:b,s:o,s:f,s:f,s:f,s:I,s:f,s:I,s:I,"
		"s:f,s:f,s:f,s:o,s:o}",
		"comm", json_name(ts->comm), "pid", ts->pid, "group",
		json_name(group_name(wl, ts->desc)), "policy",
		policy_name(ts->policy), "priority", ts->priority, "forked",
		ts->forked, "exited", ts->exited, "created_ms",
		json_ms(r, ts->created, created(ts)), "runtime_ms",
		ms(r, ts->runtime), "share", task_share(r, ts), "wait_ms",
		ms(r, ts->wait), "switches", (json_int_t)ts->switches, "bonus",
		bonus(ts), "migrations", (json_int_t)ts->migrations, "wakeups",
		(json_int_t)ts->wakeups, "latency_p50_ms",
		ms(r, sim_task_latency(ts, 50)), "latency_p99_ms",
		ms(r, sim_task_latency(ts, 99)), "latency_max_ms",
		ms(r, sim_task_latency(ts, 100)), "response_ms",
		json_ms(r, ts->response, ts->response != SIM_NEVER_RAN),
		"turnaround_ms", json_ms(r, ts->turnaround, ts->exited));
}

/* the SCHED_DEADLINE tasks' figures (sim_dl_stats) */
static json_t *dl_json(const struct sim_report *r)
{
	json_t *a = json_array();
	unsigned long i;

	for (i = 0; a && i < r->nr_dl; i++) {
		const struct sim_dl_stats *dl = &r->dl[i];

		if (json_array_append_new(
			    a,
			    json_pack(
				    "{s:o,s:I,s:f,s:f,s:f,s:f,s:I,s:I,s:f}",
				    "comm", json_name(r->tasks[dl->task]->comm),
				    "pid", (json_int_t)r->tasks[dl->task]->pid,
				    "runtime_ms", dl->runtime_ns / 1e6,
				    "deadline_ms", dl->deadline_ns / 1e6,
				    "period_ms", dl->period_ns / 1e6, "share",
				    task_share(r, r->tasks[dl->task]),
				    "deadline_misses", (json_int_t)dl->misses,
				    "throttles", (json_int_t)dl->throttles,
				    "runtime_left_ms",
				    dl->runtime_left_ns / 1e6))) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

/* the run's members, every one but the tasks */
static json_t *run_json(const struct sim_report *r,
			const struct sim_workload *wl,
			const struct sim_group *g, int n,
			const struct sim_totals *tot,
			const unsigned long long *hist)
{
	json_t *o = json_pack(
		"{s:o,s:o,s:i,s:i,s:I,s:b,s:I,s:f,s:I,s:I,s:I,s:I,s:I,s:I,"
		"s:I,s:o,s:o,s:o,s:o,s:o}",
		"workload", json_name(r->workload), "class",
		json_name(r->sched_class), "nr_cpus", r->nr_cpus, "hz", r->hz,
		"seed", (json_int_t)r->seed, "threaded", r->threaded, "ticks",
		(json_int_t)r->ticks, "seconds", (double)r->ticks / r->hz,
		"events", (json_int_t)r->events, "forks", (json_int_t)r->forks,
		"forks_refused", (json_int_t)r->forks_refused, "exits",
		(json_int_t)r->exits, "context_switches",
		(json_int_t)tot->switches, "migrations",
		(json_int_t)tot->migrations, "wakeups",
		(json_int_t)tot->wakeups, "latency",
		latency_json(r, &tot->latency), "latency_histogram",
		histogram_json(r, hist, &tot->latency), "cost",
		cost_json(&r->cost), "groups", groups_json(r, wl, g, n), "cpus",
		cpus_json(r));

	/* under cfs and eevdf, with taskgroups: their figures */
	if (o && r->nr_taskgroups &&
	    json_object_set_new(o, "taskgroups", taskgroups_json(r))) {
		json_decref(o);
		o = NULL;
	}
	/* with SCHED_DEADLINE tasks: theirs */
	if (o && r->nr_dl && json_object_set_new(o, "deadline", dl_json(r))) {
		json_decref(o);
		o = NULL;
	}
	return o;
}

/* one run as a JSON object, without a newline */
static int write_json(FILE *out, const struct sim_report *r,
		      const struct sim_workload *wl)
{
	unsigned long long *hist;
	struct sim_totals tot;
	struct sim_group *g;
	unsigned long i;
	json_t *head;
	int n, ret;

	n = summarise(r, wl, &g, &tot);
	if (n < 0)
		return n;
	ret = need_histogram(r, &tot.latency, &hist);
	head = ret ? NULL : run_json(r, wl, g, n, &tot, hist);
	kfree(hist);
	kfree(g);
	if (!head)
		return -ENOMEM;
	fputc('{', out);
	ret = put_members(out, head);
	if (ret)
		return ret;
	fputs(",\"tasks\":[", out);
	for (i = 0; i < r->nr_tasks; i++) {
		if (i)
			fputc(',', out);
		ret = put_json(out, task_json(r, wl, r->tasks[i]));
		if (ret)
			return ret;
	}
	fputs("]}", out);
	return ferror(out) ? -EIO : 0;
}

int sim_report_json(FILE *out, const struct sim_report *r,
		    const struct sim_workload *wl)
{
	int ret = write_json(out, r, wl);

	if (ret)
		return ret;
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}

/* -------------------------------------------------------------- CSV */

/*
 * RFC 4180: a field holding a comma, a quote or a line break is quoted,
 * its quotes doubled.  Numbers have nine significant digits; a figure
 * that does not exist (the response of a task that never ran) is an
 * empty field.
 */
static void csv_text(FILE *out, const char *s)
{
	if (!s)
		s = "";
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static void csv_num(FILE *out, double v)
{
	fprintf(out, ",%.9g", v);
}

static void csv_ms(FILE *out, const struct sim_report *r, double ticks,
		   int valid)
{
	if (valid)
		csv_num(out, ms(r, ticks));
	else
		fputc(',', out);
}

/* "TABLE,CLASS" opening a row */
static void csv_row(FILE *out, const char *table, const struct sim_report *r)
{
	fprintf(out, "%s,", table);
	csv_text(out, r->sched_class);
}

static void csv_latency(FILE *out, const struct sim_report *r,
			const struct sim_latency *l)
{
	fprintf(out, ",%llu", l->n);
	csv_num(out, ms(r, l->p50));
	csv_num(out, ms(r, l->p99));
	csv_num(out, ms(r, l->max));
}

static void csv_run(FILE *out, const struct sim_report *r,
		    const struct sim_totals *tot)
{
	fputs("table,class,workload,nr_cpus,hz,seed,threaded,ticks,seconds,events,forks,forks_refused,exits,context_switches,migrations,wakeups,latency_wakeups,latency_p50_ms,latency_p99_ms,latency_max_ms,ns_per_event,ns_per_pick\n",
	      out);
	csv_row(out, "run", r);
	fputc(',', out);
	csv_text(out, r->workload);
	fprintf(out, ",%u,%u,%llu,%d,%llu", r->nr_cpus, r->hz, r->seed,
		r->threaded, r->ticks);
	csv_num(out, (double)r->ticks / r->hz);
	fprintf(out, ",%llu,%lu,%lu,%lu,%llu,%llu,%llu", r->events, r->forks,
		r->forks_refused, r->exits, tot->switches, tot->migrations,
		tot->wakeups);
	csv_latency(out, r, &tot->latency);
	if (r->cost.measured) {
		csv_num(out, sim_cost_ns(&r->cost, SIM_NR_COST));
		csv_num(out, sim_cost_ns(&r->cost, SIM_COST_SCHEDULE));
	} else {
		fputs(",,", out);
	}
	fputs("\n\n", out);
}

static void csv_groups(FILE *out, const struct sim_report *r,
		       const struct sim_workload *wl, const struct sim_group *g,
		       int n)
{
	int i;

	fputs("table,class,group,policy,priority,tasks,exited,runtime_ms,share,jain_index,jain_tasks,latency_wakeups,latency_p50_ms,latency_p99_ms,latency_max_ms,response_mean_ms,response_max_ms,turnaround_mean_ms\n",
	      out);
	for (i = 0; i < n; i++) {
		const struct sim_task_desc *d = &wl->tasks[g[i].desc];

		csv_row(out, "group", r);
		fputc(',', out);
		csv_text(out, d->name);
		fprintf(out, ",%s,%d,%lu,%lu", policy_name(d->policy),
			d->priority, g[i].tasks, g[i].exited);
		csv_num(out, ms(r, g[i].runtime));
		csv_num(out, g[i].share);
		csv_num(out, g[i].jain);
		fprintf(out, ",%lu", g[i].jain_tasks);
		csv_latency(out, r, &g[i].latency);
		csv_ms(out, r, g[i].response_mean, g[i].ran);
		csv_ms(out, r, g[i].response_max, g[i].ran);
		csv_ms(out, r, g[i].turnaround_mean, g[i].exited);
		fputc('\n', out);
	}
	fputc('\n', out);
}

static void csv_taskgroups(FILE *out, const struct sim_report *r)
{
	unsigned int i;

	if (!r->nr_taskgroups)
		return;
	fputs("table,class,taskgroup,runtime_ms,share,tasks,jain_index,jain_tasks\n",
	      out);
	for (i = 0; i < r->nr_taskgroups; i++) {
		const struct sim_taskgroup *tg = &r->taskgroups[i];

		csv_row(out, "taskgroup", r);
		fputc(',', out);
		csv_text(out, tg->path);
		csv_num(out, ms(r, tg->runtime));
		csv_num(out, taskgroup_share(r, tg));
		fprintf(out, ",%lu", tg->tasks);
		csv_num(out, tg->jain);
		fprintf(out, ",%lu\n", tg->jain_tasks);
	}
	fputc('\n', out);
}

static void csv_tasks(FILE *out, const struct sim_report *r,
		      const struct sim_workload *wl)
{
	unsigned long i;

	fputs("table,class,comm,pid,group,policy,priority,forked,exited,created_ms,runtime_ms,share,wait_ms,switches,bonus,migrations,wakeups,latency_p50_ms,latency_p99_ms,latency_max_ms,response_ms,turnaround_ms\n",
	      out);
	for (i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_stats *ts = r->tasks[i];

		csv_row(out, "task", r);
		fputc(',', out);
		csv_text(out, ts->comm);
		fprintf(out, ",%d,", ts->pid);
		csv_text(out, group_name(wl, ts->desc));
		fprintf(out, ",%s,%d,%d,%d", policy_name(ts->policy),
			ts->priority, ts->forked, ts->exited);
		csv_ms(out, r, ts->created, created(ts));
		csv_num(out, ms(r, ts->runtime));
		csv_num(out, task_share(r, ts));
		csv_num(out, ms(r, ts->wait));
		fprintf(out, ",%u", ts->switches);
		csv_num(out, bonus(ts));
		fprintf(out, ",%u,%u", ts->migrations, ts->wakeups);
		csv_num(out, ms(r, sim_task_latency(ts, 50)));
		csv_num(out, ms(r, sim_task_latency(ts, 99)));
		csv_num(out, ms(r, sim_task_latency(ts, 100)));
		csv_ms(out, r, ts->response, ts->response != SIM_NEVER_RAN);
		csv_ms(out, r, ts->turnaround, ts->exited);
		fputc('\n', out);
	}
	fputc('\n', out);
}

static void csv_cpus(FILE *out, const struct sim_report *r)
{
	unsigned int cpu, k;

	fputs("table,class,cpu,utilisation,switches", out);
	for (k = 0; k < r->nr_counters; k++) {
		fputc(',', out);
		csv_text(out, r->counters[k]->name);
	}
	fputc('\n', out);
	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		const struct sim_cpu_stats *c = &r->cpus[cpu];

		csv_row(out, "cpu", r);
		fprintf(out, ",%u", cpu);
		csv_num(out, r->ticks ? (double)c->busy / r->ticks : 0.0);
		fprintf(out, ",%lu", c->switches);
		for (k = 0; k < r->nr_counters; k++)
			fprintf(out, ",%lu", c->counters[k]);
		fputc('\n', out);
	}
	fputc('\n', out);
}

/* the latency histogram (see need_histogram()) */
static void csv_histogram(FILE *out, const struct sim_report *r,
			  const unsigned long long *hist,
			  const struct sim_latency *l)
{
	unsigned int v;

	if (l->n && !hist)
		return;
	fputs("table,class,latency_ms,wakeups\n", out);
	for (v = 0; l->n && v <= l->max; v++) {
		if (!hist[v])
			continue;
		csv_row(out, "latency", r);
		csv_num(out, ms(r, v));
		fprintf(out, ",%llu\n", hist[v]);
	}
}

int sim_report_csv(FILE *out, const struct sim_report *r,
		   const struct sim_workload *wl)
{
	unsigned long long *hist;
	struct sim_totals tot;
	struct sim_group *g;
	int n, ret;

	n = summarise(r, wl, &g, &tot);
	if (n < 0)
		return n;
	ret = need_histogram(r, &tot.latency, &hist);
	if (ret) {
		kfree(g);
		return ret;
	}
	csv_run(out, r, &tot);
	csv_groups(out, r, wl, g, n);
	csv_taskgroups(out, r);
	csv_tasks(out, r, wl);
	csv_cpus(out, r);
	csv_histogram(out, r, hist, &tot.latency);
	kfree(hist);
	kfree(g);
	return ferror(out) ? -EIO : 0;
}

/* ------------------------------------------- kstruct sim --compare */

int sim_compare_add(struct sim_compare *c, const struct sim_report *r,
		    const struct sim_workload *wl)
{
	struct sim_compare_run *run;
	struct sim_group *g;
	unsigned long i;
	int n, k;

	if (c->nr_runs == SIM_COMPARE_MAX_RUNS)
		return -ENOSPC;
	run = &c->runs[c->nr_runs];
	memset(run, 0, sizeof(*run));
	run->groups = kcalloc(wl->nr_tasks ? wl->nr_tasks : 1,
			      sizeof(*run->groups), GFP_KERNEL);
	if (!run->groups)
		return -ENOMEM;
	n = summarise(r, wl, &g, &run->totals);
	if (n < 0)
		goto out_free;
	for (k = 0; k < n; k++)
		run->groups[g[k].desc] = g[k];
	kfree(g);
	if (r->nr_tasks <= SIM_COMPARE_MAX_TASKS) {
		run->tasks = kcalloc(r->nr_tasks ? r->nr_tasks : 1,
				     sizeof(*run->tasks), GFP_KERNEL);
		if (!run->tasks) {
			n = -ENOMEM;
			goto out_free;
		}
		for (i = 0; i < r->nr_tasks; i++) {
			const struct sim_task_stats *ts = r->tasks[i];
			struct sim_compare_task *t = &run->tasks[i];

			memcpy(t->comm, ts->comm, sizeof(t->comm));
			t->response = ts->response;
			t->turnaround = ts->turnaround;
			t->exited = ts->exited;
		}
	}
	if (r->nr_taskgroups) {
		run->taskgroups = kcalloc(r->nr_taskgroups,
					  sizeof(*run->taskgroups), GFP_KERNEL);
		if (!run->taskgroups) {
			n = -ENOMEM;
			goto out_free;
		}
		memcpy(run->taskgroups, r->taskgroups,
		       r->nr_taskgroups * sizeof(*run->taskgroups));
		run->nr_taskgroups = r->nr_taskgroups;
	}
	if (r->nr_dl) {
		run->dl = kcalloc(r->nr_dl, sizeof(*run->dl), GFP_KERNEL);
		if (!run->dl) {
			n = -ENOMEM;
			goto out_free;
		}
		memcpy(run->dl, r->dl, r->nr_dl * sizeof(*run->dl));
		run->nr_dl = r->nr_dl;
	}
	run->sched_class = r->sched_class;
	run->hz = r->hz;
	run->cost = r->cost;
	run->nr_tasks = r->nr_tasks;
	run->cpu_ticks = r->ticks * r->nr_cpus;
	c->nr_runs++;
	return 0;
out_free:
	kfree(run->taskgroups);
	run->taskgroups = NULL;
	kfree(run->tasks);
	run->tasks = NULL;
	kfree(run->groups);
	run->groups = NULL;
	return n;
}

void sim_compare_release(struct sim_compare *c)
{
	unsigned int i;

	for (i = 0; i < c->nr_runs; i++) {
		kfree(c->runs[i].groups);
		kfree(c->runs[i].tasks);
		kfree(c->runs[i].taskgroups);
		kfree(c->runs[i].dl);
	}
	memset(c, 0, sizeof(*c));
}

#define CMP_LABEL "%-24s"
#define CMP_CELL "%16s"

/* milliseconds without a ".0" when whole */
static const char *cell_ms(char *buf, size_t len, double ms_value)
{
	if (ms_value == (double)(long long)ms_value)
		snprintf(buf, len, "%.0f", ms_value);
	else
		snprintf(buf, len, "%.1f", ms_value);
	return buf;
}

static void cmp_heading(FILE *out, const struct sim_compare *c,
			const char *what)
{
	unsigned int i;

	fprintf(out, CMP_LABEL, what);
	for (i = 0; i < c->nr_runs; i++)
		fprintf(out, CMP_CELL,
			c->runs[i].sched_class ? c->runs[i].sched_class : "?");
	fputc('\n', out);
}

/* what a per-group row prints in a cell; empty when the run lacks it */
enum cmp_group_row {
	ROW_SHARE,
	ROW_JAIN,
	ROW_LATENCY,
	ROW_RESPONSE,
	ROW_TURNAROUND
};

static int cmp_group_cell(char *buf, size_t len,
			  const struct sim_compare_run *run,
			  const struct sim_group *g, enum cmp_group_row row)
{
	char a[32], b[32], m[32];
	double per_tick = 1000.0 / run->hz;

	if (!g->tasks)
		return 0;
	switch (row) {
	case ROW_SHARE:
		snprintf(buf, len, "%.1f", 100 * g->share);
		return 1;
	case ROW_JAIN:
		snprintf(buf, len, "%.4f", g->jain);
		return g->jain_tasks >= 2;
	case ROW_LATENCY:
		snprintf(buf, len, "%s/%s/%s",
			 cell_ms(a, sizeof(a), g->latency.p50 * per_tick),
			 cell_ms(b, sizeof(b), g->latency.p99 * per_tick),
			 cell_ms(m, sizeof(m), g->latency.max * per_tick));
		return g->latency.n > 0;
	case ROW_RESPONSE:
		cell_ms(buf, len, g->response_mean * per_tick);
		return g->ran > 0;
	case ROW_TURNAROUND:
		cell_ms(buf, len, g->turnaround_mean * per_tick);
		return g->exited > 0;
	}
	return 0;
}

/* one row per group for which some run has a figure */
static void cmp_group_rows(FILE *out, const struct sim_compare *c,
			   const struct sim_workload *wl, const char *title,
			   enum cmp_group_row row)
{
	unsigned int d, i;
	char buf[128];
	int titled = 0;

	for (d = 0; d < wl->nr_tasks; d++) {
		int any = 0;

		for (i = 0; i < c->nr_runs; i++)
			any |= cmp_group_cell(buf, sizeof(buf), &c->runs[i],
					      &c->runs[i].groups[d], row);
		if (!any)
			continue;
		if (!titled++ && *title)
			fprintf(out, "%s\n", title);
		fprintf(out, "  %-22s", wl->tasks[d].name);
		for (i = 0; i < c->nr_runs; i++) {
			if (!cmp_group_cell(buf, sizeof(buf), &c->runs[i],
					    &c->runs[i].groups[d], row))
				snprintf(buf, sizeof(buf), "-");
			fprintf(out, CMP_CELL, buf);
		}
		fputc('\n', out);
	}
}

/*
 * A row per taskgroup of the workload (the root left out): its CPU share,
 * its child groups included (@jain 0), or Jain's index of the tasks in
 * the group itself, where two or more of them lived (@jain 1).  Under the
 * classes that ignore groups the figures are those of the same tasks.
 */
static void cmp_taskgroup_rows(FILE *out, const struct sim_compare *c,
			       const struct sim_workload *wl, const char *title,
			       int jain)
{
	unsigned int k, i;
	char buf[64];

	if (wl->nr_taskgroups < 2)
		return;
	fprintf(out, "%s\n", title);
	for (k = 0; k + 1 < wl->nr_taskgroups; k++) {
		fprintf(out, "  %-22s", wl->taskgroups[k + 1].path);
		for (i = 0; i < c->nr_runs; i++) {
			const struct sim_compare_run *run = &c->runs[i];
			const struct sim_taskgroup *tg =
				k < run->nr_taskgroups ? &run->taskgroups[k] :
							 NULL;

			if (!tg || (jain && tg->jain_tasks < 2))
				snprintf(buf, sizeof(buf), "-");
			else if (jain)
				snprintf(buf, sizeof(buf), "%.4f", tg->jain);
			else
				snprintf(buf, sizeof(buf), "%.1f",
					 run->cpu_ticks ?
						 100.0 * tg->runtime /
							 run->cpu_ticks :
						 0.0);
			fprintf(out, CMP_CELL, buf);
		}
		fputc('\n', out);
	}
}

/* per SCHED_DEADLINE task: misses/throttles/runtime left (ms) */
static void cmp_dl_rows(FILE *out, const struct sim_compare *c)
{
	const struct sim_compare_run *first = &c->runs[0];
	unsigned int i;
	unsigned long k, j;
	char buf[64];

	if (!c->nr_runs || !first->nr_dl)
		return;
	fprintf(out, "deadline tasks: misses/throttles/runtime left (ms)\n");
	for (k = 0; k < first->nr_dl; k++) {
		fprintf(out, "  %-22s", first->dl[k].comm);
		for (i = 0; i < c->nr_runs; i++) {
			const struct sim_compare_run *run = &c->runs[i];

			snprintf(buf, sizeof(buf), "-");
			for (j = 0; j < run->nr_dl; j++)
				if (!strcmp(run->dl[j].comm, first->dl[k].comm))
					snprintf(buf, sizeof(buf),
						 "%lu/%lu/%.3f",
						 run->dl[j].misses,
						 run->dl[j].throttles,
						 run->dl[j].runtime_left_ns /
							 1e6);
			fprintf(out, CMP_CELL, buf);
		}
		fputc('\n', out);
	}
}

static void cmp_total_row(FILE *out, const struct sim_compare *c,
			  const char *label, int what)
{
	unsigned int i;
	char buf[128], a[32], b[32], m[32];

	fprintf(out, CMP_LABEL, label);
	for (i = 0; i < c->nr_runs; i++) {
		const struct sim_compare_run *run = &c->runs[i];
		const struct sim_latency *l = &run->totals.latency;
		double per_tick = 1000.0 / run->hz;

		switch (what) {
		case 0:
			snprintf(buf, sizeof(buf), "%s/%s/%s",
				 cell_ms(a, sizeof(a), l->p50 * per_tick),
				 cell_ms(b, sizeof(b), l->p99 * per_tick),
				 cell_ms(m, sizeof(m), l->max * per_tick));
			break;
		case 1:
			snprintf(buf, sizeof(buf), "%llu",
				 run->totals.switches);
			break;
		case 2:
			snprintf(buf, sizeof(buf), "%llu",
				 run->totals.migrations);
			break;
		case 3:
			snprintf(buf, sizeof(buf), "%.1f",
				 sim_cost_ns(&run->cost, SIM_NR_COST));
			break;
		default:
			snprintf(buf, sizeof(buf), "%.1f",
				 sim_cost_ns(&run->cost, SIM_COST_SCHEDULE));
			break;
		}
		if (what >= 3 && !run->cost.measured)
			snprintf(buf, sizeof(buf), "-");
		fprintf(out, CMP_CELL, buf);
	}
	fputc('\n', out);
}

static const struct sim_compare_task *
cmp_find_task(const struct sim_compare_run *run, const char *comm)
{
	unsigned long i;

	for (i = 0; i < run->nr_tasks; i++)
		if (!strcmp(run->tasks[i].comm, comm))
			return &run->tasks[i];
	return NULL;
}

/* each task's response/turnaround, tasks matched by name across runs */
static void cmp_tasks(FILE *out, const struct sim_compare *c)
{
	unsigned int i, j;
	unsigned long k;

	for (i = 0; i < c->nr_runs; i++) {
		if (!c->runs[i].tasks) {
			fprintf(out,
				"\n(more than %d tasks: per-task figures are in --json and --csv)\n",
				SIM_COMPARE_MAX_TASKS);
			return;
		}
	}
	fprintf(out,
		"\nper task: response/turnaround (ms; - : never ran, still alive, or no such task)\n");
	for (i = 0; i < c->nr_runs; i++) {
		for (k = 0; k < c->runs[i].nr_tasks; k++) {
			const char *comm = c->runs[i].tasks[k].comm;

			/* listed already, from an earlier run */
			for (j = 0; j < i; j++)
				if (cmp_find_task(&c->runs[j], comm))
					break;
			if (j < i)
				continue;
			fprintf(out, "  %-22s", comm);
			for (j = 0; j < c->nr_runs; j++) {
				const struct sim_compare_task *t =
					cmp_find_task(&c->runs[j], comm);
				double per_tick = 1000.0 / c->runs[j].hz;
				char buf[128], a[32], b[32];

				if (!t)
					snprintf(buf, sizeof(buf), "-");
				else
					snprintf(
						buf, sizeof(buf), "%s/%s",
						t->response == SIM_NEVER_RAN ?
							"-" :
							cell_ms(a, sizeof(a),
								t->response *
									per_tick),
						t->exited ?
							cell_ms(b, sizeof(b),
								t->turnaround *
									per_tick) :
							"-");
				fprintf(out, CMP_CELL, buf);
			}
			fputc('\n', out);
		}
	}
}

int sim_compare_text(FILE *out, const struct sim_compare *c,
		     const struct sim_workload *wl,
		     const struct sim_report *head)
{
	unsigned int i, same = 1;

	for (i = 0; i < c->nr_runs; i++)
		same &= c->runs[i].hz == head->hz;
	if (same) {
		fprintf(out,
			"workload %s: %u CPUs, HZ=%u, %.3f s simulated (%llu ticks), seed %llu%s: one run per scheduler\n\n",
			head->workload, head->nr_cpus, head->hz,
			(double)head->ticks / head->hz, head->ticks, head->seed,
			head->threaded ? ", threaded" : "");
	} else {
		/* each class at its own HZ: the figures below are times */
		fprintf(out, "workload %s: %u CPUs, HZ", head->workload,
			head->nr_cpus);
		for (i = 0; i < c->nr_runs; i++)
			fprintf(out, "%s%s %u", i ? ", " : " ",
				c->runs[i].sched_class ?
					c->runs[i].sched_class :
					"?",
				c->runs[i].hz);
		fprintf(out,
			", %.3f s simulated, seed %llu%s: one run per scheduler\n\n",
			(double)head->ticks / head->hz, head->seed,
			head->threaded ? ", threaded" : "");
	}
	cmp_heading(out, c, "");
	cmp_group_rows(out, c, wl, "CPU share (% of all CPU time)", ROW_SHARE);
	cmp_group_rows(out, c, wl, "Jain's index (members' CPU rates)",
		       ROW_JAIN);
	cmp_taskgroup_rows(out, c, wl,
			   "taskgroups: CPU share (%, child groups included)",
			   0);
	cmp_taskgroup_rows(
		out, c, wl,
		"taskgroups: Jain's index (the tasks in the group itself)", 1);
	fprintf(out, "wake-up latency p50/p99/max (ms)\n");
	cmp_total_row(out, c, "  all tasks", 0);
	cmp_group_rows(out, c, wl, "", ROW_LATENCY);
	cmp_group_rows(out, c, wl, "response time, mean (ms)", ROW_RESPONSE);
	cmp_group_rows(out, c, wl, "turnaround time, mean (ms)",
		       ROW_TURNAROUND);
	cmp_total_row(out, c, "context switches", 1);
	cmp_total_row(out, c, "migrations", 2);
	cmp_total_row(out, c, "scheduler: ns per event", 3);
	cmp_total_row(out, c, "scheduler: ns per pick", 4);
	cmp_dl_rows(out, c);
	cmp_tasks(out, c);
	return ferror(out) ? -EIO : 0;
}

int sim_compare_json(FILE *out, const struct sim_report *r,
		     const struct sim_workload *wl, int first, int last)
{
	int ret;

	if (first) {
		fputc('{', out);
		ret = put_members(
			out,
			json_pack("{s:o,s:i,s:i,s:I,s:I,s:f}", "workload",
				  json_name(r->workload), "nr_cpus", r->nr_cpus,
				  "hz", r->hz, "seed", (json_int_t)r->seed,
				  "ticks", (json_int_t)r->ticks, "seconds",
				  (double)r->ticks / r->hz));
		if (ret)
			return ret;
		fputs(",\"classes\":[", out);
	} else {
		fputc(',', out);
	}
	ret = write_json(out, r, wl);
	if (ret)
		return ret;
	if (last)
		fputs("]}\n", out);
	return ferror(out) ? -EIO : 0;
}

int sim_compare_csv(FILE *out, const struct sim_report *r,
		    const struct sim_workload *wl, int first, int last)
{
	(void)last;
	if (!first)
		fputc('\n', out);
	return sim_report_csv(out, r, wl);
}
