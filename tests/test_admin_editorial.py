"""The case form warns, never blocks, of what a fact-checker would flag (issue 22 rows 3
and 5): a case it may repeat, text copied from the notes, the notes' working language,
a copied source; and the admin's search reads every section."""

import pytest

from incidents.models import Case

from .conftest import make_case, make_organisation, make_term, page
from .test_admin import form_data

pytestmark = pytest.mark.django_db

NOTES = (
    "### A note\n- summary: The storage cluster froze for two hours because a firmware "
    "update on every controller rebooted them all at the same moment overnight.\n"
)


def add_case(admin_client, title, organisation, url, **fields):
    """Post the add form as a browser would; output: the warnings shown after the save."""
    symptom = make_term("symptom", "Job crash")
    data = form_data(
        admin_client, "/admin/incidents/case/add/",
        title=title, slug=title.lower().replace(" ", "-"), summary="It broke.",
        symptoms=[symptom.pk],
        **{"involvements-0-organisation": organisation.pk, "involvements-0-position": "0",
           "sources-0-url": url, "sources-0-title": "Postmortem"},
        **fields,
    )  # fmt: skip
    response = admin_client.post("/admin/incidents/case/add/", data, follow=True)
    assert Case.objects.filter(title=title).exists(), page(response).select(".errorlist")
    shown = page(response).select(".messagelist li")
    assert "success" in shown[0]["class"]  # the save's own message first, then warnings
    return page(response).select(".messagelist li.warning")


def test_a_case_citing_another_cases_source_warns_and_links_to_it(admin_client):
    lab = make_organisation("Example Lab")
    first = make_case("Storage froze", organisation=lab, sources=1)
    url = first.sources.get().url
    warnings = add_case(admin_client, "Controllers rebooted", make_organisation("Other"), url)
    assert len(warnings) == 1
    text = " ".join(warnings[0].get_text().split())
    assert text == (
        f"This case may repeat Storage froze: it cites the same source, {url}. "
        "Check before publishing."
    )
    assert warnings[0].a["href"] == f"/admin/incidents/case/{first.pk}/change/"


def test_a_near_copy_of_a_title_of_the_same_organisation_warns(admin_client):
    lab = make_organisation("Example Lab")
    make_case("Llama 3 405B training: interruptions on 16,384 H100 GPUs", organisation=lab)
    make_case("Power loss in the hall", organisation=make_organisation("Other"))
    warnings = add_case(
        admin_client, "Llama 3 405B training interruptions on 16384 H100 GPUs", lab,
        "https://example.org/new",
    )  # fmt: skip
    assert [w.a.get_text() for w in warnings] == [
        "Llama 3 405B training: interruptions on 16,384 H100 GPUs"
    ]
    assert "its title is nearly the same, for the same organisation" in warnings[0].get_text()


def test_a_different_incident_of_the_same_organisation_gets_no_warning(admin_client):
    lab = make_organisation("Example Lab")
    make_case("Llama 3 405B training: interruptions on 16,384 H100 GPUs", organisation=lab)
    warnings = add_case(
        admin_client, "Inference fleet outage after a bad config push", lab,
        "https://example.org/other",
    )  # fmt: skip
    assert warnings == []


def test_copied_text_notes_language_and_a_copy_site_warn_naming_the_passage(
    admin_client, settings, tmp_path
):
    (tmp_path / "note.md").write_text(NOTES)
    settings.EDITORIAL_NOTES = [tmp_path, tmp_path / "absent"]
    warnings = add_case(
        admin_client, "Controllers rebooted", make_organisation("Example Lab"),
        "http://statusgator.com/services/example",
        lessons="Because a firmware update on every controller rebooted them all at the "
        "same moment, the cluster froze (unconfirmed).",
    )  # fmt: skip
    assert [w.get_text(" ", strip=True) for w in warnings] == [
        "Lessons: “because a firmware update on every controller rebooted them all at the same "
        "moment” is copied word for word from the research notes; write it in your own "
        "words or quote it as the source's.",
        "Lessons: “(unconfirmed)” is the notes' working language, not words for readers.",
        "Source: not https: http://statusgator.com/services/example.",
        "Source: copy site http://statusgator.com/services/example (cite the provider's own "
        "status page).",
    ]


def test_admin_search_reads_every_section(admin_client):
    """A mechanism word only the remediation names finds the case, on both databases."""
    make_case("Nodes dropped off", remediation="Pinned systemd-networkd to the old version.")
    make_case("Quiet hall", summary="Nothing happened.")
    response = admin_client.get("/admin/incidents/case/", {"q": "systemd-networkd"})
    listed = page(response).select_one("#result_list").get_text(" ", strip=True)
    assert "Nodes dropped off" in listed and "Quiet hall" not in listed
