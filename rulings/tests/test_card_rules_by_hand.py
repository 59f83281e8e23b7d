"""The rules each card uses (issue 6), kept by hand: links an editor makes or removes in the admin
survive link_rules and follow a new current edition."""

from datetime import date
from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory

from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.urls import reverse

from oracle.models import Card
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import CardRule, CardRuleSearch, Language, RuleSection, RulesEdition
from rulings.tests.helpers import BundledCardRulesTestCase
from rulings.tests.test_card_rules import EXPECTED

RULES_SAMPLE = Path(__file__).parent / "data" / "cr_en_sample.txt"
Reason = CardRule.Reason


class HandMadeCardRulesTests(BundledCardRulesTestCase):
    """Links made or removed by hand survive link_rules and follow a new current edition."""

    def test_a_hand_made_link_and_a_removal_survive_link_rules(self):
        tarox = Card.objects.get(name="Tarox Bladewing")
        CardRule.objects.create(
            card=tarox, section=self.section("704.5j"), reason=Reason.EDITOR, detail="legend rule"
        )
        CardRule.objects.filter(card=tarox, section__number="702.10").update(
            excluded=True, origin=CardRule.Origin.MANUAL
        )
        self.link_rules()
        self.assertEqual(
            self.numbers_in_force("Tarox Bladewing"),
            EXPECTED["Tarox Bladewing"] - {"702.10"} | {"704.5j"},
        )
        removed = self.links("Tarox Bladewing").get(section__number="702.10")
        self.assertEqual((removed.origin, removed.excluded), (CardRule.Origin.MANUAL, True))
        search = CardRuleSearch.numbers_of(tarox.pk)
        self.assertIn(" 704.5j ", search)
        self.assertNotIn(" 702.10 ", search)
        self.assertIn("Nothing changed", self.link_rules())

    def test_links_in_an_older_edition_move_to_the_current_one(self):
        older = RulesEdition.objects.get(language=Language.ENGLISH, effective_date=date(2007, 5, 1))
        cavern = Card.objects.get(name="Zoetic Cavern")
        CardRule.objects.filter(card=cavern).delete()
        # Made when the 2007 rules were current: morph was 502.26, its face-down rule 502.26b.
        CardRule.objects.create(
            card=cavern, section=self.section("502.26b", older), reason=Reason.EDITOR, detail="x"
        )
        CardRule.objects.create(
            card=cavern,
            section=self.section("502.26", older),
            reason=Reason.KEYWORD_ABILITY,
            origin=CardRule.Origin.COMPUTED,
        )
        out = self.link_rules()
        self.assertIn("1 moved to the current edition", out)
        manual = self.links("Zoetic Cavern").get(origin=CardRule.Origin.MANUAL)
        self.assertEqual((manual.section.number, manual.section.edition), ("702.37c", self.edition))
        self.assertEqual(
            self.numbers_in_force("Zoetic Cavern"), EXPECTED["Zoetic Cavern"] | {"702.37c"}
        )

    def test_hand_made_links_follow_a_new_current_edition(self):
        """A new edition (the sample's few rules, with flying renumbered 702.8) becomes current:
        the hand-made link and the removal follow flying to its new number; a hand-made link
        to a rule the new edition lacks stays where it was and is reported."""
        tarox = Card.objects.get(name="Tarox Bladewing")
        CardRule.objects.create(
            card=tarox, section=self.section("702.9b"), reason=Reason.EDITOR, detail="blocking"
        )
        CardRule.objects.create(
            card=tarox, section=self.section("704.5j"), reason=Reason.EDITOR, detail="legend"
        )
        CardRule.objects.filter(card=tarox, section__number="702.9").update(
            excluded=True, origin=CardRule.Origin.MANUAL
        )
        newer = RULES_SAMPLE.read_text().replace("April 17, 2026", "June 12, 2026")
        path = Path(self.enterContext(TemporaryDirectory())) / "june.txt"
        path.write_text(newer.replace("702.9", "702.8"))
        call_command("import_rules", path, allow_shrink=True, stdout=StringIO(), stderr=StringIO())
        june = RulesEdition.objects.official().in_force()
        self.assertEqual(june.effective_date, date(2026, 6, 12))
        rows = {
            (row.section.number, row.section.edition.effective_date, row.origin, row.excluded)
            for row in self.links("Tarox Bladewing").select_related("section__edition")
        }
        manual, computed = CardRule.Origin.MANUAL, CardRule.Origin.COMPUTED
        self.assertEqual(
            rows,
            {
                ("702.8b", date(2026, 6, 12), manual, False),
                ("702.8", date(2026, 6, 12), manual, True),
                ("704.5j", date(2026, 4, 17), manual, False),
            },
        )
        self.assertFalse(
            CardRule.objects.filter(origin=computed).exclude(section__edition=june).exists()
        )
        self.assertEqual(CardRuleSearch.numbers_of(tarox.pk), " 7 702 702.8 702.8b ")
        err = StringIO()
        call_command("link_rules", stdout=StringIO(), stderr=err)
        self.assertIn(
            "Hand-made link with no section in the current edition: Tarox Bladewing → 704.5j",
            err.getvalue(),
        )


