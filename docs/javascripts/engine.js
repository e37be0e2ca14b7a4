// The engine of the dispute page: the library's own Python, run in the
// browser with Pyodide, every file served by this site (engine/).
//
//   import { loadEngine } from "./engine.js";
//   const web = await loadEngine((text, done, total) => ...);
//   web.settle(situation, moves, rules, lang)   // unorules.web, a Pyodide proxy

// The site's root: the theme's base (the root in every language's build).
export function siteRoot() {
  const base = JSON.parse(document.getElementById("__config").textContent).base;
  return new URL(base.endsWith("/") ? base : base + "/", location.href);
}

// Loads Pyodide and the wheels of engine/manifest.json, imports unorules.web
// and returns it. `progress(step, done, total)` is called at each step, step
// one of "python", "library", "ready". Throws Error("unavailable") when this
// build of the site has no engine. The steps' times are left on
// document.documentElement.dataset.engineSteps ("pyodide 5300 ms, ...").
export async function loadEngine(progress = () => {}) {
  const engine = new URL("engine/", siteRoot());
  const found = await fetch(new URL("manifest.json", engine)).catch(() => null);
  if (!found || !found.ok) throw new Error("unavailable");
  const manifest = await found.json();
  const steps = 2 + manifest.wheels.length;
  let done = 0;
  const marks = [];
  const mark = (name, t0) => marks.push(`${name} ${Math.round(performance.now() - t0)} ms`);
  let t = performance.now();
  progress("python", done, steps);
  const { loadPyodide } = await import(new URL("pyodide.mjs", engine).href);
  const pyodide = await loadPyodide({ indexURL: engine.href, packages: [] });
  mark("pyodide", t);
  t = performance.now();
  progress("library", ++done, steps);
  for (const wheel of manifest.wheels) {
    const response = await fetch(new URL(wheel, engine));
    if (!response.ok) throw new Error(`${wheel}: ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "wheel");
    progress("library", ++done, steps);
  }
  mark("wheels", t);
  t = performance.now();
  const web = pyodide.pyimport("unorules.web");
  mark("import", t);
  document.documentElement.dataset.engineSteps = marks.join(", ");
  progress("ready", steps, steps);
  return web;
}

// A Python dict (a proxy) as a plain object, the proxy released.
export function plain(proxy) {
  const value = proxy.toJs({ dict_converter: Object.fromEntries });
  proxy.destroy();
  return value;
}
