#!/bin/sh
# scripts/run-fuzz.sh DIR SECONDS [JOBS]
#
# Runs every libFuzzer binary in DIR for SECONDS each, JOBS of them at a
# time (default: the number of CPUs), on a copy of its seed corpus
# tests/fuzz/corpus/NAME/ (new inputs go to DIR/corpus/NAME), and prints
# executions and coverage, one harness at a time.  Exits non-zero when
# one finds a crash (the reproducer is left in DIR).
#
# scripts/run-fuzz.sh --one DIR SECONDS BIN runs one harness (what the
# parallel runs call).
set -u
if [ "${1:-}" = "--one" ]; then
	dir=$2 secs=$3 bin=$4
	name=$(basename "$bin")
	corpus="$dir/corpus/$name"
	log="$dir/$name.log"
	mkdir -p "$corpus"
	[ -d "tests/fuzz/corpus/$name" ] &&
		cp -n tests/fuzz/corpus/"$name"/* "$corpus"/ 2>/dev/null
	if ! "$bin" -max_total_time="$secs" -print_final_stats=1 \
		-artifact_prefix="$dir/$name-" "$corpus" >"$log" 2>&1; then
		echo "FOUND A CRASH" >"$log.status"
		exit 1
	fi
	echo ok >"$log.status"
	exit 0
fi
dir=$1
secs=$2
jobs=${3:-$(nproc 2>/dev/null || echo 1)}
bins=""
for bin in "$dir"/*; do
	[ -f "$bin" ] && [ -x "$bin" ] || continue
	bins="$bins $bin"
	rm -f "$dir/$(basename "$bin").log.status"
done
echo "fuzz: $(echo $bins | wc -w) harness(es) for ${secs}s each, $jobs at a time"
# shellcheck disable=SC2086
printf '%s\n' $bins | xargs -P "$jobs" -I{} "$0" --one "$dir" "$secs" {}
status=0
for bin in $bins; do
	name=$(basename "$bin")
	log="$dir/$name.log"
	echo "fuzz: $name"
	if [ "$(cat "$log.status" 2>/dev/null)" != ok ]; then
		echo "fuzz: $name FOUND A CRASH (or did not run); see $log" >&2
		tail -n 30 "$log" >&2
		status=1
	fi
	grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$log" | tail -n 2
done
exit $status
