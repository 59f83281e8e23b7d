"""Keyword pages: every keyword ability, action and ability word; one keyword with its rule.

(Placeholder bodies until the keyword pages land in this branch of work.)"""

from django.http import Http404


def keyword_list(request):
    raise Http404


def keyword_detail(request, slug):
    raise Http404
