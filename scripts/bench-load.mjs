// Load to interactive over slow links and with the network off (BENCHMARKS.md,
// section "Load over a network"); scripts/bench-load runs it.
//
// The release dist/ is served as a static host serves it (scripts/serve-dist.mjs:
// the precompressed .gz, or the .br, for a browser that accepts it). Each
// visit is headless Chromium through playwright-core with Chrome's own
// throttling (CDP Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate);
// "interactive" is what scripts/bench-browser measures: the time from
// navigation start to the first animation frame in which the header's
// Lessons button exists (performance.now() in the page).
//
//   first visit: a fresh browser profile (empty cache, no service worker);
//   second visit, network off: a profile whose first visit (unthrottled)
//     installed the offline copy and lasted until the copy had kept the
//     page's compiled code (www/offline.js: 30 s after the page is idle),
//     then the browser offline, the CPU slowed 4× (and, for scale, not
//     slowed); a third visit follows in the same profile;
//   the floor: the same second visit to a copy of dist/ whose page holds only
//     the header's Lessons button, what any page costs on this machine;
//   the console drawn on a first visit: the Console tab clicked as soon as the
//     page is interactive, from navigation start to the console drawn (its
//     code a split module of the page, on its way then);
//   the first exercise opened: once a visit is interactive, from the click on
//     an exercise to the panel drawn, its wasm loaded then (on a first visit
//     at 9 Mbps and 4× without the offline copy, and on a second visit from
//     the offline copy at 4×).
//
// Each visit also says when the wasm arrived, was instantiated (from
// WebAssembly.instantiateStreaming's call to its answer) and the app had
// started (Trunk's TrunkApplicationStarted: main() and the first render done).
// Each figure is the median of RUNS visits (3 unless --runs N). --dist DIR
// measures another build than dist/ (an earlier commit's, as a baseline).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve-dist.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { chromium } = createRequire(join(root, '.tools/node_modules/'))('playwright-core');
const args = process.argv.slice(2);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
// Another build to measure (an earlier commit's dist/, for a baseline on the same machine).
const DIST = args.includes('--dist') ? args[args.indexOf('--dist') + 1] : join(root, 'dist');
const mbps = (n) => (n * 1_000_000) / 8;
const LINKS = [
  { name: 'localhost, CPU 1×', cpu: 1 },
  { name: '9 Mbps / 60 ms, CPU 4×', cpu: 4, network: { latency: 60, downloadThroughput: mbps(9), uploadThroughput: mbps(9) } },
  // For scale: the same link with the CPU not slowed, where only the bytes count.
  { name: '9 Mbps / 60 ms, CPU 1×', cpu: 1, network: { latency: 60, downloadThroughput: mbps(9), uploadThroughput: mbps(9) } },
  { name: '1.6 Mbps / 150 ms, CPU 4×', cpu: 4, network: { latency: 150, downloadThroughput: mbps(1.6), uploadThroughput: mbps(0.75) } },
];

// Installed before the page's own scripts: the first frame with the header,
// and when the page's phases ended (the wasm instantiated, the app started),
// said on the console once. The result is read from the console message, not
// polled for: Playwright's polling evaluates its own script in the page, which
// at 4× CPU took the page's main thread for about 90 ms in the middle of the
// load (a Chrome trace of the offline visit showed it).
const WATCH = () => {
  const phases = {};
  for (const name of ['instantiateStreaming', 'instantiate']) {
    const original = WebAssembly[name];
    WebAssembly[name] = async (...args) => {
      phases.instantiating = performance.now();
      const result = await original.apply(WebAssembly, args);
      phases.instantiated = performance.now();
      return result;
    };
  }
  addEventListener('TrunkApplicationStarted', () => { phases.started = performance.now(); });
  const look = () => {
    if (document.getElementById('btn-lessons')) {
      phases.interactive = performance.now();
      // The page's wasm (fetched from the top of the page: its entry may not be written yet).
      const wasm = performance.getEntriesByType('resource').find((r) => r.name.endsWith('_bg.wasm') && !r.name.includes('/split-'));
      phases.wasmAt = wasm?.responseEnd ?? 0;
      phases.wasmBytes = wasm?.transferSize ?? 0;
      // Answered by the offline copy: with the network off, so was the wasm.
      phases.fromWorker = navigator.serviceWorker?.controller != null;
      console.log(`ddb-interactive ${JSON.stringify(phases)}`);
    } else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
};

async function visit(context, address, { cpu = 1, network, offline = false }) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (network || offline) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1, ...network,
    });
  }
  if (cpu !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.addInitScript(WATCH);
  const said = new Promise((resolve) => {
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith('ddb-interactive ')) resolve(JSON.parse(text.slice('ddb-interactive '.length)));
    });
  });
  await page.goto(address, { waitUntil: 'commit' });
  const result = await Promise.race([
    said,
    // unref: a pending limit must not keep the script alive once it is done.
    new Promise((_, reject) => setTimeout(() => reject(new Error('not interactive within 120 s')), 120_000).unref()),
  ]);
  return { page, result };
}

