// The dispute page's Python, in a Web Worker of its own (a module worker
// started by engine.js): the page's thread never waits for Python, neither
// while it loads nor while it judges.
//
// What it does, at once as it starts (the page need not ask):
// * reads engine/manifest.json (which names engine/<version>/, the folder of
//   Pyodide and the wheels of this build) and fetches the wheels;
// * starts Pyodide from the memory snapshot kept in Cache Storage by an
//   earlier visit (Python with the library already imported), or boots it
//   and imports the library;
// * after booting: settles a dispute in the page's language (what a first
//   verdict reads and runs, once), reads every language's texts, and makes
//   a snapshot, kept for the next visit;
// * then answers the page's calls, one at a time, in order.
//
// Messages from the page:  {id, name, args[, key]} call unorules.web.<name>(*args)
//                                                 (args: a JSON array)
// Messages to the page:    {progress: [step, done, total]}
//                          {ready: true, marks: [[text, time]...]}
//                          {failed: message, reason, unavailable: bool}
//                                                 reason: why, in one word (failure())
//                          {id, json} | {id, error} | {id, superseded}
//                                                 json: {"value": ...} or {"error": ...}
//                          {keep: [urls], version}  files for the service worker to keep
// Times in marks are absolute (performance.timeOrigin + now()): the page
// shows them on its own clock.

const CACHE = "unorules-offline-1"; // the service worker's cache (docs/engine_sw.js)
const SNAPSHOT = "memory-snapshot"; // in engine/<version>/, never on the server
const ENGINE = new URL("../engine/", import.meta.url);
const LANGS = ["en", "sv", "nb"];
// The page's language: the worker's name (engine.js, the page's head).
const PAGE_LANG = LANGS.includes(self.name) ? self.name : "en";

const marks = [];
const now = () => performance.timeOrigin + performance.now();
const mark = (text) => marks.push([text, now()]);
mark("worker started");

// unorules.web's functions called with JSON and answered with JSON: nothing
// but a string crosses between Python and JavaScript.
const CALL_JSON = `
def call_json(name, args):
    import json, traceback
    import unorules.web as web
    try:
        function = getattr(web, name, None) if name in web.__all__ else None
        if function is None:
            raise AttributeError(f"unorules.web has no function {name!r}")
        return json.dumps({"value": function(*json.loads(args))})
    except Exception as error:
        return json.dumps({"error": traceback.format_exception_only(error)[-1].strip()})
`;

const calls = []; // waiting, in the order made
let answer = null; // (name, argsJson) -> JSON text, once Python is ready
let failed = null; // why the engine could not start
let lastCall = 0;

self.addEventListener("message", (event) => {
  const data = event.data ?? {};
  if (data.id !== undefined) {
    lastCall = performance.now();
    calls.push(data);
    drain();
  }
});

// One call per task: the messages that arrive while Python runs one are
// queued before the next runs, so that a call made with a key (engine.js
// latest()) is answered {superseded} unrun when a later one with the same
// key waits behind it (its answer would be out of date).
const next = new MessageChannel();
let draining = false;
next.port1.onmessage = () => {
  draining = false;
  const call = calls.shift();
  if (call) run(call);
  drain();
};

function drain() {
  if (draining || !calls.length || !(answer || failed)) return;
  draining = true;
  next.port2.postMessage(null);
}

function run({ id, name, args, key }) {
  if (failed) {
    self.postMessage({ id, error: failed });
  } else if (key !== undefined && calls.some((later) => later.key === key)) {
    self.postMessage({ id, superseded: true });
  } else {
    try {
      self.postMessage({ id, json: answer(String(name), args) });
    } catch (error) {
      self.postMessage({ id, error: lastLine(error) });
    }
  }
}

function lastLine(error) {
  const text = String(error?.message ?? error).trim();
  return text.slice(text.lastIndexOf("\n") + 1);
}

const progress = (step, done, total) => self.postMessage({ progress: [step, done, total] });

