// The dispute page: the library's own Python (unorules.web.settle) run in
// the browser with Pyodide, every file served by this site (engine/).

const $ = (id) => document.getElementById(id);

// The site's root: the theme's base (the root in every language's build).
function siteRoot() {
  const base = JSON.parse(document.getElementById("__config").textContent).base;
  return new URL(base.endsWith("/") ? base : base + "/", location.href);
}

function status(text, done, total) {
  $("dispute-status-text").textContent = text;
  const bar = $("dispute-progress");
  if (total === undefined) {
    bar.hidden = true;
  } else {
    bar.hidden = false;
    bar.max = total;
    bar.value = done;
  }
}

async function loadEngine() {
  const engine = new URL("engine/", siteRoot());
  const found = await fetch(new URL("manifest.json", engine)).catch(() => null);
  if (!found || !found.ok) throw new Error("unavailable");
  const manifest = await found.json();
  const steps = 2 + manifest.wheels.length;
  let done = 0;
  const marks = [];
  const mark = (name, t0) => marks.push(`${name} ${Math.round(performance.now() - t0)} ms`);
  let t = performance.now();
  status("Loading Python…", done, steps);
  const { loadPyodide } = await import(new URL("pyodide.mjs", engine).href);
  const pyodide = await loadPyodide({ indexURL: engine.href, packages: [] });
  mark("pyodide", t);
  t = performance.now();
  status("Installing the library…", ++done, steps);
  for (const wheel of manifest.wheels) {
    const response = await fetch(new URL(wheel, engine));
    if (!response.ok) throw new Error(`${wheel}: ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "wheel");
    status("Installing the library…", ++done, steps);
  }
  mark("wheels", t);
  t = performance.now();
  const settle = pyodide.runPython("from unorules.web import settle\nsettle");
  mark("import", t);
  $("dispute").dataset.steps = marks.join(", ");
  status("Ready.", steps, steps);
  return { pyodide, settle };
}

function show(result) {
  const out = $("dispute-verdict");
  out.replaceChildren();
  if (result.error !== undefined) {
    // A <pre>: the caret under the column of the mistake lines up.
    const p = document.createElement("pre");
    p.className = "dispute-error";
    p.textContent = result.error;
    out.append(p);
    out.dataset.state = "error";
    return;
  }
  const head = document.createElement("p");
  head.className = "dispute-headline";
  head.textContent = result.headline || result.short;
  out.append(head);
  if (result.next) {
    const next = document.createElement("p");
    next.className = "dispute-next";
    next.textContent = result.next;
    out.append(next);
  }
  const rules = document.createElement("p");
  rules.className = "dispute-rules";
  rules.textContent = `${result.verdict} · ${result.rule_ids.join(", ")} · ${result.rules}`;
  out.append(rules);
  for (const note of result.assumes) {
    const p = document.createElement("p");
    p.className = "dispute-assumes";
    p.textContent = note;
    out.append(p);
  }
  out.dataset.state = "done";
  out.dataset.short = result.short;
}

async function main() {
  const lang = document.documentElement.lang;
  if (["en", "sv", "nb"].includes(lang)) $("dispute-lang").value = lang;
  let engine;
  const started = performance.now();
  try {
    engine = await loadEngine();
  } catch (error) {
    status(
      error.message === "unavailable"
        ? "The engine is unavailable: this build of the site has no engine/ folder."
        : `The engine could not be loaded: ${error.message}`,
    );
    $("dispute").dataset.engine = "unavailable";
    return;
  }
  $("dispute").dataset.engine = "ready";
  $("dispute").dataset.loadMs = String(Math.round(performance.now() - started));
  const submit = $("dispute-submit");
  submit.disabled = false;
  $("dispute-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const t0 = performance.now();
    const proxy = engine.settle(
      $("dispute-situation").value,
      $("dispute-moves").value,
      $("dispute-rules").value,
      $("dispute-lang").value,
    );
    const result = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
    show(result);
    $("dispute-verdict").dataset.ms = String(Math.round(performance.now() - t0));
  });
}

main();
