/* SPDX-License-Identifier: MIT */
/*
 * tools/exercise.h - what an exercise of a docs page (tools/exercise_*.c)
 * and "kstruct exercise" (tools/exercise.c) share: an instance, drawn
 * from a seed, its question, its answer computed by running the
 * structure's code, and the grading of a student's answer.
 *
 * Mirrors no kernel file.
 *
 * An exercise is one function, registered with KSTRUCT_EXERCISE, that
 * takes a struct exercise.  It draws its parameters with exercise_pick()
 * (the docs page's own values when @page is set, values from the seed
 * otherwise), prints the instance to @question, runs the scenario with
 * the real code, and hands back its answer on one line
 * (exercise_answer()), the explanation (@why), the form an answer takes
 * (@form, @pattern) and a hint for a wrong answer (@hint).  The answer
 * is never stored: every run computes it.
 */
#ifndef KSTRUCT_TOOLS_EXERCISE_H
#define KSTRUCT_TOOLS_EXERCISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct kstruct_entry;

#define EXERCISE_ANSWER_MAX 512

/**
 * struct exercise - one instance of an exercise
 * @page: the instance the docs page shows (no seed)
 * @seed: the seed the instance is drawn from (not @page)
 * @state: the generator's state, from @seed and the exercise's name
 * @question: the exercise prints the instance here: what is set up, and
 *	what to find out
 * @why: the exercise prints the explanation of its answer here: what the
 *	code did
 * @answer: the answer, on one line, as --check accepts it
 * @wrong: a well-formed answer that is wrong (a likely mistake), or ""
 * @form: what an answer looks like, for the student ("a: N N ...; b: ...")
 * @pattern: an extended regular expression that every well-formed answer
 *	matches once normalised (exercise_normalize())
 * @hint: what to look at again after a wrong answer; never the answer
 * @tolerance: how far a number of an answer may be from the right one
 * @question_text: what went to @question (exercise_run())
 * @why_text: what went to @why (exercise_run())
 */
struct exercise {
	bool page;
	unsigned long long seed;
	uint64_t state;
	FILE *question, *why;
	char answer[EXERCISE_ANSWER_MAX];
	char wrong[EXERCISE_ANSWER_MAX];
	const char *form, *pattern, *hint;
	double tolerance;
	char *question_text, *why_text;
};

/**
 * exercise_pick() - a parameter of the instance
 * @ex: the instance
 * @page: its value on the docs page
 * @lo: the smallest value a seed may give
 * @hi: the largest
 *
 * Return: @page for the page's instance, else a number in [@lo, @hi]
 * from the seed (the same for the same seed, every time).
 */
long exercise_pick(struct exercise *ex, long page, long lo, long hi);

/* append to @ex's answer, printf-style */
void exercise_answer(struct exercise *ex, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* the same for the wrong answer a student is likely to give */
void exercise_wrong(struct exercise *ex, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/**
 * exercise_run() - draw and solve one instance of @e
 * @e: a registered exercise
 * @page: the docs page's instance (then @seed is not used)
 * @seed: the seed
 * @ex: receives the instance; exercise_release() it, whatever the result
 *
 * Return: 0, or the exercise's negative errno (-ENOMEM, -EIO when a
 * checker failed).
 */
int exercise_run(const struct kstruct_entry *e, bool page,
		 unsigned long long seed, struct exercise *ex);

void exercise_release(struct exercise *ex);

/**
 * exercise_normalize() - an answer as it is compared
 * @in: what the student typed (one line)
 * @out: lower case, blanks squeezed to one space, none at either end nor
 *	beside ; : , ( ) = or /
 * @size: room in @out
 *
 * Return: 0, or -E2BIG when it does not fit.
 */
int exercise_normalize(const char *in, char *out, size_t size);

enum exercise_grade {
	EXERCISE_RIGHT,
	EXERCISE_WRONG,
	EXERCISE_MALFORMED,
};

/**
 * exercise_grade() - is @input the answer of @ex?
 * @ex: a solved instance
 * @input: the student's answer (one line)
 * @hint: receives, when it is not right, what to tell the student: the
 *	form expected, or @ex's hint and where the answer first goes wrong,
 *	never the answer
 * @size: room in @hint
 *
 * The two are compared item by item (numbers, words, punctuation) once
 * normalised; numbers may differ by @ex's tolerance.
 *
 * Return: EXERCISE_RIGHT, EXERCISE_WRONG, or EXERCISE_MALFORMED when
 * @input does not have the form of an answer.
 */
enum exercise_grade exercise_grade(const struct exercise *ex, const char *input,
				   char *hint, size_t size);

#endif /* KSTRUCT_TOOLS_EXERCISE_H */
