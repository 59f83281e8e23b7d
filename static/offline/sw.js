/* Oracolo's service worker (issue 46; docs/offline.md, "In the browser").
 *
 * Registered only by the Offline page's button (install.js), served by /sw.js for the scope "/".
 * It keeps one complete data version at a time in the cache "oracolo-data-<N>": the index, the
 * card parts, the details, the kept pages, their static files and the offline shells. Which
 * version is complete is written in one place (POINTER in the cache "oracolo-meta"), switched
 * only once every file of the new version is stored; the older data caches are deleted after.
 * A download that fails keeps the last complete version; one whose version changes midway
 * starts over for the new version, so two versions are never mixed.
 */

const META_CACHE = "oracolo-meta";
const POINTER = "/offline/kept.json";
const DATA_PREFIX = "oracolo-data-";
const VERSION_URL = "/offline/version.json";
const SHELLS = ["/it/offline/search/", "/en/offline/search/", "/it/offline/card/", "/en/offline/card/"];
const UPDATE_CHECK_SECONDS = __UPDATE_CHECK_SECONDS__;
const NETWORK_WAIT_MS = 8000; // a navigation waits this long for the network, then uses kept pages
const PARALLEL_FETCHES = 4;
const MOST_RESTARTS = 3;
const CARDS_DB_PREFIX = "oracolo-cards-"; // IndexedDB, one per version: slug -> record, details, rule links
const RULE_NUMBER = /\b\d{3}\.\d+[a-z]?\b/g;

let lastCheck = 0;
let running = null;
let keptNow = null; // the pointer as last read or written here (this worker alone writes it)

class VersionChanged extends Error {
  constructor(version) {
    super("version changed to " + version);
    this.version = version;
  }
}

class Cut extends Error {}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "download") {
    event.waitUntil(startDownload());
  } else if (event.data && event.data.type === "status") {
    event.waitUntil(keptVersion().then((kept) => tell({ type: "kept", kept, running: !!running })));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request, url));
    event.waitUntil(checkForUpdate());
  } else if (url.pathname.startsWith("/static/") || /^\/offline\/\d+\//.test(url.pathname)) {
    event.respondWith(keptOrNetwork(request));
  }
});

async function keptVersion() {
  if (keptNow === null) {
    const response = await (await caches.open(META_CACHE)).match(POINTER);
    keptNow = response ? await response.json() : false;
  }
  return keptNow || null;
}

async function tell(message) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

function startDownload() {
  if (!running) {
    running = download()
      .catch(async (error) => {
        const kept = await keptVersion();
        let reason = "cut";
        if (error && error.name === "QuotaExceededError") reason = "quota";
        else if (error instanceof VersionChanged) reason = "changed";
        else if (error instanceof TypeError) reason = "offline";
        await tell({ type: "error", reason, kept });
      })
      .finally(() => {
        running = null;
      });
  }
  return running;
}

async function checkForUpdate() {
  if (running || Date.now() - lastCheck < UPDATE_CHECK_SECONDS * 1000) return;
  if (!(await keptVersion())) return;
  lastCheck = Date.now();
  await startDownload();
}

async function download() {
  for (let restarts = 0; ; restarts++) {
    const kept = await keptVersion();
    const wanted = await (await fetch(VERSION_URL, { cache: "no-store" })).json();
    lastCheck = Date.now();
    if (kept && kept.version === wanted.version) {
      await tell({ type: "up-to-date", kept });
      return;
    }
    try {
      await store(wanted);
      return;
    } catch (error) {
      if (!(error instanceof VersionChanged)) throw error;
      await caches.delete(DATA_PREFIX + wanted.version);
      await dropCardsDatabase(wanted.version);
      if (restarts + 1 >= MOST_RESTARTS) throw error;
      await tell({ type: "restart", version: error.version });
    }
  }
}

async function fetchChecked(url, version) {
  let response;
  try {
    response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
  } catch (error) {
    throw new Cut(url);
  }
  if (response.status === 404 && url.startsWith("/offline/")) {
    const body = await response.json().catch(() => null);
    if (body && body.version && String(body.version) !== version) throw new VersionChanged(body.version);
  }
  if (!response.ok) throw new Cut(url);
  if (response.redirected) {
    // A redirected answer cannot answer a navigation later: keep its body and headers alone.
    return new Response(await response.blob(), { status: 200, headers: response.headers });
  }
  return response;
}

