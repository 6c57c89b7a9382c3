from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe
from django.views.generic import RedirectView

from lib.parameters import takes_parameters

from . import views

app_name = "taxonomy"

urlpatterns = [
    path("taxonomy/<str:kind>/<slug:slug>/", views.term_detail, name="term_detail"),
    # The parts of a term page's address, taken off one by one: every value of a kind,
    # then the case list (GET and HEAD only).
    path("taxonomy/<str:kind>/", views.kind_index, name="kind_index"),
    path(
        "taxonomy/",
        csrf_exempt(
            require_safe(
                takes_parameters()(RedirectView.as_view(pattern_name="incidents:case_list"))
            )
        ),
    ),
]
