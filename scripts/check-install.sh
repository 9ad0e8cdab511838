#!/bin/sh
# scripts/check-install.sh STAGE CC
#
# Builds a small program against a staged "make install" (DESTDIR=STAGE,
# PREFIX=/usr) through pkg-config, dynamically and statically, and runs it.
set -eu
stage=$1
cc=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/hello.c" <<'C'
#include <stdio.h>
#include "list/list.h"
#include "compat/slab.h"

struct item {
	int value;
	struct list_head node;
};

int main(void)
{
	LIST_HEAD(items);
	struct item *it, *next;
	int i, sum = 0;

	for (i = 1; i <= 4; i++) {
		it = kmalloc(sizeof(*it), GFP_KERNEL);
		if (!it)
			return 1;
		it->value = i;
		list_add_tail(&it->node, &items);
	}
	list_for_each_entry_safe(it, next, &items, node) {
		sum = sum * 10 + it->value;
		list_del(&it->node);
		kfree(it);
	}
	printf("installed kstruct: %d, live %ld\n", sum, kmalloc_live());
	return sum == 1234 && kmalloc_live() == 0 && list_check(&items) ? 0 : 1;
}
C
export PKG_CONFIG_PATH="$stage/usr/lib/pkgconfig"
export PKG_CONFIG_SYSROOT_DIR="$stage"
cflags=$(pkg-config --cflags kstruct)
libs=$(pkg-config --libs kstruct)
$cc $cflags "$tmp/hello.c" -o "$tmp/hello-dyn" $libs
LD_LIBRARY_PATH="$stage/usr/lib" "$tmp/hello-dyn"
# libkstruct.a, with its dependencies linked as shared libraries (their
# own static closures, libpcap's especially, are not installed everywhere)
deps=$(pkg-config --print-requires-private kstruct | awk '{print $1}')
deps_libs=$(PKG_CONFIG_SYSROOT_DIR= pkg-config --libs $deps)
$cc $cflags "$tmp/hello.c" -o "$tmp/hello-static" -L"$stage/usr/lib" \
	-Wl,-Bstatic -lkstruct -Wl,-Bdynamic $deps_libs -lpthread -lm
"$tmp/hello-static"
test -x "$stage/usr/bin/kstruct"
"$stage/usr/bin/kstruct" --version >/dev/null
echo "check-install: pkg-config build against the installed copy works (shared and static)"
