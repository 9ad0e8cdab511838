#!/bin/sh
# scripts/check-install.sh STAGE CC PUBLIC PRIVATE
#
# "make check-install": installs kstruct twice into the staging folder
# STAGE (DESTDIR), under PREFIX=/usr and PREFIX=/opt/kstruct, and for
# each prefix:
#   - checks that its kstruct.pc names that prefix (not the other's) and
#     that its Cflags are -I<prefix>/include and no -D flag;
#   - checks that include/kstruct/ holds exactly the PUBLIC headers (the
#     Makefile's PUBLIC_HEADERS) and none of the PRIVATE ones;
#   - compiles every installed header alone, as C11 -pedantic and as
#     C++17, with only pkg-config --cflags (scripts/check-headers.sh);
#   - builds the programs of docs/examples/install/ through pkg-config,
#     with a <jansson.h> that fails first on the include path (a user
#     needs no jansson), and runs them: hello.c (the README's, which must
#     show it as it is), rcu_workload.c and runqueue.c (docs/sched.md's)
#     linked dynamically (pkg-config --libs),
#     rcu_workload.c fully statically too (-static, pkg-config --static
#     --libs: every library, libkstruct's own dependencies included, as
#     .a), hello.cc from C++;
#   - runs tests/install/interpose.c, whose own function named like one
#     of the library's must not be called by the library;
#   - runs the installed tool.
# Then it uninstalls both ("make uninstall", same DESTDIR and PREFIX) and
# checks that STAGE is empty again.
set -eu
[ $# -eq 4 ] || { sed -n '2,25p' "$0" >&2; exit 2; }
stage=$1
cc=$2
public=$3
private=$4
case $(basename "$cc") in
gcc*) cxx=$(printf '%s' "$cc" | sed 's/gcc/g++/') ;;
clang*) cxx=$(printf '%s' "$cc" | sed 's/clang/clang++/') ;;
*) cxx=c++ ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the programs are as a user would build them, and warning-free
warn="-Wall -Wextra -Werror"

ex=docs/examples/install

# the README's section "Using kstruct as a library" shows hello.c as it is
awk '/^## Using kstruct as a library/ { sec = 1 }
     sec && /^```c$/ { on = 1; next }
     on && /^```$/ { exit }
     on' README.md >"$tmp/readme.c"
if ! sed -n '/^#include/,$p' "$ex/hello.c" | cmp -s - "$tmp/readme.c"; then
	echo "check-install: README.md's example is not $ex/hello.c (from its first #include):" >&2
	sed -n '/^#include/,$p' "$ex/hello.c" | diff - "$tmp/readme.c" >&2 || true
	exit 1
fi

mkdir "$tmp/nojansson"
echo '#error "kstruct users need no jansson"' >"$tmp/nojansson/jansson.h"

# docs/sched.md's section on snapshots shows runqueue.c as it is, and
# what it prints
awk '/^### Snapshots/ { sec = 1 }
     sec && /^```c$/ { on = 1; next }
     on && /^```$/ { exit }
     on' docs/sched.md >"$tmp/sched-md.c"
