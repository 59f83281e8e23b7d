"""The card's rulings in its JSON API record (``web.api.cards``): the card's own rulings
first, then those about its keywords, then those about its card types, each with what it is
about (``"about"``: ``"card"``, ``"keyword"`` or ``"type"``, and the keyword's or type's
name), its date, language, text, the title of its source and whether it still holds
(``"status"``: ``"current"`` or ``"outdated"``, and for an outdated one ``"outdated_reason"``
in English words). Withdrawn rulings are left out.

Asked in Italian (``?lang=it``), an English ruling whose text the editors translated (an
approved translation of the memory: ``rulings.translations``) comes in Italian, with the
card's Italian name in it (its English name where it has none: JSON has no markup to mark
it), the English beside it and the credit
(``rulings.translations.memory.attach_translations``, as the pages and the Scryfall-compatible
API ask it).

One query for all of them, whatever the card (the record is asked for one card at a time);
one more for the translations when asked in Italian.
"""

from django.utils import translation
from django.utils.translation import gettext as _

from rulings.models import Ruling
from rulings.status.ruling_status import outdated_reasons
from rulings.translations.memory import attach_translations

# Who translated a ruling, as the answers credit it: the editors of this site.
TRANSLATED_BY = "oracolo"


def unknown_language(language: str) -> str:
    """The message of a 400 for a ``lang`` other than en and it."""
    return _("Unknown language “%(lang)s”: ask for lang=en or lang=it.") % {"lang": language[:20]}


def about(ruling) -> dict:
    if ruling.keyword_id:
        return {"about": "keyword", "keyword": ruling.keyword.name}
    if ruling.card_type_id:
        return {"about": "type", "type": ruling.card_type.name}
    return {"about": "card"}


def ruling_json(ruling) -> dict:
    italian = getattr(ruling, "italian", "")
    record = {
        **about(ruling),
        "date": ruling.date.isoformat(),
        "language": "it" if italian else ruling.language,
        "text": italian or ruling.text,
    }
    if italian:
        record |= translation_credit(ruling, "text_en")
    record |= {
        "source": ruling.source_document.title if ruling.source_document else "",
        "status": ruling.status,
    }
    if ruling.status == Ruling.Status.OUTDATED:
        with translation.override("en"):
            record["outdated_reason"] = " ".join(outdated_reasons(ruling))
    return record


def translation_credit(ruling, english_field: str) -> dict:
    """What a translated ruling adds: its English (under ``english_field``), who translated it
    and the day the translation was approved."""
    return {
        english_field: ruling.text,
        "translated_by": TRANSLATED_BY,
        "translated_on": ruling.translated_on.isoformat() if ruling.translated_on else None,
    }


def order(ruling) -> tuple:
    """The card's own rulings first, then the keywords', then the types' (each by name)."""
    if ruling.keyword_id:
        return (1, ruling.keyword.name.casefold())
    if ruling.card_type_id:
        return (2, ruling.card_type.name.casefold())
    return (0, "")


def card_rulings(card) -> list[Ruling]:
    """The card's public rulings in the order of its page (one query)."""
    rulings = Ruling.objects.for_card_page().about_card(card).select_related("keyword", "card_type")
    return sorted(rulings, key=order)


def rulings_json(card, italian: bool = False) -> list[dict]:
    """The card's rulings; with ``italian``, those the editors translated in Italian."""
    rulings = card_rulings(card)
    if italian:
        attach_translations(rulings, card.italian_name or card.name)
    return [ruling_json(ruling) for ruling in rulings]
