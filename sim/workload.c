// SPDX-License-Identifier: MIT
/*
 * sim/workload.c - rt-app JSON workloads and the built-in workloads.
 *
 * Not a port of a kernel file.  Reads the workload files of rt-app (its
 * doc/tutorial.txt describes them) with jansson into struct sim_workload:
 *
 *   { "global": { "duration": S, "default_policy": "SCHED_OTHER" },
 *     "tasks": { "NAME": { "instance": N, "loop": L, "policy": P,
 *                          "priority": PRIO, "cpus": [..], "delay": US,
 *                          "run": US, "sleep": US, "lock": "M", ...,
 *                          "phases": { "p1": { "loop": N, ...events } } } } }
 *
 * rt-app's files are not quite JSON: its parser (json-c) takes comments
 * and a comma before a closing bracket, and its workgen script renames a
 * key given twice in one object ("run", "run1", "run2", ...; the number
 * counts up per object and skips names already used) so that every
 * event runs, in file order.  rtapp_to_json() turns such text into
 * strict JSON first, keeping every newline so that jansson's line
 * numbers are the file's.  It also reads a key with no value ("suspend",
 * as in rt-app's own video examples, which json-c itself refuses) as
 * null.
 *
 * How each event is modelled, in short (docs/sim.md has the details):
 * run uses CPU time, runtime lasts wall-clock time (waiting for the CPU
 * counts), sleep and timer wait for time; lock, wait, signal, broad and
 * sync work on mutexes and condition variables, with blocked tasks
 * asleep until they are handed the mutex or signalled; suspend and
 * resume are rt-app's own sequences of those (a condition and a mutex
 * named after the task); barrier blocks until its last user
 * arrives; sem_post and sem_wait are a counting semaphore; per-phase
 * "cpus" and "taskgroup" become an affinity change and a move to another
 * task group at the start of the phase; "taskgroup" paths make the
 * workload's table of task groups (sim.c builds them for cfs and eevdf).
 *
 * Differences from rt-app, on purpose:
 *  - a key that is accepted but not modelled (mem, iorun, calibration,
 *    logdir, util_min, ...) or not an rt-app key at all is reported
 *    once, as a warning naming it (struct sim_workload's warnings), never
 *    silently dropped and never refused; what depends on the scheduling
 *    class (taskgroup, SCHED_BATCH and SCHED_IDLE, dl-runtime on a fair
 *    task) is left to the simulator, which knows it (sim_warning());
 *  - a taskgroup path is read as the file system reads it ("/a//b/" is
 *    "/a/b", with a warning), and one that cgroupfs would refuse ("."
 *    or "..", a name longer than 255 bytes, a control character) is an
 *    error, as is a path deeper than SIM_MAX_TASKGROUP_DEPTH or more than
 *    SIM_MAX_TASKGROUPS groups (rt-app allows 32 paths);
 *  - SCHED_DEADLINE takes dl-runtime, dl-period and dl-deadline with
 *    rt-app's defaults, checked here as sched_setattr() checks them;
 *  - "jitter" (percent) is a kstruct extension that makes run and sleep
 *    times random around their nominal value;
 *  - "affinity": [CPUS] (an extension) makes the task change its own
 *    affinity with set_cpus_allowed();
 *  - "taskgroups": { PATH: { "shares": N } } in "global" (an extension)
 *    sets a task group's weight, which rt-app leaves at the default;
 *  - "fork": "NAME" starts a new instance of task NAME as a child of the
 *    forking task through the scheduler's fork path (rt-app starts a
 *    thread);
 *  - the task named by "fork", and the CPUs named by "cpus", are checked
 *    when the file is read (rt-app finds out when it runs).
 * A bad file fails as a whole: nothing of it is returned, nothing leaks.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "compat/compiler.h"
#include "compat/escape.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sched/sched.h"
#include "sim/workload.h"

/* key paths in messages ("tasks.NAME.phases.p1.run"); cut when too long */
#define PATH_LEN 256
/* objects and arrays nested deeper than this are refused */
#define JSON_MAX_DEPTH 64

static void __attribute__((format(printf, 3, 4)))
path_join(char *out, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vsnprintf(out, len, fmt, ap) >= (int)len && len > 4)
		strcpy(out + len - 4, "...");
	va_end(ap);
}

