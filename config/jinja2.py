"""The Jinja2 environment of the templates in ``templates/jinja2/``: the partials a page repeats
hundreds of times (a section's rule tree, the glossary, the keyword table), rendered by a view
and handed to its Django template as already-safe HTML (``render_partial``).

Escaping is Django's: a value with ``__html__`` (a SafeString, Markup) is written as it is,
anything else escaped as Django's templates escape it, so a partial writes the same bytes its
Django-template version wrote. ``_()``, ``gettext``, ``ngettext``, ``pgettext`` and
``{% trans %}`` translate with Django's catalogues. Write translatable words as ``_("...")``
with no arguments: makemessages reads those in any ``.html`` file under the project, Jinja2's
included, but not ``_("... %(x)s", x=...)`` nor ``{% trans %}``; translate a sentence with
values in Python and hand it to the partial.

``macro`` hands Python a template's macro as a function: the text renderers
(``oracle.text_pieces``) make their markup with them.
"""

import html
from collections.abc import Callable

from django.template import engines
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from jinja2 import Environment
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


def environment(**options) -> Environment:
    env = Environment(
        extensions=["jinja2.ext.i18n"],
        finalize=escape_like_django,
        keep_trailing_newline=True,  # as Django's templates do
        **options,
    )
    env.install_gettext_translations(translation, newstyle=True)
    return env


def render_partial(template_name: str, context: dict) -> SafeString:
    """A Jinja2 partial's HTML, safe to write in a Django template."""
    return mark_safe(render_to_string(template_name, context, using="jinja2"))


_macros: dict[tuple[str, str], Callable[..., SafeString]] = {}


def macro(template_name: str, name: str) -> Callable[..., SafeString]:
    """The macro ``name`` of a Jinja2 template, as a function that returns safe HTML (looked up
    once, unless templates are reloaded as they change)."""
    found = _macros.get((template_name, name))
    if found is not None:
        return found
    env = engines["jinja2"].env
    jinja_macro = getattr(env.get_template(template_name).module, name)

    def render(*args, **kwargs) -> SafeString:
        return SafeString(jinja_macro(*args, **kwargs))

    if not env.auto_reload:
        _macros[(template_name, name)] = render
    return render
