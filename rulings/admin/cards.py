"""Oracle's card admin, with a link to the card's rulings: registered in its place."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from oracle.admin import CardAdmin
from oracle.models import Card


class CardWithRulingsAdmin(CardAdmin):
    readonly_fields = [*CardAdmin.readonly_fields, "rulings_link"]
    fields = readonly_fields

    @admin.display(description=_("rulings"))
    def rulings_link(self, card):
        url = reverse("admin:rulings_ruling_changelist") + f"?card__id__exact={card.pk}"
        return format_html('<a href="{}">{}</a>', url, _("Rulings of this card"))


admin.site.unregister(Card)
admin.site.register(Card, CardWithRulingsAdmin)