static char *kstrndup(const char *s, size_t len)
{
	char *p = kmalloc(len + 1, GFP_KERNEL);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

/*
 * Make room for @need elements of @size bytes in *@array (of *@cap),
 * doubling.  Return: 0 or -ENOMEM (the array is unchanged).
 */
static int grow(void **array, unsigned int *cap, unsigned int need, size_t size)
{
	unsigned int n = *cap ? *cap : 4;
	void *p;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	p = kcalloc(n, size, GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	if (*cap)
		memcpy(p, *array, (size_t)*cap * size);
	kfree(*array);
	*array = p;
	*cap = n;
	return 0;
}

/* a growing text, always NUL-terminated once it has a buffer */
struct text_out {
	char *buf;
	size_t len, room;
};

static int out_put(struct text_out *o, const char *s, size_t len)
{
	if (o->len + len + 1 > o->room) {
		size_t room = o->room ? o->room : 4096;
		char *buf;

		while (room < o->len + len + 1)
			room *= 2;
		buf = kmalloc(room, GFP_KERNEL);
		if (!buf)
			return -ENOMEM;
		if (o->len)
			memcpy(buf, o->buf, o->len);
		kfree(o->buf);
		o->buf = buf;
		o->room = room;
	}
	memcpy(o->buf + o->len, s, len);
	o->len += len;
	o->buf[o->len] = '\0';
	return 0;
}

/* ------------------------------------------------------- name tables */

/*
 * A set of names, each with a tag (what it names: an object's keys, a
 * kind of resource) and a value, in an open-addressing hash table; the
 * names are copied into the table's own text, one after another.
 */
struct name_slot {
	unsigned int hash; /* 0: an empty slot */
	unsigned int tag;
	unsigned int len;
	unsigned int value;
	size_t off; /* of the name in the table's text */
};

struct name_table {
	struct name_slot *slot;
	unsigned int cap, nr; /* slots (a power of 2), names */
	struct text_out text;
};

/* FNV-1a of the tag and the name; never 0 */
static unsigned int name_hash(unsigned int tag, const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < sizeof(tag); i++) {
		h ^= (tag >> (8 * i)) & 0xff;
		h *= 16777619u;
	}
	for (i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h ? h : 1;
}

/* the slot holding (@tag, @s) or the empty slot where it would go */
static struct name_slot *name_slot(const struct name_table *nt,
				   unsigned int hash, unsigned int tag,
				   const char *s, size_t len)
{
	unsigned int i = hash & (nt->cap - 1);

	for (;; i = (i + 1) & (nt->cap - 1)) {
		struct name_slot *e = &nt->slot[i];

		if (!e->hash)
			return e;
		if (e->hash == hash && e->tag == tag && e->len == len &&
		    !memcmp(nt->text.buf + e->off, s, len))
			return e;
	}
}

/* Return: 1 and *@value when (@tag, @s) is in @nt, else 0 */
static int name_find(const struct name_table *nt, unsigned int tag,
		     const char *s, size_t len, unsigned int *value)
{
	struct name_slot *e;

	if (!nt->cap)
		return 0;
	e = name_slot(nt, name_hash(tag, s, len), tag, s, len);
	if (!e->hash)
		return 0;
	if (value)
		*value = e->value;
	return 1;
}

/* add (@tag, @s) (not in @nt yet).  Return: 0 or -ENOMEM */
static int name_add(struct name_table *nt, unsigned int tag, const char *s,
		    size_t len, unsigned int value)
{
	struct name_slot *e;
	unsigned int i;

	if (2 * (nt->nr + 1) > nt->cap) {
		struct name_table bigger = *nt;

		bigger.cap = nt->cap ? 2 * nt->cap : 64;
		bigger.slot =
			kcalloc(bigger.cap, sizeof(*bigger.slot), GFP_KERNEL);
		if (!bigger.slot)
			return -ENOMEM;
		for (i = 0; i < nt->cap; i++) {
			struct name_slot *old = &nt->slot[i];

			if (old->hash)
				*name_slot(&bigger, old->hash, old->tag,
					   nt->text.buf + old->off,
					   old->len) = *old;
		}
		kfree(nt->slot);
		*nt = bigger;
	}
	e = name_slot(nt, name_hash(tag, s, len), tag, s, len);
	e->off = nt->text.len;
	if (out_put(&nt->text, s, len))
		return -ENOMEM;
	e->hash = name_hash(tag, s, len);
	e->tag = tag;
	e->len = len;
	e->value = value;
	nt->nr++;
	return 0;
}

static void name_table_free(struct name_table *nt)
{
	kfree(nt->slot);
	kfree(nt->text.buf);
	memset(nt, 0, sizeof(*nt));
}

/* ------------------------------------------------ context and messages */

/* tags of ctx->names: the resource kinds, then these */
#define TAG_WARNING 16u /* warnings given, by what they are about */
#define TAG_TIMERS 32u /* + description index: its own timers */

struct parse_ctx {
	const char *source;
	unsigned int nr_cpus;
	char *err;
	size_t errlen;
	const char *default_policy;
	json_t *tasks;
	struct sim_workload *wl;
	struct name_table names; /* resources, warnings */
	unsigned int resources_cap, warnings_cap, taskgroups_cap;
	unsigned int line; /* rtapp_to_json(): the current line */
	const char *text; /* rtapp_to_json(): its input */
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

/* room for @len bytes escaped: each may take four ("\x1b") */
#define ESCAPED_LEN(len) (4 * (len) + 1)

/*
 * The message in @err (@errlen bytes), escaped where it is (compat/escape.h):
 * every error leaves the parser through here.  Return: @ret.
 */
static int safe_error(int ret, char *err, size_t errlen)
{
	char raw[512];

	if (!ret || !err || !errlen)
		return ret;
	snprintf(raw, sizeof(raw), "%s", err);
	escape_message(err, errlen, raw);
	return ret;
}

/*
 * Warn that @path is accepted but not modelled, once per @what (the key,
 * whatever task or phase it is in).  Return: 0 or -ENOMEM.
 */
static int __attribute__((format(printf, 4, 5)))
warn(struct parse_ctx *ctx, const char *what, const char *path, const char *fmt,
     ...)
{
	struct sim_workload *wl = ctx->wl;
	char msg[256], safe[ESCAPED_LEN(256)], *line;
	va_list ap;
	size_t len;
	int ret;

	if (name_find(&ctx->names, TAG_WARNING, what, strlen(what), NULL) ||
	    wl->nr_warnings >= SIM_MAX_WARNINGS)
		return 0;
	ret = name_add(&ctx->names, TAG_WARNING, what, strlen(what), 0);
	if (!ret)
		ret = grow((void **)&wl->warnings, &ctx->warnings_cap,
			   wl->nr_warnings + 1, sizeof(*wl->warnings));
	if (ret)
		return ret;
	if (wl->nr_warnings == SIM_MAX_WARNINGS - 1) {
		snprintf(msg, sizeof(msg),
			 "%s: more keys are not modelled (%d warnings at most)",
			 ctx->source, SIM_MAX_WARNINGS);
	} else {
		char text[200];

		va_start(ap, fmt);
		vsnprintf(text, sizeof(text), fmt, ap);
		va_end(ap);
		snprintf(msg, sizeof(msg), "%s: %s%s%s", ctx->source,
			 path ? path : "", path ? ": " : "", text);
	}
	/* the workload's keys and names, made safe to print */
	len = escape_message(safe, sizeof(safe), msg);
	line = kstrndup(safe, len);
	if (!line)
		return -ENOMEM;
	wl->warnings[wl->nr_warnings++] = line;
	return 0;
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
		return parse_error(ctx, path,
				   "%lld is out of range [%lld, %lld]", x, min,
				   max);
	*out = x;
	return 0;
}

/* a duration in microseconds: an integer >= 0 */
#define MAX_USEC (1000000ll * 1000000) /* a million seconds */
static int get_usec(struct parse_ctx *ctx, const char *path, const json_t *v,
		    unsigned long long *out)
{
	long long x;

	if (!json_is_integer(v))
		return parse_error(
			ctx, path,
			"expected an integer number of microseconds, got %s",
			json_kind(v));
	x = json_integer_value(v);
	if (x < 0)
		return parse_error(
			ctx, path,
			"negative duration %lld (microseconds must be >= 0)",
			x);
	if (x > MAX_USEC)
		return parse_error(ctx, path, "duration %lld us is too long",
				   x);
	*out = (unsigned long long)x;
	return 0;
}

/* a "loop": -1 (forever) or at least 1 */
static int get_loop(struct parse_ctx *ctx, const char *path, const json_t *v,
		    long *out)
{
	long long x = 0;
	int ret;

	ret = get_int(ctx, path, v, -1, 1000000000, &x);
	if (!ret && !x)
		ret = parse_error(ctx, path,
				  "must be -1 (forever) or at least 1");
	if (!ret)
		*out = x;
	return ret;
}

static int get_string(struct parse_ctx *ctx, const char *path, const json_t *v,
		      const char **out)
{
	if (!json_is_string(v))
		return parse_error(ctx, path, "expected a string, got %s",
				   json_kind(v));
	*out = json_string_value(v);
	return 0;
}

/* ------------------------------------------- rt-app's text to JSON */

/* what the parser of one object or array expects next */
enum json_expect {
	EXPECT_KEY, /* a key, or the end of the object */
	EXPECT_COLON, /* the colon after a key */
	EXPECT_VALUE, /* a value (or, in an array, its end) */
	EXPECT_COMMA, /* a comma, or the end */
};

#define NO_COMMA SIZE_MAX

/* one open object or array */
struct json_frame {
	char close; /* '}' or ']' */
	unsigned char expect;
	unsigned int id; /* numbers the object, tagging its keys */
	unsigned int suffix; /* next number to try for a duplicate key */
	size_t comma; /* output offset of a comma that may turn
				 * out to be trailing, or NO_COMMA */
	size_t key; /* output offset of the last key's text */
	unsigned int key_len; /* its length */
	unsigned int key_line; /* its line */
	bool strict; /* "global"."taskgroups": a duplicate key is an error */
};

static void value_done(struct json_frame *top)
{
	if (top) {
		top->expect = EXPECT_COMMA;
		top->comma = NO_COMMA;
	}
}

/*
 * The line and column of @at in the input (both from 1, the column in
 * characters, as jansson counts them)
 */
static void text_position(const struct parse_ctx *ctx, size_t at,
			  unsigned int *line, unsigned int *column)
{
	size_t i;

	*line = 1;
	*column = 1;
	for (i = 0; i < at; i++) {
		if (ctx->text[i] == '\n') {
			(*line)++;
			*column = 1;
		} else if (((unsigned char)ctx->text[i] & 0xc0) != 0x80) {
			(*column)++;
		}
	}
}

/* @key (@len bytes) of a strict object, at @at, was at @first already */
static int duplicate_key(struct parse_ctx *ctx, const char *key, size_t len,
			 size_t at, size_t first)
{
	unsigned int line, column, first_line, first_column;

	text_position(ctx, at, &line, &column);
	text_position(ctx, first, &first_line, &first_column);
	if (ctx->err && ctx->errlen)
		snprintf(
			ctx->err, ctx->errlen,
			"%s:%u:%u: taskgroup \"%.*s\" is given twice (first at %u:%u)",
			ctx->source, line, column, len > 200 ? 200 : (int)len,
			key, first_line, first_column);
	return -EINVAL;
}

/*
 * A key of the object @top, at @key in the input (@len bytes): written as
 * it is, or, when the object has it already, as workgen renames it: the
 * key followed by the object's suffix number, counted up until the name
 * is new.  In a strict object a key given twice is an error instead.
 */
static int out_key(struct parse_ctx *ctx, struct name_table *keys,
		   struct json_frame *top, struct text_out *o, const char *key,
		   size_t len)
{
	size_t start = o->len, at = key - 1 - ctx->text;
	unsigned int first;
	char num[16];
	int ret;

	ret = out_put(o, "\"", 1);
	if (!ret)
		ret = out_put(o, key, len);
	if (ret)
		return ret;
	if (top->strict && name_find(keys, top->id, key, len, &first))
		return duplicate_key(ctx, key, len, at, first);
	if (name_find(keys, top->id, key, len, NULL)) {
		for (;;) {
			o->len = start + 1 + len;
			snprintf(num, sizeof(num), "%u", top->suffix);
			ret = out_put(o, num, strlen(num));
			if (ret)
				return ret;
			if (!name_find(keys, top->id, o->buf + start + 1,
				       o->len - start - 1, NULL))
				break;
			top->suffix++;
		}
	}
	top->key = start + 1;
	top->key_len = o->len - start - 1;
	top->key_line = ctx->line;
	ret = name_add(keys, top->id, o->buf + top->key, top->key_len,
		       (unsigned int)at);
	return ret ? ret : out_put(o, "\"", 1);
}

/* the last key of @top has no value: give it null */
static int out_null_value(struct parse_ctx *ctx, struct text_out *o,
			  const struct json_frame *top)
{
	int len = top->key_len > 48 ? 48 : top->key_len;
	const char *key = o->buf + top->key;
	char what[64];
	int ret;

	snprintf(what, sizeof(what), "no value:%.*s", len, key);
	ret = warn(ctx, what, NULL,
		   "line %u: \"%.*s\" has no value (not JSON); read as null",
		   top->key_line, len, key);
	return ret ? ret : out_put(o, ":null", 5);
}

/* the end of the string that starts at @in[@i] (past its closing quote) */
static size_t string_end(const char *in, size_t n, size_t i, unsigned int *nl)
{
	for (i++; i < n; i++) {
		if (in[i] == '\\' && i + 1 < n)
			i++;
		else if (in[i] == '"')
			return i + 1;
		if (in[i] == '\n')
			(*nl)++;
	}
	return n;
}

/* a comment starting at @in[@i], blanked out, newlines kept */
static int out_comment(struct parse_ctx *ctx, struct text_out *o,
		       const char *in, size_t n, size_t *i)
{
	int block = in[*i + 1] == '*';
	unsigned int line = ctx->line;
	size_t j = *i + 2;
	int ret = 0;

	ret = out_put(o, "  ", 2);
	for (; !ret && j < n; j++) {
		if (block && in[j] == '*' && j + 1 < n && in[j + 1] == '/') {
			*i = j + 2;
			return out_put(o, "  ", 2);
		}
		if (in[j] == '\n') {
			if (!block)
				break;
			ctx->line++;
		}
		ret = out_put(o, in[j] == '\n' ? "\n" : " ", 1);
	}
	if (ret)
		return ret;
	if (block) {
		if (ctx->err && ctx->errlen)
			snprintf(ctx->err, ctx->errlen,
				 "%s:%u: a /* comment that never ends",
				 ctx->source, line);
		return -EINVAL;
	}
	*i = j;
	return 0;
}

/* whether @f is an object whose value being read is that of key @key */
static bool frame_key_is(const struct text_out *o, const struct json_frame *f,
			 const char *key)
{
	return f->close == '}' && f->expect == EXPECT_VALUE &&
	       f->key_len == strlen(key) &&
	       !memcmp(o->buf + f->key, key, f->key_len);
}

/*
 * rtapp_to_json() - rt-app's workload text @in (@n bytes) as strict JSON
 * in @o (see the top of this file).  Everything that is not a comment, a
 * trailing comma, a duplicate key or a missing value is copied as it is;
 * jansson judges the rest.  Return: 0, -EINVAL (a comment that never
 * ends, nesting too deep; the message is set), -ENOMEM.
 */
static int rtapp_to_json(struct parse_ctx *ctx, const char *in, size_t n,
			 struct text_out *o)
{
	struct json_frame stack[JSON_MAX_DEPTH], *top = NULL;
	struct name_table keys = { 0 };
	unsigned int depth = 0, objects = 0;
	size_t i = 0, j;
	int ret = 0;

	ctx->line = 1;
	ctx->text = in;
	while (!ret && i < n) {
		char c = in[i];

		if (c == '/' && i + 1 < n &&
		    (in[i + 1] == '*' || in[i + 1] == '/')) {
			ret = out_comment(ctx, o, in, n, &i);
			continue;
		}
		if (c == '"') {
			unsigned int nl = 0;

			j = string_end(in, n, i, &nl);
			if (top && top->close == '}' &&
			    top->expect == EXPECT_KEY && j - i >= 2 &&
			    in[j - 1] == '"') {
				ret = out_key(ctx, &keys, top, o, in + i + 1,
					      j - i - 2);
				top->expect = EXPECT_COLON;
			} else {
				ret = out_put(o, in + i, j - i);
				value_done(top);
			}
			ctx->line += nl;
			i = j;
			continue;
		}
		if (top && top->expect == EXPECT_COLON &&
		    (c == ',' || c == '}')) {
			/* the last key of this object had no value */
			ret = out_null_value(ctx, o, top);
			if (ret)
				break;
			top->expect = EXPECT_COMMA;
		}
		switch (c) {
		case '{':
		case '[':
			if (depth == JSON_MAX_DEPTH) {
				if (ctx->err && ctx->errlen)
					snprintf(
						ctx->err, ctx->errlen,
						"%s:%u: nested deeper than %d levels",
						ctx->source, ctx->line,
						JSON_MAX_DEPTH);
				ret = -EINVAL;
				break;
			}
			top = &stack[depth++];
			top->strict = c == '{' && depth == 3 &&
				      frame_key_is(o, &stack[0], "global") &&
				      frame_key_is(o, &stack[1], "taskgroups");
			top->close = c == '{' ? '}' : ']';
			top->expect = c == '{' ? EXPECT_KEY : EXPECT_VALUE;
			top->id = objects++;
			top->suffix = 1;
			top->comma = NO_COMMA;
			break;
		case '}':
		case ']':
			if (!top || top->close != c)
				break;
			if (top->comma != NO_COMMA &&
			    (top->expect == EXPECT_KEY ||
			     top->expect == EXPECT_VALUE))
				o->buf[top->comma] = ' ';
			top = --depth ? &stack[depth - 1] : NULL;
			value_done(top);
			break;
		case ',':
			if (top && top->expect == EXPECT_COMMA) {
				top->expect = top->close == '}' ? EXPECT_KEY :
								  EXPECT_VALUE;
				top->comma = o->len;
			}
			break;
		case ':':
			if (top && top->expect == EXPECT_COLON)
				top->expect = EXPECT_VALUE;
			break;
		case '\n':
			ctx->line++;
			break;
		case ' ':
		case '\t':
		case '\r':
			break;
		default:
			/* the first character of a number or a literal */
			if (top && top->expect == EXPECT_VALUE)
				value_done(top);
			break;
		}
		if (!ret)
			ret = out_put(o, &c, 1);
		i++;
	}
	name_table_free(&keys);
	if (!ret && !o->buf)
		ret = out_put(o, "", 0);
	return ret;
}

/* ---------------------------------------------------------- policies */

static int parse_policy(struct parse_ctx *ctx, const char *path, const char *s,
			int *out)
{
	const struct sched_policy *sp = sched_policy_find(s);
	char names[160];

	if (!sp)
		return parse_error(ctx, path, "unknown policy \"%s\" (%s)", s,
				   sched_policy_names(names, sizeof(names)));
	*out = sp->policy;
	return 0;
}

static int fair_policy(int p)
{
	return p == SCHED_OTHER || p == SCHED_BATCH || p == SCHED_IDLE;
}

/* --------------------------------------------------------- resources */

/* the shared resource (@kind, @name), made on first use, in *@idx */
static int find_resource(struct parse_ctx *ctx, enum sim_resource_kind kind,
			 const char *name, unsigned int *idx)
{
	struct sim_workload *wl = ctx->wl;
	struct sim_resource_desc *r;
	size_t len = strlen(name);
	int ret;

	if (name_find(&ctx->names, kind, name, len, idx))
		return 0;
	ret = grow((void **)&wl->resources, &ctx->resources_cap,
		   wl->nr_resources + 1, sizeof(*wl->resources));
	if (ret)
		return ret;
	r = &wl->resources[wl->nr_resources];
	r->name = kstrndup(name, len);
	if (!r->name)
		return -ENOMEM;
	r->kind = kind;
	ret = name_add(&ctx->names, kind, name, len, wl->nr_resources);
	if (ret)
		return ret;
	*idx = wl->nr_resources++;
	return 0;
}

/* task @tidx's own timer @name (a "unique" one), made on first use */
static int find_own_timer(struct parse_ctx *ctx, struct sim_task_desc *t,
			  unsigned int tidx, unsigned int *cap,
			  const char *name, unsigned int *idx)
{
	size_t len = strlen(name);
	int ret;

	if (name_find(&ctx->names, TAG_TIMERS + tidx, name, len, idx))
		return 0;
	ret = grow((void **)&t->timers, cap, t->nr_timers + 1,
		   sizeof(*t->timers));
	if (ret)
		return ret;
	t->timers[t->nr_timers].name = kstrndup(name, len);
	if (!t->timers[t->nr_timers].name)
		return -ENOMEM;
	t->timers[t->nr_timers].kind = SIM_RES_TIMER;
	ret = name_add(&ctx->names, TAG_TIMERS + tidx, name, len, t->nr_timers);
	if (ret)
		return ret;
	*idx = t->nr_timers++;
	return 0;
}

/* ------------------------------------------------------------ events */

enum rtapp_event {
	EV_RUNTIME,
	EV_RUN,
	EV_SLEEP,
	EV_TIMER,
	EV_FORK,
	EV_YIELD,
	EV_AFFINITY,
	EV_LOCK,
	EV_UNLOCK,
	EV_WAIT,
	EV_SIGNAL,
	EV_BROAD,
	EV_SYNC,
	EV_SUSPEND,
	EV_RESUME,
	EV_BARRIER,
	EV_SEM_POST,
	EV_SEM_WAIT,
	EV_MEMRUN,
	EV_MEM,
	EV_IORUN,
};

/*
 * rt-app recognises an event by the start of its key ("run", "run1",
 * "runtime", "sleep_a", ...); "runtime" must be tried before "run",
 * "memrun" before "mem".
 * @steps: the events of struct sim_event_desc it becomes.
 */
static const struct {
	const char *prefix;
	enum rtapp_event ev;
	unsigned int steps;
} rtapp_events[] = {
	{ "runtime", EV_RUNTIME, 1 },	{ "run", EV_RUN, 1 },
	{ "sleep", EV_SLEEP, 1 },	{ "timer", EV_TIMER, 1 },
	{ "fork", EV_FORK, 1 },		{ "yield", EV_YIELD, 1 },
	{ "affinity", EV_AFFINITY, 1 }, { "lock", EV_LOCK, 1 },
	{ "unlock", EV_UNLOCK, 1 },	{ "wait", EV_WAIT, 1 },
	{ "signal", EV_SIGNAL, 1 },	{ "broad", EV_BROAD, 1 },
	{ "sync", EV_SYNC, 2 }, /* signal, wait */
	{ "suspend", EV_SUSPEND, 3 }, /* lock, wait, unlock */
	{ "resume", EV_RESUME, 3 }, /* lock, broadcast, unlock */
	{ "barrier", EV_BARRIER, 1 },	{ "sem_post", EV_SEM_POST, 1 },
	{ "sem_wait", EV_SEM_WAIT, 1 }, { "memrun", EV_MEMRUN, 1 },
	{ "mem", EV_MEM, 1 },		{ "iorun", EV_IORUN, 1 },
};

/* Return: the index in rtapp_events[] of @key's event, or -1 */
static int event_of(const char *key)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rtapp_events); i++)
		if (!strncmp(key, rtapp_events[i].prefix,
			     strlen(rtapp_events[i].prefix)))
			return i;
	return -1;
}

