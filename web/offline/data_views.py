"""``/offline/version.json`` and the files of a data version's package (``package``).

``version.json`` is never cached: it says which version is current, and builds that version's
package first if no one has (docs/offline.md). The index and the parts are immutable, since
their names hold the version: a version that is not the current one is a 404 in JSON with the
current version, the browser's signal that the data changed during its download. They are
kept gzip-compressed and sent so to a browser that accepts gzip.
"""

import gzip
import re

from django.http import FileResponse, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from oracle import data_version
from web.json_views import get_only, json_response
from web.offline import package

JSON = "application/json; charset=utf-8"
IMMUTABLE = {"public": True, "max_age": 31536000, "immutable": True}
ACCEPTS_GZIP = re.compile(r"\bgzip\b")
# The files a version's folder holds (the index, cards-000.json, details-012.json).
FILE_NAME = re.compile(r"(?:index|(?:cards|details)-\d{3})\.json")


@never_cache
@get_only
def version(request):
    current = data_version.current()
    package.ensure_built(current)
    return json_response(
        {
            **package.version_facts(current),
            "index": package.url(current.number, package.INDEX),
        }
    )


@get_only
def data_file(request, version: int, name: str):
    current = data_version.current()
    if version != current.number:
        return stale(current)
    if not FILE_NAME.fullmatch(name):
        return missing(current, name)
    path = package.ensure_built(current) / f"{name}.gz"
    if not path.is_file():
        return missing(current, name)
    if ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", "")):
        response = FileResponse(path.open("rb"), content_type=JSON)
        response["Content-Encoding"] = "gzip"
        del response["Content-Disposition"]  # FileResponse names the .gz file: not a download
    else:
        response = HttpResponse(gzip.decompress(path.read_bytes()), content_type=JSON)
    patch_cache_control(response, **IMMUTABLE)
    patch_vary_headers(response, ["Accept-Encoding"])
    return response


def stale(current) -> HttpResponse:
    response = json_response(
        {
            "error": _("The offline data of this version is gone: version %(version)s is current.")
            % {"version": current.number},
            "version": str(current.number),
        },
        status=404,
    )
    patch_cache_control(response, no_cache=True)
    return response


def missing(current, name: str) -> HttpResponse:
    response = json_response(
        {
            "error": _("The offline data has no file “%(name)s”.") % {"name": name[:40]},
            "version": str(current.number),
        },
        status=404,
    )
    patch_cache_control(response, no_cache=True)
    return response
