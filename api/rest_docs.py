"""The JSON API's description and examples, as plain Django views: the OpenAPI
description at ``/api/schema/``, the page of examples at ``/api/`` and the API's 404 for
any other address under ``/api/v1/``."""

from functools import cache as once

from django.conf import settings
from django.http import HttpResponsePermanentRedirect
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from incidents.index import get_index
from incidents.models import Case
from lib.http import SafeJsonResponse
from lib.parameters import takes_parameters
from listing.query import CASES_PER_PAGE

from .rest import api
from .rest_base import absolute, cases_url_path


@once
def openapi_description():
    """The OpenAPI 3 description of version 1, as a ``dict`` (built once per process)."""
    description = dict(api.get_openapi_schema(path_prefix=reverse("api-v1:index")))
    for operations in description["paths"].values():
        operations.pop("head", None)  # the same operation as GET, and the same operationId
    return description


@csrf_exempt
@require_safe
@takes_parameters(json=True)
def openapi_schema(request):
    """``/api/schema/``: the OpenAPI description of the API, as JSON."""
    response = SafeJsonResponse(openapi_description())
    response["Cache-Control"] = "public, max-age=300"
    return response


def _example_values(index):
    """A case slug and a symptom slug that exist, for the examples (the newest case and
    the most carried symptom), or placeholders in an empty library."""
    slug = "example-case"
    if index.n_cases:
        case = Case.objects.filter(pk=int(index.case_pks[0])).values_list("slug", flat=True)
        slug = case.first() or slug
    symptoms = index.tables["symptom"]
    symptom = "nccl-timeout"
    if len(symptoms) and symptoms.degree.max() > 0:
        symptom = symptoms.values[int(symptoms.degree.argmax())].slug
    return slug, symptom


@csrf_exempt
@require_safe
@takes_parameters()
def examples(request):
    """``/api/``: what the API offers, with a ``curl`` command for each endpoint."""
    slug, symptom = _example_values(get_index())
    cases = absolute(request, cases_url_path())
    facets = absolute(request, reverse("api-v1:list_facets"))
    sentence = "?q=" + "NCCL+watchdog+timeout+after+a+GPU+fell+off+the+bus"
    context = {
        "schema_url": absolute(request, reverse("api_schema")),
        "base": absolute(request, reverse("api-v1:index")),
        "rate_limit": getattr(settings, "API_RATE_LIMIT", 120),
        "per_page": CASES_PER_PAGE,
        "examples": [
            {
                "title": "The newest cases",
                "text": "Page 1 of the list, newest incident first: 20 cases with their "
                "dates, parties, terms and key facts, the count and links to the next page.",
                "url": cases,
            },
            {
                "title": "Filter as the list does",
                "text": "Repeat a parameter to OR its values; different parameters AND. "
                "Every parameter of the list works here, with the same names.",
                "url": f"{cases}?symptom={symptom}&year_from=2023&sort=oldest",
            },
            {
                "title": "Describe what you see",
                "text": "A sentence or a pasted log line: its strong matches, best first, "
                "the values recognised in it and the suggested filters. "
                "Add matches=all for the weaker matches too.",
                "url": cases + sentence,
            },
            {
                "title": "One case",
                "text": "Every section as Markdown and as sanitised HTML, key facts, "
                "timeline, sources and related cases.",
                "url": f"{cases}{slug}/",
            },
            {
                "title": "Facets",
                "text": "Every value of every facet with the number of cases choosing it "
                "would list, under the same parameters.",
                "url": f"{facets}?symptom={symptom}",
            },
            {
                "title": "Vocabulary",
                "text": "Every filter value by kind, with descriptions, aliases and "
                "categories, and how many published cases carry it.",
                "url": absolute(request, reverse("api-v1:vocabulary")),
            },
            {
                "title": "Organisations",
                "text": "Every organisation a published case names, with its aliases.",
                "url": absolute(request, reverse("api-v1:organisations")),
            },
        ],
    }
    return render(request, "api/index.html", context)


@csrf_exempt
def unknown_endpoint(request, rest=""):
    """Any other address under ``/api/v1/``: a 404 in the API's JSON shape. An endpoint's
    address without its final slash (``/api/v1/cases``) is redirected to it for GET and
    HEAD (301, query kept, as Django's ``APPEND_SLASH`` does for pages) and named in the
    message for other methods."""
    slashed = request.path + "/"
    if rest and not rest.endswith("/") and _is_endpoint(slashed):
        if request.method in ("GET", "HEAD"):
            # The path as sent, escaped again: a slug's "%3F" or "%23" decoded into the
            # Location became a query or a fragment (an adversarial tryout).
            return HttpResponsePermanentRedirect(request.get_full_path(force_append_slash=True))
        return SafeJsonResponse(
            {"errors": [f"There is no such endpoint in this API: did you mean {slashed}?"]},
            status=404,
        )
    return SafeJsonResponse(
        {"errors": ["There is no such endpoint in this API: see /api/schema/."]}, status=404
    )


def _is_endpoint(path):
    """Whether ``path`` is one of the API's endpoints (not this catch-all)."""
    try:
        return resolve(path).func is not unknown_endpoint
    except Resolver404:
        return False
