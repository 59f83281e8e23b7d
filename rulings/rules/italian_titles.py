"""Italian titles of the rules' chapters and sections where no Italian edition gives one: the
curated table ``italian_titles.json`` (its provenance is in it), which holds for a rule only
while its English title is the one translated, so that an edition numbering its rules otherwise
takes none."""

import json
from functools import cache
from pathlib import Path

TITLES = Path(__file__).with_name("italian_titles.json")


@cache
def curated_titles() -> dict[str, tuple[str, str]]:
    """{number: (English title, Italian title)}."""
    with TITLES.open(encoding="utf-8") as handle:
        titles = json.load(handle)["titles"]
    return {number: (title["en"], title["it"]) for number, title in titles.items()}


def italian_title(number: str, english_title: str) -> str:
    """The Italian title of the rule ``number`` titled ``english_title``; "" when none is known."""
    english, italian = curated_titles().get(number, ("", ""))
    return italian if english and english == english_title else ""
