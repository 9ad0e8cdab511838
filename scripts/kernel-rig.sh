#!/bin/sh
# scripts/kernel-rig.sh - the reference rig: the workloads of tests/kernel/
# run under Debian's Linux 6.1 (CFS) and 6.12 (EEVDF) in qemu, traced with
# ftrace, and held against kstruct sim's cfs and eevdf on the same files.
#
#   kernel-rig.sh                 every case, RUNS runs each, on both kernels
#   kernel-rig.sh --quick         the CI subset: the cases marked "ci" in
#                                 tests/kernel/cases, QUICK_SECONDS long,
#                                 each hog's CPU share checked
#   kernel-rig.sh --docs FILE     every case, then FILE (docs/validation.md)
#                                 written from the tables
#   kernel-rig.sh --docs-only FILE  FILE written from the last full run's
#                                 tables, without running anything
#   kernel-rig.sh --resim [--docs FILE]  kstruct's side again on the last
#                                 full run's traces (after a change to
#                                 kstruct), no kernel booted
#   kernel-rig.sh --case NAME     only that case (may be repeated)
#   kernel-rig.sh --kernel 6.1    only that kernel: 6.1 or 6.12
#
# Environment: KSTRUCT (the tool, default build/kstruct), RIG_DIR (where
# kernels, initramfs, traces and tables go, default build/kernel), RUNS
# (default 3), KSTRUCT_ACCEL (kvm or tcg: skip the probe), BOOT_LIMIT
# (seconds a kernel has to boot, default 180), FLOOR (the share
# tolerance's floor in points, default 2).
#
# Packages come from Debian only (install-deps.sh --kernel): qemu-system-x86,
# busybox-static, rt-app, cpio.  The kernels are fetched with apt-get
# download and unpacked with dpkg -x under RIG_DIR, never installed.  Every
# file is written beside its target and renamed onto it when complete; a
# failure (a missing package, a kernel that does not boot in time, rt-app
# refusing a file) says what failed and leaves no partial file.
set -eu

KSTRUCT=${KSTRUCT:-build/kstruct}
RIG_DIR=${RIG_DIR:-build/kernel}
RUNS=${RUNS:-3}
BOOT_LIMIT=${BOOT_LIMIT:-180}
FLOOR=${FLOOR:-2}
QUICK_SECONDS=5
WARMUP=1
# the cases and their workloads (RIG_CASES: another list, for the rig's
# own test of a refused file)
CASES_FILE=${RIG_CASES:-tests/kernel/cases}
CASES_DIR=$(dirname "$CASES_FILE")

quick=0
docs=""
docs_only=0
resim=0
only_cases=""
only_kernels=""
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1 ;;
	--docs)
		[ $# -ge 2 ] || { echo "kernel-rig: --docs needs a FILE" >&2; exit 2; }
		docs=$2
		shift
		;;
	--resim) resim=1 ;;
	--docs-only)
		[ $# -ge 2 ] || { echo "kernel-rig: --docs-only needs a FILE" >&2; exit 2; }
		docs=$2
		docs_only=1
		shift
		;;
	--case)
		[ $# -ge 2 ] || { echo "kernel-rig: --case needs a NAME" >&2; exit 2; }
		only_cases="$only_cases $2"
		shift
		;;
	--kernel)
		[ $# -ge 2 ] || { echo "kernel-rig: --kernel needs 6.1 or 6.12" >&2; exit 2; }
		case "$2" in
		6.1 | 6.12) only_kernels="$only_kernels $2" ;;
		*) echo "kernel-rig: --kernel: '$2' is not 6.1 or 6.12" >&2; exit 2 ;;
		esac
		shift
		;;
	-h | --help) sed -n '2,/^set -eu$/p' "$0" | sed '$d'; exit 0 ;;
	*) echo "kernel-rig: unknown option '$1' (try --help)" >&2; exit 2 ;;
	esac
	shift
done
[ "$quick" = 1 ] && [ -n "$docs" ] &&
	{ echo "kernel-rig: --docs needs every case: not with --quick" >&2; exit 2; }

die() {
	echo "kernel-rig: $*" >&2
	exit 1
}

