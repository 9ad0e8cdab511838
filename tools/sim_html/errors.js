/*
 * tools/sim_html/errors.js - the first script of a kstruct sim --html
 * page: it notes every error the page meets, so that a reader sees them
 * and the browser test (scripts/check-html.sh) can fail on them.
 *
 * Noted: uncaught exceptions and script syntax errors (window "error"),
 * rejected promises nobody handled, console.error() calls, and anything
 * the page's Content-Security-Policy blocked (a load from the network).
 * The count goes into <html data-js-errors="N">, the messages into
 * #js-errors once the body exists.  page.js sets data-js-status="ready"
 * when it has drawn everything.
 */
(function () {
	'use strict';
	var errors = [];

	function show() {
		var box = document.getElementById('js-errors');

		if (!box || !errors.length)
			return;
		box.hidden = false;
		box.textContent = 'This page met errors:\n' + errors.join('\n');
	}

	function note(message) {
		errors.push(String(message));
		document.documentElement.setAttribute('data-js-errors',
						      String(errors.length));
		show();
	}

	window.kstructErrors = { note: note, show: show, list: errors };
	window.addEventListener('error', function (e) {
		note('error: ' + e.message + ' (line ' + e.lineno + ')');
	});
	window.addEventListener('unhandledrejection', function (e) {
		note('unhandled rejection: ' + e.reason);
	});
	document.addEventListener('securitypolicyviolation', function (e) {
		note('blocked by the page\'s policy: ' + e.blockedURI +
		     ' (' + e.violatedDirective + ')');
	});
	var consoleError = console.error;
	console.error = function () {
		note('console.error: ' +
		     Array.prototype.join.call(arguments, ' '));
		consoleError.apply(console, arguments);
	};
}());
