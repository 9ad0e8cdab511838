// SPDX-License-Identifier: MIT
/*
 * tests/bench/family_cds.c - bench/list_cds.c in a translation unit
 * of its own, for tests/bench/test_list_families.c (the baselines cannot
 * share one: TAILQ's LIST_HEAD clashes with list.h, and the debug-on
 * family is compiled with LIST_DEBUG).
 */
#include "bench/list_cds.c"
