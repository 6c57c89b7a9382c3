"""The library's MCP server: six read-only tools for coding agents, on the official SDK.

Tools (each calls the code the pages call, never a copy of it; drafts never appear):

- ``search_cases``: a sentence and the list's filters → one page of ranked cases, each
  with why it matched, plus the count (``listing/query.py``: ``read_query``,
  ``select``, ``get_page``; the list page at ``/``).
- ``get_case``: one case, every section, key facts, timeline, organisations, sources,
  tags and related cases (``CaseDetailView``, the page at ``/cases/<slug>/``).
- ``suggest_filters``: the values a sentence is about (``/suggest.json``).
- ``resolve_terms``: words or aliases → vocabulary slugs, by the same two recognition
  layers, and exact slugs and names of every facet (``search/suggestions.py``).
- ``related_cases``: the case page's related list with the shared terms.
- ``list_facets``: facet values and counts under filters (``facets_from_index``).

Bad input is a tool error (``is_error``) carrying the list page's message, never a crash.
Results per call are capped: the list's page of 20 cases, 40 values a facet, 5 related
cases, :data:`MAX_WORDS` words to resolve.

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

import numpy as np
from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections, connections
from django.http import HttpResponse, QueryDict
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field

from incidents.facets import facets_from_index
from incidents.filters import list_options
from incidents.index import FACET_KEYS, get_index
from incidents.models import Case
from lib.limits import client_key, hit
from lib.text import plain_text, shorten
from listing.query import (
    CASES_PER_PAGE,
    PageNotFound,
    case_context,
    case_queryset,
    get_page,
    read_query,
    select,
    sentence_problem,
    suggestion_list,
)
from search.documents import document_of
from search.suggestions import index_breadth, offered, recognise
from search.text import query_terms

logger = logging.getLogger(__name__)

# Most words ``resolve_terms`` takes in one call, the longest word or phrase (characters)
# and the most values it returns for one word.
MAX_WORDS = 20
MAX_WORD_LENGTH = 100
MAX_VALUES_PER_WORD = 10
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


# --- Arguments ---------------------------------------------------------------------------

Values = list[str] | str | None


class Filters(BaseModel):
    """The list page's filters: slugs (one or a list; a list ORs its values, different
    keys AND), and the incident year range."""

    model_config = ConfigDict(extra="forbid")

    root_cause: Values = Field(None, description="Root cause slugs, e.g. faulty-gpu.")
    component: Values = Field(None, description="Component slugs, e.g. nccl.")
    symptom: Values = Field(None, description="Symptom slugs, e.g. nccl-timeout.")
    contributing_factor: Values = Field(None, description="Contributing factor slugs, e.g. scale.")
    organisation: Values = Field(None, description="Organisation slugs (any role), e.g. meta.")
    category: Values = Field(None, description="Category slugs, e.g. network-fabric.")
    workload: Values = Field(None, description="Workload slugs: training, inference…")
    accelerator: Values = Field(None, description="Accelerator model slugs, e.g. h100.")
    scale: Values = Field(
        None, description="Accelerator-count bands: under-1k, 1k-10k, 10k-100k, 100k-plus."
    )
    year_from: int | str | None = Field(None, description="First incident year, inclusive.")
    year_to: int | str | None = Field(None, description="Last incident year, inclusive.")


Sentence = Annotated[
    str,
    Field(
        description="What you see, in your words or a pasted log excerpt (up to 6,000 "
        "characters; past 500, its lines that matter are read)."
    ),
]
Slug = Annotated[str, Field(description="A case's slug, as search_cases gives it.")]


def _list_params(sentence="", filters=None, sort=None, page=None, weaker=False):
    """The list page's query string for these tool arguments: a ``QueryDict`` holding
    exactly what a visitor's URL would (``q``, the filter keys, ``year_from``,
    ``year_to``, ``sort``, ``page``, ``matches``)."""
    params = QueryDict(mutable=True)
    if sentence:
        params["q"] = sentence
    for key, value in (filters.model_dump() if filters else {}).items():
        if value is None:
            continue
        values = value if isinstance(value, list) else [value]
        params.setlist(key, [str(item) for item in values])
    if sort is not None:
        params["sort"] = sort
    if page is not None:
        params["page"] = str(page)
    if weaker:
        params["matches"] = "all"
    return params


def _read_list(params):
    """``read_query`` on ``params``; the list page's 400 messages as a tool error."""
    query, index, filterset, errors, sentence = read_query(params)
    if errors:
        raise ToolError("\n".join(errors))
    return query, index, filterset, sentence


# --- Answers -----------------------------------------------------------------------------


