#!/bin/sh
# scripts/check-layers.sh - fails when a file includes a header of a layer
# it may not (docs/DESIGN.md, "The layers, and what may include what"):
#
#   compat/                                   compat
#   list/                                     compat list
#   sched/ sctp/ mm/ drivers/base/            compat list, and its own folder
#   sim/                                      compat list sched sim
#   tools/ bench/                             the library, tools, bench
#   tests/                                    anything
#   docs/examples/                            the library, its own folder
#
# and when any file includes a .c file.  Run from the top of the tree
# (make check runs it).  Reads #include "dir/file.h" and the installed
# form #include <kstruct/dir/file.h>; an include without a folder is a
# header beside the file, or one the Makefile generates: build_info.h
# (for bench/bench.c) and kstruct_version.h (for tools/kstruct.c).
# Prints one line per violation and a summary; exits 1 on any.
set -u
# shellcheck disable=SC2046 # C file names hold no blanks
set -- $(scripts/c-files.sh)
exec awk '
function folder(path) {
	if (path ~ /^drivers\/base\//)
		return "drivers/base"
	if (path ~ /^docs\/examples\//)
		return "docs/examples"
	if (path ~ /\//)
		return substr(path, 1, index(path, "/") - 1)
	return "."
}
BEGIN {
	lib = "compat list sched sctp mm drivers/base sim"
	allowed["compat"] = "compat"
	allowed["list"] = "compat list"
	allowed["sched"] = "compat list sched"
	allowed["sctp"] = "compat list sctp"
	allowed["mm"] = "compat list mm"
	allowed["drivers/base"] = "compat list drivers/base"
	allowed["sim"] = "compat list sched sim"
	allowed["tools"] = lib " tools bench"
	allowed["bench"] = lib " tools bench"
	allowed["tests"] = "*"
	allowed["docs/examples"] = lib
	generated["build_info.h"] = "bench"
	generated["kstruct_version.h"] = "tools"
}
FNR == 1 {
	from = folder(FILENAME)
	ok = (from in allowed) ? allowed[from] : ""
	if (ok != "")
		checked++
	dir = FILENAME
	sub(/\/[^\/]*$/, "", dir)
}
ok != "" && /^[ \t]*#[ \t]*include[ \t]*("|<kstruct\/)/ {
	inc = $0
	sub(/^[ \t]*#[ \t]*include[ \t]*("|<kstruct\/)/, "", inc)
	sub(/[">].*$/, "", inc)
	where = FILENAME ":" FNR
	if (inc ~ /\.c$/) {
		printf "layers: %s: includes a .c file, %s (link it instead)\n",
		       where, inc
		bad++
		next
	}
	if (inc ~ /\//)
		to = folder(inc)
	else if ((inc in generated) && generated[inc] == from)
		next
	else if ((getline line < (dir "/" inc)) >= 0) {
		close(dir "/" inc)
		next
	} else
		to = "no such file beside it"
	if (ok == "*" || index(" " ok " ", " " to " "))
		next
	printf "layers: %s: %s includes %s (%s); %s may include: %s\n",
	       where, from, inc, to, from, ok
	bad++
}
END {
	if (bad) {
		printf "layers: %d include(s) break the layering of " \
		       "docs/DESIGN.md\n", bad
		exit 1
	}
	printf "layers: %d files, every include within its layer\n", checked
}' "$@"
