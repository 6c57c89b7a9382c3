"""The MCP server (``api/mcp_server.py``; its answers: ``api/mcp_answers.py``), driven by
the official MCP client: over
streamable HTTP against the running site (pytest-django's ``live_server``, the WSGI site
in a thread) and over stdio against ``manage.py mcp``. Each tool's answer is checked
against what the pages answer for the same state, fetched over HTTP from the same server.
"""

import asyncio
import concurrent.futures
import datetime
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
from incidents.models import TimelineEvent, Workload

from .conftest import (
    facet_values,
    in_one_rate_window,
    listed_titles,
    make_case,
    make_organisation,
    make_term,
    page,
    result_count,
)
from .snapshots import load_library, snapshot

pytestmark = pytest.mark.django_db(transaction=True)

TOOLS = {
    "search_cases": {"sentence", "filters", "sort", "page", "include_weaker"},
    "get_case": {"slug"},
    "suggest_filters": {"sentence"},
    "resolve_terms": {"words"},
    "get_term": {"kind", "slug"},
    "related_cases": {"slug"},
    "list_facets": {"filters", "sentence"},
}
BASE = Path(__file__).resolve().parent.parent


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


# --- Data --------------------------------------------------------------------------------


@pytest.fixture
def library():
    """25 published cases sharing terms (two pages), one with every section, and a
    draft that would match the searches below better than any of them."""
    make_term("symptom", "NCCL timeout", aliases="NCCL watchdog")
    make_term("symptom", "Job hang without error", aliases="job hang")
    training = Workload.objects.get(slug="training")
    lab = make_organisation("Example Lab")
    vendor = make_organisation("Switch Vendor")
    for day in range(1, 24):
        make_case(
            f"Crash {day:02}",
            symptoms=["Job crash"],
            root_causes=["Faulty GPU" if day % 2 else "Switch failure"],
            started_on=datetime.date(2024, 1, day),
            summary="A job crashed.",
            accelerator_count=day * 100,
            workloads=[training] if day % 3 == 0 else [],
        )
    hang = make_case(
        "Watchdog hang",
        slug="watchdog-hang",
        organisation=[(lab, "operator"), (vendor, "vendor")],
        symptoms=["NCCL timeout", "Job hang without error"],
        root_causes=["Switch failure"],
        components=["NCCL"],
        contributing_factors=["Synchronous training"],
        summary="The job hung until the NCCL watchdog fired after 600 seconds.",
        trigger="A switch dropped packets.",
        impact="Training stopped for three hours.",
        symptoms_text="Every rank waited in an allreduce.",
        detection="The NCCL watchdog.",
        remediation="- Replaced the switch",
        action_items="- Alert on link flaps",
        lessons="Watch the switches.",
        started_on=datetime.date(2023, 5, 1),
        accelerator_count=2048,
        duration=datetime.timedelta(hours=3),
        workloads=[training],
        sources=2,
    )
    TimelineEvent.objects.create(
        case=hang,
        at=datetime.datetime(2023, 5, 1, 14, 3, tzinfo=datetime.UTC),
        at_precision="minute",
        event="The job stopped making progress.",
        position=0,
    )
    make_case(
        "Watchdog twin",
        slug="watchdog-twin",
        symptoms=["NCCL timeout"],
        root_causes=["Switch failure"],
        components=["NCCL"],
        summary="Another NCCL timeout.",
        started_on=datetime.date(2023, 4, 1),
    )
    make_case(
        "Secret watchdog draft",
        slug="secret-watchdog-draft",
        is_published=False,
        symptoms=["NCCL timeout", "Job hang without error", "Draft only symptom"],
        root_causes=["Switch failure"],
        components=["NCCL"],
        summary="NCCL watchdog timeout: the job hung, the watchdog fired, NCCL timeout.",
        started_on=datetime.date(2025, 1, 1),
    )
    return hang


SENTENCE = "training job hangs, NCCL watchdog timeout"


# --- Discovery ---------------------------------------------------------------------------


def test_initialize_lists_the_seven_tools_with_input_schemas(live_server, library):
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
        assert listed[name].annotations.read_only_hint is True
    filters = listed["search_cases"].input_schema["$defs"]["Filters"]
    assert set(filters["properties"]) == {*FACET_KEYS, "year_from", "year_to"}
    assert filters["additionalProperties"] is False


