"""The decklist form: a pasted list or a .txt file, and the format to check it against.

The list comes from the file when one is chosen, else from the box; either is refused with a
message when it is empty or over the limits (``oracle.decks.limits``), and a file when it is
not text. The view takes NUL characters out of a pasted list before it binds the form
(``web.views.decks.without_nul``).
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from oracle.decks import OFFERED, ListError
from oracle.decks.files import read_upload
from oracle.decks.parse import check_size
from oracle.formats import format_name

DEFAULT_FORMAT = "modern"


def format_choices():
    return [(key, format_name(key)) for key in OFFERED]


class DeckListForm(forms.Form):
    list = forms.CharField(
        label=_("Decklist"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false", "autocapitalize": "off"}),
    )
    file = forms.FileField(
        label=_("or a .txt file"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".txt,text/plain"}),
    )
    format = forms.ChoiceField(label=_("Format"), choices=format_choices)

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        text = cleaned.get("list") or ""
        if upload:
            try:
                text = read_upload(upload.chunks())
            except ListError as error:
                self.add_error("file", str(error))
                return cleaned
        field = "file" if upload else "list"
        if not text.strip():
            self.add_error(field, _("The list is empty: paste a list or choose a file."))
            return cleaned
        try:
            check_size(text)
        except ListError as error:
            self.add_error(field, str(error))
            return cleaned
        cleaned["text"] = text
        return cleaned
