#!/bin/sh
# scripts/check-html.sh - the explorer pages of "kstruct sim --html" in a
# real browser (headless Chromium): what "make check-html" runs, and the
# pictures of docs/sim.md ("make docs-screenshots").
#
#   check-html.sh KSTRUCT OUTDIR
#   check-html.sh --screenshots IMGDIR KSTRUCT OUTDIR
#
# For several runs (every built-in workload, workload files (task
# groups, deadline tasks), and
# one --compare page holding every class) it writes
# the page and the ftrace text of the same run (one command, so the same
# seed and options), loads the page with "chromium --headless --dump-dom",
# and fails unless
#   - the page's scripts ran to the end without an error: <html> carries
#     data-js-status="ready" and no data-js-errors (the page notes
#     uncaught exceptions, syntax errors, console.error() and anything its
#     Content-Security-Policy blocked, such as a load from the network),
#     and the browser logged no console message at all;
#   - each run's section of the DOM draws one box (div.group-box) per task group
#     entity in the runqueues the page rebuilt for that tick (one per
#     group and CPU where the group has something queued), which the
#     page counts apart from drawing (data-groups, a walk of the JSON);
#     a workload with task groups under cfs and eevdf is among the pages.
# On a goodness page and the same run under every other class (and the
# task groups' page), each at 1280 and at 760 pixels wide, opened at
# #tick=200, no runqueue card's content is wider than the card: a probe
# script added to a copy of the page measures each card's scrollWidth
# against its clientWidth and each task chip's box against the card's.
# On those pages and the --compare page, a probe (scripts/check-html-probe.js,
# added to a copy with the --json report of the same command) checks that
# every figure of --json is in the page's tables, shown as the same value;
# that every run's tooltip says why it ended and why it was picked; that
# three zoom-ins keep the cursor in view; opened at #tick=T&zoom=Z&sel=P,
# a page shows that tick, zoom and selected task and keeps them in its
# hash; and it measures, on a 200-task page of 10 s under cfs and under
# eevdf, the time until the
# page is interactive and the time of a tick step (performance.now(),
# printed; they fail above CHECK_HTML_LOAD_MS, default 30000, and
# CHECK_HTML_STEP_MS, default 500: generous, for loaded CI machines;
# docs/sim.md has the targets and a measurement); on those pages and the
# large ones, that every migration mark says who moved the task and why,
# that the runqueue rebuilt for a sample of runs' picks holds what each
# pick compared, and that every CPU's frames of changes rebuild each of
# its key frames (the large pages must record every tick); that each run
# plots its class's quantities and no generic JSON is shown; that every
# tree has its root in view and the large pages' trees fold.
# Then it breaks pages on purpose (a thrown exception, a syntax error, a
# blocked load, a missing rect, a cursor that stays put, group boxes not
# drawn, chips that do not wrap, a wrong figure, a run without a reason,
# a zoom that loses the cursor, a hash not read, a migration without its
# reason, frames applied wrong) and fails unless the check catches each.
#
# --screenshots writes the PNGs of docs/sim.md into IMGDIR instead: each
# one page at one tick (#tick=N), in a window the size of a projected
# slide.  A new Chromium draws text a little differently, so they are
# not compared byte for byte: look at them after changing the page.
# CHROMIUM names the browser (default: chromium).
set -eu

shots=
if [ "${1:-}" = --screenshots ]; then
	shots=$2
	shift 2
