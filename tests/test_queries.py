"""SQL queries per page stay constant, whatever the number of cases shown."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from incidents.models import Workload

from .conftest import make_case, make_organisation

pytestmark = pytest.mark.django_db


def _queries(client, url, cache_empty=True):
    """SQL queries of a GET of ``url`` with this process's case index already built (a
    first request builds it) and, if ``cache_empty``, no card or graph in the cache."""
    from django.core.cache import cache

    assert client.get(url).status_code in {200, 404}
    if cache_empty:
        cache.clear()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


def _cases(n):
    for i in range(n):
        make_case(
            f"Case {i}",
            root_causes=[f"Cause {i % 4}"],
            components=["GPU", f"Part {i}"],
            symptoms=["Job crash"],
            contributing_factors=["Scale"],
            sources=2,
        )


def test_list_page_queries_do_not_grow_with_cases_shown(client):
    _cases(2)
    few = _queries(client, "/")
    _cases(18)
    assert _queries(client, "/") == few


def test_list_page_query_count_is_pinned(client):
    _cases(5)
    # The change counters; then, for cards not cached, the page of cases and 8 prefetches
    # (organisations with their parties, added categories, root causes + their
    # categories, components, symptoms, contributing factors, sources); and the small
    # graph's case titles. Filters, counts, year ranges and order come from the in-memory
    # case index: no query, whatever the chips.
    for url in ["/", "/?symptom=job-crash&root_cause=cause-1",
                "/?symptom=job-crash&root_cause=cause-1&component=gpu",
                "/?root_cause=cause-1&root_cause=cause-2",
                "/?year_from=2000&sort=scale", "/?sort=oldest&year_to=2025"]:  # fmt: skip
        assert _queries(client, url) == 11, url
    # Cards and graph cached: only the counters are read.
    assert _queries(client, "/", cache_empty=False) == 1
    assert _queries(client, "/?root_cause=cause-1&component=gpu", cache_empty=False) == 1


def test_list_page_queries_do_not_grow_with_result_size_or_depth(client):
    _cases(45)
    one = _queries(client, "/?component=part-3")
    assert _queries(client, "/?component=gpu") == one
    assert _queries(client, "/?component=gpu&page=3") == one


def test_index_rebuild_reads_a_constant_number_of_queries(client):
    from incidents.index import build_index

    _cases(2)
    with CaptureQueriesContext(connection) as few:
        build_index((0, 0, ""))
    _cases(30)
    with CaptureQueriesContext(connection) as many:
        build_index((0, 0, ""))
    assert len(few) == len(many) <= 23  # the twenty-third: the findings (issue 24)


def test_case_page_query_count_is_pinned(client):
    _cases(8)
    case = make_case("Busy", root_causes=["Cause 1", "B"], components=["GPU", "Y"], sources=5)
    # counters, case, 10 prefetches (organisations, added categories, root causes and
    # their categories, components, symptoms, contributing factors, sources, workloads,
    # accelerators), the timeline, its findings, then the related cases (found in the
    # index) with their organisations.
    assert _queries(client, case.get_absolute_url()) == 17
    # More parties, timeline events and accelerators cost no more queries.
    case.involvements.create(organisation=make_organisation("Vendor"), role="vendor", position=1)
    for n in range(5):
        case.timeline.create(at=datetime.datetime(2024, 1, n + 1, tzinfo=datetime.UTC),
                             event=f"Event {n}", position=n)  # fmt: skip
    case.workloads.add(*Workload.objects.all())
    assert _queries(client, case.get_absolute_url()) == 17
    # Warm (issue 25): the page is kept under the change counters, one query reads them.
    assert _queries(client, case.get_absolute_url(), cache_empty=False) == 1


def test_graph_page_query_count_is_pinned(client):
    _cases(3)
    few = _queries(client, "/graph/")
    _cases(30)
    # counters, then the titles of the cases drawn; a cached layout needs only counters.
    assert _queries(client, "/graph/") == few == 2
    assert _queries(client, "/graph/", cache_empty=False) == 1


def test_list_page_with_a_sentence_keeps_a_constant_query_count(client):
    _cases(2)
    few = _queries(client, "/?q=crash+cause")
    _cases(18)
    assert _queries(client, "/?q=crash+cause") == few


def test_suggestions_reuse_the_index_with_one_version_query(client, django_assert_num_queries):
    make_case("A", symptoms=["Job crash"])
    client.get("/suggest.json", {"q": "job crash"})
    # Only the taxonomy version is read; the index itself is not rebuilt.
    with django_assert_num_queries(1):
        assert client.get("/suggest.json", {"q": "job crash"}).json()[0]["slug"] == "job-crash"


def test_an_export_reads_thirteen_queries_a_chunk_and_builds_no_model_instance(client, monkeypatch):
    """Issue 21 row 3: an export read its cases through the ORM's prefetches, a model
    instance per case, term, party and source, four fifths of 16–23 s of CPU at 10,000
    cases. Now thirteen queries a chunk of rows read as data (two of them the findings,
    issue 24), whatever the cases link to,
    and not one model instance (Django sends ``post_init`` for each)."""
    from django.db.models.signals import post_init

    monkeypatch.setattr("api.exports.EXPORT_CHUNK", 5)
    built = []

    def count(sender, **kwargs):
        built.append(sender.__name__)

    def export_queries(kind):
        client.get(f"/export.{kind}")  # builds this process's case index
        built.clear()
        post_init.connect(count)
        try:
            with CaptureQueriesContext(connection) as captured:
                response = client.get(f"/export.{kind}")
                assert b"".join(response.streaming_content)
        finally:
            post_init.disconnect(count)
        assert built == [], kind
        return len(captured)

    _cases(5)
    one_chunk = {kind: export_queries(kind) for kind in ("csv", "json")}
    _cases(5)
    assert {kind: export_queries(kind) - one_chunk[kind] for kind in one_chunk} == {
        "csv": 13,
        "json": 13,
    }
