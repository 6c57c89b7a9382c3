"""Sentence search: the cases that match a sentence's meaningful words, best match first.

A sentence is reduced to its words (letters and digits; every other character, including
the tsquery operators ``& | ! : * ( ) -``, quotes and NUL, is a separator), folded to lower
case without accents, stop words dropped (PostgreSQL's ``english`` list) and stemmed with
the Snowball English stemmer (the one PostgreSQL's ``english`` configuration uses). A case
matches when any of those stems occurs in it, so a long sentence is not emptied by one
absent word; cases that match none are left out.

Ranking weighs where a word occurs, with PostgreSQL's default ``ts_rank`` weights:
A (1.0) title; B (0.4) summary, organisation, names of the case's terms; C (0.2) symptoms,
trigger, impact, detection and the terms' aliases; D (0.1) remediation, action items and
lessons. On PostgreSQL this runs as full-text search over the stored, GIN-indexed
``SearchDocument.vector`` (:func:`stored_vector`, kept current by ``incidents/signals.py``);
on SQLite the same document (:func:`search_parts`) and weights are scored in Python, the
fallback for the small embedded database. Both read ASCII punctuation as a space, so
``torch.sum`` is two words everywhere. One difference remains: SQLite folds accents
(``café`` = ``cafe``), PostgreSQL without the ``unaccent`` extension does not.
"""

import html
import math
import operator
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache, reduce

import numpy as np
import snowballstemmer
from django.conf import settings
from django.contrib.postgres.aggregates import StringAgg
from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVector
from django.db import OperationalError, connection, transaction
from django.db.models import Case as When_
from django.db.models import F, FloatField, Func, OuterRef, Subquery, TextField, Value, When
from django.db.models.functions import Coalesce
from django.utils.safestring import mark_safe

from .text import render_markdown

CONFIG = "english"
WEIGHTS = {"A": 1.0, "B": 0.4, "C": 0.2, "D": 0.1}

# PostgreSQL 15 tsearch_data/english.stop (the Snowball English stop list).
_STOP_WORDS_TEXT = """
    i me my myself we our ours ourselves you your yours yourself yourselves he him his
    himself she her hers herself it its itself they them their theirs themselves what which
    who whom this that these those am is are was were be been being have has had having do
    does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on
    off over under again further then once here there when where why how all any both each
    few more most other some such no nor not only own same so than too very s t can will just
    don should now"""
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split())
_WORD = re.compile(r"[^\W_]+")
_stemmer = snowballstemmer.stemmer("english")


@lru_cache(maxsize=16384)
def stem(word):
    """The Snowball English stem of a folded word: ``"hangs"`` → ``"hang"`` (memoised)."""
    return _stemmer.stemWord(word)


def fold(text):
    """Lower-case ``text`` and strip accents: ``"Zürich"`` → ``"zurich"``."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text):
    """The words of ``text``, folded: ``list[str]``; everything but letters and digits splits."""
    return _WORD.findall(fold(text))


def query_stems(sentence):
    """The meaningful words of a sentence as (word, stem) pairs, first occurrence each.

    Input: the sentence, any text. Output: ``list[tuple[str, str]]``; stop words dropped.
    """
    seen, pairs = set(), []
    for word in words(sentence):
        if word in STOP_WORDS:
            continue
        word_stem = stem(word)
        if word_stem not in seen:
            seen.add(word_stem)
            pairs.append((word, word_stem))
    return pairs


def search_parts(case):
    """The text a case is found by, per weight: ``dict[str, str]`` with keys A to D.

    Input: a Case with its organisation and terms loaded (``with_terms()``).
    """
    terms = [
        *case.root_causes.all(),
        *case.components.all(),
        *case.symptoms.all(),
        *case.contributing_factors.all(),
    ]
    return {
        "A": case.title,
        "B": " ".join([case.summary, case.organisation.name, *(term.name for term in terms)]),
        "C": " ".join(
            [
                case.symptoms_text,
                case.trigger,
                case.impact,
                case.detection,
                *(term.aliases for term in terms),
            ]
        ),
        "D": " ".join([case.remediation, case.action_items, case.lessons]),
    }


def is_postgresql():
    """Whether the default database is PostgreSQL (full-text search) or not (fallback)."""
    return connection.vendor == "postgresql"


def _joined(model, field):
    """SQL: the ``field`` values of a case's terms of ``model``, space-joined ("" if none)."""
    return Coalesce(
        Subquery(
            model.objects.filter(cases=OuterRef("pk"))
            .values("cases")
            .annotate(text=StringAgg(field, " ", order_by="slug", output_field=TextField()))
            .values("text")
        ),
        Value(""),
        output_field=TextField(),
    )


