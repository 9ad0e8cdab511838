#!/bin/sh
# scripts/check-abi.sh [--update] LIBRARY ABIFILE HEADER...
#
# "make check-abi": what the shared LIBRARY exports (nm -D --defined-only:
# its dynamic symbols, each with its version and kind) must be exactly
# the list in ABIFILE (abi/libkstruct.so.N.symbols: one "name@@VERSION
# kind" a line, sorted; lines starting with # are comments).  An export
# added or removed by accident, a variable become a function, a symbol
# moved to another version: each fails, with the difference.
#
# Every exported name must also appear in one of the installed HEADERs
# (the library exports what they declare and nothing else,
# compat/export.h).
#
# The layout of every structure and union the HEADERs define (its size,
# and each member's offset and size, as pahole reads them from the debug
# information of a file that includes every HEADER, compiled by $CC with
# the include folder $ABI_INC) must be exactly ABIFILE's sibling
# abi/libkstruct.so.N.layout: nm sees no layout, and a user's program
# compiled against one layout and run against another reads the wrong
# bytes.
#
# Each run also tests itself: the layout check of a scratch copy of the
# headers in which struct list_head has one more member must fail (set
# ABI_PROBE=0 to leave that out).
#
# "make abi-update" (--update) rewrites ABIFILE from LIBRARY instead, for
# a deliberate change of the ABI, and writes the layout file when the
# soname has none yet.  It refuses to change the layout file of an
# existing soname: a layout change is a new soname (bump VERSION's major
# in the Makefile), unless ABI_LAYOUT_REWRITE=1 says that this soname
# has not been released yet.  docs/DESIGN.md says when the soname's major
# number must change.
set -eu
update=0
if [ "${1:-}" = --update ]; then
	update=1
	shift
