import random
from collections import Counter

from django.conf import settings
from django.core.paginator import Paginator
from django.db.models import Count, F, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.cache import never_cache

from common.statement_timeout import StatementTimeout
from oracle import data_version
from oracle.models import (
    Card,
    CardName,
    CardSearch,
    CardSet,
    Layout,
    Rarity,
    is_italian_page,
    names_for_page,
)
from oracle.search.tokens import quote
from web import data_age
from web.http_caching import page_parameters
from web.pages.card import images as card_images
from web.pages.card import printings as card_printings
from web.pages.card import rulings as card_rulings
from web.pages.card.detail import card_for_page, card_for_printing
from web.pages.card.parts import card_parts
from web.pages.card.wording import face_wordings
from web.pages.lists.rows import card_rows, printing_rows, set_rows, set_table_rows
from web.pages.search.examples import SEARCH_EXAMPLES
from web.pages.search.filters import CardFilter
from web.pages.search.help import help_sections
from web.pages.search.name_suggestions import name_suggestions
from web.paging import page_number
from web.search_limits import (
    page_refusal,
    rate_limited,
    search_time_limit,
    time_limited,
    timed_out_message,
)

CARDS_PER_PAGE = 50


def search_examples():
    """(query, what it finds) in the page's language."""
    italian = is_italian_page()
    return [(it if italian else en, text) for en, it, text in SEARCH_EXAMPLES]


# The home page's newest sets are sets a player opens: not promos, tokens or memorabilia, each
# with at least this many cards in the data and at least half of its base size (the sample
# holds a card or two of many sets; a set being previewed is not in yet).
HOME_SET_TYPES_LEFT_OUT = ("promo", "token", "memorabilia")
HOME_SET_MIN_CARDS = 20


def home(request):
    # Sets with the printings they list: no art-series objects (a token set lists its tokens).
    listed = ~Q(printings__layout=Layout.ART_SERIES)
    listed_sets = CardSet.objects.annotate(card_count=Count("printings", filter=listed)).filter(
        card_count__gt=0
    )
    held_sets = listed_sets.exclude(set_type__in=HOME_SET_TYPES_LEFT_OUT).filter(
        card_count__gte=HOME_SET_MIN_CARDS, base_size__lte=F("card_count") * 2
    )
    # A query with GROUP BY does not take Meta.ordering: the newest first, as the set list.
    newest_sets = held_sets.order_by(F("release_date").desc(nulls_last=True), "code")
    stats = {
        "cards": Card.objects.game_cards().count(),
        "sets": listed_sets.count(),
    }
    context = {"latest_sets": newest_sets[:12], "stats": stats, "examples": search_examples()}
    return render(request, "cards/home.html", context, using="jinja2")


@page_parameters(*CardFilter.base_filters, "page", "view")
def card_list(request):
    """Search results: the query box and the facets, combined.

    Nothing asked (no query, no facet): the form and a few examples, not all 24,000 cards.
    Exactly one card found and nothing to warn about: straight to the card. A query that
    cannot be used at all (or costs more than a search may: ``oracle.search.parser``'s
    MAX_LENGTH and MAX_TERMS): status 400, with the reasons on the page. A statement that runs
    past the time limit: status 503, saying so (``web.search_limits``). A name that finds no
    card: the closest names, or that the data has no such card (``name_suggestions``).
    """
    card_filter = CardFilter(request.GET, queryset=CardSearch.objects.all())
    if card_filter.is_blank:  # nothing to search for: the form and the examples
        return _card_list(request, card_filter)
    return searched_card_list(request, card_filter)


@rate_limited("search", page_refusal)
def searched_card_list(request, card_filter):
    try:
        with search_time_limit():
            return _card_list(request, card_filter)
    except StatementTimeout as stopped:
        context = {"filter": card_filter, "examples": search_examples()}
        context["search_error"] = timed_out_message(stopped)
        return render_search(request, context, status=503)


def _card_list(request, card_filter):
    context = {"filter": card_filter, "examples": search_examples()}
    if card_filter.is_blank:
        return render_search(request, context)
    if card_filter.is_unusable:
        return render_search(request, context, status=400)
    page = card_filter.results_page(page_number(request.GET.get("page")), CARDS_PER_PAGE)
    if page.paginator.count == 1 and not card_filter.problems:
        return redirect("cards:card-detail", page.object_list[0].slug)
    view = result_view(request)
    rows = card_rows(page.object_list, with_sets=True, with_images=view == "images")
    other_language = "en" if is_italian_page() else "it"
    context |= {
        "searched": True,
        "page_obj": page,
        "rows": rows,
        "view": view,
        "other_language": other_language,
        "card_images_enabled": card_images.images_enabled(),
    }
    if not rows and not card_filter.given_facets:
        context["name_suggestions"] = name_suggestions(card_filter.query)
    return render_search(request, context)


def render_search(request, context, status=None):
    return render(request, "cards/card_list.html", context, status=status, using="jinja2")


def result_view(request):
    """How a list of cards is shown: "images" (a grid of pictures, ``?view=images``, when card
    pictures are on) or "list" (a table)."""
    wanted = request.GET.get("view")
    return "images" if wanted == "images" and card_images.images_enabled() else "list"


def search_help(request):
    return render(request, "cards/search_help.html", {"sections": help_sections()}, using="jinja2")


def card_detail(request, slug):
    """A card with everything known about it, or a redirect when ``slug`` is another of its
    names."""
    card = card_for_page(slug)
    if card is None:
        return card_by_other_name(slug)
    return card_page_response(request, card, None)


def printing_detail(request, code, number):
    """A card's page showing one of its printings (by its set code and collector number)."""
    card = card_for_printing(code, number)
    if card is None:
        raise Http404("No printing has this set code and number.")
    code = code.lower()
    printing = next(
        p
        for p in card.printings.all()
        if p.card_set.code.lower() == code and p.collector_number == number
    )
    return card_page_response(request, card, printing)


