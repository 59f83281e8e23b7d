"""``/<lang>/manifest.webmanifest``: the web app manifest in the page's language, which every
page names in its head (``<link rel="manifest">``) so that a phone's browser may offer to
install Oracolo. It opens on the home page of its language; its scope is the whole site, both
languages, so that links from one to the other stay in the app."""

from django.http import JsonResponse
from django.urls import reverse
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from web.jinja2 import static_url
from web.json_views import get_only

# base.css's --bg, and the favicon's red (the browser's bar while the app runs).
BACKGROUND = "#fbfaf7"
THEME = "#8c2f12"
ICONS = (
    ("offline/icons/icon-192.png", "192x192", "any"),
    ("offline/icons/icon-512.png", "512x512", "any"),
    ("offline/icons/icon-maskable-512.png", "512x512", "maskable"),
)


@get_only
def web_manifest(request):
    manifest = {
        "name": pgettext("site name", "Oracolo"),
        "short_name": pgettext("site name", "Oracolo"),
        "description": _(
            "Magic: The Gathering Oracle card text, rulings and errata in English and Italian."
        ),
        "lang": get_language(),
        "start_url": reverse("cards:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            {"src": static_url(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    return JsonResponse(
        manifest,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