fi
if [ $# -ne 2 ]; then
	echo "usage: check-html.sh [--screenshots IMGDIR] KSTRUCT OUTDIR" >&2
	exit 2
fi
tool=$1
out=$2
browser=${CHROMIUM:-chromium}
if ! command -v "$browser" >/dev/null 2>&1; then
	echo "check-html: no $browser (scripts/install-deps.sh --browser installs it)" >&2
	exit 1
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
passed=0

# chrome ARGS...: the browser, headless, on a profile of its own
chrome() {
	"$browser" --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-extensions --disable-background-networking \
		--user-data-dir="$profile" "$@"
}

# load PAGE: its DOM into PAGE.dom, the browser's log into PAGE.log
load() {
	chrome --enable-logging=stderr --v=0 --dump-dom "file://$1#tick=$TICK" \
		>"$1.dom" 2>"$1.log"
}

# the tick pages are opened at, and what their slider must show then
TICK=150
shown() {
	awk -v want=$TICK '
	/Runqueues recorded at every tick/ { every = 1 }
	{
		# each run has its cursor at a tick of its own HZ: in the
		# ticks of the first run, x * (the first HZ) / (its HZ)
		if (match($0, /data-hz="[0-9]+"/)) {
			hz = substr($0, RSTART + 9, RLENGTH - 10) + 0
			if (hz0 == "")
				hz0 = hz
		}
		line = $0
		while (match(line, /<rect class="cursor" x="[0-9]+"/)) {
			x = substr(line, RSTART + 24, RLENGTH - 25)
			if (hz0 != "" && hz)
				x = int(x * hz0 / hz + 0.5)
			if (x != cursor && cursor != "")
				bad = "the cursors stand at different ticks"
			cursor = x
			line = substr(line, RSTART + RLENGTH)
		}
		if (match($0, /<output id="tick-label"[^>]*>tick [0-9]+/))
			label = substr($0, RSTART, RLENGTH)
		line = $0
		while (match(line, /class="cpu-card/)) {
			cards++
			line = substr(line, RSTART + RLENGTH)
		}
		# a run shorter than TICK is shown at its last tick
		if (last == "" && match($0, /data-ticks="[0-9]+"/))
			last = substr($0, RSTART + 12, RLENGTH - 13) + 0
		line = $0
		while (match(line, /data-cpus="[0-9]+"/)) {
			cpus += substr(line, RSTART + 11, RLENGTH - 12)
			line = substr(line, RSTART + RLENGTH)
		}
	}
	END {
		sub(/.*tick /, "", label)
		if (last != "" && last < want)
			want = last
		if (bad == "" && label != cursor)
			bad = "the label says tick " label ", the cursor " cursor
		if (bad == "" && (cursor > want || (every && cursor != want) ||
				  cursor + 64 < want))
			bad = "opened at tick " want ", it shows tick " cursor
		if (bad == "" && cards != cpus)
			bad = cards " runqueue cards for " cpus " CPUs"
		print bad
	}' "$1"
}

# dom_count DOM ELEMENT: the ELEMENTs (a regular expression of their
# start) of each run section of a DOM, one count per line
dom_count() {
	awk -v what="$2" 'BEGIN { s = -1 }
	{
		line = $0
		while (match(line, "<section class=\"run\"|" what)) {
			if (substr(line, RSTART, RLENGTH) ~ /^<section/)
				s++
			else
				n[s]++
			line = substr(line, RSTART + RLENGTH)
		}
	}
	END { for (i = 0; i <= s; i++) print n[i] + 0 }' "$1"
}

# switches to a task (next_pid not 0) in an ftrace text
trace_switches() {
	awk '/ sched_switch: / {
		if (match($0, / next_pid=[0-9]+ /) &&
		    substr($0, RSTART + 10, RLENGTH - 11) + 0 != 0)
			n++
	}
	END { print n + 0 }' "$1"
}

# The task groups' entities in the runqueues each run's section shows,
# one count per line: the page counts them in the snapshots it rebuilt
# for the tick (data-groups on the cards' box, a walk of the JSON, apart
# from drawing the boxes); the rebuilding itself is checked by the probe
# (data-frames).  There is one per group and CPU where the group has
# entities queued.
page_groups() {
	awk '{
		line = $0
		while (match(line, /<div class="rq" data-groups="[0-9]+"/)) {
			s = substr(line, RSTART, RLENGTH)
			sub(/.*data-groups="/, "", s)
			print s + 0
			line = substr(line, RSTART + RLENGTH)
		}
	}' "$1"
}

# check PAGE TRACE...: one trace per run section, in order.  Prints why
# it fails; Return: 0 when the page is right.
check() {
	page=$1
	shift
	load "$page" || { echo "check-html: $page: $browser failed"; return 1; }
	root=$(grep -o '<html[^>]*>' "$page.dom" | head -n 1)
	case "$root" in
	*data-js-errors=*)
		echo "check-html: $page: the page noted JavaScript errors:"
		sed -n '/<div id="js-errors"/,/<\/div>/p' "$page.dom" | head -n 20
		return 1 ;;
	esac
	case "$root" in
	*'data-js-status="ready"'*) ;;
	*)
		echo "check-html: $page: its script did not finish (no data-js-status=\"ready\")"
		return 1 ;;
	esac
	if grep -q 'CONSOLE' "$page.log"; then
		echo "check-html: $page: the browser logged console messages:"
		grep 'CONSOLE' "$page.log" | head -n 10
		return 1
	fi
	why=$(shown "$page.dom")
	if [ -n "$why" ]; then
		echo "check-html: $page: $why"
		return 1
	fi
	dom_count "$page.dom" '<rect class="run[" ]' >"$page.runs"
	sections=$(wc -l <"$page.runs")
	if [ "$sections" -ne $# ]; then
		echo "check-html: $page: $sections run sections, $# traces"
		return 1
	fi
	i=1
	for trace in "$@"; do
		runs=$(sed -n "${i}p" "$page.runs")
		switches=$(trace_switches "$trace")
		if [ "$runs" -ne "$switches" ]; then
			echo "check-html: $page: section $i has $runs rect.run, its trace $switches switches to a task"
			return 1
		fi
		if [ "$runs" -eq 0 ]; then
			echo "check-html: $page: section $i has no run at all"
			return 1
		fi
		i=$((i + 1))
	done
	dom_count "$page.dom" '<div class="group-box"' >"$page.boxes"
	page_groups "$page.dom" >"$page.groups"
	if ! cmp -s "$page.boxes" "$page.groups"; then
		echo "check-html: $page: group boxes drawn per section: $(tr '\n' ' ' <"$page.boxes")but group entities in the snapshots: $(tr '\n' ' ' <"$page.groups")"
		return 1
	fi
	groups=$(awk '{ n += $1 } END { print n + 0 }' "$page.groups")
	echo "check-html: $(basename "$page"): $(tr '\n' ' ' <"$page.runs")rect.run = switches in the trace, tick $TICK shown with $groups group boxes, no JavaScript error"
}

