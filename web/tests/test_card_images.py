"""Card pictures and the links to Scryfall and Gatherer: the addresses as strings (no request
leaves the machine), the card and printing pages in both languages, CARD_IMAGES = "off"."""

import re
import uuid
from io import StringIO

from django.core.management import call_command
from django.test import SimpleTestCase, override_settings
from django.utils import translation

from oracle.models import Layout, Printing
from oracle.tests.factories import make_card, make_set
from oracle.tests.helpers import FUT
from web.pages.card import images as card_images
from web.testing import EmptyDatabaseTestCase

TAROX_SCRYFALL = "0b06bd73-c45a-4560-bd8d-413608c5f89e"
TAROX_ENGLISH = f"https://cards.scryfall.io/normal/front/0/b/{TAROX_SCRYFALL}.jpg"
TAROX_ITALIAN = "https://api.scryfall.com/cards/multiverse/144843?format=image&amp;version=normal"


def images(html):
    return re.findall(r"<img [^>]*>", html)


class ImageAddressTests(SimpleTestCase):
    def test_english_picture_by_scryfall_id(self):
        key = uuid.UUID("6da045f8-6278-4c84-9d39-025adf0789c1")
        self.assertEqual(
            card_images.english_image_url(key),
            "https://cards.scryfall.io/normal/front/6/d/6da045f8-6278-4c84-9d39-025adf0789c1.jpg",
        )
        self.assertEqual(
            card_images.english_image_url(key, back=True, size="large"),
            "https://cards.scryfall.io/large/back/6/d/6da045f8-6278-4c84-9d39-025adf0789c1.jpg",
        )

    def test_italian_picture_by_multiverse_id(self):
        self.assertEqual(
            card_images.italian_image_url(145498),
            "https://api.scryfall.com/cards/multiverse/145498?format=image&version=normal",
        )
        self.assertEqual(
            card_images.italian_image_url(145498, back=True),
            "https://api.scryfall.com/cards/multiverse/145498?format=image&version=normal&face=back",
        )

    @override_settings(CARD_IMAGE_URL="http://127.0.0.1:9/img")
    def test_the_image_server_is_a_setting(self):
        self.assertTrue(
            card_images.english_image_url(uuid.UUID(int=1)).startswith(
                "http://127.0.0.1:9/img/normal/front/0/0/"
            )
        )

    def test_a_double_faced_printing_has_a_picture_of_each_face(self):
        key = uuid.uuid4()
        with translation.override("it"):
            front, back = card_images.printing_images(
                key, 4242, Layout.TRANSFORM, ["Ladro di Notte", "Ladra della Luna"]
            )
        self.assertEqual((front.alt, back.alt), ("Ladro di Notte", "Ladra della Luna"))
        self.assertEqual(front.url, card_images.italian_image_url(4242))
        self.assertEqual(back.url, card_images.italian_image_url(4242, back=True))
        self.assertEqual(back.fallback_url, card_images.english_image_url(key, back=True))
        self.assertTrue(back.back)
        with translation.override("en"):
            (front,) = card_images.printing_images(key, 4242, Layout.TRANSFORM, ["A"], True)
        self.assertEqual((front.url, front.language), (card_images.english_image_url(key), "en"))

    def test_no_picture_without_an_id_or_when_pictures_are_off(self):
        self.assertEqual(card_images.printing_images(None, None, Layout.NORMAL, ["A"]), [])
        with override_settings(CARD_IMAGES="off"):
            self.assertEqual(card_images.printing_images(uuid.uuid4(), 1, Layout.NORMAL, []), [])


class CardPagePictureTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())

    def test_the_import_keeps_the_italian_prints_multiverse_id(self):
        tarox = Printing.objects.get(card_set__code="FUT", collector_number="123")
        self.assertEqual((tarox.multiverse_id, tarox.multiverse_id_it), (136139, 144843))
        self.assertEqual(str(tarox.scryfall_id), TAROX_SCRYFALL)

    def test_italian_page_shows_the_italian_print_with_the_english_one_to_fall_back_to(self):
        html = self.client.get("/it/sets/fut/123/").content.decode()
        (img,) = images(html)
        self.assertIn(f'src="{TAROX_ITALIAN}"', img)
        self.assertIn(f'data-fallback-src="{TAROX_ENGLISH}"', img)
        self.assertIn('alt="Tarox Alaspada"', img)
        for attribute in ('width="488"', 'height="680"', 'loading="lazy"'):
            self.assertIn(attribute, img)
        # The frame's text, shown while the picture loads or when it cannot load.
        self.assertIn('<span class="card-image-name">Tarox Alaspada</span>', html)

    def test_english_page_shows_the_english_print(self):
        html = self.client.get("/en/cards/tarox-bladewing/").content.decode()
        (img,) = images(html)
        self.assertIn(f'src="{TAROX_ENGLISH}"', img)
        self.assertIn('alt="Tarox Bladewing"', img)
        self.assertNotIn("data-fallback-src", img)

    def test_each_printing_links_to_scryfall_and_gatherer(self):
        english = self.client.get("/en/cards/tarox-bladewing/").content.decode()
        self.assertIn('href="https://scryfall.com/card/fut/123"', english)
        self.assertIn(
            'href="https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid=136139"',
            english,
        )
        self.assertIn('aria-label="FUT 123 on Scryfall"', english)
        # The Italian page leads to the Italian print on Gatherer.
        italian = self.client.get("/it/sets/fut/123/").content.decode()
        self.assertIn(
            'href="https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid=144843"',
            italian,
        )
        self.assertIn('aria-label="FUT 123 su Scryfall"', italian)

    def test_pictures_off(self):
        with override_settings(CARD_IMAGES="off"):
            html = self.client.get("/it/sets/fut/123/").content.decode()
        self.assertEqual(images(html), [])
        self.assertIn('href="https://scryfall.com/card/fut/123"', html)  # the links stay


