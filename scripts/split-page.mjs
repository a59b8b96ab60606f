// The page's wasm cut at its split points (src/ui/page/later.rs): called by
// scripts/post-build.mjs on a release build, before the offline copy's file
// list is made.
//
// scripts/release-env builds the page with `--cfg ddb_split` and the linker's
// relocations kept (`--emit-relocs`). Trunk has run wasm-bindgen and wasm-opt
// on that wasm already, but its page would not start: the split points import
// their loaders from a placeholder. So this redoes the page's last steps from
// Cargo's wasm:
//
//   1. wasm-split-cli (wasm_split_cli_support, installed by scripts/build-release)
//      follows the relocations from each split point and moves what only it
//      reaches into a module of its own: main.wasm, split_<part>.wasm, and a
//      chunk_<n>.wasm for what two parts share, with __wasm_split.js, which
//      fetches and instantiates them on the page's memory and function table;
//   2. wasm-bindgen as Trunk runs it (same version, same name), keeping the
//      exports the modules link to (--keep-lld-exports);
//   3. wasm-opt -Oz on each wasm, with Trunk's feature flags.
//
// The loader's downloads are watched (WATCH below): one that stalls gives up,
// so the part waiting for it says it could not be loaded and offers Try again
// instead of "Loading …" for as long as the browser keeps the request open.
// The loader tells the page only whether a module came; why one did not (a
// stall, or any other failure) it leaves in globalThis.__ddbSplitFailures
// under the module's name, for the page's failed line to say.
//
// The page's script and wasm replace Trunk's under Trunk's names (their
// integrity in index.html updated); the modules and their loader go into a
// folder named after their content, split-<hash>/, so a browser never joins
// a page with another build's modules. A build without split points (plain
// `trunk build --release`, without scripts/release-env) is left as it is.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
// What the split points import their loaders from before the split (wasm_split_helpers' placeholder).
const PLACEHOLDER = '__wasm_split_placeholder';
// Trunk 0.21's wasm-opt call for data-wasm-opt="z".
const WASM_OPT = ['-Oz', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];

