"""Chips for applied filters: one per value, each removes itself; "Clear all"."""

import pytest

from .conftest import chips, make_case, page

pytestmark = pytest.mark.django_db


@pytest.fixture
def cases():
    make_case("A", symptoms=["NCCL timeout", "Job crash"], components=["Training data loader"])


def test_one_chip_per_applied_value_each_removing_only_itself(client, cases):
    response = client.get(
        "/?component=training-data-loader&symptom=nccl-timeout&symptom=job-crash&page=1"
    )
    assert chips(response) == [
        (
            "Remove filter Component: Training data loader",
            "?symptom=nccl-timeout&symptom=job-crash",
        ),
        (
            "Remove filter Symptom: NCCL timeout",
            "?component=training-data-loader&symptom=job-crash",
        ),
        (
            "Remove filter Symptom: Job crash",
            "?component=training-data-loader&symptom=nccl-timeout",
        ),
    ]


def test_clear_all_links_to_the_unfiltered_list(client, cases):
    response = client.get("/?symptom=nccl-timeout")
    clear = page(response).find("a", string="Clear all")
    assert clear["href"] == "/"


def test_no_chips_and_no_clear_all_without_filters(client, cases):
    response = client.get("/")
    assert chips(response) == []
    assert page(response).find("a", string="Clear all") is None
    assert "None yet" in page(response).select_one(".applied").get_text()


def test_unrelated_parameters_are_not_carried_into_links(client, cases):
    response = client.get("/?symptom=nccl-timeout&utm_source=chat")
    assert chips(response) == [("Remove filter Symptom: NCCL timeout", "?")]


def test_clear_all_keeps_the_order_chosen(client):
    """A new user lost "Largest scale first" with "Clear all"; "Best match first" needs a
    sentence, so it goes with it."""
    make_case("Crash", symptoms=["Job crash"])
    response = client.get("/", {"symptom": "job-crash", "sort": "scale"})
    assert page(response).find("a", string="Clear all")["href"] == "/?sort=scale"
    response = client.get("/", {"symptom": "job-crash", "q": "crash", "sort": "relevance"})
    assert page(response).find("a", string="Clear all")["href"] == "/"
    response = client.get("/", {"symptom": "job-crash"})
    assert page(response).find("a", string="Clear all")["href"] == "/"


def test_values_of_one_facet_are_shown_as_alternatives(client, cases):
    """A new user took two Symptom chips side by side for "both" and saw the list widen
    when ticking a second symptom: the chips say "or" between values of one facet, and
    the facet says what ticking another does."""
    response = client.get("/?component=training-data-loader&symptom=nccl-timeout&symptom=job-crash")
    items = [li.get_text(" ", strip=True) for li in page(response).select(".applied .chips li")]
    assert items[0].startswith("Component Training data loader")
    assert items[1].startswith("Symptom NCCL timeout")
    assert items[2].startswith("or Symptom Job crash")
    text = page(response).select_one(".applied").get_text(" ", strip=True)
    assert text.count("values of the same kind are alternatives (or)") == 1
    hints = [
        section.select_one("h3").get_text(strip=True)
        for section in page(response).select(".facet")
        if section.select_one(".facet__hint")
    ]
    assert sorted(hints) == ["Component", "Symptom"]


def test_one_value_a_facet_is_not_called_an_alternative(client, cases):
    response = client.get("/?component=training-data-loader&symptom=nccl-timeout")
    text = page(response).select_one(".applied").get_text(" ", strip=True)
    assert " or " not in text.replace("(or)", "")
    assert "alternatives" not in text


def test_a_symptom_chosen_links_to_what_causes_it(client, cases):
    """A new user looked on the list for what causes the symptom they had chosen: the
    applied filters link to its diagnosis under the same filters, without the sentence,
    the order or the page."""
    response = client.get(
        "/?symptom=nccl-timeout&component=training-data-loader&q=hang&sort=newest&page=1"
    )
    link = page(response).select_one(".applied__diagnose a")
    assert link.get_text(strip=True) == "What causes NCCL timeout?"
    assert link["href"] == "/diagnose/?component=training-data-loader&symptom=nccl-timeout"
    answer = client.get(link["href"])
    assert answer.status_code == 200
    assert page(answer).select_one("h1").get_text(strip=True) == "What causes NCCL timeout?"
    assert (
        page(client.get("/?component=training-data-loader")).select_one(".applied__diagnose")
        is None
    )
