"""Bad filter input gets a clear message and a 4xx, never a 500 or a silently wrong list."""

import warnings

import pytest
from django.core.cache.backends.base import CacheKeyWarning

from .conftest import chips, listed_titles, make_case, page

pytestmark = pytest.mark.django_db


@pytest.fixture
def cases():
    make_case("Crash", symptoms=["Job crash"], slug="crash")
    make_case("Spike", symptoms=["Loss spike"])


def test_unknown_root_cause_slug_is_a_400_with_a_message(client, cases):
    response = client.get("/?root_cause=cosmic-rays")
    assert response.status_code == 400
    alert = page(response).select_one(".alert").get_text()
    assert "There is no root cause “cosmic-rays”." in alert
    assert listed_titles(response) == []


def test_unknown_slug_next_to_a_known_one_is_not_silently_dropped(client, cases):
    response = client.get("/?symptom=job-crash&symptom=nope")
    assert response.status_code == 400
    assert listed_titles(response) == []
    fix = page(response).find("a", string="Show the list without what could not be used")
    assert fix["href"] == "?symptom=job-crash"
    assert listed_titles(client.get("/" + fix["href"])) == ["Crash"]


@pytest.mark.parametrize(
    "key", ["root_cause", "component", "symptom", "contributing_factor", "organisation", "category"]
)
def test_every_filter_rejects_unknown_and_non_latin_slugs(client, cases, key):
    for value in ["does-not-exist", "слаг", "ノード", "a" * 300]:
        response = client.get("/", {key: value})
        assert response.status_code == 400, (key, value)


def test_nul_byte_in_a_filter_is_a_400(client, cases):
    response = client.get("/?symptom=job%00crash")
    assert response.status_code == 400
    assert page(response).select_one(".alert") is not None


def test_blank_and_repeated_values_are_ignored(client, cases):
    response = client.get("/?symptom=&symptom=job-crash&symptom=job-crash&root_cause=")
    assert response.status_code == 200
    assert listed_titles(response) == ["Crash"]
    assert chips(response) == [("Remove filter Symptom: Job crash", "?")]


def test_script_in_an_unknown_slug_is_escaped(client, cases):
    response = client.get("/", {"symptom": "<script>alert(1)</script>"})
    assert response.status_code == 400
    assert b"<script>alert(1)</script>" not in response.content
    assert b"&lt;script&gt;alert(1)&lt;/script&gt;" in response.content


def test_unknown_case_slug_is_a_404(client, cases):
    assert client.get("/cases/no-such-case/").status_code == 404


def test_huge_page_with_filters_is_a_404_not_a_500(client, cases):
    response = client.get("/?symptom=job-crash&page=" + "9" * 5000)
    assert response.status_code == 404


def test_bad_sentence_fix_link_drops_the_sentence_and_keeps_the_filters(client, cases):
    response = client.get("/", {"q": "gpu\x00", "symptom": "job-crash"})
    assert response.status_code == 400
    assert b"\x00" not in response.content
    fix = page(response).find("a", string="Show the list without what could not be used")
    assert fix["href"] == "?symptom=job-crash"
    assert client.get("/" + fix["href"]).status_code == 200


def test_nul_in_a_filter_names_the_filter(client, cases):
    response = client.get("/?symptom=%00")
    assert (
        "The symptom value contains a NUL character."
        in page(response).select_one(".alert").get_text()
    )


def test_page_past_the_end_offers_the_first_page_with_the_filters(client, cases):
    response = client.get("/?symptom=job-crash&page=2")
    assert response.status_code == 404
    fix = page(response).find("a", string="Go to the first page of this list")
    assert fix["href"] == "?symptom=job-crash"


@pytest.mark.parametrize("value", ["1_0", "１", "٣", "+1", " 1e3"])
def test_only_plain_digits_are_page_numbers(client, cases, value):
    response = client.get("/", {"page": value})
    assert response.status_code == 400
    assert "is not a page number" in page(response).select_one(".alert").get_text()


def test_sentence_or_page_given_twice_is_a_400(client, cases):
    response = client.get("/?q=nccl&q=xid&symptom=job-crash")
    assert response.status_code == 400
    assert "The sentence (q) is given 2 times; give it once." in response.content.decode()
    fix = page(response).find("a", string="Show the list without what could not be used")
    assert fix["href"] == "?q=nccl&symptom=job-crash"
    assert client.get("/?page=1&page=2").status_code == 400


