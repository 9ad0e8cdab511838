#!/bin/sh
# scripts/check-format.sh [--fix] [CLANG_FORMAT] - "make check-format":
# fails when a C file of the tree is not as .clang-format would write it,
# or when .clang-format's ForEachMacros misses an iterator the tree
# defines (a macro #defined with "for_each" in its name).  With --fix
# ("make format") it rewrites the files that differ instead.
#
# One correction follows clang-format: a checker is defined with its name
# in parentheses, "bool (sched_check)(void)", so that the macro of the
# same name (compat/check.h) does not expand there; clang-format 14 takes
# "bool (" for a cast and writes "bool(sched_check)(void)".  A line that
# starts with a type and then "(name)(" gets its space back.
#
# Files are checked as many at once as there are CPUs.  Prints the
# first lines of each difference, then one line: how many
# files of how many differ.  Run from the top of the tree.
set -u
# scripts/check-format.sh --one CLANG_FORMAT TMPDIR FIX FILE: one file
# (what the parallel runs below call); a file that differs leaves its
# name under TMPDIR/differ
if [ "${1:-}" = "--one" ]; then
	CF=$2 tmp=$3 fix=$4 f=$5
	out="$tmp/out.$$"
	"$CF" --style=file "$f" | sed -E \
		's/^([A-Za-z_][A-Za-z_0-9 *]*[A-Za-z_0-9*])\(([A-Za-z_][A-Za-z_0-9]*)\)\(/\1 (\2)(/' \
		>"$out" || { echo "check-format: $CF failed on $f"; exit 255; }
	if ! cmp -s "$f" "$out"; then
		printf '%s\n' "$f" >"$tmp/differ/$(printf '%s' "$f" | tr / _)"
		if [ "$fix" = 1 ]; then
			cat "$out" >"$f"
		else
			diff -u "$f" "$out" | sed -n '1,12p'
		fi
	fi
	rm -f "$out"
	exit 0
fi
fix=0
if [ "${1:-}" = "--fix" ]; then
	fix=1
	shift
fi
CF=${1:-clang-format}
if ! command -v "$CF" >/dev/null 2>&1; then
	echo "check-format: $CF not found (Debian: apt-get install clang-format)"
	exit 2
fi
bad=0

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git grep -hoE '^#[[:space:]]*define[[:space:]]+[A-Za-z_0-9]*for_each[A-Za-z_0-9]*\(' \
	-- '*.c' '*.h' | sed -E 's/^#[[:space:]]*define[[:space:]]+//; s/\($//' |
	LC_ALL=C sort -u >"$tmp/defined"
sed -n '/^ForEachMacros:/,/^[^ ]/s/^  - //p' .clang-format | LC_ALL=C sort -u \
	>"$tmp/listed"
for m in $(LC_ALL=C comm -23 "$tmp/defined" "$tmp/listed"); do
	echo "check-format: .clang-format: ForEachMacros lacks $m"
	bad=1
done

mkdir "$tmp/differ"
files=$(git ls-files '*.c' '*.h' | sort -u | wc -l)
git ls-files -z '*.c' '*.h' | sort -zu |
	xargs -0 -n 1 -P "$(nproc 2>/dev/null || echo 1)" "$0" --one "$CF" "$tmp" "$fix" ||
	exit 2
differ=$(find "$tmp/differ" -type f | wc -l)
if [ $fix = 1 ]; then
	echo "format: rewrote $differ of $files files as .clang-format writes them"
	exit "$bad"
fi
echo "check-format: $differ of $files files differ from what .clang-format writes"
[ "$differ" -eq 0 ] && [ "$bad" -eq 0 ]
