"""Every line of a pasted list is resolved, flagged or kept, through real requests: the exports,
the .txt downloads and the API never drop a line not read without saying so (MTGO and Arena
are refused with the line named, the Italian list carries it as a comment), one card on
several lines is one row with the sum everywhere, and the page lands on its verdict."""

import json
import re
from collections import Counter

from oracle.tests.helpers import squeeze
from web.testing import BundledDataTestCase

# 60 cards, 56 read: one line mistyped ("Lanciarapida del Monastro" style: Monastery Swiftspear is
# not in the bundled data, Tarox Bladewing is).
TYPO = """Mazzo
4 Tarox Alaspadda
4 Fuoco Spettrale
4 Shock
48 Montagna
"""

# Rough // Tumble on three lines of the main deck, by both halves, one half, in either
# language and case; and once in the sideboard.
SAME_CARD = """Deck
2 Sussulto // Turbolenza
4 Shock
1 turbolenza
1 ROUGH/TUMBLE
52 Mountain

Sideboard
1 Tumble
"""


def counted(text: str) -> Counter:
    """{card: copies} of an export's "count name" lines (comments and headings skipped)."""
    copies = Counter()
    for line in text.splitlines():
        found = re.match(r"(\d+) (.+?)(?: \(\w+\)(?: \S+)?)?$", line)
        if found:
            copies[found[2]] += int(found[1])
    return copies


