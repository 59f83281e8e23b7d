"""Text made markup: the one place Python writes the HTML of the texts the site shows.

A text is first read into pieces (``web.rendering.text_pieces``: mana symbols, reminder text,
links to rules and cards, plain text); the functions here write each piece's HTML, escaping its
text exactly once, as Django escapes it (a piece already made markup is written as it is).
A piece goes one way, read there and written here: nothing here is read again.

The template filters (``web/jinja2.py``: ``mana``, ``rules_text``, ``diff``) are these
functions; the pages that show rules, rulings and documents (``web.pages.rules.page``,
``web.rendering.rulings``, ``web.pages.documents.rendering``) hand their pieces here too.
"""

import html
from collections.abc import Collection, Iterable
from functools import cache

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from common.links import url_prefix
from common.word_changes import word_changes
from rulings.translations.texts import ENGLISH_END, ENGLISH_START
from web.rendering.text_pieces import (
    SYMBOL_RUN,
    LineReader,
    RuleLinks,
    loyalty_costs,
    strip_example_label,
    symbol_run,
)


def escaped(value) -> str:
    """``value`` escaped as Django escapes it (``conditional_escape``: markup, a value with
    ``__html__``, is written as it is), without its lazy-text wrapper: pages escape thousands
    of pieces."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


def inline(pieces: Iterable) -> SafeString:
    """The HTML of a text's pieces, one flat run (``text_pieces.Piece``: paragraphs and
    reminder text open and close as pieces of their own)."""
    out = []
    for piece in pieces:
        kind = piece.kind
        if kind == "text":
            out.append(escaped(piece.text))
        elif kind in _TAGS:
            out.append(_TAGS[kind])
        elif kind == "link":
            out.append(link(piece))
        elif kind == "symbols":
            out.append(symbols(piece))
        elif kind == "note":
            out.append(
                f'<span class="{escaped(piece.css_class)}" title="{escaped(piece.title)}">'
                f"{escaped(piece.text)}</span>"
            )
        elif kind == "loyalty":
            out.append(loyalty(piece))
    return mark_safe("".join(out))


def english_names(html: SafeString) -> SafeString:
    """``html`` (written by ``inline``) with each name a translation left in English
    (``rulings.translations.texts.name_for``) marked as English."""
    if ENGLISH_START not in html:
        return html
    marked = html.replace(ENGLISH_START, '<span lang="en">').replace(ENGLISH_END, "</span>")
    return mark_safe(marked)


_TAGS = {
    "p": "<p>",
    "/p": "</p>",
    "reminder": '<i class="reminder">',
    "/reminder": "</i>",
    "highlight": "<mark>",
    "/highlight": "</mark>",
}


def link(piece) -> str:
    """A "link" piece: its text linked to its address, with its class and title if any."""
    css_class = f' class="{escaped(piece.css_class)}"' if piece.css_class else ""
    title = f' title="{escaped(piece.title)}"' if piece.title else ""
    return f'<a{css_class} href="{escaped(piece.href)}"{title}>{escaped(piece.text)}</a>'


@cache
def symbols(piece) -> SafeString:
    """A "symbols" piece: one symbol as its image; several side by side ("{6}{W}{W}") in one
    image named for screen readers by the piece's label. The same runs repeat on every page."""
    if len(piece.symbols) == 1:
        return symbol(*piece.symbols[0])
    return format_html(
        '<span class="mana-symbols" role="img" aria-label="{}">{}</span>',
        piece.label,
        mark_safe("".join(symbol(*part) for part in piece.symbols)),
    )


@cache
def symbol(text: str, css_class: str, name: str) -> SafeString:
    """One mana symbol ({W}, as written between the braces: ``text``) as an icon of the mana
    font, named ``name`` for screen readers."""
    return format_html(
        '<abbr class="ms ms-cost {}" role="img" aria-label="{}" title="{}">'
        '<span class="visually-hidden">{}</span></abbr>',
        css_class,
        name,
        name,
        "{" + text + "}",
    )


def loyalty(piece) -> str:
    """A "loyalty" piece: a planeswalker's loyalty cost as a badge pointing up, down or flat (as
    printed on the card), named in words for screen readers; the Oracle text's brackets stay,
    for copying, hidden on screen."""
    written = escaped(piece.text)
    if written.startswith("[") and written.endswith("]"):
        hidden = '<span class="visually-hidden">{}</span>'
        written = hidden.format("[") + written[1:-1] + hidden.format("]")
    return (
        f'<span class="loyalty-cost {escaped(piece.css_class)}" role="img" '
        f'aria-label="{escaped(piece.label)}">{written}</span>'
    )


# --- Card text --------------------------------------------------------------------------------

_CARD_LINE = LineReader([loyalty_costs])
_CARD_TEXT = LineReader([loyalty_costs], reminders=True)


def mana(text: str) -> SafeString:
    """A mana cost or a line of text, {W}, {2/U}, {T} as symbols (the ``mana`` filter)."""
    if not text:
        return SafeString("")
    if SYMBOL_RUN.fullmatch(text):  # a cost
        return symbols(symbol_run(text, get_language()))
    return inline(_CARD_LINE.read(text))


