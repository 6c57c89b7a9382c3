"""Key facts as data (issue 12): what editors type, what readers see, and the list's
facets, year range and orders over them."""

import datetime
import io

import pytest
from django.core.management import call_command

from incidents.dates import parse_duration_text, parse_partial_date, parse_partial_datetime
from incidents.models import Accelerator, Case, Involvement, Workload

from .conftest import LibraryTestCase, listed_titles, make_case, make_organisation, make_term, page
from .test_admin import form_data

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "typed, stored, precision",
    [("2024", "2024-01-01", "year"), ("2024-04", "2024-04-01", "month"),
     ("2016-Q4", "2016-10-01", "quarter"), ("Q2 2024", "2024-04-01", "quarter"),
     (" 2024-04-12 ", "2024-04-12", "day"),
     # Issue 22: as reports and the public page write them.
     ("July 2023", "2023-07-01", "month"), ("Sept. 2023", "2023-09-01", "month"),
     ("2023/07", "2023-07-01", "month"), ("2023 Q3", "2023-07-01", "quarter"),
     ("12 July 2023", "2023-07-12", "day"), ("July 12, 2023", "2023-07-12", "day")],
)  # fmt: skip
def test_dates_are_read_to_the_precision_typed(typed, stored, precision):
    assert parse_partial_date(typed) == (datetime.date.fromisoformat(stored), precision)


@pytest.mark.parametrize(
    "typed, message",
    [("2024-13", "not a date in the calendar"), ("2024-02-30", "not a date in the calendar"),
     ("9999", "outside 1990"), ("12/04/2024", "is not a date"), ("2024-Q5", "is not a date"),
     ("mid-2016", "vaguer than a quarter"), ("2016-H2", "vaguer than a quarter"),
     ("Juli 2023", "is not a month")],
)  # fmt: skip
def test_impossible_dates_say_why(typed, message):
    with pytest.raises(ValueError, match=message):
        parse_partial_date(typed)


def test_timeline_times_are_utc_to_the_minute():
    moment, precision = parse_partial_datetime("2024-06-12 14:03 UTC")
    assert moment == datetime.datetime(2024, 6, 12, 14, 3, tzinfo=datetime.UTC)
    assert precision == "minute"
    assert parse_partial_datetime("2024-06")[1] == "month"
    assert parse_partial_datetime("2024-06-12 14:03:00")[0].minute == 3


@pytest.mark.parametrize("typed", ["2024-06-12 14:03:99", "2024-06-12 14:03:45"])
def test_a_time_with_seconds_is_refused_not_cut_to_the_minute(typed):
    """A fresh helper's attack: "14:03:99" was saved as 14:03, seconds dropped unsaid."""
    with pytest.raises(ValueError, match="times are kept to the minute"):
        parse_partial_datetime(typed)


@pytest.mark.parametrize(
    "typed, minutes",
    [("45 min", 45), ("3 h 30 min", 210), ("2 days", 2880), ("1 d 4 h", 1680),
     ("3.5 hours", 210), ("PT3H30M", 210), ("1 week", 10080), ("2 hours and 5 minutes", 125)],
)  # fmt: skip
def test_durations_are_read_as_people_type_them(typed, minutes):
    assert parse_duration_text(typed) == datetime.timedelta(minutes=minutes)


@pytest.mark.parametrize(
    "typed",
    ["soon", "3 parsecs", "-2 h", "0 min", "20000 days", "P", "PT0.5S",
     "99999999999999999999 days", "P99999999999999999999D"],
)  # fmt: skip
def test_unreadable_durations_say_why(typed):
    """Issue 22: "PT0.5S" was saved as a zero that blocked every later save; a huge
    number was a 500."""
    with pytest.raises(ValueError, match="not"):
        parse_duration_text(typed)


def test_an_end_known_to_the_year_may_follow_a_start_known_to_the_day(admin_client):
    """Issue 22: an end of "2024" after a start of "2024-06-12" was refused as ending
    before it starts; the end's period runs to 31 December. A real inversion is still
    refused."""
    case = make_case("Dated run")
    url = f"/admin/incidents/case/{case.pk}/change/"
    response = admin_client.post(url, form_data(admin_client, url, started="2024-06-12",
                                                ended="2024"))  # fmt: skip
    assert response.status_code == 302, page(response).select(".errorlist")
    response = admin_client.post(url, form_data(admin_client, url, started="2024-06-12",
                                                ended="2024-05"))  # fmt: skip
    assert "The incident cannot end before it starts." in response.content.decode()


