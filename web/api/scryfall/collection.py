"""``POST /cards/collection``: up to 75 cards at once, each named by one of Scryfall's
identifiers::

    {"identifiers": [{"id": "..."}, {"mtgo_id": 26946}, {"multiverse_id": 130345},
                     {"oracle_id": "..."}, {"illustration_id": "..."},
                     {"name": "Tarmogoyf"}, {"name": "Tarmogoyf", "set": "fut"},
                     {"collector_number": "153", "set": "fut"}]}

The answer lists the cards found in the order asked (``data``) and the identifiers that found
none (``not_found``). Each kind of identifier is looked up for all of them at once, so the
whole request takes a handful of queries. A name is a card's whole name, English or Italian
(an Italian name finds the Italian printing), accents, case and punctuation ignored.
"""

from collections import defaultdict

from django.db.models import Q
from django.db.models.functions import Upper
from django.utils.translation import gettext as _

from common.numbers import bounded_number
from common.text import key_words
from oracle.models import Card, CardName, CardSet, Printing
from web.api.scryfall.cards import MAX_ID, card_objects
from web.api.scryfall.identities import parse_uuid
from web.api.scryfall.printings import Entry, by_ids, chosen_printings, facts_by_card
from web.api.scryfall.responses import answer, api_view, bad_request, error, refusal
from web.json_views import UnreadableBody, json_body
from web.search_limits import time_limited

MAX_IDENTIFIERS = 75
KINDS = (
    ("id",), ("mtgo_id",), ("multiverse_id",), ("oracle_id",), ("illustration_id",),
    ("collector_number", "set"), ("name", "set"), ("name",),
)  # fmt: skip


def kind_of(identifier) -> tuple[str, ...] | None:
    if not isinstance(identifier, dict):
        return None
    for kind in KINDS:
        if all(isinstance(identifier.get(key), str | int) for key in kind):
            return kind
    return None


@api_view("POST")
@time_limited(refusal)
def collection(request):
    try:
        body = json_body(request)
    except UnreadableBody as problem:
        code = "too_large" if problem.status == 413 else "bad_request"
        return error(problem.status, code, problem)
    identifiers = body.get("identifiers") if isinstance(body, dict) else None
    if not isinstance(identifiers, list) or not identifiers:
        return bad_request(_('The body must be JSON: {"identifiers": [...]}, with at least one.'))
    if len(identifiers) > MAX_IDENTIFIERS:
        return bad_request(
            _("At most %(count)s identifiers at once; this asks for %(asked)s.")
            % {"count": MAX_IDENTIFIERS, "asked": len(identifiers)}
        )
    kinds = [kind_of(identifier) for identifier in identifiers]
    for position, kind in enumerate(kinds):
        if kind is None:
            return bad_request(
                _(
                    "Identifier %(position)s names no card: give id, mtgo_id, multiverse_id, "
                    "oracle_id, illustration_id, name (with set or not), or collector_number "
                    "with set."
                )
                % {"position": position}
            )
    entries = resolve(identifiers, kinds)
    found = [entry for entry in entries if entry is not None]
    not_found = [ident for ident, entry in zip(identifiers, entries, strict=True) if entry is None]
    data = card_objects(request, found)
    return answer({"object": "list", "not_found": not_found, "data": data})


def resolve(identifiers, kinds) -> list[Entry | None]:
    """The entry each identifier finds (None where it finds none), each kind asked at once."""
    groups = defaultdict(list)
    for position, kind in enumerate(kinds):
        groups[kind].append(position)
    entries: list[Entry | None] = [None] * len(identifiers)
    for kind, positions in groups.items():
        asked = [identifiers[position] for position in positions]
        for position, entry in zip(positions, RESOLVERS[kind](asked), strict=True):
            entries[position] = entry
    return entries


def _text(value) -> str:
    return str(value).strip()


def _number(value) -> int | None:
    return bounded_number(_text(value), MAX_ID) or None


def _by_id(asked):
    keys = [parse_uuid(_text(identifier["id"])) for identifier in asked]
    found = by_ids(keys)
    return [found.get(key) if key else None for key in keys]


