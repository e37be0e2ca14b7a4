// The engine of the dispute page: the library's own Python, run in the
// browser with Pyodide, every file served by this site (engine/).
//
//   import { loadEngine } from "./engine.js";
//   const web = await loadEngine((text, done, total) => ...);
//   web.settle(situation, moves, rules, lang)   // unorules.web, a Pyodide proxy
//
// Fast the second time: once the library is imported, the Python's memory
// is kept in Cache Storage (a Pyodide memory snapshot, per engine version);
// the next visit starts Python from it instead of booting it and importing
// the library again. Offline once loaded: the site's service worker (sw.js,
// see docs/engine_sw.js) keeps what the page loaded.

// The site's root: the theme's base (the root in every language's build).
export function siteRoot() {
  const base = JSON.parse(document.getElementById("__config").textContent).base;
  return new URL(base.endsWith("/") ? base : base + "/", location.href);
}

const CACHE = "unorules-offline-1"; // the service worker's cache (docs/engine_sw.js)
const SNAPSHOT = "memory-snapshot"; // in engine/<version>/, never on the server

let registration = null;

// Registers the site's service worker (sw.js at the site's root, scope the
// whole site), once; resolves to the registration, or null where there is
// none (an old browser, a page not served over https or from localhost, a
// build without the engine).
export function keepOffline() {
  if (registration === null) {
    registration =
      "serviceWorker" in navigator
        ? navigator.serviceWorker
            .register(new URL("sw.js", siteRoot()).href, { scope: siteRoot().href })
            .catch(() => null)
        : Promise.resolve(null);
  }
  return registration;
}

let fetching = null;

// Everything the engine needs that can come before Python starts, at once:
// the manifest, then the wheels, a kept snapshot and Pyodide's two modules
// (parsed while the rest arrives; Pyodide's loader imports the same URL).
// Begun as this module is imported, so the files come while the page sets
// itself up. Resolves to null when this build has no engine.
function fetchEngine() {
  fetching ??= (async () => {
    const engine = new URL("engine/", siteRoot());
    // Revalidated each time: a new build names a new engine folder.
    const found = await fetch(new URL("manifest.json", engine), { cache: "no-cache" }).catch(
      () => null,
    );
    if (!found || !found.ok) return null;
    const manifest = await found.json().catch(() => null);
    if (!manifest || !Array.isArray(manifest.wheels)) return null;
    keepOffline();
    const files = new URL(manifest.files ?? "", engine);
    const wheels = manifest.wheels.map((wheel) =>
      fetch(new URL(wheel, files)).then((response) => {
        if (!response.ok) throw new Error(`${wheel}: ${response.status}`);
        return response.arrayBuffer();
      }),
    );
    const pyodideModule = import(new URL("pyodide.mjs", files).href);
    const asmModule = import(new URL("pyodide.asm.mjs", files).href);
    // Awaited later, in order; not unhandled meanwhile.
    for (const promise of [...wheels, pyodideModule, asmModule]) promise.catch(() => {});
    const snapshotUrl = new URL(SNAPSHOT, files);
    const snapshot = readSnapshot(snapshotUrl);
    return { manifest, files, wheels, pyodideModule, snapshotUrl, snapshot };
  })().catch(() => null);
  return fetching;
}

fetchEngine();

