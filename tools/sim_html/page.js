/*
 * tools/sim_html/page.js - the script of a kstruct sim --html page.
 *
 * The charts are already in the page (SVG written by tools/sim_html.c);
 * this script adds what moves: the time axis and the zoom, the tick
 * slider and its cursor on every chart, the runqueues of every CPU at the
 * chosen tick (drawn from the snapshots of each run, by their "kind"),
 * the highlighting of a task, and the report's tables.  It loads nothing
 * and changes no chart's runs.  When everything is drawn it sets
 * <html data-js-status="ready">, which the browser test waits for.
 */
(function () {
	'use strict';

	var LABEL_W = 150;
	var CPU_ROW = 28;	/* tools/sim_html.c's CPU_ROW and TASK_ROW */
	var TASK_ROW = 14;
	var MAX_PRIO = 140;
	var MAX_RT_PRIO = 100;
	var SVG_NS = document.querySelector('svg').namespaceURI;

	var slider = document.getElementById('tick');
	var tickLabel = document.getElementById('tick-label');
	var hover = document.getElementById('hover');
	var hoverIdle = hover.textContent;
	var runs = [];
	var recorded = [];	/* the ticks the slider steps through */
	var pxPerTick = 1;
	var maxTicks = 1;
	var player = null;

	/* ------------------------------------------------------- helpers */

	function el(tag, attrs, children) {
		var e = document.createElement(tag);

		setAll(e, attrs, children);
		return e;
	}

	function svg(tag, attrs, children) {
		var e = document.createElementNS(SVG_NS, tag);

		setAll(e, attrs, children);
		return e;
	}

	function setAll(e, attrs, children) {
		var k;

		for (k in attrs || {}) {
			if (k === 'text')
				e.textContent = attrs[k];
			else
				e.setAttribute(k, attrs[k]);
		}
		(children || []).forEach(function (c) {
			if (c !== null && c !== undefined)
				e.appendChild(typeof c === 'string' ?
					      document.createTextNode(c) : c);
		});
	}

	function parseJSON(node) {
		return JSON.parse(node.textContent);
	}

	/* the same hue as tools/sim_html.c task_hue() */
	function taskHue(pid) {
		return (pid * 137) % 360;
	}

	function taskColour(pid) {
		return 'hsl(' + taskHue(pid) + ',62%,60%)';
	}

	function big(n) {
		var a = Math.abs(n);

		if (a >= 1e9)
			return (n / 1e9).toFixed(2) + 'G';
		if (a >= 1e6)
			return (n / 1e6).toFixed(2) + 'M';
		if (a >= 1e4)
			return (n / 1e3).toFixed(1) + 'k';
		return String(n);
	}

	function timeText(tick, hz) {
		var s = tick / hz;

		if (s >= 1 || tick === 0)
			return (+s.toFixed(3)) + ' s';
		return (+(s * 1000).toFixed(2)) + ' ms';
	}

	/*
	 * The largest i < @n with @key(i) <= @t, keys rising with i; -1 when
	 * there is none.
	 */
	function lastAtMost(n, key, t) {
		var lo = 0, hi = n - 1, mid;

		if (!n || key(0) > t)
			return -1;
		while (lo < hi) {
			mid = (lo + hi + 1) >> 1;
			if (key(mid) <= t)
				lo = mid;
			else
				hi = mid - 1;
		}
		return lo;
	}

	/* the index of the last recorded tick <= @tick (0 when none) */
	function indexAtOrBefore(tick) {
		return Math.max(lastAtMost(recorded.length, function (i) { return recorded[i]; }, tick), 0);
	}

	function nearestIndex(tick) {
		var i = indexAtOrBefore(tick);

		if (i + 1 < recorded.length &&
		    recorded[i + 1] - tick < tick - recorded[i])
			return i + 1;
		return i;
	}

	/* -------------------------------------------------- the runqueues */

	var SHOWN = { pid: 1, comm: 1, policy: 1, prio: 1, nice: 1,
		      color: 1, left: 1, right: 1 };

	/*
	 * The fair classes' virtual times (ns of virtual time in the
	 * snapshots), shown in ms of virtual time everywhere on the page.
	 */
	var VIRTUAL = { vruntime: 1, min_vruntime: 1, avg_vruntime: 1, deadline: 1,
			min_deadline: 1, lag: 1 };

	function vt(v) {
		return (v / 1e6).toFixed(3);
	}

	function fieldText(k, v) {
		return VIRTUAL[k] && typeof v === 'number' ? vt(v) + ' ms' : String(v);
	}

	function taskTitle(t) {
		return Object.keys(t).filter(function (k) {
			return typeof t[k] !== 'object';
		}).map(function (k) {
			return k + ': ' + (VIRTUAL[k] ? fieldText(k, t[k]) + ' of virtual time' : t[k]);
		}).join('\n');
	}

	/* @t's fields named in @detail, for a line of text */
	function details(t, detail) {
		return (detail || []).filter(function (k) {
			return k in t;
		}).map(function (k) {
			var v = t[k];

			return k.replace(/_/g, ' ') + ' ' +
			       (VIRTUAL[k] ? fieldText(k, v) : typeof v === 'number' ? big(v) : String(v));
		}).join(', ');
	}

	/*
	 * a task of a queue; @detail: its fields worth showing inline;
	 * @group: the task group whose queue holds it, if not the root's
	 */
	function chip(t, currPid, detail, group) {
		var extra = details(t, detail);

		return el('span', {
			'class': 'task' + (t.pid === currPid ? ' curr' : ''),
			style: 'background:' + taskColour(t.pid),
			title: taskTitle(t) + (group ? '\ntask group: ' + group : ''),
			'data-pid': t.pid
		}, [t.comm + ' ' + t.pid,
		    extra ? el('small', { text: ' ' + extra }) : null,
		    group ? el('small', { 'class': 'in-group',
					  text: ' in ' + group }) : null]);
	}

	/* -------------------------------------------------- task groups */

	/*
	 * Under cfs and eevdf a task group's entity stands in its parent's
	 * queue for the group's own queue on that CPU: it has "group" (the
	 * name) and "queue" in place of a task's pid and comm.
	 */
	function isGroup(e) {
		return e !== null && typeof e === 'object' &&
		       typeof e.group === 'string';
	}

	/* a queue's entities: the running one, then the tree in key order */
	function entities(q) {
		var all = q.curr ? [q.curr] : [];

		(function walk(n) {
			if (!n)
				return;
			walk(n.left);
			all.push(n);
			walk(n.right);
		}(q.root));
		return all;
	}

	/* the pids of the tasks queued below a group entity, as one string */
	function groupPids(e) {
		var pids = [];

		(function collect(q) {
			entities(q).forEach(function (x) {
				if (isGroup(x))
					collect(x.queue);
				else
					pids.push(x.pid);
			});
		}(e.queue));
		return pids.join(' ');
	}

	/* "weight 512 of shares 1024": this CPU's part of the group's weight */
	function groupWeight(e) {
		return 'weight ' + big(e.weight) + ' of shares ' + big(e.shares);
	}

	/* a group entity as a chip: pointing at it lights up its tasks */
	function groupChip(e, detail) {
		var extra = details(e, detail);

		return el('span', { 'class': 'group-chip', title: taskTitle(e),
				    'data-pids': groupPids(e) },
			  ['group ' + e.group,
			   el('small', { text: ' ' + groupWeight(e) +
						(extra ? ', ' + extra : '') })]);
	}

	/*
	 * A group entity's queue on this CPU, boxed and indented below the
	 * tree that holds the entity: a tree of its own, with its child
	 * groups' boxes inside.
	 */
	function groupBox(e, currPid) {
		var info = scalars(e.queue, { 'class': 1, kind: 1 });

		return el('div', { 'class': 'group-box', 'data-group': e.group }, [
			el('h5', { title: taskTitle(e), 'data-pids': groupPids(e) },
			   ['group ' + e.group + ' ',
			    el('span', { 'class': 'sub',
					 text: groupWeight(e) + ' \u00b7 vruntime ' +
					       fieldText('vruntime', e.vruntime) + ' \u00b7 its queue: ' + info })]),
			rbtree(e.queue, currPid, e.group)
		]);
	}

	/* the group of the running task of a snapshot ("" for the root's) */
	function runningGroup(snap) {
		var group = '';

		(snap.queues || []).forEach(function (q) {
			var e = q.kind === 'rbtree' ? q.curr : null;

			while (isGroup(e)) {
				group = e.group;
				e = e.queue.curr;
			}
		});
		return group;
	}

	function scalars(obj, skip) {
		return Object.keys(obj).filter(function (k) {
			return !skip[k] && obj[k] !== null &&
			       typeof obj[k] !== 'object';
		}).map(function (k) {
			return k.replace(/_/g, ' ') + ' ' + fieldText(k, obj[k]);
		}).join(' \u00b7 ');
	}

	/* one word of a bitmap as 32-bit halves: "0x" then hex digits */
	function bitSet(words, bit) {
		var bits = (words[0].length - 2) * 4;
		var w = words[Math.floor(bit / bits)], b = bit % bits;
		var digits, from;

		if (w === undefined)
			return false;
		digits = w.slice(2);
		from = digits.length - 8 * (Math.floor(b / 32) + 1);
		return ((parseInt(digits.slice(Math.max(from, 0), from + 8), 16) >>>
			 (b % 32)) & 1) === 1;
	}

	function bitmap(words) {
		var n = MAX_PRIO + 1, cells = [], i;

		for (i = 0; i < n; i++)
			cells.push(svg('rect', {
				'class': bitSet(words, i) ? 'on' : 'off',
				x: i + 0.08, y: 0, width: 0.84, height: 10
			}, [svg('title', { text: 'bit ' + i + (i === MAX_PRIO ?
					    ' (the delimiter bit)' : '') })]));
		cells.push(svg('line', { 'class': 'rtmark', x1: MAX_RT_PRIO,
					 x2: MAX_RT_PRIO, y1: -1, y2: 11,
					 'vector-effect': 'non-scaling-stroke' }));
		return svg('svg', { 'class': 'bitmap', width: '100%', height: 14,
				    viewBox: '0 -1 ' + n + ' 12',
				    preserveAspectRatio: 'none' }, cells);
	}

	function prioArrays(q, currPid) {
		var empty = q.arrays.every(function (a) { return !a.nr_active; });

		/* nothing queued (often the rt class beside another): one line */
		if (empty)
			return el('details', { 'class': 'array' }, [
				el('summary', { 'class': 'empty',
						text: 'no task queued in ' + q.arrays.map(function (a) {
							return a.name;
						}).join(' or ') }),
				el('div', {}, q.arrays.map(function (a) {
					return el('div', { 'class': 'bitwords',
							   text: a.name + ' bitmap ' + a.bitmap.join(' ') });
				}))
			]);
		return el('div', {}, q.arrays.map(function (a) {
			var rows = a.queues.map(function (pq) {
				var items = [el('span', { 'class': 'prio',
							  text: 'prio ' + pq.prio })];

				var chips = [];

				pq.tasks.forEach(function (t, i) {
					if (i)
						chips.push(el('span', { 'class': 'arrow',
									text: '\u2192' }));
					chips.push(chip(t, currPid, ['time_slice']));
				});
				items.push(el('span', { 'class': 'chips' }, chips));
				return el('div', { 'class': 'prioq' }, items);
			});

			if (!rows.length)
				rows.push(el('div', { 'class': 'empty',
						      text: 'no task queued' }));
			return el('div', { 'class': 'array' }, [
				el('span', { 'class': 'name',
					     text: a.name + ' array' }),
				el('span', { text: ' \u00b7 nr_active ' + a.nr_active }),
				bitmap(a.bitmap),
				el('div', { 'class': 'bitscale' }, [
					el('span', { text: '0' }),
					el('span', { style: 'left:' + (100 * MAX_RT_PRIO / (MAX_PRIO + 1)) + '%',
						     text: '100' }),
					el('span', { style: 'right:0', text: '140' })
				]),
				el('div', { 'class': 'bitwords',
					    text: 'bitmap ' + a.bitmap.join(' ') })
			].concat(rows));
		}));
	}

	/* the run list from its head, a task a line */
	function runList(q, currPid) {
		if (!q.tasks.length)
			return el('div', { 'class': 'empty', text: 'empty run list' });
		return el('div', {}, q.tasks.map(function (t, i) {
			return el('div', { 'class': 'prioq' }, [
				el('span', { 'class': 'prio', text: i ? '\u2192' : 'head \u2192' }),
				chip(t, currPid, ['counter', 'goodness', 'cpu'])
			]);
		}));
	}

	/*
	 * A red-black tree: x by in-order position, y by depth; each entity
	 * with its vruntime, and under EEVDF its deadline, the smallest
	 * deadline of its subtree and whether it is eligible.  A task
	 * group's entity is drawn as a node of its own kind, and its queue
	 * in a box below (groupBox()); @group names the group whose queue
	 * @q is, if not the root's: its tasks say so.
	 */
	function rbtree(q, currPid, group) {
		var nodes = [], edges = [], order = 0, depthMax = 0;
		var eevdf = q.root && 'deadline' in q.root;
		var groups = entities(q).filter(isGroup);
		/* a line more for a group's weight, or for the tasks' group */
		var extra = groups.length || group ? 1 : 0;
		var BOXW = 176, BOXH = (eevdf ? 48 : 34) + 14 * extra;
		var W = BOXW + 8, H = BOXH + 18;

		/*
		 * A large tree shows its top levels; a node whose subtrees
		 * are cut says how many entities they hold, and a click on it
		 * unfolds them (kept per entity while the page is open).
		 */
		function size(n) {
			return n ? 1 + size(n.left) + size(n.right) : 0;
		}
		var large = size(q.root) > 31;

		function place(n, depth) {
			var me, l, r, key, hidden;

			if (!n)
				return null;
			key = isGroup(n) ? 'g' + n.group : 'p' + n.pid;
			if (large && depth >= 4 && !unfolded[key] && (n.left || n.right)) {
				hidden = size(n) - 1;
				me = { n: n, x: order++ * W + W / 2, y: depth * H + BOXH / 2 + 2,
				       folded: hidden, key: key };
				depthMax = Math.max(depthMax, depth);
				nodes.push(me);
				return me;
			}
			l = place(n.left, depth + 1);
			me = { n: n, x: order++ * W + W / 2, y: depth * H + BOXH / 2 + 2 };
			depthMax = Math.max(depthMax, depth);
			r = place(n.right, depth + 1);
			[l, r].forEach(function (c) {
				if (c)
					edges.push(svg('line', { 'class': 'edge', x1: me.x, y1: me.y,
								 x2: c.x, y2: c.y }));
			});
			nodes.push(me);
			return me;
		}

		/* at most @n characters of @text */
		function cut(text, n) {
			return text.length > n ? text.slice(0, n - 1) + '\u2026' : text;
		}

		function lines(n) {
			var l = [isGroup(n) ? cut('group ' + n.group, 22) :
				 n.comm + ' ' + n.pid, 'vr ' + vt(n.vruntime)];

			if (eevdf) {
				l[1] += ' dl ' + vt(n.deadline);
				l.push((n.eligible ? 'eligible' : 'not eligible') +
				       ', min ' + vt(n.min_deadline));
			}
			if (isGroup(n))
				l.push(cut('w ' + big(n.weight) + ' of shares ' +
					   big(n.shares), 24));
			else if (group)
				l.push(cut('in ' + group, 24));
			return l;
		}

		var rootNode = place(q.root, 0), rootX = rootNode ? rootNode.x : 0;
		var parts = [];
		var currDetail = eevdf ? ['vruntime', 'deadline'] : ['vruntime'];

		if (q.curr)
			parts.push(el('div', {}, ['running, out of the tree: ',
				isGroup(q.curr) ? groupChip(q.curr, currDetail) :
				chip(q.curr, currPid, currDetail, group)]));
		if (!nodes.length)
			parts.push(el('div', { 'class': 'empty', text: 'empty tree' }));
		var g = nodes.map(function (p) {
			var n = p.n, top = p.y - BOXH / 2, kind = isGroup(n);
			var title = taskTitle(n) + (group && !kind ?
					'\ntask group: ' + group : '');

			return svg('g', kind ? { 'class': 'group-node',
						 'data-pids': groupPids(n) } : {}, [
				svg('rect', { 'class': (n.color === 'red' ? 'red' : 'black') +
						       (kind ? ' group' : '') +
						       (n.eligible === false ? ' ineligible' : ''),
					      x: p.x - BOXW / 2, y: top,
					      width: BOXW, height: BOXH, rx: 6 }),
				/* the task's colour, as in the charts; a group has none */
				svg('rect', { 'class': kind ? 'group-mark' : '',
					      x: p.x - BOXW / 2 + 4, y: top + 4, width: 7,
					      height: BOXH - 8, rx: 2,
					      fill: kind ? '#fff' : taskColour(n.pid) })
			].concat(lines(n).map(function (t, i) {
				return svg('text', { 'class': 'node-label' + (i ? '' : ' name'),
						     x: p.x + 5, y: top + 14 + 14 * i,
						     'text-anchor': 'middle', text: t });
			}), p.folded ? [svg('text', { 'class': 'fold', x: p.x, y: top + BOXH + 13,
						      'text-anchor': 'middle', 'data-unfold': p.key,
						      text: '\u25bc ' + p.folded + ' more below: click to unfold' })] : [],
			[svg('title', { text: title })]));
		});
		if (nodes.length)
			parts.push(el('div', { 'class': 'tree-box', style: 'overflow-x:auto',
					       'data-root-x': rootX }, [
				svg('svg', { 'class': 'tree', width: order * W,
					     height: (depthMax + 1) * H + 4 },
				    edges.concat(g))
			]));
		return el('div', {}, parts.concat(groups.map(function (e) {
			return groupBox(e, currPid);
		})));
	}

	/*
	 * The deadline class's queue: its tasks by absolute deadline (the
	 * earliest runs), then the throttled ones, each with what is left of
	 * its runtime and its misses and throttles so far.
	 */
	function edfList(q, currPid) {
		if (!q.tasks.length)
			return el('div', { 'class': 'empty', text: 'no deadline task queued' });
		return el('div', {}, q.tasks.map(function (t, i) {
			return el('div', { 'class': 'prioq' }, [
				el('span', { 'class': 'prio', text: t.throttled ? 'throttled' :
							 i ? '\u2192' : 'earliest \u2192' }),
				chip(t, currPid, ['deadline', 'runtime', 'misses', 'throttles'])
			]);
		}));
	}

	var KINDS = { prio_arrays: prioArrays, list: runList, rbtree: rbtree, edf: edfList };
	var unfolded = {};

	/* a tree's box scrolled so that its root stands in the middle */
	function centreRoot(box) {
		box.scrollLeft = Math.max(0, +box.getAttribute('data-root-x') - box.clientWidth / 2);
	}

	function queueView(q, currPid) {
		var draw = KINDS[q.kind];
		var body = draw ? draw(q, currPid) :
			   el('pre', { 'class': 'raw', text: JSON.stringify(q, null, 1) });
		var info = scalars(q, { 'class': 1, kind: 1 });

		return el('div', { 'class': 'queue' }, [
			el('h4', { text: q['class'] + ' \u00b7 ' + q.kind +
					 (info ? ' \u00b7 ' + info : '') +
					 (q.kind === 'rbtree' ? ' \u00b7 vr, dl, min: ms of virtual time' : '') }),
			body
		]);
	}

	function cpuCard(snap) {
		var currPid = snap.curr ? snap.curr.pid : 0;
		/* a tree needs the width of the page */
		var wide = (snap.queues || []).some(function (q) {
			return q.kind === 'rbtree';
		});

		return el('div', { 'class': 'cpu-card' + (wide ? ' wide' : '') }, [
			el('h3', {}, ['CPU ' + snap.cpu + ' ',
				      el('span', { 'class': 'sub',
						   text: 'nr_running ' + snap.nr_running +
							 ' \u00b7 nr_switches ' + snap.nr_switches })]),
			el('div', {}, ['running: ', snap.curr ?
				       chip(snap.curr, currPid, [], runningGroup(snap)) :
				       el('span', { 'class': 'empty', text: 'the idle task' })])
		].concat((snap.queues || []).map(function (q) {
			return queueView(q, currPid);
		})));
	}

	/*
	 * The recorded runqueues (tools/sim_html.c, struct html_stream): per
	 * CPU a list of frames [tick, at a pick?, DATA], DATA a flat
	 * snapshot (a key frame) or the changes to the frame before, each
	 * [path, value] (set), [path] (delete), [path, null, n] (cut an
	 * array to n) or [path, null, null, from] (a copy of what stood at
	 * path from), a path being an index into the run's table of paths.
	 * A CPU's state at frame i is its last key frame at or before i
	 * with the changes after it applied; stepping forward applies only
	 * the new ones.
	 */
	function clone(v) {
		return v !== null && typeof v === 'object' ? JSON.parse(JSON.stringify(v)) : v;
	}

	function streamOf(run, cpu) {
		var S = run.snaps, st = run.streams[cpu], fr, i, key = -1;

		if (st)
			return st;
		fr = (S.cpus || [])[cpu] || [];
		st = { frames: fr, ticks: new Float64Array(fr.length), key: new Int32Array(fr.length),
		       at: -1, state: null };
		for (i = 0; i < fr.length; i++) {
			st.ticks[i] = fr[i][0];
			if (!Array.isArray(fr[i][2]))
				key = i;
			st.key[i] = key;
		}
		if (!S.split)
			S.split = S.paths.map(function (p) { return p.split('.'); });
		run.streams[cpu] = st;
		return st;
	}

	/* the object holding the last key of @path in @s, and that key */
	function walkTo(s, path) {
		var o = s, i;

		for (i = 0; i + 1 < path.length; i++)
			o = o[path[i]];
		return [o, path[path.length - 1]];
	}

	function applyOps(run, s, ops) {
		var split = run.snaps.split;

		ops.forEach(function (op) {
			var w = walkTo(s, split[op[0]]), f;

			if (op.length === 1)
				delete w[0][w[1]];
			else if (op.length === 2)
				w[0][w[1]] = clone(op[1]);
			else if (op.length === 3)
				w[0][w[1]].length = op[2];
			else {
				f = walkTo(s, split[op[3]]);
				w[0][w[1]] = clone(f[0][f[1]]);
			}
		});
	}

	/* the flat state of @cpu at its frame @i (kept: do not change it) */
	function frameState(run, cpu, i) {
		var st = streamOf(run, cpu), k, from;

		if (i < 0 || i >= st.frames.length)
			return null;
		k = st.key[i];
		if (k < 0)
			return null;
		if (st.state && st.at <= i && st.at >= k) {
			from = st.at + 1;
		} else {
			st.state = clone(st.frames[k][2]);
			from = k + 1;
		}
		for (; from <= i; from++)
			applyOps(run, st.state, st.frames[from][2]);
		st.at = i;
		return st.state;
	}

	/* the last frame of @cpu at or before the end of @tick, or -1 */
	function frameAt(run, cpu, tick) {
		var t = streamOf(run, cpu).ticks;

		return lastAtMost(t.length, function (i) { return t[i]; }, tick);
	}

	/*
	 * A flat state as sched_snapshot() gave it: each tree's nodes linked
	 * again from its root, and eevdf's lag (V less vruntime), which the
	 * recording leaves out where it is exactly that, worked out again.
	 */
	function expand(v, V) {
		var out, k;

		if (Array.isArray(v))
			return v.map(function (x) { return expand(x, V); });
		if (v === null || typeof v !== 'object')
			return v;
		out = {};
		if (typeof v.avg_vruntime === 'number')
			V = v.avg_vruntime;
		for (k in v) {
			if (k === 'nodes')
				continue;
			out[k] = v.nodes && k === 'root' ? node(v.nodes, v[k], V) : expand(v[k], V);
		}
		if (V !== undefined && typeof out.vruntime === 'number' && 'deadline' in out &&
		    !('lag' in out))
			out.lag = V - out.vruntime;
		return out;
	}

	function node(nodes, id, V) {
		var n, out;

		if (id === null || id === undefined || !nodes[id])
			return null;
		n = nodes[id];
		out = expand(n, V);
		out.left = node(nodes, n.left, V);
		out.right = node(nodes, n.right, V);
		return out;
	}

	/* the runqueue of @cpu as sched_snapshot() gave it at its frame @i */
	function queueAt(run, cpu, i) {
		var s = frameState(run, cpu, i);

		return s ? expand(s) : null;
	}

	/* the run picked last on @cpu at or before @tick, or null */
	function lastPick(run, cpu, tick) {
		var list = run.byCpu[cpu] || [], i = lastAtOrBefore(list, tick);

		return i >= 0 ? list[i] : null;
	}

	var atPick = false;	/* every card as its CPU's last pick left it */
	var pickRun = null;	/* a run clicked: its CPU's card at its pick */

	function showRunqueues(run, tick) {
		var cards = [], groups = 0, cpu, r, snap, i, card, note;

		for (cpu = 0; cpu < run.cpus; cpu++) {
			r = pickRun && pickRun.run === run && pickRun.cpu === cpu &&
			    pickRun.start === tick ? pickRun : atPick ? lastPick(run, cpu, tick) : null;
			if (r && r.q >= 0) {
				snap = queueAt(run, cpu, r.q);
				note = 'as the pick at tick ' + r.start + ' left it: the values ' +
				       (run.names[r.pid] || '?') + '\u2019s pick compared';
			} else {
				i = frameAt(run, cpu, tick);
				snap = i >= 0 ? queueAt(run, cpu, i) : null;
				note = 'at the end of tick ' + tick;
			}
			if (!snap)
				continue;
			groups += countGroups(snap);
			card = cpuCard(snap);
			card.insertBefore(el('div', { 'class': 'moment', text: note }), card.children[1]);
			card.insertBefore(pickLine(run, snap.cpu, tick), card.children[3] || null);
			cards.push(card);
		}
		run.rq.replaceChildren.apply(run.rq, cards);
		run.rq.setAttribute('data-groups', groups);
		run.rq.querySelectorAll('.tree-box').forEach(centreRoot);
	}

	/* the task group entities of a snapshot (objects with a "group") */
	function countGroups(v) {
		var n = 0, k;

		if (v === null || typeof v !== 'object')
			return 0;
		if (!Array.isArray(v) && typeof v.group === 'string')
			n++;
		for (k in v)
			n += countGroups(v[k]);
		return n;
	}

	/*
	 * The last pick on @cpu at or before @tick, as the class decided it:
	 * the queue below is read at the end of the tick, after the pick,
	 * unless shown as at the pick.
	 */
	function pickLine(run, cpu, tick) {
		var list = run.byCpu[cpu] || [], i = lastAtOrBefore(list, tick), r = i >= 0 ? list[i] : null;
		var lines, text;

		if (!r)
			return el('div', { 'class': 'pick', text: 'no task picked here yet' });
		lines = r.el.querySelector('title').textContent.split('\n');
		text = 'at tick ' + r.start + ' ' + (run.names[r.pid] || '?') + ' was ' +
		       (lines[3] || '').replace(/^picked: /, 'picked: ');
		if (i > 0 && list[i - 1].end === r.start)
			text += ' \u00b7 it replaced ' + (run.names[list[i - 1].pid] || '?') + ', ' +
				(lines.length && list[i - 1].el.querySelector('title').textContent.split('\n')[2] || '');
		return el('div', { 'class': 'pick', text: text + (r.end <= tick ? ' \u00b7 it ran to tick ' + r.end : '') });
	}

	/* for the browser test: the recorded runqueues, reconstructed */
	window.kstructQueues = {
		frames: function (s, cpu) { return streamOf(runs[s], cpu).frames; },
		flat: function (s, cpu, i) { return clone(frameState(runs[s], cpu, i)); },
		apply: function (s, state, ops) { applyOps(runs[s], state, ops); },
		at: function (s, cpu, i) { return queueAt(runs[s], cpu, i); },
		atTick: function (s, cpu, tick) {
			var i = frameAt(runs[s], cpu, tick);

			return i >= 0 ? queueAt(runs[s], cpu, i) : null;
		},
		expand: function (v) { return expand(v); }
	};

	/* -------------------------------------------------- time and zoom */

	function niceStep(ticks) {
		var p = Math.pow(10, Math.floor(Math.log10(Math.max(ticks, 1))));
		var m = [1, 2, 5, 10].find(function (f) { return f * p >= ticks; });

		return m * p;
	}

	/*
	 * One time axis for every run, though each ticks at its own HZ:
	 * pxPerTick is per tick of the first run, and a run's own tick is
	 * run.f of those (the first run's HZ over its own: pxOf(run) pixels).
	 * The marks are at the first run's ticks, so they fall at the same
	 * times in all.
	 */
	function pxOf(run) {
		return pxPerTick * run.f;
	}

	function drawAxis(run) {
		var len = run.ticks * run.f;
		var width = Math.round(len * pxPerTick);
		var step = niceStep(90 / pxPerTick), t, parts = [];

		for (t = 0; t <= len; t += step) {
			parts.push(svg('line', { x1: t * pxPerTick + 0.5, x2: t * pxPerTick + 0.5,
						 y1: 14, y2: 20 }));
			/* a label that would not fit is left out */
			if (t * pxPerTick + 70 <= width)
				parts.push(svg('text', { x: t * pxPerTick + 3, y: 12,
							 text: timeText(t, runs[0].hz) }));
		}
		run.axis.replaceChildren.apply(run.axis, parts);
		run.axis.setAttribute('width', Math.max(width, 1));
	}

	/* the first chart's scroll box, which every other follows */
	function scroller() {
		return document.querySelector('.chart .scroll');
	}

	/*
	 * Zoom to @px pixels a tick, keeping @anchor (a tick; default the
	 * cursor's) where it stood on the screen, or in the middle of the
	 * view when it was out of it.
	 */
	function zoomTo(px, anchor) {
		var sc = scroller(), old = pxPerTick, at, view;

		if (anchor === undefined)
			anchor = currentTick();
		at = anchor * old - (sc ? sc.scrollLeft : 0);
		view = sc ? sc.clientWidth : 0;
		if (at < 0 || at > view)
			at = view / 2;
		pxPerTick = Math.min(Math.max(px, 0.02), 64);
		runs.forEach(function (run) {
			run.plots.forEach(function (p) {
				p.setAttribute('width', Math.max(1, Math.round(run.ticks * pxOf(run))));
			});
			run.qplots.forEach(function (q) {
				q.box.style.width = Math.max(1, Math.round(run.ticks * pxOf(run))) + 'px';
			});
			drawAxis(run);
		});
		if (sc) {
			sc.scrollLeft = Math.max(0, anchor * pxPerTick - at);
			syncScroll(sc);
		}
		redrawView();
		saveHash();
	}

	/* what depends on the part of the charts in view */
	function redrawView() {
		runs.forEach(function (run) {
			drawNames(run);
			run.qplots.forEach(drawQuantity);
		});
	}

	var fitted = true;	/* the charts fit the window: keep them so */

	function fit() {
		var avail = runs[0].section.clientWidth - LABEL_W - 2;

		fitted = true;
		zoomTo(Math.max(avail, 200) / maxTicks);
	}

	/* keep every chart's scroll position together */
	var syncing = false;

	function syncScroll(source) {
		if (syncing)
			return;
		syncing = true;
		document.querySelectorAll('.chart .scroll').forEach(function (s) {
			if (s !== source && s.scrollLeft !== source.scrollLeft)
				s.scrollLeft = source.scrollLeft;
		});
		syncing = false;
	}

	/* ------------------------------------------------ the chosen tick */

	function currentTick() {
		return recorded[+slider.value] || 0;
	}

	function choose(index) {
		var tick;

		index = Math.min(Math.max(index, 0), recorded.length - 1);
		slider.value = index;
		tick = recorded[index];
		tickLabel.textContent = 'tick ' + tick + ' (' +
			timeText(tick, runs[0].hz) + ')';
		runs.forEach(function (run) {
			/* the same time, in the run's own ticks */
			var own = Math.floor(tick / run.f);

			run.cursors.forEach(function (c) {
				c.setAttribute('x', own);
			});
			run.qplots.forEach(function (q) {
				q.cursor.style.left = (tick * pxPerTick) + 'px';
			});
			showRunqueues(run, own);
		});
		saveHash();
	}

	/* step to the neighbour; the cursor stays in view */
	function step(delta) {
		var sc = scroller(), x;

		choose(+slider.value + delta);
		if (!sc)
			return;
		x = currentTick() * pxPerTick;
		if (x < sc.scrollLeft || x > sc.scrollLeft + sc.clientWidth) {
			sc.scrollLeft = Math.max(0, x - sc.clientWidth / 2);
			syncScroll(sc);
		}
	}

	/*
	 * Play in simulated time: the speed is simulated seconds per second
	 * of the clock; each frame goes to the recorded tick at or before
	 * where that time has come.
	 */
	function play() {
		var button = document.getElementById('play');
		var speed = document.getElementById('speed');
		var from, start;

		if (player) {
			cancelAnimationFrame(player);
			player = null;
			button.textContent = '\u25b6\ufe0e play';
			return;
		}
		if (+slider.value >= recorded.length - 1)
			choose(0);
		button.textContent = '\u25a0 pause';
		from = currentTick();
		start = null;
		player = requestAnimationFrame(function frame(now) {
			var want, i;

			if (start === null)
				start = now;
			want = from + (now - start) / 1000 * (+speed.value) * runs[0].hz;
			i = indexAtOrBefore(Math.floor(want));
			if (i !== +slider.value)
				step(i - +slider.value);
			if (+slider.value >= recorded.length - 1) {
				player = requestAnimationFrame(function () {});
				play();
				return;
			}
			player = requestAnimationFrame(frame);
		});
	}

	/* ------------------------------------------- the URL's hash */

	/*
	 * #tick=T&zoom=Z&sel=PID: the chosen tick, the zoom (pixels a tick,
	 * or "fit") and the selected task; written as they change, read at
	 * load.
	 */
	var selected = null, hashReady = false;

	var hashTimer = null;

	function hashText() {
		return '#tick=' + currentTick() + '&zoom=' +
		       (fitted ? 'fit' : +pxPerTick.toPrecision(6)) +
		       (selected !== null ? '&sel=' + selected : '');
	}

	/* at most a few times a second: browsers throttle replaceState() */
	function saveHash() {
		if (!hashReady || hashTimer !== null)
			return;
		hashTimer = setTimeout(function () {
			var h = hashText();

			hashTimer = null;
			if (location.hash !== h)
				history.replaceState(null, '', h);
		}, 250);
	}

	function hashValue(name) {
		var m = new RegExp('(?:^#|&)' + name + '=([^&]*)').exec(location.hash);

		return m ? decodeURIComponent(m[1]) : null;
	}

	/* -------------------------------------------------- highlighting */

	/* light up the runs and rows of @pids (a list; null: the selected) */
	function highlight(pids, text) {
		if (pids === null && selected !== null)
			pids = [String(selected)];
		document.querySelectorAll('.hl').forEach(function (e) {
			e.classList.remove('hl');
		});
		document.querySelectorAll('.plot.gantt').forEach(function (p) {
			p.classList.toggle('dim', pids !== null);
		});
		(pids || []).forEach(function (pid) {
			document.querySelectorAll('rect.run[data-pid="' + pid + '"], ' +
						  '.labels text[data-pid="' + pid + '"]')
				.forEach(function (e) {
					e.classList.add('hl');
				});
		});
		hover.textContent = text;
	}

	/* what pointing at lights up: a task's runs, or a group's tasks' */
	var POINTED = '.labels text[data-pid], .task, ' +
		      '.group-chip, .group-node, .group-box > h5';

	function onOver(e) {
		var r = e.target.closest(POINTED);

		if (!r)
			return;
		if (r.hasAttribute('data-pids'))
			highlight(r.getAttribute('data-pids').split(' ').filter(Boolean),
				  r.textContent + ' (its tasks lit up in the charts)');
		else
			highlight([r.getAttribute('data-pid')], r.textContent);
	}

	function onOut(e) {
		if (e.target.closest(POINTED))
			highlight(null, hoverIdle);
	}

	/* a click chooses the tick under the pointer, and selects its run's task */
	function onClick(e) {
		var plot = e.target.closest('svg.plot, .qplot');
		var box = plot.getBoundingClientRect();
		var hit = plot.kstructHit ? plot.kstructHit(e) : null;

		selected = hit && hit.pid ? hit.pid : null;
		pickRun = hit && hit.run ? hit.run : null;
		if (pickRun)
			choose(indexAtOrBefore(Math.floor(pickRun.start * pickRun.run.f)));
		else
			choose(nearestIndex(Math.floor((e.clientX - box.left) / pxPerTick)));
		highlight(null, hit ? hit.text : hoverIdle);
	}

	/* ---------------------------------------- what is under the pointer */

	/* @run's own tick and the row under pointer event @e on @plot */
	function pointer(run, e, plot, rowHeight) {
		var box = plot.getBoundingClientRect();

		return { tick: (e.clientX - box.left) / pxOf(run),
			 row: Math.floor((e.clientY - box.top) / rowHeight),
			 px: e.clientX - box.left };
	}

	/* the index of the last item of @list (sorted by .start) starting <= @t */
	function lastAtOrBefore(list, t) {
		return lastAtMost(list.length, function (i) { return list[i].start; }, t);
	}

	/*
	 * The run under the pointer: the one whose interval holds its tick on
	 * the CPU of its row, whatever the zoom; else a run within 3 pixels
	 * (a zero-length one, or one narrower than a pixel).
	 */
	function runAt(run, e) {
		var p = pointer(run, e, run.gantt, CPU_ROW), list = run.byCpu[p.row] || [];
		var i = lastAtOrBefore(list, p.tick), best = null, d, k;

		if (i >= 0 && p.tick < list[i].end)
			return list[i];
		for (k = Math.max(i - 2, 0); k <= i + 2 && k < list.length; k++) {
			d = Math.min(Math.abs(list[k].start - p.tick), Math.abs(list[k].end - p.tick)) * pxOf(run);
			if (d <= 3 && (!best || d < best.d))
				best = { r: list[k], d: d };
		}
		return best ? best.r : null;
	}

	function runText(r) {
		return r.el.querySelector('title').textContent.replace(/\n/g, ' \u00b7 ');
	}

	/* the state of a task row under the pointer, and its wake-ups */
	function stateAt(run, e) {
		var p = pointer(run, e, run.states, TASK_ROW), t = run.rows[p.row];
		var list, i, s, w, text;

		if (!t)
			return null;
		list = t.segs;
		i = lastAtOrBefore(list, p.tick);
		s = i >= 0 && p.tick < list[i].end ? list[i] : null;
		text = t.name + ': ' + (s ? s.state + (s.state === 'runnable' ? ' (waiting on a runqueue)' : '') +
			' from tick ' + s.start + ' to ' + s.end + ' (' +
			timeText(s.end - s.start, run.hz) + ')' : 'not alive');
		(t.migrs || []).forEach(function (m) {
			if (Math.abs(m.tick - p.tick) * pxOf(run) <= 4)
				text += ' \u00b7 ' + m.text;
		});
		w = nearestWake(t, p.tick);
		if (w && Math.abs(w[1] - p.tick) * pxOf(run) <= 4)
			text += ' \u00b7 woken at tick ' + w[1] + (w[2] === null ? ', not run by the end' :
				', ran at tick ' + w[2] + ': waited ' + (+(w[2] - w[1]).toFixed(6)) + ' tick' +
				(w[2] - w[1] === 1 ? '' : 's') + ' (' + timeText(w[2] - w[1], run.hz) + ')');
		return { pid: t.pid, text: text };
	}

	function nearestWake(t, tick) {
		var best = null;

		(t.wakes || []).forEach(function (w) {
			if (!best || Math.abs(w[1] - tick) < Math.abs(best[1] - tick))
				best = w;
		});
		return best;
	}

	function onPlotMove(run, kind, e) {
		var hit;

		if (kind === 'gantt') {
			hit = runAt(run, e);
			if (hit) {
				highlight([String(hit.pid)], runText(hit));
				return;
			}
		} else {
			hit = stateAt(run, e);
			if (hit) {
				highlight([String(hit.pid)], hit.text);
				return;
			}
		}
		highlight(null, hoverIdle);
	}

	/* ------------------------------------------- names on the bars */

	/* the task's name on each bar of the view wide enough to hold it */
	function drawNames(run) {
		var sc = run.gantt.parentNode, px = pxOf(run), from = sc.scrollLeft / px;
		var to = from + sc.clientWidth / px, parts = [];

		run.byCpu.forEach(function (list) {
			var i = Math.max(lastAtOrBefore(list, from), 0);

			for (; i < list.length && list[i].start <= to; i++) {
				var r = list[i], w = (r.end - r.start) * px;
				var name = run.names[r.pid] || '';

				if (w < name.length * 7.2 + 8 || parts.length > 600)
					continue;
				parts.push(svg('text', { x: Math.max(r.start * px, sc.scrollLeft) + 4,
							 y: r.cpu * CPU_ROW + CPU_ROW / 2 + 4, text: name }));
			}
		});
		run.namesLayer.setAttribute('width', Math.max(1, Math.round(run.ticks * px)));
		run.namesLayer.replaceChildren.apply(run.namesLayer, parts);
	}

	/* ------------------------------------------- wake-up markers */

	/* a mark at each wake-up on its task's row, one path for all */
	function drawWakes(run) {
		var d = [];

		run.series.wakes.forEach(function (w) {
			var row = run.rowOf[w[0]];

			if (row !== undefined)
				d.push('M' + w[1] + ' ' + (row * TASK_ROW) + 'v' + TASK_ROW);
		});
		if (d.length)
			run.states.appendChild(svg('path', { 'class': 'wakes', d: d.join('') }));
	}

	/* -------------------------------------- quantities over time */

	/* what each quantity is, and its unit, said once per chart */
	var QUANTITIES = {
		vruntime: { title: 'vruntime per task', unit: 'ms of virtual time', scale: 1e-6,
			    q: 'min_vruntime', qtitle: 'dashed: min_vruntime of each queue' },
		lag: { title: 'lag = V \u2212 vruntime per task (positive: owed CPU)',
		       unit: 'ms of virtual time', scale: 1e-6 },
		deadline: { title: 'virtual deadline per task', unit: 'ms of virtual time', scale: 1e-6,
			    q: 'avg_vruntime', qtitle: 'dashed: V (avg_vruntime) of each queue' },
		sleep_avg: { title: 'sleep_avg per task', unit: 'ticks', scale: 1 },
		bonus: { title: 'bonus = static prio \u2212 prio (sleep_avg\u2019s reward, \u22125..+5)',
			 unit: 'prio levels', scale: 1 },
		prio: { title: 'dynamic priority (lower runs first)', unit: 'prio', scale: 1 },
		counter: { title: 'counter per task', unit: 'ticks left in the epoch', scale: 1 },
		goodness: { title: 'goodness per task, as its CPU sees it', unit: 'points', scale: 1 },
		nr_running: { title: 'runqueue length per CPU', unit: 'tasks', scale: 1 }
	};

	/* @rows ([tick, v...] or [tick]: gone) as steps of column @col */
	function steps(rows, col, last) {
		var out = [], i, r, v;

		for (i = 0; i < rows.length; i++) {
			r = rows[i];
			v = r.length > col ? r[col] : null;
			out.push({ start: r[0], end: i + 1 < rows.length ? rows[i + 1][0] : last, v: v });
		}
		return out;
	}

	/*
	 * eevdf's lag of a task: V of its queue less its vruntime, per change
	 * of either; V moves at every tick, so a long run keeps a step per
	 * @grain ticks at most (1,000 steps a task over the run).
	 */
	function lagSteps(run, rows) {
		var S = run.series, qcol = S.fields.indexOf('queue'), vcol = S.fields.indexOf('vruntime');
		var out = [], grain = Math.max(1, Math.floor(run.ticks / 1000));

		if (!S.qstarts)
			S.qstarts = S.qrows.map(function (rows) {
				return rows.map(function (x) { return { start: x[0] }; });
			});
		steps(rows, vcol + 1, run.ticks).forEach(function (s, i) {
			var q = rows[i].length > 1 ? rows[i][qcol + 1] : -1;
			var vq = q >= 0 ? S.qrows[q] || [] : [];
			var k = q >= 0 ? lastAtOrBefore(S.qstarts[q] || [], s.start) : -1, t = s.start, end;

			if (s.v === null || q < 0) {
				out.push({ start: s.start, end: s.end, v: null });
				return;
			}
			for (; t < s.end; k++) {
				end = k + 1 < vq.length ? Math.min(vq[k + 1][0], s.end) : s.end;
				if (k >= 0 && end < s.end && end - t < grain)
					continue;
				if (k >= 0)
					out.push({ start: t, end: end, v: vq[k][1] - s.v });
				t = end;
				if (k + 1 >= vq.length)
					break;
			}
		});
		return out;
	}

	/* every line of quantity @name: [{label, pid, colour, steps}] */
	function quantityLines(run, name) {
		var S = run.series, lines = [], col = S.fields.indexOf(name);

		if (name === 'nr_running') {
			for (var c = 0; c < run.cpus; c++)
				lines.push({ label: 'CPU ' + c, colour: 'hsl(' + (c * 67 % 360) + ',45%,40%)',
					     steps: steps(S.cpus, c + 1, run.ticks) });
			return lines;
		}
		Object.keys(S.tasks).forEach(function (pid) {
			var rows = S.tasks[pid];

			if (!rows.length)
				return;
			lines.push({ label: (run.names[pid] || '?') + ' (pid ' + pid + ')', pid: +pid,
				     colour: taskColour(+pid),
				     steps: name === 'lag' ? lagSteps(run, rows) : steps(rows, col + 1, run.ticks) });
		});
		if (QUANTITIES[name].q === S.qfield)
			S.queues.forEach(function (qn, i) {
				lines.push({ label: S.qfield + ' of ' + qn, dashed: true, colour: '#333',
					     steps: steps(S.qrows[i], 1, run.ticks) });
			});
		return lines;
	}

	/* the names of the quantities @run's class recorded */
	function quantityNames(run) {
		var f = run.series.fields.filter(function (k) { return k !== 'queue'; });

		if (f.indexOf('deadline') >= 0)
			f = ['lag', 'deadline'];
		return f.concat(['nr_running']);
	}

	/*
	 * A chart of one quantity: a box as wide as the other plots (so it
	 * scrolls with them), with a canvas the size of the view that is
	 * redrawn for the part in view.  Its lines are read from the series
	 * and drawn only once the chart comes near the view (prepareQuantity(),
	 * watchQuantities()): a page of 200 tasks opens without them.
	 */
	function quantityChart(run, name) {
		var Q = QUANTITIES[name], H = 120;
		var box = el('div', { 'class': 'qplot' });
		var canvas = el('canvas', { height: H });
		var cursor = el('div', { 'class': 'qcursor' });
		var hi = el('span'), lo = el('span');
		var q = { run: run, name: name, box: box, canvas: canvas, cursor: cursor, H: H,
			  lines: null, seen: false, Q: Q, hiText: hi, loText: lo };

		box.appendChild(canvas);
		box.appendChild(cursor);
		box.style.height = H + 'px';
		box.kstructHit = function (e) {
			return quantityAt(q, e);
		};
		box.addEventListener('mousemove', function (e) {
			var hit = quantityAt(q, e);

			highlight(hit && hit.pid ? [String(hit.pid)] : null, hit ? hit.text : hoverIdle);
		});
		box.addEventListener('click', onClick);
		run.qplots.push(q);
		return el('div', { 'class': 'qchart' }, [
			el('h4', { text: Q.title + ' (' + Q.unit + ')' + (Q.q === run.series.qfield && Q.qtitle ?
									     '; ' + Q.qtitle : '') }),
			el('div', { 'class': 'chart' }, [
				el('div', { 'class': 'qscale', style: 'width:' + LABEL_W + 'px' }, [hi, lo]),
				el('div', { 'class': 'scroll' }, [box])])
		]);
	}

	/* @q's lines and scale, read from the series the first time they are needed */
	function prepareQuantity(q) {
		var lo = Infinity, hi = -Infinity, Q = q.Q;

		if (q.lines)
			return;
		q.lines = quantityLines(q.run, q.name);
		q.lines.forEach(function (l) {
			l.steps.forEach(function (s) {
				if (s.v === null)
					return;
				lo = Math.min(lo, s.v * Q.scale);
				hi = Math.max(hi, s.v * Q.scale);
			});
		});
		if (!isFinite(lo)) {
			lo = 0;
			hi = 1;
		}
		if (hi === lo)
			hi = lo + 1;
		q.lo = lo;
		q.hi = hi;
		q.hiText.textContent = fmtQ(hi);
		q.loText.textContent = fmtQ(lo);
	}

	/* @q from now on drawn: it is in view, or near it */
	function seeQuantity(q) {
		if (q.seen)
			return;
		q.seen = true;
		drawQuantity(q);
	}

	/*
	 * Draw the charts in view now, and the others when they come within
	 * a screen of it (scrolled to, or their details opened).
	 */
	function watchQuantities() {
		var near = window.innerHeight || 1000, io = null;

		if (window.IntersectionObserver)
			io = new IntersectionObserver(function (entries) {
				entries.forEach(function (e) {
					if (e.isIntersecting) {
						io.unobserve(e.target);
						seeQuantity(e.target.kstructQuantity);
					}
				});
			}, { rootMargin: near + 'px 0px' });
		runs.forEach(function (run) {
			run.qplots.forEach(function (q) {
				var r = q.box.getBoundingClientRect();

				if (!io || (r.height && r.top < near * 2 && r.bottom > -near)) {
					seeQuantity(q);
					return;
				}
				q.box.kstructQuantity = q;
				io.observe(q.box);
			});
		});
	}

	function fmtQ(v) {
		return Math.abs(v) >= 100 || v === Math.round(v) ? String(+v.toFixed(1)) : v.toFixed(3);
	}

	function qy(q, v) {
		return 4 + (q.H - 8) * (1 - (v * q.Q.scale - q.lo) / (q.hi - q.lo));
	}

	function drawQuantity(q) {
		var sc, x0, w, px, c = q.canvas, g, from, to, many;

		if (!q.seen)
			return;
		sc = q.box.parentNode;
		w = sc.clientWidth;
		if (!w)
			return;
		prepareQuantity(q);
		x0 = sc.scrollLeft;
		px = pxOf(q.run);
		from = x0 / px;
		to = (x0 + w) / px;
		c.width = w;
		c.style.left = x0 + 'px';
		g = c.getContext('2d');
		g.clearRect(0, 0, w, q.H);
		/* a point per pixel at most: narrower steps are skipped over */
		many = q.lines.length > 32;
		q.lines.forEach(function (l) {
			var i = Math.max(lastAtOrBefore(l.steps, from), 0), s, pen = false, lastX = -Infinity;

			g.strokeStyle = l.colour;
			/* a hairline is far cheaper to draw: for many lines */
			g.lineWidth = many && !l.dashed ? 1 : 1.5;
			g.setLineDash(l.dashed ? [5, 4] : []);
			g.beginPath();
			for (; i < l.steps.length && l.steps[i].start <= to; i++) {
				s = l.steps[i];
				if (s.v === null) {
					pen = false;
					continue;
				}
				var xa = s.start * px - x0, xb = s.end * px - x0, y = qy(q, s.v);

				if (pen && xb - lastX < 1 && i + 1 < l.steps.length &&
				    l.steps[i + 1].v !== null)
					continue;
				if (pen)
					g.lineTo(xa, y);
				else
					g.moveTo(xa, y);
				g.lineTo(xb, y);
				lastX = xb;
				pen = true;
			}
			g.stroke();
		});
	}

	/* the line nearest the pointer at its tick, with its value and unit */
	function quantityAt(q, e) {
		var box = q.box.getBoundingClientRect(), tick = (e.clientX - box.left) / pxOf(q.run);
		var y = e.clientY - box.top, best = null;

		prepareQuantity(q);
		q.lines.forEach(function (l) {
			var i = lastAtOrBefore(l.steps, tick), s = i >= 0 ? l.steps[i] : null, d;

			if (!s || s.v === null || tick >= s.end)
				return;
			d = Math.abs(qy(q, s.v) - y);
			if (!best || d < best.d)
				best = { d: d, l: l, v: s.v };
		});
		if (!best)
			return null;
		return { pid: best.l.pid, text: best.l.label + ': ' + q.name + ' ' +
			 fmtQ(best.v * q.Q.scale) + ' ' + q.Q.unit + ' at tick ' + Math.floor(tick) };
	}

	function quantitiesView(run) {
		var S = run.series, note = S.stride > 1 ?
			' Recorded at every tick to tick ' + S.from + ', then every ' + S.stride +
			'th (the page\u2019s size budget).' : '';

		var details = el('details', { 'class': 'quantities' }, [
			el('summary', { text: 'the class\u2019s quantities over time (read from the runqueues at the end of each tick; a line stops while its task is off the queues)' + note })
		].concat(quantityNames(run).map(function (n) {
			return quantityChart(run, n);
		})));

		/* open with one run; with several the Gantt charts come first */
		if (document.querySelectorAll('section.run').length === 1)
			details.open = true;
		details.addEventListener('toggle', function () {
			run.qplots.forEach(drawQuantity);
		});
		return details;
	}

	/* -------------------------------------------------------- report */

	/*
	 * The report (the --json document) as tables: every figure has a
	 * label, a unit and a format, and its cell carries data-key, its path
	 * in the document ("tasks.3.share", "classes.1.cpus.0.utilisation"),
	 * which the browser test follows to check the text against --json.
	 */
	var FORMATS = {
		pct: function (v) { return (100 * v).toFixed(1) + '%'; },
		ms: function (v) { return v.toFixed(1); },
		ms3: function (v) { return v.toFixed(3); },
		s: function (v) { return v.toFixed(3); },
		jain: function (v) { return v.toFixed(4); },
		signed: function (v) { return (v > 0 ? '+' : '') + v.toFixed(1); },
		ns: function (v) { return v.toFixed(1); },
		int: function (v) { return String(v); },
		bool: function (v) { return v ? 'yes' : 'no'; },
		text: function (v) { return String(v); }
	};

	/* [key, label, unit, format] of the tables' columns */
	var TASK_COLS = [
		['comm', 'task', '', 'text'], ['pid', 'pid', '', 'int'],
		['group', 'group', '', 'text'], ['policy', 'policy', '', 'text'],
		['priority', 'pri', 'nice or rt prio', 'int'],
		['forked', 'forked', '', 'bool'], ['exited', 'exited', '', 'bool'],
		['created_ms', 'created', 'ms', 'ms'],
		['share', 'share', '% of all CPU time', 'pct'],
		['runtime_ms', 'run', 'ms', 'ms'], ['wait_ms', 'wait', 'ms', 'ms'],
		['switches', 'switches', '', 'int'],
		['bonus', 'bonus', 'prio, mean', 'signed'],
		['migrations', 'migr', '', 'int'], ['wakeups', 'wake-ups', '', 'int'],
		['latency_p50_ms', 'lat p50', 'ms', 'ms'],
		['latency_p99_ms', 'lat p99', 'ms', 'ms'],
		['latency_max_ms', 'lat max', 'ms', 'ms'],
		['response_ms', 'response', 'ms', 'ms'],
		['turnaround_ms', 'turnaround', 'ms', 'ms']
	];
	/* the averages row: the mean of these columns over the tasks */
	var MEAN_OF = { share: 1, runtime_ms: 1, wait_ms: 1, switches: 1,
			wakeups: 1, response_ms: 1, turnaround_ms: 1 };
	var GROUP_COLS = [
		['group', 'group', '', 'text'], ['policy', 'policy', '', 'text'],
		['priority', 'pri', '', 'int'], ['tasks', 'tasks', '', 'int'],
		['exited', 'exited', '', 'int'], ['runtime_ms', 'run', 'ms', 'ms'],
		['share', 'share', '% of all CPU time', 'pct'],
		['jain_index', 'Jain', 'members\u2019 CPU rates', 'jain'],
		['jain_tasks', 'Jain over', 'tasks', 'int'],
		['latency.wakeups', 'wake-ups', '', 'int'],
		['latency.p50_ms', 'lat p50', 'ms', 'ms'],
		['latency.p99_ms', 'lat p99', 'ms', 'ms'],
		['latency.max_ms', 'lat max', 'ms', 'ms'],
		['response_mean_ms', 'response mean', 'ms', 'ms'],
		['response_max_ms', 'response max', 'ms', 'ms'],
		['turnaround_mean_ms', 'turnaround mean', 'ms', 'ms']
	];
	var TASKGROUP_COLS = [
		['taskgroup', 'taskgroup', '', 'text'],
		['runtime_ms', 'run', 'ms', 'ms'],
		['share', 'share', '% of all CPU time, child groups included', 'pct'],
		['tasks', 'tasks', 'in the group itself', 'int'],
		['jain_index', 'Jain', '', 'jain'], ['jain_tasks', 'Jain over', 'tasks', 'int']
	];
	var DEADLINE_COLS = [
		['comm', 'task', '', 'text'], ['pid', 'pid', '', 'int'],
		['runtime_ms', 'runtime', 'ms per period', 'ms'],
		['deadline_ms', 'deadline', 'ms', 'ms'], ['period_ms', 'period', 'ms', 'ms'],
		['share', 'share', '% of all CPU time', 'pct'],
		['deadline_misses', 'misses', 'deadlines missed', 'int'],
		['throttles', 'throttles', 'runtime ran out', 'int'],
		['runtime_left_ms', 'left', 'ms of runtime at the end', 'ms']
	];
	var SUMMARY = [
		['workload', 'workload', '', 'text'], ['class', 'scheduler', '', 'text'],
		['nr_cpus', 'CPUs', '', 'int'], ['hz', 'HZ', 'ticks per second', 'int'],
		['seed', 'seed', '', 'int'], ['threaded', 'threaded', '', 'bool'],
		['ticks', 'ticks', '', 'int'], ['seconds', 'simulated', 's', 's'],
		['events', 'events', '', 'int'], ['forks', 'forks', '', 'int'],
		['forks_refused', 'forks refused', '', 'int'], ['exits', 'exits', '', 'int'],
		['context_switches', 'context switches', '', 'int'],
		['migrations', 'migrations', '', 'int'], ['wakeups', 'wake-ups', '', 'int'],
		['latency.wakeups', 'wake-up latency: wake-ups counted', '', 'int'],
		['latency.p50_ms', 'wake-up latency p50', 'ms', 'ms'],
		['latency.p99_ms', 'wake-up latency p99', 'ms', 'ms'],
		['latency.max_ms', 'wake-up latency max', 'ms', 'ms'],
		['cost.clock_ns', 'cost: clock resolution', 'ns', 'int'],
		['cost.ns_per_event', 'cost: scheduler per event', 'ns', 'ns'],
		['cost.ns_per_pick', 'cost: scheduler per pick', 'ns', 'ns']
	];

	function dig(obj, path) {
		return path.split('.').reduce(function (o, k) {
			return o === null || o === undefined ? undefined : o[k];
		}, obj);
	}

	/* a cell of value @v at document path @key, in format @fmt */
	function valueCell(v, key, fmt, tag) {
		var text = v === null || v === undefined ? '-' :
			   (FORMATS[fmt] || FORMATS.text)(v);

		return el(tag || 'td', { 'class': fmt === 'text' ? 'text' : '',
					 'data-key': key, text: text });
	}

	function head(cols) {
		return el('tr', {}, cols.map(function (c) {
			return el('th', { title: c[2] }, [c[1], c[2] ?
				el('small', { 'class': 'unit', text: ' (' + c[2] + ')' }) : null]);
		}));
	}

	function wide(table) {
		return el('div', { 'class': 'wide' }, [table]);
	}

	/* a table of @rows (objects at @path.i) by @cols */
	function rowsTable(rows, path, cols, extra) {
		return wide(el('table', {}, [head(cols)].concat(rows.map(function (r, i) {
			return el('tr', {}, cols.map(function (c) {
				return valueCell(dig(r, c[0]), path + '.' + i + '.' + c[0], c[3]);
			}));
		}), extra || [])));
	}

	/* the textbook's averages row under the task table */
	function meansRow(tasks, cols) {
		return el('tr', { 'class': 'mean' }, cols.map(function (c, i) {
			var vals;

			if (!i)
				return el('td', { 'class': 'text', text: 'average' });
			if (!MEAN_OF[c[0]])
				return el('td', {});
			vals = tasks.map(function (t) { return t[c[0]]; }).filter(function (v) {
				return typeof v === 'number';
			});
			return el('td', { text: vals.length ? (FORMATS[c[3]])(vals.reduce(function (a, b) {
				return a + b;
			}, 0) / vals.length) : '-' });
		}));
	}

	function summaryTable(r, path, rows) {
		/* a run that did not measure its cost says so */
		if (r.cost === null)
			rows = rows.concat([['cost', 'the scheduler\u2019s cost', 'not measured (--cost)', 'text']]);
		return wide(el('table', { 'class': 'summary' }, rows.filter(function (c) {
			return dig(r, c[0]) !== undefined && !(c[0].indexOf('cost.') === 0 && !r.cost);
		}).map(function (c) {
			return el('tr', {}, [el('th', { 'class': 'text' }, [c[1], c[2] ?
				el('small', { 'class': 'unit', text: ' (' + c[2] + ')' }) : null]),
				valueCell(dig(r, c[0]), path + c[0], c[3])]);
		})));
	}

	/* the CPUs: utilisation, switches and the class's counters */
	function cpuTable(cpus, path) {
		var cols = [['cpu', 'CPU', '', 'int'],
			    ['utilisation', 'utilisation', '% busy ticks', 'pct'],
			    ['switches', 'switches', '', 'int']];

		Object.keys(cpus[0] || {}).forEach(function (k) {
			if (!cols.some(function (c) { return c[0] === k; }))
				cols.push([k, k.replace(/_/g, ' '), 'class counter', 'int']);
		});
		return rowsTable(cpus, path, cols);
	}

	/* the cost's calls and raw ns, a row per kind of call */
	function costTable(cost, path) {
		var kinds = Object.keys(cost.calls || {});

		return wide(el('table', {}, [head([['', 'call'], ['', 'calls'],
						     ['', 'time', 'ns, measured']])]
			.concat(kinds.map(function (k) {
				return el('tr', {}, [el('td', { 'class': 'text', text: k }),
					valueCell(cost.calls[k], path + 'calls.' + k, 'int'),
					valueCell(cost.ns_raw[k], path + 'ns_raw.' + k, 'int')]);
			}))));
	}

	/*
	 * The wake-up latencies as a CDF per run, x on a log axis (ms; a
	 * latency of 0, a wake-up that ran in its tick, stands at the axis's
	 * left end), y the fraction of wake-ups at or below x.
	 */
	function cdfChart(list) {
		var W = 560, H = 220, L = 46, B = 30, parts = [], max = 1, minPos = Infinity;
		var lo, hi, x, y;

		list.forEach(function (e) {
			e.hist.forEach(function (h) {
				max = Math.max(max, h[0]);
				if (h[0] > 0)
					minPos = Math.min(minPos, h[0]);
			});
		});
		lo = Math.pow(10, Math.floor(Math.log10(isFinite(minPos) ? minPos : 1)) - 1);
		hi = Math.pow(10, Math.ceil(Math.log10(max * 1.01)));
		x = function (v) {
			return L + (W - L - 10) * (Math.log10(Math.max(v, lo)) - Math.log10(lo)) /
				   (Math.log10(hi) - Math.log10(lo));
		};
		y = function (f) { return 8 + (H - B - 8) * (1 - f); };
		[0, 0.25, 0.5, 0.75, 1].forEach(function (f) {
			parts.push(svg('line', { 'class': 'grid', x1: L, x2: W - 10, y1: y(f), y2: y(f) }));
			parts.push(svg('text', { x: L - 4, y: y(f) + 4, 'text-anchor': 'end',
						 text: Math.round(f * 100) + '%' }));
		});
		for (var d = lo; d <= hi * 1.0001; d *= 10) {
			parts.push(svg('line', { 'class': 'grid', x1: x(d), x2: x(d), y1: y(0), y2: y(1) }));
			parts.push(svg('text', { x: x(d), y: H - B + 14, 'text-anchor': 'middle',
						 text: d === lo ? '\u2264' + (+d.toPrecision(3)) : String(+d.toPrecision(3)) }));
		}
		parts.push(svg('text', { x: (L + W) / 2, y: H - 3, 'text-anchor': 'middle',
					 text: 'wake-up latency (ms, log scale)' }));
		list.forEach(function (e, k) {
			var total = e.hist.reduce(function (a, h) { return a + h[1]; }, 0);
			var acc = 0, pts = [[x(lo), y(0)]];

			e.hist.forEach(function (h) {
				pts.push([x(h[0]), y(acc / total)]);
				acc += h[1];
				pts.push([x(h[0]), y(acc / total)]);
			});
			pts.push([x(hi), y(acc / (total || 1))]);
			if (!total)
				return;
			parts.push(svg('polyline', { 'class': 'cdf', stroke: CLASS_COLOURS[k % CLASS_COLOURS.length],
						     points: pts.map(function (p) { return p.join(','); }).join(' ') },
				       [svg('title', { text: e.label + ': ' + total + ' wake-ups' })]));
			parts.push(svg('text', { x: W - 14, y: y(0) - 8 - 14 * k, 'text-anchor': 'end',
						 fill: CLASS_COLOURS[k % CLASS_COLOURS.length],
						 text: e.label + ' (' + total + ')' }));
		});
		return svg('svg', { 'class': 'cdf-chart', viewBox: '0 0 ' + W + ' ' + H,
				    width: W, height: H }, parts);
	}

	var CLASS_COLOURS = ['#7b1fa2', '#1565c0', '#2e7d32', '#e65100', '#555'];

	function histTable(hist, path) {
		return el('details', {}, [el('summary', { text: 'the histogram: wake-ups per latency' }),
			wide(el('table', {}, [head([['', 'latency', 'ms'], ['', 'wake-ups']])]
				.concat(hist.map(function (h, i) {
					return el('tr', {}, [valueCell(h[0], path + i + '.0', 'ms'),
							     valueCell(h[1], path + i + '.1', 'int')]);
				}))))]);
	}

	/* one run's report: the --json --sched CLASS object at @path */
	function runReport(r, path) {
		var parts = [el('h3', { text: 'Summary' }), summaryTable(r, path, SUMMARY)];

		if (r.cost)
			parts.push(el('h3', { text: 'The scheduler\u2019s own cost' }),
				   costTable(r.cost, path + 'cost.'));
		parts.push(el('h3', { text: 'Tasks' }),
			   el('p', { 'class': 'note', text: 'share: of all the CPU time of the run (ticks \u00d7 CPUs); ' +
				     'wait: runnable but not running; lat: wake-up latency, wake-up to the next run; ' +
				     'response: creation to first run; turnaround: creation to exit. The last row is the mean over the tasks ' +
				     '(response over those that ran, turnaround over those that exited).' }),
			   rowsTable(r.tasks, path + 'tasks', TASK_COLS, [meansRow(r.tasks, TASK_COLS)]),
			   el('h3', { text: 'CPUs' }), cpuTable(r.cpus, path + 'cpus'),
			   el('h3', { text: 'Task groups (the instances of one description)' }),
			   rowsTable(r.groups, path + 'groups', GROUP_COLS));
		if (r.taskgroups)
			parts.push(el('h3', { text: 'Taskgroups (cgroups)' }),
				   rowsTable(r.taskgroups, path + 'taskgroups', TASKGROUP_COLS));
		if (r.deadline)
			parts.push(el('h3', { text: 'Deadline tasks (SCHED_DEADLINE)' }),
				   rowsTable(r.deadline, path + 'deadline', DEADLINE_COLS));
		parts.push(el('h3', { text: 'Wake-up latency' }),
			   cdfChart([{ label: r['class'] || 'run', hist: r.latency_histogram }]),
			   histTable(r.latency_histogram, path + 'latency_histogram.'));
		return el('div', {}, parts);
	}

	/*
	 * --compare: the terminal's side-by-side table, a column per class,
	 * rows by group, then by task (matched by name); each cell points at
	 * its figure in its class's part of the document.
	 */
	function compareTable(doc) {
		var cls = doc.classes, rows = [];

		function names(list, key) {
			var seen = [];

			cls.forEach(function (c) {
				(c[list] || []).forEach(function (x) {
					if (seen.indexOf(x[key]) < 0)
						seen.push(x[key]);
				});
			});
			return seen;
		}
		function find(c, list, key, name) {
			var i = (c[list] || []).findIndex(function (x) { return x[key] === name; });

			return i;
		}
		function section(title) {
			rows.push(el('tr', { 'class': 'section' }, [el('th', { 'class': 'text', colspan: cls.length + 1,
									       text: title })]));
		}
		function row(label, cell) {
			rows.push(el('tr', {}, [el('td', { 'class': 'text', text: label })].concat(cls.map(cell))));
		}
		function per(list, key, field, fmt) {
			return function (name) {
				row(name, function (c, k) {
					var i = find(c, list, key, name);

					return i < 0 ? el('td', { text: '-' }) :
					       valueCell(dig(c[list][i], field),
							 'classes.' + k + '.' + list + '.' + i + '.' + field, fmt);
				});
			};
		}
		function latency(c, k, base, obj) {
			var td = el('td', {});

			['p50_ms', 'p99_ms', 'max_ms'].forEach(function (f, n) {
				if (n)
					td.appendChild(document.createTextNode('/'));
				td.appendChild(el('span', { 'data-key': 'classes.' + k + '.' + base + f,
							    text: FORMATS.ms(obj[f]) }));
			});
			return td;
		}

		section('CPU share (% of all CPU time)');
		names('groups', 'group').forEach(per('groups', 'group', 'share', 'pct'));
		section('Jain\u2019s index (members\u2019 CPU rates)');
		names('groups', 'group').forEach(per('groups', 'group', 'jain_index', 'jain'));
		section('wake-up latency p50/p99/max (ms)');
		row('all tasks', function (c, k) { return latency(c, k, 'latency.', c.latency); });
		names('groups', 'group').forEach(function (g) {
			row(g, function (c, k) {
				var i = find(c, 'groups', 'group', g);

				return i < 0 ? el('td', { text: '-' }) :
				       latency(c, k, 'groups.' + i + '.latency.', c.groups[i].latency);
			});
		});
		section('response time, mean (ms)');
		names('groups', 'group').forEach(per('groups', 'group', 'response_mean_ms', 'ms'));
		section('totals');
		[['context switches', 'context_switches', 'int'], ['migrations', 'migrations', 'int'],
		 ['scheduler: ns per event', 'cost.ns_per_event', 'ns'],
		 ['scheduler: ns per pick', 'cost.ns_per_pick', 'ns']].forEach(function (t) {
			row(t[0], function (c, k) {
				return valueCell(dig(c, t[1]), 'classes.' + k + '.' + t[1], t[2]);
			});
		});
		if (cls.some(function (c) { return c.taskgroups; })) {
			section('taskgroups: CPU share (%, child groups included)');
			names('taskgroups', 'taskgroup').forEach(per('taskgroups', 'taskgroup', 'share', 'pct'));
		}
		if (cls.some(function (c) { return c.deadline; })) {
			section('deadline tasks: deadline misses');
			names('deadline', 'comm').forEach(per('deadline', 'comm', 'deadline_misses', 'int'));
			section('deadline tasks: throttles');
			names('deadline', 'comm').forEach(per('deadline', 'comm', 'throttles', 'int'));
			section('deadline tasks: runtime left at the end (ms)');
			names('deadline', 'comm').forEach(per('deadline', 'comm', 'runtime_left_ms', 'ms'));
		}
		section('per task: CPU share (% of all CPU time)');
		names('tasks', 'comm').forEach(per('tasks', 'comm', 'share', 'pct'));
		section('per task: response/turnaround (ms; - : never ran, still alive, or no such task)');
		names('tasks', 'comm').forEach(function (name) {
			row(name, function (c, k) {
				var i = find(c, 'tasks', 'comm', name), td = el('td', {});

				if (i < 0)
					return el('td', { text: '-/-' });
				td.appendChild(valueCell(c.tasks[i].response_ms,
							 'classes.' + k + '.tasks.' + i + '.response_ms', 'ms', 'span'));
				td.appendChild(document.createTextNode('/'));
				td.appendChild(valueCell(c.tasks[i].turnaround_ms,
							 'classes.' + k + '.tasks.' + i + '.turnaround_ms', 'ms', 'span'));
				return td;
			});
		});
		return wide(el('table', { 'class': 'compare' }, [
			el('tr', {}, [el('th', {})].concat(cls.map(function (c, k) {
				return el('th', { 'data-key': 'classes.' + k + '.class', text: c['class'] });
			})))
		].concat(rows)));
	}

	function reportView(doc) {
		var parts;

		if (!doc)
			return el('p', { text: 'no report' });
		if (!doc.classes)
			return runReport(doc, '');
		parts = [summaryTable(doc, '', SUMMARY.slice(0, 8)),
			 el('h3', { text: 'Every scheduler, side by side' }), compareTable(doc),
			 el('h3', { text: 'Wake-up latency of every class' }),
			 cdfChart(doc.classes.map(function (c) {
				 return { label: c['class'], hist: c.latency_histogram };
			 }))];
		doc.classes.forEach(function (c, k) {
			parts.push(el('details', { 'class': 'class-report' }, [
				el('summary', { text: 'Everything about ' + c['class'] }),
				runReport(c, 'classes.' + k + '.')
			]));
		});
		return el('div', {}, parts);
	}

	/* ---------------------------------------------------------- start */

	/* @run's bars per CPU, its task rows and their stretches of state */
	function indexRun(run) {
		run.byCpu = [];
		for (var c = 0; c < run.cpus; c++)
			run.byCpu.push([]);
		run.gantt.querySelectorAll('rect.run').forEach(function (r) {
			var x = +r.getAttribute('x'), zero = r.classList.contains('zero');
			var cpu = Math.floor(+r.getAttribute('y') / CPU_ROW);

			(run.byCpu[cpu] = run.byCpu[cpu] || []).push({
				start: x, end: zero ? x : x + +r.getAttribute('width'),
				pid: +r.getAttribute('data-pid'), cpu: cpu, el: r, run: run,
				q: r.hasAttribute('data-q') ? +r.getAttribute('data-q') : -1 });
		});
		run.names = {};
		run.rows = [];
		run.rowOf = {};
		run.section.querySelectorAll('.chart.tasks .labels text[data-pid]').forEach(function (t, i) {
			var pid = +t.getAttribute('data-pid');

			run.names[pid] = t.textContent.replace(/ \(\d+\)$/, '');
			run.rowOf[pid] = i;
			run.rows.push({ pid: pid, name: run.names[pid], segs: [], wakes: [] });
		});
		run.states.querySelectorAll('rect[data-pid]').forEach(function (r) {
			var row = run.rows[run.rowOf[+r.getAttribute('data-pid')]];
			var x = +r.getAttribute('x');

			if (row)
				row.segs.push({ start: x, end: x + +r.getAttribute('width'),
						state: r.getAttribute('class') });
		});
		run.series.wakes.forEach(function (w) {
			var row = run.rows[run.rowOf[w[0]]];

			if (row)
				row.wakes.push(w);
		});
		/* the migrations, each with its reason, on their tasks' rows */
		run.states.querySelectorAll('path.migr').forEach(function (m) {
			var row = run.rows[run.rowOf[+m.getAttribute('data-pid')]];

			if (row)
				(row.migrs = row.migrs || []).push({ tick: +m.getAttribute('data-tick'),
					text: m.querySelector('title').textContent.replace(/\n/g, ': ') });
		});
	}

	document.querySelectorAll('section.run').forEach(function (section) {
		var gantt = section.querySelector('svg.plot.gantt');
		var data = section.querySelector('script.snapshots');
		var series = section.querySelector('script.series');
		var run = {
			section: section,
			label: section.getAttribute('data-label'),
			ticks: +section.getAttribute('data-ticks') || 1,
			hz: +section.getAttribute('data-hz') || 1000,
			cpus: +section.getAttribute('data-cpus') || 1,
			snaps: parseJSON(data),
			streams: [],
			series: parseJSON(series),
			rq: section.querySelector('.rq'),
			gantt: gantt,
			states: section.querySelector('svg.plot.states'),
			plots: Array.prototype.slice.call(section.querySelectorAll('svg.plot')),
			axis: svg('svg', { 'class': 'axis', height: 22, width: 10 }),
			namesLayer: svg('svg', { 'class': 'names', height: gantt.getAttribute('height'), width: 10 }),
			qplots: [],
			cursors: []
		};

		/* the first run's ticks per tick of this one (see pxOf()) */
		run.f = runs.length ? runs[0].hz / run.hz : 1;

		/* read once: the file keeps them, the document need not */
		data.remove();
		series.remove();
		gantt.parentNode.insertBefore(run.axis, gantt);
		gantt.parentNode.appendChild(run.namesLayer);
		/* the labels' column starts below the axis too */
		section.querySelector('.chart.cpus .labels').style.marginTop = '22px';
		run.plots.forEach(function (p) {
			var c = svg('rect', { 'class': 'cursor', x: 0, y: 0, width: 1,
					      height: p.getAttribute('height') });

			p.appendChild(c);
			run.cursors.push(c);
			p.addEventListener('click', onClick);
		});
		indexRun(run);
		drawWakes(run);
		gantt.kstructHit = function (e) {
			var r = runAt(run, e);

			return r ? { pid: r.pid, text: runText(r), run: r } : null;
		};
		run.states.kstructHit = function (e) {
			return stateAt(run, e);
		};
		gantt.addEventListener('mousemove', function (e) { onPlotMove(run, 'gantt', e); });
		run.states.addEventListener('mousemove', function (e) { onPlotMove(run, 'states', e); });
		[gantt, run.states].forEach(function (p) {
			p.addEventListener('mouseleave', function () { highlight(null, hoverIdle); });
		});
		section.querySelector('details.tasks').after(quantitiesView(run));
		/* a folded tree box has no width to centre in until opened */
		run.rq.parentNode.addEventListener('toggle', function () {
			run.rq.querySelectorAll('.tree-box').forEach(centreRoot);
		});
		maxTicks = Math.max(maxTicks, run.ticks * run.f);
		runs.push(run);
	});
	recorded = runs[0].snaps.ticks;
	slider.max = recorded.length - 1;
	slider.addEventListener('input', function () {
		choose(+slider.value);
	});
	document.getElementById('first').addEventListener('click', function () { choose(0); step(0); });
	document.getElementById('prev').addEventListener('click', function () { step(-1); });
	document.getElementById('next').addEventListener('click', function () { step(1); });
	document.getElementById('last').addEventListener('click', function () {
		choose(recorded.length - 1);
		step(0);
	});
	document.getElementById('play').addEventListener('click', play);
	document.getElementById('at-pick').addEventListener('change', function (e) {
		atPick = e.target.checked;
		choose(+slider.value);
	});

	function zoomIn() {
		fitted = false;
		zoomTo(pxPerTick * 2);
	}

	function zoomOut() {
		fitted = false;
		zoomTo(pxPerTick / 2);
	}

	document.getElementById('zoom-in').addEventListener('click', zoomIn);
	document.getElementById('zoom-out').addEventListener('click', zoomOut);
	window.addEventListener('resize', function () {
		if (fitted)
			fit();
		else
			redrawView();
	});
	document.getElementById('zoom-fit').addEventListener('click', fit);
	document.querySelectorAll('.chart .scroll').forEach(function (s) {
		s.addEventListener('scroll', function () {
			syncScroll(s);
			if (s === scroller())
				redrawView();
		});
	});
	document.addEventListener('keydown', function (e) {
		/* a focused control keeps its keys (space presses a button) */
		if (e.target === slider || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName) ||
		    (e.key === ' ' && e.target.tagName === 'BUTTON') ||
		    e.ctrlKey || e.metaKey || e.altKey)
			return;
		if (e.key === 'ArrowRight')
			step(1);
		else if (e.key === 'ArrowLeft')
			step(-1);
		else if (e.key === '+' || e.key === '=')
			zoomIn();
		else if (e.key === '-')
			zoomOut();
		else if (e.key === ' ')
			play();
		else
			return;
		e.preventDefault();
	});
	document.querySelector('main').addEventListener('mouseover', onOver);
	document.querySelector('main').addEventListener('mouseout', onOut);
	document.querySelector('main').addEventListener('click', function (e) {
		var f = e.target.closest('[data-unfold]');

		if (!f)
			return;
		unfolded[f.getAttribute('data-unfold')] = true;
		choose(+slider.value);
	});

	var wantTick = hashValue('tick'), wantZoom = hashValue('zoom'), wantSel = hashValue('sel');

	choose(wantTick !== null && /^\d+$/.test(wantTick) ? indexAtOrBefore(+wantTick) : 0);
	document.getElementById('report-view').appendChild(
		reportView(parseJSON(document.getElementById('report'))));
	/* last: the page has its height, and so its scroll bar, by now */
	if (wantSel !== null && /^\d+$/.test(wantSel))
		selected = +wantSel;
	if (wantZoom !== null && wantZoom !== 'fit' && +wantZoom > 0) {
		fitted = false;
		zoomTo(+wantZoom);
	} else {
		fit();
	}
	watchQuantities();
	hashReady = true;
	if (location.hash !== hashText())
		history.replaceState(null, '', hashText());
	highlight(null, hoverIdle);
	window.kstructErrors.show();
	document.documentElement.setAttribute('data-js-status', 'ready');
}());
