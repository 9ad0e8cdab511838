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
#   - builds the README's consumer example (below) through pkg-config and
#     runs it, linked dynamically (pkg-config --libs) and fully
#     statically (-static, pkg-config --static --libs: every library,
#     libkstruct's own dependencies included, as .a), and a C++ program
#     linked dynamically;
#   - runs the installed tool.
# Then it uninstalls both ("make uninstall", same DESTDIR and PREFIX) and
# checks that STAGE is empty again.
set -eu
[ $# -eq 4 ] || { sed -n '2,22p' "$0" >&2; exit 2; }
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

# The consumer example of the README: the installed headers as
# <kstruct/...>, nothing defined first (no _GNU_SOURCE).
cat > "$tmp/hello.c" <<'C'
#include <stdio.h>
#include <urcu.h>
#include <kstruct/compat/slab.h>
#include <kstruct/list/list.h>
#include <kstruct/list/rculist.h>
#include <kstruct/sched/sched.h>
#include <kstruct/sim/workload.h>

struct item {
	int value;
	struct list_head node;
};

/* list.h and kmalloc, RCU (liburcu), a workload (jansson), a machine */
int main(void)
{
	LIST_HEAD(items);
	struct sim_workload *wl = NULL;
	struct task_struct *p;
	struct item *it, *next;
	char err[256];
	int i, sum = 0, ran, ret;

	for (i = 1; i <= 4; i++) {
		it = kmalloc(sizeof(*it), GFP_KERNEL);
		if (!it)
			return 1;
		it->value = i;
		list_add_tail_rcu(&it->node, &items);
	}
	rcu_register_thread();
	rcu_read_lock();
	list_for_each_entry_rcu(it, &items, node)
		sum = sum * 10 + it->value;
	rcu_read_unlock();
	synchronize_rcu();
	rcu_unregister_thread();
	list_for_each_entry_safe(it, next, &items, node) {
		list_del(&it->node);
		kfree(it);
	}

	ret = sim_workload_builtin("mixed", 4, &wl, err, sizeof(err));
	if (!ret)
		sim_workload_free(wl);

	/* one machine per process: a CPU, a task, the switch to it */
	if (sched_init(1))
		return 1;
	p = sched_new_task("hello", 0, SCHED_OTHER, 0);
	ran = p && !wake_up_forked_process(p, 0) && schedule(0) == p;
	sched_teardown();

	printf("installed kstruct: %d, workload %s, task %s, live %ld\n",
	       sum, ret ? err : "parsed", ran ? "ran" : "did not run",
	       kmalloc_live());
	return sum == 1234 && !ret && ran && kmalloc_live() == 0 &&
	       list_check(&items) ? 0 : 1;
}
C

# The same library from C++: the headers' extern "C" at link time.
cat > "$tmp/hello.cc" <<'CXX'
#include <cstdio>
#include <kstruct/compat/slab.h>
#include <kstruct/list/list.h>
#include <kstruct/list/list_sort.h>
#include <kstruct/sched/class.h>

struct item {
	int value;
	struct list_head node;
};

static int cmp(void *, const struct list_head *a, const struct list_head *b)
{
	return list_entry(a, struct item, node)->value >
	       list_entry(b, struct item, node)->value;
}

int main()
{
	LIST_HEAD(items);
	struct item v[3] = { { 3, {} }, { 1, {} }, { 2, {} } };
	struct item *it;
	int sum = 0;

	for (struct item &i : v)
		list_add_tail(&i.node, &items);
	list_sort(nullptr, &items, cmp);
	list_for_each_entry(it, &items, node)
		sum = sum * 10 + it->value;
	std::printf("from C++: %d, %s\n", sum,
		    sched_class_find("cfs") == &cfs_sched_class ? "cfs" : "?");
	return sum == 123 && sched_class_find("cfs") == &cfs_sched_class &&
	       kmalloc_live() == 0 ? 0 : 1;
}
CXX

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

	$cc $cflags "$tmp/hello.c" -o "$tmp/hello-dyn" $(pkg-config --libs kstruct)
	LD_LIBRARY_PATH="$stage$prefix/lib" "$tmp/hello-dyn" >/dev/null
	# a fully static program: every -l of the closure must exist as .a
	$cc -static $cflags "$tmp/hello.c" -o "$tmp/hello-static" \
		$(pkg-config --static --libs kstruct)
	if ldd "$tmp/hello-static" >/dev/null 2>&1; then
		echo "check-install: $tmp/hello-static is not static" >&2
		exit 1
	fi
	"$tmp/hello-static" >/dev/null
	$cxx -std=c++17 -Wall -Wextra -Werror $cflags "$tmp/hello.cc" \
		-o "$tmp/hello-cxx" $(pkg-config --libs kstruct)
	LD_LIBRARY_PATH="$stage$prefix/lib" "$tmp/hello-cxx" >/dev/null
	"$stage$prefix/bin/kstruct" --version >/dev/null
	echo "check-install: $prefix: kstruct.pc names it; its public headers, and only they, compile alone; a program links dynamically and statically, and from C++"
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
