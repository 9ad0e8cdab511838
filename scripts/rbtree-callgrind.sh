#!/bin/sh
# scripts/rbtree-callgrind.sh - instructions per call of rb_insert_color()
# and rb_erase(), list/rbtree.c's against the kernel's lib/rbtree.c,
# counted by callgrind (deterministic, unlike a timing) in one run of
# "kstruct bench rbtree".
#
#   rbtree-callgrind.sh [TOOL]     TOOL: build/kstruct-bench unless given
#                                 (make build/kstruct-bench: the tool with
#                                 the kernel's rbtree linked in)
#
# Prints one line per function: calls and instructions per call (the
# function and what it calls) of each, and their ratio.  Exits 1 when a
# ratio is above LIMIT (1.1 unless set), 2 when the tool has no kernel
# baseline (the kernel's source was not installed when it was built:
# scripts/install-deps.sh --bench) or valgrind is missing.
set -eu

tool=${1:-build/kstruct-bench}
limit=${LIMIT:-1.1}
command -v valgrind >/dev/null || {
	echo "rbtree-callgrind: valgrind is not installed" >&2
	exit 2
}
if ! nm "$tool" | grep -q ' kernel_rb_insert_color$'; then
	echo "rbtree-callgrind: $tool was built without the kernel's lib/rbtree.c" >&2
	exit 2
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
	--compress-strings=no --compress-pos=no \
	"$tool" bench --quick --reps 3 --warmup 0 --min-time 0 rbtree \
	>"$out/log" 2>&1 || {
	cat "$out/log" >&2
	exit 2
}
# a call's cost line follows its calls= line: "<line> <instructions>"
awk -v limit="$limit" '
/^cfn=/ { callee = substr($0, 5); next }
/^calls=/ { split(substr($0, 7), f, " "); n = f[1]; pending = 1; next }
pending { calls[callee] += n; ir[callee] += $2; pending = 0; next }
END {
	bad = 0
	split("rb_insert_color rb_erase", names, " ")
	for (i = 1; i <= 2; i++) {
		ours = names[i]; theirs = "kernel_" ours
		if (!calls[ours] || !calls[theirs]) {
			print "rbtree-callgrind: no calls to " ours " or " theirs > "/dev/stderr"
			exit 2
		}
		a = ir[ours] / calls[ours]; b = ir[theirs] / calls[theirs]
		printf "%-16s kstruct %7.2f instructions a call (%d calls), kernel %7.2f (%d calls): %.3fx\n", \
			ours, a, calls[ours], b, calls[theirs], a / b
		if (a / b > limit)
			bad = 1
	}
	if (bad)
		printf "rbtree-callgrind: above %s times the kernel'"'"'s\n", limit > "/dev/stderr"
	exit bad
}' "$out/cg"
