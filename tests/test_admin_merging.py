"""Two editors on one case: the rows edited inline and the many-to-many fields merge like
the case's own fields (issue 21 rows 2 and 7). Editor A opens the form, editor B saves,
then A saves the form A opened: nothing either typed is lost."""

import datetime

import pytest

from incidents.models import Case, Involvement, Source, TimelineEvent

from .conftest import make_case, make_organisation, make_term, page
from .test_admin import form_data, form_data_from

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared():
    """A published case with two sources, two timeline events and one party; its URL."""
    case = make_case("Shared", sources=2, organisation=make_organisation("Example Lab"))
    for position, event in enumerate(["Jobs hang.", "Switch replaced."]):
        TimelineEvent.objects.create(
            case=case,
            at=datetime.datetime(2024, 6, 12, 14, position, tzinfo=datetime.UTC),
            at_precision="minute",
            event=event,
            position=position,
        )
    return case, f"/admin/incidents/case/{case.pk}/change/"


def row(data, prefix, field, value):
    """The index of the inline row of ``prefix`` whose ``field`` holds ``value``."""
    total = int(data[f"{prefix}-TOTAL_FORMS"])
    return next(i for i in range(total) if data.get(f"{prefix}-{i}-{field}") == value)


def errors_of(response):
    return " ".join(e.get_text(" ", strip=True) for e in page(response).select(".errorlist"))


def test_another_editors_inline_edits_survive_a_stale_save(admin_client, shared):
    """B retitles a source, rewrites an event and sets a party's role; A, who opened the
    form before, changes the summary only. B's inline edits used to be reverted."""
    case, url = shared
    a = form_data(admin_client, url, summary="A's summary.")
    b = form_data(admin_client, url)
    b[f"sources-{row(b, 'sources', 'title', 'Report 1')}-title"] = "B's title"
    b[f"timeline-{row(b, 'timeline', 'event', 'Jobs hang.')}-event"] = "Jobs hung for 3 h."
    b["involvements-0-role"] = "operator"
    assert admin_client.post(url, b).status_code == 302
    assert admin_client.post(url, a).status_code == 302
    case.refresh_from_db()
    assert case.summary == "A's summary."
    assert sorted(case.sources.values_list("title", flat=True)) == ["B's title", "Report 0"]
    assert list(case.timeline.values_list("event", flat=True)) == [
        "Jobs hung for 3 h.",
        "Switch replaced.",
    ]
    assert Involvement.objects.get(case=case).role == "operator"


def test_both_editors_changing_one_row_field_see_the_conflict_and_keep_their_text(
    admin_client, shared
):
    case, url = shared
    a = form_data(admin_client, url)
    b = form_data(admin_client, url)
    index = row(a, "sources", "title", "Report 1")
    a[f"sources-{index}-title"] = "A's title"
    a[f"timeline-{row(a, 'timeline', 'event', 'Jobs hang.')}-event"] = "A's event."
    b[f"sources-{index}-title"] = "B's title"
    assert admin_client.post(url, b).status_code == 302
    response = admin_client.post(url, a)
    assert response.status_code == 200
    assert "Saved meanwhile by someone else: “B's title”" in errors_of(response)
    soup = page(response)
    assert soup.select_one(f"input[name=sources-{index}-title]")["value"] == "A's title"
    assert Source.objects.get(case=case, title="B's title")  # nothing saved yet
    # Saving the form again applies A's values over B's, A's other edit with them.
    assert admin_client.post(url, form_data_from(soup)).status_code == 302
    assert sorted(case.sources.values_list("title", flat=True)) == ["A's title", "Report 0"]
    assert "A's event." in case.timeline.values_list("event", flat=True)


def test_a_row_another_editor_deleted_is_let_go_when_untouched(admin_client, shared):
    """It used to be "Please correct the error below" with no field marked, on every
    save, until the form was reloaded (losing what was typed)."""
    case, url = shared
    a = form_data(admin_client, url, summary="A's summary.")
    Source.objects.filter(case=case, title="Report 1").delete()  # B deletes a source
    TimelineEvent.objects.filter(case=case, event="Jobs hang.").delete()  # and an event
    response = admin_client.post(url, a)
    assert response.status_code == 302, errors_of(response)
    case.refresh_from_db()
    assert case.summary == "A's summary."
    assert list(case.sources.values_list("title", flat=True)) == ["Report 0"]
    assert list(case.timeline.values_list("event", flat=True)) == ["Switch replaced."]


