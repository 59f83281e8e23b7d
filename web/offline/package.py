"""The offline package of one data version, as files on disk (docs/offline.md).

``OFFLINE_DATA_DIR/<N>/`` holds, gzip-compressed, ``index.json`` and the parts
``cards-KKK.json`` and ``details-KKK.json`` of data version N. A version's folder is written
whole under a temporary name and renamed into place when complete (a rename is atomic), so a
reader finds a version complete or not at all, and two builders at once never expose half a
file: the second rename fails and its copy is thrown away. ``ensure_built`` builds the current
version once, under a lock (a ``flock`` on ``build.lock``) that other processes of the machine
wait on, and then removes the older versions. ``servable`` is what requests use: it builds when
no one else is building, and otherwise answers at once with the newest complete package, so
that a build holds one request of the machine, never all of them.
"""

import fcntl
import gzip
import json
import shutil
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils import translation

from oracle import data_version
from oracle.models import Keyword
from rulings.models import RuleSection, RulesEdition
from web.jinja2 import static_url
from web.offline.records import edition_rules, kept_cards, part_records
from web.pages.rules.page import rule_url
from web.pages.rules.section_pages import RULES_PER_PAGE
from web.pages.type_lines import italian_subtypes

CARDS_PER_PART = 2000
COMPRESSION = 9
INDEX = "index.json"
LANGUAGES = ("it", "en")
Level = RuleSection.Level
# The static files the kept pages load (base.html's, the rules' and the search's scripts, the
# fonts their style sheets name: browsers that run a service worker read woff2) and the icons.
# web/tests/test_offline_data.py checks that every kept page asks for none other.
ASSETS = (
    "vendor/mana/css/mana.css",
    "vendor/mana/fonts/mana.woff2",
    "vendor/keyrune/fonts/keyrune.woff2",
    "css/keyrune.css",
    "css/base.css",
    "css/symbols.css",
    "css/cards.css",
    "css/search.css",
    "css/rules.css",
    "css/documents.css",
    "css/keywords.css",
    "css/images.css",
    "css/print.css",
    "img/favicon.svg",
    "js/card-images.js",
    "js/autocomplete.js",
    "js/rule-anchors.js",
    "js/search-sort.js",
    "offline/icons/icon-192.png",
    "offline/icons/icon-512.png",
    "offline/icons/icon-maskable-512.png",
    "offline/install.js",  # the Offline page's: the browser's half (static/offline/)
)


def static_files_ready() -> bool:
    """Whether the static files the package names have their addresses: in production, once
    collectstatic has written the manifest of their hashed names."""
    try:
        static_url(ASSETS[0])
    except ValueError:  # "Missing staticfiles manifest entry"
        return False
    return True


def data_dir() -> Path:
    return Path(settings.OFFLINE_DATA_DIR)


def file_name(name: str, part: int | None = None) -> str:
    """ "cards", 3 -> "cards-003.json"; "index" -> "index.json"."""
    return f"{name}.json" if part is None else f"{name}-{part:03d}.json"


def url(version: int, name: str) -> str:
    return f"/offline/{version}/{name}"


def version_dir(version: int) -> Path:
    return data_dir() / str(version)


def is_built(version: int) -> bool:
    return (version_dir(version) / f"{INDEX}.gz").is_file()


def ensure_built(version: data_version.Version) -> Path:
    """The folder of ``version``'s package, built first if it is not yet."""
    if not is_built(version.number):
        with build_lock():
            if not is_built(version.number):
                build(version)
    return version_dir(version.number)


def servable(version: data_version.Version) -> int | None:
    """The version whose package a request may serve: ``version``'s, built first unless another
    request or process is building it; while one is, the newest complete package (None when
    there is none yet)."""
    if is_built(version.number):
        return version.number
    with build_lock(wait=False) as locked:
        if locked:
            if not is_built(version.number):
                build(version)
            return version.number
    return newest_built()


def newest_built() -> int | None:
    versions = [
        folder_version(folder.name)
        for folder in data_dir().glob("[0-9]*")
        if folder.name.isdigit() and is_built(int(folder.name))
    ]
    return max(versions, default=None)


