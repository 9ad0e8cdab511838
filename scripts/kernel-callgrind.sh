#!/bin/sh
# scripts/kernel-callgrind.sh - instructions per call of kstruct's
# functions against the kernel's own, counted by callgrind (deterministic,
# unlike a timing) in one run of a benchmark subject that calls both.
#
#   kernel-callgrind.sh SUBJECT FN...
#
#   kernel-callgrind.sh rbtree rb_insert_color rb_erase
#                     list/rbtree.c against 6.12's lib/rbtree.c
#   kernel-callgrind.sh pelt __update_load_avg_se __update_load_avg_cfs_rq
#                     sched/pelt.c against 6.12's kernel/sched/pelt.c
#
# Each FN is kstruct's, and kernel_FN the kernel's that build/kstruct-bench
# links beside it (TOOL=... for another build of that tool).  Prints one
# line per function: calls and instructions per call (the function and
# what it calls) of each, and their ratio.  Exits 1 when a ratio is above
# LIMIT (1.1 unless set), 2 when the tool has no kernel baseline (the
# kernel's source was not installed when it was built:
# scripts/install-deps.sh --bench), valgrind is missing or either function
# was never called.
set -eu

if [ $# -lt 2 ]; then
	echo "usage: kernel-callgrind.sh SUBJECT FN..." >&2
	exit 2
fi
subject=$1
shift
tool=${TOOL:-build/kstruct-bench}
limit=${LIMIT:-1.1}
command -v valgrind >/dev/null || {
	echo "kernel-callgrind: valgrind is not installed" >&2
	exit 2
}
for fn in "$@"; do
	if ! nm "$tool" | grep -q " kernel_$fn\$"; then
		echo "kernel-callgrind: $tool was built without the kernel's $fn" >&2
		exit 2
	fi
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
	--compress-strings=no --compress-pos=no \
	"$tool" bench --quick --reps 3 --warmup 0 --min-time 0 "$subject" \
	>"$out/log" 2>&1 || {
	cat "$out/log" >&2
	exit 2
}
# a call's cost line follows its calls= line: "<line> <instructions>"
awk -v limit="$limit" -v names="$*" '
/^cfn=/ { callee = substr($0, 5); next }
/^calls=/ { split(substr($0, 7), f, " "); n = f[1]; pending = 1; next }
pending { calls[callee] += n; ir[callee] += $2; pending = 0; next }
END {
	bad = 0
	k = split(names, fns, " ")
	for (i = 1; i <= k; i++) {
		ours = fns[i]; theirs = "kernel_" ours
		if (!calls[ours] || !calls[theirs]) {
			print "kernel-callgrind: no calls to " ours " or " theirs > "/dev/stderr"
			exit 2
		}
		a = ir[ours] / calls[ours]; b = ir[theirs] / calls[theirs]
		printf "%-24s kstruct %7.2f instructions a call (%d calls), kernel %7.2f (%d calls): %.3fx\n", \
			ours, a, calls[ours], b, calls[theirs], a / b
		if (a / b > limit)
			bad = 1
	}
	if (bad)
		printf "kernel-callgrind: above %s times the kernel'"'"'s\n", limit > "/dev/stderr"
	exit bad
}' "$out/cg"
