"""Card names a block of prose lists or cites ("Le cinque Catene sono Catena d'Acido, ...",
"come il Ragno Gigante"), for the import's report. No database."""

import re

_WORD = r"[A-ZÀ-ÖØ-Þ][\w'’-]*"
_CONNECTOR = r"(?:(?:di|del|dello|della|dei|degli|delle|da|dal|dalla|ad|a)\s+|(?:dell|dall|d)['’])"
_NAME = rf"{_WORD}(?:\s+{_CONNECTOR}?{_WORD})*"
_LIST = rf"{_NAME}(?:\s*,\s*{_NAME})*(?:\s*,?\s+(?:e|ed|o|oppure)\s+{_NAME})"
_ARTICLE = r"(?:(?:il|lo|la|i|gli|le)\s+|l['’])"
# "Le cinque Catene sono A, B e C", "... modifica sono A e B", "(A, B e C)", ": A, B, ... e J".
NAME_LIST = re.compile(
    rf"(?:(?:\bsono|\bcomprendono|\btra\s+cui|\bquali|\bcome)\s+|:\s+|\()"
    rf"{_ARTICLE}?(?P<names>{_LIST})"
)
# "come il Ragno Gigante", "carte quali l'Angelo Eminente", "chiamata Elfi di Llanowar",
# "la carta Legame Spirituale".
NAME_CITED = re.compile(
    rf"(?:\b(?:come|quali)\s+{_ARTICLE}|\bchiamat[oaie]\s+{_ARTICLE}?|\b[Ll]a\s+carta\s+)"
    rf"(?P<name>{_NAME})"
)
_LIST_SEPARATOR = re.compile(r"\s*,\s*(?:(?:e|ed|o|oppure)\s+)?|\s+(?:e|ed|o|oppure)\s+")
_LEADING_ARTICLE = re.compile(rf"^{_ARTICLE}", re.IGNORECASE)

# Names of sets and documents that read like card names: never reported.
NOT_CARD_NAMES = {
    "assalto", "legioni", "flagello", "congiunzione", "apocalisse", "invasione", "visione futura",
    "spirale temporale", "caos dimensionale", "quinta alba", "discordia", "patto delle gilde",
    "ravnica", "magic", "oracle", "magic comprehensive rules", "comprehensive rules",
    "comprehensive rulebook", "regole complete", "faq", "wizards", "the gathering",
}  # fmt: skip
_TRAILING_SET = re.compile(rf"\s+{_CONNECTOR}(?P<set>{_WORD}(?:\s+{_CONNECTOR}?{_WORD})*)$")


def _clean_name(name: str) -> str:
    name = _LEADING_ARTICLE.sub("", name.strip())
    trailing = _TRAILING_SET.search(name)
    # "la carta Evoluzione Artificiale di Assalto": the set is no part of the name.
    while trailing and trailing["set"].lower() in NOT_CARD_NAMES:
        name = name[: trailing.start()]
        trailing = _TRAILING_SET.search(name)
    if name.lower() in NOT_CARD_NAMES or len(name) < 3 or not name[0].isupper():
        return ""
    return name


def names_in(text: str, exclude: tuple[str, ...] = ()) -> list[str]:
    """Card names a text lists or cites, in order, each once (see NAME_LIST, NAME_CITED)."""
    found: list[tuple[int, int, str]] = []
    for match in NAME_LIST.finditer(text):
        for order, name in enumerate(_LIST_SEPARATOR.split(match["names"])):
            found.append((match.start("names"), order, name))
    found.extend((match.start("name"), 0, match["name"]) for match in NAME_CITED.finditer(text))
    names: list[str] = []
    for _position, _order, raw in sorted(found):
        name = _clean_name(raw)
        if name and name not in names and name not in exclude:
            names.append(name)
    return names
