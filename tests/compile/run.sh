#!/bin/sh
# tests/compile/run.sh CC [INCLUDEDIR] - the compile tests of list/
# (ccan's compile_ok and compile_fail kinds), one line per check, exit
# status non-zero when any check fails.  Run from the top of the tree,
# after make has made INCLUDEDIR (default build/include), where the
# public headers find each other as <kstruct/...>:
#     tests/compile/run.sh gcc
#     tests/compile/run.sh clang build/asan/include
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
#   - compile_fail, each case built twice as ccan builds its own
#     (without FAIL it must compile with -Werror, with -DFAIL it must
#     fail with an error whose text, not its file name, names what is
#     under test): container_of() with a wrong member type, the absent list_t,
#     time_after() of values that are not unsigned long, mm's
#     internal rmqueue(), and a bus walk given a callback for the other
#     kind of entry (bus_for_each_dev/bus_for_each_drv share one walk);
#     and two probes that the checker itself refuses a case broken by
#     an unrelated syntax error;
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
INC=${2:-build/include}
# what the tree's own files use: "list/list.h" from the top, and the
# public headers' <kstruct/...> through INC
I="-I. -I$INC"
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

# errors_of LOG: the text of each error diagnostic in LOG, without the
# "file:line:col:" that leads it, so that a pattern cannot match the
# file's own name (fail_list_t.c names list_t in every line it causes)
errors_of() {
	sed -n 's/^.*[[:space:]]\{0,1\}\(fatal \)\{0,1\}error:[[:space:]]*//p' "$1"
}

# check_fail DESCRIPTION PATTERN FILE FLAGS...: the compile_fail case
# FILE, built as ccan builds its own: without FAIL defined it must
# compile cleanly (-Werror), so that the case is valid C apart from the
# one construct under test; with -DFAIL it must fail, and the text of an
# error (not a file name, not a note) must match PATTERN, so that it
# fails for the right reason and not for a typo elsewhere
check_fail() {
	desc=$1
	pattern=$2
	file=$3
	shift 3
	if ! "$CC" -std=gnu11 -Wall -Wextra -Werror $I "$@" \
		-c "$file" -o "$tmp/f.o" >"$tmp/log" 2>&1; then
		bad "$desc (does not compile without FAIL either)"
		sed 's/^/    /' "$tmp/log" | head -n 20
	elif "$CC" -std=gnu11 -Wall -Wextra $I "$@" -DFAIL \
		-c "$file" -o "$tmp/f.o" >"$tmp/log" 2>&1; then
		bad "$desc (compiled with FAIL, must not)"
	elif errors_of "$tmp/log" | grep -q -- "$pattern"; then
		ok "$desc"
	else
		bad "$desc (failed, but no error says \"$pattern\")"
		sed 's/^/    /' "$tmp/log" | head -n 20
	fi
}

