"""The list page: counts, order, pagination that keeps the filters."""

import datetime

import pytest
from django.test import Client

from .conftest import listed_titles, make_case, page, result_count

pytestmark = pytest.mark.django_db


def test_newest_incident_first_undated_last(client):
    make_case("Old", started_on=datetime.date(2021, 5, 1))
    make_case("New", started_on=datetime.date(2024, 5, 1))
    make_case("Report only", started_on=None, published_on=datetime.date(2023, 1, 1))
    make_case("Undated", started_on=None, published_on=None)
    make_case(
        "Ended only",
        started_on=None,
        ended_on=datetime.date(2022, 6, 1),
        published_on=datetime.date(2025, 1, 1),
    )
    assert listed_titles(client.get("/")) == ["New", "Report only", "Ended only", "Old", "Undated"]


def test_count_and_range_on_each_page(client):
    for day in range(1, 26):
        make_case(f"Case on day {day:02}", started_on=datetime.date(2024, 1, day))
    first = client.get("/")
    assert result_count(first) == 25
    assert "1 to 20 of 25" in page(first).select_one(".results__count").get_text()
    assert len(listed_titles(first)) == 20
    assert listed_titles(first)[0] == "Case on day 25"
    second = client.get("/?page=2")
    assert "21 to 25 of 25" in page(second).select_one(".results__count").get_text()
    assert listed_titles(second) == [f"Case on day {day:02}" for day in range(5, 0, -1)]


def test_pagination_keeps_the_filters(client):
    for day in range(1, 23):
        make_case(f"Crash {day:02}", symptoms=["Job crash"], started_on=datetime.date(2024, 1, day))
    make_case("Other", symptoms=["Loss spike"])
    response = client.get("/?symptom=job-crash")
    next_link = page(response).select_one('a[rel="next"]')
    assert next_link["href"] == "?symptom=job-crash&page=2"
    second = client.get("/" + next_link["href"])
    assert listed_titles(second) == ["Crash 02", "Crash 01"]
    assert page(second).select_one('a[rel="prev"]')["href"] == "?symptom=job-crash&page=1"


def test_the_pager_leads_to_the_first_and_last_pages(client):
    """A new user's tryout: page 7 of 14 had only Previous and Next."""
    for day in range(1, 29):
        make_case(f"Crash {day:02}", started_on=datetime.date(2024, 1, day))
    links = {
        a.get_text(strip=True): a["href"] for a in page(client.get("/")).select(".pagination a")
    }
    assert links == {"Next →": "?page=2"}  # page 1 of 2: Next is the last page
    for day in range(1, 29):
        make_case(f"Later {day:02}", started_on=datetime.date(2024, 2, day))
    links = {
        a.get_text(strip=True): a["href"]
        for a in page(client.get("/?page=2")).select(".pagination a")
    }
    assert links == {"← Previous": "?page=1", "Next →": "?page=3"}
    links = {
        a.get_text(strip=True): a["href"]
        for a in page(client.get("/?page=1")).select(".pagination a")
    }
    assert links == {"Next →": "?page=2", "Last »": "?page=3"}
    links = {
        a.get_text(strip=True): a["href"]
        for a in page(client.get("/?page=3")).select(".pagination a")
    }
    assert links == {"« First": "?page=1", "← Previous": "?page=2"}


@pytest.mark.parametrize(
    "value, message",
    [
        ("0", "There is no page 0: this list has 1 page."),
        ("-1", "There is no page -1: this list has 1 page."),
        ("2", "There is no page 2: this list has 1 page."),
        ("1000000000000", "There is no page 1000000000000: this list has 1 page."),
        ("abc", "“abc” is not a page number."),
        ("1.5", "“1.5” is not a page number."),
    ],
)
def test_page_that_does_not_exist_is_a_404_with_a_message(client, value, message):
    """A whole number no page has is a 404; a value that is no number is a malformed
    request, a 400 (it was a 404 too)."""
    make_case("Only")
    response = client.get("/", {"page": value})
    assert response.status_code == (400 if value in ("abc", "1.5") else 404)
    assert message in page(response).select_one(".alert").get_text()


def test_empty_library_shows_zero_cases(client):
    response = client.get("/")
    assert response.status_code == 200
    assert result_count(response) == 0
    assert "No case matches" in response.content.decode()


def test_by_root_cause_breakdown_counts_the_current_result(client):
    make_case("A", root_causes=["Faulty GPU", "GPU overheating"], symptoms=["Job crash"])
    make_case("B", root_causes=["Faulty GPU"], symptoms=["Job crash"])
    make_case("C", root_causes=["Switch failure"], symptoms=["NCCL timeout"])
    response = client.get("/?symptom=job-crash")
    rows = [
        (
            li.select_one(".bar__label").get_text(strip=True),
            li.select_one(".bar__count").get_text(strip=True),
            li.select_one(".bar__label")["href"],
        )
        for li in page(response).select(".breakdown .bar")
    ]
    assert rows == [
        ("Faulty GPU", "2", "?symptom=job-crash&root_cause=faulty-gpu"),
        ("GPU overheating", "1", "?symptom=job-crash&root_cause=gpu-overheating"),
    ]


