#!/usr/bin/env node
// Drives the lab page (build/lab.html) in headless Chromium for
// tests/cli/t-lab.sh and make lab-bench, writing what the page shows into
// files for the shell to compare with the boardlab tool's output.
//
//   node lab.js test  CHROMIUM LAB.html DATA OUT SHOTS
//   node lab.js bench CHROMIUM LAB.html DATA OUT
//   node lab.js shot  CHROMIUM LAB.html FRAGMENT OUT.png [KEY...]
//
// test, from the files of DATA (each FRAGMENT a URL fragment, "p=...&in=..."):
//   answers/NAME.frag   the page opened at the fragment (with &in= the base64url
//                       of answers/NAME.in when there is one): OUT/NAME.answer
//                       (the text of #answer) and OUT/NAME.diag (the
//                       diagnostic's first line).  Names ending in -load are
//                       loaded afresh, the others (in name order) reached
//                       by changing the fragment of the page already open
//                       (the hashchange takes the same path as a load).
//   frames/GAME.frag    OUT/frames-GAME.html, the frames shown (the bytes the
//                       library gave), then after 3 ArrowRight presses
//                       OUT/frames-GAME.desc (#desc) and .pos
//   edit/GAME.frag      with edit/GAME.click ("TOOL ROW COL"): that tool,
//                       then that cell of the board clicked: OUT/edit-GAME.text
//                       (the input after it) and .answer
//   play/puyo.frag      keys ArrowLeft ArrowRight ArrowUp x4 space: OUT/puyo.pair,
//                       puyo.move ("COL ROT" dropped), puyo.placed, puyo.chain,
//                       puyo.result
//   play/yut.frag       keys 3, first move, 5: OUT/yut.advice1, yut.at, yut.score,
//                       yut.advice2
//   play/grundy.frag    with play/grundy.move ("I X Y"): OUT/grundy.log, grundy.xor
//   review/NAME.frag    what a person met using the page (review() below says
//                       what each does): OUT/review-NAME, a line "key value" a fact
// OUT/ends, the edits of a long text whose common ends the page found
// wrong (it hands the module only what changed between them), none expected;
// and a screenshot of each page into SHOTS; OUT/requests lists every URL
// the pages asked for other than file:, about: and data: ones.
//
// shot opens the page at FRAGMENT, presses the keys and takes a picture.
//
// bench, from DATA/bench/NAME.frag (or NAME.text, an input too large for a
// link, typed into the page opened at NAME.opts), prints the page's size
// and a line per instance: the time from the navigation's start to the
// first answer shown (median of 7 loads after one not counted), and the time an edit took to
// show its answer (a cell of the board clicked, or a digit of the text
// changed: median of 20), and to the next frame painted after it.
'use strict';
const fs = require('fs');
const path = require('path');
const cdp = require('./cdp');

const [mode, chromium, lab, data, out, shots] = process.argv.slice(2);
if (!out || !['test', 'bench', 'shot'].includes(mode)) {
	console.error('usage: lab.js test|bench CHROMIUM LAB.html DATA OUT [SHOTS], or shot CHROMIUM LAB.html FRAGMENT OUT.png [KEY...]');
	process.exit(2);
}
const url = 'file://' + path.resolve(lab);
const READY = 'document.body.dataset.ready === "1"';
const files = (dir, ext) => (fs.existsSync(path.join(data, dir)) ?
	fs.readdirSync(path.join(data, dir)).filter((f) => f.endsWith(ext)).sort() : []);
const read = (dir, f) => fs.readFileSync(path.join(data, dir, f), 'utf8').trim();
const put = (name, text) => fs.writeFileSync(path.join(out, name), text);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The page's answer and the first line of its diagnostic.
const ANSWER = "[document.getElementById('answer').textContent, " +
	"document.getElementById('diag').textContent.split('\\n')[0]]";

async function load(page, frag) {
	await page.open('about:blank');
	await page.open(url + '#' + frag, READY);
}

