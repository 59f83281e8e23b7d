"""``/offline/version.json`` and the files of a data version's package (``package``).

``version.json`` is never cached: it names the newest complete package, building the current
version's first unless another request is already building it (``package.servable``,
docs/offline.md). The index and the parts are immutable, since their names hold the version: a
version whose package is gone (an older one, removed once a newer is complete) is a 404 in JSON
with the current version, the browser's signal that the data changed during its download. They are
kept gzip-compressed and sent so to a browser that accepts gzip. A package that cannot be written
(a full disk) is a 503 in JSON with Retry-After: the browser keeps the data it has.
"""

import gzip
import logging
import re

from django.http import FileResponse, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from oracle import data_version
from web.json_views import get_only, json_response
from web.offline import package

JSON = "application/json; charset=utf-8"
logger = logging.getLogger(__name__)
IMMUTABLE = {"public": True, "max_age": 31536000, "immutable": True}
ACCEPTS_GZIP = re.compile(r"\bgzip\b")
# The files a version's folder holds (the index, cards-000.json, details-012.json).
FILE_NAME = re.compile(r"(?:index|(?:cards|details)-\d{3})\.json")


@never_cache
@get_only
def version(request):
    current = data_version.current()
    try:
        number = package.servable(current)
    except OSError as error:
        return cannot_build(current, error)
    if number is None:  # the first package of all is being built by another request
        return cannot_build(current, None)
    return json_response(
        {**package.built_facts(number), "index": package.url(number, package.INDEX)}
    )


@get_only
def data_file(request, version: int, name: str):
    if not package.is_built(version):
        return stale(data_version.current())
    path = package.version_dir(version) / f"{name}.gz"
    if not FILE_NAME.fullmatch(name) or not path.is_file():
        return missing(data_version.current(), name)
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


def cannot_build(current, error: OSError | None) -> HttpResponse:
    """A 503 when the package cannot be written (a full disk, a folder the server may not write,
    ``error``) or is still being built (``None``): the browser keeps the data it has and may try
    again later."""
    if error is not None:
        logger.error("The offline data of version %s cannot be built: %s", current.number, error)
    response = json_response(
        {
            "error": _("The offline data cannot be prepared now: try again later."),
            "version": str(current.number),
        },
        status=503,
    )
    response["Retry-After"] = "300" if error is not None else "30"
    patch_cache_control(response, no_cache=True)
    return response
