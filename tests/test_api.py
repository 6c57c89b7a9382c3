"""The JSON API at /api/v1/: the list's answers as JSON, one case, facets, vocabulary,
organisations; errors, conditional requests, CORS, rate limits, the OpenAPI description."""

import datetime
import re

import pytest
from django.http import QueryDict
from django.test import override_settings

from incidents.facets import FACET_LABELS
from incidents.models import Case
from lib.limits import try_again

from .conftest import (
    LibraryTestCase,
    facet_values,
    make_case,
    make_organisation,
    make_term,
    page,
    result_count,
)

pytestmark = pytest.mark.django_db

# List states on the real library: filters, OR, years, orders, pages, sentences.
STATES = [
    "",
    "page=2",
    "symptom=job-crash",
    "component=gpu&component=nccl",
    "symptom=job-crash&organisation=meta",
    "accelerator=h100&workload=training&year_from=2022&sort=scale",
    "workload=inference&sort=duration",
    "category=gpu-hardware-and-memory&sort=oldest&page=2",
    "scale=under-1k&scale=1k-10k",
    "year_from=2023&year_to=2024&page=3",
    "q=NCCL+watchdog+caught+collective+operation+timeout",
    "q=NCCL+watchdog+caught+collective+operation+timeout&matches=all",
    "q=the+node+rebooted+by+itself&sort=newest",
    "q=GPU+fell+off+the+bus+xid+79&component=gpu",
    "q=the&sort=relevance",
]


def listed_slugs(response):
    """Slugs of the cases on a list page, in the order shown."""
    return [h["id"].removeprefix("case-") for h in page(response).select(".card__title")]


def page_errors(response):
    """The messages of a list page that could not be shown."""
    return [li.get_text() for li in page(response).select('.alert[role="alert"] li')]


def weaker_on_page(response):
    """The "Show N weaker matches" number of a list page (0 without the link)."""
    link = page(response).select_one(".results__weaker a")
    found = re.search(r"Show (\d+) weaker", link.get_text()) if link else None
    return int(found.group(1)) if found else 0


