"""Editors' work that names a rule survives a rules import that drops the rule: a hand-made
card -> rule link and a hand-set old-number mapping are kept, shown in the admin as waiting for
their rule, and put back when an import brings the rule back."""

from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from config.testing import BundledDataTestCase
from oracle.models import Card
from rulings.models import CardRule, Language, RuleMapping, RuleSection, RulesEdition

CURRENT_RULES = Path(settings.BASE_DIR) / "fixtures" / "rules" / "en" / "20260417.txt"
DROPPED = "702.9b"


def import_rules(path):
    out = StringIO()
    call_command("import_rules", path, stdout=out, stderr=StringIO())
    return out.getvalue()


class HandWorkKeptTests(BundledDataTestCase):
    def setUp(self):
        self.current = RulesEdition.objects.current(Language.ENGLISH)
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

        import_rules(CURRENT_RULES)
        section = RuleSection.objects.get(edition=self.current, number=DROPPED)
        self.link.refresh_from_db()
        self.mapping.refresh_from_db()
        self.assertEqual((self.link.section, self.link.missing_number), (section, ""))
        self.assertEqual((self.link.detail, self.link.origin), ("blocking", "manual"))
        self.assertEqual((self.mapping.current_section, self.mapping.missing_number), (section, ""))
        self.assertEqual(self.mapping.method, RuleMapping.Method.MANUAL)
        self.assertIn(f" {DROPPED} ", Card.objects.get(pk=self.card.pk).search_rules)
