// The engine of the dispute page: the library's own Python, run with Pyodide
// in a Web Worker (engine_worker.js), every file served by this site
// (engine/). The page's own thread never waits for Python: it answers every
// tap while the engine loads and while it judges.
//
//   import { loadEngine } from "./engine.js";
//   const engine = await loadEngine((step, done, total) => ...);  // at once
//   const verdict = await engine.call("settle", situation, moves, rules, lang);
//   engine.ready   // a promise: Python has imported the library
//
// engine.call(name, ...args) calls unorules.web.<name>(*args): the arguments
// and the answer travel as JSON (dicts as objects, lists and tuples as
// arrays); a Python exception rejects with an Error whose message is the
// exception's last line ("TypeError: ..."). Calls made before the engine is
// ready wait for it; they are answered in the order made.
// engine.latest(key, name, ...args) is the same call, except that it is not
// run, and resolves to undefined, when a later latest() with the same key
// is made before it has started (a verdict asked for again after a newer
// change: only the newest is worked out).
// When the engine cannot start, engine.ready rejects with an Error whose
// `reason` says why: "network" (the connection failed), "unavailable" (this
// build has no engine), "manifest" (its manifest cannot be read), "missing"
// (a file of it is not there), "server" (the site answered an error) or
// "error"; retryEngine() then starts it again (loadEngine() gives the new one).
//
// Fast the second time: once the library is imported, Python's memory is
// kept in Cache Storage (a Pyodide memory snapshot, per engine version); the
// next visit starts Python from it instead of booting it and importing the
// library again. Offline once loaded: the site's service worker (sw.js, see
// docs/engine_sw.js) keeps what the page and the engine loaded.

// The site's root: "root" in the theme's settings (its "base" is the root
// of the page's language: /sv/ on the Swedish pages).
export function siteRoot() {
  const config = JSON.parse(document.getElementById("__config").textContent);
  const root = config.root ?? config.base ?? ".";
  return new URL(root.endsWith("/") ? root : root + "/", location.href);
}

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

let engine = null;

// A new engine in place of one that failed (after a failed connection):
// the old worker stopped, a new one started; loadEngine() hands it out.
// Returns whether one was started (not while the engine loads or works).
export function retryEngine() {
  if (engine && engine.failed === null) return false;
  engine?.worker?.terminate?.();
  engine = null;
  startEngine({ fresh: true });
  return true;
}

// The engine, started once (as this module is imported, so that Python
// loads while the page sets itself up). `progress(step, done, total)` is
// called at each step, step one of "python", "library", "ready" (at once
// with the latest step when the engine is further on). Resolves at once;
// engine.ready rejects with Error("unavailable") when this build of the
// site has no engine. The load's times are left on
// document.documentElement.dataset.engineSteps ("worker started at 210 ms,
// ..."), and in engine.steps.
export function loadEngine(progress = () => {}) {
  const started = startEngine();
  started.listeners.push(progress);
  if (started.last) progress(...started.last);
  return Promise.resolve(started.api);
}