// Loads Pyodide and the wheels of engine/manifest.json, imports unorules.web
// and returns it. `progress(step, done, total)` is called at each step, step
// one of "python", "library", "ready". Throws Error("unavailable") when this
// build of the site has no engine. The steps' times are left on
// document.documentElement.dataset.engineSteps ("pyodide 5300 ms, ...").
export async function loadEngine(progress = () => {}) {
  const marks = [`loadEngine at ${Math.round(performance.now())} ms`];
  const found = await fetchEngine();
  if (!found) throw new Error("unavailable");
  const { manifest, files, wheels, pyodideModule, snapshotUrl } = found;
  const steps = 2 + manifest.wheels.length;
  const mark = (name, t0, note = "") =>
    marks.push(`${name} ${Math.round(performance.now() - t0)} ms${note}`);
  progress("python", 0, steps);
  const t = performance.now();
  const { loadPyodide } = await pyodideModule;
  const kept = await found.snapshot;
  mark("pyodide.mjs and the kept snapshot", t);

  // Python started from the kept snapshot, or booted (a snapshot then made).
  async function start(snapshot) {
    let done = 0;
    let t = performance.now();
    const options = { indexURL: files.href, packages: [] };
    const make = !snapshot && "caches" in self;
    const pyodide = await loadPyodide(
      snapshot ? { ...options, _loadSnapshot: snapshot } : { ...options, _makeSnapshot: make },
    );
    mark("pyodide", t, snapshot ? " (from the kept snapshot)" : "");
    t = performance.now();
    progress("library", ++done, steps);
    // The files too when started from the snapshot: the catalogues are read from them.
    for (const wheel of wheels) {
      await breathe();
      pyodide.unpackArchive(await wheel, "wheel");
      progress("library", ++done, steps);
    }
    mark("wheels", t);
    t = performance.now();
    let made = null;
    if (make) {
      // Imported, and a dispute settled in English and in the page's
      // language, so that the snapshot holds the library and what a first
      // verdict reads once (the catalogues, the caches).
      const lang = ["sv", "nb"].includes(document.documentElement.lang)
        ? document.documentElement.lang
        : "en";
      await breathe();
      pyodide.runPython("import unorules.web");
      mark("import", t);
      await breathe();
      t = performance.now();
      pyodide.runPython(
        "import unorules.web as web\n" +
          `for lang in {"en", "${lang}"}:\n` +
          "    web.settle('top R7; hands R3 / ?1; turn 0', '0 play R3', 'official', lang)",
      );
      mark("a first verdict", t);
      await breathe();
      t = performance.now();
      try {
        made = pyodide.makeMemorySnapshot();
        mark("snapshot made", t);
      } catch {
        made = null; // The page works as well without; the next visit boots again.
      }
      t = performance.now();
    }
    const web = pyodide.pyimport("unorules.web");
    mark(make ? "pyimport" : "import", t);
    return { web, made };
  }

  let started = null;
  if (kept) {
    try {
      started = await start(kept);
    } catch {
      // Not this browser's, or damaged: boot as on the first visit.
      await dropSnapshot(snapshotUrl);
    }
  }
  started ??= await start(null);
  marks.push(`ready at ${Math.round(performance.now())} ms`);
  document.documentElement.dataset.engineSteps = marks.join(", ");
  progress("ready", steps, steps);
  // After the verdict can be asked for: keep the snapshot and the page.
  setTimeout(() => {
    if (started.made) storeSnapshot(snapshotUrl, started.made);
    keepPage(manifest.version);
  }, 0);
  return started.web;
}

// Lets the page handle the taps and paint the progress between the engine's
// long steps (Python runs on the page's own thread).
function breathe() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function readSnapshot(url) {
  try {
    const cache = await caches.open(CACHE);
    const response = await cache.match(url);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function storeSnapshot(url, snapshot) {
  try {
    const cache = await caches.open(CACHE);
    await cache.put(
      url,
      new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }),
    );
  } catch {
    // No room (or no Cache Storage): the next visit boots Python again.
  }
}

async function dropSnapshot(url) {
  try {
    await (await caches.open(CACHE)).delete(url);
  } catch {
    // Nothing kept.
  }
}

// Asks the service worker to keep this page and every file it loaded from
// the site (the theme's, the scripts, the engine's).
async function keepPage(version) {
  const ready = await keepOffline();
  if (!ready) return;
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return;
  const page = new URL(location.href);
  page.hash = "";
  const urls = [page.href];
  for (const entry of performance.getEntriesByType("resource")) {
    if (new URL(entry.name).origin === location.origin) urls.push(entry.name);
  }
  worker.postMessage({ keep: urls, version });
}

// A Python dict (a proxy) as a plain object, the proxy released.
export function plain(proxy) {
  const value = proxy.toJs({ dict_converter: Object.fromEntries });
  proxy.destroy();
  return value;
}
