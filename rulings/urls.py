from django.urls import path

from .views import documents, keywords, rules

app_name = "rulings"

urlpatterns = [
    path("rules/", rules.contents, name="rule-contents"),
    path("rules/glossary/", rules.glossary, name="glossary"),
    path("rules/search/", rules.search, name="rule-search"),
    path("rules/<str:number>/", rules.rule_detail, name="rule-detail"),
    path("sources/", documents.document_list, name="document-list"),
    path("sources/<int:pk>/", documents.document_detail, name="document-detail"),
    path("keywords/", keywords.keyword_list, name="keyword-list"),
    path("keywords/<slug:slug>/", keywords.keyword_detail, name="keyword-detail"),
]
