"""The library's MCP server: eight read-only tools for coding agents, on the official SDK.

Tools (each calls the code the pages call, never a copy of it; drafts never appear):

- ``search_cases``: a sentence and the list's filters → one page of ranked cases, each
  with why it matched, plus the count (``listing/query.py``: ``read_query``,
  ``select``, ``get_page``; the list page at ``/``).
- ``export_cases``: the same arguments → the whole set as CSV or JSON, the first rows
  inline and a link to ``/export.csv`` or ``/export.json`` for all (``api/mcp_export.py``).
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
- ``diagnose``: the root causes of a symptom ranked by findings, with the evidence
  (``listing.diagnosis``, as ``/diagnose/`` and ``/api/v1/diagnose/``).

Bad input is a tool error (``is_error``) carrying the list page's message, never a crash;
an argument a tool does not take is refused, naming those it takes (:class:`CheckedTool`).
Resources: ``case://{slug}`` and ``term://{kind}/{slug}`` (what ``get_case`` and
``get_term`` answer, as JSON). Prompt: ``diagnose_incident(description)``, the calls that
diagnose an incident in three.

Results per call are capped: the list's page of 20 cases, 40 values a facet, 5 related
cases, :data:`~api.mcp_answers.MAX_WORDS` words to resolve. The answers are built in
``api/mcp_answers.py``; this module is the server.

Transports: streamable HTTP at ``/mcp`` on the site itself (``api/mcp_http.py``: a
Django view that hands the request to the SDK's ASGI app through a2wsgi, stateless, with
JSON responses; per-client rate limit and a body-size cap), and stdio
(``manage.py mcp``).
"""

import inspect
import json
import logging
import threading
from typing import Annotated, Any, Literal

from django.db import InterfaceError, OperationalError, close_old_connections, connections
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, TextContent, ToolAnnotations
from pydantic import Field, StrictInt, StrictStr, ValidationError
from pydantic_core import to_jsonable_python

from lib.parameters import unknown_parameters
from lib.text import shorten

from .mcp_answers import (
    BRIEF_FIELDS,
    CASES_PER_PAGE,
    DEFAULT_FIELDS,
    DEFAULT_LIMIT,
    DIAGNOSE_LIMIT,
    Filters,
    IncludeWeaker,
    Kind,
    Links,
    Sentence,
    Slug,
    Sort,
    TermSlug,
    diagnose_answer,
    get_case_answer,
    get_term_answer,
    list_facets_answer,
    related_cases_answer,
    resolve_terms_answer,
    search_cases_answer,
    suggest_filters_answer,
)
from .mcp_export import MAX_INLINE_RECORDS, MAX_INLINE_ROWS, export_cases_answer
from .mcp_schemas import ANSWERS, output_schema

logger = logging.getLogger(__name__)

# The environ key the HTTP view leaves the site's address under, for absolute URLs.
BASE_URL_KEY = "incident_library.base_url"