# The probe fits() adds to a page: <html data-cards-fit="yes"> when every
# runqueue card holds its content, else what runs past which card.
probe='<script>
(function () {
	var bad = [], shown = 0;

	document.querySelectorAll(".cpu-card").forEach(function (card) {
		var box = card.getBoundingClientRect();
		var h = card.querySelector("h3");
		var name = h ? h.firstChild.textContent.trim() : "a card";

		if (box.width > 0)
			shown++;
		if (card.scrollWidth > card.clientWidth)
			bad.push(name + ": content " + card.scrollWidth +
				 " px wide in " + card.clientWidth);
		card.querySelectorAll(".task, .group-chip").forEach(function (c) {
			var r = c.getBoundingClientRect();

			if (r.right > box.right + 0.5 || r.left < box.left - 0.5)
				bad.push(name + ": " + c.textContent + " runs past the card");
		});
	});
	document.documentElement.setAttribute("data-cards-fit", !shown ?
		"no card shown" : bad.length ? bad.slice(0, 3).join("; ") : "yes");
})();
</script>'

# fits PAGE WIDTH: PAGE's runqueue cards, at #tick=200 in a window WIDTH
# pixels wide, each hold their content.  Prints why not; Return: 0 when
# they do.
fits() {
	copy=${1%.html}.fit$2.html
	printf '%s\n' "$probe" >"$out/probe.html"
	awk 'FNR == NR { p = p $0 "\n"; next }
	     /<\/body>/ { sub(/<\/body>/, p "</body>") } { print }' \
		"$out/probe.html" "$1" >"$copy"
	chrome --window-size="$2",1100 --dump-dom "file://$copy#tick=200" \
		>"$copy.dom" 2>/dev/null || { echo "check-html: $copy: $browser failed"; return 1; }
	fit=$(grep -o '<html[^>]*>' "$copy.dom" | head -n 1 |
	      sed -n 's/.* data-cards-fit="\([^"]*\)".*/\1/p')
	if [ "$fit" != yes ]; then
		echo "check-html: $(basename "$1") at $2 px: ${fit:-the probe did not run}"
		return 1
	fi
	echo "check-html: $(basename "$1") at $2 px: every runqueue card holds its content"
}

# page NAME SIM-ARGS...: one run, its page, trace and --json report,
# checked
page() {
	name=$1
	shift
	"$tool" sim "$@" --json --html "$out/$name.html" --trace "$out/$name.txt" >"$out/$name.json"
	check "$out/$name.html" "$out/$name.txt"
	passed=$((passed + 1))
}

probe_js=$(dirname "$0")/check-html-probe.js

