"""``{% cache seconds, "name", key, ... %} ... {% endcache %}`` in the Jinja2 templates: the
markup of the block kept in Django's default cache for ``seconds``, as Django's own
``{% cache %}`` keeps a fragment of its templates. The block is rendered again when any part of
its key differs: the name and the values after it, and the active language, always part of the
key since the block's words are translated.

Kept for a block that costs more to render than to read back and whose markup depends on its
key alone: the search form's long selects (hundreds of sets, keywords and types), keyed by the
data's fingerprint and the options shown chosen. A cache that refuses renders the block
(``web.cache_errors``)."""

import hashlib

from django.core.cache import cache
from django.utils.translation import get_language
from jinja2 import nodes
from jinja2.ext import Extension
from markupsafe import Markup

from web import cache_errors


class FragmentCache(Extension):
    tags = {"cache"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        parts = [parser.parse_expression()]
        while parser.stream.skip_if("comma"):
            parts.append(parser.parse_expression())
        body = parser.parse_statements(("name:endcache",), drop_needle=True)
        kept = self.call_method("_kept", [nodes.List(parts)])
        return nodes.CallBlock(kept, [], [], body).set_lineno(lineno)

    def _kept(self, parts: list, caller) -> Markup:
        seconds, *key = parts
        digest = hashlib.sha256(repr([get_language(), *key]).encode()).hexdigest()
        markup = cache_errors.kept(cache, f"web:fragment:{digest}", lambda: str(caller()), seconds)
        return Markup(markup)
