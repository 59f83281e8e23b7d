"""import_mtgjson putting a card together from its printings: its data kept in step with the file,
and what MTGJSON says beyond the text: the reserved list, digital-only and funny printings,
artists, flavour texts, watermarks, frames, borders, formats, set types and blocks."""

from uuid import UUID

from oracle.models import (
    CardSearch,
    Keyword,
)
from oracle.search import parse
from oracle.tests.helpers import (
    BONECRUSHER,
    DELVER,
    SERRA,
    TemporaryFilesMixin,
    italian,
    mtgjson_card,
    mtgjson_set,
    run_import,
    small_set,
)
from web.testing import EmptyDatabaseTestCase

ART_PLAINS = "00000000-0000-4000-8000-000000000010"


class CardDataTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    """How a card's data is put together from its printings, and kept in step with the file."""

    def test_a_card_is_legal_where_any_printing_is(self):
        # MTGJSON 5.2 gives "oldschool" only on some printings of a card.
        old = mtgjson_card("Desert", "1", SERRA, legalities={"legacy": "Legal"})
        new = mtgjson_card(
            "Desert", "2", SERRA, legalities={"legacy": "Legal", "oldschool": "Legal"}
        )
        path = self.write_set_file("ARN.json", mtgjson_set("ARN", "Arabian Nights", [old, new]))
        run_import(path)
        self.assertEqual(self.card(SERRA).legalities, {"legacy": "Legal", "oldschool": "Legal"})

    def test_a_translated_italian_name_wins_over_a_newer_english_placeholder(self):
        # Real case: Dusk // Dawn is "Tramonto // Alba" in Amonkhet, but MTGJSON's Italian
        # entry for the newer Commander 2019 printing keeps the English name.
        old = mtgjson_card(
            "Shock", "1", SERRA, foreignData=italian("Folgorazione", "Testo.", "Istantaneo")
        )
        new = mtgjson_card(
            "Shock", "2", SERRA, foreignData=italian("Shock", "Testo.", "Istantaneo")
        )
        older = mtgjson_set("OLD", "Old", [old], releaseDate="2017-04-28")
        newer = mtgjson_set("NEW", "New", [new], releaseDate="2019-08-23")
        run_import(self.write_set_file("OLD.json", older), self.write_set_file("NEW.json", newer))
        self.assertEqual(self.card(SERRA).italian_name, "Folgorazione")
        response = self.client.get("/it/cards/shock/")
        self.assertContains(response, "<h1>Folgorazione")

    def test_changed_data_updates_the_rows(self):
        run_import(self.write_set_file("ABC.json", small_set()))
        changed = small_set()
        card = changed["cards"][0]
        card.update(
            text="Flying, vigilance, lifelink",
            keywords=["Flying", "Vigilance", "Lifelink"],
            manaValue=6.0,
            legalities={"legacy": "Banned"},
            rarity="uncommon",
            identifiers={
                "scryfallOracleId": SERRA,
                "scryfallId": "30000000-0000-4000-8000-000000000001",
            },
            foreignData=italian("Angelo di Serra", "Volare, cautela, legame vitale"),
        )
        stdout, _ = run_import(self.write_set_file("ABC.json", changed))

        self.assertIn("cards: 0 created, 1 updated, 0 unchanged", stdout)
        self.assertIn("card keywords: 1 created, 0 updated, 2 unchanged", stdout)
        serra = self.card(SERRA)
        self.assertEqual((serra.mana_value, serra.legalities), (6, {"legacy": "Banned"}))
        self.assertEqual(serra.faces.get().oracle_text, "Flying, vigilance, lifelink")
        self.assertEqual(serra.faces.get().printed_text_it, "Volare, cautela, legame vitale")
        printing = serra.printings.get()
        self.assertEqual(printing.rarity, "uncommon")
        self.assertEqual(printing.scryfall_id, UUID("30000000-0000-4000-8000-000000000001"))
        self.assertEqual(Keyword.objects.get(name="Lifelink").name_it, "Legame vitale")

    def test_art_series_printing_with_one_side_listed_twice(self):
        # MTGJSON 5.2 lists some art cards as side b twice; the full printing gives the faces.
        def art(number, side, uuid=None):
            extra = {"uuid": uuid} if uuid else {}
            return mtgjson_card(
                "Plains // Plains",
                number,
                ART_PLAINS,
                layout="art_series",
                faceName="Plains",
                side=side,
                type="Card",
                **extra,
            )

        broken = art("1", "b", uuid="20000000-0000-5000-8000-000000000001")
        tokens = [broken, dict(broken), art("2", "a"), art("2", "b")]
        path = self.write_set_file("AXYZ.json", mtgjson_set("AXYZ", "Art", [], tokens=tokens))
        run_import(path)
        card = self.card(ART_PLAINS)
        self.assertEqual(self.face_names(ART_PLAINS), [("a", "Plains"), ("b", "Plains")])
        full = card.printings.get(collector_number="2")
        self.assertEqual(list(full.faces.values_list("face__side", flat=True)), ["a", "b"])
        # The broken printing keeps its one side, on the right face.
        self.assertEqual(
            list(card.printings.get(collector_number="1").faces.values_list("face__side")),
            [("b",)],
        )


class PrintingFactsTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    """What MTGJSON says of a card and its printings beyond its text: the reserved list,
    digital-only and funny printings, artists, flavour texts, watermarks, frames, borders,
    formats, set types and blocks, stored and searched."""

    def found(self, text):
        return sorted(parse(text).filter(CardSearch.objects.all()).values_list("name", flat=True))

    def test_outside_ids_illustration_and_finishes_are_stored(self):
        shock = mtgjson_card(
            "Shock",
            "2",
            DELVER,
            finishes=["nonfoil", "foil", "sparkly"],
            boosterTypes=["default"],
            isFullArt=True,
            securityStamp="oval",
            identifiers={
                "scryfallOracleId": DELVER,
                "scryfallIllustrationId": "40000000-0000-4000-8000-000000000001",
                "mtgoId": "26946",
                "mtgoFoilId": "26947",
                "mtgArenaId": "70000",
                "tcgplayerProductId": "14844",
                "mcmId": "not a number",
            },
        )
        run_import(self.write_set_file("ZZZ.json", mtgjson_set("ZZZ", "Zeds", [shock])))

        printing = self.card(DELVER).printings.get()
        self.assertEqual(
            (printing.mtgo_id, printing.mtgo_foil_id, printing.arena_id, printing.tcgplayer_id),
            (26946, 26947, 70000, 14844),
        )
        self.assertIsNone(printing.cardmarket_id)  # not a whole number: left out
        self.assertEqual(printing.illustration_id, UUID("40000000-0000-4000-8000-000000000001"))
        self.assertEqual(printing.finishes, "nonfoil,foil")
        self.assertEqual(
            (printing.in_booster, printing.is_full_art, printing.is_textless), (True, True, False)
        )
        self.assertEqual(printing.security_stamp, "oval")

    def test_stored_and_searched(self):
        mox = mtgjson_card(
            "Mox Pearl",
            "1",
            SERRA,
            isReserved=True,
            frameVersion="1993",
            artist="Dan Frazier",
            legalities={"vintage": "Restricted", "legacy": "Banned"},
        )
        shock = mtgjson_card(
            "Shock",
            "2",
            DELVER,
            isOnlineOnly=True,
            artist="Anson Maddocks",
            watermark="set (ZZZ)",
            flavorText="Lightning tamed.",
            foreignData=[
                {"language": "Italian", "name": "Folgorazione", "flavorText": "Fulmine domato."}
            ],
        )
        jest = mtgjson_card(
            "Jester", "3", BONECRUSHER, isFunny=True, isPromo=True, borderColor="silver"
        )
        digital = mtgjson_set("DIG", "Digital", [shock], isOnlineOnly=True, block="Bits")
        old = mtgjson_set("OLD", "Old", [mox], type="core", block="Bits")
        fun = mtgjson_set("FUN", "Fun", [jest], type="funny")
        run_import(*(self.write_set_file(f"{s['code']}.json", s) for s in (digital, old, fun)))

        self.assertTrue(self.card(SERRA).is_reserved)
        self.assertFalse(self.card(DELVER).is_reserved)
        shock_printing = self.card(DELVER).printings.get()
        self.assertTrue(shock_printing.is_online_only)
        self.assertTrue(self.card(BONECRUSHER).printings.get().is_funny)
        for text, expected in [
            ("is:reserved", ["Mox Pearl"]),
            ("not:reserved", ["Jester", "Shock"]),
            ("is:digital", ["Shock"]),
            ("is:funny", ["Jester"]),
            ("is:promo", ["Jester"]),
            ("a:frazier", ["Mox Pearl"]),
            ("ft:tamed", ["Shock"]),
            ("ft:domato", ["Shock"]),
            ("wm:set", ["Shock"]),
            ("frame:1993", ["Mox Pearl"]),
            ("frame:2003", ["Jester", "Shock"]),
            ("border:silver", ["Jester"]),
            ("f:vintage", ["Jester", "Mox Pearl", "Shock"]),
            ("restricted:vintage", ["Mox Pearl"]),
            ("banned:legacy", ["Mox Pearl"]),
            ("f:legacy", ["Jester", "Shock"]),
            ("f:modern", []),
            ("st:funny", ["Jester"]),
            ("st:core", ["Mox Pearl"]),
            ("b:bits", ["Mox Pearl", "Shock"]),
            ("b:dig", ["Mox Pearl", "Shock"]),
        ]:
            with self.subTest(query=text):
                self.assertEqual(self.found(text), expected)
        # By artist; a card without one comes last either way.
        for text, expected in [
            ("order:artist", ["Shock", "Mox Pearl", "Jester"]),
            ("order:artist dir:desc", ["Mox Pearl", "Shock", "Jester"]),
        ]:
            found = parse(text).apply(CardSearch.objects.all()).values_list("name", flat=True)
            self.assertEqual(list(found), expected)

    def test_a_card_drops_off_a_flag_when_the_data_does(self):
        card = mtgjson_card("Mox Pearl", "1", SERRA, isReserved=True, isPromo=True)
        path = self.write_set_file("OLD.json", mtgjson_set("OLD", "Old", [card]))
        run_import(path)
        self.assertEqual(self.found("is:reserved is:promo"), ["Mox Pearl"])
        card.update(isReserved=False, isPromo=False)
        run_import(self.write_set_file("OLD.json", mtgjson_set("OLD", "Old", [card])))
        self.assertEqual(self.found("is:reserved or is:promo"), [])
