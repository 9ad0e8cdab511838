/* SPDX-License-Identifier: MIT */
/*
 * tools/tour.h - "kstruct tour" (tools/tour.c), callable with its input
 * and outputs given, for the tests.
 */
#ifndef KSTRUCT_TOOLS_TOUR_H
#define KSTRUCT_TOOLS_TOUR_H

#include <stdio.h>

int tour_main(int argc, char **argv, FILE *in, FILE *out, FILE *err);

#endif /* KSTRUCT_TOOLS_TOUR_H */
