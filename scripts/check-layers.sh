#!/bin/sh
# scripts/check-layers.sh - fails when a file includes a header of a layer
# it may not (docs/DESIGN.md, "The layers, and what may include what"):
#
#   compat/                                   compat
#   list/                                     compat list
#   sched/ sctp/ mm/ drivers/base/            compat list, and its own folder
#   sim/                                      compat list sched sim
#   tools/ bench/                             the library, tools, bench
#   tests/<folder>/                           what <folder> may, and tests
#   tests/ (its own helpers), tests/fuzz/     anything
#   docs/examples/                            the library, its own folder
#
# and when any file includes a .c file.  tests/ mirrors the tree: a test
# of tests/<folder>/ tests code of <folder>, so it may include what that
# folder may (and tests/'s own headers); and tests/<folder>/test_<name>.c
# is refused when <name>.c is a file of another folder and not of
# <folder> (tests/mm/test_itree.c, say, of bench/mm_itree.c).  Run from the top of the tree
# (make check runs it).  Reads #include "dir/file.h" and the installed
# form #include <kstruct/dir/file.h>; an include without a folder is a
# header beside the file, or one the Makefile generates: build_info.h
# (for bench/bench.c and bench/output.c) and kstruct_version.h (for tools/kstruct.c).
# Prints one line per violation and a summary; exits 1 on any.
set -u
# shellcheck disable=SC2046 # C file names hold no blanks
set -- $(scripts/c-files.sh)
exec awk '
function folder(path) {
	if (path ~ /^drivers\/base\//)
		return "drivers/base"
	if (path ~ /^tests\/drivers\//)
		return "tests/drivers/base"
	if (path ~ /^tests\/(compat|list|sched|sctp|mm|sim|tools|bench)\//) {
		sub(/\/[^\/]*$/, "", path)
		return path
	}
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
	for (f in allowed) {
		if (f == "tests" || f == "docs/examples")
			continue
		n = split(allowed[f], below, " ")
		t = allowed[f] " tests"
		for (i = 1; i <= n; i++)
			t = t " tests/" below[i]
		tests_allowed["tests/" f] = t
	}
	for (f in tests_allowed)
		allowed[f] = tests_allowed[f]
	allowed["docs/examples"] = lib
	generated["build_info.h"] = "bench"
	generated["kstruct_version.h"] = "tools"
}
FNR == 1 {
	from = folder(FILENAME)
	misfiled(FILENAME, from)
	ok = (from in allowed) ? allowed[from] : ""
	if (ok != "")
		checked++
	dir = FILENAME
	sub(/\/[^\/]*$/, "", dir)
}
# misfiled(FILE, FROM): FILE is tests/<folder>/test_<name>.c, <name>.c is
# a file of the tree, and none of it is in <folder>
function misfiled(file, from, name, own, cmd, path, others) {
	if (from !~ /^tests\// || file !~ /\/test_[^\/]*\.c$/)
		return
	name = file
	sub(/^.*\/test_/, "", name)
	sub(/\.c$/, "", name)
	own = substr(from, 7)
	cmd = "ls -d */" name ".c */*/" name ".c " own "/" name ".h 2>/dev/null"
	others = ""
	while ((cmd | getline path) > 0) {
		if (path ~ /^(tests|build[^\/]*)\//)
			continue
		if (folder(path) == own) {
			others = ""
			break
		}
		others = others " " path
	}
	close(cmd)
	if (others == "")
		return
	printf "layers: %s: tests%s, so it belongs in tests/%s/\n",
	       file, others, folder(substr(others, 2))
	bad++
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