async function store(wanted) {
  const version = String(wanted.version);
  const cache = await caches.open(DATA_PREFIX + version);
  const indexResponse = await fetchChecked(wanted.index, version);
  const index = await indexResponse.clone().json();
  if (String(index.version) !== version) throw new VersionChanged(index.version);
  const files = [
    ...index.parts.map((part) => part.url),
    ...index.details.map((part) => part.url),
    ...Object.values(index.pages).flat(),
    ...index.assets,
  ];
  const shellFiles = new Set(SHELLS);
  const total = files.length + SHELLS.length;
  let done = 0;
  await tell({ type: "progress", done, total, version });
  const keep = async (url) => {
    if (!(await cache.match(url))) await cache.put(url, await fetchChecked(url, version));
    done += 1;
    await tell({ type: "progress", done, total, version });
  };
  await inParallel(files, keep);
  // The shells' own static files: the shells are this worker's, not in the index's list.
  for (const url of SHELLS) {
    const response = await fetchChecked(url, version);
    const html = await response.clone().text();
    for (const match of html.matchAll(/(?:src|href)="(\/static\/[^"]+)"/g)) shellFiles.add(match[1]);
    await cache.put(url, response);
    done += 1;
    await tell({ type: "progress", done, total, version });
  }
  await inParallel([...shellFiles].filter((url) => !SHELLS.includes(url)), async (url) => {
    if (!(await cache.match(url))) await cache.put(url, await fetchChecked(url, version));
  });
  // The pages were fetched without a version in their names: if the data changed meanwhile,
  // some may be newer than the index. Start over rather than keep a mixture.
  const now = await (await fetch(VERSION_URL, { cache: "no-store" })).json();
  if (String(now.version) !== version) throw new VersionChanged(now.version);
  await writeCardsDatabase(version, cache, index);
  await cache.put(wanted.index, indexResponse);
  const kept = { version, built: index.built, cards_date: index.cards_date, index: wanted.index, cards: index.cards };
  const meta = await caches.open(META_CACHE);
  await meta.put(POINTER, new Response(JSON.stringify(kept), { headers: { "Content-Type": "application/json" } }));
  keptNow = kept;
  for (const name of await caches.keys()) {
    if (name.startsWith(DATA_PREFIX) && name !== DATA_PREFIX + version) {
      await caches.delete(name);
      await dropCardsDatabase(name.slice(DATA_PREFIX.length));
    }
  }
  await tell({ type: "done", kept });
}

// Each card's record, details and the links of the rule numbers they name, under its slug, so
// that the card view reads one small entry instead of two parts of thousands of cards.
async function writeCardsDatabase(version, cache, index) {
  await dropCardsDatabase(version);
  const db = await new Promise((resolve, reject) => {
    const opening = indexedDB.open(CARDS_DB_PREFIX + version, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("cards");
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  const details = [];
  const detailsOf = async (d) => {
    if (!details[d]) details[d] = (await (await cache.match(index.details[d].url)).json()).cards;
    return details[d];
  };
  try {
    for (let p = 0; p < index.parts.length; p++) {
      const part = await (await cache.match(index.parts[p].url)).json();
      const entries = [];
      for (const record of part.cards) {
        const detail = (await detailsOf(record.d))[record.s] || {};
        const said = [record.o || "", record.oi || "", ...(detail.e || []).map((e) => e.text), ...(detail.r || []).map((r) => r.text)];
        const numbers = new Set([...(detail.u || []), ...said.join("\n").matchAll(RULE_NUMBER)].map(String));
        const links = {};
        for (const [lang, all] of Object.entries(index.rule_links || {})) {
          links[lang] = {};
          for (const number of numbers) if (all[number]) links[lang][number] = all[number];
        }
        entries.push([record.s, { record, detail, links, part: p }]);
      }
      await new Promise((resolve, reject) => {
        const transaction = db.transaction("cards", "readwrite");
        const store = transaction.objectStore("cards");
        for (const [slug, entry] of entries) store.put(entry, slug);
        transaction.oncomplete = resolve;
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
    }
  } finally {
    db.close();
  }
}

function dropCardsDatabase(version) {
  return new Promise((resolve) => {
    const deleting = indexedDB.deleteDatabase(CARDS_DB_PREFIX + version);
    deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
  });
}

// The first failure stops the other fetches, and is thrown once they have all stopped: no
// progress reported after it.
async function inParallel(items, work) {
  let next = 0;
  let failure = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      try {
        await work(items[next++]);
      } catch (error) {
        failure = failure || error;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  if (failure) throw failure;
}

async function keptCache() {
  const kept = await keptVersion();
  return kept ? { kept, cache: await caches.open(DATA_PREFIX + kept.version) } : null;
}

async function keptOrNetwork(request) {
  const found = await keptCache();
  const hit = found && (await found.cache.match(request));
  return hit || fetch(request);
}

async function navigate(request, url) {
  let response = null;
  try {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), NETWORK_WAIT_MS);
    response = await fetch(request, { signal: controller.signal });
    clearTimeout(timer);
    if (response.status < 500) return response;
  } catch (error) {
    // offline, or the network too slow: the kept pages answer
  }
  return (await offlineAnswer(url)) || response || Response.error();
}

async function offlineAnswer(url) {
  const found = await keptCache();
  if (!found) return null;
  const { kept, cache } = found;
  const exact = await cache.match(url.pathname + url.search);
  if (exact) return exact;
  const parts = url.pathname.match(/^\/(it|en)\/(.*)$/);
  if (!parts) return null;
  const [, lang, rest] = parts;
  const searchShell = () => cache.match(`/${lang}/offline/search/`);
  if (rest === "cards/" || rest === "offline/search/") return searchShell();
  if (/^cards\/[^/]+\/$/.test(rest) || rest === "offline/card/") return cache.match(`/${lang}/offline/card/`);
  const rule = rest.match(/^rules\/([^/]+)\/$/);
  if (rule) {
    const index = await (await cache.match(kept.index)).json();
    const link = (index.rule_links[lang] || {})[decodeURIComponent(rule[1])];
    if (link) return Response.redirect(new URL(link, self.location.origin).href, 302);
  }
  return (await cache.match(url.pathname, { ignoreSearch: true })) || searchShell();
}
