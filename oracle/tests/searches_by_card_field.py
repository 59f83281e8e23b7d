"""Rows of the bundled search test (test_search_results), (query, predicate over an OracleCard):
a card's own fields (names, type line, text, keywords, sets and rarities, colours, numbers,
is:/has:/lang:, release dates), in both languages."""

from datetime import date

from oracle.tests.bundled_cards import PERMANENT, SPELL

# (query, predicate over an OracleCard). Every operator of the language, both languages.
CARD_FIELD_ROWS = [
    # names: words, phrases, exact names, accents, Italian
    ("tarox", lambda c: c.name_has("tarox")),
    ("Llanowar", lambda c: c.name_has("llanowar")),
    ("llanowar mentor", lambda c: c.name_has("llanowar") and c.name_has("mentor")),
    ('"of the"', lambda c: c.name_has("of the")),
    ("alaspada", lambda c: c.name_has("alaspada")),
    ("mentore", lambda c: c.name_has("mentore")),
    ("verita", lambda c: c.name_has("verità")),
    ("VERITÀ", lambda c: c.name_has("verita")),
    ("dandan", lambda c: c.name_has("dandân")),
    ("lim-dul", lambda c: c.name_has("lim-dûl")),
    ("boom", lambda c: c.name_has("boom")),
    ('!"Tarox Bladewing"', lambda c: "tarox bladewing" in c.names),
    ('!"tarox alaspada"', lambda c: "tarox alaspada" in c.names),
    ('!"Boom // Bust"', lambda c: "boom // bust" in c.names),
    ("!bust", lambda c: "bust" in c.names),
    ("!tarox", lambda c: "tarox" in c.names),
    # a typographic apostrophe (phone keyboards) finds the plain one the data writes
    ("dell\u2019alba", lambda c: c.name_has("dell'alba")),
    ("\u201cl\u2019innominato\u201d", lambda c: c.name_has("l'innominato")),
    ("!\u201cDiadema dell\u2019Alba\u201d", lambda c: "diadema dell'alba" in c.names),
    ("o:\u201cdraw a card\u201d", lambda c: c.text_has("draw a card")),
    ('o:"opponent\u2019s"', lambda c: c.text_has("opponent's")),
    # type line, English and Italian
    ("t:creature", lambda c: c.type_has("creature")),
    # An Italian type word means the English type: the old Italian Auras' type line "Incanta
    # Creatura" ("Enchant Creature", Pacifism in ONS) is no creature.
    ("t:creatura", lambda c: c.type_has("creature")),
    ("t:terra", lambda c: c.type_has("land")),
    ('t:"incanta creatura"', lambda c: c.type_has("incanta creatura")),
    ("t:elf", lambda c: c.type_has("elf")),
    ("t:elfo", lambda c: c.type_has("elfo")),
    ("t:legendary", lambda c: c.type_has("legendary")),
    ("t:leggendario", lambda c: c.type_has("leggendario", "legendary")),
    ("t:leggendaria", lambda c: c.type_has("leggendaria", "legendary")),
    ("tipo:istantaneo", lambda c: c.type_has("istantaneo", "instant")),
    ("t:tribal", lambda c: c.type_has("tribal")),
    ('t:"legendary creature"', lambda c: c.type_has("legendary creature")),
    ("t:sliver t:creature", lambda c: c.type_has("sliver") and c.type_has("creature")),
    # text, English and Italian, and ~
    ('o:"draw a card"', lambda c: c.text_has("draw a card")),
    ('oracle:"pesca una carta"', lambda c: c.text_has("pesca una carta")),
    ("o:scry", lambda c: c.text_has("scry")),
    ("testo:profetizza", lambda c: c.text_has("profetizza")),
    ('o:"~ deals"', lambda c: c.text_has("~ deals")),
    ('o:"~ infligge"', lambda c: c.text_has("~ infligge")),
    ('o:"sacrifice ~"', lambda c: c.text_has("sacrifice ~")),
    ('o:"gets +x/+x"', lambda c: c.text_has("gets +x/+x")),
    ("o:città", lambda c: c.text_has("citta")),
    # keywords, English and Italian
    ("k:flying", lambda c: "Flying" in c.keywords),
    ("kw:volare", lambda c: "Flying" in c.keywords),
    ("k:morph", lambda c: "Morph" in c.keywords),
    ("k:metamorfosi", lambda c: "Morph" in c.keywords),
    ("keyword:Suspend", lambda c: "Suspend" in c.keywords),
    ("k:sospendere", lambda c: "Suspend" in c.keywords),
    ('k:"first strike"', lambda c: "First strike" in c.keywords),
    ('k:"split second"', lambda c: "Split second" in c.keywords),
    ("k:profetizzare", lambda c: "Scry" in c.keywords),
    ("k:flying k:metamorfosi", lambda c: {"Flying", "Morph"} <= c.keywords),
    ("k:nosuchkeyword", lambda c: False),
    # sets and rarities
    ("s:fut", lambda c: c.in_set("FUT")),
    ("e:TSB", lambda c: c.in_set("TSB")),
    ("set:plc r:rare", lambda c: c.in_set("PLC") and c.printed(lambda p: p.rarity == "rare")),
    ("r:special", lambda c: c.printed(lambda p: p.rarity == "special")),
    ("r:comune s:ons", lambda c: c.in_set("ONS") and c.printed(lambda p: p.rarity == "common")),
    (
        'r:"non comune" s:fut',
        lambda c: c.in_set("FUT") and c.printed(lambda p: p.rarity == "uncommon"),
    ),
    ("r>=rare", lambda c: c.printed(lambda p: p.rarity in ("rare", "mythic"))),
    ("r<uncommon", lambda c: c.printed(lambda p: p.rarity == "common")),
    ("r!=common s:tsp", lambda c: c.in_set("TSP") and c.printed(lambda p: p.rarity != "common")),
    # colours and colour identity
    ("c:r", lambda c: c.colored(lambda k: "R" in k)),
    ("c:rosso", lambda c: c.colored(lambda k: "R" in k)),
    ("c:ur", lambda c: c.colored(lambda k: {"U", "R"} <= k)),
    ("c=ur", lambda c: c.colored(lambda k: k == {"U", "R"})),
    ("c>=rg", lambda c: c.colored(lambda k: {"R", "G"} <= k)),
    ("c<=wu", lambda c: c.colored(lambda k: k <= {"W", "U"})),
    ("c<wu", lambda c: c.colored(lambda k: k < {"W", "U"})),
    ("c>g", lambda c: c.colored(lambda k: k > {"G"})),
    ("c!=g", lambda c: c.colored(lambda k: k != {"G"})),
    ("c:m", lambda c: c.colored(lambda k: len(k) >= 2)),
    ("c!=m", lambda c: c.colored(lambda k: len(k) < 2)),
    ("c:c", lambda c: c.colored(lambda k: not k)),
    ("c:incolore t:creature", lambda c: c.colored(lambda k: not k) and c.type_has("creature")),
    ("c:blu c:nero", lambda c: c.colored(lambda k: "U" in k) and c.colored(lambda k: "B" in k)),
    (
        "c:verde -c:m",
        lambda c: c.colored(lambda k: "G" in k) and not c.colored(lambda k: len(k) >= 2),
    ),
    ("colore:bianco", lambda c: c.colored(lambda k: "W" in k)),
    ("c:gruul", lambda c: c.colored(lambda k: {"R", "G"} <= k)),
    ("id:esper", lambda c: c.identity <= {"W", "U", "B"}),
    ("id=g", lambda c: c.identity == {"G"}),
    ("identità>=wb", lambda c: {"W", "B"} <= c.identity),
    ("id:c", lambda c: not c.identity),
    # numbers
    ("mv=3", lambda c: c.valued(lambda v: v == 3)),
    ("cmc>=7", lambda c: c.valued(lambda v: v >= 7)),
    ("mv<1", lambda c: c.valued(lambda v: v < 1)),
    ("mv!=2 t:elf", lambda c: c.valued(lambda v: v != 2) and c.type_has("elf")),
    ("pow>=5", lambda c: c.any_face(lambda f: f.power is not None and f.power >= 5)),
    ("forza=0", lambda c: c.any_face(lambda f: f.power == 0)),
    ("tou<=1", lambda c: c.any_face(lambda f: f.toughness is not None and f.toughness <= 1)),
    ("costituzione>6", lambda c: c.any_face(lambda f: f.toughness is not None and f.toughness > 6)),
    (
        "pow!=1 t:sliver",
        lambda c: (
            c.type_has("sliver") and c.any_face(lambda f: f.power is not None and f.power != 1)
        ),
    ),
    (
        "pow>tou",
        lambda c: c.any_face(
            lambda f: None not in (f.power, f.toughness) and f.power > f.toughness
        ),
    ),
    (
        "pow=tou t:goblin",
        lambda c: (
            c.type_has("goblin")
            and c.any_face(lambda f: None not in (f.power, f.toughness) and f.power == f.toughness)
        ),
    ),
    (
        "tou>pow",
        lambda c: c.any_face(
            lambda f: None not in (f.power, f.toughness) and f.toughness > f.power
        ),
    ),
    (
        "pow>mv",
        lambda c: any(
            f.power is not None and f.power > v
            for f, v in zip(c.faces, c.face_values(), strict=True)
        ),
    ),
    ("pow=*", lambda c: c.any_face(lambda f: "*" in f.printed_power)),
    ("costituzione:*", lambda c: c.any_face(lambda f: "*" in f.printed_toughness)),
    (
        "pow!=* t:creature s:ons",
        lambda c: (
            c.type_has("creature")
            and c.in_set("ONS")
            and c.any_face(lambda f: f.printed_power and "*" not in f.printed_power)
        ),
    ),
    (
        "t:creature -pow>=0",
        lambda c: (
            c.type_has("creature")
            and not c.any_face(lambda f: f.power is not None and f.power >= 0)
        ),
    ),
    # is:, has:, lang:
    ("is:split", lambda c: c.layout in ("split", "aftermath")),
    (
        "is:permanent mv>=8",
        lambda c: bool(c.front_types & PERMANENT) and c.valued(lambda v: v >= 8),
    ),
    (
        "is:spell -is:permanent mv=0",
        lambda c: (
            bool(c.front_types & SPELL)
            and "Land" not in c.front_types
            and not c.front_types & PERMANENT
            and c.valued(lambda v: v == 0)
        ),
    ),
    ("-is:spell", lambda c: not (c.front_types & SPELL) or "Land" in c.front_types),
    ("is:futureshifted", lambda c: c.printed(lambda p: p.frame == "future")),
    ("is:timeshifted", lambda c: c.printed(lambda p: p.timeshifted)),
    (
        "is:cronotraslata -is:futureshifted",
        lambda c: (
            c.printed(lambda p: p.timeshifted) and not c.printed(lambda p: p.frame == "future")
        ),
    ),
    ("is:reprint -s:tsb", lambda c: not c.in_set("TSB") and c.printed(lambda p: p.reprint)),
    ("-is:reprint s:ons", lambda c: c.in_set("ONS") and not c.printed(lambda p: p.reprint)),
    ("has:rulings s:fut", lambda c: c.has_rulings and c.in_set("FUT")),
    ("-has:rulings s:fut", lambda c: not c.has_rulings and c.in_set("FUT")),
    ("lang:it", lambda c: c.italian),
    ("lang:en t:elf", lambda c: c.type_has("elf")),
    # release dates
    ("year=2007", lambda c: c.printed(lambda p: p.released.year == 2007)),
    ("year<2006", lambda c: c.printed(lambda p: p.released.year < 2006)),
    (
        "date<2007-05-04 date>2006-10-06",
        lambda c: (
            c.printed(lambda p: p.released < date(2007, 5, 4))
            and c.printed(lambda p: p.released > date(2006, 10, 6))
        ),
    ),
    ("date>=fut", lambda c: c.printed(lambda p: p.released >= date(2007, 5, 4))),
    ("date=2006-10-06", lambda c: c.printed(lambda p: p.released == date(2006, 10, 6))),
    ("date=plc", lambda c: c.printed(lambda p: p.released == date(2007, 2, 2))),
    (
        "date!=2006-10-06 t:sliver",
        lambda c: c.type_has("sliver") and c.printed(lambda p: p.released != date(2006, 10, 6)),
    ),
    (
        "year!=2006 s:tsp",
        lambda c: c.in_set("TSP") and c.printed(lambda p: p.released.year != 2006),
    ),
    (
        "year<=2006 year>=2006",
        lambda c: (
            c.printed(lambda p: p.released.year <= 2006)
            and c.printed(lambda p: p.released.year >= 2006)
        ),
    ),
    (
        "year>2006 -s:fut",
        lambda c: c.printed(lambda p: p.released.year > 2006) and not c.in_set("FUT"),
    ),
    (
        "r<=uncommon s:plc",
        lambda c: c.in_set("PLC") and c.printed(lambda p: p.rarity in ("common", "uncommon")),
    ),
    (
        "date<plc -year<2006",
        lambda c: (
            c.printed(lambda p: p.released < date(2007, 2, 2))
            and not c.printed(lambda p: p.released.year < 2006)
        ),
    ),
]
