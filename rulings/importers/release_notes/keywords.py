"""The keywords and card types a document defines get their Italian name, Italian reminder text
and defining rule (``apply_document_keywords``); ``subject_for_title`` says which keyword or
card type a heading is about.

What a document defines is read from its structure (``definitions``):

- headings announcing keywords or a type: "Nuova Abilità definita da Parola Chiave: Velo",
  "Riproposizione di Abilità definite da Parola Chiave: Ciclo e Ciclotipo", "Nuovo Tipo di
  Carta: Tribale";
- headings followed by a line saying what they name, then the reminder text in parentheses
  (the Marvel mechanics: "Complottare" / "Azione definita da parola chiave" / "(Pesca ...)");
- defining sentences: "Tribale è un nuovo tipo di carta", "Magnificenza è il nome di
  un'abilità che non influisce sulle regole", "502.18d Ciclotipo è una variante ...";
- the titles of quoted rules ("502.70. Raggiungere"), which count when they name a keyword;
- a former name ('era chiamata "cicloterra"');
- any heading naming a keyword or type known already ("Tematica: Nuove Svolte per Sospendere").

Each Italian term is matched to a keyword or card type, the first way that answers:

1. the Italian names known already (``name_it``: lined up from the cards' printed text by the
   card import, or an editor's);
2. the card data: the one keyword every card shares whose Italian printed text has a line
   opening with the term ("Magnificenza -- Scarta ..."), or the one card type of all the faces
   whose Italian type line holds the term, and only of those ("Incantesimo Tribale");
3. a quoted rule defining it, read in the English edition of the document's time: its title,
   or the subject of its first sentence (502.18d: "Typecycling is a variant ...");
4. the current rules' keyword titles, for a term written alike in both languages ("∞");
5. fixtures/documents/terms.json, for what neither data nor rules can give (each entry cites
   the document's line);
6. otherwise, when a heading announces it, a keyword or card type known from this document only
   (``document_only``), named by its Italian term: no source here gives its English name.

A rule number never overrides a name: the Future Sight notes quote Profetizzare as 501.9, which
is Fateseal in the English rules of May 2007; Profetizzare stays Scry, whose rule (701.22 today)
is then found by its name. Italian names, reminder texts and rule numbers are only filled where
empty; where the document disagrees with what is there, the report says so.
"""

import json
import re
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path

from django.conf import settings

from oracle.models import CardFace, CardType, Keyword
from oracle.search.normalize import fold_line
from oracle.text import slug_for

from ...models import Language, RuleSection, RulesEdition
from ...rule_numbers import resolve
from .reader import Block, Document, Section
from .report import ImportReport

TERMS_FILE = Path(settings.BASE_DIR) / "fixtures" / "documents" / "terms.json"

KEYWORD_KINDS = set(Keyword.Kind.values)
TYPE_KINDS = set(CardType.Kind.values)

