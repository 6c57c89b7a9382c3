#!/usr/bin/env python3
"""Editorial checks over the case fixtures: what a fact-checker would flag before publishing.

Usage::

    .venv/bin/python scripts/check_cases.py [--notes DIR] [--warn-tags] [--warn-figures]
        [--figures-read TSV] [FIXTURE ...]

Inputs: fixture files in Django's JSON format (default ``fixtures/cases.json`` and
``fixtures/taxonomy.json``) and folders of research notes in Markdown (default: the shared
notes in ``../shared/research`` and this repository's own in ``docs/research``, those that
exist; ``--notes`` replaces them, and may be given more than once). Output: one line
per finding on standard output, then a count per check; exit
status 1 when any finding of checks 1–4 is present, else 0 (checks 5 and 6 are advisory
and reported only with ``--warn-figures`` and ``--warn-tags``).

The checks (issue 13, "fact-check findings"; the rules of 1–3 are ``lib/editorial.py``,
which the admin's case form applies on a save too):

1. **copied runs**: a run of ``RUN`` (10) or more consecutive words of a case's prose that
   also occurs in the notes. Words are compared lower-cased, punctuation dropped. Text of
   more than three words in backticks or straight or curly double quotes is a quotation
   (a log line, an error message, a report's own words, cited as such) and is skipped;
   so are source titles.
2. **notes language**: phrases of the research notes' working vocabulary that mean nothing
   to a reader ("the material read", "(unconfirmed)", "research notes", ...).
3. **sources**: every case has at least one source, no source points at a known copy of a
   primary page (status-page mirrors, paper-summary sites, machine-written blogs), and each
   URL is ``https``. The list of copy sites is ``lib.editorial.COPY_SITES``, each with where the
   canonical page lives.
4. **findings** (issue 24): every published case has at least one finding, unless a
   fact-checker found that its sources state no link between its own root causes and
   symptoms and listed it, with why, in ``docs/editorial/no-finding.tsv`` (a listed case
   that has a finding is reported as stale); each
   finding names its case's own root cause, symptom, component and contributing factors,
   cites one of its case's sources, and its evidence sentence is neither empty nor
   copied (check 1 reads it like the case's prose).
5. **figures to carry** (``--warn-figures``): a count of accelerators, a duration or
   GPU-hours the text states while the key facts leave it empty
   (``lib.editorial.unstated_figures``). A figure a fact-checker read and found to be of
   something else is listed, with why, in ``docs/editorial/figures-read.tsv`` and not
   reported again; a line there whose passage is no longer found is reported as stale.
6. **tags to review** (``--warn-tags``): a root cause, component, symptom or contributing
   factor none of whose words (name or aliases, stemmed crudely) appears in the case's
   text. Advisory: a human reads the case and decides.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lib.editorial import (  # noqa: E402
    case_key,
    copied_runs,
    finding_problems,
    note_ngrams,
    notes_language,
    source_problems,
    unstated_figures,
    words,
)

PROSE_FIELDS = (
    "title", "summary", "trigger", "impact", "symptoms_text", "detection", "remediation",
    "action_items", "lessons", "capacity_lost", "interconnect",
)  # fmt: skip


FIGURES_READ = ROOT / "docs" / "editorial" / "figures-read.tsv"
NO_FINDING = ROOT / "docs" / "editorial" / "no-finding.tsv"


def read_tsv(path: Path, columns: tuple[str, ...]) -> list[list[str]]:
    """The rows of an editorial list: a tab-separated file with ``#`` comment lines and a
    header row naming ``columns``.

    Output: ``list[list[str]]``, one list of ``len(columns)`` values a row; ``[]`` when
    the file does not exist. Raises ValueError naming the line when a row lacks a value.
    """
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    rows = [(n, line) for n, line in enumerate(lines, 1) if line and not line.startswith("#")]
    found = []
    for number, line in rows[1:]:
        values = line.split("\t")
        if len(values) != len(columns) or not all(value.strip() for value in values):
            names = ", ".join(columns)
            raise ValueError(f"{path.name} line {number}: give {names}, tab-separated")
        found.append(values)
    return found


def no_finding(path: Path = NO_FINDING) -> dict[str, str]:
    """The published cases whose sources state no link from a cause to a symptom:
    ``{case slug: why}`` from ``path`` (:func:`read_tsv`, columns slug and why)."""
    return dict(read_tsv(path, ("slug", "why")))


def figures_read(path: Path = FIGURES_READ) -> dict[tuple[str, str], str]:
    """The figures a fact-checker read and left out of the key facts: ``{(case slug,
    passage): why}`` from ``path`` (:func:`read_tsv`, columns slug, passage and why)."""
    return {(slug, passage): why for slug, passage, why in read_tsv(
        path, ("slug", "passage", "why"))}  # fmt: skip


def load(paths: list[Path]) -> list[dict]:
    """The objects of the given fixture files, concatenated (list of dict)."""
    rows: list[dict] = []
    for path in paths:
        rows.extend(json.loads(path.read_text(encoding="utf-8")))
    return rows


def check(
    rows: list[dict], grams: set[tuple[str, ...]], warn_tags: bool = False,
    warn_figures: bool = False, read: dict[tuple[str, str], str] | None = None,
    without: dict[str, str] | None = None,
):  # fmt: skip
    """Run the checks over fixture ``rows``; yields ``(check name, case slug, message)``.
    ``read`` (see :func:`figures_read`) holds the figures not to report again, ``without``
    (see :func:`no_finding`) the cases read and found to have no stated link."""
    read = read or {}
    without = without or {}
    found = set()
    cases = {r["fields"]["slug"]: r["fields"] for r in rows if r["model"] == "incidents.case"}
    sources = defaultdict(list)
    timeline = defaultdict(list)
    findings = defaultdict(list)
    for row in rows:
        if row["model"] == "incidents.source":
            sources[case_key(row["fields"]["case"])].append(row["fields"])
        elif row["model"] == "incidents.timelineevent":
            timeline[case_key(row["fields"]["case"])].append(row["fields"]["event"])
        elif row["model"] == "incidents.finding":
            findings[case_key(row["fields"]["case"])].append(row["fields"])
    terms = {
        (row["model"].split(".")[1], row["fields"]["slug"]): row["fields"]
        for row in rows
        if row["model"].startswith("taxonomy.") and row["model"] != "taxonomy.category"
    }
    for slug, fields in cases.items():
        texts = [(name, fields.get(name) or "") for name in PROSE_FIELDS]
        texts += [(f"timeline {i + 1}", event) for i, event in enumerate(timeline[slug])]
        texts += [(f"finding {i + 1}", f["evidence"]) for i, f in enumerate(findings[slug])]
        for name, text in texts:
            for run in copied_runs(text, grams):
                yield "copied run", slug, f"{name}: “{run}”"
            for phrase in notes_language(text):
                yield "notes language", slug, f"{name}: “{phrase}”"
        if not sources[slug]:
            yield "sources", slug, "no source"
        yield from finding_problems(slug, fields, findings[slug], sources[slug], without)
        for source in sources[slug]:
            for problem in source_problems(source["url"]):
                yield "sources", slug, problem
        if warn_figures:
            prose = " ".join(fields.get(name) or "" for name in PROSE_FIELDS)
            for problem in unstated_figures(
                prose, fields.get("accelerator_count"), fields.get("duration"),
                fields.get("gpu_hours_lost"),
            ):  # fmt: skip
                passage = problem.split("“", 1)[1].split("”", 1)[0]
                found.add((slug, passage))
                if (slug, passage) not in read:
                    yield "figure to carry", slug, problem
        if warn_tags:
            body = " ".join(words(" ".join(text for _, text in texts)))
            for kind, field in (("rootcause", "root_causes"), ("component", "components"),
                                ("symptom", "symptoms"),
                                ("contributingfactor", "contributing_factors")):  # fmt: skip
                for key in fields.get(field, []):
                    term = terms.get((kind, case_key(key)))
                    if term and not _supported(term, body):
                        yield "tag to review", slug, f"{field}: {case_key(key)}"
    if warn_figures:
        for slug, passage in sorted(key for key in set(read) - found if key[0] in cases):
            yield "figure to carry", slug, f"read “{passage}” is no longer found (stale line)"


STOP_WORDS = frozenset(
    ["a", "an", "and", "the", "of", "or", "to", "in", "on", "for", "by", "with", "from", "at",
     "as", "is", "are", "was", "were", "be", "not", "no", "without", "too", "very"]
)  # fmt: skip


def _stem(word: str) -> str:
    return re.sub(r"(ing|ed|es|s|ion|ions)$", "", word)[:6]


def _supported(term: dict, body: str) -> bool:
    """Whether all content words of the name or of some alias of ``term`` occur (crudely
    stemmed) in ``body``, a space-joined string of words."""
    body_stems = {_stem(w) for w in body.split()}
    phrases = [term["name"], *(term.get("aliases") or "").splitlines()]
    for phrase in phrases:
        stems = {_stem(w) for w in words(phrase) if w not in STOP_WORDS}
        if stems and stems <= body_stems:
            return True
    return False


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; returns the exit status (0 clean, 1 findings, 2 bad use)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_fixtures = [ROOT / "fixtures/cases.json", ROOT / "fixtures/taxonomy.json"]
    parser.add_argument("fixtures", nargs="*", type=Path, default=default_fixtures)
    parser.add_argument("--notes", type=Path, action="append", help="a folder of notes")
    parser.add_argument("--warn-tags", action="store_true", help="also list tags to review")
    parser.add_argument(
        "--warn-figures", action="store_true", help="also list figures the key facts lack"
    )
    parser.add_argument(
        "--figures-read", type=Path, default=FIGURES_READ,
        help="the figures read and left out of the key facts (tab-separated)",
    )  # fmt: skip
    parser.add_argument(
        "--no-finding", type=Path, default=NO_FINDING,
        help="the cases whose sources state no link, with why (tab-separated)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    try:
        default_notes = [ROOT.parent / "shared" / "research", ROOT / "docs" / "research"]
        grams = note_ngrams(args.notes or [p for p in default_notes if p.is_dir()])
        rows = load(args.fixtures)
        read = figures_read(args.figures_read)
        without = no_finding(args.no_finding)
    except (FileNotFoundError, json.JSONDecodeError, ValueError) as error:
        print(f"check_cases: {error}", file=sys.stderr)
        return 2
    counts: dict[str, int] = defaultdict(int)
    for name, slug, message in check(
        rows, grams, warn_tags=args.warn_tags, warn_figures=args.warn_figures, read=read,
        without=without,
    ):  # fmt: skip
        counts[name] += 1
        print(f"{name}\t{slug}\t{message}")
    cases = sum(row["model"] == "incidents.case" for row in rows)
    advisory = {"tag to review": args.warn_tags, "figure to carry": args.warn_figures}
    summary = ", ".join(f"{counts[name]} {name}" for name in
                        ("copied run", "notes language", "sources", "findings",
                         "tag to review", "figure to carry")
                        if advisory.get(name, True))  # fmt: skip
    print(f"{cases} cases checked: {summary}")
    blocking = sum(counts[name] for name in ("copied run", "notes language", "sources",
                                             "findings"))  # fmt: skip
    return 1 if blocking else 0


if __name__ == "__main__":
    sys.exit(main())