// Where the wheels are kept as they are (zip files on sys.path), besides
// being unpacked: after a start from a snapshot only these are written (a
// copy), not unpacked again.
const WHEELS = "/lib/engine-wheels/";

// Kept in the snapshot: in each language every catalogue read, and in the
// page's a dispute read, written, settled and compared (_warm); and the wheels as zip files on
// the paths Python looks for modules on (_zips), so that a module first
// imported after a start from the snapshot is found in them.
const FOR_THE_SNAPSHOT = `
def _warm(lang, verdict):
    import unorules.web as web
    from unorules.errors import DOMAINS, LanguageError, translations

    for domain in DOMAINS:
        try:
            translations(domain, lang)
        except LanguageError:
            pass
    if not verdict:
        return
    situation = "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0"
    written = web.write_situation(web.read_situation(situation, "en"), lang)
    web.read_situation(written, lang)
    web.settle(written, "0 play W+4 blue", "official", lang)
    web.compare(written, "0 play W+4 blue", "official,svenska,norsk", lang)
    web.in_force("official", lang)
    web.rule_set("official", {})

def _zips(zips):
    import sys, zipfile

    site = next(p for p in sys.path if p.endswith("site-packages")) + "/"
    tops = {}
    for path in zips:
        with zipfile.ZipFile(path) as wheel:
            for name in wheel.namelist():
                tops.setdefault(name.split("/")[0], path)
    for module in list(sys.modules.values()):
        paths = getattr(module, "__path__", None)
        if paths is None:
            continue
        for entry in list(paths):
            if entry.startswith(site):
                inside = entry[len(site):]
                wheel = tops.get(inside.split("/")[0])
                if wheel and f"{wheel}/{inside}" not in paths:
                    paths.append(f"{wheel}/{inside}")
    sys.path.extend(zips)
`;

// Why the engine could not start, as the page says it (each its own
// sentence there): "network" (the connection failed: nothing came back),
// "unavailable" (this build has no engine: engine/manifest.json is not
// there), "manifest" (it is there but cannot be read), "missing" (a file
// the manifest names is not there), "server" (the site answered another
// error), "error" (anything else: the message says what).
function failure(reason, message) {
  const error = new Error(message);
  error.reason = reason;
  return error;
}

// A fetch that tells a failed connection (reason "network") from the
// site's answer that the file is not there ("missing", 404) or another
// error ("server").
async function fetched(url, options) {
  let response;
  try {
    response = await fetch(url, options);
  } catch (error) {
    throw failure("network", lastLine(error));
  }
  if (!response.ok) {
    throw failure(response.status === 404 ? "missing" : "server", `${url}: ${response.status}`);
  }
  return response;
}

async function bytes(url) {
  const response = await fetched(url);
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw failure("network", lastLine(error)); // the connection dropped while it came
  }
}

// Why `error` happened, once the engine failed for it: its own reason when
// it has one; else (an import or Pyodide's own fetch, whose errors say
// only "failed to fetch") asked again of the site: `url` (or the manifest)
// fetched without any cache. No answer: the connection failed.
async function reasonOf(error, url = new URL("manifest.json", ENGINE)) {
  if (error?.reason) return error;
  if (self.navigator?.onLine === false) return failure("network", lastLine(error));
  try {
    const response = await fetch(url, { method: "HEAD", cache: "no-store" });
    if (response.status === 404) return failure("missing", `${url}: 404`);
    if (!response.ok) return failure("server", `${url}: ${response.status}`);
  } catch {
    return failure("network", lastLine(error));
  }
  return failure("error", lastLine(error));
}

// Pyodide's WebAssembly compiled as it arrives (V8 compiles while it
// downloads, and keeps the code for the next visit), begun before Pyodide's
// own modules are even loaded; a host that does not serve .wasm as
// application/wasm gets it compiled from the bytes.
function compileWasm(url) {
  const compiled = WebAssembly.compileStreaming(fetch(url)).catch(async () =>
    WebAssembly.compile(await bytes(url)),
  );
  compiled.catch(() => {}); // awaited when Pyodide asks for it
  return compiled;
}