# "Nuova Abilità definita da Parola Chiave: Legame vitale", "Nuovo Tipo di Carta: Tribale".
ANNOUNCING_HEADING = re.compile(
    r"^(?P<intro>[^:]*\b(?:parol[ae] chiave|tipo di carta)\b[^:]*):\s*(?P<terms>\S.*)$",
    re.IGNORECASE,
)
# The line under a heading that says what the heading names (the Marvel mechanics).
WHAT_IT_IS = (
    (re.compile(r"^azione definita da parola chiave$", re.IGNORECASE), Keyword.Kind.ACTION),
    (re.compile(r"^abilità definita da parola chiave$", re.IGNORECASE), Keyword.Kind.ABILITY),
    (re.compile(r"^costo (?:addizionale|alternativo)$", re.IGNORECASE), Keyword.Kind.ABILITY),
    (
        re.compile(r"^abilità (?:attivata|innescata|statica)$", re.IGNORECASE),
        Keyword.Kind.ABILITY,
    ),
    (re.compile(r"^(?:nuovo )?tipo di carta$", re.IGNORECASE), CardType.Kind.TYPE),
    (re.compile(r"^sottotipo di \w+$", re.IGNORECASE), CardType.Kind.SUBTYPE),
)
# "Tribale è un nuovo tipo di carta", "Stregoneria (Socery) è un tipo di carta",
# "Magnificenza è il nome di un'abilità ...", "Ciclotipo è una variante dell'abilità ciclo".
DEFINING_SENTENCE = re.compile(
    r"^(?P<term>[^\W\d][\w' ]{0,30}?)(?:\s+\([^)]*\))?\s+è\s+(?:il nome di\s+)?"
    r"(?:un'|una\s+|un\s+)(?:nuov[oa]\s+)?"
    r"(?P<what>azione|abilità|variante|nome|tipo di carta|sottotipo)\b",
    re.IGNORECASE,
)
NO_RULES_MEANING = re.compile(
    r"non influisce sulle regole|senza significato di regolamento", re.IGNORECASE
)
FORMER_NAME = re.compile(r"\bera chiamat[ao]\s+[\"“«](?P<term>[^\"”»]{1,40})[\"”»]", re.IGNORECASE)
REMINDER = re.compile(r"\s*\(([^()]*)\)\.?\s*$")
# "Lifelink is a triggered ability.", "Typecycling is a variant of the cycling ability."
ENGLISH_SUBJECT = re.compile(r"^[\"“]?(?P<name>[A-Z∞][\w’' -]{0,40}?) is (?:a|an)\b")
KEYWORD_RULE = re.compile(r"^70[12]\.\d+$")


def _head(key: str) -> str:
    """ "∞ (infinity)" -> "∞": a name without what follows it in parentheses."""
    return key.split(" (", 1)[0]


def word_position(key: str, text_key: str) -> int:
    """Where ``key`` stands as whole words in ``text_key``, or -1."""
    match = re.search(rf"(?<!\w){re.escape(key)}(?!\w)", text_key)
    return match.start() if match else -1


def _opens_with(line: str, key: str) -> bool:
    return word_position(key, fold_line(line)) == 0


def _capitalised(term: str) -> str:
    return term[:1].upper() + term[1:]


# --- What the document defines -----------------------------------------------------------------


@dataclass
class Definition:
    """An Italian term the document defines, and what it says about it."""

    term: str
    line: int
    kind: str = ""  # a Keyword.Kind or CardType.Kind value when the document says which
    number: str = ""  # the quoted rule it comes from
    reminder: str = ""
    announced: bool = False  # by a heading: created when nothing here knows it
    names: bool = True  # False for a quoted rule's title: it names keywords only


def definitions(parsed: Document) -> list[Definition]:
    """The terms ``parsed`` defines, in reading order."""
    found = []
    for section in parsed.sections:
        if section.kind == "heading" and section.title:
            found += _from_heading(section)
        for block in section.blocks:
            found += _from_block(block)
    return found


def _from_heading(section: Section) -> list[Definition]:
    match = ANNOUNCING_HEADING.match(section.title)
    if match:
        intro = match["intro"].lower()
        if "tipo di carta" in intro:
            kind = CardType.Kind.TYPE
        elif "azion" in intro:
            kind = Keyword.Kind.ACTION
        else:
            kind = Keyword.Kind.ABILITY
        return [
            Definition(term, section.first_line, kind, announced=True)
            for term in _terms(match["terms"])
        ]
    kind, reminder = _what_it_is(section.blocks)
    if not kind:
        return []
    return [
        Definition(
            term, section.first_line, kind, reminder=reminder if index == 0 else "", announced=True
        )
        for index, term in enumerate(_terms(section.title))
    ]


def _terms(text: str) -> list[str]:
    """ "Ciclo e Ciclotipo" -> ["Ciclo", "Ciclotipo"]."""
    return [term.strip(" .") for term in re.split(r"\s+e\s+", text.strip()) if term.strip(" .")]


