#!/bin/sh
# scripts/check-install.sh STAGE CC
#
# "make check-install": installs kstruct twice into the staging folder
# STAGE (DESTDIR), under PREFIX=/usr and PREFIX=/opt/kstruct, and for
# each prefix:
#   - checks that its kstruct.pc names that prefix (not the other's);
#   - builds a small program through pkg-config and runs it, linked
#     dynamically (pkg-config --libs) and fully statically (-static,
#     pkg-config --static --libs: every library, libkstruct's own
#     dependencies included, as .a);
#   - runs the installed tool.
# Then it uninstalls both ("make uninstall", same DESTDIR and PREFIX) and
# checks that STAGE is empty again.
set -eu
stage=$1
cc=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/hello.c" <<'C'
#include <stdio.h>
#include <urcu.h>
#include "compat/slab.h"
#include "list/list.h"
#include "list/rculist.h"
#include "sim/workload.h"

struct item {
	int value;
	struct list_head node;
};

/* list.h, kmalloc, RCU (liburcu) and a workload (jansson): each library */
int main(void)
{
	LIST_HEAD(items);
	struct sim_workload *wl = NULL;
	struct item *it, *next;
	char err[256];
	int i, sum = 0, ret;

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
	printf("installed kstruct: %d, workload %s, live %ld\n", sum,
	       ret ? err : "parsed", ret ? 0 : kmalloc_live() - 1);
	if (!ret)
		sim_workload_free(wl);
	return sum == 1234 && !ret && kmalloc_live() == 0 &&
	       list_check(&items) ? 0 : 1;
}
C

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
	cflags=$(pkg-config --cflags kstruct)
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
	"$stage$prefix/bin/kstruct" --version >/dev/null
	echo "check-install: $prefix: kstruct.pc names it; a program links dynamically and statically"
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
