"""What a card's page reads of the card: the card with its faces, keywords, printings (their
sets and printed faces, newest first) and errata, in six plain queries (five for a card
without printings).

``Card.objects.for_detail()`` reads the same through ``prefetch_related``, whose machinery
costs more than the rows on a card with a hundred printings; here each kind of row is read
once and handed out to its owners, so that ``card.faces.all()``,
``printing.faces.all()`` and the others answer from memory, as after a prefetch, for
everything the page calls (``wording_history``, ``card_images``, the models' properties).
The card's search columns, which only the search reads, are left in the database.
"""

from .models import Card, CardFace, Erratum, Keyword, Printing, PrintingFace

# Every column the search fills at import (``search_name``, ``search_text``, ...).
SEARCH_COLUMNS = tuple(
    field.attname for field in Card._meta.concrete_fields if field.name.startswith("search_")
)


def card_for_page(**lookup) -> Card | None:
    """The card ``lookup`` finds (``slug="lightning-bolt"``, or by one of its printings) and
    its parts, or None."""
    card = Card.objects.defer(*SEARCH_COLUMNS).filter(**lookup).first()
    if card is None:
        return None
    faces = list(CardFace.objects.filter(card=card.pk))
    for face in faces:
        face.card = card
    keywords = list(Keyword.objects.filter(cards=card.pk).order_by("name"))
    printings = list(
        Printing.objects.filter(card=card.pk)
        .select_related("card_set")
        .order_by("-card_set__release_date", "card_set__code", "sort_number")
    )
    printed_faces: dict[int, list[PrintingFace]] = {printing.pk: [] for printing in printings}
    if printings:  # a card known only from a document has none
        for printed in PrintingFace.objects.filter(printing__card=card.pk).order_by(
            "printing_id", "position"
        ):
            printed_faces[printed.printing_id].append(printed)
    for printing in printings:
        printing.card = card
        remember(printing, "faces", printed_faces[printing.pk])
    faces_by_pk = {face.pk: face for face in faces}
    errata = list(Erratum.objects.filter(card=card.pk).order_by("-date", "-id"))
    for erratum in errata:
        erratum.card = card
        if erratum.face_id in faces_by_pk:
            erratum.face = faces_by_pk[erratum.face_id]
    remember(card, "faces", faces)
    remember(card, "keywords", keywords)
    remember(card, "printings", printings)
    remember(card, "errata", errata)
    return card


def remember(instance, name: str, objects: list) -> None:
    """``instance.<name>.all()`` answers ``objects`` from now on without a query, as after
    ``prefetch_related(name)``, which leaves the same in the same place: the relation's
    queryset (so that ``.filter()`` or ``.values()`` on it still ask about this instance
    alone) holding its rows."""
    held = getattr(instance, name).get_queryset()
    held._result_cache = objects
    held._prefetch_done = True
    if not hasattr(instance, "_prefetched_objects_cache"):
        instance._prefetched_objects_cache = {}
    instance._prefetched_objects_cache[name] = held
