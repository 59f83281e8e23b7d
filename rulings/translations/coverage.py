"""How much of the English card rulings the approved Italian translations cover: overall, per
set, per format, and the texts still untranslated that would cover the most.

A card ruling is covered when it is public and English and its text (``Ruling.memory_key``)
has an approved translation. A card counts in every set it was printed in and in every format
where it may be played (legal or restricted, as ``f:`` finds it). Three queries however large
the catalogue: the sets, the cards grouped by their legalities, the next texts.
"""

from collections import Counter
from dataclasses import dataclass

from django.db.models import Count, F, Q

from oracle.formats import FORMATS, Status, format_name
from oracle.models import Card, CardSet
from rulings.models import Language, Ruling, RulingText, RulingTranslation

# A card's statuses in a format that let it be played there.
PLAYABLE = (Status.LEGAL, Status.RESTRICTED)
NEXT_TEXTS = 50


@dataclass(frozen=True)
class Coverage:
    covered: int
    total: int

    @property
    def percent(self) -> float:
        return 100 * self.covered / self.total if self.total else 0.0


@dataclass(frozen=True)
class FormatCoverage:
    key: str
    name: str
    coverage: Coverage


@dataclass(frozen=True)
class CoverageReport:
    overall: Coverage
    sets: list  # CardSet, each with ``coverage``, newest first
    formats: list[FormatCoverage]
    next_texts: list[RulingText]


def card_ruling_filters(prefix: str = "") -> tuple[Q, Q]:
    """The conditions (public English card rulings; those covered) on the rulings reached
    through ``prefix`` (the path from the model queried to ``Ruling``)."""
    counted = Q(**{f"{prefix}language": Language.ENGLISH}) & ~Q(
        **{f"{prefix}status": Ruling.Status.WITHDRAWN}
    )
    # A list the database makes once (IN), where a correlated EXISTS would be asked again for
    # every ruling joined to every printing of its card.
    approved = RulingTranslation.objects.approved().values("text_id")
    return counted, counted & Q(**{f"{prefix}memory_key__in": approved})


def set_coverage() -> list[CardSet]:
    """The sets with card rulings, newest first, each with ``coverage``. A ruling of a card
    printed twice in a set counts once there."""
    rulings = "printings__card__rulings"
    counted, covered = card_ruling_filters(f"{rulings}__")
    sets = (
        CardSet.objects.only("code", "name", "name_it", "release_date")
        .annotate(
            total=Count(rulings, distinct=True, filter=counted),
            covered=Count(rulings, distinct=True, filter=covered),
        )
        .filter(total__gt=0)
        .order_by("-release_date", "code")
    )
    sets = list(sets)
    for card_set in sets:
        card_set.coverage = Coverage(card_set.covered, card_set.total)
    return sets


def format_and_overall_coverage() -> tuple[list[FormatCoverage], Coverage]:
    """Each format where some card with rulings may be played (in ``oracle.formats``' order,
    then formats it does not know), and every card ruling. The cards are grouped by their
    legalities, a few hundred different ones, and each group is added to its formats."""
    counted, covered = card_ruling_filters("rulings__")
    groups = (
        Card.objects.values("legalities")
        .annotate(total=Count("rulings", filter=counted), covered=Count("rulings", filter=covered))
        .filter(total__gt=0)
        .order_by()
    )
    totals, covers = Counter(), Counter()
    overall = Coverage(0, 0)
    for group in groups:
        overall = Coverage(overall.covered + group["covered"], overall.total + group["total"])
        for key, status in (group["legalities"] or {}).items():
            if status in PLAYABLE:
                totals[key.lower()] += group["total"]
                covers[key.lower()] += group["covered"]
    known = [fmt.key for fmt in FORMATS]
    keys = [key for key in known if key in totals] + sorted(set(totals) - set(known))
    formats = [
        FormatCoverage(key, format_name(key), Coverage(covers[key], totals[key])) for key in keys
    ]
    return formats, overall


def next_texts(limit: int = NEXT_TEXTS) -> list[RulingText]:
    """The texts without an approved translation that would cover the most card rulings, the
    newest first among equals."""
    return list(
        RulingText.objects.untranslated()
        .only("key", "english", "card_rulings", "newest")
        .order_by("-card_rulings", F("newest").desc(nulls_last=True), "key")[:limit]
    )


def coverage_report() -> CoverageReport:
    formats, overall = format_and_overall_coverage()
    return CoverageReport(overall, set_coverage(), formats, next_texts())