class RealLibraryApiTests(LibraryTestCase):
    """The API against the list page on the 151 real cases, for the same URL state."""

    only_reads = True

    def test_cases_equal_the_list_page_in_order_and_count(self):
        for state in STATES:
            with self.subTest(state=state):
                html = self.client.get("/?" + state)
                answer = self.client.get("/api/v1/cases/?" + state)
                assert html.status_code == answer.status_code == 200
                data = answer.json()
                assert [case["slug"] for case in data["results"]] == listed_slugs(html)
                assert data["count"] == result_count(html)
                assert data["weaker_matches"] == weaker_on_page(html)
                notice = page(html).select_one(".alert--notice")
                assert data["notice"] == (notice.get_text() if notice else "")
                link = data["links"]["html"].removeprefix("http://testserver/")
                assert sorted(QueryDict(link.lstrip("?")).lists()) == sorted(
                    QueryDict(state).lists()
                )

    def test_every_page_of_a_list_adds_up_to_its_count_without_repeats(self):
        url, seen = "/api/v1/cases/?workload=training", []
        while url:
            data = self.client.get(url).json()
            assert len(data["results"]) <= 20
            seen += [case["slug"] for case in data["results"]]
            url = data["links"]["next"]
        assert len(seen) == len(set(seen)) == data["count"]
        assert data["page"] == data["pages"]

    def test_facet_counts_equal_the_list_pages(self):
        for state in ["", "symptom=job-crash&organisation=meta", "q=nccl+timeout&sort=oldest"]:
            html = self.client.get("/?" + state)
            data = self.client.get("/api/v1/facets/?" + state).json()
            assert data["count"] == result_count(html)
            facets = {facet["key"]: facet for facet in data["facets"]}
            assert list(facets) == list(FACET_LABELS)
            for key in ["root_cause", "component", "symptom", "contributing_factor"] + [
                "workload",
                "accelerator",
                "scale",
                "organisation",
                "category",
            ]:
                shown = facet_values(html, key)
                api_values = [(v["name"], v["count"], v["selected"]) for v in facets[key]["values"]]
                # The page lists a facet's 40 largest values (and the chosen ones); the API
                # lists every value with a case, in the same order and with the same counts.
                page_values = [
                    (label, count, chosen) for label, (count, _, chosen) in shown.items()
                ]
                assert api_values[: len(page_values)] == page_values, (state, key)

    def test_each_facet_count_is_what_the_api_lists_after_choosing_it(self):
        data = self.client.get("/api/v1/facets/?workload=training").json()
        symptom = next(facet for facet in data["facets"] if facet["key"] == "symptom")
        for value in symptom["values"][:5]:
            after = self.client.get(value["api"]).json()
            assert after["count"] == value["count"]
            assert value["html"].startswith("http://testserver/?")

    def test_year_counts_equal_the_years_of_the_list(self):
        data = self.client.get("/api/v1/facets/?year_from=2024").json()
        every = self.client.get("/api/v1/facets/").json()
        # Counted without the year range, so each says what choosing that year alone lists.
        assert data["years"] == every["years"]
        for row in data["years"][-3:]:
            year = row["year"]
            listed = self.client.get(f"/api/v1/cases/?year_from={year}&year_to={year}").json()
            assert listed["count"] == row["count"]

    def test_a_sentence_gives_its_recognised_values_and_suggested_filters(self):
        state = "q=NCCL+watchdog+caught+collective+operation+timeout"
        data = self.client.get("/api/v1/cases/?" + state).json()
        assert data["sort"] == "relevance"
        assert ("symptom", "nccl-timeout") in {(r["kind"], r["slug"]) for r in data["recognised"]}
        html = page(self.client.get("/?" + state))
        chips = [a["href"] for a in html.select("#suggestions a")]
        assert [
            s["html"].removeprefix("http://testserver/") for s in data["suggested_filters"]
        ] == (chips)
        scores = [case["match_score"] for case in data["results"]]
        assert scores == sorted(scores, reverse=True) and all(s > 0 for s in scores)
        assert "<mark>" in data["results"][0]["snippet"]

    def test_weaker_matches_link_lists_them_all(self):
        state = "q=NCCL+watchdog+caught+collective+operation+timeout"
        strong = self.client.get("/api/v1/cases/?" + state).json()
        assert strong["weaker_matches"] > 0
        everything = self.client.get(strong["links"]["weaker"]).json()
        assert everything["count"] == strong["count"] + strong["weaker_matches"]
        assert everything["links"]["weaker"] is None

    def test_a_case_holds_everything_its_page_shows(self):
        for slug in Case.objects.published().values_list("slug", flat=True)[:40]:
            with self.subTest(slug=slug):
                self._compare_case(slug)

    def _compare_case(self, slug):
        case = Case.objects.get(slug=slug)
        data = self.client.get(f"/api/v1/cases/{slug}/").json()
        soup = page(self.client.get(case.get_absolute_url()))
        assert data["title"] == case.title == soup.select_one("#case-title").get_text()
        assert data["url"] == f"http://testserver/cases/{slug}/"
        for key, field, method in [
            ("summary", "summary", "summary_html"),
            ("symptoms", "symptoms_text", "symptoms_html"),
            ("lessons", "lessons", "lessons_html"),
        ]:
            assert data["sections"][key]["markdown"] == getattr(case, field)
            assert data["sections"][key]["html"] == str(getattr(case, method)())
        assert set(data["sections"]) == {
            "summary",
            "trigger",
            "impact",
            "symptoms",
            "detection",
            "remediation",
            "action_items",
            "lessons",
        }
        facts = [(dt.get_text(), dd.get_text()) for dt, dd in _pairs(soup.select(".keyfacts > *"))]
        assert [(f["label"], f["text"]) for f in data["key_facts"]] == facts
        assert [s["url"] for s in data["sources"]] == [
            a["href"] for a in soup.select(".sources__list li > a")
        ]
        assert [e["event"] for e in data["timeline"]] == [
            li.contents[-1].strip() for li in soup.select(".timeline li")
        ]
        related = [li.select_one("a")["href"] for li in soup.select(".related__list > li")]
        assert [r["url"].removeprefix("http://testserver") for r in data["related"]] == related
        shown = [a.get_text() for a in soup.select(".case__header .facts dd")[0].select("a")]
        assert [party["name"] for party in data["organisations"]] == shown

    def test_vocabulary_counts_equal_the_facets_without_filters(self):
        data = self.client.get("/api/v1/vocabulary/").json()
        facets = self.client.get("/api/v1/facets/").json()["facets"]
        counts = {
            (facet["key"], value["slug"]): value["count"]
            for facet in facets
            for value in facet["values"]
        }
        kinds = {kind["key"]: kind["values"] for kind in data["kinds"]}
        assert list(kinds) == [key for key in FACET_LABELS if key != "organisation"]
        for key, values in kinds.items():
            for value in values:
                assert value["cases"] == counts.get((key, value["slug"]), 0), (key, value)
        nccl = next(v for v in kinds["symptom"] if v["slug"] == "nccl-timeout")
        assert nccl["aliases"] and nccl["description"] and nccl["categories"]
        assert nccl["links"]["html"] == "http://testserver/taxonomy/symptom/nccl-timeout/"
        organisations = self.client.get("/api/v1/organisations/").json()["organisations"]
        for organisation in organisations:
            assert organisation["cases"] == counts.get(("organisation", organisation["slug"]), 0)
        assert any(o["slug"] == "meta" and o["cases"] > 0 for o in organisations)

    def test_errors_are_the_list_pages_messages_with_its_status(self):
        for state, status in [
            ("symptom=no-such-symptom", 400),
            ("symptom=job-crash&organisation=nobody", 400),
            ("year_from=abc", 400),
            ("year_from=2024&year_to=2020", 400),
            ("sort=upside-down", 400),
            ("matches=some", 400),
            ("q=one&q=two", 400),
            ("q=" + "x" * 6_001, 400),
            ("q=bad%00sentence", 400),
            ("symptom=job%00crash", 400),
            ("&".join(f"symptom=s{i}" for i in range(21)), 400),
            ("page=abc", 400),
            ("page=0", 404),
            ("page=99999999999999999999999", 404),
            ("page=999", 404),
            ("workload=training&page=50", 404),
        ]:
            with self.subTest(state=state[:60]):
                html = self.client.get("/?" + state)
                answer = self.client.get("/api/v1/cases/?" + state)
                assert html.status_code == answer.status_code == status
                assert answer["Content-Type"].startswith("application/json")
                assert answer.json() == {"errors": page_errors(html)}
                assert "ETag" not in answer
                facets = self.client.get("/api/v1/facets/?" + state)
                # The facets count every page: which page is not read there, but a page
                # that is no number is refused as on every surface.
                refused = status == 400
                assert facets.status_code == (400 if refused else 200)


