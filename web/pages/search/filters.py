"""The search form: the query box (``oracle.search``'s language) and the facets beside it.

A FilterSet is a form for a queryset (django-filter's guide). Every facet ANDs with the query
box and with the other facets. Facets that reach a to-many relation (types, keywords, sets,
rarities) filter through ``pk__in`` subqueries instead of joins: the outer query never needs
DISTINCT, so counting 24,000 cards stays cheap, and "set FUT, rarity rare" means one printing
that is both (rare in Future Sight), which two separate joins would not guarantee.

An invalid facet value (an unknown set code, letters in a mana value) is left out and reported
like the query's own problems; ``is_unusable`` says when nothing the request asked for could
be used, which the views answer with HTTP 400.
"""

import re
from dataclasses import replace
from functools import cached_property
from urllib.parse import urlencode

import django_filters
from django.core.paginator import Page
from django.db.models import Exists, OuterRef
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from oracle.models import (
    COLOR_ORDER,
    TOKEN_LAYOUTS,
    CardFace,
    CardSearch,
    CardSet,
    CardType,
    Keyword,
    Layout,
    Printing,
    Rarity,
)
from oracle.search import Problem, parse
from oracle.search.conditions import ColorCondition, NumberCondition, ordering
from oracle.search.conditions.ordering import name_key
from rulings.search_terms import SEARCH_TERMS
from web.pages.search import facets
from web.pages.search.facets import (
    COLOR_CHOICES,
    DIRECTION_CHOICES,
    ORDER_CHOICES,
    SORT_CHOICES,
    TYPE_NAMES,
    ColorMode,
)
from web.pages.search.form_fields import (
    MANA_VALUE_FIELD,
    ActiveFacet,
    CardSearchForm,
    SetCodeFilter,
    short_select_choices,
    without_nul,
)
from web.pages.search.found_cards import NameOrder, results_page

# The facets that narrow the cards; the other parameters (colour mode, order, direction, page)
# only change how the facets or the results behave.
FACETS = ("type", "keyword", "card_set", "color", "rarity", "mv_min", "mv_max", "layout")


# A top-level term of canonical query text: runs of plain characters and quoted phrases.
QUERY_TERM = re.compile(r'(?:[^\s"]+|"(?:[^"\\]|\\.)*")+')


