// SPDX-License-Identifier: MIT
/*
 * sim/workload.c - rt-app JSON workloads and the built-in workloads.
 *
 * Not a port of a kernel file.  Reads a subset of rt-app's workload format
 * (doc/tutorial.txt of rt-app) with jansson into struct sim_workload:
 *
 *   { "global": { "duration": S, "default_policy": "SCHED_OTHER" },
 *     "tasks": { "NAME": { "instance": N, "loop": L, "policy": P,
 *                          "priority": PRIO, "cpus": [..], "delay": US,
 *                          "run": US, "sleep": US,
 *                          "timer": { "ref": R, "period": US },
 *                          "fork": "OTHER", "yield": 0,
 *                          "phases": { "p1": { "loop": N, ...events } } } } }
 *
 * Differences from rt-app, on purpose:
 *  - a key that rt-app would read but kstruct does not model (resources,
 *    locks, barriers, util clamps) is an error naming it, not silently
 *    ignored: a simulation that quietly drops half a workload misleads;
 *    only the global keys about rt-app's own logging are ignored;
 *  - "jitter" (percent) is a kstruct extension that makes run and sleep
 *    times random around their nominal value;
 *  - "affinity": [CPUS] (an extension) makes the task change its own
 *    affinity with set_cpus_allowed(), which hands it to the migration
 *    thread when its CPU is no longer allowed;
 *  - "fork": "NAME" starts a new instance of task NAME as a child of the
 *    forking task (rt-app's fork event starts a thread; here it is a
 *    process-tree fork through the scheduler's fork path);
 *  - a task that loops forever must spend time in each loop (a run,
 *    sleep or timer of at least 1 us), or the simulation could not advance;
 *  - duplicate keys are an error (rt-app's parser keeps the last one).
 * A bad file fails as a whole: nothing of it is returned, nothing leaks.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "compat/slab.h"
#include "sim/workload.h"

/* key paths in messages ("tasks.NAME.phases.p1.run"); cut when too long */
#define PATH_LEN	256

static void __attribute__((format(printf, 3, 4)))
path_join(char *out, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vsnprintf(out, len, fmt, ap) >= (int)len && len > 4)
		strcpy(out + len - 4, "...");
	va_end(ap);
}

struct parse_ctx {
	const char *source;
	unsigned int nr_cpus;
	char *err;
	size_t errlen;
	const char *default_policy;
	json_t *tasks;
};

static int __attribute__((format(printf, 3, 4)))
parse_error(struct parse_ctx *ctx, const char *path, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (ctx->err && ctx->errlen)
		snprintf(ctx->err, ctx->errlen, "%s: %s%s%s", ctx->source,
			 path ? path : "", path ? ": " : "", msg);
	return -EINVAL;
}

static const char *json_kind(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
		return "an integer";
	case JSON_REAL:
		return "a real number";
	case JSON_TRUE:
	case JSON_FALSE:
		return "a boolean";
	default:
		return "null";
	}
}

/* an integer in [min, max] */
static int get_int(struct parse_ctx *ctx, const char *path, const json_t *v,
		   long long min, long long max, long long *out)
{
	long long x;

	if (!json_is_integer(v))
		return parse_error(ctx, path, "expected an integer, got %s",
				   json_kind(v));
	x = json_integer_value(v);
	if (x < min || x > max)
		return parse_error(ctx, path, "%lld is out of range [%lld, %lld]",
				   x, min, max);
	*out = x;
	return 0;
}

/* a duration in microseconds: an integer >= 0 */
#define MAX_USEC	(1000000ll * 1000000)	/* a million seconds */
static int get_usec(struct parse_ctx *ctx, const char *path, const json_t *v,
		    unsigned long long *out)
{
	long long x;

	if (!json_is_integer(v))
		return parse_error(ctx, path,
				   "expected an integer number of microseconds, got %s",
				   json_kind(v));
	x = json_integer_value(v);
	if (x < 0)
		return parse_error(ctx, path,
				   "negative duration %lld (microseconds must be >= 0)",
				   x);
	if (x > MAX_USEC)
		return parse_error(ctx, path, "duration %lld us is too long", x);
	*out = (unsigned long long)x;
	return 0;
}

