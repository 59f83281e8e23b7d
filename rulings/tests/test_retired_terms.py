"""The retired terms' data (fixtures/rules/retired_terms.json) against the texts Oracolo holds:
each English term is in the rules in force before the edition that retired it, that edition
says so, and today's rules have it only where the data says (notes that it is obsolete, other
senses); each Italian term is in the Italian texts from before that edition (quoted rules,
printed card texts, documents) and in none since. The terms the data leaves out are checked
too: today's Italian texts still write "TAPpa"."""

import json
from datetime import date, timedelta

from common.text import fold_apostrophes, fold_line
from oracle.models import PrintingFace
from rulings.models import GlossaryEntry, RuleSection, RulesEdition, SourceDocument
from rulings.status.retired_terms import TERMS_FILE, find_retired_terms, read_terms
from web.testing import BundledDocumentsTestCase

DATA = json.loads(TERMS_FILE.read_text(encoding="utf-8"))
ENTRIES = {entry["key"]: entry for entry in DATA["terms"]}
QUOTES = str.maketrans({"“": '"', "”": '"'})


def plain(text: str) -> str:
    return fold_line(text.translate(QUOTES))


def edition_texts(edition: RulesEdition) -> dict[str, str]:
    """{place: words} of an edition: each rule ("702.37c": title, text, examples) and glossary
    entry ("glossary: Morph": term and text)."""
    texts = {
        section.number: " ".join([section.title, section.text, *section.examples])
        for section in RuleSection.objects.filter(edition=edition)
    }
    for entry in GlossaryEntry.objects.filter(edition=edition):
        texts[f"glossary: {entry.term}"] = f"{entry.term} {entry.text}"
    return texts


def italian_texts(before: date | None = None, since: date | None = None) -> dict[str, str]:
    """The Italian texts Oracolo holds, dated before ``before`` or on and after ``since``: the
    rules its documents quote, the documents, the printed card texts."""

    def dated(queryset, field):
        if before:
            queryset = queryset.filter(**{f"{field}__lt": before})
        if since:
            queryset = queryset.filter(**{f"{field}__gte": since})
        return queryset

    texts = {}
    for section in dated(
        RuleSection.objects.filter(edition__language="it"), "edition__effective_date"
    ).select_related("edition"):
        texts[f"{section.edition} {section.number}"] = f"{section.title} {section.text}"
    for document in dated(SourceDocument.objects.filter(language="it"), "published_on"):
        texts[f"document {document.slug}"] = document.original_text
    for face in dated(
        PrintingFace.objects.exclude(text_it=""), "printing__card_set__release_date"
    ).select_related("printing__card_set"):
        texts[f"printed {face.printing.card_set.code} {face.pk}"] = face.text_it
    return texts


def folded(texts: dict[str, str]) -> dict[str, str]:
    """The texts folded as the terms' patterns read them, once for every term and form."""
    return {place: fold_apostrophes(text) for place, text in texts.items()}


def places_using(term, folded_texts: dict[str, str]) -> set[str]:
    return {
        place
        for place, text in folded_texts.items()
        if any(form.pattern.search(text) for form in term.forms)
    }