static int parse_cpus(struct parse_ctx *ctx, const char *path, const json_t *v,
		      unsigned long *mask)
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
	json_array_foreach((json_t *)v, i, c)
	{
		char sub[PATH_LEN];
		long long cpu;

		path_join(sub, sizeof(sub), "%s[%zu]", path, i);
		if (!json_is_integer(c))
			return parse_error(ctx, sub,
					   "expected an integer, got %s",
					   json_kind(c));
		cpu = json_integer_value(c);
		if (cpu < 0 || cpu >= ctx->nr_cpus)
			return parse_error(
				ctx, sub,
				"CPU %lld out of range (the machine has %u CPUs: 0..%u)",
				cpu, ctx->nr_cpus, ctx->nr_cpus - 1);
		*mask |= 1ul << cpu;
	}
	return 0;
}

/* a fork names a task by its key in "tasks": its index is its position */
static int find_task(struct parse_ctx *ctx, const char *name)
{
	const char *key;
	json_t *v;
	int i = 0;

	json_object_foreach(ctx->tasks, key, v)
	{
		if (!strcmp(key, name))
			return i;
		i++;
	}
	return -1;
}

/* what an event is being parsed for */
struct event_ctx {
	struct sim_task_desc *t;
	unsigned int tidx; /* index of @t */
	const char *task; /* its key in "tasks" */
	unsigned int timers_cap; /* room in t->timers */
};

