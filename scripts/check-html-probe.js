/*
 * scripts/check-html-probe.js - what "make check-html" runs inside an
 * explorer page (scripts/check-html.sh adds it, after the page's own
 * script, to a copy of the page, with WANT set to the --json report of
 * the same command).  It leaves its findings on <html>:
 *   data-tables: "ok N" when every figure of WANT (each leaf of the
 *	document: number, string, boolean, null) is shown in an element
 *	whose data-key is its path, as the same value at the precision
 *	shown (a "%" text is 100 times the value), else the first misses;
 *   data-reasons: "ok N" when every rect.run's tooltip says why the run
 *	ended (a rule for a run that ended runnable) and why it was picked;
 *   data-zoom: "ok" when, after choosing a tick two thirds into the run
 *	and zooming in three times, the cursor is inside the charts' view;
 *   data-state: the tick, zoom and selection the page shows, as its
 *	hash says them ("tick=T&zoom=Z&sel=P"), read from the page itself:
 *	the slider's label, the Gantt chart's width and the lit runs;
 *   data-perf: the time to interactive (performance.now() when this
 *	script runs, after a layout) and the median and largest time of ten
 *	steps to the next tick, each with a layout, in ms;
 *   data-migrations: "ok N" when every migration mark (path.migr) says
 *	who moved the task and by which rule, and (one run) there are as
 *	many as WANT's tasks have migrations;
 *   data-pickq: "ok N" when, for a sample of runs, the runqueue the page
 *	rebuilds for the run's pick runs that task and holds the values its
 *	tooltip's pick rule compared (o1: the picked task's prio a;
 *	goodness: the runner-up's goodness b; cfs: the picked vruntime a
 *	and the runner-up's b; eevdf: the picked deadline a and V b), and
 *	the cards say so with "queues at the pick" ticked;
 *   data-charts: "ok N" when every run section plots its class's
 *	quantities over time (a chart each, titled with the quantity: o1
 *	sleep_avg, bonus and dynamic priority; goodness counter and
 *	goodness; cfs vruntime; eevdf lag and virtual deadline) and each
 *	CPU's runqueue length, and nothing on the page is a generic JSON
 *	dump (pre.raw, what a runqueue of an unknown kind would show);
 *   data-trees: "ok N" when every red-black tree drawn has its root in
 *	its box's view, and a tree of more than 31 entities folds (N: the
 *	folded subtrees);
 *   data-frames: "ok N" when, for every CPU's stream, each key frame
 *	that carries its changes equals them applied to the runqueue the
 *	page rebuilt for the frame before (every change of the stream is on
 *	the way to such a key frame: the last tick's is one), with the
 *	time the rebuilding took.
 */
