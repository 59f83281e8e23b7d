"""The Content-Security-Policy every response carries (Django's ContentSecurityPolicyMiddleware
sends ``settings.SECURE_CSP``): the site's own files, plus the card image hosts when card
pictures are on, nothing else.

No inline script, style attribute or ``<style>`` element is allowed: scripts and styles are
static files. The one exception is the 500 page's ``<style>`` block, allowed by its hash, since
that page must stand without static files (``oracle/tests/test_security_policy.py`` checks the
hash against the template).
"""

from django.utils.csp import CSP

ERROR_PAGE_STYLE_HASH = "'sha256-lQgWvw7JURyPM0bqj1Nb2CxYoNQ+JjkCuhPQhfbezEQ='"


def origin(url: str) -> str:
    """ "https://cards.scryfall.io/normal" -> "https://cards.scryfall.io"."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


def content_security_policy(image_urls) -> dict[str, list[str]]:
    """The policy, for pictures from these addresses (none when pictures are off)."""
    image_origins = sorted({origin(url) for url in image_urls})
    return {
        "default-src": [CSP.SELF],
        "img-src": [CSP.SELF, *image_origins],
        "style-src": [CSP.SELF, ERROR_PAGE_STYLE_HASH],
        "script-src": [CSP.SELF],
        "font-src": [CSP.SELF],
        "object-src": [CSP.NONE],
        "base-uri": [CSP.SELF],
        "form-action": [CSP.SELF],
        "frame-ancestors": [CSP.NONE],
    }