// Pyodide asks for its WebAssembly (fetch, then instantiateStreaming): it is
// given the module compiled above, not a second download; and for its
// standard library and lock file: it is given the responses asked for as
// soon as the manifest was read (`early`, URL -> a promise of a response).
// `kept`: a promise of the snapshot to start from, or null. Pyodide copies
// it into the module's memory as it was made, without growing that memory
// first, so a snapshot larger than the module's initial memory would not
// fit: the memory is grown to hold it as soon as the module is instantiated.
function giveCompiled(url, compiled, early, kept = null) {
  const { fetch: realFetch } = self;
  const { instantiateStreaming } = WebAssembly;
  self.fetch = (input, init) => {
    const asked = String(input?.url ?? input);
    if (asked === url) {
      const headers = { "Content-Type": "application/wasm" };
      return Promise.resolve(new Response(new Uint8Array(), { headers }));
    }
    const fetched = early.get(asked);
    early.delete(asked); // once: a response is read once
    return fetched ?? realFetch(input, init);
  };
  WebAssembly.instantiateStreaming = async (response, imports) => {
    const module = await compiled;
    const instance = await WebAssembly.instantiate(module, imports);
    const room = kept ? (await kept).byteLength : 0;
    if (room) {
      const exported = WebAssembly.Module.exports(module).find((e) => e.kind === "memory");
      const memory = exported && instance.exports[exported.name];
      const short = memory ? room - memory.buffer.byteLength : 0;
      if (short > 0) memory.grow(Math.ceil(short / 65536));
    }
    return { module, instance };
  };
  return () => {
    self.fetch = realFetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  };
}

// engine/manifest.json: the build's engine, or why there is none. A 404
// is a build without an engine; no answer, a failed connection;
// text that is no manifest, a manifest that cannot be read.
async function readManifest() {
  const url = new URL("manifest.json", ENGINE);
  let found;
  try {
    found = await fetched(url, { cache: "no-cache" });
  } catch (error) {
    if (error.reason === "missing") throw failure("unavailable", "unavailable");
    throw error;
  }
  let manifest = null;
  try {
    manifest = await found.json();
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw failure("network", lastLine(error));
  }
  if (!manifest || typeof manifest !== "object" || !Array.isArray(manifest.wheels)) {
    throw failure("manifest", "engine/manifest.json is not the engine's manifest");
  }
  return manifest;
}

