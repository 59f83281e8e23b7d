"""Finding a card by its name: its address in either language, a random card, the order of
results by the name the page shows, the search box's completions and "Did you mean"."""

from io import StringIO

from django.core.management import call_command

from common.text import sort_key
from oracle.models import Card, CardName, CardSearch, CardSet
from oracle.tests.factories import make_card, make_set
from oracle.tests.helpers import FUT, mtgjson_cards, squeeze
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase


class CardAddressTests(BundledDataTestCase):
    def test_the_italian_name_opens_the_card_under_both_prefixes(self):
        for language in ("it", "en"):
            with self.subTest(language=language):
                response = self.client.get(f"/{language}/cards/tarox-alaspada/")
                self.assertRedirects(response, f"/{language}/cards/tarox-bladewing/")
        page = self.client.get("/it/cards/tarox-alaspada/", follow=True)
        self.assertContains(page, "<h1", status_code=200)
        self.assertIn("Tarox Alaspada", page.content.decode())

    def test_the_english_name_stays_the_address(self):
        self.assertEqual(self.client.get("/it/cards/exalted-angel/").status_code, 200)
        response = self.client.get("/en/cards/angelo-eminente/")
        self.assertRedirects(response, "/en/cards/exalted-angel/")

    def test_a_face_name_opens_its_card(self):
        self.assertRedirects(self.client.get("/en/cards/gone/"), "/en/cards/dead-gone/")

    def test_an_unknown_name_is_404(self):
        self.assertEqual(self.client.get("/it/cards/angelo-inesistente/").status_code, 404)


class SharedItalianNameTests(EmptyDatabaseTestCase):
    def test_two_cards_with_one_italian_name_are_listed_to_choose_from(self):
        make_card(name="Fireball", name_it="Palla di Fuoco")
        make_card(name="Ball of Fire", name_it="Palla di Fuoco")
        response = self.client.get("/it/cards/palla-di-fuoco/")
        self.assertRedirects(response, "/it/cards/?q=%21%22Palla+di+Fuoco%22")
        listing = self.client.get(response.url)
        self.assertEqual(
            {row.other_name for row in listing.context["rows"]}, {"Fireball", "Ball of Fire"}
        )

    def test_tokens_have_no_other_address(self):
        make_card(name="Goblin", name_it="Goblin Pedina", is_token=True)
        self.assertFalse(CardName.objects.exists())
        self.assertEqual(self.client.get("/it/cards/goblin-pedina/").status_code, 404)


class RandomCardTests(BundledDataTestCase):
    def test_a_random_card_is_a_redirect_to_a_card_never_cached(self):
        response = self.client.get("/it/cards/random/")
        self.assertEqual(response.status_code, 302)
        self.assertIn("no-cache", response["Cache-Control"])
        slug = response.url.removeprefix("/it/cards/").strip("/")
        card = Card.objects.get(slug=slug)
        self.assertFalse(card.is_token)
        self.assertEqual(self.client.get(response.url).status_code, 200)

    def test_a_query_narrows_the_choice(self):
        flyers = {
            f"/en/cards/{card.slug}/"
            for card in Card.objects.filter(search_row__search_name__contains="tarox")
        }
        self.assertEqual(len(flyers), 1)  # Tarox Bladewing
        for _ in range(3):
            response = self.client.get("/en/cards/random/", {"q": "tarox"})
            self.assertIn(response.url, flyers)
        seen = set()
        for _ in range(20):
            response = self.client.get("/en/cards/random/", {"q": "t:creatura k:volare s:fut"})
            self.assertEqual(response.status_code, 302)
            seen.add(response.url)
        fut = mtgjson_cards("FUT")
        names = {Card.objects.get(slug=url.split("/")[-2]).name for url in seen}
        for name in names:
            self.assertIn("Flying", fut[name]["keywords"])
        self.assertGreater(len(names), 1)

    def test_a_query_that_finds_nothing_says_so(self):
        response = self.client.get("/it/cards/random/", {"q": "t:creatura s:fut mv>20"})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Nessuna carta corrisponde a questa ricerca")

    def test_a_query_that_cannot_be_used_is_a_400(self):
        response = self.client.get("/en/cards/random/", {"q": "c:purple"})
        self.assertEqual(response.status_code, 400)

    def test_the_home_page_and_the_results_link_to_a_random_card(self):
        self.assertContains(self.client.get("/it/"), 'href="/it/cards/random/"')
        results = self.client.get("/en/cards/", {"q": "t:goblin"})
        self.assertContains(results, 'href="/en/cards/random/?q=t%3Agoblin"')