@pytest.mark.parametrize(
    "typed", ["48 h 22 min", "2 days 5 h 10 min", "3 days 0 h 0 min 7 s", "PT50H1M1S"]
)
def test_a_saved_duration_comes_back_to_the_second(admin_client, typed):
    """Issue 22: a duration of two days or more lost its minutes on the next save ("48 h
    22 min" came back as "2 days"). Saved, shown in the form, saved again: unchanged."""
    case = make_case("Long outage")
    url = f"/admin/incidents/case/{case.pk}/change/"
    response = admin_client.post(url, form_data(admin_client, url, duration=typed))
    assert response.status_code == 302, page(response).select(".errorlist")
    case.refresh_from_db()
    stored = case.duration
    assert stored == parse_duration_text(typed)
    response = admin_client.post(url, form_data(admin_client, url, summary="Edited again."))
    assert response.status_code == 302
    case.refresh_from_db()
    assert case.duration == stored


def test_an_editor_enters_a_report_as_it_reads(admin_client):
    """A quarter, two organisations with roles, a timeline and the key facts, through the
    admin form as a browser posts it; then the case page as readers see it."""
    operator = make_organisation("Example Lab")
    vendor = make_organisation("GPU Maker")
    h100 = Accelerator.objects.create(name="NVIDIA H100", slug="h100")
    training = Workload.objects.get(slug="training")
    data = form_data(
        admin_client, "/admin/incidents/case/add/",
        title="Example Lab: the training run stalled for a day on a switch firmware bug",
        slug="", is_published="on", summary="It stalled.", started="2024-Q2",
        workloads=[training.pk], accelerators=[h100.pk], accelerator_count="16384",
        interconnect="InfiniBand NDR", duration="1 d 2 h", time_to_detect="45 min",
        gpu_hours_lost="120000",
        **{"involvements-0-organisation": operator.pk, "involvements-0-role": "operator",
           "involvements-0-position": "0",
           "involvements-TOTAL_FORMS": "2",
           "involvements-1-organisation": vendor.pk, "involvements-1-role": "vendor",
           "timeline-TOTAL_FORMS": "2",
           "timeline-0-when": "2024-05-02 09:30", "timeline-0-event": "Throughput fell.",
           "timeline-1-when": "2024-05-03", "timeline-1-event": "Firmware rolled back.",
           "sources-0-url": "https://example.org/report", "sources-0-title": "Report"},
    )  # fmt: skip
    response = admin_client.post("/admin/incidents/case/add/", data)
    assert response.status_code == 302, page(response).select(".errorlist")
    case = Case.objects.get()
    # A slug made from the title: short, whole words, no small words.
    assert case.slug == "example-lab-training-run-stalled-day-switch-firmware-bug"
    assert (case.started_on, case.started_on_precision) == (datetime.date(2024, 4, 1), "quarter")
    soup = page(admin_client.get(case.get_absolute_url()))
    facts = dict(
        zip(
            [dt.get_text(strip=True) for dt in soup.select(".keyfacts dt")],
            [dd.get_text(strip=True) for dd in soup.select(".keyfacts dd")],
            strict=True,
        )
    )
    assert facts == {
        "Workload": "Training", "Accelerators": "NVIDIA H100", "Scale": "16,384 accelerators",
        "Interconnect": "InfiniBand NDR", "Duration": "1 day 2 h", "Time to detect": "45 min",
        "GPU-hours lost": "120,000",
    }  # fmt: skip
    header = soup.select_one(".case__header").get_text(" ", strip=True)
    assert "Organisations Example Lab (operator) , GPU Maker (vendor)" in header
    assert "from Q2 2024" in header  # known by its quarter only: not "lasting" it
    assert [li.get_text(" ", strip=True) for li in soup.select(".timeline li")] == [
        "2 May 2024, 09:30 UTC Throughput fell.",
        "3 May 2024 Firmware rolled back.",
    ]
    # The form shows what was typed, as it was typed.
    form = page(admin_client.get(f"/admin/incidents/case/{case.pk}/change/"))
    assert form.select_one("input[name=started]")["value"] == "2024-Q2"
    assert form.select_one("input[name=duration]")["value"] == "1 day 2 h"
    assert form.select_one("input[name=timeline-0-when]")["value"] == "2024-05-02 09:30"