class UnreadLineTests(BundledDataTestCase):
    def download(self, kind, text=TYPO, language="it"):
        return self.client.post(
            f"/{language}/decks/export/{kind}/", {"format": "legacy", "list": text}
        )

    def test_mtgo_and_arena_downloads_are_refused_with_the_line_named(self):
        for kind, client in (("mtgo", "MTGO"), ("arena", "Arena")):
            with self.subTest(kind):
                response = self.download(kind, language="en")
                self.assertEqual(response.status_code, 422)
                self.assertEqual(response["Content-Type"], "text/html; charset=utf-8")
                self.assertNotIn("Content-Disposition", response)
                page = squeeze(response.content.decode())
                self.assertIn(
                    f'role="alert">Not written: {client} would load the deck without line 2 '
                    "(“4 Tarox Alaspadda”). Pick a card for each line not read, then export.",
                    page,
                )
                # The page is the checked list again, with the suggestion to pick.
                self.assertIn('value="2:Tarox Alaspada"', page)

    def test_the_italian_download_carries_the_line_as_a_comment(self):
        response = self.download("italian")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(
            response["Content-Disposition"], 'attachment; filename="decklist-italian.txt"'
        )
        text = response.content.decode()
        self.assertEqual(
            text,
            "# Righe non lette: da correggere prima di registrare il mazzo.\n"
            "# riga 2 non letta: 4 Tarox Alaspadda\n"
            "Mazzo\n4 Fuoco Spettrale\n4 Shock\n48 Montagna\n",
        )
        # Read back, the comments are skipped: the same 56 cards, and nothing else.
        response = self.client.post("/it/decks/", {"format": "legacy", "list": text})
        self.assertNotContains(response, 'id="unresolved-heading"')
        self.assertContains(response, "Mazzo principale: <strong>56</strong>")

    def test_the_page_says_what_each_export_does_with_the_line(self):
        response = self.client.post("/it/decks/", {"format": "legacy", "list": TYPO})
        page = squeeze(response.content.decode())
        for client in ("MTGO", "Arena"):
            self.assertIn(
                f"Non scritta: {client} caricherebbe il mazzo senza la riga 2 (“4 Tarox "
                "Alaspadda”). Scegli una carta per ogni riga non letta, poi esporta.",
                page,
            )
        self.assertNotIn('id="export-mtgo"', page)
        self.assertNotIn('formaction="/it/decks/export/mtgo/"', page)
        self.assertIn(
            "La riga non letta resta in cima come commento “#”, che i lettori di liste saltano: "
            "la riga 2 (“4 Tarox Alaspadda”). Correggila prima dell’iscrizione.",
            page,
        )
        self.assertIn("# riga 2 non letta: 4 Tarox Alaspadda", page)
        self.assertIn('formaction="/it/decks/export/italian/"', page)

    def test_once_the_suggestion_is_picked_every_export_has_sixty_cards(self):
        response = self.client.post(
            "/it/decks/", {"format": "legacy", "list": TYPO, "pick": "2:Tarox Alaspada"}
        )
        fixed = squeeze(response.content.decode())
        self.assertIn("Legale in Legacy", fixed)
        self.assertNotIn("Non scritta", fixed)
        text = TYPO.replace("Alaspadda", "Alaspada")
        for kind, first in (
            ("mtgo", "4 Tarox Bladewing\n"),
            ("arena", "Deck\n4 Tarox Bladewing\n"),
            ("italian", "Mazzo\n4 Tarox Alaspada\n"),
        ):
            with self.subTest(kind):
                response = self.download(kind, text)
                self.assertEqual(response.status_code, 200)
                download = response.content.decode()
                self.assertTrue(download.startswith(first))
                self.assertEqual(sum(counted(download).values()), 60)
                self.assertEqual(len(counted(download)), 4)

    def test_many_lines_not_read_are_counted_beyond_the_first_five(self):
        text = "".join(f"1 Nessuna Carta {n}\n" for n in range(8)) + "4 Shock\n"
        response = self.download("mtgo", text, language="en")
        self.assertContains(
            response,
            "line 5 (“1 Nessuna Carta 4”), 3 more lines. Pick a card",
            status_code=422,
        )
        _response, data = self.api(text)
        self.assertIn("3 more lines", data["export_notes"]["arena"])
        self.assertEqual(data["export"]["italian"].count("non letta: 1 Nessuna Carta"), 8)

    def api(self, text, format_key="legacy"):
        response = self.client.post(
            "/api/decks/check/",
            {"list": text, "format": format_key},
            content_type="application/json",
        )
        return response, json.loads(response.content)

    def test_the_api_reports_the_same(self):
        response, data = self.api(TYPO)
        self.assertEqual(response.status_code, 200)
        self.assertEqual((data["export"]["mtgo"], data["export"]["arena"]), (None, None))
        self.assertEqual(
            data["export_notes"]["arena"],
            "Not written: Arena would load the deck without line 2 (“4 Tarox Alaspadda”). Pick "
            "a card for each line not read, then export.",
        )
        self.assertIn("# riga 2 non letta: 4 Tarox Alaspadda\n", data["export"]["italian"])
        self.assertIn("line 2 (“4 Tarox Alaspadda”)", data["export_notes"]["italian"])
        self.assertEqual([item["line"] for item in data["unresolved"]], [2])

    def test_a_player_line_is_no_line_not_read(self):
        text = "Giocatore: Mario Rossi\n" + TYPO.replace("Alaspadda", "Alaspada")
        response, data = self.api(text)
        self.assertEqual(data["unresolved"], [])
        self.assertIsNotNone(data["export"]["mtgo"])
        self.assertNotIn("Mario", data["export"]["mtgo"])