def _pairs(items):
    return list(zip(items[::2], items[1::2], strict=True))


# The API on small hand-made libraries ---------------------------------------------------


@pytest.fixture
def library():
    meta = make_organisation("Meta")
    public = make_case(
        "Public case",
        organisation=[(meta, "operator")],
        symptoms=["NCCL timeout"],
        root_causes=["Faulty GPU"],
        summary="A **GPU** fell off the bus.",
    )
    secret = make_organisation("Secret Vendor")
    make_term("symptom", "Secret symptom", aliases="hush signature")
    draft = make_case(
        "Draft about the hush signature",
        organisation=[(secret, "vendor")],
        symptoms=["Secret symptom", "NCCL timeout"],
        root_causes=["Faulty GPU"],
        is_published=False,
        slug="the-draft",
    )
    make_term("component", "Unused component")  # carried by no case: public, 0 cases
    return public, draft


def test_drafts_never_appear(client, library):
    public, draft = library
    listed = client.get("/api/v1/cases/").json()
    assert [case["slug"] for case in listed["results"]] == [public.slug]
    assert client.get("/api/v1/cases/the-draft/").status_code == 404
    assert client.get("/api/v1/cases/the-draft/").json() == {
        "errors": ["There is no case “the-draft”. /api/v1/cases/?q=<words> finds cases by words."]
    }
    assert client.get("/api/v1/cases/?q=hush+signature").json()["count"] == 0
    vocabulary = client.get("/api/v1/vocabulary/").json()
    terms = {(k["key"], v["slug"]) for k in vocabulary["kinds"] for v in k["values"]}
    assert ("symptom", "secret-symptom") not in terms
    assert ("symptom", "nccl-timeout") in terms
    assert ("component", "unused-component") in terms
    organisations = {
        o["slug"] for o in client.get("/api/v1/organisations/").json()["organisations"]
    }
    assert organisations == {"meta"}
    facets = client.get("/api/v1/facets/").json()["facets"]
    assert "secret-symptom" not in {v["slug"] for f in facets for v in f["values"]}
    detail = client.get(f"/api/v1/cases/{public.slug}/").json()
    assert detail["related"] == []  # the draft shares terms with it, but is not public
    assert detail["organisations"] == [{"slug": "meta", "name": "Meta", "role": "operator"}]


