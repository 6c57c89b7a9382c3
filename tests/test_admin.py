"""Editors in Django admin: add a case with sources, publish it, see it on the list."""

import warnings

import pytest
from django.test import Client

from incidents.models import Case

from .conftest import listed_titles, make_case, make_organisation, make_term, page

pytestmark = pytest.mark.django_db


def form_data(admin_client, url, **changes):
    """What a browser would post from the admin form at ``url``: every input, select and
    textarea of the form as rendered (hidden version fields and inline management forms
    included), then ``changes`` (a list value for a multiple select)."""
    return form_data_from(page(admin_client.get(url)), **changes)


def form_data_from(soup, **changes):
    """:func:`form_data` from an admin page already parsed."""
    form = soup.select_one("form[id$=_form]")
    data = {}
    for field in form.select("input[name], select[name], textarea[name]"):
        name = field["name"]
        if "__prefix__" in name:
            continue
        if field.name == "textarea":  # a browser drops the newline that opens it
            data[name] = field.get_text().removeprefix("\n")
        elif field.name == "select":
            chosen = [o["value"] for o in field.select("option[selected]")]
            data[name] = chosen if field.has_attr("multiple") else (chosen[0] if chosen else "")
        elif field.get("type") == "checkbox":
            if field.has_attr("checked"):
                data[name] = field.get("value", "on")
        elif field.get("type") not in {"submit", "button"}:
            data[name] = field.get("value", "")
    data.update(changes)
    return data


def test_editor_adds_a_case_with_sources_and_sees_it_on_the_list(admin_client):
    organisation = make_organisation("Example Lab")
    symptom = make_term("symptom", "Job crash")
    root_cause = make_term("root_cause", "Faulty GPU", categories=["GPU hardware and memory"])
    component = make_term("component", "GPU")
    data = form_data(
        admin_client, "/admin/incidents/case/add/",
        title="New case", slug="new-case", is_published="on", summary="It broke.",
        started="2024-02-03", symptoms=[symptom.pk], root_causes=[root_cause.pk],
        components=[component.pk],
        **{"involvements-0-organisation": organisation.pk, "involvements-0-position": "0",
           "sources-0-url": "https://example.org/postmortem", "sources-0-title": "Postmortem",
           "sources-0-publisher": "Example Lab", "sources-0-date": "2024-02-10"},
    )  # fmt: skip
    response = admin_client.post("/admin/incidents/case/add/", data)
    assert response.status_code == 302, page(response).select(".errorlist")
    case = Case.objects.get(slug="new-case")
    assert [s.title for s in case.sources.all()] == ["Postmortem"]
    assert listed_titles(admin_client.get("/")) == ["New case"]
    assert "GPU hardware and memory" in admin_client.get("/cases/new-case/").content.decode()


def test_admin_search_finds_a_case_by_a_word_of_its_text(admin_client):
    """On PostgreSQL through the stored search vectors (stemmed: "overheating" finds
    "overheated"), elsewhere by substring."""
    from django.db import connection

    make_case("Hot hall", summary="The GPUs overheated in the hall.")
    make_case("Quiet hall", summary="Nothing happened.")
    word = "overheating" if connection.vendor == "postgresql" else "overheated"
    response = admin_client.get("/admin/incidents/case/", {"q": word})
    listed = page(response).select_one("#result_list").get_text(" ", strip=True)
    assert "Hot hall" in listed and "Quiet hall" not in listed


def test_new_cases_start_as_drafts(admin_client):
    form = page(admin_client.get("/admin/incidents/case/add/"))
    assert not form.select_one("input[name=is_published]").has_attr("checked")


def test_case_admin_pages_render_with_autocomplete_and_view_on_site(admin_client):
    case = make_case("Listed", root_causes=["Faulty GPU"])
    assert admin_client.get("/admin/incidents/case/?q=Listed").status_code == 200
    soup = page(admin_client.get(f"/admin/incidents/case/{case.pk}/change/"))
    assert (
        "admin-autocomplete" in soup.select_one("select[name=involvements-0-organisation]")["class"]
    )
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


def test_two_editors_changing_different_fields_both_keep_their_changes(admin_client):
    case = make_case("Shared", summary="Original.", lessons="Old lesson.")
    url = f"/admin/incidents/case/{case.pk}/change/"
    first = form_data(admin_client, url, summary="First editor's words.")
    second = form_data(admin_client, url, lessons="Second editor's lesson.")  # opened together
    assert admin_client.post(url, first).status_code == 302
    assert admin_client.post(url, second).status_code == 302
    case.refresh_from_db()
    assert (case.summary, case.lessons) == ("First editor's words.", "Second editor's lesson.")
    assert case.version == 3