@contextmanager
def build_lock(wait: bool = True):
    """Hold the build lock (yield True); with ``wait=False``, yield False at once when another
    holds it."""
    data_dir().mkdir(parents=True, exist_ok=True)
    with open(data_dir() / "build.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build(version: data_version.Version) -> Path:
    """Write ``version``'s package into its folder, then remove older versions' folders."""
    final = version_dir(version.number)
    temporary = data_dir() / f".building-{version.number}-{uuid.uuid4().hex}"
    temporary.mkdir(parents=True)
    try:
        write_package(temporary, version)
        try:
            temporary.rename(final)
        except OSError:  # another builder's copy is in place: the same version, complete
            shutil.rmtree(temporary)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    for other in data_dir().iterdir():
        if other.is_dir() and folder_version(other.name) < version.number:
            shutil.rmtree(other, ignore_errors=True)
    return final


def folder_version(name: str) -> int:
    """The version a folder holds or was building ("12", ".building-12-<id>"); builds cut short
    leave the latter. A folder of no version counts as the newest, and stays."""
    number = name.removeprefix(".building-").partition("-")[0]
    return int(number) if number.isdigit() else sys.maxsize


def write_json(folder: Path, name: str, content) -> tuple[int, int]:
    """Write ``content`` as ``name``.gz in ``folder``; (bytes compressed, bytes as JSON)."""
    raw = json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()
    packed = gzip.compress(raw, COMPRESSION, mtime=0)
    (folder / f"{name}.gz").write_bytes(packed)
    return len(packed), len(raw)


def write_package(folder: Path, version: data_version.Version) -> dict:
    number = version.number
    edition = RulesEdition.objects.official().in_force()
    rules = edition_rules(edition.pk if edition else None)
    subtypes = italian_subtypes()
    card_ids = list(kept_cards().values_list("pk", flat=True))
    parts, details = [], []
    for part, start in enumerate(range(0, len(card_ids), CARDS_PER_PART)):
        search, detail = part_records(
            card_ids[start : start + CARDS_PER_PART], part, rules, subtypes
        )
        for kind, cards, listing in (("cards", search, parts), ("details", detail, details)):
            name = file_name(kind, part)
            packed, _raw = write_json(
                folder, name, {"version": str(number), "part": part, "cards": cards}
            )
            listing.append({"url": url(number, name), "cards": len(cards), "bytes": packed})
    assets = [static_url(path) for path in ASSETS]
    index = {
        **version_facts(version),
        "cards": len(card_ids),
        "bytes": sum(item["bytes"] for item in parts + details) + assets_bytes(),
        "parts": parts,
        "details": details,
        "pages": {language: pages(language, edition) for language in LANGUAGES},
        "assets": assets,
        "rule_links": {language: rule_links(language, edition) for language in LANGUAGES},
    }
    write_json(folder, INDEX, index)
    return index


def built_facts(number: int) -> dict:
    """version.json's facts of a built package: those its index was written with."""
    index = read_index(number) or {}
    return {key: index.get(key) for key in ("version", "built", "cards_date")}


def version_facts(version: data_version.Version) -> dict:
    """What version.json and the index say of the data version."""
    return {
        "version": str(version.number),
        "built": version.changed_at.isoformat().replace("+00:00", "Z"),
        "cards_date": version.cards_date.isoformat() if version.cards_date else None,
    }


def assets_bytes() -> int:
    """The static files' size as sent: gzip-compressed where that makes them smaller."""
    total = 0
    for path in ASSETS:
        found = finders.find(path)
        if found is None:
            continue
        content = Path(found).read_bytes()
        total += min(len(content), len(gzip.compress(content, COMPRESSION)))
    return total


def edition_rows(edition) -> list[dict]:
    """The edition's rules, chapters to subrules, in reading order."""
    if edition is None:
        return []
    return list(edition.sections.order_by("position").values("pk", "number", "level", "parent_id"))


def section_pages(rows) -> tuple[dict[int, list[str]], dict[int, str]]:
    """({chapter or section id: the address of each of its pages}, {rule id: its page} for the
    rules of sections too long for one page), in the active language, as
    ``web.pages.rules.section_pages`` splits them."""
    rules_of: dict[int, list[dict]] = {}
    for row in rows:
        rules_of.setdefault(row["parent_id"], []).append(row)
    sections: dict[int, list[str]] = {}
    page_of_rule: dict[int, str] = {}
    for row in rows:
        if row["level"] > Level.SECTION:
            continue
        address = rule_url(row["number"])
        children = rules_of.get(row["pk"], []) if row["level"] == Level.SECTION else []
        count = -(-len(children) // RULES_PER_PAGE) if len(children) > RULES_PER_PAGE else 1
        sections[row["pk"]] = [address] + [f"{address}?page={k}" for k in range(2, count + 1)]
        if count > 1:
            for index, child in enumerate(children):
                page_of_rule[child["pk"]] = sections[row["pk"]][index // RULES_PER_PAGE]
    return sections, page_of_rule


def pages(language: str, edition) -> list[str]:
    """Every page kept offline in ``language``."""
    with translation.override(language):
        sections, _page_of_rule = section_pages(edition_rows(edition))
        found = [
            reverse("cards:home"),
            reverse("cards:card-list"),
            reverse("cards:about"),
            reverse("offline:about"),
            reverse("rules:rule-contents"),
            reverse("rules:glossary"),
        ]
        for addresses in sections.values():
            found += addresses
        found.append(reverse("rules:keyword-list"))
        for slug in Keyword.objects.order_by("slug").values_list("slug", flat=True):
            found.append(reverse("rules:keyword-detail", args=[slug]))
    return found


def rule_links(language: str, edition) -> dict[str, str]:
    """{rule number: the kept page that shows it, with the rule's anchor} in ``language``: a
    chapter or section its first page, a rule or subrule the page of its section that holds
    its text."""
    rows = edition_rows(edition)
    with translation.override(language):
        sections, page_of_rule = section_pages(rows)
    by_id = {row["pk"]: row for row in rows}
    links = {}
    for row in rows:
        if row["level"] <= Level.SECTION:
            links[row["number"]] = sections[row["pk"]][0]
            continue
        holder = row
        while holder["pk"] not in page_of_rule and holder["level"] > Level.SECTION:
            holder = by_id.get(holder["parent_id"])
            if holder is None:
                break
        if holder is None:
            continue
        page = page_of_rule.get(holder["pk"]) or sections[holder["pk"]][0]
        links[row["number"]] = f"{page}#{row['number']}"
    return links


def read_index(version: int) -> dict | None:
    path = version_dir(version) / f"{INDEX}.gz"
    return json.loads(gzip.decompress(path.read_bytes())) if path.is_file() else None
