// SPDX-License-Identifier: MIT
/*
 * tools/tracestat.c - per-task figures from an ftrace text trace (see
 * tracestat.h for what is measured and how tasks are found).
 *
 * Not a port of a kernel file: the kernel writes these lines, it has no
 * reader of them.  The trace is read into an array of events first, since
 * the window's start (the first switch to a reported task) is known only
 * once that line is read and the figures of earlier lines depend on it;
 * the events are then replayed through a small state machine per task.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "compat/escape.h"
#include "compat/slab.h"
#include "tools/tracestat.h"

#define LINE_MAX_LEN 1024

enum tracestat_kind {
	EV_SWITCH,
	EV_WAKEUP, /* sched_waking or sched_wakeup */
	EV_WAKEUP_NEW,
	EV_MIGRATE,
};

/*
 * struct tracestat_event - one event as read
 * @ns: its time
 * @kind: what it is
 * @pid: the task switched out, woken or migrated
 * @next_pid: the task switched in (EV_SWITCH)
 * @state: prev_state's first letter (EV_SWITCH)
 * @next_named: whether next_comm was a reported task's comm (EV_SWITCH)
 * @cpu: the [CPU] column
 */
struct tracestat_event {
	long long ns;
	enum tracestat_kind kind;
	int cpu;
	int pid;
	int next_pid;
	char state;
	char next_named;
};

/* a pid and the comm it had last */
struct tracestat_comm {
	int pid;
	char comm[TRACESTAT_COMM_MAX + 1];
};

enum tracestat_state { T_UNKNOWN, T_RUNNING, T_RUNNABLE, T_SLEEPING };

/* the replay's state of one reported task */
struct tracestat_track {
	enum tracestat_state state;
	long long since;
	long long woken; /* a wake-up waiting for its switch-in, or -1 */
	long long act_run; /* CPU time of the activation so far, or -1 */
	long long *lat;
	unsigned long nr_lat;
	unsigned long cap_lat;
};

struct tracestat_reader {
	const struct tracestat_name *names;
	unsigned int nr_names;
	struct tracestat_event *ev;
	unsigned long nr_ev;
	unsigned long cap_ev;
	struct tracestat_comm *comms;
	unsigned long nr_comms;
	unsigned long cap_comms;
	unsigned long line;
	char *err;
	size_t errlen;
};

