"""Learn keywords' Italian names and reminder texts from cards printed in both languages.

MTGJSON names a card's keywords only in English, but thousands of cards carry their Italian
printed text too. Lines are compared at the same place in both texts:

- a keyword line ("Flying, haste" or "Suspend 4—{U} (Rather than ...)", also after an
  activation cost: "{4}{G}: Monstrosity 3.") whose Italian line has the same shape ("Volare,
  rapidità", "Sospendere 4—{U} (...)") lines up word for word; a keyword followed by words
  ("Enchant creature", "Protection from red") gives as many Italian words as the keyword has;
- an ability word opens its line with a dash ("Landfall — Whenever ...", "Approdo — ...");
- a keyword action is named in its reminder ("(To mill a card, ..." / "(Per macinare una
  carta, ...").

Each pair is a vote (a reminder's infinitive before a line's imperative): the name printed
most often wins, the newest printing breaks ties. The Italian reminder text is the newest
printing's, the most printed in that set. The English one is today's Oracle wording
(``oracle_reminders``): printings keep the words of their day ("You may play this face down"
before 2009's "cast").
"""

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from datetime import date
from typing import NamedTuple

from oracle.importers.name_votes import most_voted
from oracle.printed_text import mend_symbols

# Older Italian printings close the reminder with a full stop after it: "(... se può farlo)."
REMINDER = re.compile(r"\s*\(([^()]*)\)\.?\s*$")
DASHES = str.maketrans({"—": "-", "–": "-"})
# An activation cost before a keyword: "{4}{G}{G}: Monstrosity 3." (its Italian has the same).
COST = re.compile(r"^[^:()]*\{[^:()]*\}[^:()]*:\s+")
ABILITY_WORD = re.compile(r"^(?P<name>[^—–()]{1,40}?)\s*[—–]\s+\S")
# "Escape—{G}{G}{U}{U}, Exile ..." and "Suspend 4—{U}": the name is what comes before the dash.
DASHED = re.compile(r"^(?P<name>[^—–(),.]{1,40}?)(?P<number> \d+|X)?[—–]\S")
# An ability word printed without its dash: "Kinship At the beginning ..." / "Parentela
# All'inizio ...": the Italian name is the words before the next capitalised one.
CAPITALISED_AFTER = re.compile(r"^(?P<name>\S+(?: [a-zà-ù'’]\S*)*) [A-ZÀ-Ú]")
ACTION_REMINDER_EN = re.compile(r"\(To (?P<verb>[\w -]+?)[ ,]", re.IGNORECASE)
ACTION_REMINDER_IT = re.compile(r"\(Per (?P<verb>\w+)")


class KeywordVotes(NamedTuple):
    """What the lines printed in both languages say about each keyword: votes for its Italian
    name (from its lines and from its reminders' infinitives) and the reminder texts printed
    in each language, each counted by (text, release date)."""

    names: dict[str, Counter]
    action_names: dict[str, Counter]
    reminders: dict[str, Counter]
    reminders_it: dict[str, Counter]


def align_keyword_lines(samples: Iterable[tuple]) -> KeywordVotes:
    """Votes from (English text, Italian text, English keywords[, release date]) samples."""
    votes = KeywordVotes(*(defaultdict(Counter) for _field in KeywordVotes._fields))
    for english, italian, keywords, *rest in samples:
        released = rest[0] if rest else None
        lowered = {keyword.lower(): keyword for keyword in keywords}
        for keyword, name_it in _action_names(english, italian, lowered):
            votes.action_names[keyword][(name_it, released)] += 1
        english_lines, italian_lines = english.splitlines(), italian.splitlines()
        if len(english_lines) != len(italian_lines):
            continue
        for en_line, it_line in zip(english_lines, italian_lines, strict=True):
            for keyword, name_it, reminder, reminder_it in _align_line(en_line, it_line, lowered):
                votes.names[keyword][(name_it, released)] += 1
                if reminder:
                    votes.reminders[keyword][(reminder, released)] += 1
                if reminder_it:
                    votes.reminders_it[keyword][(reminder_it, released)] += 1
    return votes


