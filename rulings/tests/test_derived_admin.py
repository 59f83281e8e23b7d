"""The rows rulings derives about oracle's (document-only marks, the ``rule:`` numbers) are
shown in the admin and never edited there."""

from django.contrib.auth.models import User
from django.urls import reverse

from oracle.tests.factories import make_card
from rulings.models import CardRuleSearch, DocumentOnlyCard, mark_document_only
from web.testing import EmptyDatabaseTestCase


class DerivedAdminTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.admin = User.objects.create_superuser("admin", password="pw-admin-123")
        cls.card = make_card("Peter Parker")
        mark_document_only(cls.card)
        CardRuleSearch.objects.create(card=cls.card, numbers=" 7 702 702.37 ")

    def test_each_is_listed_and_read_only(self):
        self.client.force_login(self.admin)
        for model, shown in [(DocumentOnlyCard, "Peter Parker"), (CardRuleSearch, "702.37")]:
            info = model._meta.app_label, model._meta.model_name
            with self.subTest(model=model.__name__):
                listing = self.client.get(reverse("admin:{}_{}_changelist".format(*info)))
                self.assertContains(listing, shown)
                add = self.client.get(reverse("admin:{}_{}_add".format(*info)))
                self.assertEqual(add.status_code, 403)
                delete = reverse("admin:{}_{}_delete".format(*info), args=[self.card.pk])
                self.assertEqual(self.client.get(delete).status_code, 403)
        for name in ("documentonlykeyword", "documentonlycardtype"):
            with self.subTest(model=name):
                listing = self.client.get(reverse(f"admin:rulings_{name}_changelist"))
                self.assertEqual(listing.status_code, 200)