# --- search_cases ------------------------------------------------------------------------


# Tool arguments, and what each asks of the list page.
SEARCHES = [
    {"sentence": SENTENCE},
    {"sentence": SENTENCE, "include_weaker": True},
    {"sentence": "job crashed", "filters": {"root_cause": "faulty-gpu"}},
    {"filters": {"root_cause": ["switch-failure"]}, "sort": "oldest"},
    {"filters": {"year_from": 2024}, "sort": "scale"},
    {"filters": {"workload": "training", "scale": ["1k-10k", "under-1k"]}},
    {"filters": {"symptom": ["nccl-timeout"], "year_from": "2023", "year_to": 2023}},
    {"page": 2},
    {},
]


def test_search_cases_lists_what_the_list_page_lists(live_server, library):
    _, _, results = mcp(live_server, *[("search_cases", arguments) for arguments in SEARCHES])
    for arguments, result in zip(SEARCHES, results, strict=True):
        found = answer(result)
        listed = list_page(live_server, path_of(found["list_url"]))
        assert listed.status_code == 200, arguments
        assert [case["title"] for case in found["cases"]] == listed_titles(listed), arguments
        assert found["count"] == result_count(listed), arguments
        assert found["page"] == arguments.get("page", 1)
        assert found["per_page"] == 20
        for case in found["cases"]:
            assert case["url"] == f"{live_server.url}/cases/{case['slug']}/"
    assert answer(results[-1])["count"] == 25
    assert answer(results[-2])["pages"] == 2


def test_search_cases_url_is_the_list_state_of_its_arguments(live_server, library):
    found = answer(
        call(
            live_server,
            "search_cases",
            sentence=SENTENCE,
            filters={"symptom": "nccl-timeout", "component": ["nccl"]},
            sort="newest",
        )
    )
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(found["list_url"]).query)
    assert query == {
        "q": [SENTENCE],
        "symptom": ["nccl-timeout"],
        "component": ["nccl"],
        "sort": ["newest"],
    }
    assert [case["title"] for case in found["cases"]] == ["Watchdog hang", "Watchdog twin"]


def test_search_cases_says_why_each_case_matched(live_server, library):
    found = answer(call(live_server, "search_cases", sentence=SENTENCE))
    assert {(v["kind"], v["slug"], v["how"]) for v in found["recognised"]} >= {
        ("symptom", "nccl-timeout", "alias")
    }
    top = found["cases"][0]
    assert top["title"] == "Watchdog hang"
    assert top["why"]["score"] > 0
    carried = {value["slug"] for value in top["why"]["recognised"]}
    assert "nccl-timeout" in carried
    assert {"nccl", "watchdog", "timeout"} <= set(top["why"]["words"])
    assert top["terms"]["symptom"] == [
        {"slug": "job-hang-without-error", "name": "Job hang without error"},
        {"slug": "nccl-timeout", "name": "NCCL timeout"},
    ]
    assert [o["slug"] for o in top["organisations"]] == ["example-lab", "switch-vendor"]
    # Without a sentence there is nothing to explain.
    plain = answer(call(live_server, "search_cases", filters={"symptom": "nccl-timeout"}))
    assert all("why" not in case for case in plain["cases"])


def test_why_names_only_words_the_case_uses(live_server, library):
    """Issue 19: a tag's aliases are evidence that a case carries the tag, not words the
    case contains; "why" lists the tag under "recognised", and under "words" only what
    the case's own text says."""
    make_case("Quiet stop", symptoms=["NCCL timeout"], summary="The job stopped at step 9.")
    found = answer(call(live_server, "search_cases", sentence="NCCL watchdog", include_weaker=True))
    quiet = next(case for case in found["cases"] if case["title"] == "Quiet stop")
    assert "nccl-timeout" in {value["slug"] for value in quiet["why"]["recognised"]}
    assert "watchdog" not in quiet["why"]["words"]


# --- get_case and related_cases ----------------------------------------------------------


