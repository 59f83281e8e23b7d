"""The words of a rule as the renumbering compares them (``rulings.importers.renumbering``), and
by which a quoted rule's title is looked up (``title_key``): folded, the terms the game renamed made
today's, singular, without stopwords. No database."""

import re

from common.text import fold

# Old wording -> today's, applied to both sides before comparing. Normalisation, not a table
# of numbers: each entry is a change of vocabulary the rules went through.
RENAMINGS = [  # (a substring the text must hold, pattern, replacement)
    ("removed", r"\bremoved[- ]from[- ]the[- ]game[- ]zone\b", "exile zone"),
    ("removed", r"\b(?:is |are |was |were |be |been )?removed from (?:the )?game\b", "exiled"),
    ("from the game", r"\bremoves? (\w+(?: \w+)?) from the game\b", r"exile \1"),
    ("play zone", r"\bin[- ]play zone\b", "battlefield"),
    ("into play", r"\b(?:comes|come|came|coming) into play\b", "enters battlefield"),
    ("into play", r"\b(?:puts?|putting) (\w+(?: \w+)?) into play\b", r"put \1 onto battlefield"),
    ("into play", r"\binto play\b", "onto battlefield"),
    ("play", r"\b(?:leaves?|left|leaving) play\b", "leaves battlefield"),
    ("play", r"\bfrom play\b", "from battlefield"),
    ("play", r"\bin play\b", "on battlefield"),
    ("battlefield", r"\bthe battlefield\b", "battlefield"),
    ("battlefield", r"\benters?[- ]the[- ]battlefield\b", "enters battlefield"),
    ("he or she", r"\bhe or she\b", "they"),
    ("his or her", r"\bhis or her\b", "their"),
    ("him or her", r"\bhim or her\b", "them"),
    ("himself", r"\bhimself or herself\b", "themselves"),
]
RENAMING_PATTERNS = [
    (trigger, re.compile(pattern), replacement) for trigger, pattern, replacement in RENAMINGS
]
# Words the game renamed, and verbs that now have a name per kind of object (an old rule plays a
# spell or an ability; a new one casts it or activates it): one word for each family.
WORD_CLASSES = {
    "tribal": "kindred",
    "tribals": "kindred",
    "kindreds": "kindred",
    "cast": "play",
    "casts": "play",
    "casting": "play",
    "activate": "play",
    "activates": "play",
    "activating": "play",
    "activated": "played",
    "plays": "play",
    "playing": "play",
    "exiled": "exile",
    "exiles": "exile",
    "exiling": "exile",
    "dies": "die",
    "died": "die",
    "token": "token",
}
STOPWORDS = set(
    "a an the of to in on at by for with from as is are be been being it its it's this that "
    "these those and or but if then than so such which who whose whom what when where while "
    "into onto any each all some no not can can't may must will would could should has have "
    "had do does did there their they them one two".split()
)
WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
# "(See rule 418.5, "Interaction of Continuous Effects.")": the numbers and titles it names are
# not what the rule says.
SEE_RULE = re.compile(r"\((?:see|vedi)\b[^)]*\)")


def _plain(text: str) -> str:
    """Folded (lower case, no accents) with typographic apostrophes made plain."""
    return fold(text).replace("’", "'").replace("‘", "'").replace("_", " ")


def _renamed(text: str) -> str:
    for trigger, pattern, replacement in RENAMING_PATTERNS:
        if trigger in text:
            text = pattern.sub(replacement, text)
    return text


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def words(text: str, *, rename: bool = True) -> list[str]:
    """Content words, normalised: lower case, no accents, renamed terms, singular."""
    return list(_words(text, rename))


def _words(text: str, rename: bool) -> tuple[str, ...]:
    plain = _plain(text)
    if rename:
        plain = _renamed(plain)
    plain = SEE_RULE.sub(" ", plain)
    result = []
    for word in WORD.findall(plain):
        word = word.removesuffix("'s")
        if word in STOPWORDS:
            continue
        if rename:
            word = WORD_CLASSES.get(word, word)
        result.append(_singular(word))
    return tuple(result)


def title_key(title: str, *, rename: bool = True) -> str:
    return " ".join(words(title, rename=rename)) if title else ""
