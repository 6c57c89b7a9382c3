"""The case page: every seed-card section in order, facts, sources, categories."""

import datetime

import pytest
from django.utils.text import slugify

from incidents.models import DatePrecision, Source

from .conftest import make_case, make_term, page

pytestmark = pytest.mark.django_db

SECTION_ORDER = [
    "Summary",
    "Trigger",
    "Impact",
    "Symptoms",
    "Root cause",
    "Component",
    "Contributing factor",
    "Detection",
    "Remediation",
    "Action items",
    "Lessons",
    "Sources",
]


@pytest.fixture
def case():
    make_term("root_cause", "GPU overheating", categories=["Data center power and cooling"])
    make_term("root_cause", "Faulty GPU", categories=["GPU hardware and memory"])
    case = make_case(
        "Hot summer",
        root_causes=["GPU overheating", "Faulty GPU"],
        components=["Training data loader"],
        symptoms=["NCCL timeout"],
        summary="GPUs **overheated**.",
        detection="Found in logs.",
        started_on=datetime.date(2023, 3, 1),
        started_on_precision=DatePrecision.MONTH,
        ended_on=datetime.date(2023, 8, 1),
        ended_on_precision=DatePrecision.MONTH,
        published_on=datetime.date(2024, 3, 12),
        sources=0,
    )
    Source.objects.create(
        case=case,
        url="https://example.org/paper",
        title="The paper",
        publisher="USENIX",
        published_on=datetime.date(2024, 4, 16),
    )
    return case


def test_sections_in_the_seed_cards_order(client, case):
    soup = page(client.get(case.get_absolute_url()))
    titles = [h.get_text(strip=True) for h in soup.select(".case__main .section__title")]
    assert titles == SECTION_ORDER


def test_empty_sections_show_a_dash(client, case):
    soup = page(client.get(case.get_absolute_url()))
    sections = {
        s.select_one(".section__title").get_text(strip=True): s for s in soup.select(".section")
    }
    for empty in ["Trigger", "Impact", "Contributing factor", "Remediation", "Lessons"]:
        assert sections[empty].get_text(" ", strip=True) == f"{empty} –"
    assert "Found in logs." in sections["Detection"].get_text()


def test_facts_period_report_date_and_organisation(client, case):
    soup = page(client.get(case.get_absolute_url()))
    facts = {
        div.dt.get_text(strip=True): div.dd.get_text(strip=True)
        for div in soup.select(".facts > div")
    }
    assert facts == {
        "Organisation": "Example Lab",
        "Incident period": "March 2023 – August 2023",
        "Report date": "12 March 2024",
    }


def test_categories_are_those_of_the_root_causes(client, case):
    text = page(client.get(case.get_absolute_url())).select_one(".check").get_text(" ", strip=True)
    assert "This case involves Data center power and cooling and GPU hardware and memory ." in text


def test_terms_link_to_their_term_pages(client, case):
    soup = page(client.get(case.get_absolute_url()))
    link = soup.select_one(".case__main").find("a", string="NCCL timeout")
    assert link["href"] == "/taxonomy/symptom/nccl-timeout/"
    term_page = page(client.get(link["href"]))
    assert term_page.h1.get_text() == "NCCL timeout"
    assert term_page.find("a", string="Hot summer") is not None


def test_sources_show_title_publisher_date_and_link(client, case):
    soup = page(client.get(case.get_absolute_url()))
    item = soup.select_one(".sources__list li")
    assert item.get_text(" ", strip=True) == "The paper , USENIX , 16 April 2024"
    assert item.a["href"] == "https://example.org/paper"


def test_check_cluster_call_to_action_comes_from_settings(client, case, settings):
    """Issue 22: the panel said "Check your cluster for this" with nothing to check
    against when the setting is unset; it is then the case's categories."""
    unset = page(client.get(case.get_absolute_url())).select_one("#check-heading")
    assert unset.get_text(strip=True) == "Categories"
    assert "Audit" not in client.get(case.get_absolute_url()).content.decode()
    settings.CHECK_CLUSTER_TEXT = "Audit your cluster"
    settings.CHECK_CLUSTER_URL = "https://example.org/audit"
    shown = page(client.get(case.get_absolute_url()))
    assert shown.select_one("#check-heading").get_text(strip=True) == "Check your cluster for this"
    link = shown.find("a", string="Audit your cluster")
    assert link["href"] == "https://example.org/audit"


