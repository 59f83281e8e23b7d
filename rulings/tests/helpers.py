"""What several rulings tests share: the seed documents' folder and a test case that reads them,
rule numbers with letters, the bundled rules files and a rules import, a test case for the
links between the bundled cards and rules, one for the keywords and errata the seed documents
bring, one with the seed documents imported as ``make run`` imports them, and one that reads the
pages of the bundled rules editions."""

import datetime
import html
import itertools
import json
import re
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import SimpleTestCase

from oracle.models import Card, CardType, Erratum, Keyword
from oracle.tests.helpers import squeeze
from rulings.importers.release_notes.errata import record_renamed_keyword_errata
from rulings.importers.release_notes.keywords import apply_document_keywords
from rulings.importers.release_notes.reader import read_document
from rulings.importers.release_notes.report import ImportReport
from rulings.models import (
    CardRule,
    DocumentMention,
    DocumentSection,
    RuleSection,
    RulesEdition,
    Ruling,
    SourceDocument,
)
from web.testing import BundledDataTestCase

SEEDS = Path(settings.BASE_DIR) / "fixtures" / "documents" / "it"


def letters(prefix: str, letters: str) -> list[str]:
    """``letters("502.70", "abc")``: 502.70a, 502.70b, 502.70c."""
    return [prefix + letter for letter in letters]


RULES = Path(settings.BASE_DIR) / "fixtures" / "rules" / "en"
MAY_2007_RULES = RULES / "20070501.txt"
CURRENT_RULES = RULES / "20260417.txt"


def import_rules(path, **options) -> str:
    """Run ``import_rules`` on ``path``; its report."""
    out = StringIO()
    call_command("import_rules", path, stdout=out, stderr=StringIO(), **options)
    return out.getvalue()


def rules_file_cut_before(rules_file: Path, number: str, folder: Path) -> Path:
    """A copy of ``rules_file`` in ``folder`` that stops just before the line of rule
    ``number``, as a broken download does: no later rule, no glossary."""
    text = rules_file.read_bytes()
    line_end = b"\r\n" if b"\r\n" in text else b"\n"
    cut = text.index(line_end + number.encode() + b" ") + len(line_end)
    path = folder / f"{rules_file.stem}-cut-before-{number}.txt"
    path.write_bytes(text[:cut])
    return path


FUTURE_SIGHT = SEEDS / "future-sight-release-notes.txt"
ONSLAUGHT = SEEDS / "onslaught-morph-faq.txt"
MARVEL = SEEDS / "marvel-super-heroes-mechanics.txt"
WIKI = SEEDS / "wiki-stregoneria.txt"


class SeedTestCase(SimpleTestCase):
    """The four seed documents read once for the class, and their parts by kind and title."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.documents = {
            path: read_document(path) for path in (FUTURE_SIGHT, ONSLAUGHT, MARVEL, WIKI)
        }

    def sections(self, path):
        return [(section.kind, section.title) for section in self.documents[path].sections]

    def blocks(self, path, kind):
        return [
            block
            for section in self.documents[path].sections
            for block in section.blocks
            if block.kind == kind
        ]

    def section(self, path, title):
        (found,) = [s for s in self.documents[path].sections if s.title == title]
        return found

    def names(self, path):
        return [name for block in self.blocks_all(path) for name in block.names]

    def blocks_all(self, path):
        return [block for section in self.documents[path].sections for block in section.blocks]


DATA = Path(__file__).parent / "data"

RULES_SAMPLE = (DATA / "cr_en_sample.txt").read_bytes()


def import_rules_output(*args, **options):
    """Run ``import_rules`` with these arguments; what it wrote to stdout and to stderr."""
    out, err = StringIO(), StringIO()
    call_command("import_rules", *args, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


class BundledCardRulesTestCase(BundledDataTestCase):
    """The bundled cards and rules, linked, with an admin; the links of a card and the link_rules
    command."""

    @classmethod
    def setUpTestData(cls):
        cls.edition = RulesEdition.objects.official().in_force()
        cls.admin = User.objects.create_superuser("admin", password="pw-for-tests")

    def links(self, name):
        return CardRule.objects.filter(card__name=name).select_related("section")

    def numbers_in_force(self, name):
        rows = self.links(name).filter(excluded=False)
        return {row.section.number for row in rows}

    def section(self, number, edition=None):
        return RuleSection.objects.get(edition=edition or self.edition, number=number)

    def link_rules(self):
        out = StringIO()
        call_command("link_rules", stdout=out, stderr=StringIO())
        return out.getvalue()


def rule_list_item(page: str, number: str) -> str:
    """The list item of one rule in a rule page's tree, its characters unescaped."""
    return html.unescape(
        re.search(rf'<li id="{re.escape(number)}" class="rule-item.*?</li>', page)[0]
    )