fi
[ $# -ge 3 ] || { sed -n '2,33p' "$0" >&2; exit 2; }
lib=$1
abi=$2
layout=${abi%.symbols}.layout
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# layout OUT: every public structure and union, as pahole prints it, less
# its comments on cachelines, holes and padding (the size stays)
layout() {
	if ! command -v pahole >/dev/null 2>&1; then
		echo "check-abi: no pahole (Debian package dwarves): scripts/install-deps.sh installs it" >&2
		return 1
	fi
	for h in "$@"; do
		echo "#include <kstruct/$h>"
	done >"$tmp/all.c"
	# every type the headers define, used or not, in the debug information
	# shellcheck disable=SC2086 # the flags are words
	${CC:-cc} -std=gnu11 -D_GNU_SOURCE -g -fno-eliminate-unused-debug-types \
		-I"${ABI_INC:-build/include}" ${ABI_CFLAGS:-} \
		-c "$tmp/all.c" -o "$tmp/all.o" || return 1
	names=$(sed -n 's/^\(struct\|union\) \([a-z_][a-z0-9_]*\) {.*/\2/p' "$@" |
		LC_ALL=C sort -u | paste -sd, -)
	[ -n "$names" ] || return 0
	pahole -C "$names" "$tmp/all.o" | awk '
	# "struct NAME", then "  MEMBER OFFSET SIZE" a member (a bit-field
	# "OFFSET:BIT"), "  size N": names and numbers only, so that gcc and
	# clang, which spell the types differently, read alike.  A member of
	# a structure or union type defined in place is one member: pahole
	# numbers the members inside it differently for the two compilers,
	# and a named type is checked on its own
	/^(struct|union) [a-z_][a-z0-9_]* \{/ { print $1 " " $2; next }
	/^\t+(struct|union) \{/ { depth++; next }
	/^\t+\}/ { depth-- }
	depth > 0 { next }
	/^\t*\/\* size: / { sub(/.*size: /, ""); sub(/,.*/, ""); print "  size " $0; next }
	/\/\* *[0-9]+(: *[0-9]+)? +[0-9]+ *\*\/$/ {
		pos = $0
		sub(/.*\/\* */, "", pos)
		sub(/ *\*\/$/, "", pos)
		gsub(/: */, ":", pos)
		gsub(/ +/, " ", pos)
		decl = $0
		sub(/;[^;]*$/, "", decl)
		gsub(/ *__attribute__\(\(.*\)\)/, "", decl)
		if (decl ~ /\(\*/) {
			sub(/^[^(]*\(\*/, "", decl)
			sub(/\).*/, "", decl)
		} else {
			sub(/.*[ \t*}]/, "", decl)
		}
		print "  " decl " " pos
	}'
}

# "name@@VERSION kind", sorted bytewise (the file's order on any locale)
nm -D --defined-only "$lib" | awk 'NF == 3 { print $3 " " $2 }' |
	LC_ALL=C sort >"$tmp/now"
if [ ! -s "$tmp/now" ]; then
	echo "check-abi: nm -D found no symbol in $lib" >&2
	exit 1
fi

# every exported name is declared in a public header (the version
# node, an absolute symbol "A", is the version script's)
status=0
awk '$2 != "A" { sub(/@.*/, "", $1); print $1 }' "$tmp/now" |
	while read -r name; do
		grep -qw -- "$name" "$@" ||
			echo "check-abi: $lib exports $name, which no installed header declares"
	done >"$tmp/undeclared"
if [ -s "$tmp/undeclared" ]; then
	cat "$tmp/undeclared"
	status=1
fi

layout "$@" >"$tmp/layout" || exit 1

if [ "$update" -eq 1 ]; then
	[ "$status" -eq 0 ] || exit 1
	if [ -f "$layout" ] && ! cmp -s "$layout" "$tmp/layout" &&
	   [ "${ABI_LAYOUT_REWRITE:-0}" != 1 ]; then
		echo "check-abi: a public structure's layout changed, and $layout" >&2
		echo "  is the layout of a soname already made: bump VERSION's major in the" >&2
		echo "  Makefile (a new soname, a new layout file), or, if this soname was" >&2
		echo "  never released, make abi-update ABI_LAYOUT_REWRITE=1.  What changed:" >&2
		diff "$layout" "$tmp/layout" | sed -n 's/^[<>] /  &/p' | head -n 40 >&2
		exit 1
	fi
	mkdir -p "$(dirname "$layout")"
	cp "$tmp/layout" "$layout"
	echo "check-abi: wrote $layout ($(grep -c '^\(struct\|union\) ' "$layout") structures and unions)"
	mkdir -p "$(dirname "$abi")"
	{
		echo "# $(basename "$abi" .symbols): what it exports, \"name@@version kind\""
		echo "# a line (nm -D --defined-only), sorted.  make check-abi compares;"
		echo "# make abi-update rewrites it, for a deliberate change only"
		echo "# (docs/DESIGN.md, \"The public surface\")."
		cat "$tmp/now"
	} >"$abi"
	echo "check-abi: wrote $abi ($(wc -l <"$tmp/now") symbols)"
	exit 0
fi

if [ ! -f "$abi" ]; then
	echo "check-abi: no $abi (a new soname major number?): run make abi-update and commit it" >&2
	exit 1
fi
grep -v '^#' "$abi" >"$tmp/want"
if ! cmp -s "$tmp/want" "$tmp/now"; then
	echo "check-abi: $lib does not export what $abi lists:"
	diff "$tmp/want" "$tmp/now" | sed -n 's/^< /  removed: /p; s/^> /  added:   /p'
	echo "check-abi: an accident? Make the symbol static, or move its declaration"
	echo "  to a private header.  Deliberate? make abi-update, and bump VERSION in"
	echo "  the Makefile if main's VERSION still names the old ABI: the major"
	echo "  number (the soname) when a symbol was removed or changed, the minor"
	echo "  when symbols were only added (docs/DESIGN.md, \"The public surface\")."
	status=1
fi
if [ ! -f "$layout" ]; then
	echo "check-abi: no $layout: run make abi-update and commit it" >&2
	status=1
elif ! cmp -s "$layout" "$tmp/layout"; then
	echo "check-abi: the public structures' layout is not $layout's:"
	diff "$layout" "$tmp/layout" | sed -n 's/^< /  was: /p; s/^> /  now: /p' | head -n 40
	echo "check-abi: a program built against the old headers would read the wrong"
	echo "  bytes.  An accident? Put the members back.  Deliberate? That is a new"
	echo "  ABI: bump VERSION's major in the Makefile and make abi-update"
	echo "  (docs/DESIGN.md, \"The public surface\")."
	status=1
fi
# The layout check's own test (a check that cannot fail checks nothing):
# in a scratch copy of the headers, struct list_head, which most public
# structures hold, gets one more member; the check of that copy, run as
# above, must fail on the layout.
if [ "$status" -eq 0 ] && [ "${ABI_PROBE:-1}" = 1 ]; then
	cp -RL "${ABI_INC:-build/include}" "$tmp/probe"
	sed -i 's/^struct list_head {$/&\n\tlong kstruct_abi_probe;/' \
		"$tmp/probe/kstruct/list/list.h"
	if ! grep -q kstruct_abi_probe "$tmp/probe/kstruct/list/list.h"; then
		echo "check-abi: probe: no struct list_head in list/list.h to grow" >&2
		exit 1
	fi
	if ABI_PROBE=0 ABI_INC="$tmp/probe" "$0" "$lib" "$abi" "$@" \
		>"$tmp/probe.out" 2>&1 ||
	   ! grep -q "layout is not $layout" "$tmp/probe.out"; then
		echo "check-abi: probe: a member added to struct list_head in a copy of"
		echo "  the headers did not fail the layout check; the check is broken:"
		sed 's/^/  /' "$tmp/probe.out"
		status=1
	fi
fi
[ "$status" -eq 0 ] && echo "check-abi: $lib exports the $(wc -l <"$tmp/now") symbols of $abi;" \
	"$(grep -c '^\(struct\|union\) ' "$layout") public structures and unions as $layout lays them out"
exit "$status"
