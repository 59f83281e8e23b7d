"""The checked values of MTGJSON entries: each parser names where a bad value was found."""

import uuid
from collections.abc import Iterable
from datetime import date
from decimal import Decimal, InvalidOperation

from oracle.importers.mtgjson_records import ReadError
from oracle.models import COLOR_ORDER


def color_letters(letters: Iterable[str]) -> str:
    present = set(letters)
    return "".join(color for color in COLOR_ORDER if color in present)


def to_decimal(value) -> Decimal:
    try:
        return Decimal(str(value or 0)).quantize(Decimal("0.1"))
    except InvalidOperation:
        return Decimal(0)


def required_text(obj: dict, key: str, where: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise ReadError(f"{where}: missing or empty '{key}'")
    return value


def whole_number(obj: dict, key: str, where: str) -> int:
    value = obj.get(key) or 0
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ReadError(f"{where}: '{key}' should be a whole number, found {value!r}")
    return int(value)


def parse_date(value, where: str, required: bool = False) -> date | None:
    if not value and not required:
        return None
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError) as error:
        raise ReadError(f"{where}: expected a date like 2007-05-04, found {value!r}") from error


def parse_uuid(value, where: str) -> uuid.UUID:
    try:
        return uuid.UUID(value)
    except (TypeError, ValueError, AttributeError) as error:
        raise ReadError(f"{where}: expected a UUID, found {value!r}") from error


def optional_uuid(value) -> uuid.UUID | None:
    try:
        return uuid.UUID(value) if value else None
    except (TypeError, ValueError, AttributeError):
        return None


def optional_int(value) -> int | None:
    try:
        return int(value) if value else None
    except (TypeError, ValueError):
        return None


# The ways a card is printed, as MTGJSON and Scryfall name them.
FINISHES = ("nonfoil", "foil", "etched", "glossy")
MAX_OUTSIDE_ID = 2**31 - 1


def outside_id(value) -> int | None:
    """A marketplace's or digital game's id of a printing (``mtgoId``, ``mcmId``, ...): a
    whole number, written as digits. The look-ups are a convenience, so an id that is not one
    is left out rather than refusing the file."""
    number = optional_int(value)
    return number if number is not None and 0 < number <= MAX_OUTSIDE_ID else None
