"""Editors' work that names a rule survives a rules import that drops the rule: a hand-made
card -> rule link and a hand-set old-number mapping (without its target, or without its old
rule) are kept, shown in the admin as waiting for their rule, and put back when an import
brings the rule back."""

from datetime import date
from pathlib import Path
from tempfile import TemporaryDirectory

from django.contrib.auth.models import User
from django.urls import reverse

from oracle.models import Card
from rulings.models import (
    CardRule,
    CardRuleSearch,
    Language,
    RuleMapping,
    RuleSection,
    RulesEdition,
)
from rulings.tests.helpers import MAY_2007_RULES, RULES, import_rules, rules_file_cut_before
from web.testing import BundledDataTestCase

CURRENT_RULES = RULES / "20260417.txt"
DROPPED = "702.9b"
OLD_RULE = "502.26b"  # morph in May 2007


class HandWorkKeptTests(BundledDataTestCase):
    def setUp(self):
        self.current = RulesEdition.objects.official().in_force()
        self.card = Card.objects.get(name="Tarox Bladewing")
        section = RuleSection.objects.get(edition=self.current, number=DROPPED)
        self.link = CardRule.objects.create(
            card=self.card, section=section, reason=CardRule.Reason.EDITOR, detail="blocking"
        )
        self.mapping = RuleMapping.objects.filter(
            old_section__edition__effective_date__year=2007
        ).first()
        self.mapping.current_section = section
        self.mapping.method = RuleMapping.Method.MANUAL
        self.mapping.confidence = 1.0
        self.mapping.save()
        text = CURRENT_RULES.read_text(encoding="utf-8")
        line = next(line for line in text.splitlines(True) if line.startswith(DROPPED + " "))
        self.without = Path(self.enterContext(TemporaryDirectory())) / "without-702.9b.txt"
        self.without.write_text(text.replace(line, "", 1), encoding="utf-8")

    def test_a_dropped_rule_keeps_the_hand_work_and_its_return_restores_it(self):
        report = import_rules(self.without)
        self.assertIn("Kept without their rule: 1 hand-made link, 1 hand-set mapping", report)
        self.assertFalse(RuleSection.objects.filter(edition=self.current, number=DROPPED).exists())
        self.link.refresh_from_db()
        self.mapping.refresh_from_db()
        self.assertIsNone(self.link.section)
        self.assertEqual(self.link.missing_number, DROPPED)
        self.assertEqual((self.link.detail, self.link.origin), ("blocking", "manual"))
        self.assertIsNone(self.mapping.current_section)
        self.assertEqual(self.mapping.missing_number, DROPPED)
        self.assertEqual(self.mapping.method, RuleMapping.Method.MANUAL)

        admin = User.objects.create_superuser("admin", password="pw-for-tests")
        self.client.force_login(admin)
        page = self.client.get(reverse("admin:rulings_cardrule_changelist") + "?missing=yes")
        self.assertContains(page, "702.9b (missing from the current rules: kept)")
        self.assertContains(page, "Tarox Bladewing")
        page = self.client.get(reverse("admin:rulings_rulemapping_changelist") + "?method=manual")
        self.assertContains(page, f'<td class="field-missing_number">{DROPPED}</td>', html=True)
        card_page = self.client.get(self.card.get_absolute_url())
        self.assertEqual(card_page.status_code, 200)

        report = import_rules(CURRENT_RULES)
        section = RuleSection.objects.get(edition=self.current, number=DROPPED)
        self.link.refresh_from_db()
        self.mapping.refresh_from_db()
        self.assertEqual((self.link.section, self.link.missing_number), (section, ""))
        self.assertEqual((self.link.detail, self.link.origin), ("blocking", "manual"))
        self.assertEqual((self.mapping.current_section, self.mapping.missing_number), (section, ""))
        self.assertEqual(self.mapping.method, RuleMapping.Method.MANUAL)
        self.assertIn(f" {DROPPED} ", CardRuleSearch.numbers_of(self.card.pk))
        self.assertIn(
            "Put back on their returning rule: 1 hand-set mapping (1 on their current rule, "
            "0 on their old one).",
            report,
        )


