#!/bin/sh
# tests/compile/run.sh CC - the compile tests of list/ (ccan's compile_ok
# and compile_fail kinds), one line per check, exit status non-zero when
# any check fails.  Run from the top of the tree:
#     tests/compile/run.sh gcc
#     tests/compile/run.sh clang
# CC's C++ companion is derived from its name (gcc: g++, clang: clang++,
# otherwise c++); set CXX to override.  Objects go to a temporary folder.
#
#   - every public header of list/ alone, twice in one TU, -Werror;
#   - list.h under -std=c11 -pedantic, with and without LIST_DEBUG;
#   - ok_list_api.c, which uses every list.h and list_sort.h name, as
#     C11 -pedantic, GNU C11 with LIST_DEBUG, and C++17: built and run;
#   - rculist.h as C++17;
#   - rbtree.h and rbtree_augmented.h under -std=c11 -pedantic (with and
#     without LIST_DEBUG) and as C++17; ok_rbtree_api.c, which uses every
#     name of both, as C11 -pedantic, GNU C11 with LIST_DEBUG and C++17:
#     built and run;
#   - compile_fail: container_of() with a wrong member type (and the
#     error must be container_of's own), the absent list_t,
#     time_after() of values that are not unsigned long, and mm's
#     internal rmqueue();
#   - docs/examples/predeclare/: the two-file example of docs/list.md;
#   - every public name of list.h, rbtree.h and rbtree_augmented.h
#     appears in a CUnit case title of tests/list/ (so the run summary
#     shows it tested).
set -u
CC=${1:-cc}
case $(basename "$CC") in
gcc*) DEFCXX=$(printf '%s' "$CC" | sed 's/gcc/g++/') ;;
clang*) DEFCXX=$(printf '%s' "$CC" | sed 's/clang/clang++/') ;;
*) DEFCXX=c++ ;;
esac
CXX=${CXX:-$DEFCXX}
URCU=$(pkg-config --cflags liburcu 2>/dev/null)
URCU_LIBS=$(pkg-config --libs liburcu 2>/dev/null)
WARN="-Wall -Wextra -Werror"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "compile: ok   $*"; }
bad() { fail=$((fail + 1)); echo "compile: FAIL $*"; }

# check DESCRIPTION COMMAND...: the command must succeed
check() {
	desc=$1
	shift
	if "$@" >"$tmp/log" 2>&1; then
		ok "$desc"
	else
		bad "$desc"
		sed 's/^/    /' "$tmp/log" | head -n 20
	fi
}

# check_fail DESCRIPTION PATTERN COMMAND...: the command must fail, and
# its output must match PATTERN (so it fails for the right reason)
check_fail() {
	desc=$1
	pattern=$2
	shift 2
	if "$@" >"$tmp/log" 2>&1; then
		bad "$desc (compiled, must not)"
	elif grep -q -- "$pattern" "$tmp/log"; then
		ok "$desc"
	else
		bad "$desc (failed, but not with \"$pattern\")"
		sed 's/^/    /' "$tmp/log" | head -n 20
	fi
}