def test_a_case_answer_has_dates_with_precision_and_sanitised_sections(client):
    case = make_case(
        "Dated",
        started_on=datetime.date(2024, 4, 1),
        started_on_precision="quarter",
        published_on=datetime.date(2024, 7, 12),
        summary="Fine <script>alert(1)</script> text",
        detection="",
    )
    data = client.get(f"/api/v1/cases/{case.slug}/").json()
    assert data["dates"]["started"] == {
        "date": "2024-04-01",
        "precision": "quarter",
        "text": "Q2 2024",
    }
    assert data["dates"]["ended"] is None
    assert data["dates"]["reported"]["text"] == "12 July 2024"
    assert "<script>" not in data["sections"]["summary"]["html"]
    assert data["sections"]["summary"]["markdown"] == "Fine <script>alert(1)</script> text"
    assert data["sections"]["detection"] == {"markdown": "", "html": ""}
    # <, > and & are escaped in the body, so a browser can never read it as markup.
    assert b"<script>" not in client.get(f"/api/v1/cases/{case.slug}/").content


def test_unchanged_answers_are_304_until_the_library_changes(client, library):
    first = client.get("/api/v1/cases/?symptom=nccl-timeout")
    etag = first["ETag"]
    assert first.status_code == 200 and etag.startswith('"')
    assert first["Last-Modified"].endswith("GMT")
    again = client.get("/api/v1/cases/?symptom=nccl-timeout", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag
    # Another URL has another tag.
    other = client.get("/api/v1/cases/?symptom=nccl-timeout&sort=oldest")
    assert other["ETag"] != etag
    for url in ["/api/v1/facets/", "/api/v1/vocabulary/", "/api/v1/organisations/"]:
        tag = client.get(url)["ETag"]
        assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    public, _ = library
    case_url = f"/api/v1/cases/{public.slug}/"
    case_tag = client.get(case_url)["ETag"]
    assert client.get(case_url, HTTP_IF_NONE_MATCH=case_tag).status_code == 304
    make_case("A new case", symptoms=["NCCL timeout"])  # the change counters move
    changed = client.get("/api/v1/cases/?symptom=nccl-timeout", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.json()["count"] == 2
    assert client.get(case_url, HTTP_IF_NONE_MATCH=case_tag).status_code == 200


def test_head_answers_the_headers_of_get(client, library):
    head = client.head("/api/v1/cases/")
    assert head.status_code == 200 and head.content == b""
    assert head["ETag"] == client.get("/api/v1/cases/")["ETag"]


def test_any_origin_may_read_it_with_get(client, library):
    answer = client.get("/api/v1/cases/", HTTP_ORIGIN="https://dashboard.example")
    assert answer["Access-Control-Allow-Origin"] == "*"
    assert "etag" in answer["Access-Control-Expose-Headers"].lower()
    error = client.get("/api/v1/cases/?page=abc", HTTP_ORIGIN="https://dashboard.example")
    assert error["Access-Control-Allow-Origin"] == "*"
    preflight = client.options(
        "/api/v1/cases/",
        HTTP_ORIGIN="https://dashboard.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="if-none-match",
    )
    assert preflight.status_code == 200
    assert preflight["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
    assert "if-none-match" in preflight["Access-Control-Allow-Headers"]
    # The site's pages are not shared with other origins, and the API takes no writes.
    assert "Access-Control-Allow-Origin" not in client.get("/", HTTP_ORIGIN="https://x.example")
    assert client.post("/api/v1/cases/").status_code == 405


def test_past_the_rate_limit_a_client_gets_429_with_retry_after(client, settings, library):
    from .conftest import in_one_rate_window

    settings.API_RATE_LIMIT = 3
    in_one_rate_window()
    for _ in range(3):
        assert client.get("/api/v1/cases/").status_code == 200
    refused = client.get("/api/v1/vocabulary/")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert refused.json() == {
        "errors": [
            "Too many requests: this API answers 3 a minute from one address. "
            + try_again(int(refused["Retry-After"]))
        ]
    }
    # A 304 counts too; another address has its own allowance.
    assert client.get("/api/v1/cases/", HTTP_IF_NONE_MATCH='"x"').status_code == 429
    assert client.get("/api/v1/cases/", REMOTE_ADDR="192.0.2.7").status_code == 200
    # The pages are not limited by the API's allowance.
    assert client.get("/").status_code == 200


def test_bad_input_gets_a_json_4xx_never_a_500(client, library):
    public, _ = library
    for url, status in [
        ("/api/v1/cases/no-such-case/", 404),
        ("/api/v1/cases/%00/", 404),
        ("/api/v1/cases/a%00b/", 404),
        ("/api/v1/cases/" + "a" * 300 + "/", 404),
        ("/api/v1/cases/caf%C3%A9/", 404),
        ("/api/v1/cases/?page=abc", 400),
        ("/api/v1/cases/?page=1.5", 400),
        ("/api/v1/cases/?page=%00", 400),
        ("/api/v1/cases/?page=-1", 404),
        ("/api/v1/cases/?q=" + "a" * 6_001, 400),
        ("/api/v1/cases/?q=%00", 400),
        ("/api/v1/cases/?root_cause=%ff%fe", 400),
        ("/api/v1/cases/?year_to=%00", 400),
        ("/api/v1/facets/?category=nope", 400),
        ("/api/v1/no-such-endpoint/", 404),
        ("/api/v1/cases/x/y/", 404),
    ]:
        answer = client.get(url)
        assert answer.status_code == status, url
        assert answer["Content-Type"].startswith("application/json"), url
        errors = answer.json()["errors"]
        assert errors and all(isinstance(e, str) and "\x00" not in e for e in errors), url


def test_a_sentence_at_the_limit_is_read(client, library):
    answer = client.get("/api/v1/cases/?q=" + "gpu " * 125)
    assert answer.status_code == 200


def test_the_index_names_every_endpoint(client):
    data = client.get("/api/v1/").json()
    assert data["version"] == "1"
    assert set(data["endpoints"]) == {
        "cases", "case", "facets", "vocabulary", "organisations", "diagnose"
    }  # fmt: skip
    assert data["schema_url"] == "http://testserver/api/schema/"


def test_the_schema_is_valid_openapi_listing_every_endpoint(client):
    from openapi_spec_validator import validate

    answer = client.get("/api/schema/")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    schema = answer.json()
    validate(schema)
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["version"] == "1"
    assert set(schema["paths"]) == {
        "/api/v1/",
        "/api/v1/cases/",
        "/api/v1/cases/{slug}/",
        "/api/v1/facets/",
        "/api/v1/vocabulary/",
        "/api/v1/organisations/",
        "/api/v1/diagnose/",
    }
    listing = schema["paths"]["/api/v1/cases/"]["get"]
    assert {p["name"] for p in listing["parameters"]} == {
        *FACET_LABELS,
        "year_from",
        "year_to",
        "q",
        "matches",
        "sort",
        "page",
    }
    assert {"200", "304", "400", "404", "429"} <= set(listing["responses"])
    # Issue 21 row 13: a request the schema allows is one the list accepts.
    parameters = {p["name"]: p["schema"] for p in listing["parameters"]}
    assert parameters["sort"]["enum"] == ["newest", "oldest", "scale", "duration", "relevance"]
    assert parameters["matches"]["enum"] == ["all"]
    assert parameters["q"]["maxLength"] == 6000
    for sort in parameters["sort"]["enum"]:
        assert client.get("/api/v1/cases/", {"sort": sort, "q": "x" * 6000}).status_code == 200


def test_the_examples_page_has_a_curl_for_each_endpoint(client, library):
    answer = client.get("/api/")
    assert answer.status_code == 200
    soup = page(answer)
    assert soup.select_one('a[href="http://testserver/api/schema/"]')
    commands = " ".join(code.get_text() for code in soup.select("pre code"))
    for path in ["cases/", "facets/", "vocabulary/", "organisations/", f"cases/{library[0].slug}/"]:
        assert f"curl -s 'http://testserver/api/v1/{path}" in commands, path
    # Each example works.
    for link in soup.select("section a"):
        href = link["href"]
        if href.startswith("http://testserver/api/v1/"):
            assert client.get(href).status_code == 200, href


def test_links_walk_the_list(client):
    for i in range(45):
        make_case(f"Case number {i}", symptoms=["Job crash"])
    first = client.get("/api/v1/cases/?symptom=job-crash").json()
    assert (first["count"], first["pages"], first["page"]) == (45, 3, 1)
    assert first["links"]["previous"] is None
    second = client.get(first["links"]["next"]).json()
    assert second["page"] == 2
    assert client.get(second["links"]["previous"]).json()["results"] == first["results"]
    last = client.get(first["links"]["last"]).json()
    assert len(last["results"]) == 5 and last["links"]["next"] is None
    assert QueryDict(first["links"]["self"].split("?", 1)[1])["symptom"] == "job-crash"
    assert first["links"]["html"] == "http://testserver/?symptom=job-crash"


@override_settings(API_RATE_LIMIT=0)
def test_no_limit_when_the_limit_is_zero(client):
    for _ in range(5):
        assert client.get("/api/v1/organisations/").status_code == 200


def test_each_hostile_value_in_each_parameter_is_a_clear_answer(client, settings, library):
    from .test_hostile_input import HOSTILE_VALUES, PARAMS

    settings.API_RATE_LIMIT = 0
    for url in ["/api/v1/cases/", "/api/v1/facets/"]:
        for key in [*PARAMS, "matches"]:
            for value in HOSTILE_VALUES:
                answer = client.get(url, {key: value})
                what = (url, key, value[:30])
                assert answer.status_code in {200, 400, 404}, what
                assert answer["Content-Type"].startswith("application/json"), what
                assert b"<script>" not in answer.content, what
    many = "&".join(f"p{i}={i}" for i in range(2000))
    refused = client.get(f"/api/v1/cases/?{many}")
    assert refused.status_code == 400 and refused.json()["errors"]


def test_a_page_of_cases_costs_the_same_queries_however_many_cases(
    client, django_assert_max_num_queries
):
    for i in range(30):
        make_case(f"Case {i}", symptoms=["Job crash", "NCCL timeout"], root_causes=["Faulty GPU"])
    client.get("/api/v1/cases/")  # builds the case index
    with django_assert_max_num_queries(12):
        assert len(client.get("/api/v1/cases/?symptom=job-crash").json()["results"]) == 20
    with django_assert_max_num_queries(12):
        assert len(client.get("/api/v1/cases/?page=2").json()["results"]) == 10
    with django_assert_max_num_queries(1):
        assert client.get("/api/v1/facets/?symptom=job-crash").status_code == 200


def test_an_endpoint_without_its_final_slash_is_redirected_or_named(client):
    """Found by probing: ``/api/v1/cases`` was a bare 404 ("no such endpoint")."""
    response = client.get("/api/v1/cases?q=nccl&page=1")
    assert response.status_code == 301
    assert response["Location"] == "/api/v1/cases/?q=nccl&page=1"
    posted = client.post("/api/v1/facets")
    assert posted.status_code == 404
    assert posted.json() == {
        "errors": ["There is no such endpoint in this API: did you mean /api/v1/facets/?"]
    }
    assert client.get("/api/v1/nope").json()["errors"] == [
        "There is no such endpoint in this API: see /api/schema/."
    ]
    # A slug's encoded "?" or "#" stays encoded: decoded into the Location it became a
    # query or a fragment (an adversarial tryout).
    response = client.get("/api/v1/cases/%3Fq=%3Cscript%3E")
    assert response.status_code == 301
    assert response["Location"] == "/api/v1/cases/%3Fq%3D%3Cscript%3E/"
    assert client.get("/api/v1/cases/a%23b")["Location"] == "/api/v1/cases/a%23b/"


def test_healthz_refuses_other_methods_in_json(client):
    """Found by probing: its 405 was the site's HTML page, though /healthz answers JSON."""
    response = client.post("/healthz")
    assert response.status_code == 405
    assert response.json() == {
        "errors": ["POST is not allowed here; this address answers GET, HEAD."]
    }


def test_whole_list_endpoints_document_page_as_ignored(client):
    """Found by probing: the facets' and diagnosis's OpenAPI described ``page`` as the
    list's page number, though they answer for every page."""
    paths = client.get("/api/schema/").json()["paths"]
    for path in ("/api/v1/facets/", "/api/v1/diagnose/"):
        page_parameter = next(p for p in paths[path]["get"]["parameters"] if p["name"] == "page")
        assert page_parameter["description"].startswith("Ignored"), path
    listed = next(p for p in paths["/api/v1/cases/"]["get"]["parameters"] if p["name"] == "page")
    assert listed["description"].startswith("Page number")


def test_a_refusal_counts_its_seconds_in_words():
    """A new user's tryout read "Try again in 1 seconds"."""
    assert try_again(1) == "Try again in 1 second."
    assert try_again(12) == "Try again in 12 seconds."


def test_a_facet_count_is_the_list_with_that_value_as_its_facets_only_choice(client):
    """A new user's tryout: list_facets said each count was what the list holds "after
    choosing" the value, but with another value of the facet chosen, choosing it too shows
    both values' cases. The count is the list with it as its facet's only choice."""
    make_case("A", symptoms=["NCCL timeout"], root_causes=["Switch failure"])
    make_case("B", symptoms=["Xid error"], root_causes=["Switch failure"])
    make_case("C", symptoms=["Xid error", "Network link flapping"], root_causes=["Faulty GPU"])
    make_case("D", symptoms=["Network link flapping"], root_causes=["Switch failure"])
    facets = client.get("/api/v1/facets/?symptom=nccl-timeout&root_cause=switch-failure").json()
    symptoms = next(f for f in facets["facets"] if f["key"] == "symptom")
    counts = {v["slug"]: v["count"] for v in symptoms["values"]}
    for slug, count in counts.items():
        alone = client.get(f"/api/v1/cases/?symptom={slug}&root_cause=switch-failure").json()
        assert alone["count"] == count, slug
    both = client.get(
        "/api/v1/cases/?symptom=nccl-timeout&symptom=network-link-flapping"
        "&root_cause=switch-failure"
    ).json()
    assert both["count"] == 2 and counts["network-link-flapping"] == 1
    schema = client.get("/api/schema/").json()
    assert "only choice" in str(schema)


def test_an_unknown_filter_value_says_which_value_was_meant(client):
    """A new user's tryout: "?symptom=nccl_timeout", "?symptom=NCCL timeout" and a slip
    ("nccl-timout") said only that there was no such symptom. A value nothing is close to
    keeps the plain message; a draft's value is never offered."""
    make_case("A", symptoms=["NCCL timeout"])
    make_case("B", symptoms=["Secret symptom"], is_published=False)
    for given in ("nccl_timeout", "NCCL timeout", "nccl-timout"):
        response = client.get("/api/v1/cases/", {"symptom": given})
        assert response.status_code == 400
        assert response.json()["errors"] == [
            f"There is no symptom “{given.lower()}”. Did you mean “nccl-timeout”?"
        ]
    assert client.get("/", {"symptom": "nccl_timeout"}).status_code == 400
    page = client.get("/", {"symptom": "nccl_timeout"}).text
    assert "Did you mean “nccl-timeout”?" in page
    assert '<a href="?symptom=nccl-timeout">Show the list with “nccl-timeout”</a>' in page
    assert client.get("/api/v1/cases/", {"symptom": "secret-symptom"}).json()["errors"] == [
        "There is no symptom “secret-symptom”. Remove it or pick one listed."
    ]
    assert client.get("/api/v1/cases/", {"symptom": "secret_symptom"}).json()["errors"] == [
        "There is no symptom “secret_symptom”. Remove it or pick one listed."
    ]