class SameCardTests(BundledDataTestCase):
    def test_one_row_with_the_sum_and_the_lines_it_came_from(self):
        response = self.client.post("/it/decks/", {"format": "legacy", "list": SAME_CARD})
        page = squeeze(response.content.decode())
        rows = re.findall(r'<td class="num">(\d+)</td> <th scope="row"><a [^>]*>([^<]+)</a>', page)
        self.assertEqual(
            rows,
            [
                ("4", "Sussulto // Turbolenza"),
                ("4", "Shock"),
                ("52", "Montagna"),
                ("1", "Sussulto // Turbolenza"),
            ],
        )
        self.assertIn("2 + 1 + 1 copie dalle righe 2, 4 e 5.", page)
        self.assertIn('<td class="num">2, 4, 5</td>', page)
        self.assertIn("Mazzo principale: <strong>60</strong>", page)
        # Four in the main deck and one in the sideboard: five copies, one too many.
        self.assertIn("5 copie di Sussulto // Turbolenza: al massimo 4.", page)
        self.assertIn(
            "Mazzo 4 Sussulto // Turbolenza 4 Shock 52 Montagna Sideboard 1 Sussulto // "
            "Turbolenza </textarea>",
            page,
        )

    def test_the_downloads_and_the_api_have_the_sum(self):
        for kind, expected in (
            ("mtgo", "4 Rough/Tumble\n4 Shock\n52 Mountain\n\n1 Rough/Tumble\n"),
            (
                "arena",
                "Deck\n4 Rough // Tumble\n4 Shock\n52 Mountain\n\nSideboard\n1 Rough // Tumble\n",
            ),
        ):
            with self.subTest(kind):
                response = self.client.post(
                    f"/en/decks/export/{kind}/", {"format": "legacy", "list": SAME_CARD}
                )
                self.assertEqual(response.content.decode(), expected)
        response = self.client.post(
            "/api/decks/check/",
            {"list": SAME_CARD, "format": "legacy"},
            content_type="application/json",
        )
        data = json.loads(response.content)
        self.assertEqual(
            [(row["lines"], row["count"], row["name"]) for row in data["main"]],
            [([2, 4, 5], 4, "Rough // Tumble"), ([3], 4, "Shock"), ([6], 52, "Mountain")],
        )
        self.assertEqual(data["main"][0]["line"], 2)
        self.assertEqual(
            [(problem["kind"], problem["card"]) for problem in data["problems"]],
            [("copies", "Rough // Tumble")],
        )

    def test_four_copies_over_two_lines_are_legal(self):
        text = "2 Sussulto // Turbolenza\n2 Rough\n4 Shock\n52 Montagna"
        response = self.client.post("/en/decks/", {"format": "legacy", "list": text})
        self.assertContains(response, "Legal in Legacy")


class VerdictLandingTests(BundledDataTestCase):
    def test_the_form_lands_on_the_verdict_with_its_counts(self):
        response = self.client.get("/it/decks/")
        self.assertContains(response, 'action="/it/decks/#verdict"')
        response = self.client.post("/it/decks/", {"format": "legacy", "list": TYPO})
        page = squeeze(response.content.decode())
        self.assertIn('action="/it/decks/#verdict"', page)
        self.assertRegex(page, r'<section [^>]*id="verdict" tabindex="-1"')
        self.assertIn(
            'Mazzo principale: <strong>56</strong></span> · <span><a href="#unresolved-heading">'
            "Righe non lette</a>: <strong>1</strong>",
            page,
        )


class OddInputTests(BundledDataTestCase):
    """Lists as people write them, merged and exported: never a 500, every line accounted."""

    ODD = (
        "\n\n// Burn di Mario\n# commento\nMazzo (60)\n\n4 Shock\n\n\nSB: 2 Shock\n"
        "SB:    \nSideboard:\n1 Tumble\n999 Montagna\n1000 Montagna\n0 Shock\n4x\n"
        "Sideboard (15)\nCommander\nCOMPANION\n3 turbolenza\n" + "x" * 300 + "\n\t\u200b\n"
    )

    def test_every_download_and_the_api_answer_without_a_500(self):
        for format_key in ("legacy", "commander", "vintage"):
            for kind in ("mtgo", "arena", "italian"):
                with self.subTest(format_key=format_key, kind=kind):
                    response = self.client.post(
                        f"/en/decks/export/{kind}/", {"format": format_key, "list": self.ODD}
                    )
                    self.assertEqual(response.status_code, 200 if kind == "italian" else 422)
            response = self.client.post(
                "/api/decks/check/",
                {"list": self.ODD, "format": format_key},
                content_type="application/json",
            )
            self.assertEqual(response.status_code, 200)
            data = json.loads(response.content)
            read = [row["lines"] for part in ("main", "sideboard", "commander", "companion")
                    for row in data[part]]  # fmt: skip
            flagged = [item["line"] for item in data["unresolved"]]
            every = sorted([number for lines in read for number in lines] + flagged)
            self.assertEqual(every, [7, 10, 13, 14, 15, 16, 17, 21, 22])
            self.assertEqual(flagged, [15, 16, 17, 22])
