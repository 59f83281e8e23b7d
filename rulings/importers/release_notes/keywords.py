"""The keywords and card types a document defines get their Italian name, Italian reminder text
and defining rule (``apply_document_keywords``).

What a document defines is read from fixtures/documents/terms.json (defined_terms.py): each
Italian term with the English keyword or type it names, what the document calls it, the rules
it quotes for it and the reminder text it gives, all checked against the document. Every
heading about a keyword or type known already ("Tematica: Nuove Svolte per Sospendere", see
heading_subjects.py) counts too: its keyword may get its reminder text and rule.

A term names, by its English name:

1. the keyword or card type of that name (the card data's, or an editor's);
2. else the keyword the current rules define under that title, created from the rules (the
   card data does not have it yet: Harness, ∞);
3. else a keyword or card type known from this document only (marked by a
   ``DocumentOnlyKeyword`` or ``DocumentOnlyCardType`` row), named by its English name, or by
   the Italian term when no source here gives the English one.

The defining rule is today's number of the first quoted rule that, read in the rules of the
document's time, is about the keyword; else the current rule titled with its English name. A
rule number never overrides a name: the Future Sight notes quote Profetizzare as 501.9, which is
Fateseal in the English rules of May 2007; Profetizzare stays Scry, whose rule (701.22 today)
is then found by its name. An empty reminder text is taken from the document's card blocks
("Sospendere 3--{2}{R} (...)"). Italian names, reminder texts and rule numbers are only filled
where empty; where the document disagrees with what is there, the report says so.
"""

import re
from dataclasses import dataclass, field
from datetime import date

from common.text import fold_line, slug_for
from oracle.models import CardType, Keyword
from rulings.importers.release_notes.defined_terms import DefinedTerm, read_terms
from rulings.importers.release_notes.document import Document
from rulings.importers.release_notes.heading_subjects import subject_for_title, word_position
from rulings.importers.release_notes.report import ImportReport
from rulings.models import RuleSection, RulesEdition, mark_document_only
from rulings.rules.numbers import resolve

REMINDER = re.compile(r"\s*\(([^()]*)\)\.?\s*$")
# "Lifelink is a triggered ability.", "Typecycling is a variant of the cycling ability."
ENGLISH_SUBJECT = re.compile(r"^[\"“]?(?P<name>[A-Z∞][\w’' -]{0,40}?) is (?:a|an)\b")
KEYWORD_RULE = re.compile(r"^70[12]\.\d+$")


def _head(key: str) -> str:
    """ "∞ (infinity)" -> "∞": a name without what follows it in parentheses."""
    return key.split(" (", 1)[0]


def _opens_with(line: str, key: str) -> bool:
    return word_position(key, fold_line(line)) == 0


def _capitalised(term: str) -> str:
    return term[:1].upper() + term[1:]


class Rules:
    """The current English edition's keyword rules, looked up by English name."""

    def __init__(self):
        self.edition = RulesEdition.objects.official().in_force()
        self.by_title: dict[str, RuleSection] = {}
        self.ability_words: list[RuleSection] = []
        if self.edition is None:
            return
        for section in RuleSection.objects.filter(edition=self.edition).exclude(title=""):
            if KEYWORD_RULE.match(section.number):
                self.by_title.setdefault(fold_line(section.title), section)
                self.by_title.setdefault(_head(fold_line(section.title)), section)
        self.ability_words = list(
            RuleSection.objects.filter(edition=self.edition, text__icontains="ability words are")
        )

    def titled(self, name: str) -> RuleSection | None:
        key = fold_line(name)
        return self.by_title.get(key) or self.by_title.get(_head(key))

    def for_keyword(self, keyword: Keyword) -> RuleSection | None:
        """The rule titled with the keyword's name; for an ability word, the rule listing it."""
        if keyword.kind == Keyword.Kind.ABILITY_WORD:
            return next(
                (
                    section
                    for section in self.ability_words
                    if word_position(fold_line(keyword.name), fold_line(section.text)) >= 0
                ),
                None,
            )
        return self.titled(keyword.name)


def english_name(section: RuleSection) -> str:
    """What a rule defines, in English: its title, or the subject of its first sentence."""
    if section.title:
        return section.title
    match = ENGLISH_SUBJECT.match(section.text)
    return match["name"] if match else ""


def _names_rule(section: RuleSection, name: str) -> bool:
    wanted = fold_line(name)
    defined = fold_line(english_name(section))
    return bool(defined) and wanted in (defined, _head(defined))


