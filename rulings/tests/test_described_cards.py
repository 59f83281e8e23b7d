"""Cards the Marvel Super Heroes mechanics describe and no card data holds: created from what
the document states, then taken over without a duplicate by a card import that brings them.

The document is the real seed, read by the real reader; the card import reads
oracle/tests/data/made_up_marvel_set.json, a made-up set file with two of those cards (see the
README beside it).
"""

import json
import shutil
import tempfile
from datetime import date
from io import StringIO
from pathlib import Path
from uuid import UUID

from django.conf import settings
from django.core.management import call_command
from django.test import SimpleTestCase

from oracle.models import Card, CardFace, CardType, Keyword, Layout
from oracle.tests.factories import make_card
from rulings.importers.release_notes.described_cards import (
    DESCRIBED_CARDS,
    create_described_cards,
    oracle_id_for,
    read_described_cards,
)
from rulings.importers.release_notes.document import ReadError
from rulings.importers.release_notes.reader import parse_document, read_document
from rulings.importers.release_notes.report import ImportReport
from rulings.models import (
    CardRule,
    DocumentMention,
    DocumentSection,
    Language,
    Ruling,
    SourceDocument,
    is_document_only,
)
from rulings.tests.factories import make_edition, make_rules
from web.testing import EmptyDatabaseTestCase

MARVEL = (
    Path(settings.BASE_DIR) / "fixtures" / "documents" / "it" / "marvel-super-heroes-mechanics.txt"
)
KEYWORDS = Path(settings.BASE_DIR) / "fixtures" / "mtgjson" / "Keywords.json"
MADE_UP_SET = Path(settings.BASE_DIR) / "oracle" / "tests" / "data" / "made_up_marvel_set.json"
SLUG = "marvel-super-heroes-mechanics"
PETER = "Peter Parker // Amazing Spider-Man"
PETER_ORACLE_ID = UUID("00000000-0000-4000-8000-00000000a001")  # in the made-up set
TORCH_ORACLE_ID = UUID("00000000-0000-4000-8000-00000000a002")
SPIDER_RULING = (
    "Per esempio, se un effetto ti permette di lanciare magie Ragno dal tuo cimitero, puoi "
    "lanciare Amazing Spider-Man, ma non Peter Parker."
)
TORCH_RULING = (
    "Ad esempio, se attivi l’abilità superpotere di Torcia Umana nel turno in cui è entrato, "
    "l’abilità costerà {4} per essere attivata, ovvero il costo di attivazione di {6}{R} meno il "
    "suo costo mana di {2}{R}."
)


def marvel_document() -> SourceDocument:
    """The SourceDocument the importer writes for the Marvel seed."""
    return SourceDocument.objects.create(
        slug=SLUG,
        title="Meccaniche di Marvel Super Heroes",
        kind=SourceDocument.Kind.RELEASE_NOTES,
        language=Language.ITALIAN,
        published_on=date(2026, 4, 17),
        source=MARVEL.name,
        original_text=MARVEL.read_text(encoding="utf-8"),
    )


def italian_ruling(card: Card, document: SourceDocument, text: str) -> Ruling:
    """An Italian ruling of the document on a card, as the document import attaches it."""
    return Ruling.objects.create(
        card=card,
        date=document.published_on,
        language=Language.ITALIAN,
        text=text,
        source_document=document,
        origin=Ruling.Origin.IMPORTED,
        source_key=Ruling.key_for(document.published_on, text),
    )


def card_rows() -> list[tuple]:
    cards = Card.objects.order_by("pk").values_list(
        "pk",
        "oracle_id",
        "name",
        "slug",
        "layout",
        "mana_value",
        "known_from_document",
        "search_row__search_name",
    )
    faces = CardFace.objects.order_by("pk").values_list(
        "pk", "card_id", "position", "side", "name", "name_it", "mana_cost", "printed_text_it"
    )
    return [*cards, *faces]


def import_cards(*paths) -> str:
    out = StringIO()
    call_command("import_mtgjson", *paths, stdout=out, stderr=StringIO())
    return out.getvalue()


class DescribedCardsTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        import_cards(KEYWORDS)
        cls.document = marvel_document()
        cls.parsed = read_document(MARVEL)
        cls.report = ImportReport(document=MARVEL.name)
        cls.cards = create_described_cards(cls.document, cls.parsed, cls.report)

    def card(self, name) -> Card:
        return Card.objects.get(name=name)

    def test_the_three_cards_are_created_and_reported(self):
        self.assertEqual(self.report.cards_created, [PETER, "Torcia Umana", "Destinobot Aereo"])
        self.assertEqual([card.name for card in self.cards], self.report.cards_created)
        for card in self.cards:
            card.refresh_from_db()
            self.assertTrue(is_document_only(card))
            self.assertEqual(card.oracle_id, oracle_id_for(SLUG, card.name))

    def test_peter_parker_is_a_modal_double_faced_card_that_transforms(self):
        card = self.card(PETER)
        self.assertEqual(card.slug, "peter-parker-amazing-spider-man")
        self.assertEqual(card.layout, Layout.MODAL_DFC)
        self.assertEqual(list(card.keywords.values_list("slug", flat=True)), ["transform"])
        faces = list(card.faces.order_by("position"))
        self.assertEqual(
            [(face.side, face.name, face.name_it) for face in faces],
            [
                ("a", "Peter Parker", "Peter Parker"),
                ("b", "Amazing Spider-Man", "Amazing Spider-Man"),
            ],
        )
        self.assertEqual(list(faces[0].card_types.all()), [])
        spider = faces[1].card_types.get()
        self.assertEqual((spider.kind, spider.name, spider.name_it), ("subtype", "Spider", "Ragno"))
        for face in faces:  # the document gives no type line, cost or P/T for them
            self.assertEqual(
                (face.type_line, face.mana_cost, face.power, face.toughness), ("", "", "", "")
            )

    def test_torcia_umana_and_destinobot_aereo_have_their_costs_and_superpotere(self):
        torch, bot = self.card("Torcia Umana"), self.card("Destinobot Aereo")
        superpotere = Keyword.objects.get(name_it="Superpotere")
        self.assertTrue(is_document_only(superpotere))
        for card, cost, mana_value, ability in (
            (torch, "{2}{R}", 3, "Superpotere — {6}{R}: …"),
            (bot, "{U}", 1, "Superpotere — {5}{U}: …"),
        ):
            face = card.faces.get()
            self.assertEqual((face.name, face.name_it), (card.name, card.name))
            self.assertEqual(face.mana_cost, cost)
            self.assertEqual(card.mana_value, mana_value)
            self.assertEqual(face.printed_text_it, ability)
            self.assertEqual(face.oracle_text, "")  # no English text is stated
            self.assertEqual(face.type_line, "")
            self.assertEqual(list(card.keywords.all()), [superpotere])
        self.assertEqual(
            list(torch.faces.get().card_types.values_list("name", flat=True)), ["Creature"]
        )
        self.assertFalse(bot.faces.get().card_types.exists())

    def test_the_cards_can_be_searched_and_opened_in_italian(self):
        response = self.client.get("/it/cards/", {"q": "k:superpotere"})
        self.assertEqual(
            sorted(card.name for card in response.context["page_obj"]),
            ["Destinobot Aereo", "Torcia Umana"],
        )
        response = self.client.get("/it/cards/torcia-umana/")
        self.assertContains(response, "Torcia Umana")
        self.assertContains(response, "Superpotere")

    def test_importing_again_changes_nothing(self):
        before = card_rows()
        report = ImportReport()
        cards = create_described_cards(self.document, self.parsed, report)
        self.assertEqual(report.cards_created, [])
        self.assertEqual([card.pk for card in cards], [card.pk for card in self.cards])
        self.assertEqual(card_rows(), before)
        self.assertEqual(Keyword.objects.filter(name_it="Superpotere").count(), 1)

    def test_a_sentence_missing_from_the_document_is_an_error_and_nothing_is_written(self):
        text = self.parsed.text.replace(
            "L'abilità superpotere del Destinobot Aereo costa {5}{U}. ", ""
        )
        parsed = parse_document(text, str(MARVEL))
        Card.objects.filter(name="Destinobot Aereo").delete()
        with self.assertRaisesMessage(
            ReadError,
            "the sentence “L'abilità superpotere del Destinobot Aereo costa {5}{U}.” is not in",
        ):
            create_described_cards(self.document, parsed, ImportReport())
        self.assertFalse(Card.objects.filter(name="Destinobot Aereo").exists())

    def test_a_card_that_card_data_holds_is_not_created(self):
        Card.objects.filter(name="Torcia Umana").delete()
        held = make_card(name="Human Torch", name_it="Torcia Umana", text_it="", oracle_text="")
        report = ImportReport()
        create_described_cards(self.document, self.parsed, report)
        self.assertEqual(report.cards_created, [])
        self.assertEqual(list(Card.objects.filter(faces__name_it="Torcia Umana")), [held])
        self.assertFalse(is_document_only(Card.objects.get(pk=held.pk)))

    def test_an_existing_superpotere_keyword_is_used(self):
        Keyword.objects.filter(name_it="Superpotere").update(slug="superpower", name="Superpower")
        create_described_cards(self.document, self.parsed, ImportReport())
        self.assertEqual(Keyword.objects.filter(name_it="Superpotere").count(), 1)
        self.assertEqual(
            list(self.card("Torcia Umana").keywords.values_list("slug", flat=True)),
            ["superpower"],
        )


