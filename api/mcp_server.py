"""The library's MCP server: seven read-only tools for coding agents, on the official SDK.

Tools (each calls the code the pages call, never a copy of it; drafts never appear):

- ``search_cases``: a sentence and the list's filters → one page of ranked cases, each
  with why it matched, plus the count (``listing/query.py``: ``read_query``,
  ``select``, ``get_page``; the list page at ``/``).
- ``get_case``: one case, every section, key facts, timeline, organisations, sources,
  tags and related cases (``listing.query.case_context``, as the page at
  ``/cases/<slug>/``).
- ``suggest_filters``: the values a sentence is about (``/suggest.json``).
- ``resolve_terms``: words or aliases → vocabulary slugs, by the same two recognition
  layers, and exact slugs and names of every facet (``search/suggestions.py``).
- ``get_term``: one vocabulary value, its aliases, phrasings and log signatures, and the
  values seen with it (``listing/terms.py``, as ``/api/v1/vocabulary/`` gives a value).
- ``related_cases``: the case page's related list with the shared terms.
- ``list_facets``: facet values and counts under filters (``facets_from_index``).

Bad input is a tool error (``is_error``) carrying the list page's message, never a crash.
Results per call are capped: the list's page of 20 cases, 40 values a facet, 5 related
cases, :data:`~api.mcp_answers.MAX_WORDS` words to resolve. The answers are built in
``api/mcp_answers.py``; this module is the server and its transports.

Transports: streamable HTTP at ``/mcp`` on the site itself (:func:`mcp_endpoint`, a
Django view that hands the request to the SDK's ASGI app through a2wsgi, stateless, with
JSON responses; per-client rate limit and a body-size cap), and stdio
(``manage.py mcp``).
"""

import asyncio
import concurrent.futures
import io
import json
import logging
import threading
from typing import Annotated, Any

from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections, connections
from django.http import HttpResponse
from django.views.decorators.csrf import csrf_exempt
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import ToolAnnotations
from pydantic import Field

from lib.limits import client_key, hit

from .mcp_answers import (
    Filters,
    Links,
    Sentence,
    Slug,
    get_case_answer,
    get_term_answer,
    list_facets_answer,
    related_cases_answer,
    resolve_terms_answer,
    search_cases_answer,
    suggest_filters_answer,
)

logger = logging.getLogger(__name__)

# The environ key the HTTP view leaves the site's address under, for absolute URLs.
BASE_URL_KEY = "incident_library.base_url"

INSTRUCTIONS = (
    "The Incident Library: public incidents in large-scale AI compute (GPU clusters for "
    "training and inference), each a structured case with symptoms, trigger, root causes, "
    "components, contributing factors, impact, detection, remediation, lessons and sources. "
    "Start with search_cases and a sentence describing what you see (or a pasted log "
    "line); narrow with filters, whose slugs come from suggest_filters, resolve_terms or "
    "list_facets; open a case with get_case. Read-only; published cases only."
)


# --- The server --------------------------------------------------------------------------


def _links(ctx):
    """:class:`~api.mcp_answers.Links` for this call: the site's address the HTTP view left in the
    request's environ, else the stdio command's ``--base-url``, else relative paths."""
    try:
        request = ctx.request_context.request
    except ValueError:  # called outside a request
        request = None
    scope = getattr(request, "scope", None) or {}
    environ = scope.get("wsgi_environ") or {}
    return Links(environ.get(BASE_URL_KEY) or _stdio_base_url["value"])


_stdio_base_url = {"value": ""}


def _guarded(work):
    """Run one tool's work on the SDK's worker thread, with its own database connection.

    A stale connection of the thread is dropped first (as Django does when a request
    starts), and the thread's connections are closed when the call ends: the thread is
    not a request thread, so nothing else would close them, and an idle connection per
    worker thread would outlive the call (and hold the database open). A database that
    does not answer is a tool error saying so; anything else unexpected is left to the
    SDK, which tells the client only that the tool failed and logs the traceback.
    """
    close_old_connections()
    try:
        return work()
    except (OperationalError, InterfaceError) as failure:
        # One line, no traceback: an outage would otherwise log one per call.
        logger.warning("MCP tool: the database did not answer (%s)", type(failure).__name__)
        raise ToolError(
            "The library's database did not answer; try again in a few seconds."
        ) from None
    finally:
        connections.close_all()


READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)