class ItalianOrderTests(EmptyDatabaseTestCase):
    NAMES = [  # (English, Italian) in the order an Italian page files them
        ("Tree", "Albero"),
        ("Anchor", "Àncora"),
        ("Angel", "L'Angelo"),
        ("Beast", "La Bestia"),
        ("Maze", "Labirinto"),
        ("Blade", "Lama"),
        ("Zephyr", "Zefiro"),
    ]

    @classmethod
    def setUpTestData(cls):
        card_set = make_set()
        for english, italian in reversed(cls.NAMES):
            make_card(name=english, name_it=italian, card_set=card_set)
        make_card(name="Untranslated", name_it="", card_set=card_set)

    def names(self, response):
        return [row.name for row in response.context["rows"]]

    def test_an_italian_page_files_the_italian_names(self):
        expected = [italian for _, italian in self.NAMES]
        expected.insert(expected.index("Zefiro"), "Untranslated")
        response = self.client.get("/it/cards/", {"q": "s:tst"})
        self.assertEqual(self.names(response), expected)
        response = self.client.get("/it/cards/", {"q": "s:tst order:nome dir:desc"})
        self.assertEqual(self.names(response), expected[::-1])

    def test_an_english_page_files_the_english_names(self):
        expected = sorted([english for english, _ in self.NAMES] + ["Untranslated"])
        self.assertEqual(self.names(self.client.get("/en/cards/", {"q": "s:tst"})), expected)

    def test_the_api_orders_by_the_italian_names_when_asked_in_italian(self):
        italian = [italian for _, italian in self.NAMES]
        for headers, params in (
            ({"Accept-Language": "it"}, {}),
            ({}, {"lang": "it"}),
            ({"Accept-Language": "en"}, {"lang": "it"}),
        ):
            with self.subTest(headers=headers, params=params):
                data = self.client.get(
                    "/api/cards/", {"q": "s:tst -untranslated", **params}, headers=headers
                ).json()
                self.assertEqual([r["name_it"] for r in data["results"]], italian)
        data = self.client.get(
            "/api/cards/",
            {"q": "s:tst -untranslated", "lang": "en"},
            headers={"Accept-Language": "it"},
        ).json()
        self.assertEqual([r["name"] for r in data["results"]], sorted(e for e, _ in self.NAMES))

    def test_the_sort_keys_follow_a_renamed_card(self):
        card = Card.objects.get(name="Tree")
        face = card.faces.get()
        face.name_it = "Zucca"
        face.save()
        self.assertEqual(CardSearch.objects.get(card=card).sort_name_it, sort_key("Zucca"))
        self.assertEqual(self.names(self.client.get("/it/cards/", {"q": "s:tst"}))[-1], "Zucca")


class AutocompleteTests(BundledDataTestCase):
    def complete(self, text, language="en", **headers):
        response = self.client.get(
            "/api/cards/autocomplete/", {"q": text, "lang": language}, headers=headers
        )
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
        return response.json()

    def test_each_card_once_by_its_name_in_the_pages_language_with_the_other_beside(self):
        tarox_en = {"name": "Tarox Bladewing", "other_name": "Tarox Alaspada"}
        self.assertEqual(
            self.complete("tarox"),
            {
                "total": 1,
                "data": ["Tarox Bladewing"],
                "cards": [tarox_en | {"url": "/en/cards/tarox-bladewing/"}],
            },
        )
        self.assertEqual(
            self.complete("tarox", "it")["cards"],
            [
                {
                    "name": "Tarox Alaspada",
                    "other_name": "Tarox Bladewing",
                    "url": "/it/cards/tarox-bladewing/",
                }
            ],
        )
        # Found by its Italian name, shown by the page's.
        self.assertEqual(self.complete("ANGELO em")["data"], ["Exalted Angel"])
        self.assertEqual(self.complete("ANGELO em", "it")["data"], ["Angelo Eminente"])
        angel = self.complete("angel of salv", "it")["cards"]
        self.assertEqual(
            [(card["name"], card["other_name"]) for card in angel],
            [("Angelo della Salvezza", "Angel of Salvation")],
        )

    def test_a_word_inside_a_name_matches_after_the_names_that_start_with_it(self):
        data = self.complete("eminen", "it")["data"]
        self.assertIn("Angelo Eminente", data)
        starts = [name for name in data if name.lower().startswith("eminen")]
        self.assertEqual(data[: len(starts)], starts)

    def test_accents_case_and_apostrophes_are_ignored(self):
        self.assertIn("Ali dell'Arcano", self.complete("ali dell’arc", "it")["data"])
        self.assertIn("Scià dell'Isola Naar", self.complete("scia dell", "it")["data"])
        self.assertIn("Scià dell'Isola Naar", self.complete("SCIÀ", "it")["data"])

    def test_at_most_twenty_cards_and_how_many_match(self):
        data = self.complete("a")
        self.assertEqual(len(data["data"]), 20)
        self.assertEqual(len({card["url"] for card in data["cards"]}), 20)
        self.assertGreater(data["total"], 20)

    def test_nothing_typed_or_nothing_found(self):
        nothing = {"total": 0, "data": [], "cards": []}
        self.assertEqual(self.complete(""), nothing)
        self.assertEqual(self.complete("  ,; "), nothing)
        self.assertEqual(self.complete("qqzzxx"), nothing)

    def test_only_get_and_cacheable(self):
        self.assertEqual(self.client.post("/api/cards/autocomplete/", {"q": "a"}).status_code, 405)
        response = self.client.get("/api/cards/autocomplete/", {"q": "tarox"})
        self.assertIn("max-age=", response["Cache-Control"])


