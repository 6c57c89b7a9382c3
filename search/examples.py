"""Real texts the meaning layer learns from (issue 19): the corpus's tuning part.

The development corpus (``tests/data/corpus/log-lines.tsv``) holds real log lines and
people's descriptions copied from public pages, each with the values an experienced SRE
expects, split once by the SHA-256 of its source into a tuning and a test part
(:func:`search.evaluation.corpus_part`, the rule its README fixed before any tuning). The
tuning part's rows that expect exactly one root cause, component, symptom or contributing
factor teach the meaning layer's classifier how people write about that value: the first
:data:`CLAUSES_PER_ROW` clauses of each row (log noise taken out, ``search/text.py``) are
added to the value's own phrases (``search/vocabulary.py``). The test part is never read
here, so it still measures the reader on words nobody tuned for.

Clauses that deny, that say too little, or that share no word with the value's own texts
are left out (:func:`_worth_learning`, ``search/vocabulary.py``): a differential check
on 317 new sentences found such clauses teaching "on 16 nodes" as the job scheduler and
"thanks for the info" as a hang.

Measured on 2026-12-07 (``docs/search.md``): with the first 210 clauses, against without, the
test part found 613 of 911 values against 607 (forbidden 38 both, precision 0.61 against
0.60); four later rounds no row of which it learned from, 194 of 314 against 193 (forbidden
8 against 9); the shared sets unchanged but for one more denial's value found. Rows
expecting several values, or more clauses a row, taught the classifier more (up to 627 on
the test part) but lost paraphrases the shared set expects (40 to 42 of 45 against 44): a
clause trained towards several values at once dilutes each.
"""

import re
from functools import lru_cache

from .evaluation import CORPUS, DATA, cell_values, read_corpus
from .semantic import clauses
from .text import STOP_WORDS, strip_log_noise

# The kinds of value the meaning layer reads (organisations, workloads and accelerators are
# named, not described).
DESCRIBED_KINDS = frozenset({"root_cause", "component", "symptom", "contributing_factor"})
# How many clauses of a row are learned from: the first ones say what happened. Chosen on
# the shared evaluation sets and the suite's reading tests: two and three keep every
# paraphrase, four or more lose some; three moved readings the tests hold (a GPU missing
# from a list of supported devices read as not visible; a misleading alert lost).
CLAUSES_PER_ROW = 2


# A clause that denies or rules out teaches the opposite of its row's value ("none of the
# ECC counters were incremented", "do not see flaps"): it is not learned from.
_DENIES = re.compile(
    r"\b(?:not|no|never|none|nothing|without|neither|nor|cannot)\b|n['’]t\b", re.IGNORECASE
)
# Fewer content words than this say too little to learn from ("0/ nodes are available",
# "thanks for the info", "Like the title said"): a differential check on 317 new sentences
# found such clauses pushing "on 16 nodes" towards the job scheduler.
MIN_CONTENT_WORDS = 3


def _worth_learning(clause):
    """Whether ``clause`` is learned from: it denies nothing (:data:`_DENIES`) and has at
    least :data:`MIN_CONTENT_WORDS` words of three letters or more that are not stop words.
    Output: ``bool``."""
    if _DENIES.search(clause):
        return False
    words = [w for w in re.findall(r"[^\W\d_]{3,}", clause.casefold()) if w not in STOP_WORDS]
    return len(words) >= MIN_CONTENT_WORDS


@lru_cache(maxsize=2)
def tuning_examples(path=None):
    """``dict[tuple[str kind, str slug], tuple[str, ...]]``: for each value, the clauses of
    the tuning-part rows of the corpus at ``path`` (``None``: the project's,
    ``tests/data/corpus/log-lines.tsv``) that expect it and no other described value.
    Empty when the file is absent or malformed. Read once a process. Raises nothing."""
    try:
        parts = read_corpus(path or DATA / CORPUS)
    except (OSError, ValueError):
        return {}
    found = {}
    for row in parts["tuning"]:
        wanted = [
            tuple(value.split(":", 1))
            for value in cell_values(row[1])
            if value.split(":", 1)[0] in DESCRIBED_KINDS
        ]
        if len(wanted) != 1:
            continue
        # (its clauses, or the row itself when it is one clause)
        pieces = [p for p in clauses(strip_log_noise(row[0])) if p.strip()]
        pieces = pieces[1:] or pieces
        kept = [piece for piece in pieces[:CLAUSES_PER_ROW] if _worth_learning(piece)]
        if kept:
            found.setdefault(wanted[0], []).extend(kept)
    return {key: tuple(pieces) for key, pieces in found.items()}
