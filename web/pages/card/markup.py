"""The parts of a card's page that change only with the card's data, rendered once for a page in
each language and kept (``CardMarkup``): each face's Oracle text and each printing's Italian
text, with the links other apps add (rule numbers); each printing's English text as printed
compared with today's Oracle text; the errata; the wording history; the printings table's rows;
the legality grid.

They are made from the rows ``card_detail`` reads of the card (the card, its faces, printings
with their sets, printed faces, errata). What is stored holds while its digest is the one worked
out from the rows a page has just read, the page's language and the templates and translations
that make the markup (``page_digest``); a page whose stored parts no longer hold renders them
itself (``CardParts``: the same functions), so a card changed by any path shows right at once.
The texts' links depend on their apps' own state (the rules in force when a printing came out):
each linked text is stored with the key its links were made for (``TextLinks.key``), and a page
renders a text live when its key is another.

Stored again: by the card import (the cards it wrote), on an editor's save of an erratum or a
set (``receivers``); ``manage.py store_card_markup`` fills a database, or refreshes what no
longer holds.
"""

import hashlib
import json
from collections.abc import Callable, Iterable
from functools import cache, cached_property
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.template import engines
from django.utils import translation
from django.utils.safestring import SafeString

from common.upsert import insert_rows
from oracle.models import Card, CardMarkup, CardSet, Erratum, Printing
from oracle.printed_text import mend_symbols
from oracle.wording_history import wording_history
from web.jinja2 import macro
from web.pages.card import extensions as card_page
from web.pages.card.printings import printing_rows
from web.rendering.card_text import render_rules_text
from web.rendering.diff import word_diff

BATCH = 500  # cards whose stored digests are read together


@cache
def markup_version() -> str:
    """A digest of the Jinja2 templates and the translation catalogues, which make the markup:
    what was stored with other ones no longer holds."""
    digest = hashlib.blake2b(digest_size=16)
    env = engines["jinja2"].env
    for name in sorted(env.list_templates()):
        digest.update(name.encode())
        digest.update(env.loader.get_source(env, name)[0].encode())
    for folder in settings.LOCALE_PATHS:
        for catalogue in sorted(Path(folder).glob("*/LC_MESSAGES/*.mo")):
            digest.update(catalogue.read_bytes())
    return digest.hexdigest()


def page_digest(card: Card) -> str:
    """What the stored parts of ``card`` (read by ``card_detail``) are made from, for a page in
    the active language."""
    made_from = f"{card.rows_digest} {translation.get_language()} {markup_version()}"
    return hashlib.blake2b(made_from.encode(), digest_size=16).hexdigest()


def stored_parts(card: Card) -> dict | None:
    """The parts stored for ``card`` in the active language while they hold, else None."""
    if card.stored_markup is None:
        return None
    digest, parts = card.stored_markup
    if digest != page_digest(card):
        return None
    return json.loads(parts)  # JSON text on every database (``CardMarkup.parts``)


# Each part rendered live, as it is stored.


def linked_text(text: str, links: card_page.TextLinks) -> SafeString:
    """A card's rules text with the links other apps add."""
    return links.link(render_rules_text(text))


def english_diffs(face, printed) -> tuple[SafeString, SafeString]:
    """The printed face's English type line and text compared with today's Oracle ones ("" for
    one it has not)."""
    type_diff = word_diff(printed.original_type, face.type_line) if printed.original_type else ""
    text_diff = (
        word_diff(mend_symbols(printed.original_text), face.oracle_text)
        if printed.original_text
        else ""
    )
    return SafeString(type_diff), SafeString(text_diff)


def errata_markup(card: Card) -> SafeString:
    return macro("oracle/_card_errata.html", "errata_section")(card, list(card.errata.all()))


def wording_history_markup(card: Card, history=None) -> SafeString:
    """``history``: the card's ``wording_history``, when worked out already (it is the same
    in every language)."""
    history = wording_history(card) if history is None else history
    return macro("oracle/_wording_history.html", "wording_history_section")(history)


def legality_markup(card: Card) -> SafeString:
    return macro("oracle/_card_legality.html", "legality")(card)


