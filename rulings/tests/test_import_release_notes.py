"""import_release_notes: the four seed documents (fixtures/documents/) into the bundled data, as
`make run` imports them (the manifest fixtures/documents/documents.json), on the bundled cards
and rules: the documents, their rulings, the card names they cite, the admin's view."""

from datetime import date

from django.urls import reverse
from django.utils.html import escape

from oracle.models import Card, CardType, Keyword
from rulings.importers.release_notes.card_names import (
    CardNameIndex,
)
from rulings.models import (
    Ruling,
    is_document_only,
)
from rulings.tests.helpers import (
    FUT_TITLE,
    FUTURE_SIGHT,
    GRANDEUR_RULING,
    SeedDocumentsTestCase,
    not_found_in,
)


def matched_names(document) -> int:
    return document.mentions.exclude(card=None).values("name").distinct().count()


class SeedDocumentsTests(SeedDocumentsTestCase):
    """What the import stores of the seed documents: the documents, their rulings, the card names
    they cite, and the admin's view of them."""

    def test_each_document_is_stored_with_its_title_set_date_and_text(self):
        self.assertEqual(
            [
                (doc.title, doc.kind, doc.card_set and doc.card_set.code, doc.published_on)
                for doc in (self.fut, self.ons, self.marvel, self.wiki)
            ],
            [
                (FUT_TITLE, "release_notes", "FUT", date(2007, 5, 4)),  # the set's release
                (
                    "Metamorfosi e Magie e Permanenti a Faccia in Giù",
                    "faq",
                    "ONS",
                    date(2002, 10, 7),
                ),
                (
                    "L'Archivista Multiversale: Meccaniche di Marvel Super Heroes",
                    "release_notes",
                    None,
                    date(2026, 4, 17),  # from the manifest
                ),
                ("Stregoneria (Wiki)", "article", None, date(2023, 6, 16)),  # as stated
            ],
        )
        self.assertEqual(self.fut.original_text, FUTURE_SIGHT.read_text(encoding="utf-8"))
        self.assertEqual(self.fut.language, "it")
        self.assertEqual(len(self.fut.sha256), 64)

    def test_sections_are_stored_in_order_with_their_subjects(self):
        sections = list(self.fut.sections.select_related("card", "keyword", "card_type"))
        self.assertEqual([section.position for section in sections], list(range(1, 25)))
        tarox = sections[4]
        self.assertEqual(
            (tarox.kind, tarox.title, tarox.first_line), ("card", "Tarox Alaspada", 21)
        )
        self.assertEqual(tarox.card.name, "Tarox Bladewing")
        self.assertEqual(tarox.blocks[0]["kind"], "card")
        self.assertEqual(tarox.blocks[1], {"kind": "ruling", "line": 30, "text": GRANDEUR_RULING})
        suspend = sections[9]
        self.assertEqual(suspend.title, "Tematica: Nuove Svolte per Sospendere")
        self.assertEqual(suspend.keyword.name, "Suspend")
        self.assertEqual(sections[22].card_type.name, "Tribal")

    def test_the_report_counts_sections_rulings_rules_and_damage(self):
        fut = self.report("future-sight-release-notes")
        self.assertIn(f"{FUT_TITLE}: 24 sections.", fut)
        self.assertIn(f"Card names matched: {matched_names(self.fut)} (", fut)
        # The 36 ruling blocks, and the errata step's ruling on typecycling (its former name);
        # the notes after the rules quoted under Caverna Zootica and Giudicare Indegno are about
        # morph and scry.
        self.assertIn("Rulings attached: 37 (cards 14, keywords 19, card types 4); kept in", fut)
        self.assertIn("Rules stored: 28.", fut)
        self.assertIn("  - 501.9a -> 501.8a (Scry)\n", fut)
        ons = self.report("onslaught-morph-faq")
        self.assertIn("Metamorfosi e Magie e Permanenti a Faccia in Giù: 18 sections.", ons)
        self.assertIn(f"Card names matched: {matched_names(self.ons)} (", ons)
        self.assertIn(
            "Rulings attached: 36 (cards 15, keywords 21, card types 0); "
            "kept in the document only: 3; removed: 0.",
            ons,
        )
        self.assertIn("Rules stored: 21.", ons)
        self.assertIn("Damaged text kept as written (4):", ons)
        self.assertIn("  - line 86: Ciclo (, Scarta questa carta dalla tua mano: Pesca", ons)
        marvel = self.report("marvel-super-heroes-mechanics")
        # Peter Parker and Amazing Spider-Man are the two faces of one card.
        self.assertIn("Card names matched: 4 (3 cards).", marvel)
        self.assertIn("Rulings attached: 17 (cards 0, keywords 16, card types 1)", marvel)
        self.assertIn("Cards created from this document only (3):", marvel)
        self.assertIn("Rules stored: 6.", self.report("wiki-stregoneria"))

    def test_tarox_bladewing_has_the_italian_grandeur_ruling_word_for_word(self):
        ruling = Ruling.objects.get(card__name="Tarox Bladewing", language="it")
        self.assertEqual(ruling.text, GRANDEUR_RULING)
        self.assertEqual(ruling.date, date(2007, 5, 4))
        self.assertEqual(ruling.source_document, self.fut)
        self.assertEqual(ruling.section.title, "Tarox Alaspada")
        self.assertEqual(ruling.origin, Ruling.Origin.IMPORTED)
        response = self.client.get("/it/cards/tarox-bladewing/")
        self.assertContains(response, escape(GRANDEUR_RULING))
        self.assertContains(response, FUT_TITLE)

    def test_notes_after_rules_quoted_under_a_card_are_about_the_mechanic(self):
        # Under Caverna Zootica the document quotes the new 502.26b, then notes on morph for
        # noncreature cards: they are about morph ("...: Metamorfosi"), not Zoetic Cavern alone.
        morph = Keyword.objects.get(name="Morph").rulings.filter(source_document=self.fut)
        texts = list(morph.order_by("position").values_list("text", flat=True))
        self.assertEqual(len(texts), 6)
        self.assertTrue(texts[0].startswith("La modifica importante è che giocare una magia"))
        self.assertTrue(texts[-1].startswith("Tre carte del blocco Assalto"))
        self.assertEqual({ruling.section.title for ruling in morph}, {"Caverna Zootica"})
        self.assertFalse(Ruling.objects.filter(card__name="Zoetic Cavern", language="it"))
        # Zoetic Cavern has morph: its page shows them.
        page = self.client.get("/it/cards/zoetic-cavern/")
        self.assertContains(page, escape(texts[0][:80]))
        # The note after 501.9a, quoted under Giudicare Indegno, is about scry.
        scry = Keyword.objects.get(name="Scry").rulings.get(source_document=self.fut)
        self.assertTrue(scry.text.startswith("Ricorda che compi le azioni indicate sulla carta"))
        self.assertFalse(Ruling.objects.filter(card__name="Judge Unworthy", language="it"))
        # With no rule quoted in its section, a card's rulings are the card's.
        self.assertEqual(
            Ruling.objects.filter(card__name="Intervention Pact", language="it").count(), 5
        )

    def test_a_ruling_keeps_its_numbered_items(self):
        ruling = Ruling.objects.get(card__name="Jhoira of the Ghitu", text__startswith="Grazie")
        self.assertIn("\n  1. Se non è il tuo turno", ruling.text)
        self.assertTrue(ruling.text.endswith("Conta come giocare la tua terra per quel turno."))

    def test_mechanic_notes_attach_to_their_keyword_or_card_type(self):
        suspend = Keyword.objects.get(name="Suspend").rulings.filter(source_document=self.fut)
        self.assertEqual(
            [ruling.text[:40] for ruling in suspend.order_by("position")],
            [
                "Ricorda, se una carta nella zona rimosso",
                "Se una carta con sospendere viene rimoss",
            ],
        )
        morph = Keyword.objects.get(name="Morph").rulings.filter(source_document=self.ons)
        self.assertEqual(morph.count(), 19)
        self.assertTrue(morph.filter(text__startswith="Non puoi girare a faccia in su").exists())
        tribal = CardType.objects.get(name="Tribal", kind="type").rulings.all()
        self.assertEqual(tribal.count(), 4)
        self.assertEqual({ruling.date for ruling in tribal}, {date(2007, 5, 4)})

    def test_rulings_with_no_subject_stay_in_the_document(self):
        section = self.ons.sections.get(title="Tipi di Creature")
        self.assertEqual(section.rulings.count(), 0)
        self.assertEqual(sum(block["kind"] == "ruling" for block in section.blocks), 3)
        self.assertIn("kept in the document only: 3", self.report("onslaught-morph-faq"))

    def test_card_names_are_matched_by_italian_printed_name(self):
        mentions = dict(
            self.ons.mentions.filter(card__isnull=False).values_list("name", "card__name")
        )
        self.assertEqual(mentions["Pastoie Soffocanti"], "Choking Tethers")
        self.assertEqual(mentions["Catena d'Acido"], "Chain of Acid")
        self.assertEqual(mentions["Complicare"], "Complicate")  # one word, in a list

    def test_names_not_in_the_card_data_are_listed_not_dropped(self):
        listed = not_found_in(self.report("future-sight-release-notes"))
        # The document's name for Treetop Rangers, which no Italian printing has.
        self.assertIn("Ranger Cima-d'Albero", listed)
        unmatched = self.fut.mentions.filter(card=None).values_list("name", flat=True)
        self.assertEqual(set(listed), set(unmatched))
        names = CardNameIndex.load()
        self.assertEqual([name for name in listed if names.lookup(name)], [])
        # Cards the five bundled sets lack (fixtures/mtgjson/SeedCards.json brings them).
        for name, oracle_name in (
            ("Ragno Gigante", "Giant Spider"),
            ("Elfi di Llanowar", "Llanowar Elves"),
        ):
            if names.lookup(name) is None:
                self.assertIn(name, listed)
            else:
                self.assertEqual(self.fut.mentions.get(name=name).card.name, oracle_name)

    def test_cards_the_marvel_article_describes_are_linked(self):
        mentions = self.marvel.mentions.filter(card__isnull=False).select_related("card")
        cards = {mention.name: mention.card for mention in mentions}
        self.assertTrue(is_document_only(cards["Torcia Umana"]))
        self.assertEqual(cards["Amazing Spider-Man"], cards["Peter Parker"])

    def test_a_set_name_is_not_taken_for_the_card_of_that_name(self):
        # "Visione Futura" is also the Italian name of the Onslaught card Future Sight.
        self.assertTrue(Card.objects.filter(faces__name_it="Visione Futura").exists())
        self.assertFalse(self.fut.mentions.filter(name="Visione Futura").exists())

    def test_admin_shows_a_documents_sections_and_card_names(self):
        self.client.force_login(self.admin)
        response = self.client.get(
            reverse("admin:rulings_sourcedocument_change", args=[self.fut.pk])
        )
        self.assertContains(response, "Tarox Alaspada")
        self.assertContains(response, "Ragno Gigante")
        response = self.client.get(
            reverse("admin:rulings_ruling_changelist"), {"subject": "keyword"}
        )
        self.assertContains(response, "Morph")
        self.assertNotContains(response, "Tarox Bladewing")
