"""Addresses of the JSON API: version 1 under ``/api/v1/`` (``api/rest.py``), its OpenAPI
description at ``/api/schema/`` and the page of examples at ``/api/`` (``api/rest_docs.py``)."""

from django.urls import path, re_path

from . import rest, rest_docs

urlpatterns = [
    path("api/", rest_docs.examples, name="api_examples"),
    path("api/schema/", rest_docs.openapi_schema, name="api_schema"),
    path("api/v1/", rest.api.urls),
    # Last: any other address under /api/v1/ is a 404 in the API's own shape.
    re_path(r"^api/v1/(?P<rest>.*)$", rest_docs.unknown_endpoint),
]