// New fragments for the page already open, each handled when routes has
// moved on: the answers and diagnostics shown, in one call.
async function viaHash(page, frags) {
	return page.eval(`(async () => {
		const got = [];
		for (const h of ${JSON.stringify(frags.map((f) => '#' + f))}) {
			const n = boardlab.routes;
			location.hash = h;
			while (boardlab.routes === n) await new Promise((ok) => setTimeout(ok, 0));
			got.push(${ANSWER});
		}
		return got;
	})()`);
}

// answers/NAME.frag, and answers/NAME.in appended as its input in base64url.
function fragment(name) {
	const f = read('answers', name + '.frag'), inp = path.join(data, 'answers', name + '.in');
	return fs.existsSync(inp) ? f + '&in=' + fs.readFileSync(inp).toString('base64url') : f;
}

async function answers(page) {
	const names = files('answers', '.frag').map((f) => f.replace(/\.frag$/, ''));
	for (let k = 0; k < names.length;) {
		const batch = [];
		if (names[k].endsWith('-load')) {
			await load(page, fragment(names[k]));
			batch.push([names[k++], await page.eval(ANSWER)]);
		}
		const hashed = [];
		while (k < names.length && !names[k].endsWith('-load')) hashed.push(names[k++]);
		const got = await viaHash(page, hashed.map(fragment));
		hashed.forEach((name, i) => batch.push([name, got[i]]));
		for (const [name, [answer, diag]] of batch) {
			put(name + '.answer', answer + '\n');
			put(name + '.diag', diag + '\n');
		}
	}
}

async function frames(page) {
	for (const f of files('frames', '.frag')) {
		const game = f.replace(/\.frag$/, '');
		await load(page, read('frames', f));
		await page.until('boardlab.frames.length > 0');
		put('frames-' + game + '.html', await page.eval('boardlab.frames'));
		for (let i = 0; i < 3; i++) await page.key('ArrowRight');
		// the keys are handled in turn; give the last one time to land
		await page.until("document.getElementById('pos').textContent === '4'", 3000).catch(() => {});
		put('frames-' + game + '.desc', await page.eval("document.getElementById('desc').textContent") + '\n');
		put('frames-' + game + '.pos', await page.eval("document.getElementById('pos').textContent") + '\n');
		await page.shot(path.join(shots, 'lab-steps-' + game + '.png'));
	}
}

async function edits(page) {
	for (const f of files('edit', '.frag')) {
		const game = f.replace(/\.frag$/, '');
		const [tool, r, c] = read('edit', game + '.click').split(' ');
		await load(page, read('edit', f));
		await page.eval(`document.querySelector('#tools [data-tool="${tool}"]').click();
			document.querySelector('#editor .cell[data-r="${r}"][data-c="${c}"]').click()`);
		put('edit-' + game + '.text', await page.eval("document.getElementById('input').value"));
		put('edit-' + game + '.answer', await page.eval("document.getElementById('answer').textContent") + '\n');
		await page.shot(path.join(shots, 'lab-edit-' + game + '.png'));
	}
}

const text = (page, id) => page.eval(`document.getElementById(${JSON.stringify(id)}).textContent`);