# ------------------------------------------------------------ packages
scripts/install-deps.sh --if-missing --kernel ||
	die "the rig needs Debian's qemu-system-x86, busybox-static, rt-app and cpio"
[ -x "$KSTRUCT" ] || die "$KSTRUCT is missing: run make first"

mkdir -p "$RIG_DIR"
QEMU_PID=""
# every temporary file is named .NAME.PID beside its target (temp_for);
# on any exit, those of this process are removed
cleanup() {
	if [ -n "$QEMU_PID" ]; then
		kill "$QEMU_PID" 2>/dev/null || true
	fi
	find "$RIG_DIR" -depth -name ".*.$$" -exec rm -rf {} + 2>/dev/null || true
	if [ -n "$docs" ]; then
		rm -f "$(dirname "$docs")/.$(basename "$docs").$$"
	fi
	return 0
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# a temporary path beside $1
temp_for() {
	echo "$(dirname "$1")/.$(basename "$1").$$"
}

# ------------------------------------------------------------ kernels
# 6.1: what linux-image-amd64 depends on (Debian 12's kernel); 6.12: what
# linux-image-6.12-amd64 depends on, else the newest linux-image-6.12.*
kernel_package() {
	case "$1" in
	6.1) meta=linux-image-amd64 pattern='^linux-image-6\.1\.[0-9.-]*-amd64$' ;;
	6.12) meta=linux-image-6.12-amd64 pattern='^linux-image-6\.12\.[0-9.+a-z]*-amd64(-unsigned)?$' ;;
	esac
	pkg=$(apt-cache depends "$meta" 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[^ ]*\)$/\1/p' |
		grep -E "$pattern" | head -n 1 || true)
	if [ -z "$pkg" ]; then
		pkg=$(apt-cache search --names-only "$pattern" 2>/dev/null |
			cut -d' ' -f1 | grep -E "$pattern" | sort -V | tail -n 1 || true)
	fi
	echo "$pkg"
}