class DescribedCardsFileTests(SimpleTestCase):
    def write(self, cards) -> Path:
        folder = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, folder)
        path = folder / "described.json"
        path.write_text(json.dumps({"documents": {"doc": cards}}), encoding="utf-8")
        return path

    def test_the_bundled_file_says_only_what_the_marvel_document_says(self):
        cards = read_described_cards(SLUG, MARVEL.read_text(encoding="utf-8"))
        self.assertEqual([card.name for card in cards], [PETER, "Torcia Umana", "Destinobot Aereo"])
        self.assertEqual(read_described_cards("another-document", "", path=DESCRIBED_CARDS), [])

    def test_a_value_its_sentence_does_not_hold_is_refused(self):
        path = self.write(
            [
                {
                    "faces": [
                        {
                            "name": "Torcia Umana",
                            "source": "Torcia Umana costa poco.",
                            "mana_cost": {"value": "{3}{R}", "source": "Costa {2}{R}."},
                        }
                    ]
                }
            ]
        )
        with self.assertRaisesMessage(ReadError, "“{3}{R}” is in none of its sentences"):
            read_described_cards("doc", "Torcia Umana costa poco. Costa {2}{R}.", path=path)

    def test_a_fact_without_its_sentence_is_refused(self):
        path = self.write([{"faces": [{"name": "Torcia Umana"}]}])
        with self.assertRaisesMessage(ReadError, "expected the sentences of the document"):
            read_described_cards("doc", "Torcia Umana.", path=path)


class CardImportTakesOverDescribedCardsTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        import_cards(KEYWORDS)
        cls.document = marvel_document()
        cls.parsed = read_document(MARVEL)
        created = create_described_cards(cls.document, cls.parsed, ImportReport())
        cls.peter, cls.torch, cls.bot = created
        italian_ruling(cls.peter, cls.document, SPIDER_RULING)
        italian_ruling(cls.torch, cls.document, TORCH_RULING)
        section = DocumentSection.objects.create(
            document=cls.document, position=1, title="Superpotere", card=cls.torch
        )
        DocumentMention.objects.create(
            document=cls.document, section=section, name="Torcia Umana", card=cls.torch
        )

    def test_the_import_takes_over_the_rows_with_their_rulings(self):
        output = import_cards(MADE_UP_SET)
        self.assertIn("document-only cards: 0 created, 2 updated", output)
        peter = Card.objects.get(name=PETER)
        self.assertEqual(peter.pk, self.peter.pk)
        self.assertEqual(peter.oracle_id, PETER_ORACLE_ID)
        self.assertFalse(is_document_only(peter))
        self.assertEqual(peter.slug, "peter-parker-amazing-spider-man")
        self.assertEqual(
            list(peter.faces.order_by("position").values_list("name", "type_line", "mana_cost")),
            [
                ("Peter Parker", "Creature — Human", "{1}{W}"),
                ("Amazing Spider-Man", "Creature — Spider Human", "{3}{R}"),
            ],
        )
        self.assertEqual(list(peter.keywords.all()), [])  # the data's keywords now
        self.assertEqual(
            list(peter.rulings.values_list("language", "text")), [("it", SPIDER_RULING)]
        )

        torch = Card.objects.get(oracle_id=TORCH_ORACLE_ID)
        self.assertEqual(torch.pk, self.torch.pk)
        self.assertEqual((torch.name, torch.slug), ("Human Torch", "human-torch"))
        self.assertFalse(is_document_only(torch))
        face = torch.faces.get()
        self.assertEqual((face.name, face.name_it), ("Human Torch", "Torcia Umana"))
        self.assertEqual(list(torch.rulings.values_list("text", flat=True)), [TORCH_RULING])
        self.assertEqual(DocumentMention.objects.get(name="Torcia Umana").card, torch)
        self.assertEqual(DocumentSection.objects.get(document=self.document).card, torch)

        self.assertTrue(is_document_only(Card.objects.get(pk=self.bot.pk)))  # not in the data
        self.assertEqual(
            Card.objects.filter(search_row__search_name__contains="\ntorcia umana\n").count(), 1
        )
        self.assertEqual(Card.objects.filter(name__in=[PETER, "Torcia Umana"]).count(), 1)

        # A second import changes nothing, and the document's cards are not made again.
        before = card_rows()
        output = import_cards(MADE_UP_SET)
        self.assertIn("Nothing changed", output)
        report = ImportReport()
        create_described_cards(self.document, self.parsed, report)
        self.assertEqual(report.cards_created, [])
        self.assertEqual(card_rows(), before)

        page = self.client.get("/it/cards/human-torch/")
        self.assertContains(page, "Torcia Umana")
        self.assertContains(page, "costo di attivazione di")

    def test_a_card_already_here_absorbs_the_document_card(self):
        held = make_card(name="Human Torch", name_it="", text_it="", type_line_it="")
        Card.objects.filter(pk=held.pk).update(oracle_id=TORCH_ORACLE_ID)
        rules = make_rules(make_edition(), [("7", "Additional Rules", ""), ("702", "Keyword", "")])
        for card in (held, self.torch):  # the same rule link on both: kept once
            CardRule.objects.create(card=card, section=rules["702"], reason="editor")
        CardRule.objects.create(card=self.torch, section=rules["7"], reason="editor")
        import_cards(MADE_UP_SET)
        self.assertFalse(Card.objects.filter(pk=self.torch.pk).exists())
        torch = Card.objects.get(oracle_id=TORCH_ORACLE_ID)
        self.assertEqual(torch.pk, held.pk)
        self.assertEqual(list(torch.rulings.values_list("text", flat=True)), [TORCH_RULING])
        self.assertEqual(DocumentMention.objects.get(name="Torcia Umana").card, torch)
        self.assertEqual(Card.objects.filter(faces__name_it="Torcia Umana").count(), 1)
        self.assertEqual(CardType.objects.filter(name="Spider", kind="subtype").count(), 1)
        self.assertEqual(
            sorted(torch.rule_links.values_list("section__number", flat=True)), ["7", "702"]
        )


class MarvelDocumentThenCardDataTests(EmptyDatabaseTestCase):
    """The whole way: import_release_notes on the seed, then import_mtgjson on the made-up set."""

    @classmethod
    def setUpTestData(cls):
        import_cards(KEYWORDS)
        cls.output = StringIO()
        call_command("import_release_notes", MARVEL, date="2026-04-17", stdout=cls.output)

    def test_the_document_creates_the_cards_and_the_card_data_takes_them_over(self):
        self.assertIn("Cards created from this document only (3):", self.output.getvalue())
        created = dict(
            Card.objects.filter(known_from_document__isnull=False).values_list("name", "pk")
        )
        self.assertEqual(sorted(created), ["Destinobot Aereo", PETER, "Torcia Umana"])
        mentions = dict(DocumentMention.objects.values_list("name", "card_id"))
        self.assertEqual(mentions["Torcia Umana"], created["Torcia Umana"])
        self.assertEqual(mentions["Amazing Spider-Man"], created[PETER])

        import_cards(MADE_UP_SET)
        self.assertEqual(Card.objects.get(name=PETER).pk, created[PETER])
        self.assertEqual(Card.objects.get(name="Human Torch").pk, created["Torcia Umana"])
        self.assertEqual(dict(DocumentMention.objects.values_list("name", "card_id")), mentions)

        output = StringIO()
        call_command("import_release_notes", MARVEL, date="2026-04-17", force=True, stdout=output)
        self.assertNotIn("Cards created", output.getvalue())
        self.assertEqual(
            list(
                Card.objects.filter(known_from_document__isnull=False).values_list(
                    "name", flat=True
                )
            ),
            ["Destinobot Aereo"],
        )
        self.assertEqual(
            Card.objects.filter(search_row__search_name__contains="\ntorcia umana\n").count(), 1
        )
