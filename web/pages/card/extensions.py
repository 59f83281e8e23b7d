"""What other apps add to a card's page: panels in named places, and links in its rules text.

The card page (``web.views.cards.card_detail``) shows what ``oracle`` knows of a card. An app that
knows more about cards adds it from its ``AppConfig.ready()``::

    from web.pages.card.extensions import AFTER_KEYWORDS, CardPageExtension, Panel, add_extension

    add_extension(
        CardPageExtension(
            name="notes",
            context=notes_context,                   # (card, printing) -> dict
            panels=(Panel(AFTER_KEYWORDS, "notes/_card_notes.html"),),
            text_links=link_note_numbers,            # optional
        )
    )

``context(card, printing)`` runs once per page view and returns the variables its panels'
templates use (``printing`` is the printing shown, None for a card without printings). The
page's query count is the sum of every context's: keep each one fixed whatever the card. Its
variables join the page's context; a name already taken is an error.

An extension that reads the database gives its queries as ``statements(card_id, params)``: a
list of ``(sql, params)`` for the card whose id is the SQL ``card_id`` (a value or a query of
one, with ``params`` its parameters, to be written wherever the card's id goes). The page sends
them with its own (``common.sql_rows.fetch_together``), in one round trip on PostgreSQL, and
calls ``context(card, printing, rows)`` with the rows of each, in their order::

    CardPageExtension(
        name="notes",
        statements=lambda card_id, params: [
            (f"SELECT n.text FROM notes_note n WHERE n.card_id = {card_id}", params)
        ],
        context=lambda card, printing, rows: {"notes": [text for (text,) in rows[0]]},
    )

Each panel's template, a Jinja2 one (``templates/jinja2/``, as the page's own), is included at
its slot with the page's context: it decides itself whether to show anything. The slots, from
the top of the page: ``NOTICE`` (above the card's text), ``AFTER_KEYWORDS`` (between the
keywords and the errata), ``AFTER_ERRATA`` (before the printings).

``text_links(markup, printed_on, context)``, when given, returns the card's rules text
(``markup``, HTML already rendered and safe) with links added; ``printed_on`` is the release
date of the printing whose Italian text it is, None for today's Oracle text, and ``context`` the
dict its ``context`` returned for this page.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from django.core.exceptions import ImproperlyConfigured
from django.utils.safestring import SafeString

NOTICE = "notice"
AFTER_KEYWORDS = "after_keywords"
AFTER_ERRATA = "after_errata"
SLOTS = (NOTICE, AFTER_KEYWORDS, AFTER_ERRATA)


@dataclass(frozen=True)
class Panel:
    slot: str
    template: str

    def __post_init__(self):
        if self.slot not in SLOTS:
            raise ImproperlyConfigured(f"no slot {self.slot!r} on the card page; one of {SLOTS}")


@dataclass(frozen=True)
class CardPageExtension:
    name: str
    context: Callable[..., dict]
    panels: tuple[Panel, ...] = ()
    statements: Callable[[str, list], list[tuple[str, list]]] | None = None
    text_links: Callable[[SafeString, date | None, dict], SafeString] | None = None


EXTENSIONS: dict[str, CardPageExtension] = {}


def add_extension(extension: CardPageExtension) -> None:
    """Show ``extension`` on every card page (a second call with the same name replaces it)."""
    EXTENSIONS[extension.name] = extension


@dataclass(frozen=True)
class TextLinks:
    """The links the extensions add to one text of the page
    (``web.pages.card.markup.linked_text``)."""

    printed_on: date | None
    extensions: tuple[tuple[CardPageExtension, dict], ...]

    def link(self, markup: SafeString) -> SafeString:
        for extension, context in self.extensions:
            markup = extension.text_links(markup, self.printed_on, context)
        return markup


@dataclass
class Additions:
    """What the extensions add to one card's page."""

    context: dict = field(default_factory=dict)  # every extension's variables
    panels: dict[str, list[str]] = field(default_factory=dict)  # slot -> templates
    linking: list[tuple[CardPageExtension, dict]] = field(default_factory=list)

    def text_links(self, printed_on: date | None) -> TextLinks:
        return TextLinks(printed_on, tuple(self.linking))


def statements(card_id: str, params: list) -> dict[str, list[tuple[str, list]]]:
    """Each extension's ``statements`` for the card whose id is ``card_id``, by its name."""
    return {
        extension.name: extension.statements(card_id, params)
        for extension in EXTENSIONS.values()
        if extension.statements is not None
    }


def rows_by_extension(
    asked: dict[str, list[tuple[str, list]]], rows: list[list[tuple]]
) -> dict[str, list[list[tuple]]]:
    """The rows of ``asked`` (``statements()``, sent in their order), by extension."""
    found, start = {}, 0
    for name, sent in asked.items():
        found[name] = rows[start : start + len(sent)]
        start += len(sent)
    return found


def additions(card, printing, taken=(), rows: dict[str, list[list[tuple]]] | None = None):
    """Run every extension's context for ``card`` and gather its panels by slot (``Additions``);
    ``taken`` are the names the page itself uses, ``rows`` what ``statements()`` read for this
    card (``rows_by_extension``)."""
    found = Additions(panels={slot: [] for slot in SLOTS})
    taken = set(taken)
    for extension in EXTENSIONS.values():
        if extension.statements is None:
            context = extension.context(card, printing)
        elif rows is None or extension.name not in rows:
            raise ImproperlyConfigured(
                f"card page extension {extension.name!r} needs the rows of its statements"
            )
        else:
            context = extension.context(card, printing, rows[extension.name])
        clash = taken & context.keys()
        if clash:
            raise ImproperlyConfigured(
                f"card page extension {extension.name!r} reuses the names {sorted(clash)}"
            )
        taken |= context.keys()
        found.context |= context
        for panel in extension.panels:
            found.panels[panel.slot].append(panel.template)
        if extension.text_links is not None:
            found.linking.append((extension, context))
    return found
