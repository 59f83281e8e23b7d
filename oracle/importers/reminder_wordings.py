"""Every wording of a keyword's reminder text that was printed, in English and in Italian, with
the first and last release date it was printed on: the keyword page shows today's wording and
lists the older ones ("You may play this face down ..." until 2007, "cast" since).

A wording is the words a reminder is made of: two printings whose reminders differ only in
white space, typographic quotes, a final full stop, or in the cost and the numbers each card
fills in ("Suspend 4—{U}", "Suspend 2—{1}{R}") are the same wording, shown by its newest
text. Each wording is a plain dict, as the keyword row stores it (JSON in
``Keyword.reminder_wordings``):
``{"language": "en" | "it", "text": ..., "first": "YYYY-MM-DD", "last": "YYYY-MM-DD"}``,
oldest first.
"""

import re
from collections import Counter
from collections.abc import Iterable

from oracle.importers.keyword_names import KeywordVotes

SPACES = re.compile(r"\s+")
QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})
COSTS = re.compile(r"(?:\{[^{}]*\})+")
NUMBERS = re.compile(
    r"\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"una?|uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci)\b"
)


def _key(language: str, text: str) -> tuple[str, str]:
    plain = SPACES.sub(" ", text.translate(QUOTES)).strip().rstrip(".").casefold()
    return language, NUMBERS.sub("#", COSTS.sub("{}", plain))


def wordings_from(votes: KeywordVotes) -> dict[str, list[dict]]:
    """{keyword: its printed reminder wordings} from the votes of the lines printed in both
    languages. Printings without a release date cannot be placed and are left out."""
    found: dict[str, list[dict]] = {}
    for language, counters in (("en", votes.reminders), ("it", votes.reminders_it)):
        for keyword, counter in counters.items():
            found[keyword] = merge(found.get(keyword, []), _wordings(language, counter))
    return found


def _wordings(language: str, counter: Counter) -> list[dict]:
    by_key: dict[tuple[str, str], dict] = {}
    # Newest first, so that a wording shows as its newest printing prints it.
    for text, released in sorted(
        (key for key in counter if key[1] is not None), key=lambda key: key[1], reverse=True
    ):
        day = released.isoformat()
        wording = by_key.setdefault(
            _key(language, text), {"language": language, "text": text, "first": day, "last": day}
        )
        wording["first"] = min(wording["first"], day)
    return list(by_key.values())


def merge(*groups: Iterable[dict]) -> list[dict]:
    """One list of the wordings of ``groups`` (the import's own and the whole catalogue's): a
    wording printed in both spans both, the text of the later group kept where they differ in
    spelling only. Oldest first."""
    by_key: dict[tuple[str, str], dict] = {}
    for group in groups:
        for wording in group:
            key = _key(wording["language"], wording["text"])
            known = by_key.get(key)
            if known is None:
                by_key[key] = dict(wording)
            else:
                by_key[key] = {
                    **wording,
                    "first": min(known["first"], wording["first"]),
                    "last": max(known["last"], wording["last"]),
                }
    return sorted(by_key.values(), key=lambda w: (w["first"], w["last"], w["language"]))


def older_than_today(keyword) -> list[dict]:
    """A keyword's printed reminder wordings other than the ones its page shows as today's
    (``reminder_text``, ``reminder_text_it``), oldest first."""
    today = {
        _key("en", keyword.reminder_text),
        _key("it", keyword.reminder_text_it),
    }
    return [
        wording
        for wording in keyword.reminder_wordings
        if _key(wording["language"], wording["text"]) not in today
    ]


def newest(wordings: Iterable[dict], language: str) -> str:
    """The text of the wording printed last in ``language``; "" when there is none."""
    printed = [wording for wording in wordings if wording["language"] == language]
    if not printed:
        return ""
    return max(printed, key=lambda w: (w["last"], w["first"]))["text"]
