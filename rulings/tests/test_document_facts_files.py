"""The facts kept by hand from the documents (fixtures/documents/terms.json and
renamed_keywords.json) state only what their documents say, and the wordings the rules update
of May 2007 gave printed lines. No database."""

import json
import tempfile
from pathlib import Path

from django.test import SimpleTestCase

from rulings.importers.release_notes.defined_terms import read_terms
from rulings.importers.release_notes.document import ReadError
from rulings.importers.release_notes.renamed_keywords import (
    RENAMED_KEYWORDS,
    read_renamings,
    written_as_of_update,
)
from rulings.tests.helpers import FUT, MSH, ONS, SEED_DOCUMENTS, SEEDS


class SourcedFactsFileTests(SimpleTestCase):
    """terms.json and renamed_keywords.json state only what their documents say."""

    def text(self, name: str) -> str:
        return (SEEDS / SEED_DOCUMENTS[name][0]).read_text(encoding="utf-8")

    def test_the_bundled_terms_are_in_their_documents(self):
        for name in SEED_DOCUMENTS:
            key = Path(SEED_DOCUMENTS[name][0]).stem
            terms = read_terms(key, self.text(name))
            self.assertTrue(terms, key)
        terms = {
            term.italian: term
            for term in read_terms("marvel-super-heroes-mechanics", self.text(MSH))
        }
        self.assertEqual(terms["Complottare"].english, "Connive")
        self.assertEqual((terms["Superpotere"].english, terms["Progetto"].kind), ("", "subtype"))
        self.assertEqual(read_terms("another-document", ""), [])

    def test_a_term_whose_sentence_is_not_in_the_document_is_refused(self):
        text = self.text(FUT).replace("502.18d Ciclotipo è una variante", "502.18d Una variante")
        with self.assertRaisesMessage(ReadError, "the sentence “502.18d Ciclotipo è una variante"):
            read_terms("future-sight-release-notes", text)

    def test_the_bundled_renamings_are_in_their_document(self):
        renamings = read_renamings("future-sight-release-notes", self.text(FUT))
        self.assertEqual(
            [renaming.keyword for renaming in renamings.errata], ["lifelink", "reach", "shroud"]
        )
        self.assertEqual(len(renamings.errata[2].quotes), 3)
        self.assertEqual([former.keyword for former in renamings.former_names], ["typecycling"])
        self.assertEqual(read_renamings("onslaught-morph-faq", self.text(ONS)).errata, ())

    def test_a_renaming_whose_sentence_is_not_in_the_document_is_refused(self):
        sentence = "Velo è un nuovo nome per un'abilità già esistente."
        text = self.text(FUT).replace(sentence, "")
        with self.assertRaisesMessage(ReadError, f"the sentence “{sentence}” is not in"):
            read_renamings("future-sight-release-notes", text)


