from io import StringIO
from unittest import mock

from django.apps import apps
from django.core.management import call_command

from oracle.importers import version
from oracle.models import Card, CardDataImport, CardSet, Keyword, Printing
from web.testing import BundledDataTestCase


class BundledDataTests(BundledDataTestCase):
    """What `make run` loads: the five bundled sets, the cards the seed documents name from other
    sets, and the keyword list."""

    def test_every_bundled_set_is_loaded_with_italian_names(self):
        names = dict(CardSet.objects.values_list("code", "name_it"))
        self.assertEqual(
            names,
            {
                "FUT": "Visione Futura",
                "ONS": "Assalto",
                "PLC": "Caos Dimensionale",
                "TSB": "Spirale Temporale: carte cronotraslate",
                "TSP": "Spirale Temporale",
                # The sets of SeedCards.json (one to four cards each); Alpha and Unlimited
                # were never printed in Italian.
                "LEA": "",
                "2ED": "",
                "4ED": "Quarta Edizione",
                "5ED": "Quinta Edizione",
                "6ED": "Sesta Edizione",
                "7ED": "Settima Edizione",
                "9ED": "Nona Edizione",
                "10E": "Decima Edizione",
                "CSP": "Ondata Glaciale",
                "DIS": "Discordia",
                "DST": "Darksteel",
                "GPT": "Patto delle Gilde",
                "MRD": "Mirrodin",
                "PLS": "Congiunzione",
                "SCG": "Flagello",
                "VIS": "Visioni",
                # The sets of SearchSamples.json (one to three printings each); the importer's
                # table of Italian set names has none for the others.
                "BOK": "Traditori di Kamigawa",
                "SHM": "Landa Tenebrosa",
                "NPH": "Nuova Phyrexia",
                "DKA": "Ascesa Oscura",
                "DGM": "Labirinto del Drago",
                "EMN": "Luna Spettrale",
                "DOM": "Dominaria",
                "WAR": "La Guerra della Scintilla",
                "ELD": "Il Trono di Eldraine",
                "AFR": "Avventure nei Forgotten Realms",
                "MID": "Innistrad: Caccia di Mezzanotte",
                "3ED": "",
                "WC00": "",
                "UNH": "",
                "M10": "",
                "C14": "",
                "V17": "",
                "TDOM": "",  # Dominaria's tokens
                "PZNR": "",
                "PKHM": "",
                "AAFR": "",
            },
        )
        self.assertEqual(CardSet.objects.get(code="TSB").parent.code, "TSP")
        # SearchSamples.json: 29 printings of 29 cards (tokens and an art-series object among
        # them; a double-faced card's printing is one entry per face).
        self.assertEqual(Card.objects.count(), 1081 + 18 + 29)
        self.assertEqual(Printing.objects.count(), 1118 + 18 + 6 + 29)  # Giant Spider's wordings

    def test_seed_document_cards_have_their_italian_names(self):
        expected = {
            "Tarox Bladewing": "Tarox Alaspada",
            "Zoetic Cavern": "Caverna Zootica",
            "Llanowar Mentor": "Mentore di Llanowar",
            "Arc Blade": "Lama ad Arco",
            "Jhoira of the Ghitu": "Jhoira dei Ghitu",
            "Judge Unworthy": "Giudicare Indegno",
            "Mistform Dreamer": "Sognatore Nebbiforme",
        }
        for name, name_it in expected.items():
            self.assertEqual(Card.objects.get(name=name).italian_name, name_it, name)

    def test_keywords_are_named_in_italian_from_the_printed_text(self):
        names = dict(Keyword.objects.exclude(name_it="").values_list("name", "name_it"))
        for english, italian in {
            "Flying": "Volare",
            "Morph": "Metamorfosi",
            "Suspend": "Sospendere",
            "Scry": "Profetizzare",
            "Lifelink": "Legame vitale",
            "Reach": "Raggiungere",
            "Shroud": "Velo",
            "Cycling": "Ciclo",
            "Fear": "Paura",
        }.items():
            self.assertEqual(names.get(english), italian, english)
        self.assertEqual(Keyword.objects.get(name="Scry").kind, Keyword.Kind.ACTION)

    def test_second_load_is_skipped_and_a_forced_one_changes_nothing(self):
        counts = row_counts()
        out = StringIO()
        call_command("load_bundled_data", stdout=out, stderr=StringIO())
        self.assertIn("already loaded", out.getvalue())
        out = StringIO()
        call_command("load_bundled_data", "--force", stdout=out, stderr=StringIO())
        self.assertIn("Nothing changed", out.getvalue())
        self.assertEqual(row_counts(), counts)

    def test_a_changed_importer_imports_the_loaded_data_again_and_says_why(self):
        counts = row_counts()
        current = version.IMPORTER_VERSION
        with mock.patch.object(version, "IMPORTER_VERSION", current + 1):
            out = StringIO()
            call_command("load_bundled_data", stdout=out, stderr=StringIO())
            self.assertIn(
                "Bundled data: the importer changed since these files were imported "
                f"(version {current} -> {current + 1}): importing them again.",
                out.getvalue(),
            )
            self.assertEqual(CardDataImport.objects.first().importer_version, current + 1)
            out = StringIO()
            call_command("load_bundled_data", stdout=out, stderr=StringIO())
            self.assertIn("already loaded", out.getvalue())
        counts["oracle.CardDataImport"] += 1  # the new import's record, and nothing else
        self.assertEqual(row_counts(), counts)

    def test_a_changed_importer_leaves_cards_imported_from_other_files_to_update_data(self):
        # As on a site whose cards came from AllPrintings through update_data.
        newest = CardDataImport.objects.first()
        newest.files = [{"name": "AllPrintings.json.gz", "sha256": "0" * 64}]
        newest.save()
        counts = row_counts()
        with mock.patch.object(version, "IMPORTER_VERSION", version.IMPORTER_VERSION + 1):
            out = StringIO()
            call_command("load_bundled_data", stdout=out, stderr=StringIO())
        self.assertIn(
            "came from other files than the bundled ones: run update_data", out.getvalue()
        )
        self.assertEqual(row_counts(), counts)


def row_counts() -> dict[str, int]:
    """Rows in every table, the other apps' included (the bundled data loads theirs too)."""
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}