async function playPuyo(page) {
	await load(page, read('play', 'puyo.frag'));
	put('puyo.pair', await page.eval("document.getElementById('puyo-board').dataset.pair") + '\n');
	for (const k of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp'])
		await page.key(k);
	const b = "document.getElementById('puyo-board').dataset";
	put('puyo.move', await page.eval(`${b}.col + ' ' + ${b}.rot`) + '\n');
	await page.key(' ');
	put('puyo.placed', await page.eval(`${b}.placed`));
	put('puyo.chain', await text(page, 'chain') + '\n');
	put('puyo.result', await text(page, 'result') + '\n');
	await sleep(800);   // the chain on its way, for the picture
	await page.shot(path.join(shots, 'lab-play-puyo.png'));
}

const ADVICE = "[document.getElementById('yut-advice').textContent]" +
	".concat([...document.querySelectorAll('#yut-moves button')].map((b) => b.textContent))" +
	".concat([document.getElementById('yut-states').textContent]).join('\\n')";

async function playYut(page) {
	await load(page, read('play', 'yut.frag'));
	await page.key('3');
	put('yut.advice1', await page.eval(ADVICE) + '\n');
	put('yut.buttons', await page.eval("document.querySelectorAll('#yut-moves button').length") + '\n');
	await page.eval("document.querySelector('#yut-moves button').click()");
	put('yut.at', await page.eval("document.getElementById('yut-board').dataset.at") + '\n');
	put('yut.score', await text(page, 'yut-score') + '\n');
	await page.key('5');
	put('yut.advice2', await page.eval(ADVICE) + '\n');
	await page.shot(path.join(shots, 'lab-play-yut.png'));
}

async function playGrundy(page) {
	await load(page, read('play', 'grundy.frag'));
	const [i, x, y] = read('play', 'grundy.move').split(' ');
	await page.eval(`document.getElementById('grundy-piece').value = '${i}';
		document.getElementById('grundy-x').value = '${x}';
		document.getElementById('grundy-y').value = '${y}';
		document.getElementById('grundy-move').click()`);
	put('grundy.log', await text(page, 'grundy-log'));
	put('grundy.xor', await text(page, 'grundy-xor') + '\n');
	await page.shot(path.join(shots, 'lab-play-grundy.png'));
}

// ---- review: what a person met using the page ----

// The facts of the page now, "key value" lines, for the shell to check.
async function facts(page, exprs) {
	let out = '';
	for (const [k, e] of Object.entries(exprs))
		out += k + ' ' + String(await page.eval(e)).replace(/\n/g, '\\n') + '\n';
	return out;
}

const FACTS = {
	answer: "document.getElementById('answer').textContent",
	diag: "document.getElementById('diag').textContent.split('\\n')[0]",
	input: "document.getElementById('input').value",
	cells: "document.querySelectorAll('#editor .cell').length",
	boardmsg: "document.getElementById('board-msg').textContent",
	opterror: "document.getElementById('opt-error').hidden ? '' : document.getElementById('opt-error').textContent",
	bad: "[...document.querySelectorAll('#opts .bad')].map((e) => e.id).join(',')",
	note: "[...document.querySelectorAll('#editor .note')].map((e) => e.textContent).join(' | ')",
	fatal: "document.getElementById('fatal').hidden ? '' : document.getElementById('fatal').textContent",
	pos: "document.getElementById('pos').textContent",
};

// Each review/NAME.frag opened, then what NAME says done; the facts after
// it into OUT/review-NAME (with NAME.click "TOOL ROW COL" for the clicks).
const REVIEW = {
	// a board click the library refuses: the board stays, the reason above it
	async refuse(page) {
		const [tool, r, c] = read('review', 'refuse.click').split(' ');
		const before = await facts(page, FACTS);
		await page.eval(`document.querySelector('#tools [data-tool="${tool}"]').click();
			document.querySelector('#editor .cell[data-r="${r}"][data-c="${c}"]').click()`);
		return before.replace(/^(?=.)/gm, 'before-') + await facts(page, FACTS);
	},
	// an option's error: by the options, not under the text
	async option(page) {
		return facts(page, FACTS);
	},
	// an edit keeps the step shown: 5 steps on, a cell painted blue
	async keep(page) {
		await page.until('boardlab.frames.length > 0');
		for (let i = 0; i < 5; i++) await page.key('ArrowRight');
		await page.until("document.getElementById('pos').textContent === '6'", 3000).catch(() => {});
		const before = await page.eval(FACTS.pos);
		await page.eval(`document.querySelector('#tools [data-tool="2"]').click();
			document.querySelector('#editor .cell[data-r="0"][data-c="3"]').click()`);
		const n = await page.eval('boardlab.stepLoads');
		await page.until('boardlab.stepLoads > ' + n, 3000).catch(() => {});
		return 'before ' + before + '\n' + await facts(page, FACTS);
	},
	// an input whose lines end in lone CRs: the diagnostic's line and caret
	async cr(page) {
		return facts(page, { diag: "document.getElementById('diag').textContent" });
	},
	// grundy's steps: a click shows the picture at its own size, another fits it
	async zoom(page) {
		await page.until('boardlab.frames.length > 0');
		const w = "document.querySelector('#stage svg').clientWidth";   // inside its border
		let out = 'attr ' + await page.eval("document.querySelector('#stage svg').getAttribute('width')") + '\n';
		out += 'fitted ' + await page.eval(w) + '\n';
		await page.eval("document.querySelector('#stage svg').dispatchEvent(new MouseEvent('click', { bubbles: true }))");
		out += 'full ' + await page.eval(w) + '\n';
		out += 'page ' + await page.eval('document.documentElement.scrollWidth - document.documentElement.clientWidth') + '\n';
		await page.eval("document.querySelector('#stage svg').dispatchEvent(new MouseEvent('click', { bubbles: true }))");
		return out + 'again ' + await page.eval(w) + '\n';
	},
	// an input of 1,200 lines: kept out of the text box, the board and answer as ever
	async lines(page) {
		return facts(page, Object.assign({
			big: "document.getElementById('big').hidden ? '' : document.getElementById('big').textContent.trim().split('\\n')[0]",
			box: "document.getElementById('input').value.length",
		}, FACTS));
	},
	// the problem picked from its list, then ArrowRight: a step, not the next problem
	async pick(page) {
		await page.until('boardlab.frames.length > 0');
		const before = await page.eval("document.getElementById('input').value");
		await page.eval("document.getElementById('pick').focus()");
		await page.key('ArrowRight');
		await page.key('ArrowRight');
		return facts(page, {
			pick: "document.getElementById('pick').value",
			focus: 'document.activeElement.id',
			same: `document.getElementById('input').value === ${JSON.stringify(before)}`,
			pos: FACTS.pos,
		});
	},
	// another problem picked: the input stays when it is one of the new
	// problem's (17837 to 17780), else a random one of it (16880 to 16879)
	async switch(page) {
		let out = '';
		for (const to of ['p:17780', 'p:16880', 'p:16879']) {
			const before = await page.eval("document.getElementById('input').value");
			await page.eval(`{ const s = document.getElementById('pick'); s.value = '${to}';
				s.dispatchEvent(new Event('change')); }`);
			out += await facts(page, {
				[to + '-same']: `document.getElementById('input').value === ${JSON.stringify(before)}`,
				[to + '-answer']: FACTS.answer,
				[to + '-diag']: FACTS.diag,
			});
		}
		return out;
	},
	// grundy's play on a position of 1,200 pieces: refused at once, saying why
	async bigplay(page) {
		const t0 = Date.now();
		await page.eval("document.getElementById('mode-play').click()");
		return 'ms ' + (Date.now() - t0) + '\n' + await facts(page, {
			log: "document.getElementById('grundy-log').textContent",
			choices: "document.getElementById('grundy-piece').options.length",
		});
	},
	// a link with a broken %-escape: the page still works and says so
	async percent(page) {
		return facts(page, FACTS);
	},
	// puyo: the best moves shown, then the pair dropped: they were that pair's
	async best(page) {
		await page.eval("document.getElementById('puyo-best').click()");
		const shown = await page.eval("document.getElementById('best').textContent");
		await page.key(' ');
		return 'shown ' + shown.split('\n')[0] + '\nafter ' +
			await page.eval("document.getElementById('best').textContent") + '\n';
	},
	// grundy: the target fields start at the chosen piece's cell
	async target(page) {
		let out = '';
		for (const k of ['1', '2']) {
			await page.eval(`{ const s = document.getElementById('grundy-piece'); s.value = '${k}';
				s.dispatchEvent(new Event('change')); }`);
			out += 'piece' + k + ' ' + await page.eval(
				"document.getElementById('grundy-x').value + ' ' + document.getElementById('grundy-y').value") + '\n';
		}
		return out;
	},
	// a board of 30 cells a side in a window 1280 and 400 wide: the board
	// stays in its column, the page no wider than the window
	async wide(page) {
		let out = '';
		for (const w of [1280, 400]) {
			await page.send('Emulation.setDeviceMetricsOverride', { width: w, height: 900, deviceScaleFactor: 1,
				mobile: false });
			await page.eval('new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))');
			out += await facts(page, {
				['page' + w]: 'document.documentElement.scrollWidth',
				['window' + w]: 'document.documentElement.clientWidth',
				['editor' + w]: "Math.round(document.getElementById('editor').getBoundingClientRect().right)",
				['left' + w]: "Math.round(document.getElementById('left').getBoundingClientRect().right)",
				['right' + w]: "Math.round(document.getElementById('right').getBoundingClientRect().left)",
				['righttop' + w]: "Math.round(document.getElementById('right').getBoundingClientRect().top)",
				['editorbottom' + w]: "Math.round(document.getElementById('editor').getBoundingClientRect().bottom)",
			});
			await page.shot(path.join(shots, 'lab-wide-' + w + '.png'));
		}
		await page.send('Emulation.clearDeviceMetricsOverride');
		return out;
	},
};

async function review(page) {
	for (const f of files('review', '.frag')) {
		const name = f.replace(/\.frag$/, '');
		await load(page, read('review', f));
		put('review-' + name, await REVIEW[name](page));
		if (name !== 'wide') await page.shot(path.join(shots, 'lab-review-' + name + '.png'));
	}
}

// The page's commonEnds against a character-by-character search, on texts
// of 70,000 to 200,000 characters with an edit at either end, in the
// middle, of nothing, and of texts one inside the other.
async function ends(page) {
	put('ends', await page.eval(`(() => {
		const bad = [], base = 'x 12 R\\n'.repeat(25000);
		const plain = (a, b) => {
			const n = Math.min(a.length, b.length);
			let h = 0, t = 0;
			while (h < n && a[h] === b[h]) h++;
			while (t < n - h && a[a.length - 1 - t] === b[b.length - 1 - t]) t++;
			return h + ',' + t;
		};
		const cases = [[base, base], [base, 'y' + base.slice(1)], [base, base.slice(0, -1) + 'z'],
			[base, base.slice(0, 90000) + '7' + base.slice(90001)], [base, base + base],
			[base, base.slice(0, 70000)], [base.slice(0, 70000) + base, base]];
		for (let k = 0; k < 40; k++) {
			const at = (k * 7919) % base.length, del = k % 5, ins = 'ab\\n'.slice(0, k % 4);
			cases.push([base, base.slice(0, at) + ins + base.slice(at + del)]);
		}
		for (const [a, b] of cases) {
			const got = boardlab.commonEnds(a, b).join(','), want = plain(a, b);
			if (got !== want) bad.push(a.length + ' -> ' + b.length + ': ' + got + ', want ' + want);
		}
		return bad.map((l) => l + '\\n').join('');
	})()`));
}

// ---- bench ----

const median = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];