# unpack kernel $1 (6.1 or 6.12) under $RIG_DIR; prints the vmlinuz path
fetch_kernel() {
	pkg=$(kernel_package "$1")
	if [ -z "$pkg" ] && [ "$(id -u)" = 0 ]; then
		apt-get update -qq >&2 || true
		pkg=$(kernel_package "$1")
	fi
	[ -n "$pkg" ] || die "no Debian package of Linux $1 is known to apt (try apt-get update)"
	dir="$RIG_DIR/$pkg"
	if ! ls "$dir"/boot/vmlinuz-* >/dev/null 2>&1; then
		dl=$(temp_for "$dir.dl")
		mkdir -p "$dl"
		echo "kernel-rig: fetching $pkg" >&2
		(cd "$dl" && apt-get download "$pkg" >/dev/null 2>&1) ||
			die "apt-get download $pkg failed"
		dpkg -x "$dl"/*.deb "$dl/root" || die "dpkg -x of $pkg failed"
		ls "$dl"/root/boot/vmlinuz-* >/dev/null 2>&1 ||
			die "$pkg holds no /boot/vmlinuz-*"
		rm -rf "$dir"
		mv "$dl/root" "$dir"
		rm -rf "$dl"
	fi
	ls "$dir"/boot/vmlinuz-* | head -n 1
}

# ------------------------------------------------------------ initramfs
# busybox, rt-app, the libraries ldd names and libgcc_s (which glibc loads
# when a thread exits), and the guest's /init
INITRAMFS="$RIG_DIR/initramfs.cpio.gz"
build_initramfs() {
	stamp="$INITRAMFS.sums"
	bins="/bin/busybox $(command -v rt-app) scripts/kernel-guest-init.sh"
	libs=$(ldd "$(command -v rt-app)" | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p')
	gcc_s=$(ldconfig -p | sed -n 's/.*libgcc_s\.so\.1 (libc6,x86-64) => //p' | head -n 1)
	[ -n "$gcc_s" ] || die "libgcc_s.so.1 not found (Debian's libgcc-s1)"
	# shellcheck disable=SC2086
	sums=$(sha256sum $bins $libs "$gcc_s" | sha256sum)
	if [ -f "$INITRAMFS" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$sums" ]; then
		return
	fi
	root=$(temp_for "$INITRAMFS.root")
	rm -rf "$root"
	mkdir -p "$root/bin" "$root/dev" "$root/proc" "$root/sys" "$root/tmp" "$root/job"
	cp /bin/busybox "$root/bin/busybox"
	cp "$(command -v rt-app)" "$root/bin/rt-app"
	for l in $libs $gcc_s; do
		mkdir -p "$root$(dirname "$l")"
		cp -L "$l" "$root$l"
	done
	cp scripts/kernel-guest-init.sh "$root/init"
	chmod 755 "$root/init"
	out=$(temp_for "$INITRAMFS")
	(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -1 >"$out" ||
		die "cpio could not build the initramfs"
	mv "$out" "$INITRAMFS"
	echo "$sums" >"$stamp"
	rm -rf "$root"
}

# ------------------------------------------------------------ qemu
# the accelerator: kvm when a short boot under it reaches /init, else tcg
ACCEL=""
probe_accel() {
	vmlinuz=$1
	if [ -n "${KSTRUCT_ACCEL:-}" ]; then
		ACCEL=$KSTRUCT_ACCEL
		return
	fi
	ACCEL=tcg
	[ -r /dev/kvm ] && [ -w /dev/kvm ] || return 0
	res=$(temp_for "$RIG_DIR/probe.out")
	rm -f "$res"
	timeout 20 qemu-system-x86_64 -accel kvm -cpu host -smp 1 -m 256 \
		-display none -no-reboot -net none -monitor none \
		-kernel "$vmlinuz" -initrd "$INITRAMFS" \
		-append "console=ttyS0 quiet panic=-1" \
		-serial null -serial "file:$res" >/dev/null 2>&1 || true
	if grep -q '^RIG booted' "$res" 2>/dev/null; then
		ACCEL=kvm
	fi
	rm -f "$res"
}

# Under TCG, a 1-CPU guest's clock counts the instructions it executes
# (-icount, 4 ns each: a 250 MIPS machine), so what it measures does not
# depend on how much of the host it gets.  Linux 6.1 does not boot so on
# 2 CPUs (it hangs bringing up the second; 6.12 boots): a 2-CPU guest of
# either kernel runs its vCPUs on host threads, on the host's clock
# (MTTCG), where a busy host stretches ticks and latencies.  RIG_TCG=mttcg runs every guest so.
accel_args() {
	if [ "$ACCEL" = kvm ]; then
		echo "-accel kvm -cpu host"
	elif [ "$1" = 1 ] && [ "${RIG_TCG:-icount}" != mttcg ]; then
		echo "-accel tcg -icount shift=2,sleep=off"
	else
		echo "-accel tcg,thread=multi"
	fi
}

# boot $1 (vmlinuz) on $2 CPUs with the job folder $3; the results port
# goes to $4, the console to $5; $6: seconds the guest may go without
# sending a line once booted (a run's trace comes back once a run; an
# emulated guest on a busy host runs slower than real time)
boot() {
	vmlinuz=$1 cpus=$2 job=$3 res=$4 con=$5 limit=$6
	img=$(temp_for "$res.initrd")
	jobimg=$(temp_for "$res.job")
	(cd "$job" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -1 >"$jobimg"
	cat "$INITRAMFS" "$jobimg" >"$img"
	rm -f "$res" "$con"
	# shellcheck disable=SC2046
	qemu-system-x86_64 $(accel_args "$cpus") -smp "$cpus" -m 512 \
		-display none -no-reboot -net none -monitor none \
		-kernel "$vmlinuz" -initrd "$img" \
		-append "console=ttyS0 quiet panic=-1 oops=panic noautogroup" \
		-serial "file:$con" -serial "file:$res" >/dev/null 2>&1 &
	QEMU_PID=$!
	waited=0
	booted=""
	lines=0
	last=0
	while kill -0 "$QEMU_PID" 2>/dev/null; do
		n=$(grep -c '^RIG' "$res" 2>/dev/null || true)
		if [ "${n:-0}" != "$lines" ]; then
			lines=${n:-0}
			last=$waited
		fi
		if [ -z "$booted" ]; then
			if grep -q '^RIG booted' "$res" 2>/dev/null; then
				booted=$waited
			elif [ "$waited" -ge "$BOOT_LIMIT" ]; then
				kill "$QEMU_PID" 2>/dev/null || true
				wait "$QEMU_PID" 2>/dev/null || true
				QEMU_PID=""
				die "$(basename "$vmlinuz") did not boot within ${BOOT_LIMIT} s on $cpus CPU(s) (console: $con)"
			fi
		elif [ $((waited - last)) -ge "$limit" ]; then
			kill "$QEMU_PID" 2>/dev/null || true
			wait "$QEMU_PID" 2>/dev/null || true
			QEMU_PID=""
			die "$(basename "$vmlinuz") on $cpus CPU(s): the guest sent nothing for $limit s (results: $res, console: $con)"
		fi
		sleep 1
		waited=$((waited + 1))
	done
	wait "$QEMU_PID" 2>/dev/null || true
	QEMU_PID=""
	rm -f "$img" "$jobimg"
	echo "kernel-rig: $(basename "$vmlinuz") on $cpus CPU(s): booted in ${booted:-?} s, done in $waited s ($(accel_args "$cpus"))" >&2
	echo "${booted:-?} $waited $(accel_args "$cpus")" >"$res.time"
}

# ------------------------------------------------------------ cases
# tests/kernel/cases: "NAME CPUS [ci]", one case a line
cases_for() {
	# $1: cpus
	grep -v '^#' "$CASES_FILE" | while read -r name cpus tag; do
		[ -n "$name" ] || continue
		[ "$cpus" = "$1" ] || continue
		if [ -n "$only_cases" ]; then
			case " $only_cases " in *" $name "*) ;; *) continue ;; esac
		fi
		if [ "$quick" = 1 ] && [ "${tag:-}" != ci ]; then
			continue
		fi
		echo "$name"
	done
}

workload_seconds() {
	sed -n 's/.*"duration"[[:space:]]*:[[:space:]]*\([0-9][0-9]*\).*/\1/p' "$CASES_DIR/$1.json" | head -n 1
}

