"""Reading Comprehensive Rules files as published, without a database.

The reader is tested on the three real editions the repository carries (fixtures/rules/en/) and
on small samples (rulings/tests/data/) turned into the shapes real files come in: a BOM, CRLF
or bare CR line ends, a cp437 or Mac Roman byte, U+2028 and no-break spaces.
"""

from datetime import date

from django.test import SimpleTestCase

from rulings.importers.comprehensive_rules import (
    CHAPTER,
    RULE,
    SECTION,
    SUBRULE,
    ReadError,
    parse_rules,
    read_rules,
)
from rulings.tests.helpers import RULES, RULES_SAMPLE

# A sample rule that names a creature type with a non-ASCII letter, as the May 2007 file does.
EL_HAJJAJ = "205.4d A creature type: El-Hajjâj is one of them."


def with_line(data: bytes, after: bytes, line: bytes) -> bytes:
    """``data`` with ``line`` inserted after the line starting with ``after``."""
    start = data.index(after)
    end = data.index(b"\n", start)
    return data[: end + 1] + b"\n" + line + b"\n" + data[end + 1 :]


def legacy(encoding: str, line_end: bytes) -> bytes:
    """The sample as an old file: a single-byte code page and the given line ends."""
    text = RULES_SAMPLE.decode("utf-8")
    for fancy, plain in {"’": "'", "“": '"', "”": '"', "—": "-", "−": "-"}.items():
        text = text.replace(fancy, plain)
    data = with_line(text.encode("ascii"), b"     Cards printed", EL_HAJJAJ.encode(encoding))
    return data.replace(b"\n", line_end)


class ReaderOnBundledEditionsTests(SimpleTestCase):
    """The counts of ../shared/data/README.md, read from the copies in fixtures/rules/en/."""

    def test_april_2026_counts_match_the_data_readme(self):
        document = read_rules(RULES / "20260417.txt")
        self.assertEqual(document.effective_date, date(2026, 4, 17))
        self.assertEqual(document.language, "en")
        self.assertEqual(document.encoding, "utf-8-sig")
        self.assertEqual(
            document.counts,
            {"chapters": 9, "sections": 147, "rules": 1165, "subrules": 1973, "glossary": 730},
        )
        self.assertEqual(document.warnings, [])

    def test_july_2009_counts_include_the_rules_printed_with_a_space(self):
        # The data README counts 106 sections, 647 rules, 819 subrules with line patterns that
        # miss the four rules printed after a leading space (" 509.1c", " 605.3a", " 611.2.",
        # " 615.1d") and count "702. 37a" and "702. 37b" (Storm's subrules with a stray space) as
        # sections: 106 - 2 = 104 sections, 647 + 1 = 648 rules, 819 + 3 + 2 = 824 subrules.
        document = read_rules(RULES / "20090711.txt")
        self.assertEqual(document.effective_date, date(2009, 7, 11))
        self.assertEqual(
            document.counts,
            {"chapters": 8, "sections": 104, "rules": 648, "subrules": 824, "glossary": 408},
        )
        numbers = {record.number for record in document.sections}
        self.assertLessEqual({"509.1c", "605.3a", "611.2", "615.1d", "702.37a"}, numbers)
        self.assertEqual(len(document.warnings), 2)

    def test_may_2007_counts_and_its_misprints(self):
        # The README's 86 sections include the misprinted subrule "606. 8b"; its 616 subrules
        # miss it. "432.2b" between 423.2a and 423.3 is read as 423.2b.
        document = read_rules(RULES / "20070501.txt")
        self.assertEqual(document.effective_date, date(2007, 5, 1))
        self.assertEqual(document.encoding, "cp437")
        self.assertEqual(
            document.counts,
            {"chapters": 6, "sections": 85, "rules": 455, "subrules": 617, "glossary": 373},
        )
        by_number = {record.number: record for record in document.sections}
        self.assertIn("423.2b", by_number)
        self.assertNotIn("432.2b", by_number)
        self.assertEqual(by_number["606.8b"].parent, "606.8")
        creature_types = [entry for entry in document.glossary if "El-Hajj" in entry.text]
        self.assertIn("El-Hajjâj", creature_types[0].text)  # byte 0x83, cp437
        self.assertEqual(by_number["502.26"].title, "Morph")
        self.assertEqual(by_number["502.26"].text, "")
        self.assertIn("read 432.2b as 423.2b", " ".join(document.warnings))

    def test_every_item_has_its_parent_before_it(self):
        document = read_rules(RULES / "20260417.txt")
        seen = set()
        for record in document.sections:
            if record.parent is not None:
                self.assertIn(record.parent, seen, record.number)
            seen.add(record.number)


