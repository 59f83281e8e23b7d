from django.conf import settings
from django.urls import translate_url


def language_links(request):
    """The current page in each interface language, for the language switch."""
    path = request.get_full_path()
    return {
        "language_links": [
            (code, name, translate_url(path, code)) for code, name in settings.LANGUAGES
        ]
    }
