"""Diagnosis (issue 24): what causes a symptom, ranked by findings (links a source
states), never by tags that merely share a case; on the page, the JSON API and in
process, on a small made-up library."""

import math

import pytest
from django.core.exceptions import ValidationError
from django.db.models import Count

from incidents.diagnosis import finding_weight
from incidents.models import Accelerator, Finding
from taxonomy.models import Component, ContributingFactor, RootCause, Symptom

from .conftest import make_case, page

pytestmark = pytest.mark.django_db


def finding(case, root_cause, symptom, component=None, position=None, **fields):
    """A finding on ``case`` (terms by name, already the case's), citing its first source."""
    return Finding.objects.create(
        case=case,
        root_cause=RootCause.objects.get(name=root_cause),
        symptom=Symptom.objects.get(name=symptom),
        component=Component.objects.get(name=component) if component else None,
        source=case.sources.first(),
        evidence=fields.pop("evidence", f"{root_cause} caused {symptom}."),
        position=case.findings.count() if position is None else position,
        **fields,
    )


@pytest.fixture
def library():
    """Four cases. A study carries three root causes and two symptoms, but states only
    that faulty GPUs caused 148 of 419 NCCL timeouts; two incidents each state a link;
    a draft states one more."""
    h100 = Accelerator.objects.create(name="H100", slug="h100")
    study = make_case(
        "A study of 419 interruptions",
        root_causes=["Faulty GPU", "Software bug", "Network switch failure"],
        symptoms=["NCCL timeout", "Job crash"],
        components=["GPU"],
        accelerators=[h100],
    )
    finding(study, "Faulty GPU", "NCCL timeout", "GPU", count=148, out_of=419,
            counted="unexpected interruptions", evidence="Faulty GPUs caused 148 of the 419 "
            "interruptions, seen as NCCL timeouts.")  # fmt: skip
    switch = make_case(
        "A switch reboot", root_causes=["Network switch failure"], symptoms=["NCCL timeout"]
    )
    finding(switch, "Network switch failure", "NCCL timeout",
            evidence="A leaf switch rebooted and every job on it timed out in NCCL.")  # fmt: skip
    second = make_case(
        "Another switch", root_causes=["Network switch failure"], symptoms=["NCCL timeout"]
    )
    finding(second, "Network switch failure", "NCCL timeout")
    draft = make_case(
        "A draft", root_causes=["Software bug"], symptoms=["NCCL timeout"], is_published=False
    )
    finding(draft, "Software bug", "NCCL timeout", evidence="A secret draft sentence.")
    return {"study": study, "switch": switch, "second": second, "draft": draft}


def ranked(response):
    """``[(name, findings text)]`` of a diagnosis page, in order."""
    return [
        (
            item.select_one(".cause__name").get_text(" ", strip=True),
            item.select_one(".cause__weight").get_text(" ", strip=True),
        )
        for item in page(response).select(".cause")
    ]


def test_causes_are_ranked_by_findings_weighted_by_counts_never_by_co_occurrence(client, library):
    response = client.get("/diagnose/?symptom=nccl-timeout")
    assert response.status_code == 200
    # Faulty GPU: one finding counting 148 (1 + log10 148 = 3.17) beats two single
    # incidents (2.0); Software bug sits on the study beside NCCL timeout, but no source
    # links them (and the draft's finding is not public): it is not listed.
    assert ranked(response) == [
        ("Faulty GPU", "1 finding in 1 case · weight 3.17"),
        ("Network switch failure", "2 findings in 2 cases · weight 2.0"),
    ]
    text = page(response).get_text(" ", strip=True)
    assert "148 of 419 unexpected interruptions" in text
    assert "A leaf switch rebooted and every job on it timed out in NCCL." in text
    assert "Based on 3 findings from 3 cases" in text
    assert "Software bug" not in text and "secret draft" not in text
    study = page(response).select(".cause")[0]
    assert study.select_one(".evidence__where a")["href"].endswith(
        library["study"].get_absolute_url()
    )
    assert finding_weight(148) == pytest.approx(1 + math.log10(148))


def test_counts_equal_an_orm_computation(client, library):
    """The index's counts are the database's: findings and distinct cases per root cause,
    published cases only."""
    expected = {
        row["root_cause__slug"]: (row["findings"], row["cases"])
        for row in Finding.objects.filter(symptom__slug="nccl-timeout", case__is_published=True)
        .values("root_cause__slug")
        .annotate(findings=Count("pk"), cases=Count("case", distinct=True))
    }
    answer = client.get("/api/v1/diagnose/?symptom=nccl-timeout").json()
    assert {r["slug"]: (r["findings"], r["cases"]) for r in answer["ranked"]} == expected
    assert answer["findings"] == sum(f for f, _ in expected.values())


