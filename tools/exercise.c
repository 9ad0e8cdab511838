// SPDX-License-Identifier: MIT
/*
 * tools/exercise.c - "kstruct exercise": the exercises at the end of each
 * docs page, as graded problems with as many instances as there are
 * seeds.
 *
 * Mirrors no kernel file.  Each exercise (KSTRUCT_EXERCISE, one file per
 * page: tools/exercise_*.c) draws an instance from a seed, or takes the
 * one its page shows, prints it, and computes its answer by running the
 * structure's code (tools/exercise.h).  This file runs them: the
 * question, the worked answer (--answer), the grading of an answer read
 * from standard input (--check) and a problem set of every exercise
 * (--sheet).  tests/tools/test_exercise.c holds each page's instance and
 * answer to the code, and grades the answers of a hundred seeds of each.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli.h"
#include "tools/exercise.h"
#include "tools/kstruct.h"

/* splitmix64: a small generator whose every seed gives its own stream */
static uint64_t exercise_next(struct exercise *ex)
{
	uint64_t z = (ex->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

long exercise_pick(struct exercise *ex, long page, long lo, long hi)
{
	if (ex->page || hi <= lo)
		return ex->page ? page : lo;
	return lo + (long)(exercise_next(ex) % (uint64_t)(hi - lo + 1));
}

static void append(char *buf, const char *fmt, va_list ap)
{
	size_t len = strlen(buf);

	vsnprintf(buf + len, EXERCISE_ANSWER_MAX - len, fmt, ap);
}

void exercise_answer(struct exercise *ex, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	append(ex->answer, fmt, ap);
	va_end(ap);
}

void exercise_wrong(struct exercise *ex, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	append(ex->wrong, fmt, ap);
	va_end(ap);
}

int exercise_run(const struct kstruct_entry *e, bool page,
		 unsigned long long seed, struct exercise *ex)
{
	size_t qlen = 0, wlen = 0;
	const char *c;
	int ret;

	memset(ex, 0, sizeof(*ex));
	ex->page = page;
	ex->seed = seed;
	/* the seed and the name: two exercises of one seed differ */
	ex->state = seed;
	for (c = e->name; *c; c++)
		ex->state = ex->state * 131 + (unsigned char)*c;
	ex->question = open_memstream(&ex->question_text, &qlen);
	ex->why = open_memstream(&ex->why_text, &wlen);
	if (!ex->question || !ex->why) {
		exercise_release(ex);
		return -ENOMEM;
	}
	ret = e->exercise(ex);
	if (fclose(ex->question) && !ret)
		ret = -ENOMEM;
	if (fclose(ex->why) && !ret)
		ret = -ENOMEM;
	ex->question = ex->why = NULL;
	if (!ret && (!ex->answer[0] || !ex->form || !ex->pattern || !ex->hint))
		ret = -EIO; /* an exercise that did not say it all */
	return ret;
}

void exercise_release(struct exercise *ex)
{
	if (ex->question)
		fclose(ex->question);
	if (ex->why)
		fclose(ex->why);
	free(ex->question_text);
	free(ex->why_text);
	ex->question = ex->why = NULL;
	ex->question_text = ex->why_text = NULL;
}

/* punctuation that blanks beside it do not count */
static bool tight(char c)
{
	return c && strchr(";:,()=/", c);
}

int exercise_normalize(const char *in, char *out, size_t size)
{
	size_t n = 0;
	bool blank = false;

	for (; *in && *in != '\n'; in++) {
		char c = (char)tolower((unsigned char)*in);

		if (isspace((unsigned char)c)) {
			blank = n > 0;
			continue;
		}
		if (blank && !tight(c) && !tight(out[n - 1])) {
			if (n + 1 >= size)
				return -E2BIG;
			out[n++] = ' ';
		}
		blank = false;
		if (n + 1 >= size)
			return -E2BIG;
		out[n++] = c;
	}
	if (!size)
		return -E2BIG;
	out[n] = '\0';
	return 0;
}

/**
 * struct item - one item of an answer
 * @number: it is a number (then @value holds it)
 * @value: its value
 * @text: its text ("t1", ";", "hog-0", "12.5")
 * @len: its length
 */
struct item {
	bool number;
	double value;
	const char *text;
	size_t len;
};

/*
 * The next item of the normalised answer at *@s: a number (digits, a
 * point, more digits; a minus before it when no word precedes), a word
 * (a letter or '_', then letters, digits, '_' and '-': "hog-0", "t1") or
 * one other character.  Return: false at the end.
 */
static bool next_item(const char **s, struct item *it)
{
	const char *p = *s, *start;

	while (*p == ' ')
		p++;
	if (!*p)
		return false;
	start = p;
	if (isdigit((unsigned char)*p) ||
	    (*p == '-' && isdigit((unsigned char)p[1]))) {
		p++;
		while (isdigit((unsigned char)*p) ||
		       (*p == '.' && isdigit((unsigned char)p[1])))
			p++;
		it->number = true;
		it->value = strtod(start, NULL);
	} else if (isalpha((unsigned char)*p) || *p == '_') {
		while (isalnum((unsigned char)*p) || *p == '_' || *p == '-')
			p++;
		it->number = false;
	} else {
		p++;
		it->number = false;
	}
	it->text = start;
	it->len = (size_t)(p - start);
	*s = p;
	return true;
}

static bool same_item(const struct item *a, const struct item *b,
		      double tolerance)
{
	if (a->number && b->number) {
		double d = a->value - b->value;

		return (d < 0 ? -d : d) <= tolerance + 1e-9;
	}
	return a->number == b->number && a->len == b->len &&
	       !memcmp(a->text, b->text, a->len);
}

enum exercise_grade exercise_grade(const struct exercise *ex, const char *input,
				   char *hint, size_t size)
{
	char got[EXERCISE_ANSWER_MAX * 2], want[EXERCISE_ANSWER_MAX * 2];
	const char *g = got, *w = want;
	struct item a, b;
	bool more_g, more_w;
	unsigned int k = 0;
	regex_t re;
	int match;

	if (exercise_normalize(input, got, sizeof(got)) || !got[0]) {
		snprintf(hint, size,
			 "%s: not an answer; write one line of the form: %s",
			 got[0] ? "too long" : "empty", ex->form);
		return EXERCISE_MALFORMED;
	}
	if (regcomp(&re, ex->pattern, REG_EXTENDED | REG_NOSUB)) {
		snprintf(hint, size, "the exercise's form does not compile");
		return EXERCISE_MALFORMED;
	}
	match = regexec(&re, got, 0, NULL, 0);
	regfree(&re);
	if (match) {
		snprintf(hint, size,
			 "\"%s\" is not of the form of an answer: %s", got,
			 ex->form);
		return EXERCISE_MALFORMED;
	}
	if (exercise_normalize(ex->answer, want, sizeof(want)))
		return EXERCISE_MALFORMED;
	/* @k counts the items that are numbers or words, not punctuation */
	for (;;) {
		more_g = next_item(&g, &a);
		more_w = next_item(&w, &b);
		if (!more_g && !more_w)
			return EXERCISE_RIGHT;
		if (more_w ? b.number || b.len > 1 ||
				     isalpha((unsigned char)*b.text) :
			     a.number || a.len > 1 ||
				     isalpha((unsigned char)*a.text))
			k++;
		if (!more_g || !more_w || !same_item(&a, &b, ex->tolerance))
			break;
	}
	k += !k;
	snprintf(hint, size,
		 "not right: %s (your answer first goes wrong at its word or "
		 "number %u%s)",
		 ex->hint, k,
		 !more_g ? ", where it ends too soon" :
		 !more_w ? ", which is one too many" :
			   "");
	return EXERCISE_WRONG;
}

/* ------------------------------------------------------ the command */

/* "  NAME           summary" for each exercise */
static void exercise_list(FILE *out)
{
	struct kstruct_entry *e;

	for (e = kstruct_entries(KSTRUCT_KIND_EXERCISE);
	     e && e->kind == KSTRUCT_KIND_EXERCISE; e = e->next)
		fprintf(out, "  %-18s %s\n", e->name, e->summary);
}

static void exercise_usage(FILE *out)
{
	fprintf(out,
		"usage: kstruct exercise [NAME [--seed S] [--answer | --check]]\n"
		"       kstruct exercise --sheet [--seed S] [--answer]\n\n"
		"The exercises at the end of the docs pages.  Each is an instance of\n"
		"a problem: without --seed the one its page shows, with --seed S one\n"
		"drawn from S (the same S, the same instance).  Answers are computed\n"
		"by running the structures' code, never stored.\n\n"
		"  (none)       print the instance: what is set up, what to find\n"
		"               out, and the form of an answer\n"
		"  --seed S     the instance of seed S (0..2^64-1)\n"
		"  --answer     print the worked answer: the answer alone on the\n"
		"               first line, as --check takes it, then why\n"
		"  --check      read an answer (its first non-blank line) from\n"
		"               standard input and grade it: \"right\" and exit 0,\n"
		"               or a hint that does not give the answer away and\n"
		"               exit 1 (also when it is not of the answer's form);\n"
		"               case and blanks do not matter\n"
		"  --sheet      every exercise's instance of seed S (default 1): a\n"
		"               problem set; with --answer its key\n"
		"  -h, --help   this text\n\n"
		"With no NAME, lists the exercises:\n");
	exercise_list(out);
}

/* "docs/list.md" of a summary "docs/list.md: ..." */
static int summary_page(const struct kstruct_entry *e)
{
	const char *colon = strchr(e->summary, ':');

	return colon ? (int)(colon - e->summary) : 0;
}

static void print_header(FILE *out, const struct kstruct_entry *e,
			 const struct exercise *ex)
{
	if (ex->page)
		fprintf(out, "Exercise %s, as %.*s shows it\n", e->name,
			summary_page(e), e->summary);
	else
		fprintf(out, "Exercise %s, seed %llu (%.*s)\n", e->name,
			ex->seed, summary_page(e), e->summary);
}

static void print_question(FILE *out, const struct kstruct_entry *e,
			   const struct exercise *ex)
{
	print_header(out, e, ex);
	fprintf(out, "\n%s\nAnswer on one line, as: %s\n", ex->question_text,
		ex->form);
}

static void print_answer(FILE *out, const struct exercise *ex)
{
	fprintf(out, "%s\n%s", ex->answer, ex->why_text);
}

/* the first non-blank line of @in, into @buf; -EINVAL when there is none */
static int read_answer(FILE *in, char *buf, size_t size)
{
	while (fgets(buf, (int)size, in)) {
		const char *p = buf;

		if (!strchr(buf, '\n') && !feof(in))
			return -E2BIG;
		while (isspace((unsigned char)*p))
			p++;
		if (*p)
			return 0;
	}
	return -EINVAL;
}

static int check(const struct kstruct_entry *e, const struct exercise *ex)
{
	char line[EXERCISE_ANSWER_MAX * 2], hint[EXERCISE_ANSWER_MAX * 3];
	int err = read_answer(stdin, line, sizeof(line));

	if (err) {
		printf("kstruct exercise %s: %s; write the answer on one line "
		       "of the form: %s\n",
		       e->name,
		       err == -E2BIG ? "that line is too long" :
				       "no answer on standard input",
		       ex->form);
		return 1;
	}
	if (exercise_grade(ex, line, hint, sizeof(hint)) == EXERCISE_RIGHT) {
		printf("right\n");
		return 0;
	}
	printf("%s\n", hint);
	return 1;
}

/* the instances of seed @seed of every exercise, or their answers */
static int sheet(unsigned long long seed, bool answers)
{
	struct kstruct_entry *e;
	struct exercise ex;
	int n = 0, err;

	printf("kstruct exercises, problem set of seed %llu%s\n", seed,
	       answers ? ": the key" : "");
	for (e = kstruct_entries(KSTRUCT_KIND_EXERCISE);
	     e && e->kind == KSTRUCT_KIND_EXERCISE; e = e->next) {
		err = exercise_run(e, false, seed, &ex);
		if (err) {
			exercise_release(&ex);
			fprintf(stderr, "kstruct exercise %s: failed: %s\n",
				e->name, strerror(-err));
			return 1;
		}
		printf("\n%d. ", ++n);
		if (answers) {
			print_header(stdout, e, &ex);
			print_answer(stdout, &ex);
		} else {
			print_question(stdout, e, &ex);
		}
		exercise_release(&ex);
	}
	return 0;
}

static int cmd_exercise(int argc, char **argv)
{
	enum { OPT_SEED = 256, OPT_ANSWER, OPT_CHECK, OPT_SHEET };
	static const struct option options[] = {
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "answer", no_argument, NULL, OPT_ANSWER },
		{ "check", no_argument, NULL, OPT_CHECK },
		{ "sheet", no_argument, NULL, OPT_SHEET },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool seeded = false, answer = false, grade = false, set = false;
	unsigned long long seed = 1;
	struct kstruct_entry *e;
	struct exercise ex;
	int c, ret;

	optind = 0; /* GNU: full reset, the tool may parse twice */
	while ((c = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		switch (c) {
		case OPT_SEED:
			if (cli_number("kstruct exercise", "--seed", optarg, 0,
				       ~0ULL, &seed))
				return 2;
			seeded = true;
			break;
		case OPT_ANSWER:
			answer = true;
			break;
		case OPT_CHECK:
			grade = true;
			break;
		case OPT_SHEET:
			set = true;
			break;
		case 'h':
			exercise_usage(stdout);
			return 0;
		default:
			fprintf(stderr, "kstruct exercise: try --help\n");
			return 2;
		}
	}
	if (answer && grade) {
		fprintf(stderr, "kstruct exercise: --answer or --check, not "
				"both (try --help)\n");
		return 2;
	}
	if (set) {
		if (optind < argc || grade) {
			fprintf(stderr, "kstruct exercise: --sheet takes no "
					"NAME nor --check (try --help)\n");
			return 2;
		}
		return sheet(seed, answer);
	}
	if (optind == argc) {
		if (seeded || answer || grade) {
			fprintf(stderr, "kstruct exercise: which exercise? "
					"(try --help)\n");
			return 2;
		}
		exercise_list(stdout);
		return 0;
	}
	if (argc - optind > 1) {
		fprintf(stderr, "kstruct exercise: one NAME at a time (try "
				"--help)\n");
		return 2;
	}
	e = kstruct_find(KSTRUCT_KIND_EXERCISE, argv[optind]);
	if (!e) {
		fprintf(stderr,
			"kstruct exercise: no exercise '%s'; they "
			"are:\n",
			argv[optind]);
		exercise_list(stderr);
		return 2;
	}
	ret = exercise_run(e, !seeded, seed, &ex);
	if (ret) {
		exercise_release(&ex);
		fprintf(stderr, "kstruct exercise %s: failed: %s\n", e->name,
			strerror(-ret));
		return 1;
	}
	if (grade)
		ret = check(e, &ex);
	else if (answer)
		print_answer(stdout, &ex);
	else
		print_question(stdout, e, &ex);
	exercise_release(&ex);
	return ret;
}

KSTRUCT_COMMAND("exercise",
		"the docs pages' exercises, graded, one instance per seed "
		"(kstruct exercise NAME [--seed S] [--answer|--check])",
		cmd_exercise)
