"""The MCP server's transports (``api/mcp_server.py``), driven by the official MCP client:
over streamable HTTP against the running site (pytest-django's ``live_server``, the WSGI
site in a thread) and over stdio against ``manage.py mcp``: discovery, answers and errors
as a client reads them, and the HTTP endpoint's limits. What each tool answers is tested
in process, against the pages, in ``tests/test_mcp_answers.py``.
"""

import asyncio
import concurrent.futures
import json
import os
import sqlite3
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from incidents.index import FACET_KEYS

from .conftest import (
    in_one_rate_window,
    listed_titles,
    result_count,
)
from .mcp_data import SENTENCE, make_library

pytestmark = pytest.mark.django_db(transaction=True)

TOOLS = {
    "search_cases": {"sentence", "filters", "sort", "page", "include_weaker", "limit", "fields"},
    "export_cases": {
        "sentence",
        "filters",
        "sort",
        "include_weaker",
        "format",
        "columns",
        "limit",
    },  # fmt: skip
    "get_case": {"slug"},
    "suggest_filters": {"sentence"},
    "resolve_terms": {"words"},
    "get_term": {"kind", "slug"},
    "related_cases": {"slug"},
    "list_facets": {"filters", "sentence", "include_weaker"},
    "diagnose": {"sentence", "filters", "limit"},
}
BASE = Path(__file__).resolve().parent.parent

# A draft's slug is answered as a slug naming nothing.
MISSING_DRAFT = "There is no case “secret-watchdog-draft”. search_cases finds cases by words."


# --- Clients -----------------------------------------------------------------------------


async def _over_http(url, calls):
    async with streamable_http_client(url) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        tools = await session.list_tools()
        results = [await session.call_tool(name, args) for name, args in calls]
        return init, tools, results


def _run(coroutine):
    """Run the client's coroutine to its end on an event loop of its own, in a thread: the
    browser tests' Playwright (sync API) leaves a loop running in the main thread, where
    ``asyncio.run`` refuses to start."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def mcp(live_server, *calls):
    """``(initialize result, tools, [CallToolResult])`` of one session at ``/mcp`` that
    makes ``calls`` (``(tool name, arguments)`` pairs) in order."""
    return _run(_over_http(live_server.url + "/mcp", calls))


def call(live_server, name, **arguments):
    """One tool call over HTTP: its ``CallToolResult``."""
    return mcp(live_server, (name, arguments))[2][0]


def answer(result):
    """A successful call's structured answer (also sent as JSON text)."""
    assert not result.is_error, result.content[0].text
    assert json.loads(result.content[0].text) == result.structured_content
    assert "\n" not in result.content[0].text  # compact JSON: the SDK indented it
    return result.structured_content


def error(result):
    """A failed call's message, without the SDK's "Error executing tool …" prefix."""
    assert result.is_error
    return result.content[0].text.split(": ", 1)[1]