def test_get_case_gives_every_section_and_what_the_case_page_shows(live_server, library):
    found = answer(call(live_server, "get_case", slug="watchdog-hang"))
    shown = page(list_page(live_server, "/cases/watchdog-hang/"))
    assert found["title"] == shown.select_one("h1").get_text(strip=True)
    assert found["url"] == f"{live_server.url}/cases/watchdog-hang/"
    assert found["sections"] == {
        "summary": "The job hung until the NCCL watchdog fired after 600 seconds.",
        "trigger": "A switch dropped packets.",
        "impact": "Training stopped for three hours.",
        "symptoms": "Every rank waited in an allreduce.",
        "detection": "The NCCL watchdog.",
        "remediation": "- Replaced the switch",
        "action_items": "- Alert on link flaps",
        "lessons": "Watch the switches.",
    }
    facts = shown.select_one("dl.keyfacts")
    assert [(f["label"], f["text"]) for f in found["key_facts"]] == list(
        zip(
            [dt.get_text(strip=True) for dt in facts.select("dt")],
            [dd.get_text(strip=True) for dd in facts.select("dd")],
            strict=True,
        )
    )
    assert ("Scale", "2,048 accelerators") in [(f["label"], f["text"]) for f in found["key_facts"]]
    assert [s["title"] for s in found["sources"]] == [
        a.get_text(strip=True) for a in shown.select(".sources__list a")
    ]
    assert [(o["slug"], o["role"]) for o in found["organisations"]] == [
        ("example-lab", "operator"),
        ("switch-vendor", "vendor"),
    ]
    assert [(e["when"], e["event"]) for e in found["timeline"]] == [
        ("1 May 2023, 14:03 UTC", "The job stopped making progress.")
    ]
    assert (
        shown.select_one(".timeline li")
        .get_text(" ", strip=True)
        .endswith("The job stopped making progress.")
    )
    terms = found["terms"]
    assert [t["slug"] for t in terms["symptom"]] == ["job-hang-without-error", "nccl-timeout"]
    assert [t["slug"] for t in terms["component"]] == ["nccl"]
    assert [t["slug"] for t in terms["contributing_factor"]] == ["synchronous-training"]
    assert found["figures"]["scale"] == "1k-10k"
    assert found["figures"]["workloads"] == [{"slug": "training", "name": "Training"}]
    assert found["dates"]["started"] == {
        "date": "2023-05-01",
        "precision": "day",
        "text": "1 May 2023",
    }
    # One record on every surface: the API's case has the same fields and values.
    _, _, body = fetch(live_server, "/api/v1/cases/watchdog-hang/")
    api = json.loads(body)
    for field in ("slug", "title", "url", "summary", "dates", "organisations", "terms",
                  "categories", "key_facts", "figures", "timeline", "sources"):  # fmt: skip
        assert found[field] == api[field], field
    assert found["sections"] == {k: v["markdown"] for k, v in api["sections"].items()}
    assert [r["title"] for r in found["related"]] == [
        a.get_text(strip=True) for a in shown.select(".related__list > li > a")
    ]


def test_related_cases_are_the_case_page_list_with_shared_terms(live_server, library):
    found = answer(call(live_server, "related_cases", slug="watchdog-hang"))
    shown = page(list_page(live_server, "/cases/watchdog-hang/"))
    items = shown.select(".related__list > li")
    assert [r["title"] for r in found["related"]] == [
        item.select_one("a").get_text(strip=True) for item in items
    ]
    assert found["related"][0]["title"] == "Watchdog twin"
    for related, item in zip(found["related"], items, strict=True):
        assert [t["name"] for t in related["shared"]] == [
            a.get_text(strip=True) for a in item.select(".related__shared a")
        ]
    assert {
        "kind": "symptom",
        "kind_label": "Symptom",
        "slug": "nccl-timeout",
        "name": "NCCL timeout",
    } in found["related"][0]["shared"]
    assert len(found["related"]) <= 5


# --- suggest_filters, resolve_terms, list_facets -----------------------------------------


def test_suggest_filters_gives_what_suggest_json_gives(live_server, library):
    for sentence in [SENTENCE, "the job crashed on a faulty GPU", "nothing to see"]:
        found = answer(call(live_server, "suggest_filters", sentence=sentence))
        status, _, body = fetch(
            live_server, "/suggest.json?" + urllib.parse.urlencode({"q": sentence})
        )
        assert status == 200
        assert found["suggestions"] == json.loads(body), sentence
    suggested = answer(call(live_server, "suggest_filters", sentence=SENTENCE))["suggestions"]
    assert ("symptom", "nccl-timeout", "alias") in {
        (s["kind"], s["slug"], s["how"]) for s in suggested
    }


