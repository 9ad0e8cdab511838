#!/bin/sh
# scripts/run-valgrind.sh [-j JOBS] BINARY...
#
# Runs every suite of each CUnit test BINARY on its own under valgrind's
# memcheck, JOBS at a time (default: the number of CPUs): a suite that
# reads or writes memory it should not, or leaks, fails.  Prints one line
# per binary, the end of a failing suite's log, and exits non-zero when
# any suite failed.  Valgrind runs one thread at a time; --fair-sched
# takes turns (its default hand-over can starve a spinning reader thread
# for a whole test), "try" falls back where it is missing.
#
# VALGRIND_SKIP="suite ..." leaves those suites out (CI leaves out the
# long share runs, which its ASan+UBSan pass runs whole).
#
# scripts/run-valgrind.sh --one LOGDIR BINARY SUITE runs one suite (what
# the parallel runs call).
set -u
if [ "${1:-}" = "--one" ]; then
	logdir=$2 bin=$3 suite=$4
	log="$logdir/$(basename "$bin")-$(printf '%s' "$suite" | tr '/ ' '__').log"
	if valgrind -q --fair-sched=try --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite,indirect \
		"$bin" "=$suite" >"$log" 2>&1; then
		echo ok >"$log.status"
	else
		echo "failed: $?" >"$log.status"
	fi
	exit 0
fi
jobs=$(nproc 2>/dev/null || echo 1)
if [ "${1:-}" = "-j" ]; then
	jobs=$2
	shift 2
fi
[ $# -gt 0 ] || { echo "usage: $0 [-j JOBS] BINARY..." >&2; exit 2; }
command -v valgrind >/dev/null || { echo "run-valgrind: no valgrind" >&2; exit 2; }
logdir=$(mktemp -d)
trap 'rm -rf "$logdir"' EXIT
list="$logdir/jobs"
for bin in "$@"; do
	"$bin" -l | grep -v '^ ' | while IFS= read -r suite; do
		case " ${VALGRIND_SKIP:-} " in
		*" $suite "*) echo "valgrind: $suite left out" >&2; continue ;;
		esac
		printf '%s\t%s\n' "$bin" "$suite"
	done
done >"$list"
echo "valgrind: $(wc -l <"$list") suites of $# binaries, $jobs at a time"
tr '\t' '\n' <"$list" | tr '\n' '\0' |
	xargs -0 -n 2 -P "$jobs" "$0" --one "$logdir"
status=0
for bin in "$@"; do
	name=$(basename "$bin")
	bad=0
	while IFS="$(printf '\t')" read -r b suite; do
		[ "$b" = "$bin" ] || continue
		log="$logdir/$name-$(printf '%s' "$suite" | tr '/ ' '__').log"
		if [ "$(cat "$log.status" 2>/dev/null)" != ok ]; then
			echo "valgrind: $name $suite: $(cat "$log.status" 2>/dev/null || echo 'did not run')"
			tail -n 40 "$log"
			bad=1
		fi
	done <"$list"
	if [ $bad = 0 ]; then
		echo "valgrind: $name clean"
	else
		status=1
	fi
done
exit $status
