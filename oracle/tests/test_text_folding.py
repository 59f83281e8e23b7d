"""Accent folding (``common.text``): each form on examples, and every form on real card text.

The search columns hold folded text, so a change to what a fold returns changes what every
stored column must hold. The digests below were taken from the bundled MTGJSON files (every
name, type line, text and flavour text, in English and Italian); a test fails when any of those
strings folds differently.
"""

import hashlib
import json

from django.test import SimpleTestCase

from common.text import fold, fold_apostrophes, fold_line, fold_lines, fold_with_origins
from oracle.tests.helpers import MTGJSON_FIXTURES

FIELDS = ("name", "faceName", "type", "text", "flavorText")
DIGESTS = {
    "fold": "5e916e81562cd66ade97a19aaa0a3d6f9d44260e882a6d717a9def78ff4a3f0d",
    "fold_apostrophes": "376cc24968395b7f57c5a39cdbdec7c606d817de4f6fce89ea04db14d6133ee9",
    "fold_line": "124076a5df980657dee5cdde6415b1bf08c9db228c7750aabb5bac6f6fcfb000",
    "fold_lines": "376cc24968395b7f57c5a39cdbdec7c606d817de4f6fce89ea04db14d6133ee9",
    "fold_with_origins": "1c2d5af8d4d7475dfff4200b4e66cd702714fa5050d2dd392c3f07c325636153",
}


def bundled_strings() -> list[str]:
    """Every distinct name, type line, text and flavour text of the bundled MTGJSON files (the
    keyword lists too), in English and Italian, in file order."""
    found = []
    for path in sorted(MTGJSON_FIXTURES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))["data"]
        if path.name == "Keywords.json":
            for words in data.values():
                found += words
            continue
        for card_set in data.values() if path.name == "SeedCards.json" else [data]:
            if not isinstance(card_set, dict) or "cards" not in card_set:
                continue
            for card in card_set["cards"] + card_set.get("tokens", []):
                italian = [f for f in card.get("foreignData", []) if f["language"] == "Italian"]
                for entry in [card, *italian]:
                    found += [entry[key] for key in FIELDS if entry.get(key)]
    return list(dict.fromkeys(found))


def with_origins(text: str) -> str:
    folded, origin = fold_with_origins(text)
    return folded + "|" + ",".join(map(str, origin))


class FoldExampleTests(SimpleTestCase):
    def test_fold_drops_accents_and_case_and_spells_out_ligatures(self):
        self.assertEqual(fold("Æther Vial"), "aether vial")
        self.assertEqual(fold("Rapidità"), "rapidita")
        self.assertEqual(fold("Straße Øl Œuvre"), "strasse ol oeuvre")
        self.assertEqual(fold("Dell’Alba"), "dell’alba")

    def test_fold_apostrophes_makes_every_apostrophe_plain(self):
        self.assertEqual(fold_apostrophes("Dell’Alba ‘x’ Aʼb 3′"), "dell'alba 'x' a'b 3'")

    def test_fold_line_makes_one_line_of_single_spaces(self):
        self.assertEqual(fold_line("  Lightning\n\tBolt’s  "), "lightning bolt's")

    def test_fold_lines_keeps_the_lines_apart(self):
        self.assertEqual(fold_lines(" Volare\n  Rapidità  \u2028Tocco"), "volare\nrapidita\ntocco")

    def test_fold_with_origins_points_back_at_the_original(self):
        self.assertEqual(fold_with_origins("Perché"), ("perche", range(6)))
        folded, origin = fold_with_origins("Un Æther")
        self.assertEqual(folded, "un aether")
        self.assertEqual(list(origin), [0, 1, 2, 3, 3, 4, 5, 6, 7])


class FoldBundledTextTests(SimpleTestCase):
    def test_every_form_folds_the_bundled_card_text_as_the_search_columns_were_built(self):
        texts = bundled_strings()
        self.assertGreater(len(texts), 5_000)
        forms = {
            "fold": fold,
            "fold_apostrophes": fold_apostrophes,
            "fold_line": fold_line,
            "fold_lines": fold_lines,
            "fold_with_origins": with_origins,
        }
        for name, form in forms.items():
            with self.subTest(name):
                digest = hashlib.sha256()
                for text in texts:
                    digest.update(form(text).encode("utf-8", "surrogatepass") + b"\x00")
                self.assertEqual(digest.hexdigest(), DIGESTS[name])
