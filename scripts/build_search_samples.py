#!/usr/bin/env python3
"""Write fixtures/mtgjson/SearchSamples.json: one printing each of cards that the five bundled
sets and the seed cards lack and the query language must be tested on, taken from MTGJSON's
AllPrintings.

The bundled sets (2002-2007) hold no double-faced card, no token, no art-series object and
nothing digital, funny, borderless or gold-bordered; these samples do: transforming,
modal double-faced and meld cards (with their faces' own colours, costs and loyalties), a flip
and an adventure card, tokens and art-series objects (MTGJSON's ``tokens`` lists), mana costs
with hybrid, Phyrexian and X symbols, and printings with the frames, borders, watermarks and
flags the printing operators read. Each pick names its printing by set code, list and
collector number; the entry is copied as MTGJSON has it, except that ``foreignData`` keeps the
Italian entry only. The output has the AllPrintings shape, each set holding only the picks.

    .venv/bin/python scripts/build_search_samples.py [../shared/data/mtgjson/AllPrintings.json.gz]
"""

import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "mtgjson" / "AllPrintings.json.gz"
OUTPUT = ROOT / "fixtures" / "mtgjson" / "SearchSamples.json"
SET_KEYS_DROPPED = ("cards", "tokens", "booster", "sealedProduct", "decks", "translations")

# (set code, list, collector number): why the printing is here.
PICKS = {
    # Transforming double-faced cards: the back face has a colour indicator and the front's
    # mana value; Garruk's front is green, his back black-green; Elbrus's front is colourless.
    ("V17", "cards", "9"): "transform, planeswalker both sides, green front, black-green back",
    ("DKA", "cards", "147"): "transform, colourless artifact front, black creature back",
    ("MID", "cards", "47"): "transform, blue, 1/1 front and 3/2 flying back",
    # Modal double-faced cards: each face has its own cost and mana value.
    ("PKHM", "cards", "114s"): "modal DFC, black 2/1 front, black-red planeswalker back (promo)",
    ("PZNR", "cards", "12s"): "modal DFC, white sorcery front, land back (promo)",
    # Meld: two fronts and the card they meld into.
    ("EMN", "cards", "15a"): "meld front (Bruna)",
    ("EMN", "cards", "28"): "meld front (Gisela)",
    ("EMN", "cards", "15b"): "melded card (Brisela), mana value of both fronts",
    ("BOK", "cards", "3"): "flip card",
    ("ELD", "cards", "14"): "adventure card",
    # Not cards: an art-series object, and tokens (a legendary one among them).
    ("AAFR", "tokens", "1"): "art series",
    ("DOM", "tokens", "1"): "token (Knight)",
    ("DOM", "tokens", "10"): "legendary token (Karox Bladewing)",
    ("DOM", "tokens", "11"): "token (Saproling)",
    ("10E", "cards", "268"): "vanilla creature (Grizzly Bears)",
    ("DOM", "cards", "21"): "saga, historic",
    ("DOM", "cards", "224"): "legendary artifact, historic, 2015 frame",
    ("C14", "cards", "33"): "planeswalker that can be your commander",
    ("SHM", "cards", "229"): "hybrid cost {1}{G/W}{G/W}",
    ("NPH", "cards", "104"): "Phyrexian cost {3}{G/P}",
    ("M10", "cards", "136"): "X cost {X}{R}",
    ("3ED", "cards", "50"): "reserved list, X cost {X}{U}{U}, white border",
    ("3ED", "cards", "19"): "reserved list, {W}{W}{W}",
    ("WAR", "cards", "A-221"): "digital-only printing (Alchemy rebalanced, Arena)",
    ("UNH", "cards", "16"): "Un-set card, funny, silver border",
    ("WC00", "cards", "nl1"): "World Championship deck card, gold border, reserved list",
    ("AFR", "cards", "282"): "borderless printing",
    ("DGM", "cards", "1"): "Boros watermark",
    ("DGM", "cards", "53"): "Azorius watermark, two colours",
}


def italian_only(entry: dict) -> dict:
    kept = [fd for fd in entry.get("foreignData") or [] if fd.get("language") == "Italian"]
    return {**entry, "foreignData": kept}


def main(source: Path) -> int:
    if not source.exists():
        print(f"{source} is missing: this script needs MTGJSON's AllPrintings.", file=sys.stderr)
        return 1
    with gzip.open(source, "rt", encoding="utf-8") as handle:
        everything = json.load(handle)
    sets: dict[str, dict] = {}
    found = set()
    for code, list_name, number in sorted(PICKS):
        card_set = everything["data"].get(code) or {}
        entries = [e for e in card_set.get(list_name, []) if e["number"] == number]
        if not entries:
            continue
        found.add((code, list_name, number))
        if code not in sets:
            sets[code] = {k: v for k, v in card_set.items() if k not in SET_KEYS_DROPPED}
            sets[code].update(cards=[], tokens=[])
        # Every face of the printing (a double-faced card is one entry per face).
        sets[code][list_name] += [italian_only(entry) for entry in entries]
        italian = any(entry["foreignData"] for entry in sets[code][list_name][-len(entries) :])
        print(f"{code:5} {number:6} {entries[0]['name'][:48]:48} {'it' if italian else '-'}")
    missing = sorted(set(PICKS) - found)
    if missing:
        print(f"Not in {source.name}: {missing}", file=sys.stderr)
        return 1
    output = {"meta": everything["meta"], "data": sets}
    with OUTPUT.open("w", encoding="utf-8") as handle:
        json.dump(output, handle, ensure_ascii=False, indent=1, sort_keys=True)
        handle.write("\n")
    print(f"Wrote {OUTPUT.relative_to(ROOT)}: {len(PICKS)} printings from {len(sets)} sets.")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE))
