"""The Offline page (``/<lang>/offline/``, "Senza rete"): what Oracolo keeps on a phone for use
without a network, how big it is and how old, and the button that downloads it (wired by the
browser's half, ``static/offline/install.js``)."""

from datetime import date

from django.shortcuts import render
from django.template.defaultfilters import filesizeformat

from oracle import data_version
from web.offline import package


def offline_page(request):
    current = data_version.for_request(request)
    try:
        number = package.servable(current)
    except OSError:  # logged by version.json, which the download asks first
        number = None
    index = package.read_index(number) if number is not None else {}
    context = {
        "index": index,
        "size": filesizeformat(index.get("bytes", 0)),
        "page_count": len(index.get("pages", {}).get(request.LANGUAGE_CODE, [])),
        "data_date": date.fromisoformat(index["cards_date"]) if index.get("cards_date") else None,
    }
    return render(request, "offline/about.html", context, using="jinja2")