def stored_vector():
    """The SQL expression of a case's search vector: :func:`search_parts` for PostgreSQL.

    Keep the two in step: the same fields under the same weights. (PostgreSQL stems and
    drops stop words itself; accents are not folded in the stored document.)
    """
    from taxonomy.models import Component, ContributingFactor, RootCause, Symptom

    from .models import Organisation

    kinds = (RootCause, Component, Symptom, ContributingFactor)
    organisation = Subquery(
        Organisation.objects.filter(pk=OuterRef("organisation_id")).values("name"),
        output_field=TextField(),
    )
    parts = {
        "A": ["title"],
        "B": ["summary", organisation, *(_joined(kind, "name") for kind in kinds)],
        "C": [
            "symptoms_text",
            "trigger",
            "impact",
            "detection",
            *(_joined(kind, "aliases") for kind in kinds),
        ],
        "D": ["remediation", "action_items", "lessons"],
    }
    vectors = [
        SearchVector(*(_words_only(f) for f in fields), weight=w, config=CONFIG)
        for w, fields in parts.items()
    ]
    return reduce(operator.add, vectors)


def _words_only(field):
    """SQL: the text with ASCII punctuation read as spaces, as :func:`words` reads it, so
    ``torch.sum`` or ``2.28.9`` are the same separate words on both databases (PostgreSQL's
    parser would otherwise keep them whole as file or version tokens)."""
    expression = F(field) if isinstance(field, str) else field
    return Func(
        Coalesce(expression, Value(""), output_field=TextField()),
        Value("[[:punct:]]+"),
        Value(" "),
        Value("g"),
        function="regexp_replace",
        output_field=TextField(),
    )


def update_search_vectors(case_ids):
    """Store the search vector of the cases with these primary keys, in one statement.

    PostgreSQL only; a no-op elsewhere. Input: an iterable of primary keys.
    """
    from .models import Case, SearchDocument

    case_ids = list(case_ids)
    if case_ids and is_postgresql():
        documents = (
            Case.objects.filter(pk__in=case_ids)
            .annotate(document=stored_vector())
            .values_list("pk", "document")
        )
        sql, params = documents.query.sql_with_params()
        table = SearchDocument._meta.db_table
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {table} (case_id, vector) {sql} "  # noqa: S608 - our own SQL
                "ON CONFLICT (case_id) DO UPDATE SET vector = EXCLUDED.vector",
                params,
            )


def search(queryset, sentence, memo=None):
    """The cases of ``queryset`` that match ``sentence``, annotated with ``search_rank``.

    Input: a Case queryset, the sentence, and optionally ``memo``, a dict that keeps the
    SQLite fallback's scores between calls within one request (facets filter the same
    sentence several times). Output: a Case queryset ordered best match first, then newest
    incident first; empty when the sentence has no meaningful word. PostgreSQL: one query
    over the GIN index. SQLite: every case is scored in Python once per memo.
    """
    stems = query_stems(sentence)
    if not stems:
        return queryset.none()
    if is_postgresql():
        # Only letters and digits reach the raw tsquery: no operator can come through.
        # Accents are kept: PostgreSQL's english configuration does not fold them either.
        unfolded = [
            w
            for w in _WORD.findall(unicodedata.normalize("NFKC", sentence).casefold())
            if fold(w) not in STOP_WORDS
        ]
        tsquery = SearchQuery(" | ".join(dict.fromkeys(unfolded)), search_type="raw", config=CONFIG)
        return (
            queryset.filter(search_document__vector=tsquery)
            .annotate(search_rank=SearchRank(F("search_document__vector"), tsquery))
            .newest_first("-search_rank")
        )
    memo = {} if memo is None else memo
    if sentence not in memo:
        everything = queryset.model.objects.with_terms()
        memo[sentence] = score_cases(everything, [stem for _, stem in stems])
    scores = memo[sentence]
    rank = When_(
        *(When(pk=pk, then=Value(score)) for pk, score in scores.items()),
        default=Value(0.0),
        output_field=FloatField(),
    )
    return (
        queryset.filter(pk__in=list(scores)).annotate(search_rank=rank).newest_first("-search_rank")
    )


def score_cases(cases, stems):
    """SQLite fallback scores: ``dict[case pk, float]`` for the cases matching any stem.

    Each stem found adds the weight of the heaviest part it occurs in, plus a little for
    how often it occurs (``0.05 * log(1 + n)``), in the spirit of ``ts_rank``.
    """
    wanted = set(stems)
    scores = {}
    for case in cases:
        found = {}
        for weight, text in search_parts(case).items():
            for word in words(text):
                word_stem = stem(word)
                if word_stem in wanted:
                    best, count = found.get(word_stem, (0.0, 0))
                    found[word_stem] = (max(best, WEIGHTS[weight]), count + 1)
        if found:
            scores[case.pk] = sum(w + 0.05 * math.log1p(n) for w, n in found.values())
    return scores


# The fields a snippet may quote, in the order they are tried.
SNIPPET_FIELDS = ("summary", "symptoms_text", "trigger", "impact", "lessons")


