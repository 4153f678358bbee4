#!/usr/bin/env node
// Drives headless Chromium through a replay page of `boardlab GAME trace
// --format html`, over the Chrome DevTools Protocol on a pipe
// (--remote-debugging-pipe: Chromium reads commands on fd 3 and writes
// replies on fd 4, each JSON message ended by a NUL).  No npm package.
//
//   node drive.js CHROMIUM PAGE.html PRESSES SHOT.png
//
// Opens file://PAGE.html, reads the page's frame count, presses ArrowRight
// PRESSES times, reads the shown frame and its description, takes a PNG
// screenshot into SHOT.png, then checks End, Home and ArrowLeft at the
// first frame.  Prints one "key value" line per fact for the shell test to
// compare; exits 1 on any protocol failure or timeout.  Chromium is always
// killed at the end, and its profile lives in a temporary directory.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [chromium, page, pressesArg, shot] = process.argv.slice(2);
if (!shot) {
	console.error('usage: drive.js CHROMIUM PAGE.html PRESSES SHOT.png');
	process.exit(2);
}
const presses = Number(pressesArg);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'boardlab-chromium-'));
const child = spawn(chromium, [
	'--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
	'--no-first-run', '--no-default-browser-check', '--disable-extensions',
	'--remote-debugging-pipe', '--user-data-dir=' + profile,
	'--window-size=1280,900', 'about:blank',
], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true });

let stderr = '';
child.stderr.on('data', (d) => { stderr += d; });

// Chromium runs in its own process group (detached): killing the group
// takes its renderer and helper processes too.
function killAll() {
	try { process.kill(-child.pid, 'SIGKILL'); } catch (e) { /* already gone */ }
}

function cleanup() {
	killAll();
	try { fs.rmSync(profile, { recursive: true, force: true }); } catch (e) { /* best effort */ }
}

function fail(msg) {
	console.error('drive.js: ' + msg);
	if (stderr) console.error(stderr.split('\n').slice(-5).join('\n'));
	cleanup();
	process.exit(1);
}

const timer = setTimeout(() => fail('timed out after 60 s'), 60000);
child.on('error', (e) => fail('cannot start ' + chromium + ': ' + e.message));
let exited = false;
child.on('exit', (code, sig) => {
	exited = true;
	if (!done) fail('chromium exited early: ' + (code ?? sig));
});

const toChrome = child.stdio[3], fromChrome = child.stdio[4];
toChrome.on('error', (e) => fail('writing to chromium: ' + e.message));
fromChrome.on('error', (e) => fail('reading from chromium: ' + e.message));
// Whatever ends this process, chromium goes with it.
process.on('exit', killAll);
process.on('uncaughtException', (e) => fail('internal error: ' + e.message));
let nextId = 1, done = false, pending = new Map(), waiters = [], buf = Buffer.alloc(0);

fromChrome.on('data', (chunk) => {
	buf = Buffer.concat([buf, chunk]);
	let nul;
	while ((nul = buf.indexOf(0)) >= 0) {
		const msg = JSON.parse(buf.subarray(0, nul).toString('utf8'));
		buf = buf.subarray(nul + 1);
		if (msg.id && pending.has(msg.id)) {
			const { resolve, reject, method } = pending.get(msg.id);
			pending.delete(msg.id);
			if (msg.error) reject(new Error(method + ': ' + msg.error.message));
			else resolve(msg.result);
		} else if (msg.method) {
			waiters = waiters.filter((w) => !(w.method === msg.method && (w.resolve(msg.params), true)));
		}
	}
});

function send(method, params = {}, sessionId) {
	const id = nextId++;
	const msg = { id, method, params };
	if (sessionId) msg.sessionId = sessionId;
	return new Promise((resolve, reject) => {
		pending.set(id, { resolve, reject, method });
		toChrome.write(JSON.stringify(msg) + '\0');
	});
}

function event(method) {
	return new Promise((resolve) => waiters.push({ method, resolve }));
}

async function main() {
	const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
	const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
	const s = (method, params) => send(method, params, sessionId);
	const evaluate = async (expr) => {
		const r = await s('Runtime.evaluate', { expression: expr, returnByValue: true });
		if (r.exceptionDetails) throw new Error('evaluate ' + expr + ': ' + r.exceptionDetails.text);
		return r.result.value;
	};
	const key = async (name, code) => {
		for (const type of ['keyDown', 'keyUp'])
			await s('Input.dispatchKeyEvent', { type, key: name, code: name, windowsVirtualKeyCode: code });
	};
	const shown = () => evaluate("document.querySelector('.frame.on').id + ' ' + document.getElementById('desc').textContent");

	await s('Page.enable');
	await s('Runtime.enable');
	const loaded = event('Page.loadEventFired');
	await s('Page.navigate', { url: 'file://' + path.resolve(page) });
	await loaded;
	console.log('frames ' + await evaluate("document.querySelectorAll('.frame').length"));
	console.log('count ' + await evaluate("document.getElementById('count').textContent"));
	console.log('visible ' + await evaluate("document.querySelectorAll('.frame.on').length"));
	console.log('start ' + await shown());
	// Every text of every frame inside its picture, as the browser lays it
	// out (each frame shown in turn: a hidden one has no layout).
	console.log('overflow ' + await evaluate(`(function () {
		var bad = [];
		document.querySelectorAll('.frame').forEach(function (f) {
			f.style.display = 'block';
			var svg = f.querySelector('svg'), w = svg.viewBox.baseVal.width;
			svg.querySelectorAll('text').forEach(function (t) {
				var b = t.getBBox(), m = t.getCTM(), x0 = b.x + m.e, x1 = x0 + b.width;
				if (t.textContent && (x0 < -0.5 || x1 > w + 0.5))
					bad.push(f.id + ' ' + Math.round(x1) + '>' + w + ' ' + t.textContent);
			});
			f.style.display = '';
		});
		return bad.length + (bad.length ? ' ' + bad[0] : '');
	})()`));
	for (let i = 0; i < presses; i++)
		await key('ArrowRight', 39);
	console.log('after ' + await shown());
	console.log('slider ' + await evaluate("document.getElementById('slider').value"));
	console.log('answer ' + await evaluate("document.getElementById('answer').textContent"));
	const png = Buffer.from((await s('Page.captureScreenshot', { format: 'png' })).data, 'base64');
	fs.writeFileSync(shot, png);
	await key('End', 35);
	console.log('end ' + await shown());
	await key('Home', 36);
	await key('ArrowLeft', 37);
	console.log('home ' + await shown());
	done = true;
	// Let chromium close its own processes, then make sure of it.
	const gone = new Promise((resolve) => {
		if (exited) resolve();
		child.on('exit', resolve);
		setTimeout(resolve, 2000);
	});
	await send('Browser.close').catch(() => {});
	await gone;
}

main().then(() => {
	clearTimeout(timer);
	cleanup();
	process.exit(0);
}, (e) => fail(e.message));
