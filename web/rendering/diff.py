"""Word-level differences between two wordings, for errata and printed-vs-Oracle text, written
out by a template (``common.word_changes`` finds them)."""

from django.utils.safestring import SafeString

from common.word_changes import word_changes
from web.jinja2 import macro


def word_diff(old: str, new: str) -> SafeString:
    """HTML of ``new`` with removed words in <del> and added words in <ins>, line breaks as
    <br>; made by a template."""
    return macro("cards/_text.html", "diff")(word_changes(old, new))
