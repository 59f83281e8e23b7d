from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render

from .filters import CardFilter
from .listing import card_rows, printing_rows
from .models import Card, CardSet, Printing, Rarity

CARDS_PER_PAGE = 50


def home(request):
    latest_sets = CardSet.objects.annotate(card_count=Count("printings")).filter(card_count__gt=0)
    stats = {
        "cards": Card.objects.filter(is_token=False).count(),
        "sets": CardSet.objects.count(),
    }
    return render(request, "oracle/home.html", {"latest_sets": latest_sets[:12], "stats": stats})


def card_list(request):
    cards = Card.objects.only("pk", "name", "slug").order_by("name")
    card_filter = CardFilter(request.GET, queryset=cards)
    page = Paginator(card_filter.qs, CARDS_PER_PAGE).get_page(request.GET.get("page"))
    if page.paginator.count == 1 and request.GET.get("q"):
        return redirect(page.object_list[0])
    context = {
        "filter": card_filter,
        "page_obj": page,
        "rows": card_rows(page.object_list),
        "set_choices": CardSet.objects.exclude(set_type="token").values_list(
            "code", "name", "name_it"
        ),
        "selected_set": card_filter.form["card_set"].value(),
    }
    return render(request, "oracle/card_list.html", context)


def card_detail(request, slug, printing=None):
    card = get_object_or_404(Card.objects.for_detail(), slug=slug)
    printings = list(card.printings.all())
    if printing is None:
        printing = default_printing(card, printings)
    else:
        printing = next(p for p in printings if p.pk == printing.pk)
    faces = list(card.faces.all())
    printed = {pf.face_id: pf for pf in printing.faces.all()} if printing else {}
    context = {
        "card": card,
        "faces": [(face, printed.get(face.pk)) for face in faces],
        "printing": printing,
        "printings": printings,
        "rulings": list(card.rulings.for_card_page()),
        "errata": list(card.errata.all()),
        "keywords": list(card.keywords.all()),
    }
    return render(request, "oracle/card_detail.html", context)


def default_printing(card, printings):
    """The newest printing with Italian text, so both languages stand side by side; one whose
    Italian name is really translated first (some Italian entries keep the English name)."""
    italian = [p for p in printings if p.has_italian]
    translated = [p for p in italian if p.name_it != card.name]
    return next(iter(translated or italian or printings), None)


def printing_detail(request, code, number):
    printing = get_object_or_404(
        Printing.objects.select_related("card"),
        card_set__code__iexact=code,
        collector_number=number,
    )
    return card_detail(request, printing.card.slug, printing=printing)


def set_list(request):
    sets = CardSet.objects.annotate(card_count=Count("printings")).select_related("parent")
    return render(request, "oracle/set_list.html", {"sets": sets})


def set_detail(request, code):
    card_set = get_object_or_404(CardSet, code__iexact=code)
    if card_set.code.lower() != code:
        return redirect(card_set, permanent=True)
    rarity_counts = card_set.printings.aggregate(
        **{value: Count("pk", filter=Q(rarity=value)) for value in Rarity.values}
    )
    rarities = [
        (label, rarity_counts[value]) for value, label in Rarity.choices if rarity_counts[value]
    ]
    return render(
        request,
        "oracle/set_detail.html",
        {"set": card_set, "rows": printing_rows(card_set), "rarities": rarities},
    )
