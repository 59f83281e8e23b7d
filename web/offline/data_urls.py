"""The offline data's addresses: the JSON files outside the language prefixes
(``urlpatterns``, namespace ``offline-data``), the manifest and the Offline page under them
(``page_patterns``, namespace ``offline``)."""

from django.urls import path

from web.offline import about, data_views, manifest

urlpatterns = [
    path("offline/version.json", data_views.version, name="version"),
    path("offline/<int:version>/<str:name>", data_views.data_file, name="file"),
]

page_patterns = [
    path("manifest.webmanifest", manifest.web_manifest, name="manifest"),
    path("offline/", about.offline_page, name="about"),
]
