"""``/bulk-data``, ``/bulk-data/:type`` (or ``:id``) and the files themselves.

The files are those ``manage.py build_bulk_data`` wrote (``bulk_files``) in
``settings.BULK_DATA_DIR``; before it has run, the list is empty and each kind is a 404.
``download_uri`` is the JSON array, served as Scryfall serves it: ``Content-Type:
application/json`` with ``Content-Encoding: gzip`` (an HTTP client that accepts gzip sees
plain JSON); ``jsonl_download_uri`` is the JSON Lines file as a ``.jsonl.gz`` download.
"""

from django.conf import settings
from django.http import FileResponse
from django.utils.translation import gettext as _

from web.api.scryfall.bulk_files import BY_TYPE, KINDS, bulk_id, read_manifest
from web.api.scryfall.identities import Addresses, parse_uuid
from web.api.scryfall.responses import ALLOW_ORIGIN, answer, api_view, not_found


def bulk_object(kind, facts: dict, updated_at: str, addresses: Addresses) -> dict:
    return {
        "object": "bulk_data",
        "id": str(bulk_id(kind.type)),
        "type": kind.type,
        "updated_at": updated_at,
        "uri": addresses.api(f"bulk-data/{kind.type}"),
        "name": kind.name,
        "description": kind.description,
        "size": facts["size"],
        "compressed_size": facts["compressed_size"],
        "download_uri": addresses.api(f"bulk-data/{kind.type}/{kind.type}.json"),
        "jsonl_download_uri": addresses.api(f"bulk-data/{kind.type}/{kind.type}.jsonl.gz"),
        "content_type": "application/json",
        "content_encoding": "gzip",
        "count": facts["count"],
    }


def _built():
    manifest = read_manifest(settings.BULK_DATA_DIR) or {"files": {}, "updated_at": ""}
    return manifest, [kind for kind in KINDS if kind.type in manifest["files"]]


@api_view("GET")
def bulk_list(request):
    manifest, kinds = _built()
    addresses = Addresses.from_request(request)
    data = [
        bulk_object(kind, manifest["files"][kind.type], manifest["updated_at"], addresses)
        for kind in kinds
    ]
    return answer({"object": "list", "has_more": False, "data": data})


def _kind(key: str):
    manifest, kinds = _built()
    wanted = parse_uuid(key)
    for kind in kinds:
        if kind.type == key or (wanted is not None and bulk_id(kind.type) == wanted):
            return manifest, kind
    return manifest, None


@api_view("GET")
def bulk_detail(request, key):
    manifest, kind = _kind(key)
    if kind is None:
        return not_found(_("There is no bulk data file “%(key)s”.") % {"key": key})
    facts = manifest["files"][kind.type]
    addresses = Addresses.from_request(request)
    return answer(bulk_object(kind, facts, manifest["updated_at"], addresses))


@api_view("GET")
def bulk_file(request, key, filename):
    _manifest, kind = _kind(key)
    if (
        kind is None
        or kind.type not in BY_TYPE
        or filename
        not in (
            f"{kind.type}.json",
            f"{kind.type}.jsonl.gz",
        )
    ):
        return not_found(_("There is no bulk data file “%(key)s”.") % {"key": f"{key}/{filename}"})
    lines = filename.endswith(".jsonl.gz")
    path = settings.BULK_DATA_DIR / (filename if lines else f"{filename}.gz")
    try:
        stream = path.open("rb")
    except OSError:
        return not_found(_("There is no bulk data file “%(key)s”.") % {"key": filename})
    if lines:
        response = FileResponse(stream, content_type="application/gzip", as_attachment=True)
    else:
        response = FileResponse(stream, content_type="application/json")
        response["Content-Encoding"] = "gzip"
    response[ALLOW_ORIGIN] = "*"
    return response
