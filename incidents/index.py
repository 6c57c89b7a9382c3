"""The case index: published cases and their facet values, in memory, one per process.

The list, graph and case pages read filters, facet counts, order, the graph's node
budget and related cases from this index instead of asking the database to join and
count link tables on every request. At 100,000 cases counting the four taxonomies with
SQL costs about 150 ms before any filter (``shared/research/performance.md`` §2.2); the
same counts over NumPy arrays take a few milliseconds (its strategy B).

What it holds (all published cases, whatever the request):

- ``case_pks``: ``int64[n]``, case primary keys in the list's "newest first" order
  (:meth:`~incidents.models.CaseQuerySet.newest_first`, as the database sorts it), so a
  case's position in this array is its rank in that order;
- per facet (:data:`FACET_KEYS`), a :class:`ValueTable`: every value (by name, as the
  database sorts names) and the (case position, value position) links, as ``int32``
  arrays, with postings by value;
- ``graph_order``: case positions sorted as ``graph.build.within_budget`` ranks cases.

It is rebuilt when the database's change counters (``TaxonomyVersion``: taxonomy and
cases) differ from those it was built at, so an edit made through any process or host
reaches every process on its next request: one small query per request checks them.
Everything here gives exactly what the plain ORM computation gives (tests compare both
on generated data).
"""

import functools
import itertools
import threading
from dataclasses import dataclass

import numpy as np
from django.db import connection

FACET_KEYS = (
    "root_cause",
    "component",
    "symptom",
    "contributing_factor",
    "workload",
    "accelerator",
    "scale",
    "organisation",
    "category",
)
TERM_KEYS = FACET_KEYS[:4]


@dataclass(frozen=True)
class IndexedValue:
    """One facet value as the index knows it: primary key, slug, name and its position
    in its :class:`ValueTable` (the rank of its name)."""

    pk: int
    slug: str
    name: str
    position: int


class ValueTable:
    """One facet's values and their links to cases.

    Input: ``rows``, ``list[tuple[int pk, str slug, str name]]`` ordered by name (the
    database's collation); ``link_cases`` and ``link_values``, equal-length integer
    arrays of case positions and value positions; ``n_cases``; ``private``, the positions
    of values only drafts carry. Those stay in ``values`` (positions are ranks) but not in
    ``by_slug``: a URL naming one is answered as for a slug that names nothing, so a draft's
    new organisation or term is not disclosed, by name or by existence, before the case
    is published.
    """

    def __init__(self, key, rows, link_cases, link_values, n_cases, private=()):
        self.key = key
        self.values = [IndexedValue(pk, slug, name, i) for i, (pk, slug, name) in enumerate(rows)]
        hidden = {int(position) for position in private}
        self.by_slug = {value.slug: value for value in self.values if value.position not in hidden}
        link_cases = np.asarray(link_cases, dtype=np.int32)
        link_values = np.asarray(link_values, dtype=np.int32)
        # Two arrays per facet: the links by value (the cases of each value, for counting)
        # and by case (the values of each case, int16 while the facet has fewer than
        # 32,768 values); offsets into each. (Issue 25: a third array, the value of each
        # link by value, is not kept: counts are differences of a running sum.)
        order = np.argsort(link_values, kind="stable")
        self.link_cases = link_cases[order]  # posting lists, value after value
        self.posting_starts = np.searchsorted(
            link_values[order], np.arange(len(self.values) + 1)
        ).astype(np.int32)
        by_case = np.argsort(link_cases, kind="stable")
        narrow = np.int16 if len(self.values) < 2**15 else np.int32
        self.case_values = link_values[by_case].astype(narrow)
        self.case_starts = np.searchsorted(link_cases[by_case], np.arange(n_cases + 1)).astype(
            np.int32
        )
        self.degree = np.diff(self.posting_starts)  # published cases per value
        self.n_cases = n_cases

    def __len__(self):
        return len(self.values)

    def cases_of(self, position):
        """Positions of the cases carrying the value at ``position``: ``int32[k]``."""
        return self.link_cases[self.posting_starts[position] : self.posting_starts[position + 1]]

    def values_of(self, case):
        """Positions of the values the case at position ``case`` carries: ``int32[k]``."""
        return self.case_values[self.case_starts[case] : self.case_starts[case + 1]]

    def mask_any(self, positions):
        """``bool[n_cases]``: the cases carrying any of the values at ``positions``."""
        mask = np.zeros(self.n_cases, dtype=bool)
        for position in positions:
            mask[self.cases_of(position)] = True
        return mask

    def counts(self, mask=None):
        """Cases per value among the cases where ``mask`` is true (all when ``None``):
        ``int32[len(self)]``; a case linked twice to a value is counted once (links are
        unique pairs). For a small selection (:data:`SPARSE_COST`) the values on the
        selected cases' lists are counted; otherwise the count of a value is how much the
        running sum of the mask over the posting lists grows across its own list. Both
        give the same counts."""
        if mask is None:
            return self.degree
        links = len(self.link_cases)
        if np.count_nonzero(mask) * SPARSE_COST * (links + self.n_cases) < links * self.n_cases:
            # Few cases: count the values on their lists by case, not along every link.
            cases = np.flatnonzero(mask)
            starts = self.case_starts[cases]
            lengths = self.case_starts[cases + 1] - starts
            ends = np.cumsum(lengths)
            total = int(ends[-1]) if len(ends) else 0
            at = np.arange(total) + np.repeat(starts - ends + lengths, lengths)
            counts = np.bincount(self.case_values[at], minlength=len(self.values))
            return counts.astype(np.int32)
        running = np.zeros(len(self.link_cases) + 1, dtype=np.int32)
        np.cumsum(mask[self.link_cases], out=running[1:])
        return running[self.posting_starts[1:]] - running[self.posting_starts[:-1]]