# explore PAGE JSON HASH: PAGE's copy with the probe, opened at #HASH;
# prints the probe's attribute NAME=VALUE lines into PAGE.probe
explore() {
	copy=${1%.html}.probe.html
	{
		printf '<script>window.WANT = '
		sed 's|<|\\u003c|g' "$2"
		printf ';\n'
		cat "$probe_js"
		printf '</script>\n'
	} >"$out/probe.html"
	# (printed as it is: sub() would read each "&" in it)
	awk 'FNR == NR { p = p $0 "\n"; next }
	     (i = index($0, "</body>")) {
		printf "%s%s%s\n", substr($0, 1, i - 1), p, substr($0, i); next
	     } { print }' "$out/probe.html" "$1" >"$copy"
	chrome --window-size=1280,900 --dump-dom "file://$copy#$3" \
		>"$copy.dom" 2>/dev/null || { echo "check-html: $copy: $browser failed"; return 1; }
	grep -o '<html[^>]*>' "$copy.dom" | head -n 1 |
		grep -o 'data-[a-z-]*="[^"]*"' |
		sed 's/^data-//; s/="/=/; s/"$//; s/&quot;/"/g; s/&amp;/\&/g' >"$1.probe"
}

# probed PAGE NAME: the probe's finding NAME on PAGE
probed() {
	sed -n "s/^$2=//p" "$1.probe"
}

# explored PAGE JSON: the tables, the reasons, the zoom and a hash that
# round-trips (#tick=TICK&zoom=2&sel=PID of the page's first run).
# Prints why not; Return: 0 when all hold.
explored() {
	pid=$(sed -n 's/.*<rect class="run[^"]*" data-pid="\([0-9]*\)".*/\1/p' "$1" | head -n 1)
	# the last recorded tick at or before TICK: the one the page shows
	tick=$(sed -n 's/.*<script type="application\/json" class="snapshots">{"stride":[0-9]*,"from":[0-9]*,"last":[0-9]*,"ticks":\[\([0-9,]*\)\].*/\1/p' "$1" |
	       head -n 1 | tr ',' '\n' | awk -v want=$TICK '$1 <= want { t = $1 } END { print t + 0 }')
	want="tick=$tick&zoom=2&sel=$pid"
	explore "$1" "$2" "$want" || return 1
	for what in tables reasons zoom migrations pickq charts trees frames; do
		case "$(probed "$1" $what)" in
		ok*) ;;
		*)
			echo "check-html: $(basename "$1"): $what: $(probed "$1" $what)"
			return 1 ;;
		esac
	done
	state=$(probed "$1" state)
	case "$state" in
	"$want hash #$want") ;;
	*)
		echo "check-html: $(basename "$1"): opened at #$want, it shows $state"
		return 1 ;;
	esac
	echo "check-html: $(basename "$1"): $(probed "$1" tables | cut -d' ' -f2) figures equal --json's, $(probed "$1" reasons | cut -d' ' -f2) runs say why, $(probed "$1" migrations | cut -d' ' -f2) migrations say who moved them, $(probed "$1" pickq | cut -d' ' -f2) runs' pick queues hold what the pick compared, $(probed "$1" frames | cut -d' ' -f2-) rebuilt, the zoom keeps the cursor, the hash round-trips"
}

# shot NAME TICK WIDTHxHEIGHT SIM-ARGS...: a picture of a page at a tick
shot() {
	name=$1 tick=$2 size=$3
	shift 3
	"$tool" sim "$@" --html "$out/$name.html" >/dev/null
	chrome --hide-scrollbars --window-size="$size" \
		--screenshot="$shots/$name.png" \
		"file://$out/$name.html#tick=$tick" >/dev/null 2>&1
	echo "check-html: $shots/$name.png ($(wc -c <"$shots/$name.png") bytes)"
}

if [ -n "$shots" ]; then
	mkdir -p "$shots"
	# o1: an expired array filling while the active one empties
	shot sim-explorer 480 1200,1040 -w mixed --cpus 2 --duration 1
	# --compare: the four classes on one time axis
	shot sim-explorer-compare 130 1200,900 -w interactive --cpus 2 \
		--duration 0.3 --compare
	# EEVDF's red-black tree: vruntime, deadline, eligibility
	shot sim-explorer-eevdf 300 1200,1900 -w mixed --cpus 2 \
		--duration 0.5 --sched eevdf
	exit 0
fi

for w in $("$tool" sim --list | awk '{ print $1 }'); do
	page "$w" -w "$w"
