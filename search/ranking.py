"""Sentence search: the cases a sentence or pasted log line is about, best first.

A sentence is read into query terms (``search/text.py``: words and ``Xid 79``-style
phrases, without the timestamps, ids and numbers of log lines). Each case is scored with
BM25 (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond",
2009), field-weighted as in BM25F:

- a term's frequency in a case is the weighted count PostgreSQL's ``ts_rank`` gives for
  that term alone: each occurrence counts its part's weight (title 1.0, summary and term
  names 0.4, symptoms to detection and aliases 0.2, the rest 0.1), later occurrences less
  and less (the n-th divided by n²), so a word in the title outweighs many in the lessons;
- the term weighs its inverse document frequency,
  ``idf = ln(1 + (N − df + 0.5) / (df + 0.5))``, so a rare signature (``LustreError``,
  ``Xid 119``) outweighs words most cases contain (``error``, ``worker``);
- frequencies saturate (``k1 = 1.2``) and are normalised by the case's length in distinct
  words against the matched cases' average (``b = 0.75``), so a long multi-incident study
  does not match everything best.

The values recognised in the sentence (suggested filters, each with a confidence; of
the kinds in :data:`BOOSTED_KINDS`, not workloads or accelerators) are a strong signal
too (and one a log signature shows, or one named outright, is proof: every case carrying
it is a strong match, when at most :data:`PROOF_SHARE` of the cases carry it):
a case carrying one gains ``confidence × idf`` of that value (its idf
over the cases that carry it; twice that, :data:`SIGNATURE_BOOST`, when a signature showed
it), and is a match even when no word of the sentence is in it.
Their other names join the query as terms weighing :data:`EXPANSION_WEIGHT` × confidence
(query expansion): of the cases carrying a value, those whose own text uses its names
(XMRig, Monero for a mining pool's log line) rank above those that only carry the tag.

A case is a **strong** match when its score is at least :data:`STRONG_SHARE` of the best
score; the others are weaker matches, which the list hides behind a link so that its
counts mean something.

PostgreSQL reads the per-term frequencies from the stored, GIN-indexed vectors
(``search/documents.py``), one ``ts_rank`` per term, within a statement timeout; terms in
more than :func:`common_limit` cases do not make a case a match by themselves (they still
add to the score of cases that match), so a sentence of everyday words does not rank the
whole library. SQLite reads the same frequencies from the documents in Python.
"""

import itertools
import math
from dataclasses import dataclass, field
from difflib import SequenceMatcher

import numpy as np
from django.conf import settings
from django.db import OperationalError, connection, transaction

from .documents import CONFIG, Document, document_of, is_postgresql
from .said import said
from .text import STOP_WORDS, QueryTerm, query_terms, words

