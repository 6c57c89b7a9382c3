from django.urls import path

from . import views

app_name = "taxonomy"

urlpatterns = [
    path("taxonomy/<str:kind>/<slug:slug>/", views.term_detail, name="term_detail"),
]
