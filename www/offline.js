// Registers the offline copy's service worker (www/sw.js), tells the page
// when a newer build is waiting, and has the page's compiled code kept for
// the next visit. A release build's index.html loads this file
// (scripts/post-build.mjs adds the tag, with the page's wasm in its
// `data-wasm`); a debug build has neither.
//
// The page learns of a waiting build from `window.ddbUpdateReady` (set) and
// the `ddb-update-ready` event (src/ui/page/update_notice.rs shows the
// notice); `window.ddbApplyUpdate()` is its Reload button: the waiting worker
// takes over and the page reloads once it has (the autosave runs on
// `pagehide`, as for any reload).
(() => {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const wasm = document.currentScript?.dataset.wasm;
  // Whether the offline copy answered this page (and so its wasm).
  const fromCopy = sw.controller !== null;
  let waiting = null;
  let switching = false;

  const ready = (worker) => {
    // The first install has nothing to replace: no notice for it.
    if (!sw.controller) return;
    waiting = worker;
    window.ddbUpdateReady = true;
    window.dispatchEvent(new Event('ddb-update-ready'));
  };
  window.ddbApplyUpdate = () => {
    if (!waiting) return;
    switching = true;
    waiting.postMessage('skip-waiting');
  };
  sw.addEventListener('controllerchange', () => {
    if (switching) {
      switching = false;
      location.reload();
    }
  });

  // After the page has started, so the worker's downloads never compete
  // with the first visit's.
  const register = () => sw.register('sw.js').then((registration) => {
    if (registration.waiting) ready(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed') ready(worker);
      });
    });
  }).catch((error) => console.warn('offline copy unavailable:', error));
  // The compiled code kept for the next visit. Chrome keeps a wasm's compiled
  // code beside the response it was compiled from (V8's code cache, here in
  // the offline copy's cache), and the next visit then compiles the
  // functions it calls in the background instead of on the page's main
  // thread, as each is first called (docs/performance.md). V8 writes that
  // cache only once it has optimised some of the code, which a short visit
  // never gets to, so, with the page answered by the worker and idle:
  //   - on a visit the copy did not answer (the first of a build), the wasm
  //     is compiled once more from the worker's copy: V8 reuses the page's
  //     compiled module for it, now tied to the copy the next visit reads;
  //   - the engine's keyspace hash runs often enough for V8 to optimise it,
  //     in one call (22–30 ms at full speed where it was measured; the same
  //     rounds in slices left V8 writing nothing).
  // On every visit: a browser update drops what V8 kept (it is tied to V8's
  // version); on a visit that read it, the call costs about the same and V8
  // writes nothing new.
  // V8 writes the cache some seconds later (6–18 s measured); the mark says
  // so 30 s after, for whoever wants to know (scripts/bench-load, tests/offline).
  const KEPT = 'ddb-code-kept';
  const KEEP_AFTER_MS = 30_000;
  const ROUNDS = 60_000;
  const idle = () => new Promise((resolve) => (window.requestIdleCallback ?? setTimeout)(resolve));
  const keepCompiledCode = async () => {
    if (!wasm || !WebAssembly.compileStreaming || !window.wasmBindings?.warmCodeCache) return;
    const url = new URL(wasm, location.href).href;
    await sw.ready;
    if (!sw.controller) await new Promise((resolve) => sw.addEventListener('controllerchange', resolve, { once: true }));
    await idle();
    // Held until the mark, so that nothing of the second compile is let go before V8 writes
    // (the write without holding it was not measured).
    let again = fromCopy ? null : await WebAssembly.compileStreaming(fetch(url));
    await idle();
    window.wasmBindings.warmCodeCache(ROUNDS);
    setTimeout(() => {
      again = null;
      try {
        localStorage.setItem(KEPT, url);
      } catch {
        // Storage refused: nothing depends on the mark.
      }
    }, KEEP_AFTER_MS);
  };
  const started = () => {
    register();
    keepCompiledCode().catch((error) => console.warn('compiled code not kept:', error));
  };
  if (window.wasmBindings) started();
  else window.addEventListener('TrunkApplicationStarted', started, { once: true });
})();