def fetch(live_server, path, method="GET", data=None, headers=None):
    """``(status, headers, body bytes)`` of an HTTP request to the live server."""
    request = urllib.request.Request(
        live_server.url + path, data=data, method=method, headers=headers or {}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as failure:
        return failure.code, failure.headers, failure.read()


def list_page(live_server, path):
    """The list page (or any page) at ``path``, for the conftest helpers."""
    status, _, body = fetch(live_server, path)
    return SimpleNamespace(status_code=status, content=body)


def path_of(url):
    parts = urllib.parse.urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


@pytest.fixture
def library():
    """The small library of ``tests/mcp_data.py``."""
    return make_library()


# --- Discovery ---------------------------------------------------------------------------


def test_initialize_lists_the_nine_tools_with_input_schemas(live_server, library):
    init, tools, _ = mcp(live_server)
    assert init.server_info.name == "incident-library"
    assert init.capabilities.tools is not None
    listed = {tool.name: tool for tool in tools.tools}
    assert set(listed) == set(TOOLS)
    for name, parameters in TOOLS.items():
        schema = listed[name].input_schema
        assert schema["type"] == "object"
        assert set(schema["properties"]) == parameters, name
        assert listed[name].description
        assert "\n" not in listed[name].description and "  " not in listed[name].description
        assert listed[name].annotations.read_only_hint is True
    sort = listed["search_cases"].input_schema["properties"]["sort"]
    assert {"newest", "oldest", "scale", "duration", "relevance"} <= set(
        json.dumps(sort).replace('"', " ").split()
    )
    filters = listed["search_cases"].input_schema["$defs"]["Filters"]
    assert set(filters["properties"]) == {*FACET_KEYS, "year_from", "year_to"}
    assert filters["additionalProperties"] is False


# --- search_cases ------------------------------------------------------------------------


def test_search_cases_over_http_lists_what_the_list_page_lists(live_server, library):
    """The tool's logic is tested in process (``tests/test_mcp_answers.py``); here, that
    the official client gets the same answer over streamable HTTP, with the site's
    absolute URLs and dates as ISO text."""
    _, _, (first, second, case) = mcp(
        live_server,
        ("search_cases", {"sentence": SENTENCE, "limit": 20, "fields": ["url"]}),
        ("search_cases", {"page": 2, "limit": 20, "fields": ["url"]}),
        ("get_case", {"slug": "watchdog-hang"}),
    )
    for found in (answer(first), answer(second)):
        listed = list_page(live_server, path_of(found["list_url"]))
        assert [case["title"] for case in found["results"]] == listed_titles(listed)
        assert found["count"] == result_count(listed)
        for brief in found["results"]:
            assert brief["url"] == f"{live_server.url}/cases/{brief['slug']}/"
    assert answer(second)["pages"] == 2
    assert answer(case)["dates"]["started"]["date"] == "2023-05-01"


def test_bad_arguments_are_tool_errors_and_the_server_keeps_serving(live_server, library):
    """Arguments the tools' schemas refuse, a tool's own refusal and an unknown tool are
    errors the client reads; the session goes on."""
    _, _, results = mcp(
        live_server,
        ("search_cases", {"filters": {"rootcause": "switch-failure"}}),
        ("search_cases", {"page": [1, 2]}),
        ("get_case", {"slug": "secret-watchdog-draft"}),
        ("search_cases", {"filters": {"root_cause": "nope"}}),
        ("search_cases", {"sentence": "NCCL timeout", "format": "csv", "columns": ["title"]}),
        ("search_cases", {"page": True}),
        ("no_such_tool", {}),
        ("search_cases", {}),
    )
    *failures, unknown_tool, fine = results
    messages = [error(result) for result in failures]
    assert messages[0] == (
        "Unknown filter “rootcause” (did you mean “root_cause”?). This tool takes root_cause, "
        "component, symptom, contributing_factor, organisation, category, workload, "
        "accelerator, scale, year_from, year_to."
    )
    assert messages[1].startswith("page: Input should be")
    assert messages[2] == MISSING_DRAFT
    assert messages[3] == "There is no root cause “nope”. Remove it or pick one listed."
    # An argument the tool does not take was ignored: the answer listed every case.
    assert messages[4] == (
        "Unknown arguments “format”, “columns”. This tool takes sentence, filters, sort, page, "
        "include_weaker, limit, fields."
    )
    assert messages[5].startswith("page: Input should be")  # true is not page 1
    assert not any("pydantic" in message or "http" in message for message in messages)
    assert unknown_tool.is_error
    said = unknown_tool.content[0].text
    assert said.startswith("Unknown tool: no_such_tool (tools offered: search_cases, "), said
    assert answer(fine)["count"] == 25


# --- The HTTP endpoint -------------------------------------------------------------------

INITIALIZE = json.dumps(
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    }
).encode()
JSON_HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}


def test_http_answers_json_without_csrf_and_with_the_site_headers(live_server, library):
    status, headers, body = fetch(live_server, "/mcp", "POST", INITIALIZE, JSON_HEADERS)
    assert status == 200
    assert headers["Content-Type"] == "application/json"
    assert json.loads(body)["result"]["serverInfo"]["name"] == "incident-library"
    assert headers["Cache-Control"] == "no-store"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert "Set-Cookie" not in headers
    assert "Mcp-Session-Id" not in headers  # stateless


