// The site offline, on every page: registers the site's service worker
// (sw.js at the site's root, scope the whole site; docs/engine_sw.js) and,
// once the page has settled, asks it to keep this page, the files it loaded
// and every page of its language (the build's offline.json lists them, some
// 3 MB, 0.7 MB as sent), so that the site opens without a network once one
// of its pages has been opened. The dispute page's engine (15 MB, 8 MB as
// sent) is kept ahead where it will be used: on the dispute page, and once
// the site is installed on the home screen (or opened from it).
(() => {
  // None in an old browser, or where the page is not a secure context (plain
  // http on the home network): the site then works online only.
  if (!("serviceWorker" in navigator)) return;
  // The site's root: "root" in the theme's settings (its "base" is the root of
  // the page's language).
  const config = document.getElementById("__config");
  const theme = config ? JSON.parse(config.textContent) : {};
  const base = theme.root ?? theme.base ?? ".";
  const root = new URL(base.endsWith("/") ? base : base + "/", location.href);
  const registered = navigator.serviceWorker
    .register(new URL("sw.js", root).href, { scope: root.href })
    .catch(() => null);

  // Calls `then` once the page has settled: loaded; on the dispute page, its
  // engine ready too (or known missing), so that keeping the site never slows
  // the page's first verdict. At once (synchronously) when the reader leaves
  // the page before.
  function settled(then) {
    let called = false;
    const once = () => {
      if (!called) then();
      called = true;
    };
    addEventListener("pagehide", once, { once: true });
    const loaded = () => {
      const dispute = document.getElementById("dispute");
      if (!dispute) return once();
      const done = () => {
        watch.disconnect();
        clearTimeout(timer);
        setTimeout(once, 2000); // the first verdict first
      };
      const watch = new MutationObserver(() => {
        if (dispute.dataset.engine) done();
      });
      const timer = setTimeout(done, 120_000);
      if (dispute.dataset.engine) return done();
      watch.observe(dispute, { attributes: true, attributeFilter: ["data-engine"] });
    };
    if (document.readyState === "complete") loaded();
    else addEventListener("load", loaded, { once: true });
  }

  // What to keep: this page, what it loaded, its language's list; the engine
  // where it will be used.
  function message(installed) {
    const page = new URL(location.href);
    page.hash = "";
    const urls = [page.href];
    for (const entry of performance.getEntriesByType("resource")) {
      if (new URL(entry.name).origin === location.origin) urls.push(entry.name);
    }
    const standalone = matchMedia("(display-mode: standalone)").matches;
    const disputePage = document.getElementById("dispute") !== null;
    return {
      keep: urls,
      language: document.documentElement.lang,
      engine: installed || standalone || disputePage,
    };
  }

  async function keep(installed) {
    if (!(await registered)) return;
    const registration = await navigator.serviceWorker.ready;
    // A new build's worker being installed: it is the one that reads the
    // lists (an older one kept the dispute page alone).
    const next = registration.installing ?? registration.waiting;
    if (next) {
      await new Promise((resolve) => {
        next.addEventListener("statechange", () => next.state === "activated" && resolve());
        setTimeout(resolve, 10_000);
      });
    }
    const worker = registration.active;
    if (!worker) return;
    const post = () => worker.postMessage(message(installed));
    if (installed) post();
    else settled(post);
  }

  keep(false);
  addEventListener("appinstalled", () => keep(true));
})();
