"""Measuring suggested filters and sentence search against evaluation sets.

The sets are tab-separated files (``tests/data/``, copies of ``shared/eval/``); lines
starting with ``#`` are comments.

- Suggestion sets: ``sentence``, the values it must suggest, the values it must not
  (each ``kind:slug; kind:slug``). Reported: recall (must-values suggested / must-values),
  forbidden suggestions (must-not values suggested), and precision (must-values
  suggested / everything suggested, so a value that is right but not listed counts
  against it: a lower bound).
- Search sets: ``query``, the expected case's slug, and the kind (``sentence`` or
  ``log``). Reported per kind: top-3 (share of queries whose case is among the first
  three listed) and mean reciprocal rank (1/rank, 0 when not listed).

- Blind sets of short sentences and log lines (``tests/data/blind/``, issue 19), and the
  phrase bank's one-value phrases (``tests/data/phrase-bank/``): the columns of a
  suggestion set plus ``kind``, with ``\\n`` for a newline; some are held out.
- The corpus of real lines (``tests/data/corpus/``, issue 19): the columns of a
  suggestion set plus ``kind`` and ``source``, with no quoting and ``\\n`` for a newline
  inside a text; split into a tuning and a test part by the SHA-256 of the source
  (:func:`corpus_part`, the rule its README fixed before any tuning).

The functions take the system under test as a callable, so the suite can measure through
HTTP (what users get) and ``manage.py evaluate_search`` through the same functions the
views call.
"""

import csv
import hashlib
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
SUGGESTION_SETS = ("suggestions.tsv", "suggestions-paraphrase.tsv")
# Development sets evaluate_search reports without a bar: denials and contrasts.
DEVELOPMENT_SETS = ("denials.tsv",)
SEARCH_SET = "search-queries.tsv"
CORPUS = Path("corpus") / "log-lines.tsv"
# Blind sets of short sentences and log lines (``tests/data/blind/README.md``) and the phrase
# bank's one-value phrases (``tests/data/phrase-bank/README.md``), all written by helpers
# who saw only the values' names and descriptions, each with whether its misses may be
# listed: a held-out set gives only its figures.
BLIND_SETS = (
    (Path("blind") / "2026-12-07-a.tsv", True),
    (Path("blind") / "2026-12-07-b.tsv", False),
    (Path("blind") / "2026-12-07-c.tsv", False),
    (Path("blind") / "2026-12-07-d.tsv", False),
    (Path("blind") / "2026-12-07-e.tsv", False),
    (Path("blind") / "2026-12-08-f.tsv", False),
    # (3,180 phrases of one value each, a second batch of the phrase bank kept out of the
    # phrasings: tests/data/phrase-bank/README.md)
    (Path("phrase-bank") / "2026-12-07-held-out.tsv", False),
    # (2,544 chat messages and postmortem sentences of one value each, to tune on)
    (Path("phrase-bank") / "2026-12-07-tuning.tsv", True),
)


def read_rows(path):
    """The rows of a tab-separated evaluation file, comments and blank lines left out:
    ``list[list[str]]``."""
    text = Path(path).read_text(encoding="utf-8")
    return [
        row
        for row in csv.reader(text.splitlines(), delimiter="\t")
        if row and row[0].strip() and not row[0].startswith("#")
    ]


def corpus_part(source):
    """``"test"`` or ``"tuning"``: the corpus part of a row, by its ``source`` URL (the
    first hex digit of its SHA-256 is 8–f for the test part)."""
    digit = hashlib.sha256(source.encode("utf-8")).hexdigest()[0]
    return "test" if digit in "89abcdef" else "tuning"


def read_corpus(path):
    """The corpus's rows by part: ``dict[str part, list[list[str]]]``, each row ``[text,
    must, must_not, kind, source]`` with ``\\n`` read as a newline."""
    parts = {"tuning": [], "test": []}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != 5:
            raise ValueError(f"{path}: a row has {len(cells)} columns, not 5: {line[:60]}")
        cells[0] = cells[0].replace("\\n", "\n")
        parts[corpus_part(cells[4].strip())].append(cells)
    return parts


def read_blind_set(path):
    """The rows of a blind set (``tests/data/blind/``): ``list[list[str]]``, each ``[text,
    must, must_not, kind]`` with ``\\n`` read as a newline (no quoting: a log line's ``"``
    is its own)."""
    rows = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():  # (no comments: a shell prompt's "#" starts a row)
            row = line.split("\t")
            rows.append([row[0].replace("\\n", "\n"), *row[1:]])
    return rows


def suggestion_sets(folder=DATA):
    """Every suggestion set under ``folder`` that exists, as ``evaluate_search`` reports
    them: ``list[tuple[str name, list[list[str]] rows, bool listed]]``, where ``listed``
    says whether its misses may be printed (not for the corpus's test part nor a held-out
    blind set: nothing is tuned on what they hold)."""
    folder = Path(folder)
    sets = [
        (name, read_rows(folder / name), True)
        for name in (*SUGGESTION_SETS, *DEVELOPMENT_SETS)
        if (folder / name).exists()
    ]
    sets += [
        (str(path), read_blind_set(folder / path), listed)
        for path, listed in BLIND_SETS
        if (folder / path).exists()
    ]
    if (folder / CORPUS).exists():
        parts = read_corpus(folder / CORPUS)
        sets += [
            (f"{CORPUS.name} ({part} part)", rows, part != "test") for part, rows in parts.items()
        ]
    return sets


