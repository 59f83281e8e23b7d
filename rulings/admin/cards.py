"""Oracle's card admin, with a link to the card's rulings and their changes in its history:
registered in its place."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from oracle.admin import CardAdmin
from oracle.models import Card
from rulings.models import CardRule, Ruling


class CardWithRulingsAdmin(CardAdmin):
    readonly_fields = [*CardAdmin.readonly_fields, "rulings_link"]
    fields = readonly_fields

    def related_histories(self, request, card) -> list:
        """Its errata's versions, then its rulings' and its rule links'."""
        histories = super().related_histories(request, card)
        if request.user.has_perm("rulings.view_ruling"):
            histories.append(Ruling.history.filter(card_id=card.pk))
        if request.user.has_perm("rulings.view_cardrule"):
            histories.append(CardRule.history.filter(card_id=card.pk))
        return histories

    @admin.display(description=_("rulings"))
    def rulings_link(self, card):
        url = reverse("admin:rulings_ruling_changelist") + f"?card__id__exact={card.pk}"
        return format_html('<a href="{}">{}</a>', url, _("Rulings of this card"))


admin.site.unregister(Card)
admin.site.register(Card, CardWithRulingsAdmin)
