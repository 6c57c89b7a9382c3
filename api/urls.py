"""Addresses of the open-data app: each part keeps its own URL module."""

from django.urls import include, path

urlpatterns = [
    path("", include("api.rest_urls")),
    path("", include("api.export_urls")),
    path("", include("api.mcp_urls")),
]
