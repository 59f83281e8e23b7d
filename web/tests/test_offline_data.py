"""The offline data's server half (issue 46, docs/offline.md): version.json, the index, the card
parts and details, their caching and compression, the manifests, and what ordinary pages carry."""

import gzip
import json
import re
import shutil
import tempfile
from io import StringIO
from unittest import mock

from django.core.management import CommandError, call_command
from django.db.models import F
from django.test import override_settings

from oracle import data_version
from oracle.models import DataVersion
from rulings.models import RulesEdition
from web.offline import package
from web.testing import BundledDocumentsTestCase
from web.tests.test_ruling_translations import english_text, translation

SURSI_ITALIAN = "Se la magia richiede dei bersagli, sono scelti quando {this} è lanciata."
STATIC_REFERENCE = re.compile(r'(?:href|src)="(/static/[^"]+)"')


class OfflineDataTestCase(BundledDocumentsTestCase):
    """Each class builds into a folder of its own, removed at its end."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="oracolo-offline-")
        cls.enterClassContext(override_settings(OFFLINE_DATA_DIR=cls.folder))
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def get_json(self, url: str, status: int = 200) -> dict:
        response = self.client.get(url)
        self.assertEqual(response.status_code, status, url)
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
        return json.loads(response.content)

    def index(self) -> dict:
        return self.get_json(self.get_json("/offline/version.json")["index"])

    def records(self) -> dict[str, dict]:
        return {
            record["s"]: record
            for part in self.index()["parts"]
            for record in self.get_json(part["url"])["cards"]
        }

    def details(self, slug: str) -> dict:
        part = self.records()[slug]["d"]
        return self.get_json(self.index()["details"][part]["url"])["cards"][slug]


class VersionTests(OfflineDataTestCase):
    def test_version_json_says_the_data_version_as_healthz_and_the_footer_do(self):
        response = self.client.get("/offline/version.json")
        self.assertEqual(response.status_code, 200)
        self.assertIn("no-cache", response["Cache-Control"])
        current = data_version.current()
        answer = response.json()
        self.assertEqual(answer["version"], str(current.number))
        self.assertEqual(self.client.get("/healthz").json()["data_version"], current.number)
        self.assertEqual(answer["index"], f"/offline/{current.number}/index.json")
        self.assertEqual(answer["cards_date"], current.cards_date.isoformat())
        self.assertTrue(answer["built"].startswith(current.changed_at.strftime("%Y-%m-%dT%H:%M")))
        footer = self.client.get("/en/").content.decode()
        self.assertIn(f"Cards: MTGJSON of {current.cards_date:%B} {current.cards_date.day}", footer)

    def test_another_version_is_a_404_in_json_with_the_current_one(self):
        current = self.get_json("/offline/version.json")["version"]  # built by then
        for url in ("/offline/99999/index.json", "/offline/0/cards-000.json"):
            with self.subTest(url):
                answer = self.get_json(url, status=404)
                self.assertEqual(answer["version"], current)
                self.assertIn("version", answer["error"])
        answer = self.get_json(f"/offline/{current}/secrets.json", status=404)
        self.assertIn("secrets.json", answer["error"])

    def test_while_a_build_runs_the_newest_complete_package_is_served_at_once(self):
        folder = tempfile.mkdtemp(prefix="oracolo-offline-")  # the other tests' stays as it is
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        self.enterContext(override_settings(OFFLINE_DATA_DIR=folder))
        old = self.get_json("/offline/version.json")["version"]
        DataVersion.objects.filter(pk=1).update(number=F("number") + 1)  # an editor's save
        with package.build_lock():  # another process is building the new version
            answer = self.get_json("/offline/version.json")
            self.assertEqual(answer["version"], old)
            self.assertEqual(self.get_json(answer["index"])["version"], old)
        new = self.get_json("/offline/version.json")
        self.assertEqual(new["version"], str(int(old) + 1))
        self.assertEqual(
            self.get_json(f"/offline/{old}/index.json", status=404)["version"], new["version"]
        )

    def test_a_folder_that_cannot_be_written_is_a_503_in_json(self):
        with tempfile.NamedTemporaryFile() as not_a_folder:
            with (
                override_settings(OFFLINE_DATA_DIR=not_a_folder.name),
                self.assertLogs("web.offline.data_views", "ERROR"),
            ):
                response = self.client.get("/offline/version.json")
                page = self.client.get("/en/offline/")
        self.assertEqual(response.status_code, 503)
        self.assertEqual(response["Retry-After"], "300")
        self.assertIn("try again later", response.json()["error"])
        self.assertContains(page, 'id="offline-download"')
        self.assertNotContains(page, "to download for the card records")

    def test_without_collected_static_files_the_command_says_so_and_prepare_leaves_it(self):
        manifest = {
            "staticfiles": {
                "BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
            },
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        }
        with (
            tempfile.TemporaryDirectory() as empty,
            override_settings(STORAGES=manifest, STATIC_ROOT=empty),
        ):
            self.assertFalse(package.static_files_ready())
            with self.assertRaisesMessage(CommandError, "Run `manage.py collectstatic` first"):
                call_command("build_offline_data", stdout=StringIO())
            out = StringIO()
            call_command("prepare_data", stdout=out, stderr=StringIO())
        self.assertIn("Offline data: left to `make serve`", out.getvalue())
        self.assertTrue(package.static_files_ready())

    def test_the_command_builds_once_per_version(self):
        shutil.rmtree(package.version_dir(data_version.current().number), ignore_errors=True)
        out = StringIO()
        call_command("build_offline_data", stdout=out)
        call_command("build_offline_data", stdout=out)
        number = data_version.current().number
        self.assertIn(f"Offline data of version {number} built", out.getvalue())
        self.assertIn(f"Offline data of version {number} already built", out.getvalue())


class IndexTests(OfflineDataTestCase):
    def test_the_index_lists_every_part_and_its_pages_answer(self):
        index = self.index()
        self.assertEqual(index["version"], str(data_version.current().number))
        self.assertEqual(index["cards"], sum(part["cards"] for part in index["parts"]))
        self.assertEqual(index["cards"], len(self.records()))
        parts_bytes = sum(part["bytes"] for part in index["parts"] + index["details"])
        self.assertGreater(index["bytes"], parts_bytes)
        for language in ("it", "en"):
            pages = index["pages"][language]
            for page in (f"/{language}/", f"/{language}/cards/", f"/{language}/about/"):
                self.assertIn(page, pages)
            for page in ("offline/", "rules/", "rules/glossary/", "rules/702/", "keywords/"):
                self.assertIn(f"/{language}/{page}", pages)
            self.assertIn(f"/{language}/rules/702/?page=2", pages)
            self.assertIn(f"/{language}/keywords/flying/", pages)
            self.assertEqual(len(pages), len(set(pages)))

    def test_every_kept_page_answers_and_loads_only_listed_assets(self):
        index = self.index()
        assets = set(index["assets"])
        for language in ("it", "en"):
            for page in index["pages"][language]:
                response = self.client.get(page)
                self.assertEqual(response.status_code, 200, page)
                loaded = set(STATIC_REFERENCE.findall(response.content.decode()))
                self.assertLessEqual(loaded, assets, page)

    def test_every_rule_number_leads_to_the_kept_page_that_shows_it(self):
        index = self.index()
        edition = RulesEdition.objects.official().in_force()
        numbers = set(edition.sections.values_list("number", flat=True))
        for language in ("it", "en"):
            links = index["rule_links"][language]
            self.assertEqual(set(links), numbers)
            self.assertEqual(links["702"], f"/{language}/rules/702/")
            self.assertEqual(links["702.9"], f"/{language}/rules/702/#702.9")
            self.assertEqual(links["702.9b"], f"/{language}/rules/702/#702.9b")
            self.assertRegex(links["702.150a"], rf"^/{language}/rules/702/\?page=\d#702\.150a$")
            pages = set(index["pages"][language])
            self.assertLessEqual({link.partition("#")[0] for link in links.values()}, pages)
        page = self.client.get(index["rule_links"]["en"]["702.150a"].partition("#")[0])
        self.assertContains(page, 'id="702.150a"')


@mock.patch("web.offline.package.CARDS_PER_PART", 400)
class RecordTests(OfflineDataTestCase):
    @classmethod
    def setUpTestData(cls):
        super().setUpTestData()
        english = english_text("knight-of-sursi", "If the spell requires any targets")
        translation(english, SURSI_ITALIAN)

    def test_parts_split_the_cards_and_say_where_their_details_are(self):
        index = self.index()
        self.assertGreater(len(index["parts"]), 1)
        self.assertEqual(
            [part["cards"] for part in index["parts"][:-1]], [400] * (len(index["parts"]) - 1)
        )
        for number, part in enumerate(index["parts"]):
            content = self.get_json(part["url"])
            self.assertEqual((content["version"], content["part"]), (index["version"], number))
            self.assertEqual({record["d"] for record in content["cards"]}, {number})

    def test_a_card_record_has_both_names_types_texts_and_keywords(self):
        record = self.records()["akroma-angel-of-fury"]
        self.assertEqual(record["n"], "Akroma, Angel of Fury")
        self.assertEqual(record["ni"], "Akroma, Angelo della Furia")
        self.assertEqual(record["t"], "Legendary Creature — Angel")
        self.assertEqual(record["ti"], "Creatura Leggendaria — Angelo")
        # Never printed in Italian: the type line the pages compose from the type words.
        self.assertEqual(self.records()["meddling-mage"]["ti"], "Creatura — Mago Umano")
        self.assertEqual((record["m"], record["v"], record["c"]), ("{5}{R}{R}{R}", 8, "R"))
        self.assertIn("Flying", record["k"])
        self.assertIn("Volare", record["ki"])
        self.assertIn("Flying", record["o"])
        self.assertIn("Volare", record["oi"])
        self.assertEqual(len(record["k"]), len(record["ki"]))
        self.assertEqual(
            set(record), {"s", "n", "ni", "m", "v", "c", "t", "ti", "o", "oi", "k", "ki", "d"}
        )

    def test_details_have_legalities_rules_used_and_errata(self):
        akroma = self.details("akroma-angel-of-fury")
        self.assertEqual(akroma["l"]["legacy"], "legal")
        self.assertNotIn("standard", akroma["l"])
        self.assertIn("702.9", akroma["u"])  # flying
        self.assertEqual(akroma["u"], sorted(akroma["u"], key=self.rule_order))
        erratum = self.details("gigapede")["e"][0]
        self.assertEqual((erratum["date"], erratum["text"]), ("2007-05-01", "Shroud"))

    def test_an_approved_translation_comes_in_italian_with_the_english_beside(self):
        rulings = self.details("knight-of-sursi")["r"]
        translated = [ruling for ruling in rulings if ruling["lang"] == "it"]
        self.assertEqual(len(translated), 1)
        self.assertEqual(
            translated[0]["text"],
            "Se la magia richiede dei bersagli, sono scelti quando Cavaliera di Sursi è lanciata.",
        )
        self.assertTrue(translated[0]["en"].startswith("If the spell requires any targets"))
        others = [ruling for ruling in rulings if ruling["lang"] == "en"]
        self.assertTrue(others)
        self.assertTrue(all(ruling["en"] is None for ruling in others))

    @staticmethod
    def rule_order(number: str):
        edition = RulesEdition.objects.official().in_force()
        return edition.sections.get(number=number).position


class DeliveryTests(OfflineDataTestCase):
    def part_url(self) -> str:
        return self.index()["parts"][0]["url"]

    def test_parts_are_sent_compressed_to_who_accepts_gzip_and_kept_for_good(self):
        url = self.part_url()
        packed = self.client.get(url, headers={"Accept-Encoding": "gzip, br"})
        self.assertEqual(packed["Content-Encoding"], "gzip")
        body = gzip.decompress(b"".join(packed.streaming_content))
        plain = self.client.get(url, headers={"Accept-Encoding": "identity"})
        self.assertNotIn("Content-Encoding", plain)
        self.assertEqual(json.loads(body), json.loads(plain.content))
        for response in (packed, plain):
            self.assertEqual(response["Cache-Control"], "public, max-age=31536000, immutable")
            self.assertIn("Accept-Encoding", response["Vary"])

    def test_a_build_is_never_seen_half_done_and_a_second_one_changes_nothing(self):
        current = data_version.current()
        seen = []
        write = package.write_package

        def watched_write(folder, version):
            index = write(folder, version)
            seen.append(package.is_built(version.number))
            return index

        shutil.rmtree(package.data_dir(), ignore_errors=True)
        with mock.patch("web.offline.package.write_package", watched_write):
            package.build(current)
            first = self.files(current.number)
            package.build(current)  # as a second instance would, finding the first's in place
        self.assertEqual(seen, [False, True])
        self.assertEqual(self.files(current.number), first)
        self.assertEqual(
            [path.name for path in package.data_dir().iterdir() if path.is_dir()],
            [str(current.number)],
        )
        for name in first:
            json.loads(gzip.decompress((package.version_dir(current.number) / name).read_bytes()))

    def test_an_older_version_is_removed_when_the_new_one_is_built(self):
        current = data_version.current()
        older = package.data_dir() / str(current.number - 1)
        older.mkdir(parents=True, exist_ok=True)
        cut_short = package.data_dir() / f".building-{current.number - 1}-0123abcd"
        cut_short.mkdir()
        shutil.rmtree(package.version_dir(current.number), ignore_errors=True)
        self.client.get("/offline/version.json")
        self.assertFalse(older.exists())
        self.assertFalse(cut_short.exists())
        self.assertTrue(package.is_built(current.number))

    @staticmethod
    def files(number: int) -> dict[str, bytes]:
        folder = package.version_dir(number)
        return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


class PageTests(OfflineDataTestCase):
    def test_ordinary_pages_carry_the_manifest_link_and_the_footer_link_only(self):
        for language in ("it", "en"):
            page = self.client.get(f"/{language}/").content.decode()
            self.assertEqual(
                re.findall(r'<link rel="manifest"[^>]*>', page),
                [f'<link rel="manifest" href="/{language}/manifest.webmanifest">'],
            )
            self.assertIn(f'href="/{language}/offline/"', page.partition('class="site-footer"')[2])
            self.assertNotIn(
                "/offline/",
                page.partition('class="site-footer"')[0].replace("manifest.webmanifest", ""),
            )
            for script in ("sw.js", "serviceWorker", "install.js"):
                self.assertNotIn(script, page)
        self.assertContains(self.client.get("/it/"), ">Senza rete</a>")
        self.assertContains(self.client.get("/en/"), ">Offline</a>")

    def test_the_offline_page_says_what_is_kept_and_has_the_button(self):
        index = self.index()
        for language, title in (("it", "Senza rete"), ("en", "Offline")):
            response = self.client.get(f"/{language}/offline/")
            self.assertContains(response, f"<h1>{title}</h1>")
            self.assertContains(
                response,
                '<button id="offline-download" type="button" '
                'data-version-url="/offline/version.json" data-worker-url="/sw.js">',
            )
            self.assertContains(
                response, '<p id="offline-status" role="status" aria-live="polite"></p>'
            )
            self.assertContains(response, 'offline/install.js" defer></script>')
            self.assertContains(response, f'href="/{language}/offline/search/"')
            self.assertContains(
                response, f"{index['cards']:,}".replace(",", "." if language == "it" else ",")
            )
        page = self.client.get("/en/offline/").content.decode()
        self.assertRegex(page, r"About \d+(\.\d)?\xa0[KM]B to download")

    def test_the_manifests_name_the_app_in_each_language(self):
        for language, description in (
            ("it", "Testo Oracle"),
            ("en", "Magic: The Gathering Oracle card text"),
        ):
            response = self.client.get(f"/{language}/manifest.webmanifest")
            self.assertEqual(response.status_code, 200)
            self.assertEqual(response["Content-Type"], "application/manifest+json")
            manifest = response.json()
            self.assertEqual(manifest["name"], "Oracolo")
            self.assertEqual(manifest["lang"], language)
            self.assertEqual(manifest["start_url"], f"/{language}/")
            self.assertEqual((manifest["scope"], manifest["display"]), ("/", "standalone"))
            self.assertIn(description, manifest["description"])
            self.assertEqual(manifest["background_color"], "#fbfaf7")
            sizes = [(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]]
            self.assertEqual(
                sizes, [("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")]
            )
            for icon in manifest["icons"]:
                self.assertTrue(icon["src"].startswith("/static/offline/icons/"))