def _with_slips(sentence, seed=1, share=0.3):
    """``sentence`` with a typing slip in about ``share`` of its lower-case words of six
    letters or more (a letter left out, two swapped or one doubled, at an inner place),
    the same for the same ``seed``: ``str``."""
    chance = random.Random(f"{seed}:{sentence}")

    def slip(match):
        word = match.group()
        if chance.random() >= share:
            return word
        at = chance.randrange(1, len(word) - 1)
        kind = chance.choice("lsd")
        if kind == "l":
            return word[:at] + word[at + 1 :]
        if kind == "s":
            return word[:at] + word[at + 1] + word[at] + word[at + 2 :]
        return word[:at] + word[at] + word[at:]

    return re.sub(r"\b[a-z]{6,}\b", slip, sentence)


def _lowered(sentence):
    return sentence[0].lower() + sentence[1:] if sentence else sentence


# How engineers wrap what they report (2026-12-07, issue 19): each turns a set's sentence
# into one a person might type around it. ``evaluate_search`` reports the paraphrase set so
# wrapped, and the suite holds each above its bar.
WRAPPINGS = {
    "with slips": _with_slips,
    "a plea after": lambda s: s + " any ideas?",
    "a greeting before": lambda s: "hey team, quick q: " + s,
    "a label before": lambda s: "[sev2] " + s,
    "a frame before": lambda s: "we are seeing this: " + _lowered(s),
    "a hedge before": lambda s: "looks like " + _lowered(s),
    "a place after": lambda s: s + " in prod again",
    "a question before": lambda s: "how do we debug this? " + s,
    "in capitals": str.upper,
}


def wrapped(rows, wrapping):
    """``rows`` of a suggestion set with each sentence wrapped by ``WRAPPINGS[wrapping]``:
    ``list[list[str]]``, the other columns as they are. Raises ``KeyError`` for an unknown
    wrapping."""
    wrap = WRAPPINGS[wrapping]
    return [[wrap(row[0]), *row[1:]] for row in rows]


def cell_values(cell):
    """The values of a set's ``must`` or ``must not`` cell (``"kind:slug; kind:slug"``):
    ``list[str]``, blanks left out."""
    return [value.strip() for value in (cell or "").split(";") if value.strip()]


@dataclass
class SuggestionReport:
    """What a suggestion set measured: counts, the rates, and what went wrong
    (``missed``: ``(sentence, value)`` not suggested; ``forbidden``: ``(sentence,
    value)`` suggested against the set)."""

    sentences: int = 0
    wanted: int = 0
    found: int = 0
    suggested: int = 0
    missed: list = field(default_factory=list)
    forbidden: list = field(default_factory=list)

    @property
    def recall(self):
        return self.found / self.wanted if self.wanted else 1.0

    @property
    def precision(self):
        return self.found / self.suggested if self.suggested else 1.0


def evaluate_suggestions(rows, suggest):
    """Run ``suggest(sentence) → list[str "kind:slug"]`` over a suggestion set's rows.

    Output: :class:`SuggestionReport`.
    """
    report = SuggestionReport()
    for row in rows:
        sentence, must = row[0], cell_values(row[1] if len(row) > 1 else "")
        must_not = cell_values(row[2] if len(row) > 2 else "")
        got = list(dict.fromkeys(suggest(sentence)))
        report.sentences += 1
        report.wanted += len(must)
        report.suggested += len(got)
        for value in must:
            if value in got:
                report.found += 1
            else:
                report.missed.append((sentence, value))
        report.forbidden += [(sentence, value) for value in must_not if value in got]
    return report


def missed_by_kind(report, rows):
    """``str``: for each kind of value a set's ``rows`` expect, how many it wanted and the
    :class:`SuggestionReport` ``report`` missed ("symptom 40/200 missed, …"), most missed
    first. Counts only, so it may be printed for the corpus's test part."""
    wanted = Counter(
        value.split(":", 1)[0]
        for row in rows
        for value in cell_values(row[1] if len(row) > 1 else "")
    )
    missed = Counter(value.split(":", 1)[0] for _, value in report.missed)
    order = sorted(wanted, key=lambda kind: -missed[kind])
    return ", ".join(f"{kind} {missed[kind]}/{wanted[kind]} missed" for kind in order)


@dataclass
class SearchReport:
    """What a search set measured, per kind: ``ranks``, ``dict[str kind, list[int |
    None]]`` (the expected case's position, 1 first, ``None`` when not listed), and
    ``misses``: ``(kind, rank, query, slug)`` for those not in the top three."""

    ranks: dict = field(default_factory=dict)
    misses: list = field(default_factory=list)

    def top3(self, kind):
        ranks = self.ranks.get(kind, [])
        return sum(1 for r in ranks if r is not None and r <= 3) / len(ranks) if ranks else 1.0

    def mrr(self, kind):
        ranks = self.ranks.get(kind, [])
        return sum(1 / r for r in ranks if r) / len(ranks) if ranks else 1.0


def evaluate_search(rows, ranked):
    """Run ``ranked(query) → list[str slug]`` (the list's cases in order) over a search
    set's rows. Output: :class:`SearchReport`."""
    report = SearchReport()
    for row in rows:
        query, slug, kind = row[0], row[1].strip(), row[2].strip()
        slugs = ranked(query)
        rank = slugs.index(slug) + 1 if slug in slugs else None
        report.ranks.setdefault(kind, []).append(rank)
        if rank is None or rank > 3:
            report.misses.append((kind, rank, query, slug))
    return report