class CardRulesAdminTests(BundledCardRulesTestCase):
    """The card -> rule links in the admin: listed, added, edited and excluded by hand."""

    def test_admin_lists_links_with_filters_and_search(self):
        self.client.force_login(self.admin)
        url = reverse("admin:rulings_cardrule_changelist")
        response = self.client.get(url, {"reason__exact": "face_down", "q": "Zoetic"})
        self.assertContains(response, "Zoetic Cavern")
        self.assertContains(response, "708")
        response = self.client.get(url, {"q": "702.62"})
        self.assertContains(response, "Jhoira of the Ghitu")
        self.assertNotContains(response, "Zoetic Cavern")
        response = self.client.get(url, {"origin__exact": "manual"})
        self.assertContains(response, "0 rules cards use")

    def test_admin_adds_a_link_by_hand(self):
        self.client.force_login(self.admin)
        tarox = Card.objects.get(name="Tarox Bladewing")
        add = reverse("admin:rulings_cardrule_add")
        page = self.client.get(add)
        self.assertContains(page, reverse("admin:rulings_cardrule_section_autocomplete"))
        response = self.client.post(
            add,
            {
                "card": tarox.pk,
                "section": self.section("704.5j").pk,
                "reason": Reason.EDITOR,
                "detail": "the legend rule",
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:3000])
        link = self.links("Tarox Bladewing").get(section__number="704.5j")
        self.assertEqual((link.origin, link.detail), (CardRule.Origin.MANUAL, "the legend rule"))
        self.assertIn(" 704.5j ", CardRuleSearch.numbers_of(tarox.pk))
        self.link_rules()
        self.assertTrue(self.links("Tarox Bladewing").filter(section__number="704.5j").exists())

    def test_an_editor_may_add_a_link_and_search_the_rules_for_it(self):
        editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        self.client.force_login(editor)
        autocomplete = self.client.get(
            reverse("admin:rulings_cardrule_section_autocomplete"),
            {
                "term": "704.5j",
                "app_label": "rulings",
                "model_name": "cardrule",
                "field_name": "section",
            },
        )
        self.assertEqual(autocomplete.status_code, 200)
        self.assertIn("704.5j", autocomplete.content.decode())
        tarox = Card.objects.get(name="Tarox Bladewing")
        response = self.client.post(
            reverse("admin:rulings_cardrule_add"),
            {
                "card": tarox.pk,
                "section": self.section("704.5j").pk,
                "reason": Reason.EDITOR,
                "detail": "the legend rule",
            },
        )
        self.assertEqual(response.status_code, 302)
        self.assertTrue(self.links("Tarox Bladewing").filter(section__number="704.5j").exists())

    def test_admin_offers_only_sections_of_the_current_edition(self):
        self.client.force_login(self.admin)
        older = RulesEdition.objects.get(language=Language.ENGLISH, effective_date=date(2007, 5, 1))
        response = self.client.post(
            reverse("admin:rulings_cardrule_add"),
            {
                "card": Card.objects.get(name="Cancel").pk,
                "section": self.section("502.26b", older).pk,
                "reason": Reason.EDITOR,
            },
        )
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Select a valid choice")
        found = self.client.get(
            reverse("admin:rulings_cardrule_section_autocomplete"),
            {
                "term": "502.26",
                "app_label": "rulings",
                "model_name": "cardrule",
                "field_name": "section",
            },
        ).json()
        self.assertEqual(found["results"], [])
        found = self.client.get(
            reverse("admin:rulings_cardrule_section_autocomplete"),
            {
                "term": "702.37",
                "app_label": "rulings",
                "model_name": "cardrule",
                "field_name": "section",
            },
        ).json()
        self.assertIn("702.37 Morph", [result["text"] for result in found["results"]])
        ids = [int(result["id"]) for result in found["results"]]
        editions = set(RuleSection.objects.filter(pk__in=ids).values_list("edition", flat=True))
        self.assertEqual(editions, {self.edition.pk})

    def test_editing_a_computed_link_in_the_admin_makes_it_a_hand_made_one(self):
        self.client.force_login(self.admin)
        link = self.links("Tarox Bladewing").get(section__number="702.9")
        response = self.client.post(
            reverse("admin:rulings_cardrule_change", args=[link.pk]),
            {
                "card": link.card_id,
                "section": link.section_id,
                "reason": Reason.KEYWORD_ABILITY,
                "detail": "Flying (checked against the Oracle text)",
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:3000])
        self.link_rules()
        link.refresh_from_db()
        self.assertEqual(link.origin, CardRule.Origin.MANUAL)
        self.assertEqual(link.detail, "Flying (checked against the Oracle text)")

    def test_excluding_a_computed_link_in_the_admin_and_undoing_it(self):
        self.client.force_login(self.admin)
        url = reverse("admin:rulings_cardrule_changelist")
        link = self.links("Tarox Bladewing").get(section__number="702.10")
        delete = reverse("admin:rulings_cardrule_delete", args=[link.pk])
        with self.assertLogs("django.request", "WARNING"):
            self.assertEqual(self.client.get(delete).status_code, 403)
        response = self.client.post(
            url, {"action": "exclude_links", "_selected_action": [link.pk]}, follow=True
        )
        self.assertContains(response, "1 link removed.")
        self.link_rules()
        self.assertEqual(
            self.numbers_in_force("Tarox Bladewing"), EXPECTED["Tarox Bladewing"] - {"702.10"}
        )
        self.assertNotIn(
            " 702.10 ", CardRuleSearch.numbers_of(Card.objects.get(name="Tarox Bladewing").pk)
        )

        response = self.client.post(
            url,
            {"action": "undo_hand_changes", "_selected_action": [link.pk], "post": "yes"},
            follow=True,
        )
        self.assertContains(response, "1 hand change undone")
        restored = self.links("Tarox Bladewing").get(section__number="702.10")
        self.assertEqual((restored.origin, restored.excluded), (CardRule.Origin.COMPUTED, False))
        self.assertIn(
            " 702.10 ", CardRuleSearch.numbers_of(Card.objects.get(name="Tarox Bladewing").pk)
        )
