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
# "make abi-update" (--update) rewrites ABIFILE from LIBRARY instead, for
# a deliberate change of the ABI; docs/DESIGN.md says when the soname's
# major number must change with it.
set -eu
update=0
if [ "${1:-}" = --update ]; then
	update=1
	shift
fi
[ $# -ge 3 ] || { sed -n '2,17p' "$0" >&2; exit 2; }
lib=$1
abi=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

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

if [ "$update" -eq 1 ]; then
	[ "$status" -eq 0 ] || exit 1
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
[ "$status" -eq 0 ] && echo "check-abi: $lib exports the $(wc -l <"$tmp/now") symbols of $abi"
exit "$status"
