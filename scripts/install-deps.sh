#!/bin/sh
# scripts/install-deps.sh - install the Debian packages kstruct uses.
#
#   install-deps.sh              install what "make run" and "make check" need
#   install-deps.sh --all        also what CI, benchmarks, fuzzing and docs use
#   install-deps.sh --if-missing install the base set only if something is missing
#   install-deps.sh --docs       install what "make docs" needs, if it is missing
#   install-deps.sh --check      exit 1 (naming them) if base packages are missing
#
# As root it runs apt-get; otherwise it names the packages and the command.
set -eu

BASE="make gcc g++ pkg-config liburcu-dev libcunit1-dev libjansson-dev libpcap-dev"
EXTRA="clang libclang-rt-14-dev valgrind graphviz fonts-dejavu-core gnuplot-nox"
# the pictures name DejaVu, so that dot measures text the same everywhere
DOCS="graphviz fonts-dejavu-core"

mode=base
case "${1:-}" in
--all) mode=all ;;
--if-missing) mode=if-missing ;;
--check) mode=check ;;
--docs) mode=docs ;;
"") ;;
-h|--help) sed -n '2,10p' "$0"; exit 0 ;;
*) echo "install-deps.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
esac

want=$BASE
[ "$mode" = all ] && want="$BASE $EXTRA"
[ "$mode" = docs ] && want=$DOCS

missing=""
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done

if [ -z "$missing" ]; then
	[ "$mode" = all ] && echo "install-deps: every package is installed"
	exit 0
fi
if [ "$mode" = check ]; then
	echo "install-deps: missing Debian packages:$missing" >&2
	exit 1
fi
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: kstruct needs these Debian packages:$missing" >&2
	echo "install-deps: run as root:  apt-get install -y$missing" >&2
	echo "install-deps: (or: sudo make deps)" >&2
	exit 1
fi
echo "install-deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >&2
