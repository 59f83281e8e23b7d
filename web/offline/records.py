"""The card records kept offline (docs/offline.md): for each card a short search record and its
details, read with the ORM a part at a time (a few queries per part, whatever its size).

A search record (``search_record``) holds what the offline search tests and its result list
shows: both names, mana cost and value, colours, type lines and texts in both languages, the
keywords. Its details (``detail_record``) hold what only the card view shows: legalities,
errata, the card's current rulings (Italian where the editors approved a translation, else as
written) and the numbers of the rules it uses in the edition in force. Keys are one or two
letters, on purpose: every key is written 24,000 times.
"""

from decimal import Decimal

from django.db.models import Prefetch

from oracle.models import Card, CardFace, Erratum, Keyword
from oracle.models.cards import searched_kinds
from oracle.models.page_language import joined_name
from oracle.type_words import compose_italian_type_line
from rulings.models import CardRule, Language, RuleSection, Ruling
from rulings.translations.memory import approved_for
from rulings.translations.texts import fill

COLOUR_ORDER = "WUBRG"
FACE_SEPARATOR = "\n//\n"
NOT_LEGAL = "not_legal"
FACE_FIELDS = (
    "card",
    "position",
    "name",
    "mana_cost",
    "type_line",
    "oracle_text",
    "name_it",
    "type_line_it",
    "printed_text_it",
)


def kept_cards():
    """The cards kept offline: every card with a page a search may list (tokens too), by name."""
    return Card.objects.filter(searched_kinds(with_tokens=True)).order_by("name", "pk")


def cards_with_parts(card_ids):
    """The cards ``card_ids`` with their faces, keywords and errata (three queries)."""
    return (
        Card.objects.filter(pk__in=card_ids)
        .only("name", "slug", "mana_value", "colors", "legalities")
        .prefetch_related(
            Prefetch(
                "faces", queryset=CardFace.objects.only(*FACE_FIELDS).order_by("position", "pk")
            ),
            Prefetch(
                "keywords", queryset=Keyword.objects.only("name", "name_it").order_by("name", "pk")
            ),
            Prefetch(
                "errata",
                queryset=Erratum.objects.only(
                    "card", "field", "date", "old_text", "new_text", "reason", "reason_it"
                ).order_by("-date", "-id"),
            ),
        )
        .order_by("name", "pk")
    )


def number(value: Decimal) -> int | float:
    """A mana value as JSON writes it: 3, or 0.5 for the odd half."""
    return int(value) if value == value.to_integral_value() else float(value)


def colours(letters: str) -> str:
    """ "GW" -> "WG": the colours in WUBRG order."""
    return "".join(letter for letter in COLOUR_ORDER if letter in letters)


def joined(texts, separator: str) -> str | None:
    """The faces' texts joined, None when every face's is empty."""
    texts = list(texts)
    return separator.join(texts) if any(texts) else None


def search_record(card: Card, details_part: int, subtypes: dict[str, str]) -> dict:
    """``subtypes``: ``italian_subtypes()``, for the type line of a face never printed in
    Italian, said with the catalogue's Italian type words as the pages say it."""
    faces = list(card.faces.all())
    keywords = list(card.keywords.all())
    italian_types = [
        face.type_line_it or compose_italian_type_line(face.type_line, subtypes) for face in faces
    ]
    return {
        "s": card.slug,
        "n": card.name,
        "ni": joined_name(face.name_it for face in faces) or None,
        "m": " // ".join(face.mana_cost for face in faces if face.mana_cost),
        "v": number(card.mana_value),
        "c": colours(card.colors),
        "t": " // ".join(face.type_line for face in faces if face.type_line),
        # Italian only when every face has it: half a type line would mislead.
        "ti": " // ".join(italian_types) if italian_types and all(italian_types) else None,
        "o": FACE_SEPARATOR.join(face.oracle_text for face in faces),
        "oi": joined((face.printed_text_it for face in faces), FACE_SEPARATOR),
        "k": [keyword.name for keyword in keywords],
        "ki": [keyword.name_it or keyword.name for keyword in keywords],
        "d": details_part,
    }


