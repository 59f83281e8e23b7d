"""The form fields of the card search beside django-filter's own: a set by its code in any case,
the form's checks across fields, the request's parameters cleaned of NUL characters, and a facet
as the page lists it."""

from dataclasses import dataclass

import django_filters
from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from oracle.models import CardSet, Layout, Rarity
from web.pages.search.facets import COLOR_CHOICES, COLORLESS, TYPE_NAMES, ColorMode, type_label

# Mana values run from 0 to 1,000,000 (Gleemax), in halves (Little Girl).
MANA_VALUE_FIELD = {"min_value": 0, "max_value": 1_000_000, "max_digits": 8, "decimal_places": 1}


@dataclass(frozen=True)
class ActiveFacet:
    label: str
    value: str
    removal: dict  # {parameter: None} for {% querystring %}: the link that takes it away


def without_nul(data) -> QueryDict:
    """The request's parameters without NUL characters, which PostgreSQL refuses in a query
    (DataError: a 500), HTML must not contain, and CharField would refuse the whole query box
    for. The query language drops them too."""
    clean = QueryDict(mutable=True)
    for key, values in data.lists():
        clean.setlist(key.replace("\x00", ""), [str(v).replace("\x00", "") for v in values])
    return clean


class SetCodeField(forms.ModelChoiceField):
    """A set by its code, in any case ("fut" or "FUT")."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        code = str(value).strip()
        try:
            return self.queryset.get(code__iexact=code)
        except (CardSet.DoesNotExist, CardSet.MultipleObjectsReturned) as error:
            raise forms.ValidationError(
                _("There is no set with the code “%(code)s”."),
                code="invalid_choice",
                params={"code": code},
            ) from error


class SetCodeFilter(django_filters.ModelChoiceFilter):
    field_class = SetCodeField


class CardSearchForm(forms.Form):
    def clean(self):
        cleaned = super().clean()
        colors = cleaned.get("color") or []
        mode = cleaned.get("color_mode") or ColorMode.INCLUDING
        if COLORLESS in colors and len(colors) > 1 and mode != ColorMode.AT_MOST:
            self.add_error(
                "color",
                _("“Colourless” and a colour cannot both be chosen unless the mode is “at most”."),
            )
        low, high = cleaned.get("mv_min"), cleaned.get("mv_max")
        if low is not None and high is not None and low > high:
            self.add_error("mv_max", _("The largest mana value is smaller than the smallest."))
        return cleaned

    def active_facets(self, color_mode: str) -> list[ActiveFacet]:
        """The facets in use, in words, each with the parameters that take it away (the form
        validated, ``color_mode`` the mode the page shows)."""
        cleaned = self.cleaned_data
        facets = []

        def add(name, value, also=()):
            label = self.fields[name].label
            removal = dict.fromkeys((name, "page", *also))
            facets.append(ActiveFacet(str(label), str(value), removal))

        if cleaned.get("type"):
            add("type", type_label(TYPE_NAMES[cleaned["type"]]))
        if cleaned.get("keyword"):
            add("keyword", cleaned["keyword"].display_name)
        if cleaned.get("card_set"):
            card_set = cleaned["card_set"]
            add("card_set", f"{card_set.display_name} ({card_set.code})")
        if cleaned.get("color"):
            names = dict(COLOR_CHOICES)
            colors = ", ".join(str(names[letter]) for letter in cleaned["color"])
            mode = dict(ColorMode.CHOICES)[color_mode]
            add("color", f"{colors} ({mode})", also=["color_mode"])
        if cleaned.get("rarity"):
            add("rarity", Rarity(cleaned["rarity"]).label)
        for name in ("mv_min", "mv_max"):
            if cleaned.get(name) is not None:
                add(name, number_text(cleaned[name]))
        if cleaned.get("layout"):
            add("layout", Layout(cleaned["layout"]).label)
        return facets


# The selects with a few options, written out on every page.
SHORT_SELECTS = ("rarity", "layout", "order", "dir", "sort")


def short_select_choices(form_class) -> dict[str, list[tuple[str, str]]]:
    """The short selects' (value, label) pairs by parameter, the labels in the active
    language."""
    return {
        name: [(value, str(label)) for value, label in form_class.base_fields[name].choices]
        for name in SHORT_SELECTS
    }


def number_text(value) -> str:
    """2 -> "2", 0.5 -> "0.5": mana values as people write them."""
    return str(int(value)) if value == int(value) else str(value.normalize())
