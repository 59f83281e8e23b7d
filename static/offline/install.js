/* The Offline page's button (#offline-download): registers the service worker (/sw.js) and asks
 * it to keep the data, showing its progress and whatever went wrong in #offline-status.
 * Only this page loads this script: no other page registers the worker. */
(function () {
  "use strict";

  const button = document.getElementById("offline-download");
  const status = document.getElementById("offline-status");
  if (!button || !status) return;
  const italian = (document.documentElement.lang || "").startsWith("it");
  // The messages, in the page's language: the template writes them (offline/about.html).
  const TEXTS = document.getElementById("offline-install-texts").dataset;

  function say(key, values) {
    return TEXTS[key].replace(/%\((\w+)\)s/g, (_, name) => (values || {})[name]);
  }

  function dateOf(kept) {
    const when = kept.cards_date || (kept.built || "").slice(0, 10);
    const date = new Date(when + "T00:00:00");
    return isNaN(date) ? when : date.toLocaleDateString(italian ? "it-IT" : "en-GB", { dateStyle: "long" });
  }

  function keptValues(kept) {
    return { version: kept.version, date: dateOf(kept) };
  }

  let warning = ""; // a room warning stays in front of the progress

  function show(text) {
    status.textContent = warning ? warning + " " + text : text;
  }

  function onMessage(event) {
    const message = event.data || {};
    if (message.type === "progress") {
      show(say("progress", message));
    } else if (message.type === "restart") {
      show(say("restart", message));
    } else if (message.type === "done") {
      warning = "";
      show(say("done", keptValues(message.kept)));
      button.disabled = false;
    } else if (message.type === "up-to-date") {
      show(say("upToDate", keptValues(message.kept)));
      button.disabled = false;
    } else if (message.type === "kept" && message.kept && !message.running) {
      show(say("kept", keptValues(message.kept)));
    } else if (message.type === "error") {
      const still = message.kept ? say("keptStill", keptValues(message.kept)) : say("nothingKept");
      show(say(message.reason, {}) + " " + still);
      button.textContent = say("retry");
      button.disabled = false;
    }
  }

  async function roomWarning() {
    if (!navigator.storage) return "";
    if (navigator.storage.persist) await navigator.storage.persist().catch(() => false);
    if (!navigator.storage.estimate) return "";
    try {
      const [estimate, version] = await Promise.all([
        navigator.storage.estimate(),
        fetch(button.dataset.versionUrl, { cache: "no-store" }).then((r) => r.json()),
      ]);
      const index = await fetch(version.index).then((r) => r.json());
      // Kept uncompressed: about three times what travels.
      const need = (index.bytes || 0) * 3;
      const free = estimate.quota - estimate.usage;
      if (estimate.quota && need > free) {
        return say("lowSpace", { need: Math.ceil(need / 1e6), free: Math.floor(free / 1e6) });
      }
    } catch (error) {
      // the worker's own download will say what is wrong
    }
    return "";
  }

  async function download() {
    button.disabled = true;
    show(say("starting"));
    try {
      warning = await roomWarning();
      show(say("starting"));
      await navigator.serviceWorker.register(button.dataset.workerUrl || "/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      registration.active.postMessage({ type: "download" });
    } catch (error) {
      show(say("offline") + " (" + error.message + ")");
      button.disabled = false;
    }
  }

  if (!("serviceWorker" in navigator) || !("caches" in window)) {
    show(say("unsupported"));
    button.disabled = true;
    return;
  }
  navigator.serviceWorker.addEventListener("message", onMessage);
  button.addEventListener("click", download);
  navigator.serviceWorker.getRegistration("/").then((registration) => {
    if (registration && registration.active) registration.active.postMessage({ type: "status" });
  });
})();