static int parse_policy(struct parse_ctx *ctx, const char *path,
			const char *s, enum sim_policy *out)
{
	if (!strcmp(s, "SCHED_OTHER") || !strcmp(s, "SCHED_NORMAL"))
		*out = SIM_POLICY_NORMAL;
	else if (!strcmp(s, "SCHED_FIFO"))
		*out = SIM_POLICY_FIFO;
	else if (!strcmp(s, "SCHED_RR"))
		*out = SIM_POLICY_RR;
	else
		return parse_error(ctx, path,
				   "unknown policy \"%s\" (SCHED_OTHER, SCHED_NORMAL, SCHED_FIFO or SCHED_RR)",
				   s);
	return 0;
}

static int has_prefix(const char *key, const char *prefix)
{
	return !strncmp(key, prefix, strlen(prefix));
}

/* rt-app names events by prefix: "run", "run1", "sleep_a", ... */
static int event_kind(const char *key, enum sim_event_kind *kind)
{
	if (has_prefix(key, "run")) {
		*kind = SIM_EVENT_RUN;
	} else if (has_prefix(key, "sleep")) {
		*kind = SIM_EVENT_SLEEP;
	} else if (has_prefix(key, "timer")) {
		*kind = SIM_EVENT_TIMER;
	} else if (has_prefix(key, "fork")) {
		*kind = SIM_EVENT_FORK;
	} else if (has_prefix(key, "yield")) {
		*kind = SIM_EVENT_YIELD;
	} else if (has_prefix(key, "affinity")) {
		*kind = SIM_EVENT_AFFINITY;
	} else {
		return 0;
	}
	return 1;
}

static int parse_cpus(struct parse_ctx *ctx, const char *path,
		      const json_t *v, unsigned long *mask);

/* a fork names a task by its key in "tasks": its index is its position */
static int find_task(struct parse_ctx *ctx, const char *name)
{
	const char *key;
	json_t *v;
	int i = 0;

	json_object_foreach(ctx->tasks, key, v) {
		if (!strcmp(key, name))
			return i;
		i++;
	}
	return -1;
}

static int parse_event(struct parse_ctx *ctx, const char *path,
		       enum sim_event_kind kind, const json_t *v,
		       struct sim_event_desc *ev)
{
	int idx;

	const char *key;
	json_t *x;
	int ret;

	ev->kind = kind;
	switch (kind) {
	case SIM_EVENT_RUN:
	case SIM_EVENT_SLEEP:
		return get_usec(ctx, path, v, &ev->usec);
	case SIM_EVENT_TIMER:
		if (!json_is_object(v))
			return parse_error(ctx, path,
					   "expected an object with \"period\", got %s",
					   json_kind(v));
		if (!json_object_get(v, "period"))
			return parse_error(ctx, path, "missing key \"period\"");
		json_object_foreach((json_t *)v, key, x) {
			char sub[PATH_LEN];

			path_join(sub, sizeof(sub), "%s.%s", path, key);
			if (!strcmp(key, "period")) {
				ret = get_usec(ctx, sub, x, &ev->usec);
				if (ret)
					return ret;
				if (!ev->usec)
					return parse_error(ctx, sub,
							   "the period must be at least 1 us");
			} else if (!strcmp(key, "ref")) {
				if (!json_is_string(x))
					return parse_error(ctx, sub,
							   "expected a string, got %s",
							   json_kind(x));
			} else if (!strcmp(key, "mode")) {
				if (!json_is_string(x) ||
				    strcmp(json_string_value(x), "absolute"))
					return parse_error(ctx, sub,
							   "only \"absolute\" timers are supported");
			} else {
				return parse_error(ctx, sub, "unsupported key");
			}
		}
		return 0;
	case SIM_EVENT_FORK:
		if (!json_is_string(v))
			return parse_error(ctx, path,
					   "expected a task name, got %s",
					   json_kind(v));
		idx = find_task(ctx, json_string_value(v));
		if (idx < 0)
			return parse_error(ctx, path,
					   "fork of \"%s\", which is not a task",
					   json_string_value(v));
		ev->fork_task = idx;
		return 0;
	case SIM_EVENT_YIELD:
		return 0;
	case SIM_EVENT_AFFINITY:
		return parse_cpus(ctx, path, v, &ev->cpus);
	}
	return parse_error(ctx, path, "unknown event");
}