@pytest.mark.parametrize(
    "field, typed, message",
    [("started", "2024-13", "is not a date in the calendar"),
     ("started", "9999", "outside 1990"),
     ("ended", "2023", "The incident cannot end before it starts."),
     ("duration", "soon", "is not a duration")],
)  # fmt: skip
def test_the_form_explains_what_it_cannot_read(admin_client, field, typed, message):
    case = make_case("Dated", started_on=datetime.date(2024, 3, 1))
    url = f"/admin/incidents/case/{case.pk}/change/"
    response = admin_client.post(url, form_data(admin_client, url, **{field: typed}))
    assert response.status_code == 200
    assert message in page(response).select_one(f".field-{field}").get_text(" ", strip=True)


def test_the_two_symptom_fields_have_different_labels(admin_client):
    soup = page(admin_client.get("/admin/incidents/case/add/"))
    assert soup.select_one("label[for=id_symptoms_text]").get_text(strip=True) == (
        "Symptoms as seen:"
    )
    assert soup.select_one("label[for=id_symptoms]").get_text(strip=True) == "Symptom terms:"


def test_autocomplete_matches_the_starts_of_words(admin_client):
    make_term("contributing_factor", "Staging unlike production")
    make_term("contributing_factor", "Hardware aging")

    def found(term):
        answer = admin_client.get(
            "/admin/autocomplete/",
            {"term": term, "app_label": "incidents", "model_name": "case",
             "field_name": "contributing_factors"},
        ).json()  # fmt: skip
        return [r["text"] for r in answer["results"]]

    assert found("aging") == ["Hardware aging"]
    assert found("stag") == ["Staging unlike production"]
    assert found("prod") == ["Staging unlike production"]


def test_a_name_spelt_with_a_hyphen_is_the_same_name(admin_client):
    """A fresh helper added "Nccl Time-out" beside "NCCL timeout", though the README says
    a spelling with hyphens is refused."""
    make_term("symptom", "NCCL timeout")
    url = "/admin/taxonomy/symptom/add/"
    response = admin_client.post(
        url, form_data(admin_client, url, name="Nccl Time-out", slug="nccl-time-out")
    )
    assert response.status_code == 200
    assert "“Nccl Time-out” is already the name of the symptom “NCCL timeout”" in (
        response.content.decode()
    )


def test_a_second_term_for_one_idea_is_refused(admin_client):
    make_term("symptom", "NCCL timeout", aliases="NCCL watchdog")
    url = "/admin/taxonomy/symptom/add/?_to_field=id&_popup=1"
    response = admin_client.post(
        url, form_data(admin_client, url, name="NCCL watchdogs", slug="nccl-watchdogs")
    )
    assert response.status_code == 200
    assert "“NCCL watchdogs” is already an alias of the symptom “NCCL timeout”" in (
        response.content.decode()
    )
    assert (
        not type(make_term("symptom", "NCCL timeout"))
        .objects.filter(slug="nccl-watchdogs")
        .exists()
    )


def test_a_second_organisation_for_one_name_is_refused(admin_client):
    """The Ray project's name was an alias of Anyscale in the fixtures: "Ray project" in a
    text suggested the company. The admin now refuses such a wording for organisations
    (and accelerators and workloads) as it does for terms, on the field that holds it."""
    from incidents.models import Organisation

    make_organisation("Ray project", slug="ray-project", aliases="Ray\nKubeRay")
    url = "/admin/incidents/organisation/add/"
    data = form_data(admin_client, url, name="Anyscale", slug="anyscale", aliases="RAY")
    response = admin_client.post(url, data)
    assert response.status_code == 200
    errors = [e.get_text(" ", strip=True) for e in page(response).select(".errorlist")]
    assert errors == [
        "“RAY” is already an alias of the organisation “Ray project”. Use that "
        "organisation, or add your wording to its aliases."
    ]
    assert not Organisation.objects.filter(slug="anyscale").exists()
    data["aliases"] = "Anyscale, Inc."
    assert admin_client.post(url, data).status_code == 302
    url = "/admin/incidents/accelerator/add/"
    data = form_data(admin_client, url, name="NVIDIA H100 SXM", slug="h100-sxm", aliases="")
    make_accelerator = Accelerator.objects.get_or_create
    make_accelerator(slug="h100", defaults={"name": "NVIDIA H100", "vendor": "NVIDIA"})
    data["name"] = "nvidia h100"
    response = admin_client.post(url, data)
    assert "is already the name of the accelerator “NVIDIA H100”" in response.content.decode()