done
page affinity-file sim/workloads/affinity.json
page pipeline-file --cpus 2 sim/workloads/pipeline.json
# task groups: entities that stand for a group's queue, boxes for those
page groups-cfs --sched cfs --cpus 2 sim/workloads/groups.json
page groups-eevdf --sched eevdf --cpus 1 sim/workloads/groups.json
# deadline tasks (2 ms every 10 ms) beside hogs: the EDF queue's cards
page deadline --sched eevdf --cpus 2 --duration 1 tests/kernel/dl-2-10-hogs.json
if [ "$(awk '{ n += $1 } END { print n + 0 }' "$out/groups-cfs.html.groups")" -eq 0 ]; then
	echo "check-html: groups-cfs.html shows no task group at tick $TICK"
	exit 1
fi

# the runqueue cards hold their chips, goodness's long list lines too
classes=$("$tool" sim --help | sed -n 's/.*--sched NAME .*: \(.*\) (default.*/\1/p' | tr -d ,)
[ -n "$classes" ] || { echo "check-html: no class named in 'kstruct sim --help'"; exit 1; }
for c in $classes; do
	page "mixed-$c" -w mixed --cpus 2 --duration 0.5 --sched "$c"
	for w in 1280 760; do
		fits "$out/mixed-$c.html" $w
	done
done
for w in 1280 760; do
	fits "$out/groups-cfs.html" $w
done
for c in $classes; do
	explored "$out/mixed-$c.html" "$out/mixed-$c.json"
done
explored "$out/groups-eevdf.html" "$out/groups-eevdf.json"
explored "$out/deadline.html" "$out/deadline.json"

# --compare: every class on one page, a section each, a trace each
# (FILE's stem + .CLASS + its extension)
"$tool" sim --compare -w interactive --json --html "$out/compare.html" \
	--trace "$out/compare.txt" >"$out/compare.json"
traces=""
for c in $(sed -n 's/.*<section class="run" id="run-[0-9]*" data-label="\([a-z0-9]*\)".*/\1/p' "$out/compare.html"); do
	traces="$traces $out/compare.$c.txt"
done
# shellcheck disable=SC2086
check "$out/compare.html" $traces
explored "$out/compare.html" "$out/compare.json"
passed=$((passed + 1))

# A large run: 200 tasks for 10 s on 4 CPUs, under cfs and under eevdf
# (whose lag, deadline and V change at every tick).  Its time to
# interactive and of a tick step, measured in the browser.
cat >"$out/large.json" <<'JSON'
{ "global": { "duration": 10 },
  "tasks": { "hog": { "instance": 150, "run": 1000000 },
	     "io": { "instance": 50, "run": 3000, "sleep": 60000 } } }
JSON
for c in cfs eevdf; do
	large=$out/large-$c.html
	"$tool" sim --sched "$c" --hz 1000 --json --html "$large" "$out/large.json" >"${large%.html}.report.json"
	explore "$large" "${large%.html}.report.json" "tick=5000"
	set -- $(probed "$large" perf)
	if [ $# -ne 3 ]; then
		echo "check-html: large-$c.html: the probe did not measure"
		exit 1
	fi
	echo "check-html: large-$c.html (200 tasks, 10 s, $(wc -c <"$large") bytes): interactive after $1 ms, a tick step $2 ms (median of 10; largest $3 ms)"
	if [ "$1" -gt "${CHECK_HTML_LOAD_MS:-30000}" ] ||
	   [ "${2%.*}" -gt "${CHECK_HTML_STEP_MS:-500}" ]; then
		echo "check-html: large-$c.html is too slow (limits: ${CHECK_HTML_LOAD_MS:-30000} ms to interactive, ${CHECK_HTML_STEP_MS:-500} ms a step)"
		exit 1
	fi
	for what in reasons migrations pickq charts trees frames; do
		case "$(probed "$large" $what)" in
		ok*) ;;
		*) echo "check-html: large-$c.html: $what: $(probed "$large" $what)"; exit 1 ;;
		esac
	done
	case "$(sed -n 's/.*<p class="sampling">\([^<]*\).*/\1/p' "$large")" in
	"Runqueues recorded at every tick,"*) ;;
	*) echo "check-html: large-$c.html: not every tick recorded: $(sed -n 's/.*<p class="sampling">\([^<]*\).*/\1/p' "$large")"; exit 1 ;;
	esac
	if [ "$(probed "$large" trees | cut -d' ' -f2)" -eq 0 ]; then
		echo "check-html: large-$c.html: no tree folded"
		exit 1
	fi
	echo "check-html: large-$c.html: every tick recorded; $(probed "$large" frames | cut -d' ' -f2-); $(probed "$large" pickq | cut -d' ' -f2) pick queues and $(probed "$large" migrations | cut -d' ' -f2) migrations checked; each tree's root in view, $(probed "$large" trees | cut -d' ' -f2) subtrees folded"
