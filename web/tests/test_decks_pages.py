"""The decklist page /<lang>/decks/, its downloads and its shared addresses, through real
requests: lists pasted, uploaded and shared, a suggestion picked, hostile input answered with a
clear message and never a 500."""

import re
from urllib.parse import parse_qs, urlparse

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from oracle.decks import sharing
from oracle.tests.helpers import squeeze
from web.testing import BundledDataTestCase

PAUPER_IT = """Mazzo
4 Saetta Squarciante
4 ascia folgorante
4 FUOCO SPETTRALE
4 Indovinello del Fulmine
4 Shock
4 Piromante Errante
4 Mogg Maresciallo di Guerra
4 Predoni di Keld
4 Fustigatore Urticante
4 Monile della Furia
20 Montagna

Sideboard
3 Cripta di Tormod
4 Frecce Dentellate
4 Cannoneggiamento degli Orchi
4 Moscerino d’Ottone
"""

ARENA_EN = """Deck
4 Rift Bolt (TSP) 176
4 Lightning Axe (TSP) 168
4 Ghostfire (FUT) 115
4 Riddle of Lightning
4 Shock (ONS) 227
4 Prodigal Pyromancer
4 Mogg War Marshal
4 Keldon Marauders
4 Stingscourger
4 Fury Charm
20 Mountain (ONS) 343

Sideboard
3 Tormod's Crypt
4 Serrated Arrows
4 Orcish Cannonade
4 Brass Gnat
"""


class DeckPageTests(BundledDataTestCase):
    def post(self, language="it", **data):
        return self.client.post(f"/{language}/decks/", {"format": "pauper", **data})

    def text(self, response):
        return squeeze(response.content.decode())

    def test_the_header_links_the_page_and_the_form_states_the_limits(self):
        response = self.client.get("/it/")
        self.assertContains(response, 'href="/it/decks/"')
        response = self.client.get("/en/decks/")
        self.assertEqual(response.status_code, 200)
        page = self.text(response)
        self.assertIn("At most 500 lines and 50,000 bytes, 999 copies a line.", page)
        self.assertIn('<option value="pauper">Pauper</option>', page)
        self.assertIn('<option value="modern" selected>Modern</option>', page)
        self.assertNotIn("csrfmiddlewaretoken", page)
        self.assertEqual(response.cookies, {})

    def test_an_italian_list_is_legal_with_both_names_and_the_data_date(self):
        response = self.post(list=PAUPER_IT, language="en")
        self.assertEqual(response.status_code, 200)
        page = self.text(response)
        self.assertIn("Legal in Pauper", page)
        self.assertIn("Legality as the card data of April 25, 2022 has it (MTGJSON).", page)
        self.assertIn(
            '<a href="/en/cards/rift-bolt/">Rift Bolt</a> <span class="muted other-name" '
            'lang="it">Saetta Squarciante</span>',
            page,
        )
        self.assertIn('Main deck <span class="muted">(60)</span>', page)
        self.assertIn('Sideboard <span class="muted">(15)</span>', page)
        self.assertNotIn("Lines not read", page)
        self.assertIn('<label for="export-italian">Italian</label>', page)

    def test_an_arena_list_in_english_on_the_italian_page(self):
        response = self.post(list=ARENA_EN)
        page = self.text(response)
        self.assertIn('<a href="/it/cards/rift-bolt/">Saetta Squarciante</a>', page)
        self.assertIn("<td>(TSP) 176</td>", page)
        self.assertIn('<label for="export-italian">Italiano</label>', page)
        self.assertEqual(response.context["result"].problems, [])

    def test_problems_in_words(self):
        response = self.post(
            list="4 Mitraglia\n4 Mitraglia\n4 Angelo Eminente\n40 Montagna\n\n16 Isola",
            language="en",
        )
        page = self.text(response)
        self.assertIn("Not legal in Pauper", page)
        for detail in (
            "The main deck has 52 cards: at least 60.",
            "The sideboard has 16 cards: at most 15.",
            "Grapeshot is banned in Pauper.",
            "8 copies of Grapeshot: at most 4.",
            "Exalted Angel is not legal in Pauper.",
        ):
            self.assertIn(detail, page)

    def test_an_unresolved_line_offers_names_and_picking_one_checks_again(self):
        text = PAUPER_IT.replace("4 Shock", "4 Shok").replace("FUOCO SPETTRALE", "fuoco spetrale")
        page = self.text(self.post(list=text, language="en"))
        self.assertIn('Lines not read <span class="muted">(2)</span>', page)
        self.assertIn("<strong>Line 4</strong>: <code>4 fuoco spetrale</code>", page)
        self.assertIn('name="pick" value="4:Fuoco Spettrale"', page)
        self.assertIn('name="pick" value="6:Shock"', page)
        self.assertIn("2 lines name no card that could be found", page)
        response = self.post(list=text, pick="4:Fuoco Spettrale", language="en")
        page = self.text(response)
        self.assertIn('Lines not read <span class="muted">(1)</span>', page)
        self.assertIn("4 Fuoco Spettrale\n", response.context["form"]["list"].value())
        response = self.post(
            list=response.context["form"]["list"].value(), pick="6:Shock", language="en"
        )
        self.assertIn("Legal in Pauper", self.text(response))

    def test_an_uploaded_file_is_read_and_shown_in_the_box(self):
        upload = SimpleUploadedFile("deck.txt", ARENA_EN.encode("utf-16"), "text/plain")
        response = self.client.post("/en/decks/", {"format": "pauper", "file": upload})
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.context["result"].problems, [])
        self.assertIn("4 Rift Bolt (TSP) 176", response.context["form"]["list"].value())

    def test_a_binary_file_is_refused_with_a_message(self):
        upload = SimpleUploadedFile("deck.png", b"\x89PNG\r\n\x1a\n\x00\x00" + bytes(200))
        response = self.client.post("/en/decks/", {"format": "pauper", "file": upload})
        self.assertEqual(response.status_code, 400)
        self.assertContains(response, "The file is not a text file", status_code=400)

    def test_the_list_is_shared_by_its_address(self):
        response = self.post(list=PAUPER_IT)
        share_url = response.context["share_url"]
        query = parse_qs(urlparse(share_url).query)
        self.assertEqual(query["format"], ["pauper"])
        self.assertEqual(sharing.decode(query["d"][0]), PAUPER_IT)
        shared = self.client.get(share_url)
        self.assertEqual(shared.status_code, 200)
        self.assertEqual(shared.context["result"].text, PAUPER_IT)
        self.assertEqual(shared.context["result"].problems, [])
        self.assertIn("public", shared["Cache-Control"])

    def test_a_damaged_address_says_so(self):
        response = self.client.get("/en/decks/", {"format": "pauper", "d": "AAAA!"})
        self.assertContains(response, "The list in this address is damaged", status_code=400)

    def test_the_exports_download_as_text_files(self):
        response = self.client.post(
            "/en/decks/export/mtgo/", {"format": "pauper", "list": PAUPER_IT}
        )
        self.assertEqual(response["Content-Type"], "text/plain; charset=utf-8")
        self.assertEqual(
            response["Content-Disposition"], 'attachment; filename="decklist-mtgo.txt"'
        )
        self.assertTrue(response.content.decode().startswith("4 Rift Bolt\n4 Lightning Axe\n"))
        shared = sharing.encode(PAUPER_IT)
        response = self.client.get("/en/decks/export/italian/", {"format": "pauper", "d": shared})
        self.assertTrue(response.content.decode().startswith("Mazzo\n4 Saetta Squarciante\n"))
        self.assertEqual(self.client.get("/en/decks/export/cockatrice/").status_code, 404)

    def test_the_sheet_and_downloads_without_a_list_show_the_form(self):
        for path in ("/en/decks/sheet/", "/en/decks/export/arena/"):
            response = self.client.get(path)
            self.assertContains(response, "The list is empty", status_code=400)


