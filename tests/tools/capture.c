// SPDX-License-Identifier: MIT
/*
 * tests/tools/capture.c - see capture.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/tools/capture.h"
#include "tools/kstruct.h"
#include "tools/tour.h"

char *capture(int (*fn)(FILE *out), int *ret)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (!out)
		return NULL;
	*ret = fn(out);
	if (fclose(out)) {
		free(text);
		return NULL;
	}
	return text;
}

char *capture_entry(int kind, const char *name, int *ret)
{
	struct kstruct_entry *e = kstruct_find(kind, name);

	*ret = -ENOENT;
	if (!e)
		return NULL;
	switch (kind) {
	case KSTRUCT_KIND_TOUR:
		return capture(e->tour, ret);
	case KSTRUCT_KIND_DRAW:
		return capture(e->draw, ret);
	default:
		return NULL;
	}
}

char *section_text(const char *name, int *ret)
{
	char *text = capture_entry(KSTRUCT_KIND_TOUR, name, ret), *from, *to;

	for (from = to = text; from && *from; from++)
		if (*from != TOUR_STEP[0])
			*to++ = *from;
	if (text)
		*to = '\0';
	return text;
}

char *run_tour(const char *const *args, const char *input, int *status,
	       char **err)
{
	char *argv[16], *out_text = NULL, *err_text = NULL;
	size_t out_len = 0, err_len = 0, len = strlen(input);
	FILE *in = NULL, *out, *errf;
	int fds[2], argc = 0;

	argv[argc++] = (char *)"tour";
	while (*args && argc < 15)
		argv[argc++] = (char *)*args++;
	argv[argc] = NULL;
	/* the reader's keys come through a pipe, as from "printf | kstruct" */
	if (len >= 4096 || pipe(fds))
		return NULL;
	if (write(fds[1], input, len) != (ssize_t)len || close(fds[1]) ||
	    !(in = fdopen(fds[0], "r"))) {
		close(fds[0]);
		return NULL;
	}
	out = open_memstream(&out_text, &out_len);
	errf = open_memstream(&err_text, &err_len);
	if (!out || !errf) {
		fclose(in);
		if (out)
			fclose(out);
		if (errf)
			fclose(errf);
		free(out_text);
		free(err_text);
		return NULL;
	}
	*status = tour_main(argc, argv, in, out, errf);
	fclose(in);
	fclose(out);
	fclose(errf);
	if (err)
		*err = err_text;
	else
		free(err_text);
	return out_text;
}

bool in_order(const char *text, const char *const *parts)
{
	const char *pos = text;

	for (; *parts; parts++) {
		const char *hit = strstr(pos, *parts);

		if (!hit) {
			fprintf(stderr, "missing, in order: \"%s\"\n", *parts);
			return false;
		}
		pos = hit + strlen(*parts);
	}
	return true;
}

int count(const char *s, const char *what)
{
	int n = 0;

	while ((s = strstr(s, what))) {
		n++;
		s += strlen(what);
	}
	return n;
}

/* copy the @n bytes at @s into @dst of @size, NUL-terminated */
static void copy_n(char *dst, size_t size, const char *s, size_t n)
{
	if (n >= size)
		n = size - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

int dot_edges(const char *dot, struct dot_edge *edges, int max)
{
	const char *line = dot;
	int n = 0;

	for (; *line && n < max; line = strchr(line, '\n') + 1) {
		const char *end = strchr(line, '\n');
		const char *arrow, *from, *to, *attrs, *invis;

		if (!end)
			break;
		arrow = strstr(line, " -> ");
		invis = strstr(line, "style=invis");
		if (!arrow || arrow > end || (invis && invis < end))
			continue;
		from = line + strspn(line, "\t ");
		to = arrow + 4;
		attrs = strchr(to, '[');
		copy_n(edges[n].from, sizeof(edges[n].from), from,
		       (size_t)(arrow - from));
		copy_n(edges[n].to, sizeof(edges[n].to), to,
		       strcspn(to, " ;[\n"));
		edges[n].attrs[0] = '\0';
		if (attrs && attrs < end)
			copy_n(edges[n].attrs, sizeof(edges[n].attrs),
			       attrs + 1, strcspn(attrs + 1, "]\n"));
		n++;
	}
	return n;
}

char *dot_port_fill(const char *dot, const char *node, const char *port,
		    char *buf, size_t size)
{
	char pattern[80];
	const char *def, *end, *cell, *fill;

	/* the node's definition: "\tNAME [label=<" on a line of its own */
	snprintf(pattern, sizeof(pattern), "\t%s [label=<", node);
	def = strstr(dot, pattern);
	if (!def)
		return NULL;
	end = strchr(def, '\n');
	snprintf(pattern, sizeof(pattern), "PORT=\"%s\"", port);
	cell = strstr(def, pattern);
	if (!cell || (end && cell > end))
		return NULL;
	/* the attributes of that <TD ...> */
	end = strchr(cell, '>');
	fill = strstr(cell, "BGCOLOR=\"");
	buf[0] = '\0';
	if (fill && end && fill < end)
		copy_n(buf, size, fill + 9, strcspn(fill + 9, "\""));
	/* the cell's opening "<TD" may come before the port */
	if (!buf[0]) {
		const char *td = cell;

		while (td > def && strncmp(td, "<TD", 3))
			td--;
		fill = strstr(td, "BGCOLOR=\"");
		if (fill && fill < cell)
			copy_n(buf, size, fill + 9, strcspn(fill + 9, "\""));
	}
	return buf;
}

void dot_split_end(const char *end, char *node, char *port, size_t size)
{
	size_t n = strcspn(end, ":");

	snprintf(node, size, "%.*s", (int)n, end);
	port[0] = '\0';
	if (end[n])
		snprintf(port, size, "%.*s", (int)strcspn(end + n + 1, ":"),
			 end + n + 1);
}

const struct dot_edge *dot_edge_from(const struct dot_edge *e, int n,
				     const char *from)
{
	char node[64], port[64], want[130];
	int i;

	for (i = 0; i < n; i++) {
		dot_split_end(e[i].from, node, port, sizeof(node));
		snprintf(want, sizeof(want), "%s%s%s", node, port[0] ? ":" : "",
			 port);
		if (!strcmp(want, from))
			return &e[i];
	}
	return NULL;
}

void dot_ring(const struct dot_edge *e, int n, const char *head, char *buf,
	      size_t size)
{
	char at[160], node[64], port[64];
	int guard;

	buf[0] = '\0';
	snprintf(at, sizeof(at), "%s", head);
	for (guard = 0; guard < 32; guard++) {
		const struct dot_edge *next = dot_edge_from(e, n, at);

		if (!next) {
			snprintf(buf, size, "(broken at %.64s)", at);
			return;
		}
		dot_split_end(next->to, node, port, sizeof(node));
		snprintf(at, sizeof(at), "%s%s%s", node, port[0] ? ":" : "",
			 port);
		if (!strcmp(at, head))
			return;
		snprintf(buf + strlen(buf), size - strlen(buf), "%s%s",
			 buf[0] ? " " : "", node);
	}
}
