from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.utils.functional import lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe
from django.views.generic import RedirectView

from lib.parameters import takes_parameters

admin.site.site_header = "Incident Library editors"
admin.site.site_title = "Incident Library"

urlpatterns = [
    path("admin/", admin.site.urls),
    # Browsers and feed readers ask for /favicon.ico whatever the page links: the site's
    # icon is an SVG among the static files.
    # (Resolved per request: the static files' manifest may not exist when this loads.)
    # GET and HEAD only: anything else is a 405, not a CSRF refusal or a redirect.
    path(
        "favicon.ico",
        csrf_exempt(
            require_safe(
                takes_parameters()(RedirectView.as_view(url=lazy(static, str)("img/favicon.svg")))
            )
        ),
    ),
    path("", include("incidents.urls")),
    path("", include("search.urls")),
    path("", include("graph.urls")),
    path("", include("taxonomy.urls")),
    path("", include("api.urls")),
]

handler404 = "incidents.views.page_not_found"
