"""Reading a decklist's lines (oracle.decks.parse): each format players paste, the limits and
hostile input. No database: the names are not looked up here."""

from django.test import SimpleTestCase

from oracle.decks import limits
from oracle.decks.files import decode, read_upload
from oracle.decks.parse import Entry, ListError, Section, parse_list, with_name
from oracle.decks.sharing import decode as unshare
from oracle.decks.sharing import encode as share

MAIN, SIDEBOARD, COMMANDER, COMPANION = (
    Section.MAIN,
    Section.SIDEBOARD,
    Section.COMMANDER,
    Section.COMPANION,
)


def cards(text):
    """(count, name, section) of each card line."""
    return [(entry.count, entry.name, entry.section) for entry in parse_list(text).entries]


class PlainAndMtgoListTests(SimpleTestCase):
    def test_counts_with_and_without_x_and_a_line_without_count(self):
        self.assertEqual(
            cards("4 Tarox Bladewing\n4x Angelo Eminente\n3 X Grapeshot\n2X Ghostfire\nForest"),
            [
                (4, "Tarox Bladewing", MAIN),
                (4, "Angelo Eminente", MAIN),
                (3, "Grapeshot", MAIN),
                (2, "Ghostfire", MAIN),
                (1, "Forest", MAIN),
            ],
        )

    def test_a_name_that_starts_with_x_keeps_it(self):
        self.assertEqual(cards("4 Xantid Swarm"), [(4, "Xantid Swarm", MAIN)])

    def test_the_first_blank_line_after_cards_starts_the_sideboard(self):
        text = "\n\n4 Tarox Bladewing\n56 Mountain\n\n3 Grapeshot\n\n2 Ghostfire\n"
        self.assertEqual(
            cards(text),
            [
                (4, "Tarox Bladewing", MAIN),
                (56, "Mountain", MAIN),
                (3, "Grapeshot", SIDEBOARD),
                (2, "Ghostfire", SIDEBOARD),
            ],
        )

    def test_sb_lines_go_to_the_sideboard_and_blank_lines_then_mean_nothing(self):
        text = "4 Tarox Bladewing\n\n56 Mountain\nSB: 2 Grapeshot\nsb:1 Ghostfire"
        self.assertEqual(
            cards(text),
            [
                (4, "Tarox Bladewing", MAIN),
                (56, "Mountain", MAIN),
                (2, "Grapeshot", SIDEBOARD),
                (1, "Ghostfire", SIDEBOARD),
            ],
        )

    def test_comments_are_skipped_and_line_numbers_kept(self):
        parsed = parse_list("# Rossi, Mario\n// burn\n4 Fulmine\n\n1 Ghostfire")
        self.assertEqual(
            parsed.entries,
            [
                Entry(3, "4 Fulmine", 4, "Fulmine", MAIN),
                Entry(5, "1 Ghostfire", 1, "Ghostfire", SIDEBOARD),
            ],
        )

    def test_a_player_line_names_the_player_and_is_no_card_line(self):
        parsed = parse_list("Giocatore: Mario Rossi\n4 Fulmine\nPlayer: Luca")
        self.assertEqual(parsed.player, "Mario Rossi")
        self.assertEqual(parsed.entries, [Entry(2, "4 Fulmine", 4, "Fulmine", MAIN)])
        self.assertEqual(parsed.flagged, [])


class ArenaListTests(SimpleTestCase):
    def test_headings_pins_and_the_deck_name(self):
        text = (
            "About\nName Mono Rosso\n\nCompanion\n1 Lurrus of the Dream-Den (IKO) 226\n\n"
            "Commander\n1 Tarox Bladewing (FUT) 123\n\nDeck\n4 Lightning Bolt (M11) 146\n"
            "20 Mountain (ONS) 343 *F*\n1 Giant Killer (ELD)\n\nSideboard\n2 Ghostfire (FUT) 95\n"
        )
        parsed = parse_list(text)
        self.assertEqual(parsed.title, "Mono Rosso")
        self.assertEqual(
            [(e.count, e.name, e.section, e.set_code, e.number) for e in parsed.entries],
            [
                (1, "Lurrus of the Dream-Den", COMPANION, "IKO", "226"),
                (1, "Tarox Bladewing", COMMANDER, "FUT", "123"),
                (4, "Lightning Bolt", MAIN, "M11", "146"),
                (20, "Mountain", MAIN, "ONS", "343"),
                (1, "Giant Killer", MAIN, "ELD", ""),
                (2, "Ghostfire", SIDEBOARD, "FUT", "95"),
            ],
        )

    def test_italian_and_decorated_headings(self):
        text = "COMANDANTE:\n1 Tarox Alaspada\n// Mazzo (99)\n99 Montagna\nSideboard: 1\n1 Fulmine"
        self.assertEqual(
            cards(text),
            [(1, "Tarox Alaspada", COMMANDER), (99, "Montagna", MAIN), (1, "Fulmine", SIDEBOARD)],
        )

    def test_a_blank_line_inside_a_headed_list_is_no_sideboard(self):
        self.assertEqual(
            cards("Deck\n4 Fulmine\n\n4 Ghostfire"), [(4, "Fulmine", MAIN), (4, "Ghostfire", MAIN)]
        )

    def test_a_name_in_parentheses_is_no_pin(self):
        parsed = parse_list("1 Erase (Not the Urza's Legacy One)")
        self.assertEqual(parsed.entries[0].name, "Erase (Not the Urza's Legacy One)")
        self.assertEqual(parsed.entries[0].set_code, "")


