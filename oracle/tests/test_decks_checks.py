"""A deck checked against a format (oracle.decks.checks, oracle.decks.rules): every kind of
problem, first on cards made here (no database), then on real lists of the bundled cards."""

from django.test import SimpleTestCase

from oracle.decks import OFFERED, check_list
from oracle.decks.checks import Kind, arrange, check
from oracle.decks.parse import Entry, Section
from oracle.decks.resolve import CardInfo, Deck, DeckLine
from oracle.decks.rules import RULES, copies_allowed
from web.testing import BundledDataTestCase

LEGAL_EVERYWHERE = dict.fromkeys(RULES, "Legal")


def card(name, type_line="Creature — Rat", text="", identity="B", legal=None, pk=None):
    return CardInfo(
        id=pk or abs(hash(name)),
        name=name,
        name_it="",
        slug=name.lower(),
        layout="normal",
        face_names=(name,),
        face_names_it=("",),
        type_lines=(type_line,),
        oracle_text=text,
        legalities=LEGAL_EVERYWHERE if legal is None else legal,
        color_identity=identity,
    )


def deck(*lines):
    """A deck of (count, card, section) lines."""
    return Deck(
        [
            DeckLine(Entry(number, "", count, info.name, section), info, section)
            for number, (count, info, section) in enumerate(lines, start=1)
        ]
    )


def kinds(problems):
    return [(problem.kind, problem.card) for problem in problems]


MAIN, SIDEBOARD, COMMANDER, COMPANION = (
    Section.MAIN,
    Section.SIDEBOARD,
    Section.COMMANDER,
    Section.COMPANION,
)
RATS = card("Relentless Rats", text="A deck can have any number of cards named Relentless Rats.")
DWARVES = card(
    "Seven Dwarves", identity="R", text="A deck can have up to seven cards named Seven Dwarves."
)
SWAMP = card("Swamp", type_line="Basic Land — Swamp", identity="B")
SNOW_SWAMP = card("Snow-Covered Swamp", type_line="Basic Snow Land — Swamp", identity="B")
WASTES = card("Wastes", type_line="Basic Land", identity="")
FILLER = card("Filler", identity="")


class CopiesTests(SimpleTestCase):
    def test_four_copies_at_most_in_main_deck_and_sideboard_together(self):
        bolt = card("Lightning Bolt", identity="R")
        problems = check(
            deck((3, bolt, MAIN), (52, SWAMP, MAIN), (2, bolt, SIDEBOARD), (5, FILLER, MAIN)),
            RULES["modern"],
        )
        self.assertEqual(
            kinds(problems), [(Kind.COPIES, "Lightning Bolt"), (Kind.COPIES, "Filler")]
        )
        self.assertEqual(problems[0].detail, "5 copies of Lightning Bolt: at most 4.")

    def test_basic_lands_and_any_number_cards_are_exempt(self):
        rules = RULES["modern"]
        for exempt in (SWAMP, SNOW_SWAMP, WASTES, RATS):
            self.assertIsNone(copies_allowed(exempt, rules))
        self.assertEqual(copies_allowed(DWARVES, rules), 7)
        problems = check(
            deck(
                (20, SWAMP, MAIN),
                (4, SNOW_SWAMP, MAIN),
                (4, WASTES, MAIN),
                (25, RATS, MAIN),
                (7, DWARVES, MAIN),
            ),
            rules,
        )
        self.assertEqual(problems, [])

    def test_more_than_seven_seven_dwarves(self):
        problems = check(deck((53, SWAMP, MAIN), (8, DWARVES, MAIN)), RULES["legacy"])
        self.assertEqual(kinds(problems), [(Kind.COPIES, "Seven Dwarves")])
        self.assertEqual(problems[0].detail, "8 copies of Seven Dwarves: at most 7.")

    def test_restricted_cards_beyond_one_copy(self):
        lotus = card("Black Lotus", identity="", legal={"vintage": "Restricted"})
        self.assertEqual(check(deck((59, SWAMP, MAIN), (1, lotus, MAIN)), RULES["vintage"]), [])
        problems = check(deck((58, SWAMP, MAIN), (2, lotus, MAIN)), RULES["vintage"])
        self.assertEqual(kinds(problems), [(Kind.RESTRICTED, "Black Lotus")])
        self.assertEqual(
            problems[0].detail, "Black Lotus is restricted in Vintage: 2 copies, at most one."
        )

    def test_banned_and_not_legal(self):
        pod = card("Birthing Pod", legal={"modern": "Banned", "legacy": "Legal"})
        old = card("Old Card", legal={"legacy": "Legal"})
        problems = check(deck((56, SWAMP, MAIN), (2, pod, MAIN), (2, old, MAIN)), RULES["modern"])
        self.assertEqual(
            kinds(problems), [(Kind.BANNED, "Birthing Pod"), (Kind.NOT_LEGAL, "Old Card")]
        )
        self.assertEqual(problems[1].detail, "Old Card is not legal in Modern.")