class SharedWork:
    """What rendering the parts of many cards, in each language, works out once: a card's
    English diffs and wording history (the same in every language), and the legality grids
    (most cards share theirs with thousands of others)."""

    def __init__(self):
        self._legality: dict[tuple, SafeString] = {}
        self._card = None
        self._english: dict[int, tuple[SafeString, SafeString]] = {}
        self._history = None

    def for_card(self, card: Card) -> None:
        """What follows is ``card``'s: what was kept of the card before goes."""
        if card is not self._card:
            self._card, self._english, self._history = card, {}, None

    def english_diffs(self, face, printed) -> tuple[SafeString, SafeString]:
        found = self._english.get(printed.pk)
        if found is None:
            found = self._english[printed.pk] = english_diffs(face, printed)
        return found

    def wording_history(self, card: Card):
        if self._history is None:
            self._history = wording_history(card)
        return self._history

    def legality_markup(self, card: Card) -> SafeString:
        key = (
            translation.get_language(),
            card.document_only,
            json.dumps(card.legalities, sort_keys=True),
        )
        found = self._legality.get(key)
        if found is None:
            found = self._legality[key] = legality_markup(card)
        return found


def printing_rows_markup(printings, shown) -> list[SafeString]:
    row = macro("oracle/_printing_rows.html", "printing_row")
    return [row(each) for each in printing_rows(printings, shown)]


class CardParts:
    """The parts of one card's page (``card_detail.html`` writes them): stored while they hold,
    else rendered here."""

    def __init__(self, card: Card, printings: list, shown, oracle_links, printed_links):
        self.card = card
        self.printings = printings  # the card's
        self.shown = shown  # the printing the page shows (None without printings)
        self.oracle_links = oracle_links
        self.printed_links = printed_links
        self.stored = stored_parts(card)

    def oracle_text(self, face) -> SafeString:
        return self._linked("oracle", face.pk, face.oracle_text, self.oracle_links)

    def printed_text(self, printed) -> SafeString:
        return self._linked("printed", printed.pk, printed.text_it, self.printed_links)

    def _linked(self, kind: str, pk: int, text: str, links) -> SafeString:
        if self.stored is not None:
            key, markup = self.stored[kind].get(str(pk), (None, None))
            if key is not None and key == links.key():
                return SafeString(markup)
        return linked_text(text, links)

    def english_diffs(self, face, printed) -> tuple[SafeString, SafeString]:
        if self.stored is not None:
            found = self.stored["english"].get(str(printed.pk))
            if found is not None:
                return SafeString(found[0]), SafeString(found[1])
        return english_diffs(face, printed)

    @cached_property
    def errata(self) -> SafeString:
        return self._stored("errata") or errata_markup(self.card)

    @cached_property
    def wording_history(self) -> SafeString:
        return self._stored("history") or wording_history_markup(self.card)

    @cached_property
    def legality(self) -> SafeString:
        return self._stored("legality") or legality_markup(self.card)

    @cached_property
    def printing_rows(self) -> list[SafeString]:
        """The printings table's rows, that of the printing shown marked (rendered here)."""
        printings = self.printings
        if self.stored is None:
            return printing_rows_markup(printings, self.shown)
        rows = [SafeString(row) for row in self.stored["printings"]]
        if self.shown is not None:
            at = printings.index(self.shown)
            rows[at] = printing_rows_markup([self.shown], self.shown)[0]
        return rows

    def _stored(self, name: str) -> SafeString | None:
        return None if self.stored is None else SafeString(self.stored[name])


def render_parts(card: Card, links_for: Callable | None, shared: SharedWork | None = None) -> dict:
    """What ``CardMarkup.parts`` holds for ``card`` (read by ``card_detail``) in the active
    language; ``links_for``: ``card_page.links_for_storing()`` (None: no text is stored);
    ``shared``: what other cards' or languages' parts worked out already."""
    shared = shared or SharedWork()
    shared.for_card(card)
    faces = {face.pk: face for face in card.faces.all()}
    printings = list(card.printings.all())
    oracle, printed, english = {}, {}, {}
    if links_for is not None:
        links = links_for(None)
        for face in faces.values():
            oracle[face.pk] = (links.key(), linked_text(face.oracle_text, links))
    for printing in printings:
        links = links_for(printing.card_set.release_date) if links_for is not None else None
        for printed_face in printing.faces.all():
            if links is not None and printed_face.text_it:
                printed[printed_face.pk] = (links.key(), linked_text(printed_face.text_it, links))
            face = faces.get(printed_face.face_id)
            if face is not None and (printed_face.original_text or printed_face.original_type):
                english[printed_face.pk] = shared.english_diffs(face, printed_face)
    parts = {
        "oracle": oracle,
        "printed": printed,
        "english": english,
        "errata": errata_markup(card),
        "history": wording_history_markup(card, shared.wording_history(card)),
        "legality": shared.legality_markup(card),
        "printings": printing_rows_markup(printings, None),
    }
    return json.loads(json.dumps(parts))  # the keys strings and the markup plain, as stored


