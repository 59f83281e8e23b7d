"""Which language a request is answered in, so that an answer a shared cache may keep says
everything it depends on.

Django's ``LocaleMiddleware`` takes the language from the address (``/it/...``) and, for an
address without one, from the cookie of the admin's language switch, then from Accept-Language.
The public pages carry their language in the address, and the JSON API, public too and kept by
proxies (``Vary: Accept-Language``), follows ``?lang=`` or Accept-Language only: it never reads
the cookie, so a proxy cannot hand one visitor's Italian to the next. Any other answer whose
address names no language (the redirect from ``/``, a page not found, the admin) may follow the
cookie, and says so with ``Vary: Cookie``.
"""

from django.conf import settings
from django.middleware import locale
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language_from_path, get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

API_PREFIX = "/api/"


def browser_language(request) -> str:
    """The first of the site's languages the request's Accept-Language asks for, else the
    default one."""
    for code, _quality in parse_accept_lang_header(request.META.get("HTTP_ACCEPT_LANGUAGE", "")):
        if code == "*":
            break
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


def public_language(request) -> str:
    """The language of a public answer: the address's, else (the API) the browser's."""
    return get_language_from_path(request.path_info) or browser_language(request)


class LocaleMiddleware(locale.LocaleMiddleware):
    """Django's, except that the API never reads the language cookie and every other answer
    that may have read it says ``Vary: Cookie``."""

    def process_request(self, request):
        if not request.path_info.startswith(API_PREFIX):
            return super().process_request(request)
        translation.activate(browser_language(request))
        request.LANGUAGE_CODE = translation.get_language()
        return None

    def process_response(self, request, response):
        response = super().process_response(request, response)
        if not request.path_info.startswith(API_PREFIX) and not get_language_from_path(
            request.path_info
        ):
            patch_vary_headers(response, ("Cookie",))
        return response
