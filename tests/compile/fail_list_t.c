// SPDX-License-Identifier: MIT
/*
 * tests/compile/fail_list_t.c - compile_fail: there is no list_t.  The
 * list has one name, struct list_head (DESIGN.md, docs/list.md).
 */
#include "list/list.h"

list_t *no_such_name;