class DidYouMeanTests(BundledDataTestCase):
    def test_a_mistyped_italian_name_leads_to_the_card(self):
        response = self.client.get("/it/cards/", {"q": "angelo eminnte"})
        html = squeeze(response.content.decode())
        self.assertIn("Forse cercavi:", html)
        self.assertIn(
            '<a href="/it/cards/exalted-angel/">Angelo Eminente</a> '
            '<span class="muted">(Exalted Angel)</span>',
            html,
        )
        page = self.client.get("/it/cards/exalted-angel/")
        self.assertContains(page, "Angelo Eminente")

    def test_a_mistyped_english_name(self):
        response = self.client.get("/en/cards/", {"q": "exalted angle"})
        html = squeeze(response.content.decode())
        self.assertIn('Did you mean: <a href="/en/cards/exalted-angel/">Exalted Angel</a>', html)

    def test_a_name_that_nothing_resembles_is_not_in_the_data(self):
        response = self.client.get("/it/cards/", {"q": "qwxzrtplk"})
        html = squeeze(response.content.decode())
        self.assertNotIn("Forse cercavi", html)
        sets = CardSet.objects.count()
        self.assertIn(
            f"Nessuna carta chiamata “qwxzrtplk” è nei dati di Oracolo, che contengono le carte "
            f'di {sets} espansioni (<a href="/it/about/">fonti e date</a>).',
            html,
        )

    def test_only_a_search_by_name_gets_suggestions(self):
        for params in (
            {"q": "t:creature angelo eminnte"},
            {"q": "angelo eminnte", "rarity": "rare"},
        ):
            with self.subTest(params=params):
                html = self.client.get("/it/cards/", params).content.decode()
                self.assertNotIn("Forse cercavi", html)
                self.assertNotIn("Nessuna carta chiamata", html)


class NameIndexImportTests(EmptyDatabaseTestCase):
    def test_the_import_fills_the_index_and_a_second_import_changes_nothing(self):
        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())
        row = CardSearch.objects.get(name="Tarox Bladewing")
        self.assertEqual(row.sort_name, "tarox0bladewing")
        self.assertEqual(row.sort_name_it, "tarox0alaspada")
        rows = set(
            CardName.objects.values_list("pk", "card_id", "name", "language", "word", "slug")
        )
        card = row.card
        self.assertIn((card.pk, "Tarox Alaspada", "it", 0, "tarox-alaspada"), {r[1:] for r in rows})
        self.assertIn((card.pk, "Tarox Alaspada", "it", 1, ""), {r[1:] for r in rows} | set())
        output = StringIO()
        call_command("import_mtgjson", FUT, stdout=output, stderr=StringIO())
        self.assertEqual(
            rows,
            set(CardName.objects.values_list("pk", "card_id", "name", "language", "word", "slug")),
        )


class CompletionOrderTests(BundledDataTestCase):
    """The completions' groups, as docs/searching.md says: names in the page's language that
    start with the text, then names in the other language that do, then a word that does."""

    def names(self, text, language):
        response = self.client.get("/api/cards/autocomplete/", {"q": text, "lang": language})
        return [(card["name"], card["other_name"]) for card in response.json()["cards"]]

    def test_the_pages_language_first_then_the_other_then_a_word(self):
        self.assertEqual(
            self.names("angel", "it"),
            [
                ("Angelo dei Fulmini", "Lightning Angel"),
                ("Angelo della Salvezza", "Angel of Salvation"),
                ("Angelo di Platino", "Platinum Angel"),
                ("Angelo Eminente", "Exalted Angel"),
                # found by its English name, which stands beside it
                ("Grazia dell'Angelo", "Angel's Grace"),
                ("Akroma, Angelo della Distruzione", "Akroma, Angel of Wrath"),
                ("Akroma, Angelo della Furia", "Akroma, Angel of Fury"),
            ],
        )
        self.assertEqual(
            [name for name, _ in self.names("angel", "en")],
            [
                "Angel of Salvation",
                "Angel's Grace",
                # by their Italian names: Angelo dei Fulmini, di Platino, Eminente
                "Lightning Angel",
                "Platinum Angel",
                "Exalted Angel",
                "Akroma, Angel of Fury",
                "Akroma, Angel of Wrath",
            ],
        )
