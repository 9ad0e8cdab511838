#!/bin/sh
# scripts/install.sh install|uninstall OPTIONS [HEADER...]
#
#   --destdir DIR    staging root (DESTDIR), may be empty
#   --prefix DIR     where the files go (PREFIX), absolute
#   --build DIR      the build folder holding the libraries and the tool
#   --version V      the library's version (libkstruct.so.V)
#   --somajor N      its soname's major number (libkstruct.so.N)
#   --requires PKGS  what kstruct.pc's Requires lists (libraries whose
#                    headers kstruct's own headers include)
#   --requires-private PKGS  and its Requires.private
#
# "make install" and "make uninstall" run it.  install copies the static
# and shared libraries, the tool, the HEADERs it is given (the public
# ones: include/kstruct/list/list.h for list/list.h, which a user
# includes as <kstruct/list/list.h>) and writes kstruct.pc for this
# prefix, whose Cflags are -I$PREFIX/include and nothing else; it records
# every file it put there, and every folder it had to create, in
# PREFIX/share/kstruct/install-manifest.  uninstall removes exactly what
# that manifest lists: the files, then each folder install created once it
# is empty (a folder that held something else, or was there before, stays).
set -eu

usage() {
	sed -n '2,21p' "$0" >&2
	exit 2
}

[ $# -ge 1 ] || usage
action=$1
shift
destdir= prefix= build= version= somajor= requires= requires_private=
while [ $# -gt 0 ]; do
	case $1 in
	--destdir) destdir=$2; shift 2 ;;
	--prefix) prefix=$2; shift 2 ;;
	--build) build=$2; shift 2 ;;
	--version) version=$2; shift 2 ;;
	--somajor) somajor=$2; shift 2 ;;
	--requires) requires=$2; shift 2 ;;
	--requires-private) requires_private=$2; shift 2 ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
done
case $prefix in
/*) ;;
*) echo "install.sh: PREFIX must be an absolute path, not '$prefix'" >&2; exit 2 ;;
esac
prefix=${prefix%/}

root="$destdir$prefix"
manifest_rel="share/kstruct/install-manifest"
manifest="$root/$manifest_rel"

say() { printf '  %-7s %s\n' "$1" "$2"; }

# ---------------------------------------------------------------- uninstall
if [ "$action" = uninstall ]; then
	if [ ! -f "$manifest" ]; then
		echo "install.sh: no $manifest: nothing installed there by make install" >&2
		exit 1
	fi
	files=$(grep '^f ' "$manifest" | cut -c3-)
	# deepest first, so that a folder is empty when its turn comes
	dirs=$(grep '^d ' "$manifest" | cut -c3- |
		awk '{ print length($0) " " $0 }' | sort -rn | cut -d' ' -f2-)
	printf '%s\n' "$files" | while IFS= read -r f; do
		[ -n "$f" ] || continue
		say RM "$prefix/$f"
		rm -f "$root/$f"
	done
	printf '%s\n' "$dirs" | while IFS= read -r d; do
		[ -n "$d" ] || continue
		if rmdir "$destdir$d" 2>/dev/null; then
			say RMDIR "$d"
		fi
	done
	exit 0
fi
[ "$action" = install ] || usage

# ---------------------------------------------------------------- install
created=$(mktemp)
files=$(mktemp)
trap 'rm -f "$created" "$files"' EXIT
# what an earlier install here created is still install's to remove
if [ -f "$manifest" ]; then
	grep '^d ' "$manifest" | cut -c3- >>"$created" || true
fi

# mkdir -p that records each folder it creates (absolute, without DESTDIR)
make_dir() {
	if [ ! -d "$destdir$1" ]; then
		parent=$(dirname "$1")
		[ "$parent" = "$1" ] || make_dir "$parent"
		mkdir "$destdir$1"
		printf '%s\n' "$1" >>"$created"
	fi
}

# put_file MODE SOURCE RELATIVE-TARGET
put_file() {
	make_dir "$(dirname "$prefix/$3")"
	say INSTALL "$prefix/$3"
	install -m "$1" "$2" "$root/$3"
	printf '%s\n' "$3" >>"$files"
}

put_link() {
	say LN "$prefix/$2"
	ln -sf "$1" "$root/$2"
	printf '%s\n' "$2" >>"$files"
}

make_dir "$prefix"
put_file 644 "$build/libkstruct.a" "lib/libkstruct.a"
put_file 755 "$build/libkstruct.so.$version" "lib/libkstruct.so.$version"
put_link "libkstruct.so.$version" "lib/libkstruct.so.$somajor"
put_link "libkstruct.so.$somajor" "lib/libkstruct.so"
put_file 755 "$build/kstruct" "bin/kstruct"
for h in "$@"; do
	put_file 644 "$h" "include/kstruct/$h"
done

# kstruct.pc, for this prefix, every time (never a stale copy)
pc=$(mktemp)
cat >"$pc" <<EOF
prefix=$prefix
includedir=\${prefix}/include
libdir=\${prefix}/lib

Name: kstruct
Description: the Linux 2.5.33 list_head structures in userspace
Version: $version
Requires: $requires
Cflags: -I\${includedir}
Libs: -L\${libdir} -lkstruct
Libs.private: -lpthread -lm
EOF
# a Requires.private line only when something is listed
if [ -n "$requires_private" ]; then
	printf 'Requires.private: %s\n' "$requires_private" >>"$pc"
fi
put_file 644 "$pc" "lib/pkgconfig/kstruct.pc"
rm -f "$pc"

make_dir "$(dirname "$prefix/$manifest_rel")"
printf '%s\n' "$manifest_rel" >>"$files"
{
	echo "# kstruct $version: what make install put under $prefix"
	echo "# (f: a file, relative to the prefix; d: a folder it created)"
	sort -u "$files" | sed 's/^/f /'
	sort -u "$created" | sed 's/^/d /'
} >"$manifest"
say GEN "$prefix/$manifest_rel"
