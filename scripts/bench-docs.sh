#!/bin/sh
# scripts/bench-docs.sh - the benchmark tables of docs/, from the result
# files of docs/bench/ (what "make bench-docs" writes there).
#
#   bench-docs.sh [--check] TOOL RECORDS DOC...
#
# A table in DOC lies between two marker lines:
#
#   <!-- bench-table SUBJECT GROUP -->
#   ...
#   <!-- /bench-table -->
#
# and is what "TOOL bench --table RECORDS/SUBJECT.json GROUP" prints:
# GROUP's records, headed by the machine, compiler, commit and load
# average of the run.  Without --check each table is rewritten; with it,
# nothing is, and the script exits 1 naming every table whose record is
# missing (no RECORDS/SUBJECT.json, or no GROUP in it) or whose text is
# not what the record gives.
#
# Every other Markdown table of DOC (outside code blocks) must say on the
# line right before it why it has no record:
#
#   <!-- no bench record: REASON -->
#
# (a table of definitions, of targets, of instruction counts that a
# command given beside it reproduces exactly, ...); a table without one
# fails both modes, so that no figure is quoted from a run whose record
# was not kept.
set -eu

check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi
if [ $# -lt 3 ]; then
	echo "usage: bench-docs.sh [--check] TOOL RECORDS DOC..." >&2
	exit 2
fi
tool=$1
records=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0

for doc in "$@"; do
	: >"$tmp/out"
	state=text
	n=0
	lineno=0
	prev=
	while IFS= read -r line || [ -n "$line" ]; do
		lineno=$((lineno + 1))
		# a table outside the markers and code blocks says why
		case "$state:$line:$prev" in
		"text:|"*":|"*) ;;
		"text:|"*":<!-- no bench record: "?*" -->") ;;
		"text:|"*)
			echo "bench-docs: $doc:$lineno: a table with no record and no '<!-- no bench record: REASON -->' line before it" >&2
			bad=1
			;;
		esac
		prev=$line
		case "$state:$line" in
		"text:\`\`\`"*)
			printf '%s\n' "$line" >>"$tmp/out"
			state=code
			;;
		"code:\`\`\`"*)
			printf '%s\n' "$line" >>"$tmp/out"
			state=text
			;;
		"text:<!-- bench-table "*" -->")
			n=$((n + 1))
			spec=${line#<!-- bench-table }
			spec=${spec% -->}
			subject=${spec%% *}
			group=${spec#* }
			printf '%s\n' "$line" >>"$tmp/out"
			if [ ! -f "$records/$subject.json" ]; then
				echo "bench-docs: $doc: table $n ($subject, $group): no record $records/$subject.json" >&2
				bad=1
			elif ! "$tool" bench --table "$records/$subject.json" \
				"$group" >>"$tmp/out"; then
				echo "bench-docs: $doc: table $n ($subject, $group): no such record" >&2
				bad=1
			fi
			state=table
			;;
		"table:<!-- /bench-table -->")
			printf '%s\n' "$line" >>"$tmp/out"
			state=text
			;;
		table:*) ;;
		*) printf '%s\n' "$line" >>"$tmp/out" ;;
		esac
	done <"$doc"
	if [ "$state" = table ]; then
		echo "bench-docs: $doc: a bench-table marker is not closed" >&2
		bad=1
		continue
	fi
	if cmp -s "$tmp/out" "$doc"; then
		continue
	fi
	if [ $check = 1 ]; then
		echo "bench-docs: $doc: its benchmark tables are not what docs/bench/ gives (make bench-docs)" >&2
		bad=1
	elif [ $bad = 0 ]; then
		cp "$tmp/out" "$doc"
		echo "bench-docs: rewrote the tables of $doc"
	fi
done
exit $bad