def test_a_real_conflict_keeps_the_typed_text_and_applies_it_when_saved_again(admin_client):
    case = make_case("Shared", summary="Original.")
    url = f"/admin/incidents/case/{case.pk}/change/"
    first = form_data(admin_client, url, summary="First editor's words.")
    second = form_data(admin_client, url, summary="Second editor's words.")
    assert admin_client.post(url, first).status_code == 302
    response = admin_client.post(url, second)
    assert response.status_code == 200
    soup = page(response)
    text = soup.get_text(" ", strip=True)
    assert "Someone else saved this case while you edited it" in text
    assert "Saved meanwhile by someone else: “First editor's words.”" in text
    # Nothing typed is lost: the form comes back with the second editor's words ...
    assert soup.select_one("textarea[name=summary]").get_text().strip() == "Second editor's words."
    case.refresh_from_db()
    assert case.summary == "First editor's words."
    # ... and saving that form again applies them over the first editor's version.
    again = form_data_from(soup)
    assert admin_client.post(url, again).status_code == 302
    case.refresh_from_db()
    assert case.summary == "Second editor's words."


def test_saving_again_after_a_conflict_keeps_the_other_editors_other_changes(admin_client):
    """A fresh helper's attack: after a conflict on the summary, "Save again" sent back the
    fields only the other editor had changed with their old values, which then read as
    this editor's changes: the other's lesson and unpublishing were undone, and a draft
    went public again."""
    case = make_case("Shared", summary="Original.", lessons="Old lesson.")
    url = f"/admin/incidents/case/{case.pk}/change/"
    first = form_data(
        admin_client, url, summary="First editor's words.", lessons="First editor's lesson."
    )
    first.pop("is_published", None)  # the first editor unpublishes it
    second = form_data(admin_client, url, summary="Second editor's words.")
    assert admin_client.post(url, first).status_code == 302
    response = admin_client.post(url, second)
    assert response.status_code == 200  # the conflict on the summary
    assert admin_client.post(url, form_data_from(page(response))).status_code == 302
    case.refresh_from_db()
    assert case.summary == "Second editor's words."
    assert case.lessons == "First editor's lesson."
    assert case.is_published is False
    assert admin_client.get(case.get_absolute_url()).status_code == 200  # an editor sees it
    assert Client().get(case.get_absolute_url()).status_code == 404


def test_the_same_editors_publish_action_does_not_block_an_open_form(admin_client):
    case = make_case("Draft", is_published=False, summary="Draft text.")
    url = f"/admin/incidents/case/{case.pk}/change/"
    opened = form_data(admin_client, url, summary="Better text.")  # opened as a draft
    admin_client.post("/admin/incidents/case/", {"action": "publish",
                                                 "_selected_action": [case.pk]})  # fmt: skip
    response = admin_client.post(url, opened)
    assert response.status_code == 302, page(response).select(".errorlist")
    case.refresh_from_db()
    assert case.is_published and case.summary == "Better text."


def test_publishing_without_a_source_is_refused(admin_client):
    case = make_case("Unsourced", sources=0, is_published=False)
    url = f"/admin/incidents/case/{case.pk}/change/"
    response = admin_client.post(url, form_data(admin_client, url, is_published="on"))
    assert "A published case needs at least one source" in response.content.decode()
    case.refresh_from_db()
    assert not case.is_published
    admin_client.post("/admin/incidents/case/", {"action": "publish",
                                                 "_selected_action": [case.pk]})  # fmt: skip
    case.refresh_from_db()
    assert not case.is_published


def test_the_publish_action_refuses_a_case_without_an_organisation(admin_client):
    """Issue 21 row 8: the change list's action published what the form refuses."""
    lone = make_case("No party", organisation=None, is_published=False)
    lone.involvements.all().delete()
    ready = make_case("Ready", is_published=False)
    response = admin_client.post(
        "/admin/incidents/case/",
        {"action": "publish", "_selected_action": [lone.pk, ready.pk]},
        follow=True,
    )
    lone.refresh_from_db()
    ready.refresh_from_db()
    assert (lone.is_published, ready.is_published) == (False, True)
    shown = " ".join(m.get_text(" ", strip=True) for m in page(response).select(".messagelist li"))
    assert "Published 1 case(s)." in shown
    assert "Not published: No party (no organisation yet)." in shown


def test_autocomplete_puts_name_matches_before_alias_matches(admin_client):
    make_term("symptom", "Job hang without error", aliases="NCCL hang")
    make_term("symptom", "NCCL timeout")
    found = admin_client.get(
        "/admin/autocomplete/",
        {"term": "nccl", "app_label": "incidents", "model_name": "case",
         "field_name": "symptoms"},
    ).json()  # fmt: skip
    assert [r["text"] for r in found["results"]] == ["NCCL timeout", "Job hang without error"]


