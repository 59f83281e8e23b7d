/* The offline card view (/<lang>/offline/card/?s=<slug>, and /<lang>/cards/<slug>/ when offline):
 * one kept card record with its details, in the page's language, rule numbers linked to the
 * kept rules pages. ?p= names the part holding the record (the search's links give it);
 * without it the parts are read in turn until the card is found. */
(function () {
  "use strict";

  const offline = window.OracoloOffline;
  const { element, texts } = offline;
  const RULE_NUMBER = /\b\d{3}\.\d+[a-z]?\b/g;

  function slugAsked() {
    const asked = new URLSearchParams(location.search).get("s");
    if (asked) return asked;
    const path = location.pathname.match(/^\/[a-z]+\/cards\/([^/]+)\/$/);
    return path ? decodeURIComponent(path[1]) : null;
  }

  async function findRecord(found, slug) {
    const parts = found.index.parts;
    const hint = Number(new URLSearchParams(location.search).get("p"));
    const order = parts.map((_, i) => i);
    if (Number.isInteger(hint) && hint >= 0 && hint < parts.length) order.unshift(hint);
    for (const i of new Set(order)) {
      const part = await offline.part(found.cache, parts[i].url);
      const record = part.cards.find((card) => card.s === slug);
      if (record) return record;
    }
    return null;
  }

  // Text with each rule number the kept rules show as a link to its place.
  function linked(text, ruleLinks) {
    const holder = element("span");
    let last = 0;
    for (const match of text.matchAll(RULE_NUMBER)) {
      const href = ruleLinks[match[0]];
      if (!href) continue;
      holder.append(text.slice(last, match.index));
      const link = element("a", "rule-link", match[0]);
      link.href = href;
      holder.append(link);
      last = match.index + match[0].length;
    }
    holder.append(text.slice(last));
    return holder;
  }

  function paragraphs(text, ruleLinks, lang) {
    const block = element("div", "offline-text");
    if (lang) block.lang = lang;
    for (const line of (text || "").split("\n")) {
      const paragraph = element("p");
      paragraph.append(linked(line, ruleLinks));
      block.append(paragraph);
    }
    return block;
  }

  function section(title, ...content) {
    const part = element("section", "offline-section");
    part.append(element("h2", null, title), ...content);
    return part;
  }

  function render(record, detail, ruleLinks) {
    const italian = offline.italian;
    const card = document.getElementById("offline-card");
    const [first, second] = italian ? [record.ni || record.n, record.ni ? record.n : null] : [record.n, record.ni];
    document.title = first + " — Oracolo";
    const heading = element("h1", null, first);
    if (record.m) heading.append(" ", offline.mana(record.m));
    card.append(heading);
    if (second) card.append(element("p", "offline-other-name", second));
    const types = element("p", "offline-type", italian ? record.ti || record.t : record.t);
    card.append(types);
    if (italian && record.ti && record.t) card.append(element("p", "offline-type offline-other-name", record.t));
    const texts_ = [
      [texts.oracle, record.o, "en"],
      [texts.italian, record.oi, "it"],
    ];
    if (italian) texts_.reverse();
    for (const [title, text, lang] of texts_) {
      if (text) card.append(section(title, paragraphs(text, ruleLinks, lang)));
    }
    const legal = Object.entries(detail.l || {});
    if (legal.length) {
      const list = element("ul", "offline-legalities");
      for (const [format, state] of legal) {
        list.append(element("li", "legality-" + state, format.replace(/^./, (c) => c.toUpperCase()) + ": " + (texts[state] || state)));
      }
      card.append(section(texts.legalities, list));
    }
    if ((detail.e || []).length) {
      const list = element("ul", "offline-errata");
      for (const erratum of detail.e) {
        const item = element("li");
        item.append(element("time", null, erratum.date), " ", paragraphs(erratum.text, ruleLinks, "en"));
        list.append(item);
      }
      card.append(section(texts.errata, list));
    }
    if ((detail.r || []).length) {
      const list = element("ul", "offline-rulings");
      for (const ruling of detail.r) {
        const item = element("li");
        const mark = element("span", "ruling-language", ruling.lang === "it" ? texts.rulingIt : texts.rulingEn);
        item.append(element("time", null, ruling.date), " ", mark, paragraphs(ruling.text, ruleLinks, ruling.lang));
        list.append(item);
      }
      card.append(section(texts.rulings, list));
    }
    const used = (detail.u || []).filter((number) => ruleLinks[number]);
    if (used.length) {
      const list = element("ul", "offline-rules");
      for (const number of used) {
        const item = element("li");
        const link = element("a", "rule-link", number);
        link.href = ruleLinks[number];
        item.append(link);
        list.append(item);
      }
      card.append(section(texts.rules, list));
    }
  }

  async function start() {
    const version = await offline.pointer();
    if (!version) {
      offline.showNothingKept();
      return;
    }
    offline.showNote(version);
    const slug = slugAsked();
    const stored = slug && (await offline.storedCard(version.version, slug));
    if (stored) {
      render(stored.record, stored.detail, stored.links[texts.lang] || {});
    } else {
      const found = await offline.kept();
      const record = found && slug && (await findRecord(found, slug));
      if (!record) {
        document.getElementById("offline-card").append(element("p", null, texts.missing));
        return;
      }
      const details = await offline.part(found.cache, found.index.details[record.d].url);
      const ruleLinks = (found.index.rule_links || {})[texts.lang] || {};
      render(record, details.cards[record.s] || {}, ruleLinks);
    }
    document.body.dataset.offlineReadyAt = performance.now();
    document.body.dataset.offlineReady = "1";
  }

  start();
})();