/* a string member of an event's object, or @dflt when it has none */
static int member_string(struct parse_ctx *ctx, const char *path,
			 const json_t *obj, const char *name, const char *dflt,
			 const char **out)
{
	const json_t *v = json_object_get(obj, name);
	char sub[PATH_LEN];

	*out = dflt;
	if (!v)
		return 0;
	path_join(sub, sizeof(sub), "%s.%s", path, name);
	return get_string(ctx, sub, v, out);
}

/* keys of an event's object other than @known are warned about */
static int other_members(struct parse_ctx *ctx, const char *path,
			 const json_t *obj, const char *const *known)
{
	const char *key;
	unsigned int i;
	json_t *v;
	int ret;

	json_object_foreach((json_t *)obj, key, v)
	{
		char sub[PATH_LEN], what[PATH_LEN];

		for (i = 0; known[i] && strcmp(key, known[i]); i++)
			;
		if (known[i])
			continue;
		path_join(sub, sizeof(sub), "%s.%s", path, key);
		path_join(what, sizeof(what), "member:%s", key);
		ret = warn(ctx, what, sub, "not an rt-app key here; ignored");
		if (ret)
			return ret;
	}
	return 0;
}

static int parse_timer(struct parse_ctx *ctx, struct event_ctx *ec,
		       const char *path, const json_t *v,
		       struct sim_event_desc *ev)
{
	static const char *const known[] = { "ref", "period", "mode", NULL };
	struct sim_resource_desc *r;
	const char *ref, *mode;
	char sub[PATH_LEN];
	int ret;

	if (!json_is_object(v))
		return parse_error(ctx, path,
				   "expected an object with \"period\", got %s",
				   json_kind(v));
	if (!json_object_get(v, "period"))
		return parse_error(ctx, path, "missing key \"period\"");
	path_join(sub, sizeof(sub), "%s.period", path);
	ret = get_usec(ctx, sub, json_object_get(v, "period"), &ev->usec);
	if (ret)
		return ret;
	if (!ev->usec)
		return parse_error(ctx, sub,
				   "the period must be at least 1 us");
	ret = member_string(ctx, path, v, "ref", "unknown", &ref);
	if (!ret)
		ret = member_string(ctx, path, v, "mode", "relative", &mode);
	if (ret)
		return ret;
	if (strcmp(mode, "relative") && strcmp(mode, "absolute")) {
		path_join(sub, sizeof(sub), "%s.mode", path);
		return parse_error(
			ctx, sub,
			"\"%s\": a timer is \"relative\" or \"absolute\"",
			mode);
	}
	ret = other_members(ctx, path, v, known);
	if (ret)
		return ret;
	/* rt-app: a "unique..." timer is one per task instance */
	ev->kind = SIM_EVENT_TIMER;
	ev->local = !strncmp(ref, "unique", 6);
	if (ev->local) {
		ret = find_own_timer(ctx, ec->t, ec->tidx, &ec->timers_cap, ref,
				     &ev->res);
		r = ret ? NULL : &ec->t->timers[ev->res];
	} else {
		ret = find_resource(ctx, SIM_RES_TIMER, ref, &ev->res);
		r = ret ? NULL : &ctx->wl->resources[ev->res];
	}
	if (r && !strcmp(mode, "absolute"))
		r->absolute = 1;
	return ret;
}

/* "wait" and "sync": { "ref": CONDITION, "mutex": MUTEX } */
static int parse_cond_wait(struct parse_ctx *ctx, const char *path,
			   const json_t *v, struct sim_event_desc *ev)
{
	static const char *const known[] = { "ref", "mutex", NULL };
	const char *ref, *mutex;
	int ret;

	if (!json_is_object(v))
		return parse_error(
			ctx, path,
			"expected an object { \"ref\": CONDITION, \"mutex\": MUTEX }, got %s",
			json_kind(v));
	/* rt-app's defaults */
	ret = member_string(ctx, path, v, "ref", "unknown", &ref);
	if (!ret)
		ret = member_string(ctx, path, v, "mutex", "unknown", &mutex);
	if (!ret)
		ret = other_members(ctx, path, v, known);
	if (!ret)
		ret = find_resource(ctx, SIM_RES_COND, ref, &ev->res);
	if (!ret)
		ret = find_resource(ctx, SIM_RES_MUTEX, mutex, &ev->mutex);
	ev->kind = SIM_EVENT_WAIT;
	return ret;
}

/* @ev[0..2]: take mutex @name, @middle on condition @name, release it */
static int mutex_sandwich(struct parse_ctx *ctx, const char *name,
			  enum sim_event_kind middle, struct sim_event_desc *ev)
{
	int ret;

	ret = find_resource(ctx, SIM_RES_MUTEX, name, &ev[0].res);
	if (!ret)
		ret = find_resource(ctx, SIM_RES_COND, name, &ev[1].res);
	if (ret)
		return ret;
	ev[0].kind = SIM_EVENT_LOCK;
	ev[1].kind = middle;
	if (middle == SIM_EVENT_WAIT)
		ev[1].mutex = ev[0].res;
	ev[2].kind = SIM_EVENT_UNLOCK;
	ev[2].res = ev[0].res;
	return 0;
}

/* a resource named by a string value */
static int named(struct parse_ctx *ctx, const char *path, const json_t *v,
		 enum sim_resource_kind kind, enum sim_event_kind event,
		 struct sim_event_desc *ev)
{
	const char *name = NULL;
	int ret;

	ret = get_string(ctx, path, v, &name);
	if (!ret)
		ret = find_resource(ctx, kind, name, &ev->res);
	ev->kind = event;
	return ret;
}

/*
 * One rt-app event, rtapp_events[@e] with value @v, as the
 * rtapp_events[@e].steps events at @ev (zeroed).
 */
static int parse_event(struct parse_ctx *ctx, struct event_ctx *ec,
		       const char *path, int e, const json_t *v,
		       struct sim_event_desc *ev)
{
	const char *name = NULL;
	unsigned int i;
	int idx, ret;

