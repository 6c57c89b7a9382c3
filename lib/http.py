"""JSON responses that are safe even if a browser is tricked into reading them as HTML, and
the redirect of an address typed in capitals."""

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse, HttpResponsePermanentRedirect
from django.utils.encoding import escape_uri_path

# The characters Django's json_script escapes: no text from a visitor can close a tag or
# open one in the output, whatever the client does with it.
_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


def safe_json(data):
    """``data`` as JSON text with ``<``, ``>`` and ``&`` escaped as ``\\u003C`` and friends.

    Input: any JSON-serialisable value (``DjangoJSONEncoder``: dates, times and durations
    as ISO 8601). Output: ``str``, UTF-8 characters kept, the same value once parsed.
    """
    return json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False).translate(_ESCAPES)


class SafeJsonResponse(HttpResponse):
    """A JSON response with ``<``, ``>`` and ``&`` escaped as ``\\u003C`` and friends.

    Input: any JSON-serialisable ``data`` (lists included) and the usual response kwargs.
    Output: ``application/json`` with the same value once parsed.
    """

    def __init__(self, data, **kwargs):
        kwargs.setdefault("content_type", "application/json")
        super().__init__(safe_json(data), **kwargs)


def lower_case_address(request):
    """A 301 to the same address in lower case when ``request.path`` has a capital letter
    (``/cases/Meta-RSC/``, ``/taxonomy/symptom/NCCL-TIMEOUT/``), query kept; ``None``
    otherwise. For pages whose whole path is lower case (the slugs are): the list took
    ``?symptom=NCCL-TIMEOUT`` while a case or term page was a 404 for it (an adversarial
    tryout). Output: ``HttpResponsePermanentRedirect`` or ``None``."""
    if request.path == request.path.lower():
        return None
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(
        escape_uri_path(request.path.lower()) + (f"?{query}" if query else "")
    )