def card_page_response(request, card, printing):
    """The card's page, showing ``printing`` (or the default one). A fixed number of queries
    whatever the card: the card and its parts (``web.pages.card.detail``), the data version,
    the rules app's (``web.pages.card.rulings``)."""
    printings = list(card.printings.all())
    chosen = printing is not None
    if printing is None:
        printing = default_printing(card, printings)
    faces = list(card.faces.all())
    errata = list(card.errata.all())
    data_date = data_version.for_request(request).cards_date
    wordings = face_wordings(faces, errata, data_date)
    pictured = card_images.picture_printing(printings, printing, chosen=chosen)
    printed = {pf.face_id: pf for pf in printing.printed_faces} if printing else {}
    display_name, other_name = names_for_page(card.name, card.italian_name)
    context = {
        "card": card,
        "display_name": display_name,
        "other_name": other_name,
        "layout": choice_label(Layout, card.layout),
        "faces": list(zip(faces, [printed.get(face.pk) for face in faces], wordings, strict=True)),
        "printing": printing,
        "printings": printings,
        "errata": errata,
        "keywords": list(card.keywords.all()),
        "pictured": pictured,
        "card_images": card_images.card_page_images(card, pictured, faces),
        "pictured_links": card_printings.printing_links(pictured) if pictured else None,
    }
    context |= card_rulings.card_context(card, staff=is_staff(request))
    context |= card_parts(card, printings, printing, context["rules_editions"], data_date)
    return render(request, "cards/card_detail.html", context, using="jinja2")


def is_staff(request) -> bool:
    """Whether a staff member asks; a visitor without a session is never one, and asking them
    would read the session, which would keep the page out of the shared cache."""
    return settings.SESSION_COOKIE_NAME in request.COOKIES and request.user.is_staff


def choice_label(choices, value: str) -> str:
    """``value``'s label among ``choices``, as ``get_<field>_display()`` gives it without going
    through every choice; the value itself for one they do not have."""
    try:
        return choices(value).label
    except ValueError:
        return value


def card_by_other_name(slug):
    """A card's address by another of its names (the Italian one, a face's, an older
    translation's): a redirect to the card, or to the cards that share the name."""
    names = dict(
        CardName.objects.whole().filter(slug=slug).values_list("card_id", "name").order_by("name")
    )
    if not names:
        raise Http404("No card has this address.")
    if len(names) == 1:
        (card_id,) = names
        return redirect(Card.objects.only("slug").get(pk=card_id))
    # Several cards have this name (two translations that read alike): list them.
    query = " or ".join(f"!{quote(name)}" for name in sorted(set(names.values())))
    return redirect(f"{reverse('cards:card-list')}?{urlencode({'q': query})}")


@page_parameters(*CardFilter.base_filters)
@never_cache
@rate_limited("search", page_refusal)
@time_limited(page_refusal)
def random_card(request):
    """A card chosen at random: any card but tokens and the like, or one the query and facets
    find (``?q=t:drago``). A search that finds nothing says so on the search page."""
    card_filter = CardFilter(request.GET, queryset=CardSearch.objects.all())
    if card_filter.is_blank:
        cards = Card.objects.game_cards().filter(known_from_document__isnull=True)
    elif card_filter.is_unusable:
        context = {"filter": card_filter, "examples": search_examples()}
        return render_search(request, context, status=400)
    else:
        cards = card_filter.qs
    slugs = cards.order_by("pk").values_list("slug", flat=True)
    count = slugs.count()
    if not count:
        page = Paginator([], CARDS_PER_PAGE).get_page(1)
        context = {
            "filter": card_filter,
            "examples": search_examples(),
            "searched": True,
            "page_obj": page,
            "rows": [],
            "random_found_nothing": True,
        }
        return render_search(request, context)
    slug = slugs[random.randrange(count)]
    return redirect("cards:card-detail", slug)


def default_printing(card, printings):
    """The newest printing with Italian text, so both languages stand side by side; one whose
    Italian name is really translated first (some Italian entries keep the English name)."""
    italian = [p for p in printings if p.has_italian]
    translated = [p for p in italian if p.name_it != card.name]
    return next(iter(translated or italian or printings), None)


def set_list(request):
    return render(request, "cards/set_list.html", {"rows": set_rows()}, using="jinja2")


@page_parameters("view")
def set_detail(request, code):
    card_set = get_object_or_404(CardSet, code__iexact=code)
    if card_set.code.lower() != code:
        return redirect(card_set, permanent=True)
    # A token set's page lists its tokens; art-series objects are no cards and are not listed.
    view = result_view(request)
    if view == "images":
        rows, table_rows = printing_rows(card_set, with_images=True), []
        counted = Counter(row.rarity for row in rows)
    else:  # the table
        table = set_table_rows(card_set)
        rows, table_rows, counted = [], table.rows, table.rarities
    rarities = [
        Rarity(value).count_in_words(counted[value]) for value in Rarity.values if counted[value]
    ]
    return render(
        request,
        "cards/set_detail.html",
        {
            "set": card_set,
            "rows": rows,
            "table_rows": table_rows,
            "art_only": not (rows or table_rows) and card_set.printings.exists(),
            "rarities": rarities,
            "view": view,
            "card_images_enabled": card_images.images_enabled(),
        },
        using="jinja2",
    )


def about(request):
    """Where the data comes from, which version, under which licence, and when it came in: each
    kind of data's part (``web.data_age``: each part's template and its data, which the page's
    template includes)."""
    sections = data_age.about_sections()
    return render(request, "cards/about.html", {"sections": sections}, using="jinja2")
