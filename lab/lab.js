// lab.js: the lab page's script.  It turns the URL fragment, the text and
// the clicks and keys into calls of libboardlab (compiled to WebAssembly
// from lab/lab.c and the library, embedded above) and shows what they give
// back: every answer, diagnostic, picture, replay frame, legal move,
// expectation and engine move is the library's.  The script only draws
// grids of what the library's JSON says and writes the edited board back
// as input text.
'use strict';
(function () {
	const $ = (id) => document.getElementById(id);
	const enc = new TextEncoder(), dec = new TextDecoder();
	// What the tests and make lab-bench read: the frames shown (the library's
	// bytes), when the first answer was shown (ms from the navigation's
	// start), what the last answer took, t (when the script started, the
	// module was decoded and when it was running), routes, the fragments
	// handled, and stepLoads, the times the steps were loaded;
	// setInput(text) is an edit of the whole input, as a file opened, and
	// input() the input.
	const hook = window.boardlab = { ready: false, frames: '', firstAnswerMs: null, solveMs: null,
		t: [performance.now()], routes: 0, stepLoads: 0, setInput: null, input: () => st.text };
	let W = null;            // the module's exports
	let sentInput = null;    // the text last written with lab_input

	// ---- the module ----

	function bytes(p, n) {
		return new Uint8Array(W.memory.buffer, p, n);
	}

	function cstr(p) {
		const m = new Uint8Array(W.memory.buffer);
		let e = p;
		while (m[e]) e++;
		return dec.decode(m.subarray(p, e));
	}

	// The text s into the module's buffer fn (lab_input or lab_options):
	// room for its longest UTF-8 form, then encodeInto and the length cut
	// to what it took (TextEncoder.encode is ten times slower on 6 MB).
	function write(fn, s) {
		const room = s.length * 3, p = W[fn](room);
		if (!p) throw new Error('out of memory');
		const n = enc.encodeInto(s, bytes(p, room)).written;
		W.lab_trim(fn === 'lab_input' ? 0 : 1, n);
		return n === s.length;   // all ASCII: a character a byte
	}

	// The lengths of the common head and tail of the texts a and b (the
	// tail not overlapping the head).  Slices of 64 Ki, 4 Ki, 256, 16 and 1
	// characters are compared, each with one string comparison: a
	// character at a time, 6 MB took 36 ms, more than the library's solve.
	function commonEnds(a, b) {
		const n = Math.min(a.length, b.length);
		let head = 0, tail = 0;
		for (let c = 1 << 16; c >= 1; c >>= 4)
			while (head + c <= n && a.slice(head, head + c) === b.slice(head, head + c)) head += c;
		for (let c = 1 << 16; c >= 1; c >>= 4)
			while (tail + c <= n - head &&
				a.slice(a.length - tail - c, a.length - tail) === b.slice(b.length - tail - c, b.length - tail))
				tail += c;
		return [head, tail];
	}
	hook.commonEnds = commonEnds;

	// The input text s into the module: an edit of a long ASCII text as a
	// splice of what changed (the common head and tail found here), else
	// all of it written again.
	let sentAscii = false;
	function writeInput(s) {
		const old = sentInput;
		if (old !== null && sentAscii && s.length > 65536) {
			const [head, tail] = commonEnds(old, s);
			const mid = s.slice(head, s.length - tail);
			if (/^[\x00-\x7f]*$/.test(mid)) {
				const p = W.lab_splice(head, old.length - head - tail, mid.length);
				if (p) {
					const m = bytes(p, mid.length);
					for (let i = 0; i < mid.length; i++) m[i] = mid.charCodeAt(i);
					return;
				}
			}
		}
		sentAscii = write('lab_input', s);
	}

	// One call: the options and the input written, fn called with args.
	// The result: {code: 0, out, aux} or {code, line, col, msg}, and ms.
	function call(opts, text, fn, ...args) {
		write('lab_options', opts);
		if (text !== sentInput) {
			writeInput(text);
			sentInput = text;
		}
		const t0 = performance.now(), code = W[fn](...args), r = { code };
		r.ms = performance.now() - t0;
		if (code) {
			r.line = W.lab_error_line();
			r.col = W.lab_error_col();
			r.msg = cstr(W.lab_error_msg());
		} else {
			r.out = dec.decode(bytes(W.lab_output(), W.lab_output_len()));
			r.aux = dec.decode(bytes(W.lab_aux(), W.lab_aux_len()));
		}
		return r;
	}

	// WASI, as far as the library needs it: a failed assert writes to
	// stderr (the console here) and aborts; nothing else is called.
	function wasiImports() {
		const wasi = {
			fd_write(fd, iovs, n, written) {
				const v = new DataView(W.memory.buffer);
				let s = '', total = 0;
				for (let i = 0; i < n; i++) {
					const p = v.getUint32(iovs + 8 * i, true), l = v.getUint32(iovs + 8 * i + 4, true);
					s += dec.decode(bytes(p, l));
					total += l;
				}
				v.setUint32(written, total, true);
				console.error(s);
				return 0;
			},
			fd_close() { return 0; },
			fd_seek() { return 70; },   // ESPIPE
			proc_exit(c) { throw new Error('boardlab exited with status ' + c); },
		};
		return { wasi_snapshot_preview1: new Proxy(wasi, { get: (t, k) => t[k] || (() => 52) }) };
	}

	async function boot() {
		const b64 = $('wasm').textContent.trim(), bin = atob(b64), code = new Uint8Array(bin.length);
		for (let i = 0; i < bin.length; i++) code[i] = bin.charCodeAt(i);
		hook.t.push(performance.now());
		const { instance } = await WebAssembly.instantiate(code, wasiImports());
		W = instance.exports;
		W._initialize();
		hook.t.push(performance.now());
	}

	// ---- the state and the URL fragment ----

	// p or g (the problem or the game), the game's options, the input text,
	// the mode; only these are in the fragment, with play's seed.
	const st = { p: null, g: null, opts: {}, text: '', mode: 'solve', seed: 1, pairs: [] };
	const PAGE_KEYS = ['in', 'mode', 'seed', 'pairs', 'p', 'g'];
	let problems = [];   // [{id, game, title, summary}]

	function b64urlEncode(text) {
		const b = enc.encode(text);
		let s = '';
		for (let i = 0; i < b.length; i += 0x8000)
			s += String.fromCharCode.apply(null, b.subarray(i, i + 0x8000));
		return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
	}

	function b64urlDecode(s) {
		s = s.replace(/-/g, '+').replace(/_/g, '/');
		while (s.length % 4) s += '=';
		const bin = atob(s), b = new Uint8Array(bin.length);
		for (let i = 0; i < bin.length; i++) b[i] = bin.charCodeAt(i);
		return dec.decode(b);
	}

	// The fragment's keys and values; a part with a broken %-escape (a link
	// cut short after a %) is left out and named in out[''] (decodeURIComponent
	// throws on it, and the page stopped there, blank).
	function parseHash(h) {
		const out = {};
		for (const part of h.replace(/^#/, '').split('&')) {
			if (!part) continue;
			const eq = part.indexOf('=');
			try {
				const k = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
				out[k] = eq < 0 ? true : decodeURIComponent(part.slice(eq + 1));
			} catch (e) {
				out[''] = part.slice(0, 40);
			}
		}
		return out;
	}

	function game() {
		if (st.g) return st.g;
		const p = problems.find((q) => q.id === st.p);
		return p ? p.game : 'tower';
	}

	// The options of the library's calls: p= or g=, the game's options, extra lines.
	function optsText(extra) {
		const lines = [st.p ? 'p=' + st.p : 'g=' + st.g];
		for (const [k, v] of Object.entries(st.opts))
			if (v !== '' && v !== false) lines.push(v === true ? k : k + '=' + v);
		return lines.concat(extra || []).join('\n');
	}

	const URL_INPUT_MAX = 1 << 20;

	function hashText() {
		const parts = [st.p ? 'p=' + encodeURIComponent(st.p) : 'g=' + encodeURIComponent(st.g)];
		for (const [k, v] of Object.entries(st.opts))
			if (v !== '' && v !== false)
				parts.push(v === true ? k : k + '=' + encodeURIComponent(v));
		if (st.mode === 'play') parts.push('mode=play');
		if (st.seed !== 1) parts.push('seed=' + st.seed);
		if (st.pairs.length) parts.push('pairs=' + st.pairs.join(','));
		if (st.text.length <= URL_INPUT_MAX) parts.push('in=' + b64urlEncode(st.text));
		return '#' + parts.join('&');
	}

	// The fragment follows the edits, unless the user went to another one
	// meanwhile (its hashchange is on its way: route will show it).
	let urlTimer = null, shownHash = '';
	function saveUrl() {
		clearTimeout(urlTimer);
		urlTimer = setTimeout(() => {
			if (location.hash !== shownHash) return;
			const h = hashText();
			history.replaceState(null, '', h);
			shownHash = location.hash;
			$('share').href = h;
			$('share').title = st.text.length > URL_INPUT_MAX ?
				'the input is too large for a link: the link has no input' : 'a link to this input';
		}, 250);
	}

	// ---- choosing the problem or the game, and its options ----

	// Each game's options, as the tool names them: [key, kind, choices or
	// placeholder, rules?]; a problem's rules are the judge's, so it shows
	// only the others.
	const GAME_OPTS = {
		tower: [['rule', 'select', ['carry', 'bottom'], true], ['height', 'number', '4', true],
			['limit', 'number', '1000', true], ['every', 'select', ['move', 'turn'], false],
			['boj', 'flag', null, true]],
		yut: [['horses', 'number', '4', true], ['boj', 'flag', null, true]],
		grundy: [['only', 'select', ['', 'R', 'B', 'K', 'N', 'P'], true],
			['piece', 'text', 'Q = ride(1,0) + leap(1,1)', true],
			['turns', 'number', '200', false], ['boj', 'flag', null, true]],
		puyo: [['rules', 'select', ['boj', 'tsu'], true], ['rows', 'select', ['', '12', '13', '14'], true],
			['pop', 'number', '4', true], ['settle', 'flag', null, true], ['boj', 'flag', null, true]],
	};

	function fillPick() {
		const sel = $('pick');
		for (const p of problems) {
			const o = new Option(p.id + ' ' + p.summary, 'p:' + p.id);
			o.title = p.title;
			sel.add(o);
		}
		for (const g of Object.keys(GAME_OPTS)) sel.add(new Option(g + ', any options', 'g:' + g));
		// Another problem or game: the input stays when it is one of the new
		// choice too (17837's board asked again as 17780), else a random
		// instance of it (the input was always replaced, a pasted one lost).
		sel.onchange = () => {
			const [k, v] = sel.value.split(':'), was = game(), text = st.text;
			st.p = k === 'p' ? v : null;
			st.g = k === 'g' ? v : null;
			st.opts = {};
			keepStep = false;
			drawOpts();
			const keep = game() === was && text !== '' && !call(optsText(), text, 'lab_solve', 0).code;
			setText(keep ? text : randomText(0));
			enterMode();
		};
	}

	function drawOpts() {
		const box = $('opts');
		box.textContent = '';
		$('pick').value = st.p ? 'p:' + st.p : 'g:' + st.g;
		for (const [key, kind, arg, rules] of GAME_OPTS[game()]) {
			if (st.p && rules) continue;
			const label = document.createElement('label');
			let el;
			label.append(key + ' ');
			if (kind === 'select') {
				el = document.createElement('select');
				for (const c of arg) el.add(new Option(c || '(any)', c));
				el.value = st.opts[key] || '';
				if (!st.opts[key]) el.value = arg[0];
			} else if (kind === 'flag') {
				el = document.createElement('input');
				el.type = 'checkbox';
				el.checked = !!st.opts[key];
			} else {
				el = document.createElement('input');
				el.type = kind;
				el.placeholder = arg;
				el.value = st.opts[key] || '';
			}
			el.id = 'opt-' + key;
			el.onchange = () => {
				const v = kind === 'flag' ? el.checked : el.value;
				if (kind === 'select' && v === arg[0]) delete st.opts[key];
				else st.opts[key] = v;
				enterMode();
			};
			label.append(el);
			box.append(label);
		}
	}

	// ---- solve: the answer, the diagnostic, the explanation ----

	// A text this long is not put in the text box unless asked: Chromium
	// takes seconds to lay out a box of 50,000 lines.  The answer, the
	// steps and play still take all of it.
	const BOX_MAX = 100000;
	// and one of this many lines: each edit of a box of 4,000 lines (a grundy
	// instance of 4,000 pieces, 80 KB) cost 100 to 600 ms of layout here
	const BOX_LINES = 1000;

	// Whether text has over n lines, counting no further.
	function linesOver(text, n) {
		for (let at = text.indexOf('\n'), k = 1; at >= 0; at = text.indexOf('\n', at + 1), k++)
			if (k > n) return true;
		return false;
	}

	function setText(t) {
		const big = t.length > BOX_MAX || linesOver(t, BOX_LINES);
		st.text = t;
		$('input').value = big ? '' : t;
		$('input').disabled = big;
		$('big').hidden = !big;
		// its size only: counting its lines took longer than the library's solve
		if (big) $('big-size').textContent = (t.length > BOX_MAX ? '' : 'over ' + BOX_LINES + ' lines, ') +
			(t.length / 1e6).toFixed(t.length > BOX_MAX ? 1 : 2) + ' MB';
	}

	function randomText(i) {
		const r = call(optsText(), '', 'lab_gen', st.seed, i);
		return r.code ? '' : r.out;
	}

	let valid = false, optsBad = false;

	// A failure that is the options' (the library's BL_ERR_ARG, at no place
	// of the input), not the text's.
	const BL_ERR_ARG = 2;
	const optionError = (r) => r.code === BL_ERR_ARG && !r.line;

	// The answer for the input, or r when the caller has it already.
	function solve(given) {
		const t0 = performance.now(), r = given || call(optsText(), st.text, 'lab_solve', 0);
		valid = !r.code;
		optsBad = optionError(r);
		$('answer').textContent = r.code ? '' : r.out.replace(/\n$/, '');
		showDiag(optsBad ? { code: 0 } : r);
		showOptError(optsBad ? r.msg : '');
		hook.solveMs = performance.now() - t0;
		hook.libraryMs = r.ms;
		$('timing').textContent = r.code ? '' : '(' + r.ms.toFixed(1) + ' ms)';
		$('size').textContent = st.text.length + ' bytes';
		if (hook.firstAnswerMs === null && !r.code) hook.firstAnswerMs = performance.now();
		if ($('explain-box').open) explain();
		return r;
	}

	// An option's error goes by the options, the fields it names (--NAME)
	// outlined: under the text it read as the input's fault.
	function showOptError(msg) {
		$('opt-error').hidden = !msg;
		$('opt-error').textContent = msg ? 'error: ' + msg : '';
		const named = new Set([...msg.matchAll(/--([a-z]+)/g)].map((m) => 'opt-' + m[1]));
		for (const el of $('opts').querySelectorAll('input, select'))
			el.classList.toggle('bad', named.has(el.id));
	}

	function explain() {
		const r = call(optsText(), st.text, 'lab_solve', 1);
		$('explain').textContent = r.code ? '' : r.out;
	}

	// Display columns as the library counts them: tab stops every 8, one a character.
	// Line `line` of text and where it starts, by the library's rule: a
	// line ends at LF, CR LF or a lone CR (a file of lone CRs had its
	// diagnostic shown under the wrong line); null past the last.
	function lineAt(text, line) {
		const end = /\r\n|\r|\n/g;
		let at = 0, m;
		for (let l = 1; l < line; l++) {
			end.lastIndex = at;
			if (!(m = end.exec(text))) return null;
			at = m.index + m[0].length;
		}
		end.lastIndex = at;
		m = end.exec(text);
		return { at, text: text.slice(at, m ? m.index : text.length) };
	}

	function offsetOfCol(s, col) {
		let c = 1, i = 0;
		for (const ch of s) {
			if (c >= col) break;
			c = ch === '\t' ? c + 8 - (c - 1) % 8 : c + 1;
			i += ch.length;
		}
		return i;
	}

	function expandTabs(s) {
		let out = '', c = 0;
		for (const ch of s) {
			if (ch === '\t') {
				const n = 8 - c % 8;
				out += ' '.repeat(n);
				c += n;
			} else {
				out += ch;
				c++;
			}
		}
		return out;
	}

	function showDiag(r) {
		const d = $('diag');
		if (!r.code) {
			d.hidden = true;
			d.textContent = '';
			return;
		}
		d.hidden = false;
		if (!r.line) {
			d.textContent = 'error: ' + r.msg;
			d.onclick = null;
			return;
		}
		const l = lineAt(st.text, r.line);
		let s = r.line + ':' + r.col + ': error: ' + r.msg;
		if (l) s += '\n' + expandTabs(l.text) + '\n' + ' '.repeat(Math.max(0, r.col - 1)) + '^';
		d.textContent = s;
		d.dataset.line = r.line;
		d.dataset.col = r.col;
		d.onclick = () => {
			if (!l) return;
			const at = l.at + offsetOfCol(l.text, r.col), ta = $('input');
			ta.focus();
			ta.setSelectionRange(at, at + 1);
		};
	}

	// ---- the steps: the library's replay frames ----

	const STEPS_AUTO_MAX = 200000;   // bytes of input above which the steps wait for a click
	const STEPS_SLOW_MS = 300;       // steps that took longer wait for a click after an edit
	// The frames as the library wrote them, one string each; only the one
	// shown is in the page (a long game's thousand pictures take seconds to
	// lay out).
	const rp = { frames: [], i: 0, timer: null, ms: 0 };
	let stepsTimer = null;

	// An edit keeps the step shown (the turn one watches, with the cell just
	// painted); a new instance or problem starts at the first.
	let keepStep = false;

	function loadSteps() {
		const t0 = performance.now(), at = keepStep ? rp.i : 0;
		keepStep = false;
		$('load-steps').hidden = true;
		const r = call(optsText(), st.text, 'lab_frames');
		stop();
		hook.frames = r.code ? '' : r.out;
		rp.frames = hook.frames ? hook.frames.split(/(?=<div class="frame" id="f\d+")/) : [];
		// what comes before the first frame is shared by all (an SVG of
		// definitions: yut's arrowheads, grundy's heat maps): always in the page
		$('stage-defs').innerHTML = rp.frames.length && !rp.frames[0].startsWith('<div class="frame"') ?
			rp.frames.shift() : '';
		$('replay-answer').innerHTML = r.code ? '' : r.aux;
		$('count').textContent = rp.frames.length;
		$('slider').max = Math.max(0, rp.frames.length - 1);
		show(at);
		rp.ms = performance.now() - t0;
		hook.stepLoads++;
	}

	function clearSteps(why) {
		hook.frames = '';
		rp.frames = [];
		$('stage').textContent = '';
		$('stage-defs').textContent = '';
		$('replay-answer').textContent = '';
		$('count').textContent = 0;
		show(0);
		$('load-steps').hidden = false;
		$('load-steps').textContent = why;
	}

	function scheduleSteps() {
		clearTimeout(stepsTimer);
		if (!valid) return;
		if (st.text.length > STEPS_AUTO_MAX) return clearSteps('show the steps of this long input');
		if (rp.ms > STEPS_SLOW_MS) return clearSteps('show the steps (the last took ' + Math.round(rp.ms) + ' ms)');
		stepsTimer = setTimeout(loadSteps, 150);
	}

	function show(k) {
		const f = rp.frames, stage = $('stage');
		if (!f.length) {
			$('pos').textContent = 0;
			$('desc').textContent = '';
			return;
		}
		rp.i = Math.max(0, Math.min(f.length - 1, k));
		stage.innerHTML = f[rp.i];
		const el = stage.firstElementChild;
		el.classList.add('on');
		$('slider').value = rp.i;
		$('pos').textContent = rp.i + 1;
		$('desc').textContent = el.getAttribute('data-desc');
	}

	function stop() {
		if (rp.timer) clearInterval(rp.timer);
		rp.timer = null;
		$('play').textContent = 'play';
	}

	function toggle() {
		if (rp.timer) return stop();
		if (rp.i === rp.frames.length - 1) show(0);
		$('play').textContent = 'pause';
		rp.timer = setInterval(() => (rp.i >= rp.frames.length - 1 ? stop() : show(rp.i + 1)), 700);
	}

	function go(k) {
		stop();
		show(k);
	}

	// ---- the board editors ----

	// Each editor draws the library's JSON of the input (lab_model) as a grid
	// of cells and writes the edited board back as input text.
	let tool = null;

	function tools(list) {
		const box = $('tools');
		box.textContent = '';
		if (!list.some(([v]) => v === tool)) tool = list[0][0];
		for (const [v, label, cls] of list) {
			const b = document.createElement('button');
			b.innerHTML = label;
			b.dataset.tool = v;
			if (cls) b.className = cls;
			b.classList.toggle('on', v === tool);
			b.onclick = () => {
				tool = v;
				box.querySelectorAll('button').forEach((x) => x.classList.toggle('on', x === b));
			};
			box.append(b);
		}
	}

	function grid(rows, cols, draw, click) {
		const g = document.createElement('div');
		g.className = 'grid';
		// cells of 30 px, narrower (to 16) when the column is, then the
		// editor scrolls: a board of 30 cells ran over the steps beside it
		g.style.gridTemplateColumns = 'repeat(' + cols + ', minmax(16px, 30px))';
		for (let r = 0; r < rows; r++)
			for (let c = 0; c < cols; c++) {
				const cell = document.createElement('div');
				cell.className = 'cell';
				cell.dataset.r = r;
				cell.dataset.c = c;
				draw(cell, r, c);
				cell.onclick = () => click(r, c);
				g.append(cell);
			}
		return g;
	}

	function edited(text) {
		keepStep = false;
		setText(text);
		changed();
	}
	hook.setInput = edited;

	// An edit made on the board: applied when the library takes the input
	// it makes; else the board is drawn again as it was, with the library's
	// reason above it (a floating puyo or an eleventh piece in 17837 made
	// the board give way to "mend the text first").
	function boardEdit(text) {
		const r = call(optsText(), text, 'lab_solve', 0);
		if (r.code && !optionError(r)) {
			drawEditor();
			$('board-msg').textContent = 'not applied: ' + r.msg;
			return;
		}
		keepStep = true;
		setText(text);
		changed(r);
	}

	const ARROW = { right: '>', left: '<', up: '^', down: 'v' };
	const DIR_CODE = { right: 1, left: 2, up: 3, down: 4 };
	const TURN = { right: 'down', down: 'left', left: 'up', up: 'right' };

	function towerEditor(m) {
		const pieces = [];
		for (const s of m.stacks)
			for (const p of s.pieces) pieces[p.piece - 1] = { r: s.cell[0], c: s.cell[1], dir: p.dir };
		const mo = { n: m.n, colours: m.colours, pieces };
		const text = () => mo.n + ' ' + mo.pieces.length + '\n' +
			mo.colours.map((row) => row.join(' ')).join('\n') + '\n' +
			mo.pieces.map((p) => p.r + ' ' + p.c + ' ' + DIR_CODE[p.dir] + '\n').join('');
		tools([['0', 'white', 'c0'], ['1', 'red', 'c1'], ['2', 'blue', 'c2'],
			['piece', 'piece: add, turn'], ['remove', 'remove piece'],
			['smaller', 'board &minus;'], ['larger', 'board +']]);
		$('tools').querySelectorAll('[data-tool=smaller],[data-tool=larger]').forEach((b) => {
			b.onclick = () => {
				const n = mo.n + (b.dataset.tool === 'larger' ? 1 : -1);
				if (n < 1 || n > 64) return;
				mo.colours = Array.from({ length: n }, (_, r) =>
					Array.from({ length: n }, (_, c) => (mo.colours[r] || [])[c] || 0));
				mo.n = n;
				mo.pieces = mo.pieces.filter((p) => p.r <= n && p.c <= n);
				boardEdit(text());
			};
		});
		if (mo.n > 64) return note('a board over 64 cells a side is edited as text');
		$('editor').append(grid(mo.n, mo.n, (cell, r, c) => {
			cell.classList.add('c' + mo.colours[r][c]);
			const k = mo.pieces.findIndex((p) => p.r === r + 1 && p.c === c + 1);
			if (k >= 0) cell.textContent = (k + 1) + ARROW[mo.pieces[k].dir];
		}, (r, c) => {
			const k = mo.pieces.findIndex((p) => p.r === r + 1 && p.c === c + 1);
			if (tool === 'piece' && k >= 0) mo.pieces[k].dir = TURN[mo.pieces[k].dir];
			else if (tool === 'piece') mo.pieces.push({ r: r + 1, c: c + 1, dir: 'right' });
			else if (tool === 'remove' && k >= 0) mo.pieces.splice(k, 1);
			else if (tool === '0' || tool === '1' || tool === '2') mo.colours[r][c] = +tool;
			else return;
			boardEdit(text());
		}));
	}

	function puyoLetters() {
		return (st.opts.rules === 'tsu' ? '.RGBPYO' : '.RGBPY').split('');
	}

	function puyoEditor(m) {
		const rows = m.field.map((r) => r.split(''));
		const hidden = Math.max(0, rows.length - 12);
		tools(puyoLetters().map((l) => [l, l === '.' ? 'empty' : '<span class="puyo p' + l + '">' + l + '</span>']));
		$('editor').append(grid(rows.length, 6, (cell, r, c) => {
			if (r < hidden) cell.classList.add('hidden');
			const l = rows[r][c];
			if (l !== '.') cell.innerHTML = '<span class="puyo p' + l + '">' + l + '</span>';
		}, (r, c) => {
			rows[r][c] = tool;
			boardEdit(rows.map((row) => row.join('') + '\n').join(''));
		}));
		if (st.g && !st.opts.boj && !st.opts.settle)
			note('with the option settle, a puyo placed over an empty cell falls');
	}

	function yutEditor(m) {
		const dice = m.dice.slice();
		const text = () => dice.join(' ') + '\n';
		const boj = st.p || st.opts.boj;
		tools(boj ? [['turn', 'click a die to change it']] :
			[['turn', 'click a die to change it'], ['add', 'add a die'], ['drop', 'drop the last die']]);
		$('tools').querySelectorAll('[data-tool=add],[data-tool=drop]').forEach((b) => {
			b.onclick = () => {
				if (b.dataset.tool === 'add') dice.push(1);
				else if (dice.length > 1) dice.pop();
				boardEdit(text());
			};
		});
		$('editor').append(grid(1, dice.length, (cell, r, c) => {
			cell.textContent = dice[c];
		}, (r, c) => {
			dice[c] = dice[c] % 5 + 1;
			boardEdit(text());
		}));
		note('best total ' + m.total + ' with ' + m.horses + ' horses (' + m.states + ' states searched)');
	}

	function grundyEditor(m) {
		const only = st.p ? (st.p === '16879' ? 'P' : '') : st.opts.only || '';
		const pieces = m.pieces.map((p) => ({ l: p.letter, x: p.at[0], y: p.at[1], v: p.value }));
		let w = 8;
		for (const p of pieces) if (p.x < 24 && p.y < 24) w = Math.max(w, p.x + 2, p.y + 2);
		w = Math.min(w, 24);
		const text = () => pieces.length + '\n' +
			pieces.map((p) => p.x + ' ' + p.y + (only ? '' : ' ' + p.l) + '\n').join('');
		tools(only ? [[only, 'add ' + only + ', or remove']] :
			'RBKNP'.split('').map((l) => [l, 'add ' + l]).concat([['remove', 'remove']]));
		const at = new Map();   // the pieces of each cell of the window
		for (const p of pieces)
			if (p.x < w && p.y < w) at.set(p.x + ',' + p.y, (at.get(p.x + ',' + p.y) || []).concat([p]));
		$('editor').append(grid(w, w, (cell, x, y) => {
			const here = at.get(x + ',' + y) || [];
			if (here.length) cell.textContent = here.map((p) => p.l).join('') + (here.length === 1 ? here[0].v : '');
			cell.title = '(' + x + ', ' + y + ')';
		}, (x, y) => {
			const k = pieces.findIndex((p) => p.x === x && p.y === y);
			if (k >= 0 && (tool === 'remove' || only)) pieces.splice(k, 1);
			else if (tool !== 'remove') pieces.push({ l: only || tool, x, y, v: 0 });
			else return;
			boardEdit(text());
		}));
		const out = pieces.filter((p) => p.x >= w || p.y >= w).length;
		note('x down, y across, each piece with its Grundy value; xor ' + m.xor + ': ' + m.winner +
			' wins' + (out ? '; ' + out + ' piece' + (out > 1 ? 's' : '') + ' outside the window' : ''));
	}

	function note(s) {
		const p = document.createElement('p');
		p.className = 'note';
		p.textContent = s;
		$('editor').append(p);
	}

	const EDITORS = { tower: towerEditor, puyo: puyoEditor, yut: yutEditor, grundy: grundyEditor };
	const EDITOR_MAX = 200000;

	function drawEditor() {
		$('editor').textContent = '';
		$('board-msg').textContent = '';
		if (!valid) {
			$('tools').textContent = '';
			return note(optsBad ? 'the board shows a valid input: mend the options first (above)' :
				'the board shows a valid input: mend the text first');
		}
		if (st.text.length > EDITOR_MAX) {
			$('tools').textContent = '';
			return note('an input this large is edited as text');
		}
		const r = call(optsText(), st.text, 'lab_model');
		if (r.code) return note('error: ' + r.msg);
		EDITORS[game()](JSON.parse(r.out));
	}

	// Everything that follows an edit: the answer at once (r, when the
	// caller has it), then the board and the steps.
	function changed(r) {
		solve(r);
		drawEditor();
		scheduleSteps();
		saveUrl();
	}

	// ---- play: puyo ----

	const pz = { field: '', i: 0, col: 2, rot: 0, moves: [], total: 0, busy: false, over: false };
	const PZ_OPTS = 'g=puyo\nrules=tsu';
	const EMPTY13 = '......\n'.repeat(13);

	// Pair i: the link's pairs first, then the library's stream of the seed.
	function pzPair(i) {
		if (i < st.pairs.length) return st.pairs[i];
		return call(PZ_OPTS, pz.field, 'lab_puyo_pair', st.seed, i - st.pairs.length).out;
	}

	function puyoStart(field) {
		Object.assign(pz, { field, i: 0, col: 2, rot: 0, total: 0, busy: false, over: false });
		$('chain').textContent = '0';
		$('score').textContent = '0';
		$('result').textContent = '';
		$('best').textContent = '';
		$('puyo-anim').textContent = '';
		puyoTurn();
	}

	function puyoTurn() {
		const p = pzPair(pz.i);
		pz.pair = p;
		pz.col = 2;
		pz.rot = 0;
		const r = call(PZ_OPTS, pz.field, 'lab_puyo_moves', p.charCodeAt(0), p.charCodeAt(1));
		pz.moves = r.code ? [] : r.out.trim().split('\n').filter(Boolean).map((l) => l.split(' ').map(Number));
		if (!pz.moves.length) pz.over = true;
		$('pair').innerHTML = puyoChips(p);
		$('next').innerHTML = puyoChips(pzPair(pz.i + 1)) + puyoChips(pzPair(pz.i + 2));
		puyoDraw();
	}

	// A pair as two discs, the axis first.
	function puyoChips(p) {
		return p.split('').map((l) => '<span class="puyo p' + l + '">' + l + '</span>').join('');
	}

	function legal(col, rot) {
		return pz.moves.some(([c, r]) => c === col && r === rot);
	}

	// The field and, over it, the pair where it would drop.
	function puyoDraw() {
		const rows = pz.field.replace(/\n$/, '').split('\n').map((r) => r.split(''));
		const over = [[' ', ' ', ' ', ' ', ' ', ' '], [' ', ' ', ' ', ' ', ' ', ' ']];
		if (!pz.over && pz.pair) {
			// the axis on the lower row (the upper when the child is below it)
			const [a, c] = pz.pair.split(''), col = pz.col;
			const axis = pz.rot === 2 ? [0, col] : [1, col];
			const child = [[0, col], [1, col + 1], [1, col], [1, col - 1]][pz.rot];
			over[axis[0]][axis[1]] = a;
			over[child[0]][child[1]] = c;
		}
		const all = over.concat(rows), hidden = 2 + rows.length - 12;
		const board = $('puyo-board');
		board.textContent = '';
		board.append(grid(all.length, 6, (cell, r, c) => {
			if (r < hidden) cell.classList.add('hidden');
			const l = all[r][c];
			if (l !== '.' && l !== ' ') cell.innerHTML = '<span class="puyo p' + l + '">' + l + '</span>';
		}, () => {}));
		board.dataset.col = pz.col;
		board.dataset.rot = pz.rot;
		board.dataset.pair = pz.pair || '';
		if (pz.over) $('result').textContent = 'game over: column 3 is full';
	}

	function puyoMove(dc) {
		if (legal(pz.col + dc, pz.rot)) pz.col += dc;
		puyoDraw();
	}

	function puyoRotate(d) {
		const rot = (pz.rot + d + 4) % 4;
		for (const dc of [0, rot === 1 ? -1 : 1, rot === 3 ? 1 : -1])
			if (legal(pz.col + dc, rot)) {
				pz.col += dc;
				pz.rot = rot;
				break;
			}
		puyoDraw();
	}

	function puyoDrop() {
		const p = pz.pair;
		const r = call(PZ_OPTS, pz.field, 'lab_puyo_drop', p.charCodeAt(0), p.charCodeAt(1), pz.col, pz.rot);
		if (r.code) {
			$('result').textContent = 'error: ' + r.msg;
			return;
		}
		const d = JSON.parse(r.out);
		$('best').textContent = '';   // the best moves of the pair just dropped
		pz.total += d.score;
		$('chain').textContent = d.chains;
		$('score').textContent = pz.total;
		$('result').textContent = d.result;
		$('puyo-board').dataset.placed = d.placed;
		pz.field = d.placed;
		pz.over = false;
		pz.pair = '';
		pz.i++;
		pz.busy = true;
		puyoDrawPlaced(d);
	}

	// The chain, frame by frame, from the library's replay of the placed field.
	function puyoDrawPlaced(d) {
		const f = call(PZ_OPTS, d.placed, 'lab_frames');
		const anim = $('puyo-anim');
		anim.innerHTML = f.code ? '' : f.out;
		const frames = anim.querySelectorAll('.frame');
		let k = 0;
		const finish = () => {
			clearInterval(pz.timer);
			anim.textContent = '';
			pz.field = d.final;
			pz.busy = false;
			puyoTurn();
			if (d.over) {
				pz.over = true;
				puyoDraw();
			}
		};
		pz.finish = finish;
		if (d.chains === 0 || !frames.length) return finish();
		$('puyo-board').textContent = '';
		frames[0].classList.add('on');
		pz.timer = setInterval(() => {
			if (k + 1 >= frames.length) return finish();
			frames[k].classList.remove('on');
			frames[++k].classList.add('on');
		}, 380);
	}

	function puyoKey(e) {
		if (pz.busy) {
			if (pz.finish) pz.finish();
			return true;
		}
		if (pz.over) return false;
		switch (e.key) {
		case 'ArrowLeft': puyoMove(-1); break;
		case 'ArrowRight': puyoMove(1); break;
		case 'ArrowUp': case 'x': case 'X': puyoRotate(1); break;
		case 'z': case 'Z': puyoRotate(-1); break;
		case 'ArrowDown': case ' ': puyoDrop(); break;
		default: return false;
		}
		return true;
	}

	function puyoBest() {
		const next = pz.pair + ',' + pzPair(pz.i + 1);
		const r = call(PZ_OPTS + '\nnext=' + next + '\ntop=5', pz.field, 'lab_puyo_best');
		$('best').textContent = r.code ? 'error: ' + r.msg : 'best for ' + next + ':\n' + r.out;
	}

	// ---- play: yut ----

	const yt = { at: '', score: 0, left: 10, rolls: 0, roll: 0, moves: [] };

	function ytOpts(extra) {
		const lines = ['g=yut', 'dice=' + $('yut-dice').value];
		if (st.opts.horses) lines.push('horses=' + st.opts.horses);
		if (yt.at) lines.push('at=' + yt.at);
		lines.push('score=' + yt.score, 'left=' + Math.max(1, yt.left));
		if (yt.roll) lines.push('roll=' + yt.roll);
		return lines.concat(extra || []).join('\n');
	}

	function yutStart() {
		Object.assign(yt, { at: '', score: 0, left: 10, rolls: 0, roll: 0, moves: [] });
		$('yut-log').textContent = '';
		yutDraw();
	}

	function yutDraw() {
		const r = call(ytOpts(), '', 'lab_yut_position');
		$('yut-board').innerHTML = r.code ? '' : r.out;
		$('yut-board').dataset.at = yt.at;
		$('yut-score').textContent = yt.score;
		$('yut-left').textContent = yt.left;
		$('yut-advice').textContent = yt.left ? '' : 'the game is over: total ' + yt.score;
		$('yut-moves').textContent = '';
		$('yut-states').textContent = '';
	}

	function yutRoll(die) {
		if (!yt.left) return;
		yt.roll = die || +call(ytOpts(), '', 'lab_yut_roll', st.seed, yt.rolls++).out;
		const t = call(ytOpts(), '', 'lab_yut_advise', 0), j = call(ytOpts(), '', 'lab_yut_advise', 1);
		if (t.code || j.code) {
			$('yut-advice').textContent = 'error: ' + (t.msg || j.msg);
			return;
		}
		// the head line, a line per move (a button playing it: the JSON's
		// moves, in the same order), then the search's size
		const lines = t.out.replace(/\n$/, '').split('\n'), moves = JSON.parse(j.out).moves;
		$('yut-advice').textContent = lines[0];
		const box = $('yut-moves');
		box.textContent = '';
		moves.forEach((m, k) => {
			const b = document.createElement('button');
			b.textContent = lines[1 + k];
			b.onclick = () => yutMove(m.horse - 1);
			box.append(b);
		});
		$('yut-states').textContent = lines.slice(1 + moves.length).join('\n');
		if (!moves.length) {
			$('yut-log').textContent += 'roll ' + yt.roll + ': no horse can move, the game ends\n';
			yt.left = 0;
		}
	}

	function yutMove(horse) {
		const r = call(ytOpts(), '', 'lab_yut_move', horse);
		if (r.code) {
			$('yut-advice').textContent = 'error: ' + r.msg;
			return;
		}
		const d = JSON.parse(r.out), before = yt.at;
		yt.at = d.at;
		yt.score += d.points;
		$('yut-log').textContent += 'roll ' + yt.roll + ': horse ' + (horse + 1) + ' ' +
			(before ? before.split(',')[horse] : 'start') + ' -> ' + d.at.split(',')[horse] +
			', +' + d.points + ', total ' + yt.score + '\n';
		yt.left--;
		yt.roll = 0;
		yutDraw();
	}

	// ---- play: grundy ----

	const gr = { text: '', turn: 1, over: false };

	// A position of more lines than this is solved, not played: each of its
	// pieces is a choice in the list and each move writes it all again (play
	// on a file of 300,000 pieces held the page three minutes, on 4,000 five
	// seconds).
	const PLAY_LINES = 1000;

	function grundyStart() {
		const big = valid && linesOver(st.text, PLAY_LINES);
		Object.assign(gr, { text: valid && !big ? st.text : '', turn: 1, over: false });
		$('grundy-board').textContent = '';
		$('grundy-piece').textContent = '';
		$('grundy-xor').textContent = '';
		$('grundy-status').textContent = '';
		$('grundy-log').textContent = !valid ? 'the input is not a valid position: mend it in solve first' :
			big ? 'the input has over ' + PLAY_LINES + ' lines: a position this large is solved, not played' : '';
		grundyDraw();
	}

	function grundyDraw() {
		if (!gr.text) return;
		const pic = call(optsText(), gr.text, 'lab_render'), m = call(optsText(), gr.text, 'lab_model');
		$('grundy-board').innerHTML = pic.code ? '' : pic.out;
		if (m.code) return;
		const d = JSON.parse(m.out), sel = $('grundy-piece'), keep = sel.value;
		sel.textContent = '';
		d.pieces.forEach((p, k) => sel.add(new Option((k + 1) + ': ' + p.letter + ' at (' + p.at[0] + ', ' + p.at[1] +
			'), value ' + p.value, k + 1)));
		if (keep) sel.value = keep;
		gr.pieces = d.pieces;
		grundyTarget();
		$('grundy-xor').textContent = d.xor;
		$('grundy-status').textContent = gr.over ? 'the game is over' :
			(gr.turn % 2 ? 'koosaga' : 'cubelover') + ' to move (turn ' + gr.turn + ')';
	}

	// The target fields start at the chosen piece's cell: a move changes one
	// coordinate or both by a little, and empty fields made a move the
	// library could only call malformed.
	function grundyTarget() {
		const p = (gr.pieces || [])[$('grundy-piece').value - 1];
		if (!p) return;
		$('grundy-x').value = p.at[0];
		$('grundy-y').value = p.at[1];
	}

	function grundyPlay(move) {
		if (gr.over || !gr.text) return;
		const extra = ['turn=' + gr.turn].concat(move ? ['move=' + move] : []);
		const r = call(optsText(extra), gr.text, 'lab_grundy_play', 1);
		if (r.code) {
			$('grundy-log').textContent += 'error: ' + r.msg + '\n';
			return;
		}
		const d = JSON.parse(r.out);
		for (const l of d.lines) $('grundy-log').textContent += l + '\n';
		gr.turn += d.lines.length - (d.over ? 1 : 0);
		gr.text = d.text;
		gr.over = d.over;
		grundyDraw();
	}

	// ---- modes ----

	const PLAYS = { puyo: () => puyoStart(st.g === 'puyo' && valid && st.opts.rules === 'tsu' ? st.text : EMPTY13),
		yut: yutStart, grundy: grundyStart, tower: () => {} };

	function enterMode() {
		$('mode-solve').classList.toggle('on', st.mode === 'solve');
		$('mode-play').classList.toggle('on', st.mode === 'play');
		$('solve-view').hidden = st.mode !== 'solve';
		$('play-view').hidden = st.mode !== 'play';
		for (const g of Object.keys(PLAYS)) $('play-' + g).hidden = g !== game();
		changed();
		if (st.mode === 'play') PLAYS[game()]();
	}

	function route() {
		clearTimeout(urlTimer);
		keepStep = false;
		rp.ms = 0;
		shownHash = location.hash;
		const h = parseHash(location.hash);
		let bad = typeof h[''] === 'string' ? 'the link\'s part \'' + h[''] + '\' has a broken %-escape: left out' : null;
		delete h[''];
		st.p = typeof h.p === 'string' ? h.p : null;
		st.g = typeof h.g === 'string' ? h.g : null;
		if (!st.p && !st.g) st.p = '17837';
		if (st.g && !GAME_OPTS[st.g]) {
			bad = 'no game \'' + st.g + '\'';
			st.g = null;
			st.p = '17837';
		}
		if (st.p && !problems.some((q) => q.id === st.p)) {
			bad = 'no problem \'' + st.p + '\'';
			st.p = '17837';
		}
		st.opts = {};
		for (const [k, v] of Object.entries(h)) if (!PAGE_KEYS.includes(k)) st.opts[k] = v;
		st.mode = h.mode === 'play' ? 'play' : 'solve';
		st.seed = /^\d+$/.test(h.seed || '') ? +h.seed : 1;
		st.pairs = typeof h.pairs === 'string' && /^([RGBPY]{2})(,[RGBPY]{2})*$/.test(h.pairs) ?
			h.pairs.split(',') : [];
		let text = null;
		if (typeof h.in === 'string') {
			try {
				text = b64urlDecode(h.in);
			} catch (e) {
				bad = 'the link\'s input is not base64url';
			}
		}
		$('fatal').hidden = !bad;
		$('fatal').textContent = bad ? 'error: ' + bad : '';
		drawOpts();
		setText(text !== null ? text : randomText(0));
		enterMode();
		hook.routes++;
	}

	// The page's keys, but where a field takes them; ArrowLeft and
	// ArrowRight are the page's on a select too (its Up and Down still
	// choose): a problem picked, the next ArrowRight meant for the steps
	// picked the next problem and a new random instance in place of the input.
	function keys(e) {
		const t = e.target.tagName, sideways = e.key === 'ArrowLeft' || e.key === 'ArrowRight';
		if (t === 'TEXTAREA' || t === 'INPUT' || (t === 'SELECT' && !sideways) ||
			e.altKey || e.ctrlKey || e.metaKey) return;
		let done = true;
		if (st.mode === 'play' && game() === 'puyo') done = puyoKey(e);
		else if (st.mode === 'play' && game() === 'yut' && /^[1-5]$/.test(e.key)) yutRoll(+e.key);
		else if (st.mode === 'solve' && e.key === 'ArrowLeft') go(rp.i - 1);
		else if (st.mode === 'solve' && e.key === 'ArrowRight') go(rp.i + 1);
		else if (st.mode === 'solve' && e.key === 'Home') go(0);
		else if (st.mode === 'solve' && e.key === 'End') go(rp.frames.length - 1);
		else if (st.mode === 'solve' && e.key === ' ') toggle();
		else done = false;
		if (done) e.preventDefault();
	}

	function wire() {
		$('input').addEventListener('input', () => {
			st.text = $('input').value;
			keepStep = true;
			changed();
		});
		$('random').onclick = () => edited(randomText(Math.floor(Math.random() * 1e9)));
		$('big-show').onclick = () => {
			$('big').hidden = true;
			$('input').disabled = false;
			$('input').value = st.text;
		};
		$('file').onchange = () => {
			const f = $('file').files[0];
			if (f) f.text().then(edited);
			$('file').value = '';
		};
		$('explain-box').addEventListener('toggle', () => $('explain-box').open && explain());
		$('load-steps').onclick = loadSteps;
		$('first').onclick = () => go(0);
		$('back').onclick = () => go(rp.i - 1);
		$('fwd').onclick = () => go(rp.i + 1);
		$('last').onclick = () => go(rp.frames.length - 1);
		$('play').onclick = toggle;
		// a picture wider than the column (grundy's five heat maps are 1,860
		// pixels, shrunk to a third) is shown at its own size on a click,
		// the column scrolling, and fitted again on the next
		$('stage').onclick = () => $('stage').classList.toggle('full');
		$('slider').oninput = () => go(+$('slider').value);
		$('mode-solve').onclick = () => { st.mode = 'solve'; enterMode(); };
		$('mode-play').onclick = () => { st.mode = 'play'; enterMode(); };
		$('puyo-best').onclick = puyoBest;
		$('puyo-restart').onclick = () => puyoStart(EMPTY13);
		$('puyo-from-input').onclick = () => {
			const r = call(PZ_OPTS, st.text, 'lab_model');
			puyoStart(r.code ? EMPTY13 : JSON.parse(r.out).field.join('\n') + '\n');
		};
		$('yut-roll').onclick = () => yutRoll(0);
		$('yut-restart').onclick = yutStart;
		$('yut-dice').onchange = yutStart;
		for (let d = 1; d <= 5; d++) {
			const b = document.createElement('button');
			b.textContent = d;
			b.onclick = () => yutRoll(d);
			$('yut-dies').append(b);
		}
		$('grundy-move').onclick = () => grundyPlay($('grundy-piece').value + ',' + $('grundy-x').value + ',' + $('grundy-y').value);
		$('grundy-engine').onclick = () => grundyPlay(null);
		$('grundy-piece').onchange = grundyTarget;
		$('grundy-restart').onclick = grundyStart;
		document.addEventListener('keydown', keys);
		window.addEventListener('hashchange', route);
	}

	boot().then(() => {
		const r = call('', '', 'lab_problems');
		problems = r.out.trim().split('\n').map((l) => {
			const [id, g, title, summary] = l.split('\t');
			return { id, game: g, title, summary };
		});
		$('version').textContent = 'libboardlab ' + cstr(W.lab_version());
		fillPick();
		wire();
		route();
		hook.ready = true;
		document.body.dataset.ready = '1';
	}, (e) => {
		$('fatal').hidden = false;
		$('fatal').textContent = 'error: the WebAssembly module did not start: ' + e.message;
	});
})();