def test_admin_login_is_locked_after_five_failures(client, admin_user):
    statuses = [
        client.post(
            "/admin/login/?next=/admin/", {"username": "admin", "password": "wrong"}
        ).status_code
        for _ in range(5)
    ]
    assert statuses == [200, 200, 200, 200, 429]
    response = client.post("/admin/login/?next=/admin/",
                           {"username": "admin", "password": "password"})  # fmt: skip
    assert response.status_code == 429
    assert "Too many failed sign-ins" in response.content.decode()
    assert response["Retry-After"] == "3600"  # the hour the page names


def test_a_locked_out_script_gets_axes_json_and_retry_after(client, admin_user, settings):
    """The lockout's Retry-After is added around axes' own answer (a first version replaced
    it, losing the JSON a script gets and failing on a cool-off given as a timedelta: a
    review)."""
    from datetime import timedelta

    settings.AXES_COOLOFF_TIME = timedelta(minutes=30)
    for _ in range(5):
        response = client.post(
            "/admin/login/", {"username": "admin", "password": "wrong"},
            HTTP_X_REQUESTED_WITH="XMLHttpRequest",
        )  # fmt: skip
    assert response.status_code == 429
    assert response.json()["failure_limit"] == 5
    assert response["Retry-After"] == "1800"


def test_lockout_counts_the_client_behind_a_trusted_proxy(client, admin_user, settings):
    settings.TRUSTED_PROXY_COUNT = 1  # one proxy in front, appending the client's address

    def attempt(client_ip, password):
        return client.post("/admin/login/?next=/admin/",
                           {"username": "admin", "password": password},
                           HTTP_X_FORWARDED_FOR=f"1.2.3.4, {client_ip}").status_code  # fmt: skip

    # The first address is spoofed by the client; the proxy appended the real one.
    assert [attempt("203.0.113.9", "wrong") for _ in range(5)][-1] == 429
    # Another visitor behind the same proxy can still sign in as that editor.
    assert attempt("198.51.100.7", "password") == 302


def test_admin_search_with_a_nul_byte_is_not_an_error(admin_client):
    make_term("symptom", "Job crash")
    response = admin_client.get(
        "/admin/autocomplete/",
        {"term": "job\x00", "app_label": "incidents", "model_name": "case",
         "field_name": "symptoms"},
    )  # fmt: skip
    assert response.status_code == 200
    assert admin_client.get("/admin/incidents/case/", {"q": "a\x00b"}).status_code == 200


def test_two_editors_saving_a_term_merge_or_see_the_conflict(admin_client):
    term = make_term("symptom", "NCCL timeout", aliases="NCCL watchdog")
    url = f"/admin/taxonomy/symptom/{term.pk}/change/"
    first = form_data(admin_client, url, aliases="NCCL watchdog\nProcessGroupNCCL timeout")
    second = form_data(admin_client, url, description="A collective timed out.")
    third = form_data(admin_client, url, aliases="NCCL watchdog\nWatchdog caught collective")
    assert admin_client.post(url, first).status_code == 302
    assert admin_client.post(url, second).status_code == 302  # another field: merged
    term.refresh_from_db()
    assert term.aliases == "NCCL watchdog\nProcessGroupNCCL timeout"
    assert term.description == "A collective timed out."
    response = admin_client.post(url, third)  # the same field: a conflict, shown
    assert "Someone else saved this symptom while you edited it" in response.content.decode()
    term.refresh_from_db()
    assert term.aliases == "NCCL watchdog\nProcessGroupNCCL timeout"


def test_two_editors_adding_the_same_organisation_get_a_message_not_a_500(admin_client):
    """Issue 21 row 4: editor A opens the case, editor B adds an organisation and saves,
    then A adds the same one: A sees which row and why, with what A typed kept (a unique
    constraint used to answer 500)."""
    from incidents.models import Involvement

    lab = make_organisation("Example Lab")
    vendor = make_organisation("Switch Vendor", slug="switch-vendor")
    case = make_case("Two editors", organisation=lab)
    url = f"/admin/incidents/case/{case.pk}/change/"
    data = form_data(admin_client, url, summary="Edited by A.")
    extra = int(data["involvements-TOTAL_FORMS"]) - 1  # the blank row
    data.update({f"involvements-{extra}-organisation": vendor.pk,
                 f"involvements-{extra}-role": "vendor"})  # fmt: skip
    Involvement.objects.create(case=case, organisation=vendor, role="vendor", position=5)
    response = admin_client.post(url, data)
    assert response.status_code == 200
    errors = " ".join(e.get_text(" ", strip=True) for e in page(response).select(".errorlist"))
    assert "Switch Vendor is already named on this case" in errors
    assert "Edited by A." in response.content.decode()
    assert Case.objects.get(pk=case.pk).summary != "Edited by A."


