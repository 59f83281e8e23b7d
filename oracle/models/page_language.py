"""Which language's words a page shows: the Italian ones on an Italian page when there are any,
else the English."""

from django.utils.translation import get_language


def is_italian_page() -> bool:
    return (get_language() or "en").startswith("it")


def joined_name(face_names) -> str:
    """Face names joined like an Oracle name ("Tramonto // Alba"); "" if any is missing."""
    face_names = list(face_names)
    return " // ".join(face_names) if face_names and all(face_names) else ""


def names_for_page(english: str, italian: str, italian_page: bool | None = None) -> tuple[str, str]:
    """(the name to show, the other language's name or "") for the page's language
    (``italian_page``, when the caller knows it already: long lists ask once)."""
    if italian_page is None:
        italian_page = is_italian_page()
    shown = italian if italian_page and italian else english
    other = english if shown != english else italian
    return shown, other if other != shown else ""


def localized(obj, field):
    """The Italian value of ``field`` on an Italian page when there is one, else the English."""
    if is_italian_page():
        value = getattr(obj, f"{field}_it", "")
        if value:
            return value
    return getattr(obj, field)
