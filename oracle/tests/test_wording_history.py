"""Each card's wording history, on the bundled cards and documents: Giant Spider printed with six
wordings from 1993 to 2007, the errata of 1 May 2007 (Deadly Grub, Exalted Angel), on the card
page in both languages and in the card API."""

import uuid
from datetime import date

from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.models import Card, Printing, PrintingFace
from oracle.tests.factories import make_card, make_erratum, make_set
from oracle.wording_history import ERRATUM, ORACLE, PRINTED, history_record, wording_history
from web.testing import DATA_AGE_QUERIES, BundledDocumentsTestCase, EmptyDatabaseTestCase

SPIDER_WORDINGS = [
    (PRINTED, date(1993, 8, 5), "LEA", "Does not fly, but can block flying creatures."),
    (PRINTED, date(1995, 4, 1), "4ED", "Can block creatures with flying."),
    (PRINTED, date(1997, 3, 24), "5ED", "Giant Spider can block creatures with flying."),
    (PRINTED, date(1999, 4, 21), "6ED", "Giant Spider can block as though it had flying."),
    (PRINTED, date(2001, 4, 11), "7ED", "Giant Spider may block as though it had flying."),
    (PRINTED, date(2005, 7, 29), "9ED", "Giant Spider can block as though it had flying."),
    (ERRATUM, date(2007, 5, 1), None, "Reach"),
    # Tenth Edition (July 2007) printed "Reach (This creature ...)": the same wording.
    (ORACLE, None, None, "Reach (This creature can block creatures with flying.)"),
]


def history_of(name: str):
    return wording_history(Card.objects.for_page().get(name=name), None).faces


def rows(history):
    return [
        (entry.kind, entry.date, entry.card_set and entry.card_set.code, entry.text)
        for entry in history.entries
    ]


