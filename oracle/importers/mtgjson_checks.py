"""The type and range of every MTGJSON value the importer stores, checked before anything is
written: each problem is a ReadError naming the file, the set, the entry and the field.

What is refused (rather than stored, cut or guessed):
- a text field that is not a string, or longer than the column it goes to;
- a list that should hold names (keywords, types, colours) holding anything else;
- a number that is not a finite number in its range: a mana value from 0 to 1,000,000 (Gleemax),
  a set size from 0 to 100,000, a multiverse id from 1 to 2,147,483,647;
- legalities that are not an object of format -> status strings;
- a face's ``side`` that is not one or two letters, a flag that is not true or false;
- a set code or collector number that cannot be one segment of an address (``/``, ``?``,
  ``#``, ``%``, ``\\`` and control characters, ``.`` and ``..``): their pages would have no URL.
  A space can (PMPS08's "a1 2007"): addresses encode it.

The fields ``mtgjson_fields`` declares are checked as declared there (``check_declared``: texts
no longer than their column, flags, whole numbers such as EDHREC's rank); this module checks the
rest.

NUL characters and over-long strings of any kind never get this far: json_text leaves such a file
to json_stream, which refuses them.
"""

import math
import re

from oracle.importers.mtgjson_records import ReadError

MAX_MANA_VALUE = 1_000_000
MAX_SET_SIZE = 100_000
MAX_MULTIVERSE_ID = 2_147_483_647  # a PositiveIntegerField on PostgreSQL

# Set fields: the longest each column takes.
SET_TEXT = {"code": 10, "name": 200, "type": 40, "block": 100, "parentCode": 10, "keyruneCode": 10}
# Card entry fields -> the longest the column they go to takes (None: a text column).
ENTRY_TEXT = {
    "name": 300,
    "faceName": 200,
    "layout": 20,
    "number": 20,
    "flavorText": None,
    "originalText": None,
    "originalType": 200,
    "setCode": 10,
    "side": 2,
}
ENTRY_NAME_LISTS = {
    "keywords": 80,
    "colors": 1,
    "colorIdentity": 1,
    "colorIndicator": 1,
    "supertypes": 80,
    "types": 80,
    "subtypes": 80,
    "frameEffects": 40,
}
FOREIGN_TEXT = {
    "language": 40,
    "name": 200,
    "faceName": 200,
    "type": 200,
    "text": None,
    "flavorText": None,
}
LEGALITY_LENGTH = 40
# One segment of an address: no separator, query, fragment, escape or control character.
UNSAFE_IN_URL = re.compile(r"[/?#%\\\x00-\x1f\x7f]")
SIDE = re.compile(r"[a-z]{1,2}")


def _kind(value) -> str:
    return "null" if value is None else type(value).__name__


def check_text(obj: dict, key: str, longest: int | None, where: str) -> None:
    value = obj.get(key)
    if value is None:
        return
    if not isinstance(value, str):
        raise ReadError(f"{where}: '{key}' should be a string, found {_kind(value)} {value!r:.60}")
    if longest is not None and len(value) > longest:
        raise ReadError(
            f"{where}: '{key}' is {len(value):,} characters long; at most {longest} are stored"
        )


def check_texts(obj: dict, limits: dict[str, int | None], where: str) -> None:
    """``check_text`` for each of ``limits``' keys, in order, calling it only for a value it
    refuses: this runs on a few million values of an AllPrintings import."""
    for key, longest in limits.items():
        value = obj.get(key)
        if value is not None and (
            not isinstance(value, str) or (longest is not None and len(value) > longest)
        ):
            check_text(obj, key, longest, where)


def check_address_part(value: str, key: str, where: str) -> None:
    """A set code or collector number goes into its page's address as one segment."""
    if value in (".", "..") or UNSAFE_IN_URL.search(value):
        raise ReadError(
            f"{where}: '{key}' {value!r} cannot be part of a page address (no '/', '?', "
            "'#', '%', '\\' or control characters, not '.' or '..')"
        )