# Counting along the selected cases' own lists costs about this many times a pass over
# every link, per link read (plus as much per case); below that share of the links the
# lists by case win. Measured at 100,000 generated cases (issue 25): for 96 selected cases
# 20 µs against 270 µs for the root causes' 198,000 links, for 5% of the cases 85 against
# 260 µs, even at about 20%; results identical.
SPARSE_COST = 5


class CaseIndex:
    """The published cases and every facet's values and links (see the module docstring).

    Build with :func:`build_index`; read through :func:`get_index`.
    """

    def __init__(self, versions, case_pks):
        self.versions = versions
        self.case_pks = np.asarray(case_pks, dtype=np.int64)
        self.n_cases = len(self.case_pks)
        self._sorted = np.argsort(self.case_pks).astype(np.int32)
        self._sorted_pks = self.case_pks[self._sorted]
        # Filled by build_index: the facets' tables, each case's number of terms, and the
        # case positions in the order within_budget ranks case nodes.
        self.tables = {}
        # Per case: the year of its incident date (start, else end, else report; 0 when
        # undated), its accelerator count and its duration in seconds (-1 when unknown).
        self.years = np.zeros(self.n_cases, dtype=np.int16)
        self.scale = np.full(self.n_cases, -1, dtype=np.int64)
        self.duration = np.full(self.n_cases, -1, dtype=np.int64)
        self.term_degree = np.zeros(self.n_cases, dtype=np.int32)
        # The findings (incidents.diagnosis.FindingTable), and answers derived from this
        # index that other layers keep with it (the same until the data changes).
        self.findings = None
        self.derived = {}
        self.graph_order = np.arange(self.n_cases, dtype=np.int32)

    def positions_of(self, pks):
        """Positions of the published cases among ``pks`` (others dropped), as ``int64[k]``
        in the order given; ``found`` marks which of ``pks`` are published."""
        pks = np.asarray(pks, dtype=np.int64)
        at = np.searchsorted(self._sorted_pks, pks)
        at[at >= self.n_cases] = 0
        found = self._sorted_pks[at] == pks if self.n_cases else np.zeros(len(pks), bool)
        return self._sorted[at[found]], found

    def lookup(self, key):
        """``dict[str slug, IndexedValue]`` of facet ``key``, for validating URL values."""
        return self.tables[key].by_slug


def _rows(queryset):
    """Run ``queryset`` (a ``values_list``) on a plain cursor: ``list[tuple]``, fast."""
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _ints(queryset, columns):
    """Integer rows of a ``values_list`` queryset as an ``int64[rows, columns]`` array,
    without a Python tuple per row kept around."""
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        flat = np.fromiter(itertools.chain.from_iterable(cursor), dtype=np.int64)
    return flat.reshape(-1, columns)


# A full garbage collection costs about 150 ms in a large process (the test suite's) and
# frees nothing a small rebuild left: it is only worth it after a build of this many rows
# or more (the benchmark's 10,000- and 100,000-case libraries, bench/RESULTS.md).
FULL_COLLECTION_ROWS = 10_000


