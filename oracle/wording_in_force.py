"""The wording in force: what each face of a card reads today.

The card data's wording, changed by every erratum newer than the card data (an editor recorded a
change that MTGJSON has not caught up with yet). An erratum to the Oracle text replaces its old
words with its new ones, as the wording history reads it (``oracle.wording_history``); one
whose old words the wording does not hold replaces the whole text. An erratum to the name or
the type line replaces it whole.

One source for everything that shows "today's wording": the card's box, the last entry of its
wording history, the card API's history, the judge's sheet, and the admin's new erratum.
"""

from dataclasses import dataclass
from datetime import date

from oracle.models import CardFace, Erratum
from oracle.printed_text import mend_symbols, wording_key

ERRATUM_FIELDS = {
    Erratum.Field.TEXT: "oracle_text",
    Erratum.Field.NAME: "name",
    Erratum.Field.TYPE_LINE: "type_line",
}


@dataclass(frozen=True)
class FaceWording:
    name: str
    type_line: str
    oracle_text: str
    # The newest of the errata newer than the card data that changed this face, if any.
    erratum: Erratum | None
    data_date: date | None  # the card data's (the newest MTGJSON import's)


def face_wordings(
    faces: list[CardFace], errata: list[Erratum], data_date: date | None
) -> list[FaceWording]:
    """Each face's wording, in the order of ``faces``. An erratum without a face is about the
    card's only face. With no dated card data, no erratum can be told newer than it."""
    newer = sorted(
        (erratum for erratum in errata if data_date and erratum.date > data_date),
        key=lambda erratum: (erratum.date, erratum.pk or 0),
    )
    wordings = []
    for face in faces:
        values = {field: getattr(face, field) for field in ERRATUM_FIELDS.values()}
        latest = None
        for erratum in newer:
            about = erratum.face_id or (faces[0].pk if len(faces) == 1 else None)
            if about == face.pk and erratum.field in ERRATUM_FIELDS:
                name = ERRATUM_FIELDS[erratum.field]
                values[name] = _changed(values[name], erratum)
                latest = erratum
        wordings.append(FaceWording(**values, erratum=latest, data_date=data_date))
    return wordings


def _changed(value: str, erratum: Erratum) -> str:
    if erratum.field != Erratum.Field.TEXT:
        return erratum.new_text
    after = after_erratum(value, erratum)
    return erratum.new_text if after is None else after


# How many characters of a wording's runs of lines the old words of an erratum are compared
# with, at most: a card's wording takes a few thousand; a text of hundreds of lines is not
# looked through (the comparison grows with the square of its runs of lines).
LINES_COMPARED = 300_000


def after_erratum(wording: str, erratum) -> str | None:
    """``wording`` with the erratum's old words replaced by its new ones; None when they are
    not in it. The old words are looked for as written, symbols mended, then as whole lines
    compared as wordings (reminder text and white space aside), as far as ``LINES_COMPARED``
    allows."""
    if not wording:
        return None
    for old in (erratum.old_text, mend_symbols(erratum.old_text)):
        if old and old in wording:
            return wording.replace(old, erratum.new_text, 1)
    old_key = wording_key(erratum.old_text)
    if not old_key:
        return None
    lines = wording.splitlines()
    left = LINES_COMPARED
    for first in range(len(lines)):
        length = 0
        for last in range(first + 1, len(lines) + 1):
            length += len(lines[last - 1]) + 1
            left -= length
            if left < 0:
                return None
            if wording_key("\n".join(lines[first:last])) == old_key:
                return "\n".join([*lines[:first], erratum.new_text, *lines[last:]])
    return None