	for (i = 0; i < rtapp_events[e].steps; i++)
		ev[i].mutex = SIM_NO_RESOURCE;
	switch (rtapp_events[e].ev) {
	case EV_RUN:
		ev->kind = SIM_EVENT_RUN;
		return get_usec(ctx, path, v, &ev->usec);
	case EV_RUNTIME:
		ev->kind = SIM_EVENT_RUNTIME;
		return get_usec(ctx, path, v, &ev->usec);
	case EV_SLEEP:
		ev->kind = SIM_EVENT_SLEEP;
		return get_usec(ctx, path, v, &ev->usec);
	case EV_TIMER:
		return parse_timer(ctx, ec, path, v, ev);
	case EV_FORK:
		ev->kind = SIM_EVENT_FORK;
		if (!json_is_string(v))
			return parse_error(ctx, path,
					   "expected a task name, got %s",
					   json_kind(v));
		idx = find_task(ctx, json_string_value(v));
		if (idx < 0)
			return parse_error(
				ctx, path,
				"fork of \"%s\", which is not a task",
				json_string_value(v));
		ev->fork_task = idx;
		return 0;
	case EV_YIELD:
		ev->kind = SIM_EVENT_YIELD;
		return 0;
	case EV_AFFINITY:
		ev->kind = SIM_EVENT_AFFINITY;
		return parse_cpus(ctx, path, v, &ev->cpus);
	case EV_LOCK:
		return named(ctx, path, v, SIM_RES_MUTEX, SIM_EVENT_LOCK, ev);
	case EV_UNLOCK:
		return named(ctx, path, v, SIM_RES_MUTEX, SIM_EVENT_UNLOCK, ev);
	case EV_WAIT:
		return parse_cond_wait(ctx, path, v, ev);
	case EV_SIGNAL:
		return named(ctx, path, v, SIM_RES_COND, SIM_EVENT_SIGNAL, ev);
	case EV_BROAD:
		return named(ctx, path, v, SIM_RES_COND, SIM_EVENT_BROADCAST,
			     ev);
	case EV_SYNC:
		ret = parse_cond_wait(ctx, path, v, &ev[1]);
		ev[0].kind = SIM_EVENT_SIGNAL;
		ev[0].res = ev[1].res;
		return ret;
	case EV_SUSPEND:
		/* rt-app ignores the value: a task suspends on its own name */
		return mutex_sandwich(ctx, ec->task, SIM_EVENT_WAIT, ev);
	case EV_RESUME:
		ret = get_string(ctx, path, v, &name);
		return ret ? ret :
			     mutex_sandwich(ctx, name, SIM_EVENT_BROADCAST, ev);
	case EV_BARRIER:
		ret = named(ctx, path, v, SIM_RES_BARRIER, SIM_EVENT_BARRIER,
			    ev);
		if (!ret)
			ctx->wl->resources[ev->res].users += ec->t->instances;
		return ret;
	case EV_SEM_POST:
		return named(ctx, path, v, SIM_RES_SEM, SIM_EVENT_SEM_POST, ev);
	case EV_SEM_WAIT:
		return named(ctx, path, v, SIM_RES_SEM, SIM_EVENT_SEM_WAIT, ev);
	case EV_MEMRUN:
		if (!json_is_object(v))
			return parse_error(ctx, path,
					   "expected an object, got %s",
					   json_kind(v));
		goto nop;
	case EV_MEM:
	case EV_IORUN:
		if (!json_is_integer(v) || json_integer_value(v) < 0)
			return parse_error(ctx, path,
					   "expected a number of bytes, got %s",
					   json_kind(v));
		goto nop;
	}
	return parse_error(ctx, path, "unknown event");
nop:
	ev->kind = SIM_EVENT_NOP;
	return warn(
		ctx, rtapp_events[e].prefix, path,
		"memory and I/O traffic are not modelled: \"%s\" takes no simulated time",
		rtapp_events[e].prefix);
}

/*
 * The events of one phase: every event key of @obj, in file order, after
 * an affinity change to @cpus when @cpus is not 0 (per-phase "cpus").
 */
static int parse_events(struct parse_ctx *ctx, struct event_ctx *ec,
			const char *path, const json_t *obj, unsigned long cpus,
			unsigned int taskgroup, struct sim_phase_desc *phase)
{
	unsigned int keys = 0, i;
	unsigned int n = !!cpus + (taskgroup != SIM_NO_TASKGROUP);
	const char *key;
	json_t *v;
	int e, ret;

	json_object_foreach((json_t *)obj, key, v)
	{
		e = event_of(key);
		if (e >= 0) {
			keys++;
			n += rtapp_events[e].steps;
		}
	}
	if (!keys)
		return parse_error(
			ctx, path,
			"no events (run, sleep, timer, lock, suspend, ...)");
	if (keys > SIM_MAX_EVENTS)
		return parse_error(ctx, path, "more than %d events",
				   SIM_MAX_EVENTS);
	phase->events = kcalloc(n, sizeof(*phase->events), GFP_KERNEL);
	if (!phase->events)
		return -ENOMEM;
	phase->nr_events = n;
	/* rt-app sets the phase's affinity, then its task group */
	i = 0;
	if (cpus) {
		phase->events[i].kind = SIM_EVENT_AFFINITY;
		phase->events[i].cpus = cpus;
		phase->events[i++].mutex = SIM_NO_RESOURCE;
	}
	if (taskgroup != SIM_NO_TASKGROUP) {
		phase->events[i].kind = SIM_EVENT_TASKGROUP;
		phase->events[i].res = taskgroup;
		phase->events[i++].mutex = SIM_NO_RESOURCE;
	}
	json_object_foreach((json_t *)obj, key, v)
	{
		char sub[PATH_LEN];

		e = event_of(key);
		if (e < 0)
			continue;
		path_join(sub, sizeof(sub), "%s.%s", path, key);
		ret = parse_event(ctx, ec, sub, e, v, &phase->events[i]);
		if (ret)
			return ret;
		i += rtapp_events[e].steps;
	}
	return 0;
}

/* ---------------------------------------------------- tasks and phases */

/* a key rt-app reads that kstruct accepts without modelling it, and why */
struct ignored_key {
	const char *key;
	const char *why;
};

/* Return: why @key is in @table (of @n), or NULL when it is not */
static const char *ignored(const struct ignored_key *table, size_t n,
			   const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(key, table[i].key))
			return table[i].why;
	return NULL;
}

/* ... in a task or a phase */
static const struct ignored_key task_ignored[] = {
	{ "util_min", "utilization clamping is not modelled" },
	{ "util_max", "utilization clamping is not modelled" },
	{ "nodes_membind", "NUMA memory binding is not modelled" },
	{ "period", "rt-app's old name of dl-period (not read)" },
	{ "deadline", "rt-app's old name of dl-deadline (not read)" },
};

/* a key of a task or phase that the caller does not read: warn */
static int other_key(struct parse_ctx *ctx, const char *path, const char *key,
		     int in_phase)
{
	const char *why = ignored(task_ignored, ARRAY_SIZE(task_ignored), key);
	char what[PATH_LEN];

	if (why)
		return warn(ctx, key, path, "%s; ignored", why);
	path_join(what, sizeof(what), "key:%s", key);
	if (in_phase &&
	    (!strcmp(key, "policy") || !strcmp(key, "priority") ||
	     !strcmp(key, "dl-runtime") || !strcmp(key, "dl-period") ||
	     !strcmp(key, "dl-deadline")))
		return warn(
			ctx, what, path,
			"scheduling parameters that change per phase are not modelled; ignored");
	return warn(ctx, what, path, "not an rt-app key; ignored");
}

/*
 * The task group at @path (normalised, @len bytes) in the workload's
 * table, in *@idx; made on first use, after its parent (@parent, its
 * index).  Return: 0, -EINVAL (too many groups), -ENOMEM.
 */
static int find_taskgroup(struct parse_ctx *ctx, const char *where,
			  const char *path, size_t len, unsigned int parent,
			  unsigned int *idx)
{
	struct sim_workload *wl = ctx->wl;
	struct sim_taskgroup_desc *tg;
	unsigned int i;
	int ret;

	for (i = 0; i < wl->nr_taskgroups; i++) {
		tg = &wl->taskgroups[i];
		if (strlen(tg->path) == len && !memcmp(tg->path, path, len)) {
			*idx = i;
			return 0;
		}
	}
	if (wl->nr_taskgroups == SIM_MAX_TASKGROUPS)
		return parse_error(
			ctx, where,
			"more than %d task groups (with their parents)",
			SIM_MAX_TASKGROUPS);
	ret = grow((void **)&wl->taskgroups, &ctx->taskgroups_cap,
		   wl->nr_taskgroups + 1, sizeof(*wl->taskgroups));
	if (ret)
		return ret;
	tg = &wl->taskgroups[wl->nr_taskgroups];
	tg->path = kstrndup(path, len);
	if (!tg->path)
		return -ENOMEM;
	tg->parent = parent;
	*idx = wl->nr_taskgroups++;
	return 0;
}

/*
 * A cgroup path @s (rt-app's rule: it starts with /), at @path in the
 * file.  rt-app makes each directory of the path in turn, skipping
 * repeated slashes as the file system does: the path is read the same
 * way, with a warning when that changed it; a component the file system
 * would refuse, or too deep a path, is an error.  The group and its
 * ancestors join the workload's table; *@out is its index.
 */