class SizeTests(SimpleTestCase):
    def test_sixty_cards_and_fifteen_in_the_sideboard(self):
        self.assertEqual(
            check(deck((60, SWAMP, MAIN), (15, SWAMP, SIDEBOARD)), RULES["pauper"]), []
        )
        problems = check(deck((59, SWAMP, MAIN), (16, SWAMP, SIDEBOARD)), RULES["pauper"])
        self.assertEqual(kinds(problems), [(Kind.MAIN_SIZE, ""), (Kind.SIDEBOARD_SIZE, "")])
        self.assertEqual(
            [problem.detail for problem in problems],
            [
                "The main deck has 59 cards: at least 60.",
                "The sideboard has 16 cards: at most 15.",
            ],
        )

    def test_a_companion_listed_twice_counts_once_in_the_sideboard(self):
        lurrus = card("Lurrus", identity="WB")
        both = deck(
            (60, SWAMP, MAIN),
            (1, lurrus, COMPANION),
            (14, SWAMP, SIDEBOARD),
            (1, lurrus, SIDEBOARD),
        )
        self.assertEqual(check(both, RULES["legacy"]), [])
        alone = deck((60, SWAMP, MAIN), (1, lurrus, COMPANION), (15, SWAMP, SIDEBOARD))
        self.assertEqual(kinds(check(alone, RULES["legacy"])), [(Kind.SIDEBOARD_SIZE, "")])

    def test_every_offered_format_has_its_sizes(self):
        for key in OFFERED:
            rules = RULES[key]
            with self.subTest(key):
                if rules.commander:
                    general = card("General", type_line="Legendary Creature — Rat")
                    good = deck((1, general, COMMANDER), (rules.min_main - 1, SWAMP, MAIN))
                    bad = deck((1, general, COMMANDER), (rules.min_main, SWAMP, MAIN))
                    self.assertEqual(kinds(check(bad, rules)), [(Kind.DECK_SIZE, "")])
                else:
                    good = deck((60, SWAMP, MAIN), (15, SWAMP, SIDEBOARD))
                    self.assertEqual(
                        kinds(check(deck((59, SWAMP, MAIN)), rules)), [(Kind.MAIN_SIZE, "")]
                    )
                self.assertEqual(check(good, rules), [])


class CommanderTests(SimpleTestCase):
    general = card("Ghoul General", type_line="Legendary Creature — Zombie", identity="B")

    def test_a_hundred_singleton_cards_within_the_commanders_identity(self):
        goblin = card("Goblin", identity="R")
        rats = deck(
            (1, self.general, COMMANDER),
            (2, FILLER, MAIN),
            (1, goblin, MAIN),
            (30, RATS, MAIN),
            (66, SWAMP, MAIN),
        )
        problems = check(rats, RULES["commander"])
        self.assertEqual(
            kinds(problems), [(Kind.SINGLETON, "Filler"), (Kind.COLOR_IDENTITY, "Goblin")]
        )
        self.assertEqual(
            [problem.detail for problem in problems],
            [
                "2 copies of Filler: Commander allows one of each card but basic lands.",
                "Goblin is red, outside the commander's colour identity (black).",
            ],
        )

    def test_no_commander_or_one_that_cannot_be(self):
        self.assertEqual(
            kinds(check(deck((100, SWAMP, MAIN)), RULES["commander"])), [(Kind.COMMANDER, "")]
        )
        walker = card("Liliana", type_line="Legendary Planeswalker — Liliana")
        problems = check(deck((1, walker, COMMANDER), (99, SWAMP, MAIN)), RULES["commander"])
        self.assertEqual(kinds(problems), [(Kind.COMMANDER, "Liliana")])
        self.assertEqual(
            problems[0].detail, "Liliana cannot be the commander: it is no legendary creature."
        )
        self.assertEqual(check(deck((1, walker, COMMANDER), (59, SWAMP, MAIN)), RULES["brawl"]), [])
        says_so = card(
            "Daretti",
            type_line="Legendary Planeswalker — Daretti",
            text="Daretti can be your commander.",
        )
        self.assertEqual(
            check(deck((1, says_so, COMMANDER), (99, SWAMP, MAIN)), RULES["commander"]), []
        )

    def test_two_commanders_need_to_partner(self):
        partner = "Partner (You can have two commanders if both have partner.)"
        first = card("First", type_line="Legendary Creature — Elf", text=partner, identity="G")
        second = card("Second", type_line="Legendary Creature — Elf", text=partner, identity="U")
        loner = card("Loner", type_line="Legendary Creature — Elf", identity="W")
        pair = deck((1, first, COMMANDER), (1, second, COMMANDER), (98, WASTES, MAIN))
        self.assertEqual(check(pair, RULES["commander"]), [])
        bad = deck((1, first, COMMANDER), (1, loner, COMMANDER), (98, WASTES, MAIN))
        self.assertEqual(kinds(check(bad, RULES["commander"])), [(Kind.COMMANDER, "")])
        chooser = card(
            "Chooser",
            type_line="Legendary Creature — Elf",
            text="Choose a Background",
            identity="G",
        )
        background = card(
            "Background", type_line="Legendary Enchantment — Background", identity="B"
        )
        self.assertEqual(
            check(
                deck((1, chooser, COMMANDER), (1, background, COMMANDER), (98, WASTES, MAIN)),
                RULES["commander"],
            ),
            [],
        )
        named = card(
            "Pir", type_line="Legendary Creature — Human", text="Partner with Toothy", identity="W"
        )
        toothy = card(
            "Toothy",
            type_line="Legendary Creature — Illusion",
            text="Partner with Pir",
            identity="U",
        )
        self.assertEqual(
            check(
                deck((1, named, COMMANDER), (1, toothy, COMMANDER), (98, WASTES, MAIN)),
                RULES["commander"],
            ),
            [],
        )

    def test_mtgo_puts_the_commander_in_the_sideboard(self):
        mtgo = deck((99, SWAMP, MAIN), (1, self.general, SIDEBOARD))
        arranged = arrange(mtgo, RULES["commander"])
        self.assertEqual([line.section for line in arranged.lines], [MAIN, COMMANDER])
        self.assertEqual(
            arranged.notes, ["The sideboard is read as the commander, as MTGO lists it."]
        )
        self.assertEqual(check(arranged, RULES["commander"]), [])

    def test_a_commander_first_before_a_blank_line(self):
        plain = deck((1, self.general, MAIN), (99, SWAMP, SIDEBOARD))
        arranged = arrange(plain, RULES["duel"])
        self.assertEqual([line.section for line in arranged.lines], [COMMANDER, MAIN])
        self.assertEqual(check(arranged, RULES["duel"]), [])

    def test_a_commander_heading_in_a_format_without_one_counts_in_the_main_deck(self):
        arranged = arrange(deck((1, self.general, COMMANDER), (59, SWAMP, MAIN)), RULES["legacy"])
        self.assertEqual(check(arranged, RULES["legacy"]), [])
        self.assertIn("Legacy has no commander", arranged.notes[0])


