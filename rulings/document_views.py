"""Pages of the source documents: the list, and one document as sections with links.

(Placeholder bodies until the documents pages land in this branch of work.)"""

from django.http import Http404


def document_list(request):
    raise Http404


def document_detail(request, pk):
    raise Http404
