"""What editors type in the admin keeps plain line ends: a browser sends a text area's lines
joined by ``\\r\\n``, which would show as stray blank lines on the public pages and make the
wording history miss an erratum's old text in the card's data (joined by ``\\n``).

No text an editor sends is longer than ``LONGEST_TEXT`` characters (the form says so, in the
editor's language, with Django's own message): the longest card wording is a few thousand, and
the history pages and the card page compare texts word by word (``common.word_changes``), whose
cost grows with the length."""

from django import forms
from django.db import models

LONGEST_TEXT = 100_000


def plain_line_ends(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


class PlainLineEndsField(forms.CharField):
    def to_python(self, value):
        value = super().to_python(value)
        return plain_line_ends(value) if isinstance(value, str) else value


class PlainLineEnds:
    """An admin (or inline) mixin: every free-text field of its forms, names and texts alike,
    keeps ``\\n`` only (slugs, choices and other special fields keep their own form fields), and
    a text field takes ``LONGEST_TEXT`` characters at most."""

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if type(db_field) in (models.CharField, models.TextField) and not db_field.choices:
            kwargs["form_class"] = PlainLineEndsField
            if isinstance(db_field, models.TextField):
                kwargs.setdefault("max_length", LONGEST_TEXT)
        return super().formfield_for_dbfield(db_field, request, **kwargs)
