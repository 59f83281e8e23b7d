"""How sure a match between an old rule number and a current rule is, in words for the page."""

from django.utils.translation import gettext as _


def confidence_words(confidence: float | None, matched: bool = True) -> str:
    """ "certain match", "probable match"...; "no current rule matches" when nothing matched."""
    if not matched or confidence is None:
        return _("no current rule matches")
    if confidence >= 0.95:
        return _("certain match")
    if confidence >= 0.8:
        return _("close match")
    if confidence >= 0.5:
        return _("probable match")
    return _("uncertain match")
