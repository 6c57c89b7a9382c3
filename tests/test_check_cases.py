"""scripts/check_cases.py: the editorial checks a fact-checker runs before publishing (issue
13), on small made-up fixtures, and on the real library when the research notes are here."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "check_cases.py"
NOTES = ROOT.parent / "shared" / "research"

NOTE = (
    "### Example: a note\n- summary: The storage cluster froze for two hours because a "
    "firmware update on every controller rebooted them all at the same moment overnight.\n"
)


def case(slug, **fields):
    """A draft case (a published one must have a finding: check 4's own tests say so)."""
    base = {"title": slug, "slug": slug, "summary": "", "lessons": "", "root_causes": [],
            "components": [], "symptoms": [], "contributing_factors": [],
            "is_published": False}  # fmt: skip
    return {"model": "incidents.case", "fields": {**base, **fields}}


def source(slug, url):
    return {"model": "incidents.source", "fields": {"case": [slug], "url": url, "title": "t"}}


def run(tmp_path, rows, *flags):
    notes = tmp_path / "notes"
    notes.mkdir(exist_ok=True)
    (notes / "note.md").write_text(NOTE)
    fixture = tmp_path / "cases.json"
    fixture.write_text(json.dumps(rows))
    result = subprocess.run(
        [sys.executable, SCRIPT, "--notes", notes, *flags, fixture],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    return result.returncode, result.stdout


def test_a_run_of_ten_words_from_the_notes_is_reported(tmp_path):
    copied = "Storage froze: a firmware update on every controller rebooted them all at once."
    status, out = run(tmp_path, [case("a", summary=copied), source("a", "https://example.org")])
    assert status == 1
    assert (
        "copied run\ta\tsummary: “a firmware update on every controller rebooted them all at”"
        in out
    )
    assert out.strip().endswith(
        "1 cases checked: 1 copied run, 0 notes language, 0 sources, 0 findings"
    )


def test_nine_words_or_a_quotation_are_not_a_copy(tmp_path):
    nine = "An update on every controller rebooted them all at night."
    quoted = 'The log said "a firmware update on every controller rebooted them all at the same".'
    rows = [case("a", summary=nine, lessons=quoted), source("a", "https://example.org")]
    status, out = run(tmp_path, rows)
    assert (status, out.strip()) == (
        0,
        "1 cases checked: 0 copied run, 0 notes language, 0 sources, 0 findings",
    )


def test_a_run_through_a_short_quotation_is_still_a_copy(tmp_path):
    """A command in backticks reads as part of the sentence; only longer quotes are skipped."""
    copied = "Storage froze: a `firmware update` on every controller rebooted them all at once."
    status, out = run(tmp_path, [case("a", summary=copied), source("a", "https://example.org")])
    assert status == 1
    assert "1 copied run" in out


def test_notes_language_missing_and_copied_sources_are_reported(tmp_path):
    rows = [
        case("a", summary="Hours were lost; the material read gives no figures."),
        source("a", "https://statusgator.com/services/openai"),
        source("a", "http://example.org/report"),
        case("b", summary="Fine."),
    ]
    status, out = run(tmp_path, rows)
    assert status == 1
    assert "notes language\ta\tsummary: “the material read”" in out
    assert "sources\ta\tcopy site https://statusgator.com/services/openai" in out
    assert "sources\ta\tnot https: http://example.org/report" in out
    assert "sources\tb\tno source" in out


def test_a_tag_the_text_never_mentions_is_listed_for_review(tmp_path):
    fields = {"name": "Optical transceiver", "slug": "optical-transceiver", "aliases": "QSFP"}
    term = {"model": "taxonomy.component", "fields": fields}
    rows = [
        term,
        case("a", summary="A QSFP module failed.", components=[["optical-transceiver"]]),
        case("b", summary="The disk filled up.", components=[["optical-transceiver"]]),
        source("a", "https://example.org/a"),
        source("b", "https://example.org/b"),
    ]
    status, out = run(tmp_path, rows, "--warn-tags")
    assert status == 0  # advisory only
    assert "tag to review\tb\tcomponents: optical-transceiver" in out
    assert "tag to review\ta" not in out


def test_a_missing_notes_folder_is_a_usage_error(tmp_path):
    result = subprocess.run(
        [sys.executable, SCRIPT, "--notes", tmp_path / "nowhere", ROOT / "fixtures/cases.json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert "no research notes at" in result.stderr


@pytest.mark.skipif(not NOTES.is_dir(), reason="needs the research notes in ../shared/research")
def test_the_library_has_no_copied_run_notes_language_or_copied_source():
    result = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True, check=False)
    assert result.stdout.splitlines()[-1].endswith(
        ": 0 copied run, 0 notes language, 0 sources, 0 findings"
    )
    assert result.returncode == 0


def test_figures_the_text_states_and_the_key_facts_lack():
    """Issue 22: a count or duration stated in a case's text should be in its key facts
    (the Meta 24K case had no accelerator count, so 'H100 above 10,000' missed it)."""
    from lib.editorial import unstated_figures

    text = (
        "In 2023 the GPUs of two 24,576-GPU clusters failed; Xid 94 on one GPU. The API was "
        "down for about 90 minutes and 150 million GPU-hours were logged on 8 GPUs a node."
    )
    problems = unstated_figures(text)
    assert problems == [
        "states “24,576-GPU”; the accelerator count is empty",
        "states “down for about 90 minutes”; the incident duration is empty",
        "states “150 million GPU-hours”; the GPU-hours lost are empty",
    ]
    assert unstated_figures(text, accelerator_count=24576, duration=1, gpu_hours_lost=1) == []


def test_a_figure_read_is_not_reported_again_and_a_stale_line_is(tmp_path):
    """Issue 22 ("the checker says 0"): a figure a fact-checker read and found to be of
    something else is listed with why in docs/editorial/figures-read.tsv; the check then
    leaves it out, and says when a listed passage is no longer in the case's text."""
    rows = [
        case("a", summary="On 4,096 GPUs, training stalled for about 10 minutes each recovery."),
        case("b", summary="The API was down for about 90 minutes."),
        source("a", "https://example.org/a"),
        source("b", "https://example.org/b"),
    ]
    read = tmp_path / "read.tsv"
    read.write_text(
        "# comment\nslug\tpassage\twhy\n"
        "a\tfor about 10 minutes\tthe stall of each recovery\n"
        "b\tfor about an hour\tno longer in the text\n"
        "elsewhere\t8 GPUs\ta case not checked here\n"
    )
    status, out = run(tmp_path, rows, "--warn-figures", "--figures-read", read)
    assert status == 0  # advisory
    assert out.splitlines() == [
        "figure to carry\ta\tstates “4,096 GPUs”; the accelerator count is empty",
        "figure to carry\tb\tstates “down for about 90 minutes”; the incident duration is empty",
        "figure to carry\tb\tread “for about an hour” is no longer found (stale line)",
        "2 cases checked: 0 copied run, 0 notes language, 0 sources, 0 findings, 3 figure to carry",
    ]
    read.write_text("slug\tpassage\twhy\na\tonly two columns\n")
    status, out = run(tmp_path, rows, "--warn-figures", "--figures-read", read)
    assert status == 2


@pytest.mark.skipif(not NOTES.is_dir(), reason="needs the research notes in ../shared/research")
def test_every_figure_the_library_states_is_a_key_fact_or_read():
    """Issue 22's bar: every count and duration a case states is in its key facts, or a
    fact-checker read it and said why not (the checker says 0)."""
    result = subprocess.run(
        [sys.executable, SCRIPT, "--warn-figures"], capture_output=True, text=True, check=False
    )  # fmt: skip
    assert result.stdout.splitlines()[-1].endswith(", 0 figure to carry"), result.stdout


def test_findings_name_their_cases_own_terms_and_sources_and_every_published_case_has_one(
    tmp_path,
):
    """Issue 24's bar for the fact-checker's script."""
    finding = {
        "model": "incidents.finding",
        "fields": {"case": ["a"], "root_cause": ["faulty-gpu"], "component": ["nvlink"],
                   "symptom": ["nccl-timeout"], "contributing_factors": [["heat-wave"]],
                   "evidence": "A faulty GPU made the job time out in NCCL.",
                   "source": ["a", "https://example.org/elsewhere"], "position": 0},
    }  # fmt: skip
    rows = [
        case("a", is_published=True, root_causes=[["faulty-gpu"]], symptoms=[["job-crash"]]),
        case("b", is_published=True),
        source("a", "https://example.org/a"),
        source("b", "https://example.org/b"),
        finding,
    ]
    status, out = run(tmp_path, rows)
    assert status == 1
    assert out.splitlines() == [
        "findings\ta\tfinding 1: component nvlink is not the case's",
        "findings\ta\tfinding 1: symptom nccl-timeout is not the case's",
        "findings\ta\tfinding 1: contributing factor heat-wave is not the case's",
        "findings\ta\tfinding 1: its source is not one of the case's",
        "findings\tb\tno finding: say which root cause produced which symptom",
        "2 cases checked: 0 copied run, 0 notes language, 0 sources, 5 findings",
    ]


def test_a_case_whose_sources_state_no_link_may_be_listed_with_why(tmp_path):
    """Issue 24: a finding is a link a source states, never inferred; a case whose
    sources state none is listed, with why, and not reported; listed yet with a
    finding, it is reported as stale."""
    listed = tmp_path / "no-finding.tsv"
    listed.write_text("slug\twhy\nb\tthe report gives no cause for the spikes\n")
    rows = [case("b", is_published=True), source("b", "https://example.org/b")]
    status, out = run(tmp_path, rows, "--no-finding", listed)
    assert (status, out.splitlines()) == (
        0, ["1 cases checked: 0 copied run, 0 notes language, 0 sources, 0 findings"]
    )  # fmt: skip
    rows.append({"model": "incidents.finding", "fields": {
        "case": ["b"], "root_cause": None, "symptom": None, "evidence": "Something.",
        "source": ["b", "https://example.org/b"], "position": 0}})  # fmt: skip
    status, out = run(tmp_path, rows, "--no-finding", listed)
    assert status == 1
    assert "findings\tb\tlisted as having no stated link, yet it has findings (stale line)" in out
