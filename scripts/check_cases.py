#!/usr/bin/env python3
"""Editorial checks over the case fixtures: what a fact-checker would flag before publishing.

Usage::

    .venv/bin/python scripts/check_cases.py [--notes DIR] [--warn-tags] [FIXTURE ...]

Inputs: fixture files in Django's JSON format (default ``fixtures/cases.json`` and
``fixtures/taxonomy.json``) and folders of research notes in Markdown (default: the shared
notes in ``../shared/research`` and this repository's own in ``docs/research``, those that
exist; ``--notes`` replaces them, and may be given more than once). Output: one line
per finding on standard output, then a count per check; exit
status 1 when any finding of checks 1–3 is present, else 0 (check 4 is advisory and
reported only with ``--warn-tags``).

The checks (issue 13, "fact-check findings"):

1. **copied runs**: a run of ``RUN`` (10) or more consecutive words of a case's prose that
   also occurs in the notes. Words are compared lower-cased, punctuation dropped. Text of
   more than three words in backticks or straight or curly double quotes is a quotation
   (a log line, an error message, a report's own words, cited as such) and is skipped;
   so are source titles.
2. **notes language**: phrases of the research notes' working vocabulary that mean nothing
   to a reader ("the material read", "(unconfirmed)", "research notes", ...).
3. **sources**: every case has at least one source, no source points at a known copy of a
   primary page (status-page mirrors, paper-summary sites, machine-written blogs), and each
   URL is ``https``. The list of copy sites is ``COPY_SITES`` below, each with where the
   canonical page lives.
4. **tags to review** (``--warn-tags``): a root cause, component, symptom or contributing
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
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
RUN = 10

PROSE_FIELDS = (
    "title", "summary", "trigger", "impact", "symptoms_text", "detection", "remediation",
    "action_items", "lessons", "capacity_lost", "interconnect",
)  # fmt: skip

NOTES_LANGUAGE = [
    r"\bthe material (?:read|seen)\b",
    r"\bmaterial read\b",
    r"\(unconfirmed\)",
    r"\bunconfirmed\b",
    r"\bresearch notes?\b",
    r"\bthe notes (?:say|give|do not|don't)\b",
    r"\((?:read|referenced)\)",
    r"\bnot checked against (?:the )?(?:primary )?(?:report|source)\b",
    r"\bgives no (?:confirmed )?(?:figures?|numbers?|details?)\b",
]

# Hosts that copy a primary page; a case cites the primary instead (shown after the colon).
COPY_SITES = {
    "statusgator.com": "the provider's own status page",
    "isdown.app": "the provider's own status page",
    "wasitdown.pages.dev": "the provider's own status page",
    "downdetector.com": "the provider's own status page",
    "openailive.com": "status.openai.com or openai.com",
    "anthropic-blog.ivheli.com": "www.anthropic.com",
    "sciencestack.ai": "the paper (arxiv.org, usenix.org, acm.org)",
    "www.sciencestack.ai": "the paper (arxiv.org, usenix.org, acm.org)",
    "ai-papers.xuzou.cn": "the paper",
    "chatpaper.com": "the paper",
    "summarxiv.com": "the paper",
    "alphaxiv.org": "arxiv.org",
    "www.alphaxiv.org": "arxiv.org",
    "www.emergentmind.com": "the paper",
    "liner.com": "the paper",
    "arxiv.deeppaper.ai": "arxiv.org",
    "www.arxiv-vanity.com": "arxiv.org",
    "vdocuments.mx": "the original document",
    "docslib.org": "the original document",
    "citegraph.io": "the paper",
    "www.catalyzex.com": "the paper",
    "en.papernotes.org": "the paper",
    "digest.allm.link": "the paper",
    "ai.updf.com": "the paper",
    "www.plushcap.com": "the company's own blog",
    "news.lavx.hu": "the original article",
    "briefly.co": "the original article",
    "a.stacker.news": "the original article",
    "news.najib.digital": "the original article",
    "app.daily.dev": "the original article",
    "techscoop360.com": "the original article",
    "www.newszii.com": "the original article",
    "presspearl.blogspot.com": "the original article",
    "failysis.com": "the original report",
    "onlylabs.fyi": "the original report",
}

WORD = re.compile(r"[a-z0-9]+(?:['’.-][a-z0-9]+)*")
QUOTED = re.compile(r"`[^`]*`|\"[^\"]*\"|“[^”]*”")


def words(text: str) -> list[str]:
    """Lower-cased word tokens of ``text`` (list of str), punctuation dropped."""
    return WORD.findall(text.lower())


def note_ngrams(notes_dirs: list[Path], n: int = RUN) -> set[tuple[str, ...]]:
    """Every run of ``n`` consecutive words in the Markdown files of the folders.

    Input: folders (list of Path); output: a set of n-word tuples. Raises
    FileNotFoundError when a folder is missing or none is given.
    """
    if not notes_dirs:
        raise FileNotFoundError("no research notes given")
    grams: set[tuple[str, ...]] = set()
    for notes_dir in notes_dirs:
        if not notes_dir.is_dir():
            raise FileNotFoundError(f"no research notes at {notes_dir}")
        for path in sorted(notes_dir.glob("*.md")):
            tokens = words(path.read_text(encoding="utf-8"))
            grams.update(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))
    return grams


def copied_runs(text: str, grams: set[tuple[str, ...]], n: int = RUN) -> list[str]:
    """The maximal runs of ``n`` or more words of ``text`` (quotations removed) found in
    ``grams``; a list of the runs as strings, in text order."""
    runs, current_end, start = [], -1, None
    # A short quotation (a command, a flag: up to three words) reads as part of the
    # sentence, so a run may go through it; a longer one (a log line) is skipped.
    text = QUOTED.sub(
        lambda m: m.group(0).strip('`"“”') if len(words(m.group(0))) <= 3 else m.group(0), text
    )
    for chunk in QUOTED.split(text):
        tokens = words(chunk)
        start, current_end = None, -1
        for i in range(len(tokens) - n + 1):
            if tuple(tokens[i : i + n]) in grams:
                if start is None or i > current_end:
                    if start is not None:
                        runs.append(" ".join(tokens[start:current_end]))
                    start = i
                current_end = i + n
        if start is not None:
            runs.append(" ".join(tokens[start:current_end]))
    return runs


def load(paths: list[Path]) -> list[dict]:
    """The objects of the given fixture files, concatenated (list of dict)."""
    rows: list[dict] = []
    for path in paths:
        rows.extend(json.loads(path.read_text(encoding="utf-8")))
    return rows


def case_key(value) -> str:
    """A case's natural key from a fixture foreign key (``["slug"]`` or ``"slug"``)."""
    return value[0] if isinstance(value, list) else str(value)