class LoadLibraryAgainTests(LibraryTestCase):
    """The library as ``make run`` loads it (``manage.py load_library`` into an empty
    database, ``tests/snapshots.load_library``), then ``make run`` again."""

    def test_loading_the_library_twice_keeps_editors_changes(self):
        loaded = Case.objects.count()
        assert loaded >= 79
        case = Case.objects.order_by("pk").first()
        Case.objects.filter(pk=case.pk).update(summary="An editor's better summary.")
        out = io.StringIO()
        call_command("load_library", stdout=out)
        assert "nothing loaded, so editors' changes are kept" in out.getvalue()
        case.refresh_from_db()
        assert case.summary == "An editor's better summary."
        assert Case.objects.count() == loaded


@pytest.fixture
def facts_library():
    """Five cases with the facts the list filters and sorts by."""
    h100 = Accelerator.objects.create(name="NVIDIA H100", slug="h100")
    a100 = Accelerator.objects.create(name="NVIDIA A100", slug="a100")
    training, inference = (
        Workload.objects.get(slug="training"),
        Workload.objects.get(slug="inference"),
    )
    day = datetime.date
    make_case(
        "H100 training 2024",
        started_on=day(2024, 5, 1),
        accelerator_count=16384,
        duration=datetime.timedelta(hours=3),
        workloads=[training],
        accelerators=[h100],
    )
    make_case(
        "H100 inference 2025",
        started_on=day(2025, 1, 1),
        accelerator_count=512,
        duration=datetime.timedelta(hours=30),
        workloads=[inference],
        accelerators=[h100],
    )
    make_case(
        "A100 training 2023",
        started_on=day(2023, 7, 1),
        accelerator_count=2048,
        workloads=[training],
        accelerators=[a100],
    )
    make_case(
        "H100 training 2023",
        started_on=day(2023, 2, 1),
        workloads=[training],
        accelerators=[h100],
        duration=datetime.timedelta(minutes=20),
    )
    make_case("Undated", started_on=None)  # fmt: skip


def facet_counts(response, key):
    return {
        a.select_one(".facet-value__label").get_text(strip=True): int(
            a.select_one(".facet-value__count").get_text()
        )
        for a in page(response).select(f"section[aria-labelledby=facet-{key}] a.facet-value")
    }


def test_accelerator_workload_and_year_narrow_the_list_with_counts(client, facts_library):
    response = client.get("/?accelerator=h100&workload=training&year_from=2024")
    assert listed_titles(response) == ["H100 training 2024"]
    # Disjunctive counts: each says what the list would hold after the click.
    assert facet_counts(response, "accelerator") == {"NVIDIA H100": 1}
    assert facet_counts(response, "workload") == {"Training": 1, "Inference": 1}
    assert facet_counts(response, "year") == {"2023": 1, "2024": 1}
    assert facet_counts(response, "scale") == {"10,000 to 99,999 accelerators": 1}
    chips = [a.get_text(" ", strip=True) for a in page(response).select(".chips a.chip")]
    assert "Years from 2024 ×" in chips
    response = client.get("/?scale=1k-10k&scale=10k-100k")
    assert listed_titles(response) == ["H100 training 2024", "A100 training 2023"]


def test_a_year_bound_with_no_case_is_shown_chosen_in_its_select(client, facts_library):
    """ "from 2022" where the first dated case is of 2023: the From select showed "any"
    while the chip said "Years from 2022", and Apply would have dropped the bound."""
    response = client.get("/?year_from=2022&year_to=2026")
    assert page(response).select_one("#year_from option[selected]")["value"] == "2022"
    assert page(response).select_one("#year_to option[selected]")["value"] == "2026"
    assert "Years 2022 to 2026 ×" in [
        a.get_text(" ", strip=True) for a in page(response).select(".chips a.chip")
    ]


