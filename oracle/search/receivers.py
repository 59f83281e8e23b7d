"""Keep the search columns right when cards are saved one by one (admin, tests' factories).

The importer writes in bulk, which sends no signals, and refreshes the columns itself.
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from oracle.models import Card, CardFace, CardName, Printing, PrintingFace
from oracle.search.normalize import refresh_search_columns


@receiver(post_save, sender=Card, dispatch_uid="search.card_saved")
def card_saved(sender, instance, **kwargs):
    refresh_search_columns([instance.pk])


@receiver(post_save, sender=CardFace, dispatch_uid="search.face_saved")
@receiver(post_delete, sender=CardFace, dispatch_uid="search.face_deleted")
@receiver(post_save, sender=Printing, dispatch_uid="search.printing_saved")
@receiver(post_delete, sender=Printing, dispatch_uid="search.printing_deleted")
def card_part_changed(sender, instance, **kwargs):
    refresh_search_columns([instance.card_id])


@receiver(post_save, sender=PrintingFace, dispatch_uid="search.printed_face_saved")
@receiver(post_delete, sender=PrintingFace, dispatch_uid="search.printed_face_deleted")
def printed_face_changed(sender, instance, **kwargs):
    card_id = CardFace.objects.filter(pk=instance.face_id).values_list("card_id", flat=True)
    refresh_search_columns(list(card_id))


@receiver(post_delete, sender=Card, dispatch_uid="search.card_deleted")
def card_deleted(sender, instance, **kwargs):
    """Deleting a card deletes its faces first, and each face's refresh above writes the
    card's names again: those rows go with the card."""
    CardName.objects.filter(card_id=instance.pk).delete()