async function bench(page) {
	const size = fs.statSync(lab).size;
	console.log('page: ' + size + ' bytes (' + (size / 1048576).toFixed(2) + ' MiB)');
	for (const f of files('bench', '.frag').concat(files('bench', '.text'))) {
		const name = f.replace(/\.(frag|text)$/, ''), typed = f.endsWith('.text');
		const t0 = Date.now();
		const first = [];
		await load(page, typed ? read('bench', name + '.opts') : read('bench', f));   // warm-up, not counted
		for (let k = 0; k < 7; k++) {
			await load(page, typed ? read('bench', name + '.opts') : read('bench', f));
			first.push(await page.eval('boardlab.firstAnswerMs'));
		}
		if (typed)   // the text given as a file opened is
			await page.eval(`boardlab.setInput(${JSON.stringify(fs.readFileSync(path.join(data, 'bench', f), 'utf8'))})`);
		// Each edit: the time from the click (or the input event) to its answer
		// shown, the page's whole work (solve, the board redrawn).
		// An edit that keeps the input valid: a tower cell painted red or blue, a
		// puyo recoloured, a die turned; the text for an input too large for a board.
		// and to the next frame painted (a requestAnimationFrame, then a task):
		// what the page laid out after it, the text box above all, counted too
		const both = await page.eval(`(async () => {
			const times = [], painted = [];
			const tool = (k) => document.querySelector('#tools [data-tool="' + (k % 2 ? 'R' : 'G') + '"]') ||
				document.querySelector('#tools [data-tool="' + (k % 2 ? '1' : '2') + '"]');
			for (let k = 0; k < 20; k++) {
				const cells = [...document.querySelectorAll('#editor .cell')].filter((c) =>
					!document.querySelector('#tools [data-tool="R"]') || c.querySelector('.puyo'));
				if (cells.length) {
					if (tool(k)) tool(k).click();
					const t0 = performance.now();
					cells[(7 * k) % cells.length].click();
					times.push(performance.now() - t0);
					await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
					painted.push(performance.now() - t0);
				} else {   // no board for an input this large: a digit of the last line changed
					const v = boardlab.input(), at = v.lastIndexOf('\\n', v.length - 2) + 1;
					const w = v.slice(0, at) + (v[at] === '1' ? '2' : '1') + v.slice(at + 1);
					// flat, as a text box or a file gives it: V8 compares or copies a
					// string built of pieces a character at a time (70 ms for 6 MB)
					w.slice(0, 1);
					const t0 = performance.now();
					boardlab.setInput(w);
					times.push(performance.now() - t0);
					await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
					painted.push(performance.now() - t0);
				}
			}
			return [times, painted];
		})()`);
		const [edit, painted] = both;
		const answer = await page.eval("document.getElementById('answer').textContent");
		const how = await page.eval("document.querySelectorAll('#editor .cell').length ? 'a cell clicked' : " +
			"'a digit of the text changed'");
		const bytes = fs.statSync(path.join(data, 'bench', typed ? f : name + '.frag')).size;
		console.log(name + (typed ? ' (opened as a file, ' : ' (through its link, ') + bytes + ' bytes): ' +
			(typed ? 'the page before it: ' : '') + 'first answer ' + Math.round(median(first)) +
			' ms (median of 7 loads, fastest ' + Math.round(Math.min(...first)) + ', slowest ' + Math.round(Math.max(...first)) + '); edit ' +
			median(edit).toFixed(1) + ' ms (' + how + ', median of 20, slowest ' +
			Math.max(...edit).toFixed(1) + '), painted ' + median(painted).toFixed(1) + ' (slowest ' +
			Math.max(...painted).toFixed(1) + '); answer ' + answer + ' [' + (Date.now() - t0) + ' ms]');
	}
}

