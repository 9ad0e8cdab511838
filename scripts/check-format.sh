#!/bin/sh
# scripts/check-format.sh [CLANG_FORMAT] - "make check-format": fails when
# a C file of the tree is not as .clang-format would write it, or when
# .clang-format's ForEachMacros misses an iterator the tree defines (a
# macro #defined with "for_each" in its name).
#
# Prints the first difference of each file that differs (clang-format
# --dry-run), then one line: how many files of how many differ.  Run from
# the top of the tree.
set -u
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

files=0
differ=0
for f in $(git ls-files '*.c' '*.h'); do
	files=$((files + 1))
	if ! "$CF" --style=file --dry-run -Werror --ferror-limit=1 "$f" 2>&1 |
		head -n 3 | grep . ; then
		continue
	fi
	differ=$((differ + 1))
done
echo "check-format: $differ of $files files differ from what .clang-format writes"
[ "$differ" -eq 0 ] && [ "$bad" -eq 0 ]
