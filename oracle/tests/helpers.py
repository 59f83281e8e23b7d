"""What the tests of both apps share: the bundled card files, cards found by their printed
Italian name, pages read with their white space squeezed, a form posted back as shown, and small
MTGJSON files built as dicts (``mtgjson_card``, ``mtgjson_set``, ``small_set``) and imported from a
temporary directory, so each test shows the shape of data it is about; a test case that reads
messages in English, and one that reads the card search page on the bundled data."""

import gzip
import html
import json
import re
import shutil
import tempfile
from io import StringIO
from pathlib import Path
from uuid import UUID

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.test import SimpleTestCase
from django.utils import translation

from oracle.models import Card, PrintingFace
from web.testing import (
    BundledDataTestCase,
)

MTGJSON_FIXTURES = Path(settings.BASE_DIR) / "fixtures" / "mtgjson"
FUT = MTGJSON_FIXTURES / "FUT.json"


def mtgjson_cards(code: str) -> dict[str, dict]:
    """The cards of one bundled set file, one entry per name."""
    data = json.loads((MTGJSON_FIXTURES / f"{code}.json").read_text(encoding="utf-8"))
    return {card["name"]: card for card in data["data"]["cards"]}


def card_named(italian_name: str) -> Card | None:
    """The card printed with this Italian name, looked up without the importers' matching."""
    face = PrintingFace.objects.filter(name_it=italian_name).select_related("face__card").first()
    return face.face.card if face else None


def squeeze(html: str) -> str:
    """The page with runs of white space as one space, to match text across template lines."""
    return re.sub(r"\s+", " ", html)


# A row of a set's table of cards (cards/_set_card_rows.html): its number, then its name.
SET_TABLE_ROW = re.compile(
    r'<tr role="row">\s*<td role="cell">([^<]*)</td>\s*<th scope="row" role="rowheader">'
    r'<a href="[^"]*">([^<]*)</a>'
)


def set_table_rows(response) -> list[tuple[str, str]]:
    """(collector number, name as shown) of each row of a set page's table, in order."""
    return [
        (html.unescape(number), html.unescape(name))
        for number, name in SET_TABLE_ROW.findall(response.content.decode())
    ]


def posted_values(form) -> dict:
    """What a browser sends back from ``form`` as it is shown."""
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if field.disabled:
            continue
        if isinstance(value, list | tuple):
            data[name] = [str(each) for each in value]
        elif isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = str(value)
    return data


KEYWORDS = MTGJSON_FIXTURES / "Keywords.json"
TAROX_ORACLE_ID = UUID("e195f2f8-2db7-46b8-948c-c3c27f2e5825")

# Oracle ids of cards in the small sets the import tests build.
FIRE_ICE = "00000000-0000-4000-8000-000000000001"
DELVER = "00000000-0000-4000-8000-000000000002"
BONECRUSHER = "00000000-0000-4000-8000-000000000006"
SERRA = "00000000-0000-4000-8000-000000000009"

_uuids = iter(range(1, 10_000))


def run_import(*paths, **options) -> tuple[str, str]:
    """Run the command; give (stdout, stderr)."""
    stdout, stderr = StringIO(), StringIO()
    call_command("import_mtgjson", *paths, stdout=stdout, stderr=stderr, **options)
    return stdout.getvalue(), stderr.getvalue()


def table_counts() -> dict[str, int]:
    """Rows in every table: those an import writes and those it must leave alone (with what
    other apps keep about cards: their receivers of ``cards_synced`` run in the import)."""
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}


def mtgjson_card(name, number, oracle_id, **fields):
    """One MTGJSON card entry (one printing of one face) with the keys the importer reads."""
    entry = {
        "name": name,
        "number": number,
        "layout": "normal",
        "uuid": f"10000000-0000-5000-8000-{next(_uuids):012d}",
        "type": "Instant",
        "types": ["Instant"],
        "supertypes": [],
        "subtypes": [],
        "text": "",
        "manaValue": 0.0,
        "colors": [],
        "colorIdentity": [],
        "rarity": "common",
        "frameVersion": "2003",
        "borderColor": "black",
        "legalities": {"legacy": "Legal", "vintage": "Legal"},
        "identifiers": {"scryfallOracleId": oracle_id} if oracle_id else {},
    }
    entry.update(fields)
    return entry


def mtgjson_set(code, name, cards, tokens=(), **fields):
    return {
        "code": code,
        "name": name,
        "type": "expansion",
        "releaseDate": "2020-01-24",
        "baseSetSize": len(cards),
        "totalSetSize": len(cards),
        "keyruneCode": code,
        "translations": {},
        "cards": list(cards),
        "tokens": list(tokens),
        **fields,
    }


def italian(name, text="", type_line="", face_name=None):
    data = {"language": "Italian", "name": name, "text": text, "type": type_line}
    if face_name:
        data["faceName"] = face_name
    return [data]


def small_set(code="ABC", name="Another Set"):
    return mtgjson_set(
        code,
        name,
        [
            mtgjson_card(
                "Serra Angel",
                "1",
                SERRA,
                type="Creature — Angel",
                types=["Creature"],
                subtypes=["Angel"],
                text="Flying, vigilance",
                keywords=["Flying", "Vigilance"],
                foreignData=italian("Angelo di Serra", "Volare, cautela", "Creatura — Angelo"),
            )
        ],
    )


class TemporaryFilesMixin:
    def setUp(self):
        super().setUp()
        self.tmp = Path(tempfile.mkdtemp(prefix="oracolo-import-"))
        self.addCleanup(shutil.rmtree, self.tmp, ignore_errors=True)

    def write_json(self, name, obj, compress=False):
        text = json.dumps(obj, ensure_ascii=False)
        path = self.tmp / name
        if compress:
            path.write_bytes(gzip.compress(text.encode()))
        else:
            path.write_text(text, encoding="utf-8")
        return path

    def card(self, oracle_id):
        return Card.objects.get(oracle_id=oracle_id)

    def face_names(self, oracle_id):
        return list(self.card(oracle_id).faces.values_list("side", "name"))

    def write_set_file(self, name, set_obj, compress=False):
        meta = {"date": "2022-04-25", "version": "5.2.0+20220425"}
        return self.write_json(name, {"meta": meta, "data": set_obj}, compress)


class EnglishTestCase(SimpleTestCase):
    """Messages are compared in English, whatever language an earlier test's request to an
    /it/ page left active in this thread."""

    def setUp(self):
        super().setUp()
        self.enterContext(translation.override("en"))


class SearchPageTestCase(BundledDataTestCase):
    """The card search page on the bundled data, searched and read row by row and page by page."""

    @classmethod
    def setUpTestData(cls):
        cls.fut = mtgjson_cards("FUT")

    def setUp(self):
        cache.clear()  # the facet options are cached per data fingerprint; start clean

    def search(self, language="en", **params):
        return self.client.get(f"/{language}/cards/", params)

    def row_names(self, response):
        return [row.name for row in response.context["rows"]]

    def all_pages(self, language="en", **params):
        """Every row name over all result pages, following the page's own "next" links."""
        response = self.search(language, **params)
        if response.status_code == 302:  # exactly one card: its page
            return [Card.objects.get(slug=response.url.split("/")[-2]).name]
        self.assertEqual(response.status_code, 200)
        found = self.row_names(response)
        while response.context["page_obj"].has_next():
            next_link = re.search(r'href="(\?[^"]*)" rel="next"', response.content.decode())
            response = self.client.get(f"/{language}/cards/" + next_link[1].replace("&amp;", "&"))
            found += self.row_names(response)
        return found