case_seconds() {
	if [ "$quick" = 1 ]; then echo "$QUICK_SECONDS"; else workload_seconds "$1"; fi
}

# pull run traces out of the results port's file $1 into $2/CASE/runN.trace
extract() {
	res=$1 out=$2 kname=$3
	if grep -q '^RIG error' "$res"; then
		die "$kname: the guest failed: $(sed -n 's/^RIG error //p' "$res" | head -n 1)"
	fi
	if grep -q '^RIG refused' "$res"; then
		set -- $(sed -n 's/^RIG refused //p' "$res" | head -n 1)
		echo "kernel-rig: $kname: rt-app refused or stopped early on $CASES_DIR/$1.json (run $2, status $3); its output:" >&2
		sed -n 's/^RIG log /  /p' "$res" | tr -d '\r' >&2
		exit 1
	fi
	grep -q '^RIG done' "$res" || die "$kname: the guest stopped before its last run (results: $res)"
	sed -n 's/^RIG begin \([^ ]*\) \([0-9]*\).*/\1 \2/p' "$res" | tr -d '\r' |
		while read -r name run; do
			mkdir -p "$out/$name"
			t=$(temp_for "$out/$name/run$run.trace")
			awk -v b="RIG begin $name $run" -v e="RIG end $name $run" '
				{ sub(/\r$/, "") }
				$0 == e { on = 0 }
				on { print }
				$0 == b { on = 1 }' "$res" | base64 -d | gunzip >"$t" ||
				die "$kname: the trace of $name run $run is damaged"
			mv "$t" "$out/$name/run$run.trace"
		done
	sed -n 's/^RIG version //p' "$res" | tr -d '\r' | head -n 1 >"$out/version.tmp"
	mv "$out/version.tmp" "$out/version"
}