def release_memory(rows):
    """Return freed heap memory to the system after a rebuild (glibc's ``malloc_trim``;
    a no-op elsewhere), so a worker's resident size reflects what it keeps.

    Input: ``rows``, how many rows the rebuild read; from :data:`FULL_COLLECTION_ROWS`
    up, a full garbage collection runs first. Output: None. Raises nothing.
    """
    import contextlib
    import ctypes
    import gc

    if rows >= FULL_COLLECTION_ROWS:
        gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def build_index(versions):
    """Read the published cases, values and links and build a :class:`CaseIndex`.

    Input: the change counters read just before (labels the index; a change committed
    while reading only makes the next request rebuild again). Output: the index. Twelve
    SQL queries (the twelfth: the findings), whatever the size; at 100,000 cases (a
    million links) about a second and 30 MB (``bench/RESULTS.md``).
    """
    from django.db.models.functions import Coalesce, Collate, ExtractYear

    from taxonomy.models import RootCause

    from .diagnosis import findings_table
    from .facets import FACET_SPECS
    from .models import TERM_RELATIONS, Case, Involvement, ScaleBand

    published = Case.objects.published()
    cases = _ints(published.newest_first().values_list("pk"), 1)
    n_cases = len(cases)
    index = CaseIndex(versions, cases[:, 0])
    tables = {}
    specs = {spec.key: spec for spec in FACET_SPECS}

    def value_table(key, case_ids, value_ids, carried=None):
        """The facet's values (by name) and its links, as positions.

        ``case_ids`` and ``value_ids``: the links of every case, drafts included (drafts
        drop out here); ``carried``: the pks of the values any case carries, when not
        ``value_ids``. A value some case carries, or an unpublished term, that no
        published case carries is private.
        """
        model = specs[key].model
        # A term made in a case form's pop-up and not yet published is private like one
        # only drafts carry, until a published case carries it (read with the rows).
        drafts = hasattr(model, "is_published")
        rows = _rows(
            model.objects.order_by("name", "pk").values_list(
                "pk", "slug", "name", *(["is_published"] if drafts else [])
            )
        )
        unpublished = [row[0] for row in rows if drafts and not row[3]]
        rows = [row[:3] for row in rows]
        pks = np.array([pk for pk, _, _ in rows], dtype=np.int64)
        by_pk = np.argsort(pks)

        def positions(ids):
            ids = np.asarray(ids, dtype=np.int64)
            at = np.searchsorted(pks[by_pk], ids)
            known = at < len(pks)
            known[known] = pks[by_pk[at[known]]] == ids[known]
            return by_pk[at[known]]

        case_at, found = index.positions_of(case_ids)
        values = positions(np.asarray(value_ids)[found])
        carried = value_ids if carried is None else carried
        carried = np.concatenate(
            [np.asarray(carried, dtype=np.int64), np.asarray(unpublished, dtype=np.int64)]
        )
        private = np.setdiff1d(positions(carried), values)
        return ValueTable(
            key, rows, case_at.astype(np.int32), values.astype(np.int32), n_cases, private
        )

    for kind, relation in TERM_RELATIONS:
        through = getattr(Case, relation).through
        target = getattr(Case, relation).field.m2m_reverse_field_name()
        links = _ints(through.objects.values_list("case_id", f"{target}_id"), 2)
        tables[kind] = value_table(kind, links[:, 0], links[:, 1])
        if kind == "root_cause":
            root_cause_links = links
    for key, relation in (("workload", "workloads"), ("accelerator", "accelerators")):
        through = getattr(Case, relation).through
        target = getattr(Case, relation).field.m2m_reverse_field_name()
        links = _ints(through.objects.values_list("case_id", f"{target}_id"), 2)
        tables[key] = value_table(key, links[:, 0], links[:, 1])
    links = _ints(Involvement.objects.values_list("case_id", "organisation_id"), 2)
    tables["organisation"] = value_table("organisation", links[:, 0], links[:, 1])

    # Years, accelerator counts and durations, by position; a case's scale band from its
    # count.
    facts = published.annotate(
        incident_year=ExtractYear(Coalesce("started_on", "ended_on", "published_on"))
    ).values_list("pk", "incident_year", "accelerator_count", "duration")
    fact_pks, years, counts, durations = [], [], [], []
    for pk, year, count, duration in facts.iterator(chunk_size=10_000):
        fact_pks.append(pk)
        years.append(year or 0)
        counts.append(-1 if count is None else count)
        durations.append(-1 if duration is None else int(duration.total_seconds()))
    at, _ = index.positions_of(fact_pks)
    index.years[at] = years
    index.scale[at] = counts
    index.duration[at] = durations
    bands = list(ScaleBand.objects.values_list("pk", "low", "high"))
    band_cases, band_values = [], []
    for band_pk, low, high in bands:
        inside = (index.scale >= low) & ((index.scale < high) if high is not None else True)
        positions = np.flatnonzero(inside & (index.scale >= 0))
        band_cases.append(index.case_pks[positions])
        band_values.append(np.full(len(positions), band_pk, dtype=np.int64))
    tables["scale"] = value_table(
        "scale",
        np.concatenate(band_cases) if bands else np.zeros(0, np.int64),
        np.concatenate(band_values) if bands else np.zeros(0, np.int64),
    )

    # A case is in a category when one of its root causes is, or when the category was
    # added to it: (case, category) pairs, each once; unpublished cases drop out below.
    root_causes = tables["root_cause"]
    memberships = _ints(
        RootCause.categories.through.objects.values_list("rootcause_id", "category_id"), 2
    )
    position_of = {value.pk: value.position for value in root_causes.values}
    pair_cases, pair_categories = [], []
    for root_cause_pk, category_pk in memberships:
        position = position_of.get(int(root_cause_pk))
        if position is None:
            continue
        carriers = root_causes.cases_of(position)
        pair_cases.append(index.case_pks[carriers])
        pair_categories.append(np.full(len(carriers), category_pk, dtype=np.int64))
    added = _ints(Case.added_categories.through.objects.values_list("case_id", "category_id"), 2)
    pair_cases.append(added[:, 0])
    pair_categories.append(added[:, 1])
    pair_cases = np.concatenate(pair_cases)
    pair_categories = np.concatenate(pair_categories)
    unique = np.unique(np.stack([pair_cases, pair_categories]), axis=1)
    # Categories some case is in, drafts included: added to it, or of a root cause it has.
    carried_root_causes = np.isin(memberships[:, 0], root_cause_links[:, 1])
    carried = np.concatenate([added[:, 1], memberships[carried_root_causes, 1]])
    tables["category"] = value_table("category", unique[0], unique[1], carried)

    index.tables = tables
    index.findings = findings_table(index)  # diagnosis (incidents/diagnosis.py)
    index.term_degree = sum(np.diff(tables[key].case_starts) for key in TERM_KEYS).astype(np.int32)
    # within_budget ranks case nodes by degree (most first), then by node id "case:<slug>"
    # as Python compares strings: code point order, which the "C" (PostgreSQL) and
    # BINARY (SQLite) collations give for slugs.
    collation = "C" if connection.vendor == "postgresql" else "BINARY"
    by_slug = _ints(published.order_by(Collate("slug", collation)).values_list("pk"), 1)[:, 0]
    slug_rank = np.empty(n_cases, dtype=np.int64)
    slug_rank[index.positions_of(by_slug)[0]] = np.arange(n_cases)
    index.graph_order = np.lexsort((slug_rank, -index.term_degree)).astype(np.int32)
    release_memory(n_cases + int(index.term_degree.sum()))
    return index