def test_a_row_deleted_there_and_changed_here_is_reported_then_added_back(admin_client, shared):
    case, url = shared
    a = form_data(admin_client, url)
    index = row(a, "sources", "title", "Report 1")
    a[f"sources-{index}-title"] = "A's better title"
    Source.objects.filter(case=case, title="Report 1").delete()  # B deletes it
    response = admin_client.post(url, a)
    assert response.status_code == 200
    assert "Someone else deleted this row after you opened the form" in errors_of(response)
    soup = page(response)
    assert soup.select_one(f"input[name=sources-{index}-title]")["value"] == "A's better title"
    assert list(case.sources.values_list("title", flat=True)) == ["Report 0"]
    # Saving again adds it back, as typed.
    assert admin_client.post(url, form_data_from(soup)).status_code == 302
    assert sorted(case.sources.values_list("title", flat=True)) == ["A's better title", "Report 0"]


def test_a_row_changed_there_and_deleted_here_is_reported_then_deleted(admin_client, shared):
    case, url = shared
    a = form_data(admin_client, url)
    index = row(a, "timeline", "event", "Jobs hang.")
    a[f"timeline-{index}-DELETE"] = "on"
    TimelineEvent.objects.filter(case=case, event="Jobs hang.").update(event="Jobs hung: B.")
    response = admin_client.post(url, a)
    assert response.status_code == 200
    text = page(response).get_text(" ", strip=True)
    assert "after you opened the form, so it was not deleted" in text
    assert "Jobs hung: B." in case.timeline.values_list("event", flat=True)
    # A has seen B's change: saving again deletes the row.
    assert admin_client.post(url, form_data_from(page(response))).status_code == 302
    assert list(case.timeline.values_list("event", flat=True)) == ["Switch replaced."]


def test_many_to_many_fields_merge_as_sets(admin_client):
    """A adds a contributing factor while B removes another: B's save used to drop A's
    addition (or A's save B's removal)."""
    case = make_case("Sets", contributing_factors=["Scale", "Single point of failure"])
    url = f"/admin/incidents/case/{case.pk}/change/"
    added = make_term("contributing_factor", "Insufficient testing")
    a = form_data(admin_client, url)
    b = form_data(admin_client, url)
    a["contributing_factors"] = [*a["contributing_factors"], str(added.pk)]
    removed = case.contributing_factors.get(name="Scale")
    b["contributing_factors"] = [v for v in b["contributing_factors"] if v != str(removed.pk)]
    assert admin_client.post(url, a).status_code == 302
    assert admin_client.post(url, b).status_code == 302
    names = sorted(Case.objects.get(pk=case.pk).contributing_factors.values_list("name", flat=True))
    assert names == ["Insufficient testing", "Single point of failure"]


def test_an_event_and_a_party_added_back_go_after_the_others(admin_client, shared):
    """A timeline event and a party another editor deleted while this one edited them come
    back as new rows after the others (an event has no position field in the form)."""
    case, url = shared
    vendor = make_organisation("Switch Vendor", slug="switch-vendor")
    Involvement.objects.create(case=case, organisation=vendor, role="vendor", position=1)
    a = form_data(admin_client, url)
    a[f"timeline-{row(a, 'timeline', 'event', 'Jobs hang.')}-event"] = "Jobs hung for 3 h."
    a[f"involvements-{row(a, 'involvements', 'role', 'vendor')}-role"] = "affected"
    TimelineEvent.objects.filter(case=case, event="Jobs hang.").delete()
    Involvement.objects.filter(case=case, organisation=vendor).delete()
    response = admin_client.post(url, a)
    assert response.status_code == 200
    assert errors_of(response).count("Someone else deleted this row") == 2
    assert admin_client.post(url, form_data_from(page(response))).status_code == 302
    assert list(case.timeline.order_by("position").values_list("event", flat=True)) == [
        "Switch replaced.",
        "Jobs hung for 3 h.",
    ]
    assert Involvement.objects.get(case=case, organisation=vendor).role == "affected"