done

# The check must fail on broken pages: break copies of one on purpose.
good=$out/hogs.html
broken() {
	what=$1
	copy=$out/broken-$2.html
	if check "$copy" "${good%.html}.txt" >"$copy.out"; then
		echo "check-html: the check passed a page with $what ($copy)"
		exit 1
	fi
	echo "check-html: caught a page with $what: $(tail -n 1 "$copy.out" | sed 's/<[^>]*>//g')"
}
sed 's|</body>|<script>no_such_function();</script></body>|' "$good" >"$out/broken-throw.html"
broken "an uncaught exception" throw
sed "s|setAttribute('data-js-status', 'ready');|setAttribute('data-js-status', 'ready';|" "$good" >"$out/broken-syntax.html"
broken "a syntax error" syntax
sed 's|</body>|<img src="http://192.0.2.1/x.png" alt=""></body>|' "$good" >"$out/broken-load.html"
broken "a load from the network" load
awk 'skip { if (/<\/rect>/) skip = 0; next }
	!done && /^<rect class="run"/ { done = 1; skip = !/<\/rect>/; next }
	{ print }' "$good" >"$out/broken-rect.html"
broken "a rect.run missing" rect
sed "s|c.setAttribute('x', own);|c.setAttribute('x', 0);|" "$good" >"$out/broken-cursor.html"
broken "a cursor that does not follow the slider" cursor
good=$out/groups-cfs.html
sed "s|return groupBox(e, currPid);|return null;|" "$good" >"$out/broken-groups.html"
broken "no box for a group's queue" groups

good=$out/mixed-goodness.html
sed 's|</head>|<style>.cpu-card small { white-space: nowrap !important; }</style></head>|' \
	"$good" >"$out/broken-fit.html"
if fits "$out/broken-fit.html" 760 >"$out/broken-fit.out"; then
	echo "check-html: the check passed chips that do not wrap ($out/broken-fit.html)"
	exit 1
fi
echo "check-html: caught a page with chips that do not wrap: $(tail -n 1 "$out/broken-fit.out")"

# explored_broken WHAT NAME: a broken copy of mixed-cfs must fail explored
good=$out/mixed-cfs.html
explored_broken() {
	broke=$out/broken-$2.html
	if explored "$broke" "${good%.html}.json" >"$broke.out"; then
		echo "check-html: the check passed a page with $1 ($broke)"
		exit 1
	fi
	echo "check-html: caught a page with $1: $(tail -n 1 "$broke.out")"
}
sed "s|return (100 \* v).toFixed(1) + '%';|return (100 * v + 1).toFixed(1) + '%';|" "$good" >"$out/broken-figure.html"
explored_broken "a wrong figure in a table" figure
awk '!done && /^picked: / { sub(/^picked: /, ""); done = 1 } { print }' \
	"$good" >"$out/broken-reason.html"
explored_broken "a run that does not say why it was picked" reason
sed 's|sc.scrollLeft = Math.max(0, anchor \* pxPerTick - at);|sc.scrollLeft = 0;|' "$good" >"$out/broken-zoom.html"
explored_broken "a zoom that loses the cursor" zoom
sed "s|if (wantZoom !== null \&\& wantZoom|if (false \&\& wantZoom|" "$good" >"$out/broken-hash.html"
explored_broken "a zoom in the hash that is not restored" hash
awk '!done && /^load balancing: / { sub(/^load balancing: [^<]*/, "load balancing: "); done = 1 } { print }' \
	"$good" >"$out/broken-migration.html"
grep -q '^load balancing: ' "$good" || { echo "check-html: mixed-cfs.html has no migration by load balancing to break"; exit 1; }
explored_broken "a migration that does not say why" migration
sed "s|w\[0\]\[w\[1\]\] = clone(op\[1\]);|w[0][w[1]] = op[1] === null ? 0 : clone(op[1]);|" "$good" >"$out/broken-frames.html"
explored_broken "runqueues rebuilt wrong from their changes" frames

echo "check-html: $passed pages passed in $browser; 13 broken pages caught"