def detail_record(card: Card, rulings: list[dict], rules: list[str]) -> dict:
    return {
        "l": {
            key.lower(): status.lower()
            for key, status in sorted((card.legalities or {}).items())
            if status.lower() != NOT_LEGAL
        },
        "e": [
            {
                "date": erratum.date.isoformat(),
                "field": erratum.field,
                "old": erratum.old_text,
                "text": erratum.new_text,
                "reason": erratum.reason or None,
                "reason_it": erratum.reason_it or None,
            }
            for erratum in card.errata.all()
        ],
        "r": rulings,
        "u": rules,
    }


def current_rulings(cards: list[Card]) -> dict[int, list[dict]]:
    """{card id: its current public rulings, oldest first}: an English ruling the editors
    translated comes in Italian (with the card's Italian name, else its English one) and its
    English beside it. Two queries."""
    names = {
        card.pk: joined_name(f.name_it for f in card.faces.all()) or card.name for card in cards
    }
    rulings = list(
        Ruling.objects.public()
        .filter(card_id__in=list(names), status=Ruling.Status.CURRENT)
        .only("card", "date", "language", "text", "memory_key", "position")
        .order_by("date", "position", "pk")
    )
    translations = approved_for(
        ruling.memory_key for ruling in rulings if ruling.language == Language.ENGLISH
    )
    found: dict[int, list[dict]] = {card_id: [] for card_id in names}
    for ruling in rulings:
        translation = (
            translations.get(ruling.memory_key) if ruling.language == Language.ENGLISH else None
        )
        found[ruling.card_id].append(
            {
                "date": ruling.date.isoformat(),
                "lang": Language.ITALIAN if translation else ruling.language,
                "text": fill(translation.italian, names[ruling.card_id])
                if translation
                else ruling.text,
                "en": ruling.text if translation else None,
            }
        )
    return found


def edition_rules(edition_id: int | None) -> dict[int, tuple[int, str]]:
    """{rule id: (its position, its number)} for the rules of the edition ``edition_id``."""
    if edition_id is None:
        return {}
    rules = RuleSection.objects.filter(edition_id=edition_id).order_by()
    return {
        pk: (position, rule) for pk, position, rule in rules.values_list("pk", "position", "number")
    }


def rules_used(card_ids, rules: dict[int, tuple[int, str]]) -> dict[int, list[str]]:
    """{card id: the numbers of the rules of ``rules`` (``edition_rules``) it uses, in the
    rules' order}, less the links an editor removed. One query, through the links' card index
    alone (joined to the rules, SQLite read every link of the edition)."""
    used: dict[int, set[tuple[int, str]]] = {card_id: set() for card_id in card_ids}
    links = CardRule.objects.filter(card_id__in=list(used), excluded=False, section__isnull=False)
    for card_id, section_id in links.order_by().values_list("card_id", "section_id"):
        if section_id in rules:
            used[card_id].add(rules[section_id])
    return {card_id: [rule for _position, rule in sorted(found)] for card_id, found in used.items()}


def part_records(
    card_ids, part: int, rules: dict, subtypes: dict[str, str]
) -> tuple[list[dict], dict]:
    """The search records and the details of the cards ``card_ids`` (their details in part
    ``part``, the rules they use among ``rules``: ``edition_rules``; ``subtypes``:
    ``italian_subtypes()``), in the cards' order."""
    cards = list(cards_with_parts(card_ids))
    rulings = current_rulings(cards)
    used = rules_used([card.pk for card in cards], rules)
    search = [search_record(card, part, subtypes) for card in cards]
    details = {card.slug: detail_record(card, rulings[card.pk], used[card.pk]) for card in cards}
    return search, details
