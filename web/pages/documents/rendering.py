"""A source document's sections as HTML: card names and rule numbers linked, damaged lines
flagged.

A document cites rules as they were numbered when it was written ("502.26b" in the Future Sight
notes of May 2007): ``rulings.rules.citations.resolve_cited_numbers`` reads every number a page
cites in the rules in force on the document's date and finds today's section for each, in two
queries for the whole page. Links go to today's rule and keep the number as written, with "today
702.37c" as their title.

Card names are linked from the section's DocumentMention rows (a name without a card stays plain
text). Each line is read into pieces (``web.rendering.text_pieces``: symbols, card names, rule
numbers, reminder text) and the markup made by ``web.rendering.markup``, which escapes each
piece once; damaged lines are shown exactly as written, never linked or guessed, with the reason
the importer gave.
"""

import re
from dataclasses import dataclass, field

from django.utils.safestring import SafeString
from django.utils.translation import get_language

from common.links import url_prefix
from rulings.importers.release_notes.damaged_lines import DAMAGE_REASONS
from rulings.rules.citations import CitedNumber, cited_numbers
from rulings.rules.numbers import normalise_number
from web.rendering import markup
from web.rendering.text_pieces import LineReader, RuleLinks, link, today_words, todays_rule_piece

# --- Card names ---------------------------------------------------------------------------------


class CardNames:
    """Finds the card names a section mentions, as links (a ``text_pieces.Finder``); names
    without a card are left as written."""

    def __init__(self, urls: dict[str, str | None]):
        self.urls = {name: url for name, url in urls.items() if name and url}
        self.pattern = None
        if self.urls:
            alternatives = "|".join(map(re.escape, sorted(self.urls, key=len, reverse=True)))
            self.pattern = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")

    def __call__(self, line: str):
        if self.pattern is None:
            return
        for match in self.pattern.finditer(line):
            yield match.start(), match.end(), [link(match[0], self.urls[match[0]], "card-ref")]


# --- One section ------------------------------------------------------------------------------


@dataclass
class RenderedRuling:
    html: SafeString
    items: list[SafeString] = field(default_factory=list)
    ruling_id: int | None = None  # the Ruling row made from it, for the #ruling-<pk> anchor


@dataclass
class RenderedCard:
    name: str
    url: str | None
    mana_cost: SafeString
    type_line: str
    power_toughness: str
    text: SafeString


@dataclass
class RenderedRule:
    number: str  # as the document writes it
    link: SafeString  # the number, linked to today's rule
    today: str  # "today 702.37c", "" when the number is today's own
    title: str
    body: SafeString


@dataclass
class RenderedBlock:
    """A paragraph, a label, a card, a quoted rule, or a run of rulings (kind "rulings")."""

    kind: str
    line: int
    html: SafeString = SafeString("")
    ruling_id: int | None = None  # a paragraph the importer made a ruling of
    card: RenderedCard | None = None
    rule: RenderedRule | None = None
    rulings: list[RenderedRuling] = field(default_factory=list)


@dataclass
class Damage:
    line: int
    text: str
    reason: str


@dataclass
class RenderedSection:
    section: object  # the DocumentSection
    heading: bool  # False for a card section: its card block names it already
    blocks: list[RenderedBlock]
    unplaced_damage: list[Damage]  # damaged lines that no block shows
    damage_count: int

    @property
    def anchor(self) -> str:
        return f"section-{self.section.position}"


def damage_reason(code: str) -> str:
    """The importer's reason code in words, in the page's language."""
    reason = DAMAGE_REASONS.get(code)
    return str(reason) if reason else code


class SectionText:
    """The text of one section: card names linked, symbols as icons, rule numbers linked, and
    its damaged lines (keyed by their text) shown as written and flagged."""

    def __init__(self, page: "SectionRenderer", urls: dict[str, str | None], problems):
        self.page = page
        self.urls = urls
        self.names = CardNames(urls)
        self.problems = {problem.get("text", "").strip(): problem for problem in problems}
        self.shown: set[str] = set()

    def without(self, name: str) -> CardNames:
        """The section's names but one: a card's own name in its text is not a link."""
        return CardNames({other: url for other, url in self.urls.items() if other != name})

    def lines(self, text: str, reminders: bool = False, names: CardNames | None = None):
        """One <p> per line, reminder text in italics if asked."""
        rows = []
        for line in (text or "").splitlines():
            if not line.strip():
                continue
            problem = self.problems.get(line.strip())
            if problem is not None:
                self.shown.add(line.strip())
                reason = damage_reason(problem.get("reason", ""))
                rows.append(("damaged", line, reason))
            else:
                rows.append(("line", self.page.line(line, names or self.names, reminders), ""))
        return markup.document_lines(rows, self.page.interface_language)

    def unshown(self) -> list[Damage]:
        return [
            Damage(
                problem.get("line", 0), problem.get("text", ""), damage_reason(problem["reason"])
            )
            for text, problem in self.problems.items()
            if text not in self.shown
        ]


