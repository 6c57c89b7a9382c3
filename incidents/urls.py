from django.urls import path

from . import views

app_name = "incidents"

urlpatterns = [
    path("", views.case_list, name="case_list"),
    path("cases/<slug:slug>/", views.CaseDetailView.as_view(), name="case_detail"),
    path("suggest.json", views.suggest_json, name="suggest_json"),
    path("suggestions/", views.suggestions_partial, name="suggestions"),
    path("facets/<str:key>/", views.facet_values, name="facet_values"),
    path("healthz", views.healthz, name="healthz"),
]
