"""The graph of a list result: loads plain data for ``graph/build.py`` and links its nodes.

Used by the list page (a small graph) and by the graph pages, so both draw the same result
for the same URL parameters.
"""

import hashlib

import numpy as np
from django.urls import reverse

from graph.build import (
    KIND_LABELS,
    best_split,
    build_graph,
    layout,
)
from taxonomy.models import UNDETERMINED_CAUSE

from .facets import add_url
from .models import TERM_RELATIONS, Case

TERM_KINDS = tuple(kind for kind, _ in TERM_RELATIONS)


def result_graph(result, query):
    """The networkx graph of a result's cases and terms.

    Input: a Case queryset and the page's cleaned ``QueryDict``. Output: ``nx.Graph``
    (see ``graph.build.build_graph``); a term node links to the list with the current
    filters plus that term, a case node to its page. Five SQL queries.
    """
    list_url = reverse("incidents:case_list")
    term_urls = {}
    cases = {
        pk: {"slug": slug, "title": title, "url": reverse("incidents:case_detail", args=[slug]),
             "terms": []}
        for pk, slug, title in result.order_by().values_list("pk", "slug", "title")
    }  # fmt: skip
    for case_pk, kind, slug, name in result.term_links():
        if case_pk in cases:
            if (kind, slug) not in term_urls:
                term_urls[kind, slug] = add_url(query, kind, slug, list_url)
            cases[case_pk]["terms"].append(
                {"kind": kind, "slug": slug, "name": name, "url": term_urls[kind, slug]}
            )
    return build_graph(cases[pk] for pk in sorted(cases))


GRAPH_KIND_RANK = {"root_cause": 0, "component": 2, "symptom": 3, "contributing_factor": 4}


def index_graph(selection, query, budget):
    """:func:`within_budget` of :func:`result_graph`, found with the case index.

    Input: the request's :class:`~incidents.index.Selection`, its cleaned ``QueryDict``
    and the node budget. Output: ``(graph of the kept nodes, Omitted, int nodes in
    the whole graph)``, the same nodes, edges and attributes as the plain computation
    (a :class:`~graph.small.SmallGraph`, which ``layout`` reads like a networkx graph).
    Only the kept cases are read from the database (one SQL query).
    """
    from graph.build import Omitted, node_id
    from graph.small import SmallGraph

    index = selection.index
    mask = selection.result_mask()
    terms = []  # (sort key, kind, position, degree)
    per_kind = {}
    for kind in TERM_KINDS:
        degrees = selection.counts(kind, disjunctive=False)
        table = index.tables[kind]
        present = np.flatnonzero(degrees)
        per_kind[kind] = len(present)
        terms.extend(
            ((-int(degrees[p]), GRAPH_KIND_RANK[kind], node_id(kind, table.values[p].slug)),
             kind, int(p))
            for p in present
        )  # fmt: skip
    n_cases = int(np.count_nonzero(mask))
    total = n_cases + len(terms)
    top_cases = index.graph_order[mask[index.graph_order]][:budget]
    whole = total <= budget
    if whole:
        kept_terms = [(kind, p) for _, kind, p in terms]
        kept_cases = [int(c) for c in top_cases]
    else:
        # within_budget: the first T terms and budget - T cases sharing the most edges.
        ranked_terms = sorted(terms)[:budget]
        column = {(kind, p): j for j, (_, kind, p) in enumerate(ranked_terms)}
        linked = [
            [
                column[kind, int(v)]
                for kind in TERM_KINDS
                for v in index.tables[kind].values_of(c)
                if (kind, int(v)) in column
            ]
            for c in top_cases
        ]
        # How many terms are among the budget nodes of highest degree: a case and a term
        # of equal degree rank by kind (terms first), so no case slug is needed.
        case_keys = [(-int(index.term_degree[c]), 5) for c in top_cases]
        term_keys = [key[:2] for key, _, _ in ranked_terms]
        by_degree = sum(1 for key in sorted(case_keys + term_keys)[:budget] if key[1] < 5)
        n_terms = best_split(linked, len(ranked_terms), budget, by_degree)
        kept_terms = [(kind, p) for _, kind, p in ranked_terms[:n_terms]]
        kept_cases = [int(c) for c in top_cases[: budget - n_terms]]
    kept_term_set = set(kept_terms)
    # Slugs and titles of the kept cases only (graph_order already ranks cases by slug).
    rows = Case.objects.filter(pk__in=[int(index.case_pks[c]) for c in kept_cases]).values_list(
        "pk", "slug", "title"
    )
    by_pk = {pk: (slug, title) for pk, slug, title in rows}
    list_url = reverse("incidents:case_list")
    graph = SmallGraph()
    linked_terms = set()
    for c in sorted(kept_cases, key=lambda c: by_pk[int(index.case_pks[c])][0]):
        slug, title = by_pk[int(index.case_pks[c])]
        links = [
            (kind, int(p))
            for kind in TERM_KINDS
            for p in index.tables[kind].values_of(c)
            if (kind, int(p)) in kept_term_set
        ]
        if not links and not whole:
            continue
        case_node = node_id("case", slug)
        graph.add_node(case_node, kind="case", label=title,
                       url=reverse("incidents:case_detail", args=[slug]))  # fmt: skip
        for kind, p in links:
            value = index.tables[kind].values[p]
            term_node = node_id(kind, value.slug)
            if term_node not in graph:
                graph.add_node(term_node, kind=kind, label=value.name,
                               url=add_url(query, kind, value.slug, list_url))  # fmt: skip
            graph.add_edge(case_node, term_node)
            linked_terms.add((kind, p))
    omitted = Omitted()
    if not whole:
        kept_counts = {"case": sum(1 for n in graph if n.startswith("case:"))}
        for kind in TERM_KINDS:
            kept_counts[kind] = sum(1 for k, _ in linked_terms if k == kind)
        for kind, count in [("case", n_cases), *per_kind.items()]:
            if count - kept_counts[kind]:
                omitted.counts[kind] = count - kept_counts[kind]
    return graph, omitted, total


