"""The Jinja2 environment of the templates in ``templates/jinja2/``: the public pages (their
frame is ``base.html``) and the partials a page repeats hundreds of times. Django's template
engine is kept for the admin. A view renders a page with ``render(request, "app/page.html",
context, using="jinja2")``.

What Django's templates had, a Jinja2 page has under the same names: the filters of
``mana``, ``rules_text`` (``text|rules_text(rule_links=True, edition=...)`` links its rule
numbers), ``diff`` (``old|diff(new)``), ``mended``,
``long_date``, ``italian_dates``, ``colors``, and Django's ``capfirst``, ``date``,
``floatformat``, ``intcomma``, ``linebreaksbr`` and ``truncatechars``; the functions
``url(name, *args, **kwargs)``, ``static(path)``, ``querystring(...)`` (Django's tag:
``request.GET`` changed by keyword arguments, ``None`` removing a key) and
``language_info(code)``; and, from the engine's context processors (settings.TEMPLATES),
``request``, ``csrf_input``, ``LANGUAGE_CODE``, ``language_links`` and ``data_age_lines()``.

Escaping is Django's: a value with ``__html__`` (a SafeString, Markup) is written as it is,
anything else escaped as Django's templates escape it, so a partial writes the same bytes its
Django-template version wrote. ``_()``, ``gettext``, ``ngettext``, ``pgettext`` and
``{% trans %}`` translate with Django's catalogues, and the project's makemessages finds them
all (oracle/management/commands/makemessages.py).

Python renders no template's macro: a view passes data, and its template renders it with the
macros and partials of ``templates/jinja2/``; card text becomes markup through the filters
above, which are ``web.rendering.markup``'s functions.
"""

import html
from functools import cache

from django.conf import settings
from django.contrib.humanize.templatetags.humanize import intcomma
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template import defaultfilters
from django.template.defaulttags import querystring as django_querystring
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.timezone import template_localtime
from jinja2 import Environment, Undefined, pass_context
from markupsafe import Markup


def escape_like_django(value):
    """Every ``{{ value }}``, before Jinja2's own escaping, which writes <, > and & as Django
    does and leaves Markup alone: quotes are written as Django writes them (&#x27; and &quot;,
    not &#39; and &#34;) here, only in the text that has some, the partials' output being
    large."""
    if type(value) is str:
        if "'" in value or '"' in value:
            return Markup(html.escape(value))
        return value
    if type(value) is int or hasattr(value, "__html__"):
        return value
    return escape_like_django(str(value))


class UndefinedPrintedFails(Undefined):
    """The tests' undefined: printing a variable the view never passed fails, where DEBUG's
    default (``DebugUndefined``) would write ``{{ q }}`` into the page. Asking whether it is
    set (``{% if q %}``, ``q or ""``) and ``default()`` still work."""

    __slots__ = ()

    def __str__(self):
        self._fail_with_undefined_error()


def environment(**options) -> Environment:
    # Read when the engine starts, not when Django's settings import this module.
    from common import dates
    from oracle import printed_text
    from web.rendering import card_text, markup

    # Outside the tests an undefined variable prints nothing, DEBUG or not.
    options["undefined"] = UndefinedPrintedFails if settings.TESTING else Undefined
    env = Environment(
        extensions=["jinja2.ext.i18n", "web.fragment_cache.FragmentCache"],
        finalize=escape_like_django,
        keep_trailing_newline=True,  # as Django's templates do
        **options,
    )
    env.install_gettext_translations(translation, newstyle=True)
    env.globals.update(
        url=url,
        static=static_url,
        querystring=querystring,
        language_info=translation.get_language_info,
    )
    env.filters.update(
        capfirst=defaultfilters.capfirst,
        date=date,
        floatformat=defaultfilters.floatformat,
        intcomma=intcomma,
        linebreaksbr=defaultfilters.linebreaksbr,
        truncatechars=defaultfilters.truncatechars,
    )
    env.filters.update(
        mana=markup.mana,
        rules_text=markup.rules_text,
        diff=markup.word_diff,
        mended=printed_text.mend_symbols,
        long_date=dates.long_date,
        italian_dates=italian_dates,
        colors=card_text.color_names,
    )
    return env


def italian_dates(html):
    """Elides the article before 8 and 11 in Italian dates on Italian pages ("dall’11 luglio")."""
    from oracle.models import is_italian_page
    from web.rendering.card_text import elide_italian_dates

    return elide_italian_dates(html) if is_italian_page() else html


def date(value, arg=None) -> str:
    """Django's ``date`` filter, given an aware datetime in the current time zone as Django's
    templates give it (the filter ``expects_localtime``)."""
    return defaultfilters.date(template_localtime(value), arg)


@cache
def static_url(path: str) -> str:
    """``{% static %}``: a static file's address, which stays the same while the server runs (the
    storage reads its manifest once), so it is worked out once per file."""
    return static(path)


@receiver(setting_changed)
def _forget_static_urls(setting, **kwargs):
    if setting in {"STATIC_URL", "STATIC_ROOT", "STORAGES"}:
        static_url.cache_clear()


def url(name: str, *args, **kwargs) -> str:
    """``{% url %}``: the path of the view ``name`` ("cards:card-detail")."""
    return reverse(name, args=args or None, kwargs=kwargs or None)


@pass_context
def querystring(context, *mappings, **changes) -> str:
    """Django's ``{% querystring %}``: "?" and the query of ``mappings`` (the request's own
    when none is given) with ``changes`` made."""
    return django_querystring(_RequestHolder(context["request"]), *mappings, **changes)


class _RequestHolder:
    """What Django's querystring reads of a template context: its request."""

    def __init__(self, request):
        self.request = request
