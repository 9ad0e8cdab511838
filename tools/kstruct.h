/* SPDX-License-Identifier: MIT */
/*
 * tools/kstruct.h - how a subsystem plugs into the kstruct command line.
 *
 * Each subsystem registers what it offers from its own file, and
 * tools/kstruct.c finds it: no central table to edit.
 *   KSTRUCT_COMMAND  a top-level subcommand ("sim", "sctp", ...)
 *   KSTRUCT_TOUR     a section of "kstruct tour" (ordered by @order)
 *   KSTRUCT_BENCH    a subject of "kstruct bench" (ordered by @order)
 *   KSTRUCT_DRAW     a structure "kstruct draw" can render as Graphviz DOT
 *   KSTRUCT_EXERCISE an exercise of a docs page ("kstruct exercise NAME")
 */
#ifndef KSTRUCT_TOOLS_KSTRUCT_H
#define KSTRUCT_TOOLS_KSTRUCT_H

#include <stdio.h>

struct bench;
struct exercise;

enum kstruct_kind {
	KSTRUCT_KIND_COMMAND,
	KSTRUCT_KIND_TOUR,
	KSTRUCT_KIND_BENCH,
	KSTRUCT_KIND_DRAW,
	KSTRUCT_KIND_EXERCISE,
};

struct kstruct_entry {
	enum kstruct_kind kind;
	const char *name;
	const char *summary;
	int order;
	/* argv[0] is the subcommand's name; returns the exit status */
	int (*command)(int argc, char **argv);
	/*
	 * prints the section to @out, each numbered step beginning with
	 * TOUR_STEP; returns 0 or a negative errno
	 */
	int (*tour)(FILE *out);
	/* runs the subject's benchmarks into @b; 0 or a negative errno */
	int (*bench)(struct bench *b);
	/* prints DOT to @out; 0 or a negative errno */
	int (*draw)(FILE *out);
	/*
	 * draws an instance, prints it, runs it and hands back its answer
	 * (tools/exercise.h); 0 or a negative errno
	 */
	int (*exercise)(struct exercise *ex);
	struct kstruct_entry *next;
};

void kstruct_register(struct kstruct_entry *entry);
/* registered entries of one kind, by order then name */
struct kstruct_entry *kstruct_entries(enum kstruct_kind kind);
struct kstruct_entry *kstruct_find(enum kstruct_kind kind, const char *name);
/* prints "  NAME  SUMMARY", a line per registered entry of @kind */
void kstruct_list(FILE *out, enum kstruct_kind kind);

#define __KSTRUCT_CAT2(a, b) a##b
#define __KSTRUCT_CAT(a, b) __KSTRUCT_CAT2(a, b)
#define __KSTRUCT_REGISTER(...)                                                \
	static struct kstruct_entry __KSTRUCT_CAT(kstruct_entry_,              \
						  __LINE__) = { __VA_ARGS__ }; \
	static void __attribute__((constructor))                               \
	__KSTRUCT_CAT(kstruct_register_, __LINE__)(void)                       \
	{                                                                      \
		kstruct_register(&__KSTRUCT_CAT(kstruct_entry_, __LINE__));    \
	}

#define KSTRUCT_COMMAND(cname, csummary, fn)                              \
	__KSTRUCT_REGISTER(.kind = KSTRUCT_KIND_COMMAND, .name = (cname), \
			   .summary = (csummary), .command = (fn))
#define KSTRUCT_TOUR(tname, torder, tsummary, fn)                      \
	__KSTRUCT_REGISTER(.kind = KSTRUCT_KIND_TOUR, .name = (tname), \
			   .order = (torder), .summary = (tsummary),   \
			   .tour = (fn))
#define KSTRUCT_BENCH(bname, border, bsummary, fn)                      \
	__KSTRUCT_REGISTER(.kind = KSTRUCT_KIND_BENCH, .name = (bname), \
			   .order = (border), .summary = (bsummary),    \
			   .bench = (fn))
#define KSTRUCT_DRAW(dname, dsummary, fn)                              \
	__KSTRUCT_REGISTER(.kind = KSTRUCT_KIND_DRAW, .name = (dname), \
			   .summary = (dsummary), .draw = (fn))
#define KSTRUCT_EXERCISE(ename, eorder, esummary, fn)                      \
	__KSTRUCT_REGISTER(.kind = KSTRUCT_KIND_EXERCISE, .name = (ename), \
			   .order = (eorder), .summary = (esummary),       \
			   .exercise = (fn))

/* tour ordering: list 10, rbtree 15, sched 20, fair 25, mm 30, bus 40,
 * sctp 50; exercises by
 * page: list 10.., rbtree 15.., sched 20.., sim 25.., generations 27..,
 * mm 30.., drivers 40.., sctp 50.. */

/*
 * A tour section starts each numbered step with this mark, as in
 * fprintf(out, TOUR_STEP "3. list_add_tail() ...").  "kstruct tour"
 * (tools/tour.c) cuts the text there and never prints the mark.
 */
#define TOUR_STEP "\f"

#endif /* KSTRUCT_TOOLS_KSTRUCT_H */