def cached_for_result(name, selection, query, compute, *options):
    """``compute()``, kept in the shared cache under the data's change counters, the
    result's filters and sentence (``query``) and ``options``, so a change anywhere is
    never served from a stale entry. Input: a key prefix, the request's
    :class:`~incidents.index.Selection` and cleaned ``QueryDict``, a callable and any
    hashable options (a budget, a drawing style). Output: what ``compute`` returns (it
    must not return ``None``)."""
    from django.core.cache import cache

    from .facets import query_string

    state = repr((selection.index.versions, *options, query_string(query)))
    key = f"{name}:" + hashlib.sha256(state.encode()).hexdigest()
    found = cache.get(key)
    if found is None:
        found = compute()
        cache.set(key, found)
    return found


def drawn_graph_from_index(selection, query, budget, compact=False):
    """The result's graph cut to ``budget`` nodes and laid out, through the case index,
    the layout kept in the shared cache.

    The cache key holds the data's change counters, the budget, the drawing style and the
    filters, so a change anywhere is never drawn from a stale entry. Output as
    :func:`drawn_graph`. On a hit, no SQL query.
    """

    def draw():
        graph, omitted, total = index_graph(selection, query, budget)
        if compact:
            return layout(graph, row_height=15, case_labels=False, max_r=9), omitted, total
        return layout(graph), omitted, total

    return cached_for_result("graph", selection, query, draw, budget, compact)


def related_from_index(index, case, limit=5):
    """The published cases most related to ``case``, computed with the case index: the
    same cases, scores and order as the plain-ORM reference (``related_to`` in
    ``tests/reference.py``).

    Each shared term adds ``1 / log(degree)`` (Adamic–Adar) where the degree counts the
    published cases carrying it, plus the case itself when it is a draft. Undetermined
    cause (``taxonomy.models.UNDETERMINED_CAUSE``) is not shared: two cases whose causes
    were not found have nothing in common by it. One SQL query (the related cases and
    their organisations).
    """
    import math

    from graph.build import KINDS

    own = {
        kind: [t for t in getattr(case, relation).all() if t.slug != UNDETERMINED_CAUSE]
        for kind, relation in TERM_RELATIONS
    }
    if not any(own.values()):
        return []
    position, found = index.positions_of([case.pk])
    self_position = int(position[0]) if found[0] else None
    scores = np.zeros(index.n_cases)
    shared_by = {}
    for kind in KINDS:
        table = index.tables[kind]
        for term in own[kind]:
            value = table.by_slug.get(term.slug)
            if value is None:
                continue
            carriers = table.cases_of(value.position)
            degree = len(carriers) + (0 if self_position is not None else 1)
            if degree < 2:
                continue
            scores[carriers] += 1 / math.log(degree)
            shared_by[(kind, term.slug)] = carriers
    if self_position is not None:
        scores[self_position] = 0
    candidates = np.flatnonzero(scores)
    if not len(candidates):
        return []
    # The best ``limit`` by score; ties at the cut are broken by slug, so read a few more.
    order = candidates[np.argsort(-scores[candidates], kind="stable")]
    cut = scores[order[min(limit, len(order)) - 1]]
    pool = order[scores[order] >= cut - 1e-12]
    found_cases = Case.objects.prefetch_related("involvements__organisation").in_bulk(
        [int(index.case_pks[p]) for p in pool]
    )
    ranked = sorted(
        pool, key=lambda p: (-scores[p], "case:" + found_cases[int(index.case_pks[p])].slug)
    )[:limit]
    terms = {(kind, term.slug): term for kind in KINDS for term in own[kind]}
    results = []
    for p in ranked:
        shared = sorted(
            (KINDS.index(kind), terms[(kind, slug)].name, kind, slug)
            for (kind, slug), carriers in shared_by.items()
            if np.any(carriers == p)
        )
        shared = [(KIND_LABELS[kind], terms[(kind, slug)]) for _, _, kind, slug in shared]
        results.append(
            {
                "case": found_cases[int(index.case_pks[p])],
                "score": float(scores[p]),
                "shared": shared,
            }
        )
    return results