# ------------------------------------------------------------ docs
# docs/validation.md: the fixed text below, then per case its workload
# and, per kernel, the table of the last full run
# hog_goal TABLE: each hog's kstruct share held against the 2-CPU goal
# (within the real runs' min-max, or 5 points of their mean)
hog_goal() {
	echo "Each hog's share against the goal on several CPUs (within the real"
	echo "runs' range, or 5 points of their mean):"
	echo
	awk -F'|' '
		$2 ~ /[^ ]/ { task = $2; gsub(/ /, "", task) }
		task ~ /^hog/ && $3 ~ /CPU share/ {
			mean = $4 + 0; k = $6 + 0
			split($5, r, "–"); lo = r[1] + 0; hi = r[2] + 0
			d = k - mean
			if (k >= lo && k <= hi) v = "within the real range"
			else if (d <= 5 && d >= -5) v = "within 5 points of the real mean"
			else v = sprintf("outside both (%+.1f points from the mean)", d)
			printf "- %s: kstruct %.1f, real %.1f (%.1f–%.1f): %s\n", task, k, mean, lo, hi, v
		}' "$1"
	echo
}

write_docs() {
	page=$1
	t=$(temp_for "$page")
	{
		cat <<'EOF'
# Validation: kstruct sim against the kernels it names

<!-- Written by "make validation-docs" (scripts/kernel-rig.sh --docs
docs/validation.md) from a full run of the reference rig; edit the
script, not this page. -->

kstruct's `cfs` and `eevdf` classes name Linux 6.1 and 6.12.  This page
holds them against those kernels on the same input: each rt-app workload
of `tests/kernel/` runs under Debian's own kernels booted in qemu, traced
with ftrace, and the same file runs through `kstruct sim`; one analyser,
`kstruct tracestat`, reads both traces over the same window.

## How the tables are made

    make validation-docs        # this page (20 to 30 minutes under TCG)
    make check-kernel           # the same runs, tables on stdout
    make check-kernel-quick     # the CI subset: hog shares, checked

`scripts/kernel-rig.sh` does the work:

- **Packages**: Debian's `qemu-system-x86`, `busybox-static`, `rt-app`
  and `cpio` (`scripts/install-deps.sh --kernel`).  The kernels are the
  package `linux-image-amd64` depends on (Linux 6.1) and the one
  `linux-image-6.12-amd64` depends on, fetched with `apt-get download`
  and unpacked with `dpkg -x` under `build/kernel/`, never installed.
- **Guest**: an initramfs of busybox, rt-app, the libraries `ldd` names
  and libgcc_s, with `scripts/kernel-guest-init.sh` as `/init`.  qemu
  boots with `-smp 1` or `-smp 2`, under KVM when a short probe boot
  reaches `/init`, else under TCG: with `-icount shift=2,sleep=off` on
  1 CPU, with `-accel tcg,thread=multi` on 2 (see below).  The kernel
  command line has `noautogroup`, so that rt-app's threads compete one
  by one as kstruct's tasks do, not as one session's group.  The console is the first serial port; the traces come back
  gzipped and in base64 on the second.
- **Runs**: rt-app calibrates its loop once per boot; each case then runs
  3 times in one boot.  Each run traces `sched_switch`, `sched_wakeup`,
  `sched_wakeup_new` and `sched_migrate_task`, marks its start and end in
  `trace_marker`, and kills rt-app 2 s after the workload's duration
  (rt-app 1.0 looks at its duration only between events).
- **kstruct**: `kstruct sim FILE --sched cfs` for 6.1 and `--sched eevdf`
  for 6.12, at kstruct's default HZ for the class, on the same number of
  CPUs, with each sleeping task's `run` set to the CPU time per
  activation the real runs measured (per loop for a task on a `timer`:
  a loop that ends after its timer's expiry runs on into the next
  without sleeping, so an activation may hold several), and its `sleep`
  to the mean sleep they measured (`kstruct tracestat --demand`; under
  cfs and eevdf kstruct runs and sleeps to the microsecond: their
  hrtimers, docs/sim.md "The clock").  The guest's own threads are
  there too: per CPU, every task the real runs switched in that is
  neither the workload's nor the idle task (kworkers, ksoftirqd,
  rcu_preempt, migration, kcompactd, the initramfs's init and sleep: a
  few times a second, 0.1-0.3 ms each under emulation) becomes one task
  `kthreads-N` pinned to CPU N, its `run` their mean CPU time per
  switch-in and its `sleep` such that it is switched in as often a
  second.  They take about 0.1% of a CPU, but without them nothing but
  the workload ever runs, and cfs's pulls of 3 hogs on 2 CPUs lock into
  a cycle that never moves one hog (docs/fidelity.md).  The tables
  report the workload's tasks only.
- **Window**: from 1 s after the first switch to a task of the workload,
  for the workload's duration less 1.5 s; the same for every trace.

The columns: the mean of the real runs, their min–max, and kstruct's
figure.  CPU share and waiting are percentages of the window (of one
CPU); a wake-up's latency runs from `sched_wakeup` (kstruct's
`sched_waking`) to the switch-in; an activation runs from a wake-up to
the next switch-out in a sleeping state, a sleep from there to the
wake-up that ends it.  A task on a timer is also shown per loop: each
activation counts the whole number of loops nearest its CPU time over
the workload's `run` (rt-app's calibration is off by a few percent, far
from half a loop).  p50 and p99 are nearest-rank
percentiles.  Rows that neither side has (latency of a hog) are left out.