class _Links:
    """Paths of the site's pages, absolute when the site's address is known (over HTTP,
    from the request; over stdio, from ``manage.py mcp --base-url``)."""

    def __init__(self, base=""):
        self.base = base.rstrip("/")

    def __call__(self, path):
        return self.base + path

    def case(self, case):
        return self(case.get_absolute_url())

    def list(self, query):
        encoded = query.urlencode()
        return self(reverse("incidents:case_list") + (f"?{encoded}" if encoded else ""))


def _value(value):
    """A term, category, workload or accelerator as ``{slug, name}``."""
    return {"slug": value.slug, "name": value.name}


def _case_brief(case, links):
    """What a case card says, as data: title, link, summary (plain text, at most 400
    characters), dates, organisations with roles and tags. Input: a case from
    ``with_terms()``."""
    return {
        "slug": case.slug,
        "title": case.title,
        "url": links.case(case),
        "summary": plain_text(case.summary, 400),
        "incident_period": case.period,
        "report_date": case.report_date,
        "organisations": [
            {"slug": i.organisation.slug, "name": i.organisation.name, "role": i.role}
            for i in case.involvement_list
        ],
        "tags": _terms(case),
    }


def _terms(case):
    """A case's terms and categories by filter key (``root_cause`` …), each ``[{slug,
    name}]`` by name: the values ``search_cases`` filters take. No query on a case from
    ``with_terms()``."""
    return {
        "root_cause": [_value(t) for t in case.root_causes.all()],
        "component": [_value(t) for t in case.components.all()],
        "symptom": [_value(t) for t in case.symptoms.all()],
        "contributing_factor": [_value(t) for t in case.contributing_factors.all()],
        "category": [_value(c) for c in case.categories],
    }


def _recognised(found):
    """A recognised value (``search.suggestions.Recognised``) as ``/suggest.json`` gives it."""
    return {
        "kind": found.kind,
        "slug": found.slug,
        "name": found.name,
        "matched": found.matched,
        "confidence": round(found.confidence, 2),
        "how": found.how,
    }


def search_cases_answer(sentence="", filters=None, sort=None, page=None, weaker=False, links=None):
    """One page of the list for a sentence and filters, as the list page computes it.

    Input: the sentence (``""`` for none), :class:`Filters`, ``sort`` (``newest``,
    ``oldest``, ``scale``, ``duration`` or ``relevance``), ``page`` (1 when ``None``),
    ``weaker`` (the list's ``matches=all``) and :class:`_Links`. Output: ``dict`` with
    ``count`` (the list's "N cases"), ``page``, ``pages``, ``per_page``, ``notice``,
    ``weaker_hidden``, ``recognised`` (the values read in the sentence), ``list_url`` and
    ``cases`` in the list's order, each with ``why``: its ``score``, the recognised values
    it carries and the sentence's search words its text contains. Raises ``ToolError``
    with the list page's messages for what the page answers 400 or 404.
    """
    links = links or _Links()
    params = _list_params(sentence, filters, sort, page, weaker)
    query, index, filterset, sentence = _read_list(params)
    selected = select(index, filterset, sentence, query)
    selection = selected.selection
    try:
        page_obj = get_page(selection.ordered(list_options(query).sort), query.get("page"))
    except PageNotFound as error:
        raise ToolError(str(error)) from None
    positions = [int(p) for p in page_obj.object_list]
    pks = [int(index.case_pks[p]) for p in positions]
    found = Case.objects.published().with_terms().in_bulk(pks)
    recognised = selected.recognised or []
    carriers = {}
    for value in recognised:
        table = index.tables.get(value.kind)
        indexed = table.by_slug.get(value.slug) if table else None
        if indexed is not None:
            carriers[(value.kind, value.slug)] = set(table.cases_of(indexed.position).tolist())
    scores = {}
    if selected.result is not None:
        result = selected.result
        on_page = np.isin(result.positions, positions)
        scores = dict(
            zip(result.positions[on_page].tolist(), result.scores[on_page].tolist(), strict=True)
        )
    terms = query_terms(sentence) if sentence else []
    cases = []
    for position, pk in zip(positions, pks, strict=True):
        case = found.get(pk)
        if case is None:  # unpublished or deleted since the index was read
            continue
        brief = _case_brief(case, links)
        if sentence:
            # Only words the case's own text uses: its terms' aliases are evidence that
            # it carries them (listed under "recognised"), not words it contains.
            document = document_of(case, aliases=False)
            brief["why"] = {
                "score": round(scores.get(position, 0.0), 3),
                "recognised": [
                    _recognised(value)
                    for value in recognised
                    if position in carriers.get((value.kind, value.slug), ())
                ],
                "words": [
                    " ".join(term.words)
                    for term in terms
                    if all(stem in document.weights for stem in term.stems)
                ],
            }
        cases.append(brief)
    return {
        "count": selection.count,
        "page": page_obj.number,
        "pages": page_obj.paginator.num_pages,
        "per_page": CASES_PER_PAGE,
        "sentence": sentence,
        "notice": selected.notice,
        "weaker_hidden": selected.weaker,
        "recognised": [_recognised(value) for value in recognised],
        "list_url": links.list(query),
        "cases": cases,
    }


