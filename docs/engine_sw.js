// The site's service worker (sw.js at the site's root, so its scope covers
// the dispute page in every language and engine/): the dispute page works
// offline once it has been opened.
//
// Why a service worker and not the HTTP cache: a static host's HTTP cache
// does not let a page load offline (the browser revalidates the page, or
// drops it, and shows its offline error), while a service worker answers
// from Cache Storage when the network does not.
//
// What is kept: what the dispute page asks for once its engine is ready
// (engine.js posts {keep: [urls], version}: the page, the theme's files, its
// scripts, engine/manifest.json, the rule-set data and the engine's files,
// all fetched before the worker took over on the first visit), and then
// each file of the site fetched while the worker is in charge.
//
// How, so that no old cache serves a new page a stale engine:
// * engine/<version>/ (Pyodide, the wheels; <version> a hash of them) never
//   changes once built: cache first;
// * everything else (the page, engine/manifest.json, the scripts): network
//   first, the cached copy refreshed, and the cached copy only when the
//   network fails (offline) or is very slow. A new build's page reads the
//   new manifest, which names the new engine folder; the old folders are
//   dropped when the page posts the version it loaded.

const CACHE = "unorules-offline-1";
const ENGINE_FILES = /\/engine\/([0-9a-f]{12})\//;
const SLOW_NETWORK_MS = 4000;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (Array.isArray(data.keep)) event.waitUntil(keep(data.keep, data.version));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.headers.has("range")) return;
  event.respondWith(ENGINE_FILES.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  const network = fetch(request).then(async (response) => {
    // Each file of the site fetched while the worker runs is kept (the
    // pages opened, the search's files): offline, the pages seen still open.
    if (response.ok && response.type === "basic") {
      await cache.put(request, response.clone());
    }
    return response;
  });
  if (!kept) return network;
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(() => resolve(kept), SLOW_NETWORK_MS);
  });
  try {
    return await Promise.race([network, slow]);
  } catch {
    return kept;
  } finally {
    clearTimeout(timer);
  }
}

// Keep these URLs (same origin only); drop the engine folders of other versions.
async function keep(urls, version) {
  const cache = await caches.open(CACHE);
  for (const href of new Set(urls)) {
    const url = new URL(href, self.location.href);
    url.hash = "";
    if (url.origin !== self.location.origin) continue;
    if (ENGINE_FILES.test(url.pathname) && (await cache.match(url))) continue;
    try {
      const response = await fetch(url);
      if (response.ok && response.type === "basic") await cache.put(url, response);
    } catch {
      // Offline again: the next visit keeps it.
    }
  }
  if (!version) return;
  for (const request of await cache.keys()) {
    const found = new URL(request.url).pathname.match(ENGINE_FILES);
    if (found && found[1] !== version) await cache.delete(request);
  }
}
