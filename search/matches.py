"""Text matches: the cases whose words a sentence shares, scored with BM25F, on either
database.

A sentence is read into query terms (``search/text.py``: words and ``Xid 79``-style
phrases, without the timestamps, ids and numbers of log lines). Each case is scored with
BM25F, BM25 over weighted fields (Robertson, Zaragoza and Taylor, "Simple BM25 extension
to multiple weighted fields", CIKM 2004; Robertson and Zaragoza, "The Probabilistic
Relevance Framework: BM25 and Beyond", 2009, section 3.5):

- a case's text is in four parts (``search/documents.py``): title (weight 1.0); summary
  and term names (0.4); symptoms to detection and aliases (0.2); the rest (0.1);
- a term's frequency in a case adds, over the parts, its occurrences there times the
  part's weight, each part normalised by its own length in distinct words against the
  matched cases' average for that part (``b = 0.75``), so a word in a case's title counts
  as a title word however long the rest of the case is, and a word repeated through a
  long multi-incident study counts less than in a short case;
- the term weighs its inverse document frequency,
  ``idf = ln(1 + (N − df + 0.5) / (df + 0.5))``, so a rare signature (``LustreError``,
  ``Xid 119``) outweighs words most cases contain (``error``, ``worker``);
- frequencies saturate (``k1 = 1.2``) once, after the parts are added.

PostgreSQL reads each term's frequency from the stored, GIN-indexed vectors
(``search/documents.py``) with one ``ts_rank_cd`` per term whose weights are the case's
normalised part weights, within a statement timeout; terms in more than
:func:`common_limit` cases do not make a case a match by themselves (they still add to
the score of cases that match), so a sentence of everyday words does not rank the whole
library. SQLite reads the same frequencies from the documents in Python. What ranks the
matches in the end, with the values recognised in the sentence, is ``search/ranking.py``.
"""

import itertools
import math
from dataclasses import dataclass, field

import numpy as np
from django.conf import settings
from django.db import OperationalError, connection, transaction

from .documents import CONFIG, LENGTH_COLUMNS, WEIGHTS, Document, document_of, is_postgresql
from .text import QueryTerm, query_terms

K1 = 1.2
B = 0.75
# One title occurrence counts as this many occurrences, a summary one 0.4 times that, and
# so on (documents.WEIGHTS). BM25's k1 is set for counts of a single field; 1.8 is what a
# lone title word counted in the ts_rank-based formula this replaced (3.0 / ζ(2) = 1.82),
# so k1 keeps its effect. Measured with 262 cases on tests/data/search-queries.tsv, top-3
# 1.00 and 0.90 throughout: 1.8 and 2.0 give MRR 0.99 (descriptions) and 0.83 (log
# lines), 1.5 gives 0.98 and 0.83, 1.2 gives 0.96 and 0.82.
OCCURRENCE_SCALE = 1.8
# PostgreSQL takes each part's weight, normalised for the case, as a ts_rank_cd weight,
# which must be at most 1: the weights sent are divided by this, the smallest power of two
# (so no rounding) at least the largest normalised weight (a title's, at a length of 0),
# and the frequencies read multiplied by it back.
_WEIGHT_UNIT = 2.0 ** math.ceil(math.log2(OCCURRENCE_SCALE * max(WEIGHTS.values()) / (1 - B)))


