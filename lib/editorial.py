"""The editorial checks a fact-checker makes before a case is published (issue 13), as
rules on text: used by ``scripts/check_cases.py`` over the fixtures and by the case form
in the admin (``incidents/editorial.py``), which warns on a save.

- **copied runs** (:func:`copied_runs`): a run of :data:`RUN` (10) or more consecutive
  words of a case's prose that also occurs in the research notes it was written from.
- **notes language** (:func:`notes_language`): the notes' working vocabulary, which means
  nothing to a reader ("the material read", "(unconfirmed)").
- **sources** (:func:`source_problems`): a URL that is not ``https`` or points at a known
  copy of a primary page (:data:`COPY_SITES`).
- **figures to carry** (:func:`unstated_figures`): a count, duration or GPU-hours the text
  states while the key facts leave it empty (issue 22).
- **findings** (:func:`finding_problems`): a finding names its own case's terms and
  sources (issue 24); used by ``scripts/check_cases.py`` and ``scripts/merge_drafts.py``.
"""

import re
from urllib.parse import urlparse

RUN = 10

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
    r"\b(?:read|reached|seen) here\b",
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


def words(text):
    """Lower-cased word tokens of ``text`` (list of str), punctuation dropped."""
    return WORD.findall(text.lower())


def note_ngrams(notes_dirs, n=RUN):
    """Every run of ``n`` consecutive words in the Markdown files of the folders.

    Input: folders (list of Path); output: a set of n-word tuples. Raises
    FileNotFoundError when a folder is missing or none is given.
    """
    if not notes_dirs:
        raise FileNotFoundError("no research notes given")
    grams = set()
    for notes_dir in notes_dirs:
        if not notes_dir.is_dir():
            raise FileNotFoundError(f"no research notes at {notes_dir}")
        for path in sorted(notes_dir.glob("*.md")):
            tokens = words(path.read_text(encoding="utf-8"))
            grams.update(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))
    return grams


def copied_runs(text, grams, n=RUN):
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


def notes_language(text):
    """The phrases of the notes' working vocabulary (:data:`NOTES_LANGUAGE`) in ``text``,
    as found, in the order of the list, each once: a phrase inside one found before
    ("unconfirmed" in "(unconfirmed)") is not given again. Output: ``list[str]``."""
    found = []
    for pattern in _NOTES_PHRASES:
        match = pattern.search(text)
        if match and not any(match.group(0) in earlier for earlier in found):
            found.append(match.group(0))
    return found


def source_problems(url):
    """What is wrong with citing ``url``: ``list[str]``, empty when nothing is; not
    ``https``, a copy site (the message names where the primary lives,
    :data:`COPY_SITES`), or both."""
    parts = urlparse(url)
    problems = []
    if parts.scheme != "https":
        problems.append(f"not https: {url}")
    if parts.netloc in COPY_SITES:
        problems.append(f"copy site {url} (cite {COPY_SITES[parts.netloc]})")
    return problems


_NOTES_PHRASES = [re.compile(p, re.I) for p in NOTES_LANGUAGE]


# Figures a case's text states that its key facts should carry (issue 22): a count of
# accelerators, a length of outage, GPU-hours lost. Only when the field is empty: a case
# may name several counts (a cluster's and a job's), and the editor chose one.
_ACCELERATOR_WORDS = (
    r"(?:GPUs?|accelerators?|TPUs?|TPU chips|chips|[AHBLV]\d{2,3}s?|GB\d{3}s?|MI\d{3}X?s?|"
    r"NPUs?|Gaudi\d?s?)"
)
# Up to two words between the number and the accelerator ("2,048 NVIDIA H100", "37,000
# AMD MI250X"), none of them a word that starts another phrase ("2023 the GPUs", "Xid 94
# on one GPU"); not a figure of something else ("GPU-hours", "GPU jobs").
_BETWEEN = (
    r"(?!(?:the|a|an|of|on|in|at|to|and|or|with|for|per|from|by|million|thousand)\b)[A-Za-z0-9-]+"
)
_STATED_COUNT = re.compile(
    r"\b(\d{1,3}(?:,\d{3})+|\d{2,7})(?:\s+|-)(?:"
    + _BETWEEN
    + r"\s+){0,2}?"
    + _ACCELERATOR_WORDS
    + r"\b(?![- ](?:hours?|jobs?|days?|years?|months?|weeks?|minutes?|seconds?)\b)"
)
_STATED_DURATION = re.compile(
    r"\b(?:lasted|lasting|down for|unavailable for|degraded for|outage of|for about|for "
    r"around|for roughly|for nearly|for)\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|over\s+|"
    r"more than\s+|almost\s+)?(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|twelve)\s+(minutes?|hours?|days?)\b",
    re.IGNORECASE,
)
_STATED_GPU_HOURS = re.compile(r"\b\d[\d,.]*\s*(?:million\s+|thousand\s+)?GPU[- ]hours\b", re.I)


