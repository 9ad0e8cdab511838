// SPDX-License-Identifier: MIT
/*
 * bench/callgrind.c - a reader of callgrind's output file (see
 * callgrind.h): the instructions, by part.
 *
 * The lines read (valgrind's "Callgrind Format Specification"):
 *   events: Ir ...          the counters of every cost line, Ir first
 *   fl=FILE  fn=FUNCTION    where the cost lines below ran
 *   fi=FILE  fe=FILE        code inlined from FILE, inside FUNCTION
 *   calls=N TARGET          the next cost line is that call's inclusive
 *                           cost (the callee's own lines count it)
 *   POSITION IR ...         a cost line: POSITION a number, +N, -N or *
 *   totals: IR / summary: IR   what the cost lines add up to
 * Every other "key: value" header and "key=..." line (ob=, cfn=, cfi=,
 * jump=, ...) says nothing about where an instruction ran and is passed
 * over; so are empty lines and comments.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bench/callgrind.h"
#include "compat/escape.h"

/* names longer than this are cut: a part is told by a file or a prefix */
#define CG_NAME_MAX 512

struct cg_reader {
	callgrind_part_fn part_of;
	void *data;
	unsigned int nr_parts;
	char file[CG_NAME_MAX]; /* fl= */
	char src[CG_NAME_MAX]; /* the cost lines' file: fl=, fi= or fe= */
	char fn[CG_NAME_MAX];
	bool have_fn, have_events, skip_next;
	unsigned int part;
	unsigned long lineno;
	char *err;
	size_t errsz;
};

