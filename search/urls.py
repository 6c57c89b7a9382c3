from django.urls import path

from . import views

app_name = "search"

urlpatterns = [
    path("suggest.json", views.suggest_json, name="suggest_json"),
    path("suggestions/", views.suggestions_partial, name="suggestions"),
]
