#!/usr/bin/env python3
"""Merge checked draft cases (``docs/research/drafts/*.json``) into the fixtures.

Usage::

    .venv/bin/python scripts/merge_drafts.py [--publish] [--write] [--undated-ok]
        [--no-component-ok] DRAFT ...

Input: draft files in Django's fixture format (organisation rows, then each case's row
and its involvement, timeline, source and finding rows; see ``docs/research/drafts``).
Output: one line per problem, then a count. With ``--write`` and no problem, the
organisations not yet in ``fixtures/organisations.json`` and every other row are appended
to the fixtures (written as ``fixtures/cases.json`` is: indent 1, UTF-8, no final
newline), each case stamped with the time of the merge as its created and updated time;
``--publish`` marks the cases published. Exit status 1 when there is a problem, else 0.

The checks are those loading would otherwise fail on or that ``tests/test_fixtures.py``
and ``scripts/check_cases.py`` ask (issue 27): every term, accelerator, workload and
organisation slug exists; a case slug is new; every case has a root cause, component and
symptom, a source, a finding and an involvement, and a start or publication date (unless
``--undated-ok``: then list it in ``tests/test_fixtures.UNDATED_CASES`` with why; a case
whose sources name no component passes with ``--no-component-ok``, listed in
``tests/test_fixtures.NO_COMPONENT_CASES``);
sources are https and no copy site (``lib.editorial.source_problems``); a finding's terms
are on its case and it cites one of its sources (``lib.editorial.finding_problems``, the
check ``scripts/check_cases.py`` makes).
"""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lib.editorial import finding_problems, source_problems  # noqa: E402

KINDS = {
    "root_causes": "taxonomy.rootcause",
    "components": "taxonomy.component",
    "symptoms": "taxonomy.symptom",
    "contributing_factors": "taxonomy.contributingfactor",
    "added_categories": "taxonomy.category",
}
WORKLOADS = {"training", "inference", "platform", "security", "data-processing"}


def read(name: str) -> list[dict]:
    """The rows of ``fixtures/<name>``: ``list[dict]``."""
    return json.loads((ROOT / "fixtures" / name).read_text())


def case_problems(
    f: dict, known: dict[str, set[str]], undated_ok: bool, no_component_ok: bool = False
) -> list[str]:
    """What is wrong with one case row's fields ``f`` against the ``known`` slugs (by
    model, plus ``"accelerator"`` and ``"workload"``): ``list[str]``. ``undated_ok`` and
    ``no_component_ok`` let a case without a date or without a component through."""
    slug = f["slug"]
    problems = []
    for key, model in KINDS.items():
        problems += [f"{slug}: unknown {key} {v}" for (v,) in f[key] if v not in known[model]]
    for key, table in (("accelerators", "accelerator"), ("workloads", "workload")):
        problems += [f"{slug}: unknown {table} {v}" for (v,) in f[key] if v not in known[table]]
    required = ["root_causes", "symptoms"] + ([] if no_component_ok else ["components"])
    problems += [f"{slug}: no {key}" for key in KINDS if key in required and not f[key]]
    if not (f["started_on"] or f["published_on"] or undated_ok):
        problems.append(f"{slug}: no start or publication date")
    return problems


def merge(paths: list[Path], publish=False, undated_ok=False, stamp=None, no_component_ok=False):
    """Check the drafts at ``paths`` against the fixtures.

    Output: ``(problems, new_organisations, rows)``: ``list[str]``, the organisation rows
    not yet in the fixtures, and every other row (cases marked published when
    ``publish``, stamped with ``stamp`` when given). Raises ``OSError`` or
    ``json.JSONDecodeError`` for an unreadable file.
    """
    taxonomy = read("taxonomy.json")
    known = {m: {r["fields"]["slug"] for r in taxonomy if r["model"] == m} for m in KINDS.values()}
    known["accelerator"] = {r["fields"]["slug"] for r in read("accelerators.json")}
    known["workload"] = WORKLOADS
    organisations = {r["fields"]["slug"] for r in read("organisations.json")}
    existing = {r["fields"]["slug"] for r in read("cases.json") if r["model"] == "incidents.case"}
    new_organisations, rows = [], []
    for path in paths:
        for row in json.loads(Path(path).read_text()):
            if row["model"] != "incidents.organisation":
                rows.append(row)
            elif row["fields"]["slug"] not in organisations:
                organisations.add(row["fields"]["slug"])
                new_organisations.append(row)
    problems, cases, sources, findings, has = [], {}, {}, {}, {}
    for row in rows:
        f = row["fields"]
        if row["model"] == "incidents.case":
            if f["slug"] in existing or f["slug"] in cases:
                problems.append(f"duplicate case slug {f['slug']}")
            cases[f["slug"]] = f
            f["is_published"] = f["is_published"] or publish
            if stamp:
                f["created_at"] = f["updated_at"] = stamp
            problems += case_problems(f, known, undated_ok, no_component_ok)
    for row in rows:
        f = row["fields"]
        if row["model"] == "incidents.case":
            continue
        slug = f["case"][0]
        has.setdefault(slug, set()).add(row["model"])
        if slug not in cases:
            problems.append(f"a {row['model']} row for an unknown case {slug}")
        elif row["model"] == "incidents.source":
            sources.setdefault(slug, []).append(f)
            problems += [f"{slug}: source {problem}" for problem in source_problems(f["url"])]
        elif row["model"] == "incidents.finding":
            findings.setdefault(slug, []).append(f)
        elif row["model"] == "incidents.involvement" and f["organisation"][0] not in organisations:
            problems.append(f"{slug}: unknown organisation {f['organisation'][0]}")
    for slug, case in cases.items():
        for model in ("incidents.source", "incidents.finding", "incidents.involvement"):
            if model not in has.get(slug, set()):
                problems.append(f"{slug}: no {model.split('.')[1]}")
        if slug in findings:
            checked = finding_problems(slug, case, findings[slug], sources.get(slug, []))
            problems += [f"{slug}: {message}" for _, _, message in checked]
    return problems, new_organisations, rows


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; returns the exit status (0 merged or clean, 1 problems)."""
    argv = sys.argv[1:] if argv is None else argv
    paths = [Path(a) for a in argv if not a.startswith("--")]
    write = "--write" in argv
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:00Z") if write else None
    problems, new_organisations, rows = merge(
        paths,
        publish="--publish" in argv,
        undated_ok="--undated-ok" in argv,
        stamp=stamp,
        no_component_ok="--no-component-ok" in argv,
    )
    for problem in problems:
        print(problem)
    n_cases = sum(row["model"] == "incidents.case" for row in rows)
    print(f"{n_cases} cases, {len(new_organisations)} new organisations, {len(problems)} problems")
    if problems:
        return 1
    if write:
        for name, added in (("organisations.json", new_organisations), ("cases.json", rows)):
            merged = read(name) + added
            (ROOT / "fixtures" / name).write_text(json.dumps(merged, indent=1, ensure_ascii=False))
        print("written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