def keyword_names_from(votes: KeywordVotes) -> dict[str, tuple[str, str, str]]:
    """{keyword: (it name, en reminder, it reminder)}; a value is "" where nothing lined up."""
    # A keyword action's reminder names it in the infinitive ("Per indagare"), as the rules
    # do; its lines print the imperative ("Indaga.").
    return {
        keyword: (
            most_voted(votes.action_names[keyword]) or most_voted(votes.names[keyword]),
            _newest(votes.reminders[keyword]),
            _newest(votes.reminders_it[keyword]),
        )
        for keyword in votes.names.keys() | votes.action_names.keys()
    }


def align_keyword_names(samples: Iterable[tuple]) -> dict[str, tuple[str, str, str]]:
    """From (English text, Italian text, English keywords[, release date]) give {keyword:
    (it name, en reminder, it reminder)}; a value is "" where nothing lined up."""
    return keyword_names_from(align_keyword_lines(samples))


def oracle_reminders(samples: Iterable[tuple[str, Iterable[str]]]) -> dict[str, str]:
    """From (Oracle text, English keywords) give {keyword: the reminder text its keyword lines
    carry most often in today's Oracle wording}."""
    reminders: dict[str, Counter] = defaultdict(Counter)
    for text, keywords in samples:
        lowered = {keyword.lower(): keyword for keyword in keywords}
        for line in text.splitlines():
            cost = COST.match(line)
            body, reminder = _split_reminder(line[cost.end() :] if cost else line)
            keyword = _keyword_at_start(body, lowered) if reminder else None
            if keyword is not None:
                reminders[lowered[keyword.lower()]][reminder] += 1
    return {
        keyword: max(counter, key=lambda reminder: (counter[reminder], reminder))
        for keyword, counter in reminders.items()
    }


def _align_line(en_line: str, it_line: str, keywords: dict[str, str]):
    for match_line in (_ability_word, _dashed_keyword, _undashed_ability_word):
        found = match_line(en_line, it_line, keywords)
        if found:
            return [found]
    en_cost, it_cost = COST.match(en_line), COST.match(it_line)
    if en_cost and it_cost:
        en_line, it_line = en_line[en_cost.end() :], it_line[it_cost.end() :]
    elif en_cost or it_cost:
        return []
    en_body, en_reminder = _split_reminder(en_line)
    it_body, it_reminder = _split_reminder(it_line)
    en_parts = [part.strip() for part in re.split(r"[,;] ", en_body)]
    it_parts = [part.strip() for part in re.split(r"[,;] ", it_body)]
    if len(en_parts) != len(it_parts):
        return []
    pairs = []
    for en_part, it_part in zip(en_parts, it_parts, strict=True):
        keyword = _keyword_at_start(en_part, keywords)
        if keyword is None:
            return []  # not a pure keyword line: the parts would not line up reliably
        name_it = _italian_name(keyword, en_part[len(keyword) :], it_part)
        if not name_it or len(name_it) > 40:
            return []
        single = len(en_parts) == 1
        pairs.append(
            (
                keywords[keyword.lower()],
                name_it[0].upper() + name_it[1:],
                en_reminder if single else "",
                it_reminder if single else "",
            )
        )
    return pairs


def _italian_name(keyword: str, rest: str, it_part: str) -> str:
    """The Italian part less what follows the keyword: a cost or number printed the same in
    both languages ("4—{U}"), or words, which give as many Italian words as the keyword has."""
    sentence = rest.endswith(".")
    rest = rest.translate(DASHES).strip().rstrip(".")
    it_flat = it_part.translate(DASHES).rstrip(".")
    if not rest:
        return it_part.rstrip(".")
    if it_flat.endswith(rest):
        return it_part[: len(it_flat) - len(rest)].strip().rstrip(" -—–")
    # "Enchant creature", not "Flying creatures you control get +1/+1."
    if rest[0].isalpha() and not sentence and len(rest.split()) <= 6:
        words = it_part.split()
        count = len(keyword.split())
        if len(words) > count:
            *name, last = words[:count]
            # A keyword ending in a preposition ("Hexproof from") takes the Italian one without
            # the article of the word that followed it: "Anti-malocchio dal bianco" -> "... da".
            return " ".join([*name, _bare_preposition(last)])
    return ""


