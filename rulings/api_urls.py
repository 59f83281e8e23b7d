from django.urls import path

from . import api

app_name = "rules-api"

urlpatterns = [
    path("rules/", api.rules_index, name="index"),
    path("rules/<str:number>/", api.rule_detail, name="rule-detail"),
]
