"""The texts of the translation memory: a ruling's words as one translation serves them.

An English ruling and its Italian translation are stored normalised: white space collapsed,
curly quotes made straight, and the card's own names (its name, its faces', and in Italian text
its Italian names too) replaced by ``PLACEHOLDER``, so that every card whose ruling says the
same thing of itself shares one text, one key and one translation. ``fill`` puts a card's name
back. Pure functions: no database, no markup (an English name put back in Italian text is
only marked, between ``ENGLISH_START`` and ``ENGLISH_END``, for the markup to write).
"""

import hashlib
import re
from collections import Counter
from collections.abc import Iterable

from django.utils.translation import gettext as _

PLACEHOLDER = "{this}"
# Private-use characters around a name left in English in an Italian text: no text has them,
# and reading a text into pieces and escaping it keep them.
ENGLISH_START = "\ue000"
ENGLISH_END = "\ue001"
# Curly and angled quotes as the straight ones the memory keeps.
STRAIGHT_QUOTES = str.maketrans(
    {
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
    }
)


def plain(text: str) -> str:
    """``text`` with its white space collapsed to single spaces and its quotes straight."""
    return " ".join(text.translate(STRAIGHT_QUOTES).split())


def normalise(text: str, names: Iterable[str] = ()) -> str:
    """``text`` as the memory keeps it: ``plain``, each of ``names`` that stands as a whole
    word replaced by ``PLACEHOLDER``, longest first (a face's name inside the card's is not
    replaced on its own)."""
    text = plain(text)
    for name in sorted({plain(name) for name in names if name.strip()}, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", PLACEHOLDER, text)
    return text


def text_key(normalised: str) -> str:
    """The stable key of a normalised text: the sha256 of its UTF-8 bytes, in hex."""
    return hashlib.sha256(normalised.encode()).hexdigest()


def fill(normalised: str, name: str) -> str:
    """``normalised`` with ``name`` in place of each placeholder."""
    return normalised.replace(PLACEHOLDER, name)


def name_for(italian_name: str, english_name: str) -> str:
    """What fills a card's placeholder in Italian text: its Italian name, or its English name
    marked as English where it has none."""
    return italian_name or f"{ENGLISH_START}{english_name}{ENGLISH_END}"


NUMBER = re.compile(r"\d+")
MANA = re.compile(r"\{[^{}]+\}")
MARKUP = re.compile(r"<[A-Za-z/!][^>]*>|&[A-Za-z]+;|&#\d+;")


def mana_symbols(normalised: str) -> Counter:
    return Counter(symbol for symbol in MANA.findall(normalised) if symbol != PLACEHOLDER)


def numbers(normalised: str) -> Counter:
    return Counter(NUMBER.findall(MANA.sub("", normalised)))


def translation_problems(english: str, italian: str) -> list[str]:
    """Why ``italian`` cannot stand for the normalised ``english`` (none if it can): it is
    empty, has markup, or does not keep the English's placeholders, mana symbols and numbers.
    Each problem says what the English has and what the Italian has."""
    italian = plain(italian)
    if not italian:
        return [_("The Italian text is empty.")]
    problems = []
    if MARKUP.search(italian):
        problems.append(_("The Italian text has markup (HTML tags or entities); write plain text."))
    checks = [
        (_("The card's name ({this})"), lambda text: Counter(re.findall(r"\{this\}", text))),
        (_("Mana symbols"), mana_symbols),
        (_("Numbers"), numbers),
    ]
    for label, count in checks:
        wanted, found = count(english), count(italian)
        if wanted != found:
            problems.append(
                _("%(what)s: the English has %(english)s, the Italian %(italian)s.")
                % {"what": label, "english": listed(wanted), "italian": listed(found)}
            )
    return problems


def listed(counter: Counter) -> str:
    """``{2}, {2}, 3`` for Counter({"{2}": 2, "3": 1}); "none" for an empty one."""
    if not counter:
        return _("none")
    return ", ".join(", ".join([item] * times) for item, times in sorted(counter.items()))
