/* What the offline shells share (search.js, card.js): the kept data version, read from Cache
 * Storage where the service worker keeps it, the page's translated texts, and how text is
 * folded for matching (lower case, no accents, one apostrophe). */
window.OracoloOffline = (function () {
  "use strict";

  const META_CACHE = "oracolo-meta";
  const POINTER = "/offline/kept.json";
  const DATA_PREFIX = "oracolo-data-";
  const texts = document.getElementById("offline-texts").dataset;
  const italian = texts.lang === "it";

  async function pointer() {
    if (!("caches" in window)) return null;
    const meta = await caches.open(META_CACHE);
    const found = await meta.match(POINTER);
    return found ? found.json() : null;
  }

  // One card of the kept version from the worker's IndexedDB (sw.js, writeCardsDatabase), or null.
  function storedCard(version, slug) {
    return new Promise((resolve) => {
      if (!("indexedDB" in window)) return resolve(null);
      const opening = indexedDB.open("oracolo-cards-" + version, 1);
      opening.onupgradeneeded = () => opening.transaction.abort(); // not written: do not make it
      opening.onerror = () => resolve(null);
      opening.onsuccess = () => {
        const db = opening.result;
        const asking = db.transaction("cards").objectStore("cards").get(slug);
        asking.onsuccess = () => resolve(asking.result || null);
        asking.onerror = () => resolve(null);
        db.close();
      };
    });
  }

  async function kept() {
    const version = await pointer();
    if (!version) return null;
    const cache = await caches.open(DATA_PREFIX + version.version);
    const index = await cache.match(version.index);
    if (!index) return null;
    return { version, cache, index: await index.json() };
  }

  async function part(cache, url) {
    const response = await cache.match(url);
    if (!response) throw new Error("missing " + url);
    return response.json();
  }

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, (_, name) => values[name]);
  }

  function fold(text) {
    return (text || "")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[’‘`]/g, "'");
  }

  function words(text) {
    return fold(text)
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  }

  function dateOf(version) {
    const when = version.cards_date || (version.built || "").slice(0, 10);
    const date = new Date(when + "T00:00:00");
    return isNaN(date) ? when : date.toLocaleDateString(italian ? "it-IT" : "en-GB", { dateStyle: "long" });
  }

  function showNote(version) {
    const note = document.getElementById("offline-note");
    note.textContent = format(texts.note, { date: dateOf(version), version: version.version });
  }

  function showNothingKept() {
    const note = document.getElementById("offline-note");
    note.textContent = texts.none + " ";
    const link = document.createElement("a");
    link.href = texts.offlinePage;
    link.textContent = texts.offlinePage;
    note.append(link);
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // "{2}{R}" as the mana font's symbols (static/vendor/mana), like the site's card pages.
  function mana(cost) {
    const holder = element("span", "mana-symbols");
    holder.setAttribute("role", "img");
    holder.setAttribute("aria-label", cost);
    for (const [, symbol] of (cost || "").matchAll(/\{([^}]+)\}/g)) {
      const css = symbol.toLowerCase().replace("/", "").replace(/^t$/, "tap").replace(/^q$/, "untap");
      const icon = element("abbr", "ms ms-cost ms-" + css);
      icon.title = "{" + symbol + "}";
      icon.append(element("span", "visually-hidden", "{" + symbol + "}"));
      holder.append(icon);
    }
    return holder;
  }

  return { texts, italian, pointer, storedCard, kept, part, format, fold, words, showNote, showNothingKept, element, mana };
})();