def test_slugs_are_read_in_any_case(client, cases):
    assert listed_titles(client.get("/?symptom=Job-Crash")) == ["Crash"]


def test_very_long_unknown_slug_is_quoted_shortly(client, cases):
    response = client.get("/", {"symptom": "x" * 20000})
    assert response.status_code == 400
    assert len(page(response).select_one(".alert li").get_text()) <= 300


@pytest.mark.parametrize("method", ["post", "put", "delete", "patch", "options", "trace"])
@pytest.mark.parametrize("url", ["/", "/suggest.json", "/suggestions/", "/graph/", "/graph.json"])
def test_public_pages_answer_only_get_and_head(method, url):
    from django.test import Client

    csrf_client = Client(enforce_csrf_checks=True)
    response = getattr(csrf_client, method)(url)
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    # A page that says so, not a blank one (found by a new user); JSON for JSON.
    message = f"{method.upper()} is not allowed here; this address answers GET, HEAD."
    if url.endswith(".json"):
        assert response.json() == {"errors": [message]}
    else:
        assert message in page(response).select_one("main").get_text(" ", strip=True)


@pytest.mark.parametrize(
    "query, message",
    [("q=gpu%00", "Your sentence contains a NUL character. Remove it and search again."),
     ("q=gpu&q=dns", "The sentence (q) is given 2 times; give it once.")],
)  # fmt: skip
def test_suggest_json_refuses_what_the_list_refuses(client, cases, query, message):
    page = client.get(f"/?{query}")
    assert page.status_code == 400
    assert message in page.content.decode()  # in the same words
    response = client.get(f"/suggest.json?{query}")
    assert response.status_code == 400
    assert response.json() == {"errors": [message]}


