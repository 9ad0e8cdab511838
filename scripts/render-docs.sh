#!/bin/sh
# scripts/render-docs.sh - render every drawing "kstruct draw" offers.
#
#   render-docs.sh TOOL OUTDIR
#
# Asks TOOL (build/kstruct) for its list of drawings ("kstruct draw --help"),
# then writes OUTDIR/NAME.dot for each and renders OUTDIR/NAME.png with
# Graphviz's dot.  "make docs" runs it.  Exits non-zero if a drawing fails
# or dot is missing (the .dot files are still written).
set -eu

if [ $# -ne 2 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
	sed -n '2,9p' "$0"
	[ $# -eq 1 ] && exit 0
	exit 2
fi
tool=$1
outdir=$2

if [ ! -x "$tool" ]; then
	echo "render-docs: $tool is not an executable (run make first)" >&2
	exit 2
fi
mkdir -p "$outdir"

# The drawings are the indented lines after "Structures:" in the help text.
names=$("$tool" draw --help | awk 'found && /^  [^ ]/ { print $1 } /Structures:/ { found = 1 }')
if [ -z "$names" ]; then
	echo "render-docs: $tool draw --help lists no drawing" >&2
	exit 1
fi

have_dot=1
command -v dot >/dev/null 2>&1 || have_dot=0
status=0
count=0
for name in $names; do
	if ! "$tool" draw "$name" >"$outdir/$name.dot"; then
		echo "render-docs: '$tool draw $name' failed" >&2
		status=1
		continue
	fi
	count=$((count + 1))
	[ $have_dot = 1 ] || continue
	if ! dot -Tpng "$outdir/$name.dot" -o "$outdir/$name.png"; then
		echo "render-docs: dot could not render $outdir/$name.dot" >&2
		status=1
	fi
done

if [ $have_dot = 0 ]; then
	echo "render-docs: wrote $count .dot file(s) to $outdir, but Graphviz's dot is" \
		"not installed (apt-get install graphviz, or make deps), so no PNG" >&2
	exit 1
fi
echo "render-docs: $count drawing(s) in $outdir (.dot and .png)"
exit $status