## What emulation distorts, and what it does not

Under TCG, a 1-CPU guest's clock counts the instructions it executes,
4 ns each (`-icount shift=2`): the guest is a 250 MIPS machine whatever
the host is doing, so a busy host makes the runs slower, not different,
and the real runs barely differ from each other.  Linux 6.1 does not
boot on 2 CPUs under `-icount` (with qemu 7.2 it hangs bringing up the
second CPU; 6.12 boots), so a 2-CPU guest of either kernel runs each
vCPU on a host thread, on the host's clock: when the host is
shared with other work, the vCPU threads wait for a CPU, ticks arrive
late and merged, and hogs that switch at every 4 ms tick were seen
switching every 20 to 40 ms, with wake-up tails of tens of ms (the
tables' 2-CPU rows show how much, in their min–max).

- **Calibration**: rt-app's `run` is a number of loops of a busy loop
  calibrated once per boot.  It lasts what those loops take on the
  emulated CPU, which is not quite the time asked for.  The measured CPU
  time per activation (per loop, on a timer) is shown, and kstruct is
  given it.
- **Late timers on 2 CPUs**: on the host-threaded 2-CPU guest a timer
  fires late: rt-app's 8 ms `sleep` lasted 10 to 20 ms on average (on
  1 CPU under `-icount`, 8.05 ms: the kernel's 50 us of timer slack).
  The measured sleep is shown, and kstruct is given it too: given 8 ms,
  its periodic tasks woke up to twice as often as the kernels' did, and
  took CPU time that the kernels' hogs had.
- **A slow machine**: at 250 MIPS (1 CPU), the kernel's own work (a
  context switch, a timer interrupt, a wake-up) takes several times
  longer than on current hardware, so the wake-up latencies measured here are those
  of a slow machine: compare them with kstruct's in orders of magnitude,
  not in microseconds.
- **Shares** are not distorted: the kernel accounts CPU time on the
  guest's clock, which every task on the machine sees alike, also when
  that clock is the host's.  **Switch counts** are not distorted on 1
  CPU, where ticks come on the guest's own clock, and are on 2 CPUs on
  a busy host (above).  How closely the real runs agree with each other
  shows in the min–max columns.

The CI subset (`make check-kernel-quick`, a 5 s run of each case marked
`ci` in `tests/kernel/cases`) fails when a hog's kstruct share is
further from the real mean than the real runs' spread, or 2 points,
whichever is larger.  The 2-CPU case there is 4 equal hogs, which
kstruct balances; the 3 hogs and 2 periodic tasks on 2 CPUs are shown
below and not checked.

On 2 CPUs kstruct's fair classes place and balance tasks as 6.1 and
6.12 do (PELT signals, sched domains, select_task_rq_fair(), the
periodic, newly idle and active balancer: docs/sched.md).  Each 2-CPU
table is followed by each hog's share against the goal: within the real
runs' range, or within 5 points of their mean.  A machine with no
timing noise can lock the hogs' rotation into a cycle that favours one
where a kernel's noise breaks it (docs/fidelity.md, "The fair
balancer without timing noise").

