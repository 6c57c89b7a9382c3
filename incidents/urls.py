from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe
from django.views.generic import RedirectView

from lib.parameters import takes_parameters

from . import views

app_name = "incidents"

urlpatterns = [
    path("", views.case_list, name="case_list"),
    path("cases/<slug:slug>/", views.CaseDetailView.as_view(), name="case_detail"),
    # A case page's address without its slug: the list of cases (GET and HEAD only).
    path(
        "cases/",
        csrf_exempt(
            require_safe(
                takes_parameters()(RedirectView.as_view(pattern_name="incidents:case_list"))
            )
        ),
    ),
    path("facets/<str:key>/", views.facet_values, name="facet_values"),
    path("diagnose/", views.diagnose, name="diagnose"),
    path("healthz", views.healthz, name="healthz"),
]