for h in list/*.h; do
	printf '#include "%s"\n#include "%s"\n' "$h" "$h" >"$tmp/alone.c"
	check "$CC: $h alone" \
		"$CC" -std=gnu11 $WARN $I -D_GNU_SOURCE $URCU -c "$tmp/alone.c" -o "$tmp/alone.o"
done

printf '#include "list/list.h"\n' >"$tmp/pedantic.c"
check "$CC: list.h, -std=c11 -pedantic" \
	"$CC" -std=c11 -pedantic $WARN $I -c "$tmp/pedantic.c" -o "$tmp/p.o"
check "$CC: list.h, -std=c11 -pedantic -DLIST_DEBUG" \
	"$CC" -std=c11 -pedantic $WARN -DLIST_DEBUG $I -c "$tmp/pedantic.c" -o "$tmp/p.o"

for h in list/rbtree.h list/rbtree_augmented.h; do
	printf '#include "%s"\n' "$h" >"$tmp/pedantic.c"
	for dbg in "" "-DLIST_DEBUG"; do
		check "$CC: $(basename "$h"), -std=c11 -pedantic $dbg" \
			"$CC" -std=c11 -pedantic $WARN $dbg $I -c "$tmp/pedantic.c" -o "$tmp/p.o"
	done
done

# check_api PROGRAM SOURCES...: the compile_ok program
# tests/compile/PROGRAM.c, linked with the C SOURCES of list/, built and
# run as C11 -pedantic, as GNU C11 with LIST_DEBUG and, when $CXX exists,
# as C++17 with and without LIST_DEBUG (the SOURCES built as C)
check_api() {
	prog=$1
	shift
	check "$CC: $prog.c, -std=c11 -pedantic, runs" sh -c \
		"'$CC' -std=c11 -pedantic $WARN $I tests/compile/$prog.c $* -o '$tmp/$prog-c11' && '$tmp/$prog-c11'"
	check "$CC: $prog.c, -std=gnu11 -DLIST_DEBUG, runs" sh -c \
		"'$CC' -std=gnu11 $WARN -DLIST_DEBUG $I tests/compile/$prog.c $* -o '$tmp/$prog-dbg' && '$tmp/$prog-dbg'"
	command -v "$CXX" >/dev/null 2>&1 || return 0
	build_c=""
	objs=""
	for src in "$@"; do
		o="$tmp/$(basename "$src" .c).o"
		build_c="$build_c '$CC' -std=gnu11 $I -c $src -o '$o' &&"
		objs="$objs '$o'"
	done
	for dbg in "" "-DLIST_DEBUG"; do
		check "$CXX: $prog.c as C++17 $dbg, runs" sh -c \
			"$build_c
			 '$CXX' -std=c++17 $WARN $dbg $I -x c++ -c tests/compile/$prog.c -o '$tmp/$prog.o' &&
			 '$CXX' '$tmp/$prog.o' $objs -o '$tmp/$prog-cxx' && '$tmp/$prog-cxx'"
	done
}

check_api ok_list_api compat/check.c list/list_debug.c list/list_sort.c
check_api ok_rbtree_api compat/check.c list/list_debug.c list/rbtree.c

if command -v "$CXX" >/dev/null 2>&1; then
	printf '#include "list/rculist.h"\n#include "list/list_sort.h"\n' >"$tmp/rcu.cc"
	check "$CXX: rculist.h and list_sort.h as C++17" \
		"$CXX" -std=c++17 $WARN $I -D_GNU_SOURCE $URCU -c "$tmp/rcu.cc" -o "$tmp/rcu.o"
else
	bad "$CXX: not found, C++ checks not run"
fi

check_fail "$CC: container_of with a wrong member type does not compile" \
	"container_of" tests/compile/fail_container_of.c
check_fail "$CC: time_after() of two unsigned ints does not compile" \
	"unsigned long jiffies" tests/compile/fail_time_after.c
check_fail "$CC: there is no list_t" "list_t" tests/compile/fail_list_t.c
check_fail "$CC: rmqueue() is internal to mm/page_alloc.c" "rmqueue" \
	tests/compile/fail_rmqueue.c -Werror=implicit-function-declaration
for walk in dev drv; do
	check_fail "$CC: bus_for_each_$walk() refuses the other walk's callback" \
		"incompatible.*pointer type" tests/compile/fail_bus_walk.c \
		-Werror=incompatible-pointer-types -D_GNU_SOURCE \
		$([ $walk = drv ] && echo -DWALK_DRV)
done

# The checker checks itself: a copy of fail_list_t.c whose FAIL branch
# also holds an unrelated syntax error, and one whose other branch does,
# must each make check_fail report a failure.  (Before, a pattern that
# the file's name matched passed any broken case.)
probe() {
	name=$1
	sed "$2" tests/compile/fail_list_t.c >"$tmp/$name.c"
	saved_pass=$pass saved_fail=$fail
	check_fail "probe" "list_t" "$tmp/$name.c" >/dev/null
	caught=$((fail - saved_fail))
	pass=$saved_pass fail=$saved_fail
	if [ "$caught" -eq 1 ]; then
		ok "check_fail refuses $3"
	else
		bad "check_fail passed $3"
	fi
}
probe fail_list_t_syntax 's/^OLD_NAME(list, _t) \* no_such_name;$/int syntax error here;/' \
	"a FAIL branch whose only error is an unrelated syntax error"
probe fail_list_t_both 's/^struct list_head \*no_such_name;$/struct list_head *no_such_name; )/' \
	"a case that does not compile without FAIL"

ex=docs/examples/predeclare
check "$CC: $ex builds and runs" sh -c \
	"'$CC' -std=c11 -pedantic $WARN $I -I$ex $ex/main.c $ex/queue.c -o '$tmp/predeclare' && '$tmp/predeclare' >/dev/null"
# the counter-example of docs/list.md, written out here (a .c file of it
# would be the only place in the tree that spells the old typedef)
cat > "$tmp/typedef_twice.c" <<'C'
typedef struct list_head list_t;	/* in sched.h, say */
#ifdef FAIL
typedef struct list_head list_t;	/* in fs.h, say: error in C99 */
#endif
int list_t_is_empty(list_t *head);
C
check_fail "$CC: docs/list.md: a list_t typedef cannot be predeclared (C99)" \
	"redefinition of typedef" "$tmp/typedef_twice.c" -std=c99 -pedantic-errors

# check_titled WHAT NAMES FILES...: each of NAMES appears, as a whole
# word, in a CUnit case title ({ "title", ...) of one of FILES
check_titled() {
	what=$1
	names=$2
	shift 2
	titles=$(grep -h '^[[:space:]]*{ "' "$@")
	missing=""
	for n in $names; do
		printf '%s\n' "$titles" | grep -q "[^A-Za-z0-9_]$n[^A-Za-z0-9_]" ||
			missing="$missing $n"
	done
	if [ -z "$missing" ]; then
		ok "every $what name ($(printf '%s\n' $names | wc -l)) has a test case titled with it"
	else
		bad "$what names without a test case title:$missing"
	fi
}

# Every public name of list.h in a test case title of tests/list/.
names=$( (sed -n 's/^static inline [a-z_ ]*[ *]\([A-Za-z_][A-Za-z0-9_]*\)(.*/\1/p' list/list.h
	  sed -n 's/^#define \([A-Za-z][A-Za-z0-9_]*\).*/\1/p' list/list.h
	  sed -n 's/^[a-z_]* \**\([a-z_]*check\)(.*/\1/p' list/list.h) |
	grep -v '^KSTRUCT_\|^POISON_POINTER_DELTA$' |
	grep -v '^__' | sort -u)
# the internal names the kernel's API documents as callable
names="$names __list_add __list_del_entry __list_del_clearprev"
check_titled list.h "$names" tests/list/*.c

# Every public name of rbtree.h and rbtree_augmented.h likewise: macros,
# and functions whose name follows the return type or starts the line.
names=$(for h in list/rbtree.h list/rbtree_augmented.h; do
	  sed -n 's/^#define \([A-Za-z][A-Za-z0-9_]*\).*/\1/p' "$h"
	  sed -n 's/^[a-z].*[ *]\([a-z_][a-z0-9_]*\)(.*/\1/p' "$h"
	  sed -n 's/^\([a-z_][a-z0-9_]*\)(.*/\1/p' "$h"
	done | grep -v '^_\|^KSTRUCT_' | sort -u)
check_titled rbtree.h/rbtree_augmented.h "$names" tests/list/test_rbtree*.c

echo "compile: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
