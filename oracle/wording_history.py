"""A card's wording history: each face's English rules text over the years, oldest first.

Per face, from what the card page and the card API already fetch (``Card.objects.for_page``:
faces, printings with their sets and printed faces, errata), with no query of its own:

- ``printed``: each wording printed in English, with the set and the date it was first printed;
- ``erratum``: each erratum to the Oracle text, on its date, with the wording after it: the
  wording before it with the erratum's old words replaced by its new ones;
- ``oracle``: today's Oracle text, last: the wording in force (``oracle.wording_in_force``),
  the card's box's, the card data's changed by the errata newer than it.

Each entry keeps the wording before it (``before``), for a word diff against the previous one.

What counts as another wording (``oracle.printed_text.wording_key``): reminder text, white space,
typographic quotes and the damaged mana symbols of the old sets do not. A printing whose wording
differs only in them is the same wording as the entry before it and adds no entry; the text an
entry shows is the first printing's, symbols mended. A wording printed again after another one
(Giant Spider's "can block" of 1999, "may block" in 2001, "can block" again in 2005) is an
entry again: the history follows the printings as they came out.

A printing with no English text as printed (an empty ``PrintingFace.original_text``) is printed
with today's Oracle text, or MTGJSON does not know its text (a third of its printings: promos,
memorabilia, boxed products, foreign-only reprints). It counts as printed with today's wording
only when it was released after every printing with another wording and every erratum, and is
no promo or memorabilia (where the text is most often unknown); otherwise it says nothing.

An erratum always makes an entry. When its old words are not in the wording before it (an
editor's erratum about a wording printed nowhere here), the entry shows the erratum's own old
and new words (``excerpt``) and the wording runs on unchanged. Errata on the name or the type
line are not part of the rules text's history. Undated sets are left out: they cannot be placed.
"""

from dataclasses import dataclass, field
from datetime import date

from oracle.models import Erratum
from oracle.printed_text import mend_symbols, wording_key
from oracle.wording_in_force import after_erratum, face_wordings

PRINTED, ERRATUM, ORACLE = "printed", "erratum", "oracle"


@dataclass(frozen=True)
class Entry:
    kind: str  # PRINTED, ERRATUM or ORACLE
    date: date | None  # None for today's Oracle text
    text: str  # the whole wording (an erratum's: after it; an excerpt's: its new words)
    before: str  # the wording it is compared with ("" for the first entry)
    card_set: object = None  # a printed entry's CardSet
    erratum: object = None  # an erratum entry's Erratum
    excerpt: bool = False  # an erratum whose old words are not in the wording before it
    unchanged: bool = False  # today's Oracle text: the same wording as the entry before it


@dataclass
class FaceHistory:
    face: object  # the CardFace
    entries: list[Entry] = field(default_factory=list)

    @property
    def known(self) -> bool:
        """Whether anything is known before today's Oracle text (a printing, an erratum), and
        the face has rules text at all (a vanilla creature has no wording to follow)."""
        return len(self.entries) > 1 and any(entry.text for entry in self.entries)

    @property
    def changed(self) -> bool:
        """Whether the face was ever worded otherwise than today: more than its first printing
        and today's Oracle text, the same."""
        first, last = self.entries[0], self.entries[-1]
        return not (len(self.entries) == 2 and first.kind == PRINTED and last.unchanged)


@dataclass
class WordingHistory:
    faces: list[FaceHistory]

    @property
    def known(self) -> bool:
        return any(history.known for history in self.faces)


def wording_history(card, data_date: date | None) -> WordingHistory:
    """The history of each face of ``card`` (fetched with ``Card.objects.for_page``);
    ``data_date``: the card data's, for the errata newer than it."""
    faces = list(card.faces.all())
    all_errata = list(card.errata.all())
    errata = [erratum for erratum in all_errata if erratum.field == Erratum.Field.TEXT]
    in_force = face_wordings(faces, all_errata, data_date)
    printed = _printed_by_face(card.printings.all())
    histories = []
    for face, wording in zip(faces, in_force, strict=True):
        own = [erratum for erratum in errata if _erratum_face(erratum, faces, printed) == face]
        histories.append(_face_history(face, wording.oracle_text, printed.get(face.pk, []), own))
    return WordingHistory(histories)