def test_the_list_filters_narrow_the_cases_whose_findings_count(client, library):
    response = client.get("/diagnose/?symptom=nccl-timeout&accelerator=h100")
    assert [name for name, _ in ranked(response)] == ["Faulty GPU"]
    assert "Thin evidence: 1 finding from 1 case" in page(response).get_text(" ")
    chips = [a.get_text(" ", strip=True) for a in page(response).select(".applied .chip")]
    assert any("H100" in chip for chip in chips)


def test_a_sentence_or_log_line_is_read_for_its_symptom(client, library):
    response = client.get("/diagnose/", {"q": "all ranks hit an NCCL timeout at step 4000"})
    assert response.status_code == 200
    assert "Read from your words: NCCL timeout" in page(response).get_text(" ", strip=True)
    assert [name for name, _ in ranked(response)] == ["Faulty GPU", "Network switch failure"]


def test_asked_from_a_root_cause_it_lists_what_the_cause_led_to(client, library):
    response = client.get("/diagnose/?root_cause=network-switch-failure")
    assert ranked(response) == [("NCCL timeout", "2 findings in 2 cases · weight 2.0")]


def test_the_landing_page_lists_the_symptoms_with_evidence(client, library):
    response = client.get("/diagnose/")
    assert response.status_code == 200
    starts = [li.get_text(" ", strip=True) for li in page(response).select(".diagnosis__start li")]
    assert starts == ["NCCL timeout 3 findings in 3 cases"]


@pytest.mark.parametrize(
    "query, message",
    [
        ("symptom=no-such-thing", "There is no symptom “no-such-thing”"),
        ("colour=red", "colour"),
    ],
)
def test_bad_input_is_a_400_with_the_lists_message(client, library, query, message):
    for path in ("/diagnose/", "/api/v1/diagnose/"):
        response = client.get(f"{path}?{query}")
        assert response.status_code == 400
        assert message in response.content.decode()


def test_a_script_in_the_sentence_is_shown_as_text(client, library):
    response = client.get("/diagnose/", {"q": "<script>alert(1)</script> NCCL timeout"})
    assert response.status_code == 200
    assert b"<script>alert(1)</script>" not in response.content


def test_the_api_gives_the_pages_answer(client, library):
    answer = client.get("/api/v1/diagnose/?symptom=nccl-timeout").json()
    assert [(r["name"], r["weight"], r["findings"]) for r in answer["ranked"]] == [
        ("Faulty GPU", 3.17, 1),
        ("Network switch failure", 2.0, 2),
    ]
    evidence = answer["ranked"][0]["evidence"][0]
    assert evidence["measure"] == "148 of 419 unexpected interruptions"
    assert evidence["component"] == {"slug": "gpu", "name": "GPU"}
    assert evidence["source"]["url"] == library["study"].sources.first().url
    assert answer["links"]["html"].endswith("/diagnose/?symptom=nccl-timeout")


def test_a_symptoms_term_page_links_to_its_diagnosis(client, library):
    response = client.get("/taxonomy/symptom/nccl-timeout/")
    link = page(response).select_one('a[href="/diagnose/?symptom=nccl-timeout"]')
    assert link is not None and "(3 findings" in link.parent.get_text(" ", strip=True)
    response = client.get("/taxonomy/root_cause/software-bug/")
    assert "No case's source states a link" in page(response).get_text(" ", strip=True)


def test_a_case_page_says_what_caused_what(client, library):
    response = client.get(library["study"].get_absolute_url())
    chains = [p.get_text(" ", strip=True) for p in page(response).select(".finding__chain")]
    assert chains == ["Faulty GPU → , through GPU , → led to NCCL timeout"]
    api = client.get(f"/api/v1/cases/{library['study'].slug}/").json()
    assert api["findings"][0]["measure"] == "148 of 419 unexpected interruptions"
    assert api["findings"][0]["symptom"] == {"slug": "nccl-timeout", "name": "NCCL timeout"}