static int taskgroup_path(struct parse_ctx *ctx, const char *path,
			  const char *s, unsigned int *out)
{
	char norm[SIM_MAX_TASKGROUP_DEPTH * (SIM_TASKGROUP_NAME_MAX + 1) + 2];
	unsigned int depth = 0, idx = 0;
	const char *c;
	size_t len = 0, n, i;
	int ret;

	if (s[0] != '/')
		return parse_error(
			ctx, path,
			"\"%s\": a taskgroup is a path that starts with /", s);
	ret = find_taskgroup(ctx, path, "/", 1, 0, &idx);
	for (c = s; !ret; c += n) {
		while (*c == '/')
			c++;
		if (!*c)
			break;
		n = strcspn(c, "/");
		for (i = 0; i < n; i++)
			if ((unsigned char)c[i] < ' ' || c[i] == 0x7f)
				return parse_error(
					ctx, path,
					"a taskgroup name with a control character");
		if ((n == 1 && c[0] == '.') || (n == 2 && !memcmp(c, "..", 2)))
			return parse_error(
				ctx, path,
				"\"%s\": \".\" and \"..\" name no task group",
				s);
		if (n > SIM_TASKGROUP_NAME_MAX)
			return parse_error(
				ctx, path,
				"a taskgroup name longer than %d bytes",
				SIM_TASKGROUP_NAME_MAX);
		if (++depth > SIM_MAX_TASKGROUP_DEPTH)
			return parse_error(
				ctx, path,
				"a taskgroup more than %d levels deep",
				SIM_MAX_TASKGROUP_DEPTH);
		norm[len++] = '/';
		memcpy(norm + len, c, n);
		len += n;
		ret = find_taskgroup(ctx, path, norm, len, idx, &idx);
	}
	if (ret)
		return ret;
	*out = idx;
	if (!len)
		norm[len++] = '/';
	norm[len] = '\0';
	if (!strcmp(norm, s))
		return 0;
	return warn(ctx, "taskgroup path", path,
		    "\"%s\" is read as \"%s\", as the file system reads it", s,
		    norm);
}

/*
 * "taskgroup": a cgroup path, "" for none (rt-app's rules: only
 * SCHED_OTHER and SCHED_IDLE tasks may have one; kstruct adds
 * SCHED_BATCH), read as taskgroup_path() reads it.
 */
static int parse_taskgroup(struct parse_ctx *ctx, const char *path,
			   const json_t *v, int policy, unsigned int *out)
{
	const char *s = "";
	int ret;

	ret = get_string(ctx, path, v, &s);
	if (ret || !*s)
		return ret;
	if (s[0] == '/' && !fair_policy(policy))
		return parse_error(
			ctx, path,
			"a taskgroup needs SCHED_OTHER, SCHED_BATCH or SCHED_IDLE");
	return taskgroup_path(ctx, path, s, out);
}

static int parse_phase(struct parse_ctx *ctx, struct event_ctx *ec,
		       const char *path, const json_t *obj, int any_cpus,
		       struct sim_phase_desc *ph)
{
	unsigned int taskgroup = SIM_NO_TASKGROUP;
	unsigned long cpus = 0;
	const char *key;
	json_t *v;
	int ret;

	if (!json_is_object(obj))
		return parse_error(ctx, path, "expected an object, got %s",
				   json_kind(obj));
	ph->loop = 1;
	json_object_foreach((json_t *)obj, key, v)
	{
		char sub[PATH_LEN];

		if (event_of(key) >= 0)
			continue;
		path_join(sub, sizeof(sub), "%s.%s", path, key);
		if (!strcmp(key, "loop")) {
			ret = get_loop(ctx, sub, v, &ph->loop);
		} else if (!strcmp(key, "cpus")) {
			ret = parse_cpus(ctx, sub, v, &cpus);
		} else if (!strcmp(key, "taskgroup")) {
			ret = parse_taskgroup(ctx, sub, v, ec->t->policy,
					      &taskgroup);
		} else {
			ret = other_key(ctx, sub, key, 1);
		}
		if (ret)
			return ret;
	}
	/* rt-app: a phase without "cpus" runs on the task's */
	if (any_cpus && !cpus)
		cpus = ec->t->cpus_allowed;
	return parse_events(ctx, ec, path, obj, cpus, taskgroup, ph);
}

static void task_name(struct sim_task_desc *t, const char *name)
{
	unsigned int i;

	snprintf(t->name, sizeof(t->name), "%s", name);
	for (i = 0; t->name[i]; i++)
		if (t->name[i] <= ' ' || t->name[i] > '~' ||
		    strchr("=\"\\,", t->name[i]))
			t->name[i] = '_';
	if (!t->name[0])
		snprintf(t->name, sizeof(t->name), "task");
}

/* the policy and priority of @t, from the keys read by parse_task() */
static int task_policy(struct parse_ctx *ctx, const char *path,
		       const char *policy, const json_t *priority,
		       struct sim_task_desc *t)
{
	char sub[PATH_LEN];
	long long x;
	int ret;

	path_join(sub, sizeof(sub), "%s.policy", path);
	ret = parse_policy(ctx, sub, policy, &t->policy);
	if (ret)
		return ret;
	path_join(sub, sizeof(sub), "%s.priority", path);
	if (t->policy == SCHED_DEADLINE) {
		/* its reservation is its priority */
		x = 0;
		if (priority)
			ret = warn(
				ctx, "priority", sub,
				"a SCHED_DEADLINE task has no priority; ignored");
	} else if (fair_policy(t->policy)) {
		x = 0;
		if (priority)
			ret = get_int(ctx, sub, priority, -20, 19, &x);
	} else {
		x = 10; /* rt-app's DEFAULT_THREAD_PRIORITY */
		if (priority)
			ret = get_int(ctx, sub, priority, 1, 99, &x);
	}
	t->priority = x;
	return ret;
}

/* "dl-runtime" on a fair task: the custom slice it asks for */
static int task_slice(struct parse_ctx *ctx, const char *path, const json_t *v,
		      struct sim_task_desc *t)
{
	char sub[PATH_LEN];
	int ret;

	path_join(sub, sizeof(sub), "%s.dl-runtime", path);
	ret = get_usec(ctx, sub, v, &t->slice_usec);
	if (ret)
		return ret;
	if (!fair_policy(t->policy)) {
		t->slice_usec = 0;
		return warn(
			ctx, "dl-runtime", sub,
			"only SCHED_DEADLINE and fair tasks have a runtime; ignored");
	}
	/* a custom slice (EEVDF, Linux 6.12): sim.c says who ignores it */
	return 0;
}

/* rt-app's keys read as microseconds into *@out, when given */
static int dl_key(struct parse_ctx *ctx, const char *path, const char *key,
		  const json_t *v, unsigned long long *out)
{
	char sub[PATH_LEN];

	if (!v)
		return 0;
	path_join(sub, sizeof(sub), "%s.%s", path, key);
	return get_usec(ctx, sub, v, out);
}

/*
 * A SCHED_DEADLINE task's reservation, in us as rt-app reads it: the
 * period defaults to the runtime, the deadline to the period.  Checked as
 * sched_setattr() checks it, so that a bad file fails here, naming the
 * key; admission control is the machine's (at the task's start).
 */
static int task_dl(struct parse_ctx *ctx, const char *path,
		   const json_t *runtime, const json_t *period,
		   const json_t *deadline, struct sim_task_desc *t)
{
	char sub[PATH_LEN];
	int ret;

	if (!runtime)
		return parse_error(
			ctx, path,
			"a SCHED_DEADLINE task needs \"dl-runtime\" (microseconds)");
	ret = dl_key(ctx, path, "dl-runtime", runtime, &t->dl_runtime_usec);
	t->dl_period_usec = t->dl_runtime_usec;
	if (!ret)
		ret = dl_key(ctx, path, "dl-period", period,
			     &t->dl_period_usec);
	t->dl_deadline_usec = t->dl_period_usec;
	if (!ret)
		ret = dl_key(ctx, path, "dl-deadline", deadline,
			     &t->dl_deadline_usec);
	if (ret)
		return ret;
	path_join(sub, sizeof(sub), "%s.dl-runtime", path);
	if (t->dl_runtime_usec < 2)
		return parse_error(
			ctx, sub,
			"a runtime of at least 2 us (1024 ns) is needed");
	if (t->dl_runtime_usec > t->dl_deadline_usec ||
	    t->dl_deadline_usec > t->dl_period_usec)
		return parse_error(
			ctx, path,
			"SCHED_DEADLINE needs dl-runtime <= dl-deadline <= dl-period (%llu, %llu, %llu us)",
			t->dl_runtime_usec, t->dl_deadline_usec,
			t->dl_period_usec);
	path_join(sub, sizeof(sub), "%s.dl-period", path);
	if (t->dl_period_usec < 100 || t->dl_period_usec > (1ULL << 22))
		return parse_error(
			ctx, sub,
			"a SCHED_DEADLINE period of %llu us is outside 100..4194304 us",
			t->dl_period_usec);
	return 0;
}

static int parse_task(struct parse_ctx *ctx, unsigned int tidx,
		      const char *name, const json_t *obj,
		      struct sim_task_desc *t)
{
	const json_t *priority = NULL, *phases = NULL, *group = NULL;
	const json_t *slice = NULL, *dl_period = NULL, *dl_deadline = NULL;
	const char *policy = ctx->default_policy;
	struct event_ctx ec = { .t = t, .tidx = tidx, .task = name };
	char path[PATH_LEN], sub[PATH_LEN];
	int any_cpus = 0;
	unsigned int i;
	const char *key;
	long long x;
	json_t *v;
	int ret;

