/* The Offline page's button (#offline-download): registers the service worker (/sw.js) and asks
 * it to keep the data, showing its progress and whatever went wrong in #offline-status.
 * Only this page loads this script: no other page registers the worker. */
(function () {
  "use strict";

  const button = document.getElementById("offline-download");
  const status = document.getElementById("offline-status");
  if (!button || !status) return;
  const italian = (document.documentElement.lang || "").startsWith("it");
  const TEXTS = {
    unsupported: [
      "This browser cannot keep Oracolo offline (no service workers or Cache Storage, or the page is not on HTTPS).",
      "Questo browser non può conservare Oracolo senza rete (niente service worker o Cache Storage, o la pagina non è su HTTPS).",
    ],
    starting: ["Starting the download…", "Avvio dello scaricamento…"],
    progress: ["%(done)s of %(total)s parts…", "%(done)s di %(total)s parti…"],
    done: [
      "Kept offline: data version %(version)s of %(date)s. Oracolo now works without the network in this browser.",
      "Conservato senza rete: versione dei dati %(version)s del %(date)s. Oracolo ora funziona senza rete in questo browser.",
    ],
    kept: [
      "Kept offline in this browser: data version %(version)s of %(date)s.",
      "Conservato senza rete in questo browser: versione dei dati %(version)s del %(date)s.",
    ],
    upToDate: [
      "Already up to date: data version %(version)s of %(date)s is kept.",
      "Già aggiornato: è conservata la versione dei dati %(version)s del %(date)s.",
    ],
    restart: [
      "The data changed on the server during the download (now version %(version)s): starting over for it.",
      "I dati sono cambiati sul server durante lo scaricamento (ora versione %(version)s): si ricomincia con quella.",
    ],
    quota: [
      "The browser refused the space the data needs (storage full or not allowed). Free some space or allow storage for this site, then retry.",
      "Il browser ha rifiutato lo spazio che serve ai dati (memoria piena o non consentita). Libera spazio o consenti la memoria a questo sito, poi riprova.",
    ],
    lowSpace: [
      "This browser may not have room for the data (about %(need)s MB needed, %(free)s MB free).",
      "Questo browser potrebbe non avere spazio per i dati (servono circa %(need)s MB, liberi %(free)s MB).",
    ],
    cut: [
      "The download was cut halfway: nothing of it is used.",
      "Lo scaricamento si è interrotto a metà: non ne viene usato nulla.",
    ],
    offline: [
      "The server cannot be reached: check the network and retry.",
      "Il server non è raggiungibile: controlla la rete e riprova.",
    ],
    changed: [
      "The data kept changing on the server during the download: retry in a few minutes.",
      "I dati sul server hanno continuato a cambiare durante lo scaricamento: riprova fra qualche minuto.",
    ],
    keptStill: [
      "The data kept before (version %(version)s of %(date)s) is still used.",
      "Restano in uso i dati conservati prima (versione %(version)s del %(date)s).",
    ],
    nothingKept: ["Nothing is kept offline yet.", "Non è ancora conservato nulla senza rete."],
    retry: ["Retry", "Riprova"],
  };

  function say(key, values) {
    return TEXTS[key][italian ? 1 : 0].replace(/%\((\w+)\)s/g, (_, name) => (values || {})[name]);
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
