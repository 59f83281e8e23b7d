"""Rule text a document quotes, stored as the Italian text of those rules.

Release notes and FAQs quote the Comprehensive Rules of their time in Italian ("502.26b Per
giocare una carta usando la sua abilità metamorfosi, ..."). Each quoted rule becomes a
RuleSection of a partial Italian RulesEdition (``is_complete`` False, ``source_document`` the
document) whose effective date is

- the date the document states for the rules it quotes (the wiki page: "Aggiornato a ...,
  16 Giugno 2023"), else
- the date of the English edition in force on the document's date, when there is one (the
  Future Sight notes of 2007-05-04 quote the rules of 2007-05-01): the Italian edition is then
  that English edition's twin, and the rule page shows the two side by side; else
- the document's own date (the Onslaught FAQ of 2002 predates every English edition here).

A twin is also checked against its English edition: a document may number a rule differently
from the English rules of the same date (the Future Sight notes quote Scry as "501.9", which
is Fateseal in the English rules of 2007-05-01; Scry is 501.8 there). When the quoted title,
read through the keywords' and card types' Italian names, or the game terms and rule numbers
the quoted text names, disagree with the English rule of that number while exactly one other
English rule agrees, the text is stored under the English number with a note, and the change
is returned. Nothing is moved when nothing else agrees: no guesses.

One row per (edition, number): a rule already stored from another document is kept, and the
disagreement reported. Complete editions and English editions are never written, so the rules
an English document quotes are not stored: the complete English editions hold them.
"""

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from common.text import fold
from oracle.models import CardType, Keyword
from rulings.importers.comprehensive_rules import HEADING_MAX_LENGTH, RULE, SECTION, SENTENCE_END
from rulings.importers.release_notes.changes import save_changes
from rulings.importers.release_notes.document import Block, Document, ReadError
from rulings.importers.release_notes.report import ImportReport
from rulings.importers.rule_words import title_key
from rulings.models import Language, RuleSection, RulesEdition
from rulings.rules.numbers import (
    CITED_NUMBER,
    NUMBER_PATTERN,
    level_of,
    number_key,
    parent_number,
)

# "(la terza frase è nuova)" in the line that introduces the quoted rules.
CHANGE_NOTE = re.compile(
    r"\(([^()]*\b(?:nuov[aoie]|modificat[aoie]|cambiat[aoie]|aggiunt[aoie]|riscritt[aoie])\b"
    r"[^()]*)\)",
    re.IGNORECASE,
)
NUMBER_PREFIX = re.compile(rf"^\s*\*?\s*(?P<number>{NUMBER_PATTERN})\.?(?:\s+|$)")
# Language-neutral marks a rule's text shares with its translation.
RULE_REFERENCE = re.compile(rf"(?<![\d.{{]){CITED_NUMBER}(?![\d}}])")
SYMBOL = re.compile(r"\{[^}]+\}|\b\d+/\d+\b")
ITALIAN_VOWEL_ENDING = re.compile(r"[aeiou]\b")
AGREES = 0.5  # share of a quoted rule's marks the English rule of that number must have


@dataclass(frozen=True)
class QuotedRule:
    number: str  # as the document numbers it
    title: str
    text: str
    note: str  # what the document says changed ("La terza frase è nuova.")
    line: int


@dataclass(frozen=True)
class EnglishRule:
    number: str
    level: int
    title: str
    text: str


# --- Reading the quoted rules out of the document (no database) ---------------------------------


def read_quoted_rules(parsed: Document) -> list[QuotedRule]:
    """The rules the document quotes, in the order it quotes them, each number once."""
    quoted: dict[str, QuotedRule] = {}
    for section in parsed.sections:
        note = ""
        for block in section.blocks:
            if block.kind != "rule":
                note = change_note(block.text) if block.kind in ("label", "paragraph") else ""
                continue
            number = block.number.strip().lstrip("*").rstrip(".").lower()
            if number in quoted:
                continue
            title, text = title_and_text(block, number)
            quoted[number] = QuotedRule(number, title, text, note, block.first_line)
    return list(quoted.values())


def change_note(text: str) -> str:
    """ "La sezione interessata è la seguente (la terza frase è nuova):" -> "La terza frase è
    nuova." ("" when the text says nothing changed)."""
    match = CHANGE_NOTE.search(text)
    if not match:
        return ""
    note = " ".join(match[1].split())
    note = note[0].upper() + note[1:]
    return note if note.endswith((".", "!", "?")) else f"{note}."


def title_and_text(block: Block, number: str) -> tuple[str, str]:
    """The title and body of a quoted rule, without its number ("501.9. Profetizzare" is a
    title; "502.26b Per giocare ..." a body)."""
    lines = block.text.strip().split("\n")
    prefix = NUMBER_PREFIX.match(lines[0])
    if prefix and prefix["number"].lower() == number:
        lines[0] = lines[0][prefix.end() :]
    title = block.title.strip()
    if title and lines[0].strip() == title:
        lines = lines[1:]
    body = "\n".join(line.strip() for line in lines).strip()
    level = level_of(number)
    if not title and "\n" not in body:
        heading = len(body) <= HEADING_MAX_LENGTH and not body.endswith(SENTENCE_END)
        if level == SECTION or (level == RULE and heading):
            title, body = body, ""
    return title, body


