// The offline copy: a service worker that keeps one build of the playground
// (the page, its script, wasm, stylesheet and icon, and the lessons'
// documents) in a cache, and answers the page from it, so a second visit
// starts with no network at all. docs/sharing.md describes it for people
// who host the page.
//
// scripts/post-build.mjs writes the build into the line below: every file of
// dist/ with its SHA-256, and a version made of them. A new build is
// therefore a new worker. It downloads the new files beside the old cache
// (each checked against its hash, so a host or proxy that still serves an
// old file fails the install instead of mixing two builds) and then waits:
// the open page keeps running on the old cache until the person using it
// clicks Reload on the page's notice (www/offline.js, src/ui/page/update_notice.rs),
// which sends "skip-waiting". Only then does the new worker take over and
// delete the old cache. With every tab of the playground closed, the next
// visit simply starts on the new build.
//
// A debug build writes `version: null`: the worker then retires, deleting
// its caches and unregistering, so `scripts/serve` never shows a stale copy
// left behind by a release build served at the same address.
const BUILD = {"version":null,"files":{}};

// One cache per build and per place the page is served from (two copies of
// the playground on one host keep apart).
const PREFIX = `ddb-playground ${self.registration.scope} `;
const CACHE = PREFIX + BUILD.version;
const INDEX = new URL('index.html', self.registration.scope).href;

async function fetchChecked(url, integrity) {
  // The HTTP cache usually holds the file the page has just loaded; if what
  // it holds is not this build's, ask the host again.
  try {
    const response = await fetch(url, { integrity });
    if (response.ok) return response;
  } catch {
    // fall through
  }
  const response = await fetch(url, { integrity, cache: 'reload' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function install() {
  const cache = await caches.open(CACHE);
  await Promise.all(Object.entries(BUILD.files).map(async ([file, integrity]) => {
    const url = new URL(file, self.registration.scope).href;
    await cache.put(url, await fetchChecked(url, integrity));
  }));
}

async function activate() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  await self.clients.claim();
}

async function retire() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX)) await caches.delete(name);
  }
  await self.registration.unregister();
  for (const client of await self.clients.matchAll({ type: 'window' })) client.navigate(client.url);
}

// The page itself for any visit to the playground's address (`?embed=…`
// and share links in the fragment included); every other file by its path.
async function answer(request) {
  const url = new URL(request.url);
  const bare = url.origin + url.pathname;
  const page = request.mode === 'navigate' && (bare === self.registration.scope || bare === INDEX);
  const cache = await caches.open(CACHE);
  const hit = await cache.match(page ? INDEX : request, { ignoreSearch: true, ignoreVary: true });
  return hit ?? fetch(request);
}

if (BUILD.version === null) {
  self.addEventListener('install', () => self.skipWaiting());
  self.addEventListener('activate', (event) => event.waitUntil(retire()));
} else {
  self.addEventListener('install', (event) => event.waitUntil(install()));
  self.addEventListener('activate', (event) => event.waitUntil(activate()));
  self.addEventListener('message', (event) => {
    if (event.data === 'skip-waiting') self.skipWaiting();
  });
  self.addEventListener('fetch', (event) => {
    const request = event.request;
    if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
    event.respondWith(answer(request));
  });
}
