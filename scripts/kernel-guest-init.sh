#!/bin/busybox sh
# scripts/kernel-guest-init.sh - /init of the reference rig's guest
# (scripts/kernel-rig.sh packs it into the initramfs with busybox, rt-app
# and rt-app's libraries).
#
# The console is the first serial port (ttyS0); what the host reads back
# goes to the second (ttyS1), a line at a time:
#
#   RIG booted RELEASE              the kernel is up (uname -r)
#   RIG version TEXT                /proc/version
#   RIG calibration NS              rt-app's ns per loop, measured once
#   RIG begin CASE RUN              a trace follows: gzip, then base64
#   RIG end CASE RUN                the trace is complete
#   RIG refused CASE RUN STATUS     rt-app failed or ended before the
#                                   workload's duration; its log follows
#   RIG log TEXT                    a line of that log
#   RIG error TEXT                  the guest cannot go on
#   RIG done                        every run is over
#
# /job/jobs lists the runs, a case a line: "CASE SECONDS RUNS"; the
# workload is /job/CASE.json.  Each run traces sched_switch,
# sched_wakeup, sched_wakeup_new and sched_migrate_task, writes a marker
# into trace_marker before rt-app starts and after it is stopped, and
# stops rt-app SECONDS + SLACK seconds after starting it: rt-app 1.0
# looks at its duration only between two events, and a hog's run event
# lasts longer than the workload.
#
# rt-app calibrates its busy loop at every start, which under emulation
# takes seconds; the guest lets it calibrate once, at boot, and gives
# every run the figure ("calibration": NS, written after the opening of
# the workload's "global" object, which every file of tests/kernel/ has).
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
mount -t tracefs tracefs /sys/kernel/tracing

OUT=/dev/ttyS1
T=/sys/kernel/tracing
EVENTS="sched_switch sched_wakeup sched_wakeup_new sched_migrate_task"
# from rt-app's start to its threads' (calibration given: well under 1 s)
SLACK=2

stty -F "$OUT" raw -echo 2>/dev/null
say() {
	echo "RIG $*" >"$OUT"
}
stop() {
	sync
	poweroff -f
	sleep 10
}
# rt-app's output, a line at a time, after the reason it stopped
send_log() {
	sed 's/^/RIG log /' "$1" >"$OUT"
}

say "booted $(uname -r)"
say "version $(cat /proc/version)"
for e in $EVENTS; do
	if [ ! -f "$T/events/sched/$e/enable" ]; then
		say "error no tracefs event $e at $T"
		stop
	fi
done
[ -f /job/jobs ] || {
	say "done"
	stop
}

# The events are enabled once, before the first run, and stay enabled:
# a run only empties the buffer and turns recording on and off.  Enabling
# or disabling an event rewrites the kernel's text at its tracepoints
# (jump labels, patched through an int3), and qemu's multi-threaded TCG
# can let another vCPU run a stale copy of the patched site: a 2-CPU
# 6.12 guest oopsed on "int3" at ttwu_do_activate()'s tracepoint when
# the events were switched between runs.  tracing_on rewrites no text.
trace_events_on() {
	echo 0 >"$T/tracing_on"
	echo nop >"$T/current_tracer"
	echo 16384 >"$T/buffer_size_kb"
	for e in $EVENTS; do
		echo 1 >"$T/events/sched/$e/enable"
	done
}

trace_on() {
	echo 0 >"$T/tracing_on"
	echo >"$T/trace"
	echo 1 >"$T/tracing_on"
}

trace_off() {
	echo 0 >"$T/tracing_on"
}

cd /tmp || stop
# this shell wakes up twice a run and must not wait behind the workload
renice -n -20 -p $$ >/dev/null
echo '{ "global": { "duration": 1 }, "tasks": { "c": { "loop": 1, "run": 1000 } } }' \
	>/tmp/calibrate.json
rt-app /tmp/calibrate.json </dev/null >/tmp/calibrate.log 2>&1
ns=$(sed -n 's/.*pLoad = \([0-9][0-9]*\)ns.*/\1/p' /tmp/calibrate.log)
if [ -z "$ns" ]; then
	say "error rt-app did not calibrate"
	send_log /tmp/calibrate.log
	stop
fi
say "calibration $ns"
rm -f /tmp/rt-app*.log
trace_events_on

while read -r case secs runs; do
	[ -n "$case" ] || continue
	sed "s/\"global\"[[:space:]]*:[[:space:]]*{/&\"calibration\": $ns, /" \
		"/job/$case.json" >/tmp/case.json
	run=1
	while [ "$run" -le "$runs" ]; do
		trace_on
		echo "RIG start $case $run" >"$T/trace_marker"
		# rt-app at nice 0: this shell runs at -20 (busybox has no nice)
		sh -c 'renice 0 -p $$ >/dev/null && exec rt-app /tmp/case.json' \
			</dev/null >/tmp/rt-app.log 2>&1 &
		pid=$!
		# rt-app may end on its own after its duration, not before; a
		# file it refuses ends it at once
		sleep 1
		waited=1
		if kill -0 "$pid" 2>/dev/null; then
			sleep $((secs + SLACK - 1))
			waited=$((secs + SLACK))
		fi
		if kill -0 "$pid" 2>/dev/null; then
			kill -KILL "$pid"
			wait "$pid" 2>/dev/null
		else
			wait "$pid"
			status=$?
			if [ "$waited" -lt "$secs" ] || [ "$status" != 0 ]; then
				trace_off
				say "refused $case $run $status"
				send_log /tmp/rt-app.log
				stop
			fi
		fi
		echo "RIG stop $case $run" >"$T/trace_marker"
		trace_off
		say "begin $case $run"
		gzip -c "$T/trace" | base64 >"$OUT"
		say "end $case $run"
		rm -f /tmp/rt-app*.log
		run=$((run + 1))
	done
done </job/jobs
say "done"
stop