def test_the_typing_partial_reads_an_over_long_sentence_to_a_whole_word(client, cases):
    from incidents.filters import SEARCH_MAX_LENGTH

    sentence = "job crash " + "words " * (SEARCH_MAX_LENGTH // 6 + 1)
    response = client.get("/suggestions/", {"q": sentence})
    assert response.status_code == 200
    links = [a["href"] for a in page(response).select("a.chip")]
    assert len(links) == 1 and links[0].endswith("symptom=job-crash")
    kept = links[0].split("q=")[1].split("&")[0].replace("+", " ")
    assert kept.endswith(" words") and len(kept) <= SEARCH_MAX_LENGTH


def test_the_benchmark_generator_answers_help_and_bad_arguments_without_a_traceback():
    """Issue 21 row 14: ``bench/generate.py --help`` was a traceback."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "bench" / "generate.py"
    shown = subprocess.run([sys.executable, script, "--help"], capture_output=True, text=True)
    assert shown.returncode == 0 and shown.stdout.startswith("usage: generate.py")
    wrong = subprocess.run([sys.executable, script, "abc"], capture_output=True, text=True)
    assert wrong.returncode == 2
    assert "invalid int value: 'abc'" in wrong.stderr and "Traceback" not in wrong.stderr


# A misspelt or unknown parameter is refused, naming the parameters the address takes: it
# used to be ignored, so ?symptoms=job-crash listed every case as if nothing were asked.
LIST_NAMES = (
    "q, root_cause, component, symptom, contributing_factor, workload, accelerator, scale, "
    "organisation, category, year_from, year_to, sort, matches, page"
)


@pytest.mark.parametrize(
    "url, message",
    [
        ("/?symptoms=job-crash", "Unknown parameter “symptoms” (did you mean “symptom”?). "
         f"This address takes {LIST_NAMES}."),
        ("/api/v1/cases/?symptoms=job-crash", "Unknown parameter “symptoms” (did you mean "
         f"“symptom”?). This address takes {LIST_NAMES}."),
        ("/api/v1/facets/?facet=symptom", "Unknown parameter “facet”. This address takes "
         f"{LIST_NAMES}."),
        ("/export.csv?Symptom=job-crash", "Unknown parameter “Symptom” (did you mean "
         f"“symptom”?). This address takes {LIST_NAMES}."),
        ("/export.json?fields=title", "Unknown parameter “fields”. This address takes "
         f"{LIST_NAMES}."),
        ("/feed.atom?limit=5", f"Unknown parameter “limit”. This address takes {LIST_NAMES}."),
        ("/graph/?a=1&b=2&c=3&d=4", "Unknown parameters “a”, “b”, “c”, and 1 more. "
         f"This address takes {LIST_NAMES}, view."),
        ("/diagnose/?symptoms=x", "Unknown parameter “symptoms” (did you mean “symptom”?). "
         f"This address takes {LIST_NAMES}."),
        ("/graph.json?sorting=newest", "Unknown parameter “sorting” (did you mean “sort”?). "
         f"This address takes {LIST_NAMES}."),
        ("/facets/symptom/?limit=100", "Unknown parameter “limit”. This address takes "
         f"{LIST_NAMES}."),
        ("/suggest.json?q=gpu&query=gpu", "Unknown parameter “query”. This address takes q."),
        ("/cases/crash/?tab=2", "Unknown parameter “tab”. This address takes no parameters."),
        ("/taxonomy/symptom/job-crash/?pages=2", "Unknown parameter “pages” (did you mean "
         "“page”?). This address takes page."),
        ("/api/v1/cases/crash/?fields=title", "Unknown parameter “fields”. This address takes "
         "no parameters."),
        ("/api/v1/vocabulary/?kind=symptom", "Unknown parameter “kind”. This address takes no "
         "parameters."),
        ("/api/v1/organisations/?x=1", "Unknown parameter “x”. This address takes no parameters."),
        ("/api/v1/?x=1", "Unknown parameter “x”. This address takes no parameters."),
        ("/api/schema/?format=yaml", "Unknown parameter “format”. This address takes no "
         "parameters."),
        ("/healthz?verbose=1", "Unknown parameter “verbose”. This address takes no parameters."),
        ("/sitemap.xml?x=1", "Unknown parameter “x”. This address takes no parameters."),
        ("/sitemap-cases.xml?page=2", "Unknown parameter “page”. This address takes p."),
    ],
)  # fmt: skip
def test_an_unknown_parameter_is_refused_naming_those_taken(client, cases, url, message):
    response = client.get(url)
    assert response.status_code == 400, url
    kind = response["Content-Type"]
    if kind.startswith("application/json"):
        assert message in response.json()["errors"]
    elif kind.startswith("text/html"):
        assert message in " ".join(page(response).get_text().split())
        assert listed_titles(response) == []  # no list as if nothing were asked
    else:  # the CSV and the feed: plain text
        assert message in response.content.decode()


def test_link_tracking_tags_on_a_shared_link_still_open_the_page(client, cases):
    response = client.get("/?symptom=job-crash&utm_source=newsletter&fbclid=abc")
    assert response.status_code == 200
    assert listed_titles(response) == ["Crash"]
    assert client.get("/cases/crash/?utm_campaign=x").status_code == 200
    # The API is not a shared link: the same tag is refused there.
    assert client.get("/api/v1/cases/?utm_source=newsletter").status_code == 400


def test_a_missing_case_or_page_is_a_404_whatever_the_client_has_cached(client, cases):
    """``If-None-Match: *`` made these 304s: the tag was checked before the lookup."""
    for url in ["/api/v1/cases/zzz/", "/api/v1/cases/?page=99", "/sitemap-zzz.xml",
                "/sitemap-cases.xml?p=99"]:  # fmt: skip
        assert client.get(url, HTTP_IF_NONE_MATCH="*").status_code == 404, url
    assert client.get("/api/v1/cases/crash/", HTTP_IF_NONE_MATCH="*").status_code == 304


@pytest.mark.parametrize(
    ("method", "url", "status", "allow"),
    [
        ("post", "/api/v1/cases/", 405, "GET, HEAD"),
        ("put", "/api/v1/vocabulary/", 405, "GET, HEAD"),
        ("post", "/api/", 405, "GET, HEAD"),
        ("delete", "/export.json", 405, "GET, HEAD"),
        ("get", "/api/nope", 404, None),
        ("get", "/api/v2/cases/", 404, None),
    ],
)
def test_errors_under_the_api_are_json_naming_what_works(client, method, url, status, allow):
    """Issue 23: a 405 under /api/ was "Method not allowed" as text/html or an empty
    body, and a 404 outside /api/v1/ Django's HTML page, to clients that parse JSON."""
    response = getattr(client, method)(url)
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    (message,) = response.json()["errors"]
    if allow:
        assert response["Allow"] == allow
        assert message == f"{method.upper()} is not allowed here; this address answers {allow}."
    else:
        assert "/api/schema/" in message and "/mcp" in message


def test_the_mcp_endpoint_answers_with_a_trailing_slash_too(client):
    """Issue 23: /mcp/ was an HTML 404; it is the endpoint, as /mcp is."""
    for url in ("/mcp", "/mcp/"):
        response = client.get(url)
        assert response.status_code == 405 and response["Allow"] == "POST", url
        assert response.json()["error"]["code"] == -32600


@pytest.mark.parametrize(
    "params, message",
    [
        ({"page": "1\x00"}, "“1\u2400” is not a page number."),
        ({"year_from": "2024\x00"}, "year_from=2024\u2400 is not a year"),
        ({"sort": "newest\x00"}, "sort=newest\u2400 is not an order"),
        ({"page": "9" * 23}, f"There is no page {'9' * 23}: this list has 1 page."),
    ],
)
def test_a_message_quotes_a_nul_as_a_symbol_and_a_long_number_as_a_number(
    client, cases, params, message
):
    """Found by a new user: the NUL was removed before the value was quoted, so the
    messages contradicted themselves ("“1” is not a page number", "sort=newest is not an
    order … use newest"); a 23-digit page was "not a page number"."""
    response = client.get("/", params)
    assert response.status_code in (400, 404)
    assert message in page(response).get_text(" "), page(response).get_text(" ")[:2000]
    assert b"\x00" not in response.content


def test_a_parameter_given_twice_on_a_term_page_is_a_400_that_says_so(client):
    """Found by a new user: ``?page=1&page=2`` on a term page showed the second page
    silently (the list refuses it: which one was meant is unknown)."""
    make_case("Hang", symptoms=["NCCL timeout"])
    url = "/taxonomy/symptom/nccl-timeout/"
    assert client.get(url, {"page": "1"}).status_code == 200
    response = client.get(url + "?page=1&page=2")
    assert response.status_code == 400
    assert "The page parameter is given 2 times; give it once." in response.content.decode()


def test_a_long_unknown_case_address_is_a_404_without_a_cache_key_warning(client):
    """Found by probing: the case page's cache key held the slug as given, so a long
    unknown one made a key past the 250 characters a cache accepts (CacheKeyWarning)."""
    make_case("Known")
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheKeyWarning)
        response = client.get("/cases/" + "a" * 300 + "/")
    assert response.status_code == 404


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("url", ["/", "/suggest.json", "/api/v1/cases/", "/healthz"])
def test_too_many_parameters_is_a_worded_400_even_with_debug_on(client, settings, url, debug):
    """A fresh helper's attack: 1,100 parameters were Django's HTML 400 on the JSON
    endpoints, and a 500 with DEBUG on (make run), whose debug page read them again."""
    settings.DEBUG = debug
    query = "&".join(["q"] * (settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    response = client.get(f"{url}?{query}")
    assert response.status_code == 400
    text = response.content.decode()
    assert "more than 10,000 parameters" in text
    if url != "/":
        assert response.json()["errors"]


@pytest.mark.parametrize("url", ["/", "/suggest.json", "/api/v1/cases/", "/diagnose/"])
def test_a_query_that_is_not_utf8_is_a_worded_400(client, url):
    """A new user's tryout: ``?q=%FF%FE`` answered 200, Django having read the bytes as
    replacement characters that the list then searched for."""
    make_case("One")
    response = client.get(f"{url}?q=%FF%FE")
    assert response.status_code == 400, url
    assert "not UTF-8" in response.content.decode(), url
    if url.startswith(("/suggest.json", "/api/")):
        assert response.json()["errors"]
    assert client.get(f"{url}?q=%C3%A9t%C3%A9").status_code == 200, url
    assert client.get(f"{url}?q=gpu+fell+off").status_code == 200, url


@pytest.mark.parametrize(
    "url",
    ["/export.csv", "/export.json", "/feed.atom", "/graph/", "/graph.json", "/diagnose/",
     "/facets/symptom/", "/"],
)  # fmt: skip
def test_a_page_that_is_no_number_is_refused_on_every_surface(client, url):
    """A fresh helper's attack: the exports, the feed, the graph and the diagnosis page
    read the whole result and took "page=abc" without a word; the list refused it."""
    make_case("One")
    response = client.get(url, {"page": "abc"})
    assert response.status_code == 400, url
    assert response.content.decode().count("is not a page number") == 1, url
    assert client.get(url, {"page": "1"}).status_code == 200, url
