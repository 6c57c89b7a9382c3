"""A case as a search document: its text in four weighted parts, stored or read.

The parts and their weights are PostgreSQL's default ``ts_rank`` weights: A (1.0) title;
B (0.4) summary, organisation, names of the case's terms; C (0.2) symptoms, trigger,
impact, detection and the terms' aliases; D (0.1) remediation, action items and lessons.
Each part's length (BM25F's normalisation) counts the case's own words only, not its
terms' aliases.

On PostgreSQL the document is a stored, GIN-indexed ``tsvector`` in
:class:`~search.models.SearchDocument` (:func:`stored_vector`, kept current by
``incidents/signals.py``). On SQLite the same parts are read in Python
(:func:`document_of`) into the same per-word parts and positions PostgreSQL keeps, so the
scoring in ``search/matches.py`` is one formula on both.

Each field is read up to a length (:data:`FIELD_LENGTH`, :data:`TERMS_LENGTH`), the same on
both databases, so that no text, however long, can make the vector fail: PostgreSQL refuses
a tsvector whose lexemes add up to 1 MB ("string is too long for tsvector", issue 14).
"""

import operator
from dataclasses import dataclass
from functools import reduce

from django.contrib.postgres.aggregates import StringAgg
from django.contrib.postgres.search import SearchVector
from django.db import connection
from django.db.models import F, Func, OuterRef, Subquery, TextField, Value
from django.db.models.functions import Coalesce, Left

from lib.phrases import CODE_NAME_PATTERN, described_lines

from .text import STOP_WORDS, stem, words

CONFIG = "english"
# The weight of an occurrence in each part: PostgreSQL's default ts_rank weights.
WEIGHTS = {"A": 1.0, "B": 0.4, "C": 0.2, "D": 0.1}
# The columns of SearchDocument that hold each part's length in distinct words.
LENGTH_COLUMNS = {"A": "length_a", "B": "length_b", "C": "length_c", "D": "length_d"}
# PostgreSQL keeps at most 256 positions of a word in a tsvector (MAXNUMPOS).
MAX_POSITIONS = 256
# Characters read of each case field (title and the eight Markdown sections), and of each
# space-joined list of names or aliases (the organisations', and each kind of term's). The
# admin refuses sections longer than FIELD_LENGTH (lib/validators.py), so what an
# editor saves is all searchable. PostgreSQL's limit is on the bytes of the distinct
# lexemes, at most 1 MB - 1 (MAXSTRPOS, src/include/tsearch/ts_type.h); a lexeme is at
# most its word, four bytes a character in UTF-8, so 9 fields x 20,000 + 9 lists x 5,000 =
# 225,000 characters are at most 900,000 bytes.
FIELD_LENGTH = 20_000
TERMS_LENGTH = 5_000
# Part C's own fields (without the terms' aliases), which its length is read from.
OWN_C_FIELDS = ("symptoms_text", "trigger", "impact", "detection")


def is_postgresql():
    """Whether the default database is PostgreSQL (full-text search) or not (fallback)."""
    return connection.vendor == "postgresql"


def search_parts(case, aliases=True):
    """The text a case is found by, per weight: ``dict[str, str]`` with keys A to D, each
    field cut to :data:`FIELD_LENGTH` and each list of names or aliases to
    :data:`TERMS_LENGTH` characters, as :func:`stored_vector` reads them.

    Input: a Case with its organisation and terms loaded (``with_terms()``; its
    ``findings`` too, or they are read with one query); ``aliases``
    false leaves out its terms' aliases (words the case's own text may never use: what
    a match's "why" may name).
    """
    kinds = [
        case.root_causes.all(),
        case.components.all(),
        case.symptoms.all(),
        case.contributing_factors.all(),
    ]

    def fields(*texts):
        return [text[:FIELD_LENGTH] for text in texts]

    def joined(values):
        return " ".join(values)[:TERMS_LENGTH]

    organisations = (involvement.organisation.name for involvement in case.involvement_list)
    return {
        "A": case.title[:FIELD_LENGTH],
        "B": " ".join(
            [
                *fields(case.summary),
                joined(organisations),
                *(joined(term.name for term in terms) for terms in kinds),
            ]
        ),
        "C": " ".join(
            [
                *fields(*(getattr(case, field) for field in OWN_C_FIELDS)),
                # (the aliases in words: names as code and logs write them are evidence
                # for suggestions, and in a document they drew every case of a component to
                # a log line naming its daemon; log search's MRR fell 0.83 -> 0.80)
                *(
                    joined(" ".join(described_lines(term.aliases)) for term in terms)
                    for terms in kinds
                    if aliases
                ),
            ]
        ),
        "D": " ".join(
            [
                *fields(case.remediation, case.action_items, case.lessons),
                _evidence(case)[:TERMS_LENGTH],
            ]
        ),  # fmt: skip
    }