def unstated_figures(text, accelerator_count=None, duration=None, gpu_hours_lost=None):
    """Figures ``text`` states that the case's key facts leave empty.

    Input: the case's prose (``str``) and its ``accelerator_count``, ``duration`` and
    ``gpu_hours_lost`` (``None`` when empty). Output: ``list[str]``, one message per kind
    of figure ("states “2,048 H100s”; the accelerator count is empty"), each naming the
    first passage. Counts under 16 (a node's GPUs) are not counted. Advisory: the text may
    give a figure of something else (another cluster, a benchmark), and the editor decides.
    """
    problems = []
    if accelerator_count is None:
        for match in _STATED_COUNT.finditer(text):
            number = int(match.group(1).replace(",", ""))
            if number >= 16 and not (1990 <= number <= 2039 and "," not in match.group(1)):
                problems.append(f"states “{match.group(0)}”; the accelerator count is empty")
                break
    if duration is None:
        match = _STATED_DURATION.search(text)
        if match:
            problems.append(f"states “{match.group(0)}”; the incident duration is empty")
    if gpu_hours_lost is None:
        match = _STATED_GPU_HOURS.search(text)
        if match:
            problems.append(f"states “{match.group(0)}”; the GPU-hours lost are empty")
    return problems


# The findings check: a finding links its own case's terms and cites its own case's source.


def case_key(value) -> str:
    """A case's natural key from a fixture foreign key (``["slug"]`` or ``"slug"``)."""
    return value[0] if isinstance(value, list) else str(value)


FINDING_TERMS = (
    ("root_cause", "root_causes"),
    ("component", "components"),
    ("symptom", "symptoms"),
)


def finding_problems(slug, case, findings, sources, without=None):
    """The findings check (issue 24) on one case, as ``scripts/check_cases.py`` and
    ``scripts/merge_drafts.py`` run it.

    Inputs: the case's ``slug``, its fixture ``fields`` as ``case``, the fields of its
    finding rows (``findings``) and of its source rows (``sources``), and ``without``, the
    cases listed as stating no link (``{slug: why}``, ``docs/editorial/no-finding.tsv``).
    Yields ``("findings", slug, message)`` for a published case without a finding
    (unless listed), for a listed case that has one, and for each finding naming a term
    its case lacks, citing a source that is not the case's, or giving no evidence
    sentence."""
    without = without or {}
    if case.get("is_published", True) and not findings and slug not in without:
        yield "findings", slug, "no finding: say which root cause produced which symptom"
    if findings and slug in without:
        yield "findings", slug, "listed as having no stated link, yet it has findings (stale line)"
    urls = {source["url"] for source in sources}
    for number, finding in enumerate(findings, 1):
        for name, relation in FINDING_TERMS:
            term = finding.get(name)
            if term and case_key(term) not in {case_key(k) for k in case.get(relation, [])}:
                yield (
                    "findings",
                    slug,
                    f"finding {number}: {name} {case_key(term)} is not the case's",
                )
        for factor in finding.get("contributing_factors", []):
            if case_key(factor) not in {case_key(k) for k in case.get("contributing_factors", [])}:
                yield (
                    "findings",
                    slug,
                    (f"finding {number}: contributing factor {case_key(factor)} is not the case's"),
                )
        source = finding.get("source")
        url = source[-1] if isinstance(source, list) else source
        if url not in urls:
            yield "findings", slug, f"finding {number}: its source is not one of the case's"
        if not (finding.get("evidence") or "").strip():
            yield "findings", slug, f"finding {number}: no evidence sentence"
