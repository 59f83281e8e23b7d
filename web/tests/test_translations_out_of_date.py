"""A translation kept true over time: when a later card file rewords an English ruling, its
approved Italian is out of date (the admin shows the old and new English word by word and carries
it forward), and the Italian card page shows the new English, not a stale Italian; an editor
withdrawing the ruling hides both. A translation follows its ruling's status: an outdated ruling
shows its Italian under the outdated rulings, with its reason."""

import json
import re
from html import unescape

from django.contrib.auth.models import Group, User
from django.urls import reverse

from oracle.models import Card
from oracle.tests.helpers import FUT, TAROX_ORACLE_ID, TemporaryFilesMixin, run_import
from rulings.editorial.editors import EDITORS_GROUP
from rulings.editorial.translation_roles import REVIEWERS_GROUP, TRANSLATORS_GROUP
from rulings.models import Ruling, RulingText, RulingTranslation
from rulings.translations import review
from web.testing import EmptyDatabaseTestCase

ITALIAN = {"accept-language": "it-IT,it;q=0.9"}
TAROX_ITALIAN = (
    "Il bonus di +X/+X si basa sulla forza di {this} quando l’abilità si risolve. "
    "Non cambia se la forza di Tarox cambia più avanti nel turno."
)
SHOWN_ITALIAN = "Il bonus di +X/+X si basa sulla forza di Tarox Alaspada"
REWORDED = (
    "The +X/+X bonus is based on Tarox Bladewing’s power as the ability resolves. "
    "It won’t change if Tarox’s power changes later that turn."
)
Status = RulingTranslation.Status


def page_text(response) -> str:
    html = re.sub(r"(?s)<script.*?</script>|<style.*?</style>", " ", response.content.decode())
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def staff(username, group):
    user = User.objects.create_user(username, password="pw-for-tests", is_staff=True)
    user.groups.add(Group.objects.get(name=group))
    return user


class OutOfDateTranslationTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    def setUp(self):
        super().setUp()
        run_import(FUT)
        self.tarox = Card.objects.get(oracle_id=TAROX_ORACLE_ID)
        self.ruling = self.tarox.rulings.get()
        self.old_text = RulingText.objects.get(key=self.ruling.memory_key)
        self.translator = staff("tina", TRANSLATORS_GROUP)
        self.reviewer = staff("rita", REVIEWERS_GROUP)
        self.translation = RulingTranslation.objects.create(
            text=self.old_text, italian=TAROX_ITALIAN, translator=self.translator
        )
        review.approve(self.translation, self.reviewer)

    def italian_page(self):
        return self.client.get(f"/it/cards/{self.tarox.slug}/").content.decode()

    def reworded_file(self):
        """The Future Sight file with Tarox's one ruling reworded, as a later import has it."""
        data = json.loads(FUT.read_text(encoding="utf-8"))
        for card in data["data"]["cards"]:
            if card["name"] == "Tarox Bladewing":
                card["rulings"] = [{"date": "2007-05-01", "text": REWORDED}]
        return self.write_json("FUT-reworded.json", data)

    def review_page(self, user, translation=None):
        self.client.force_login(user)
        url = reverse(
            "admin:rulings_rulingtranslation_review", args=[(translation or self.translation).pk]
        )
        return self.client.get(url, headers=ITALIAN)

    def test_a_rewording_import_puts_the_translation_out_of_date(self):
        self.assertIn(SHOWN_ITALIAN, self.italian_page())

        run_import(self.reworded_file())

        self.old_text.refresh_from_db()
        self.assertIsNotNone(self.old_text.gone_since)
        new_text = self.tarox.rulings.get().memory_key
        self.assertEqual(self.old_text.replaced_by_id, new_text)
        self.assertIn("later that turn", self.old_text.replaced_by.english)
        # The card page falls back to the new English: no stale Italian, no credit.
        page = self.italian_page()
        self.assertNotIn(SHOWN_ITALIAN, page)
        self.assertNotIn("tradotta dalla redazione", page)
        self.assertIn("power changes later that turn", page)

        # The admin: the list marks it out of date, the filter finds it.
        self.client.force_login(self.reviewer)
        listing = self.client.get(
            reverse("admin:rulings_rulingtranslation_changelist"),
            {"out_of_date": "yes"},
            headers=ITALIAN,
        )
        self.assertIn("Inglese vecchio e nuovo", page_text(listing))
        self.assertIn("Il bonus di +X/+X", page_text(listing))
        up_to_date = self.client.get(
            reverse("admin:rulings_rulingtranslation_changelist"), {"out_of_date": "no"}
        )
        self.assertNotIn("Il bonus di +X/+X", page_text(up_to_date))

        # The review page: the old English and the new, word by word.
        response = self.review_page(self.reviewer)
        self.assertIn("L’inglese è cambiato", page_text(response))
        html = response.content.decode()
        changes = html[html.index('class="english-changes"') :]
        changes = changes[: changes.index("</dd>")]
        self.assertIn("<del>at the time</del>", changes)
        self.assertIn("<ins>as</ins>", changes)
        self.assertIn("<del>in the</del>", changes)
        self.assertIn("<ins>that</ins>", changes)
        self.assertNotIn("Approva<", html)  # an out-of-date one is carried forward instead

        # Carried forward: a proposed translation of the new English, from the old Italian.
        self.client.force_login(self.translator)
        response = self.client.post(
            reverse("admin:rulings_rulingtranslation_carry_forward", args=[self.translation.pk]),
            headers=ITALIAN,
        )
        carried = RulingTranslation.objects.get(text_id=new_text)
        self.assertRedirects(
            response, reverse("admin:rulings_rulingtranslation_change", args=[carried.pk])
        )
        self.assertEqual(
            (carried.status, carried.italian, carried.translator),
            (Status.PROPOSED, TAROX_ITALIAN, self.translator),
        )
        self.assertNotIn(SHOWN_ITALIAN, self.italian_page())
        # Twice is refused, with the reason.
        again = self.client.post(
            reverse("admin:rulings_rulingtranslation_carry_forward", args=[self.translation.pk]),
            headers=ITALIAN,
        )
        self.assertEqual(again.status_code, 400)
        self.assertIn("Il nuovo inglese ha già una traduzione", page_text(again))

        carried.italian = TAROX_ITALIAN.replace("quando", "mentre").replace("nel", "in quel")
        carried.save()
        review.approve(carried, self.reviewer)
        self.assertIn("forza di Tarox Alaspada mentre l’abilità", self.italian_page())

    def test_an_editor_withdrawing_the_ruling_hides_it_and_its_translation(self):
        editor = staff("edo", EDITORS_GROUP)
        self.client.force_login(editor)
        response = self.client.post(
            reverse("admin:rulings_ruling_changelist"),
            {"action": "withdraw", "_selected_action": [self.ruling.pk], "post": "yes"},
        )
        self.assertEqual(response.status_code, 302)
        self.ruling.refresh_from_db()
        self.assertEqual(self.ruling.status, Ruling.Status.WITHDRAWN)
        self.old_text.refresh_from_db()
        self.assertIsNotNone(self.old_text.gone_since)
        self.assertIsNone(self.old_text.replaced_by)

        page = self.italian_page()
        self.assertNotIn(SHOWN_ITALIAN, page)
        self.assertNotIn("Tarox Bladewing’s power", page)

        response = self.review_page(self.reviewer)
        self.assertIn("è stato ritirato e nulla l’ha sostituito", page_text(response))
        self.client.force_login(self.translator)
        refused = self.client.post(
            reverse("admin:rulings_rulingtranslation_carry_forward", args=[self.translation.pk]),
            headers=ITALIAN,
        )
        self.assertEqual(refused.status_code, 400)
        self.assertIn("ritirato, non riformulato", page_text(refused))
        self.assertEqual(RulingTranslation.objects.count(), 1)

        # Brought back from its history, the ruling has its text again: no longer gone.
        self.ruling.status, self.ruling.status_set_by_hand = Ruling.Status.CURRENT, False
        self.ruling.save()
        self.old_text.refresh_from_db()
        self.assertIsNone(self.old_text.gone_since)
        self.assertIn(SHOWN_ITALIAN, self.italian_page())

    def test_an_outdated_ruling_shows_its_italian_among_the_outdated(self):
        self.ruling.status = Ruling.Status.OUTDATED
        self.ruling.status_set_by_hand = True
        self.ruling.status_note = "The bonus rules changed."
        self.ruling.save()
        page = self.italian_page()
        outdated = page[page.index('class="outdated-rulings"') :]
        outdated = outdated[: outdated.index("</section>")]
        item = outdated[outdated.index(f'<li id="ruling-{self.ruling.pk}"') :]
        item = item[: item.index("</li>\n</ol>") if "</li>\n</ol>" in item else None]
        self.assertIn('class="outdated"', item[: item.index(">")])
        self.assertIn(SHOWN_ITALIAN, item)
        self.assertIn("tradotta dalla redazione", item)
        self.assertIn("The bonus rules changed.", item)
        # Nowhere else on the page: only among the outdated ones.
        self.assertEqual(page.count(SHOWN_ITALIAN), 1)
