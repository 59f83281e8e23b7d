"""A rule in every edition that has it, and a word diff between two of them."""

from collections.abc import Iterable

from django.utils.translation import gettext as _

from web.pages.rules.page import RulePage, rule_url
from web.rendering.markup import word_diff
from web.rendering.text_pieces import strip_example_label


def compare_context(page: RulePage, slug: str) -> dict:
    """The wording of the rule in every edition that has it (under the number it had there),
    and a word diff between this edition and another."""
    this = page.versions_by_edition.get(page.edition.pk)
    own_query = page.editions.query(page.edition)
    separator = "&" if own_query else "?"
    versions = [
        {
            "edition": version.edition,
            "number": version.number,
            "words": version.words,
            "wording": wording(version.section),
            "url": rule_url(version.number, page.editions.query(version.edition)),
            "compare_url": rule_url(
                page.node.number,
                f"{own_query}{separator}compare={version.edition.slug}#compare",
            ),
        }
        for version in page.versions
    ]
    others = [version for version in page.versions if version.edition != page.edition]
    context = {
        "versions": versions,
        "other_rules": [
            {
                "edition": version.edition,
                "title": version.section.title,
                "url": rule_url(version.number, page.editions.query(version.edition)),
            }
            for version in page.other_rules
        ],
        "compare_with": None,
        "compare_choices": [version.edition for version in others],
        "compare_default": others[0].edition if others else None,
        "compare_error": "",
    }
    if not slug:
        return context
    if slug == "today":
        # An old rule against the current rule it became, whatever its number now (on a page
        # of the current rules, that is the page itself: "choose two different editions").
        current = page.today.section if page.today else page.node.section
        slug = page.editions.current.slug if current is not None else slug
    other = next((v for v in page.versions if v.edition.slug == slug), None)
    if other is None:
        context["compare_error"] = _(
            "Rule %(number)s is not in the rules dated “%(date)s”: nothing to compare."
        ) % {"number": page.node.number, "date": slug}
        return context
    if other.edition == page.edition:
        context["compare_error"] = _("Choose two different editions to compare.")
        return context
    older, newer = sorted([this, other], key=lambda version: version.edition.effective_date)
    context.update(
        compare_with=other.edition,
        compare_default=other.edition,
        compare_from=(older.edition, older.number),
        compare_to=(newer.edition, newer.number),
        compare_diff=word_diff(
            comparable_quotes(wording(older.section)), comparable_quotes(wording(newer.section))
        ),
    )
    return context


def wording(section) -> str:
    return comparable_text(section.title, section.text, section.examples)


def comparable_text(title: str, text: str, examples: Iterable[str]) -> str:
    """The wording of a rule as one text, for comparing editions word by word."""
    parts = [title, text, *(f"Example: {strip_example_label(example)}" for example in examples)]
    return "\n".join(part for part in parts if part)


TYPOGRAPHIC_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})


def comparable_quotes(text: str) -> str:
    """Typographic quotes and apostrophes as plain ones: older editions use straight quotes,
    newer ones curly, and a word diff should not mark every "card's" as changed."""
    return (text or "").translate(TYPOGRAPHIC_QUOTES)
