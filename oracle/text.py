"""Small text helpers shared by importers and views: slugs and accent-free forms."""

import unicodedata

from django.utils.text import slugify

# Letters that Unicode does not decompose into a base letter plus an accent.
_FOLD = str.maketrans({"Æ": "Ae", "æ": "ae", "Œ": "Oe", "œ": "oe", "ß": "ss", "Ø": "O", "ø": "o"})


def fold(text: str) -> str:
    """Lower case without accents: "Æther Vial" -> "aether vial", "rapidità" -> "rapidita"."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_FOLD))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def slug_for(name: str) -> str:
    """A readable ASCII slug: "Æther Vial" -> "aether-vial", "Jhoira of the Ghitu" -> ..."""
    return slugify(name.translate(_FOLD))