def _kind_of_rule(number: str) -> str:
    return Keyword.Kind.ACTION if number.startswith("701.") else Keyword.Kind.ABILITY


def _keyword_named(name: str) -> Keyword | None:
    return (
        Keyword.objects.filter(name__iexact=name).first()
        or Keyword.objects.filter(slug=slug_for(name)).first()
    )


def _from_document(subject: Keyword | CardType) -> Keyword | CardType:
    """An unsaved keyword or card type that this document alone names: marked known from a
    document only when it is saved (``_save``)."""
    subject.from_document = True
    return subject


class Matcher:
    """Finds the keyword or card type each term of one document names, and its defining rule
    (see the module's docstring)."""

    def __init__(self, on: date | None):
        self.on = on
        self.rules = Rules()

    def identify(self, term: DefinedTerm) -> Keyword | CardType:
        """The keyword or card type ``term`` names; unsaved when it is to be created."""
        name = term.english or _capitalised(term.italian)
        if term.is_type:
            return CardType.objects.filter(kind=term.kind, name__iexact=name).first() or (
                _from_document(CardType(kind=term.kind, name=name))
            )
        found = _keyword_named(name)
        if found is None and term.english:
            section = self.rules.titled(term.english)
            found = self._new_from_rule(section) if section is not None else None
        return found or _from_document(Keyword(slug=slug_for(name), name=name, kind=term.kind))

    def _new_from_rule(self, section: RuleSection) -> Keyword:
        """A keyword the rules define and the card data does not have yet."""
        return _keyword_named(section.title) or Keyword(
            slug=slug_for(section.title),
            name=section.title,
            kind=_kind_of_rule(section.number),
            rule_number=section.number,
        )

    def defining_rule(self, keyword: Keyword, numbers: list[str]) -> tuple[str, str]:
        """(today's number of the rule defining ``keyword``, a note when a quoted number named
        another rule). The quoted numbers are tried first, then the keyword's English name."""
        notes = []
        for number in numbers:
            resolution = resolve(number, on=self.on)
            if resolution.current is not None and _names_rule(resolution.current, keyword.name):
                return resolution.current.number, ""
            if resolution.section is not None and resolution.section.title:
                notes.append(
                    f"the document quotes it as rule {number}, which is "
                    f"{english_name(resolution.section)} in the rules of "
                    f"{resolution.edition.effective_date:%Y-%m-%d}"
                )
        section = self.rules.for_keyword(keyword)
        if section is None:
            return "", "; ".join(notes)
        if notes:
            notes.insert(0, "found by its English name")
        return section.number, "; ".join(notes)


# --- Writing them ------------------------------------------------------------------------------


@dataclass
class _Defined:
    """One keyword or card type and what the document says about it."""

    subject: Keyword | CardType
    terms: list[DefinedTerm] = field(default_factory=list)

    @property
    def name(self) -> str:
        return _capitalised(self.terms[0].italian) if self.terms else ""

    @property
    def numbers(self) -> list[str]:
        return [number for term in self.terms for number in term.rules]

    @property
    def stated_kind(self) -> str:
        return self.terms[0].kind if self.terms else ""

    @property
    def stated_reminder(self) -> str:
        return next((term.reminder for term in self.terms if term.reminder), "")


def _identity(subject: Keyword | CardType) -> tuple:
    if isinstance(subject, Keyword):
        return ("keyword", subject.slug)
    return ("card_type", subject.kind, subject.name)


def _defined_subjects(document, parsed: Document, matcher: Matcher) -> list[_Defined]:
    defined: dict[tuple, _Defined] = {}
    for term in read_terms(document.slug, parsed.text, document_name=parsed.path):
        subject = matcher.identify(term)
        defined.setdefault(_identity(subject), _Defined(subject)).terms.append(term)
    for section in parsed.sections:
        if section.kind == "heading" and section.title:
            subject = subject_for_title(section.title)
            if subject is not None:
                defined.setdefault(_identity(subject), _Defined(subject))
    return list(defined.values())


def _card_reminders(parsed: Document) -> list[tuple[str, str, int]]:
    """(line body, reminder text, line) for each card block line ending in a reminder, damaged
    lines left out."""
    found = []
    for section in parsed.sections:
        for block in section.blocks:
            if block.card is None:
                continue
            damaged = {line.text.strip() for line in block.damaged_lines}
            for line in block.card.text.splitlines():
                match = REMINDER.search(line)
                if not match or line.strip() in damaged:
                    continue
                reminder = match[1].strip()
                if reminder and reminder[0].isalnum():
                    found.append((line[: match.start()], reminder, block.first_line))
    return found