PREPOSITIONS = {
    "dal": "da", "dallo": "da", "dalla": "da", "dai": "da", "dagli": "da", "dalle": "da",
    "del": "di", "dello": "di", "della": "di", "dei": "di", "degli": "di", "delle": "di",
    "al": "a", "allo": "a", "alla": "a", "ai": "a", "agli": "a", "alle": "a",
    "nel": "in", "nello": "in", "nella": "in", "nei": "in", "negli": "in", "nelle": "in",
    "sul": "su", "sullo": "su", "sulla": "su", "sui": "su", "sugli": "su", "sulle": "su",
}  # fmt: skip


def _bare_preposition(word: str) -> str:
    """``word`` without the article an Italian preposition took ("dal" -> "da"; "dall’" and
    "dall’artefatto" -> "da"); any other word as it is."""
    elided = re.match(r"(?i)(\w+?)l?l[’']", word)  # "dall’", "dall’artefatto"
    bare = f"{elided[1]}l" if elided else word
    return PREPOSITIONS.get(bare.lower(), word)


def _ability_word(en_line: str, it_line: str, keywords: dict[str, str]):
    en_match, it_match = ABILITY_WORD.match(en_line), ABILITY_WORD.match(it_line)
    if not en_match or not it_match:
        return None
    keyword = keywords.get(en_match["name"].strip().lower())
    name_it = it_match["name"].strip()
    if keyword is None or not name_it or name_it[0].isdigit() or name_it.isupper():
        return None  # a Saga's chapter ("I, II — ...") is not an ability word
    return (keyword, name_it[0].upper() + name_it[1:], "", "")


def _dashed_keyword(en_line: str, it_line: str, keywords: dict[str, str]):
    en_match, it_match = DASHED.match(en_line), DASHED.match(it_line)
    if not en_match or not it_match or bool(en_match["number"]) != bool(it_match["number"]):
        return None
    keyword = keywords.get(en_match["name"].strip().lower())
    name_it = it_match["name"].strip()
    if keyword is None or not name_it:
        return None
    reminder, reminder_it = _split_reminder(en_line)[1], _split_reminder(it_line)[1]
    return (keyword, name_it[0].upper() + name_it[1:], reminder, reminder_it)


def _undashed_ability_word(en_line: str, it_line: str, keywords: dict[str, str]):
    for lowered, keyword in keywords.items():
        rest = en_line[len(lowered) :]
        if not (en_line.lower().startswith(lowered + " ") and rest[1:2].isupper()):
            continue
        match = CAPITALISED_AFTER.match(it_line)
        if match and len(match["name"].split()) <= 3:
            return (keyword, match["name"], "", "")
    return None


def _action_names(english: str, italian: str, keywords: dict[str, str]):
    """Keyword actions named by their reminders, paired in order: "(To investigate, ..." and
    "(Per indagare, ..."."""
    verbs_en = [match["verb"].lower() for match in ACTION_REMINDER_EN.finditer(english)]
    verbs_it = [match["verb"] for match in ACTION_REMINDER_IT.finditer(italian)]
    if not verbs_en or len(verbs_en) != len(verbs_it):
        return []
    found = []
    for verb_en, verb_it in zip(verbs_en, verbs_it, strict=True):
        keyword = keywords.get(verb_en) or keywords.get(verb_en.split()[0])
        if keyword is not None:
            found.append((keyword, verb_it[0].upper() + verb_it[1:]))
    return found


def _split_reminder(line: str) -> tuple[str, str]:
    match = REMINDER.search(line)
    if match:
        # Older Italian printings start it in lower case; the oldest English ones keep the
        # remains of mana symbols ("o2, Discard this card ...").
        reminder = mend_symbols(match[1].strip())
        return line[: match.start()].strip(), reminder[:1].upper() + reminder[1:]
    return line.strip(), ""


def _keyword_at_start(part: str, keywords: dict[str, str]) -> str | None:
    lowered = part.lower()
    for keyword in sorted(keywords, key=len, reverse=True):
        if lowered == keyword or (lowered.startswith(keyword) and lowered[len(keyword)] in " —-–."):
            return part[: len(keyword)]
    return None


def _newest(counter: Counter) -> str:
    """The value of the newest printing, the most voted of that printing's date."""
    if not counter:
        return ""
    return max(counter, key=lambda key: (key[1] or date.min, counter[key], key[0]))[0]