EOF
		echo "## The kernels that booted"
		echo
		for d in "$RIG_DIR"/results/*/; do
			[ -f "$d/version" ] || continue
			echo "- \`$(cat "$d/version")\`"
		done
		echo
		grep -v '^#' "$CASES_FILE" | while read -r name cpus tag; do
			[ -n "$name" ] || continue
			echo "## $name ($cpus CPU$( [ "$cpus" = 1 ] || echo s))"
			echo
			echo '```json'
			cat "$CASES_DIR/$name.json"
			echo '```'
			for d in "$RIG_DIR"/results/*/; do
				[ -f "$d/version" ] || continue
				[ -f "$d/$name/table.md" ] ||
					die "no table for $name under $d: run the whole rig first"
				kname=$(basename "$d")
				case "$kname" in 6.1.*) sched=cfs ;; *) sched=eevdf ;; esac
				# "... SMP PREEMPT_DYNAMIC Debian 6.1.192-3 (date)"
				deb=$(sed -n 's/.* Debian \([^ ]*\) .*/\1/p' "$d/version")
				echo
				echo "### Linux ${deb%%-*} (Debian $deb, $kname) against kstruct $sched"
				echo
				cat "$d/$name/table.md"
				echo
				[ "$cpus" = 1 ] || hog_goal "$d/$name/table.md"
				echo "Made by (from the top of the tree, after the boot that wrote the traces):"
				echo
				sed 's/^/    /' "$d/$name/commands"
			done
			echo
		done
	} >"$t"
	mv "$t" "$page"
	echo "kernel-rig: wrote $page" >&2
}

# simulate OUT NAME CPUS SCHED: kstruct's side of case NAME against the
# traces under OUT/NAME (given the CPU time per activation and the sleep
# the kernel measured), its commands and its table; in the quick subset, the share
# check counted in total_pass or total_fail
simulate() {
	out=$1
	name=$2
	cpus=$3
	sched=$4
	secs=$(case_seconds "$name")
	window=$(awk -v s="$secs" -v w="$WARMUP" 'BEGIN { printf "%.1f", s - w - 0.5 }')
	traces=$(ls "$out/$name"/run*.trace)
	# kstruct is given the CPU time per activation and the sleep the
	# kernel measured
	demand=$(temp_for "$out/$name/demand.json")
	# shellcheck disable=SC2086
	"$KSTRUCT" tracestat --workload "$CASES_DIR/$name.json" \
		--demand "$demand" --warmup "$WARMUP" --window "$window" \
		$traces >/dev/null
	sim=$(temp_for "$out/$name/kstruct-$sched.trace")
	"$KSTRUCT" sim "$demand" --sched "$sched" --cpus "$cpus" \
		--duration $((secs + 1)) --trace "$sim" >/dev/null 2>&1 ||
		die "kstruct sim failed on $demand"
	c=$out/$name
	{
		echo "kstruct tracestat --workload $CASES_DIR/$name.json --demand $c/demand.json --warmup $WARMUP --window $window $c/run*.trace"
		echo "kstruct sim $c/demand.json --sched $sched --cpus $cpus --duration $((secs + 1)) --trace $c/kstruct-$sched.trace"
		echo "kstruct tracestat --workload $CASES_DIR/$name.json --warmup $WARMUP --window $window --markdown --kstruct $c/kstruct-$sched.trace $c/run*.trace"
	} >"$out/$name/commands.tmp"
	mv "$out/$name/commands.tmp" "$out/$name/commands"
	check=""
	[ "$quick" = 1 ] && check="--check-share $FLOOR"
	table=$(temp_for "$out/$name/table.md")
	status=0
	# shellcheck disable=SC2086
	"$KSTRUCT" tracestat --workload "$CASES_DIR/$name.json" \
		--warmup "$WARMUP" --window "$window" --markdown \
		--kstruct "$sim" $check $traces >"$table" || status=$?
	[ "$status" = 0 ] || [ "$status" = 3 ] ||
		die "kstruct tracestat failed on $name"
	mv "$sim" "$out/$name/kstruct-$sched.trace"
	mv "$demand" "$out/$name/demand.json"
	mv "$table" "$out/$name/table.md"
	echo "== Linux $kname ($sched), $cpus CPU(s): $name"
	cat "$out/$name/table.md"
	if [ "$quick" = 1 ]; then
		if [ "$status" = 0 ]; then
			total_pass=$((total_pass + 1))
		else
			total_fail=$((total_fail + 1))
		fi
	fi
}