class HostileInputTests(BundledDataTestCase):
    def post(self, text, **extra):
        return self.client.post("/en/decks/", {"format": "modern", "list": text, **extra})

    def test_empty_lists(self):
        for text in ("", "   \n\n\t"):
            response = self.post(text)
            self.assertContains(
                response, "The list is empty: paste a list or choose a file.", status_code=400
            )

    def test_ten_thousand_lines_and_a_megabyte(self):
        response = self.post("1 Forest\n" * 10_000)
        self.assertContains(
            response, "at most 50,000 bytes and 500 lines are read", status_code=400
        )
        response = self.post("4\n" * 10_000)
        self.assertContains(
            response, "The list has 10,000 lines; at most 500 lines", status_code=400
        )
        response = self.post("x" * 1_000_000)
        self.assertContains(response, "The list is 1,000,000 bytes long", status_code=400)

    @override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=100_000)
    def test_a_request_over_the_upload_limit(self):
        response = self.post("x" * 200_000)
        self.assertContains(response, "The list is too large", status_code=413)

    def test_lines_of_numbers_and_impossible_counts_are_flagged(self):
        response = self.post("12345\n0 Forest\n1000000 Island\n4 Tarox Bladewing")
        page = squeeze(response.content.decode())
        self.assertEqual(response.status_code, 200)
        self.assertIn("<strong>Line 1</strong>: <code>12345</code> — The line names no card.", page)
        self.assertIn("A count of 0: a line counts from 1 to 999 copies.", page)
        self.assertIn("A count of 1,000,000: a line counts from 1 to 999 copies.", page)

    def test_hostile_unicode_is_read_as_the_names_it_hides(self):
        text = "\u202e4 Tarox\u200b Blade\u200fwing\x00\n\ufeff56 Mount\u200dain\u00a0"
        response = self.post(text)
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.context["result"].problems, [])
        self.assertNotIn("\x00", response.content.decode())

    def test_a_picked_name_for_a_line_the_list_has_not_changes_nothing(self):
        # The list may have been edited after the check that offered the suggestion.
        response = self.post("4 Tarox Bladewing\n56 Mountain", pick="99:Shock")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.context["result"].problems, [])

    def test_a_pick_no_suggestion_sends_is_refused_with_why(self):
        for pick in ("x:Shock", "3:", ":::", "0:Shock", "501:Shock", "²:Shock", "٣:Shock"):
            with self.subTest(pick=pick):
                response = self.post("4 Tarox Bladewing\n56 Mountain", pick=pick)
                self.assertContains(
                    response, "The suggestion picked cannot be read", status_code=400
                )
                self.assertNotIn("result", response.context)

    def test_an_unknown_format(self):
        response = self.post("4 Tarox Bladewing", format="cube")
        self.assertContains(response, "Select a valid choice", status_code=400)
        response = self.client.get("/en/decks/", {"format": "cube", "d": sharing.encode("1 X")})
        self.assertContains(response, "Select a valid choice", status_code=400)

    def test_suggestions_and_markup_are_escaped(self):
        response = self.post('4 <script>alert("x")</script>')
        self.assertEqual(response.status_code, 200)
        self.assertNotIn("<script>alert", response.content.decode())
        self.assertTrue(
            re.search(r"&lt;script&gt;alert\(&quot;x&quot;\)", response.content.decode())
        )
