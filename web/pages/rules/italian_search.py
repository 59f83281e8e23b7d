"""Italian words in a rules search, and the rules they lead to.

The Comprehensive Rules are read in English; an Italian player searches them with the game's
Italian words. A search finds its rules through what Oracolo knows of those words:

- the Italian names of keywords and card types (``Keyword.name_it``, ``CardType.name_it``:
  "metamorfosi" is Morph, rule 702.37; "stregoneria" is Sorcery, rule 307);
- the Italian game terms of ``italian_game_terms`` ("faccia in giù" is the glossary's Face Down,
  whose rules the glossary cites);
- on Italian pages, the Italian rule texts the documents quote (partial Italian editions of
  older dates), their rules followed to today's numbers by the old-number mappings: the
  Onslaught FAQ's 504, "Magie e Permanenti a Faccia in Giù", is 708 today.

Names are matched as whole words, without case, accents or kinds of apostrophe, the longest
first ("costo di mana" before "mana"), in the singular or in the plural ("creature" finds
Creatura). Each match says which Italian words led to which rule (``Explanation``).
"""

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from common.dates import long_date
from common.text import fold_apostrophes
from oracle.models import CardType, Keyword
from rulings.models import GlossaryEntry, Language, RuleMapping, RulesEdition
from rulings.rules.citations import cited_numbers
from rulings.rules.italian_game_terms import GAME_TERMS
from web.pages.rules.excerpts import matches_all
from web.pages.rules.italian_texts import LIKELY_MATCH

MAX_TERM_WORDS = 6
# Articles and prepositions: a query of names and these asks for the names alone.
LINKING_WORDS = {
    "a", "ad", "al", "alla", "con", "da", "dal", "dalla", "di", "del", "della", "e", "ed", "il",
    "in", "l", "la", "le", "lo", "gli", "i", "nel", "nella", "per", "su", "sul", "un", "una",
}  # fmt: skip
KEYWORD, CARD_TYPE, GAME_TERM = "keyword", "card type", "game term"

# (number, folded title, folded title + text) for each rule of an edition: rule_search's index.
RulesIndex = Iterable[tuple[str, str, str]]


def words_of(text: str) -> list[str]:
    return re.findall(r"\w+", fold_apostrophes(text or ""))


def plural_forms(word: str) -> set[str]:
    """The Italian plurals a singular may take: creatura -> creature, permanente -> permanenti,
    segnalino -> segnalini, magia -> magie; short words and other endings stay as they are."""
    if len(word) < 4:
        return set()
    stem, last = word[:-1], word[-1]
    return {"a": {stem + "e"}, "o": {stem + "i"}, "e": {stem + "i"}}.get(last, set())


@dataclass(frozen=True)
class Term:
    italian: str  # as Oracolo writes it: "Metamorfosi", "faccia in giù"
    english: str  # "Morph", "Face Down"
    kind: str  # KEYWORD, CARD_TYPE or GAME_TERM
    rule: str = ""  # the rule number Oracolo holds for it (keywords), "" if none


def known_terms() -> list[Term]:
    """Every Italian name Oracolo knows: keywords, then card types, then game terms."""
    keywords = Keyword.objects.exclude(name_it="").values_list("name_it", "name", "rule_number")
    types = CardType.objects.exclude(name_it="").values_list("name_it", "name")
    return [
        *(Term(italian, english, KEYWORD, rule) for italian, english, rule in keywords),
        *(Term(italian, english, CARD_TYPE) for italian, english in types if italian != english),
        *(Term(italian, english, GAME_TERM) for italian, english in GAME_TERMS),
    ]


def term_index(terms: list[Term]) -> dict[tuple[str, ...], Term]:
    """Each term by its folded words, singular and plural; the first term named so wins."""
    index = {}
    english = {tuple(words_of(term.english)) for term in terms}
    for term in terms:
        words = words_of(term.italian)
        if not words or words == words_of(term.english):
            continue  # an Italian name that is the English one says nothing new
        index.setdefault(tuple(words), term)
        for plural in plural_forms(words[0]):
            index.setdefault((plural, *words[1:]), term)
        if len(words) > 1:
            for plural in plural_forms(words[-1]):
                index.setdefault((*words[:-1], plural), term)
    # Words that are also an English name ("creature", plural of creatura) are read as English.
    return {words: term for words, term in index.items() if words not in english}


