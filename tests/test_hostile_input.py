"""Every public URL against the inputs people have reported breaking Django apps: always a
clear response (a 4xx with a message, or the page with a message), never a 500, never
script in the page. Plus a property-based test of the list and graph query strings."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import make_case

pytestmark = pytest.mark.django_db

PARAMS = ["q", "root_cause", "component", "symptom", "contributing_factor", "organisation",
          "category", "workload", "accelerator", "scale", "year_from", "year_to", "sort",
          "page"]  # fmt: skip
URLS = ["/", "/graph/", "/graph.json", "/suggest.json", "/suggestions/", "/facets/scale/",
        "/cases/job-crash-case/", "/taxonomy/symptom/job-crash/"]  # fmt: skip
HOSTILE_VALUES = [
    "", " ", "does-not-exist", "слаг", "ノード", "a" * 300, "0", "-1", "abc", "1.5",
    "1000000000000", "9" * 5000, "job-crash\x00", "\x00",
    "& | ! : * ( ) - <-> '\"", "!!(a:*|b&!c)<->d", "<script>alert(1)</script>",
    "javascript:alert(1)", "%00%ff", "é" * 20, "x" * 100_000, "1969-13-45", "2024-02-30",
]  # fmt: skip


@pytest.fixture
def case():
    return make_case("Job crash case", slug="job-crash-case", symptoms=["Job crash"])


def assert_clear(response, what):
    assert response.status_code < 500, what
    assert response.status_code in {200, 400, 404}, what
    assert b"<script>alert(1)" not in response.content, what
    if response.status_code in {400, 404} and response["Content-Type"].startswith("text/html"):
        assert len(response.content) > 200, what  # a page with a message, not an empty body


@pytest.mark.parametrize("url", URLS)
def test_each_hostile_value_in_each_parameter(client, case, url):
    for key in PARAMS:
        for value in HOSTILE_VALUES:
            assert_clear(client.get(url, {key: value}), (url, key, value[:30]))


@pytest.mark.parametrize("url", URLS)
def test_repeated_blank_and_many_parameters(client, case, url):
    assert_clear(
        client.get(url + "?symptom=job-crash&symptom=&symptom=job-crash&page=1&page=2"), url
    )
    many = "&".join(f"p{i}={i}" for i in range(2000))
    assert_clear(client.get(f"{url}?{many}&symptom=job-crash"), url)
    assert_clear(client.get(url + "?" + "q=" + "a%20" * 20000), url)


def test_raw_percent_encoded_nul_and_surrogates(client, case):
    for query in ["q=%00", "symptom=%00", "q=%ED%A0%80", "symptom=%ED%A0%80", "page=%00",
                  "q=%FF%FE", "q=%", "q=%%", "q=%zz"]:  # fmt: skip
        for url in URLS:
            assert_clear(client.get(f"{url}?{query}"), (url, query))


def test_unknown_case_and_term_slugs(client, case):
    for url in ["/cases/nope/", "/cases/слаг/", "/taxonomy/symptom/nope/",
                "/taxonomy/nope/job-crash/", "/taxonomy/symptom/%E3%83%8E/"]:  # fmt: skip
        response = client.get(url)
        assert response.status_code == 404, url
        assert b"Not found" in response.content


def test_methods_other_than_get_on_public_pages(client, case):
    assert client.head("/").status_code == 200
    assert client.post("/").status_code == 405
    assert client.post(case.get_absolute_url()).status_code == 405


query_values = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=60
)
query_strings = st.lists(st.tuples(st.sampled_from([*PARAMS, "other"]), query_values), max_size=8)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(pairs=query_strings)
def test_generated_query_strings_never_break_the_list_or_graph(client, case, pairs):
    from urllib.parse import urlencode

    encoded = urlencode(pairs)
    for url in ["/", "/graph/"]:
        assert_clear(client.get(f"{url}?{encoded}"), (url, encoded[:200]))


def _fastest(read, text):
    """The fastest of seven readings of ``text`` by ``read``, in seconds (a pause of the
    machine is not read as slowness: with three, a busy 2-core machine once read the long
    text 9.7 times slower than the short one, though it was 4 times when idle)."""
    import time

    times = []
    for _ in range(7):
        started = time.perf_counter()
        read(text)
        times.append(time.perf_counter() - started)
    return min(times)


@pytest.mark.django_db(False)
@pytest.mark.parametrize(
    "kind",
    ["a denied list with a long first item", "many guesses before a correction"],
)
def test_reading_denials_and_guesses_is_linear_in_a_long_paste(kind):
    """A long paste of filler words between "no" and "or" (the denied list's first item)
    or hundreds of guesses before "it was actually" took time growing with the square of
    its length (0.2 s for one denial check of 1,400 words); eight times the text must take
    about eight times as long, not sixty-four (the bar sits between the two: a busy machine
    once read four times the text 8.0 times slower)."""
    from search.denial import denied
    from search.guesses import corrected_guesses

    def make(n):
        if kind.startswith("a denied"):
            return "no " + "the " * n + "or nccl timeout"
        return "we think it is broken " * (n // 5) + " it was actually fine"

    def read(text):
        if kind.startswith("a denied"):
            return denied(text, text.index("nccl"))
        return corrected_guesses(text)

    short, long = _fastest(read, make(1000)), _fastest(read, make(8000))
    assert long < max(24 * short, 0.04), f"{short:.4f} s → {long:.4f} s: not linear"
