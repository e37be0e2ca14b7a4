// The site's service worker (sw.js at the site's root, so its scope is the
// whole site): once a page of the site has been opened, the site opens
// without a network, the dispute page settles disputes, and it can be
// installed on a phone's home screen.
//
// Why a service worker and not the HTTP cache: a static host's HTTP cache
// does not let a page load offline (the browser revalidates the page, or
// drops it, and shows its offline error), while a service worker answers
// from Cache Storage when the network does not.
//
// What is kept (one cache, CACHE):
// * every file of the site fetched while the worker is in charge;
// * what a page asks to keep ({keep: [urls]}, posted by every page once it
//   has settled, javascripts/offline.js, and by the dispute page's engine,
//   javascripts/engine.js): the page and the files it loaded, also those
//   fetched before the worker took over (the first visit);
// * with {language: "sv"} in the same message, what the build's offline.json
//   lists for that language: every page of the language but the API
//   reference, the other languages' dispute pages, the theme's files, the
//   search, the page scripts; with {engine: true}, the engine's files
//   (engine/<version>/) too. Kept once per build of the site (offline.json's
//   version), a few at a time, behind the page's own requests.
//
// How, so that no old cache serves a new page a stale engine:
// * engine/<version>/ (Pyodide, the wheels; <version> a hash of them) never
//   changes once built: cache first;
// * everything else (the pages, engine/manifest.json, the scripts): network
//   first, the cached copy refreshed, and the cached copy only when the
//   network fails (offline) or is very slow. A new build's page reads the
//   new manifest, which names the new engine folder; the old folders are
//   dropped once the new one is kept.

const CACHE = "unorules-offline-1";
const ENGINE_FILES = /\/engine\/([0-9a-f]{12})\//;
const SLOW_NETWORK_MS = 4000;
const LISTS = new URL("offline.json", self.location.href);
const AT_ONCE = 3;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const work = [];
  if (Array.isArray(data.keep)) work.push(keep(data.keep, data.version));
  if (typeof data.language === "string") work.push(keepLanguage(data.language, !!data.engine));
  if (work.length) event.waitUntil(Promise.all(work));
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
  // A page opened with a query (?q=...) is the page kept without it.
  const kept =
    (await cache.match(request)) ??
    (request.mode === "navigate" ? await cache.match(request, { ignoreSearch: true }) : undefined);
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
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

// Fetch `url` into the cache; false when the network fails or answers no.
async function fetchInto(cache, url, options = {}) {
  try {
    const response = await fetch(url, options);
    if (!response.ok || response.type !== "basic") return false;
    await cache.put(url, response);
    return true;
  } catch {
    return false;
  }
}

// Keep these URLs (same origin only) where not kept yet: those kept are
// refreshed each time a page fetches them (networkFirst). Drop the engine
// folders of other versions.
async function keep(urls, version) {
  const cache = await caches.open(CACHE);
  for (const href of new Set(urls)) {
    const url = new URL(href, self.location.href);
    url.hash = "";
    if (url.origin !== self.location.origin) continue;
    if (await cache.match(url)) continue;
    await fetchInto(cache, url.href);
  }
  if (version) await dropEngines(cache, version);
}

async function dropEngines(cache, version) {
  for (const request of await cache.keys()) {
    const found = new URL(request.url).pathname.match(ENGINE_FILES);
    if (found && found[1] !== version) await cache.delete(request);
  }
}

// Keep what offline.json lists for `language` (and the engine), once per
// build: a note in the cache (offline-kept/<language>) says which build's
// files are kept. Asked from two pages at once, it runs once.
const keeping = new Map();

function keepLanguage(language, engine) {
  const key = `${language} ${engine}`;
  if (!keeping.has(key)) {
    keeping.set(
      key,
      keepList(language, engine).finally(() => keeping.delete(key)),
    );
  }
  return keeping.get(key);
}

async function keepList(language, engine) {
  let lists;
  try {
    const response = await fetch(LISTS, { cache: "no-cache" });
    if (!response.ok) return;
    lists = await response.json();
  } catch {
    return; // Offline: what is kept stays.
  }
  const listed = lists.languages?.[language];
  if (!listed) return;
  const cache = await caches.open(CACHE);
  const note = new URL(`offline-kept/${language}`, LISTS);
  const done = await cache.match(note);
  const was = done ? await done.json() : {};
  if (was.version === lists.version && (was.engine || !engine)) return;
  const files = [...listed.files];
  if (engine) files.push(...(lists.engine?.files ?? []));
  const fresh = was.version === lists.version;
  let failed = false;
  const next = files.map((path) => new URL(path, LISTS).href).values();
  async function worker() {
    for (const url of next) {
      const immutable = ENGINE_FILES.test(new URL(url).pathname);
      // Files of this build already kept (an earlier run cut short) stay.
      if ((fresh || immutable) && (await cache.match(url))) continue;
      // Revalidated: a page kept from an older build is replaced.
      if (!(await fetchInto(cache, url, immutable ? {} : { cache: "no-cache" }))) failed = true;
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  if (engine && lists.engine?.version) await dropEngines(cache, lists.engine.version);
  if (failed) return; // The next page asks again.
  // Another run (the engine's too) may have ended meanwhile: its note stays
  // true. One note written at a time.
  const write = async () => {
    const now = await cache.match(note);
    const also = now ? await now.json() : {};
    const withEngine = engine || (also.version === lists.version && !!also.engine);
    await cache.put(
      note,
      new Response(JSON.stringify({ version: lists.version, engine: withEngine }), {
        headers: { "Content-Type": "application/json" },
      }),
    );
  };
  noting = noting.then(write, write);
  await noting;
}

let noting = Promise.resolve();