/*
 * The events of one phase: every event key of @obj, in file order.  Keys
 * that are not events must be in @allowed (handled by the caller).
 */
static int parse_events(struct parse_ctx *ctx, const char *path,
			const json_t *obj, const char *const *allowed,
			struct sim_phase_desc *phase)
{
	enum sim_event_kind kind;
	unsigned int n = 0, i;
	const char *key;
	json_t *v;
	int ret;

	json_object_foreach((json_t *)obj, key, v) {
		if (event_kind(key, &kind)) {
			n++;
			continue;
		}
		for (i = 0; allowed[i]; i++)
			if (!strcmp(key, allowed[i]))
				break;
		if (!allowed[i]) {
			char sub[PATH_LEN];

			path_join(sub, sizeof(sub), "%s.%s", path, key);
			return parse_error(ctx, sub, "unsupported key");
		}
	}
	if (!n)
		return parse_error(ctx, path,
				   "no events (run, sleep, timer, fork, yield or affinity)");
	if (n > SIM_MAX_EVENTS)
		return parse_error(ctx, path, "more than %d events",
				   SIM_MAX_EVENTS);
	phase->events = kcalloc(n, sizeof(*phase->events), GFP_KERNEL);
	if (!phase->events)
		return -ENOMEM;
	phase->nr_events = n;
	i = 0;
	json_object_foreach((json_t *)obj, key, v) {
		char sub[PATH_LEN];

		if (!event_kind(key, &kind))
			continue;
		path_join(sub, sizeof(sub), "%s.%s", path, key);
		ret = parse_event(ctx, sub, kind, v, &phase->events[i]);
		if (ret)
			return ret;
		i++;
	}
	return 0;
}

static const char *const task_keys[] = {
	"instance", "loop", "policy", "priority", "cpus", "delay", "jitter",
	"phases", NULL
};
static const char *const phase_keys[] = { "loop", NULL };

static int parse_cpus(struct parse_ctx *ctx, const char *path,
		      const json_t *v, unsigned long *mask)
{
	size_t i;
	json_t *c;

	if (!json_is_array(v))
		return parse_error(ctx, path,
				   "expected an array of CPU numbers, got %s",
				   json_kind(v));
	if (!json_array_size(v))
		return parse_error(ctx, path, "no CPU listed");
	*mask = 0;
	json_array_foreach((json_t *)v, i, c) {
		char sub[PATH_LEN];
		long long cpu;

		path_join(sub, sizeof(sub), "%s[%zu]", path, i);
		if (!json_is_integer(c))
			return parse_error(ctx, sub, "expected an integer, got %s",
					   json_kind(c));
		cpu = json_integer_value(c);
		if (cpu < 0 || cpu >= ctx->nr_cpus)
			return parse_error(ctx, sub,
					   "CPU %lld out of range (the machine has %u CPUs: 0..%u)",
					   cpu, ctx->nr_cpus, ctx->nr_cpus - 1);
		*mask |= 1ul << cpu;
	}
	return 0;
}

/* nominal microseconds of one iteration over all phases */
static unsigned long long loop_usec(const struct sim_task_desc *t)
{
	unsigned long long sum = 0;
	unsigned int p, e;

	for (p = 0; p < t->nr_phases; p++)
		for (e = 0; e < t->phases[p].nr_events; e++)
			sum += t->phases[p].events[e].usec;
	return sum;
}

