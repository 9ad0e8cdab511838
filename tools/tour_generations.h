/* SPDX-License-Identifier: MIT */
/*
 * tools/tour_generations.h - step 7 of "kstruct tour sched":
 * one small workload under every scheduling class.
 */
#ifndef KSTRUCT_TOOLS_TOUR_GENERATIONS_H
#define KSTRUCT_TOOLS_TOUR_GENERATIONS_H

#include <stdbool.h>
#include <stdio.h>

/* the workload the section runs, as rt-app JSON (the tests run it too) */
extern const char tour_generations_workload[];

/**
 * tour_generations_states_rule() - does the section state the share rule
 * of a class?
 * @name: the class's name
 *
 * Return: true when it prints the rule of two hogs' shares for @name.
 */
bool tour_generations_states_rule(const char *name);

/**
 * tour_sched_generations() - run the tour's workload under each class
 * and explain what each did with it
 * @out: where the text goes
 * @step: the number the step gets in the tour (it prints TOUR_STEP first)
 *
 * Context: builds and tears down simulations, so no scheduler machine may
 * exist.
 * Return: 0, or a negative errno (the text says what failed).
 */
int tour_sched_generations(FILE *out, int step);

#endif /* KSTRUCT_TOOLS_TOUR_GENERATIONS_H */