# --- Numbers the document gives differently from the English rules (no database) ----------------


def italian_key(name: str) -> str:
    """A title or name, folded, each word without its final vowel: "Tribali" and "Tribale" are
    the same key, as are "Legame vitale" and "Legame Vitale"."""
    return ITALIAN_VOWEL_ENDING.sub("", fold(" ".join(name.split())))


@dataclass
class Terms:
    """The English names of the game terms whose Italian names are known (keywords, types)."""

    by_italian_key: dict[str, set[str]]  # italian_key -> English title keys
    italian_names: list[tuple[re.Pattern, str]]  # Italian name as a word -> English name, folded

    @classmethod
    def from_pairs(cls, pairs) -> "Terms":
        """``pairs``: (English name, Italian name)."""
        by_key = defaultdict(set)
        names = {}
        for english, italian in pairs:
            if not english or not italian:
                continue
            by_key[italian_key(italian)].add(title_key(english, rename=False))
            names[fold(italian)] = fold(english)
        patterns = [
            (re.compile(rf"(?<!\w){re.escape(italian)}(?!\w)"), english)
            for italian, english in sorted(names.items(), key=lambda item: -len(item[0]))
        ]
        return cls(dict(by_key), patterns)

    def english_titles(self, italian_title: str) -> set[str]:
        return self.by_italian_key.get(italian_key(italian_title), set())

    def marks(self, italian_text: str) -> tuple[set[str], set[str]]:
        """(English game terms, language-neutral marks) a translation of the text should hold:
        the terms its Italian names stand for, and the rule numbers, symbols and P/T it names.
        """
        folded = fold(italian_text)
        terms = set()
        for pattern, english in self.italian_names:
            if pattern.search(folded):
                terms.add(english)
                folded = pattern.sub(" ", folded)  # "legame vitale" is not "legame" too
        neutral = set(RULE_REFERENCE.findall(italian_text)) | set(SYMBOL.findall(italian_text))
        return terms, neutral


def _share_found(rule: EnglishRule, terms: set[str], neutral: set[str]) -> float:
    if not terms and not neutral:
        return 0.0
    haystack = fold(f"{rule.title}\n{rule.text}")
    found = sum(1 for term in terms if re.search(rf"(?<!\w){re.escape(term)}(?!\w)", haystack))
    found += sum(1 for mark in neutral if mark in haystack)
    return found / (len(terms) + len(neutral))


def find_renumbering(
    quoted: list[QuotedRule], english: list[EnglishRule], terms: Terms
) -> dict[str, str]:
    """{number as quoted: number of the English rule it is} for the quoted rules that the
    English edition of the same date numbers differently; see the module docstring."""
    by_number = {rule.number: rule for rule in english}
    quoted_numbers = {rule.number for rule in quoted}
    taken = set(quoted_numbers)
    moved: dict[str, str] = {}
    for rule in sorted(quoted, key=lambda rule: number_key(rule.number)):
        target = _follow_parent(rule.number, moved, by_number)
        if target is None:
            target = _by_title(rule, english, by_number, terms)
        if target is None:
            target = _by_text(rule, english, by_number, terms)
        if target is not None and target != rule.number and target not in taken:
            moved[rule.number] = target
            taken.add(target)
    return moved


def _follow_parent(number: str, moved: dict[str, str], by_number) -> str | None:
    """501.9a follows 501.9 when 501.9 moved to 501.8: 501.8a (if the English rules have it)."""
    parent = parent_number(number)
    if parent is None or parent not in moved:
        return None
    target = moved[parent] + number[len(parent) :]
    return target if target in by_number else None


def _by_title(rule: QuotedRule, english, by_number, terms: Terms) -> str | None:
    if not rule.title:
        return None
    wanted = terms.english_titles(rule.title)
    if not wanted:
        return None  # a title no known term translates: no evidence either way
    same = by_number.get(rule.number)
    if same is not None and title_key(same.title, rename=False) in wanted:
        return rule.number
    level = level_of(rule.number)
    found = [
        other.number
        for other in english
        if other.level == level and other.title and title_key(other.title, rename=False) in wanted
    ]
    if len(found) > 1:  # the same title twice: the one in the same section
        found = [number for number in found if number[:3] == rule.number[:3]]
    return found[0] if len(found) == 1 else None


def _by_text(rule: QuotedRule, english, by_number, terms: Terms) -> str | None:
    found_terms, neutral = terms.marks(f"{rule.title}\n{rule.text}")
    if not found_terms:  # numbers and symbols alone are too weak to move a rule
        return None
    same = by_number.get(rule.number)
    if same is not None and _share_found(same, found_terms, neutral) >= AGREES:
        return rule.number
    level = level_of(rule.number)
    found = [
        other.number
        for other in english
        if other.level == level
        and other.number[:3] == rule.number[:3]
        and _share_found(other, found_terms, neutral) == 1.0
    ]
    return found[0] if len(found) == 1 else None