def _what_it_is(blocks: list[Block]) -> tuple[str, str]:
    """(kind, reminder text) when the heading's first line says what it names, else ("", "")."""
    if not blocks or blocks[0].kind not in ("label", "paragraph"):
        return "", ""
    first = blocks[0].text.strip().splitlines()[0].strip()
    kind = next((kind for pattern, kind in WHAT_IT_IS if pattern.match(first)), "")
    if not kind:
        return "", ""
    reminder = ""
    if len(blocks) > 1:
        text = blocks[1].text.strip()
        if text.startswith("(") and text.endswith(")"):
            reminder = text[1:-1].strip()
    return kind, reminder


def _from_block(block: Block) -> list[Definition]:
    if block.kind == "card":
        return []
    number = block.number if block.kind == "rule" else ""
    found = []
    if block.kind == "rule" and block.title:
        found.append(Definition(block.title, block.first_line, number=number, names=False))
    for offset, line in enumerate(block.text.splitlines()):
        line = line.strip().lstrip("•").strip()
        sentence = DEFINING_SENTENCE.match(line)
        if sentence:
            kind = _sentence_kind(sentence["what"].lower(), line)
            found.append(Definition(sentence["term"], block.first_line + offset, kind, number))
        found += [
            Definition(former["term"], block.first_line + offset)
            for former in FORMER_NAME.finditer(line)
        ]
    return found


def _sentence_kind(what: str, line: str) -> str:
    if what == "azione":
        return Keyword.Kind.ACTION
    if what == "tipo di carta":
        return CardType.Kind.TYPE
    if what == "sottotipo":
        return CardType.Kind.SUBTYPE
    if NO_RULES_MEANING.search(line):
        return Keyword.Kind.ABILITY_WORD
    return Keyword.Kind.ABILITY


# --- Which keyword or card type a term names ---------------------------------------------------


def _name_field(language: str) -> str:
    return "name_it" if language == Language.ITALIAN else "name"


def _names(language: str = Language.ITALIAN) -> list[tuple[str, Keyword | CardType]]:
    """(folded name, keyword or card type) for every name known in ``language``."""
    field = _name_field(language)
    named = [*Keyword.objects.exclude(**{field: ""}), *CardType.objects.exclude(**{field: ""})]
    return [(fold_line(getattr(subject, field)), subject) for subject in named]


# "[tipo di creatura]", "[costo]": a placeholder in quoted card text, not a name.
PLACEHOLDER = re.compile(r"\[[^\]]*\]")


def subject_for_title(title: str, language: str = Language.ITALIAN) -> Keyword | CardType | None:
    """The keyword or card type a heading is about, from the names it writes in the document's
    language, or None.

    Only the part after a colon counts ("Tematica: Nuove Svolte per Sospendere"): before it,
    the heading says what kind of section it is ("Ciclo: Patti" is a cycle of cards). The name
    written first wins, the longest where two start at the same word ("Imbrigliare e ∞" is
    about Harness, "Ciclo e Ciclotipo" about Cycling). Card types are everyday words in
    headings ("Costi con "TAPpa [numero] [tipo di creatura] STAPpati"", "Tipi di Creature"), so
    a heading is about a type only when the type is all it names ("Nuovo Tipo di Carta:
    Tribale")."""
    about = fold_line(PLACEHOLDER.sub(" ", fold_line(title).rsplit(":", 1)[-1]))
    subject = first_named(about, language=language)
    if isinstance(subject, CardType):
        type_name = fold_line(getattr(subject, _name_field(language)))
        return subject if about == type_name else None
    return subject


def first_named(
    text: str, but: tuple = (), language: str = Language.ITALIAN
) -> Keyword | CardType | None:
    """The keyword or card type whose name in ``language`` ``text`` writes first (the longest
    name where two start at the same word), leaving out those in ``but``."""
    text = fold_line(text)
    best = None
    for key, subject in _names(language):
        where = word_position(key, text)
        if where >= 0 and subject not in but and (best is None or (where, -len(key)) < best[:2]):
            best = (where, -len(key), subject)
    return best[2] if best else None


