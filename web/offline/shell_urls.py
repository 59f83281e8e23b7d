"""The offline search and card view, under the language prefixes (namespace ``offline-shell``)."""

from django.urls import path

from web.offline import shell

urlpatterns = [
    path("offline/search/", shell.offline_search, name="search"),
    path("offline/card/", shell.offline_card, name="card"),
]