static int __attribute__((format(printf, 2, 3)))
bad(struct tracestat_reader *r, const char *fmt, ...)
{
	va_list ap;

	if (!r->err || !r->errlen)
		return -EINVAL;
	va_start(ap, fmt);
	escape_message_at(r->err, r->errlen, r->line, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* make room for one more element of @size in *@arr */
static int grow(void **arr, unsigned long nr, unsigned long *cap, size_t size)
{
	unsigned long n = *cap ? *cap * 2 : 256;
	void *p;

	if (nr < *cap)
		return 0;
	if (n > ULONG_MAX / size / 2)
		return -ENOMEM;
	p = kmalloc(n * size, GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	if (nr)
		memcpy(p, *arr, nr * size);
	kfree(*arr);
	*arr = p;
	*cap = n;
	return 0;
}

/* ------------------------------------------------------------ fields */

/* a decimal int at @s, ending at a blank or the end; -1 when not one */
static const char *get_int(const char *s, long long max, long long *out)
{
	long long v = 0;
	int neg = 0;

	if (*s == '-') {
		neg = 1;
		s++;
	}
	if (*s < '0' || *s > '9')
		return NULL;
	for (; *s >= '0' && *s <= '9'; s++) {
		v = v * 10 + (*s - '0');
		if (v > max)
			return NULL;
	}
	if (*s && *s != ' ')
		return NULL;
	*out = neg ? -v : v;
	return s;
}

/* the value after " KEY=" (or "KEY=" at the start of @from) as an int */
static int field_int(const char *from, const char *key, long long max,
		     long long *out)
{
	char pat[32];
	const char *p;

	snprintf(pat, sizeof(pat), "%s=", key);
	p = strncmp(from, pat, strlen(pat)) ? NULL : from;
	if (!p) {
		snprintf(pat, sizeof(pat), " %s=", key);
		p = strstr(from, pat);
	}
	if (!p)
		return -1;
	p += strlen(pat);
	return get_int(p, max, out) ? 0 : -1;
}

/*
 * The comm between "KEY=" at @from and " UNTIL=" (a comm may hold blanks,
 * so it ends where the next field starts), cut to the kernel's length.
 */
static int field_comm(const char *from, const char *key, const char *until,
		      char *comm)
{
	char pat[32];
	const char *p, *end;
	size_t n;

	snprintf(pat, sizeof(pat), "%s=", key);
	p = strstr(from, pat);
	if (!p)
		return -1;
	p += strlen(pat);
	snprintf(pat, sizeof(pat), " %s=", until);
	end = strstr(p, pat);
	if (!end)
		return -1;
	n = (size_t)(end - p);
	if (n > TRACESTAT_COMM_MAX)
		n = TRACESTAT_COMM_MAX;
	memcpy(comm, p, n);
	comm[n] = '\0';
	return 0;
}

/*
 * "SECONDS.FRACTION" ending at @end (exclusive) as ns, its first
 * character in *@start; -1 when not that
 */
static long long get_time(const char *line, const char *end, const char **start)
{
	const char *p = end, *dot = NULL;
	long long sec = 0, ns = 0;
	int digits = 0;

	while (p > line && ((p[-1] >= '0' && p[-1] <= '9') || p[-1] == '.')) {
		p--;
		if (*p == '.') {
			if (dot)
				return -1;
			dot = p;
		}
	}
	if (!dot || dot == p || dot + 1 == end || (p > line && p[-1] != ' '))
		return -1;
	*start = p;
	for (; p < dot; p++) {
		sec = sec * 10 + (*p - '0');
		if (sec > 1000000000ll)
			return -1;
	}
	for (p = dot + 1; p < end; p++, digits++) {
		if (digits == 9)
			return -1;
		ns = ns * 10 + (*p - '0');
	}
	for (; digits < 9; digits++)
		ns *= 10;
	return sec * 1000000000ll + ns;
}

/* ------------------------------------------------------------ names */

static int comm_find(const struct tracestat_reader *r, int pid)
{
	unsigned long lo = 0, hi = r->nr_comms;

	while (lo < hi) {
		unsigned long mid = (lo + hi) / 2;

		if (r->comms[mid].pid == pid)
			return (int)mid;
		if (r->comms[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -(int)lo - 1;
}

/* remember that @pid is called @comm now (the comms are sorted by pid) */
static int comm_set(struct tracestat_reader *r, int pid, const char *comm)
{
	int i = comm_find(r, pid);
	unsigned long at;

	if (i >= 0) {
		strcpy(r->comms[i].comm, comm);
		return 0;
	}
	if (r->nr_comms >= INT_MAX - 1 ||
	    grow((void **)&r->comms, r->nr_comms, &r->cap_comms,
		 sizeof(*r->comms)))
		return -ENOMEM;
	at = (unsigned long)(-i - 1);
	memmove(r->comms + at + 1, r->comms + at,
		(r->nr_comms - at) * sizeof(*r->comms));
	r->comms[at].pid = pid;
	strcpy(r->comms[at].comm, comm);
	r->nr_comms++;
	return 0;
}

/* @a and @b equal in their first TRACESTAT_COMM_MAX characters */
static int same_comm(const char *a, const char *b)
{
	return !strncmp(a, b, TRACESTAT_COMM_MAX);
}

static int is_named(const struct tracestat_reader *r, const char *comm)
{
	unsigned int i;

	for (i = 0; i < r->nr_names; i++)
		if (same_comm(comm, r->names[i].label) ||
		    same_comm(comm, r->names[i].name))
			return 1;
	return 0;
}

/* ------------------------------------------------------------ lines */

static const struct {
	const char *text;
	enum tracestat_kind kind;
} events[] = {
	{ ": sched_switch: ", EV_SWITCH },
	{ ": sched_wakeup: ", EV_WAKEUP },
	{ ": sched_waking: ", EV_WAKEUP },
	{ ": sched_wakeup_new: ", EV_WAKEUP_NEW },
	{ ": sched_migrate_task: ", EV_MIGRATE },
};

/*
 * The "[NNN]" CPU column before the timestamp starting at @ts: its
 * number, or -1 when there is none or it names more CPUs than
 * TRACESTAT_MAX_CPUS.
 */
static int get_cpu(const char *line, const char *ts)
{
	const char *p = ts, *end;
	long long cpu;

	while (p > line && p[-1] == ' ')
		p--;
	if (p > line && p[-1] != ']') { /* the flags column */
		while (p > line && p[-1] != ' ')
			p--;
		while (p > line && p[-1] == ' ')
			p--;
	}
	if (p == line || p[-1] != ']')
		return -1;
	end = --p;
	if (p == line || p[-1] < '0' || p[-1] > '9')
		return -1;
	while (p > line && p[-1] >= '0' && p[-1] <= '9')
		p--;
	if (p == line || p[-1] != '[' || end - p > 9)
		return -1;
	for (cpu = 0; p < end; p++)
		cpu = cpu * 10 + (*p - '0');
	return cpu < TRACESTAT_MAX_CPUS ? (int)cpu : -1;
}

static int parse_switch(struct tracestat_reader *r, const char *f,
			struct tracestat_event *ev)
{
	char prev[TRACESTAT_COMM_MAX + 1], next[TRACESTAT_COMM_MAX + 1];
	long long prev_pid, next_pid;
	const char *state, *arrow;
	int ret;

	arrow = strstr(f, " ==> ");
	if (!arrow || field_comm(f, "prev_comm", "prev_pid", prev) ||
	    field_int(f, "prev_pid", INT_MAX, &prev_pid) ||
	    field_comm(arrow, "next_comm", "next_pid", next) ||
	    field_int(arrow, "next_pid", INT_MAX, &next_pid))
		return bad(
			r,
			"sched_switch without prev_comm, prev_pid, next_comm or next_pid");
	state = strstr(f, " prev_state=");
	if (!state || state > arrow || state[12] <= ' ')
		return bad(r, "sched_switch without prev_state");
	ev->kind = EV_SWITCH;
	ev->pid = (int)prev_pid;
	ev->next_pid = (int)next_pid;
	ev->state = state[12];
	ev->next_named = (char)is_named(r, next);
	ret = comm_set(r, (int)prev_pid, prev);
	return ret ? ret : comm_set(r, (int)next_pid, next);
}

static int parse_task(struct tracestat_reader *r, const char *f, int kind,
		      const char *what, struct tracestat_event *ev)
{
	char comm[TRACESTAT_COMM_MAX + 1];
	long long pid;

	if (field_comm(f, "comm", "pid", comm) ||
	    field_int(f, "pid", INT_MAX, &pid))
		return bad(r, "%s without comm or pid", what);
	ev->kind = kind;
	ev->pid = (int)pid;
	return comm_set(r, (int)pid, comm);
}

/* the header's "entries-in-buffer/entries-written: A/B" */
static int check_entries(struct tracestat_reader *r, const char *line)
{
	const char *p = strstr(line, "entries-in-buffer/entries-written:");
	unsigned long long in, written;

	if (!p)
		return 0;
	if (sscanf(p + 34, " %llu/%llu", &in, &written) == 2 && written > in)
		return bad(
			r,
			"the trace lost events: %llu written, %llu kept (a larger buffer_size_kb keeps them)",
			written, in);
	return 0;
}

static int parse_line(struct tracestat_reader *r, const char *line)
{
	struct tracestat_event ev = { 0 };
	const char *at = NULL, *ts = NULL, *f;
	unsigned int i, which = 0;
	int ret;

	if (line[0] == '#')
		return check_entries(r, line);
	if (strstr(line, "[LOST ") && strstr(line, " EVENTS]"))
		return bad(r, "the trace lost events (ftrace says so)");
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		const char *p = strstr(line, events[i].text);

		if (p && (!at || p < at)) {
			at = p;
			which = i;
		}
	}
	if (!at)
		return 0; /* another event, a marker, text: not ours */
	ev.ns = get_time(line, at, &ts);
	if (ev.ns < 0)
		return bad(r, "no timestamp before the event name");
	ev.cpu = get_cpu(line, ts);
	if (ev.cpu < 0)
		return bad(
			r,
			"no [CPU] column before the timestamp, or a CPU beyond %d",
			TRACESTAT_MAX_CPUS - 1);
	f = at + strlen(events[which].text);
	switch (events[which].kind) {
	case EV_SWITCH:
		ret = parse_switch(r, f, &ev);
		break;
	default:
		ret = parse_task(r, f, events[which].kind,
				 events[which].text + 2, &ev);
		break;
	}
	if (ret)
		return ret;
	if (grow((void **)&r->ev, r->nr_ev, &r->cap_ev, sizeof(*r->ev)))
		return -ENOMEM;
	r->ev[r->nr_ev++] = ev;
	return 0;
}

static int read_lines(struct tracestat_reader *r, FILE *f)
{
	char buf[LINE_MAX_LEN];
	int ret;

	while (fgets(buf, sizeof(buf), f)) {
		size_t n = strlen(buf);

		r->line++;
		if (n == sizeof(buf) - 1 && buf[n - 1] != '\n')
			return bad(r, "longer than %d characters",
				   LINE_MAX_LEN - 2);
		while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
			buf[--n] = '\0';
		if (memchr(buf, '\0', n))
			return bad(r, "a NUL character");
		ret = parse_line(r, buf);
		if (ret)
			return ret;
	}
	if (ferror(f))
		return errno ? -errno : -EIO;
	r->line = 0;
	return 0;
}

/* ------------------------------------------------------------ tasks */

/*
 * The pid of names[@i]: the task whose last comm is its label, else the
 * instance'th (by pid) of those whose comm is its name; 0 when none.
 */
static int find_pid(const struct tracestat_reader *r, unsigned int i)
{
	const struct tracestat_name *n = &r->names[i];
	unsigned long k;
	unsigned int seen = 0;

	for (k = 0; k < r->nr_comms; k++)
		if (r->comms[k].pid > 0 &&
		    same_comm(r->comms[k].comm, n->label))
			return r->comms[k].pid;
	/* the comms are sorted by pid */
	for (k = 0; k < r->nr_comms; k++) {
		if (r->comms[k].pid <= 0 ||
		    !same_comm(r->comms[k].comm, n->name))
			continue;
		if (seen++ == n->instance)
			return r->comms[k].pid;
	}
	return 0;
}

/* the part of [@a, @b) inside [@s, @e) */
static long long overlap(long long a, long long b, long long s, long long e)
{
	if (a < s)
		a = s;
	if (b > e)
		b = e;
	return b > a ? b - a : 0;
}

static int add_latency(struct tracestat_track *t, long long ns)
{
	if (grow((void **)&t->lat, t->nr_lat, &t->cap_lat, sizeof(*t->lat)))
		return -ENOMEM;
	t->lat[t->nr_lat++] = ns;
	return 0;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* nearest rank: the smallest sample with at least @pct % at or below it */
static long long percentile(const long long *sorted, unsigned long n,
			    unsigned int pct)
{
	unsigned long rank = (n * pct + 99) / 100;

	return sorted[rank ? rank - 1 : 0];
}

/*
 * The loops of @loop_ns each that an activation of @run_ns held: the
 * nearest whole number, at least one.  rt-app's loop is calibrated to a
 * few percent, so that k loops come out within a small part of k times
 * the nominal one, far from half a loop.
 */
static unsigned long loops_in(long long run_ns, long long loop_ns)
{
	long long k = (run_ns + loop_ns / 2) / loop_ns;

	return k > 1 ? (unsigned long)k : 1;
}

/* replay the events of @pid (whose loop is @loop_ns, or 0) into @fig */
static int replay(const struct tracestat_reader *r, int pid, long long loop_ns,
		  struct tracestat_track *t, struct tracestat_figures *fig,
		  long long s, long long e)
{
	unsigned long k;
	int ret;

	t->state = T_UNKNOWN;
	t->woken = -1;
	t->act_run = -1;
	for (k = 0; k < r->nr_ev; k++) {
		const struct tracestat_event *ev = &r->ev[k];
		long long now = ev->ns;
		int in = now >= s && now < e;

		switch (ev->kind) {
		case EV_SWITCH:
			if (ev->pid == pid) {
				if (t->state == T_RUNNING) {
					fig->run_ns +=
						overlap(t->since, now, s, e);
					if (t->act_run >= 0)
						t->act_run += now - t->since;
				}
				if (ev->state == 'R') {
					t->state = T_RUNNABLE;
				} else {
					if (in && t->act_run >= 0 &&
					    t->state == T_RUNNING) {
						fig->activations++;
						fig->activation_ns +=
							t->act_run;
						if (loop_ns > 0)
							fig->loops += loops_in(
								t->act_run,
								loop_ns);
					}
					t->state = T_SLEEPING;
					t->act_run = -1;
					t->woken = -1;
				}
				t->since = now;
			}
			if (ev->next_pid == pid) {
				if (t->state == T_RUNNABLE)
					fig->wait_ns +=
						overlap(t->since, now, s, e);
				if (t->woken >= 0 && t->woken >= s &&
				    t->woken < e) {
					ret = add_latency(t, now - t->woken);
					if (ret)
						return ret;
				}
				t->woken = -1;
				t->state = T_RUNNING;
				t->since = now;
				if (in)
					fig->switches++;
			}
			break;
		case EV_WAKEUP:
		case EV_WAKEUP_NEW:
			if (ev->pid != pid || t->state == T_RUNNING ||
			    t->state == T_RUNNABLE)
				break;
			if (ev->kind == EV_WAKEUP && t->state == T_SLEEPING &&
			    in) {
				fig->sleeps++;
				fig->sleep_ns += now - t->since;
			}
			t->state = T_RUNNABLE;
			t->since = now;
			t->woken = ev->kind == EV_WAKEUP ? now : -1;
			t->act_run = 0;
			break;
		case EV_MIGRATE:
			if (ev->pid == pid && in)
				fig->migrations++;
			break;
		}
	}
	if (t->state == T_RUNNING)
		fig->run_ns += overlap(t->since, e, s, e);
	else if (t->state == T_RUNNABLE)
		fig->wait_ns += overlap(t->since, e, s, e);
	fig->wakeups = t->nr_lat;
	if (t->nr_lat) {
		qsort(t->lat, t->nr_lat, sizeof(*t->lat), cmp_ll);
		fig->lat_p50_ns = percentile(t->lat, t->nr_lat, 50);
		fig->lat_p99_ns = percentile(t->lat, t->nr_lat, 99);
		fig->lat_max_ns = t->lat[t->nr_lat - 1];
	}
	return 0;
}

/*
 * Events in time order, equal times in the file's order: an insertion
 * sort, stable, and linear on what it gets (ftrace merges its per-CPU
 * buffers in time order already, kstruct writes in order).
 */
static void sort_events(struct tracestat_reader *r)
{
	unsigned long k;

	for (k = 1; k < r->nr_ev; k++) {
		struct tracestat_event ev = r->ev[k];
		unsigned long j = k;

		while (j > 0 && r->ev[j - 1].ns > ev.ns) {
			r->ev[j] = r->ev[j - 1];
			j--;
		}
		r->ev[j] = ev;
	}
}

/* whether @pid is one of the @n in @pids */
static int is_reported(const int *pids, unsigned int n, int pid)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (pids[i] == pid)
			return 1;
	return 0;
}

/*
 * The machine's own threads per CPU into @out->others: each time on a
 * CPU, from a switch-in to the switch-out that ends it in the window, of
 * a task that is neither the idle task (pid 0) nor a reported one
 * (@pids), counted whole.
 */
static int count_others(const struct tracestat_reader *r, const int *pids,
			struct tracestat_result *out)
{
	long long *since;
	unsigned long k;
	unsigned int nr = 0;
	int *cur;

	for (k = 0; k < r->nr_ev; k++)
		if (r->ev[k].kind == EV_SWITCH && r->ev[k].cpu >= (int)nr)
			nr = (unsigned int)r->ev[k].cpu + 1;
	out->others = kcalloc(nr, sizeof(*out->others), GFP_KERNEL);
	cur = kcalloc(nr, sizeof(*cur), GFP_KERNEL);
	since = kcalloc(nr, sizeof(*since), GFP_KERNEL);
	if (!out->others || !cur || !since) {
		kfree(cur);
		kfree(since);
		return -ENOMEM;
	}
	out->nr_cpus = nr;
	for (k = 0; k < nr; k++)
		cur[k] = -1; /* not known before the CPU's first switch */
	for (k = 0; k < r->nr_ev; k++) {
		const struct tracestat_event *ev = &r->ev[k];
		struct tracestat_others *o = &out->others[ev->cpu];

		if (ev->kind != EV_SWITCH)
			continue;
		if (cur[ev->cpu] == ev->pid && ev->pid > 0 &&
		    !is_reported(pids, r->nr_names, ev->pid) &&
		    ev->ns >= out->start_ns && ev->ns < out->end_ns) {
			o->switches++;
			o->run_ns += ev->ns - since[ev->cpu];
		}
		cur[ev->cpu] = ev->next_pid;
		since[ev->cpu] = ev->ns;
	}
	kfree(cur);
	kfree(since);
	return 0;
}

static int compute(struct tracestat_reader *r, const struct tracestat_window *w,
		   struct tracestat_result *out)
{
	struct tracestat_track t;
	long long first = -1, last;
	unsigned int i;
	unsigned long k;
	int *pids, ret = 0;

	for (k = 0; k < r->nr_ev; k++)
		if (r->ev[k].kind == EV_SWITCH && r->ev[k].next_named) {
			first = r->ev[k].ns;
			break;
		}
	if (first < 0)
		return bad(
			r,
			"no switch to any of the tasks (is this the workload's trace?)");
	last = r->ev[r->nr_ev - 1].ns;
	out->first_ns = first;
	out->start_ns = first + w->warmup_ns;
	out->end_ns = w->length_ns ? out->start_ns + w->length_ns : last;
	if (out->end_ns > last || out->start_ns >= out->end_ns)
		return bad(
			r,
			"the trace ends %lld.%06lld s after its first switch to a task, before the window's end at %lld.%06lld s",
			(last - first) / 1000000000,
			(last - first) % 1000000000 / 1000,
			(out->end_ns - first) / 1000000000,
			(out->end_ns - first) % 1000000000 / 1000);
	pids = kcalloc(r->nr_names, sizeof(*pids), GFP_KERNEL);
	if (!pids)
		return -ENOMEM;
	for (i = 0; i < r->nr_names; i++)
		pids[i] = find_pid(r, i);
	for (i = 0; i < r->nr_names && !ret; i++) {
		struct tracestat_figures *fig = &out->tasks[i];

		if (!pids[i])
			continue;
		fig->found = 1;
		fig->pid = pids[i];
		memset(&t, 0, sizeof(t));
		ret = replay(r, pids[i], r->names[i].loop_ns, &t, fig,
			     out->start_ns, out->end_ns);
		kfree(t.lat);
	}
	if (!ret)
		ret = count_others(r, pids, out);
	kfree(pids);
	return ret;
}

int tracestat_read(FILE *f, const struct tracestat_name *names,
		   unsigned int nr_names, const struct tracestat_window *window,
		   struct tracestat_result *out, char *err, size_t errlen)
{
	struct tracestat_reader r = {
		.names = names,
		.nr_names = nr_names,
		.err = err,
		.errlen = errlen,
	};
	int ret;

	memset(out, 0, sizeof(*out));
	if (err && errlen)
		err[0] = '\0';
	if (!nr_names || window->warmup_ns < 0 || window->length_ns < 0)
		return -EINVAL;
	out->tasks = kcalloc(nr_names, sizeof(*out->tasks), GFP_KERNEL);
	if (!out->tasks)
		return -ENOMEM;
	ret = read_lines(&r, f);
	if (!ret && !r.nr_ev)
		ret = bad(
			&r,
			"no sched_switch, sched_wakeup, sched_waking, sched_wakeup_new or sched_migrate_task line");
	if (!ret) {
		sort_events(&r);
		ret = compute(&r, window, out);
	}
	out->events = r.nr_ev;
	kfree(r.ev);
	kfree(r.comms);
	if (ret)
		tracestat_free(out);
	return ret;
}

void tracestat_free(struct tracestat_result *res)
{
	kfree(res->tasks);
	res->tasks = NULL;
	kfree(res->others);
	res->others = NULL;
	res->nr_cpus = 0;
}
