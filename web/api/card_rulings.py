"""The card's rulings in its JSON API record (``web.api.cards``): the card's own rulings
first, then those about its keywords, then those about its card types, each with what it is
about (``"about"``: ``"card"``, ``"keyword"`` or ``"type"``, and the keyword's or type's
name), its date, language, text, the title of its source and whether it still holds
(``"status"``: ``"current"`` or ``"outdated"``, and for an outdated one ``"outdated_reason"``
in English words). Withdrawn rulings are left out.

One query for all of them, whatever the card (the record is asked for one card at a time)."""

from django.utils import translation

from rulings.models import Ruling
from rulings.status.ruling_status import outdated_reasons


def about(ruling) -> dict:
    if ruling.keyword_id:
        return {"about": "keyword", "keyword": ruling.keyword.name}
    if ruling.card_type_id:
        return {"about": "type", "type": ruling.card_type.name}
    return {"about": "card"}


def ruling_json(ruling) -> dict:
    record = {
        **about(ruling),
        "date": ruling.date.isoformat(),
        "language": ruling.language,
        "text": ruling.text,
        "source": ruling.source_document.title if ruling.source_document else "",
        "status": ruling.status,
    }
    if ruling.status == Ruling.Status.OUTDATED:
        with translation.override("en"):
            record["outdated_reason"] = " ".join(outdated_reasons(ruling))
    return record


def order(ruling) -> tuple:
    """The card's own rulings first, then the keywords', then the types' (each by name)."""
    if ruling.keyword_id:
        return (1, ruling.keyword.name.casefold())
    if ruling.card_type_id:
        return (2, ruling.card_type.name.casefold())
    return (0, "")


def rulings_json(card) -> list[dict]:
    rulings = Ruling.objects.for_card_page().about_card(card).select_related("keyword", "card_type")
    return [ruling_json(ruling) for ruling in sorted(rulings, key=order)]