def check(rows: list[dict], grams: set[tuple[str, ...]], warn_tags: bool = False):
    """Run the checks over fixture ``rows``; yields ``(check name, case slug, message)``."""
    cases = {r["fields"]["slug"]: r["fields"] for r in rows if r["model"] == "incidents.case"}
    sources = defaultdict(list)
    timeline = defaultdict(list)
    for row in rows:
        if row["model"] == "incidents.source":
            sources[case_key(row["fields"]["case"])].append(row["fields"])
        elif row["model"] == "incidents.timelineevent":
            timeline[case_key(row["fields"]["case"])].append(row["fields"]["event"])
    terms = {
        (row["model"].split(".")[1], row["fields"]["slug"]): row["fields"]
        for row in rows
        if row["model"].startswith("taxonomy.") and row["model"] != "taxonomy.category"
    }
    notes_phrases = [re.compile(p, re.I) for p in NOTES_LANGUAGE]
    for slug, fields in cases.items():
        texts = [(name, fields.get(name) or "") for name in PROSE_FIELDS]
        texts += [(f"timeline {i + 1}", event) for i, event in enumerate(timeline[slug])]
        for name, text in texts:
            for run in copied_runs(text, grams):
                yield "copied run", slug, f"{name}: “{run}”"
            for phrase in notes_phrases:
                if found := phrase.search(text):
                    yield "notes language", slug, f"{name}: “{found.group(0)}”"
        if not sources[slug]:
            yield "sources", slug, "no source"
        for source in sources[slug]:
            url = urlparse(source["url"])
            if url.scheme != "https":
                yield "sources", slug, f"not https: {source['url']}"
            if url.netloc in COPY_SITES:
                yield "sources", slug, f"copy site {source['url']} (cite {COPY_SITES[url.netloc]})"
        if warn_tags:
            body = " ".join(words(" ".join(text for _, text in texts)))
            for kind, field in (("rootcause", "root_causes"), ("component", "components"),
                                ("symptom", "symptoms"),
                                ("contributingfactor", "contributing_factors")):  # fmt: skip
                for key in fields.get(field, []):
                    term = terms.get((kind, case_key(key)))
                    if term and not _supported(term, body):
                        yield "tag to review", slug, f"{field}: {case_key(key)}"


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
    args = parser.parse_args(argv)
    try:
        default_notes = [ROOT.parent / "shared" / "research", ROOT / "docs" / "research"]
        grams = note_ngrams(args.notes or [p for p in default_notes if p.is_dir()])
        rows = load(args.fixtures)
    except (FileNotFoundError, json.JSONDecodeError) as error:
        print(f"check_cases: {error}", file=sys.stderr)
        return 2
    counts: dict[str, int] = defaultdict(int)
    for name, slug, message in check(rows, grams, warn_tags=args.warn_tags):
        counts[name] += 1
        print(f"{name}\t{slug}\t{message}")
    cases = sum(row["model"] == "incidents.case" for row in rows)
    summary = ", ".join(f"{counts[name]} {name}" for name in
                        ("copied run", "notes language", "sources", "tag to review")
                        if name != "tag to review" or args.warn_tags)  # fmt: skip
    print(f"{cases} cases checked: {summary}")
    blocking = counts["copied run"] + counts["notes language"] + counts["sources"]
    return 1 if blocking else 0


if __name__ == "__main__":
    sys.exit(main())