def test_every_page_names_the_site_icon_and_favicon_ico_leads_to_it(client):
    """Issue 26: /favicon.ico was a 404 on every page (a console error in browsers)."""
    make_case("Crash")
    icon = page(client.get("/")).select_one('link[rel="icon"]')
    assert icon["href"].endswith("img/favicon.svg")
    assert icon["type"] == "image/svg+xml"
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == icon["href"]
    assert client.get("/favicon.ico", {"foo": "bar"}).status_code == 400  # as everywhere
    from django.contrib.staticfiles import finders

    assert finders.find("img/favicon.svg")  # collected with the static files
    # Other methods are a 405 (they were a CSRF 403, or a redirect).
    csrf_client = Client(enforce_csrf_checks=True)
    for method in ("post", "put", "delete"):
        refused = getattr(csrf_client, method)("/favicon.ico")
        assert refused.status_code == 405, method
        assert refused["Allow"] == "GET, HEAD"


def test_the_small_graph_says_what_it_left_out_not_a_count_of_the_list(client):
    """Found by a new user: "The 36 most connected nodes; 248 cases … are in the full
    graph" read as a wrong count beside a list of 262 cases."""
    for n in range(40):
        make_case(f"Case {n}", symptoms=[f"Symptom {n}"], root_causes=[f"Cause {n}"])
    text = " ".join(page(client.get("/")).get_text(" ").split())
    assert "most connected nodes are drawn here; the full graph also shows" in text
    assert "left out of this drawing" in text


def test_every_page_links_the_sites_main_pages_and_marks_the_current_one(client):
    """A new user found no way from the list to the diagnosis page, the graph or the API:
    every page has the site's navigation, the current page marked."""
    case = make_case("Navigated")
    for url, current in (
        ("/", "Cases"),
        ("/diagnose/", "Diagnose a symptom"),
        ("/graph/", "Graph"),
        ("/api/", "API and MCP"),
        (case.get_absolute_url(), None),
    ):
        nav = page(client.get(url)).select_one("nav.site-nav")
        links = {a.get_text(strip=True): a["href"] for a in nav.select("a")}
        assert links == {
            "Cases": "/",
            "Diagnose a symptom": "/diagnose/",
            "Graph": "/graph/",
            "API and MCP": "/api/",
        }, url
        marked = [a.get_text(strip=True) for a in nav.select('a[aria-current="page"]')]
        assert marked == ([current] if current else []), url


def test_an_address_cut_short_leads_up_not_to_a_404(client):
    """/cases/, /taxonomy/ and /taxonomy/<kind>/ were 404s to a user taking the last part
    off a case's or a term's address."""
    assert client.get("/cases/")["Location"] == "/"
    assert client.get("/taxonomy/")["Location"] == "/"
    assert client.get("/taxonomy/symptom/")["Location"] == "/facets/symptom/"
    assert client.get("/taxonomy/no-such-kind/").status_code == 404
    assert client.get("/cases/?q=x").status_code == 400  # unknown parameters are refused
    assert client.post("/cases/").status_code == 405


def test_a_card_says_when_and_how_big_as_far_as_the_sources_say(client):
    """A card showed no date for a case with no incident period though the list is in
    date order; under "Largest scale first" or "Longest outage first" it showed neither
    the count nor the duration it was ordered by (a new user)."""
    make_case(
        "Dated by report",
        started_on=None,
        published_on=datetime.date(2024, 7, 23),
        accelerator_count=16384,
        duration=datetime.timedelta(hours=3, minutes=30),
    )
    make_case("Dated by period", started_on=datetime.date(2023, 3, 14))
    metas = {
        card.select_one(".card__title").get_text(strip=True): card.select_one(
            ".card__meta"
        ).get_text(" ", strip=True)
        for card in page(client.get("/", {"sort": "scale"})).select(".card")
    }
    assert "reported 23 July 2024" in metas["Dated by report"]
    assert "16,384 accelerators" in metas["Dated by report"]
    assert "lasted 3 h 30 min" in metas["Dated by report"]
    assert "14 March 2023" in metas["Dated by period"]
    assert "reported" not in metas["Dated by period"]
    assert "accelerators" not in metas["Dated by period"]


def test_a_case_or_term_address_in_capitals_is_redirected_to_lower_case(client):
    """The list took ``?symptom=NCCL-TIMEOUT`` while ``/taxonomy/symptom/NCCL-TIMEOUT/`` and
    a case's slug in capitals were 404s (an adversarial tryout): slugs are lower case, so
    such an address is sent to its lower-case form, query kept."""
    case = make_case("Loader hang", symptoms=["NCCL timeout"])
    response = client.get(f"/cases/{case.slug.upper()}/?utm_source=chat")
    assert response.status_code == 301
    assert response["Location"] == f"/cases/{case.slug}/?utm_source=chat"
    assert client.get(response["Location"]).status_code == 200
    response = client.get("/taxonomy/Symptom/NCCL-Timeout/")
    assert response.status_code == 301
    assert response["Location"] == "/taxonomy/symptom/nccl-timeout/"
    assert client.get(response["Location"]).status_code == 200
    assert client.get("/cases/NO-SUCH-CASE/", follow=True).status_code == 404
