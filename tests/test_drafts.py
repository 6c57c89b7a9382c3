"""Drafts never appear on public pages; editors can preview them."""

import pytest

from .conftest import facet_values, listed_titles, make_case, result_count

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft():
    make_case("Published", symptoms=["Job crash"])
    return make_case("Secret draft", symptoms=["Job crash", "Loss spike"], is_published=False)


def test_drafts_are_not_listed_or_counted(client, draft):
    response = client.get("/")
    assert listed_titles(response) == ["Published"]
    assert result_count(response) == 1
    assert facet_values(response, "symptom") == {"Job crash": (1, "?symptom=job-crash", False)}


def test_draft_case_page_is_a_404_for_visitors(client, draft):
    assert client.get(draft.get_absolute_url()).status_code == 404


def test_staff_can_preview_a_draft_with_a_banner(admin_client, draft):
    response = admin_client.get(draft.get_absolute_url())
    assert response.status_code == 200
    assert "Only editors can see this case" in response.content.decode()
