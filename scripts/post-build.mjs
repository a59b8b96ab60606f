#!/usr/bin/env node
// Trunk's post_build hook (Trunk.toml): what a static host needs beside the
// page, written into the build's staging folder before Trunk moves it to dist/.
//
// A release build gets
//   - sw.js, the offline copy's service worker (www/sw.js) with the build's
//     file list written into it: every file of the build but the lecturer's
//     and the connect page's, and its SHA-256, and a
//     version made of them, so a new build is a new worker and a new cache;
//   - offline.js (www/offline.js), which registers the worker and has the
//     page's compiled code kept, and the one <script> tag in index.html that
//     loads it; the wasm fetched from the top of the page instead of preloaded;
//   - a .br and a .gz copy (zopfli's) of every text file and of the wasm, for
//     hosts that serve precompressed files (docs/sharing.md).
//   - before all that, the page's wasm cut at its split points
//     (scripts/split-page.mjs, src/ui/page/later.rs).
// A debug build (scripts/serve) gets only sw.js in its retiring form (an empty
// file list): a browser that still has a release build's worker for the same
// address finds it on its next update check, drops the cache and unregisters,
// so development never sees a stale copy.
//
// By hand, `node scripts/post-build.mjs <dir>` does a release build's work on
// <dir> again (tests/offline uses it to make "a new build" of a copy of dist/);
// it skips what an earlier run added, so running it twice is harmless.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { splitPage } from './split-page.mjs';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: post-build.mjs <dir> (Trunk passes TRUNK_STAGING_DIR)');
  process.exit(2);
}
const release = process.argv[2] !== undefined || process.env.TRUNK_PROFILE === 'release';
const www = new URL('../www/', import.meta.url);
const COMPRESSED = /\.(br|gz)$/;
const WORKER = 'sw.js';
const REGISTRAR = 'offline.js';
// What is worth compressing: the wasm and every text format the build holds.
const COMPRESSIBLE = /\.(wasm|js|mjs|css|html|json|svg|txt|map)$/;

function files(root) {
  const out = [];
  const walk = (folder) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return out;
}

// The worker's template holds one line `const BUILD = …;`, replaced here.
function writeWorker(build) {
  const template = readFileSync(new URL(WORKER, www), 'utf8');
  const line = /^const BUILD = .*;$/m;
  if (!line.test(template)) throw new Error(`www/${WORKER} has no "const BUILD = …;" line`);
  writeFileSync(join(dir, WORKER), template.replace(line, () => `const BUILD = ${JSON.stringify(build)};`));
}

if (!release) {
  writeWorker({ version: null, files: {} });
  process.exit(0);
}

// Trunk's release build: the page's wasm cut at its split points (a copy
// of dist/ given by hand is split already).
if (process.argv[2] === undefined) {
  const modules = splitPage(dir);
  if (modules) {
    for (const { name, bytes } of modules) console.log(`post-build: split module ${name}: ${bytes} bytes`);
  }
}

// The registrar, and the tag that loads it (once), with the page's wasm.
writeFileSync(join(dir, REGISTRAR), readFileSync(new URL(REGISTRAR, www)));
const html = join(dir, 'index.html');
let page = readFileSync(html, 'utf8');
const publicUrl = process.env.TRUNK_PUBLIC_URL || './';
const wasm = page.match(/module_or_path: '([^']+_bg\.wasm)'/)?.[1];
if (!page.includes(`${REGISTRAR}"`)) {
  const tag = `<script src="${publicUrl}${REGISTRAR}"${wasm ? ` data-wasm="${wasm}"` : ''} defer></script>`;
  if (!page.includes('</head>')) throw new Error('index.html has no </head>');
  page = page.replace('</head>', `${tag}</head>`);
}
// The wasm asked for at the top of the page, by a fetch() the page's script
// then takes over, in place of Trunk's preload: a preloaded response does not
// bring the compiled code that www/offline.js has the offline copy keep
// (docs/performance.md), a fetched one does. `.catch` only keeps a failed
// download from also being reported as unhandled; the page's script still
// sees it fail.
const preload = /<link rel="preload" href="[^"]+_bg\.wasm"[^>]*>/;
if (wasm && !page.includes('window.ddbWasm')) {
  const early = `<script>window.ddbWasm = fetch('${wasm}'); window.ddbWasm.catch(() => {});</script>`;
  const charset = /<meta charset="[^"]*"\s*\/?>/;
  if (!charset.test(page)) throw new Error('index.html has no <meta charset>');
  page = page.replace(preload, '').replace(charset, (tag) => `${tag}\n  ${early}`)
    .replace(`module_or_path: '${wasm}'`, `module_or_path: window.ddbWasm ?? '${wasm}'`);
  if (!page.includes('module_or_path: window.ddbWasm')) throw new Error('index.html does not load the wasm as Trunk writes it');
}
writeFileSync(html, page);