def _evidence(case):
    """The case's findings' evidence sentences, in their order, as one text ("" when it
    has none); read from the prefetched findings when the caller loaded them."""
    return " ".join(finding.evidence for finding in case.findings.all())


@dataclass
class Document:
    """A case's words as PostgreSQL's tsvector keeps them, read in Python (SQLite).

    ``weights``: ``dict[str stem, list[str part]]``, the part (``"A"`` to ``"D"``) of each
    occurrence in document order, at most :data:`MAX_POSITIONS`; ``stems``: every stem in
    order (stop words kept as ``None``, as PostgreSQL counts their positions), for
    phrases; ``parts``: the part of each of those positions, ``None`` where PostgreSQL
    keeps no position (a stop word, or an occurrence past :data:`MAX_POSITIONS`);
    ``lengths``: distinct stems per part, ``dict[str part, int]``, of the case's own text
    without its terms' aliases, as the length columns hold them on PostgreSQL
    (:data:`LENGTH_COLUMNS`, :func:`update_search_vectors`).
    """

    weights: dict
    stems: list
    parts: list
    lengths: dict


def _lengths(weights, case):
    """Distinct stems per part, ``dict[str part, int]``, as ``length(ts_filter(vector,
    '{a}'))`` gives them: parts A, B and D off ``weights`` (a document's), part C off the
    case's own fields (:data:`OWN_C_FIELDS`), without its terms' aliases."""
    counts = dict.fromkeys(WEIGHTS, 0)
    for found in weights.values():
        for part in set(found):
            counts[part] += 1
    own = " ".join(getattr(case, field)[:FIELD_LENGTH] for field in OWN_C_FIELDS)
    counts["C"] = len({stem(word) for word in words(own) if word not in STOP_WORDS})
    return counts


def document_of(case, aliases=True):
    """The :class:`Document` of a case loaded with ``with_terms()`` (``aliases``: as
    :func:`search_parts` takes it; the lengths never count the aliases)."""
    weights, stems, parts = {}, [], []
    for part, text in search_parts(case, aliases).items():
        for word in words(text):
            if word in STOP_WORDS:
                stems.append(None)
                parts.append(None)
                continue
            word_stem = stem(word)
            stems.append(word_stem)
            found = weights.setdefault(word_stem, [])
            if len(found) < MAX_POSITIONS:
                found.append(part)
                parts.append(part)
            else:
                parts.append(None)
    return Document(weights, stems, parts, _lengths(weights, case))


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


def _described_aliases_sql():
    """SQL: a term's aliases without the names as code and logs write them, as
    :func:`lib.phrases.described_lines` keeps them (each such line blanked, PostgreSQL's
    newline-sensitive matching reading :data:`lib.phrases.CODE_NAME_PATTERN` line by line)."""
    return Func(
        F("aliases"),
        Value(CODE_NAME_PATTERN),
        Value(""),
        Value("gn"),
        function="regexp_replace",
        output_field=TextField(),
    )


def _evidence_sql():
    """SQL: a case's findings' evidence sentences in their order, space-joined ("" if
    none): the part :func:`_evidence` reads in Python."""
    from incidents.models import Finding

    return Coalesce(
        Subquery(
            Finding.objects.filter(case=OuterRef("pk"))
            .values("case")
            .annotate(text=StringAgg("evidence", " ", order_by="position"))
            .values("text")
        ),
        Value(""),
        output_field=TextField(),
    )


def own_words_c():
    """The SQL expression of part C of a case's search vector without its terms' aliases:
    what :func:`update_search_vectors` reads part C's length from (the other parts hold
    no aliases, so their lengths are read off the stored vector)."""
    return SearchVector(
        *(_words_only(f, FIELD_LENGTH) for f in OWN_C_FIELDS), weight="C", config=CONFIG
    )