K1 = 1.2
B = 0.75
# ts_rank's frequencies are at most about 1 (a title word); BM25's k1 is set for counts,
# so frequencies are scaled to make one title word count as about two occurrences.
TF_SCALE = 3.0
# ts_rank divides by the sum of 1/n² (π²/6), as PostgreSQL's calc_rank_or does.
_ZETA2 = 1.64493406685
# The kinds whose recognised values lift (and select) the cases carrying them: what
# happened and who. A workload or accelerator named in a sentence ("on our H100s") is
# the setting: a chip the reader may apply, not evidence that a case matches.
BOOSTED_KINDS = frozenset(
    {"root_cause", "component", "symptom", "contributing_factor", "organisation"}
)
# A recognised value weighs this many times its idf, times its confidence.
TERM_BOOST = 1.0
# A value a log signature shows weighs twice as much: the tool's own line is surer
# evidence than a word. Chosen on tests/data/search-queries.tsv with 250 cases: the NCCL
# watchdog line then lists the five cases carrying NCCL timeout before PyTorch's RFC that
# explains the watchdog (log top-3 0.90 and MRR 0.72 with 1.0 or 2.0).
SIGNATURE_BOOST = 2.0
# A recognised value's aliases join the query at this weight times its confidence; at
# most EXPANSION_TERMS of them in all (each is one more ts_rank on PostgreSQL). Chosen on
# the development set tests/data/search-queries.tsv with 151 cases: 0.2 and 6 keep
# descriptions at top-3 1.00 and bring log lines from 0.85 to 0.90 on PostgreSQL; 0.5 or
# 12 terms start pulling descriptions towards cases that merely use a value's aliases.
EXPANSION_WEIGHT = 0.2
EXPANSION_TERMS = 6
EXPANSION_MIN_CONFIDENCE = 0.5  # the chips' threshold (suggestions.OFFER_THRESHOLD)
# How a recognised value is found when it proves its carriers are matches (with at most
# PROOF_SHARE of the cases carrying it): a tool's line, or the reader's naming it.
PROVING = frozenset({"signature", "name", "alias"})
# A match is strong when it scores at least this share of the best match.
STRONG_SHARE = 0.5
# A value a log signature shows makes every case carrying it a strong match when at most
# this share of the published cases carry it (passing.BROAD_SHARE: a broad value such
# as GPU, which an Xid line also shows, would make a fifth of the library strong).
PROOF_SHARE = 0.2
# Known items: a short sentence (2 to KNOWN_ITEM_WORDS words, numbers included) whose
# words run, in order, through a case's title or slug ("Llama 3 405B training") names
# that case. Of the KNOWN_ITEM_TOP best matches, one whose title or slug holds such a run
# of at least KNOWN_ITEM_SHARE of the sentence's words has its score multiplied by one
# plus that share.
KNOWN_ITEM_WORDS = 8
KNOWN_ITEM_TOP = 10
KNOWN_ITEM_SHARE = 0.6


