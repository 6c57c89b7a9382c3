from django.urls import path

from . import views

app_name = "incidents"

urlpatterns = [
    path("", views.case_list, name="case_list"),
    path("cases/<slug:slug>/", views.CaseDetailView.as_view(), name="case_detail"),
    path("facets/<str:key>/", views.facet_values, name="facet_values"),
    path("diagnose/", views.diagnose, name="diagnose"),
    path("healthz", views.healthz, name="healthz"),
]
