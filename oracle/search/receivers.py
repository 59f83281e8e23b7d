"""Keep the search rows right when cards and what they show are saved one by one (the admin,
the tests' factories).

The importer writes in bulk, which sends no signals, and refreshes the rows itself.
"""

from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver

from oracle.models import (
    Card,
    CardFace,
    CardName,
    CardSearch,
    CardSet,
    Keyword,
    Printing,
    PrintingFace,
)
from oracle.search.search_rows import cards_of_keyword, cards_of_set, refresh_search_rows


@receiver(post_save, sender=Card, dispatch_uid="search.card_saved")
def card_saved(sender, instance, raw=False, **kwargs):
    refresh_search_rows([instance.pk])


@receiver(post_save, sender=CardFace, dispatch_uid="search.face_saved")
@receiver(post_delete, sender=CardFace, dispatch_uid="search.face_deleted")
@receiver(post_save, sender=Printing, dispatch_uid="search.printing_saved")
@receiver(post_delete, sender=Printing, dispatch_uid="search.printing_deleted")
def card_part_changed(sender, instance, **kwargs):
    refresh_search_rows([instance.card_id])


@receiver(post_save, sender=PrintingFace, dispatch_uid="search.printed_face_saved")
@receiver(post_delete, sender=PrintingFace, dispatch_uid="search.printed_face_deleted")
def printed_face_changed(sender, instance, **kwargs):
    card_id = CardFace.objects.filter(pk=instance.face_id).values_list("card_id", flat=True)
    refresh_search_rows(list(card_id))


@receiver(m2m_changed, sender=Card.keywords.through, dispatch_uid="search.keywords_changed")
def keywords_changed(sender, instance, action, reverse, pk_set, **kwargs):
    """A card's keywords (``kw:`` reads them from the row), from either side of the link."""
    if action == "pre_clear" and reverse:  # a keyword's links: its cards, before they go
        instance._cleared_cards = cards_of_keyword(instance)
    elif action == "post_clear" and reverse:
        refresh_search_rows(getattr(instance, "_cleared_cards", []))
    elif action.startswith("post_"):
        refresh_search_rows(pk_set if reverse else [instance.pk])


@receiver(post_save, sender=Keyword, dispatch_uid="search.keyword_saved")
def keyword_saved(sender, instance, created=False, **kwargs):
    """A keyword's slug, which its cards' rows hold."""
    if not created:
        refresh_search_rows(cards_of_keyword(instance))


@receiver(post_save, sender=CardSet, dispatch_uid="search.set_saved")
def set_saved(sender, instance, created=False, **kwargs):
    """A set's code, names, date and symbol, which its cards' rows show and search."""
    if not created:
        refresh_search_rows(cards_of_set(instance))


@receiver(post_delete, sender=Card, dispatch_uid="search.card_deleted")
def card_deleted(sender, instance, **kwargs):
    """Deleting a card deletes its faces first, and each face's refresh above writes the
    card's names and search row again: those rows go with the card."""
    CardName.objects.filter(card_id=instance.pk).delete()
    CardSearch.objects.filter(card_id=instance.pk).delete()
