// SPDX-License-Identifier: MIT
/*
 * tests/bench/family_debug_on.c - bench/list_debug_on.c in a translation unit
 * of its own, for tests/bench/test_list_families.c (the baselines cannot
 * share one: TAILQ's LIST_HEAD clashes with list.h, and the debug-on
 * family is compiled with LIST_DEBUG).
 */
#include "bench/list_debug_on.c"