def stored_vector():
    """The SQL expression of a case's search vector: :func:`search_parts` for PostgreSQL.

    Keep the two in step: the same fields under the same weights. (PostgreSQL stems and
    drops stop words itself; accents are folded by :func:`_words_only`.)
    """
    from incidents.models import Organisation
    from taxonomy.models import Component, ContributingFactor, RootCause, Symptom

    kinds = (RootCause, Component, Symptom, ContributingFactor)
    organisation = _joined(Organisation, "name")
    parts = {
        "A": ["title"],
        "B": ["summary", organisation, *(_joined(kind, "name") for kind in kinds)],
        "C": [*OWN_C_FIELDS, *(_joined(kind, _described_aliases_sql()) for kind in kinds)],
        "D": ["remediation", "action_items", "lessons", _evidence_sql()],
    }
    vectors = [
        SearchVector(
            *(_words_only(f, FIELD_LENGTH if isinstance(f, str) else TERMS_LENGTH) for f in fields),
            weight=w,
            config=CONFIG,
        )
        for w, fields in parts.items()
    ]
    return reduce(operator.add, vectors)


# Letters with an accent and the letter without it (every Latin-1 and Latin Extended-A/B
# letter that decomposes to one ASCII letter, as :func:`~search.text.fold` strips them),
# for PostgreSQL's ``translate``: the stored document folds accents as the query does, so
# "Clementine" and "Clémentine" find each other (issue 21), with no extension to install.
ACCENTED = (
    "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜ"
    "ĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽ"
    "žſƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮ"
    "ȯȰȱȲȳ"
)
UNACCENTED = (
    "AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeG"
    "gGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZ"
    "zsOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoO"
    "oOoYy"
)


def _words_only(field, length):
    """SQL: the first ``length`` characters of the text, accents folded (:data:`ACCENTED`),
    with ASCII punctuation read as spaces, as :func:`~search.text.words` reads it, so
    ``torch.sum`` or ``2.28.9`` are the same separate words on both databases
    (PostgreSQL's parser would otherwise keep them whole as file or version tokens)."""
    expression = F(field) if isinstance(field, str) else field
    text = Coalesce(Left(expression, length), Value(""), output_field=TextField())
    folded = Func(
        text, Value(ACCENTED), Value(UNACCENTED), function="translate", output_field=TextField()
    )
    return Func(
        folded,
        Value("[[:punct:]]+"),
        Value(" "),
        Value("g"),
        function="regexp_replace",
        output_field=TextField(),
    )


# The SELECT of every case's (pk, vector), compiled once per process: building and
# compiling the expression of :func:`stored_vector` costs ~30 ms of Python, more than
# running it (an editor's save reindexes a case three or four times).
_vector_select = {}


def _vectors_sql():
    """``(sql, params)``: :func:`stored_vector` of every case, as ``SELECT pk, document,
    plain`` (``plain``: part C without the terms' aliases, :func:`own_words_c`, which part
    C's length is read from), compiled on first use."""
    if "sql" not in _vector_select:
        from incidents.models import Case

        documents = (
            Case.objects.order_by()
            .annotate(document=stored_vector(), plain=own_words_c())
            .values_list("pk", "document", "plain")
        )
        _vector_select["sql"] = documents.query.sql_with_params()
    return _vector_select["sql"]


def update_search_vectors(case_ids):
    """Store the search vector of the cases with these primary keys, in one statement.

    PostgreSQL only; a no-op elsewhere. Input: an iterable of primary keys.
    """
    from .models import SearchDocument

    case_ids = sorted({int(pk) for pk in case_ids})
    if case_ids and is_postgresql():
        sql, params = _vectors_sql()
        table = SearchDocument._meta.db_table
        with connection.cursor() as cursor:
            # PostgreSQL pulls the subquery up, so only the named cases are computed.
            # Each part's length in distinct words, read off the vector (ts_filter keeps
            # the words with a position of that weight), part C's off its own fields
            # without the terms' aliases (the other parts hold none):
            # an alias an editor adds to a term is evidence for the cases carrying it,
            # and does not lengthen their text, which would move every other match's
            # order (an alias of Network connectivity loss swapped two cases of a Lustre
            # line in tests/data/search-queries.tsv). OFFSET 0 keeps the vectors computed
            # once, the named cases' only.
            columns = ", ".join(LENGTH_COLUMNS.values())
            lengths = ", ".join(
                f"length(ts_filter({'plain' if part == 'C' else 'document'}, '{{{part.lower()}}}'))"
                for part in LENGTH_COLUMNS
            )
            updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in ("vector", *LENGTH_COLUMNS.values()))
            cursor.execute(
                f"INSERT INTO {table} (case_id, vector, {columns}) "  # noqa: S608 - our own SQL
                f"SELECT pk, document, {lengths} FROM (SELECT pk, document, plain FROM ({sql}) "
                "AS documents WHERE pk = ANY(%s) OFFSET 0) AS named "
                f"ON CONFLICT (case_id) DO UPDATE SET {updates}",
                [*params, case_ids],
            )
