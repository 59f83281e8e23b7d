"""Word-level differences between two wordings, for errata and printed-vs-Oracle text
(``common.word_changes`` finds them; ``web.rendering.markup`` writes them out)."""

from django.utils.safestring import SafeString

from common.word_changes import word_changes
from web.rendering import markup
from web.rendering.card_text import render_mana


def word_diff(old: str, new: str) -> SafeString:
    """HTML of ``new`` with removed words in <del> and added words in <ins>, line breaks as
    <br>, mana symbols as icons."""
    return markup.diff(word_changes(old, new), render_mana)