class MappingKeptWithoutItsOldRuleTests(BundledDataTestCase):
    """An older edition imported again from a file that lacks a rule an editor mapped by hand
    (here cut short, as a broken download is) keeps the mapping until the rule is back."""

    def setUp(self):
        self.may_2007 = RulesEdition.objects.get(
            language=Language.ENGLISH, effective_date=date(2007, 5, 1)
        )
        self.mapping = RuleMapping.objects.get(
            old_section__edition=self.may_2007, old_section__number=OLD_RULE
        )
        current = RulesEdition.objects.official().in_force()
        self.target = RuleSection.objects.get(edition=current, number="702.37d")
        self.assertNotEqual(self.mapping.current_section, self.target)
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        self.change_url = reverse("admin:rulings_rulemapping_change", args=[self.mapping.pk])
        response = self.client.post(self.change_url, {"current_section": self.target.pk})
        self.assertEqual(response.status_code, 302)
        folder = Path(self.enterContext(TemporaryDirectory()))
        self.cut_short = rules_file_cut_before(MAY_2007_RULES, OLD_RULE, folder)

    def assert_editors_target(self):
        self.mapping.refresh_from_db()
        self.assertEqual(self.mapping.current_section, self.target)
        self.assertEqual((self.mapping.method, self.mapping.confidence), ("manual", 1.0))

    def test_the_mapping_waits_for_its_old_rule_and_comes_back_with_it(self):
        report = import_rules(self.cut_short, allow_shrink=True)
        self.assertIn(
            "Kept without their rule: 0 hand-made links, 1 hand-set mapping (0 without their "
            "current rule, 1 without their old one)",
            report,
        )
        self.assertFalse(RuleSection.objects.filter(edition=self.may_2007, number=OLD_RULE))
        self.assert_editors_target()
        self.assertIsNone(self.mapping.old_section)
        self.assertEqual(
            (self.mapping.missing_old_number, self.mapping.missing_old_edition),
            (OLD_RULE, date(2007, 5, 1)),
        )
        self.assertEqual(str(self.mapping), f"{OLD_RULE} (2007-05-01) -> 702.37d")

        changelist = reverse("admin:rulings_rulemapping_changelist")
        page = self.client.get(changelist + "?missing=old")
        self.assertContains(page, f"{OLD_RULE} (missing from its edition: kept)")
        self.assertContains(page, "2007-05-01 (en)")
        self.assertContains(page, "1 old rule number")  # the filter: the kept one alone
        page = self.client.get(changelist + "?missing=target")
        self.assertNotContains(page, f"{OLD_RULE} (missing")
        self.assertContains(self.client.get(self.change_url), OLD_RULE)

        # Public pages: the kept mapping is not an old number of its target while it waits.
        for url in ["/en/rules/702.37d/", "/it/rules/702.37d/", "/en/rules/702.37/"]:
            with self.subTest(url):
                page = self.client.get(url)
                self.assertEqual(page.status_code, 200)
                self.assertNotContains(page, OLD_RULE)
        with self.assertLogs("django.request", "WARNING"):  # Not Found
            old_page = self.client.get(f"/en/rules/{OLD_RULE}/?edition=2007-05-01")
        self.assertEqual(old_page.status_code, 404)
        api = self.client.get(reverse("rules-api:rule-detail", args=["702.37d"]))
        self.assertEqual(api.status_code, 200)

        report = import_rules(MAY_2007_RULES)
        self.assertIn(
            "Put back on their returning rule: 1 hand-set mapping (0 on their current rule, "
            "1 on their old one).",
            report,
        )
        self.assert_editors_target()
        self.assertEqual(
            (self.mapping.old_section.number, self.mapping.old_section.edition),
            (OLD_RULE, self.may_2007),
        )
        self.assertEqual(
            (self.mapping.missing_old_number, self.mapping.missing_old_edition), ("", None)
        )
        page = self.client.get("/en/rules/702.37d/")
        self.assertContains(page, f"/en/rules/{OLD_RULE}/?edition=2007-05-01")
        # The same row: the admin's history still shows the editor's change.
        history = self.client.get(
            reverse("admin:rulings_rulemapping_history", args=[self.mapping.pk])
        )
        self.assertContains(history, "editor")
        self.assertContains(history, "Changed")
        self.assertIn("Nothing changed", import_rules(MAY_2007_RULES))

    def test_a_kept_mappings_target_follows_a_newer_current_edition(self):
        import_rules(self.cut_short, allow_shrink=True)
        newer = CURRENT_RULES.read_bytes().replace(b"April 17, 2026", b"June 12, 2026")
        path = self.cut_short.parent / "20260612.txt"
        path.write_bytes(newer)
        import_rules(path)
        june = RulesEdition.objects.get(language=Language.ENGLISH, effective_date=date(2026, 6, 12))
        self.mapping.refresh_from_db()
        self.assertIsNone(self.mapping.old_section)
        self.assertEqual(
            (self.mapping.current_section.edition, self.mapping.current_section.number),
            (june, "702.37d"),
        )

        import_rules(MAY_2007_RULES)
        self.mapping.refresh_from_db()
        self.assertEqual(self.mapping.old_section.number, OLD_RULE)
        self.assertEqual(
            (self.mapping.current_section.edition, self.mapping.current_section.number),
            (june, "702.37d"),
        )
        self.assertEqual(self.mapping.method, RuleMapping.Method.MANUAL)