def snippet(case, sentence, width=220):
    """A short excerpt of the case with the sentence's words highlighted, safe to render.

    Input: a Case and the sentence. Output: a ``SafeString`` of escaped text in which the
    matched words are wrapped in ``<mark>``, or "" when no part of the summary, symptoms
    or trigger contains one. Widths are in characters.
    """
    stems = {stem for _, stem in query_stems(sentence)}
    if not stems:
        return ""
    for source in (getattr(case, name) for name in SNIPPET_FIELDS):
        text = re.sub(r"\s+", " ", html.unescape(_strip_tags(render_markdown(source)))).strip()
        hits = [match for match in _WORD.finditer(text) if stem(fold(match.group())) in stems]
        if not hits:
            continue
        start = max(0, hits[0].start() - width // 3)
        end = min(len(text), start + width)
        pieces, cursor = [], start
        for match in hits:
            if match.start() < start or match.end() > end:
                continue
            pieces.append(html.escape(text[cursor : match.start()]))
            pieces.append(f"<mark>{html.escape(match.group())}</mark>")
            cursor = match.end()
        pieces.append(html.escape(text[cursor:end]))
        prefix = "…" if start > 0 else ""
        suffix = "…" if end < len(text) else ""
        return mark_safe(prefix + "".join(pieces) + suffix)  # noqa: S308 - every piece escaped
    return ""


def _strip_tags(markup):
    return re.sub(r"<[^>]+>", " ", str(markup))


@dataclass
class Matches:
    """The cases a sentence matches: ``pks`` with their ``ranks`` (sequences of the same
    length: NumPy arrays on PostgreSQL, lists on SQLite).

    ``ranked`` is false when ranking every match would have run past the time limit, so
    the matches came back unranked (all ranks 0: the list shows them newest first);
    ``complete`` is false when even finding them would have, so ``pks`` is empty.
    """

    pks: list
    ranks: list
    ranked: bool = True
    complete: bool = True


def _column(queryset, dtype, width=1):
    """The rows of a ``values_list`` queryset as a NumPy array (``[rows]`` for one column,
    ``[rows, width]`` otherwise), read straight from the cursor: a list of 100,000 Python
    numbers would cost more, and leave a worker's heap fragmented."""
    import itertools

    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        flat = np.fromiter(itertools.chain.from_iterable(cursor), dtype=dtype)
    return flat if width == 1 else flat.reshape(-1, width)


def _timed(run, timeout_ms, *settings_sql):
    """``run()`` inside a transaction whose statements stop after ``timeout_ms``
    (PostgreSQL's ``statement_timeout``, for this transaction only); ``None`` when one
    ran out of time. ``settings_sql``: more ``SET LOCAL`` statements to run first."""
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL statement_timeout = %s", [int(timeout_ms)])
                for statement in settings_sql:
                    cursor.execute(statement)
            return run()
    except OperationalError as error:
        if type(error.__cause__).__name__ != "QueryCanceled":
            raise
        return None


def find_matches(sentence):
    """The cases matching ``sentence`` and their ranks, within time bounds (on PostgreSQL
    drafts too: callers keep the published ones, which the case index knows).

    Output: :class:`Matches`. PostgreSQL: first the matching ids from the GIN index (no
    ranking, so no search vector is read); then, when there are at most
    ``settings.SEARCH_RANK_LIMIT`` of them, their ``ts_rank``. Ranking costs about 5 µs
    per match (each vector is read from TOAST storage), so a sentence of words nearly
    every case has is listed unranked, newest first, instead of taking half a second.
    Each step is bounded by ``settings.SEARCH_TIMEOUT_MS``: past it, the matches stay
    unranked, or, if even finding them ran out of time, there are none (``complete``
    false). Four SQL statements at most. SQLite: the Python scoring of
    :func:`score_cases` (no bound; the embedded database holds a small library).
    """
    from .models import Case, SearchDocument

    stems = query_stems(sentence)
    if not stems:
        return Matches([], [])
    published = Case.objects.published().order_by()
    if not is_postgresql():
        scores = score_cases(published.with_terms(), [stem for _, stem in stems])
        return Matches(list(scores), list(scores.values()))
    unfolded = [
        w
        for w in _WORD.findall(unicodedata.normalize("NFKC", sentence).casefold())
        if fold(w) not in STOP_WORDS
    ]
    tsquery = SearchQuery(" | ".join(dict.fromkeys(unfolded)), search_type="raw", config=CONFIG)
    # Drafts match too (the case index leaves them out): the case table is not read.
    matching = SearchDocument.objects.filter(vector=tsquery)
    timeout = settings.SEARCH_TIMEOUT_MS
    # The GIN index answers which cases match without reading any vector; a sequential
    # scan would read every one, so it is ruled out for this statement.
    pks = _timed(
        lambda: _column(matching.values_list("case_id"), np.int64),
        timeout,
        "SET LOCAL enable_seqscan = off",
    )
    if pks is None:
        return Matches([], [], ranked=False, complete=False)
    if len(pks) > settings.SEARCH_RANK_LIMIT:
        return Matches(pks, np.zeros(len(pks)), ranked=False)
    ranked = matching.annotate(rank=SearchRank(F("vector"), tsquery))
    rows = _timed(
        lambda: _column(ranked.values_list("case_id", "rank"), np.float64, 2),
        timeout,
        "SET LOCAL enable_seqscan = off",
    )
    if rows is None:
        return Matches(pks, np.zeros(len(pks)), ranked=False)
    return Matches(rows[:, 0].astype(np.int64), rows[:, 1])
