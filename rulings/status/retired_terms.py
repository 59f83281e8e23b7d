"""Game terms the rules retired, and finding them in a ruling's words.

The terms are data: ``fixtures/rules/retired_terms.json`` (its ``about`` says what each field
holds, and fixtures/rules/README.md where each entry comes from). Each term has a language,
the date of the rules edition that retired it, and its forms: the words as a ruling writes them
and what the rules say instead since then. A ruling older than that edition that uses one of
the forms speaks of rules that no longer are (``rulings.status.ruling_status``).

A form is written in plain words, compared without case or accents (``common.text.fold``):

- ``…`` between two words stands for up to three words of the same phrase ("remove … from
  the game" finds "remove target creature from the game");
- a word ending in ``*`` stands for every word it begins ("rimuov* … dal gioco" finds
  "rimuoverla dal gioco");
- words joined by ``|`` are alternatives ("magia|magie").
"""

import json
import re
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

from django.conf import settings

from common.text import fold_apostrophes, fold_with_origins

TERMS_FILE = Path(settings.BASE_DIR) / "fixtures" / "rules" / "retired_terms.json"
# What "…" stands for: up to three words of the same phrase (no punctuation between them, none
# of them a conjunction: "play lands and cast spells" is not "play … spells").
GAP = r"(?:\s+(?!(?:and|or|but|then|ma|poi)\b)[\w'-]+){0,3}?"


@dataclass(frozen=True)
class TermForm:
    words: str  # as the data writes it: "remove … from the game"
    now: str  # what the rules say instead: "exile"; "" when nothing replaced it
    pattern: re.Pattern
    # Its longest plain word, folded ("game"): a text without it cannot match, and looking
    # for it first spares most texts the pattern.
    required: str = ""


@dataclass(frozen=True)
class RetiredTerm:
    key: str
    language: str
    term: str  # how the term is named: "removed from the game"
    now: str  # what replaced it, in words: "exile"
    retired_on: date  # the effective date of the rules edition that retired it
    forms: tuple[TermForm, ...]


@dataclass(frozen=True)
class Found:
    """A form of a retired term found in a text: the words as written there."""

    term: RetiredTerm
    form: TermForm
    words: str


def form_pattern(words: str) -> re.Pattern:
    """The regular expression a form's words stand for, over folded text."""
    parts = []
    for word in fold_apostrophes(words).split():
        if word in ("…", "..."):  # fold() spells the ellipsis as three dots
            parts.append(GAP)
        else:
            parts.append(r"\s+" + "(?:" + "|".join(map(_word, word.split("|"))) + ")")
    body = "".join(parts).removeprefix(r"\s+")
    return re.compile(rf"(?<!\w){body}(?!\w)")


def longest_plain_word(words: str) -> str:
    """The longest word of a form that stands for itself alone (no "*", "|" or "…")."""
    plain = [word for word in fold_apostrophes(words).split() if word.isalpha()]
    return max(plain, key=len, default="")


def _word(word: str) -> str:
    return re.escape(word[:-1]) + r"\w*" if word.endswith("*") else re.escape(word)


def read_terms(path: Path = TERMS_FILE) -> tuple[RetiredTerm, ...]:
    data = json.loads(path.read_text(encoding="utf-8"))
    terms = []
    for entry in data["terms"]:
        forms = tuple(
            TermForm(words, now, form_pattern(words), longest_plain_word(words))
            for words, now in entry["forms"]
        )
        terms.append(
            RetiredTerm(
                key=entry["key"],
                language=entry["language"],
                term=entry["term"],
                now=entry["now"],
                retired_on=date.fromisoformat(entry["retired_by_edition"]),
                forms=forms,
            )
        )
    return tuple(terms)


@cache
def retired_terms() -> tuple[RetiredTerm, ...]:
    """The terms of the data file, read once."""
    return read_terms()


def find_retired_terms(
    text: str, language: str, written_on: date, terms: tuple[RetiredTerm, ...] | None = None
) -> list[Found]:
    """The retired terms ``text`` (in ``language``, written on ``written_on``) uses, each once,
    in the data's order: only terms retired after that date. Where forms overlap ("comes into
    play" and "into play"), the first term of the data that covers the words takes them."""
    candidates = [
        term
        for term in (retired_terms() if terms is None else terms)
        if term.language == language and written_on < term.retired_on
    ]
    if not candidates or not text:
        return []
    folded = fold_apostrophes(text)
    origins = None  # where each folded character comes from: worked out at the first match
    taken: list[tuple[int, int]] = []
    found = []
    for term in candidates:
        first = None
        for form in term.forms:
            if form.required not in folded:
                continue
            for match in form.pattern.finditer(folded):
                if any(match.start() < end and start < match.end() for start, end in taken):
                    continue
                taken.append(match.span())
                if first is None:
                    if origins is None:  # fold_apostrophes is fold, one character for one
                        origins = fold_with_origins(text)[1]
                    written = text[origins[match.start()] : origins[match.end() - 1] + 1]
                    first = Found(term, form, written)
        if first is not None:
            found.append(first)
    return found