def check_number(value, key: str, where: str, low: float, high: float, whole=False) -> None:
    if value is None:
        return
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or (isinstance(value, float) and not math.isfinite(value))
        or not low <= value <= high
        or (whole and value != int(value))
    ):
        kind = "a whole number" if whole else "a number"
        raise ReadError(
            f"{where}: '{key}' should be {kind} from {low:,} to {high:,}, found {value!r:.60}"
        )


def multiverse_id(value, where: str) -> int | None:
    """MTGJSON writes multiverse ids as strings of digits ("136142"); older files as numbers."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 10:
        number = int(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        number = None
    if number is None or not 1 <= number <= MAX_MULTIVERSE_ID:
        raise ReadError(
            f"{where}: 'multiverseId' should be a whole number from 1 to "
            f"{MAX_MULTIVERSE_ID:,}, found {value!r:.60}"
        )
    return number


def check_set(set_obj: dict, where: str) -> None:
    check_texts(set_obj, SET_TEXT, where)
    if isinstance(set_obj.get("code"), str):
        check_address_part(set_obj["code"], "code", where)
    for key in ("baseSetSize", "totalSetSize"):
        check_number(set_obj.get(key), key, where, 0, MAX_SET_SIZE, whole=True)
    if set_obj.get("isOnlineOnly") not in (None, True, False):
        raise ReadError(f"{where}: 'isOnlineOnly' should be true or false")
    translations = set_obj.get("translations")
    if isinstance(translations, dict):
        check_text(translations, "Italian", 200, f"{where}: translations")


def check_entry(entry: dict, where: str) -> None:
    """Everything of a card entry past what ``_check_entry`` checks first (the required keys,
    the ids and the containers' kinds)."""
    check_texts(entry, ENTRY_TEXT, where)
    if entry.get("faceName") is None:
        check_text(entry, "name", 200, where)  # the name of its one face
    check_address_part(entry["number"], "number", where)
    if isinstance(entry.get("setCode"), str):
        check_address_part(entry["setCode"], "setCode", where)
    side = entry.get("side")
    if side is not None and not (isinstance(side, str) and SIDE.fullmatch(side)):
        raise ReadError(f"{where}: 'side' should be a letter such as \"a\", found {side!r:.60}")
    for key, longest in ENTRY_NAME_LISTS.items():
        for item in entry.get(key) or ():
            if not isinstance(item, str) or not item or len(item) > longest:
                raise ReadError(
                    f"{where}: '{key}' should hold names of at most {longest} characters, "
                    f"found {_kind(item)} {item!r:.60}"
                )
    if len(",".join(entry.get("frameEffects") or ())) > 200:
        raise ReadError(f"{where}: 'frameEffects' too many to store (200 characters)")
    for key in ("manaValue", "faceManaValue", "convertedManaCost"):
        check_number(entry.get(key), key, where, 0, MAX_MANA_VALUE)
    for format_name, status in (entry.get("legalities") or {}).items():
        if not isinstance(status, str) or not status or len(status) > LEGALITY_LENGTH:
            raise ReadError(
                f'{where}: legalities.{format_name:.40} should be a status such as "Legal", '
                f"found {_kind(status)} {status!r:.60}"
            )
        if len(format_name) > LEGALITY_LENGTH:
            raise ReadError(f"{where}: a legality format name of {len(format_name)} characters")
    for index, foreign in enumerate(entry.get("foreignData") or ()):
        foreign_where = f"{where}: foreignData[{index}]"
        check_texts(foreign, FOREIGN_TEXT, foreign_where)
        foreign_ids = foreign.get("identifiers")
        if foreign_ids is not None and not isinstance(foreign_ids, dict):
            raise ReadError(f"{foreign_where}: 'identifiers' should be an object")
        multiverse_id((foreign_ids or {}).get("multiverseId"), f"{foreign_where}: identifiers")
        multiverse_id(foreign.get("multiverseId"), foreign_where)
