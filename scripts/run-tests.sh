#!/bin/sh
# scripts/run-tests.sh DIR NAME... [-- SUITE-PREFIX...]
#
# Runs DIR/test-NAME for each NAME (CUnit, verbose), then prints one line
#   summary: N passed, M failed
# over all of them.  A binary that crashes or prints no count of its own
# counts as one failure.  Exits non-zero when anything failed.
set -u
dir=$1
shift
names=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	names="$names $1"
	shift
done
[ $# -gt 0 ] && shift
passed=0
failed=0
for n in $names; do
	bin="$dir/test-$n"
	out=$(mktemp)
	"$bin" "$@" 2>&1 | tee "$out"
	status=$(tail -n 1 "$out")
	p=$(printf '%s\n' "$status" | sed -n "s/^test-$n: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p")
	f=$(printf '%s\n' "$status" | sed -n "s/^test-$n: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p")
	if [ -z "$p" ]; then
		echo "run-tests: test-$n ended without its count (crashed?)" >&2
		p=0
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	rm -f "$out"
done
echo
echo "summary: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