def _case_page(slug):
    """The case page's object and context for a visitor not signed in (drafts are a
    404 there), as the page builds them (``listing.query``). Raises ``ToolError`` for an
    unknown slug."""
    if not isinstance(slug, str) or not slug.strip() or "\x00" in slug:
        raise ToolError("Give the slug of a case, as search_cases lists it.")
    try:
        case = case_queryset().get(slug=slug.strip())
    except Case.DoesNotExist:
        raise ToolError(f"There is no case “{shorten(slug, 80)}”.") from None
    return case, case_context(case)


def _related(related, links):
    return [
        {
            "slug": item["case"].slug,
            "title": item["case"].title,
            "url": links.case(item["case"]),
            "organisation": item["case"].organisation.name if item["case"].organisation else "",
            "score": round(item["score"], 3),
            "shared": [
                {"kind": term.kind, "kind_label": label, "slug": term.slug, "name": term.name}
                for label, term in item["shared"]
            ],
        }
        for item in related
    ]


# The case page's Markdown sections, in its order.
SECTIONS = (
    ("summary", "summary"),
    ("trigger", "trigger"),
    ("impact", "impact"),
    ("symptoms", "symptoms_text"),
    ("detection", "detection"),
    ("remediation", "remediation"),
    ("action_items", "action_items"),
    ("lessons", "lessons"),
)


def get_case_answer(slug, links=None):
    """A published case as its page shows it.

    Output: ``dict`` with ``slug``, ``title``, ``url``, ``incident_period``,
    ``report_date``, the dates with their precision, ``sections`` (each Markdown section
    as stored, ``""`` when empty), ``key_facts`` (``[{label, text}]`` as the page's panel),
    ``timeline``, ``organisations`` with roles, ``sources``, ``tags`` (terms, categories,
    workloads, accelerators, scale band) and ``related`` (as :func:`related_cases_answer`).
    Raises ``ToolError`` for an unknown slug or a draft.
    """
    links = links or _Links()
    case, context = _case_page(slug)
    band = case.scale_band
    return {
        "slug": case.slug,
        "title": case.title,
        "url": links.case(case),
        "incident_period": case.period,
        "report_date": case.report_date,
        "dates": {
            name: {"date": getattr(case, name), "precision": getattr(case, f"{name}_precision")}
            if getattr(case, name)
            else None
            for name in ("started_on", "ended_on", "published_on")
        },
        "sections": {name: getattr(case, field) for name, field in SECTIONS},
        "key_facts": [{"label": label, "text": text} for label, text in context["key_facts"]],
        "timeline": [
            {
                "when": event.when,
                "at": event.at,
                "precision": event.at_precision,
                "event": event.event,
            }
            for event in context["timeline"]
        ],
        "organisations": [
            {
                "slug": i.organisation.slug,
                "name": i.organisation.name,
                "role": i.role,
                "role_label": i.get_role_display() if i.role else "",
            }
            for i in case.involvement_list
        ],
        "sources": [
            {
                "url": source.url,
                "title": source.title,
                "publisher": source.publisher,
                "published_on": source.published_on,
            }
            for source in case.sources.all()
        ],
        "tags": {
            **_terms(case),
            "workload": [_value(w) for w in case.workloads.all()],
            "accelerator": [_value(a) for a in case.accelerators.all()],
            "scale": [{"slug": band[0], "name": band[1]}] if band else [],
        },
        "related": _related(context["related"], links),
    }


def related_cases_answer(slug, links=None):
    """The case page's related cases: ``{"slug", "related": [{slug, title, url,
    organisation, score, shared: [{kind, kind_label, slug, name}]}]}``, at most five,
    most related first (Adamic–Adar over shared terms). ``ToolError`` for an unknown
    slug or a draft."""
    links = links or _Links()
    case, context = _case_page(slug)
    return {"slug": case.slug, "related": _related(context["related"], links)}


def suggest_filters_answer(sentence):
    """What ``/suggest.json?q=<sentence>`` answers: ``{"suggestions": [...]}``; its 400
    messages as a ``ToolError``."""
    problem = sentence_problem([sentence])
    if problem:
        raise ToolError(problem)
    return {"suggestions": suggestion_list(sentence)}


