"""JSON responses that are safe even if a browser is tricked into reading them as HTML."""

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse

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
