"""What a reader sees of a ruling's status: on the card page, the card's current rulings, the
outdated ones collapsed under "Outdated rulings" ("Note superate") with the reason each, then
the current ones it shares with its keywords' cards; in /api/cards/<id>/, what each ruling is
about, its status and the reason in words."""

import html
import re

from oracle.models import Card
from rulings.models import Ruling
from web.testing import BundledDocumentsTestCase
from web.tests.test_card_page_documents import RULING_TEXT, words

REMOVED_NOTE = (
    "Se una creatura a faccia in giù viene rimossa dal gioco, viene girata a faccia in su. Se "
    "la creatura ritorna in gioco, ritorna a faccia in su."
)
DAMAGE_NOTE = "mentre il danno da combattimento è nella pila"
CAVERN_2018 = "If Blood Moon is on the battlefield and a player controls a face-down Zoetic Cavern"


def split_page(response) -> tuple[str, str]:
    """(the rulings panel before the outdated rulings' details, the details)."""
    page = response.content.decode()
    panel = page[page.index('<section id="rulings"') :]
    head, _, rest = panel.partition("<details>")
    return head, rest[: rest.index("</details>")]


def shared_section(response) -> str:
    """The rulings the card shares with every card of its keywords and types."""
    page = response.content.decode()
    shared = page[page.index('<section id="shared-rulings"') :]
    return shared[: shared.index("</section>")]


def texts(fragment: str) -> list[str]:
    return [
        words(html.unescape(re.sub(r"<[^>]+>", "", text))) for text in RULING_TEXT.findall(fragment)
    ]


class CardPageStatusTests(BundledDocumentsTestCase):
    def test_italian_page_keeps_current_rulings_in_place_and_collapses_the_outdated(self):
        response = self.client.get("/it/cards/zoetic-cavern/")
        self.assertEqual(response.status_code, 200)
        head, details = split_page(response)
        shared = shared_section(response)
        self.assertIn("Note su questa carta", head)
        self.assertIn("<summary>Su metamorfosi", shared)
        # The heading is visible, before the collapsed list.
        self.assertRegex(
            head, r'<h3 id="outdated-rulings-heading">Note superate <span class="muted">\(\d+\)'
        )
        self.assertTrue(any(CAVERN_2018 in text for text in texts(head)))
        self.assertNotIn(words(REMOVED_NOTE), texts(head))
        self.assertIn(words(REMOVED_NOTE), texts(details))
        self.assertFalse(any(DAMAGE_NOTE in text for text in texts(head)))
        self.assertTrue(any(DAMAGE_NOTE in text for text in texts(details)))
        self.assertIn(
            # The page writes the date as Italian does: "dell’11 luglio".
            "«rimossa dal gioco» è diventato «esiliata» con le regole dell’11 luglio 2009.",
            html.unescape(details),
        )
        self.assertIn(
            "«danno da combattimento è nella pila» è diventato «il danno da combattimento non "
            "usa la pila» con le regole dell’11 luglio 2009.",
            html.unescape(details),
        )
        # The note whose only old words are TAPpa and STAPpa still holds.
        self.assertIn(
            "Girare a faccia in su o a faccia in giù una creatura non la TAPpa né la STAPpa.",
            texts(shared),
        )

    def test_english_page_says_it_in_english(self):
        response = self.client.get("/en/cards/zoetic-cavern/")
        head, details = split_page(response)
        self.assertIn("Rulings on this card", head)
        self.assertIn("<summary>About morph", shared_section(response))
        self.assertIn('<h3 id="outdated-rulings-heading">Outdated rulings', head)
        self.assertIn(
            "“rimossa dal gioco” became “esiliata” with the rules of July 11, 2009.",
            html.unescape(details),
        )

    def test_a_card_without_outdated_rulings_has_no_such_heading(self):
        response = self.client.get("/en/cards/angel-of-salvation/")
        self.assertContains(response, "Rulings on this card")
        self.assertNotContains(response, "Outdated rulings")
        self.assertNotContains(response, 'class="outdated-rulings"')


class CardApiStatusTests(BundledDocumentsTestCase):
    def test_own_rulings_first_then_keywords_each_saying_what_it_is_about_and_if_it_holds(self):
        cavern = Card.objects.get(name="Zoetic Cavern")
        rulings = self.client.get(f"/api/cards/{cavern.oracle_id}/").json()["rulings"]
        abouts = [ruling["about"] for ruling in rulings]
        self.assertEqual(abouts, sorted(abouts, key=["card", "keyword", "type"].index))
        self.assertEqual(abouts.count("card"), cavern.rulings.count())
        for ruling in rulings:
            if ruling["about"] == "keyword":
                self.assertEqual(ruling["keyword"], "Morph")
        morph = Ruling.objects.public().filter(keyword__slug="morph").count()
        self.assertTrue(morph)
        self.assertEqual(abouts.count("keyword"), morph)
        recent = next(ruling for ruling in rulings if ruling["text"].startswith(CAVERN_2018))
        self.assertEqual((recent["about"], recent["status"]), ("card", "current"))
        self.assertNotIn("outdated_reason", recent)
        removed = next(ruling for ruling in rulings if ruling["text"] == REMOVED_NOTE)
        self.assertEqual(removed["status"], "outdated")
        self.assertEqual(removed["language"], "it")
        self.assertEqual(
            removed["outdated_reason"],
            "“rimossa dal gioco” became “esiliata” with the rules of July 11, 2009. "
            "“in gioco” became “sul campo di battaglia” with the rules of July 11, 2009.",
        )

    def test_type_rulings_name_their_type(self):
        tribal = Card.objects.get(faces__card_types__name="Tribal", faces__card_types__kind="type")
        rulings = self.client.get(f"/api/cards/{tribal.oracle_id}/").json()["rulings"]
        typed = [ruling for ruling in rulings if ruling["about"] == "type"]
        self.assertTrue(typed)
        self.assertEqual({ruling["type"] for ruling in typed}, {"Tribal"})

    def test_an_outdated_ruling_by_hand_gives_the_editors_note(self):
        cavern = Card.objects.get(name="Zoetic Cavern")
        ruling = cavern.rulings.get(text__startswith=CAVERN_2018)
        ruling.status = Ruling.Status.OUTDATED
        ruling.status_set_by_hand = True
        ruling.status_note = "Blood Moon's Oracle text changed in 2024."
        ruling.save()
        rulings = self.client.get(f"/api/cards/{cavern.oracle_id}/").json()["rulings"]
        mine = next(item for item in rulings if item["text"] == ruling.text)
        self.assertEqual(mine["outdated_reason"], "Blood Moon's Oracle text changed in 2024.")
        details = split_page(self.client.get("/en/cards/zoetic-cavern/"))[1]
        self.assertIn("Blood Moon&#x27;s Oracle text changed in 2024.", details)
