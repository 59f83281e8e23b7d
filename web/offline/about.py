"""The Offline page (``/<lang>/offline/``, "Senza rete"): what Oracolo keeps on a phone for use
without a network, how big it is and how old, and the button that downloads it (wired by the
browser's half, ``static/offline/install.js``)."""

from django.shortcuts import render
from django.template.defaultfilters import filesizeformat

from oracle import data_version
from web.offline import package


def offline_page(request):
    current = data_version.for_request(request)
    package.ensure_built(current)
    index = package.read_index(current.number) or {}
    context = {
        "index": index,
        "size": filesizeformat(index.get("bytes", 0)),
        "page_count": len(index.get("pages", {}).get(request.LANGUAGE_CODE, [])),
        "data_date": current.cards_date,
    }
    return render(request, "offline/about.html", context, using="jinja2")
