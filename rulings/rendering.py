"""Rules text to HTML: every rule reference becomes a link ("see rule 702.9" -> <a href>).

Plain functions, tested without a database; ``templatetags/rulings_tags.py`` wraps them in
one-line filters, and the rules pages call them directly. Everything is escaped first.

What counts as a reference:
- a rule or subrule number anywhere: "702.9", "702.9a", "601.2f–h" (a range links its first
  number and keeps the range as the link text; "903.6–903.11" links both ends);
- a section or chapter number after a word that names it: "rule 702", "rules 614 and 615",
  "see section 5", "regola 502", "sezione 5" (a bare "702" or "5" is just a number).
"""

import html
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from oracle.rendering import SYMBOL, render_symbol
from oracle.text import fold

RULE = r"[1-9]\d{2}\.\d+[a-z]?"  # 702.9, 702.9a
SECTION = r"[1-9]\d{2}(?![\d.]\d)"  # 702 (not the start of 702.9)
CHAPTER = r"[1-9](?![\d.]\d)"  # 5
# The end of a range: a whole number (903.11), or only the part that changes (–h, –8).
RANGE_END = rf"[–-](?:{RULE}|\d+[a-z]?|[a-z])(?!\w)"
ONE = rf"(?:{RULE}|{SECTION}|{CHAPTER})(?!\w)(?:{RANGE_END})?"
# The words that announce a section or chapter number, in English and Italian.
NAMING_WORD = r"(?i:\b(?:rules?|sections?|chapters?|regol[ae]|sezion[ei]|capitol[oi])\b)"
SEPARATOR = r"(?:\s*,\s*(?i:(?:and|or|e|o)\s+)?|\s+(?i:and|or|through|to|e|o|a)\s+)"

TOKENS = re.compile(
    rf"""
    (?=[<&\drRsScC])   # where a token can start: checked first, it makes the scan fast
    (?:
      (?P<skip><a\b[^>]*>.*?</a>|<[^>]*>|&\#?\w+;)           # links, tags, entities: kept
    | (?P<named>{NAMING_WORD}\s+{ONE}(?:{SEPARATOR}{ONE})*)   # "rules 614 and 615", "section 5"
    | (?<![\w.])(?P<bare>{RULE}(?!\w)(?:{RANGE_END})?)       # "702.9a", "601.2f–h"
    )
    """,
    re.VERBOSE | re.DOTALL,
)
# One reference inside a match of TOKENS, split into its parts.
REFERENCE = re.compile(
    rf"(?<![\w.])(?P<start>{RULE}|{SECTION}|{CHAPTER})(?!\w)"
    rf"(?:[–-](?:(?P<end>{RULE})|\d+[a-z]?|[a-z])(?!\w))?"
)
# Every number shaped like a rule number, cited or not: more than the references, found fast.
CANDIDATE = re.compile(r"(?<![\w.])[1-9](?:\d\d(?:\.\d+[a-z]?)?)?(?!\w)")

Exists = Collection[str] | Callable[[str], bool] | None


@dataclass(frozen=True)
class Reference:
    start: int
    end: int
    text: str
    number: str
    last: str = ""  # the other end of a range written in full ("903.11" in "903.6–903.11")


def find_references(text: str) -> list[Reference]:
    """Every rule reference in plain or HTML text, in order (numbers inside links are skipped)."""
    found = []
    for token in TOKENS.finditer(text or ""):
        if token["named"]:
            offset = token.start("named")
            for match in REFERENCE.finditer(token["named"]):
                found.append(_reference(match, offset))
        elif token["bare"]:
            match = REFERENCE.match(token["bare"])
            found.append(_reference(match, token.start("bare")))
    return found


def _reference(match: re.Match, offset: int) -> Reference:
    return Reference(
        start=offset + match.start(),
        end=offset + match.end(),
        text=match[0],
        number=match["start"],
        last=match["end"] or "",
    )


def references(text: str) -> list[str]:
    """The rule numbers a text cites, each once, in order of first mention."""
    numbers = []
    for reference in find_references(text):
        numbers.append(reference.number)
        if reference.last:
            numbers.append(reference.last)
    return list(dict.fromkeys(numbers))


def candidate_numbers(text: str) -> set[str]:
    """Every number in ``text`` that could be a rule number: a superset of ``references``, to
    ask the database which exist before linking a whole page."""
    return set(CANDIDATE.findall(text or ""))


def rule_url_prefix() -> str:
    """ "/it/rules/" in the active language; one reverse() for a whole page of links."""
    return reverse("rulings:rule-detail", args=["0"])[:-2]