def library_versions():
    """The change counters ``(taxonomy, cases, epoch)`` from the database: one SQL query.

    ``epoch`` tells one database's counters from another's (``(0, 0, "")`` before any
    change), for keys in a cache several databases might share.
    """
    with connection.cursor() as cursor:
        cursor.execute(_versions_sql(connection.vendor))
        row = cursor.fetchone()
    return tuple(row) if row else (0, 0, "")


@functools.cache
def _versions_sql(vendor):
    """The counters' one statement, written once: every request reads them first, and
    building the same query through the ORM took 230 µs a request against 30 µs for the
    statement itself (issue 25, measured at 100,000 cases on PostgreSQL)."""
    from taxonomy.models import TaxonomyVersion

    meta, quote = TaxonomyVersion._meta, connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in ("number", "cases", "epoch"))
    return f"SELECT {columns} FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = 1"


_lock = threading.Lock()
_current = {"index": None}


def forget_index():
    """Drop this process's index; the next :func:`get_index` rebuilds it (tests roll the
    database, and so the counters, back between cases)."""
    _current["index"] = None


def get_index(versions=None):
    """This process's :class:`CaseIndex`, rebuilt first if the data changed.

    Input: the counters if the caller already read them (else one query reads them).
    Threads of one worker share the index; one of them rebuilds while the others wait.
    """
    versions = library_versions() if versions is None else versions
    index = _current["index"]
    if index is not None and index.versions == versions:
        return index
    with _lock:
        index = _current["index"]
        if index is None or index.versions != versions:
            index = build_index(versions)
            _current["index"] = index
    return index


