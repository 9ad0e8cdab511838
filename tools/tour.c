// SPDX-License-Identifier: MIT
/*
 * tools/tour.c - "kstruct tour": the guided tour, whole, by section, or
 * one step at a time for a class.
 *
 * A section (KSTRUCT_TOUR, tools/kstruct.h) prints its text and marks
 * where each numbered step begins with TOUR_STEP.  This file runs the
 * section into memory, cuts the text at the marks, and prints the steps:
 * all of them, or from step N on (--from N), pausing before each step
 * after the first for Enter (--step), so that a teacher can show one
 * step at a time on a projector.  The text before step 1 (the section's
 * introduction) goes with step 1.  A section is run whole even when it
 * is shown from step N: its later steps depend on the earlier ones.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/cli.h"
#include "tools/kstruct.h"
#include "tools/outfile.h"
#include "tools/tour.h"

/**
 * struct tour_run - how the sections are shown
 * @in: where Enter comes from (--step)
 * @out: where the tour goes
 * @err: where the prompts and errors go
 * @step: pause before each step but the first
 * @eof: @in has ended: pause no more
 * @shown: steps shown so far, over all sections
 */
struct tour_run {
	FILE *in, *out, *err;
	bool step, eof;
	int shown;
};

/* "  NAME       summary" for each section */
static void tour_sections(FILE *out)
{
	struct kstruct_entry *e;

	for (e = kstruct_entries(KSTRUCT_KIND_TOUR);
	     e && e->kind == KSTRUCT_KIND_TOUR; e = e->next)
		fprintf(out, "  %-10s %s\n", e->name, e->summary);
}

static void tour_usage(FILE *out)
{
	fprintf(out,
		"usage: kstruct tour [--step] [SECTION...]\n"
		"       kstruct tour [--step] SECTION --from N\n\n"
		"Builds each structure on a small example, runs its traversals and\n"
		"prints what happened, pointers and all.  With no SECTION, every\n"
		"section in order.\n\n"
		"  --step     pause between numbered steps (none before the first\n"
		"             shown) for Enter ('q' and Enter stops; the prompt\n"
		"             goes to stderr)\n"
		"  --from N   start SECTION at its step N\n"
		"  -h, --help this text\n\nSections:\n");
	tour_sections(out);
}

/* run @e into memory: its text in *@text (free() it), or a negative errno */
static int tour_capture(struct kstruct_entry *e, char **text)
{
	size_t len = 0;
	FILE *mem;
	int ret;

	*text = NULL;
	mem = open_memstream(text, &len);
	if (!mem)
		return -ENOMEM;
	ret = e->tour(mem);
	if (fclose(mem) && !ret)
		ret = -ENOMEM;
	if (ret) {
		free(*text);
		*text = NULL;
	}
	return ret;
}

/* the steps of @text: how many marks it has */
static int tour_count_steps(const char *text)
{
	int n = 0;

	for (; (text = strstr(text, TOUR_STEP)); text += strlen(TOUR_STEP))
		n++;
	return n;
}

/*
 * Step @k of @text (0: the introduction before the first mark), without
 * its mark, and its length in *@len.
 */
static const char *tour_step_text(const char *text, int k, size_t *len)
{
	size_t mark = strlen(TOUR_STEP);
	const char *end;

	for (; k > 0; k--) {
		end = strstr(text, TOUR_STEP);
		if (!end) { /* no such step: nothing */
			*len = 0;
			return text;
		}
		text = end + mark;
	}
	end = strstr(text, TOUR_STEP);
	*len = end ? (size_t)(end - text) : strlen(text);
	return text;
}

/*
 * Before each step but the first shown, wait for a line from @r->in.
 * Return: true to go on, false when the reader typed q.  At the end of
 * the input the pause ends, and no later one waits.
 */
static bool tour_pause(struct tour_run *r, const char *section, int step,
		       int nr_steps)
{
	char line[64];

	if (!r->step || r->eof || !r->shown)
		return true;
	fflush(r->out);
	fprintf(r->err, "-- %s: step %d of %d next; Enter: go on, q: quit --",
		section, step, nr_steps);
	fflush(r->err);
	if (!fgets(line, sizeof(line), r->in)) {
		r->eof = true;
		fputc('\n', r->err);
		return true;
	}
	/* a line longer than the buffer is one answer, not several */
	while (!strchr(line, '\n') && fgets(line + 1, sizeof(line) - 1, r->in))
		;
	/* on a terminal, take the prompt (and the Enter) off the screen */
	if (isatty(fileno(r->in)) && isatty(fileno(r->err)))
		fputs("\033[A\r\033[K", r->err);
	return line[0] != 'q';
}

/* columns of @s[0..@len): UTF-8 continuation bytes take none */
static size_t tour_columns(const char *s, size_t len)
{
	size_t cols = 0, i;

	for (i = 0; i < len; i++)
		cols += ((unsigned char)s[i] & 0xc0) != 0x80;
	return cols;
}

