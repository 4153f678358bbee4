// cdp.js: headless Chromium over the DevTools protocol on a pipe
// (--remote-debugging-pipe: Chromium reads commands on fd 3 and writes
// replies on fd 4, each JSON message ended by a NUL), for the lab's
// drivers.  No npm package.
//
//   const cdp = require('./cdp');
//   const b = await cdp.launch(CHROMIUM);       // a browser in its own profile
//   const page = await b.page();                // a tab
//   await page.open('file:///...#p=17837&in=...');
//   await page.eval('1 + 1');  await page.key('ArrowLeft');  await page.shot(FILE);
//   page.on('Network.requestWillBeSent', (params) => ...);   // after send('Network.enable')
//   await b.close();                            // always: it kills the browser
//
// Chromium runs in its own process group, killed with it at the end (and
// when this process exits), and its profile lives in a temporary directory.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

// Key names to the codes Chromium's key events want.
const KEYS = { ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40, Home: 36, End: 35,
	' ': 32, Enter: 13 };

function launch(chromium) {
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'boardlab-chromium-'));
	const child = spawn(chromium, [
		'--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
		'--no-first-run', '--no-default-browser-check', '--disable-extensions',
		'--remote-debugging-pipe', '--user-data-dir=' + profile,
		'--window-size=1280,900', 'about:blank',
	], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true });
	let stderr = '', nextId = 1, buf = Buffer.alloc(0), closing = false;
	const pending = new Map(), waiters = [], listeners = [];
	const kill = () => { try { process.kill(-child.pid, 'SIGKILL'); } catch (e) { /* gone */ } };
	process.on('exit', kill);
	child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });

	return new Promise((resolve, reject) => {
		const fail = (e) => {
			for (const p of pending.values()) p.reject(e);
			pending.clear();
			reject(e);
		};
		child.on('error', (e) => fail(new Error('cannot start ' + chromium + ': ' + e.message)));
		child.on('exit', (code, sig) => {
			if (!closing) fail(new Error('chromium exited early: ' + (code ?? sig) + '\n' + stderr));
		});
		const toChrome = child.stdio[3], fromChrome = child.stdio[4];
		toChrome.on('error', (e) => fail(new Error('writing to chromium: ' + e.message)));
		fromChrome.on('data', (chunk) => {
			buf = Buffer.concat([buf, chunk]);
			let nul;
			while ((nul = buf.indexOf(0)) >= 0) {
				const msg = JSON.parse(buf.subarray(0, nul).toString('utf8'));
				buf = buf.subarray(nul + 1);
				if (msg.id && pending.has(msg.id)) {
					const { resolve: ok, reject: no, method } = pending.get(msg.id);
					pending.delete(msg.id);
					if (msg.error) no(new Error(method + ': ' + msg.error.message));
					else ok(msg.result);
				} else if (msg.method) {
					for (const l of listeners)
						if (l.method === msg.method && l.session === msg.sessionId) l.fn(msg.params);
					for (let i = waiters.length - 1; i >= 0; i--)
						if (waiters[i].method === msg.method && waiters[i].session === msg.sessionId)
							waiters.splice(i, 1)[0].resolve(msg.params);
				}
			}
		});
		const send = (method, params = {}, sessionId) => {
			const id = nextId++, msg = { id, method, params };
			if (sessionId) msg.sessionId = sessionId;
			return new Promise((ok, no) => {
				pending.set(id, { resolve: ok, reject: no, method });
				toChrome.write(JSON.stringify(msg) + '\0');
			});
		};
		const event = (method, session) => new Promise((ok) => waiters.push({ method, session, resolve: ok }));

		async function page() {
			const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
			const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
			const s = (method, params) => send(method, params, sessionId);
			await s('Page.enable');
			await s('Runtime.enable');
			const p = {
				async eval(expr) {
					const r = await s('Runtime.evaluate', { expression: expr, returnByValue: true,
						awaitPromise: true });
					if (r.exceptionDetails)
						throw new Error('evaluate ' + expr.slice(0, 200) + ': ' +
							(r.exceptionDetails.exception ? r.exceptionDetails.exception.description
								: r.exceptionDetails.text));
					return r.result.value;
				},
				// Loads url and waits until the lab says it is ready (or the load, for other pages).
				async open(url, readyExpr) {
					const loaded = event('Page.loadEventFired', sessionId);
					await s('Page.navigate', { url });
					await loaded;
					if (readyExpr) await p.until(readyExpr);
				},
				async until(expr, ms = 20000) {
					const t0 = Date.now();
					while (!(await p.eval(expr))) {
						if (Date.now() - t0 > ms) throw new Error('timed out waiting for ' + expr);
						await new Promise((r) => setTimeout(r, 10));
					}
				},
				async key(name) {
					const code = KEYS[name] || name.toUpperCase().charCodeAt(0);
					const text = name.length === 1 ? name : undefined;
					await s('Input.dispatchKeyEvent', { type: 'keyDown', key: name, code: name,
						windowsVirtualKeyCode: code, text });
					await s('Input.dispatchKeyEvent', { type: 'keyUp', key: name, code: name,
						windowsVirtualKeyCode: code });
				},
				// fn(params) for every event called method, from now on.
				on(method, fn) {
					listeners.push({ method, session: sessionId, fn });
				},
				async shot(file) {
					const png = (await s('Page.captureScreenshot', { format: 'png' })).data;
					fs.writeFileSync(file, Buffer.from(png, 'base64'));
				},
				send: s,
			};
			return p;
		}

		async function close() {
			closing = true;
			const gone = new Promise((ok) => {
				child.on('exit', ok);
				setTimeout(ok, 2000);
			});
			await send('Browser.close').catch(() => {});
			await gone;
			kill();
			try { fs.rmSync(profile, { recursive: true, force: true }); } catch (e) { /* best effort */ }
		}

		// Chromium answers once it is up.
		send('Browser.getVersion').then((v) => resolve({ page, close, version: v.product }), fail);
	});
}

module.exports = { launch };
