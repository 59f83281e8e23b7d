"""The translators' work end to end in a real headless Chromium, in Italian: a translator finds
an English ruling text in the queue and proposes its Italian, a reviewer approves it, and the
Italian pages of two different cards sharing the text show it, each with its own name."""

from datetime import date

from django.contrib.auth.models import Group, User

from oracle.models import Card
from oracle.tests.browser import FutureSightBrowserTestCase
from rulings.editorial.translation_roles import REVIEWERS_GROUP, TRANSLATORS_GROUP
from rulings.models import Ruling, RulingText, RulingTranslation

ENGLISH = "{name} can block a creature with shadow as though {name} had shadow."
ITALIAN = "{this} può bloccare una creatura con ombra come se {this} avesse ombra."


def staff(username: str, group: str) -> User:
    user = User.objects.create_user(username, password="pw-for-tests", is_staff=True)
    user.groups.add(Group.objects.get(name=group))
    return user


class TranslationJourneyTests(FutureSightBrowserTestCase):
    def setUp(self):
        self.cards = [Card.objects.get(name="Nix"), Card.objects.get(name="Tarox Bladewing")]
        for card in self.cards:
            Ruling.objects.create(
                card=card,
                date=date(2026, 11, 20),
                text=ENGLISH.format(name=card.name),
                origin=Ruling.Origin.IMPORTED,
                source_key=f"browser-{card.pk}",
            )
        self.text = RulingText.objects.get(english__startswith="{this} can block")

    def test_a_translator_proposes_a_reviewer_approves_and_two_cards_show_it(self):
        self.assertEqual(self.text.card_rulings, 2)
        translator = self.signed_in_page(staff("traduttrice", TRANSLATORS_GROUP))
        translator.goto(f"{self.live_server_url}/admin/rulings/rulingtext/")
        translator.get_by_role("link", name="{this} can block").click()
        translator.wait_for_url(f"**/admin/rulings/rulingtext/{self.text.key}/change/")
        form = translator.locator("textarea")
        # A proposal that loses the card's name is refused, with the reason, and not saved.
        form.fill("Può bloccare una creatura con ombra.")
        translator.get_by_role("button", name="Proponi questo italiano").click()
        self.assertIn("{this}", translator.locator(".errorlist").inner_text())
        self.assertFalse(RulingTranslation.objects.exists())
        translator.locator("textarea").fill(ITALIAN)
        translator.get_by_role("button", name="Proponi questo italiano").click()
        translator.wait_for_load_state()
        translation = RulingTranslation.objects.get()
        self.assertEqual(translation.status, RulingTranslation.Status.PROPOSED)
        # Proposed is not public.
        public = translator.context.new_page()
        public.goto(f"{self.live_server_url}/it/cards/{self.cards[0].slug}/")
        self.assertNotIn("può bloccare una creatura con ombra", public.content())

        reviewer = self.signed_in_page(staff("revisore", REVIEWERS_GROUP))
        reviewer.goto(f"{self.live_server_url}/admin/rulings/rulingtranslation/")
        reviewer.get_by_role("link", name="Esamina").first.click()
        reviewer.get_by_role("button", name="Approva").click()
        reviewer.wait_for_load_state()
        translation.refresh_from_db()
        self.assertEqual(translation.status, RulingTranslation.Status.APPROVED)
        self.assertEqual(translation.reviewer.username, "revisore")

        for card in self.cards:
            page = self.browser.new_page(locale="it-IT")
            self.addCleanup(page.close)
            page.goto(f"{self.live_server_url}/it/cards/{card.slug}/")
            item = page.locator("li[lang=it]").filter(has_text="può bloccare una creatura")
            name = card.italian_name or card.name
            self.assertIn(
                f"{name} può bloccare una creatura con ombra come se {name} avesse ombra.",
                item.inner_text(),
            )
            self.assertIn("tradotta dalla redazione", item.inner_text())
            # The English is one click away.
            english = item.locator("details.ruling-english")
            self.assertFalse(english.locator(".ruling-text").is_visible())
            english.locator("summary").click()
            self.assertIn(ENGLISH.format(name=card.name), english.inner_text())
            # The English page is unchanged.
            page.goto(f"{self.live_server_url}/en/cards/{card.slug}/")
            self.assertNotIn("può bloccare", page.content())
