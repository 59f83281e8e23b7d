"""Two roles in the admin, in Italian: a translator proposes the Italian of an English ruling
text; a reviewer approves it or sends it back with a note, never their own. Only an approved
translation is public, and every change is kept in its history with the editor named."""

import re
from datetime import date
from html import unescape

from django.apps import apps
from django.contrib.auth.models import Group, Permission, User
from django.urls import reverse

from oracle.tests.factories import make_card
from rulings.editorial.translation_roles import (
    APPROVE_PERMISSION,
    REVIEWERS_GROUP,
    TRANSLATORS_GROUP,
    ensure_translation_groups,
)
from rulings.models import Ruling, RulingTranslation
from web.testing import EmptyDatabaseTestCase

ITALIAN = {"accept-language": "it-IT,it;q=0.9"}
ENGLISH = "Serra Angel’s vigilance means attacking doesn’t cause it to tap."
ITALIAN_TEXT = "Grazie a cautela, {this} non si TAPpa quando attacca."
Status = RulingTranslation.Status


def page_text(response) -> str:
    html = re.sub(r"(?s)<script.*?</script>|<style.*?</style>", " ", response.content.decode())
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def staff(username, group):
    user = User.objects.create_user(username, password="pw-for-tests", is_staff=True)
    user.groups.add(Group.objects.get(name=group))
    return user


class TranslationReviewTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card()
        ruling = Ruling.objects.create(card=cls.card, date=date(2020, 1, 1), text=ENGLISH)
        cls.text = ruling.__class__.objects.get(pk=ruling.pk).memory_key
        cls.translator = staff("tina", TRANSLATORS_GROUP)
        cls.reviewer = staff("rita", REVIEWERS_GROUP)
        cls.other_reviewer = staff("remo", REVIEWERS_GROUP)

    def propose(self, user, italian=ITALIAN_TEXT):
        self.client.force_login(user)
        response = self.client.post(
            reverse("admin:rulings_rulingtranslation_add"),
            {"text": self.text, "italian": italian},
            headers=ITALIAN,
        )
        self.assertEqual(response.status_code, 302, page_text(response)[:3000])
        return RulingTranslation.objects.get(text_id=self.text)

    def decide(self, user, translation, decision, note=""):
        self.client.force_login(user)
        return self.client.post(
            reverse("admin:rulings_rulingtranslation_review", args=[translation.pk]),
            {"decision": decision, "note": note},
            headers=ITALIAN,
        )

    def card_page(self):
        return self.client.get("/it/cards/serra-angel/").content.decode()

    def assertUnchanged(self, translation):
        before = RulingTranslation.objects.get(pk=translation.pk)
        self.assertEqual(
            (before.status, before.reviewer_id, before.approved_at, before.review_note),
            (translation.status, translation.reviewer_id, translation.approved_at, ""),
        )

    def test_the_groups_have_the_roles_permissions(self):
        self.assertTrue(self.translator.has_perm("rulings.add_rulingtranslation"))
        self.assertTrue(self.translator.has_perm("rulings.change_rulingtranslation"))
        self.assertFalse(self.translator.has_perm(APPROVE_PERMISSION))
        self.assertFalse(self.translator.has_perm("rulings.delete_rulingtranslation"))
        self.assertFalse(self.translator.has_perm("rulings.add_rulingtext"))
        self.assertTrue(self.reviewer.has_perm(APPROVE_PERMISSION))
        self.assertTrue(self.reviewer.has_perm("rulings.add_rulingtranslation"))

    def test_migrate_repairs_the_groups(self):
        reviewers = Group.objects.get(name=REVIEWERS_GROUP)
        wanted = set(reviewers.permissions.values_list("codename", flat=True))
        self.assertIn("approve_rulingtranslation", wanted)
        reviewers.permissions.clear()
        Group.objects.filter(name=TRANSLATORS_GROUP).delete()
        ensure_translation_groups(apps.get_app_config("rulings"))
        ensure_translation_groups(apps.get_app_config("rulings"))
        self.assertEqual(set(reviewers.permissions.values_list("codename", flat=True)), wanted)
        translators = Group.objects.get(name=TRANSLATORS_GROUP)
        self.assertEqual(
            set(translators.permissions.values_list("codename", flat=True)),
            wanted - {"approve_rulingtranslation"},
        )

    def test_a_reviewer_approves_a_proposal_and_the_card_page_shows_it(self):
        translation = self.propose(self.translator)
        self.assertEqual(translation.status, Status.PROPOSED)
        self.assertEqual(translation.translator, self.translator)
        self.assertNotIn("Grazie a cautela", self.card_page())

        self.client.force_login(self.reviewer)
        listing = page_text(
            self.client.get(reverse("admin:rulings_rulingtranslation_changelist"), headers=ITALIAN)
        )
        for words in (
            "Proposta",
            "Grazie a cautela",
            "{this}'s vigilance means",
            "tina",
            "Esamina",
        ):
            self.assertIn(words, listing)
        url = reverse("admin:rulings_rulingtranslation_review", args=[translation.pk])
        review = page_text(self.client.get(url, headers=ITALIAN))
        self.assertIn("Approva", review)
        self.assertIn("Rimanda indietro con la nota", review)

        response = self.decide(self.reviewer, translation, "approve")
        self.assertRedirects(response, reverse("admin:rulings_rulingtranslation_changelist"))
        translation.refresh_from_db()
        self.assertEqual(translation.status, Status.APPROVED)
        self.assertEqual(translation.reviewer, self.reviewer)
        self.assertIsNotNone(translation.approved_at)
        self.assertIn("Grazie a cautela, Angelo di Serra non si TAPpa", self.card_page())

    def test_the_history_names_who_proposed_and_who_approved(self):
        translation = self.propose(self.translator)
        self.decide(self.reviewer, translation, "approve")
        records = translation.history.order_by("history_date")
        self.assertEqual(
            [(r.history_user.username, r.status) for r in records],
            [("tina", Status.PROPOSED), ("rita", Status.APPROVED)],
        )
        self.assertEqual(records.last().history_change_reason, "Approved")
        url = reverse("admin:rulings_rulingtranslation_history", args=[translation.pk])
        history = page_text(self.client.get(url, headers=ITALIAN))
        self.assertIn("tina", history)
        self.assertIn("rita", history)
        self.assertIn("Approvata", history)

    def test_a_translator_cannot_approve(self):
        translation = self.propose(self.translator)
        review = page_text(
            self.client.get(
                reverse("admin:rulings_rulingtranslation_review", args=[translation.pk]),
                headers=ITALIAN,
            )
        )
        self.assertNotIn("Approva", review.replace("Approvata", ""))
        response = self.decide(self.translator, translation, "approve")
        self.assertEqual(response.status_code, 403)
        self.assertIn("Solo i revisori possono approvare", page_text(response))
        self.assertUnchanged(translation)
        self.assertNotIn("Grazie a cautela", self.card_page())

    def test_a_reviewer_cannot_approve_their_own(self):
        translation = self.propose(self.reviewer)
        response = self.decide(self.reviewer, translation, "approve")
        self.assertEqual(response.status_code, 400)
        self.assertIn("Hai scritto tu questa traduzione", page_text(response))
        self.assertUnchanged(translation)
        self.assertEqual(
            self.decide(self.reviewer, translation, "send_back", "No").status_code, 400
        )
        self.assertUnchanged(translation)

        self.assertEqual(self.decide(self.other_reviewer, translation, "approve").status_code, 302)
        translation.refresh_from_db()
        self.assertEqual(translation.status, Status.APPROVED)

    def test_a_reviewer_rewriting_the_italian_makes_it_theirs(self):
        translation = self.propose(self.translator)
        self.client.force_login(self.reviewer)
        response = self.client.post(
            reverse("admin:rulings_rulingtranslation_change", args=[translation.pk]),
            {"italian": "Con cautela, {this} attacca senza TAPparsi."},
        )
        self.assertEqual(response.status_code, 302)
        translation.refresh_from_db()
        self.assertEqual(translation.translator, self.reviewer)
        self.assertEqual(self.decide(self.reviewer, translation, "approve").status_code, 400)

    def test_sending_back_needs_a_note_and_keeps_the_italian(self):
        translation = self.propose(self.translator)
        response = self.decide(self.reviewer, translation, "send_back", "   ")
        self.assertEqual(response.status_code, 400)
        self.assertIn("Scrivi perché la rimandi indietro", page_text(response))
        self.assertUnchanged(translation)

        response = self.decide(self.reviewer, translation, "send_back", "«TAPpa» va in corsivo?")
        self.assertEqual(response.status_code, 302)
        translation.refresh_from_db()
        self.assertEqual(translation.status, Status.SENT_BACK)
        self.assertEqual(translation.italian, ITALIAN_TEXT)
        self.assertEqual(translation.review_note, "«TAPpa» va in corsivo?")
        self.assertEqual(translation.reviewer, self.reviewer)
        self.assertNotIn("Grazie a cautela", self.card_page())
        # Only a proposed translation is reviewed.
        self.assertEqual(self.decide(self.other_reviewer, translation, "approve").status_code, 400)

        # The translator corrects it: proposed again, for review.
        self.client.force_login(self.translator)
        self.client.post(
            reverse("admin:rulings_rulingtranslation_change", args=[translation.pk]),
            {"italian": "Grazie a cautela, {this} attacca senza TAPparsi."},
        )
        translation.refresh_from_db()
        self.assertEqual(translation.status, Status.PROPOSED)
        self.assertEqual(self.decide(self.reviewer, translation, "approve").status_code, 302)

    def test_a_proposal_that_loses_the_cards_name_is_refused(self):
        self.client.force_login(self.translator)
        response = self.client.post(
            reverse("admin:rulings_rulingtranslation_add"),
            {"text": self.text, "italian": "Grazie a cautela non si TAPpa."},
            headers=ITALIAN,
        )
        self.assertEqual(response.status_code, 200)
        self.assertIn("{this}", page_text(response))
        self.assertFalse(RulingTranslation.objects.exists())

    def test_reverting_to_an_approved_version_does_not_approve(self):
        translation = self.propose(self.translator)
        self.decide(self.reviewer, translation, "approve")
        self.client.force_login(self.translator)
        self.client.post(
            reverse("admin:rulings_rulingtranslation_change", args=[translation.pk]),
            {"italian": "Con cautela, {this} attacca senza TAPparsi."},
        )
        approved = translation.history.get(status=Status.APPROVED)
        response = self.client.post(
            reverse(
                "admin:rulings_rulingtranslation_simple_history",
                args=[translation.pk, approved.history_id],
            ),
            {"italian": ITALIAN_TEXT},
        )
        self.assertEqual(response.status_code, 302)
        translation.refresh_from_db()
        self.assertEqual(translation.italian, ITALIAN_TEXT)
        self.assertEqual(translation.status, Status.PROPOSED)
        self.assertEqual(translation.translator, self.translator)
        self.assertNotIn("Grazie a cautela", self.card_page())

    def test_one_who_may_only_view_reads_the_history_but_cannot_revert(self):
        translation = self.propose(self.translator)
        first = translation.history.get()
        self.client.force_login(self.translator)
        self.client.post(
            reverse("admin:rulings_rulingtranslation_change", args=[translation.pk]),
            {"italian": "Con cautela, {this} attacca senza TAPparsi."},
        )
        viewer = User.objects.create_user("vera", password="pw-for-tests", is_staff=True)
        viewer.user_permissions.set(Permission.objects.filter(codename="view_rulingtranslation"))
        self.client.force_login(viewer)
        history = reverse("admin:rulings_rulingtranslation_history", args=[translation.pk])
        self.assertEqual(self.client.get(history).status_code, 200)
        revert = reverse(
            "admin:rulings_rulingtranslation_simple_history",
            args=[translation.pk, first.history_id],
        )
        self.assertNotContains(self.client.get(revert), 'name="_save"')
        self.assertEqual(self.client.post(revert, {"italian": ITALIAN_TEXT}).status_code, 403)
        translation.refresh_from_db()
        self.assertEqual(translation.italian, "Con cautela, {this} attacca senza TAPparsi.")
        review = reverse("admin:rulings_rulingtranslation_review", args=[translation.pk])
        self.assertEqual(self.client.post(review, {"decision": "approve"}).status_code, 403)
