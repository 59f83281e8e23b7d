"""The keywords a document says were renamed (fixtures/documents/renamed_keywords.json, each
entry checked against the document's sentences: sourced_facts.py), read into ``Renamings``;
and how a printed line reads once the rules update rewrote it (``written_as_of_update``).
No database."""

import re
from dataclasses import dataclass
from pathlib import Path

from common.text import fold, fold_line, fold_with_origins
from rulings.importers.release_notes.heading_subjects import word_position
from rulings.importers.release_notes.sourced_facts import FACTS_FOLDER, SourceChecker, facts_about

RENAMED_KEYWORDS = FACTS_FOLDER / "renamed_keywords.json"
PLAIN_APOSTROPHES = str.maketrans(dict.fromkeys("\u2019\u2018\u02bc", "'"))


@dataclass(frozen=True)
class Rewrite:
    """One way the rules update wrote a printed line with the keyword."""

    printed: re.Pattern  # on the line with plain apostrophes and the card's name as "~"
    written: str | None  # the replacement (groups as \\1, "~" the name); None: no erratum


@dataclass(frozen=True)
class Renaming:
    """A keyword that names an ability older cards wrote out in full."""

    keyword: str  # the keyword's slug
    search: str  # a piece of the old wording, to narrow the search in the database
    old_wording: re.Pattern  # in a folded printed line, reminders out, the card's name as "~"
    described: str  # the old wording, as the reason quotes it
    quotes: tuple[str, ...]  # the document's sentences announcing it
    rewrites: tuple[Rewrite, ...] = ()  # how the update wrote a printed line, tried in order


@dataclass(frozen=True)
class FormerName:
    """A keyword the document says went by another name: its paragraph becomes a ruling."""

    keyword: str  # the keyword's slug
    paragraph: str


@dataclass(frozen=True)
class Renamings:
    errata: tuple[Renaming, ...] = ()
    former_names: tuple[FormerName, ...] = ()


def read_renamings(
    key: str, document_text: str, *, document_name: str = "", path: Path = RENAMED_KEYWORDS
) -> Renamings:
    """What the file says the document ``key`` (its slug) renamed, every sentence checked
    against ``document_text``; nothing when the file says nothing of that document."""
    facts = facts_about(key, path) or {}
    check = SourceChecker(document_text, path, document_name or key)
    errata = []
    for number, entry in enumerate(facts.get("errata") or [], start=1):
        where = f"{key}, erratum {number} ({entry.get('keyword', '')})"
        fields = ("keyword", "printed_wording", "pattern", "search")
        if not all(isinstance(entry.get(name), str) and entry[name] for name in fields):
            check.fail(f"{where}: expected {', '.join(repr(name) for name in fields)}")
        try:
            pattern = re.compile(entry["pattern"])
        except re.error as error:
            check.fail(f"{where}: 'pattern' is not a regular expression ({error})")
        quotes = check.sentences(entry, where)
        errata.append(
            Renaming(
                entry["keyword"],
                entry["search"],
                pattern,
                entry["printed_wording"],
                tuple(quotes),
                _read_rewrites(entry, where, check),
            )
        )
    former_names = []
    for number, entry in enumerate(facts.get("former_names") or [], start=1):
        where = f"{key}, former name {number} ({entry.get('keyword', '')})"
        if not entry.get("keyword") or not entry.get("former_name"):
            check.fail(f"{where}: expected 'keyword' and 'former_name'")
        paragraph = " ".join(check.sentences(entry, where, entry["former_name"]))
        former_names.append(FormerName(entry["keyword"], paragraph))
    return Renamings(tuple(errata), tuple(former_names))


def _read_rewrites(entry: dict, where: str, check: SourceChecker) -> tuple[Rewrite, ...]:
    rewrites = entry.get("as_of_update")
    if not isinstance(rewrites, list) or not rewrites:
        check.fail(f"{where}: expected 'as_of_update', how the rules update wrote the line")
    keyword = fold_line(entry["keyword"].replace("-", " "))
    found = []
    for number, rewrite in enumerate(rewrites, start=1):
        at = f"{where}, rewrite {number}"
        printed = rewrite.get("printed") if isinstance(rewrite, dict) else None
        written = rewrite.get("written", "") if isinstance(rewrite, dict) else ""
        if not isinstance(printed, str) or not (written is None or isinstance(written, str)):
            check.fail(f"{at}: expected 'printed' (a regular expression) and 'written' (or null)")
        if written is not None and word_position(keyword, fold_line(written)) < 0:
            check.fail(f"{at}: 'written' does not name the keyword")
        try:
            found.append(Rewrite(re.compile(printed, re.IGNORECASE), written))
        except re.error as error:
            check.fail(f"{at}: 'printed' is not a regular expression ({error})")
    return tuple(found)


def written_as_of_update(line: str, name: str, rewrites) -> tuple[Rewrite | None, str | None]:
    """The rewrite that fits the printed ``line`` of the card named ``name`` (None when none
    does), and the line as the rules update wrote it (None when none fits, or the one that fits
    says the card got no erratum)."""
    marked, spelling = _name_marked(line.translate(PLAIN_APOSTROPHES), name)
    for rewrite in rewrites:
        match = rewrite.printed.search(marked)
        if match is None:
            continue
        if rewrite.written is None:
            return rewrite, None
        written = marked[: match.start()] + match.expand(rewrite.written) + marked[match.end() :]
        return rewrite, written.replace("~", spelling)
    return None, None


def _name_marked(line: str, name: str) -> tuple[str, str]:
    """``line`` with the card's name written "~" wherever it stands (accents and case aside:
    "Æther Membrane" is the card Aether Membrane), and the name as the line spells it."""
    folded, origins = fold_with_origins(line)
    target = fold(name)
    pieces, spelling, position = [], name, 0
    start = folded.find(target) if target else -1
    while start >= 0:
        first, last = origins[start], origins[start + len(target) - 1] + 1
        if not pieces:
            spelling = line[first:last]
        pieces += [line[position:first], "~"]
        position = last
        start = folded.find(target, start + len(target))
    pieces.append(line[position:])
    return "".join(pieces), spelling
