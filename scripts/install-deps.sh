#!/bin/sh
# scripts/install-deps.sh - install the Debian packages kstruct uses.
#
#   install-deps.sh               install what "make run" and "make check" need
#   install-deps.sh --pictures    Graphviz (and its font) and gnuplot: "make docs",
#                                 "make check-docs" and the bench plots
#   install-deps.sh --bench       the kernel's source (linux-source-6.12), whose
#                                 lib/rbtree.c the rbtree benchmark compares with,
#                                 and valgrind, whose callgrind sched-instr runs
#                                 (not in --all)
#   install-deps.sh --browser     headless Chromium: "make check-html" and
#                                 "make docs-screenshots" (large: not in --all)
#   install-deps.sh --kernel      qemu, busybox, rt-app and cpio: the reference
#                                 rig, "make check-kernel" (not in --all)
#   install-deps.sh --all         every set but the browser, the rig and the
#                                 kernel's source, and what CI and fuzzing use
#   install-deps.sh --if-missing [--pictures | --bench | --browser | --kernel]
#                                 the same, only when something is missing
#   install-deps.sh --check [--pictures | --bench | --browser | --kernel]
#                                 exit 1 (naming them) if packages are missing
#
# What is needed is asked of the tools first (command -v, pkg-config), and
# apt-get runs only for what is missing: a host without dpkg, or with the
# libraries installed some other way, passes without it.  As root it runs
# apt-get; otherwise it names the packages and the command.
set -eu

# dwarves: pahole, which make check-abi reads the public structures' layout with
BASE="make gcc g++ pkg-config liburcu-dev libcunit1-dev libjansson-dev libpcap-dev dwarves"
# the pictures name DejaVu, so that dot measures text the same everywhere
PICTURES="graphviz fonts-dejavu-core gnuplot-nox"
EXTRA="clang libclang-rt-14-dev clang-format-14 valgrind"
BROWSER="chromium"
# the reference rig (scripts/kernel-rig.sh); its kernels are fetched there
KERNEL="qemu-system-x86 busybox-static rt-app cpio"
BENCH="linux-source-6.12 valgrind"

mode=install
want=$BASE
for arg in "$@"; do
	case "$arg" in
	--all) want="$BASE $PICTURES $EXTRA" ;;
	--pictures) want=$PICTURES ;;
	--browser) want=$BROWSER ;;
	--kernel) want=$KERNEL ;;
	--bench) want=$BENCH ;;
	--if-missing) mode=if-missing ;;
	--check) mode=check ;;
	-h|--help) sed -n '2,20p' "$0"; exit 0 ;;
	*) echo "install-deps.sh: unknown option '$arg' (try --help)" >&2; exit 2 ;;
	esac
done

# present PACKAGE: what the package brings is there.  Asked of the tools
# themselves first (the command on PATH, pkg-config for a library, the
# font file), so that a host without dpkg, or with the libraries built by
# hand, passes; dpkg only for what no tool can answer.
present() {
	case "$1" in
	make|gcc|g++|pkg-config|clang|valgrind|chromium) command -v "$1" >/dev/null ;;
	clang-format-14) command -v clang-format-14 >/dev/null ;;
	graphviz) command -v dot >/dev/null ;;
	dwarves) command -v pahole >/dev/null ;;
	qemu-system-x86) command -v qemu-system-x86_64 >/dev/null ;;
	busybox-static) [ -x /bin/busybox ] ;;
	rt-app|cpio) command -v "$1" >/dev/null ;;
	linux-source-6.12) [ -e /usr/src/linux-source-6.12.tar.xz ] ;;
	gnuplot-nox) command -v gnuplot >/dev/null ;;
	liburcu-dev) pkg-config --exists liburcu liburcu-cds 2>/dev/null ;;
	libcunit1-dev) pkg-config --exists cunit 2>/dev/null ;;
	libjansson-dev) pkg-config --exists jansson 2>/dev/null ;;
	libpcap-dev) pkg-config --exists libpcap 2>/dev/null ;;
	fonts-dejavu-core) [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] ;;
	*) dpkg_installed "$1" ;;
	esac
}

# dpkg_installed PACKAGE: dpkg says so; true where there is no dpkg (the
# package is then named by what it brings, as above, or not checked)
dpkg_installed() {
	command -v dpkg-query >/dev/null 2>&1 || return 0
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"
}

missing=""
for p in $want; do
	present "$p" || missing="$missing $p"
done

if [ -z "$missing" ]; then
	[ "$mode" = install ] && echo "install-deps: every package is installed"
	exit 0
fi
if [ "$mode" = check ]; then
	echo "install-deps: missing Debian packages:$missing" >&2
	exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "install-deps: missing (Debian package names):$missing" >&2
	echo "install-deps: this host has no apt-get: install them with its own package manager" >&2
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
