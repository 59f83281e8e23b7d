"""Each ruling's text as a card page shows it, made once and kept in ``Ruling.rendered``.

A ruling's markup (``rule_text.link_rule_numbers_in_rulings``: paragraphs, mana symbols,
reminder text, every rule number it cites a link to where that rule is today) depends on its
text, on the page's language (addresses, "today 702.37c") and on the official rules editions
(which was in force on its date, which is current, what they hold and how their rules map onto
today's). ``store_ruling_markup`` makes it for a page in each language and keeps it with what
it was made from: a digest of the text and ``rules_state``, the official editions as imported.
A card page uses it while both still hold (``stored_markup``) and renders the text itself
otherwise, so a ruling written or changed by any path shows right at once.

It is stored again when its inputs change: a ruling saved (``receivers``: the admin, an
editor's code), rules imported (``import_rules``), rulings imported (the card import, release
notes, an editorial backup: their stale rulings), a rule mapping an editor changes (the
rulings that cite its old number). ``manage.py store_ruling_markup`` fills the store of a
database whose rulings have none.
"""

import hashlib
import re
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.utils import translation
from django.utils.safestring import SafeString

from oracle.importers.upsert import chunks, update_by_pk

from .models import RulesEdition, Ruling
from .rule_text import link_rule_numbers_in_rulings

BATCH = 2000  # rulings rendered together: their cited numbers are resolved in one query
CITED_PART = re.compile(r"\d+(?:\.\d+)?")  # "502.26" of "502.26b": how its citations start


def official_editions() -> list[RulesEdition]:
    """The official editions, with what ``rules_state`` and the links read of them."""
    return list(RulesEdition.objects.official().only("effective_date", "imported_at"))


def rules_state(editions: Iterable[RulesEdition]) -> str:
    """The official ``editions`` as the stored markup was made from them: each one's id,
    effective date and when it was last imported (any import that changes it says so)."""
    return " ".join(
        f"{edition.pk}:{edition.effective_date.isoformat()}:{edition.imported_at.isoformat()}"
        for edition in sorted(editions, key=lambda edition: edition.pk)
    )


def text_digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:20]


def holds(rendered: dict, text: str, state: str) -> bool:
    """Whether markup stored as ``rendered`` was made from ``text`` and the rules as they are
    (``state``: ``rules_state``)."""
    if not rendered or rendered.get("rules") != state:
        return False
    return rendered.get("text") == text_digest(text)


def stored_markup(ruling: Ruling, state: str) -> SafeString | None:
    """The markup stored for ``ruling`` on a page in the active language, None when there is
    none or it was made from another text or other rules."""
    if not holds(ruling.rendered, ruling.text, state):
        return None
    markup = ruling.rendered.get(translation.get_language())
    return None if markup is None else SafeString(markup)


def rendered_markup(rulings: list[Ruling], editions: list[RulesEdition]) -> dict[int, dict]:
    """{ruling id: what ``Ruling.rendered`` holds} for ``rulings`` (with their date and text)."""
    state = rules_state(editions)
    stored = {ruling.pk: {"rules": state, "text": text_digest(ruling.text)} for ruling in rulings}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            link_rule_numbers_in_rulings(rulings, editions)
            for ruling in rulings:
                stored[ruling.pk][language] = str(ruling.text_html)
    return stored


@transaction.atomic
def store_ruling_markup(rulings=None, *, stale_only: bool = False) -> int:
    """Render and store the markup of ``rulings`` (a queryset; every ruling by default), of
    those whose stored markup no longer holds with ``stale_only``; the number stored."""
    editions = official_editions()
    state = rules_state(editions)
    queryset = Ruling.objects.all() if rulings is None else rulings
    wanted = [
        Ruling(pk=pk, date=day, text=text)
        for pk, day, text, rendered in queryset.order_by().values_list(
            "pk", "date", "text", "rendered"
        )
        if not (stale_only and holds(rendered, text, state))
    ]
    for batch in chunks(wanted, BATCH):
        stored = rendered_markup(batch, editions)
        update_by_pk(
            Ruling, [Ruling(pk=pk, rendered=value) for pk, value in stored.items()], ["rendered"]
        )
    return len(wanted)


def store_stale_ruling_markup() -> int:
    """Store the markup of every ruling whose stored markup no longer holds (after an import
    wrote rulings in bulk, or on a database that has none yet)."""
    return store_ruling_markup(stale_only=True)


def store_markup_citing(number: str) -> int:
    """Store again the markup of the rulings whose text may cite rule ``number`` (after its
    mapping onto today's rules changed)."""
    cited = CITED_PART.match(number or "")
    if cited is None:
        return 0
    return store_ruling_markup(Ruling.objects.filter(text__contains=cited[0]))