def _reminder_in_cards(italian_name: str, reminders: list[tuple[str, str, int]]) -> str:
    """The reminder of a card line opening with the keyword ("Sospendere 3--{2}{R} (...)"), or
    of an action ("(Per profetizzare 3, guarda ...)")."""
    key = fold_line(italian_name)
    for body, reminder, _line in reminders:
        if _opens_with(body, key) or _opens_with(reminder, f"per {key}"):
            return reminder
    return ""


def apply_document_keywords(document, parsed: Document, report: ImportReport) -> None:
    """Fill the Italian name, Italian reminder text and defining rule of every keyword and card
    type ``parsed`` defines; create those nothing here knows (see the module docstring)."""
    matcher = Matcher(on=document.published_on)
    reminders = _card_reminders(parsed)
    for entry in _defined_subjects(document, parsed, matcher):
        if isinstance(entry.subject, Keyword):
            _write_keyword(entry, matcher, reminders, report)
        else:
            _write_card_type(entry, report)


KIND_NAMES = {
    Keyword.Kind.ABILITY: "keyword ability",
    Keyword.Kind.ACTION: "keyword action",
    Keyword.Kind.ABILITY_WORD: "ability word",
}
LABELS = {
    "name_it": "Italian name",
    "reminder_text_it": "Italian reminder text",
    "rule_number": "rule",
}


def _fill(subject, values: dict[str, str], kept: list[str]) -> list[str]:
    """Set the empty fields of ``values``; say where the document disagrees with a filled one.
    Returns the fields set."""
    changed = []
    for name, value in values.items():
        current = getattr(subject, name)
        if not value:
            continue
        if not current:
            setattr(subject, name, value)
            changed.append(name)
        elif fold_line(current) != fold_line(value):
            if name == "reminder_text_it":
                kept.append("Italian reminder text kept, the document's differs")
            else:
                kept.append(f"{LABELS[name]} {current!r} kept, the document's is {value!r}")
    return changed


def _write_keyword(entry: _Defined, matcher: Matcher, reminders, report: ImportReport) -> None:
    keyword: Keyword = entry.subject
    kept: list[str] = []
    changed = _fill(keyword, {"name_it": entry.name}, kept)
    italian = keyword.name_it
    reminder = entry.stated_reminder or (_reminder_in_cards(italian, reminders) if italian else "")
    number, note = matcher.defining_rule(keyword, entry.numbers)
    changed += _fill(keyword, {"reminder_text_it": reminder, "rule_number": number}, kept)
    if note:
        kept.append(note)
    stated = entry.stated_kind
    if stated and stated != keyword.kind:
        kept.append(
            f"the document calls it a {KIND_NAMES[stated]}; kept: {KIND_NAMES[keyword.kind]}"
        )
    _save(keyword, changed, kept, report.keywords_updated)


def _write_card_type(entry: _Defined, report: ImportReport) -> None:
    card_type: CardType = entry.subject
    kept: list[str] = []
    changed = _fill(card_type, {"name_it": entry.name}, kept)
    _save(card_type, changed, kept, report.types_updated)


def _save(subject: Keyword | CardType, changed: list[str], notes: list[str], lines: list) -> None:
    """Save what changed, and add a line to the report when anything did or needs saying."""
    created = subject.pk is None
    if created:
        subject.save()
        if getattr(subject, "from_document", False):
            mark_document_only(subject)
        changed = [name for name in LABELS if getattr(subject, name, "")]
    elif changed:
        subject.save(update_fields=changed)
    if not (created or changed or notes):
        return
    what = [
        f"rule {subject.rule_number}" if name == "rule_number" else LABELS[name] for name in changed
    ]
    if created:
        what.insert(0, _created_label(subject))
    named = subject.name
    if subject.name_it and subject.name_it != subject.name:
        named += f" ({subject.name_it})"
    line = f"{named}: {', '.join(what) or 'unchanged'}"
    lines.append(line + (f" ({'; '.join(notes)})" if notes else ""))


def _created_label(subject: Keyword | CardType) -> str:
    if not getattr(subject, "from_document", False):
        return "created from the rules (not in the card data yet)"
    if subject.name == subject.name_it:
        return "created, known from this document only (English name not known yet)"
    return "created, known from this document only"