function run(command, args) {
  const done = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (done.error) throw new Error(`${command}: ${done.error.message}`);
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${done.status}`);
}

// Each module's download in the loader, given up once no byte has come for
// STALL_MS (a Wi-Fi that stopped answering, not one that is slow): the request
// is aborted, the load fails like any failed fetch, and the loader forgets it,
// so Try again starts afresh. The bytes pass through a TransformStream that
// re-arms the timer; the Response keeps the host's headers, so the module is
// still compiled while it streams in.
const WATCH = `
const STALL_MS = 20000;
let stalls = 0;
function fetchWatched(url) {
    const controller = new AbortController();
    let timer;
    const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
            stalls += 1;
            controller.abort(new DOMException(url + ': no byte for ' + STALL_MS / 1000 + ' s', 'TimeoutError'));
        }, STALL_MS);
    };
    const done = () => clearTimeout(timer);
    arm();
    return fetch(url, { signal: controller.signal }).then((response) => {
        if (!response.body) {
            done();
            return response;
        }
        arm();
        const body = response.body.pipeThrough(new TransformStream({
            transform(chunk, out) { arm(); out.enqueue(chunk); },
            flush() { done(); },
        }));
        return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    }, (error) => {
        done();
        throw error;
    });
}
// A module's load, noting why it failed: the seconds after which a download
// was given up if one stalled meanwhile (the module's own file or a chunk it
// needs: a stalled Wi-Fi stalls them all), else 0.
const failures = (globalThis.__ddbSplitFailures = {});
function noted(name, load) {
    return async () => {
        const before = stalls;
        try {
            const loaded = await load();
            delete failures[name];
            return loaded;
        } catch (error) {
            failures[name] = stalls > before ? STALL_MS / 1000 : 0;
            throw error;
        }
    };
}
`;
const MODULE_FETCH = /\bfetch\((new URL\("\.\/[\w.]+\.wasm", import\.meta\.url\))\)/g;
// A module's export: its load, wrapped so that it reports to the page.
const MODULE_EXPORT = /^(export const __wasm_split_load_(\w+) = wrapAsyncCb\()(makeLoad\([\s\S]*?\n, \[[\w, ]*\]\))\);$/gm;

const sri = (data) => `sha384-${createHash('sha384').update(data).digest('base64')}`;

/// Splits the page in the build folder `dir`. Returns the modules made
/// (name and bytes), or null when the build has no split points.
export function splitPage(dir) {
  const script = readdirSync(dir).find((f) => /^ddb-playground-[0-9a-f]+\.js$/.test(f));
  if (!script) throw new Error(`split-page: no ddb-playground-<hash>.js in ${dir}`);
  const name = script.slice(0, -'.js'.length);
  // The other programs are built without the `split` feature (build.rs): a
  // split point of theirs would load from a placeholder that nothing answers.
  for (const other of readdirSync(dir).filter((f) => /^ddb-.*\.js$/.test(f) && f !== script)) {
    if (readFileSync(join(dir, other), 'utf8').includes(PLACEHOLDER)) {
      throw new Error(`split-page: ${other} has split points; only the page is built with them`);
    }
  }
  if (!readFileSync(join(dir, script), 'utf8').includes(PLACEHOLDER)) return null;

  const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
  const cargoWasm = join(target, 'wasm32-unknown-unknown', 'wasm', 'ddb-playground.wasm');
  if (!existsSync(cargoWasm)) throw new Error(`split-page: Cargo's wasm is not at ${cargoWasm}`);
  const tool = join(root, '.tools', 'bin', 'wasm-split-cli');
  if (!existsSync(tool)) throw new Error(`split-page: ${tool} is missing (scripts/build-release installs it)`);

  const work = mkdtempSync(join(tmpdir(), 'split-page-'));
  try {
    const split = join(work, 'split');
    const bound = join(work, 'bound');
    run(tool, [cargoWasm, split]);
    run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--keep-lld-exports',
      '--out-dir', bound, '--out-name', name, join(split, 'main.wasm')]);

    // The modules, optimised, and the folder named after them.
    const modules = readdirSync(split).filter((f) => f.endsWith('.wasm') && f !== 'main.wasm').sort();
    if (modules.length === 0) throw new Error('split-page: wasm-split-cli made no module');
    for (const module of modules) run('wasm-opt', [...WASM_OPT, join(split, module), '-o', join(bound, module)]);
    const hash = createHash('sha256');
    for (const module of modules) hash.update(module).update(readFileSync(join(bound, module)));
    const folder = `split-${hash.digest('hex').slice(0, 16)}`;
    mkdirSync(join(dir, folder));
    for (const module of modules) copyFileSync(join(bound, module), join(dir, folder, module));

    // The loader imports the page's script by name; the page's script imports
    // the loader from the folder (its wasm's import keys stay as they are).
    const loaderText = readFileSync(join(split, '__wasm_split.js'), 'utf8');
    const mainImport = 'from "./main.js";';
    if (!loaderText.includes(mainImport)) throw new Error('split-page: __wasm_split.js does not import ./main.js');
    const fetches = loaderText.match(MODULE_FETCH)?.length ?? 0;
    if (fetches !== modules.length) throw new Error(`split-page: __wasm_split.js fetches ${fetches} modules, not ${modules.length}`);
    const exports = loaderText.match(MODULE_EXPORT)?.length ?? 0;
    const splitModules = modules.filter((m) => m.startsWith('split_')).length;
    if (exports !== splitModules) throw new Error(`split-page: __wasm_split.js exports ${exports} loads, not ${splitModules}`);
    const watched = loaderText.replace(MODULE_FETCH, 'fetchWatched($1)')
      .replace(MODULE_EXPORT, '$1noted("$2", $3));')
      .replace(mainImport, `from "../${script}";\n${WATCH}`);
    writeFileSync(join(dir, folder, '__wasm_split.js'), watched);
    const pageScript = readFileSync(join(bound, script), 'utf8');
    const loaderImport = /^(import \* as \w+ from )"\.\/__wasm_split\.js"/gm;
    if (!loaderImport.test(pageScript)) throw new Error(`split-page: ${script} does not import ./__wasm_split.js`);
    writeFileSync(join(dir, script), pageScript.replace(loaderImport, `$1"./${folder}/__wasm_split.js"`));

    run('wasm-opt', [...WASM_OPT, join(bound, `${name}_bg.wasm`), '-o', join(dir, `${name}_bg.wasm`)]);

    // index.html: the new script's and wasm's integrity, and the loader preloaded with the script.
    const html = join(dir, 'index.html');
    let page = readFileSync(html, 'utf8');
    for (const file of [script, `${name}_bg.wasm`]) {
      const link = new RegExp(`(href="[^"]*${file.replace(/\./g, '\\.')}"[^>]*integrity=")sha384-[^"]*"`);
      if (!link.test(page)) throw new Error(`split-page: index.html has no integrity for ${file}`);
      page = page.replace(link, `$1${sri(readFileSync(join(dir, file)))}"`);
    }
    const preload = new RegExp(`<link rel="modulepreload" href="([^"]*)${script.replace(/\./g, '\\.')}"`);
    const at = page.match(preload);
    if (!at) throw new Error(`split-page: index.html does not preload ${script}`);
    const loaderLink = `<link rel="modulepreload" href="${at[1]}${folder}/__wasm_split.js" crossorigin="anonymous">`;
    page = page.replace(at[0], `${loaderLink}${at[0]}`);
    writeFileSync(html, page);

    return modules.map((module) => ({ name: `${folder}/${module}`, bytes: readFileSync(join(dir, folder, module)).length }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
