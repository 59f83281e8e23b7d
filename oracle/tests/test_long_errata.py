"""Long texts (issue 32, item 8): an editor's erratum of 95 KB saves, and the card page and the
history pages that compare it word by word answer at once; the word diff stays fast and right
at any length the admin takes, and the admin refuses longer texts with a clear message."""

import difflib
import random
import re
import time
from datetime import date

from django.contrib.auth.models import Group, User
from django.test import SimpleTestCase
from django.urls import reverse

from common.admin_text import LONGEST_TEXT
from common.bounded_diff import DIFFLIB_PAIRS, opcodes
from common.word_changes import word_changes
from oracle.models import Erratum, PrintingFace
from oracle.tests.factories import make_card, make_erratum
from oracle.wording_history import wording_history
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import Ruling
from web.testing import EmptyDatabaseTestCase

# Far more than the work takes; before issue 32 it took far longer (benchmarks/README.md).
SECONDS = 2
CARD_WORDS = "target creature you control gets +1/+1 until end of turn draw a card".split()


def prose(size: int, seed: int = 1) -> str:
    """About ``size`` characters of sentences in a vocabulary of 3,000 made-up words, frequent
    ones and rare ones as in a language, a sentence a line."""
    chance = random.Random(seed)
    vocabulary = [f"w{n}" for n in range(3000)]
    weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
    sentences, length = [], 0
    while length < size:
        words = chance.choices(vocabulary, weights, k=chance.randint(5, 25))
        sentences.append(" ".join(words).capitalize() + ".")
        length += len(sentences[-1]) + 1
    return "\n".join(sentences)[:size]


def card_words(count: int, seed: int) -> str:
    chance = random.Random(seed)
    return " ".join(chance.choice(CARD_WORDS) for _ in range(count))


def with_words_replaced(text: str, every: int, seed: int, label: str = "CHANGED"):
    """``text`` with one word in ``every`` (about) replaced by "CHANGED1", "CHANGED2", ...,
    and the words replaced."""
    chance = random.Random(seed)
    words, replaced = text.split(" "), []
    for index in range(len(words)):
        if chance.randrange(every) == 0 and "\n" not in words[index]:
            replaced.append(words[index])
            words[index] = f"{label}{len(replaced)}"
    return " ".join(words), replaced


def timed(work):
    # Texts this long are never kept in word_changes' memo: each call compares them again.
    start = time.process_time()
    result = work()
    return result, time.process_time() - start