def test_resolve_terms_maps_words_to_slugs(live_server, library):
    found = answer(
        call(
            live_server,
            "resolve_terms",
            words=["NCCL watchdog", "Job hang without error", "faulty-gpu", "Example Lab", "zzz"],
        )
    )
    by_word = {item["word"]: item["values"] for item in found["words"]}
    first = by_word["NCCL watchdog"][0]
    assert (first["kind"], first["slug"], first["how"], first["cases"]) == (
        "symptom",
        "nccl-timeout",
        "alias",
        2,
    )
    assert first["confidence"] == 0.9
    # Read by the suggestions' recogniser: what /suggest.json gives for the same words.
    _, _, body = fetch(live_server, "/suggest.json?q=NCCL+watchdog")
    assert [
        {key: value for key, value in v.items() if key != "cases"} for v in by_word["NCCL watchdog"]
    ] == json.loads(body)
    assert by_word["Job hang without error"][0]["slug"] == "job-hang-without-error"
    assert by_word["Job hang without error"][0]["confidence"] == 1.0
    assert by_word["faulty-gpu"][0] == {
        "kind": "root_cause",
        "slug": "faulty-gpu",
        "name": "Faulty GPU",
        "matched": "faulty-gpu",
        "confidence": 1.0,
        "how": "slug",
        "cases": 12,
    }
    assert by_word["Example Lab"][0]["kind"] == "organisation"
    assert by_word["zzz"] == []
    # A value only a draft carries stays private.
    hidden = answer(call(live_server, "resolve_terms", words="Draft only symptom"))
    assert hidden["words"][0]["values"] == []


def test_get_term_gives_what_the_vocabulary_api_gives_and_what_is_seen_with_it(
    live_server, library
):
    term = answer(call(live_server, "get_term", kind="symptom", slug="nccl-timeout"))
    _, _, body = fetch(live_server, "/api/v1/vocabulary/")
    symptoms = next(k for k in json.loads(body)["kinds"] if k["key"] == "symptom")
    listed = next(v for v in symptoms["values"] if v["slug"] == "nccl-timeout")
    for field in ("name", "description", "aliases", "phrasings", "signatures", "cases"):
        assert term[field] == listed[field], field
    assert (term["kind"], term["label"], term["cases"]) == ("symptom", "Symptom", 2)
    # Seen with: the values the same published cases carry, most shared first.
    _, _, page_body = fetch(live_server, "/api/v1/facets/?symptom=nccl-timeout")
    components = next(f for f in json.loads(page_body)["facets"] if f["key"] == "component")
    counts = {v["slug"]: v["count"] for v in components["values"]}
    assert term["seen_with"]["component"]
    for value in term["seen_with"]["component"]:
        assert counts[value["slug"]] == value["cases"]
    assert "symptom" not in term["seen_with"]
    assert path_of(term["links"]["list"]) == "/?symptom=nccl-timeout"


def test_get_term_refuses_an_unknown_kind_or_slug_with_what_to_use(live_server, library):
    wrong_kind = error(call(live_server, "get_term", kind="symptoms", slug="nccl-timeout"))
    assert "root_cause, component, symptom" in wrong_kind
    typo = error(call(live_server, "get_term", kind="symptom", slug="nccl-timout"))
    assert "Did you mean nccl-timeout?" in typo
    hidden = error(call(live_server, "get_term", kind="symptom", slug="draft-only-symptom"))
    assert "No symptom has the slug" in hidden


def test_list_facets_counts_as_the_list_page(live_server, library):
    _, _, results = mcp(live_server, *[("list_facets", arguments) for arguments in SEARCHES[:7]])
    for arguments, result in zip(SEARCHES, results, strict=False):
        found = answer(result)
        state = {key: arguments[key] for key in ("sentence", "filters") if key in arguments}
        listed = list_page(
            live_server, path_of(answer(call(live_server, "search_cases", **state))["list_url"])
        )
        assert found["count"] == result_count(listed), arguments
        assert [facet["key"] for facet in found["facets"]] == list(FACET_KEYS)
        for facet in found["facets"]:
            shown = facet_values(listed, facet["key"])
            assert {v["name"]: (v["count"], v["selected"]) for v in facet["values"]} == {
                label: (count, selected) for label, (count, _, selected) in shown.items()
            }, (arguments, facet["key"])
    scale = next(f for f in answer(results[5])["facets"] if f["key"] == "scale")
    assert {v["slug"] for v in scale["values"] if v["selected"]} == {"1k-10k", "under-1k"}


