"""The in-memory case index gives exactly what the plain ORM computation gives.

Each test sees a library made by the benchmark's generator (``bench/generate.py``, a
few hundred cases with skewed term popularity, drafts, a case with 30 terms, terms with
no case) and compares the fast path of a page with the simple version kept as reference:
facet counts and order, the result's order and count, the root-cause breakdown, the
graph's node budget and related cases. The library is generated once per test process
and copied in for each test (``tests/snapshots.py``).
"""

import io

import pytest
from django.http import QueryDict

from bench.generate import generate
from graph.build import within_budget
from incidents.facets import facets_from_index, root_cause_breakdown_from_index
from incidents.filters import CaseFilterSet, clean_query
from incidents.graphs import index_graph, related_from_index, result_graph
from incidents.index import get_index
from incidents.models import Case
from listing.query import select
from taxonomy.models import Component, RootCause, Symptom
from tests.conftest import page
from tests.reference import (
    ReferenceFilterSet,
    compute_facets,
    related_to,
    root_cause_breakdown,
)
from tests.snapshots import snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def generated(django_db_setup, django_db_blocker):
    """The generated library's :class:`~tests.snapshots.Snapshot`."""
    with django_db_blocker.unblock():
        return snapshot("generated-240", lambda: generate(240, seed=11, stdout=io.StringIO(),
                                                          analyse=False))  # fmt: skip


@pytest.fixture
def library(generated):
    """A generated library of 240 cases; returns popular and rare slugs to filter by."""
    generated.restore()

    def ranked(model):
        from django.db.models import Count

        return list(
            model.objects.annotate(n=Count("cases"))
            .order_by("-n", "slug")
            .values_list("slug", flat=True)
        )

    return {"rc": ranked(RootCause), "co": ranked(Component), "sy": ranked(Symptom)}


def _queries(library):
    rc, co, sy = library["rc"], library["co"], library["sy"]
    return [
        "",
        f"component={co[0]}",
        f"symptom={sy[5]}",
        f"root_cause={rc[30]}",
        f"component={co[0]}&symptom={sy[0]}&root_cause={rc[0]}",
        f"component={co[1]}&component={co[9]}&symptom={sy[2]}",
        "category=gpu-hardware-and-memory&organisation=org-0001",
        f"component={co[-1]}",  # a component no case carries
        "q=nccl+timeout+after+checkpoint+restart",
        f"q=thermal+throttling&component={co[0]}",
        "workload=training&accelerator=accelerator-h100",
        "scale=1k-10k&scale=100k-plus&workload=inference",
        "category=storage-and-data-path&category=observability",  # root causes and added
        "organisation=org-0002&organisation=org-0040",  # first and further parties
    ]


def _both(raw):
    """(plain filterset, fast filterset, selection) for a query string."""
    query = clean_query(QueryDict(raw))
    plain = ReferenceFilterSet(query, queryset=Case.objects.published())
    index = get_index()
    fast = CaseFilterSet(query, queryset=Case.objects.published(), index=index)
    assert plain.is_valid() and fast.is_valid()
    selection = select(index, fast, query.get("q", ""), query).selection
    return query, plain, fast, selection


def _shape(facets):
    return [(f.key, [(v.slug, v.count, v.selected) for v in f.values]) for f in facets]


def test_facet_counts_and_order_match_the_orm(library):
    for raw in _queries(library):
        _, plain, fast, selection = _both(raw)
        assert _shape(facets_from_index(selection, fast, limit=None)) == _shape(
            compute_facets(plain)
        ), raw


def test_result_order_and_count_match_the_orm(library):
    sizes = []
    for raw in _queries(library):
        query, plain, _, selection = _both(raw)
        result = plain.qs if query.get("q") else plain.qs.newest_first()
        expected = list(result.values_list("pk", flat=True))
        sizes.append(len(expected))
        found = [int(selection.index.case_pks[p]) for p in selection.ordered()]
        assert found == expected, raw
        assert selection.count == len(expected)
    # The comparison means something: most queries list cases, one lists none.
    assert sum(1 for size in sizes if size) >= 7 and 0 in sizes, sizes


def test_root_cause_breakdown_matches_the_orm(library):
    for raw in _queries(library):
        query, plain, _, selection = _both(raw)
        rows, more = root_cause_breakdown_from_index(selection, query, limit=1000)
        assert rows == root_cause_breakdown(plain.qs, query), raw
        assert more == 0


