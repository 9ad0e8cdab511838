// SPDX-License-Identifier: MIT
/*
 * bench/list_debug_on.c - the list_head family of the list benchmark with
 * the debug checks on, to measure what they cost.
 *
 * Mirrors no kernel file: it is the benchmark's view of CONFIG_DEBUG_LIST
 * (lib/list_debug.c in later kernels; list/list_debug.c here).  LIST_DEBUG
 * is defined before any include, so every add and delete below first
 * calls __list_add_valid()/__list_del_entry_valid() out of line, after
 * recording the caller's file:line, exactly as a debug build of the
 * library's users does.
 */
#define LIST_DEBUG 1
#define LIST_HEAD_FAMILY list_bench_debug_on
#define LIST_HEAD_FAMILY_NAME "list_head, debug on"
#include "bench/list_head_family.h"