def resolve_terms_answer(words):
    """Each word or phrase mapped to the vocabulary values it names.

    Input: ``list[str]`` (at most :data:`MAX_WORDS`, each at most
    :data:`MAX_WORD_LENGTH` characters). Output: ``{"words": [{"word", "values": [{kind,
    slug, name, matched, confidence, how, cases}]}]}``, most confident first, at most
    :data:`MAX_VALUES_PER_WORD` a word. ``how``: ``slug`` or ``name`` (the word is a
    value's slug or name, in any facet, confidence 1.0), ``name`` or ``alias`` (the
    literal recogniser) or ``meaning`` (the meaning layer), as the suggested filters read
    them; ``cases``: the published cases carrying the value. Only values some published
    case carries. ``ToolError`` for too many words, an empty or over-long one, or a NUL.
    """
    words = [words] if isinstance(words, str) else list(words)
    if not words:
        raise ToolError("Give at least one word or phrase to resolve.")
    if len(words) > MAX_WORDS:
        raise ToolError(f"{len(words)} words are given; at most {MAX_WORDS} in one call.")
    for word in words:
        if "\x00" in word:
            raise ToolError("A word contains a NUL character; remove it.")
        if not word.strip():
            raise ToolError("A word is empty; give words or phrases such as “Xid 79”.")
        if len(word) > MAX_WORD_LENGTH:
            raise ToolError(
                f"“{shorten(word, 40)}” is {len(word)} characters long; at most "
                f"{MAX_WORD_LENGTH}. For a sentence use suggest_filters."
            )
    index = get_index()
    breadth = index_breadth(index)
    answers = []
    for word in words:
        folded = word.strip().casefold()
        values = {}
        for key in FACET_KEYS:
            table = index.tables[key]
            for value in table.values:
                if table.degree[value.position] and folded in (value.slug, value.name.casefold()):
                    how = "slug" if folded == value.slug else "name"
                    values[(key, value.slug)] = {
                        "kind": key,
                        "slug": value.slug,
                        "name": value.name,
                        "matched": word.strip(),
                        "confidence": 1.0,
                        "how": how,
                    }
        for found in offered(recognise(word, (), index.versions[0], breadth), index):
            values.setdefault((found.kind, found.slug), _recognised(found))
        ranked = sorted(values.values(), key=lambda v: -v["confidence"])[:MAX_VALUES_PER_WORD]
        for value in ranked:
            table = index.tables[value["kind"]]
            value["cases"] = int(table.degree[table.by_slug[value["slug"]].position])
        answers.append({"word": word, "values": ranked})
    return {"words": answers}


def list_facets_answer(filters=None, sentence=""):
    """The list page's facets for these filters (and sentence): ``{"count", "facets":
    [{key, label, values: [{slug, name, count, selected}], more}], "years": [{year,
    count}]}``; each count is the cases the list shows after choosing that value
    (disjunctive), at most 40 values a facet, ``more`` counting those left off.
    ``ToolError`` with the list page's messages for bad filters."""
    query, index, filterset, sentence = _read_list(_list_params(sentence, filters))
    selected = select(index, filterset, sentence, query)
    facets = facets_from_index(selected.selection, filterset)
    return {
        "count": selected.selection.count,
        "facets": [
            {
                "key": facet.key,
                "label": facet.label,
                "values": [
                    {"slug": v.slug, "name": v.label, "count": v.count, "selected": v.selected}
                    for v in facet.values
                ],
                "more": facet.more,
            }
            for facet in facets
        ],
        "years": [
            {"year": year, "count": count} for year, count in selected.selection.year_counts()
        ],
    }


# --- The server --------------------------------------------------------------------------


def _links(ctx):
    """:class:`_Links` for this call: the site's address the HTTP view left in the
    request's environ, else the stdio command's ``--base-url``, else relative paths."""
    try:
        request = ctx.request_context.request
    except ValueError:  # called outside a request
        request = None
    scope = getattr(request, "scope", None) or {}
    environ = scope.get("wsgi_environ") or {}
    return _Links(environ.get(BASE_URL_KEY) or _stdio_base_url["value"])


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
    """A new :class:`MCPServer` with the six tools. Output: the server (its HTTP app is
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
    body over ``MCP_MAX_REQUEST_BYTES``. Exempt from CSRF: nothing here reads cookies or
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
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not length.isdigit() or int(length) > settings.MCP_MAX_REQUEST_BYTES:
        return _error(
            413, f"Request body too large: at most {settings.MCP_MAX_REQUEST_BYTES} bytes."
        )
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
