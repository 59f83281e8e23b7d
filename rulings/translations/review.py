"""The translators' and reviewers' rules: a translator proposes the Italian of an English ruling
text; a reviewer (the permission approve_rulingtranslation: the "reviewers" group) approves it or
sends it back with a note, never their own. Only an approved translation is public.

Whoever last wrote a translation's Italian is its translator: a reviewer who rewrites someone's
Italian makes it theirs, for another reviewer to approve. A translation whose English text is
gone (reworded or withdrawn by a later import or an editor) is out of date: it is carried
forward as a proposed translation of the text that replaced it.

Each function changes nothing and raises ``ReviewRefused`` (its message for the editor) when the
rules say no; what it saves is recorded in the translation's history with the user named."""

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rulings.editorial.translation_roles import APPROVE_PERMISSION
from rulings.models import RulingText, RulingTranslation
from rulings.translations.texts import translation_problems

Status = RulingTranslation.Status


class ReviewRefused(Exception):
    """What the rules refuse, in words for the editor."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def may_review(user) -> bool:
    return bool(user and user.is_active and user.has_perm(APPROVE_PERMISSION))


def is_out_of_date(translation: RulingTranslation) -> bool:
    """Whether no public ruling has the translation's English text any more."""
    return translation.text.gone_since is not None


def newest_replacement(text: RulingText) -> RulingText | None:
    """The text in use that took ``text``'s place, following rewordings of rewordings; None
    when it was withdrawn, or its replacement is gone with nothing after it."""
    seen = {text.key}
    current = text.replaced_by
    while current is not None and current.gone_since is not None and current.key not in seen:
        seen.add(current.key)
        current = current.replaced_by
    if current is None or current.gone_since is not None:
        return None
    return current


def check_reviewable(translation: RulingTranslation, reviewer) -> None:
    if not may_review(reviewer):
        raise ReviewRefused(_("Only reviewers may approve or send back a translation."))
    if translation.translator_id is not None and translation.translator_id == reviewer.pk:
        raise ReviewRefused(
            _("You wrote this translation: another reviewer must approve it or send it back.")
        )
    if translation.status != Status.PROPOSED:
        raise ReviewRefused(
            _("Only a proposed translation can be reviewed; this one is “%(status)s”.")
            % {"status": translation.get_status_display()}
        )


def approve(translation: RulingTranslation, reviewer) -> RulingTranslation:
    """Make a proposed translation public, approved by ``reviewer``."""
    check_reviewable(translation, reviewer)
    if is_out_of_date(translation):
        raise ReviewRefused(
            _(
                "The English of this translation is no longer used by any ruling: carry it "
                "forward to the new English instead."
            )
        )
    problems = translation_problems(translation.text.english, translation.italian)
    if problems:
        raise ReviewRefused(" ".join(problems))
    translation.status = Status.APPROVED
    translation.reviewer = reviewer
    translation.approved_at = timezone.now()
    save(translation, reviewer, gettext_noop("Approved"))
    return translation


def send_back(translation: RulingTranslation, reviewer, note: str) -> RulingTranslation:
    """Send a proposed translation back to its translator with ``note`` (required); the
    Italian stays as it was."""
    check_reviewable(translation, reviewer)
    note = (note or "").strip()
    if not note:
        raise ReviewRefused(_("Say why you send it back: the translator reads this note."))
    translation.status = Status.SENT_BACK
    translation.review_note = note
    translation.reviewer = reviewer
    translation.approved_at = None
    save(translation, reviewer, gettext_noop("Sent back"))
    return translation


def carry_forward(translation: RulingTranslation, user) -> RulingTranslation:
    """A proposed translation of the English that replaced this out-of-date translation's,
    starting from its Italian, written by ``user``."""
    if not is_out_of_date(translation):
        raise ReviewRefused(_("This translation is not out of date: its English is still used."))
    replacement = newest_replacement(translation.text)
    if replacement is None:
        raise ReviewRefused(
            _("Its English was withdrawn, not reworded: there is no new English to translate.")
        )
    if RulingTranslation.objects.filter(text=replacement).exists():
        raise ReviewRefused(_("The new English already has a translation: review that one."))
    carried = RulingTranslation(
        text=replacement,
        italian=translation.italian,
        status=Status.PROPOSED,
        origin=RulingTranslation.Origin.EDITOR,
        translator=user,
    )
    save(carried, user, gettext_noop("Carried forward from an out-of-date translation"))
    return carried


def save(translation: RulingTranslation, user, reason: str) -> None:
    # The history names the user even outside a request (HistoryRequestMiddleware names the
    # admin's user in a request).
    translation._history_user = user
    translation._change_reason = reason
    translation.save()
