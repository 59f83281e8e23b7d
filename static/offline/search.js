/* The offline search (/<lang>/offline/search/, and /<lang>/cards/?q= when offline): the kept card
 * records, searched in the page. Plain words look in the names of either language (whole words,
 * prefixes, one typo forgiven on words of four letters or more) and in the Oracle and Italian
 * texts; t:, c:, mv, k: and o: filter; a leading "-" negates a term. Results: the exact name
 * first, then names starting with the query, then names holding every word, then the rest. */
(function () {
  "use strict";

  const offline = window.OracoloOffline;
  const { fold, words, element, format, texts } = offline;
  const SHOWN = 100;
  const COLOR_WORDS = {
    white: "W", bianco: "W", bianca: "W", bianchi: "W", bianche: "W",
    blue: "U", blu: "U",
    black: "B", nero: "B", nera: "B", neri: "B", nere: "B",
    red: "R", rosso: "R", rossa: "R", rossi: "R", rosse: "R",
    green: "G", verde: "G", verdi: "G",
    azorius: "WU", dimir: "UB", rakdos: "BR", gruul: "RG", selesnya: "GW",
    orzhov: "WB", izzet: "UR", golgari: "BG", boros: "RW", simic: "GU",
    bant: "GWU", esper: "WUB", grixis: "UBR", jund: "BRG", naya: "RGW",
    abzan: "WBG", jeskai: "URW", sultai: "BGU", mardu: "RWB", temur: "GUR",
    colorless: "c", colourless: "c", incolore: "c", incolori: "c",
    multicolor: "m", multicolored: "m", multicolour: "m", multicoloured: "m",
    multicolore: "m", multicolori: "m", gold: "m", oro: "m",
  };
  const KEYS = { t: "t", type: "t", tipo: "t", c: "c", color: "c", colore: "c", mv: "mv", cmc: "mv",
    k: "k", kw: "k", keyword: "k", o: "o", oracle: "o", testo: "o" };

  let cards = []; // {record, part, names: [folded full names and faces], nameWords, text, types, keywords}
  let vocabulary = new Map(); // folded name word -> indexes of the cards whose names hold it

  function prepare(record, part) {
    const faces = [record.n, record.ni]
      .filter(Boolean)
      .flatMap((name) => [name, ...(name.includes(" // ") ? name.split(" // ") : [])]);
    return {
      record,
      part,
      names: faces.map((name) => words(name).join(" ")),
      nameWords: new Set(faces.flatMap(words)),
      text: " " + words((record.o || "") + " " + (record.oi || "")).join(" ") + " ",
      types: " " + words((record.t || "") + " " + (record.ti || "")).join(" ") + " ",
      keywords: [...(record.k || []), ...(record.ki || [])].map((keyword) => words(keyword).join(" ")),
      shown: fold(offline.italian ? record.ni || record.n : record.n),
    };
  }

  function buildIndex(parts) {
    cards = [];
    vocabulary = new Map();
    parts.forEach((part, partIndex) => {
      for (const record of part.cards) cards.push(prepare(record, partIndex));
    });
    const alphabetical = cards.map((card, position) => position);
    alphabetical.sort((a, b) => (cards[a].shown < cards[b].shown ? -1 : cards[a].shown > cards[b].shown ? 1 : 0));
    alphabetical.forEach((position, order) => {
      cards[position].order = order;
    });
    cards.forEach((card, position) => {
      for (const word of card.nameWords) {
        if (!vocabulary.has(word)) vocabulary.set(word, []);
        vocabulary.get(word).push(position);
      }
    });
  }

  // Damerau–Levenshtein distance at most 1 (one letter changed, added, dropped or swapped),
  // compared in place: this runs on every name word of the catalogue for each query word.
  function oneTypo(a, b) {
    if (a.length < b.length) [a, b] = [b, a];
    if (a.length - b.length > 1) return false;
    let i = 0;
    while (i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    if (i === a.length) return true;
    if (a.length === b.length) {
      let j = i + 1;
      if (j < a.length && a.charCodeAt(i) === b.charCodeAt(j) && a.charCodeAt(j) === b.charCodeAt(i)) j++;
      for (; j < a.length; j++) if (a.charCodeAt(j) !== b.charCodeAt(j)) return false;
      return true;
    }
    for (let j = i; j < b.length; j++) if (a.charCodeAt(j + 1) !== b.charCodeAt(j)) return false;
    return true;
  }

  // For one query word: card position -> 0 (a whole name word), 1 (a name word's start), 2 (a typo).
  function nameMatches(word) {
    const found = new Map();
    const mark = (positions, grade) => {
      for (const position of positions) {
        if (!found.has(position) || found.get(position) > grade) found.set(position, grade);
      }
    };
    for (const [nameWord, positions] of vocabulary) {
      if (nameWord === word) mark(positions, 0);
      else if (nameWord.startsWith(word)) mark(positions, 1);
      else if (word.length >= 4 && oneTypo(word, nameWord)) mark(positions, 2);
    }
    return found;
  }

  function compare(op, left, right) {
    switch (op) {
      case "<": return left < right;
      case "<=": return left <= right;
      case ">": return left > right;
      case ">=": return left >= right;
      case "!=": return left !== right;
      default: return left === right;
    }
  }

  function colorTest(op, value) {
    let wanted = COLOR_WORDS[value];
    if (!wanted && /^[wubrg]+$/.test(value)) wanted = value.toUpperCase();
    if (!wanted && (value === "c" || value === "m")) wanted = value;
    if (!wanted) return null;
    if (wanted === "c") return (record) => compare(op === ":" ? "=" : op, record.c.length, 0);
    if (wanted === "m") return (record) => (op === "!=" ? record.c.length < 2 : record.c.length >= 2);
    const letters = [...new Set(wanted)];
    return (record) => {
      const has = letters.filter((letter) => record.c.includes(letter)).length;
      const all = has === letters.length;
      const exactly = all && record.c.length === letters.length;
      const within = [...record.c].every((letter) => letters.includes(letter));
      if (op === "=") return exactly;
      if (op === "!=") return !exactly;
      if (op === "<=") return within;
      if (op === "<") return within && !exactly;
      if (op === ">") return all && !exactly;
      return all; // ":" and ">=": at least these colours
    };
  }

  function filterFor(key, op, value) {
    const folded = words(value).join(" ");
    if (key === "t") return (card) => card.types.includes(" " + folded);
    if (key === "o") return (card) => card.text.includes(" " + folded);
    if (key === "k") return (card) => card.keywords.some((keyword) => keyword.startsWith(folded));
    if (key === "c") {
      const test = colorTest(op, fold(value));
      return test && ((card) => test(card.record));
    }
    if (key === "mv") {
      const number = Number(value);
      return Number.isFinite(number) ? (card) => compare(op === ":" ? "=" : op, card.record.v, number) : null;
    }
    return null;
  }

  function parse(query) {
    const filters = [];
    const plain = [];
    const terms = query.match(/-?[a-z]+(?:<=|>=|!=|[:=<>])"[^"]*"|-?"[^"]*"|\S+/gi) || [];
    for (let term of terms) {
      let negated = false;
      if (term.length > 1 && term.startsWith("-")) {
        negated = true;
        term = term.slice(1);
      }
      const parts = term.match(/^([a-z]+)(<=|>=|!=|[:=<>])(.+)$/i);
      const test = parts && KEYS[parts[1].toLowerCase()] ? filterFor(KEYS[parts[1].toLowerCase()], parts[2], parts[3].replace(/"/g, "")) : null;
      if (test) filters.push(negated ? (card) => !test(card) : test);
      else if (negated) {
        const gone = words(term);
        filters.push((card) => !gone.every((word) => card.text.includes(" " + word) || card.nameWords.has(word)));
      } else plain.push(...words(term));
    }
    return { filters, plain };
  }

  function search(query) {
    const { filters, plain } = parse(query);
    if (!filters.length && !plain.length) return [];
    const joined = plain.join(" ");
    const byWord = plain.map(nameMatches);
    const results = [];
    cards.forEach((card, position) => {
      if (!filters.every((test) => test(card))) return;
      let rank = 3;
      if (plain.length) {
        let everyWhole = true;
        for (let i = 0; i < plain.length; i++) {
          const grade = byWord[i].get(position);
          if (grade === undefined && !card.text.includes(" " + plain[i])) return;
          if (grade !== 0) everyWhole = false;
        }
        if (card.names.includes(joined)) rank = 0;
        else if (card.names.some((name) => name.startsWith(joined))) rank = 1;
        else if (everyWhole) rank = 2;
      }
      results.push({ card, rank });
    });
    results.sort((a, b) => a.rank - b.rank || a.card.order - b.card.order);
    return results;
  }

  function resultItem(card) {
    const record = card.record;
    const [first, second] = offline.italian ? [record.ni || record.n, record.ni ? record.n : null] : [record.n, record.ni];
    const item = element("li");
    const link = element("a", null, first);
    link.href = texts.cardUrl + "?s=" + encodeURIComponent(record.s) + "&p=" + card.part;
    item.append(link);
    if (second) item.append(" ", element("span", "offline-other-name", second));
    if (record.m) item.append(" ", offline.mana(record.m));
    const type = offline.italian ? record.ti || record.t : record.t;
    if (type) item.append(" ", element("span", "offline-type", type));
    return item;
  }

  function show(query) {
    const list = document.getElementById("offline-results");
    const count = document.getElementById("offline-count");
    const results = search(query);
    list.replaceChildren(...results.slice(0, SHOWN).map((result) => resultItem(result.card)));
    if (!query.trim()) count.textContent = "";
    else if (!results.length) count.textContent = texts.nothing;
    else {
      count.textContent = format(texts.found, { count: results.length });
      if (results.length > SHOWN) count.textContent += " " + format(texts.more, { count: SHOWN });
    }
  }

  async function start() {
    const form = document.getElementById("offline-search-form");
    const input = document.getElementById("offline-q");
    const query = new URLSearchParams(location.search).get("q") || "";
    input.value = query;
    document.getElementById("offline-note").textContent = texts.loading;
    const found = await offline.kept();
    if (!found) {
      offline.showNothingKept();
      return;
    }
    const parts = await Promise.all(found.index.parts.map((part) => offline.part(found.cache, part.url)));
    buildIndex(parts);
    offline.showNote(found.version);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      history.replaceState(null, "", "?q=" + encodeURIComponent(input.value));
      show(input.value);
    });
    show(query);
    document.body.dataset.offlineReadyAt = performance.now();
    document.body.dataset.offlineReady = "1";
  }

  // For benchmarks/offline_budget.py: one search, timed in the page.
  window.oracoloOfflineSearch = (query) => {
    show(query);
    return document.getElementById("offline-results").childElementCount;
  };
  start();
})();
