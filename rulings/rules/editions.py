"""Which edition of the rules a page reads.

Every rules page reads one edition (``?edition=2007-05-01``; the current one by default). The
English editions are the ones to read; an Italian edition is shown beside the English of the
same date, and an Italian edition with no English edition that day (a partial edition quoted by
an old release note) is read in the official edition in force on its date.

``EditionChoices`` holds every edition (two queries per request: ``EditionChoices.load()``)
and answers those questions; ``reads_an_edition`` gives a view the edition asked for, or
answers for it when there is none.
"""

from dataclasses import dataclass
from functools import cached_property, wraps

from django.db.models import QuerySet
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from oracle.models import is_italian_page
from rulings.models import Language, RulesEdition
from rulings.models.rules import OFFICIAL

MAIN_LANGUAGE = Language.ENGLISH  # Wizards publishes the rules in English


@dataclass
class EditionChoices:
    """Every rules edition and the choices a page offers from them."""

    official: QuerySet  # RulesEdition.objects.official(), read once
    others: list[RulesEdition]  # the other editions (translations, partial ones)

    @classmethod
    def load(cls):
        """Every edition, in two queries: the official ones, then the others."""
        official = RulesEdition.objects.official()
        return cls(official, list(RulesEdition.objects.exclude(OFFICIAL)))

    @cached_property
    def rows(self) -> list[RulesEdition]:
        """Every edition, newest first (English before Italian on the same date)."""
        return sorted(
            [*self.official, *self.others],
            key=lambda edition: (-edition.effective_date.toordinal(), edition.language),
        )

    @cached_property
    def readable(self) -> list[RulesEdition]:
        """The editions one can read, newest first: the English ones (any, if none is)."""
        english = [e for e in self.rows if e.language == MAIN_LANGUAGE]
        return english or self.rows

    @cached_property
    def current(self) -> RulesEdition | None:
        """The current edition (``RulesEdition.objects.official().in_force()``); None when
        there are no official rules."""
        return self.official.in_force()

    def get(self, slug: str) -> RulesEdition | None:
        return next((e for e in self.readable if e.slug == slug), None)

    def by_pk(self, pk: int) -> RulesEdition | None:
        return next((e for e in self.rows if e.pk == pk), None)

    def twin(self, edition: RulesEdition, language: str) -> RulesEdition | None:
        """The edition of the same date in another language (the Italian translation)."""
        if edition.language == language:
            return None
        return next(
            (
                e
                for e in self.rows
                if e.language == language and e.effective_date == edition.effective_date
            ),
            None,
        )

    def query(self, edition: RulesEdition) -> str:
        """What links add to read ``edition``: nothing for the current one."""
        return "" if edition == self.current else f"?edition={edition.slug}"

    def read_in(self, edition: RulesEdition) -> RulesEdition:
        """The official edition a translation of another date is read in: the one in force on
        its date (the Onslaught FAQ of October 2002 quotes the rules as Italian players read
        them then: that is the oldest edition here, May 2007)."""
        return self.official.in_force(edition.effective_date)

    def unreadable(self, slug: str) -> RulesEdition | None:
        """An edition of that date that is only a translation (no English edition that day)."""
        return next((e for e in self.rows if e.slug == slug and e not in self.readable), None)

    def italian_sources(self, edition: RulesEdition) -> list[RulesEdition]:
        """The Italian editions whose text is shown beside ``edition``, best first: the one of
        the same date, then the partial ones read in it (release notes, FAQs quoting the rules
        of their time), newest first."""
        twin = self.twin(edition, Language.ITALIAN)
        read_here = [
            e
            for e in self.rows
            if e.language == Language.ITALIAN and e != twin and self.read_in(e) == edition
        ]
        return ([twin] if twin else []) + read_here


class EditionNotFound(Exception):
    def __init__(self, slug: str):
        self.slug = slug


def requested_edition(request, editions: EditionChoices) -> RulesEdition:
    """The edition ``?edition=`` names (the current one when it names none)."""
    slug = request.GET.get("edition", "").strip()
    if not slug:
        return editions.current
    edition = editions.get(slug)
    if edition is None:
        raise EditionNotFound(slug)
    return edition


def italian_twin(editions: EditionChoices, edition: RulesEdition) -> RulesEdition | None:
    """The Italian text to show beside the English, on Italian pages only."""
    return editions.twin(edition, Language.ITALIAN) if is_italian_page() else None


def italian_sources(editions: EditionChoices, edition: RulesEdition) -> list[RulesEdition]:
    """Every Italian edition a rule page may take its Italian text from, on Italian pages."""
    return editions.italian_sources(edition) if is_italian_page() else []


def not_found(request, message: str, editions: EditionChoices | None = None):
    context = {"message": message, "editions": editions.readable if editions else []}
    return render(request, "rules/rule_not_found.html", context, status=404, using="jinja2")


def edition_not_found(request, error: EditionNotFound, editions: EditionChoices):
    message = _("There is no edition of the rules dated “%(date)s”.") % {"date": error.slug}
    return not_found(request, message, editions)


def no_rules(request):
    return render(request, "rules/no_rules.html", status=404, using="jinja2")


def redirect_to_edition(request, editions: EditionChoices, edition: RulesEdition):
    """The same page in ``edition``: where a translation of a date with no English edition
    (``?edition=2002-10-07``) is read, with its text beside the English on Italian pages."""
    params = request.GET.copy()
    if edition == editions.current:
        params.pop("edition", None)
    else:
        params["edition"] = edition.slug
    query = params.urlencode()
    return redirect(f"{request.path}?{query}" if query else request.path)


def reads_an_edition(view):
    """Call ``view(request, editions, edition, ...)`` with the edition asked for
    (``?edition=2007-05-01``, the current one by default), or answer instead when there are
    no rules yet or no edition of that date."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        editions = EditionChoices.load()
        if editions.current is None:
            return no_rules(request)
        try:
            edition = requested_edition(request, editions)
        except EditionNotFound as error:
            translation = editions.unreadable(error.slug)
            if translation is not None:
                return redirect_to_edition(request, editions, editions.read_in(translation))
            return edition_not_found(request, error, editions)
        return view(request, editions, edition, *args, **kwargs)

    return wrapper


def edition_context(editions: EditionChoices, edition: RulesEdition) -> dict:
    """What every rules page's template reads about the edition it shows (the edition form,
    the notice on an older edition's page, the links' query)."""
    return {
        "edition": edition,
        "editions": editions.readable,
        "current_edition": editions.current,
        "is_current": edition == editions.current,
        "query": editions.query(edition),
    }