def test_http_other_methods_are_405_and_no_stream_is_held_open(live_server, library):
    for method in ("GET", "DELETE", "PUT"):
        status, headers, body = fetch(
            live_server, "/mcp", method, headers={"Accept": "text/event-stream"}
        )
        assert status == 405, method
        assert headers["Allow"] == "POST"
        assert json.loads(body)["error"]["message"].startswith("Method Not Allowed")


def test_http_refuses_a_cross_site_browser_request(live_server, library):
    headers = {**JSON_HEADERS, "Origin": "https://evil.example"}
    status, _, body = fetch(live_server, "/mcp", "POST", INITIALIZE, headers)
    assert status == 403
    assert json.loads(body)["error"]["message"].startswith("Forbidden")
    same = {**JSON_HEADERS, "Origin": live_server.url}
    assert fetch(live_server, "/mcp", "POST", INITIALIZE, same)[0] == 200


def test_http_caps_the_request_body(live_server, library, settings):
    big = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping", "pad": "x" * 70_000}).encode()
    status, _, body = fetch(live_server, "/mcp", "POST", big, JSON_HEADERS)
    assert status == 413
    assert json.loads(body)["error"]["message"] == (
        f"Request body too large: at most {settings.MCP_MAX_REQUEST_BYTES} bytes."
    )
    bad = fetch(live_server, "/mcp", "POST", b"{not json", JSON_HEADERS)
    assert bad[0] == 400
    assert json.loads(bad[2])["error"]["code"] == -32700  # parse error, not a crash


def test_http_answers_json_nested_too_deeply_with_a_parse_error(live_server, library):
    """A 2 KB body of arrays or objects nested a thousand deep was a 500 and the site's
    HTML error page (the parser's recursion; an adversarial tryout); a media type in upper
    case was the SDK's 415 though media types are case-insensitive."""
    for body in (b"[" * 1000 + b"]" * 1000, b'{"a":' * 2000 + b"1" + b"}" * 2000):
        status, headers, answer = fetch(live_server, "/mcp", "POST", body, JSON_HEADERS)
        assert status == 400 and headers["Content-Type"] == "application/json"
        assert json.loads(answer)["error"] == {
            "code": -32700,
            "message": "Parse error: the JSON is nested too deeply.",
        }
    upper = {**JSON_HEADERS, "Content-Type": "APPLICATION/JSON"}
    assert fetch(live_server, "/mcp", "POST", INITIALIZE, upper)[0] == 200