# --- Writing them ------------------------------------------------------------------------------


def edition_date(document, parsed: Document) -> tuple[date | None, bool]:
    """(effective date of the Italian edition, whether an English edition has that date)."""
    if parsed.stated_date:
        stated = date.fromisoformat(parsed.stated_date)
        twin = RulesEdition.objects.official().filter(effective_date=stated).exists()
        return stated, twin
    if document.published_on is None:
        return None, False
    in_force = official_rules_date(document.published_on)
    if in_force is not None:
        return in_force, True
    return document.published_on, False


def official_rules_date(day: date) -> date | None:
    """The effective date of the official rules in force on ``day``; None when ``day`` predates
    every edition here."""
    edition = RulesEdition.objects.official().in_force(day)
    if edition is None or edition.effective_date > day:
        return None
    return edition.effective_date


def known_terms() -> Terms:
    pairs = list(Keyword.objects.exclude(name_it="").values_list("name", "name_it"))
    pairs += list(CardType.objects.exclude(name_it="").values_list("name", "name_it"))
    return Terms.from_pairs(pairs)


def store_quoted_rules(document, parsed: Document, report: ImportReport) -> dict[str, str]:
    """Store the rules ``parsed`` quotes as Italian rules of ``document``'s time; returns
    {number as quoted: number stored} for the rules stored under another number."""
    quoted = read_quoted_rules(parsed)
    if not quoted or document.language == Language.ENGLISH:
        _remove_stale(document, keep=[])  # English rules come from their complete editions
        return {}
    day, has_twin = edition_date(document, parsed)
    if day is None:
        raise ReadError(
            parsed.path,
            quoted[0].line,
            f"the document quotes rule {quoted[0].number} but has no date, so the rules edition "
            "it quotes is unknown; expected a date (--date YYYY-MM-DD)",
        )
    edition, _ = RulesEdition.objects.get_or_create(
        language=Language.ITALIAN,
        effective_date=day,
        defaults={
            "is_complete": False,
            "source": document.source or document.title,
            "source_document": document,
        },
    )
    if edition.is_complete:
        report.rules_conflicts.extend(
            f"{rule.number} ({day.isoformat()}): the complete Italian edition is kept"
            for rule in quoted
        )
        _remove_stale(document, keep=[])
        return {}

    moved, english = {}, []
    if has_twin:
        twin = RulesEdition.objects.official().get(effective_date=day)
        english = [
            EnglishRule(*row)
            for row in twin.sections.values_list("number", "level", "title", "text")
        ]
        moved = find_renumbering(quoted, english, known_terms())

    kept = _write_sections(edition, document, quoted, moved, report)
    _remove_stale(document, keep=kept)
    _order_sections(edition)
    report.rules_stored += len(kept)
    titles = {rule.number: rule.title for rule in english}
    for old, new in moved.items():
        title = titles.get(new) or titles.get(parent_number(new) or "", "")
        report.rules_renumbered.append(f"{old} -> {new} ({title})" if title else f"{old} -> {new}")
    return moved


def _write_sections(edition, document, quoted, moved, report) -> list[int]:
    existing = {section.number: section for section in edition.sections.all()}
    kept = []
    for rule in quoted:
        number = moved.get(rule.number, rule.number)
        note = rule.note
        if number != rule.number:
            note = " ".join(filter(None, [note, f"Il documento la numera {rule.number}."]))
        wanted = {"level": level_of(number), "title": rule.title, "text": rule.text, "note": note}
        section = existing.get(number)
        if section is None:
            section = RuleSection.objects.create(
                edition=edition, number=number, position=0, source_document=document, **wanted
            )
        elif section.source_document_id != document.pk:
            if (section.title, section.text) != (rule.title, rule.text):
                source = section.source_document or section.edition.source
                report.rules_conflicts.append(
                    f"{number} ({edition.effective_date.isoformat()}): kept the text quoted in "
                    f"{source}"
                )
            continue
        else:
            save_changes(section, wanted)
        kept.append(section.pk)
    return kept


def _remove_stale(document, keep: list[int]) -> None:
    """Sections of this document's Italian quotations that it no longer quotes, and the
    partial editions made for it that are left empty."""
    RuleSection.objects.filter(
        source_document=document, edition__language=Language.ITALIAN, edition__is_complete=False
    ).exclude(pk__in=keep).delete()
    RulesEdition.objects.filter(
        language=Language.ITALIAN,
        is_complete=False,
        source_document=document,
        sections__isnull=True,
    ).delete()


def _order_sections(edition: RulesEdition) -> None:
    """Positions in number order; each section's parent is the nearest rule above it that the
    edition holds."""
    sections = sorted(edition.sections.all(), key=lambda section: number_key(section.number))
    pks = {section.number: section.pk for section in sections}
    for position, section in enumerate(sections):
        parent = parent_number(section.number)
        while parent is not None and parent not in pks:
            parent = parent_number(parent)
        parent_id = pks.get(parent) if parent else None
        if (section.position, section.parent_id) != (position, parent_id):
            section.position, section.parent_id = position, parent_id
            section.save(update_fields=["position", "parent"])