class RuleText:
    """Renders the texts of one page: the address prefix, the labels and the numbers that exist
    are worked out once.

    ``exists`` says which numbers have a page: a collection of numbers, a function, or None to
    link every number. ``edition`` is the ISO date of the edition the text belongs to: its
    links then open that edition, so an old number leads to the old rule (whose page says
    where it is today).
    """

    def __init__(self, exists: Exists = None, edition: str | None = None):
        if exists is None:
            self.exists = lambda number: True
        elif callable(exists):
            self.exists = exists
        else:
            self.exists = exists.__contains__
        self.prefix = rule_url_prefix()
        self.query = f"?edition={edition}" if edition else ""
        self.example_label = html.escape(_("Example"))
        self.interface_language = get_language()

    def _link(self, number: str, label: str) -> str:
        if not self.exists(number):
            return label
        return f'<a class="rule-ref" href="{self.prefix}{number}/{self.query}">{label}</a>'

    def link(self, markup: str) -> str:
        """Link the references in HTML that is already escaped."""
        pieces, position = [], 0
        for reference in find_references(markup):
            pieces.append(markup[position : reference.start])
            if reference.last:
                dash = reference.text[len(reference.number) : -len(reference.last)]
                pieces.append(self._link(reference.number, reference.number) + dash)
                pieces.append(self._link(reference.last, reference.last))
            else:
                pieces.append(self._link(reference.number, reference.text))
            position = reference.end
        pieces.append(markup[position:])
        return "".join(pieces)

    def paragraphs(self, text: str) -> str:
        """One <p> per line, mana symbols as icons, references as links."""
        out = []
        for line in (text or "").splitlines():
            if line.strip():
                markup = SYMBOL.sub(lambda match: render_symbol(match[1]), html.escape(line))
                out.append(f"<p>{self.link(markup)}</p>")
        return "".join(out)

    def body(self, text: str, examples: Iterable[str], language: str) -> str:
        """A rule's text and its examples, each marked as one; "" when both are empty."""
        out = [self.paragraphs(text)]
        for example in examples:
            out.append(
                f'<div class="rule-example"><p class="rule-example-label" '
                f'lang="{self.interface_language}">{self.example_label}</p>'
                f"{self.paragraphs(strip_example_label(example))}</div>"
            )
        joined = "".join(out)
        return f'<div class="rule-text" lang="{language}">{joined}</div>' if joined else ""


def link_rule_references(text: str, exists: Exists = None, *, edition: str | None = None):
    """Escape ``text`` (unless it is already safe HTML), then link every rule reference."""
    markup = str(conditional_escape(text or ""))
    return mark_safe(RuleText(exists, edition).link(markup) if markup else "")


def render_rule_text(text: str, exists: Exists = None, *, edition: str | None = None):
    """Rules text as paragraphs (one per line), mana symbols as icons, references as links."""
    return mark_safe(RuleText(exists, edition).paragraphs(text))


def render_rule_body(
    text: str, examples: Iterable[str], language: str, exists: Exists = None, *, edition=None
) -> SafeString:
    """A rule's text and its examples, each example marked as one; "" when both are empty."""
    return mark_safe(RuleText(exists, edition).body(text, examples, language))


EXAMPLE_LABEL = re.compile(r"^\s*(?:Example|Esempio)\s*:\s*", re.IGNORECASE)


def strip_example_label(text: str) -> str:
    """ "Example: A player ..." -> "A player ..."; the page prints its own label."""
    return EXAMPLE_LABEL.sub("", text or "", count=1)


def side_by_side(italian: str, english: str, language: str) -> SafeString:
    """The Italian text with the English beside it; only the English when there is no Italian."""
    if not italian:
        return mark_safe(english)
    return mark_safe(
        f'<div class="bilingual rule-bilingual"><div class="lang-it" lang="it">{italian}</div>'
        f'<div class="lang-en" lang="{language}">{english}</div></div>'
    )


def render_rule_tree(nodes, language: str) -> SafeString:
    """The rules a section or rule contains, as nested lists: a rule with its number and title
    as a heading, a subrule with its number; each with its text (``node.html``, already
    rendered) and the old numbers that lead to it.

    ``nodes`` are objects with ``number``, ``level``, ``url``, ``title``, ``italian_title``,
    ``html``, ``children`` and ``old_numbers`` (each with ``number``, ``url``, ``edition``).
    Built here rather than in a template: a section such as 702 holds hundreds of rules.
    """
    if not nodes:
        return mark_safe("")
    formerly = html.escape(_("Formerly:"))
    return mark_safe(_tree(nodes, language, formerly))


def _tree(nodes, language: str, formerly: str) -> str:
    items = []
    for node in nodes:
        number = html.escape(node.number)
        link = f'<a class="rule-number" href="{html.escape(node.url)}">{number}</a>'
        if node.level == 3:
            title = ""
            if node.italian_title:
                title = (
                    f' <span lang="it">{html.escape(node.italian_title)}</span>'
                    f' <span class="muted" lang="{language}">{html.escape(node.title)}</span>'
                )
            elif node.title:
                title = f' <span lang="{language}">{html.escape(node.title)}</span>'
            head = f'<h3 class="rule-heading">{link}{title}</h3>'
        else:
            head = link
        old = ""
        if node.old_numbers:
            links = ", ".join(
                f'<a href="{html.escape(old.url)}">{html.escape(old.number)}</a> '
                f"({old.edition.effective_date.year})"
                for old in node.old_numbers
            )
            old = f'<p class="rule-formerly muted">{formerly} {links}</p>'
        inner = _tree(node.children, language, formerly) if node.children else ""
        items.append(
            f'<li id="{number}" class="rule-item level-{node.level}">'
            f"{head}{node.html}{old}{inner}</li>"
        )
    return f'<ol class="rule-tree">{"".join(items)}</ol>'


