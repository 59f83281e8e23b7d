from django.conf import settings
from django.urls import translate_url

from web.data_age import footer_lines


def language_links(request):
    """The current page in each interface language, for the language switch."""
    path = request.get_full_path()
    return {
        "language_links": [
            (code, name, translate_url(path, code)) for code, name in settings.LANGUAGES
        ]
    }


def data_age(request):
    """The footer's sentences on the data's age; read only when a template shows them."""
    return {"data_age_lines": lambda: footer_lines(request)}