class PicturePrintingTests(EmptyDatabaseTestCase):
    """Which printing's picture a card page shows."""

    def printing(self, card, code, year, **fields):
        card_set = make_set(code=code, name=code, release_date=f"{year}-01-01")
        return Printing.objects.create(
            card=card,
            card_set=card_set,
            uuid=uuid.uuid4(),
            collector_number="1",
            layout="normal",
            rarity="rare",
            scryfall_id=uuid.uuid4(),
            **fields,
        )

    def test_newest_regular_printing_in_english_the_newest_italian_print_in_italian(self):
        card = make_card(name="Llanowar Elves", name_it="Elfi di Llanowar")
        card.printings.all().delete()
        italian = self.printing(card, "OLD", 2001, multiverse_id_it=1001, name_it="Elfi")
        regular = self.printing(card, "NEW", 2020)
        self.printing(card, "PRM", 2024, is_promo=True)
        printings = list(card.printings.order_by("-card_set__release_date"))
        with translation.override("en"):
            self.assertEqual(card_images.picture_printing(printings), regular)
        with translation.override("it"):
            self.assertEqual(card_images.picture_printing(printings), italian)
            # A printing page shows its own printing, whatever it is.
            promo = printings[0]
            self.assertEqual(card_images.picture_printing(printings, promo, chosen=True), promo)

    def test_the_card_page_and_the_printing_page(self):
        card = make_card(name="Llanowar Elves", name_it="Elfi di Llanowar")
        card.printings.all().delete()
        self.printing(card, "OLD", 2001, multiverse_id_it=1001, name_it="Elfi di Llanowar")
        new = self.printing(card, "NEW", 2020)
        html = self.client.get("/it/cards/llanowar-elves/").content.decode()
        (img,) = images(html)
        self.assertIn("/cards/multiverse/1001?", img)
        html = self.client.get("/it/sets/new/1/").content.decode()
        (img,) = images(html)
        self.assertIn(str(new.scryfall_id), img)
        self.assertIn("Stampa inglese", html)  # said when an Italian page shows English


class ImageViewTests(EmptyDatabaseTestCase):
    """``view=images``: the same cards as pictures, on search results and set pages."""

    @classmethod
    def setUpTestData(cls):
        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())

    def test_search_results_as_pictures_keep_query_filters_and_page(self):
        url = "/en/cards/?q=t:creature&layout=normal&view=images&page=2"
        html = self.client.get(url).content.decode()
        grid = html[
            html.index('<ul class="card-grid"') : html.index("</ul>", html.index("card-grid"))
        ]
        pictures = images(grid)
        self.assertTrue(pictures)
        self.assertEqual(len(pictures), grid.count("<li>"))
        for img in pictures:
            self.assertRegex(
                img, r'src="https://cards\.scryfall\.io/normal/front/\w/\w/[-\w]+\.jpg"'
            )
            self.assertRegex(img, r'alt="[^"]+"')
            self.assertIn('loading="lazy"', img)
        self.assertNotIn('class="card-list search-results-table stacking-table"', html)
        # The switch back to the list keeps everything else; a new search keeps the view.
        self.assertIn('href="?q=t%3Acreature&amp;layout=normal&amp;page=2">List</a>', html)
        self.assertIn('<input type="hidden" name="view" value="images">', html)
        self.assertIn(
            'href="?q=t%3Acreature&amp;layout=normal&amp;view=images&amp;page=1" rel="prev"', html
        )

    def test_list_links_to_the_pictures_of_the_same_results(self):
        html = self.client.get("/it/cards/?q=t:creatura&page=2").content.decode()
        self.assertIn('href="?q=t%3Acreatura&amp;page=2&amp;view=images">Immagini</a>', html)
        self.assertIn('aria-current="true">Elenco</a>', html)
        self.assertNotIn('class="card-grid"', html)

    def test_italian_pictures_in_the_grid(self):
        html = self.client.get("/it/cards/?q=tarox+OR+angelo&view=images").content.decode()
        self.assertIn(f'src="{TAROX_ITALIAN}"', html)
        self.assertIn('alt="Tarox Alaspada"', html)

    def test_pictures_cost_one_query_more_than_the_list(self):
        """A results row comes from the search row; its picture is chosen among the card's
        printings, read for the whole page at once."""

        def queries(url):
            from django.db import connection
            from django.test.utils import CaptureQueriesContext

            with CaptureQueriesContext(connection) as captured:
                self.client.get(url)
            return len(captured)

        self.assertEqual(
            queries("/en/cards/?q=t:creature&view=images"), queries("/en/cards/?q=t:creature") + 1
        )
        self.assertEqual(queries("/it/sets/fut/?view=images"), queries("/it/sets/fut/"))

    def test_set_page_as_pictures(self):
        html = self.client.get("/it/sets/fut/?view=images").content.decode()
        self.assertEqual(len(images(html)), 180)
        self.assertIn('<a href="/it/sets/fut/123/"><span class="card-image">', html)
        self.assertIn('aria-current="true">Immagini</a>', html)

    def test_no_image_view_when_pictures_are_off(self):
        with override_settings(CARD_IMAGES="off"):
            html = self.client.get("/en/cards/?q=t:creature&view=images").content.decode()
        self.assertNotIn("view-switch", html)
        self.assertNotIn("card-grid", html)
        self.assertIn('class="card-list search-results-table stacking-table"', html)