function startEngine({ fresh = false } = {}) {
  if (engine) return engine;
  const startedAt = performance.now();
  const pending = new Map(); // id -> the call's {resolve, reject}
  let next = 0;
  let failed = null; // once the engine failed: why
  let settle;
  const ready = new Promise((resolve, reject) => (settle = { resolve, reject }));
  ready.catch(() => {}); // handled by whoever awaits it
  engine = { listeners: [], last: null, api: null, worker: null, failed: null };
  const api = {
    ready,
    steps: "",
    call(name, ...args) {
      return ask(undefined, name, args);
    },
    latest(key, name, ...args) {
      return ask(String(key), name, args);
    },
  };
  engine.api = api;
  function ask(key, name, args) {
    return new Promise((resolve, reject) => {
      if (failed !== null) return reject(new Error(failed));
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, name: String(name), args: JSON.stringify(args), key });
    });
  }
  const tell = (step, done, total) => {
    engine.last = [step, done, total];
    for (const listener of engine.listeners) {
      try {
        listener(step, done, total);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
  };
  const mine = engine;
  const fail = (message, reason = message === "unavailable" ? "unavailable" : "error") => {
    if (failed !== null) return;
    failed = message;
    mine.failed = reason;
    const error = new Error(message);
    error.reason = reason;
    settle.reject(error);
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
  };
  // The worker started by the page's head (ENGINE_START in
  // docs/engine_hook.py) before any stylesheet or script, with the messages
  // it sent since; or started here.
  const early = fresh ? null : window.unorulesEngine;
  if (early) window.unorulesEngine = null; // taken over, once
  const script = new URL("engine_worker.js", import.meta.url);
  let worker = early?.worker;
  try {
    worker ??= new Worker(script, {
      type: "module",
      name: document.documentElement.lang, // the page's language, for the snapshot
    });
  } catch {
    worker = { postMessage() {} };
    queueMicrotask(() => fail("unavailable"));
    return engine;
  }
  engine.worker = worker;
  let isReady = false;
  const onError = (event) => {
    event.preventDefault?.();
    // After it was ready: it stopped. Before: its script could not be
    // loaded; the site is asked for it again to tell why (no answer: the
    // connection failed; a 404: this build lacks it).
    if (isReady) return fail(event.message || "the engine stopped");
    scriptFailure(script).then(([message, reason]) => fail(message, reason));
  };
  const onMessage = (event) => {
    const data = event.data ?? {};
    if (data.id !== undefined) {
      const call = pending.get(data.id);
      pending.delete(data.id);
      if (!call) return;
      if (data.superseded) return call.resolve(undefined);
      if (data.error !== undefined) return call.reject(pythonError(data.error));
      const answer = JSON.parse(data.json);
      if (answer.error !== undefined) call.reject(pythonError(answer.error));
      else call.resolve(answer.value);
    } else if (data.progress) {
      // The manifest was found: this build has an engine to keep offline.
      keepOffline();
      tell(...data.progress);
    } else if (data.ready) {
      const origin = performance.timeOrigin;
      const steps = [`engine.js at ${Math.round(startedAt)} ms`];
      for (const [text, time] of data.marks) steps.push(`${text} at ${Math.round(time - origin)} ms`);
      steps.push(`the page told at ${Math.round(performance.now())} ms`);
      api.steps = steps.join(", ");
      document.documentElement.dataset.engineSteps = api.steps;
      isReady = true;
      settle.resolve();
    } else if (data.failed !== undefined) {
      fail(data.failed, data.reason ?? (data.unavailable ? "unavailable" : "error"));
    } else if (data.keep) {
      keepPage(data.keep, data.version);
    }
  };
  worker.addEventListener("error", onError);
  worker.addEventListener("message", onMessage);
  if (early) {
    early.stop();
    for (const event of early.events) (event.type === "error" ? onError : onMessage)(event);
  }
  return engine;
}

// Why the worker's script did not load: [message, reason] (see the top).
async function scriptFailure(script) {
  if (navigator.onLine === false) return ["offline", "network"];
  try {
    const response = await fetch(script, { method: "HEAD", cache: "no-store" });
    if (response.status === 404) return [`${script.pathname}: 404`, "missing"];
    if (!response.ok) return [`${script.pathname}: ${response.status}`, "server"];
    return ["the engine's script could not be started", "error"];
  } catch (error) {
    return [String(error?.message ?? error), "network"];
  }
}

function pythonError(text) {
  const error = new Error(text);
  error.pythonType = /^[A-Za-z_][\w.]*(?=:|$)/.exec(text)?.[0] ?? "Error";
  return error;
}

startEngine();

// Asks the service worker to keep this page and every file it and the
// engine's worker loaded from the site (the theme's, the scripts, the
// engine's).
async function keepPage(engineFiles, version) {
  const ready = await keepOffline();
  if (!ready) return;
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return;
  const page = new URL(location.href);
  page.hash = "";
  const urls = [page.href, ...engineFiles];
  for (const entry of performance.getEntriesByType("resource")) urls.push(entry.name);
  worker.postMessage({
    keep: urls.filter((url) => new URL(url).origin === location.origin),
    version,
  });
}