def _graph_shape(graph):
    return (
        sorted((n, tuple(sorted(d.items()))) for n, d in graph.nodes(data=True)),
        sorted(tuple(sorted(edge)) for edge in graph.edges),
    )


@pytest.mark.parametrize("budget", [36, 160, 2000])
def test_graph_budget_matches_the_plain_computation(library, budget):
    for raw in _queries(library):
        query, plain, _, selection = _both(raw)
        whole = result_graph(plain.qs, query)
        expected, omitted = within_budget(whole, budget)
        graph, fast_omitted, total = index_graph(selection, query, budget)
        assert _graph_shape(graph) == _graph_shape(expected), (raw, budget)
        assert fast_omitted.counts == omitted.counts, (raw, budget)
        assert total == whole.number_of_nodes()


def test_related_cases_match_the_plain_computation(library):
    draft = Case.objects.filter(is_published=False).order_by("pk").first()
    subjects = [Case.objects.get(slug="case-000000"), draft, *Case.objects.order_by("pk")[3:9]]
    index = get_index()
    for subject in subjects:
        case = Case.objects.with_terms().get(pk=subject.pk)
        expected = related_to(case)
        found = related_from_index(index, case)
        assert len(found) == len(expected), case.slug
        for mine, theirs in zip(found, expected, strict=True):
            assert mine["score"] == pytest.approx(theirs["score"], rel=1e-9)

        # Equal scores may be ordered apart by float rounding in networkx: compare sets
        # of (score, case, shared terms) rounded.
        def key(item):
            return (round(item["score"], 9), item["case"].slug,
                    [(label, term.slug) for label, term in item["shared"]])  # fmt: skip

        assert sorted(map(key, found)) == sorted(map(key, expected)), case.slug


def test_term_page_cases_and_co_occurring_terms_match_the_orm(library, client):
    from taxonomy.views import co_occurring, co_occurring_from_index

    index = get_index()
    for model, slug in [(Component, library["co"][0]), (Symptom, library["sy"][7]),
                        (RootCause, library["rc"][-1])]:  # fmt: skip
        term = model.objects.get(slug=slug)
        cases = term.cases.published()
        expected = [(m, [(t.slug, t.n) for t in ts]) for m, ts in co_occurring(term, cases)]
        found = [(m, [(t.slug, t.n) for t in ts]) for m, ts in co_occurring_from_index(index, term)]
        assert found == expected, slug
        soup = page(client.get(f"/taxonomy/{model.kind}/{slug}/"))
        titles = [a.get_text() for a in soup.select(".case-rows a")]
        assert titles == list(cases.newest_first().values_list("title", flat=True)[:20])


@pytest.mark.parametrize(
    "raw",
    ["sort=oldest", "sort=scale", "sort=duration", "sort=newest&year_from=2010&year_to=2015",
     "year_from=2020&sort=scale&workload=inference", "year_to=2008",
     "q=nccl+timeout+after+checkpoint+restart&sort=duration"],
)  # fmt: skip
def test_sorts_and_year_ranges_match_the_orm(library, raw):
    from django.db.models.functions import Coalesce, ExtractYear

    from incidents.filters import list_options

    query, plain, _, selection = _both(raw)
    options = list_options(query)
    low, high = options.years
    rows = list(
        (plain.qs if query.get("q") else plain.qs.newest_first())
        .annotate(year=ExtractYear(Coalesce("started_on", "ended_on", "published_on")))
        .values_list("pk", "year", "accelerator_count", "duration")
    )
    newest = {pk: n for n, pk in enumerate(Case.objects.published().newest_first().values_list(
        "pk", flat=True))}  # fmt: skip
    rows = [r for r in rows if (low is None or (r[1] and r[1] >= low))
            and (high is None or (r[1] and r[1] <= high))]  # fmt: skip
    if options.sort == "oldest":
        rows.sort(key=lambda r: (r[1] is None, -newest[r[0]] if r[1] else newest[r[0]]))
    elif options.sort == "scale":
        rows.sort(key=lambda r: (r[2] is None, -(r[2] or 0), newest[r[0]]))
    elif options.sort == "duration":
        rows.sort(key=lambda r: (r[3] is None, -(r[3].total_seconds() if r[3] else 0),
                                 newest[r[0]]))  # fmt: skip
    elif options.sort == "newest":
        rows.sort(key=lambda r: newest[r[0]])
    found = [int(selection.index.case_pks[p]) for p in selection.ordered(options.sort)]
    assert found == [r[0] for r in rows]
    assert len(found) > 3
