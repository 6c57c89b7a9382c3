"""The MCP server over streamable HTTP at ``/mcp``, on the site itself: the SDK's app run
from a WSGI thread (:class:`HttpBridge`) and the Django view in front of it
(:func:`mcp_endpoint`) with the site's limits. The server and its tools are in
``api/mcp_server.py``.
"""

import asyncio
import concurrent.futures
import io
import json
import logging
import threading

from django.conf import settings
from django.http import HttpResponse
from django.views.decorators.csrf import csrf_exempt
from mcp.server.transport_security import TransportSecuritySettings

from lib.limits import client_key, hit

from .mcp_server import BASE_URL_KEY, get_server

_lock = threading.Lock()
_made = {}


# --- Streamable HTTP inside the WSGI site -----------------------------------------------


class HttpBridge:
    """The SDK's streamable HTTP app, served from a WSGI thread.

    The app runs on an event loop in a thread of its own (a2wsgi's ``ASGIMiddleware``
    gives each WSGI request to it and waits for the answer); the SDK's session manager,
    which a Starlette lifespan would start, is started on that loop here, since WSGI has
    no lifespan. Stateless, with JSON responses: each POST is one JSON-RPC exchange, and
    no request holds a worker thread open as an event stream would. Made on first use in
    each worker process (after gunicorn's fork: threads do not survive one).
    """

    def __init__(self, server, max_body):
        from a2wsgi import ASGIMiddleware

        server.streamable_http_app(
            stateless_http=True,
            json_response=True,
            max_request_body_size=max_body,
            # Django checks the Host header against ALLOWED_HOSTS and the view checks
            # Origin; the SDK's own check would only know localhost.
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )
        manager = server.session_manager
        # The transport logs each stateless request's start and end at INFO; the site's
        # request log already has a line per request.
        for name in ("mcp.server.streamable_http", "mcp.server.streamable_http_manager"):
            if logging.getLogger(name).level == logging.NOTSET:
                logging.getLogger(name).setLevel(logging.WARNING)
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="mcp-http", daemon=True).start()
        started = concurrent.futures.Future()

        async def run_manager():
            async with manager.run():
                started.set_result(True)
                await asyncio.Event().wait()

        asyncio.run_coroutine_threadsafe(run_manager(), self.loop)
        started.result(timeout=10)
        self.app = ASGIMiddleware(manager.handle_request, loop=self.loop, wait_time=5)

    def __call__(self, environ):
        """Run one request through the SDK. Input: a WSGI environ whose ``wsgi.input``
        holds the whole body. Output: ``(int status, list[(name, value)], bytes body)``."""
        answer = {}

        def start_response(status, headers, exc_info=None):
            answer["status"] = int(status.split(" ", 1)[0])
            answer["headers"] = headers

        body = b"".join(self.app(environ, start_response))
        return answer["status"], answer["headers"], body


def get_bridge():
    """This process's :class:`HttpBridge`, started on the first ``/mcp`` request."""
    with _lock:
        if "bridge" not in _made:
            _made["bridge"] = HttpBridge(get_server(), settings.MCP_MAX_REQUEST_BYTES)
        return _made["bridge"]


def _error(status, message, code=-32600, headers=None):
    """A JSON-RPC error body without a request id, as the SDK answers transport errors."""
    body = {"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": message}}
    response = HttpResponse(json.dumps(body), status=status, content_type="application/json")
    for name, value in (headers or {}).items():
        response[name] = value
    return response


# What :func:`_parsed` gives for a body that is not JSON (the SDK reports its parse error).
_NOT_JSON = object()


def _parsed(body):
    """``body`` read as JSON, :data:`_NOT_JSON` when it is not JSON. Raises
    ``RecursionError`` for arrays or objects nested past Python's recursion limit (about
    1,000 deep: a 2 KB body of brackets was a 500, an adversarial tryout)."""
    try:
        return json.loads(body)
    except ValueError:
        return _NOT_JSON


def _bad_request_id(message):
    """Whether ``message`` (parsed, :func:`_parsed`) is a JSON-RPC message whose ``id`` is
    neither a string nor an integer (an object, an array, a fraction, a boolean): JSON-RPC
    2.0 §4 and MCP allow only those, and the SDK took such a request for a notification
    and answered an empty 202. Output: ``bool``."""
    if not isinstance(message, dict) or "id" not in message:
        return False
    request_id = message["id"]
    return not (
        isinstance(request_id, str)
        or (isinstance(request_id, int) and not isinstance(request_id, bool))
    )