def _by_numbers(asked, key, english_fields, italian_field=None):
    numbers = [_number(identifier[key]) for identifier in asked]
    wanted = {number for number in numbers if number is not None}
    condition = Q(pk__in=[])
    for field in (*english_fields, *([italian_field] if italian_field else [])):
        condition |= Q(**{f"{field}__in": wanted})
    fields = [*english_fields, *([italian_field] if italian_field else [])]
    found = {}
    for pk, *values in Printing.objects.filter(condition).order_by("pk").values_list("pk", *fields):
        for field, value in zip(fields, values, strict=True):
            if value in wanted:
                found.setdefault(value, Entry(pk, "it" if field == italian_field else "en"))
    return [found.get(number) for number in numbers]


def _by_mtgo_id(asked):
    return _by_numbers(asked, "mtgo_id", ("mtgo_id", "mtgo_foil_id"))


def _by_multiverse_id(asked):
    return _by_numbers(asked, "multiverse_id", ("multiverse_id",), "multiverse_id_it")


def _by_oracle_id(asked):
    keys = [parse_uuid(_text(identifier["oracle_id"])) for identifier in asked]
    cards = dict(
        Card.objects.filter(oracle_id__in=[key for key in keys if key]).values_list(
            "oracle_id", "pk"
        )
    )
    chosen = chosen_printings(cards.values())
    return [chosen.get(cards.get(key)) for key in keys]


def _by_illustration_id(asked):
    keys = [parse_uuid(_text(identifier["illustration_id"])) for identifier in asked]
    printings = Printing.objects.filter(illustration_id__in=[key for key in keys if key])
    newest = {}
    for facts_list in facts_by_card(printings).values():
        for facts in facts_list:
            newest.setdefault(facts.art, Entry(facts.pk))
    return [newest.get(key) for key in keys]


def _by_set_and_number(asked):
    pairs = [(_text(i["set"]).upper(), _text(i["collector_number"])) for i in asked]
    sets = dict(
        CardSet.objects.annotate(upper=Upper("code"))
        .filter(upper__in={code for code, _ in pairs})
        .values_list("upper", "pk")
    )
    condition = Q(pk__in=[])
    for code, number in set(pairs):
        if code in sets:
            condition |= Q(card_set_id=sets[code], collector_number=number)
    found = {
        (code.upper(), number): Entry(pk)
        for pk, code, number in Printing.objects.filter(condition).values_list(
            "pk", "card_set__code", "collector_number"
        )
    }
    return [found.get(pair) for pair in pairs]


def _by_name(asked):
    keys = ["0".join(key_words(_text(identifier["name"]))) for identifier in asked]
    rows = CardName.objects.whole().filter(key__in=set(keys)).order_by("card_id")
    names = defaultdict(dict)  # key -> {card id: languages}
    for key, card_id, language in rows.values_list("key", "card_id", "language"):
        names[key].setdefault(card_id, set()).add(language)
    sets = [_text(identifier.get("set", "")).upper() for identifier in asked]
    wanted = {}  # position -> (card id, set code, Italian)
    for position, (key, code) in enumerate(zip(keys, sets, strict=True)):
        if names.get(key):
            card_id, languages = next(iter(names[key].items()))
            wanted[position] = (card_id, code, languages == {"it"})
    groups = defaultdict(set)
    for card_id, code, italian in wanted.values():
        groups[(code, italian)].add(card_id)
    chosen = {
        (card_id, code, italian): entry
        for (code, italian), card_ids in groups.items()
        for card_id, entry in chosen_printings(
            card_ids, [code] if code else (), italian, only_in_sets=True
        ).items()
    }
    return [chosen.get(wanted.get(position)) for position in range(len(asked))]


RESOLVERS = {
    ("id",): _by_id,
    ("mtgo_id",): _by_mtgo_id,
    ("multiverse_id",): _by_multiverse_id,
    ("oracle_id",): _by_oracle_id,
    ("illustration_id",): _by_illustration_id,
    ("collector_number", "set"): _by_set_and_number,
    ("name", "set"): _by_name,
    ("name",): _by_name,
}
