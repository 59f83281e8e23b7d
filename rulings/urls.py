from django.urls import path

from . import document_views, keyword_views, views

app_name = "rulings"

urlpatterns = [
    path("rules/", views.contents, name="rule-contents"),
    path("rules/glossary/", views.glossary, name="glossary"),
    path("rules/search/", views.search, name="rule-search"),
    path("rules/<str:number>/", views.rule_detail, name="rule-detail"),
    path("sources/", document_views.document_list, name="document-list"),
    path("sources/<int:pk>/", document_views.document_detail, name="document-detail"),
    path("keywords/", keyword_views.keyword_list, name="keyword-list"),
    path("keywords/<slug:slug>/", keyword_views.keyword_detail, name="keyword-detail"),
]
