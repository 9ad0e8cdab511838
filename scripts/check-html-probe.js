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
 *	steps to the next tick, each with a layout, in ms.
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
