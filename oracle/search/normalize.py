"""The search columns: folded names, type lines and texts, and numbers, filled at import time.

Search compares folded text (``common.text.fold_line`` and ``fold_lines``: lower case, no accents,
"Æ" -> "ae", "’" -> "'") on both sides, so "aether" finds "Æther Vial", "e" finds "è" and "d’Alba"
finds "d'Alba" with a plain substring match that works the same on SQLite and PostgreSQL. The
importer calls ``oracle.search.search_rows.refresh_search_rows`` after it writes cards, faces and
Italian printed text (saving a card or face one by one does it through ``receivers``); migration
0002 fills them for existing rows.

Card columns hold every face, one line each, so a phrase never runs from one face into the
next, and a condition is one column of one row (no join):

- ``search_name``: every name the card goes by, one per line with a newline before and after
  (so ``"\\nname\\n"`` finds an exact name): the Oracle name, each face's English and Italian
  name, the joined Italian name, and the Italian name of every printing.
- ``search_type``: each face's English type line, then its Italian one.
- ``search_text``: each face's Oracle text and Italian printed text; a text that names its own
  face is there twice, the second time with the name written "~" (``o:"~ deals"``).
- ``search_flags``: words for ``is:``, ``lang:`` and ``m:``, each between spaces: "permanent"
  and "spell" (from the front face's card types), "futureshifted", "timeshifted", "reprint"
  (some printing is), "italian" (some face has an Italian name or text); "facecolors" and
  "facevalues" on a card whose faces are matched one by one (``FACE_BY_FACE``) when their
  colours, or their mana values, differ (Garruk Relentless: green front, black-green back), so
  that colour and mana value conditions look at its faces; the mana cost words of
  ``mana_costs``; then what ``printing_words`` adds: "reserved", "promo", "digital", "funny",
  watermarks ("wm:orzhov") and the card's status in every format ("formats:ll-b...", for ``f:``,
  ``banned:``, ``restricted:``).
- ``search_artists`` and ``search_flavor``: the printings' artists and flavour texts, folded,
  for ``a:``, ``order:artist`` and ``ft:`` (``printing_words``).
- ``search_printings``: one word per printing, oldest first, between spaces:
  " fut:rare:2007-05-04 tsp:common:2006-10-06 ", for ``s:``, ``r:``, ``year=`` and ``date=``.
- ``first_released``, ``last_released``: the oldest and newest printing's set release date, for
  ``year``/``date`` with < <= > >=; ``rarity_rank``: the highest rarity, for ``order:rarity``.

A transforming card's faces, a modal double-faced card's and a meld card's have their own
colour, cost, mana value, power, toughness and loyalty (``FACE_BY_FACE``); a transforming card's
back face has the mana value of its front (rule 712.8e), a modal double-faced card's back face
its own. Split, flip and adventure cards are one object with one colour, the union of their
halves', as on Scryfall ("Boom // Bust" is red, "Fire // Ice" blue-red), and one mana value.

Face columns ``power_value``, ``toughness_value``, ``loyalty_value``: the number, or None for
"*", "1+*", "X", "∞" and blanks, which no numeric comparison matches.
"""

import re
from datetime import date
from decimal import Decimal, InvalidOperation

from django.db.models import Q

from common.text import fold, fold_line, fold_lines
from oracle.search.mana_costs import cost_words
from oracle.search.printing_words import artist_lines, flavor_lines, printing_flags

NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")  # ASCII digits only
LARGEST = Decimal("99999999")  # the columns hold 9 digits, one after the point
BATCH = 2000