# The seed documents as the keywords tests name them: file, title, date of publication.
FUT, ONS, MSH, WIKI_PAGE = "future-sight", "onslaught", "marvel", "wiki"

SEED_DOCUMENTS = {
    FUT: ("future-sight-release-notes.txt", "Compendio di Regole di Visione Futura", (2007, 5, 4)),
    ONS: ("onslaught-morph-faq.txt", "FAQ di Assalto", (2002, 10, 7)),
    MSH: ("marvel-super-heroes-mechanics.txt", "Meccaniche di Marvel Super Heroes", (2026, 4, 17)),
    WIKI_PAGE: ("wiki-stregoneria.txt", "Stregoneria (Wiki)", (2023, 6, 16)),
}


class DocumentKeywordsTestCase(BundledDataTestCase):
    """The bundled cards and rules with the four seed documents read, and the importer's steps run
    on them one by one."""

    @classmethod
    def setUpTestData(cls):
        cls.card_data_reminders = dict(Keyword.objects.values_list("slug", "reminder_text_it"))
        cls.parsed, cls.documents = {}, {}
        for name, (file_name, title, day) in SEED_DOCUMENTS.items():
            cls.parsed[name] = read_document(SEEDS / file_name)
            cls.documents[name] = SourceDocument.objects.create(
                slug=Path(file_name).stem,  # what fixtures/documents/*.json know it by
                title=title,
                kind=SourceDocument.Kind.RELEASE_NOTES,
                language="it",
                published_on=datetime.date(*day),
            )
        cls.first, cls.second = cls.import_all(), cls.import_all()

    @classmethod
    def import_all(cls) -> dict[str, ImportReport]:
        reports = {}
        for name in SEED_DOCUMENTS:
            reports[name] = report = ImportReport(document=name)
            apply_document_keywords(cls.documents[name], cls.parsed[name], report)
        for name in SEED_DOCUMENTS:
            record_renamed_keyword_errata(cls.documents[name], cls.parsed[name], reports[name])
        return reports

    def line(self, lines: list[str], start: str) -> str:
        found = [line for line in lines if line.startswith(start)]
        self.assertEqual(len(found), 1, f"{start!r} in {lines}")
        return found[0]

    def apply(self, name: str) -> ImportReport:
        report = ImportReport(document=name)
        apply_document_keywords(self.documents[name], self.parsed[name], report)
        return report

    def errata_section(self, name: str) -> str:
        card = Card.objects.get(name=name)
        page = self.client.get(f"/en/cards/{card.slug}/").content.decode()
        start = page.index('<section id="errata"')
        return page[start : page.index("</section>", start)]


DOCUMENTS = Path(settings.BASE_DIR) / "fixtures" / "documents"
MANIFEST = json.loads((DOCUMENTS / "documents.json").read_text(encoding="utf-8"))
FUT_TITLE = "Compendio di Regole di Visione Futura"