class RetiredTermsDataTests(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.editions = {
            edition.effective_date: edition for edition in RulesEdition.objects.official()
        }
        cls.current = RulesEdition.objects.official().in_force(None)
        cls.current_texts = folded(edition_texts(cls.current))
        cls.terms = read_terms()

    def test_the_data_has_the_terms_of_both_languages(self):
        keys = {term.key for term in self.terms}
        self.assertEqual(len(keys), len(self.terms))
        for key in ("removed-from-the-game", "comes-into-play", "in-play", "mana-burn"):
            self.assertIn(key, keys)
        self.assertIn("combat-damage-on-the-stack", keys)
        for key in ("rimosso-dal-gioco", "entra-in-gioco", "danno-da-combattimento-nella-pila"):
            self.assertIn(key, keys)

    def test_each_term_was_retired_by_an_edition_oracolo_holds(self):
        for term in self.terms:
            with self.subTest(term.key):
                self.assertIn(term.retired_on, self.editions)
                self.assertLessEqual(term.retired_on, self.current.effective_date)

    def test_english_terms_are_in_the_rules_in_force_before_their_retirement(self):
        for term in self.terms:
            if term.language != "en":
                continue
            with self.subTest(term.key):
                before = RulesEdition.objects.official().in_force(
                    term.retired_on - timedelta(days=1)
                )
                self.assertLess(before.effective_date, term.retired_on)
                self.assertTrue(places_using(term, folded(edition_texts(before))))

    def test_the_retiring_edition_says_what_changed(self):
        for key, entry in ENTRIES.items():
            if entry["language"] != "en":
                continue
            self.assertTrue(entry["evidence"], key)
            for evidence in entry["evidence"]:
                with self.subTest(key, at=evidence["at"]):
                    self.assertEqual(evidence["edition"], entry["retired_by_edition"])
                    edition = self.editions[date.fromisoformat(evidence["edition"])]
                    self.assertIn(
                        plain(evidence["says"]), plain(edition_texts(edition)[evidence["at"]])
                    )

    def test_todays_rules_use_an_english_term_only_where_the_data_says(self):
        for term in self.terms:
            if term.language != "en":
                continue
            with self.subTest(term.key):
                listed = {use["at"] for use in ENTRIES[term.key]["current_uses"]}
                self.assertEqual(places_using(term, self.current_texts), listed)

    def test_italian_terms_were_in_use_before_their_retirement_and_are_gone_since(self):
        for term in self.terms:
            if term.language != "it":
                continue
            with self.subTest(term.key):
                english = ENTRIES[ENTRIES[term.key]["same_change_as"]]
                self.assertEqual(english["language"], "en")
                self.assertEqual(english["retired_by_edition"], term.retired_on.isoformat())
                self.assertTrue(places_using(term, folded(italian_texts(before=term.retired_on))))
                since = folded(italian_texts(since=term.retired_on))
                self.assertTrue(since)  # today's Italian: the wiki page, the Marvel article
                self.assertEqual(places_using(term, since), set())

    def test_tap_and_untap_are_left_out_because_todays_italian_still_writes_them(self):
        entry = next(item for item in DATA["not_retired"] if item["term"].startswith("TAPpa"))
        document = SourceDocument.objects.get(slug=entry["still_in"])
        newest = max(term.retired_on for term in self.terms)
        self.assertGreater(document.published_on, newest)
        for words in entry["words"]:
            self.assertIn(words, document.original_text)
        for text in ("TAPpa la creatura", "STAPpa", "TAPpare"):
            self.assertEqual(find_retired_terms(text, "it", date(2002, 1, 1)), [])

    def test_interrompere_is_left_out_because_no_italian_text_here_uses_it(self):
        entry = next(item for item in DATA["not_retired"] if "interrompere" in item["term"])
        every_text = italian_texts()
        self.assertFalse(
            [
                place
                for place, text in every_text.items()
                if entry["absent_from_italian_texts"] in fold_apostrophes(text)
            ]
        )
        oldest = SourceDocument.objects.get(slug=entry["already_in"])
        for words in entry["words"]:
            self.assertIn(words, oldest.original_text)

    def test_interrupt_is_left_out_because_the_oldest_edition_already_calls_it_obsolete(self):
        entry = next(item for item in DATA["not_retired"] if item["term"] == "interrupt")
        oldest = min(self.editions)
        self.assertEqual(oldest.isoformat(), entry["obsolete_in"])
        self.assertIn(entry["at"], edition_texts(self.editions[oldest]))


class FindingRetiredTermsTests(BundledDocumentsTestCase):
    def test_forms_are_found_without_case_or_accents_and_quoted_as_written(self):
        found = find_retired_terms(
            "Se una creatura viene RIMOSSA dal gioco, ritorna in gioco.", "it", date(2002, 10, 7)
        )
        self.assertEqual([item.words for item in found], ["RIMOSSA dal gioco", "in gioco"])
        self.assertEqual(found[0].form.now, "esiliata")

    def test_a_gap_stays_within_one_phrase(self):
        day = date(2005, 1, 1)
        found = find_retired_terms("Remove target attacking creature from the game.", "en", day)
        self.assertEqual(
            [item.words for item in found], ["Remove target attacking creature from the game"]
        )
        self.assertEqual(find_retired_terms("You may play lands and cast spells.", "en", day), [])

    def test_the_longer_term_takes_the_words(self):
        found = find_retired_terms(
            "When it comes into play, put a token into play.", "en", date(2005, 1, 1)
        )
        self.assertEqual(
            [(item.term.key, item.words) for item in found],
            [("comes-into-play", "comes into play"), ("in-play", "into play")],
        )

    def test_only_terms_retired_after_the_texts_date(self):
        self.assertEqual(
            find_retired_terms("It's removed from the game.", "en", date(2021, 7, 23)), []
        )
        self.assertEqual(find_retired_terms("Rimossa dal gioco.", "en", date(2002, 1, 1)), [])
