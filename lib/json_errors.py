"""Errors with a body that says what works: JSON under the machine-readable addresses
(``/api/``, ``/mcp``), a page elsewhere.

A client of the API or of the MCP endpoint parses every answer as JSON; Django's own
404 page and the framework's 405s (``Method not allowed`` as text, or an empty body)
were HTML or text there (issue 23: ``/mcp/`` was an HTML 404, ``POST /api/…`` a
plain-text 405). :class:`JsonErrorsMiddleware` rewrites a 404 or 405 under
``settings.JSON_ERROR_PREFIXES`` that is not JSON into ``{"errors": [message]}``,
keeping its status and its ``Allow`` header (methods in RFC 9110's order). Answers that
are JSON already pass untouched. Elsewhere, a 405 with an empty body (Django's
``require_GET`` and class-based views) becomes the site's page saying which methods the
address answers (``templates/405.html``); a browser showed a blank page.

A query string of more parameters than ``settings.DATA_UPLOAD_MAX_NUMBER_FIELDS`` is a 400
saying so (:func:`too_many_parameters`), as JSON under those addresses: Django's own
refusal was an HTML 400 there, and with ``DEBUG`` on (``make run``) a 500, its debug page
reading the parameters again (a fresh helper's attack: 1,100 ``q``). A query string whose
percent-encoded bytes are not UTF-8 (``?q=%FF%FE``) is a 400 saying so
(:func:`not_utf8`): Django read it as replacement characters and the list searched for
them (a new user's tryout).
"""

import json
from urllib.parse import unquote_to_bytes

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.http import HttpResponse
from django.template.loader import render_to_string

MESSAGES = {
    404: "There is nothing at this address. The API's endpoints are listed at /api/schema/ "
    "(OpenAPI) and /api/; the MCP endpoint is /mcp.",
    405: "{method} is not allowed here; this address answers {allowed}.",
}


class JsonErrorsMiddleware:
    """Django middleware: see the module docstring. Input and output: a response."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            request.GET  # noqa: B018 - parsed here, where a refusal can still be worded
        except TooManyFieldsSent:
            return too_many_parameters(request)
        if not_utf8(request.META.get("QUERY_STRING", "")):
            return refusal(
                request,
                "This address's query is not UTF-8 text. Percent-encode the UTF-8 bytes of "
                "each character (é is %C3%A9), as browsers do.",
            )
        response = self.get_response(request)
        if response.status_code not in MESSAGES:
            return response
        if not request.path.startswith(tuple(settings.JSON_ERROR_PREFIXES)):
            if response.status_code == 405 and not response.content:
                return _method_page(request, response)
            return response
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        allowed = _in_order(response.get("Allow", ""))
        message = MESSAGES[response.status_code].format(method=request.method[:20], allowed=allowed)
        answer = HttpResponse(
            json.dumps({"errors": [message]}),
            status=response.status_code,
            content_type="application/json",
        )
        for header in ("Vary", "Access-Control-Allow-Origin"):
            if header in response:
                answer[header] = response[header]
        if allowed:
            answer["Allow"] = allowed
        return answer


# RFC 9110's order of the methods (section 9), for an Allow header that reads the same on
# every answer (the API framework lists them in a set's order).
METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]


def _in_order(allow):
    """An ``Allow`` header's methods in :data:`METHOD_ORDER` (others after, as given)."""
    methods = [m.strip().upper() for m in allow.split(",") if m.strip()]
    rank = {method: i for i, method in enumerate(METHOD_ORDER)}
    return ", ".join(sorted(dict.fromkeys(methods), key=lambda m: rank.get(m, len(rank))))


def _method_page(request, response):
    """The site's 405 page for ``request``, with ``response``'s status and ``Allow``."""
    allowed = _in_order(response.get("Allow", ""))
    message = MESSAGES[405].format(method=request.method[:20], allowed=allowed)
    body = "" if request.method == "HEAD" else render_to_string("405.html", {"message": message})
    page = HttpResponse(body, status=405)
    if allowed:
        page["Allow"] = allowed
    return page


def not_utf8(query_string):
    """Whether a query string (``str``, as WSGI gives it: its bytes read as Latin-1) holds
    percent-encoded or raw bytes that are not UTF-8. Output: ``bool``."""
    try:
        raw = query_string.encode("latin-1")
    except UnicodeEncodeError:
        raw = query_string.encode("utf-8")
    try:
        unquote_to_bytes(raw.replace(b"+", b" ")).decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def too_many_parameters(request):
    """A 400 for a query string of more parameters than the site reads (:func:`refusal`).
    Output: ``HttpResponse``."""
    message = (
        f"This address holds more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS:,} "
        "parameters, more than the site reads. Send each parameter once, or fewer values."
    )
    return refusal(request, message)


def refusal(request, message):
    """A 400 saying ``message``: ``{"errors": [message]}`` under
    ``settings.JSON_ERROR_PREFIXES``, else the site's 400 page with the message. Output:
    ``HttpResponse``."""
    if request.path.startswith(tuple(settings.JSON_ERROR_PREFIXES)):
        return HttpResponse(
            json.dumps({"errors": [message]}), status=400, content_type="application/json"
        )
    body = "" if request.method == "HEAD" else render_to_string("400.html", {"message": message})
    return HttpResponse(body, status=400)