def match_terms(query: str, index: dict[tuple[str, ...], Term]) -> tuple[list[Term], list[str]]:
    """The terms the query names, in its order (the longest name where names overlap), and
    the query's words that name none."""
    words = words_of(query)
    used = [False] * len(words)
    found: list[tuple[int, Term]] = []
    for size in range(min(MAX_TERM_WORDS, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            if any(used[start : start + size]):
                continue
            term = index.get(tuple(words[start : start + size]))
            if term is not None and term not in (t for _, t in found):
                found.append((start, term))
                used[start : start + size] = [True] * size
    leftover = [
        word
        for word, taken in zip(words, used, strict=True)
        if not taken and word not in LINKING_WORDS
    ]
    return [term for _, term in sorted(found, key=lambda pair: pair[0])], leftover


@dataclass
class RuleLink:
    number: str
    url: str


@dataclass
class Explanation:
    """Which Italian words led to which rules: "«metamorfosi» è il nome italiano di Morph"."""

    message: str
    rules: list[RuleLink] = field(default_factory=list)


@dataclass
class ItalianFindings:
    explanations: list[Explanation]
    first: list[str]  # rules to list before the others: those the Italian words name
    english_words: list[str]  # the search in English words: the terms' names and the rest
    italian_text: list[str]  # rules whose older Italian text quoted by a document holds the words


def rule_for_title(index: RulesIndex, names: Iterable[str]) -> str | None:
    """The first rule (in reading order) whose title is one of the (folded) names."""
    wanted = set(names)
    return next((number for number, title, _ in index if title in wanted), None)


def term_rules(term: Term, edition: RulesEdition, index: RulesIndex) -> list[str]:
    """The rules that define the term in the edition (numbers that exist in it)."""
    numbers = {number for number, _, _ in index}
    if term.kind == KEYWORD and term.rule in numbers:
        return [term.rule]
    name = " ".join(words_of(term.english))
    if term.kind == GAME_TERM:
        entry = GlossaryEntry.objects.filter(edition=edition, term__iexact=term.english).first()
        cited = [n for n in cited_numbers(entry.text) if n in numbers] if entry else []
        titles = {number: title for number, title, _ in index}
        about = [n for n in cited if all(word in titles[n] for word in words_of(term.english))]
        return list(dict.fromkeys(about + cited))
    plurals = {name, name + "s", name + "es", name[:-1] + "ies"}
    found = rule_for_title(index, plurals)
    if found is None and term.kind == CARD_TYPE:
        # An old type name the rules mention in its section only ("tribal" in 308.3, Kindred).
        found = next(
            (
                number.split(".")[0]
                for number, _, haystack in index
                if number.startswith("3") and "." in number and name in haystack
            ),
            None,
        )
    return [found] if found else []


def explain_term(term: Term, rules: list[RuleLink]) -> Explanation:
    values = {"italian": term.italian.lower(), "english": term.english}
    if term.kind == GAME_TERM:
        message = _("“%(italian)s” is the Italian for “%(english)s” in the glossary") % values
    else:
        message = _("“%(italian)s” is the Italian name of %(english)s") % values
    return Explanation(message, rules)


def italian_findings(
    *,
    query: str,
    words: list[str],
    edition: RulesEdition,
    current: RulesEdition | None,
    italian_editions: list[tuple[RulesEdition, RulesEdition]],
    index_of: Callable[[RulesEdition], RulesIndex],
    rule_url: Callable[[str], str],
) -> ItalianFindings:
    """What the query's Italian words find in ``edition``.

    ``italian_editions`` are the partial Italian editions to read (each with the English edition
    its numbers belong to), ``index_of`` gives an edition's rules index and ``rule_url`` a rule's
    address in the edition searched."""
    index = tuple(index_of(edition))
    terms, leftover = match_terms(query, term_index(known_terms()))
    explanations, first, english_words = [], [], []
    for term in terms:
        numbers = term_rules(term, edition, index)
        explanations.append(explain_term(term, [RuleLink(n, rule_url(n)) for n in numbers]))
        first += numbers
        english_words += [word for word in words_of(term.english) if word not in english_words]
    if leftover:
        first = []  # the query asks for more than the terms: every word must be found
    english_words += [word for word in leftover if word not in english_words]

    titled, in_text = [], []
    names = [words_of(term.italian) for term in terms]
    for italian, read_in in italian_editions:
        hits = [
            (number, words_in_title(title, words))
            for number, title, haystack in index_of(italian)
            if matches_all(haystack, words)
        ]
        if not hits:
            continue
        today = numbers_in(edition, current, read_in, [number for number, _ in hits])
        for number, in_title in hits:
            target = today.get(number)
            if target is None:
                continue
            if in_title and target not in titled:
                titled.append(target)
                title = italian_title(italian, number)
                if words_of(title) not in names:  # "Metamorfosi": said of the name already
                    explanations.append(
                        title_explanation(query, italian, number, title, target, rule_url)
                    )
            else:
                in_text.append(target)
    first = list(dict.fromkeys(titled + first))  # a title holding every word says most
    return ItalianFindings(explanations, first, english_words, list(dict.fromkeys(in_text)))


def title_explanation(query, italian: RulesEdition, number: str, title: str, target, rule_url):
    values = {
        "words": query.strip(),
        "number": number,
        "date": long_date(italian.effective_date),
        "title": title,
    }
    message = _("“%(words)s” is in the Italian title of rule %(number)s of %(date)s, “%(title)s”")
    return Explanation(message % values, [RuleLink(target, rule_url(target))])


def words_in_title(title: str, words: list[str]) -> bool:
    return bool(title) and all(word in title for word in words)


def italian_title(edition: RulesEdition, number: str) -> str:
    return edition.sections.filter(number=number).values_list("title", flat=True).first() or ""


def numbers_in(edition, current, read_in, numbers: list[str]) -> dict[str, str]:
    """Where rules numbered so in ``read_in`` are in ``edition``: the same numbers when it is
    that edition; today's numbers by the likely old-number mappings when it is the current one;
    none otherwise."""
    if read_in == edition:
        return {number: number for number in numbers}
    if edition != current:
        return {}
    mappings = RuleMapping.objects.filter(
        old_section__edition=read_in,
        old_section__number__in=numbers,
        confidence__gte=LIKELY_MATCH,
        current_section__isnull=False,
    ).values_list("old_section__number", "current_section__number")
    return dict(mappings)


def partial_italian_editions(editions, edition, twin) -> list[tuple[RulesEdition, RulesEdition]]:
    """The Italian editions other than ``twin``, each with the English edition it is read in."""
    return [
        (each, editions.read_in(each))
        for each in editions.rows
        if each.language == Language.ITALIAN and each != twin
    ]