def edition_in_force(day, dates):
    """The effective date of the edition in force on ``day``: the newest of ``dates`` on or
    before it, the oldest when ``day`` is earlier than all of them, None without dates."""
    dates = sorted(dates)
    if not dates:
        return None
    earlier = [effective for effective in dates if effective <= day]
    return earlier[-1] if earlier else dates[0]


# --- Old numbers ------------------------------------------------------------------------------


def confidence_words(confidence: float | None, matched: bool = True) -> str:
    """How sure a match between an old and a current rule is, in words for the page."""
    if not matched or confidence is None:
        return _("no current rule matches")
    if confidence >= 0.95:
        return _("certain match")
    if confidence >= 0.8:
        return _("close match")
    if confidence >= 0.5:
        return _("probable match")
    return _("uncertain match")


def comparable_text(title: str, text: str, examples: Iterable[str]) -> str:
    """The wording of a rule as one text, for comparing editions word by word."""
    parts = [title, text, *(f"Example: {strip_example_label(example)}" for example in examples)]
    return "\n".join(part for part in parts if part)


TYPOGRAPHIC_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})


def comparable_quotes(text: str) -> str:
    """Typographic quotes and apostrophes as plain ones: older editions use straight quotes,
    newer ones curly, and a word diff should not mark every "card's" as changed."""
    return (text or "").translate(TYPOGRAPHIC_QUOTES)


# --- Search results ---------------------------------------------------------------------------


def query_words(query: str) -> list[str]:
    """The words of a search, folded (lower case, no accents), each once, in order."""
    return list(dict.fromkeys(re.findall(r"\w+", fold(query or ""))))


def matches_all(haystack: str, words: Iterable[str]) -> bool:
    """True when every (folded) word occurs in the (folded) haystack."""
    return all(word in haystack for word in words)


def _folded_with_map(text: str) -> tuple[str, list[int] | range]:
    """``fold(text)`` and, for each of its characters, the index of the original character."""
    folded = fold(text)
    if len(folded) == len(text):  # the usual case: each character folds to one
        return folded, range(len(text))
    folded, origin = [], []
    for index, char in enumerate(text):
        part = fold(char)
        folded.append(part)
        origin.extend([index] * len(part))
    return "".join(folded), origin


def highlight(text: str, words: Iterable[str], width: int = 220) -> SafeString:
    """An escaped excerpt of ``text`` around the first matching word, matches in <mark>.

    Matching ignores case and accents ("perche" marks "Perché"); the excerpt keeps the
    original spelling. Without a match, the start of the text.
    """
    text = " ".join((text or "").split())
    folded, origin = _folded_with_map(text)
    spans = []
    for word in words:
        if word:
            for match in re.finditer(re.escape(word), folded):
                spans.append((origin[match.start()], origin[match.end() - 1] + 1))
    merged = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    first = merged[0][0] if merged else 0
    begin = max(0, first - width // 3)
    if begin:
        space = text.find(" ", begin)
        begin = space + 1 if 0 <= space < first else begin
    stop = min(len(text), begin + width)
    if stop < len(text):
        space = text.rfind(" ", begin, stop)
        stop = space if space > first else stop
    pieces, position = [], begin
    for start, end in merged:
        if end <= begin or start >= stop:
            continue
        start, end = max(start, begin), min(end, stop)
        pieces.append(html.escape(text[position:start]))
        pieces.append(format_html("<mark>{}</mark>", text[start:end]))
        position = end
    pieces.append(html.escape(text[position:stop]))
    before = "… " if begin else ""
    after = " …" if stop < len(text) else ""
    return mark_safe(before + "".join(str(piece) for piece in pieces) + after)


def render_glossary(letters: dict[str, list[tuple[str, str, str]]], rule_text, language: str):
    """The glossary under its initial letters: a section per letter, each term an anchor
    (``#morph``), each definition with its rule references linked by ``rule_text`` (a
    ``RuleText``). ``letters`` maps "A" to [(term, slug, definition), ...]. Built here rather
    than in a template: an edition has several hundred terms."""
    sections = []
    for letter, entries in letters.items():
        letter = html.escape(letter)
        items = "".join(
            f'<dt id="{html.escape(slug)}"><a class="anchor" href="#{html.escape(slug)}">'
            f"{html.escape(term)}</a></dt><dd>{rule_text.paragraphs(text)}</dd>"
            for term, slug, text in entries
        )
        sections.append(
            f'<section class="glossary-letter" aria-labelledby="letter-{letter}">'
            f'<h2 id="letter-{letter}">{letter}</h2>'
            f'<dl class="glossary" lang="{language}">{items}</dl></section>'
        )
    return mark_safe("".join(sections))
