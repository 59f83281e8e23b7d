from django.urls import path

from . import views

app_name = "rulings"

urlpatterns = [
    path("rules/", views.contents, name="rule-contents"),
    path("rules/glossary/", views.glossary, name="glossary"),
    path("rules/search/", views.search, name="rule-search"),
    path("rules/<str:number>/", views.rule_detail, name="rule-detail"),
]