def _is_batch(message):
    """Whether ``message`` (parsed, :func:`_parsed`) is a JSON array (a JSON-RPC batch),
    which MCP's streamable HTTP transport does not take (its 2025-06-18 revision removed
    batching): the SDK answered one with a kilobyte of its validator's report (a new
    user's tryout). Output: ``bool``."""
    return isinstance(message, list)


# Response headers of the SDK's answer not passed on: Django sets its own length.
_HOP_HEADERS = {"content-length", "connection", "transfer-encoding", "keep-alive"}


@csrf_exempt
def mcp_endpoint(request):
    """``/mcp``: the MCP server over streamable HTTP (POST only; stateless, JSON answers).

    Answers, besides the SDK's own: 405 with ``Allow: POST`` for other methods (no event
    stream is offered, as the transport allows); 403 for a browser request from another
    site (an ``Origin`` that is not this host); 429 with ``Retry-After`` past
    ``MCP_RATE_LIMIT`` requests a minute from one client (``lib/limits.py``); 413 for a
    body over ``MCP_MAX_REQUEST_BYTES`` (a chunked body, which has no length, is read to
    its end up to that cap); 415 for a body that is not ``application/json`` (in any
    case); 400 (Parse error) for JSON nested too deeply to read; 400 (Invalid Request) for
    a request id that is not a string or an integer, and for a batch (a JSON array of
    messages). Exempt from
    CSRF: nothing here reads cookies or writes anything.
    """
    if request.method != "POST":
        return _error(
            405,
            "Method Not Allowed: POST JSON-RPC messages to this endpoint.",
            headers={"Allow": "POST"},
        )
    origin = request.headers.get("Origin")
    if origin and origin.split("://", 1)[-1].rstrip("/") != request.get_host():
        return _error(403, "Forbidden: cross-site requests are not accepted.")
    limited = hit("mcp", client_key(request), settings.MCP_RATE_LIMIT)
    if limited:
        return _error(
            429,
            f"Too many requests: at most {settings.MCP_RATE_LIMIT} a minute; retry in {limited} s.",
            headers={"Retry-After": str(limited)},
        )
    too_large = _error(
        413, f"Request body too large: at most {settings.MCP_MAX_REQUEST_BYTES} bytes."
    )
    length = request.META.get("CONTENT_LENGTH") or ""
    if not length and "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
        # A chunked body has no length: Django reads it as empty. gunicorn's input
        # stream decodes the chunks; read it to its end, up to the cap (issue 21).
        body = request.META["wsgi.input"].read(settings.MCP_MAX_REQUEST_BYTES + 1)
        if len(body) > settings.MCP_MAX_REQUEST_BYTES:
            return too_large
    elif not (length or "0").isdigit() or int(length or "0") > settings.MCP_MAX_REQUEST_BYTES:
        return too_large
    else:
        body = request.body
    base, semicolon, parameters = request.META.get("CONTENT_TYPE", "").partition(";")
    media_type = base.strip().lower()
    if media_type != "application/json":
        return _error(415, "Unsupported Media Type: send JSON-RPC messages as application/json.")
    try:
        message = _parsed(body)
    except RecursionError:
        return _error(400, "Parse error: the JSON is nested too deeply.", code=-32700)
    if _is_batch(message):
        return _error(
            400, "Invalid Request: batches are not supported; send one JSON-RPC message a request."
        )
    if _bad_request_id(message):
        return _error(400, "Invalid Request: a request id must be a string or an integer.")
    environ = dict(request.META)
    environ.update(
        {
            # (media types are case-insensitive, RFC 9110 §8.3.1; the SDK compares the
            # lower-case name: "APPLICATION/JSON" was its 415)
            "CONTENT_TYPE": media_type + semicolon + parameters,
            "wsgi.input": io.BytesIO(body),
            "CONTENT_LENGTH": str(len(body)),
            "PATH_INFO": "/mcp",
            "SCRIPT_NAME": "",
            BASE_URL_KEY: request.build_absolute_uri("/"),
        }
    )
    status, headers, content = get_bridge()(environ)
    response = HttpResponse(content, status=status)
    for name, value in headers:
        if name.lower() not in _HOP_HEADERS:
            response[name] = value
    response["Cache-Control"] = "no-store"
    return response