FACE_COLUMNS = ("power_value", "toughness_value", "loyalty_value")
CARD_COLUMNS = (
    "search_name", "search_type", "search_text", "search_flags", "search_printings",
    "first_released", "last_released", "rarity_rank", "search_artists", "search_flavor",
)  # fmt: skip
PRINTING_SOURCE = (
    "card_id", "card_set__code", "rarity", "card_set__release_date", "frame_version",
    "is_timeshifted", "is_reprint", "is_promo", "is_online_only", "card_set__is_online_only",
    "is_funny", "watermark", "artist",
)  # fmt: skip
CARD_SOURCE = ("legalities", "is_reserved")
# Lowest first, as Scryfall orders them.
RARITY_ORDER = ("common", "uncommon", "rare", "special", "mythic", "bonus")
PERMANENT_TYPES = {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
SPELL_TYPES = {
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "planeswalker",
    "sorcery",
}
HISTORIC_TYPES = {"legendary", "artifact", "saga"}
FACE_SOURCE = (
    "name", "name_it", "type_line", "type_line_it", "oracle_text", "printed_text_it", "power",
    "toughness", "loyalty", "colors", "mana_value", "mana_cost",
)  # fmt: skip
# Layouts whose faces are matched one by one for colour, mana value and cost.
FACE_BY_FACE = ("transform", "modal_dfc", "meld", "double_faced_token", "reversible_card")
# The cards whose faces differ in colour, in mana value (see face_flags).
FACE_COLORS = Q(search_flags__startswith=" facecolors ")
FACE_VALUES = Q(search_flags__startswith=" facevalues ") | Q(
    search_flags__startswith=" facecolors facevalues "
)


def number_value(text: str) -> Decimal | None:
    """ "3" -> 3, "-1" -> -1, ".5" -> 0.5; None for "*", "1+*", "X" and anything else."""
    text = (text or "").strip()
    if not NUMBER.fullmatch(text):
        return None
    try:
        value = Decimal(text).quantize(Decimal("0.1"))
    except InvalidOperation:
        return None
    return value if abs(value) <= LARGEST else None


def face_columns(face: dict) -> dict:
    return {
        "power_value": number_value(face["power"]),
        "toughness_value": number_value(face["toughness"]),
        "loyalty_value": number_value(face["loyalty"]),
    }


def kinds_of_card(faces: list[dict]) -> list[str]:
    """The ``is:`` words a card's faces give: "permanent", "spell" (by the front's types),
    "vanilla" (a creature without rules text), "historic" (some face is legendary, an
    artifact or a saga), "commander" (a legendary creature on the front, or text saying it can
    be your commander, as Scryfall reads ``is:commander``)."""
    if not faces:
        return []
    words = []
    front = set(fold(faces[0]["type_line"]).split("—")[0].split())  # supertypes and types
    if front & PERMANENT_TYPES:
        words.append("permanent")
    if front & SPELL_TYPES and "land" not in front:
        words.append("spell")
    if "creature" in front and not any(face["oracle_text"].strip() for face in faces):
        words.append("vanilla")
    if any(_type_words(face["type_line"]) & HISTORIC_TYPES for face in faces):
        words.append("historic")
    texts = " ".join(fold(face["oracle_text"]) for face in faces)
    if {"legendary", "creature"} <= front or "can be your commander" in texts:
        words.append("commander")
    return words


def _type_words(type_line: str) -> set[str]:
    """The words of a type line, subtypes included: {"legendary", "enchantment", "saga"}."""
    return set(fold(type_line).replace("—", " ").split())


def face_flags(layout: str, faces: list[dict]) -> list[str]:
    """ "facecolors", "facevalues": the faces are matched one by one for colour, for mana value.
    They come first in ``search_flags``, where a condition tests them as a prefix
    (``FACE_COLORS``, ``FACE_VALUES``): a test that fails at the first letters on most cards."""
    if layout not in FACE_BY_FACE:
        return []
    words = []
    if len({face["colors"] for face in faces}) > 1:
        words.append("facecolors")
    if len(set(face_mana_values(layout, faces))) > 1:
        words.append("facevalues")
    return words


def face_mana_values(layout: str, faces: list[dict]) -> list:
    """The mana value of each face as the search reads it: a transforming card's back face has
    its front's (rule 712.8e), other faces their own."""
    if layout == "transform" and faces:
        return [faces[0]["mana_value"]] * len(faces)
    return [face["mana_value"] for face in faces]


def card_columns(
    name: str,
    faces: list[dict],
    printings: list[tuple],
    printed_names: set[str],
    layout: str = "normal",
    card: dict | None = None,
    flavor_texts=(),
) -> dict:
    """The search columns of a card, from its name, layout, faces, printings, printed Italian
    names, its own CARD_SOURCE fields (``card``) and its printings' flavour texts.

    A face is a dict of FACE_SOURCE; a printing a tuple of PRINTING_SOURCE.
    """
    names = [name, " // ".join(face["name"] for face in faces)]
    italian = [face["name_it"] for face in faces]
    if italian and all(italian):
        names.append(" // ".join(italian))
    for face in faces:
        names += [face["name"], face["name_it"]]
    names += sorted(printed_names)
    types, texts = [], []
    for face in faces:
        types += [fold_line(face["type_line"]), fold_line(face["type_line_it"])]
        for text, own_name in (
            (face["oracle_text"], face["name"]),
            (face["printed_text_it"], face["name_it"]),
        ):
            text, own_name = fold_lines(text), fold_line(own_name)
            texts.append(text)
            if own_name and own_name in text:
                texts.append(text.replace(own_name, "~"))
    printings = sorted(printings, key=lambda p: (p[3] is None, p[3] or date.min, p[1]))
    dates = [p[3] for p in printings if p[3] is not None]
    flags = face_flags(layout, faces) + kinds_of_card(faces)
    for flag, printed in (
        ("futureshifted", any(p[4] == "future" for p in printings)),
        ("timeshifted", any(p[5] for p in printings)),
        ("reprint", any(p[6] for p in printings)),
        ("italian", any(italian) or any(face["printed_text_it"] for face in faces)),
    ):
        if printed:
            flags.append(flag)
    flags += cost_words([face["mana_cost"] for face in faces])
    printing_fields = [dict(zip(PRINTING_SOURCE, p, strict=True)) for p in printings]
    card = card or {}
    flags += printing_flags(
        printing_fields, card.get("legalities") or {}, card.get("is_reserved", False)
    )
    tokens = [f"{fold(p[1])}:{p[2]}:{p[3].isoformat() if p[3] else ''}" for p in printings]
    return {
        "search_name": joined_lines(map(fold_line, names), ends=True),
        "search_type": joined_lines(types),
        "search_text": joined_lines(texts),
        "search_flags": _words(flags),
        "search_printings": _words(tokens),
        "first_released": min(dates, default=None),
        "last_released": max(dates, default=None),
        "rarity_rank": max(
            (RARITY_ORDER.index(p[2]) for p in printings if p[2] in RARITY_ORDER), default=0
        ),
        "search_artists": artist_lines(printing_fields),
        "search_flavor": flavor_lines(flavor_texts),
    }


def _words(words) -> str:
    words = list(dict.fromkeys(words))
    return f" {' '.join(words)} " if words else ""


def joined_lines(values, ends=False) -> str:
    """The non-empty values, each once, one per line (with newlines at both ends: ``ends``)."""
    lines = list(dict.fromkeys(value for value in values if value))
    if not lines:
        return ""
    text = "\n".join(lines)
    return f"\n{text}\n" if ends else text
