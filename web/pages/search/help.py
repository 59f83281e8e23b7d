"""The search's help page: each key with what it does and worked examples, in sections."""

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

# The syntax help page: {id: (section, [(what to write, what it does, [(example, what it
# finds)])])}, the rules app's ``rule:`` among them (the search pages pass its terms:
# ``rulings.search_terms``). Every example is a link, and test_search_pages runs them all on
# the bundled data.
SEARCH_HELP = {
    "names": (
        _("Names"),
        [
            (
                [_("word"), _('"a phrase"')],
                _(
                    "Words in the card's name: the English Oracle name or the Italian printed "
                    "name. Case and accents do not matter."
                ),
                [
                    ("tarox", _("Tarox Bladewing, also known as Tarox Alaspada")),
                    ("alaspada", _("the same card, by its Italian name")),
                    ('"di aphetto"', _("Italian names with this phrase")),
                    ("dell’alba", _("’ and ' are the same apostrophe here")),
                ],
            ),
            (
                [_('!"name"')],
                _("Exactly this name, in either language."),
                [
                    ('!"Tarox Bladewing"', _("only this card")),
                    ('!"Tarox Alaspada"', _("the same, by its Italian name")),
                ],
            ),
        ],
    ),
    "text": (
        _("Type, text and keywords"),
        [
            (
                ["t:", "type:", "tipo:"],
                _("A word of the type line, in English or Italian."),
                [
                    ("t:creature", _("creatures")),
                    ("t:creatura", _("the same, in Italian")),
                    ("t:legendary t:elf", _("legendary elves")),
                    ("tipo:tribale", _("tribal cards")),
                ],
            ),
            (
                ["o:", "oracle:", "text:", "testo:"],
                _(
                    "Words in the Oracle text or in the Italian printed text; ~ stands for the "
                    "card's own name."
                ),
                [
                    ('o:"draw a card"', _("cards that draw")),
                    ('testo:"pesca una carta"', _("the same, in Italian")),
                    ('o:"~ deals"', _("cards that deal damage themselves")),
                ],
            ),
            (
                ["k:", "kw:", "keyword:"],
                _("A keyword ability or action, by its English or Italian name."),
                [
                    ("k:flying", _("cards with flying")),
                    ("k:volare", _("the same, in Italian")),
                    ("k:metamorfosi", _("cards with morph")),
                ],
            ),
            (
                ["rule:", "regola:"],
                _(
                    "A section of the Comprehensive Rules the card uses, or any rule in it: its "
                    "keywords, types, layout and the rules its rulings name. A number of an "
                    "older edition is searched as the rule it became, and the page says so."
                ),
                [
                    ("rule:702.17", _("cards with reach, or that give it")),
                    ("regola:702.37", _("cards with morph")),
                    ("rule:708", _("cards that can be face down")),
                    ("rule:205.4d -t:creature", _("legendary cards that are not creatures")),
                ],
            ),
        ],
    ),
    "sets": (
        _("Sets, rarity and dates"),
        [
            (
                ["s:", "e:", "set:"],
                _("Printed in the set with this code."),
                [
                    ("s:fut", _("Future Sight")),
                    ("s:tsb", _("the timeshifted cards of Time Spiral")),
                ],
            ),
            (
                ["r:", "rarity:"],
                _(
                    "Printed at this rarity: common, uncommon, rare, mythic, special, bonus (or "
                    "comune, non comune, rara, mitica)."
                ),
                [
                    ("r:rare", _("rares")),
                    ("r:comune", _("commons")),
                    ("r>=rare", _("rare or above")),
                ],
            ),
            (
                ["year", "date"],
                _("When a printing was released: a year, a date, or a set code for its date."),
                [
                    ("year=2007", _("printed in 2007")),
                    ("date<2006-10-06", _("printed before Time Spiral")),
                    ("date>=fut", _("printed since Future Sight")),
                ],
            ),
        ],
    ),
    "numbers": (
        _("Colours and numbers"),
        [
            (
                ["c:", "color:", "colore:"],
                _(
                    "Colours by letter (w u b r g), by name in either language, c for "
                    "colourless, m for multicoloured. c: means at least these colours; = exactly "
                    "these; <= at most these."
                ),
                [
                    ("c:ur", _("blue and red, maybe more")),
                    ("c=ur", _("exactly blue and red")),
                    ("c:rosso", _("red cards")),
                    ("c:m", _("multicoloured cards")),
                    (
                        "c=g t:planeswalker",
                        _(
                            "green planeswalkers: Garruk Relentless too, whose front face is "
                            "green (a double-faced card's faces have their own colours)"
                        ),
                    ),
                ],
            ),
            (
                ["id:", "identity:", "identità:"],
                _("Colour identity, as Commander counts it; id: means at most these colours."),
                [("id:esper", _("cards an Esper (white, blue, black) deck can play"))],
            ),
            (
                ["mv", "pow", "tou", "loy"],
                _(
                    "Mana value (also cmc, vm), power (forza), toughness (costituzione) and "
                    "loyalty (fedeltà) compared with = != < <= > >= to a number or to each other."
                ),
                [
                    ("mv<=2", _("mana value 2 or less")),
                    ("pow>=5", _("power 5 or more")),
                    ("pow>tou", _("more power than toughness")),
                    ("pow=*", _("power printed with a *, such as */* or 1+*")),
                    ("forza>=4 costituzione<=2", _("in Italian")),
                    (
                        "mv=7 is:mdfc",
                        _("modal double-faced cards with a face of mana value 7 (Tibalt)"),
                    ),
                ],
            ),
            (
                ["m:", "mana:", "costo:"],
                _(
                    "Mana symbols in a face's cost: m: at least these, m= exactly this cost. "
                    "2WW is {2}{W}{W}, and generic mana counts as an amount; hybrid {G/W}, "
                    "Phyrexian {G/P} and {X} are symbols of their own."
                ),
                [
                    ("m:{2}{W}{W}", _("at least two generic and two white mana")),
                    ("m:{G}{U}", _("green and blue mana in one face's cost")),
                    ("m:{G/W}", _("green-white hybrid mana")),
                    ("m:{G/P}", _("Phyrexian green mana")),
                    ("m=XR", _("exactly {X}{R}")),
                    ("costo:UU", _("in Italian")),
                ],
            ),
            (
                ["edhrec", "edhrecrank"],
                format_lazy(
                    _(
                        "{label}, compared with = != < <= > >= to a number; order:{key} sorts "
                        "by it. Cards without one match no comparison and come last."
                    ),
                    label=_("EDHREC rank"),
                    key="edhrec",
                ),
                [("edhrec<100", _("the hundred cards most played in Commander decks"))],
            ),
            (
                ["sets", "espansioni"],
                _(
                    "How many sets the card was printed in, as MTGJSON counts, compared with "
                    "= != < <= > >= to a number."
                ),
                [
                    ("sets>=10", _("cards printed in ten sets or more")),
                    ("sets=1 t:creature", _("creatures printed in one set only")),
                ],
            ),
        ],
    ),
    "printings": (
        _("Formats and printings"),
        [
            (
                ["f:", "format:", "legal:", "formato:"],
                _(
                    "Legal in a format (restricted counts as legal, as on Scryfall): standard, "
                    "pioneer, modern, legacy, vintage, commander (edh), pauper, premodern, penny, "
                    "historic (storico) and the others of the card page."
                ),
                [
                    ("f:modern", _("cards legal in Modern")),
                    ("f:pauper t:creature", _("creatures for Pauper")),
                    ("f:storico", _("cards legal in Historic, by its Italian name")),
                    ("-f:modern t:creature", _("creatures Modern does not allow")),
                ],
            ),
            (
                ["banned:", "bandita:", "restricted:", "limitata:"],
                _("Banned, or restricted to one copy, in a format."),
                [
                    ("banned:modern", _("cards banned in Modern")),
                    ("bandita:commander", _("the same for Commander, in Italian")),
                    ("restricted:paupercommander", _("restricted in Pauper Commander")),
                ],
            ),
            (
                ["a:", "artist:", "artista:"],
                _("Words of the artist's name, on any printing."),
                [
                    ("a:avon", _("cards John Avon illustrated")),
                    ('artist:"kev walker"', _("cards by Kev Walker")),
                ],
            ),
            (
                ["ft:", "flavor:", "testodicolore:"],
                _("Words of the flavour text, English or Italian, of any printing."),
                [
                    ("ft:goblin", _("flavour texts that talk of goblins")),
                    ("testodicolore:speranza", _("Italian flavour texts with “speranza”")),
                ],
            ),
            (
                ["wm:", "watermark:", "filigrana:"],
                _(
                    "A watermark: a guild's or a clan's (orzhov, abzan), phyrexian, mirran, "
                    "set, ..."
                ),
                [
                    ("filigrana:azorius or wm:phyrexian", _("the Azorius or the Phyrexian symbol")),
                ],
            ),
            (
                ["b:", "block:", "blocco:"],
                _("A block, by its English or Italian name or by the code of one of its sets."),
                [
                    ('b:"time spiral"', _("the Time Spiral block")),
                    ("b:plc", _("the same block, by Planar Chaos's code")),
                    ('blocco:"spirale temporale" -s:tsp', _("in Italian, without Time Spiral")),
                ],
            ),
            (
                ["st:", "settype:"],
                _(
                    "The kind of set it was printed in: core (base), expansion (espansione), "
                    "masters, commander, draft_innovation, funny, promo, ..."
                ),
                [
                    ("st:core", _("printed in a core set")),
                    ("st:expansion t:elf", _("elves printed in an expansion")),
                ],
            ),
            (
                ["frame:", "cornice:"],
                _("The card frame of a printing: 1993, 1997, 2003, 2015, future."),
                [
                    ("frame:1997", _("printed with the 1997 frame")),
                    ("frame:future", _("the futureshifted frame")),
                    ("frame:2003 frame:1997", _("printed with both")),
                ],
            ),
            (
                ["border:", "bordo:"],
                _(
                    "The border of a printing: black (nero), white (bianco), borderless (senza "
                    "bordo), silver (argento), gold (oro)."
                ),
                [
                    ("border:white", _("printed with a white border")),
                    ("bordo:oro or border:silver", _("gold-bordered or silver-bordered")),
                    ("bordo:bianco t:creature", _("white-bordered creatures, in Italian")),
                ],
            ),
        ],
    ),
    "properties": (
        _("Properties"),
        [
            (
                ["is:"],
                _(
                    "dfc, mdfc, transform, split, flip, meld, adventure, permanent, spell, token, "
                    "futureshifted, timeshifted, reprint, reserved (on the reserved list), promo, "
                    "digital (printed only for Magic Online or Arena), funny (Un-sets and other "
                    "joke cards); vanilla (a creature without rules text), historic (legendary, "
                    "artifact or saga; storico), commander (a legendary creature, or a card that "
                    "says it can be your commander; comandante); brawl, oathbreaker (it may lead a "
                    "Brawl or an Oathbreaker deck, as MTGJSON says)."
                ),
                [
                    ("is:futureshifted", _("the futureshifted cards")),
                    ("is:split", _("split cards")),
                    ("is:permanente t:artefatto", _("artifacts (permanents) in Italian")),
                    ("is:vanilla", _("creatures without rules text")),
                    ("is:storico -t:creature", _("historic cards that are not creatures")),
                    ("is:commander t:planeswalker", _("planeswalkers that can be your commander")),
                    ("is:oathbreaker", _("cards that may lead an Oathbreaker deck")),
                ],
            ),
            (
                ["is:token", "t:token", "t:pedina"],
                _(
                    "Tokens and emblems are searched only when the query asks for them; "
                    "art-series cards (printed art, not Magic cards) never."
                ),
                [
                    ("is:token", _("tokens")),
                    ("t:pedina t:legendary", _("legendary tokens, in Italian")),
                ],
            ),
            (
                ["not:", "non:"],
                _("not:x is -is:x: the card is not one of those."),
                [
                    ("not:reprint s:plc", _("Planar Chaos cards printed there first")),
                    ("is:riservata f:vintage", _("reserved-list cards legal in Vintage")),
                    ("non:ristampa -not:timeshifted", _("timeshifted cards never reprinted")),
                ],
            ),
            (
                ["has:", "lang:"],
                _(
                    "has:rulings and has:errata for cards with rulings or errata; lang:it for "
                    "cards with Italian printed text."
                ),
                [
                    ("has:rulings s:fut", _("Future Sight cards with rulings")),
                    ("lang:it k:suspend", _("suspend cards printed in Italian")),
                ],
            ),
        ],
    ),
    "combining": (
        _("Combining"),
        [
            (
                ["a b", "or", "-", "( )"],
                _(
                    "Terms side by side must all match; or offers alternatives; - excludes; "
                    "parentheses group."
                ),
                [
                    ("t:goblin c:r", _("red goblins")),
                    ("k:flying or k:reach", _("flying or reach")),
                    ("t:creature -c:g", _("creatures that are not green")),
                    ("t:elf (c:g or c:b)", _("green or black elves")),
                ],
            ),
            (
                ["order:", "dir:"],
                _(
                    "Sort by name, mv, set, released, rarity, power, toughness, color (white, "
                    "blue, black, red, green, multicoloured, colourless) or artist; dir:asc or "
                    "dir:desc."
                ),
                [
                    ("t:elf order:artist", _("elves by their artist's name")),
                    ("t:dragon order:mv dir:desc", _("dragons, most expensive first")),
                    ("s:fut order:rarity", _("Future Sight by rarity")),
                    ("t:goblin order:power dir:desc", _("goblins, strongest first")),
                    ("t:sliver order:color", _("slivers by colour")),
                    ("fulmine order:name", _("“fulmine” by name, not by relevance")),
                ],
            ),
        ],
    ),
}


def help_sections() -> list[tuple[str, list]]:
    """The help page's sections: (title, rows)."""
    return list(SEARCH_HELP.values())
