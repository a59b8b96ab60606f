// Registers the offline copy's service worker (www/sw.js) and tells the page
// when a newer build is waiting. A release build's index.html loads this file
// (scripts/post-build.mjs adds the tag); a debug build has neither.
//
// The page learns of a waiting build from `window.ddbUpdateReady` (set) and
// the `ddb-update-ready` event (src/ui/page/update_notice.rs shows the
// notice); `window.ddbApplyUpdate()` is its Reload button: the waiting worker
// takes over and the page reloads once it has (the autosave runs on
// `pagehide`, as for any reload).
(() => {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
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
  if (window.wasmBindings) register();
  else window.addEventListener('TrunkApplicationStarted', register, { once: true });
})();
