"""What a card's page reads of the rules app, in four queries whatever the card:

- the official rules editions (``RulesEdition.objects.official()``);
- the public rulings on the card, its keywords and its card types
  (``Ruling.objects.for_card_page().about_card(card)``), each with its source document, the
  names of its keyword or card type and when an editor last changed it;
- the documents with pages that name the card, have a section about it or a ruling on it;
- the rules of today's edition (the official one in force) the card uses, with what names them.
"""

from dataclasses import dataclass
from operator import itemgetter

from django.db.models import F, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Upper

from common.dates import local_date
from oracle.models import Card, CardType, Keyword
from rulings.models import (
    CardRule,
    DocumentMention,
    DocumentSection,
    Language,
    RuleSection,
    RulesEdition,
    Ruling,
    SourceDocument,
)

# What the page shows of a ruling and works out from it (its status, its document's address).
RULING_FIELDS = (
    "card",
    "keyword",
    "card_type",
    "date",
    "language",
    "text",
    "source_document__title",
    "source_document__kind",
    "source_document__language",
    "section",
    "position",
    "status",
    "status_set_by_hand",
    "status_note",
    "outdated_because",
    "memory_key",
)
# The rulings' history (django-simple-history: ``Ruling.history`` makes a manager class on
# each use).
HISTORICAL_RULING = Ruling.history.model
# A document in a list of those that speak of something (a card, a keyword).
DOCUMENT_LISTED_FIELDS = ("title", "kind", "language", "published_on")


@dataclass
class PageRows:
    """What ``page_rows`` reads for one card's page."""

    editions: QuerySet  # the official ones, read (``in_force`` answers from them)
    rulings: list[Ruling]
    documents: list[SourceDocument]
    rules_used: list["RuleUseRow"]  # today's edition's


def page_rows(card: Card) -> PageRows:
    """The official editions, the rulings about ``card``, the documents that speak of it and
    the rules of today's edition it uses."""
    editions = RulesEdition.objects.official().only("effective_date", "imported_at")
    today = editions.in_force()  # reads the editions once: they answer for every date
    return PageRows(
        editions=editions,
        rulings=rulings_about(card),
        documents=list(documents_about(card)),
        rules_used=rules_used_by(card, today) if today else [],
    )


def rulings_about(card: Card) -> list[Ruling]:
    """The public rulings of ``card`` and those about its keywords and card types, in their
    order (language, date, position), each with ``source_document``, ``keyword_name``,
    ``keyword_name_it``, ``type_name``, ``type_name_it`` (None for another kind of ruling) and
    ``corrected_on``, the day an editor last changed it (None if none has)."""
    changes_by_hand = HISTORICAL_RULING.objects.filter(
        id=OuterRef("pk"), history_type="~", history_user__isnull=False
    )
    rulings = (
        Ruling.objects.for_card_page()
        .about_card(card)
        .only(*RULING_FIELDS)
        .annotate(
            keyword_name=F("keyword__name"),
            keyword_name_it=F("keyword__name_it"),
            type_name=F("card_type__name"),
            type_name_it=F("card_type__name_it"),
            corrected_at=Subquery(
                changes_by_hand.order_by("-history_date").values("history_date")[:1]
            ),
        )
    )
    rulings = list(rulings)
    for ruling in rulings:
        ruling.corrected_on = local_date(ruling.corrected_at)
    return rulings


def documents_about(card: Card):
    """The documents with pages (not rulings databases) that name ``card``, have a section
    about it or a ruling on it, oldest first."""
    speaks_of_it = (
        Q(pk__in=DocumentMention.objects.filter(card=card).values("document"))
        | Q(pk__in=DocumentSection.objects.filter(card=card).values("document"))
        | Q(pk__in=Ruling.objects.filter(card=card).values("source_document"))
    )
    return (
        SourceDocument.objects.exclude(kind=SourceDocument.Kind.RULINGS_DATABASE)
        .filter(speaks_of_it)
        .only(*DOCUMENT_LISTED_FIELDS)
        .order_by("published_on", "title")
    )


@dataclass
class RuleUseRow:
    """One rule a card uses, as read: the rule, why, and the names its reason may use."""

    number: str
    title: str
    text: str
    parent_title: str | None
    reason: str
    detail: str
    italian_title: str | None  # the same rule's in the Italian edition of the same date
    keyword_name: str | None  # the keyword the detail names (in any case), by name or slug
    keyword_name_it: str | None
    type_name_it: str | None  # the Italian name of the card type the detail names


def rules_used_by(card: Card, edition: RulesEdition) -> list[RuleUseRow]:
    """The rules of ``edition`` (today's) ``card`` uses, in the rules' order."""
    return rules_used_of_cards([card.pk], edition.pk)[card.pk]


def rules_used_of_cards(card_ids, edition_id: int) -> dict[int, list[RuleUseRow]]:
    """The rules of the edition ``edition_id`` (today's) each of these cards uses (less those
    an editor removed), in the rules' order, in one query for them all. Keyword and card type
    names are matched in any case."""
    used: dict[int, list[RuleUseRow]] = {card_id: [] for card_id in card_ids}
    if not used:
        return used
    links = CardRule.objects.filter(
        card_id__in=list(used), section__edition_id=edition_id, excluded=False
    )
    # In the rules' order, sorted here: ordered by the database, SQLite reads every rule of
    # the edition in order instead of the cards' few links.
    rows = links.order_by().values("card_id", "reason", "detail", **RULE_USE)
    for row in sorted(rows, key=itemgetter("position")):
        del row["position"]
        used[row.pop("card_id")].append(RuleUseRow(**row))
    return used


def named_in_detail(names, *fields: str):
    """Of ``names`` (keywords, card types), those one of whose ``fields`` is a card rule's
    detail, in any case (by the fields' upper-case indexes)."""
    detail = Upper(OuterRef("detail"))
    matches = Q()
    for field in fields:
        matches |= Q(**{f"upper_{field}": detail})
    return names.alias(**{f"upper_{field}": Upper(field) for field in fields}).filter(matches)


KEYWORD_NAMED = named_in_detail(Keyword.objects.order_by("name"), "name", "slug")
# What a card rule's row holds besides its card, reason and detail: its rule's position, and
# ``RuleUseRow``'s other fields.
RULE_USE = {
    "position": F("section__position"),
    "number": F("section__number"),
    "title": F("section__title"),
    "text": F("section__text"),
    "parent_title": F("section__parent__title"),
    "italian_title": Subquery(
        RuleSection.objects.filter(
            edition__language=Language.ITALIAN,
            number=OuterRef("section__number"),
            edition__effective_date=OuterRef("section__edition__effective_date"),
        )
        .order_by()
        .values("title")[:1]
    ),
    "keyword_name": Subquery(KEYWORD_NAMED.values("name")[:1]),
    "keyword_name_it": Subquery(KEYWORD_NAMED.values("name_it")[:1]),
    "type_name_it": Subquery(
        named_in_detail(CardType.objects.order_by("kind", "name"), "name").values("name_it")[:1]
    ),
}


def reason_label(reason: str) -> str:
    """A reason's name in words (the value itself for one the model does not know)."""
    return CardRule.Reason(reason).label if reason in CardRule.Reason.values else reason