@dataclass(frozen=True)
class Term:
    """A term from terms.json: the English name of its keyword or type, and which kind."""

    english: str
    kind: str


@cache
def _terms_file() -> dict[str, Term]:
    with open(TERMS_FILE, encoding="utf-8") as terms:
        entries = json.load(terms)["terms"]
    return {fold_line(entry["it"]): Term(entry["en"], entry["kind"]) for entry in entries}


class Rules:
    """The current English edition's keyword rules, looked up by English name."""

    def __init__(self):
        self.edition = RulesEdition.objects.current()
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


class Matcher:
    """Matches the Italian terms of one document to keywords and card types (see the module's
    docstring for the order), and finds their defining rules."""

    def __init__(self, on: date | None):
        self.on = on
        self.known = dict(_names())
        self.rules = Rules()
        self.terms = _terms_file()

    def identify(self, term: str, group: list[Definition]) -> Keyword | CardType | None:
        """The keyword or card type ``term`` names; unsaved when it is to be created."""
        key = fold_line(term)
        kinds = {definition.kind for definition in group if definition.kind}
        keywords = not kinds or bool(kinds & KEYWORD_KINDS)
        types = not kinds or bool(kinds & TYPE_KINDS)
        known = self.known.get(key)
        if known is not None and (keywords if isinstance(known, Keyword) else types):
            return known
        if keywords:
            found = self._by_printed_text(term) or self._by_quoted_rule(key, group)
            found = found or self._by_rules_title(term)
            if found:
                return found
        if types:
            found = self._by_type_line(term)
            if found:
                return found
        if key in self.terms:
            return self._from_terms_file(self.terms[key])
        if any(definition.announced for definition in group):
            return self._new_from_document(term, group)
        return None

    def _by_printed_text(self, term: str) -> Keyword | None:
        """The one keyword shared by the cards whose Italian text has a line opening with it."""
        key = fold_line(term)
        faces = CardFace.objects.filter(printed_text_it__icontains=term.split()[0])
        cards = {
            card_id
            for card_id, text in faces.values_list("card_id", "printed_text_it")
            if any(_opens_with(line, key) for line in text.splitlines())
        }
        if not cards:
            return None
        keywords_of: dict[int, set[int]] = {card_id: set() for card_id in cards}
        links = Keyword.cards.through.objects.filter(card_id__in=cards)
        for card_id, keyword_id in links.values_list("card_id", "keyword_id"):
            keywords_of[card_id].add(keyword_id)
        shared = set.intersection(*keywords_of.values())
        return Keyword.objects.get(pk=shared.pop()) if len(shared) == 1 else None

    def _by_type_line(self, term: str) -> CardType | None:
        """The one card type of all the faces whose Italian type line holds the term, and of no
        face whose Italian type line lacks it."""
        key = fold_line(term)
        faces = CardFace.objects.filter(type_line_it__icontains=term.split()[0]).prefetch_related(
            "card_types"
        )
        holding = [
            face
            for face in faces
            if word_position(key, fold_line(re.split(r"\s[—-]+\s?", face.type_line_it)[0])) >= 0
        ]
        if not holding:
            return None
        shared = None
        for face in holding:
            types = {t for t in face.card_types.all() if t.kind != CardType.Kind.SUBTYPE}
            shared = types if shared is None else shared & types
        only = [
            card_type
            for card_type in shared or ()
            if all(
                word_position(key, fold_line(type_line)) >= 0
                for type_line in CardFace.objects.filter(card_types=card_type)
                .exclude(type_line_it="")
                .values_list("type_line_it", flat=True)
            )
        ]
        return only[0] if len(only) == 1 else None

    def _by_quoted_rule(self, key: str, group: list[Definition]) -> Keyword | None:
        for number in [definition.number for definition in group if definition.number]:
            resolution = resolve(number, on=self.on)
            section = resolution.section or resolution.current
            name = english_name(section) if section is not None else ""
            if not name:
                continue
            keyword = self._keyword_named(name)
            if keyword is None:
                current = resolution.current
                if current is not None and current.title and KEYWORD_RULE.match(current.number):
                    return self._new_from_rule(current)
            elif not keyword.name_it or fold_line(keyword.name_it) == key:
                return keyword
            # else the number is another keyword's rule: a number never overrides a name
        return None

    def _by_rules_title(self, term: str) -> Keyword | None:
        section = self.rules.titled(term)
        return self._new_from_rule(section) if section is not None else None

    def _from_terms_file(self, term: Term) -> Keyword | CardType:
        if term.kind in TYPE_KINDS:
            return CardType.objects.filter(kind=term.kind, name__iexact=term.english).first() or (
                CardType(kind=term.kind, name=term.english, document_only=True)
            )
        keyword = self._keyword_named(term.english)
        if keyword is not None:
            return keyword
        section = self.rules.titled(term.english)
        if section is not None:
            return self._new_from_rule(section)
        return Keyword(
            slug=slug_for(term.english), name=term.english, kind=term.kind, document_only=True
        )

    def _keyword_named(self, name: str) -> Keyword | None:
        return (
            Keyword.objects.filter(name__iexact=name).first()
            or Keyword.objects.filter(slug=slug_for(name)).first()
        )

    def _new_from_rule(self, section: RuleSection) -> Keyword:
        """A keyword the rules define and the card data does not have yet."""
        return self._keyword_named(section.title) or Keyword(
            slug=slug_for(section.title),
            name=section.title,
            kind=_kind_of_rule(section.number),
            rule_number=section.number,
        )

    def _new_from_document(self, term: str, group: list[Definition]) -> Keyword | CardType:
        """Known from this document only: named by the Italian term, the only name we have."""
        name = _capitalised(term)
        kind = next((definition.kind for definition in group if definition.kind), "")
        if kind in TYPE_KINDS:
            return CardType.objects.filter(kind=kind, name=name).first() or CardType(
                kind=kind, name=name, document_only=True
            )
        kind = kind or Keyword.Kind.ABILITY
        return Keyword.objects.filter(slug=slug_for(name)).first() or Keyword(
            slug=slug_for(name), name=name, kind=kind, document_only=True
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
    terms: list[Definition] = field(default_factory=list)

    @property
    def name(self) -> str:
        named = [definition.term for definition in self.terms if definition.names]
        if not named and isinstance(self.subject, Keyword):
            named = [definition.term for definition in self.terms]
        return _capitalised(named[0]) if named else ""

    @property
    def numbers(self) -> list[str]:
        return [definition.number for definition in self.terms if definition.number]

    @property
    def stated_kind(self) -> str:
        return next((d.kind for d in self.terms if d.kind), "")

    @property
    def stated_reminder(self) -> str:
        return next((d.reminder for d in self.terms if d.reminder), "")


def _identity(subject: Keyword | CardType) -> tuple:
    if isinstance(subject, Keyword):
        return ("keyword", subject.slug)
    return ("card_type", subject.kind, subject.name)


def _defined_subjects(parsed: Document, matcher: Matcher) -> list[_Defined]:
    by_term: dict[str, list[Definition]] = {}
    for definition in definitions(parsed):
        by_term.setdefault(fold_line(definition.term), []).append(definition)
    defined: dict[tuple, _Defined] = {}
    for group in by_term.values():
        subject = matcher.identify(group[0].term, group)
        if subject is None:
            continue
        entry = defined.setdefault(_identity(subject), _Defined(subject))
        entry.terms += group
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
            damaged = {problem.text.strip() for problem in block.problems}
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
    for entry in _defined_subjects(parsed, matcher):
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
    if not subject.document_only:
        return "created from the rules (not in the card data yet)"
    if subject.name == subject.name_it:
        return "created, known from this document only (English name not known yet)"
    return "created, known from this document only"