# --- Drafts and bad input ----------------------------------------------------------------


def test_a_draft_never_appears(live_server, library):
    init, tools, results = mcp(
        live_server,
        ("search_cases", {"sentence": "secret watchdog draft NCCL timeout"}),
        ("search_cases", {"sentence": "secret", "include_weaker": True}),
        ("search_cases", {"filters": {"symptom": "nccl-timeout"}}),
        ("get_case", {"slug": "secret-watchdog-draft"}),
        ("related_cases", {"slug": "secret-watchdog-draft"}),
        ("related_cases", {"slug": "watchdog-hang"}),
        ("list_facets", {"filters": {"symptom": "nccl-timeout"}}),
        ("suggest_filters", {"sentence": "draft only symptom"}),
        ("search_cases", {"sentence": "draft only symptom after an NCCL timeout"}),
    )
    sentence, secret, filtered, case, related, others, facets, suggested, named = results
    for found in (sentence, secret, filtered):
        assert "secret-watchdog-draft" not in {c["slug"] for c in answer(found)["cases"]}
    assert answer(secret)["count"] == 0
    assert answer(filtered)["count"] == 2
    assert error(case) == "There is no case “secret-watchdog-draft”."
    assert error(related) == "There is no case “secret-watchdog-draft”."
    assert "secret-watchdog-draft" not in {r["slug"] for r in answer(others)["related"]}
    symptoms = next(f for f in answer(facets)["facets"] if f["key"] == "symptom")
    assert {v["slug"]: v["count"] for v in symptoms["values"]}["nccl-timeout"] == 2
    assert "draft-only-symptom" not in {v["slug"] for v in symptoms["values"]}
    assert answer(suggested)["suggestions"] == []
    # Issue 21: a value only drafts carry is not "recognised" either (it gave its slug).
    assert [v["slug"] for v in answer(named)["recognised"]] == ["nccl-timeout"]


# Tool arguments the list page refuses, and the same state as its query string.
BAD_LIST_INPUT = [
    ({"filters": {"root_cause": "nope"}}, "root_cause=nope"),
    ({"filters": {"symptom": ["nccl-timeout", "nope"]}}, "symptom=nccl-timeout&symptom=nope"),
    ({"page": "abc"}, "page=abc"),
    ({"page": 99}, "page=99"),
    ({"page": 0}, "page=0"),
    ({"sort": "bogus"}, "sort=bogus"),
    ({"filters": {"year_from": "abc"}}, "year_from=abc"),
    ({"filters": {"year_from": 2024, "year_to": 2023}}, "year_from=2024&year_to=2023"),
    ({"filters": {"year_from": 1800}}, "year_from=1800"),
    ({"sentence": "x" * 6_001}, "q=" + "x" * 6_001),
    ({"sentence": "nccl\x00timeout"}, "q=nccl%00timeout"),
    ({"filters": {"component": "nc\x00cl"}}, "component=nc%00cl"),
    (
        {"filters": {"scale": [f"s{i}" for i in range(21)]}},
        "&".join(f"scale=s{i}" for i in range(21)),
    ),
]


def test_bad_list_input_is_a_tool_error_with_the_list_page_message(live_server, library):
    _, _, results = mcp(
        live_server, *[("search_cases", arguments) for arguments, _ in BAD_LIST_INPUT]
    )
    for (arguments, query), result in zip(BAD_LIST_INPUT, results, strict=True):
        message = error(result)
        shown = list_page(live_server, "/?" + query)
        assert shown.status_code in {400, 404}, query
        for line in message.split("\n"):
            assert line in page(shown).get_text(" ", strip=True), (arguments, line)
    assert error(results[0]) == "There is no root cause “nope”. Remove it or pick one listed."
    assert error(results[2]) == "“abc” is not a page number."
    assert error(results[3]) == "There is no page 99: this list has 2 pages."
    filters_only = [(a, q) for a, q in BAD_LIST_INPUT if set(a) == {"filters"}]
    _, _, facets = mcp(live_server, *[("list_facets", arguments) for arguments, _ in filters_only])
    searched = {q: error(r) for (_, q), r in zip(BAD_LIST_INPUT, results, strict=True)}
    for (arguments, query), result in zip(filters_only, facets, strict=True):
        assert error(result) == searched[query], arguments