def test_http_refuses_what_is_not_a_json_rpc_request_with_a_json_rpc_error(live_server, library):
    """A body sent as text/plain was a bare text 400; a request id that is an object, an
    array, a fraction or a boolean was taken for a notification (an empty 202); an unknown
    prompt was error code 0 with a traceback logged as a crash."""
    plain = {**JSON_HEADERS, "Content-Type": "text/plain"}
    status, headers, body = fetch(live_server, "/mcp", "POST", INITIALIZE, plain)
    assert status == 415 and headers["Content-Type"] == "application/json"
    assert json.loads(body)["error"]["message"].startswith("Unsupported Media Type")
    for request_id in ({"a": 1}, [1], 1.5, True):
        message = {"jsonrpc": "2.0", "id": request_id, "method": "tools/list"}
        status, _, body = fetch(live_server, "/mcp", "POST", json.dumps(message).encode(),
                                JSON_HEADERS)  # fmt: skip
        assert status == 400, request_id
        assert json.loads(body)["error"] == {
            "code": -32600,
            "message": "Invalid Request: a request id must be a string or an integer.",
        }
    # A batch (a JSON array) was answered with a kilobyte of the SDK's validator report
    # (a new user's tryout): the transport takes one message a request.
    batch = json.dumps([{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}]).encode()
    status, _, body = fetch(live_server, "/mcp", "POST", batch, JSON_HEADERS)
    assert status == 400
    assert json.loads(body)["error"] == {
        "code": -32600,
        "message": "Invalid Request: batches are not supported; send one JSON-RPC message a "
        "request.",
    }
    prompt = {"jsonrpc": "2.0", "id": "p", "method": "prompts/get", "params": {"name": "zzz"}}
    status, _, body = fetch(live_server, "/mcp", "POST", json.dumps(prompt).encode(), JSON_HEADERS)
    assert status == 200
    assert json.loads(body)["error"]["code"] == -32602
    assert json.loads(body)["error"]["message"].startswith("Unknown prompt: zzz")
    # A missing required argument, or one the prompt does not take, was error code 0 with
    # a traceback logged (found by a new user).
    for arguments, message in [
        ({}, "The prompt diagnose_incident needs description: description: What you see"),
        ({"description": "  "}, "The prompt diagnose_incident needs description"),
        ({"description": "hang", "sevrity": "high"},
         "The prompt diagnose_incident takes no argument sevrity (its arguments: description)."),
    ]:  # fmt: skip
        params = {"name": "diagnose_incident", "arguments": arguments}
        asked = {"jsonrpc": "2.0", "id": "p", "method": "prompts/get", "params": params}
        status, _, body = fetch(live_server, "/mcp", "POST", json.dumps(asked).encode(),
                                JSON_HEADERS)  # fmt: skip
        assert status == 200
        assert json.loads(body)["error"]["code"] == -32602, arguments
        assert json.loads(body)["error"]["message"].startswith(message), body


def test_http_rate_limit_per_client(live_server, library, settings):
    settings.MCP_RATE_LIMIT = 3
    in_one_rate_window()
    statuses = [fetch(live_server, "/mcp", "POST", INITIALIZE, JSON_HEADERS)[0] for _ in range(3)]
    assert statuses == [200, 200, 200]
    status, headers, body = fetch(live_server, "/mcp", "POST", INITIALIZE, JSON_HEADERS)
    assert status == 429
    assert 1 <= int(headers["Retry-After"]) <= 60
    assert json.loads(body)["error"]["message"].startswith("Too many requests: at most 3 a minute")
    # The pages are not limited by it.
    assert fetch(live_server, "/")[0] == 200


# --- stdio -------------------------------------------------------------------------------


def _database_url_for_subprocess(tmp_path):
    """A ``DATABASE_URL`` naming this test's database for another process: the
    PostgreSQL test database itself, or a file copy of SQLite's in-memory one."""
    from django.db import connection

    settings_dict = connection.settings_dict
    if connection.vendor == "postgresql":
        user = urllib.parse.quote(settings_dict["USER"] or "")
        password = settings_dict["PASSWORD"] or ""
        credentials = f"{user}:{urllib.parse.quote(password)}@" if password else f"{user}@"
        return (
            f"postgres://{credentials}{settings_dict['HOST'] or '127.0.0.1'}:"
            f"{settings_dict['PORT'] or 5432}/{settings_dict['NAME']}"
        )
    target = tmp_path / "library.sqlite3"
    connection.ensure_connection()
    with sqlite3.connect(target) as copy:
        connection.connection.backup(copy)
    return f"sqlite:///{target}"


async def _over_stdio(env):
    server = StdioServerParameters(
        command=sys.executable,
        args=[str(BASE / "manage.py"), "mcp", "--base-url", "https://incidents.example.org"],
        env=env,
        cwd=str(BASE),
    )
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = await session.list_tools()
        found = await session.call_tool("search_cases", {"sentence": SENTENCE, "fields": ["url"]})
        missing = await session.call_tool("get_case", {"slug": "secret-watchdog-draft"})
        return tools, found, missing


def test_stdio_command_lists_tools_and_answers_a_call(library, tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "DJANGO_SETTINGS_MODULE"}
    }
    env["DATABASE_URL"] = _database_url_for_subprocess(tmp_path)
    tools, found, missing = _run(_over_stdio(env))
    assert {tool.name for tool in tools.tools} == set(TOOLS)
    cases = answer(found)["results"]
    assert [case["title"] for case in cases][:2] == ["Watchdog hang", "Watchdog twin"]
    assert cases[0]["url"] == "https://incidents.example.org/cases/watchdog-hang/"
    assert "secret-watchdog-draft" not in {case["slug"] for case in cases}
    assert error(missing) == MISSING_DRAFT