class FlaggedLineTests(SimpleTestCase):
    def reasons(self, text):
        return [(flagged.line, flagged.reason) for flagged in parse_list(text).flagged]

    def test_counts_of_zero_and_of_a_million_are_flagged(self):
        self.assertEqual(
            self.reasons("0 Forest\n1000000 Island\n999 Swamp"),
            [
                (1, "A count of 0: a line counts from 1 to 999 copies."),
                (2, "A count of 1,000,000: a line counts from 1 to 999 copies."),
            ],
        )

    def test_lines_of_numbers_only_are_flagged(self):
        self.assertEqual(
            self.reasons("4\n123456789\n4x"),
            [(line, "The line names no card.") for line in (1, 2, 3)],
        )

    def test_a_line_longer_than_any_name_is_flagged_and_shortened(self):
        flagged = parse_list("4 " + "a" * 500).flagged
        self.assertEqual(len(flagged[0].text), limits.MAX_LINE_CHARS + 1)
        self.assertIn("longer than 200 characters", flagged[0].reason)


class HostileInputTests(SimpleTestCase):
    def test_invisible_characters_are_taken_out(self):
        text = "\ufeff4 Tarox\u200b Blade\u200dwing\u200f\n\u202e2 Ghost\x00fire\u00a0\u00a0\n"
        self.assertEqual(cards(text), [(4, "Tarox Bladewing", MAIN), (2, "Ghostfire", MAIN)])

    def test_decomposed_accents_are_composed(self):
        self.assertEqual(cards("1 Ritorno Terrifica\u0300nte")[0][1], "Ritorno Terrificànte")

    def test_ten_thousand_lines_are_refused_with_the_limits(self):
        with self.assertRaisesMessage(
            ListError, "The list has 10,000 lines; at most 500 lines and 50,000 bytes are read."
        ):
            parse_list("4\n" * 10_000)

    def test_a_megabyte_is_refused_with_the_limits(self):
        with self.assertRaisesMessage(
            ListError,
            "The list is 1,000,000 bytes long; at most 50,000 bytes and 500 lines are read.",
        ):
            parse_list("x" * 1_000_000)

    def test_a_list_at_the_limits_is_read(self):
        text = "\n".join(["1 Forest"] * limits.MAX_LINES)
        self.assertEqual(len(parse_list(text).entries), limits.MAX_LINES)


class PickedNameTests(SimpleTestCase):
    def test_the_picked_name_replaces_the_name_and_keeps_the_rest(self):
        text = "4 Angelo Emnente\nSB: 2 Ghostfre (FUT) 95\n"
        text = with_name(text, 1, "Angelo Eminente")
        text = with_name(text, 2, "Ghostfire")
        self.assertEqual(text, "4 Angelo Eminente\nSB: 2 Ghostfire (FUT) 95")

    def test_a_line_out_of_range_changes_nothing(self):
        self.assertEqual(with_name("4 Fulmine", 7, "Ghostfire"), "4 Fulmine")


class UploadTests(SimpleTestCase):
    def test_utf8_with_a_bom_utf16_and_the_windows_code_page_are_read(self):
        text = "4 Città Perduta\r\n"
        self.assertEqual(decode(text.encode("utf-8-sig")), text)
        self.assertEqual(decode(text.encode("utf-16")), text)
        self.assertEqual(decode(text.encode("cp1252")), text)

    def test_binary_files_are_refused(self):
        png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
        for data in (png, bytes(range(1, 32)) * 10):
            with self.assertRaisesMessage(ListError, "The file is not a text file"):
                decode(data)

    def test_a_file_over_the_limit_is_not_read_to_its_end(self):
        read = []

        def chunks():
            for _ in range(100):
                read.append(1)
                yield b"1 Forest\n" * 1000

        with self.assertRaisesMessage(ListError, "larger than 50,000 bytes"):
            read_upload(chunks())
        self.assertEqual(len(read), 6)


class SharedAddressTests(SimpleTestCase):
    def test_a_list_comes_back_from_its_address(self):
        text = "Deck\n4 Angelo Eminente\n4 Città Perduta\n\nSideboard\n2 Ghostfire\n"
        packed = share(text)
        self.assertRegex(packed, r"^[A-Za-z0-9_-]+$")
        self.assertEqual(unshare(packed), text)

    def test_a_list_too_long_for_an_address_has_none(self):
        import random

        noise = random.Random(1)
        text = "\n".join(
            f"1 {''.join(noise.choice('abcdefghij') for _ in range(30))}" for _ in range(400)
        )
        self.assertIsNone(share(text))

    def test_damaged_addresses_are_refused(self):
        good = share("4 Fulmine")
        for damaged in (good[:-3], good + "!", "AAAA", "A", "x" * (limits.MAX_SHARED_CHARS + 1)):
            with self.assertRaises(ListError):
                unshare(damaged)

    def test_a_small_address_that_unpacks_to_a_great_deal_is_refused(self):
        import base64
        import zlib

        bomb = base64.urlsafe_b64encode(zlib.compress(b"1 Forest\n" * 100_000, 9)).decode()
        self.assertLess(len(bomb), limits.MAX_SHARED_CHARS)
        with self.assertRaisesMessage(ListError, "longer than 50,000 bytes"):
            unshare(bomb.rstrip("="))