(async () => {
	const browser = await cdp.launch(chromium);
	const timer = setTimeout(() => { console.error('lab.js: timed out'); process.exit(1); },
		mode === 'bench' ? 900000 : 170000);
	try {
		const page = await browser.page();
		if (mode === 'bench') {
			console.log(browser.version);
			await bench(page);
		} else if (mode === 'shot') {
			await load(page, data);
			await page.until('boardlab.frames.length > 0');
			for (const k of process.argv.slice(7)) await page.key(k);
			await page.shot(out);
		} else {
			// Every request the page makes, to check it needs no network.
			const requests = [];
			page.on('Network.requestWillBeSent', (r) => requests.push(r.request.url));
			await page.send('Network.enable');
			await answers(page);
			await ends(page);
			await frames(page);
			await edits(page);
			if (fs.existsSync(path.join(data, 'play', 'puyo.frag'))) await playPuyo(page);
			if (fs.existsSync(path.join(data, 'play', 'yut.frag'))) await playYut(page);
			if (fs.existsSync(path.join(data, 'play', 'grundy.frag'))) await playGrundy(page);
			await review(page);
			put('requests', requests.filter((u) => !/^(file|about|data):/.test(u)).map((u) => u + '\n').join(''));
		}
	} finally {
		clearTimeout(timer);
		await browser.close();
	}
})().catch((e) => {
	console.error('lab.js: ' + e.message);
	process.exit(1);
});
