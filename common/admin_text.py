"""What editors type in the admin keeps plain line ends: a browser sends a text area's lines
joined by ``\\r\\n``, which would show as stray blank lines on the public pages and make the
wording history miss an erratum's old text in the card's data (joined by ``\\n``)."""

from django import forms
from django.db import models


def plain_line_ends(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


class PlainLineEndsField(forms.CharField):
    def to_python(self, value):
        value = super().to_python(value)
        return plain_line_ends(value) if isinstance(value, str) else value


class PlainLineEnds:
    """An admin (or inline) mixin: every free-text field of its forms, names and texts alike,
    keeps ``\\n`` only (slugs, choices and other special fields keep their own form fields)."""

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if type(db_field) in (models.CharField, models.TextField) and not db_field.choices:
            kwargs["form_class"] = PlainLineEndsField
        return super().formfield_for_dbfield(db_field, request, **kwargs)
