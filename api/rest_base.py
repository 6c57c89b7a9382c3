"""What every endpoint of the JSON API shares (``api/rest.py`` holds the endpoints): the
ninja ``api`` object, its errors (``{"errors": [...]}`` with the list page's status), the
per-client rate limit, the escaping JSON renderer, entity tags and conditional requests,
absolute URLs and the list's reading of a request.
"""

import hashlib
import logging
import math
import threading
import time
from functools import cache as once
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import SuspiciousOperation
from django.http import Http404
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.http import http_date
from ninja import NinjaAPI
from ninja.errors import HttpError, Throttled
from ninja.errors import ValidationError as NinjaValidationError
from ninja.renderers import JSONRenderer
from ninja.throttling import BaseThrottle

from lib import limits
from lib.http import SafeJsonResponse
from lib.parameters import unknown_parameters
from lib.text import shorten
from listing.query import read_query

from . import schemas

API_VERSION = "1"


class ApiError(Exception):
    """An answer other than 200: ``status`` and the messages, ``list[str]``."""

    def __init__(self, status, messages):
        super().__init__(messages)
        self.status = status
        self.messages = [shorten(str(message), 600) for message in messages]


# Rate limits ---------------------------------------------------------------------


class ClientRateThrottle(BaseThrottle):
    """ninja's throttle hook over the open-data limits (``lib/limits.py``, shared with the
    MCP server): ``settings.API_RATE_LIMIT`` requests a minute per client address (behind
    ``TRUSTED_PROXY_COUNT`` proxies, the address the nearest trusted one saw), counted in
    the cache. Read per request, so a settings override applies at once."""

    def __init__(self):
        self._local = threading.local()

    def allow_request(self, request):
        limit = getattr(settings, "API_RATE_LIMIT", 120)
        wait = limits.hit("api", limits.client_key(request), limit)
        self._local.wait = wait or None
        return not wait

    def wait(self):
        return getattr(self._local, "wait", None)


# Rendering and errors ----------------------------------------------------------------


class SafeJsonRenderer(JSONRenderer):
    """JSON with ``<``, ``>`` and ``&`` escaped (``lib.http.SafeJsonResponse``), so
    no text from a case can open a tag if a browser is tricked into reading it as HTML."""

    def render(self, request, data, *, response_status):
        return SafeJsonResponse(data).content


api = NinjaAPI(
    title="Incident Library API",
    version=API_VERSION,
    description="Read-only access to the library's published cases, with the case list's "
    "exact parameters (filters, sentence, order, page), facets with disjunctive counts, "
    'the vocabulary and organisations. Errors are `{"errors": [...]}` with the list '
    "page's status. Examples: /api/.",
    urls_namespace="api-v1",
    openapi_url=None,  # served at /api/schema/ by openapi_schema below
    docs_url=None,  # the examples page at /api/ instead of a page of CDN scripts
    renderer=SafeJsonRenderer(),
    throttle=[ClientRateThrottle()],
)
ERRORS = {400: schemas.Errors, 404: schemas.Errors, 429: schemas.Errors}


def _error(request, status, messages):
    response = api.create_response(request, {"errors": messages}, status=status)
    response["Cache-Control"] = "no-store"
    return response


@api.exception_handler(ApiError)
def _api_error(request, exc):
    return _error(request, exc.status, exc.messages)


@api.exception_handler(Http404)
def _not_found(request, exc):
    message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else "Not found."
    return _error(request, 404, [shorten(message)])


@api.exception_handler(Throttled)
def _throttled(request, exc):
    limit = getattr(settings, "API_RATE_LIMIT", 120)
    wait = math.ceil(exc.wait or 60)
    return _error(
        request,
        429,
        [
            f"Too many requests: this API answers {limit} a minute from one address. "
            + limits.try_again(wait)
        ],
    )


@api.exception_handler(HttpError)
def _http_error(request, exc):
    return _error(request, exc.status_code, [str(exc)])


