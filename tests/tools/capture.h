/* SPDX-License-Identifier: MIT */
/*
 * tests/tools/capture.h - running the kstruct tool's pieces into memory
 * for the tests of tests/tools/: a tour section, "kstruct tour" itself
 * with its input given, a drawing, and a small reader of the DOT the
 * drawings print.
 */
#ifndef KSTRUCT_TESTS_TOOLS_CAPTURE_H
#define KSTRUCT_TESTS_TOOLS_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/**
 * capture() - what @fn prints
 * @fn: a tour section or a drawing
 * @ret: receives what @fn returned
 *
 * Return: the text (free() it), or NULL when out of memory.
 */
char *capture(int (*fn)(FILE *out), int *ret);

/**
 * capture_entry() - what the registered tour or drawing @name prints
 * @kind: a KSTRUCT_KIND_*
 * @name: its name
 * @ret: receives what it returned (-ENOENT if nothing has that name)
 *
 * Return: the text (free() it), or NULL.
 */
char *capture_entry(int kind, const char *name, int *ret);

/**
 * section_text() - the text tour section @name prints, without its step
 *	marks: as "kstruct tour NAME" shows it, before lines too long for
 *	the terminal are broken (tour_write())
 * @name: a tour section
 * @ret: receives what it returned
 *
 * Return: the text (free() it), or NULL.
 */
char *section_text(const char *name, int *ret);

/**
 * run_tour() - "kstruct tour ARGS..." with @input as its standard input
 * @args: the arguments after "tour", NULL-terminated
 * @input: what the reader types (may be "")
 * @status: receives the exit status
 * @err: receives what went to stderr (free() it), or NULL not to keep it
 *
 * Return: what went to stdout (free() it), or NULL.
 */
char *run_tour(const char *const *args, const char *input, int *status,
	       char **err);

/**
 * in_order() - do @parts appear in @text one after the other?
 * @text: the text
 * @parts: the pieces, NULL-terminated
 *
 * Prints the first piece missing (after the ones before it) to stderr.
 *
 * Return: true when every piece was found after the previous one.
 */
bool in_order(const char *text, const char *const *parts);

/* how many times @what occurs in @s */
int count(const char *s, const char *what);

/**
 * struct dot_edge - one "A[:port] -> B[:port] [attrs];" line of DOT
 * @from: the tail, with its port ("t3:run_list")
 * @to: the head, with its port
 * @attrs: the attribute text between the brackets
 */
struct dot_edge {
	char from[64], to[64], attrs[128];
};

/**
 * dot_edges() - the edges of @dot, in order
 * @dot: DOT text as the drawings print it (one statement a line)
 * @edges: where they go
 * @max: room in @edges
 *
 * Return: how many there are (at most @max).
 */
int dot_edges(const char *dot, struct dot_edge *edges, int max);

/**
 * dot_port_fill() - the fill of the table cell that is @port of @node
 * @dot: DOT text
 * @node: a node's name
 * @port: a PORT of its HTML-like label
 * @buf: where the colour goes ("" when the cell has none)
 * @size: its size
 *
 * Return: @buf, or NULL when the node has no such port.
 */
char *dot_port_fill(const char *dot, const char *node, const char *port,
		    char *buf, size_t size);

/* "node:port[:compass]": the node and the port (each of @size bytes) */
void dot_split_end(const char *end, char *node, char *port, size_t size);

/* the first edge of @e (of @n) leaving "node[:port]" @from, or NULL */
const struct dot_edge *dot_edge_from(const struct dot_edge *e, int n,
				     const char *from);

/**
 * dot_ring() - the nodes met following edges round a ring from @head
 * @e: the edges
 * @n: how many
 * @head: "node:port" where the ring starts and ends
 * @buf: receives the nodes, "t4 t5" ("" for an empty ring; "(broken at
 *	X)" when no edge leaves X)
 * @size: its size
 */
void dot_ring(const struct dot_edge *e, int n, const char *head, char *buf,
	      size_t size);

#endif /* KSTRUCT_TESTS_TOOLS_CAPTURE_H */