class LongWordDiffTests(SimpleTestCase):
    def test_two_texts_of_8000_common_words_are_compared_at_once(self):
        old = card_words(8000, seed=1)
        new, replaced = with_words_replaced(old, every=40, seed=2)
        changes, seconds = timed(lambda: word_changes(old, new))
        self.assertLess(seconds, SECONDS)
        inserted = [" ".join(lines) for kind, lines in changes if kind == "ins"]
        # Most of the replacements found as such, word for word (few common words allow others).
        self.assertGreater(len(set(inserted) & {f"CHANGED{n + 1}" for n in range(200)}), 150)
        self.assertEqual(changes, word_changes(old, new))  # the same every time

    def test_a_95_kb_text_edited_here_and_there_shows_just_the_words_changed(self):
        old = prose(95_000)
        new, replaced = with_words_replaced(old, every=500, seed=3)
        self.assertGreater(len(replaced), 20)
        changes, seconds = timed(lambda: word_changes(old, new))
        self.assertLess(seconds, SECONDS)
        removed = [" ".join(lines) for kind, lines in changes if kind == "del"]
        inserted = [" ".join(lines) for kind, lines in changes if kind == "ins"]
        self.assertEqual(removed, replaced)
        self.assertEqual(inserted, [f"CHANGED{n + 1}" for n in range(len(replaced))])

    def test_a_card_wording_against_95_kb_and_back(self):
        big = prose(95_000)
        for old, new in (("Flying", big), (big, "Flying"), (big, prose(95_000, seed=2))):
            changes, seconds = timed(lambda old=old, new=new: word_changes(old, new))
            self.assertLess(seconds, SECONDS)
            shown = "".join("\n".join(lines) for kind, lines in changes if kind != "del")
            self.assertEqual(shown.split(), new.split())

    def test_the_opcodes_turn_one_sequence_into_the_other_and_match_difflibs_when_short(self):
        chance = random.Random(4)
        for length, alphabet in ((30, 3), (400, 5), (700, 12), (3000, 40), (3000, 3000)):
            for _ in range(5):
                a = [chance.randrange(alphabet) for _ in range(length)]
                b = [chance.randrange(alphabet) for _ in range(chance.randint(0, length))]
                b[len(b) // 3 : len(b) // 3] = a[length // 2 : length // 2 + 50]  # a shared run
                codes = opcodes(a, b)
                with self.subTest(length=length, alphabet=alphabet):
                    self.assertEqual((codes[0][1], codes[0][3]), (0, 0))
                    self.assertEqual((codes[-1][2], codes[-1][4]), (len(a), len(b)))
                    for before, after in zip(codes, codes[1:], strict=False):
                        self.assertEqual((before[2], before[4]), (after[1], after[3]))
                    for kind, a_start, a_end, b_start, b_end in codes:
                        if kind == "equal":
                            self.assertEqual(a[a_start:a_end], b[b_start:b_end])
                    if len(a) * len(b) <= DIFFLIB_PAIRS:
                        matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
                        self.assertEqual(codes, matcher.get_opcodes())
                    else:  # the shared run at least is found
                        kept = sum(end - start for kind, start, end, *_ in codes if kind == "equal")
                        self.assertGreaterEqual(kept, 50)


class LongErratumTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.big = prose(95_000)
        cls.card = make_card(name="Long Bear", name_it="Orso Lungo", oracle_text=cls.big)
        PrintingFace.objects.filter(face__card=cls.card).update(original_text=cls.big)
        cls.editor = User.objects.create_user("redattore", password="pw", is_staff=True)
        cls.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))

    def setUp(self):
        self.client.force_login(self.editor)

    def form(self, **fields):
        return {
            "card": self.card.pk,
            "date": "2026-12-01",
            "field": "text",
            "old_text": self.big,
            "new_text": self.big,
            "reason": "",
            "reason_it": "",
            "source": "",
            **fields,
        }

    def timed_request(self, method, url, data=None):
        response, seconds = timed(lambda: getattr(self.client, method)(url, data))
        self.assertLess(seconds, SECONDS, url)
        return response

    def test_a_95_kb_erratum_saves_and_its_card_and_history_pages_render(self):
        edited, _replaced = with_words_replaced(self.big, every=300, seed=5)
        add_url = reverse("admin:oracle_erratum_add")
        response = self.timed_request("post", add_url, self.form(new_text=edited))
        self.assertEqual(response.status_code, 302, response.content[:2000])
        erratum = Erratum.objects.get(card=self.card)
        self.assertEqual(erratum.new_text, edited)
        again, replaced = with_words_replaced(edited, every=300, seed=6, label="AGAIN")
        change_url = reverse("admin:oracle_erratum_change", args=[erratum.pk])
        response = self.timed_request("post", change_url, self.form(new_text=again))
        self.assertEqual(response.status_code, 302, response.content[:2000])
        # An erratum whose old words are in no wording, looked for line by line in 95 KB.
        make_erratum(self.card, "Nowhere to be seen", "Trample", when=date(2026, 12, 2))

        for language in ("en", "it"):
            with self.subTest(language=language):
                response = self.timed_request("get", f"/{language}/cards/{self.card.slug}/")
                self.assertEqual(response.status_code, 200)
                page = response.content.decode()
                self.assertIn("<ins>AGAIN1</ins>", page)
                self.assertIn("Nowhere to be seen", page)

        history_url = reverse("admin:oracle_erratum_history", args=[erratum.pk])
        page = self.timed_request("get", history_url).content.decode()
        for number, word in enumerate(replaced, start=1):
            self.assertRegex(page, rf"<del>{re.escape(word)}</del>\s*<ins>AGAIN{number}</ins>")
        record = erratum.history.earliest()
        revert_url = reverse("admin:oracle_erratum_simple_history", args=[erratum.pk, record.pk])
        self.assertEqual(self.timed_request("get", revert_url).status_code, 200)

    def test_the_wording_history_looks_for_old_words_in_a_long_wording_at_once(self):
        make_erratum(self.card, "Not\nhere", "Trample", when=date(2021, 1, 1))
        card = type(self.card).objects.for_page().get(pk=self.card.pk)
        history, seconds = timed(lambda: wording_history(card, None))
        self.assertLess(seconds, SECONDS)
        kinds = [(entry.kind, entry.excerpt) for entry in history.faces[0].entries]
        self.assertEqual(kinds, [("printed", False), ("erratum", True), ("oracle", False)])

    def test_a_text_over_the_limit_is_refused_in_the_editors_language(self):
        too_long = "w" * (LONGEST_TEXT + 1)
        ruling = Ruling.objects.create(
            card=self.card, date=date(2020, 1, 1), text="Short.", origin=Ruling.Origin.EDITOR
        )
        ruling_form = {"card": self.card.pk, "date": "2020-01-01", "language": "en"}
        pages = (
            (reverse("admin:oracle_erratum_add"), self.form(new_text=too_long)),
            (
                reverse("admin:rulings_ruling_change", args=[ruling.pk]),
                {**ruling_form, "position": 0, "text": too_long},
            ),
        )
        messages = {
            "en": f"Ensure this value has at most {LONGEST_TEXT} characters (it has "
            f"{LONGEST_TEXT + 1}).",
            "it": f"Assicurati che questo valore non contenga più di {LONGEST_TEXT} caratteri "
            f"(ne ha {LONGEST_TEXT + 1}).",
        }
        for url, form in pages:
            for language, message in messages.items():
                with self.subTest(url=url, language=language):
                    self.client.cookies["django_language"] = language
                    response = self.client.post(url, form)
                    self.assertEqual(response.status_code, 200)
                    self.assertContains(response, message)
        self.assertFalse(Erratum.objects.exists())
        ruling.refresh_from_db()
        self.assertEqual(ruling.text, "Short.")
        form = self.client.get(reverse("admin:oracle_erratum_add")).content.decode()
        self.assertIn(f'maxlength="{LONGEST_TEXT}"', form)