static int parse_task(struct parse_ctx *ctx, const char *name,
		      const json_t *obj, struct sim_task_desc *t)
{
	char path[PATH_LEN], sub[PATH_LEN];
	const json_t *priority = NULL, *phases;
	const char *policy = ctx->default_policy;
	long long x;
	unsigned int i;
	const char *key;
	json_t *v;
	int ret;

	path_join(path, sizeof(path), "tasks.%s", name);
	if (!json_is_object(obj))
		return parse_error(ctx, path, "expected an object, got %s",
				   json_kind(obj));
	snprintf(t->name, sizeof(t->name), "%s", name);
	for (i = 0; t->name[i]; i++)
		if (t->name[i] <= ' ' || t->name[i] > '~' ||
		    strchr("=\"\\,", t->name[i]))
			t->name[i] = '_';
	if (!t->name[0])
		snprintf(t->name, sizeof(t->name), "task");
	t->instances = 1;
	t->loop = -1;
	t->cpus_allowed = ctx->nr_cpus >= SIM_MAX_CPUS ? ~0ul :
			  (1ul << ctx->nr_cpus) - 1;

	json_object_foreach((json_t *)obj, key, v) {
		path_join(sub, sizeof(sub), "%s.%s", path, key);
		if (!strcmp(key, "instance")) {
			ret = get_int(ctx, sub, v, 0, SIM_MAX_INSTANCES, &x);
			t->instances = x;
		} else if (!strcmp(key, "loop")) {
			ret = get_int(ctx, sub, v, -1, 1000000000, &x);
			if (!ret && !x)
				ret = parse_error(ctx, sub,
						  "must be -1 (forever) or at least 1");
			t->loop = x;
		} else if (!strcmp(key, "policy")) {
			if (!json_is_string(v))
				return parse_error(ctx, sub,
						   "expected a string, got %s",
						   json_kind(v));
			policy = json_string_value(v);
			ret = 0;
		} else if (!strcmp(key, "priority")) {
			priority = v;
			ret = 0;
		} else if (!strcmp(key, "cpus")) {
			ret = parse_cpus(ctx, sub, v, &t->cpus_allowed);
		} else if (!strcmp(key, "delay")) {
			ret = get_usec(ctx, sub, v, &t->delay_usec);
		} else if (!strcmp(key, "jitter")) {
			ret = get_int(ctx, sub, v, 0, 100, &x);
			t->jitter = x;
		} else {
			ret = 0;	/* events and unknown keys: below */
		}
		if (ret)
			return ret;
	}

	path_join(sub, sizeof(sub), "%s.policy", path);
	ret = parse_policy(ctx, sub, policy, &t->policy);
	if (ret)
		return ret;
	path_join(sub, sizeof(sub), "%s.priority", path);
	if (t->policy == SIM_POLICY_NORMAL) {
		x = 0;
		if (priority)
			ret = get_int(ctx, sub, priority, -20, 19, &x);
	} else {
		x = 50;
		if (priority)
			ret = get_int(ctx, sub, priority, 1, 99, &x);
	}
	if (ret)
		return ret;
	t->priority = x;

	phases = json_object_get(obj, "phases");
	if (phases) {
		path_join(sub, sizeof(sub), "%s.phases", path);
		json_object_foreach((json_t *)obj, key, v) {
			enum sim_event_kind kind;

			if (event_kind(key, &kind))
				return parse_error(ctx, sub,
						   "events (here \"%s\") go inside the phases when there are phases",
						   key);
		}
		if (!json_is_object(phases))
			return parse_error(ctx, sub, "expected an object, got %s",
					   json_kind(phases));
		t->nr_phases = json_object_size(phases);
		if (!t->nr_phases)
			return parse_error(ctx, sub, "no phases");
		if (t->nr_phases > SIM_MAX_PHASES)
			return parse_error(ctx, sub, "more than %d phases",
					   SIM_MAX_PHASES);
	} else {
		t->nr_phases = 1;
	}
	t->phases = kcalloc(t->nr_phases, sizeof(*t->phases), GFP_KERNEL);
	if (!t->phases)
		return -ENOMEM;

	if (!phases) {
		t->phases[0].loop = 1;
		ret = parse_events(ctx, path, obj, task_keys, &t->phases[0]);
		if (ret)
			return ret;
	} else {
		i = 0;
		json_object_foreach((json_t *)phases, key, v) {
			struct sim_phase_desc *ph = &t->phases[i];
			json_t *loop;

			path_join(sub, sizeof(sub), "%s.phases.%s", path, key);
			if (!json_is_object(v))
				return parse_error(ctx, sub,
						   "expected an object, got %s",
						   json_kind(v));
			ph->loop = 1;
			loop = json_object_get(v, "loop");
			if (loop) {
				char lp[PATH_LEN];

				path_join(lp, sizeof(lp), "%s.loop", sub);
				ret = get_int(ctx, lp, loop, 1, 1000000000, &x);
				if (ret)
					return ret;
				ph->loop = x;
			}
			ret = parse_events(ctx, sub, v, phase_keys, ph);
			if (ret)
				return ret;
			i++;
		}
	}
	if (loop_usec(t) == 0)
		return parse_error(ctx, path,
				   "one loop takes no time: it needs a run, sleep or timer of at least 1 us");
	return 0;
}

