"""Editors in Django admin: add a case with sources, publish it, see it on the list."""

import pytest

from incidents.models import Case

from .conftest import listed_titles, make_case, make_organisation, make_term, page

pytestmark = pytest.mark.django_db


def test_editor_adds_a_case_with_sources_and_sees_it_on_the_list(admin_client):
    organisation = make_organisation("Example Lab")
    symptom = make_term("symptom", "Job crash")
    root_cause = make_term("root_cause", "Faulty GPU", categories=["GPU hardware and memory"])
    component = make_term("component", "GPU")
    data = {
        "title": "New case",
        "slug": "new-case",
        "organisation": organisation.pk,
        "is_published": "on",
        "summary": "It broke.",
        "started_on": "2024-02-03",
        "started_on_precision": "day",
        "ended_on_precision": "day",
        "published_on_precision": "day",
        "symptoms": [symptom.pk],
        "root_causes": [root_cause.pk],
        "components": [component.pk],
        "sources-TOTAL_FORMS": "1",
        "sources-INITIAL_FORMS": "0",
        "sources-MIN_NUM_FORMS": "0",
        "sources-MAX_NUM_FORMS": "1000",
        "sources-0-url": "https://example.org/postmortem",
        "sources-0-title": "Postmortem",
        "sources-0-publisher": "Example Lab",
        "sources-0-published_on": "2024-02-10",
    }
    response = admin_client.post("/admin/incidents/case/add/", data)
    assert response.status_code == 302, page(response).select(".errorlist")
    case = Case.objects.get(slug="new-case")
    assert [s.title for s in case.sources.all()] == ["Postmortem"]
    assert listed_titles(admin_client.get("/")) == ["New case"]
    assert "GPU hardware and memory" in admin_client.get("/cases/new-case/").content.decode()


def test_new_cases_start_as_drafts(admin_client):
    form = page(admin_client.get("/admin/incidents/case/add/"))
    assert not form.select_one("input[name=is_published]").has_attr("checked")


def test_case_admin_pages_render_with_autocomplete_and_view_on_site(admin_client):
    case = make_case("Listed", root_causes=["Faulty GPU"])
    assert admin_client.get("/admin/incidents/case/?q=Listed").status_code == 200
    soup = page(admin_client.get(f"/admin/incidents/case/{case.pk}/change/"))
    assert soup.select_one("select[name=organisation]")["class"] == ["admin-autocomplete"]
    assert "admin-autocomplete" in soup.select_one("select[name=root_causes]")["class"]
    assert (
        soup.find("a", string="View on site")["href"].endswith(f"/cases/{case.slug}/")
        or "/r/" in soup.find("a", string="View on site")["href"]
    )
    found = admin_client.get(
        "/admin/autocomplete/",
        {
            "term": "faul",
            "app_label": "incidents",
            "model_name": "case",
            "field_name": "root_causes",
        },
    ).json()
    assert [r["text"] for r in found["results"]] == ["Faulty GPU"]


@pytest.mark.parametrize(
    "url, name, count",
    [
        ("/admin/taxonomy/rootcause/", "Faulty GPU", "2"),
        ("/admin/taxonomy/symptom/", "Job crash", "1"),
        ("/admin/taxonomy/category/", "GPU hardware and memory", "2"),
        ("/admin/incidents/organisation/", "Example Lab", "2"),
    ],
)
def test_taxonomy_and_organisation_admins_show_case_counts(admin_client, url, name, count):
    make_term("root_cause", "Faulty GPU", categories=["GPU hardware and memory"])
    make_case("One", root_causes=["Faulty GPU"], symptoms=["Job crash"])
    make_case("Two", root_causes=["Faulty GPU"])
    soup = page(admin_client.get(url))
    row = next(tr for tr in soup.select("#result_list tbody tr") if name in tr.get_text())
    assert row.select_one("td.field-case_count").get_text(strip=True) == count


def test_publish_action_makes_drafts_public(admin_client):
    draft = make_case("Draft", is_published=False)
    admin_client.post(
        "/admin/incidents/case/", {"action": "publish", "_selected_action": [draft.pk]}
    )
    assert listed_titles(admin_client.get("/")) == ["Draft"]
