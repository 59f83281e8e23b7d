"""The legality grid on the card and printing pages: every main format in a fixed order, the
others the card's data names after them, named as players name them in the page's language,
each status in words on a badge."""

import re

from django.test import SimpleTestCase

from oracle.formats import legality_grid
from oracle.tests.factories import make_card
from rulings.models import mark_document_only
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase


def grid_rows(response) -> list[tuple[str, str, str]]:
    """(format key, name, status words) of each row of the page's grid, in order."""
    html = response.content.decode()
    grid = html[html.index('class="legality-grid"') :]
    grid = grid[: grid.index("</dl>")]
    rows = re.findall(
        r'data-format="([^"]+)">\s*<dt>([^<]+)</dt>\s*<dd><span class="legality-badge">'
        r'<span class="legality-mark" aria-hidden="true"></span>([^<]+)</span>',
        grid,
    )
    return [(key, name.strip(), status.strip()) for key, name, status in rows]


MAIN = ["standard", "pioneer", "modern", "legacy", "vintage", "commander", "pauper"]


class LegalityGridTests(SimpleTestCase):
    def test_main_formats_come_first_in_a_fixed_order_even_where_the_card_is_not_legal(self):
        rows = legality_grid({"vintage": "Restricted", "duel": "Legal"})
        self.assertEqual([row.key for row in rows], [*MAIN, "duel"])
        self.assertEqual(
            [row.status for row in rows][:5],
            ["Not Legal", "Not Legal", "Not Legal", "Not Legal", "Restricted"],
        )

    def test_the_other_formats_follow_in_the_tables_order_whatever_the_datas(self):
        rows = legality_grid(
            {"premodern": "Legal", "paupercommander": "Legal", "oathbreaker": "Legal"}
        )
        self.assertEqual(
            [row.key for row in rows][7:], ["oathbreaker", "paupercommander", "premodern"]
        )

    def test_a_format_the_table_does_not_know_comes_last_named_from_its_key(self):
        rows = legality_grid({"superformat": "Legal", "legacy": "Banned"})
        self.assertEqual((rows[-1].key, str(rows[-1].name)), ("superformat", "Superformat"))
        self.assertEqual(rows[3].css_class, "banned")

    def test_no_data_means_not_legal_in_every_main_format(self):
        rows = legality_grid({})
        self.assertEqual([row.key for row in rows], MAIN)
        self.assertEqual({row.css_class for row in rows}, {"not-legal"})


class CardPageLegalityTests(BundledDataTestCase):
    def test_english_grid_names_formats_and_statuses_in_words(self):
        rows = grid_rows(self.client.get("/en/cards/aven-mindcensor/"))
        self.assertEqual(
            rows,
            [
                ("standard", "Standard", "Not legal"),
                ("pioneer", "Pioneer", "Legal"),
                ("modern", "Modern", "Legal"),
                ("legacy", "Legacy", "Legal"),
                ("vintage", "Vintage", "Legal"),
                ("commander", "Commander", "Legal"),
                ("pauper", "Pauper", "Not legal"),
                ("paupercommander", "Pauper Commander", "Restricted"),
                ("duel", "Duel Commander", "Legal"),
                ("penny", "Penny Dreadful", "Legal"),
                ("historicbrawl", "Historic Brawl", "Legal"),
                ("historic", "Historic", "Legal"),
                ("explorer", "Explorer", "Legal"),
                ("gladiator", "Gladiator", "Legal"),
            ],
        )

    def test_italian_grid_says_it_in_italian(self):
        rows = grid_rows(self.client.get("/it/cards/aven-mindcensor/"))
        self.assertEqual(rows[0], ("standard", "Standard", "Non legale"))
        self.assertEqual(rows[1], ("pioneer", "Pioneer", "Legale"))
        self.assertIn(("paupercommander", "Pauper Commander", "Limitata"), rows)
        self.assertIn(("historic", "Storico", "Legale"), rows)
        self.assertIn(("historicbrawl", "Brawl storico", "Legale"), rows)

    def test_banned_cards_say_so_in_both_languages(self):
        english = grid_rows(self.client.get("/en/cards/bridge-from-below/"))
        italian = grid_rows(self.client.get("/it/cards/bridge-from-below/"))
        self.assertIn(("modern", "Modern", "Banned"), english)
        self.assertIn(("modern", "Modern", "Bandita"), italian)

    def test_the_datas_keys_are_never_shown(self):
        response = self.client.get("/it/cards/aven-mindcensor/")
        page_text = re.sub(r"<[^>]+>", " ", response.content.decode())
        for key in ("paupercommander", "Paupercommander", "historicbrawl", "Historicbrawl"):
            self.assertNotIn(key, page_text)

    def test_the_badge_is_coloured_by_status_and_marked_for_each(self):
        response = self.client.get("/en/cards/bridge-from-below/")
        self.assertContains(response, 'class="legality legality-banned" data-format="modern"')
        self.assertContains(response, 'class="legality legality-legal" data-format="legacy"')
        self.assertContains(response, 'class="legality legality-not-legal" data-format="standard"')

    def test_the_printing_page_shows_the_same_grid(self):
        card_rows = grid_rows(self.client.get("/it/cards/tarox-bladewing/"))
        printing_rows = grid_rows(self.client.get("/it/sets/fut/123/"))
        self.assertEqual(printing_rows, card_rows)
        self.assertEqual(card_rows[0], ("standard", "Standard", "Non legale"))


class DocumentOnlyCardTests(EmptyDatabaseTestCase):
    def test_a_card_known_from_a_document_only_has_no_grid(self):
        mark_document_only(make_card(name="Human Torch"))
        response = self.client.get("/en/cards/human-torch/")
        self.assertContains(response, "Human Torch")
        self.assertNotContains(response, "legality-grid")
        make_card(name="Grizzly Bears", legalities={})
        self.assertContains(self.client.get("/en/cards/grizzly-bears/"), "legality-grid")
