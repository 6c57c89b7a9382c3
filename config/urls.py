from django.contrib import admin
from django.urls import include, path

admin.site.site_header = "Incident Library editors"
admin.site.site_title = "Incident Library"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("incidents.urls")),
    path("", include("search.urls")),
    path("", include("graph.urls")),
    path("", include("taxonomy.urls")),
    path("", include("api.urls")),
]

handler404 = "incidents.views.page_not_found"
