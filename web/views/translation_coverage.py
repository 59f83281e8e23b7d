"""The editors' page of the Italian coverage of the English card rulings: overall, per set and
per format, and the next texts to translate, each linked to its page in the admin
(``rulings.translations.coverage`` counts them).

Only staff who may see the translations get it; anyone else a 403 page in their language,
with a way to sign in. It is never kept in the page cache (an editor's answer is private
anyway; a visitor's is the 403)."""

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import render
from django.urls import reverse

from rulings.translations.coverage import coverage_report
from web.http_caching import page_parameters

PERMISSION = "rulings.view_rulingtranslation"


def may_see_coverage(user) -> bool:
    return user.is_active and user.is_staff and user.has_perm(PERMISSION)


@page_parameters(cache=False)
def translation_coverage(request):
    if not may_see_coverage(request.user):
        login = redirect_to_login(request.get_full_path(), reverse("admin:login"))["Location"]
        context = {"login_url": login, "signed_in": request.user.is_authenticated}
        return render(
            request, "rules/translation_coverage_refused.html", context, status=403, using="jinja2"
        )
    report = coverage_report()
    texts = [
        (text, reverse("admin:rulings_rulingtext_change", args=[text.key]))
        for text in report.next_texts
    ]
    context = {"report": report, "texts": texts}
    return render(request, "rules/translation_coverage.html", context, using="jinja2")