static void free_task(struct sim_task_desc *t)
{
	unsigned int p;

	if (!t->phases)
		return;
	for (p = 0; p < t->nr_phases; p++)
		kfree(t->phases[p].events);
	kfree(t->phases);
}

void sim_workload_free(struct sim_workload *wl)
{
	unsigned int t;

	if (!wl)
		return;
	if (wl->tasks)
		for (t = 0; t < wl->nr_tasks; t++)
			free_task(&wl->tasks[t]);
	kfree(wl->tasks);
	kfree(wl);
}

static const char *const ignored_global_keys[] = {
	"calibration", "logdir", "log_basename", "log_size", "lock_pages",
	"ftrace", "gnuplot", "pi_enabled", "io_device", "mem_buffer_size",
	"cumulative_slack", NULL
};

static int parse_global(struct parse_ctx *ctx, const json_t *global,
			struct sim_workload *wl)
{
	const char *key;
	unsigned int i;
	json_t *v;

	if (!json_is_object(global))
		return parse_error(ctx, "global", "expected an object, got %s",
				   json_kind(global));
	json_object_foreach((json_t *)global, key, v) {
		char sub[PATH_LEN];

		path_join(sub, sizeof(sub), "global.%s", key);
		if (!strcmp(key, "duration")) {
			double s;

			if (!json_is_number(v))
				return parse_error(ctx, sub,
						   "expected a number of seconds, got %s",
						   json_kind(v));
			s = json_number_value(v);
			if (s == -1) {
				/* rt-app: forever; here, the default */
				wl->duration_usec = 0;
				continue;
			}
			if (!(s >= 0) || s > MAX_USEC / 1000000)
				return parse_error(ctx, sub,
						   "%g seconds is out of range (0 .. %lld, or -1)",
						   s, MAX_USEC / 1000000);
			wl->duration_usec = (unsigned long long)(s * 1e6 + 0.5);
		} else if (!strcmp(key, "default_policy")) {
			enum sim_policy p;
			int ret;

			if (!json_is_string(v))
				return parse_error(ctx, sub,
						   "expected a string, got %s",
						   json_kind(v));
			ret = parse_policy(ctx, sub, json_string_value(v), &p);
			if (ret)
				return ret;
			ctx->default_policy = json_string_value(v);
		} else {
			for (i = 0; ignored_global_keys[i]; i++)
				if (!strcmp(key, ignored_global_keys[i]))
					break;
			if (!ignored_global_keys[i])
				return parse_error(ctx, sub, "unsupported key");
		}
	}
	return 0;
}

static int parse_root(struct parse_ctx *ctx, const json_t *root,
		      struct sim_workload *wl)
{
	const json_t *global;
	const char *key;
	unsigned int i;
	json_t *v;
	int ret;

	if (!json_is_object(root))
		return parse_error(ctx, NULL,
				   "the top level must be an object, got %s",
				   json_kind(root));
	json_object_foreach((json_t *)root, key, v) {
		if (strcmp(key, "tasks") && strcmp(key, "global"))
			return parse_error(ctx, key, "unsupported key");
	}
	global = json_object_get(root, "global");
	if (global) {
		ret = parse_global(ctx, global, wl);
		if (ret)
			return ret;
	}
	ctx->tasks = json_object_get(root, "tasks");
	if (!ctx->tasks)
		return parse_error(ctx, NULL, "missing key \"tasks\"");
	if (!json_is_object(ctx->tasks))
		return parse_error(ctx, "tasks", "expected an object, got %s",
				   json_kind(ctx->tasks));
	if (!json_object_size(ctx->tasks))
		return parse_error(ctx, "tasks", "no tasks");
	wl->nr_tasks = json_object_size(ctx->tasks);
	wl->tasks = kcalloc(wl->nr_tasks, sizeof(*wl->tasks), GFP_KERNEL);
	if (!wl->tasks)
		return -ENOMEM;
	i = 0;
	json_object_foreach(ctx->tasks, key, v) {
		ret = parse_task(ctx, key, v, &wl->tasks[i]);
		if (ret)
			return ret;
		i++;
	}
	if (!sim_workload_nr_initial(wl))
		return parse_error(ctx, "tasks",
				   "no task starts (every \"instance\" is 0)");
	return 0;
}