class Selection:
    """What one request asks of the index: filter values and the sentence's matches.

    Input: the :class:`CaseIndex`; ``chosen``, ``dict[str facet key, list[IndexedValue]]``
    (OR within a facet, AND across facets); ``matched``, ``None`` without a sentence, else
    ``(int64[k] case positions, float64[k] ranks)`` of the cases the sentence matches.
    """

    def __init__(self, index, chosen, matched=None, years=None):
        self.index = index
        self.masks = {
            key: index.tables[key].mask_any([value.position for value in values])
            for key, values in chosen.items()
            if values and key in index.tables
        }
        if years is not None and years != (None, None):
            low, high = years
            mask = index.years > 0
            if low is not None:
                mask &= index.years >= low
            if high is not None:
                mask &= index.years <= high
            self.masks["year"] = mask
        self.matched = matched
        if matched is not None:
            sentence_mask = np.zeros(index.n_cases, dtype=bool)
            sentence_mask[matched[0]] = True
            self.masks["q"] = sentence_mask
        self._memo, self._counted = {}, {}

    def mask(self, without=None):
        """``bool[n]`` of the cases passing every filter but ``without`` (a facet key), or
        ``None`` when no filter applies (every published case)."""
        if without not in self.masks:
            without = None  # the same cases: one array, one count per facet (issue 25)
        if without not in self._memo:
            masks = [mask for key, mask in self.masks.items() if key != without]
            self._memo[without] = np.logical_and.reduce(masks) if masks else None
        return self._memo[without]

    def counts(self, key, disjunctive=True):
        """Cases per value of facet ``key``: over the result with every other facet's
        selection (``disjunctive``) or with all of them. ``int32[values]``, not to be
        written to: each count is made once per selection, and a facet with no value
        chosen has one count either way (the list's facets, root-cause breakdown and
        graph read the same ones; issue 25)."""
        without = key if disjunctive and key in self.masks else None
        if (key, without) not in self._counted:
            self._counted[key, without] = self.index.tables[key].counts(self.mask(without))
        return self._counted[key, without]

    @property
    def count(self):
        """How many cases the result holds."""
        mask = self.mask()
        return self.index.n_cases if mask is None else int(np.count_nonzero(mask))

    def ordered(self, sort=None):
        """The result's case positions in display order. ``int64[count]``.

        ``sort``: ``None`` (best match first, by rank then newest, with a sentence; else
        newest first), ``"newest"``, ``"oldest"`` (undated cases last), ``"scale"``
        (most accelerators first) or ``"duration"`` (longest first); cases without the
        figure come last, and ties keep the newest-first order.
        """
        mask = self.mask()
        if self.matched is None:
            positions = np.arange(self.index.n_cases) if mask is None else np.flatnonzero(mask)
            ranks = None
        else:
            positions, ranks = self.matched
            keep = mask[positions]
            positions, ranks = positions[keep], ranks[keep]
        if sort in {"newest", "oldest", "scale", "duration"}:
            return self._sorted(positions, sort)
        if ranks is None:
            return positions
        return positions[np.lexsort((positions, -ranks))]

    def lacking(self, sort):
        """How many of the result's cases lack the figure ``sort`` orders by: the incident
        year for ``"oldest"``, the accelerator count for ``"scale"``, the duration for
        ``"duration"`` (they come last in :meth:`ordered`); 0 for another order. ``int``."""
        if sort not in {"oldest", "scale", "duration"}:
            return 0
        figure = {"oldest": self.index.years, "scale": self.index.scale}.get(
            sort, self.index.duration
        )
        mask = self.mask()
        missing = figure <= 0 if sort == "oldest" else figure < 0
        return int(np.count_nonzero(missing if mask is None else missing & mask))

    def _sorted(self, positions, sort):
        positions = np.sort(positions)  # newest first: a position is a rank in that order
        if sort == "newest":
            return positions
        if sort == "oldest":
            years = self.index.years[positions]
            dated = positions[years > 0][::-1]
            return np.concatenate([dated, positions[years == 0]])
        figure = (self.index.scale if sort == "scale" else self.index.duration)[positions]
        return positions[np.lexsort((positions, -figure, figure < 0))]

    def year_counts(self):
        """Cases per incident year over the result without the year range (so each count
        is what choosing that year alone would list): ``list[tuple[int year, int
        count]]``, oldest first, years with no case left out."""
        mask = self.mask("year")
        years = self.index.years if mask is None else self.index.years[mask]
        years = years[years > 0]
        found, counts = np.unique(years, return_counts=True)
        return [(int(y), int(c)) for y, c in zip(found, counts, strict=True)]

    def result_mask(self):
        """``bool[n]`` of the result (all true without filters)."""
        mask = self.mask()
        return np.ones(self.index.n_cases, dtype=bool) if mask is None else mask
