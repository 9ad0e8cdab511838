#!/bin/sh
# scripts/check-headers.sh CC INCLUDEDIR CFLAGS...
#
# The installed-header test: every header under INCLUDEDIR/kstruct/ (as
# "make install" leaves it, or the tree's $(BUILD)/include, which holds
# the same headers) is included alone in a translation unit, twice (its
# guard must work), and compiled with nothing but CFLAGS: what
# pkg-config --cflags gives a user (-IINCLUDEDIR and the -I flags of
# liburcu):
#   - as C11: -std=c11 -pedantic -Wall -Wextra -Werror, no feature macro
#     (no _GNU_SOURCE, no _POSIX_C_SOURCE);
#   - as C++17: -std=c++17 -Wall -Wextra -Werror, with CC's C++ compiler
#     (gcc: g++, clang: clang++, otherwise c++; CXX overrides).
# A public header that includes a private one fails here by construction:
# the private one is not under INCLUDEDIR.  So does one that includes
# <jansson.h>: a jansson.h whose only line is an #error comes first on
# the include path (a user needs liburcu, not jansson, to include them;
# the library's own files use jansson).  Each header also follows the
# export rule of compat/export.h: it includes <kstruct/compat/export.h>,
# opens its declarations with KSTRUCT_EXPORT_BEGIN after its last
# #include and closes them with KSTRUCT_EXPORT_END right before its
# guard's #endif, once each.
#
# One line per failure (with the compiler's first lines), a summary line,
# and a non-zero exit when anything failed.
set -u
[ $# -ge 3 ] || { sed -n '2,22p' "$0" >&2; exit 2; }
CC=$1
incdir=$2
shift 2
case $(basename "$CC") in
gcc*) DEFCXX=$(printf '%s' "$CC" | sed 's/gcc/g++/') ;;
clang*) DEFCXX=$(printf '%s' "$CC" | sed 's/clang/clang++/') ;;
*) DEFCXX=c++ ;;
esac
CXX=${CXX:-$DEFCXX}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

headers=$(cd "$incdir" && find kstruct -name '*.h' | LC_ALL=C sort)
if [ -z "$headers" ]; then
	echo "headers: no header under $incdir/kstruct" >&2
	exit 1
fi
pass=0
fail=0
mkdir "$tmp/nojansson"
echo '#error "a public header includes <jansson.h>: users of kstruct need no jansson"' \
	>"$tmp/nojansson/jansson.h"

bad() {
	fail=$((fail + 1))
	echo "headers: FAIL $*"
}

# compile WHAT COMPILER ARGS...: the compiler must succeed, silently
compile() {
	what=$1
	shift
	if "$@" >"$tmp/log" 2>&1 && [ ! -s "$tmp/log" ]; then
		pass=$((pass + 1))
	else
		bad "$what"
		sed 's/^/    /' "$tmp/log" | head -n 15
	fi
}

# the export rule, on the header's text
export_rule() {
	h=$1
	f=$incdir/$h
	[ "$h" = kstruct/compat/export.h ] && return 0
	awk -v h="$h" '
		/^#include/ { last_include = NR }
		/^#include <kstruct\/compat\/export\.h>$/ { has_export = 1 }
		/^KSTRUCT_EXPORT_BEGIN$/ { nb++; begin = NR }
		/^KSTRUCT_EXPORT_END$/ { ne++; end = NR }
		/^#endif/ { guard_end = NR }
		/[^[:space:]]/ { if (!/^#endif/) last_text = NR }
		END {
			if (!has_export)
				why = "does not include <kstruct/compat/export.h>"
			else if (nb != 1 || ne != 1)
				why = "needs KSTRUCT_EXPORT_BEGIN and KSTRUCT_EXPORT_END once each"
			else if (begin < last_include)
				why = "has an #include after KSTRUCT_EXPORT_BEGIN"
			else if (end != last_text)
				why = "has declarations after KSTRUCT_EXPORT_END"
			if (why != "") {
				print h ": " why
				exit 1
			}
		}' "$f" >"$tmp/log" 2>&1 && { pass=$((pass + 1)); return 0; }
	bad "$(cat "$tmp/log") (see compat/export.h)"
}

for h in $headers; do
	export_rule "$h"
	# (and a declaration: ISO C forbids an empty translation unit)
	printf '#include <%s>\n#include <%s>\nextern int alone;\n' "$h" "$h" \
		>"$tmp/alone.c"
	cp "$tmp/alone.c" "$tmp/alone.cc"
	compile "$h: C11 -pedantic" "$CC" -std=c11 -pedantic -Wall -Wextra \
		-Werror -I"$tmp/nojansson" "$@" -c "$tmp/alone.c" -o "$tmp/alone.o"
	compile "$h: C++17" "$CXX" -std=c++17 -Wall -Wextra -Werror \
		-I"$tmp/nojansson" "$@" -c "$tmp/alone.cc" -o "$tmp/alone.o"
done

echo "headers: $(printf '%s\n' "$headers" | wc -l) public headers under" \
	"$incdir: $pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