def test_a_cached_page_follows_every_edit_and_never_shows_a_draft(client, admin_client, case):
    """Issue 25: the public page is kept under the data's change counters. An edit shows
    at once, a withdrawn case is a 404 at once, and an editor sees the draft with its
    banner, never a visitor's cached copy."""
    assert "Renamed" not in client.get(case.get_absolute_url()).content.decode()
    case.title = "Renamed case"
    case.save()
    assert "Renamed case" in client.get(case.get_absolute_url()).content.decode()
    case.is_published = False
    case.save()
    assert client.get(case.get_absolute_url()).status_code == 404
    response = admin_client.get(case.get_absolute_url())
    assert response.status_code == 200
    assert "Draft." in page(response).select_one(".alert").get_text()


def test_timeline_events_known_to_a_day_or_a_year_keep_their_place(client):
    """A day-precision event is stored at midnight and a year's at 1 January, so ordering
    by the stored instant put "half the traffic back an hour later" above the outage's
    start at 16:05 that day, and a conference (2024) above the paper's posting in August
    2024. Overlapping periods keep the editor's order; the page, the API and MCP agree."""
    from incidents.models import DatePrecision

    case = make_case("Load balancer outage")
    rows = [
        (datetime.datetime(2022, 8, 19, 16, 5, tzinfo=datetime.UTC), DatePrecision.MINUTE,
         "The load balancer stops"),
        (datetime.datetime(2022, 8, 19, tzinfo=datetime.UTC), DatePrecision.DAY,
         "Half the traffic is back an hour later"),
        (datetime.datetime(2022, 1, 1, tzinfo=datetime.UTC), DatePrecision.YEAR,
         "A talk about it later that year"),
        (datetime.datetime(2022, 3, 1, tzinfo=datetime.UTC), DatePrecision.MONTH,
         "Before all of it"),
    ]  # fmt: skip
    for position, (at, precision, event) in enumerate(rows):
        case.timeline.create(at=at, at_precision=precision, event=event, position=position + 1)
    case.timeline.filter(event="Before all of it").update(position=0)
    shown = [
        li.get_text() for li in page(client.get(case.get_absolute_url())).select(".timeline li")
    ]
    expected = [
        "Before all of it",
        "The load balancer stops",
        "Half the traffic is back an hour later",
        "A talk about it later that year",
    ]
    assert [next(e for e in expected if e in text) for text in shown] == expected
    api = client.get(f"/api/v1/cases/{case.slug}/").json()["timeline"]
    assert [entry["event"] for entry in api] == expected


def test_facts_a_source_does_not_give_say_so(client):
    """A new user read a bare "–" under Incident period as a missing value of the page."""
    case = make_case("Unknown period", started_on=None, published_on=None)
    soup = page(client.get(case.get_absolute_url()))
    facts = {
        div.dt.get_text(strip=True): div.dd.get_text(strip=True)
        for div in soup.select(".facts > div")
    }
    assert facts["Incident period"] == "Not stated in the sources"
    assert facts["Report date"] == "Not stated in the sources"


def test_a_findings_chain_reads_as_a_sentence_and_its_source_link_says_which(client):
    """Screen readers read the chain "Undetermined cause: the source gives no cause for
    through NCCL NCCL timeout" and ten links all named "Source" (a new user)."""
    from incidents.models import Finding
    from taxonomy.models import Component, RootCause, Symptom

    case = make_case("Chain", symptoms=["NCCL timeout"], components=["NCCL"])
    source = case.sources.first()
    for position, (cause, component) in enumerate(
        (("Switch failure", "NCCL"), ("Undetermined cause", None))
    ):
        Finding.objects.create(
            position=position,
            case=case,
            root_cause=RootCause.objects.get_or_create(
                slug=slugify(cause), defaults={"name": cause}
            )[0],
            component=Component.objects.get(name=component) if component else None,
            symptom=Symptom.objects.get(name="NCCL timeout"),
            evidence="The source says so.",
            source=source,
        )
    soup = page(client.get(case.get_absolute_url()))
    chains = [p.get_text(" ", strip=True) for p in soup.select(".finding__chain")]
    spoken = [
        " ".join(
            t.strip()
            for t in p.find_all(string=True)
            if t.strip() and not t.find_parent(attrs={"aria-hidden": "true"})
        )
        for p in soup.select(".finding__chain")
    ]
    assert len(chains) == 2
    assert "Switch failure , through NCCL , led to NCCL timeout" in spoken
    assert "Undetermined cause (the source gives no cause) led to NCCL timeout" in spoken
    links = [a.get_text(" ", strip=True) for a in soup.select(".finding__evidence a")]
    assert links == [f"Source : {source.title}"] * 2
