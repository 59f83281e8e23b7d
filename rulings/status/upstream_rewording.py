"""Imported rulings an editor corrected, when the source rewords them.

An editor's ruling keeps the ``source_key`` (date and wording) it was imported with. When a
newer card file no longer has that wording but has, for the same card, a new ruling that reads
like a rewording of it, the new ruling is not added beside the editor's: the editor's version
stays the one shown, and the new wording is recorded on it (``upstream_text`` and
``upstream_date``) for review in the admin. There an editor accepts the new wording or keeps
their own; either way the ruling takes the new wording's key, so that later imports recognise
it and ask nothing more until the source changes it again.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from difflib import SequenceMatcher

from django.utils.translation import gettext_noop

from rulings.models import Ruling
from rulings.status.ruling_status import apply_statuses

# How alike two wordings must be (difflib's ratio, 0 to 1) to be the same ruling reworded; a
# corrected typo or "dies" for "is put into a graveyard from the battlefield" stays well above.
SIMILAR_ENOUGH = 0.5


@dataclass
class UpstreamRewording:
    """What an import found: editors' rulings whose source wording changed."""

    pending: int = 0  # editors' rulings with a rewording waiting for review
    recorded: int = 0  # of which this import recorded or changed the rewording

    @property
    def changed(self) -> bool:
        return bool(self.recorded)

    def __str__(self):
        return (
            f"{self.pending} kept in the editors' wording, to review in the admin "
            f"({self.recorded} new)"
        )


@dataclass(frozen=True)
class SourceRuling:
    """A ruling in the card file that the database does not have yet."""

    position: int
    day: date
    text: str


def similarity(one: str, other: str) -> float:
    return SequenceMatcher(None, one, other, autojunk=False).ratio()


def pair_rewordings(
    orphans: Sequence[Ruling], new: Sequence[SourceRuling], first_wordings: dict[int, str]
) -> list[tuple[Ruling, SourceRuling]]:
    """Which new source rulings reword which of the editor's rulings the source no longer has:
    the closest wordings first (to the editor's text, to its wording when imported, or to the
    rewording already recorded), a ruling of the same date before another, each at most once."""
    scored = []
    for orphan in orphans:
        wordings = [orphan.text, first_wordings.get(orphan.pk, ""), orphan.upstream_text]
        for candidate in new:
            alike = max(similarity(wording, candidate.text) for wording in wordings if wording)
            if alike >= SIMILAR_ENOUGH:
                same_day = candidate.day == orphan.date
                scored.append((alike + (0.5 if same_day else 0), orphan.pk, candidate))
    pairs, taken_orphans, taken_new = [], set(), set()
    by_pk = {orphan.pk: orphan for orphan in orphans}
    for _score, pk, candidate in sorted(scored, key=lambda row: (-row[0], row[1])):
        if pk in taken_orphans or candidate in taken_new:
            continue
        taken_orphans.add(pk)
        taken_new.add(candidate)
        pairs.append((by_pk[pk], candidate))
    return pairs


def first_wordings(orphans: Sequence[Ruling]) -> dict[int, str]:
    """Each ruling's wording in its first history record (as imported)."""
    wordings = {}
    records = Ruling.history.filter(id__in=[orphan.pk for orphan in orphans]).order_by(
        "id", "history_date", "history_id"
    )
    for ruling_id, text in records.values_list("id", "text"):
        wordings.setdefault(ruling_id, text)
    return wordings


def record_rewording(ruling: Ruling, reworded: SourceRuling) -> bool:
    """Note the source's new wording on the editor's ruling; True when it is news."""
    if (ruling.upstream_text, ruling.upstream_date) == (reworded.text, reworded.day):
        return False
    ruling.upstream_text, ruling.upstream_date = reworded.text, reworded.day
    return True


def accept_upstream_wording(ruling: Ruling) -> None:
    """The source's wording and date replace the editor's; the ruling is the source's again
    (unless its status was set by hand, which only an editor's ruling keeps)."""
    ruling.text, ruling.date = ruling.upstream_text, ruling.upstream_date
    ruling.source_key = Ruling.key_for(ruling.date, ruling.text)
    ruling.upstream_text, ruling.upstream_date = "", None
    if ruling.status_set_by_hand:
        ruling.origin = Ruling.Origin.EDITOR
    else:
        ruling.origin = Ruling.Origin.IMPORTED
        apply_statuses([ruling])
    ruling._change_reason = gettext_noop("Upstream wording accepted in the admin")
    ruling.save()


def keep_editors_wording(ruling: Ruling) -> None:
    """The editor's wording stays; the source's new one counts as seen."""
    ruling.source_key = Ruling.key_for(ruling.upstream_date, ruling.upstream_text)
    ruling.upstream_text, ruling.upstream_date = "", None
    ruling._change_reason = gettext_noop("Upstream wording reviewed; the editor's kept")
    ruling.save()