def _printed_by_face(printings) -> dict[int, list[tuple[date, str, object]]]:
    """face id -> (release date, English text as printed or "", set) of each dated printing,
    the oldest first."""
    found: dict[int, list] = {}
    for printing in printings:
        released = printing.card_set.release_date
        if released is None:
            continue
        for printed_face in printing.printed_faces:
            entry = (released, printed_face.original_text, printing.card_set)
            found.setdefault(printed_face.face_id, []).append(entry)
    for rows in found.values():
        rows.sort(key=lambda row: (row[0], row[2].code))
    return found


def _erratum_face(erratum, faces, printed):
    """The face an erratum is about: its own, the only one, or the first whose wordings hold
    its old words."""
    if erratum.face_id is not None or len(faces) == 1:
        return next((f for f in faces if f.pk == erratum.face_id), faces[0])
    old = wording_key(erratum.old_text)
    for face in faces:
        texts = [face.oracle_text] + [text for _day, text, _set in printed.get(face.pk, [])]
        if any(old in wording_key(text) for text in texts if text):
            return face
    return faces[0]


# Set types whose printings MTGJSON most often gives no English text as printed.
TEXT_OFTEN_UNKNOWN = {"promo", "memorabilia"}


def _face_history(face, today: str, printed, errata) -> FaceHistory:
    """``today``: the face's wording in force."""
    oracle_key = wording_key(today)
    other_wordings = [
        day for day, text, _set in printed if text and wording_key(text) != oracle_key
    ]
    last_other = max(other_wordings + [erratum.date for erratum in errata], default=None)
    events = []
    for day, text, card_set in printed:
        if not text:
            if (last_other is not None and day <= last_other) or (
                card_set.set_type in TEXT_OFTEN_UNKNOWN
            ):
                continue  # MTGJSON may not know what this printing said
            text = face.oracle_text
        events.append((day, 0, PRINTED, mend_symbols(text), card_set))
    events += [(erratum.date, 1, ERRATUM, erratum, None) for erratum in errata]
    events.sort(key=lambda event: (event[0], event[1], event[1] and event[3].pk))

    history = FaceHistory(face)
    current = None  # the wording so far; None before the first printing
    for day, _order, kind, value, card_set in events:
        if kind == PRINTED:
            if current is not None and wording_key(value) == wording_key(current):
                continue
            history.entries.append(Entry(PRINTED, day, value, current or "", card_set=card_set))
            current = value
            continue
        after = after_erratum(current or "", value)
        if after is None:
            old, new = mend_symbols(value.old_text), value.new_text
            history.entries.append(Entry(ERRATUM, day, new, old, erratum=value, excerpt=True))
            continue
        history.entries.append(Entry(ERRATUM, day, after, current, erratum=value))
        current = after
    unchanged = current is not None and wording_key(current) == oracle_key
    history.entries.append(Entry(ORACLE, None, today, current or "", unchanged=unchanged))
    return history


def history_record(card, data_date: date | None) -> list[dict]:
    """The card API's ``history``: each face's entries, oldest first, one face after the other;
    ``face`` names the face on cards with more than one."""
    histories = wording_history(card, data_date).faces
    records = []
    for history in histories:
        for entry in history.entries:
            record = {
                "date": entry.date.isoformat() if entry.date else None,
                "kind": entry.kind,
                "set": entry.card_set.code if entry.card_set else None,
                "text": entry.text,
            }
            if entry.excerpt:
                record["excerpt"] = True
            if len(histories) > 1:
                record["face"] = history.face.name
            records.append(record)
    return records