def test_a_fixtures_finding_must_name_its_cases_own_terms_and_source(library):
    from django.core import serializers

    other = make_case("Elsewhere", root_causes=["Cooling failure"], symptoms=["Job crash"])
    row = {
        "model": "incidents.finding",
        "fields": {
            "case": [library["switch"].slug],
            "root_cause": ["cooling-failure"],
            "symptom": ["nccl-timeout"],
            "source": [other.slug, other.sources.first().url],
            "evidence": "Not this case's.",
            "position": 5,
        },
    }
    import json

    (obj,) = serializers.deserialize("json", json.dumps([row]), handle_forward_references=True)
    with pytest.raises(ValidationError) as error:
        obj.save()
    assert "its root cause is not one of the case's" in str(error.value)
    assert "its source is not one of the case's" in str(error.value)
    assert ContributingFactor.objects.count() == 0


def test_the_graph_draws_causes_from_findings_and_says_which_view_it_shows(client, library):
    response = client.get("/graph/?view=causes")
    assert response.status_code == 200
    lines = [t.get_text() for t in page(response).select(".overview__line title")]
    assert lines == [
        "Faulty GPU caused NCCL timeout through GPU: 1 finding",
        "Network switch failure caused NCCL timeout: 2 findings",
    ]  # Software bug shares the study with NCCL timeout, but no finding links them
    # The middle column: the components the findings went through, opening their cases.
    middle = page(response).select("a.overview__value.graph__node--component")
    assert [a.select_one("title").get_text() for a in middle] == ["Component: GPU (1 finding)"]
    assert middle[0]["href"] == "/?component=gpu"
    links = [a["href"] for a in page(response).select("a.overview__line")]
    assert links[0] == "/diagnose/?symptom=nccl-timeout&root_cause=faulty-gpu"
    current = page(response).select_one('.graph-views [aria-current="page"]')
    assert current.get_text(strip=True) == "What caused what (findings)"
    cases_view = client.get("/graph/")
    current = page(cases_view).select_one('.graph-views [aria-current="page"]')
    assert current.get_text(strip=True) == "Cases and their terms"
    assert client.get("/graph/?view=sideways").status_code == 400
    narrowed = client.get("/graph/?view=causes&accelerator=h100")
    assert len(page(narrowed).select(".overview__line")) == 1


def test_an_undetermined_cause_comes_last_whatever_its_evidence(client, library):
    """A source that reports NCCL timeouts without a cause is recorded as Undetermined
    cause: the record of a gap, not a cause, so it ranks after every cause on each surface
    even when it weighs the most (a count of 1,000 weighs 4; the faulty GPUs 3.17)."""
    unexplained = make_case(
        "Timeouts nobody explained", root_causes=["Undetermined cause"], symptoms=["NCCL timeout"]
    )
    finding(unexplained, "Undetermined cause", "NCCL timeout", count=1000, counted="timeouts")
    response = client.get("/diagnose/?symptom=nccl-timeout")
    assert [name for name, _ in ranked(response)] == [
        "Faulty GPU", "Network switch failure", "Undetermined cause"
    ]  # fmt: skip
    last = page(response).select(".cause")[-1].get_text(" ", strip=True)
    assert "Not a cause: these sources report the symptom without saying why" in last
    answer = client.get("/api/v1/diagnose/?symptom=nccl-timeout").json()
    assert [(r["slug"], r["undetermined"]) for r in answer["ranked"]] == [
        ("faulty-gpu", False), ("network-switch-failure", False), ("undetermined-cause", True)
    ]  # fmt: skip


def test_the_diagnosis_of_a_pair_shows_its_evidence(client, library):
    response = client.get("/diagnose/?symptom=nccl-timeout&root_cause=faulty-gpu")
    assert ranked(response) == [("Faulty GPU", "1 finding in 1 case · weight 3.17")]


def test_a_symptom_without_evidence_stays_chosen_and_says_so(client, library):
    make_case("Lonely", symptoms=["Job hang without error"], root_causes=["Software bug"])
    response = client.get("/diagnose/?symptom=job-hang-without-error")
    assert response.status_code == 200
    chosen = page(response).select_one("#diagnose-symptom option[selected]")
    assert chosen["value"] == "job-hang-without-error"
    # (what its number counts: a new user read "NCCL timeout (3)" as its cases)
    assert chosen.get_text() == "Job hang without error (0 findings)"
    text = page(response).get_text(" ", strip=True)
    assert "No finding links these yet" in text and "not shown to be the cause" in text
    assert not page(response).select(".cause")


# --- What an adversary found (2026-12-04), each failing before its fix ----------------------


