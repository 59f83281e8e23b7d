"""``/sw.js``: the service worker, served from the site's root so that its scope is the whole site
(a worker's scope cannot be wider than the folder it is served from, and static files live under
/static/). Only the Offline page's button registers it (static/offline/install.js)."""

from pathlib import Path

from django.conf import settings
from django.http import HttpResponse
from django.views.decorators.http import require_safe

WORKER_SOURCE = Path(settings.BASE_DIR) / "static" / "offline" / "sw.js"


@require_safe
def service_worker(request):
    # Read each time: the file is small, and a deploy replaces it without a restart's help.
    source = WORKER_SOURCE.read_text(encoding="utf-8")
    source = source.replace(
        "__UPDATE_CHECK_SECONDS__", str(int(settings.OFFLINE_UPDATE_CHECK_SECONDS))
    )
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response