if [ "$resim" = 1 ]; then
	# kstruct's side again, on the traces the last full run kept
	total_pass=0
	total_fail=0
	for d in "$RIG_DIR"/results/*/; do
		[ -f "$d/version" ] || continue
		kname=$(basename "$d")
		case "$kname" in 6.1.*) sched=cfs ;; *) sched=eevdf ;; esac
		for cpus in 1 2; do
			for name in $(cases_for "$cpus"); do
				ls "$d$name"/run*.trace >/dev/null 2>&1 ||
					die "no traces for $name under $d: run the whole rig first"
				simulate "${d%/}" "$name" "$cpus" "$sched"
			done
		done
	done
	[ -n "$docs" ] && write_docs "$docs"
	exit 0
fi
if [ "$docs_only" = 1 ]; then
	write_docs "$docs"
	exit 0
fi
kernels=${only_kernels:-6.1 6.12}
# the quick subset's shorter runs are kept apart from the full runs'
results=results
[ "$quick" = 1 ] && results=results-quick
build_initramfs
total_pass=0
total_fail=0
for k in $kernels; do
	vmlinuz=$(fetch_kernel "$k")
	kname=$(basename "$vmlinuz" | sed 's/^vmlinuz-//')
	[ -n "$ACCEL" ] || probe_accel "$vmlinuz"
	case "$k" in 6.1) sched=cfs ;; 6.12) sched=eevdf ;; esac
	out="$RIG_DIR/$results/$kname"
	mkdir -p "$out"
	for cpus in 1 2; do
		names=$(cases_for "$cpus")
		[ -n "$names" ] || continue
		job=$(temp_for "$out/job$cpus")
		rm -rf "$job"
		mkdir -p "$job/job"
		limit=60
		for name in $names; do
			[ -f "$CASES_DIR/$name.json" ] || die "$CASES_DIR/$name.json is missing"
			grep -q '"global"[[:space:]]*:[[:space:]]*{' "$CASES_DIR/$name.json" ||
				die "$CASES_DIR/$name.json has no \"global\" object (the guest puts rt-app's calibration there)"
			secs=$(case_seconds "$name")
			[ -n "$secs" ] || die "$CASES_DIR/$name.json gives no whole \"duration\""
			cp "$CASES_DIR/$name.json" "$job/job/$name.json"
			echo "$name $secs $RUNS" >>"$job/job/jobs"
			# ten times a run's guest time, at least
			[ $((10 * (secs + 3))) -le "$limit" ] || limit=$((10 * (secs + 3)))
		done
		echo "kernel-rig: Linux $kname, $cpus CPU(s): $(echo $names) ($RUNS runs each)" >&2
		rm -f "$out/console$cpus.panic.txt"
		boot "$vmlinuz" "$cpus" "$job" "$out/results$cpus.txt" "$out/console$cpus.txt" "$limit"
		# a guest kernel that oopsed under emulation (oops=panic: every
		# oops ends the guest) gets one more boot; its console is kept
		# beside the new one
		if ! grep -q '^RIG done' "$out/results$cpus.txt" &&
			grep -q 'Kernel panic' "$out/console$cpus.txt"; then
			mv "$out/console$cpus.txt" "$out/console$cpus.panic.txt"
			echo "kernel-rig: $kname on $cpus CPU(s): the guest kernel panicked ($(grep -m 1 -o 'Oops: .*\|BUG: .*' "$out/console$cpus.panic.txt" | tr -d '\r' | head -c 80)); booting it once more (console: $out/console$cpus.panic.txt)" >&2
			boot "$vmlinuz" "$cpus" "$job" "$out/results$cpus.txt" "$out/console$cpus.txt" "$limit"
		fi
		extract "$out/results$cpus.txt" "$out" "$kname"
		rm -rf "$job"
		for name in $names; do
			simulate "$out" "$name" "$cpus" "$sched"
		done
	done
done

if [ -n "$docs" ]; then
	write_docs "$docs"
fi
if [ "$quick" = 1 ]; then
	echo "kernel: $total_pass passed, $total_fail failed"
	[ "$total_fail" = 0 ]
fi
