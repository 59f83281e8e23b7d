"""Rows of the bundled search test (test_search_results), (query, predicate over an OracleCard):
what some printing of a card has (formats, artists, flavour texts, blocks, set types, frames,
borders, watermarks) and what a card or printing is."""

# Formats, artists, flavour texts, blocks, set types, frames, borders and what a printing is:
# each holds when some printing has it, the card's legalities for the formats.
PRINTING_ROWS = [
    ("f:modern", lambda c: c.status("modern") in ("Legal", "Restricted")),
    ("f:pauper t:creature", lambda c: c.status("pauper") == "Legal" and c.type_has("creature")),
    ("formato:pioneer", lambda c: c.status("pioneer") == "Legal"),
    ("legal:premodern s:ons", lambda c: c.status("premodern") == "Legal" and c.in_set("ONS")),
    ("f:oldschool", lambda c: c.status("oldschool") in ("Legal", "Restricted")),
    (
        "f:edh -t:creature s:fut",
        lambda c: (
            c.status("commander") == "Legal" and not c.type_has("creature") and c.in_set("FUT")
        ),
    ),
    ("f:storico", lambda c: c.status("historic") == "Legal"),
    ("f:standard", lambda c: c.status("standard") == "Legal"),
    ("f:pdh", lambda c: c.status("paupercommander") in ("Legal", "Restricted")),
    ("restricted:paupercommander", lambda c: c.status("paupercommander") == "Restricted"),
    (
        "limitata:pdh t:creature",
        lambda c: c.status("paupercommander") == "Restricted" and c.type_has("creature"),
    ),
    ("banned:modern", lambda c: c.status("modern") == "Banned"),
    ("bandita:commander", lambda c: c.status("commander") == "Banned"),
    (
        "banned:pauper or banned:pioneer",
        lambda c: "Banned" in (c.status("pauper"), c.status("pioneer")),
    ),
    (
        "-f:modern t:creature",
        lambda c: c.status("modern") not in ("Legal", "Restricted") and c.type_has("creature"),
    ),
    (
        "f:penny -f:pauper",
        lambda c: (
            c.status("penny") == "Legal" and c.status("pauper") not in ("Legal", "Restricted")
        ),
    ),
    # artists
    ("a:avon", lambda c: c.artist_has("avon")),
    ('artist:"kev walker"', lambda c: c.artist_has("kev walker")),
    ("artista:szikszai", lambda c: c.artist_has("szikszai")),
    ("a:staples t:creature", lambda c: c.artist_has("staples") and c.type_has("creature")),
    ("illustratore:spencer -s:tsb", lambda c: c.artist_has("spencer") and not c.in_set("TSB")),
    ("a:boros", lambda c: c.artist_has("boros")),
    ("a:baxa or a:cavotta", lambda c: c.artist_has("baxa") or c.artist_has("cavotta")),
    # flavour text, English and Italian
    ("ft:goblin", lambda c: c.flavor_has("goblin")),
    ("ft:freyalise", lambda c: c.flavor_has("freyalise")),
    ('flavor:"the future"', lambda c: c.flavor_has("the future")),
    ("testodicolore:speranza", lambda c: c.flavor_has("speranza")),
    ("ft:realta", lambda c: c.flavor_has("realtà")),
    ("ft:dominaria t:creature", lambda c: c.flavor_has("dominaria") and c.type_has("creature")),
    # blocks, by name, by a set's code, in Italian; set types
    ('b:"time spiral"', lambda c: c.printed(lambda p: p.block == "Time Spiral")),
    ("b:plc", lambda c: c.printed(lambda p: p.block == "Time Spiral")),
    ("block:scg", lambda c: c.printed(lambda p: p.block == "Onslaught")),
    (
        'blocco:"spirale temporale" -s:tsp',
        lambda c: c.printed(lambda p: p.block == "Time Spiral") and not c.in_set("TSP"),
    ),
    ('b:"set base"', lambda c: c.printed(lambda p: p.block == "Core Set")),
    ("b:ravnica or b:mirrodin", lambda c: c.printed(lambda p: p.block in ("Ravnica", "Mirrodin"))),
    ("st:core", lambda c: c.printed(lambda p: p.set_type == "core")),
    (
        "st:expansion t:elf",
        lambda c: c.printed(lambda p: p.set_type == "expansion") and c.type_has("elf"),
    ),
    (
        "tipoespansione:base -st:expansion",
        lambda c: (
            c.printed(lambda p: p.set_type == "core")
            and not c.printed(lambda p: p.set_type == "expansion")
        ),
    ),
    # frames and borders
    ("frame:1997", lambda c: c.printed(lambda p: p.frame == "1997")),
    (
        "frame:2003 frame:1997",
        lambda c: c.printed(lambda p: p.frame == "2003") and c.printed(lambda p: p.frame == "1997"),
    ),
    ("frame:future", lambda c: c.printed(lambda p: p.frame == "future")),
    ("cornice:1993", lambda c: c.printed(lambda p: p.frame == "1993")),
    ("frame:2015", lambda c: c.printed(lambda p: p.frame == "2015")),
    ("border:white", lambda c: c.printed(lambda p: p.border == "white")),
    (
        "bordo:bianco t:creature",
        lambda c: c.printed(lambda p: p.border == "white") and c.type_has("creature"),
    ),
    (
        "border:black border:white",
        lambda c: (
            c.printed(lambda p: p.border == "black") and c.printed(lambda p: p.border == "white")
        ),
    ),
    ("-border:black", lambda c: not c.printed(lambda p: p.border == "black")),
    # borders, watermarks and set types of SearchSamples.json's printings
    ("border:gold", lambda c: c.printed(lambda p: p.border == "gold")),
    ("bordo:oro or border:silver", lambda c: c.printed(lambda p: p.border in ("gold", "silver"))),
    ("border:borderless", lambda c: c.printed(lambda p: p.border == "borderless")),
    ("wm:boros", lambda c: c.printed(lambda p: p.watermark == "boros")),
    (
        "filigrana:azorius or wm:phyrexian",
        lambda c: c.printed(lambda p: p.watermark in ("azorius", "phyrexian")),
    ),
    (
        "-wm:boros t:creature s:dgm",
        lambda c: (
            not c.printed(lambda p: p.watermark == "boros")
            and c.type_has("creature")
            and c.in_set("DGM")
        ),
    ),
    ("st:funny", lambda c: c.printed(lambda p: p.set_type == "funny")),
    ("st:promo", lambda c: c.printed(lambda p: p.set_type == "promo")),
    (
        "st:memorabilia or st:from_the_vault",
        lambda c: c.printed(lambda p: p.set_type in ("memorabilia", "from_the_vault")),
    ),
    ("st:token", lambda c: c.printed(lambda p: p.set_type == "token")),
    # what a card or some printing is; not:x is -is:x
    ("is:reserved", lambda c: c.reserved),
    ("is:reserved t:creature", lambda c: c.reserved and c.type_has("creature")),
    (
        "is:riservata f:vintage",
        lambda c: c.reserved and c.status("vintage") in ("Legal", "Restricted"),
    ),
    ("is:promo", lambda c: c.printed(lambda p: p.promo)),
    ("is:promo c:w", lambda c: c.printed(lambda p: p.promo) and "W" in c.colors),
    ("is:digital", lambda c: c.printed(lambda p: p.digital)),
    ("is:funny", lambda c: c.printed(lambda p: p.funny)),
    ("is:digital or is:funny", lambda c: c.printed(lambda p: p.digital or p.funny)),
    (
        "not:promo frame:2015",
        lambda c: not c.printed(lambda p: p.promo) and c.printed(lambda p: p.frame == "2015"),
    ),
    (
        "not:reserved year<1997",
        lambda c: not c.reserved and c.printed(lambda p: p.released.year < 1997),
    ),
    ("not:reprint s:plc", lambda c: c.in_set("PLC") and not c.printed(lambda p: p.reprint)),
    (
        "non:ristampa -not:timeshifted",
        lambda c: not c.printed(lambda p: p.reprint) and c.printed(lambda p: p.timeshifted),
    ),
]