// The build's files and their hashes; the worker is not one of them (the
// browser keeps it itself), nor are the compressed copies of the others, nor
// the lecturer's page and the connect page (their HTML, script and wasm, and
// the unhashed copies of the style sheet and icon they link): they are for the
// few, and precached each would be another wasm downloaded by every student's
// phone. The connect page needs the network anyway.
const OWN_PAGES = /^(lecturer\.html|connect\.html|style\.css|favicon\.svg|ddb-(lecturer|connect)(_bg\.wasm|\.js))$/;
const listed = files(dir).filter((f) => !COMPRESSED.test(f) && f !== WORKER && !OWN_PAGES.test(f));
const entries = listed.map((f) => {
  const digest = createHash('sha256').update(readFileSync(join(dir, f))).digest('base64');
  return [f, `sha256-${digest}`];
});
const version = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);
writeWorker({ version, files: Object.fromEntries(entries) });

// Precompressed copies: gzip and brotli at their smallest, each kept only
// when smaller than the file. A file whose copies are newer than it is done
// (a run by hand over a finished build redoes only what changed).
// The gzip copy is zopfli's when scripts/setup has installed it: a plain
// gzip file that every browser reads, about 4.5 % smaller than gzip -9 on the
// wasm, at a few seconds per megabyte. Without it, the gzip program's -9
// (about 1 % smaller than Node's zlib at level 9), or Node's.
const ZOPFLI = fileURLToPath(new URL('../.tools/bin/zopfli', import.meta.url));
const gzip = (path, data) => {
  // zopfli writes <path>.gz itself; it is read back, and removed below when
  // it is no smaller than the file.
  if (existsSync(ZOPFLI) && spawnSync(ZOPFLI, [path]).status === 0) return readFileSync(`${path}.gz`);
  const made = spawnSync('gzip', ['-9', '-n', '-c'], { input: data, maxBuffer: 1 << 30 });
  return made.status === 0 ? made.stdout : gzipSync(data, { level: 9 });
};
const fresh = (path, copy) => existsSync(copy) && statSync(copy).mtimeMs >= statSync(path).mtimeMs;
let raw = 0, gz = 0, br = 0;
for (const f of files(dir)) {
  if (COMPRESSED.test(f) || !COMPRESSIBLE.test(f)) continue;
  const path = join(dir, f);
  const data = readFileSync(path);
  if (fresh(path, `${path}.gz`) && fresh(path, `${path}.br`)) {
    raw += data.length;
    gz += statSync(`${path}.gz`).size;
    br += statSync(`${path}.br`).size;
    continue;
  }
  const gzipped = gzip(path, data);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: f.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  if (gzipped.length < data.length) writeFileSync(`${path}.gz`, gzipped);
  else rmSync(`${path}.gz`, { force: true });
  if (brotli.length < data.length) writeFileSync(`${path}.br`, brotli);
  raw += data.length;
  gz += Math.min(gzipped.length, data.length);
  br += Math.min(brotli.length, data.length);
}
console.log(`post-build: offline copy ${version} (${entries.length} files); ${raw} bytes, ${gz} gzipped, ${br} brotli`);