def test_an_editor_adds_a_finding_and_its_terms_join_the_case(admin_client, shared):
    """Issue 24: findings are entered inline. The source is chosen among the case's own;
    a root cause or symptom the case lacks is added to it on save, and said."""
    from incidents.models import Finding

    case, url = shared
    make_term("symptom", "NCCL timeout")
    make_term("root_cause", "Network switch failure")
    other = make_case("Other case")
    data = form_data(admin_client, url)
    choices = [o["value"] for o in page(admin_client.get(url)).select(
        "select[name=findings-__prefix__-source] option") if o["value"]]  # fmt: skip
    assert sorted(map(int, choices)) == sorted(case.sources.values_list("pk", flat=True))
    source = case.sources.first()
    data.update({
        "findings-TOTAL_FORMS": "1", "findings-INITIAL_FORMS": "0",
        "findings-0-root_cause": str(make_term("root_cause", "Network switch failure").pk),
        "findings-0-symptom": str(make_term("symptom", "NCCL timeout").pk),
        "findings-0-evidence": "A leaf switch rebooted and the jobs on it timed out in NCCL.",
        "findings-0-source": str(source.pk),
        "findings-0-count": "3", "findings-0-counted": "",
    })  # fmt: skip
    response = admin_client.post(url, data)
    assert response.status_code == 200  # a count without what was counted
    assert "Say what was counted" in errors_of(response)
    data["findings-0-counted"] = "jobs"
    data["findings-0-source"] = str(other.sources.first().pk)
    response = admin_client.post(url, data)
    assert response.status_code == 200 and "Select a valid choice" in errors_of(response)
    data["findings-0-source"] = str(source.pk)
    response = admin_client.post(url, data, follow=True)
    assert response.status_code == 200
    finding = Finding.objects.get(case=case)
    assert (finding.root_cause.name, finding.symptom.name, finding.measure) == (
        "Network switch failure", "NCCL timeout", "3 jobs"
    )  # fmt: skip
    assert list(case.symptoms.values_list("name", flat=True)) == ["NCCL timeout"]
    assert list(case.root_causes.values_list("name", flat=True)) == ["Network switch failure"]
    messages = [m.get_text(" ", strip=True) for m in page(response).select(".messagelist li")]
    assert any("Added to the case's terms" in m and "NCCL timeout" in m for m in messages)
    # A later save of the form, the finding row untouched, keeps it.
    later = form_data(admin_client, url)
    later["summary"] = "Edited later."
    assert admin_client.post(url, later).status_code == 302
    assert Finding.objects.filter(case=case).count() == 1


def test_another_editors_edit_of_a_finding_survives_a_stale_save(admin_client, shared):
    """Findings rows merge like the other inlines (issue 24: nothing an editor typed is
    lost): B rewrites a finding's evidence and adds a contributing factor; A, who opened
    the form before, changes the summary only."""
    from incidents.models import Finding

    case, url = shared
    cause = make_term("root_cause", "Network switch failure")
    symptom = make_term("symptom", "NCCL timeout")
    factor = make_term("contributing_factor", "Heat wave")
    case.root_causes.add(cause)
    case.symptoms.add(symptom)
    case.contributing_factors.add(factor)
    finding = Finding.objects.create(
        case=case, root_cause=cause, symptom=symptom, source=case.sources.first(),
        evidence="First words.",
    )  # fmt: skip
    a = form_data(admin_client, url, summary="A's summary.")
    b = form_data(admin_client, url)
    b["findings-0-evidence"] = "B's evidence sentence."
    b["findings-0-contributing_factors"] = [str(factor.pk)]
    assert admin_client.post(url, b).status_code == 302
    assert admin_client.post(url, a).status_code == 302
    finding.refresh_from_db()
    case.refresh_from_db()
    assert case.summary == "A's summary."
    assert finding.evidence == "B's evidence sentence."
    assert list(finding.contributing_factors.values_list("name", flat=True)) == ["Heat wave"]
