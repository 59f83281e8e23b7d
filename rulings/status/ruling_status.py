"""Whether a ruling still holds: current, outdated (and why), or withdrawn by an editor.

A ruling is **outdated** when

- its text uses a game term the rules retired after the ruling's date ("removed from the game"
  in 2002, before the rules of 11 July 2009 made it "exile"): ``retired_terms``;
- or it cites a rule that no longer exists: the number, read in the rules in force on the
  ruling's date (``rule_citations``), was a rule then and leads nowhere today.

The status is stored on the ruling (``status`` and, for the reasons, ``outdated_because``), so
pages and the API read it with the ruling. ``apply_statuses`` works it out for rulings in
memory (before an import writes them); ``recompute_statuses`` for rulings in the database,
writing only those that changed. A status an editor set by hand (``status_set_by_hand``) is
never recomputed.

The reasons are stored as data (the words found and what replaced them, or the rule number
and the edition it was read in) and put into words in the reader's language by
``outdated_reasons``.
"""

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django.db import models
from django.db.models import Case, Value, When
from django.utils.translation import gettext as _

from common.dates import long_date
from common.upsert import update_by_pk
from rulings.models import Ruling
from rulings.rules.citations import cited_numbers, resolve_cited_numbers_by_day
from rulings.rules.numbers import NAMING_STEMS
from rulings.rules.numbers import RULE_NUMBER as RULE_NUMBER_PATTERN
from rulings.status.retired_terms import find_retired_terms

STATUS_FIELDS = ["status", "outdated_because"]


def term_reasons(ruling: Ruling) -> list[dict]:
    """The retired terms the ruling uses: the words as written, what the rules say instead and
    the date of the edition that retired them."""
    return [
        {
            "kind": "term",
            "words": found.words,
            "now": found.form.now,
            "edition": found.term.retired_on.isoformat(),
        }
        for found in find_retired_terms(ruling.text, ruling.language, ruling.date)
    ]


# What a text citing a rule must contain: a rule number, or a word that names a rule, a section
# or a chapter. Most rulings cite none: these plain checks find them out much faster than
# reading their citations.
RULE_NUMBER = re.compile(RULE_NUMBER_PATTERN)


def may_cite(text: str) -> bool:
    lowered = text.lower()
    return any(word in lowered for word in NAMING_STEMS) or bool(RULE_NUMBER.search(text))


def gone_rule_reasons(rulings: list[Ruling]) -> dict[int, list[dict]]:
    """{index in ``rulings``: reasons} for the rulings that cite a rule gone today: two queries
    for all of them (``resolve_cited_numbers_by_day``)."""
    cited = [cited_numbers(ruling.text) if may_cite(ruling.text) else [] for ruling in rulings]
    by_day: dict[date | None, set[str]] = {None: set()}
    for ruling, numbers in zip(rulings, cited, strict=True):
        if numbers:
            by_day.setdefault(ruling.date, set()).update(numbers)
            by_day[None].update(numbers)
    if not by_day[None]:
        return {}
    resolved = resolve_cited_numbers_by_day(by_day)
    if not resolved:  # no rules edition yet
        return {}
    today = resolved[None]
    reasons: dict[int, list[dict]] = {}
    for index, (ruling, numbers) in enumerate(zip(rulings, cited, strict=True)):
        on_its_day = resolved.get(ruling.date, {})
        for number in numbers:
            then = on_its_day.get(number)
            now = today.get(number)
            if then is None or not then.in_edition or then.current is not None:
                continue
            if now is not None and now.in_edition:  # the same number is a rule today
                continue
            reasons.setdefault(index, []).append(
                {"kind": "rule", "number": number, "edition": then.edition}
            )
    return reasons


def apply_statuses(rulings: Iterable[Ruling]) -> list[Ruling]:
    """Work out the status of each ruling whose status was not set by hand, in memory; return
    those whose status or reasons changed (to be written). Two queries for the rule numbers."""
    rulings = [ruling for ruling in rulings if not ruling.status_set_by_hand]
    gone_rules = gone_rule_reasons(rulings)
    changed = []
    for index, ruling in enumerate(rulings):
        reasons = term_reasons(ruling) + gone_rules.get(index, [])
        status = Ruling.Status.OUTDATED if reasons else Ruling.Status.CURRENT
        if status != ruling.status or reasons != ruling.outdated_because:
            ruling.status, ruling.outdated_because = status, reasons
            changed.append(ruling)
    return changed


@dataclass
class RecomputeReport:
    checked: int = 0
    changed: int = 0
    outdated: int = 0
    seconds: float = 0.0

    def __str__(self):
        return (
            f"{self.checked} rulings checked in {self.seconds:.1f} s: "
            f"{self.changed} changed, {self.outdated} outdated"
        )


@dataclass
class RulingFacts:
    """What a ruling's status is worked out from, read without building the model (a full
    catalogue has tens of thousands of rulings); written back with ``update_by_pk``."""

    pk: int
    date: date
    language: str
    text: str
    status: str
    outdated_because: list
    status_set_by_hand: bool = False


def recompute_statuses(rulings=None, *, log=None) -> RecomputeReport:
    """Work out again the status of ``rulings`` (a queryset; all rulings when None), except
    those set by hand, and write the ones that changed: one query to read them, two for the
    rule numbers they cite, one UPDATE per change."""
    started = time.perf_counter()
    queryset = Ruling.objects.all() if rulings is None else rulings
    # The reasons are only stored on outdated rulings: reading them for those alone saves
    # decoding tens of thousands of empty lists.
    stored_reasons = Case(
        When(status=Ruling.Status.OUTDATED, then="outdated_because"),
        default=Value(None),
        output_field=models.JSONField(),
    )
    rows = (
        queryset.filter(status_set_by_hand=False)
        .annotate(stored_reasons=stored_reasons)
        .order_by("pk")
        .values_list("pk", "date", "language", "text", "status", "stored_reasons")
    )
    loaded = [
        RulingFacts(pk, day, language, text, status, reasons or [])
        for pk, day, language, text, status, reasons in rows
    ]
    changed = apply_statuses(loaded)
    update_by_pk(Ruling, changed, STATUS_FIELDS)
    report = RecomputeReport(
        checked=len(loaded),
        changed=len(changed),
        outdated=sum(ruling.status == Ruling.Status.OUTDATED for ruling in loaded),
        seconds=time.perf_counter() - started,
    )
    if log:
        log(f"Ruling statuses: {report}")
    return report


# --- In words ---------------------------------------------------------------------------------


def reason_words(reason: dict) -> str:
    """One stored reason in words, in the active language."""
    day = long_date(date.fromisoformat(reason["edition"]))
    if reason.get("kind") == "rule":
        return _("It cites rule %(number)s (rules of %(date)s), which no longer exists.") % {
            "number": reason["number"],
            "date": day,
        }
    if reason.get("now"):
        return _("“%(words)s” became “%(now)s” with the rules of %(date)s.") % {
            "words": reason["words"],
            "now": reason["now"],
            "date": day,
        }
    return _("“%(words)s” was dropped from the game with the rules of %(date)s.") % {
        "words": reason["words"],
        "date": day,
    }


def outdated_reasons(ruling: Ruling) -> list[str]:
    """Why the ruling is outdated, each reason in words in the active language: the editor's
    note for a status set by hand, else the reasons worked out. Empty when it is not outdated."""
    if ruling.status != Ruling.Status.OUTDATED:
        return []
    if ruling.status_set_by_hand:
        note = ruling.status_note.strip()
        return [note or _("An editor marked this ruling as outdated.")]
    return [reason_words(reason) for reason in ruling.outdated_because]