# --- export_cases ------------------------------------------------------------------------


def test_export_cases_gives_the_rows_inline_and_a_link_to_the_whole_set(live_server, library):
    """Over the official client: the set of search_cases, in its order, as CSV, and an
    /export.csv address that downloads the same cases (issue 23; the real library's
    task is in tests/test_mcp_answers.py)."""
    import csv
    import io

    filters = {"year_from": 2024}
    found = answer(call(live_server, "export_cases", filters=filters, sort="scale", limit=3))
    search = answer(call(live_server, "search_cases", filters=filters, sort="scale"))
    expected = [case["slug"] for case in search["results"]]
    assert found["count"] == search["count"] > 3 and found["complete"] is False
    rows = list(csv.DictReader(io.StringIO(found["content"])))
    assert [row["slug"] for row in rows] == expected[:3]
    assert found["download_url"].startswith(live_server.url + "/export.csv?")
    status, _, body = fetch(live_server, found["download_url"].removeprefix(live_server.url))
    assert status == 200
    downloaded = list(csv.DictReader(io.StringIO(body.decode())))
    assert len(downloaded) == found["count"]
    assert [row["slug"] for row in downloaded][: len(expected)] == expected  # the first page
    assert {k: v for k, v in downloaded[0].items() if k in rows[0]} == rows[0]


def test_export_cases_refuses_what_it_cannot_give_naming_what_it_can(live_server, library):
    assert error(call(live_server, "export_cases", columns=["slug", "colour"])).startswith(
        "Unknown column(s): colour. Columns: slug, title, url,"
    )
    # A column named many times is given once (the answer was megabytes).
    repeated = answer(call(live_server, "export_cases", columns=["slug"] * 5000, limit=2))
    assert repeated["columns"] == ["slug"] and len(repeated["content"].splitlines()) == 3
    message = error(call(live_server, "export_cases", format="xlsx"))
    assert "format" in message and "csv" in message and "json" in message
    assert "between 1 and 200" in error(call(live_server, "export_cases", limit=5000))
    # A fresh helper's attack: JSON ignored the columns without a word, [] fell back to the
    # default ones, and 200 whole records made one answer of 1.3 MB.
    message = error(call(live_server, "export_cases", format="json", columns=["slug"], limit=1))
    assert "json gives whole records" in message
    assert "at least one of: slug" in error(call(live_server, "export_cases", columns=[]))
    assert "between 1 and 20 for json" in error(
        call(live_server, "export_cases", format="json", limit=200)
    )
    assert answer(call(live_server, "export_cases", format="json"))["rows"] == 20
    # Strict, as page and limit are: "yes" and 1 were read as true.
    for weaker in ("yes", 1):
        message = error(call(live_server, "search_cases", sentence="hang", include_weaker=weaker))
        assert "include_weaker" in message, message
    message = error(call(live_server, "search_cases", sort="popular"))
    assert "sort" in message and "relevance" in message and "pydantic" not in message


# --- Resources and prompts ---------------------------------------------------------------


async def _resources_and_prompt(url):
    async with streamable_http_client(url) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        templates = await session.list_resource_templates()
        case = await session.read_resource("case://watchdog-hang")
        term = await session.read_resource("term://symptom/nccl-timeout")
        try:
            await session.read_resource("case://secret-watchdog-draft")
            missing = None
        except Exception as failure:  # the SDK raises the server's error
            missing = failure
        prompts = await session.list_prompts()
        prompt = await session.get_prompt("diagnose_incident", {"description": "NCCL hang"})
        return templates, case, term, missing, prompts, prompt


