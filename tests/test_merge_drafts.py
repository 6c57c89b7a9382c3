"""scripts/merge_drafts.py: a checked batch of draft cases is merged only when it would
load and pass the editorial checks (issue 27). Run without ``--write``: nothing is
written, the fixtures stay as they are."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "merge_drafts.py"
URL = "https://example.org/postmortem"


def draft(**fields):
    """One draft case with a source, an involvement and a finding, as a drafts file holds."""
    case = {"title": "Example: a GPU fails", "slug": "example-gpu-fails-2026",
            "root_causes": [["faulty-gpu"]], "components": [["gpu"]],
            "symptoms": [["job-crash"]], "contributing_factors": [], "added_categories": [],
            "accelerators": [["h100"]], "workloads": [["training"]],
            "started_on": "2026-01-05", "published_on": None, "is_published": False,
            **fields}  # fmt: skip
    slug = case["slug"]
    return [
        {"model": "incidents.case", "fields": case},
        {"model": "incidents.involvement",
         "fields": {"case": [slug], "organisation": ["meta"], "role": "operator"}},
        {"model": "incidents.source", "fields": {"case": [slug], "url": URL, "title": "t"}},
        {"model": "incidents.finding",
         "fields": {"case": [slug], "root_cause": ["faulty-gpu"], "component": ["gpu"],
                    "symptom": ["job-crash"], "contributing_factors": [],
                    "evidence": "A faulty GPU crashed the job.", "source": [slug, URL]}},
    ]  # fmt: skip


def merge(tmp_path, rows, *flags):
    path = tmp_path / "drafts.json"
    path.write_text(json.dumps(rows))
    result = subprocess.run(
        [sys.executable, SCRIPT, *flags, path], capture_output=True, text=True, check=False
    )
    return result.returncode, result.stdout.splitlines()


def test_a_clean_batch_passes_and_nothing_is_written_without_write(tmp_path):
    before = (ROOT / "fixtures" / "cases.json").read_bytes()
    assert merge(tmp_path, draft(), "--publish") == (
        0, ["1 cases, 0 new organisations, 0 problems"]
    )  # fmt: skip
    assert (ROOT / "fixtures" / "cases.json").read_bytes() == before


def test_unknown_slugs_http_and_copied_sources_and_findings_off_their_case_are_refused(
    tmp_path,
):
    """The source and finding rules are check_cases.py's own (lib.editorial), so a copy
    site is refused here too."""
    rows = draft(symptoms=[["nccl-timeout"]], accelerators=[["h1000"]], started_on=None)
    rows[2]["fields"]["url"] = "http://example.org/postmortem"
    copy = "https://isdown.app/status/example"
    rows.append(
        {
            "model": "incidents.source",
            "fields": {"case": [rows[0]["fields"]["slug"]], "url": copy, "title": "t"},
        }
    )
    status, out = merge(tmp_path, rows)
    slug = "example-gpu-fails-2026"
    assert status == 1
    assert out == [
        f"{slug}: unknown accelerator h1000",
        f"{slug}: no start or publication date",
        f"{slug}: source not https: http://example.org/postmortem",
        f"{slug}: source copy site {copy} (cite the provider's own status page)",
        f"{slug}: finding 1: symptom job-crash is not the case's",
        f"{slug}: finding 1: its source is not one of the case's",
        "1 cases, 0 new organisations, 6 problems",
    ]


def test_a_case_without_a_component_passes_only_when_allowed(tmp_path):
    """Some sources name no component (tests/test_fixtures.NO_COMPONENT_CASES)."""
    rows = draft(components=[])
    rows[3]["fields"]["component"] = None
    assert merge(tmp_path, rows) == (
        1, ["example-gpu-fails-2026: no components", "1 cases, 0 new organisations, 1 problems"]
    )  # fmt: skip
    assert merge(tmp_path, rows, "--no-component-ok")[0] == 0


def test_a_case_already_in_the_library_or_without_a_finding_is_refused(tmp_path):
    existing = json.loads((ROOT / "fixtures" / "cases.json").read_text())[0]["fields"]["slug"]
    status, out = merge(tmp_path, draft(slug=existing)[:1])
    assert status == 1
    assert out == [
        f"duplicate case slug {existing}",
        f"{existing}: no source",
        f"{existing}: no finding",
        f"{existing}: no involvement",
        "1 cases, 0 new organisations, 4 problems",
    ]
