"""Rows of the bundled search test (test_search_results), (query, predicate over an OracleCard):
the forms of a query (and, or, not, parentheses, mixed languages), faces and mana costs, kinds
of card, objects that are not cards, and parts that cannot be used."""

from oracle.tests.bundled_cards import (
    FACE_BY_FACE,
    cost_has,
    cost_is,
    is_commander,
    is_historic,
    is_vanilla,
)

QUERY_FORM_ROWS = [
    # and, or, not, parentheses, mixed languages
    (
        "t:creatura k:volare s:fut",
        lambda c: c.type_has("creatura", "creature") and "Flying" in c.keywords and c.in_set("FUT"),
    ),
    (
        't:creature o:"draw a card" mv<=3 -c:u',
        lambda c: (
            c.type_has("creature")
            and c.text_has("draw a card")
            and c.valued(lambda v: v <= 3)
            and not c.colored(lambda k: "U" in k)
        ),
    ),
    ("t:elf or t:goblin", lambda c: c.type_has("elf") or c.type_has("goblin")),
    (
        "t:elf OR t:goblin c:r",
        lambda c: c.type_has("elf") or (c.type_has("goblin") and c.colored(lambda k: "R" in k)),
    ),
    (
        "(t:elf or t:goblin) c:r",
        lambda c: (c.type_has("elf") or c.type_has("goblin")) and c.colored(lambda k: "R" in k),
    ),
    (
        "-(t:creature or t:land) s:fut",
        lambda c: not (c.type_has("creature") or c.type_has("land")) and c.in_set("FUT"),
    ),
    (
        "-t:creature -t:land -t:instant -t:sorcery",
        lambda c: not any(c.type_has(t) for t in ("creature", "land", "instant", "sorcery")),
    ),
    (
        "k:morph (c:u or c:b) -(pow>=3)",
        lambda c: (
            "Morph" in c.keywords
            and (c.colored(lambda k: "U" in k) or c.colored(lambda k: "B" in k))
            and not c.any_face(lambda f: f.power is not None and f.power >= 3)
        ),
    ),
    (
        "t:sliver (k:flying or o:volare)",
        lambda c: c.type_has("sliver") and ("Flying" in c.keywords or c.text_has("volare")),
    ),
    (
        "(s:fut or s:plc) t:legendary",
        lambda c: (c.in_set("FUT") or c.in_set("PLC")) and c.type_has("legendary"),
    ),
    # double-faced cards: colour, mana value, power and loyalty face by face
    ("c=g", lambda c: c.colored(lambda k: k == {"G"})),
    (
        "c=g t:planeswalker",
        lambda c: c.colored(lambda k: k == {"G"}) and c.type_has("planeswalker"),
    ),
    ("c=bg", lambda c: c.colored(lambda k: k == {"B", "G"})),
    ("c:b is:transform", lambda c: c.colored(lambda k: "B" in k) and c.layout == "transform"),
    ("c:c is:dfc", lambda c: c.colored(lambda k: not k) and c.layout in FACE_BY_FACE),
    ("c=b -c:m", lambda c: c.colored(lambda k: k == {"B"}) and not c.colored(lambda k: len(k) > 1)),
    ("c:m is:mdfc", lambda c: c.colored(lambda k: len(k) > 1) and c.layout == "modal_dfc"),
    ("c=w is:meld", lambda c: c.colored(lambda k: k == {"W"}) and c.layout == "meld"),
    ("id=b c:c", lambda c: c.identity == {"B"} and c.colored(lambda k: not k)),
    ("mv=7 is:mdfc", lambda c: c.valued(lambda v: v == 7) and c.layout == "modal_dfc"),
    ("mv=0 -t:land", lambda c: c.valued(lambda v: v == 0) and not c.type_has("land")),
    ("mv>=4 is:transform", lambda c: c.valued(lambda v: v >= 4) and c.layout == "transform"),
    ("loy=5", lambda c: c.any_face(lambda f: f.loyalty == 5)),
    (
        "pow>=3 is:dfc",
        lambda c: (
            c.layout in FACE_BY_FACE and c.any_face(lambda f: f.power is not None and f.power >= 3)
        ),
    ),
    # mana costs: at least these symbols on one face, or exactly this cost
    ("m:{2}{W}{W}", lambda c: cost_has(c, **{"#": 2, "W": 2})),
    ("m:2WW", lambda c: cost_has(c, **{"#": 2, "W": 2})),
    ("m:{G}{U}", lambda c: cost_has(c, G=1, U=1)),
    ("mana:{G/W}", lambda c: cost_has(c, G_W=1)),
    ("m:{G/P}", lambda c: cost_has(c, G_P=1)),
    ("m:{X}", lambda c: cost_has(c, X=1)),
    ("m=XR", lambda c: cost_is(c, X=1, R=1)),
    ("costo:{U}{U}", lambda c: cost_has(c, U=2)),
    ("m:{5}{B}{R}", lambda c: cost_has(c, **{"#": 5, "B": 1, "R": 1})),
    (
        "m:{1}{W} is:adventure",
        lambda c: cost_has(c, **{"#": 1, "W": 1}) and c.layout == "adventure",
    ),
    ("m:rr t:goblin", lambda c: cost_has(c, R=2) and c.type_has("goblin")),
    (
        "-m:{W} t:creature s:fut",
        lambda c: not cost_has(c, W=1) and c.type_has("creature") and c.in_set("FUT"),
    ),
    ("m!={G} t:elf", lambda c: not cost_is(c, G=1) and c.type_has("elf")),
    ("m:{B}{B}{B}", lambda c: cost_has(c, B=3)),
    # kinds of card
    ("is:vanilla", is_vanilla),
    ("is:vanilla c:g", lambda c: is_vanilla(c) and c.colored(lambda k: "G" in k)),
    ("is:historic", is_historic),
    ("is:storico t:creature", lambda c: is_historic(c) and c.type_has("creature")),
    ("-is:historic t:artifact", lambda c: not is_historic(c) and c.type_has("artifact")),
    ("is:commander", is_commander),
    ("is:comandante c:r", lambda c: is_commander(c) and c.colored(lambda k: "R" in k)),
    ("is:commander t:planeswalker", lambda c: is_commander(c) and c.type_has("planeswalker")),
    # not cards: art series never, tokens only when asked for
    ("beholder", lambda c: c.name_has("beholder")),
    ("is:token beholder", lambda c: c.name_has("beholder")),
    ("is:art_series", lambda c: c.layout == "art_series"),
    ("knight", lambda c: c.name_has("knight")),
    ("is:token", lambda c: c.is_token),
    ("is:token knight", lambda c: c.is_token and c.name_has("knight")),
    ("t:token c:g", lambda c: c.type_has("token") and c.colored(lambda k: "G" in k)),
    ("t:pedina t:legendary", lambda c: c.type_has("pedina", "token") and c.type_has("legendary")),
    (
        "-is:token t:creature s:dom",
        lambda c: not c.is_token and c.type_has("creature") and c.in_set("DOM"),
    ),
    # parts that cannot be used are left out, the rest still runs
    ("c:purple t:elf", lambda c: c.type_has("elf")),
    ("pow>=x k:suspend", lambda c: "Suspend" in c.keywords),
    ('o:"draw a', lambda c: c.text_has("draw a")),
    ("(t:elf or t:goblin", lambda c: c.type_has("elf") or c.type_has("goblin")),
]
