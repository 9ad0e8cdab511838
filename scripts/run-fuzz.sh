#!/bin/sh
# scripts/run-fuzz.sh DIR SECONDS
#
# Runs every libFuzzer binary in DIR for SECONDS each, on a copy of its seed
# corpus tests/fuzz/corpus/NAME/ (new inputs go to DIR/corpus/NAME), and
# prints executions and coverage.  Exits non-zero when one finds a crash
# (the reproducer is left in DIR).
set -u
dir=$1
secs=$2
status=0
for bin in "$dir"/*; do
	[ -f "$bin" ] && [ -x "$bin" ] || continue
	name=$(basename "$bin")
	corpus="$dir/corpus/$name"
	mkdir -p "$corpus"
	[ -d "tests/fuzz/corpus/$name" ] && cp -n tests/fuzz/corpus/"$name"/* "$corpus"/ 2>/dev/null
	log="$dir/$name.log"
	echo "fuzz: $name for ${secs}s"
	if ! "$bin" -max_total_time="$secs" -print_final_stats=1 \
		-artifact_prefix="$dir/$name-" "$corpus" >"$log" 2>&1; then
		echo "fuzz: $name FOUND A CRASH; see $log" >&2
		tail -n 30 "$log" >&2
		status=1
	fi
	grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$log" | tail -n 2
done
exit $status