def common_limit(n_cases):
    """Above how many matching cases a term is "common": ``int``, a twentieth of the
    library and at least 50. A common term adds to scores but finds no case alone."""
    return max(50, n_cases // 20)


def weighted_frequency(weights):
    """A term's weighted frequency in a document, as PostgreSQL's ``ts_rank`` computes it
    for a query of that term alone (``calc_rank_or`` in ``src/backend/utils/adt/
    tsrank.c``): the heaviest occurrence counts in full, the n-th occurrence in document
    order its weight divided by n², all divided by π²/6.

    Input: the occurrence weights in document order (``list[float]``; empty gives 0.0).
    Output: ``float``.
    """
    if not weights:
        return 0.0
    heaviest = max(range(len(weights)), key=lambda j: (weights[j], -j))
    total = sum(w / (j + 1) ** 2 for j, w in enumerate(weights))
    w_max = weights[heaviest]
    return (w_max + total - w_max / (heaviest + 1) ** 2) / _ZETA2


def bm25(frequencies, lengths, document_frequencies, n_cases, weights=None):
    """BM25 scores of matched cases.

    Input: ``frequencies``, ``float[m, k]`` weighted frequencies of the k terms in the m
    cases (0 where absent); ``lengths``, ``float[m]`` distinct words per case;
    ``document_frequencies``, ``float[k]`` cases containing each term; ``n_cases``, the
    library's size; ``weights``, ``float[k]`` how much each term counts (1 each when
    ``None``). Output: ``float64[m]`` (0 for a case with none of the terms).
    """
    if len(lengths) == 0 or np.size(frequencies) == 0:
        return np.zeros(len(lengths))
    frequencies = np.asarray(frequencies, dtype=np.float64).reshape(len(lengths), -1)
    df = np.asarray(document_frequencies, dtype=np.float64)
    idf = np.log1p((n_cases - df + 0.5) / (df + 0.5)).clip(min=0.0)
    if weights is not None:
        idf = idf * np.asarray(weights, dtype=np.float64)
    lengths = np.asarray(lengths, dtype=np.float64)
    average = lengths.mean() if len(lengths) and lengths.mean() > 0 else 1.0
    tf = frequencies * TF_SCALE
    norm = K1 * (1 - B + B * lengths / average)
    return ((tf * (K1 + 1)) / (tf + norm[:, None]) * idf).sum(axis=1)


@dataclass
class Matches:
    """What the text search found: case primary keys and BM25 scores (equal lengths).

    ``ranked`` is false when scoring every match would have run past the time limit or
    the rank limit, so the matches came back unscored (all 0: listed newest first);
    ``complete`` is false when even finding them would have, so ``pks`` is empty.
    """

    pks: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    scores: np.ndarray = field(default_factory=lambda: np.zeros(0))
    ranked: bool = True
    complete: bool = True


def find_matches(sentence, n_cases, versions=None, expansion=()):
    """The cases whose text matches ``sentence``, scored (drafts too on PostgreSQL:
    callers keep the published ones, which the case index knows).

    Input: the sentence, the number of published cases (for idf) and the data's change
    counters if read (SQLite keeps its documents until they move); ``expansion``,
    ``(text, weight)`` pairs whose terms join the sentence's at that weight. Output:
    :class:`Matches`. PostgreSQL: at most three statements, each bounded by
    ``settings.SEARCH_TIMEOUT_MS``; more than ``settings.SEARCH_RANK_LIMIT`` matches are
    returned unranked. SQLite: every published case scored in Python (the embedded
    database holds a small library).
    """
    terms = query_terms(sentence)
    if not terms:
        return Matches()
    seen = {term.stems for term in terms}
    for text, weight in expansion:
        for term in query_terms(text):
            if term.stems not in seen:
                seen.add(term.stems)
                terms.append(QueryTerm(term.stems, term.words, term.weight * weight))
    if is_postgresql():
        return _postgresql_matches(terms, n_cases)
    return _python_matches(terms, versions)


# --- SQLite: documents read in Python ----------------------------------------------------

_documents = {"versions": None, "by_pk": {}}


def forget():
    """Drop this process's documents (tests roll the counters back between cases)."""
    _documents.update(versions=None, by_pk={})


def _published_documents(versions=None):
    """``dict[int pk, Document]`` of the published cases, kept per process until the
    change counters (``incidents/index.py``) move."""
    from incidents.index import library_versions
    from incidents.models import Case

    versions = library_versions() if versions is None else versions
    if _documents["versions"] != versions:
        cases = Case.objects.published().with_terms().prefetch_related("findings")
        _documents.update(versions=versions, by_pk={c.pk: document_of(c) for c in cases})
    return _documents["by_pk"]


def _frequency_in(document: Document, term):
    """The weighted frequency of a query term in a Python :class:`Document`; a phrase
    counts its last word's occurrences when the words stand next to each other."""
    if len(term.stems) == 1:
        return weighted_frequency(document.weights.get(term.stems[0], ()))
    if any(s not in document.weights for s in term.stems):
        return 0.0
    width = len(term.stems)
    stems = document.stems
    for i in range(len(stems) - width + 1):
        if tuple(stems[i : i + width]) == term.stems:
            return weighted_frequency(document.weights[term.stems[-1]])
    return 0.0


def _python_matches(terms, versions):
    documents = _published_documents(versions)
    if not documents:
        return Matches()
    pks = np.fromiter(documents, dtype=np.int64, count=len(documents))
    frequencies = np.array(
        [[_frequency_in(documents[int(pk)], term) for term in terms] for pk in pks]
    ).reshape(len(pks), len(terms))
    df = (frequencies > 0).sum(axis=0)
    limit = common_limit(len(pks))
    selective = df <= limit
    if selective.any():
        found = (frequencies[:, selective] > 0).any(axis=1)
    else:
        found = (frequencies > 0).all(axis=1)
    lengths = np.array([documents[int(pk)].length for pk in pks[found]], dtype=np.float64)
    weights = [term.weight for term in terms]
    scores = bm25(frequencies[found], lengths, df, len(pks), weights)
    return Matches(pks[found], scores)


# --- PostgreSQL: stored vectors ----------------------------------------------------------


def _column(sql, params, dtype, width=1):
    """Rows of a statement as a NumPy array (``[rows]`` for one column, ``[rows, width]``
    otherwise), read straight from the cursor."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        flat = np.fromiter(itertools.chain.from_iterable(cursor), dtype=dtype)
    return flat if width == 1 else flat.reshape(-1, width)


def _timed(run, timeout_ms):
    """``run()`` inside a transaction whose statements stop after ``timeout_ms``
    (PostgreSQL's ``statement_timeout``, for this transaction only) and may not scan the
    table sequentially (the GIN index answers which cases contain a term without reading
    any vector); ``None`` when a statement ran out of time.

    Inside an outer transaction ``atomic()`` is a savepoint, and releasing a savepoint
    keeps ``SET LOCAL`` values until the outer transaction ends, so both settings are put
    back after ``run()`` there (a rolled-back savepoint reverts them itself). Without this
    a feed read after a search in one transaction ran under the search's 500 ms bound.
    """
    nested = connection.in_atomic_block
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                if nested:
                    cursor.execute(
                        "SELECT current_setting('statement_timeout'), "
                        "current_setting('enable_seqscan')"
                    )
                    before = cursor.fetchone()
                # One round trip for both settings (no parameters: an int is formatted).
                cursor.execute(
                    f"SET LOCAL statement_timeout = {int(timeout_ms)}; "
                    "SET LOCAL enable_seqscan = off"
                )
            result = run()
            if nested:
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT set_config('statement_timeout', %s, true), "
                        "set_config('enable_seqscan', %s, true)",
                        list(before),
                    )
            return result
    except OperationalError as error:
        if type(error.__cause__).__name__ != "QueryCanceled":
            raise
        return None


def _postgresql_matches(terms, n_cases):
    from .models import SearchDocument

    table = connection.ops.quote_name(SearchDocument._meta.db_table)
    limit = common_limit(n_cases)
    timeout = settings.SEARCH_TIMEOUT_MS
    texts = [term.tsquery for term in terms]

    # 1. How many cases contain each term, counted up to the common limit (one statement;
    #    each count stops at limit + 1 rows of the GIN index's bitmap).
    df_sql = (
        "SELECT (SELECT count(*) FROM (SELECT 1 FROM "  # noqa: S608 - our own table name
        f"{table} d WHERE d.vector @@ to_tsquery(%s, t.q) LIMIT %s) s) "
        "FROM unnest(%s::text[]) WITH ORDINALITY AS t(q, i) ORDER BY t.i"
    )
    df = _timed(lambda: _column(df_sql, [CONFIG, limit + 1, texts], np.int64), timeout)
    if df is None:
        return Matches(ranked=False, complete=False)
    present = df > 0
    if not present.any():
        return Matches()
    selective = present & (df <= limit)
    if selective.any():
        finder = " | ".join(f"({t})" for t, keep in zip(texts, selective, strict=True) if keep)
    else:
        finder = " & ".join(f"({t})" for t, keep in zip(texts, present, strict=True) if keep)

    # 2. Which cases match: the GIN index alone, no vector read.
    pks_sql = f"SELECT case_id FROM {table} WHERE vector @@ to_tsquery(%s, %s)"  # noqa: S608
    pks = _timed(lambda: _column(pks_sql, [CONFIG, finder], np.int64), timeout)
    if pks is None:
        return Matches(ranked=False, complete=False)
    if len(pks) == 0:
        return Matches()
    if len(pks) > settings.SEARCH_RANK_LIMIT:
        return Matches(pks, np.zeros(len(pks)), ranked=False)

    # 3. Each matched case's length and the frequency of every present term, each vector
    #    read once (``|| ''`` makes a plain copy that every ts_rank call shares).
    used = [term for term, keep in zip(terms, present, strict=True) if keep]
    columns, params = [], []
    for term in used:
        if len(term.stems) == 1:
            columns.append("ts_rank(v, to_tsquery(%s, %s))")
            params += [CONFIG, term.tsquery]
        else:
            columns.append(
                "CASE WHEN v @@ to_tsquery(%s, %s) THEN ts_rank(v, to_tsquery(%s, %s)) ELSE 0 END"
            )
            params += [CONFIG, term.tsquery, CONFIG, term.words[-1]]
    rank_sql = (
        f"SELECT case_id, length(v), {', '.join(columns)} FROM ("  # noqa: S608
        f"SELECT case_id, vector || ''::tsvector AS v FROM {table} "
        "WHERE vector @@ to_tsquery(%s, %s) OFFSET 0) m"
    )
    rows = _timed(
        lambda: _column(rank_sql, [*params, CONFIG, finder], np.float64, 2 + len(used)),
        timeout,
    )
    if rows is None:
        return Matches(pks, np.zeros(len(pks)), ranked=False)
    frequencies = rows[:, 2:].copy()
    frequencies[frequencies < 1e-9] = 0.0  # ts_rank's floor for an absent term
    weights = [term.weight for term in used]
    scores = bm25(frequencies, rows[:, 1], df[present], max(n_cases, int(df.max())), weights)
    return Matches(rows[:, 0].astype(np.int64), scores)


# --- Both: the sentence's result in the case index ---------------------------------------


@dataclass
class SentenceResult:
    """The published cases a sentence matches, as positions in the case index.

    ``positions`` (``int64[k]``) and ``scores`` (``float64[k]``) are parallel; ``ranked``
    and ``complete`` as in :class:`Matches`; ``searched``, the text the cases were searched
    by (:func:`search.said.said`: the sentence without what it rules out).
    """

    positions: np.ndarray
    scores: np.ndarray
    ranked: bool = True
    complete: bool = True
    searched: str = ""

    @property
    def everything(self):
        """``(positions, scores)`` of every match, strong or weaker."""
        return self.positions, self.scores

    def strong(self):
        """``bool[k]``: which matches are strong, scoring at least :data:`STRONG_SHARE` of
        the best match (in the whole library, so that counts under filters add up and a
        facet's count is what a click shows). When the matches are unranked, all are."""
        if not self.ranked or not len(self.scores):
            return np.ones(len(self.positions), dtype=bool)
        return self.scores >= STRONG_SHARE * self.scores.max()


def match_sentence(index, sentence, recognised=()):
    """Score the published cases against ``sentence`` and the values recognised in it.

    Input: the :class:`~incidents.index.CaseIndex`; the sentence; ``recognised``, an
    iterable of objects with ``kind``, ``slug`` and ``confidence`` (0 to 1), such as
    :func:`search.suggestions.recognise` gives. Output: :class:`SentenceResult` (in no
    particular order: :class:`~incidents.index.Selection` sorts by score). The words
    searched leave out what the sentence rules out (:func:`search.said.said`).
    """
    expansion = [
        (alias, EXPANSION_WEIGHT * value.confidence)
        for value in recognised
        if value.confidence >= EXPANSION_MIN_CONFIDENCE and value.kind in BOOSTED_KINDS
        for alias in getattr(value, "aliases", ())
    ][:EXPANSION_TERMS]
    searched = said(sentence, index.versions[0])
    matches = find_matches(searched, index.n_cases, index.versions, expansion)
    positions, found = index.positions_of(np.asarray(matches.pks, dtype=np.int64))
    scores = np.asarray(matches.scores, dtype=np.float64)[found]
    proven = []  # carriers of particular values a signature shows or the reader names
    reordering = []  # of those, the carriers of symptoms a signature shows
    if matches.ranked and matches.complete:
        bonus = np.zeros(index.n_cases)
        for value in recognised:
            if value.kind not in BOOSTED_KINDS:
                continue
            table = index.tables.get(value.kind)
            indexed = table.by_slug.get(value.slug) if table else None
            if indexed is None:
                continue
            carriers = table.cases_of(indexed.position)
            degree = len(carriers)
            if degree:
                idf = math.log1p((index.n_cases - degree + 0.5) / (degree + 0.5))
                boost = SIGNATURE_BOOST if getattr(value, "how", "") == "signature" else TERM_BOOST
                bonus[carriers] += boost * value.confidence * idf
                # A broad value (a signature shows the line is about a GPU) proves
                # little about which case it is: only particular values lift every carrier.
                # A particular value named outright (by name or alias, as a chip) is one
                # the reader asked for: its carriers are strong matches too, in the order
                # their scores give ("checkpoint failure" listed 1 of the 13 cases
                # carrying Checkpoint failure and hid the rest as weaker matches).
                how = getattr(value, "how", "")
                if (
                    how in PROVING
                    and value.confidence >= EXPANSION_MIN_CONFIDENCE
                    and degree <= PROOF_SHARE * max(index.n_cases, 1)
                ):
                    proven.append(carriers)
                    if how == "signature" and value.kind == "symptom":
                        reordering.append(carriers)
        if bonus.any():
            matched = np.zeros(index.n_cases, dtype=bool)
            matched[positions] = True
            total = bonus.copy()
            total[positions] += scores
            # A symptom a log signature shows says what happened: its carriers keep,
            # above the strong-match floor, their whole score, tags and words (a case of
            # the line's own "GPU fell off the bus" before one that only shares the words
            # of a broader Xid error; of two such cases, the one that also uses the
            # line's words first). Every other proven carrier is raised to the floor below.
            floor = STRONG_SHARE * total.max()
            before = total.copy()  # a case carrying two proven symptoms is lifted once
            for carriers in reordering:
                total[carriers] = np.maximum(total[carriers], floor + before[carriers])
            positions = np.flatnonzero(matched | (total > 0))
            scores = total[positions]
    positions = np.asarray(positions, dtype=np.int64)
    if matches.ranked and len(scores):
        scores = known_item_lift(index, searched, positions, np.asarray(scores, dtype=float))
        if proven:
            # Proof, not a hint: every proven carrier is a strong match, below those that
            # match better (and after a known item's lift, which may raise the best).
            carried = np.isin(positions, np.concatenate(proven))
            scores[carried] = np.maximum(scores[carried], STRONG_SHARE * scores.max())
    return SentenceResult(positions, scores, matches.ranked, matches.complete, searched)


def _longest_run(wanted, found):
    """The length of the longest run of ``wanted`` (``list[str]``) found, in order and
    next to each other, in ``found`` (``difflib``'s longest matching block)."""
    return SequenceMatcher(None, wanted, found, autojunk=False).find_longest_match().size


def known_item_lift(index, sentence, positions, scores):
    """Scores with known items lifted (see :data:`KNOWN_ITEM_WORDS`).

    Input: the case index, the sentence, the matched cases' positions and scores
    (``float64[m]``). Output: the scores (a new array when any is lifted). One SQL query
    (titles and slugs of at most :data:`KNOWN_ITEM_TOP` cases) when the sentence is short
    enough; none otherwise.
    """
    from incidents.models import Case

    wanted = [w for w in words(sentence) if w not in STOP_WORDS]
    if not 2 <= len(wanted) <= KNOWN_ITEM_WORDS:
        return scores
    top = np.argsort(-scores, kind="stable")[:KNOWN_ITEM_TOP]
    by_pk = {int(index.case_pks[positions[i]]): i for i in top}
    lifted = scores.copy()
    for pk, title, slug in Case.objects.filter(pk__in=list(by_pk)).values_list(
        "pk", "title", "slug"
    ):
        title_words = [w for w in words(title) if w not in STOP_WORDS]
        run = max(_longest_run(wanted, title_words), _longest_run(wanted, slug.split("-")))
        share = run / len(wanted)
        if run >= 2 and share >= KNOWN_ITEM_SHARE:
            lifted[by_pk[pk]] *= 1 + share
    return lifted