@api.exception_handler(SuspiciousOperation)
def _refused(request, exc):
    # Logged as Django logs what it refuses itself: the reason goes into the request's
    # log line (settings.LOGGING), no traceback.
    logging.getLogger(f"django.security.{exc.__class__.__name__}").error(
        str(exc), extra={"request": request, "status_code": 400}
    )
    return _error(request, 400, ["The request could not be read: " + shorten(str(exc), 200)])


@api.exception_handler(NinjaValidationError)
def _invalid(request, exc):
    messages = [f"{'.'.join(map(str, e.get('loc', ())))}: {e.get('msg', '')}" for e in exc.errors]
    return _error(request, 400, messages or ["The request could not be read."])


# Conditional requests ----------------------------------------------------------------


@once
def _code_identity():
    """The code's identity for entity tags: ``settings.RELEASE`` (templates and the
    domain apps) and a digest of this app's and search's Python files."""
    digest = hashlib.sha256(settings.RELEASE.encode())
    root = Path(__file__).resolve().parent.parent
    for folder in ("api", "search"):
        for path in sorted((root / folder).rglob("*.py")):
            if "migrations" not in path.parts:
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def first_seen(versions):
    """When this site first answered at these change counters: seconds since the epoch
    (``int``), kept in the cache under a key carrying them (shared by every host with
    Redis). A cache that lost it answers a later time, never an earlier one."""
    key = "api:seen:{}:{}:{}".format(*versions)
    now = int(time.time())
    cache.add(key, now, timeout=30 * 24 * 3600)
    return cache.get(key) or now


def not_modified(request, response, versions):
    """Label a 200 answer and answer a conditional request.

    Input: the request, ninja's temporal response (its headers go on the 200 answer)
    and the change counters the answer is computed at. Sets ``ETag`` (the counters, the
    code and the absolute URL, hashed), ``Last-Modified`` (:func:`first_seen`) and
    ``Cache-Control: public, no-cache`` (keep it, but ask each time). Output: a 304 when
    ``If-None-Match`` names the tag (a 412 for a failed ``If-Match``), else ``None``.
    ``If-Modified-Since`` alone is not answered with a 304: two versions can fall in one
    second, and the tag is exact.
    """
    material = f"{API_VERSION}:{_code_identity()}:{versions}:{request.build_absolute_uri()}"
    etag = '"' + hashlib.sha256(material.encode()).hexdigest()[:32] + '"'
    headers = {
        "ETag": etag,
        "Last-Modified": http_date(first_seen(versions)),
        "Cache-Control": "public, no-cache",
    }
    for name, value in headers.items():
        response[name] = value
    answer = get_conditional_response(request, etag=etag)
    if answer is not None:
        for name, value in headers.items():
            answer[name] = value
    return answer


# Building answers ----------------------------------------------------


def absolute(request, path, query=""):
    """``path`` plus ``query`` (``"?a=b"``, or a ``QueryDict``) as an absolute URL."""
    if not isinstance(query, str):
        query = "?" + query.urlencode() if query else ""
    return request.build_absolute_uri(path + (query if query != "?" else ""))


def cases_url_path():
    return reverse("api-v1:list_cases")


def read_list(request):
    """The list's reading of the request: ``(query, index, filterset, sentence)``, or
    :class:`ApiError` 400 with the list page's messages (an unknown parameter among
    them)."""
    query, index, filterset, errors, sentence = read_query(request.GET)
    if errors:
        raise ApiError(400, errors)
    return query, index, filterset, sentence


def refuse_unknown(request, *accepted):
    """:class:`ApiError` 400 when the query string holds a parameter outside
    ``accepted`` (the message names them), for the endpoints that are not a list."""
    problem = unknown_parameters(request.GET, accepted)
    if problem:
        raise ApiError(400, [problem])


CONDITIONAL = {304: None}
# Every endpoint answers GET and HEAD, as the pages do; the description lists GET.
SAFE = ["GET", "HEAD"]