awk '/^### Snapshots/ { sec = 1 }
     sec && /^prints$/ { want = 1; next }
     want && /^```$/ { if (on) exit; on = 1; next }
     on' docs/sched.md >"$tmp/sched-md.out"
if ! sed -n '/^#include/,$p' "$ex/runqueue.c" | cmp -s - "$tmp/sched-md.c"; then
	echo "check-install: docs/sched.md's example is not $ex/runqueue.c (from its first #include):" >&2
	sed -n '/^#include/,$p' "$ex/runqueue.c" | diff - "$tmp/sched-md.c" >&2 || true
	exit 1
fi

prefixes="/usr /opt/kstruct"
rm -rf "$stage"
mkdir -p "$stage"
for prefix in $prefixes; do
	make --no-print-directory install DESTDIR="$stage" PREFIX="$prefix" >/dev/null
done

for prefix in $prefixes; do
	pcdir="$stage$prefix/lib/pkgconfig"
	grep -qx "prefix=$prefix" "$pcdir/kstruct.pc" || {
		echo "check-install: $pcdir/kstruct.pc does not say prefix=$prefix:" >&2
		cat "$pcdir/kstruct.pc" >&2
		exit 1
	}
	export PKG_CONFIG_PATH="$pcdir"
	export PKG_CONFIG_SYSROOT_DIR="$stage"
	grep -qx 'Cflags: -I${includedir}' "$pcdir/kstruct.pc" || {
		echo "check-install: $pcdir/kstruct.pc: Cflags must be -I\${includedir} alone:" >&2
		grep '^Cflags' "$pcdir/kstruct.pc" >&2
		exit 1
	}
	cflags=$(pkg-config --cflags kstruct)

	# the installed headers: the public ones, all of them, nothing else
	inc="$stage$prefix/include"
	(cd "$inc" && find kstruct -type f | LC_ALL=C sort) >"$tmp/installed"
	printf 'kstruct/%s\n' $public | LC_ALL=C sort >"$tmp/public"
	for h in $private; do
		if [ -e "$inc/kstruct/$h" ]; then
			echo "check-install: private header $h installed under $inc/kstruct" >&2
			exit 1
		fi
	done
	if ! cmp -s "$tmp/installed" "$tmp/public"; then
		echo "check-install: $inc/kstruct holds other headers than PUBLIC_HEADERS:" >&2
		diff "$tmp/public" "$tmp/installed" >&2 || true
		exit 1
	fi
	scripts/check-headers.sh "$cc" "$inc" $cflags

	# the consumer examples, nothing defined first (no _GNU_SOURCE), and
	# no jansson: a <jansson.h> that fails comes first on the path
	for prog in hello rcu_workload runqueue; do
		$cc $warn -I"$tmp/nojansson" $cflags "$ex/$prog.c" -o "$tmp/$prog-dyn" \
			$(pkg-config --libs kstruct)
		LD_LIBRARY_PATH="$stage$prefix/lib" "$tmp/$prog-dyn" >"$tmp/$prog.out"
	done
	if ! cmp -s "$tmp/runqueue.out" "$tmp/sched-md.out"; then
		echo "check-install: $ex/runqueue.c does not print what docs/sched.md shows:" >&2
		diff "$tmp/sched-md.out" "$tmp/runqueue.out" >&2 || true
		exit 1
	fi
	# a fully static program: every -l of the closure must exist as .a
	$cc -static $warn $cflags "$ex/rcu_workload.c" -o "$tmp/rcu_workload-static" \
		$(pkg-config --static --libs kstruct)
	if ldd "$tmp/rcu_workload-static" >/dev/null 2>&1; then
		echo "check-install: $tmp/rcu_workload-static is not static" >&2
		exit 1
	fi
	"$tmp/rcu_workload-static" >/dev/null
	$cxx -std=c++17 $warn $cflags "$ex/hello.cc" \
		-o "$tmp/hello-cxx" $(pkg-config --libs kstruct)
	LD_LIBRARY_PATH="$stage$prefix/lib" "$tmp/hello-cxx" >/dev/null
	# the library's calls to its own functions stay its own
	$cc $warn $cflags tests/install/interpose.c -o "$tmp/interpose" \
		$(pkg-config --libs kstruct)
	LD_LIBRARY_PATH="$stage$prefix/lib" "$tmp/interpose" || {
		echo "check-install: a program's sched_find_first_bit() was called by the library" >&2
		exit 1
	}
	"$stage$prefix/bin/kstruct" --version >/dev/null
	echo "check-install: $prefix: kstruct.pc names it; its public headers, and only they, compile alone without jansson; docs/examples/install/ builds and runs, dynamically, statically and from C++"
done

for prefix in $prefixes; do
	make --no-print-directory uninstall DESTDIR="$stage" PREFIX="$prefix" >/dev/null
done
left=$(find "$stage" -mindepth 1 | head -n 20)
if [ -n "$left" ]; then
	echo "check-install: make uninstall left these behind:" >&2
	echo "$left" >&2
	exit 1
fi
rmdir "$stage"
echo "check-install: both prefixes uninstalled, nothing left"