OLD_SCHOOL_58 = "\n".join(
    f"4 {name}"
    for name in (
        "Sfuggire al Destino", "Luna Nera", "Coccatrice", "Terra Consacrata", "Dandan",
        "Tenebre", "Deserto", "Disincantare", "Disintegrazione", "Cucciolo di Drago", "Fattoria",
        "Bastone di Feldon", "Gigante Devastatore",
    )
) + "\n4 Occhio Malefico di Orms\n2 Camouflage"  # fmt: skip


class BundledListTests(BundledDataTestCase):
    """Real lists of the bundled cards, checked through ``check_list``."""

    def problems(self, text, format_key):
        return kinds(check_list(text, format_key).problems)

    def test_banned_in_modern_and_pauper(self):
        self.assertEqual(
            self.problems("4 Ritorno Terrificante\n56 Palude", "modern"),
            [(Kind.BANNED, "Dread Return")],
        )
        self.assertEqual(
            self.problems("4 Mitraglia\n4 Svuotare i Cunicoli\n52 Montagna", "pauper"),
            [(Kind.BANNED, "Grapeshot"), (Kind.BANNED, "Empty the Warrens")],
        )

    def test_restricted_in_old_school(self):
        result = check_list("2 Geyser Mentale\n" + OLD_SCHOOL_58, "oldschool")
        self.assertEqual(kinds(result.problems), [(Kind.RESTRICTED, "Braingeyser")])
        self.assertEqual(
            result.problems[0].detail,
            "Braingeyser is restricted in Old School: 2 copies, at most one.",
        )

    def test_not_legal_in_standard(self):
        self.assertEqual(
            self.problems("4 Tarox Alaspada\n56 Montagna", "standard"),
            [(Kind.NOT_LEGAL, "Tarox Bladewing")],
        )

    def test_a_legal_pauper_list_and_its_unresolved_line(self):
        text = "4 Saetta Squarciante\n4 Fuoco Spettrale\n52 Montagna\n\n4 Shok\n"
        result = check_list(text, "pauper")
        self.assertFalse(result.legal)
        self.assertEqual(kinds(result.problems), [(Kind.UNRESOLVED, "")])
        self.assertEqual(
            result.problems[0].detail,
            "1 line names no card that could be found: the verdict needs it.",
        )
        fixed = check_list(text.replace("Shok", "Shock"), "pauper")
        self.assertTrue(fixed.legal)

    def test_a_commander_list_in_italian(self):
        text = (
            "Comandante\n1 Tarox Alaspada\n\nMazzo\n1 Fuoco Spettrale\n1 Shock\n1 Shock\n"
            "1 Angelo Eminente\n1 Bioritmo\n94 Montagna\n"
        )
        result = check_list(text, "commander")
        self.assertEqual(
            kinds(result.problems),
            [
                (Kind.SINGLETON, "Shock"),
                (Kind.COLOR_IDENTITY, "Exalted Angel"),
                (Kind.BANNED, "Biorhythm"),
                (Kind.COLOR_IDENTITY, "Biorhythm"),
            ],
        )