GRANDEUR_RULING = (
    "L'abilità magnificenza può essere giocata solo mentre la creatura che ce l'ha è in gioco. "
    "Per giocare l'abilità, deve essere scartata un'altra carta con lo stesso nome."
)


def import_notes(path, **options) -> str:
    out = StringIO()
    call_command("import_release_notes", path, stdout=out, stderr=StringIO(), **options)
    return out.getvalue()


def not_found_in(report: str) -> list[str]:
    """The names a report lists as not found in the card data."""
    listed = report.partition("Names not found in the card data (")[2].splitlines()[1:]
    return [
        line.removeprefix("  - ")
        for line in itertools.takewhile(lambda line: line.startswith("  - "), listed)
    ]


def row_counts() -> dict[str, int]:
    models = (
        *(SourceDocument, DocumentSection, DocumentMention, Ruling, RuleSection, RulesEdition),
        *(Card, Keyword, CardType, Erratum),
    )
    return {model.__name__: model.objects.count() for model in models}


def imported_state() -> dict[str, list]:
    """What the imports wrote, row by row: sections with their subjects, rulings, card names,
    Italian rules, errata, keywords' and types' Italian names."""
    return {
        "sections": list(
            DocumentSection.objects.order_by("pk").values_list(
                "pk", "title", "card", "keyword", "card_type", "blocks"
            )
        ),
        "rulings": list(
            Ruling.objects.exclude(source_document__kind=SourceDocument.Kind.RULINGS_DATABASE)
            .order_by("pk")
            .values_list("pk", "card", "keyword", "card_type", "section", "position", "text")
        ),
        "mentions": sorted(DocumentMention.objects.values_list("section", "name", "card")),
        "rules": list(
            RuleSection.objects.filter(edition__language="it")
            .order_by("pk")
            .values_list("pk", "number", "title", "text", "note", "position", "parent")
        ),
        "errata": list(Erratum.objects.order_by("pk").values_list("pk", "card", "old_text")),
        "keywords": list(
            Keyword.objects.order_by("pk").values_list("pk", "name_it", "reminder_text_it")
        ),
        "types": list(CardType.objects.order_by("pk").values_list("pk", "name_it")),
    }


class SeedDocumentsTestCase(BundledDataTestCase):
    """The four seed documents imported as ``make run`` imports them, on the bundled cards and
    rules."""

    @classmethod
    def setUpTestData(cls):
        cls.reports = {}
        for entry in MANIFEST:
            cls.reports[entry["file"]] = import_notes(
                DOCUMENTS / entry["file"],
                language=entry["language"],
                kind=entry["kind"],
                set_code=entry.get("set"),
                date=entry.get("date"),
                title=entry.get("title"),
            )
        cls.fut = SourceDocument.objects.get(slug="future-sight-release-notes")
        cls.ons = SourceDocument.objects.get(slug="onslaught-morph-faq")
        cls.marvel = SourceDocument.objects.get(slug="marvel-super-heroes-mechanics")
        cls.wiki = SourceDocument.objects.get(slug="wiki-stregoneria")
        cls.admin = User.objects.create_superuser("admin")  # no password: logged in by force

    def report(self, name: str) -> str:
        return self.reports[f"it/{name}.txt"]

    def assertImportFails(self, path, message, **options):
        before = row_counts()
        with self.assertRaisesMessage(CommandError, message):
            import_notes(path, **options)
        self.assertEqual(row_counts(), before)


class BundledRulesPagesTestCase(BundledDataTestCase):
    """The three real editions the project carries (May 2007, July 2009, April 2026), imported once,
    and their pages read."""

    def get(self, url, status=200):
        response = self.client.get(url)
        self.assertEqual(response.status_code, status, url)
        return response

    def page(self, url):
        return squeeze(self.get(url).content.decode())

    def rules_index(self):
        from rulings.models import RulesEdition
        from web.pages.rules.search import rules_index

        return rules_index(RulesEdition.objects.official().in_force())