class RulesUpdateWordingTests(SimpleTestCase):
    """How the rules update of May 2007 wrote printed lines with the old wordings, by the
    rewrites of renamed_keywords.json (lines of cards outside the bundled sets among them)."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        text = (SEEDS / SEED_DOCUMENTS[FUT][0]).read_text(encoding="utf-8")
        renamings = read_renamings("future-sight-release-notes", text).errata
        cls.rewrites = {renaming.keyword: renaming.rewrites for renaming in renamings}

    def written(self, keyword: str, name: str, line: str) -> str | None:
        return written_as_of_update(line, name, self.rewrites[keyword])[1]

    def test_printed_lines_as_the_update_wrote_them(self):
        cases = [
            ("lifelink", "Kjeldoran Gargoyle", "Whenever ~ deals damage, you gain that much life.",
             "Lifelink"),
            ("lifelink", "Loxodon Warhammer",
             'Equipped creature gets +3/+0, has trample, and has "Whenever this creature deals '
             'damage, you gain that much life."',
             "Equipped creature gets +3/+0, has trample, and has lifelink."),
            ("lifelink", "Genju of the Fields",
             "{2}: Until end of turn, enchanted Plains becomes a 2/5 white Spirit creature with "
             '"Whenever this creature deals damage, you gain that much life." It\'s still a land.',
             "{2}: Until end of turn, enchanted Plains becomes a 2/5 white Spirit creature with "
             "lifelink. It's still a land."),
            ("reach", "Aquastrand Spider",
             "{G}: Target creature with a +1/+1 counter on it can block as though it had flying "
             "this turn.",
             "{G}: Target creature with a +1/+1 counter on it gains reach until end of turn."),
            ("reach", "Spidersilk Armor",
             "Creatures you control get +0/+1 and may block as though they had flying.",
             "Creatures you control get +0/+1 and have reach."),
            ("reach", "Aether Membrane", "Æther Membrane can block as though it had flying.",
             "Reach"),
            ("shroud", "Lightning Greaves",
             "Equipped creature has haste and can't be the target of spells or abilities.",
             "Equipped creature has haste and shroud."),
            ("shroud", "Warped Researcher",
             "Whenever a player cycles a card, ~ gains flying until end of turn and can't be the "
             "target of spells or abilities this turn.",
             "Whenever a player cycles a card, ~ gains flying and shroud until end of turn."),
            ("shroud", "Veil of Secrecy",
             "Target creature is unblockable and can't be the target of spells or abilities this "
             "turn.",
             "Target creature gains shroud until end of turn and is unblockable this turn."),
            ("shroud", "Sheltering Prayers",
             "Basic lands each player controls can't be the targets of spells or abilities as "
             "long as that player controls three or fewer lands.",
             "Basic lands each player controls have shroud as long as that player controls "
             "three or fewer lands."),
            ("shroud", "Spiritual Asylum",
             "Creatures and lands you control can't be the target of spells or abilities.",
             "Creatures and lands you control have shroud."),
            ("shroud", "Gilded Light", "You can't be the target of spells or abilities this turn.",
             "You gain shroud until end of turn."),
            ("shroud", "Frost Raptor",
             "{S}{S}: ~ can’t be the target of spells or abilities this turn. ({S} can be paid "
             "with one mana from a snow permanent.)",
             "{S}{S}: ~ gains shroud until end of turn. ({S} can be paid with one mana from a "
             "snow permanent.)"),
            ("shroud", "Pincher Beetles", "~ can't be the target of spells or abilities.",
             "Shroud"),
        ]  # fmt: skip
        for keyword, name, line, wanted in cases:
            with self.subTest(name):
                line, wanted = line.replace("~", name), wanted.replace("~", name)
                self.assertEqual(self.written(keyword, name, line), wanted)

    def test_cards_in_graveyards_cannot_have_shroud_so_get_no_erratum(self):
        rewrite, written = written_as_of_update(
            "Cards in graveyards can't be the targets of spells or abilities.",
            "Ground Seal",
            self.rewrites["shroud"],
        )
        self.assertIsNotNone(rewrite)
        self.assertIsNone(written)

    def test_a_line_no_rewrite_fits_is_told_apart(self):
        self.assertEqual(
            written_as_of_update("Draw a card.", "Opt", self.rewrites["shroud"]), (None, None)
        )

    def test_a_rewrite_that_does_not_name_the_keyword_is_refused(self):
        path = Path(self.enterContext(tempfile.TemporaryDirectory())) / "renamed.json"
        data = json.loads(RENAMED_KEYWORDS.read_text(encoding="utf-8"))
        errata = data["documents"]["future-sight-release-notes"]["errata"]
        errata[2]["as_of_update"][0]["written"] = "Hexproof"
        path.write_text(json.dumps(data), encoding="utf-8")
        text = (SEEDS / SEED_DOCUMENTS[FUT][0]).read_text(encoding="utf-8")
        with self.assertRaisesMessage(ReadError, "rewrite 1: 'written' does not name the keyword"):
            read_renamings("future-sight-release-notes", text, path=path)
