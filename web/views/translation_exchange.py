"""The staff pages that exchange the translation memory with translators' tools as PO files:
the export (the queue, a set's texts, the first N, or every text with its translation) answers
a .po download; the import reads a translated file back and answers a summary, each refused
entry with its reason (``rulings.translations.po_files``, ``po_import``).

Pages of the admin's look and language, outside the admin's URLs: staff only (others are sent
to the admin's login), and only for those who may add ruling translations (else 403). An import
posted while a data import runs is answered as the admin answers a save then (503).
"""

from functools import wraps

from django import forms
from django.contrib import admin
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.admin_imports import busy_page
from common.import_lock import import_running
from oracle.models import CardSet
from rulings.translations.po_files import (
    RefusedFile,
    Selection,
    export_po,
    file_name,
    max_bytes,
    po_bytes,
    too_large_message,
)
from rulings.translations.po_import import import_po

PERMISSION = "rulings.add_rulingtranslation"
PO_CONTENT_TYPE = "text/x-gettext-translation; charset=utf-8"


def translators_only(view):
    @staff_member_required
    @wraps(view)
    def guarded(request, *args, **kwargs):
        if not request.user.has_perm(PERMISSION):
            return page(
                request,
                "admin/translation_exchange/forbidden.html",
                _("Access denied"),
                status=403,
            )
        return view(request, *args, **kwargs)

    return guarded


def page(request, template, title, status=200, **context):
    context = {**admin.site.each_context(request), "title": title, **context}
    return render(request, template, context, status=status)


class ExportForm(forms.Form):
    everything = forms.TypedChoiceField(
        label=gettext_lazy("Texts"),
        choices=[
            ("", gettext_lazy("The queue: texts without an approved translation")),
            ("1", gettext_lazy("Every text in use, with its current translation")),
        ],
        coerce=bool,
        empty_value=False,
        required=False,
    )
    set_code = forms.CharField(
        label=gettext_lazy("Set code"),
        max_length=10,
        required=False,
        help_text=gettext_lazy("Only the texts of this set’s cards (for example FUT)."),
    )
    limit = forms.IntegerField(
        label=gettext_lazy("At most"),
        min_value=1,
        max_value=100_000,
        required=False,
        help_text=gettext_lazy("Only the first texts, those covering the most card rulings."),
    )

    def clean_set_code(self):
        code = self.cleaned_data["set_code"].strip()
        if code and not CardSet.objects.filter(code__iexact=code).exists():
            raise forms.ValidationError(_("No set has the code “%(code)s”.") % {"code": code})
        return code


@translators_only
def export(request):
    """The form; asked with its fields (GET), the PO file as a download."""
    form = ExportForm(request.GET or None)
    if not form.is_bound or not form.is_valid():
        status = 400 if form.is_bound else 200
        return page(
            request,
            "admin/translation_exchange/export.html",
            _("Export translations as a PO file"),
            status=status,
            form=form,
        )
    selection = Selection(
        set_code=form.cleaned_data["set_code"],
        limit=form.cleaned_data["limit"],
        everything=form.cleaned_data["everything"],
    )
    response = HttpResponse(po_bytes(export_po(selection)), content_type=PO_CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{file_name(selection)}"'
    return response


class ImportForm(forms.Form):
    po_file = forms.FileField(label=gettext_lazy("PO file"))
    replace_approved = forms.BooleanField(
        label=gettext_lazy("Propose again a changed Italian of approved translations"),
        required=False,
        help_text=gettext_lazy(
            "Otherwise an entry that changes an approved translation is refused, and the "
            "approved Italian stays public."
        ),
    )

    def clean_po_file(self):
        po_file = self.cleaned_data["po_file"]
        if po_file.size > max_bytes():
            raise forms.ValidationError(" ".join([too_large_message(), _("Nothing was changed.")]))
        return po_file


@translators_only
def import_file(request):
    """The form; posted, the file read back and its summary, or the form with why the whole
    file was refused (400, nothing changed)."""
    if request.method == "POST" and import_running():
        # As the admin's own saves: a data import and a translator never write at once.
        return busy_page(request)
    title = _("Import translations from a PO file")
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method != "POST" or not form.is_valid():
        status = 400 if request.method == "POST" else 200
        return page(
            request, "admin/translation_exchange/import.html", title, status=status, form=form
        )
    po_file = form.cleaned_data["po_file"]
    try:
        summary = import_po(
            po_file.read(),
            translator=request.user,
            replace_approved=form.cleaned_data["replace_approved"],
        )
    except RefusedFile as refused:
        form.add_error("po_file", " ".join([str(refused), _("Nothing was changed.")]))
        return page(request, "admin/translation_exchange/import.html", title, status=400, form=form)
    return page(
        request,
        "admin/translation_exchange/import_summary.html",
        _("Translations imported from %(name)s") % {"name": po_file.name},
        summary=summary,
    )