INSTRUCTIONS = (
    "The Incident Library: public incidents in large-scale AI compute (GPU clusters for "
    "training and inference), each a structured case with symptoms, trigger, root causes, "
    "components, contributing factors, impact, detection, remediation, lessons and sources. "
    "Start with search_cases and a sentence describing what you see (or a pasted log "
    "line); narrow with filters, whose slugs come from suggest_filters, resolve_terms or "
    "list_facets; open a case with get_case; diagnose tells what causes a symptom, with "
    "the evidence; get_term tells what is seen with it; export_cases gives a whole "
    "filtered set as CSV or JSON. Read-only; published cases only."
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


class CheckedTool(Tool):
    """A tool whose arguments are checked before the SDK reads them.

    The SDK's argument model ignores an argument the tool does not take (``format``,
    ``fields``, a misspelt ``filter``), so the call answered as if it had not been asked;
    here it is a tool error naming the arguments the tool takes
    (:func:`lib.parameters.unknown_parameters`, as the pages refuse a parameter). A value
    of the wrong type gets one line per argument (:func:`argument_problems`) instead of
    pydantic's report with its links. Raises ``ToolError``; else runs as a ``Tool``.
    """

    async def run(self, arguments, context, convert_result=False):
        accepted = list(self.parameters.get("properties", {}))
        problem = unknown_parameters(arguments, accepted, noun="argument", holder="tool")
        if problem is None:
            try:
                self.fn_metadata.validate_arguments(arguments)
            except ValidationError as error:
                problem = argument_problems(error)
        if problem:
            # Prefixed as the SDK prefixes every tool error.
            raise ToolError(f"Error executing tool {self.name}: {problem}")
        result = await super().run(arguments, context, convert_result=convert_result)
        return compact(result)


def compact(result):
    """A tool's result with its text copy as compact JSON: the SDK indents it, which made
    a third of an answer's characters whitespace (issue 23: the text and the structured
    copy are the same data; a client reads one). Anything else is returned as it is."""
    structured = getattr(result, "structured_content", None)
    if structured is None or len(result.content) != 1:
        return result
    text = json.dumps(structured, ensure_ascii=False, separators=(",", ":"))
    return result.model_copy(update={"content": [TextContent(type="text", text=text)]})


class LibraryServer(MCPServer):
    """The SDK's server, with an unknown prompt, a prompt's missing required argument or
    an argument it does not take answered as invalid params (-32602, as an unknown
    resource is) instead of an error with code 0 and a traceback logged as a crash, and
    an unknown tool's error naming the tools offered. Raises ``MCPError`` or ``ToolError``
    for those."""

    async def call_tool(self, name, arguments, context=None):
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            if str(error) != f"Unknown tool: {name}":
                raise
            # (a new user's tryout: "Unknown tool: nope" said nothing of what there is)
            tools = ", ".join(tool.name for tool in await self.list_tools())
            shown = shorten(str(name), 60)
            raise ToolError(f"Unknown tool: {shown} (tools offered: {tools}).") from None

    async def get_prompt(self, name, arguments=None, context=None):
        prompts = {prompt.name: prompt for prompt in await self.list_prompts()}
        if name not in prompts:
            offered = ", ".join(prompts) if prompts else "none"
            shown = shorten(str(name), 60)
            raise MCPError(INVALID_PARAMS, f"Unknown prompt: {shown} (prompts offered: {offered}).")
        taken = prompts[name].arguments or []
        given = arguments or {}
        accepted = ", ".join(argument.name for argument in taken) or "none"
        unknown = [key for key in given if key not in {argument.name for argument in taken}]
        if unknown:
            shown = ", ".join(shorten(str(key), 40) for key in unknown[:5])
            raise MCPError(
                INVALID_PARAMS,
                f"The prompt {name} takes no argument {shown} (its arguments: {accepted}).",
            )
        missing = [a.name for a in taken if a.required and not str(given.get(a.name, "")).strip()]
        if missing:
            raise MCPError(
                INVALID_PARAMS,
                f"The prompt {name} needs {', '.join(missing)}: "
                + "; ".join(f"{a.name}: {a.description}" for a in taken if a.name in missing),
            )
        return await super().get_prompt(name, arguments, context)


def argument_problems(error):
    """A pydantic ``ValidationError`` of a tool's arguments as one line per argument.

    Output: ``str``: "page: Input should be a valid integer." and the like (the first
    of a union's complaints for each argument), an unknown filter named as the pages name
    an unknown parameter, with the filters taken.
    """
    lines = {}
    for item in error.errors(include_url=False):
        location = [str(part) for part in item["loc"]]
        if item["type"] == "extra_forbidden" and location[0] == "filters":
            key = location[1] if len(location) > 1 else ""
            lines.setdefault(
                "filters " + key,
                unknown_parameters([key], list(Filters.model_fields), noun="filter", holder="tool")
                or "",
            )
            continue
        name = location[0] if location else "arguments"
        if name == "filters" and len(location) > 1:
            name = f"filters.{location[1]}"
        lines.setdefault(name, f"{name}: {item['msg']}.")
    return "\n".join(line for line in lines.values() if line)


def build_server():
    """A new :class:`MCPServer` with the nine tools. Output: the server (its HTTP app is
    made by :class:`HttpBridge`; ``server.run("stdio")`` serves it on stdio)."""

    def search_cases(
        ctx: Context,
        sentence: Sentence = "",
        filters: Filters | None = None,
        sort: Sort = None,
        page: Annotated[
            StrictInt | StrictStr | None,  # strict: true is not page 1
            Field(description="Page number, 1 first; 20 cases a page."),
        ] = None,
        include_weaker: IncludeWeaker = False,
        limit: Annotated[
            StrictInt,
            Field(
                description=f"How many of the page's cases to give, 1 to {CASES_PER_PAGE} "
                f"(default {DEFAULT_LIMIT}); count and pages stay the list's."
            ),
        ] = DEFAULT_LIMIT,
        fields: Annotated[
            list[Literal[BRIEF_FIELDS]] | None,
            Field(
                description="The parts of each case to give besides slug, title and why "
                f"(default: {', '.join(DEFAULT_FIELDS)}; url and categories on request)."
            ),
        ] = None,
    ) -> dict[str, Any]:
        """Search the published incident cases by a sentence or log line and the list's
        filters, ranked as the library's list page ranks them (best match first with a
        sentence, else newest first). Returns the count and the first `limit` cases of a
        page of 20 (title, a one-line summary, dates, organisations, terms, accelerators,
        their count and workloads; `fields` chooses) and, for a sentence, why each case matched: its
        score, the recognised values it carries and the sentence's words its text
        contains. Filter slugs come from suggest_filters, resolve_terms or list_facets."""
        links = _links(ctx)
        return _guarded(
            lambda: search_cases_answer(
                sentence,
                filters,
                sort,
                page,
                include_weaker,
                links,
                limit=limit,
                fields=DEFAULT_FIELDS if fields is None else fields,
            )  # fmt: skip
        )

    def get_case(ctx: Context, slug: Slug) -> dict[str, Any]:
        """One published case in full: every section (Markdown), key facts, timeline,
        organisations with their roles, sources, tags (root causes, components, symptoms,
        contributing factors, categories, workloads, accelerators, scale) and related
        cases with the terms they share."""
        links = _links(ctx)
        return _guarded(lambda: get_case_answer(slug, links))

    def suggest_filters(sentence: Sentence) -> dict[str, Any]:
        """The filter values a sentence is about (root causes, components, symptoms,
        contributing factors, organisations, workloads, accelerators, scale), most
        confident first, each with the words
        that showed it, a confidence from 0 to 1 and how it was read (a log line's
        signature, name, alias or meaning); only values some published case carries. As
        /suggest.json."""
        return _guarded(lambda: suggest_filters_answer(sentence))

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

    def get_term(
        ctx: Context,
        kind: Kind,
        slug: TermSlug,
    ) -> dict[str, Any]:
        """One vocabulary value: its description, aliases, how people describe it, the
        log lines that show it (signatures, each with the page documenting the line), its
        categories, how many published cases carry it, and the values most often seen
        in the same cases, by kind (co-occurrence, not cause), with links."""
        links = _links(ctx)
        return _guarded(lambda: get_term_answer(kind, slug, links))

    def related_cases(ctx: Context, slug: Slug) -> dict[str, Any]:
        """The cases most related to one case, as its page lists them: those sharing the
        most terms with it, rarer terms weighing more, with the shared terms (at most 5)."""
        links = _links(ctx)
        return _guarded(lambda: related_cases_answer(slug, links))

    def list_facets(
        filters: Filters | None = None,
        sentence: Sentence = "",
        include_weaker: IncludeWeaker = False,
    ) -> dict[str, Any]:
        """Every facet's values with their case counts under the filters (and sentence),
        as the list page shows them: each count is how many cases carry that value under
        the other facets' filters (what the list holds with it as its facet's only
        choice); at most 40 values a facet (``more`` counts the rest), plus the years
        with their counts."""
        return _guarded(lambda: list_facets_answer(filters, sentence, include_weaker))

    def export_cases(
        ctx: Context,
        sentence: Sentence = "",
        filters: Filters | None = None,
        sort: Sort = None,
        include_weaker: IncludeWeaker = False,
        format: Annotated[
            Literal["csv", "json"],
            Field(description="csv (the columns asked for) or json (whole records)."),
        ] = "csv",
        columns: Annotated[
            list[str] | None,
            Field(
                description="CSV columns to give inline, from /export.csv's; not with "
                "json, which gives whole records (default: slug, "
                "title, started, organisations, accelerators, accelerator_count, "
                "workloads, root_cause, symptom, url)."
            ),
        ] = None,
        limit: Annotated[
            StrictInt | None,
            Field(
                description=f"Rows given inline: 1 to {MAX_INLINE_ROWS} for csv (default 50), "
                f"1 to {MAX_INLINE_RECORDS} for json (default {MAX_INLINE_RECORDS})."
            ),
        ] = None,
    ) -> dict[str, Any]:
        """Export the cases a sentence and filters select, in the list's order, as CSV or
        JSON: the first rows inline and a download_url for the whole set (/export.csv or
        /export.json, up to 10,000 rows). For tables: "every H100 incident above 10,000
        accelerators since 2024" is filters accelerator=h100, scale=[10k-100k,
        100k-plus], year_from=2024."""
        links = _links(ctx)
        return _guarded(
            lambda: export_cases_answer(
                sentence, filters, sort, include_weaker, format, columns, limit, links
            )
        )

    def diagnose(
        ctx: Context,
        sentence: Sentence = "",
        filters: Filters | None = None,
        limit: Annotated[
            StrictInt,
            Field(description=f"Most root causes to give, 1 to 30 (default {DIAGNOSE_LIMIT})."),
        ] = DIAGNOSE_LIMIT,
    ) -> dict[str, Any]:
        """What causes a symptom: the root causes of filters.symptom (or of the symptoms
        the sentence or log line names), ranked by findings, links from cause to symptom
        that a case's source states (never tags merely sharing a case), each with its
        components and strongest evidence sentences, the case and the source. With only
        filters.root_cause, what that cause led to. Other filters (accelerator, workload,
        scale, years) narrow the cases counted. As /diagnose/."""
        links = _links(ctx)
        return _guarded(lambda: diagnose_answer(sentence, filters, limit, links))

    tools = [
        (search_cases, "Search cases"),
        (export_cases, "Export cases as CSV or JSON"),
        (get_case, "Get a case"),
        (suggest_filters, "Suggest filters for a sentence"),
        (resolve_terms, "Resolve words to vocabulary slugs"),
        (get_term, "Get a vocabulary term"),
        (related_cases, "Related cases"),
        (list_facets, "List facets with counts"),
        (diagnose, "Diagnose a symptom"),
    ]
    server = LibraryServer(
        "incident-library",
        title="Incident Library",
        instructions=INSTRUCTIONS,
        version="1",
        tools=[typed(function, title) for function, title in tools],
    )
    add_resources_and_prompts(server)
    return server


def typed(function, title):
    """The :class:`CheckedTool` of a tool function, declaring its answer's shape
    (``api/mcp_schemas.ANSWERS``) as its output schema; the answer itself is the
    function's, unchanged (the SDK checks it only as a ``dict``; clients check it
    against the schema)."""
    tool = CheckedTool.from_function(
        function, title=title, description=described(function), annotations=READ_ONLY
    )
    tool.fn_metadata.output_schema = output_schema(ANSWERS[function.__name__])
    return tool


def described(function):
    """A tool's description: its docstring as one paragraph (the SDK passed the source's
    line breaks and indentation on to the client, issue 23)."""
    return " ".join((inspect.getdoc(function) or "").split())


def _resource(work):
    """A tool's answer for a resource, as compact JSON text; the tool's refusal (an
    unknown slug or kind) is ``ResourceNotFoundError`` with its message (invalid params,
    -32602, not a crash with a traceback)."""
    try:
        answer = _guarded(work)
    except ToolError as refusal:
        raise ResourceNotFoundError(str(refusal)) from None
    return json.dumps(to_jsonable_python(answer), ensure_ascii=False, separators=(",", ":"))


def add_resources_and_prompts(server):
    """Register the resources (``case://{slug}``: a case as ``get_case`` gives it;
    ``term://{kind}/{slug}``: a value as ``get_term`` gives it; both JSON) and the prompt
    ``diagnose_incident`` on ``server``. An unknown slug is the tools' message, as a
    resource error."""

    @server.resource(
        "case://{slug}",
        name="case",
        title="A case",
        description="One published case in full, as get_case gives it (JSON).",
        mime_type="application/json",
    )
    def case_resource(slug: str, ctx: Context) -> str:
        links = _links(ctx)
        return _resource(lambda: get_case_answer(slug, links))

    @server.resource(
        "term://{kind}/{slug}",
        name="term",
        title="A vocabulary value",
        description="One vocabulary value with the values seen with it, as get_term gives "
        "it (JSON); kind is root_cause, component, symptom, contributing_factor, "
        "workload, accelerator, organisation or category.",
        mime_type="application/json",
    )
    def term_resource(kind: str, slug: str, ctx: Context) -> str:
        links = _links(ctx)
        return _resource(lambda: get_term_answer(kind, slug, links))

    @server.prompt(
        name="diagnose_incident",
        title="Diagnose an incident",
        description="Walk through what the library knows of an incident you are seeing: "
        "the values it is about, similar cases, what caused its symptom elsewhere, what "
        "to check first.",
    )
    def diagnose_incident(
        description: Annotated[
            str, Field(description="What you see: symptoms in your words, or log lines.")
        ],
    ) -> str:
        return DIAGNOSE_PROMPT.format(description=shorten(description, 6000))


# The diagnose_incident prompt: the order of calls that answers most incidents in three.
DIAGNOSE_PROMPT = """I am seeing this incident on a GPU cluster:

{description}

Use the Incident Library's tools to help me diagnose it:
1. Call search_cases with my description as the sentence. Read "recognised" (the
   symptoms, components and causes it is about) and the first cases (best match first).
2. For the main recognised symptom, call diagnose with filters {{"symptom": slug}}: the
   root causes that produced it, ranked by findings (links a source states), each with
   its evidence sentences and cases. Say how much evidence there is; "thin evidence"
   means few cases.
3. If one case matches closely, call get_case for its detection, remediation and
   lessons.
Then tell me: the likely causes, each with the cases that show it (title and link); what
to check first on my cluster, and what each check would rule in or out; and what the
library does not know. Quote case facts only as the cases state them."""


_lock = threading.RLock()
_made = {}


def get_server():
    """This process's :class:`MCPServer`, built on first use."""
    with _lock:
        if "server" not in _made:
            _made["server"] = build_server()
        return _made["server"]


def set_stdio_base_url(url):
    """The site's address for absolute URLs in the stdio server's answers ("" for
    relative paths)."""
    _stdio_base_url["value"] = url or ""