static void workload_name(struct sim_workload *wl, const char *source)
{
	const char *base = strrchr(source, '/');
	char *dot, *c;

	snprintf(wl->name, sizeof(wl->name), "%s", base ? base + 1 : source);
	dot = strrchr(wl->name, '.');
	if (dot && !strcmp(dot, ".json"))
		*dot = '\0';
	/* it goes into JSON and CSV reports unquoted by anything else */
	for (c = wl->name; *c; c++)
		if (*c < ' ' || *c > '~' || strchr("\"\\,", *c))
			*c = '_';
}

/* parse an already-loaded tree (or report the loader's error) */
static int parse_tree(json_t *root, const json_error_t *jerr,
		      struct parse_ctx *ctx, struct sim_workload **out)
{
	struct sim_workload *wl;
	int ret;

	if (!root) {
		if (ctx->err && ctx->errlen)
			snprintf(ctx->err, ctx->errlen, "%s:%d:%d: %s",
				 ctx->source, jerr->line, jerr->column,
				 jerr->text);
		return -EINVAL;
	}
	if (ctx->nr_cpus < 1 || ctx->nr_cpus > SIM_MAX_CPUS) {
		ret = parse_error(ctx, NULL, "%u CPUs: must be 1..%d",
				  ctx->nr_cpus, SIM_MAX_CPUS);
		goto out_put;
	}
	wl = kzalloc(sizeof(*wl), GFP_KERNEL);
	if (!wl) {
		ret = -ENOMEM;
		goto out_put;
	}
	ctx->default_policy = "SCHED_OTHER";
	ret = parse_root(ctx, root, wl);
	if (ret) {
		sim_workload_free(wl);
		goto out_put;
	}
	workload_name(wl, ctx->source);
	*out = wl;
out_put:
	/* every failure has its message; out of memory has one too */
	if (ret == -ENOMEM && ctx->err && ctx->errlen)
		snprintf(ctx->err, ctx->errlen, "%s: out of memory",
			 ctx->source);
	json_decref(root);
	return ret;
}

int sim_workload_parse(const char *text, const char *source,
		       unsigned int nr_cpus, struct sim_workload **out,
		       char *err, size_t errlen)
{
	struct parse_ctx ctx = {
		.source = source ? source : "<workload>",
		.nr_cpus = nr_cpus, .err = err, .errlen = errlen,
	};
	json_error_t jerr;
	json_t *root;

	root = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	return parse_tree(root, &jerr, &ctx, out);
}

int sim_workload_load(const char *path, unsigned int nr_cpus,
		      struct sim_workload **out, char *err, size_t errlen)
{
	struct parse_ctx ctx = {
		.source = path, .nr_cpus = nr_cpus, .err = err,
		.errlen = errlen,
	};
	json_error_t jerr;
	json_t *root;
	FILE *f;
	int ret;

	f = fopen(path, "r");
	if (!f) {
		ret = -errno;
		if (err && errlen)
			snprintf(err, errlen, "%s: %s", path, strerror(-ret));
		return ret;
	}
	root = json_loadf(f, JSON_REJECT_DUPLICATES, &jerr);
	fclose(f);
	return parse_tree(root, &jerr, &ctx, out);
}

unsigned long sim_workload_nr_initial(const struct sim_workload *wl)
{
	unsigned long n = 0;
	unsigned int t;

	for (t = 0; t < wl->nr_tasks; t++)
		n += wl->tasks[t].instances;
	return n;
}

int sim_workload_builtin(const char *name, unsigned int nr_cpus,
			 struct sim_workload **out, char *err, size_t errlen)
{
	const struct sim_builtin *b;

	for (b = sim_builtins; b->name; b++)
		if (!strcmp(b->name, name))
			return sim_workload_parse(b->json, b->name, nr_cpus,
						  out, err, errlen);
	if (err && errlen)
		snprintf(err, errlen,
			 "%s: no such built-in workload (kstruct sim --list)",
			 name);
	return -ENOENT;
}

/*
 * The built-ins.  Every initial task starts on CPU 0 (as if a shell there
 * had started them), so the balancer has something to do.
 */