def build_server():
    """A new :class:`MCPServer` with the seven tools. Output: the server (its HTTP app is
    made by :class:`HttpBridge`; ``server.run("stdio")`` serves it on stdio)."""
    server = MCPServer(
        "incident-library",
        title="Incident Library",
        instructions=INSTRUCTIONS,
        version="1",
    )

    @server.tool(annotations=READ_ONLY)
    def search_cases(
        ctx: Context,
        sentence: Sentence = "",
        filters: Filters | None = None,
        sort: Annotated[
            str | None,
            Field(
                description="newest (default without a sentence), oldest, scale (most "
                "accelerators first), duration (longest outage first) or relevance (best "
                "match first; the default with a sentence)."
            ),
        ] = None,
        page: Annotated[
            int | str | None, Field(description="Page number, 1 first; 20 cases a page.")
        ] = None,
        include_weaker: Annotated[
            bool,
            Field(
                description="Also list the weaker matches of the sentence (those scoring "
                "under half the best match), as the list's matches=all."
            ),
        ] = False,
    ) -> dict[str, Any]:
        """Search the published incident cases by a sentence or log line and the list's
        filters, ranked as the library's list page ranks them (best match first with a
        sentence, else newest first). Returns the count, one page of 20 cases (title,
        summary, organisations, terms, url) and, for a sentence, why each case matched:
        its score, the recognised values it carries and the sentence's words its text
        contains. Filter slugs come from suggest_filters, resolve_terms or list_facets."""
        links = _links(ctx)
        return _guarded(
            lambda: search_cases_answer(sentence, filters, sort, page, include_weaker, links)
        )

    @server.tool(annotations=READ_ONLY)
    def get_case(ctx: Context, slug: Slug) -> dict[str, Any]:
        """One published case in full: every section (Markdown), key facts, timeline,
        organisations with their roles, sources, tags (root causes, components, symptoms,
        contributing factors, categories, workloads, accelerators, scale) and related
        cases with the terms they share."""
        links = _links(ctx)
        return _guarded(lambda: get_case_answer(slug, links))

    @server.tool(annotations=READ_ONLY)
    def suggest_filters(sentence: Sentence) -> dict[str, Any]:
        """The filter values a sentence is about (root causes, components, symptoms,
        contributing factors, organisations), most confident first, each with the words
        that showed it, a confidence from 0 to 1 and how it was read (a log line's
        signature, name, alias or meaning); only values some published case carries. As
        /suggest.json."""
        return _guarded(lambda: suggest_filters_answer(sentence))

    @server.tool(annotations=READ_ONLY)
    def resolve_terms(
        words: Annotated[
            list[str] | str,
            Field(
                description="Words, aliases or log signatures to map, e.g. ['Xid 79', "
                "'NCCL watchdog', 'H100'] (at most 20, each up to 100 characters)."
            ),
        ],
    ) -> dict[str, Any]:
        """Map words and aliases to the library's vocabulary: for each word, the values
        it names (kind, slug, name), with confidence and how it was recognised (exact
        slug or name, a log signature, the name and alias recogniser, or the meaning
        layer) and how many
        published cases carry each. Use the slugs as search_cases filters."""
        return _guarded(lambda: resolve_terms_answer(words))

    @server.tool(annotations=READ_ONLY)
    def get_term(
        ctx: Context,
        kind: Annotated[
            str,
            Field(
                description="The value's kind: root_cause, component, symptom, "
                "contributing_factor, workload, accelerator, organisation or category."
            ),
        ],
        slug: Slug,
    ) -> dict[str, Any]:
        """One vocabulary value: its description, aliases, how people describe it, the
        log lines that show it (signatures, each with the page documenting the line), its
        categories, how many published cases carry it, and the values most often seen
        in the same cases, by kind (co-occurrence, not cause), with links."""
        links = _links(ctx)
        return _guarded(lambda: get_term_answer(kind, slug, links))

    @server.tool(annotations=READ_ONLY)
    def related_cases(ctx: Context, slug: Slug) -> dict[str, Any]:
        """The cases most related to one case, as its page lists them: those sharing the
        most terms with it, rarer terms weighing more, with the shared terms (at most 5)."""
        links = _links(ctx)
        return _guarded(lambda: related_cases_answer(slug, links))

    @server.tool(annotations=READ_ONLY)
    def list_facets(filters: Filters | None = None, sentence: Sentence = "") -> dict[str, Any]:
        """Every facet's values with their case counts under the filters (and sentence),
        as the list page shows them: each count is how many cases the list holds after
        choosing that value; at most 40 values a facet (``more`` counts the rest), plus
        the years with their counts."""
        return _guarded(lambda: list_facets_answer(filters, sentence))

    return server


_lock = threading.RLock()
_made = {}


def get_server():
    """This process's :class:`MCPServer`, built on first use."""
    with _lock:
        if "server" not in _made:
            _made["server"] = build_server()
        return _made["server"]


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
    its end up to that cap). Exempt from CSRF: nothing here reads cookies or
    writes anything.
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
    environ = dict(request.META)
    environ.update(
        {
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


def set_stdio_base_url(url):
    """The site's address for absolute URLs in the stdio server's answers ("" for
    relative paths)."""
    _stdio_base_url["value"] = url or ""