def test_the_change_form_reads_parties_in_a_constant_number_of_queries(admin_client):
    """Issue 21 row 9: each party row cost two queries (its organisation, and the
    autocomplete's selected value): 18 -> 114 for 50 parties. Each row still shows its
    organisation selected."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from incidents.models import Involvement

    counts = {}
    for n in (5, 50):
        case = make_case(f"Case with {n} parties")
        for i in range(n - 1):
            organisation = make_organisation(f"Party {n}-{i}")
            Involvement.objects.create(case=case, organisation=organisation, position=i + 1)
        with CaptureQueriesContext(connection) as queries:
            response = admin_client.get(f"/admin/incidents/case/{case.pk}/change/")
        assert response.status_code == 200
        counts[n] = len(queries)
        shown = page(response)
        selected = [
            option.get_text(strip=True)
            for option in shown.select('select[name$="-organisation"] option[selected]')
        ]
        assert selected[1:] == [f"Party {n}-{i}" for i in range(n - 1)]
    assert counts[50] <= counts[5], counts  # (the first request reads one thing more)


def test_a_source_dated_to_the_month_keeps_its_precision_everywhere(admin_client):
    """Issue 22 row 2: a source's date had to be a full date, "2024-04" refused, though
    many reports give only a month. Typed as the report gives it, it is shown back the
    same, printed "April 2024" on the case page, and given with its precision by the API
    and the export."""
    case = make_case("Month-dated report", sources=0)
    url = f"/admin/incidents/case/{case.pk}/change/"
    data = form_data(
        admin_client, url,
        **{"sources-0-url": "https://example.org/report", "sources-0-title": "The report",
           "sources-0-date": "April 2024"},
    )  # fmt: skip
    response = admin_client.post(url, data)
    assert response.status_code == 302, page(response).select(".errorlist")
    form = page(admin_client.get(url))
    assert form.select_one("input[name=sources-0-date]")["value"] == "2024-04"
    time = page(admin_client.get(case.get_absolute_url())).select_one(".sources time")
    assert (time["datetime"], time.get_text()) == ("2024-04", "April 2024")
    source = admin_client.get(f"/api/v1/cases/{case.slug}/").json()["sources"][0]
    assert (source["published_on"], source["published_on_precision"]) == ("2024-04-01", "month")
    exported = admin_client.get("/export.json")
    assert b'"published_on_precision": "month"' in b"".join(exported.streaming_content)
    # A date that is no date is refused on the row, with the forms that work.
    data = form_data(admin_client, url, **{"sources-0-date": "spring 2024"})
    errors = page(admin_client.post(url, data)).select(".errorlist")
    assert errors and "2024-04" in errors[0].get_text()


def test_organisations_autocomplete_in_name_order_across_pages(admin_client):
    """The case form's organisation picker pages through organisations 20 at a time. The
    admin counts each organisation's cases (a GROUP BY, where Django ignores the model's
    ordering), so the pages were unordered: an organisation could show on two pages or
    none (Django warned: UnorderedObjectListWarning)."""
    from django.core.paginator import UnorderedObjectListWarning

    names = [f"Lab {n:02d}" for n in range(25)]
    for name in reversed(names):
        make_organisation(name)
    query = {"term": "lab", "app_label": "incidents", "model_name": "involvement",
             "field_name": "organisation"}  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnorderedObjectListWarning)
        first = admin_client.get("/admin/autocomplete/", query).json()
        second = admin_client.get("/admin/autocomplete/", {**query, "page": 2}).json()
    listed = [r["text"] for r in first["results"] + second["results"]]
    assert listed == names


@pytest.mark.parametrize(
    "url, model",
    [
        ("/admin/taxonomy/symptom/{pk}/change/", "symptom"),
        ("/admin/incidents/organisation/{pk}/change/", "organisation"),
    ],
)
def test_a_slug_with_capitals_is_refused_with_its_lowercase_form(admin_client, url, model):
    """A fresh helper's attack: the admin saved "CUDA-Error", whose facet link the list
    then refused (it reads filter values lowercased), and "NCCL-Timeout" beside
    "nccl-timeout", whose link listed the other value's cases."""
    from incidents.models import Organisation
    from taxonomy.models import Symptom

    make_term("symptom", "NCCL timeout")
    value = (
        make_term("symptom", "CUDA error")
        if model == "symptom"
        else make_organisation("OpenAI", slug="openai")
    )
    url = url.format(pk=value.pk)
    for slug in ("CUDA-Error", "NCCL-Timeout", "cuda--error", "cuda_error"):
        response = admin_client.post(url, form_data(admin_client, url, slug=slug))
        assert response.status_code == 200, slug
        assert "A slug is lowercase letters and digits" in response.content.decode(), slug
    assert (
        admin_client.post(url, form_data(admin_client, url, slug="cuda-error-2")).status_code == 302
    )
    stored = (Symptom if model == "symptom" else Organisation).objects.get(pk=value.pk)
    assert stored.slug == "cuda-error-2"
