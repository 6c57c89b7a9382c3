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