async function start() {
  const manifest = await readManifest();
  mark("manifest read");
  const files = new URL(manifest.files ?? "", ENGINE);
  // Everything at once: the wheels, the WebAssembly compiled as it comes,
  // Pyodide's two modules (Pyodide imports the same URL), the kept snapshot.
  const wheels = manifest.wheels.map((name) => {
    const data = bytes(new URL(name, files));
    data.catch(() => {}); // awaited below, in order
    return { name, data };
  });
  const wasmUrl = new URL("pyodide.asm.wasm", files).href;
  const wasm = compileWasm(wasmUrl);
  const early = new Map(
    ["python_stdlib.zip", "pyodide-lock.json"].map((name) => {
      const url = new URL(name, files).href;
      const response = fetch(url);
      response.catch(() => {}); // Pyodide awaits it, or asks again
      return [url, response];
    }),
  );
  wasm.then(() => mark("wasm compiled"), () => {});
  const pyodideModule = import(new URL("pyodide.mjs", files).href);
  pyodideModule.catch(() => {}); // awaited below
  import(new URL("pyodide.asm.mjs", files).href).then(() => mark("pyodide.asm.mjs"), () => {});
  const snapshotUrl = new URL(SNAPSHOT, files);
  const kept = keptSnapshot(snapshotUrl);
  kept.then((found) => found?.data.then(() => mark("the kept snapshot read"), () => {}));
  const steps = 2 + wheels.length;
  progress("python", 0, steps);
  const pyodideUrl = new URL("pyodide.mjs", files);
  const { loadPyodide } = await pyodideModule.catch(async (error) => {
    throw await reasonOf(error, pyodideUrl);
  });
  mark("pyodide.mjs");
  const snapshot = (await kept)?.data ?? null;
  mark(snapshot ? "a kept snapshot found" : "no kept snapshot");

  async function boot(snapshot) {
    let done = 0;
    const options = { indexURL: files.href, packages: [] };
    const make = !snapshot && "caches" in self;
    const restore = giveCompiled(wasmUrl, wasm, early, snapshot);
    let pyodide;
    try {
      pyodide = await loadPyodide(
        snapshot ? { ...options, _loadSnapshot: snapshot } : { ...options, _makeSnapshot: make },
      );
    } finally {
      restore();
    }
    mark(snapshot ? "pyodide (from the kept snapshot)" : "pyodide");
    progress("library", ++done, steps);
    pyodide.FS.mkdirTree(WHEELS);
    for (const wheel of wheels) {
      const data = await wheel.data;
      // From a snapshot the library is imported already: its files are
      // only there for what it has not imported yet.
      pyodide.FS.writeFile(WHEELS + wheel.name, data);
      if (!snapshot) pyodide.unpackArchive(data, "wheel");
      progress("library", ++done, steps);
    }
    mark(snapshot ? "wheels (as they are)" : "wheels");
    if (!snapshot) {
      pyodide.runPython("import unorules.web");
      mark("import");
      pyodide.runPython(CALL_JSON);
    }
    let made = null;
    if (make) {
      // What the page's first verdicts call, once, in the page's language
      // (the time its first verdict would take anyway), and every language's
      // texts read: the snapshot holds them.
      pyodide.runPython(FOR_THE_SNAPSHOT);
      const warm = pyodide.globals.get("_warm");
      for (const lang of LANGS) warm(lang, lang === PAGE_LANG);
      pyodide.globals.get("_zips")(pyodide.toPy(wheels.map((wheel) => WHEELS + wheel.name)));
      mark("warmed");
      try {
        made = pyodide.makeMemorySnapshot();
        mark("snapshot made");
      } catch {
        made = null; // The page works as well without; the next visit boots again.
      }
    }
    const callJson = pyodide.globals.get("call_json");
    return { answer: (name, args) => callJson(name, args), made };
  }

  let started = null;
  if (snapshot) {
    try {
      started = await boot(snapshot);
    } catch {
      // Not this browser's, or damaged: boot as on the first visit.
      await dropSnapshot(snapshotUrl);
    }
  }
  try {
    started ??= await boot(null);
  } catch (error) {
    throw await reasonOf(error, wasmUrl);
  }
  answer = started.answer;
  mark("ready");
  progress("ready", steps, steps);
  self.postMessage({ ready: true, marks });
  drain();
  // Then keep the snapshot, and, after the first verdicts, tell the page
  // which files the worker loaded (the service worker keeps them).
  if (started.made) await storeSnapshot(snapshotUrl, started.made);
  await idle();
  const urls = [import.meta.url];
  for (const entry of performance.getEntriesByType("resource")) urls.push(entry.name);
  self.postMessage({ keep: urls, version: manifest.version });
}

// A moment without calls (QUIET ms since the last one): the first verdicts,
// and a player's taps, come before the snapshot.
const QUIET = 300;
async function idle() {
  let wait = QUIET;
  while (wait > 0) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = lastCall + QUIET - performance.now();
  }
}

start().catch(async (error) => {
  const why = await reasonOf(error);
  failed = why.reason === "unavailable" ? "unavailable" : lastLine(why);
  self.postMessage({ failed, reason: why.reason, unavailable: why.reason === "unavailable" });
  drain();
});

// The kept snapshot, {data: a promise of its bytes}, or null.
async function keptSnapshot(url) {
  try {
    const cache = await caches.open(CACHE);
    const response = await cache.match(url);
    if (!response) return null;
    const data = response.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    data.catch(() => {});
    return { data };
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