	path_join(path, sizeof(path), "tasks.%s", name);
	if (!json_is_object(obj))
		return parse_error(ctx, path, "expected an object, got %s",
				   json_kind(obj));
	task_name(t, name);
	t->instances = 1;
	t->loop = -1;
	t->taskgroup = SIM_NO_TASKGROUP;
	t->cpus_allowed =
		ctx->nr_cpus >= SIM_MAX_CPUS ? ~0ul : (1ul << ctx->nr_cpus) - 1;

	json_object_foreach((json_t *)obj, key, v)
	{
		if (event_of(key) >= 0)
			continue;
		path_join(sub, sizeof(sub), "%s.%s", path, key);
		ret = 0;
		if (!strcmp(key, "instance")) {
			ret = get_int(ctx, sub, v, 0, SIM_MAX_INSTANCES, &x);
			t->instances = x;
		} else if (!strcmp(key, "loop")) {
			ret = get_loop(ctx, sub, v, &t->loop);
		} else if (!strcmp(key, "policy")) {
			ret = get_string(ctx, sub, v, &policy);
		} else if (!strcmp(key, "priority")) {
			priority = v;
		} else if (!strcmp(key, "cpus")) {
			ret = parse_cpus(ctx, sub, v, &t->cpus_allowed);
		} else if (!strcmp(key, "delay")) {
			ret = get_usec(ctx, sub, v, &t->delay_usec);
		} else if (!strcmp(key, "jitter")) {
			ret = get_int(ctx, sub, v, 0, 100, &x);
			t->jitter = x;
		} else if (!strcmp(key, "phases")) {
			phases = v;
		} else if (!strcmp(key, "taskgroup")) {
			group = v;
		} else if (!strcmp(key, "dl-runtime")) {
			slice = v;
		} else if (!strcmp(key, "dl-period")) {
			dl_period = v;
		} else if (!strcmp(key, "dl-deadline")) {
			dl_deadline = v;
		} else {
			ret = other_key(ctx, sub, key, 0);
		}
		if (ret)
			return ret;
	}
	ret = task_policy(ctx, path, policy, priority, t);
	if (!ret && t->policy == SCHED_DEADLINE)
		ret = task_dl(ctx, path, slice, dl_period, dl_deadline, t);
	else if (!ret && slice)
		ret = task_slice(ctx, path, slice, t);
	if (!ret && t->policy != SCHED_DEADLINE && dl_period)
		ret = warn(ctx, "dl-period", path,
			   "only a SCHED_DEADLINE task has a period; ignored");
	if (!ret && t->policy != SCHED_DEADLINE && dl_deadline)
		ret = warn(
			ctx, "dl-deadline", path,
			"only a SCHED_DEADLINE task has a deadline; ignored");
	if (!ret && group) {
		path_join(sub, sizeof(sub), "%s.taskgroup", path);
		ret = parse_taskgroup(ctx, sub, group, t->policy,
				      &t->taskgroup);
	}
	if (ret)
		return ret;

	if (phases) {
		path_join(sub, sizeof(sub), "%s.phases", path);
		if (!json_is_object(phases))
			return parse_error(ctx, sub,
					   "expected an object, got %s",
					   json_kind(phases));
		t->nr_phases = json_object_size(phases);
		if (!t->nr_phases)
			return parse_error(ctx, sub, "no phases");
		if (t->nr_phases > SIM_MAX_PHASES)
			return parse_error(ctx, sub, "more than %d phases",
					   SIM_MAX_PHASES);
		json_object_foreach((json_t *)obj, key, v)
		{
			if (event_of(key) < 0)
				continue;
			/* rt-app reads only the phases */
			path_join(sub, sizeof(sub), "%s.%s", path, key);
			ret = warn(
				ctx, "event beside phases", sub,
				"an event beside \"phases\" (rt-app runs only the phases); ignored");
			if (ret)
				return ret;
		}
		json_object_foreach((json_t *)phases, key,
				    v) if (json_is_object(v) &&
					   json_object_get(v, "cpus"))
			any_cpus = 1;
	} else {
		t->nr_phases = 1;
	}
	t->phases = kcalloc(t->nr_phases, sizeof(*t->phases), GFP_KERNEL);
	if (!t->phases)
		return -ENOMEM;

	if (!phases) {
		t->phases[0].loop = 1;
		return parse_events(ctx, &ec, path, obj, 0, SIM_NO_TASKGROUP,
				    &t->phases[0]);
	}
	i = 0;
	json_object_foreach((json_t *)phases, key, v)
	{
		path_join(sub, sizeof(sub), "%s.phases.%s", path, key);
		ret = parse_phase(ctx, &ec, sub, v, any_cpus, &t->phases[i++]);
		if (ret)
			return ret;
	}
	return 0;
}

static void free_task(struct sim_task_desc *t)
{
	unsigned int i;

	if (t->phases)
		for (i = 0; i < t->nr_phases; i++)
			kfree(t->phases[i].events);
	kfree(t->phases);
	for (i = 0; i < t->nr_timers; i++)
		kfree(t->timers[i].name);
	kfree(t->timers);
}

void sim_workload_free(struct sim_workload *wl)
{
	unsigned int i;

	if (!wl)
		return;
	if (wl->tasks)
		for (i = 0; i < wl->nr_tasks; i++)
			free_task(&wl->tasks[i]);
	kfree(wl->tasks);
	for (i = 0; i < wl->nr_resources; i++)
		kfree(wl->resources[i].name);
	kfree(wl->resources);
	for (i = 0; i < wl->nr_taskgroups; i++)
		kfree(wl->taskgroups[i].path);
	kfree(wl->taskgroups);
	for (i = 0; i < wl->nr_warnings; i++)
		kfree(wl->warnings[i]);
	kfree(wl->warnings);
	kfree(wl);
}

/* ------------------------------------------------- global, top level */

/* ... in "global" */
static const struct ignored_key global_ignored[] = {
	{ "calibration", "CPU calibration: a run here lasts exactly its time" },
	{ "logdir", "rt-app's own logs" },
	{ "log_basename", "rt-app's own logs" },
	{ "log_size", "rt-app's own logs" },
	{ "lock_pages", "memory locking is not modelled" },
	{ "ftrace",
	  "rt-app's trace markers (kstruct sim --trace writes the scheduler's)" },
	{ "gnuplot", "rt-app's own plots" },
	{ "pi_enabled", "priority inheritance of mutexes is not modelled" },
	{ "io_device", "I/O traffic is not modelled" },
	{ "mem_buffer_size", "memory traffic is not modelled" },
	{ "cumulative_slack", "rt-app's own logs" },
};

/* a group's weight: @shares as given, or the default when not (0) */
static unsigned long group_shares(unsigned long shares)
{
	return shares ? shares : ROOT_TASK_GROUP_LOAD;
}

/*
 * "taskgroups" in "global" (a kstruct extension: rt-app has no key for a
 * group's weight): { PATH: { "shares": N }, ... }, each group's weight,
 * cgroup v1's cpu.shares (MIN_SHARES .. MAX_SHARES; 1024 when not given).
 * PATH is read as a task's "taskgroup" is, and joins the workload's table
 * with its parents; the root's weight is not a group's to set.
 */
static int parse_taskgroup_shares(struct parse_ctx *ctx, const char *path,
				  const json_t *obj, struct sim_workload *wl)
{
	/* the PATH that set each group, to refuse another that reads alike */
	const char *set_by[SIM_MAX_TASKGROUPS] = { NULL };
	char where[PATH_LEN], sub[PATH_LEN];
	const char *name, *key;
	unsigned long given;
	unsigned int idx;
	json_t *group, *v;
	long long shares;
	int ret;

	if (!json_is_object(obj))
		return parse_error(ctx, path, "expected an object, got %s",
				   json_kind(obj));
	json_object_foreach((json_t *)obj, name, group)
	{
		path_join(where, sizeof(where), "%s.%s", path, name);
		if (!json_is_object(group))
			return parse_error(ctx, where,
					   "expected an object, got %s",
					   json_kind(group));
		ret = taskgroup_path(ctx, where, name, &idx);
		if (ret)
			return ret;
		if (!idx)
			return parse_error(
				ctx, where,
				"the root group's weight cannot be set");
		given = 0;
		json_object_foreach(group, key, v)
		{
			path_join(sub, sizeof(sub), "%s.%s", where, key);
			if (strcmp(key, "shares")) {
				ret = warn(ctx, sub, sub,
					   "not a key of a taskgroup; ignored");
			} else {
				ret = get_int(ctx, sub, v, MIN_SHARES,
					      MAX_SHARES, &shares);
				given = shares;
			}
			if (ret)
				return ret;
		}
		if (set_by[idx] && group_shares(wl->taskgroups[idx].shares) !=
					   group_shares(given))
			return parse_error(
				ctx, where,
				"\"%s\" and \"%s\" are the same task group \"%s\", with different shares (%lu and %lu)",
				set_by[idx], name, wl->taskgroups[idx].path,
				group_shares(wl->taskgroups[idx].shares),
				group_shares(given));
		set_by[idx] = name;
		wl->taskgroups[idx].shares = given;
	}
	return 0;
}