def test_a_sentence_typed_after_a_read_one_is_read_afresh(client, library):
    response = client.get("/diagnose/", {"q": "NCCL timeout at step 4000"})
    assert "Read from your words: NCCL timeout" in page(response).get_text(" ", strip=True)
    # The recognised symptom is not chosen in the form: the next sentence is read afresh.
    assert not page(response).select("#diagnose-symptom option[selected]")
    chosen = client.get("/diagnose/", {"symptom": "nccl-timeout", "q": "the job crashed"})
    text = page(chosen).get_text(" ", strip=True)
    assert "Your words were not read for symptoms" in text
    link = page(chosen).find("a", string="Read them instead")["href"]
    assert link == "/diagnose/?q=the+job+crashed"


def test_every_link_keeps_the_filters_and_what_is_diagnosed(client, library):
    response = client.get("/diagnose/?symptom=nccl-timeout&accelerator=h100")
    cases = page(response).find("a", string="The cases carrying both terms")["href"]
    assert cases == "/?symptom=nccl-timeout&accelerator=h100&root_cause=faulty-gpu"
    landing = client.get("/diagnose/?accelerator=h100")
    starts = [li.get_text(" ", strip=True) for li in page(landing).select(".diagnosis__start li")]
    assert starts == ["NCCL timeout 1 finding in 1 case"]  # the study on H100s only
    assert page(landing).select_one(".diagnosis__start a")["href"] == (
        "/diagnose/?accelerator=h100&symptom=nccl-timeout"
    )
    narrowing = [a["href"] for a in page(response).select(".narrowing a")]
    assert not any("accelerator=" in href.split("accelerator=h100", 1)[1] for href in narrowing)


def test_tracking_tags_pass_and_the_title_says_which_way_it_asks(client, library):
    response = client.get("/diagnose/?symptom=nccl-timeout&utm_source=newsletter&gclid=x")
    assert response.status_code == 200
    response = client.get("/diagnose/?root_cause=network-switch-failure")
    assert page(response).title.get_text().startswith("What Network switch failure led to")
    assert page(response).select_one("#diagnose-q")["maxlength"] == "6000"


@pytest.fixture
def unexplained(library):
    """A case whose source saw NCCL timeouts and gave no cause (Undetermined cause)."""
    case = make_case(
        "Timeouts nobody explained", root_causes=["Undetermined cause"], symptoms=["NCCL timeout"]
    )
    finding(case, "Undetermined cause", "NCCL timeout", evidence="Nobody found why.")
    return case


def test_no_cause_given_is_listed_past_the_limit_and_said_in_the_summary(
    client, unexplained, monkeypatch
):
    """Issue 24: Undetermined cause is not a cause, so the limit on causes does not hide
    it behind "more with less evidence"; the summary says how many findings give none."""
    monkeypatch.setattr("listing.diagnosis.RANKED_LIMIT", 1)
    answer = client.get("/api/v1/diagnose/?symptom=nccl-timeout").json()
    assert [r["slug"] for r in answer["ranked"]] == ["faulty-gpu", "undetermined-cause"]
    assert answer["more"] == 1  # Network switch failure
    assert answer["ranked"][1]["evidence"][0]["sentence"] == "Nobody found why."
    assert "(1 of them gives no cause)" in answer["summary"]


def test_the_causes_graph_leaves_out_no_cause_given_and_says_so(client, unexplained):
    response = client.get("/graph/?view=causes")
    titles = [t.get_text() for t in page(response).select(".overview__line title")]
    assert not any("Undetermined" in title for title in titles)
    assert "1 finding whose source gives no cause is not drawn" in page(response).get_text(
        " ", strip=True
    )


def test_a_value_of_the_causes_graph_keeps_the_other_side_chosen(client, library):
    """Its number counts the findings under the chosen symptom: so must its page."""
    response = client.get("/graph/?view=causes&symptom=nccl-timeout")
    causes = {
        a.select_one("title").get_text(): a["href"]
        for a in page(response).select("a.overview__value.graph__node--root_cause")
    }
    assert causes["Root cause: Network switch failure (2 findings)"] == (
        "/diagnose/?symptom=nccl-timeout&root_cause=network-switch-failure"
    )


def test_a_line_names_its_component_even_when_the_column_leaves_it_out(
    client, library, monkeypatch
):
    monkeypatch.setattr("incidents.overview.MOST_COMPONENTS", 0)
    response = client.get("/graph/?view=causes")
    titles = [t.get_text() for t in page(response).select(".overview__line title")]
    assert "Faulty GPU caused NCCL timeout through GPU: 1 finding" in titles
    assert not page(response).select(".graph__node--component")


