"""Each ruling's markup, made once and kept in ``Ruling.rendered``: its text (paragraphs, mana
symbols, reminder text, every rule number it cites a link to where that rule is today:
``rule_text.link_rule_numbers_in_rulings``), which a keyword page shows in its own item, and
the whole item a card page lists (``rulings/_ruling.html``: date, text, whether it is outdated
and why, source document).

Both depend on the page's language (words, dates, addresses) and on the official rules editions
(which was in force on the ruling's date, which is current, what they hold and how their rules
map onto today's: ``rules_state``); the text on the ruling's text (``text_digest``), the item on
everything it shows (``item_digest``). ``store_ruling_markup`` makes both for a page in each
language and keeps them with the rules state and the digests they were made from::

    {"rules": state, "text": text digest, "it": text markup, "en": ...,
     "item": item digest, "item_it": item markup, "item_en": ...}

A page uses what is stored while it still holds (``stored_markup``, ``stored_item``) and
renders the markup itself otherwise (``render_items`` on a card page), so a ruling changed by
any path shows right at once.

It is stored again when its inputs change: a ruling saved (``receivers``: the admin, an
editor's code), rules imported (``import_rules``), rulings or documents imported (the card
import, release notes: their stale rulings), a rule mapping an editor changes (the rulings that
cite its old number). ``manage.py store_ruling_markup`` fills the store of a database whose
rulings have none.
"""

import hashlib
import json
import re
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString

from common.dates import long_date
from common.upsert import chunks, update_by_pk
from rulings.models import RulesEdition, Ruling, SourceDocument
from rulings.status.ruling_status import outdated_reasons
from web.jinja2 import macro
from web.rendering.rule_text import link_rule_numbers_in_rulings

BATCH = 2000  # rulings rendered together: their cited numbers are resolved in one query
CITED_PART = re.compile(r"\d+(?:\.\d+)?")  # "502.26" of "502.26b": how its citations start
# What an item shows of its document (besides its id): the rest of the row stays unread.
DOCUMENT_FIELDS = ("title", "kind", "language")


def official_editions() -> list[RulesEdition]:
    """The official editions, with what ``rules_state`` and the links read of them."""
    return list(RulesEdition.objects.official().only("effective_date", "imported_at"))


def rules_state(editions: Iterable[RulesEdition]) -> str:
    """The official ``editions`` as the stored items were made from them: each one's id,
    effective date and when it was last imported (any import that changes it says so)."""
    return " ".join(
        f"{edition.pk}:{edition.effective_date.isoformat()}:{edition.imported_at.isoformat()}"
        for edition in sorted(editions, key=lambda edition: edition.pk)
    )


def item_digest(ruling: Ruling) -> str:
    """A digest of everything a ruling's item shows but the rules: its own fields and its
    source document's (read with ``source_document``: ``DOCUMENT_FIELDS``)."""
    document = ruling.source_document
    shown = [
        ruling.pk,
        ruling.date.isoformat(),
        ruling.language,
        ruling.text,
        ruling.status,
        ruling.status_set_by_hand,
        ruling.status_note,
        json.dumps(ruling.outdated_because, sort_keys=True),
        ruling.section_id,
        *((document.pk, document.title, document.kind, document.language) if document else ()),
    ]
    return hashlib.sha1("\x1f".join(map(str, shown)).encode()).hexdigest()[:24]


def text_digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:20]


def holds(rendered: dict, digest: str, state: str) -> bool:
    """Whether the items stored as ``rendered`` were made from what the ruling shows now
    (``digest``: ``item_digest``) and the rules as they are (``state``: ``rules_state``)."""
    return bool(rendered) and rendered.get("rules") == state and rendered.get("item") == digest


def stored_markup(ruling: Ruling, state: str) -> SafeString | None:
    """The markup of ``ruling``'s text stored for a page in the active language, None when
    there is none or it was made from another text or other rules (``state``)."""
    rendered = ruling.rendered
    if not rendered or rendered.get("rules") != state:
        return None
    if rendered.get("text") != text_digest(ruling.text):
        return None
    markup = rendered.get(translation.get_language())
    return None if markup is None else SafeString(markup)


