"""Which keyword or card type a document's heading is about (``subject_for_title``), from the
names of the keywords and card types known in the document's language."""

import re

from common.text import fold_line
from oracle.models import CardType, Keyword
from rulings.models import Language

# "[tipo di creatura]", "[costo]": a placeholder in quoted card text, not a name.
PLACEHOLDER = re.compile(r"\[[^\]]*\]")


def word_position(key: str, text_key: str) -> int:
    """Where ``key`` stands as whole words in ``text_key``, or -1."""
    match = re.search(rf"(?<!\w){re.escape(key)}(?!\w)", text_key)
    return match.start() if match else -1


def _name_field(language: str) -> str:
    return "name_it" if language == Language.ITALIAN else "name"


def _names(language: str) -> list[tuple[str, Keyword | CardType]]:
    """(folded name, keyword or card type) for every name known in ``language``."""
    field = _name_field(language)
    named = [*Keyword.objects.exclude(**{field: ""}), *CardType.objects.exclude(**{field: ""})]
    return [(fold_line(getattr(subject, field)), subject) for subject in named]


def subject_for_title(title: str, language: str = Language.ITALIAN) -> Keyword | CardType | None:
    """The keyword or card type a heading is about, from the names it writes in the document's
    language, or None.

    Only the part after a colon counts ("Tematica: Nuove Svolte per Sospendere"): before it,
    the heading says what kind of section it is ("Ciclo: Patti" is a cycle of cards). The name
    written first wins, the longest where two start at the same word ("Imbrigliare e ∞" is
    about Harness, "Ciclo e Ciclotipo" about Cycling). Card types are everyday words in
    headings ("Costi con "TAPpa [numero] [tipo di creatura] STAPpati"", "Tipi di Creature"), so
    a heading is about a type only when the type is all it names ("Nuovo Tipo di Carta:
    Tribale")."""
    about = fold_line(PLACEHOLDER.sub(" ", fold_line(title).rsplit(":", 1)[-1]))
    best = None
    for key, subject in _names(language):
        where = word_position(key, about)
        if where >= 0 and (best is None or (where, -len(key)) < best[:2]):
            best = (where, -len(key), subject)
    subject = best[2] if best else None
    if isinstance(subject, CardType):
        type_name = fold_line(getattr(subject, _name_field(language)))
        return subject if about == type_name else None
    return subject