def rules_text(text: str, rule_links: bool = False, edition: str | None = None) -> SafeString:
    """A card's rules text (the ``rules_text`` filter): each line a paragraph, symbols as icons,
    reminder text in italics; with ``rule_links`` every rule number a link, to today's rules
    or to those of the edition in force on ``edition`` (an ISO date)."""
    if not rule_links:
        return inline(_CARD_TEXT.paragraphs(text))
    links = RuleLinks(url_prefix("rules:rule-detail"), edition=edition)
    return inline(LineReader([loyalty_costs, links], reminders=True).paragraphs(text))


def word_diff(old: str, new: str) -> SafeString:
    """HTML of ``new`` with the words removed from ``old`` in <del> and those added in <ins>
    (``common.word_changes``), line breaks as <br>, mana symbols as icons (the ``diff``
    filter: ``old|diff(new)``)."""
    read = [
        (kind, [_CARD_LINE.read(line) for line in lines]) for kind, lines in word_changes(old, new)
    ]
    out = []
    for kind, lines in read:
        changed = "<br>".join(inline(line) for line in lines)
        out.append(f"<{kind}>{changed}</{kind}>" if kind in {"del", "ins"} else changed)
    return mark_safe("".join(out))


# --- Rules text -------------------------------------------------------------------------------


class RuleTextRenderer:
    """Renders the rules texts of one page: paragraphs, mana symbols as icons (each its own),
    every rule number cited a link (``text_pieces.RuleLinks``). The address prefix and the
    labels' language are worked out once.

    ``exists``: the numbers that have a page (the others stay text), None to link every number.
    ``edition``: the ISO date of the edition the text belongs to: its links then open that
    edition, so an old number leads to the old rule (whose page says where it is today).
    """

    def __init__(self, exists: Collection[str] | None = None, edition: str | None = None):
        links = RuleLinks(url_prefix("rules:rule-detail"), exists, edition)
        self.reader = LineReader([links], runs=False)
        self.interface_language = get_language()

    def paragraphs(self, value: str) -> SafeString:
        """One <p> per line."""
        return inline(self.reader.paragraphs(value))

    def body(self, value: str, examples: Iterable[str], language: str) -> SafeString:
        """A rule's text and its examples, each marked as one; "" when both are empty."""
        return rule_body(
            self.reader.paragraphs(value),
            [self.reader.paragraphs(strip_example_label(example)) for example in examples],
            language,
            self.interface_language,
        )


def rule_body(lines, examples, language: str, interface_language: str) -> SafeString:
    """A rule's text and its examples (each the flat pieces of its paragraphs), each example
    under its label in the interface's language; "" when both are empty."""
    if not lines and not examples:
        return SafeString("")
    label = format_html(
        '<p class="rule-example-label" lang="{}">{}</p>', interface_language, _("Example")
    )
    shown_examples = format_html_join(
        "", '<div class="rule-example">{}{}</div>', ((label, inline(each)) for each in examples)
    )
    return format_html(
        '<div class="rule-text" lang="{}">{}{}</div>', language, inline(lines), shown_examples
    )


def side_by_side(italian: str, english: str, language: str) -> SafeString:
    """The Italian text with the English (in ``language``) beside it; only the English when
    there is no Italian."""
    if not italian:
        return SafeString(english)
    return format_html(
        '<div class="bilingual rule-bilingual"><div class="lang-it" lang="it">{}</div>'
        '<div class="lang-en" lang="{}">{}</div></div>',
        italian,
        language,
        english,
    )


def rule_source(pieces) -> SafeString:
    """Where an Italian rule text comes from, a sentence of pieces."""
    return format_html('<p class="rule-source">{}</p>', inline(pieces))


def change_note(note: str) -> SafeString:
    """What the document quoting an Italian rule text says changed in it."""
    return format_html(
        '<p class="rule-change-note"><strong>{}</strong> {}</p>', _("The document notes:"), note
    )


def superseded(banner: str, italian: str, compare: str, compare_url: str) -> SafeString:
    """The Italian text of an older edition (``italian``: its source, text and note, made
    markup), collapsed under ``banner``, with the link that compares its rule with today's."""
    return format_html(
        '<details class="rule-superseded">\n<summary>{}</summary>\n'
        '<div class="lang-it" lang="it">{}</div>\n'
        '<p class="rule-superseded-compare"><a href="{}">{}</a></p>\n</details>\n',
        banner,
        italian,
        compare_url,
        compare,
    )


# --- Documents' text --------------------------------------------------------------------------


def document_lines(rows, interface_language: str) -> SafeString:
    """A source document's lines, (kind, pieces or the damaged line, reason) each: one
    paragraph per line; a damaged line exactly as written, with a mark and the importer's
    reason."""
    out = []
    for kind, line, reason in rows:
        if kind == "damaged":
            damaged = _("Damaged text")
            out.append(
                format_html(
                    '<p class="damaged"><span class="damaged-line" title="{}: {}">'
                    '<span class="damage-mark" aria-hidden="true">⚠</span> '
                    '<span class="damaged-text">{}</span> '
                    '<span class="damage-reason" lang="{}">({}: {})</span></span></p>',
                    damaged,
                    reason,
                    line,
                    interface_language,
                    damaged,
                    reason,
                )
            )
        else:
            out.append(f"<p>{inline(line)}</p>")
    return mark_safe("".join(out))