def stored_item(ruling: Ruling, state: str, language: str | None = None) -> SafeString | None:
    """The item stored for ``ruling`` on a page in ``language`` (the active one by default),
    None when there is none or it no longer holds."""
    if not holds(ruling.rendered, item_digest(ruling), state):
        return None
    item = ruling.rendered.get(f"item_{language or translation.get_language()}")
    return None if item is None else SafeString(item)


def render_items(rulings: list[Ruling], editions: list[RulesEdition]) -> None:
    """Give each ruling ``item_html``, its item on a page in the active language, rendered
    here: one query for the rules all their texts cite (``editions``: the official ones).
    Each needs ``reasons`` (``ruling_status.outdated_reasons``) and its ``source_document``."""
    link_rule_numbers_in_rulings(rulings, editions)  # text_html
    document_page = document_page_maker()
    language = translation.get_language()
    item = macro("rulings/_ruling.html", "ruling_item")
    for ruling in rulings:
        ruling.document_url = document_url(ruling, document_page)
        ruling.date_iso = ruling.date.isoformat()
        ruling.date_words = long_date(ruling.date)
        ruling.item_html = item(ruling, language)


def has_page(document) -> bool:
    """Documents have pages, except rulings databases (their rulings are on the card pages)."""
    return document.kind != SourceDocument.Kind.RULINGS_DATABASE


def document_page_maker():
    """A function ``document id -> its page's address`` that reverses once (a document's
    address takes a number, which ``common.links`` placeholders are not)."""
    pattern = reverse("rulings:document-detail", args=[0])
    prefix, suffix = pattern.rsplit("/0/", 1)
    return lambda pk: f"{prefix}/{pk}/{suffix}"


def document_url(ruling, document_page=None) -> str:
    """The ruling in its document's page (at its place, when it comes from a section);
    ``document_page`` makes a document's address from its id (``document_page_maker``)."""
    document = ruling.source_document
    if document is None or not has_page(document):
        return ""
    anchor = f"#ruling-{ruling.pk}" if ruling.section_id else ""
    url = (document_page or document_page_maker())(document.pk)
    return url + anchor


def rendered_items(rulings: list[Ruling], editions: list[RulesEdition]) -> dict[int, dict]:
    """{ruling id: what ``Ruling.rendered`` holds} for ``rulings``."""
    state = rules_state(editions)
    stored = {
        ruling.pk: {"rules": state, "text": text_digest(ruling.text), "item": item_digest(ruling)}
        for ruling in rulings
    }
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for ruling in rulings:
                ruling.reasons = outdated_reasons(ruling)
            render_items(rulings, editions)
            for ruling in rulings:
                stored[ruling.pk][language] = str(ruling.text_html)
                stored[ruling.pk][f"item_{language}"] = str(ruling.item_html)
    return stored


@transaction.atomic
def store_ruling_markup(rulings=None, *, stale_only: bool = False) -> int:
    """Render and store the items of ``rulings`` (a queryset; every ruling by default), of
    those whose stored item no longer holds with ``stale_only``; the number stored."""
    editions = official_editions()
    state = rules_state(editions)
    queryset = Ruling.objects.all() if rulings is None else rulings
    read = queryset.order_by().select_related("source_document")
    read = read.only(
        "date",
        "language",
        "text",
        "status",
        "status_set_by_hand",
        "status_note",
        "outdated_because",
        "section_id",
        "source_document_id",
        "rendered",
        *(f"source_document__{name}" for name in DOCUMENT_FIELDS),
    )
    wanted = [
        ruling
        for ruling in read.iterator(BATCH)
        if not (stale_only and holds(ruling.rendered, item_digest(ruling), state))
    ]
    for batch in chunks(wanted, BATCH):
        stored = rendered_items(batch, editions)
        update_by_pk(
            Ruling, [Ruling(pk=pk, rendered=value) for pk, value in stored.items()], ["rendered"]
        )
    return len(wanted)


def store_stale_ruling_markup() -> int:
    """Store the item of every ruling whose stored item no longer holds (after an import
    wrote rulings or documents in bulk, or on a database that has none yet)."""
    return store_ruling_markup(stale_only=True)


def store_markup_citing(number: str) -> int:
    """Store again the items of the rulings whose text may cite rule ``number`` (after its
    mapping onto today's rules changed)."""
    cited = CITED_PART.match(number or "")
    if cited is None:
        return 0
    return store_ruling_markup(Ruling.objects.filter(text__contains=cited[0]))
