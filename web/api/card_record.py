"""What other apps add to a card's record in the JSON API (``GET /api/cards/<Oracle id>/``).

``oracle`` writes what it knows of a card; an app that knows more adds a part from its
``AppConfig.ready()``::

    from web.api.card_record import RecordPart, add_part

    add_part(
        RecordPart(
            key="notes",
            prefetch=Prefetch("notes", queryset=Note.objects.select_related("author")),
            serialise=lambda card: [note.text for note in card.notes.all()],
        )
    )

``prefetch`` joins the card's query (a ``Prefetch`` or a lookup), so the part costs the same
queries for every card; ``serialise(card)`` returns the part's JSON value from what it fetched.
The parts come after the card's printings, in the order they were added.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Prefetch


@dataclass(frozen=True)
class RecordPart:
    key: str
    prefetch: Prefetch | str | None
    serialise: Callable[..., object]


PARTS: dict[str, RecordPart] = {}


def add_part(part: RecordPart) -> None:
    """Add ``part`` to every card's record (a second call with the same key replaces it)."""
    PARTS[part.key] = part


def prefetches() -> list[Prefetch | str]:
    return [part.prefetch for part in PARTS.values() if part.prefetch is not None]


def added_parts(card) -> dict:
    """The parts other apps add, for a card fetched with ``prefetches()``."""
    return {key: part.serialise(card) for key, part in PARTS.items()}
