#!/bin/sh
# scripts/c-files.sh - the tree's C files (.c and .h), one per line, that
# exist in the work tree: tracked ones and new ones git does not ignore,
# or every one outside build*/ when this is not a git work tree.  What
# scripts/check-layers.sh and scripts/check-names.sh read.  Run from the
# top of the tree.
files=$(git ls-files --cached --others --exclude-standard '*.c' '*.h' \
	2>/dev/null || find . -name '*.[ch]' ! -path './build*' | sed 's|^\./||')
for f in $files; do
	[ -e "$f" ] && printf '%s\n' "$f"
done
exit 0