class CardFilter(django_filters.FilterSet):
    """The search box and the facets of the card search page and of the JSON API.

    Choices and querysets are given as callables: each request deep-copies every filter and form
    field, and copying a callable is much cheaper than copying a list of translated labels or a
    queryset. The form's class, the same for every request, is made once (``get_form_class``).
    """

    q = django_filters.CharFilter(method="filter_query", label=_("Search"))
    type = django_filters.ChoiceFilter(
        method="filter_type",
        choices=lambda: list(TYPE_NAMES.items()),
        label=pgettext_lazy("card type", "Type"),
    )
    keyword = django_filters.ModelChoiceFilter(
        method="filter_keyword",
        queryset=lambda request: Keyword.objects.all(),
        to_field_name="slug",
        label=_("Keyword"),
    )
    card_set = SetCodeFilter(
        method="filter_set",
        queryset=lambda request: CardSet.objects.all(),
        label=pgettext_lazy("card set", "Set"),
    )
    color = django_filters.MultipleChoiceFilter(
        method="filter_color", choices=lambda: COLOR_CHOICES, label=_("Colours")
    )
    color_mode = django_filters.ChoiceFilter(
        method="keep", choices=lambda: ColorMode.CHOICES, empty_label=None, label=_("Colour match")
    )
    rarity = django_filters.ChoiceFilter(
        method="filter_rarity",
        choices=lambda: Rarity.choices,
        empty_label=_("any"),
        label=_("Rarity"),
    )
    mv_min = django_filters.NumberFilter(
        method="filter_mana_value", label=_("Mana value from"), **MANA_VALUE_FIELD
    )
    mv_max = django_filters.NumberFilter(
        method="filter_mana_value", label=_("Mana value up to"), **MANA_VALUE_FIELD
    )
    layout = django_filters.ChoiceFilter(
        field_name="layout",
        lookup_expr="exact",
        choices=lambda: Layout.choices,
        empty_label=_("any"),
        label=_("Layout"),
    )
    order = django_filters.ChoiceFilter(
        method="keep",
        choices=lambda: ORDER_CHOICES,
        empty_label=_("as in the query"),
        label=_("Sort by"),
    )
    dir = django_filters.ChoiceFilter(
        method="keep",
        choices=lambda: DIRECTION_CHOICES,
        empty_label=_("default"),
        label=_("Direction"),
    )
    # The page's one sort menu: an order and its direction together (order and dir stay for
    # the addresses and the API that name them apart).
    sort = django_filters.ChoiceFilter(
        method="keep",
        choices=lambda: SORT_CHOICES,
        empty_label=_("as the query says"),
        label=_("Sort by"),
    )

    class Meta:
        model = CardSearch
        fields = []
        form = CardSearchForm

    def __init__(self, data=None, *args, **kwargs):
        super().__init__(None if data is None else without_nul(data), *args, **kwargs)

    _form_class = None

    def get_form_class(self):
        """The form: a field per filter, none of which depends on the request (each form
        deep-copies its fields), so the class is made once."""
        cls = type(self)
        if cls.__dict__.get("_form_class") is None:
            cls._form_class = super().get_form_class()
        return cls._form_class

    # --- What was asked, and what could be used

    @cached_property
    def query_text(self) -> str:
        """The query box as typed (stripped), valid or not."""
        return str(self.data.get("q", "")).strip()

    @cached_property
    def query(self):
        """The parsed query box ("" when the box is empty or its text was refused)."""
        self.form.is_valid()
        return parse(self.form.cleaned_data.get("q") or "", SEARCH_TERMS)

    @cached_property
    def search(self):
        """The query with the sort selects applied: each one chosen replaces the order:/dir:
        written in the box (the canonical text prints them last, as order:mv dir:desc)."""
        order, direction = self._cleaned("order"), self._cleaned("dir")
        if self._cleaned("sort"):  # "mv-desc", or "relevance"
            order, direction = f"{self._cleaned('sort')}-".split("-")[:2]
        if not order and not direction:
            return self.query
        replaced = tuple(
            f"{key}:" for key, value in (("order", order), ("dir", direction)) if value
        )
        terms = [
            term for term in QUERY_TERM.findall(str(self.query)) if not term.startswith(replaced)
        ]
        terms += [f"order:{order}"] if order else []
        terms += [f"dir:{direction}"] if direction else []
        return parse(" ".join(terms), SEARCH_TERMS)

    @cached_property
    def given_facets(self) -> list[str]:
        return [name for name in FACETS if any(str(v).strip() for v in self.data.getlist(name))]

    @property
    def is_blank(self) -> bool:
        """Nothing to search for: no query text and no facet."""
        return not self.query_text and not self.given_facets

    @property
    def is_unusable(self) -> bool:
        """The query text could not be used at all, or nothing else that was asked could."""
        errors = self.form.errors
        if self.query_text and ("q" in errors or not self.query.is_usable):
            return True
        return bool(
            not self.query_text
            and self.given_facets
            and all(name in errors for name in self.given_facets)
        )

    @cached_property
    def problems(self) -> list[Problem]:
        problems = []
        for name, messages in self.form.errors.items():
            field = self.form.fields.get(name)
            raw = ", ".join(str(v) for v in self.data.getlist(name))
            if len(raw) > 60:
                raw = raw[:59] + "…"
            label = str(field.label) if field is not None else name
            for message in messages:
                problems.append(Problem(part=f"{label}: {raw}" if raw else label, message=message))
        # The box's own (``search`` is re-parsed text), then the names the database lacks.
        for problem in [*self.query.problems, *self.query.unknown_names()]:
            if problem.suggestion:
                problem = replace(problem, corrected=self._corrected(problem))
            problems.append(problem)
        return problems

    @property
    def canonical(self) -> str:
        """What is searched for, as query text: what the page prints above the results."""
        return str(self.search)

    def _corrected(self, problem) -> str:
        """The query text with the suggestion in place of the part it corrects."""
        for text in (self.query_text, str(self.query)):  # k:volar prints back as kw:volar
            if problem.part and problem.part in text:
                return text.replace(problem.part, problem.suggestion, 1)
        return f"{self.query} {problem.suggestion}".strip()

    def _cleaned(self, name):
        self.form.is_valid()
        return self.form.cleaned_data.get(name)

    @property
    def selected_colors(self) -> list[str]:
        return [str(value) for value in self.data.getlist("color")]

    @property
    def selected_color_mode(self) -> str:
        return self._cleaned("color_mode") or ColorMode.INCLUDING

    def active_facets(self) -> list[ActiveFacet]:
        """The facets in use, in words, each with the parameters that take it away."""
        self.form.is_valid()
        return self.form.active_facets(self.selected_color_mode)

    # --- Filtering

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        if not self._cleaned("q"):  # the query's scope, else filter_query's
            queryset = self.search.filter(queryset, self.with_tokens)
        return queryset.order_by(*self.order_keys)

    @cached_property
    def order_keys(self) -> list:
        """The order_by(): the query's, else by relevance (``Query.relevance``), else by name."""
        return self.search.ordering or (self.search.relevance or []) + ordering("name", "asc")

    def results_page(self, number: int, per_page: int) -> Page:
        """Page ``number`` (from 1; past the end, the last page) of the cards found, counted, as
        ``found_cards.FoundCard`` rows (``found_cards.results_page``)."""
        name_order = None
        if self.search.order in ("", "name") and self.search.relevance is None:
            descending = self.search.direction == "desc"
            name_order = NameOrder(name_key().name, descending)
        return results_page(self.qs, self.order_keys, number, per_page, name_order)

    @property
    def with_tokens(self) -> bool:
        """Tokens are searched when the layout filter asks for a token layout (or the query
        names them: ``Query.scope``)."""
        return self._cleaned("layout") in TOKEN_LAYOUTS

    def filter_query(self, queryset, name, value):
        return self.search.filter(queryset, self.with_tokens)

    def keep(self, queryset, name, value):
        """Parameters that change how others work (colour mode, order) filter nothing."""
        return queryset

    def filter_type(self, queryset, name, value):
        """Cards with a face of this type. A type most cards have (Creature) is tested card by
        card (EXISTS), so the first page sorted by name stops after 50; a rarer one as a list
        of card ids (IN), which is much faster when few cards match."""
        english = TYPE_NAMES[value]
        card_types = CardType.objects.filter(
            kind__in=[CardType.Kind.TYPE, CardType.Kind.SUPERTYPE], name=english
        )
        links = CardFace.card_types.through.objects.filter(cardtype__in=card_types.values("pk"))
        sizes = facets.cached("type-sizes", facets.type_sizes, self.data_fingerprint)
        if sizes.get(english, 0) * 3 > sizes.get("", 0):
            return queryset.filter(Exists(links.filter(cardface__card_id=OuterRef("pk"))))
        return queryset.filter(pk__in=links.values("cardface__card_id"))

    def filter_keyword(self, queryset, name, value):
        return queryset.filter(search_keywords__substring=f"\n{value.slug}\n")

    def filter_set(self, queryset, name, value):
        printings = Printing.objects.filter(card_set=value)
        rarity = self._cleaned("rarity")
        if rarity:
            printings = printings.filter(rarity=rarity)
        return queryset.filter(pk__in=printings.values("card_id"))

    def filter_rarity(self, queryset, name, value):
        if self._cleaned("card_set"):
            return queryset  # filter_set asks for one printing with both
        return queryset.filter(pk__in=Printing.objects.filter(rarity=value).values("card_id"))

    def filter_color(self, queryset, name, value):
        """As the query's c: (``ColorCondition``: a double-faced card by each face's colours):
        including is c>=, exactly c=, at most c<=; only "colourless" is c=c."""
        letters = "".join(letter for letter in COLOR_ORDER if letter in value).lower()
        mode = self._cleaned("color_mode") or ColorMode.INCLUDING
        op = {ColorMode.EXACTLY: "=", ColorMode.AT_MOST: "<="}.get(mode, ">=")
        condition = ColorCondition("c", op, letters) if letters else ColorCondition("c", "=", "c")
        return queryset.filter(condition.to_q())

    def filter_mana_value(self, queryset, name, value):
        """As the query's mv (``NumberCondition``: a modal double-faced card by each face)."""
        op = ">=" if name == "mv_min" else "<="
        return queryset.filter(NumberCondition("mv", op, value).to_q())

    # --- What the selects offer, and what they show chosen. The options of the long selects
    # (sets, keywords, types) are read once per language and data fingerprint, and kept in the
    # cache for OPTIONS_TTL.

    color_choices = COLOR_CHOICES
    color_modes = ColorMode.CHOICES
    options_seconds = facets.OPTIONS_TTL  # how long the long selects stay rendered

    @cached_property
    def data_fingerprint(self) -> str:
        return facets.data_fingerprint()

    def long_options(self) -> dict[str, list]:
        """What the type and keyword selects offer, (label, [(value, label)]) groups, and the
        set select, (value, label) pairs."""
        builds = {
            "type": facets.type_groups,
            "keyword": facets.keyword_groups,
            "card_set": facets.set_choices,
        }
        language = get_language()
        return {
            name: facets.cached(f"choices-{name}-{language}", build, self.data_fingerprint)
            for name, build in builds.items()
        }

    def long_selects_key(self) -> tuple[str, ...]:
        """What the long selects show chosen, of what they offer: the key they are kept rendered
        under (``{% cache %}`` in card_list.html). A value they do not offer chooses nothing,
        so it is the key of none, and made-up values add no entries to the cache."""
        offered = self.long_options()
        kept = []
        for name, pairs in (
            ("type", [pair for _label, group in offered["type"] for pair in group]),
            ("keyword", [pair for _label, group in offered["keyword"] for pair in group]),
            ("card_set", offered["card_set"]),
        ):
            chosen = self.selected[name]
            kept.append(chosen if any(value == chosen for value, _label in pairs) else "")
        return tuple(kept)

    @cached_property
    def choices(self) -> dict[str, list]:
        """The short selects' (value, label) pairs, the first one empty, by parameter (made once
        per page: the template asks for them select by select)."""
        return short_select_choices(self.get_form_class())

    @cached_property
    def selected(self) -> dict[str, str]:
        """The value each select shows chosen, by parameter: as given ("" when absent), the set
        by its code as stored ("fut" chooses FUT), the type in lower case."""
        chosen = {name: str(self.data.get(name, "") or "") for name in self.filters}
        card_set = self._cleaned("card_set")
        chosen["card_set"] = card_set.code if card_set else ""
        chosen["type"] = chosen["type"].lower()
        if self.search.order in ("", "relevance") and chosen["sort"] in ("", "relevance"):
            chosen["sort"] = "relevance" if self.search.relevance is not None else ""
        elif self.search.order and not chosen["sort"]:  # order:, dir: written in the box
            chosen["sort"] = f"{self.search.order}-{self.search.direction or 'asc'}"
        return chosen

    @property
    def query_only(self) -> str:
        """The query string of this search without its facets: ``q=...``."""
        return urlencode({"q": self.query_text})
