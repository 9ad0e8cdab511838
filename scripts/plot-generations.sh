#!/bin/sh
# scripts/plot-generations.sh - the plots of docs/generations.md.
#
#   plot-generations.sh TOOL OUTDIR
#   plot-generations.sh --check TOOL DOCDIR SCRATCH
#
# Runs "TOOL sim --compare --csv" on two workloads (fixed seeds, so the
# figures are the same every time) and draws with gnuplot's svg terminal:
#   OUTDIR/generations-share.svg    CPU share per nice level, per class
#                                   (docs/examples/generations-nice.json,
#                                   seven hogs on one CPU)
#   OUTDIR/generations-latency.svg  the wake-up latency CDF per class
#                                   (the built-in "interactive" on 2 CPUs)
# "make docs" runs the first form; "make check-docs" the second, which
# draws into SCRATCH and fails if a picture differs from DOCDIR's.
set -eu

usage() {
	sed -n '2,16p' "$0"
}

check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi
if [ "${1:-}" = -h ] || [ "${1:-}" = --help ]; then
	usage
	exit 0
fi
if [ $# -ne $((2 + check)) ]; then
	usage >&2
	exit 2
fi
tool=$1
outdir=$2
[ $check = 1 ] && outdir=$3
if [ ! -x "$tool" ]; then
	echo "plot-generations: $tool is not an executable (run make first)" >&2
	exit 2
fi
if ! command -v gnuplot >/dev/null 2>&1; then
	echo "plot-generations: gnuplot is not installed (apt-get install gnuplot-nox, or make deps)" >&2
	exit 1
fi
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$outdir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The commands, as docs/generations.md quotes them: every class at one
# HZ, as the page's tables are.
"$tool" sim --compare --csv --cpus 1 --seed 1 --hz 1000 \
	"$here/docs/examples/generations-nice.json" >"$tmp/nice.csv"
"$tool" sim --compare --csv --cpus 2 --seed 1 --hz 1000 interactive \
	>"$tmp/interactive.csv"

# The classes, in the order the runs came (generation order).
classes=$(awk -F, '$1 == "run" { print $2 }' "$tmp/nice.csv")

# The latency plot's axis is logarithmic: the classes' latencies run from
# 0 to hundreds of ms, and on a linear axis three of the four curves sit
# on top of one another at its left edge.  A latency of 0 is drawn at
# ZERO_MS.
ZERO_MS=0.5

# share.CLASS: "nice share%" per group; cdf.CLASS: "ms fraction" steps
for c in $classes; do
	awk -F, -v c="$c" '$1 == "group" && $2 == c { print $5, 100 * $9 }' \
		"$tmp/nice.csv" >"$tmp/share.$c"
	awk -F, -v c="$c" '
		BEGIN { n = 0; total = 0 }
		$1 == "latency" && $2 == c { ms[n] = $3; count[n] = $4; total += $4; n++ }
		END {
			# a log axis has no 0: wake-ups served within the tick
			# they woke in (0 ms) are drawn at ZERO_MS, labelled 0
			print zero, 0
			for (i = 0; i < n; i++) {
				seen += count[i]
				print (ms[i] > 0 ? ms[i] : zero), seen / total
			}
		}' zero=$ZERO_MS "$tmp/interactive.csv" >"$tmp/cdf.$c"
done

# one "'file' ... title 'class'" clause per class for gnuplot's plot
# command (PREFIX STYLE POINTS); each class its own dash pattern, and
# with POINTS=1 its own point, smaller class by class, so that two
# classes that agree (cfs and eevdf share their weights) both show
plots() {
	sep=""
	k=1
	for c in $classes; do
		points=""
		[ "$3" = 1 ] && points=$(printf "pt %d ps %s" $((k + 5)) \
			"$(echo "$k" | awk '{ print 2.1 - 0.35 * $1 }')")
		printf "%s'%s/%s.%s' using 1:2 %s dt %d %s title '%s'" \
			"$sep" "$tmp" "$1" "$c" "$2" "$k" "$points" "$c"
		sep=", "
		k=$((k + 1))
	done
}

gnuplot <<GNUPLOT
set terminal svg size 640,400 font 'sans,12' noenhanced
set key top right
set grid

set output '$outdir/generations-share.svg'
set title 'Seven CPU hogs on one CPU: the share each nice level gets'
set xlabel 'nice'
set ylabel 'CPU share (%, log scale)'
set logscale y
set xrange [-11:20]
set yrange [*:100]
plot $(plots share "with linespoints lw 2" 1)
unset logscale y

set output '$outdir/generations-latency.svg'
set title 'Wake-up latency, "interactive" on 2 CPUs (CDF over every wake-up)'
set xlabel 'wake-up latency (ms, log scale; 0 is a wake-up served in its own tick)'
set ylabel 'fraction of wake-ups at or below'
set key bottom right
set logscale x
set xrange [$ZERO_MS:*]
set xtics ('0' $ZERO_MS, '1' 1, '2' 2, '5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000)
set yrange [0:1.02]
plot $(plots cdf "with steps lw 2" 0)
GNUPLOT
# byte for byte repeatable: drop gnuplot's line naming its version
for f in generations-share.svg generations-latency.svg; do
	sed '/^<desc>Produced by GNUPLOT/d' "$outdir/$f" >"$tmp/$f"
	cat "$tmp/$f" >"$outdir/$f"
done

# log_axis SVG: the latency plot's x axis is logarithmic: its ticks 1, 10
# and 100 lie equally far apart (a linear axis squashed three classes
# onto 0).  Return: 0 when they do.
log_axis() {
	awk '
	/<g transform="translate\(/ {
		x = $0
		sub(/.*translate\(/, "", x)
		sub(/,.*/, "", x)
	}
	/<text>1<\/text>/ { x1 = x }
	/<text>10<\/text>/ { x10 = x }
	/<text>100<\/text>/ { x100 = x }
	END {
		a = x10 - x1
		b = x100 - x10
		exit !(a > 10 && b > 10 && a - b < 1 && b - a < 1)
	}' "$1"
}

if [ $check = 1 ]; then
	status=0
	if ! log_axis "$outdir/generations-latency.svg"; then
		echo "plot-generations: generations-latency.svg: its ticks 1, 10 and 100 ms are not equally spaced: the latency axis must be logarithmic" >&2
		status=1
	fi
	for f in generations-share.svg generations-latency.svg; do
		if ! cmp -s "$2/$f" "$outdir/$f"; then
			echo "plot-generations: $2/$f is stale: run make docs and commit it" >&2
			status=1
		fi
	done
	[ $status = 0 ] && echo "plot-generations: the 2 plots in $2 are up to date"
	exit $status
fi
echo "plot-generations: wrote $outdir/generations-share.svg and generations-latency.svg"