class BundledWordingHistoryTests(BundledDocumentsTestCase):
    def test_a_card_printed_with_several_wordings_over_the_years(self):
        [spider] = history_of("Giant Spider")
        self.assertEqual(rows(spider), SPIDER_WORDINGS)
        self.assertTrue(spider.changed)
        today = spider.entries[-1]
        self.assertTrue(today.unchanged)  # only its reminder text is new since 2007
        # Each entry is compared with the one before it.
        self.assertEqual(spider.entries[5].before, spider.entries[4].text)
        self.assertEqual(spider.entries[0].before, "")

    def test_an_erratum_goes_from_the_wording_before_it_to_that_of_its_date(self):
        [grub] = history_of("Deadly Grub")
        self.assertEqual([entry.kind for entry in grub.entries], [PRINTED, ERRATUM, ORACLE])
        printed, erratum, today = grub.entries
        self.assertEqual((printed.date, printed.card_set.code), (date(2007, 2, 2), "PLC"))
        self.assertIn("into play with \"This creature can't be the target", printed.text)
        self.assertEqual(erratum.before, printed.text)
        self.assertEqual(
            erratum.text.splitlines()[-1],
            "When Deadly Grub is put into a graveyard from play, if it had no time counters on "
            "it, put a 6/1 green Insect creature token into play with shroud.",
        )
        self.assertTrue(erratum.text.startswith("Vanishing 3 (This permanent comes into play"))
        self.assertIn("When Deadly Grub dies", today.text)
        self.assertEqual(today.before, erratum.text)
        self.assertFalse(today.unchanged)

    def test_lifelink_became_the_keyword_in_2007_and_the_trigger_again_later(self):
        [angel] = history_of("Exalted Angel")
        printed, erratum, today = angel.entries
        self.assertEqual(printed.card_set.code, "ONS")
        self.assertEqual(erratum.text.splitlines()[:2], ["Flying", "Lifelink"])
        self.assertEqual(
            today.text.splitlines()[1],
            "Whenever Exalted Angel deals damage, you gain that much life.",
        )
        self.assertFalse(today.unchanged)

    def test_the_printed_symbols_are_mended_and_the_erratum_found_in_them(self):
        [courier] = history_of("Ghosthelm Courier")
        printed, erratum, _today = courier.entries
        self.assertIn("\n{2}{U}, {T}: As long as Ghosthelm Courier", printed.text)
        self.assertFalse(erratum.excerpt)
        self.assertTrue(erratum.text.endswith("target Wizard gets +2/+2 and has shroud."))

    def test_a_card_never_reworded_has_one_wording_since_its_first_printing(self):
        [calciderm] = history_of("Calciderm")
        self.assertTrue(calciderm.changed)  # its erratum
        [tarox] = history_of("Tarox Bladewing")
        self.assertTrue(tarox.changed)  # printed without the dash after "Grandeur"
        [history] = history_of("Aven Mindcensor")
        self.assertFalse(history.changed)
        self.assertEqual([entry.kind for entry in history.entries], [PRINTED, ORACLE])
        self.assertEqual(history.entries[0].card_set.code, "FUT")
        self.assertTrue(history.entries[1].unchanged)

    def test_each_face_of_a_split_card_has_its_own_history(self):
        card = Card.objects.for_page().get(name="Boom // Bust")
        faces = wording_history(card, None).faces
        self.assertEqual([history.face.name for history in faces], ["Boom", "Bust"])
        records = history_record(card, None)
        self.assertEqual({record["face"] for record in records}, {"Boom", "Bust"})
        self.assertEqual(records[-1]["kind"], ORACLE)

    def page(self, language: str, name: str = "Giant Spider") -> str:
        card = Card.objects.get(name=name)
        response = self.client.get(f"/{language}/cards/{card.slug}/")
        self.assertEqual(response.status_code, 200)
        page = response.content.decode()
        start = page.index('<section id="wording-history"')
        return page[start : page.index("</section>", start)]

    def test_the_card_page_shows_the_history_in_english(self):
        panel = self.page("en")
        self.assertIn("Wording history", panel)
        self.assertEqual(panel.count('class="wording wording-printed"'), 6)
        self.assertIn('<time datetime="1993-08-05">Aug. 5, 1993</time>', panel)
        self.assertIn('printed in <a href="/en/sets/lea/">Limited Edition Alpha</a>', panel)
        self.assertIn("Does not fly, but can block flying creatures.", panel)
        self.assertIn("<del>may</del><ins>can</ins>", panel)  # 2001 -> 2005
        erratum = Card.objects.get(name="Giant Spider").errata.get()
        self.assertIn(f'<a href="#erratum-{erratum.pk}">erratum</a>', panel)
        self.assertIn("Today's Oracle text", panel)
        self.assertIn("The same wording as the one above (reminder text and spelling", panel)

    def test_the_card_page_shows_the_history_in_italian(self):
        panel = self.page("it")
        self.assertIn("Storia del testo", panel)
        self.assertIn('<time datetime="2007-05-01">1º maggio 2007</time>', panel)
        self.assertIn('stampato in <a href="/it/sets/4ed/">Quarta Edizione</a>', panel)
        self.assertIn("Testo Oracle di oggi", panel)
        self.assertIn("La stessa formulazione del testo precedente", panel)
        self.assertIn('lang="en"', panel)  # the wordings are English

    def test_a_card_never_reworded_says_so_in_one_line(self):
        panel = self.page("it", "Aven Mindcensor")
        self.assertIn("La stessa formulazione dalla prima stampa, in Visione Futura", panel)
        self.assertNotIn("<ol", panel)

    def test_the_card_api_lists_the_history_oldest_first(self):
        spider = Card.objects.get(name="Giant Spider")
        data = self.client.get(f"/api/cards/{spider.oracle_id}/").json()
        self.assertEqual(
            data["history"],
            [
                {
                    "date": day.isoformat() if day else None,
                    "kind": kind,
                    "set": code,
                    "text": text,
                }
                for kind, day, code, text in SPIDER_WORDINGS
            ],
        )

    def queries(self, url: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            response = self.client.get(url)
        self.assertEqual(response.status_code, 200)
        return len(captured)

    def test_the_history_costs_no_query_of_its_own(self):
        spider = Card.objects.get(name="Giant Spider")  # seven printings, an erratum
        plain = Card.objects.get(name="Aven Mindcensor")  # one printing, no erratum
        page, api = 12 + DATA_AGE_QUERIES, 8 + DATA_AGE_QUERIES  # the card tests' bounds
        pages = [
            (f"/en/cards/{plain.slug}/", f"/en/cards/{spider.slug}/", page),
            # The Italian page reads the catalogue's Italian type words too (one query).
            (f"/it/cards/{plain.slug}/", f"/it/cards/{spider.slug}/", page + 1),
            (f"/api/cards/{plain.oracle_id}/", f"/api/cards/{spider.oracle_id}/", api),
        ]
        for plain_url, spider_url, most in pages:
            with self.subTest(spider_url):
                count = self.queries(plain_url)
                self.assertLessEqual(count, most)
                with self.assertNumQueries(count):
                    response = self.client.get(spider_url)
                self.assertContains(response, "Does not fly, but can block flying creatures.")


class WordingHistoryRulesTests(EmptyDatabaseTestCase):
    """The rules the history follows, on made-up cards."""

    def add_printing(self, card, code: str, year: int, original_text: str = ""):
        card_set = make_set(code, code, release_date=date(year, 1, 1))
        printing = Printing.objects.create(
            card=card, card_set=card_set, uuid=uuid.uuid4(), collector_number="1", rarity="common"
        )
        PrintingFace.objects.create(
            printing=printing, face=card.faces.get(), original_text=original_text
        )

    def test_a_printing_mtgjson_has_no_text_for_counts_only_after_the_last_other_wording(self):
        card = make_card(name="Old Bear", oracle_text="Trample", card_set=make_set("NEW", "New"))
        self.add_printing(card, "OLD", 1994, "Old Bear tramples.")
        self.add_printing(card, "MID", 1996)  # no English text known
        self.add_printing(card, "LAT", 2000, "Old Bear has trample.")
        [history] = wording_history(Card.objects.for_page().get(pk=card.pk), None).faces
        self.assertEqual(
            [(entry.kind, entry.date, entry.text) for entry in history.entries],
            [
                (PRINTED, date(1994, 1, 1), "Old Bear tramples."),
                (PRINTED, date(2000, 1, 1), "Old Bear has trample."),
                (PRINTED, date(2007, 5, 4), "Trample"),
                (ORACLE, None, "Trample"),
            ],
        )
        self.assertTrue(history.entries[-1].unchanged)
        self.assertEqual(
            history_record(Card.objects.for_page().get(pk=card.pk), None)[2]["set"], "NEW"
        )

    def test_an_erratum_whose_old_words_are_printed_nowhere_shows_them_as_an_excerpt(self):
        card = make_card(name="Plain Bear", oracle_text="Vigilance", card_set=make_set("AAA", "A"))
        make_erratum(card, "Something else entirely.", "Vigilance", when=date(2020, 1, 1))
        [history] = wording_history(Card.objects.for_page().get(pk=card.pk), None).faces
        erratum = history.entries[-2]
        self.assertTrue(erratum.excerpt)
        self.assertEqual((erratum.before, erratum.text), ("Something else entirely.", "Vigilance"))
        response = self.client.get(f"/en/cards/{card.slug}/")
        self.assertContains(response, "Only the words this erratum changed")
