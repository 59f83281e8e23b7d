"""The admin's messages in correct Italian for models whose Italian name is feminine.

Django's admin says "The card “Tarox Bladewing” was changed successfully." with one Italian
translation for every model, in the masculine ("Il carta ... è stato modificato"). A model admin
that mixes in ``ItalianMessages`` and names its article (``italian_article = "la"``, or "l'"
before a vowel) says it as Italian does: "La carta «Tarox Bladewing» è stata modificata."

The messages are recognised by the Italian text Django's catalogue (or ours) gives them, so the
mixin only rewrites a message it is sure of and leaves every other one as it is. A message that
came as plain text (a deletion's, the history editing's revert: the object's name as an editor
or an import wrote it) stays plain text, escaped where it is shown.
"""

import re
from functools import cache

from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

ADDED = "The {name} “{obj}” was added successfully."
CHANGED = "The {name} “{obj}” was changed successfully."
EDIT_AGAIN = "You may edit it again below."
DELETED = "The %(name)s “%(obj)s” was deleted successfully."
ADDED_ADD_ANOTHER = "The {name} “{obj}” was added successfully. You may add another {name} below."
CHANGED_ADD_ANOTHER = (
    "The {name} “{obj}” was changed successfully. You may add another {name} below."
)
CHANGED_EDIT_AGAIN = "The {name} “{obj}” was changed successfully. You may edit it again below."
# The history's revert (django-simple-history): its own words, then " - " and "edit again".
REVERTED = 'The %(name)s "%(obj)s" was changed successfully.'
REVERTED_EDIT_AGAIN = "You may edit it again below"


def english_forms():
    """Each message as Django builds it (English pieces, joined as the admin joins them), with
    what it says of a feminine name in Italian."""
    return [
        ((ADDED, " ", EDIT_AGAIN), "{article}{name} «{obj}» è stata aggiunta. {again}"),
        ((CHANGED_EDIT_AGAIN,), "{article}{name} «{obj}» è stata modificata. {again}"),
        ((ADDED_ADD_ANOTHER,), "{article}{name} «{obj}» è stata aggiunta. {another}"),
        ((CHANGED_ADD_ANOTHER,), "{article}{name} «{obj}» è stata modificata. {another}"),
        ((ADDED,), "{article}{name} «{obj}» è stata aggiunta."),
        ((CHANGED,), "{article}{name} «{obj}» è stata modificata."),
        ((DELETED,), "{article}{name} «{obj}» è stata eliminata."),
        ((REVERTED, " - ", REVERTED_EDIT_AGAIN), "{article}{name} «{obj}» è stata ripristinata."),
    ]


def pattern_for(translated: str) -> re.Pattern:
    """A regex matching the translated message, its name and object captured."""
    parts = re.split(r"(\{name\}|\{obj\}|%\(name\)s|%\(obj\)s)", translated)
    regex, seen = "", set()
    for part in parts:
        if part in ("{name}", "%(name)s"):
            regex += "(?P=name)" if "name" in seen else "(?P<name>.+?)"
            seen.add("name")
        elif part in ("{obj}", "%(obj)s"):
            regex += "(?P<obj>.+)"
        else:
            # Django's Italian uses straight quotes where the English has curly ones.
            regex += re.sub(r'\\?["“”]', '["“”]', re.escape(part))
    return re.compile(regex, re.S)


@cache
def feminine_rules(language: str):
    """(pattern of the message in ``language``, its feminine form), most specific first."""
    rules = []
    for pieces, feminine in english_forms():
        translated = "".join(_(piece) if piece.strip(" -") else piece for piece in pieces)
        rules.append((pattern_for(translated), feminine))
    return rules


def feminine(message: str, article: str) -> str | None:
    """The message said of a feminine name, or None when it is not one of the admin's."""
    for pattern, form in feminine_rules(get_language()):
        found = pattern.fullmatch(message)
        if found:
            article = article if article.endswith("'") else article + " "
            return form.format(
                article=article[0].upper() + article[1:],
                name=found["name"],
                obj=found["obj"],
                again="Qui sotto puoi modificarla di nuovo.",
                another="Qui sotto puoi aggiungerne un'altra.",
            )
    return None


class ItalianMessages:
    """Admin mixin: success messages agree with the model's feminine Italian name."""

    italian_article = ""  # "la", "l'": the model's Italian name is feminine

    def message_user(self, request, message, *args, **kwargs):
        if self.italian_article and (get_language() or "").startswith("it"):
            said = feminine(str(message), self.italian_article)
            if said is not None:
                # The admin builds a saved object's message as HTML (its name escaped, in a
                # link) and a deletion's as plain text, the name as it is: the words said
                # again stay HTML or text as they came.
                message = mark_safe(said) if isinstance(message, SafeData) else said
        return super().message_user(request, message, *args, **kwargs)