void tour_write(FILE *out, const char *s, size_t len)
{
	const char *end = s + len;

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *line_end = nl ? nl : end, *cut = NULL, *p;
		size_t indent = strspn(s, " "), hang = indent + 4, cont = 0;

		while (tour_columns(s, (size_t)(line_end - s)) + cont >
		       TOUR_COLUMNS) {
			cut = NULL;
			for (p = s + indent + 1; p < line_end; p++)
				if (*p == ' ' &&
				    tour_columns(s, (size_t)(p - s)) + cont <=
					    TOUR_COLUMNS)
					cut = p;
			if (!cut)
				break;
			fprintf(out, "%*s%.*s\n", (int)cont, "", (int)(cut - s),
				s);
			s = cut + strspn(cut, " ");
			cont = hang;
			indent = 0;
		}
		fprintf(out, "%*s%.*s%s", (int)cont, "", (int)(line_end - s), s,
			nl ? "\n" : "");
		s = nl ? nl + 1 : end;
	}
}

/*
 * Show steps @from to @nr_steps of one section's @text, the introduction
 * with step 1.  Return: 1 when the reader quit, else 0.
 */
static int tour_show(struct tour_run *r, const char *section, const char *text,
		     int from, int nr_steps)
{
	const char *step;
	size_t len;
	int k;

	for (k = from; k <= nr_steps; k++) {
		if (!tour_pause(r, section, k, nr_steps))
			return 1;
		if (k == 1) {
			step = tour_step_text(text, 0, &len);
			tour_write(r->out, step, len);
		}
		step = tour_step_text(text, k, &len);
		tour_write(r->out, step, len);
		r->shown++;
	}
	return 0;
}

/* a step number: 1 or more, the whole argument; 0 when it is not one */
static int tour_parse_step(const char *s)
{
	unsigned long long n;

	return cli_parse(s, 1, 1000000, &n) ? 0 : (int)n;
}

/**
 * tour_main() - "kstruct tour [--step] [SECTION...] [--from N]"
 * @argc: arguments, argv[0] being "tour"
 * @argv: the arguments
 * @in: where --step reads Enter from
 * @out: where the tour goes
 * @err: where prompts and errors go
 *
 * Runs the named sections (all when none is named) in their registered
 * order.  A section without TOUR_STEP marks is one step.
 *
 * Return: the exit status: 0 (also when the reader quit), 1 when a
 * section failed, 2 for bad arguments (an unknown option or section, a
 * --from that is not a step of the one SECTION named: the message names
 * its steps, which are known once the section has run).
 */
int tour_main(int argc, char **argv, FILE *in, FILE *out, FILE *err)
{
	static const struct option options[] = {
		{ "step", no_argument, NULL, 's' },
		{ "from", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct tour_run r = { .in = in, .out = out, .err = err };
	struct kstruct_entry *e;
	const char *from_arg = NULL;
	int i, c, nr_named = 0, from = 1, nr_steps, ret, quit = 0;
	char *text;

	optind = 0; /* GNU: full reset, the tool may parse twice */
	opterr = 0; /* the messages go to @err, worded here */
	while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		switch (c) {
		case 'h':
			tour_usage(out);
			return 0;
		case 's':
			r.step = true;
			break;
		case 'f':
			from_arg = optarg;
			break;
		case ':':
			fprintf(err, "kstruct tour: --from needs a step "
				     "number\n");
			return 2;
		default:
			fprintf(err,
				"kstruct tour: unknown option '%s' (try "
				"--help)\n",
				argv[optind - 1]);
			return 2;
		}
	}
	/* getopt_long() moved the sections after the options */
	for (i = optind; i < argc; i++) {
		if (!kstruct_find(KSTRUCT_KIND_TOUR, argv[i])) {
			fprintf(err,
				"kstruct tour: no section '%s'; sections "
				"are:\n",
				argv[i]);
			tour_sections(err);
			return 2;
		} else {
			nr_named++;
		}
	}
	if (from_arg) {
		if (nr_named != 1) {
			fprintf(err, "kstruct tour: --from starts one section: "
				     "name exactly one SECTION\n");
			return 2;
		}
		from = tour_parse_step(from_arg);
	}

	for (e = kstruct_entries(KSTRUCT_KIND_TOUR);
	     e && e->kind == KSTRUCT_KIND_TOUR && !quit; e = e->next) {
		bool wanted = !nr_named;

		for (i = optind; i < argc && !wanted; i++)
			wanted = !strcmp(argv[i], e->name);
		if (!wanted)
			continue;
		ret = tour_capture(e, &text);
		if (ret) {
			fprintf(err, "kstruct tour %s: failed: %s\n", e->name,
				strerror(-ret));
			return 1;
		}
		nr_steps = tour_count_steps(text);
		if (!nr_steps)
			nr_steps = 1; /* all introduction: one step */
		if (!from || from > nr_steps) { /* known once it ran */
			fprintf(err,
				"kstruct tour %s: no step '%s'; its steps "
				"are 1-%d\n",
				e->name, from_arg, nr_steps);
			free(text);
			return 2;
		}
		fprintf(out, "==== tour: %s ====\n", e->name);
		tour_write(out, e->summary, strlen(e->summary));
		fprintf(out, "\n\n");
		quit = tour_show(&r, e->name, text, from, nr_steps);
		if (!quit)
			fprintf(out, "\n");
		free(text);
		/* a long output: stop at the first section stdout refused */
		if (out == stdout && outfile_check_stdout("kstruct tour"))
			return 1;
	}
	return 0;
}

static int cmd_tour(int argc, char **argv)
{
	return tour_main(argc, argv, stdin, stdout, stderr);
}

KSTRUCT_COMMAND("tour",
		"the guided tour of each structure (--step: one "
		"step at a time)",
		cmd_tour)