def texts_hold(card: Card, parts: dict, links_for: Callable | None) -> bool:
    """Whether each text stored in ``parts`` has the links it would be given now (their key)."""
    if links_for is None:
        return not (parts["oracle"] or parts["printed"])
    key = links_for(None).key()
    if any(stored_key != key for stored_key, _markup in parts["oracle"].values()):
        return False
    for printing in card.printings.all():
        key = links_for(printing.card_set.release_date).key()
        for printed_face in printing.faces.all():
            stored_key, _markup = parts["printed"].get(str(printed_face.pk), (key, ""))
            if stored_key != key:
                return False
    return True


@transaction.atomic
def store_card_markup(card_pks: Iterable[int] | None = None, *, stale_only: bool = False) -> int:
    """Render and store the page parts of the cards ``card_pks`` (every card by default) for a
    page in each language; with ``stale_only``, only where what is stored no longer holds. The
    number of (card, language) parts stored."""
    from web.pages.card.detail import cards_by_pks

    if card_pks is None:
        card_pks = Card.objects.order_by("pk").values_list("pk", flat=True)
    card_pks = list(card_pks)
    languages = [code for code, _name in settings.LANGUAGES]
    links_by_language = {}
    for language in languages:
        with translation.override(language):
            links_by_language[language] = card_page.links_for_storing()
    stored = 0
    shared = SharedWork()
    for start in range(0, len(card_pks), BATCH):
        batch = card_pks[start : start + BATCH]
        held = {}
        if stale_only:
            held = {
                (card_pk, language): (digest, parts)
                for card_pk, language, digest, parts in CardMarkup.objects.filter(
                    card_id__in=batch
                ).values_list("card_id", "language", "digest", "parts")
            }
        made = []
        for card in cards_by_pks(batch):
            card_pk = card.pk
            for language in languages:
                with translation.override(language):
                    digest = page_digest(card)
                    links_for = links_by_language[language]
                    stored_digest, parts = held.get((card_pk, language), (None, None))
                    if stored_digest == digest and texts_hold(card, parts, links_for):
                        continue
                    parts = render_parts(card, links_for, shared)
                made.append(CardMarkup(card=card, language=language, digest=digest, parts=parts))
        for language in languages:
            replaced = [markup.card_id for markup in made if markup.language == language]
            if replaced:
                CardMarkup.objects.filter(card_id__in=replaced, language=language).delete()
        insert_rows(CardMarkup, made)
        stored += len(made)
    return stored


def store_stale_card_markup(card_pks: Iterable[int] | None = None) -> int:
    """Store again the parts of the cards ``card_pks`` (every card by default) that no longer
    hold."""
    return store_card_markup(card_pks, stale_only=True)


def _erratum_changed(sender, instance, raw=False, **kwargs):
    """An erratum saved or deleted (in the admin): its card's parts are stored again."""
    if not raw:
        store_card_markup([instance.card_id])


def _set_changed(sender, instance, raw=False, **kwargs):
    """A set saved (its Italian name, in the admin): its cards' parts name it."""
    if not raw:
        cards = Printing.objects.filter(card_set=instance).values_list("card_id", flat=True)
        store_stale_card_markup(sorted(set(cards)))


def register() -> None:
    """Store the parts again when an editor changes what they show (imports store them
    themselves: their writes send no signals)."""
    post_save.connect(_erratum_changed, sender=Erratum, dispatch_uid="card_markup.erratum_saved")
    post_delete.connect(
        _erratum_changed, sender=Erratum, dispatch_uid="card_markup.erratum_deleted"
    )
    post_save.connect(_set_changed, sender=CardSet, dispatch_uid="card_markup.set_saved")