def common_limit(n_cases):
    """Above how many matching cases a term is "common": ``int``, a twentieth of the
    library and at least 50. A common term adds to scores but finds no case alone."""
    return max(50, n_cases // 20)


def part_weights(lengths, averages):
    """Each part's weight for each case, normalised by the part's length:
    ``OCCURRENCE_SCALE × WEIGHTS[part] / (1 − b + b × length / average)``, rounded to
    single precision as PostgreSQL's ``ts_rank_cd`` receives it.

    Input: ``lengths``, ``float[m, 4]``: each case's distinct words in each part, the
    columns in :data:`~search.documents.WEIGHTS` order; ``averages``, ``float[4]``: the
    matched cases' average for each part, at least 1. Output: ``float64[m, 4]``.
    """
    scale = OCCURRENCE_SCALE * np.array(list(WEIGHTS.values()))
    normalised = scale / (1 - B + B * np.asarray(lengths, dtype=np.float64) / averages)
    return (normalised / _WEIGHT_UNIT).astype(np.float32).astype(np.float64) * _WEIGHT_UNIT


def bm25f(frequencies, document_frequencies, n_cases, weights=None):
    """BM25F scores of matched cases.

    Input: ``frequencies``, ``float[m, k]``: each of the k terms' frequency in each of the
    m cases, its occurrences times their part's weight from :func:`part_weights` (0 where
    absent); ``document_frequencies``, ``float[k]`` cases containing each term;
    ``n_cases``, the library's size; ``weights``, ``float[k]`` how much each term counts
    (1 each when ``None``). Output: ``float64[m]`` (0 for a case with none of the terms).
    """
    frequencies = np.asarray(frequencies, dtype=np.float64)
    if np.size(frequencies) == 0:
        return np.zeros(len(frequencies))
    df = np.asarray(document_frequencies, dtype=np.float64)
    idf = np.log1p((n_cases - df + 0.5) / (df + 0.5)).clip(min=0.0)
    if weights is not None:
        idf = idf * np.asarray(weights, dtype=np.float64)
    return ((frequencies * (K1 + 1)) / (frequencies + K1) * idf).sum(axis=1)


@dataclass
class Matches:
    """What the text search found: case primary keys and BM25F scores (equal lengths).

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
    :class:`Matches`. PostgreSQL: three statements, and a fourth that counts common
    terms exactly when one is first met in a state of the library, each bounded by
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
        return _postgresql_matches(terms, n_cases, versions)
    return _python_matches(terms, versions)


# --- SQLite: documents read in Python ----------------------------------------------------


@dataclass
class _Corpus:
    """The published cases' documents as SQLite search reads them: ``pks`` (``int64[n]``)
    and ``documents`` in the same order; ``lengths``, ``float64[n, 4]`` each part's
    distinct words (:attr:`Document.lengths`, in ``WEIGHTS`` order); ``postings``, each
    stem's rows (``dict[str, int64[k]]``)."""

    pks: np.ndarray
    documents: list
    lengths: np.ndarray
    postings: dict


_documents = {"versions": None, "corpus": None}


def forget():
    """Drop this process's documents and common-term counts (tests roll the change
    counters back between cases)."""
    _documents.update(versions=None, corpus=None)
    _common.update(versions=None, counts={})


def warm_documents(versions=None):
    """Build this process's documents where sentence search reads them in Python (SQLite),
    so the first sentence search does not pay for them (about 0.6 s for the 262 real cases
    on the development machine; ``listing.warmup.warm_up``). On PostgreSQL nothing is
    built: the database holds the documents.

    Input: the change counters if read. Output: the number of documents kept (0 on
    PostgreSQL). Raises the database's errors.
    """
    if is_postgresql():
        return 0
    return len(_published_corpus(versions).pks)


def _published_corpus(versions=None):
    """The :class:`_Corpus` of the published cases, kept per process until the change
    counters (``incidents/index.py``) move."""
    from incidents.index import library_versions
    from incidents.models import Case

    versions = library_versions() if versions is None else versions
    if _documents["versions"] != versions:
        cases = Case.objects.published().with_terms().prefetch_related("findings")
        pairs = [(case.pk, document_of(case)) for case in cases]
        rows = {}
        for i, (_, document) in enumerate(pairs):
            for word_stem in document.weights:
                rows.setdefault(word_stem, []).append(i)
        corpus = _Corpus(
            pks=np.array([pk for pk, _ in pairs], dtype=np.int64),
            documents=[document for _, document in pairs],
            lengths=np.array(
                [list(document.lengths.values()) for _, document in pairs], dtype=np.float64
            ).reshape(len(pairs), len(WEIGHTS)),
            postings={word_stem: np.array(found) for word_stem, found in rows.items()},
        )
        _documents.update(versions=versions, corpus=corpus)
    return _documents["corpus"]


def _frequency_in(document: Document, term, weights):
    """A query term's frequency in a Python :class:`Document`, as ``ts_rank_cd`` gives it
    on PostgreSQL with the case's part ``weights`` (``dict[str part, float]``, from
    :func:`part_weights`): the sum of its occurrences' weights; a phrase counts each place
    its words stand next to each other, at the harmonic mean of their weights
    (``calc_rank_cd`` in PostgreSQL's ``src/backend/utils/adt/tsrank.c``: a cover's weight
    is its length over the sum of its positions' inverse weights)."""
    if len(term.stems) == 1:
        return sum(weights[part] for part in document.weights.get(term.stems[0], ()))
    if any(s not in document.weights for s in term.stems):
        return 0.0
    width, total = len(term.stems), 0.0
    stems, parts = document.stems, document.parts
    for i in range(len(stems) - width + 1):
        if tuple(stems[i : i + width]) == term.stems and None not in parts[i : i + width]:
            total += width / sum(1 / weights[part] for part in parts[i : i + width])
    return total


def _python_matches(terms, versions):
    corpus = _published_corpus(versions)
    n_cases = len(corpus.pks)
    if not n_cases:
        return Matches()
    present = np.zeros((n_cases, len(terms)), dtype=bool)
    unit = dict.fromkeys(WEIGHTS, 1.0)
    empty = np.zeros(0, dtype=np.int64)
    for j, term in enumerate(terms):
        rows = corpus.postings.get(term.stems[0], empty)
        for word_stem in term.stems[1:]:
            rows = np.intersect1d(rows, corpus.postings.get(word_stem, empty))
        if len(term.stems) > 1:
            # A phrase is present where its words stand together, not only somewhere.
            rows = [i for i in rows if _frequency_in(corpus.documents[i], term, unit) > 0]
        present[rows, j] = True
    df = present.sum(axis=0)
    limit = common_limit(n_cases)
    selective = df <= limit
    found = present[:, selective].any(axis=1) if selective.any() else present.all(axis=1)
    rows = np.flatnonzero(found)
    if not len(rows):
        return Matches()
    lengths = corpus.lengths[rows]
    weights = part_weights(lengths, np.maximum(lengths.mean(axis=0), 1.0))
    frequencies = np.zeros((len(rows), len(terms)))
    for i, row in enumerate(rows):
        by_part = dict(zip(WEIGHTS, weights[i].tolist(), strict=True))
        document = corpus.documents[row]
        frequencies[i] = [_frequency_in(document, term, by_part) for term in terms]
    scores = bm25f(frequencies, df, n_cases, [term.weight for term in terms])
    return Matches(corpus.pks[rows], scores)


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


# Exact document frequencies of common terms (PostgreSQL), per process, for one state of
# the library: {"versions": change counters, "counts": {tsquery text: cases}}.
_common = {"versions": None, "counts": {}}


def _common_frequencies(texts, table, versions, timeout):
    """How many cases contain each of these common terms, exactly: ``dict[str, int]``
    (``tsquery`` text → cases), or ``None`` past the time limit.

    The first count stops at the common limit, which keeps finding matches fast, but a
    common word's idf must come from its true count ("error", in 190 of 262 cases, would
    weigh five times as much at a count of 51): each is counted once per state of the
    library (``versions``, the change counters) and kept in this process.
    """
    from incidents.index import library_versions

    versions = library_versions() if versions is None else versions
    if _common["versions"] != versions:
        _common.update(versions=versions, counts={})
    counts = _common["counts"]
    missing = [text for text in dict.fromkeys(texts) if text not in counts]
    if missing:
        sql = (
            f"SELECT (SELECT count(*) FROM {table} d WHERE d.vector @@ to_tsquery(%s, t.q)) "  # noqa: S608
            "FROM unnest(%s::text[]) WITH ORDINALITY AS t(q, i) ORDER BY t.i"
        )
        found = _timed(lambda: _column(sql, [CONFIG, missing], np.int64), timeout)
        if found is None:
            return None
        counts.update(zip(missing, found.tolist(), strict=True))
    return {text: counts[text] for text in texts}


def _postgresql_matches(terms, n_cases, versions=None):
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
    common = present & ~selective
    if common.any():
        exact = _common_frequencies(
            [t for t, keep in zip(texts, common, strict=True) if keep], table, versions, timeout
        )
        if exact is None:
            return Matches(pks, np.zeros(len(pks)), ranked=False)
        df = np.array([exact.get(t, n) for t, n in zip(texts, df.tolist(), strict=True)])

    # 3. The frequency of every present term in each matched case, each vector read once
    #    (``|| ''`` makes a plain copy that every ts_rank_cd call shares). Each case's part
    #    weights (part_weights) are ts_rank_cd's weights, so that its sum of occurrence
    #    weights is the BM25F frequency; the parts' average lengths are the matched
    #    cases', read from the stored lengths.
    used = [term for term, keep in zip(terms, present, strict=True) if keep]
    parts = list(WEIGHTS)
    averages = ", ".join(
        f"greatest(avg({LENGTH_COLUMNS[part]})::float8, 1) AS {part.lower()}" for part in parts
    )
    # ts_rank_cd's weights are ordered D, C, B, A; each rounds to single precision (real).
    weights = ", ".join(
        f"%s / ((1 - %s) + %s * {LENGTH_COLUMNS[part]} / a.{part.lower()})"
        for part in reversed(parts)
    )
    weight_params = []
    for part in reversed(parts):
        weight_params += [OCCURRENCE_SCALE * WEIGHTS[part] / _WEIGHT_UNIT, B, B]
    columns = ", ".join("ts_rank_cd(w, v, to_tsquery(%s, %s))" for _ in used)
    params = [value for term in used for value in (CONFIG, term.tsquery)]
    rank_sql = (
        f"SELECT case_id, {columns} FROM ("  # noqa: S608 - our own table and column names
        f"SELECT case_id, vector || ''::tsvector AS v, ARRAY[{weights}]::real[] AS w "
        f"FROM {table}, (SELECT {averages} FROM {table} WHERE vector @@ to_tsquery(%s, %s)) a "
        "WHERE vector @@ to_tsquery(%s, %s) OFFSET 0) m"
    )
    rows = _timed(
        lambda: _column(
            rank_sql,
            [*params, *weight_params, CONFIG, finder, CONFIG, finder],
            np.float64,
            1 + len(used),
        ),
        timeout,
    )
    if rows is None:
        return Matches(pks, np.zeros(len(pks)), ranked=False)
    frequencies = rows[:, 1:] * _WEIGHT_UNIT
    weights = [term.weight for term in used]
    scores = bm25f(frequencies, df[present], max(n_cases, int(df.max())), weights)
    return Matches(rows[:, 0].astype(np.int64), scores)
