#!/usr/bin/env python3
"""Write fixtures/mtgjson/SeedCards.json: the cards the seed documents name that the five
bundled sets lack, one printing each, taken from MTGJSON's AllPrintings.

The printing chosen for a card is the one whose Italian printed name is the name the documents
write (so the Italian name on the card page is theirs), from an expansion or core set, the
latest printed before Future Sight (2007-05-04): its English text as printed is the wording the
documents discuss (Giant Spider's "can block as though it had flying"). The output has the
AllPrintings shape, each set holding only the chosen cards.

The cards of ``WORDING_HISTORIES`` also keep, from the core sets and expansions, the first
printing of each English text they were printed with, so that the bundled data holds a card
printed with several wordings over the years (the card page's wording history).

    .venv/bin/python scripts/build_seed_cards.py [../shared/data/mtgjson/AllPrintings.json.gz]
"""

import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "mtgjson" / "AllPrintings.json.gz"
OUTPUT = ROOT / "fixtures" / "mtgjson" / "SeedCards.json"
CUTOFF = "2007-05-04"
SET_KEYS_DROPPED = ("cards", "tokens", "booster", "sealedProduct", "decks", "translations")

# English name -> the Italian name the seed documents write (None: they write the English one).
WANTED = {
    "Aphetto Runecaster": "Tracciarune di Aphetto",
    "Aven Farseer": "Lungoveggente Aviano",
    "Bonethorn Valesk": "Valesk Strappaossa",
    "Camouflage": None,
    "Echoing Decay": "Decomposizione Riecheggiante",
    "Giant Spider": "Ragno Gigante",
    "Gnat Alley Creeper": "Strisciante di Vicolo Insetto",
    "Greater Stone Spirit": "Spirito della Pietra Superiore",
    "Illusionary Mask": None,
    "Llanowar Elves": "Elfi di Llanowar",
    "Meddling Mage": "Mago Intrigante",
    "Platinum Angel": "Angelo di Platino",
    "Silhana Ledgewalker": "Calcasporgenze Silhana",
    "Spirit Link": "Legame Spirituale",
    "Stone Spirit": "Spirito della Pietra",
    "Talruum Piper": "Pifferaio di Talruum",
    "Treetop Bracers": "Sostegni Arboricoli",
    "Treetop Scout": "Scout Arboricolo",
}

# Cards kept with the first printing of each of their printed English texts.
WORDING_HISTORIES = {"Giant Spider"}


def italian_name(card: dict) -> str | None:
    for entry in card.get("foreignData", []):
        if entry.get("language") == "Italian":
            return entry.get("name")
    return None


def preference(card: dict, card_set: dict) -> tuple:
    """Bigger is better: the documents' Italian name, a real set, before the cutoff, latest."""
    wanted = WANTED[card["name"]]
    italian = (italian_name(card) or "").replace("’", "'")
    released = card_set["releaseDate"]
    return (
        wanted is None or italian == wanted,
        card_set.get("type") in ("expansion", "core"),
        released <= CUTOFF,
        bool(italian),
        released if released <= CUTOFF else "",
        not card.get("isPromo", False),
    )


def main(source: Path) -> int:
    if not source.exists():
        print(f"{source} is missing: this script needs MTGJSON's AllPrintings.", file=sys.stderr)
        return 1
    with gzip.open(source, "rt", encoding="utf-8") as handle:
        everything = json.load(handle)
    best: dict[str, tuple[tuple, str, dict]] = {}
    wordings: dict[tuple[str, str], tuple[str, str, dict]] = {}  # (name, text) -> first printing
    for code, card_set in everything["data"].items():
        if card_set.get("isOnlineOnly"):
            continue
        for card in card_set.get("cards", []):
            if card["name"] in WANTED:
                rank = preference(card, card_set)
                if card["name"] not in best or rank > best[card["name"]][0]:
                    best[card["name"]] = (rank, code, card)
            key = (card["name"], card.get("originalText"))
            if key[0] in WORDING_HISTORIES and key[1] and card_set["type"] in ("core", "expansion"):
                first = (card_set["releaseDate"], code, card)
                if key not in wordings or first[:2] < wordings[key][:2]:
                    wordings[key] = first
    missing = sorted(set(WANTED) - set(best))
    if missing:
        print(f"Not in {source.name}: {', '.join(missing)}", file=sys.stderr)
        return 1
    chosen = [(name, code, card) for name, (_, code, card) in sorted(best.items())]
    chosen += sorted(
        (name, code, card)
        for (name, _text), (_day, code, card) in wordings.items()
        if code != best[name][1]
    )
    sets: dict[str, dict] = {}
    for name, code, card in chosen:
        if code not in sets:
            card_set = everything["data"][code]
            sets[code] = {k: v for k, v in card_set.items() if k not in SET_KEYS_DROPPED}
            sets[code].update(cards=[], tokens=[])
        sets[code]["cards"].append(card)
        print(f"{name:24} {code:4} {italian_name(card) or '-'}")
    output = {"meta": everything["meta"], "data": sets}
    with OUTPUT.open("w", encoding="utf-8") as handle:
        json.dump(output, handle, ensure_ascii=False, indent=1, sort_keys=True)
    print(f"Wrote {OUTPUT.relative_to(ROOT)}: {len(chosen)} printings of {len(best)} cards")
    print(f"from {len(sets)} sets.")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE))