const struct sim_builtin sim_builtins[] = {
	{
		.name = "mixed",
		.summary = "hogs, a niced batch job, interactive editors and a forking server: balancing, bonuses, expiry, array switches",
		.json =
		"{ \"global\": { \"duration\": 6 },\n"
		"  \"tasks\": {\n"
		"    \"hog\": { \"instance\": 4, \"run\": 1000000 },\n"
		"    \"batch\": { \"priority\": 10, \"run\": 1000000 },\n"
		"    \"editor\": { \"instance\": 2, \"run\": 2000, \"sleep\": 30000 },\n"
		"    \"server\": { \"run\": 3000, \"fork\": \"worker\", \"sleep\": 200000 },\n"
		"    \"worker\": { \"instance\": 0, \"loop\": 4, \"run\": 15000, \"sleep\": 5000 }\n"
		"  } }\n",
	},
	{
		.name = "hogs",
		.summary = "eight equal CPU hogs: balancing and fairness (Jain's index)",
		.json =
		"{ \"global\": { \"duration\": 4 },\n"
		"  \"tasks\": { \"hog\": { \"instance\": 8, \"run\": 1000000 } } }\n",
	},
	{
		.name = "interactive",
		.summary = "short-burst sleepers beside hogs: sleep_avg bonuses and wakeup latency",
		.json =
		"{ \"global\": { \"duration\": 3 },\n"
		"  \"tasks\": {\n"
		"    \"hog\": { \"instance\": 4, \"run\": 1000000 },\n"
		"    \"typist\": { \"instance\": 3, \"run\": 1000, \"sleep\": 9000 },\n"
		"    \"player\": { \"timer\": { \"ref\": \"frame\", \"period\": 16000 }, \"run\": 4000 }\n"
		"  } }\n",
	},
	{
		.name = "nice",
		.summary = "hogs at nice -10, 0, 10 and 19 on one CPU: timeslices by static priority",
		.json =
		"{ \"global\": { \"duration\": 3 },\n"
		"  \"tasks\": {\n"
		"    \"nice-10\": { \"priority\": -10, \"cpus\": [0], \"run\": 1000000 },\n"
		"    \"nice0\": { \"priority\": 0, \"cpus\": [0], \"run\": 1000000 },\n"
		"    \"nice10\": { \"priority\": 10, \"cpus\": [0], \"run\": 1000000 },\n"
		"    \"nice19\": { \"priority\": 19, \"cpus\": [0], \"run\": 1000000 }\n"
		"  } }\n",
	},
	{
		.name = "rt",
		.summary = "a periodic FIFO task, two RR hogs and normal hogs",
		.json =
		"{ \"global\": { \"duration\": 2 },\n"
		"  \"tasks\": {\n"
		"    \"fifo\": { \"policy\": \"SCHED_FIFO\", \"priority\": 50,\n"
		"              \"timer\": { \"ref\": \"t\", \"period\": 10000 }, \"run\": 2000 },\n"
		"    \"rr\": { \"instance\": 2, \"policy\": \"SCHED_RR\", \"priority\": 10,\n"
		"            \"cpus\": [0], \"run\": 1000000 },\n"
		"    \"hog\": { \"instance\": 4, \"run\": 1000000 }\n"
		"  } }\n",
	},
	{
		.name = "fork",
		.summary = "a spawner forking short-lived children that exit: fork, sched_exit, reparenting",
		.json =
		"{ \"global\": { \"duration\": 2 },\n"
		"  \"tasks\": {\n"
		"    \"spawner\": { \"run\": 2000, \"fork0\": \"child\", \"fork1\": \"child\", \"sleep\": 20000 },\n"
		"    \"child\": { \"instance\": 0, \"loop\": 3, \"run\": 7000, \"sleep\": 3000 }\n"
		"  } }\n",
	},
	{
		.name = "random",
		.summary = "tasks with random run and sleep times (jitter): the seed matters",
		.json =
		"{ \"global\": { \"duration\": 2 },\n"
		"  \"tasks\": {\n"
		"    \"rand\": { \"instance\": 6, \"jitter\": 90, \"run\": 8000, \"sleep\": 8000 },\n"
		"    \"hog\": { \"instance\": 2, \"run\": 1000000 }\n"
		"  } }\n",
	},
	{ .name = NULL }
};
