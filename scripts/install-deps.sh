#!/bin/sh
# scripts/install-deps.sh - install the Debian packages kstruct uses.
#
#   install-deps.sh               install what "make run" and "make check" need
#   install-deps.sh --pictures    Graphviz (and its font) and gnuplot: "make docs",
#                                 "make check-docs" and the bench plots
#   install-deps.sh --bench       the kernel's source (linux-source-6.12), whose
#                                 lib/rbtree.c the rbtree benchmark compares with
#   install-deps.sh --browser     headless Chromium: "make check-html" and
#                                 "make docs-screenshots" (large: not in --all)
#   install-deps.sh --all         every set but the browser, and what CI and
#                                 fuzzing use
#   install-deps.sh --if-missing [--pictures | --bench | --browser]
#                                 the same, only when something is missing
#   install-deps.sh --check [--pictures | --bench | --browser]
#                                 exit 1 (naming them) if packages are missing
#
# As root it runs apt-get; otherwise it names the packages and the command.
set -eu

BASE="make gcc g++ pkg-config liburcu-dev libcunit1-dev libjansson-dev libpcap-dev"
# the pictures name DejaVu, so that dot measures text the same everywhere
PICTURES="graphviz fonts-dejavu-core gnuplot-nox"
EXTRA="clang libclang-rt-14-dev clang-format-14 valgrind"
BROWSER="chromium"
BENCH="linux-source-6.12"

mode=install
want=$BASE
for arg in "$@"; do
	case "$arg" in
	--all) want="$BASE $PICTURES $EXTRA" ;;
	--pictures) want=$PICTURES ;;
	--browser) want=$BROWSER ;;
	--bench) want=$BENCH ;;
	--if-missing) mode=if-missing ;;
	--check) mode=check ;;
	-h|--help) sed -n '2,17p' "$0"; exit 0 ;;
	*) echo "install-deps.sh: unknown option '$arg' (try --help)" >&2; exit 2 ;;
	esac
done

missing=""
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done

if [ -z "$missing" ]; then
	[ "$mode" = install ] && echo "install-deps: every package is installed"
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
