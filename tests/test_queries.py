"""SQL queries per page stay constant, whatever the number of cases shown."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from .conftest import make_case

pytestmark = pytest.mark.django_db


def _queries(client, url):
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


def test_list_page_query_count_is_pinned(client, django_assert_num_queries):
    _cases(5)
    # count, page of cases, 5 prefetches (root causes + their categories, components,
    # symptoms, contributing factors, sources), 6 facets, 1 breakdown, 5 for the graph.
    with django_assert_num_queries(20):
        client.get("/")
    # Each filter in use adds one validation query.
    with django_assert_num_queries(22):
        client.get("/?symptom=job-crash&root_cause=cause-1")


def test_case_page_query_count_is_pinned(client, django_assert_num_queries):
    _cases(8)
    case = make_case("Busy", root_causes=["Cause 1", "B"], components=["GPU", "Y"], sources=5)
    # case, 6 prefetches, then related cases: carriers, 4 term links, the related cases.
    with django_assert_num_queries(13):
        client.get(case.get_absolute_url())


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
