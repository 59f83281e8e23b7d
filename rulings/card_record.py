"""The card's rulings in its JSON API record (``oracle.card_record``): date, language, text and
the title of the source. The source comes in the rulings' query, so every card costs the same
number of queries."""

from django.db.models import Prefetch

from oracle.card_record import RecordPart, add_part

from .models import Ruling


def rulings_json(card) -> list[dict]:
    return [
        {
            "date": ruling.date.isoformat(),
            "language": ruling.language,
            "text": ruling.text,
            "source": ruling.source_document.title if ruling.source_document else "",
        }
        for ruling in card.rulings.all()
    ]


def register() -> None:
    """Add "rulings" to every card's record."""
    add_part(
        RecordPart(
            key="rulings",
            prefetch=Prefetch("rulings", queryset=Ruling.objects.select_related("source_document")),
            serialise=rulings_json,
        )
    )