// Something opened once the page is interactive, whose code is a wasm of
// its own loaded then: `menu` clicked first if given, then `click` (once
// it exists: a menu's list is drawn on a later task); from that click to the
// first frame in which `drawn` exists, with when `wasm` (a file name) arrived.
const OPEN = ({ menu, click, drawn, wasm: file }) => new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error(`no ${drawn} within 60 s`)), 60_000);
  if (menu) document.querySelector(menu).click();
  const entry = () => {
    const button = document.querySelector(click);
    if (!button) return requestAnimationFrame(entry);
    const start = performance.now();
    button.click();
    const look = () => {
      if (document.querySelector(drawn)) {
        const wasm = performance.getEntriesByType('resource').find((r) => r.name.endsWith(file));
        resolve({
          interactive: performance.now() - start,
          wasmAt: wasm ? wasm.responseEnd - start : undefined,
          wasmBytes: wasm?.transferSize ?? 0,
          fromWorker: (wasm?.workerStart ?? 0) > 0,
        });
      } else requestAnimationFrame(look);
    };
    look();
  };
  entry();
});

// The first exercise: its panel is in the panels' wasm (src/ui/exercises/host.rs).
const EXERCISE = {
  menu: '#btn-exercises',
  click: '#exercise-list [data-exercise="game-scores"]',
  drawn: '#exercise-panel[data-exercise="game-scores"]',
  wasm: 'ddb-panels_bg.wasm',
};

// The Console tab, clicked as soon as the page is interactive: in a split
// build its code is a module of the page's own (src/ui/page/later.rs).
const CONSOLE = { click: '#tab-console', drawn: '#console #cost-strip', wasm: 'split_console.wasm' };

// A first visit whose Console tab is clicked at once: from navigation start
// to the console drawn, what a visitor who came for the console waits.
async function consoleAtOnce(context, address, link) {
  const { page, result } = await visit(context, address, link);
  const opened = await page.evaluate(OPEN, CONSOLE);
  return { ...opened, interactive: result.interactive + opened.interactive };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(browser, address, label, visitOnce) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await visitOnce());
  const times = runs.map((r) => r.interactive);
  const mid = runs.find((r) => r.interactive === median(times));
  const at = (ms) => (ms === undefined ? '—' : ms.toFixed(0));
  console.log(`${label}: ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${mid.interactive.toFixed(0)} ms `
    + `(wasm arrived at ${at(mid.wasmAt)} ms, ${mid.wasmBytes} bytes over the wire${mid.fromWorker ? ', from the offline copy' : ''}; `
    + `instantiating ${at(mid.instantiating)}–${at(mid.instantiated)} ms, app started ${at(mid.started)} ms)`);
  console.log(`BENCH | ${label} | ${mid.interactive.toFixed(0)} ms | median of ${RUNS}`);
}

// The first visit, until the worker answers the page and the offline copy
// has kept the page's compiled code (www/offline.js). A build without that
// (an earlier commit's, with --against) is left once the worker answers.
async function firstVisitKept(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  await page.waitForFunction(() => !document.querySelector('script[data-wasm]') || localStorage.getItem('ddb-code-kept') !== null,
    null, { timeout: 60_000 });
}

// The second visit with the network off, and a third.
async function laterVisits(browser, address, cpu, served) {
  const later = [[], []];
  await measure(browser, address, `second visit, network off, CPU ${cpu}×, ${served}`, async () => {
    const context = await browser.newContext();
    const { page } = await visit(context, address, {});
    await firstVisitKept(page);
    await page.close();
    await context.setOffline(true);
    for (const visits of later) {
      const { page: again, result } = await visit(context, address, { cpu, offline: true });
      if (!result.fromWorker && served !== FLOOR) {
        throw new Error('the visit did not come from the offline copy');
      }
      visits.push(result);
      await again.waitForTimeout(2000);
      await again.close();
    }
    await context.close();
    return later[0].at(-1);
  });
  const third = later[1].map((r) => r.interactive);
  console.log(`BENCH | third visit, network off, CPU ${cpu}×, ${served} | ${median(third).toFixed(0)} ms | median of ${RUNS} `
    + `(${third.map((t) => t.toFixed(0)).join(', ')} ms)`);
}

// The floor: the same build with a page that holds only the header's Lessons
// button (the stylesheet, the offline copy's worker, no wasm), so the offline
// visit measures what the browser takes for any page on this machine.
const FLOOR = 'a page with only the Lessons button (the floor)';

function floorCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'ddb-floor-'));
  cpSync(DIST, dir, { recursive: true });
  const page = readFileSync(join(dir, 'index.html'), 'utf8');
  const stylesheet = page.match(/<link rel="stylesheet"[^>]*>/)?.[0] ?? '';
  for (const stale of ['index.html.gz', 'index.html.br', 'sw.js', 'sw.js.gz', 'sw.js.br']) rmSync(join(dir, stale), { force: true });
  writeFileSync(join(dir, 'index.html'), `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" /><title>DynamoDB Playground</title>${stylesheet}
<script>window.wasmBindings = {};</script></head>
<body><header class="topbar"><button type="button" id="btn-lessons" class="topbar-button">Lessons</button></header></body></html>`);
  const built = spawnSync(process.execPath, [join(root, 'scripts/post-build.mjs'), dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('post-build.mjs failed on the floor copy');
  return dir;
}

// --against DIR: this build and another (an earlier commit's dist/) measured
// in turns, visit by visit, brotli-served (gzip-served with --gzip), so that
// both see the same machine: the first visits over the two slow links and
// the second visit offline at 4×.
async function against(browser, other) {
  const builds = { [other]: other, 'dist/': DIST };
  const encoding = args.includes('--gzip') ? 'gzip' : 'br';
  const servers = {};
  for (const [name, dir] of Object.entries(builds)) servers[name] = await serve(dir, { encodings: [encoding] });
  const address = (name) => `http://127.0.0.1:${servers[name].address().port}/`;
  const rows = [
    ...[LINKS[1], LINKS[3]].map((link) => [`first visit, ${link.name}`, async (name) => {
      const context = await browser.newContext();
      const { result } = await visit(context, address(name), link);
      await context.close();
      return result;
    }]),
    [`the console drawn on a first visit, clicked at once, ${LINKS[3].name}`, async (name) => {
      const context = await browser.newContext();
      const result = await consoleAtOnce(context, address(name), LINKS[3]);
      await context.close();
      return result;
    }],
    ['second visit, network off, CPU 4×', async (name) => {
      const context = await browser.newContext();
      const { page } = await visit(context, address(name), {});
      await firstVisitKept(page);
      await page.close();
      await context.setOffline(true);
      const { page: again, result } = await visit(context, address(name), { cpu: 4, offline: true });
      await again.waitForTimeout(1000);
      await context.close();
      return result;
    }],
  ];
  const turns = Math.max(RUNS, 8);
  for (const [label, once] of rows) {
    const times = { [other]: [], 'dist/': [] };
    for (let i = 0; i < turns; i++) {
      const order = i % 2 ? Object.keys(builds).reverse() : Object.keys(builds);
      for (const name of order) times[name].push((await once(name)).interactive);
    }
    const [was, now] = Object.keys(builds).map((name) => median(times[name]));
    console.log(`${label}, ${encoding}-served, in turns: ${other} ${times[other].map((t) => t.toFixed(0)).join(', ')} ms; `
      + `dist/ ${times['dist/'].map((t) => t.toFixed(0)).join(', ')} ms`);
    console.log(`BENCH | ${label}, ${encoding}-served | ${was.toFixed(0)} → ${now.toFixed(0)} ms (${(now / was).toFixed(3)}×) | medians of ${turns} in turns`);
  }
  for (const server of Object.values(servers)) {
    server.closeAllConnections();
    server.close();
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  if (args.includes('--against')) await against(browser, args[args.indexOf('--against') + 1]);
  else await table(browser);
} finally {
  await browser.close();
}

async function table(browser) {
  for (const encodings of [['gzip'], ['br']]) {
    const server = await serve(DIST, { encodings });
    const address = `http://127.0.0.1:${server.address().port}/`;
    const served = `${encodings[0]}-served`;
    for (const link of LINKS) {
      await measure(browser, address, `first visit, ${link.name}, ${served}`, async () => {
        const context = await browser.newContext();
        const { result } = await visit(context, address, link);
        await context.close();
        return result;
      });
    }
    for (const cpu of [4, 1]) await laterVisits(browser, address, cpu, served);
    const slow = LINKS[1];
    // Without the offline copy: Chrome's throttling slows the page's own
    // requests, not the worker's, which would have the module cached at full
    // speed by the time of the click.
    await measure(browser, address, `the first exercise opened on a first visit, ${slow.name}, ${served}`, async () => {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const { page } = await visit(context, address, slow);
      const result = await page.evaluate(OPEN, EXERCISE);
      await context.close();
      return result;
    });
    for (const link of [LINKS[1], LINKS[3]]) {
      await measure(browser, address, `the console drawn on a first visit, clicked at once, ${link.name}, ${served}`, async () => {
        const context = await browser.newContext();
        const result = await consoleAtOnce(context, address, link);
        await context.close();
        return result;
      });
    }
    await measure(browser, address, `the first exercise opened on a second visit, network off, CPU 4×, ${served}`, async () => {
      const context = await browser.newContext();
      const { page } = await visit(context, address, {});
      await firstVisitKept(page);
      await page.close();
      await context.setOffline(true);
      const { page: again } = await visit(context, address, { cpu: 4, offline: true });
      const result = await again.evaluate(OPEN, EXERCISE);
      // (A build with the panel in the page's own wasm has no module to fetch.)
      if (result.wasmAt !== undefined && !result.fromWorker) throw new Error('the exercise module did not come from the offline copy');
      await context.close();
      return result;
    });
    server.closeAllConnections();
    server.close();
  }
  const floor = floorCopy();
  const server = await serve(floor, { encodings: ['gzip'] });
  try {
    for (const cpu of [4, 1]) await laterVisits(browser, `http://127.0.0.1:${server.address().port}/`, cpu, FLOOR);
  } finally {
    server.closeAllConnections();
    server.close();
    rmSync(floor, { recursive: true, force: true });
  }
}