def test_other_bad_input_is_a_tool_error_and_the_server_keeps_serving(live_server, library):
    _, _, results = mcp(
        live_server,
        ("search_cases", {"filters": {"rootcause": "switch-failure"}}),
        ("search_cases", {"page": [1, 2]}),
        ("get_case", {"slug": "nope"}),
        ("get_case", {"slug": ""}),
        ("related_cases", {"slug": "x" * 300}),
        ("suggest_filters", {"sentence": "y" * 6_001}),
        ("suggest_filters", {"sentence": "a\x00b"}),
        ("resolve_terms", {"words": []}),
        ("resolve_terms", {"words": ["w"] * 21}),
        ("resolve_terms", {"words": ["z" * 101]}),
        ("list_facets", {"filters": {"organisation": "nope"}}),
        ("no_such_tool", {}),
        ("search_cases", {}),
    )
    *failures, unknown_tool, fine = results
    messages = [error(result) for result in failures]
    assert "filters.rootcause" in messages[0] and "Extra inputs are not permitted" in messages[0]
    assert "page" in messages[1]
    assert messages[2] == "There is no case “nope”."
    assert messages[3] == "Give the slug of a case, as search_cases lists it."
    assert messages[4].startswith("There is no case “xxx")
    assert messages[5] == "q is 6001 characters long; at most 6000."
    assert messages[6] == "q contains a NUL character; remove it."
    assert messages[7] == "Give at least one word or phrase to resolve."
    assert messages[8] == "21 words are given; at most 20 in one call."
    assert messages[9].endswith(
        "is 101 characters long; at most 100. For a sentence use suggest_filters."
    )
    assert messages[10] == "There is no organisation “nope”. Remove it or pick one listed."
    assert unknown_tool.is_error
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


# --- The real library --------------------------------------------------------------------


def test_real_library_log_line_and_paraphrase(live_server):
    snapshot("library", load_library).restore()
    line = (
        "[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, "
        "OpType=ALLREDUCE, ...) ran for 600018 milliseconds before timing out."
    )
    _, _, (found, facets, resolved, suggested) = mcp(
        live_server,
        ("search_cases", {"sentence": line}),
        ("list_facets", {"sentence": line}),
        ("resolve_terms", {"words": ["the node rebooted by itself", "Xid 79", "H100"]}),
        ("suggest_filters", {"sentence": "the node rebooted by itself"}),
    )
    found = answer(found)
    listed = list_page(live_server, path_of(found["list_url"]))
    assert [c["title"] for c in found["cases"]] == listed_titles(listed)
    assert found["count"] == result_count(listed) == answer(facets)["count"]
    assert found["recognised"][0]["slug"] == "nccl-timeout"
    assert all(
        "nccl-timeout" in {v["slug"] for v in case["why"]["recognised"]}
        for case in found["cases"][:4]
    )
    by_word = {item["word"]: item["values"] for item in answer(resolved)["words"]}
    assert by_word["the node rebooted by itself"][0]["slug"] == "node-failure"
    assert by_word["the node rebooted by itself"][0]["how"] == "meaning"
    assert by_word["Xid 79"][0]["slug"] == "xid-error"
    assert (by_word["H100"][0]["kind"], by_word["H100"][0]["slug"]) == ("accelerator", "h100")
    status, _, body = fetch(live_server, "/suggest.json?q=the+node+rebooted+by+itself")
    assert answer(suggested)["suggestions"] == json.loads(body)


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
        found = await session.call_tool("search_cases", {"sentence": SENTENCE})
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
    cases = answer(found)["cases"]
    assert [case["title"] for case in cases][:2] == ["Watchdog hang", "Watchdog twin"]
    assert cases[0]["url"] == "https://incidents.example.org/cases/watchdog-hang/"
    assert "secret-watchdog-draft" not in {case["slug"] for case in cases}
    assert error(missing) == "There is no case “secret-watchdog-draft”."
