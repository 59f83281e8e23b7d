"""What each face of a card reads today, for the card's box: the card data's wording, or an
erratum's where the erratum is newer than the card data (an editor recorded a change that
MTGJSON has not caught up with yet), with where the wording comes from and when."""

from dataclasses import dataclass
from datetime import date

from oracle.models import CardFace, Erratum

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
        key=lambda erratum: (erratum.date, erratum.pk),
    )
    wordings = []
    for face in faces:
        values = {field: getattr(face, field) for field in ERRATUM_FIELDS.values()}
        latest = None
        for erratum in newer:
            about = erratum.face_id or (faces[0].pk if len(faces) == 1 else None)
            if about == face.pk and erratum.field in ERRATUM_FIELDS:
                values[ERRATUM_FIELDS[erratum.field]] = erratum.new_text
                latest = erratum
        wordings.append(FaceWording(**values, erratum=latest, data_date=data_date))
    return wordings
