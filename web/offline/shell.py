"""The two pages that work without the network over the card records kept in the browser: the
offline search and the card view. They carry no data: their scripts read the kept records from
the browser's Cache Storage (static/offline/search.js, card.js), so the same page serves every
query and every card, and the service worker keeps one copy of each."""

from django.shortcuts import render
from django.views.decorators.http import require_safe


@require_safe
def offline_search(request):
    return render(request, "offline/search.html", using="jinja2")


@require_safe
def offline_card(request):
    return render(request, "offline/card.html", using="jinja2")