static int parse_global(struct parse_ctx *ctx, const json_t *global,
			struct sim_workload *wl)
{
	const char *key, *why;
	json_t *v;
	int ret;

	if (!json_is_object(global))
		return parse_error(ctx, "global", "expected an object, got %s",
				   json_kind(global));
	json_object_foreach((json_t *)global, key, v)
	{
		char sub[PATH_LEN];
		int p;
		double s;

		path_join(sub, sizeof(sub), "global.%s", key);
		ret = 0;
		if (!strcmp(key, "duration")) {
			if (!json_is_number(v))
				return parse_error(
					ctx, sub,
					"expected a number of seconds, got %s",
					json_kind(v));
			s = json_number_value(v);
			if (s == -1) {
				/* rt-app: forever; here, the default */
				wl->duration_usec = 0;
				continue;
			}
			if (!(s >= 0) || s > MAX_USEC / 1000000)
				return parse_error(
					ctx, sub,
					"%g seconds is out of range (0 .. %lld, or -1)",
					s, MAX_USEC / 1000000);
			wl->duration_usec = (unsigned long long)(s * 1e6 + 0.5);
		} else if (!strcmp(key, "default_policy")) {
			ret = get_string(ctx, sub, v, &ctx->default_policy);
			if (!ret)
				ret = parse_policy(ctx, sub,
						   ctx->default_policy, &p);
		} else if (!strcmp(key, "taskgroups")) {
			ret = parse_taskgroup_shares(ctx, sub, v, wl);
		} else {
			why = ignored(global_ignored,
				      ARRAY_SIZE(global_ignored), key);
			ret = warn(ctx, sub, sub, "%s; ignored",
				   why ? why : "not an rt-app key");
		}
		if (ret)
			return ret;
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
	global = json_object_get(root, "global");
	if (global) {
		ret = parse_global(ctx, global, wl);
		if (ret)
			return ret;
	}
	json_object_foreach((json_t *)root, key, v)
	{
		if (!strcmp(key, "tasks") || !strcmp(key, "global"))
			continue;
		if (!strcmp(key, "resources"))
			ret = warn(
				ctx, key, key,
				"not needed (rt-app makes resources from the events that use them); ignored");
		else
			ret = warn(ctx, key, key, "not an rt-app key; ignored");
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
	json_object_foreach(ctx->tasks, key, v)
	{
		ret = parse_task(ctx, i, key, v, &wl->tasks[i]);
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

/* @text (@len bytes) as a workload in *@out, or a message in ctx->err */
static int parse_text(struct parse_ctx *ctx, const char *text, size_t len,
		      struct sim_workload **out)
{
	struct text_out json = { 0 };
	struct sim_workload *wl;
	json_error_t jerr;
	json_t *root = NULL;
	int ret;

	if (ctx->nr_cpus < 1 || ctx->nr_cpus > SIM_MAX_CPUS)
		return parse_error(ctx, NULL, "%u CPUs: must be 1..%d",
				   ctx->nr_cpus, SIM_MAX_CPUS);
	wl = kzalloc(sizeof(*wl), GFP_KERNEL);
	if (!wl) {
		ret = -ENOMEM;
		goto out;
	}
	ctx->wl = wl;
	ctx->default_policy = "SCHED_OTHER";
	ret = rtapp_to_json(ctx, text, len, &json);
	if (ret)
		goto out;
	root = json_loadb(json.buf, json.len, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		ret = json_error_code(&jerr) == json_error_out_of_memory ?
			      -ENOMEM :
			      -EINVAL;
		if (ret == -EINVAL && ctx->err && ctx->errlen)
			snprintf(ctx->err, ctx->errlen, "%s:%d:%d: %s",
				 ctx->source, jerr.line, jerr.column,
				 jerr.text);
		goto out;
	}
	ret = parse_root(ctx, root, wl);
	if (!ret) {
		workload_name(wl, ctx->source);
		*out = wl;
		wl = NULL;
	}
out:
	/* every failure has its message; out of memory has one too */
	if (ret == -ENOMEM && ctx->err && ctx->errlen)
		snprintf(ctx->err, ctx->errlen, "%s: out of memory",
			 ctx->source);
	json_decref(root);
	kfree(json.buf);
	name_table_free(&ctx->names);
	sim_workload_free(wl);
	return ret;
}

int sim_workload_parse(const char *text, const char *source,
		       unsigned int nr_cpus, struct sim_workload **out,
		       char *err, size_t errlen)
{
	struct parse_ctx ctx = {
		.source = source ? source : "<workload>",
		.nr_cpus = nr_cpus,
		.err = err,
		.errlen = errlen,
	};

	return safe_error(parse_text(&ctx, text, strlen(text), out), err,
			  errlen);
}

/* the whole of @f into @o.  Return: 0, -errno, -EFBIG, -ENOMEM */
static int read_all(FILE *f, struct text_out *o)
{
	char chunk[16384];
	size_t got;
	int ret;

	while ((got = fread(chunk, 1, sizeof(chunk), f))) {
		if (o->len + got > SIM_MAX_FILE)
			return -EFBIG;
		ret = out_put(o, chunk, got);
		if (ret)
			return ret;
	}
	if (ferror(f))
		return errno ? -errno : -EIO;
	return out_put(o, "", 0);
}

int sim_workload_load(const char *path, unsigned int nr_cpus,
		      struct sim_workload **out, char *err, size_t errlen)
{
	int from_stdin = !strcmp(path, "-");
	struct parse_ctx ctx = {
		.source = from_stdin ? "stdin" : path,
		.nr_cpus = nr_cpus,
		.err = err,
		.errlen = errlen,
	};
	struct text_out text = { 0 };
	FILE *f;
	int ret;

	f = from_stdin ? stdin : fopen(path, "r");
	if (!f) {
		ret = -errno;
		goto out_err;
	}
	errno = 0;
	ret = read_all(f, &text);
	if (!from_stdin)
		fclose(f);
	if (ret)
		goto out_err;
	ret = parse_text(&ctx, text.buf, text.len, out);
	kfree(text.buf);
	return safe_error(ret, err, errlen);
out_err:
	kfree(text.buf);
	if (err && errlen) {
		if (ret == -EFBIG)
			snprintf(err, errlen, "%s: larger than %u MiB",
				 ctx.source, SIM_MAX_FILE >> 20);
		else if (ret == -ENOMEM)
			snprintf(err, errlen, "%s: out of memory", ctx.source);
		else
			snprintf(err, errlen, "%s: %s", ctx.source,
				 strerror(-ret));
	}
	return safe_error(ret, err, errlen);
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
	return safe_error(-ENOENT, err, errlen);
}

/*
 * The built-ins.  Every initial task starts on CPU 0 (as if a shell there
 * had started them), so the balancer has something to do.
 */
const struct sim_builtin sim_builtins[] = {
	{
		.name = "mixed",
		.summary =
			"hogs, a niced batch job, interactive editors and a forking server: balancing, bonuses, expiry, array switches",
		.json = "{ \"global\": { \"duration\": 6 },\n"
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
		.summary =
			"eight equal CPU hogs: balancing and fairness (Jain's index)",
		.json = "{ \"global\": { \"duration\": 4 },\n"
			"  \"tasks\": { \"hog\": { \"instance\": 8, \"run\": 1000000 } } }\n",
	},
	{
		.name = "interactive",
		.summary =
			"short-burst sleepers beside hogs: sleep_avg bonuses and wakeup latency",
		.json = "{ \"global\": { \"duration\": 3 },\n"
			"  \"tasks\": {\n"
			"    \"hog\": { \"instance\": 4, \"run\": 1000000 },\n"
			"    \"typist\": { \"instance\": 3, \"run\": 1000, \"sleep\": 9000 },\n"
			"    \"player\": { \"timer\": { \"ref\": \"frame\", \"period\": 16000 }, \"run\": 4000 }\n"
			"  } }\n",
	},
	{
		.name = "nice",
		.summary =
			"hogs at nice -10, 0, 10 and 19 on one CPU: timeslices by static priority",
		.json = "{ \"global\": { \"duration\": 3 },\n"
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
		.json = "{ \"global\": { \"duration\": 2 },\n"
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
		.summary =
			"a spawner forking short-lived children that exit: fork, sched_exit, reparenting",
		.json = "{ \"global\": { \"duration\": 2 },\n"
			"  \"tasks\": {\n"
			"    \"spawner\": { \"run\": 2000, \"fork0\": \"child\", \"fork1\": \"child\", \"sleep\": 20000 },\n"
			"    \"child\": { \"instance\": 0, \"loop\": 3, \"run\": 7000, \"sleep\": 3000 }\n"
			"  } }\n",
	},
	{
		.name = "random",
		.summary =
			"tasks with random run and sleep times (jitter): the seed matters",
		.json = "{ \"global\": { \"duration\": 2 },\n"
			"  \"tasks\": {\n"
			"    \"rand\": { \"instance\": 6, \"jitter\": 90, \"run\": 8000, \"sleep\": 8000 },\n"
			"    \"hog\": { \"instance\": 2, \"run\": 1000000 }\n"
			"  } }\n",
	},
	{ .name = NULL }
};
