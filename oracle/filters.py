import django_filters
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .models import Card, CardSet, Layout, Rarity


class CardFilter(django_filters.FilterSet):
    """The browse form: a name box (English or Italian) and a few facets."""

    q = django_filters.CharFilter(method="filter_name", label=_("Name"))
    card_set = django_filters.ModelChoiceFilter(
        field_name="printings__card_set",
        queryset=CardSet.objects.order_by("-release_date", "code"),
        to_field_name="code",
        distinct=True,
        label=pgettext_lazy("card set", "Set"),
    )
    rarity = django_filters.ChoiceFilter(
        field_name="printings__rarity", choices=Rarity.choices, distinct=True, label=_("Rarity")
    )
    layout = django_filters.ChoiceFilter(choices=Layout.choices, label=_("Layout"))

    class Meta:
        model = Card
        fields = ["q", "card_set", "rarity", "layout"]

    def filter_name(self, queryset, name, value):
        words = value.split()
        for word in words:
            queryset = queryset.filter(
                Q(name__icontains=word)
                | Q(pk__in=Card.objects.filter(faces__name_it__icontains=word).values("pk"))
            )
        return queryset