def test_what_the_words_named_is_kept_by_the_links(client, library):
    """'Diagnose only that' keeps the filters (it went to the bare symptom), and 'the
    cases carrying both terms' the symptom read from the words (it had the cause only)."""
    response = client.get("/diagnose/", {"q": "NCCL timeout at step 4000", "accelerator": "h100"})
    only = page(response).find("a", string="Diagnose only that")["href"]
    assert only == "/diagnose/?accelerator=h100&symptom=nccl-timeout"
    both = page(response).find("a", string="The cases carrying both terms")["href"]
    assert both == "/?accelerator=h100&symptom=nccl-timeout&root_cause=faulty-gpu"


def test_a_share_reads_as_the_source_wrote_it():
    from decimal import Decimal

    from incidents.models import finding_measure

    assert finding_measure(7, 419, "interruptions", Decimal("1.70")) == (
        "7 of 419 interruptions (1.7%)"
    )
    assert finding_measure(None, None, "heads", Decimal("12.70")) == "12.7% of heads"
    assert finding_measure(None, None, "", Decimal("100.00")) == "100%"


def test_values_past_the_limit_are_counted_not_dropped(client, library, monkeypatch):
    monkeypatch.setattr("listing.diagnosis.RANKED_LIMIT", 1)
    answer = client.get("/api/v1/diagnose/?symptom=nccl-timeout").json()
    assert [r["name"] for r in answer["ranked"]] == ["Faulty GPU"] and answer["more"] == 1
    assert answer["findings"] == 3  # the whole answer's evidence, not the shown part's
    text = page(client.get("/diagnose/?symptom=nccl-timeout")).get_text(" ", strip=True)
    assert "1 more with less evidence are left off" in text


def test_a_sentence_that_names_nothing_says_so_on_the_api(client, library):
    answer = client.get("/api/v1/diagnose/", {"q": "zzzz qqqq"}).json()
    assert answer["summary"].startswith("No symptom or root cause was recognised")


def test_the_causes_graph_under_a_symptom_draws_its_findings_and_links_the_pair(client, library):
    response = client.get("/graph/?view=causes&symptom=nccl-timeout&accelerator=h100")
    lines = page(response).select("a.overview__line")
    assert [a.select_one("title").get_text() for a in lines] == [
        "Faulty GPU caused NCCL timeout through GPU: 1 finding"
    ]
    assert (
        lines[0]["href"] == "/diagnose/?accelerator=h100&symptom=nccl-timeout&root_cause=faulty-gpu"
    )
    twice = client.get("/graph/?view=causes&view=cases")
    assert twice.status_code == 400 and "given 2 times" in twice.content.decode()
    unknown = client.get("/graph/?colour=red").content.decode()
    assert "view" in unknown.split("takes", 1)[1]


def test_a_case_is_found_by_the_words_of_its_findings(client, library):
    """Issue 24: the search documents carry the findings' evidence, on both databases
    (PostgreSQL's stored vector is recomputed when a finding is saved or deleted)."""
    query = {"q": "tripwire quasar"}
    assert client.get("/api/v1/cases/", query).json()["count"] == 0
    added = finding(library["switch"], "Network switch failure", "NCCL timeout",
                    evidence="The tripwire quasar relay rebooted the leaf switch.")  # fmt: skip
    found = client.get("/api/v1/cases/", query).json()
    assert [case["slug"] for case in found["results"]] == [library["switch"].slug]
    added.delete()
    assert client.get("/api/v1/cases/", query).json()["count"] == 0


def test_what_no_cause_led_to_is_called_what_was_seen_without_one(client, unexplained):
    """Undetermined cause produced nothing: its term page and its diagnosis say what was
    seen with no cause found, not what it 'produced' or 'led to'."""
    term = page(client.get("/taxonomy/root_cause/undetermined-cause/")).get_text(" ", strip=True)
    assert "The symptoms seen with no cause found" in term and "produced" not in term
    response = client.get("/diagnose/?root_cause=undetermined-cause")
    assert page(response).h1.get_text(strip=True) == "Symptoms seen with no cause found"
    other = client.get("/diagnose/?root_cause=faulty-gpu")
    assert page(other).h1.get_text(strip=True) == "What Faulty GPU led to"