for h in list/*.h; do
	printf '#include "%s"\n#include "%s"\n' "$h" "$h" >"$tmp/alone.c"
	check "$CC: $h alone" \
		"$CC" -std=gnu11 $WARN -I. -D_GNU_SOURCE $URCU -c "$tmp/alone.c" -o "$tmp/alone.o"
done

printf '#include "list/list.h"\n' >"$tmp/pedantic.c"
check "$CC: list.h, -std=c11 -pedantic" \
	"$CC" -std=c11 -pedantic $WARN -I. -c "$tmp/pedantic.c" -o "$tmp/p.o"
check "$CC: list.h, -std=c11 -pedantic -DLIST_DEBUG" \
	"$CC" -std=c11 -pedantic $WARN -DLIST_DEBUG -I. -c "$tmp/pedantic.c" -o "$tmp/p.o"

for h in list/rbtree.h list/rbtree_augmented.h; do
	printf '#include "%s"\n' "$h" >"$tmp/pedantic.c"
	for dbg in "" "-DLIST_DEBUG"; do
		check "$CC: $(basename "$h"), -std=c11 -pedantic $dbg" \
			"$CC" -std=c11 -pedantic $WARN $dbg -I. -c "$tmp/pedantic.c" -o "$tmp/p.o"
	done
done

LIBSRC="list/list_debug.c list/list_sort.c"
RBSRC="list/rbtree.c list/list_debug.c"
check "$CC: ok_rbtree_api.c, -std=c11 -pedantic, runs" sh -c \
	"'$CC' -std=c11 -pedantic $WARN -I. tests/compile/ok_rbtree_api.c $RBSRC -o '$tmp/rb-c11' && '$tmp/rb-c11'"
check "$CC: ok_rbtree_api.c, -std=gnu11 -DLIST_DEBUG, runs" sh -c \
	"'$CC' -std=gnu11 $WARN -DLIST_DEBUG -I. tests/compile/ok_rbtree_api.c $RBSRC -o '$tmp/rb-dbg' && '$tmp/rb-dbg'"
check "$CC: ok_list_api.c, -std=c11 -pedantic, runs" sh -c \
	"'$CC' -std=c11 -pedantic $WARN -I. tests/compile/ok_list_api.c $LIBSRC -o '$tmp/api-c11' && '$tmp/api-c11'"
check "$CC: ok_list_api.c, -std=gnu11 -DLIST_DEBUG, runs" sh -c \
	"'$CC' -std=gnu11 $WARN -DLIST_DEBUG -I. tests/compile/ok_list_api.c $LIBSRC -o '$tmp/api-dbg' && '$tmp/api-dbg'"

if command -v "$CXX" >/dev/null 2>&1; then
	for dbg in "" "-DLIST_DEBUG"; do
		check "$CXX: ok_list_api.c as C++17 $dbg, runs" sh -c \
			"'$CC' -std=gnu11 -I. -c list/list_debug.c -o '$tmp/ld.o' &&
			 '$CC' -std=gnu11 -I. -c list/list_sort.c -o '$tmp/ls.o' &&
			 '$CXX' -std=c++17 $WARN $dbg -I. -x c++ -c tests/compile/ok_list_api.c -o '$tmp/api.o' &&
			 '$CXX' '$tmp/api.o' '$tmp/ld.o' '$tmp/ls.o' -o '$tmp/api-cxx' && '$tmp/api-cxx'"
	done
	printf '#include "list/rculist.h"\n#include "list/list_sort.h"\n' >"$tmp/rcu.cc"
	check "$CXX: rculist.h and list_sort.h as C++17" \
		"$CXX" -std=c++17 $WARN -I. -D_GNU_SOURCE $URCU -c "$tmp/rcu.cc" -o "$tmp/rcu.o"
	for dbg in "" "-DLIST_DEBUG"; do
		check "$CXX: ok_rbtree_api.c as C++17 $dbg, runs" sh -c \
			"'$CC' -std=gnu11 -I. -c list/list_debug.c -o '$tmp/ld.o' &&
			 '$CC' -std=gnu11 -I. -c list/rbtree.c -o '$tmp/rb.o' &&
			 '$CXX' -std=c++17 $WARN $dbg -I. -x c++ -c tests/compile/ok_rbtree_api.c -o '$tmp/rbapi.o' &&
			 '$CXX' '$tmp/rbapi.o' '$tmp/ld.o' '$tmp/rb.o' -o '$tmp/rb-cxx' && '$tmp/rb-cxx'"
	done
else
	bad "$CXX: not found, C++ checks not run"
fi

check_fail "$CC: container_of with a wrong member type does not compile" \
	"container_of" \
	"$CC" -std=gnu11 -Wall -Wextra -I. -c tests/compile/fail_container_of.c -o "$tmp/f.o"
check_fail "$CC: time_after() of two unsigned ints does not compile" \
	"unsigned long jiffies" \
	"$CC" -std=gnu11 -Wall -Wextra -I. -c tests/compile/fail_time_after.c -o "$tmp/f.o"
check_fail "$CC: there is no list_t" "list_t" \
	"$CC" -std=gnu11 -Wall -Wextra -I. -c tests/compile/fail_list_t.c -o "$tmp/f.o"
check_fail "$CC: rmqueue() is internal to mm/page_alloc.c" "rmqueue" \
	"$CC" -std=gnu11 -Wall -Wextra -Werror=implicit-function-declaration \
	-I. -c tests/compile/fail_rmqueue.c -o "$tmp/f.o"

ex=docs/examples/predeclare
check "$CC: $ex builds and runs" sh -c \
	"'$CC' -std=c11 -pedantic $WARN -I. -I$ex $ex/main.c $ex/queue.c -o '$tmp/predeclare' && '$tmp/predeclare' >/dev/null"
# the counter-example of docs/list.md, written out here (a .c file of it
# would be the only place in the tree that spells the old typedef)
cat > "$tmp/typedef_twice.c" <<'C'
typedef struct list_head list_t;	/* in sched.h, say */
typedef struct list_head list_t;	/* in fs.h, say: error in C99 */
int list_t_is_empty(list_t *head);
C
check_fail "$CC: docs/list.md: a list_t typedef cannot be predeclared (C99)" \
	"redefinition of typedef" \
	"$CC" -std=c99 -pedantic-errors -c "$tmp/typedef_twice.c" -o "$tmp/f.o"