class SectionRenderer:
    """Renders the sections of one document page, in order; what is the same for every
    section (rule numbers, addresses, labels) is worked out once."""

    def __init__(self, cited: dict[str, CitedNumber], card_prefix: str | None = None):
        self.cited = cited
        self.rules = RuleLinks(url_prefix("rules:rule-detail"), cited=cited)
        if card_prefix is None:
            card_prefix = url_prefix("cards:card-detail")  # one reverse() for a page of links
        self.card_prefix = card_prefix
        self.interface_language = get_language()
        self.ruling_ordinal = 0  # ruling blocks seen so far in the document

    def card_url(self, slug: str | None) -> str | None:
        return f"{self.card_prefix}{slug}/" if slug else None

    def render(self, section, mentions: dict[str, str | None], rulings) -> RenderedSection:
        """``mentions`` maps each name the section mentions to its card's slug (or None);
        ``rulings`` are (pk, position, text) of the Ruling rows made from this section."""
        blocks_data = section.blocks or []
        if not blocks_data and section.text:
            blocks_data = [{"kind": "paragraph", "line": section.first_line, "text": section.text}]
        problems = [*(section.problems or [])]
        for block in blocks_data:
            problems += block.get("problems", [])
        text = SectionText(
            self, {name: self.card_url(slug) for name, slug in mentions.items()}, problems
        )
        unmatched_rulings = list(rulings)
        blocks: list[RenderedBlock] = []
        for block in blocks_data:
            kind, line = block.get("kind"), block.get("line", section.first_line)
            if kind == "ruling":
                self.ruling_ordinal += 1
                ruling = RenderedRuling(
                    html=text.lines(block.get("text", "")),
                    items=[text.lines(item) for item in block.get("items", [])],
                    ruling_id=take_ruling(unmatched_rulings, block, self.ruling_ordinal),
                )
                if blocks and blocks[-1].kind == "rulings":
                    blocks[-1].rulings.append(ruling)
                else:
                    blocks.append(RenderedBlock("rulings", line, rulings=[ruling]))
            elif kind == "card" and block.get("card"):
                card = self.card(block["card"], text, mentions, section)
                blocks.append(RenderedBlock("card", line, card=card))
            elif kind == "rule":
                blocks.append(RenderedBlock("rule", line, rule=self.rule(block, text)))
            else:
                kind = "label" if kind == "label" else "paragraph"
                rendered = RenderedBlock(kind, line, html=text.lines(block.get("text", "")))
                rendered.ruling_id = take_ruling(unmatched_rulings, block)
                blocks.append(rendered)
        names_its_card = bool(blocks) and blocks[0].kind == "card"
        heading = bool(section.title) and not (
            names_its_card and blocks[0].card.name == section.title
        )
        return RenderedSection(section, heading, blocks, text.unshown(), len(text.problems))

    def line(self, text: str, names: CardNames, reminders: bool = False):
        """The pieces of one line: symbols, card names, rule numbers, reminder text."""
        return LineReader([names, self.rules], reminders, runs=False).read(text)

    def card(self, data: dict, text: SectionText, mentions, section) -> RenderedCard:
        name = data.get("name", "")
        slug = mentions.get(name)
        if slug is None and section.card_id and name == section.title:
            slug = section.card.slug
        power, toughness = data.get("power", ""), data.get("toughness", "")
        return RenderedCard(
            name=name,
            url=self.card_url(slug),
            mana_cost=markup.mana(data.get("mana_cost", "")),
            type_line=data.get("type_line", ""),
            power_toughness=f"{power}/{toughness}" if power or toughness else "",
            text=text.lines(data.get("text", ""), reminders=True, names=text.without(name)),
        )

    def rule(self, block: dict, text: SectionText) -> RenderedRule:
        """A quoted rule: its number as written, linked by the number it has in the edition of
        the document's time when the importer found it stored under another one."""
        number = block.get("number", "")
        cited = self.cited.get(normalise_number(block.get("edition_number") or number) or "")
        return RenderedRule(
            number=number,
            link=markup.inline([todays_rule_piece(cited, number, self.rules.prefix)]),
            today=today_words(cited),
            title=block.get("title", ""),
            body=text.lines(block.get("text", "")),
        )


def ruling_key(text: str) -> str:
    """A ruling's words without the bullet and the line breaks, to find its Ruling row."""
    return " ".join(text.replace("•", " ").split())


def take_ruling(rulings: list, block: dict, ordinal: int | None = None) -> int | None:
    """The pk of the Ruling row made from a block (removed from ``rulings``, which holds
    (pk, position, text) of the section's rulings): the one with the same words, with or
    without its nested items, else the one imported at this place (``ordinal``: a ruling
    block's place among the document's ruling blocks, which the importer keeps as the
    ruling's position); None when no ruling was made from it."""
    text = ruling_key(block.get("text", ""))
    with_items = ruling_key(" ".join([block.get("text", ""), *block.get("items", [])]))
    for index, (pk, _position, ruling_text) in enumerate(rulings):
        if ruling_key(ruling_text) in (text, with_items):
            del rulings[index]
            return pk
    for index, (pk, position, _text) in enumerate(rulings):
        if ordinal is not None and position == ordinal:
            del rulings[index]
            return pk
    return None


def numbers_cited_in_sections(sections) -> set[str]:
    """Every rule number the sections cite: quoted rules' own numbers and citations in text."""
    numbers = set()
    for section in sections:
        for block in section.blocks or []:
            for key in ("number", "edition_number"):
                if block.get(key):
                    numbers.add(block[key])
            texts = [block.get("text", ""), *block.get("items", [])]
            if block.get("card"):
                texts.append(block["card"].get("text", ""))
            for text in texts:
                numbers.update(cited_numbers(text))
        if not section.blocks:
            numbers.update(cited_numbers(section.text))
    return numbers