class ReaderTests(SimpleTestCase):
    def read(self, data: bytes, **options):
        return parse_rules(data, name="sample.txt", **options)

    def test_layout(self):
        document = self.read(RULES_SAMPLE)
        by_number = {record.number: record for record in document.sections}
        self.assertEqual(document.effective_date, date(2026, 4, 17))
        # The contents (1. Game Concepts, 100. General, ...) are not read as rules.
        self.assertEqual(
            document.counts,
            {"chapters": 4, "sections": 4, "rules": 7, "subrules": 10, "glossary": 2},
        )
        self.assertEqual(
            [(r.number, r.level, r.parent) for r in document.sections[:4]],
            [("1", CHAPTER, None), ("100", SECTION, "1"), ("100.1", RULE, "100"),
             ("100.1a", SUBRULE, "100.1")],
        )  # fmt: skip
        self.assertEqual(by_number["7"].title, "Additional Rules")
        self.assertEqual(by_number["702"].title, "Keyword Abilities")
        self.assertTrue(by_number["100.1"].text.startswith("These Magic rules apply"))
        self.assertEqual(by_number["100.1"].title, "")

    def test_headed_rule_has_a_title_and_no_text(self):
        morph = {r.number: r for r in self.read(RULES_SAMPLE).sections}["702.37"]
        self.assertEqual((morph.title, morph.text, morph.level), ("Morph", "", RULE))

    def test_examples_are_folded_into_the_rule_above(self):
        rules = {r.number: r for r in self.read(RULES_SAMPLE).sections}
        self.assertEqual(len(rules["205.4b"].examples), 1)
        self.assertTrue(rules["205.4b"].examples[0].startswith("An ability reads, “All lands"))
        self.assertNotIn("Example", rules["205.4b"].text)
        self.assertEqual(rules["205.4a"].examples, ())

    def test_rule_number_without_its_period(self):
        rules = {r.number: r for r in self.read(RULES_SAMPLE).sections}
        self.assertEqual(rules["606.5"].level, RULE)
        self.assertTrue(rules["606.5"].text.startswith("If the total cost"))
        self.assertTrue(rules["606.5"].examples[0].startswith("A player controls Carth"))

    def test_multi_paragraph_rule_joins_its_paragraphs_with_a_newline(self):
        basic = {r.number: r for r in self.read(RULES_SAMPLE).sections}["205.4c"]
        first, second = basic.text.split("\n")
        self.assertTrue(first.startswith("Any land with the supertype “basic”"))
        self.assertTrue(second.startswith("Cards printed in sets prior to the Eighth Edition"))

    def test_glossary_stops_at_the_credits(self):
        glossary = self.read(RULES_SAMPLE).glossary
        self.assertEqual(
            [(e.term, e.slug) for e in glossary], [("Flying", "flying"), ("Morph", "morph")]
        )
        self.assertTrue(glossary[1].text.startswith("A keyword ability that lets a card be cast"))
        self.assertNotIn("Garfield", glossary[1].text)

    def test_line_ends_bom_nbsp_and_line_separators_read_alike(self):
        expected = self.read(RULES_SAMPLE).sections
        variants = {
            "BOM": b"\xef\xbb\xbf" + RULES_SAMPLE,
            "CRLF": RULES_SAMPLE.replace(b"\n", b"\r\n"),
            "bare CR": RULES_SAMPLE.replace(b"\n", b"\r"),
            "U+2028": RULES_SAMPLE.decode().replace("\n", "\u2028").encode(),
            "NBSP": RULES_SAMPLE.replace(b"702.9a ", "702.9a\u00a0".encode()).replace(
                b"Flying is", "Flying\u00a0is".encode()
            ),
        }
        for name, data in variants.items():
            with self.subTest(name):
                self.assertEqual(self.read(data).sections, expected)

    def test_cp437_byte_of_the_may_2007_file(self):
        data = legacy("cp437", b"\r\n")
        self.assertIn(b"El-Hajj\x83j", data)
        document = self.read(data)
        self.assertEqual(document.encoding, "cp437")
        rule = {r.number: r for r in document.sections}["205.4d"]
        self.assertEqual(rule.text, "A creature type: El-Hajjâj is one of them.")

    def test_mac_roman_byte_of_older_files_with_bare_cr(self):
        data = legacy("mac_roman", b"\r")
        self.assertIn(b"El-Hajj\x89j", data)
        document = self.read(data)
        self.assertEqual(document.encoding, "mac_roman")
        self.assertIn("El-Hajjâj", {r.number: r for r in document.sections}["205.4d"].text)

    def test_cp1252_quotes(self):
        data = RULES_SAMPLE.decode().encode("cp1252", errors="replace").replace(b"\n", b"\r\n")
        document = self.read(data)
        self.assertEqual(document.encoding, "cp1252")
        self.assertIn("can’t be blocked", {r.number: r for r in document.sections}["702.9b"].text)

    def test_italian_header_sets_date_and_language(self):
        data = RULES_SAMPLE.replace(
            b"These rules are effective as of April 17, 2026.",
            b"Queste regole sono in vigore dal 17 aprile 2026.",
        )
        document = self.read(data)
        self.assertEqual((document.effective_date, document.language), (date(2026, 4, 17), "it"))
        self.assertEqual(self.read(data, language="en").language, "en")

    def test_older_header_wording(self):
        data = RULES_SAMPLE.replace(b"effective as of April 17, 2026", b"current as of May 1, 2007")
        self.assertEqual(self.read(data).effective_date, date(2007, 5, 1))

    def test_misprinted_numbers_are_read_with_a_warning(self):
        transposed = RULES_SAMPLE.replace(b"702.9b A creature", b"709.2b A creature")
        document = self.read(transposed)
        self.assertIn("702.9b", {r.number for r in document.sections})
        self.assertEqual(
            document.warnings, ["sample.txt, line 70: read 709.2b as 702.9b (misprint)"]
        )
        spaced = self.read(RULES_SAMPLE.replace(b"702.9c Multiple", b"702. 9c Multiple"))
        self.assertIn("702.9c", {r.number for r in spaced.sections})
        self.assertEqual(spaced.counts["sections"], 4)

    def assertReadError(self, data, message):
        with self.assertRaises(ReadError) as raised:
            self.read(data)
        self.assertEqual(str(raised.exception), message)

    def test_no_header_date(self):
        self.assertReadError(
            RULES_SAMPLE.replace(b"These rules are effective as of April 17, 2026.", b"Hello."),
            "sample.txt, line 1: no effective date in the header; expected a line such as 'These "
            "rules are effective as of April 17, 2026.' (or 'Queste regole sono in vigore dal 17 "
            "aprile 2026.')",
        )

    def test_number_out_of_order(self):
        self.assertReadError(
            RULES_SAMPLE.replace(b"702.9c Multiple", b"702.9a Multiple"),
            "sample.txt, line 72: subrule 702.9a is out of order; expected a number after 702.9b",
        )

    def test_rule_without_its_section(self):
        self.assertReadError(
            RULES_SAMPLE.replace(b"606. Loyalty Abilities", b"605. Loyalty Abilities"),
            "sample.txt, line 55: rule 606.4 has no section 606 before it; expected '606. ...' "
            "first",
        )

    def test_unreadable_number(self):
        self.assertReadError(
            RULES_SAMPLE.replace(b"702.9a Flying", b"7029.1a Flying"),
            "sample.txt, line 68: cannot read the rule number in '7029.1a Flying is an evasion "
            "ability.'; expected a section '702. Title', a rule '702.37. Text' or a subrule "
            "'702.37c Text'",
        )

    def test_no_rules(self):
        self.assertReadError(
            b"These rules are effective as of April 17, 2026.\n\nGlossary\n",
            "sample.txt: no numbered rules found; expected lines such as '100.1. These Magic "
            "rules apply to any Magic game ...'",
        )

    def test_partial_file_accepts_any_order_and_missing_parents(self):
        data = (
            "Queste regole sono in vigore dal 1° maggio 2007.\n\n"
            "502.26b Per giocare una carta usando la sua abilità metamorfosi, girala a faccia in "
            "giù.\n\n502.18. Ciclo\n\n502.18a Ciclo è un'abilità attivata.\n"
        ).encode()
        with self.assertRaises(ReadError):
            self.read(data)
        document = self.read(data, partial=True)
        self.assertEqual([r.number for r in document.sections], ["502.18", "502.18a", "502.26b"])
        self.assertEqual([r.parent for r in document.sections], [None, "502.18", None])
        self.assertEqual(document.language, "it")