(function () {
	'use strict';

	var root = document.documentElement, misses = [], shown = 0;
	var interactive, t0, steps = [], i, next;

	document.body.offsetHeight;
	interactive = performance.now();

	/* ------------------------------------------ the tables vs --json */
	function check(path, v) {
		var els = document.querySelectorAll('[data-key="' + path + '"]');

		if (!els.length) {
			misses.push(path + ': not shown');
			return;
		}
		els.forEach(function (e) {
			var text = e.textContent.trim(), x, dec, scale = 1, ok;

			if (v === null)
				ok = text === '-';
			else if (typeof v === 'boolean')
				ok = text === (v ? 'yes' : 'no');
			else if (typeof v === 'string')
				ok = text === v;
			else {
				if (/%$/.test(text))
					scale = 100;
				x = parseFloat(text.replace(/[%+]/g, ''));
				dec = (text.replace(/%$/, '').split('.')[1] || '').length;
				ok = !isNaN(x) && Math.abs(x - v * scale) <= 0.5 * Math.pow(10, -dec) + 1e-9;
			}
			shown++;
			if (!ok)
				misses.push(path + ': ' + JSON.stringify(v) + ' shown as "' + text + '"');
		});
	}

	(function walk(v, path) {
		if (v !== null && typeof v === 'object')
			Object.keys(v).forEach(function (k) {
				walk(v[k], path ? path + '.' + k : k);
			});
		else
			check(path, v);
	}(window.WANT, ''));
	root.setAttribute('data-tables', misses.length ? misses.slice(0, 4).join('; ') :
			  'ok ' + shown);

	/* ------------------------------------------------ every reason */
	var runs = document.querySelectorAll('rect.run'), bad = [];

	runs.forEach(function (r) {
		var lines = r.querySelector('title').textContent.split('\n');
		var end = lines[2] || '', pick = lines[3] || '';

		if (!/^(preempted|yielded|migrated|slept|exited|stopped|run ended): ./.test(end) ||
		    /no reason noted|noted no rule|: asleep$/.test(end) ||
		    !/^picked: ./.test(pick) || /no rule noted/.test(pick))
			bad.push(lines[0] + ' at ' + lines[1] + ': ' + end + ' / ' + pick);
	});
	root.setAttribute('data-reasons', bad.length ? bad.length + ' runs without a reason, e.g. ' +
			  bad[0] : 'ok ' + runs.length);

	/* -------------------------------------- the state, as a hash */
	var label = document.getElementById('tick-label').textContent;
	var gantt = document.querySelector('svg.plot.gantt');
	var ticks = +document.querySelector('section.run').getAttribute('data-ticks');
	var lit = document.querySelector('svg.plot.gantt rect.run.hl');

	root.setAttribute('data-state', 'tick=' + /tick (\d+)/.exec(label)[1] +
			  '&zoom=' + +(+gantt.getAttribute('width') / ticks).toPrecision(3) +
			  (lit ? '&sel=' + lit.getAttribute('data-pid') : '') +
			  ' hash ' + location.hash);

	/* ------------------------------------- the time of a tick step */
	next = document.getElementById('next');
	for (i = 0; i < 10; i++) {
		t0 = performance.now();
		next.click();
		document.body.offsetHeight;
		steps.push(performance.now() - t0);
	}
	steps.sort(function (a, b) { return a - b; });
	root.setAttribute('data-perf', Math.round(interactive) + ' ' +
			  steps[5].toFixed(1) + ' ' + steps[9].toFixed(1));

	/* ------------------------------ migrations and their reasons */
	var migrs = document.querySelectorAll('path.migr'), mbad = [];

	migrs.forEach(function (m) {
		var t = m.querySelector('title').textContent.split('\n');

		if (!/ moved from CPU \d+ to CPU \d+ at tick \d+$/.test(t[0]) ||
		    !/^(load balancing|a pick on another CPU|active balancing|affinity|wake-up placement|fork placement): ./.test(t[1] || '') ||
		    /no rule noted/.test(t[1]))
			mbad.push(t.join(' / '));
	});
	var want = window.WANT && window.WANT.tasks ? window.WANT.tasks.reduce(function (n, t) {
		return n + (t.migrations || 0);
	}, 0) : null;

	root.setAttribute('data-migrations', mbad.length ? mbad.length + ' without a reason, e.g. ' + mbad[0] :
			  want !== null && want !== migrs.length ? migrs.length + ' marks for ' + want +
			  ' migrations in --json' : 'ok ' + migrs.length);

	/* ------------------------------- the runqueue at each pick */
	var Q = window.kstructQueues, qbad = [], qn = 0;

	function ms3(v) {
		return (v / 1e6).toFixed(3);
	}

	/* @v ns shown as @a ms with 3 decimals (printf's rounding or JS's) */
	function near(v, a) {
		return a !== null && typeof v === 'number' && Math.abs(v / 1e6 - parseFloat(a)) < 0.0006;
	}

	function value(title, name) {
		var m = new RegExp('\\b' + name + ' = (-?[0-9.]+)').exec(title);

		return m ? m[1] : null;
	}

	/*
	 * The fair queue of a snapshot whose running entity is task @pid:
	 * the root's, or with task groups the queue of the running group
	 * entity's, down to the task's own (where its pick was made).
	 */
	function fairQueue(snap, pid) {
		var q = (snap.queues || []).filter(function (x) { return x.kind === 'rbtree'; })[0];

		while (q && q.curr && q.curr.pid !== pid && q.curr.queue)
			q = q.curr.queue;
		return q;
	}

	function entity(q, pid) {
		var found = null;

		(function walk(n) {
			if (!n || found)
				return;
			if (n.pid === pid)
				found = n;
			walk(n.left);
			walk(n.right);
		}(q.root));
		return found;
	}

	document.querySelectorAll('section.run').forEach(function (sec, s) {
		var rects = sec.querySelectorAll('svg.plot.gantt rect.run[data-q]');
		var every = Math.max(1, Math.floor(rects.length / 150)), i;

		for (i = 0; i < rects.length; i += every) {
			var r = rects[i], pid = +r.getAttribute('data-pid');
			var cpu = Math.floor(+r.getAttribute('y') / 28);
			var snap = Q.at(s, cpu, +r.getAttribute('data-q'));
			var title = r.querySelector('title').textContent;
			var pick = title.split('\n')[3] || '', a = value(pick, 'a'), b = value(pick, 'b');
			var runner = /the runner-up: .* \(pid (\d+)\)$/.exec(pick), fq, e, bad = null;

			qn++;
			if (!snap || !snap.curr || snap.curr.pid !== pid) {
				qbad.push('run of ' + pid + ' at ' + r.getAttribute('x') + ': its pick queue runs ' +
					  (snap && snap.curr ? snap.curr.pid : 'nothing'));
				continue;
			}
			fq = fairQueue(snap, pid);
			if (/best prio a/.test(pick) && String(snap.curr.prio) !== a)
				bad = 'prio ' + snap.curr.prio + ', the rule says ' + a;
			if (/the best goodness a/.test(pick) && runner) {
				e = ((snap.queues || []).filter(function (q) { return q.kind === 'list'; })[0] || { tasks: [] })
					.tasks.filter(function (t) { return t.pid === +runner[1]; })[0];
				if (!e || String(e.goodness) !== b)
					bad = 'the runner-up\u2019s goodness ' + (e && e.goodness) + ', the rule says ' + b;
			}
			if (/the smallest vruntime a/.test(pick) && fq && fq.curr) {
				e = runner ? entity(fq, +runner[1]) : null;
				if (!near(fq.curr.vruntime, a) || (runner && (!e || !near(e.vruntime, b))))
					bad = 'vruntime ' + ms3(fq.curr.vruntime) + ' and ' + (e && ms3(e.vruntime)) +
					      ', the rule says ' + a + ' and ' + b;
			}
			if (/the earliest virtual deadline a/.test(pick) && fq && fq.curr &&
			    (!near(fq.curr.deadline, a) || !near(fq.avg_vruntime, b)))
				bad = 'deadline ' + ms3(fq.curr.deadline) + ' and V ' + ms3(fq.avg_vruntime) +
				      ', the rule says ' + a + ' and ' + b;
			if (bad)
				qbad.push('run of ' + pid + ' at ' + r.getAttribute('x') + ': ' + bad);
		}
	});
	var box = document.getElementById('at-pick');

	box.checked = true;
	box.dispatchEvent(new Event('change'));
	document.querySelectorAll('.cpu-card').forEach(function (c) {
		var m = c.querySelector('.moment');

		if (!m || !/^as the pick at tick \d+(\.\d+)? left it/.test(m.textContent))
			qbad.push('a card with "queues at the pick" ticked says ' + (m && m.textContent));
	});
	box.checked = false;
	box.dispatchEvent(new Event('change'));
	root.setAttribute('data-pickq', qbad.length ? qbad.length + ' wrong, e.g. ' + qbad[0] :
			  qn ? 'ok ' + qn : 'no run has its pick\u2019s runqueue');

	/* ---------------------------- the quantities, no JSON dumps */
	var CHARTS = { o1: ['sleep_avg', 'bonus', 'dynamic priority'], goodness: ['counter', 'goodness'],
		       cfs: ['vruntime'], eevdf: ['lag', 'virtual deadline'] }, cbad = [], charts = 0;

	document.querySelectorAll('section.run').forEach(function (sec) {
		var label = sec.getAttribute('data-label');
		var titles = Array.prototype.map.call(sec.querySelectorAll('.qchart h4'), function (h) {
			return h.textContent;
		});

		(CHARTS[label] || []).concat(['runqueue length']).forEach(function (name) {
			if (titles.some(function (t) { return t.indexOf(name) === 0; }))
				charts++;
			else
				cbad.push(label + ' has no chart of ' + name);
		});
	});
	if (document.querySelector('pre.raw'))
		cbad.push('a generic JSON dump: ' + document.querySelector('pre.raw').textContent.slice(0, 60));
	root.setAttribute('data-charts', cbad.length ? cbad.join('; ') : 'ok ' + charts);

	/* ------------------------------------- large trees: root, folds */
	var tbad = [], folds = 0;

	document.querySelectorAll('.tree-box').forEach(function (b) {
		var x = +b.getAttribute('data-root-x'), nodes = b.querySelectorAll('svg.tree > g').length;

		if (b.clientWidth && (x < b.scrollLeft || x > b.scrollLeft + b.clientWidth))
			tbad.push('a root at x = ' + x + ' out of the view ' + b.scrollLeft + '-' +
				  (b.scrollLeft + b.clientWidth));
		if (nodes > 31)
			tbad.push('a tree drawn with ' + nodes + ' nodes');
		folds += b.querySelectorAll('[data-unfold]').length;
	});
	root.setAttribute('data-trees', tbad.length ? tbad.join('; ') : 'ok ' + folds);

	/* ------------------------- every frame rebuilds the key frames */
	function same(x, y) {
		if (x === y)
			return true;
		if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null ||
		    Array.isArray(x) !== Array.isArray(y))
			return false;
		var kx = Object.keys(x), ky = Object.keys(y);

		return kx.length === ky.length && kx.every(function (k) {
			return Object.prototype.hasOwnProperty.call(y, k) && same(x[k], y[k]);
		});
	}

	var fbad = [], keys = 0, nframes = 0, f0 = performance.now();

	document.querySelectorAll('section.run').forEach(function (sec, s) {
		var cpus = +sec.getAttribute('data-cpus'), c, i, fr, st;

		for (c = 0; c < cpus; c++) {
			fr = Q.frames(s, c);
			nframes += fr.length;
			for (i = 1; i < fr.length; i++) {
				if (Array.isArray(fr[i][2]) || fr[i].length < 4)
					continue;
				st = Q.flat(s, c, i - 1);
				Q.apply(s, st, fr[i][3]);
				keys++;
				if (!same(st, fr[i][2]))
					fbad.push('section ' + s + ' CPU ' + c + ' frame ' + i + ' (tick ' + fr[i][0] + ')');
			}
		}
	});
	root.setAttribute('data-frames', fbad.length ? fbad.length + ' key frames not rebuilt, e.g. ' + fbad[0] :
			  keys ? 'ok ' + keys + ' key frames of ' + nframes + ' frames in ' +
			  Math.round(performance.now() - f0) + ' ms' : 'no key frame to check');

	/* ------------------------------------ zoom keeps the cursor */
	var slider = document.getElementById('tick'), sc = document.querySelector('.chart .scroll');
	var cursor = gantt.querySelector('rect.cursor'), where = [];

	slider.value = Math.floor(+slider.max * 2 / 3);
	slider.dispatchEvent(new Event('input'));
	for (i = 0; i < 3; i++) {
		document.getElementById('zoom-in').click();
		var x = +cursor.getAttribute('x') * (+gantt.getAttribute('width') / ticks);

		where.push(Math.round(x - sc.scrollLeft));
		if (x < sc.scrollLeft || x > sc.scrollLeft + sc.clientWidth) {
			root.setAttribute('data-zoom', 'after ' + (i + 1) + ' zoom-ins the cursor is at x = ' +
					  Math.round(x) + ', the view shows ' + Math.round(sc.scrollLeft) + '-' +
					  Math.round(sc.scrollLeft + sc.clientWidth));
			return;
		}
	}
	root.setAttribute('data-zoom', 'ok ' + where.join(' '));
}());