static int __attribute__((format(printf, 2, 3)))
cg_refuse(struct cg_reader *r, const char *fmt, ...)
{
	va_list ap;

	if (r->errsz) {
		va_start(ap, fmt);
		escape_message_at(r->err, r->errsz, r->lineno, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

/*
 * A name as written.  "(ID)" or "(ID) NAME" is a compressed one, not read
 * here; valgrind's own "(below main)" is a name.
 */
static int cg_name(struct cg_reader *r, char *to, const char *name)
{
	size_t n = name[0] == '(' ? strspn(name + 1, "0123456789") : 0;

	if (n && name[n + 1] == ')')
		return cg_refuse(
			r,
			"a compressed name: run callgrind with --compress-strings=no");
	snprintf(to, CG_NAME_MAX, "%s", name);
	return 0;
}

static int cg_repart(struct cg_reader *r)
{
	if (!r->have_fn)
		return 0;
	r->part = r->part_of(r->src, r->fn, r->data);
	if (r->part >= r->nr_parts)
		return cg_refuse(r, "part %u of %s:%s is out of range", r->part,
				 r->src, r->fn);
	return 0;
}

/* the first number of @s (after blanks); Return: 0 or -EINVAL */
static int cg_number(struct cg_reader *r, const char *s, unsigned long long *v,
		     const char **end)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!isdigit((unsigned char)*s))
		return cg_refuse(r, "a count that is not a number");
	errno = 0;
	*v = strtoull(s, &e, 10);
	if (errno)
		return cg_refuse(r, "a count out of range");
	if (*e && *e != ' ' && *e != '\t')
		return cg_refuse(r, "a count that is not a number");
	if (end)
		*end = e;
	return 0;
}

/* a cost line: "POSITION [IR ...]"; its Ir into @ir (0 when absent) */
static int cg_cost(struct cg_reader *r, const char *line,
		   unsigned long long *ir)
{
	const char *s = line;

	if (*s == '*') {
		s++;
	} else {
		if (*s == '+' || *s == '-')
			s++;
		if (!isdigit((unsigned char)*s))
			return cg_refuse(r, "a position that is not a number");
		while (isdigit((unsigned char)*s))
			s++;
	}
	if (*s && *s != ' ' && *s != '\t')
		return cg_refuse(r, "a position that is not a number");
	while (*s == ' ' || *s == '\t')
		s++;
	*ir = 0;
	if (!*s)
		return 0;
	return cg_number(r, s, ir, NULL);
}

/* "events: Ir ...": Ir must come first */
static int cg_events(struct cg_reader *r, const char *v)
{
	while (*v == ' ' || *v == '\t')
		v++;
	if (strncmp(v, "Ir", 2) || (v[2] && v[2] != ' ' && v[2] != '\t'))
		return cg_refuse(r, "the first event is not Ir");
	r->have_events = true;
	return 0;
}

/* one line, its end of line removed; @sum grows by its cost */
static int cg_line(struct cg_reader *r, const char *line,
		   unsigned long long *parts, unsigned long long *sum,
		   unsigned long long *totals, bool *have_totals)
{
	const char *eq = strchr(line, '=');
	const char *colon = strchr(line, ':');
	unsigned long long ir;
	int ret;

	if (!*line || *line == '#')
		return 0;
	if (isdigit((unsigned char)*line) || *line == '+' || *line == '-' ||
	    *line == '*') {
		ret = cg_cost(r, line, &ir);
		if (ret)
			return ret;
		if (r->skip_next) {
			r->skip_next = false;
			return 0;
		}
		if (!r->have_events)
			return cg_refuse(r, "a cost before the events line");
		if (!r->have_fn)
			return cg_refuse(r, "a cost outside a function");
		if (parts[r->part] + ir < ir || *sum + ir < ir)
			return cg_refuse(r, "counts too large to add");
		parts[r->part] += ir;
		*sum += ir;
		return 0;
	}
	if (eq && (!colon || eq < colon)) {
		if (!strncmp(line, "fl=", 3)) {
			ret = cg_name(r, r->file, line + 3);
			if (!ret)
				ret = cg_name(r, r->src, line + 3);
			return ret ? ret : cg_repart(r);
		}
		if (!strncmp(line, "fi=", 3) || !strncmp(line, "fe=", 3)) {
			ret = cg_name(r, r->src, line + 3);
			return ret ? ret : cg_repart(r);
		}
		if (!strncmp(line, "fn=", 3)) {
			ret = cg_name(r, r->fn, line + 3);
			if (ret)
				return ret;
			memcpy(r->src, r->file, sizeof(r->src));
			r->have_fn = true;
			return cg_repart(r);
		}
		if (!strncmp(line, "calls=", 6)) {
			ret = cg_number(r, line + 6, &ir, NULL);
			if (!ret)
				r->skip_next = true;
			return ret;
		}
		return 0; /* ob=, cob=, cfl=, cfi=, cfn=, jump=, jcnd=, ... */
	}
	if (colon) {
		if (!strncmp(line, "events:", 7))
			return cg_events(r, colon + 1);
		if (!strncmp(line, "totals:", 7) ||
		    !strncmp(line, "summary:", 8)) {
			ret = cg_number(r, colon + 1, totals, NULL);
			if (!ret)
				*have_totals = true;
			return ret;
		}
		return 0; /* version:, creator:, cmd:, desc:, positions:, ... */
	}
	return cg_refuse(r, "not a line of a callgrind file");
}

int callgrind_read(FILE *f, callgrind_part_fn part_of, void *data,
		   unsigned long long *parts, unsigned int nr_parts,
		   unsigned long long *total, char *err, size_t errsz)
{
	struct cg_reader r = { .part_of = part_of,
			       .data = data,
			       .nr_parts = nr_parts,
			       .err = err,
			       .errsz = errsz };
	unsigned long long sum = 0, totals = 0;
	bool have_totals = false;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int ret = 0;

	if (errsz)
		err[0] = '\0';
	*total = 0;
	memset(parts, 0, nr_parts * sizeof(*parts));
	if (!nr_parts)
		return cg_refuse(&r, "no parts to sum into");
	while (!ret) {
		errno = 0;
		len = getline(&line, &cap, f);
		if (len < 0) {
			if (errno == ENOMEM)
				ret = -ENOMEM;
			break;
		}
		r.lineno++;
		if (memchr(line, '\0', len)) {
			ret = cg_refuse(&r, "a NUL byte");
			break;
		}
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		ret = cg_line(&r, line, parts, &sum, &totals, &have_totals);
	}
	free(line);
	r.lineno = 0;
	if (!ret && !r.have_events)
		ret = cg_refuse(&r, "no events line: not a callgrind file");
	if (!ret && !have_totals)
		ret = cg_refuse(&r, "no totals line: the file is cut short");
	if (!ret && totals != sum)
		ret = cg_refuse(
			&r,
			"the cost lines add up to %llu, the totals say %llu",
			sum, totals);
	if (ret) {
		memset(parts, 0, nr_parts * sizeof(*parts));
		return ret;
	}
	*total = sum;
	return 0;
}
