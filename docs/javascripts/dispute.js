// The dispute page: the library's own Python (unorules.web.settle) run in
// the browser with Pyodide, every file served by this site (engine/).

import { loadEngine, plain } from "./engine.js";

const $ = (id) => document.getElementById(id);

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
    const words = {
      python: "Loading Python…",
      library: "Installing the library…",
      ready: "Ready.",
    };
    engine = await loadEngine((step, done, total) => status(words[step], done, total));
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
  $("dispute").dataset.steps = document.documentElement.dataset.engineSteps;
  $("dispute").dataset.loadMs = String(Math.round(performance.now() - started));
  const submit = $("dispute-submit");
  submit.disabled = false;
  $("dispute-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const t0 = performance.now();
    const result = plain(
      engine.settle(
        $("dispute-situation").value,
        $("dispute-moves").value,
        $("dispute-rules").value,
        $("dispute-lang").value,
      ),
    );
    show(result);
    $("dispute-verdict").dataset.ms = String(Math.round(performance.now() - t0));
  });
}

main();
