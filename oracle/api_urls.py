from django.urls import path

from . import api

app_name = "cards-api"

urlpatterns = [
    path("cards/", api.card_search, name="card-list"),
    path("cards/autocomplete/", api.card_autocomplete, name="card-autocomplete"),
    path("cards/<str:oracle_id>/", api.card_detail, name="card-detail"),
]