# Every public name of list.h in a test case title of tests/list/.
names=$( (sed -n 's/^static inline [a-z_ ]*[ *]\([A-Za-z_][A-Za-z0-9_]*\)(.*/\1/p' list/list.h
	  sed -n 's/^#define \([A-Za-z][A-Za-z0-9_]*\).*/\1/p' list/list.h
	  sed -n 's/^[a-z_]* \**\([a-z_]*check\)(.*/\1/p' list/list.h
	  echo list_debug_set_handler) |
	grep -v '^KSTRUCT_\|^POISON_POINTER_DELTA$' |
	grep -v '^__' | sort -u)
# the internal names the kernel's API documents as callable
names="$names __list_add __list_del_entry __list_del_clearprev"
titles=$(grep -h '^[[:space:]]*{ "' tests/list/*.c)
missing=""
for n in $names; do
	printf '%s\n' "$titles" | grep -q "[^A-Za-z0-9_]$n[^A-Za-z0-9_]" ||
		missing="$missing $n"
done
if [ -z "$missing" ]; then
	ok "every list.h name ($(printf '%s\n' $names | wc -l)) has a test case titled with it"
else
	bad "list.h names without a test case title:$missing"
fi

# Every public name of rbtree.h and rbtree_augmented.h likewise: macros,
# and functions whose name follows the return type or starts the line.
rbnames=$(for h in list/rbtree.h list/rbtree_augmented.h; do
	  sed -n 's/^#define \([A-Za-z][A-Za-z0-9_]*\).*/\1/p' "$h"
	  sed -n 's/^[a-z].*[ *]\([a-z_][a-z0-9_]*\)(.*/\1/p' "$h"
	  sed -n 's/^\([a-z_][a-z0-9_]*\)(.*/\1/p' "$h"
	done | grep -v '^_\|^KSTRUCT_' | sort -u)
rbtitles=$(grep -h '^[[:space:]]*{ "' tests/list/test_rbtree*.c)
missing=""
for n in $rbnames; do
	printf '%s\n' "$rbtitles" | grep -q "[^A-Za-z0-9_]$n[^A-Za-z0-9_]" ||
		missing="$missing $n"
done
if [ -z "$missing" ]; then
	ok "every rbtree name ($(printf '%s\n' $rbnames | wc -l)) has a test case titled with it"
else
	bad "rbtree.h/rbtree_augmented.h names without a test case title:$missing"
fi

echo "compile: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
