from django.urls import path

from . import views

app_name = "oracle"

urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", views.card_list, name="card-list"),
    path("help/search/", views.search_help, name="search-help"),
    path("cards/random/", views.random_card, name="random-card"),
    path("cards/<slug:slug>/", views.card_detail, name="card-detail"),
    path("sets/", views.set_list, name="set-list"),
    path("sets/<str:code>/", views.set_detail, name="set-detail"),
    path("sets/<str:code>/<str:number>/", views.printing_detail, name="printing-detail"),
    path("about/", views.about, name="about"),
]