@pytest.mark.parametrize(
    "sort, titles",
    [("", ["H100 inference 2025", "H100 training 2024", "A100 training 2023",
           "H100 training 2023", "Undated"]),
     ("oldest", ["H100 training 2023", "A100 training 2023", "H100 training 2024",
                 "H100 inference 2025", "Undated"]),
     ("scale", ["H100 training 2024", "A100 training 2023", "H100 inference 2025",
                "H100 training 2023", "Undated"]),
     ("duration", ["H100 inference 2025", "H100 training 2024", "H100 training 2023",
                   "A100 training 2023", "Undated"])],
)  # fmt: skip
def test_the_list_sorts_by_date_scale_and_outage(client, facts_library, sort, titles):
    response = client.get("/", {"sort": sort} if sort else {})
    assert listed_titles(response) == titles
    current = page(response).select_one(".sorts a[aria-current]").get_text(strip=True)
    labels = {"": "Newest first", "oldest": "Oldest first", "scale": "Largest scale first",
              "duration": "Longest outage first"}  # fmt: skip
    assert current == labels[sort]


@pytest.mark.parametrize(
    "sort, notice",
    [("duration", "2 of these 5 cases give no duration; they come last, newest first."),
     ("scale", "2 of these 5 cases give no accelerator count; they come last, newest first."),
     ("oldest", "1 of these 5 cases gives no year; they come last, newest first.")],
)  # fmt: skip
def test_an_order_says_which_cases_lack_its_figure(client, facts_library, sort, notice):
    """A new user's tryout: "Longest outage first" over cases with no duration looked
    like newest first, with no word why. The page, the API and MCP say it alike."""
    from api.mcp_answers import search_cases_answer

    shown = page(client.get("/", {"sort": sort})).select_one(".alert--notice")
    assert shown is not None and notice in shown.get_text()
    assert notice in client.get("/api/v1/cases/", {"sort": sort}).json()["notice"]
    assert notice in search_cases_answer(sort=sort)["notice"]
    assert page(client.get("/")).select_one(".alert--notice") is None
    only = page(client.get("/", {"sort": "duration", "accelerator": "a100"}))
    assert "No case here gives its duration, so the list is newest first." in only.get_text()


@pytest.mark.parametrize(
    "query, message",
    [("year_from=abc", "year_from=abc is not a year"),
     ("year_from=1200", "outside the years the library covers"),
     ("year_from=2025&year_to=2023", "year_from=2025 comes after year_to=2023"),
     ("sort=random", "sort=random is not an order this list knows"),
     ("sort=scale&sort=oldest", "The sort order is given 2 times"),
     ("accelerator=z80", "There is no accelerator “z80”"),
     ("scale=huge", "There is no scale “huge”")],
)  # fmt: skip
def test_bad_years_and_sorts_are_a_400_with_a_message(client, facts_library, query, message):
    response = client.get(f"/?{query}")
    assert response.status_code == 400
    assert message in page(response).select_one(".alert").get_text(" ", strip=True)


def test_an_event_added_to_a_timeline_goes_after_the_others(admin_client):
    case = make_case("Timed")
    for n in range(2):
        case.timeline.create(
            at=datetime.datetime(2024, 1, n + 1, tzinfo=datetime.UTC), event=f"E{n}", position=n
        )
    url = f"/admin/incidents/case/{case.pk}/change/"
    data = form_data(admin_client, url)
    assert data["timeline-TOTAL_FORMS"] == "3"  # two events and an empty row
    data.update({"timeline-2-when": "2024-01-05", "timeline-2-event": "Fixed."})
    response = admin_client.post(url, data)
    assert response.status_code == 302, page(response).select(".errorlist")
    assert [(e.event, e.position) for e in case.timeline.all()] == [
        ("E0", 0),
        ("E1", 1),
        ("Fixed.", 2),
    ]


@pytest.mark.django_db(transaction=True)
def test_deleting_a_case_with_parties_leaves_no_search_document_behind():
    """Regression: the cascade over the case's organisations once re-wrote its search
    document mid-delete, so PostgreSQL refused the commit (a dangling foreign key)."""
    from search.models import SearchDocument

    first, second = make_organisation("Ops"), make_organisation("Vendor")
    case = make_case("Two parties", organisation=[(first, "operator"), (second, "vendor")])
    pk = case.pk
    Case.objects.filter(pk=pk).delete()
    assert not Case.objects.filter(pk=pk).exists()
    assert not SearchDocument.objects.filter(case_id=pk).exists()
    assert Involvement.objects.filter(case_id=pk).count() == 0
