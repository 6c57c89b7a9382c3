"""Bad filter input gets a clear message and a 4xx, never a 500 or a silently wrong list."""

import pytest

from .conftest import chips, listed_titles, make_case, page

pytestmark = pytest.mark.django_db


@pytest.fixture
def cases():
    make_case("Crash", symptoms=["Job crash"])
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
    fix = page(response).find("a", string="Show the list without the unknown values")
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