def test_cases_and_terms_are_resources_and_a_prompt_walks_a_diagnosis(live_server, library):
    """Issue 23: resources and prompts were advertised but empty. case://{slug} and
    term://{kind}/{slug} hold what get_case and get_term answer; a draft is not found,
    with the tools' message; diagnose_incident names the calls to make."""
    templates, case, term, missing, prompts, prompt = _run(
        _resources_and_prompt(live_server.url + "/mcp")
    )
    assert {t.uri_template for t in templates.resource_templates} == {
        "case://{slug}",
        "term://{kind}/{slug}",
    }
    read = json.loads(case.contents[0].text)
    assert case.contents[0].mime_type == "application/json"
    assert read == answer(call(live_server, "get_case", slug="watchdog-hang"))
    assert json.loads(term.contents[0].text)["slug"] == "nccl-timeout"
    assert MISSING_DRAFT in str(missing)
    assert [p.name for p in prompts.prompts] == ["diagnose_incident"]
    text = prompt.messages[0].content.text
    assert "NCCL hang" in text and "search_cases" in text and "diagnose" in text


def test_every_tool_answer_validates_against_its_declared_output_schema(live_server, library):
    """Issue 23's contract: each tool declares its answer's shape (closed objects, typed
    values), and the official client checks every answer against it (it raises on an
    answer that does not fit). Each tool is called in the shapes its arguments allow:
    with and without a sentence, every brief field, both export formats, every kind."""
    from api.mcp_schemas import ANSWERS

    calls = [
        ("search_cases", {}),
        ("search_cases", {"sentence": SENTENCE}),
        ("search_cases", {"sentence": SENTENCE, "include_weaker": True, "limit": 20,
                          "fields": ["url", "summary", "dates", "organisations", "terms",
                                     "categories", "figures"]}),
        ("search_cases", {"filters": {"symptom": "nccl-timeout"}, "sort": "oldest",
                          "fields": []}),
        ("export_cases", {"format": "csv"}),
        ("export_cases", {"format": "json", "sentence": SENTENCE, "limit": 3}),
        ("get_case", {"slug": "watchdog-hang"}),
        ("suggest_filters", {"sentence": SENTENCE}),
        ("suggest_filters", {"sentence": "the weather was nice"}),
        ("resolve_terms", {"words": ["NCCL watchdog", "job-crash", "nothing known"]}),
        ("get_term", {"kind": "symptom", "slug": "nccl-timeout"}),
        ("get_term", {"kind": "organisation", "slug": "example-lab"}),
        ("get_term", {"kind": "workload", "slug": "training"}),
        ("related_cases", {"slug": "watchdog-hang"}),
        ("list_facets", {}),
        ("list_facets", {"sentence": SENTENCE, "include_weaker": True,
                         "filters": {"root_cause": "switch-failure"}}),
        ("diagnose", {"filters": {"symptom": "nccl-timeout"}}),
        ("diagnose", {"sentence": SENTENCE, "limit": 1}),
        ("diagnose", {"filters": {"root_cause": "switch-failure"}}),
        ("diagnose", {}),
    ]  # fmt: skip
    _, tools, results = mcp(live_server, *calls)
    declared = {tool.name: tool.output_schema for tool in tools.tools}
    assert set(declared) == set(ANSWERS)
    for name, schema in declared.items():
        assert schema["type"] == "object" and schema["additionalProperties"] is False, name
    for (name, _), result in zip(calls, results, strict=True):
        assert not result.is_error, (name, result.content[0].text)
    brief = answer(results[2])["results"][0]
    assert {"url", "summary", "categories", "figures", "why"} <= set(brief)


def test_get_term_declares_its_kinds_and_refuses_another_naming_them(live_server, library):
    """Issue 23: kinds are an enum in get_term's input schema, not a free string; an
    unknown kind is a tool error listing them."""
    _, tools, results = mcp(live_server, ("get_term", {"kind": "symptoms", "slug": "x"}))
    schema = next(t for t in tools.tools if t.name == "get_term").input_schema
    kinds = schema["properties"]["kind"]["enum"]
    assert {"root_cause", "component", "symptom", "organisation", "category"} <= set(kinds)
    message = error(results[0])
    assert "kind" in message and "symptom" in message and "root_cause" in message
