#!/bin/sh
# scripts/check-names.sh - the founding rule, one name for each thing
# (docs/DESIGN.md): fails on a typedef of a struct, union or enum, and on
# a typedef that only gives an existing type a second name ("typedef
# pthread_mutex_t lock_t;").  A typedef of a function or function-pointer
# type (compat/check.h's check_handler_fn, list_sort.h's list_cmp_func_t)
# names a signature, not a thing, and is allowed.  Reads every C file of
# the tree; prints file:line for each and a summary; exits 1 on any.
# Run from the top of the tree (make check runs it).
set -u
# shellcheck disable=SC2046 # C file names hold no blanks
set -- $(scripts/c-files.sh)
exec awk '
/^[ \t]*typedef[ \t]+(struct|union|enum)([ \t{]|$)/ {
	printf "%s:%d: a typedef of a %s: name it by its tag only\n",
		FILENAME, FNR, $2
	bad++
	next
}
/^[ \t]*typedef[ \t]+[A-Za-z_][A-Za-z_0-9 \t*]*[ \t*][A-Za-z_][A-Za-z_0-9]*[ \t]*;/ {
	printf "%s:%d: a second name for an existing type\n", FILENAME, FNR
	bad++
}
END {
	printf "check-names: %d C files, %d typedef(s) against one name per thing\n",
		NR ? ARGC - 1 : 0, bad
	exit bad ? 1 : 0
}' "$@"
