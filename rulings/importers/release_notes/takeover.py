"""A card import takes over the cards known from a document only (``DocumentOnlyCard``: release
notes that describe cards no card data had) when its data brings them, without a duplicate.

``oracle`` announces the import before it writes any card (``oracle.signals.cards_arriving``)
and ``rulings.receivers`` calls ``take_over_document_cards`` with the data read:

- the data's card is the one with the same English name, or whose Italian printed name is the
  document card's name or its faces' Italian names (tokens left out);
- when the data's card is not here yet, the document card's row takes its Oracle id, name and
  slug, so the writing that follows updates that row (faces, types, keywords and all) and
  whatever points at it (rulings, document sections and mentions, rule links) stays;
- when it is here already, rulings' rows that pointed at the document card move to it and the
  document card goes. A rule link the card already has is not made twice.

Either way the card is no longer known from a document only.
"""

from functools import partial

from common.text import fold_line, unique_slug
from common.upsert import SyncStats
from oracle.models import Card
from rulings.models import CardRule, DocumentMention, DocumentOnlyCard, DocumentSection, Ruling

REPORT_LABEL = "document-only cards"


def take_over_document_cards(data) -> SyncStats:
    """Updated counts the rows taken over, deleted the document cards merged into a card
    already here. ``data`` is the ``MtgjsonData`` the card import read."""
    stats = SyncStats()
    waiting = list(Card.objects.filter(known_from_document__isnull=False).prefetch_related("faces"))
    if not waiting:
        return stats
    by_name, by_italian_name = _names_in(data)
    for card in waiting:
        names = {fold_line(card.name), fold_line(card.italian_name)} - {""}
        oracle_id = next(
            (
                found
                for table in (by_name, by_italian_name)
                for name in sorted(names)
                if (found := table.get(name))
            ),
            None,
        )
        if oracle_id is None:
            continue
        here = Card.objects.filter(oracle_id=oracle_id).exclude(pk=card.pk).first()
        if here is not None:
            move_rows(card, here)
            card.delete()
            stats.deleted += 1
            continue
        name = data.cards[oracle_id].name
        others = Card.objects.exclude(pk=card.pk)
        slug = unique_slug(name, partial(_slug_taken, others), otherwise=card.slug)
        Card.objects.filter(pk=card.pk).update(oracle_id=oracle_id, name=name, slug=slug)
        DocumentOnlyCard.objects.filter(card=card).delete()
        stats.updated += 1
    return stats


def _names_in(data) -> tuple[dict, dict]:
    """({folded English name: Oracle id}, {folded Italian printed name: Oracle id})."""
    by_name, by_italian_name = {}, {}
    for oracle_id, card in data.cards.items():
        if not card.is_token:
            by_name.setdefault(fold_line(card.name), oracle_id)
    for printing in data.printings.values():
        if data.cards[printing.oracle_id].is_token:
            continue
        names = [printed.name_it for printed in printing.faces]
        for name in (printing.name_it, " // ".join(names) if all(names) else "", *names):
            if name:
                by_italian_name.setdefault(fold_line(name), printing.oracle_id)
    return by_name, by_italian_name


# rulings' rows that name a card. The sample cards are left out: the rule linker works them
# out again after every card import.
CARD_ROWS = ((Ruling, "card"), (DocumentSection, "card"), (DocumentMention, "card"))


def move_rows(card: Card, into: Card) -> None:
    """Point rulings' rows about ``card`` at ``into`` instead. A rule link ``into`` already has
    (the same card and rule) is dropped rather than repeated."""
    for model, field in CARD_ROWS:
        model.objects.filter(**{field: card}).update(**{field: into})
    taken = CardRule.objects.filter(card=into, section__isnull=False).values("section_id")
    CardRule.objects.filter(card=card, section_id__in=taken).delete()
    CardRule.objects.filter(card=card).update(card=into)


def _slug_taken(cards, slug: str) -> bool:
    return cards.filter(slug=slug).exists()
